"""The CLI end to end: render, list, validate, calibrate, schema; errors are located, exit 1."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from railprint.cli import app
from tests.helpers import assert_points_close, bleed_boxes, pdf_pages

DATA = Path(__file__).parent / "data" / "content"
runner = CliRunner()


def test_designer_renders_own_deck_without_python(tmp_path):
    result = runner.invoke(app, ["render", "my-game", "--content", str(DATA / "mini"), "-o", str(tmp_path),
                                 "--lang", "pl", "--quiet"])
    assert result.exit_code == 0, result.output
    pages = pdf_pages((tmp_path / "my-game" / "my-cards.pdf").read_bytes())
    fronts = sum(len(bleed_boxes(p[2], 69, 94)) for p in pages[0::2])
    assert fronts == 6
    text = "".join(p[4] for p in pages)
    assert "Tromsø" in text and "Łódź" in text and "Göteborg" in text and "Porty" in text


def test_svg_format_writes_one_file_per_face(tmp_path):
    result = runner.invoke(app, ["render", "my-game", "--content", str(DATA / "mini"), "-o", str(tmp_path),
                                 "--format", "svg", "-q"])
    assert result.exit_code == 0, result.output
    files = sorted((tmp_path / "my-game" / "my-cards").glob("*.svg"))
    assert len(files) == 12  # 6 cards x (front + back)
    assert files[0].name == "my-cards-001-back.svg"
    assert 'width="69mm"' in files[0].read_text()


def test_broken_content_is_reported_with_locations(tmp_path):
    result = runner.invoke(app, ["validate", str(DATA / "broken")])
    assert result.exit_code == 1
    err = result.output
    assert "Traceback" not in err
    for expected in ["deck.yaml:6:8: bleed: the length 3 has no unit",
                     "deck.yaml:19:9: templates.card.layers: unknown type 'circel' (did you mean 'circle'?)",
                     "deck.yaml:21:32: unknown key 'colour'",
                     "typo.yaml:5:7: unknown size 'pokr' (did you mean 'poker'?",
                     "no glyph for '☃'",
                     "does not fit in 2.0 mm",
                     "unknown icon 'locomotiv' (did you mean 'locomotive'?)",
                     "typo.yaml:16:16: unknown template 'cardd' (did you mean 'card'?)",
                     "cycle: loop1 -> loop2 -> loop1"]:
        assert expected in err


def test_render_of_broken_content_writes_nothing(tmp_path):
    content = tmp_path / "content"
    shutil.copytree(DATA / "mini", content / "good")
    shutil.copy(DATA / "broken" / "typo.yaml", content / "good" / "typo.yaml")
    out = tmp_path / "out"
    result = runner.invoke(app, ["render", "all", "--content", str(content), "-o", str(out), "-q"])
    assert result.exit_code == 1
    assert result.output.startswith("Error: ")
    assert not out.exists()


def test_yaml_syntax_and_duplicate_keys(tmp_path):
    bad = tmp_path / "c" / "bad.yaml"
    bad.parent.mkdir()
    bad.write_text("kind: deck\nid: a\nid: b\n", encoding="utf-8")
    result = runner.invoke(app, ["validate", str(bad.parent)])
    assert result.exit_code == 1 and "bad.yaml:3:1: duplicate key 'id'" in result.output
    bad.write_text("kind: deck\ncards: [\n", encoding="utf-8")
    result = runner.invoke(app, ["validate", str(bad)])
    assert result.exit_code == 1 and "bad.yaml:3:1: invalid YAML" in result.output


def test_usage_errors_exit_2_and_bad_values_exit_1(tmp_path):
    assert runner.invoke(app, ["render", "--no-such-flag"]).exit_code == 2
    result = runner.invoke(app, ["render", "my-game", "--content", str(DATA / "mini"), "--paper", "a3", "-o", str(tmp_path)])
    assert result.exit_code == 1 and "unknown paper 'a3'" in result.output
    result = runner.invoke(app, ["render", "my-gam", "--content", str(DATA / "mini"), "-o", str(tmp_path)])
    assert result.exit_code == 1 and "did you mean 'my-game'" in result.output
    result = runner.invoke(app, ["render", "my-game", "--content", str(DATA / "mini"), "--back-offset", "1", "-o", str(tmp_path)])
    assert result.exit_code == 1 and "--back-offset" in result.output


def test_back_offset_moves_backs(tmp_path):
    def backs(offset):
        out = tmp_path / offset
        runner.invoke(app, ["render", "my-game", "--content", str(DATA / "mini"), "-o", str(out),
                            "--back-offset", offset, "-q"])
        return bleed_boxes(pdf_pages((out / "my-game" / "my-cards.pdf").read_bytes())[1][2], 69, 94)

    plain, shifted = backs("0,0"), backs("1.5,-0.5")
    assert_points_close(shifted, [(x + 1.5, y - 0.5) for x, y in plain], tol=0.02)


def test_calibrate_and_schema(tmp_path):
    out = tmp_path / "cal.pdf"
    assert runner.invoke(app, ["calibrate", "--paper", "letter", "-o", str(out)]).exit_code == 0
    pages = pdf_pages(out.read_bytes())
    assert len(pages) == 4 and pages[0][0] == pytest.approx(215.9, abs=0.1)  # portrait and landscape sheets
    assert pages[2][0] == pytest.approx(279.4, abs=0.1)
    result = runner.invoke(app, ["schema"])
    schema = json.loads(result.output)
    kinds = {branch["then"]["$ref"].rsplit("/", 1)[1] for branch in schema["allOf"]}   # (by kind: issue 34)
    assert len(kinds) == 12 and {"SheetsSpec", "DeckSpec", "SheetSpec", "DiceSpec", "ScorepadSpec", "MapSpec",
                                "PipDieSpec", "IconsSpec", "StylesSpec", "RulesSpec", "GameSpec"} <= kinds
    deck = schema["$defs"]["DeckSpec"]
    assert deck["additionalProperties"] is False and "cards" in deck["properties"]


def test_list_shows_counts():
    result = runner.invoke(app, ["list", "--content", str(DATA / "mini")])
    assert result.exit_code == 0
    assert "my-cards" in result.output and " 6 " in result.output


def test_every_shipped_content_file_validates_against_the_printed_schema():
    import jsonschema

    from railprint.loading.resources import content_root
    from railprint.loading.yamlio import load_file

    schema = json.loads(runner.invoke(app, ["schema"]).output)
    validator = jsonschema.Draft202012Validator(schema)
    files = sorted(content_root().rglob("*.yaml"))
    assert len(files) >= 20
    for path in files:
        data = json.loads(json.dumps(load_file(path)))
        assert validator.is_valid(data), path
    bad = json.loads(json.dumps(load_file(DATA / "broken" / "typo.yaml")))
    assert not validator.is_valid({**bad, "unknown_key": 1})


def test_a_score_option_the_game_does_not_take_is_an_error(tmp_path):
    path = tmp_path / "g.yaml"
    path.write_text("players:\n  - {name: Ala, goods: R, circuits: 0, steam: 1}\n"
                    "  - {name: Bartek, goods: G, circuits: 0, steam: 1}\n", encoding="utf-8")
    result = runner.invoke(app, ["score", "days-of-steam", str(path), "--longest", "trail"])
    assert result.exit_code == 1
    assert result.stderr.strip() == "Error: --longest is not an option of days-of-steam scoring"


def test_a_layer_without_its_type_says_so_at_its_line(tmp_path):
    """A layer with neither a 'type' nor the id of a parent template's layer: one located line
    naming the missing key (not pydantic's "Unable to extract tag using discriminator")."""
    (tmp_path / "deck.yaml").write_text(
        "kind: deck\nid: d\ngame: g\ntitle: {en: T}\nsize: poker\ntemplates:\n  t:\n    layers:\n"
        "      - {x: 5mm, y: 5mm}\ncards:\n  - {template: t}\n", encoding="utf-8")
    result = runner.invoke(app, ["validate", str(tmp_path)])
    assert result.exit_code == 1
    assert "deck.yaml:9:9: templates.t.layers: 'type' is required" in result.output
    assert "discriminator" not in result.output and "Traceback" not in result.output


def test_icons_with_a_folder_for_its_output_fails_before_listing(tmp_path):
    # the listing goes to stdout (a script may read it): a run that fails lists nothing
    result = CliRunner().invoke(app, ["icons", "-o", str(tmp_path)])
    assert result.exit_code == 1, result.output
    assert result.stdout == ""
    assert "is a folder" in result.stderr
    ok = CliRunner().invoke(app, ["icons", "-o", str(tmp_path / "icons.pdf")])
    assert ok.exit_code == 0 and "station\tbuilt-in" in ok.stdout
    assert len(pdf_pages((tmp_path / "icons.pdf").read_bytes())) >= 1


def test_the_commands_list_reads_as_sentences_not_docstring_lines():
    """`railprint --help` listed a docstring's first paragraph with its line breaks kept: 'List
    the games (…), then their component' ended a line, padded to the box, and 'sets and how
    many…' went on under it. One line each, wrapped by the terminal only."""
    from typer.testing import CliRunner

    from railprint.cli import app

    shown = CliRunner().invoke(app, ["--help"], env={"COLUMNS": "250", "NO_COLOR": "1"}).stdout
    assert "then their component sets and how many components each holds." in shown, shown
    assert "Also warns (exit 0) about card and tile text inside the safe zone near the trim" in shown, shown
