"""Ticket to Ride (Nordic Countries, Italy and maps given as content files): end-of-game scoring.

    score_files([Path("game.yaml")], strict=False) -> TTRResult   (as_json, as_text, picture)

Maps live in ``content/ticket-to-ride/*.yaml`` (see docs/ticket-to-ride-scoring.md for the
format); ``load_map(name_or_path)`` gives the frozen :class:`railprint.games.ticket_to_ride.model.TTRMap`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from railprint.errors import RailprintError
from railprint.registry import ContentKind, Game, lazy_attributes


# The game's modules load on first use (PEP 562), so finding a game (every ``railprint``
# command loads every GAME) imports no map, pydantic or scoring code.
_LAZY = {"load_map": "maps", "load_map_file": "maps", "parse_map": "maps", "GameRecord": "notation",
         "format_game": "notation", "parse_game": "notation", "read_game": "notation", "TTRResult": "result",
         "GameScore": "rules", "enforce": "rules", "score_game": "rules"}

__getattr__ = lazy_attributes(__name__, _LAZY)

BOARD_STEP = {"en": "trim each page along its crop marks, then glue the pages in the order of the assembly map (the first page)",
              "pl": "przytnij każdą stronę wzdłuż znaczników, potem sklej strony w kolejności z planu składania (pierwsza strona)"}
SCOREPAD_STEP = {"en": "nothing to cut: keep it by the table", "pl": "nic do cięcia: połóż przy stole"}

GAME = Game(
    id="ticket-to-ride",
    title={"en": "Ticket to Ride", "pl": "Wsiąść do Pociągu"},
    aliases=("ttr", "tickettoride", "nordic", "italy"),
    kinds=(
        ContentKind("map", "railprint.games.ticket_to_ride.map_spec:MapSpec",
                    build="railprint.games.ticket_to_ride.printing:build_map_component",
                    validate="railprint.games.ticket_to_ride.printing:validate_map",
                    format_prefix="railprint-ttr-map", components=("board", "tickets", "scorepad", "trains"),
                    components_of="railprint.games.ticket_to_ride.printing:map_components",
                    component_steps={"board": BOARD_STEP, "scorepad": SCOREPAD_STEP}),
        ContentKind("board", "railprint.games.ticket_to_ride.board:BoardSpec",
                    "railprint.games.ticket_to_ride.printing:build_ttr_board", paper="plain", stage=0,
                    step=BOARD_STEP),
        ContentKind("scorepad", "railprint.games.ticket_to_ride.scorepad:ScorepadSpec",
                    "railprint.games.ticket_to_ride.printing:build_ttr_scorepad", paper="plain", stage=3,
                    step=SCOREPAD_STEP, copies={"en": "1 page per game", "pl": "1 strona na grę"}),
    ),
    scorer="railprint.games.ticket_to_ride:score_files",
    bring={"en": ("glue or tape for the board", "a pencil for the score pad"),
           "pl": ("klej lub taśma do planszy", "ołówek do bloczka punktacji")},
    web="railprint.games.ticket_to_ride.web",
)

__all__ = ["GAME", "score_files", "score_text", "load_map", "load_map_file", "parse_map", "parse_game",
           "read_game", "format_game", "score_texts", "score_game", "GameRecord", "GameScore", "TTRResult"]


def score_files(paths: list[Path], *, strict: bool = False, **options: Any) -> "TTRResult":
    """Score each game file (one game per file). ``strict``: violations raise RulesError."""
    from .notation import read_game

    _no_options(options)
    if not paths:
        raise RailprintError("no game file given")
    return _result((read_game(Path(p)) for p in paths), strict)


def score_text(text: str, filename: str = "<input>", *, base: Path | None = None,
               strict: bool = False) -> "TTRResult":
    """Score a game file given as text (tests, tools)."""
    from .notation import parse_game

    return _result([parse_game(text, filename, base=base)], strict)


def score_texts(files, *, strict: bool = False, **options: Any) -> "TTRResult":
    """:func:`score_files` on game files given as ``(name, text)`` (``railprint serve`` scores a
    room in memory): the same result as files of those names and texts in a folder of nothing
    else (a map is named by id: no map file can sit beside them)."""
    from .notation import parse_game

    _no_options(options)
    result = _result((parse_game(text, name) for name, text in files), strict)
    if not result.games:
        raise RailprintError("no game file given")
    return result


def _no_options(options: dict[str, Any]) -> None:
    if options:
        raise RailprintError("ticket-to-ride scoring takes no options: " + ", ".join(sorted(options)))


def _result(records, strict: bool) -> "TTRResult":
    """The games read (in turn: each one read, then scored), scored; ``strict``: the first
    game breaking a rule raises RulesError once all are scored."""
    from .result import TTRResult
    from .rules import enforce, score_game

    games = [score_game(record) for record in records]
    if strict:
        for g in games:
            enforce(g)
    return TTRResult(games)
