"""Days of Steam at the table, in a real browser on a 360 px phone: two phones enter goods by
colour, circuit counters and steam on steppers; the ranking and the itemised score on the page
are the Python scorer's, an impossible count gets the server's message, and the downloaded
game file scores the same with the CLI."""

from __future__ import annotations

import json

from tests.helpers import run_cli
from tests.serve.pages import create_room_with, landed, phones, ranking, version


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
    # the game ended at once: Ala reached 13 VP
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
    assert ala.locator("#dos-winner").inner_text() == "Ala"
    assert bartek.locator("output[data-value='goods-B']").inner_text() == "5"

    # an impossible count: 8 blue goods in the whole game -> the server's message, no change
    tap(ala, "goods-B", 1, 2)
    before = version(ala)
    ala.locator("button[data-step='goods-B'][data-delta='1']").click()
    ala.wait_for_selector("#message:text('8 blue goods delivered in all; the game has 7')")
    assert version(ala) == before and ala.locator("output[data-value='goods-B']").inner_text() == "2"

    with ala.expect_download() as info:
        ala.locator("#downloads a").first.click()
    saved = tmp_path / info.value.suggested_filename
    info.value.save_as(saved)
    cli = run_cli("score", "days-of-steam", str(saved), "--json")
    assert cli.exit_code == 0, cli.output
    shown = ranking(ala)
    assert {p["name"]: str(p["total"]) for p in json.loads(cli.stdout)["players"]} == shown == \
        {"Ala": "19", "Bartek": "11"}  # 6 goods, 4 colours
    assert not errors, errors
    ala_phone.close()
    bartek_phone.close()
