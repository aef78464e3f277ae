"""Scoring a Coupon Rail game from a tally file: one line per player, ``name: value value ...``
(the values of the coupons the player collected); ``#`` starts a comment. The highest total
wins; a tie is shared."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from railprint.errors import Location, NotationError, Problems, RailprintError
from railprint.report import table
from railprint.scene import Document, Page, Style, Text
from railprint.units import mm


@dataclass(frozen=True)
class Player:
    name: str
    coupons: tuple[int, ...]

    @property
    def total(self) -> int:
        return sum(self.coupons)


@dataclass(frozen=True)
class TallyResult:
    players: tuple[Player, ...]

    @property
    def winners(self) -> list[str]:
        best = max(p.total for p in self.players)
        return [p.name for p in self.players if p.total == best]

    def as_json(self) -> dict:
        return {"game": "coupon-rail", "winners": self.winners,
                "players": [{"player": p.name, "coupons": list(p.coupons), "total": p.total}
                            for p in self.players]}

    def as_text(self, lang: str = "en") -> str:
        head = {"en": ["player", "coupons", "total"], "pl": ["gracz", "kupony", "suma"]}[lang]
        rows = [[p.name, len(p.coupons), p.total] for p in self.players]
        word = {"en": "winner", "pl": "zwycięzca"}[lang]
        return table(head, rows, align="lrr") + f"\n{word}: {', '.join(self.winners)}\n"

    def picture(self, lang: str = "en") -> Document:
        items = [Text(mm(20), mm(30 + 10 * i), f"{p.name}: {p.total}", 14, Style(fill="#1d1d1b"))
                 for i, p in enumerate(self.players)]
        return Document((Page(mm(148), mm(105), tuple(items), "tally"),), title="Coupon Rail")


def parse_tally(text: str, filename: str) -> tuple[Player, ...]:
    players, problems = [], Problems()
    for number, line in enumerate(text.splitlines(), 1):
        body = line.split("#", 1)[0]
        if not body.strip():
            continue
        name, colon, values = body.partition(":")
        if not colon or not name.strip():
            problems.add("expected 'name: value value ...'", Location(filename, number, 1))
            continue
        coupons = []
        column = len(name) + 2
        for word in values.split(" "):
            if word and not word.isdigit():
                problems.add(f"not a coupon value: {word!r}", Location(filename, number, column),
                             "write whole numbers separated by spaces")
            elif word:
                coupons.append(int(word))
            column += len(word) + 1
        players.append(Player(name.strip(), tuple(coupons)))
    problems.raise_if_any(filename)
    if not players:
        raise NotationError("no players in the tally", Location(filename, 1, 1))
    return tuple(players)


def score_files(paths, *, strict: bool = False, **options) -> TallyResult:
    """The scorer railprint calls: ``fn(paths, *, strict=False, **options) -> result``."""
    if options:
        raise RailprintError("coupon-rail scoring takes no options: " + ", ".join(sorted(options)))
    players: list[Player] = []
    for path in paths:
        path = Path(path)
        players += parse_tally(path.read_text(encoding="utf-8"), str(path))
    if not players:
        raise RailprintError("no tally file given")
    return TallyResult(tuple(players))
