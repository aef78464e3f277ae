"""The Ticket to Ride end-of-game file (format v1): read it into a :class:`GameRecord`, write it back.

A game file names a map and, per player, the routes claimed (``City - City``, optionally
``[colour]`` or ``[length]`` to pick one of parallel routes) and the tickets kept. Every name is
matched ignoring case, accents and punctuation, and through the map's aliases. Anything that
cannot be read raises :class:`~railprint.errors.NotationError` at ``file:line:col`` (the column
of the offending name inside the entry) with the closest names suggested.

Rule violations (two parallels, too many trains, ...) are not checked here: see ``rules.py``.
"""

from __future__ import annotations

import re
from railprint.records import Record
from pathlib import Path
from typing import Any

from railprint.errors import Location, NotationError, you_meant
from railprint.loading import yamlio
from railprint.games.ticket_to_ride.model import Route, TTRMap, name_key

from .maps import load_map
from railprint.errors import close_matches as closest, suggestion as suggest
from railprint.loading.text import MAX_YAML_BYTES, read_text

GAME_KEYS = ("map", "players", "title", "date", "notes")
PLAYER_KEYS = ("name", "routes", "tickets", "colour", "stations")

PLAYER_COLOURS = {
    "red": "#d62828", "blue": "#1d4ed8", "green": "#15803d", "yellow": "#eab308", "black": "#111111",
    "white": "#9ca3af", "orange": "#ea580c", "purple": "#7e22ce", "pink": "#db2777",
    "czerwony": "#d62828", "niebieski": "#1d4ed8", "zielony": "#15803d", "zolty": "#eab308",
    "czarny": "#111111",
}

_SELECTOR = re.compile(r"\s*\[([^\[\]]*)\]\s*$")
_TICKET_POINTS = re.compile(r"\s*(?:\((\d+)\)|:\s*(\d+)|\s(\d+))\s*$")
_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")
_DASHES = "-–—"
_FERRY_WORDS = {"ferry", "prom", "ferries"}
_TUNNEL_WORDS = {"tunnel", "tunel"}


class Claim(Record):
    """One ``routes:`` entry. ``options`` are the route ids it may mean: one, or several
    parallels that are identical for scoring (the scorer then gives it a free one)."""

    text: str
    where: Location
    a: str
    b: str
    options: tuple[str, ...]
    selector: str | None = None


class KeptTicket(Record):
    """One ``tickets:`` entry: the ticket it names, as written and where."""

    text: str
    where: Location
    ticket: str


class StationEntry(Record):
    """One ``stations:`` entry: a train station in ``city``, optionally with the route it
    borrows (``Wien: Budapest - Wien``; ``borrows`` = the route ids it may mean, parallels
    identical for scoring all listed). Without one the scorer chooses."""

    text: str
    where: Location
    city: str
    borrows: tuple[str, ...] = ()
    borrows_text: str = ""
    borrows_where: Location | None = None


class PlayerEntry(Record):
    """One player of a game file: name, claimed routes, kept tickets, stations."""

    name: str
    where: Location
    claims: tuple[Claim, ...] = ()
    tickets: tuple[KeptTicket, ...] = ()
    colour: str | None = None        # "#rrggbb" for pictures, when the file gives one
    stations: tuple[StationEntry, ...] = ()


class GameRecord(Record):
    """A game file read: its map and its players, every entry with its location."""

    file: str
    map: TTRMap
    map_name: str
    players: tuple[PlayerEntry, ...]
    where: Location
    title: str = ""


class _Reader:
    def __init__(self, text: str, filename: str):
        self.filename = filename
        self.lines = text.splitlines()

    def inner(self, item: Any, offset: int, fallback: Location | None = None) -> Location:
        """Location of character ``offset`` inside a scalar string ``item``."""
        where = getattr(item, "location", None) or fallback or Location(self.filename)
        if where.line is None or where.col is None:
            return where
        line = self.lines[where.line - 1] if 0 < where.line <= len(self.lines) else ""
        col = where.col
        if col - 1 < len(line) and line[col - 1] in "'\"":
            col += 1
        if col - 1 + offset > len(line):
            return where
        return Location(where.file, where.line, col + offset)


