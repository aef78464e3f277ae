"""Round twenty-two (h-swap): sheets whose kinds are read the wrong way round. Where a kind's printed
exits are mostly read as the other kind, the sheet's exits-alone boundary is drawn from MIN_OFF exits
of each kind (``exit_kinds.alone``; indep3 301,032: dotted highways, twin-rail railways); where both
kinds' exits are, every space ``exit_kinds.doubt`` doubted is guessed the other way round
(``exit_kinds.swap``; indep2 206,445: ruler highways, colour pencils, a messaging app's copy)."""

from __future__ import annotations

import pytest

from railprint.games.railroad_ink.board import SIZE, square
from railprint.games.railroad_ink.photo import exit_kinds, sheet_kinds
from tests.games.railroad_ink.photo_boards import Flag, board_of


# highway exits A2 N, D1 W, A6 N read as railways; railway exits B1 W, F1 W read as highways;
# B2 (a railway space joining B1) read as a highway; C4 a station read h.r.
_BOTH = {"A2": "r.r.", "D1": ".rrr", "A6": "rr..", "B1": ".h.h", "B2": "...h", "F1": ".h.h", "C4": "h.r.s"}


def _doubted(rows: list) -> list:
    return exit_kinds.doubt(rows, [Flag("A2", "r.r.", "N: neither clearly a highway nor a railway")],
                            uncertain_of=Flag)


def test_a_sheet_whose_exits_of_both_kinds_read_as_the_other_is_guessed_the_other_way_round():
    rows = board_of(_BOTH)
    assert exit_kinds.misread_kinds(rows) == {"h", "r"}
    flags = _doubted(rows)
    got, kept = exit_kinds.swap(rows, flags, uncertain_of=Flag)
    flagged = {u.square: u for u in kept}
    assert set(flagged) == {"A2", "D1", "A6", "B1", "B2", "F1", "C4"}
    for sq, token in {"A2": "h.h.", "D1": ".hhh", "A6": "hh..", "B1": ".r.r", "B2": "...r", "F1": ".r.r",
                      "C4": "r.h.s"}.items():
        r, c = "ABCDEFG".index(sq[0]), int(sq[1:]) - 1
        assert got[r][c].token == token and flagged[sq].guess == token
    # every space keeps its flag and its reason (the doubt): nothing is made certain
    assert [u.reason for u in kept] == [u.reason for u in flags]
    assert exit_kinds.misread_kinds(got) == set()
    # a space not doubted is left alone
    assert got[6][6] == rows[6][6]


def test_a_sheet_with_one_kind_misread_is_not_swapped():
    rows = board_of(dict(_BOTH, B1=".r.r", B2="...r", F1=".r.r"))
    assert exit_kinds.misread_kinds(rows) == {"h"}
    flags = _doubted(rows)
    assert exit_kinds.swap(rows, flags, uncertain_of=Flag) == (rows, flags)
    # nor a sheet drawn freely (two spaces read with certainty meet as a highway and a railway)
    rows = board_of(dict(_BOTH, G1=".r.h", G2=".h.h"))
    assert exit_kinds.misread_kinds(rows) == {"h", "r"}
    flags = [Flag(square(r, c), rows[r][c].token, "doubt") for r in range(SIZE) for c in range(SIZE)
             if rows[r][c].token != "...." and square(r, c)[0] != "G"]
    assert exit_kinds.swap(rows, flags, uncertain_of=Flag) == (rows, flags)


def test_the_exits_alone_boundary_needs_fewer_exits_where_a_kind_is_misread():
    assert exit_kinds.alone(board_of(_BOTH)) == exit_kinds.MIN_OFF < sheet_kinds.EXITS_ALONE
    assert exit_kinds.alone(board_of(dict(_BOTH, A2="h.h.", D1=".hhh", A6="hh..", B1=".r.r", B2="...r",
                                        F1=".r.r"))) == sheet_kinds.EXITS_ALONE


def _wrong(board, reading) -> set:
    return {square(r, c) for r in range(SIZE) for c in range(SIZE)
            if reading.board.rows[r][c] != board.rows[r][c]}


@pytest.fixture(scope="module")
def photo_301032():
    pytest.importorskip("cv2")
    pytest.importorskip("pypdfium2")
    from benchmarks import indep3_photos
    from railprint.games.railroad_ink.photo.read import read_photo

    data, board, facts = indep3_photos.make_photo(301_032)
    return board, facts, read_photo(data, "indep3-301032.jpg")


def test_indep3_301032_dotted_highways_twin_railways(photo_301032):
    # main read 20 spaces wrong (all flagged), most of them h <-> r: its boundary was never drawn,
    # two highway exits seen, the sheet's certain sides against any boundary (they are misread)
    board, facts, reading = photo_301032
    assert (facts["highway"], facts["railway"]) == ("dotted", "twin")
    flagged = {u.square: u for u in reading.uncertain}
    wrong = _wrong(board, reading)
    assert wrong <= set(flagged) and len(wrong) <= 2, sorted(wrong)
    for sq, token in {"C3": "h.h.", "C4": "r.r.", "D4": "rr.r", "F2": "h.h.", "G7": "rhrho"}.items():
        r, c = "ABCDEFG".index(sq[0]), int(sq[1:]) - 1
        assert board.rows[r][c].token == token == reading.board.rows[r][c].token
        # round twenty-three: F2's chains reach the highway exits through centres unlike the sheet's
        # stations (photo/plain_chain.py): read right and no longer flagged
        assert (sq in flagged) == (sq != "F2")


def test_indep2_206445_both_kinds_swapped():
    from tests.games.railroad_ink.indep2_seed import read_seed

    got = read_seed(206_445)
    # main: 32 spaces wrong, every route h <-> r; its exits of both kinds all read as the other kind
    assert got.wrong <= set(got.flagged) and len(got.wrong) <= 2, sorted(got.wrong)
    for sq, token in {"A2": "hhhh", "A4": "rrrr", "D3": "hrhrs", "E6": "hrhro"}.items():
        r, c = "ABCDEFG".index(sq[0]), int(sq[1:]) - 1
        assert got.board.rows[r][c].token == token == got.reading.board.rows[r][c].token
        assert exit_kinds.WHY["h"] in got.flagged[sq].reason or exit_kinds.WHY["r"] in got.flagged[sq].reason


def test_indep2_206740_no_swap_where_the_grid_is_lost():
    """A sheet whose printed grid is not where the corner marks put it (every space flagged so) reads
    its exits where none is: its 'misread' exits are junk, and swapping them made 28 wrong spaces 32."""
    from tests.games.railroad_ink.indep2_seed import read_seed

    got = read_seed(206_740)
    assert len(got.flagged) == SIZE * SIZE
    assert all(u.reason.startswith("the printed grid is not where the corner marks put it") for u in got.flagged.values())
    assert len(got.wrong) <= 28, len(got.wrong)
