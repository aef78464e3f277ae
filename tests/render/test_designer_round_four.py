"""Designer walk, round four (docs/content-format.md): a small game made from the docs alone —
a board larger than the paper, a die of the designer's own faces, a score sheet — read back
from the PDFs and the Tabletop Simulator files."""

from __future__ import annotations

import json
from pathlib import Path

import pdfplumber
import pypdf

from tests.helpers import run_cli

MM = 72 / 25.4

BOARD = """\
kind: deck
id: board
game: walk
title: {en: Walk — board, pl: Spacer — plansza}
size: {width: 400mm, height: 300mm}
templates:
  board:
    layers:
      - {type: rect, bleed: true, fill: '#bbdefb'}
      - {type: text, text: Łódź, x: 20mm, y: 20mm, size: 20}
      - {type: text, text: Tromsø, x: 350mm, y: 280mm, size: 20}
cards:
  - {template: board}
"""


def _board(folder: Path, text: str = BOARD) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "board.yaml").write_text(text, encoding="utf-8")
    return folder


def _sizes_mm(pdf: Path) -> list[tuple[float, float]]:
    return [(round(float(p.mediabox.width) / MM, 1), round(float(p.mediabox.height) / MM, 1))
            for p in pypdf.PdfReader(pdf).pages]


def test_a_board_larger_than_the_paper_is_printed_over_pages(tmp_path):
    """A deck of one 400 × 300 mm piece was refused ('does not fit on a4 paper', no file, no
    line); it is now tiled at real size over A4 pages behind an assembly map, as a map's board."""
    content = _board(tmp_path / "walk")
    result = run_cli("render", "walk", "--content", str(content), "-o", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "out" / "walk" / "board.pdf"
    sizes = _sizes_mm(pdf)
    assert len(sizes) == 5                                  # the assembly map and 2 × 2 tiles
    assert all(size in ((210.0, 297.0), (297.0, 210.0)) for size in sizes)
    with pdfplumber.open(pdf) as doc:
        first = doc.pages[0].extract_text()
        tiles = [page.extract_text() for page in doc.pages[1:]]
        # each name at real size (20 pt) on the tile that shows it
        lodz = [w for p in doc.pages[1:] for w in p.extract_words() if w["text"] == "Łódź"]
    assert "Assembly map" in first and "Board 400 × 300 mm on 4 pages" in first
    assert sum("Łódź" in t for t in tiles) == 1 and sum("Tromsø" in t for t in tiles) == 1
    assert lodz and abs((lodz[0]["bottom"] - lodz[0]["top"]) - 20) < 6
    guide = pdfplumber.open(tmp_path / "out" / "walk" / "walk-guide.pdf").pages[0].extract_text()
    assert "glue the pages in the order of" in guide.replace("\n", " ")


def test_a_board_with_more_than_one_piece_is_a_located_error(tmp_path):
    content = _board(tmp_path / "walk", BOARD.replace("  - {template: board}", "  - {template: board, count: 2}"))
    result = run_cli("render", "walk", "--content", str(content), "-o", str(tmp_path / "out"))
    assert result.exit_code == 1
    assert "board.yaml:1:1" in result.output and "a board is one piece" in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "out" / "walk" / "board.pdf").exists()
    _board(content, BOARD.replace("cards:", "share: big\ncards:"))   # sheets shared with other sets: refused
    result = run_cli("render", "walk", "--content", str(content), "-o", str(tmp_path / "out"))
    assert result.exit_code == 1 and "board.yaml:12:8: a board larger than a4 paper is printed over pages of its own" \
        in result.output


def test_a_board_for_a_print_shop_and_for_tabletop_simulator(tmp_path):
    content = _board(tmp_path / "walk")
    shop = run_cli("render", "walk", "--content", str(content), "--shop", "-o", str(tmp_path / "shop"))
    assert shop.exit_code == 0, shop.output
    page = pypdf.PdfReader(tmp_path / "shop" / "walk" / "board.pdf").pages
    assert len(page) == 1   # one page of the board's own size with its bleed, trimmed at the board
    trim = [round(float(v) / MM, 1) for v in page[0].trimbox]
    assert trim == [3.0, 3.0, 403.0, 303.0]
    tts = run_cli("export", "tts", "walk", "--content", str(content), "-o", str(tmp_path / "tts"))
    assert tts.exit_code == 0, tts.output
    objects = json.loads((tmp_path / "tts" / "walk" / "board.json").read_text(encoding="utf-8"))["ObjectStates"]
    assert [o["Name"] for o in objects] == ["Custom_Board"]          # was a one-card DeckCustom
    assert abs(objects[0]["Transform"]["scaleZ"] - 300 / 33.48) < 0.01


