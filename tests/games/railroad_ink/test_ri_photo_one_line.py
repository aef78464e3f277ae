"""Highways drawn as one line (issue 35, round fourteen; ``photo/one_line.py``): on a sheet whose
railways are lines crossed by ticks, a route drawn as one plain line is a highway. The reader
flagged every such space ("neither clearly a highway nor a railway") and guessed a railway."""

from __future__ import annotations

import pytest

cv2 = pytest.importorskip("cv2")
np = pytest.importorskip("numpy")
pytest.importorskip("pypdfium2")

from benchmarks import indep_photos  # noqa: E402
from railprint.games.railroad_ink.board import square  # noqa: E402
from railprint.games.railroad_ink.photo import one_line, read  # noqa: E402

P = read.PX_PER_MM


def _strip(draw) -> np.ndarray:
    """A long strip (rows inwards over ``one_line.LONG_DEPTH``, columns across the route, as
    ``read._strip`` cuts it) with a 0.6 mm line down its middle and what ``draw(img, mid)`` adds."""
    rows = int(round((one_line.LONG_DEPTH[1] - one_line.LONG_DEPTH[0]) * P))
    img = np.zeros((rows, int(round(2 * read.ACROSS * P))), np.uint8)
    mid = img.shape[1] // 2
    img[:, mid - 2:mid + 2] = 1
    draw(img, mid)
    return img


def test_a_plain_line_is_clean_and_a_ticked_one_is_crossed_by_ticks():
    plain = one_line.follow(_strip(lambda img, mid: None), P)
    assert plain.marks == [] and plain.ticks == [] and plain.length >= one_line.ARM_MIN_MM

    def ticks(img, mid):
        for row in (3, 18, 33):   # three ticks 2.5 mm apart, 3.4 mm long, 0.5 mm thick
            img[row:row + 3, mid - 10:mid + 10] = 1

    ticked = one_line.follow(_strip(ticks), P)
    assert len(ticked.ticks) == 3 and ticked.marks == ticked.ticks


def test_a_station_square_where_the_line_ends_is_a_mark_but_no_tick():
    """The edge of a station square the strip reaches into crosses the line as a tick would, but
    the line does not run on past it: no tick (seed 2,002's B6 was read a certain railway so)."""
    def square_(img, mid):
        img[34:, mid - 18:mid + 18] = 1

    got = one_line.follow(_strip(square_), P)
    assert got.marks and got.ticks == []


# dev seed 1,014 of the independent generator (2 MP, gel pen): highways drawn as one plain line,
# railways crossed by ticks. Main's reader flagged all 8 of its spaces holding highways only (as railways)
SEED = 1014


def test_one_line_highways_are_read_as_highways_with_certainty():
    data, board, facts = indep_photos.make_photo(SEED)
    assert (facts["highway"], facts["railway"], facts["mp"]) == ("single", "ticks", 2.0)
    reading = read.read_photo(data)
    flagged = {u.square for u in reading.uncertain}
    silent = [(square(r, c), cell.token, reading.board[r, c].token) for r, c, cell in board.cells()
              if reading.board[r, c] != cell and square(r, c) not in flagged]
    assert silent == [], f"read wrong and not flagged (square, drawn, read): {silent}"
    roads = [(r, c) for r, c, cell in board.cells() if set(cell.edges) == {"h", "."} and not cell.marker]
    sure = [square(r, c) for r, c in roads if reading.board[r, c] == board[r, c] and square(r, c) not in flagged]
    assert len(roads) == 8 and len(sure) >= 6, (sure, len(roads))


def test_a_space_whose_centre_decides_it_stays_flagged():
    """An overpass drawn with a hump over the crossing (the second independent generator's dev
    seed 16, B7): its one-line highway settled, the reader's centre says station; the arms say
    nothing of the centre, so the space keeps its flag (it was a certain, wrong station)."""
    from benchmarks import indep2_photos

    data, board = indep2_photos.make_photo(16)[:2]
    assert board[1, 6].token == "hrhro"
    reading = read.read_photo(data)
    flagged = {u.square for u in reading.uncertain}
    assert "B7" in flagged, reading.board[1, 6].token
