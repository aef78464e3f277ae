"""The fonts railprint draws with: Source Sans Pro (SIL OFL), installed from PyPI
(``font-source-sans-pro``), embedded in every PDF and SVG — and the TrueType families a deck
declares (``fonts:``), read and checked by :func:`load_font_file`.

A font is named by a *key*: ``regular``, ``bold``, ``italic``, ``bolditalic`` for the built-in
faces; ``<family>@<digest>/<face>`` for a designer's file (the digest of the family's files
keeps two different files of the same family name apart).

Metrics come from the TrueType files through fontTools, so text is measured the same way for
every writer. reportlab silently draws a missing glyph as a box, so :func:`check_glyphs` is
run on every string before drawing.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import repeat
from pathlib import Path

FONT_FILES = {
    "regular": "SourceSansPro-Regular.ttf",
    "bold": "SourceSansPro-Bold.ttf",
    "italic": "SourceSansPro-It.ttf",        # inline markup in text boxes (*italic*)
    "bolditalic": "SourceSansPro-BoldIt.ttf",
}
# Names under which writers register the faces (they must differ: reportlab keeps the first
# font registered under a name).
FONT_NAMES = {"regular": "RailprintSans", "bold": "RailprintSans-Bold", "italic": "RailprintSans-Italic",
              "bolditalic": "RailprintSans-BoldItalic"}
FAMILY = "Source Sans Pro"


def font_path(face: str = "regular") -> Path:
    """The .ttf file of a font key (a built-in face or a registered designer's face)."""
    if face in _USER:
        return _USER[face]
    return _font_folder() / FONT_FILES[face]


@lru_cache(maxsize=1)
def _font_folder() -> Path:
    """The ``files`` folder of the ``font-source-sans-pro`` package: found, not imported
    (importlib.resources imported tempfile, shutil, zipfile, bz2, lzma, and the package
    itself globs its folder: ~10 ms of start-up)."""
    from importlib.util import find_spec

    spec = find_spec("font_source_sans_pro")
    if spec is None or not spec.submodule_search_locations:
        from railprint.errors import RailprintError

        raise RailprintError("the Source Sans Pro fonts are not installed (package font-source-sans-pro)",
                             hint="reinstall railprint with 'pip install .'")
    return Path(next(iter(spec.submodule_search_locations))) / "files"


_USER: dict[str, Path] = {}
"""Designer's faces registered by :func:`register_face`: key -> file."""
MAX_FONT_BYTES = 16 * 1024 * 1024
"""Largest font file read (the biggest CJK families are ~16 MB; a card game's font a few hundred KB)."""
MAX_CODEPOINTS = 300_000
"""Most characters a font's character map may claim (Unicode has fewer than 300,000 assigned):
a map claiming 10^9 would be expanded into memory by every TrueType reader."""


def face_key(family: str | None, face: str) -> str:
    """The font key of ``face`` (regular, bold, …) in a registered ``family`` key (None: built-in)."""
    return face if family is None else f"{family}/{face}"


def known(key: str) -> bool:
    return key in FONT_FILES or key in _USER


def register_face(family: str, face: str, path: Path) -> str:
    """Make the checked file ``path`` available under ``family``/``face``; returns the key."""
    key = face_key(family, face)
    _USER[key] = path
    return key


def font_name(key: str) -> str:
    """The name a writer registers the font under (unique per file)."""
    if key in FONT_NAMES:
        return FONT_NAMES[key]
    family, _, face = key.rpartition("/")
    name, _, digest = family.partition("@")
    clean = "".join(ch for ch in name if ch.isalnum())[:24] or "Font"
    return f"RP{clean}-{face}-{digest[:8]}"


def css_family(key: str) -> str:
    """The CSS family a face belongs to (SVG: faces of a family differ by weight and style)."""
    if key in FONT_NAMES:
        return FONT_NAMES["regular"]
    family, _, _ = key.rpartition("/")
    name, _, digest = family.partition("@")
    return f"RP{''.join(ch for ch in name if ch.isalnum())[:24]}-{digest[:8]}"


def _cmap_coverage(data: bytes) -> int:
    """Characters the font's cmap subtables of formats 12 and 13 claim (read from the raw
    bytes, before any reader expands them); format 4 is bounded by 65,536 anyway."""
    import struct

    count = struct.unpack_from(">H", data, 4)[0]
    tables = {}
    for i in range(min(count, 256)):
        tag, _, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        tables[tag] = (offset, length)
    if b"cmap" not in tables:
        return 0
    base, _ = tables[b"cmap"]
    subtables = struct.unpack_from(">H", data, base + 2)[0]
    total = 0
    for i in range(min(subtables, 64)):
        _, _, offset = struct.unpack_from(">HHI", data, base + 4 + 8 * i)
        start = base + offset
        if struct.unpack_from(">H", data, start)[0] in (12, 13):
            groups = struct.unpack_from(">I", data, start + 12)[0]
            if groups > MAX_CODEPOINTS:
                return groups
            for g in range(groups):
                first, last, _ = struct.unpack_from(">III", data, start + 16 + 12 * g)
                total += max(0, last - first + 1)
                if total > MAX_CODEPOINTS:
                    return total
    return total


@lru_cache(maxsize=64)
def _checked(path: str, stamp: tuple[int, int]) -> str:
    """The digest of a usable TrueType file; RailprintError (unlocated) saying why not."""
    import hashlib
    import io
    import struct

    from railprint.errors import RailprintError

    name = Path(path).name
    with open(path, "rb") as handle:
        data = handle.read(MAX_FONT_BYTES + 1)
    if len(data) > MAX_FONT_BYTES:
        raise RailprintError(f"the font {name} is larger than {MAX_FONT_BYTES // (1024 * 1024)} MiB",
                             hint="a card game's font is a few hundred KB; subset it")
    head = data[:4]
    if head == b"OTTO":
        raise RailprintError(f"{name} is an OpenType font with PostScript (CFF) outlines, which PDF "
                             "embedding here cannot use",
                             hint="use the family's .ttf files, or convert it: "
                                  "fonttools otf2ttf or FontForge 'Generate Fonts… TrueType'")
    if head not in (b"\x00\x01\x00\x00", b"true"):
        raise RailprintError(f"{name} is not a TrueType font file" + (" (a font collection)" if head == b"ttcf" else ""),
                             hint="give a .ttf (or TrueType-flavoured .otf) file of one face")
    try:
        coverage = _cmap_coverage(data)
    except struct.error:
        raise RailprintError(f"the font {name} is truncated or damaged (its table directory or "
                             "character map runs past the end of the file)") from None
    if coverage > MAX_CODEPOINTS:
        raise RailprintError(f"the font {name} claims {coverage:,} characters in its character map; "
                             f"at most {MAX_CODEPOINTS:,} are read", hint="is the file damaged?")
    try:
        from fontTools.ttLib import TTFont

        font = TTFont(io.BytesIO(data), lazy=False, recalcTimestamp=False)
        missing = [t for t in ("head", "hhea", "maxp", "hmtx", "cmap", "glyf", "loca", "post", "name")
                   if t not in font]
        if missing:
            raise ValueError("it has no " + ", ".join(missing) + " table")
        if font.getBestCmap() is None:
            raise ValueError("it has no Unicode character map")
        fs_type = font["OS/2"].fsType if "OS/2" in font else 0
        upm = font["head"].unitsPerEm
        if not 16 <= upm <= 16384:
            raise ValueError(f"unitsPerEm {upm} is outside 16..16384")
        for glyph in list(font.getGlyphOrder())[:1]:
            font["glyf"][glyph]  # noqa: B018 - decode one outline: a broken glyf table fails here
        font.close()
    except RailprintError:
        raise
    except Exception as exc:  # fontTools raises many kinds (struct, assertion, key) for a broken file
        raise RailprintError(f"the font {name} cannot be read: {str(exc)[:120] or type(exc).__name__}",
                             hint="is the file complete? open it in a font viewer") from None
    if fs_type & 0x0002 or fs_type & 0x0200:
        raise RailprintError(f"the font {name} forbids embedding" + (" (restricted licence)" if fs_type & 2
                                                                      else " of a subset"),
                             hint="use a font whose licence allows embedding, such as an OFL font")
    return hashlib.sha1(data).hexdigest()


def load_font_file(path: Path) -> str:
    """Check a designer's font file (size, format, tables, character map, embedding rights);
    returns its content digest. Errors are RailprintError without a location (the caller adds it)."""
    from railprint.errors import file_version

    return _checked(str(path), file_version(path, "font file"))


@dataclass(frozen=True)
class Metrics:
    """What text measuring needs of one face."""

    units_per_em: int
    widths: dict[int, int]  # code point -> advance width in font units
    default_width: int
    ascent: float  # per 1pt of size
    descent: float  # negative, per 1pt
    cap_height: float


@lru_cache(maxsize=None)
def metrics(face: str = "regular") -> Metrics:
    from fontTools.ttLib import TTFont

    font = TTFont(font_path(face), lazy=True)
    upm = font["head"].unitsPerEm
    hmtx = font["hmtx"].metrics
    cmap = font.getBestCmap()
    widths = {cp: hmtx[name][0] for cp, name in cmap.items() if name in hmtx}
    default = hmtx[font.getGlyphOrder()[0]][0]
    if "OS/2" in font and font["OS/2"].sTypoAscender > 0:
        os2 = font["OS/2"]
        ascent, descent = os2.sTypoAscender, os2.sTypoDescender
        cap = getattr(os2, "sCapHeight", 0) or 0.66 * upm
    else:
        ascent, descent, cap = font["hhea"].ascent, font["hhea"].descent, 0.66 * upm
    result = Metrics(upm, widths, default, ascent / upm, min(descent, 0) / upm, cap / upm)
    font.close()
    return result


def text_width(text: str, size: float, face: str = "regular") -> float:
    """Width of ``text`` set in ``face`` at ``size`` points (no kerning, like reportlab)."""
    return _text_units(text, face) * size / metrics(face).units_per_em


def _text_units(text: str, face: str) -> int:
    """:func:`_units`, remembered only for strings up to ``_CACHED_LEN`` long."""
    return _units(text, face) if len(text) <= _CACHED_LEN else _units.__wrapped__(text, face)


_CACHED_LEN = 256   # strings up to this long are remembered (at most 8192 of them: ~2 M characters)


@lru_cache(maxsize=8192)
def _units(text: str, face: str) -> int:
    """The advance widths of ``text`` in font units (a deck measures the same strings at many
    sizes while fitting them, and draws the same labels on many cards)."""
    m = metrics(face)
    # the same sum as a generator over the characters, iterated in C (3x faster)
    return sum(map(m.widths.get, map(ord, text), repeat(m.default_width, len(text))))


def fit_size(text: str, max_width: float, size: float, face: str = "regular",
             min_size: float = 4.0) -> float:
    """The largest size <= ``size`` at which ``text`` fits in ``max_width`` (never below min_size)."""
    width = text_width(text, size, face)
    if width <= max_width or width == 0:
        return size
    return max(min_size, size * max_width / width * 0.999)


def check_glyphs(text: str, face: str = "regular") -> list[str]:
    """Characters of ``text`` the font cannot draw (whitespace controls ignored)."""
    return list(_missing(text, face) if len(text) <= _CACHED_LEN else _missing.__wrapped__(text, face))


@lru_cache(maxsize=8192)
def _missing(text: str, face: str) -> tuple[str, ...]:
    widths = metrics(face).widths
    return tuple(sorted({ch for ch in set(text) if ord(ch) not in widths and ch not in "\n\r\t"}))


def wrap_text(text: str, width: float, size: float, face: str = "regular") -> list[str]:
    """Greedy word wrap of ``text`` into lines no wider than ``width`` (a lone long word stays whole)."""
    lines: list[str] = []
    line = ""
    # a line's width in font units grows by a space and the word (widths add up: no kerning),
    # so it is not measured again from its start for every word (the same sums, the same lines)
    upm = metrics(face).units_per_em
    space = _units(" ", face)
    used = 0
    for word in text.split():
        units = _text_units(word, face)
        trial = used + space + units if line else units
        if line and trial * size / upm > width:
            lines.append(line)
            line, used = word, units
        else:
            line, used = (f"{line} {word}" if line else word), trial
    if line:
        lines.append(line)
    return lines