def test_kind_board_without_a_map_points_to_a_deck(tmp_path):
    folder = tmp_path / "walk"
    folder.mkdir()
    (folder / "board.yaml").write_text("kind: board\nid: board\ngame: walk\ntitle: {en: Board}\n", encoding="utf-8")
    result = run_cli("validate", str(folder))
    assert result.exit_code == 1
    assert "map: is required" in result.output and "'kind: deck' with one card" in result.output


SHY_DECK = """\
kind: deck
id: shy
game: walk
title: {{en: Soft hyphens}}
size: {{width: 63mm, height: 88mm}}
templates:
  t:
    layers:
      - {{type: text, text: '{text}', x: 5mm, y: 10mm, w: {w}, h: 40mm, size: {size}, min_size: {size}}}
cards:
  - {{template: t}}
"""


def _box_lines(tmp_path: Path, w: str, size: int = 12) -> list[str]:
    from railprint.render import RenderOptions, build_deck
    from railprint.writers import render

    path = tmp_path / "shy.yaml"
    path.write_text(SHY_DECK.format(text="Przedsiębiorstwo\u00adkomunikacyjne", w=w, size=size), encoding="utf-8")
    data = render(build_deck(path, RenderOptions(mode="1up")), "pdf")[0]
    out = tmp_path / "shy.pdf"
    out.write_bytes(data)
    with pdfplumber.open(out) as pdf:
        return (pdf.pages[0].extract_text() or "").splitlines()


def test_a_soft_hyphen_shows_a_hyphen_where_the_line_breaks(tmp_path):
    """A soft hyphen (U+00AD, as Word and InDesign insert it) was a break opportunity drawn as
    nothing: 'Przedsiębiorstwo' then 'komunikacyjne' with no hyphen. Where a line breaks after one,
    a hyphen is now drawn in its place; where it does not, it stays invisible."""
    assert _box_lines(tmp_path, "40mm") == ["Przedsiębiorstwo-", "komunikacyjne"]
    assert _box_lines(tmp_path, "55mm", 9) == ["Przedsiębiorstwo\u00adkomunikacyjne"]


DIE = """\
kind: deck
id: weather
game: walk
title: {{en: Weather die, pl: Kostka pogody}}
size: {{width: {side}, height: {side}}}
die: {{count: 2}}
templates:
  face:
    layers:
      - {{type: rect, bleed: true, fill: '#e3f2fd'}}
      - {{type: text, text: 'F{{label}}', x: 50%, y: 60%, size: 9, align: centre}}
default_template: face
cards:
{cards}
"""


def _die(folder: Path, faces: int = 6, side: str = "18mm") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    cards = "\n".join(f"  - {{vars: {{name: face-{n}, label: '{n}'}}}}" for n in range(1, faces + 1))
    (folder / "weather.yaml").write_text(DIE.format(side=side, cards=cards), encoding="utf-8")
    return folder


