"""``fonts.metrics`` reads a face's numbers with struct (``_sfnt_metrics``); fontTools is the
exact way (``_fonttools_metrics``). Both must give the same metrics — every width in the same
order — for every shipped face, the example designer fonts and reportlab's fonts, and the short
reader must decline (None, so fontTools decides) whatever it cannot vouch for, never differ."""

from __future__ import annotations

import random
import struct
from pathlib import Path

import pytest
import reportlab

from railprint.text import fonts

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = sorted(fonts._font_folder().glob("*.ttf"))
DESIGNER = sorted((ROOT / "content" / "examples").glob("*/fonts/*.ttf"))
REPORTLAB = sorted((Path(reportlab.__file__).parent / "fonts").glob("*.ttf"))


def _same(fast: fonts.Metrics | None, slow: fonts.Metrics) -> bool:
    return fast == slow and list(fast.widths.items()) == list(slow.widths.items())


def test_the_faces_are_there():
    assert len(SHIPPED) >= 4 and {p.name for p in SHIPPED} >= set(fonts.FONT_FILES.values())
    assert DESIGNER and REPORTLAB


@pytest.mark.parametrize("path", SHIPPED + DESIGNER + REPORTLAB, ids=lambda p: p.name)
def test_the_short_reader_gives_what_fonttools_gives(path):
    assert _same(fonts._sfnt_metrics(path.read_bytes()), fonts._fonttools_metrics(path))


def test_metrics_of_the_built_in_faces_need_no_fonttools():
    """The four faces a render uses are read by the short reader (fontTools is not asked)."""
    for face in fonts.FONT_FILES:
        assert fonts._sfnt_metrics(fonts.font_path(face).read_bytes()) is not None


def _tables(data: bytes) -> dict[bytes, tuple[int, int]]:
    tables = fonts._table_directory(data)
    assert tables is not None
    return tables


@pytest.mark.parametrize("path", [DESIGNER[0], fonts.font_path("italic")], ids=lambda p: p.name)
def test_a_damaged_face_is_read_the_same_or_left_to_fonttools(path, tmp_path):
    """Bytes changed in the tables the reader reads (and the file cut short): whatever the short
    reader accepts, fontTools reads to the same metrics."""
    data = path.read_bytes()
    tables = _tables(data)
    rng = random.Random(17)
    accepted = declined = 0
    for k in range(120):
        mutant = bytearray(data)
        if k % 10 == 9:
            mutant = mutant[:rng.randrange(12, len(mutant))]
        else:
            tag = rng.choice([b"head", b"hhea", b"maxp", b"hmtx", b"cmap", b"OS/2"])
            offset, length = tables[tag]
            span = min(length, 120) if tag != b"hmtx" else length
            for _ in range(rng.randint(1, 3)):
                mutant[offset + rng.randrange(span)] = rng.randrange(256)
        fast = fonts._sfnt_metrics(bytes(mutant))
        if fast is None:
            declined += 1
            continue
        accepted += 1
        file = tmp_path / f"m{k}.ttf"
        file.write_bytes(bytes(mutant))
        assert _same(fast, fonts._fonttools_metrics(file)), k
    assert accepted and declined


def _reference_check(data: bytes) -> str:
    """What ``fonts._checked`` read before it numbered the glyphs of a font without glyph names:
    fontTools' own naming (the Adobe Glyph List, the cmap read twice), and the face's metrics;
    since round eight also its glyph locations in order and reportlab's reading (what the PDF
    writer embeds with). 'ok' or the error."""
    import io

    from fontTools.ttLib import TTFont

    try:
        font = TTFont(io.BytesIO(data), lazy=False, recalcTimestamp=False)
        if font.getBestCmap() is None:
            return "it has no Unicode character map"
        upm = font["head"].unitsPerEm
        if not 16 <= upm <= 16384:
            return f"unitsPerEm {upm} is outside 16..16384"
        fs_type = font["OS/2"].fsType if "OS/2" in font else 0
        for glyph in list(font.getGlyphOrder())[:1]:
            font["glyf"][glyph]  # noqa: B018
        locations = font["loca"].locations
        if any(a > b for a, b in zip(locations, locations[1:])) or \
                locations and locations[-1] > fonts._table_directory(data)[b"glyf"][1]:
            return "its glyph locations (loca) are out of order or point past the glyph data"
        fonts._font_metrics(font)   # a checked font always has metrics (hmtx read)
        font.close()
        from reportlab.pdfbase.ttfonts import TTFontFile

        TTFontFile(io.BytesIO(data))
    except Exception as exc:  # noqa: BLE001 - fontTools raises many kinds
        return str(exc)[:120] or type(exc).__name__
    return "ok" if not fs_type & 0x0202 else "embedding"


def test_a_font_without_glyph_names_is_checked_as_fonttools_names_them(tmp_path):
    """The example fonts have no glyph names (post format 3): the check numbers the glyphs
    instead of naming them through the Adobe Glyph List. Damaged copies (cmap, glyf, loca,
    maxp, post, head changed) are accepted or refused exactly as with fontTools' naming."""
    from railprint.errors import RailprintError

    path = DESIGNER[0]
    data = path.read_bytes()
    tables = _tables(data)
    assert struct.unpack_from(">I", data, tables[b"post"][0])[0] == 0x00030000
    rng = random.Random(5)
    verdicts = set()
    for k in range(60):
        mutant = bytearray(data)
        tag = rng.choice([b"cmap", b"glyf", b"loca", b"maxp", b"post", b"head"])
        offset, length = tables[tag]
        for _ in range(rng.randint(1, 4)):
            mutant[offset + rng.randrange(min(length, 200))] = rng.randrange(256)
        file = tmp_path / f"m{k}.ttf"
        file.write_bytes(bytes(mutant))
        expected = _reference_check(bytes(mutant))
        try:
            fonts.load_font_file(file)
            got = "ok"
        except RailprintError as exc:
            got = str(exc)
        verdicts.add(expected == "ok")
        assert (got == "ok") == (expected == "ok"), (k, tag, got, expected)
        if expected not in ("ok", "embedding") and "claims" not in got and "truncated or damaged" not in got:
            assert expected in got, (k, tag, got, expected)
    assert verdicts == {True, False}


@pytest.mark.parametrize("use_typo", [False, True])
def test_use_typo_metrics_picks_the_first_baseline_as_browsers_do(use_typo, tmp_path):
    """The OS/2 typo ascender and descender only when fsSelection bit 7 (USE_TYPO_METRICS) is
    set; otherwise hhea's — in the short reader and in fontTools' path alike."""
    from fontTools.ttLib import TTFont

    font = TTFont(fonts.font_path("regular"))
    os2, hhea = font["OS/2"], font["hhea"]
    os2.fsSelection = (os2.fsSelection | 0x80) if use_typo else (os2.fsSelection & ~0x80)
    os2.sTypoAscender, os2.sTypoDescender = 800, -200
    hhea.ascent, hhea.descent = 1000, -300
    file = tmp_path / "flagged.ttf"
    font.save(file)
    fast = fonts._sfnt_metrics(file.read_bytes())
    slow = fonts._fonttools_metrics(file)
    assert _same(fast, slow)
    assert (fast.ascent, fast.descent) == ((0.8, -0.2) if use_typo else (1.0, -0.3))


def test_source_sans_pro_does_not_ask_for_typo_metrics():
    """The built-in family leaves USE_TYPO_METRICS unset: its first baseline is hhea's 984/1000."""
    m = fonts.metrics("regular")
    assert (m.ascent, m.descent) == (0.984, -0.273)
