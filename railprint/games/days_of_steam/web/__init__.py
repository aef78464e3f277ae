"""Days of Steam's page for ``railprint serve`` (the handlers of :class:`railprint.registry.WebPage`).

A room's parts: ``"setup"`` (``players``), ``"game"`` = ``{"end": "tiles" | "instant"}`` (how the
game ended, set at the end by any phone) and ``"player:<name>"`` = ``{"goods": {"R", "G", "Y",
"B": count}, "circuits": n, "steam": n}`` and ``"map"`` = ``{"rows": [[token, ...], ...]}``,
the final map in the game file's notation (``cu1h``, ``R``, ``.``), kept trimmed of empty border
rows and columns, so its square names are the file's. The file is the end-of-game file
``railprint score days-of-steam`` reads (``shared/reference/days-of-steam-game-format.md``),
with the map when one is entered. Counts no game can have (8 red goods in all, 8 circuit
counters) and tokens that are no tile of the set are refused by the scorer's own reading
(``rules.count_problems``, ``notation``); circuits, the map check and the score are the scorer's:
nothing is scored here.
"""

from __future__ import annotations

import json
import re
from typing import Any

from railprint.errors import RELOAD_PL, Location, Problems, RailprintError, suggestion
from railprint.games.days_of_steam.notation import (CITIES_PER_COLOUR, ENDS, FLAGS, LETTERS as CITY_LETTERS, MAX_SIDE,
                                                    SET_COUNTS, TILES, _token, parse_game, square_label)
from railprint.games.days_of_steam.rules import count_problems, rotate, unscorable

FILE = "game.yaml"
LETTERS = ("R", "G", "Y", "B")
_LOCATED = re.compile(rf"^{re.escape(FILE)}:\d+:\d+: ")
LIMITS = {"circuits": (0, 7, "circuit counters"), "steam": (0, 6, "steam")}
GAME_TILES = sum(SET_COUNTS.values()) + CITIES_PER_COLOUR * len(CITY_LETTERS)
"""92: a map holding more squares than the game has tiles is refused (the scorer only reports it,
but the page would draw and search it after every change)."""


def _key(player: str) -> str:
    return f"player:{player}"


PLAYERS = (2, 4)
"""How many players a room can have (the start form's add and remove buttons)."""

def setup_fields() -> list[dict]:
    return []


def _empty() -> dict[str, Any]:
    return {"goods": {c: 0 for c in LETTERS}, "circuits": 0, "steam": 0}


def new_room(players: list[str], setup: dict) -> dict[str, Any]:
    if setup:
        first = sorted(setup)[0]
        raise RailprintError(f"setup: unknown choice {first!r}", hint="Days of Steam has no setup choices",
                             pl=f"ustawienia: nie ma wyboru {first!r} (Dni Pary nie mają ustawień)")
    if not 2 <= len(players) <= 4:
        raise RailprintError(f"Days of Steam is played by 2-4 players, not {len(players)}",
                             pl=f"w Dni Pary gra od 2 do 4 graczy, nie {len(players)}")
    for player in players:
        if "\n" in player or player != player.strip() or not player:
            raise RailprintError(f"player name {player!r} cannot be written in a game file",
                                 pl=f"imienia {player!r} nie da się zapisać w pliku gry")
    parts: dict[str, Any] = {"setup": {"players": players}, "game": {"end": "tiles"}, "map": {"rows": []}}
    for player in players:
        parts[_key(player)] = _empty()
    return parts


def _count(key: str, what: str, value: Any, low: int, high: int) -> int:
    said = {"circuits": "obwody", "steam": "para"}.get(what) or (
        {"R": "czerwone", "G": "zielone", "Y": "żółte", "B": "niebieskie"}.get(what[:1], what) + " towary")
    if isinstance(value, bool) or not isinstance(value, int):
        raise RailprintError(f"{key}: {what}: a whole number {low}-{high}, not {str(value)[:20]!r}",
                             pl=f"{key.removeprefix('player:')}: {said}: wpisz liczbę całkowitą od {low} do {high}, nie {str(value)[:20]!r}")
    if not low <= value <= high:
        raise RailprintError(f"{key}: {what} {value} is outside {low}-{high}",
                             pl=f"{key.removeprefix('player:')}: {said}: {value}, a dozwolone są liczby od {low} do {high}")
    return value


