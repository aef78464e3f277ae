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
from typing import Any, Iterable

from railprint.errors import RailprintError, RulesError, suggestion, violations_pl
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


def _score_text(text: str, source: str, stem: str, mode: str):
    """A sheet's text (named ``source``) parsed and scored, worked out once for that text: a
    table's files are scored together, and ``railprint serve`` scores them at every change of any
    one of them (the other sheets are the same text: neither parsed nor scored again, and the
    very same :class:`Scoring` comes back, so a picture of it can be reused too). The same text
    under another file name is not scored again either: its score names that file."""
    from railprint.games.railroad_ink.notation import parse
    from railprint.games.railroad_ink.rules import score
    from railprint.records import replace

    key, anywhere = (text, source, stem, mode), (text, stem, mode)
    with _SCORED_LOCK:
        known = _SCORED.get(key)
        if known is not None:
            _SCORED.move_to_end(key)
            return known
        known = _SCORED.get(anywhere)
    if known is None:
        board = parse(text, source)
        known = score(board, mode, player=board.player or stem)
    elif known.board.source != source:
        known = replace(known, board=replace(known.board, source=source))
    with _SCORED_LOCK:
        _SCORED.setdefault(anywhere, known)
        known = _SCORED.setdefault(key, known)
        while len(_SCORED) > 1024:
            _SCORED.popitem(last=False)
    return known


def score_texts(files: Iterable[tuple[str, str]], *, strict: bool = False, longest: str = "simple",
                **options) -> "ScoreResult":
    """:func:`score_files` on files given as ``(name, text)`` (``railprint serve`` scores a room's
    sheets in memory): the same result as scoring files of those names and texts."""
    from railprint.games.railroad_ink.result import ScoreResult
    from railprint.games.railroad_ink.rules import check_mode

    for name in options:
        raise RailprintError(f"unknown option {name!r} for railroad-ink scoring",
                             hint=suggestion(name, OPTIONS))
    mode = check_mode(longest)
    sheets = [_score_text(text, name, Path(name).stem, mode) for name, text in files]  # read, then scored, in turn
    if not sheets:
        raise RailprintError("no board files given")
    if strict:
        problems = [(s, v) for s in sheets for v in s.violations]
        if problems:
            lines = [f"{len(problems)} rule violation(s):"]
            lines += [f"  {s.board.source}: {v}" for s, v in problems]
            polish = [f"{violations_pl(len(problems))}:"] + [f"  {s.board.source}: {v.text('pl')}" for s, v in problems]
            raise RulesError("\n".join(lines), pl="\n".join(polish))
    return ScoreResult(tuple(sheets))


def score_files(paths: Iterable[Path | str], *, strict: bool = False, longest: str = "simple",
                **options) -> "ScoreResult":
    """Parse, validate and score each file (in the order given).

    ``longest``: 'simple' (default) or 'trail'. ``strict``: raise RulesError listing every
    violation of every file instead of scoring sheets that break the rules."""
    from railprint.errors import NotationError
    from railprint.loading.text import MAX_GAME_BYTES, read_text

    # each file read when its turn comes, after the options are checked (score_texts); at most
    # 256 KiB, as a game file (a real board is under 1 KB; a 9 MB player name took 27 s and 2.8 GB
    # to draw with --picture)
    return score_texts(((str(path), read_text(Path(path), NotationError, MAX_GAME_BYTES)) for path in paths),
                       strict=strict, longest=longest, **options)


__all__ = ["GAME", "Board", "Cell", "ScoreResult", "Scoring", "format_board", "parse", "parse_file",
           "score", "score_files", "score_texts", "validate"]
