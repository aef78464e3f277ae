"""Rasterise the PDF railprint already writes into one image per page or component face.

pypdfium2 renders a page at ``dpi / 72`` pixels per point and rounds the bitmap up to whole
pixels, so each image is cropped to the pixel size computed from the physical size:
``round(mm / 25.4 * dpi)``. A 63 × 88 mm card with 3 mm bleed at 300 dpi is 815 × 1110 px;
the same card trimmed (``bleed=False``) is 744 × 1039 px. Pictures carry their dpi.

A trimmed face (``bleed=False``) of a deck with ``corner_radius`` has its corners outside the
radius cut away: transparent in a PNG (RGBA), the background (white) in a JPEG. With the bleed
kept the image stays rectangular — the bleed is there to be cut.

Encoding costs more than rendering: PNG uses a fast zlib level. ``render --format png|jpeg``
streams (:func:`document_images`): each face is rendered, encoded and written to the staging folder
before the next is rendered, so memory stays flat with the number of faces (30 cards at 1200 dpi
held 1.86 GB; 5,000 cards at 300 dpi ended in MemoryError).
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable

from railprint.errors import RailprintError
from railprint.scene import Document

FORMATS = {"png": "PNG", "jpeg": "JPEG", "jpg": "JPEG"}
MAX_DPI = 1200
MAX_PIXELS = 40_000_000  # one image; a 10 × 10 m board at 300 dpi would be 1.4 Gpx
POINTS_PER_INCH = 72.0


@dataclass(frozen=True)
class Raster:
    """One rendered page: its label, its pixels (a Pillow image) and its dpi."""

    label: str
    image: object
    dpi: int


def pixels(points: float, dpi: int) -> int:
    """Whole pixels for a length in points at ``dpi`` (nearest pixel, at least one)."""
    return max(1, round(points / POINTS_PER_INCH * dpi))


def check_dpi(dpi: int) -> int:
    if not isinstance(dpi, int) or isinstance(dpi, bool) or not 36 <= dpi <= MAX_DPI:
        raise RailprintError(f"--dpi must be a whole number from 36 to {MAX_DPI}, got {dpi!r}",
                             hint="300 is the usual print-on-demand resolution")
    return dpi


def _box(page, bleed: bool) -> tuple[float, float, float, float]:
    """The part of a page to keep, in points: the whole page, or its trim box."""
    if not bleed and page.trim is not None:
        return page.trim
    return (0.0, 0.0, page.width, page.height)


@lru_cache(maxsize=16)
def corner_mask(width: int, height: int, radius: float):
    """An 8-bit mask of a ``width`` × ``height`` px rounded rectangle (255 inside, 0 outside
    the corners' radius in px), anti-aliased: drawn four times larger and reduced."""
    from PIL import Image, ImageDraw

    mask = Image.new("L", (width, height), 255)
    r = max(1, min(round(radius), width // 2, height // 2))
    big = Image.new("L", (4 * r, 4 * r), 0)
    ImageDraw.Draw(big).ellipse((0, 0, 8 * r - 1, 8 * r - 1), fill=255)
    corner = big.resize((r, r), Image.Resampling.BOX)   # the top-left quarter
    mask.paste(corner, (0, 0))
    mask.paste(corner.transpose(Image.Transpose.FLIP_LEFT_RIGHT), (width - r, 0))
    mask.paste(corner.transpose(Image.Transpose.FLIP_TOP_BOTTOM), (0, height - r))
    mask.paste(corner.transpose(Image.Transpose.ROTATE_180), (width - r, height - r))
    return mask


def _check_sizes(doc: Document, dpi: int, bleed: bool) -> None:
    check_dpi(dpi)
    for page in doc.pages:
        x, y, w, h = _box(page, bleed)
        if pixels(w, dpi) * pixels(h, dpi) > MAX_PIXELS:
            raise RailprintError(
                f"page {page.label or '?'} would be {pixels(w, dpi)} × {pixels(h, dpi)} px at {dpi} dpi "
                f"(at most {MAX_PIXELS // 1_000_000} Mpx an image)", hint="use a lower --dpi")


def _raster(document, index: int, page, dpi: int, bleed: bool, background: tuple[int, int, int]) -> Raster:
    """Page ``index`` of an open pdfium document (``page``: its scene page) as a cropped image."""
    scale = dpi / POINTS_PER_INCH
    x, y, w, h = _box(page, bleed)
    left, top = round(x * scale), round(y * scale)
    # pdfium renders only the kept part (its crop cuts whole pixels off the full-page render, so
    # the pixels are those of cropping the whole page) as RGBX, which Pillow reads in place: the
    # RGB image is the one copy made of the 58 MB a 1200 dpi card takes
    source = document[index]
    width, height = pixels(w, dpi), pixels(h, dpi)
    right = math.ceil(source.get_width() * scale) - left - width
    bottom = math.ceil(source.get_height() * scale) - top - height
    cut = tuple((n - 0.5) / scale if n > 0 else 0 for n in (left, bottom, right, top))
    if min(left, top, right, bottom) < 0:
        cut = (0, 0, 0, 0)
    bitmap = source.render(scale=scale, crop=cut, fill_color=(*background, 255), rev_byteorder=True,
                           prefer_bgrx=True)
    whole = bitmap.to_pil()
    if whole.size != (width, height):    # (a page smaller than its box: cropped and padded as before)
        offset = (0, 0) if cut != (0, 0, 0, 0) else (left, top)
        whole = whole.crop((*offset, offset[0] + width, offset[1] + height))
    image = whole.convert("RGB")
    del whole
    bitmap.close()
    if not bleed and page.trim is not None and page.corner_radius > 0:
        image.putalpha(corner_mask(*image.size, page.corner_radius * scale))
    return Raster(page.label, image, dpi)


def rasterise(doc: Document, pdf: bytes, dpi: int, *, bleed: bool = True,
              background: tuple[int, int, int] = (255, 255, 255)) -> list[Raster]:
    """Every page of ``pdf`` (the bytes written for ``doc``) as an RGB image at ``dpi``,
    cropped to the computed pixel size of the page (or its trim box when ``bleed`` is False).
    A trimmed page with rounded corners is RGBA, transparent outside them."""
    import pypdfium2 as pdfium

    _check_sizes(doc, dpi, bleed)
    document = pdfium.PdfDocument(pdf)
    try:
        if len(document) != len(doc.pages):
            raise RailprintError("the PDF and its scene disagree on the page count (internal error)")
        return [_raster(document, index, page, dpi, bleed, background) for index, page in enumerate(doc.pages)]
    finally:
        document.close()


def encode(raster: Raster, fmt: str) -> bytes:
    """One image file; PNG at a fast compression level, JPEG at quality 92 (4:4:4)."""
    kind = FORMATS[fmt.lower()]
    buffer = io.BytesIO()
    if kind == "PNG":
        raster.image.save(buffer, "PNG", compress_level=1, dpi=(raster.dpi, raster.dpi))
    else:
        image = raster.image
        if image.mode == "RGBA":   # rounded corners: the background (white) outside them
            from PIL import Image

            flat = Image.new("RGB", image.size, (255, 255, 255))
            flat.paste(image, mask=image.getchannel("A"))
            image = flat
        image.save(buffer, "JPEG", quality=92, subsampling=0, dpi=(raster.dpi, raster.dpi))
    return buffer.getvalue()


def face_key(page) -> int:
    """Pages showing the same face (copies of a card on 1-up pages share one drawn group) have
    the same key; any other page has a key of its own."""
    inner = page.items[0] if len(page.items) == 1 else None
    if page.trim is not None and inner is not None and getattr(inner, "items", None):
        return id(inner.items[0])
    return id(page)


def document_images(doc: Document, pdf: bytes, fmt: str, dpi: int, *, bleed: bool = True,
                    distinct: bool = False) -> list[Callable[[], bytes]]:
    """For every page of ``doc``, a function returning its encoded image; a face shown on
    several pages (a card's copies, a common back) is rendered and encoded once, and kept only
    until its last page has been asked for. Nothing is rendered until asked: the writer
    (:func:`railprint.writers.write_files`) asks for each file as it writes it, so one face at a
    time is in memory, whatever the number of faces. Sizes, dpi and format are checked now.
    ``distinct``: every page is a face of its own (a board's bands draw one group, clipped)."""
    if fmt.lower() not in FORMATS:
        raise RailprintError(f"unknown image format {fmt!r}", hint="expected png or jpeg")
    _check_sizes(doc, dpi, bleed)
    keys = list(range(len(doc.pages))) if distinct else [face_key(page) for page in doc.pages]
    first = {key: index for index, key in reversed(list(enumerate(keys)))}
    last = {key: index for index, key in enumerate(keys)}
    distinct = sorted(set(first.values()))
    faces = _Faces(doc, pdf, distinct)
    kept: dict[int, bytes] = {}

    def image(index: int) -> bytes:
        key = keys[index]
        data = kept.get(key)
        if data is None:
            data = encode(faces.raster(first[key], dpi, bleed), fmt)
            if last[key] > index:
                kept[key] = data
        elif last[key] == index:
            del kept[key]
        return data

    return [lambda index=index: image(index) for index in range(len(keys))]


class _Faces:
    """The distinct pages of a document as a pdfium document of those pages only, opened when
    the first is asked for and closed after the last."""

    def __init__(self, doc: Document, pdf: bytes, distinct: list[int]) -> None:
        self.doc, self.pdf, self.distinct = doc, pdf, distinct
        self.position = {page: n for n, page in enumerate(distinct)}
        self.document = None
        self.left = len(distinct)

    def _open(self):
        import pypdfium2 as pdfium

        source = pdfium.PdfDocument(self.pdf)
        if len(source) != len(self.doc.pages):
            source.close()
            raise RailprintError("the PDF and its scene disagree on the page count (internal error)")
        if len(self.distinct) == len(self.doc.pages):
            return source
        try:   # a PDF of the distinct pages only
            subset = pdfium.PdfDocument.new()
            subset.import_pages(source, self.distinct)
            return subset
        finally:
            source.close()

    def raster(self, page: int, dpi: int, bleed: bool) -> Raster:
        if self.document is None:
            self.document = self._open()
        raster = _raster(self.document, self.position[page], self.doc.pages[page], dpi, bleed, (255, 255, 255))
        self.left -= 1
        if self.left <= 0:
            self.document.close()
            self.document = None
        return raster