def _check_keys(node: Any, allowed: tuple[str, ...], what: str, what_pl: str) -> None:
    for key in node:
        if key not in allowed:
            raise NotationError(f"unknown key {key!r} in {what}", node.key_loc(key),
                                hint=suggest(str(key), allowed),
                                pl=f"nieznany klucz {key!r} {what_pl} ({suggest(str(key), allowed, 'pl')})")


def _place(m: TTRMap, text: str, where: Location) -> str:
    place = m.place_keys.get(name_key(text))
    if place is None:
        names = [p.name for p in (*m.cities, *m.areas)]
        aliases = {a: p.name for p in (*m.cities, *m.areas) for a in p.aliases}
        found = closest(text, [*names, *aliases])
        printed = list(dict.fromkeys(aliases.get(f, f) for f in found))
        hint = you_meant(printed) or (f"the {m.title()} map has {len(m.cities)} cities" + (
                f" and the areas {', '.join(a.name for a in m.areas)}" if m.areas else ""))
        hint_pl = you_meant(printed, "pl") or (f"mapa {m.title()} ma {len(m.cities)} miast" + (
                f" i obszary {', '.join(a.name for a in m.areas)}" if m.areas else ""))
        raise NotationError(f"unknown city or area {text.strip()!r}", where, hint=hint,
                            pl=f"nieznane miasto lub obszar {text.strip()!r} ({hint_pl})")
    return place


def _split_pair(m: TTRMap, body: str, item: Any, reader: _Reader,
                fallback: Location) -> tuple[str, str]:
    """``"Oslo - Stockholm"`` -> two place ids (a dash inside a name is handled)."""
    dashes = [i for i, ch in enumerate(body) if ch in _DASHES]
    if not dashes:
        raise NotationError(f"expected 'City - City', got {body.strip()!r}", reader.inner(item, 0, fallback),
                            hint="separate the two names with ' - '",
                            pl=f"tu ma być 'Miasto - Miasto', a jest {body.strip()!r} (rozdziel nazwy znakiem ' - ')")
    spaced = [i for i in dashes if 0 < i < len(body) - 1 and body[i - 1].isspace() and body[i + 1].isspace()]
    order = spaced + [i for i in dashes if i not in spaced]
    for i in order:
        left, right = body[:i].strip(), body[i + 1:].strip()
        if left and right and name_key(left) in m.place_keys and name_key(right) in m.place_keys:
            return m.place_keys[name_key(left)], m.place_keys[name_key(right)]
    for i in order:
        left, right = body[:i], body[i + 1:]
        if left.strip() and right.strip():
            lpos = len(left) - len(left.lstrip())
            rpos = i + 1 + len(right) - len(right.lstrip())
            a = _place(m, left.strip(), reader.inner(item, lpos, fallback))
            b = _place(m, right.strip(), reader.inner(item, rpos, fallback))
            return a, b
    raise NotationError(f"expected 'City - City', got {body.strip()!r}", reader.inner(item, 0, fallback),
                        hint="write a name on each side of the ' - '",
                        pl=f"tu ma być 'Miasto - Miasto', a jest {body.strip()!r} (po obu stronach ' - ' "
                           "wpisz nazwę)")


def describe(m: TTRMap, route: Route) -> str:
    bits = [f"{route.length}", route.colour]
    if route.locomotives:
        bits.append(f"ferry x{route.locomotives}")
    elif route.waves:
        bits.append(f"ferry, {route.waves} wave{'s' if route.waves > 1 else ''}")
    if route.tunnel:
        bits.append("tunnel")
    return ", ".join(bits)


def _choices(m: TTRMap, routes: tuple[Route, ...]) -> str:
    return "; ".join(f"[{r.colour}] = {describe(m, r)}" for r in routes)


