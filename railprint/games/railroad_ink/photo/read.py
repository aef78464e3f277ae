"""Read a photo of a printed, drawn-on Railroad Ink sheet into a board.

    reading = read_photo(Path("ala.jpg").read_bytes())
    reading.board, reading.uncertain          # Board, [Uncertain(square, guess, reason)]

Steps: check the file (size, pixel count, format) before decoding it; find the sheet's ArUco
markers (``layout.py``) on a reduced copy and refine their corners on the full photo; map grid
millimetres to photo pixels with a homography; rectify the grid at ``PX_PER_MM``; flatten the
light (divide by a dilated background) and scale the ink by the printed markers' black; then read
each space: for each side, a strip just inside the edge, looked at row by row across the route
(two lines = highway, one line with sleepers = railway, nothing), and a box in the centre (a
filled square = station). A side or centre whose measures fall between the clear cases makes the
space *uncertain*; so does a space the rules would not accept (highway and railway joined
without a station). An overpass is a highway-railway crossing without a station.
"""

from __future__ import annotations

import io
import math
import re
import sys
from dataclasses import dataclass, field
from functools import lru_cache

import cv2
import numpy as np

from railprint.errors import RailprintError
from railprint.platform import native_stderr
from railprint.games.railroad_ink.board import EMPTY, SIZE, Board, Cell, square, square_at
from railprint.games.railroad_ink.photo import covered, deblur, decode, expansion as expansion_marks, layout, light, screen
from railprint.games.railroad_ink.photo import bare_rail, blurred_line, centre as centre_marks, crossed, crossing_mark
from railprint.games.railroad_ink.photo import colour as ink_colour
from railprint.games.railroad_ink.photo import joined_kinds, sheet_kinds, sure_kinds, two_tracks
from railprint.games.railroad_ink.photo import faint_grid, filled_centre, grid_warp, once, one_line, twolines
from railprint.games.railroad_ink.photo import chain_kinds, four_way, kind_guess, kind_shape, legal, route_kinds
from railprint.games.railroad_ink.photo import clean_kinds, exit_shape, plain_chain
from railprint.games.railroad_ink.photo import erased, joins
from railprint.games.railroad_ink.photo import band_chain, band_cross, band_kinds, broad_line, noise_floor
from railprint.games.railroad_ink.photo import faint_sheet, night_bands, night_lines, night_pens, noisy_colour
from railprint.games.railroad_ink.photo import outlined_centre, station_kinds, station_mark, station_sides
from railprint.games.railroad_ink.photo import placed_station
from railprint.games.railroad_ink.photo import one_decode
from railprint.games.railroad_ink.photo import scan_page
from railprint.games.railroad_ink.photo import dark_marks
from railprint.games.railroad_ink.photo import small_stats
from railprint.games.railroad_ink.photo import clipped_light
from railprint.games.railroad_ink.photo import exit_kinds
from railprint.games.railroad_ink.photo import cross_station, lost_station, marked_route, meeting_centre, ring_crossing
from railprint.games.railroad_ink.photo import arc_station, inked_curve, unmarked_route, widened_straight
from railprint.games.railroad_ink.photo import clipped_pen, day_pens, dropped, lone_line, small_colour, stray
from railprint.games.railroad_ink.photo import broken_join, extra_side, stain_colour
from railprint.games.railroad_ink.photo.rectified import MARGIN_MM, PX_PER_MM

MAX_BYTES = 30_000_000
MAX_PIXELS = 50_000_000
MIN_PIXELS = 300_000
MAX_ASPECT = 5
"""The photo's longer side is at most this many times its shorter one: an 8 x 65,000 JPEG (0.5 Mpx)
made OpenCV's resize fail an assertion inside the reader ("its photo reader … failed: error:
OpenCV(4.14.0) … resize.cpp … Assertion failed"). A phone's photo is 4:3 or 16:9; a sheet fills
a square of it."""
DETECT_LONG_SIDE = 2000
MIN_GRID_PX_PER_MM = 1.2     # below this the strokes are too thin to tell apart
FAINT_MIN = 0.06             # rel darkness: the faint-ink threshold never goes below this ...
LEVEL_MIN = 0.08             # ... nor the ink threshold below this (a blurred light pencil line)
TRACE_MIN = 0.035            # the lowest threshold, for a light line on an empty-looking side ...
TRACE_LINE = 0.6             # ... which then needs a track through 60 % of the strip
TRACE_PX_PER_MM = 4.0        # ... in a photo with this many px per mm at the grid or more
PAIR_DOUBT = 0.4             # a railway whose darkness shows a highway's two lines in this share of rows
BAND_WIDE = 0.85             # a side whose ink runs wide in this share of its rows ...
BAND_LINE = 0.3              # ... with no line through this share of them: a band, not a railway
AGREE_PAIR = (0.5, 0.1)      # a side neither clearly a highway nor a railway is certain when the
                             # averaged darkness agrees and two lines show in this share of rows or
                             # more (a highway), or under the second (a railway)
AGREE_SLIGHT = (0.1, 0.5)    # ... or (round ten) the averaged darkness's route, the two lines in
                             # this share of rows or more for a highway, and ink (and a railway's
                             # line) through this share of the strip
LOW_GRID_PX_PER_MM = 2.6     # below this a space is certain only where its averaged darkness agrees


class PhotoError(RailprintError):
    """A photo that cannot be read as a Railroad Ink sheet."""


NOT_AN_IMAGE = "not an image file (expected a JPEG, PNG, WebP, HEIC or AVIF photo)"
NOT_AN_IMAGE_PL = "to nie jest plik obrazu (potrzebne zdjęcie JPEG, PNG, WebP, HEIC albo AVIF)"


def too_big_pl(size: int) -> str:
    """A photo over ``MAX_BYTES``, said in Polish (the hint included, as ``RailprintError.pl`` is)."""
    return (f"zdjęcie ma {size / 1e6:.1f} MB; limit to {MAX_BYTES / 1e6:.0f} MB (wyślij mniejszy JPEG: "
            "zwykła jakość aparatu wystarczy)")


@dataclass(frozen=True)
class Uncertain:
    square: str
    guess: str       # the best guess, a board token
    reason: str


@dataclass
class SideRead:
    kind: str        # "h", "r" or "."
    certain: bool
    why: str = ""


@dataclass
class Reading:
    board: Board
    uncertain: list[Uncertain]
    expansion: str
    sheet: dict | None                 # the QR code's fields, when it could be read
    markers: int                       # how many of the 4 markers were found
    homography: np.ndarray = field(repr=False)   # grid mm -> photo px
    size: tuple[int, int] = (0, 0)
    # the largest offset (mm) of the printed grid's lines from where the homography puts them
    # (``_grid_check``; inf when they were not found): over GRID_WARP_MM the grid was read warped
    # onto them, and the spaces where they still miss are flagged
    grid_offset: float = 0.0


# --------------------------------------------------------------------------- loading


PHOTO_FORMATS = {"JPEG": (b"\xff\xd8\xff",), "PNG": (b"\x89PNG\r\n\x1a\n",),
                 "WEBP": (b"RIFF",)}
"""The formats a photo may be, by their first bytes (a WebP also says ``WEBP`` at byte 8). Only
these reach a decoder: Pillow reads the header with that one format's plugin, OpenCV decodes the
same bytes by the same signature (a TIFF, BMP or anything else named .jpg never reaches libtiff)."""


def _photo_format(data: bytes) -> str | None:
    for kind, heads in PHOTO_FORMATS.items():
        if data.startswith(heads) and (kind != "WEBP" or data[8:12] == b"WEBP"):
            return kind
    return None


def _bound_segments(data: bytes, kind: str) -> None:
    """More than ``images.MAX_SEGMENTS`` segments (JPEG markers, PNG chunks) before the pixels, or
    more than ``images.MAX_EXIF_SEGMENTS`` EXIF segments, is refused before Pillow walks them."""
    from railprint.model.images import bound_header

    try:
        bound_header(data, kind)
    except ValueError as exc:
        raise PhotoError(f"the photo's header has {exc}", hint="save it again as an ordinary JPEG",
                         pl=f"nagłówek zdjęcia ma {exc} (zapisz je ponownie jako zwykły JPEG)") from None


def _decode(data: bytes) -> np.ndarray:
    """The photo as one grey channel (``_decoded``'s grey copy)."""
    return _decoded(data)[0]


def _decoded(data: bytes) -> tuple[np.ndarray, np.ndarray | None, np.ndarray | None]:
    """The photo as one grey channel, once its size is known to be sane: the header is read
    first (Pillow, one format's plugin), and a JPEG's scans are counted, so no decoder starts on
    a file that asks for too many pixels or too many passes over them; and its half-size colour
    copy when the same decode made it (a plain PNG: ``one_decode``), else None; and its whole colour
    copy when that decode made it and the photo is small (``one_decode.decode_kept``), else None."""
    if len(data) > MAX_BYTES:
        raise PhotoError(f"the photo is {len(data) / 1e6:.1f} MB; the limit is {MAX_BYTES / 1e6:.0f} MB",
                         hint="send a smaller JPEG (the camera's normal quality is fine)",
                         pl=too_big_pl(len(data)))
    from PIL import Image

    from railprint.model.images import bound_jpeg_scans, header_bytes

    kind = _photo_format(data)
    if kind is None:
        if decode.container(data):   # HEIC/HEIF or AVIF: an iPhone's own photo (decode.py)
            return _decode_heif(data), None, None
        raise PhotoError(NOT_AN_IMAGE, pl=NOT_AN_IMAGE_PL)
    _bound_segments(data, kind)
    try:
        with Image.open(io.BytesIO(header_bytes(data, kind)), formats=[kind]) as probe:   # no PNG metadata
            w, h = probe.size
    except Image.DecompressionBombError:
        raise PhotoError(f"the photo has over {Image.MAX_IMAGE_PIXELS * 2 / 1e6:.0f} megapixels; the limit is "
                         f"{MAX_PIXELS / 1e6:.0f}", hint="take it at a lower resolution or scale it down",
                         pl=f"zdjęcie ma ponad {Image.MAX_IMAGE_PIXELS * 2 / 1e6:.0f} megapikseli; limit to "
                            f"{MAX_PIXELS / 1e6:.0f} (zrób je w niższej rozdzielczości albo pomniejsz)") from None
    except Exception:
        raise PhotoError(NOT_AN_IMAGE, pl=NOT_AN_IMAGE_PL) from None
    _check_size(w, h)
    if kind == "JPEG":
        try:
            bound_jpeg_scans(data, (w, h))
        except ValueError as exc:
            raise PhotoError(str(exc), hint="save it again as an ordinary JPEG",
                             pl=f"{exc} (zapisz zdjęcie ponownie jako zwykły JPEG)") from None
    with native_stderr() as said:   # libjpeg and libpng print their complaints on stderr
        image, half, full = one_decode.decode_kept(data)   # a plain PNG decoded once, in colour (photo/one_decode.py)
    damage = _decoder_says(said)
    if image is None:
        raise PhotoError("the image could not be decoded" + (f" ({damage})" if damage else "")
                         + " (a damaged or truncated file?)",
                         pl="nie da się zdekodować obrazu" + (f" ({damage})" if damage else "")
                            + " (plik uszkodzony albo ucięty?)")
    if damage:   # libjpeg decoded what it could and filled the rest: the grid would be read wrong
        raise PhotoError(f"the photo is damaged ({damage}): part of it is missing or wrong",
                         hint="copy or send the photo again",
                         pl=f"zdjęcie jest uszkodzone ({damage}): brakuje jego części albo jest błędna "
                            "(skopiuj albo wyślij zdjęcie ponownie)")
    return image, half, full


def _check_size(w: int, h: int) -> None:
    """A photo of ``w`` x ``h`` pixels (from its header) is refused over MAX_PIXELS, under
    MIN_PIXELS or over MAX_ASPECT, before it is decoded."""
    if w * h > MAX_PIXELS:
        raise PhotoError(f"the photo has {w * h / 1e6:.0f} megapixels; the limit is {MAX_PIXELS / 1e6:.0f}",
                         hint="take it at a lower resolution or scale it down",
                         pl=f"zdjęcie ma {w * h / 1e6:.0f} megapikseli; limit to {MAX_PIXELS / 1e6:.0f} (zrób je "
                            "w niższej rozdzielczości albo pomniejsz)")
    if w * h < MIN_PIXELS:
        raise PhotoError(f"the photo has only {w} x {h} pixels; the grid cannot be read",
                         hint="take the photo at 1 megapixel or more",
                         pl=f"zdjęcie ma tylko {w} x {h} pikseli; nie da się odczytać siatki (zrób zdjęcie "
                            "o rozdzielczości co najmniej 1 megapiksela)")
    if max(w, h) > MAX_ASPECT * min(w, h):
        raise PhotoError(f"the photo is {w} x {h} pixels, over {MAX_ASPECT} times longer than it is wide; the "
                         "grid cannot be read", hint="photograph the whole sheet, in an ordinary 4:3 or 16:9 frame",
                         pl=f"zdjęcie ma {w} x {h} pikseli, ponad {MAX_ASPECT} razy dłuższe niż szersze; nie da się "
                            "odczytać siatki (sfotografuj cały arkusz w zwykłym kadrze 4:3 albo 16:9)")


def _decode_heif(data: bytes) -> np.ndarray:
    """A HEIC/HEIF or AVIF photo as one grey channel (``decode.py``): its primary image's size,
    upright, read from its header and checked as a JPEG's is before anything is decoded."""
    try:
        opened = decode.open_photo(data)
        _check_size(*opened.size)
        return opened.gray()
    except decode.Undecodable as exc:
        raise PhotoError(exc.message, hint=exc.hint, pl=exc.pl) from None


_DAMAGE = re.compile(r"^(?:Corrupt JPEG data|Premature end of JPEG file)|^libpng error: ")
_DECODER = re.compile(r"JPEG|JFIF|^libpng |^Warning: ")


def _decoder_says(lines: list[str]) -> str:
    """The first line of libjpeg's or libpng's that says the data is damaged ('' if none); the
    decoders' other remarks (an unknown JFIF version, a known-wrong sRGB profile) are dropped,
    and any other line (another thread's, while stderr was caught) is shown again."""
    others = [line for line in lines if not _DECODER.search(line)]
    if others:
        print("\n".join(others), file=sys.stderr)
    return next((line.removeprefix("libpng error: ") for line in lines if _DAMAGE.search(line)), "")


# --------------------------------------------------------------------------- markers


def _detector(blurred: bool = False, min_perimeter_rate: float = 0.012):
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    params.minMarkerPerimeterRate = min_perimeter_rate   # 0.012: a 7 mm marker on a sheet that fills a third of the photo
    if blurred:
        # a blurred or smeared mark (motion blur, a strong contrast curve, a messaging app's JPEG):
        # each cell sampled at 8 x 8 px with a quarter of it left out at its edges (the default
        # 4 x 4 px, 13 %, reads the smear from the neighbouring cells), and more of the black
        # border let through as not black; the id's own bits are checked as strictly as before
        params.perspectiveRemovePixelPerCell = 8
        params.perspectiveRemoveIgnoredMarginPerCell = 0.25
        params.maxErroneousBitsInBorderRate = 0.6
    return cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50), params)


def _detection_copy(gray: np.ndarray) -> tuple[np.ndarray, float]:
    """The photo at most DETECT_LONG_SIDE long (INTER_AREA), and its scale: made once and shared
    by every look at that size (round eleven: each look made its own, 0.03 s each at 12 MP)."""
    h, w = gray.shape
    k = min(1.0, DETECT_LONG_SIDE / max(h, w))
    small = gray if k == 1 else cv2.resize(gray, (round(w * k), round(h * k)), interpolation=cv2.INTER_AREA)
    return small, k


def _find_markers(gray: np.ndarray, copy: tuple[np.ndarray, float] | None = None,
                  first: tuple[dict[int, np.ndarray], list[int]] | None = None,
                  motions: list[deblur.Motion] | None = None) -> tuple[dict[int, np.ndarray], list[int]]:
    """Our markers (id -> 4 corners in full-photo px) and the ids of foreign ones. Looked for on a
    copy at most DETECT_LONG_SIDE long; when that misses some, once more at full resolution
    (a small or blurred sheet in a large photo), or, in a photo no longer than that, on a copy
    twice its size (a photo a messaging app scaled down to 1-2 MP and compressed hard: its
    marks' cells 4-5 px wide and blocky, which the detector's thresholds miss).

    ``copy``: ``_detection_copy(gray)``, made once; ``first``: the first look's result on it, when
    already made. ``motions`` (round eleven; ``deblur.motion_blurs`` of that copy): in a photo with
    a motion blur the passes over the whole photo at full size are left out (about 0.2 s at
    12 MP): the blurred-mark look at the copy's size runs, and then, with two or three marks
    found, the others are looked for at full size only where those put them (``_find_missing``,
    not unblurred); with fewer, ``_find_all`` unblurs the photo first."""
    small, k = copy if copy is not None else _detection_copy(gray)
    ours, foreign = (dict(first[0]), list(first[1])) if first is not None else _detect(gray, k, small=small)
    if motions:
        if len(ours) < 4:
            _detect_blurred(gray, k, ours, small)
        if 2 <= len(ours) < 4:
            ours = _find_missing(gray, ours, None, 1.0 if k < 1 else 2.0)
        return ours, foreign
    # round eighteen: with three marks found the fourth is looked for at full size only where they
    # put it (``_find_missing``'s window; a mark found elsewhere would not ``_fits``): the passes
    # over the whole photo at full size cost 1-2 s in a noisy 12 MP photo. With two, windows first.
    three = len(ours) == 3
    if 2 <= len(ours) < 4:
        ours = _find_missing(gray, ours, None, 1.0 if k < 1 else 2.0)
    if len(ours) < 4 and not three:
        more, foreign_more = _detect(gray, 1.0 if k < 1 else 2.0)
        for marker, pts in more.items():
            ours.setdefault(marker, pts)
        ours = _strays_dropped(ours)
        foreign = sorted(set(foreign) | set(foreign_more))
    for scale in (k, 1.0 if k < 1 else 2.0):
        # still some missing: once more with the cells sampled for a blurred mark (``_detector``;
        # round nine: a motion-blurred photo, a contrast curve); a mark found only so is kept
        # when it fits the others' homography, and the foreign ids it sees are not counted
        if len(ours) == 4 or (three and scale != k):
            break
        _detect_blurred(gray, scale, ours, small if scale == k else None)
    return ours, foreign


STRAY_SIDE = 0.6   # a lone mark of another sheet under this share of the sheet's marks' side is a stray


def _strays_dropped(found: dict[int, np.ndarray]) -> dict[int, np.ndarray]:
    """``found`` without a stray: the only mark of another sheet (layout or expansion) beside three
    or four marks of one sheet, and much smaller than they are (under STRAY_SIDE of their median
    side). The full-size look can read an id in the printed QR code's modules or in a drawing
    (round seventeen: indep 102,305, a "lava" mark 11.6 px wide in the QR code beside four 27 px
    marks, refused as two sheets in one photo). Two sheets in one photo show marks of one size,
    and more than one of the other: they are still refused."""
    groups: dict[object, list[int]] = {}
    for marker in found:
        groups.setdefault(layout.decode_id(marker)[:2], []).append(marker)
    if len(groups) < 2:
        return found
    main = max(groups.values(), key=len)
    if len(main) < 3 or len(found) - len(main) != 1:
        return found
    side = float(np.median([np.linalg.norm(found[m][0] - found[m][1]) for m in main]))
    stray = next(m for m in found if m not in main)
    pts = found[stray]
    if max(np.linalg.norm(pts[i] - pts[(i + 1) % 4]) for i in range(4)) >= STRAY_SIDE * side:
        return found
    return {m: p for m, p in found.items() if m != stray}


def _detect_blurred(gray: np.ndarray, scale: float, ours: dict[int, np.ndarray], small: np.ndarray | None) -> None:
    """The blurred-mark detector's marks at ``scale`` added to ``ours`` where they fit (``_fits``)."""
    more, _ = _detect(gray, scale, blurred=True, small=small)
    for marker, pts in more.items():
        if marker not in ours and _fits(ours, marker, pts):
            ours[marker] = pts


def _find_all(gray: np.ndarray) -> tuple[dict[int, np.ndarray], list[int], deblur.Motion | None]:
    """Every look for the marks (``_find_markers``, then ``_find_unblurred`` when some are still
    missing): (marks, foreign ids, the motion blur undone to find them or None). The detection
    copy is made once, and the blur measured once, for every look."""
    copy = _detection_copy(gray)
    first = _detect(gray, copy[1], small=copy[0])
    scanned = len(first[0]) < 4 and scan_page.binarised(gray)
    if scanned:   # a scan app's page: its marks hollowed (scan_page.py); no motion blur is left to undo
        first = (_scan_marks(gray, copy, first[0]), first[1])
    motions = deblur.motion_blurs(copy[0], 3) if len(first[0]) < 4 and not scanned else []
    found, foreign = _find_markers(gray, copy, first, motions)
    if len(found) < 4 and not scanned:   # a motion blur may hide some (or smear one into another id)
        unblurred, blur = _find_unblurred(gray, found, copy, motions)
        if len(unblurred) > len(found):
            return unblurred, foreign, blur
        if len(found) < 2 and motions:   # unblurring found no more: the passes over the whole photo after all
            found, foreign = _find_markers(gray, copy)
    if len(found) < 2:   # round nineteen: a harsh contrast curve's crushed shadows (photo/dark_marks.py)
        found = _dark_marks(gray, copy, found)
    return found, foreign, None


def _dark_marks(gray: np.ndarray, copy: tuple[np.ndarray, float], found: dict[int, np.ndarray]) -> dict[int, np.ndarray]:
    """``found`` and the marks both detectors find on the photo's copy with its dark tones spread
    apart (``dark_marks.lifted``), each kept as ``_fits`` says; with two or more, the others looked
    for where those put them (``_find_missing``, on the lifted photo)."""
    small, k = copy
    lifted_small = dark_marks.lifted(small)
    lifted = lifted_small if k == 1 else dark_marks.lifted(gray)
    out = dict(found)
    for blurred in (False, True):
        for marker, pts in _detect(lifted, k, blurred=blurred, small=lifted_small)[0].items():
            if marker not in out and _fits(out, marker, pts):
                out[marker] = pts
    if 2 <= len(out) < 4:
        out = _find_missing(lifted, out, None, 1.0 if k < 1 else 2.0)
    return out


