"""Nothing jumps, nothing is lost (360 × 740, a real Chromium): Undo and Redo belong to the
player shown; a later tap wins over an earlier answer; a redraw keeps focus, the caret,
half-typed text and the scroll position; a message stands next to the control that caused it
and is announced; taps made while the server is unreachable are kept on the phone and sent in
order when it answers again (a conflict is said, never dropped), and the banner clears."""

from __future__ import annotations

from tests.serve.pages import who, landed, open_room, version
from tests.serve.test_browser_railroad_ink import InkPage

VIEW = {"width": 360, "height": 740}


def ink_room(browser, base, players=("Ala", "Bartek"), poll=None):
    context = browser.new_context(viewport=VIEW)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    url = open_room(page, base, "railroad-ink", list(players), query="" if poll is None else f"?poll={poll}")
    page.wait_for_selector(".ri-faces button[data-face='h.h.']")
    return context, page, url, errors


def cell(page, where: str) -> str:
    return page.locator(f"g.ri-cell[data-square='{where}']").get_attribute("data-token")


def test_undo_and_redo_belong_to_the_player_shown(browser, server):
    base, _ = server
    context, page, _, errors = ink_room(browser, base)
    ink = InkPage(page)
    ink.draw("A2", "h.h.")                       # Ala's tile
    page.locator("button[data-player='Bartek']").click()
    page.wait_for_selector("button[data-player='Bartek'][aria-pressed='true']")
    assert page.locator("#ri-undo").is_disabled()   # Bartek has nothing to undo: not Ala's tile
    ink.armed = None
    ink.draw("D7", ".h.h")                       # Bartek's tile
    page.locator("button[data-player='Ala']").click()
    page.wait_for_selector("button[data-player='Ala'][aria-pressed='true']")
    before = version(page)
    page.locator("#ri-undo").click()             # Ala's Undo takes back Ala's tile only
    landed(page, before)
    assert cell(page, "A2") == "."
    page.locator("button[data-player='Bartek']").click()
    assert cell(page, "D7") == ".h.h"
    assert page.locator("#ri-redo").is_disabled() and not page.locator("#ri-undo").is_disabled()
    page.locator("button[data-player='Ala']").click()
    before = version(page)
    page.locator("#ri-redo").click()
    landed(page, before)
    assert cell(page, "A2") == "h.h."
    assert not errors, errors
    context.close()


def test_a_later_tap_wins_over_an_earlier_answer(browser, server):
    """The first face's orientations are answered only after the second face was tapped and
    drawn on the same square: the square keeps the second face."""
    base, _ = server
    context, page, _, errors = ink_room(browser, base, players=("Ala",))
    held = []

    def hold_first(route):
        if not held:
            held.append(route)
        else:
            route.continue_()

    page.route("**/actions/orientations*", hold_first)
    page.locator(".ri-faces button[data-face='hh..']").click()
    page.locator("g.ri-cell[data-square='C3']").click()
    for _ in range(200):
        if held:
            break
        page.wait_for_timeout(20)
    assert held
    page.locator(".ri-faces button[data-face='r.r.']").click()
    page.locator("g.ri-cell[data-square='C3']").click()
    page.wait_for_selector("g.ri-cell[data-square='C3'][data-token='r.r.']")
    settled = version(page)
    held[0].continue_()                          # the earlier answer comes last
    page.wait_for_timeout(400)
    page.evaluate("new Promise((done) => requestAnimationFrame(() => setTimeout(done, 50)))")
    assert cell(page, "C3") == "r.r." and version(page) == settled
    assert not errors, errors
    context.close()


def test_a_redraw_keeps_focus_caret_half_typed_text_and_scroll(browser, server):
    base, _ = server
    first, second = browser.new_context(viewport=VIEW), browser.new_context(viewport=VIEW)
    ala, bartek = first.new_page(), second.new_page()
    errors: list[str] = []
    ala.on("pageerror", lambda exc: errors.append(str(exc)))
    url = open_room(ala, base, "allers-trains", ["Ala", "Bartek"], {"mode": "route+stations"}, query="?poll=250")
    bartek.goto(url + "?poll=0")
    who(bartek, "Bartek")
    for page in (ala, bartek):
        page.wait_for_selector("#at-route")
    bartek.locator("button[data-player='Bartek']").click()
    # Ala types her route reading, half of it so far, with the caret in the middle
    ala.locator("#at-route").fill("")
    ala.locator("#at-route").click()
    ala.keyboard.type("40+")
    ala.keyboard.press("ArrowLeft")
    seen = version(ala)
    bartek.fill("#at-route", "39")              # another phone's change: Ala's page is redrawn
    bartek.locator("#at-route-save").click()
    ala.wait_for_function(f"Number(document.body.dataset.version) > {seen}")
    ala.evaluate("new Promise((done) => requestAnimationFrame(() => setTimeout(done)))")
    assert ala.evaluate("document.activeElement.id") == "at-route"
    assert ala.locator("#at-route").input_value() == "40+"
    assert ala.evaluate("[document.activeElement.selectionStart, document.activeElement.selectionEnd]") == [2, 2]
    ala.keyboard.press("End")
    ala.keyboard.type("9")                      # no keystroke lost: the reading goes on
    assert ala.locator("#at-route").input_value() == "40+9"
    before = version(ala)
    ala.keyboard.press("Enter")
    landed(ala, before)
    ala.wait_for_selector("tr[data-item='route_points'] td.num:text('49')")

    # a page scrolled down stays where it is when another phone's change redraws it
    ala.evaluate("scrollTo(0, 300)")
    seen = version(ala)
    bartek.fill("#at-route", "38")
    bartek.locator("#at-route-save").click()
    ala.wait_for_function(f"Number(document.body.dataset.version) > {seen}")
    assert ala.evaluate("scrollY") == 300
    assert not errors, errors
    first.close()
    second.close()


