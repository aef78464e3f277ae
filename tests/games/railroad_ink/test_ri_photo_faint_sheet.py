"""A faint side measured against every line the sheet shows (issue 35, round nineteen,
``photo/faint_sheet.py``): a side flagged for a faint line, guessed empty, at the noise of a sheet
whose highways and railways both stand far out of it is read empty with certainty, where the
sheet's routes count whether or not their kind is in doubt."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")

from railprint.games.railroad_ink.photo import faint_sheet, night_lines  # noqa: E402
from railprint.games.railroad_ink.photo.read import SideRead  # noqa: E402

EMPTY = SideRead(".", True)
R = SideRead("r", True)
H_DOUBT = SideRead("h", False, "neither clearly a highway nor a railway")   # a line; its kind in doubt
H_LIGHT = SideRead("h", False, "a faint line?")   # a route guessed from a faint line: not a line of the sheet's pens
FAINT = SideRead(".", False, "a faint line?")


def _at(special: dict):
    return lambda r, c: list(special.get((r, c), [EMPTY] * 4))


def _sheet(highway: SideRead = H_DOUBT) -> dict:
    """Column 2 a highway (``highway`` sides), column 5 a certain railway, G7's north side faint."""
    special = {(r, 1): [highway, EMPTY, highway, EMPTY] for r in range(7)}
    special.update({(r, 4): [R, EMPTY, R, EMPTY] for r in range(7)})
    special[(6, 6)] = [FAINT, EMPTY, EMPTY, EMPTY]
    return special


def _rise(faint: float = 0.12, routes: float = 0.6):
    """Empty sides rise 0.1 (the noise), columns 2 and 5's route sides ``routes``, G7's north ``faint``."""
    def rise(r, c, s):
        if (r, c, s) == (6, 6, 0):
            return faint
        return routes if c in (1, 4) and s in (0, 2) else 0.1
    return rise


def test_a_faint_side_at_the_noise_of_a_sheet_whose_highways_are_in_doubt_of_their_kind_is_empty():
    special = _sheet()
    got = faint_sheet.settle(_at(special), _rise(), side_read=SideRead)
    assert got(6, 6) == [EMPTY, EMPTY, EMPTY, EMPTY]
    assert got(0, 1) == [H_DOUBT, EMPTY, H_DOUBT, EMPTY]   # the routes are not touched
    # round eighteen's night rule counts certain routes only: no highway is seen, the flag stands
    assert night_lines.settle(_at(special), _rise(), side_read=SideRead)(6, 6)[0] == FAINT


def test_a_faint_side_stays_flagged_where_a_light_line_may_be_there():
    # over 1.5 x the noise
    assert faint_sheet.settle(_at(_sheet()), _rise(faint=0.16), side_read=SideRead)(6, 6)[0] == FAINT
    # the sheet's lines only 3 x the noise: not seen
    assert faint_sheet.settle(_at(_sheet()), _rise(routes=0.3), side_read=SideRead)(6, 6)[0] == FAINT
    # highways guessed from faint lines are no lines of the sheet's pens: highways not seen
    assert faint_sheet.settle(_at(_sheet(H_LIGHT)), _rise(), side_read=SideRead)(6, 6)[0] == FAINT
    # an overexposed space is not judged
    assert faint_sheet.settle(_at(_sheet()), _rise(), side_read=SideRead, skip={(6, 6)})(6, 6)[0] == FAINT


def test_a_night_pen_sheets_noise_no_longer_flags_its_routes():
    """indep2 dev 94,002 (a night photo of a pen sheet, its highways broad lines whose kind is in
    doubt: no highway side certain): main flagged C1 ``h.h.``, D1 ``h..h``, C6 ``r.rr`` and G3
    ``r.r.`` for a faint line on an empty side alone; each of them is read right and not flagged."""
    _night_seed_read_right(94002, (("C1", "h.h."), ("D1", "h..h"), ("C6", "r.rr"), ("G3", "r.r.")))