def _scan_marks(gray: np.ndarray, copy: tuple[np.ndarray, float], found: dict[int, np.ndarray]) -> dict[int, np.ndarray]:
    """``found`` and the marks ``scan_page.marks`` reads on a binarised page, each kept as ``_fits`` says."""
    found = dict(found)
    for marker, pts in scan_page.marks(gray, copy[0], copy[1], lambda m: layout.decode_id(m) is not None):
        if marker not in found and _fits(found, marker, pts):
            found[marker] = pts
    return found


def _find_unblurred(gray: np.ndarray, known: dict[int, np.ndarray], copy: tuple[np.ndarray, float] | None = None,
                    motions: list[deblur.Motion] | None = None) -> tuple[dict[int, np.ndarray], deblur.Motion | None]:
    """The third look (issue 35, round ten), for a photo whose marks the others miss: a straight
    motion blur (a shaking hand) longer than a mark's cell smears its bits together. The blur is
    measured on the detection copy (``deblur.motion_blurs``: its length and direction from the
    cepstrum) and undone there (Wiener), and the marks are looked for in that; the likeliest blur
    that finds two marks or more wins (only the likeliest when two or more are ``known``: that
    photo is read anyway), and the other marks are looked for where those put them. A photo
    without a motion blur costs one spectrum (a few hundredths of a second). Marks found so are
    kept as the other looks keep them (``_fits``, against the ``known`` ones too). Returns the
    marks (full-photo px; empty when the unblurred copy adds none) and the blur (full-photo px).
    ``copy`` and ``motions``: the detection copy and its blurs (``motion_blurs(copy, 3)``), when
    already made."""
    small, k = copy if copy is not None else _detection_copy(gray)
    start = {marker: pts * k for marker, pts in known.items()}
    best: dict[int, np.ndarray] = start
    blur, best_sharp = None, None
    motions = (deblur.motion_blurs(small, 3) if motions is None else motions)[:3 if len(known) < 2 else 1]
    unblur = deblur.Unblurrer(small, max(m.length for m in motions)) if motions else None   # one spectrum
    for motion in motions:
        sharp = unblur(motion)
        if best_sharp is None:   # the likeliest, until another finds more
            blur, best_sharp = motion, sharp
        found = _detect_sharp(sharp, start, 1.0)
        if len(found) > len(best):
            best, blur, best_sharp = found, motion, sharp
        if len(best) >= 2:   # the rest are looked for where these put them (``_find_missing``)
            break
    if best_sharp is not None and len(best) < 2 and k == 1:   # a small photo: at twice its size too
        best = _detect_sharp(best_sharp, best, 2.0)
    if len(best) == len(known):
        return {}, None
    found = {marker: known[marker] if marker in known else pts / k for marker, pts in best.items()}
    blur = deblur.Motion(blur.length / k, blur.angle, blur.strength)
    if 2 <= len(found) < 4:
        found = _find_missing(gray, found, blur)
    return found, blur


def _find_missing(gray: np.ndarray, found: dict[int, np.ndarray], blur: deblur.Motion | None,
                  zoom: float | None = None) -> dict[int, np.ndarray]:
    """``found`` (two or three marks of a motion-blurred photo) and the missing marks looked for
    where those put them: a window 7 marks wide around each, at the photo's own resolution (or
    twice it, when a mark's cell is under 6 px), unblurred; a mark found there is kept as
    ``_fits`` says. A few small windows: far cheaper than the whole photo unblurred at full size
    (a mark found at the detection copy's size only in part: its cells 2-4 px wide there).
    ``blur`` None (round eleven): the windows are not unblurred, and are looked at by both
    detectors at ``zoom`` (the passes over the whole photo, only where the missing marks are)."""
    H, expansion = _homography(found)
    side = float(np.mean([np.linalg.norm(p[0] - p[1]) for p in found.values()]))
    if zoom is None:
        zoom = 2.0 if side / layout.MARKER_CELLS < 6 else 1.0
    h, w = gray.shape
    out = dict(found)
    for place in layout.marker_places(expansion):
        if place.id in out:
            continue
        corners = np.array(place.corners(), np.float64).reshape(-1, 1, 2)
        centre = cv2.perspectiveTransform(corners, H).reshape(-1, 2).mean(0)
        r = int(3.5 * side + 2 * (blur.length if blur is not None else 0.0))
        x0, y0 = max(0, int(centre[0]) - r), max(0, int(centre[1]) - r)
        x1, y1 = min(w, int(centre[0]) + r), min(h, int(centre[1]) + r)
        if x1 - x0 < 2 * side or y1 - y0 < 2 * side:
            continue
        window = gray[y0:y1, x0:x1]
        if blur is not None:
            looks = [_detect_sharp(deblur.unblur(window, blur), {}, zoom)]
        else:   # round fifteen: no candidate under half the mark's size (a screen's moiré: 2 s a window)
            least = 0.5 * cv2.arcLength(cv2.perspectiveTransform(corners, H).astype(np.float32), True)
            looks = [_detect(window, zoom, min_perimeter=least)[0],
                     _detect(window, zoom, blurred=True, min_perimeter=least)[0]]
        for look in looks:
            for marker, pts in look.items():
                pts = pts + np.array([x0, y0], np.float32)
                if marker not in out and _fits(out, marker, pts):
                    out[marker] = pts
    return out


def _detect_sharp(sharp: np.ndarray, found: dict[int, np.ndarray], scale: float) -> dict[int, np.ndarray]:
    """``found`` and the marks found in an unblurred copy at ``scale`` by the blurred-mark detector
    (an unblurred mark keeps a little of its smear), each kept as ``_fits`` says. The default
    detector after it found no more mark in any of the 58 passes on the dev motion set 770,000-059
    (round ten's second pass, dropped: about 0.04 s each)."""
    found = dict(found)
    more, _ = _detect(sharp, scale, blurred=True)
    for marker, pts in more.items():
        if marker not in found and _fits(found, marker, pts):
            found[marker] = pts
    return found


UNBLUR_PX_PER_MM = 8.0   # a motion-blurred photo is read from a copy of its grid this sharp, unblurred


def _unblurred_source(gray: np.ndarray, H: np.ndarray, motion: deblur.Motion) -> tuple[np.ndarray, np.ndarray | None]:
    """A motion-blurred photo's grid (its margin and marks included), scaled to about
    UNBLUR_PX_PER_MM at the grid (never up) and unblurred (``deblur.unblur``), to read the spaces
    from: (that image, the map from photo px to its px; None: the photo itself). Only the grid's part of the photo is
    unblurred (bounded CPU: about 2 MP at most)."""
    m = MARGIN_MM + 2.0
    box = np.array([[-m, -m], [layout.GRID_MM + m, -m], [layout.GRID_MM + m, layout.GRID_MM + m],
                    [-m, layout.GRID_MM + m]], np.float64)
    corners = cv2.perspectiveTransform(box.reshape(-1, 1, 2), H).reshape(-1, 2)
    grid = cv2.perspectiveTransform((box + np.array([[m, m], [-m, m], [-m, -m], [m, -m]])).reshape(-1, 1, 2),
                                    H).reshape(-1, 2)
    ppm = min(np.linalg.norm(grid[i] - grid[(i + 1) % 4]) for i in range(4)) / layout.GRID_MM
    s = min(1.0, UNBLUR_PX_PER_MM / max(ppm, 1e-6))
    pad = 2 * motion.length
    h, w = gray.shape
    x0, y0 = (max(0, int(v - pad)) for v in corners.min(axis=0))
    x1, y1 = min(w, int(corners[:, 0].max() + pad) + 1), min(h, int(corners[:, 1].max() + pad) + 1)
    if x1 - x0 < 16 or y1 - y0 < 16:
        return gray, None
    crop = gray[y0:y1, x0:x1]
    if s < 1:
        crop = cv2.resize(crop, (max(1, round(crop.shape[1] * s)), max(1, round(crop.shape[0] * s))),
                          interpolation=cv2.INTER_AREA)
    S = np.array([[s, 0, -s * x0], [0, s, -s * y0], [0, 0, 1.0]])
    return deblur.unblur(crop, deblur.Motion(motion.length * s, motion.angle, motion.strength)), S


def _fits(found: dict[int, np.ndarray], marker: int, pts: np.ndarray) -> bool:
    """Whether a mark found only by the blurred-mark detector fits the marks found before: the same
    sheet's, within the homography's own check, and (three found before) its corners within 0.4 of
    its width (2.8 mm) of where their homography puts them (two marks' homography is an
    extrapolation across the sheet, off by more than that on a steep photo)."""
    if not found:
        return True
    try:
        H, expansion = _homography(found)
        _homography({**found, marker: pts})
    except PhotoError:
        return False
    if len(found) < 3:
        return True
    place = next((p for p in layout.marker_places(expansion) if p.id == marker), None)
    if place is None:
        return False
    where = cv2.perspectiveTransform(np.array(place.corners(), np.float64).reshape(-1, 1, 2), H).reshape(-1, 2)
    side = float(np.mean([np.linalg.norm(pts[i] - pts[(i + 1) % 4]) for i in range(4)]))
    return float(np.max(np.linalg.norm(where - pts, axis=1))) <= 0.4 * side


def _detect(gray: np.ndarray, k: float, blurred: bool = False, small: np.ndarray | None = None,
            min_perimeter: float | None = None) -> tuple[dict[int, np.ndarray], list[int]]:
    """Our marks and foreign ids found by one detector pass on ``gray`` scaled by ``k`` (``small``:
    that copy, when already made), the corners refined on ``gray``. ``min_perimeter``: no candidate
    shorter round than this many px of ``gray`` (the default: 0.012 of the scaled copy's long side)."""
    h, w = gray.shape
    small = small if small is not None else gray if k == 1 else cv2.resize(gray, (round(w * k), round(h * k)),
                                           interpolation=cv2.INTER_AREA if k < 1 else cv2.INTER_CUBIC)
    rate = 0.012 if min_perimeter is None else max(0.012, min_perimeter * k / max(small.shape))
    corners, ids, _ = _detector(blurred, rate).detectMarkers(small)
    ours: dict[int, np.ndarray] = {}
    foreign: list[int] = []
    if ids is None:
        return ours, foreign
    for marker, quad in zip(ids.ravel().tolist(), corners):
        if layout.decode_id(marker) is None:
            foreign.append(marker)
            continue
        pts = quad.reshape(4, 2).astype(np.float32) / k
        if k < 1:
            win = max(2, int(min(np.linalg.norm(pts[0] - pts[1]), np.linalg.norm(pts[1] - pts[2])) / 14))
            crit = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 0.05)
            pts = cv2.cornerSubPix(gray, pts.reshape(-1, 1, 2), (win, win), (-1, -1), crit).reshape(4, 2)
        ours[marker] = pts
    return _strays_dropped(ours), foreign


def _homography(found: dict[int, np.ndarray]) -> tuple[np.ndarray, str]:
    decoded = {m: layout.decode_id(m) for m in found}
    expansions = {d[1] for d in decoded.values()}
    if len(expansions) > 1:
        raise PhotoError("markers of different sheets in one photo", hint="photograph one sheet at a time",
                         pl="na jednym zdjęciu są znaczniki różnych arkuszy (fotografuj jeden arkusz naraz)")
    expansion = expansions.pop()
    places = {p.id: p for p in layout.marker_places(expansion)}
    src, dst = [], []
    for marker, pts in found.items():
        src += places[marker].corners()
        dst += pts.tolist()
    src_a, dst_a = np.array(src, np.float32), np.array(dst, np.float32)
    H, _ = cv2.findHomography(src_a, dst_a, 0)
    if H is None:
        raise PhotoError("the markers found do not fit the sheet's layout",
                         pl="znalezione znaczniki nie pasują do układu arkusza")
    proj = cv2.perspectiveTransform(src_a.reshape(-1, 1, 2), H).reshape(-1, 2)
    err = float(np.sqrt(np.mean(np.sum((proj - dst_a) ** 2, axis=1))))
    side = float(np.mean([np.linalg.norm(p[0] - p[1]) for p in found.values()]))
    if err > max(2.0, side * 0.08):
        raise PhotoError("the markers found do not fit the sheet's layout (a bent sheet, or marks of "
                         "another sheet?)", hint="lay the sheet flat and photograph it again",
                         pl="znalezione znaczniki nie pasują do układu arkusza (zgięty arkusz albo znaczniki "
                            "innego arkusza?) (połóż arkusz płasko i sfotografuj go ponownie)")
    return H, expansion


def _fitting_marks(gray: np.ndarray, found: dict[int, np.ndarray]) -> dict[int, np.ndarray]:
    """Round thirteen: ``found`` without the one mark that does not fit the others. A mark's
    corners found off its place (one corner of its quad drawn to a halo an HDR photo's tone mapping
    puts round it, or a pattern taken for it) made the whole photo refused ("the markers found do
    not fit the sheet's layout"), though the others fix the grid. With three or four marks found
    whose fit fails, each one is left out in turn; of the rest that fit (``_homography``), the one
    whose grid the printed lines confirm best (``_grid_confirmed``) is kept, when they confirm it as
    a read grid must be (GRID_CONFIRMED); else the photo is refused as before (a bent sheet, marks of
    two sheets)."""
    try:
        _homography(found)
        return found
    except PhotoError as exc:
        if len(found) < 3 or "do not fit" not in str(exc):
            raise
        refused = exc
    best, best_share = None, GRID_CONFIRMED
    for drop in sorted(found):
        rest = {m: pts for m, pts in found.items() if m != drop}
        try:
            H, _ = _homography(rest)
        except PhotoError:
            continue
        share = _grid_confirmed(gray, H)
        if share >= best_share:
            best, best_share = rest, share
    if best is None:
        raise refused
    return best


def _grid_confirmed(gray: np.ndarray, H: np.ndarray) -> float:
    """The share of the inner crossings' printed lines found within GRID_OFF_MM of where ``H`` puts
    them on both looks (``_grid_samples``; the lesser of the two axes), as ``_grid_doubts`` measures
    a grid read where the marks put it."""
    rect, _ = _rectify(gray, H)
    inner = _grid_samples(_darkness(rect))[1:-1, 1:-1]
    on = (np.abs(inner[..., 0]) <= GRID_OFF_MM) & (np.abs(inner[..., 1]) <= GRID_OFF_MM)
    return float(on.mean(axis=(0, 1)).min())


# --------------------------------------------------------------------------- rectified ink


def _rectify(gray: np.ndarray, H: np.ndarray, field: np.ndarray | None = None) -> tuple[np.ndarray, float]:
    """The grid (plus a margin) at PX_PER_MM, and the photo's own pixels per mm at the grid.
    ``field`` (8, 8, 2 mm, ``_grid_field``): the printed grid's offset at each crossing from where
    ``H`` puts it; the grid is then rectified through that warp (bilinear between crossings)."""
    corners = np.array([[0, 0], [layout.GRID_MM, 0], [layout.GRID_MM, layout.GRID_MM], [0, layout.GRID_MM]],
                       np.float32)
    img = cv2.perspectiveTransform(corners.reshape(-1, 1, 2), H).reshape(-1, 2)
    sides = [np.linalg.norm(img[i] - img[(i + 1) % 4]) for i in range(4)]
    src_ppm = min(sides) / layout.GRID_MM
    if src_ppm < MIN_GRID_PX_PER_MM:
        raise PhotoError(f"the grid is only {min(sides):.0f} pixels wide in the photo; it needs "
                         f"{MIN_GRID_PX_PER_MM * layout.GRID_MM:.0f} or more",
                         hint="come closer, so the sheet fills the photo",
                         pl=f"siatka ma na zdjęciu tylko {min(sides):.0f} pikseli szerokości; potrzeba co najmniej "
                            f"{MIN_GRID_PX_PER_MM * layout.GRID_MM:.0f} (podejdź bliżej, by arkusz wypełnił "
                            "zdjęcie)")
    scale = 1.0
    src = gray
    while src_ppm * scale > 2.4 * PX_PER_MM and min(src.shape) > 64:
        src = cv2.pyrDown(src)
        scale *= 0.5
    size = int(round((layout.GRID_MM + 2 * MARGIN_MM) * PX_PER_MM))
    to_mm = np.array([[1 / PX_PER_MM, 0, -MARGIN_MM], [0, 1 / PX_PER_MM, -MARGIN_MM], [0, 0, 1]])
    if field is not None:
        mm = np.arange(size) / PX_PER_MM - MARGIN_MM
        k0, t = grid_warp.weights(mm, layout.SQUARE_MM, SIZE)   # bilinear between crossings, no BLAS
        X = mm[None, :] + grid_warp.spread(field[..., 0], k0, t)
        Y = mm[:, None] + grid_warp.spread(field[..., 1], k0, t)
        M = np.diag([scale, scale, 1.0]) @ H
        w = M[2, 0] * X + M[2, 1] * Y + M[2, 2]
        mx = ((M[0, 0] * X + M[0, 1] * Y + M[0, 2]) / w).astype(np.float32)
        my = ((M[1, 0] * X + M[1, 1] * Y + M[1, 2]) / w).astype(np.float32)
        return cv2.remap(src, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE), src_ppm
    scaled = np.diag([scale, scale, 1.0]) @ H @ to_mm
    out = cv2.warpPerspective(src, scaled, (size, size), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                              borderMode=cv2.BORDER_REPLICATE)
    return out, src_ppm


GRID_SEARCH_MM = 4.0     # how far a printed grid line is looked for around where the marks put it
GRID_REFIT_MM = 0.5      # a grid line further off than this: the homography is fitted to the grid


def _grid_lines(dark: np.ndarray, near: tuple[int, int, int] | None = None,
                other: bool = False, rise: float = faint_grid.GRID_RISE) -> list[tuple[int, int, bool, float, float]]:
    """The printed grid's lines found beside each of its 8 x 8 crossings in the rectified ``dark``
    (``_darkness``): (i, j, vertical, off, along) -- crossing (i, j)'s vertical line (or its
    horizontal one) found ``off`` mm across from where it should be, at ``along`` mm from the
    crossing along the line. Each line is looked for GRID_SEARCH_MM either side along a short
    segment beside the crossing, clear of the round boxes (they sit in each square's bottom-right
    corner) and of the drawn routes (they cross the lines at the sides' middles, and run parallel
    to them 1.7 mm or more from the middle, 7 mm or more from the lines). ``near`` (i, j, reach):
    only the crossings within ``reach`` squares of crossing (i, j). ``other``: the segments on the
    crossing's other side instead (the vertical line above it, the horizontal one left of it,
    6-9.5 mm away: past the round box above-left), for the crossings inside the grid's edges: a
    second, independent look at the same crossing (``_grid_check``)."""
    p = PX_PER_MM
    steps = np.arange(-int(round(GRID_SEARCH_MM * p)), int(round(GRID_SEARCH_MM * p)) + 1)
    looks, groups = _line_looks(dark.shape, near, other)
    flat = dark.ravel()
    out = []
    for members, index in groups:
        # one median over every block of one segment length (round fourteen: the same values as
        # one ``np.median`` per block, 2 x 162 calls a look, a third of the grid check's CPU)
        profiles = np.median(flat[index], axis=1)
        for n, profile, base in zip(members, profiles, np.median(profiles, axis=1).tolist()):
            k = int(np.argmax(profile))
            if profile[k] < base + rise or k in (0, len(profile) - 1):
                continue
            a, b, c = profile[k - 1], profile[k], profile[k + 1]
            den = a - 2 * b + c
            off = (steps[k] + (0.5 * (a - c) / den if den < 0 else 0.0)) / p
            i, j, vertical, along = looks[n]
            out.append((n, (i, j, vertical, float(off), along)))
    return [line for _, line in sorted(out, key=lambda x: x[0])]


@lru_cache(maxsize=32)
def _line_looks(shape: tuple[int, ...], near: tuple[int, int, int] | None, other: bool
                ) -> tuple[list[tuple[int, int, bool, float]], list[tuple[list[int], np.ndarray]]]:
    """Where ``_grid_lines`` looks in a rectified image of ``shape`` (the same for every photo):
    (each look's crossing, line and ``along`` mm, in the order reported; the looks grouped by
    their segment's length: their numbers, and the flat indices of their blocks, (looks,
    along the line, across it))."""
    p = PX_PER_MM
    w = int(round(GRID_SEARCH_MM * p))
    steps = np.arange(-w, w + 1)
    looks: list[tuple[int, int, bool, float]] = []
    blocks: dict[int, tuple[list[int], list[np.ndarray]]] = {}
    for i in range(SIZE + 1):
        for j in range(SIZE + 1):
            if near is not None and max(abs(i - near[0]), abs(j - near[1])) > near[2]:
                continue
            x = (MARGIN_MM + j * layout.SQUARE_MM) * p
            y = (MARGIN_MM + i * layout.SQUARE_MM) * p
            # the vertical line below the crossing (above it on the bottom edge), the horizontal
            # line right of it (left of it on the right edge); clear of the box above-left
            ys = (y + np.arange(1.5 * p, 9 * p)) if i < SIZE else (y - np.arange(6 * p, 14 * p))
            xs = (x + np.arange(1.5 * p, 9 * p)) if j < SIZE else (x - np.arange(6 * p, 14 * p))
            pairs = ((ys, x, True), (xs, y, False))
            if other:
                pairs = (((y - np.arange(6 * p, 9.5 * p)), x, True) if 0 < i < SIZE else None,
                         ((x - np.arange(6 * p, 9.5 * p)), y, False) if 0 < j < SIZE else None)
            for along, centre, vertical in (pair for pair in pairs if pair is not None):
                pos = np.round(centre + steps).astype(int)
                seg = np.round(along).astype(int)
                if pos.min() < 0 or seg.min() < 0 or max(pos.max(), seg.max()) >= shape[0]:
                    continue
                # a vertical line's block is [seg, pos]; a horizontal one's [pos, seg], turned
                index = seg[:, None] * shape[1] + pos[None, :] if vertical else pos[None, :] * shape[1] + seg[:, None]
                group = blocks.setdefault(len(seg), ([], []))
                group[0].append(len(looks))
                group[1].append(index)
                looks.append((i, j, vertical, float(np.mean(along) - (y if vertical else x)) / p))
    groups = []
    for members, index in blocks.values():
        stacked = np.stack(index)
        stacked.flags.writeable = False
        groups.append((members, stacked))
    return looks, groups


