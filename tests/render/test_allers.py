"""Jedzie pociąg z daleka components, read back from the PDFs and from the resolved decks.

From shared/reference/allers-trains.yaml: 4 frames (our 4 x 4 layout: depot in a corner, 7
stations and 7 track fragments around the 14 outer edges, placed as the scorer's
``frame.OUTER``), 60 tiles = 15 per player (our 15 layouts), 16 locomotives, 16 large and 4 small
tokens, two duplex scoring boards with the 1-40 track, the 3-player station table of the
rulebook and our 2- and 4-player tables."""

from __future__ import annotations

import io
import re
from collections import Counter
from pathlib import Path

import pdfplumber
import pytest

from railprint.draw.tracks import Box, crossings
from railprint.games.allers_trains.frame import OUTER, STATIONS, square_name
from railprint.games.allers_trains.notation import parse_square
from railprint.games.allers_trains.rules import TABLES
from railprint.loading.resources import content_path
from railprint.model.deck import TextLayer, TrackLayer
from railprint.model.resolve import load_deck
from railprint.render import RenderOptions, build_deck, discover, render_all, select
from railprint.units import mm, to_mm
from railprint.writers import render
from tests.helpers import bleed_boxes, pdf_pages, pdf_rects, pdf_texts

ALLERS = content_path("allers-trains")
FILES = {  # file -> (count, trim w mm, trim h mm, has backs, bleed mm)
    "tiles.yaml": (60, 50, 50, True, 3),
    "frames.yaml": (8, 236, 118, False, 3),
    "scoring.yaml": (5, 140, 100, False, 3),
    "scorepad.yaml": (2, 180, 120, False, 3),
    "locomotives.yaml": (16, 12, 12, True, 2),
    "arrival-tokens.yaml": (16, 14, 14, False, 2),
    "route-markers.yaml": (4, 12, 12, True, 2),
    "boards.yaml": (2, 230, 160, True, 3),
}
# proposed_design.tiles: id -> (paths, crossings)
TILES = {
    "T01": ([("N0", "E1"), ("N1", "E0"), ("S0", "W1"), ("S1", "W0")], 0),
    "T02": ([("N0", "W1"), ("N1", "E0"), ("E1", "S0"), ("S1", "W0")], 0),
    "T03": ([("N0", "E0"), ("N1", "E1"), ("S0", "W1"), ("S1", "W0")], 1),
    "T04": ([("N0", "E0"), ("N1", "W1"), ("E1", "S0"), ("S1", "W0")], 1),
    "T05": ([("N0", "S0"), ("N1", "E0"), ("E1", "W1"), ("S1", "W0")], 1),
    "T06": ([("N0", "E0"), ("N1", "E1"), ("S0", "W0"), ("S1", "W1")], 2),
    "T07": ([("N0", "E0"), ("N1", "S0"), ("E1", "W1"), ("S1", "W0")], 2),
    "T08": ([("N0", "E0"), ("N1", "W0"), ("E1", "S0"), ("S1", "W1")], 2),
    "T09": ([("N0", "E0"), ("N1", "W1"), ("E1", "S1"), ("S0", "W0")], 2),
    "T10": ([("N0", "S0"), ("N1", "E0"), ("E1", "W0"), ("S1", "W1")], 2),
    "T11": ([("N0", "E0"), ("N1", "S0"), ("E1", "W0"), ("S1", "W1")], 3),
    "T12": ([("N0", "E0"), ("N1", "S1"), ("E1", "W1"), ("S0", "W0")], 3),
    "T13": ([("N0", "E0"), ("N1", "W0"), ("E1", "S1"), ("S0", "W1")], 3),
    "T14": ([("N0", "E1"), ("N1", "S0"), ("E0", "W1"), ("S1", "W0")], 3),
    "T15": ([("N0", "S1"), ("N1", "S0"), ("E0", "W1"), ("E1", "W0")], 4),
}
PORTS = ["N0", "N1", "E0", "E1", "S0", "S1", "W0", "W1"]  # clockwise
GRID, BORDER, CELL = 200, 18, 50


