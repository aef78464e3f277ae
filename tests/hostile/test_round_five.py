"""Round five of hostile input (docs/hostile-input.md): keys YAML reads as numbers, true/false or
null are said in railprint's words at the key."""

from __future__ import annotations

import os

import pytest

from tests.hostile.common import assert_clean_failure, deck, run, write


@pytest.mark.parametrize("extra, layer, at, says", [
    ("1: x\n", None, "6:1", "file: the key 1 is a number, not a name (put it in quotes if it is a name: '1':)"),
    ("palette: {ink: '#000000', 2.5: red}\n", None, "6:27", "palette: the key 2.5 is a number"),
    ("palette: {ink: '#000000', true: red}\n", None, "6:27", "palette: the key true is true/false"),
    ("palette: {ink: '#000000', null: red}\n", None, "6:27", "palette: the key null is empty (null)"),
    ("palette: {ink: '#000000', 2024-01-01: red}\n", None, "6:27", "palette: the key 2024-01-01 is a date"),
    ("", "{type: text, text: '{name}', x: 2mm, y: 8mm, 7: x}", "11:54", "templates.t.layers: the key 7 is a number"),
])
def test_a_key_that_is_no_name_is_said_at_the_key(tmp_path, extra, layer, at, says):
    """pydantic's "Keys should be strings" and "[key]: Input should be a valid string" reached users
    (the first at the value, or at the whole file)."""
    options = {"layer": layer} if layer else {}
    content = write(tmp_path, {"d.yaml": deck(extra=extra, **options)})
    out = tmp_path / "out"
    result = run("render", "g", "--content", str(content), "-o", str(out))
    assert_clean_failure(result, out)
    assert f"d.yaml:{at}: {says}" in result.stderr, result.stderr
    assert "should be" not in result.stderr and "[key]" not in result.stderr
    first = result.stderr.splitlines()[0]
    assert first in (f"Error: 1 problem(s) in {content / 'g' / 'd.yaml'}" + end for end in ("", " (deck)")), first


@pytest.mark.parametrize("where, typed", [
    ("size: poker", "size: BIG"),                                     # unknown size '…'
    ("y: 8mm}", "y: 8mm, colour: BIG}"),                              # '…' is not a colour
    ("text: '{name}'", "text: '{BIG}'"),                              # unknown variable {…}
    ("text: '{name}'", "text: '{name}', font: SPACED"),               # a long value with spaces
])
def test_a_huge_value_is_not_echoed_whole(tmp_path, where, typed):
    """A 300,000-character value typed where a size, a colour or a variable goes was echoed whole:
    one 300 KB line on the terminal (and in the server's 400 answers)."""
    typed = typed.replace("BIG", "a" * 300_000).replace("SPACED", "'" + "ab " * 100_000 + "'")
    text = deck().replace(where, typed, 1)
    assert len(text) > 300_000
    content = write(tmp_path, {"d.yaml": text})
    out = tmp_path / "out"
    result = run("render", "g", "--content", str(content), "-o", str(out))
    assert_clean_failure(result, out)
    assert max(len(line) for line in result.stderr.splitlines()) < 5000, result.stderr[:300]
    assert "characters)" in result.stderr


def _pictures():
    """Small PNGs of every kind the writer stores, each with rows of different colours."""
    import io

    from PIL import Image

    rgba = Image.new("RGBA", (37, 29))
    rgba.putdata([(x * 7 % 256, y * 9 % 256, (x * y) % 256, (x + y) * 5 % 256) for y in range(29) for x in range(37)])
    keyed = rgba.convert("RGB")
    keyed.info["transparency"] = keyed.getpixel((3, 3))
    paletted = rgba.convert("RGB").quantize(64)
    paletted.info["transparency"] = 5
    images = {"RGBA": rgba, "LA": rgba.convert("LA"), "RGB": rgba.convert("RGB"), "L": rgba.convert("L"),
              "1": rgba.convert("1"), "P": rgba.convert("RGB").quantize(64), "P+tRNS": paletted,
              "RGB+tRNS": keyed, "I;16": rgba.convert("L").convert("I;16")}
    out = {}
    for name, image in images.items():
        buf = io.BytesIO()
        image.save(buf, "PNG", **({"transparency": image.info["transparency"]} if "transparency" in image.info else {}))
        out[name] = buf.getvalue()
    return out


