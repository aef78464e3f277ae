"""Round twenty (photo/kind_guess.py): a flagged space's guess of its route kinds is weighed last
from what its sides join (a printed exit, a neighbour read with certainty, the sheet's boundary of
its two kinds); the same squares stay flagged for the same reasons."""

from __future__ import annotations

import pytest

from railprint.games.railroad_ink.board import square
from railprint.games.railroad_ink.photo import kind_guess, read
from tests.games.railroad_ink.photo_boards import rows_of

NEITHER_EW = f"E: {read.NEITHER}; W: {read.NEITHER}"


def _revise(cells, flags, every=None, first=None):
    """(the guesses of the flagged squares, their reasons). ``flags``: (r, c) -> reason; every side
    is first read as guessed (``first``: (r, c) -> the first reading's edges, where it differs)."""
    rows = rows_of(cells)
    uncertain = [read.Uncertain(square(r, c), cells[(r, c)], why) for (r, c), why in flags.items()]

    def sides_at(r, c):
        edges = (first or {}).get((r, c), rows[r][c].edges)
        return [read.SideRead(k, False, read.NEITHER) for k in edges]
    out_rows, kept = kind_guess.revise(rows, uncertain, every or {}, sides_at=sides_at, faces=read._faces,
                                       uncertain_of=read.Uncertain)
    for u in kept:   # the reading and the flag's guess agree
        r, c = "ABCDEFG".index(u.square[0]), int(u.square[1:]) - 1
        assert out_rows[r][c].token == u.guess
    return {u.square: u.guess for u in kept}, {u.square: u.reason for u in kept}


def test_a_printed_exit_and_a_certain_neighbour_of_the_other_kind_make_a_station():
    # D7 guessed a straight railway: its east side is drawn to the printed highway exit (D7 E), its
    # west side meets D6's railway read with certainty: a station joins them
    cells = {(3, 6): ".r.r", (3, 5): ".r.r"}
    guesses, reasons = _revise(cells, {(3, 6): NEITHER_EW})
    assert guesses == {"D7": ".h.rs"}
    assert reasons == {"D7": NEITHER_EW}   # still flagged, for the same reason
    # D6 flagged too: its railway is no evidence; the exit alone makes D7 a highway
    guesses, _ = _revise(cells, {(3, 6): NEITHER_EW, (3, 5): "S: a faint line?"})
    assert guesses == {"D7": ".h.h", "D6": ".r.r"}


def test_the_sheets_boundary_with_the_neighbours_place():
    # D6 flagged as well; D7's west side unmeasured, D6's east side far on the railways' side
    cells = {(3, 6): ".r.r", (3, 5): ".r.r"}
    flags = {(3, 6): NEITHER_EW, (3, 5): "S: a faint line?"}
    guesses, _ = _revise(cells, flags, every={(3, 5, 1): 0.9})
    assert guesses["D7"] == ".h.rs"
    # a boundary that puts a route side drawn to a printed exit with the other kind is not used
    guesses, _ = _revise(cells, flags, every={(3, 5, 1): 0.9, (3, 6, 1): 0.5})
    assert guesses["D7"] == ".h.h"
    # D7 guessed a highway by a step after its first reading (a colour): a place against that guess
    # is not weighed; where the guess is the first reading's, it is
    cells = {(3, 6): ".h.h", (3, 5): ".r.r"}
    guesses, _ = _revise(cells, flags, every={(3, 5, 1): 0.9}, first={(3, 6): ".r.r"})
    assert guesses["D7"] == ".h.h"
    guesses, _ = _revise(cells, flags, every={(3, 5, 1): 0.9})
    assert guesses["D7"] == ".h.rs"


def test_nothing_changes_on_a_board_drawn_freely_or_without_evidence():
    # C3 and C4 read with certainty face each other as a highway and a railway: drawn freely
    cells = {(3, 6): ".r.r", (2, 2): ".h..", (2, 3): "...r"}
    guesses, _ = _revise(cells, {(3, 6): NEITHER_EW})
    assert guesses == {"D7": ".r.r"}
    # a space in the middle with no neighbour, exit or place: its guess kept
    guesses, _ = _revise({(2, 2): ".r.r"}, {(2, 2): NEITHER_EW})
    assert guesses == {"C3": ".r.r"}


# indep3 flat dev sheet 16,002 (dotted highways, twin rails): the sheet's boundary guessed these
# spaces right, then the station habit re-read them from their first sides (main: A6 rrr., D7
# .r.hs, E1 rhhhs, F2 .hr.s)
@pytest.fixture(scope="module")
def flat_16002():
    from benchmarks import indep3_photos
    data, board, facts = indep3_photos.make_photo(16002, flat=True)
    return board, read.read_photo(data, "indep3-16002.jpg")


@pytest.mark.parametrize("sq, token", [("A6", "hhh."), ("D7", ".h.rs"), ("E1", "hrrrs"), ("F2", ".rh.s")])
def test_indep3_flat_16002_guesses(flat_16002, sq, token):
    board, reading = flat_16002
    r, c = "ABCDEFG".index(sq[0]), int(sq[1:]) - 1
    assert board.rows[r][c].token == token
    assert reading.board.rows[r][c].token == token
    flagged = {u.square: u for u in reading.uncertain}
    if sq == "A6":   # round twenty-one: lifted, its chain reaching a highway exit (photo/chain_kinds.py)
        assert sq not in flagged
        return
    assert flagged[sq].guess == token and read.NEITHER in flagged[sq].reason
