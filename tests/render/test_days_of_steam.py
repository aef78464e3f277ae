"""Days of Steam components, read back from the PDFs and from the resolved decks.

Counts come from shared/reference/days-of-steam.yaml: 80 track tiles (our proposed manifest:
51 with steam 1, 29 with steam 2), 12 city tiles (3 per colour), 4 train tiles."""

from __future__ import annotations

import io
from collections import Counter
from pathlib import Path

import pdfplumber
import pytest
from typer.testing import CliRunner

from railprint.cli import app
from railprint.loading.resources import content_path
from railprint.model.deck import IconLayer, TextLayer, TrackLayer
from railprint.model.resolve import load_deck
from railprint.render import RenderOptions, build_deck, discover, render_all, select
from railprint.units import to_mm
from railprint.writers import render
from tests.helpers import bleed_boxes, pdf_pages

DOS = content_path("days-of-steam")
FILES = {  # file -> (count, trim width mm, trim height mm, has backs)
    "track-tiles.yaml": (80, 50, 50, True),
    "city-tiles.yaml": (12, 50, 50, True),
    "train-tiles.yaml": (4, 50, 50, True),
    "player-aid.yaml": (4, 63, 88, True),
}
# the proposed manifest: kind -> (segments, steam-1 count, steam-2 count)
MANIFEST = {
    "straight": ([("N", "S")], 9, 3),
    "curve": ([("N", "E")], 10, 4),
    "straight_hill": ([("N", "S")], 0, 4),
    "curve_hill": ([("N", "E")], 0, 2),
    "straight_water_tower": ([("N", "S")], 1, 1),
    "curve_water_tower": ([("N", "E")], 1, 1),
    "switch": ([("S", "N"), ("S", "E")], 7, 3),
    "wye": ([("W", "E"), ("W", "S"), ("E", "S")], 4, 0),
    "bridge": ([("N", "S"), ("E", "W")], 4, 2),
    "double_curve": ([("N", "E"), ("S", "W")], 5, 3),
    "dead_end": ([("N", "end")], 0, 6),
    "overlay_straight": ([("N", "S")], 2, 0),
    "overlay_curve": ([("N", "E")], 2, 0),
    "overlay_switch": ([("S", "N"), ("S", "E")], 2, 0),
    "overlay_double_curve": ([("N", "E"), ("S", "W")], 4, 0),
}
STEAM_SIZE = 15  # pt, the number in the top-right badge


@pytest.fixture(scope="module")
def pdfs():
    out = {}
    for name in FILES:
        for lang in ("en", "pl"):
            out[name, lang] = render(build_deck(DOS / name, RenderOptions(lang=lang)), "pdf")[0]
    return out


def steam_of(card) -> int:
    [text] = [l for l in card.front.layers if isinstance(l, TextLayer) and l.size == STEAM_SIZE]
    return int(text.text)


@pytest.mark.parametrize("name", FILES)
def test_count_and_size_read_back_from_the_pdf(pdfs, name):
    count, w, h, backs = FILES[name]
    deck = load_deck(DOS / name)
    assert (to_mm(deck.width), to_mm(deck.height)) == pytest.approx((w, h), abs=0.1)
    pages = pdf_pages(pdfs[name, "en"])
    fronts = pages[0::2] if backs else pages
    found = [len(bleed_boxes(rects, w + 6, h + 6)) for _, _, rects, _, _ in fronts]
    assert sum(found) == count
    for width, height, *_ in pages:
        assert (width, height) in [pytest.approx((210, 297), abs=0.1), pytest.approx((297, 210), abs=0.1)]
    if backs:
        assert len(pages) == 2 * len(fronts)
        assert [len(bleed_boxes(p[2], w + 6, h + 6)) for p in pages[1::2]] == found


def test_tiles_are_50_mm_in_the_pdf(pdfs):
    pages = pdf_pages(pdfs["track-tiles.yaml", "en"])
    boxes = bleed_boxes(pages[0][2], 56, 56)
    assert len(boxes) == 12
    xs = sorted({x for x, _ in boxes})
    assert [round(b - a, 2) for a, b in zip(xs, xs[1:])] == [56.0, 56.0]  # 50 mm trim + 2 x 3 mm bleed


def test_steam_split_51_29_in_the_resolved_deck():
    deck = load_deck(DOS / "track-tiles.yaml")
    assert Counter(steam_of(card) for card in deck.cards) == {1: 51, 2: 29}


def test_steam_numbers_read_back_from_the_pdf(pdfs):
    digits: Counter = Counter()
    with pdfplumber.open(io.BytesIO(pdfs["track-tiles.yaml", "en"])) as pdf:
        for page in pdf.pages[0::2]:
            digits.update(c["text"] for c in page.chars if abs(c["size"] - STEAM_SIZE) < 0.01)
    assert digits == {"1": 51, "2": 29}