def _select(m: TTRMap, routes: tuple[Route, ...], selector: str) -> tuple[Route, ...] | None:
    key = name_key(selector)
    if key.isdigit():
        return tuple(r for r in routes if r.length == int(key))
    if key in m.colour_keys:
        colour = m.colour_keys[key]
        return tuple(r for r in routes if r.colour == colour)
    if key in _FERRY_WORDS:
        return tuple(r for r in routes if r.ferry)
    if key in _TUNNEL_WORDS:
        return tuple(r for r in routes if r.tunnel)
    by_id = tuple(r for r in routes if name_key(r.id) == key)
    return by_id or None


def _claim(m: TTRMap, item: Any, reader: _Reader, fallback: Location, *, any_parallel: bool = False) -> Claim:
    """One route entry. ``any_parallel``: parallels that differ for scoring need no selector
    (a borrowed route counts for tickets only: any of them will do)."""
    if not isinstance(item, str):
        raise NotationError("a route is written 'City - City' (optionally '[colour]' or '[length]')",
                            getattr(item, "location", fallback),
                            pl="połączenie zapisuje się 'Miasto - Miasto' (ewentualnie z '[kolor]' lub '[długość]')")
    text = str(item)
    where = reader.inner(item, 0, fallback)
    key = ("route", m, text, any_parallel)
    known = _READ.get(key)
    if known is not None:
        return Claim(known[0], where, *known[1:])
    selector = None
    body = text
    sel = _SELECTOR.search(text)
    if sel:
        selector = sel.group(1).strip()
        body = text[:sel.start()]
    a, b = _split_pair(m, body, item, reader, fallback)
    if a == b:
        raise NotationError(f"a route joins two different places, got {text.strip()!r}", where,
                            pl=f"połączenie łączy dwa różne miejsca, a jest {text.strip()!r}")
    routes = m.routes_between_places(a, b)
    pair = f"{m.place_name(a)} - {m.place_name(b)}"
    if not routes:
        near = sorted({m.place_name(r.b if m.place_of(r.a) == a else r.a) for r in m.routes_at_place(a)})
        raise NotationError(f"no route {pair} on the {m.title()} map", where,
                            hint=f"{m.place_name(a)} has routes to: {', '.join(near)}" if near else None,
                            pl=f"na mapie {m.title()} nie ma połączenia {pair}"
                               + (f" ({m.place_name(a)} ma połączenia do: {', '.join(near)})" if near else ""))
    if selector is not None:
        sel_where = reader.inner(item, sel.start(1), fallback)
        chosen = _select(m, routes, selector)
        if chosen is None:
            raise NotationError(f"unknown route choice [{selector}] for {pair}", sel_where,
                                hint=f"write a colour or a length: {_choices(m, routes)}",
                                pl=f"nieznany wybór [{selector}] dla {pair} (wpisz kolor lub długość: "
                                   f"{_choices(m, routes)})")
        if not chosen:
            raise NotationError(f"{pair} has no route [{selector}]", sel_where,
                                hint=f"choices: {_choices(m, routes)}",
                                pl=f"{pair} nie ma połączenia [{selector}] (do wyboru: {_choices(m, routes)})")
        routes = chosen
    if len({r.scoring_kind() for r in routes}) > 1 and not any_parallel:
        raise NotationError(f"{pair} has {len(routes)} different routes: say which one", where,
                            hint=f"add [colour] or [length]: {_choices(m, routes)}",
                            pl=f"{pair} ma {len(routes)} różne połączenia: napisz które (dopisz [kolor] lub "
                               f"[długość]: {_choices(m, routes)})")
    claim = Claim(text.strip(), where, a, b, tuple(r.id for r in routes), selector)
    _remember(key, (claim.text, a, b, claim.options, selector))
    return claim


_READ: dict[tuple, tuple] = {}
"""A route or ticket entry's reading on a map, by its text: ``(map, text, any_parallel)`` ->
the claim's fields but its location; ``(map, text, points given)`` -> the ticket's text and id
(each key led by ``"route"`` or ``"ticket"``).
Only entries read without error are kept, and what they read to depends on their text alone
(where they stand only places the location, worked out anew for every entry): ``railprint
serve`` reads a room's whole game file at every change, and all but the changed player's
entries are the same as the version before."""
_READ_MAX = 8192


