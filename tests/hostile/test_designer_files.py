"""Hostile font files (and, below, SVG pictures) a deck names: one located error, exit 1,
bounded time and memory, nothing written."""

from __future__ import annotations

import resource
import struct
from importlib import resources

import pytest

from railprint.loading.resources import content_path
from tests.hostile.common import assert_clean_failure, run, write

FONT = content_path("examples", "signal-box", "fonts", "Semaphore-Regular.ttf").read_bytes()
CFF = (resources.files("font_source_sans_pro") / "files" / "SourceSansPro-Regular.otf").read_bytes()
DECK = """\
kind: deck
id: d
game: g
title: {en: T}
size: poker
fonts:
  F: {regular: f.ttf}
templates:
  t:
    layers:
      - LAYER
cards: [{template: t}]
"""
FONT_LAYER = "{type: text, text: 'Hello', x: 5mm, y: 10mm, family: F}"


def _render(tmp_path, files: dict, binary: dict):
    content = write(tmp_path, files)
    for name, data in binary.items():
        (content / "g" / name).write_bytes(data)
    out = tmp_path / "out"
    return run("render", "g", "--content", str(content), "-o", str(out), "-q"), out


def _sfnt(tables: dict[bytes, bytes]) -> bytes:
    """A bare TrueType file holding ``tables``."""
    offset = 12 + 16 * len(tables)
    directory, body = b"", b""
    for tag, data in tables.items():
        directory += struct.pack(">4sIII", tag, 0, offset + len(body), len(data))
        body += data + b"\0" * (-len(data) % 4)
    return b"\x00\x01\x00\x00" + struct.pack(">HHHH", len(tables), 16, 0, 0) + directory + body


def _cmap12(groups: list[tuple[int, int, int]], claimed: int | None = None) -> bytes:
    """A cmap table with one format-12 subtable (``claimed``: the group count it states)."""
    sub = struct.pack(">HHIII", 12, 0, 16 + 12 * len(groups), 0, len(groups) if claimed is None else claimed)
    sub += b"".join(struct.pack(">III", *g) for g in groups)
    return struct.pack(">HHHHI", 0, 1, 3, 10, 12) + sub


def _deep_cff(depth: int) -> bytes:
    """A CFF font whose one glyph calls a subroutine calling the next, ``depth`` deep (fontTools'
    interpreter has no limit: a tree of them would run for hours)."""
    import io

    from fontTools.cffLib import SubrsIndex
    from fontTools.fontBuilder import FontBuilder
    from fontTools.misc.psCharStrings import T2CharString

    builder = FontBuilder(1000, isTTF=False)
    builder.setupGlyphOrder([".notdef", "A"])
    builder.setupCharacterMap({65: "A"})
    builder.setupCFF("Deep-Regular", {"FullName": "Deep"},
                     {".notdef": T2CharString(program=[500, "endchar"]),
                      "A": T2CharString(program=[500, -107, "callsubr", "endchar"])}, {})
    builder.setupHorizontalMetrics({".notdef": (500, 0), "A": (500, 0)})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": "Deep", "styleName": "Regular"})
    builder.setupOS2()
    builder.setupPost()
    subrs = SubrsIndex()
    for i in range(depth):
        subrs.append(T2CharString(program=[i + 1 - 107, "callsubr", "return"] if i < depth - 1
                                  else [0, 0, "rmoveto", 100, 0, "rlineto", 0, 100, "rlineto", "return"]))
    builder.font["CFF "].cff.topDictIndex[0].Private.Subrs = subrs
    out = io.BytesIO()
    builder.save(out)
    return out.getvalue()


