"""Pictures on cards: finding, checking and placing the files of ``image`` layers.

A picture's path is relative to the content file and must stay inside that file's folder
(:func:`railprint.loading.paths.referenced`). Only the formats of :data:`SIGNATURES` are ever
decoded: the bytes are matched against them first, and Pillow is then allowed that one format.
Pillow reads the header (format and pixel size), and the pixels are decoded once per file; a
picture that would print below 300 dpi at its size gets a located warning. Writers embed the
bytes checked here (:func:`picture_bytes`), never a file read anew.
"""

from __future__ import annotations

import hashlib
import io
import logging
import sys
import warnings
from functools import lru_cache
from pathlib import Path

from railprint.errors import RailprintError, file_version, shortened
from railprint.loading.text import read_bytes

MIN_DPI = 300
MAX_PIXELS = 25_000_000
"""Largest picture (5,000 x 5,000 px: 42 cm a side at 300 dpi). Checked from the header before
any pixel is decoded: Pillow's own bomb limit (89 Mpx) still let an 81 Mpx PNG of a few KB take
840 MB."""
MAX_PICTURE_BYTES = 64 * 1024 * 1024
SIGNATURES = {"PNG": (b"\x89PNG\r\n\x1a\n",), "JPEG": (b"\xff\xd8\xff",)}
"""The raster formats railprint decodes, by their first bytes: the ONE place to add one.
A file is matched against these before any decoder sees it, and Pillow is then allowed that
format's plugin only (an EPS file named ``x.png`` once reached Ghostscript)."""
MAX_JPEG_SCANS = 256
MAX_SCAN_PIXELS = 1_250_000_000
"""A progressive JPEG is decoded once per scan: scans x pixels is bounded (about 0.75 s of
decoding on the reference machine; a normal 25 Mpx photo with 10 scans is 250 million). A
crafted 75 KiB file of 1,800 tiny scans took 15 s."""
MAX_SEGMENTS = 1000
"""Segments (JPEG markers, PNG chunks) a picture or photo may hold before its pixels. A phone's
photo has a few dozen (EXIF, ICC, XMP — extended XMP too —, MPF); Pillow reads the header's one
by one in Python: 7 million 4-byte JPEG comments took it 13.6 s of CPU, 1.8 million PNG text
chunks 7.4 s."""
MAX_EXIF_SEGMENTS = 8
"""A JPEG's EXIF segments (APP1 ``Exif``; a camera writes one): Pillow joins them by adding one
to the bytes held so far, so their cost is quadratic — 450 of 64 KB (a 30 MB photo) took 6.3 s of
CPU, 600 (a 39 MB card picture) took ``validate`` 16.5 s and 351 MB."""


def header_parts(data: bytes, kind: str) -> tuple[int, int]:
    """(segments, EXIF segments) of a PNG's or JPEG's header before its pixels, walked as far as
    ``MAX_SEGMENTS`` + 1 segments. A header this walk cannot follow is left to Pillow, which
    refuses it."""
    pos, parts, exif = (8 if kind == "PNG" else 2), 0, 0
    while parts <= MAX_SEGMENTS and kind in ("PNG", "JPEG"):
        if kind == "PNG":
            if pos + 8 > len(data) or data[pos + 4:pos + 8] == b"IDAT":
                break
            pos += 12 + int.from_bytes(data[pos:pos + 4], "big")
        else:
            if pos + 2 > len(data) or data[pos] != 0xFF:
                break
            marker = data[pos + 1]
            if marker == 0xDA:                                # start of scan: the pixels
                break
            if marker == 0xFF:                                # a fill byte (counted: 30 MB of them)
                pos += 1
            elif marker in (0x01, 0xD8) or 0xD0 <= marker <= 0xD7:
                pos += 2
            else:
                exif += marker == 0xE1 and data[pos + 4:pos + 10] == b"Exif\0\0"
                pos += 2 + int.from_bytes(data[pos + 2:pos + 4], "big")
        parts += 1
    return parts, exif


def bound_header(data: bytes, kind: str) -> None:
    """Refuse a header of more than ``MAX_SEGMENTS`` segments or ``MAX_EXIF_SEGMENTS`` EXIF
    segments before Pillow walks it (ValueError)."""
    parts, exif = header_parts(data, kind)
    if parts > MAX_SEGMENTS:
        raise ValueError(f"over {MAX_SEGMENTS} parts before its pixels (a phone's photo has a few dozen)")
    if exif > MAX_EXIF_SEGMENTS:
        raise ValueError(f"over {MAX_EXIF_SEGMENTS} EXIF parts (a camera writes one)")