def test_a_message_stands_next_to_its_control_and_is_announced(browser, server):
    base, _ = server
    page = browser.new_page(viewport=VIEW)
    page.goto(base + "/")
    page.wait_for_selector("#game option[value='railroad-ink']", state="attached")
    page.select_option("#game", "railroad-ink")
    page.fill("#player-1", "Ala")
    page.fill("#player-2", "ＡＬＡ")            # full-width letters: the same name after NFKC and case-folding
    page.locator("#create button[type='submit']").click()
    page.wait_for_selector("#message:has-text('the same name')")
    assert page.evaluate("document.getElementById('message').previousElementSibling.contains(document.getElementById('player-2'))")
    assert "the same name" in page.locator("#announce").inner_text()
    assert page.locator("#announce").get_attribute("aria-live") == "assertive"
    assert page.evaluate("document.activeElement.id") == "player-2"
    assert page.evaluate("location.pathname") == "/"   # nothing was started


def test_taps_without_a_connection_are_kept_and_sent_in_order_when_it_returns(browser, server):
    base, _ = server
    context, page, url, errors = ink_room(browser, base, poll=300)
    other = browser.new_context(viewport=VIEW)
    bartek = other.new_page()
    bartek.goto(url + "?poll=0")
    who(bartek, "Bartek")
    bartek.wait_for_selector(".ri-faces button[data-face='h.h.']")
    bartek.locator("button[data-player='Bartek']").click()

    context.set_offline(True)
    page.locator(".ri-faces button[data-face='h.h.']").click()
    page.locator("g.ri-cell[data-square='A2']").click()
    page.wait_for_selector("g.ri-cell[data-square='A2'][data-token='h.h.']")
    page.locator("g.ri-cell[data-square='B2']").click()
    page.wait_for_selector("g.ri-cell[data-square='B2'][data-token='h.h.']")
    page.locator("g.ri-cell[data-square='B2']").click()          # turned, still without a connection
    page.wait_for_selector("g.ri-cell[data-square='B2'][data-token='.h.h']")
    assert page.locator("body").get_attribute("data-pending") == "3"
    page.wait_for_selector("#offline:not([hidden])")
    assert "retrying" in page.locator("#offline").inner_text()
    kept = page.evaluate("JSON.parse(localStorage.getItem(Object.keys(localStorage).find((k) => k.startsWith('railprint-pending-'))))")
    assert [list(c["parts"])[0] for c in kept] == ["player:Ala"] * 3 and kept[0]["version"] == 0
    InkPage(bartek).draw("D7", ".h.h")          # meanwhile another phone changes its own board: version 1

    context.set_offline(False)
    page.wait_for_selector("body[data-pending='0']")
    page.wait_for_selector("#offline[hidden]", state="attached")    # the server answered: the banner is gone
    page.wait_for_selector("body[data-version='4']")   # Bartek's change, then Ala's three, in order
    assert cell(page, "A2") == "h.h." and cell(page, "B2") == ".h.h"
    page.locator("button[data-player='Bartek']").click()
    assert cell(page, "D7") == ".h.h"            # merged: nobody's work lost
    history = page.evaluate(f"fetch('/api/rooms/{url.rsplit('/', 1)[1]}/history').then((r) => r.json())")
    assert len(history) >= 4
    assert not errors, errors
    context.close()
    other.close()


def test_a_change_kept_offline_that_meets_a_conflict_is_said_not_dropped(browser, server):
    base, _ = server
    context, page, url, errors = ink_room(browser, base, players=("Ala",), poll=0)
    other = browser.new_context(viewport=VIEW)
    second = other.new_page()
    second.goto(url + "?poll=0")
    who(second, "Ala")                           # another phone: asked who holds it, even in a room of one
    second.wait_for_selector(".ri-faces button[data-face='h.h.']")

    context.set_offline(True)
    page.locator(".ri-faces button[data-face='h.h.']").click()
    page.locator("g.ri-cell[data-square='A2']").click()
    page.wait_for_selector("g.ri-cell[data-square='A2'][data-token='h.h.']")
    page.locator("g.ri-cell[data-square='C3']").click()
    page.wait_for_selector("body[data-pending='2']")
    InkPage(second).draw("G6", ".h.h")          # the same board changed on another screen meanwhile
    context.set_offline(False)
    page.wait_for_selector("body[data-pending='0']")
    page.wait_for_selector("#message:has-text('were refused')")
    assert "2" in page.locator("#message").inner_text()   # both taps named, none silently gone
    assert cell(page, "G6") == ".h.h" and cell(page, "A2") == "."   # the current game is shown
    assert not errors, errors
    context.close()
    other.close()


def test_kept_changes_survive_a_reload_and_go_out_when_the_page_opens_again(browser, server):
    base, _ = server
    context, page, url, errors = ink_room(browser, base, players=("Ala",), poll=0)
    context.set_offline(True)
    page.locator(".ri-faces button[data-face='r.r.']").click()
    page.locator("g.ri-cell[data-square='B1']").click()
    page.wait_for_selector("body[data-pending='1']")
    page.close()                                 # the phone's page closed before the server came back
    context.set_offline(False)
    again = context.new_page()
    again.goto(url)
    again.wait_for_selector("body[data-pending='0'][data-version='1']")
    again.wait_for_selector(".ri-faces button[data-face='h.h.']")
    assert cell(again, "B1") in {"r.r.", ".r.r"}
    assert not errors, errors
    context.close()