@pytest.mark.parametrize("data, expected", [
    (CFF[:20000], "(PostScript/CFF outlines) cannot be converted to TrueType outlines"),
    (_deep_cff(12), "its charstrings call subroutines more than 10 deep"),
    (FONT[:100], "truncated or damaged"),
    (FONT[:3000], "truncated or damaged (its table directory"),
    (FONT[:20000], "truncated or damaged (its table directory"),
    (_sfnt({b"cmap": _cmap12([(0, 999_999_999, 1)])}), "claims 1,000,000,000 characters"),
    (_sfnt({b"cmap": _cmap12([], claimed=4_000_000_000)}), "claims 4,000,000,000 characters"),
    (_sfnt({b"cmap": _cmap12([(65, 90, 1)])}), "cannot be read: it has no head"),
    (b"\x00\x01\x00\x00" + b"\0" * (17 * 1024 * 1024), "larger than 16 MiB"),
    (b"<html>not a font</html>", "is not a TrueType font file"),
    (b"", "is not a TrueType font file"),
    (b"ttcf" + FONT, "a font collection"),
])
def test_hostile_fonts_are_one_located_error(tmp_path, alarm, data, expected):
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    result, out = _render(tmp_path, {"d.yaml": DECK.replace("LAYER", FONT_LAYER)}, {"f.ttf": data})
    assert_clean_failure(result, out)
    assert "d.yaml:7:16: fonts.F.regular:" in result.stderr and expected in result.stderr, result.stderr
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before < 300 * 1024   # KiB: < 300 MB more


def test_a_font_forbidding_embedding_is_refused(tmp_path):
    from io import BytesIO

    from fontTools.ttLib import TTFont

    font = TTFont(BytesIO(FONT))
    font["OS/2"].fsType = 0x0002
    out = BytesIO()
    font.save(out)
    result, folder = _render(tmp_path, {"d.yaml": DECK.replace("LAYER", FONT_LAYER)}, {"f.ttf": out.getvalue()})
    assert_clean_failure(result, folder)
    assert "forbids embedding (restricted licence)" in result.stderr


def _junk_directory(junk: int) -> bytes:
    """FONT with ``junk`` more table-directory entries (distinct tags) each naming the whole
    file but its first byte: copying every entry's table would take ``junk`` copies of it."""
    count = struct.unpack_from(">H", FONT, 4)[0]
    shift = 16 * junk
    entries = []
    for i in range(count):
        tag, checksum, offset, length = struct.unpack_from(">4sIII", FONT, 12 + 16 * i)
        entries.append(struct.pack(">4sIII", tag, checksum, offset + shift, length))
    size = len(FONT) + shift
    entries += [struct.pack(">4sIII", f"{i:04x}".encode(), 0, 1, size - 1) for i in range(junk)]
    data = FONT[:4] + struct.pack(">H", count + junk) + FONT[6:12] + b"".join(entries) + FONT[12 + 16 * count:]
    assert len(data) == size
    return data


def test_a_table_directory_of_junk_entries_is_refused_in_bounded_memory(tmp_path, alarm):
    """20,000 directory entries naming the whole file (a 350 KB font) asked ~7 GB of the
    metrics reader: the directory is refused at the gate, before any table is read."""
    import tracemalloc

    from railprint.text import fonts

    data = _junk_directory(20_000)
    tracemalloc.start()
    assert fonts._table_directory(data) is None and fonts._sfnt_metrics(data) is None
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert peak < 1024 * 1024
    result, out = _render(tmp_path, {"d.yaml": DECK.replace("LAYER", FONT_LAYER)}, {"f.ttf": data})
    assert_clean_failure(result, out)
    assert "d.yaml:7:16: fonts.F.regular:" in result.stderr and "table directory" in result.stderr, result.stderr


def test_junk_entries_within_the_bound_cost_only_the_tables_read(tmp_path):
    """200 junk entries (under MAX_TABLES) pass, and the metrics copy only the tables they read."""
    import tracemalloc

    from railprint.text import fonts

    data = _junk_directory(fonts.MAX_TABLES - struct.unpack_from(">H", FONT, 4)[0])
    tracemalloc.start()
    fast = fonts._sfnt_metrics(data)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert fast is not None and fast == fonts._sfnt_metrics(FONT)
    assert peak < 4 * len(data)   # a copy of every entry's table would be 200 x the file
    result, out = _render(tmp_path, {"d.yaml": DECK.replace("LAYER", FONT_LAYER)}, {"f.ttf": data})
    assert result.exit_code == 0, result.output


