"""Ticket to Ride at the table, in a real browser: two phones claim routes (a parallel half
picked explicitly, on the map and in a city's list) and tick tickets; the ranking on both
equals the Python scorer's, and the downloaded game file scores the same with the CLI."""

from __future__ import annotations

import json

import pytest

from railprint.games.ticket_to_ride import load_map, score_text
from railprint.games.ticket_to_ride.notation import format_game
from tests.helpers import run_cli
from tests.serve.pages import who, download, open_room, phones, ranking, version

ALA_ROUTES = ["bergen-oslo-red", "oslo-orebro-green", "orebro-stockholm-black"]
ALA_TICKETS = ["t30", "t27"]  # Oslo - Stockholm (done), Oslo - København (not)
BARTEK_ROUTES = ["bergen-stavanger"]


@pytest.fixture(scope="module", autouse=True)
def laid_out():
    """The Nordic board's layout (seconds of CPU on a fresh cache) done before the pages ask for
    it, as ``railprint serve`` does when it starts: the page's waits then time the page alone."""
    from railprint.games.ticket_to_ride.web import drawing

    drawing({"setup": {"map": "nordic"}}, {})


def expected() -> dict[str, int]:
    m = load_map("nordic")
    text = format_game("nordic", [("Ala", ALA_ROUTES, ALA_TICKETS), ("Bartek", BARTEK_ROUTES, [])], m)
    return {p.name: p.total for p in score_text(text).games[0].players}


def trains_used() -> dict[str, int]:
    m = load_map("nordic")
    text = format_game("nordic", [("Ala", ALA_ROUTES, ALA_TICKETS), ("Bartek", BARTEK_ROUTES, [])], m)
    return {p.name: p.trains_used for p in score_text(text).games[0].players}


def tick(page, ticket: str) -> None:
    """Tick a ticket with one tap (check() would re-tap a redrawn box). The page shows the tap at
    once and keeps it through every redraw until its change has landed; whether it landed is
    read off the ranking and the downloaded file at the end — a lost tap fails the test."""
    box = f"input[data-ticket='{ticket}']"
    page.locator(box).click()
    page.wait_for_selector(box + ":checked")


def tap_route(page, route: str) -> None:
    """Tap (a mouse click) the middle car of ``route`` on the map, and pick it in the chooser
    when that opens."""
    page.locator("#ttr-stage").scroll_into_view_if_needed()
    x, y = page.evaluate("""(id) => { const cars = document.querySelectorAll(`g.ttr-route[data-route='${id}'] polygon`);
        const r = cars[Math.floor(cars.length / 2)].getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }""",
                         route)
    page.mouse.click(x, y)
    if page.locator("#ttr-chooser").is_visible():  # several routes near the finger: pick it by name
        page.locator(f"#ttr-chooser button[data-route='{route}']").click()


def settled(condition, seconds: float = 20.0) -> None:
    """Wait until ``condition()`` holds (the other phone's poll brings the last changes)."""
    import time

    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.2)


def test_two_phones_claim_routes_and_tickets_and_read_the_scorers_ranking(browser, server, tmp_path):
    base, _ = server
    (ala_phone, bartek_phone), (ala, bartek), errors = phones(browser)
    url = open_room(ala, base, "ticket-to-ride", ["Ala", "Bartek"], {"map": "nordic"})
    bartek.goto(url + "?poll=300")
    who(bartek, "Bartek")
    bartek.wait_for_selector("g.ttr-route[data-route='bergen-oslo-blue']")
    bartek.locator("button[data-player='Bartek']").click()

    # Ala picks routes from Oslo's list: each parallel is its own button; two taps in a row, the
    # second before the first has landed: both land (each is applied to the latest state)
    ala.wait_for_selector("#ttr-city")
    ala.select_option("#ttr-city", "oslo")
    before = version(ala)
    for route in ALA_ROUTES[:2]:
        ala.locator(f".ttr-routes button[data-route='{route}']").click()
    ala.wait_for_function(f"Number(document.body.dataset.version) >= {before + 2}")
    for route in ALA_ROUTES[:2]:
        ala.wait_for_selector(f".ttr-routes button[data-route='{route}'][aria-pressed='true']")
    ala.select_option("#ttr-city", "stockholm")
    ala.locator(".ttr-routes button[data-route='orebro-stockholm-black']").click()
    ala.wait_for_selector("g.ttr-route[data-route='orebro-stockholm-black'][data-owner='Ala']")
    # Bartek taps Bergen - Stavanger on the map itself (picked in the chooser if other routes are
    # within the finger's reach)
    tap_route(bartek, "bergen-stavanger")
    bartek.wait_for_selector("g.ttr-route[data-route='bergen-stavanger'][data-owner='Bartek']")
    # tickets: found by name, ticked
    for ticket, name in (("t30", "Stockholm"), ("t27", "København")):
        ala.fill("#ttr-filter", name)
        tick(ala, ticket)
    ala.wait_for_selector("input[data-ticket='t30'] ~ span[data-completed='true']")
    ala.wait_for_selector("input[data-ticket='t27'] ~ span[data-completed='false']")  # scored once it has landed

    want = {name: str(points) for name, points in expected().items()}
    for page in (ala, bartek):
        page.wait_for_function(f"Number(document.body.dataset.version) >= {len(ALA_ROUTES) + len(BARTEK_ROUTES) + 2}")
        settled(lambda: ranking(page) == want)
        assert ranking(page) == want
    assert ala.locator("#total").inner_text() == want["Ala"]
    # the trains line reads as a sentence in either language ("3 użytych wagonów" was not Polish)
    assert ala.locator("#ttr-trains").inner_text() == f"Trains used: {trains_used()['Ala']} of 40"

    # a route already held: the page says who holds it and changes nothing
    before = version(bartek)
    tap_route(bartek, "bergen-oslo-red")
    bartek.wait_for_selector("#ttr-note:text('Ala')")
    assert version(bartek) == before
    # and the other half of that double route: with two players only one may be claimed
    tap_route(bartek, "bergen-oslo-blue")
    bartek.wait_for_selector("#ttr-note:text('with 2 players only 1')")
    assert "Ala" in bartek.locator("#ttr-note").inner_text()
    assert version(bartek) == before

    saved = download(ala, tmp_path)
    cli = run_cli("score", "ticket-to-ride", str(saved), "--json")
    assert cli.exit_code == 0, cli.output
    assert {p["name"]: str(p["total"]) for p in json.loads(cli.stdout)["players"]} == want
    assert not errors, errors
    ala_phone.close()
    bartek_phone.close()
