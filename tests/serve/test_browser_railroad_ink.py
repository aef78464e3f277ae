"""Railroad Ink at the table, in a real browser: the rulebook's example board entered by taps
reads 46 off the page; undo/redo; two players of one room on two browser contexts; a stale
change on another screen; reload and restart; the downloaded file scored by the CLI."""

from __future__ import annotations

import json
from pathlib import Path


from railprint.games.railroad_ink import parse_file
from railprint.games.railroad_ink.board import square
from railprint.games.railroad_ink.web import _orientations
from tests.helpers import run_cli
from tests.serve.pages import who, download, open_room, traffic_on_failure

RULEBOOK = Path(__file__).resolve().parents[1] / "data" / "railroad_ink" / "cases" / "rulebook_example.txt"
KINDS = ".hr"
MARKERS = ["", "s", "o"]


def targets(path: Path) -> list[tuple[str, str]]:
    """(square, token) of every drawn space, in reading order."""
    return [(square(r, c), cell.token) for r, c, cell in parse_file(path).cells() if not cell.empty]


class InkPage:
    """Taps on a Railroad Ink page, the way a player draws: a face, then the square, the square
    again to turn it. ``taps`` counts them; each tap is a finger on what the screen shows: the
    page is never scrolled for it (``scrolled`` counts taps that would have needed a scroll)."""

    def __init__(self, page):
        self.page = page
        self.taps = 0
        self.scrolled = 0
        self.armed = None

    def tap(self, selector: str) -> None:
        page = self.page
        node = page.locator(selector).first
        # its box on screen (none when it is not rendered, as bounding_box() says) and what lies at
        # the box's middle, read in one round trip to the page (bounding_box() and a hit test
        # after it were two, on every tap of the tap-counting tests)
        box = node.evaluate(_BOX_AND_HIT, selector)
        view = page.viewport_size
        inside = (box is not None and box["y"] >= 0 and box["y"] + box["height"] <= view["height"]
                  and box["x"] >= 0 and box["x"] + box["width"] <= view["width"])
        if inside:
            # the finger lands on the middle of what is on screen, and that is the control itself
            x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
            assert box["hit"], f"{selector}: something else lies over it"
            page.mouse.click(x, y)
        else:
            self.scrolled += 1
            node.click()
        self.taps += 1

    def version(self) -> int:
        return int(self.page.locator("body").get_attribute("data-version"))

    def wait_version(self, version: int) -> None:
        self.page.wait_for_selector(f"body[data-version='{version}']")

    def tap_and_land(self, selector: str) -> None:
        """Tap, and wait for the change the tap makes to be answered and shown. (Waiting for the
        version to grow was not enough: another phone's change, heard by a poll while this tap's
        change was on its way, grew it too; the square then read as not yet drawn, was tapped
        again and turned: one change more, and the room never at the version the test waits for.)"""
        with self.page.expect_response(lambda r: r.request.method == "POST"
                                       and r.url.split("?")[0].endswith("/changes")) as answer:
            self.tap(selector)
        landed = answer.value.json()["room"]["version"]  # (a 409's answer carries the room too)
        self.page.wait_for_function(f"Number(document.body.dataset.version) >= {landed}")

    def faces(self) -> list[str]:
        self.page.wait_for_selector("button[data-face='h.h.']")
        # one round trip for every button (a get_attribute a button was ~10 Playwright calls a draw)
        return self.page.eval_on_selector_all(".ri-faces button[data-face]",
                                              "buttons => buttons.map(b => b.getAttribute('data-face'))")

    def token(self, where: str) -> str:
        return self.page.locator(f"g.ri-cell[data-square='{where}']").get_attribute("data-token")

    def face_for(self, token: str) -> str | None:
        return next((f for f in self.faces() if token in {c.token for c in _orientations(parse_file_token(f))}), None)

    def draw(self, where: str, token: str) -> None:
        page = self.page
        face = self.face_for(token)
        if face is not None:
            if self.armed != face:
                self.tap(f".ri-faces button[data-face='{face}']")
                page.wait_for_selector(f".ri-faces button[data-face='{face}'][aria-pressed='true']")
                self.armed = face
        else:  # no die face or special route draws it: the player draws it side by side
            self.armed = None
            self.tap("#ri-own")
            page.wait_for_selector(".ri-own")
            edges, marker = [".", ".", ".", "."], ""
            for side, kind in enumerate(token[:4]):
                for _ in range(KINDS.index(kind)):
                    edges[side] = KINDS[KINDS.index(edges[side]) + 1]
                    self.tap(f"button[data-side='{'NESW'[side]}']")
                    page.wait_for_selector(f".ri-own[data-token='{''.join(edges) + marker}']")
            for _ in range(MARKERS.index(token[4:])):
                marker = MARKERS[MARKERS.index(marker) + 1]
                self.tap("button[data-side='marker']")
                page.wait_for_selector(f".ri-own[data-token='{''.join(edges) + marker}']")
        self.tap_and_land(f"g.ri-cell[data-square='{where}']")
        for _ in range(8):
            if self.token(where) == token:
                break
            self.tap_and_land(f"g.ri-cell[data-square='{where}']")   # the same square again: turned
        assert self.token(where) == token, f"{where}: turning never showed {token}"
        if face is None:
            self.tap("#ri-own")   # the own drawing closed again
            page.wait_for_selector(".ri-own", state="detached")

    def total(self) -> str:
        return self.page.locator("#total").inner_text()


