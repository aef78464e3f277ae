"""Text: fonts (files, metrics, glyph coverage), shaping (HarfBuzz glyph runs: every width),
line breaking (UAX #14 break opportunities, dictionary hyphenation) and laid-out lines (text
boxes). ``model/`` asks this package for measures and fits, ``writers/`` draw its glyph runs;
nothing else measures text (docs: ARCHITECTURE "Where the next subsystems go")."""
