"""Content for designers: text boxes, images and decks from data files, read back from PDFs."""

from __future__ import annotations

import io
import logging
from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader

from railprint.errors import ContentError
from railprint.loading.resources import content_path
from railprint.model.resolve import load_deck
from railprint.render import RenderOptions, build_deck
from railprint.units import mm, to_mm
from railprint.writers import render

EXAMPLE = content_path("examples", "station-master", "station-master.yaml")
ART = content_path("examples", "station-master", "art", "harbour.png")  # 660 x 420 px
BLEED_MM = 3.0

DECK = """\
kind: deck
id: test
game: test
title: {{en: Test}}
size: {{width: 63mm, height: 88mm}}
bleed: 3mm
templates:
  t:
    layers:
{layers}
cards:
{cards}
"""


def write_deck(folder: Path, layers: list[str], cards: str = "  - {template: t}") -> Path:
    path = folder / "deck.yaml"
    path.write_text(DECK.format(layers="\n".join("      - " + layer for layer in layers), cards=cards),
                    encoding="utf-8")
    return path


def pdf_of(path: Path, mode: str = "1up") -> bytes:
    return render(build_deck(path, RenderOptions(mode=mode)), "pdf")[0]


def problems_of(path: Path) -> str:
    with pytest.raises(ContentError) as caught:
        load_deck(path)
    return str(caught.value)


RULES = ("Deliver **two crates** of *timber* to Bergen and take :wagon: from the supply. "
         "If you own a :station: there, draw one more card.\nThen rest.")
BOX = "{type: rect, x: 6mm, y: 50mm, w: 51mm, h: 30mm, stroke: '#00ff00', line_width: 0.2}"


@pytest.mark.parametrize("align", ["left", "centre", "right", "justify"])
def test_wrapped_lines_stay_in_their_box_and_share_one_size(tmp_path, align):
    text = f"{{type: text, text: {RULES!r}, x: 6mm, y: 50mm, w: 51mm, h: 30mm, size: 30, min_size: 5, align: {align}}}"
    data = pdf_of(write_deck(tmp_path, [BOX, text.replace("'", '"').replace('\n', '\\n')]))
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        page = pdf.pages[0]
        box = next(r for r in page.rects if r["stroking_color"] in ((0, 1, 0), [0, 1, 0], (0.0, 1.0, 0.0)))
        assert abs(to_mm(box["x0"]) - (6 + BLEED_MM)) < 0.05 and abs(to_mm(box["top"]) - (50 + BLEED_MM)) < 0.05
        chars = [c for c in page.chars if c["text"].strip()]
        lines = sorted({round(c["top"], 1) for c in chars})
    assert len(lines) >= 4, lines                                # wrapped (and the explicit newline kept)
    assert len({round(c["size"], 3) for c in chars}) == 1         # one size for every line
    assert chars[0]["size"] < 30                                  # shrunk from 30 pt to fit
    for c in chars:
        assert box["x0"] - 0.01 <= c["x0"] and c["x1"] <= box["x1"] + 0.01, c
        assert box["top"] - 0.01 <= c["top"] and c["bottom"] <= box["bottom"] + 0.01, c
    fonts = {c["fontname"].split("+")[-1] for c in chars}
    assert fonts == {"SourceSansPro-Regular", "SourceSansPro-Bold", "SourceSansPro-It"}
    if align == "justify":                                        # full lines reach the right edge
        first = [c for c in chars if round(c["top"], 1) == lines[0]]
        assert abs(max(c["x1"] for c in first) - box["x1"]) < 0.5


def test_single_line_text_is_unchanged_and_refuses_control_characters(tmp_path):
    path = write_deck(tmp_path, ['{type: text, text: "A\\tB", x: 5mm, y: 10mm}',
                                 '{type: text, text: "C\\nD", x: 5mm, y: 20mm}'])
    message = problems_of(path)
    assert "deck.yaml:" in message and "card 1 (t)" in message
    assert "'\\t'" in message and "'\\n'" in message and "give the text a box" in message


