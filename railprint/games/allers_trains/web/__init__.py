"""Jedzie pociąg z daleka's page for ``railprint serve`` (the handlers of
:class:`railprint.registry.WebPage`): the scoring board's entry, or each player's frame.

A room's parts: ``"setup"`` (``players`` in seating order, ``mode``: stations | route |
route+stations, ``entry``: scoring-board | frames) and per player ``"player:<name>"``:

- scoring board: ``{"arrivals": {"1".."7": round or null}, "route": score-track total}``; the
  file's ``arrivals:`` as ``player@round`` per station and ``route:`` readings written as the
  track shows them (``40+9``);
- frames: ``{"frame": [{"square": "B1", "tile": "T06", "rotation": 0}, ...]}``, the tiles in
  the order placed (round = position); the file's ``frames:`` (``B1 T06 0``), replayed by the
  scorer. Every placement is checked by the scorer's own replay (``rules.replay_frame``): a
  tile that moves no locomotive, a square taken, a tile placed twice are refused.

The file is the game file ``railprint score allers-trains`` reads
(``shared/reference/allers-trains-game-format.md``). Spaces, points, ties, the replay's arrivals
and route points are the scorer's; nothing is scored here.
"""

from __future__ import annotations

import json
from typing import Any

from railprint.errors import RELOAD_PL, Location, Problems, RailprintError, suggestion
from railprint.games.allers_trains.frame import (COLS, DEPOT, DEPOT_PORTS, LOCOMOTIVES, MAX_TILES, OUTER, PORTS,
                                                 ROTATIONS, ROWS, STATIONS, TILES, pairing, square_name)
from railprint.games.allers_trains.notation import _ROUTE, Placement, parse_game, parse_square
from railprint.games.allers_trains.replay import Frame
from railprint.games.allers_trains.rules import replay_frame

FILE = "game.yaml"
MODES = ("stations", "route", "route+stations")
MAX_ROUND = 99
MAX_ROUTE = 80  # the track runs 1-40, then its 40+ side 1-40
NUMBERS = [str(s.number) for s in STATIONS]
ENTRIES = ("scoring-board", "frames")


def _key(player: str) -> str:
    return f"player:{player}"


PLAYERS = (1, 4)
"""How many players a room can have (the start form's add and remove buttons)."""

def setup_fields() -> list[dict]:
    return [{"key": "mode", "label": {"en": "Scoring", "pl": "Punktacja"}, "choices": list(MODES),
             "names": {"stations": {"en": "base game: stations", "pl": "gra podstawowa: stacje"},
                       "route": {"en": "variant 1: route", "pl": "wariant 1: trasa"},
                       "route+stations": {"en": "variant 2: route and stations", "pl": "wariant 2: trasa i stacje"}}},
            {"key": "entry", "label": {"en": "Enter", "pl": "Wpisujemy"}, "choices": list(ENTRIES),
             "names": {"scoring-board": {"en": "the scoring board", "pl": "tablicę punktacji"},
                       "frames": {"en": "each player's frame, tile by tile", "pl": "ramki graczy, kafelek po kafelku"}}}]


def _frames(parts: dict[str, Any]) -> bool:
    return parts["setup"].get("entry") == "frames"


def new_room(players: list[str], setup: dict) -> dict[str, Any]:
    unknown = sorted(set(setup) - {"mode", "entry"})
    if unknown:
        raise RailprintError(f"setup: unknown choice {unknown[0]!r}", hint=suggestion(unknown[0], ["mode", "entry"]),
                             pl=f"ustawienia: nie ma wyboru {unknown[0]!r} (są: tryb, wpisywanie)")
    entry = setup.get("entry", "scoring-board")
    if entry not in ENTRIES:
        raise RailprintError(f"setup.entry: {str(entry)[:30]!r} is neither of {', '.join(ENTRIES)}",
                             hint=suggestion(str(entry), ENTRIES),
                             pl=f"wpisywanie: nie ma {str(entry)[:30]!r} (do wyboru: {', '.join(ENTRIES)})")
    mode = setup.get("mode", "stations")
    if mode not in MODES:
        raise RailprintError(f"setup.mode: unknown mode {str(mode)[:30]!r}",
                             hint="stations (base game), route (variant 1) or route+stations (variant 2)",
                             pl=f"tryb: nie ma trybu {str(mode)[:30]!r} (stacje, trasa, trasa+stacje)")
    if not 1 <= len(players) <= 4:
        raise RailprintError(f"Jedzie pociąg z daleka is played by 1-4 players, not {len(players)}",
                             pl=f"w Jedzie pociąg z daleka gra od 1 do 4 graczy, nie {len(players)}")
    for player in players:
        if "\n" in player or "@" in player or player != player.strip() or not player:
            raise RailprintError(f"player name {player!r} cannot be written in a game file (no '@')",
                                 pl=f"imienia {player!r} nie da się zapisać w pliku gry (bez '@')")
    parts: dict[str, Any] = {"setup": {"players": players, "mode": mode, "entry": entry}}
    for player in players:
        parts[_key(player)] = ({"frame": []} if entry == "frames"
                               else {"arrivals": {n: None for n in NUMBERS}, "route": 0})
    return parts


