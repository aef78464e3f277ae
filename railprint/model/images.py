"""Pictures on cards: finding, checking and placing the files of ``image`` layers.

A picture's path is relative to the content file and must stay inside that file's folder
(:func:`railprint.loading.resources.inside`). Pillow reads the
header (format and pixel size) and verifies the file once per file; a picture that would print
below 300 dpi at its size gets a located warning.
"""

from __future__ import annotations

import hashlib
import logging
import warnings
from functools import lru_cache
from pathlib import Path

from railprint.errors import RailprintError

MIN_DPI = 300
MAX_PIXELS = 25_000_000
"""Largest picture (5,000 x 5,000 px: 42 cm a side at 300 dpi). Checked from the header before
any pixel is decoded: Pillow's own bomb limit (89 Mpx) still let an 81 Mpx PNG of a few KB take
840 MB."""
MAX_PICTURE_BYTES = 64 * 1024 * 1024
FORMATS = ("PNG", "JPEG", "SVG")
"""Picture formats an ``image`` layer takes: PNG and JPEG (placed as pixels), SVG (drawn as
vectors by :mod:`railprint.model.svgart`, chosen by the ``.svg`` suffix)."""
VECTOR_SUFFIXES = (".svg",)
log = logging.getLogger("railprint")


@lru_cache(maxsize=256)
def _probe(path: str, stamp: tuple[int, int]) -> tuple[int, int, str]:
    from PIL import Image, UnidentifiedImageError

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)  # > 89 Mpx: refused
            with Image.open(path) as picture:
                kind, size = picture.format, picture.size
                if size[0] * size[1] > MAX_PIXELS:
                    raise ValueError(f"{size[0]} x {size[1]} pixels; at most {MAX_PIXELS // 1_000_000} "
                                     "million are read")
                picture.verify()
            with Image.open(path) as picture:
                picture.load()  # decode every pixel now: a broken data stream fails here, located,
                # not later inside the PDF writer
    except (OSError, UnidentifiedImageError, SyntaxError, ValueError, Image.DecompressionBombError,
            Image.DecompressionBombWarning) as exc:
        raise RailprintError(f"cannot read the picture {Path(path).name}: {exc}",
                             hint="use an undamaged PNG or JPEG file (a few thousand pixels a side is "
                                  "plenty), or an SVG file named .svg") from None
    if kind not in FORMATS:
        raise RailprintError(f"{Path(path).name} is a {kind} picture", hint="save it as " + ", ".join(FORMATS))
    with open(path, "rb") as handle:
        digest = hashlib.sha1(handle.read()).hexdigest()[:20]
    return size[0], size[1], digest


def probe(path: Path) -> tuple[int, int, str]:
    """(pixel width, pixel height, content key) of a PNG or JPEG file; errors if unusable."""
    try:
        stat = path.stat()
    except OSError:
        raise RailprintError(f"picture not found: {path.name}", hint=f"looked for {path}") from None
    if not path.is_file():
        raise RailprintError(f"not a picture file: {path}")
    if stat.st_size > MAX_PICTURE_BYTES:
        raise RailprintError(f"the picture {path.name} is larger than {MAX_PICTURE_BYTES // (1024 * 1024)} MiB",
                             hint="a few MB is plenty for a card")
    return _probe(str(path), (stat.st_mtime_ns, stat.st_size))


def place(fit: str, box: tuple[float, float, float, float], pixels: tuple[int, int]
          ) -> tuple[tuple[float, float, float, float], float]:
    """Where the whole picture lands for ``fit`` in ``box`` (x, y, w, h in pt), and its print dpi."""
    x, y, w, h = box
    pw, ph = pixels
    if fit == "stretch":
        return box, min(pw / w, ph / h) * 72
    scale = (min if fit == "contain" else max)(w / pw, h / ph)
    fw, fh = pw * scale, ph * scale
    return (x + (w - fw) / 2, y + (h - fh) / 2, fw, fh), 72 / scale
