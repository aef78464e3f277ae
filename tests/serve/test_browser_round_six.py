"""Round six of walking the page as a player at 360 × 740 (docs/serve.md, *Round six*): a Polish
phone going back from its room to the games stays Polish; the players' row is named in the
page's language; the start page's Polish title is read whole, not cut to "liczenie punktów…",
and so is its search field's hint; the exports are not left with a "·" at a line's end; a
station's Remove button does not touch its words; a number picked from a count's (Days of Steam) or a station's round (Jedzie pociąg z daleka)
list leaves the focus on that count, and a frame's tile laid in its turn on its square, not on the
page."""

from __future__ import annotations

from pathlib import Path

from railprint.loading.resources import use_content
from tests.serve.pages import landed, open_room, version

VIEW = {"width": 360, "height": 740}
WHOLE = "(e => e.scrollHeight <= e.clientHeight + 1 && e.scrollWidth <= e.clientWidth + 1)(document.querySelector('header h1'))"


def test_a_polish_room_goes_back_to_polish_games_and_names_its_players_row(browser, server):
    base, _ = server
    page = browser.new_page(viewport=VIEW)
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    open_room(page, base, "railroad-ink", ["Ala", "Bartek"], query="?lang=pl")
    assert page.locator("#players").get_attribute("aria-label") == "Gracze"
    exports = page.locator("#files p:has(#export-json)")
    assert "·" not in exports.inner_text()
    for link in exports.locator("a").all():
        box = link.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= VIEW["width"] and box["height"] >= 44, box
    home = page.locator("header a[data-t='home']")
    assert home.inner_text() == "Gry"
    home.click()
    page.wait_for_selector("#game option", state="attached")
    assert page.url == base + "/?lang=pl"
    title = page.locator("header h1")
    assert title.inner_text() == "railprint — liczenie punktów przy stole"
    assert page.evaluate(WHOLE), "the title is cut"
    assert page.locator("#room-search").get_attribute("aria-label").startswith("Znajdź grę")
    # the hint in the field is read whole (it was cut to "Znajdź grę (tytuł, grac")
    assert page.evaluate("""(() => { const e = document.getElementById('room-search'), s = getComputedStyle(e);
        const c = document.createElement('canvas').getContext('2d'); c.font = s.font;
        return c.measureText(e.placeholder).width + parseFloat(s.paddingLeft) + parseFloat(s.paddingRight) <= e.clientWidth; })()""")
    assert not errors, errors


def test_a_number_picked_leaves_the_focus_on_its_count(browser, server):
    base, _ = server
    page = browser.new_page(viewport=VIEW)
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    open_room(page, base, "days-of-steam", ["Ala", "Bartek"], query="?poll=0")
    page.locator("button.dos-pick[data-pick='goods-R']").click()
    before = version(page)
    page.locator("#dos-values-goods-R button[data-set-value='3']").click()
    landed(page, before)
    page.wait_for_selector("output[data-value='goods-R']:text('3')")
    assert page.evaluate("document.activeElement.matches(\"button.dos-pick[data-pick='goods-R']\")"), \
        page.evaluate("document.activeElement.outerHTML.slice(0, 120)")

    open_room(page, base, "allers-trains", ["Ala"], query="?poll=0")
    page.locator("button.at-pick[data-pick='2']").click()
    before = version(page)
    page.locator("button.at-round[data-station='2'][data-set-round='5']").click()
    landed(page, before)
    page.wait_for_selector("output[data-round='2']:text('5')")
    assert page.evaluate("document.activeElement.matches(\"button.at-pick[data-pick='2']\")"), \
        page.evaluate("document.activeElement.outerHTML.slice(0, 120)")

    open_room(page, base, "allers-trains", ["Ala"], {"mode": "stations", "entry": "frames"}, query="?poll=0")
    page.locator("g.at-square[data-square='A2']").click()
    page.locator("button.at-tile[data-tile='T03']").click()
    before = version(page)
    page.locator("button.at-turn[data-rotation='180']").click()
    landed(page, before)
    page.wait_for_selector("g.at-square[data-square='A2'][data-tile='T03 180']")
    assert page.evaluate("document.activeElement.matches(\"g.at-square[data-square='A2']\")"), \
        page.evaluate("document.activeElement.outerHTML.slice(0, 120)")
    assert not errors, errors


def test_a_stations_words_and_its_remove_button_do_not_touch(browser, server):
    use_content([Path(__file__).resolve().parents[2] / "content/examples/amberline"])
    base, _ = server
    page = browser.new_page(viewport=VIEW)
    open_room(page, base, "ticket-to-ride", ["Ala", "Bartek"], {"map": "amberline"}, query="?lang=pl&poll=0")
    page.wait_for_selector("g.ttr-route")
    page.select_option("#ttr-city", "velmar")
    before = version(page)
    page.locator("[data-station-button='velmar']").click()
    landed(page, before)
    row = "#ttr-station-list li[data-station='velmar']"
    page.wait_for_selector(row + " .ttr-borrowed")
    words, remove = page.locator(row + " .ttr-borrowed").bounding_box(), page.locator(row + " button.ttr-remove").bounding_box()
    apart = remove["x"] >= words["x"] + words["width"] + 4 or remove["y"] >= words["y"] + words["height"]
    assert apart, (words, remove)
    assert remove["x"] + remove["width"] <= VIEW["width"]


