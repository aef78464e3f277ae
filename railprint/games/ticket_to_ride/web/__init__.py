"""Ticket to Ride's page for ``railprint serve`` (the handlers of :class:`railprint.registry.WebPage`).

A room's parts: ``"setup"`` (``players``, ``map``: a map id — Nordic, Italy or a map of the
``--content`` folders) and ``"player:<name>"`` = ``{"routes": [route ids], "tickets": [ticket
ids], "stations": [{"city": city id, "route": borrowed route id or null}]}`` (``stations`` only
on a map with stations; a null route lets the scorer choose, as in the game file). The file is
the game file ``railprint score ticket-to-ride`` reads (``format_game``), routes written as a
person would (with a ``[colour]`` selector only on parallels). The map is drawn from the
printed board's own layout (``board.board_geometry``, cached on disk).

One route, one owner (:func:`check_with_room`, run by the store under its lock): a claim of a
route another player holds, of a double route's other half beyond the map's player-count rule,
or a station in a city that holds another player's station is refused naming the holder.
"""

from __future__ import annotations

import math
import re
import time
from functools import lru_cache
from typing import Any

from railprint.errors import RELOAD_PL, RailprintError, suggestion
from railprint.games.ticket_to_ride.model import colour_word
from railprint.games.ticket_to_ride.maps import BUILTIN, load_map
from railprint.games.ticket_to_ride.notation import format_game, parse_game

FILE = "game.yaml"
_MAP_ID = re.compile(r"^[a-z0-9][a-z0-9_.-]{0,63}$")


def _map_ids() -> list[str]:
    """The built-in maps and the maps of the user's content folders, by id."""
    from railprint.games.ticket_to_ride.maps import _map_files, load_map_file
    from railprint.loading.resources import content_layers

    ids = list(BUILTIN)
    for folder in content_layers()[1:]:
        for path in _map_files(folder, True):
            try:
                ident = load_map_file(path).id
            except RailprintError:
                continue
            if ident not in ids:
                ids.append(ident)
    return ids


def setup_fields() -> list[dict]:
    ids = _map_ids()
    names, players = {}, {}
    for ident in ids:   # the maps' own titles on the start form (it showed the ids: nordic, italy)
        try:
            m = load_map(ident, error=RailprintError)
        except RailprintError:
            continue
        names[ident] = {"en": m.title("en"), "pl": m.title("pl")}
        # and how many play on it: the form's player fields follow the map (it offered 1 to 8,
        # and Nordic's 2-3 was said only by the server's refusal)
        players[ident] = [m.players_min, max(m.players_max, 1)]
    return [{"key": "map", "label": {"en": "Map", "pl": "Mapa"}, "choices": ids, "names": names, "players": players}]


def _map(parts: dict[str, Any]):
    """The room's map, looked up (a search of the content folders and a ``stat`` of its file)
    at most once a second a map id: a change asks for it five times (check, files, picture…)."""
    name = parts["setup"]["map"]
    if not isinstance(name, str):
        return load_map(name, error=RailprintError)
    from railprint.loading.resources import content_layers

    key, now = (name, tuple(content_layers())), time.monotonic()
    known = _MAPS.get(key)
    if known is not None and now - known[0] < 1.0:
        return known[1]
    m = load_map(name, error=RailprintError)
    if len(_MAPS) >= 64:
        _MAPS.clear()
    _MAPS[key] = (now, m)
    return m


_MAPS: dict[tuple, tuple[float, Any]] = {}   # (map id, content folders) -> (when looked up, the map)


def _key(player: str) -> str:
    return f"player:{player}"


def new_room(players: list[str], setup: dict) -> dict[str, Any]:
    unknown = sorted(set(setup) - {"map"})
    if unknown:
        raise RailprintError(f"setup: unknown choice {unknown[0]!r}", hint=suggestion(unknown[0], ["map"]),
                             pl=f"ustawienia: nie ma wyboru {unknown[0]!r} (jest: mapa)")
    name = setup.get("map", "nordic")
    if not isinstance(name, str) or not _MAP_ID.match(name.strip().lower()):
        raise RailprintError("setup.map: a map id such as nordic or italy", hint="maps: " + ", ".join(_map_ids()),
                             pl=f"mapa: wybierz mapę z listy ({', '.join(_map_ids())})")
    m = load_map(name.strip().lower(), error=RailprintError)
    if not m.players_min <= len(players) <= max(m.players_max, 1):
        raise RailprintError(f"{m.title()} is played by {m.players_min}-{m.players_max} players, not {len(players)}",
                             pl=f"{m.title()}: gra od {m.players_min} do {m.players_max} graczy, nie {len(players)}")
    parts: dict[str, Any] = {"setup": {"players": players, "map": m.id}}
    for player in players:
        parts[_key(player)] = {"routes": [], "tickets": []}
    format_game(m.id, [(p, [], []) for p in players], m)
    for player in players:
        if "\n" in player or player != player.strip():
            raise RailprintError(f"player name {player!r} cannot be written in a game file",
                                 pl=f"imienia {player!r} nie da się zapisać w pliku gry")
    return parts


