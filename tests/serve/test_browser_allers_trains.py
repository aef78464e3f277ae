"""Jedzie pociąg z daleka at the table, in a real browser on a 360 px phone: two phones tap in
the rounds their locomotives reached the stations and type the route track readings (variant 2);
the ranking and itemised score on the page are the Python scorer's, a bad reading gets the
server's message, and the downloaded game file scores the same with the CLI."""

from __future__ import annotations

import json

from tests.helpers import run_cli
from tests.serve.pages import (who, create_room_with, download, landed, open_room, phones, ranking,
                               tap_three_times_at_once, version)
from tests.serve.test_browser_accessibility import axe_js, violations  # noqa: F401 (a fixture)


def tap(page, station: int, delta: int, times: int = 1) -> None:
    for _ in range(times):
        before = version(page)
        page.locator(f"button.at-step[data-station='{station}'][data-delta='{delta}']").click()
        landed(page, before)


def route(page, reading: str) -> None:
    before = version(page)
    page.fill("#at-route", reading)
    page.locator("#at-route-save").click()
    landed(page, before)


def test_two_phones_fill_the_scoring_board_and_read_the_scorers_ranking(browser, server, tmp_path):
    base, _ = server
    (ala_phone, bartek_phone), (ala, bartek), errors = phones(browser)
    url = open_room(ala, base, "allers-trains", ["Ala", "Bartek"], {"mode": "route+stations"})
    bartek.goto(url + "?poll=300")
    who(bartek, "Bartek")
    bartek.wait_for_selector("button.at-step[data-station='1']")
    bartek.locator("button[data-player='Bartek']").click()

    # Ala: station 1 in round 1, station 2 in round 3 (tapped to 4, then back); route 40+9
    tap(ala, 1, 1)
    tap(ala, 2, 1, 4)
    tap(ala, 2, -1)
    route(ala, "40+9")
    # Bartek: station 1 in round 2, station 2 in round 2; route 39
    tap(bartek, 1, 1, 2)
    tap(bartek, 2, 1, 2)
    route(bartek, "39")

    for page in (ala, bartek):
        page.wait_for_function("document.body.dataset.version === '12'")
        page.wait_for_selector("#ranking tbody tr[data-player='Ala']")
    shown = ranking(ala)
    assert ranking(bartek) == shown
    assert ala.locator("output[data-round='2']").inner_text() == "3"
    assert ala.locator("#at-route").input_value() == "40+9"
    assert ala.locator("tr[data-item='route_points'] td.num").inner_text() == "49"
    assert ala.locator("#total").inner_text() == shown["Ala"]
    # the other player's arrival is shown with their letter
    assert "Bartek @2" in ala.locator(".at-station[data-station='1'] .at-detail").inner_text()

    # a reading the track cannot show (or mistyped: O for 0): said by the page in the player's words,
    # not the server's "player:Ala: route: …", and the field keeps the typing to correct; nothing changed
    before = version(ala)
    for typed in ("40+41", "4O+9", "81"):
        ala.fill("#at-route", typed)
        ala.locator("#at-route-save").click()
        ala.wait_for_selector("#message:text('Type the number the track shows: 0 to 40, or 40+1 to 40+40 past the end.')")
        assert ala.evaluate("document.activeElement.id") == "at-route"
        assert ala.locator("#at-route").input_value() == typed
        ala.locator("#message").evaluate("m => { m.textContent = ''; }")
    assert version(ala) == before
    ala.locator("#lang").click()
    ala.fill("#at-route", "40+41")
    ala.locator("#at-route-save").click()
    ala.wait_for_selector("#message:text('Wpisz liczbę z toru: od 0 do 40 albo od 40+1 do 40+40 za końcem.')")
    ala.locator("#lang").click()
    assert version(ala) == before

    saved = download(ala, tmp_path)
    cli = run_cli("score", "allers-trains", str(saved), "--json")
    assert cli.exit_code == 0, cli.output
    scored = json.loads(cli.stdout)
    assert {p["name"]: str(p["total"]) for p in scored["players"]} == shown
    assert scored["spaces"] == {"1": {"Ala": 1, "Bartek": 2}, "2": {"Bartek": 1, "Ala": 2}}
    assert not errors, errors
    ala_phone.close()
    bartek_phone.close()


