"""CFF-outline OpenType (``.otf``) fonts as TrueType: reportlab embeds only TrueType (``glyf``)
outlines, so a CFF font's cubic outlines are converted to quadratic ones with fontTools' cu2qu
(the ``otf2ttf`` recipe), once per file version, and kept in memory (the last
:data:`KEPT` conversions). The result is checked like any TrueType file by the caller
(:func:`railprint.text.fonts.load_font_file`).

The file is untrusted: Type 2 charstrings call subroutines, which may call others; fontTools'
interpreter has no nesting limit and no work limit, so each charstring runs here with the
specification's nesting limit (10) and the whole font within a budget of charstring bytes
interpreted (:data:`MAX_WORK`): a font of subroutines calling each other in a tree is refused
instead of running for hours. SVG output embeds the same converted font as PDF (one set of
outlines, so both writers draw the same shapes, and one embedding path).
"""

from __future__ import annotations

from functools import lru_cache

KEPT = 8
"""Conversions kept in memory (a deck uses a few families; a converted face is ~1.5x the .otf)."""
MAX_GLYPHS = 65_535
MAX_NESTING = 10
"""Subroutine calls inside one another (the Type 2 charstring specification's limit)."""
MAX_WORK = 50_000_000
"""Charstring bytes interpreted for the whole font, subroutine calls counted each time (a
65,535-glyph CJK font is ~20 M)."""
MAX_ERROR = 1.0
"""cu2qu's largest distance between a cubic curve and its quadratic replacement, in font units
(fontTools' otf2ttf default; 1/1000 em for a 1000-unit font)."""


class TooComplex(ValueError):
    """The charstrings nest or run beyond the bounds."""


@lru_cache(maxsize=KEPT)
def converted(path: str, stamp: tuple[int, int], max_bytes: int) -> bytes:
    """The TrueType bytes of the CFF font file at ``path`` (``stamp``: its version, the cache
    key), read only if it holds at most ``max_bytes``; ValueError (or fontTools' own errors)
    when it cannot be converted."""
    with open(path, "rb") as handle:
        data = handle.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise ValueError("the file is too large")
    return to_truetype(data)


def to_truetype(data: bytes) -> bytes:
    """Convert the CFF OpenType font ``data`` to TrueType outlines (see the module's docstring)."""
    import io

    from fontTools.misc.psCharStrings import T2OutlineExtractor
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import TTFont, newTable

    font = TTFont(io.BytesIO(data), recalcTimestamp=False, recalcBBoxes=False)
    if "CFF " not in font:
        raise ValueError("it has no CFF table" + (" (CFF2 variable fonts are not supported)" if "CFF2" in font else ""))
    order = font.getGlyphOrder()
    if len(order) > MAX_GLYPHS:
        raise ValueError(f"it has {len(order):,} glyphs")
    cff = font["CFF "].cff
    top = cff[cff.fontNames[0]]
    charstrings = top.CharStrings
    budget = [MAX_WORK]

    class Bounded(T2OutlineExtractor):
        def execute(self, charString, **kwargs):
            if len(self.callingStack) > MAX_NESTING:
                raise TooComplex("its charstrings call subroutines more than 10 deep")
            budget[0] -= max(1, len(charString.bytecode if charString.bytecode is not None
                                    else charString.program or ()))
            if budget[0] < 0:
                raise TooComplex("its charstrings take too long to interpret")
            return super().execute(charString, **kwargs)

    glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = {}
    for name in order:
        pen = TTGlyphPen(None)
        charstring = charstrings[name]
        private = charstring.private
        Bounded(Cu2QuPen(pen, MAX_ERROR, reverse_direction=True), getattr(private, "Subrs", []),
                charstring.globalSubrs, private.nominalWidthX, private.defaultWidthX, private).execute(charstring)
        glyf[name] = pen.glyph()
    font["loca"] = newTable("loca")
    font["glyf"] = glyf
    for tag in ("CFF ", "VORG"):
        if tag in font:
            del font[tag]
    maxp = font["maxp"]
    maxp.tableVersion = 0x00010000
    for field in ("maxZones", "maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs",
                  "maxStackElements", "maxSizeOfInstructions", "maxComponentElements"):
        setattr(maxp, field, 0)
    maxp.maxZones = 1
    post = font["post"]
    post.formatType, post.extraNames, post.mapping = 2.0, [], {}
    post.glyphOrder = order
    font["head"].glyphDataFormat = 0
    font.sfntVersion = "\x00\x01\x00\x00"
    out = io.BytesIO()
    font.recalcBBoxes = True
    font.save(out)
    return out.getvalue()
