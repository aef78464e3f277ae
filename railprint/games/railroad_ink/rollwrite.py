"""Seeded Railroad Ink dice rolls, and the "sheet for tonight" built from them.

Reproducibility: every choice is ``int(rng.random() * 6)`` on ``random.Random(seed)`` — never
``randrange``/``choice``/``shuffle`` (their algorithms may change between Python versions) and
never the global generator. Each round consumes exactly eight draws, in this order, whatever
the expansion:

    route die 1, route die 2, route die 3, special die, meteor direction, meteor distance,
    lava die 1, lava die 2

so the route dice of a seed are the same with and without an expansion (an expansion game
simply stops after its 6th round and shows its own dice as well).
"""

from __future__ import annotations

import datetime as _dt
import random
import secrets
from dataclasses import dataclass
from pathlib import Path
from railprint.errors import check_lang
from railprint.errors import RailprintError, suggestion
from railprint.games.railroad_ink.model import DiceSpec, Face, SheetSpec, dice_for_sheet, load_sheet
from railprint.scene import Document

EXPANSIONS = ("none", "meteor", "lava")
DRAWS_PER_ROUND = 8
MAX_SEED = 2**63 - 1


@dataclass(frozen=True)
class Roll:
    """One die's result: which die (id, and 1-based copy number) and the face shown."""

    die: str
    copy: int
    name: str
    face: Face


@dataclass(frozen=True)
class RoundRoll:
    number: int
    route: tuple[Roll, ...]   # 3 route dice + the special die
    extra: tuple[Roll, ...]   # meteor direction + distance, or the 2 lava dice, or ()

    @property
    def all(self) -> tuple[Roll, ...]:
        return self.route + self.extra


@dataclass(frozen=True)
class GameRolls:
    seed: int
    expansion: str
    rounds: tuple[RoundRoll, ...]


def check_expansion(expansion: str) -> str:
    if expansion not in EXPANSIONS:
        raise RailprintError(f"unknown expansion {expansion!r}", hint=suggestion(expansion, EXPANSIONS))
    return expansion


def check_seed(seed: int) -> int:
    if not 0 <= seed <= MAX_SEED:
        raise RailprintError(f"seed {seed} out of range", hint=f"use a whole number from 0 to {MAX_SEED}")
    return seed


def random_seed() -> int:
    """A fresh six-digit seed from the operating system (easy to read out and type in)."""
    return 100000 + secrets.randbelow(900000)


def pick(rng: random.Random, n: int = 6) -> int:
    """A face index 0..n-1 from one ``random()`` draw (stable across Python versions)."""
    return min(n - 1, int(rng.random() * n))


def roll_game(dice: DiceSpec, seed: int, expansion: str = "none", rounds: int | None = None) -> GameRolls:
    """All rounds of a game: 7 for the base game, 6 with an expansion (or ``rounds``)."""
    check_expansion(expansion)
    check_seed(seed)
    count = rounds if rounds is not None else (7 if expansion == "none" else 6)
    route = dice.die("route")
    special = dice.die("special")
    direction = dice.die("meteor-direction")
    distance = dice.die("meteor-distance")
    lava = dice.die("lava")
    rng = random.Random(seed)
    result = []
    for number in range(1, count + 1):
        draws = [pick(rng) for _ in range(DRAWS_PER_ROUND)]
        route_rolls = tuple(Roll(route.id, k + 1, route.name.en, route.faces[draws[k]]) for k in range(3))
        route_rolls += (Roll(special.id, 1, special.name.en, special.faces[draws[3]]),)
        extra: tuple[Roll, ...] = ()
        if expansion == "meteor":
            extra = (Roll(direction.id, 1, direction.name.en, direction.faces[draws[4]]),
                     Roll(distance.id, 1, distance.name.en, distance.faces[draws[5]]))
        elif expansion == "lava":
            extra = tuple(Roll(lava.id, k + 1, lava.name.en, lava.faces[draws[6 + k]]) for k in range(2))
        result.append(RoundRoll(number, route_rolls, extra))
    return GameRolls(seed, expansion, tuple(result))


