"""Browser fixtures: a real headless Chromium (Debian's ``chromium``) driven by Playwright, and
``railprint serve`` in a background thread listening on loopback only.

Where ``/usr/bin/chromium`` is absent the browser tests skip with that reason, except in CI
(``CI=true``), where a missing browser is a failure: ``.ci/run`` installs it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="session")
def browser():
    if not CHROMIUM.exists():
        if os.environ.get("CI") == "true":
            pytest.fail(f"{CHROMIUM} is missing in CI: .ci/run installs Debian's chromium")
        pytest.skip(f"browser tests need Debian's chromium at {CHROMIUM} (apt-get install -y chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield TestBrowser(chromium)
        chromium.close()


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


@pytest.fixture
def server(tmp_path):
    """(base URL, data folder) of a server on 127.0.0.1 and a free port."""
    from railprint.serve import running

    data = tmp_path / "data"
    with running(data) as (url, token):
        assert token is None and url.startswith("http://127.0.0.1:")
        yield url, data


@pytest.fixture
def client(tmp_path):
    """The app on a fresh data folder, through FastAPI's test client (no socket)."""
    from fastapi.testclient import TestClient

    from railprint.serve import make_app

    app, _, store = make_app(tmp_path / "data", "127.0.0.1")
    with TestClient(app, base_url="http://127.0.0.1") as c:
        yield c
    store.close()
