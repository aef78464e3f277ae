"""What a space's edge string makes of it (its route sides, its pieces, the piece a side belongs
to, its special kind, what is wrong in it) is worked out once an edge string and marker and
kept: every kind of space gives what working it out afresh gives, and random sheets score the
same with the kept answers as with none (issue 31: a served sheet is scored at every change)."""

from __future__ import annotations

import itertools
import random

import pytest

from railprint.games.railroad_ink import board as board_module, rules
from railprint.games.railroad_ink.board import MARKERS, SIDES, Board, Cell


def _cells():
    for edges in map("".join, itertools.product(".hrl", repeat=4)):
        for marker in MARKERS:
            try:
                yield Cell(edges, marker)
            except ValueError:   # a crater has no edges
                continue


def _forget(monkeypatch):
    for module, name in ((board_module, "_ROUTE_SIDES"), (board_module, "_PIECES"), (rules, "_SPECIAL"),
                         (rules, "_PROBLEMS"), (rules, "_PIECE_INDEX")):
        monkeypatch.setattr(module, name, {})


def test_every_kind_of_space_is_what_working_it_out_afresh_gives():
    for cell in _cells():
        for kind in (None, "h", "r", "l"):
            afresh = tuple(s for s in SIDES if (cell.edges[s] in "hr" if kind is None else cell.edges[s] == kind))
            assert cell.route_sides(kind) == cell.route_sides(kind) == afresh
        assert cell.pieces() == cell.pieces() == cell._pieces()
        assert rules._special_of(cell) == rules.special_kind(cell)
        for meteor, lava in itertools.product((False, True), repeat=2):
            assert rules._problems_of(cell, meteor, lava) == tuple(rules._cell_problems(cell, meteor, lava))
        for piece_number, piece in enumerate(cell.pieces()):
            for side in piece:
                assert rules.piece_index(cell, side) == piece_number


@pytest.mark.parametrize("expansion", ["none", "meteor", "lava"])
def test_random_sheets_score_alike_with_and_without_the_kept_answers(expansion, monkeypatch):
    rng = random.Random(expansion)
    kinds = list(_cells())
    for _ in range(30):
        rows = tuple(tuple(rng.choice(kinds) if rng.random() < 0.6 else Cell() for _ in range(7)) for _ in range(7))
        sheet = Board(rows, "Ala", expansion)
        kept = rules.score(sheet)
        with monkeypatch.context() as m:
            _forget(m)
            afresh = rules.score(sheet)
        assert kept == afresh and kept.as_dict() == afresh.as_dict() and kept.as_dict("pl") == afresh.as_dict("pl")
        assert kept.networks == afresh.networks and kept.violations == afresh.violations


def test_a_token_read_again_is_the_cell_read_afresh_and_an_error_is_located_where_it_stands():
    from railprint.games.railroad_ink import notation
    from railprint.games.railroad_ink.notation import NotationError, _parse_token, parse_token

    for cell in _cells():
        for token in {cell.token, cell.token.upper(), cell.token.capitalize()}:
            first, again = parse_token(token), parse_token(token, "b.txt", 5, 9)
            assert first == again == _parse_token(token, "<input>", 1, 1)
            assert notation._CELLS[token] is again
    for line, col in ((1, 1), (3, 17)):
        with pytest.raises(NotationError) as exc:
            parse_token("hhq.", "a.txt", line, col)
        assert (exc.value.location.line, exc.value.location.col) == (line, col + 2)
    assert "hhq." not in notation._CELLS
