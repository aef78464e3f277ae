"""A printed die's net sizes, shared by every kind that prints cube nets
(:mod:`railprint.layout.dice`): the face side 16-20 mm, the glue tab 3-8 mm deep, as bounds and
as content fields (``face: NetFace``, ``tab: NetTab``) with the same message for every kind."""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator

from railprint.loading.schema import Length
from railprint.units import mm, to_mm

FACE_SIZES = (mm(16), mm(20))  # a face's side, smallest and largest (points)
TAB_DEPTHS = (mm(3), mm(8))    # a glue tab's depth


def within(value: float, bounds: tuple[float, float]) -> bool:
    """``value`` lies in ``bounds`` (:data:`FACE_SIZES`, :data:`TAB_DEPTHS`), ends included."""
    return bounds[0] - 1e-6 <= value <= bounds[1] + 1e-6


def _checked(bounds: tuple[float, float], what: str) -> AfterValidator:
    def check(value: float) -> float:
        if not within(value, bounds):
            raise ValueError(what.format(f"{to_mm(bounds[0]):g}mm to {to_mm(bounds[1]):g}mm"))
        return value
    return AfterValidator(check)


NetFace = Annotated[Length, _checked(FACE_SIZES, "a die face must be {}")]
NetTab = Annotated[Length, _checked(TAB_DEPTHS, "a glue tab must be {} deep")]