def test_a_text_box_refuses_tabs_but_keeps_newlines(tmp_path):
    path = write_deck(tmp_path, ['{type: text, text: "A\\nB\\tC", x: 5mm, y: 10mm, w: 40mm, h: 20mm}'])
    message = problems_of(path)
    assert "'\\t'" in message and "'\\n'" not in message


def test_text_that_cannot_fit_names_the_card_and_its_line(tmp_path):
    long = "word " * 400
    path = write_deck(tmp_path, [f"{{type: text, text: '{{rules}}', x: 5mm, y: 10mm, w: 40mm, h: 20mm, min_size: 6}}"],
                      cards=f"  - {{template: t, vars: {{rules: ok}}}}\n"
                            f"  - {{template: t, name: Long one, vars: {{rules: '{long}'}}}}")
    message = problems_of(path)
    assert "deck.yaml:13:" in message and "card 2 (Long one)" in message
    assert "does not fit its 40.0 x 20.0 mm box even at 6 pt" in message


def test_markup_problems_and_unknown_inline_icons_are_located(tmp_path):
    path = write_deck(tmp_path, ["{type: text, text: 'take :wagn: and **more', x: 5mm, y: 10mm, w: 40mm, h: 20mm}",
                                 "{type: icon, name: zzzzzz, x: 5mm, y: 5mm, size: 5mm}"])
    message = problems_of(path)
    assert "unknown inline icon ':wagn:'" in message and "did you mean 'wagon'" in message
    assert "'**' (bold) is never closed" in message
    assert "unknown icon 'zzzzzz'" in message and "railprint icons" in message


def test_an_image_lands_at_its_box(tmp_path):
    (tmp_path / "art").mkdir()
    (tmp_path / "art" / "a.png").write_bytes(ART.read_bytes())
    data = pdf_of(write_deck(tmp_path, [
        "{type: image, file: art/a.png, x: 5mm, y: 7mm, w: 40mm, h: 30mm, fit: stretch}",
        "{type: image, file: art/a.png, x: 5mm, y: 40mm, w: 55mm, h: 40mm, fit: contain}",
        "{type: image, file: art/a.png, x: 50mm, y: 5mm, w: 10mm, h: 30mm, fit: cover}"]))
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        found = sorted((round(to_mm(i["x0"]), 2), round(to_mm(i["top"]), 2), round(to_mm(i["x1"]), 2),
                        round(to_mm(i["bottom"]), 2)) for i in pdf.pages[0].images)
    contain_h = 55 * 420 / 660                                  # 35.0 mm, centred in 40 mm
    cover_w = 30 * 660 / 420                                    # 47.14 mm, centred on the 10 mm box, clipped
    expected = sorted([(5 + 3, 7 + 3, 45 + 3, 37 + 3),
                       (5 + 3, 40 + 3 + (40 - contain_h) / 2, 60 + 3, 40 + 3 + (40 + contain_h) / 2),
                       (55 + 3 - cover_w / 2, 5 + 3, 55 + 3 + cover_w / 2, 35 + 3)])
    for got, want in zip(found, expected):
        assert all(abs(g - w) <= 0.1 for g, w in zip(got, want)), (found, expected)
    text = render(build_deck(tmp_path / "deck.yaml", RenderOptions(mode="1up")), "txt")[0].decode()
    assert "clip(141.73 14.17 28.35 85.04)" in text            # the cover picture is clipped to its box


def _image_objects(data: bytes) -> set[int]:
    reader = PdfReader(io.BytesIO(data))
    found: set[int] = set()

    def visit(resources) -> None:
        for ref in (resources or {}).get("/XObject", {}).values():
            obj = ref.get_object()
            if obj["/Subtype"] == "/Image":
                found.add(ref.idnum)
            else:
                visit(obj.get("/Resources"))

    for page in reader.pages:
        visit(page.get("/Resources"))
    return found