def _patched(data: bytes, tag: bytes, at: int, value: bytes, length: int | None = None) -> bytes:
    """``data`` with ``value`` written at byte ``at`` of table ``tag`` (and its directory length
    set to ``length``)."""
    from railprint.text import fonts

    offset, _ = fonts._table_directory(data)[tag]
    out = bytearray(data)
    out[offset + at:offset + at + len(value)] = value
    if length is not None:
        count = struct.unpack_from(">H", data, 4)[0]
        entry = next(12 + 16 * i for i in range(count) if data[12 + 16 * i:16 + 16 * i] == tag)
        struct.pack_into(">I", out, entry + 12, length)
    return bytes(out)


@pytest.mark.parametrize("data, expected", [
    (_patched(FONT, b"hhea", 34, b"\0\0"), "f.ttf cannot be read"),          # numberOfHMetrics = 0
    (_patched(FONT, b"hmtx", 0, b"", length=2), "not enough 'hmtx' table data"),
], ids=["no-long-metrics", "two-byte-hmtx"])
@pytest.mark.parametrize("command", ["validate", "render"])
def test_a_font_whose_metrics_cannot_be_read_is_refused_at_the_gate(tmp_path, alarm, data, expected, command):
    """The check decodes what measuring text reads: a broken hmtx is the located font error,
    not a fontTools traceback when the first text is measured."""
    from railprint.text import fonts

    assert fonts._sfnt_metrics(data) is None   # the short reader declines: fontTools decides
    content = write(tmp_path, {"d.yaml": DECK.replace("LAYER", FONT_LAYER)})
    (content / "g" / "f.ttf").write_bytes(data)
    out = tmp_path / "out"
    args = (["validate", str(content / "g" / "d.yaml")] if command == "validate"
            else ["render", "g", "--content", str(content), "-o", str(out), "-q"])
    result = run(*args)
    assert_clean_failure(result, out)
    assert "d.yaml:7:16: fonts.F.regular:" in result.stderr and expected in result.stderr, result.stderr


def _cmap4(segments: list[tuple[int, int]]) -> bytes:
    """A cmap table with one format-4 (3, 1) subtable of ``segments`` (start, end), idDelta 1,
    and the closing 0xFFFF segment."""
    segments = [*segments, (0xFFFF, 0xFFFF)]
    n = len(segments)
    body = struct.pack(f">{n}H", *(end for _, end in segments)) + b"\0\0"
    body += struct.pack(f">{n}H", *(start for start, _ in segments))
    body += struct.pack(f">{n}H", *([1] * n)) + struct.pack(f">{n}H", *([0] * n))
    sub = struct.pack(">7H", 4, 14 + len(body), 0, 2 * n, 0, 0, 0) + body
    return struct.pack(">HHHHI", 0, 1, 3, 1, 12) + sub


def _with_cmap(cmap: bytes) -> bytes:
    """FONT with its character map replaced."""
    from railprint.text import fonts

    tables = {tag: FONT[offset:offset + length] for tag, (offset, length) in fonts._table_directory(FONT).items()}
    return _sfnt({**tables, b"cmap": cmap})


def test_overlapping_format_4_segments_are_refused_before_fonttools_expands_them(tmp_path, alarm):
    """8,000 format-4 segments each claiming 0..0xFFFE fit in 64 KB; fontTools expands every
    one (~10 minutes): the check counts their spans first, a located error in seconds."""
    import time

    data = _with_cmap(_cmap4([(0, 0xFFFE)] * 7_999))
    before = time.process_time()
    result, out = _render(tmp_path, {"d.yaml": DECK.replace("LAYER", FONT_LAYER)}, {"f.ttf": data})
    assert time.process_time() - before < 5
    assert_clean_failure(result, out)
    assert "d.yaml:7:16: fonts.F.regular:" in result.stderr, result.stderr
    assert f"claims {7_999 * 0xFFFF + 1:,} characters" in result.stderr, result.stderr


