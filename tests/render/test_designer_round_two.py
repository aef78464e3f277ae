"""Content for designers, round two: spreadsheets as designers keep them, conditional layers,
card numbering, named styles — read back from the PDFs."""

from __future__ import annotations

import io
import logging
from pathlib import Path

import pdfplumber
import pytest

from railprint.errors import ContentError
from railprint.model.resolve import load_deck
from railprint.render import RenderOptions, build_deck
from railprint.writers import render
from tests.helpers import run_cli

DECK = """\
kind: deck
id: test
game: test
title: {{en: Test}}
size: {{width: 63mm, height: 88mm}}
bleed: 3mm
{extra}
templates:
  t:
    layers:
{layers}
  b1:
    layers:
      - {{type: text, text: BACK-ONE, x: 5mm, y: 20mm}}
  b2:
    layers:
      - {{type: text, text: BACK-TWO, x: 5mm, y: 20mm}}
default_template: t
back: b1
cards: {cards}
"""


def deck(folder: Path, layers: list[str], cards: str, extra: str = "") -> Path:
    path = folder / "deck.yaml"
    path.write_text(DECK.format(layers="\n".join("      - " + layer for layer in layers), cards=cards, extra=extra),
                    encoding="utf-8")
    return path


def page_texts(path: Path) -> list[str]:
    """The text of every page of the deck rendered 1-up (front, back, front, back, …)."""
    data = render(build_deck(path, RenderOptions(mode="1up")), "pdf")[0]
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return [page.extract_text() or "" for page in pdf.pages]


def problems_of(path: Path) -> str:
    with pytest.raises(ContentError) as caught:
        load_deck(path)
    return str(caught.value)


NAME = "{type: text, text: '{name}', x: 5mm, y: 10mm}"


# ---- spreadsheets as designers keep them ------------------------------------------------------

def test_count_column_zero_rows_and_a_back_per_row(tmp_path):
    (tmp_path / "cards.csv").write_text("name,qty,back\nAla,3,\nBea,0,b2\nCyd,2,b2\nDan,,\n", encoding="utf-8")
    path = deck(tmp_path, [NAME], "{from: cards.csv, count_column: qty}")
    pages = page_texts(path)
    fronts, backs = pages[0::2], pages[1::2]
    assert [p.strip() for p in fronts] == ["Ala"] * 3 + ["Cyd"] * 2 + ["Dan"]       # Bea zeroed: dropped
    assert [p.strip() for p in backs] == ["BACK-ONE"] * 3 + ["BACK-TWO"] * 2 + ["BACK-ONE"]
    from railprint.render import discover

    assert [f.count for f in discover(tmp_path)] == [6]                              # `list` agrees


def test_count_zero_in_a_hand_written_list_drops_the_card(tmp_path):
    path = deck(tmp_path, [NAME], "\n  - {vars: {name: Kept}}\n  - {count: 0, vars: {name: Gone}}")
    assert [c.name for c in load_deck(path).cards] == ["Kept"]


def test_columns_that_look_like_mistakes_are_warned_by_name(tmp_path, caplog):
    (tmp_path / "cards.csv").write_text("name,Count,bakc,flavour\nAla,2,b2,x\n", encoding="utf-8")
    path = deck(tmp_path, [NAME, "{type: text, text: '{flavor}', x: 5mm, y: 20mm}"], "{from: cards.csv}")
    with caplog.at_level(logging.WARNING, logger="railprint"):
        with pytest.raises(ContentError):  # {flavor} is unknown: the column's name is misspelt
            load_deck(path)
    text = "\n".join(caplog.messages)
    table = tmp_path / "cards.csv"
    assert f"{table}:1:2: column 'Count' is a plain variable, not the special column 'count'" in text
    assert f"{table}:1:3: column 'bakc' is a plain variable, not the special column 'back'" in text
    assert f"{table}:1:4: column 'flavour' is used by no template" in text and "did you mean 'flavor'" in text
    assert "'name'" not in text


def test_a_missing_count_column_is_located(tmp_path):
    (tmp_path / "cards.csv").write_text("name,Qty\nAla,2\n", encoding="utf-8")
    message = problems_of(deck(tmp_path, [NAME], "{from: cards.csv, count_column: qty}"))
    assert "deck.yaml:20:40" in message and "no column 'qty'" in message and "did you mean 'Qty'" in message


