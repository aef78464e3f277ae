"""Round twenty-four (photo/cross_station.py): a straight crossing read with certainty as the
overpass whose centre holds the sheet's station dot is flagged and guessed the station; a four-way
route of one kind read with certainty inside a ring is flagged. Main's reader left both silent
(indep2 209,051 F5, indep3 301,615 C1: spent held out). Drawn fixtures at the reader's 6 px/mm, and
the two photos."""

from __future__ import annotations

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from railprint.games.railroad_ink.board import square  # noqa: E402
from railprint.games.railroad_ink.photo import centre, cross_station  # noqa: E402
from railprint.games.railroad_ink.photo.read import PX_PER_MM, Uncertain, _centre_px  # noqa: E402
from tests.games.railroad_ink.photo_boards import flagged  # noqa: E402

P = PX_PER_MM
SIDE = 10.5   # mm from a space's middle to its side


def _blank() -> np.ndarray:
    return np.zeros((int(round((9 * 2 + 7 * 21) * P)),) * 2, np.uint8)


def _line(ink: np.ndarray, place: tuple[int, int], sides: str, width: int = 3) -> None:
    """Lines from the middle of ``place`` out to each of ``sides`` (N E S W)."""
    cx, cy = _centre_px(*place)
    s = SIDE * P
    for side in sides:
        dx, dy = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}[side]
        cv2.line(ink, (int(cx), int(cy)), (int(cx + dx * s), int(cy + dy * s)), 1, width)


def _dot(ink: np.ndarray, place: tuple[int, int], mm: float) -> None:
    cx, cy = _centre_px(*place)
    cv2.circle(ink, (int(cx), int(cy)), int(round(mm * P)), 1, -1)


def _apply(ink, tokens: dict, reasons: dict):
    rows, uncertain = flagged(tokens, reasons, Uncertain)
    rows, uncertain = cross_station.apply(rows, uncertain, ink, _centre_px, P, square, Uncertain)
    return rows, {u.square: (u.guess, u.reason) for u in uncertain}


def test_dot_keeps_a_small_dot_not_crossing_lines():
    ink = _blank()
    _line(ink, (0, 0), "NESW")
    _line(ink, (2, 2), "NESW")
    _dot(ink, (2, 2), 1.2)
    assert cross_station.dot(ink, *_centre_px(0, 0), P) == 0.0
    assert 3.0 < cross_station.dot(ink, *_centre_px(2, 2), P) < 6.0


STATIONS = {(0, 0): ".hr.s", (0, 4): "h..rs", (4, 0): "r.h.s"}


def _dot_sheet(crossing_dot: float | None) -> np.ndarray:
    ink = _blank()
    for place, token in STATIONS.items():
        _line(ink, place, "".join(s for s, k in zip("NESW", token) if k != "."))
        _dot(ink, place, 1.4)
    _line(ink, (3, 3), "NESW")
    if crossing_dot:
        _dot(ink, (3, 3), crossing_dot)
    return ink


def test_a_certain_overpass_with_the_sheets_station_dot_is_flagged_a_station():
    tokens = {**STATIONS, (3, 3): "hrhro"}
    rows, flags = _apply(_dot_sheet(1.3), tokens, {})
    assert rows[3][3].token == "hrhrs"
    assert flags == {"D4": ("hrhrs", centre.STATION_MARK)}
    # no dot on the crossing: left alone
    rows, flags = _apply(_dot_sheet(None), tokens, {})
    assert rows[3][3].token == "hrhro" and flags == {}
    # flagged already: its guess is left to the steps before
    rows, flags = _apply(_dot_sheet(1.3), tokens, {(3, 3): "centre: a station?"})
    assert rows[3][3].token == "hrhro" and flags == {"D4": ("hrhro", "centre: a station?")}
    # one station only on the sheet: its mark is not known
    rows, flags = _apply(_dot_sheet(1.3), {(0, 0): ".hr.s", (3, 3): "hrhro"}, {})
    assert rows[3][3].token == "hrhro" and flags == {}