def check_change(parts: dict[str, Any], updates: dict[str, Any]) -> dict[str, Any]:
    m = _map(parts)
    checked = {}
    for key, value in updates.items():
        if not isinstance(value, dict) or not {"routes", "tickets"} <= set(value) <= {"routes", "tickets", "stations"}:
            raise RailprintError(f"{key}: expected {{\"routes\": [route ids], \"tickets\": [ticket ids]"
                                 + (", \"stations\": [{\"city\": id, \"route\": id or null}]" if m.stations else "")
                                 + "}",
                                 pl=RELOAD_PL)
        routes, tickets = value["routes"], value["tickets"]
        for what, ids, known in (("route", routes, m.route), ("ticket", tickets, m.ticket)):
            if not isinstance(ids, list) or len(ids) > 500:
                raise RailprintError(f"{key}: {what}s: a list of {what} ids",
                                     pl=RELOAD_PL)
            for ident in ids:
                if not isinstance(ident, str) or ident not in known:
                    raise RailprintError(f"unknown {what} {str(ident)[:40]!r} on {m.title()}",
                                         hint=suggestion(str(ident), list(known)),
                                         pl=f"{m.title()}: nie ma {'połączenia' if what == 'route' else 'biletu'} {str(ident)[:40]!r}; odśwież stronę")
            if len(set(ids)) != len(ids):
                raise RailprintError(f"{key}: a {what} listed twice",
                                     pl=RELOAD_PL)
        checked[key] = {"routes": list(routes), "tickets": list(tickets)}
        stations = _checked_stations(m, key, value.get("stations", []))
        if stations:
            checked[key]["stations"] = stations
    return checked


def _checked_stations(m, key: str, value: Any) -> list[dict]:
    """A player's stations: cities of the map, each once, at most the map's number, each
    borrowing a route into or out of its city or none (the scorer chooses)."""
    if not value:
        return []
    if m.stations is None:
        raise RailprintError(f"{key}: the {m.title()} map has no train stations",
                             pl=f"{key.removeprefix('player:')}: mapa {m.title()} nie ma stacji kolejowych")
    if not isinstance(value, list) or not all(isinstance(v, dict) and set(v) <= {"city", "route"} for v in value):
        raise RailprintError(f"{key}: stations: a list of {{\"city\": city id, \"route\": route id or null}}",
                             pl=RELOAD_PL)
    if len(value) > m.stations.per_player:
        raise RailprintError(f"{key}: {len(value)} stations; each player has only {m.stations.per_player}",
                             pl=f"{key.removeprefix('player:')}: stacje: {len(value)}; każdy gracz ma tylko "
                                f"{m.stations.per_player}")
    out, seen = [], set()
    for item in value:
        city, route = item.get("city"), item.get("route")
        if not isinstance(city, str) or city not in m.city:
            raise RailprintError(f"{key}: a station stands in a city of {m.title()}, not {str(city)[:40]!r}",
                                 hint=suggestion(str(city), list(m.city)),
                                 pl=f"{key.removeprefix('player:')}: stacja stoi w mieście mapy {m.title()}, nie w {str(city)[:40]!r}")
        if city in seen:
            raise RailprintError(f"{key}: two stations in {m.place_name(city)}",
                                 pl=f"{key.removeprefix('player:')}: dwie stacje w {m.place_name(city)}")
        seen.add(city)
        if route is not None and (not isinstance(route, str) or route not in m.routes_at_city[city]):
            raise RailprintError(f"{key}: the station in {m.place_name(city)} borrows a route into or out of "
                                 f"{m.place_name(city)}, not {str(route)[:40]!r}",
                                 hint="routes there: " + ", ".join(m.routes_at_city[city]),
                                 pl=f"{key.removeprefix('player:')}: stacja w {m.place_name(city)} pożycza połączenie do lub z {m.place_name(city)}, nie {str(route)[:40]!r}")
        out.append({"city": city, "route": route})
    return out