def test_errors_point_at_the_offending_cell(tmp_path):
    (tmp_path / "cards.csv").write_text("name,colour,count,back\nAla,#ff0000,1,\nBea,reddish,x,b3\n",
                                        encoding="utf-8")
    path = deck(tmp_path, [NAME, "{type: rect, x: 1mm, y: 1mm, w: 5mm, h: 5mm, fill: '{colour}'}"],
                "{from: cards.csv}")
    message = problems_of(path)
    table = tmp_path / "cards.csv"
    assert f"{table}:3:3: cards.count" in message                    # the bad count cell
    (tmp_path / "cards.csv").write_text("name,colour,count,back\nAla,#ff0000,1,\nBea,reddish,1,b3\n",
                                        encoding="utf-8")
    message = problems_of(path)
    assert f"{table}:3:2: card 2 (Bea): fill 'reddish' is not a colour" in message   # the colour cell
    assert f"{table}:3:4: unknown template 'b3'" in message                          # the back cell


def test_a_templates_own_colour_is_one_problem_at_its_yaml_line_not_one_a_card(tmp_path):
    (tmp_path / "cards.csv").write_text("name,count\nAla,2\nBea,1\nCel,1\n", encoding="utf-8")
    path = deck(tmp_path, [NAME, "{type: rect, x: 1mm, y: 1mm, w: 5mm, h: 5mm, fill: whit}"], "{from: cards.csv}")
    with pytest.raises(ContentError) as caught:
        load_deck(path)
    assert [str(p) for p in caught.value.problems] == [
        f"{path}:12:60: fill 'whit' is not a colour (in template 't', on 4 cards) "
        "(use #rrggbb or a palette name: did you mean 'white'?)"]


def test_every_problem_of_a_file_at_once_schema_errors_included(tmp_path):
    path = deck(tmp_path, ["{type: text, text: '{name}', x: 5mm, y: 10mm, font: boldd}",
                           "{type: icon, name: wagn, x: 5mm, y: 5mm, size: 5mm}",
                           "{type: text, text: 'ok', x: 5mm, y: 10mm, colour: purplish}"],
                "\n  - {vars: {name: A}}\n  - {count: -1, vars: {name: B}}")
    message = problems_of(path)
    # a font no family has: once, at the template's layer, with a suggestion
    assert "deck.yaml:11:9: unknown font family 'boldd' (in template 't', on 1 card) (did you mean 'bold'?" in message
    assert "deck.yaml:24:13: cards.count" in message                                  # the schema error …
    assert "deck.yaml:24:13: cards.count" in message                                  # … a bad card …
    assert "unknown icon 'wagn'" in message                                 # … and what resolution finds
    assert "colour 'purplish' is not a colour" in message


# ---- conditions, numbering, styles --------------------------------------------------------------

def test_when_and_unless_draw_a_layer_by_a_variable(tmp_path):
    (tmp_path / "cards.csv").write_text("name,prereq\nAla,Needs a station\nBea,\n", encoding="utf-8")
    path = deck(tmp_path, [NAME, "{type: text, text: 'REQ {prereq}', x: 5mm, y: 30mm, when: '{prereq}'}",
                           "{type: text, text: FREE, x: 5mm, y: 40mm, unless: prereq}"], "{from: cards.csv}")
    fronts = page_texts(path)[0::2]
    assert "REQ Needs a station" in fronts[0] and "FREE" not in fronts[0]
    assert "REQ" not in fronts[1] and "FREE" in fronts[1]


def test_a_condition_on_an_unknown_variable_is_an_error(tmp_path):
    path = deck(tmp_path, [NAME, "{type: text, text: X, x: 5mm, y: 30mm, when: '{prereqq}'}"],
                "\n  - {vars: {name: A, prereq: y}}")
    message = problems_of(path)
    assert "unknown variable {prereqq}" in message and "did you mean 'prereq'" in message


def test_numbering_index_copy_total(tmp_path):
    (tmp_path / "cards.csv").write_text("name,count\nAla,2\nBea,0\nCyd,3\n", encoding="utf-8")
    path = deck(tmp_path, ["{type: text, text: '{name} {index}/{total} c{copy}', x: 5mm, y: 10mm}"],
                "{from: cards.csv}")
    fronts = [p.strip() for p in page_texts(path)[0::2]]
    assert fronts == ["Ala 1/5 c1", "Ala 2/5 c2", "Cyd 3/5 c1", "Cyd 4/5 c2", "Cyd 5/5 c3"]


def test_a_column_named_index_wins_over_the_numbering(tmp_path):
    (tmp_path / "cards.csv").write_text("name,index,count\nAla,A-7,2\n", encoding="utf-8")
    path = deck(tmp_path, ["{type: text, text: '{index}', x: 5mm, y: 10mm}"], "{from: cards.csv}")
    assert [p.strip() for p in page_texts(path)[0::2]] == ["A-7", "A-7"]


