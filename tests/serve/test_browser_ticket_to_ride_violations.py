"""Ticket to Ride's violations linked to the map (issue 30, item 6), at 360 × 740 with touch: each
violation the scorer finds names where it is — a route claimed over the trains a player has (all
their routes), a station borrowing a route nobody holds (its city and that route), a ticket not
completed (its two cities) — and tapping it pans and zooms the map to exactly that, rings it in
red, brings the map into view and announces it; the view and the highlight survive a redraw."""

from __future__ import annotations

from pathlib import Path

import pytest

from railprint.games.ticket_to_ride.maps import load_map
from railprint.loading.resources import use_content
from tests.serve.pages import who, open_room, version
from tests.serve.test_browser_ticket_to_ride_phone import touch_phones

ROOT = Path(__file__).resolve().parents[2]
AMBERLINE = ROOT / "content/examples/amberline"


@pytest.fixture(scope="module", autouse=True)
def laid_out():
    from railprint.games.ticket_to_ride.web import drawing

    drawing({"setup": {"map": "nordic"}}, {})


def post_change(page, base: str, url: str, parts: dict) -> None:
    """A change sent as another phone would (the API), on the room's current version."""
    room = url.rstrip("/").rsplit("/", 1)[1]
    before = version(page)
    answer = page.request.post(f"{base}/api/rooms/{room}/changes", data={"version": before, "parts": parts})
    assert answer.ok, answer.text()
    page.wait_for_function(f"Number(document.body.dataset.version) > {before}")


def inside(inner: dict, outer: dict, slack: float = 1.0) -> bool:
    return (inner["x"] >= outer["x"] - slack and inner["y"] >= outer["y"] - slack
            and inner["x"] + inner["width"] <= outer["x"] + outer["width"] + slack
            and inner["y"] + inner["height"] <= outer["y"] + outer["height"] + slack)


def shown(page, routes: list[str], cities: list[str]) -> dict:
    """The stage's box, after checking every flagged route and city lies within it and the
    stage within the 740 px screen."""
    stage = page.locator("#ttr-stage").bounding_box()
    assert stage["y"] >= -1 and stage["y"] + stage["height"] <= 741, stage   # the map is on screen
    assert sorted(page.locator("#ttr-stage").get_attribute("data-flagged").split(",")) == sorted(routes + cities)
    for rid in routes:
        ring = page.locator(f"polyline.ttr-flag[data-flag-route='{rid}']").bounding_box()
        assert ring and inside(ring, stage), (rid, ring, stage)
    for cid in cities:
        ring = page.locator(f"circle.ttr-flag[data-flag-city='{cid}']").bounding_box()
        assert ring and inside(ring, stage), (cid, ring, stage)
    return stage