PNG_TEXT = (b"tEXt", b"zTXt", b"iTXt")
"""A PNG's text chunks: Pillow unpacks each as it reads the header and refuses the whole file —
"Decompressed data too large for PngImagePlugin.MAX_TEXT_CHUNK" — when one unpacks to over
1 MiB (or all of them to over 64 MiB); the photo reader said "not an image file"."""
PNG_PROFILE = b"iCCP"   # a colour profile, unpacked (and refused over 1 MiB) the same way
MAX_CHUNK_WALK = 100_000
"""Chunks :func:`png_without` walks (a picture's pixels may come in thousands of IDAT chunks)."""


def png_without(data: bytes, kinds: tuple[bytes, ...], *, before_pixels: bool = False) -> bytes | None:
    """A PNG's bytes without its chunks of ``kinds`` (all of them, or only those before the first
    IDAT: all a header read needs); None if the chunks cannot be walked (cut short, or more than
    ``MAX_CHUNK_WALK``): then the file is left to Pillow as it is."""
    if not data.startswith(SIGNATURES["PNG"]):
        return None
    kept, pos, start, walked = [], 8, 0, 0
    while pos + 8 <= len(data) and walked < MAX_CHUNK_WALK:
        kind, end = data[pos + 4:pos + 8], pos + 12 + int.from_bytes(data[pos:pos + 4], "big")
        if end > len(data):
            return None
        if kind == b"IDAT" and before_pixels:
            break
        if kind in kinds:
            kept.append(data[start:pos])
            start = end
        pos, walked = end, walked + 1
        if kind == b"IEND":
            break
    else:
        if pos < len(data) and not before_pixels:
            return None
    kept.append(data[start:])
    return b"".join(kept)


def header_bytes(data: bytes, kind: str) -> bytes:
    """The bytes Pillow is given to read a photo's header (its size): a PNG's text chunks and
    colour profile before the pixels left out — Pillow unpacks them while opening and refused a
    photo whose metadata unpacks to over 1 MiB as "not an image file", though the decoder (OpenCV)
    reads its pixels and the header needs none of it. Walked only as far as the first IDAT, after
    :func:`bound_header` has bounded the chunks there."""
    if kind != "PNG":
        return data
    return png_without(data, (*PNG_TEXT, PNG_PROFILE), before_pixels=True) or data


def png_metadata_problem(data: bytes, kind: str) -> str | None:
    """Why Pillow refused a PNG, if its metadata is what it refused: the picture reads without
    its text chunks (or colour profile). Asked only after Pillow failed (it decodes the picture
    again)."""
    from PIL import Image

    if kind != "PNG":
        return None
    for kinds, what in ((PNG_TEXT, "a text chunk (tEXt, zTXt or iTXt) unpacks to over 1 MiB, or all of them to "
                                   "over 64 MiB"),
                        ((*PNG_TEXT, PNG_PROFILE), "its colour profile (iCCP) unpacks to over 1 MiB")):
        bare = png_without(data, kinds)
        if bare is None or bare == data:
            continue
        try:
            with Image.open(io.BytesIO(bare), formats=[kind]) as picture:
                if picture.size[0] * picture.size[1] > MAX_PIXELS:
                    return None   # refused for its size (no pixel is decoded here either)
                picture.load()
        except Exception:
            continue
        return f"its metadata is too large to read: {what}"
    return None


FORMATS = ("PNG", "JPEG", "SVG")
"""Picture formats an ``image`` layer takes: PNG and JPEG (placed as pixels), SVG (drawn as
vectors by :mod:`railprint.model.svgart`, chosen by the ``.svg`` suffix)."""
VECTOR_SUFFIXES = (".svg",)
log = logging.getLogger("railprint")


class _Terminal(logging.Handler):
    """railprint's warnings on stderr as its errors are: control characters escaped
    (:func:`railprint.report.terminal_safe`) and a huge value cut (:func:`shortened`). With no
    handler of its own they went through logging's last-resort handler as typed: a card list's
    column named ``\x1b[31m…`` coloured the terminal, a 60,000-character one was echoed whole.
    Like the last resort, it speaks only when the program set up no logging of its own."""

    def emit(self, record: logging.LogRecord) -> None:
        if logging.getLogger().handlers:
            return   # the program's own logging (and a test's) takes the record as it is
        from railprint.report import terminal_safe

        try:
            sys.stderr.write(terminal_safe(shortened(record.getMessage())) + "\n")
            sys.stderr.flush()
        except Exception:   # pragma: no cover - as logging's own handlers do
            self.handleError(record)