def lay(page, placement: str) -> int:
    """Tap the square, pick the tile from the hand, tap it in its turn (which places it): the taps."""
    square, tile, rotation = placement.split()
    before = version(page)
    page.locator(f"g.at-square[data-square='{square}']").click()
    page.locator(f"button.at-tile[data-tile='{tile}']").click()
    assert page.locator("#at-pending").inner_text() == f"{tile} 0°"
    turned = page.locator(f"button.at-turn[data-rotation='{rotation}']")
    assert turned.inner_text().split() == [tile, f"{rotation}°"]   # the tile drawn so, and its turn
    turned.click()
    landed(page, before)
    return 3


ALA = ("A2 T03 180", "B1 T15 270", "C1 T08 270", "C2 T11 270", "D2 T01 90", "D3 T07 270")
BARTEK = ("A2 T15 0", "A3 T01 0", "B1 T06 0")


def test_frames_entered_by_taps_are_replayed_and_the_file_scores_the_same(browser, server, tmp_path):
    base, _ = server
    (phone,), (page,), errors = phones(browser, 1)
    create_room_with(page, base, "allers-trains", ["Ala", "Bartek"], {"mode": "route+stations", "entry": "frames"})
    page.wait_for_selector("g.at-square[data-square='B1'][data-playable='true']")
    # where a first tile can go comes from the replay: beside the depot, facing a locomotive
    playable = [g.get_attribute("data-square") for g in page.locator("g.at-square[data-playable='true']").all()]
    assert sorted(playable) == ["A2", "B1"]
    # a square where no tile can move a locomotive: said at the tap, in the page's language, before a
    # tile is picked and turned (it was the server's English reason after Place); nothing changed
    before = version(page)
    page.locator("g.at-square[data-square='D4']").click()
    page.wait_for_selector("#message:text('A tile here would move no locomotive: pick a dashed square (+).')")
    assert page.locator("button.at-tile").count() == 0 and page.locator("#at-place").count() == 0
    page.locator("#lang").click()
    page.locator("g.at-square[data-square='C3']").click()
    page.wait_for_selector("#message:text('Kafelek tutaj nie ruszy żadnej lokomotywy: wybierz pole przerywane (+).')")
    page.locator("#lang").click()
    page.locator("g.at-square[data-square='B1']").click()   # a dashed square: the hand to pick from
    page.wait_for_selector("button.at-tile[data-tile='T02']")
    assert page.locator("#message").inner_text() == ""
    assert version(page) == before

    for placement in ALA[:3]:
        lay(page, placement)
    # a wrong tile taken back
    lay(page, "C2 T02 0")
    before = version(page)
    page.locator("#at-take-back").click()
    landed(page, before)
    assert page.locator("g.at-square[data-square='C2']").get_attribute("data-tile") == ""
    for placement in ALA[3:]:
        lay(page, placement)
    assert [page.locator(f"g.at-square[data-square='{p.split()[0]}']").get_attribute("data-tile") for p in ALA] == \
        [" ".join(p.split()[1:]) for p in ALA]
    page.wait_for_selector("#at-over")  # every locomotive has stopped
    arrivals = [r.get_attribute("data-station") for r in page.locator("#at-arrivals tbody tr").all()]
    assert sorted(arrivals) == ["4", "7"]
    assert page.locator("#at-locos li[data-colour='violet']").get_attribute("data-state") == "arrived"
    page.evaluate("document.getElementById('at-picture').scrollIntoView()")  # loaded lazily: only a phone showing it asks
    page.wait_for_function("document.getElementById('at-picture').naturalWidth > 0")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360  # nothing wider than the phone

    page.locator("button[data-player='Bartek']").click()
    page.wait_for_selector("g.at-square[data-square='B1'][data-playable='true']")
    for placement in BARTEK:
        lay(page, placement)
    shown = ranking(page)
    bartek_total = page.locator("#total").inner_text()

    saved = download(page, tmp_path)
    assert "  \"Ala\": [" + ", ".join(ALA) + "]" in saved.read_text()
    cli = run_cli("score", "allers-trains", str(saved), "--json")
    assert cli.exit_code == 0, cli.output
    scored = json.loads(cli.stdout)
    assert {p["name"]: str(p["total"]) for p in scored["players"]} == shown
    assert str(scored["players"][1]["total"]) == bartek_total
    assert sorted(a["station"] for a in scored["players"][0]["arrivals"]) == [4, 7]
    # in Polish: the frame's labels and the locomotives' colours by name
    page.locator("#lang").click()
    page.wait_for_selector(".at-frames h3:text('Twoja ramka: kafelki w kolejności kładzenia')")
    assert page.locator("#at-locos li[data-colour='violet']").inner_text().startswith("V fioletowa:")
    assert not errors, errors
    phone.close()