def test_every_kind_matches_the_proposed_manifest():
    deck = load_deck(DOS / "track-tiles.yaml")
    seen: dict[str, Counter] = {}
    for card in deck.cards:
        [track] = [l for l in card.front.layers if isinstance(l, TrackLayer)]
        expected_segments = MANIFEST[card.name][0]
        assert [tuple(s) for s in track.segments] == expected_segments, card.name
        seen.setdefault(card.name, Counter())[steam_of(card)] += 1
    assert {k: (v[1], v[2]) for k, v in seen.items()} == {k: (m[1], m[2]) for k, m in MANIFEST.items()}


def test_marks_hills_water_towers_overlays_dead_ends():
    deck = load_deck(DOS / "track-tiles.yaml")

    def with_icon(name):
        return sum(any(isinstance(l, IconLayer) and l.name == name for l in card.front.layers)
                   for card in deck.cards)

    assert with_icon("hill") == 6
    assert with_icon("water_tower") == 4
    assert with_icon("overlay") == 10
    assert with_icon("coal_wagon") == 80
    dead = sum(any(isinstance(l, TrackLayer) and any("end" in s for s in l.segments) for l in card.front.layers)
               for card in deck.cards)
    assert dead == 6
    # overlays never sit on hills (the rules forbid covering hills, bridges and cities)
    for card in deck.cards:
        icons = {l.name for l in card.front.layers if isinstance(l, IconLayer)}
        assert not ({"overlay", "hill"} <= icons)


def test_cities_three_per_colour_with_steam_and_four_connected_exits():
    deck = load_deck(DOS / "city-tiles.yaml")
    assert Counter(card.name for card in deck.cards) == {
        "red city": 3, "green city": 3, "yellow city": 3, "blue city": 3}
    for card in deck.cards:
        assert steam_of(card) == 1
        [track] = [l for l in card.front.layers if isinstance(l, TrackLayer)]
        assert {p for s in track.segments for p in s} == {"N", "E", "S", "W"}
        assert track.bridge is False  # a city joins all its exits
    # city backs differ from track backs: the city stack is drawn blind
    track_back = load_deck(DOS / "track-tiles.yaml").cards[0].back
    assert deck.cards[0].back != track_back


def test_train_tiles_show_the_steam_track_0_to_6():
    deck = load_deck(DOS / "train-tiles.yaml")
    colours = set()
    for card in deck.cards:
        numbers = sorted(int(l.text) for l in card.front.layers
                         if isinstance(l, TextLayer) and str(l.text).isdigit())
        assert numbers == [0, 1, 2, 3, 4, 5, 6]
        colours.add(card.front.layers[0].fill)
    assert len(colours) == 4


def test_polish_text_reads_back(pdfs):
    text = "".join(p[4] for p in pdf_pages(pdfs["city-tiles.yaml", "pl"]))
    assert "ŻÓŁTE" in text and "NIEBIESKIE" in text and "miasto" in text and "Dni Pary" in text
    text = "".join(p[4] for p in pdf_pages(pdfs["track-tiles.yaml", "pl"]))
    assert "żeton toru" in text and "strona 1/14" in text
    text = "".join(p[4] for p in pdf_pages(pdfs["player-aid.yaml", "pl"]))
    for words in ("Wieża wodna: +4 pary", "Punktacja", "13 PZ: natychmiastowa wygrana", "Węgiel"):
        assert words in text
    text = "".join(p[4] for p in pdf_pages(pdfs["train-tiles.yaml", "pl"]))
    assert "ładunek" in text and "para" in text


def test_player_aid_scoring_values(pdfs):
    text = "".join(p[4] for p in pdf_pages(pdfs["player-aid.yaml", "en"]))
    for words in ("delivered good 2", "detour marker 1", "+1", "+3", "+5", "13 VP: you win at once",
                  "Speed limit on curves: 2", "roll ≤ steam spent − 2"):
        assert words in text


def test_render_from_the_built_in_content(tmp_path):
    chosen = select(discover(DOS), "dni-pary")
    assert sorted(f.path.name for f in chosen) == sorted(FILES)
    written = render_all(chosen, RenderOptions(), tmp_path, "pdf")
    assert sorted(p.name for p in written) == sorted(Path(n).stem + ".pdf" for n in FILES)


def test_cli_renders_the_game(tmp_path):
    result = CliRunner().invoke(app, ["render", "days-of-steam", "--content", str(DOS), "-o", str(tmp_path), "-q"])
    assert result.exit_code == 0, result.output
    pages = pdf_pages((tmp_path / "days-of-steam" / "track-tiles.pdf").read_bytes())
    assert sum(len(bleed_boxes(p[2], 56, 56)) for p in pages[0::2]) == 80
