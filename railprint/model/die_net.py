"""A printed die's net sizes as content fields: ``face`` (16-20 mm) and ``tab`` (3-8 mm deep),
the bounds of :mod:`railprint.layout.dice`. Shared by every kind that prints cube nets."""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator

from railprint.layout.dice import FACE_SIZES, TAB_DEPTHS, within
from railprint.loading.schema import Length
from railprint.units import to_mm


def _checked(bounds: tuple[float, float], what: str):
    def check(value: float) -> float:
        if not within(value, bounds):
            raise ValueError(what.format(f"{to_mm(bounds[0]):g}mm to {to_mm(bounds[1]):g}mm"))
        return value
    return AfterValidator(check)


NetFace = Annotated[Length, _checked(FACE_SIZES, "a die face must be {}")]
NetTab = Annotated[Length, _checked(TAB_DEPTHS, "a glue tab must be {} deep")]