def _remember(key: tuple, value: tuple) -> None:
    if len(_READ) >= _READ_MAX:
        _READ.clear()
    _READ[key] = value


def _ticket(m: TTRMap, item: Any, reader: _Reader, fallback: Location) -> KeptTicket:
    given: int | None = None
    if isinstance(item, dict) and len(item) == 1:
        # "- Oslo - Stockholm: 4" reads as a one-entry mapping: the ticket and its value
        (key, value), = item.items()
        if isinstance(key, str) and isinstance(value, int) and not isinstance(value, bool):
            item, given = key, value
    if not isinstance(item, str):
        raise NotationError("a ticket is written 'City - City'", getattr(item, "location", fallback),
                            pl="bilet zapisuje się 'Miasto - Miasto'")
    text = str(item)
    where = reader.inner(item, 0, fallback)
    key = ("ticket", m, text, given)
    known = _READ.get(key)
    if known is not None:
        return KeptTicket(known[0], where, known[1])
    body, points = text, given
    pm = _TICKET_POINTS.search(text)
    if given is None and pm and any(pm.groups()):
        points = int(next(g for g in pm.groups() if g))
        body = text[:pm.start()]
    a, b = _split_pair(m, body, item, reader, fallback)
    found = list(m.tickets_between.get(frozenset((a, b)), ()))
    pair = f"{m.place_name(a)} - {m.place_name(b)}"
    if points is not None and len(found) > 1:
        found = [t for t in found if t.points == points] or found
    if not found:
        near = [f"{m.place_name(t.a)} - {m.place_name(t.b)} ({t.points})"
                for t in m.tickets_at.get(a, ())]
        raise NotationError(f"no ticket {pair} on the {m.title()} map", where,
                            hint=("tickets with " + m.place_name(a) + ": " + ", ".join(near)) if near else None,
                            pl=f"na mapie {m.title()} nie ma biletu {pair}"
                               + (f" (bilety z {m.place_name(a)}: {', '.join(near)})" if near else ""))
    ticket = found[0]
    if points is not None and points != ticket.points:
        raise NotationError(f"the ticket {pair} is worth {ticket.points}, not {points}",
                            reader.inner(item, pm.start(), fallback) if given is None and pm else where,
                            pl=f"bilet {pair} jest wart {ticket.points}, nie {points}")
    _remember(key, (text.strip(), ticket.id))
    return KeptTicket(text.strip(), where, ticket.id)


_STATION_FORM = "a station is written 'City' or 'City: City - City' (the route it borrows)"
_STATION_FORM_PL = "dworzec zapisuje się 'Miasto' albo 'Miasto: Miasto - Miasto' (połączenie, które pożycza)"


def _station(m: TTRMap, item: Any, route_item: Any, reader: _Reader, fallback: Location) -> StationEntry:
    """A station in the city ``item``, borrowing ``route_item`` (``City - City``) or, when
    that is None, a route the scorer chooses."""
    if not isinstance(item, str) or not item.strip():
        raise NotationError(_STATION_FORM, getattr(item, "location", fallback), pl=_STATION_FORM_PL)
    where = reader.inner(item, 0, fallback)
    city = _place(m, str(item).strip(), where)
    if city not in m.city:
        raise NotationError(f"{m.place_name(city)} is an outside area: a station stands in a city", where,
                            pl=f"{m.place_name(city)} to obszar zewnętrzny: dworzec stoi w mieście")
    if route_item is None:
        return StationEntry(str(item).strip(), where, city)
    claim = _claim(m, route_item, reader, getattr(route_item, "location", where), any_parallel=True)
    if city not in (claim.a, claim.b):
        raise NotationError(f"the station in {m.place_name(city)} borrows a route into or out of "
                            f"{m.place_name(city)}, not {claim.text!r}", claim.where,
                            hint="routes there: " + ", ".join(
                                dict.fromkeys(m.route_label(r) for r in m.routes_at_city[city])),
                            pl=f"dworzec w mieście {m.place_name(city)} pożycza połączenie z tego miasta lub do niego, "
                               f"nie {claim.text!r} (połączenia tam: " + ", ".join(
                                dict.fromkeys(m.route_label(r) for r in m.routes_at_city[city])) + ")")
    return StationEntry(str(item).strip(), where, city, claim.options, claim.text, claim.where)


