"""Round six of hostile input (docs/hostile-input.md, *Round six*): warnings printed as errors are
(escaped, cut), a room's title checked when the room is made, Railroad Ink boards capped as game
files, texts too long for HarfBuzz shaped in pieces."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.hostile.common import run

GRID = "\n".join([" ".join(["...."] * 7)] * 7) + "\n"


def _validate(path: Path) -> subprocess.CompletedProcess:
    """``railprint validate`` in a process of its own: pytest's logging catches warnings in process."""
    return subprocess.run([sys.executable, "-m", "railprint", "validate", str(path)], capture_output=True,
                          text=True, timeout=300)


def test_warnings_escape_control_characters_and_cut_huge_values(tmp_path):
    """Warnings went through logging's last-resort handler as typed: a card list's column named
    ESC[31m coloured the terminal (``{\\x1b[31mred}`` unescaped), a 30,000-character column name
    was echoed whole twice, and the safe-zone warning quoted a 500 KB text whole."""
    columns = ["name", "template", "c_" + "q" * 30_000, "\x1b[31mred"]
    (tmp_path / "cards.csv").write_text(",".join(columns) + "\nA,card,x,y\n", encoding="utf-8")
    (tmp_path / "deck.yaml").write_text(
        "kind: deck\nid: d\ngame: g\ntitle: {en: T}\nsize: poker\ntemplates:\n  card:\n    layers:\n"
        f"      - {{type: text, text: '{{name}} {'word ' * 100_000}', x: 6mm, y: 10mm, size: 10}}\n"
        "cards: {from: cards.csv}\n", encoding="utf-8")
    done = _validate(tmp_path / "deck.yaml")
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stderr.splitlines()
    assert "\x1b" not in done.stderr
    assert any("column '\\x1b[31mred' is used by no template (no layer names {\\x1b[31mred})" in line
               for line in lines), lines
    assert any("c_qqqq" in line and "(3000" in line and "characters)" in line for line in lines), [x[:200] for x in lines]
    assert any("text 'A word word" in line and "runs" in line for line in lines), [x[:200] for x in lines]
    assert max(map(len, lines)) < 1000, max(map(len, lines))


NEW = {"game": "railroad-ink", "players": ["Ala", "Bob"], "setup": {"expansion": "none"}}


@pytest.mark.parametrize("title", ["\x1b[31mred\nline", {"a": [1]}, True, 12, "x" * 81, "\u202eKCAB", "a\u200bb",
                                   "a\x85b"])
def test_a_new_room_s_title_is_checked_as_a_rename_is(client, title):
    """POST /api/rooms took any title as its str() (control characters, a newline, ``{'a': [1]}``,
    'True', 81+ characters) while a rename refused them; U+202E turned the room list around."""
    answer = client.post("/api/rooms", json={**NEW, "title": title})
    assert answer.status_code == 400, answer.json()
    assert "title" in answer.json()["error"]
    assert client.get("/api/rooms").json() == []


def test_a_room_s_title_keeps_letters_emoji_and_joiners(client):
    for typed, kept in ((None, "Ala, Bob"), ("  ", "Ala, Bob"), ("", "Ala, Bob"),
                        ("  Ślub w Ålesund 👨\u200d👩\u200d👧 ", "Ślub w Ålesund 👨\u200d👩\u200d👧")):
        body = {**NEW, "title": typed} if typed is not None else NEW
        answer = client.post("/api/rooms", json=body)
        assert answer.status_code == 200 and answer.json()["room"]["title"] == kept, answer.json()
    room = answer.json()["room"]["id"]
    assert client.patch(f"/api/rooms/{room}", json={"title": "a\u202eb"}).status_code == 400
    assert client.get(f"/api/rooms/{room}").json()["room"]["title"] == kept


def test_a_railroad_ink_board_is_capped_as_a_game_file(tmp_path):
    """Boards were read up to 16 MiB: a 9 MB player name took 27 s of CPU and 2.8 GB to draw with
    --picture. A board is capped at 256 KiB, as the Days of Steam and Allers game files are."""
    big = tmp_path / "big.txt"
    big.write_text("player: " + "Ab " * 90_000 + "\n" + GRID, encoding="utf-8")
    result = run("score", "railroad-ink", str(big), "--picture", str(tmp_path / "p.pdf"))
    assert result.exit_code == 1, result.output
    assert result.stderr.strip() == f"Error: {big}: the file is larger than 256 KiB", result.stderr
    assert not (tmp_path / "p.pdf").exists()
    small = tmp_path / "small.txt"
    small.write_text("player: " + "Ab " * 80_000 + "\n" + GRID, encoding="utf-8")
    result = run("score", "railroad-ink", str(small), "--json")
    assert result.exit_code == 0 and '"total": 0' in result.stdout, result.output[-500:]


TOO_LONG = "Ab " * 340_000 + " points"   # HarfBuzz gives up on this one (its operation budget)