_BOX_AND_HIT = """(node, selector) => {
    if (!node.getClientRects().length) return null;   // not rendered: no box
    const r = node.getBoundingClientRect();
    const at = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return {x: r.x, y: r.y, width: r.width, height: r.height, hit: !!at && !!at.closest(selector)};
}"""


def parse_file_token(token: str):
    from railprint.games.railroad_ink.notation import parse_token

    return parse_token(token)


def create_room(page, base: str, players: list[str], expansion: str = "none", query: str = "") -> str:
    return open_room(page, base, "railroad-ink", players, {"expansion": expansion}, query)


def test_the_rulebook_board_entered_by_taps_reads_46(browser, server, tmp_path):
    base, _ = server
    page = browser.new_page(viewport={"width": 360, "height": 740})
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    create_room(page, base, ["Anna"])
    ink = InkPage(page)
    drawn = targets(RULEBOOK)
    for where, token in drawn:
        ink.draw(where, token)
    assert ink.total() == "46"
    assert page.locator("#ranking tbody tr td.points").inner_text() == "46"
    rows = {r.get_attribute("data-item"): r.locator("td.num").inner_text()
            for r in page.locator(".ri-score tr[data-item]").all()}
    assert rows == {"exits": "32", "longest_highway": "8", "longest_railway": "5", "center": "6", "errors": "-5"}
    # the scorer's picture of this sheet is on the page (asked for once scrolled to: loaded lazily)
    page.locator("#ri-picture").scroll_into_view_if_needed()
    page.wait_for_function("[...document.images].some(i => i.complete && i.naturalWidth > 0 && i.src.includes('picture.svg'))")

    # undo takes the last space back off, redo draws it again
    version = ink.version()
    last = drawn[-1][0]
    page.locator("#ri-undo").click()
    ink.wait_version(version + 1)
    assert page.locator(f"g.ri-cell[data-square='{last}']").get_attribute("data-token") == "."
    assert ink.total() != "46"
    page.locator("#ri-redo").click()
    ink.wait_version(version + 2)
    assert ink.total() == "46"

    # the Polish page says the same
    page.locator("#lang").click()
    page.wait_for_selector("#ri-turn:text('Obróć')")
    assert ink.total() == "46"
    assert page.locator("[data-item='exits'] th").inner_text() == "Wyjścia"
    page.locator("#lang").click()
    page.wait_for_selector("#ri-turn:text('Turn')")   # redrawn in English: nothing moves under the tap below

    # the downloaded file, scored by the CLI, gives the page's result
    saved = download(page, tmp_path)
    cli = run_cli("score", "railroad-ink", str(saved), "--json")
    assert cli.exit_code == 0, cli.output
    assert json.loads(cli.stdout)["total"] == 46
    assert parse_file(saved).rows == parse_file(RULEBOOK).rows
    assert not errors, errors