if not any(type(handler).__name__ == "_Terminal" for handler in log.handlers):   # once, even if re-imported
    log.addHandler(_Terminal(logging.WARNING))


def _refuse(name: str, why: str) -> RailprintError:
    return RailprintError(f"cannot read the picture {name}: {why}",
                          hint="use an undamaged PNG or JPEG file (a few thousand pixels a side is plenty), "
                               "or an SVG file named .svg")


def picture_format(data: bytes) -> str | None:
    """The format of a picture's bytes, from its signature (None: not one railprint reads)."""
    for kind, heads in SIGNATURES.items():
        if data.startswith(heads):
            return kind
    return None


def _read(path: str) -> tuple[bytes, str]:
    """The bytes of a picture file (regular, size-capped) and its format, or a clear error."""
    name = Path(path).name
    data = read_bytes(path, RailprintError, MAX_PICTURE_BYTES)
    kind = picture_format(data)
    if not data:
        raise RailprintError(f"cannot read the picture {name}: the file is empty", hint="save it as PNG or JPEG")
    if kind is None:
        raise RailprintError(f"cannot read the picture {name}: not a PNG or JPEG file (it starts with {data[:8]!r})",
                             hint="save it as PNG or JPEG")
    return data, kind


@lru_cache(maxsize=256)
def _probe(path: str, stamp: tuple[int, int]) -> tuple[int, int, str]:
    from PIL import Image, UnidentifiedImageError

    name = Path(path).name
    data, kind = _read(path)
    try:
        bound_header(data, kind)
    except ValueError as exc:
        raise _refuse(name, f"its header has {exc}") from None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)  # > 89 Mpx: refused
            with Image.open(io.BytesIO(data), formats=[kind]) as picture:
                size = picture.size
                if size[0] * size[1] > MAX_PIXELS:
                    raise ValueError(f"{size[0]} x {size[1]} pixels; at most {MAX_PIXELS // 1_000_000} "
                                     "million are read")
                if kind == "JPEG":
                    bound_jpeg_scans(data, size)
                picture.verify()
            with Image.open(io.BytesIO(data), formats=[kind]) as picture:
                picture.load()  # decode every pixel now: a broken data stream fails here, located,
                # not later inside the PDF writer
    except (OSError, UnidentifiedImageError, SyntaxError, ValueError, Image.DecompressionBombError,
            Image.DecompressionBombWarning) as exc:
        metadata = png_metadata_problem(data, kind) if isinstance(exc, ValueError) else None
        if metadata:   # Pillow's words were "Decompressed data too large for PngImagePlugin.MAX_TEXT_CHUNK"
            raise RailprintError(f"cannot read the picture {name}: {metadata}",
                                 hint="save the picture again without its metadata (e.g. optipng -strip all, or "
                                      "an editor's 'export without metadata')") from None
        raise _refuse(name, str(exc)) from None
    return size[0], size[1], hashlib.sha1(data).hexdigest()[:20]


def bound_jpeg_scans(data: bytes, size: tuple[int, int]) -> None:
    """Refuse a JPEG whose scans would take long to decode, before decoding it. Every
    start-of-scan marker counts (inside coded data 0xFF is always followed by 0x00 or a restart
    number, so this never undercounts)."""
    scans = data.count(b"\xff\xda")
    if scans > MAX_JPEG_SCANS or scans * size[0] * size[1] > MAX_SCAN_PIXELS:
        raise ValueError(f"a JPEG of {scans} scans at {size[0]} x {size[1]} pixels is too slow to decode "
                         f"(at most {MAX_JPEG_SCANS} scans and {MAX_SCAN_PIXELS // 1_000_000} million "
                         "pixels x scans)")


def picture_bytes(path: str, key: str) -> bytes:
    """The checked picture's bytes for a writer: read again, they must still be the content
    :func:`probe` verified (``key``), so no other file ever reaches a decoder."""
    data, _ = _read(path)
    if hashlib.sha1(data).hexdigest()[:20] != key:
        raise RailprintError(f"the picture {Path(path).name} changed while railprint was rendering",
                             hint="run again")
    return data


def probe(path: Path) -> tuple[int, int, str]:
    """(pixel width, pixel height, content key) of a PNG or JPEG file; errors if unusable."""
    version = file_version(path, "picture")
    if version[1] > MAX_PICTURE_BYTES:
        raise RailprintError(f"the picture {path.name} is larger than {MAX_PICTURE_BYTES // (1024 * 1024)} MiB",
                             hint="a few MB is plenty for a card")
    return _probe(str(path), version)


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
