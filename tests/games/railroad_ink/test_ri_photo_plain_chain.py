"""Round twenty-three (photo/plain_chain.py): a kind doubt lifted where the route's chains reach a
printed exit of its kind through centres inked unlike the sheet's stations; a flagged centre inked
as the sheet's stations stops the route, and two kinds there are guessed a station."""

from __future__ import annotations

import pytest

from railprint.games.railroad_ink.board import square
from railprint.games.railroad_ink.photo import plain_chain, read, route_kinds
from tests.games.railroad_ink.photo_boards import rows_of

NEITHER_EW = f"E: {read.NEITHER}; W: {read.NEITHER}"
NEITHER_NS = f"N: {read.NEITHER}; S: {read.NEITHER}"
# three stations read with certainty, their centres inked 0.95 (the sheet's mark fills its centre)
STATIONS = {(6, 4): "hr..s", (6, 6): "hr..s", (5, 5): ".hr.s"}
# D1's west side is the printed highway exit D1 W
ROUTE = {(3, 0): ".h.h", (3, 1): ".h.h", (3, 2): ".h.h", (3, 3): "...h", **STATIONS}
BOTH = {(3, 0): NEITHER_EW, (3, 1): NEITHER_EW}


def _inked(rows, heavy=(), stations=0.95):
    def inked(r, c):
        if rows[r][c].marker == "s":
            return stations
        return 0.9 if (r, c) in heavy else 0.3
    return inked


def _kept(cells, flags, heavy=(), stations=0.95, every=None, hollow=None):
    """The squares still flagged; every side read with certainty, every centre inked 0.3 but
    ``heavy``'s (0.9) and the stations' (``stations``); ``hollow``: the paper closed in at each centre
    ((r, c) -> mm², 0 elsewhere), when measured."""
    rows = rows_of(cells)
    uncertain = [read.Uncertain(square(r, c), cells[(r, c)], why) for (r, c), why in flags.items()]

    def sides_at(r, c):
        return [read.SideRead(k, True, "") for k in rows[r][c].edges]
    every = {(0, 0, 1): -1.0} if every is None else every   # a boundary drawn
    return sorted(u.square for u in plain_chain.lift(
        rows, uncertain, every, sides_at=sides_at, inked=_inked(rows, heavy, stations),
        hollow=None if hollow is None else (lambda r, c: hollow.get((r, c), 0.0))))


def test_a_chain_to_an_exit_through_plain_centres_lifts_the_flag():
    assert _kept(ROUTE, BOTH) == []


def test_a_centre_inked_as_the_stations_keeps_the_flag():
    # D2's own centre, or D3's on the chain (read with certainty), inked as the sheet's stations: a
    # station lost there, where the route may change kind
    assert _kept(ROUTE, BOTH, heavy={(3, 1)}) == ["D1", "D2"]
    assert _kept(ROUTE, BOTH, heavy={(3, 2)}) == ["D1", "D2"]


def test_a_sheet_whose_stations_leave_the_centre_light_keeps_the_flags():
    # hollow marks: the centre's ink tells a station from a route no better than chain_kinds does
    assert _kept(ROUTE, BOTH, stations=0.4) == ["D1", "D2"]
    # too few stations read to know the mark
    cells = {k: v for k, v in ROUTE.items() if k != (5, 5)}
    assert _kept(cells, BOTH) == ["D1", "D2"]


def test_a_doubted_side_running_into_nothing_needs_its_place():
    # D2's east side, doubted, faces the empty D3: a mark read as a side? (held out indep2 132,173 B7
    # `rr.r` read `rrrr`, its doubted south side facing C7's certain empty north; 132,124 A7 `..rr`
    # read `.rrr`, its doubted east side at the grid's edge with no exit: lifted silent, found on the
    # held-out measure)
    cells = {(3, 0): ".h.h", (3, 1): ".h.h", **STATIONS}
    flags = {(3, 1): NEITHER_EW}
    assert _kept(cells, flags) == ["D2"]
    assert _kept(cells, flags, every={(3, 1, 1): -0.8}) == ["D2"]
    # placed DEAD_END_Z or more on the highways' side of the sheet's boundary: a highway's end
    assert _kept(cells, flags, every={(3, 1, 1): -1.1}) == []


def test_hollow_stations_the_paper_closed_in():
    # the sheet's stations are outlines: their centres ink 0.4, but close in 10 mm² of paper each
    outlines = {k: 10.0 for k in STATIONS}
    assert _kept(ROUTE, BOTH, stations=0.4, hollow=outlines) == []
    # D2 closes in paper as they do: a station lost there
    assert _kept(ROUTE, BOTH, stations=0.4, hollow={**outlines, (3, 1): 9.0}) == ["D1", "D2"]
    # stations closing in too little paper to tell (a dot's ring, a gap in a line)
    assert _kept(ROUTE, BOTH, stations=0.4, hollow={k: 1.0 for k in STATIONS}) == ["D1", "D2"]


