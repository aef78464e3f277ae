"""Round twenty-four (photo/marked_route.py): a flagged route of one kind whose centre shows the
sheet's station mark is guessed the station. Main's reader guessed a station whose one side was
misread as the other kind a plain route (``.r.r``, ``rr..``), flagged: a second tap for the player.
Drawn fixtures at the reader's 6 px/mm, and photos of the independent generators."""

from __future__ import annotations

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from railprint.games.railroad_ink.board import square  # noqa: E402
from railprint.games.railroad_ink.photo import marked_route  # noqa: E402
from railprint.games.railroad_ink.photo.read import PX_PER_MM, Uncertain, _centre_px, _faces  # noqa: E402
from tests.games.railroad_ink.photo_boards import flagged, sides_read  # noqa: E402

P = PX_PER_MM
NEITHER = "neither clearly a highway nor a railway"
BAND = "a solid band: a highway's two lines run together?"


def _sheet(hollow_at: tuple, filled_at: tuple = ()) -> np.ndarray:
    """Hollow squares (5 mm, a 0.8 mm stroke) and filled squares at the given spaces' middles."""
    ink = np.zeros((int(round((9 * 2 + 7 * 21) * P)),) * 2, np.uint8)
    h = int(round(2.5 * P))
    for place in hollow_at:
        cx, cy = (int(v) for v in _centre_px(*place))
        cv2.rectangle(ink, (cx - h, cy - h), (cx + h, cy + h), 1, 5)
    for place in filled_at:
        cx, cy = (int(v) for v in _centre_px(*place))
        cv2.rectangle(ink, (cx - h, cy - h), (cx + h, cy + h), 1, -1)
    return ink


def _apply(ink: np.ndarray, tokens: dict, reasons: dict, read: dict | None = None):
    """``read``: the reader's side kinds of some spaces, where they differ from the token's."""
    rows, uncertain = flagged(tokens, reasons, Uncertain)
    sides_at = sides_read(rows, read)

    rows, uncertain = marked_route.apply(rows, uncertain, ink, _centre_px, P, square, Uncertain,
                                         sides_at=sides_at, faces=_faces)
    return rows, {u.square: (u.guess, u.reason) for u in uncertain}


# two stations guessed (flagged or not), plain routes read with certainty, and the candidate D4
TOKENS = {(0, 0): "h.r.s", (0, 2): ".hr.s", (1, 1): "h.h.", (1, 3): "r.r.", (2, 5): "rr..", (3, 3): ".r.r"}
WHY = f"E: {NEITHER}"


def test_a_flagged_route_with_the_sheets_hollow_square_is_guessed_its_station():
    rows, flags = _apply(_sheet(((0, 0), (0, 2), (3, 3))), TOKENS, {(3, 3): WHY})
    assert rows[3][3].token == ".h.rs"   # the doubted side (E) turned
    assert flags == {"D4": (".h.rs", WHY)}   # still flagged, for the same reason


def test_a_route_without_the_mark_or_read_with_certainty_keeps_its_guess():
    rows, flags = _apply(_sheet(((0, 0), (0, 2))), TOKENS, {(3, 3): WHY})
    assert rows[3][3].token == ".r.r" and flags == {"D4": (".r.r", WHY)}
    # read with certainty: never touched here (lost_station flags it)
    rows, flags = _apply(_sheet(((0, 0), (0, 2), (3, 3))), TOKENS, {})
    assert rows[3][3].token == ".r.r" and flags == {}
    # no side doubted and none meets the other kind: the guess stays
    rows, flags = _apply(_sheet(((0, 0), (0, 2), (3, 3))), TOKENS, {(3, 3): "a faint line?"})
    assert rows[3][3].token == ".r.r"


def test_a_filled_mark_beside_a_band_keeps_its_guess():
    ink = _sheet((), ((0, 0), (0, 2), (3, 3)))
    rows, flags = _apply(ink, TOKENS, {(3, 3): WHY})
    assert rows[3][3].token == ".h.rs"
    why = f"E: {BAND}"   # a band's own ink is left by the opening too
    rows, flags = _apply(ink, TOKENS, {(3, 3): why})
    assert rows[3][3].token == ".r.r" and flags == {"D4": (".r.r", why)}


def test_a_filled_mark_beside_a_band_on_sides_read_as_a_highway_and_a_railway_is_the_station():
    """Round twenty-five: where the reader's own sides of the space are a highway and a railway (the
    guess made them one kind), the filled piece beside a band is the station's (indep2 209,539 D4,
    E3, E6, 209,559 G5, 209,606 G6; night 209,662 E1: a band's piece at 0.7-1.4 of the sheet's mark)."""
    ink = _sheet((), ((0, 0), (0, 2), (3, 3)))
    why = f"E: {BAND}"
    rows, flags = _apply(ink, TOKENS, {(3, 3): why}, read={(3, 3): ".h.r"})
    assert rows[3][3].token == ".h.rs" and flags == {"D4": (".h.rs", why)}
    # no mark in the centre: the guess stays, sides or not
    rows, flags = _apply(_sheet((), ((0, 0), (0, 2))), TOKENS, {(3, 3): why}, read={(3, 3): ".h.r"})
    assert rows[3][3].token == ".r.r" and flags == {"D4": (".r.r", why)}
    assert marked_route.split(".r.r", [".", "h", ".", "r"]) and not marked_route.split(".r.r", list(".r.r"))
    assert not marked_route.split("hrrr", list("hrrr"))   # a T: not asked


