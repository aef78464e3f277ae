"""Railroad Ink (Kolejowy szlak): read a typed-in finished sheet, check it, score it.

    from railprint.games.railroad_ink import score_files
    result = score_files([Path("ala.txt")], longest="simple")
    result.as_json(); result.as_text(); result.picture(lang="pl")

Modules: ``board`` (the immutable model), ``notation`` (text format: parse / format_board),
``rules`` (validate, score), ``longest`` (exact longest highway / railway), ``result`` (text
report), ``picture`` (scene drawing of a scored sheet). Readings of the rules:
``docs/railroad-ink-scoring.md``.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from pathlib import Path
from typing import Any, Callable, Iterable

from railprint.errors import RailprintError, RulesError, suggestion
from railprint.registry import FOLD_STEP, ContentKind, Game, lazy_attributes

# The game's modules load on first use (PEP 562), so finding a game (every ``railprint``
# command loads every GAME) imports no scoring code.
_LAZY = {"Board": "board", "Cell": "board", "format_board": "notation", "parse": "notation",
         "parse_file": "notation", "ScoreResult": "result", "Scoring": "rules", "check_mode": "rules",
         "score": "rules", "validate": "rules"}

__getattr__ = lazy_attributes(__name__, _LAZY)

OPTIONS = ("longest",)

GAME = Game(
    id="railroad-ink",
    title={"en": "Railroad Ink", "pl": "Kolejowy szlak"},
    aliases=("ri", "railroadink", "kolejowy-szlak"),
    kinds=(
        ContentKind("sheet", "railprint.games.railroad_ink.model:SheetSpec",
                    "railprint.games.railroad_ink.sheet:render_sheets", paper="plain", stage=3,
                    copies={"en": "1 per player per game", "pl": "1 na gracza na grę"},
                    step={"en": "page 1 is the base game, page 2 the meteor and page 3 the lava expansion: print only "
                                "your variant's page, one sheet a player (e.g. pages 1-1 in the print dialog); or "
                                "print a fresh seeded sheet with `railprint sheet railroad-ink`",
                          "pl": "strona 1 to gra podstawowa, strona 2 rozszerzenie meteoryt, strona 3 lawa: drukuj "
                                "tylko stronę swojego wariantu, jeden arkusz na gracza (np. strony 1-1 w oknie "
                                "druku); albo nowy arkusz z rzutami: `railprint sheet railroad-ink`"}),
        ContentKind("dice", "railprint.games.railroad_ink.model:DiceSpec",
                    "railprint.games.railroad_ink.dice:render_dice", step=FOLD_STEP, stage=2),
    ),
    scorer="railprint.games.railroad_ink:score_files",
    score_options=OPTIONS,
    roller="railprint.games.railroad_ink.rollwrite",
    bring={"en": ("a pencil or felt-tip pen per player",), "pl": ("ołówek lub flamaster dla każdego gracza",)},
    web="railprint.games.railroad_ink.web",
    photo="railprint.games.railroad_ink.photo:score_photo",
)


_SCORED: "OrderedDict[tuple, Any]" = OrderedDict()
_SCORED_LOCK = threading.Lock()


def _score_once(score: Callable, board, mode: str, player: str):
    """``score(board, mode, player=player)``, worked out once for a sheet: a table's files are
    scored together, and ``railprint serve`` scores them at every change of any one of them (the
    other sheets are the same). A sheet is its rows, player and expansion (its file name is not
    part of it: the score comes back naming this file)."""
    key = (board, mode, player)
    with _SCORED_LOCK:
        known = _SCORED.get(key)
        if known is not None:
            _SCORED.move_to_end(key)
    if known is None:
        known = score(board, mode, player=player)
        with _SCORED_LOCK:
            _SCORED[key] = known
            while len(_SCORED) > 512:
                _SCORED.popitem(last=False)
    if known.board.source == board.source:
        return known
    from railprint.records import replace

    return replace(known, board=board)


def score_files(paths: Iterable[Path | str], *, strict: bool = False, longest: str = "simple",
                **options) -> "ScoreResult":
    """Parse, validate and score each file (in the order given).

    ``longest``: 'simple' (default) or 'trail'. ``strict``: raise RulesError listing every
    violation of every file instead of scoring sheets that break the rules."""
    from railprint.games.railroad_ink.notation import parse_file
    from railprint.games.railroad_ink.result import ScoreResult
    from railprint.games.railroad_ink.rules import check_mode, score

    for name in options:
        raise RailprintError(f"unknown option {name!r} for railroad-ink scoring",
                             hint=suggestion(name, OPTIONS))
    mode = check_mode(longest)
    paths = [Path(p) for p in paths]
    if not paths:
        raise RailprintError("no board files given")
    sheets = []
    for path in paths:
        board = parse_file(path)
        sheets.append(_score_once(score, board, mode, board.player or path.stem))
    if strict:
        problems = [(s, v) for s in sheets for v in s.violations]
        if problems:
            lines = [f"{len(problems)} rule violation(s):"]
            lines += [f"  {s.board.source}: {v}" for s, v in problems]
            raise RulesError("\n".join(lines))
    return ScoreResult(tuple(sheets))


__all__ = ["GAME", "Board", "Cell", "ScoreResult", "Scoring", "format_board", "parse", "parse_file",
           "score", "score_files", "validate"]