def _route(key: str, value: Any) -> int:
    """A score-track reading: a total (49) or as the track shows it ('40+9')."""
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise RailprintError(f"{key}: route: a score-track reading such as 39 or 40+9",
                             pl=RELOAD_PL)
    m = _ROUTE.match(str(value))
    if m is None:
        raise RailprintError(f"{key}: route: {str(value)[:20]!r} is not a score-track reading (39, 40+9)",
                             pl=f"trasa: {str(value)[:20]!r} to nie odczyt toru punktacji (39, 40+9)")
    total = int(m.group("plain")) if m.group("plain") is not None else 40 + int(m.group("over"))
    if m.group("over") is not None and not 1 <= int(m.group("over")) <= 40:
        raise RailprintError(f"{key}: route: 40+{m.group('over')}: the track runs 1-40",
                             pl=f"trasa: 40+{m.group('over')}: tor punktacji ma pola 1–40")
    if not 0 <= total <= MAX_ROUTE:
        raise RailprintError(f"{key}: route: {total} is beyond the track (0-40, then 40+1 to 40+40)",
                             pl=f"trasa: {total} to więcej, niż pokazuje tor (0–40, potem 40+1 do 40+40)")
    return total


def _player(key: str, value: Any) -> dict[str, Any]:
    if not isinstance(value, dict) or set(value) != {"arrivals", "route"}:
        raise RailprintError(f'{key}: expected {{"arrivals": {{station: round or null}}, "route": reading}}',
                             pl=RELOAD_PL)
    arrivals = value["arrivals"]
    if not isinstance(arrivals, dict) or set(arrivals) != set(NUMBERS):
        wrong = sorted(set(arrivals) - set(NUMBERS)) if isinstance(arrivals, dict) else []
        raise RailprintError(f"{key}: arrivals: a round (or null) for each station 1-{len(STATIONS)}"
                             + (f"; there is no station {str(wrong[0])[:20]!r}" if wrong else ""),
                             pl=RELOAD_PL)
    out: dict[str, Any] = {}
    for number in NUMBERS:
        rnd = arrivals[number]
        if rnd is not None and (isinstance(rnd, bool) or not isinstance(rnd, int) or not 1 <= rnd <= MAX_ROUND):
            name = STATIONS[int(number) - 1].name
            raise RailprintError(f"{key}: station {number} ({name}): round {json.dumps(rnd)[:20]}; "
                                 f"a round is 1-{MAX_ROUND} (null: not arrived)",
                                 pl=f"stacja {number} ({name}): runda {json.dumps(rnd)[:20]}; runda to "
                                    f"1–{MAX_ROUND} (albo –: nie dojechał)")
        out[number] = rnd
    return {"arrivals": out, "route": _route(key, value["route"])}