def route_name(m, rid: str, lang: str = "en") -> str:
    """``Oslo – Örebro · 2 · green``; the halves of a double route of one colour told apart
    (``… · gray (2nd)``): the page's chooser and the server's refusals name routes alike.
    ``lang="pl"``: the colour's Polish name and ordinal (``… · szary (2.)``)."""
    r = m.route[rid]
    group = m.parallel_groups[r.pair]
    same = [g for g in group if m.route[g].colour == r.colour]
    i = same.index(rid)
    nth = "" if len(same) < 2 else f" ({i + 1}.)" if lang == "pl" else \
        f" ({_ORDINALS[i] if i < len(_ORDINALS) else i + 1})"
    colour = colour_word(r.colour, lang)
    return f"{m.place_name(r.a)} – {m.place_name(r.b)} · {r.length} · {colour}{nth}"


_ORDINALS = ("1st", "2nd", "3rd")


def check_with_room(parts: dict[str, Any], updates: dict[str, Any]) -> None:
    """One route, one owner, checked against the room as it is now (the store calls this under
    its lock, so two phones' claims made on one version are decided one after the other): a
    route or station a change *adds* may not be another player's, nor break the map's rule for
    double routes (how many halves this player count may claim; one half per player). What a
    player already held stays theirs to keep or give back."""
    m = _map(parts)
    players = parts["setup"]["players"]
    after = {p: updates.get(_key(p), parts[_key(p)]) for p in players}
    holders: dict[str, list[str]] = {}
    city_holders: dict[str, list[str]] = {}
    for p in players:
        for rid in after[p]["routes"]:
            holders.setdefault(rid, []).append(p)
        for st in after[p].get("stations", []):
            city_holders.setdefault(st["city"], []).append(p)
    limit = m.parallel.limit(len(players))
    for p in players:
        if _key(p) not in updates:
            continue
        before = parts[_key(p)]
        for rid in [r for r in after[p]["routes"] if r not in before["routes"]]:
            others = [o for o in holders[rid] if o != p]
            if others:
                raise RailprintError(f"{route_name(m, rid)} is already claimed by {' and '.join(others)}",
                                     pl=f"{route_name(m, rid, 'pl')}: to połączenie zajmuje już {' i '.join(others)}")
            group = m.parallel_groups[m.route[rid].pair]
            if len(group) < 2:
                continue
            mine = [g for g in group if g != rid and p in holders.get(g, ())]
            if mine and m.parallel.one_per_player:
                raise RailprintError(f"{p} already holds {route_name(m, mine[0])}; one player may claim only one "
                                     f"route of a double route",
                                     pl=f"{p} ma już {route_name(m, mine[0], 'pl')}; gracz może zająć tylko jedno "
                                        f"z połączeń podwójnych")
            held = [g for g in group if holders.get(g)]
            if limit is not None and len(held) > limit:
                who = ", ".join(f"{' and '.join(holders[g])} ({route_name(m, g)})" for g in held if g != rid)
                kto = ", ".join(f"{' i '.join(holders[g])} ({route_name(m, g, 'pl')})" for g in held if g != rid)
                between = f"{m.place_name(m.route[rid].a)} – {m.place_name(m.route[rid].b)}"
                raise RailprintError(f"with {len(players)} players only {limit} route(s) of the double route "
                                     f"{between} may be claimed: held by {who}",
                                     pl=f"przy {len(players)} graczach z połączenia podwójnego {between} można "
                                        f"zająć tylko jedno (zajęte: {kto})" if limit == 1 else
                                     f"przy {len(players)} graczach z połączenia podwójnego {between} można "
                                     f"zająć najwyżej {limit} (zajęte: {kto})")
        had = {st["city"] for st in before.get("stations", [])}
        for st in after[p].get("stations", []):
            others = [o for o in city_holders[st["city"]] if o != p]
            if st["city"] not in had and others:
                raise RailprintError(f"{m.place_name(st['city'])} already holds {' and '.join(others)}'s station; "
                                     "a city takes one station",
                                     pl=f"w {m.place_name(st['city'])} stoi już stacja: {' i '.join(others)}; "
                                        "w mieście mieści się jedna stacja")