def test_a_few_overlapping_segments_are_left_to_fonttools(tmp_path):
    """Overlapping segments under the bound: the short reader declines them (every code would be
    read once per segment), fontTools reads the face, and the deck renders."""
    from railprint.text import fonts

    data = _with_cmap(_cmap4([(0x20, 0x7E), (0x41, 0x5A), (0x30, 0x39)]))
    cmap_offset, cmap_length = fonts._table_directory(data)[b"cmap"]
    assert fonts._best_cmap(data[cmap_offset:cmap_offset + cmap_length]) is None
    assert fonts._sfnt_metrics(data) is None
    sorted_data = _with_cmap(_cmap4([(0x20, 0x7E)]))
    assert fonts._sfnt_metrics(sorted_data) is not None
    result, out = _render(tmp_path, {"d.yaml": DECK.replace("LAYER", FONT_LAYER)}, {"f.ttf": data})
    assert result.exit_code == 0, result.output


def _with_variations(records: int, ranges: int) -> bytes:
    """FONT with a format-14 (variation sequences) subtable added to its cmap: ``records``
    selector records all naming one default table of ``ranges`` ranges of 256 characters."""
    from railprint.text import fonts

    tables = {tag: FONT[offset:offset + length] for tag, (offset, length) in fonts._table_directory(FONT).items()}
    cmap = tables[b"cmap"]
    version, count = struct.unpack_from(">HH", cmap, 0)
    entries = [struct.unpack_from(">HHI", cmap, 4 + 8 * i) for i in range(count)]
    body = cmap[4 + 8 * count:]
    default = 10 + 11 * records
    sub = b"".join(b"\x00\xfe\x00" + struct.pack(">II", default, 0) for _ in range(records))
    sub += struct.pack(">I", ranges) + b"".join(struct.pack(">I", (0x20 + 256 * i) << 8 | 255) for i in range(ranges))
    sub = struct.pack(">HII", 14, 10 + len(sub), records) + sub
    entries = sorted([(p, e, o + 8) for p, e, o in entries] + [(0, 5, 4 + 8 * (count + 1) + len(body))])
    cmap = struct.pack(">HH", version, count + 1) + b"".join(struct.pack(">HHI", *e) for e in entries) + body + sub
    return _sfnt({**tables, b"cmap": cmap})


def test_shared_variation_sequence_tables_are_counted_before_fonttools_expands_them(tmp_path, alarm):
    """300 selector records naming one table of 300 ranges (16 KB) made fontTools build 23
    million entries (5.6 s, 2.4 GB); 1,000 of each would exhaust the memory: each record's
    share is counted first, a located error at once."""
    import time

    data = _with_variations(1_000, 1_000)
    assert len(data) < 64 * 1024
    before = time.process_time()
    result, out = _render(tmp_path, {"d.yaml": DECK.replace("LAYER", FONT_LAYER)}, {"f.ttf": data})
    assert time.process_time() - before < 5
    assert_clean_failure(result, out)
    assert "d.yaml:7:16: fonts.F.regular:" in result.stderr and "characters in its character map" in result.stderr


def test_a_few_variation_sequences_are_read(tmp_path):
    from railprint.text import fonts

    data = _with_variations(4, 3)
    assert fonts._cmap_coverage(data, fonts._table_directory(data)) == fonts._cmap_coverage(
        FONT, fonts._table_directory(FONT)) + 4 + 4 * 3 * 256
    result, out = _render(tmp_path, {"d.yaml": DECK.replace("LAYER", FONT_LAYER)}, {"f.ttf": data})
    assert result.exit_code == 0, result.output


