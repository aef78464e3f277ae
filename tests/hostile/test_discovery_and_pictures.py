"""Issue 16, items 1, 2 and 9 (input side): only PNG/JPEG bytes ever reach a decoder (an EPS
file named ``x.png`` once ran Ghostscript), a many-scan JPEG is refused before decoding, and
every discovery path that looks into ``*.yaml`` files refuses a FIFO (or a symlink to one)
without blocking; a symlinked ``icons.yaml`` leading out of its folder is never read."""

from __future__ import annotations

import io
import os
import time
from pathlib import Path

import pytest
from PIL import Image

from railprint.model import images

from .common import assert_clean_failure, deck, files_under, run, write

IMAGE = "{type: image, file: a.png, x: 2mm, y: 2mm, w: 30mm, h: 30mm}"
EPS = (b"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 10 10\n"
       b"(RAILPRINT-GHOSTSCRIPT-RAN) print flush\nshowpage\n%%EOF\n")


def _render(tmp_path: Path, picture: bytes):
    content = write(tmp_path, {"d.yaml": deck(layer=IMAGE)})
    (content / "g" / "a.png").write_bytes(picture)
    out = tmp_path / "out"
    return run("render", "g", "--content", str(content), "-o", str(out), "-q"), out


def _jpeg(side: int, extra_scans: int = 0, progressive: bool = True) -> bytes:
    """A grey progressive JPEG; ``extra_scans`` copies of its last scan appended (each ~40
    bytes, each one more full pass of the decoder over every pixel)."""
    buf = io.BytesIO()
    Image.new("L", (side, side), 128).save(buf, "JPEG", progressive=progressive, quality=10)
    data = buf.getvalue()
    last = data.rindex(b"\xff\xda")
    return data[:-2] + data[last:-2] * extra_scans + data[-2:]


@pytest.mark.parametrize("picture, expected", [
    (EPS, "cannot read the picture a.png: not a PNG or JPEG file"),
    (b"\x89PNG\r\n\x1a\n" + EPS, "cannot read the picture a.png"),    # PNG's signature, EPS inside
    (b"GIF89a" + b"\0" * 40, "cannot read the picture a.png: not a PNG or JPEG file"),
])
def test_only_png_and_jpeg_bytes_reach_a_decoder(tmp_path, picture, expected, capfd):
    result, out = _render(tmp_path, picture)
    assert_clean_failure(result, out)
    assert "d.yaml:" in result.stderr and expected in result.stderr
    assert "RAILPRINT-GHOSTSCRIPT-RAN" not in result.output + "".join(capfd.readouterr())


def test_an_eps_file_never_reaches_pillows_eps_plugin(tmp_path, monkeypatch):
    from PIL import EpsImagePlugin

    def forbidden(*_args, **_kwargs):
        raise AssertionError("the EPS plugin was asked to open a file")
    monkeypatch.setattr(EpsImagePlugin, "_accept", forbidden)
    monkeypatch.setattr(EpsImagePlugin.EpsImageFile, "_open", forbidden)
    (tmp_path / "x.png").write_bytes(EPS)
    with pytest.raises(images.RailprintError, match="not a PNG or JPEG"):
        images.probe(tmp_path / "x.png")


def test_a_jpeg_with_a_thousand_scans_is_refused_before_decoding(tmp_path, alarm):
    data = _jpeg(5000, extra_scans=1800)  # ~100 KB; decoding it took 27 s of CPU
    assert len(data) < 200_000
    start = time.process_time()
    result, out = _render(tmp_path, data)
    assert time.process_time() - start < 3
    assert_clean_failure(result, out)
    assert "too slow to decode" in result.stderr and "1806 scans" in result.stderr


def test_a_big_many_scan_jpeg_is_bounded_by_scans_times_pixels(tmp_path):
    (tmp_path / "a.jpg").write_bytes(_jpeg(5000, extra_scans=60))  # 66 scans, 25 Mpx: 1.65e9
    with pytest.raises(images.RailprintError, match="66 scans at 5000 x 5000"):
        images.probe(tmp_path / "a.jpg")
    (tmp_path / "b.jpg").write_bytes(_jpeg(300, extra_scans=60))  # the same scans on a small picture: fine
    assert images.probe(tmp_path / "b.jpg")[:2] == (300, 300)


