"""Issue 18: every piece (Ticket to Ride trains and score markers from the map), printed rules
that say what the rulebooks say, and no text on a piece below 6 pt — read back from the PDFs."""

from __future__ import annotations

import io
from collections import Counter

import pdfplumber
import pytest

from railprint.games.ticket_to_ride.board import _key
from railprint.games.ticket_to_ride.maps import load_map, load_map_file
from railprint.games.ticket_to_ride.printing import trains_document
from railprint.loading.resources import content_path
from railprint.render import RenderOptions, build_deck, build_output, discover_layers, outputs, select
from railprint.scene import Document, Page, Rect
from railprint.units import mm, to_mm
from railprint.writers import render
from tests.helpers import pdf_char_sizes, pdf_texts

TTR = content_path("ticket-to-ride")
DOS = content_path("days-of-steam")


def _pdf_text(data: bytes) -> str:
    return " ".join(" ".join(text.split()) for text in pdf_texts(data))


def _wagons(data: bytes):
    """(fill colour, count) of the wagon strips (22 x 7 mm plus 1 mm bleed) and the number of
    score markers (10 mm plus bleed)."""
    wagons, markers = Counter(), 0
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for page in pdf.pages:
            for r in page.rects:
                size = (round(to_mm(r["width"]), 1), round(to_mm(r["height"]), 1))
                if size == (24.0, 9.0) and r.get("fill"):
                    wagons[tuple(round(v, 3) for v in r["non_stroking_color"])] += 1
                elif size == (12.0, 12.0) and r.get("fill"):
                    markers += 1
    return wagons, markers


@pytest.mark.parametrize("name,players,trains", [("nordic", 3, 40), ("italy", 5, 45)])
def test_every_player_colour_gets_the_maps_wagons_and_a_score_marker(name, players, trains):
    m = load_map(name)
    data = render(trains_document(m, RenderOptions()), "pdf")[0]
    wagons, markers = _wagons(data)
    assert len(wagons) == players and set(wagons.values()) == {trains}
    assert markers == players
    text = _pdf_text(data)
    for letter in "ABCDE"[:players]:
        assert f"player {letter} · {trains} wagons" in text   # each block labelled, each piece lettered


def test_nordic_trains_are_the_rulebooks_violet_black_and_white():
    assert load_map("nordic").play["player_colours"] == ["#6a1b9a", "#212121", "#f5f5f5"]


def test_a_user_maps_wagon_count_and_colours_come_from_its_map_file(tmp_path):
    source = (content_path("examples") / "lakeland" / "lakeland.yaml").read_text(encoding="utf-8")
    source = source.replace("trains_per_player: 45", "trains_per_player: 12")
    source = source.replace("players: {min: 2, max: 5}", "players: {min: 2, max: 2}")
    assert "trains_per_player: 12" in source and "max: 2}" in source
    source += "\nplay:\n  player_colours: ['#00897b', '#5d4037']\n" if "\nplay:" not in source else ""
    path = tmp_path / "lakeland.yaml"
    path.write_text(source, encoding="utf-8")
    m = load_map_file(path)
    wagons, markers = _wagons(render(trains_document(m, RenderOptions(lang="pl")), "pdf")[0])
    assert sorted(wagons.values()) == [12, 12] and markers == 2
    teal = (0.0, round(0x89 / 255, 3), round(0x7b / 255, 3))
    assert teal in wagons
    # and render prints it as <map id>-trains.pdf
    chosen = [f for f in select(discover_layers([tmp_path]), "ticket-to-ride") if f.id == "lakeland-trains"]
    (output,) = [o for o in outputs(chosen, RenderOptions())]
    assert output.name == "lakeland-trains"


def _key_text(name: str, lang: str) -> str:
    m = load_map(name)
    items = _key(m, Rect(mm(10), mm(10), mm(96), mm(120)), mm(1), lang)
    return _pdf_text(render(Document((Page(mm(200), mm(200), tuple(items)),)), "pdf")[0])


def test_nordic_locomotive_card_and_board_key_say_where_locomotives_go():
    for lang, words, wrong in (("en", ("Nordic: ferries and tunnels only", "any 3 cards = 1", "Italy: any colour"), "wild card"),
                               ("pl", ("Kraje Północy: tylko promy i tunele", "3 dowolne karty = 1", "Włochy: dowolny kolor"), "dżoker")):
        text = _pdf_text(render(build_deck(TTR / "train-cards.yaml", RenderOptions(lang=lang, layout="gutter")), "pdf")[0])
        for w in words:
            assert w in text, (lang, w)
        assert wrong not in text
    key = _key_text("nordic", "en")
    assert "locomotives: only on ferries and tunnels, never on other routes" in key
    assert "any 3 cards for each" in key and "turn up 3 cards" in key
    key_pl = _key_text("nordic", "pl")
    assert "lokomotywy: tylko na promy i tunele" in key_pl
    # Italy plays locomotives anywhere: its key does not limit them
    assert "only on ferries" not in _key_text("italy", "en")


def test_polish_train_cards_say_fioletowy_and_every_colour_has_its_own_code():
    text = _pdf_text(render(build_deck(TTR / "train-cards.yaml", RenderOptions(lang="pl", layout="gutter")), "pdf")[0])
    assert "Fioletowy" in text and "Różowy" not in text
    from railprint.loading.yamlio import load_file

    codes = [card["vars"]["code"] for card in load_file(TTR / "train-cards.yaml")["cards"] if "code" in card.get("vars", {})]
    assert len(codes) == 8 and len(set(codes)) == 8


def test_days_of_steam_aid_says_what_the_rulebook_says_about_moving():
    text = _pdf_text(render(build_deck(DOS / "player-aid.yaml", RenderOptions(layout="gutter")), "pdf")[0])
    for words in ("turn round between turns anywhere; within a turn only in a city",
                  "never end a move on a segment or junction holding a train",
                  "a junction holding a train +1", "train and its goods back to the start"):
        assert words in text, words
    assert "turn round only in a city" not in text
    pl = _pdf_text(render(build_deck(DOS / "player-aid.yaml", RenderOptions(lang="pl", layout="gutter")), "pdf")[0])
    for words in ("zawracasz między turami; w turze tylko w mieście", "ruchu nie kończysz na odcinku ani rozjeździe",
                  "rozjazd z pociągiem +1", "pociąg i jego towary wracają na start"):
        assert words in pl, words


@pytest.mark.parametrize("lang", ["en", "pl"])
@pytest.mark.parametrize("game", ["days-of-steam", "allers-trains", "ticket-to-ride", "examples", "railroad-ink"])
def test_no_text_on_a_piece_is_below_6_pt(game, lang):
    options = RenderOptions(lang=lang)
    for output in outputs(select(discover_layers([]), game), options):
        if output.sets[0].kind in ("board", "map") and output.sets[0].component in (None, "board"):
            continue   # boards: the tiled real-size board is tested in tests/games/ticket_to_ride
        data = render(build_output(output, options), "pdf")[0]
        small = sorted({(round(size, 2), ch) for _, ch, size in pdf_char_sizes(data) if size < 5.99})
        assert not small, (output.name, small[:10])
