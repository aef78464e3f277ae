"""Registry of games. ``find_game(name)`` matches ids and aliases case-insensitively.

Each game is a package ``railprint.games.<module>`` imported lazily (so ``railprint --help``
stays fast). A game module that can score provides::

    score_files(paths: list[pathlib.Path], *, strict: bool = False, **options) -> ScoreResult

where the result has ``as_json()`` (JSON-ready data, the contract in shared/reference),
``as_text()`` (the human report) and ``picture()`` (a ``railprint.scene.Document``).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType

from railprint.errors import RailprintError, name_key, suggestion


@dataclass(frozen=True)
class GameInfo:
    id: str
    module: str | None  # package under railprint.games with score_files(); None: printing only
    title_en: str
    title_pl: str
    aliases: tuple[str, ...] = ()

    def scorer(self) -> ModuleType:
        """The game's scoring package, or a clear error for games railprint only prints."""
        if self.module is None:
            scorable = ", ".join(g.id for g in GAMES if g.module)
            raise RailprintError(f"{self.id}: railprint prints this game's components but does not score it",
                                 hint=f"games with a scorer: {scorable}; to print: railprint render {self.id}")
        return importlib.import_module(f"railprint.games.{self.module}")


GAMES: tuple[GameInfo, ...] = (
    GameInfo("railroad-ink", "railroad_ink", "Railroad Ink", "Kolejowy szlak",
             ("ri", "railroadink", "kolejowy-szlak")),
    GameInfo("ticket-to-ride", "ticket_to_ride", "Ticket to Ride", "Wsiąść do Pociągu",
             ("ttr", "tickettoride", "nordic", "italy")),
    GameInfo("days-of-steam", None, "Days of Steam", "Dni Pary", ("dni-pary",)),
    GameInfo("allers-trains", None, "Jedzie pociąg z daleka",
             "Jedzie pociąg z daleka", ("jedzie-pociag",)),
)


def find_game(name: str) -> GameInfo:
    wanted = name_key(name)
    for game in GAMES:
        if wanted in {name_key(game.id), *(name_key(a) for a in game.aliases)}:
            return game
    raise RailprintError(f"unknown game {name!r}", hint=suggestion(name, [g.id for g in GAMES]))
