"""Issue 2 proof: the Ticket to Ride decks, read back from the PDF."""

from __future__ import annotations

from pathlib import Path

import pytest

from railprint.model.resolve import load_deck
from railprint.loading.resources import content_path
from railprint.loading.yamlio import load_file
from railprint.render import RenderOptions, build_deck
from railprint.units import to_mm
from railprint.writers import render
from tests.helpers import assert_points_close, bleed_boxes, pdf_pages, pdf_rects

TTR = content_path("ticket-to-ride")
DECKS = {  # file -> expected card count (from the rulebooks / reference data)
    "train-cards.yaml": 110,
    "nordic-tickets.yaml": 46,
    "nordic-globetrotter.yaml": 1,
    "italy-tickets.yaml": 56,
    "italy-ferry-cards.yaml": 10,
}


class _Pages(dict):
    """(deck file, flip) -> the deck's pages read back, rendered when first asked for."""

    def __missing__(self, key):
        name, flip = key
        doc = build_deck(TTR / name, RenderOptions(flip=flip, layout="gutter"))
        self[key] = pages = pdf_pages(render(doc, "pdf")[0])
        return pages


@pytest.fixture(scope="module")
def rendered():
    return _Pages()   # shared by the module: each deck and flip rendered once, only if a test reads it


@pytest.mark.parametrize("name", DECKS)
def test_page_size_card_size_and_count(name):
    pages = pdf_rects(render(build_deck(TTR / name, RenderOptions(layout="gutter")), "pdf")[0])
    deck = load_deck(TTR / name)
    w, h = to_mm(deck.width), to_mm(deck.height)
    assert (w, h) == pytest.approx((44, 68), abs=0.01)  # the original game's small cards
    fronts = pages[0::2]
    total = 0
    for width, height, rects in pages:
        assert (width, height) in [pytest.approx((210, 297), abs=0.1), pytest.approx((297, 210), abs=0.1)]
    for width, height, rects in fronts:
        total += len(bleed_boxes(rects, w + 6, h + 6))
    assert total == DECKS[name]


@pytest.mark.parametrize("name", ["train-cards.yaml", "nordic-tickets.yaml"])
@pytest.mark.parametrize("flip", ["long", "short"])
def test_each_back_lies_behind_its_front(name, flip):
    pages = pdf_rects(render(build_deck(TTR / name, RenderOptions(flip=flip, layout="gutter")), "pdf")[0])
    for (w, h, front_rects), (_, _, back_rects) in zip(pages[0::2], pages[1::2]):
        fronts = bleed_boxes(front_rects, 50, 74)
        backs = bleed_boxes(back_rects, 50, 74)
        assert len(fronts) == len(backs)
        landscape = w > h
        turned_over_vertical_edge = (flip == "long") != landscape
        if turned_over_vertical_edge:
            mirrored = sorted((round(w - x - 50, 2), y) for x, y in fronts)
        else:
            mirrored = sorted((x, round(h - y - 74, 2)) for x, y in fronts)
        assert_points_close(backs, mirrored)


def test_crop_marks_are_thin_outside_the_bleed_and_never_on_backs(rendered):
    pages = rendered["nordic-tickets.yaml", "long"]
    w, h, rects, lines, _ = pages[0]
    boxes = bleed_boxes(rects, 50, 74)
    marks = [l for l in lines if abs(l["linewidth"] - 0.3) < 0.01]
    assert marks
    for mark in marks:
        x0, x1, top, bottom = (to_mm(mark[k]) for k in ("x0", "x1", "top", "bottom"))
        length = max(x1 - x0, bottom - top)
        assert length == pytest.approx(4.5, abs=0.01)
        for bx, by in boxes:  # no mark overlaps a bleed box
            assert x1 <= bx + 1e-6 or x0 >= bx + 50 - 1e-6 or bottom <= by + 1e-6 or top >= by + 74 - 1e-6
    assert not [l for l in pages[1][3] if abs(l["linewidth"] - 0.3) < 0.01]


