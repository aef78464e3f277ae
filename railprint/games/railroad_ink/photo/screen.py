"""Tell a photo of a screen from a photo of the printed sheet (used by ``read.py``).

A screen draws the sheet with a grid of lit pixels: three R, G, B stripes with dark gaps between
them and between the rows. A camera samples that grid with its own pixels, so a photo of a
screen carries a *periodic* pattern: the pixel grid itself when the screen is close, a moiré
(the two grids beating) when it is not. Printed paper has none: its white is paper fibre and
sensor noise, random in every direction.

Where to look: the printed sheet is known to be plain white inside each white grid square, clear
of its lines and round box (the grey centre squares are left out: a printer's halftone dots are
periodic too), wherever the player drew nothing. ``read.py`` has found the markers by then, so
the squares' places in the photo are known. In each square the largest axis-aligned window of the
photo's own pixels (32 to 128 px) is taken; it is *blank* when, blurred by 0.25 mm, no pixel in
it is darker than 85 % of its paper -- or when it is once its own periodic pattern is taken out
(a sharp screen's moire alone can fail the test). Each blank window's power spectrum (Hann
taper) is divided, bin by bin, by the median power of the bins at the same radius: the photo's
own noise, blur and JPEG come out near 1, a periodic pattern far above.

Left out, because paper photos have them too: the bins at multiples of 1/8 cycle per pixel on
either axis (JPEG's 8 x 8 blocks); the bins near the photo's axes (rows and columns of the
sensor, rolling-shutter banding) and near its Nyquist limit (JPEG's finest DCT basis,
demosaicing). The background has a floor (noise of 1 grey level): a flat or clipped window
that JPEG left with one faint step is not a pattern. A screen shows a pattern in every window
(at a frequency that drifts across a turned screen), a paper photo's chance peak (or a pencil
line the blank test missed) does not: the photo is refused as a screen when the median over
the windows of each one's highest peak is over :data:`THRESHOLD`.
Fewer than :data:`MIN_WINDOWS` blank windows (a board drawn full, a small grid) is no verdict:
the photo is read. The cost is a few FFTs of at most 128 x 128 (docs/railroad-ink-photo.md).
A photo about to be refused for its marks is scanned anywhere for the same pattern
(:func:`looks_like_screen_anywhere`), so that a screen whose pixel grid hid its marks is named.

Most photos of a screen carry no pixel grid at all (under about 1.4 camera pixels per screen
pixel the lens and the sensor's own pixels pass none of it), so the screen's *frame* is looked
for first (:func:`frame_sides`): beyond the page's edge, square to it, the display's lit edge
falling to the dark bezel and the bezel's outer edge rising to the table. Beside two of the
page's sides it refuses the photo; beside one, every space is flagged. A viewer dark round the page
hides the display's edge: the dark quadrilateral of bezel and display with the page centred in it,
fitted to one axis and letterboxed on the other, refuses it too (:func:`dark_viewer`). A photo of
the sheet shown on a screen is two planes: the display's rectangles (its edge, the shown photo's
edge, a letterbox) round the sheet, taken back to the sheet's plane, are no rectangle
(:func:`off_plane`, ``planes.py``).
"""

from __future__ import annotations

import contextvars
import itertools
from typing import NamedTuple

import cv2
import numpy as np

from railprint.games.railroad_ink.board import SIZE
from railprint.games.railroad_ink.photo import layout, planes, screenshot

THRESHOLD = 30.0         # the median over the blank windows of their peak that says "screen"
MIN_WINDOWS = 3          # fewer blank windows than this: no verdict
MAX_WINDOWS = 12
MAX_MARGIN = 12          # ... and at most this many from the sheet's blank paper outside the grid
MARGIN_MM = 7.0          # the side of each of MARGIN_SQUARES
# Squares of MARGIN_MM on the printed sheet, just outside the grid, that every layout-1 sheet
# leaves blank (top-left corners in grid mm, 1 mm clear of anything printed, on A4 and Letter,
# in English and Polish, base, meteor and lava, blank and tonight's: test_ri_photo_screen.py
# checks them on the rendered sheets): above the grid (under the special routes, clear of the
# column numbers and exit marks), right of it (clear of its exit marks, before the score
# column), below it (before tonight's dice). Nearest the middle of each side first.
MARGIN_SQUARES = ((148.5, 62.0), (76.0, -14.0), (77.5, 148.5), (148.5, 77.5), (61.5, -14.0), (84.5, 148.5),
                  (148.5, 55.0), (83.0, -14.0), (56.5, 148.5), (148.5, 84.5), (54.5, -14.0), (91.5, 148.5),
                  (148.5, 42.5), (96.5, -14.0), (49.5, 148.5), (148.5, 97.0), (41.0, -14.0), (98.5, 148.5),
                  (148.5, 35.5), (103.5, -14.0), (42.5, 148.5), (148.5, 104.0), (34.0, -14.0), (119.5, 148.5),
                  (148.5, 20.0), (118.0, -14.0), (35.5, 148.5), (148.5, 119.5), (19.5, -14.0), (126.5, 148.5),
                  (148.5, 13.0), (125.0, -14.0), (133.5, 148.5), (148.5, 126.5), (12.5, -14.0), (148.5, 0.0),
                  (139.0, -14.0), (148.5, 139.0), (0.5, -14.0))
SIZES = (128, 96, 64, 48, 40, 32)
INSIDE_MM = (1.5, 15.5)  # the part of a square looked at: clear of its lines and its round box
BLANK = 0.85             # a window is blank when no pixel in it is darker than this share of its paper
BLANK_SIGMA_MM = 0.25    # ... blurred by this sigma: a screen's fine pixel grid is no line
BLOCK_BINS = 0.5         # bins within this of a multiple of 1/8 cycle/px (either axis) are left out
AXIS = 0.05              # ... and bins within this many cycles/px (at least 2.5 bins) of an axis
NYQUIST_SHARE = 0.8      # ... and bins beyond this share of the Nyquist limit (either axis)
LOW_BINS = 4             # ... and the lowest frequencies (the light's own gradient)
NOTCH = 12.0             # a window failing the blank test is tested again without its bins over this ...
SPREAD = 2.0             # ... when what they hold is spread evenly (its local energy's max / mean)
FLOOR = 1.0              # the background is at least the power of noise of this variance (grey
                         # levels squared): a flat, JPEG-flattened window's one step is no pattern

DOUBT = 15.0             # a median peak this high (under THRESHOLD) flags every space: paper's stays under 11
SCREEN = "screen"
DOUBT_WHY = "this may be a photo of a screen, not of the printed sheet: every space is to be confirmed"

MESSAGE = "this is a photo of a screen (its pixel grid or its frame around the sheet shows), not of the printed sheet"
HINT = "photograph the printed paper, not a screen: print the sheet with `railprint sheet railroad-ink`"
MESSAGE_PL = ("to zdjęcie ekranu (widać jego siatkę pikseli albo ramkę wokół arkusza), a nie wydrukowanego "
              "arkusza (sfotografuj wydrukowany papier, nie ekran: arkusz wydrukujesz poleceniem "
              "`railprint sheet railroad-ink`)")


# round fifteen: within one :func:`check` the photo is looked at BAND_LONG px wide once (``_looked``)
# and its dark quadrilaterals found once (``_dark_quads``), not once by each test that wants them
_ONE_LOOK: contextvars.ContextVar[dict | None] = contextvars.ContextVar("screen_one_look", default=None)


def check(gray: np.ndarray, H: np.ndarray) -> str | None:
    """:func:`_check` of the photo (of the photo a screenshot shows: :func:`_shown`), each look at
    it made once for all its tests."""
    gray, H = _shown(gray, H)
    token = _ONE_LOOK.set({"gray": gray})
    try:
        return _check(gray, H)
    finally:
        _ONE_LOOK.reset(token)


