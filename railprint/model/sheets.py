"""Sheet templates (``content/sheets/sheets.yaml``): paper sizes, page margins and furniture,
imposition settings. Loaded once; every printed page follows them."""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from pydantic import Field

from railprint.loading.resources import content_path
from railprint.loading.schema import Length, Spec, validate
from railprint.loading.yamlio import load_file


class PaperSize(Spec):
    width: Length
    height: Length


class PageSettings(Spec):
    margin: Length
    furniture: Length
    scale_bar: Length


class CropMarks(Spec):
    width: Length
    length: Length
    offset: Length


class CutLines(Spec):
    width: Length
    colour: str = "#000000"


class ImpositionSettings(Spec):
    gap: Length = 0.0
    crop_marks: CropMarks
    fold_clearance: Length
    cut_lines: CutLines
    butt_min_bleed: Length   # butt-cut layouts: the outer bleed may shrink to this to fit


class SheetsSpec(Spec):
    kind: Literal["sheets"]
    papers: dict[str, PaperSize] = Field(min_length=1)
    page: PageSettings
    imposition: ImpositionSettings


@lru_cache(maxsize=1)
def sheet_settings() -> SheetsSpec:
    path = content_path("sheets", "sheets.yaml")
    return validate(SheetsSpec, load_file(path), str(path), "sheet templates")
