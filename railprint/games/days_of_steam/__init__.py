"""Days of Steam (Dni Pary): printed from content (tiles, tokens, player aid, a die net), and an
end-of-game scorer.

    score_files([Path("game.yaml")], strict=False) -> DaysOfSteamResult  (as_json, as_text, picture)

Modules: ``notation`` (the game file and the map notation), ``rules`` (tile geometry, the
placement rule, circuits, scoring), ``result`` (text and JSON), ``picture`` (the scored map),
``words`` (en/pl). Readings of the rules: ``docs/days-of-steam-scoring.md``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from railprint.errors import RailprintError
from railprint.registry import Game

GAME = Game(
    id="days-of-steam",
    title={"en": "Days of Steam", "pl": "Dni Pary"},
    aliases=("dni-pary",),
    scorer="railprint.games.days_of_steam:score_files",
    web="railprint.games.days_of_steam.web",
    bring={"en": ("a cloth bag or a cup to draw the goods from",),
           "pl": ("woreczek z materiału lub kubek do losowania towarów",)},
)


def score_files(paths: list[Path | str], *, strict: bool = False, **options: Any):
    """Score each game file (one game per file). ``strict``: violations raise RulesError."""
    from railprint.report import enforce

    from .notation import read_game
    from .result import DaysOfSteamResult
    from .rules import count_problems, score_game

    if options:
        raise RailprintError("days-of-steam scoring takes no options: " + ", ".join(sorted(options)))
    if not paths:
        raise RailprintError("no game file given")
    games = [score_game(read_game(Path(p), count_problems)) for p in paths]
    if strict:
        enforce([v for g in games for v in g.violations])
    return DaysOfSteamResult(games)


def score_text(text: str, filename: str = "<input>", *, strict: bool = False):
    """Score a game file given as text (tests, tools)."""
    from railprint.report import enforce

    from .notation import parse_game
    from .result import DaysOfSteamResult
    from .rules import count_problems, score_game

    game = score_game(parse_game(text, filename, count_problems))
    if strict:
        enforce(game.violations)
    return DaysOfSteamResult([game])