@pytest.mark.parametrize("kind", ["RGBA", "LA", "RGB", "L", "1", "P", "P+tRNS", "RGB+tRNS", "I;16"])
def test_a_picture_is_stored_band_by_band_with_the_same_samples(kind, monkeypatch):
    """A 5000 x 5000 PNG with transparency peaked at 430 MB while it was stored (an RGBA copy, an
    RGB copy and the bytes of that beside the decoded image); now band by band into one buffer,
    the samples (and so the PDF's bytes) exactly as the whole-picture conversion gave them."""
    import io
    import zlib

    from PIL import Image

    from railprint.writers import pdffile

    data = _pictures()[kind]
    with Image.open(io.BytesIO(data)) as image:
        image.load()
        masked = image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info
        whole = image.convert("RGBA") if masked else image
        mask = whole.getchannel("A").tobytes() if masked else None
        colour = whole.convert("RGB") if masked or whole.mode not in ("L", "RGB", "CMYK") else whole
        expected = colour.tobytes()
    monkeypatch.setattr(pdffile, "BAND_BYTES", 300)   # a few rows a band
    largest = [0]   # pixels of the largest converted copy or byte string made while storing

    def watched(name):
        original = getattr(Image.Image, name)

        def call(self, *args, **kwargs):
            largest[0] = max(largest[0], self.width * self.height)
            return original(self, *args, **kwargs)
        monkeypatch.setattr(Image.Image, name, call)
    for name in ("convert", "tobytes", "getchannel"):
        watched(name)
    (entries, samples, kind_filter), got_mask = pdffile.picture_parts(data)
    assert largest[0] <= 37 * 3, largest[0]          # a band of at most 300 / (37 * 4) rows
    assert zlib.decompress(samples) == expected and kind_filter == "/FlateDecode"
    assert f"/ColorSpace /Device{'Gray' if colour.mode == 'L' else colour.mode}" in entries
    assert (zlib.decompress(got_mask[1]) if got_mask else None) == mask


@pytest.mark.parametrize("kind", ["RGBA", "P+tRNS", "RGB"])
@pytest.mark.parametrize("cmyk", [False, True])
def test_a_print_shop_picture_is_converted_band_by_band(kind, cmyk, monkeypatch):
    """`render --shop --colour cmyk` with a 5000 x 5000 PNG peaked at 1.25 GB: the picture was
    flattened, converted and ink-limited whole (the limit in 4-byte floats per channel)."""
    import io
    import zlib
    from pathlib import Path

    from PIL import Image

    import railprint.model.images as images
    from railprint.writers import pdffile
    from railprint.writers.shop import ShopPaint, load_profile

    profile = load_profile(Path(__file__).parents[1] / "data" / "icc" / "test-cmyk-fogra39.icc") if cmyk else None
    paint = ShopPaint(profile, 240)
    data = _pictures()[kind]
    with Image.open(io.BytesIO(data)) as image:
        image.load()
        expected = paint.picture(image).tobytes()
    monkeypatch.setattr(images, "picture_bytes", lambda path, key: data)   # read by shop_picture
    monkeypatch.setattr(pdffile, "BAND_BYTES", 300)
    largest = [0]
    original = Image.Image.convert

    def convert(self, *args, **kwargs):
        largest[0] = max(largest[0], self.width * self.height)
        return original(self, *args, **kwargs)
    monkeypatch.setattr(Image.Image, "convert", convert)
    (entries, samples, _), mask = pdffile.shop_picture("x.png", "key", paint)
    assert mask is None and zlib.decompress(samples) == expected
    assert f"/ColorSpace /Device{'CMYK' if cmyk else 'RGB'}" in entries
    assert largest[0] <= 37 * 3, largest[0]


