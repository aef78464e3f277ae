"""Helpers for the browser tests: phones, the room's version, starting a game through the page's own
form, reading the ranking."""

from __future__ import annotations

import json
import re
import time
from contextlib import contextmanager


def who(page, name: str) -> None:
    """Answer the room page's "who are you?" (asked the first time a phone opens a room, unless it
    started that room of one player) with ``name``: one tap. Nothing when this phone is not asked."""
    page.wait_for_selector("body[data-version]")
    if page.locator("body[data-asking]").count():
        page.locator(f"#players button.who[data-player='{name}']").click()
        page.wait_for_selector("body:not([data-asking])")


def open_room(page, base: str, game: str, players: list[str], setup: dict[str, str] | None = None,
              query: str = "", player: str | None = None) -> str:
    """Create the room through the server's API — the request the start page's form sends,
    ``POST /api/rooms`` — and open its page: the room's URL. For tests of the room's page, where
    the form is not what they check: one start page load fewer (~1 s of Chromium's CPU). The
    page opens at the URL with ``query`` (``"?poll=0"``, ``"?lang=pl"``) added, the URL returned
    has none. The form itself is what :func:`create_room_with` drives (one test of each game, with
    a setup choice where the game has one, and ``test_browser_setup_language.py``). The phone
    answers "who are you?" with ``player`` (default: the first player)."""
    answer = page.request.post(base + "/api/rooms", data={"game": game, "players": players, "setup": setup or {}})
    assert answer.ok, answer.text()
    url = f"{base}/r/{answer.json()['room']['id']}"
    page.goto(url + query)
    page.wait_for_selector("body[data-version='0']")
    who(page, player or players[0])
    return url


def create_room_with(page, base: str, game: str, players: list[str], setup: dict[str, str] | None = None) -> str:
    """Pick the game, its setup choices and the players' names on the start page; the room's URL.
    (A test that does not check the form: :func:`open_room`.)"""
    page.goto(base + "/")
    page.wait_for_selector(f"#game option[value='{game}']", state="attached")
    page.select_option("#game", game)
    for key, value in (setup or {}).items():
        page.select_option(f"select[data-field='{key}']", value)
    inputs = page.locator("#players input")
    while inputs.count() < len(players):   # more players than fields: the form adds one a tap
        count = inputs.count()
        page.locator("#add-player").click()
        page.wait_for_function(f"document.querySelectorAll('#players input').length > {count}")
    for i, name in enumerate(players):
        inputs.nth(i).fill(name)
    page.locator("#create button[type='submit']").click()
    page.wait_for_url(re.compile(r"/r/[A-Za-z0-9_-]{12}$"))
    page.wait_for_selector("body[data-version='0']")
    who(page, players[0])
    return page.url


def phones(browser, count: int = 2):
    """``count`` phones (360 px browser contexts), a page on each, and the list their page errors
    go to: (contexts, pages, errors)."""
    contexts = [browser.new_context(viewport={"width": 360, "height": 740}) for _ in range(count)]
    pages = [context.new_page() for context in contexts]
    errors: list[str] = []
    for page in pages:
        page.on("pageerror", lambda exc: errors.append(str(exc)))
    return contexts, pages, errors


class Traffic:
    """What pages asked the server and heard back (the room version of each answer), their
    console and errors, with the time since the start: printed when a test fails, so a flaky
    failure says what the page saw (``traffic_on_failure``)."""

    def __init__(self, pages: dict):
        self.start = time.monotonic()
        self.lines: list[tuple[float, str, str]] = []
        for name, page in pages.items():
            page.on("request", lambda r, n=name: self._add(n, f"> {r.method} {_short(r.url)} {(r.post_data or '')[:160]}"))
            page.on("response", lambda r, n=name: self._add(n, self._answer(r)))
            page.on("requestfailed", lambda r, n=name: self._add(n, f"! {r.method} {_short(r.url)} failed: {r.failure}"))
            page.on("console", lambda m, n=name: self._add(n, f"console.{m.type}: {m.text}"))
            page.on("pageerror", lambda e, n=name: self._add(n, f"page error: {e}"))

    def _now(self) -> float:
        return time.monotonic() - self.start

    def _add(self, name: str, text: str) -> None:
        self.lines.append((self._now(), name, text))

    @staticmethod
    def _answer(response) -> str:
        text = f"< {response.status} {response.request.method} {_short(response.url)}"
        if "/api/rooms/" in response.url:
            try:
                data = json.loads(response.body())
            except Exception as exc:  # (not JSON, or the page went on and its body is gone)
                return text + f" ({type(exc).__name__})"
            room = data.get("room") if isinstance(data, dict) else None
            if isinstance(room, dict):
                text += f" version {room.get('version')}"
            elif isinstance(data, dict) and "error" in data:
                text += f" error {str(data['error'])[:120]!r}"
        return text

    def dump(self) -> str:
        return "\n".join(f"{at:8.3f} {name}: {text}" for at, name, text in self.lines)


def _short(url: str) -> str:
    return re.sub(r"^https?://[^/]+", "", url)


@contextmanager
def traffic_on_failure(**pages):
    """Record the pages' traffic (:class:`Traffic`); when the block fails, print it (pytest shows
    a failing test's output) and re-raise."""
    traffic = Traffic(pages)
    try:
        yield traffic
    except BaseException:
        print("--- what the pages asked the server and heard (seconds since the start):")
        print(traffic.dump())
        raise


def version(page) -> int:
    return int(page.locator("body").get_attribute("data-version"))


def landed(page, before: int) -> None:
    """Wait for a change to land (other phones' changes may land meanwhile: the version only grows)."""
    page.wait_for_function(f"Number(document.body.dataset.version) > {before}")


def shown(page, selector: str) -> bool:
    """``selector`` is on the page once the render after a change shows it (a loaded machine reads
    ``is_visible`` a moment after ``data-asking`` goes, before that render)."""
    page.locator(selector).wait_for(state="visible", timeout=10_000)
    return page.locator(selector).is_visible()


def ranking(page) -> dict[str, str]:
    """Player -> points, as the page's ranking table shows them."""
    return {r.get_attribute("data-player"): r.locator("td.points").inner_text()
            for r in page.locator("#ranking tbody tr").all()}


def download(page, folder):
    """Click the page's first download link (the room's score file) and save it in ``folder``."""
    with page.expect_download() as info:
        page.locator("#downloads a").first.click()
    saved = folder / info.value.suggested_filename
    info.value.save_as(saved)
    return saved


def tap_three_times_at_once(page, button: str) -> None:
    """Click ``button`` (a CSS selector) three times in one go, before the first is answered,
    and wait until all three have landed (the room's version three higher)."""
    before = version(page)
    page.evaluate("""(selector) => { const plus = document.querySelector(selector);
        for (let i = 0; i < 3; i++) plus.click(); }""", button)
    page.wait_for_function(f"Number(document.body.dataset.version) === {before + 3}")
