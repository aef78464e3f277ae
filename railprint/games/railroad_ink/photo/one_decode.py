"""A plain PNG decoded once (issue 35, round seventeen: the CPU of a 12 MP PNG).

``read._decode`` decodes a photo to one grey channel and ``colour.photo`` decodes it again in
colour at half size. A JPEG's half-size colour comes from its decoder's own scaling (cheap), but
a PNG has no such scaling: OpenCV decodes it whole, in colour, and halves it, and its grey decode
is another whole decode (libpng's ``png_do_rgb_to_gray``): 0.25-0.3 s each at 12 MP.

For a *plain* PNG (8-bit RGB, no colour-space chunk, no transparency, no EXIF orientation, no
palette: :func:`plain_png`) the two copies are made here from one colour decode, each equal to
what its own decode gives, byte for byte:

* the grey copy is libpng's sum without gamma, ``(9797 R + 19234 G + 3737 B) >> 15`` (its
  coefficients are OpenCV's 0.299 and 0.587 in libpng's 1/32768, blue the rest; a grey pixel keeps
  its value, as libpng's own shortcut does), computed exactly in ``cv2.transform``'s float sums
  (every term a multiple of 2^-16 under 2^8: 24 bits, exact in a float32), rounded after a shift of
  just under a half (so the rounding is the sum's floor);
* the half-size colour copy is OpenCV's own halving of the whole decode (``cv2.resize`` to the
  integer half, ``INTER_LINEAR_EXACT``, as ``imdecode`` does for ``IMREAD_REDUCED_COLOR_2``).

``decode`` gives both; the reader passes the colour copy down to ``colour.photo`` (round
eighteen: no module state, so two photos read at once in one process never meet). Any other photo
is decoded as before, and its colour copy is decoded by ``half_colour`` when it is wanted. The tests
decode every 24-bit colour both ways (``tests/games/railroad_ink/test_ri_photo_one_decode.py``).
"""

from __future__ import annotations

import cv2
import numpy as np

PNG_HEAD = b"\x89PNG\r\n\x1a\n"
# chunks that change nothing in the pixels an 8-bit RGB PNG decodes to (anything else: decoded as before)
HARMLESS = {b"IHDR", b"IDAT", b"IEND", b"pHYs", b"tIME"}
# libpng's grey sum (``png_set_rgb_to_gray(png, 1, 0.299, 0.587)``: 0.299 and 0.587 of 32768,
# truncated; blue the rest), in OpenCV's channel order (B, G, R), less just under a half for the floor
GREY = np.array([[3737, 19234, 9797, -16384 + 0.5]], np.float64) / 32768
KEEP_FULL = 4_000_000   # a plain PNG's whole colour decode is kept up to this many pixels (decode_kept)


def plain_png(data: bytes) -> bool:
    """Whether ``data`` is a PNG of 8-bit RGB pixels whose chunks are all HARMLESS (walked up to
    its first IDAT; a damaged header is not plain: it is decoded as before, and refused there)."""
    if not data.startswith(PNG_HEAD) or len(data) < 33 or data[12:16] != b"IHDR":
        return False
    if data[24] != 8 or data[25] != 2:   # bit depth 8, colour type 2 (RGB)
        return False
    at = 8
    while at + 8 <= len(data):
        size, kind = int.from_bytes(data[at:at + 4], "big"), data[at + 4:at + 8]
        if kind not in HARMLESS:
            return False
        if kind == b"IDAT":
            return True
        at += 12 + size
    return False


def decode(data: bytes) -> tuple[np.ndarray | None, np.ndarray | None]:
    """(the photo's grey copy, as ``cv2.imdecode(data, IMREAD_GRAYSCALE)`` gives it; its half-size
    colour copy, as ``half_colour`` gives it, for a plain PNG, made from the same one colour decode,
    else None: decoded only when wanted)."""
    return decode_kept(data)[:2]


def decode_kept(data: bytes) -> tuple[np.ndarray | None, np.ndarray | None, np.ndarray | None]:
    """``decode(data)``, and the whole colour decode of a plain PNG of at most ``KEEP_FULL`` pixels
    (else None): a small photo's colours are read at full size (``small_colour``, round twenty-five),
    and a messaging app's copy is such a PNG; a larger one is decoded again when wanted, so its
    whole colour copy (3 bytes a pixel) is not held through the read."""
    buf = np.frombuffer(data, np.uint8)
    colour = cv2.imdecode(buf, cv2.IMREAD_COLOR) if plain_png(data) else None
    if colour is None or colour.ndim != 3 or colour.shape[2] != 3:   # (a damaged one: its own decode says why)
        return cv2.imdecode(buf, cv2.IMREAD_GRAYSCALE), None, None
    h, w = colour.shape[:2]
    half = cv2.resize(colour, (w // 2, h // 2), interpolation=cv2.INTER_LINEAR_EXACT)
    return cv2.transform(colour, GREY), half, colour if h * w <= KEEP_FULL else None


def grey(data: bytes) -> np.ndarray | None:
    """``decode(data)``'s grey copy alone."""
    return decode(data)[0]


def half_colour(data: bytes, kept: np.ndarray | None = None) -> np.ndarray | None:
    """The photo at half size in colour, as ``cv2.imdecode(data, IMREAD_REDUCED_COLOR_2)`` gives
    it: ``kept`` (the copy ``decode`` made of this photo) when there is one, else decoded."""
    if kept is not None:
        return kept
    return cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_REDUCED_COLOR_2)
