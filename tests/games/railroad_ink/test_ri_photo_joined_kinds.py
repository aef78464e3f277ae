"""Round nineteen (photo/joined_kinds.py): a flag on a route side's kind is lifted where what the
side joins settles it (a route of its kind read with certainty across the edge, a printed exit of
its kind, its place far on its kind's side; a station's other sides), and kept where anything in
the sheet speaks against it."""

from __future__ import annotations

import pytest

from railprint.games.railroad_ink.board import EXIT_AT, SIZE, Cell, square
from railprint.games.railroad_ink.photo import joined_kinds, read
from tests.games.railroad_ink.photo_boards import rows_of


def _space_at(rows):
    # the reader's own rules from four sides: a station where both kinds meet (its centre read with
    # certainty), an overpass on a straight crossing
    def at(r, c, sides):
        edges = "".join(x.kind for x in sides)
        kinds = set(edges) - {"."}
        cell = Cell(edges, "o" if edges in ("hrhr", "rhrh") else "s" if kinds == {"h", "r"} else "")
        return cell, all(x.certain for x in sides) and cell == rows[r][c], ""
    return at


def _revise(cells, flags, at, uncertain_sides=(), flags_too=None):
    """The squares still flagged. ``flags``: (r, c) -> reason (``flags_too`` too); every side of
    every space is read with certainty but the (r, c, s) in ``uncertain_sides``."""
    rows = rows_of(cells)
    uncertain = [read.Uncertain(square(r, c), cells[(r, c)], why)
                 for (r, c), why in {**flags, **(flags_too or {})}.items()]

    def sides_at(r, c):
        return [read.SideRead(k, (r, c, s) not in uncertain_sides, "") for s, k in enumerate(rows[r][c].edges)]
    kept = joined_kinds.revise(rows, uncertain, at, sides_at=sides_at, side_read=read.SideRead,
                               space_at=_space_at(rows), faces=read._faces)
    return sorted(u.square for u in kept)


NEITHER_E = f"E: {read.NEITHER}"
# a trusted boundary that places only a side far from the spaces looked at (nothing near them)
ELSEWHERE = {(6, 6, 0): 1.0}


def test_a_side_joining_a_certain_route_of_its_kind_is_settled():
    # C3 a straight railway whose east side is in doubt; C4 (read with certainty) runs it on
    cells = {(2, 2): ".r.r", (2, 3): ".r.r", (2, 1): ".r.r"}
    assert _revise(cells, {(2, 2): NEITHER_E}, ELSEWHERE) == []
    # C4 flagged too, its west side in doubt as well: nothing settles C3's east side
    assert _revise(cells, {(2, 2): NEITHER_E, (2, 3): f"W: {read.NEITHER}"}, ELSEWHERE,
                   uncertain_sides={(2, 3, 3), (2, 2, 1)}) == ["C3", "C4"]
    # C4 flagged for something else, its west side read with certainty: not settled (a flagged
    # space's certain side may be a misread's: indep2 dev 3,532 B6, C6)
    assert _revise(cells, {(2, 2): NEITHER_E, (2, 3): "S: a faint line?"}, ELSEWHERE) == ["C3", "C4"]
    # no trusted boundary on this sheet: kept (a sheet whose kinds the reader confuses)
    assert _revise(cells, {(2, 2): NEITHER_E}, {}) == ["C3"]
    # the boundary puts a route side of C3 with the highways: kept
    assert _revise(cells, {(2, 2): NEITHER_E}, {**ELSEWHERE, (2, 2, 3): -0.2}) == ["C3"]
    # another doubt beside the kind: kept
    assert _revise(cells, {(2, 2): f"{NEITHER_E}; W: a faint line?"}, ELSEWHERE) == ["C3"]
    assert _revise(cells, {(2, 2): f"{NEITHER_E}; centre: a station?"}, ELSEWHERE) == ["C3"]


def test_a_side_meeting_the_other_kind_keeps_its_flag():
    # C4's west side a highway: the rules never join them, something is misread
    cells = {(2, 2): ".r.r", (2, 3): ".h.h", (2, 1): ".r.r"}
    assert _revise(cells, {(2, 2): NEITHER_E}, ELSEWHERE) == ["C3"]
    # and a side read with certainty that meets the other kind, the doubted one settled
    cells = {(2, 2): ".r.r", (2, 3): ".r.r", (2, 1): ".h.h"}
    assert _revise(cells, {(2, 2): NEITHER_E}, ELSEWHERE) == ["C3"]


def test_a_dead_end_is_settled_only_far_on_its_kinds_side():
    # C3's east side faces an empty space: its place alone, DEAD_END_Z or more
    cells = {(2, 2): ".r.r", (2, 1): ".r.r"}
    assert _revise(cells, {(2, 2): NEITHER_E}, {(2, 2, 1): 1.2, (2, 2, 3): 0.8}) == []
    assert _revise(cells, {(2, 2): NEITHER_E}, {(2, 2, 1): 0.9, (2, 2, 3): 0.8}) == ["C3"]