def test_a_text_too_long_for_harfbuzz_is_shaped_in_pieces():
    """HarfBuzz refuses some buffers of over ~500,000 characters (uharfbuzz: MemoryError): a 1 MB
    player name drawn by --picture was "its scorer … failed: MemoryError", a text layer that long
    a MemoryError traceback from validate and render."""
    from railprint.text import shaping

    whole = shaping.units(TOO_LONG, "bold")
    pieces = shaping._pieces(TOO_LONG)
    assert len(pieces) == 11 and all(len(p) <= shaping.MAX_SHAPED for p in pieces) and "".join(pieces) == TOO_LONG
    assert all(p.endswith(" ") for p in pieces[:-1])
    assert whole == sum(shaping.units(p, "bold") for p in pieces) > 0
    run_ = shaping.shape(TOO_LONG, "bold")
    assert len(run_.gids) == len(TOO_LONG) and run_.width == whole == sum(run_.advances)
    assert "".join(run_.texts) == TOO_LONG
    # and without a space: cut every MAX_SHAPED characters
    assert [len(p) for p in shaping._pieces("x" * 250_001)] == [100_000, 100_000, 50_001]


def test_validate_and_render_a_text_layer_too_long_for_harfbuzz(tmp_path):
    content = tmp_path / "content" / "g"
    content.mkdir(parents=True)
    (content / "d.yaml").write_text(
        "kind: deck\nid: d\ngame: g\ntitle: {en: T}\nsize: poker\ntemplates:\n  t:\n    layers:\n"
        f"      - {{type: text, text: '{TOO_LONG}', x: 6mm, y: 10mm, size: 10, font: bold}}\n"
        "cards:\n  - {template: t}\n", encoding="utf-8")
    result = run("validate", str(content / "d.yaml"))
    assert result.exit_code == 0 and result.exception is None, result.output[-500:]
    result = run("render", "g", "--content", str(tmp_path / "content"), "-o", str(tmp_path / "out"), "-q")
    assert result.exit_code == 0 and result.exception is None, result.output[-500:]
    assert (tmp_path / "out" / "g" / "d.pdf").stat().st_size > 0


def _csv_deck(folder: Path, columns: int, rows: int) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    names = ["name", "template"] + [f"c{i}" for i in range(columns - 2)]
    lines = [",".join(names)] + [",".join([f"n{r}", "card"] + ["v"] * (columns - 2)) for r in range(rows)]
    (folder / "cards.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (folder / "d.yaml").write_text("kind: deck\nid: d\ngame: g\ntitle: {en: T}\nsize: mini\ntemplates:\n  card:\n"
                                   "    layers:\n      - {type: text, text: '{name} {c0}', x: 5mm, y: 5mm}\n"
                                   "cards: {from: cards.csv}\n", encoding="utf-8")
    return folder / "d.yaml"


def test_a_csv_card_list_holds_at_most_as_many_cells_as_a_workbook(tmp_path):
    """5,000 rows of 200 columns (2 MB, within the row, column and size bounds) took validate 8 s
    of CPU and 330 MB: each cell is kept with its location, and the list is read three times. A
    workbook's sheet was already held to 200,000 cells; a CSV is now, at the row that passes them."""
    deck = _csv_deck(tmp_path / "wide", 200, 5000)
    result = run("validate", str(deck))
    assert result.exit_code == 1, result.output[-300:]
    assert "cards.csv:1001:1: more than 200000 cells in the card list (rows x columns)" in result.stderr
    assert "5000 cards of 40 columns fit" in result.stderr
    deck = _csv_deck(tmp_path / "fits", 40, 4999)
    result = run("validate", str(deck))
    assert result.exit_code == 0, result.output[-300:]


def _pieces_content(tmp_path: Path, kind: str, count: int) -> Path:
    game = tmp_path / "content" / "g"
    game.mkdir(parents=True)
    size = "{width: 20mm, height: 20mm}" if kind == "tiles" else "poker"
    (game / "p.yaml").write_text(
        f"kind: {kind}\nid: p\ngame: g\ntitle: {{en: T}}\nsize: {size}\nback: b\ntemplates:\n"
        "  b:\n    layers:\n      - {type: rect, bleed: true, fill: '#203040'}\n"
        "  t:\n    layers:\n      - {type: rect, bleed: true, fill: '#f0e0c0'}\n"
        "      - {type: text, text: '{n}', x: 3mm, y: 8mm, size: 8}\n"
        "cards:\n" + "".join(f"  - {{template: t, vars: {{n: '{i}'}}}}\n" for i in range(count)), encoding="utf-8")
    return tmp_path / "content"


