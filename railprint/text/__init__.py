"""Text: fonts (files, metrics, glyph coverage: ``fonts``), faces as designers name them
(weights, italic, the nearest face, fallback lists and itemisation: ``faces``), installed fonts
by family name (``installed``), CFF ``.otf`` to TrueType outlines (``cff``) — and, as they
arrive, shaping, line breaking and laid-out glyph runs. ``model/`` asks this package for
measures and fits, ``writers/`` draw what it lays out; nothing else measures text (docs:
ARCHITECTURE "Where the next subsystems go")."""
