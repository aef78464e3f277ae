"""Pictograms drawn from the board-text edge spec: each route reaches exactly the sides the
spec names, in the right style (road with dashed centre line, rail with sleepers, ...)."""

from __future__ import annotations

import math

import pytest

from railprint.games.railroad_ink.pictograms import (INK, LAVA, ROAD, VOLCANO, _w, draw_face, draw_space, face_text,
                                         route_stub, space_text)
from railprint.errors import NotationError
from railprint.games.railroad_ink.model import load_dice, load_sheet, parse_space
from railprint.scene import Circle, Group, Line, Path, Rect, apply, walk
from railprint.units import mm

SIZE = mm(21)
SIDE_OF = {"N": 0, "E": 1, "S": 2, "W": 3}


def _all_tokens():
    dice = load_dice()
    tokens = {f.route for d in dice.dice for f in d.faces if f.route}
    tokens |= {r.route for r in load_sheet().special_routes}
    return sorted(tokens | {"h...", ".r..", "llllv"})


def _sides_touched(points, size):
    """Which sides of the square the given end points lie on (N E S W indices)."""
    out = set()
    for x, y in points:
        if abs(y) < 0.01 and abs(x - size / 2) < 0.01:
            out.add(0)
        elif abs(x - size) < 0.01 and abs(y - size / 2) < 0.01:
            out.add(1)
        elif abs(y - size) < 0.01 and abs(x - size / 2) < 0.01:
            out.add(2)
        elif abs(x) < 0.01 and abs(y - size / 2) < 0.01:
            out.add(3)
    return out


def _ends(path):
    cmds = [c for c in path.cmds if c[0] != "Z"]
    first = cmds[0]
    last = cmds[-1]
    return [(first[1], first[2]), (last[-2], last[-1])]


def _measure(group, size):
    """Sides reached by highway bands, railway lines and lava flows, read off the scene."""
    w = _w(size)
    found = {"h": set(), "r": set(), "l": set()}
    for item, t in walk((group,)):
        if not isinstance(item, Path) or item.style.stroke is None:
            continue
        ends = [apply(t, *p) for p in _ends(item)]
        st = item.style
        if st.stroke == INK and abs(st.width - w["road"]) < 1e-6:
            found["h"] |= _sides_touched(ends, size)
        elif st.stroke == INK and abs(st.width - w["rail"]) < 1e-6:
            found["r"] |= _sides_touched(ends, size)
        elif st.stroke == LAVA:
            found["l"] |= _sides_touched(ends, size)
    return found


@pytest.mark.parametrize("token", _all_tokens())
@pytest.mark.parametrize("size", [SIZE, mm(18), mm(9)])
def test_routes_reach_exactly_the_sides_of_the_spec(token, size):
    space = parse_space(token)
    got = _measure(draw_space(token, size), size)
    assert got["h"] == set(space.sides("h"))
    assert got["r"] == set(space.sides("r"))
    assert got["l"] == set(space.sides("l"))


def test_highway_has_a_dashed_centre_line_and_white_inside():
    items = [i for i, _ in walk((draw_space("h.h.", SIZE),))]
    assert any(isinstance(i, Path) and i.style.dash and i.style.stroke == INK for i in items)
    assert any(isinstance(i, Path) and i.style.stroke == ROAD for i in items)
    assert not any(isinstance(i, Line) for i in items)  # no sleepers


def test_railway_has_sleepers_across_the_line():
    items = [i for i, _ in walk((draw_space("r.r.", SIZE),))]
    sleepers = [i for i in items if isinstance(i, Line)]
    assert len(sleepers) >= 5
    # a vertical railway: sleepers are horizontal and centred on x = size/2
    for s in sleepers:
        assert abs(s.y1 - s.y2) < 1e-6 and abs((s.x1 + s.x2) / 2 - SIZE / 2) < 1e-6
    assert not any(isinstance(i, Path) and i.style.dash for i in items)


def test_station_is_a_black_square_and_overpass_a_bridge():
    station = [i for i, _ in walk((draw_space("h.r.s", SIZE),))]
    squares = [i for i in station if isinstance(i, Rect) and i.style.fill == INK]
    assert len(squares) == 1 and abs(squares[0].x + squares[0].w / 2 - SIZE / 2) < 1e-6
    bridge = [i for i, _ in walk((draw_space("hrhro", SIZE),))]
    assert not any(isinstance(i, Rect) and i.style.fill == INK for i in bridge)
    parapets = [i for i in bridge if isinstance(i, Path) and len(i.cmds) == 4 and i.style.stroke == INK]
    assert len(parapets) == 2
    # the highway is drawn last: it passes over the railway
    last_road = max(k for k, i in enumerate(bridge) if isinstance(i, Path) and i.style.stroke == ROAD)
    last_rail = max(k for k, i in enumerate(bridge) if isinstance(i, Line))
    assert last_road > last_rail


def test_crater_volcano_and_empty():
    crater = [i for i, _ in walk((draw_space("x", SIZE),))]
    assert any(isinstance(i, Circle) for i in crater)
    volcano = [i for i, _ in walk((draw_space("llllv", SIZE),))]
    assert any(isinstance(i, Path) and i.style.fill == VOLCANO for i in volcano)
    assert draw_space(".", SIZE).items == () and draw_space("....", SIZE).items == ()


def test_group_is_clipped_to_the_square_and_scales():
    g = draw_space("hhh.", mm(10))
    assert isinstance(g, Group) and g.clip.w == mm(10) and g.clip.h == mm(10)


@pytest.mark.parametrize("bad", ["hrh", "hrhrq", "hh..o", "lll.v", "....s", "xx", ""])
def test_bad_tokens_are_notation_errors(bad):
    with pytest.raises(NotationError):
        draw_space(bad, SIZE)


def test_exit_stub_points_outwards():
    for side, (dx, dy) in {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}.items():
        stub = route_stub("h", side, mm(5), SIZE)
        ends = {apply(t, *p) for i, t in walk((stub,)) if isinstance(i, Path) for p in _ends(i)}
        assert (0.0, 0.0) in {(round(x, 6) + 0.0, round(y, 6) + 0.0) for x, y in ends}
        far = max(ends, key=lambda p: math.hypot(*p))
        assert abs(far[0] - dx * mm(5)) < 1e-6 and abs(far[1] - dy * mm(5)) < 1e-6


def test_text_drawings_are_3_by_5():
    dice = load_dice()
    for die in dice.dice:
        for face in die.faces:
            lines = face_text(face)
            assert len(lines) == 3 and all(len(line) == 5 for line in lines), (face.id, lines)
    assert space_text(parse_space("h.h.")) == ["  ║  ", "  ║  ", "  ║  "]
    assert space_text(parse_space("hrhro"))[1] == "─┼╫┼─"
    assert space_text(parse_space("hr..s"))[1] == "  ■┼─"
    assert face_text(dice.die("meteor-distance").faces[5])[1].strip() == "3"


def test_face_drawing_uses_the_face_kind():
    dice = load_dice()
    arrow = draw_face(dice.die("meteor-direction").faces[0], mm(18))
    assert any(isinstance(i, Path) and i.style.fill == INK for i, _ in walk((arrow,)))
    dist = draw_face(dice.die("meteor-distance").faces[5], mm(18))
    dots = [i for i, _ in walk((dist,)) if isinstance(i, Circle)]
    assert len(dots) == 3