def test_named_styles_are_taken_and_overridden(tmp_path):
    styles = ("styles:\n  title: {font: bold, size: 20, colour: '#ff0000'}\n"
              "  small: {size: 6}\n")
    path = deck(tmp_path, ["{type: text, text: BIG, x: 5mm, y: 20mm, use: title}",
                           "{type: text, text: LITTLE, x: 5mm, y: 40mm, use: [title, small]}",
                           "{type: text, text: BLUE, x: 5mm, y: 60mm, use: title, colour: '#0000ff'}"],
                "\n  - {vars: {name: A}}", styles)
    data = render(build_deck(path, RenderOptions(mode="1up")), "pdf")[0]
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        words = pdf.pages[0].extract_words(extra_attrs=["size", "fontname", "non_stroking_color"])
    got = {w["text"]: (round(w["size"]), w["fontname"].split("+")[-1], tuple(w["non_stroking_color"]))
           for w in words}
    assert got["BIG"] == (20, "SourceSansPro-Bold", (1, 0, 0))
    assert got["LITTLE"] == (6, "SourceSansPro-Bold", (1, 0, 0))
    assert got["BLUE"] == (20, "SourceSansPro-Bold", (0, 0, 1))


def test_style_problems_are_located_in_the_style_or_the_layer(tmp_path):
    styles = "styles:\n  title: {font: bold, szie: 20}\n"
    path = deck(tmp_path, ["{type: text, text: A, x: 5mm, y: 20mm, use: title}",
                           "{type: text, text: B, x: 5mm, y: 30mm, use: titel}"], "\n  - {vars: {name: A}}", styles)
    message = problems_of(path)
    assert "deck.yaml:8:23: unknown key 'szie' (did you mean 'size'?)" in message    # in the style
    assert "deck.yaml:14:53:" in message and "unknown style 'titel'" in message and "did you mean 'title'" in message


def test_render_quiet_prints_nothing(tmp_path):
    path = deck(tmp_path, [NAME], "\n  - {vars: {name: A}}")
    result = run_cli("render", "test", "--content", str(tmp_path), "-o", str(tmp_path / "out"), "--quiet")
    assert result.exit_code == 0, result.output
    assert result.stdout == "" and result.stderr == ""
    assert (tmp_path / "out" / "test" / "test.pdf").is_file()
    assert path.is_file()


# ---- styled runs --------------------------------------------------------------------------------

def test_styled_runs_colour_and_size_in_a_text_box(tmp_path):
    text = ("Pay [colour=gold]**3 gold**[/] and [color=#0000ff size=150%]draw[/] "
            "[size=6]a card[/] \\\\[not markup] [note]")
    path = deck(tmp_path, [f"{{type: text, text: \"{text}\", x: 5mm, y: 20mm, w: 50mm, h: 30mm, size: 12}}"],
                "\n  - {vars: {name: A}}", "palette: {gold: '#c09000'}")
    data = render(build_deck(path, RenderOptions(mode="1up")), "pdf")[0]
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        words = pdf.pages[0].extract_words(extra_attrs=["size", "fontname", "non_stroking_color"])
    got = {w["text"]: (round(w["size"], 1), w["fontname"].split("+")[-1], tuple(round(c, 3) for c in w["non_stroking_color"]))
           for w in words}
    black = (0,) * 3
    assert got["Pay"] == (12, "SourceSansPro-Regular", black)
    assert got["3"] == got["gold"] == (12, "SourceSansPro-Bold", (round(0xc0 / 255, 3), round(0x90 / 255, 3), 0))
    assert got["draw"] == (18, "SourceSansPro-Regular", (0, 0, 1))
    assert got["a"] == got["card"] == (6, "SourceSansPro-Regular", black)
    assert "[not" in got and "markup]" in got and "[note]" in got      # escaped and plain brackets print


