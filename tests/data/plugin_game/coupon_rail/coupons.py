"""``kind: coupon``: ride coupons, each a framed card with its route and its value in points,
laid out two across on the page (one page per eight coupons)."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field

from railprint.errors import ContentError
from railprint.layout.paper import furniture, paper, usable_area
from railprint.loading.schema import Length, Spec, validate
from railprint.loading.yamlio import load_file
from railprint.scene import Document, Group, Page, Rect, Style, Text, translate
from railprint.units import mm

PER_ROW = 2
ROWS = 4


class Coupon(Spec):
    route: dict[str, str]          # {en: ..., pl: ...}
    value: int = Field(ge=1, le=99)


class CouponSpec(Spec):
    """A ``kind: coupon`` content file."""

    kind: Literal["coupon"]
    id: str
    game: str
    title: dict[str, str]
    width: Length = mm(85)
    height: Length = mm(50)
    coupons: list[Coupon] = Field(min_length=1)


def load_coupons(path: Path) -> CouponSpec:
    return validate(CouponSpec, load_file(path, error=ContentError), str(path), what="coupon")


def _coupon(c: Coupon, w: float, h: float, lang: str) -> Group:
    ink = Style(fill="#1d1d1b")
    return Group((
        Rect(0, 0, w, h, Style(fill="#fff8e1", stroke="#1d1d1b", width=1.0), r=mm(3)),
        Rect(mm(3), mm(3), w - mm(6), h - mm(6), Style(stroke="#b3261e", width=0.8, dash=(3, 2)), r=mm(2)),
        Text(w / 2, h * 0.42, c.route.get(lang) or c.route["en"], 12, ink, font="bold", anchor="middle"),
        Text(w / 2, h * 0.75, str(c.value), 20, Style(fill="#b3261e"), font="bold", anchor="middle"),
    ))


def build_coupons(path: Path, options) -> Document:
    """The builder railprint calls for ``kind: coupon`` files: ``fn(path, options) -> Document``."""
    spec = load_coupons(Path(path))
    sheet = paper(options.paper)
    area = usable_area(sheet)
    per_page = PER_ROW * ROWS
    chunks = [spec.coupons[i:i + per_page] for i in range(0, len(spec.coupons), per_page)]
    title = spec.title.get(options.lang) or spec.title.get("en", spec.id)
    pages = []
    for number, chunk in enumerate(chunks, 1):
        items = []
        for k, coupon in enumerate(chunk):
            x = area.x + (k % PER_ROW) * (spec.width + mm(5))
            y = area.y + (k // PER_ROW) * (spec.height + mm(5))
            items.append(Group((_coupon(coupon, spec.width, spec.height, options.lang),), translate(x, y)))
        items.append(furniture(sheet, title=title, detail=f"{spec.id} · {len(spec.coupons)} coupons",
                               page=number, pages=len(chunks), lang=options.lang))
        pages.append(Page(sheet.width, sheet.height, tuple(items), f"coupons-{number}"))
    return Document(tuple(pages), title=title)
