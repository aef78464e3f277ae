"""Days of Steam at the table, in a real browser on a 360 px phone: two phones enter goods by
colour, circuit counters and steam on steppers; the ranking and the itemised score on the page
are the Python scorer's, an impossible count gets the server's message, and the downloaded
game file scores the same with the CLI."""

from __future__ import annotations

import json

from tests.helpers import run_cli
from tests.serve.pages import (who, create_room_with, download, landed, open_room, phones, ranking,
                               tap_three_times_at_once, version)
from tests.serve.test_browser_accessibility import axe_js, violations  # noqa: F401 (a fixture)


def tap(page, step: str, delta: int, times: int = 1) -> None:
    """Tap a stepper ``times`` times, each tap landing before the next."""
    for _ in range(times):
        before = version(page)
        page.locator(f"button[data-step='{step}'][data-delta='{delta}']").click()
        landed(page, before)


def test_two_phones_enter_a_game_and_read_the_scorers_ranking(browser, server, tmp_path):
    base, _ = server
    (ala_phone, bartek_phone), (ala, bartek), errors = phones(browser)
    url = create_room_with(ala, base, "days-of-steam", ["Ala", "Bartek"])
    bartek.goto(url + "?poll=300")
    who(bartek, "Bartek")
    bartek.wait_for_selector("button[data-step='goods-R']")
    bartek.locator("button[data-player='Bartek']").click()

    # Ala: R R G Y, 2 circuits, steam 3 -> 8 + 3 (3 colours) + 2 = 13
    tap(ala, "goods-R", 1, 2)
    tap(ala, "goods-G", 1)
    tap(ala, "goods-Y", 1)
    tap(ala, "circuits", 1, 2)
    tap(ala, "steam", 1, 3)
    # Bartek: B B B B B, 1 circuit, steam 6, one green taken back -> 10 + 0 + 1 = 11
    tap(bartek, "goods-B", 1, 5)
    tap(bartek, "goods-G", 1)
    tap(bartek, "goods-G", -1)
    tap(bartek, "circuits", 1)
    tap(bartek, "steam", 1, 6)
    assert bartek.locator("button[data-step='steam'][data-delta='1']").is_disabled()  # 6 is the most
    # the game ended at once: Ala reached 13 VP. Until someone says so, the scorer's violation, said to
    # the player as a sentence, not at the place in a game file they never typed (`game.yaml:4:12: `)
    bartek.wait_for_selector("#violations li")
    assert bartek.locator("#violations li").inner_text().startswith("Ala has 13 VP: reaching 13 ends the game at once")
    before = version(bartek)
    bartek.locator("input[data-end='instant']").click()
    bartek.wait_for_function(f"Number(document.body.dataset.version) > {before}")

    for page in (ala, bartek):
        page.wait_for_function("document.body.dataset.version === '24'")
        page.wait_for_selector("#ranking tbody tr[data-player='Ala']")
        assert ranking(page) == {"Ala": "13", "Bartek": "11"}
        assert page.locator("input[data-end='instant']").is_checked()
    assert ala.locator("#total").inner_text() == "13"
    assert ala.locator("tr[data-item='colour_bonus'] td.num").inner_text() == "3"
    # "(3 colours)" was "(1 colours)", "(0 kolory)" for other counts: a label and a colon fit every number
    assert ala.locator("tr[data-item='colour_bonus'] td").first.inner_text().endswith("(colours: 3)")
    assert ala.locator("#dos-winner").inner_text() == "Ala"
    assert bartek.locator("output[data-value='goods-B']").inner_text() == "5"

    # an impossible count: 8 blue goods in the whole game -> said by the page, in its language, with
    # who holds them (it was the server's English "8 blue goods delivered in all; the game has 7"), no change
    tap(ala, "goods-B", 1, 2)
    before = version(ala)
    ala.locator("button[data-step='goods-B'][data-delta='1']").click()
    ala.wait_for_selector("#message:text('All 7 goods of this colour are delivered already (Ala 2, Bartek 5).')")
    ala.locator("#lang").click()
    ala.locator("button[data-step='goods-B'][data-delta='1']").click()
    ala.wait_for_selector("#message:text('Dostarczono już wszystkie 7 towarów tego koloru (Ala 2, Bartek 5).')")
    ala.locator("#lang").click()
    assert version(ala) == before and ala.locator("output[data-value='goods-B']").inner_text() == "2"
    # the server refuses it too (a phone that skips the page's check, or two phones at once)
    answer = ala.request.post(url.replace("/r/", "/api/rooms/") + "/changes", data={"version": before, "parts": {
        "player:Ala": {"goods": {"R": 2, "G": 1, "Y": 1, "B": 3}, "circuits": 2, "steam": 3}}})
    assert answer.status == 400 and "8 blue goods delivered in all; the game has 7" in answer.json()["error"]

    saved = download(ala, tmp_path)
    cli = run_cli("score", "days-of-steam", str(saved), "--json")
    assert cli.exit_code == 0, cli.output
    shown = ranking(ala)
    assert {p["name"]: str(p["total"]) for p in json.loads(cli.stdout)["players"]} == shown == \
        {"Ala": "19", "Bartek": "11"}  # 6 goods, 4 colours
    assert not errors, errors
    ala_phone.close()
    bartek_phone.close()


