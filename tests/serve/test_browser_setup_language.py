"""Setup and language, in a real Chromium at 360 × 740: as many player fields as the game allows
(added and removed one by one); names equal after Unicode NFKC and case-folding refused with a
clear message (by the page and by the server); the language from ``?lang=``, else the phone's
languages, else English."""

from __future__ import annotations

import pytest
from tests.serve.pages import who

VIEW = {"width": 360, "height": 740}


def fields(page) -> int:
    return page.locator("#players input[name='player']").count()


def test_player_fields_grow_and_shrink_within_what_the_game_allows(browser, server):
    base, _ = server
    page = browser.new_page(viewport=VIEW)
    page.goto(base + "/")
    page.wait_for_selector("#game option[value='railroad-ink']", state="attached")
    page.select_option("#game", "railroad-ink")
    page.wait_for_selector("#players-range:text('1 to 8')")
    assert fields(page) == 4
    while not page.locator("#add-player").is_disabled():
        page.locator("#add-player").click()
    assert fields(page) == 8                     # Railroad Ink: up to 8 players
    names = ["Ala", "Bartek", "Celina", "Darek", "Ela", "Franek", "Gosia", "Henryk"]
    for i, name in enumerate(names):
        page.fill(f"#player-{i + 1}", name)
    page.locator("button[data-remove='3']").click()   # Celina leaves: the names after her move up
    assert fields(page) == 7
    assert [page.locator(f"#player-{i}").input_value() for i in range(1, 8)] == [n for n in names if n != "Celina"]
    page.locator("#create button[type='submit']").click()
    page.wait_for_selector("body[data-version='0']")
    who(page, "Ala")   # this phone's player: one tap, then the players' tabs
    assert [b.get_attribute("data-player") for b in page.locator("#players button").all()] == \
        [n for n in names if n != "Celina"]

    page.goto(base + "/")
    page.wait_for_selector("#game option[value='days-of-steam']", state="attached")
    page.select_option("#game", "days-of-steam")     # Days of Steam: 2 to 4
    page.wait_for_selector("#players-range:text('2 to 4')")
    assert page.locator("#players legend").inner_text() == "Players (2 to 4)"   # not "Players (players: from 2 to 4)"
    assert fields(page) == 4 and page.locator("#add-player").is_disabled()
    page.locator("button[data-remove='4']").click()
    page.locator("button[data-remove='3']").click()
    assert fields(page) == 2
    assert page.locator("button[data-remove='1']").is_disabled() and page.locator("button[data-remove='2']").is_disabled()

    # too few names typed: said by the page in its language at the first empty field (it was the
    # server's English "Days of Steam is played by 2-4 players, not 1", or "players: 1 to 8 names …")
    page.fill("#player-1", "Ala")
    page.locator("#create button[type='submit']").click()
    page.wait_for_selector("#message:text(\"Type the players' names: 2 to 4 for this game.\")")
    assert page.evaluate("document.activeElement.id") == "player-2"
    page.locator("#lang").click()
    page.wait_for_selector("#players-range:text('od 2 do 4')")
    assert page.locator("#players legend").inner_text() == "Gracze (od 2 do 4)"
    page.fill("#player-1", "")
    page.locator("#create button[type='submit']").click()
    page.wait_for_selector("#message:text('Wpisz imiona graczy: od 2 do 4 w tej grze.')")
    assert page.evaluate("document.activeElement.id") == "player-1"
    assert page.url.rstrip("/").split("?")[0] == base   # no room was started


@pytest.mark.parametrize("first, other", [("Ala", "ALA"), ("Ala", "ＡＬＡ"), ("Ala", "ala"), ("Zoë", "ZOE\u0308")])
def test_the_server_refuses_names_equal_after_nfkc_and_casefolding(client, first, other):
    answer = client.post("/api/rooms", json={"game": "railroad-ink", "players": [first, other]})
    assert answer.status_code == 400
    assert "the same name" in answer.json()["error"] and repr(first) in answer.json()["error"]


