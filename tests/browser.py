"""The real browser every browser test shares: a headless Chromium driven by Playwright, one per
test process. It is a session fixture of the root ``tests/conftest.py``: one definition for every
folder (two session fixtures, each with its own Playwright, cannot live in one process: the
second finds the first's event loop running).

The browser is Debian's ``chromium-headless-shell`` (Chromium's own headless build: the same
Blink and V8, without the desktop browser's UI and compositor) where it is installed, else
Debian's ``chromium`` (its ``--headless`` mode is the whole desktop browser, run without a
window). The shell does the same pages' work for about half the CPU: the four largest browser
files, side by side, 124.4 s with ``chromium``, 69.4 s with the shell (docs/performance.md).
Where neither is installed the browser tests skip with that reason, except in CI (``CI=true``),
where the shell is required: ``.ci/run`` installs it."""

from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path

import pytest

SHELL = Path("/usr/bin/chromium-headless-shell")   # Debian's chromium-headless-shell
FULL = Path("/usr/bin/chromium")                    # Debian's chromium
CHROMIUM = SHELL if SHELL.exists() or os.environ.get("CI") == "true" else FULL
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="session")
def browser():
    if not CHROMIUM.exists():
        if os.environ.get("CI") == "true":
            pytest.fail(f"{CHROMIUM} is missing in CI: .ci/run installs Debian's chromium-headless-shell")
        pytest.skip(f"browser tests need Debian's chromium-headless-shell or chromium at {CHROMIUM} "
                    "(apt-get install -y chromium-headless-shell)")
    from playwright.sync_api import Page, sync_playwright

    with sync_playwright() as playwright, _polled_every(Page, POLL_MS):
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield TestBrowser(chromium)
        chromium.close()


POLL_MS = 20
"""How often ``page.wait_for_function`` checks its condition in the browser tests, unless a test
says otherwise: every 20 ms, not Playwright's default of every animation frame (``"raf"``: the
page then asks for a frame 60 times a second for as long as it waits, and Chromium makes each
one). The condition is the same and is checked about as often (a frame is 16.7 ms); a waiting
page costs ~0.02 s of CPU a second instead of ~0.07 (docs/performance.md, round ten)."""


@contextmanager
def _polled_every(page_class, ms: float):
    """``page_class.wait_for_function`` with ``polling=ms`` where the call gives none; put back after."""
    original = page_class.wait_for_function

    def wait_for_function(self, expression, *, arg=None, polling=None, timeout=None):
        return original(self, expression, arg=arg, polling=ms if polling is None else polling, timeout=timeout)

    page_class.wait_for_function = wait_for_function
    try:
        yield
    finally:
        page_class.wait_for_function = original


@pytest.fixture(autouse=True)
def _browser_contexts_closed(request):
    """A browser test's contexts (its phones, with their pages) are closed when it ends. Left
    open, each room page went on asking its stopped server (the push channel every 2 s, ``?poll=``
    pages every 250-300 ms) for the rest of the test process's run, every later test included:
    ~0.02 s of Chromium's CPU a second a page, with 100-odd pages by the end."""
    yield
    if "browser" not in request.fixturenames:
        return
    try:
        browser = request.getfixturevalue("browser")
    except (pytest.skip.Exception, pytest.fail.Exception, Exception):   # no browser: nothing opened
        return
    for context in list(browser.contexts):
        context.close()


class TestBrowser:
    """The browser, its contexts and pages made with ``bypass_csp=True`` unless a test says
    otherwise: Playwright's ``wait_for_function`` evaluates its string with ``eval``, which the
    pages' Content-Security-Policy forbids. ``test_security.py`` opens every page under the
    policy (``bypass_csp=False``) and checks nothing is refused."""

    def __init__(self, chromium):
        self.chromium = chromium

    def new_context(self, **options):
        options.setdefault("bypass_csp", True)
        return self.chromium.new_context(**options)

    def new_page(self, **options):
        options.setdefault("bypass_csp", True)
        return self.chromium.new_page(**options)

    def __getattr__(self, name):
        return getattr(self.chromium, name)
