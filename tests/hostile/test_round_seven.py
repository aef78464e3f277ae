"""Round seven of hostile input (docs/hostile-input.md, *Round seven*): a Tabletop Simulator board's
bands rendered one at a time and no more of them than its size needs, `list` cutting a huge
title, `--url-base` encoded and checked, icons files bounded, `--ink-limit` checked."""

from __future__ import annotations

import io
import re
import json
from pathlib import Path

import pytest

from tests.hostile.common import deck, files_under, run, write


# -- Tabletop Simulator boards ---------------------------------------------------------------------

def test_a_board_held_under_150_dpi_by_its_short_side_takes_the_fewest_bands():
    """A 2000 x 700 mm board cannot reach 150 dpi within 4096 px across its 700 mm: the band search
    fell through to its last count, 16 bands of 728 px, where 3 bands hold it at the same dpi."""
    from railprint.export.tts import MAX_BOARD_SIDE, _board_bands
    from railprint.scene import Page
    from railprint.units import mm

    for (width, height), (bands, dpi) in {(2000, 700): (3, 148), (1300, 1300): (1, 80), (540, 800): (2, 192),
                                          (2000, 2000): (1, 52)}.items():
        assert _board_bands(Page(mm(width), mm(height), ()), 300) == (bands, dpi), (width, height)
        longest = max(width, height) / 25.4
        assert round(longest / bands * dpi) <= MAX_BOARD_SIDE and round(min(width, height) / 25.4 * dpi) <= MAX_BOARD_SIDE


def test_a_board_too_large_for_tabletop_simulator_is_one_error():
    from railprint.errors import RailprintError
    from railprint.export.tts import _board_bands
    from railprint.scene import Page
    from railprint.units import mm

    with pytest.raises(RailprintError, match="too large for Tabletop Simulator"):
        _board_bands(Page(mm(3000), mm(3000), ()), 300)


