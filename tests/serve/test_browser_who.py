"""A phone that opens a room of several players asks "who are you?" the first time (a tap on a
name), remembers the answer on that phone, and opens on that player's part afterwards; it never
opens on the first player's part unasked. At 360 px, in Polish."""

from __future__ import annotations

from tests.serve.pages import open_room, phones, shown

VIEW = {"width": 360, "height": 740}


def test_a_second_phone_asks_who_then_remembers(browser, server):
    base, _ = server
    (ala_phone, bartek_phone), (ala, bartek), errors = phones(browser)
    url = open_room(ala, base, "days-of-steam", ["Ala", "Bartek", "Celina"], query="?lang=pl")
    bartek.goto(url + "?lang=pl&poll=0")
    bartek.wait_for_selector("body[data-version='0'][data-asking]")
    # asked, in Polish: a name a line, thumb-sized, and nobody's part shown yet
    assert bartek.locator("#who").inner_text() == "Kim jesteś?"
    names = bartek.locator("#players button.who")
    assert [t.split("\n")[-1] for t in names.all_inner_texts()] == ["Ala", "Bartek", "Celina", "Tylko patrzę"]
    for i in range(names.count()):
        box = names.nth(i).bounding_box()
        assert box["height"] >= 44 and box["width"] >= 300, box
    assert not bartek.locator("#editor").is_visible()
    assert bartek.evaluate("document.documentElement.scrollWidth") <= VIEW["width"]
    assert bartek.locator("#ranking tbody tr").count() == 3   # the table's ranking is there meanwhile

    bartek.locator("#players button.who[data-player='Bartek']").click()   # one tap
    bartek.wait_for_selector("body:not([data-asking])")
    assert bartek.locator("#players button[data-player='Bartek']").get_attribute("aria-pressed") == "true"
    assert shown(bartek, "#editor")

    bartek.reload()   # the next time: Bartek's part at once, nothing asked
    bartek.wait_for_selector("body[data-version='0']")
    assert bartek.locator("body[data-asking]").count() == 0
    assert bartek.locator("#players button[data-player='Bartek']").get_attribute("aria-pressed") == "true"

    # the first phone answered once (open_room: Ala) and is not asked again either
    ala.reload()
    ala.wait_for_selector("body[data-version='0']")
    assert ala.locator("body[data-asking]").count() == 0
    assert ala.locator("#players button[data-player='Ala']").get_attribute("aria-pressed") == "true"
    assert not errors, errors


def test_just_watching_and_a_players_own_link(browser, server):
    base, _ = server
    (host_phone, other_phone), (host, other), errors = phones(browser)
    url = open_room(host, base, "ticket-to-ride", ["Ala", "Bartek"], {"map": "italy"})
    other.goto(url + "?poll=0")
    other.wait_for_selector("body[data-asking]")
    other.locator("#watching").click()
    other.wait_for_selector("body:not([data-asking])")
    other.reload()
    other.wait_for_selector("body[data-version='0']")
    assert other.locator("body[data-asking]").count() == 0   # a watcher is not asked again
    # a link made for one player (?player=) opens on that player's part, unasked, and is remembered
    context = browser.new_context(viewport=VIEW)
    linked = context.new_page()
    linked.goto(url + "?player=Bartek&poll=0")
    linked.wait_for_selector("body[data-version='0']")
    assert linked.locator("body[data-asking]").count() == 0
    assert linked.locator("#players button[data-player='Bartek']").get_attribute("aria-pressed") == "true"
    linked.goto(url + "?poll=0")
    linked.wait_for_selector("body[data-version='0']")
    assert linked.locator("#players button[data-player='Bartek']").get_attribute("aria-pressed") == "true"
    # a room of one player asks too (a second person at the table joins from "who are you?"),
    # and this phone answered it once (open_room)
    solo = context.new_page()
    open_room(solo, base, "railroad-ink", ["Ala"])
    assert solo.locator("body[data-asking]").count() == 0
    assert not errors, errors
