"""Ticket to Ride on a phone (360 × 740, touch emulated, Debian's Chromium): two fingers pan and
zoom the map and it stays where the player left it across every redraw; a tap claims the route
under the finger within a thumb-sized reach; near several routes a chooser names them (the
halves of a double told apart); stations placed and their borrowed route named; an uploaded
file keeps its stations and the page's totals equal ``railprint score``; two phones claiming
one route at once: one owner, the other told who next to the map; the ticket list keeps its
scroll and "Find a ticket" its focus and keystrokes."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from railprint.loading.resources import use_content
from tests.helpers import run_cli
from tests.serve.pages import who, create_room_with, download, landed, open_room, ranking, version

ROOT = Path(__file__).resolve().parents[2]
AMBERLINE = ROOT / "content/examples/amberline"
ITEMS = ("route_points", "ticket_points", "globetrotter", "longest_path_bonus", "region_bonus", "station_points")


@pytest.fixture(scope="module", autouse=True)
def laid_out():
    """The boards' layouts done before the pages ask for them (as ``railprint serve`` does)."""
    from railprint.games.ticket_to_ride.web import drawing

    drawing({"setup": {"map": "nordic"}}, {})


def touch_phones(browser, count: int = 1):
    contexts = [browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True)
                for _ in range(count)]
    pages = [c.new_page() for c in contexts]
    errors: list[str] = []
    for page in pages:
        page.on("pageerror", lambda exc: errors.append(str(exc)))
    return contexts, pages, errors


def the_view(page) -> tuple[str, str]:
    return page.locator("#ttr-stage svg").get_attribute("viewBox"), page.locator("#ttr-stage").get_attribute("data-zoom")


def show_map(page) -> dict:
    page.wait_for_selector("g.ttr-route")
    page.locator("#ttr-stage").scroll_into_view_if_needed()
    return page.locator("#ttr-stage").bounding_box()


def pinch(page, context, centre: tuple[float, float], start: float, end: float, steps: int = 8) -> None:
    """Two fingers on the map, ``start`` px apart around ``centre``, moved to ``end`` px apart."""
    cdp = context.new_cdp_session(page)
    x, y = centre

    def points(gap):
        return [{"x": x - gap / 2, "y": y, "id": 0}, {"x": x + gap / 2, "y": y, "id": 1}]

    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": points(start)})
    for i in range(1, steps + 1):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": points(start + (end - start) * i / steps)})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def drag(page, context, frm: tuple[float, float], to: tuple[float, float], steps: int = 8) -> None:
    cdp = context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": frm[0], "y": frm[1], "id": 0}]})
    for i in range(1, steps + 1):
        p = {"x": frm[0] + (to[0] - frm[0]) * i / steps, "y": frm[1] + (to[1] - frm[1]) * i / steps, "id": 0}
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [p]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def car_centre(page, route: str) -> tuple[float, float, float, float]:
    """The screen point of the middle car of ``route`` and the unit normal to the route there."""
    return tuple(page.evaluate("""(id) => {
        const cars = [...document.querySelectorAll(`g.ttr-route[data-route='${id}'] polygon`)];
        const c = (el) => { const r = el.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; };
        const mid = c(cars[Math.floor(cars.length / 2)]), a = c(cars[0]), b = c(cars[cars.length - 1]);
        const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
        return [mid[0], mid[1], -(b[1] - a[1]) / len, (b[0] - a[0]) / len]; }""", route))


