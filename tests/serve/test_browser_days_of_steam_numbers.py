"""Days of Steam's counts on a 360 × 740 phone: a tap on a count opens its numbers (0 to the most,
each a 44 px button) and a tap sets one — any count in two taps (6 steam took 6 taps of +); the
table's 7 goods of a colour still hold when a number is picked, said next to the page."""

from __future__ import annotations

from tests.serve.pages import landed, open_room, version
from tests.serve.test_browser_accessibility import axe_js, violations  # noqa: F401 (a fixture)

VIEW = {"width": 360, "height": 740}


def pick(page, what: str, n: int) -> None:
    page.locator(f"button.dos-pick[data-pick='{what}']").click()
    page.wait_for_selector(f"#dos-values-{what} button.dos-number")
    # measured in one go in the page (a redraw between two measures detached the buttons)
    boxes = page.evaluate(f"""() => [...document.querySelectorAll('#dos-values-{what} button.dos-number')]
        .map((b) => {{ const r = b.getBoundingClientRect(); return [r.x, r.width, r.height]; }})""")
    assert len(boxes) == (7 if what == "steam" else 8)
    for x, width, height in boxes:
        assert height >= 44 and width >= 44 and x + width <= VIEW["width"], (x, width, height)
    page.locator(f"#dos-values-{what} button[data-set-value='{n}']").click()


def test_a_count_in_two_taps(browser, server):
    base, _ = server
    page = browser.new_page(viewport=VIEW)
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    open_room(page, base, "days-of-steam", ["Ala", "Bartek"], query="?poll=0")
    page.wait_for_selector("button.dos-pick[data-pick='steam']")
    before = version(page)
    pick(page, "steam", 6)
    landed(page, before)
    assert page.locator("output[data-value='steam']").inner_text() == "6"
    assert page.locator("#dos-values-steam").count() == 0   # closed by the choice
    assert page.locator("button[data-step='steam'][data-delta='1']").is_disabled()
    before = version(page)
    pick(page, "goods-B", 7)
    landed(page, before)
    assert page.locator("output[data-value='goods-B']").inner_text() == "7"
    assert page.locator("#total").inner_text() == "14"   # 7 goods: 14 VP, one colour, no bonus
    # Bartek cannot have a blue one more: the table's 7 are Ala's
    page.locator("#players button[data-player='Bartek']").click()
    page.wait_for_selector("#players button[data-player='Bartek'][aria-pressed='true']")
    at = version(page)
    pick(page, "goods-B", 1)
    page.wait_for_selector("#message:text('All 7 goods of this colour are delivered already (Ala 7).')")
    assert version(page) == at and page.locator("output[data-value='goods-B']").inner_text() == "0"
    assert not errors, errors


def test_axe_finds_nothing_on_a_count_and_a_round_with_their_numbers_open(browser, server, axe_js):
    """A count's (and a Jedzie station's round's) button says its number in its name: "red: pick
    the number" did not hold the "2" it shows (axe: label-content-name-mismatch)."""
    base, _ = server
    page = browser.new_page(viewport=VIEW)
    open_room(page, base, "days-of-steam", ["Ala", "Bartek"], query="?poll=0")
    before = version(page)
    pick(page, "goods-R", 2)
    landed(page, before)
    page.locator("button.dos-pick[data-pick='steam']").click()
    page.wait_for_selector("#dos-values-steam")
    assert violations(page, axe_js) == []
    open_room(page, base, "allers-trains", ["Ala"], {"mode": "route+stations"}, "?poll=0&lang=pl")
    page.locator("button.at-pick[data-pick='1']").click()
    page.locator("#at-rounds-1 button[data-set-round='6']").click()
    page.wait_for_selector("body[data-version='1']")
    assert violations(page, axe_js) == []