def test_a_deck_with_die_prints_cube_nets_of_its_own_faces(tmp_path):
    """A die of the designer's own faces: `kind: die` drew pips only. A deck with `die:` now
    prints every six cards as one die's cube net (count nets each), faces 1-6, 2-5, 3-4 opposite."""
    content = _die(tmp_path / "walk")
    result = run_cli("render", "walk", "--content", str(content), "-o", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "out" / "walk" / "weather.pdf"
    assert _sizes_mm(pdf) == [(210.0, 297.0)]
    with pdfplumber.open(pdf) as doc:
        words = doc.pages[0].extract_words()
    faces = [w for w in words if w["text"].startswith("F") and w["text"][1:].isdigit()]
    assert sorted(w["text"] for w in faces) == sorted([f"F{n}" for n in range(1, 7)] * 2)   # two nets
    first = [w for w in faces if w["x0"] < min(f["x0"] for f in faces) + 80 * MM]   # the first net's faces

    def centre(label: str) -> tuple[float, float]:
        w = next(w for w in first if w["text"] == label)
        return ((w["x0"] + w["x1"]) / 2, (w["top"] + w["bottom"]) / 2)

    # a cross net: 1 above the row, 6 below it; in the row of four, opposite faces lie two apart
    side = 18 * MM
    assert abs(centre("F1")[0] - centre("F6")[0]) < 1 and abs(centre("F6")[1] - centre("F1")[1] - 2 * side) < 1
    for a, b in (("F2", "F5"), ("F3", "F4")):
        assert abs(abs(centre(a)[0] - centre(b)[0]) - 2 * side) < 1 and abs(centre(a)[1] - centre(b)[1]) < 1
    guide = pdfplumber.open(tmp_path / "out" / "walk" / "walk-guide.pdf").pages[0].extract_text()
    assert "Weather die × 2" in guide and "fold along the lines" in guide


def test_a_die_deck_in_tabletop_simulator_is_a_custom_die(tmp_path):
    content = _die(tmp_path / "walk")
    result = run_cli("export", "tts", "walk", "--content", str(content), "-o", str(tmp_path / "tts"))
    assert result.exit_code == 0, result.output
    objects = json.loads((tmp_path / "tts" / "walk" / "weather.json").read_text(encoding="utf-8"))["ObjectStates"]
    assert [o["Name"] for o in objects] == ["Custom_Dice", "Custom_Dice"]
    assert [v["Value"] for v in objects[0]["RotationValues"]] == [f"face-{n}" for n in range(1, 7)]


def test_a_die_deck_that_is_no_die_is_a_located_error(tmp_path):
    content = _die(tmp_path / "walk", faces=5, side="25mm")
    result = run_cli("validate", str(content))
    assert result.exit_code == 1
    assert "weather.yaml:6:6: a die's faces are squares of 16mm to 20mm, not 25 × 25 mm" in result.output
    assert "weather.yaml:6:6: a die has six faces: the 5 card(s)" in result.output and "1 more" in result.output
    (content / "weather.yaml").write_text(DIE.format(side="18mm", cards="  - {vars: {label: '1'}}\n" * 6)
                                          .replace("die: {count: 2}", "die: {count: 2}\nshare: small"), encoding="utf-8")
    result = run_cli("validate", str(content))
    assert result.exit_code == 1 and "weather.yaml:6:6: a die is printed as cube nets, not on sheets shared" in result.output


def test_kind_die_with_faces_points_to_a_deck(tmp_path):
    folder = tmp_path / "walk"
    folder.mkdir()
    (folder / "d.yaml").write_text("kind: die\nid: d\ngame: walk\ntitle: {en: D}\nfaces: [a, b]\n", encoding="utf-8")
    result = run_cli("validate", str(folder))
    assert result.exit_code == 1 and "d.yaml:5:1: unknown key 'faces'" in result.output
    assert "'kind: deck' with 'die:'" in result.output


def test_a_circle_written_as_squib_writes_it_is_three_answers_not_six(tmp_path):
    """`{type: circle, x:, y:, radius:}` (Squib's keys) was six problems: cx, cy and r 'is
    required' besides the three unknown keys; each unknown key now names railprint's key alone."""
    folder = _board(tmp_path / "walk", BOARD.replace("size: 20}\ncards", "size: 20}\n"
                    "      - {type: circle, x: 200mm, y: 150mm, radius: 20mm, fill: '#c62828'}\ncards"))
    result = run_cli("validate", str(folder))
    assert result.exit_code == 1
    assert "3 problem(s)" in result.output and "is required" not in result.output
    assert "unknown key 'x' (did you mean 'cx'?)" in result.output
    assert "unknown key 'radius' (railprint calls it 'r')" in result.output


TILES = """\
kind: tiles
id: track
game: walk
title: {{en: Track tiles}}
size: {{width: 50mm, height: 50mm}}
templates:
  tile:
    layers:
      - {{type: track, segments: {segments}}}
default_template: tile
cards: {cards}
"""


def _drawing(folder: Path, segments: str, cards: str, rows: str | None = None) -> list:
    from railprint.render import RenderOptions, build_deck
    from railprint.writers import render

    folder.mkdir(parents=True, exist_ok=True)
    if rows is not None:
        (folder / "tiles.csv").write_text(rows, encoding="utf-8")
    path = folder / "track.yaml"
    path.write_text(TILES.format(segments=segments, cards=cards), encoding="utf-8")
    (folder / "track.pdf").write_bytes(render(build_deck(path, RenderOptions(mode="1up")), "pdf")[0])
    with pdfplumber.open(folder / "track.pdf") as pdf:
        return [sorted((round(o["x0"], 2), round(o["top"], 2), round(o["x1"], 2), round(o["bottom"], 2))
                       for o in page.curves + page.lines + page.rects) for page in pdf.pages]


def test_track_segments_from_a_card_list(tmp_path):
    """A tile set from a spreadsheet could not give each tile its track (`segments: '{track}'`:
    'Input should be a valid list'); a cell now holds them as 'N-S, W-E' (or 'N S; W end'),
    drawn exactly as the same segments written in the template."""
    rows = "name,track\nstraight,N-S\ncross,\"N-S, W-E\"\nstop,W end\n"
    from_cells = _drawing(tmp_path / "cells", "'{track}'", "{from: tiles.csv}", rows)
    written = [_drawing(tmp_path / f"yaml{n}", segments, "[{count: 1}]")[0]
               for n, segments in enumerate(("[[N, S]]", "[[N, S], [W, E]]", "[[W, end]]"))]
    assert len(from_cells) == 3 and from_cells == written
    assert from_cells[0] != from_cells[1] != from_cells[2]


def test_a_bad_track_cell_is_an_error_at_its_cell(tmp_path):
    folder = tmp_path / "walk"
    folder.mkdir()
    (folder / "tiles.csv").write_text("name,track\nstraight,N-S\nodd,N-X\n", encoding="utf-8")
    (folder / "track.yaml").write_text(TILES.format(segments="'{track}'", cards="{from: tiles.csv}"), encoding="utf-8")
    result = run_cli("validate", str(folder))
    assert result.exit_code == 1
    assert "tiles.csv:3:2: card 2 (odd): segments: '{track}' gives 'N-X': 'X' is no tile edge" in result.output


GAME = """\
kind: game
id: walk
game: walk
title: {en: Fjord & Rail, pl: Fiord i Tory}
bring: {en: [a pencil per player], pl: [ołówek dla każdego gracza]}
"""


def test_a_game_file_names_the_game_in_its_guide(tmp_path):
    """A designer's game was titled by its slug ('walk — print guide', 'walk: 1 file …'), with
    nothing to bring; a `kind: game` file beside its sets now names it, in both languages."""
    content = _board(tmp_path / "walk")
    (content / "game.yaml").write_text(GAME, encoding="utf-8")
    for lang, title, bring in (("en", "Fjord & Rail", "a pencil per player"),
                               ("pl", "Fiord i Tory", "ołówek dla każdego gracza")):
        result = run_cli("render", "walk", "--content", str(content), "--lang", lang, "-o", str(tmp_path / lang))
        assert result.exit_code == 0, result.output
        assert f"{title}: 1 " in result.output and bring in result.output
        with pdfplumber.open(tmp_path / lang / "walk" / "walk-guide.pdf") as pdf:
            text = pdf.pages[0].extract_text()
        assert text.startswith(f"{title} — ") and bring in text
    assert "game.yaml" in run_cli("list", "--content", str(content)).output
    assert run_cli("validate", str(content)).exit_code == 0


def test_a_broken_game_file_is_a_located_error(tmp_path):
    content = _board(tmp_path / "walk")
    (content / "game.yaml").write_text(GAME.replace("title:", "titel:"), encoding="utf-8")
    result = run_cli("validate", str(content))
    assert result.exit_code == 1 and "game.yaml:4:1: unknown key 'titel' (did you mean 'title'?)" in result.output


SHEET = """\
kind: deck
id: sheet
game: walk
title: {en: Score sheet}
size: {width: 180mm, height: 250mm}
bleed: 0mm
palette: {ink: '#263238'}
templates:
  sheet:
    layers:
      - {type: grid, x: 10mm, y: 20mm, w: 160mm, h: 80mm, rows: 6, cols: 5, first_col: 40mm, first_row: 10mm,
         stroke: ink, line_width: 0.6}
cards:
  - {template: sheet}
"""


def test_a_grid_layer_draws_a_score_sheets_table(tmp_path):
    """A score sheet's table was one `line` layer per line (9 here, each with four coordinates);
    a `grid` layer draws the outline and the lines between, a wider first column and header row."""
    from railprint.render import RenderOptions, build_deck
    from railprint.writers import render

    path = tmp_path / "sheet.yaml"
    path.write_text(SHEET, encoding="utf-8")
    (tmp_path / "sheet.pdf").write_bytes(render(build_deck(path, RenderOptions(mode="1up")), "pdf")[0])
    with pdfplumber.open(tmp_path / "sheet.pdf") as pdf:
        page = pdf.pages[0]
        lines = page.lines
        rects = page.rects
    xs = sorted(round(line["x0"] / MM, 2) for line in lines if abs(line["x0"] - line["x1"]) < 0.01)
    ys = sorted(round(line["top"] / MM, 2) for line in lines if abs(line["top"] - line["bottom"]) < 0.01)
    assert xs == [50.0, 80.0, 110.0, 140.0]                    # 40 mm, then 4 × 30 mm
    assert ys == [30.0, 44.0, 58.0, 72.0, 86.0]                # 10 mm, then 5 × 14 mm
    outline = [(round(r["x0"] / MM, 2), round(r["top"] / MM, 2), round(r["width"] / MM, 2), round(r["height"] / MM, 2))
               for r in rects]
    assert (10.0, 20.0, 160.0, 80.0) in outline
    assert all(line["stroking_color"] and abs(line["linewidth"] - 0.6) < 0.01 for line in lines)


def test_a_sheet_too_large_for_crop_marks_but_not_for_a_page_is_that_page(tmp_path):
    """A 180 × 250 mm score sheet does not fit a Letter sheet with its crop marks (it was an error,
    then an assembly map for one page); it is now one page showing it at real size in a grey frame."""
    folder = tmp_path / "walk"
    folder.mkdir()
    (folder / "sheet.yaml").write_text(SHEET.replace("size: {width: 180mm, height: 250mm}",
                                                     "size: {width: 180mm, height: 250mm}\npaper: plain"),
                                       encoding="utf-8")
    result = run_cli("render", "walk", "--content", str(folder), "--paper", "letter", "-o", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "out" / "walk" / "sheet.pdf"
    assert _sizes_mm(pdf) == [(215.9, 279.4)]
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[0]
        assert "Assembly map" not in page.extract_text()
        xs = sorted(round(line["x1"] - line["x0"], 1) for line in page.lines if abs(line["top"] - line["bottom"]) < 0.01)
    assert xs.count(round(160 * MM, 1)) == 5        # the table's 5 row lines at real size (160 mm)
    guide = pdfplumber.open(tmp_path / "out" / "walk" / "walk-guide.pdf").pages[0].extract_text()
    assert "sheet.pdf: cut it out along its grey frame" in guide


def test_a_dies_faces_have_a_safe_zone_of_their_own(tmp_path):
    """A label 2 mm from an 18 mm die face's edge was warned about (3 mm, a third of the face); a
    die's faces are folded, not cut apart: 1.5 mm unless the deck sets `safe:`."""
    content = _die(tmp_path / "walk")
    text = (content / "weather.yaml").read_text(encoding="utf-8").replace("y: 60%", "y: 16mm")
    (content / "weather.yaml").write_text(text, encoding="utf-8")     # 2 mm above the bottom edge
    result = run_cli("validate", str(content))
    assert result.exit_code == 0 and "safe zone" not in result.output
    (content / "weather.yaml").write_text(text.replace("y: 16mm", "y: 17.2mm"), encoding="utf-8")
    assert "inside the 1.5 mm safe zone" in run_cli("validate", str(content)).output
    (content / "weather.yaml").write_text(text.replace("die: {count: 2}", "die: {count: 2}\nsafe: 3mm"), encoding="utf-8")
    assert "inside the 3 mm safe zone" in run_cli("validate", str(content)).output


def test_shared_sheets_of_a_designers_game_carry_its_name(tmp_path):
    """Sets sharing sheets were titled '<slug> — small pieces (…)'; the game file's title now."""
    content = tmp_path / "walk"
    content.mkdir()
    (content / "game.yaml").write_text(GAME, encoding="utf-8")
    for ident in ("coins", "gems"):
        (content / f"{ident}.yaml").write_text(
            f"kind: tiles\nid: {ident}\ngame: walk\ntitle: {{en: {ident}}}\nsize: {{width: 20mm, height: 20mm}}\n"
            "share: small\ntemplates:\n  t:\n    layers:\n      - {type: circle, cx: 10mm, cy: 10mm, r: 8mm}\n"
            "cards:\n  - {template: t, count: 4}\n", encoding="utf-8")
    result = run_cli("render", "walk", "--content", str(content), "-o", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    with pdfplumber.open(tmp_path / "out" / "walk" / "small.pdf") as pdf:
        assert "Fjord & Rail — small pieces (small)" in pdf.pages[0].extract_text()