def place(page, at: str, kind: str, turns: int = 0, flag: str | None = None) -> int:
    """Tap the square at ``row,col`` (the ring around the map too), then a city (placed at once),
    or a tile, its mark and the tile in its turn (which places it): the taps."""
    before = version(page)
    page.locator(f"g.dos-square[data-at='{at}']").click()
    page.locator(f"button[data-kind='{kind}']").click()
    taps = 2
    if len(kind) > 1:   # a tile (a city is one letter)
        if flag:
            page.locator(f"input[data-flag='{flag}']").check()
            taps += 1
        turned = page.locator(f"button.dos-turn[data-rotation='{turns}']")
        assert turned.inner_text().split() == [f"{90 * turns}°"]
        turned.click()
        taps += 1
    landed(page, before)
    return taps


def test_a_map_entered_by_taps_is_scored_and_the_file_scores_the_same(browser, server, tmp_path):
    base, _ = server
    (phone,), (ala,), errors = phones(browser, 1)
    open_room(ala, base, "days-of-steam", ["Ala", "Bartek"])
    ala.wait_for_selector("g.dos-square[data-at='0,0']")
    assert ala.locator("#dos-no-map").is_visible()
    # nobody has a point yet: both win, and the line says so (it read "Winner: Ala, Bartek")
    ala.wait_for_selector("#dos-winner:text('Ala, Bartek')")
    assert ala.locator("#dos-winner").evaluate("s => s.parentNode.textContent").startswith("Winners (a tie): Ala, Bartek")
    tap(ala, "goods-R", 1)
    tap(ala, "goods-G", 1)
    tap(ala, "circuits", 1, 2)
    # the loop  cu1 st1 cu2 / R . G / cu0 st1h cu3, square by square, growing out of the first city;
    # the square names shift as the map grows north (data-at counts from the map's top-left)
    # 8 squares in 23 taps (2 a city, 3 a tile, 4 with its mark; Turn ↻ … Place took 33)
    assert sum((place(ala, "0,0", "R"), place(ala, "-1,0", "cu", 1), place(ala, "0,1", "st", 1),
                place(ala, "0,2", "cu", 2), place(ala, "1,2", "G"), place(ala, "2,2", "cu", 3),
                place(ala, "2,1", "st", 1, "h"), place(ala, "2,0", "cu"))) == 23
    assert [ala.locator(f"g.dos-square[data-square='{sq}']").get_attribute("data-token")
            for sq in ("A1", "B1", "C1", "A2", "B2", "C2", "A3", "B3", "C3")] == \
        ["cu1", "st1", "cu2", "R", ".", "G", "cu0", "st1h", "cu3"]
    assert ala.locator("#dos-circuits").inner_text() == "1"
    assert ala.locator("#dos-circuit-list li").all_inner_texts() == ["A2 → A1 → B1 → C1 → C2 → C3 → B3 → A3"]
    # the circuit's number on every square it runs through, in the editor too
    assert sorted(g.get_attribute("data-square") for g in ala.locator("g.dos-square[data-circuits='1']").all()) == \
        ["A1", "A2", "A3", "B1", "B3", "C1", "C2", "C3"]
    assert ala.evaluate("document.documentElement.scrollWidth") <= 360  # nothing wider than the phone
    # two counters claimed, the map allows one: the scorer's violation on the page
    ala.wait_for_selector("#violations li:has-text('2 circuit counters claimed, but the map allows at most 1')")
    ala.evaluate("document.getElementById('dos-picture').scrollIntoView()")  # loaded lazily: only a phone showing it asks
    ala.wait_for_function("document.getElementById('dos-picture').naturalWidth > 0")
    # a tile replaced, then erased: the map follows
    place(ala, "1,1", "dc")
    assert ala.locator("g.dos-square[data-square='B2']").get_attribute("data-token") == "dc0"
    before = version(ala)
    ala.locator("g.dos-square[data-square='B2']").click()
    ala.locator("#dos-erase").click()
    landed(ala, before)
    assert ala.locator("g.dos-square[data-square='B2']").get_attribute("data-token") == "."
    shown = ranking(ala)

    saved = download(ala, tmp_path)
    cli = run_cli("score", "days-of-steam", str(saved), "--json")
    assert cli.exit_code == 0, cli.output
    scored = json.loads(cli.stdout)
    assert {p["name"]: str(p["total"]) for p in scored["players"]} == shown == {"Ala": "7", "Bartek": "0"}
    assert scored["map"]["circuits_found"] == 1 and scored["map"]["circuits_allowed"] == 1
    assert scored["map"]["circuits"] == [["A2", "A1", "B1", "C1", "C2", "C3", "B3", "A3"]]

    # a file with a tile the set does not have: the server's message on the page, nothing changed
    before = version(ala)
    ala.set_input_files("#upload", files=[{"name": "game.yaml", "mimeType": "text/plain",
                                           "buffer": saved.read_bytes().replace(b"st1h", b"br1h")}])
    ala.wait_for_selector("#message:has-text('the set has no bridge with a hill')")
    assert version(ala) == before
    # in Polish: the map's labels and the set's tiles by their Polish names
    ala.locator("#lang").click()
    ala.wait_for_selector(".dos-map-section h3:text('Mapa na koniec gry (wspólna)')")
    ala.locator("g.dos-square[data-square='B2']").click()
    assert ala.locator("button[data-kind='dc']").inner_text() == "podwójny łuk"
    assert ala.locator("button[data-kind='G']").inner_text().split() == ["G", "zielone", "miasto"]  # letter and name
    assert not errors, errors
    phone.close()