def _placements(key: str, value: Any) -> list[Placement]:
    """A frame's placements, each read as the game file reads it (square, tile, rotation)."""
    frame = value.get("frame") if isinstance(value, dict) and set(value) == {"frame"} else None
    if not isinstance(frame, list):
        raise RailprintError(f'{key}: expected {{"frame": [{{"square": "B1", "tile": "T06", "rotation": 0}}, ...]}}',
                             pl=RELOAD_PL)
    if len(frame) > MAX_TILES:
        raise RailprintError(f"{key}: {len(frame)} tiles; a frame holds {MAX_TILES}",
                             pl=f"{key.removeprefix('player:')}: kafli jest {len(frame)}; ramka mieści {MAX_TILES}")
    out = []
    for rnd, item in enumerate(frame, start=1):
        if not isinstance(item, dict) or set(item) != {"square", "tile", "rotation"}:
            raise RailprintError(f'{key}: tile {rnd}: expected {{"square": "B1", "tile": "T06", "rotation": 0}}',
                                 pl=RELOAD_PL)
        square, tile, rotation = item["square"], item["tile"], item["rotation"]
        cell = parse_square(square) if isinstance(square, str) else None
        if cell is None:
            raise RailprintError(f"{key}: tile {rnd}: unknown square {str(square)[:20]!r}",
                                 hint="squares are A1-D4: columns A-D from the left, rows 1-4 from the bottom",
                                 pl=f"kafel {rnd}: nie ma pola {str(square)[:20]!r} (pola to A1–D4)")
        if cell == DEPOT:
            raise RailprintError(f"{key}: tile {rnd}: A1 is the depot; no tile goes there",
                                 pl=f"kafel {rnd}: A1 to zajezdnia; nie kładzie się tam kafla")
        if not isinstance(tile, str) or tile not in TILES:
            raise RailprintError(f"{key}: tile {rnd}: unknown tile {str(tile)[:20]!r}",
                                 hint=suggestion(str(tile), TILES) or f"tiles are T01-T{MAX_TILES}",
                                 pl=f"kafel {rnd}: nie ma kafla {str(tile)[:20]!r} (kafle to T01–T{MAX_TILES})")
        if isinstance(rotation, bool) or rotation not in ROTATIONS:
            raise RailprintError(f"{key}: tile {rnd}: rotation {json.dumps(rotation)[:20]}",
                                 hint="turn clockwise by 0, 90, 180 or 270 degrees",
                                 pl=f"kafel {rnd}: obrót {json.dumps(rotation)[:20]} (obróć o 0, 90, 180 albo 270 stopni)")
        out.append(Placement(cell, tile, rotation, rnd, Location(FILE)))
    return out


def _frame(key: str, value: Any) -> dict[str, Any]:
    """A frame, replayed by the scorer's own rules: every illegal placement refused with its reason."""
    placements = _placements(key, value)
    problems = Problems()
    replay_frame(key.removeprefix("player:"), tuple(placements), problems)
    if problems.items:
        polish = [p.pl for p in problems.items]
        raise RailprintError("; ".join(p.message for p in problems.items),
                             hint=problems.items[0].hint, pl="; ".join(polish) if all(polish) else None)
    return {"frame": [{"square": square_name(p.cell), "tile": p.tile, "rotation": p.rotation} for p in placements]}


def check_change(parts: dict[str, Any], updates: dict[str, Any]) -> dict[str, Any]:
    checked = {}
    for key, value in updates.items():
        checked[key] = _frame(key, value) if _frames(parts) else _player(key, value)
    return checked


def _reading(total: int) -> str:
    return f"40+{total - 40}" if total > 40 else str(total)


