"""The ``type: track`` layer: geometry of the centrelines and what ends up in the scene."""

from __future__ import annotations

import math

import pytest

from railprint.draw.card import draw_face
from railprint.draw.tracks import Box, centreline, crossings, polyline, port, segment_path
from railprint.errors import ContentError
from railprint.model.resolve import load_deck
from railprint.scene import Path, walk
from railprint.units import mm

W = H = mm(50)
BOX = Box(0, 0, W, H)
OVERRUN = mm(3)
BED = "#c9bfae"


def tile_file(tmp_path, layers: str, extra: str = "") -> str:
    path = tmp_path / "tiles.yaml"
    path.write_text(f"""kind: tiles
id: t
game: days-of-steam
title: {{en: T}}
size: tile50
palette: {{ground: '#e9e4c6', ballast: '{BED}'}}
{extra}
templates:
  t:
    layers:
{layers}
cards:
  - {{template: t}}
""", encoding="utf-8")
    return path


def scene_paths(tmp_path, layers: str, extra: str = "") -> list[Path]:
    deck = load_deck(tile_file(tmp_path, layers, extra))
    group = draw_face(deck.cards[0].front, deck)
    return [item for item, _ in walk((group,)) if isinstance(item, Path)]


def beds(paths: list[Path], width: float = mm(7)) -> list[Path]:
    return [p for p in paths if p.style.stroke == BED and p.style.width == pytest.approx(width)]


def test_ports_sit_on_edge_midpoints_and_pairs_meet_across_edges():
    assert port("N", BOX)[0] == (W / 2, 0)
    assert port("E", BOX)[0] == (W, H / 2)
    assert port("S", BOX)[0] == (W / 2, H)
    assert port("W", BOX)[0] == (0, H / 2)
    right = Box(W, 0, W, H)
    below = Box(0, H, W, H)
    for a, b, other in (("E0", "W1", right), ("E1", "W0", right), ("S1", "N0", below), ("S0", "N1", below)):
        assert port(a, BOX)[0] == pytest.approx(port(b, other)[0])


def test_straight_segment_runs_from_top_midpoint_to_bottom_midpoint():
    c = centreline("N", "S", BOX)
    assert c.controls is None and not c.curved
    assert c.start == (W / 2, 0) and c.end == (W / 2, H)


def test_north_east_arc_is_a_quarter_circle_between_the_midpoints():
    c = centreline("N", "E", BOX)
    assert c.curved
    assert c.start == pytest.approx((W / 2, 0)) and c.end == pytest.approx((W, H / 2))
    corner, r = (W, 0), W / 2
    for i in range(11):  # a cubic with the 0.5523 handle stays within 0.03 % of the circle
        x, y = c.point(i / 10)
        assert math.hypot(x - corner[0], y - corner[1]) == pytest.approx(r, rel=3e-4)
    # leaves each edge at right angles
    assert c.tangent(0) == pytest.approx((0, 1))
    assert c.tangent(1) == pytest.approx((1, 0))


def test_dead_end_stub_points_into_the_tile():
    c = centreline("W", "end", BOX, end_length=mm(20))
    assert c.start == (0, H / 2) and c.end == pytest.approx((mm(20), H / 2))
    assert c.end_normal is None
    assert centreline("end", "W", BOX, end_length=mm(20)) == c


def test_scene_has_the_straight_bed_from_edge_to_edge_plus_overrun(tmp_path):
    paths = beds(scene_paths(tmp_path, "      - {type: track, segments: [[N, S]], bed: ballast}"))
    assert len(paths) == 1
    assert paths[0].cmds == (("M", W / 2, -OVERRUN), ("L", W / 2, 0), ("L", W / 2, H), ("L", W / 2, H + OVERRUN))


def test_scene_arc_ends_at_both_midpoints(tmp_path):
    [bed] = beds(scene_paths(tmp_path, "      - {type: track, segments: [[N, E]]}"))
    kinds = [cmd[0] for cmd in bed.cmds]
    assert kinds == ["M", "L", "C", "L"]
    assert bed.cmds[1][1:] == pytest.approx((W / 2, 0))
    assert bed.cmds[2][5:] == pytest.approx((W, H / 2))
    assert bed.cmds[3][1:] == pytest.approx((W + OVERRUN, H / 2))