def files(parts: dict[str, Any]) -> list[tuple[str, str]]:
    m = _map(parts)
    players = [(p, parts[_key(p)]["routes"], parts[_key(p)]["tickets"],
                [(st["city"], st["route"]) for st in parts[_key(p)].get("stations", [])])
               for p in parts["setup"]["players"]]
    return [(FILE, format_game(m.id, players, m))]


def score(parts: dict[str, Any], **options: Any):
    """The room scored in memory: ``railprint score ticket-to-ride`` on :func:`files`."""
    from railprint.games.ticket_to_ride import score_texts

    return score_texts(files(parts), **options)


_AT = re.compile(r":(\d+)(?::\d+)?$")
_ABOUT_PARALLELS = ("parallel routes", "route(s) of the")   # rules.py's messages on double routes


def violation_targets(parts: dict[str, Any], result: dict) -> list[dict]:
    """Where on the map each of the scorer's violations is (``result["violations"]``, in order):
    ``{"routes": [route ids], "cities": [city ids]}``, read from the line of the game file
    :func:`files` wrote that the violation names — a claim: its route (a double route's rule:
    every claimed half); a station: its city and the route it borrows; a kept ticket: its two
    cities; a player's own line (too many trains): every route they claimed. The page links each
    violation to these (it pans and zooms the map to them and highlights them)."""
    if not result.get("violations"):
        return []   # most versions: nothing to read
    m = _map(parts)
    text = files(parts)[0][1]
    from railprint.games.ticket_to_ride.rules import _allocate  # the scorer's reading of plain claims

    record = parse_game(text, FILE, map_paths=False)
    allocation = _allocate(record)
    claimed = {rid for routes in allocation for rid in routes}
    lines: dict[int, dict] = {}
    for entry, routes in zip(record.players, allocation):
        lines[entry.where.line] = {"routes": list(dict.fromkeys(routes)), "cities": []}
        for claim, rid in zip(entry.claims, routes):
            lines[claim.where.line] = {"routes": [rid], "cities": [], "pair": m.route[rid].pair}
        for kept in entry.tickets:
            t = m.ticket[kept.ticket]
            lines[kept.where.line] = {"routes": [], "cities": [m.place_of(t.a), m.place_of(t.b)]}
        for st in entry.stations:
            target = {"routes": [r for r in st.borrows[:1]], "cities": [st.city]}
            lines[st.where.line] = target
            if st.borrows_where is not None:
                lines[st.borrows_where.line] = target
    out = []
    for v in result.get("violations", []):
        at = _AT.search(v.get("where") or "")
        found = dict(lines.get(int(at.group(1)), {"routes": [], "cities": []})) if at else {"routes": [], "cities": []}
        pair = found.pop("pair", None)
        if pair is not None and any(s in v.get("message", "") for s in _ABOUT_PARALLELS):
            found["routes"] = [r for r in m.parallel_groups[pair] if r in claimed]
        out.append(found)
    return out


def play_title(parts: dict[str, Any]) -> str:
    """The map's own title (``Ticket to Ride: Nordic Countries``), the game BG Stats logs."""
    return _map(parts).title("en")


def read_file(parts: dict[str, Any], name: str, text: str) -> dict[str, Any]:
    record = parse_game(text, name, map_paths=False)
    if record.map.id != parts["setup"]["map"]:
        raise RailprintError(f"{name}: this room plays {parts['setup']['map']}, the file {record.map.id}",
                             pl=f"{name}: ta gra toczy się na mapie {parts['setup']['map']}, a plik na {record.map.id}")
    from railprint.games.ticket_to_ride.rules import _allocate  # the scorer's reading of plain claims

    players = {p.casefold(): p for p in parts["setup"]["players"]}
    allocation = _allocate(record)
    updates = {}
    for entry, routes in zip(record.players, allocation):
        player = players.get(entry.name.casefold())
        if player is None:
            raise RailprintError(f"{entry.where}: player {entry.name!r} is not in this room",
                                 hint=suggestion(entry.name, list(players.values())),
                                 pl=f"{entry.where}: w tej grze nie ma gracza {entry.name!r} "
                                    f"(gracze: {', '.join(players.values())})")
        if _key(player) in updates:
            raise RailprintError(f"{entry.where}: the player {entry.name!r} is listed twice",
                                 pl=f"{entry.where}: gracz {entry.name!r} jest w pliku dwa razy")
        updates[_key(player)] = {"routes": list(dict.fromkeys(routes)),
                                 "tickets": list(dict.fromkeys(t.ticket for t in entry.tickets))}
        # the file's stations kept: a borrowed route given as a pair over parallels is the
        # half another player holds (as the scorer reads it), else the first
        held_by_others = {r for other, rs in zip(record.players, allocation) if other is not entry for r in rs}
        stations = [{"city": st.city,
                     "route": next((r for r in st.borrows if r in held_by_others), st.borrows[0]) if st.borrows else None}
                    for st in entry.stations]
        if stations:
            updates[_key(player)]["stations"] = stations
    return updates


