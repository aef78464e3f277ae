"""The preview page's tests share the game-night server's real-browser fixture (Debian's chromium
driven by Playwright; see tests/serve/conftest.py)."""

from tests.serve.conftest import browser  # noqa: F401  (a fixture, used by name)
