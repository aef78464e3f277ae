"""The PDF file itself — numbered objects, streams, the cross-reference table, the trailer —
and the two kinds of object a drawing needs besides its operators: embedded TrueType subsets
and pictures.

railprint writes this structure itself: reportlab's general document model formatted every
dictionary, array and name through Python objects (~52,000 of them for `render all`) and
ASCII85-encoded pictures. reportlab still does what it is good at: reading the TrueType file,
assigning characters to 256-glyph subsets (``TTFont.splitString``) and cutting each subset out
of the font (``makeSubset``). Everything here is deterministic: the same drawing gives the same
bytes (no dates; the file ID is a digest of the content).
"""

from __future__ import annotations

import hashlib
import io
from functools import lru_cache
from typing import Any, Callable

from deflate import zlib_compress
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase.ttfonts import FF_NONSYMBOLIC, FF_SYMBOLIC, SUBSETN

# Every stream is Flate (zlib format) made by libdeflate, level 5: on the streams of `render all`
# it takes about half zlib level 5's CPU and its streams are ~2 % smaller (docs/performance.md,
# "Round four: Flate by libdeflate"); any zlib inflater reads them.
LEVEL = 5


def flate(data: bytes) -> bytes:
    """``data`` Flate-compressed (zlib format, the same bytes on every run)."""
    return zlib_compress(data, LEVEL)


def pdf_string(text: str) -> str:
    """A PDF text string: printable ASCII as a literal, anything else as UTF-16BE hex."""
    if text.isascii() and text.isprintable():
        return "(" + text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)") + ")"
    return "<FEFF" + text.encode("utf-16-be").hex().upper() + ">"


_NAME_SAFE = frozenset(range(0x21, 0x7F)) - frozenset(b"#()<>[]{}/%")


def pdf_name(raw: bytes) -> str:
    """A PDF name's characters (after the ``/``): anything but plain printable ASCII as ``#xx``
    (a designer's font may carry any PostScript name reportlab lets through)."""
    return "".join(chr(b) if b in _NAME_SAFE else f"#{b:02X}" for b in raw)


