"""Round seventeen (photo/sheet_kinds.py): highway or railway read from the sheet's own evidence,
its printed exits (a route drawn to an exit is of the exit's kind)."""

from __future__ import annotations

import pytest

from railprint.games.railroad_ink.board import EXIT_AT, SIZE, Cell, square


class _Flag:
    def __init__(self, sq: str, guess: str, reason: str):
        self.square, self.guess, self.reason = sq, guess, reason


def _rules(cells: dict, flagged: tuple = ()):
    """``sheet_kinds.rules`` over a board of ``cells`` ((r, c) -> token, every other space
    empty), each read with certainty unless in ``flagged``."""
    from railprint.games.railroad_ink.photo import sheet_kinds

    from tests.games.railroad_ink.photo_boards import rows_of

    rows = rows_of(cells)
    uncertain = [_Flag(square(r, c), cells[(r, c)], "a few marks") for r, c in flagged]
    return sheet_kinds.rules(rows, uncertain, uncertain_of=_Flag)


def _exit(kind: str) -> tuple[int, int, int]:
    return min(k for k, x in EXIT_AT.items() if x.kind == kind)


@pytest.mark.parametrize("kind", ("h", "r"))
def test_a_route_read_with_certainty_against_an_exit_of_the_other_kind_is_flagged(kind):
    from railprint.games.railroad_ink.photo import sheet_kinds

    r, c, s = _exit(kind)
    other = "r" if kind == "h" else "h"
    edges = "".join(other if t in (s, (s + 2) % 4) else "." for t in range(4))
    uncertain = _rules({(r, c): edges})
    assert [(u.square, u.guess, u.reason) for u in uncertain] == \
        [(square(r, c), edges, f"{'NESW'[s]}: {sheet_kinds.EXIT_WHY[kind]}")]   # its reading the guess
    # the same route of the exit's kind, or the space already flagged: nothing more
    same = "".join(kind if t in (s, (s + 2) % 4) else "." for t in range(4))
    assert _rules({(r, c): same}) == []
    assert [u.reason for u in _rules({(r, c): edges}, flagged=((r, c),))] == ["a few marks"]


def test_a_sheet_whose_certain_spaces_join_a_highway_to_a_railway_is_not_held_to_the_rules():
    # a board drawn freely (as synth.py draws its boards, space by space): a highway facing a
    # railway across an edge between two spaces read with certainty says the exits say nothing
    r, c, s = _exit("h")
    edges = "".join("r" if t in (s, (s + 2) % 4) else "." for t in range(4))
    free = {(r, c): edges, (3, 2): ".h.h", (3, 3): ".r.r"}
    assert _rules(free) == []
    assert len(_rules(free, flagged=((3, 3),))) == 2   # one of the two flagged: no such contact left


# dev seeds whose highways main (d7e061a) read as railways, flagged: indep 10,008 (2 MP, bold
# one-line highways beside ladder railways: 14 spaces wrong on main) and indep2 10,079 (3 MP, a
# fine-liner's X sleepers beside highlighter highways, coffee: 20 wrong on main). The sheet's exits
# show its two kinds apart.
@pytest.mark.parametrize("gen, seed, most", (("indep", 10008, 7), ("indep2", 10079, 10)))
def test_a_sheet_read_by_its_exits_guesses_its_highways_right(gen, seed, most):
    pytest.importorskip("cv2")
    pytest.importorskip("pypdfium2")
    from railprint.games.railroad_ink.board import SIZE as N
    from railprint.games.railroad_ink.photo.read import read_photo

    if gen == "indep":
        from benchmarks import indep_photos
        data, board, facts = indep_photos.make_photo(seed)
        assert (facts["highway"], facts["railway"]) == ("bold", "ladder")
    else:
        from benchmarks import indep2_photos
        data, board, plan = indep2_photos.make_photo(seed)[:3]
        assert "x-ticks" in plan.habits
    reading = read_photo(data, f"{gen}-{seed}.jpg")
    wrong = {square(r, c) for r in range(N) for c in range(N) if reading.board.rows[r][c] != board.rows[r][c]}
    assert wrong <= {u.square for u in reading.uncertain}
    assert len(wrong) <= most, sorted(wrong)


def test_a_certain_side_far_on_the_other_kinds_side_of_the_boundary_is_flagged():
    # round nineteen (sheet_kinds.far): C3 .r.r read with certainty, its east side at -0.9 (the
    # highways' side), its west side at +0.9 taken alone; C5 .h.h's west side at -0.5 but C4's
    # east side, across the edge, at +1.5: their mean +0.5 stays under SURE_Z; C6 flagged already
    from railprint.games.railroad_ink.photo import sheet_kinds

    rows = [tuple(Cell() for _ in range(SIZE)) for _ in range(SIZE)]
    rows[2] = (Cell(), Cell(), Cell(".r.r"), Cell(), Cell(".h.h"), Cell(".r.r"), Cell())
    at = {(2, 2, 1): -0.9, (2, 2, 3): 0.9, (2, 4, 3): -0.5, (2, 3, 1): 1.5, (2, 5, 1): -2.0}
    unsure = [_Flag("C6", ".r.r", "a few marks")]
    out = sheet_kinds.far(rows, unsure, at, uncertain_of=_Flag)
    assert out[:1] == unsure
    assert [(u.square, u.guess, u.reason) for u in out[1:]] == [("C3", ".r.r", f"E: {sheet_kinds.SHAPE_WHY['h']}")]
    assert sheet_kinds.far(rows, [], {}, uncertain_of=_Flag) == []   # no boundary drawn: nothing


@pytest.mark.parametrize("seed, sq, token, why", ((202_706, "B4", "h..h", "W: {h}"), (202_752, "E5", "hh..", "N: {h}; E: {h}")))
def test_a_highway_read_as_a_certain_railway_shaped_as_the_sheets_highways_is_flagged(seed, sq, token, why):
    """indep2 seeds held out in round eighteen (spent there: two of its three spaces read wrong and
    not flagged): 202,706 B4 (a highway ``h..h`` curving tightly beside zig-zag railways, a night
    photo) and 202,752 E5 (a narrow ruler highway ``hh..``, by an exits-alone boundary) read as
    certain railways, their sides 0.78-0.94 on the highways' side of the sheet's boundary. Since round
    twenty (photo/kind_guess.py) the flag's guess is the highway its sides' places say: read right."""
    pytest.importorskip("cv2")
    pytest.importorskip("pypdfium2")
    from railprint.games.railroad_ink.photo import sheet_kinds
    from tests.games.railroad_ink.indep2_seed import read_seed

    seen = read_seed(seed)
    assert sq not in seen.wrong and sq in seen.flagged
    assert seen.flagged[sq].guess == token
    assert seen.flagged[sq].reason == why.format(h=sheet_kinds.SHAPE_WHY["h"])
    assert seen.wrong <= set(seen.flagged), sorted(seen.wrong - set(seen.flagged))
