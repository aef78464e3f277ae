"""Round twenty-one: a phone's screenshot of a photo of the sheet is read, not refused as a screen.

A screenshot holds the photo fitted to the phone's width, a black letterbox above and below it and
the status bar's strip on top. ``screen.py`` took the letterbox for a screen's dark viewer round
the page, and the shown photo's straight edges for a display's rectangle in another plane than
the sheet's: ``benchmarks/indep3_photos.py`` screenshots were refused. ``photo/screenshot.py``
finds the shown photo's box (flat bars across the whole image, its edges a row of the image's own
pixels); ``screen.check`` judges the photo inside it (docs/railroad-ink-photo-rounds.md, "Round
twenty-one: a phone's screenshot")."""

from __future__ import annotations

import pytest

cv2 = pytest.importorskip("cv2")
import numpy as np  # noqa: E402

from railprint.errors import RailprintError  # noqa: E402
from railprint.games.railroad_ink.board import square  # noqa: E402
from railprint.games.railroad_ink.photo import read, screen, screenshot  # noqa: E402


def _photo(h: int, w: int, seed: int = 0) -> np.ndarray:
    """A camera photo's look: a table's grain and sensor noise, a light page in it."""
    rng = np.random.default_rng(seed)
    img = rng.normal(120, 12, (h, w))
    img[h // 5:h - h // 5, w // 6:w - w // 6] = rng.normal(200, 6, (h - 2 * (h // 5), w - 2 * (w // 6)))
    return np.clip(img, 0, 255).astype(np.uint8)


def _screenshot(photo: np.ndarray, width: int = 600, height: int = 1300, bar: int = 0) -> tuple[np.ndarray, int]:
    """``photo`` fitted to a phone's width, a ``bar``-grey letterbox above and below it, a white
    status bar with the clock's dark digits on top, JPEG-encoded; returns (the image, the shown
    photo's first row)."""
    shown = cv2.resize(photo, (width, round(photo.shape[0] * width / photo.shape[1])), interpolation=cv2.INTER_AREA)
    img = np.full((height, width), bar, np.uint8)
    y0 = (height - shown.shape[0]) // 2
    img[y0:y0 + shown.shape[0]] = shown
    img[:60] = 245
    cv2.putText(img, "21:07", (30, 45), cv2.FONT_HERSHEY_SIMPLEX, 1.2, 0, 3, cv2.LINE_AA)
    ok, jpeg = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, 75])
    return cv2.imdecode(jpeg, cv2.IMREAD_GRAYSCALE), y0


@pytest.mark.parametrize("bar", (0, 255))
def test_a_screenshots_shown_photo_is_found_to_its_row(bar):
    img, y0 = _screenshot(_photo(900, 1200), bar=bar)
    box = screenshot.shown_photo(img)
    assert box is not None
    top, bottom, left, right = box
    assert abs(top - y0) <= screenshot.LOOK and abs(bottom - (y0 + 450)) <= screenshot.LOOK
    assert (left, right) == (0, 600)


def test_a_landscape_screenshot_is_found_by_its_columns():
    img, x0 = _screenshot(_photo(900, 1200))
    box = screenshot.shown_photo(img.T.copy())
    assert box is not None and box[:2] == (0, 600), box
    assert abs(box[2] - x0) <= screenshot.LOOK and abs(box[3] - (x0 + 450)) <= screenshot.LOOK


def test_a_camera_photo_of_a_letterboxed_display_is_no_screenshot():
    """The same screenshot seen by a camera: turned by a degree, with sensor noise in its dark;
    the letterbox's edge crosses the image's rows."""
    img, _ = _screenshot(_photo(900, 1200))
    turn = cv2.getRotationMatrix2D((300, 650), 1.0, 1.0)
    seen = cv2.warpAffine(img, turn, (600, 1300), borderMode=cv2.BORDER_REPLICATE).astype(np.float64)
    seen += np.random.default_rng(1).normal(0, 2.5, seen.shape)
    assert screenshot.shown_photo(np.clip(seen, 0, 255).astype(np.uint8)) is None


def test_a_camera_photo_and_a_scanned_page_are_no_screenshots():
    assert screenshot.shown_photo(_photo(900, 1200)) is None
    page = np.full((1400, 1000), 250, np.uint8)   # a scan: white margins, a title's few letters, the grid
    cv2.putText(page, "Railroad Ink", (80, 120), cv2.FONT_HERSHEY_SIMPLEX, 1.5, 20, 3, cv2.LINE_AA)
    for k in range(8):
        cv2.line(page, (150 + 100 * k, 300), (150 + 100 * k, 1000), 40, 2)
        cv2.line(page, (150, 300 + 100 * k), (850, 300 + 100 * k), 40, 2)
    assert screenshot.shown_photo(page) is None


@pytest.fixture(scope="module")
def screenshots():
    """Dev seeds 8,033 and 8,038 of ``indep3_photos.py``: screenshots (a photo on a gingham
    tablecloth, fitted to a phone's width, re-encoded twice) refused before round twenty-one, one as
    a dark viewer (8,038) and one as a display in another plane than the sheet's (8,033)."""
    from benchmarks import indep3_photos

    return {seed: indep3_photos.make_photo(seed)[:2] for seed in (8033, 8038)}


@pytest.mark.parametrize("seed", (8033, 8038))
def test_an_indep3_screenshot_is_read_with_every_wrong_space_flagged(screenshots, seed):
    data, board = screenshots[seed]
    reading = read.read_photo(data)
    flagged = {u.square for u in reading.uncertain}
    wrong = {square(r, c) for r, c, cell in board.cells() if reading.board[r, c] != cell}
    assert wrong <= flagged, sorted(wrong - flagged)
    assert len(flagged) < 49 and not any(screen.DOUBT_WHY in u.reason for u in reading.uncertain)


def test_the_screenshots_crop_is_what_screen_check_refused(screenshots):
    """Without the shown photo's box, the screen checks refuse both (what main did)."""
    for seed, (data, _) in screenshots.items():
        gray = read._decode(data)
        assert screenshot.shown_photo(gray) is not None, seed
        assert screen.dark_viewer(gray) or seed == 8033
        with pytest.raises(RailprintError):
            read.read_photo(_turned_off(data))


def _turned_off(data: bytes) -> bytes:
    """The screenshot with its letterbox's rows speckled, so it is no screenshot: refused as a
    screen as before round twenty-one."""
    gray = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    rng = np.random.default_rng(7)
    dark = gray.max(axis=2) < 12
    gray[dark] = rng.integers(0, 25, (int(dark.sum()), 1)).astype(np.uint8)
    return cv2.imencode(".jpg", gray, [cv2.IMWRITE_JPEG_QUALITY, 90])[1].tobytes()