def _ring_sheet(radius: float | None, gap: float | None = None) -> np.ndarray:
    """A four-way crossing at C3: one line each way, with a ring ``radius`` mm round it, or (``gap``)
    two lines each way ``gap`` mm either side of the middle (two wide highways crossing)."""
    ink = _blank()
    cx, cy = _centre_px(2, 2)
    s = int(SIDE * P)
    if gap is None:
        _line(ink, (2, 2), "NESW")
    else:
        g = int(round(gap * P))
        for d in (-g, g):
            cv2.line(ink, (int(cx) - s, int(cy) + d), (int(cx) + s, int(cy) + d), 1, 2)
            cv2.line(ink, (int(cx) + d, int(cy) - s), (int(cx) + d, int(cy) + s), 1, 2)
    if radius is not None:
        cv2.circle(ink, (int(cx), int(cy)), int(round(radius * P)), 1, 2)
    return ink


def test_ring_sees_a_ring_not_wide_highways_crossing():
    assert cross_station.ring(_ring_sheet(4.4), *_centre_px(2, 2), P)
    assert not cross_station.ring(_ring_sheet(None), *_centre_px(2, 2), P)
    # two highways 6 mm wide crossing: their lines cross the diagonals 4.2 mm out, but no ray between
    assert cross_station.round_share(_ring_sheet(None, gap=3.0), *_centre_px(2, 2), P) < cross_station.RING_SHARE
    assert not cross_station.ring(_ring_sheet(None, gap=3.0), *_centre_px(2, 2), P)


def test_a_certain_four_way_route_in_a_ring_is_flagged():
    rows, flags = _apply(_ring_sheet(4.4), {(2, 2): "rrrr"}, {})
    assert rows[2][2].token == "rrrr" and flags == {"C3": ("rrrr", cross_station.RING_WHY)}
    rows, flags = _apply(_ring_sheet(None, gap=3.0), {(2, 2): "hhhh"}, {})
    assert flags == {}


def _read(gen, seed: int):
    from railprint.games.railroad_ink.photo.read import read_photo
    made = gen.make_photo(seed)
    return made[1], read_photo(made[0], f"{seed}.jpg")


@pytest.fixture(scope="module")
def photo_209051():
    from benchmarks import indep2_photos
    return _read(indep2_photos, 209051)


@pytest.fixture(scope="module")
def photo_301615():
    from benchmarks import indep3_photos
    return _read(indep3_photos, 301615)


def test_indep2_209051_a_dot_station_on_a_crossing_is_flagged_and_guessed_right(photo_209051):
    """A sheet of small dot stations (messaging app); F5 ``hrhrs`` was read the overpass with
    certainty on main."""
    board, reading = photo_209051
    assert board.rows[5][4].token == "hrhrs"
    assert reading.board.rows[5][4].token == "hrhrs"
    assert {u.square: u.reason for u in reading.uncertain}["F5"] == centre.STATION_MARK


def test_indep3_301615_a_ringed_overpass_read_as_one_kind_is_flagged(photo_301615):
    """A ring sheet, one-sided railways and dotted highways read alike: C1 ``rhrho`` read ``rrrr``
    with certainty on main."""
    board, reading = photo_301615
    assert board.rows[2][0].token == "rhrho"
    assert reading.board.rows[2][0].token == "rrrr"
    assert {u.square: u.reason for u in reading.uncertain}["C1"] == cross_station.RING_WHY


def _square_sheet(crossing_square: bool, ring: bool = False) -> np.ndarray:
    """Stations as hollow squares 5 mm across (their routes stopping at the square) on three
    joined spaces, and a crossing at D4 with (``crossing_square``) the same square on it, or a ring
    4.4 mm round it (``ring``)."""
    ink = _blank()
    h = int(round(2.5 * P))
    places = [*STATIONS] + ([(3, 3)] if crossing_square else [])
    for place in places:
        token = STATIONS.get(place, "hrhr")
        _line(ink, place, "".join(s for s, k in zip("NESW", token) if k != "."))
        cx, cy = _centre_px(*place)
        cv2.rectangle(ink, (int(cx) - h, int(cy) - h), (int(cx) + h, int(cy) + h), 0, -1)
        cv2.rectangle(ink, (int(cx) - h, int(cy) - h), (int(cx) + h, int(cy) + h), 1, 2)
    if not crossing_square:
        _line(ink, (3, 3), "NESW")
    if ring:
        cx, cy = _centre_px(3, 3)
        cv2.circle(ink, (int(cx), int(cy)), int(round(4.4 * P)), 1, 2)
    return ink