def roll_text(game: GameRolls, dice: DiceSpec, *, lang: str = "en", round_number: int | None = None) -> str:
    """The rolls for the terminal: per round, each die by name with a small text drawing."""
    from railprint.games.railroad_ink.pictograms import face_text

    check_lang(lang)
    rounds = game.rounds
    if round_number is not None:
        if not 1 <= round_number <= len(rounds):
            raise RailprintError(f"round {round_number} does not exist",
                                 hint=f"this game has rounds 1 to {len(rounds)}")
        rounds = rounds[round_number - 1:round_number]
    word = {"en": "Round", "pl": "Runda"}[lang]
    exp = {"none": "", "meteor": ", meteor", "lava": ", lava"}[game.expansion]
    if lang == "pl":   # the sheet's own word for the seed; "rundy: 7" fits every number (no plural forms)
        exp = {"none": "", "meteor": ", Meteoryt", "lava": ", Lawa"}[game.expansion]
        out = [f"Railroad Ink — ziarno {game.seed}{exp}, rundy: {len(game.rounds)}"]
    else:
        out = [f"Railroad Ink — seed {game.seed}{exp}, {len(game.rounds)} rounds"]
    for rnd in rounds:
        out.append("")
        out.append(f"{word} {rnd.number}")
        pictures = []
        pad = max(len(roll.face.name.get(lang)) for roll in rnd.all)
        for k, roll in enumerate(rnd.all, start=1):
            die = dice.die(roll.die)
            die_name = die.name.get(lang) + (f" {roll.copy}" if die.count > 1 else "")
            out.append(f"  {k}  {roll.face.name.get(lang):<{pad}}  ({die_name})")
            pictures.append(face_text(roll.face))
        out.append("    " + "".join(f"   {k}     " for k in range(1, len(pictures) + 1)).rstrip())
        out.append("    " + "  ".join("┌─────┐" for _ in pictures))
        for line in range(3):
            out.append("    " + "  ".join(f"│{pic[line]}│" for pic in pictures))
        out.append("    " + "  ".join("└─────┘" for _ in pictures))
    return "\n".join(out) + "\n"


def _track(game: GameRolls):
    from railprint.games.railroad_ink.sheet import TrackRound

    return [TrackRound(r.number, tuple(x.face for x in r.route), tuple(x.face for x in r.extra))
            for r in game.rounds]


def tonight_sheet(seed: int, *, expansion: str = "none", players: int = 1, paper: str = "a4",
                  lang: str = "en", date: _dt.date | str | None = None,
                  spec: SheetSpec | str | Path | None = None) -> Document:
    """N identical sheets (same rolls) for a game tonight; the seed and the date are printed on them.

    The PDF is byte-identical for the same seed, date, options and content revision."""
    from railprint.games.railroad_ink.sheet import sheet_page
    from railprint.layout.paper import paper as get_paper

    check_lang(lang)
    check_expansion(expansion)
    check_seed(seed)
    if not 1 <= players <= 20:
        raise RailprintError(f"--players {players}: expected 1 to 20")
    if date is None:
        date = _dt.date.today()
    day = date if isinstance(date, str) else date.isoformat()
    if isinstance(spec, SheetSpec):
        sheet_spec, dice = spec, dice_for_sheet(None, spec)
    else:
        sheet_spec = load_sheet(spec)
        dice = dice_for_sheet(spec, sheet_spec)
    key, variant = sheet_spec.variant_for(expansion)
    game = roll_game(dice, seed, expansion, variant.rounds)
    sheet = get_paper(paper)
    seed_word = sheet_spec.label("seed", lang)
    date_word = sheet_spec.label("date", lang)
    stamp = f"{seed_word} {seed} · {date_word} {day}"
    track = _track(game)
    pages = tuple(sheet_page(sheet_spec, dice, variant=key, sheet=sheet, lang=lang, track=track, stamp=stamp,
                             detail=f"{stamp} · {sheet_spec.id} revision {sheet_spec.revision}",
                             page=i + 1, pages=players, seed=seed, date=day)
                  for i in range(players))
    title = f"{sheet_spec.label('game', lang)} — {seed_word} {seed}"
    return Document(pages, title=title, subject=f"railprint: Railroad Ink sheet, {stamp}")


def parse_date(text: str) -> str:
    """``YYYY-MM-DD`` (checked), returned as written."""
    try:
        return _dt.date.fromisoformat(text).isoformat()
    except ValueError:
        raise RailprintError(f"not a date: {text!r}", hint="write it as YYYY-MM-DD, e.g. 2026-11-25") from None


def load_rolls(seed: int, expansion: str = "none", dice_path: str | Path | None = None) -> tuple[GameRolls, DiceSpec]:
    from railprint.games.railroad_ink.model import load_dice

    dice = load_dice(dice_path)
    return roll_game(dice, seed, expansion), dice


# the roller protocol (railprint.registry.Roller): railprint sheet / railprint roll
def sheet_document(seed: int, *, expansion: str = "none", players: int = 1, paper: str = "a4", lang: str = "en",
                   date: str | None = None) -> Document:
    """``railprint sheet railroad-ink``: :func:`tonight_sheet` with the date as typed."""
    return tonight_sheet(seed, expansion=expansion, players=players, paper=paper, lang=lang,
                         date=parse_date(date) if date is not None else None)


def rolls_text(seed: int, *, expansion: str = "none", lang: str = "en", round_number: int | None = None) -> str:
    """``railprint roll railroad-ink``: the seed's dice as terminal text."""
    rolls, dice = load_rolls(seed, check_expansion(expansion))
    return roll_text(rolls, dice, lang=lang, round_number=round_number)


__all__ = ["EXPANSIONS", "GameRolls", "Roll", "RoundRoll", "check_expansion", "load_rolls", "parse_date", "pick",
           "random_seed", "roll_game", "roll_text", "rolls_text", "sheet_document", "tonight_sheet"]