def test_two_players_on_two_phones_see_each_other_and_a_reload_keeps_everything(browser, server):
    base, _ = server
    phone_a = browser.new_context(viewport={"width": 360, "height": 740})
    phone_b = browser.new_context(viewport={"width": 360, "height": 740})
    a, b = phone_a.new_page(), phone_b.new_page()
    with traffic_on_failure(a=a, b=b):
        url = create_room(a, base, ["Ala", "Bartek"], query="?poll=300")
        b.goto(url + "?poll=300")
        for page in (a, b):
            page.wait_for_selector("body[data-version='0']")
        who(b, "Bartek")
        b.locator("button[data-player='Bartek']").click()
        b.wait_for_selector("button[data-player='Bartek'][aria-pressed='true']")
        # both draw at the same time, each on the version they loaded
        InkPage(a).draw("A2", "h.h.")
        InkPage(b).draw("D7", ".h.h")
        for page in (a, b):
            page.wait_for_selector("body[data-version='2']")
            points = {r.get_attribute("data-player"): r.locator("td.points").inner_text()
                      for r in page.locator("#ranking tbody tr").all()}
            assert points == {"Ala": "0", "Bartek": "0"}, points  # one exit each: no points yet, both seen
        a.locator("button[data-player='Bartek']").click()
        assert a.locator("g.ri-cell[data-square='D7']").get_attribute("data-token") == ".h.h"
        b.reload()
        b.wait_for_selector("body[data-version='2']")
        assert b.locator("button[data-player='Bartek'][aria-pressed='true']").count() == 1  # still Bartek's phone
        assert b.locator("g.ri-cell[data-square='D7']").get_attribute("data-token") == ".h.h"
        b.locator("button[data-player='Ala']").click()
        assert b.locator("g.ri-cell[data-square='A2']").get_attribute("data-token") == "h.h."
    phone_a.close()
    phone_b.close()


def test_a_stale_change_to_the_same_board_is_refused_and_the_current_board_shown(browser, server):
    base, _ = server
    first = browser.new_context()
    second = browser.new_context()
    a, b = first.new_page(), second.new_page()
    url = create_room(a, base, ["Ala"])
    b.goto(url + "?poll=0")  # this phone does not hear of the other's change
    b.wait_for_selector("body[data-version='0']")
    who(b, "Ala")   # another phone: asked who holds it, even in a room of one
    InkPage(a).draw("A2", "h.h.")
    page = b
    page.locator(".ri-faces button[data-face='r.r.']").click()
    page.locator("g.ri-cell[data-square='B1']").click()
    page.wait_for_selector("#message:text('another screen')")
    # the message stands next to the square tapped, in the tray-free board's box
    assert page.evaluate("document.getElementById('message').previousElementSibling.matches('svg.ri-board')")
    page.wait_for_selector("body[data-version='1']")
    assert page.locator("g.ri-cell[data-square='A2']").get_attribute("data-token") == "h.h."
    assert page.locator("g.ri-cell[data-square='B1']").get_attribute("data-token") == "."
    InkPage(b).draw("B1", ".r.r")  # redone on the current version, it lands
    first.close()
    second.close()


def test_a_restarted_server_brings_the_game_back(browser, tmp_path):
    from railprint.serve import running

    data = tmp_path / "data"
    page = browser.new_page()
    with running(data) as (base, _):
        url = create_room(page, base, ["Ala"])
        InkPage(page).draw("A2", "h.h.")
        room = url.rsplit("/", 1)[1]
    with running(data) as (base, _):  # a new server (and port) on the same data folder
        page.goto(base + "/")
        page.wait_for_selector(f"#rooms a[href='/r/{room}']")
        page.locator(f"#rooms a[href='/r/{room}']").click()
        page.wait_for_selector("body[data-version='1']")
        who(page, "Ala")   # another port is another origin: this phone's answer is not kept there
        assert page.locator("g.ri-cell[data-square='A2']").get_attribute("data-token") == "h.h."