def test_rails_run_parallel_to_the_centreline(tmp_path):
    paths = scene_paths(tmp_path, "      - {type: track, segments: [[N, E]], colour: '#123456'}")
    rails = [p for p in paths if p.style.stroke == "#123456"]
    assert len(rails) == 2
    gauge = mm(7) * 0.21
    radii = sorted(math.hypot(cmd[1] - W, cmd[2]) for cmd in rails[0].cmds[3:-3])
    other = sorted(math.hypot(cmd[1] - W, cmd[2]) for cmd in rails[1].cmds[3:-3])
    assert {round(radii[0] - W / 2, 2), round(other[0] - W / 2, 2)} == {round(-gauge, 2), round(gauge, 2)}
    assert radii[-1] - radii[0] < 0.05 and other[-1] - other[0] < 0.05


def test_independent_crossing_is_a_bridge_drawn_over_the_first_segment(tmp_path):
    paths = scene_paths(tmp_path, "      - {type: track, segments: [[N, S], [E, W]], background: ground}")
    ns, ew = beds(paths)
    assert ns.cmds[1][1:] == (W / 2, 0) and ew.cmds[1][1:] == (W, H / 2)
    gaps = [p for p in paths if p.style.stroke == "#e9e4c6"]
    assert len(gaps) == 1
    # the gap is cut around the crossing, along the upper (E-W) track, after the lower track
    xs = [cmd[1] for cmd in gaps[0].cmds]
    ys = {round(cmd[2], 6) for cmd in gaps[0].cmds}
    assert ys == {round(H / 2, 6)} and min(xs) < W / 2 < max(xs) and max(xs) - min(xs) < W / 2
    order = [id(p) for p in paths]
    assert order.index(id(ns)) < order.index(id(gaps[0])) < order.index(id(ew))
    parapets = [p for p in paths if p.style.stroke == "#4a4036"]
    assert len(parapets) == 2


def test_no_bridge_when_segments_share_a_port_or_bridges_are_off(tmp_path):
    switch = scene_paths(tmp_path, "      - {type: track, segments: [[S, N], [S, E]], background: ground}")
    assert not [p for p in switch if p.style.stroke == "#e9e4c6"]
    level = scene_paths(tmp_path, "      - {type: track, segments: [[N, S], [E, W]], bridge: false, background: ground}")
    assert not [p for p in level if p.style.stroke == "#e9e4c6"]


def test_dead_end_gets_a_buffer_stop(tmp_path):
    paths = scene_paths(tmp_path, "      - {type: track, segments: [[N, end]], end_length: 24mm}")
    bed, run_out = beds(paths)  # the track, then the ballast run-out behind the buffer stop
    assert bed.cmds[-1][1:] == pytest.approx((W / 2, mm(24)))
    assert run_out.cmds[0][1:] == pytest.approx((W / 2, mm(24))) and run_out.cmds[1][2] > mm(24)
    beam = [p for p in paths if p.style.stroke == "#b3322b"]
    assert len(beam) == 1
    (_, x1, y1), (_, x2, y2) = beam[0].cmds
    assert y1 == y2 and y1 > mm(24) and abs(x2 - x1) > mm(6)


def test_two_port_edges_and_box(tmp_path):
    paths = scene_paths(tmp_path, "      - {type: track, segments: [[N0, S1]], x: 10mm, y: 5mm, w: 30mm, h: 30mm, overrun: 0mm}")
    [bed] = beds(paths)
    assert [cmd[0] for cmd in bed.cmds] == ["M", "L"]
    assert bed.cmds[0][1:] == pytest.approx((mm(20), mm(5))) and bed.cmds[1][1:] == pytest.approx((mm(20), mm(35)))


@pytest.mark.parametrize("segments, expected", [
    ([["N", "S"], ["E", "W"]], 1),
    ([["N", "E"], ["S", "W"]], 0),
    ([["N0", "S1"], ["N1", "S0"], ["E0", "W1"], ["E1", "W0"]], 4),
    ([["N0", "E0"], ["N1", "E1"], ["S0", "W1"], ["S1", "W0"]], 1),
    ([["N0", "E0"], ["N1", "S1"], ["E1", "W1"], ["S0", "W0"]], 3),
])
def test_crossings_counted_geometrically(segments, expected):
    assert crossings([tuple(s) for s in segments], BOX) == expected


def test_polyline_follows_the_drawn_path():
    c = centreline("N", "E", BOX)
    points = polyline(c, OVERRUN)
    cmds = segment_path(c, OVERRUN)
    assert points[0] == pytest.approx(cmds[0][1:]) and points[-1] == pytest.approx(cmds[-1][1:])