def test_no_exit_or_the_other_kind_keeps_the_flag():
    # a railway drawn to the highway exit D1 W
    railway = {**ROUTE, (3, 0): ".r.r", (3, 1): ".r.r", (3, 2): ".r.r", (3, 3): "...r"}
    assert _kept(railway, BOTH) == ["D1", "D2"]
    # the chain meets a railway at D3 (flagged): something is misread
    assert _kept({**ROUTE, (3, 2): ".r.r"}, {**BOTH, (3, 2): NEITHER_EW}) == ["D1", "D2", "D3"]
    # another doubt beside the kind's
    assert _kept(ROUTE, {**BOTH, (3, 1): f"{NEITHER_EW}; S: a faint line?"}) == ["D2"]
    # no boundary of the sheet's kinds drawn
    assert _kept(ROUTE, BOTH, every={}) == ["D1", "D2"]


def test_an_overpass_each_route_to_its_exit():
    # D4 `rhrho`: its railway north through C4-A4 to the railway exit A4 N and south through E4-G4
    # to G4 S, its highway east through D5-D7 to the highway exit D7 E
    cells = {(3, 3): "rhrho", (2, 3): "r.r.", (1, 3): "r.r.", (0, 3): "r.r.", (4, 3): "r.r.", (5, 3): "r.r.",
             (6, 3): "r.r.", (3, 4): ".h.h", (3, 5): ".h.h", (3, 6): ".h.h", **STATIONS}
    assert _kept(cells, {(3, 3): NEITHER_NS}) == []
    # read the other way round (`hrhro`): each route meets its exit's other kind
    swapped = {**cells, (3, 3): "hrhro"}
    assert _kept(swapped, {(3, 3): NEITHER_NS}) == ["D4"]


def test_a_centre_inked_as_the_stations_is_guessed_a_station():
    # D2 `.h.h` flagged: its west route runs to the highway exit D1 W, its east route to D7 E ...
    # read as a railway with certainty at D4-D6 (a railway, the route beyond a station lost at D3)
    cells = {(3, 0): ".h.h", (3, 1): ".h.h", (3, 2): ".h.h", (3, 3): ".r.r", (3, 4): ".r.r", **STATIONS}
    flags = {(3, 1): NEITHER_EW, (3, 2): NEITHER_EW}
    rows = rows_of(cells)
    uncertain = [read.Uncertain(square(r, c), cells[(r, c)], why) for (r, c), why in flags.items()]
    inked = _inked(rows, heavy={(3, 2)})
    marked = plain_chain.marked(rows, uncertain, inked)
    assert marked == {"D3"}
    out, flagged = route_kinds.revise(rows, uncertain, {}, faces=read._faces, uncertain_of=read.Uncertain,
                                      marked=marked)
    assert out[3][2].token == ".r.hs"
    assert {u.square: u.guess for u in flagged} == {"D2": ".h.h", "D3": ".r.hs"}
    # without the centre's ink the route runs on through D3, its anchors disagree: nothing guessed
    out, _ = route_kinds.revise(rows, uncertain, {}, faces=read._faces, uncertain_of=read.Uncertain)
    assert out[3][2].token == ".h.h"


# indep3 dev 26,037: flagged by main for their kinds alone, each read right
LIFTED_26037 = {"A4": "rhrho", "B7": "hrhro", "F1": ".r.r", "F5": ".r.r", "F6": "rr.r", "F7": "rr.r",
                "G3": ".rr."}


@pytest.fixture(scope="module")
def photo_26037():
    from benchmarks import indep3_photos
    data, board, facts = indep3_photos.make_photo(26037)
    return board, read.read_photo(data, "indep3-26037.jpg")


def test_indep3_26037_kind_doubts_settled_by_plain_chains(photo_26037):
    board, reading = photo_26037
    flagged = {u.square for u in reading.uncertain}
    for sq, token in LIFTED_26037.items():
        r, c = "ABCDEFG".index(sq[0]), int(sq[1:]) - 1
        assert board.rows[r][c].token == token
        assert reading.board.rows[r][c].token == token, sq
        assert sq not in flagged, sq
    # every space read wrong is still flagged
    assert all(square(r, c) in flagged for r in range(7) for c in range(7)
               if reading.board.rows[r][c].token != board.rows[r][c].token)
