"""Lengths with units. The only place that does unit maths: everything inside is in PDF points."""

from __future__ import annotations

import re

from railprint.errors import ContentError, Location

PT_PER_MM = 72.0 / 25.4
PT_PER_IN = 72.0
PT_PER_CM = PT_PER_MM * 10

_FACTORS = {"mm": PT_PER_MM, "cm": PT_PER_CM, "in": PT_PER_IN, "pt": 1.0}
_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*(mm|cm|in|pt)\s*$")


def mm(value: float) -> float:
    """Millimetres to points."""
    return value * PT_PER_MM


def to_mm(points: float) -> float:
    """Points to millimetres."""
    return points / PT_PER_MM


_DECIMAL_COMMA = re.compile(r"\s*(-?\d+),(\d+)\s*([a-z]*)\s*")


def decimal_comma(text: object, unit: bool = False) -> str | None:
    """The hint for a number written with a decimal comma (``'4,5'``; with ``unit``, also
    ``'4,5mm'``): ``"a decimal point, not a comma: write 4.5"``; None for any other text."""
    match = _DECIMAL_COMMA.fullmatch(str(text))
    if match is None or (match[3] and not unit):
        return None
    return f"a decimal point, not a comma: write {match[1]}.{match[2]}{match[3]}"


def parse_length(text: object, location: Location | None = None) -> float:
    """``"63mm"``, ``"2.5in"``, ``"12pt"``, ``"1.5cm"`` -> points. A bare number is an error."""
    if isinstance(text, str):   # the same few hundred strings are most of a render's ~4,000 lengths
        found = _PARSED.get(text)
        if found is not None:
            return found
    if isinstance(text, bool) or not isinstance(text, (str, int, float)):
        raise ContentError(f"expected a length such as '63mm', got {text!r}", location)
    match = _LENGTH.match(str(text))
    if not match:
        comma = decimal_comma(text, unit=True)
        hint = "add a unit: mm, cm, in or pt" if re.match(r"^\s*-?\d+(\.\d+)?\s*$", str(text)) \
            else comma if comma \
            else "write a number and a unit, e.g. 63mm, 2.5in, 12pt"
        raise ContentError(f"not a length: {text!r}", location, hint=hint)
    value = float(match.group(1)) * _FACTORS[match.group(2)]
    if isinstance(text, str) and len(text) <= 64:
        if len(_PARSED) >= 4096:
            _PARSED.clear()
        _PARSED[str(text)] = value   # a plain str: a YAML string's location is not kept alive
    return value


_PARSED: dict[str, float] = {}   # a length's text -> points (only lengths that parsed)


def format_length(points: float, unit: str = "mm") -> str:
    """Points -> ``"63mm"`` (trailing zeros trimmed)."""
    value = points / _FACTORS[unit]
    return f"{value:.3f}".rstrip("0").rstrip(".") + unit
