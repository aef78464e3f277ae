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

from tests.serve.pages import create_room_with

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
    create_room_with(page, base, game, ["Ala", "Anna", "Bartek"], setup)
    page.wait_for_selector(ready)
    page.wait_for_selector("#ranking tbody tr")
    assert violations(page, axe_js) == []


def test_axe_finds_nothing_on_a_railroad_ink_page_in_play(browser, server, axe_js):
    """Spaces drawn (with rule violations listed), a seed's dice in the tray, a message shown,
    the Polish page."""
    base, _ = server
    page = browser.new_page(viewport=VIEW)
    create_room_with(page, base, "railroad-ink", ["Ala", "Anna"])
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
    page.wait_for_selector("#message:text('is not a seed')")
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
    create_room_with(page, base, "railroad-ink", names)
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
            create_room_with(page, base, "days-of-steam", ["Ala", "Bartek"])
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
