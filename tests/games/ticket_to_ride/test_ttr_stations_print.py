"""A map with stations and long tickets prints alone (``render --map``): two ticket decks with
different backs, station pieces in the player colours, a stations column on the score pad —
all read back from the PDFs; ``list --map`` lists one map's sets."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from railprint.games.ticket_to_ride import load_map_file
from railprint.games.ticket_to_ride.model import DEFAULT_COLOURS
from railprint.units import to_mm
from tests.helpers import bleed_boxes, cli_stdout, pdf_pages, run_cli

EXAMPLE = Path(__file__).resolve().parents[3] / "content" / "examples" / "amberline"


@pytest.fixture(scope="module")
def printed(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("amberline")
    written = cli_stdout("render", "ticket-to-ride", "--map", "amberline", "--layout", "gutter",   # backs read upside down
                         "-o", str(out)).split()
    names = sorted(Path(p).name for p in written)
    assert names == sorted(["amberline-board.pdf", "amberline-tickets.pdf", "amberline-long-tickets.pdf",
                            "amberline-scorepad.pdf", "amberline-stations.pdf", "amberline-trains.pdf",
                            "train-cards.pdf", "amberline-guide.pdf"])
    return out / "ticket-to-ride"


def _fronts_and_backs(path: Path) -> tuple[list[str], list[str]]:
    """The cards' text of the front and back pages (without the page footer); backs are printed
    upside down (long-edge duplex), so their text is read turned back."""
    pages = [p[4].split("\n")[:-2] for p in pdf_pages(path.read_bytes())]
    return ["\n".join(p) for p in pages[0::2]], ["\n".join(line[::-1] for line in p) for p in pages[1::2]]


def test_long_and_regular_tickets_are_two_decks_with_different_backs(printed):
    m = load_map_file(EXAMPLE / "amberline.yaml")
    assert (len(m.regular_tickets), len(m.long_tickets)) == (12, 3)
    fronts, backs = _fronts_and_backs(printed / "amberline-tickets.pdf")
    long_fronts, long_backs = _fronts_and_backs(printed / "amberline-long-tickets.pdf")
    assert all("Destination ticket" in b and "Long route" not in b for b in backs)
    assert all("Long route" in b and "Destination ticket" not in b for b in long_backs)
    # every ticket on its own deck: the long ones' values only in the long deck
    long_text = " ".join(long_fronts)
    for t in m.long_tickets:
        assert str(t.points) in long_text and m.place_name(t.a) in long_text
    regular_text = " ".join(fronts)
    assert "Long route" not in regular_text
    assert sum(f.count("Destination") for f in fronts) == 12
    assert long_text.count("Long route") == 3
    # the two backs differ in colour too: the bleed box of a card back (44 x 68 mm + 3 mm bleed)
    def back_fill(path: Path) -> set:
        pages = pdf_pages(path.read_bytes())
        return {tuple(round(c, 3) for c in r["non_stroking_color"]) for r in pages[1][2]
                if abs(to_mm(r["width"]) - 50) < 0.2 and abs(to_mm(r["height"]) - 74) < 0.2}
    assert back_fill(printed / "amberline-tickets.pdf") != back_fill(printed / "amberline-long-tickets.pdf")


def test_station_pieces_in_each_player_colour(printed):
    m = load_map_file(EXAMPLE / "amberline.yaml")
    pages = pdf_pages((printed / "amberline-stations.pdf").read_bytes())
    w, h, rects, _, text = pages[0]
    boxes = [r for r in rects if abs(to_mm(r["width"]) - 20) < 0.1 and abs(to_mm(r["height"]) - 20) < 0.1]
    assert len(bleed_boxes(boxes, 20, 20)) == m.stations.per_player * m.players_max == 15
    fills = Counter(tuple(round(c * 255) for c in r["non_stroking_color"]) for r in boxes)
    wanted = [tuple(int(c[i:i + 2], 16) for i in (1, 3, 5)) for c in DEFAULT_COLOURS[:m.players_max]]
    assert sorted(fills) == sorted(wanted) and set(fills.values()) == {3}
    # a letter per player, so colour is never the only cue
    cards = Counter(" ".join(text.split("\n")[:-2]).split())
    assert cards == {letter: 3 for letter in "ABCDE"}, text


def test_the_score_pad_has_a_stations_column(printed):
    pages = pdf_pages((printed / "amberline-scorepad.pdf").read_bytes())
    text = pages[0][4]
    import pdfplumber

    with pdfplumber.open(printed / "amberline-scorepad.pdf") as pdf:
        words = pdf.pages[0].extract_words()
    stations = [w for w in words if w["text"] == "Stations"]
    used = [w for w in words if w["text"] == "used"]
    # per game block: a "Stations" score column and a two-line "Stations / used" tie-break column
    two_line = [s for s in stations if any(abs((s["x0"] + s["x1"]) / 2 - (u["x0"] + u["x1"]) / 2) < 1
                                           and 0 < u["top"] - s["top"] < 12 for u in used)]
    blocks = text.count("Game ")
    assert blocks >= 1 and len(two_line) == blocks and len(stations) == 2 * blocks + 1
    assert "each unused station: 4 points" in text


def test_a_map_without_stations_prints_no_pieces_nor_long_deck(tmp_path):
    out = cli_stdout("list", "--map", "lakeland")
    assert "lakeland-tickets" in out and "lakeland-stations" not in out and "long-tickets" not in out
    nordic = cli_stdout("list", "--map", "nordic")
    assert "nordic-board" in nordic and "nordic-tickets" in nordic and "nordic-scorepad" in nordic
    assert "train-cards" in nordic and "italy" not in nordic.split("\n\n", 1)[1]   # the map's whole kit


def test_an_unknown_map_is_a_clear_error(tmp_path):
    result = run_cli("render", "ticket-to-ride", "--map", "amberlin", "-o", str(tmp_path))
    assert result.exit_code == 1
    assert "no map 'amberlin'" in result.output and "amberline" in result.output
    assert not any(tmp_path.iterdir())
