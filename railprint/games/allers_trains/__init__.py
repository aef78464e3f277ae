"""Jedzie pociąg z daleka (Jeffrey D. Allers): printed from content (decks and tiles); no scorer yet."""

from __future__ import annotations

from railprint.registry import Game

GAME = Game(
    id="allers-trains",
    title={"en": "Jedzie pociąg z daleka", "pl": "Jedzie pociąg z daleka"},
    aliases=("jedzie-pociag",),
)
