"""The one font railprint draws with: Source Sans Pro (SIL OFL), installed from PyPI
(``font-source-sans-pro``), embedded in every PDF and SVG.

Metrics come from the TrueType files through fontTools, so text is measured the same way for
every writer. reportlab silently draws a missing glyph as a box, so :func:`check_glyphs` is
run on every string before drawing.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path

FONT_FILES = {
    "regular": "SourceSansPro-Regular.ttf",
    "bold": "SourceSansPro-Bold.ttf",
    "italic": "SourceSansPro-It.ttf",        # inline markup in text boxes (*italic*)
    "bolditalic": "SourceSansPro-BoldIt.ttf",
}
# Names under which writers register the faces (they must differ: reportlab keeps the first
# font registered under a name).
FONT_NAMES = {"regular": "RailprintSans", "bold": "RailprintSans-Bold", "italic": "RailprintSans-Italic",
              "bolditalic": "RailprintSans-BoldItalic"}
FAMILY = "Source Sans Pro"


def font_path(face: str = "regular") -> Path:
    """The .ttf file of a face (``regular`` or ``bold``)."""
    return Path(str(resources.files("font_source_sans_pro") / "files" / FONT_FILES[face]))


@dataclass(frozen=True)
class Metrics:
    units_per_em: int
    widths: dict[int, int]  # code point -> advance width in font units
    default_width: int
    ascent: float  # per 1pt of size
    descent: float  # negative, per 1pt
    cap_height: float


@lru_cache(maxsize=None)
def metrics(face: str = "regular") -> Metrics:
    from fontTools.ttLib import TTFont

    font = TTFont(font_path(face), lazy=True)
    upm = font["head"].unitsPerEm
    hmtx = font["hmtx"].metrics
    cmap = font.getBestCmap()
    widths = {cp: hmtx[name][0] for cp, name in cmap.items()}
    os2 = font["OS/2"]
    result = Metrics(upm, widths, hmtx[".notdef"][0], os2.sTypoAscender / upm,
                     os2.sTypoDescender / upm, getattr(os2, "sCapHeight", 660) / upm)
    font.close()
    return result


def text_width(text: str, size: float, face: str = "regular") -> float:
    """Width of ``text`` set in ``face`` at ``size`` points (no kerning, like reportlab)."""
    m = metrics(face)
    return sum(m.widths.get(ord(ch), m.default_width) for ch in text) * size / m.units_per_em


def fit_size(text: str, max_width: float, size: float, face: str = "regular",
             min_size: float = 4.0) -> float:
    """The largest size <= ``size`` at which ``text`` fits in ``max_width`` (never below min_size)."""
    width = text_width(text, size, face)
    if width <= max_width or width == 0:
        return size
    return max(min_size, size * max_width / width * 0.999)


def check_glyphs(text: str, face: str = "regular") -> list[str]:
    """Characters of ``text`` the font cannot draw (whitespace controls ignored)."""
    widths = metrics(face).widths
    return sorted({ch for ch in text if ord(ch) not in widths and ch not in "\n\r\t"})


def wrap_text(text: str, width: float, size: float, face: str = "regular") -> list[str]:
    """Greedy word wrap of ``text`` into lines no wider than ``width`` (a lone long word stays whole)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if line and text_width(trial, size, face) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return lines