def files(parts: dict[str, Any]) -> list[tuple[str, str]]:
    setup = parts["setup"]
    players, mode = setup["players"], setup["mode"]
    q = lambda text: json.dumps(text, ensure_ascii=False)  # noqa: E731 - a YAML double-quoted string
    lines = ["game: allers-trains", f"mode: {mode}", "players: [" + ", ".join(q(p) for p in players) + "]"]
    if _frames(parts):
        lines.append("frames:")
        for p in players:
            placed = [f"{t['square']} {t['tile']} {t['rotation']}" for t in parts[_key(p)]["frame"]]
            lines.append(f"  {q(p)}: [" + ", ".join(placed) + "]")
        return [(FILE, "\n".join(lines) + "\n")]
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
    if _frames(parts) and record.frames is None:
        raise RailprintError(f"{name}: this room takes each player's frame (`frames:`), the file the scoring "
                             "board's arrivals", pl=f"{name}: ta gra zapisuje ramki graczy (`frames:`), a plik "
                                                    "przyjazdy z planszy punktacji")
    if record.lost or (record.frames is not None and not _frames(parts)):
        raise RailprintError(f"{name}: this room takes the scoring board's arrivals, not frames or lost "
                             "locomotives; start a room that enters frames, or score it with `railprint score`",
                             pl=f"{name}: ta gra zapisuje przyjazdy z planszy punktacji, nie ramki ani utracone "
                                "lokomotywy; zacznij grę, w której wpisuje się ramki, albo policz plik "
                                "przez `railprint score`")
    if record.mode != parts["setup"]["mode"]:
        raise RailprintError(f"{name}: this room scores {parts['setup']['mode']}, the file {record.mode}",
                             pl=f"{name}: ta gra liczy tryb {parts['setup']['mode']}, a plik {record.mode}")
    ours = parts["setup"]["players"]
    if [p.casefold() for p in record.players] != [p.casefold() for p in ours]:
        raise RailprintError(f"{name}: players {', '.join(record.players)}; this room's are {', '.join(ours)}",
                             pl=f"{name}: gracze {', '.join(record.players)}; w tej grze: {', '.join(ours)}")
    room_name = dict(zip(record.players, ours))
    if record.frames is not None:
        problems = Problems()  # unreadable placements, and the replay's, each at the file's line:col
        problems.items += record.problems
        for player in record.players:
            replay_frame(player, record.frames.get(player, ()), problems)
        problems.raise_if_any(name, sort=True)
        return {_key(room_name[p]): {"frame": [{"square": square_name(t.cell), "tile": t.tile, "rotation": t.rotation}
                                               for t in sorted(record.frames.get(p, ()), key=lambda t: t.round)]}
                for p in record.players}
    routes = record.route or {}
    updates = {_key(room_name[p]): {"arrivals": {n: None for n in NUMBERS}, "route": routes.get(p, 0)}
               for p in record.players}
    for arrival in record.arrivals:
        updates[_key(room_name[arrival.player])]["arrivals"][str(arrival.station)] = arrival.round
    return updates


def stations(parts: dict[str, Any], payload: Any) -> list[dict]:
    """The scoring board's stations in its order (the tie-break order), with their colours."""
    return [{"number": s.number, "name": s.name, "hex": s.colour} for s in STATIONS]


def frame(parts: dict[str, Any], payload: Any) -> dict[str, Any]:
    """The frame for the page: the tiles' tracks in each rotation (port pairs), the frame's outer
    edges (stations and U-turn fragments), the depot's start spaces; with ``{"player": name}``
    also where that player's next tile can go (squares that move a waiting locomotive, by the
    replay) and the tiles still in hand."""
    out: dict[str, Any] = {
        "cols": COLS, "rows": ROWS, "depot": square_name(DEPOT), "ports": list(PORTS),
        "tiles": {code: {str(r): [[a, b] for a, b in _pairs(code, r)] for r in ROTATIONS} for code in TILES},
        "outer": [{"square": square_name(cell), "side": side, "station": number} for (cell, side), number in OUTER.items()],
        "depot_ports": DEPOT_PORTS, "locomotives": list(LOCOMOTIVES),
    }
    player = payload.get("player") if isinstance(payload, dict) else None
    if player is not None:
        key = _key(str(player))
        if key not in parts or not _frames(parts):
            raise RailprintError(f"no frame of player {str(player)[:40]!r} in this room",
                                 hint=suggestion(str(player), parts["setup"]["players"]),
                                 pl=f"w tej grze nie ma ramki gracza {str(player)[:40]!r}; odśwież stronę")
        replay = Frame()
        placed = parts[key]["frame"]
        for rnd, t in enumerate(placed, start=1):
            replay.place(parse_square(t["square"]), t["tile"], t["rotation"], rnd)
        free = [(x, y) for y in range(ROWS) for x in range(COLS) if (x, y) != DEPOT and (x, y) not in replay.tiles]
        out["playable"] = [square_name(c) for c in free
                           if len(placed) < MAX_TILES and replay.touches(c) and replay.facing(c)]
        out["in_hand"] = [code for code in TILES if code not in {t["tile"] for t in placed}]
    return out


def _pairs(code: str, rotation: int) -> list[tuple[str, str]]:
    seen, out = set(), []
    for a, b in pairing(code, rotation).items():
        if a not in seen:
            seen.update((a, b))
            out.append((a, b))
    return out


ACTIONS = {"stations": stations, "frame": frame}
