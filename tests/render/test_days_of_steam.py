"""Days of Steam components, read back from the PDFs and from the resolved decks.

Counts come from shared/reference/days-of-steam.yaml: 80 track tiles (our proposed manifest:
51 with steam 1, 29 with steam 2; the 6 dead ends are sidings), 12 city tiles (3 per colour),
4 train tiles, 4 trains, 4 steam markers, 7 circuit counters, 28 goods, 20 coal, one d6 net."""

from __future__ import annotations

import io
from collections import Counter
from pathlib import Path

import pdfplumber
import pytest
from typer.testing import CliRunner

from railprint.cli import app
from railprint.draw.pip_die import render_pip_dice
from railprint.loading.resources import content_path
from railprint.model.deck import IconLayer, TextLayer, TrackLayer
from railprint.model.resolve import load_deck
from railprint.render import RenderOptions, build_deck, discover, render_all, select
from railprint.units import to_mm
from railprint.writers import render
from tests.helpers import bleed_boxes, pdf_pages, pdf_texts

DOS = content_path("days-of-steam")
FILES = {  # file -> (count, trim width mm, trim height mm, bleed mm, has backs)
    "track-tiles.yaml": (80, 50, 50, 3, True),
    "city-tiles.yaml": (12, 50, 50, 3, True),
    "train-tiles.yaml": (4, 50, 50, 3, True),
    "player-aid.yaml": (8, 63, 88, 3, True),
    "train-tokens.yaml": (4, 16, 16, 2, True),
    "steam-markers.yaml": (4, 9, 9, 2, True),
    "circuit-counters.yaml": (7, 20, 20, 2, True),
    "goods-tokens.yaml": (28, 8, 8, 2, True),
    "coal-tokens.yaml": (20, 10, 10, 2, True),
}
DIE = "die.yaml"
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
    "siding": ([("N", "S"), ("E", "end")], 0, 6),
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
    out[DIE, "en"] = render(render_pip_dice(DOS / DIE, RenderOptions()), "pdf")[0]
    return out


def steam_of(card) -> int:
    [text] = [l for l in card.front.layers if isinstance(l, TextLayer) and l.size == STEAM_SIZE]
    return int(text.text)


def _mirrored(boxes, page_w, page_h, w, h):
    """Where fronts land on the back of the sheet: the back is flipped on the long edge."""
    if page_w < page_h:
        return sorted((round(page_w - x - w, 2), y) for x, y in boxes)
    return sorted((x, round(page_h - y - h, 2)) for x, y in boxes)


@pytest.mark.parametrize("name", FILES)
def test_count_and_size_read_back_from_the_pdf(pdfs, name):
    count, w, h, bleed, backs = FILES[name]
    deck = load_deck(DOS / name)
    assert (to_mm(deck.width), to_mm(deck.height)) == pytest.approx((w, h), abs=0.1)
    pages = pdf_pages(pdfs[name, "en"])
    fronts = pages[0::2] if backs else pages
    bw, bh = w + 2 * bleed, h + 2 * bleed
    found = [len(bleed_boxes(rects, bw, bh)) for _, _, rects, _, _ in fronts]
    assert sum(found) == count
    for width, height, *_ in pages:
        assert (width, height) in [pytest.approx((210, 297), abs=0.1), pytest.approx((297, 210), abs=0.1)]
    assert all(p[3] for p in fronts), "crop marks on every sheet"
    if backs:
        assert len(pages) == 2 * len(fronts)
        for front, back in zip(pages[0::2], pages[1::2]):   # every back right under its front
            assert bleed_boxes(back[2], bw, bh) == _mirrored(bleed_boxes(front[2], bw, bh), front[0], front[1], bw, bh)


def test_tiles_are_50_mm_in_the_pdf(pdfs):
    pages = pdf_pages(pdfs["track-tiles.yaml", "en"])
    boxes = bleed_boxes(pages[0][2], 56, 56)
    assert len(boxes) == 15   # butt-cut (issue 18): 3 x 5 tiles a sheet, the bleed only around the block
    xs = sorted({x for x, _ in boxes})
    assert [round(b - a, 2) for a, b in zip(xs, xs[1:])] == [50.0, 50.0]  # neighbours share their 50 mm trim edge


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
    text = "".join(pdf_texts(pdfs["city-tiles.yaml", "pl"]))
    assert "ŻÓŁTE" in text and "NIEBIESKIE" in text and "miasto" in text and "Dni Pary" in text
    text = "".join(pdf_texts(pdfs["track-tiles.yaml", "pl"]))
    assert "żeton toru" in text and "strona 1/12" in text   # butt-cut: 6 duplex sheets
    text = "".join(pdf_texts(pdfs["player-aid.yaml", "pl"]))
    for words in ("Wieża wodna: +4 punkty pary", "Punktacja", "13 PZ: natychmiastowa wygrana", "Węgiel",
                  "zużyte punkty pary − 2", "zatrzymaj się", "każdy żeton daje swoje punkty pary",
                  "licznik objazdu", "Przygotowanie", "Wykładanie żetonu", "Symbol nakładania",
                  "Towary i objazdy", "Objazdy", "co najmniej 2 miasta", "najwyżej 5 żetonów"):
        assert words in text, words
    assert "+4 pary" not in text
    text = "".join(pdf_texts(pdfs["train-tiles.yaml", "pl"]))
    assert "ładunek" in text and "para" in text


