"""The dice: the faces in dice.yaml match the real dice, and the printed nets show them."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from railprint.games.railroad_ink.pictograms import draw_face
from railprint.games.railroad_ink.dice import build_dice_nets
from railprint.errors import ContentError, RailprintError
from railprint.layout.paper import paper, usable_area
from railprint.games.railroad_ink.model import DiceSpec, load_dice, parse_space
from railprint.scene import Group, apply, compose
from railprint.units import mm
from railprint.writers import render


def canonical(token: str) -> str:
    """The same route up to turning and mirroring (the rules allow both)."""
    space = parse_space(token)
    e = space.edges
    variants = []
    for k in range(4):
        turned = e[k:] + e[:k]
        variants.append(turned)
        variants.append((turned[0], turned[3], turned[2], turned[1]))
    return min("".join(v) for v in variants) + space.marker


# The real dice (shared/reference/railroad-ink.md), written independently of dice.yaml.
ROUTE_DIE = Counter(canonical(t) for t in ["h.h.", "r.r.", "hh..", "rr..", "hhh.", "rrr."])
SPECIAL_DIE = Counter(canonical(t) for t in ["hrhro", "hrhro", "h.r.s", "h.r.s", "hr..s", "hr..s"])
LAVA_DIE = Counter(canonical(t) for t in ["ll..", "ll..", "l.l.", "lll.", "lr.r", "lh.h"])


def test_dice_faces_match_the_real_dice():
    dice = load_dice()
    by_id = {d.id: d for d in dice.dice}
    assert Counter(canonical(f.route) for f in by_id["route"].faces) == ROUTE_DIE
    assert Counter(canonical(f.route) for f in by_id["special"].faces) == SPECIAL_DIE
    assert Counter(canonical(f.route) for f in by_id["lava"].faces) == LAVA_DIE
    assert Counter(f.arrow for f in by_id["meteor-direction"].faces) == Counter(["N", "E", "S", "W", "any", "any"])
    assert Counter(f.distance for f in by_id["meteor-distance"].faces) == Counter([1, 1, 1, 2, 2, 3])
    counts = {d.id: d.count for d in dice.dice}
    assert counts == {"route": 3, "special": 1, "meteor-direction": 1, "meteor-distance": 1, "lava": 2}
    assert {d.id: d.set for d in dice.dice} == {"route": "base", "special": "base", "meteor-direction": "meteor",
                                                 "meteor-distance": "meteor", "lava": "lava"}


def _nets(doc):
    """(page index, net id, [face groups in order], translation) for every net on every page."""
    out = []
    for p, page in enumerate(doc.pages):
        for item in page.items:
            if isinstance(item, Group) and item.items and isinstance(item.items[0], Group) \
                    and (item.items[0].id or "").startswith("net-"):
                net = item.items[0]
                faces_group = next(g for g in net.items if isinstance(g, Group) and g.id == "faces")
                faces = [f for f in faces_group.items]
                out.append((p, net.id, faces, compose(item.transform, net.transform)))
    return out


@pytest.mark.parametrize("paper_name,face_mm", [("a4", 16), ("a4", 18), ("letter", 20), ("letter", 18)])
def test_nets_show_the_dice_faces_and_fit_the_page(paper_name, face_mm):
    dice = load_dice()
    size = mm(face_mm)
    doc = build_dice_nets(paper=paper_name, face_size=size)
    nets = _nets(doc)
    ids = [n[1] for n in nets]
    assert ids == ["net-route-1", "net-route-2", "net-route-3", "net-special-1", "net-meteor-direction-1",
                   "net-meteor-distance-1", "net-lava-1", "net-lava-2"]
    area = usable_area(paper(paper_name))
    for page, net_id, faces, t in nets:
        die = dice.die(net_id[4:].rsplit("-", 1)[0])
        assert len(faces) == 6
        # a cross net: face 1 on top, 2 3 5 4 across, 6 below (1-6, 2-5, 3-4 opposite once folded)
        for face_group, face in zip(faces, [die.faces[i] for i in (0, 1, 2, 4, 3, 5)]):
            assert face_group.items[0] == draw_face(face, size)  # the very pictogram of that face
        x, y = apply(t, 0, 0)
        assert area.x - 0.01 <= x and area.y - 0.01 <= y
        assert x + 4 * size + dice.net.tab <= area.x + area.w + 0.01
        assert y + 3 * size <= area.y + area.h + 0.01
    # several nets per page, furniture on every page
    assert max(Counter(n[0] for n in nets).values()) >= 4
    for i, page in enumerate(doc.pages, 1):
        assert any(isinstance(it, Group) and it.id == f"furniture-{i}" for it in page.items)


def test_sets_and_face_size_limits():
    doc = build_dice_nets(sets=["meteor"])
    assert [n[1] for n in _nets(doc)] == ["net-meteor-direction-1", "net-meteor-distance-1"]
    with pytest.raises(RailprintError):
        build_dice_nets(face_size=mm(25))
    with pytest.raises(RailprintError, match="did you mean 'lava'"):
        build_dice_nets(sets=["lavva"])


def test_dice_nets_pdf_is_reproducible_and_polish():
    a = render(build_dice_nets(lang="pl"), "pdf")[0]
    assert a == render(build_dice_nets(lang="pl"), "pdf")[0]
    import io
    import pdfplumber
    with pdfplumber.open(io.BytesIO(a)) as pdf:
        text = pdf.pages[0].extract_text()
    assert "kostka trasy" in text and "kostka lawy" in text and "1 z 3" in text


def test_broken_dice_file_is_located():
    from pathlib import Path

    path = Path(__file__).parents[2] / "data" / "railroad_ink_sheet" / "broken-dice.yaml"
    with pytest.raises(ContentError) as info:
        load_dice(path)
    text = str(info.value)
    assert "5 problem(s)" in text
    assert "broken-dice.yaml:7:13: net.face: a die face must be 16mm to 20mm" in text
    assert "broken-dice.yaml:14:24: dice.faces.route: not a space: 'h.x.'" in text
    assert "broken-dice.yaml:15:9: dice.faces: face 'c': give exactly one of route, arrow, distance" in text
    assert "broken-dice.yaml:21:5: unknown key 'coutn' (did you mean 'count'?)" in text
    assert "broken-dice.yaml:24:7: dice.faces: a die has 6 faces, this one has 5" in text


def test_broken_sheet_file_is_located():
    from pathlib import Path

    from railprint.games.railroad_ink.model import load_sheet

    path = Path(__file__).parents[2] / "data" / "railroad_ink_sheet" / "broken-sheet.yaml"
    with pytest.raises(ContentError) as info:
        load_sheet(path)
    text = str(info.value)
    assert "6 problem(s)" in text
    assert "broken-sheet.yaml:7:16: grid.square: squares must be at least 20mm" in text
    assert "broken-sheet.yaml:9:3: exits: exit C4 is not on the N edge of the board" in text
    assert "broken-sheet.yaml:13:20: special_routes.route: not a space: 'hhhhq'" in text
    assert "broken-sheet.yaml:17:9: labels: missing game, sheet" in text


def test_model_type():
    assert isinstance(load_dice(), DiceSpec)


def _rotate(vector, axis: int, degrees: float, sign: int = 1):
    """``vector`` turned ``sign * degrees`` (a multiple of 90) about the x (0), y (1) or z (2) axis."""
    c, s = round(math.cos(math.radians(sign * degrees))), round(math.sin(math.radians(sign * degrees)))
    v = list(vector)
    a, b = [(1, 2), (2, 0), (0, 1)][axis]
    v[a], v[b] = c * vector[a] - s * vector[b], s * vector[a] + c * vector[b]
    return tuple(v)


def test_printed_nets_and_tabletop_simulator_make_the_same_die():
    """The die folded from a printed net has the same faces opposite each other as the die
    `export tts` makes (file faces 1-6, 2-5 and 3-4). The special die's two straight stations
    used to face each other in Tabletop Simulator, but not on paper."""
    from railprint.export.tts import D6_ROTATIONS
    from railprint.layout.dice import CROSS, fold_frames

    def opposite(a, b) -> bool:
        return a == tuple(-x for x in b)

    # Tabletop Simulator: face k shows on top once the die is turned by its rotation (about one
    # axis), so its outward normal is "up" turned back
    normals = []
    for rotation in D6_ROTATIONS:
        turns = [(axis, degrees) for axis, degrees in enumerate(rotation) if degrees] or [(0, 0.0)]
        assert len(turns) == 1
        normals.append(_rotate((0, 1, 0), *turns[0], -1))
    tts_pairs = [(a, b) for a in range(6) for b in range(a + 1, 6) if opposite(normals[a], normals[b])]
    assert len(tts_pairs) == 3
    frames = fold_frames(CROSS)
    net_pairs = [(i, j) for i in range(6) for j in range(i + 1, 6) if opposite(frames[i].normal, frames[j].normal)]
    size = mm(18)
    dice = load_dice()
    for _page, net_id, faces, _t in _nets(build_dice_nets(paper="a4", face_size=size)):
        die = dice.die(net_id[4:].rsplit("-", 1)[0])
        # a face is named by the faces of the file it may be (the special die has equal ones)
        same = [frozenset(k for k, f in enumerate(die.faces) if f == face) for face in die.faces]
        printed = [next(same[k] for k, face in enumerate(die.faces) if draw_face(face, size) == g.items[0])
                   for g in faces]
        assert {frozenset((printed[i], printed[j])) for i, j in net_pairs} == \
               {frozenset((same[a], same[b])) for a, b in tts_pairs}, net_id