def test_bad_input_from_the_page_gets_a_message_not_a_crash(browser, server):
    base, _ = server
    page = browser.new_page()
    page.goto(base + "/")
    page.wait_for_selector("#game option[value='railroad-ink']", state="attached")
    page.select_option("#game", "railroad-ink")  # not the first game listed any more
    page.locator("#players input").first.fill("Ala#1")
    page.locator("#create button[type='submit']").click()
    page.wait_for_selector("#message:text('cannot be written')")
    page.goto(base + "/r/nonexistent0")
    page.wait_for_selector("#message:has-text('no room')")   # the room page says it (it was the API's JSON)
    assert "no room" in page.locator("body").inner_text()


def test_nothing_below_the_picture_moves_while_the_server_draws_it_again(browser, server):
    """A change redraws the page and asks for a new scored picture; until it arrives its box keeps
    the last picture's shape (an emptied <img> was a 2 px box: everything below it rose by the
    picture's height and fell back when it came, and a tap on a download link then — the flaky
    download of the test above — hit whatever had moved there), and the download links stay the
    same nodes (a link replaced between a finger's down and up gets no click)."""
    base, _ = server
    page = browser.new_page(viewport={"width": 360, "height": 740})
    create_room(page, base, ["Anna"])
    ink = InkPage(page)
    for where, token in targets(RULEBOOK)[:3]:
        ink.draw(where, token)
    page.locator("#ri-picture").scroll_into_view_if_needed()  # loaded lazily: only a phone showing it asks
    page.wait_for_function("document.getElementById('ri-picture').complete"
                           " && document.getElementById('ri-picture').naturalWidth > 0")
    top = "document.querySelector('#downloads a').getBoundingClientRect().top + scrollY"
    page.evaluate("document.querySelector('#downloads a').dataset.kept = 'yes'")
    held = []

    def is_picture(url: str) -> bool:
        return "/picture.svg" in url

    def hold(route) -> None:
        held.append(route)

    page.route(is_picture, hold)   # the new picture waits until the test lets it go
    version = ink.version()
    with page.expect_response(lambda r: r.url.endswith("/files?lang=en")):
        page.locator("#ri-undo").click()
    ink.wait_version(version + 1)
    page.evaluate("new Promise((done) => requestAnimationFrame(() => setTimeout(done)))")  # the list is drawn
    for _ in range(200):
        if held:
            break
        page.wait_for_timeout(25)
    assert held, "the page never asked for the new picture"
    pending = page.evaluate(top)
    assert page.evaluate("document.getElementById('ri-picture').offsetHeight") > 300   # its box keeps its size
    assert page.locator("#downloads a").first.get_attribute("data-kept") == "yes"
    for route in held:
        route.continue_()
    page.unroute(is_picture)
    page.wait_for_function(f"document.getElementById('ri-picture').src.endsWith('&v={version + 1}')"
                           " && document.getElementById('ri-picture').complete")
    assert abs(page.evaluate(top) - pending) < 1   # not a pixel (the remembered shape is rounded to whole pixels)


