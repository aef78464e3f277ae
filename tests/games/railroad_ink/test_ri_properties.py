"""Properties (hypothesis): symmetries keep the score, isolated routes never remove errors,
format and parse are inverse."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from railprint.games.railroad_ink import format_board, parse, score
from railprint.games.railroad_ink.board import Board, Cell, neighbour

from tests.games.railroad_ink.strategies import any_cell, boards, face_cell, linked_boards, player_names

KEYS = ("exits", "longest_highway", "longest_railway", "center", "error_count", "meteor", "lava",
        "total")


def _numbers(board: Board, mode: str = "simple") -> dict:
    s = score(board, mode)
    out = {k: getattr(s, k) for k in KEYS}
    out["violations"] = len(s.violations)
    out["networks"] = sorted(len(n.exits) for n in s.networks)
    return out


def test_mirror_maps_edge_letters():
    cell = Cell("hr.l", "s")
    assert cell.mirrored(horizontal=True) == Cell("hl.r", "s")  # east <-> west
    assert cell.mirrored(horizontal=False) == Cell(".rhl", "s")  # north <-> south
    board = Board.from_tokens(["hr.ls"] + ["."] * 48)
    assert board.mirror_lr()[0, 6] == Cell("hl.r", "s")
    assert board.mirror_tb()[6, 0] == Cell(".rhl", "s")
    assert board.turn_180()[6, 6] == Cell(".lhr", "s")
    assert board.turn_180().turn_180() == board


@settings(max_examples=80, deadline=None)
@given(boards(empty_weight=0.45) | linked_boards() | linked_boards(blank=0.15))
def test_score_unchanged_by_mirrors_and_half_turn(board):
    want = _numbers(board)
    assert _numbers(board.mirror_lr()) == want
    assert _numbers(board.mirror_tb()) == want
    assert _numbers(board.turn_180()) == want


@settings(max_examples=30, deadline=None)
@given(boards(empty_weight=0.45) | linked_boards(blank=0.15))
def test_trail_score_unchanged_by_mirrors_and_half_turn(board):
    want = _numbers(board, "trail")
    assert _numbers(board.mirror_lr(), "trail") == want
    assert _numbers(board.turn_180(), "trail") == want


def test_quarter_turn_is_not_a_symmetry():
    """Sanity check of the property above: a 90° turn moves exits onto other types."""
    row = Board.from_tokens(["."] * 21 + [".h.h"] * 7 + ["."] * 21)  # highway D1-D7
    column = Board.from_tokens(["." if c != 3 else "h.h." for r in range(7) for c in range(7)])
    assert score(row).exits == 4
    assert score(column).exits == 0  # A4 and G4 are railway exits
    assert score(column).violations


def _isolated_spots(board: Board) -> list[tuple[int, int]]:
    """Empty spaces whose neighbours are all empty (or off the board)."""
    return [(r, c) for r, c, cell in board.cells() if cell.empty
            and all(board[nb].empty for nb in (neighbour(r, c, s) for s in range(4)) if nb)]


@settings(max_examples=80, deadline=None)
@given(boards(empty_weight=0.6), face_cell | any_cell, st.data())
def test_adding_an_isolated_route_never_lowers_errors(board, new, data):
    spots = _isolated_spots(board)
    assume(spots and new.route_sides())
    r, c = data.draw(st.sampled_from(spots))
    before = score(board).error_count
    after = score(board.replace(r, c, new)).error_count
    assert after >= before
    if board.expansion != "meteor":
        # nothing around it: every end not facing the board edge is open
        ends = sum(1 for s in new.route_sides() if neighbour(r, c, s))
        lava = (sum(1 for s in new.lava_sides() if neighbour(r, c, s))
                if board.expansion == "lava" else 0)
        assert after == before + ends + lava


@settings(max_examples=150, deadline=None)
@given(boards(empty_weight=0.3, players=player_names))
def test_parse_of_format_is_identity(board):
    text = format_board(board)
    assert parse(text) == board
    assert format_board(parse(text)) == text
