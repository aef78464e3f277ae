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

from pydantic import Field

from railprint.errors import check_lang
from railprint.layout.dice import copy_label, cube_net, die_values, net_document, net_group
from railprint.loading.schema import Spec, validate
from railprint.loading.yamlio import load_file
from railprint.model.die_net import NetFace, NetTab
from railprint.scene import Circle, Document, Group, Rect, Style
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


class PipDieSpec(Spec):
    kind: Literal["die"]
    id: str
    game: str
    title: dict[str, str]
    revision: int = 1
    count: int = Field(1, ge=1, le=50)
    face: NetFace = mm(18)
    tab: NetTab = mm(5)
    colour: str = "#ffffff"
    pips: str = "#1b1b1b"


def pip_face(value: int, size: float, colour: str, pips: str) -> Group:
    items = [Rect(0, 0, size, size, Style(fill=colour))]
    items += [Circle(x * size, y * size, size * 0.09, Style(fill=pips)) for x, y in PIPS[value]]
    return Group(tuple(items), id=f"pips-{value}")


def load_pip_die(path: str | Path) -> PipDieSpec:
    return validate(PipDieSpec, load_file(path), str(path), "die")


def build_pip_dice(spec: PipDieSpec, *, paper: str = "a4", lang: str = "en") -> Document:
    check_lang(lang)
    net = cube_net(spec.face, spec.tab)
    values = die_values(net)
    title = spec.title.get(lang) or spec.title.get("en") or spec.id
    faces = [pip_face(v, spec.face, spec.colour, spec.pips) for v in values]
    nets = [net_group(net, faces, label=copy_label("d6", copy, spec.count, lang), id=f"net-{spec.id}-{copy}")
            for copy in range(1, spec.count + 1)]
    return net_document(nets, net, paper=paper, lang=lang, title=title, id=spec.id, revision=spec.revision,
                        page_label="die", subject="railprint: die net")


def render_pip_dice(path: Path, options) -> Document:
    """``railprint render`` builder of ``kind: die`` files."""
    return build_pip_dice(load_pip_die(path), paper=options.paper, lang=options.lang)