def test_a_board_s_bands_are_rendered_one_at_a_time_each_its_own_picture(tmp_path, monkeypatch):
    """Every band was rendered and encoded before the first was written (16 bands at once);
    ``document_images`` would take the bands, which draw one group clipped, for copies of one face."""
    from PIL import Image

    from railprint.export import images, tts
    from railprint.export.tts import export_board
    from railprint.scene import Page, Rect, Style
    from railprint.units import mm

    rendered = []
    real = images._raster

    def counted(*args, **kwargs):
        rendered.append(args[1])
        return real(*args, **kwargs)

    monkeypatch.setattr(images, "_raster", counted)
    monkeypatch.setattr(tts, "MAX_BOARD_SIDE", 300)    # small pictures: a 100 x 300 mm board in 3 bands
    colours = ["#ff0000", "#00ff00", "#0000ff"]
    stripes = tuple(Rect(0, mm(100) * i, mm(100), mm(100), Style(fill=c)) for i, c in enumerate(colours))
    done = export_board(Page(mm(100), mm(300), stripes), "g", "b", "Board", tmp_path, dpi=300)
    bands = [data for rel, data in done.files if "-tts" in str(rel)]
    assert len(bands) == 3 and all(callable(data) for data in bands)
    assert len(rendered) == 1                   # the thumbnail only: no band until the writer asks
    seen = []
    for number, data in enumerate(bands, 1):
        picture = Image.open(io.BytesIO(data())).convert("RGB")
        assert len(rendered) == 1 + number      # one band more each time
        seen.append(picture.getpixel((picture.width // 2, picture.height // 2)))
    assert seen == [(255, 0, 0), (0, 255, 0), (0, 0, 255)]   # three bands, not one band three times


# -- `railprint list` ------------------------------------------------------------------------------

def test_list_cuts_a_huge_title(tmp_path):
    """A 660 KB title padded every row of the table to 660 KB (longest line 660,099 characters)."""
    content = write(tmp_path, {"d.yaml": deck(title="{en: '" + "Long title\u00a0" * 60_000 + "'}")})
    result = run("list", "--content", str(content))
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert max(map(len, lines)) < 300, max(map(len, lines))
    row = next(line for line in lines if line.startswith("g "))
    assert "Long title Long title" in row and "…" in row


# -- `export tts --url-base` -----------------------------------------------------------------------

def _export(tmp_path: Path, base: str):
    content = write(tmp_path, {"d.yaml": deck(size="mini")})
    out = tmp_path / "out"
    return run("export", "tts", "g", "--content", str(content), "-o", str(out), "-q", "--dpi", "36",
               "--url-base", base), out


def test_url_base_is_percent_encoded(tmp_path):
    """The base went into every URL as typed: spaces and letters such as ł, unencoded."""
    result, out = _export(tmp_path, "https://Przykład.pl/moja gra/łódź%20x%zz/")
    assert result.exit_code == 0, result.output
    saved = json.loads((out / "g" / "d.json").read_text(encoding="utf-8"))
    url = saved["ObjectStates"][0]["CustomDeck"]["1"]["FaceURL"]
    assert url == "https://xn--przykad-rjb.pl/moja%20gra/%C5%82%C3%B3d%C5%BA%20x%25zz/g/d-tts/d-faces-1.png", url


@pytest.mark.parametrize("base, why", [
    ("https://example.org/a?token=1", "'?' or '#'"),
    ("https://example.org/a#x", "'?' or '#'"),
    ("https://user:secret@example.org/", "user or a password"),
    ("https://", "no valid host"),
    ("https://exa mple.org/", "no valid host"),
    ("https://example.org:99999/", "host or port"),
    ("https://example.org/\x1b[31mred", "control"),
    ("https://example.org/\u202etxt", "control"),
    ("https://example.org\\evil/", "backslash"),
    ("javascript://example.org/", "https://"),
    ("https://example.org/" + "a" * 3000, "longer than 2000"),
])
def test_url_base_that_is_not_a_folder_s_address_is_refused(tmp_path, base, why):
    result, out = _export(tmp_path, base)
    assert result.exit_code == 1, result.output
    assert why in result.output and "--url-base must be the web address of a folder" in result.output, result.output
    assert "Traceback" not in result.output and "\x1b" not in result.output and len(result.output) < 600
    assert files_under(out) == set()


# -- icons ---------------------------------------------------------------------------------------

def _icons(count: int, name: str = "i") -> str:
    return "kind: icons\nid: many-" + name + "\ngame: g\nicons:\n" + "".join(
        f"  {name}{n}: {{path: \"M{n % 20} 2 L20 20 Z\"}}\n" for n in range(count))


def test_an_icons_file_holds_at_most_2000_icons(tmp_path):
    """30,000 icons took `icons` 9.8 s of CPU and 305 MB, `validate` 4.1 s: every path parsed and
    drawn on 600 catalogue pages."""
    content = write(tmp_path, {"icons.yaml": _icons(2_001)})
    result = run("icons", "--content", str(content), "-o", str(tmp_path / "icons.pdf"))
    assert result.exit_code == 1, result.output
    assert f"{content / 'g' / 'icons.yaml'}:2005:" in result.output, result.output
    assert "an icons file holds at most 2,000 icons; this one has 2,001 (icon 'i2000' is number 2,001)" in result.output
    assert not (tmp_path / "icons.pdf").exists()


def test_icons_in_all_are_at_most_5000(tmp_path):
    content = write(tmp_path, {f"icons{k}.yaml": _icons(1_800, f"f{k}x") for k in range(3)})
    result = run("icons", "--content", str(content), "-o", str(tmp_path / "icons.pdf"))
    assert result.exit_code == 1, result.output
    assert result.output.count("more than 5,000 icons in all") == 1, result.output
    assert not (tmp_path / "icons.pdf").exists()
    write(tmp_path, {"icons2.yaml": _icons(1_400, "f2x")})     # 5,000 in all: drawn
    result = run("icons", "--content", str(content), "-o", str(tmp_path / "icons.pdf"))
    assert result.exit_code == 0, result.output
    assert (tmp_path / "icons.pdf").exists()


# -- --ink-limit -----------------------------------------------------------------------------------

@pytest.mark.parametrize("args, message", [
    (["--ink-limit", "99999"], "--ink-limit must be a whole percentage from 100 to 400, got 99999"),
    (["--ink-limit", "-5"], "--ink-limit must be a whole percentage from 100 to 400, got -5"),
    (["--ink-limit", "260"], "--ink-limit caps the ink of a CMYK print-shop PDF: add --shop --colour cmyk"),
    (["--shop", "--ink-limit", "260"], "--ink-limit caps the ink of a CMYK print-shop PDF"),
    (["--shop", "--ink-limit", "99999"], "from 100 to 400, got 99999"),
])
def test_ink_limit_is_checked_with_or_without_cmyk(tmp_path, args, message):
    """--ink-limit 99999 (or 260) was taken without --shop --colour cmyk and did nothing."""
    content = write(tmp_path, {"d.yaml": deck()})
    result = run("render", "g", "--content", str(content), "-o", str(tmp_path / "o"), "-q", *args)
    assert result.exit_code == 1, result.output
    assert message in result.output and "Traceback" not in result.output
    assert not (tmp_path / "o").exists()


def test_the_default_ink_limit_stays_quiet(tmp_path):
    content = write(tmp_path, {"d.yaml": deck()})
    result = run("render", "g", "--content", str(content), "-o", str(tmp_path / "o"), "-q", "--ink-limit", "240")
    assert result.exit_code == 0, result.output


# -- pictures and photos: JPEG headers -------------------------------------------------------------

def _jpeg_with(segment: bytes, times: int) -> bytes:
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("L", (1200, 1000), 128).save(buffer, "JPEG")
    data = buffer.getvalue()
    return data[:2] + segment * times + data[2:]


def _exif(size: int) -> bytes:
    body = b"Exif\0\0MM\0*\0\0\0\x08" + b"\0" * size
    return b"\xff\xe1" + (len(body) + 2).to_bytes(2, "big") + body


IMAGE_LAYER = "{type: image, file: a.jpg, x: 2mm, y: 2mm, w: 30mm, h: 30mm}"


@pytest.mark.parametrize("segment, times, why", [
    (_exif(100), 9, "its header has over 8 EXIF parts (a camera writes one)"),
    (b"\xff\xfe\x00\x02", 1_001, "its header has over 1000 parts before its pixels"),
])
def test_a_card_picture_s_header_is_bounded(tmp_path, segment, times, why):
    """A card picture's header was not walked before Pillow: 600 EXIF segments of 64 KB (Pillow
    joins them by adding each to all before it) took `validate` 16.5 s of CPU and 351 MB;
    15 million 4-byte comments (60 MB) 51 s and 2.2 GB."""
    content = write(tmp_path, {"d.yaml": deck(layer=IMAGE_LAYER)})
    (content / "g" / "a.jpg").write_bytes(_jpeg_with(segment, times))
    result = run("validate", str(content / "g" / "d.yaml"))
    assert result.exit_code == 1, result.output
    assert f"cannot read the picture a.jpg: {why}" in result.output, result.output
    assert "d.yaml:" in result.output


def test_a_card_picture_with_one_exif_segment_is_read(tmp_path):
    content = write(tmp_path, {"d.yaml": deck(layer=IMAGE_LAYER)})
    (content / "g" / "a.jpg").write_bytes(_jpeg_with(_exif(60_000), 8))
    result = run("validate", str(content / "g" / "d.yaml"))
    assert result.exit_code == 0, result.output


def test_a_photo_with_many_exif_segments_is_refused_before_pillow(tmp_path):
    """450 EXIF segments of 64 KB (a 30 MB photo) took 6.3 s of CPU in Pillow's header reading."""
    photo = tmp_path / "p.jpg"
    photo.write_bytes(_jpeg_with(_exif(100), 9))
    result = run("score", "railroad-ink", "--photo", str(photo))
    assert result.exit_code == 1, result.output
    assert "the photo's header has over 8 EXIF parts (a camera writes one)" in result.output, result.output


# -- paths a content file names ----------------------------------------------------------------------

@pytest.mark.parametrize("reference, why", [
    ("C:/Windows/win.ini", "'C:/Windows/win.ini' names a drive"),
    ("c:a.png", "names a drive"),
    ("\\\\\\\\attacker\\\\share\\\\a.png", "is a network share or device path"),
    ("//attacker/share/a.png", "is a network share or device path"),
    ("\\\\\\\\?\\\\C:\\\\a.png", "is a network share or device path"),
    ("\\\\Windows\\\\a.png", "starts at a drive's root"),
    ("CON", "'CON' is a device's name on Windows"),
    ("nul.png", "'nul.png' is a device's name on Windows"),
    ("art/COM1 .png", "has 'COM1 .png', which is a device's name on Windows"),
    ("aux/a.png", "has 'aux', which is a device's name on Windows"),
])
def test_a_windows_drive_share_or_device_is_refused_everywhere(tmp_path, reference, why):
    """Such a picture was 'not found' here and, on Windows, a path outside the folder — after
    resolving it, which for \\\\attacker\\share connects to that computer with the user's sign-in."""
    layer = "{type: image, file: \"" + reference + "\", x: 2mm, y: 2mm, w: 30mm, h: 30mm}"
    content = write(tmp_path, {"d.yaml": deck(layer=layer)})
    result = run("validate", str(content / "g" / "d.yaml"))
    assert result.exit_code == 1, result.output
    assert why in result.output and re.search(r"d\.yaml:\d+:\d+: ", result.output), result.output
    assert "(name files relative to the content file's folder (no drive, share or device name))" in result.output


def test_names_that_only_look_like_devices_are_files(tmp_path):
    from PIL import Image

    layer = "{type: image, file: console/conan.png, x: 2mm, y: 2mm, w: 30mm, h: 30mm}"
    content = write(tmp_path, {"d.yaml": deck(layer=layer)})
    (content / "g" / "console").mkdir()
    Image.new("RGB", (400, 400), "red").save(content / "g" / "console" / "conan.png")
    result = run("validate", str(content / "g" / "d.yaml"))
    assert result.exit_code == 0, result.output


# -- fonts -----------------------------------------------------------------------------------------

def test_a_damaged_font_is_one_located_error_without_fonttools_remarks(tmp_path):
    """fontTools' own remarks on a damaged font went through logging's last-resort handler,
    unlocated, above railprint's error: "corrupt 'loca' table, or wrong numGlyphs in 'maxp': …"."""
    import subprocess
    import sys

    from fontTools.ttLib import TTFont

    font = TTFont(str(Path(__file__).resolve().parents[2] / "content" / "examples" / "signal-box" / "fonts"
                      / "Semaphore-Bold.ttf"))
    font["maxp"].numGlyphs = 65535
    layer = "{type: text, text: 'Zażółć', x: 2mm, y: 8mm, font: F}"
    content = write(tmp_path, {"d.yaml": deck(layer=layer, extra="fonts: {F: {regular: f.ttf}}\n")})
    font.save(str(content / "g" / "f.ttf"))
    done = subprocess.run([sys.executable, "-m", "railprint", "validate", str(content / "g" / "d.yaml")],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 1, done.stderr
    lines = done.stderr.strip().splitlines()
    assert lines[0] == "Error: 1 problem(s) found:", lines
    assert len(lines) == 2 and "d.yaml:" in lines[1] and "the font f.ttf cannot be read" in lines[1], lines


@pytest.mark.parametrize("size, kind", [((8, 65_000), "JPEG"), ((400_000, 1), "PNG"), ((3, 133_333), "PNG")])
def test_a_photo_far_longer_than_wide_is_refused_before_the_reader(tmp_path, size, kind):
    """An 8 x 65,000 JPEG (0.5 Mpx, within every other bound) made OpenCV's resize fail an assertion
    inside the reader: "its photo reader … failed: error: OpenCV(4.14.0) … Assertion failed"."""
    from PIL import Image

    photo = tmp_path / "p.jpg"
    Image.new("L", size, 128).save(photo, kind)
    result = run("score", "railroad-ink", "--photo", str(photo))
    assert result.exit_code == 1, result.output
    assert (f"the photo is {size[0]} x {size[1]} pixels, over 5 times longer than it is wide; the grid cannot be "
            "read") in result.output, result.output
    assert "OpenCV" not in result.output