def _grid_offsets(dark: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Where the printed grid's 8 x 8 line crossings are in the rectified ``dark``: (their grid mm,
    their found mm), for the crossings whose both lines were found (``_grid_lines``)."""
    expected, found = [], []
    lines = _grid_lines(dark)
    for (i, j, vertical, off, _), nxt in zip(lines, lines[1:] + [None]):
        if vertical and nxt is not None and nxt[:2] == (i, j):
            expected.append((j * layout.SQUARE_MM, i * layout.SQUARE_MM))
            found.append((j * layout.SQUARE_MM + off, i * layout.SQUARE_MM + nxt[3]))
    return np.array(expected, np.float32), np.array(found, np.float32)


def _fit_to_grid(rect: np.ndarray, H: np.ndarray, dark: np.ndarray | None = None) -> np.ndarray | None:
    """A homography fitted to the printed grid's crossings (found in the rectified photo), when
    the marks' one puts the grid more than GRID_REFIT_MM off (two or three marks found: their
    fit is an extrapolation across the sheet); None to keep ``H``. ``dark``: ``_darkness(rect)``,
    when already measured."""
    expected, found = _grid_offsets(_darkness(rect) if dark is None else dark)
    if len(expected) < 24:
        return None
    off = np.hypot(*(found - expected).T)
    if float(np.percentile(off, 90)) <= GRID_REFIT_MM:
        return None
    photo = cv2.perspectiveTransform(found.reshape(-1, 1, 2), H).reshape(-1, 2)
    px_per_mm = float(np.linalg.norm(photo[0] - photo[-1]) / np.linalg.norm(expected[0] - expected[-1]))
    H2, inliers = cv2.findHomography(expected, photo, cv2.RANSAC, max(1.0, 0.4 * px_per_mm))
    if H2 is None or inliers is None or int(inliers.sum()) < 24:
        return None
    return H2


GRID_WARP_MM = 0.3       # the printed grid further off than this somewhere: the grid is warped onto it
GRID_OFF_MM = 0.5        # a crossing's line further off than this (after the warp): its spaces are flagged ...
GRID_DRAWN_MM = 1.5      # ... unless it is this far off and its neighbours are on: a drawn line, not the grid
GRID_AGREE_MM = 0.4      # a crossing's two looks at one line agree within this
GRID_SMOOTH_MM = 0.6     # a crossing's single look further than this from its neighbours: not the grid's bend
GRID_MIN_FOUND = 16      # fewer crossings than this found at all: the grid is not where the marks put it
GRID_CONFIRMED = 0.4     # under this share of the inner crossings' lines on, on both looks: nor is it


def _grid_samples(dark: np.ndarray, rise: float = faint_grid.GRID_RISE) -> np.ndarray:
    """The printed grid's offsets from where the rectification puts it, in mm: an array (8, 8, 2, 2)
    -- crossing (i, j), axis (0: x, from its vertical line; 1: y, from its horizontal line), look
    (0: beside the crossing, 1: on its other side, ``_grid_lines(other=True)``); NaN where no line
    was found."""
    out = np.full((SIZE + 1, SIZE + 1, 2, 2), np.nan)
    for look in (0, 1):
        for i, j, vertical, off, _ in _grid_lines(dark, other=bool(look), rise=rise):
            out[i, j, 0 if vertical else 1, look] = off
    return out


def _neighbours(a: np.ndarray, i: int, j: int, reach: int = 1) -> np.ndarray:
    """The values of ``a`` (8 x 8) at the crossings within ``reach`` of (i, j), NaN dropped."""
    block = a[max(0, i - reach):i + reach + 1, max(0, j - reach):j + reach + 1].astype(float)
    block[min(i, reach), min(j, reach)] = np.nan
    return block[~np.isnan(block)]


def _grid_field(samples: np.ndarray) -> np.ndarray | None:
    """The printed grid's smooth offset at each crossing (8, 8, 2 mm) from ``_grid_samples``, or
    None when too few crossings were found to tell. Per axis: a crossing's two looks that agree
    are its offset; a single look is kept when within GRID_SMOOTH_MM of its neighbours' median
    (further off, a drawn line taken for the printed one, or a bend too sharp to follow: left to
    ``_grid_doubts`` after the warp); of two looks that disagree, the one nearer that median. Paper bends smoothly: a crossing left without an offset takes its
    neighbours' mean."""
    found = ~np.isnan(samples).all(axis=3)
    if int(found.all(axis=2).sum()) < GRID_MIN_FOUND:
        return None
    field = np.zeros((SIZE + 1, SIZE + 1, 2))
    for axis in (0, 1):
        a, b = samples[..., axis, 0], samples[..., axis, 1]
        both = ~np.isnan(a) & ~np.isnan(b)
        agree = both & (np.abs(np.where(both, a - b, 0.0)) <= GRID_AGREE_MM)
        value = np.where(agree, (a + b) / 2, np.where(np.isnan(b), a, np.where(np.isnan(a), b, np.nan)))
        value[both & ~agree] = np.nan
        for _ in range(2):
            nxt = value.copy()
            for i in range(SIZE + 1):
                for j in range(SIZE + 1):
                    if agree[i, j]:
                        continue
                    around = _neighbours(value, i, j)
                    if around.size < 2:   # a look nothing around confirms: left to the gap filling
                        nxt[i, j] = np.nan
                        continue
                    med = float(small_stats.median(around))
                    looks = [v for v in (a[i, j], b[i, j]) if not np.isnan(v)]
                    best = min(looks, key=lambda v: abs(v - med), default=None)
                    nxt[i, j] = best if best is not None and abs(best - med) <= GRID_SMOOTH_MM else np.nan
            value = nxt
        for _ in range(2 * SIZE):   # fill the gaps from their neighbours
            gaps = np.argwhere(np.isnan(value))
            if not len(gaps):
                break
            nxt = value.copy()
            for i, j in gaps:
                around = _neighbours(value, i, j)
                if around.size:
                    nxt[i, j] = float(around.mean())
            value = nxt
        field[..., axis] = np.nan_to_num(value)
    return field


def _grid_doubts(samples: np.ndarray, field: np.ndarray | None = None, faint_ok: bool = False
                 ) -> dict[tuple[int, int], str]:
    """The spaces whose grid is not where it is read, and why: a corner of the space (a crossing)
    whose printed line is further than GRID_OFF_MM from where the rectification puts it on both
    looks (``samples``, ``_grid_samples``), or not found, while more than one of its neighbours
    found (within one crossing; two for one not found) is off too, or fewer than three were found.
    Paper bends smoothly over a square: one crossing off among crossings on is a drawn line taken
    for the printed one (a route drawn along the grid line); a region off is the grid misplaced.
    Too few crossings found at all, or under GRID_CONFIRMED of the inner crossings' lines on where
    both looks agree (on either axis; on flat dev photos 0.61 or more, on a grid 6 mm off 0):
    every space. ``field``: the warp the grid was read through
    (for the reason)."""
    if faint_grid.lost(samples, GRID_OFF_MM, GRID_MIN_FOUND, GRID_CONFIRMED) \
            and not (faint_ok and faint_grid.grid_on(samples, GRID_OFF_MM)):   # round fifteen: a faint grid's lines on
        # a grid this far off finds drawn lines or the round boxes' frames in place of its own:
        # a warp onto those would be read as right; the inner lines seen twice in agreement tell
        why = "the printed grid is not where the corner marks put it (its lines were not found there)"
        return {(r, c): why for r in range(SIZE) for c in range(SIZE)}
    near = np.fmin(np.abs(samples[..., 0]), np.abs(samples[..., 1]))   # (8, 8, 2): the nearer look, NaN when none
    on = np.where(np.isnan(near), np.nan, (near <= GRID_OFF_MM).astype(float))
    worst = np.full((SIZE + 1, SIZE + 1), -1.0)
    for i in range(SIZE + 1):
        for j in range(SIZE + 1):
            for axis in (0, 1):
                if on[i, j, axis] == 1.0:
                    continue
                lost = bool(np.isnan(near[i, j, axis]))
                around = _neighbours(on[..., axis], i, j, 2 if lost else 1)
                if around.size >= 3 and float((around == 0.0).sum()) <= 1:
                    continue
                worst[i, j] = max(worst[i, j], 0.0 if lost else float(near[i, j, axis]))
    doubts: dict[tuple[int, int], str] = {}
    moved = "" if field is None else f"; the grid was warped up to {float(np.abs(field).max()):.1f} mm onto its lines"
    for i, j in np.argwhere(worst >= 0).tolist():
        why = (f"the printed grid's corner here is {worst[i, j]:.1f} mm off where it is read" if worst[i, j] > 0
               else "the printed grid's corner here was not found") + moved
        for r in (i - 1, i):
            for c in (j - 1, j):
                if 0 <= r < SIZE and 0 <= c < SIZE:
                    doubts.setdefault((r, c), why)
    return doubts


def _grid_check(gray: np.ndarray, H: np.ndarray, rect: np.ndarray, dark: np.ndarray, faint_ok: bool = False
                ) -> tuple[np.ndarray, np.ndarray, dict[tuple[int, int], str], float, np.ndarray | None, bool]:
    """Check the rectified grid against the sheet's printed grid lines, which must lie exactly on
    the grid: a sheet that is not flat (curled, folded, a corner lifted), or a mark misplaced,
    puts them off where the homography puts them. Where the printed lines show a smooth offset
    over GRID_WARP_MM, the grid is rectified again through a warp onto them (``_grid_field``,
    interpolated between the crossings) and checked once more; the spaces whose lines still miss
    are returned to be flagged (``_grid_doubts``), never read silently off the grid. Returns
    (rect, dark, doubts, the largest offset found in mm, the warp's field or None, whether the
    fainter look's reading was kept). Round eighteen: a grid whose lines the first look loses
    (``faint_grid.lost``) is read again looking for fainter lines (``faint_grid.FAINT_RISE``), kept
    when that look finds it by the same test; in photos of faint_grid.GRID_FAINT_PX_PER_MM or more
    at the grid then, of any size since round nineteen (under that bound the caller then flags the
    railways read with certainty: ``faint_grid.small_railways``). ``faint_ok`` (a photo of
    GRID_FAINT_PX_PER_MM or more): round fifteen's ``faint_grid.grid_on`` may lift the flag too."""
    got, fainter = _grid_read(gray, H, rect, dark, faint_grid.GRID_RISE), False
    if faint_grid.lost(got[2], GRID_OFF_MM, GRID_MIN_FOUND, GRID_CONFIRMED):
        again = _grid_read(gray, H, rect, dark, faint_grid.FAINT_RISE)
        if not faint_grid.lost(again[2], GRID_OFF_MM, GRID_MIN_FOUND, GRID_CONFIRMED):
            got, fainter = again, True
    rect, dark, samples, offset, field = got
    return rect, dark, _grid_doubts(samples, field, faint_ok), offset, field, fainter


def _grid_read(gray: np.ndarray, H: np.ndarray, rect: np.ndarray, dark: np.ndarray, rise: float
               ) -> tuple[np.ndarray, np.ndarray, np.ndarray, float, np.ndarray | None]:
    """``_grid_check``'s reading of the grid with its lines looked for at ``rise``: (rect, dark,
    the samples, the largest offset in mm, the warp's field or None)."""
    samples = _grid_samples(dark, rise)
    field = _grid_field(samples)
    if field is None:
        return rect, dark, samples, float("inf"), None
    offset = float(np.abs(field).max())
    if offset <= GRID_WARP_MM:
        return rect, dark, samples, offset, None
    total = field
    for _ in range(2):
        rect, _ = _rectify(gray, H, total)
        dark = _darkness(rect)
        samples = _grid_samples(dark, rise)
        more = _grid_field(samples)
        if more is None or float(np.abs(more).max()) <= GRID_WARP_MM:
            break
        total = total + more
    return rect, dark, samples, offset, total


ONE_MARK_CROSSINGS = 40   # one mark found: the grid followed from it must show this many crossings ...
ONE_MARK_OFF_MM = 0.5     # ... within this of where the fitted homography puts them


def _fit_lines(H: np.ndarray, lines: list, mark_mm: np.ndarray, mark_px: np.ndarray, *, affine: bool,
               tol: float) -> np.ndarray | None:
    """A homography grid mm -> photo px fitted to the grid lines found in the photo rectified by
    ``H`` (``_grid_lines``: each a photo point that lies on a known grid line, x = const or
    y = const) and to a mark's corners (both coordinates known). Fitting lines, not crossings:
    where ``H`` is turned, a line found beside its crossing is not at the crossing, but it is still
    on its line. The map photo -> grid is solved (linear in its entries: normalised DLT, or an
    affine map by least squares when ``affine``: points over a small part of the sheet tell its
    perspective poorly), refitted twice without the constraints more than ``tol`` mm off; None
    when too few stay."""
    sq = layout.SQUARE_MM
    q, target, axis = [], [], []
    for i, j, vertical, off, along in lines:
        q.append((j * sq + off, i * sq + along) if vertical else (j * sq + along, i * sq + off))
        target.append(j * sq if vertical else i * sq)
        axis.append(0 if vertical else 1)
    px = cv2.perspectiveTransform(np.array(q, np.float64).reshape(-1, 1, 2), H).reshape(-1, 2) if q else np.zeros((0, 2))
    px = np.vstack([px, mark_px, mark_px]).astype(np.float64)
    target = np.concatenate([target, mark_mm[:, 0], mark_mm[:, 1]]).astype(np.float64)
    axis = np.concatenate([axis, np.zeros(len(mark_px)), np.ones(len(mark_px))]).astype(int)
    centre, spread = px.mean(axis=0), float(np.mean(np.linalg.norm(px - px.mean(axis=0), axis=1))) or 1.0
    to_p = np.array([[1 / spread, 0, -centre[0] / spread], [0, 1 / spread, -centre[1] / spread], [0, 0, 1]])
    half = layout.GRID_MM / 2
    from_g = np.array([[half, 0, half], [0, half, half], [0, 0, 1]])
    u = (px - centre) / spread
    t = (target - half) / half
    ones = np.ones(len(u))
    keep = np.ones(len(u), bool)
    G = None
    for _ in range(3):
        if keep.sum() < (8 if affine else 12) or len(set(axis[keep])) < 2:
            return None
        if affine:
            Gn = np.eye(3)
            for k in (0, 1):
                rows = keep & (axis == k)
                if rows.sum() < 3:
                    return None
                A = np.stack([u[rows, 0], u[rows, 1], ones[rows]], axis=1)
                Gn[k], *_ = np.linalg.lstsq(A, t[rows], rcond=None)
        else:
            M = np.zeros((len(u), 9))
            for k in (0, 1):
                rows = axis == k
                M[rows, 3 * k:3 * k + 3] = np.stack([u[rows, 0], u[rows, 1], ones[rows]], axis=1)
            M[:, 6:] = -t[:, None] * np.stack([u[:, 0], u[:, 1], ones], axis=1)
            Mk = M[keep]
            _, vectors = np.linalg.eigh(Mk.T @ Mk)   # the null vector of M: 9 x 9, not M's own SVD
            Gn = vectors[:, 0].reshape(3, 3)
        G = from_g @ Gn @ to_p
        hom = np.hstack([px, np.ones((len(px), 1))]) @ G.T
        with np.errstate(divide="ignore", invalid="ignore"):
            got = hom[np.arange(len(px)), axis] / hom[:, 2]
        now = np.abs(got - target) <= tol
        if np.array_equal(now, keep):
            break
        keep = now
    try:
        H2 = np.linalg.inv(G)
    except np.linalg.LinAlgError:
        return None
    return H2 / H2[2, 2] if abs(H2[2, 2]) > 1e-12 else None


def _follow_grid(gray: np.ndarray, H: np.ndarray, found: dict[int, np.ndarray]) -> np.ndarray:
    """One mark found: its four corners alone give a homography good near it only (an
    extrapolation 20 times the mark's size across the sheet). The printed grid is followed out
    from the mark's corner of the grid, 1, 2, 3, 5 and 7 squares: the lines found beside the
    crossings within that reach (``_grid_lines``, up to GRID_SEARCH_MM from where the homography
    puts them) and the mark's corners fit the next homography (``_fit_lines``; affine up to 2
    squares), which finds the next ring of crossings well inside the search. The result is kept
    only when ONE_MARK_CROSSINGS of the 64 crossings, some near each of the grid's four corners,
    lie within ONE_MARK_OFF_MM of it; else the photo is refused (PhotoError)."""
    (marker, pts), = found.items()
    _, expansion, corner = layout.decode_id(marker)
    place = next(p for p in layout.marker_places(expansion) if p.id == marker)
    grid_corners = ((0.0, 0.0), (layout.GRID_MM, 0.0), (layout.GRID_MM, layout.GRID_MM), (0.0, layout.GRID_MM))
    cx, cy = grid_corners[corner]
    mark_mm = np.array(place.corners(), np.float64)
    mark_px = pts.astype(np.float64)
    # the mark's own perspective is mostly its corners' noise: an affine map to start
    H = _fit_lines(np.eye(3), [], mark_mm, mark_px, affine=True, tol=np.inf)
    ci, cj = round(cy / layout.SQUARE_MM), round(cx / layout.SQUARE_MM)
    good = np.zeros(0, bool)
    corners_seen = False
    try:
        for reach in (1, 2, 3, 5, SIZE):
            rect, _ = _rectify(gray, H)
            lines = _grid_lines(_darkness(rect), (ci, cj, reach))
            fitted = _fit_lines(H, lines, mark_mm, mark_px, affine=reach <= 2, tol=ONE_MARK_OFF_MM)
            if fitted is not None:
                H = fitted
        rect, _ = _rectify(gray, H)
        expected, at = _grid_offsets(_darkness(rect))
        if len(expected):
            good = np.hypot(*(at - expected).T) <= ONE_MARK_OFF_MM
            corners_seen = all(np.any(good & (np.maximum(np.abs(expected[:, 0] - x), np.abs(expected[:, 1] - y))
                                              <= layout.SQUARE_MM + 0.1)) for x, y in grid_corners)
    except PhotoError:   # a fit that lost the grid (too small to rectify): not followed
        pass
    if int(good.sum()) < ONE_MARK_CROSSINGS or not corners_seen:
        raise PhotoError(f"only 1 of the 4 corner marks found, and the printed grid could not be followed "
                         f"from it ({int(good.sum())} of its 64 crossings found)",
                         hint="photograph the whole grid with all four corner squares, from above",
                         pl=f"znaleziono tylko 1 z 4 znaczników w rogach, a wydrukowanej siatki nie dało się "
                            f"od niego prześledzić (znaleziono {int(good.sum())} z 64 jej skrzyżowań) "
                            "(sfotografuj z góry całą siatkę z czterema kwadratami w rogach)")
    return H


def _darkness(rect: np.ndarray) -> np.ndarray:
    """0 (paper) .. 1 (ink as dark as the printed black), light flattened."""
    g = cv2.GaussianBlur(rect.astype(np.float32), (0, 0), 0.9)
    # the paper's own brightness: a closing (lighter than any drawn line or station square, 8 mm)
    # keeps the step of a sharp shadow's edge where a blur would spread it into false ink
    k = int(PX_PER_MM * 8) | 1
    background = cv2.morphologyEx(g, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_RECT, (k, k)))
    background = cv2.GaussianBlur(background, (0, 0), PX_PER_MM * 0.6)
    return np.clip(1.0 - g / np.maximum(background, 1.0), 0.0, 1.0)


def _black_level(dark: np.ndarray, expansion: str, found=None) -> float:
    """How dark the printed marker cells come out: ink is measured against this. Only the markers
    ``found`` count when given (one covered by a thumb is not black)."""
    values = []
    cell = layout.MARKER_MM / layout.MARKER_CELLS
    for place in layout.marker_places(expansion):
        if found is not None and place.id not in found:
            continue
        # the marker border's middle row of cells, where it lies inside the rectified margin or not
        for r, c in layout.marker_cells(place.id):
            x = (place.x + (c + 0.5) * cell + MARGIN_MM) * PX_PER_MM
            y = (place.y + (r + 0.5) * cell + MARGIN_MM) * PX_PER_MM
            if 0 <= x < dark.shape[1] and 0 <= y < dark.shape[0]:
                values.append(float(dark[int(y), int(x)]))
    if len(values) < 6:
        return float(np.percentile(dark, 99.5)) or 1.0
    return max(0.25, float(np.median(values)))


# --------------------------------------------------------------------------- one space

DEPTH = (2.3, 6.6)   # mm inside the edge: past overshoots from the neighbour, before the centre
ACROSS = 4.6         # mm either side of the side's midpoint


def _strip(ink: np.ndarray, r: int, c: int, side: int, depth: tuple[float, float] = DEPTH) -> np.ndarray:
    """The ink strip inside ``side`` of space (r, c): rows go inwards (``depth``, mm inside the
    edge), columns across the route."""
    p = PX_PER_MM
    x0 = (MARGIN_MM + c * layout.SQUARE_MM) * p
    y0 = (MARGIN_MM + r * layout.SQUARE_MM) * p
    s = layout.SQUARE_MM * p
    mid = s / 2
    d0, d1 = int(round(depth[0] * p)), int(round(depth[1] * p))
    a = int(round(ACROSS * p))
    if side == 0:   # north: rows go down
        block = ink[int(y0) + d0:int(y0) + d1, int(x0 + mid) - a:int(x0 + mid) + a]
        return block
    if side == 2:   # south: rows go up
        block = ink[int(y0 + s) - d1:int(y0 + s) - d0, int(x0 + mid) - a:int(x0 + mid) + a]
        return block[::-1]
    if side == 3:   # west: rows go right
        block = ink[int(y0 + mid) - a:int(y0 + mid) + a, int(x0) + d0:int(x0) + d1]
        return block.T
    block = ink[int(y0 + mid) - a:int(y0 + mid) + a, int(x0 + s) - d1:int(x0 + s) - d0]
    return block.T[::-1]


