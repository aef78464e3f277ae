"""Round twenty-six (lead): a gingham tablecloth round a sheet that does not lie flat on it is no
screen. The cloth's mid-tone stripes grow into one lattice round its light and dark squares, and
the lattice's hull has the cloth's square edges for sides, in another plane than the sheet's:
``screen.off_plane`` took them for a display's and refused two paper photos (indep3 301,764 and
301,805). A region counts only where it fills its quadrilateral outside the page
(``planes.fills``)."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
cv2 = pytest.importorskip("cv2")

from railprint.games.railroad_ink.photo import planes  # noqa: E402

QUAD = np.array([[40, 30], [360, 30], [360, 270], [40, 270]], np.float64)
PAGE = np.array([[140, 100], [260, 100], [260, 200], [140, 200]], np.float64)


def _gingham(cell: int = 20) -> np.ndarray:
    """A gingham's lattice mask (400 x 300): the mid-tone squares where a light row meets a dark
    column or the other way round; the light and the dark squares are holes in it."""
    y, x = np.mgrid[0:300, 0:400]
    return (((y // cell) % 2) != ((x // cell) % 2)).astype(np.uint8)


def test_a_solid_region_round_the_page_fills_its_quadrilateral():
    table = np.ones((300, 400), np.uint8)
    table[120:180, 160:240] = 0                       # the page itself is no matter
    assert planes.fills(table, QUAD, PAGE)
    with_objects = table.copy()
    with_objects[40:90, 50:120] = 0                   # a phone, a die, a hand on the table
    assert planes.fills(with_objects, QUAD, PAGE)


def test_a_tablecloths_lattice_does_not():
    lattice = _gingham()
    assert 0.45 < lattice[30:270, 40:360].mean() < 0.55
    assert not planes.fills(lattice, QUAD, PAGE)


def test_indep3_301764_a_sheet_slanted_on_a_gingham_is_read_not_refused(monkeypatch):
    pytest.importorskip("pypdfium2")
    from benchmarks import indep3_photos as gen
    from railprint.games.railroad_ink.board import SIZE, square
    from railprint.games.railroad_ink.photo import screen
    from railprint.games.railroad_ink.photo.read import PhotoError, read_photo

    data, board, facts = gen.make_photo(301_764)
    assert facts["table"] == "gingham" and facts["output"] == "jpeg"
    reading = read_photo(data)                        # main refused it: "this is a photo of a screen"
    flagged = {u.square for u in reading.uncertain}
    wrong = {square(r, c) for r in range(SIZE) for c in range(SIZE)
             if reading.board.rows[r][c].token != board.rows[r][c].token}
    assert wrong <= flagged
    assert not any(u.reason.startswith(screen.DOUBT_WHY) for u in reading.uncertain)
    monkeypatch.setattr(planes, "SOLID", 0.0)         # every region's quadrilateral counted: refused
    with pytest.raises(PhotoError, match="photo of a screen"):
        read_photo(data)