def _cmap2(copies: int, entries: int) -> bytes:
    """A cmap of ``copies`` identical format-2 subtables (each its own offset): every high byte
    but 0 names sub-header 1, which maps ``entries`` codes through one glyph array."""
    keys = struct.pack(">256H", *([0] + [8] * 255))
    headers = struct.pack(">4H", 0, 0, 0, 0) + struct.pack(">HHhH", 0, entries, 0, 2)   # array right after
    sub = keys + headers + struct.pack(f">{entries}H", *([3] * entries))
    sub = struct.pack(">3H", 2, 6 + len(sub), 0) + sub
    first = 4 + 8 * copies
    records = b"".join(struct.pack(">HHI", 1, 1 + i, first + i * len(sub)) for i in range(copies))
    return struct.pack(">HH", 0, copies) + records + sub * copies


def test_format_2_subtables_are_counted_before_fonttools_expands_them(tmp_path, alarm):
    """One format-2 sub-header named by 255 high bytes maps 255 x entryCount codes from one
    glyph array: 20 subtables of 65,536 codes (1 KB each) are refused before fontTools reads them
    (200 of them, 235 KB, took fontTools 6.6 s and 1 GB)."""
    from railprint.text import fonts

    small = _with_cmap(_cmap2(1, 16))
    assert fonts._cmap_coverage(small, fonts._table_directory(small)) == 256 + 255 * 16
    data = _with_cmap(_cmap2(20, 256))
    result, out = _render(tmp_path, {"d.yaml": DECK.replace("LAYER", FONT_LAYER)}, {"f.ttf": data})
    assert_clean_failure(result, out)
    assert "characters in its character map" in result.stderr, result.stderr


def test_format_0_and_6_subtables_are_counted(tmp_path, alarm):
    """Every format fontTools expands counts: 1,200 format-0 subtables (256 codes each) are
    refused; a format-6 subtable counts its entries."""
    from railprint.text import fonts

    sub = struct.pack(">3H", 0, 262, 0) + bytes(range(256))
    many = struct.pack(">HH", 0, 1_200) + b"".join(struct.pack(">HHI", 1, 0, 4 + 8 * 1_200 + 262 * i)
                                                    for i in range(1_200)) + sub * 1_200
    six = struct.pack(">5H", 6, 10 + 2 * 40, 0, 0x41, 40) + struct.pack(">40H", *range(1, 41))
    small = _with_cmap(struct.pack(">HHHHI", 0, 1, 1, 0, 12) + six)
    assert fonts._cmap_coverage(small, fonts._table_directory(small)) == 40
    data = _with_cmap(many)
    assert fonts._cmap_coverage(data, fonts._table_directory(data)) > fonts.MAX_CODEPOINTS
    result, out = _render(tmp_path, {"d.yaml": DECK.replace("LAYER", FONT_LAYER)}, {"f.ttf": data})
    assert_clean_failure(result, out)
    assert "characters in its character map" in result.stderr, result.stderr