def _night_seed_read_right(seed: int, spaces: tuple[tuple[str, str], ...]):
    """indep2 ``seed`` read: a night photo, each of ``spaces`` read as its token and not flagged,
    every space read wrong flagged."""
    pytest.importorskip("cv2")
    pytest.importorskip("pypdfium2")
    from railprint.games.railroad_ink.board import square
    from tests.games.railroad_ink.indep2_seed import read_seed

    seen = read_seed(seed)
    assert "night" in seen.plan.effects
    got = {square(r, c): cell.token for r, row in enumerate(seen.reading.board.rows) for c, cell in enumerate(row)}
    for sq, token in spaces:
        assert got[sq] == token and sq not in seen.flagged, (sq, got[sq], seen.flagged.get(sq))
    assert seen.wrong <= set(seen.flagged), sorted(seen.wrong - set(seen.flagged))
    return seen


def _profile(peaks: dict[float, tuple[float, float]]) -> np.ndarray:
    """A side's averaged darkness across it (9.2 mm at 6 px/mm, paper 0.02): {offset mm: (rise, width mm)}."""
    x = (np.arange(55) - 27) / 6.0
    p = np.full(55, 0.02)
    for at, (rise, width) in peaks.items():
        p = p + rise * np.exp(-0.5 * ((x - at) / (width / 2.355)) ** 2)
    return p


def test_a_thin_line_off_the_middle_alone_in_its_side_is_measured_as_such():
    off, width, top, rest = faint_sheet._line(_profile({-2.75: (0.2, 0.7)}))
    assert off == pytest.approx(-2.75, abs=0.1) and width <= faint_sheet.CREASE_WIDTH
    assert top == pytest.approx(0.2, abs=0.01) and rest < 0.01
    # a highway's two lines: the rest of the side holds the other
    assert faint_sheet._line(_profile({-2.75: (0.2, 0.7), 2.75: (0.18, 0.7)}))[3] == pytest.approx(0.18, abs=0.01)


def test_a_crease_through_a_column_is_empty_and_a_line_of_its_own_is_not():
    crease = faint_sheet._line(_profile({-2.75: (0.2, 0.7)}))
    quiet = faint_sheet._line(_profile({}))

    def line_at(others: int, here=crease):
        column = [(r, 4, s) for r in range(7) for s in (0, 2) if (r, s) != (3, 0)]   # D5's north side's column

        def at(r, c, s):
            if (r, c, s) == (3, 4, 0):
                return here
            return crease if (r, c, s) in column[:others] else quiet
        return at

    assert faint_sheet.creased(3, 4, 0, line_at(13))
    assert faint_sheet.creased(3, 4, 0, line_at(6))          # six other sides of the column: a crease
    assert not faint_sheet.creased(3, 4, 0, line_at(5))      # five: a line of its own
    assert not faint_sheet.creased(3, 4, 1, line_at(13))     # an east side, no line in it
    band = faint_sheet._line(_profile({-2.75: (0.2, 0.7), 0.0: (0.12, 4.0)}))   # and a highlighter's band
    assert not faint_sheet.creased(3, 4, 0, line_at(13, band))
    middle = faint_sheet._line(_profile({0.3: (0.2, 0.7)}))   # through the middle: a railway's line
    assert not faint_sheet.creased(3, 4, 0, line_at(13, middle))


def _few_highways(highway: SideRead = H_DOUBT) -> dict:
    """Three spaces of a highway (six sides, under ``night_lines.SEEN``), column 5 a certain railway,
    G7's north side faint."""
    special = {(r, 1): [highway, EMPTY, highway, EMPTY] for r in range(3)}
    special.update({(r, 4): [R, EMPTY, R, EMPTY] for r in range(7)})
    special[(6, 6)] = [FAINT, EMPTY, EMPTY, EMPTY]
    return special


