"""Round fifteen (screens): the marker search's windows over a screen's moiré are bounded.

Where two or three marks are found in a photo the blur measure calls motion-blurred, the missing
ones are looked for in windows 7 marks wide where those put them (``read._find_missing``). Over a
screen's moiré every stripe of such a window was a candidate of the marker detector (its least
perimeter a share of the *window's* size: 3 px of a 270 px window): dev screen 970,007 spent 7.5
of its 8.6 s of CPU there. A candidate under half the missing mark's own size (from the found
marks' homography) is no mark (docs/railroad-ink-photo-rounds.md, "Round fifteen: screens")."""

from __future__ import annotations

import pytest

cv2 = pytest.importorskip("cv2")
import numpy as np  # noqa: E402

from railprint.games.railroad_ink.photo import layout, read  # noqa: E402


def _moire(w: int = 1400, h: int = 1200, seed: int = 0) -> np.ndarray:
    """A photo full of a screen's moiré: fine stripes (3.3 px, turned 30 degrees) beating with a
    slower pattern, plus noise."""
    y, x = np.mgrid[:h, :w].astype(np.float32)
    t = np.radians(30.0)
    u = x * np.cos(t) + y * np.sin(t)
    v = -x * np.sin(t) + y * np.cos(t)
    img = 150 + 70 * np.sin(2 * np.pi * u / 3.3) * (0.6 + 0.4 * np.sin(2 * np.pi * v / 41.0))
    img += np.random.default_rng(seed).normal(0, 4, img.shape)
    return np.clip(img, 0, 255).astype(np.uint8)


def test_the_missing_marks_windows_over_a_moire_hold_few_candidates(monkeypatch):
    places = layout.marker_places("none")
    H = np.array([[5.0, 0, 120], [0, 5.0, 180], [0, 0, 1]])   # grid mm -> photo px: 5 px per mm
    found = {p.id: cv2.perspectiveTransform(np.array(p.corners(), np.float64).reshape(-1, 1, 2), H)
             .reshape(4, 2).astype(np.float32) for p in places[:2]}
    gray = _moire()
    seen = []
    make = read._detector

    class Spy:
        def __init__(self, detector):
            self.detector = detector

        def detectMarkers(self, image):
            least = self.detector.getDetectorParameters().minMarkerPerimeterRate * max(image.shape)
            seen.append((image.shape, least))
            return self.detector.detectMarkers(image)

    monkeypatch.setattr(read, "_detector", lambda *a, **k: Spy(make(*a, **k)))
    out = read._find_missing(gray, found, None, 1.0)
    assert set(out) == set(found)            # nothing taken for a mark in the stripes
    windows = [least for shape, least in seen if max(shape) < 1000]
    assert len(windows) == 4                 # two missing marks, both detectors
    # no candidate under half the missing mark's perimeter (4 x 7 mm x 5 px/mm = 140 px); main's
    # least perimeter was 0.012 of the window's side, 3 px: every stripe of the moiré
    assert min(windows) >= 0.5 * 4 * layout.MARKER_MM * 5.0 * 0.95, windows


# ------------------------------------------------- the frame beside one side, the display's far edge a fall
from railprint.games.railroad_ink.photo import screen  # noqa: E402
from tests.games.railroad_ink.test_ri_photo_screen import (  # noqa: E402
    A4_PAGE, FRAME_H, FRAME_ORIGIN, FRAME_PPM, TALL, _framed)


def _bezel_on_a_dark_table(letterbox: float, below: float | None = None) -> np.ndarray:
    """A phone's display round the page (fitted to its width, ``letterbox`` mm above it and
    ``below`` mm below it, default the same), its bezel, and a table darker than the bezel
    everywhere but above the phone: the bezel's rise is seen beside the top side only."""
    below = letterbox if below is None else below
    display = (A4_PAGE[0] - 6, A4_PAGE[1] + 6, A4_PAGE[2] - letterbox, A4_PAGE[3] + below)
    image = _framed(display, bezel_mm=8.0, ui=225, table=6, size=TALL)   # darker than the bezel (10)
    top = int(round((FRAME_ORIGIN[1] + display[2] - 8.0) * FRAME_PPM))   # the bezel's outer edge above
    image[:top] = _framed(display, bezel_mm=8.0, ui=225, table=130, size=TALL)[:top]
    return image


def _sides(image) -> list[bool]:
    return [d is not None for d in screen.frame_distances(image, FRAME_H)]


def test_the_frame_beside_one_side_with_the_displays_far_edge_across_is_a_screen():
    # dev screens 970,009 (a phone's dark letterbox, 85 mm above and below the page): the bezel's
    # rise lost below the page, the display's edge still there as far out
    image = _bezel_on_a_dark_table(49.0)
    assert _sides(image) == [False, False, True, False]
    assert screen.check(image, FRAME_H) == screen.SCREEN
    # main flagged it: the frame beside one side only
    seen = screen.frame_sides(image, FRAME_H)
    assert screen._framed_across(seen)


def test_one_sided_frame_off_centre_or_shaped_like_a_tray_is_flagged_not_refused():
    # the display's far edge not as far out (a tray, or a page not centred): flagged as before
    off = _bezel_on_a_dark_table(49.0, below=30.0)
    assert _sides(off) == [False, False, True, False]
    assert screen.check(off, FRAME_H).startswith(screen.DOUBT_WHY)
    # as far out, but the outline a page's shape (a lid round the sheet): flagged as before
    lid = _bezel_on_a_dark_table(20.0)
    assert _sides(lid) == [False, False, True, False]
    assert screen.check(lid, FRAME_H).startswith(screen.DOUBT_WHY)