def _overlapping_subtables(count: int) -> bytes:
    """FONT whose cmap has ``count`` more subtables 4 bytes apart, each of an unknown format
    (9) stating 61,440 bytes: all inside the table, each a copy in fontTools."""
    from railprint.text import fonts

    cmap = FONT[slice(*(lambda o, n: (o, o + n))(*fonts._table_directory(FONT)[b"cmap"]))]
    version, old = struct.unpack_from(">HH", cmap, 0)
    entries = [struct.unpack_from(">HHI", cmap, 4 + 8 * i) for i in range(old)]
    body = cmap[4 + 8 * old:]
    start = 4 + 8 * (old + count)
    tail = struct.pack(">HH", 9, 0xF000) * (count + 0xF000 // 4)
    entries = [(p, e, o + 8 * count) for p, e, o in entries]
    entries += [(3, 2, start + len(body) + 4 * i) for i in range(count)]
    return _with_cmap(struct.pack(">HH", version, old + count)
                      + b"".join(struct.pack(">HHI", *e) for e in entries) + body + tail)


def test_overlapping_subtables_are_refused_before_fonttools_copies_them(tmp_path, alarm):
    """fontTools copies every subtable (as long as it says) before reading any: 4,000 subtables
    4 bytes apart, each stating 61,440 bytes of a 140 KB font, took 300 MB; 65,535 stating
    16 MB each would be a terabyte."""
    from railprint.text import fonts

    few = _overlapping_subtables(1)
    assert fonts._cmap_coverage(few, fonts._table_directory(few)) == fonts._cmap_coverage(
        FONT, fonts._table_directory(FONT))
    data = _overlapping_subtables(4_000)
    with pytest.raises(fonts.OverlappingSubtables):
        fonts._cmap_coverage(data, fonts._table_directory(data))
    result, out = _render(tmp_path, {"d.yaml": DECK.replace("LAYER", FONT_LAYER)}, {"f.ttf": data})
    assert_clean_failure(result, out)
    assert "the subtables of its character map overlap" in result.stderr, result.stderr


def test_a_named_file_is_looked_at_once(tmp_path, monkeypatch):
    """``errors.file_version``: one stat decides found, regular and version (a stat, then an
    is_file, could see two different files); the messages are the same."""
    import os
    from pathlib import Path

    from railprint.errors import RailprintError, file_version

    font = tmp_path / "f.ttf"
    font.write_bytes(FONT)
    os.utime(font, ns=(5, 7_000_000_123))
    (tmp_path / "dir.ttf").mkdir()
    os.mkfifo(tmp_path / "pipe.ttf")
    looks = []
    real = Path.stat
    monkeypatch.setattr(Path, "stat", lambda self, **kw: looks.append(self) or real(self, **kw))
    assert file_version(font, "font file") == (7_000_000_123, len(FONT)) and looks == [font]
    for name, expected in [("dir.ttf", f"not a font file: {tmp_path / 'dir.ttf'}"),
                           ("pipe.ttf", f"not a font file: {tmp_path / 'pipe.ttf'}"),
                           ("nope.ttf", "font file not found: nope.ttf")]:
        looks.clear()
        with pytest.raises(RailprintError) as error:
            file_version(tmp_path / name, "font file")
        assert str(error.value).startswith(expected) and len(looks) == 1, (str(error.value), looks)


# --- SVG pictures -------------------------------------------------------------------------

SVG_LAYER = "{type: image, file: a.svg, x: 5mm, y: 5mm, w: 30mm, h: 30mm}"
LAUGHS = ('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">'
          '<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]>'
          '<svg xmlns="http://www.w3.org/2000/svg"><text>&d;&d;&d;&d;</text></svg>')
EXTERNAL = ('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
            '<svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>')
GOOD = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="5" height="5" fill="#f00"/></svg>'
SVG_NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'


def use_bomb(levels: int = 18) -> str:
    """1 KB: <use> elements doubling ``levels`` times (262,144 paths at 18)."""
    text = f'<svg {SVG_NS} viewBox="0 0 10 10"><defs><path id="a0" d="M0 0 L1 1" stroke="#000"/>'
    text += "".join(f'<g id="a{i}"><use href="#a{i - 1}"/><use xlink:href="#a{i - 1}"/></g>' for i in range(1, levels + 1))
    return text + f'</defs><use href="#a{levels}"/></svg>'


def svg(body: str, view: str = "0 0 10 10", head: str = "") -> str:
    return f'{head}<svg {SVG_NS} viewBox="{view}">{body}</svg>'


# every one of these took seconds to minutes, or gigabytes, or ended in a traceback (issue 29)
COSTLY_SVGS = [
    (use_bomb(), "too complex to draw"),
    (svg('<g id="a"><use href="#b"/></g><g id="b"><use href="#a"/></g>'), "<use> cycle: '#b'"),
    (svg('<use id="u" xlink:href="#u"/>'), "<use> cycle: '#u'"),
    (svg('<path stroke="#000" d="M0 0' + " a1 1 0 0 1 1 1" * 270_000 + '"/>'), "too complex to draw"),
    (svg('<path stroke="#000" d="M0 0' + " a1 1 0 011 1" * 5_000 + '"/>'), "too complex to draw"),
    (svg('<polyline stroke="#000" points="' + " 1,1" * 200_000 + '"/>'), "too complex to draw"),
    (svg('<rect width="1" height="1" fill="#f00"/>' * 19_000), "too complex to draw"),
    (svg('<g transform="translate(1 1)">' * 60 + '<rect width="1" height="1" fill="#f00"/>' * 9_500 + "</g>" * 60),
     "too complex to draw"),
    (svg("<style>" + "".join(f".c{i}{{fill:red}}" for i in range(200_000)) + '</style><rect class="c1" width="5" height="5"/>'),
     "more than 1,000 CSS rules"),
    (svg("<style>" + "rect{fill:red}" * 200_000 + "</style>" + '<rect width="5" height="5"/>' * 1000),
     "more than 1,000 CSS rules"),
    (svg("<style>" + "*{" + "fill:red;" * 20_000 + "}</style>" + '<rect width="5" height="5"/>' * 1000),
     "too complex to draw"),
    (svg('<rect width="5" height="5" fill="#f00"/>', head='<?xml version="1.0" encoding="x-nope"?>'),
     "cannot be read as XML: unknown encoding: x-nope"),
    (svg('<rect width="1e-300" height="1e-300" fill="#f00"/>', view="0 0 1e-300 1e-300"), "no usable size"),
]


@pytest.mark.parametrize("data, expected", [
    (LAUGHS, "declares a DOCTYPE or entities"),
    (EXTERNAL, "declares a DOCTYPE or entities"),
    ('<svg xmlns="http://www.w3.org/2000/svg">' + "<g/>" * 1_000_000 + "</svg>", "more than 20,000 elements"),
    ('<svg xmlns="http://www.w3.org/2000/svg">' + "<g/>" * 1_100_000 + "</svg>", "larger than 4 MiB"),
    ('<svg xmlns="http://www.w3.org/2000/svg">' + "<g>" * 200 + "</g>" * 200 + "</svg>", "deeper than 64"),
    ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1e300 1e300"><rect width="1" height="1"/></svg>',
     "no usable size"),
    ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0 L1e200 5" stroke="#000"/></svg>',
     "beyond a million pixels"),
    (GOOD[:60], "not well-formed XML"),
    ("", "not well-formed XML"),
    ('<html><body/></html>', "is not an SVG picture"),
    *COSTLY_SVGS,
])
def test_hostile_svgs_are_one_located_error(tmp_path, alarm, data, expected):
    import time

    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start = time.process_time()
    deck = DECK.replace("fonts:\n  F: {regular: f.ttf}\n", "").replace("LAYER", SVG_LAYER)
    result, out = _render(tmp_path, {"d.yaml": deck}, {"a.svg": data.encode()})
    assert_clean_failure(result, out)
    assert "d.yaml:10:9: card 1 (t):" in result.stderr and expected in result.stderr, result.stderr
    assert time.process_time() - start < 5
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before < 300 * 1024