def _strip_runs(strip: np.ndarray) -> list[tuple[int, list[tuple[int, int]]]]:
    """The ink runs of each row of ``strip`` that has ink, gaps of one pixel bridged: (row, its
    runs' (start, end)), rows in order. Round fourteen: found for the whole strip at once (one
    ``np.nonzero``; one ``np.flatnonzero`` a row was half of ``side_features``' CPU)."""
    rows, cols = np.nonzero(strip)
    if cols.size == 0:
        return []
    first = np.ones(cols.size, bool)   # a run starts at a row's first ink, or after a gap of 2 px or more
    first[1:] = (rows[1:] != rows[:-1]) | (cols[1:] - cols[:-1] > 2)
    starts = np.flatnonzero(first)
    ends = np.append(starts[1:] - 1, cols.size - 1)
    out: list[tuple[int, list[tuple[int, int]]]] = []
    for row, s, e in zip(rows[starts].tolist(), cols[starts].tolist(), cols[ends].tolist()):
        if out and out[-1][0] == row:
            out[-1][1].append((s, e))
        else:
            out.append((row, [(s, e)]))
    return out


def side_features(strip: np.ndarray) -> dict[str, float]:
    """Row by row across the route: ink runs, linked into *tracks* (lines running inwards, curves
    and gaps allowed). A highway is two tracks a road's width apart; a railway one track with
    sleepers (rows where the ink runs wide)."""
    p = PX_PER_MM
    rows = strip.shape[0]
    n_ink = n_wide = 0
    tracks: list[list[float]] = []   # [first row, last row, last centre, sum of centres, count]
    widest: list[float] = []         # each inked row's widest run, mm
    for i, runs in _strip_runs(strip):
        n_ink += 1
        widest.append(max((e - s + 1) / p for s, e in runs))
        if widest[-1] >= 1.7:
            n_wide += 1
            continue
        for s, e in runs:
            centre = (s + e) / 2 / p
            best = None
            for t in tracks:
                if abs(t[2] - centre) <= 1.0 and i - t[1] <= rows * 0.45 and t[1] < i:
                    if best is None or abs(t[2] - centre) < abs(best[2] - centre):
                        best = t
            if best is None:
                tracks.append([i, i, centre, centre, 1])
            else:
                best[1], best[2] = i, centre
                best[3] += centre
                best[4] += 1
    long = [((t[1] - t[0] + 1) / rows, t[3] / t[4]) for t in tracks if t[4] >= 2]
    long = [x for x in long if x[0] >= 0.3]
    pair = 0.0
    for i in range(len(long)):
        for j in range(i + 1, len(long)):
            if 2.6 <= abs(long[i][1] - long[j][1]) <= 8.5:
                pair = max(pair, min(long[i][0], long[j][0]))
    line = max((x[0] for x in long), default=0.0)
    wide_rows = [w for w in widest if w >= 1.7]
    narrow_rows = [w for w in widest if w < 1.7]
    return {"ink": n_ink / rows, "wide": n_wide / rows, "pair": pair, "line": line, "tracks": float(len(long)),
            "mass": float(strip.mean()),
            # round sixteen: the lines found in this share of the rows or more (photo/two_tracks.py)
            "dense": float(sum(t[4] >= two_tracks.DENSE * rows for t in tracks)),
            # the line's own width (the narrow rows' median) and how far its widest rows run
            # (their 90th percentile): a sleeper stands well out of its line, a broad line's
            # wobble does not
            "core": float(small_stats.median(narrow_rows)) if narrow_rows else 0.0,
            "sleeper": float(small_stats.percentile(wide_rows, 90)) if wide_rows else 0.0}


def classify_side(f: dict[str, float]) -> SideRead:
    ink, pair, wide, line = f["ink"], f["pair"], f["wide"], f["line"]
    if ink < 0.12 and f["mass"] < 0.02:
        return SideRead(".", True)
    if ink < 0.35:
        return SideRead(".", False, "a few marks")
    if (pair >= 0.7 and wide <= 0.1 or pair >= 0.45 and wide <= 0.05) and ink >= 0.8:
        return SideRead("h", True)
    if wide >= BAND_WIDE and line < BAND_LINE:
        # ink wide in nearly every row and no line through it: a band, not a line with sleepers
        # (a thick marker's highway, its two lines run together on a curve; a highlighter)
        return SideRead("r", False, SOLID_BAND)
    if pair < 0.3 and ink >= 0.8 and (wide >= 0.08 and line >= 0.5 or wide >= 0.3):
        if f.get("core", 0.0) >= BROAD_CORE_MM and f.get("sleeper", 0.0) < BROAD_SLEEPER_MM:
            # a broad line whose wide rows are its own wobble, not sleepers standing out of it:
            # a highway drawn as one bold line (independent check, issue 35), never a certain railway
            return SideRead("h", False, BROAD)
        return SideRead("r", True)
    guess = "h" if pair >= 0.3 and wide < 0.15 else "r"
    return SideRead(guess, False, NEITHER)


NEITHER = "neither clearly a highway nor a railway"
BROAD = "one broad line with no sleeper standing out: a highway drawn as one line?"
SOLID_BAND = "a solid band: a highway's two lines run together?"
BROAD_CORE_MM = 1.4     # a line this wide (its narrow rows' median) ...
BROAD_SLEEPER_MM = 2.6  # ... whose widest rows reach under this (90th percentile) has no sleeper
IN_THE_NOISE = "a faint line? (within the noise measured along it)"


def _centre_fill(solid: np.ndarray, r: int, c: int) -> float:
    """How much of the centre is solid ink (``solid``: the ink opened by a 2.6 mm square, which
    keeps a filled station square and drops lines and sleepers)."""
    return float(solid[_centre_box(r, c)].mean())


def _centre_px(r: int, c: int) -> tuple[float, float]:
    """Space (r, c)'s centre (x, y) in the rectified frame's pixels."""
    p = PX_PER_MM
    return (MARGIN_MM + (c + 0.5) * layout.SQUARE_MM) * p, (MARGIN_MM + (r + 0.5) * layout.SQUARE_MM) * p


def _centre_box(r: int, c: int) -> tuple[slice, slice]:
    """Space (r, c)'s centre square (3.2 mm) in the rectified frame, as ``_centre_fill`` reads it."""
    cx, cy = _centre_px(r, c)
    h = 1.6 * PX_PER_MM
    return slice(int(cy - h), int(cy + h)), slice(int(cx - h), int(cx + h))


def two_lines(strip: np.ndarray, floor: float) -> float:
    """The share of the strip's rows (``rel`` darkness, rows inwards) crossing two separate lines a
    road's width apart, one either side of the side's middle: two peaks of the darkness 2.6-8.5 mm
    apart, each above ``floor`` and half the row's darkest and at least 0.3 mm off the middle,
    with a dip between them of at least a third. A blurred highway's two lines (and its dashed
    middle) merge in the thresholded ink, but the darkness still dips between them; a railway's
    sleeper is one flat run and its line one peak near the middle (on a curve, a slanted sleeper
    stands apart from the line, but on the line's side)."""
    p = PX_PER_MM
    near, far = int(math.ceil(2.6 * p)), int(8.5 * p)
    middle = strip.shape[1] / 2 - 0.5
    # round fourteen: each row's peaks found for the whole strip at once, the pairs looked at only
    # in the rows with a peak either side of the middle (each row's threshold in the strip's own
    # float type, as comparing a row with a Python float does)
    tops = strip.max(axis=1).tolist()
    level = np.array([max(floor, 0.5 * top) for top in tops], strip.dtype if strip.dtype.kind == "f" else np.float64)
    mid = strip[:, 1:-1]
    peaks = (mid >= strip[:, :-2]) & (mid > strip[:, 2:]) & (mid >= level[:, None])
    at = np.arange(1, strip.shape[1] - 1)
    both = peaks[:, at <= middle - 0.3 * p].any(axis=1) & peaks[:, at >= middle + 0.3 * p].any(axis=1)
    hits = 0
    for i in np.flatnonzero(both).tolist():
        if tops[i] < floor:
            continue
        row = strip[i]
        idx = np.flatnonzero(peaks[i]) + 1
        left = idx[idx <= middle - 0.3 * p].tolist()
        right = idx[idx >= middle + 0.3 * p].tolist()
        hits += any(near <= b - a <= far and row[a:b + 1].min() <= 0.65 * min(row[a], row[b])
                    for a in left for b in right)
    return hits / max(1, strip.shape[0])


def _averaged(strip: np.ndarray, src_ppm: float, measured: bool = False) -> tuple[np.ndarray, np.ndarray, float]:
    """A side's darkness averaged along the route, as :func:`profile_lines` and :func:`off_middle`
    read it: (the rows averaged, the inner 60 %; their mean across, lightly smoothed; the noise
    of that mean, from the rows' spread and the photo's own independent rows, ``src_ppm`` px per
    mm at the grid). ``measured``: the noise no lower than the thirds' own (``_thirds_noise``)."""
    n = max(3, int(strip.shape[0] * 0.6))
    part = strip[:n].astype(np.float32)
    mean = part.mean(axis=0)
    prof = np.convolve(mean, (0.25, 0.5, 0.25), mode="same")
    sigma_px = 1.4826 * float(small_stats.median(np.abs(part - mean)))
    noise = max(sigma_px / math.sqrt(max(1.0, n * min(1.0, src_ppm / PX_PER_MM))), 0.004)
    if measured:
        noise = max(noise, _thirds_noise(part))
    return part, prof, noise


def _thirds_noise(part: np.ndarray) -> float:
    """Round thirteen: the noise of a side's darkness averaged along the route, measured rather
    than assumed. ``_averaged`` counts the photo's rows as independent, but a dark photo's sensor
    noise is smoothed across pixels (its chroma noise, the demosaicing, the 0.9 px blur of
    ``_darkness``, a photo under 6 px/mm rectified up, a Wiener filter's ringing along a blur),
    so the average is noisier than that count says (dev low-light photos: 1.6 times at the
    median) and an empty side's noise peaks stood the 6 deviations ``profile_lines`` reads as a
    line. A line drawn along the route darkens each third of the rows alike, the noise does not:
    the differences of the thirds' means across the side, robustly (their median absolute value,
    so a curve's line moving across does not count), give the noise of one third's mean, and of
    the whole mean over three of them."""
    thirds = [t.mean(axis=0) for t in np.array_split(part, 3)]
    diff = np.concatenate([thirds[0] - thirds[1], thirds[1] - thirds[2], thirds[0] - thirds[2]])
    return 1.4826 * float(small_stats.median(np.abs(diff))) / math.sqrt(2) / math.sqrt(3)


def profile_lines(strip: np.ndarray, src_ppm: float, measured: bool = False) -> str | None:
    """The route a side's darkness (``rel``, rows inwards) shows once averaged along it: "h" for a
    highway's two lines, "r" for one line near the middle, None when it cannot tell. Blur and a
    coarse photo spread a pencil line over a camera pixel or more and lower its peak towards the
    pixels' noise, where the row-by-row reading breaks it up; averaged over the rows near the edge
    (where a curve has not yet turned), a line keeps its darkness and the noise falls with the
    square root of the photo's own independent rows (``src_ppm`` px per mm at the grid). A peak
    counts when it stands 4 noise deviations above the paper and at half the darkest; two either
    side of the middle a road's width apart (2.6-8.5 mm), with a dip to half between them and each
    dark in each third of the rows (a line runs on; a railway's sleepers' dark ends, a dot, do
    not), are a highway (from a quarter of the darkest when that is a broken line near the middle:
    a highway's dashes); the darkest near the middle, running on, with no other far from it, a
    railway (the sleepers' shoulders stay under half of its line)."""
    p = PX_PER_MM
    part, prof, noise = _averaged(strip, src_ppm, measured)
    base = float(small_stats.percentile(prof, 20))
    h = prof - base
    top = float(h.max())
    if top < 6 * noise:
        return None
    mid = h[1:-1]
    peaks = (np.flatnonzero((mid >= h[:-2]) & (mid > h[2:])) + 1).tolist()
    strong = [i for i in peaks if h[i] >= max(0.5 * top, 4 * noise)]
    w = int(round(0.4 * p))
    thirds = [chunk.mean(axis=0) for chunk in np.array_split(part, 3)]

    def runs_on(k: int) -> bool:   # dark in each third of the rows, each third averaged
        return all(float(t[max(0, k - w):k + w + 1].max()) - base >= 0.5 * h[k] for t in thirds)

    middle = (len(h) - 1) / 2
    k = int(np.argmax(h))
    # a highway's dashed middle can be its darkest line: then its two lines count from a quarter
    dashed = abs(k - middle) <= 1.5 * p and not runs_on(k)
    lines = [i for i in peaks if h[i] >= max((0.25 if dashed else 0.5) * top, 4 * noise)]
    for a in (i for i in lines if i <= middle - 0.3 * p):
        for b in (i for i in lines if i >= middle + 0.3 * p):
            if 2.6 * p <= b - a <= 8.5 * p and float(h[a:b + 1].min()) <= 0.5 * min(h[a], h[b]) \
                    and runs_on(a) and runs_on(b):
                return "h"
    if abs(k - middle) <= 1.5 * p and all(abs(i - k) <= 1.3 * p for i in strong) and runs_on(k):
        return "r"
    return None


OFF_MIDDLE_MM = 1.5     # a side's darkest averaged line this far off the middle is a highway's (a
OFF_MIDDLE_NOISE = 10   # railway's runs through the middle), when this many noise deviations dark


def off_middle(strip: np.ndarray, src_ppm: float) -> tuple[float, float, float, float]:
    """Where a side's darkest line lies, once the darkness (``rel``, rows inwards) is averaged
    along the route as in :func:`profile_lines`: (its offset from the side's middle in mm, its
    darkness in noise deviations, the darkest line's on the other side of the middle 2.6-8.5 mm
    from it as a share of the first (0 when none), that line's offset in mm). A railway's line
    runs through the middle (a curve's moves 1.2 mm off it over the rows averaged, a wobble
    less), a highway's two lines 1.9-3.1 mm either side of it: a highway drawn with one line light
    and one dark (a pencil's pressure), where :func:`profile_lines` finds one line and cannot
    tell, still shows it off the middle."""
    p = PX_PER_MM
    _, prof, noise = _averaged(strip, src_ppm)
    h = prof - float(small_stats.percentile(prof, 20))
    middle = (len(h) - 1) / 2
    k = int(np.argmax(h))
    top = float(h[k])
    if top <= 0:
        return 0.0, 0.0, 0.0, 0.0
    mid = h[1:-1]
    peaks = (np.flatnonzero((mid >= h[:-2]) & (mid > h[2:])) + 1).tolist()
    other = [i for i in peaks if 2.6 * p <= abs(i - k) <= 8.5 * p and (i - middle) * (k - middle) < 0]
    second = max(other, key=lambda i: h[i], default=None)
    if second is None:
        return (k - middle) / p, top / noise, 0.0, 0.0
    return (k - middle) / p, top / noise, float(h[second]) / top, (second - middle) / p


def _two_lines_apart(off: tuple[float, float, float, float]) -> bool:
    """Whether :func:`off_middle`'s two lines are a highway's: both 1.5-3.6 mm off the middle on
    either side of it, about as far each (within 1 mm), the lighter at half the darker or more,
    the darker OFF_MIDDLE_NOISE noise deviations dark (an erased line's end runs through the
    middle, alone)."""
    at, strength, second, second_at = off
    return 1.5 <= abs(at) <= 3.6 and 1.5 <= abs(second_at) <= 3.6 and abs(at + second_at) <= 1.0 \
        and second >= 0.5 and strength >= OFF_MIDDLE_NOISE


def read_sides(ink: np.ndarray, r: int, c: int, faint: np.ndarray | None = None, trace: np.ndarray | None = None,
               rel: np.ndarray | None = None, floor: float = 0.0, src_ppm: float = PX_PER_MM, *,
               unblurred: bool = False, mass: np.ndarray | None = None, noisy: bool = False) -> list[SideRead]:
    """The four sides of space (r, c), N E S W (see ``read_space``; ``unblurred``: ``rel`` is a
    motion-blurred photo's unblurred copy, ``_unblurred_source``; ``mass``: its four sides' ink
    in the blurred photo itself, ``_blurred_mass``; ``noisy``: the photo's ink threshold is its
    paper's noise, ``_noisy_empty_spaces``)."""
    sides = [classify_side(side_features(_strip(ink, r, c, s))) for s in range(4)]
    if faint is not None:
        for s, side in enumerate(sides):
            pair = two_lines(_strip(rel, r, c, s), floor) if rel is not None and side.kind != "." else None
            if side.certain and pair is not None:
                # the darkness disagrees with the ink: two lines a road's width apart in a railway
                # (a blurred highway whose lines and dashes ran together), or nearly never in a
                # highway
                if side.kind == "r" and pair >= PAIR_DOUBT:
                    sides[s] = SideRead("h" if pair >= 0.5 else "r", False, "two lines, like a highway's?")
                elif side.kind == "h" and pair < 0.1:
                    sides[s] = SideRead("h", False, "one line, like a railway's?")
            elif side.why == BROAD:
                continue   # its guess stands: a highway (the darkness shows one line either way)
            elif not side.certain and side.kind != ".":
                # the best guess (the side stays uncertain): the darkness crossing two lines a
                # road's width apart in most rows is a highway, in nearly none a railway; in
                # between (or without the darkness), two lines a road's width apart in the faint
                # ink (a light line the main threshold broke up), or clearly at the main
                # threshold, make a highway
                vote = profile_lines(_strip(rel, r, c, s), src_ppm) if rel is not None else None
                main = side_features(_strip(ink, r, c, s))
                if side.why == NEITHER and vote is not None and pair is not None \
                        and (vote == "h" or main["wide"] > 0 or unblurred or src_ppm < LOW_GRID_PX_PER_MM) and (
                        vote == side.kind and (pair >= AGREE_PAIR[0] if vote == "h" else pair < AGREE_PAIR[1])
                        and main["ink"] >= 0.8
                        or vote == "h" and pair >= AGREE_SLIGHT[0] and main["ink"] >= AGREE_SLIGHT[1]
                        or vote == "r" and pair < AGREE_PAIR[1] and main["ink"] >= AGREE_SLIGHT[1]
                        and main["line"] >= AGREE_SLIGHT[1]):
                    # a railway so only with a sleeper seen in its ink, where a sleeper can be seen
                    # (LOW_GRID_PX_PER_MM or more, not an unblurred copy): independent check, issue
                    # 35: a highway drawn as one plain line was a certain railway, with no sleeper
                    # round ten: the averaged darkness's route and the darkness's two lines row by
                    # row agree (in a tenth of the rows or more for a highway, in under a tenth
                    # for a railway), with ink through half the strip and, for a railway, a line
                    # found row by row through half of it; the row-by-row guess may differ (it
                    # takes a highway with one light line for a railway)
                    # round nine: the ink runs on, and the three readings agree on the route —
                    # row by row, the darkness averaged along it (its line or two lines out of
                    # the noise) and the darkness's two lines row by row (in half the rows or
                    # more for a highway, in under a tenth for a railway)
                    sides[s] = SideRead(vote, True)
                    continue
                off = off_middle(_strip(rel, r, c, s), src_ppm) if rel is not None and vote is None else None
                if vote is not None:   # the darkness averaged along the route: its lines out of the noise
                    road = vote == "h"
                elif off is not None and abs(off[0]) >= OFF_MIDDLE_MM and off[1] >= OFF_MIDDLE_NOISE \
                        and main["wide"] < 0.15:
                    # round ten: the darkest line averaged along the route is off the middle and
                    # the ink shows no sleepers: one of a highway's lines, the other lighter
                    road = True
                elif pair is not None and (pair >= 0.3 or pair < 0.2):
                    road = pair >= 0.3
                else:
                    main = side_features(_strip(ink, r, c, s))
                    again = side_features(_strip(faint, r, c, s))
                    road = again["pair"] >= 0.4 or main["pair"] >= 0.45 and main["wide"] < 0.3
                sides[s] = SideRead("h" if road else "r", False, side.why)
            elif side.kind == "." and not side.certain and unblurred and _blank_in_blur(mass, s):
                # round twelve: a few marks in an unblurred copy (its noise, raised by the Wiener
                # filter), where the blurred photo itself shows no ink: empty
                sides[s] = SideRead(".", True)
            elif side.kind == "." and not side.certain and rel is not None:
                # a few marks at the main threshold, but a line running on in the darkness averaged
                # along the route, or ink through half the strip in the faint ink: the best guess
                # is a light route (the side stays uncertain)
                vote = profile_lines(_strip(rel, r, c, s), src_ppm)
                off = off_middle(_strip(rel, r, c, s), src_ppm) if vote is None else None
                if vote is not None:   # a line running on in the darkness averaged along the route
                    sides[s] = SideRead(vote, False, side.why)
                elif off is not None and _two_lines_apart(off):
                    # round ten: two lines either side of the middle, a road's width apart, in the
                    # darkness averaged along the route: a light highway
                    sides[s] = SideRead("h", False, side.why)
                elif side_features(_strip(faint, r, c, s))["ink"] >= 0.5:
                    road = two_lines(_strip(rel, r, c, s), floor) >= 0.3
                    sides[s] = SideRead("h" if road else "r", False, side.why)
            elif side.kind == "." and side.certain and unblurred and _blank_in_blur(mass, s):
                # round twelve: an unblurred copy's empty side where the blurred photo itself shows
                # no ink: the Wiener filter's noise and ringing are not looked at as faint lines
                continue
            elif side.kind == "." and side.certain:
                cut = int(round((ACROSS - 3.6) * PX_PER_MM))   # clear of the round box's grey frame
                f = side_features(_strip(faint, r, c, s)[:, cut:-cut])
                if f["ink"] >= 0.3 or f["line"] >= 0.3:
                    sides[s] = SideRead(".", False, "a faint line?")
                elif trace is not None and side_features(_strip(trace, r, c, s)[:, cut:-cut])["line"] >= TRACE_LINE:
                    sides[s] = SideRead(".", False, "a faint line?")
                elif rel is not None and profile_lines(_strip(rel, r, c, s)[:, cut:-cut], src_ppm) is not None:
                    # under every threshold row by row, but a line running on once the darkness is
                    # averaged along the route (a light line, blurred or in a coarse photo); round
                    # thirteen: not against the noise measured in the side itself, only as the
                    # photo's rows count it, the line is weak (``IN_THE_NOISE``)
                    vote = profile_lines(_strip(rel, r, c, s)[:, cut:-cut], src_ppm, measured=True)
                    sides[s] = SideRead(".", False, "a faint line?" if noisy and not unblurred
                                        or vote is not None else IN_THE_NOISE)
                    if noisy and not unblurred and vote is not None:
                        sides[s] = SideRead(vote, False, "a faint line?")
                if not sides[s].certain and unblurred and _inked_in_blur(mass, s) \
                        and (vote := profile_lines(_strip(rel, r, c, s)[:, cut:-cut], src_ppm)) is not None:
                    # round twelve: the blurred photo itself holds a line's ink there: the best
                    # guess is the route the averaged darkness shows (the side stays uncertain)
                    sides[s] = SideRead(vote, False, "a faint line?")
                if not sides[s].certain and rel is not None and not unblurred \
                        and _two_lines_apart(off_middle(_strip(rel, r, c, s), src_ppm)):
                    # round ten: the faint line is two, a road's width apart: the best guess is a
                    # light highway (the side stays uncertain). Not in an unblurred copy (round
                    # eleven): the Wiener filter's ringing puts two such lines beside an empty
                    # side's middle (dev motion 770,000-059: 155 empty sides so guessed a route,
                    # 31 light highways); its guess stays empty
                    sides[s] = SideRead("h", False, "a faint line?")
    if rel is not None:   # a route drawn as two lines: what lies between them (photo/twolines.py)
        sides = twolines.revise(sides, [_strip(rel, r, c, s, twolines.DEPTH) for s in range(4)], SideRead)
    return sides


