"""Rules in isolation: exit table, special routes, pieces, violations, lava and meteor details."""

from __future__ import annotations

import pytest

from railprint.errors import RailprintError
from railprint.games.railroad_ink import Board, Cell, score, score_files, validate
from railprint.games.railroad_ink.rules import EXIT_POINTS, lakes, networks, special_kind


def _board(placed: dict[str, str], expansion: str = "none") -> Board:
    tokens = ["."] * 49
    for sq, token in placed.items():
        tokens[("ABCDEFG".index(sq[0])) * 7 + int(sq[1:]) - 1] = token
    return Board.from_tokens(tokens, expansion=expansion)


@pytest.mark.parametrize("exits,points", [(0, 0), (1, 0), (2, 4), (3, 8), (4, 12), (5, 16),
                                          (6, 20), (7, 24), (8, 28), (9, 32), (10, 36),
                                          (11, 40), (12, 45)])
def test_exit_table(exits, points):
    assert EXIT_POINTS[exits] == points


@pytest.mark.parametrize("token,kind", [
    ("hhhh", "hhhh"), ("rrrr", "rrrr"), ("hhhrs", "3h1r"), ("rhhhs", "3h1r"), ("hrrrs", "1h3r"),
    ("hhrrs", "adjacent"), ("rhhrs", "adjacent"), ("hrhrs", "opposite"), ("rhrhs", "opposite"),
    ("hrhro", None), ("rhrho", None), ("hhhho", "hhhh"), ("hrh.s", None), ("h.h.", None),
    ("llll", None), ("hrhr", "opposite"),
])
def test_special_kind(token, kind):
    assert special_kind(Cell(token[:4], token[4:])) == kind


def test_pieces():
    assert Cell("hrhr", "o").pieces() == ((0, 2), (1, 3))
    assert Cell("hrhr", "s").pieces() == ((0, 1, 2, 3),)
    assert Cell("hh.h").pieces() == ((0, 1, 3),)
    assert Cell("lr.r").pieces() == ((1, 3),)
    assert Cell("llll", "v").pieces() == ()


def test_contact_is_reported_once_per_pair_with_both_ends_as_errors():
    board = _board({"C4": "..h.", "D4": "r..."})
    s = score(board)
    assert [str(v) for v in s.violations] == ["C4: highway meets railway on its south side"]
    assert sorted(e.where for e in s.errors) == ["C4 south", "D4 north"]
    assert {e.reason for e in s.errors} == {"highway end meets a railway end",
                                           "railway end meets a highway end"}


def test_exit_of_the_other_type_is_a_violation_not_an_exit():
    board = _board({"A4": "h.h.", "B4": "h.h.", "C4": "h.h.", "D4": "h.h.", "E4": "h.h.",
                    "F4": "h.h.", "G4": "h.h."})
    s = score(board)
    assert [str(v) for v in s.violations] == [
        "A4: highway touches the railway exit on its north side",
        "G4: highway touches the railway exit on its south side"]
    assert s.exits == 0 and s.error_count == 0 and s.longest_highway == 7


def test_station_joins_and_overpass_does_not():
    base = {"D1": ".h.h", "D2": ".h.h", "C3": "r.r.", "B3": "r.r.", "A3": "r.r."}
    joined = networks(_board({**base, "D3": "r..hs"}))
    assert len(joined[0].spaces) == 6
    apart = networks(_board({**base, "D3": "rhrho", "E3": "r.r.", "D4": ".h.h"}))
    assert sorted(len(n.spaces) for n in apart) == [4, 5]  # the overpass is in both


def test_one_special_used_twice_and_more_than_three():
    board = _board({"A1": "rrrr", "C1": "rrrr", "E1": "hhhrs", "G1": "hhrrs"})
    messages = [v.message for v in validate(board)]
    assert messages == ["4 special routes drawn (A1, C1, E1, G1); at most 3 per game",
                        "special route 'railway crossing' drawn 2 times (A1, C1); each may be "
                        "used once"]


def test_lava_space_route_must_be_one_straight():
    good = _board({"C3": "lr.r"}, "lava")
    assert validate(good) == []
    bad = _board({"C3": "lrr."}, "lava")
    assert [v.message for v in validate(bad)] == [
        "'lrr.': a lava space can carry only one straight highway or railway"]


def test_volcano_has_lava_on_all_sides_and_board_edge_closes_lakes():
    corner = _board({"A1": "llllv"}, "lava")
    (lake,) = lakes(corner)
    assert lake.open_sides == ((0, 0, 1), (0, 0, 2))  # east and south open, edge closed
    s = score(corner)
    assert s.error_count == 2 and s.lava == 1
    closed = _board({"A1": "llllv", "A2": "...l", "B1": "l..."}, "lava")
    s = score(closed)
    assert s.error_count == 0 and s.lava == 5 + 3


def test_lava_counts_largest_lake_once_even_if_open_and_each_closed_lake():
    board = _board({"A1": "l...", "G7": "..l.", "D4": "llllv"}, "lava")
    # A1's north and G7's south face the edge: two closed one-space lakes; the volcano is open
    s = score(board)
    assert [len(lake.spaces) for lake in s.lakes] == [1, 1, 1]
    assert s.lava == 2 * 5 + 1
    assert s.error_count == 4


def test_meteor_counts_spaces_not_ends():
    board = _board({"D4": "hhhh", "C4": "x", "D5": "x", "E4": "x", "D3": "x"}, "meteor")
    s = score(board)
    assert s.meteor == 2 and s.error_count == 0 and s.center == 5


def test_centre_counts_anything_drawn():
    board = _board({"C3": "x", "C4": "llllv", "E5": "h.h.", "B2": "hhhh"}, "lava")
    assert score(board).center == 3


def test_unknown_option_and_no_files():
    with pytest.raises(RailprintError, match="unknown option 'longst'"):
        score_files([], longst="trail")
    with pytest.raises(RailprintError, match="no board files"):
        score_files([])
