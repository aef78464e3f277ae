"""The fonts railprint draws with: Source Sans Pro (SIL OFL), installed from PyPI
(``font-source-sans-pro``), embedded in every PDF and SVG — and the TrueType families a deck
declares (``fonts:``), read and checked by :func:`load_font_file`.

A font is named by a *key*: ``regular``, ``bold``, ``italic``, ``bolditalic`` for the built-in
faces; ``<family>@<digest>/<face>`` for a designer's file (the digest of the family's files
keeps two different files of the same family name apart).

Metrics come from the TrueType files (a short struct reader, fontTools for anything it does
not vouch for), so text is measured the same way for every writer (:mod:`railprint.text.measure`). reportlab silently draws a missing glyph as a box, so :func:`check_glyphs` is
run on every string before drawing.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

# fontTools says what it finds wrong in a damaged font through logging; with no handler of the
# program's own, Python's last-resort handler printed it unlocated above railprint's located error
# ("corrupt 'loca' table, or wrong numGlyphs in 'maxp': 184 65535"). railprint's error says it.
logging.getLogger("fontTools").addHandler(logging.NullHandler())

FONT_FILES = {
    "regular": "SourceSansPro-Regular.ttf",
    "bold": "SourceSansPro-Bold.ttf",
    "italic": "SourceSansPro-It.ttf",        # inline markup in text boxes (*italic*)
    "bolditalic": "SourceSansPro-BoldIt.ttf",
    # the package's other weights (a layer's weight: ExtraLight … Black, see railprint.text.faces)
    "w200": "SourceSansPro-ExtraLight.ttf", "w200italic": "SourceSansPro-ExtraLightIt.ttf",
    "w300": "SourceSansPro-Light.ttf", "w300italic": "SourceSansPro-LightIt.ttf",
    "w600": "SourceSansPro-Semibold.ttf", "w600italic": "SourceSansPro-SemiboldIt.ttf",
    "w900": "SourceSansPro-Black.ttf", "w900italic": "SourceSansPro-BlackIt.ttf",
}
# Names under which writers register the faces (they must differ: reportlab keeps the first
# font registered under a name).
FONT_NAMES = {"regular": "RailprintSans", "bold": "RailprintSans-Bold", "italic": "RailprintSans-Italic",
              "bolditalic": "RailprintSans-BoldItalic",
              **{face: f"RailprintSans-{face[1:4]}{'Italic' if face.endswith('italic') else ''}"
                 for face in ("w200", "w200italic", "w300", "w300italic", "w600", "w600italic", "w900",
                              "w900italic")}}
FAMILY = "Source Sans Pro"


def font_path(face: str = "regular") -> Path:
    """The font file of a font key (a built-in face or a registered designer's or installed
    face). An installed face is checked (:func:`load_font_file`) the first time it is asked for:
    a RailprintError without a location when it is unusable."""
    if face in _USER:
        path = _USER[face]
        if face in _UNCHECKED:
            load_font_file(path)
            _UNCHECKED.discard(face)
        return path
    return _font_folder() / FONT_FILES[face]


def font_source(face: str = "regular"):
    """What a TrueType reader (reportlab, fontTools) should open for a font key: the file's
    path, or — for a CFF-outline ``.otf`` — a file object holding its TrueType conversion
    (:mod:`railprint.text.cff`, made once and kept in memory)."""
    import io

    path = font_path(face)
    if face in _CONVERTED:
        return io.BytesIO(_CONVERTED[face]())
    return str(path)


def font_bytes(face: str = "regular") -> bytes:
    """The TrueType bytes of a font key (a CFF font's conversion)."""
    source = font_source(face)
    if isinstance(source, str):
        with open(source, "rb") as handle:
            return handle.read(MAX_FONT_BYTES + 1)
    return source.getvalue()


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
_FACES: dict[str | None, set[str]] = {None: set(FONT_FILES)}
"""Family key -> the faces registered in it (None: the built-in family)."""
_UNCHECKED: set[str] = set()
"""Installed faces registered but not yet checked (checked when first used: a system family
may have a dozen faces of which a deck uses one)."""
_CONVERTED: dict = {}
"""Font key -> a function returning the TrueType conversion of its CFF file."""
MAX_FONT_BYTES = 16 * 1024 * 1024
"""Largest font file read (the biggest CJK families are ~16 MB; a card game's font a few hundred KB)."""
MAX_CODEPOINTS = 300_000
"""Most characters a font's character map may claim, all its subtables together (Unicode has
fewer than 300,000 assigned): a map claiming 10^9 would be expanded into memory by every
TrueType reader."""


def face_key(family: str | None, face: str) -> str:
    """The font key of ``face`` (regular, bold, …) in a registered ``family`` key (None: built-in)."""
    return face if family is None or family == "" else f"{family}/{face}"


_REGISTERED = [0]


def registrations() -> int:
    """How many faces were registered so far (a cache of font files is stale when it grows)."""
    return _REGISTERED[0]


def known(key: str) -> bool:
    return key in FONT_FILES or key in _USER


def register_face(family: str, face: str, path: Path, *, checked: bool = True) -> str:
    """Make the file ``path`` available under ``family``/``face``; returns the key. ``checked``
    False: check it when it is first used (an installed font)."""
    key = face_key(family, face)
    _USER[key] = path
    _REGISTERED[0] += 1
    _FACES.setdefault(family, set()).add(face)
    if not checked:
        _UNCHECKED.add(key)
    if _is_cff(path):
        from railprint.text.cff import converted

        _CONVERTED[key] = lambda: converted(str(path), _stamp(path), MAX_FONT_BYTES)
    return key


def faces_of(family: str | None) -> frozenset[str]:
    """The faces registered in a family key (None: the built-in family)."""
    return frozenset(_FACES.get(family, ()))


def _is_cff(path: Path) -> bool:
    try:
        with open(path, "rb") as handle:
            return handle.read(4) == b"OTTO"
    except OSError:
        return False


def _stamp(path: Path) -> tuple[int, int]:
    from railprint.errors import file_version

    return file_version(path, "font file")


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


MAX_TABLES = 256
"""Most entries a font's table directory may list (a font has about 10 to 40 tables)."""


def _table_directory(data: bytes) -> dict[bytes, tuple[int, int]] | None:
    """Tag -> (offset, length) of every table in a TrueType file's directory; None when the
    directory is damaged: cut short, more than :data:`MAX_TABLES` entries, a table running past
    the end of the file, or a tag listed twice. The one reader of the directory: nothing is
    copied, so a directory of junk entries costs its own size, not a copy of the file each."""
    import struct

    if len(data) < 12:
        return None
    count = struct.unpack_from(">H", data, 4)[0]
    if count > MAX_TABLES or len(data) < 12 + 16 * count:
        return None
    tables: dict[bytes, tuple[int, int]] = {}
    for i in range(count):
        tag, _, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        if tag in tables or offset + length > len(data):
            return None
        tables[tag] = (offset, length)
    return tables


class OverlappingSubtables(ValueError):
    """The cmap's subtables, as long as they say, add up to more than 4 times the file."""


def _cmap_coverage(data: bytes, directory: dict[bytes, tuple[int, int]]) -> int:
    """Characters the font's cmap subtables claim together, in every format fontTools expands
    (0, 2, 4, 6, 12, 13, 14, 15), read from the raw bytes before any reader expands them. Up to
    65,535 subtables, which may overlap, are each expanded on their own; one named by several
    encoding records counts once. A format-4 subtable is not bounded by 65,536 characters: its
    segments may overlap (a 64 KB subtable holds ~8,000 segments each claiming 0..0xFFFE, which
    fontTools expands one by one: minutes), so every segment's span counts. A segment, group or
    selector record counts as at least one (an empty one in each of 65,535 overlapping
    subtables would be billions of steps for any reader; a valid font has none).
    Raises struct.error when a subtable runs past the end of the file, OverlappingSubtables when
    the subtables' lengths add up to more than 4 times the file (they overlap)."""
    import struct

    if b"cmap" not in directory:
        return 0
    base, _ = directory[b"cmap"]
    subtables = struct.unpack_from(">H", data, base + 2)[0]
    total = copied = 0
    seen = set()
    for i in range(subtables):   # at most 65,535, and each needs 8 bytes of the file
        _, _, offset = struct.unpack_from(">HHI", data, base + 4 + 8 * i)
        start = base + offset
        if start in seen:
            continue
        seen.add(start)
        fmt = struct.unpack_from(">H", data, start)[0]
        # fontTools copies each subtable (its stated length) before it reads any: overlapping
        # subtables, 65,535 of them, would be 65,535 copies of the table
        copied += struct.unpack_from(">I", data, start + (4 if fmt in (8, 10, 12, 13) else 2))[0] \
            if fmt in (8, 10, 12, 13, 14, 15) else struct.unpack_from(">H", data, start + 2)[0]
        if copied > 4 * len(data):
            raise OverlappingSubtables(copied)
        if fmt == 4:
            segments = struct.unpack_from(">H", data, start + 6)[0] // 2
            ends = struct.unpack_from(f">{segments}H", data, start + 14)
            starts = struct.unpack_from(f">{segments}H", data, start + 16 + 2 * segments)
            total += sum(max(1, end - first + 1) for first, end in zip(starts, ends))
        elif fmt in (12, 13):
            groups = struct.unpack_from(">I", data, start + 12)[0]
            if groups > MAX_CODEPOINTS:
                return groups
            for g in range(groups):
                first, last, _ = struct.unpack_from(">III", data, start + 16 + 12 * g)
                total += max(1, last - first + 1)
                if total > MAX_CODEPOINTS:
                    return total
        elif fmt == 2:
            # high byte -> sub-header (its key / 8): sub-header 0 maps single bytes (at most 256),
            # any other maps its entryCount codes for each high byte naming it (up to 65,535 each)
            keys = [key // 8 for key in struct.unpack_from(">256H", data, start + 6)]
            counts = {k: struct.unpack_from(">H", data, start + 518 + 8 * k + 2)[0] for k in set(keys) if k}
            total += 256 + sum(counts[k] for k in keys if k)
        elif fmt in (14, 15):
            total += _variation_entries(data, start, MAX_CODEPOINTS - total, 5 if fmt == 14 else 6)
        elif fmt == 0:
            total += 256
        elif fmt == 6:
            total += struct.unpack_from(">H", data, start + 8)[0]
        if total > MAX_CODEPOINTS:
            return total
    return total


def _variation_entries(data: bytes, start: int, budget: int, record: int = 5) -> int:
    """Entries fontTools makes of the format-14 (variation sequences; 15: ``record`` 6) subtable at ``start``
    (stops counting past ``budget``): every selector record expands its default table (each
    range up to 256 characters) and lists its other table, and records may share one table, so
    a 16 KB subtable made 2.4 GB of them. Each table is read once (a loop bounded by the file);
    struct.error when one runs past the end of the file."""
    import struct

    records = struct.unpack_from(">I", data, start + 6)[0]
    sizes: dict[tuple[int, int], int] = {}
    total = 0
    for r in range(records):
        total += 1   # a record counts as one: reading many is work even when they are empty
        default, other = struct.unpack_from(">II", data, start + 10 + 11 * r + 3)
        for kind, table in ((0, default), (1, other)):
            if not table:
                continue
            if (kind, table) not in sizes:
                at = start + table
                count = struct.unpack_from(">I", data, at)[0]
                if at + 4 + (4 if kind == 0 else record) * count > len(data):
                    raise struct.error("a variation-sequence table runs past the end of the file")
                # default ranges: (first character: 3 bytes, additional count: 1 byte)
                sizes[kind, table] = count + sum(data[at + 7:at + 4 + 4 * count:4]) if kind == 0 else count
            total += sizes[kind, table]
            if total > budget:
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
    digest = hashlib.sha1(data).hexdigest()
    head = data[:4]
    if head == b"OTTO":
        # CFF outlines: the directory and character map are checked on the file itself, then
        # it is converted to TrueType outlines (bounded, see railprint.text.cff) and the
        # conversion is checked like any TrueType file
        cff_directory = _table_directory(data)
        try:
            if cff_directory is None or _cmap_coverage(data, cff_directory) > MAX_CODEPOINTS:
                raise ValueError("its table directory or character map is damaged")
            from railprint.text.cff import converted

            data = converted(path, stamp, MAX_FONT_BYTES)
        except Exception as exc:  # fontTools raises many kinds for a broken file
            raise RailprintError(f"the font {name} (PostScript/CFF outlines) cannot be converted to TrueType "
                                 f"outlines: {str(exc)[:120] or type(exc).__name__}",
                                 hint="use the family's .ttf files, or convert it with a font editor") from None
        head = data[:4]
    if head not in (b"\x00\x01\x00\x00", b"true"):
        raise RailprintError(f"{name} is not a TrueType font file" + (" (a font collection)" if head == b"ttcf" else ""),
                             hint="give a .ttf or .otf (TrueType or CFF outlines) file of one face")
    directory = _table_directory(data)
    if directory is None:
        raise RailprintError(f"the font {name} is truncated or damaged (its table directory is cut short, "
                             f"lists more than {MAX_TABLES} tables or a table twice, or a table runs "
                             "past the end of the file)")
    try:
        coverage = _cmap_coverage(data, directory)
    except struct.error:
        raise RailprintError(f"the font {name} is truncated or damaged (its character map runs past "
                             "the end of the file)") from None
    except OverlappingSubtables as exc:
        raise RailprintError(f"the font {name} is damaged: the subtables of its character map overlap "
                             f"({exc.args[0]:,} bytes in a file of {len(data):,})") from None
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
        if font["post"].formatType == 3.0:
            # no glyph names in the file: fontTools numbers the glyphs, reads the cmap with those
            # numbers, then renames the glyphs through the Adobe Glyph List and reads the cmap
            # again; the numbers alone let every table be read (and checked) the same (~3 ms a
            # font and the list's import, ~8 ms)
            order = ["glyph%.5d" % i for i in range(font.getGlyphCount())]
            order[0] = ".notdef"
            font.setGlyphOrder(order)
        if font.getBestCmap() is None:
            raise ValueError("it has no Unicode character map")
        fs_type = font["OS/2"].fsType if "OS/2" in font else 0
        upm = font["head"].unitsPerEm
        if not 16 <= upm <= 16384:
            raise ValueError(f"unitsPerEm {upm} is outside 16..16384")
        for glyph in list(font.getGlyphOrder())[:1]:
            font["glyf"][glyph]  # noqa: B018 - decode one outline: a broken glyf table fails here
        locations = font["loca"].locations
        if any(a > b for a, b in zip(locations, locations[1:])) or locations and locations[-1] > directory[b"glyf"][1]:
            # fontTools reads such outlines as empty: the text was drawn invisible, without a word
            raise ValueError("its glyph locations (loca) are out of order or point past the glyph data")
        if _sfnt_metrics(data) is None:
            # what metrics() will ask fontTools for (hmtx, hhea, OS/2): a checked font always
            # has metrics, so a damaged hmtx is this error, not a traceback when text is measured
            _font_metrics(font)
        font.close()
        from reportlab.pdfbase.ttfonts import TTFontFile

        # the PDF writer embeds the font through reportlab, which reads tables fontTools leaves
        # alone (a name table of an unknown format passed `validate`, then `render` failed
        # unlocated: "the font f.ttf cannot be embedded: Unknown name table format"); ~1.5 ms
        TTFontFile(io.BytesIO(data))
    except RailprintError:
        raise
    except Exception as exc:  # fontTools raises many kinds (struct, assertion, key) for a broken file
        raise RailprintError(f"the font {name} cannot be read: {str(exc)[:120] or type(exc).__name__}",
                             hint="is the file complete? open it in a font viewer") from None
    if fs_type & 0x0002 or fs_type & 0x0200:
        raise RailprintError(f"the font {name} forbids embedding" + (" (restricted licence)" if fs_type & 2
                                                                      else " of a subset"),
                             hint="use a font whose licence allows embedding, such as an OFL font")
    return digest


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
    data = font_bytes(face)
    # a few integers read with struct (~1 ms a face; fontTools' import and tables took ~40 ms
    # for the four built-in faces); a file the short reader does not vouch for goes to fontTools
    return _sfnt_metrics(data) or _fonttools_metrics(font_source(face))


def _fonttools_metrics(path: Path) -> Metrics:
    """The face's metrics as fontTools reads them (what :func:`_sfnt_metrics` must equal)."""
    from fontTools.ttLib import TTFont

    font = TTFont(path, lazy=True)
    result = _font_metrics(font)
    font.close()
    return result


def _font_metrics(font) -> Metrics:
    """The metrics of an open fontTools ``TTFont``."""
    upm = font["head"].unitsPerEm
    hmtx = font["hmtx"].metrics
    cmap = font.getBestCmap()
    widths = {cp: hmtx[name][0] for cp, name in cmap.items() if name in hmtx}
    default = hmtx[font.getGlyphOrder()[0]][0]
    os2 = font["OS/2"] if "OS/2" in font else None
    hhea = font["hhea"]
    cap = (getattr(os2, "sCapHeight", 0) if os2 is not None else 0) or 0.66 * upm
    if os2 is not None and _typo_first(os2.fsSelection, os2.sTypoAscender, hhea.ascent):
        ascent, descent = os2.sTypoAscender, os2.sTypoDescender
    else:
        ascent, descent = hhea.ascent, hhea.descent
    return Metrics(upm, widths, default, ascent / upm, min(descent, 0) / upm, cap / upm)


def _typo_first(selection: int, typo_ascender: int, hhea_ascender: int) -> bool:
    """Whether the first baseline and the line's depth come from the OS/2 typo metrics: only
    when the font sets USE_TYPO_METRICS (fsSelection bit 7), as browsers, Pango and Word do;
    otherwise from hhea — unless hhea claims no ascender at all (a broken font) and the typo
    ascender is usable."""
    return typo_ascender > 0 and (bool(selection & 0x80) or hhea_ascender <= 0)


# fontTools' getBestCmap order of (platform, encoding) subtables
_CMAP_PREFERENCES = ((3, 10), (0, 6), (0, 4), (3, 1), (0, 3), (0, 2), (0, 1), (0, 0))
_METRICS_TABLES = (b"head", b"hhea", b"maxp", b"hmtx", b"cmap", b"OS/2")
_OS2_SIZES = {0: 78, 1: 86, 2: 96, 3: 96, 4: 96, 5: 100}   # bytes of each OS/2 table version


def _sfnt_metrics(data: bytes) -> Metrics | None:
    """:func:`_fonttools_metrics` of a TrueType file in bytes, read with struct; None for
    anything it does not vouch for (a table out of bounds or short, a cmap subtable other than
    format 4 or 12 chosen, segments or groups fontTools would repair or skip, a glyph id past
    the glyph count, an OS/2 version it does not know, format-4 segments out of order or
    overlapping): fontTools reads those. Every loop is bounded by the file's own size, or by
    the characters the cmap claims: each code of a format-4 subtable is read once (at most
    65,536), a designer's format-12 groups were counted by the check (:func:`_cmap_coverage`).
    ``tests/test_fonts_metrics.py`` compares both."""
    import struct

    try:
        if data[:4] not in (b"\x00\x01\x00\x00", b"true"):
            return None
        directory = _table_directory(data)
        if directory is None:
            return None
        # only the tables read are sliced out (a copy each)
        tables = {tag: data[offset:offset + length] for tag, (offset, length) in directory.items()
                  if tag in _METRICS_TABLES}
        head, hhea, maxp, hmtx, cmap = (tables.get(tag) for tag in (b"head", b"hhea", b"maxp", b"hmtx", b"cmap"))
        if head is None or hhea is None or maxp is None or hmtx is None or cmap is None:
            return None
        if len(head) < 54 or len(hhea) < 36 or len(maxp) < 6:
            return None
        upm = struct.unpack_from(">H", head, 18)[0]
        glyphs = struct.unpack_from(">H", maxp, 4)[0]
        long_metrics = min(struct.unpack_from(">H", hhea, 34)[0], glyphs)
        if not long_metrics or len(hmtx) < 4 * long_metrics + 2 * (glyphs - long_metrics):
            return None
        advances = struct.unpack_from(f">{2 * long_metrics}H", hmtx)[::2]   # (advance, side bearing) pairs
        codes = _best_cmap(cmap)
        if codes is None or (codes and max(codes.values()) >= glyphs):
            return None
        last = advances[-1]
        widths = {cp: advances[gid] if gid < long_metrics else last for cp, gid in codes.items()}
        os2 = tables.get(b"OS/2")
        ascent, descent = struct.unpack_from(">hh", hhea, 4)
        cap = 0.66 * upm
        if os2 is not None:
            version = struct.unpack_from(">H", os2, 0)[0]
            if version not in _OS2_SIZES or len(os2) < _OS2_SIZES[version]:
                return None
            selection = struct.unpack_from(">H", os2, 62)[0]
            typo = struct.unpack_from(">hh", os2, 68)
            cap = (struct.unpack_from(">h", os2, 88)[0] if version >= 2 else 0) or cap
            if _typo_first(selection, typo[0], ascent):
                ascent, descent = typo
        return Metrics(upm, widths, advances[0], ascent / upm, min(descent, 0) / upm, cap / upm)
    except (struct.error, ZeroDivisionError):
        return None


def _best_cmap(cmap: bytes) -> dict[int, int] | None:
    """Code point -> glyph id of the subtable fontTools' getBestCmap picks (glyph 0 left out),
    or None when it is not a plain format 4 or 12 subtable (format-4 segments sorted and apart,
    format-12 groups sorted and apart: each code is read once) or any subtable header is odd."""
    import struct

    subtables = struct.unpack_from(">H", cmap, 2)[0]
    first: dict[tuple[int, int], int] = {}
    for i in range(subtables):
        platform, encoding, offset = struct.unpack_from(">HHI", cmap, 4 + 8 * i)
        fmt = struct.unpack_from(">H", cmap, offset)[0]
        if fmt in (8, 10, 12, 13):
            length = struct.unpack_from(">I", cmap, offset + 4)[0]
        else:
            length = struct.unpack_from(">I" if fmt in (14, 15) else ">H", cmap, offset + 2)[0]
        if length < 10 or offset + length > len(cmap):
            return None
        first.setdefault((platform, encoding), offset)
    offset = next((first[pair] for pair in _CMAP_PREFERENCES if pair in first), None)
    if offset is None:
        return None
    fmt = struct.unpack_from(">H", cmap, offset)[0]
    codes: dict[int, int] = {}
    if fmt == 4:
        length = struct.unpack_from(">H", cmap, offset + 2)[0]
        segments = struct.unpack_from(">H", cmap, offset + 6)[0] // 2
        body = cmap[offset + 14:offset + length]
        if length < 14 or len(body) % 2 or len(body) < 2 * (4 * segments + 1):
            return None
        words = struct.unpack(f">{len(body) // 2}H", body)
        ends, starts = words[:segments], words[segments + 1:2 * segments + 1]
        if any(start > end for start, end in zip(starts, ends)) or any(
                starts[i] <= ends[i - 1] for i in range(1, segments)):
            return None   # unsorted or overlapping segments (no valid font has them): fontTools reads them
        deltas, ranges = words[2 * segments + 1:3 * segments + 1], words[3 * segments + 1:4 * segments + 1]
        indices = words[4 * segments + 1:]
        for i in range(segments - 1):  # as fontTools: the last (0xFFFF) segment is not read
            start, end, delta, range_offset = starts[i], ends[i], deltas[i], ranges[i]
            if range_offset == 0:
                for code in range(start, end + 1):
                    gid = (code + delta) & 0xFFFF
                    if gid:
                        codes[code] = gid
            else:
                partial = range_offset // 2 - start + i - segments
                for code in range(start, end + 1):
                    index = code + partial
                    if not 0 <= index < len(indices):
                        return None
                    gid = (indices[index] + delta) & 0xFFFF if indices[index] else 0
                    if gid:
                        codes[code] = gid
        return codes
    if fmt == 12:
        length, _, groups = struct.unpack_from(">III", cmap, offset + 4)
        if length != 16 + 12 * groups:
            return None
        last_end = -1
        for g in range(groups):
            start, end, gid = struct.unpack_from(">III", cmap, offset + 16 + 12 * g)
            if end > 0x10FFFF or start > end or start <= last_end or gid == 0:
                return None
            last_end = end
            codes.update(zip(range(start, end + 1), range(gid, gid + end - start + 1)))
        return codes
    return None


_CACHED_LEN = 256   # strings up to this long are remembered (at most 8192 of them: ~2 M characters)


def check_glyphs(text: str, face: str = "regular") -> list[str]:
    """Characters of ``text`` the font cannot draw (whitespace controls ignored)."""
    return list(_missing(text, face) if len(text) <= _CACHED_LEN else _missing.__wrapped__(text, face))


def refuse_missing_glyphs(drawn) -> None:
    """RailprintError naming the first ten of the ``(text, font)`` pairs (in drawing order, each
    once) that use a character the font has no glyph for."""
    problems = []
    for text, font in drawn:
        missing = check_glyphs(text, font)
        if missing:
            problems.append(f"{text!r} uses {''.join(missing)!r}")
    if problems:
        from railprint.errors import RailprintError

        raise RailprintError("the font has no glyph for: " + "; ".join(problems[:10]),
                             hint="use other characters or a font that has them")


@lru_cache(maxsize=8192)
def _missing(text: str, face: str) -> tuple[str, ...]:
    widths = metrics(face).widths
    return tuple(sorted({ch for ch in set(text) if ord(ch) not in widths and ch not in "\n\r\t"}))
