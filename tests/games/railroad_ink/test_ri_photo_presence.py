"""Is a route there or not (issue 35, round seventeen): a line far lighter than the sheet's own
routes (``photo/erased.py``) and routes that break the rules' joins (``photo/joins.py``)."""

from __future__ import annotations

import numpy as np
import pytest

from railprint.games.railroad_ink.board import Cell
from railprint.games.railroad_ink.photo import erased, joins


class _Unsure:
    def __init__(self, square, guess, reason):
        self.square, self.guess, self.reason = square, guess, reason


def _rows(tokens: list[str]) -> list[tuple[Cell, ...]]:
    """Seven rows of seven spaces from their tokens ('.' rows of empty spaces filled in)."""
    rows = []
    for line in tokens:
        cells = [Cell(t[:4], t[4:]) for t in line.split()]
        rows.append(tuple(cells + [Cell("....", "")] * (7 - len(cells))))
    return rows + [tuple([Cell("....", "")] * 7)] * (7 - len(rows))


def _line(peak: float, width_px: int, rows: int = 26, cols: int = 56) -> np.ndarray:
    """A strip's darkness with one line along its rows, ``width_px`` wide, ``peak`` dark."""
    strip = np.full((rows, cols), 0.01, np.float32)
    strip[:, cols // 2 - width_px // 2:cols // 2 - width_px // 2 + width_px] = peak
    return strip


def test_a_line_far_lighter_than_the_sheets_railways_is_flagged_and_dropped_from_the_guess():
    # a sheet of straight railways down column 1 (A2..G2), and a faint one in D5
    rows = _rows(["....  r.r.", "....  r.r.", "....  r.r.", "....  r.r.  ....  ....  .r.r"] +
                 ["....  r.r."] * 3)

    def strip(rel, r, c, s):
        if (r, c) in ((3, 4), (6, 1)):
            return _line(0.2, 4)      # an erased line: half the peak, the same width (G2: overexposed, skipped)
        if (r, c) == (4, 1):
            skips = _line(0.45, 4)    # a ballpoint's skips: the line in a fifth of the rows, dark there
            skips[:-6] = 0.01
            return skips
        if (r, c) == (5, 1):
            return _line(0.22, 8)     # a blurred line: its peak down, its ink across kept
        return _line(0.45, 4)

    def space_at(r, c, sides):
        edges = "".join(side.kind for side in sides)
        return Cell(edges, ""), True, ""

    side_read = lambda kind, certain, why: type("S", (), {"kind": kind})()   # noqa: E731
    sure = [type("S", (), {"kind": "r", "certain": True, "why": ""})()] * 4
    new_rows, unsure = erased.revise(rows, [], np.zeros((1, 1)), 6.0, strip=strip, sides_at=lambda r, c: list(sure),
                                     space_at=space_at, side_read=side_read, uncertain_of=_Unsure, skip={(6, 1)})
    flagged = {u.square: u for u in unsure}
    assert set(flagged) == {"D5"}, sorted(flagged)
    assert flagged["D5"].guess == "...." and new_rows[3][4] == Cell("....", "")
    assert flagged["D5"].reason == f"E: {erased.WHY['r']}; W: {erased.WHY['r']}"
    assert new_rows[5][1] == rows[5][1] and new_rows[4][1] == rows[4][1] and new_rows[6][1] == rows[6][1]


def test_a_sheet_without_enough_sure_sides_of_a_kind_is_not_judged():
    rows = _rows(["....  r.r.", "....  r.r."])
    out_rows, unsure = erased.revise(rows, [], np.zeros((1, 1)), 6.0, strip=lambda *a: _line(0.05, 4),
                                     sides_at=None, space_at=None, side_read=None, uncertain_of=_Unsure)
    assert unsure == [] and out_rows is rows


def test_a_route_that_joins_nothing_or_meets_the_other_kind_is_flagged_on_a_sheet_played_by_the_rules():
    # A2 h.hh reaches the highway exit north of it; a highway runs down column 2 to G2 (the south
    # highway exit); B4 ..rr joins nothing (a ring over an empty space); C2's east railway meets
    # C3's west highway
    rows = _rows(["....  h.h.", "....  h.h.  ....  .rr.", "....  hrh.s .h.h", "....  h.h.", "....  h.h.",
                  "....  h.h.", "....  h.h."])
    unsure = joins.revise(rows, [], uncertain_of=_Unsure)
    why = {u.square: u.reason for u in unsure}
    assert why == {"B4": joins.JOINS_NOTHING, "C2": f"E: {joins.MEETS_OTHER}",
                   "C3": f"W: {joins.MEETS_OTHER}; {joins.JOINS_NOTHING}"}, why


def test_a_sheet_not_played_by_the_rules_is_not_checked():
    # every other edge meets the other kind (synth.py's random spaces): no flag
    rows = _rows(["....  h.h.", "....  r.r.", "....  h.h.", "....  r.r.", "....  h.h.", "....  r.r.", "....  h.h."])
    assert not joins.by_the_rules(rows)
    assert joins.revise(rows, [], uncertain_of=_Unsure) == []


def _misread_sheet(c2_certain: bool) -> tuple[list, list]:
    """Column 2 a highway from exit to exit (A2-G2), D2 read a certain railway, C2 and E2 flagged
    (certain too when ``c2_certain``: C2 only); column 4 a railway from exit to exit, every space
    flagged with a highway guess (the sheet's kinds misread there)."""
    rows = _rows(["....  h.h.  ....  h.h."] * 3 + ["....  r.r.  ....  h.h."] + ["....  h.h.  ....  h.h."] * 3)
    flagged = ["C2", "E2"] if not c2_certain else ["E2"]
    return rows, [_Unsure(sq, "h.h.", "neither clearly a highway nor a railway") for sq in flagged] + \
        [_Unsure(f"{'ABCDEFG'[r]}4", "h.h.", "neither clearly a highway nor a railway") for r in range(7)]


def test_a_certain_route_meeting_the_other_kind_is_flagged_on_a_sheet_its_misreads_break():
    # round nineteen: the flagged guesses of column 4 (highways at railway exits) and D2 break the
    # sheet's count, so it is not played by the rules as read; but no two spaces read with
    # certainty face each other as a highway and a railway (not drawn freely): D2 is flagged
    rows, unsure = _misread_sheet(c2_certain=False)
    assert not joins.by_the_rules(rows) and joins.checked(rows, {u.square for u in unsure})
    new = {u.square: u for u in joins.revise(rows, unsure, uncertain_of=_Unsure)[len(unsure):]}
    assert set(new) == {"D2"}, sorted(new)
    assert new["D2"].guess == "r.r."
    # (meeting the other kind only: a route joining nothing is not flagged on such a sheet)
    assert new["D2"].reason == f"N: {joins.MEETS_OTHER}; S: {joins.MEETS_OTHER}"


def test_on_a_sheet_its_misreads_break_a_side_the_sheets_shapes_back_is_not_flagged_for_its_neighbour():
    # the same sheet with a boundary of its kinds drawn: D2's north railway side lies 0.9 on the
    # railways' side (its shape backs it: C2's highway guess is the likelier misread), its south
    # side 0.4 on the highways' side: D2 is flagged for its south side alone
    rows, unsure = _misread_sheet(c2_certain=False)
    new = joins.revise(rows, unsure, uncertain_of=_Unsure, at={(3, 1, 0): 0.9, (3, 1, 2): -0.4})[len(unsure):]
    assert [(u.square, u.reason) for u in new] == [("D2", f"S: {joins.MEETS_OTHER}")]
    # both sides backed: not flagged
    assert joins.revise(rows, unsure, uncertain_of=_Unsure, at={(3, 1, 0): 0.9, (3, 1, 2): 0.3}) == unsure


def test_a_sheet_drawn_freely_and_not_by_the_rules_is_not_checked():
    # the same sheet with C2 read with certainty: C2's highway faces D2's railway, both certain
    # (a board drawn freely, as synth.py's): not checked
    rows, unsure = _misread_sheet(c2_certain=True)
    assert not joins.checked(rows, {u.square for u in unsure})
    assert joins.revise(rows, unsure, uncertain_of=_Unsure) == unsure


@pytest.mark.parametrize("seed, square, token, side", ((202_759, "E4", ".r.r", "E"),))
def test_a_highway_read_as_a_certain_railway_is_flagged_where_it_meets_a_highway(seed, square, token, side):
    """Round nineteen: indep2 seed 202,759 (held out in round eighteen, spent there: one of its
    three spaces read wrong and not flagged): E4, a station ``.h.rs`` whose highlighter highway
    (a night photo, coffee) was read a certain railway ``.r.r``, meets E5's highway (flagged, its
    guess by the sheet's colours) across the edge; the sheet's own misreads broke
    ``by_the_rules``, and no boundary of the sheet's kinds is drawn (``sheet_kinds.far``)."""
    pytest.importorskip("cv2")
    pytest.importorskip("pypdfium2")
    from tests.games.railroad_ink.indep2_seed import read_seed

    seen = read_seed(seed)
    assert square in seen.wrong and square in seen.flagged
    assert seen.flagged[square].guess == token
    assert seen.flagged[square].reason == f"{side}: {joins.MEETS_OTHER}"
    assert seen.wrong <= set(seen.flagged), sorted(seen.wrong - set(seen.flagged))


@pytest.mark.parametrize("seed", (20_000,))
def test_an_erased_highway_in_an_empty_space_is_flagged_on_an_indep2_photo(seed):
    """indep2 dev seed 20,000 (pencil, circled stations, erased ghosts, a coffee ring, 1.7 MP): C6
    holds an erased highway (``.hhh`` read with certainty before round seventeen), B2's north side
    a coffee ring read as a railway facing A2's highway (a certain ``rrrr`` for ``.rrr``)."""
    pytest.importorskip("cv2")
    pytest.importorskip("pypdfium2")
    from tests.games.railroad_ink.indep2_seed import read_seed

    seen = read_seed(seed)
    assert seen.board.rows[2][5] == Cell("....", "")
    assert "C6" in seen.flagged and erased.WHY["h"] in seen.flagged["C6"].reason
    assert seen.reading.board.rows[2][5] == Cell("....", "")    # the guess: nothing drawn there
    assert "B2" in seen.wrong and "B2" in seen.flagged and joins.MEETS_OTHER in seen.flagged["B2"].reason
    assert seen.wrong <= set(seen.flagged), sorted(seen.wrong - set(seen.flagged))



@pytest.mark.parametrize("seed, squares", ((127_033, ("D3", "E1")),))
def test_a_whole_space_erased_is_guessed_empty_on_an_indep2_photo(seed, squares):
    """indep2 dev seed 127,033 (x-ticks, dotted stations, erased ghosts, a coffee ring, a corner out):
    D3 and E1 hold erased ghosts, each side of them far lighter than the sheet's highways, each
    ghost meeting nothing on one side; round twenty-one's reader guessed them ``..hh`` and ``.h.h``
    (flagged). Round twenty-two: the guess is empty, still flagged for the erased lines."""
    pytest.importorskip("cv2")
    pytest.importorskip("pypdfium2")
    from tests.games.railroad_ink.indep2_seed import read_seed

    seen = read_seed(seed)
    assert "erased-ghost" in seen.plan.habits
    for sq in squares:
        r, c = "ABCDEFG".index(sq[0]), int(sq[1]) - 1
        assert seen.board.rows[r][c] == Cell("....", "")
        assert sq in seen.flagged and erased.WHY["h"] in seen.flagged[sq].reason, sq
        assert seen.flagged[sq].guess == "...." and sq not in seen.wrong, sq
    assert seen.wrong <= set(seen.flagged), sorted(seen.wrong - set(seen.flagged))


def _sure(kind="r"):
    return type("S", (), {"kind": kind, "certain": True, "why": ""})()


def _light_d5(row_d: str, why: str = "a few marks", peak: float = 0.2, night: bool = False):
    """erased.revise on a sheet of dark railways down column 2 with a light railway D5 ``.r.r``
    (``row_d``: row D; ``peak``: its line's darkness, the sheet's 0.45), whose east side the reader
    guessed a light railway from ``why``."""
    rows = _rows(["....  r.r."] * 3 + [row_d] + ["....  r.r."] * 3)
    light = lambda rel, r, c, s: _line(peak, 4) if (r, c) == (3, 4) else _line(0.45, 4)   # noqa: E731
    marks = type("S", (), {"kind": "r", "certain": False, "why": why})()

    def sides_at(r, c):
        return [_sure(), marks, _sure(), _sure()] if (r, c) == (3, 4) else [_sure()] * 4

    return erased.revise(
        rows, [], np.zeros((1, 1)), 6.0, strip=light, sides_at=sides_at,
        space_at=lambda r, c, sides: (Cell("".join(x.kind for x in sides), ""), True, ""),
        side_read=lambda kind, certain, why: type("S", (), {"kind": kind})(), uncertain_of=_Unsure, night=night)


def test_a_light_side_the_reader_itself_guessed_from_a_few_marks_stays_in_the_guess():
    # D5's two sides meet the railways of D4 and D6 (dark): a light route drawn, not a ghost
    new_rows, unsure = _light_d5("....  r.r.  ....  .r.r  .r.r  .r.r")
    assert [(u.square, u.guess) for u in unsure] == [("D5", ".r..")]   # E kept (its few marks), W dropped
    assert new_rows[3][4] == Cell(".r..", "")


@pytest.mark.parametrize("why", ("a few marks", "a faint line?"))
def test_at_night_a_light_railway_guessed_beside_a_highway_is_dropped(why):
    # round twenty-three: on 300 night photos of indep2 a side so light, guessed a railway from light
    # ink in a space holding a highway, was a highlighter's halo or noise read as a station's spur
    new_rows, unsure = _light_d5("....  r.r.  ....  .r.r  hr.r  .r.r", why, night=True)
    assert [(u.square, u.guess) for u in unsure] == [("D5", "h...")]   # E dropped too: still flagged
    assert unsure[0].reason == f"E: {erased.WHY['r']}; W: {erased.WHY['r']}"
    # by day it stays in the guess
    assert [(u.square, u.guess) for u in _light_d5("....  r.r.  ....  .r.r  hr.r  .r.r", why)[1]] == [("D5", "hr..")]
    # at night in a space of railways only (a colour pencil's highways read as railways at this
    # stage, on a sheet whose highways are not measured), it stays
    assert [(u.square, u.guess) for u in _light_d5("....  r.r.  ....  .r.r  .r.r  .r.r", why, night=True)[1]] \
        == [("D5", ".r..")]


@pytest.mark.parametrize("why", ("a few marks", "a faint line?"))
def test_a_whole_space_of_light_sides_meeting_nothing_is_guessed_empty(why):
    # round twenty-two: D5's every route side is far lighter than the sheet's railways and they meet
    # no route beside them (D4, D6 empty): an erased ghost, the guess drops the side the reader
    # itself guessed from light ink too (still flagged)
    new_rows, unsure = _light_d5("....  r.r.  ....  ....  .r.r", why)
    assert [(u.square, u.guess) for u in unsure] == [("D5", "....")]
    assert unsure[0].reason == f"E: {erased.WHY['r']}; W: {erased.WHY['r']}"
    assert new_rows[3][4] == Cell("....", "")
    # one side meeting a route is not enough: D6's railway meets D5's east side, D4 is empty
    new_rows, unsure = _light_d5("....  r.r.  ....  ....  .r.r  .r.r", why)
    assert [(u.square, u.guess) for u in unsure] == [("D5", "....")]
    # light, but not as light as a ghost (0.58 of the sheet's line, 0.55 of its ink across: 0.32): the
    # side guessed from light ink stays in the guess
    new_rows, unsure = _light_d5("....  r.r.  ....  ....  .r.r", why, peak=0.26)
    assert [(u.square, u.guess) for u in unsure] == [("D5", ".r..")]


def test_light_lines_over_a_region_are_not_taken_for_erased_ones():
    # a shadow or a strong contrast curve over C2-E2: every line there light, none erased
    rows = _rows(["....  r.r."] * 7)
    shade = lambda rel, r, c, s: _line(0.2, 4) if 2 <= r <= 4 else _line(0.45, 4)   # noqa: E731
    out_rows, unsure = erased.revise(rows, [], np.zeros((1, 1)), 6.0, strip=shade, sides_at=lambda r, c: [_sure()] * 4,
                                     space_at=None, side_read=None, uncertain_of=_Unsure)
    assert unsure == [] and out_rows == rows


def test_at_night_a_highlighters_halo_read_as_a_stations_railway_is_dropped_from_the_guess():
    """indep2 205,400 (spent held out: a night photo, highlighter highways, erased ghosts): main
    guessed E2 ``hhh.`` as ``hhhrs``, G1 ``.hhh`` as ``rhhhs`` and G2 ``h.hh`` as ``hrhhs``, each
    flagged for a railway far lighter than the sheet's; each is guessed right now, still flagged."""
    from tests.games.railroad_ink.indep2_seed import read_seed

    seen = read_seed(205400)
    assert "night" in seen.plan.effects and "highlighter" in seen.plan.habits
    for sq, token in (("E2", "hhh."), ("G1", ".hhh"), ("G2", "h.hh")):
        assert sq in seen.flagged and erased.WHY["r"] in seen.flagged[sq].reason, sq
        assert seen.flagged[sq].guess == token and sq not in seen.wrong, (sq, seen.flagged[sq].guess)
    assert seen.wrong <= set(seen.flagged), sorted(seen.wrong - set(seen.flagged))
