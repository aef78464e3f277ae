"""Round twenty-three (h-stations, photo/lost_station.py): a station whose two route sides were read
as one kind, read with certainty as a plain route, is flagged where its centre shows the sheet's
station mark. Main's reader read these spaces wrong and did not flag them (silent): indep 104,346
F1 ``.h.rs`` read ``.r.r`` and F2 ``r..hs`` read ``r..r`` (filled circles, a bold highway read as
a railway), indep 104,340 G6 ``..hrs`` read ``..hh`` (hollow squares; one space of the sheet read
as a joined station, its square closing no paper), indep 104,620 B2 ``.h.rs`` read ``.r.r`` (a ballpoint's hollow squares whose light
edge falls under the ink threshold: their paper is closed in on the faint mask only). All spent held
out."""

from __future__ import annotations

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from railprint.games.railroad_ink.board import square  # noqa: E402
from railprint.games.railroad_ink.photo import centre, lost_station  # noqa: E402
from railprint.games.railroad_ink.photo.read import PX_PER_MM, Uncertain  # noqa: E402
from tests.games.railroad_ink.photo_boards import flagged  # noqa: E402


def test_a_square_whose_light_edge_is_lost_from_the_ink_closes_paper_on_the_faint_mask():
    faint = np.zeros((200, 200), np.uint8)
    h = int(round(2.6 * PX_PER_MM))
    cv2.rectangle(faint, (100 - h, 100 - h), (100 + h, 100 + h), 1, 3)
    ink = faint.copy()
    ink[100 - h - 2:100 - h + 3, 100 - h:100 + 1] = 0   # half the top edge under the ink threshold
    got = lost_station.measure(ink, faint, 100.0, 100.0, PX_PER_MM)
    assert got.hollow == 0.0 and got.filled == 0.0
    assert 15.0 < got.faint < 25.0   # the paper inside, about 4.4 mm square
    assert lost_station.measure(ink, None, 100.0, 100.0, PX_PER_MM).faint == 0.0


# rows B and C: plain routes read with certainty, no mark in their centres
BASE = {(r, c): ".h.h" for r in (1, 2) for c in range(7)}


def _sheet(tokens: dict, reasons: dict, marks: dict):
    tokens = {**BASE, **tokens}
    rows, uncertain = flagged(tokens, reasons, Uncertain)
    full = {(r, c): marks.get((r, c), centre.NONE) for (r, c), cell in tokens.items()}
    return rows, uncertain, full


def _apply(monkeypatch, tokens, reasons, marks):
    rows, uncertain, full = _sheet(tokens, reasons, marks)
    # centre_px gives (c, r): the measure looked up by place
    monkeypatch.setattr(centre, "measure", lambda ink, cx, cy, ppm: full[(int(cy), int(cx))])
    out = lost_station.apply(rows, uncertain, None, lambda r, c: (c, r), 6.0, square, Uncertain)
    return {u.square: (u.guess, u.reason) for u in out[len(uncertain):]}


WHY = "E: neither clearly a highway nor a railway"
FILLED = centre.Mark(27.0, 0.0, 27.0)


def test_a_filled_centre_on_a_certain_straight_is_flagged_like_the_sheets_stations(monkeypatch):
    tokens = {(0, 0): ".h.rs", (0, 2): "r..hs", (3, 3): ".r.r", (4, 4): "rrrr", (5, 5): ".r.r", (6, 6): "..rr"}
    marks = {(0, 0): FILLED, (0, 2): centre.Mark(26.0, 0.0, 26.0), (3, 3): centre.Mark(25.0, 0.0, 25.0)}
    # the two guessed stations (one flagged) show a filled piece; D4, certain .r.r, shows one as large
    assert _apply(monkeypatch, tokens, {(0, 0): WHY}, marks) == {"D4": (".r.r", centre.STATION_MARK)}
    # a piece under LIKE of the mark: a railway's ticks, no station
    marks[(3, 3)] = centre.Mark(14.0, 0.0, 14.0)
    assert _apply(monkeypatch, tokens, {(0, 0): WHY}, marks) == {}
    # a flagged space is left as it is (the reader's other steps flag it already)
    marks[(3, 3)] = FILLED
    assert _apply(monkeypatch, tokens, {(3, 3): WHY}, marks) == {}


