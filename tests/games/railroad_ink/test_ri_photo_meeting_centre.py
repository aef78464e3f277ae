"""Round twenty-three (photo/meeting_centre.py): a flagged meeting's station guessed from its centre
against the centres of the sheet's own routes of its shape. Main's reader guessed a station drawn as
an X, a circled dot or a hollow square without it ("highway and railway meet without a station":
the route of one kind), and a highway curve whose one side was read as a railway a station, flagged
either way. Drawn fixtures at the reader's 6 px/mm, and photos of the independent generators."""

from __future__ import annotations

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from railprint.games.railroad_ink.board import square  # noqa: E402
from railprint.games.railroad_ink.photo import meeting_centre  # noqa: E402
from railprint.games.railroad_ink.photo.read import (  # noqa: E402
    PX_PER_MM, Uncertain, _centre_fill, _centre_px, _faces)
from railprint.games.railroad_ink.photo.station_mark import MEET_WHY  # noqa: E402
from tests.games.railroad_ink.photo_boards import flagged, sides_read  # noqa: E402

P = PX_PER_MM
SIDE = 10.5   # mm from a space's middle to its side
NEITHER = "neither clearly a highway nor a railway"


def test_shape_and_the_stations_sides():
    assert meeting_centre.shape("hh..") == "curve" and meeting_centre.shape("r..h") == "curve"
    assert meeting_centre.shape(".r.h") == "straight" and meeting_centre.shape("hhh.") is None
    # the sides as read: a highway and a railway
    assert meeting_centre.station_sides("rr..", ["h", "r", ".", "."], f"N: {NEITHER}; {MEET_WHY}") == "hr.."
    # read of one kind (a station needs ...): the one doubted route side turned
    why = f"E: {NEITHER}; a station needs a highway and a railway"
    assert meeting_centre.station_sides(".rr.", [".", "r", "r", "."], why) == ".hr."
    assert meeting_centre.station_sides(".rr.", [".", "r", "r", "."], "a station needs a highway and a railway") is None


def _arc(ink: np.ndarray, place: tuple[int, int]) -> None:
    """A curve N-E drawn as an arc round the space's north-east corner, clear of the middle."""
    cx, cy = _centre_px(*place)
    corner = (int(cx + SIDE * P), int(cy - SIDE * P))
    cv2.ellipse(ink, corner, (int(SIDE * P), int(SIDE * P)), 0, 90, 180, 1, 2)


def _sheet(x_at: tuple[int, int] | None) -> np.ndarray:
    ink = np.zeros((int(round((9 * 2 + 7 * 21) * P)),) * 2, np.uint8)
    for place in ((0, 0), (0, 2), (0, 4), (2, 2)):
        _arc(ink, place)
    if x_at is not None:   # a station drawn as an X in the middle of the arc
        cx, cy = _centre_px(*x_at)
        h = int(round(2.2 * P))
        cv2.line(ink, (int(cx) - h, int(cy) - h), (int(cx) + h, int(cy) + h), 1, 5)
        cv2.line(ink, (int(cx) - h, int(cy) + h), (int(cx) + h, int(cy) - h), 1, 5)
    return ink


def _apply(ink: np.ndarray, tokens: dict, reasons: dict, read: dict):
    rows, uncertain = flagged(tokens, reasons, Uncertain)
    sides_at = sides_read(rows, read)

    rows, uncertain = meeting_centre.apply(rows, uncertain, ink, ink.astype(np.float32), _centre_px, P, square,
                                           Uncertain, inked=lambda r, c: _centre_fill(ink, r, c), sides_at=sides_at,
                                           faces=_faces)
    return rows, {u.square: (u.guess, u.reason) for u in uncertain}


TOKENS = {(0, 0): "hh..", (0, 2): "rr..", (0, 4): "hh..", (2, 2): "rr.."}
WHY = f"N: {NEITHER}; {MEET_WHY}"


def test_an_inked_curve_on_a_sheet_of_arcs_is_guessed_its_station():
    rows, flags = _apply(_sheet((2, 2)), TOKENS, {(2, 2): WHY}, {(2, 2): "hr.."})
    assert rows[2][2].token == "hr..s"
    assert flags == {"C3": ("hr..s", WHY)}   # still flagged, for the same reason