WHY = "E: a solid band: a highway's two lines run together?"


def test_a_flagged_overpass_guess_with_the_sheets_station_square_is_guessed_the_station():
    tokens = {**STATIONS, (3, 3): "hrhro"}
    rows, flags = _apply(_square_sheet(True), tokens, {(3, 3): WHY})
    assert rows[3][3].token == "hrhrs" and flags == {"D4": ("hrhrs", WHY)}   # still flagged, for the same reason
    # the crossing's centre holds no square: the guess stays
    rows, flags = _apply(_square_sheet(False), tokens, {(3, 3): WHY})
    assert rows[3][3].token == "hrhro" and flags == {"D4": ("hrhro", WHY)}
    # a ring round the square closes paper as a ring overpass does: the guess stays
    rows, flags = _apply(_square_sheet(True, ring=True), tokens, {(3, 3): WHY})
    assert rows[3][3].token == "hrhro"


@pytest.fixture(scope="module")
def photo_104795():
    from benchmarks import indep_photos
    return _read(indep_photos, 104795)


def test_indep_104795_a_hollow_square_on_a_crossing_is_guessed_the_station(photo_104795):
    """Hollow squares, one-line highways, ladder railways: C1 ``hrhrs``, flagged for a side's kind,
    was guessed the overpass on main; its closed paper is the sheet's stations' (7.1 mm²)."""
    board, reading = photo_104795
    assert board.rows[2][0].token == "hrhrs"
    assert reading.board.rows[2][0].token == "hrhrs"
    assert {u.square: u.guess for u in reading.uncertain}["C1"] == "hrhrs"


def _filled_sheet(crossing_mm: float) -> np.ndarray:
    """Filled squares 5 mm across on the three joined stations, and at D4 a crossing of bold lines
    with a filled square ``crossing_mm`` across on it."""
    ink = _blank()
    h = int(round(2.5 * P))
    for place, token in STATIONS.items():
        _line(ink, place, "".join(s for s, k in zip("NESW", token) if k != "."))
        cx, cy = _centre_px(*place)
        cv2.rectangle(ink, (int(cx) - h, int(cy) - h), (int(cx) + h, int(cy) + h), 1, -1)
    _line(ink, (3, 3), "NESW", width=5)
    cx, cy = _centre_px(3, 3)
    k = int(round(crossing_mm / 2 * P))
    cv2.rectangle(ink, (int(cx) - k, int(cy) - k), (int(cx) + k, int(cy) + k), 1, -1)
    return ink


def test_a_flagged_station_guess_with_a_filled_piece_smaller_than_the_sheets_is_guessed_the_overpass():
    tokens = {**STATIONS, (3, 3): "hrhrs"}
    why = "centre: a station?"
    rows, flags = _apply(_filled_sheet(3.2), tokens, {(3, 3): why})
    assert rows[3][3].token == "hrhro" and flags == {"D4": ("hrhro", why)}
    # the sheet's own square on the crossing: the guess stays
    rows, flags = _apply(_filled_sheet(5.0), tokens, {(3, 3): why})
    assert rows[3][3].token == "hrhrs" and flags == {"D4": ("hrhrs", why)}


def test_a_flagged_overpass_guess_with_the_sheets_filled_station_is_guessed_the_station_unless_its_ink_runs_wide():
    tokens = {**STATIONS, (3, 3): "hrhro"}
    rows, flags = _apply(_filled_sheet(5.0), tokens, {(3, 3): "centre: a station?"})
    assert rows[3][3].token == "hrhrs" and flags == {"D4": ("hrhrs", "centre: a station?")}
    # a side doubted as a solid band: a band's crossing leaves a filled piece as large (held-out indep2 136,041 A4)
    rows, flags = _apply(_filled_sheet(5.0), tokens, {(3, 3): WHY})
    assert rows[3][3].token == "hrhro" and flags == {"D4": ("hrhro", WHY)}