def test_a_night_sheet_with_no_lighter_pen_reads_its_faint_sides_near_the_noise_empty():
    """Round twenty: few highways (six sides: the sheet's highways not seen by round nineteen's
    rule) and a faint side 1.7 times the noise (over ``noise_floor.FLOOR``), 0.28 of the lines'
    rise: round nineteen kept the flag; on a night sheet with no side guessed a route from a faint
    line, it is empty."""
    rise = _rise(faint=0.17)
    assert faint_sheet.quiet(_at(_few_highways()), rise, side_read=SideRead)
    assert faint_sheet.settle(_at(_few_highways()), rise, side_read=SideRead, quiet=True)(6, 6) == [EMPTY] * 4
    # round nineteen's rules alone keep the flag
    assert faint_sheet.settle(_at(_few_highways()), rise, side_read=SideRead)(6, 6)[0] == FAINT


def test_a_sheet_with_a_lighter_pen_or_a_faint_side_near_its_lines_keeps_the_flag():
    rise = _rise(faint=0.17)
    # more than QUIET_FEW sides guessed a route from a faint line: a lighter pen, whose routes may be lost
    lighter = _few_highways()
    lighter.update({(r, 6): [H_LIGHT, EMPTY, EMPTY, EMPTY] for r in range(5)})   # five: over QUIET_FEW
    assert not faint_sheet.quiet(_at(lighter), rise, side_read=SideRead)
    # the highways on one space only (two sides): not counted as seen
    one = _few_highways()
    del one[(1, 1)], one[(2, 1)]
    assert not faint_sheet.quiet(_at(one), rise, side_read=SideRead)
    # the sheet's lines 3 x the noise: not clear of it
    assert not faint_sheet.quiet(_at(_few_highways()), _rise(faint=0.17, routes=0.3), side_read=SideRead)
    # a faint side 2.5 x the noise or more, or 0.3 of the lines' rise, stays flagged even on a quiet sheet
    assert faint_sheet.settle(_at(_few_highways()), _rise(faint=0.25, routes=1.0), side_read=SideRead,
                              quiet=True)(6, 6)[0] == FAINT
    assert faint_sheet.settle(_at(_few_highways()), _rise(faint=0.19), side_read=SideRead, quiet=True)(6, 6)[0] == FAINT


def test_a_night_sheet_with_no_lighter_pen_no_longer_flags_its_noise():
    """indep2 dev 94,003 (a night photo of a pen sheet, 11 highway sides counted: under
    ``night_lines.SEEN``; no side guessed a route from a faint line): main flagged A4 ``r.r.``,
    A5, E7 and G7 (empty) for a faint line 0.8-1.9 times the noise, and A1, B5, C1, E3 (empty)
    "a light line lost in the noise?"; each is read right and not flagged."""
    seen = _night_seed_read_right(
        94003, (("A4", "r.r."), ("A5", "...."), ("E7", "...."), ("G7", "...."), ("A1", "...."), ("E3", "....")))
    from railprint.games.railroad_ink.photo import read

    assert not any(read.NOISY_WHY in u.reason for u in seen.flagged.values())



def _many_highways(highway: SideRead = H_DOUBT) -> dict:
    """Column 2 a highway (14 sides, ``night_lines.SEEN`` or more), column 5 a certain railway, G7's
    north side faint."""
    special = {(r, 1): [highway, EMPTY, highway, EMPTY] for r in range(7)}
    special.update({(r, 4): [R, EMPTY, R, EMPTY] for r in range(7)})
    special[(6, 6)] = [FAINT, EMPTY, EMPTY, EMPTY]
    return special


