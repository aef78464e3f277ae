"""Text: fonts (files, metrics, glyph coverage: ``fonts``), faces as designers name them
(weights, italic, the nearest face, fallback lists and itemisation: ``faces``), installed fonts
by family name (``installed``), CFF ``.otf`` to TrueType outlines (``cff``), shaping (HarfBuzz
glyph runs: every width: ``shaping``), line breaking (UAX #14 break opportunities, dictionary
hyphenation: ``breaking``) and laid-out lines (text boxes: ``lines``). ``model/`` asks this
package for measures and fits, ``writers/`` draw its glyph runs; nothing else measures text
(docs: ARCHITECTURE "Where the next subsystems go")."""
