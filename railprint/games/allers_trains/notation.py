"""Read a Jedzie pociąg z daleka end-of-game file (format v1, the contract in
shared/reference/allers-trains-game-format.md; docs/allers-trains-scoring.md).

Two ways in: ``arrivals`` (station -> ``player@round``) with ``route`` readings (``40+9``), or
``frames``: per player the tiles in the order placed, each ``SQUARE TILE ROTATION [@ROUND]``
(``B1 T03 90``; squares A1-D4 with the depot on A1; rotation 0/90/180/270 clockwise). Every
problem that makes the file unreadable is collected and raised at once (:class:`Problems`),
each at its ``file:line:col``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from railprint.errors import Location, NotationError, Problems, clip, close_matches, name_key, suggestion, you_meant
from railprint.loading import yamlio
from railprint.loading.text import MAX_GAME_BYTES, read_text
from railprint.records import Record

from .frame import COLS, DEPOT, MAX_TILES, ROTATIONS, ROWS, STATIONS, TILES

KEYS = ("game", "mode", "players", "arrivals", "lost", "route", "frames", "title", "date", "notes")
MODE_ALIASES = {
    "stations": "stations", "base": "stations", "basic": "stations", "stacje": "stations",
    "route": "route", "longestroute": "route", "variant1": "route", "trasa": "route",
    "najdluzszatrasa": "route", "wariant1": "route",
    "routestations": "route+stations", "stationsroute": "route+stations", "both": "route+stations",
    "variant2": "route+stations", "wariant2": "route+stations", "trasastacje": "route+stations",
}
_STATION_KEYS = {name_key(a): s.number for s in STATIONS for a in (s.name, *s.aliases)}
_ARRIVAL = re.compile(r"^(?P<name>.*?)\s*@\s*(?P<round>\S+)\s*$")
_ROUTE = re.compile(r"^\s*(?:40\s*\+\s*(?P<over>\d{1,15})|(?P<plain>\d{1,15}))\s*$")
_PLACEMENT = re.compile(r"^\s*(?P<square>\S+)\s+(?P<tile>\S+)\s+(?P<rotation>\S+)(?:\s*@\s*(?P<round>\S+))?\s*$")
MAX_ENTRIES = 200  # placements or arrivals under one key; more is refused before reading them
MAX_PLAYERS = 20  # more is no game file (the game is for 1-4); refused before reading them
PLACEMENT_HINT = "write SQUARE TILE ROTATION [@ROUND], e.g. 'B1 T03 90' or 'A2 T15 0 @1'"
PLACEMENT_HINT_PL = "zapisz POLE KAFEL OBRÓT [@RUNDA], np. 'B1 T03 90' albo 'A2 T15 0 @1'"


class Arrival(Record):
    player: str
    station: int
    round: int
    where: Location


class Placement(Record):
    cell: tuple[int, int]
    tile: str
    rotation: int
    round: int
    where: Location


class GameRecord(Record):
    file: str
    mode: str
    players: tuple[str, ...]
    arrivals: tuple[Arrival, ...] = ()          # typed arrivals (arrivals way in)
    lost: tuple[Arrival, ...] = ()              # typed lost locomotives (station 0)
    route: dict[str, int] | None = None         # typed route totals
    frames: dict[str, tuple[Placement, ...]] | None = None
    title: str = ""
    problems: tuple = ()                        # unreadable placements, reported with the replay's
    ignored: tuple = ()                         # (message, where, Polish): typed data the mode does not score


def station_number(text: Any) -> int | None:
    if isinstance(text, int) and not isinstance(text, bool):
        return text if 1 <= text <= len(STATIONS) else None
    key = name_key(str(text))
    if key.isdigit():
        n = int(key)
        return n if 1 <= n <= len(STATIONS) else None
    return _STATION_KEYS.get(key)


def _int(text: str) -> int | None:
    text = text.strip()
    return int(text) if re.fullmatch(r"[+-]?\d{1,15}", text) else None  # longer: no round or angle


def parse_square(text: str) -> tuple[int, int] | None:
    t = text.strip().upper()
    if len(t) == 2 and t[0] in "ABCD"[:COLS] and t[1].isdigit() and 1 <= int(t[1]) <= ROWS:
        return ("ABCD".index(t[0]), int(t[1]) - 1)
    return None


def _tile_code(text: str) -> str | None:
    t = text.strip().upper()
    if re.fullmatch(r"T?\d{1,2}", t):
        t = f"T{int(t.lstrip('T')):02d}"
    return t if t in TILES else None


class _Reader:
    def __init__(self, filename: str) -> None:
        self.filename = filename
        self.problems = Problems()

    def add(self, message: str, where: Location | None, hint: str | None = None, pl: str | None = None) -> None:
        self.problems.add(message, where or Location(self.filename), hint, pl=pl)


def _loc(node: Any, key: Any, fallback: Location) -> Location:
    return node.loc(key) if hasattr(node, "loc") else fallback


def _players(data: Any, r: _Reader, top: Location) -> list[str]:
    node = data.get("players")
    if node is None:
        frames = data.get("frames")
        if isinstance(frames, dict):  # the frames' keys, in order
            if len(frames) > MAX_PLAYERS:
                raise NotationError(f"{len(frames)} frames: a game file holds at most {MAX_PLAYERS} "
                                    "(the game is for 1 to 4 players)", _loc(data, "frames", top),
                                    pl=f"{len(frames)} ramek: plik gry mieści najwyżej {MAX_PLAYERS} "
                                       "(gra jest dla 1 do 4 graczy)")
            if not 1 <= len(frames) <= 4:
                r.add(f"{len(frames)} frames; the game is for 1 to 4 players", _loc(data, "frames", top),
                      pl=f"ramek: {len(frames)}; gra jest dla 1 do 4 graczy")
            return [str(name).strip() for name in frames]
        r.add("missing `players:` (the names in seating order)", top, pl="brak `players:` (imiona w kolejności przy stole)")
        return []
    if isinstance(node, (str, int)):
        node = [node]
    if not isinstance(node, list) or not node:
        r.add("players: expected a list of 1 to 4 names", _loc(data, "players", top),
              pl="players: tu ma być lista od 1 do 4 imion")
        return []
    if len(node) > MAX_PLAYERS:
        raise NotationError(f"{len(node)} players: a game file holds at most {MAX_PLAYERS} "
                            "(the game is for 1 to 4)", node.loc(MAX_PLAYERS) if hasattr(node, "loc") else top,
                            pl=f"{len(node)} graczy: plik gry mieści najwyżej {MAX_PLAYERS} (gra jest dla 1 do 4)")
    names: list[str] = []
    for i, item in enumerate(node):
        at = node.loc(i) if hasattr(node, "loc") else top
        if isinstance(item, dict) and "name" in item:
            item = item["name"]
        if not isinstance(item, (str, int)) or isinstance(item, bool) or not str(item).strip():
            r.add("a player is written as a name", at, pl="gracza zapisuje się jego imieniem")
            continue
        name = str(item).strip()
        if name in names:
            r.add(f"player {name!r} is listed twice", at, pl=f"gracz {name!r} jest na liście dwa razy")
        elif "@" in name:
            r.add(f"player name {name!r} contains '@'", at, "'@' separates a name from a round",
                  pl=f"imię {name!r} zawiera '@' ('@' oddziela imię od rundy)")
        else:
            names.append(name)
    if not 1 <= len(node) <= 4:
        r.add(f"{len(node)} players; the game is for 1 to 4 players", _loc(data, "players", top),
              pl=f"graczy: {len(node)}; gra jest dla 1 do 4 graczy")
    return names


def _player(name: str, players: list[str], r: _Reader, where: Location) -> str | None:
    if name in players:
        return name
    folded = {name_key(p): p for p in players}
    if name_key(name) in folded:
        return folded[name_key(name)]
    r.add(f"unknown player {name!r}", where, suggestion(name, players),
          pl=f"nieznany gracz {name!r} ({suggestion(name, players, 'pl')})")
    return None


def _round(text: str, r: _Reader, where: Location, what: str) -> int | None:
    value = _int(text)
    if value is None:
        r.add(f"{what}: round {clip(text, 22)} is not a whole number", where,
              pl=f"{what}: runda {clip(text, 22)} to nie liczba całkowita")
        return None
    if value < 1:
        r.add(f"{what}: round {value}; rounds start at 1", where,
              pl=f"{what}: runda {value}; rundy liczy się od 1")
        return None
    if value > MAX_TILES:
        r.add(f"{what}: round {value}; a frame holds {MAX_TILES} tiles, so a game has at most "
              f"{MAX_TILES} rounds", where,
              pl=f"{what}: runda {value}; ramka mieści {MAX_TILES} kafli, więc gra ma najwyżej {MAX_TILES} rund")
        return None
    return value


def _check_count(value: Any, key: Any, at: Location) -> None:
    if len(value) > MAX_ENTRIES:
        raise NotationError(f"{len(value)} entries under {clip(key)}: at most {MAX_ENTRIES} are read "
                            "(a frame holds 15 tiles, a station 4 players' locomotives)", at,
                            pl=f"{len(value)} wpisów pod {clip(key)}: czytamy najwyżej {MAX_ENTRIES} "
                               "(ramka mieści 15 kafli, stacja lokomotywy 4 graczy)")


def _entries(node: Any, key: Any, fallback: Location) -> list[tuple[Any, Location]]:
    value = node[key]
    at = _loc(node, key, fallback)
    if value is None:
        return []
    if not isinstance(value, list):
        value = [value] if not isinstance(value, str) else [v for v in value.split(",")]
    _check_count(value, key, at)
    if not hasattr(value, "loc"):
        return [(v, at) for v in value]
    return [(v, value.loc(i) if hasattr(value, "loc") else at) for i, v in enumerate(value)]


def _arrival_list(node: Any, key: Any, station: int, players: list[str], r: _Reader,
                  fallback: Location, what: str) -> list[Arrival]:
    out = []
    items = _entries(node, key, fallback)
    value = node[key]
    if isinstance(value, dict):  # also accepted: {player: round, ...}
        _check_count(value, key, _loc(node, key, fallback))
        items = [(f"{name}@{rnd}", value.loc(name)) for name, rnd in value.items()]
    for item, at in items:
        m = _ARRIVAL.match(str(item)) if isinstance(item, str) else None
        if m is None or not m.group("name"):
            r.add(f"{what}: expected player@round, got {clip(item)}", at, "e.g. Ala@3",
                  pl=f"{what}: tu ma być gracz@runda, a jest {clip(item)} (np. Ala@3)")
            continue
        player = _player(m.group("name").strip(), players, r, at)
        rnd = _round(m.group("round"), r, at, what)
        if player is not None and rnd is not None:
            out.append(Arrival(player, station, rnd, at))
    return out


def _arrivals(data: Any, players: list[str], r: _Reader, top: Location) -> list[Arrival]:
    node = data["arrivals"]
    if node is None:
        return []
    if not isinstance(node, dict):
        r.add("arrivals: expected a mapping station -> [player@round, ...]", _loc(data, "arrivals", top),
              pl="arrivals: tu ma być mapa stacja -> [gracz@runda, ...]")
        return []
    out: list[Arrival] = []
    seen: dict[int, Location] = {}
    for key in node:
        at = node.key_loc(key)
        number = station_number(key)
        if number is None:
            names = [s.name for s in STATIONS]
            r.add(f"unknown station {clip(key)}", at, suggestion(str(key), names) if not str(key).isdigit()
                  else "stations are numbered 1 to 7 in board order",
                  pl=f"nieznana stacja {clip(key)} (" + (suggestion(str(key), names, "pl") if not str(key).isdigit()
                                                         else "stacje mają numery od 1 do 7, w kolejności na planszy")
                  + ")")
            continue
        if number in seen:
            r.add(f"station {number} ({STATIONS[number - 1].name}) is given twice "
                  f"(first at line {seen[number].line})", at,
                  pl=f"stacja {number} ({STATIONS[number - 1].name}) jest podana dwa razy "
                     f"(pierwszy raz w wierszu {seen[number].line})")
            continue
        seen[number] = at
        out += _arrival_list(node, key, number, players, r, at, STATIONS[number - 1].name)
    return out


def _route(data: Any, players: list[str], r: _Reader, top: Location) -> tuple[dict[str, int], set[str]]:
    """The readable route readings, and every player given one (readable or not)."""
    node = data["route"]
    if not isinstance(node, dict):
        r.add("route: expected a mapping player -> score-track reading (39, 40+9)",
              _loc(data, "route", top), pl="route: tu ma być mapa gracz -> odczyt toru punktacji (39, 40+9)")
        return {}, set(players)
    out = {}
    given: set[str] = set()
    for key, value in node.items():
        at = node.loc(key)
        player = _player(str(key).strip(), players, r, node.key_loc(key))
        if player is not None:
            given.add(player)
        m = _ROUTE.match(str(value)) if isinstance(value, (str, int)) and not isinstance(value, bool) else None
        if m is None:
            r.add(f"route points of {key}: expected a number or 40+n, got {clip(value)}", at,
                  pl=f"punkty trasy gracza {key}: tu ma być liczba lub 40+n, a jest {clip(value)}")
            continue
        total = int(m.group("plain")) if m.group("plain") is not None else 40 + int(m.group("over"))
        if m.group("over") is not None and not 1 <= int(m.group("over")) <= 40:
            r.add(f"route points of {key}: '40+{m.group('over')}': the track runs 1-40", at,
                  pl=f"punkty trasy gracza {key}: '40+{m.group('over')}': tor punktacji ma pola 1-40")
            continue
        if player is not None:
            out[player] = total
    return out, given


def _placements(node: Any, key: Any, r: _Reader, fallback: Location) -> tuple[Placement, ...]:
    out = []
    items = _entries(node, key, fallback)
    for index, (item, at) in enumerate(items, start=1):
        m = _PLACEMENT.match(str(item)) if isinstance(item, str) else None
        if m is None:
            r.add(f"placement {index}: cannot read {clip(item)}", at, PLACEMENT_HINT,
                  pl=f"kafel {index}: nie da się odczytać {clip(item)} ({PLACEMENT_HINT_PL})")
            continue
        cell = parse_square(m.group("square"))
        tile = _tile_code(m.group("tile"))
        rotation = _int(m.group("rotation").rstrip("°"))
        ok = True
        if cell is None:
            r.add(f"placement {index}: unknown square {clip(m.group('square'))}", at,
                  "squares are A1-D4: columns A-D from the left, rows 1-4 from the bottom",
                  pl=f"kafel {index}: nieznane pole {clip(m.group('square'))} (pola A1-D4: kolumny A-D od "
                     "lewej, rzędy 1-4 od dołu)")
            ok = False
        elif cell == DEPOT:
            r.add(f"placement {index}: A1 is the depot; no tile goes there", at,
                  pl=f"kafel {index}: A1 to zajezdnia; tam nie kładzie się kafla")
            ok = False
        if tile is None:
            r.add(f"placement {index}: unknown tile {clip(m.group('tile'))}", at,
                  suggestion(m.group("tile"), TILES),
                  pl=f"kafel {index}: nieznany kafel {clip(m.group('tile'))} ({suggestion(m.group('tile'), TILES, 'pl')})")
            ok = False
        if rotation not in ROTATIONS:
            r.add(f"placement {index}: rotation {clip(m.group('rotation'))}", at,
                  "turn clockwise by 0, 90, 180 or 270 degrees",
                  pl=f"kafel {index}: obrót {clip(m.group('rotation'))} (obracaj w prawo o 0, 90, 180 "
                     "albo 270 stopni)")
            ok = False
        rnd = index
        if m.group("round") is not None:
            given = _round(m.group("round"), r, at, f"placement {index}")
            ok = ok and given is not None
            rnd = given if given is not None else index
        if ok:
            out.append(Placement(cell, tile, rotation, rnd, at))
    if len(items) > MAX_TILES:
        r.add(f"{len(items)} tiles; a frame holds {MAX_TILES}", fallback,
              pl=f"kafli: {len(items)}; ramka mieści {MAX_TILES}")
    return tuple(out)


def _frames(data: Any, players: list[str], r: _Reader, top: Location) -> dict[str, tuple[Placement, ...]]:
    node = data["frames"]
    if not isinstance(node, dict):
        r.add("frames: expected a mapping player -> list of placements", _loc(data, "frames", top),
              pl="frames: tu ma być mapa gracz -> lista kafli w kolejności kładzenia")
        return {}
    out = {}
    for key in node:
        player = _player(str(key).strip(), players, r, node.key_loc(key))
        placed = _placements(node, key, r, node.key_loc(key))
        if player is not None:
            out[player] = placed
    for player in players:
        if player not in out and not any(name_key(str(k)) == name_key(player) for k in node):
            r.add(f"no frame for player {player!r}", _loc(data, "frames", top),
                  pl=f"brak ramki gracza {player!r}")
    return out


def _mode(data: Any, r: _Reader, top: Location) -> str:
    value = data.get("mode")
    held = ("route+stations" if "arrivals" in data else "route") if "route" in data else "stations"
    if value is None:  # not given: what the file holds says it
        return held
    key = name_key(str(value))
    mode = MODE_ALIASES.get(key)
    if mode is None:
        near = close_matches(str(value), ("stations", "route", "route+stations"), n=1)
        r.add(f"unknown mode {clip(value)}", _loc(data, "mode", top),
              (f"{you_meant(near)} " if near else "")
              + "stations: base game, route: variant 1, route+stations: variant 2",
              pl=f"nieznany tryb {clip(value)} (" + (f"{you_meant(near, 'pl')} " if near else "")
              + "stations: gra podstawowa, route: wariant 1, route+stations: wariant 2)")
        return held   # (what the file holds, so the rest is checked without a second error)
    return mode


def parse_game(text: str, filename: str = "<input>") -> GameRecord:
    """Read an end-of-game file's text; every unreadable part is reported at once."""
    data = yamlio.loads(text, filename, error=NotationError)
    top = Location(filename, 1, 1)
    if not isinstance(data, dict):
        raise NotationError("a game file is a YAML mapping with `players:` and `arrivals:`, "
                            "`route:` or `frames:`", top,
                            pl="plik gry to mapa YAML z `players:` oraz `arrivals:`, `route:` lub `frames:`")
    r = _Reader(filename)
    for key in data:
        if key not in KEYS:
            r.add(f"unknown key {clip(key)}", data.key_loc(key), suggestion(str(key), KEYS),
                  pl=f"nieznany klucz {clip(key)} ({suggestion(str(key), KEYS, 'pl')})")
    game = data.get("game")
    if game is not None and name_key(str(game)) not in {"allerstrains", "jedziepociag", "jedziepociagzdaleka"}:
        r.add(f"game: {game!r} is not allers-trains", data.loc("game"),
              pl=f"game: ten plik jest do gry {game!r}, nie allers-trains (Jedzie pociąg z daleka)")
    mode = _mode(data, r, top)
    players = _players(data, r, top)
    arrivals: list[Arrival] = []
    lost: list[Arrival] = []
    route = frames = None
    ignored: list[tuple[str, Location, str]] = []
    if "frames" in data:
        for key in ("arrivals", "route", "lost"):
            if key in data:
                r.add(f"`{key}:` and `frames:` are two ways in: give one", data.key_loc(key),
                      "the frames replay gives the arrivals and the route points",
                      pl=f"`{key}:` i `frames:` to dwa sposoby wpisania gry: podaj jeden (z ramek "
                         "wynikają przyjazdy i punkty trasy)")
        frames = _frames(data, players, r, top)
    else:
        if "arrivals" in data:
            arrivals = _arrivals(data, players, r, top)
        elif mode != "route":
            r.add(f"mode {mode}: missing `arrivals:` (or `frames:`)", top,
                  pl=f"tryb {mode}: brak `arrivals:` (albo `frames:`)")
        if "lost" in data:
            lost = _arrival_list(data, "lost", 0, players, r, top, "lost")
        if "route" in data:
            route, given = _route(data, players, r, top)
            if mode == "stations":   # the contract: route points are 0 in the base game
                ignored.append(("route readings given but the mode is stations (the base game): not "
                                "scored; mode: route+stations scores both", data.key_loc("route"),
                                "podano odczyty trasy, ale tryb to stations (gra podstawowa): nie są "
                                "liczone; tryb route+stations liczy jedno i drugie"))
        elif mode != "stations":
            r.add(f"mode {mode}: missing `route:` (or `frames:`)", top, pl=f"tryb {mode}: brak `route:` (albo `frames:`)")
        if mode == "route" and "arrivals" in data:   # variant 1 scores no stations
            ignored.append(("arrivals given but the mode is route (variant 1 scores no stations): not "
                            "scored; mode: route+stations scores both", data.key_loc("arrivals"),
                            "podano przyjazdy, ale tryb to route (wariant 1 nie liczy stacji): nie są "
                            "liczone; tryb route+stations liczy jedno i drugie"))
        if route is not None:
            for player in players:
                if player not in given:
                    r.add(f"no route reading for {player!r}", data.loc("route"),
                          pl=f"brak odczytu trasy gracza {player!r}")
    # unreadable placements wait for the replay's problems, so that all are reported at once
    deferred = ()
    if frames is not None and all(p.message.startswith("placement ") for p in r.problems.items):
        deferred, r.problems.items = tuple(r.problems.items), []
    r.problems.raise_if_any(filename, sort=True)
    title = data.get("title")
    return GameRecord(filename, mode, tuple(players), tuple(arrivals), tuple(lost), route, frames,
                      str(title) if title is not None else "", deferred, tuple(ignored))


def read_game(path: str | Path) -> GameRecord:
    path = Path(path)
    return parse_game(read_text(path, NotationError, MAX_GAME_BYTES), str(path))