def test_styled_run_problems_and_tag_like_text(tmp_path, caplog):
    path = deck(tmp_path, ["{type: text, text: '[colour=reddish]a[/] [weight=bold]b[/] [size=900]c[/] [/] "
                           "[size=8]open', x: 5mm, y: 20mm, w: 50mm, h: 30mm}"], "\n  - {vars: {name: A}}")
    message = problems_of(path)
    assert "deck.yaml:21:5: card 1 (A)" in message                # the card (no cell: no variable used)
    assert "run colour 'reddish' is not a colour" in message
    assert "unknown style 'weight=bold'" in message
    assert "size=900" in message and "runs may be 25%–200%" in message
    assert "'[/]' closes no open" in message and "never closed with [/]" in message
    path = deck(tmp_path, ["{type: text, text: '<span foreground=\"red\">x</span>', x: 5mm, y: 20mm, w: 50mm, h: 30mm}",
                           "{type: text, text: '<b>y</b>', x: 5mm, y: 50mm}"], "\n  - {vars: {name: A}}")
    with caplog.at_level(logging.WARNING, logger="railprint"):
        load_deck(path)
    text = "\n".join(caplog.messages)
    assert "deck.yaml:22:5:" in text and "'<span foreground=\"red\">' is printed as it is" in text
    assert "'</span>'" in text and "'<b>'" in text


def test_folder_styles_are_shared_and_a_deck_style_wins(tmp_path):
    (tmp_path / "styles.yaml").write_text("kind: styles\nid: house\ngame: test\nstyles:\n"
                                          "  title: {font: bold, size: 20}\n  note: {size: 6, colour: '#0000ff'}\n",
                                          encoding="utf-8")
    path = deck(tmp_path, ["{type: text, text: BIG, x: 5mm, y: 20mm, use: title}",
                           "{type: text, text: NOTE, x: 5mm, y: 40mm, use: note}"],
                "\n  - {vars: {name: A}}", "styles:\n  title: {font: italic, size: 12}\n")
    data = render(build_deck(path, RenderOptions(mode="1up")), "pdf")[0]
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        words = pdf.pages[0].extract_words(extra_attrs=["size", "fontname"])
    got = {w["text"]: (round(w["size"]), w["fontname"].split("+")[-1]) for w in words}
    assert got["BIG"] == (12, "SourceSansPro-It") and got["NOTE"] == (6, "SourceSansPro-Regular")
    result = run_cli("validate", str(tmp_path))
    assert result.exit_code == 0, result.output
    (tmp_path / "more.yaml").write_text("kind: styles\nid: more\ngame: test\nstyles:\n  note: {size: 7}\n",
                                        encoding="utf-8")
    message = problems_of(path)
    assert "styles.yaml:6:3: style 'note' is defined twice (first at " in message and "more.yaml:5:3)" in message


def test_railprint_schema_describes_every_round_two_feature():
    import json

    result = run_cli("schema")
    assert result.exit_code == 0
    schema = json.loads(result.stdout)
    defs = schema["$defs"]
    deck_props = defs["DeckSpec"]["properties"]
    assert "'family:'" in deck_props["fonts"]["description"]                       # own fonts
    assert "use: NAME" in deck_props["styles"]["description"]                       # named styles
    assert "corner guide" in deck_props["corner_radius"]["description"]             # rounded corners
    assert "{index}" in deck_props["vars"]["description"]                           # numbering
    text = defs["TextLayer"]["properties"]
    assert "[colour=red]" in text["text"]["description"] and "{total}" in text["text"]["description"]
    assert "empty" in text["when"]["description"] and "IS empty" in text["unless"]["description"]
    assert "SVG" in defs["ImageLayer"]["properties"]["file"]["description"]        # SVG pictures
    assert "own colours" in defs["IconShape"]["properties"]["file"]["description"]  # SVG icons
    cards_from = deck_props["cards"]["anyOf"][1]
    assert "count_column" in cards_from["properties"] and "'back'" in cards_from["description"]


def test_a_bad_copies_cell_names_the_designers_own_column(tmp_path):
    """`count_column: qty`: the bad cell is told as the copies column 'qty' (the designer's word),
    beside railprint's own name for it."""
    (tmp_path / "cards.csv").write_text("name,qty\nAla,2\nBea,three\n", encoding="utf-8")
    message = problems_of(deck(tmp_path, [NAME], "{from: cards.csv, count_column: qty}"))
    assert (f"{tmp_path / 'cards.csv'}:3:2: cards.count (the copies column 'qty'): expected a whole number, "
            "got 'three'") in message, message


def test_a_plain_title_is_told_with_the_fix_to_copy(tmp_path):
    from tests.helpers import run_cli

    path = deck(tmp_path, [NAME], "[{count: 1}]")
    path.write_text(path.read_text(encoding="utf-8").replace("title: {en: Test}", "title: My Cards"), encoding="utf-8")
    result = run_cli("validate", str(tmp_path))
    assert result.exit_code == 1
    assert "'title:' must be a label map" in result.stderr and "write title: {en: My Cards}" in result.stderr, result.stderr