def test_too_many_trains_and_a_ticket_not_completed_are_shown_on_the_map(browser, server):
    base, _ = server
    m = load_map("nordic")
    (context,), (page,), errors = touch_phones(browser, 1)
    url = open_room(page, base, "ticket-to-ride", ["Ala", "Bartek"], {"map": "nordic"})
    page.wait_for_selector("g.ttr-route")
    # Ala: the longest routes of distinct pairs, past the 40 trains a player has
    routes, pairs, trains = [], set(), 0
    for r in sorted(m.routes, key=lambda r: (-r.length, r.id)):
        if r.pair in pairs:
            continue
        routes.append(r.id)
        pairs.add(r.pair)
        trains += r.length
        if trains > m.trains_per_player:
            break
    touched = {c for rid in routes for c in (m.route[rid].a, m.route[rid].b)}
    ticket = min((t for t in m.tickets if t.a not in touched and t.b not in touched), key=lambda t: (t.points, t.id))
    post_change(page, base, url, {"player:Ala": {"routes": routes, "tickets": [ticket.id]}})

    link = page.locator("#violations li a.ttr-goto").first
    link.wait_for()
    assert f"uses {trains} trains" in link.inner_text()
    assert sorted(link.get_attribute("data-routes").split(",")) == sorted(routes)
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")   # the list is read at the bottom
    link.tap()
    page.wait_for_function("document.getElementById('ttr-stage').dataset.flagged !== ''")
    shown(page, routes, [])
    note = page.locator("#ttr-note")
    assert note.get_attribute("role") == "status" and "Shown on the map" in note.inner_text()
    assert f"uses {trains} trains" in note.inner_text()

    # the ticket not completed: its two cities, zoomed in closer than the whole map
    page.locator(f"input[data-ticket='{ticket.id}'] ~ span[data-completed='false']").wait_for()
    show = page.locator(f"button[data-show-ticket='{ticket.id}']")
    show.scroll_into_view_if_needed()
    show.tap()
    page.wait_for_function(f"document.getElementById('ttr-stage').dataset.flagged === '{ticket.a},{ticket.b}'"
                           f" || document.getElementById('ttr-stage').dataset.flagged === '{ticket.b},{ticket.a}'")
    shown(page, [], [ticket.a, ticket.b])
    assert float(page.locator("#ttr-stage").get_attribute("data-zoom")) > 1.2
    # a tap on the map ends the highlight
    stage = page.locator("#ttr-stage").bounding_box()
    page.touchscreen.tap(stage["x"] + 3, stage["y"] + 3)
    page.wait_for_function("document.getElementById('ttr-stage').dataset.flagged === ''")
    assert page.locator(".ttr-flag").count() == 0
    assert not errors, errors
    context.close()


def test_a_station_problem_is_shown_at_its_city_and_stays_across_redraws(browser, server):
    use_content([AMBERLINE])
    base, _ = server
    (ala_ctx, bartek_ctx), (ala, bartek), errors = touch_phones(browser, 2)
    url = open_room(ala, base, "ticket-to-ride", ["Ala", "Bartek"], {"map": "amberline"}, query="?poll=250&lang=pl")
    ala.wait_for_selector("g.ttr-route")
    # Ala's station in Velmar names Velmar - Skarn, which nobody holds: it borrows nothing
    post_change(ala, base, url, {"player:Ala": {"routes": [], "tickets": [],
                                                "stations": [{"city": "velmar", "route": "velmar-skarn"}]}})
    link = ala.locator("#violations li a.ttr-goto").first
    link.wait_for()
    assert "której nikt nie zajął" in link.inner_text()          # the Polish page says it in Polish
    assert link.get_attribute("data-cities") == "velmar" and link.get_attribute("data-routes") == "velmar-skarn"
    assert "pokaż na mapie" in link.get_attribute("aria-label")
    link.scroll_into_view_if_needed()
    link.tap()
    ala.wait_for_function("document.getElementById('ttr-stage').dataset.flagged === 'velmar-skarn,velmar'")
    shown(ala, ["velmar-skarn"], ["velmar"])
    zoom = float(ala.locator("#ttr-stage").get_attribute("data-zoom"))
    assert zoom > 1.5, zoom
    assert "Pokazane na mapie" in ala.locator("#ttr-note").inner_text()
    view = ala.locator("#ttr-stage svg").get_attribute("viewBox")

    # Bartek's phone claims a route: Ala's page redraws by poll, the view and the ring stay
    bartek.goto(url + "?poll=0")
    who(bartek, "Bartek")
    bartek.wait_for_selector("g.ttr-route")
    bartek.locator("button[data-player='Bartek']").click()
    before = version(ala)
    bartek.select_option("#ttr-city", "kelpa")
    bartek.locator(".ttr-routes button[data-route='kelpa-velmar']").click()
    ala.wait_for_function(f"Number(document.body.dataset.version) > {before}")
    ala.wait_for_selector("g.ttr-route[data-route='kelpa-velmar'][data-owner='Bartek']")
    assert ala.locator("#ttr-stage svg").get_attribute("viewBox") == view
    assert ala.locator("#ttr-stage").get_attribute("data-flagged") == "velmar-skarn,velmar"
    assert not errors, errors
    ala_ctx.close()
    bartek_ctx.close()


