"""Rasterise the PDF railprint already writes into one image per page or component face.

pypdfium2 renders a page at ``dpi / 72`` pixels per point and rounds the bitmap up to whole
pixels, so each image is cropped to the pixel size computed from the physical size:
``round(mm / 25.4 * dpi)``. A 63 × 88 mm card with 3 mm bleed at 300 dpi is 815 × 1110 px;
the same card trimmed (``bleed=False``) is 744 × 1039 px. Pictures carry their dpi.

A trimmed face (``bleed=False``) of a deck with ``corner_radius`` has its corners outside the
radius cut away: transparent in a PNG (RGBA), the background (white) in a JPEG. With the bleed
kept the image stays rectangular — the bleed is there to be cut.

Encoding costs more than rendering: PNG uses a fast zlib level, and pages are encoded on a
second thread while the next page renders (pdfium runs under ctypes, which releases the GIL).
"""

from __future__ import annotations

import io
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import lru_cache

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


def rasterise(doc: Document, pdf: bytes, dpi: int, *, bleed: bool = True,
              background: tuple[int, int, int] = (255, 255, 255)) -> list[Raster]:
    """Every page of ``pdf`` (the bytes written for ``doc``) as an RGB image at ``dpi``,
    cropped to the computed pixel size of the page (or its trim box when ``bleed`` is False).
    A trimmed page with rounded corners is RGBA, transparent outside them."""
    import pypdfium2 as pdfium

    check_dpi(dpi)
    scale = dpi / POINTS_PER_INCH
    for page in doc.pages:
        x, y, w, h = _box(page, bleed)
        if pixels(w, dpi) * pixels(h, dpi) > MAX_PIXELS:
            raise RailprintError(
                f"page {page.label or '?'} would be {pixels(w, dpi)} × {pixels(h, dpi)} px at {dpi} dpi "
                f"(at most {MAX_PIXELS // 1_000_000} Mpx an image)", hint="use a lower --dpi")
    document = pdfium.PdfDocument(pdf)
    try:
        if len(document) != len(doc.pages):
            raise RailprintError("the PDF and its scene disagree on the page count (internal error)")
        out: list[Raster] = []
        for index, page in enumerate(doc.pages):
            x, y, w, h = _box(page, bleed)
            left, top = round(x * scale), round(y * scale)
            bitmap = document[index].render(scale=scale, fill_color=(*background, 255))
            image = bitmap.to_pil().convert("RGB")
            image = image.crop((left, top, left + pixels(w, dpi), top + pixels(h, dpi)))
            if not bleed and page.trim is not None and page.corner_radius > 0:
                image.putalpha(corner_mask(*image.size, page.corner_radius * scale))
            out.append(Raster(page.label, image, dpi))
        return out
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


def encode_all(rasters: list[Raster], fmt: str) -> list[bytes]:
    """Encode on two threads (Pillow's encoders release the GIL)."""
    if fmt.lower() not in FORMATS:
        raise RailprintError(f"unknown image format {fmt!r}", hint="expected png or jpeg")
    if len(rasters) < 2:
        return [encode(r, fmt) for r in rasters]
    with ThreadPoolExecutor(max_workers=2) as pool:
        return list(pool.map(lambda r: encode(r, fmt), rasters))


def face_key(page) -> int:
    """Pages showing the same face (copies of a card on 1-up pages share one drawn group) have
    the same key; any other page has a key of its own."""
    inner = page.items[0] if len(page.items) == 1 else None
    if page.trim is not None and inner is not None and getattr(inner, "items", None):
        return id(inner.items[0])
    return id(page)


def document_images(doc: Document, pdf: bytes, fmt: str, dpi: int, *, bleed: bool = True) -> list[bytes]:
    """The encoded image of every page of ``doc``; a face shown on several pages (a card's
    copies, a common back) is rendered and encoded once."""
    keys = [face_key(page) for page in doc.pages]
    first = {key: index for index, key in reversed(list(enumerate(keys)))}
    distinct = sorted(set(first.values()))
    import pypdfium2 as pdfium

    if len(distinct) < len(keys):  # a PDF of the distinct pages only
        source = pdfium.PdfDocument(pdf)
        try:
            subset = pdfium.PdfDocument.new()
            subset.import_pages(source, distinct)
            buffer = io.BytesIO()
            subset.save(buffer)
            subset.close()
        finally:
            source.close()
        pdf = buffer.getvalue()
    part = Document(tuple(doc.pages[i] for i in distinct), title=doc.title)
    encoded = dict(zip(distinct, encode_all(rasterise(part, pdf, dpi, bleed=bleed), fmt)))
    return [encoded[first[key]] for key in keys]