# --- the map, drawn from the printed board's layout ----------------------------------------

def _axis(car) -> tuple[tuple[float, float], tuple[float, float]]:
    """The two ends of a car space's long axis (the route's tap line runs through them)."""
    dx = math.cos(math.radians(car.angle)) * car.length / 2
    dy = math.sin(math.radians(car.angle)) * car.length / 2
    return (car.x - dx, car.y - dy), (car.x + dx, car.y + dy)


@lru_cache(maxsize=8)
def _drawing(m) -> dict:
    from railprint.games.ticket_to_ride.board import board_geometry
    from railprint.games.ticket_to_ride.route_layout import car_polygon

    geo = board_geometry(m)
    r1 = lambda v: round(v, 1)  # noqa: E731 - a tenth of a point is plenty on a phone
    colours = {c.id: c.hex for c in m.colours}
    routes = []
    for route in m.routes:
        routes.append({
            "id": route.id, "a": m.place_of(route.a), "b": m.place_of(route.b), "length": route.length,
            "name": route_name(m, route.id), "names": {"pl": route_name(m, route.id, "pl")},
            "colour": route.colour, "hex": colours.get(route.colour, "#9e9e9e"),
            "parallels": list(m.parallels_of(route.id)), "tunnel": route.tunnel,
            "ferry": route.locomotives + route.waves,
            "cars": [[[r1(x), r1(y)] for x, y in car_polygon(car)] for car in geo.cars.get(route.id, ())],
            "path": [[r1(x), r1(y)] for car in geo.cars.get(route.id, ()) for x, y in _axis(car)],
        })
    places = [{"id": c.id, "name": c.name, "city": True, "at": [r1(v) for v in geo.nodes[c.id]],
               "label": ({"x": r1(geo.labels[c.id].x), "y": r1(geo.labels[c.id].y), "size": r1(geo.labels[c.id].size)}
                         if c.id in geo.labels else None)} for c in m.cities]
    for area in m.areas:
        label = geo.area_labels.get(area.id)
        places.append({"id": area.id, "name": area.name,
                       "at": [r1(v) for v in geo.nodes[area.endpoints[0].id]],
                       "label": {"x": r1(label.x), "y": r1(label.y), "size": r1(label.size)} if label else None})
    widths = [car.width for cars in geo.cars.values() for car in cars]
    return {"width": r1(geo.width), "height": r1(geo.height), "car_width": r1(min(widths, default=geo.city_radius)),
            "trains": m.trains_per_player,
            "frame": [r1(geo.inner.x), r1(geo.inner.y), r1(geo.inner.w), r1(geo.inner.h)],
            "routes": routes, "places": places,
            "stations": {"per_player": m.stations.per_player, "points_unused": m.stations.points_unused}
            if m.stations else None,
            "tickets": [{"id": t.id, "a": t.a, "b": t.b, "points": t.points, "places": [m.place_of(t.a), m.place_of(t.b)],
                         "name": f"{m.place_name(t.a)} - {m.place_name(t.b)}"} for t in m.tickets],
            "title": {lang: m.title(lang) for lang in ("en", "pl")}}


def drawing(parts: dict[str, Any], payload: Any) -> dict:
    """The map for the page: cities, each route's car spaces as the printed board places them."""
    return _drawing(_map(parts))


def warm() -> None:
    """Lay the built-in boards out once (seconds, then cached on disk) before a player asks."""
    for ident in BUILTIN:
        _drawing(load_map(ident, error=RailprintError))


ACTIONS = {"map": drawing}
