"""Printable Railroad Ink dice: one fold-up cube net per physical die, several nets per page.

Builder for ``railprint render``: :func:`build_dice_nets`. The faces are drawn with the same
pictograms as the board (:mod:`railprint.games.railroad_ink.pictograms`); the nets come from
:mod:`railprint.layout.dice` (cross layout, fold lines dashed, cut lines solid, 7 glue tabs).
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from railprint.errors import check_lang
from railprint.games.railroad_ink.pictograms import draw_face
from railprint.errors import RailprintError
from railprint.layout.dice import cube_net, grid_slots, net_group
from railprint.layout.paper import furniture, paper as get_paper, revision_label, usable_area
from railprint.games.railroad_ink.model import DiceSpec, load_dice
from railprint.scene import Document, Group, Page, Rect, Style, Text, translate
from railprint.units import mm

SETS = ("base", "meteor", "lava")
_HEAD = {"en": "Cut along the solid lines, fold along the dashed lines, glue the grey tabs inside.",
         "pl": "Wytnij po liniach ciągłych, zegnij po przerywanych, szare zakładki wklej do środka."}
_OF = {"en": "of", "pl": "z"}


def build_dice_nets(spec: DiceSpec | str | Path | None = None, *, paper: str = "a4", lang: str = "en",
                    face_size: float | None = None, sets: Sequence[str] | None = None) -> Document:
    """``railprint render`` builder: a cube net for every die (``count`` copies of each),
    faces ``face_size`` points (default from the file, 16–20 mm), page furniture on every page."""
    check_lang(lang)
    dice = spec if isinstance(spec, DiceSpec) else load_dice(spec)
    size = face_size if face_size is not None else dice.net.face
    if not mm(16) - 1e-6 <= size <= mm(20) + 1e-6:
        raise RailprintError(f"die face size {size / mm(1):.1f} mm is outside 16–20 mm")
    wanted = tuple(sets) if sets else SETS
    for s in wanted:
        if s not in SETS:
            from railprint.errors import suggestion

            raise RailprintError(f"unknown dice set {s!r}", hint=suggestion(s, SETS))
    net = cube_net(size, dice.net.tab)
    sheet = get_paper(paper)
    area = usable_area(sheet)
    head_h = mm(6)
    body = Rect(area.x, area.y + head_h, area.w, area.h - head_h, Style())
    nets = []
    for die in dice.dice:
        if die.set not in wanted:
            continue
        for copy in range(1, die.count + 1):
            faces = [draw_face(face, size) for face in die.faces]
            label = [die.name.get(lang)]
            if die.count > 1:
                label.append(f"{copy} {_OF[lang]} {die.count}")
            nets.append(net_group(net, faces, label=label, id=f"net-{die.id}-{copy}"))
    if not nets:
        raise RailprintError("no dice to print")
    slots = grid_slots(len(nets), net.width, net.height, body, gap=mm(4))
    n_pages = slots[-1].page + 1
    title = dice.title.get(lang)
    pages = []
    for p in range(n_pages):
        items = [Text(area.x, area.y + mm(3.5), _HEAD[lang], 8, Style(fill="#333333"))]
        items += [Group((g,), transform=translate(slot.x, slot.y)) for g, slot in zip(nets, slots) if slot.page == p]
        detail = f"{dice.id} {revision_label(dice.revision, lang)} · {size / mm(1):g} mm"
        items.append(furniture(sheet, title=title, detail=detail, page=p + 1, pages=n_pages, lang=lang))
        pages.append(Page(sheet.width, sheet.height, tuple(items), label=f"dice {p + 1}"))
    return Document(tuple(pages), title=title, subject="railprint: Railroad Ink dice nets")


def render_dice(path: Path, options) -> Document:
    """``railprint render`` adapter (``BUILDERS["dice"]``): ``build_dice_nets`` with the render options;
    ``options.extra["face_mm"]`` overrides the face size."""
    face_mm = (getattr(options, "extra", None) or {}).get("face_mm")
    return build_dice_nets(path, paper=options.paper, lang=options.lang,
                           face_size=mm(float(face_mm)) if face_mm else None)