def test_the_server_refuses_a_ligature_and_its_letters_as_one_name(client):
    answer = client.post("/api/rooms", json={"game": "railroad-ink", "players": ["ﬁlip", "FILIP"]})
    assert answer.status_code == 400 and "the same name" in answer.json()["error"]
    distinct = client.post("/api/rooms", json={"game": "railroad-ink", "players": ["Łukasz", "Lukasz"]})
    assert distinct.status_code == 200   # Ł is not L: two people


@pytest.mark.parametrize("locale, query, expected", [
    ("pl-PL", "", "pl"),          # the phone's language
    ("en-US", "?lang=pl", "pl"),  # ?lang= first
    ("pl-PL", "?lang=en", "en"),
    ("de-DE", "", "en"),          # neither: English
])
def test_the_language_comes_from_the_link_then_the_phone(browser, server, locale, query, expected):
    base, _ = server
    context = browser.new_context(viewport=VIEW, locale=locale)
    page = context.new_page()
    page.goto(base + "/" + query)
    page.wait_for_selector("#add-player")
    assert page.evaluate("document.documentElement.lang") == expected
    start = page.locator("#create button[type='submit']").inner_text()
    assert start == {"pl": "Zaczynamy", "en": "Start"}[expected]
    assert page.locator("#add-player").inner_text().endswith({"pl": "Dodaj gracza", "en": "Add a player"}[expected])
    context.close()


def test_the_polish_phone_gets_a_polish_game_page(browser, server):
    base, _ = server
    context = browser.new_context(viewport=VIEW, locale="pl-PL")
    page = context.new_page()
    page.goto(base + "/")
    page.wait_for_selector("#game option[value='railroad-ink']", state="attached")
    page.select_option("#game", "railroad-ink")
    page.fill("#player-1", "Ala")
    page.locator("#create button[type='submit']").click()
    page.wait_for_selector("#ri-turn")
    assert "Obróć" in page.locator("#ri-turn").inner_text()
    assert page.locator("#ranking th[data-t='points']").inner_text() == "Punkty"
    assert page.locator(".ri-faces button[data-face='h.h.']").get_attribute("aria-label") == "prosta autostrada"
    context.close()


def test_the_polish_pages_fit_the_phone_and_their_file_pickers_speak_polish(browser, server):
    """Every game's setup in Polish fits 360 px (a long Polish choice made the start page 373 px
    wide); the file pickers (import a game, upload a file) show the page's own words as a button
    of thumb size, not the browser's English "Choose File / No file chosen"."""
    base, _ = server
    page = browser.new_page(viewport=VIEW, locale="en-US")
    page.goto(base + "/?lang=pl")
    page.wait_for_selector("#game option[value='allers-trains']", state="attached")
    for game in page.eval_on_selector_all("#game option", "(os) => os.map((o) => o.value)"):
        page.select_option("#game", game)
        page.wait_for_timeout(100)
        assert page.evaluate("document.documentElement.scrollWidth") <= VIEW["width"], game
    picker = page.locator("label.file-pick:has(#room-import)")
    picker.scroll_into_view_if_needed()
    assert picker.inner_text().strip() == "Wczytaj grę (.json)"
    box = picker.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44
    assert page.locator("#room-import").evaluate("(e) => getComputedStyle(e).opacity") == "0"
    # the input is the label's whole area: a tap on the button is a tap on the input
    assert page.evaluate("""() => { const r = document.querySelector('label.file-pick').getBoundingClientRect();
        return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2).id; }""") == "room-import"
    page.select_option("#game", "days-of-steam")
    page.fill("#players input[name='player'] >> nth=0", "Ala")
    page.fill("#players input[name='player'] >> nth=1", "Bartek")
    page.locator("#create button[type='submit']").click()
    page.wait_for_selector("body[data-version='0']")
    assert page.url.endswith("?lang=pl")           # the language asked for goes on to the room
    assert page.locator("html").get_attribute("lang") == "pl"
    upload = page.locator("label.file-pick:has(#upload)")
    assert upload.inner_text().strip() == "Wgraj plik" and upload.bounding_box()["height"] >= 44
    assert page.evaluate("document.documentElement.scrollWidth") <= VIEW["width"]