def test_one_picture_used_by_100_cards_is_stored_once(tmp_path):
    (tmp_path / "a.png").write_bytes(ART.read_bytes())
    path = write_deck(tmp_path, ["{type: image, file: a.png, x: 5mm, y: 5mm, w: 53mm, h: 34mm, fit: cover}"],
                      cards="  - {template: t, count: 100}")
    data = pdf_of(path, mode="duplex")
    assert len(PdfReader(io.BytesIO(data)).pages) > 10
    assert len(_image_objects(data)) == 1
    picture = next(PdfReader(io.BytesIO(data)).get_object(n) for n in _image_objects(data))
    stored = len(picture._data)                                   # the compressed picture, once
    plain = pdf_of(write_deck(tmp_path, ["{type: rect, x: 5mm, y: 5mm, w: 53mm, h: 34mm, fill: '#808080'}"],
                              cards="  - {template: t, count: 100}"), mode="duplex")
    assert stored > 3_000 and 0 < len(data) - len(plain) < stored + 5_000  # 100 copies: > 300 kB


def test_the_example_deck_stores_each_of_its_six_pictures_once():
    deck = load_deck(EXAMPLE)
    assert len(deck.cards) == 100
    data = render(build_deck(EXAMPLE, RenderOptions()), "pdf")[0]
    assert len(_image_objects(data)) == 6


def test_a_picture_behind_a_symlink_loop_is_a_located_problem(tmp_path):
    (tmp_path / "loop").symlink_to("loop")
    path = write_deck(tmp_path, ["{type: image, file: loop/a.png, x: 0, y: 0, w: 10mm, h: 10mm}"])
    message = problems_of(path)
    assert "deck.yaml:" in message and "bad file reference 'loop/a.png'" in message

def test_a_misspelt_picture_name_is_answered_with_the_files_beside_it(tmp_path):
    (tmp_path / "harbour.png").write_bytes(ART.read_bytes())
    path = write_deck(tmp_path, ["{type: image, file: harbor.png, x: 0, y: 0, w: 10mm, h: 10mm}"])
    message = problems_of(path)
    assert "picture not found: harbor.png" in message and "did you mean 'harbour.png'?" in message
    nothing_near = write_deck(tmp_path, ["{type: image, file: zzz.png, x: 0, y: 0, w: 10mm, h: 10mm}"])
    assert "did you mean" not in problems_of(nothing_near)


def test_image_problems_are_located(tmp_path, caplog):
    (tmp_path / "bad.png").write_bytes(b"not a picture")
    (tmp_path / "a.png").write_bytes(ART.read_bytes())
    outside = tmp_path.parent / "outside.png"
    outside.write_bytes(ART.read_bytes())
    path = write_deck(tmp_path, ["{type: image, file: missing.png, x: 0, y: 0, w: 10mm, h: 10mm}",
                                 "{type: image, file: bad.png, x: 0, y: 0, w: 10mm, h: 10mm}",
                                 "{type: image, file: ../outside.png, x: 0, y: 0, w: 10mm, h: 10mm}"])
    message = problems_of(path)
    assert "picture not found: missing.png" in message
    assert "cannot read the picture bad.png" in message
    assert "'../outside.png' is outside the content folder" in message
    low = write_deck(tmp_path, ["{type: image, file: a.png, x: 0, y: 0, w: 60mm, h: 40mm}"],
                     cards="  - {template: t, count: 3}")
    with caplog.at_level(logging.WARNING, logger="railprint"):
        load_deck(low)
    warnings = [r.getMessage() for r in caplog.records]
    assert len(warnings) == 1                                   # once, not per copy
    assert "deck.yaml:" in warnings[0] and "a.png prints at 279 dpi" in warnings[0]


CSV_LAYERS = ["{type: text, text: '{name}', x: 5mm, y: 10mm}",
              "{type: text, text: '{rules}', x: 5mm, y: 20mm, w: 50mm, h: 40mm}"]


