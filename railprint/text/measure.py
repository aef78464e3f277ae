"""Text measured as it is drawn: widths shaped by HarfBuzz (kerning and ligatures,
:mod:`railprint.text.shaping`) from the faces' metrics (:mod:`railprint.text.fonts`), the size at
which a label fits, and greedy wrapping at the Unicode break opportunities
(:mod:`railprint.text.breaking`). Above all three, so none of them imports another in a circle.
"""

from __future__ import annotations

from railprint.text.breaking import lines
from railprint.text.fonts import metrics
from railprint.text.shaping import units


def text_width(text: str, size: float, face: str = "regular") -> float:
    """Width of ``text`` set in ``face`` at ``size`` points, as HarfBuzz shapes it (kerning and
    ligatures: :mod:`railprint.text.shaping`, which remembers the strings it shaped)."""
    return units(text, face) * size / metrics(face).units_per_em


def fit_size(text: str, max_width: float, size: float, face: str = "regular",
             min_size: float = 4.0) -> float:
    """The largest size <= ``size`` at which ``text`` fits in ``max_width`` (never below min_size)."""
    width = text_width(text, size, face)
    if width <= max_width or width == 0:
        return size
    return max(min_size, size * max_width / width * 0.999)


def wrap_text(text: str, width: float, size: float, face: str = "regular") -> list[str]:
    """Greedy wrap of ``text`` into lines no wider than ``width``: at spaces, else at the
    Unicode break opportunities inside a word (after a hyphen or a slash:
    :mod:`railprint.text.breaking`); a piece that cannot break stays whole."""
    # wrapped in font units (shaped widths scale with the size: the same lines at every size)
    upm = metrics(face).units_per_em
    return lines(text, width * upm / size, lambda line: units(line, face))