@pytest.mark.parametrize("segments, message", [
    ("[[N, X]]", "unknown value 'X' (expected one of: N, E, S, W, N0, N1, E0, E1, S0, S1, W0, W1, end)"),   # every port
    ("[[N, N]]", "joins 'N' to itself"),
    ("[]", "at least 1"),
])
def test_bad_segments_are_reported_with_their_location(tmp_path, segments, message):
    with pytest.raises(ContentError) as err:
        load_deck(tile_file(tmp_path, f"      - {{type: track, segments: {segments}}}"))
    text = str(err.value) + "".join(str(p) for p in (err.value.problems or []))
    assert "tiles.yaml:11:" in text
    assert message in text


def test_palette_names_resolve_in_track_colours(tmp_path):
    deck = load_deck(tile_file(tmp_path, "      - {type: track, segments: [[N, S]], bed: ballast, background: ground, sleepers: none}"))
    layer = deck.cards[0].front.layers[0]
    assert layer.bed == BED and layer.background == "#e9e4c6"


def test_bend_below_a_quarter_circle_cuts_the_corner_tighter():
    corner = (W, 0)
    round_ = centreline("N0", "E1", BOX).point(0.5)
    tight = centreline("N0", "E1", BOX, bend=0.42).point(0.5)
    assert math.dist(tight, corner) < math.dist(round_, corner) - mm(2)
    assert centreline("N0", "E1", BOX, bend=0.42).end == centreline("N0", "E1", BOX).end


def test_the_most_crossed_segment_goes_on_top_and_close_decks_merge(tmp_path):
    # N1-S1 crosses the other three; drawn last, as one viaduct over all three close crossings
    layer = ("      - {type: track, segments: [[N1, S1], [N0, E0], [E1, W1], [S0, W0]], width: 5mm, "
             "bend: 0.42, background: ground, bed: ballast}")
    paths = scene_paths(tmp_path, layer)
    gaps = [p for p in paths if p.style.stroke == "#e9e4c6"]
    beds_ = beds(paths, mm(5))
    assert beds_[-1].cmds[1][1:] == pytest.approx((2 * W / 3, 0))   # N1-S1 is drawn last
    assert len(gaps) == 1                                            # 3 crossings, 1 deck
    for gap in gaps:  # every gap runs along N1-S1: from x = 2/3 W down to 1/3 W
        assert all(W / 3 - 1 <= cmd[1] <= 2 * W / 3 + 1 for cmd in gap.cmds)


def test_far_apart_crossings_get_separate_decks(tmp_path):
    # E1-W0 crosses N0-S1 and N1-S0 at x = W/3 and 2W/3: two bridges, 16.7 mm apart
    paths = scene_paths(tmp_path, "      - {type: track, segments: [[N0, S1], [N1, S0], [E1, W0]], width: 5mm, background: ground}")
    gaps = [p for p in paths if p.style.stroke == "#e9e4c6"]
    assert len(gaps) == 2
    assert sorted(round(sum(c[1] for c in g.cmds) / len(g.cmds) / (W / 3), 2) for g in gaps) == [1.0, 2.0]


def test_remembered_drawings_are_the_drawings_of_the_exact_layer():
    """draw_tracks remembers a layer's drawing by every value of the layer: the same items as
    drawing it anew, and a layer differing in any value (a colour, a port) is drawn anew."""
    from railprint.draw.tracks import _draw_tracks, draw_tracks
    from railprint.loading.resources import content_path
    from railprint.model.resolve import load_deck

    layers = [layer for card in load_deck(content_path("allers-trains", "tiles.yaml")).cards
              for layer in card.front.layers if type(layer).__name__ == "TrackLayer"]
    assert len(layers) > 20
    for layer in layers:
        assert draw_tracks(layer, 120.0, 120.0) == _draw_tracks(layer, 120.0, 120.0)
    first = layers[0]
    recoloured = first.model_copy(update={"colour": "#123456"})
    assert draw_tracks(recoloured, 120.0, 120.0) == _draw_tracks(recoloured, 120.0, 120.0) != \
        draw_tracks(first, 120.0, 120.0)
    other = first.model_copy(update={"segments": [("N", "S")] if first.segments != [("N", "S")] else [("E", "W")]})
    assert draw_tracks(other, 120.0, 120.0) == _draw_tracks(other, 120.0, 120.0) != draw_tracks(first, 120.0, 120.0)
