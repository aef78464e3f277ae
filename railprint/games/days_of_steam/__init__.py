"""Days of Steam (Dni Pary): printed from content (decks and tiles); no scorer yet."""

from __future__ import annotations

from railprint.registry import Game

GAME = Game(
    id="days-of-steam",
    title={"en": "Days of Steam", "pl": "Dni Pary"},
    aliases=("dni-pary",),
)