class PdfFile:
    """Objects by number (1…n), written in number order with their byte offsets."""

    def __init__(self) -> None:
        self.bodies: list[bytes | None] = [None]  # index = object number; 0 is the free head

    def reserve(self) -> int:
        self.bodies.append(None)
        return len(self.bodies) - 1

    def put(self, number: int, body: str | bytes) -> int:
        self.bodies[number] = body.encode("latin-1") if isinstance(body, str) else body
        return number

    def add(self, body: str | bytes) -> int:
        return self.put(self.reserve(), body)

    def add_stream(self, entries: str, data: bytes) -> int:
        """A stream of ``data``, Flate-compressed."""
        return self.add_flate(entries, flate(data))

    def add_flate(self, entries: str, packed: bytes) -> int:
        """A stream of bytes the caller has already Flate-compressed."""
        return self.add_raw_stream(f"{entries} /Filter /FlateDecode", packed)

    def add_raw_stream(self, entries: str, data: bytes) -> int:
        """A stream stored as given (``entries`` name its filter, if any)."""
        head = f"<< {entries} /Length {len(data)} >>\nstream\n".encode("latin-1")
        return self.add(head + data + b"\nendstream")

    def to_bytes(self, root: int, info: int) -> bytes:
        out = [b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n"]
        offsets = []
        position = len(out[0])
        for number in range(1, len(self.bodies)):
            body = self.bodies[number]
            if body is None:
                raise AssertionError(f"PDF object {number} was reserved and never written")
            chunk = b"%d 0 obj\n%b\nendobj\n" % (number, body)
            offsets.append(position)
            position += len(chunk)
            out.append(chunk)
        digest = hashlib.md5(b"".join(out), usedforsecurity=False).hexdigest()
        xref = ["xref\n0 %d\n0000000000 65535 f \n" % len(self.bodies)]
        xref.extend("%010d 00000 n \n" % offset for offset in offsets)
        out.append("".join(xref).encode("ascii"))
        out.append((f"trailer\n<< /Size {len(self.bodies)} /Root {root} 0 R /Info {info} 0 R "
                    f"/ID [<{digest}> <{digest}>] >>\nstartxref\n{position}\n%%EOF\n").encode("ascii"))
        return b"".join(out)


# -- fonts --------------------------------------------------------------------------------------

_SUBSETS: dict[tuple, tuple] = {}  # (font name, subset number, codes) -> what embedding writes


def _subset(font, n: int, subset: tuple[int, ...], actual: tuple = ()) -> tuple[str, bytes, int, bytes, str]:
    """Subset ``n`` of ``font`` holding ``subset``: (its name, the compressed TrueType subset,
    its length, the compressed ToUnicode map, the widths), remembered: most documents of a
    render set the same characters (86 subsets, 38 distinct for `render all`), and cutting
    and compressing one is ~1 ms. ``actual``: (code, characters) of the private codes of
    ligature glyphs in the subset, for the ToUnicode map."""
    # keyed by the registered name, which names the file's content (fonts.font_name: a
    # designer's file edited in place during `watch` is another font), not by its path
    key = (font.fontName, n, subset, actual)
    found = _SUBSETS.get(key)
    if found is None:
        face = font.face
        name = pdf_name(SUBSETN(n) + b"+" + face.name + face.subfontNameX)
        data = face.makeSubset(list(subset))
        if len(_SUBSETS) >= 128:
            _SUBSETS.clear()
        found = _SUBSETS[key] = (name, flate(data), len(data),
                                 flate(_to_unicode(name, subset, dict(actual))),
                                 fp_str(*map(face.getCharWidth, subset)))
    return found


def _to_unicode(name: str, subset: tuple[int, ...], actual: dict[int, str] | None = None) -> bytes:
    """The ToUnicode CMap of a subset: code i is character subset[i] (UTF-16BE, so characters
    beyond the BMP come out as surrogate pairs), or the characters ``actual`` says a ligature's
    private code stands for (``ff``)."""
    actual = actual or {}
    chars = "\n".join(f"<{code:02X}> <{(actual.get(char) or chr(char)).encode('utf-16-be').hex().upper()}>"
                      for code, char in enumerate(subset))
    return (f"/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n/CIDSystemInfo\n"
            f"<< /Registry {pdf_string(name)} /Ordering {pdf_string(name)} /Supplement 0 >> def\n"
            f"/CMapName /{name} def\n"
            f"/CMapType 2 def\n1 begincodespacerange\n<00> <{len(subset) - 1:02X}>\nendcodespacerange\n"
            f"{len(subset)} beginbfchar\n{chars}\nendbfchar\nendcmap\n"
            f"CMapName currentdict /CMap defineresource pop\nend\nend").encode("latin-1")


@lru_cache(maxsize=64)
def _preassigned(font) -> frozenset[str]:
    """The characters a new document's state of ``font`` already holds as their own code in
    subset 0 (TTFont.State with asciiReadable: 32…127 where the font has a glyph)."""
    if not font._asciiReadable:
        return frozenset()
    return frozenset(chr(n) for n in range(32, 128) if n in font.face.charToGlyph)


class Fonts:
    """The fonts of one document. reportlab's ``TTFont`` assigns each character a subset and
    a code (its state is keyed by this object, and dropped by :meth:`close`); each font gets
    a resource prefix (``F1``, ``F2``…) in order of first use, each subset ``/F1+0``…"""

    def __init__(self) -> None:
        self.prefixes: dict = {}  # reportlab TTFont -> "F1"
        # per font: the characters each private code (a ligature glyph: writers/pdf.py PSEUDO)
        # stands for, as first drawn in this document (its ToUnicode entry)
        self.stands: dict = {}

    def stand_for(self, font, actual: tuple[tuple[int, str], ...]) -> None:
        """Remember what the private codes of a shaped run stand for (first use wins)."""
        own = self.stands.setdefault(font, {})
        for code, text in actual:
            own.setdefault(code, text)

    def prefix(self, font) -> str:
        prefix = self.prefixes.get(font)
        if prefix is None:
            prefix = self.prefixes[font] = f"F{len(self.prefixes) + 1}"
            font._assignState(self)  # the state splitString would make: ASCII preassigned to subset 0
        return prefix

    def split(self, font, text: str):
        """``font.splitString(text, self)``: (subset, codes) pieces. Printable ASCII the font
        has is assigned to itself in subset 0 before anything is set (reportlab's
        ``ttfAsciiReadable``), so such a string is one piece of its own bytes without asking
        reportlab, which walks it character by character (half the strings of a render)."""
        if text and _preassigned(font).issuperset(text):
            return ((0, text.encode("ascii")),)
        # every character already has a code in subset 0 (a Polish or Nordic name set before in
        # this document): those codes, as reportlab's walk would give them without assigning any
        assigned = font.state[self].assignments
        try:
            codes = bytes([assigned[code] for code in map(ord, text.replace("\xa0", " "))])
        except (KeyError, ValueError):  # a character not assigned yet, or one in a later subset
            return font.splitString(text, self)
        return ((0, codes),) if codes else []

    def embed(self, pdf: PdfFile) -> str:
        """Write every subset used; returns the font resource dictionary (``<< /F1+0 n 0 R … >>``)."""
        entries = []
        for font, prefix in self.prefixes.items():
            face = font.face
            state = font.state[self]
            flags = (face.flags & ~FF_NONSYMBOLIC) | FF_SYMBOLIC
            for n, codes in enumerate(state.subsets):
                subset = tuple(codes)
                stands = self.stands.get(font, {})
                actual = tuple((code, stands[code]) for code in subset if code in stands)
                name, packed, length, cmap, widths = _subset(font, n, subset, actual)
                font_file = pdf.add_flate(f"/Length1 {length}", packed)
                descriptor = pdf.add(
                    f"<< /Type /FontDescriptor /Ascent {face.ascent} /CapHeight {face.capHeight} "
                    f"/Descent {face.descent} /Flags {flags} /FontBBox [{fp_str(*face.bbox)}] "
                    f"/FontName /{name} /ItalicAngle {fp_str(face.italicAngle)} /StemV {face.stemV} "
                    f"/FontFile2 {font_file} 0 R /MissingWidth {fp_str(face.defaultWidth)} >>")
                to_unicode = pdf.add_flate("", cmap)
                number = pdf.add(
                    f"<< /Type /Font /Subtype /TrueType /Name /{prefix}+{n} /BaseFont /{name} "
                    f"/FirstChar 0 /LastChar {len(subset) - 1} /Widths [{widths}] "
                    f"/FontDescriptor {descriptor} 0 R /ToUnicode {to_unicode} 0 R >>")
                entries.append(f"/{prefix}+{n} {number} 0 R")
        return "<< " + " ".join(entries) + " >>"

    def close(self) -> None:
        """Forget this document in every font (reportlab keeps a state per document)."""
        for font in self.prefixes:
            font.state.pop(self, None)


# -- pictures -----------------------------------------------------------------------------------

_SPACES = {"L": "/DeviceGray", "RGB": "/DeviceRGB", "CMYK": "/DeviceCMYK"}


BAND_BYTES = 1 << 20
"""Bytes of samples converted at a time when a picture is stored (:func:`_samples`)."""


def _samples(image, mode: str, convert: Callable[[Any], Any] | None = None) -> bytearray:
    """The samples of ``image`` in ``mode`` (L, RGB, CMYK, or A: its transparency), converted band
    by band into one buffer: a 25-megapixel picture is never held as a converted copy beside a
    byte string of it (a 5000 x 5000 PNG with transparency peaked at 430 MB: the decoded image,
    an RGBA copy, an RGB copy and the bytes of that). ``convert``: a per-pixel conversion giving
    ``mode``, applied to each band (a print shop's flattening and colour profile)."""
    width, height = image.size
    size = len(mode) if mode != "A" else 1
    out = bytearray(width * height * size)
    rows = max(1, BAND_BYTES // max(1, width * 4))
    for top in range(0, height, rows):
        band = image.crop((0, top, width, min(top + rows, height)))
        if convert is not None:
            band = convert(band)
        elif mode == "A":
            band = band.convert("RGBA").getchannel("A") if band.mode != "RGBA" else band.getchannel("A")
        elif band.mode != mode:
            band = band.convert(mode)
        data = band.tobytes()
        out[top * width * size:top * width * size + len(data)] = data
    return out


def _flate_image(image, mode: str, convert: Callable[[Any], Any] | None = None) -> tuple[str, bytes]:
    """(dictionary entries, compressed samples) of a Pillow image as ``mode`` (L, RGB or CMYK;
    A: its transparency, a DeviceGray soft mask), through ``convert`` if given (:func:`_samples`)."""
    entries = (f"/Type /XObject /Subtype /Image /Width {image.width} /Height {image.height} "
               f"/BitsPerComponent 8 /ColorSpace {_SPACES['L' if mode == 'A' else mode]}")
    return entries, flate(_samples(image, mode, convert))


def picture_parts(data: bytes) -> tuple[tuple[str, bytes, str], tuple[str, bytes] | None]:
    """A checked PNG or JPEG file as ((entries, samples, filter), soft mask or None): a JPEG is
    stored as it is (DCTDecode); a PNG as Flate samples, its transparency as a soft mask."""
    from PIL import Image as PILImage

    with PILImage.open(io.BytesIO(data), formats=["PNG", "JPEG"]) as image:
        if image.format == "JPEG" and image.mode in _SPACES:
            entries = (f"/Type /XObject /Subtype /Image /Width {image.width} /Height {image.height} "
                       f"/BitsPerComponent 8 /ColorSpace {_SPACES[image.mode]}")
            if image.mode == "CMYK":  # Adobe's CMYK JPEGs are stored inverted
                entries += " /Decode [1 0 1 0 1 0 1 0]"
            return (entries, data, "/DCTDecode"), None
        image.load()
        mask = None
        if image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info:
            mask = _flate_image(image, "A")
            entries, samples = _flate_image(image, "RGB")
        else:
            entries, samples = _flate_image(image, image.mode if image.mode in _SPACES else "RGB")
        return (entries, samples, "/FlateDecode"), mask


@lru_cache(maxsize=64)
def stored_picture(path: str, key: str):
    """:func:`picture_parts` of the picture at ``path`` whose content is ``key`` (decoded and
    compressed once per process; a changed file has another key)."""
    from railprint.model.images import picture_bytes

    return picture_parts(picture_bytes(path, key))


def shop_picture(path: str, key: str, paint):
    """A picture as a print shop gets it: flattened over white, in the shop's colours, no mask."""
    from PIL import Image as PILImage

    from railprint.model.images import picture_bytes

    with PILImage.open(io.BytesIO(picture_bytes(path, key)), formats=["PNG", "JPEG"]) as image:
        image.load()   # flattened and converted band by band (a CMYK ink limit works in floats)
        entries, samples = _flate_image(image, "CMYK" if paint.cmyk else "RGB", paint.picture)
    return (entries, samples, "/FlateDecode"), None


def add_picture(pdf: PdfFile, parts) -> int:
    (entries, samples, kind), mask = parts
    if mask is not None:
        mask_entries, mask_samples = mask
        smask = pdf.add_flate(mask_entries, mask_samples)
        entries += f" /SMask {smask} 0 R"
    return pdf.add_raw_stream(f"{entries} /Filter [{kind}]", samples)
