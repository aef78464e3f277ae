"""A Polish page says the server's refusals in Polish (the answer's ``error_pl``; ``error`` stays
English for the API): a route another phone claimed meanwhile, a game that cannot be scored yet, a
room that is not there. At 360 px. (They read in English on the Polish page before.)"""

from __future__ import annotations

import json

from tests.serve.pages import open_room, phones, version


def _claim(page, base: str, room: str, at: int, player: str, routes: list[str]) -> None:
    """Another phone's claim, straight to the server (this page polls nothing: ?poll=0)."""
    answer = page.request.post(f"{base}/api/rooms/{room}/changes",
                               data=json.dumps({"version": at, "parts": {f"player:{player}": {"routes": routes, "tickets": []}}}),
                               headers={"Content-Type": "application/json"})
    assert answer.ok, answer.text()


def test_a_route_claimed_meanwhile_is_refused_in_polish(browser, server):
    base, _ = server
    (ctx,), (ala,), errors = phones(browser, 1)
    url = open_room(ala, base, "ticket-to-ride", ["Ala", "Bartek"], {"map": "nordic"}, query="?lang=pl&poll=0")
    _claim(ala, base, url.rsplit("/", 1)[1], 0, "Bartek", ["bergen-oslo-blue"])
    ala.wait_for_selector("#ttr-city")
    ala.select_option("#ttr-city", "oslo")
    v = version(ala)
    ala.locator(".ttr-routes button[data-route='bergen-oslo-blue']").click()
    ala.wait_for_function(f"Number(document.body.dataset.version) > {v}")   # the current game came back
    ala.wait_for_selector("#ttr-note:has-text('zajmuje już Bartek')")   # under the map, where the tap was
    said = ala.locator("#ttr-note").inner_text()
    assert said == "Bergen – Oslo · 4 · niebieski: to połączenie zajmuje już Bartek", said
    assert "claimed" not in said
    assert ala.evaluate("document.documentElement.scrollWidth") <= 360
    assert not errors, errors


def test_why_a_game_cannot_be_scored_yet_and_a_missing_room_in_polish(browser, server):
    base, _ = server
    (ctx,), (page,), errors = phones(browser, 1)
    open_room(page, base, "days-of-steam", ["Ala", "Bartek"], query="?lang=pl")
    page.wait_for_selector("input[data-end='instant']")
    v = version(page)
    page.locator("input[data-end='instant']").click()
    page.wait_for_function(f"Number(document.body.dataset.version) > {v}")
    page.wait_for_selector("#score-error:not(:empty)")
    said = page.locator("#score-error").inner_text()
    assert said.startswith("Nie da się jeszcze policzyć: koniec „gracz zdobył 13 PZ” wymaga dokładnie jednego "
                           "gracza z 13 PZ lub więcej, a nikt ich jeszcze nie ma"), said
    assert "instant" not in said and "problem" not in said
    page.locator("#lang").click()   # the same, in English: players' words, not the file's
    page.wait_for_selector("#score-error:has-text('Cannot score yet')")
    said = page.locator("#score-error").inner_text()
    assert said.startswith("Cannot score yet: the end “a player reached 13 VP” needs exactly one player"), said
    assert "instant" not in said and "game.yaml" not in said
    page.locator("#lang").click()
    missing = page.goto(base + "/r/nonexistent0?lang=pl")   # a deleted room's link: the page, not the API's JSON
    assert missing.status == 404
    page.wait_for_selector("#message:has-text('nie ma tu gry')")
    assert page.locator("#message").inner_text() == "nie ma tu gry 'nonexistent0' (otwórz listę gier, by znaleźć swoją)"
    assert not errors, errors


def test_importing_a_file_that_is_no_game_is_said_in_polish(browser, server, tmp_path):
    base, _ = server
    (ctx,), (page,), errors = phones(browser, 1)
    page.goto(base + "/?lang=pl")
    page.wait_for_selector("#room-import-label:has-text('Wczytaj')")   # the rooms list has wired the picker
    notes = tmp_path / "notatki.txt"
    notes.write_text("Ala 12, Bartek 9", encoding="utf-8")
    page.set_input_files("#room-import", str(notes))
    page.wait_for_selector("#message:has-text('To nie jest plik gry')")
    assert page.locator("#message").inner_text() == "To nie jest plik gry: notatki.txt"   # not the browser's JSON error
    other = tmp_path / "inne.json"
    other.write_text('{"format": "something else"}', encoding="utf-8")
    page.set_input_files("#room-import", str(other))
    page.wait_for_selector("#message:has-text('z tej strony')")
    assert page.locator("#message").inner_text() == "to nie jest plik gry z tej strony (wczytaj room.json pobrany przez Eksport)"
    assert not errors, errors