def loneliest_route(client_drawing: dict) -> tuple[str, float]:
    """The route whose middle car is farthest from every other route (map units)."""
    def seg(p, a, b):
        dx, dy = b[0] - a[0], b[1] - a[1]
        n = dx * dx + dy * dy
        t = max(0, min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / n)) if n else 0
        return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)

    best = ("", 0.0)
    for r in client_drawing["routes"]:
        if len(r["cars"]) < 3:
            continue
        car = r["cars"][len(r["cars"]) // 2]
        p = (sum(x for x, _ in car) / len(car), sum(y for _, y in car) / len(car))
        near = min(seg(p, o["path"][i], o["path"][i + 1]) for o in client_drawing["routes"] if o["id"] != r["id"]
                   for i in range(len(o["path"]) - 1))
        near = min([near] + [math.hypot(p[0] - c["at"][0], p[1] - c["at"][1]) for c in client_drawing["places"]])
        if near > best[1]:
            best = (r["id"], near)
    return best


def ala_watching_bartek(browser, server):
    """A Nordic room on two phones: Ala's polls every 250 ms, Bartek's (showing Bartek) never."""
    base, _ = server
    contexts, (ala, bartek), errors = touch_phones(browser, 2)
    url = open_room(ala, base, "ticket-to-ride", ["Ala", "Bartek"], {"map": "nordic"}, query="?poll=250")
    bartek.goto(url + "?poll=0")
    who(bartek, "Bartek")
    bartek.wait_for_selector("g.ttr-route")
    bartek.locator("button[data-player='Bartek']").click()
    return contexts, (ala, bartek), errors


def test_pinch_pan_and_the_view_stays_across_every_redraw(browser, server):
    (ala_ctx, bartek_ctx), (ala, bartek), errors = ala_watching_bartek(browser, server)
    box = show_map(ala)
    assert box["width"] >= 330 and box["height"] >= 400  # the map fills the phone's width
    before = the_view(ala)
    pinch(ala, ala_ctx, (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2), 60, 240)
    zoom = float(ala.locator("#ttr-stage").get_attribute("data-zoom"))
    assert 3.0 < zoom < 5.0, zoom  # fingers 4 × farther apart: 4 × the zoom
    drag(ala, ala_ctx, (box["x"] + 200, box["y"] + 200), (box["x"] + 120, box["y"] + 140))
    left = the_view(ala)
    assert left != before and left[1] == ala.locator("#ttr-stage").get_attribute("data-zoom")
    # this phone's own change (a route from a city's list) and its redraw: the view stays
    ala.select_option("#ttr-city", "oslo")
    v = version(ala)
    ala.locator(".ttr-routes button[data-route='goteborg-oslo']").click()
    landed(ala, v)
    ala.wait_for_selector("g.ttr-route[data-route='goteborg-oslo'][data-owner='Ala']")
    assert the_view(ala) == left
    # another phone's change, arriving by poll: the view stays
    bartek.select_option("#ttr-city", "stockholm")
    bartek.locator(".ttr-routes button[data-route='helsinki-stockholm-gray']").click()
    ala.wait_for_selector("g.ttr-route[data-route='helsinki-stockholm-gray'][data-owner='Bartek']")
    assert the_view(ala) == left
    # the − and + buttons zoom about the centre and still keep what they set
    ala.locator("#ttr-zoom-in").click()
    assert float(ala.locator("#ttr-stage").get_attribute("data-zoom")) == pytest.approx(min(8, zoom * 1.5), rel=1e-3)
    assert not errors, errors
    ala_ctx.close()
    bartek_ctx.close()


def test_a_tap_within_a_thumbs_reach_claims_the_route_and_a_crowd_gets_a_chooser(browser, server, client_drawing):
    base, _ = server
    (ctx,), (page,), errors = touch_phones(browser)
    open_room(page, base, "ticket-to-ride", ["Ala", "Bartek"], {"map": "nordic"})
    box = show_map(page)

    # near Oslo at the whole map's scale several routes are within reach: a chooser names them
    oslo = page.locator("circle[data-city='oslo']").bounding_box()
    page.touchscreen.tap(oslo["x"] + oslo["width"] / 2, oslo["y"] + oslo["height"] / 2)
    page.wait_for_selector("#ttr-chooser:not([hidden]) button[data-route]")
    names = page.locator("#ttr-chooser button[data-route]").all_inner_texts()
    assert "Oslo – Örebro · 2 · green" in names and "Oslo – Örebro · 2 · yellow" in names, names
    for button in page.locator("#ttr-chooser button").all():
        assert button.bounding_box()["height"] >= 44  # thumb-sized
    v = version(page)
    page.locator("#ttr-chooser button[data-route='oslo-orebro-yellow']").click()
    landed(page, v)
    assert page.locator("g.ttr-route[data-route='oslo-orebro-yellow']").get_attribute("data-owner") == "Ala"
    assert page.locator("g.ttr-route[data-route='oslo-orebro-green']").get_attribute("data-owner") == ""
    assert page.locator("#ttr-chooser").is_hidden()

    # a gray double: its two halves named apart, the one picked is the one claimed
    gray = next(r for r in client_drawing["routes"] if r["name"].endswith("gray (2nd)"))
    x, y, _, _ = car_centre(page, gray["id"])
    page.touchscreen.tap(x, y)
    page.wait_for_selector(f"#ttr-chooser:not([hidden]) button[data-route='{gray['id']}']")
    texts = page.locator("#ttr-chooser button[data-route]").all_inner_texts()
    assert gray["name"] in texts and gray["name"].replace("(2nd)", "(1st)") in texts, texts
    v = version(page)
    page.locator(f"#ttr-chooser button[data-route='{gray['id']}']").click()
    landed(page, v)
    assert page.locator(f"g.ttr-route[data-route='{gray['id']}']").get_attribute("data-owner") == "Ala"
    assert [page.locator(f"g.ttr-route[data-route='{p}']").get_attribute("data-owner") for p in gray["parallels"]] == [""]

    # a lone route, zoomed until only it is within reach: a tap 20 px beside its axis claims it
    lone, room_around = loneliest_route(client_drawing)
    x, y, nx, ny = car_centre(page, lone)
    # dragged to the middle, then two fingers spread around it (neither is a tap: nothing is claimed)
    drag(page, ctx, (x, y), (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2))
    x, y, nx, ny = car_centre(page, lone)
    pinch(page, ctx, (x, y), 40, 280)
    assert page.locator(f"g.ttr-route[data-route='{lone}']").get_attribute("data-owner") == ""
    x, y, nx, ny = car_centre(page, lone)
    assert box["x"] < x < box["x"] + box["width"] and box["y"] < y < box["y"] + box["height"]
    px_per_unit = box["width"] / float(page.locator("#ttr-stage svg").get_attribute("viewBox").split()[2])
    assert room_around * px_per_unit > 44, "nothing else within the thumb's reach"
    v = version(page)
    page.touchscreen.tap(x + 20 * nx, y + 20 * ny)
    landed(page, v)
    assert page.locator(f"g.ttr-route[data-route='{lone}']").get_attribute("data-owner") == "Ala"
    assert page.locator("#ttr-chooser").is_hidden()
    # tapped again: given back
    v = version(page)
    page.touchscreen.tap(x - 20 * nx, y - 20 * ny)
    landed(page, v)
    assert page.locator(f"g.ttr-route[data-route='{lone}']").get_attribute("data-owner") == ""
    assert not errors, errors
    ctx.close()


@pytest.fixture
def client_drawing():
    from railprint.games.ticket_to_ride.web import drawing

    return drawing({"setup": {"map": "nordic"}}, {})


def test_two_phones_claim_one_route_at_once_one_owner_the_other_told_next_to_the_map(browser, server):
    base, _ = server
    (ala_ctx, bartek_ctx), (ala, bartek), errors = touch_phones(browser, 2)
    # no poll: both phones show version 0 when they tap
    url = open_room(ala, base, "ticket-to-ride", ["Ala", "Bartek"], {"map": "nordic"}, query="?poll=0")
    bartek.goto(url + "?poll=0")
    who(bartek, "Bartek")
    for page, player in ((ala, "Ala"), (bartek, "Bartek")):
        page.wait_for_selector("g.ttr-route")
        page.locator(f"button[data-player='{player}']").click()
        page.select_option("#ttr-city", "oslo")
        page.wait_for_selector(".ttr-routes button[data-route='goteborg-oslo']")
    # both tap Göteborg - Oslo, each on version 0
    ala.locator(".ttr-routes button[data-route='goteborg-oslo']").click()
    bartek.locator(".ttr-routes button[data-route='goteborg-oslo']").click()
    for page in (ala, bartek):
        page.wait_for_function("Number(document.body.dataset.version) >= 1")
    ala.wait_for_timeout(300)
    owners = {p.locator("g.ttr-route[data-route='goteborg-oslo']").get_attribute("data-owner") for p in (ala, bartek)}
    assert len(owners) == 1 and owners.pop() in ("Ala", "Bartek")  # both phones show the one owner
    winner = ala.locator("g.ttr-route[data-route='goteborg-oslo']").get_attribute("data-owner")
    loser = bartek if winner == "Ala" else ala
    note = loser.locator("#ttr-note")
    assert f"already claimed by {winner}" in note.inner_text()
    # next to the map: right under it, not at the top of the page
    stage = loser.locator("#ttr-stage").bounding_box()
    assert 0 <= note.bounding_box()["y"] - (stage["y"] + stage["height"]) < 30
    assert loser.locator("#message").inner_text() == ""
    # the server holds one owner
    parts = json.loads(loser.evaluate("fetch(location.pathname.replace('/r/', '/api/rooms/')).then(r => r.text())"))["room"]["parts"]
    assert [p for p in ("Ala", "Bartek") if "goteborg-oslo" in parts[f"player:{p}"]["routes"]] == [winner]
    # the double route rule: with 2 players, the second half of Oslo - Örebro is refused naming the holder
    ala.locator(".ttr-routes button[data-route='oslo-orebro-green']").click()
    ala.wait_for_selector("g.ttr-route[data-route='oslo-orebro-green'][data-owner='Ala']")
    bartek.locator(".ttr-routes button[data-route='oslo-orebro-yellow']").click()
    bartek.wait_for_function("document.getElementById('ttr-note').textContent.includes('Ala')")
    assert "with 2 players only 1" in bartek.locator("#ttr-note").inner_text()
    assert bartek.locator("g.ttr-route[data-route='oslo-orebro-yellow']").get_attribute("data-owner") == ""
    assert not errors, errors
    ala_ctx.close()
    bartek_ctx.close()


def summary_rows(page) -> tuple[dict[str, int], int]:
    rows = {r.get_attribute("data-item"): int(r.locator("td.num").inner_text())
            for r in page.locator(".ttr-score tr[data-item]").all()}
    return rows, int(page.locator("#total").inner_text())


def test_stations_placed_on_the_page_score_as_the_cli(browser, server, tmp_path):
    use_content([AMBERLINE])
    base, _ = server
    (ala_ctx, bartek_ctx), (ala, bartek), errors = touch_phones(browser, 2)
    url = open_room(ala, base, "ticket-to-ride", ["Ala", "Bartek"], {"map": "amberline"})
    bartek.goto(url + "?poll=250")
    who(bartek, "Bartek")
    bartek.wait_for_selector("g.ttr-route")
    bartek.locator("button[data-player='Bartek']").click()
    bartek.select_option("#ttr-city", "skarn")
    bartek.locator(".ttr-routes button[data-route='velmar-skarn']").click()
    bartek.wait_for_selector("g.ttr-route[data-route='velmar-skarn'][data-owner='Bartek']")
    bartek.select_option("#ttr-city", "oresby")
    bartek.locator(".ttr-routes button[data-route='velmar-oresby-1']").click()
    bartek.wait_for_selector("g.ttr-route[data-route='velmar-oresby-1'][data-owner='Bartek']")

    ala.wait_for_selector("g.ttr-route[data-route='velmar-oresby-1'][data-owner='Bartek']")
    ala.select_option("#ttr-city", "velmar")
    ala.locator(".ttr-routes button[data-route='kelpa-velmar']").click()
    ala.wait_for_selector("g.ttr-route[data-route='kelpa-velmar'][data-owner='Ala']")
    ala.fill("#ttr-filter", "Skarn")
    ala.locator("input[data-ticket='t01']").click()  # Kelpa - Skarn
    ala.wait_for_selector("input[data-ticket='t01'] ~ span[data-completed='false']")
    # a station in Velmar, the scorer chooses: it borrows Bartek's Velmar - Skarn; the ticket is done
    v = version(ala)
    ala.locator("[data-station-button='velmar']").click()
    landed(ala, v)
    ala.wait_for_selector("#ttr-station-list li[data-station='velmar'] .ttr-borrowed[data-borrowed='velmar-skarn']")
    ala.wait_for_selector("input[data-ticket='t01'] ~ span[data-completed='true']")
    # Bartek's phone cannot put his station in Velmar too
    bartek.select_option("#ttr-city", "velmar")
    bartek.wait_for_selector(".ttr-station-held:text('Ala')")
    # a second station in Øresby naming the route it borrows
    ala.select_option("#ttr-city", "oresby")
    v = version(ala)
    ala.locator("[data-station-button='oresby']").click()
    landed(ala, v)
    v = version(ala)
    ala.select_option("select[data-borrow='oresby']", "velmar-oresby-1")
    landed(ala, v)
    ala.wait_for_selector("#ttr-station-list li[data-station='oresby'] .ttr-borrowed[data-borrowed='velmar-oresby-1']")
    assert "2 of 3" in ala.locator("#ttr-stations h3").inner_text()
    ala.wait_for_selector("g.ttr-station[data-station='oresby'][data-owner='Ala']")

    saved = download(ala, tmp_path)
    assert "stations:" in saved.read_text(encoding="utf-8")
    cli = run_cli("score", "ticket-to-ride", str(saved), "--json", "--content", str(AMBERLINE))
    assert cli.exit_code == 0, cli.output
    want = {p["name"]: p for p in json.loads(cli.stdout)["players"]}
    rows, total = summary_rows(ala)
    assert total == want["Ala"]["total"] == sum(rows.values())
    assert rows == {k: want["Ala"][k] for k in ITEMS if want["Ala"][k] or k in ("route_points", "ticket_points")}
    assert rows["station_points"] == 4  # one station unused
    assert ranking(ala) == {name: str(p["total"]) for name, p in want.items()}
    assert not errors, errors
    ala_ctx.close()
    bartek_ctx.close()


def test_an_uploaded_file_keeps_its_stations_and_the_totals_are_the_clis(browser, server, tmp_path):
    use_content([AMBERLINE])
    base, _ = server
    (ctx,), (page,), errors = touch_phones(browser)
    create_room_with(page, base, "ticket-to-ride", ["Ala", "Bartek", "Celina"], {"map": "amberline"})
    game = AMBERLINE / "stations-game.yml"
    page.set_input_files("#upload", str(game))
    page.wait_for_selector("body[data-version='1']")
    cli = run_cli("score", "ticket-to-ride", str(game), "--json")
    assert cli.exit_code == 0, cli.output
    want = {p["name"]: p for p in json.loads(cli.stdout)["players"]}
    assert ranking(page) == {name: str(p["total"]) for name, p in want.items()}
    for name in ("Ala", "Bartek", "Celina"):
        page.locator(f"button[data-player='{name}']").click()
        page.wait_for_function(f"document.querySelector('#ttr-stations h3') && "
                               f"document.querySelector('#ttr-stations h3').textContent.includes('{len(want[name]['stations'])} ')")
        rows, total = summary_rows(page)
        assert total == want[name]["total"] == sum(rows.values()), (name, rows)
        assert rows.get("station_points", 0) == want[name]["station_points"]
        shown = page.locator("#ttr-station-list li").evaluate_all("(items) => items.map((i) => i.dataset.station)")
        assert len(shown) == len(want[name]["stations"]) > 0
    # Bartek's Øresby station borrows the route the file names
    page.locator("button[data-player='Bartek']").click()
    assert page.locator("select[data-borrow='oresby']").input_value() == "oresby-zarzecze"
    assert not errors, errors
    ctx.close()


def test_the_ticket_list_keeps_its_scroll_and_find_a_ticket_its_focus_across_redraws(browser, server):
    (ala_ctx, bartek_ctx), (ala, bartek), errors = ala_watching_bartek(browser, server)
    bartek.select_option("#ttr-city", "oslo")
    ala.wait_for_selector("#ttr-tickets li")
    # the list scrolled down, a ticket ticked there: the list stays where it was
    ala.locator("#ttr-tickets").evaluate("(ul) => { ul.scrollTop = 400; }")
    row = ala.locator("#ttr-tickets li:not([hidden])").nth(12)
    ticket = row.locator("input").get_attribute("data-ticket")
    top = ala.locator("#ttr-tickets").evaluate("(ul) => ul.scrollTop")
    assert top > 0
    v = version(ala)
    row.locator("input").click()
    landed(ala, v)
    ala.wait_for_selector(f"input[data-ticket='{ticket}']:checked")
    assert ala.locator("#ttr-tickets").evaluate("(ul) => ul.scrollTop") == top
    # another phone's change arrives (poll) while the list is scrolled: still there
    v = version(ala)
    bartek.locator(".ttr-routes button[data-route='goteborg-oslo']").click()
    landed(ala, v)
    assert ala.locator("#ttr-tickets").evaluate("(ul) => ul.scrollTop") == top
    # typing into "Find a ticket" while other changes arrive: focus and every keystroke kept
    ala.locator("#ttr-filter").focus()
    for i, letter in enumerate("Stockholm"):
        ala.keyboard.type(letter)
        if i % 3 == 0:
            v = version(ala)
            route = ["bergen-oslo-red", "alborg-oslo", "kristiansand-oslo"][i // 3]
            bartek.locator(f".ttr-routes button[data-route='{route}']").click()
            landed(ala, v)
    assert ala.evaluate("document.activeElement.id") == "ttr-filter"
    assert ala.locator("#ttr-filter").input_value() == "Stockholm"
    visible = ala.locator("#ttr-tickets li:not([hidden])").all_inner_texts()
    assert visible and all("Stockholm" in t or "✓" in t or "✗" in t for t in visible), visible
    assert not errors, errors
    ala_ctx.close()
    bartek_ctx.close()


def test_the_chooser_names_colours_in_the_pages_language(browser, server):
    """?lang=pl: the chooser says the colours in Polish (issue 30: every label translated)."""
    base, _ = server
    (ctx,), (page,), errors = touch_phones(browser)
    open_room(page, base, "ticket-to-ride", ["Ala", "Bartek"], {"map": "nordic"}, query="?lang=pl")
    show_map(page)
    oslo = page.locator("circle[data-city='oslo']").bounding_box()
    page.touchscreen.tap(oslo["x"] + oslo["width"] / 2, oslo["y"] + oslo["height"] / 2)
    page.wait_for_selector("#ttr-chooser:not([hidden]) button[data-route]")
    names = page.locator("#ttr-chooser button[data-route]").all_inner_texts()
    assert "Oslo – Örebro · 2 · zielony" in names and "Oslo – Örebro · 2 · żółty" in names, names
    assert not any(word in " ".join(names) for word in ("green", "yellow", "gray")), names
    assert not errors, errors
    ctx.close()


def test_find_a_ticket_ignores_case_and_accents_as_game_files_do(browser, server):
    """A phone's plain keyboard has no ø, ö or ł: "tromso" finds Tromsø's tickets as a game file's
    `tromso` names Tromsø (it found none); "stockholm tromso" the ticket between them."""
    base, _ = server
    (ctx,), (page,), errors = touch_phones(browser)
    open_room(page, base, "ticket-to-ride", ["Ala", "Bartek"], {"map": "nordic"})
    page.wait_for_selector("#ttr-tickets li")
    every = page.locator("#ttr-tickets li").all_inner_texts()

    def found(typed: str) -> list[str]:
        page.fill("#ttr-filter", typed)
        return page.locator("#ttr-tickets li:not([hidden])").all_inner_texts()

    for typed, name in (("tromso", "Tromsø"), ("GOTEBORG", "Göteborg"), ("kobenhavn", "København"), ("orebro", "Örebro")):
        want = [t for t in every if name in t]
        assert want and found(typed) == want, typed
    assert found("stockholm tromso") == [t for t in every if "Stockholm - Tromsø" in t]
    assert found("Tromsø") == [t for t in every if "Tromsø" in t]   # typed with its letters: the same
    assert not errors, errors
    ctx.close()