def _station_items(p: Any, where: Location, reader: _Reader) -> list[tuple[Any, Any, Location]]:
    """The ``stations:`` entries as (city, borrowed route or None, location): a list of names
    or one-entry mappings (``- Wien: Budapest - Wien``), or one mapping."""
    value = p.get("stations")
    if value is None:
        return []
    if isinstance(value, str):
        return [(value, None, p.loc("stations"))]
    if isinstance(value, dict):
        return [(key, borrowed, value.key_loc(key)) for key, borrowed in value.items()]
    if not isinstance(value, list):
        raise NotationError("stations: expected a list of cities", p.loc("stations"),
                            pl="stations: tu ma być lista miast")
    out = []
    for j, item in enumerate(value):
        loc = _item_loc(p, "stations", j, where)
        if isinstance(item, dict):
            if len(item) != 1:
                raise NotationError(_STATION_FORM, loc, pl=_STATION_FORM_PL)
            (city, borrowed), = item.items()
            out.append((city, borrowed, loc))
        elif isinstance(item, str) and ":" in item and item.split(":", 1)[1].strip():
            city, borrowed = item.split(":", 1)  # 'Wien: Budapest - Wien' quoted as one string
            out.append((_at_offset(reader, item, city, 0),
                        _at_offset(reader, item, borrowed.lstrip(), len(item) - len(borrowed.lstrip())), loc))
        else:
            out.append((item, None, loc))
    return out


def _at_offset(reader: _Reader, item: Any, part: str, offset: int) -> Any:
    """``part`` of the string ``item`` (at ``offset``), keeping a location when ``item`` has one."""
    from railprint.loading.yamlio import MarkedStr

    if getattr(item, "location", None) is None:
        return part
    out = MarkedStr(part)
    out.location = reader.inner(item, offset)
    return out


def _string_list(node: Any, key: str, where: Location) -> list[Any]:
    value = node.get(key)
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    if not isinstance(value, list):
        raise NotationError(f"{key}: expected a list", node.loc(key), pl=f"{key}: tu ma być lista")
    return value


def _colour(value: Any, where: Location) -> str | None:
    if value is None:
        return None
    text = str(value).strip()
    if _HEX.match(text):
        return text.lower()
    key = name_key(text)
    if key in PLAYER_COLOURS:
        return PLAYER_COLOURS[key]
    raise NotationError(f"unknown player colour {text!r}", where,
                        hint=suggest(text, [k for k in PLAYER_COLOURS]) + " or '#rrggbb'",
                        pl=f"nieznany kolor gracza {text!r} ({suggest(text, list(PLAYER_COLOURS), 'pl')} albo '#rrggbb')")


MAX_SHOWN = 200  # problems listed from one game file (the count says how many there are)
MAX_PLAYERS = 20  # more is no game: the rules' checks compare every pair of players
MAX_ENTRIES = 10_000  # routes and tickets in one file (a real game lists well under 200)