def test_player_aid_scoring_values(pdfs):
    text = "".join(p[4] for p in pdf_pages(pdfs["player-aid.yaml", "en"]))
    for words in ("delivered good 2", "circuit counter 1", "+1", "+3", "+5", "13 VP: you win at once",
                  "Speed limit on curves: 2", "roll ≤ steam spent − 2", "every tile gives its steam value",
                  "Setup", "Placing a tile", "Overlay symbol", "Goods and circuits", "Circuits",
                  "2 or more cities", "at most 5 tiles", "Ties: more circuit points, then more steam"):
        assert words in text, words
    assert "detour" not in text.lower()


def test_tokens_read_back(pdfs):
    def texts(name):
        return "".join(p[4] for p in pdf_pages(pdfs[name, "pl"]))

    goods = "".join(p[4] for p in pdf_pages(pdfs["goods-tokens.yaml", "en"])[0::2])
    assert Counter(ch for ch in goods if ch in "RGYB") >= Counter({"R": 7, "G": 7, "Y": 7, "B": 7})
    deck = load_deck(DOS / "goods-tokens.yaml")
    assert Counter(card.name for card in deck.cards) == {"red good": 7, "green good": 7, "yellow good": 7,
                                                        "blue good": 7}
    assert "objazd" in texts("circuit-counters.yaml") and "1 PZ" in texts("circuit-counters.yaml")
    assert "ORANŻOWY" in texts("train-tokens.yaml")
    trains = {card.front.layers[0].fill for card in load_deck(DOS / "train-tokens.yaml").cards}
    assert trains == {card.front.layers[0].fill for card in load_deck(DOS / "train-tiles.yaml").cards}


def test_die_net_reads_back(pdfs):
    [page] = pdf_pages(pdfs[DIE, "en"])
    assert (page[0], page[1]) == (pytest.approx(210, abs=0.1), pytest.approx(297, abs=0.1))
    faces = bleed_boxes(page[2], 18, 18)
    assert len(faces) == 6
    xs, ys = sorted({x for x, _ in faces}), sorted({y for _, y in faces})
    assert [round(b - a, 1) for a, b in zip(xs, xs[1:])] == [18.0] * 3   # the cross: a row of four
    assert [round(b - a, 1) for a, b in zip(ys, ys[1:])] == [18.0] * 2   # and three rows
    assert "Days of Steam — die" in page[4]


def test_die_faces_add_up_to_seven():
    from railprint.layout.dice import die_values as face_values
    from railprint.layout.dice import cube_net
    from railprint.units import mm

    net = cube_net(mm(18), mm(5))
    values = face_values(net)
    assert sorted(values) == [1, 2, 3, 4, 5, 6]
    for i, frame in enumerate(net.frames):
        [j] = [k for k, f in enumerate(net.frames) if f.normal == tuple(-v for v in frame.normal)]
        assert values[i] + values[j] == 7


def test_render_from_the_built_in_content(tmp_path):
    chosen = select(discover(DOS), "dni-pary")
    assert sorted(f.path.name for f in chosen) == sorted([*FILES, DIE, "rules.yaml"])
    written = render_all(chosen, RenderOptions(), tmp_path, "pdf")
    shared = {"train-tokens.yaml", "steam-markers.yaml", "circuit-counters.yaml", "goods-tokens.yaml",
              "coal-tokens.yaml",   # share: tiles too, filling the last tile sheet (issue 33)
              "track-tiles.yaml", "city-tiles.yaml", "train-tiles.yaml"}   # share: tiles (issue 33)
    assert sorted(p.name for p in written) == sorted([Path(n).stem + ".pdf" for n in [*FILES, DIE] if n not in shared]
                                                     + ["tiles.pdf", "rules.pdf", "days-of-steam-guide.pdf"])


def test_cli_renders_the_game(tmp_path):
    result = CliRunner().invoke(app, ["render", "days-of-steam", "--content", str(DOS), "-o", str(tmp_path), "-q"])
    assert result.exit_code == 0, result.output
    pages = pdf_pages((tmp_path / "days-of-steam" / "tiles.pdf").read_bytes())   # track, city and train tiles
    assert sum(len(bleed_boxes(p[2], 56, 56)) for p in pages[0::2]) == 80 + 12 + 4
    assert len(pages) == 14   # 7 duplex sheets on A4 (issue 33: they were 6 + 1 + 1)


@pytest.mark.parametrize("name", ["goods-tokens.yaml", "circuit-counters.yaml", "train-tokens.yaml"])
def test_tokens_on_letter_paper(name):
    count, w, h, bleed, _ = FILES[name]
    pages = pdf_pages(render(build_deck(DOS / name, RenderOptions(paper="letter")), "pdf")[0])
    for width, height, *_ in pages:
        assert sorted((width, height)) == [pytest.approx(215.9, abs=0.1), pytest.approx(279.4, abs=0.1)]
    assert sum(len(bleed_boxes(p[2], w + 2 * bleed, h + 2 * bleed)) for p in pages[0::2]) == count


def test_die_on_letter_paper():
    [page] = pdf_pages(render(render_pip_dice(DOS / DIE, RenderOptions(paper="letter")), "pdf")[0])
    assert (page[0], page[1]) == (pytest.approx(215.9, abs=0.1), pytest.approx(279.4, abs=0.1))
    assert len(bleed_boxes(page[2], 18, 18)) == 6
