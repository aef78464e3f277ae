"""Jedzie pociąg z daleka's page for ``railprint serve`` (the handlers of
:class:`railprint.registry.WebPage`): the scoring board's entry.

A room's parts: ``"setup"`` (``players`` in seating order, ``mode``: stations | route |
route+stations) and ``"player:<name>"`` = ``{"arrivals": {"1".."7": round or null}, "route":
score-track total}``. The file is the game file ``railprint score allers-trains`` reads
(``shared/reference/allers-trains-game-format.md``): ``arrivals:`` as ``player@round`` per
station and ``route:`` readings written as the track shows them (``40+9``). Spaces, points and
ties are the scorer's; nothing is scored here.
"""

from __future__ import annotations

import json
from typing import Any

from railprint.errors import RailprintError, suggestion
from railprint.games.allers_trains.frame import STATIONS
from railprint.games.allers_trains.notation import _ROUTE, parse_game

FILE = "game.yaml"
MODES = ("stations", "route", "route+stations")
MAX_ROUND = 99
MAX_ROUTE = 80  # the track runs 1-40, then its 40+ side 1-40
NUMBERS = [str(s.number) for s in STATIONS]


def _key(player: str) -> str:
    return f"player:{player}"


def setup_fields() -> list[dict]:
    return [{"key": "mode", "label": {"en": "Scoring", "pl": "Punktacja"}, "choices": list(MODES)}]


def new_room(players: list[str], setup: dict) -> dict[str, Any]:
    unknown = sorted(set(setup) - {"mode"})
    if unknown:
        raise RailprintError(f"setup: unknown choice {unknown[0]!r}", hint=suggestion(unknown[0], ["mode"]))
    mode = setup.get("mode", "stations")
    if mode not in MODES:
        raise RailprintError(f"setup.mode: unknown mode {str(mode)[:30]!r}",
                             hint="stations (base game), route (variant 1) or route+stations (variant 2)")
    if not 1 <= len(players) <= 4:
        raise RailprintError(f"Jedzie pociąg z daleka is played by 1-4 players, not {len(players)}")
    for player in players:
        if "\n" in player or "@" in player or player != player.strip() or not player:
            raise RailprintError(f"player name {player!r} cannot be written in a game file (no '@')")
    parts: dict[str, Any] = {"setup": {"players": players, "mode": mode}}
    for player in players:
        parts[_key(player)] = {"arrivals": {n: None for n in NUMBERS}, "route": 0}
    return parts


def _route(key: str, value: Any) -> int:
    """A score-track reading: a total (49) or as the track shows it ('40+9')."""
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise RailprintError(f"{key}: route: a score-track reading such as 39 or 40+9")
    m = _ROUTE.match(str(value))
    if m is None:
        raise RailprintError(f"{key}: route: {str(value)[:20]!r} is not a score-track reading (39, 40+9)")
    total = int(m.group("plain")) if m.group("plain") is not None else 40 + int(m.group("over"))
    if m.group("over") is not None and not 1 <= int(m.group("over")) <= 40:
        raise RailprintError(f"{key}: route: 40+{m.group('over')}: the track runs 1-40")
    if not 0 <= total <= MAX_ROUTE:
        raise RailprintError(f"{key}: route: {total} is beyond the track (0-40, then 40+1 to 40+40)")
    return total


def _player(key: str, value: Any) -> dict[str, Any]:
    if not isinstance(value, dict) or set(value) != {"arrivals", "route"}:
        raise RailprintError(f'{key}: expected {{"arrivals": {{station: round or null}}, "route": reading}}')
    arrivals = value["arrivals"]
    if not isinstance(arrivals, dict) or set(arrivals) != set(NUMBERS):
        wrong = sorted(set(arrivals) - set(NUMBERS)) if isinstance(arrivals, dict) else []
        raise RailprintError(f"{key}: arrivals: a round (or null) for each station 1-{len(STATIONS)}"
                             + (f"; there is no station {str(wrong[0])[:20]!r}" if wrong else ""))
    out: dict[str, Any] = {}
    for number in NUMBERS:
        rnd = arrivals[number]
        if rnd is not None and (isinstance(rnd, bool) or not isinstance(rnd, int) or not 1 <= rnd <= MAX_ROUND):
            name = STATIONS[int(number) - 1].name
            raise RailprintError(f"{key}: station {number} ({name}): round {json.dumps(rnd)[:20]}; "
                                 f"a round is 1-{MAX_ROUND} (null: not arrived)")
        out[number] = rnd
    return {"arrivals": out, "route": _route(key, value["route"])}


def check_change(parts: dict[str, Any], updates: dict[str, Any]) -> dict[str, Any]:
    checked = {}
    for key, value in updates.items():
        checked[key] = _player(key, value)
    return checked


def _reading(total: int) -> str:
    return f"40+{total - 40}" if total > 40 else str(total)


def files(parts: dict[str, Any]) -> list[tuple[str, str]]:
    setup = parts["setup"]
    players, mode = setup["players"], setup["mode"]
    q = lambda text: json.dumps(text, ensure_ascii=False)  # noqa: E731 - a YAML double-quoted string
    lines = ["game: allers-trains", f"mode: {mode}", "players: [" + ", ".join(q(p) for p in players) + "]"]
    if mode != "route":
        lines.append("arrivals:")
        for number in NUMBERS:
            came = sorted(((parts[_key(p)]["arrivals"][number], i, p) for i, p in enumerate(players)
                           if parts[_key(p)]["arrivals"][number] is not None))
            if came:
                lines.append(f"  {number}: [" + ", ".join(q(f"{p}@{rnd}") for rnd, _, p in came) + "]"
                             f"  # {STATIONS[int(number) - 1].name}")
        if lines[-1] == "arrivals:":
            lines[-1] = "arrivals: {}"
    if mode != "stations":
        lines.append("route: {" + ", ".join(f"{q(p)}: {_reading(parts[_key(p)]['route'])}" for p in players) + "}")
    return [(FILE, "\n".join(lines) + "\n")]


def read_file(parts: dict[str, Any], name: str, text: str) -> dict[str, Any]:
    record = parse_game(text, name)
    if record.frames or record.lost:
        raise RailprintError(f"{name}: this page takes the scoring board's arrivals, not frames or lost "
                             "locomotives; score those with `railprint score allers-trains`")
    if record.mode != parts["setup"]["mode"]:
        raise RailprintError(f"{name}: this room scores {parts['setup']['mode']}, the file {record.mode}")
    ours = parts["setup"]["players"]
    if [p.casefold() for p in record.players] != [p.casefold() for p in ours]:
        raise RailprintError(f"{name}: players {', '.join(record.players)}; this room's are {', '.join(ours)}")
    room_name = dict(zip(record.players, ours))
    routes = record.route or {}
    updates = {_key(room_name[p]): {"arrivals": {n: None for n in NUMBERS}, "route": routes.get(p, 0)}
               for p in record.players}
    for arrival in record.arrivals:
        updates[_key(room_name[arrival.player])]["arrivals"][str(arrival.station)] = arrival.round
    return updates


def stations(parts: dict[str, Any], payload: Any) -> list[dict]:
    """The scoring board's stations in its order (the tie-break order), with their colours."""
    return [{"number": s.number, "name": s.name, "hex": s.colour} for s in STATIONS]


ACTIONS = {"stations": stations}
