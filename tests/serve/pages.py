"""Helpers for the browser tests: start a game through the page's own form."""

from __future__ import annotations

import re


def create_room_with(page, base: str, game: str, players: list[str], setup: dict[str, str] | None = None) -> str:
    """Pick the game, its setup choices and the players' names on the start page; the room's URL."""
    page.goto(base + "/")
    page.wait_for_selector(f"#game option[value='{game}']", state="attached")
    page.select_option("#game", game)
    for key, value in (setup or {}).items():
        page.select_option(f"select[data-field='{key}']", value)
    inputs = page.locator("#players input")
    for i, name in enumerate(players):
        inputs.nth(i).fill(name)
    page.locator("#create button[type='submit']").click()
    page.wait_for_url(re.compile(r"/r/[A-Za-z0-9_-]{12}$"))
    page.wait_for_selector("body[data-version='0']")
    return page.url
