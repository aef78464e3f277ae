"""The scored-sheet picture: checked in the scene (ids, counts, positions, texts) and through
the CLI as SVG and PDF."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from railprint.cli import app
from railprint.errors import RailprintError
from railprint.games.railroad_ink import score_files
from railprint.games.railroad_ink import picture as P
from railprint.scene import Circle, Group, Line, Path as ScenePath, Rect, Text, texts, walk
from railprint.writers import to_text
from tests.helpers import pdf_pages

CASES = Path(__file__).resolve().parents[2] / "data" / "railroad_ink" / "cases"
runner = CliRunner()


def _groups(page) -> dict[str, Group]:
    found = {}
    for item in page.items:
        if isinstance(item, Group) and item.id:
            found[item.id] = item
    return found


@pytest.fixture(scope="module")
def rulebook():
    result = score_files([CASES / "rulebook_example.txt"])
    return result.sheets[0], result.picture("en")


def test_one_page_with_the_layers(rulebook):
    _, doc = rulebook
    assert len(doc.pages) == 1
    groups = _groups(doc.pages[0])
    for name in ("centre", "frame", "exits", "networks", "spaces", "network-exits",
                 "longest-highway", "longest-railway", "errors", "legend", "score-table"):
        assert name in groups
    assert "violations" not in groups  # the rulebook sheet breaks no rule


def test_every_error_is_circled_at_its_side(rulebook):
    sheet, doc = rulebook
    circles = [i for i in _groups(doc.pages[0])["errors"].items if isinstance(i, Circle)]
    assert len(circles) == sheet.error_count == 5
    # D3 west: row 3, column 2, the circle sits on the way to the west side
    x, y = P._side_point(3, 2, 3, 0.36)
    assert any(abs(c.cx - x) < 0.01 and abs(c.cy - y) < 0.01 for c in circles)
    assert all(c.style.stroke == P.ERROR for c in circles)


def test_networks_have_their_own_colours_and_exit_marks(rulebook):
    sheet, doc = rulebook
    groups = _groups(doc.pages[0])
    colours = {i.style.stroke for i in groups["networks"].items if isinstance(i, Line)}
    assert len(colours) == 2
    badges = [i for i in groups["network-exits"].items if isinstance(i, Circle)]
    assert len(badges) == 10  # 6 + 4 exits reached
    numbers = sorted(i.text for i in groups["network-exits"].items if isinstance(i, Text))
    assert numbers == ["1"] * 6 + ["2"] * 4
    legend = [i.text for i, _ in walk(groups["legend"].items) if isinstance(i, Text)]
    assert "Network 1: 6 exits = 20" in legend and "Network 2: 4 exits = 12" in legend


def test_longest_lines_are_traced_through_their_spaces(rulebook):
    sheet, doc = rulebook
    groups = _groups(doc.pages[0])
    (hw,) = [i for i in groups["longest-highway"].items if isinstance(i, ScenePath)]
    (rw,) = [i for i in groups["longest-railway"].items if isinstance(i, ScenePath)]
    assert len(hw.cmds) == 8 and len(rw.cmds) == 5
    x, y = P._centre(*sheet.railway.path[0])
    assert hw.style.stroke == P.HIGHWAY_TRACE and rw.style.stroke == P.RAILWAY_TRACE
    assert abs(rw.cmds[0][1] - (x + 2.2)) < 0.01 and abs(rw.cmds[0][2] - (y + 2.2)) < 0.01


def test_centre_is_shaded_where_something_is_drawn(rulebook):
    sheet, doc = rulebook
    shaded = [i for i in _groups(doc.pages[0])["centre"].items
              if isinstance(i, Rect) and i.style.fill == P.CENTRE_TINT]
    assert len(shaded) == sheet.center == 6


def test_score_table_is_filled_in(rulebook):
    _, doc = rulebook
    cells = [i.text for i in _groups(doc.pages[0])["score-table"].items if isinstance(i, Text)]
    assert cells == ["Exits", "32", "Longest highway", "8", "Longest railway", "5", "Centre", "6",
                     "Errors", "−5", "Total", "46"]
    assert texts(doc)[0] == "Railroad Ink — Anna — 46 points"


def test_polish_labels_expansion_rows_and_violations():
    doc = score_files([CASES / "lava.txt", CASES / "markers_misfit.txt"]).picture("pl")
    assert len(doc.pages) == 2
    lava, misfit = doc.pages
    cells = [i.text for i in _groups(lava)["score-table"].items if isinstance(i, Text)]
    assert cells[-4:] == ["Lawa", "10", "Razem", "15"]
    assert "Błędy" in cells and "Najdłuższa autostrada" in cells
    lines = [i.text for i in _groups(misfit)["violations"].items if isinstance(i, Text)]
    assert lines[0] == "Naruszenia zasad (4):"
    assert lines[1].startswith("B2: znacznik wiaduktu na 'hhhh'")      # the violations in Polish too
    assert "Kolejowy szlak — markers_misfit — −6 pkt" in texts(misfit)
    assert P._exits_word(1, "pl") == "1 wyjście"
    assert P._exits_word(3, "pl") == "3 wyjścia"
    assert P._exits_word(12, "pl") == "12 wyjść"
    assert P._exits_word(22, "pl") == "22 wyjścia"


def test_unknown_language():
    with pytest.raises(RailprintError, match="unknown picture language 'de'"):
        score_files([CASES / "empty_board.txt"]).picture("de")


def test_text_dump_is_stable(rulebook):
    _, doc = rulebook
    again = score_files([CASES / "rulebook_example.txt"]).picture("en")
    assert to_text(doc) == to_text(again)
    assert "group #errors" in to_text(doc)


def test_cli_writes_svg_and_pdf(tmp_path):
    svg = tmp_path / "anna.svg"
    result = runner.invoke(app, ["score", "railroad-ink", str(CASES / "rulebook_example.txt"),
                                 "--picture", str(svg)])
    assert result.exit_code == 0, result.output
    root = ET.parse(svg).getroot()
    strings = [t.text or "" for t in root.iter() if t.tag.endswith("text")]
    assert "Railroad Ink — Anna — 46 points" in strings
    pdf = tmp_path / "anna.pdf"
    result = runner.invoke(app, ["score", "railroad-ink", str(CASES / "rulebook_example.txt"),
                                 "--picture", str(pdf), "--lang", "pl"])
    assert result.exit_code == 0, result.output
    (page,) = pdf_pages(pdf.read_bytes())
    assert round(page[0]) == 210 and round(page[1]) == 297
    assert "Najdłuższa autostrada" in page[4] and "Razem" in page[4] and "46" in page[4]