# --- SVG files as icons (kind: icons, {file: …}) ---------------------------------------------

ICONS_FILE = "kind: icons\nid: i\ngame: g\nicons:\n  art: {file: a.svg}\n"
ICON_LAYER = "{type: text, text: 'Look :art: here', x: 5mm, y: 5mm, w: 50mm, h: 20mm}"


@pytest.mark.parametrize("data, expected", [
    (LAUGHS, "declares a DOCTYPE or entities"),
    (EXTERNAL, "declares a DOCTYPE or entities"),
    ('<svg xmlns="http://www.w3.org/2000/svg">' + "<g/>" * 1_000_000 + "</svg>", "more than 20,000 elements"),
    ('<svg xmlns="http://www.w3.org/2000/svg">' + "<g>" * 200 + "</g>" * 200 + "</svg>", "deeper than 64"),
    ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1e300 1e300"><rect width="1" height="1"/></svg>',
     "no usable size"),
    ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0 L1e200 5" stroke="#000"/></svg>',
     "beyond a million pixels"),
    ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0 L9000 5" stroke="#000"/></svg>',
     "reaches more than 100 times"),
    (GOOD[:60], "not well-formed XML"),
    ('<html><body/></html>', "is not an SVG picture"),
    *COSTLY_SVGS[:3],
])
def test_hostile_svg_icons_are_one_located_error(tmp_path, alarm, data, expected):
    import time

    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start = time.process_time()
    deck = DECK.replace("fonts:\n  F: {regular: f.ttf}\n", "").replace("LAYER", ICON_LAYER)
    result, out = _render(tmp_path, {"d.yaml": deck, "icons.yaml": ICONS_FILE}, {"a.svg": data.encode()})
    assert_clean_failure(result, out)
    assert "icons.yaml:5:8: icon 'art':" in result.stderr and expected in result.stderr, result.stderr
    assert result.stderr.count(expected) == 1
    assert time.process_time() - start < 5
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before < 300 * 1024


