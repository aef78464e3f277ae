"""Days of Steam's page for ``railprint serve`` (the handlers of :class:`railprint.registry.WebPage`).

A room's parts: ``"setup"`` (``players``), ``"game"`` = ``{"end": "tiles" | "instant"}`` (how the
game ended, set at the end by any phone) and ``"player:<name>"`` = ``{"goods": {"R", "G", "Y",
"B": count}, "circuits": n, "steam": n}``. The file is the end-of-game file ``railprint score
days-of-steam`` reads (``shared/reference/days-of-steam-game-format.md``), without a map. Counts
no game can have (8 red goods in all, 8 circuit counters) are refused by the scorer's own
reading of the file (``rules.count_problems``); nothing is scored here.
"""

from __future__ import annotations

import json
import re
from typing import Any

from railprint.errors import RailprintError, suggestion
from railprint.games.days_of_steam.notation import ENDS, parse_game
from railprint.games.days_of_steam.rules import count_problems, unscorable

FILE = "game.yaml"
LETTERS = ("R", "G", "Y", "B")
_LOCATED = re.compile(rf"^{re.escape(FILE)}:\d+:\d+: ")
LIMITS = {"circuits": (0, 7, "circuit counters"), "steam": (0, 6, "steam")}


def _key(player: str) -> str:
    return f"player:{player}"


def setup_fields() -> list[dict]:
    return []


def _empty() -> dict[str, Any]:
    return {"goods": {c: 0 for c in LETTERS}, "circuits": 0, "steam": 0}


def new_room(players: list[str], setup: dict) -> dict[str, Any]:
    if setup:
        first = sorted(setup)[0]
        raise RailprintError(f"setup: unknown choice {first!r}", hint="Days of Steam has no setup choices")
    if not 2 <= len(players) <= 4:
        raise RailprintError(f"Days of Steam is played by 2-4 players, not {len(players)}")
    for player in players:
        if "\n" in player or player != player.strip() or not player:
            raise RailprintError(f"player name {player!r} cannot be written in a game file")
    parts: dict[str, Any] = {"setup": {"players": players}, "game": {"end": "tiles"}}
    for player in players:
        parts[_key(player)] = _empty()
    return parts


def _count(key: str, what: str, value: Any, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RailprintError(f"{key}: {what}: a whole number {low}-{high}, not {str(value)[:20]!r}")
    if not low <= value <= high:
        raise RailprintError(f"{key}: {what} {value} is outside {low}-{high}")
    return value


def _player(key: str, value: Any) -> dict[str, Any]:
    if not isinstance(value, dict) or set(value) != {"goods", "circuits", "steam"}:
        raise RailprintError(f'{key}: expected {{"goods": {{"R": n, "G": n, "Y": n, "B": n}}, '
                             '"circuits": n, "steam": n}')
    goods = value["goods"]
    if not isinstance(goods, dict) or set(goods) != set(LETTERS):
        wrong = sorted(set(goods) - set(LETTERS)) if isinstance(goods, dict) else []
        raise RailprintError(f"{key}: goods: a count for each colour R G Y B"
                             + (f", not {str(wrong[0])[:20]!r}" if wrong else ""),
                             hint=suggestion(str(wrong[0]), LETTERS) if wrong else "")
    out = {"goods": {c: _count(key, f"{c} goods", goods[c], 0, 7) for c in LETTERS}}
    for field, (low, high, what) in LIMITS.items():
        out[field] = _count(key, what, value[field], low, high)
    return out


def check_change(parts: dict[str, Any], updates: dict[str, Any]) -> dict[str, Any]:
    checked: dict[str, Any] = {}
    for key, value in updates.items():
        if key == "game":
            if not isinstance(value, dict) or set(value) != {"end"} or value["end"] not in ENDS:
                raise RailprintError('game: expected {"end": "tiles"} or {"end": "instant"}')
            checked[key] = {"end": value["end"]}
            continue
        checked[key] = _player(key, value)
    # counts no game can have, as the scorer reads them (the end is checked when scoring:
    # "instant" with nobody at 13 VP yet is a state the table passes through)
    merged = {**parts, **checked, "game": {"end": "tiles"}}
    try:
        unscorable(parse_game(files(merged)[0][1], FILE))
    except RailprintError as exc:  # the page's file has no lines to point at: the plain reasons
        reasons = [_LOCATED.sub("", line.strip()) for line in str(exc).splitlines()
                   if _LOCATED.match(line.strip())]
        raise RailprintError("; ".join(reasons) or str(exc)) from None
    return checked


def _goods_text(goods: dict[str, int]) -> str:
    return "".join(c * goods[c] for c in LETTERS) or "-"


def files(parts: dict[str, Any]) -> list[tuple[str, str]]:
    lines = ["game: days-of-steam", f"end: {parts['game']['end']}", "players:"]
    for player in parts["setup"]["players"]:
        p = parts[_key(player)]
        lines.append(f"  - {{name: {json.dumps(player, ensure_ascii=False)}, goods: {_goods_text(p['goods'])}, "
                     f"circuits: {p['circuits']}, steam: {p['steam']}}}")
    return [(FILE, "\n".join(lines) + "\n")]


def read_file(parts: dict[str, Any], name: str, text: str) -> dict[str, Any]:
    record = parse_game(text, name, count_problems)
    if record.map is not None:
        raise RailprintError(f"{name}: this page keeps no map; score a file with a map with "
                             "`railprint score days-of-steam`")
    players = {p.casefold(): p for p in parts["setup"]["players"]}
    updates: dict[str, Any] = {"game": {"end": record.end}}
    for entry in record.players:
        player = players.get(entry.name.casefold())
        if player is None:
            raise RailprintError(f"{entry.where}: player {entry.name!r} is not in this room",
                                 hint=suggestion(entry.name, list(players.values())))
        letters = {"red": "R", "green": "G", "yellow": "Y", "blue": "B"}
        goods = {c: 0 for c in LETTERS}
        for colour in entry.goods:
            goods[letters[colour]] += 1
        updates[_key(player)] = {"goods": goods, "circuits": entry.circuits, "steam": entry.steam}
    return updates