def test_a_file_named_in_another_unicode_form_is_found(tmp_path):
    """`from: Łódź.csv` typed composed (NFC), the file written decomposed (NFD, as macOS and zips
    made there write names): the same letters, and it was "card list not found: Łódź.csv"."""
    import unicodedata

    from pypdf import PdfReader

    nfd = unicodedata.normalize("NFD", "Łódź.csv")
    assert nfd != "Łódź.csv"
    text = deck().replace("cards:\n  - {template: t, count: 1, vars: {name: X}}\n", "cards: {from: Łódź.csv}\n")
    content = write(tmp_path, {"d.yaml": text, nfd: "template,name\nt,Kraków\nt,Gdańsk\n"})
    out = tmp_path / "out"
    result = run("render", "g", "--content", str(content), "-o", str(out), "-q")
    assert result.exit_code == 0, result.output
    pages = PdfReader(out / "g" / "d.pdf").pages
    assert "Kraków" in pages[0].extract_text() and "Gdańsk" in pages[0].extract_text()
    # the other way round, in a folder's name too; a name typed as it is on disk is used as ever
    (content / "g" / nfd).rename(content / "g" / "Łódź.csv")
    (content / "g" / "Łódź.csv").rename(content / "g" / "x.csv")
    (content / "g" / "Zdjęcia").mkdir()
    (content / "g" / "x.csv").rename(content / "g" / "Zdjęcia" / "Łódź.csv")
    (content / "g" / "d.yaml").write_text(text.replace("Łódź.csv", unicodedata.normalize("NFD", "Zdjęcia/Łódź.csv")),
                                          encoding="utf-8")
    result = run("render", "g", "--content", str(content), "-o", str(out), "-q")
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("part", ["xl/worksheets/sheet1.xml", "xl/workbook.xml", "[Content_Types].xml"])
def test_a_workbook_part_declaring_a_doctype_is_said_in_our_words(tmp_path, part):
    """A DOCTYPE of nested entities (billion laughs) in the sheet was openpyxl's "Unable to read
    workbook: could not read worksheets from None.\\nThis is most probably…" as a quoted repr; in
    another part it was read, its entities declared."""
    from tests.hostile import workbooks

    files = workbooks.parts(workbooks.workbook())
    xml = files[part]
    prolog = xml.index(b"?>") + 2 if xml.startswith(b"<?xml") else 0
    files[part] = xml[:prolog] + b'<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]>' + xml[prolog:]
    text = deck().replace("cards:\n  - {template: t, count: 1, vars: {name: X}}\n", "cards: {from: c.xlsx}\n")
    content = write(tmp_path, {"d.yaml": text})
    (content / "g" / "c.xlsx").write_bytes(workbooks.pack(files))
    out = tmp_path / "out"
    result = run("render", "g", "--content", str(content), "-o", str(out))
    assert result.exit_code == 1 and not (out / "g").exists(), result.output
    assert result.stderr == (f"Error: {content / 'g' / 'c.xlsx'}: the workbook part {part!r} declares a DOCTYPE "
                             "(XML entities), which a spreadsheet program never writes (save the workbook again "
                             "from your spreadsheet program)\n")


# the 1,500 levels are made through folder descriptors (dir_fd), which Windows lacks (its paths
# would also pass MAX_PATH): a POSIX test
@pytest.mark.skipif(os.mkdir not in os.supports_dir_fd, reason="needs dir_fd (POSIX)")
@pytest.mark.parametrize("command", [["validate", "CONTENT"], ["list", "--content", "CONTENT"],
                                     ["render", "g", "--content", "CONTENT", "-o", "OUT"],
                                     ["score", "ticket-to-ride", "GAME", "--content", "CONTENT"]])
def test_folders_nested_too_deep_are_a_located_error(tmp_path, command):
    """A content folder nested 1,500 deep ended every command in a RecursionError traceback
    (pathlib's rglob recurses once a level)."""
    content = write(tmp_path, {"d.yaml": deck()})
    # made (and removed) a level at a time through the folder's descriptor, not its ever longer
    # path: the kernel walks one name a call instead of up to 1,500 (1.2 -> 0.3 s of CPU a test)
    here = os.open(content / "g", os.O_RDONLY)
    for _ in range(1500):
        os.mkdir("a", dir_fd=here)
        below = os.open("a", os.O_RDONLY, dir_fd=here)
        os.close(here)
        here = below
    game = tmp_path / "game.yaml"
    game.write_text("map: nordic\nplayers:\n  - name: Ala\n    routes: [Oslo - Örebro]\n", encoding="utf-8")
    out = tmp_path / "out"
    args = [str(content) if a == "CONTENT" else str(out) if a == "OUT" else str(game) if a == "GAME" else a
            for a in command]
    try:
        result = run(*args)
    finally:  # (bottom up, here: pytest's clean-up of old runs' folders recurses once a level and
        # fails on 1,500, leaving them in the temporary folder for good)
        for _ in range(1500):
            above = os.open("..", os.O_RDONLY, dir_fd=here)
            os.close(here)
            here = above
            os.rmdir("a", dir_fd=here)
        os.close(here)
    assert result.exit_code == 1 and "Traceback" not in result.output, result.output[-500:]
    assert result.stderr.startswith(f"Error: {content / 'g'}{'/a' * 32}: folders nested more than 32 deep"), \
        result.stderr[:300]
    assert not out.exists()
