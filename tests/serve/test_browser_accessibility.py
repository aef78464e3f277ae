"""Accessible and installable, in a real Chromium at 360 × 740: axe-core (pinned, from the npm
registry: `.ci/run` installs it) finds no violation on the start page and on every game's page;
every player is told apart by colour *and* a mark of their own, even with equal initials; the
page brings a web app manifest with its icons, so it can be added to a home screen.

axe-core is read from ``$RAILPRINT_AXE_JS`` or ``.cache/axe/node_modules/axe-core/axe.min.js``
(``npm install --prefix .cache/axe axe-core@4.14.1``). Missing, these tests skip with that
command, except in CI (``CI=true``), where they fail."""

from __future__ import annotations

import json
import os
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.serve.pages import open_room

AXE_VERSION = "4.14.1"
ROOT = Path(__file__).resolve().parents[2]
VIEW = {"width": 360, "height": 740}


@pytest.fixture(scope="module")
def axe_js() -> str:
    path = Path(os.environ.get("RAILPRINT_AXE_JS") or ROOT / ".cache/axe/node_modules/axe-core/axe.min.js")
    if not path.is_file():
        how = f"npm install --prefix .cache/axe axe-core@{AXE_VERSION}"
        if os.environ.get("CI") == "true":
            pytest.fail(f"axe-core is missing at {path} in CI: .ci/run installs it ({how})")
        pytest.skip(f"the accessibility tests need axe-core: {how}")
    text = path.read_text(encoding="utf-8")
    assert f"axe v{AXE_VERSION}" in text[:300], "axe-core is not the pinned version"
    return text


def violations(page, axe_js: str) -> list[str]:
    page.add_script_tag(content=axe_js)
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes'][:3]]}"
            for v in result["violations"]]


GAMES = [
    ("railroad-ink", {"expansion": "meteor"}, ".ri-faces button[data-face='h.h.']"),
    ("ticket-to-ride", {}, "#editor svg, #editor button"),
    ("days-of-steam", {}, "#editor button"),
    ("allers-trains", {"mode": "route+stations"}, "#at-route"),
    ("allers-trains", {"mode": "route+stations", "entry": "frames"}, ".at-frame"),
]


def test_axe_finds_nothing_on_the_start_page_in_both_languages(browser, server, axe_js):
    base, _ = server
    page = browser.new_page(viewport=VIEW)
    for lang in ("en", "pl"):
        page.goto(f"{base}/?lang={lang}")
        page.wait_for_selector("#add-player")
        page.wait_for_selector("#rooms li")
        assert violations(page, axe_js) == [], lang


@pytest.mark.parametrize("game, setup, ready", GAMES, ids=[f"{g}-{s.get('entry', 'page')}" for g, s, _ in GAMES])
def test_axe_finds_nothing_on_a_games_page(browser, server, axe_js, game, setup, ready):
    base, _ = server
    page = browser.new_page(viewport=VIEW)
    open_room(page, base, game, ["Ala", "Anna", "Bartek"], setup)
    page.wait_for_selector(ready)
    page.wait_for_selector("#ranking tbody tr")
    assert violations(page, axe_js) == []


def test_axe_finds_nothing_on_a_railroad_ink_page_in_play(browser, server, axe_js):
    """Spaces drawn (with rule violations listed), a seed's dice in the tray, a message shown,
    the Polish page."""
    base, _ = server
    page = browser.new_page(viewport=VIEW)
    open_room(page, base, "railroad-ink", ["Ala", "Anna"])
    page.wait_for_selector(".ri-faces button[data-face='h.h.']")
    room = page.url.rsplit("/", 1)[1]
    cells = ["."] * 49
    cells[16], cells[17] = "hhhh", "rrrr"        # C3 and C4: a highway meets a railway
    page.evaluate("""([room, cells]) => fetch(`/api/rooms/${room}/changes`, {method: 'POST',
        headers: {'Content-Type': 'application/json'},
        body: JSON.stringify({version: 0, parts: {'player:Ala': {cells}}})})""", [room, cells])
    page.wait_for_selector("#violations li a[data-square='C3'], #violations li a[data-square='C4']")
    page.fill("#ri-seed", "12x")
    page.locator("#ri-seed-go").click()
    page.wait_for_selector("#message:text('A seed is the whole number printed on the sheet')")
    assert violations(page, axe_js) == []
    page.fill("#ri-seed", "42")
    page.locator("#ri-seed-go").click()
    page.wait_for_selector("#ri-round[data-round='1']")
    page.locator("#lang").click()
    page.wait_for_selector("html[lang='pl']")
    assert violations(page, axe_js) == []