def test_a_picture_whose_request_failed_is_asked_for_again_at_the_next_redraw(browser, server):
    """The requests for the scored picture fail (a 503, as from a flaky connection) while the
    room is opened; once the server answers again, a redraw of the same version (a tap on the
    player) asks for the picture again, and it shows."""
    base, _ = server
    page = browser.new_page(viewport={"width": 360, "height": 740})
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    asked, failing = [], [True]

    def flaky(route) -> None:
        asked.append(route.request.url)
        if failing[0]:
            route.fulfill(status=503, body="busy")
        else:
            route.continue_()

    page.route(lambda url: "/picture.svg" in url, flaky)
    create_room(page, base, ["Anna"])
    page.locator("#ri-picture").scroll_into_view_if_needed()  # loaded lazily: only a phone showing it asks
    broken = ("document.getElementById('ri-picture') && document.getElementById('ri-picture').complete"
              " && document.getElementById('ri-picture').naturalWidth === 0")
    page.wait_for_function(broken)
    version = InkPage(page).version()
    page.wait_for_timeout(300)
    assert page.evaluate(broken)   # nothing asks for it again by itself (no redraw without a change)
    failing[0] = False
    failed = len(asked)
    assert failed >= 1
    tap_player = "document.querySelector(\"#players button[data-player='Anna']\").click()"  # (no scroll: the picture stays on screen)
    page.evaluate(tap_player)
    page.wait_for_function("document.getElementById('ri-picture').complete"
                           " && document.getElementById('ri-picture').naturalWidth > 0")
    assert len(asked) == failed + 1 and asked[-1] == asked[0]   # the same picture, asked for again
    assert InkPage(page).version() == version
    page.evaluate(tap_player)   # a loaded picture is not asked for again
    page.evaluate("new Promise((done) => requestAnimationFrame(() => setTimeout(done, 200)))")
    assert len(asked) == failed + 1 and not errors, errors


def test_a_picture_without_an_id_is_a_page_error_not_a_shared_image(browser, server):
    """picture() keeps one <img> per id: a call without one throws instead of keeping every
    such picture under `undefined`."""
    base, _ = server
    page = browser.new_page(viewport={"width": 360, "height": 740})
    create_room(page, base, ["Anna"])
    page.wait_for_selector("#ri-picture")
    said = page.evaluate("""() => new Promise((done) => Railprint.register({
        mount(element, ctx) {
          try { ctx.picture({src: "/x.svg", alt: "x"}); done("drawn"); } catch (error) { done(error.message); }
        },
        update() {}}))""")
    assert "needs an id" in said


def test_results_a_phone_can_read_violations_lead_to_their_square(browser, server):
    """The itemised score, the violations each linked to its square (a tap shows the square on
    the board, selected and focused) and the scored picture fitted to the phone's width, a tap
    on it opening it whole; nothing wider than the screen."""
    base, _ = server
    page = browser.new_page(viewport={"width": 360, "height": 740})
    create_room(page, base, ["Anna", "Bartek"])
    page.wait_for_selector(".ri-faces button[data-face='h.h.']")
    room = page.url.rsplit("/", 1)[1]
    cells = ["."] * 49
    cells[16], cells[17] = "hhhh", "rrrr"        # C3 and C4: a highway meets a railway
    page.evaluate("""([room, cells]) => fetch(`/api/rooms/${room}/changes`, {method: 'POST',
        headers: {'Content-Type': 'application/json'},
        body: JSON.stringify({version: 0, parts: {'player:Anna': {cells}}})})""", [room, cells])
    link = page.locator("#violations li a[data-square]").first
    link.wait_for()
    where = link.get_attribute("data-square")
    assert where in link.inner_text() and where in ("C3", "C4")
    page.evaluate("scrollTo(0, document.body.scrollHeight)")
    link.click()
    page.wait_for_selector(f"g.ri-cell[data-square='{where}'][aria-pressed='true']")
    assert page.evaluate("document.activeElement.dataset.square") == where
    top = page.evaluate(f"document.querySelector(\"g.ri-cell[data-square='{where}']\").getBoundingClientRect().top")
    assert 0 <= top <= 740                        # the square is on screen
    assert page.locator("tr[data-item='errors'] td.num").inner_text().startswith("-")
    # the scored picture: as wide as the page's column, a link to the picture itself
    page.locator("#ri-picture").scroll_into_view_if_needed()  # loaded lazily: only a phone showing it asks
    page.wait_for_function("document.getElementById('ri-picture').complete && document.getElementById('ri-picture').naturalWidth > 0")
    width = page.evaluate("document.getElementById('ri-picture').getBoundingClientRect().width")
    column = page.evaluate("document.querySelector('#editor').getBoundingClientRect().width")
    assert abs(width - column) <= 2
    href = page.locator("a.picture-open").get_attribute("href")
    assert href.startswith(f"/api/rooms/{room}/picture.svg?page=0") and page.request.get(base + href).status == 200
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