def test_a_t_or_crossing_turns_its_doubted_sides():
    assert marked_route.meeting_sides("rrrr", f"N: {NEITHER}; W: {NEITHER}") == "hrrh"
    assert marked_route.meeting_sides(".rrr", f"S: {NEITHER}") == ".rhr"
    assert marked_route.meeting_sides("rrrr", "a faint line?") is None   # none doubted
    assert marked_route.meeting_sides("rrr.", f"N: {NEITHER}; E: {NEITHER}; S: {NEITHER}") is None   # every one
    tokens = {**TOKENS, (3, 3): "rrrr"}
    why = f"N: {NEITHER}; W: {NEITHER}"
    rows, flags = _apply(_sheet(((0, 0), (0, 2), (3, 3))), tokens, {(3, 3): why})
    assert rows[3][3].token == "hrrhs" and flags == {"D4": ("hrrhs", why)}
    # its centre shows nothing like the sheet's stations: the crossing stays
    rows, flags = _apply(_sheet(((0, 0), (0, 2))), tokens, {(3, 3): why})
    assert rows[3][3].token == "rrrr"
    # a filled piece on a sheet of filled squares: a crossing's lines leave one of their own
    rows, flags = _apply(_sheet((), ((0, 0), (0, 2), (3, 3))), tokens, {(3, 3): why})
    assert rows[3][3].token == "rrrr"


def _read(gen, seed: int):
    from railprint.games.railroad_ink.photo.read import read_photo

    made = gen.make_photo(seed)
    return read_photo(made[0], f"{seed}.jpg"), made[1]


@pytest.fixture(scope="module")
def indep_104891():
    from benchmarks import indep_photos
    return _read(indep_photos, 104891)


@pytest.fixture(scope="module")
def indep_104957():
    from benchmarks import indep_photos
    return _read(indep_photos, 104957)


@pytest.fixture(scope="module")
def indep2_209097():
    from benchmarks import indep2_photos
    return _read(indep2_photos, 209097)


def _check(reading, board, squares: tuple[str, ...], phrase: str) -> None:
    flags = {u.square: u for u in reading.uncertain}
    for sq in squares:
        r, c = "ABCDEFG".index(sq[0]), int(sq[1]) - 1
        assert board.rows[r][c].marker == "s", sq
        assert reading.board.rows[r][c].token == board.rows[r][c].token, sq
        assert flags[sq].guess == board.rows[r][c].token and phrase in flags[sq].reason, sq


def test_indep_104891_hollow_squares_on_routes_read_as_railways(indep_104891):
    """indep 104,891 (spent held out; hollow squares, no station of the sheet read as one): A5
    ``.h.rs``, C6 and C7 ``r.h.s``, D3 and G3 ``..rhs``, their highways read as railways, were
    guessed ``.r.r``, ``r.r.``, ``..rr`` on main; each centre closes 20 mm² of paper, as the sheet's
    misread stations do and none of its routes."""
    _check(*indep_104891, ("A5", "C6", "C7", "D3", "G3"), NEITHER)


def test_indep2_209097_filled_dots_on_routes_read_as_railways(indep2_209097):
    """indep2 209,097 (spent held out; filled dots): A4 ``r.h.s``, A6 ``hr..s``, C2 ``rh..s`` and F1
    ``..hrs`` were guessed routes of one kind on main."""
    _check(*indep2_209097, ("A4", "A6", "C2", "F1"), NEITHER)


def test_indep_104957_straights_and_a_t_station_read_as_railways(indep_104957):
    """indep 104,957 (spent held out; hollow squares on overexposed paper): E2 ``r.h.s`` and E6
    ``h.r.s`` were guessed ``r.r.``, F6 ``rrhhs`` (its south and west highways doubted) ``rrrr`` on
    main. E1 ``rrrhs``, whose north side is doubted with its west, is guessed ``hrrhs`` now: still
    wrong, still flagged."""
    reading, board = indep_104957
    _check(reading, board, ("E2", "E6", "F6"), NEITHER)
    flags = {u.square: u for u in reading.uncertain}
    assert reading.board.rows[4][0].token == "hrrhs" and flags["E1"].guess == "hrrhs"


@pytest.fixture(scope="module")
def indep2_209539():
    from benchmarks import indep2_photos
    return _read(indep2_photos, 209539)


def test_indep2_209539_filled_pieces_beside_bands_on_split_sides(indep2_209539):
    """Round twenty-five, indep2 209,539 (spent held out of round twenty-four; solid-band highways, X
    stations whose opening leaves a filled piece of 18-20 mm², the sheet's mark 17.6 mm²): D4
    ``.r.hs``, E3 ``hr..s`` and E6 ``..hrs``, their sides read a highway and a railway, were guessed
    ``.r.r``, ``rr..``, ``..rr`` on main (a band beside them: the filled piece not asked)."""
    _check(*indep2_209539, ("D4", "E3", "E6"), BAND)