def test_a_side_far_on_its_kinds_side_joining_a_flagged_route_is_settled_with_its_neighbour():
    cells = {(2, 2): ".r.r", (2, 3): ".r.r", (2, 1): ".r.r"}
    flags = {(2, 2): NEITHER_E, (2, 3): f"W: {read.NEITHER}"}
    near = {(2, 2, 1): 0.9, (2, 2, 3): 0.6, (2, 3, 3): 0.8, (2, 3, 1): 0.9}
    assert _revise(cells, flags, near, uncertain_sides={(2, 3, 3), (2, 2, 1)}) == []
    assert _revise(cells, flags, {**near, (2, 3, 3): 0.5}, uncertain_sides={(2, 3, 3), (2, 2, 1)}) == ["C3", "C4"]


def test_a_route_drawn_to_a_printed_exit_of_its_kind_is_settled():
    (r, c, s), x = min((k, v) for k, v in EXIT_AT.items() if v.kind == "h")
    edges = "".join("h" if t in (s, (s + 2) % 4) else "." for t in range(4))
    dr, dc = joined_kinds.STEP[(s + 2) % 4]
    cells = {(r, c): edges, (r + dr, c + dc): edges}
    why = f"{'NESW'[s]}: {read.NEITHER}"
    assert _revise(cells, {(r, c): why}, ELSEWHERE) == []
    # a railway there: it meets a highway exit, kept
    rail = {k: v.replace("h", "r") for k, v in cells.items()}
    assert _revise(rail, {(r, c): why}, ELSEWHERE) == [square(r, c)]


def test_a_stations_doubted_side_is_the_one_its_other_sides_leave():
    # D4 a straight station (north highway, south railway) read as a railway on both sides: the
    # reader guessed the north a highway; its south side (certain) and the station leave only that
    cells = {(3, 3): "h.r.s", (2, 3): "h.h.", (4, 3): "r.r."}
    why = f"N: {read.NEITHER}; {joined_kinds.STATION_NEEDS}"
    far = {(3, 3, 0): -0.9, (3, 3, 2): 1.0}
    assert _revise(cells, {(3, 3): why}, far, uncertain_sides={(3, 3, 0), (2, 3, 2)},
                   flags_too={(2, 3): "N: a faint line?"}) == ["C4"]
    # a side of the station near the boundary, or not placed: kept
    assert _revise(cells, {(3, 3): why}, {**far, (3, 3, 2): 0.56}, uncertain_sides={(3, 3, 0)}) == ["D4"]
    assert _revise(cells, {(3, 3): why}, {(3, 3, 0): -0.9}, uncertain_sides={(3, 3, 0)}) == ["D4"]
    # its station's other side, not its neighbour, settles the doubted one: the neighbour across
    # the doubted edge read as a railway would break the join (kept), read flagged it does not
    assert _revise({**cells, (2, 3): "r.r."}, {(3, 3): why}, far, uncertain_sides={(3, 3, 0)}) == ["D4"]
    # a station of four routes (a special route): kept, however its sides lie (an overpass or a
    # stain read as one, indep2 dev 92,059 G2 and C6)
    cells = {(3, 3): "hrrrs"}
    far = {(3, 3, 0): -0.9, (3, 3, 1): 1.0, (3, 3, 2): 1.0, (3, 3, 3): 1.0}
    assert _revise(cells, {(3, 3): f"N: {read.NEITHER}"}, far, uncertain_sides={(3, 3, 0)}) == ["D4"]


def test_four_routes_or_two_dead_ends_keep_their_flag():
    # a stain read as two railways across a straight railway (indep2 dev 90,033 F1, `.r.r` read
    # `rrrr`): its east side joins a certain railway, its west a railway exit, both settled
    cells = {(5, 0): "rrrr", (5, 1): ".r.r"}
    assert EXIT_AT[(5, 0, 3)].kind == "r"
    assert _revise(cells, {(5, 0): NEITHER_E}, ELSEWHERE) == ["F1"]
    # the same space read `.r.r`: lifted
    assert _revise({(5, 0): ".r.r", (5, 1): ".r.r"}, {(5, 0): NEITHER_E}, ELSEWHERE) == []
    # a T of railways whose two branches join nothing (an empty space, a board edge without exit)
    cells = {(3, 3): "rrr.", (3, 4): ".r.r"}
    far = {(3, 3, 0): 1.2, (3, 3, 2): 1.2}
    assert _revise(cells, {(3, 3): NEITHER_E}, far) == ["D4"]
    # one of them joining a railway read with certainty: lifted
    assert _revise({**cells, (2, 3): "r.r."}, {(3, 3): NEITHER_E}, far) == []


def test_an_overpass_keeps_its_flag():
    # a station read as an overpass carries a kind doubt too (indep dev 92,003 D6)
    cells = {(3, 3): "hrhro", (2, 3): "h.h.", (4, 3): "h.h.", (3, 2): ".r.r", (3, 4): ".r.r"}
    assert _revise(cells, {(3, 3): f"N: {read.NEITHER}"}, ELSEWHERE) == ["D4"]


