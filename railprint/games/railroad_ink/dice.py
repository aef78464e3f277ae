"""Printable Railroad Ink dice: one fold-up cube net per physical die, several nets per page.

Builder for ``railprint render``: :func:`build_dice_nets`. The faces are drawn with the same
pictograms as the board (:mod:`railprint.games.railroad_ink.pictograms`); the nets come from
:mod:`railprint.layout.dice` (cross layout, fold lines dashed, cut lines solid, 7 glue tabs).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Sequence

from railprint.errors import check_lang
from railprint.games.railroad_ink.pictograms import draw_face
from railprint.errors import RailprintError
from railprint.layout.dice import copy_label, cube_net, die_faces_on_net, net_document, net_group
from railprint.model.die_net import FACE_SIZES, within
from railprint.games.railroad_ink.model import DiceSpec, load_dice
from railprint.scene import Document, Page
from railprint.units import mm, to_mm

SETS = ("base", "meteor", "lava")


def _face_size(dice: DiceSpec, face_size: float | None) -> float:
    """The face side asked for (else the file's), checked against the printable range."""
    size = face_size if face_size is not None else dice.net.face
    if not within(size, FACE_SIZES):
        raise RailprintError(f"die face size {size / mm(1):.1f} mm is outside "
                             f"{to_mm(FACE_SIZES[0]):g}–{to_mm(FACE_SIZES[1]):g} mm")
    return size


def build_dice_nets(spec: DiceSpec | str | Path | None = None, *, paper: str = "a4", lang: str = "en",
                    face_size: float | None = None, sets: Sequence[str] | None = None) -> Document:
    """``railprint render`` builder: a cube net for every die (``count`` copies of each),
    faces ``face_size`` points (default from the file, 16–20 mm), page furniture on every page."""
    check_lang(lang)
    dice = spec if isinstance(spec, DiceSpec) else load_dice(spec)
    size = _face_size(dice, face_size)
    wanted = tuple(sets) if sets else SETS
    for s in wanted:
        if s not in SETS:
            from railprint.errors import suggestion

            raise RailprintError(f"unknown dice set {s!r}", hint=suggestion(s, SETS))
    net = cube_net(size, dice.net.tab)
    nets = []
    for die in dice.dice:
        if die.set not in wanted:
            continue
        for copy in range(1, die.count + 1):
            faces = die_faces_on_net(net, [draw_face(face, size) for face in die.faces])
            label = copy_label(die.name.get(lang), copy, die.count, lang)
            nets.append(net_group(net, faces, label=label, id=f"net-{die.id}-{copy}"))
    if not nets:
        raise RailprintError("no dice to print")
    document = net_document(nets, net, paper=paper, lang=lang, title=dice.title.get(lang), id=dice.id,
                            revision=dice.revision, subject="railprint: Railroad Ink dice nets")
    # the print guide's checklist: each kind of die and how many nets of it are printed
    pieces = tuple(("piece", f"{die.name.get(lang)} × {die.count}") for die in dice.dice if die.set in wanted)
    return replace(document, meta=document.meta + pieces)


def dice_faces(spec: DiceSpec | str | Path | None = None, *, lang: str = "en",
               face_size: float | None = None) -> Document:
    """Every die's six faces one a page, in the order of the file (``railprint export tts``: each
    die becomes a Tabletop Simulator custom d6). Each page is one face, ``face_size`` square,
    named after the face; the document's meta says ``("tts", "dice")`` and gives one
    ``tts_die`` entry per kind of die (``<copies>\t<name>``), which owns the next six pages."""
    check_lang(lang)
    dice = spec if isinstance(spec, DiceSpec) else load_dice(spec)
    size = _face_size(dice, face_size)
    pages, meta = [], [("tts", "dice")]
    for die in dice.dice:
        meta.append(("tts_die", f"{die.count}\t{die.name.get(lang)}"))
        for face in die.faces:
            pages.append(Page(size, size, (draw_face(face, size),), label=f"{len(pages) + 1:03d}-front",
                              trim=(0.0, 0.0, size, size), name=face.name.get(lang)))
    return Document(tuple(pages), title=dice.title.get(lang), meta=tuple(meta))


def render_dice(path: Path, options) -> Document:
    """``railprint render`` adapter (``BUILDERS["dice"]``): ``build_dice_nets`` with the render options;
    ``options.extra["face_mm"]`` overrides the face size. Rendered 1-up for ``export tts``: the
    faces one a page (:func:`dice_faces`)."""
    extra = getattr(options, "extra", None) or {}
    face_mm = extra.get("face_mm")
    size = mm(float(face_mm)) if face_mm else None
    if extra.get("tts") and getattr(options, "mode", "") == "1up":
        return dice_faces(path, lang=options.lang, face_size=size)
    return build_dice_nets(path, paper=options.paper, lang=options.lang, face_size=size)