def test_the_four_turns_of_a_picked_tile_are_thumb_sized_and_pass_axe(browser, server, axe_js):
    base, _ = server
    (phone,), (ala,), errors = phones(browser, 1)
    open_room(ala, base, "days-of-steam", ["Ala", "Bartek"], query="?lang=pl")
    ala.wait_for_selector("g.dos-square[data-at='0,0']")
    ala.locator("g.dos-square[data-at='0,0']").click()
    assert ala.locator("button.dos-turn").count() == 0   # a city needs no turn
    ala.locator("button[data-kind='sw']").click()
    turns = ala.locator("button.dos-turn")
    assert [turns.nth(i).inner_text().split() for i in range(4)] == [["0°"], ["90°"], ["180°"], ["270°"]]
    assert ala.locator(".dos-turns").get_attribute("aria-label") == "Połóż obrócony tak:"
    for i in range(4):
        box = turns.nth(i).bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44 and box["x"] + box["width"] <= 360, box
    assert violations(ala, axe_js) == []
    assert not errors, errors
    phone.close()


def test_quick_taps_on_a_stepper_all_count(browser, server):
    """Taps made before the previous one has landed are each applied to the latest counts (none
    is refused as a change made on another screen), and a tap past the limit is not sent."""
    base, _ = server
    (phone,), (ala,), errors = phones(browser, 1)
    open_room(ala, base, "days-of-steam", ["Ala", "Bartek"])
    ala.wait_for_selector("button[data-step='goods-R']")
    tap_three_times_at_once(ala, "button[data-step='goods-R'][data-delta='1']")
    assert ala.locator("output[data-value='goods-R']").inner_text() == "3"
    assert ala.locator("#message").inner_text() == ""
    # the game's 7 circuit counters shared by the table: the 8th is said by the page, not sent
    tap(ala, "circuits", 1, 4)
    ala.locator("button[data-player='Bartek']").click()
    tap(ala, "circuits", 1, 3)
    before = version(ala)
    ala.locator("button[data-player='Ala']").click()
    ala.locator("button[data-step='circuits'][data-delta='1']").click()
    ala.wait_for_selector("#message:text('All 7 circuit counters are held already (Ala 4, Bartek 3).')")
    assert version(ala) == before and ala.locator("output[data-value='circuits']").inner_text() == "4"
    assert not errors, errors
    phone.close()