@pytest.mark.parametrize("data, expected", COSTLY_SVGS, ids=range(len(COSTLY_SVGS)))
def test_validate_refuses_the_costly_svgs_render_refuses_at_the_same_place(tmp_path, alarm, data, expected):
    import time

    start = time.process_time()
    deck = DECK.replace("fonts:\n  F: {regular: f.ttf}\n", "").replace("LAYER", SVG_LAYER)
    content = write(tmp_path, {"d.yaml": deck})
    (content / "g" / "a.svg").write_text(data, encoding="utf-8")
    result = run("validate", str(content))
    assert result.exit_code == 1 and "Traceback" not in result.output, result.output
    assert "d.yaml:10:9: card 1 (t):" in result.stderr and expected in result.stderr, result.stderr
    assert time.process_time() - start < 2


def test_svgs_at_the_work_limit_still_draw(tmp_path):
    """Below the budget: a path of 3,000 arcs and 40 <use> copies of a 300-line path are drawn."""
    from pypdf import PdfReader

    arcs = svg('<path stroke="#000" d="M0 0' + " a1 1 0 0 1 1 1" * 2_000 + '"/>')
    uses = svg('<defs><path id="p" stroke="#000" d="M0 0' + " L1 1" * 300 + '"/></defs>' + '<use href="#p"/>' * 40)
    for data in (arcs, uses):
        deck = DECK.replace("fonts:\n  F: {regular: f.ttf}\n", "").replace("LAYER", SVG_LAYER)
        result, out = _render(tmp_path / str(len(data)), {"d.yaml": deck}, {"a.svg": data.encode()})
        assert result.exit_code == 0, result.output
        page = PdfReader(out / "g" / "d.pdf").pages[0].get_contents().get_data()
        assert page.count(b" c " if data is arcs else b" l ") >= (4_000 if data is arcs else 12_000)


def test_a_broken_picture_on_many_cards_is_one_error(tmp_path):
    deck = (DECK.replace("fonts:\n  F: {regular: f.ttf}\n", "").replace("LAYER", SVG_LAYER)
            .replace("cards: [{template: t}]", "cards: [{template: t, name: A}, {template: t, name: B, count: 3}, "
                                               "{template: t, name: C}]"))
    result, out = _render(tmp_path, {"d.yaml": deck}, {"a.svg": LAUGHS.encode()})
    assert_clean_failure(result, out)
    assert result.stderr.count("declares a DOCTYPE") == 1, result.stderr
    assert "d.yaml:10:9: card 1 (A):" in result.stderr
