"""Computed content (issue 34, item 4): ``{expression}`` placeholders in a sandbox — a designer's
deck of Victory Point Salad's shape builds from its spreadsheet with no script, read back from
the PDF; refused constructs and limits are located errors, never a hang."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

from railprint.errors import ContentError
from railprint.model import expressions
from railprint.model.deck import ImagePlacement, TextLayer, VectorPlacement
from railprint.model.resolve import load_deck
from railprint.units import mm
from tests.helpers import run_cli

SQUARE = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="{}"/></svg>'

SALAD = """\
kind: deck
id: salad
game: salad
title: {en: Salad}
size: poker
bleed: 3mm
templates:
  point:
    layers:
      - {type: text, text: '{Title}', x: 5mm, y: 10mm, size: '{14 if Title|length <= 12 else 9}'}
      - {type: image, file: 'art/{Veg | lower | trim}.svg', x: 5mm, y: 14mm, w: 20mm, h: 20mm}
      - type: text
        x: 5mm
        y: 40mm
        w: 53mm
        h: 40mm
        size: 9
        text: >-
          {[("MOST " ~ Most) if Most, ("FEWEST " ~ Fewest) if Fewest, ("EACH " ~ Each) if Each,
            ("EVEN " ~ Even) if Even, ("SET " ~ Set) if Set] | select | join("\\n")}
      - {type: text, text: '{Points * 2} pts', x: '{40 + Points}mm', y: 84mm, colour: '{"#c0392b" if Points < 0 else "#000000"}'}
      - {type: text, text: BONUS, x: 5mm, y: 84mm, when: '{Points >= 3 and Veg != "Onion"}'}
