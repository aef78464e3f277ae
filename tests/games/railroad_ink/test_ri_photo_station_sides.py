"""Round nineteen: a filled station of the sheet's own shape whose one doubted side the rules settle
(photo/station_sides.py). Main's reader flagged every station with one side "neither clearly a
highway nor a railway", even where its other sides were read with certainty and all of one kind
(a station joins a highway and a railway: the doubted side has no choice): the third independent
check's stations, drawn as filled triangles, stars, diamonds and houses beside dashed or dotted
highways, were mostly flagged so on spaces read right. Drawn fixtures at the reader's 6 px/mm, and
one photo of the third independent generator."""

from __future__ import annotations

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from railprint.games.railroad_ink.board import Cell, square  # noqa: E402
from railprint.games.railroad_ink.photo import station_sides  # noqa: E402
from railprint.games.railroad_ink.photo.read import PX_PER_MM, Uncertain, _centre_px  # noqa: E402

P = PX_PER_MM
NEITHER = "neither clearly a highway nor a railway"
NEEDS = station_sides.NEEDS_WHY
BIG = ((1, 1), (1, 3), (3, 1), (5, 5), (3, 3))   # stations filled 5 mm square (25 mm²)
SMALL = (5, 1)                                   # a station filled 3 mm square (9 mm²): not the sheet's


def _sheet() -> np.ndarray:
    ink = np.zeros((int(round((9 * 2 + 7 * 21) * P)),) * 2, np.uint8)
    for place in BIG + (SMALL,):
        cx, cy = _centre_px(*place)
        h = (2.5 if place != SMALL else 1.5) * P
        cv2.rectangle(ink, (int(cx - h), int(cy - h)), (int(cx + h), int(cy + h)), 1, -1)
    return ink


def _rows(tokens: dict) -> list[tuple]:
    rows = [[Cell() for _ in range(7)] for _ in range(7)]
    for (r, c), token in tokens.items():
        rows[r][c] = Cell(token[:4], token[4:])
    return [tuple(row) for row in rows]


def _apply(tokens: dict, reasons: dict) -> set[str]:
    rows = _rows(tokens)
    uncertain = [Uncertain(square(r, c), tokens[(r, c)], why) for (r, c), why in reasons.items()]
    ink = _sheet()
    kept = station_sides.apply(rows, uncertain, ink, ink.astype(np.float32), _centre_px, P, square)
    return {u.square for u in kept}


def test_settled_reads_the_reason_and_the_sides():
    assert station_sides.settled("h.r.", f"N: {NEITHER}; {NEEDS}")
    assert station_sides.settled("hr..", f"N: {NEITHER}; centre: a station?")
    assert not station_sides.settled(".rhr", f"S: {NEITHER}")        # no station of four or three routes
    assert not station_sides.settled("rrhr", f"S: {NEITHER}")
    assert not station_sides.settled("hh..", f"N: {NEITHER}; {NEEDS}")   # the doubted side shares the others' kind
    assert not station_sides.settled("hhr.", f"N: {NEITHER}")         # the others of both kinds
    assert not station_sides.settled("hrhr", f"N: {NEITHER}")         # the others hold both kinds: no choice made
    assert not station_sides.settled("hr..", f"N: {NEITHER}; E: {NEITHER}; {NEEDS}")   # two sides doubted
    assert not station_sides.settled("h.r.", f"N: a faint line?; {NEEDS}")             # not a kind doubt
    assert not station_sides.settled("h.r.", f"N: {NEITHER}; the paper is overexposed here (white clipped): "
                                             "a light line may be lost")             # another doubt
    assert not station_sides.settled("h.r.", NEEDS)                   # no side doubted (the centre's doubt)
    assert station_sides.settled("h.r.", "centre: a station?")        # both routes certain, the centre part filled
    assert not station_sides.settled("r.r.", "centre: a station?")
    assert not station_sides.settled("hhrr", "centre: a station?")


def test_a_station_filled_like_the_sheets_is_read_with_certainty():
    tokens = {place: "h.r.s" for place in BIG}
    tokens[SMALL] = "h.r.s"
    reasons = {place: f"N: {NEITHER}; {NEEDS}" for place in ((1, 1), SMALL)}
    reasons[(1, 3)] = f"N: {NEITHER}; E: {NEITHER}; {NEEDS}"
    # B2's flag dropped; the small fill (F2) and the two doubted sides (B4) kept
    assert _apply(tokens, reasons) == {square(*SMALL), square(1, 3)}


