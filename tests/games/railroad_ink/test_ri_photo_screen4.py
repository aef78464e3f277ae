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
