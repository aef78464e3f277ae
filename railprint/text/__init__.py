"""Text: fonts (files, metrics, glyph coverage), and — as they arrive — shaping, line breaking
and laid-out glyph runs. ``model/`` asks this package for measures and fits, ``writers/`` draw
what it lays out; nothing else measures text (docs: ARCHITECTURE "Where the next subsystems go")."""