def test_an_ordinary_progressive_jpeg_named_png_still_renders(tmp_path):
    result, out = _render(tmp_path, _jpeg(400))
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in files_under(out)) == ["d.pdf", "g-guide.pdf"]


def test_a_picture_swapped_after_the_check_never_reaches_the_writer(tmp_path):
    path = tmp_path / "a.png"
    path.write_bytes(_jpeg(40))
    _, _, key = images.probe(path)
    path.write_bytes(EPS)
    with pytest.raises(images.RailprintError, match="not a PNG or JPEG"):
        images.picture_bytes(str(path), key)
    path.write_bytes(_jpeg(41))
    with pytest.raises(images.RailprintError, match="changed while railprint was rendering"):
        images.picture_bytes(str(path), key)


# --- FIFOs and symlinks in every discovery path --------------------------------------------

def _fifo(where: Path, through_symlink: bool, name: str = "x.yaml") -> None:
    if through_symlink:
        target = where / "elsewhere.fifo"  # inside the folder: only the regular-file check stops it
        os.mkfifo(target)
        (where / name).symlink_to(target)
    else:
        os.mkfifo(where / name)


@pytest.mark.parametrize("through_symlink", [False, True])
@pytest.mark.parametrize("command", ["validate", "list", "render"])
def test_card_list_discovery_never_blocks_on_a_fifo(tmp_path, alarm, command, through_symlink):
    content = write(tmp_path, {"a.yaml": deck()})
    _fifo(content / "g", through_symlink)
    args = {"validate": ["validate", str(content)], "list": ["list", "--content", str(content)],
            "render": ["render", "g", "--content", str(content), "-o", str(tmp_path / "out"), "-q"]}[command]
    result = run(*args)
    assert result.exit_code == 1, result.output
    assert "x.yaml" in result.stderr and "not a regular file" in result.stderr
    assert not files_under(tmp_path / "out")


@pytest.mark.parametrize("through_symlink", [False, True])
def test_icon_discovery_never_blocks_on_a_fifo(tmp_path, alarm, through_symlink):
    content = write(tmp_path, {"a.yaml": deck()})
    _fifo(content / "g", through_symlink, "icons.yaml")
    result = run("validate", str(content / "g" / "a.yaml"))
    assert result.exit_code == 1 and "icons.yaml" in result.stderr and "not a regular file" in result.stderr
    result = run("icons", "--content", str(content), "-o", str(tmp_path / "out" / "i.pdf"))
    assert result.exit_code == 1 and "icons.yaml" in result.stderr and "not a regular file" in result.stderr
    assert not files_under(tmp_path / "out")


@pytest.mark.parametrize("through_symlink", [False, True])
def test_map_discovery_beside_a_game_file_never_blocks_on_a_fifo(tmp_path, alarm, through_symlink):
    folder = tmp_path / "games" / "here"
    folder.mkdir(parents=True)
    _fifo(folder, through_symlink, "m.yaml")
    game = folder / "game.yaml"
    game.write_text("map: nordic\nplayers:\n  - name: Ala\n    routes: [Oslo - Örebro]\n", encoding="utf-8")
    result = run("score", "ticket-to-ride", str(game), "--json")
    assert result.exit_code == 0, result.output  # a FIFO cannot be a map: skipped, the built-in map scores
    assert '"name": "Ala"' in result.stdout