default_template: point
cards: {from: deck.xlsx, sheet: Cards}
"""

ROWS = [
    ["Title", "Veg", "Most", "Fewest", "Each", "Even", "Set", "Points"],
    ["Carrot", "CARROT ", "Cabbage", None, "+2 / tomato", None, None, 3],
    ["Onion Pepper Cabbage", "Onion", None, "Lettuce", None, "7", "3 kinds", -1],
    ["Lettuce", "Lettuce", None, None, None, None, None, 1.5],
]


def salad(folder: Path) -> Path:
    from openpyxl import Workbook

    (folder / "art").mkdir()
    for name, colour in (("carrot", "#e67e22"), ("onion", "#8e44ad"), ("lettuce", "#27ae60")):
        (folder / "art" / f"{name}.svg").write_text(SQUARE.format(colour), encoding="utf-8")
    book = Workbook()
    book.active.title = "Notes"
    sheet = book.create_sheet("Cards")
    for row in ROWS:
        sheet.append(row)
    book.save(folder / "deck.xlsx")
    path = folder / "salad.yaml"
    path.write_text(SALAD, encoding="utf-8")
    return path


def _lines(page) -> list[tuple[str, float]]:
    """(text, size) of each line of a page, top to bottom."""
    out: dict[float, list] = {}
    for char in page.chars:
        out.setdefault(round(char["top"]), []).append(char)
    return [("".join(c["text"] for c in sorted(chars, key=lambda c: c["x0"])), round(chars[0]["size"], 1))
            for _, chars in sorted(out.items())]


def test_a_salad_deck_builds_from_its_spreadsheet_with_no_script(tmp_path):
    salad(tmp_path)
    result = run_cli("render", "salad", "--content", str(tmp_path), "-o", str(tmp_path / "out"), "--quiet",
                     "--mode", "1up")
    assert result.exit_code == 0, result.output
    with pdfplumber.open(tmp_path / "out" / "salad" / "salad.pdf") as pdf:
        pages = [_lines(page) for page in pdf.pages]
    assert pages[0] == [("Carrot", 14.0), ("MOST Cabbage", 9.0), ("EACH +2 / tomato", 9.0), ("BONUS6 pts", 10.0)] \
        or pages[0] == [("Carrot", 14.0), ("MOST Cabbage", 9.0), ("EACH +2 / tomato", 9.0), ("BONUS 6 pts", 10.0)]
    assert pages[1] == [("Onion Pepper Cabbage", 9.0), ("FEWEST Lettuce", 9.0), ("EVEN 7", 9.0), ("SET 3 kinds", 9.0),
                        ("-2 pts", 10.0)]           # a long title: the smaller size; no BONUS for the onion
    assert pages[2] == [("Lettuce", 14.0), ("3 pts", 10.0)]    # no block lines: the block is empty


def test_computed_file_names_positions_and_colours(tmp_path):
    deck = load_deck(salad(tmp_path))
    pictures = [next(l for l in card.front.layers if isinstance(l, (ImagePlacement, VectorPlacement)))
                for card in deck.cards]
    assert [Path(p.path).name for p in pictures] == ["carrot.svg", "onion.svg", "lettuce.svg"]
    points = [next(l for l in card.front.layers if isinstance(l, TextLayer) and "pts" in str(l.text))
              for card in deck.cards]
    assert [round(l.x / mm(1), 3) for l in points] == [43, 39, 41.5]
    assert [l.colour for l in points] == ["#000000", "#c0392b", "#000000"]
    assert all(l.computed is None for card in deck.cards for l in card.front.layers if isinstance(l, TextLayer))


def test_plain_placeholders_and_escaped_braces_are_unchanged(tmp_path):
    (tmp_path / "d.yaml").write_text(SALAD.replace("cards: {from: deck.xlsx, sheet: Cards}", "").replace(
        "templates:", "templates:\n  plain:\n    layers:\n"
                      "      - {type: text, text: '{{x}} {name} {index}/{total}', x: 5mm, y: 10mm}") +
        "cards:\n  - {template: plain, vars: {name: Łódź}}\n", encoding="utf-8")
    layer = load_deck(tmp_path / "d.yaml").cards[0].front.layers[0]
    assert layer.text == "{x} Łódź 1/1"


def problems(tmp_path: Path, layer: str, row: str = "a,3") -> str:
    (tmp_path / "cards.csv").write_text("name,cost\n" + row + "\n", encoding="utf-8")
    (tmp_path / "d.yaml").write_text(
        "kind: deck\nid: d\ngame: d\ntitle: {en: D}\nsize: poker\ntemplates:\n  t:\n    layers:\n"
        f"      - {layer}\ndefault_template: t\ncards: {{from: cards.csv}}\n", encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_deck(tmp_path / "d.yaml")
    return str(caught.value)


@pytest.mark.parametrize("expression, message", [
    ('\'{"ab" * 100000000}\'', "longer than 20000"),
    ("'{9 ** 9 ** 9 ** 9}'", "larger than"),
    ("'{name.__class__}'", "attributes ('.') are not available"),
    ("'{range(100000000) | join}'", "calling functions is not available"),
    ("'{name | format}'", "no filter 'format'"),
    ('\'{"%099999999d" % 1}\'', "'%' is the remainder of two numbers"),
    ("'{name | replace(\"a\", name * 9000) | replace(\"a\", name * 9000)}'", "longer than 20000"),
    ("'{cost / 0}'", "division by zero"),
    ("'{name < 3}'", "{name < 3} cannot be worked out: '<' needs numbers, and name is 'a': text, not a number "
                     "(join text with '~')"),   # not Python's "'<' not supported between instances of 'str' and 'int'"
    ("'{name + 1}'", "'+' needs numbers, and name is 'a': text, not a number"),   # not "can only concatenate str …"
    ("'{cost +}'", "is not an expression"),
    ("'{nmae | upper}'", "unknown variable {nmae}"),
])
def test_untrusted_expressions_are_located_errors(tmp_path, expression, message):
    found = problems(tmp_path, f"{{type: text, text: {expression}, x: 5mm, y: 10mm}}")
    assert message in found
    assert "d.yaml" in found or "cards.csv" in found


def test_a_number_typed_with_a_decimal_comma_is_named_with_the_value_to_write(tmp_path):
    found = problems(tmp_path, "{type: text, text: '{cost + 1}', x: 5mm, y: 10mm}", row='a,"4,5"')
    assert "cards.csv:2:2:" in found and "'+' needs numbers, and cost is '4,5': text, not a number " \
        "(a decimal point, not a comma: write 4.5)" in found


def test_a_computed_size_that_is_not_a_size_is_reported_at_its_cell(tmp_path):
    found = problems(tmp_path, "{type: text, text: x, x: 5mm, y: 10mm, size: '{cost - 5}'}")
    assert "cards.csv:2:2:" in found and "size" in found and "greater than 0" in found
    found = problems(tmp_path, "{type: text, text: x, x: '{cost}', y: 10mm}")
    assert "cards.csv:2:2:" in found and "add a unit" in found


def test_expressions_have_no_way_to_loop_or_grow_without_bound():
    for source in ("[1, 2] * 10 ** 9", "name | list | join(name)", "(name ~ name) * 9999"):
        with pytest.raises(expressions.ExpressionError):
            expressions.compiled(source).value({"name": "x" * 20_000})
    assert expressions.compiled("cost | int + 1").value({"cost": "41"}) == 42
    assert expressions.as_text(expressions.compiled("7 / 2").value({})) == "3.5"
    assert expressions.as_text(expressions.compiled("code").value({"code": "007"})) == "007"   # not a number


def test_an_editor_schema_accepts_computed_keys(tmp_path):
    import json

    import jsonschema
    import yaml

    from tests.helpers import cli_stdout

    schema = json.loads(cli_stdout("schema"))
    data = yaml.safe_load(SALAD.replace("cards: {from: deck.xlsx, sheet: Cards}", "cards: [{vars: {Title: A}}]"))
    jsonschema.validate(data, schema)
    data["templates"]["point"]["layers"][0]["size"] = "nine"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, schema)


def test_percent_positions_are_of_the_card(tmp_path):
    (tmp_path / "d.yaml").write_text(
        "kind: deck\nid: d\ngame: d\ntitle: {en: D}\nsize: poker\ntemplates:\n  t:\n    layers:\n"
        "      - {type: rect, x: 10%, y: 50%, w: 80%, h: 25%, fill: '#000000'}\n"
        "      - {type: text, text: '{name}', x: '{10 * index}%', y: 5%, align: center}\n"
        "      - {type: rect, x: 50%, y: 0mm, fill: '#000000'}\n"
        "default_template: t\ncards:\n  - {vars: {name: Łódź}}\n  - {vars: {name: Tromsø}}\n", encoding="utf-8")
    deck = load_deck(tmp_path / "d.yaml")
    rect, text, half = deck.cards[1].front.layers
    assert [round(v / mm(1), 3) for v in (rect.x, rect.y, rect.w, rect.h)] == [6.3, 44, 50.4, 22]
    assert [round(v / mm(1), 3) for v in (half.x, half.w, half.h)] == [31.5, 31.5, 88]   # to the trim edges
    assert [round(c.front.layers[1].x / mm(1), 3) for c in deck.cards] == [6.3, 12.6]
    assert round(text.y / mm(1), 3) == 4.4
    (tmp_path / "d.yaml").write_text((tmp_path / "d.yaml").read_text(encoding="utf-8").replace("x: 10%,", "x: 10 %%,"),
                                     encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_deck(tmp_path / "d.yaml")
    assert "d.yaml:9:" in str(caught.value)


def test_positions_relative_to_the_layers_style(tmp_path):
    (tmp_path / "d.yaml").write_text(
        "kind: deck\nid: d\ngame: d\ntitle: {en: D}\nsize: poker\n"
        "styles:\n  title: {x: 5mm, y: 11mm, size: 14}\n"
        "templates:\n  t:\n    layers:\n"
        "      - {type: text, text: A, use: title}\n"
        "      - {type: text, text: B, use: title, y: += 15mm, size: -= 2}\n"
        "      - {type: text, text: C, use: title, x: -= 2mm}\n"
        "default_template: t\ncards:\n  - {vars: {}}\n", encoding="utf-8")
    a, b, c = load_deck(tmp_path / "d.yaml").cards[0].front.layers
    assert (round(b.y / mm(1), 3), b.size, round(b.x / mm(1), 3)) == (26, 12, 5)
    assert (round(c.x / mm(1), 3), round(c.y / mm(1), 3)) == (3, 11)
    text = (tmp_path / "d.yaml").read_text(encoding="utf-8")
    (tmp_path / "d.yaml").write_text(text.replace("x: -= 2mm", "w: += 2mm, h: 5mm"), encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_deck(tmp_path / "d.yaml")
    assert "d.yaml:13:46: w:" in str(caught.value) and "no plain w to add to" in str(caught.value)


EXTENDED = """\
kind: deck
id: ext
game: ext
title: {en: Ext}
size: poker
styles:
  title: {size: 14, font: bold}
