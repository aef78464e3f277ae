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

from railprint import fonts

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
    count = struct.unpack_from(">H", data, 4)[0]
    out = {}
    for i in range(count):
        tag, _, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        out[tag] = (offset, length)
    return out


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