@pytest.fixture(scope="module")
def pdfs():
    return {(name, lang): render(build_deck(ALLERS / name, RenderOptions(lang=lang)), "pdf")[0]
            for name in FILES for lang in ("en", "pl")}


def one_up_text(name: str, lang: str) -> str:
    """The text of a deck printed one face a page (duplex turns the backs upside down)."""
    pdf = render(build_deck(ALLERS / name, RenderOptions(lang=lang, mode="1up")), "pdf")[0]
    return "".join(p[4] for p in pdf_pages(pdf))


def tracks(card) -> list[TrackLayer]:
    return [l for l in card.front.layers if isinstance(l, TrackLayer)]


@pytest.mark.parametrize("name", FILES)
def test_count_and_size_read_back_from_the_pdf(pdfs, name):
    count, w, h, backs, bleed = FILES[name]
    deck = load_deck(ALLERS / name)
    assert (to_mm(deck.width), to_mm(deck.height)) == pytest.approx((w, h), abs=0.1)
    pages = pdf_rects(pdfs[name, "en"])
    fronts = pages[0::2] if backs else pages
    found = [len(bleed_boxes(rects, w + 2 * bleed, h + 2 * bleed)) for _, _, rects in fronts]
    assert sum(found) == count
    if backs:
        assert [len(bleed_boxes(p[2], w + 2 * bleed, h + 2 * bleed)) for p in pages[1::2]] == found


def test_frame_halves_fill_one_landscape_page_each_on_a4_and_letter():
    for paper, size in (("a4", (297, 210)), ("letter", (279.4, 215.9))):
        pages = pdf_rects(render(build_deck(ALLERS / "frames.yaml", RenderOptions(paper=paper)), "pdf")[0])
        assert len(pages) == 8
        for width, height, rects in pages:
            assert (width, height) == pytest.approx(size, abs=0.1)
            assert len(bleed_boxes(rects, 242, 124)) == 1


def test_fifteen_layouts_per_player_as_designed():
    deck = load_deck(ALLERS / "tiles.yaml")
    assert Counter(card.name for card in deck.cards) == {code: 4 for code in TILES}
    grounds = Counter(card.front.layers[0].fill for card in deck.cards)
    assert sorted(grounds.values()) == [15, 15, 15, 15]
    for card in deck.cards:
        [track] = tracks(card)
        assert [tuple(s) for s in track.segments] == TILES[card.name][0]


def test_layouts_pair_every_port_once_never_on_one_edge_and_differ_up_to_rotation():
    def rotate(paths, quarter):
        turn = {p: PORTS[(PORTS.index(p) + 2 * quarter) % 8] for p in PORTS}
        return frozenset(frozenset(turn[p] for p in path) for path in paths)

    canonical = set()
    for code, (paths, _) in TILES.items():
        assert sorted(p for path in paths for p in path) == sorted(PORTS)
        assert all(a[0] != b[0] for a, b in paths)
        forms = {tuple(sorted(tuple(sorted(path)) for path in rotate(paths, q))) for q in range(4)}
        canonical.add(min(forms))
    assert len(canonical) == 15


def test_drawn_crossings_match_the_design():
    deck = load_deck(ALLERS / "tiles.yaml")
    box = Box(0, 0, mm(50), mm(50))
    for card in deck.cards[:15]:
        [track] = tracks(card)
        assert crossings([tuple(s) for s in track.segments], box, bend=track.bend) == TILES[card.name][1], card.name


def test_tile_paths_do_not_touch_unless_they_cross():
    """Track beds are 5 mm wide: paths that do not cross keep their centrelines 8 mm apart."""
    import math

    from railprint.draw.tracks import _intersections, centreline, polyline

    box = Box(0, 0, mm(50), mm(50))
    for code, (paths, _) in TILES.items():
        lines = [polyline(centreline(a, b, box, bend=0.42)) for a, b in paths]
        for i in range(4):
            for j in range(i):
                if _intersections(lines[i], lines[j]):
                    continue
                gap = min(math.dist(p, q) for p in lines[i] for q in lines[j])
                assert to_mm(gap) > 8, (code, paths[i], paths[j])


