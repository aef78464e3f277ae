"""Routes drawn as two lines (``photo/twolines.py``, issue 35's independent check): a highway as two
parallel lines, with or without a dashed middle, and a railway as a ladder (two rails and rungs).
What lies between the two lines says which: dashes along the route or nothing, a highway; rungs
across it, each as long along the route as the pen is wide, a railway."""

from __future__ import annotations

import pytest

cv2 = pytest.importorskip("cv2")
np = pytest.importorskip("numpy")

from railprint.games.railroad_ink.photo import read, twolines  # noqa: E402

P = twolines.PX_PER_MM


def _strip(draw, blur: float = 0.0) -> np.ndarray:
    """A side's darkness as ``read._strip`` gives it over ``twolines.DEPTH``: rows inwards (6 mm),
    columns across the route (9.2 mm), the route's lines drawn by ``draw(img, x)`` (x: px from
    the side's middle to a column)."""
    rows = int(round((twolines.DEPTH[1] - twolines.DEPTH[0]) * P))
    cols = int(round(2 * read.ACROSS * P))
    img = np.zeros((rows, cols), np.float32)
    draw(img, lambda mm: int(round(cols / 2 + mm * P)))
    if blur:
        img = cv2.GaussianBlur(img, (0, 0), blur * P)
    return img * 0.6


def _lines(img, x, half: float, width: int = 3) -> None:
    for sign in (-1, 1):
        cv2.line(img, (x(sign * half), 0), (x(sign * half), img.shape[0] - 1), 1.0, width)


def _double(img, x):
    _lines(img, x, 1.5)


def _double_centre(img, x):
    _lines(img, x, 1.5)
    for start in (0.5, 4.5):   # 2 mm dashes every 4 mm, along the route
        cv2.line(img, (x(0), int(start * P)), (x(0), int((start + 2) * P)), 1.0, 3)


def _ladder(img, x):
    _lines(img, x, 1.1)
    for at in (0.8, 3.2, 5.6):   # rungs every 2.4 mm, across both rails
        cv2.line(img, (x(-1.4), int(at * P)), (x(1.4), int(at * P)), 1.0, 3)


def _ticks(img, x):
    cv2.line(img, (x(0), 0), (x(0), img.shape[0] - 1), 1.0, 3)
    for at in (0.8, 3.2, 5.6):
        cv2.line(img, (x(-1.8), int(at * P)), (x(1.8), int(at * P)), 1.0, 3)


@pytest.mark.parametrize("blur", [0.0, 0.25])
@pytest.mark.parametrize("draw, route", [(_double, "h"), (_double_centre, "h"), (_ladder, "r"), (_ticks, None)])
def test_what_lies_between_two_lines_says_the_route(draw, route, blur):
    assert twolines.verdict(twolines.measure(_strip(draw, blur))) == route


def test_a_side_read_as_a_certain_railway_whose_two_lines_hold_dashes_is_flagged_a_highway():
    strips = [_strip(_double_centre, 0.25)] + [np.zeros_like(_strip(_double))] * 3
    sides = [read.SideRead("r", True), read.SideRead(".", True), read.SideRead(".", True), read.SideRead(".", True)]
    got = twolines.revise(sides, strips, read.SideRead)
    assert got[0] == read.SideRead("h", False, twolines.DASHES)
    assert got[1:] == sides[1:]


def test_a_side_read_as_a_certain_highway_whose_two_lines_hold_rungs_is_flagged_a_railway():
    strips = [_strip(_ladder, 0.25)] * 4
    sides = [read.SideRead("h", True), read.SideRead("r", True), read.SideRead("h", False, read.NEITHER),
             read.SideRead(".", True)]
    got = twolines.revise(sides, strips, read.SideRead)
    assert got[0] == read.SideRead("r", False, twolines.LADDER)
    assert got[1] == sides[1]                                   # certain and agreeing: kept
    assert got[2] == read.SideRead("r", False, read.NEITHER)    # uncertain: the guess, its reason kept
    assert got[3] == sides[3]                                   # an empty side is not looked at


# dev seeds of the independent generator (3 MP): 3050 draws highways as two plain lines 2 mm
# apart (main's reader read G2's, beside a hatched station, as a certain railway: ..hrs read
# ..rr); 3036 draws highways as two lines with a dashed middle and railways as ladders (E1 hrhrs
# read rrrr, the dashes taken for sleepers)
@pytest.mark.parametrize("seed", (3050, 3036))
def test_two_line_routes_read_wrong_are_flagged(seed):
    pytest.importorskip("pypdfium2")
    from benchmarks import indep_photos
    from railprint.games.railroad_ink.board import square

    data, board, facts = indep_photos.make_photo(seed)
    assert facts["mp"] <= 3 and facts["highway"] in ("double", "double-centre")
    reading = read.read_photo(data, f"indep-{seed}.jpg")
    flagged = {u.square for u in reading.uncertain}
    silent = [(square(r, c), cell.token, reading.board[r, c].token) for r, c, cell in board.cells()
              if reading.board[r, c] != cell and square(r, c) not in flagged]
    assert silent == [], f"read wrong and not flagged (square, drawn, read): {silent}"


def test_the_two_line_reasons_are_said_in_polish():
    from railprint.games.railroad_ink.photo.words import reason_in

    assert reason_in(f"N: {twolines.DASHES}; S: {twolines.LADDER}", "pl") == (
        "północ: dwie linie z przerywaną linią pośrodku albo bez niczego między nimi: autostrada?; "
        "południe: dwie linie połączone poprzeczkami: linia kolejowa narysowana jak drabinka?")