def test_every_player_has_a_colour_and_a_mark_of_their_own_even_with_equal_initials(browser, server):
    base, _ = server
    page = browser.new_page(viewport=VIEW)
    names = ["Ala", "Anna", "Adam", "Agata", "Bartek", "Basia", "Celina", "Czesław"]
    open_room(page, base, "railroad-ink", names)
    page.wait_for_selector("#ranking tbody tr")
    marks = page.evaluate("""[...document.querySelectorAll('#players button')].map((b) => {
        const s = b.querySelector('svg.swatch');
        return [b.dataset.player, s.dataset.shape, s.dataset.mark,
                s.querySelector('circle, rect, polygon').getAttribute('fill')]; })""")
    assert [m[0] for m in marks] == names
    assert len({m[1] for m in marks}) == 8      # eight shapes
    assert len({m[2] for m in marks}) == 8      # eight marks: AL, AN, AD, AG, BR, BS, CE, CZ
    assert len({m[3] for m in marks}) == 8      # eight colours
    assert marks[0][2] == "AL" and marks[1][2] == "AN"
    # the ranking shows the same marks
    ranked = page.evaluate("""Object.fromEntries([...document.querySelectorAll('#ranking tbody tr')].map((r) =>
        [r.dataset.player, r.querySelector('svg.swatch').dataset.shape]))""")
    assert ranked == {m[0]: m[1] for m in marks}


def test_the_page_can_be_added_to_a_home_screen(browser, server):
    base, _ = server
    page = browser.new_page(viewport=VIEW)
    for path in ("/", None):
        if path:
            page.goto(base + path)
        else:
            open_room(page, base, "days-of-steam", ["Ala", "Bartek"])
        href = page.locator("link[rel='manifest']").get_attribute("href")
        assert href == "/static/manifest.webmanifest"
        assert page.locator("meta[name='theme-color']").count() == 1
    answer = page.request.get(base + href)
    assert answer.status == 200 and answer.headers["content-type"].startswith("application/manifest+json")
    manifest = json.loads(answer.text())
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone" and manifest["name"]
    purposes = set()
    for icon in manifest["icons"]:
        picture = page.request.get(base + icon["src"])
        assert picture.status == 200 and picture.headers["content-type"] == "image/svg+xml"
        svg = ET.fromstring(picture.body())
        assert svg.tag.endswith("svg") and svg.get("viewBox") == "0 0 512 512" and len(list(svg.iter())) > 3
        purposes.add(icon["purpose"])
    assert purposes == {"any", "maskable"}


def test_axe_finds_nothing_on_result_views_in_play(browser, server, axe_js):
    """Every game's page with a game entered — the results, the violations linked to the board,
    the placed tiles (whose name holds the letters drawn on them), in both languages: a Days of
    Steam map with a circuit, a Jedzie frame of six tiles, a Ticket to Ride game with too many
    trains, a ticket not completed and a station."""
    from railprint.loading.resources import use_content
    from tests.serve import test_browser_allers_trains as allers
    from tests.serve import test_browser_days_of_steam as steam

    base, _ = server
    page = browser.new_page(viewport=VIEW)

    def both_languages(name):
        page.wait_for_timeout(200)
        assert violations(page, axe_js) == [], name
        page.locator("#lang").click()
        page.wait_for_selector("html[lang='pl']")
        page.wait_for_timeout(200)
        assert violations(page, axe_js) == [], f"{name} (pl)"
        assert page.evaluate("document.documentElement.scrollWidth") <= VIEW["width"], name
        page.locator("#lang").click()
        page.wait_for_selector("html[lang='en']")

    open_room(page, base, "days-of-steam", ["Ala", "Bartek"])
    page.wait_for_selector("g.dos-square[data-at='0,0']")
    steam.tap(page, "circuits", 1, 2)
    for args in [("0,0", "R"), ("-1,0", "cu", 1), ("0,1", "st", 1), ("0,2", "cu", 2), ("1,2", "G"),
                 ("2,2", "cu", 3), ("2,1", "st", 1, "h"), ("2,0", "cu")]:
        steam.place(page, *args)
    page.wait_for_selector("#violations li")
    assert page.locator("g.dos-square[data-square='A2']").get_attribute("aria-label") == "A2 R · R 1"
    both_languages("days-of-steam map")

    open_room(page, base, "allers-trains", ["Ala", "Bartek"], {"mode": "route+stations", "entry": "frames"})
    page.wait_for_selector("g.at-square[data-square='B1'][data-playable='true']")
    for placement in allers.ALA:
        allers.lay(page, placement)
    assert page.locator("g.at-square[data-square='A2']").get_attribute("aria-label") == "A2 T03 180° · T03 #1"
    both_languages("allers-trains frames")

    use_content([ROOT / "content/examples/amberline"])
    for mapid in ("nordic", "amberline"):
        open_room(page, base, "ticket-to-ride", ["Ala", "Bartek"], {"map": mapid})
        page.wait_for_selector("g.ttr-route")
        room = page.url.rsplit("/", 1)[1]
        drawing = page.request.post(f"{base}/api/rooms/{room}/actions/map", data={}).json()
        mine, pairs = [], set()
        for r in sorted(drawing["routes"], key=lambda r: (-r["length"], r["id"])):
            if frozenset((r["a"], r["b"])) not in pairs and sum(
                    x["length"] for x in drawing["routes"] if x["id"] in mine) <= 45:
                mine.append(r["id"])
                pairs.add(frozenset((r["a"], r["b"])))
        part = {"routes": mine, "tickets": [t["id"] for t in drawing["tickets"][:2]]}
        if drawing["stations"]:
            part["stations"] = [{"city": next(p["id"] for p in drawing["places"] if p.get("city")), "route": None}]
        answer = page.request.post(f"{base}/api/rooms/{room}/changes", data={"version": 0, "parts": {"player:Ala": part}})
        assert answer.ok, answer.text()
        page.wait_for_selector("#violations li a.ttr-goto")
        page.locator("#violations li a.ttr-goto").first.click()
        page.wait_for_selector("#ttr-note:text('Shown on the map')")
        both_languages(f"ticket-to-ride {mapid}")


