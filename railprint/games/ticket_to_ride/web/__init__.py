"""Ticket to Ride's page for ``railprint serve`` (the handlers of :class:`railprint.registry.WebPage`).

A room's parts: ``"setup"`` (``players``, ``map``: a map id — Nordic, Italy or a map of the
``--content`` folders) and ``"player:<name>"`` = ``{"routes": [route ids], "tickets": [ticket
ids]}``. The file is the game file ``railprint score ticket-to-ride`` reads (``format_game``),
routes written as a person would (with a ``[colour]`` selector only on parallels). The map is
drawn from the printed board's own layout (``board.board_geometry``, cached on disk).
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from typing import Any

from railprint.errors import RailprintError, suggestion
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
    return [{"key": "map", "label": {"en": "Map", "pl": "Mapa"}, "choices": _map_ids()}]


def _map(parts: dict[str, Any]):
    return load_map(parts["setup"]["map"], error=RailprintError)


def _key(player: str) -> str:
    return f"player:{player}"


def new_room(players: list[str], setup: dict) -> dict[str, Any]:
    unknown = sorted(set(setup) - {"map"})
    if unknown:
        raise RailprintError(f"setup: unknown choice {unknown[0]!r}", hint=suggestion(unknown[0], ["map"]))
    name = setup.get("map", "nordic")
    if not isinstance(name, str) or not _MAP_ID.match(name.strip().lower()):
        raise RailprintError("setup.map: a map id such as nordic or italy", hint="maps: " + ", ".join(_map_ids()))
    m = load_map(name.strip().lower(), error=RailprintError)
    if not m.players_min <= len(players) <= max(m.players_max, 1):
        raise RailprintError(f"{m.title()} is played by {m.players_min}-{m.players_max} players, not {len(players)}")
    parts: dict[str, Any] = {"setup": {"players": players, "map": m.id}}
    for player in players:
        parts[_key(player)] = {"routes": [], "tickets": []}
    format_game(m.id, [(p, [], []) for p in players], m)
    for player in players:
        if "\n" in player or player != player.strip():
            raise RailprintError(f"player name {player!r} cannot be written in a game file")
    return parts


def check_change(parts: dict[str, Any], updates: dict[str, Any]) -> dict[str, Any]:
    m = _map(parts)
    checked = {}
    for key, value in updates.items():
        if not isinstance(value, dict) or set(value) != {"routes", "tickets"}:
            raise RailprintError(f"{key}: expected {{\"routes\": [route ids], \"tickets\": [ticket ids]}}")
        routes, tickets = value["routes"], value["tickets"]
        for what, ids, known in (("route", routes, m.route), ("ticket", tickets, m.ticket)):
            if not isinstance(ids, list) or len(ids) > 500:
                raise RailprintError(f"{key}: {what}s: a list of {what} ids")
            for ident in ids:
                if not isinstance(ident, str) or ident not in known:
                    raise RailprintError(f"unknown {what} {str(ident)[:40]!r} on {m.title()}",
                                         hint=suggestion(str(ident), list(known)))
            if len(set(ids)) != len(ids):
                raise RailprintError(f"{key}: a {what} listed twice")
        checked[key] = {"routes": list(routes), "tickets": list(tickets)}
    return checked


def files(parts: dict[str, Any]) -> list[tuple[str, str]]:
    m = _map(parts)
    players = [(p, parts[_key(p)]["routes"], parts[_key(p)]["tickets"]) for p in parts["setup"]["players"]]
    return [(FILE, format_game(m.id, players, m))]


def play_title(parts: dict[str, Any]) -> str:
    """The map's own title (``Ticket to Ride: Nordic Countries``), the game BG Stats logs."""
    return _map(parts).title("en")


def read_file(parts: dict[str, Any], name: str, text: str) -> dict[str, Any]:
    record = parse_game(text, name, map_paths=False)
    if record.map.id != parts["setup"]["map"]:
        raise RailprintError(f"{name}: this room plays {parts['setup']['map']}, the file {record.map.id}")
    from railprint.games.ticket_to_ride.rules import _allocate  # the scorer's reading of plain claims

    players = {p.casefold(): p for p in parts["setup"]["players"]}
    updates = {}
    for entry, routes in zip(record.players, _allocate(record)):
        player = players.get(entry.name.casefold())
        if player is None:
            raise RailprintError(f"{entry.where}: player {entry.name!r} is not in this room",
                                 hint=suggestion(entry.name, list(players.values())))
        updates[_key(player)] = {"routes": list(dict.fromkeys(routes)),
                                 "tickets": list(dict.fromkeys(t.ticket for t in entry.tickets))}
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
            "colour": route.colour, "hex": colours.get(route.colour, "#9e9e9e"),
            "parallels": list(m.parallels_of(route.id)), "tunnel": route.tunnel,
            "ferry": route.locomotives + route.waves,
            "cars": [[[r1(x), r1(y)] for x, y in car_polygon(car)] for car in geo.cars.get(route.id, ())],
            "path": [[r1(x), r1(y)] for car in geo.cars.get(route.id, ()) for x, y in _axis(car)],
        })
    places = [{"id": c.id, "name": c.name, "at": [r1(v) for v in geo.nodes[c.id]],
               "label": ({"x": r1(geo.labels[c.id].x), "y": r1(geo.labels[c.id].y), "size": r1(geo.labels[c.id].size)}
                         if c.id in geo.labels else None)} for c in m.cities]
    for area in m.areas:
        label = geo.area_labels.get(area.id)
        places.append({"id": area.id, "name": area.name,
                       "at": [r1(v) for v in geo.nodes[area.endpoints[0].id]],
                       "label": {"x": r1(label.x), "y": r1(label.y), "size": r1(label.size)} if label else None})
    widths = [car.width for cars in geo.cars.values() for car in cars]
    return {"width": r1(geo.width), "height": r1(geo.height), "car_width": r1(min(widths, default=geo.city_radius)),
            "frame": [r1(geo.inner.x), r1(geo.inner.y), r1(geo.inner.w), r1(geo.inner.h)],
            "routes": routes, "places": places,
            "tickets": [{"id": t.id, "a": t.a, "b": t.b, "points": t.points,
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