def test_the_sheets_routes_showing_the_measure_say_it_is_no_station_mark(monkeypatch):
    tokens = {(0, 0): ".h.rs", (0, 2): "r..hs", (3, 3): ".r.r", (4, 4): "rrrr", (5, 5): ".r.r", (6, 6): "..rr"}
    marks = {(0, 0): FILLED, (0, 2): FILLED, (3, 3): FILLED, (4, 4): FILLED}
    # the certain crossing rrrr shows it as well (a marker's broad ticks): the measure tells nothing
    assert _apply(monkeypatch, tokens, {}, marks) == {}
    # too many of the sheet's plain routes show it (PLAIN_SHARE: a ladder's rungs, a marker's bold lines)
    marks = {(0, 0): FILLED, (0, 2): FILLED, (3, 3): FILLED, **{(1, c): FILLED for c in range(3)}}
    assert _apply(monkeypatch, tokens, {}, marks) == {}
    marks = {(0, 0): FILLED, (0, 2): FILLED, (3, 3): FILLED, **{(1, c): FILLED for c in range(2)}}
    assert set(_apply(monkeypatch, tokens, {}, marks)) == {"B1", "B2", "D4"}   # three of 18 plain spaces


def test_a_sheet_with_no_station_read_takes_the_mark_from_its_route_spaces(monkeypatch):
    hollow = centre.Mark(0.0, 19.5, 0.0)
    tokens = {(0, 0): ".r.r", (0, 1): "hrhro", (0, 2): ".r.r", (3, 3): "..hh", (4, 4): "rrrr", (5, 5): "r.r."}
    marks = {(0, 0): hollow, (0, 1): hollow, (3, 3): centre.Mark(0.0, 18.9, 0.0), (4, 4): centre.Mark(0.0, 2.3, 0.0)}
    reasons = {(0, 0): WHY, (0, 1): WHY}
    assert _apply(monkeypatch, tokens, reasons, marks) == {"D4": ("..hh", centre.STATION_MARK)}
    # two such spaces only: too few to be the sheet's habit (MIN_UNREAD)
    del marks[(0, 1)]
    assert _apply(monkeypatch, tokens, reasons, marks) == {}


def _read(seed: int):
    from benchmarks import indep_photos
    from railprint.games.railroad_ink.photo.read import read_photo
    data, board, _ = indep_photos.make_photo(seed)
    return board, read_photo(data, f"indep-{seed}.jpg")


@pytest.fixture(scope="module")
def photo_104346():
    return _read(104346)


@pytest.fixture(scope="module")
def photo_104340():
    return _read(104340)


@pytest.fixture(scope="module")
def photo_104620():
    return _read(104620)


# round twenty-four (marked_route): guessed their stations (".r.r", "r..r" before)
@pytest.mark.parametrize("sq, truth, token", [("F1", ".h.rs", ".h.rs"), ("F2", "r..hs", "r..hs")])
def test_indep_104346_filled_circles_on_a_bold_highway_read_as_railways_are_flagged(photo_104346, sq, truth, token):
    board, reading = photo_104346
    r, c = "ABCDEFG".index(sq[0]), int(sq[1:]) - 1
    assert board.rows[r][c].token == truth
    assert reading.board.rows[r][c].token == token
    assert {u.square: u.reason for u in reading.uncertain}[sq] == centre.STATION_MARK


def test_indep_104340_hollow_square_on_a_sheet_of_misread_stations_is_flagged(photo_104340):
    board, reading = photo_104340
    assert board.rows[6][5].token == "..hrs"
    assert reading.board.rows[6][5].token == "..hrs"   # "..hh" before round twenty-four's marked_route
    assert {u.square: u.reason for u in reading.uncertain}["G6"] == centre.STATION_MARK


def test_indep_104620_a_hollow_square_open_in_the_ink_is_flagged_by_the_faint_mask(photo_104620):
    board, reading = photo_104620
    assert board.rows[1][1].token == ".h.rs"
    assert reading.board.rows[1][1].token == ".r.r"
    assert {u.square: u.reason for u in reading.uncertain}["B2"] == centre.STATION_MARK