def read_space(ink: np.ndarray, solid: np.ndarray, r: int, c: int, faint: np.ndarray | None = None,
               trace: np.ndarray | None = None, rel: np.ndarray | None = None,
               floor: float = 0.0, src_ppm: float = PX_PER_MM, unseen: frozenset[int] = frozenset(),
               overexposed: bool = False, *, unblurred: bool = False,
               mass: np.ndarray | None = None, noisy: bool = False, traced: bool = True,
               sides: list[SideRead] | None = None) -> tuple[Cell, bool, str]:
    """One space: its token, whether it is certain, and why not. ``faint``: the ink at the paper's
    noise floor; a side that reads as nothing but shows a line there is uncertain (a light pencil
    line in a small photo), never silently empty. ``rel`` (the darkness) and ``floor`` (the faint
    threshold): a route's darkness shows a highway's two lines or not (``two_lines``); ``src_ppm``:
    the photo's own pixels per mm at the grid (``profile_lines``); ``unseen``: the sides something
    lies over (``_unseen_sides``), which the best guess does not go by; ``overexposed``: the space's
    paper is clipped white (``_clipped_spaces``), where an uncertain empty side is a route's guess.
    ``sides``: the four sides as read already (round fourteen: ``one_line.revise``)."""
    if sides is None:
        sides = read_sides(ink, r, c, faint, trace, rel, floor, src_ppm, unblurred=unblurred, mass=mass, noisy=noisy)
    if overexposed and rel is not None:
        if not unblurred:   # round thirteen: what is left of a line in the clipped paper
            sides = _blown_light(sides, [_strip(rel, r, c, s) for s in range(4)],
                                 traced and src_ppm >= TRACE_PX_PER_MM)
        sides = [_lost_route(side, _strip(rel, r, c, s), floor, src_ppm) for s, side in enumerate(sides)]
    edges = "".join(x.kind for x in sides)
    reasons = [f"{'NESW'[s]}: {x.why}" for s, x in enumerate(sides) if not x.certain]
    # round thirteen: a side whose faint line stands out only of the noise the photo's rows are
    # counted to have, not of the noise measured along it (``_thirds_noise``), does not make its
    # space uncertain; the best guess of a space uncertain otherwise still weighs it as uncertain.
    # Round twenty-three: only while it is read empty; an overexposed space's such side guessed a
    # route (``_lost_route``) is a guess (indep 104,689 A4, ``r.r.`` read a certain ``rrr.``)
    certain = all(x.certain or x.why == IN_THE_NOISE and x.kind == "." for x in sides)
    fill = _centre_fill(solid, r, c)
    marker = ""
    kinds = set(edges) - {"."}
    if fill >= 0.6:
        marker = "s"
        if fill < 0.85:
            certain, reasons = False, reasons + ["centre: a station?"]
    elif fill >= 0.3:
        certain, reasons = False, reasons + ["centre: a station?"]
    if marker == "s" and kinds != {"h", "r"}:
        certain, reasons = False, reasons + [joined_kinds.STATION_NEEDS]
        if not kinds:
            marker = ""
    if not marker and kinds == {"h", "r"}:
        if edges in ("hrhr", "rhrh"):
            marker = "o"
            if _centre_fill(ink, r, c) >= 0.55:   # a station square the opening broke (a gap in it)
                certain, reasons = False, reasons + ["centre: a station?"]
            elif _enclosed_centre(ink, r, c) >= HOLLOW_MM2:
                certain, reasons = False, reasons + [HOLLOW_WHY]
        else:
            certain, reasons = False, reasons + ["highway and railway meet without a station"]
            marker = "s"
    if edges == "...." and not marker and fill >= 0.3:
        certain, reasons = False, reasons + ["marks in the centre"]
    cell = Cell(edges, marker)
    if certain and cell not in _faces():
        # every side and the centre read clearly, but no die face or special route draws this
        # space (turned or mirrored): one side is misread (a light line lost in a small photo)
        certain, reasons = False, reasons + [NOT_A_FACE]
    if unseen:
        certain = False   # never read with certainty (read_rel flags the space as not seen too)
    if not certain:
        cell = _nearest_face(cell, sides, _one_kind_fill(fill, marker, kinds), unseen)
    return cell, certain, "" if certain else "; ".join(reasons)


NOT_A_FACE = legal.NOT_A_FACE   # (the reason of a reading no die face draws: photo/legal.py)
HOLLOW_MM2 = 7.0         # paper closed in by ink, this many mm² or more, near an overpass's centre: a hollow station?
HOLLOW_WHY = "centre: an outline around it, a hollow station?"


def _enclosed_centre(ink: np.ndarray, r: int, c: int) -> float:
    """The largest area (mm²) of paper closed in by ink (not reaching 6 mm from space (r, c)'s
    centre) that comes within 2 mm of the centre. Independent check (issue 35): a 2+2 station drawn
    as a hollow square read as a certain overpass; an overpass's middle is ink, or paper running
    out along a route."""
    p = PX_PER_MM
    cx = int(round((MARGIN_MM + (c + 0.5) * layout.SQUARE_MM) * p))
    cy = int(round((MARGIN_MM + (r + 0.5) * layout.SQUARE_MM) * p))
    h = int(round(6.0 * p))
    box = ink[cy - h:cy + h + 1, cx - h:cx + h + 1]
    if box.shape != (2 * h + 1, 2 * h + 1):
        return 0.0
    _, labels, stats, _ = cv2.connectedComponentsWithStats((box == 0).astype(np.uint8), connectivity=4)
    yy, xx = np.ogrid[-h:h + 1, -h:h + 1]
    near = np.unique(labels[(xx * xx + yy * yy) <= (2.0 * p) ** 2])
    best = 0
    for k in near.tolist():
        x, y, w, hh, area = stats[k]
        if box[labels == k][:1].any() or x == 0 or y == 0 or x + w == 2 * h + 1 or y + hh == 2 * h + 1:
            continue   # ink itself, or paper reaching the box's edge
        best = max(best, int(area))
    return best / (p * p)


TRACED_WHY = "a trace of a line in the overexposed paper"


def _blown_light(sides: list[SideRead], strips: list[np.ndarray], traced: bool) -> list[SideRead]:
    """Round thirteen, an overexposed space's sides read empty (``light``): a trace of a line in
    the clipped paper is guessed that route, uncertain (``traced``: not where the printed grid's
    corner was found off where it is read, nor in a photo under TRACE_PX_PER_MM at the grid, whose
    printed lines' halo and blur reach into the strip: dev 760,024 at 2.1 px/mm read 2 more wrong).
    On 60 dev hot spot photos (985,000-059) 84.18 ->
    86.36 % of spaces right; flags unchanged (only spaces flagged overexposed are guessed)."""
    out = list(sides)
    for s, (side, strip) in enumerate(zip(sides, strips)):
        kind = light.trace_kind(strip) if traced and side.kind == "." else None
        if kind is not None:
            out[s] = SideRead(kind, False, side.why or TRACED_WHY)
    return out


ONE_KIND_FILL = 0.29     # a filled centre between routes of one kind weighs in the best guess as this little fill


def _one_kind_fill(fill: float, marker: str, kinds: set[str]) -> float:
    """Round twelve: the centre fill the best guess goes by. A centre read as a station whose
    routes are all of one kind ("a station needs a highway and a railway") is most often where
    thick lines meet (a felt-tip marker's junction, a pen's body), not a station: on dev photos
    (marker 940,000-029, pen 940,000-029, field 941,000-065, hot spot 940,000-029) 9 of 186 such
    spaces were stations, and the guess kept the station, changing a route's kind, in 56 of them.
    There the fill weighs as ONE_KIND_FILL (under the 0.3 a station's guess needs); the space
    stays flagged."""
    if marker == "s" and len(kinds) == 1:
        return min(fill, ONE_KIND_FILL)
    return fill


def _lost_route(side: SideRead, strip: np.ndarray, floor: float, src_ppm: float) -> SideRead:
    """An overexposed space's side read as uncertainly empty (a few marks, a faint line): there the
    light washes a route's lines out to a few marks (on the dev hot spot and contrast photos, 236
    such sides were routes and 6 empty), so the best guess is a route — a highway where the
    darkness shows two lines a road's width apart, else a railway (the side stays uncertain)."""
    if side.kind != "." or side.certain:
        return side
    road = profile_lines(strip, src_ppm) == "h" or _two_lines_apart(off_middle(strip, src_ppm)) \
        or two_lines(strip, floor) >= 0.3
    return SideRead("h" if road else "r", False, side.why)


def _faces() -> tuple[Cell, ...]:
    """Every space a player can draw in the base game: each die face and special route in each
    rotation and mirror image (the rules allow both: a curve station's highway may come before
    or after its railway, clockwise), and the empty space."""
    if not _FACES:
        base = ("h.h.", "r.r.", "hh..", "rr..", "hhh.", "rrr.", "hrhro", "h.r.s", "hr..s",
                "hhhh", "rrrr", "hhhrs", "hrrrs", "hhrrs", "hrhrs")
        seen = {EMPTY}
        for token in base:
            for edges in (token[:4], Cell(token[:4]).mirrored(True).edges):
                for k in range(4):
                    seen.add(Cell("".join(edges[(i - k) % 4] for i in range(4)), token[4:]))
        _FACES.extend(sorted(seen, key=lambda c: c.token))
    return tuple(_FACES)


_FACES: list[Cell] = []


def _nearest_face(read: Cell, sides: list[SideRead], fill: float, unseen: frozenset[int] = frozenset(),
                  centre_seen: bool | None = None, empty: float | None = None,
                  lean: tuple[float, ...] | None = None) -> Cell:
    """The best guess for an uncertain space: the drawable space (a die face or special route,
    turned) closest to what was read — a certain side must match, an uncertain one costs less
    to change to the other route type than to nothing; the centre's fill weighs the station.
    ``unseen`` (round eleven): sides something lies over (a pen, a finger), whose reading is the
    thing over them, not the drawing: they cost nothing, the centre neither when two sides or more
    are unseen, and the faces are weighed by how often the dice draw them (``_face_prior``).
    ``centre_seen`` (round thirteen): whether the centre is seen, when the outline of what lies over
    the space says so (``_covered_guess``); ``empty``: the share of the sheet's spaces left empty,
    for the faces' frequencies."""
    best, best_cost = read, None
    prior = _face_prior(EMPTY_SHARE if empty is None else empty) if unseen else {}
    for face in _faces():
        cost = UNSEEN_PRIOR * prior[face] if unseen else 0.0
        for s, (side, kind) in enumerate(zip(sides, face.edges)):
            if kind == side.kind or s in unseen:
                continue
            if side.certain:
                # a certain empty side costs a little less to fill than a certain route to drop:
                # a light line is lost, a line is not drawn where there is none (round ten)
                cost += 4.5 if side.kind == "." else 5.0
            elif side.kind == ".":
                cost += 0.8
            else:
                cost += 0.6 if kind != "." else 1.5
            if lean is not None and kind != "." and side.kind != ".":
                # round fourteen: how like a highway the side's ink is (-1..1) breaks a tie
                cost += LEAN_WEIGHT * (1 - lean[s] if kind == "h" else 1 + lean[s])
        station = face.marker == "s"
        if len(unseen) >= 2 if centre_seen is None else not centre_seen:
            pass
        elif station and fill < 0.3 or not station and fill >= 0.6:
            cost += 2.0
        elif station != (fill >= 0.6):
            cost += 0.5
        if face == read:
            cost -= 0.01   # what was read wins a tie
        if best_cost is None or cost < best_cost:
            best, best_cost = face, cost
    return best


LEAN_WEIGHT = 0.04       # a side's lean (centre_marks.lean) weighs this little: it breaks ties only
UNSEEN_PRIOR = 1.5       # weight of a face's rarity (-log of its share) in a space partly not seen
EMPTY_SHARE = 0.3        # the share of a finished sheet's spaces left empty, for that rarity


@lru_cache(maxsize=128)
def _face_prior(empty: float = EMPTY_SHARE) -> dict[Cell, float]:
    """How rare each drawable space is: -log of its share of a finished sheet's spaces. The three
    route dice each show six faces (a straight, a curve and a T of highway and of railway), the
    junction die three (overpass, straight station, curve station) twice each, and each of the six
    special routes is drawn at most once a game; a face's share is spread evenly over its turned
    and mirrored drawings, and ``empty`` of the sheet is left empty (EMPTY_SHARE; round thirteen:
    the photo's own share, ``_covered_guesses``)."""
    weights = (("h.h.", 6), ("r.r.", 6), ("hh..", 6), ("rr..", 6), ("hhh.", 6), ("rrr.", 6),
               ("hrhro", 3), ("h.r.s", 3), ("hr..s", 3),
               ("hhhh", 1), ("rrrr", 1), ("hhhrs", 1), ("hrrrs", 1), ("hhrrs", 1), ("hrhrs", 1))
    total = sum(w for _, w in weights)
    share: dict[Cell, float] = {EMPTY: empty}
    for token, w in weights:
        drawings = set()
        for edges in (token[:4], Cell(token[:4]).mirrored(True).edges):
            for k in range(4):
                drawings.add(Cell("".join(edges[(i - k) % 4] for i in range(4)), token[4:]))
        for cell in drawings:
            share[cell] = share.get(cell, 0.0) + (1 - empty) * w / total / len(drawings)
    return {cell: -math.log(share.get(cell, 1e-6)) for cell in _faces()}


UNSEEN_PIECES = 3        # a side whose printed line is hidden this many pieces in a row, through its middle, is unseen


