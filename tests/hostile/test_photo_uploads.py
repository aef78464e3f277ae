"""Photos of Railroad Ink sheets are untrusted: `score --photo FILE` and the phone page's upload
(docs/hostile-input.md, *Photos*). Only JPEG, PNG and WebP reach a decoder, their size and a
JPEG's scans are checked from the header first, (the server's side: tests/serve/test_hostile_uploads.py)."""

from __future__ import annotations

import io
import os
import struct
import zlib

import pytest

pytest.importorskip("cv2")

from PIL import Image  # noqa: E402

from railprint.games.railroad_ink.photo import read, report  # noqa: E402
from railprint.games.railroad_ink.photo.read import PhotoError, read_photo  # noqa: E402


def _grey(kind: str, size=(1000, 800), **options) -> bytes:
    buf = io.BytesIO()
    Image.new("L", size, 200).save(buf, kind, **options)
    return buf.getvalue()


def _png_header(width: int, height: int) -> bytes:
    """A PNG of a few hundred bytes whose header claims ``width`` x ``height``."""
    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))
    rows = zlib.compress(b"\0" * (width + 1) * 4)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", rows) + chunk(b"IEND", b""))


def test_a_jpeg_of_many_scans_is_refused_before_it_is_decoded(monkeypatch):
    """A 7000 x 7000 progressive JPEG of 2,000 tiny scans (340 KB) took over 84 s of CPU in
    OpenCV's decoder (killed), one of 1000 x 1000 and 60,000 scans 55 s."""
    data = _grey("JPEG", progressive=True, quality=10)
    last = data.rindex(b"\xff\xda")
    data = data[:-2] + data[last:-2] * 300 + data[-2:]
    monkeypatch.setattr(read.cv2, "imdecode", lambda *a: pytest.fail("decoded"))
    with pytest.raises(PhotoError, match=r"a JPEG of 30\d scans at 1000 x 800 pixels is too slow to decode"):
        read_photo(data)


@pytest.mark.parametrize("kind", ["BMP", "TIFF"])
def test_only_jpeg_png_and_webp_photos_reach_a_decoder(kind, monkeypatch):
    """A BMP or TIFF (libtiff: multipage, 64-bit samples, any compression) named .jpg was decoded."""
    monkeypatch.setattr(read.cv2, "imdecode", lambda *a: pytest.fail("decoded"))
    with pytest.raises(PhotoError, match=r"^not an image file \(expected a JPEG, PNG, WebP, HEIC or AVIF photo\)$"):
        read_photo(_grey(kind))
    with pytest.raises(PhotoError, match="not an image file"):   # a PNG's signature, then a TIFF
        read_photo(b"\x89PNG\r\n\x1a\n" + _grey("TIFF"))


def test_a_photo_claiming_billions_of_pixels_says_so():
    """Pillow's own bomb guard answered a 60000 x 60000 header: it was "not an image file"."""
    with pytest.raises(PhotoError, match="the photo has over 179 megapixels; the limit is 50"):
        read_photo(_png_header(60000, 60000))


def test_a_photo_that_is_a_fifo_is_refused_without_waiting(tmp_path, alarm):
    fifo = tmp_path / "sheet.jpg"
    os.mkfifo(fifo)
    with pytest.raises(PhotoError, match="sheet.jpg: not a regular file"):
        report.read_file(fifo)


def test_a_header_of_a_million_tiny_segments_is_refused_before_pillow_walks_it(monkeypatch):
    """Pillow walks a header's segments in Python: 7 million 4-byte JPEG comments took 13.6 s of
    CPU, 1.8 million PNG text chunks 7.4 s (on the server, holding the interpreter)."""
    from PIL import Image as pillow

    monkeypatch.setattr(pillow, "open", lambda *a, **k: pytest.fail("Pillow read the header"))
    jpeg = _grey("JPEG")
    png = _grey("PNG")
    text = struct.pack(">I", 3) + b"tEXtk\0v" + struct.pack(">I", zlib.crc32(b"tEXtk\0v"))
    for data in (jpeg[:2] + b"\xff\xfe\x00\x02" * 5000 + jpeg[2:],
                 png[:33] + text * 5000 + png[33:]):
        with pytest.raises(PhotoError, match="the photo's header has over 1000 parts before its pixels"):
            read_photo(data)


def _noise(kind: str) -> bytes:
    import numpy as np

    pixels = (np.random.default_rng(1).random((800, 800, 3)) * 255).astype("uint8")
    buf = io.BytesIO()
    Image.fromarray(pixels).save(buf, kind)
    data = bytearray(buf.getvalue())
    for i in range(len(data) // 2, len(data) // 2 + 200):   # 200 bytes of the pixel data garbled
        data[i] = 0xFF if i % 7 == 0 else data[i] ^ 0x55
    return bytes(data)


@pytest.mark.parametrize("kind, says", [
    # libjpeg decoded what it could, printed this on stderr, and the reader went on with grey
    ("JPEG", r"^the photo is damaged \(Corrupt JPEG data: premature end of data segment\): part of it"),
    ("PNG", r"^the image could not be decoded \(IDAT: invalid block type\) \(a damaged or truncated file\?\)$"),
])
def test_a_damaged_photo_is_said_in_one_line_of_ours(kind, says, capfd):
    """libjpeg's "Corrupt JPEG data: …" and libpng's "libpng error: …" lines were printed on stderr
    beside railprint's message (a damaged JPEG's was then "no registration marks found")."""
    with pytest.raises(PhotoError, match=says):
        read_photo(_noise(kind))
    assert capfd.readouterr().err == ""


def test_what_the_decoders_print_while_caught_is_sorted(capfd):
    """Another thread's line printed while stderr was caught is shown again; the decoders' harmless
    remarks are dropped."""
    from railprint.platform import native_stderr

    with native_stderr() as said:
        os.write(2, b"Warning: unknown JFIF revision number 3.01\nlibpng warning: iCCP: known incorrect sRGB "
                    b"profile\nsomething else\n")
    assert said == ["Warning: unknown JFIF revision number 3.01",
                    "libpng warning: iCCP: known incorrect sRGB profile", "something else"]
    assert read._decoder_says(said) == ""
    assert capfd.readouterr().err == "something else\n"
    assert read._decoder_says(["x", "Premature end of JPEG file"]) == "Premature end of JPEG file"