def test_a_night_sheet_with_a_few_routes_guessed_from_faint_lines_and_both_kinds_seen_is_quiet():
    """Round twenty-one: on 41 night dev photos of indep2 (121,004-121,143) every side guessed a
    route from a faint line on a sheet with four or fewer such sides was empty in truth (19 sides),
    but on dev 75,021 two such sides (B5, 2 times the noise) are a colour pencil's lost highway, its
    highways counted on 9 sides. Up to QUIET_FEW such sides leave a sheet quiet where both kinds
    are counted on ``night_lines.SEEN`` sides or more; the routes guessed stay as they are."""
    rise = _rise(faint=0.17)
    few = _many_highways()
    few.update({(r, 6): [H_LIGHT, EMPTY, EMPTY, EMPTY] for r in range(1, 5)})   # four: QUIET_FEW
    assert faint_sheet.quiet(_at(few), rise, side_read=SideRead)
    got = faint_sheet.settle(_at(few), rise, side_read=SideRead, quiet=True)
    assert got(6, 6) == [EMPTY] * 4                            # the faint side near the noise: empty
    assert got(1, 6) == [H_LIGHT, EMPTY, EMPTY, EMPTY]          # the route guessed stays
    five = _many_highways()
    five.update({(r, 6): [H_LIGHT, EMPTY, EMPTY, EMPTY] for r in range(5)})   # five: over QUIET_FEW
    assert not faint_sheet.quiet(_at(five), rise, side_read=SideRead)
    # highways on six sides only (under SEEN): with a route guessed from a faint line, a lighter pen
    light = _few_highways()
    light[(1, 6)] = [H_LIGHT, EMPTY, EMPTY, EMPTY]
    assert not faint_sheet.quiet(_at(light), rise, side_read=SideRead)


def test_a_night_sheet_with_two_noise_routes_and_clear_kinds_no_longer_flags_its_noise():
    """indep2 dev 121,011 (night, both kinds counted on 22 sides or more, 4.8 times the noise or
    more; two sides guessed a route from a faint line): main flagged A1, A7, B2, C1, D3 (empty) "a
    light line lost in the noise?"; each is read right and not flagged, and the three wrong spaces
    (D5, E2, F3: stations read as a bare route) stay flagged."""
    from railprint.games.railroad_ink.photo import read

    seen = _night_seed_read_right(121011, (("A1", "...."), ("A7", "...."), ("B2", "...."), ("C1", "...."),
                                           ("D3", "....")))
    assert not any(read.NOISY_WHY in u.reason for u in seen.flagged.values())
    # E2 is read right since round twenty-seven (its station guessed); D5 and F3 stay flagged
    assert seen.wrong == {"D5", "F3"}
    assert seen.wrong <= set(seen.flagged)


def _final_sheet():
    """Round twenty-three: column 2 a highway the sides read as a railway in doubt of its kind (14
    sides), read ``h.h.`` once the kinds are revised; column 5 a certain railway; G7 empty, flagged
    for a faint north side. Returns (rows, at)."""
    from railprint.games.railroad_ink.board import EMPTY as EMPTY_CELL, Cell

    r_doubt = SideRead("r", False, "neither clearly a highway nor a railway")
    special = {(r, 1): [r_doubt, EMPTY, r_doubt, EMPTY] for r in range(7)}
    special.update({(r, 4): [R, EMPTY, R, EMPTY] for r in range(7)})
    special[(6, 6)] = [FAINT, EMPTY, EMPTY, EMPTY]
    rows = [tuple(Cell("h.h.") if c == 1 else Cell("r.r.") if c == 4 else EMPTY_CELL for c in range(7))
            for r in range(7)]
    return rows, special


def _lift(rows, special, reason="N: a faint line?", at_square="G7", rise=None, noise=0.1):
    from railprint.games.railroad_ink.photo.read import Uncertain, _faces

    rise = rise or _rise()
    quartile = faint_sheet.kinds_quiet(rows, _at(special), rise, noise)
    if quartile is None:
        return None
    flagged = [Uncertain(at_square, "....", reason)]
    return faint_sheet.lift(rows, flagged, _at(special), rise, noise=noise, quartile=quartile, faces=_faces)


def test_a_night_sheet_quiet_by_its_kinds_as_finally_read_lifts_a_faint_flag_at_the_noise():
    """A pen sheet whose highways read as railways at the side stage: ``quiet`` counts no highway
    and the faint flag stands; counted by the kinds as finally read, both kinds stand 6 times the
    noise, and G7's flag (its faint side 1.2 times the noise) is lifted."""
    rows, special = _final_sheet()
    assert not faint_sheet.quiet(_at(special), _rise(), side_read=SideRead)
    assert faint_sheet.kinds_quiet(rows, _at(special), _rise(), 0.1) == {"h": 0.6, "r": 0.6}
    assert _lift(rows, special) == []