templates:
  base:
    layers:
      - {type: rect, id: band, x: 0mm, y: 5mm, h: 10mm, fill: '#dddddd'}
      - {type: text, id: title, text: '{name}', x: 5mm, y: 11mm, use: title}
      - {type: text, text: base only, x: 5mm, y: 80mm, size: 8}
  port:
    extends: base
    layers:
      - {id: title, x: += 15mm, size: -= 4}
      - {type: text, text: port, x: 5mm, y: 70mm, size: 8}
  harbour:
    extends: port
    layers:
      - {id: title, y: += 20mm, colour: '#1565c0'}
default_template: base
cards:
  - {vars: {name: Łódź}}
  - {template: port, vars: {name: Tromsø}}
  - {template: harbour, vars: {name: Ålesund}}
"""


def test_positions_relative_to_the_template_a_template_extends(tmp_path):
    (tmp_path / "ext.yaml").write_text(EXTENDED, encoding="utf-8")
    result = run_cli("render", "ext", "--content", str(tmp_path), "-o", str(tmp_path / "out"), "--quiet",
                     "--mode", "1up")
    assert result.exit_code == 0, result.output
    with pdfplumber.open(tmp_path / "out" / "ext" / "ext.pdf") as pdf:
        titles = []
        for page, name in zip(pdf.pages, ("Łódź", "Tromsø", "Ålesund")):
            assert [line for line, _ in _lines(page)].count(name) == 1   # the parent's layer is replaced, not doubled
            chars = [c for c in page.chars if c["text"] == name[0]]
            x, baseline = chars[0]["matrix"][4], page.height - chars[0]["matrix"][5]   # the text's origin
            titles.append((x, baseline, round(chars[0]["size"], 1)))
            texts = [line for line, _ in _lines(page)]
            assert "base only" in texts and ("port" in texts) == (name != "Łódź")
    (x0, y0, s0), (x1, y1, s1), (x2, y2, s2) = titles
    assert abs((x1 - x0) - 15 * 72 / 25.4) < 0.1 and abs(y1 - y0) < 0.1   # 15 mm right of the parent's
    assert (s0, s1, s2) == (14.0, 10.0, 10.0)                                # its style's size minus 4
    assert abs(x2 - x1) < 0.1 and abs((y2 - y1) - 20 * 72 / 25.4) < 0.1     # and 20 mm lower than port's
    deck = load_deck(tmp_path / "ext.yaml")
    harbour = deck.cards[2].front.layers
    assert [type(l).__name__ for l in harbour].count("TextLayer") == 3 and harbour[1].colour == "#1565c0"
    assert round(harbour[1].y / mm(1), 3) == 31 and round(harbour[1].x / mm(1), 3) == 20


@pytest.mark.parametrize("change, message", [
    ("      - {id: title, x: += 15mm, size: -= 4}", None),
    ("      - {id: title, type: icon, name: star, size: 4mm}", "ext.yaml:17:27: layer 'title' is a text in the "
                                                              "template this one extends"),
    ("      - {id: band, w: += 3mm}", "ext.yaml:17:23: w: '+= 3mm' is relative, but the parent template's layer "
                                      "with this id gives no plain w to add to"),
    ("      - {type: text, text: x, x: += 3mm, y: 3mm}", "ext.yaml:17:34: x: '+= 3mm' is relative to nothing"),
    ("      - {id: title, x: += 15mm}\n      - {id: title, y: 5mm}", "ext.yaml:18:14: layer id 'title' is given "
                                                                     "twice in template 'port' (first at"),
])
def test_relative_to_a_parent_template_mistakes_are_located(tmp_path, change, message):
    text = EXTENDED.replace("      - {id: title, x: += 15mm, size: -= 4}", change)
    (tmp_path / "ext.yaml").write_text(text, encoding="utf-8")
    if message is None:
        load_deck(tmp_path / "ext.yaml")
        return
    with pytest.raises(ContentError) as caught:
        load_deck(tmp_path / "ext.yaml")
    assert message in str(caught.value), str(caught.value)


def test_an_editor_schema_accepts_overrides_of_a_parent_templates_layers():
    import json

    import jsonschema
    import yaml

    from tests.helpers import cli_stdout

    validator = jsonschema.Draft202012Validator(json.loads(cli_stdout("schema")))
    assert list(validator.iter_errors(yaml.safe_load(EXTENDED))) == []
    broken = yaml.safe_load(EXTENDED.replace("{id: title, x: += 15mm, size: -= 4}", "{x: += 15mm, size: -= 4}"))
    assert list(validator.iter_errors(broken))   # neither a layer (no type) nor an override (no id)