def _unseen_sides(rel: np.ndarray, spaces) -> dict[tuple[int, int], frozenset[int]]:
    """For each of ``spaces``, the sides something lies over: the printed line along the side hidden
    (``_hidden_spaces``' measure: a LINE_SEGMENT_MM piece under LINE_LOST of the sheet's typical
    line contrast) UNSEEN_PIECES pieces in a row, through one of the three at the side's middle. A
    pen (9-12 mm) or a finger over a side reads as a wide band of ink (or, white, as none), not
    the drawing; a route drawn across the line hides at most a piece or two (a felt-tip marker's
    highway, 5-8 mm: on dev marker photos one piece in a row was too few, three kept them).
    """
    contrast = _line_pieces(rel)
    if contrast is None or not spaces:
        return {}
    typical = float(np.median(contrast))
    if typical <= 0.02:
        return {}
    hidden = contrast < LINE_LOST * typical
    per = hidden.shape[2] // SIZE
    mid = [per // 2 - 1, per // 2, per // 2 + 1]
    out = {}
    for r, c in spaces:
        # (axis, line, first piece): N and S are horizontal lines (axis 1) r and r + 1 along c;
        # E and W vertical lines (axis 0) c + 1 and c along r
        where = ((1, r, c), (0, c + 1, r), (1, r + 1, c), (0, c, r))
        sides = frozenset(s for s, (axis, k, along) in enumerate(where)
                          if _hidden_run(hidden[axis, k], along * per, per, mid) >= UNSEEN_PIECES)
        if sides:
            out[(r, c)] = sides
    return out


COVER_DEPTH = (1.0, 7.5)  # a covered side is read on the rows of this deeper strip clear of the cover ...
COVER_ROUTE_MM = 3.8      # ... (clear this far either side of the side's middle, where its route runs) ...
COVER_ROWS_MM = 1.5       # ... when they run this far inwards in all; else the side is unseen


def _cover(rel: np.ndarray) -> np.ndarray | None:
    """Round thirteen: where something lies over the sheet (``covered.cover``: bands over the
    printed lines' hidden pieces), as a mask of the rectified frame; None when nothing does."""
    contrast = _line_pieces(rel)
    if contrast is None:
        return None
    typical = float(np.median(contrast))
    if typical <= 0.02:
        return None
    return covered.cover(contrast < LINE_LOST * typical, rel.shape[:2], layout.SQUARE_MM, PX_PER_MM, MARGIN_MM)


def _covered_guess(ink: np.ndarray, solid: np.ndarray, faint: np.ndarray, trace: np.ndarray | None,
                   rel: np.ndarray, floor: float, src_ppm: float, r: int, c: int, cover: np.ndarray,
                   empty: float | None = None) -> Cell:
    """Round thirteen: the best guess for a space something lies over, from what is seen of it.
    Each side is read on the rows of its strip clear of the cover (``cover``, ``_cover``): a pen
    lies across a band, and a route still shows on either side of it. A side with fewer than
    COVER_ROWS_MIN of its rows clear is unseen (``_nearest_face``: no cost, the dice's
    frequencies decide); the centre counts only when the cover does not reach it."""
    sides = read_sides(ink, r, c, faint, trace, rel, floor, src_ppm)
    unseen = set()
    a = int(round(ACROSS * PX_PER_MM))
    w = int(round(COVER_ROUTE_MM * PX_PER_MM))
    for s in range(4):
        if not _strip(cover, r, c, s).any():
            continue
        clear = ~_strip(cover, r, c, s, COVER_DEPTH)[:, a - w:a + w].any(axis=1)
        if clear.sum() < COVER_ROWS_MM * PX_PER_MM:
            unseen.add(s)
            continue
        side = classify_side(side_features(_strip(ink, r, c, s, COVER_DEPTH)[clear]))
        if not side.certain:
            vote = profile_lines(_strip(rel, r, c, s, COVER_DEPTH)[clear], src_ppm)
            side = SideRead(vote or side.kind, False, side.why)
        sides[s] = side
    p = PX_PER_MM
    cx, cy = ((MARGIN_MM + (c + 0.5) * layout.SQUARE_MM) * p, (MARGIN_MM + (r + 0.5) * layout.SQUARE_MM) * p)
    h = 1.6 * p
    centre_seen = not cover[int(cy - h):int(cy + h), int(cx - h):int(cx + h)].any()
    fill = _centre_fill(solid, r, c)
    edges = "".join(side.kind for side in sides)
    kinds = set(edges) - {"."}
    marker = "s" if fill >= 0.6 and kinds else ""
    return _nearest_face(Cell(edges, marker), sides, _one_kind_fill(fill, marker, kinds), frozenset(unseen),
                         centre_seen, empty)


EMPTY_PRIOR_WEIGHT = 5    # the photo's share of empty spaces is counted with EMPTY_SHARE as this many spaces


def _covered_guesses(rows: list[tuple[Cell, ...]], uncertain: list[Uncertain], places, cover: np.ndarray,
                     *args) -> tuple[list[tuple[Cell, ...]], list[Uncertain]]:
    """Round thirteen: the best guesses of the flagged spaces something lies over (``places``),
    from what is seen of them (``_covered_guess``; ``args``: its ink, solid, faint, trace, rel,
    floor and src_ppm), the dice's frequencies weighed with the share of this photo's spaces read
    empty with certainty (a finished sheet may be nearly full or half empty)."""
    unsure = {u.square for u in uncertain}
    sure = [cell for r, row in enumerate(rows) for c, cell in enumerate(row) if square(r, c) not in unsure]
    empty = (sum(cell == EMPTY for cell in sure) + EMPTY_PRIOR_WEIGHT * EMPTY_SHARE) / (len(sure) + EMPTY_PRIOR_WEIGHT)
    empty = round(min(0.9, max(0.03, empty)), 2)
    grid = [list(row) for row in rows]
    guesses = {}
    for r, c in places:
        if square(r, c) in unsure:
            grid[r][c] = guesses[square(r, c)] = _covered_guess(*args[:7], r, c, cover, empty)
    return ([tuple(row) for row in grid],
            [Uncertain(u.square, guesses[u.square].token, u.reason) if u.square in guesses else u
             for u in uncertain])


def _hidden_run(hidden: np.ndarray, first: int, per: int, mid: list[int]) -> int:
    """The longest run of hidden pieces along a printed line (``hidden``: the line's pieces) that
    takes in one of the edge's middle pieces (``mid``, counted from ``first``; the edge has ``per``
    pieces, the run may go on into the next edges)."""
    best = 0
    for i in mid:
        at = first + i
        if not hidden[at]:
            continue
        a = b = at
        while a > 0 and hidden[a - 1]:
            a -= 1
        while b + 1 < len(hidden) and hidden[b + 1]:
            b += 1
        best = max(best, b - a + 1)
    return best


# --------------------------------------------------------------------------- the QR code


def _read_qr(gray: np.ndarray, H: np.ndarray) -> dict | None:
    qx, qy = layout.qr_place()
    pad = 3.0
    ppm = 8.0
    size = int((layout.QR_MM + 2 * pad) * ppm)
    to_mm = np.array([[1 / ppm, 0, qx - pad], [0, 1 / ppm, qy - pad], [0, 0, 1]])
    patch = cv2.warpPerspective(gray, H @ to_mm, (size, size), flags=cv2.INTER_AREA | cv2.WARP_INVERSE_MAP,
                                borderValue=255)
    try:
        text, _, _ = cv2.QRCodeDetector().detectAndDecode(patch)
    except cv2.error:
        return None
    return layout.parse_qr_text(text) if text else None


# --------------------------------------------------------------------------- the whole photo


def read_photo(data: bytes, source: str = "<photo>") -> Reading:
    gray, half_colour, full_colour = _decoded(data)
    found, foreign, motion = _find_all(gray)
    if not found:
        _refuse_a_screen(gray)
        if foreign:
            raise PhotoError("this is a sheet of another layout (its marks are not railprint's Railroad Ink "
                             "marks)", hint="print a new sheet with `railprint sheet railroad-ink`",
                             pl="to arkusz innego układu (jego znaczniki nie są znacznikami railprint do "
                                "Kolejowego szlaku) (wydrukuj nowy arkusz: `railprint sheet railroad-ink`)")
        raise PhotoError("no registration marks found: is this a Railroad Ink sheet printed by railprint, "
                         "whole and in focus?",
                         hint="photograph the whole grid with its four corner squares, from above, in good light",
                         pl="nie znaleziono znaczników: czy to arkusz Kolejowego szlaku wydrukowany przez "
                            "railprint, cały i ostry? (sfotografuj z góry, w dobrym świetle, całą siatkę z "
                            "czterema kwadratami w rogach)")
    found = _fitting_marks(gray, found)
    H, expansion = _homography(found)
    # a motion-blurred photo whose marks only the third look found: its printed lines and drawing
    # are smeared as its marks were, so the grid is read from an unblurred copy (``src``, whose
    # px are ``S`` times the photo's); the photo's own H and size are reported
    src, S = (gray, None) if motion is None else _unblurred_source(gray, H, motion)
    if S is not None:
        H = S @ H
    if len(found) == 1:
        try:
            H = _follow_grid(src, H, found)
        except PhotoError:
            _refuse_a_screen(gray)
            raise
    sheet = _read_qr(src, H)
    if sheet is not None and sheet["layout"] != str(layout.LAYOUT_VERSION):
        raise PhotoError(f"this sheet uses layout {sheet['layout']}; this railprint reads layout "
                         f"{layout.LAYOUT_VERSION}", hint="update railprint",
                         pl=f"ten arkusz ma układ {sheet['layout']}; ta wersja railprint czyta układ "
                            f"{layout.LAYOUT_VERSION} (zaktualizuj railprint)")
    try:
        rect, src_ppm = _rectify(src, H)
    except PhotoError:   # the grid too small to read: a far screen is named a screen first
        _refuse_a_screen(gray)
        raise
    dark = None   # the darkness of ``rect`` once measured (the last fit's, when it kept H)
    for _ in range(2 if 1 < len(found) < 4 else 0):   # once more after a fit: crossings > GRID_SEARCH_MM off
        dark = _darkness(rect)
        fitted = _fit_to_grid(rect, H, dark)
        if fitted is None:
            break
        H = fitted
        rect, src_ppm = _rectify(src, H)
        dark = None
    if S is not None:
        H_photo = np.linalg.inv(S) @ H
        H_photo /= H_photo[2, 2]
    else:
        H_photo = H
    suspect = screen.check(gray, H_photo)   # a screen: refused; likely one: every space flagged, and why
    if suspect == screen.SCREEN:
        raise PhotoError(screen.MESSAGE, hint=screen.HINT, pl=screen.MESSAGE_PL)
    dark = _darkness(rect) if dark is None else dark
    black = _black_level(dark, expansion, found)   # the marks sit where H puts them, warped or not
    rect, dark, doubts, offset, warp, fainter = _grid_check(src, H, rect, dark,
                                                            faint_ok=src_ppm >= faint_grid.GRID_FAINT_PX_PER_MM)
    pieces = _line_pieces(dark)     # the printed grid's lines, measured once for the three looks below
    for place, why in {**_outside_photo(H, src.shape), **_hidden_spaces(pieces)}.items():
        doubts.setdefault(place, why)
    rel = dark / black
    mass = None if S is None else _blurred_mass(gray, H_photo, found, expansion, motion)
    marks = expansion_marks.Marks(expansion, rect, black) if expansion != "none" else None   # lava, craters
    # round fifteen: the photo's colours (photo/colour.py), where the grid is read from the photo itself
    colour = ink_colour.photo(data, gray.shape, half_colour) if S is None and expansion == "none" \
        and src_ppm >= LOW_GRID_PX_PER_MM else None
    # round twenty-five: a small photo's colours at full size, for night_pens alone (photo/small_colour.py)
    small_chroma = small_colour.chroma(data, gray.shape, lambda image: _rectify(image, H, ink_colour.worth(warp))[0],
                                       full_colour) \
        if S is None and expansion == "none" and src_ppm < LOW_GRID_PX_PER_MM else None
    if colour is not None:
        half = np.diag([0.5, 0.5, 1.0]) @ H   # (the colour copy is decoded at half size)
        colour = ink_colour.chroma(_rectify(colour, half, ink_colour.worth(warp))[0], PX_PER_MM)
    levels = _threshold(rel)   # (measured once: the clipped spaces' check and read_rel's)
    bright = _bright_spaces(rect)
    # round nineteen: a scan app's binarised page is white by the app's choice, not overexposed (scan_page.py)
    clipped = set() if scan_page.white_page(gray) else _clipped_spaces(bright, pieces, black, rel, levels)
    lit = _lit_spaces(clipped, bright, pieces, black, rel, levels)
    rows, uncertain = read_rel(rel, expansion, src_ppm, doubts, clipped, unblurred=S is not None, mass=mass, marks=marks,
                               colour=colour, levels=levels, lit=lit, pens=not suspect, small_chroma=small_chroma)
    if clipped - lit and pieces is not None:   # round twenty: empty clipped spaces the grid rules on (clipped_light.ruled)
        edges = [[cell.edges for cell in row] for row in rows]   # (a crater's token is "x")
        blank = {(r, c): [s for s in range(4) if edges[r][c][s] == "."] for r, c in clipped}   # its empty sides
        shown = clipped_light.ruled(clipped - lit, _space_pieces(pieces), levels, black,
                                    lambda r, c, s: clipped_light.line_darkness(_strip(rel, r, c, s)), blank=blank)
        # round twenty-one: a route space whose every side is settled (clipped_light.routed)
        routed = clipped_light.routed(shown, edges, {square_at(u.square) for u in uncertain}, bright,
                                      lambda r, c, s: profile_lines(_strip(rel, r, c, s), src_ppm),
                                      lambda r, c, s: off_middle(_strip(rel, r, c, s), src_ppm))
        ruled = {square(r, c) for r, c in shown if rows[r][c].token == "...."} | {square(r, c) for r, c in routed}
        # round twenty-four: an empty side coloured as one kind's routes keeps the flag (photo/clipped_pen.py)
        lifted = {square_at(u.square) for u in uncertain if u.square in ruled and u.reason == clipped_light.OVER_WHY}
        ruled -= {square(r, c) for r, c in clipped_pen.pen_sides(edges, lifted, colour, _strip)}
        uncertain = [u for u in uncertain if not (u.square in ruled and u.reason == clipped_light.OVER_WHY)]
    if S is not None:
        uncertain = _unblurred_doubts(rows, uncertain, rel, src_ppm, mass)
    if fainter and src_ppm < faint_grid.GRID_FAINT_PX_PER_MM:   # round nineteen: a small photo's faint grid
        flagged = {u.square for u in uncertain}
        uncertain = uncertain + [Uncertain(square(r, c), rows[r][c].token, faint_grid.SMALL_RAIL_WHY)
                                 for r, c in faint_grid.small_railways(rows) if square(r, c) not in flagged]
    if suspect:
        uncertain = _all_uncertain(rows, uncertain, suspect)
    board = Board(tuple(rows), expansion=expansion, source=source)
    return Reading(board, uncertain, expansion, sheet, len(found), H_photo, (gray.shape[1], gray.shape[0]),
                   grid_offset=offset)


UNBLURRED_WHY = "a motion-blurred photo, unblurred: the lines along this space's sides do not all agree"
UNBLURRED_BUMP = 0.05   # an unblurred photo's empty side whose averaged darkness rises this far: a line?
UNBLURRED_MIDDLE_BUMP = 0.03   # ... or rises this far in its middle (where a route is drawn): a line?


def _unblurred_doubts(rows, uncertain: list[Uncertain], rel: np.ndarray, src_ppm: float,
                      mass: np.ndarray | None = None) -> list[Uncertain]:
    """A motion-blurred photo read from its unblurred copy: the Wiener filter brings a light line
    back fainter than the rest and the JPEG's noise up (the reader's thresholds, which follow the
    paper's noise, rise with it), so a space read with certainty row by row stays certain only
    when the darkness averaged along each of its sides reads the same (as in a small photo:
    ``_small_agrees``), and no empty side's averaged darkness rises UNBLURRED_BUMP above its
    median (a light route there: on the dev photos the empty sides' 99th percentile was 0.06,
    a light railway lost 0.10), nor rises UNBLURRED_MIDDLE_BUMP in its middle (round eleven, issue
    35: a light railway lost at 0.034 of the black, where no empty side's middle reached 0.03 in 99
    of 100); else it is listed. Round twelve: an empty side where the blurred photo itself shows no
    ink (``mass``, ``_blurred_mass``) is not looked at either way, and a space flagged only as
    darker in the middle than the photo's empty spaces (``_odd_empty_spaces``), or as empty in a
    noisy photo (``_noisy_empty_spaces``: the Wiener filter's noise sets an unblurred copy's
    threshold), whose four sides it shows blank is not flagged; nor is a route's side read with certainty whose averaged darkness
    cannot tell its route where the blurred photo holds a line's ink (``_inked_unsure``)."""
    if mass is not None:
        uncertain = [u for u in uncertain if u.reason not in (ODD_EMPTY_WHY, NOISY_WHY) or not all(
            _blank_in_blur(mass[square_at(u.square)], s) for s in range(4))]
    listed = {u.square for u in uncertain}
    extra = []
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            if square(r, c) in listed or cell.marker == "v":
                continue
            blank = frozenset(s for s, kind in enumerate(cell.edges)
                              if kind == "." and mass is not None and _blank_in_blur(mass[r, c], s))
            faint = [side for s, (side, kind) in enumerate(zip("NESW", cell.edges)) if kind == "."
                     and s not in blank and _faint_line(_strip(rel, r, c, s))]
            if faint:
                extra.append(Uncertain(square(r, c), cell.token, "; ".join(f"{side}: a faint line? (a motion-blurred "
                                                                           "photo, unblurred)" for side in faint)))
            elif not _small_agrees(rel, cell, r, c, src_ppm, blank | _inked_unsure(rel, cell, r, c, src_ppm, mass),
                                   measured=True):
                extra.append(Uncertain(square(r, c), cell.token, UNBLURRED_WHY))
    return sorted(uncertain + extra, key=lambda u: (u.square[0], int(u.square[1:])))


def _inked_unsure(rel: np.ndarray, cell: Cell, r: int, c: int, src_ppm: float,
                  mass: np.ndarray | None) -> frozenset[int]:
    """Round twelve: the sides of an unblurred copy's space read as routes with certainty row by row
    whose darkness averaged along them cannot tell the route (``profile_lines`` None: the Wiener
    filter's noise), where the blurred photo itself holds a line's ink (``_inked_in_blur``): a line is
    there, as the rows read. On the dev motion photos 770,000-059 and 960,000-079 (105 read from an
    unblurred copy) 304 such sides flagged their space, every one read right (an averaged darkness
    that reads the other route still flags it)."""
    if mass is None:
        return frozenset()
    return frozenset(s for s, kind in enumerate(cell.edges) if kind in "hr" and _inked_in_blur(mass[r, c], s)
                     and profile_lines(_strip(rel, r, c, s), src_ppm) is None)


def _faint_line(strip: np.ndarray) -> bool:
    """Whether an unblurred photo's empty side may hold a light line: its darkness, averaged along
    the route, rises UNBLURRED_BUMP above its median anywhere across the side, or
    UNBLURRED_MIDDLE_BUMP in the middle eighth either side of its midpoint (about 1.2 mm), where a
    route is drawn; the Wiener filter's noise and ringing peak anywhere across the side's 9 mm, so
    the middle alone, fewer places, reaches less far in an empty side."""
    profile = strip.mean(axis=0)
    median = float(np.median(profile))
    n = len(profile)
    mid, reach = n // 2, max(1, n // 8)
    return bool(profile.max() - median > UNBLURRED_BUMP
                or profile[mid - reach:mid + reach + 1].max() - median > UNBLURRED_MIDDLE_BUMP)


BLUR_ACROSS_MM = 4.5   # a side's ink is measured in the blurred photo when the blur runs under this across its route
BLANK_MASS = 0.006     # an unblurred copy's empty side is blank where the blurred photo's ink there is under this ...
INKED_MASS = 0.02      # ... and holds a line where it is this much or more (mean darkness, of the print's black)


def _blurred_mass(gray: np.ndarray, H: np.ndarray, found: dict, expansion: str, motion: deblur.Motion) -> np.ndarray:
    """Round twelve: the ink each side (SIZE, SIZE, 4; N E S W) holds in the motion-blurred photo
    itself, where no Wiener filter raised its noise or rang: the darkness (of the print's black)
    averaged over the side's strip as ``profile_lines`` reads it (the rows near the edge, clear of
    the round box's frame), above the paper's (the fifth of the photo's sides with the least: a
    finished sheet leaves a third of its sides empty or more). A blur moves a line's ink but keeps
    it, so a line smeared across its route still counts as much as a sharp one, as long as the
    smear stays inside the strip: NaN where the blur runs BLUR_ACROSS_MM or more across the side's
    route. ``H``: grid mm to photo px; ``motion``: the blur, in photo px."""
    rect, _ = _rectify(gray, H)
    dark = _darkness(rect)
    rel = dark / _black_level(dark, expansion, found)
    cut = int(round((ACROSS - 3.6) * PX_PER_MM))
    mass = np.empty((SIZE, SIZE, 4))
    for r in range(SIZE):
        for c in range(SIZE):
            for s in range(4):
                strip = _strip(rel, r, c, s)
                mass[r, c, s] = float(strip[:max(3, int(strip.shape[0] * 0.6)), cut:-cut].mean())
    mass -= float(np.percentile(mass, 20))
    a = math.radians(motion.angle)
    blur = motion.length * np.array([math.cos(a), -math.sin(a)])   # photo px (x right, y down)
    for r in range(SIZE):
        for c in range(SIZE):
            centre = np.array([(c + 0.5) * layout.SQUARE_MM, (r + 0.5) * layout.SQUARE_MM])
            pts = np.array([centre, centre + (1.0, 0.0), centre + (0.0, 1.0)], np.float64)
            img = cv2.perspectiveTransform(pts.reshape(-1, 1, 2), H).reshape(-1, 2)
            across_x, across_y = np.abs(np.linalg.solve(np.column_stack([img[1] - img[0], img[2] - img[0]]), blur))
            for s in range(4):   # north and south routes run along y: across them is x
                if (across_x if s in (0, 2) else across_y) >= BLUR_ACROSS_MM:
                    mass[r, c, s] = np.nan
    return mass


def _blank_in_blur(mass: np.ndarray | None, s: int) -> bool:
    """Whether side ``s`` of a space (``mass``: its four sides', ``_blurred_mass``) holds no line in
    the blurred photo: its ink under BLANK_MASS. On the dev motion photos 770,000-059 and 960,000-079
    (105 read from an unblurred copy) every one of 8,494 sides drawn with a route held 0.017 or more
    where the blur ran under BLUR_ACROSS_MM across it, and 2,121 of the 2,805 empty sides the
    unblurred copy flagged "a faint line?" held under 0.006."""
    return mass is not None and bool(mass[s] < BLANK_MASS)   # NaN: not measured, never blank


def _inked_in_blur(mass: np.ndarray | None, s: int) -> bool:
    """Whether side ``s`` holds a line's ink in the blurred photo (INKED_MASS or more; on the same dev
    photos, of the unblurred copy's sides flagged "a faint line?" that held 0.02 or more, 180 of 215
    were routes; between 0.006 and 0.02, 3 of 190)."""
    return mass is not None and bool(mass[s] >= INKED_MASS)


def _all_uncertain(rows, uncertain: list[Uncertain], why: str) -> list[Uncertain]:
    """Every space listed as uncertain (those already listed keep their reason): a photo that may
    be of a screen is read, but nothing in it is taken for certain."""
    listed = {u.square for u in uncertain}
    extra = [Uncertain(square(r, c), cell.token, why) for r, row in enumerate(rows) for c, cell in enumerate(row)
             if square(r, c) not in listed]
    return sorted(uncertain + extra, key=lambda u: (u.square[0], int(u.square[1:])))


def _refuse_a_screen(gray: np.ndarray) -> None:
    """A photo about to be refused for its marks: when it is a photo of a screen (whose pixel
    grid can hide the marks or turn one into another layout's), say that instead."""
    if screen.looks_like_screen_anywhere(gray):
        raise PhotoError(screen.MESSAGE, hint=screen.HINT, pl=screen.MESSAGE_PL)


LINE_SEGMENT_MM = 3.0    # the printed grid's lines are looked at in pieces this long ...
LINE_LOST = 0.35         # ... and a piece under this share of the sheet's typical line contrast is hidden
LINE_LOST_PIECES = 2     # a space with this many of its 28 edge pieces hidden is flagged


def _hidden_spaces(contrast: np.ndarray | None) -> dict[tuple[int, int], str]:
    """The spaces the photo does not show whole: something lies over them (a finger, a pen), or
    they fall outside the photo, or the light blew them out. Every printed line of the grid is
    looked at in LINE_SEGMENT_MM pieces (``contrast``: ``_line_pieces`` of the rectified darkness,
    1.2 mm either side of where the line is, the median along the piece: its contrast is the
    darkest column less the lightest); a piece under LINE_LOST of the median piece's contrast is
    hidden. A route drawn across a line covers under half of a piece, which the median passes
    over; a printed line goes missing only where the sheet is not seen (a pen or a finger over it:
    wider than the light's 8 mm closing, it is taken for the paper, and its shading for ink). A
    space with LINE_LOST_PIECES of its edges' pieces hidden is flagged: what lies over its edge
    may lie over its routes."""
    if contrast is None:
        return {}
    typical = float(np.median(contrast))
    if typical <= 0.02:
        return {}
    count = np.zeros((SIZE, SIZE), int)
    for (r, c), pieces in _space_pieces(contrast < LINE_LOST * typical).items():
        count[r, c] = int(np.sum(pieces))
    return {(r, c): NOT_SEEN for r, c in np.argwhere(count >= LINE_LOST_PIECES).tolist()}


NOT_SEEN = "the printed grid's lines are not seen here (something over the sheet, or out of the photo)"


def _line_pieces(dark: np.ndarray) -> np.ndarray | None:
    """The printed grid's lines in LINE_SEGMENT_MM pieces: each piece's contrast in the rectified
    ``dark`` (the median along the piece, 1.2 mm either side of the line: its darkest column less
    its lightest), as (vertical, horizontal) x line x piece; None when the grid is not all there."""
    p = PX_PER_MM
    half = int(round(1.2 * p))
    seg = int(round(LINE_SEGMENT_MM * p))
    n = SIZE * int(round(layout.SQUARE_MM / LINE_SEGMENT_MM))
    start = int(round(MARGIN_MM * p))
    contrast = np.zeros((2, SIZE + 1, n))   # (vertical, horizontal), line, piece
    for k in range(SIZE + 1):
        at = int(round((MARGIN_MM + k * layout.SQUARE_MM) * p))
        for axis, block in enumerate((dark[start:start + n * seg, at - half:at + half + 1],
                                      dark[at - half:at + half + 1, start:start + n * seg].T)):
            if block.shape != (n * seg, 2 * half + 1):
                return None
            prof = np.median(block.reshape(n, seg, -1), axis=1)
            contrast[axis, k] = prof.max(axis=1) - prof.min(axis=1)
    return contrast


def _space_pieces(values: np.ndarray) -> dict[tuple[int, int], list]:
    """Per space, the values (``_line_pieces``' shape) of the pieces on its four edges."""
    per_side = values.shape[2] // SIZE
    out: dict[tuple[int, int], list] = {(r, c): [] for r in range(SIZE) for c in range(SIZE)}
    for axis in (0, 1):
        for k in range(SIZE + 1):
            for piece, v in enumerate(values[axis, k].tolist()):
                along = piece // per_side
                for across in (k - 1, k):
                    if 0 <= across < SIZE:
                        out[(along, across) if axis == 0 else (across, along)].append(v)
    return out


def _outside_photo(H: np.ndarray, shape: tuple[int, ...]) -> dict[tuple[int, int], str]:
    """The spaces not wholly inside the photo (the sheet partly out of frame): what is read there
    is the photo's edge pixels repeated."""
    h, w = shape[:2]
    t = np.linspace(0, 1, 8)
    out = {}
    for r in range(SIZE):
        for c in range(SIZE):
            x0, y0 = c * layout.SQUARE_MM, r * layout.SQUARE_MM
            edge = np.concatenate([np.stack([x0 + t * layout.SQUARE_MM, np.full(8, y0 + v)], axis=1)
                                   for v in (0.0, layout.SQUARE_MM)] +
                                  [np.stack([np.full(8, x0 + v), y0 + t * layout.SQUARE_MM], axis=1)
                                   for v in (0.0, layout.SQUARE_MM)])
            pts = cv2.perspectiveTransform(edge.reshape(-1, 1, 2).astype(np.float64), H).reshape(-1, 2)
            if (pts[:, 0] < 1).any() or (pts[:, 1] < 1).any() or (pts[:, 0] > w - 2).any() or (pts[:, 1] > h - 2).any():
                out[(r, c)] = "part of this space is outside the photo"
    return out


CLIPPED = 250            # a photo's grey level this high is white clipped by the sensor (or near it) ...
CLIPPED_SHARE = 0.5      # ... in this share of a space's paper: a light line there may be lost


def _bright_spaces(rect: np.ndarray) -> set[tuple[int, int]]:
    """The spaces with CLIPPED_SHARE of their paper at CLIPPED or more (``_clipped_spaces``' first look)."""
    bright = (rect >= CLIPPED) & _interior()
    inside = _interior()
    p, sq = PX_PER_MM, layout.SQUARE_MM
    out = set()
    for r in range(SIZE):
        for c in range(SIZE):
            ys = slice(int((MARGIN_MM + r * sq) * p), int((MARGIN_MM + (r + 1) * sq) * p))
            xs = slice(int((MARGIN_MM + c * sq) * p), int((MARGIN_MM + (c + 1) * sq) * p))
            if bright[ys, xs].sum() >= CLIPPED_SHARE * max(1, inside[ys, xs].sum()):
                out.add((r, c))
    return out


def _lit_spaces(clipped: set[tuple[int, int]], bright: set[tuple[int, int]], contrast: np.ndarray | None,
                black: float, rel: np.ndarray, levels: tuple[float, float, float]) -> set[tuple[int, int]]:
    """Round eighteen: the clipped spaces where the sheet's own lightest line would still show
    (photo/clipped_light.py): read as the others, not flagged "the paper is overexposed here".
    ``bright``: ``_bright_spaces``; ``contrast``: ``_line_pieces``."""
    if not clipped or contrast is None:
        return set()
    return clipped_light.lit(clipped, bright, _space_pieces(contrast), levels, black,
                             lambda r, c, s: clipped_light.line_darkness(_strip(rel, r, c, s)))


def _clipped_spaces(bright: set[tuple[int, int]], contrast: np.ndarray | None = None, black: float = 1.0,
                    rel: np.ndarray | None = None, levels: tuple[float, float, float] | None = None
                    ) -> set[tuple[int, int]]:
    """The spaces whose paper is overexposed in the photo: most of it at the top of the sensor's
    range (``CLIPPED``, the rectified photo's own grey levels). There the paper and a light pencil
    line both clip to white and the line is lost: no measure of the darkness can find it, so such a
    space's empty sides are not read with certainty.

    ``bright``: ``_bright_spaces`` of the rectified photo, the spaces so clipped. With ``contrast``
    (``_line_pieces`` of the rectified darkness), ``black`` and ``rel`` (round nine), one of them is
    kept only when a line the drawing could have there may be lost. The light there is E times what
    clips (E >= 1): a line whose darkness is d elsewhere (its share of the paper's light missing)
    shows 1 - E (1 - d) here. The grid's printed lines measure E: their pieces on the space's edges
    (the median) against the pieces of the spaces not clipped. A space stays flagged when a line
    at the ink threshold (the lightest the photo reads as a route elsewhere) would show here under
    the faint threshold (where it is not even flagged as a faint line), with E taken 5 % higher
    (the pieces' medians vary by about 3 %); and always when fewer than 5 spaces are not clipped
    (too little to measure E against). ``levels``: ``_threshold(rel)``, when already measured."""
    out = set(bright)
    if not out or contrast is None or rel is None or SIZE * SIZE - len(out) < 5:
        return out
    pieces = {place: float(np.median(v)) for place, v in _space_pieces(contrast).items()}
    printed = float(np.median([v for place, v in pieces.items() if place not in out]))
    level, floor, _ = _threshold(rel) if levels is None else levels
    line = min(level * black, 0.99)     # the ink threshold, as a share of the paper's light
    keep = set()
    for place in out:
        over = 1.05 * (1.0 - min(pieces[place], printed)) / max(1e-6, 1.0 - printed)
        if 1.0 - over * (1.0 - line) < floor * black:
            keep.add(place)
    return keep


def read_rel(rel: np.ndarray, expansion: str, src_ppm: float, shaky: dict[tuple[int, int], str] | None = None,
             clipped: set[tuple[int, int]] | None = None, *, unblurred: bool = False,
             mass: np.ndarray | None = None, marks: expansion_marks.Marks | None = None,
             colour: ink_colour.Chroma | None = None, levels: tuple[float, float, float] | None = None,
             lit: set[tuple[int, int]] | None = None, pens: bool = True,
             small_chroma: ink_colour.Chroma | None = None) -> tuple[list[tuple[Cell, ...]], list[Uncertain]]:
    """Read every space from ``rel``, the rectified darkness against the print's black. ``shaky``:
    spaces never read with certainty, and why (``_grid_doubts``: the printed grid is not where it
    is read); ``clipped``: spaces whose paper
    is overexposed, whose empty sides are not read with certainty (``_clipped_spaces``);
    ``unblurred``: ``rel`` is a motion-blurred photo's unblurred copy (``read_sides``); ``mass``:
    each side's ink in the blurred photo itself (``_blurred_mass``); ``marks``: the expansion's own
    marks (lava, craters), which revise each space's reading (``expansion.Marks``); ``levels``:
    ``_threshold(rel)``, when already measured; ``lit``: clipped spaces where the sheet's lightest
    line would still show, not flagged overexposed (``_lit_spaces``); ``pens``: whether a night photo's
    colours are read as its pens' (``night_pens``; not where the photo may be of a screen, whose moire
    is coloured); ``small_chroma``: a small photo's colours, read for ``night_pens`` alone
    (``small_colour.chroma``)."""
    small = src_ppm < LOW_GRID_PX_PER_MM
    level, floor, lowest = _threshold(rel) if levels is None else levels
    ink = (rel > level).astype(np.uint8)

    def inked(r: int, c: int) -> float:   # the share of space (r, c)'s centre box inked
        return _centre_fill(ink, r, c)

    @lru_cache(maxsize=None)
    def features(r: int, c: int, s: int) -> dict:   # a side's side_features, measured once for every step
        return side_features(_strip(ink, r, c, s))

    faint = (rel > floor).astype(np.uint8)
    # clear of the round boxes' frames; in a photo of under TRACE_PX_PER_MM the printed lines'
    # halo reaches further than that, and the trace is not used
    trace = ((rel > lowest) & _interior(2.0)).astype(np.uint8) if src_ppm >= TRACE_PX_PER_MM else None
    k = int(round(2.6 * PX_PER_MM))
    solid = cv2.morphologyEx(ink, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (k, k)))
    rows = []
    uncertain: list[Uncertain] = []
    # (an overexposed space's lines are lost in the light, not under something: not unseen)
    not_seen = [place for place, why in (shaky or {}).items() if why == NOT_SEEN and place not in (clipped or ())]
    unseen = _unseen_sides(rel, not_seen)
    cover = _cover(rel) if not_seen else None
    # each space's sides read once, for the loop and every revision after it (photo/once.py)
    sides_at = once.per_space(lambda r, c: read_sides(ink, r, c, faint, trace, rel, floor, src_ppm, unblurred=unblurred,
                                                      mass=None if mass is None else mass[r, c], noisy=level <= floor))
    night = (level <= floor or noise_floor.night(colour)) and not unblurred and expansion == "none"
    settled: set[tuple[int, int]] = set()   # spaces with a faint side settled by faint_sheet
    cut = int(round((ACROSS - 3.6) * PX_PER_MM))
    profile_at = night_lines.memo(lambda r, c, s: _averaged(_strip(rel, r, c, s)[:, cut:-cut], src_ppm)[1])
    rise_at = night_lines.memo(lambda r, c, s: noise_floor.rise(profile_at(r, c, s)))
    if night:   # photo/noise_floor.py; round eighteen: photo/night_lines.py (the sheet's own lines)
        sides_at = noise_floor.revise(sides_at, side_read=SideRead, rise_at=rise_at)
        sides_at = night_lines.settle(sides_at, rise_at, side_read=SideRead)
    # round twenty: a night sheet with no lighter pen (photo/faint_sheet.py): its faint sides are noise
    lines_sheet = faint_sheet.sheet_lines(sides_at, rise_at, side_read=SideRead) if night else None   # measured once
    quiet = night and faint_sheet.quiet(sides_at, rise_at, side_read=SideRead, sheet=lines_sheet)
    if not unblurred and expansion == "none":   # round nineteen: a faint side against every line (photo/faint_sheet.py)
        sides_at = faint_sheet.settle(sides_at, rise_at, side_read=SideRead, skip=set(clipped or ()),
                                      profile_at=profile_at, settled=settled, quiet=quiet, sheet=lines_sheet)
    if not unblurred and expansion == "none":   # round seventeen: photo/broad_line.py
        sides_at = broad_line.revise(sides_at, lambda r, c, s: profile_lines(_strip(rel, r, c, s), src_ppm), broad=BROAD,
                                     side_read=SideRead)
        # round twenty: a band wider than the sheet's railways reach, a highway's road (broad_line.bands)
        sides_at = broad_line.bands(sides_at, lambda r, c, s: features(r, c, s)["sleeper"],
                                    band=SOLID_BAND, side_read=SideRead)
    for r in range(SIZE):
        row = []
        for c in range(SIZE):
            if expansion == "lava" and (r, c) == (3, 3):
                row.append(Cell("llll", "v"))
                continue
            cell, certain, why = read_space(ink, solid, r, c, faint, trace, rel, floor, src_ppm,
                                            unseen.get((r, c), frozenset()), bool(clipped) and (r, c) in clipped,
                                            unblurred=unblurred, mass=None if mass is None else mass[r, c],
                                            noisy=level <= floor, traced=_traced(shaky, r, c), sides=sides_at(r, c))
            if marks is not None:   # the expansion's lava or craters (photo/expansion.py)
                cell, certain, why = marks.revise(r, c, cell, certain, why, ink, faint, lambda r=r, c=c: sides_at(r, c))
            if certain and cell.marker == "o" and filled_centre.filled(rel, _centre_box(r, c), level):
                # round fourteen: a station's fill lighter than its lines; the guess is the station
                cell, certain, why = Cell(cell.edges, "s"), False, filled_centre.FILLED_WHY
            if small and certain and not _small_agrees(rel, cell, r, c, src_ppm):
                # a small photo: strokes a pixel or two wide, never trusted on the row-by-row
                # reading alone
                certain, why = False, (f"a small photo (the grid is {src_ppm * layout.GRID_MM:.0f} px wide; "
                                       f"{LOW_GRID_PX_PER_MM * layout.GRID_MM:.0f} or more reads with certainty)")
            if clipped and (r, c) in clipped and "." in cell.edges and (r, c) not in (lit or ()):
                over = clipped_light.OVER_WHY
                certain, why = False, (why + "; " + over if why else over)
            if shaky and (r, c) in shaky:   # the grid is not where it is read: that first
                certain, why = False, shaky[(r, c)] + ("; " + why if why else "")
            row.append(cell)
            if not certain:
                uncertain.append(Uncertain(square(r, c), cell.token, why))
        rows.append(tuple(row))
    first_flags = {u.square for u in uncertain}   # flagged by the first reading (round twenty-three: photo/stray.py)
    long_lines: dict = {}   # each side's long strip followed once (one_line.follow), for both revisions
    every: dict = {}   # each route side's place between the sheet's kinds (sheet_kinds.revise), where drawn
    placed: dict = {}       # each route side's place between the sheet's two kinds (sheet_kinds), where trusted
    before = None           # the reading before sheet_kinds re-guesses it (round twenty: sure_kinds.both_kinds)
    if not small and not unblurred and expansion == "none":   # round fourteen: highways drawn as one line
        rows, uncertain = one_line.revise(
            rows, uncertain, ink, PX_PER_MM, strip=_strip, doubts=ONE_LINE_DOUBTS, sides_at=sides_at, lines=long_lines,
            space_at=lambda r, c, sides: read_space(ink, solid, r, c, faint, trace, rel, floor, src_ppm, sides=sides),
            side_read=SideRead, uncertain_of=Uncertain)
    if unblurred and expansion == "none":   # round fifteen: a blurred route's line kept in the guess
        rows, uncertain = blurred_line.revise(
            rows, uncertain, sides_at=sides_at, side_read=SideRead, skip=set(clipped or ()) | set(unseen),
            space_at=lambda r, c, sides: read_space(ink, solid, r, c, faint, trace, rel, floor, src_ppm, sides=sides),
            measure=lambda r, c, s: (_middle_rise(_strip(rel, r, c, s)), None if mass is None else float(mass[r, c, s])),
            vote_at=lambda r, c, s: profile_lines(_strip(rel, r, c, s), src_ppm))
    if expansion == "none":   # round fifteen: a certain railway with no sleeper (photo/bare_rail.py)
        rows, uncertain = bare_rail.revise(
            rows, uncertain, ink, PX_PER_MM, strip=_strip, sides_at=sides_at, side_read=SideRead,
            space_at=lambda r, c, sides: read_space(ink, solid, r, c, faint, trace, rel, floor, src_ppm, sides=sides),
            uncertain_of=Uncertain, lines=long_lines)
        rows, uncertain = kind_shape.revise(   # round sixteen: a railway not shaped like the sheet's (photo/kind_shape.py)
            rows, uncertain, rel, ink, faint, PX_PER_MM, strip=_strip, sides_at=sides_at, side_read=SideRead,
            space_at=lambda r, c, sides: read_space(ink, solid, r, c, faint, trace, rel, floor, src_ppm, sides=sides),
            uncertain_of=Uncertain, lines=long_lines)
        if not small and not unblurred:   # round seventeen: the sheet's two kinds as its exits show them
            before = rows
            rows, uncertain = sheet_kinds.revise(
                rows, uncertain, rel, ink, PX_PER_MM, strip=_strip, sides_at=sides_at, side_read=SideRead,
                features=features, uncertain_of=Uncertain, lines=long_lines,
                space_at=lambda r, c, sides: read_space(ink, solid, r, c, faint, trace, rel, floor, src_ppm, sides=sides),
                placed=placed, every=every, alone=exit_kinds.alone(rows))
            uncertain = sure_kinds.revise(   # round eighteen: no doubt left of the kinds (photo/sure_kinds.py)
                rows, uncertain, placed, sides_at=sides_at, side_read=SideRead, before=before,
                space_at=lambda r, c, sides: read_space(ink, solid, r, c, faint, trace, rel, floor, src_ppm, sides=sides))
        uncertain = crossed.revise(   # an X over a space: crossed out (photo/crossed.py)
            rows, uncertain, ink, PX_PER_MM, size=layout.SQUARE_MM * PX_PER_MM, uncertain_of=Uncertain,
            corner=lambda r, c: ((MARGIN_MM + c * layout.SQUARE_MM) * PX_PER_MM, (MARGIN_MM + r * layout.SQUARE_MM) * PX_PER_MM))
    if colour is not None and not small:   # round fifteen: the sheet's colours for its kinds (photo/colour.py)
        rows, uncertain = ink_colour.revise(
            rows, uncertain, colour, strip=_strip, sides_at=sides_at, side_read=SideRead, uncertain_of=Uncertain,
            space_at=lambda r, c, sides: read_space(ink, solid, r, c, faint, trace, rel, floor, src_ppm, sides=sides))
    if not small and not unblurred and expansion == "none":   # round sixteen: photo/two_tracks.py
        rows, uncertain = two_tracks.revise(
            rows, uncertain, tracks=lambda r, c, s: features(r, c, s)["dense"], uncertain_of=Uncertain)
    rows, uncertain = _station_habit(rows, uncertain, sides_at, ink, unseen)
    # round fifteen: an X, a letter, a ring drawn across a straight crossing read as an overpass
    rows, uncertain = crossing_mark.apply(rows, uncertain, rel, _centre_px, PX_PER_MM, square, Uncertain)
    if expansion == "none":   # round sixteen: a four-way route drawn two ways (photo/four_way.py); dice faces only
        rows, uncertain = four_way.apply(rows, uncertain, rel, _centre_px, PX_PER_MM, square, Uncertain)
        # round seventeen: an outline closing in paper where routes cross (photo/outlined_centre.py)
        rows, uncertain = outlined_centre.apply(rows, uncertain, ink, _centre_px, PX_PER_MM, square, Uncertain,
                                                light=lambda: outlined_centre.light_ink(rel, level, PX_PER_MM))
        uncertain = outlined_centre.route_outlines(rows, uncertain, ink, _centre_px, PX_PER_MM, square, Uncertain)
        # round eighteen: a joined station doubted for its centre alone, the sheet's mark there (photo/station_mark.py)
        if not small and not unblurred:
            uncertain = station_mark.apply(rows, uncertain, ink, rel, _centre_px, PX_PER_MM, square,
                                           inked=inked)
            # round nineteen: a filled station's one side in doubt, settled by the rules (photo/station_sides.py)
            uncertain = station_sides.apply(rows, uncertain, ink, rel, _centre_px, PX_PER_MM, square,
                                            banded=night and not lines_sheet.seen("h"))
        uncertain = legal.revise(rows, uncertain, square=square, uncertain_of=Uncertain, faces=_faces)
        # round seventeen: a route against a printed exit of the other kind (photo/sheet_kinds.py)
        uncertain = sheet_kinds.rules(rows, uncertain, uncertain_of=Uncertain)
        if not small and not unblurred:   # round nineteen: a certain side shaped as the other kind (sheet_kinds.far)
            uncertain = sheet_kinds.far(rows, uncertain, every, uncertain_of=Uncertain)
        # round twenty: a sheet whose exits of one kind mostly read as the other (photo/exit_kinds.py)
        uncertain = exit_kinds.doubt(rows, uncertain, uncertain_of=Uncertain)
        if len(shaky or ()) < SIZE * SIZE:   # round twenty-two: both kinds misread (not where the grid is lost:
            rows, uncertain = exit_kinds.swap(rows, uncertain, uncertain_of=Uncertain)   # no exit is where read)
    if cover is not None:
        rows, uncertain = _covered_guesses(rows, uncertain, not_seen, cover, ink, solid, faint, trace, rel, floor,
                                           src_ppm)
    if not unblurred and expansion == "none":   # round seventeen: a line far lighter than the sheet's (photo/erased.py)
        rows, uncertain = erased.revise(
            rows, uncertain, rel, PX_PER_MM, strip=_strip, sides_at=sides_at, side_read=SideRead,
            uncertain_of=Uncertain, skip=set(clipped or ()), night=night,
            space_at=lambda r, c, sides: read_space(ink, solid, r, c, faint, trace, rel, floor, src_ppm, sides=sides))
    if expansion == "none":   # round seventeen: every route joins as the rules say (photo/joins.py)
        # round nineteen: a kind doubt settled by what the side joins (photo/joined_kinds.py)
        uncertain = joined_kinds.revise(
            rows, uncertain, placed, sides_at=sides_at, side_read=SideRead, faces=_faces, before=before,
            space_at=lambda r, c, sides: read_space(ink, solid, r, c, faint, trace, rel, floor, src_ppm, sides=sides))
        uncertain = joins.revise(rows, uncertain, uncertain_of=Uncertain, at=every)
        if not small:   # round twenty: a flagged space's kinds guessed from what its sides join (photo/kind_guess.py)
            rows, uncertain = kind_guess.revise(rows, uncertain, every, sides_at=sides_at, faces=_faces,
                                               uncertain_of=Uncertain)
            # round twenty-one: a kind doubt settled by the route's chain to a printed exit (photo/chain_kinds.py)
            uncertain = chain_kinds.lift(rows, uncertain, every, sides_at=sides_at)
        # round twenty-one: a run of band sides settled by where it ends (photo/band_chain.py)
        uncertain = band_chain.lift(rows, uncertain)
        # round twenty-two: bands guessed the kind their printed exits say they are not (photo/band_kinds.py)
        rows, uncertain = band_kinds.revise(rows, uncertain, uncertain_of=Uncertain, features=features)
        # round twenty-two: a straight crossing of a band read as a station, guessed an overpass (photo/band_cross.py)
        rows, uncertain = band_cross.revise(rows, uncertain, uncertain_of=Uncertain, features=features,
                                            fill_at=lambda r, c: _centre_fill(solid, r, c))
        if not small:   # round twenty-two: a flagged space's kinds as its route's anchors say (photo/route_kinds.py)
            # round twenty-three: a route stops at a flagged centre inked as the sheet's stations (photo/plain_chain.py)
            rows, uncertain = route_kinds.revise(rows, uncertain, every, faces=_faces, uncertain_of=Uncertain,
                                                 marked=plain_chain.marked(rows, uncertain, inked))
            # round twenty-three: a kind doubt settled by chains through no centre like the sheet's stations
            hollow = lru_cache(maxsize=None)(lambda r, c: centre_marks.hollow(ink, *_centre_px(r, c), PX_PER_MM))
            uncertain = plain_chain.lift(rows, uncertain, every, sides_at=sides_at, inked=inked, hollow=hollow)
            # round twenty-four: a kind doubt on a sheet whose two kinds part cleanly (photo/clean_kinds.py)
            uncertain = clean_kinds.lift(rows, uncertain, every, sides_at=sides_at, side_read=SideRead, before=before,
                                         space_at=lambda r, c, sides: read_space(ink, solid, r, c, faint, trace, rel,
                                                                                 floor, src_ppm, sides=sides))
    # round twenty-three: a night sheet quiet by its kinds as finally read (photo/faint_sheet.py)
    late = None if quiet or not night or small else faint_sheet.kinds_quiet(rows, sides_at, rise_at, lines_sheet.noise)
    if late:
        uncertain = faint_sheet.lift(rows, uncertain, sides_at, rise_at, noise=lines_sheet.noise, quartile=late,
                                     faces=_faces, skip=set(clipped or ()), settled=settled)
    odd = _odd_empty_spaces(rows, uncertain, rel)
    noisy = [] if quiet or late else _noisy_empty_spaces(rows, uncertain + odd, rel, src_ppm, level, floor, settled)
    uncertain = uncertain + odd + noisy
    if night:   # round eighteen: a light route lost in the dark beside a space still read with certainty
        uncertain = night_lines.lost(rows, uncertain, sides_at, rise_at, uncertain_of=Uncertain)
    side_pens = None
    pen_colour = small_chroma if small else colour   # round twenty-five: a small photo's (photo/small_colour.py)
    if pens and (night or small) and noise_floor.night(pen_colour):   # round twenty-three: photo/night_pens.py
        side_pens = noisy_colour.side_colours(pen_colour.a, pen_colour.b, _strip, [(r, c, s) for r in range(SIZE)
                                                                                   for c in range(SIZE) for s in range(4)])
        pen_sheet = lines_sheet if lines_sheet is not None else faint_sheet.sheet_lines(sides_at, rise_at, side_read=SideRead)
        uncertain = night_pens.lost(rows, uncertain, side_pens, seen=pen_sheet.seen("h") and pen_sheet.seen("r"),
                                    uncertain_of=Uncertain)
        uncertain = night_pens.grey_kind(rows, uncertain, side_pens, uncertain_of=Uncertain)
    if expansion == "none":   # round twenty-two: a ring round a straight crossing, an overpass (photo/ring_crossing.py)
        rows, uncertain = ring_crossing.apply(rows, uncertain, ink, _centre_px, PX_PER_MM, square, Uncertain)
        # round twenty-three: the sheet's station mark on a space read with certainty as one kind's route
        centres: dict = {}   # each route space's centre measures, shared with cross_station and marked_route
        uncertain = lost_station.apply(rows, uncertain, ink, _centre_px, PX_PER_MM, square, Uncertain, faint=faint,
                                       known=centres)
        # round twenty-four: a certain crossing with the sheet's station dot, or ringed (photo/cross_station.py)
        rows, uncertain = cross_station.apply(rows, uncertain, ink, _centre_px, PX_PER_MM, square, Uncertain,
                                              faint=faint, known=centres)
        # round twenty-three: a meeting's station against the sheet's routes' centres (photo/meeting_centre.py)
        rows, uncertain = meeting_centre.apply(rows, uncertain, ink, rel, _centre_px, PX_PER_MM, square, Uncertain,
                                               inked=inked, sides_at=sides_at, faces=_faces)
        # round twenty-four: a flagged one-kind route whose centre shows the sheet's station mark (marked_route.py)
        rows, uncertain = marked_route.apply(rows, uncertain, ink, _centre_px, PX_PER_MM, square, Uncertain,
                                             sides_at=sides_at, faces=_faces, faint=faint, known=centres)
        # round twenty-five: a flagged curve's centre box against the sheet's arcs (photo/inked_curve.py)
        rows, uncertain = inked_curve.apply(rows, uncertain, square, Uncertain, inked=inked, sides_at=sides_at,
                                            faces=_faces)
        # round twenty-seven: a flagged curve's inked box where the sheet's curves of its kind are arcs (arc_station.py)
        rows, uncertain = arc_station.apply(rows, uncertain, square, Uncertain, inked=inked, sides_at=sides_at,
                                            faces=_faces)
        # round twenty-six: a flagged straight whose line widens at the centre (photo/widened_straight.py)
        rows, uncertain = widened_straight.apply(rows, uncertain, ink, _centre_px, PX_PER_MM, square, Uncertain,
                                                 sides_at=sides_at, faces=_faces)
    if not small and not unblurred and expansion == "none":   # round twenty-three: a side whose line stops short
        uncertain = stray.revise(rows, uncertain, line=one_line.long_line(long_lines, ink, PX_PER_MM, _strip),
                                 once=first_flags, uncertain_of=Uncertain)
    if not unblurred and expansion == "none":   # round twenty-six: small photos too
        # round twenty-four: a flagged side's kind by the shape of the sheet's exits' routes (photo/exit_shape.py)
        rows, uncertain = exit_shape.revise(rows, uncertain, every, faces=_faces, cell_of=Cell, uncertain_of=Uncertain,
                                            features=features)
    if night:   # round twenty-four: a solid band guessed empty, guessed a route (photo/night_bands.py)
        rows, uncertain = night_bands.guess(rows, uncertain, uncertain_of=Uncertain)
    if side_pens is not None:   # round twenty-four: a pen tinting the sides read empty (photo/night_pens.py)
        uncertain = night_pens.tinted(rows, uncertain, side_pens, uncertain_of=Uncertain)
        if not small:   # (a small photo's colours run into its other pen's strips: the pen's kind is unsure)
            rows, uncertain = night_pens.tinted_guess(rows, uncertain, side_pens, faces=_faces, uncertain_of=Uncertain)
    if pens and not night and expansion == "none" and pen_colour is not None and not noise_floor.night(pen_colour):
        # round twenty-seven: a day photo's pen lost in the grey, by its colour (photo/day_pens.py)
        day_sides = noisy_colour.side_colours(pen_colour.a, pen_colour.b, _strip,
                                              [(r, c, s) for r in range(SIZE) for c in range(SIZE) for s in range(4)])
        rows, uncertain = day_pens.guess(rows, uncertain, day_sides, faces=_faces, uncertain_of=Uncertain)
    if every:   # round twenty-four: a flagged station's sides by what lies across them (photo/station_kinds.py)
        rows, uncertain = station_kinds.revise(   # twenty-five: and by their shapes (twenty-six: clear of the mark)
            rows, uncertain, every, faces=_faces, uncertain_of=Uncertain, features=features,
            outer=lru_cache(maxsize=None)(lambda r, c, s: side_features(_strip(ink, r, c, s, station_kinds.OUTER))))
        uncertain = station_kinds.lift(rows, uncertain, every)
        # round twenty-seven: a route of one kind whose doubted side lies with the other kind (photo/placed_station.py)
        rows, uncertain = placed_station.revise(rows, uncertain, every, faces=_faces, cell_of=Cell,
                                                uncertain_of=Uncertain)
    if expansion == "none":   # round twenty-six: a station guessed on a plain route's centre (photo/unmarked_route.py)
        rows, uncertain = unmarked_route.apply(rows, uncertain, ink, rel, _centre_px, PX_PER_MM, square, Uncertain,
                                                  inked=inked, faces=_faces)
        # round twenty-six: a light route meeting nothing guessed empty (photo/lone_line.py)
        rows, uncertain = lone_line.revise(rows, uncertain, uncertain_of=Uncertain)
        # round twenty-seven: a crossed-out space guessed as the drawing its neighbours join (photo/extra_side.py)
        rows, uncertain = extra_side.revise(rows, uncertain, faces=_faces, uncertain_of=Uncertain)
        # round twenty-four: a route side read with certainty left out (photo/dropped.py)
        uncertain = dropped.revise(rows, uncertain, sides_at=sides_at, uncertain_of=Uncertain)
        # round twenty-seven: a join broken by a flag lifted after joins (photo/broken_join.py), and a
        # line in a colour few of the sheet's routes have: a stain (photo/stain_colour.py)
        uncertain = broken_join.revise(rows, uncertain, uncertain_of=Uncertain)
        if colour is not None and not small:
            uncertain = stain_colour.revise(rows, uncertain, colour, strip=_strip, uncertain_of=Uncertain)
    return rows, sorted(uncertain, key=lambda u: (u.square[0], int(u.square[1:])))