def test_names_read_back_exactly():
    text = "".join(p[4] for p in pdf_pages(render(build_deck(TTR / "nordic-tickets.yaml", RenderOptions(layout="gutter")), "pdf")[0]))
    for name in ("Tromsø", "Göteborg", "Ålborg", "København", "Umeå"):
        assert name in text
    polish = "".join(p[4] for p in pdf_pages(render(build_deck(TTR / "train-cards.yaml", RenderOptions(lang="pl", layout="gutter")), "pdf")[0]))
    for label in ("Żółty", "Biały", "Fioletowy", "Pomarańczowy", "Lokomotywa", "Karty wagonów"):
        assert label in polish
    # backs on a landscape sheet turned over its long edge are drawn upside down
    assert "Karta wagonu"[::-1] in polish


def test_every_sheet_has_scale_bar_title_and_page_numbers(rendered):
    pages = rendered["train-cards.yaml", "long"]
    for number, (w, h, rects, lines, text) in enumerate(pages, 1):
        assert f"page {number}/{len(pages)}" in text
        assert "50 mm" in text and "Train cards" in text and "revision 1" in text
        bar = [l for l in lines if abs(to_mm(l["x1"] - l["x0"]) - 50) < 0.01]
        assert bar, "50 mm scale bar"


def test_same_input_same_bytes():
    a = render(build_deck(TTR / "italy-ferry-cards.yaml", RenderOptions()), "pdf")[0]
    b = render(build_deck(TTR / "italy-ferry-cards.yaml", RenderOptions()), "pdf")[0]
    assert a == b


def test_ticket_decks_agree_with_the_maps():
    for game in ("nordic", "italy"):
        data = load_file(TTR / f"{game}.yaml")
        names = {c["id"]: c["name"] for c in data["cities"]}
        for area in data.get("areas") or []:
            names[area["id"]] = area["name"]
            for end in area.get("endpoints") or []:
                names[end["id"]] = area["name"]
        expected = sorted((names[t["between"][0]], names[t["between"][1]], t["points"]) for t in data["tickets"])
        deck = load_file(TTR / f"{game}-tickets.yaml")
        actual = sorted((c["vars"]["a"], c["vars"]["b"], c["vars"]["points"]) for c in deck["cards"])
        assert actual == expected


def test_gutterfold_and_one_up():
    doc = build_deck(TTR / "nordic-globetrotter.yaml", RenderOptions(mode="gutterfold"))
    (w, h, rects, lines, text), = pdf_pages(render(doc, "pdf")[0])
    front, back = bleed_boxes(rects, 50, 74)[0], bleed_boxes(rects, 50, 74)[-1]
    fold = [l for l in lines if l.get("stroking_color") and to_mm(l["x1"] - l["x0"]) > 150]
    fold_y = to_mm(fold[0]["top"])
    assert front[1] + 74 + 5 <= fold_y + 0.01  # fold line >= 5 mm from the bleed
    assert front[1] + 74 - fold_y == pytest.approx(fold_y - back[1], abs=0.05)  # mirrored about it
    one = build_deck(TTR / "nordic-globetrotter.yaml", RenderOptions(mode="1up"))
    pages = pdf_pages(render(one, "pdf")[0])
    assert [(round(p[0], 2), round(p[1], 2)) for p in pages] == [(50, 74), (50, 74)]


def test_deck_sets_its_own_gap_and_orientation(tmp_path):
    source = (Path(__file__).parents[1] / "data" / "content" / "mini" / "cards.yaml").read_text(encoding="utf-8")
    path = tmp_path / "cards.yaml"
    path.write_text(source.replace("bleed: 3mm", "bleed: 3mm\ngap: 2mm\norientation: landscape"), encoding="utf-8")
    (w, h, rects, *_) = pdf_pages(render(build_deck(path, RenderOptions()), "pdf")[0])[0]
    assert (w, h) == pytest.approx((297, 210), abs=0.1)
    xs = sorted({x for x, _ in bleed_boxes(rects, 69, 94)})
    assert [round(b - a, 2) for a, b in zip(xs, xs[1:])] == [71.0] * (len(xs) - 1)  # 69 mm box + 2 mm gap