def test_each_frame_has_7_stations_7_fragments_and_a_depot_on_the_grid():
    deck = load_deck(ALLERS / "frames.yaml")
    players = Counter()
    for top, bottom in zip(deck.cards[0::2], deck.cards[1::2]):
        assert top.name.endswith("1/2") and bottom.name.endswith("2/2")
        players[top.front.layers[0].fill] += 1
        layers = [(0, l) for l in tracks(top)] + [(to_mm(deck.height), l) for l in tracks(bottom)]
        uturns = stations = depots = 0
        for offset, layer in layers:
            ends = [s for s in layer.segments if "end" in s]
            x, y = round(to_mm(layer.x), 3), round(to_mm(layer.y) + offset, 3)
            if len(ends) == 4:
                depots += 1
                assert (x, y) == pytest.approx((BORDER, BORDER + 3 * CELL))  # bottom-left cell
                continue
            # an outer edge: the box is the cell just outside the grid, next to a grid cell
            assert (round(x - BORDER) % CELL, round(y - BORDER) % CELL) == (0, 0)
            outside = not (0 <= x - BORDER < GRID and 0 <= y - BORDER < GRID)
            assert outside
            if ends:
                stations += 1
                assert len(ends) == 2
            else:
                uturns += 1
                [(a, b)] = layer.segments
                assert a[0] == b[0]
        assert (stations, uturns, depots) == (7, 7, 1)
    assert len(players) == 4


def test_every_station_is_named_once_per_frame_and_the_tables_read_back(pdfs):
    deck = load_deck(ALLERS / "frames.yaml")
    labels = Counter(l.text for card in deck.cards for l in card.front.layers if isinstance(l, TextLayer))
    for station in STATIONS:
        assert labels[station.name] == 4  # once per frame
    assert not any("station" in str(t) or "?" in str(t) for t in labels)
    # upright names read back from the PDF (the side stations are rotated)
    text = "".join(p[4] for p in pdf_pages(pdfs["frames.yaml", "en"]))
    for name in ("Czerwienie", "Zielonki", "Fioletowo", "Czerno"):  # the top and bottom edges
        assert text.count(name) == 4
    with pdfplumber.open(io.BytesIO(pdfs["scoring.yaml", "en"])) as pdf:
        lines = [line for page in pdf.pages for line in (page.extract_text() or "").splitlines()]
    ordinals = ("1st", "2nd", "3rd", "4th")
    for players in (2, 3, 4):  # the scorer's tables, as printed
        start = lines.index(f"Station points — {players} players")
        rows = [line for line in lines[start:] if line.split(" ")[0] in ordinals][:players]
        assert rows == [" ".join([ordinals[k], *(str(TABLES[players][s][k]) for s in range(7))])
                        for k in range(players)]
    assert "1st 18 15 12 11 10 9 9" in lines and "3rd 1 3 5 6 7 7 9" in lines  # the rulebook's board


def test_two_and_four_player_tables_follow_the_three_player_spirit():
    """Our design: one space per player, earlier arrivals score at least as much, the richest
    first spaces come first, the last station pays every space alike; Różawy pays 10 to the
    first of two players (the rulebook's solo example)."""
    for players in (2, 3, 4):
        table = TABLES[players]
        assert all(len(row) == players for row in table)
        assert all(list(row) == sorted(row, reverse=True) for row in table)
        assert [row[0] for row in table[:6]] == sorted((row[0] for row in table[:6]), reverse=True)
        assert len(set(table[6])) == 1
    assert TABLES[2][3][0] == 10
    boards = load_deck(ALLERS / "boards.yaml")
    marks = [str(l.text) for c in boards.cards for face in (c.front, c.back) for l in face.layers
             if isinstance(l, TextLayer) and "Our design" in str(l.text)]
    assert len(marks) == 2  # the 2- and 4-player faces


