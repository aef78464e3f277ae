"""``railprint serve`` in a background thread listening on loopback only, for the API and browser
tests (the browser itself: ``tests/browser.py``, a fixture of the root conftest)."""

from __future__ import annotations

import pytest


@pytest.fixture
def server(tmp_path):
    """(base URL, data folder) of a server on 127.0.0.1 and a free port."""
    from railprint.serve import running

    data = tmp_path / "data"
    with running(data) as (url, token):
        assert token is None and url.startswith("http://127.0.0.1:")
        yield url, data