def parse_game(text: str, filename: str = "<input>", *, base: Path | None = None,
               map_paths: bool = True) -> GameRecord:
    """Read an end-of-game file's text. ``map_paths=False``: its ``map:`` must be an id or alias
    (a file sent to the server may not name the server's files)."""
    try:
        data = yamlio.loads(text, filename, error=NotationError)
    except NotationError as exc:
        if exc.hint is None and ("'['" in exc.message or "']'" in exc.message):
            raise NotationError(exc.message, exc.location,
                                hint="inside a [...] list, quote an entry that picks a parallel route: "
                                     "'Bergen - Oslo [red]'",
                                pl=(exc.pl or exc.message) + " (w liście [...] wpis wybierający jedno z "
                                   "równoległych połączeń weź w cudzysłów: 'Bergen - Oslo [red]')") from None
        raise
    top = Location(filename, 1, 1)
    if not isinstance(data, dict):
        raise NotationError("a game file is a YAML mapping with `map:` and `players:`", top,
                            pl="plik gry to mapa YAML z kluczami `map:` i `players:`")
    _check_keys(data, GAME_KEYS, "the game file", "w pliku gry")
    if "map" not in data:
        raise NotationError("missing `map:` (nordic, italy or the path of a map file)", top,
                            pl="brak `map:` (nordic, italy albo ścieżka pliku mapy)")
    if "players" not in data:
        raise NotationError("missing `players:` list", top, pl="brak listy `players:` (graczy)")
    map_name = data["map"]
    if not isinstance(map_name, str) or not map_name.strip():
        raise NotationError("map: expected a map name or path", data.loc("map"),
                            pl="map: tu ma być nazwa mapy lub ścieżka jej pliku")
    m = load_map(map_name.strip(), base=base, where=data.loc("map"), error=NotationError, paths=map_paths)
    reader = _Reader(text, filename)

    players_node = data["players"]
    if not isinstance(players_node, list) or not players_node:
        raise NotationError("players: expected a list of players", data.loc("players"),
                            pl="players: tu ma być lista graczy")
    if len(players_node) > MAX_PLAYERS:
        raise NotationError(f"{len(players_node)} players: a game file holds at most {MAX_PLAYERS} "
                            f"(the {m.title()} map is for {m.players_min}-{m.players_max})",
                            players_node.loc(MAX_PLAYERS),
                            pl=f"{len(players_node)} graczy: plik gry mieści najwyżej {MAX_PLAYERS} "
                               f"(mapa {m.title()} jest dla {m.players_min}-{m.players_max})")
    entries = sum(len(p.get(key)) for p in players_node if isinstance(p, dict)
                  for key in ("routes", "tickets", "stations") if isinstance(p.get(key), list))
    if entries > MAX_ENTRIES:
        raise NotationError(f"{entries} route and ticket entries: a game file holds at most {MAX_ENTRIES}",
                            data.loc("players"), hint="a player holds at most "
                            f"{m.trains_per_player} trains' worth of routes",
                            pl=f"{entries} wpisów połączeń i biletów: plik gry mieści najwyżej {MAX_ENTRIES} "
                               f"(gracz ma połączenia na najwyżej {m.trains_per_player} wagonów)")
    players = []
    problems: list[NotationError] = []

    def attempt(fn: Any, *args: Any) -> Any:
        """``fn(*args)``, or None with its error kept: every problem of the file is reported."""
        try:
            return fn(*args)
        except NotationError as exc:
            problems.append(exc)
            return None

    for i, p in enumerate(players_node):
        where = players_node.loc(i)
        if not isinstance(p, dict):
            problems.append(NotationError("a player is a mapping with name, routes and tickets", where,
                                          pl="gracz to mapa z name, routes i tickets"))
            continue
        attempt(_check_keys, p, PLAYER_KEYS, "a player", "u gracza")
        name = p.get("name")
        if isinstance(name, (int, float)) and not isinstance(name, bool):
            name = str(name)
        if not isinstance(name, str) or not name.strip():
            problems.append(NotationError("every player needs a `name:`", p.loc("name") if "name" in p else where,
                                          pl="każdy gracz potrzebuje `name:` (imienia)"))
            name = "?"
        routes = attempt(_string_list, p, "routes", where) or []
        tickets = attempt(_string_list, p, "tickets", where) or []
        claims = [attempt(_claim, m, item, reader, _item_loc(p, "routes", j, where)) for j, item in enumerate(routes)]
        kept = [attempt(_ticket, m, item, reader, _item_loc(p, "tickets", j, where)) for j, item in enumerate(tickets)]
        colour = attempt(_colour, p.get("colour"), p.loc("colour") if "colour" in p else where)
        stations = []
        if "stations" in p and m.stations is None:
            problems.append(NotationError(f"the {m.title()} map has no train stations", p.key_loc("stations"),
                                          hint="a map gives them with scoring.stations: {per_player: 3, "
                                               "points_unused: 4}",
                                          pl=f"mapa {m.title()} nie ma dworców (mapa daje je przez "
                                             "scoring.stations: {per_player: 3, points_unused: 4})"))
        elif "stations" in p:
            stations = [attempt(_station, m, city, borrowed, reader, loc)
                        for city, borrowed, loc in (attempt(_station_items, p, where, reader) or [])]
        players.append(PlayerEntry(name.strip(), where, tuple(c for c in claims if c is not None),
                                   tuple(k for k in kept if k is not None), colour,
                                   tuple(s for s in stations if s is not None)))
    if len(problems) == 1:
        raise problems[0]
    if problems:
        shown = [f"  {p}" for p in problems[:MAX_SHOWN]]
        if len(problems) > MAX_SHOWN:
            shown.append(f"  … and {len(problems) - MAX_SHOWN} more")
        error = NotationError(f"{len(problems)} problems in {filename}:\n" + "\n".join(shown))
        error.problems, error.title = problems, filename   # (each said in Polish too: errors.said_in)
        raise error
    title = data.get("title")
    return GameRecord(filename, m, map_name.strip(), tuple(players), top,
                      str(title) if title is not None else "")