def _station_habit(rows, uncertain: list[Uncertain], read_at, ink: np.ndarray,
                   unseen: dict[tuple[int, int], frozenset[int]]) -> tuple[list, list[Uncertain]]:
    """Round fourteen: the centre marks as this sheet's clear stations show them
    (``photo/centre.py``): a space whose centre shows the sheet's station mark where none is read
    is flagged and guessed a station, a straight crossing's too; a station guessed where the centre
    shows nothing like them is guessed without one. It never makes a space certain."""
    flagged = {u.square: u for u in uncertain}
    cells, marks, known = {}, {}, {}

    def sides_of(r: int, c: int) -> list[SideRead]:   # each space's sides (``read_at``) read once
        if (r, c) not in known:
            known[(r, c)] = read_at(r, c)
        return known[(r, c)]

    for r in range(SIZE):
        for c in range(SIZE):
            u = flagged.get(square(r, c))
            cells[(r, c)] = (rows[r][c], u is None, "" if u is None else u.reason)
            marks[(r, c)] = centre_marks.measure(ink, *_centre_px(r, c), PX_PER_MM) \
                if rows[r][c].edges != "...." else centre_marks.NONE   # (an empty space's is not looked at)

    def sure(r: int, c: int) -> bool:
        # every side read with certainty, and its ink clear of the station shows its kind
        if (r, c) in unseen or not all(x.certain for x in sides_of(r, c)):
            return False
        return all(centre_marks.agrees(kind, side_features(_strip(ink, r, c, s, centre_marks.LEAN_DEPTH)))
                   for s, kind in enumerate(rows[r][c].edges))

    def guess(r: int, c: int, cell: Cell, fill: float) -> Cell:
        sides = sides_of(r, c)
        if fill >= 0.6 and not centre_marks.joined(cell.edges):
            # a station's mark where the routes read need none: a side's kind is misread (a
            # highway drawn as one line, or with dashes, read as a railway)
            sides = [SideRead(x.kind, False, x.why) if x.kind == "r" else x for x in sides]
        lean = tuple(centre_marks.lean(side_features(_strip(ink, r, c, s, centre_marks.LEAN_DEPTH))) for s in range(4))
        return _nearest_face(cell, sides, fill, unseen.get((r, c), frozenset()), lean=lean)

    def bare(r: int, c: int) -> bool:
        return any(centre_marks.bare_railway(x.kind, x.certain,
                                             side_features(_strip(ink, r, c, s, centre_marks.LEAN_DEPTH)))
                   for s, x in enumerate(sides_of(r, c)))

    changed = centre_marks.revise(cells, marks, sure, guess, bare)
    if not changed:
        return rows, uncertain
    grid = [list(row) for row in rows]
    for (r, c), (cell, certain, why) in changed.items():   # (never certain: centre.revise only flags)
        grid[r][c] = cell
        flagged[square(r, c)] = Uncertain(square(r, c), cell.token, why)
    return [tuple(row) for row in grid], list(flagged.values())