# Round twenty-five (h-cross2): a filled piece guessed the station only as thick as the sheet's filled stations.

def _pinched_sheet() -> np.ndarray:
    """:func:`_filled_sheet`'s stations, and at D4 a crossing whose lines run together into a piece
    3 mm wide and 8 mm long along the highway (as large as the stations' squares, half as thick)."""
    ink = _filled_sheet(0.0)
    cx, cy = _centre_px(3, 3)
    w, h = int(round(4.0 * P)), int(round(1.5 * P))
    cv2.rectangle(ink, (int(cx) - w, int(cy) - h), (int(cx) + w, int(cy) + h), 1, -1)
    return ink


def test_thickness_is_half_a_filled_squares_width_and_a_lines():
    ink = _filled_sheet(5.0)
    assert 2.3 <= cross_station.thickness(ink, *_centre_px(0, 0), P) <= 2.8   # a square 5 mm across
    assert cross_station.thickness(_pinched_sheet(), *_centre_px(3, 3), P) <= 1.8   # a piece 3 mm wide
    assert cross_station.thickness(_blank(), *_centre_px(3, 3), P) == 0.0


def test_a_flagged_overpass_guess_whose_filled_piece_is_thinner_than_the_sheets_stations_keeps_its_guess():
    tokens = {**STATIONS, (3, 3): "hrhro"}
    why = "centre: a station?"
    rows, flags = _apply(_pinched_sheet(), tokens, {(3, 3): why})
    assert rows[3][3].token == "hrhro" and flags == {"D4": ("hrhro", why)}
    # the sheet's square on it, as thick as the stations': guessed the station (as before)
    rows, flags = _apply(_filled_sheet(5.0), tokens, {(3, 3): why})
    assert rows[3][3].token == "hrhrs" and flags == {"D4": ("hrhrs", why)}


@pytest.fixture(scope="module")
def photo_209594():
    from benchmarks import indep2_photos
    return _read(indep2_photos, 209594)


def test_indep2_209594_an_overpass_of_pinched_highway_lines_stays_the_overpass(photo_209594):
    """Filled squares, double highways whose lines run together at D7's crossing (a piece 18 mm²,
    the squares' 16, but 1.5 mm thick against their 2.2): D7 ``rhrho``, flagged, was guessed the
    station on main (round twenty-four's cross_station)."""
    board, reading = photo_209594
    assert board.rows[3][6].token == "rhrho"
    assert reading.board.rows[3][6].token == "rhrho"
    assert "D7" in {u.square for u in reading.uncertain}


def test_a_flagged_station_guess_of_thin_lines_on_a_sheet_of_filled_stations_is_guessed_the_overpass():
    """No filled piece at all where the sheet's stations are filled squares (main kept the station:
    its rule asks for a piece, bold lines crossing); lines this thin are no station's mark."""
    tokens = {**STATIONS, (3, 3): "hrhrs"}
    why = "N: neither clearly a highway nor a railway"
    ink = _filled_sheet(0.0)
    assert cross_station.thickness(ink, *_centre_px(3, 3), P) < cross_station.THIN * 2.5
    rows, flags = _apply(ink, tokens, {(3, 3): why})
    assert rows[3][3].token == "hrhro" and flags == {"D4": ("hrhro", why)}


@pytest.fixture(scope="module")
def photo_301698():
    from benchmarks import indep3_photos
    return _read(indep3_photos, 301698)


def test_indep3_301698_an_overpass_of_thin_lines_on_a_sheet_of_filled_stations_is_guessed_the_overpass(photo_301698):
    """Filled stations 2 mm thick; G2 ``hrhro``'s wings and lines, 0.8 mm thick, were guessed the
    station (flagged) on main."""
    board, reading = photo_301698
    assert board.rows[6][1].token == "hrhro"
    assert reading.board.rows[6][1].token == "hrhro"
    assert "G2" in {u.square for u in reading.uncertain}
