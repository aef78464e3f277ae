"""Screenshots of each game's page on a 360 px wide phone, for the README and docs/serve.md.

    python docs/screenshots/take.py        # needs Debian's chromium and playwright (the test extra)
    python docs/screenshots/take.py railroad-ink    # only these games' pictures

A server on loopback with a throw-away data folder; each game entered through the API with a
shipped example (the rulebook's Railroad Ink board, a Nordic game, a Days of Steam game with its
final map, Jedzie pociąg z daleka frames), then photographed (Days of Steam at its map, Jedzie
pociąg z daleka at the frame).
"""

from __future__ import annotations

import json
import sys
import tempfile
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from railprint.games.railroad_ink import parse_file  # noqa: E402
from railprint.serve import running  # noqa: E402

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
OUT = Path(__file__).resolve().parent


def post(base: str, path: str, body: dict) -> dict:
    request = urllib.request.Request(base + path, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as answer:
        return json.loads(answer.read())


def rooms(base: str) -> dict[str, str]:
    """game id -> room id, each with a game entered."""
    made = {}
    ink = post(base, "/api/rooms", {"game": "railroad-ink", "players": ["Anna", "Bartek"]})["room"]
    board = parse_file(ROOT / "tests/data/railroad_ink/cases/rulebook_example.txt")
    cells = ["." if c.empty else c.token for _, _, c in board.cells()]
    post(base, f"/api/rooms/{ink['id']}/changes", {"version": 0, "parts": {"player:Anna": {"cells": cells}}})
    made["railroad-ink"] = ink["id"]
    ttr = post(base, "/api/rooms", {"game": "ticket-to-ride", "players": ["Ala", "Bartek"], "setup": {"map": "nordic"}})["room"]
    post(base, f"/api/rooms/{ttr['id']}/changes", {"version": 0, "parts": {
        "player:Ala": {"routes": ["bergen-oslo-red", "oslo-orebro-green", "orebro-stockholm-black", "goteborg-oslo"],
                       "tickets": ["t30", "t27"]}}})
    post(base, f"/api/rooms/{ttr['id']}/changes", {"version": 1, "parts": {
        "player:Bartek": {"routes": ["bergen-stavanger", "kristiansand-stavanger-green"], "tickets": []}}})
    made["ticket-to-ride"] = ttr["id"]
    # a violation linked to the map: Ala claims more trains than she has; tapped, the map shows her routes
    over = post(base, "/api/rooms", {"game": "ticket-to-ride", "players": ["Ala", "Bartek"], "setup": {"map": "nordic"}})["room"]
    post(base, f"/api/rooms/{over['id']}/changes", {"version": 0, "parts": {"player:Ala": {"routes": [
        "lieksa-murmansk", "kirkenes-rovaniemi", "bergen-oslo-red", "andalsnes-bergen", "helsinki-stockholm-gray",
        "mo_i_rana-trondheim-red", "honningsvag-tromso", "goteborg-oslo", "oslo-orebro-green"], "tickets": ["t30"]}}})
    made["ticket-to-ride-violation"] = over["id"]
    steam = post(base, "/api/rooms", {"game": "days-of-steam", "players": ["Ala", "Bartek", "Celina"]})["room"]
    for version, (player, goods, circuits, value) in enumerate((
            ("Ala", {"R": 2, "G": 1, "Y": 1, "B": 0}, 2, 3), ("Bartek", {"R": 0, "G": 0, "Y": 0, "B": 5}, 1, 6),
            ("Celina", {"R": 1, "G": 2, "Y": 0, "B": 1}, 0, 2))):
        post(base, f"/api/rooms/{steam['id']}/changes", {"version": version, "parts": {
            f"player:{player}": {"goods": goods, "circuits": circuits, "steam": value}}})
    loop = [["cu1", "st1", "cu2", ".", "."], ["R", ".", "G", "st1", "B"], ["cu0", "st1h", "cu3", ".", "."]]
    post(base, f"/api/rooms/{steam['id']}/changes", {"version": 3, "parts": {"map": {"rows": loop}}})
    made["days-of-steam"] = steam["id"]
    trains = post(base, "/api/rooms", {"game": "allers-trains", "players": ["Ala", "Bartek"],
                                       "setup": {"mode": "route+stations", "entry": "frames"}})["room"]
    for version, (player, placed) in enumerate((
            ("Ala", "A2 T03 180, B1 T15 270, C1 T08 270, C2 T11 270, D2 T01 90"),
            ("Bartek", "A2 T15 0, A3 T01 0, B1 T06 0"))):
        frame = [dict(zip(("square", "tile", "rotation"), p.split())) for p in placed.split(", ")]
        frame = [{**t, "rotation": int(t["rotation"])} for t in frame]
        post(base, f"/api/rooms/{trains['id']}/changes", {"version": version, "parts": {f"player:{player}": {"frame": frame}}})
    made["allers-trains"] = trains["id"]
    return made


def main() -> None:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as data, running(Path(data)) as (base, _):
        made = rooms(base)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            # bypass_csp: wait_for_function evaluates its string, which the pages' policy forbids
            page = browser.new_page(viewport={"width": 360, "height": 760}, device_scale_factor=1, bypass_csp=True)
            focus = {"days-of-steam": ".dos-map-section", "allers-trains": ".at-frames"}
            only = set(sys.argv[1:])
            for game, room in made.items():
                if only and game not in only:
                    continue
                page.goto(f"{base}/r/{room}?poll=0", wait_until="networkidle")  # pictures too
                page.wait_for_selector("#total")
                if game in focus:
                    page.wait_for_selector(focus[game] + " svg")
                    page.evaluate("document.querySelector('figure.picture img').scrollIntoView()")  # loaded lazily
                    page.wait_for_function("[...document.querySelectorAll('figure.picture img')]"
                                           ".every((img) => img.complete && img.naturalWidth > 0)")
                    page.evaluate(f"document.querySelector('{focus[game]}').scrollIntoView()")
                if game == "ticket-to-ride-violation":  # the violation tapped: the map fitted to it, ringed
                    page.locator("#violations a.ttr-goto").first.click()
                    page.wait_for_selector("#ttr-note:text('Shown on the map')")
                    page.evaluate("window.scrollBy(0, -130)")
                if game == "ticket-to-ride":  # the map zoomed in around Oslo, a tap there: the chooser
                    page.evaluate("document.getElementById('ttr-stage').scrollIntoView()")
                    box = page.locator("circle[data-city='oslo']").bounding_box()
                    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
                    page.mouse.move(x, y)
                    for _ in range(3):
                        page.mouse.wheel(0, -100)
                        page.wait_for_timeout(50)
                    box = page.locator("circle[data-city='oslo']").bounding_box()
                    page.mouse.click(box["x"] + box["width"] / 2 + 12, box["y"] + box["height"] / 2 + 10)
                    page.wait_for_selector("#ttr-chooser:not([hidden])")
                    page.evaluate("window.scrollBy(0, -100)")
                page.wait_for_timeout(500)
                if game == "railroad-ink":   # a face armed in the tray, the square drawn last marked
                    page.locator(".ri-faces button[data-face='h.h.']").click()
                    page.wait_for_selector(".ri-faces button[data-face='h.h.'][aria-pressed='true']")
                path = OUT / f"serve-{game}.png"
                page.screenshot(path=str(path), full_page=False)
                print(path)
                if game == "railroad-ink":   # the results: itemised score, violations linked, the picture
                    page.evaluate("document.querySelector('.ri-score').scrollIntoView()")
                    # (the picture is asked for only once it is on the screen)
                    page.wait_for_function("(() => { const img = document.getElementById('ri-picture');"
                                           " return img.complete && img.naturalWidth > 0; })()")
                    page.wait_for_timeout(300)
                    path = OUT / f"serve-{game}-score.png"
                    page.screenshot(path=str(path), full_page=False)
                    print(path)
            browser.close()


if __name__ == "__main__":
    main()