def _player(key: str, value: Any) -> dict[str, Any]:
    if not isinstance(value, dict) or set(value) != {"goods", "circuits", "steam"}:
        raise RailprintError(f'{key}: expected {{"goods": {{"R": n, "G": n, "Y": n, "B": n}}, '
                             '"circuits": n, "steam": n}',
                             pl=RELOAD_PL)
    goods = value["goods"]
    if not isinstance(goods, dict) or set(goods) != set(LETTERS):
        wrong = sorted(set(goods) - set(LETTERS)) if isinstance(goods, dict) else []
        raise RailprintError(f"{key}: goods: a count for each colour R G Y B"
                             + (f", not {str(wrong[0])[:20]!r}" if wrong else ""),
                             hint=suggestion(str(wrong[0]), LETTERS) if wrong else "",
                             pl=RELOAD_PL)
    out = {"goods": {c: _count(key, f"{c} goods", goods[c], 0, 7) for c in LETTERS}}
    for field, (low, high, what) in LIMITS.items():
        out[field] = _count(key, what, value[field], low, high)
    return out


def _canonical(square) -> str:
    """A square's token as the page writes it: a city's letter, else kind + rotation + flag."""
    if square.is_city:
        return next(letter for letter, colour in CITY_LETTERS.items() if colour == square.colour)
    return f"{square.code}{square.rotation}{square.flag}"


def _trim(rows: list[list[str]]) -> list[list[str]]:
    """Drop empty border rows and columns: the page's map names its squares as the file does."""
    rows = [row for row in rows]
    while rows and all(t == "." for t in rows[0]):
        rows.pop(0)
    while rows and all(t == "." for t in rows[-1]):
        rows.pop()
    if not rows:
        return []
    used = [c for c in range(len(rows[0])) if any(row[c] != "." for row in rows)]
    return [row[used[0]:used[-1] + 1] for row in rows]


def _map(value: Any) -> dict[str, Any]:
    """The map part: rows of tokens, each read by the game file's own notation (every token that
    is no tile of the set is refused with the square it is on), trimmed."""
    rows = value.get("rows") if isinstance(value, dict) and set(value) == {"rows"} else None
    if not isinstance(rows, list) or not all(isinstance(row, list) for row in rows):
        raise RailprintError('map: expected {"rows": [[token, ...], ...]} (tokens as in the game file: cu1h, R, .)',
                             pl=RELOAD_PL)
    if len(rows) > MAX_SIDE or any(len(row) > MAX_SIDE for row in rows):
        raise RailprintError(f"map: more than {MAX_SIDE} rows or columns; the game has 92 tiles",
                             pl=f"mapa: ponad {MAX_SIDE} wierszy lub kolumn; gra ma 92 żetony")
    width = max((len(row) for row in rows), default=0)
    problems = Problems()
    out: list[list[str]] = []
    for r, row in enumerate(rows):
        line = []
        for c in range(width):
            token = row[c] if c < len(row) else "."
            if not isinstance(token, str) or not 0 < len(token) <= 12 or token != token.strip():
                raise RailprintError(f"map {square_label(r, c)}: a token such as cu1h, R or '.', "
                                     f"not {str(token)[:20]!r}",
                                     pl=RELOAD_PL)
            square = _token(token, r, c, Location(FILE), problems)
            if problems.items:
                first = problems.items[0]
                raise RailprintError(f"map {square_label(r, c)}: {first.message}", hint=first.hint,
                                     pl=f"mapa {square_label(r, c)}: {first.pl or first.message}")
            line.append("." if square is None else _canonical(square))
        out.append(line)
    placed = sum(t != "." for row in out for t in row)
    if placed > GAME_TILES:
        raise RailprintError(f"map: {placed} tiles; the game has {GAME_TILES} ({sum(SET_COUNTS.values())} track tiles, "
                             f"{CITIES_PER_COLOUR * len(CITY_LETTERS)} cities)",
                             pl=f"mapa: żetonów jest {placed}, a gra ma {GAME_TILES} ({sum(SET_COUNTS.values())} "
                                f"żetonów torów, {CITIES_PER_COLOUR * len(CITY_LETTERS)} miast)")
    return {"rows": _trim(out)}