@pytest.mark.parametrize("bom", [b"", b"\xef\xbb\xbf"])
def test_cards_from_csv_with_or_without_bom(tmp_path, bom):
    (tmp_path / "cards.csv").write_bytes(bom + "name,rules,count\nŁódź,\"Take :wagon:\nthen rest\",2\nOulu,Go,\n"
                                         .encode("utf-8"))
    deck = load_deck(_deck_from(tmp_path, "cards.csv"))
    assert [c.name for c in deck.cards] == ["Łódź", "Łódź", "Oulu"]
    assert deck.cards[0].front.layers[1].text == "Take :wagon:\nthen rest"


def _deck_from(folder: Path, table: str, extra: str = "") -> Path:
    path = folder / "deck.yaml"
    path.write_text(DECK.format(layers="\n".join("      - " + layer for layer in CSV_LAYERS),
                                cards="").replace("cards:\n",
                                                  f"default_template: t\ncards: {{from: {table}{extra}}}\n"),
                    encoding="utf-8")
    return path


def test_cards_from_tsv_json_yaml_and_excel(tmp_path):
    (tmp_path / "c.tsv").write_text("name\trules\tcount\nA\tone two\t3\n", encoding="utf-8")
    assert len(load_deck(_deck_from(tmp_path, "c.tsv")).cards) == 3
    (tmp_path / "c.json").write_text('[{"name": "A", "rules": "x"}, {"name": "B", "rules": "y", "count": 2}]',
                                     encoding="utf-8")
    assert [c.name for c in load_deck(_deck_from(tmp_path, "c.json")).cards] == ["A", "B", "B"]
    (tmp_path / "c.yml").write_text("- {name: {en: Gothenburg, pl: Göteborg}, rules: z}\n", encoding="utf-8")
    assert load_deck(_deck_from(tmp_path, "c.yml"), "pl").cards[0].front.layers[0].text == "Göteborg"
    from openpyxl import Workbook

    book = Workbook()
    book.active.title = "ignored"
    sheet = book.create_sheet("Cards")
    for row in (["name", "rules", "count", "template"], ["Kraków", "go", 2.0, "t"], [None, None, None, None],
                ["Turku", "stop", None, None]):
        sheet.append(row)
    book.save(tmp_path / "c.xlsx")
    deck = load_deck(_deck_from(tmp_path, "c.xlsx", ", sheet: Cards"))
    assert [c.name for c in deck.cards] == ["Kraków", "Kraków", "Turku"]


def test_a_yaml_card_list_in_a_content_folder_is_data_and_the_deck_renders(tmp_path):
    from tests.helpers import run_cli

    (tmp_path / "c.yaml").write_text("# my cards\n- {name: A, rules: 'go :wagon:'}\n- {name: B, rules: x, count: 2}\n",
                                     encoding="utf-8")
    _deck_from(tmp_path, "c.yaml")
    result = run_cli("render", "test", "--content", str(tmp_path), "-o", str(tmp_path / "out"), "-q")
    assert result.exit_code == 0, result.output
    result = run_cli("list", "--content", str(tmp_path))
    assert next(line for line in result.stdout.splitlines() if line.startswith("test ")).split()[3] == "3"


def test_jpeg_pictures_are_passed_through(tmp_path):
    from PIL import Image

    Image.open(ART).convert("RGB").save(tmp_path / "a.jpg", quality=80)
    data = pdf_of(write_deck(tmp_path, ["{type: image, file: a.jpg, x: 5mm, y: 5mm, w: 50mm, h: 32mm}"]))
    pictures = [PdfReader(io.BytesIO(data)).get_object(n) for n in _image_objects(data)]
    assert len(pictures) == 1 and "/DCTDecode" in list(pictures[0]["/Filter"])  # the JPEG data itself     # the JPEG file itself, not re-encoded