def test_frame_draws_the_stations_where_the_scorer_replays_them():
    deck = load_deck(ALLERS / "frames.yaml")
    found = {}
    for offset, card in ((0, deck.cards[0]), (to_mm(deck.height), deck.cards[1])):
        numbers = [l for l in card.front.layers if isinstance(l, TextLayer) and str(l.text).isdigit()]
        for layer in tracks(card):
            ends = [seg for seg in layer.segments if "end" in seg]
            if len(ends) == 4:
                continue  # the depot
            x, y = to_mm(layer.x), to_mm(layer.y)
            col, row = round((x - BORDER) / CELL), 3 - round((y + offset - BORDER) / CELL)
            side = "W" if col < 0 else "E" if col > 3 else "N" if row > 3 else "S"
            cell = (min(max(col, 0), 3), min(max(row, 0), 3))
            number = None
            if ends:  # a station: its number is printed inside the box next to its edge
                [label] = [n for n in numbers if x <= to_mm(n.x) <= x + 50 and y <= to_mm(n.y) <= y + 50]
                number = int(label.text)
            found[(cell, side)] = number
    assert found == dict(OUTER)


def test_every_square_carries_the_name_the_scorer_reads(pdfs):
    """The faint square names read back from the PDF, each inside the square that
    ``railprint score allers-trains`` means by it (notation.parse_square), 16 per frame."""
    everything = {square_name((c, r)) for c in range(4) for r in range(4)}
    for lang in ("en", "pl"):
        with pdfplumber.open(io.BytesIO(pdfs["frames.yaml", lang])) as pdf:
            frame: set[str] = set()
            for number, page in enumerate(pdf.pages):
                [(bx, by)] = bleed_boxes(page.rects, 242, 124)
                tx, ty = bx + 3, by + 3 - (0 if number % 2 == 0 else 118)  # trim of the whole frame
                names = [w for w in page.extract_words() if re.fullmatch(r"[A-D][1-4]", w["text"])]
                assert len(names) == 8, (lang, number)
                for word in names:
                    x = to_mm((word["x0"] + word["x1"]) / 2) - tx
                    y = to_mm((word["top"] + word["bottom"]) / 2) - ty
                    col, row = parse_square(word["text"])
                    left, top = BORDER + CELL * col, BORDER + CELL * (3 - row)
                    assert left < x < left + CELL and top < y < top + CELL, (word["text"], x, y)
                    frame.add(word["text"])
                if number % 2:
                    assert frame == everything, (lang, number)
                    frame = set()


def test_text_stays_in_the_safe_zone_and_the_frame_joint_bleeds_in_the_grid_colour(pdfs):
    """Every character of every piece lies 3 mm or more inside its trim (read from the PDF)."""
    for name, (_, w, h, _, bleed) in FILES.items():
        with pdfplumber.open(io.BytesIO(pdfs[name, "en"])) as pdf:
            for page in pdf.pages:
                boxes = bleed_boxes(page.rects, w + 2 * bleed, h + 2 * bleed)
                for ch in page.chars:
                    x, y = to_mm((ch["x0"] + ch["x1"]) / 2), to_mm((ch["top"] + ch["bottom"]) / 2)
                    inside = [(bx + bleed, by + bleed) for bx, by in boxes
                              if bx <= x <= bx + w + 2 * bleed and by <= y <= by + h + 2 * bleed]
                    if not inside or not ch["text"].strip():
                        continue  # page furniture (footer, ruler)
                    tx, ty = inside[0]
                    # the glyph box: the character's advance across, its font size high
                    size = to_mm(ch["size"]) * 0.7
                    margin = min(to_mm(ch["x0"]) - tx, tx + w - to_mm(ch["x1"]),
                                 y - size / 2 - ty, ty + h - (y + size / 2))
                    assert margin >= 3, (name, ch["text"], round(margin, 2))
    deck = load_deck(ALLERS / "frames.yaml")
    top, bottom = deck.cards[0].front.layers, deck.cards[1].front.layers
    # the grid ground runs 3 mm past the joint on both halves (the bleed at the joint) ...
    assert to_mm(top[1].y) + to_mm(top[1].h) == pytest.approx(121)
    assert to_mm(bottom[1].y) == pytest.approx(-3)
    # ... and so it is printed: on every page a 200 x 103 mm ground touching the bleed box's
    # bottom (top halves) or top (bottom halves) edge
    for number, (_, _, rects, _, _) in enumerate(pdf_pages(pdfs["frames.yaml", "en"])):
        [(bx, by)] = bleed_boxes(rects, 242, 124)
        grounds = bleed_boxes(rects, 200, 103)
        assert grounds == [(round(bx + 21, 2), round(by + (21 if number % 2 == 0 else 0), 2))]