def check_change(parts: dict[str, Any], updates: dict[str, Any]) -> dict[str, Any]:
    checked: dict[str, Any] = {}
    for key, value in updates.items():
        if key == "map":
            checked[key] = _map(value)
            continue
        if key == "game":
            if not isinstance(value, dict) or set(value) != {"end"} or value["end"] not in ENDS:
                raise RailprintError('game: expected {"end": "tiles"} or {"end": "instant"}',
                                     pl=RELOAD_PL)
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
        polish = [p.pl for p in getattr(exc, "problems", ())]
        raise RailprintError("; ".join(reasons) or str(exc),
                             pl="; ".join(polish) if polish and all(polish) else exc.pl) from None
    return checked


def _goods_text(goods: dict[str, int]) -> str:
    return "".join(c * goods[c] for c in LETTERS) or "-"


def files(parts: dict[str, Any]) -> list[tuple[str, str]]:
    lines = ["game: days-of-steam", f"end: {parts['game']['end']}", "players:"]
    for player in parts["setup"]["players"]:
        p = parts[_key(player)]
        lines.append(f"  - {{name: {json.dumps(player, ensure_ascii=False)}, goods: {_goods_text(p['goods'])}, "
                     f"circuits: {p['circuits']}, steam: {p['steam']}}}")
    rows = parts.get("map", {}).get("rows") or []
    if rows:
        width = max(len(t) for row in rows for t in row)
        lines.append("map: |")
        lines += ["  " + " ".join(t.ljust(width) for t in row).rstrip() for row in rows]
    return [(FILE, "\n".join(lines) + "\n")]


def read_file(parts: dict[str, Any], name: str, text: str) -> dict[str, Any]:
    record = parse_game(text, name, count_problems)
    players = {p.casefold(): p for p in parts["setup"]["players"]}
    updates: dict[str, Any] = {"game": {"end": record.end}}
    for entry in record.players:
        player = players.get(entry.name.casefold())
        if player is None:
            raise RailprintError(f"{entry.where}: player {entry.name!r} is not in this room",
                                 hint=suggestion(entry.name, list(players.values())),
                                 pl=f"{entry.where}: w tej grze nie ma gracza {entry.name!r} "
                                    f"(gracze: {', '.join(players.values())})")
        letters = {"red": "R", "green": "G", "yellow": "Y", "blue": "B"}
        goods = {c: 0 for c in LETTERS}
        for colour in entry.goods:
            goods[letters[colour]] += 1
        updates[_key(player)] = {"goods": goods, "circuits": entry.circuits, "steam": entry.steam}
    if "map" in parts:
        grid = [["."] * (record.map.cols if record.map else 0) for _ in range(record.map.rows if record.map else 0)]
        for square in record.map.squares if record.map else ():
            grid[square.row][square.col] = _canonical(square)
        updates["map"] = {"rows": _trim(grid)}
    return updates


def tiles(parts: dict[str, Any], payload: Any) -> dict[str, Any]:
    """The set's tiles for the map editor: per kind its name, the flags the set has it with and
    how many, and its segments in each rotation (``rules.rotate``); the cities' letters; the
    colours the scored picture traces circuits in."""
    kinds = []
    for code, (name, segments) in TILES.items():
        kinds.append({"code": code, "name": name,
                      "flags": {flag: SET_COUNTS[(c, flag)] for (c, flag) in SET_COUNTS if c == code},
                      "rotations": [[list(s) for s in rotate(segments, q)] for q in range(4)]})
    from railprint.games.days_of_steam.picture import TRACE

    return {"kinds": kinds, "flags": FLAGS, "cities": dict(CITY_LETTERS), "trace": list(TRACE)}


ACTIONS = {"tiles": tiles}