def test_data_file_errors_point_at_row_and_column(tmp_path):
    (tmp_path / "cards.csv").write_text("name,rules,count,template\nA,x,1,t\nB,y,many,t\n", encoding="utf-8")
    assert f"{tmp_path / 'cards.csv'}:3:3: cards.count" in problems_of(_deck_from(tmp_path, "cards.csv"))
    (tmp_path / "cards.csv").write_text("name,rules,template\nA,x,t\n\nC,\"a\nb\",tt\nD,:wagn:,t\n", encoding="utf-8")
    message = problems_of(_deck_from(tmp_path, "cards.csv"))
    assert f"{tmp_path / 'cards.csv'}:4:3: unknown template 'tt'" in message      # blank line skipped
    assert f"{tmp_path / 'cards.csv'}:6:2: card 3 (D): unknown inline icon ':wagn:'" in message  # the cell
    (tmp_path / "bad.xlsx").write_bytes(b"PK not really")
    assert "not a readable Excel workbook" in problems_of(_deck_from(tmp_path, "bad.xlsx"))
    assert "outside the content folder" in problems_of(_deck_from(tmp_path, "../x.csv"))
    (tmp_path / "dup.csv").write_text("name,name\na,b\n", encoding="utf-8")
    assert "column 'name' appears twice" in problems_of(_deck_from(tmp_path, "dup.csv"))


def test_svg_faces_embed_their_picture_and_italic_text():
    doc = build_deck(EXAMPLE, RenderOptions(mode="1up"))
    svg = render(doc, "svg")[6].decode()                        # card 4's front: "*Rule of thumb:*"
    assert '<image' in svg and 'href="data:image/png;base64,' in svg
    assert 'font-style="italic"' in svg and "font-style:italic" in svg


def test_list_counts_the_cards_of_a_spreadsheet_deck():
    from tests.helpers import cli_stdout

    row = next(line for line in cli_stdout("list").splitlines() if " station-master " in line)
    assert " 100 " in row


def test_the_example_deck_renders_with_wrapped_text_and_a_picture_on_every_card():
    deck = load_deck(EXAMPLE)
    for card in deck.cards:
        kinds = [type(layer).__name__ for layer in card.front.layers]
        assert "ImagePlacement" in kinds
        box = [layer for layer in card.front.layers if type(layer).__name__ == "TextLayer" and layer.box]
        assert len(box) == 1 and ":" in box[0].text
        assert 20 <= len(box[0].text.split()) <= 70
    assert mm(63) == deck.width


def test_the_schema_describes_every_new_key():
    import json

    from tests.helpers import cli_stdout

    schema = json.loads(cli_stdout("schema"))
    defs = schema["$defs"]
    text = defs["TextLayer"]["properties"]
    for key in ("w", "h", "line_spacing", "min_size", "valign", "align", "text"):
        assert text[key].get("description"), key
    assert "justify" in json.dumps(text["align"]) and "bolditalic" in json.dumps(text["font"])
    image = defs["ImageLayer"]["properties"]
    assert image["file"]["description"] and image["fit"]["description"]
    cards = json.dumps(defs["DeckSpec"]["properties"]["cards"])
    assert '"from"' in cards and '"sheet"' in cards
    assert defs["IconsSpec"]["properties"]["icons"]["description"]
    assert defs["IconShape"]["properties"]["path"]["description"]


def test_a_tiles_file_listing_its_pieces_under_tiles_is_told_they_go_under_cards(tmp_path):
    path = tmp_path / "tiles.yaml"
    path.write_text("kind: tiles\nid: t\ngame: g\ntitle: T\nsize: tile40\n"
                    "templates:\n  t:\n    layers:\n      - {type: rect, bleed: true, fill: '#eeeeee'}\n"
                    "tiles:\n  - {template: t, count: 4}\n", encoding="utf-8")
    message = problems_of(path)
    assert message.splitlines()[0].endswith("tiles.yaml (tiles)")   # not "(deck)"
    assert "tiles.yaml:10:1: unknown key 'tiles' (a tiles file lists its pieces under 'cards:', as a deck does)" \
        in message


def test_an_expression_cut_short_says_it_ends_too_soon(tmp_path):
    path = write_deck(tmp_path, ["{type: text, text: '{name +}', x: 2mm, y: 8mm}"])
    message = problems_of(path)
    assert "{name +} is not an expression: it ends too soon" in message   # was "unexpected the end"
