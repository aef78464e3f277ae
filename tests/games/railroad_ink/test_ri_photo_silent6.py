"""Round twenty-four (h-silent6): the last silent spaces, round five.

photo/dropped.py flags a space read with certainty whose reading leaves out a side read with
certainty as a route. On main, a flagged space's guess (the nearest die face) dropped such a side
and a kind step lifted the flag: indep 104,945 D2 (``.hhh``, a T whose west arm was a certain
railway beside two band arms made highways) read ``.hh.``, and indep3 300,853 B2 (``h.hh``, its
north arm a certain railway) read ``..hh``, both with certainty (spent held out).

photo/joined_kinds.py settles no dead end by its place where the side was read as the kind its
doubt names and guessed the other (the meeting's nearest face): on main, indep 104,931 A7
(``h.r.s``, a hatched station; its north arm, a dead end at the grid's top edge, read "two lines
...: a highway?", the space guessed ``r.r.`` for the meeting) was settled a railway by the sheet's
boundary and read ``r.r.`` with certainty. Now it keeps its flag, and ``meeting_centre`` guesses
the station.
"""

from __future__ import annotations

import pytest

pytest.importorskip("cv2")

from railprint.games.railroad_ink.photo import dropped, read  # noqa: E402
from tests.games.railroad_ink.photo_boards import board_of  # noqa: E402


def _sides(spec: str) -> list:
    """Four ``read.SideRead`` from "r! .! h? ." (kind, then ! for certain)."""
    return [read.SideRead(part[0], part.endswith("!"), "" if part.endswith("!") else "a doubt")
            for part in spec.split()]


def test_a_route_side_read_with_certainty_left_out_of_a_certain_reading_is_flagged():
    rows = board_of({"D2": ".hh.", "B2": "..hh", "C4": "r.r.", "E5": ".rr.", "F6": "hh.."})
    sides = {(3, 1): _sides(".! h! h! r!"),     # 104,945 D2: its certain west railway left out
             (1, 1): _sides("r! .! h! h!"),     # 300,853 B2: its certain north railway left out
             (2, 3): _sides("r! .! r! h?"),     # a doubted side left out: not this rule's
             (4, 4): _sides(".! r! r! .!"),     # every route side in the reading
             (5, 5): _sides("h! h! .! r!")}     # flagged already: left alone
    flagged = [read.Uncertain("F6", "hh..", "W: neither clearly a highway nor a railway")]
    out = dropped.revise(rows, flagged, sides_at=lambda r, c: sides.get((r, c), _sides(".! .! .! .!")),
                         uncertain_of=read.Uncertain)
    got = {u.square: (u.guess, u.reason) for u in out}
    assert got == {
        "D2": (".hh.", f"W: {dropped.DROPPED_WHY}"),
        "B2": ("..hh", f"N: {dropped.DROPPED_WHY}"),
        "F6": ("hh..", "W: neither clearly a highway nor a railway"),
    }


def _read(gen: str, seed: int):
    from benchmarks import indep3_photos, indep_photos
    data = {"indep": indep_photos, "indep3": indep3_photos}[gen].make_photo(seed)[0]
    return read.read_photo(data, f"{gen}-{seed}.jpg")


def _at(reading, sq: str):
    r, c = "ABCDEFG".index(sq[0]), int(sq[1:]) - 1
    return reading.board.rows[r][c].token, {u.square: u.reason for u in reading.uncertain}.get(sq)


@pytest.mark.parametrize("gen, seed, sq, token, side", [("indep", 104945, "D2", ".hh.", "W"),
                                                        ("indep3", 300853, "B2", "..hh", "N")])
def test_a_guess_that_left_out_a_certain_side_stays_flagged(gen, seed, sq, token, side):
    assert _at(_read(gen, seed), sq) == (token, f"{side}: {dropped.DROPPED_WHY}")


def test_a_dead_end_read_as_the_kind_its_doubt_names_is_not_settled_by_its_place():
    reading = _read("indep", 104931)
    assert _at(reading, "A7") == ("h.r.s", "N: two lines with a dashed middle or nothing between them: a highway?; "
                                           "highway and railway meet without a station")


def test_an_overexposed_empty_side_coloured_as_a_kinds_routes_keeps_its_flag():
    import math
    from types import SimpleNamespace

    import numpy as np

    from railprint.games.railroad_ink.photo import clipped_pen

    rows = board_of({"A6": "h.h.", "B6": "h.h.", "C6": "h.h.", "A3": ".r.r", "B3": ".r.r", "C1": "h.h."})
    edges = [[cell.edges for cell in row] for row in rows]
    hue = {}
    for r, c in ((0, 5), (1, 5), (2, 5)):
        hue[(r, c, 0)] = hue[(r, c, 2)] = -50.0    # the highlighter's highways
    for r, c in ((0, 2), (1, 2)):
        hue[(r, c, 1)] = hue[(r, c, 3)] = 77.0     # the railways' pen
    hue[(6, 5, 1)] = hue[(6, 5, 2)] = -59.0        # 208,526 G6: its empty sides show the highways' colour
    hue[(5, 0, 0)] = 160.0                         # F1: a colour no route of the sheet is drawn in
    hue[(2, 0, 1)] = -50.0                         # 104,040 C1: its own highway's colour beside its route

    def strip(plane, r, c, s):
        h = hue.get((r, c, s))
        v = 0.0 if h is None else (math.cos if plane == "a" else math.sin)(math.radians(h))
        return np.full((9, 12), v)

    colour = SimpleNamespace(a="a", b="b")
    ruled = {(6, 5), (6, 4), (5, 0), (2, 0)}
    assert clipped_pen.pen_sides(edges, ruled, colour, strip) == {(6, 5)}
    assert clipped_pen.pen_sides(edges, ruled, None, strip) == set()


def test_indep2_208526_g6_a_lost_highlighter_curve_in_overexposed_paper_stays_flagged():
    from benchmarks import indep2_photos

    from railprint.games.railroad_ink.photo import clipped_light
    reading = read.read_photo(indep2_photos.make_photo(208526)[0], "indep2-208526.jpg")
    assert _at(reading, "G6") == ("....", clipped_light.OVER_WHY)
