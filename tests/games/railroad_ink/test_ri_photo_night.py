"""Photos taken at night (issue 35, round sixteen; ``photo/noisy_colour.py``): a warm lamp, high
ISO, the phone's denoiser leaving blotches of colour. The colour step's pixel-by-pixel level rose
above a highlighter's or a colour pencil's own colour, the sheet showed no colour groups, and a
highlighter highway with the pen's line in it was read as a railway with certainty."""

from __future__ import annotations

import pytest

cv2 = pytest.importorskip("cv2")
np = pytest.importorskip("numpy")

from railprint.games.railroad_ink.photo import colour, noisy_colour  # noqa: E402

ROWS, COLS = 26, 55   # a side's strip at 6 px/mm: 2.3-6.6 mm inwards, 9.2 mm across


def _planes(seed: int, bands: dict, amount: float = 0.2, noise: float = 0.045):
    """Each side's strip of the colour's two components: blotchy colour noise (``noise`` a
    pixel, blotches about 1.5 mm across) and, on the sides of ``bands`` ({(r, c, s): hue}), a
    band 3.5 mm wide along the route, ``amount`` from grey."""
    rng = np.random.default_rng(seed)
    a = np.zeros((7, 7, 4, ROWS, COLS), np.float32)
    b = np.zeros_like(a)
    for key in np.ndindex(7, 7, 4):
        for plane in (a, b):
            blot = cv2.GaussianBlur(rng.normal(0, 1, (ROWS, COLS)).astype(np.float32), (0, 0), 2.5)
            plane[key] = blot / blot.std() * noise
        if key in bands:
            hue = np.radians(bands[key])
            band = slice(COLS // 2 - 10, COLS // 2 + 11)
            a[key][:, band] += amount * np.cos(hue)
            b[key][:, band] += amount * np.sin(hue)
    return a, b


def _strip(plane, r, c, s):
    return plane[r, c, s]


def _keys():
    return [(r, c, s) for r in range(7) for c in range(7) for s in range(4)]


def test_a_band_of_colour_stands_out_of_blotches_stronger_than_it_pixel_by_pixel():
    bands = {(r, 3, s): 165.0 for r in range(7) for s in (0, 2)}   # a pink highway down column 4
    bands.update({(3, c, s): -93.0 for c in (0, 1) for s in (1, 3)})   # a yellow one across
    a, b = _planes(1, bands)
    # pixel by pixel, the level over the noise (colour.chroma's: NOISE_K deviations over its typical
    # amount) stands above the band: the day's measure sees no colour at all
    amount = np.hypot(a, b)
    level = float(np.median(amount) + colour.NOISE_K * 1.4826 * np.median(np.abs(amount - np.median(amount))))
    assert level >= noisy_colour.NOISY_LEVEL
    day = [colour.side_colour(amount[k], a[k], b[k], level) for k in _keys()]
    assert not any(x.run >= colour.RUN for x in day)
    got = noisy_colour.side_colours(a, b, _strip, _keys())
    for key in _keys():
        run, hue = got[key]
        if key in bands:
            assert run >= colour.RUN, key
            assert abs((hue - bands[key] + 180) % 360 - 180) < noisy_colour.SPREAD_MIN_DEG, (key, hue)
        else:   # paper: never a coloured route; a blotch in one part leaves it unclear, rarely
            assert run < colour.RUN, (key, run)
    assert sum(run >= colour.GREY for key, (run, _) in got.items() if key not in bands) <= 8


def test_a_night_sheet_s_colours_say_its_kinds():
    # the photo's own cast (a warm lamp's blue) is the sheet's, not a colour of its routes
    bands = {(r, 3, s): 165.0 for r in range(7) for s in (0, 2)}
    a, b = _planes(2, bands)
    b -= 0.05
    got = noisy_colour.side_colours(a, b, _strip, _keys())
    assert sum(run >= colour.RUN for run, _ in got.values()) == len(bands)


# dev seed 1,025 of the second independent generator (6 MP through a messaging app, a phone's
# shadow, night): highways under a pink highlighter with the ballpoint's line in it, railways as
# ballpoint ticks, circled stations. Main read its highways as railways: 17 spaces wrong, 2 of them
# unflagged (D2 ..rhs read ..rr, D7 .h.rs read .r.r); the colour level was 0.31.
def test_a_night_photo_s_highlighter_highways_are_flagged():
    pytest.importorskip("pypdfium2")
    from tests.games.railroad_ink.indep2_seed import check_night_seed

    check_night_seed(1025, "highlighter", 8, "D2", "..rhs")


def _rails_sheet():
    """A sheet read with railways down columns 2 and 6 (``.r.r`` / ``r.r.``) and one ``rr..`` in A4."""
    from railprint.games.railroad_ink.board import Cell

    rows = [[Cell() for _ in range(7)] for _ in range(7)]
    for r in range(7):
        rows[r][1] = Cell("r.r.")
        rows[r][5] = Cell("r.r.")
    rows[0][3] = Cell("rr..")
    return [tuple(row) for row in rows]


def _uncertain(square, guess, why):
    from railprint.games.railroad_ink.photo.read import Uncertain

    return Uncertain(square, guess, why)


def test_two_lines_running_in_where_the_sheet_s_railways_run_as_one_are_flagged():
    from railprint.games.railroad_ink.photo import two_tracks

    rows = _rails_sheet()
    one = {(0, 3, 1): 2}   # A4's east side runs in as two lines, every other railway as one
    got_rows, got = two_tracks.revise(rows, [], tracks=lambda r, c, s: one.get((r, c, s), 1), uncertain_of=_uncertain)
    assert got_rows == rows   # its guess stays as read
    assert [(u.square, u.guess, u.reason) for u in got] == [("A4", "rr..", f"E: {two_tracks.WHY}")]
    # a sheet of ladders (two rails): most railways run in as two lines, nothing is flagged
    _, got = two_tracks.revise(rows, [], tracks=lambda r, c, s: 2, uncertain_of=_uncertain)
    assert got == []
    # a space already flagged is left as it is, and does not count
    flagged = [_uncertain("A4", "rr..", "a few marks")]
    _, got = two_tracks.revise(rows, flagged, tracks=lambda r, c, s: one.get((r, c, s), 1), uncertain_of=_uncertain)
    assert got == flagged


# dev seed 1,294 (5.4 MP through a messaging app, night: 2.9 px/mm at the grid, the ink threshold
# 0.3): highways as two lines with a dashed one between, railways as a line crossed by X's. The
# highways ran together into two lines closer than a road's width: main read A4 rh..s as rr..,
# A6 hr..s as rr.., E1 h..h as r..r, certain.
def test_a_night_photo_s_highways_run_together_are_flagged():
    pytest.importorskip("pypdfium2")
    from tests.games.railroad_ink.indep2_seed import read_seed

    got = read_seed(1294)
    assert "night" in got.plan.effects and "x-ticks" in got.plan.habits
    assert got.wrong <= set(got.flagged), sorted(got.wrong - set(got.flagged))
    assert {"A4", "A6", "E1"} <= set(got.flagged)
