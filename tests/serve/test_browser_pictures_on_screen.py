"""The scored picture under a phone's board is asked for only while the phone shows it: a phone
tapping its board (the picture below, off screen) makes the server draw nothing; scrolled to the
picture, it asks for the version shown then, once. (The browser's own lazy loading starts
1250 px ahead — the whole page of a phone — so every version was drawn for every phone.)"""

from __future__ import annotations

import json

import pytest

from tests.serve.pages import who, version

PLAYERS = ["Ala", "Bob"]


def _change(page, base: str, room: str, at: int, part: dict) -> int:
    answer = page.request.post(f"{base}/api/rooms/{room}/changes", data=json.dumps(
        {"version": at, "parts": {"player:Bob": part}}), headers={"Content-Type": "application/json"})
    assert answer.status == 200, answer.text()
    return answer.json()["room"]["version"]


@pytest.mark.parametrize("game, setup, parts, img", [
    ("railroad-ink", {}, [{"cells": ["h.h."] * k + ["."] * (49 - k)} for k in (1, 2, 3)], "ri-picture"),
    ("ticket-to-ride", {"map": "italy"}, [{"routes": r, "tickets": []} for r in
                                          (["agrigento-catania"], ["ancona-perugia"], ["agrigento-catania", "ancona-perugia"])],
     "ttr-picture"),
])
def test_a_phone_at_its_board_asks_for_no_picture_and_for_the_latest_once_scrolled_to_it(
        browser, server, game, setup, parts, img):
    base, _ = server
    page = browser.new_page(viewport={"width": 360, "height": 740})
    room = page.request.post(f"{base}/api/rooms", data=json.dumps({"game": game, "players": PLAYERS, "setup": setup}),
                             headers={"Content-Type": "application/json"}).json()["room"]["id"]
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/picture.svg" in r.url else None)
    page.goto(f"{base}/r/{room}")
    page.wait_for_selector("body[data-version='0']")
    who(page, PLAYERS[0])
    page.wait_for_selector(f"#{img}", state="attached")
    at = 0
    for part in parts:  # another phone's changes, pushed to this one: each a redraw with a new picture address
        at = _change(page, base, room, at, part)
        page.wait_for_selector(f"body[data-version='{at}']")
    page.wait_for_timeout(300)
    assert asked == [] and page.evaluate("scrollY") == 0
    assert page.evaluate(f"document.getElementById('{img}').getBoundingClientRect().top") > 740  # below the screen
    page.locator(f"#{img}").scroll_into_view_if_needed()
    page.wait_for_function(f"document.getElementById('{img}').complete && document.getElementById('{img}').naturalWidth > 0")
    assert len(asked) == 1 and asked[0].endswith(f"&v={at}") and version(page) == at
    at = _change(page, base, room, at, parts[0])  # shown: the next version's picture comes as it is pushed
    page.wait_for_function(f"document.getElementById('{img}').src.endsWith('&v={at}')")
    page.wait_for_function(f"document.getElementById('{img}').complete && document.getElementById('{img}').naturalWidth > 0")
    assert len(asked) == 2
