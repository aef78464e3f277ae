"""Round sixteen (screens): a shown photo's own table, split by its shadows, taken whole.

A photo of the printed sheet shown on a screen pictures two planes (``photo/planes.py``): the
shown photo's edge lies in the display's plane and comes back through the marks' homography as no
rectangle when the first camera was tilted. That edge was found only when one region grown from
beside the page (the shown photo's own table) reached it all round; a table crossed by a shadow's
edge falls apart into pieces, none of which encloses the grid, and the photo was read as paper
(dev screen 840,034: a monitor showing a photo of the sheet on a dark table, read with 5 spaces
flagged). The pieces are now also taken together with the page (``planes.surround_whole``)
(docs/railroad-ink-photo-rounds.md, "Round sixteen: screens")."""

from __future__ import annotations

import pytest

cv2 = pytest.importorskip("cv2")
import numpy as np  # noqa: E402

from railprint.games.railroad_ink.photo import planes, screen  # noqa: E402
from tests.games.railroad_ink.test_ri_photo_screen3 import (  # noqa: E402
    TILTED, _shown, _tray)


def _shown_with_a_shadow(tilted=TILTED) -> tuple[np.ndarray, np.ndarray]:
    """A screen showing a photo of the sheet (the page seen through ``tilted`` on a grey table,
    a shadow's sharp-edged band across the table from the photo's top edge to its bottom edge,
    under the page), a light letterbox beside it; the display's left and right edges beyond the
    photo. Returns (the photo, H: grid mm -> photo px)."""
    return _shown(tilted=tilted, letterbox=220, table=125, shadow=[[470, 30], [640, 30], [560, 730], [390, 730]])


def test_a_shown_photos_table_split_by_a_shadow_is_taken_whole(monkeypatch):
    image, H = _shown_with_a_shadow()
    assert screen.off_plane(image, H) >= planes.SKEW_DEG
    assert screen.check(image, H) == screen.SCREEN
    # the pieces alone (main): none encloses the grid, no other plane found, not refused
    monkeypatch.setattr(planes, "surround_whole", lambda masks, page, shape: np.zeros(shape, np.uint8))
    assert screen.off_plane(image, H) is None
    assert screen.check(image, H) != screen.SCREEN


@pytest.mark.parametrize("turn", (0.0, 12.0))
def test_paper_in_a_tray_taken_whole_stays_in_one_plane(turn):
    # the tray's floor with the page: the tray's own rectangle, in the sheet's plane
    image, H = _tray(turn)
    value = screen.off_plane(image, H)
    assert value is not None and value < 2.0
    assert screen.check(image, H) != screen.SCREEN


def test_the_regions_taken_whole_hold_the_page():
    masks = [np.zeros((50, 60), np.uint8)]
    masks[0][:10] = 1
    whole = planes.surround_whole(masks, np.array([[20, 20], [40, 20], [40, 40], [20, 40]], np.float64), (50, 60))
    assert whole[:10].all() and whole[20:41, 20:41].all() and not whole[45].any()
    assert masks[0][20:41, 20:41].sum() == 0          # the masks themselves untouched

