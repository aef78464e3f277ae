"""Railroad Ink at the table, in a real browser: a printed sheet's seed shows that game's dice
round by round (the rolls ``railprint roll`` prints), the round's faces are offered first;
craters and volcanoes are drawn on the board as the scored picture draws them; the BG Stats
link carries the page's score."""

from __future__ import annotations

import json
import re
from urllib.parse import unquote

from railprint.games.railroad_ink.rollwrite import rolls_text
from railprint.games.railroad_ink.web import _svg
from tests.serve.pages import create_room_with, open_room
from tests.serve.test_browser_railroad_ink import InkPage

SEED = 123456
LINE = re.compile(r"^\s+\d+\s+(.+?)\s+\((.+)\)$")


def printed(seed: int, expansion: str, round_number: int, lang: str = "en") -> list[tuple[str, str]]:
    """(face, die) of each die of a round, read off ``railprint roll``'s text."""
    text = rolls_text(seed, expansion=expansion, lang=lang, round_number=round_number)
    return [m.groups() for m in map(LINE.match, text.splitlines()) if m]


def shown(page) -> list[tuple[str, str]]:
    return [(f.locator(".ri-face-name").inner_text(), f.locator(".ri-die-name").inner_text())
            for f in page.locator("button.ri-die").all()]


def picture_of(page, selector: str) -> str:
    """The SVG an <image> on the page shows (its data: URL decoded)."""
    href = page.locator(selector).get_attribute("href")
    prefix = "data:image/svg+xml;charset=utf-8,"
    assert href.startswith(prefix), href[:60]
    return unquote(href[len(prefix):])


def test_a_seed_shows_the_sheets_rolls_round_by_round(browser, server):
    base, _ = server
    page = browser.new_page(viewport={"width": 360, "height": 740})
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    open_room(page, base, "railroad-ink", ["Ala"], {"expansion": "meteor"})
    page.wait_for_selector("button[data-face='h.h.']")
    page.fill("#ri-seed", str(SEED))
    page.locator("#ri-seed-go").click()
    page.wait_for_selector("#ri-round[data-round='1']")
    assert shown(page) == printed(SEED, "meteor", 1)
    assert len(shown(page)) == 6  # 3 route dice, the special die, the meteor's direction and distance

    # the round's faces come first in the picker, marked
    rolled = list(dict.fromkeys(f.get_attribute("data-token") for f in page.locator("button.ri-die").all()
                                if f.get_attribute("data-token")))
    first = [b.get_attribute("data-face") for b in page.locator(".ri-faces button[data-face]").all()][:len(rolled)]
    assert sorted(first) == sorted(rolled)
    assert page.locator(".ri-faces button.rolled").count() == len(rolled)
    # each die is drawn with the CLI picture's pictogram
    token = rolled[0]
    assert picture_of(page, f"button.ri-die[data-token='{token}'] >> nth=0 >> image") == _svg("space", token)

    page.locator("#ri-next").click()
    page.wait_for_selector("#ri-round[data-round='2']")
    assert shown(page) == printed(SEED, "meteor", 2)
    # the seed and the round are kept on this phone
    page.reload()
    page.wait_for_selector("#ri-round[data-round='2']")
    assert shown(page) == printed(SEED, "meteor", 2)
    page.locator("#lang").click()
    page.wait_for_selector("#ri-seed-go:text('Pokaż')")
    assert shown(page) == printed(SEED, "meteor", 2, "pl")
    page.locator("#lang").click()
    page.wait_for_selector("#ri-seed-go:text('Show')")
    page.locator("#ri-prev").click()
    page.wait_for_selector("#ri-round[data-round='1']")
    assert shown(page) == printed(SEED, "meteor", 1)

    # not a seed: said by the page in the player's words (it was the server's "seed: '12x' is not a
    # seed (… 0 to 9223372036854775807)", in English on a Polish page); the typing kept, the rolls stay
    page.fill("#ri-seed", "12x")
    page.locator("#ri-seed-go").click()
    page.wait_for_selector("#message:text('A seed is the whole number printed on the sheet, after “seed”: digits only.')")
    assert page.evaluate("document.activeElement.id") == "ri-seed" and page.locator("#ri-seed").input_value() == "12x"
    assert shown(page) == printed(SEED, "meteor", 1)
    page.locator("#lang").click()
    page.wait_for_selector("#ri-seed-go:text('Pokaż')")
    page.fill("#ri-seed", "12x")
    page.locator("#ri-seed-go").click()
    page.wait_for_selector("#message:text('Ziarno to liczba wydrukowana na karcie po słowie „ziarno”: same cyfry.')")
    assert not errors, errors


def test_craters_and_the_volcano_are_drawn_on_the_board(browser, server):
    base, _ = server
    page = browser.new_page(viewport={"width": 360, "height": 740})
    open_room(page, base, "railroad-ink", ["Ala"], {"expansion": "meteor"})
    ink = InkPage(page)
    ink.draw("C3", "x")
    ink.draw("C2", ".h.h")  # a highway into the crater: 2 meteor points
    crater = picture_of(page, "g.ri-cell[data-square='C3'] image[data-picture='x']")
    assert crater == _svg("space", "x")
    assert picture_of(page, "g.ri-cell[data-square='C2'] image") == _svg("space", ".h.h")
    page.wait_for_selector("tr[data-item='meteor'] td.num:text('2')")
    # the empty board under the spaces is the scored picture's
    assert 'id="exits"' in picture_of(page, "image.ri-frame")

    # the BG Stats link carries the page's total
    total = int(ink.total())
    href = page.locator("#bgstats").get_attribute("href")
    play = json.loads(unquote(href.split("?data=", 1)[1]))
    assert [(p["name"], p["score"], p["winner"]) for p in play["players"]] == [("Ala", total, True)]

    lava = browser.new_page(viewport={"width": 360, "height": 740})
    create_room_with(lava, base, "railroad-ink", ["Ala"], {"expansion": "lava"})
    lava.wait_for_selector("g.ri-cell[data-square='D4'] image[data-picture='llllv']")
    assert picture_of(lava, "g.ri-cell[data-square='D4'] image") == _svg("space", "llllv")