SMALL_TARGETS = """() => [...document.querySelectorAll('button, a[href], input, select, summary')].map((e) => {
  // a checkbox, a radio button or a file picker is tapped through its label
  const target = (e.matches('input[type=checkbox], input[type=radio], input[type=file]') && e.closest('label')) || e;
  const r = target.getBoundingClientRect();
  return {what: `${e.tagName.toLowerCase()}#${e.id} ${(e.textContent || e.name || e.type || '').trim().slice(0, 30)}`,
          w: Math.round(r.width), h: Math.round(r.height), shown: r.width > 0 && getComputedStyle(e).visibility !== 'hidden'};
}).filter((t) => t.shown && (t.w < 44 || t.h < 44)).map((t) => `${t.what}: ${t.w} x ${t.h}`)"""


def test_every_control_and_link_is_a_44_px_target_on_a_phone(browser, server):
    """Every button, link, field and (through its label) check box is at least 44 × 44 CSS px at
    360 px — the header's *Games*, the files and exports, *BG Stats*, Ticket to Ride's tickets and
    the start page's rooms were 19-22 px high. (The Railroad Ink board's squares are 39 px: the
    board and the tray stay in view together; they are no buttons.)"""
    base, _ = server
    page = browser.new_page(viewport=VIEW)
    for game, setup, ready in GAMES:
        open_room(page, base, game, ["Ala", "Anna", "Bartek"], setup)
        page.wait_for_selector(ready)
        page.wait_for_selector("#ranking tbody tr")
        page.wait_for_selector("#bgstats:not([hidden])")
        assert page.evaluate(SMALL_TARGETS) == [], (game, setup)
    page.goto(f"{base}/")
    page.wait_for_selector("#rooms li a")
    assert page.evaluate(SMALL_TARGETS) == []


def test_axe_finds_nothing_on_a_railroad_ink_board_read_from_a_photo(browser, server, axe_js, tmp_path):
    """The spaces a photo left in doubt, the likeliest wrong numbered, and "Keep N" (round
    sixteen): a numbered cell's name holds its number (axe's label-in-name), in both languages."""
    pytest.importorskip("cv2")
    from railprint.games.railroad_ink.photo.synth import make_photo

    base, _ = server
    page = browser.new_page(viewport=VIEW)
    open_room(page, base, "railroad-ink", ["Ala"], query="?lang=pl")
    page.locator("#ri-photo-button").wait_for()
    src = tmp_path / "arkusz.jpg"
    src.write_bytes(make_photo(23, megapixels=3.0).jpeg)   # a dev seed: 9 spaces in doubt, 3 of them red
    page.locator("#ri-photo-file").set_input_files(str(src))
    page.wait_for_selector(".ri-cell.ri-likely .ri-doubt-number", timeout=60000)
    page.wait_for_selector("#ranking tbody tr")
    assert violations(page, axe_js) == [], "pl"
    page.locator("#lang").click()
    page.wait_for_function("document.getElementById('ri-photo-keep').textContent.startsWith('Keep')")
    assert violations(page, axe_js) == [], "en"