def test_every_violation_is_given_its_routes_and_cities():
    """``violation_targets`` reads the line each violation names in the game file the room writes:
    a claim its route, a double route's rule every claimed half, a ticket its two cities, the
    player's line (too many trains) all their routes — aligned with the scorer's list."""
    from railprint.games.ticket_to_ride.web import new_room
    from railprint.serve.app import score_room
    from railprint.serve.rooms import Room

    m = load_map("nordic")
    parts = new_room(["Ala", "Bartek"], {"map": "nordic"})
    long_first = sorted(m.routes, key=lambda r: (-r.length, r.id))
    double = next(pair for pair, ids in m.parallel_groups.items() if len(ids) == 2)
    halves = list(m.parallel_groups[double])
    singles = list({r.pair: r.id for r in reversed(long_first) if r.pair != double}.values())[::-1]
    ala = singles[:7] + halves
    ticket = m.tickets[0]
    parts["player:Ala"] = {"routes": ala, "tickets": [ticket.id]}
    parts["player:Bartek"] = {"routes": [ala[0]], "tickets": [ticket.id]}
    scored = score_room(Room("x", "ticket-to-ride", "", 0, 0.0, 0.0, parts))
    found = {v["message"]: t for v, t in zip(scored["result"]["violations"], scored["targets"])}
    assert len(scored["targets"]) == len(scored["result"]["violations"]) == 4, scored["result"]["violations"]
    trains = next(t for text, t in found.items() if "trains; each player has only" in text)
    assert sorted(trains["routes"]) == sorted(ala) and trains["cities"] == []
    parallel = next(t for text, t in found.items() if "two parallel routes" in text)
    assert sorted(parallel["routes"]) == sorted(halves)
    both = next(t for text, t in found.items() if "is claimed by both" in text)
    assert both == {"routes": [ala[0]], "cities": []}
    kept = next(t for text, t in found.items() if "is kept by both" in text)
    assert kept == {"routes": [], "cities": [ticket.a, ticket.b]}


def test_the_scored_board_fits_the_width_and_a_tap_opens_it_whole(browser, server):
    base, _ = server
    (context,), (page,), errors = touch_phones(browser, 1)
    open_room(page, base, "ticket-to-ride", ["Ala", "Bartek"], {"map": "nordic"})
    picture = page.locator("figure.picture a.picture-open img#ttr-picture")
    picture.wait_for(state="attached")
    link = page.locator("figure.picture a.picture-open")
    assert "/picture.svg?page=0" in link.get_attribute("href") and link.get_attribute("target") == "_blank"
    picture.scroll_into_view_if_needed()
    page.wait_for_function("document.getElementById('ttr-picture').naturalWidth > 0")
    box, figure = picture.bounding_box(), page.locator("figure.picture").bounding_box()
    assert abs(box["width"] - figure["width"]) <= 2 and box["width"] >= 330
    assert page.locator("figure.picture figcaption").inner_text() == "Tap the picture to open it whole."
    assert not errors, errors
    context.close()


def test_city_names_are_readable_at_every_zoom(browser, server):
    """The printed board's names are 2 px high on a phone showing the whole map: the page draws
    them at least 10 CSS px high at any zoom (and no smaller than the board's own size)."""
    base, _ = server
    (context,), (page,), errors = touch_phones(browser, 1)
    open_room(page, base, "ticket-to-ride", ["Ala", "Bartek"], {"map": "nordic"})
    page.wait_for_selector("text.ttr-label")

    def heights():
        return page.evaluate("[...document.querySelectorAll('text.ttr-label')].map((t) => t.getBoundingClientRect().height)")

    assert page.locator("#ttr-stage").get_attribute("data-zoom") == "1.000"
    assert len(heights()) >= 30 and min(heights()) >= 9.5, min(heights())
    small = float(page.locator("text.ttr-label").first.get_attribute("font-size"))
    for _ in range(6):
        page.locator("#ttr-zoom-in").click()
    assert float(page.locator("#ttr-stage").get_attribute("data-zoom")) == 8
    assert min(heights()) >= 9.5
    assert float(page.locator("text.ttr-label").first.get_attribute("font-size")) < small  # not grown with the zoom
    assert not errors, errors
    context.close()