def test_a_faint_flag_stays_where_the_sheet_or_the_space_does_not_settle_it():
    rows, special = _final_sheet()
    # another doubt in the space
    assert len(_lift(rows, special, reason="N: a faint line?; E: neither clearly a highway nor a railway")) == 1
    # the faint side 2.5 times the noise or more
    assert len(_lift(rows, special, rise=_rise(faint=0.26))) == 1
    # the sheet's lines 3 times the noise: not clear of it
    assert _lift(rows, special, rise=_rise(routes=0.3)) is None
    # five sides guessed a route from a faint line: a lighter pen
    light = dict(special)
    light.update({(r, 6): [H_LIGHT, EMPTY, EMPTY, EMPTY] for r in range(5)})
    assert _lift(rows, light) is None
    # highways counted on under night_lines.SEEN sides as finally read
    from railprint.games.railroad_ink.board import Cell

    few = [tuple(Cell("r.r.") if c == 1 and r >= 3 else cell for c, cell in enumerate(row)) for r, row in enumerate(rows)]
    assert _lift(few, special) is None


def test_a_faint_flag_stays_on_a_space_whose_route_meets_the_other_kind():
    """indep2 204,095 E6 (``r..r`` read ``h..h``, its west side meeting E5's railway) was flagged
    only for a faint side: a kind misread elsewhere in the space keeps the flag."""
    from railprint.games.railroad_ink.board import Cell

    h = SideRead("h", True)

    def rise(r, c, s):
        return 0.12 if (r, c, s) == (6, 6, 2) else _rise()(r, c, s)

    for west, kept in ((".h.h", 0), (".r.r", 1)):
        rows, special = _final_sheet()
        rows = [list(row) for row in rows]
        rows[6][5], rows[6][6] = Cell(west), Cell("h..h")   # G7's west side meets G6's east side
        special[(6, 5)] = [EMPTY, SideRead(west[1], True), EMPTY, SideRead(west[3], True)]
        special[(6, 6)] = [h, EMPTY, FAINT, h]
        assert len(_lift([tuple(row) for row in rows], special, reason="S: a faint line?", rise=rise)) == kept


def test_a_night_pen_sheet_whose_highways_read_as_railways_at_first_no_longer_flags_its_noise():
    """indep2 205,667 (spent held out: a night photo of a ruler-drawn pen sheet; its highways read
    as railways at the side stage, 0 highway sides counted, so round twenty's ``quiet`` says no):
    main flagged A1, A7 (empty), A4 ``r.rr``, B2 ``.h.h``, B7 ``.r.r`` for faint sides 0.7-1.7
    times the noise and A5, B1, B5 (empty) "a light line lost in the noise?"; counted by the kinds
    as finally read both kinds stand 8 times the noise or more, and each is read right and not
    flagged; the one wrong space (F5) stays flagged."""
    from railprint.games.railroad_ink.photo import read

    seen = _night_seed_read_right(205667, (("A1", "...."), ("A7", "...."), ("A4", "r.rr"), ("B2", ".h.h"),
                                           ("B7", ".r.r"), ("A5", "...."), ("B1", "...."), ("B5", "....")))
    assert not any(read.NOISY_WHY in u.reason for u in seen.flagged.values())
    assert seen.wrong == {"F5"}


def test_a_small_night_photo_keeps_its_faint_flags():
    """indep2 208,955 (the lead's held out at the merge of round twenty-three: a 336 px grid sent by a
    messaging app, at night, highlighter highways): most of its highways are read as railways, and
    C6 ``..hh``, D4 and D6 ``h.h.`` (read ``..rr``, ``r.r.``) were flagged only for a faint side.
    A small photo's kinds are not read with certainty, so the late quiet sheet is not asked there
    and those three stay flagged: every space read wrong is flagged."""
    pytest.importorskip("cv2")
    pytest.importorskip("pypdfium2")
    from tests.games.railroad_ink.indep2_seed import read_seed

    seen = read_seed(208955)
    assert {"C6", "D4", "D6"} <= seen.wrong
    assert seen.wrong <= set(seen.flagged), sorted(seen.wrong - set(seen.flagged))