ONE_LINE_DOUBTS = frozenset({NEITHER, BROAD, SOLID_BAND})


def _traced(shaky: dict[tuple[int, int], str] | None, r: int, c: int) -> bool:
    """Round thirteen: whether an overexposed space's traces are guessed routes (``_blown_light``):
    not where the printed grid's corner was found off where it is read, or not found, while its
    neighbours were (the grid read off its lines there: a strip may take in a neighbour's line)."""
    why = (shaky or {}).get((r, c), "")
    return "printed grid's corner" not in why


ODD_EMPTY_Z = 4.0        # an empty side whose middle darkness stands this many deviations above the photo's empty sides'
ODD_EMPTY_MIN = 5        # ... measured only with this many spaces read empty with certainty
ODD_EMPTY_NOISE = 0.002  # ... the deviation no smaller than this (a clipped paper's darkness is 0 throughout)
ODD_EMPTY_WHY = "a faint line? (darker in the middle than this photo's empty spaces)"


def _middle_rise(strip: np.ndarray) -> float:
    """How far a side's darkness, averaged along the route over the rows near the edge (the inner
    60 %, as ``_averaged``), rises in the middle eighth either side of the midpoint (where a route
    is drawn) above its median across the side."""
    part = strip[:max(3, int(strip.shape[0] * 0.6))].astype(np.float32)
    profile = part.mean(axis=0)
    n = len(profile)
    mid, reach = n // 2, max(1, n // 8)
    return float(profile[mid - reach:mid + reach + 1].max() - small_stats.median(profile))


def _odd_empty_spaces(rows, uncertain: list[Uncertain], rel: np.ndarray) -> list[Uncertain]:
    """Issue 35, never a silent guess: the spaces read entirely empty with certainty whose one side
    rises in its middle (``_middle_rise``) ODD_EMPTY_Z robust deviations above the same measure
    over every side of the photo's spaces read empty with certainty (an empty space is the
    photo's norm: the rule follows its paper, its noise and its light), flagged "a faint line?". A
    fine-liner's broken lines in a near-white corner and a low-light photo's light pencil fell
    under every threshold and in the averaged darkness (round eleven's held-out field set: 4 such
    spaces); on 448 dev photos 2.2 % of the truly empty spaces reached ODD_EMPTY_Z (0.24 a photo)."""
    listed = {u.square for u in uncertain}
    empty = [(r, c) for r, row in enumerate(rows) for c, cell in enumerate(row)
             if cell.token == "...." and square(r, c) not in listed]
    if len(empty) < ODD_EMPTY_MIN:
        return []
    rises = {place: [_middle_rise(_strip(rel, *place, s)) for s in range(4)] for place in empty}
    values = np.array([x for sides in rises.values() for x in sides])
    median = float(np.median(values))
    spread = max(ODD_EMPTY_NOISE, 1.4826 * float(np.median(np.abs(values - median))))
    return [Uncertain(square(r, c), "....", ODD_EMPTY_WHY) for (r, c), sides in rises.items()
            if max(sides) - median >= ODD_EMPTY_Z * spread]


NOISY_SNR = 12.0         # the drawing's lighter lines, averaged along the route, under this many noise deviations ...
NOISY_ROUTES_MIN = 12    # ... (or fewer sides than this read as routes with certainty to measure them on) ...
NOISY_WHY = ("a light line lost in the noise? (a dark, noisy photo: its drawn lines barely stand out "
             "of the noise, so an empty space is not certain)")


def _line_contrast(strip: np.ndarray, kind: str, src_ppm: float) -> tuple[float, float]:
    """A side's route seen in its darkness averaged along the route (``_averaged``): (how far its
    line stands above the side's paper -- a railway's darkest within 1.2 mm of the middle, a
    highway's two lines 1.9-3.1 mm either side of it, their mean -- 0 for an empty side; the
    noise of that average)."""
    p = PX_PER_MM
    _, prof, noise = _averaged(strip, src_ppm)
    h = prof - float(small_stats.percentile(prof, 20))
    middle = (len(h) - 1) / 2
    if kind == "r":
        return float(h[int(middle - 1.2 * p):int(middle + 1.2 * p) + 2].max()), noise
    if kind == "h":
        return max(float(h[int(round(middle - d * p))] + h[int(round(middle + d * p))]) / 2
                   for d in np.arange(1.9, 3.15, 1 / p)), noise
    return 0.0, noise


def _noisy_empty_spaces(rows, uncertain: list[Uncertain], rel: np.ndarray, src_ppm: float, level: float,
                        floor: float, unmeasured: set[tuple[int, int]] = frozenset()) -> list[Uncertain]:
    """Issue 35, round twelve: in a photo whose ink threshold is its paper's noise (``level`` no
    higher than ``floor``: a dark room's sensor noise, not the drawing, sets it) a light line falls
    under every threshold, and an empty space is certain only when the averaged darkness could
    have shown what it lost. It could when the drawing's lighter lines -- the lower quartile of
    ``_line_contrast`` over the sides read as routes with certainty -- stand NOISY_SNR noise
    deviations dark (the median noise of the sides read empty with certainty): a line a third as
    dark then still stands the 4 deviations ``profile_lines`` counts a peak at. When they do not,
    or fewer than NOISY_ROUTES_MIN sides were read as routes with certainty (the drawing hardly
    seen at all), every space read empty with certainty is flagged. On the dev low-light photos
    930,000- (1-3 MP) every space read wrong and not flagged was in such a photo, read empty.
    ``unmeasured``: spaces flagged but for a faint side ``faint_sheet`` settled, left out of the
    measure (round nineteen: they moved it both ways, 94,030's flipped, every empty space flagged)."""
    if level > floor:
        return []
    listed = {u.square for u in uncertain}
    certain = [(r, c, cell) for r, row in enumerate(rows) for c, cell in enumerate(row)
               if square(r, c) not in listed and cell.marker != "v"]
    lines, noises = [], []
    for r, c, cell in certain:
        if (r, c) in unmeasured:
            continue
        for s, kind in enumerate(cell.edges):
            dark, noise = _line_contrast(_strip(rel, r, c, s), kind, src_ppm)
            if kind == ".":
                noises.append(noise)
            else:
                lines.append(dark)
    empty = [(r, c) for r, c, cell in certain if cell.token == "...."]
    if not empty:
        return []
    light = float(np.percentile(lines, 25)) if len(lines) >= NOISY_ROUTES_MIN else 0.0
    if light >= NOISY_SNR * float(np.median(noises)):
        return []
    return [Uncertain(square(r, c), "....", NOISY_WHY) for r, c in empty]


def _small_agrees(rel: np.ndarray, cell: Cell, r: int, c: int, src_ppm: float,
                  skip: frozenset[int] = frozenset(), measured: bool = False) -> bool:
    """Whether a space of a small photo (the grid under LOW_GRID_PX_PER_MM), read with certainty row
    by row, is read the same by the darkness averaged along each side (``profile_lines``, whose
    noise falls with the square root of the rows it averages): each route's line or two lines
    there, no line on an empty side. Round nine: a messaging app's photo (1280 px, JPEG 50) had
    every space flagged; on the round's dev photos under 2.6 px/mm this agreement left none wrong
    unflagged. ``skip``: sides not looked at (an unblurred copy's empty sides whose blurred photo
    shows no ink: ``_unblurred_doubts``)."""
    for s, kind in enumerate(cell.edges):
        if s in skip:
            continue
        strip = _strip(rel, r, c, s)
        vote = profile_lines(strip, src_ppm, measured=True) if measured and kind == "." else profile_lines(strip, src_ppm)
        if vote != (None if kind == "." else kind):
            return False
    return True


@lru_cache(maxsize=2)
def _interior(box_margin: float = 0.8) -> np.ndarray:
    """A mask of the rectified grid's insides: every square without its printed lines and round
    box (and ``box_margin`` mm around the box)."""
    p = PX_PER_MM
    size = int(round((layout.GRID_MM + 2 * MARGIN_MM) * p))
    mask = np.zeros((size, size), bool)
    for r in range(SIZE):
        for c in range(SIZE):
            x0 = (MARGIN_MM + c * layout.SQUARE_MM) * p
            y0 = (MARGIN_MM + r * layout.SQUARE_MM) * p
            a, b = int(x0 + 1.5 * p), int(x0 + (layout.SQUARE_MM - 1.5) * p)
            mask[int(y0 + 1.5 * p):int(y0 + (layout.SQUARE_MM - 1.5) * p), a:b] = True
            box = layout.ROUND_BOX_MM + layout.ROUND_BOX_INSET_MM + box_margin
            mask[int(y0 + (layout.SQUARE_MM - box) * p):int(y0 + layout.SQUARE_MM * p),
                 int(x0 + (layout.SQUARE_MM - box) * p):int(x0 + layout.SQUARE_MM * p)] = False
    return mask



LINES_LIGHT = 0.6        # the drawing's lines this much lighter than its filled squares set the ink level


def _threshold(rel: np.ndarray) -> tuple[float, float, float]:
    """(ink, faint, trace): ink is darker than this share of the print's black, about 40 % of the
    drawing's strong ink (pencil comes out lighter than pen; an erased line is lighter still);
    faint is above the paper's own noise and about a third of the strong ink. Both go down to
    LEVEL_MIN and FAINT_MIN for a light drawing (a soft pencil in a blurred photo), and no lower
    than 0.13 on a sheet with little drawn on it. Trace is just above the paper's noise: a side
    that reads as empty but has a long line there is uncertain."""
    drawn = rel[_interior()]
    paper = float(np.median(drawn))
    noise = float(np.median(np.abs(drawn - paper))) * 1.4826
    floor = max(0.13, paper + 5 * noise)
    strong = drawn[drawn > floor]
    lowest = max(TRACE_MIN, paper + 6 * noise)
    if strong.size < 400:
        return max(0.25, floor), floor, max(lowest, floor)
    level = float(np.percentile(strong, 90))
    # round ten: a fine-liner's 0.1-0.2 mm lines come out far lighter than its filled station
    # squares, and at 40 % of the squares' darkness the lines fell under the threshold (read as
    # empty, flagged "a faint line?"): when the lines' strong ink (the squares taken out) is under
    # LINES_LIGHT of the whole drawing's, the lines set the level (on dev photos a fine-liner's
    # lines measured 0.22-0.73 of it, a pencil's or a pen's 0.67-1.0)
    above = ((rel > floor) & _interior()).astype(np.uint8)
    k = int(round(1.8 * PX_PER_MM))
    filled = cv2.dilate(cv2.morphologyEx(above, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (k, k))),
                        np.ones((5, 5), np.uint8))
    lines = rel[(above > 0) & (filled == 0)]
    if lines.size >= 400 and float(np.percentile(lines, 90)) < LINES_LIGHT * level:
        level = float(np.percentile(lines, 90))
    floor = max(FAINT_MIN, paper + 5 * noise, min(0.13, level / 3))
    return min(0.4, max(floor, LEVEL_MIN, level * 0.42)), floor, lowest


def screen_score(data: bytes) -> tuple[float | None, int]:
    """:func:`screen.screen_score` of a whole photo (JPEG bytes), for tests and benchmarks; a
    photo whose markers are not found raises :class:`PhotoError` as :func:`read_photo` would."""
    gray = _decode(data)
    found, _ = _find_markers(gray)
    if len(found) < 2:
        raise PhotoError(f"{len(found)} of the 4 corner marks found")
    H, _ = _homography(found)
    _rectify(gray, H)   # a grid too small to read is refused as read_photo refuses it
    return screen.screen_score(gray, H)
