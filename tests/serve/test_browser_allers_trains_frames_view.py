"""Jedzie pociąg z daleka on a 360 × 740 phone: the frames' frame comes before the score (it was
under the score and "the game is not over", its lower squares and the hand below the screen's
edge), and what a tap opens — the hand, then the picked tile's four turns — is on the screen
for the next tap, no scroll by hand."""

from __future__ import annotations

from tests.serve.pages import landed, open_room, version

VIEW = {"width": 360, "height": 740}


def box_of(page, selector: str) -> dict | None:
    """The element's box once it is shown: a landed change re-renders the frame, and a box read
    at that moment is None (a loaded machine's CI met it between two reads of one square)."""
    locator = page.locator(selector).first
    for _ in range(50):
        box = locator.bounding_box()
        if box is not None:
            return box
        page.wait_for_timeout(100)
    return None


def on_screen(page, selector: str) -> bool:
    box = box_of(page, selector)
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= VIEW["height"]


def test_the_frame_first_and_each_next_tap_on_screen(browser, server):
    base, _ = server
    page = browser.new_page(viewport=VIEW)
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    open_room(page, base, "allers-trains", ["Ala"], {"mode": "route+stations", "entry": "frames"}, "?poll=0")
    page.wait_for_selector("g.at-square[data-square='A2']")
    frame = box_of(page, "svg.at-frame")
    assert frame is not None and frame["y"] + frame["height"] <= VIEW["height"]   # the whole frame on the first screen
    assert box_of(page, "#total")["y"] > frame["y"] + frame["height"]
    for square, tile, turn in (("A2", "T13", 270), ("B2", "T11", 270), ("B1", "T07", 90)):
        before = version(page)
        assert on_screen(page, f"g.at-square[data-square='{square}']")
        page.mouse.click(*centre(page, f"g.at-square[data-square='{square}']"))
        page.wait_for_selector(f"button.at-tile[data-tile='{tile}']")
        assert on_screen(page, f"button.at-tile[data-tile='{tile}']"), square
        page.mouse.click(*centre(page, f"button.at-tile[data-tile='{tile}']"))
        page.wait_for_selector(f"button.at-turn[data-rotation='{turn}']")
        assert on_screen(page, f"button.at-turn[data-rotation='{turn}']"), tile
        page.mouse.click(*centre(page, f"button.at-turn[data-rotation='{turn}']"))
        landed(page, before)
    assert page.locator("#at-take-back").is_enabled()
    assert not errors, errors


def centre(page, selector: str) -> tuple[float, float]:
    box = box_of(page, selector)
    assert box is not None, f"{selector} is not shown"
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_a_stations_rounds_open_on_screen(browser, server):
    """The scoring board: a station low on the screen opens its rounds (–, 1–15) below the edge;
    they are brought into view, so the round is the next tap without a scroll by hand."""
    base, _ = server
    page = browser.new_page(viewport=VIEW)
    open_room(page, base, "allers-trains", ["Ala"], {"mode": "route+stations"}, "?poll=0")
    page.wait_for_selector("button.at-pick[data-pick='4']")
    page.locator("button.at-pick[data-pick='4']").scroll_into_view_if_needed()
    pick = page.locator("button.at-pick[data-pick='4']").bounding_box()
    page.evaluate(f"window.scrollBy(0, {pick['y'] + pick['height'] - VIEW['height'] + 2})")   # the row at the bottom edge
    assert on_screen(page, "button.at-pick[data-pick='4']")
    page.mouse.click(*centre(page, "button.at-pick[data-pick='4']"))
    page.wait_for_selector("#at-rounds-4 button[data-set-round='14']")
    assert on_screen(page, "#at-rounds-4 button[data-set-round='14']")
    before = version(page)
    page.mouse.click(*centre(page, "#at-rounds-4 button[data-set-round='14']"))
    landed(page, before)
    assert page.locator("output[data-round='4']").inner_text() == "14"