def test_doubted_sides_reads_the_reason_part_by_part():
    assert joined_kinds.doubted_sides(f"N: {read.NEITHER}; S: {read.SOLID_BAND}", "h.h.", "") == {0, 2}
    assert joined_kinds.doubted_sides(f"E: {read.NEITHER}", "h.h.", "") is None   # a side read empty
    assert joined_kinds.doubted_sides(f"N: {read.NEITHER}; {joined_kinds.STATION_NEEDS}", "h.r.", "s") == {0}
    assert joined_kinds.doubted_sides(f"N: {read.NEITHER}; {joined_kinds.STATION_NEEDS}", "h.h.", "") is None
    assert joined_kinds.doubted_sides(joined_kinds.STATION_NEEDS, "h.r.", "s") is None   # no side doubted
    assert joined_kinds.doubted_sides("", "h.h.", "") is None


# indep dev 92,001 (a blue ballpoint, highways of two lines, railways with ticks, filled-square
# stations, 2 MP under a lamp): main f1257e3 flags 7 spaces read right only for their kinds; five
# of them the sheet settles — B6 `h.h.` (sides running on into a highway read with certainty, or
# far on the highway side), C1 and C7 `r..hs`, D1 `.r.hs`, F7 `hr..s` (a station's doubted
# highway, its railway read with certainty); A7 `h.hh` (two sides joining nothing) and F2 `rrhrs`
# (four routes) keep their flags (A7 lifted since round twenty-one); every space read wrong stays flagged.
@pytest.fixture(scope="module")
def indep_92001():
    pytest.importorskip("cv2")
    pytest.importorskip("pypdfium2")
    from benchmarks import indep_photos

    data, board, facts = indep_photos.make_photo(92001)
    return board, read.read_photo(data, "indep-92001.jpg")


def test_a_photos_kind_flags_settled_by_the_joins_are_lifted(indep_92001):
    board, reading = indep_92001
    flagged = {u.square for u in reading.uncertain}
    lifted = {"B6": "h.h.", "C1": "r..hs", "C7": "r..hs", "D1": ".r.hs", "F7": "hr..s"}
    assert "F2" in flagged
    # round twenty-one: A7's chain runs to a highway exit, its dead end far on the highways' side
    # of the sheet's boundary (photo/chain_kinds.py): lifted there
    assert "A7" not in flagged and reading.board.rows[0][6].token == board.rows[0][6].token == "h.hh"
    for sq, token in lifted.items():
        r, c = "ABCDEFG".index(sq[0]), int(sq[1:]) - 1
        assert reading.board.rows[r][c].token == token == board.rows[r][c].token
        assert sq not in flagged, sq
    wrong = {square(r, c) for r in range(SIZE) for c in range(SIZE) if reading.board.rows[r][c] != board.rows[r][c]}
    assert wrong <= flagged


MEET = "highway and railway meet without a station"


def test_a_side_read_as_the_other_kind_where_no_station_is_drawn_is_settled_by_its_joins():
    # round twenty-one: C3 a straight railway whose east side read as a highway, uncertain: the
    # kinds met without a station, and the reader guessed the east side a railway (its west side's
    # kind); C4 (read with certainty) runs the railway on: settled, both doubts with it
    cells = {(2, 2): ".r.r", (2, 3): ".r.r", (2, 1): ".r.r"}
    meet = {(2, 2): f"{NEITHER_E}; {MEET}"}
    assert _revise(cells, meet, ELSEWHERE) == []
    # C4 a highway across the doubted edge: the guess breaks the join, kept
    assert _revise({**cells, (2, 3): ".h.h"}, meet, ELSEWHERE) == ["C3"]
    # the guess a station (the centre's doubt is the question, not the side's): kept
    cells = {(2, 2): ".r.hs", (2, 3): ".h.h", (2, 1): ".r.r"}
    assert _revise(cells, meet, ELSEWHERE) == ["C3"]
    # the meeting alone, no side in doubt: nothing here settles it
    assert _revise({(2, 2): ".r.r", (2, 3): ".r.r", (2, 1): ".r.r"}, {(2, 2): MEET}, ELSEWHERE) == ["C3"]


def test_a_photos_side_read_as_the_other_kind_beside_a_meeting_is_settled():
    """indep2 dev 120,023 G6, a straight highway ``h.h.`` whose south side read uncertainly as a
    railway: "highway and railway meet without a station", guessed ``h.h.`` and flagged on main;
    its south side is drawn to a printed highway exit, so the flag goes (round twenty-one)."""
    pytest.importorskip("cv2")
    pytest.importorskip("pypdfium2")
    from tests.games.railroad_ink.indep2_seed import read_seed

    seen = read_seed(120_023)
    assert seen.board.rows[6][5].token == "h.h." and seen.reading.board.rows[6][5].token == "h.h."
    assert "G6" not in seen.flagged
    assert seen.wrong <= set(seen.flagged), sorted(seen.wrong - set(seen.flagged))