def test_a_curve_whose_centre_is_paper_keeps_its_guess():
    rows, flags = _apply(_sheet(None), TOKENS, {(2, 2): WHY}, {(2, 2): "hr.."})
    assert rows[2][2].token == "rr.." and flags == {"C3": ("rr..", WHY)}
    # too few of the sheet's curves read with certainty to know how it draws them
    rows, flags = _apply(_sheet((2, 2)), TOKENS, {(2, 2): WHY, (0, 0): WHY}, {(2, 2): "hr.."})
    assert rows[2][2].token == "rr.."
    # read with certainty: never touched
    rows, flags = _apply(_sheet((2, 2)), TOKENS, {}, {(2, 2): "hr.."})
    assert rows[2][2].token == "rr.." and flags == {}


def test_a_curve_station_with_a_paper_centre_is_guessed_the_kind_it_joins():
    tokens = {**TOKENS, (2, 2): "hr..s", (1, 2): "h.h.", (2, 3): "...h"}
    rows, flags = _apply(_sheet(None), tokens, {(2, 2): MEET_WHY}, {})
    assert rows[2][2].token == "hh.." and flags == {"C3": ("hh..", MEET_WHY)}
    # its sides join both kinds: left as guessed
    rows, flags = _apply(_sheet(None), {**tokens, (2, 3): "...r"}, {(2, 2): MEET_WHY}, {})
    assert rows[2][2].token == "hr..s"


def _read(gen, seed: int):
    from railprint.games.railroad_ink.photo.read import read_photo

    made = gen.make_photo(seed)
    return read_photo(made[0], f"{seed}.jpg"), made[1]


@pytest.fixture(scope="module")
def indep2_208025():
    from benchmarks import indep2_photos
    return _read(indep2_photos, 208025)


@pytest.fixture(scope="module")
def indep2_208054():
    from benchmarks import indep2_photos
    return _read(indep2_photos, 208054)


@pytest.fixture(scope="module")
def indep_104698():
    from benchmarks import indep_photos
    return _read(indep_photos, 104698)


def _check(reading, board, squares: tuple[str, ...], phrase: str = MEET_WHY) -> None:
    flags = {u.square: u for u in reading.uncertain}
    for sq in squares:
        r, c = "ABCDEFG".index(sq[0]), int(sq[1]) - 1
        assert reading.board.rows[r][c].token == board.rows[r][c].token, sq
        assert flags[sq].guess == board.rows[r][c].token and phrase in flags[sq].reason, sq


def test_indep2_208025_x_stations_on_arcs_guessed_stations(indep2_208025):
    """indep2 208,025 (spent held out; stations drawn as an X, curves as arcs): A4 ``r..hs``, F5
    ``h..rs`` and F6 ``.rh.s`` were guessed ``r..r``, ``r..r``, ``.rr.`` on main; A5 ``h.r.s`` (a
    straight: its X turns the centre's edges off the axes) ``r.r.``. Guessed right now, flagged."""
    _check(*indep2_208025, ("A4", "F5", "F6", "A5"))


def test_indep2_208054_paper_curves_and_a_filled_curve(indep2_208054):
    """indep2 208,054 (spent): B6 and C1 ``hh..`` and D3 ``h..h``, highway arcs whose one side was
    read with certainty as a railway, were guessed stations on main; their centres are paper like
    the sheet's arcs. F7 ``.rh.s``, a filled centre between sides read as railways ("a station needs
    a highway and a railway"), was guessed ``.rr.``."""
    reading, board = indep2_208054
    _check(reading, board, ("B6", "C1", "D3"))
    _check(reading, board, ("F7",), "a station needs a highway and a railway")


def test_indep_104698_hollow_squares_on_straights(indep_104698):
    """indep 104,698 (spent): B6 ``h.r.s``, E2 ``r.h.s`` and F7 ``.r.hs`` (hollow squares on
    straights, closing 26 mm² of paper where the sheet's straights close none) were guessed
    railways on main."""
    _check(*indep_104698, ("B6", "E2", "F7"))