def _shown(gray: np.ndarray, H: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray | None]:
    """The photo a phone's screenshot shows (``screenshot.shown_photo``: its letterbox and status
    bar are no screen's viewer, its edges no display's) and ``H`` moved onto it; else the photo
    and ``H`` as they are."""
    box = screenshot.shown_photo(gray)
    if box is None:
        return gray, H
    y0, y1, x0, x1 = box
    if H is not None:
        H = np.array([[1.0, 0.0, -x0], [0.0, 1.0, -y0], [0.0, 0.0, 1.0]]) @ H
    return np.ascontiguousarray(gray[y0:y1, x0:x1]), H


def _check(gray: np.ndarray, H: np.ndarray) -> str | None:
    """``read.py``'s check: :data:`SCREEN` (refuse the photo), a reason to flag every space (a
    screen is likely but not sure), or None (paper). A screen: the display's frame
    (:func:`frame_sides`) beside FRAME_SIDES sides of the sheet, centred in it (:func:`_off_centre`),
    or the pixel grid in its blank windows, or a dark viewer round the sheet (:func:`dark_viewer`), or
    the real edges of a quadrilateral round the sheet in another plane than the sheet's
    (:func:`off_plane`: a photo of the sheet shown on a screen). Likely: such edges off by
    :data:`planes.SKEW_DOUBT` or more, under :data:`planes.SKEW_DEG`; the frame beside one side
    only, or beside more with the sheet off centre (a sheet in a tray); the blank windows' median peak
    between :data:`DOUBT` (over any paper photo's) and :data:`THRESHOLD`; or no verdict in the
    sheet (too few blank windows) and the whole photo's scan (:func:`scan_hits`) finding the
    pattern in SCAN_HITS windows -- a scan never refuses a photo it can read (a tablecloth's
    weave can be periodic), it only has every space confirmed; or, no frame square to the sheet,
    a screen's frame round the sheet's grid all the same (:func:`frame_anywhere`: a photo of the
    sheet shown on a screen, turned in it)."""
    seen = frame_sides(gray, H)
    sides = sum(side.distance is not None for side in seen)
    off_centre = _off_centre(seen)
    shape = None if off_centre else _display_shape(seen)
    odd = shape is not None and FRAME_PORTRAIT < shape < FRAME_LANDSCAPE
    if sides >= FRAME_SIDES and not off_centre and not odd:
        return SCREEN
    if sides == 1 and _framed_across(seen):   # round fifteen: the other edge of the display a fall
        return SCREEN
    score, windows = screen_score(gray, H)
    if score is not None and score >= THRESHOLD:
        return SCREEN
    g = layout.GRID_MM
    grid = cv2.perspectiveTransform(np.array([[[g / 2, g / 2]], [[0, 0]], [[g, 0]], [[g, g]], [[0, g]]], np.float64), H)
    if dark_viewer(gray, inside=grid.reshape(-1, 2)[1:]):   # the sheet in a dark viewer, seen whole
        return SCREEN
    skew = off_plane(gray, H) or 0.0   # round fourteen: straight edges round the sheet in another plane
    if skew >= planes.SKEW_DEG:
        return SCREEN
    if score is not None and score >= DOUBT:
        return f"{DOUBT_WHY} (a periodic pattern in the paper's blank squares, {score:.0f})"
    if sides:
        where = f"{'one side' if sides == 1 else f'{sides} sides'} of the sheet"
        why = (", the sheet not centred in it" if off_centre else
               f", {shape:.2f} as wide as tall: no phone's or monitor's shape" if odd else "")
        return f"{DOUBT_WHY} (a screen's frame beside {where}{why})"
    if score is None and scan_hits(gray)[0] >= SCAN_HITS:
        return f"{DOUBT_WHY} (a periodic pattern in the photo; too few blank squares to tell: {windows})"
    if frame_anywhere(gray, inside=grid.reshape(-1, 2)):
        if photo_shown(gray, H):   # ... with a photo's edge inside it: no tray
            return SCREEN
        return f"{DOUBT_WHY} (a screen's frame round the sheet, not square to it: a photo shown on a screen)"
    if skew >= planes.SKEW_DOUBT:
        return f"{DOUBT_WHY} (straight edges round the sheet in another plane than its own, {skew:.0f} degrees off)"
    return None


def screen_score(gray: np.ndarray, H: np.ndarray) -> tuple[float | None, int]:
    """(the median over the blank windows of each one's highest ratio-spectrum peak, or None
    when fewer than MIN_WINDOWS blank windows were found; how many windows were used). The
    windows: the grid's blank white squares (at most MAX_WINDOWS), and the sheet's paper just
    outside the grid that its layout leaves blank (:data:`MARGIN_SQUARES`, at most MAX_MARGIN):
    blank by design even on a board drawn full, and inside the sheet. Each group's median, the
    higher one; both groups' together when neither has MIN_WINDOWS."""
    grid = _peaks(gray, H, [_inside(r, c) for r, c in _white_squares()], MAX_WINDOWS)
    margin = _peaks(gray, H, [(x, y, x + MARGIN_MM, y + MARGIN_MM) for x, y in MARGIN_SQUARES], MAX_MARGIN)
    n = len(grid) + len(margin)
    # the median over the windows: a screen's pattern is in every window (each at its own
    # frequency: on a turned screen the moire's frequency drifts across the sheet); a line the
    # blank test missed, in one or two, is not. The grid's and the margins' each, the higher
    # (a moire can differ between the middle of the sheet and its edge); the two together when
    # neither has MIN_WINDOWS
    medians = [float(np.median(part)) for part in (grid, margin) if len(part) >= MIN_WINDOWS]
    if medians:
        return max(medians), n
    if n < MIN_WINDOWS:
        return None, n
    return float(np.median(grid + margin)), n