def test_without_the_sheets_stations_nothing_is_made_certain():
    tokens = {(1, 1): "h.r.s", (1, 3): "r.r.", (3, 1): "h.h."}
    reasons = {(1, 1): f"N: {NEITHER}; {NEEDS}"}
    assert _apply(tokens, reasons) == {"B2"}


@pytest.fixture(scope="module")
def indep3_reading():
    from benchmarks import indep3_photos as gen
    from railprint.games.railroad_ink.photo.read import read_photo

    data, board, _ = gen.make_photo(14001)
    return read_photo(data, "indep3-14001.jpg"), board


def test_indep3_diamond_stations_read_with_certainty(indep3_reading):
    """indep3 dev 14,001 (filled diamonds, a 6B pencil): B2 ``h.r.s`` (north doubted), B5 ``.r.hs``
    (west doubted) and G6 ``.rh.s`` (south doubted) were flagged on main, read right; D6 ``hhhrs``
    (three sides doubted) stays flagged here, and is lifted by round twenty-four's
    ``station_kinds.lift`` (every side meets its kind in a neighbour read with certainty or at an exit)."""
    reading, board = indep3_reading
    flags = {u.square: u.reason for u in reading.uncertain}
    for sq, token in (("B2", "h.r.s"), ("B5", ".r.hs"), ("G6", ".rh.s")):
        r, c = "ABCDEFG".index(sq[0]), int(sq[1]) - 1
        assert reading.board.rows[r][c].token == token == board.rows[r][c].token
        assert sq not in flags
    assert "D6" not in flags and reading.board.rows[3][5].token == "hhhrs" == board.rows[3][5].token


def test_a_blot_along_the_axes_on_a_sheet_of_diamonds_keeps_its_flag():
    """A filled centre like the sheet's in size but not in shape: the sheet's stations are diamonds
    (their edges slanted), the candidate B2 a square blot along the grid's axes (where a soft
    pencil's lines meet) keeps its flag; the diamond B4 beside it, doubted alike, does not."""
    ink = np.zeros((int(round((9 * 2 + 7 * 21) * P)),) * 2, np.uint8)
    diamonds = ((1, 3), (3, 1), (3, 3), (5, 5), (5, 1))
    for place in diamonds:
        cx, cy = _centre_px(*place)
        h = 3.5 * P
        pts = np.array([(cx, cy - h), (cx + h, cy), (cx, cy + h), (cx - h, cy)], np.int32)
        cv2.fillPoly(ink, [pts], 1)
    cx, cy = _centre_px(1, 1)
    h = 2.5 * P
    cv2.rectangle(ink, (int(cx - h), int(cy - h)), (int(cx + h), int(cy + h)), 1, -1)
    tokens = {place: "h.r.s" for place in diamonds + ((1, 1),)}
    rows = _rows(tokens)
    uncertain = [Uncertain(square(r, c), "h.r.s", f"N: {NEITHER}; {NEEDS}") for r, c in ((1, 1), (1, 3))]
    kept = station_sides.apply(rows, uncertain, ink, ink.astype(np.float32), _centre_px, P, square)
    assert {u.square for u in kept} == {"B2"}


@pytest.fixture(scope="module")
def indep_squares_reading():
    from benchmarks import indep_photos as gen
    from railprint.games.railroad_ink.photo.read import read_photo

    data, board, _ = gen.make_photo(114014)
    return read_photo(data, "indep-114014.jpg"), board


def test_indep_filled_squares_beside_a_doubted_side_read_with_certainty(indep_squares_reading):
    """Round twenty: indep dev 114,014 (filled squares, a gel pen). A square's edges run along the
    grid's axes, so its diagonal share is noise (0.02-0.12 there): main asked each candidate for 0.6 of
    the sheet's median and flagged A5 ``.hr.s`` (0.02 against 0.06) and B1 ``h..rs``, both read right,
    each with one side "neither clearly" beside a certain railway. The shape is asked only of sheets
    whose stations are slanted (``SLANTED``); G7 ``rhrhs`` (a crossing station, not a die face's two
    routes) keeps its flag."""
    reading, board = indep_squares_reading
    flags = {u.square: u.reason for u in reading.uncertain}
    for sq, token in (("A5", ".hr.s"), ("B1", "h..rs")):
        r, c = "ABCDEFG".index(sq[0]), int(sq[1]) - 1
        assert reading.board.rows[r][c].token == token == board.rows[r][c].token
        assert sq not in flags
    assert flags.get("G7") == f"E: {NEITHER}"