def _item_loc(node: Any, key: str, index: int, fallback: Location) -> Location:
    value = node.get(key)
    if isinstance(value, list) and hasattr(value, "loc"):
        return value.loc(index)
    return node.loc(key) if hasattr(node, "loc") else fallback


def read_game(path: str | Path) -> GameRecord:
    """Read an end-of-game file (UTF-8)."""
    path = Path(path)
    text = read_text(path, NotationError, MAX_YAML_BYTES)
    return parse_game(text, str(path), base=path.parent)


# ---- writing ------------------------------------------------------------------------------
def _quote(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def route_entry(m: TTRMap, route_id: str) -> str:
    """How a person would write this route in a game file (with a selector only if needed);
    worked out once a route (``railprint serve`` writes a room's game file at every change)."""
    key = (m, route_id)
    entry = _ENTRIES.get(key)
    if entry is None:
        if len(_ENTRIES) >= _READ_MAX:
            _ENTRIES.clear()
        entry = _ENTRIES[key] = _route_entry(m, route_id)
    return entry


_ENTRIES: dict[tuple, str] = {}


def _route_entry(m: TTRMap, route_id: str) -> str:
    r = m.route[route_id]
    text = f"{m.place_name(r.a)} - {m.place_name(r.b)}"
    group = m.routes_between_places(m.place_of(r.a), m.place_of(r.b))
    if len(group) == 1:
        return text
    if sum(g.colour == r.colour for g in group) == 1:
        return text + f" [{r.colour}]"
    if all(g.scoring_kind() == r.scoring_kind() for g in group):
        return text
    if sum(g.length == r.length for g in group) == 1:
        return text + f" [{r.length}]"
    return text + f" [{r.id}]"


def format_game(map_name: str, players: list[tuple], m: TTRMap) -> str:
    """A game file for ``players`` = [(name, route ids, ticket ids)], each optionally with a
    fourth item: the stations, ``[(city id, borrowed route id or None)]``."""
    lines = [f"map: {_quote(map_name)}", "players:"]
    for name, routes, tickets, *rest in players:
        lines.append(f"  - name: {_quote(name)}")
        lines.append("    routes:" + ("" if routes else " []"))
        lines += [f"      - {_quote(route_entry(m, r))}" for r in routes]
        lines.append("    tickets:" + ("" if tickets else " []"))
        for t in tickets:
            tk = m.ticket[t]
            lines.append(f"      - {_quote(m.place_name(tk.a) + ' - ' + m.place_name(tk.b))}")
        stations = rest[0] if rest else []
        if stations:
            lines.append("    stations:")
            for city, route in stations:
                if route is None:
                    lines.append(f"      - {_quote(m.place_name(city))}")
                else:
                    lines.append(f"      - {_quote(m.place_name(city))}: {_quote(route_entry(m, route))}")
    return "\n".join(lines) + "\n"