def test_polish_text_reads_back(pdfs):
    text = "".join(pdf_texts(pdfs["tiles.yaml", "pl"]))
    assert "kafelki torów" in text and "pomarańczowy" in text and "żółty" in text
    text = "".join(pdf_texts(pdfs["frames.yaml", "pl"]))
    assert "zajezdnia" in text and "Zielonki" in text and "ramki ze stacjami" in text
    text = "".join(pdf_texts(pdfs["scoring.yaml", "pl"]))
    for words in ("Punkty za stacje dla 2 graczy", "Punkty za stacje dla 3 graczy", "Punkty za stacje dla 4 graczy",
                  "Nasz projekt", "Wariant: najdłuższa trasa", "zaawansowany", "Zderzenie",
                  "nikt nie ma już lokomotywy", "nasza interpretacja: można go obrócić", "Zajezdnia"):
        assert words in text
    text = one_up_text("boards.yaml", "pl")
    for words in ("Najdłuższa trasa", "Cel w grze solo", "Punkty za stacje dla 4 graczy", "Niebieskowiec", "40"):
        assert words in text
    assert "Ta sama runda" in text and "Nasz projekt" in text
    text = one_up_text("route-markers.yaml", "pl")
    assert text.count("40+") == 4
    assert "małe żetony" in "".join(pdf_texts(pdfs["route-markers.yaml", "pl"]))
    for name, title in (("locomotives.yaml", "lokomotywy"), ("arrival-tokens.yaml", "duże żetony")):
        assert title in "".join(pdf_texts(pdfs[name, "pl"]))
    text = "".join(pdf_texts(pdfs["scorepad.yaml", "pl"]))
    assert "karta punktacji" in text and "suma" in text


def test_render_from_the_built_in_content(tmp_path):
    chosen = select(discover(ALLERS), "jedzie-pociag")
    assert sorted(f.path.name for f in chosen) == sorted([*FILES, "rules.yaml"])
    written = render_all(chosen, RenderOptions(), tmp_path, "pdf")
    shared = {"locomotives.yaml", "arrival-tokens.yaml", "route-markers.yaml"}   # share: tokens (issue 18)
    assert sorted(p.name for p in written) == sorted([Path(n).stem + ".pdf" for n in FILES if n not in shared]
                                                     + ["tokens.pdf", "rules.pdf", "allers-trains-guide.pdf"])


@pytest.mark.parametrize("lang, rotation, depot", [
    ("en", "our reading: it may be turned any of the four ways (the rulebook does not say)",
     "Our reading: a track back into the depot joins two start spaces"),
    ("pl", "nasza interpretacja: można go obrócić na 4 sposoby (instrukcja tego nie mówi)",
     "Nasza interpretacja: tor do zajezdni łączy dwa pola startowe")])
def test_the_reference_card_states_our_readings_as_readings(tmp_path, lang, rotation, depot):
    """Tile rotation and the depot collision are railprint's readings, not the rulebook's rules."""
    chosen = [f for f in select(discover(ALLERS), "allers-trains") if f.id == "scoring"]
    render_all(chosen, RenderOptions(lang=lang), tmp_path, "pdf")
    text = " ".join(" ".join(pdf_texts((tmp_path / "allers-trains" / "scoring.pdf").read_bytes())).split())
    assert rotation in text and depot in text
    assert "rotations are allowed" not in text and "wolno każdy z czterech obrotów" not in text
