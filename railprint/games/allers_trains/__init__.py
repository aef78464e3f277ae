"""Jedzie pociąg z daleka (Jeffrey D. Allers): the printed set (content/allers-trains/) and the
end-of-game scorer.

    score_files([Path("game.yaml")]) -> AllersResult   (as_json, as_text, picture)

Modules: ``frame`` (our frame: squares, ports, tiles, stations around it), ``notation`` (the game
file), ``replay`` (a frame replayed round by round), ``rules`` (tables and scoring), ``result``
(JSON and text), ``picture`` (frames with every locomotive's path), ``words`` (en/pl).
Readings of the rules: docs/allers-trains-scoring.md.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable

from railprint.errors import RailprintError
from railprint.registry import Game

GAME = Game(
    id="allers-trains",
    title={"en": "Jedzie pociąg z daleka", "pl": "Jedzie pociąg z daleka"},
    aliases=("jedzie-pociag", "jedzie-pociag-z-daleka"),
    scorer="railprint.games.allers_trains:score_files",
    web="railprint.games.allers_trains.web",
    bring={"en": ("glue or tape to join each frame's two halves", "a pencil for the score sheet"),
           "pl": ("klej lub taśma do połączenia połówek ramek", "ołówek do arkusza punktacji")},
)


def score_files(paths: Iterable[Path | str], *, strict: bool = False, **options: Any):
    """Score each game file (one game per file). ``strict``: violations raise RulesError."""
    from .notation import read_game
    from .rules import score_game

    if options:
        raise RailprintError("allers-trains scoring takes no options: " + ", ".join(sorted(options)))
    paths = [Path(p) for p in paths]
    if not paths:
        raise RailprintError("no game file given")
    games = [score_game(read_game(p)) for p in paths]
    return _checked(games, strict)


def score_text(text: str, filename: str = "<input>", *, strict: bool = False):
    """Score a game file given as text (tests, tools)."""
    from .notation import parse_game
    from .rules import score_game

    return _checked([score_game(parse_game(text, filename))], strict)


def _checked(games, strict: bool):
    from railprint.report import enforce

    from .result import AllersResult

    if strict:
        enforce([v for g in games for v in g.violations])
    return AllersResult(games)


__all__ = ["GAME", "score_files", "score_text"]
