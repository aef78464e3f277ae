"""A phone whose player is not on a room's list joins from "who are you?": "I'm new: my name", one
name typed and one tap, and it opens on its own (empty) part; the other phones see the new player.
A name taken is said next to the field, in the page's language. At 360 px, in Polish."""

from __future__ import annotations

from tests.serve.pages import landed, open_room, phones, ranking, shown, version
from tests.serve.test_browser_accessibility import axe_js, violations  # noqa: F401 (a fixture)

VIEW = {"width": 360, "height": 740}


def test_a_new_player_joins_from_the_chooser(browser, server):
    base, _ = server
    (_, _, _), (ala, dorota, late), errors = phones(browser, 3)
    url = open_room(ala, base, "days-of-steam", ["Ala", "Bartek"], query="?lang=pl")
    dorota.goto(url + "?lang=pl")
    dorota.wait_for_selector("body[data-version='0'][data-asking]")
    field, join = dorota.locator("#new-name"), dorota.locator("#join-button")
    assert dorota.locator("label[for='new-name']").inner_text() == "Dołączam: moje imię"
    assert join.inner_text() == "Dołącz"
    for control in (field, join):
        box = control.bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44 and box["x"] + box["width"] <= VIEW["width"], box
    assert dorota.evaluate("document.documentElement.scrollWidth") <= VIEW["width"]

    field.fill("Dorota")
    join.click()   # one tap after the name
    dorota.wait_for_selector("body:not([data-asking])")
    assert version(dorota) == 1
    assert dorota.locator("#players button[data-player='Dorota']").get_attribute("aria-pressed") == "true"
    assert shown(dorota, "#editor")
    assert set(ranking(dorota)) == {"Ala", "Bartek", "Dorota"}
    landed(ala, 0)   # pushed to the phone that was there
    assert ala.locator("#players button[data-player='Dorota']").count() == 1
    assert ala.locator("#players button[data-player='Ala']").get_attribute("aria-pressed") == "true"

    # remembered: the next time this phone opens on Dorota's part
    dorota.reload()
    dorota.wait_for_selector("body[data-version='1']")
    assert dorota.locator("body[data-asking]").count() == 0
    assert dorota.locator("#players button[data-player='Dorota']").get_attribute("aria-pressed") == "true"

    # a taken name: said next to the field, in Polish; nothing joins
    late.goto(url + "?lang=pl&poll=0")
    late.wait_for_selector("body[data-version='1'][data-asking]")
    late.locator("#new-name").fill("dorota")
    late.locator("#join-button").click()
    late.wait_for_function("document.getElementById('message').textContent.includes('już gra tutaj')")
    assert late.evaluate("document.getElementById('join').nextElementSibling.id") == "message"
    assert late.locator("body[data-asking]").count() == 1 and version(late) == 1
    assert not errors, errors


def test_axe_finds_nothing_on_the_chooser_with_its_join_line(browser, server, axe_js):
    base, _ = server
    (_, _), (host, other), errors = phones(browser)
    url = open_room(host, base, "ticket-to-ride", ["Ala", "Anna"], {"map": "italy"})
    for lang in ("en", "pl"):
        other.goto(f"{url}?lang={lang}&poll=0")
        other.wait_for_selector("body[data-asking] #join-button")
        assert violations(other, axe_js) == [], lang
    assert not errors, errors


def test_a_second_person_joins_a_room_of_one_player(browser, server):
    """A room of one player: the phone that started it opens on that player's part, unasked; another
    phone is asked "who are you?" as in a room of several, with "I'm new", and joins in one tap
    after the name (before, a room of one asked nothing: no way to join from the phone)."""
    base, _ = server
    (_, _), (ala, bartek), errors = phones(browser)
    ala.goto(base + "/?lang=pl")
    ala.wait_for_selector("#game option[value='railroad-ink']", state="attached")
    ala.select_option("#game", "railroad-ink")
    ala.locator("#players input").first.fill("Ala")
    ala.locator("#create button[type='submit']").click()
    ala.wait_for_selector("body[data-version='0']")
    ala.wait_for_selector(".ri-faces button[data-face='h.h.']")   # her editor at once
    assert ala.locator("body[data-asking]").count() == 0
    url = ala.url.split("?")[0]

    bartek.goto(url + "?lang=pl")
    bartek.wait_for_selector("body[data-version='0'][data-asking]")
    assert bartek.locator("#who").inner_text() == "Kim jesteś?"
    assert [t.split("\n")[-1] for t in bartek.locator("#players button.who").all_inner_texts()] == ["Ala", "Tylko patrzę"]
    assert bartek.evaluate("document.documentElement.scrollWidth") <= VIEW["width"]
    bartek.locator("#new-name").fill("Bartek")
    bartek.locator("#join-button").click()   # one tap after the name
    bartek.wait_for_selector("body:not([data-asking])")
    assert bartek.locator("#players button[data-player='Bartek']").get_attribute("aria-pressed") == "true"
    bartek.wait_for_selector(".ri-faces button[data-face='h.h.']")
    landed(ala, 0)   # pushed to Ala's phone, still on her part
    assert ala.locator("#players button[data-player='Bartek']").count() == 1
    assert ala.locator("#players button[data-player='Ala']").get_attribute("aria-pressed") == "true"
    assert set(ranking(ala)) == {"Ala", "Bartek"}
    assert not errors, errors
