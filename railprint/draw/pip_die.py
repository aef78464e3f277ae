"""A printable pip die (``kind: die``): an ordinary d6 as a fold-up cube net, for any game
that needs one die and trusts players to own scissors more than dice.

    kind: die
    id: d6
    game: days-of-steam
    title: {en: Days of Steam — die, pl: Dni Pary — kostka}
    revision: 1
    count: 1          # nets to print
    face: 18mm        # 16–20 mm
    tab: 5mm          # glue tabs, 3–8 mm
    colour: '#ffffff' # faces
    pips: '#1b1b1b'

Pips are the usual patterns, placed so opposite faces add up to 7 once folded (the net is
folded in software by :mod:`railprint.layout.dice`). A generic engine kind: no game code.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field, field_validator

from railprint.errors import check_lang
from railprint.layout.dice import CubeNet, cube_net, grid_slots, net_group
from railprint.layout.paper import furniture, paper as get_paper, revision_label, usable_area
from railprint.loading.schema import Length, Spec, validate
from railprint.loading.yamlio import load_file
from railprint.scene import Circle, Document, Group, Page, Rect, Style, Text, translate
from railprint.units import mm

# pip centres per value, as fractions of the face side
PIPS = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}
_HEAD = {"en": "Cut along the solid lines, fold along the dashed lines, glue the grey tabs inside.",
         "pl": "Wytnij po liniach ciągłych, zegnij po przerywanych, szare zakładki wklej do środka."}
_OF = {"en": "of", "pl": "z"}


class PipDieSpec(Spec):
    kind: Literal["die"]
    id: str
    game: str
    title: dict[str, str]
    revision: int = 1
    count: int = Field(1, ge=1, le=50)
    face: Length = mm(18)
    tab: Length = mm(5)
    colour: str = "#ffffff"
    pips: str = "#1b1b1b"

    @field_validator("face")
    @classmethod
    def _face(cls, value: float) -> float:
        if not mm(16) - 1e-6 <= value <= mm(20) + 1e-6:
            raise ValueError("a die face must be 16mm to 20mm")
        return value

    @field_validator("tab")
    @classmethod
    def _tab(cls, value: float) -> float:
        if not mm(3) - 1e-6 <= value <= mm(8) + 1e-6:
            raise ValueError("a glue tab must be 3mm to 8mm deep")
        return value


def face_values(net: CubeNet) -> list[int]:
    """The value of each net face (net order) so that opposite faces add up to 7."""
    values = [0] * 6
    pairs = [(1, 6), (2, 5), (3, 4)]
    for i, frame in enumerate(net.frames):
        if values[i]:
            continue
        j = next(k for k, other in enumerate(net.frames) if other.normal == tuple(-v for v in frame.normal))
        values[i], values[j] = pairs.pop(0)
    return values


def pip_face(value: int, size: float, colour: str, pips: str) -> Group:
    items = [Rect(0, 0, size, size, Style(fill=colour))]
    items += [Circle(x * size, y * size, size * 0.09, Style(fill=pips)) for x, y in PIPS[value]]
    return Group(tuple(items), id=f"pips-{value}")


def load_pip_die(path: str | Path) -> PipDieSpec:
    return validate(PipDieSpec, load_file(path), str(path), "die")


def build_pip_dice(spec: PipDieSpec, *, paper: str = "a4", lang: str = "en") -> Document:
    check_lang(lang)
    net = cube_net(spec.face, spec.tab)
    values = face_values(net)
    sheet = get_paper(paper)
    area = usable_area(sheet)
    head_h = mm(6)
    body = Rect(area.x, area.y + head_h, area.w, area.h - head_h, Style())
    title = spec.title.get(lang) or spec.title.get("en") or spec.id
    nets = []
    for copy in range(1, spec.count + 1):
        label = ["d6"] + ([f"{copy} {_OF[lang]} {spec.count}"] if spec.count > 1 else [])
        faces = [pip_face(v, spec.face, spec.colour, spec.pips) for v in values]
        nets.append(net_group(net, faces, label=label, id=f"net-{spec.id}-{copy}"))
    slots = grid_slots(len(nets), net.width, net.height, body, gap=mm(4))
    n_pages = slots[-1].page + 1
    pages = []
    for p in range(n_pages):
        items = [Text(area.x, area.y + mm(3.5), _HEAD[lang], 8, Style(fill="#333333"))]
        items += [Group((g,), transform=translate(s.x, s.y)) for g, s in zip(nets, slots) if s.page == p]
        detail = f"{spec.id} {revision_label(spec.revision, lang)} · {spec.face / mm(1):g} mm"
        items.append(furniture(sheet, title=title, detail=detail, page=p + 1, pages=n_pages, lang=lang))
        pages.append(Page(sheet.width, sheet.height, tuple(items), label=f"die {p + 1}"))
    return Document(tuple(pages), title=title, subject="railprint: die net")


def render_pip_dice(path: Path, options) -> Document:
    """``railprint render`` builder of ``kind: die`` files."""
    return build_pip_dice(load_pip_die(path), paper=options.paper, lang=options.lang)
