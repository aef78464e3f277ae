"""Jedzie pociąg z daleka at the table, in a real browser on a 360 px phone: two phones tap in
the rounds their locomotives reached the stations and type the route track readings (variant 2);
the ranking and itemised score on the page are the Python scorer's, a bad reading gets the
server's message, and the downloaded game file scores the same with the CLI."""

from __future__ import annotations

import json

from tests.helpers import run_cli
from tests.serve.pages import create_room_with, landed, phones, ranking, version


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
    url = create_room_with(ala, base, "allers-trains", ["Ala", "Bartek"], {"mode": "route+stations"})
    bartek.goto(url + "?poll=300")
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

    # a reading the track cannot show: the server's message, nothing changed
    before = version(ala)
    ala.fill("#at-route", "40+41")
    ala.locator("#at-route-save").click()
    ala.wait_for_selector("#message:text('the track runs 1-40')")
    assert version(ala) == before

    with ala.expect_download() as info:
        ala.locator("#downloads a").first.click()
    saved = tmp_path / info.value.suggested_filename
    info.value.save_as(saved)
    cli = run_cli("score", "allers-trains", str(saved), "--json")
    assert cli.exit_code == 0, cli.output
    scored = json.loads(cli.stdout)
    assert {p["name"]: str(p["total"]) for p in scored["players"]} == shown
    assert scored["spaces"] == {"1": {"Ala": 1, "Bartek": 2}, "2": {"Bartek": 1, "Ala": 2}}
    assert not errors, errors
    ala_phone.close()
    bartek_phone.close()