@pytest.mark.parametrize("kind, count, most", [("tiles", 40, 1), ("deck", 150, 2 * 69 + 1)])  # + the thumbnail
def test_a_tabletop_simulator_export_renders_as_it_writes(tmp_path, monkeypatch, kind, count, most):
    """``export tts`` rendered every tile face at once (1,000 tiles of 40 mm at 300 dpi: 1.9 GB)
    and kept every deck sheet's PNG until the end (700 cards of photos: 780 MB, 50 MB a sheet
    more); now a tile face, or one sheet's faces and backs, is rendered when its file is
    written (``render --format png`` streams the same way)."""
    import railprint.export.images as images
    import railprint.writers as writers

    events: list[str] = []
    raster, write = images._raster, writers._write_file
    monkeypatch.setattr(images, "_raster", lambda *a: events.append("render") or raster(*a))
    monkeypatch.setattr(writers, "_write_file", lambda *a: events.append("write") or write(*a))
    content = _pieces_content(tmp_path, kind, count)
    result = run("export", "tts", "g", "--content", str(content), "-o", str(tmp_path / "out"), "--dpi", "36", "-q")
    assert result.exit_code == 0, result.output
    runs = "".join("r" if e == "render" else "w" for e in events).split("w")
    assert max(map(len, runs)) <= most, [len(r) for r in runs]
    files = sorted(p.name for p in (tmp_path / "out" / "g" / "p-tts").iterdir())
    assert files == ([f"p-{n:03d}.png" for n in range(1, count + 2)] if kind == "tiles"
                     else ["p-back.png", "p-faces-1.png", "p-faces-2.png", "p-faces-3.png"]), files


def test_the_layers_a_file_draws_are_bounded_before_any_is_drawn(tmp_path):
    """A 100 KB deck of 1,000 templates each extending the last, named by a 5,000-row card list,
    asked 5 million layers: validate was past 23 s of CPU and 860 MB when stopped. The layers all
    faces draw are counted first (an entry's copies once, unless its templates name {index} or
    {copy}) and refused past MAX_LAYERS_DRAWN at the card that passes it."""
    from railprint.model.deck import MAX_LAYERS_DRAWN

    chain = "".join(f"  t{i}:\n    extends: t{i - 1}\n    layers:\n      - {{type: rect, x: 1mm, y: 1mm, w: 1mm, "
                    f"h: 1mm, fill: '#ff0000'}}\n" for i in range(1, 1000))
    deck = tmp_path / "d.yaml"
    deck.write_text("kind: deck\nid: d\ngame: g\ntitle: {en: T}\nsize: poker\ntemplates:\n  t0:\n    layers:\n"
                    "      - {type: rect, x: 1mm, y: 1mm, w: 1mm, h: 1mm, fill: '#ff0000'}\n" + chain
                    + "cards: {from: cards.csv}\n", encoding="utf-8")
    (tmp_path / "cards.csv").write_text("name,template\n" + "".join(f"n{i},t999\n" for i in range(150)),
                                        encoding="utf-8")
    result = run("validate", str(deck))
    assert result.exit_code == 1, result.output[-300:]
    assert (f"cards.csv:102:1: the cards draw more than {MAX_LAYERS_DRAWN} layers in all (card 101 draws 1000, "
            "with the templates it extends)") in result.stderr, result.stderr
    # numbered copies are each a face: 5 x 1,000 copies of 25 layers naming {index}
    layers = "".join(f"      - {{type: text, text: '{{index}}', x: {i}mm, y: 9mm}}\n" for i in range(25))
    deck.write_text("kind: deck\nid: d\ngame: g\ntitle: {en: T}\nsize: poker\ntemplates:\n  t:\n    layers:\n"
                    + layers + "cards:\n" + "  - {template: t, count: 1000}\n" * 5, encoding="utf-8")
    result = run("validate", str(deck))
    assert result.exit_code == 1 and "d.yaml:39:5: the cards draw more than" in result.stderr, result.stderr
    # alike copies are one face: 5 x 1,000 copies of 25 plain layers validate
    deck.write_text(deck.read_text(encoding="utf-8").replace("{index}", "x"), encoding="utf-8")
    result = run("validate", str(deck))
    assert result.exit_code == 0, result.output[-300:]


def test_a_sheet_s_title_is_shortened_without_measuring_it_a_character_at_a_time(monkeypatch):
    """The strip under each sheet shortened a title too wide for it one character a step, measuring
    the whole text each step: a deck titled with 660 KB (validate: OK) kept `render` busy for
    minutes (a 33 KB title: 460 s profiled). Now the text is cut to LONGEST_SHORTENED first."""
    import railprint.text.measure as measure
    from railprint.layout import paper

    calls = []
    real = measure.text_width

    def counted(text, size, face="regular"):
        calls.append(len(text))
        assert len(calls) < 2000, "measured a character at a time"
        return real(text, size, face)

    monkeypatch.setattr(measure, "text_width", counted)
    title = "Long title " * 6_000
    text = paper._between(title, 7.5, "bold", "#222222", 300.0, 500.0, 200.0, 700.0)
    assert text.text.endswith("…") and title.startswith(text.text[:-1])
    assert real(text.text, 7.5, "bold") <= 500.0 and max(calls[1:]) <= paper.LONGEST_SHORTENED + 2
    short = paper._between("Long title " * 20, 7.5, "bold", "#222222", 300.0, 500.0, 200.0, 700.0)
    assert short.text == text.text   # the same cut as one character at a time from the whole