def test_a_symlinked_icons_file_leading_out_of_the_folder_is_not_read(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.yaml").write_text("kind: icons\nid: s\ngame: g\nicons:\n  ZanzibarSecret: {path: 'M0 0'}\n")
    content = write(tmp_path, {"a.yaml": deck()})
    (content / "g" / "icons.yaml").symlink_to(outside / "secret.yaml")
    for args in (["validate", str(content / "g" / "a.yaml")], ["icons", "--content", str(content), "-o",
                                                                str(tmp_path / "out" / "i.pdf")]):
        result = run(*args)
        assert result.exit_code == 1, result.output
        assert "icons.yaml" in result.stderr and "leads outside its folder" in result.stderr
        assert "Zanzibar" not in result.output


# --- card lists: workbooks, CSV, YAML -----------------------------------------------------

from .workbooks import crafted, huge_dimension  # noqa: E402

CARDS_DECK = deck().replace("cards:\n  - {template: t, count: 1, vars: {name: X}}\n", "cards: {from: FROM}\n")


def _render_list(tmp_path: Path, name: str, data: bytes, deck_text: str | None = None):
    content = write(tmp_path, {"d.yaml": (deck_text or CARDS_DECK).replace("FROM", name)})
    (content / "g" / name).write_bytes(data)
    out = tmp_path / "out"
    return run("render", "g", "--content", str(content), "-o", str(out), "-q"), out


@pytest.mark.parametrize("case", [name for name, (data, _) in crafted().items() if data is not None])
def test_crafted_workbooks_end_in_a_located_error(tmp_path, alarm, case):
    data, words = crafted()[case]
    start = time.process_time()
    result, out = _render_list(tmp_path, "c.xlsx", data)
    assert time.process_time() - start < 5
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "c.xlsx" in result.stderr and words in result.stderr, result.stderr
    assert not files_under(out)


def test_a_workbook_whose_dimension_claims_the_whole_sheet_renders(tmp_path, alarm):
    result, out = _render_list(tmp_path, "c.xlsx", huge_dimension())
    assert result.exit_code == 0, result.output
    from pypdf import PdfReader
    assert len(PdfReader(out / "g" / "d.pdf").pages) == 1  # 2 cards of the list, on one sheet


def test_a_missing_sheet_is_reported_at_the_decks_sheet_line(tmp_path):
    from .workbooks import workbook

    text = CARDS_DECK.replace("{from: FROM}", "{from: FROM, sheet: Sheeet}")
    result, out = _render_list(tmp_path, "c.xlsx", workbook(), text)
    assert result.exit_code == 1
    assert "d.yaml:6:30:" in result.stderr and "no sheet 'Sheeet' in the workbook c.xlsx" in result.stderr
    assert "Sheet" in result.stderr.split("(")[-1]  # the suggestion


def test_a_csv_of_a_million_columns_is_refused_at_column_201(tmp_path, alarm):
    start = time.process_time()
    result, out = _render_list(tmp_path, "cards.csv", b"template,name" + b",x" * 1_000_000 + b"\nt,a\n")
    assert time.process_time() - start < 5
    assert result.exit_code == 1 and "cards.csv:1:201: more than 200 columns" in result.stderr
    result, out = _render_list(tmp_path / "b", "cards.csv", b"template,name\nt,a" + b"," * 1_000_000 + b"\n")
    assert result.exit_code == 1 and "cards.csv:2:201: more than 200 columns" in result.stderr


def test_a_16_mib_yaml_card_list_is_refused_before_parsing(tmp_path, alarm):
    rows = b"- {template: t, name: x}\n" * 700_000  # 17 MB: parsed whole it took 60 s and 3 GB
    start = time.process_time()
    result, out = _render_list(tmp_path, "cards.yaml", rows)
    assert time.process_time() - start < 3
    assert result.exit_code == 1 and "cards.yaml: the file is larger than 1 MiB" in result.stderr


@pytest.mark.parametrize("command", ["list", "validate", "render"])
def test_an_infinite_count_in_a_card_list_is_located(tmp_path, command):
    content = write(tmp_path, {"d.yaml": CARDS_DECK.replace("FROM", "cards.yaml"),
                               "cards.yaml": "- {template: t, count: .inf, name: x}\n"})
    args = {"validate": ["validate", str(content)], "list": ["list", "--content", str(content)],
            "render": ["render", "g", "--content", str(content), "-o", str(tmp_path / "out"), "-q"]}[command]
    result = run(*args)
    if command == "list":  # discovery counts the list; an unreadable count is left to validate
        assert result.exit_code == 0, result.output
        return
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "cards.yaml:1:" in result.stderr, result.stderr


def test_a_14_mib_game_file_is_refused_before_parsing(tmp_path, alarm):
    game = tmp_path / "game.yaml"
    game.write_text("map: nordic\nplayers:\n  - name: A\n    routes:\n" + "      - Oslo - Örebro\n" * 600_000)
    start = time.process_time()
    result = run("score", "ticket-to-ride", str(game))
    assert time.process_time() - start < 3
    assert result.exit_code == 1 and "game.yaml: the file is larger than 1 MiB" in result.stderr


# --- validate refuses what render cannot; errors at the right line of the right file --------

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("command", ["validate", "render"])
def test_a_title_the_font_cannot_draw_is_refused_at_its_line_by_validate_and_render(tmp_path, command):
    content = write(tmp_path, {"a.yaml": deck(title='{en: T, pl: "Tytuł漢"}')})
    args = ["validate", str(content), "--lang", "pl"] if command == "validate" else \
        ["render", "g", "--content", str(content), "--lang", "pl", "-o", str(tmp_path / "out"), "-q"]
    result = run(*args)
    assert_clean_failure(result, tmp_path / "out")
    assert "a.yaml:4:20: the font has no glyph for '漢' in the pl title" in result.stderr


@pytest.mark.parametrize("game, text, at", [
    ("ticket-to-ride", 'map: nordic\nplayers:\n  - name: "Ala漢"\n    routes: [Oslo - Örebro]\n', "game.yaml:3:15:"),
    ("days-of-steam", 'end: tiles\nplayers:\n  - {name: "Bo漢", goods: RRG, circuits: 1, steam: 2}\n', "game.yaml:3:15:"),
])
def test_a_player_name_the_picture_cannot_show_is_located_in_the_game_file(tmp_path, game, text, at):
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    result = run("score", game, str(path), "--picture", str(tmp_path / "p.svg"))
    assert result.exit_code == 1 and at in result.stderr and "the picture cannot show '漢'" in result.stderr
    assert not result.stdout and not (tmp_path / "p.svg").exists()
    assert run("score", game, str(path)).exit_code == 0  # the text report shows any name


def test_a_copied_railroad_ink_sheet_alone_uses_the_built_in_dice(tmp_path):
    content = tmp_path / "c"
    content.mkdir()
    sheet = (ROOT / "content" / "railroad-ink" / "sheet.yaml").read_text(encoding="utf-8")
    (content / "sheet.yaml").write_text(sheet, encoding="utf-8")
    result = run("render", "railroad-ink", "--content", str(content), "-o", str(tmp_path / "out"), "-q")
    assert result.exit_code == 0, result.output
    line = [n for n, text in enumerate(sheet.split("\n"), 1) if text.startswith("dice: dice.yaml ")][0]
    (content / "sheet.yaml").write_text(sheet.replace("\ndice: dice.yaml ", "\ndice: my-dice.yaml "), encoding="utf-8")
    result = run("validate", str(content))
    assert result.exit_code == 1
    assert f"sheet.yaml:{line}:7: dice file 'my-dice.yaml' not found beside the sheet" in result.stderr
    (content / "sheet.yaml").write_text(sheet.replace("\ndice: dice.yaml ", "\ndice: ../../../etc/passwd "))
    result = run("validate", str(content))
    assert result.exit_code == 1 and f"sheet.yaml:{line}:7:" in result.stderr and "outside" in result.stderr


def _board(tmp_path: Path, **changes: str) -> Path:
    text = (ROOT / "content" / "ticket-to-ride" / "board-nordic.yaml").read_text(encoding="utf-8")
    text = text.replace("id: nordic-board", "id: my-board")
    for old, new in changes.items():
        text = text.replace(old, new)
    path = tmp_path / "b.yaml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("overlap", ["-5mm", "0mm", "5000mm"])
def test_a_board_overlap_out_of_range_is_refused_at_its_line(tmp_path, overlap):
    path = _board(tmp_path, **{"overlap: 10mm": f"overlap: {overlap}"})
    line = path.read_text().split("\n").index(f"overlap: {overlap}") + 1
    result = run("validate", str(path))
    assert result.exit_code == 1 and f"b.yaml:{line}:10: overlap:" in result.stderr
    assert "10 to 50 mm" in result.stderr


def test_a_boards_missing_map_file_is_reported_at_its_map_line(tmp_path):
    path = _board(tmp_path, **{"map: nordic": "map: maps/gone.yaml"})
    line = path.read_text().split("\n").index("map: maps/gone.yaml") + 1
    result = run("validate", str(path))
    assert result.exit_code == 1 and f"b.yaml:{line}:6: map file not found: maps/gone.yaml" in result.stderr