CHOICES_CUT = """() => {
  // each option alone in a copy of its select, as wide as it wants (no max-width): wider than the
  // form's select is, its words are cut there
  const cut = [];
  for (const select of document.querySelectorAll('#create select')) {
    for (const option of select.options) {
      const alone = select.cloneNode(false);
      alone.removeAttribute('id');
      alone.append(option.cloneNode(true));
      alone.style.cssText = 'position:absolute;left:0;top:0;visibility:hidden;max-width:none;width:auto';
      select.parentNode.append(alone);
      if (alone.getBoundingClientRect().width > select.getBoundingClientRect().width + 0.5) cut.push(option.text);
      alone.remove();
    }
  }
  return cut;
}"""


def test_every_start_choice_is_read_whole(browser, server):
    """Each game's setup choices at 360 px, in both languages: the chosen one's words fit its
    select (Jedzie pociąg z daleka's "ramkę każdego gracza, kafelek po kafe…" did not)."""
    base, _ = server
    page = browser.new_page(viewport=VIEW)
    for lang in ("en", "pl"):
        page.goto(f"{base}/?lang={lang}")
        page.wait_for_selector("#game option[value='allers-trains']", state="attached")
        cut = []
        for game in page.eval_on_selector_all("#game option", "os => os.map(o => o.value)"):
            page.select_option("#game", game)
            page.wait_for_function("(g) => document.getElementById('game').value === g", arg=game)
            cut += page.evaluate(CHOICES_CUT)
        assert not cut, (lang, cut)


def test_the_player_fields_follow_the_ticket_to_ride_map(browser, server):
    """Nordic is played by 2 to 3, Italy by 2 to 5: the form said "1 to 8" for every map (the
    server's refusal was the first word of it), and a language switch set the map back to the first."""
    base, _ = server
    page = browser.new_page(viewport=VIEW)
    page.goto(base + "/?lang=en")
    page.wait_for_selector("#game option[value='ticket-to-ride']", state="attached")
    page.select_option("#game", "ticket-to-ride")
    page.select_option("select[data-field='map']", "nordic")
    page.wait_for_selector("#players-range:text('2 to 3')")
    assert page.locator("#players input[name='player']").count() == 3 and page.locator("#add-player").is_disabled()
    page.select_option("select[data-field='map']", "italy")
    page.wait_for_selector("#players-range:text('2 to 5')")
    while not page.locator("#add-player").is_disabled():
        page.locator("#add-player").click()
    assert page.locator("#players input[name='player']").count() == 5
    page.locator("#lang").click()
    page.wait_for_selector("#players-range:text('od 2 do 5')")
    assert page.locator("select[data-field='map']").input_value() == "italy"


def test_an_answer_that_is_not_the_servers_json_is_said_in_the_pages_language(browser, server):
    """A proxy's or the HTTP parser's own page (not JSON) was shown as "502 Bad Gateway"."""
    base, _ = server
    page = browser.new_page(viewport=VIEW)
    open_room(page, base, "days-of-steam", ["Ala", "Bartek"], query="?lang=pl&poll=0")
    page.route("**/changes*", lambda route: route.fulfill(status=502, content_type="text/html", body="<h1>Bad Gateway</h1>"))
    page.locator("button.dos-step[data-step='goods-R'][data-delta='1']").click()
    page.wait_for_selector("#message:has-text('Serwer odpowiedział 502')")
    assert "spróbuj jeszcze raz" in page.locator("#message").inner_text()


def test_a_photo_that_never_reached_the_server_is_said_with_what_to_do(browser, server, tmp_path):
    """It said "TypeError: Failed to fetch" on a Polish phone."""
    base, _ = server
    page = browser.new_page(viewport=VIEW)
    open_room(page, base, "railroad-ink", ["Ala"], query="?lang=pl&poll=0")
    page.locator("#ri-photo-button").wait_for()
    page.route("**/photos/**", lambda route: route.abort())
    src = tmp_path / "arkusz.jpg"
    src.write_bytes(b"\xff\xd8\xff\xe0 not read")
    page.locator("#ri-photo-file").set_input_files(str(src))
    page.wait_for_selector("#ri-photo-note:text('Zdjęcie nie dotarło do serwera: sprawdź Wi-Fi i zrób je jeszcze raz.')")
    page.unroute("**/photos/**")
    page.route("**/photos/**", lambda route: route.fulfill(status=502, content_type="text/html", body="<h1>Bad Gateway</h1>"))
    page.locator("#ri-photo-file").set_input_files(str(src))
    page.wait_for_selector("#ri-photo-note:has-text('Serwer odpowiedział 502')")