def test_a_frame_tile_is_placed_in_three_taps_whatever_its_turn(browser, server, axe_js):
    """Square, tile, then the tile in the turn it lies in: three taps (Turn ↻ … Place took 3-6:
    Ala's six tiles 33 taps, now 18). The four turns are thumb-sized, on the phone, and pass axe."""
    base, _ = server
    (phone,), (page,), errors = phones(browser, 1)
    open_room(page, base, "allers-trains", ["Ala", "Bartek"], {"mode": "route+stations", "entry": "frames"},
              query="?lang=pl")
    page.wait_for_selector("g.at-square[data-square='B1'][data-playable='true']")
    page.locator("g.at-square[data-square='A2']").click()
    page.locator("button.at-tile[data-tile='T03']").click()
    turns = page.locator("button.at-turn")
    assert [turns.nth(i).get_attribute("data-rotation") for i in range(4)] == ["0", "90", "180", "270"]
    for i in range(4):
        box = turns.nth(i).bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44 and box["x"] + box["width"] <= 360, box
    assert turns.nth(2).inner_text().split() == ["T03", "180°"]
    assert page.locator(".at-turns").get_attribute("aria-label") == "Połóż obrócony tak:"
    assert violations(page, axe_js) == []
    before = version(page)
    turns.nth(2).click()   # the third tap places it
    landed(page, before)
    assert page.locator("g.at-square[data-square='A2']").get_attribute("data-tile") == "T03 180"
    assert page.locator("button.at-turn").count() == 0
    assert sum(lay(page, placement) for placement in ALA[1:]) == 15
    assert [page.locator(f"g.at-square[data-square='{p.split()[0]}']").get_attribute("data-tile") for p in ALA] == \
        [" ".join(p.split()[1:]) for p in ALA]
    assert not errors, errors
    phone.close()


def test_quick_taps_on_a_station_all_count(browser, server):
    """Taps made before the previous one has landed each step the latest round (none is refused
    as a change made on another screen)."""
    base, _ = server
    (phone,), (ala,), errors = phones(browser, 1)
    open_room(ala, base, "allers-trains", ["Ala", "Bartek"], {"mode": "stations"})
    ala.wait_for_selector("button.at-step[data-station='1']")
    tap_three_times_at_once(ala, "button.at-step[data-station='1'][data-delta='1']")
    assert ala.locator("output[data-round='1']").inner_text() == "3"
    assert ala.locator("#message").inner_text() == ""
    # the base game has no route entry: nothing in its place (it printed the word "null")
    assert "null" not in ala.locator("#editor").evaluate(
        "e => [...e.childNodes].filter(n => n.nodeType === 3).map(n => n.textContent).join('|')")
    assert not errors, errors
    phone.close()


def test_any_round_is_two_taps_and_a_whole_board_is_counted(browser, server):
    """The round's value opens the rounds (–, 1–15): a tap sets one. A player's four arrivals in
    rounds 6, 9, 12 and 14 took 6 + 9 + 12 + 14 = 41 taps of + before; now 8. Polish, 360 px."""
    base, _ = server
    (ctx,), (page,), errors = phones(browser, 1)
    open_room(page, base, "allers-trains", ["Ala"], {"mode": "stations"}, query="?lang=pl")
    page.wait_for_selector("button.at-pick[data-pick='1']")
    assert page.locator(".at-station[data-station='1'] .at-detail").inner_text().startswith("brak przyjazdu")
    taps = 0
    for station, rnd in ((1, 6), (3, 9), (5, 12), (7, 14)):
        page.locator(f"button.at-pick[data-pick='{station}']").click()
        taps += 1
        choice = page.locator(f"#at-rounds-{station} button[data-set-round='{rnd}']")
        box = choice.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, box
        before = version(page)
        choice.click()
        taps += 1
        landed(page, before)
        assert page.locator(f"output[data-round='{station}']").inner_text() == str(rnd)
        assert page.locator(f"#at-rounds-{station}").count() == 0   # closed by the choice
    assert taps == 8
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    room = page.evaluate("fetch(location.pathname.replace('/r/', '/api/rooms/')).then((r) => r.json())")
    assert room["room"]["parts"]["player:Ala"]["arrivals"] == {"1": 6, "2": None, "3": 9, "4": None, "5": 12,
                                                              "6": None, "7": 14}
    # and back to "not arrived" in two taps
    page.locator("button.at-pick[data-pick='7']").click()
    before = version(page)
    page.locator("#at-rounds-7 button[data-set-round='none']").click()
    landed(page, before)
    assert page.locator("output[data-round='7']").inner_text() == "–"
    assert not errors, errors