def _peaks(gray: np.ndarray, H: np.ndarray, rects, most: int) -> list[float]:
    """The peaks of the blank windows of ``rects`` (grid mm: x0, y0, x1, y1), at most ``most``."""
    peaks: list[float] = []
    for rect in rects:
        win = _window_in(gray, H, rect)
        if win is None:
            continue
        peak = _blank_peak(win, _px_per_mm_at(H, (rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2))
        if peak is not None:
            peaks.append(peak)
            if len(peaks) == most:
                break
    return peaks


def _blank_peak(win: np.ndarray, px_per_mm: float) -> float | None:
    """The window's highest ratio-spectrum peak when it is blank, else None. Blank: as it is,
    or once its own periodic pattern is taken out (the bins over NOTCH and their neighbours
    zeroed): a sharp screen's moire can be strong enough to fail the blank test by itself
    (every window of a phone photographed at 2.7 camera px per screen px). Either way, a peak
    over NOTCH must be a pattern spread over the window (:func:`_spread`): a line the blank test
    let through (a pen line smeared faint by a motion blur, dev motion 770,115) sits in a few
    strong low bins too, but its energy stays where the line is."""
    ratio = _ratio(win)
    pattern = cv2.dilate((ratio > NOTCH).astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)
    if _blank(win, px_per_mm):
        return float(ratio.max()) if not pattern.any() or _spread(win, pattern)[0] else None
    if not pattern.any():
        return None
    spread, spectrum = _spread(win, pattern)
    if not spread:
        return None
    spectrum[pattern] = 0
    clean = (np.fft.irfft2(spectrum, s=win.shape) + win.mean()).astype(np.float32)
    return float(ratio.max()) if _blank(clean, px_per_mm) else None


def _spread(win: np.ndarray, pattern: np.ndarray) -> tuple[bool, np.ndarray]:
    """(whether what the rfft2 bins ``pattern`` hold is spread evenly over the window: its local
    energy's max under SPREAD times its mean; the window's spectrum). A screen's pattern is spread
    over the whole window; a line's few strong bins (a blurred pencil line, a pen line smeared by
    a motion blur, their energy in a dozen low bins) are where the line is."""
    w = win.astype(np.float32)
    spectrum = np.fft.rfft2(w - w.mean())
    taken = np.fft.irfft2(np.where(pattern, spectrum, 0), s=win.shape).astype(np.float32)
    energy = cv2.GaussianBlur(taken * taken, (0, 0), win.shape[0] / 8, borderType=cv2.BORDER_REFLECT)
    return bool(energy.max() <= SPREAD * energy.mean()), spectrum


def _white_squares() -> list[tuple[int, int]]:
    """The white squares (the grey centre 3 x 3 left out), nearest the centre first."""
    centre = range(2, 5)
    out = [(r, c) for r in range(SIZE) for c in range(SIZE) if not (r in centre and c in centre)]
    return sorted(out, key=lambda rc: (abs(rc[0] - 3) + abs(rc[1] - 3), rc))


def _px_per_mm_at(H: np.ndarray, x: float, y: float) -> float:
    """The photo's pixels per mm at grid mm (x, y): the root of the Jacobian of H."""
    w = H[2, 0] * x + H[2, 1] * y + H[2, 2]
    px, py = (H[0, 0] * x + H[0, 1] * y + H[0, 2]) / w, (H[1, 0] * x + H[1, 1] * y + H[1, 2]) / w
    jac = (H[:2, :2] - np.outer((px, py), H[2, :2])) / w
    return float(np.sqrt(abs(np.linalg.det(jac))))


def _inside(r: int, c: int) -> tuple[float, float, float, float]:
    """The part of square (r, c) looked at, in grid mm: clear of its lines and its round box."""
    a, b = INSIDE_MM
    x, y = c * layout.SQUARE_MM, r * layout.SQUARE_MM
    return x + a, y + a, x + b, y + b


def _blank(win: np.ndarray, px_per_mm: float) -> bool:
    """No pixel of the window, blurred by BLANK_SIGMA_MM, darker than BLANK of its paper. The
    window itself is tested (the photo's own pixels, not the rectified grid: resampling a
    screen's fine pixel grid to the grid's 6 px/mm makes a coarse moire there that read as
    lines, and every square was 'not blank')."""
    box = cv2.GaussianBlur(win.astype(np.float32), (0, 0), max(0.5, BLANK_SIGMA_MM * px_per_mm))
    paper = float(np.percentile(box, 90))
    return paper > 40 and float(box.min()) >= BLANK * paper


def _window_in(gray: np.ndarray, H: np.ndarray, rect) -> np.ndarray | None:
    """The largest axis-aligned photo window (of SIZES) whose corners all fall inside ``rect``
    (grid mm: x0, y0, x1, y1), centred on it."""
    x0, y0, x1, y1 = rect
    mid = np.array([[[(x0 + x1) / 2, (y0 + y1) / 2]]], np.float32)
    cx, cy = cv2.perspectiveTransform(mid, H).reshape(2)
    back = np.linalg.inv(H)
    for size in SIZES:
        px, py = int(round(cx)) - size // 2, int(round(cy)) - size // 2
        if px < 0 or py < 0 or px + size > gray.shape[1] or py + size > gray.shape[0]:
            continue
        corners = np.array([[[px, py]], [[px + size, py]], [[px + size, py + size]], [[px, py + size]]],
                           np.float32)
        mm = cv2.perspectiveTransform(corners, back).reshape(-1, 2)
        if mm[:, 0].min() >= x0 and mm[:, 0].max() <= x1 and mm[:, 1].min() >= y0 and mm[:, 1].max() <= y1:
            return gray[py:py + size, px:px + size]
    return None


_MASKS: dict[int, tuple] = {}


def _mask(n: int) -> tuple:
    """For an n x n window: its Hann taper, the rfft2 bins looked at, each bin's radius, and the
    looked-at bins grouped by radius for their medians (the flat indices of the looked-at bins in
    order of radius, each bin's group, each group's first place and size, the radius of each)."""
    if n not in _MASKS:
        hann = np.hanning(n).astype(np.float32)
        ky = np.fft.fftfreq(n) * n
        kx = np.arange(n // 2 + 1, dtype=float)
        KY, KX = np.meshgrid(ky, kx, indexing="ij")
        block = n / 8

        def kept(k):
            off_block = np.abs(k / block - np.round(k / block)) * block > BLOCK_BINS
            return off_block & (np.abs(k) >= max(2.5, AXIS * n)) & (np.abs(k) <= NYQUIST_SHARE * n / 2)

        radius = np.hypot(KX, KY)
        allowed = kept(KX) & kept(KY) & (radius >= LOW_BINS)
        rounded = np.round(radius).astype(int)
        index = np.flatnonzero(allowed)
        index = index[np.argsort(rounded.ravel()[index], kind="stable")]
        radii = rounded.ravel()[index]
        starts = np.r_[0, np.flatnonzero(np.diff(radii)) + 1]
        sizes = np.diff(np.r_[starts, len(radii)])
        group = np.repeat(np.arange(len(starts)), sizes)
        _MASKS[n] = (np.outer(hann, hann), allowed, rounded, (index, group, starts, sizes, radii[starts]))
    return _MASKS[n]


def _ratio(win: np.ndarray) -> np.ndarray:
    """The window's power spectrum (rfft2 bins, 3 x 3 summed) over the median power of the
    looked-at bins at the same radius; 0 at the bins left out."""
    taper, allowed, radius, (index, group, starts, sizes, radii) = _mask(win.shape[0])
    w = win.astype(np.float32)
    w = (w - w.mean()) * taper
    power = (np.abs(np.fft.rfft2(w)) ** 2).astype(np.float32)
    power = cv2.blur(power, (3, 3), borderType=cv2.BORDER_REPLICATE)
    # each radius's median at once: the values sorted within their groups, the middle one (or two)
    values = power.ravel()[index]
    ordered = values[np.lexsort((values, group))]
    low, high = ordered[starts + (sizes - 1) // 2], ordered[starts + sizes // 2]
    background = np.full(int(radius.max()) + 1, np.inf, np.float32)
    background[radii] = (low + high) / 2
    floor = FLOOR * float(np.sum(taper ** 2))
    ratio = power / np.maximum(background[radius], floor)
    ratio[~allowed] = 0.0
    return ratio


SCAN_SIZE = 64           # a photo whose marks are not found: windows of this size anywhere in it ...
SCAN_WINDOWS = 64        # ... at most this many, spread over the photo ...
SCAN_PEAK = 2 * THRESHOLD   # ... and a screen when SCAN_HITS of the blank ones peak over this
SCAN_HITS = 4


def looks_like_screen_anywhere(gray: np.ndarray) -> bool:
    """A photo whose marks were not found: a screen when its frame shows (:func:`frame_anywhere`:
    a whole screen photographed from afar loses the marks) or its pixel grid does (a sharp
    screen's pixel grid over the marks' cells can hide them or make one read as another
    layout's), without knowing where the sheet is: windows of SCAN_SIZE anywhere in the photo
    (at most SCAN_WINDOWS, spread over it), blank (:func:`_blank_peak`, blurred by 1.5 px) and
    not dark; a screen when SCAN_HITS of them peak over SCAN_PEAK. Not a median: the screen may
    fill a small part of the frame (the table around it is blank too). Asked only of a photo
    refused anyway: it changes which line says why, never whether a photo is read. A screenshot
    is judged by the photo it shows (:func:`_shown`)."""
    gray = _shown(gray)[0]
    return frame_anywhere(gray) or dark_viewer(gray) or scan_hits(gray)[0] >= SCAN_HITS


def scan_hits(gray: np.ndarray) -> tuple[int, int]:
    """(how many blank windows peak over SCAN_PEAK, how many blank windows were looked at)."""
    n = SCAN_SIZE
    blur = 1.5                # px: BLANK_SIGMA_MM at 6 px/mm, the grid's reading resolution
    box = cv2.GaussianBlur(gray, (0, 0), blur)
    places = []
    for y in range(0, gray.shape[0] - n + 1, n):
        for x in range(0, gray.shape[1] - n + 1, n):
            b = box[y:y + n, x:x + n]
            mean = float(b.mean())
            if mean >= 40 and float(b.min()) >= 0.8 * mean:
                places.append((y, x))
    if len(places) > SCAN_WINDOWS:
        places = [places[i] for i in np.linspace(0, len(places) - 1, SCAN_WINDOWS).round().astype(int)]
    peaks = [p for p in (_blank_peak(gray[y:y + n, x:x + n], blur / BLANK_SIGMA_MM) for y, x in places)
             if p is not None]
    return sum(p >= SCAN_PEAK for p in peaks), len(peaks)


# --------------------------------------------------------------------------- the screen's frame
# A screen shows the sheet inside its display, a lit rectangle drawn square to the page (a PDF or
# image viewer centres the page and fits it to the display's width or height) and ringed by the
# dark bezel, itself ringed by whatever the device lies on. So beyond the page's edge, parallel
# to it and as long as the whole side: the display's edge (a sharp fall to the bezel's black) and,
# a few mm further out, the bezel's outer edge (a sharp rise to the table). Paper has no such band:
# its own edge is the last straight line, the table beyond it has none square to the page. This
# needs no pixel grid: it holds for a screen photographed from any distance, as long as the
# display's edge is in the photo (docs/railroad-ink-photo-rounds.md, "Screens round five").
PAGE_MM = (-19.45, 196.45, -63.5, 233.5)   # x0, x1, y0, y1: A4's and Letter's pages together, grid mm
FRAME_PPM = 2.0          # the bands beside the page are looked at at this many px per mm
FRAME_GAP_MM = 3.0       # the display's edge is looked for this far beyond the page's edge or more ...
FRAME_REACH_MM = 200.0   # ... up to this far (a monitor's letterbox beside an upright page)
FRAME_BOX_MM = 2.0       # a step: the mean log light over this width on each side ...
FRAME_SKIP_MM = 1.0      # ... this far from the edge (the lens's blur, the edge's own pixels)
FRAME_STEP = 0.2         # ... differing by this much (x 1.22)
FRAME_SHARE = 0.9        # ... in this share of the rows along the side: a straight edge square to the page
FRAME_SEEN = 0.5         # ... of which at least this share must be in the photo
FRAME_BAND_MM = (1.5, 25.0)   # the bezel: the rise this far beyond the fall
FRAME_SIDES = 2          # the frame beside this many of the page's sides: a screen ...
FRAME_CENTRED_MM = 2.0   # ... when on two opposite sides it is as far from the page within this ...
FRAME_CENTRED_SHARE = 0.02   # ... plus this share of the distance; off centre: every space flagged
# ... and when the display the frame outlines is as wide as tall (width / height) between these: a
# phone upright is at most 9:16 (0.5625), a laptop or a monitor at least 3:2 (1.5); a sheet in a tray
# is in between (round seven: dev tray 254, centred within 2 mm on both axes, 0.65). A tablet (3:4,
# 2:3, 10:16 upright) is in between too: flagged in full, not refused
FRAME_PORTRAIT, FRAME_LANDSCAPE = 0.6, 1.45


class Side(NamedTuple):
    """What :func:`frame_sides` saw beside one side of the page (mm beyond the page's edge)."""
    distance: float | None   # the display's edge (a fall with the bezel's rise beyond it), or None
    falls: tuple[float, ...]  # where a straight fall square to the page is, faint ones (half FRAME_STEP) and
                              # ones nearer than FRAME_GAP_MM too
    reach: float             # the side was looked at without a break from FRAME_GAP_MM out to here


def _off_centre(seen: list[Side]) -> bool:
    """A screen's viewer centres the page in the display: where the frame shows beside one of two
    opposite sides, it is as far from the page on the other (within FRAME_CENTRED_MM, plus
    FRAME_CENTRED_SHARE of the distance: the marks' homography, the 0.5 mm steps) -- found there
    too, or at least a fall there, a faint one too (the bezel's rise may be beyond the photo's edge;
    glare can fade the display's edge), or that side not seen as far out. A sheet lying in a
    dark-rimmed tray square to it is rarely centred that well on both axes (round seven: dev tray
    212, its floor 4 mm above and below the sheet, 20 and 17 mm beside it, the left rim beyond the
    photo but its floor seen 12 mm out, with no fall)."""
    for a, b in ((seen[0], seen[1]), (seen[2], seen[3])):
        for one, other in ((a, b), (b, a)):
            if one.distance is None:
                continue
            d = one.distance
            tol = FRAME_CENTRED_MM + FRAME_CENTRED_SHARE * d
            if other.distance is not None:
                if abs(d - other.distance) > FRAME_CENTRED_MM + FRAME_CENTRED_SHARE * max(d, other.distance):
                    return True
            elif other.reach > d and not any(abs(f - d) <= tol for f in other.falls):
                return True
    return False


FRAME_ACROSS_MM = 6.0     # round fifteen: the frame beside one side this far out or more, and ...


def _framed_across(seen: list[Side]) -> bool:
    """The frame beside one side only (the bezel's rise beyond the other side lost: a dark table, a
    shadow, the photo's edge) and the display's opposite edge there all the same: a straight fall
    square to the page (a faint one too) as far out (within FRAME_CENTRED_MM + FRAME_CENTRED_SHARE
    of the distance), at least FRAME_ACROSS_MM (the page's own edge, its shadow, lie nearer); and
    the display those edges and the nearest falls beside the other two sides outline (none: no
    verdict) shaped like a phone or a monitor, not like a tray or a lid round a page
    (FRAME_PORTRAIT-FRAME_LANDSCAPE). On the dev paper photos (trays, walled trays, a dark table,
    beside a laptop, flat: 320) no frame was ever found beside one side only."""
    d = [side.distance for side in seen]
    for a, b in ((0, 1), (1, 0), (2, 3), (3, 2)):
        if d[a] is None or d[b] is not None or d[a] < FRAME_ACROSS_MM:
            continue
        tol = FRAME_CENTRED_MM + FRAME_CENTRED_SHARE * d[a]
        if not any(abs(f - d[a]) <= tol for f in seen[b].falls):
            continue
        across = [c for c in range(4) if c // 2 != a // 2]
        nearest = [min(seen[c].falls, default=None) for c in across]
        if any(x is None for x in nearest):
            return False
        x0, x1, y0, y1 = PAGE_MM
        grow = 2 * d[a] if a < 2 else sum(nearest)
        wide = (x1 - x0) + grow
        tall = (y1 - y0) + (sum(nearest) if a < 2 else 2 * d[a])
        return not FRAME_PORTRAIT < wide / tall < FRAME_LANDSCAPE
    return False


def _display_shape(seen: list[Side]) -> float | None:
    """The display's width over its height (grid mm) that the frame beside the page's sides
    gives, the page centred in it (a side whose frame is not seen is as far out as the opposite
    side's); None unless each axis has its frame on at least one side."""
    x0, x1, y0, y1 = PAGE_MM
    d = [side.distance for side in seen]
    if (d[0] is None and d[1] is None) or (d[2] is None and d[3] is None):
        return None
    wide = (x1 - x0) + sum(a if a is not None else b for a, b in ((d[0], d[1]), (d[1], d[0])))
    tall = (y1 - y0) + sum(a if a is not None else b for a, b in ((d[2], d[3]), (d[3], d[2])))
    return wide / tall


def frame_distances(gray: np.ndarray, H: np.ndarray) -> list[float | None]:
    """Beside each of the page's sides (left, right, top, bottom), how far beyond the page's edge
    (mm) a screen's frame is, or None where it is not (:func:`frame_sides`)."""
    return [side.distance for side in frame_sides(gray, H)]


def frame_sides(gray: np.ndarray, H: np.ndarray) -> list[Side]:
    """Beside each of the page's sides (left, right, top, bottom): how far beyond the page's edge
    (mm) a screen's frame is, or None where it is not: beyond the page (FRAME_GAP_MM to
    FRAME_REACH_MM out), a straight fall in the light square to the page (the display's edge) and,
    FRAME_BAND_MM further out, a straight rise (the bezel's outer edge), each in FRAME_SHARE of
    the rows along the side; every such fall; how far out the side was seen."""
    x0, x1, y0, y1 = PAGE_MM
    # blurred by a sigma of 1 px, straight from the photo's 8 bits to float (as GaussianBlur of a
    # float copy, without the copy)
    kernel = cv2.getGaussianKernel(9, 1.0, cv2.CV_32F)
    box = cv2.sepFilter2D(gray, cv2.CV_32F, kernel, kernel, borderType=cv2.BORDER_REFLECT_101)
    # (side's outward axis 0 x / 1 y, direction, the page's edge, the span along it)
    sides = ((0, -1, x0, (y0, y1)), (0, 1, x1, (y0, y1)), (1, -1, y0, (x0, x1)), (1, 1, y1, (x0, x1)))
    return [_frame_beside(box, H, *side) for side in sides]


def _frame_beside(box: np.ndarray, H: np.ndarray, axis: int, direction: int, edge: float, span) -> Side:
    """The frame beside one side of the page: the page's edge at ``edge`` grid mm on ``axis`` (0: x,
    1: y), outwards in ``direction``, along ``span`` (grid mm); ``box``: the photo, blurred."""
    step = 1.0 / FRAME_PPM
    k, g = int(round(FRAME_BOX_MM * FRAME_PPM)), int(round(FRAME_SKIP_MM * FRAME_PPM))
    # mm beyond the page; a step at 0 mm out and beyond (faint falls are looked for from there)
    out = np.arange(-(FRAME_BOX_MM + FRAME_SKIP_MM), FRAME_REACH_MM + FRAME_BOX_MM + FRAME_SKIP_MM, step)
    along = np.arange(span[0], span[1], step)
    o, a = np.meshgrid(edge + direction * out, along)     # rows: along the side; columns: outwards
    mx, my = (o, a) if axis == 0 else (a, o)
    w = H[2, 0] * mx + H[2, 1] * my + H[2, 2]
    with np.errstate(divide="ignore", invalid="ignore"):
        u = (H[0, 0] * mx + H[0, 1] * my + H[0, 2]) / w
        v = (H[1, 0] * mx + H[1, 1] * my + H[1, 2]) / w
    seen = (w > 0) & (u >= 2) & (v >= 2) & (u < box.shape[1] - 3) & (v < box.shape[0] - 3)
    u, v = np.where(seen, u, -1).astype(np.float32), np.where(seen, v, -1).astype(np.float32)
    light = np.log(np.maximum(cv2.remap(box, u, v, cv2.INTER_LINEAR), 4.0))
    light = np.where(seen, light, 0.0)
    total = np.concatenate([np.zeros((len(along), 1)), np.cumsum(light, axis=1)], axis=1)
    count = np.concatenate([np.zeros((len(along), 1)), np.cumsum(seen, axis=1)], axis=1)
    at = np.arange(k + g, len(out) - k - g)               # a step at out[at]: inner box, outer box
    inner = (total[:, at - g] - total[:, at - g - k]) / k
    outer = (total[:, at + g + k] - total[:, at + g]) / k
    whole = (count[:, at - g] - count[:, at - g - k] == k) & (count[:, at + g + k] - count[:, at + g] == k)
    rows = whole.sum(axis=0)
    usable = (rows >= FRAME_SEEN * len(along)) & (out[at] >= FRAME_GAP_MM)
    jump = outer - inner
    fall = np.where(usable, np.sum(whole & (jump < -FRAME_STEP), axis=0) / np.maximum(rows, 1), 0.0)
    rise = np.where(usable, np.sum(whole & (jump > FRAME_STEP), axis=0) / np.maximum(rows, 1), 0.0)
    falls = np.flatnonzero(fall >= FRAME_SHARE)
    rises = out[at][rise >= FRAME_SHARE]
    # faint falls, nearer than FRAME_GAP_MM too: where the other side's display edge may be
    faint = np.where(rows >= FRAME_SEEN * len(along), np.sum(whole & (jump < -FRAME_STEP / 2), axis=0)
                     / np.maximum(rows, 1), 0.0)
    faint_at = tuple(float(x) for x in out[at][faint >= FRAME_SHARE])
    gap = np.flatnonzero(out[at] >= FRAME_GAP_MM)
    unseen = gap[~usable[gap]]
    reach = float(out[at][unseen[0]] if len(unseen) else out[at][-1]) if len(gap) else 0.0
    lo, hi = FRAME_BAND_MM
    for j in falls:
        beyond = rises[(rises - out[at][j] >= lo) & (rises - out[at][j] <= hi)]
        if len(beyond):
            # the display's edge is the last fall before the bezel's rise: an earlier one is the
            # page's own edge blurred past FRAME_GAP_MM, or a step in what the screen shows (dev
            # screen 910,013: the page's edge at 3 mm, the display's at 12, the bezel's rise at 21)
            before = falls[(out[at][falls] >= out[at][j]) & (out[at][falls] <= beyond[0] - lo)]
            runs = np.flatnonzero(np.diff(np.r_[-2, before]) > 1)
            return Side(float(out[at][before[runs[-1]]]), faint_at, reach)
    return Side(None, faint_at, reach)


# ------------------------------------------------------------ the screen's frame, marks not found
# A whole screen photographed from afar (under about 0.6 camera px per screen px: the sheet a few
# hundred pixels tall) loses the sheet's marks, so neither test above can run. Its frame still
# shows without them: a dark quadrilateral band (the bezel, with a dark letterbox beside the page
# when there is one) whose outer edge rises to the table and whose inner edge rises to the display,
# as wide on opposite sides (a bezel is; a viewer centres the page). Paper has no such band: its
# own edge is the outermost line, a dark table runs to the photo's border (docs/railroad-ink-photo-rounds.md,
# "Screens round six").
BAND_LONG = 640          # the photo is looked at this many px on its long side
BAND_SHARES = (0.08, 0.12, 0.18, 0.25, 0.35)   # dark: under these shares of the photo's white ...
BAND_HATS = (15, 41)     # ... or this much darker than its surroundings (black-hat of these sizes)
BAND_HAT_STEP = 0.3      # ... by this much log light
BAND_HULL = 0.008        # a dark region's hull covers this share of the photo or more ...
BAND_QUAD = 0.08         # ... and the quadrilateral fitted to it this share, or ...
BAND_QUAD_SMALL = 0.015  # ... this share when it is shaped like a phone or a monitor, not a square: its
BAND_ELONGATED = 1.3     # long sides this many times its short ones (a paper photo's printed centre
                         # square, shaded, filled 5.2 %: round six; a whole screen can fill under 8 %)
BAND_DEPTH = 0.35        # the inner edge is looked for this share of the quad's short side in
BAND_RISE_IN = 0.15      # a rise of this much log light inward (bezel to display) ...
BAND_RISE_OUT = 0.25     # ... and of this much outward (bezel to table) ...
BAND_ROWS = 0.8          # ... in this share of the rows along the side (its middle 80 %)
BAND_MIN_PX = 2          # the band at least this wide (px at BAND_LONG) ...
BAND_MIN_SHARE = 0.012   # ... and this share of the quad's short side (a printed line is thinner)
BAND_SYMMETRY = 0.3      # opposite sides' widths within this share (+ 2 px) of each other
BAND_SIDES = 3           # the band beside this many of the quad's sides
BAND_PIECE = 0.1         # a piece of a bezel the photo's border cut: at least this share of its short side long
BAND_CUTS = 3            # a hull of up to 4 + this many corners, the extra ones along the photo's border


def frame_anywhere(gray: np.ndarray, inside: tuple[float, float] | None = None) -> bool:
    """A screen's frame anywhere in the photo, without the marks: a dark band round a
    quadrilateral (:data:`BAND_QUAD` of the photo or more) rising to the table outside and to the
    display inside beside BAND_SIDES of its sides, as wide on opposite sides. Candidates: the dark
    regions (under a share of the white, or darker than their surroundings) whose convex hull is a
    quadrilateral (or one whose other sides lie along the photo's border: corners cut off).
    ``inside``: a point of the photo (px), or several, the quadrilateral must hold (the sheet's
    grid: not a laptop lying beside it, nor a square printed in the grid)."""
    return next(_frames(gray, inside), None) is not None


def _frames(gray: np.ndarray, inside):
    """Each screen's frame :func:`frame_anywhere` finds: (the scale of the photo looked at, the
    quadrilateral there, what :func:`_band_round` found)."""
    small, light, f = _looked(gray)
    points = [] if inside is None else [(float(x) * f, float(y) * f) for x, y in np.reshape(inside, (-1, 2))]
    for quad in _dark_quads(small, light):
        if all(cv2.pointPolygonTest(quad, p, False) > 0 for p in points):
            band = _band_round(light, quad)
            if band is not None:
                yield f, quad, band


# A screen whose viewer is dark round the page (a dark theme, a PDF viewer's grey): the display's
# own edge hardly shows against its bezel, so no band rises inward to it (:func:`_band_round`);
# what shows is a dark quadrilateral (the bezel and the dark display together) rising to the table
# outside, with the bright page inside it, centred on both axes and fitted to one (a viewer fits
# the page to the display's width or height and centres it).
VIEWER_DARK = 0.4        # the quad round the page darker than this share of the page's white
VIEWER_DARK_SHARE = 0.85 # ... in this share of it at least (a tray's lighter floor beside the sheet:
                         # 0.71, dev tray 254; a screen's 0.87-1)
VIEWER_BRIGHT = 0.6      # the page: brighter than this share of its white
VIEWER_FILL = 0.85       # ... filling this share of its bounding box (a rectangle)
VIEWER_CENTRED = 0.03    # centred: opposite margins within this share of the quad (+ 2 px)
VIEWER_FITTED = 0.3      # fitted: on one axis the two margins under this share of the quad
VIEWER_LETTERBOX = 0.15  # ... and on the other its two margins this share or more (a device is longer
                         # than the page: a tray the sheet fills, dev tray 200, is not)
VIEWER_DEVICE = 1.45     # the quad's long side this many times its short side or more (phones, monitors)
VIEWER_PAGE = (210 / 297, 215.9 / 279.4)   # the page's width / height: A4, Letter ...
VIEWER_PAGE_TOL = 0.12   # ... within this share


def _viewer(light: np.ndarray, quad: np.ndarray):
    """A dark viewer in ``quad`` (its corners clockwise from the top left, ``light`` px): the bright
    page inside it (its box in the rectified quad: x0, y0, x1, y1, and the quad's size), or None."""
    wide = (np.linalg.norm(quad[1] - quad[0]) + np.linalg.norm(quad[2] - quad[3])) / 2
    tall = (np.linalg.norm(quad[3] - quad[0]) + np.linalg.norm(quad[2] - quad[1])) / 2
    cols, rows = int(round(wide)), int(round(tall))
    if min(cols, rows) < 40 or max(cols, rows) < VIEWER_DEVICE * min(cols, rows):
        return None
    to = np.float32([[0, 0], [cols, 0], [cols, rows], [0, rows]])
    flat = cv2.warpPerspective(light, cv2.getPerspectiveTransform(quad.astype(np.float32), to), (cols, rows),
                               flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    white = float(np.percentile(flat, 99))
    bright = (flat > white + np.log(VIEWER_BRIGHT)).astype(np.uint8)
    bright = cv2.morphologyEx(bright, cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))
    n, _, stats, _ = cv2.connectedComponentsWithStats(bright, connectivity=8)
    if n < 2:
        return None
    k = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    x0, y0, w, h = (int(v) for v in stats[k, :4])
    x1, y1 = x0 + w, y0 + h
    if stats[k, cv2.CC_STAT_AREA] < VIEWER_FILL * w * h or min(w, h) < 20:
        return None
    aspect = min(w, h) / max(w, h)
    if not any(abs(aspect - a) <= VIEWER_PAGE_TOL * a for a in VIEWER_PAGE):
        return None
    left, right, top, bottom = x0, cols - x1, y0, rows - y1
    if abs(left - right) > VIEWER_CENTRED * cols + 2 or abs(top - bottom) > VIEWER_CENTRED * rows + 2:
        return None
    across, down = (left + right) / cols, (top + bottom) / rows
    if not (min(across, down) <= VIEWER_FITTED and max(across, down) >= VIEWER_LETTERBOX):
        return None
    ring = np.ones_like(bright, bool)
    ring[y0:y1, x0:x1] = False
    ring[:2], ring[-2:], ring[:, :2], ring[:, -2:] = False, False, False, False
    if np.mean(flat[ring] < white + np.log(VIEWER_DARK)) < VIEWER_DARK_SHARE:
        return None
    return (x0, y0, x1, y1), (cols, rows)


def dark_viewer(gray: np.ndarray, inside=None) -> bool:
    """A screen whose viewer is dark round the page, seen whole (:func:`_viewer`): a dark
    quadrilateral shaped like a phone or a monitor, the bright page centred in it, fitted to one
    axis and letterboxed on the other. ``inside``: points of the photo (px) that must fall inside
    the page (the sheet's grid: the bright page is the sheet the marks found)."""
    small, light, f = _looked(gray)
    points = None if inside is None else np.reshape(np.asarray(inside, np.float64), (-1, 2)) * f
    for quad in _dark_quads(small, light):
        found = _viewer(light, quad)
        if found is None:
            continue
        if points is None:
            return True
        (x0, y0, x1, y1), (cols, rows) = found
        to = np.float32([[0, 0], [cols, 0], [cols, rows], [0, rows]])
        M = cv2.getPerspectiveTransform(quad.astype(np.float32), to)
        at = cv2.perspectiveTransform(points.reshape(-1, 1, 2), M.astype(np.float64)).reshape(-1, 2)
        if np.all((at[:, 0] >= x0 - 2) & (at[:, 0] <= x1 + 2) & (at[:, 1] >= y0 - 2) & (at[:, 1] <= y1 + 2)):
            return True
    return False


def _looked(gray: np.ndarray):
    """The photo as the frame is looked for without the marks: BAND_LONG px on its long side,
    blurred by 1 px (float), its log light, and the scale (made once within :func:`check`)."""
    memo = _ONE_LOOK.get()
    if memo is not None and memo["gray"] is gray and "looked" in memo:
        return memo["looked"]
    f = min(1.0, BAND_LONG / max(gray.shape))
    small = cv2.resize(gray, None, fx=f, fy=f, interpolation=cv2.INTER_AREA) if f < 1 else gray
    small = cv2.GaussianBlur(small.astype(np.float32), (0, 0), 1.0)
    looked = small, np.log(np.maximum(small, 4.0)).astype(np.float32), f
    if memo is not None and memo["gray"] is gray:
        memo["looked"] = looked
    return looked


# A photo of the paper sheet shown on a screen (sent to a phone, opened on a laptop): the page is
# turned and tilted in the display as the photo shows it, so no frame is square to it; the screen's
# frame is found round the grid all the same (:func:`frame_anywhere`), but so is a sheet's in a
# dark-rimmed tray turned against it. What a tray does not have: the photo's own edge inside the
# display, straight and parallel to it, and as far in from opposite sides (a viewer fits a photo
# to the display and centres it, with a plain letterbox beside it).
SHOWN_TURN = 4.0         # the display's sides turned this many degrees (mean) or more against the page
SHOWN_DEPTH = 0.35       # the photo's edge looked for this share of the display across, in from its edge
                         # (a 4:3 photo fitted to a 9:20 phone's width: 0.33): the photo is 0.3 of it or more
SHOWN_GAP = 2            # ... this many px (at BAND_LONG) past the display's own rise (steps found
SHOWN_RISE = 4           # without a break from this many px of the band's edge on)
SHOWN_STEP = 0.08        # the photo's edge: a step of this much log light, the same way ...
SHOWN_ROWS = 0.5         # ... in this share of the rows along the side (its middle 80 %; a dark
                         # letterbox beside a photo's dark table differs by 0.15-0.3: dev 900,013); a photo
                         # letterboxed on both axes spans 60-80 % of them (dev 14)
SHOWN_DARK = 2.0         # a dark letterbox is part of the bezel's band: a pair of opposite sides' bands
                         # wider than this many times the other pair's (+ 3 px)


def photo_shown(gray: np.ndarray, H: np.ndarray) -> bool:
    """A screen's frame round the sheet's grid (:func:`frame_anywhere`), turned against the page
    (:data:`SHOWN_TURN`), with a photo's edge inside it beside two opposite sides, as far in from
    each (:func:`_letterboxed`): a photo of the sheet shown on a screen."""
    g = layout.GRID_MM
    corners = cv2.perspectiveTransform(np.array([[[0, 0]], [[g, 0]], [[g, g]], [[0, g]]], np.float64), H)
    back = np.linalg.inv(H)
    return any(_turned(quad / f, back) and _letterboxed(*band) for f, quad, band in _frames(gray, corners.reshape(-1, 2)))


def _turned(quad: np.ndarray, back: np.ndarray) -> bool:
    """``quad`` (photo px) taken to the page's plane (grid mm, ``back``): its sides turned
    SHOWN_TURN degrees or more (mean) from the page's axes, or not all of it in front of the page's
    horizon (another plane than the page's)."""
    pts = np.c_[np.asarray(quad, np.float64), np.ones(4)] @ back.T
    if not (np.all(pts[:, 2] > 0) or np.all(pts[:, 2] < 0)):
        return True
    mm = pts[:, :2] / pts[:, 2:]
    d = np.abs(mm - np.roll(mm, -1, axis=0))
    off = np.degrees(np.arctan2(d.min(axis=1), np.maximum(d.max(axis=1), 1e-9)))
    return float(off.mean()) >= SHOWN_TURN


def _letterboxed(strips, widths, pad: int) -> bool:
    """Beside two opposite sides of a screen's display (:func:`_band_round`'s strips and band
    widths), a photo's edge (:func:`_photo_edge`) as far in from each (within BAND_SYMMETRY + 2 px),
    and beside the other two sides, one of them seen at least, none as far in: a tray's sloped wall
    is a band as wide all round (``synth``'s walled tray); or a dark letterbox: the band beside one
    pair of sides SHOWN_DARK times as wide as beside the other (the letterbox as dark as the bezel)."""
    edges = [None if w is None else _photo_edge(strip, seen, along, pad + w)
             for (strip, seen, along), w in zip(strips, widths)]

    def alike(x, y):
        return abs(x - y) <= BAND_SYMMETRY * max(x, y) + 2

    for (a, b), (c, d) in (((0, 1), (2, 3)), ((2, 3), (0, 1))):
        if edges[a] is None or edges[b] is None or not alike(edges[a], edges[b]):
            continue
        depth = (edges[a] + edges[b]) / 2
        others = [k for k in (c, d) if widths[k] is not None]
        if others and not any(edges[k] is not None and alike(edges[k], depth) for k in others):
            return True
    if any(w is None for w in widths):
        return False
    return any(min(widths[a], widths[b]) > SHOWN_DARK * max(widths[c], widths[d]) + 3
               for (a, b), (c, d) in ((((0, 1), (2, 3))), ((2, 3), (0, 1))))


def _photo_edge(strip: np.ndarray, seen: np.ndarray, along: int, start: int) -> int | None:
    """How far in from the display's edge (``start``, a column of ``strip``: log light, rows along
    the side) a straight step of SHOWN_STEP (up in every such row, or down in every one) runs
    parallel to it in SHOWN_ROWS of the rows: the first one SHOWN_GAP px past the display's own rise
    (the steps found without a break from SHOWN_RISE px of ``start`` on); None where there is none."""
    lo, hi = int(0.1 * along), int(0.9 * along)
    strip, seen = strip[lo:hi], seen[lo:hi]
    box, gap = 2, 1
    total = np.concatenate([np.zeros((len(strip), 1)), np.cumsum(strip, axis=1)], axis=1)
    whole = np.concatenate([np.zeros((len(strip), 1)), np.cumsum(seen, axis=1)], axis=1)
    at = np.arange(max(start, box + gap), strip.shape[1] - box - gap)
    if not len(at) or not len(strip):
        return None
    before = (total[:, at - gap] - total[:, at - gap - box]) / box
    after = (total[:, at + gap + box] - total[:, at + gap]) / box
    inside = (whole[:, at + gap + box] - whole[:, at - gap - box]) == 2 * (box + gap)
    hit = np.zeros(len(at), bool)
    for step in ((after - before >= SHOWN_STEP) & inside, (before - after >= SHOWN_STEP) & inside):
        near = step.copy()                     # a column either side (a line a little turned)
        near[:, 1:] |= step[:, :-1]
        near[:, :-1] |= step[:, 1:]
        hit |= near.mean(axis=0) >= SHOWN_ROWS
    first = int(np.argmax(hit)) if hit.any() else len(hit)
    rise = 0                                             # past the display's own rise, when it is here
    if first <= SHOWN_RISE:
        rise = first + (int(np.argmin(hit[first:])) if not hit[first:].all() else len(hit) - first)
    later = np.flatnonzero(hit[rise + SHOWN_GAP:])
    return int(at[rise + SHOWN_GAP + later[0]]) - start if len(later) else None


def _dark_masks(small: np.ndarray, light: np.ndarray):
    white = float(np.percentile(small, 99))
    for share in BAND_SHARES:
        yield (small < share * white).astype(np.uint8)
    for size in BAND_HATS:
        hat = cv2.morphologyEx(light, cv2.MORPH_BLACKHAT, cv2.getStructuringElement(cv2.MORPH_RECT, (size, size)))
        yield cv2.morphologyEx((hat > BAND_HAT_STEP).astype(np.uint8), cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))


def _dark_quads(small: np.ndarray, light: np.ndarray):
    """The quadrilaterals fitted to the dark regions' convex hulls, corners clockwise from the top left.
    A bezel cut by the photo's border in two or more places falls apart into pieces, each ending at
    the border (dev screens 14, 900,010: a screen turned in the photo, two of its corners beyond its
    edges): the pieces touching the border, BAND_PIECE of the photo's short side long or more, are
    also taken together, as one region. Within :func:`check`, found once for the photo's look."""
    memo = _ONE_LOOK.get()
    if memo is not None and "looked" in memo and memo["looked"][0] is small:
        if "quads" not in memo:
            memo["quads"] = list(_quads(small, _dark_masks(small, light)))
        return iter(memo["quads"])
    return _quads(small, _dark_masks(small, light))


def _quads(small: np.ndarray, masks, beyond: float = 0.25):
    """The quadrilaterals fitted to the convex hulls of the regions of each of ``masks`` (uint8,
    ``small``'s size), as :func:`_dark_quads` describes; their corners at most ``beyond`` of the
    photo's size past its border."""
    h, w = small.shape
    for dark in masks:
        contours, _ = cv2.findContours(dark, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        pieces = [c for c in contours if len(c) >= 8 and _on_border(c, w, h)
                  and cv2.arcLength(c, True) >= 2 * BAND_PIECE * min(h, w)]
        regions = [c for c in contours if len(c) >= 8]
        if len(pieces) >= 2:
            regions.append(np.concatenate(pieces))
        for contour in regions:
            hull = cv2.convexHull(contour)
            if cv2.contourArea(hull) < BAND_HULL * h * w:
                continue
            poly = cv2.approxPolyDP(hull, 0.02 * cv2.arcLength(hull, True), True).reshape(-1, 2).astype(np.float64)
            quad = _uncut(poly, w, h) if 4 < len(poly) <= 4 + BAND_CUTS else poly
            if quad is None or len(quad) != 4 or not cv2.isContourConvex(quad.astype(np.float32)):
                continue
            if (quad[:, 0].min() < -beyond * w or quad[:, 1].min() < -beyond * h or quad[:, 0].max() > (1 + beyond) * w
                    or quad[:, 1].max() > (1 + beyond) * h):
                continue
            area = cv2.contourArea(quad.astype(np.float32))
            if area < BAND_QUAD * h * w and (area < BAND_QUAD_SMALL * h * w or _elongation(quad) < BAND_ELONGATED):
                continue
            yield _clockwise(quad.astype(np.float32))


def _on_border(contour: np.ndarray, w: int, h: int) -> bool:
    p = contour.reshape(-1, 2)
    return bool(np.any((p[:, 0] <= 2) | (p[:, 1] <= 2) | (p[:, 0] >= w - 3) | (p[:, 1] >= h - 3)))


def _elongation(quad: np.ndarray) -> float:
    """A quadrilateral's longer pair of opposite sides over its shorter pair (each pair's mean)."""
    side = np.linalg.norm(quad - np.roll(quad, -1, axis=0), axis=1)
    a, b = (side[0] + side[2]) / 2, (side[1] + side[3]) / 2
    return float(max(a, b) / max(min(a, b), 1e-9))


def _uncut(poly: np.ndarray, w: int, h: int) -> np.ndarray | None:
    """A polygon of 5 to 4 + BAND_CUTS corners some of whose sides lie along the photo's border
    (both ends on it: along one border, or across a corner of the photo): the quadrilateral whose
    corners the border cut off (each such side's two neighbours extended to meet), else None."""
    def on_border(p):
        return p[0] <= 2 or p[1] <= 2 or p[0] >= w - 3 or p[1] >= h - 3
    poly = np.asarray(poly, np.float64)
    while len(poly) > 4:
        n = len(poly)
        for i in range(n):
            a, b = poly[i], poly[(i + 1) % n]
            if not (on_border(a) and on_border(b)):
                continue
            before, after = poly[(i - 1) % n], poly[(i + 2) % n]
            d1, d2 = a - before, after - b
            den = d1[0] * d2[1] - d1[1] * d2[0]
            if abs(den) < 1e-9:
                return None
            t = ((b[0] - before[0]) * d2[1] - (b[1] - before[1]) * d2[0]) / den
            if t < 1:   # the neighbours meet before reaching the border: no corner was cut off there
                continue
            poly = np.array([poly[(i + k) % n] for k in range(2, n)] + [before + t * d1])
            break
        else:
            return None
    return poly


def _clockwise(quad: np.ndarray) -> np.ndarray:
    centre = quad.mean(axis=0)
    quad = quad[np.argsort(np.arctan2(quad[:, 1] - centre[1], quad[:, 0] - centre[0]))]
    return np.roll(quad, -int(np.argmin(quad.sum(axis=1))), axis=0)


def _band_round(light: np.ndarray, quad: np.ndarray):
    """The bezel's band beside BAND_SIDES of ``quad``'s sides (:func:`_band_width`), wide enough and
    as wide on opposite sides: (each side's strip, as :func:`_band_width` takes it, reaching
    SHOWN_DEPTH of the display across; each side's band width or None; the strips' pad), else None."""
    wide = (np.linalg.norm(quad[1] - quad[0]) + np.linalg.norm(quad[2] - quad[3])) / 2
    tall = (np.linalg.norm(quad[3] - quad[0]) + np.linalg.norm(quad[2] - quad[1])) / 2
    cols, rows = int(round(wide)), int(round(tall))
    if min(cols, rows) < 40:
        return None
    pad = max(6, int(0.03 * min(cols, rows)))
    to = np.float32([[pad, pad], [pad + cols, pad], [pad + cols, pad + rows], [pad, pad + rows]])
    M = cv2.getPerspectiveTransform(quad.astype(np.float32), to)
    size = (cols + 2 * pad, rows + 2 * pad)
    seen = cv2.warpPerspective(np.ones_like(light), M, size, flags=cv2.INTER_NEAREST, borderValue=0) > 0
    flat = cv2.warpPerspective(light, M, size, flags=cv2.INTER_LINEAR, borderValue=0)
    depth = pad + int(BAND_DEPTH * min(cols, rows))
    # each side as a strip: rows along the side, columns from outside the quad inward
    strips = ((flat, seen, rows, cols), (flat[:, ::-1], seen[:, ::-1], rows, cols),
              (flat.T, seen.T, cols, rows), (flat.T[:, ::-1], seen.T[:, ::-1], cols, rows))
    widths = [_band_width(f[:, :depth], s[:, :depth], along, pad) for f, s, along, _ in strips]
    found = [w for w in widths if w is not None]
    if len(found) < BAND_SIDES or min(found) < max(BAND_MIN_PX, BAND_MIN_SHARE * min(cols, rows)):
        return None
    if not all(abs(widths[a] - widths[b]) <= BAND_SYMMETRY * max(widths[a], widths[b]) + 2
               for a, b in ((0, 1), (2, 3)) if widths[a] is not None and widths[b] is not None):
        return None
    return ([(f[:, :pad + int(SHOWN_DEPTH * across)], s[:, :pad + int(SHOWN_DEPTH * across)], along)
             for f, s, along, across in strips], widths, pad)


def _band_width(strip: np.ndarray, seen: np.ndarray, along: int, pad: int) -> int | None:
    """The band's width beside one side (px), or None: ``strip`` (log light; rows along the side,
    columns from ``pad`` px outside the quad's edge inward). The first rise inward of BAND_RISE_IN
    in BAND_ROWS of the rows, with the table outside brighter than the band by BAND_RISE_OUT."""
    lo, hi = pad + int(0.1 * along), pad + int(0.9 * along)
    strip, seen = strip[lo:hi], seen[lo:hi]
    box, gap = 2, 1
    total = np.concatenate([np.zeros((len(strip), 1)), np.cumsum(strip, axis=1)], axis=1)
    whole = np.concatenate([np.zeros((len(strip), 1)), np.cumsum(seen, axis=1)], axis=1)
    at = np.arange(pad + 1 + box + gap, strip.shape[1] - box - gap)
    before = (total[:, at - gap] - total[:, at - gap - box]) / box
    after = (total[:, at + gap + box] - total[:, at + gap]) / box
    inside = (whole[:, at + gap + box] - whole[:, at - gap - box]) == 2 * (box + gap)   # both boxes in the photo
    rise = (after - before > BAND_RISE_IN) & inside
    rise = rise | np.roll(rise, 1, axis=1) | np.roll(rise, -1, axis=1)
    hits = np.flatnonzero(rise.mean(axis=0) >= BAND_ROWS)
    if not len(hits):
        return None
    edge = int(at[hits[0]])
    band = strip[:, pad + 1:max(pad + 2, edge - 1)].mean(axis=1)
    outside = strip[:, 1:pad - 2].mean(axis=1)
    visible = seen[:, 1:pad - 2].all(axis=1)
    if visible.mean() <= 0.5 or np.mean((outside - band > BAND_RISE_OUT)[visible]) < BAND_ROWS:
        return None
    return edge - pad


# ------------------------------------------------------- edges round the sheet in another plane
# A photo of the printed sheet shown on a screen: the display's own rectangles (its edge, the
# shown photo's edge, a letterbox) lie in the display's plane, not in the sheet's (planes.py).


def off_plane(gray: np.ndarray, H: np.ndarray) -> float | None:
    """The largest departure from a rectangle in the sheet's plane (degrees, :func:`planes.skew`)
    of the real edges of a quadrilateral enclosing the sheet's grid: the dark regions'
    (:func:`_dark_quads`) and the regions grown from beside the page (:func:`planes.surround_masks`:
    a table, a tray's floor, a shown photo's own table), each alone and all together with the page
    (:func:`planes.surround_whole`: a shown photo's table split by its shadows); None when no such
    edges are found."""
    small, light, f = _looked(gray)
    g = layout.GRID_MM
    grid = cv2.perspectiveTransform(np.array([[[0, 0]], [[g, 0]], [[g, g]], [[0, g]]], np.float64), H)
    points = [(float(x) * f, float(y) * f) for x, y in grid.reshape(-1, 2)]
    x0, x1, y0, y1 = PAGE_MM
    mm = []
    for out in planes.SEEDS_MM:
        for share in (0.25, 0.5, 0.75):
            mx, my = x0 + share * (x1 - x0), y0 + share * (y1 - y0)
            mm += [(x0 - out, my), (x1 + out, my), (mx, y0 - out), (mx, y1 + out)]
    seeds = cv2.perspectiveTransform(np.array(mm, np.float64).reshape(-1, 1, 2), H).reshape(-1, 2) * f
    back = np.linalg.inv(H)
    worst = None
    masks = planes.surround_masks(light, seeds)
    page = cv2.perspectiveTransform(np.array([[[x0, y0]], [[x1, y0]], [[x1, y1]], [[x0, y1]]], np.float64), H) * f
    grown = (quad for mask in masks + [planes.surround_whole(masks, page, light.shape)]
             for quad in _quads(small, [mask], beyond=1.0) if planes.fills(mask, quad, page))
    for quad in itertools.chain(_dark_quads(small, light), grown):
        if all(cv2.pointPolygonTest(quad, p, False) > 0 for p in points):
            found = planes.skew(light, quad.astype(np.float64), back, f)
            if found is not None:
                worst = found if worst is None else max(worst, found)
    return worst
