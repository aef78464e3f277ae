"""Load and check Ticket to Ride map content files (format ``railprint-ttr-map/1``).

``load_map("nordic")`` reads a built-in map; ``load_map("maps/mine.yaml", base=...)`` a user's
own file. Every problem in a map file is collected and reported at once, each at its
``file:line:col`` with the closest known names suggested. See docs/ticket-to-ride-scoring.md
for the file format.

A map is read by a light check of its types and bounds (``_MAP`` below); only a file that check
does not accept goes through the pydantic models of :mod:`.map_spec`, which report every problem
at its place. Scoring a game on a valid map thus imports no pydantic (docs/performance.md).
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any, Callable

from railprint.errors import ContentError, Location, Problems, RailprintError, clip
from railprint.loading import yamlio
from railprint.loading.resources import content_path
from railprint.loading.text import read_head
from railprint.games.ticket_to_ride.model import (
    TIE_BREAK_KEYS, TIE_BREAKS, Area, City, Colour, Endpoint, ParallelRule, Region, RegionBonus, Route, Source,
    StationRule, Ticket, TTRMap, name_key,
)

from railprint.errors import suggestion as suggest
from railprint.games.ticket_to_ride.map_format import (
    FORMAT, HEX as _HEX, ID as _ID, MAX_CITIES, MAX_PARALLEL, MAX_ROUTE_LENGTH, MAX_ROUTES, MAX_TICKETS, MAX_VIA,
    deal_text as _deal_text, none_word as _none_word,
)

BUILTIN = ("nordic", "italy")
GAME = "ticket-to-ride"


# ---- the light check ------------------------------------------------------------------------
# The types and bounds of map_spec.MapSpec, checked without pydantic: a checker returns the value
# pydantic would give (plain str, float, tuple, a _Section for a model) or raises _Reject for
# anything it cannot vouch for — a wrong type, a bound, an unknown key, and also anything pydantic
# would coerce (the number 3.0 for an int, the text "3"). A rejected file is checked in full by
# pydantic, which then reports every problem at its place (or accepts the coercion).
# tests/games/ticket_to_ride/test_ttr_map_check.py checks the two agree field by field and on
# mutated maps.


class _Reject(Exception):
    """The light check cannot vouch for a value: the full check decides."""


class _Section:
    """A checked part of a map file, read by attribute like the pydantic model it stands for."""

    def __init__(self, fields: dict[str, Any]):
        self.__dict__.update(fields)


Check = Callable[[Any], Any]
_REQUIRED = object()
_EMPTY = object()   # a model field's default: the model built from no keys


def _text(min_length: int = 0, pattern: str | None = None) -> Check:
    full = re.compile(pattern.removeprefix("^").removesuffix("$")) if pattern else None

    def check(value: Any) -> str:
        if not isinstance(value, str) or len(value) < min_length or (full and not full.fullmatch(value)):
            raise _Reject
        return str(value)
    return check


def _int(ge: int | None = None, le: int | None = None) -> Check:
    def check(value: Any) -> int:
        if type(value) is not int or (ge is not None and value < ge) or (le is not None and value > le):
            raise _Reject
        return value
    return check


def _float(ge: float | None = None, le: float | None = None, gt: float | None = None) -> Check:
    def check(value: Any) -> float:
        if type(value) not in (int, float):
            raise _Reject
        value = float(value)
        if value != value or value in (float("inf"), float("-inf")) or (ge is not None and value < ge) \
                or (le is not None and value > le) or (gt is not None and value <= gt):
            raise _Reject
        return value
    return check


def _bool(value: Any) -> bool:
    if type(value) is not bool:
        raise _Reject
    return value


def _literal(*values: str) -> Check:
    def check(value: Any) -> str:
        if not isinstance(value, str) or value not in values:
            raise _Reject
        return str(value)
    return check


def _parts(check: Check, *parts: Check) -> Check:
    check.parts = parts  # what a wrapper wraps: the test comparing the check with map_spec walks it
    return check


def _optional(inner: Check) -> Check:
    return _parts(lambda value: None if value is None else inner(value), inner)


def _either(first: Check, second: Check) -> Check:
    def check(value: Any) -> Any:
        try:
            return first(value)
        except _Reject:
            return second(value)
    return _parts(check, first, second)


def _before(convert: Callable[[Any], Any], inner: Check) -> Check:
    return _parts(lambda value: inner(convert(value)), inner)


def _list(item: Check, min_length: int = 0, max_length: int | None = None) -> Check:
    def check(value: Any) -> list:
        if not isinstance(value, list) or len(value) < min_length or (max_length is not None and len(value) > max_length):
            raise _Reject
        return [item(v) for v in value]
    return _parts(check, item)


def _pair(item: Check) -> Check:
    def check(value: Any) -> tuple:
        if not isinstance(value, list) or len(value) != 2:
            raise _Reject
        return (item(value[0]), item(value[1]))
    return _parts(check, item)


def _mapping(key: Check, value: Check, min_length: int = 0) -> Check:
    def check(data: Any) -> dict:
        if not isinstance(data, dict) or len(data) < min_length:
            raise _Reject
        return {key(k): value(v) for k, v in data.items()}
    return _parts(check, key, value)


def _plain(value: Any) -> Any:
    """Free-form data (``dict[str, Any]``) as pydantic gives it: plain dicts, lists and strings."""
    if isinstance(value, dict):
        return {_plain(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return str(value) if isinstance(value, str) else value


def _model(fields: dict[str, tuple[Check, Any]]) -> Check:
    def check(data: Any) -> _Section:
        if not isinstance(data, dict) or not all(isinstance(k, str) and k in fields for k in data):
            raise _Reject
        out = {}
        for name, (inner, default) in fields.items():
            if name in data:
                out[name] = inner(data[name])
            elif default is _REQUIRED:
                raise _Reject
            else:
                out[name] = inner({}) if default is _EMPTY else (list(default) if isinstance(default, list) else default)
        return _Section(out)
    check.fields = fields  # for the test that compares it with map_spec
    return check


def _dump(value: Any) -> Any:
    """``model_dump(exclude_none=True)`` of a checked section."""
    if isinstance(value, _Section):
        return {k: _dump(v) for k, v in value.__dict__.items() if v is not None}
    if isinstance(value, dict):
        return {k: _dump(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_dump(v) for v in value]
    return value


_ID_TEXT, _NAME, _TEXT, _HEX_TEXT = _text(pattern=_ID), _text(min_length=1), _text(), _text(pattern=_HEX)
_TEXTS = _list(_TEXT)
_POS = _pair(_float(ge=0.0, le=1.0))
_FACTS = _optional(_mapping(_TEXT, _plain))
_DEAL = _model({"long": (_int(ge=0), 0), "regular": (_int(ge=0), 0)})

_MAP = _model({
    "format": (_TEXT, _REQUIRED),
    "id": (_ID_TEXT, _REQUIRED),
    "name": (_mapping(_TEXT, _TEXT, min_length=1), _REQUIRED),
    "aliases": (_TEXTS, []),
    "sources": (_list(_model({"id": (_TEXT, _REQUIRED), "ref": (_TEXT, _REQUIRED), "used_for": (_TEXT, "")})), []),
    "notes": (_TEXT, ""),
    "players": (_model({"min": (_int(ge=1), _REQUIRED), "max": (_int(ge=1), _REQUIRED)}), _REQUIRED),
    "trains_per_player": (_int(ge=1), _REQUIRED),
    "board": (_model({"aspect": (_float(gt=0.0), _REQUIRED)}), _REQUIRED),
    "colours": (_mapping(_TEXT, _model({"hex": (_HEX_TEXT, _REQUIRED), "aliases": (_TEXTS, []),
                                        "any": (_bool, False)}), min_length=1), _REQUIRED),
    "route_points": (_mapping(_int(ge=1), _int(), min_length=1), _REQUIRED),
    "scoring": (_model({
        "globetrotter": (_before(_none_word, _optional(_model({"points": (_int(ge=1), _REQUIRED)}))), None),
        "longest_path_bonus": (_before(_none_word, _optional(_model({"points": (_int(ge=1), _REQUIRED)}))), None),
        "region_bonus": (_before(_none_word, _optional(_model({
            "table": (_mapping(_int(ge=1), _int(ge=0), min_length=1), _REQUIRED)}))), None),
        "stations": (_before(_none_word, _optional(_model({
            "per_player": (_int(ge=1, le=10), _REQUIRED), "points_unused": (_int(ge=0), _REQUIRED)}))), None),
        "tie_breaks": (_list(_literal(*TIE_BREAK_KEYS)), list(TIE_BREAKS)),
    }), _EMPTY),
    "parallel_routes": (_model({
        "claimable_by_players": (_mapping(_int(ge=1), _either(_int(ge=1), _literal("all"))), _REQUIRED),
        "one_per_player": (_bool, True),
    }), _REQUIRED),
    "play": (_model({
        "requires": (_optional(_TEXT), None),
        "train_cards": (_FACTS, None),
        "ferry_cards": (_FACTS, None),
        "bonus_cards": (_optional(_TEXTS), None),
        "starting_train_cards": (_optional(_int()), None),
        "face_up_cards": (_optional(_int()), None),
        "setup_tickets": (_optional(_model({
            "deal": (_before(_deal_text, _either(_int(ge=1), _DEAL)), _REQUIRED),
            "keep_at_least": (_int(ge=0), 0),
        })), None),
        "draw_tickets": (_FACTS, None),
        "locomotives_wild_on": (_optional(_TEXTS), None),
        "ferry_locomotive_substitute_cards": (_optional(_int()), None),
        "tunnel_reveal_cards": (_optional(_int()), None),
        "last_round_at_trains": (_optional(_int()), None),
        "player_colours": (_optional(_list(_HEX_TEXT)), None),
    }), _EMPTY),
    "regions": (_list(_model({
        "id": (_ID_TEXT, _REQUIRED), "name": (_NAME, _REQUIRED), "aliases": (_TEXTS, []),
        "counts_double": (_bool, False), "tint": (_optional(_HEX_TEXT), None),
    })), []),
    "cities": (_list(_model({
        "id": (_ID_TEXT, _REQUIRED), "name": (_NAME, _REQUIRED), "at": (_POS, _REQUIRED),
        "aliases": (_TEXTS, []), "region": (_optional(_TEXT), None), "country": (_optional(_TEXT), None),
        "label": (_optional(_literal("n", "ne", "e", "se", "s", "sw", "w", "nw")), None),
    }), min_length=2, max_length=MAX_CITIES), _REQUIRED),
    "areas": (_list(_model({
        "id": (_ID_TEXT, _REQUIRED), "name": (_NAME, _REQUIRED), "aliases": (_TEXTS, []),
        "endpoints": (_list(_model({"id": (_ID_TEXT, _REQUIRED), "at": (_POS, _REQUIRED)}),
                            min_length=1, max_length=8), _REQUIRED),
    }), max_length=20), []),
    "routes": (_list(_model({
        "id": (_ID_TEXT, _REQUIRED), "between": (_pair(_TEXT), _REQUIRED),
        "length": (_int(ge=1, le=MAX_ROUTE_LENGTH), _REQUIRED), "colour": (_TEXT, _REQUIRED),
        "locomotives": (_int(ge=0), 0), "waves": (_int(ge=0), 0), "tunnel": (_bool, False),
        "any_cards_per_card": (_optional(_int(ge=2)), None),
        "via": (_list(_POS, max_length=MAX_VIA), []), "note": (_TEXT, ""),
    }), min_length=1, max_length=MAX_ROUTES), _REQUIRED),
    "tickets": (_list(_model({
        "id": (_ID_TEXT, _REQUIRED), "between": (_pair(_TEXT), _REQUIRED),
        "points": (_int(ge=1), _REQUIRED), "long": (_bool, False),
    }), max_length=MAX_TICKETS), []),
})

# ---------------------------------------------------------------------------------------------
def _at(node: Any, *path: Any) -> Location | None:
    """Location of ``data[path...]`` in the marked YAML (best effort)."""
    where = getattr(node, "location", None)
    for part in path:
        try:
            child = node[part]
        except (KeyError, IndexError, TypeError):
            return where
        loc = getattr(node, "loc", None)
        where = loc(part) if loc else where
        node = child
    return where


_KIND_PL = {"city": "miasto", "area": "obszar", "route": "połączenie", "ticket": "bilet", "region": "region",
            "a city": "miasto", "an area endpoint": "punkt obszaru", "an area": "obszar", "a route": "połączenie",
            "a ticket": "bilet", "a region": "region"}
"""The kinds of a map's ids, in Polish (a duplicate id's message)."""

UNPRINTED = {"notes", "sources", "note", "source"}  # free text for readers of the file, never printed
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")  # Unicode's control characters (category Cc)


def _control_characters(node: Any, where: Location | None, p: Problems) -> None:
    """Every string of the map that holds a control character (they print as missing glyphs)."""
    if isinstance(node, str):
        bad = sorted(set(_CONTROL.findall(node)))
        if bad:
            shown = ", ".join(repr(ch) for ch in bad)
            p.add(f"text {clip(node)} holds control character(s) " + shown, where,
                  hint="names and labels are printed: use letters, digits and punctuation",
                  pl=f"tekst {clip(node)} zawiera znaki sterujące {shown} (nazwy i etykiety są drukowane: "
                     "używaj liter, cyfr i interpunkcji)")
    elif isinstance(node, dict):
        for key, value in node.items():
            if key not in UNPRINTED:
                _control_characters(value, getattr(node, "loc", lambda _k: where)(key), p)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            _control_characters(value, getattr(node, "loc", lambda _i: where)(i), p)


def _has_control_characters(node: Any) -> bool:
    """Whether any printed string of the map holds a control character (a quick walk without
    locations; _control_characters then finds and locates each)."""
    stack = [node]
    while stack:
        node = stack.pop()
        if isinstance(node, str):
            if _CONTROL.search(node):
                return True
        elif isinstance(node, dict):
            stack.extend(value for key, value in node.items() if key not in UNPRINTED)
        elif isinstance(node, list):
            stack.extend(node)
    return False


def _check(spec: Any, raw: Any, filename: str) -> None:
    """Cross-reference checks pydantic cannot do; every problem collected."""
    p = Problems()
    if _has_control_characters(raw):
        _control_characters(raw, Location(filename), p)
    if spec.format != FORMAT:
        p.add(f"unknown map format {spec.format!r}", _at(raw, "format"), hint=f"expected {FORMAT!r}",
              pl=f"nieznany format mapy {spec.format!r} (tu ma być {FORMAT!r})")
    if spec.players.min > spec.players.max:
        p.add("players: min is larger than max", _at(raw, "players"), pl="players: min jest większe niż max")

    def unique(kind: str, key: str, items: list[Any], ids: list[str], seen: dict[str, str]) -> None:
        for i, ident in enumerate(ids):
            if ident in seen:
                p.add(f"{kind} id {ident!r} is already used by {seen[ident]}", _at(raw, key, i, "id"),
                      pl=f"id {ident!r} ({_KIND_PL[kind]}): to id ma już {_KIND_PL[seen[ident]]}")
            else:
                seen[ident] = f"a {kind}"

    nodes: dict[str, str] = {}
    unique("city", "cities", spec.cities, [c.id for c in spec.cities], nodes)
    for i, area in enumerate(spec.areas):
        for j, ep in enumerate(area.endpoints):
            if ep.id in nodes:
                p.add(f"endpoint id {ep.id!r} is already used by {nodes[ep.id]}",
                      _at(raw, "areas", i, "endpoints", j, "id"),
                      pl=f"id {ep.id!r} (punkt obszaru): to id ma już {_KIND_PL[nodes[ep.id]]}")
            else:
                nodes[ep.id] = "an area endpoint"
    places: dict[str, str] = {c.id: "a city" for c in spec.cities}
    unique("area", "areas", spec.areas, [a.id for a in spec.areas], places)
    unique("route", "routes", spec.routes, [r.id for r in spec.routes], {})
    unique("ticket", "tickets", spec.tickets, [t.id for t in spec.tickets], {})
    unique("region", "regions", spec.regions, [r.id for r in spec.regions], {})

    # Names: one matching key must mean one place.
    owner: dict[str, tuple[str, str]] = {}
    for key, items in (("cities", spec.cities), ("areas", spec.areas)):
        for i, place in enumerate(items):
            for j, text in enumerate([place.name, *place.aliases]):
                k = name_key(text)
                where = _at(raw, key, i, "name") if j == 0 else _at(raw, key, i, "aliases", j - 1)
                if not k:
                    p.add(f"name {text!r} has no letters or digits", where,
                          pl=f"nazwa {text!r} nie ma liter ani cyfr")
                elif k in owner and owner[k][0] != place.id:
                    p.add(f"name {text!r} already names {owner[k][1]!r}", where,
                          hint="names and aliases are matched ignoring case, accents and punctuation",
                          pl=f"nazwa {text!r} to już nazwa {owner[k][1]!r} (nazwy i inne nazwy są porównywane "
                             "bez wielkości liter, znaków diakrytycznych i interpunkcji)")
                else:
                    owner.setdefault(k, (place.id, place.name))

    colour_ids = list(spec.colours)
    colour_key: dict[str, str] = {}
    for cid, colour in spec.colours.items():
        for text in (cid, *colour.aliases):
            k = name_key(text)
            if k in colour_key and colour_key[k] != cid:
                p.add(f"colour name {text!r} already names {colour_key[k]!r}", _at(raw, "colours", cid),
                      pl=f"nazwa koloru {text!r} to już nazwa {colour_key[k]!r}")
            colour_key.setdefault(k, cid)

    region_ids = [r.id for r in spec.regions]
    for i, city in enumerate(spec.cities):
        if city.region is not None and city.region not in region_ids:
            p.add(f"unknown region {city.region!r}", _at(raw, "cities", i, "region"),
                  hint=suggest(city.region, region_ids),
                  pl=f"nieznany region {city.region!r} ({suggest(city.region, region_ids, 'pl')})")
        elif city.region is None and spec.scoring.region_bonus is not None:
            p.add(f"city {city.id!r} has no region (this map scores regions)", _at(raw, "cities", i),
                  pl=f"miasto {city.id!r} nie ma regionu (ta mapa punktuje regiony)")
    if spec.scoring.region_bonus is not None and not spec.regions:
        p.add("a region bonus needs a `regions:` list", _at(raw, "scoring", "region_bonus"),
              pl="premia za regiony wymaga listy `regions:`")
    for i, region in enumerate(spec.regions):
        if not any(c.region == region.id for c in spec.cities):
            p.add(f"region {region.id!r} has no city", _at(raw, "regions", i, "id"),
                  pl=f"region {region.id!r} nie ma żadnego miasta")

    endpoint_ids = {ep.id for a in spec.areas for ep in a.endpoints}
    node_ids = sorted(nodes)
    side_by_side: dict[frozenset[str], int] = {}
    for i, route in enumerate(spec.routes):
        pair = frozenset(route.between)
        side_by_side[pair] = side_by_side.get(pair, 0) + 1
        if side_by_side[pair] == MAX_PARALLEL + 1:
            p.add(f"route {route.id!r}: more than {MAX_PARALLEL} routes between {' and '.join(sorted(pair))}",
                  _at(raw, "routes", i, "between"), hint="a board has room for three routes side by side at most",
                  pl=f"połączenie {route.id!r}: więcej niż {MAX_PARALLEL} połączenia między "
                     f"{' i '.join(sorted(pair))} (na planszy mieszczą się najwyżej trzy obok siebie)")
        for j, node in enumerate(route.between):
            if node not in nodes:
                hint, hint_pl = suggest(node, node_ids), suggest(node, node_ids, "pl")
                if node in places:
                    ends = ", ".join(ep.id for a in spec.areas if a.id == node for ep in a.endpoints)
                    hint = f"{node!r} is an area: name one of its endpoints: " + ends
                    hint_pl = f"{node!r} to obszar: podaj jeden z jego punktów: " + ends
                p.add(f"route {route.id!r}: unknown city or area endpoint {node!r}",
                      _at(raw, "routes", i, "between", j), hint=hint,
                      pl=f"połączenie {route.id!r}: nieznane miasto lub punkt obszaru {node!r} ({hint_pl})")
        a, b = route.between
        if a == b:
            p.add(f"route {route.id!r} joins {a!r} to itself", _at(raw, "routes", i, "between"),
                  pl=f"połączenie {route.id!r} łączy {a!r} z samym sobą")
        elif a in endpoint_ids and b in endpoint_ids:
            p.add(f"route {route.id!r} joins two outside areas", _at(raw, "routes", i, "between"),
                  pl=f"połączenie {route.id!r} łączy dwa obszary zewnętrzne")
        if route.colour not in spec.colours:
            p.add(f"route {route.id!r}: unknown colour {route.colour!r}", _at(raw, "routes", i, "colour"),
                  hint=suggest(route.colour, colour_ids),
                  pl=f"połączenie {route.id!r}: nieznany kolor {route.colour!r} "
                     f"({suggest(route.colour, colour_ids, 'pl')})")
        if route.length not in spec.route_points:
            p.add(f"route {route.id!r}: length {route.length} has no entry in route_points",
                  _at(raw, "routes", i, "length"),
                  pl=f"połączenie {route.id!r}: długości {route.length} brak w route_points")
        if route.locomotives + route.waves > route.length:
            p.add(f"route {route.id!r}: more ferry spaces than its length",
                  _at(raw, "routes", i, "locomotives" if route.locomotives else "waves"),
                  pl=f"połączenie {route.id!r}: więcej pól promu niż jego długość")
        if route.locomotives and route.waves:
            p.add(f"route {route.id!r}: give either locomotives or waves, not both",
                  _at(raw, "routes", i, "waves"),
                  pl=f"połączenie {route.id!r}: podaj locomotives albo waves, nie oba")

    place_ids = sorted(places)
    for i, ticket in enumerate(spec.tickets):
        for j, place in enumerate(ticket.between):
            if place not in places:
                hint, hint_pl = suggest(place, place_ids), suggest(place, place_ids, "pl")
                if place in endpoint_ids:
                    hint = "a ticket names the area, not one of its endpoints"
                    hint_pl = "bilet podaje obszar, nie jeden z jego punktów"
                p.add(f"ticket {ticket.id!r}: unknown city or area {place!r}",
                      _at(raw, "tickets", i, "between", j), hint=hint,
                      pl=f"bilet {ticket.id!r}: nieznane miasto lub obszar {place!r} ({hint_pl})")
        if ticket.between[0] == ticket.between[1]:
            p.add(f"ticket {ticket.id!r} joins {ticket.between[0]!r} to itself",
                  _at(raw, "tickets", i, "between"),
                  pl=f"bilet {ticket.id!r} łączy {ticket.between[0]!r} z samym sobą")

    for n in range(spec.players.min, spec.players.max + 1):
        if n not in spec.parallel_routes.claimable_by_players:
            p.add(f"parallel_routes.claimable_by_players has no entry for {n} players",
                  _at(raw, "parallel_routes", "claimable_by_players"),
                  pl=f"parallel_routes.claimable_by_players nie ma wpisu dla {n} graczy")
    if spec.scoring.region_bonus is not None:
        table = spec.scoring.region_bonus.table
        ordered = [table[k] for k in sorted(table)]
        if ordered != sorted(ordered):
            p.add("region_bonus.table: points must not fall as the region count grows",
                  _at(raw, "scoring", "region_bonus", "table"),
                  pl="region_bonus.table: punkty nie mogą maleć, gdy liczba regionów rośnie")
    if len(set(spec.scoring.tie_breaks)) != len(spec.scoring.tie_breaks):
        p.add("scoring.tie_breaks lists a tie-break twice", _at(raw, "scoring", "tie_breaks"),
              pl="scoring.tie_breaks wymienia jedno rozstrzygnięcie remisu dwa razy")
    if "fewest_stations_used" in spec.scoring.tie_breaks and spec.scoring.stations is None:
        p.add("tie-break fewest_stations_used on a map without stations",
              _at(raw, "scoring", "tie_breaks", spec.scoring.tie_breaks.index("fewest_stations_used")),
              hint="add scoring.stations: {per_player: 3, points_unused: 4}, or drop the tie-break",
              pl="rozstrzygnięcie remisu fewest_stations_used na mapie bez stacji (dodaj scoring.stations: "
                 "{per_player: 3, points_unused: 4} albo usuń to rozstrzygnięcie)")
    setup = spec.play.setup_tickets
    if setup is not None:
        _check_deal(spec, setup, raw, p)

    p.raise_if_any(f"{filename} (Ticket to Ride map)", Location(filename), sort=True,
                   title_pl=f"{filename} (mapa Ticket to Ride)")


def _check_deal(spec: Any, setup: Any, raw: Any, p: Problems) -> None:
    """``play.setup_tickets``: the decks it deals from exist and hold enough for one player."""
    long = sum(t.long for t in spec.tickets)
    regular = len(spec.tickets) - long
    where = _at(raw, "play", "setup_tickets", "deal")
    if not isinstance(setup.deal, int):  # {long: 1, regular: 3}
        dealt = setup.deal.long + setup.deal.regular
        if dealt == 0:
            p.add("play.setup_tickets.deal deals no ticket", where, hint="e.g. {long: 1, regular: 3}",
                  pl="play.setup_tickets.deal nie rozdaje żadnego biletu (np. {long: 1, regular: 3})")
        if spec.tickets and setup.deal.long > long:
            p.add(f"play.setup_tickets deals {setup.deal.long} long ticket(s) but the map has {long} "
                  "(mark them with long: true)", where,
                  pl=f"play.setup_tickets rozdaje długie bilety: {setup.deal.long}, a mapa ma ich {long} "
                     "(oznacz je przez long: true)")
        if spec.tickets and setup.deal.regular > regular:
            p.add(f"play.setup_tickets deals {setup.deal.regular} regular ticket(s) but the map has {regular}",
                  where, pl=f"play.setup_tickets rozdaje zwykłe bilety: {setup.deal.regular}, a mapa ma ich {regular}")
    else:
        dealt = setup.deal
        if long and spec.tickets:
            p.add("the map has long tickets (a deck of their own): say how many of each are dealt",
                  where, hint="deal: {long: 1, regular: 3}",
                  pl="mapa ma długie bilety (osobną talię): podaj, ile jakich się rozdaje (deal: {long: 1, regular: 3})")
    if setup.keep_at_least > dealt:
        p.add(f"play.setup_tickets keeps at least {setup.keep_at_least} of {dealt} dealt ticket(s)",
              _at(raw, "play", "setup_tickets", "keep_at_least"),
              pl=f"play.setup_tickets każe zatrzymać co najmniej {setup.keep_at_least} z rozdanych biletów: {dealt}")


def _build(spec: Any, filename: str) -> TTRMap:
    pt = lambda xy: (float(xy[0]), float(xy[1]))  # noqa: E731
    sc = spec.scoring
    return TTRMap(
        id=spec.id,
        names=tuple(spec.name.items()),
        aliases=tuple(spec.aliases),
        players_min=spec.players.min,
        players_max=spec.players.max,
        trains_per_player=spec.trains_per_player,
        aspect=spec.board.aspect,
        colours=tuple(Colour(cid, c.hex.lower(), tuple(c.aliases), c.any) for cid, c in spec.colours.items()),
        route_points=tuple(sorted(spec.route_points.items())),
        cities=tuple(City(c.id, c.name, pt(c.at), tuple(c.aliases), c.region, c.country, c.label)
                     for c in spec.cities),
        areas=tuple(Area(a.id, a.name, tuple(Endpoint(e.id, a.id, pt(e.at)) for e in a.endpoints),
                         tuple(a.aliases)) for a in spec.areas),
        regions=tuple(Region(r.id, r.name, tuple(r.aliases), r.counts_double,
                             r.tint.lower() if r.tint else None) for r in spec.regions),
        routes=tuple(Route(r.id, r.between[0], r.between[1], r.length, r.colour, r.locomotives, r.waves,
                           r.tunnel, r.any_cards_per_card, tuple(pt(v) for v in r.via), r.note)
                     for r in spec.routes),
        tickets=tuple(Ticket(t.id, t.between[0], t.between[1], t.points, t.long) for t in spec.tickets),
        parallel=ParallelRule(
            tuple(sorted((n, None if v == "all" else v)
                         for n, v in spec.parallel_routes.claimable_by_players.items())),
            spec.parallel_routes.one_per_player),
        globetrotter=sc.globetrotter.points if sc.globetrotter else None,
        longest_path_bonus=sc.longest_path_bonus.points if sc.longest_path_bonus else None,
        region_bonus=RegionBonus(tuple(sorted(sc.region_bonus.table.items()))) if sc.region_bonus else None,
        tie_breaks=tuple(sc.tie_breaks),
        stations=StationRule(sc.stations.per_player, sc.stations.points_unused) if sc.stations else None,
        sources=tuple(Source(s.id, s.ref, s.used_for) for s in spec.sources),
        notes=spec.notes,
        file=filename,
        play=spec.play.model_dump(exclude_none=True) if hasattr(spec.play, "model_dump") else _dump(spec.play),
    )


def check_map(data: Any, filename: str, light: bool = True) -> Any:
    """The map file's data checked against map_spec.MapSpec: by the light check, or (if it does
    not vouch for the file, or ``light`` is false) by pydantic, which raises a ContentError
    listing every problem."""
    if light:
        try:
            return _MAP(data)
        except _Reject:
            pass
    from railprint.games.ticket_to_ride.map_spec import MapSpec
    from railprint.loading.schema import validate

    return validate(MapSpec, data, filename, what="Ticket to Ride map", what_pl="mapa Ticket to Ride")


def parse_map(data: Any, filename: str) -> TTRMap:
    """Validate loaded YAML data of a map file and build the model."""
    try:
        spec = check_map(data, filename)
        _check(spec, data, filename)
    except ContentError as exc:
        if len(exc.problems) == 1:  # one problem: report it directly at its file:line:col
            only = exc.problems[0]
            raise ContentError(only.message, only.location, only.hint, pl=only.pl) from None
        raise
    return _build(spec, filename)


def _valid_map(data: Any, filename: str) -> TTRMap | None:
    """The map of data read without locations (twice as fast: a map is read on every score)
    when the light check vouches for it and it has no problem; None when there is something to
    report, which needs the locations."""
    if not isinstance(data, dict):
        return None
    try:
        spec = _MAP(data)
        _check(spec, data, filename)
    except (_Reject, ContentError):
        return None
    return _build(spec, filename)


_CACHE: dict[tuple, TTRMap] = {}


def load_map_file(path: str | Path) -> TTRMap:
    """Load a map content file (cached by path, size and modification time; the absolute path,
    not the resolved one: ``railprint serve`` asks at every scoring, and resolving a path costs a
    system call a folder)."""
    path = Path(path)
    try:
        stat = path.stat()
        key = (os.path.abspath(path), stat.st_mtime_ns, stat.st_size, stat.st_ino, stat.st_dev)
    except OSError:
        key = None
    if key and key in _CACHE:
        return _CACHE[key]
    result = _valid_map(yamlio.load_file(path, error=ContentError, marked=False), str(path))
    if result is None:  # a problem to report: read with locations
        data = yamlio.load_file(path, error=ContentError)
        if not isinstance(data, dict):
            raise ContentError("a map file must be a YAML mapping (format, id, cities, routes, ...)",
                               Location(str(path), 1, 1),
                               pl="plik mapy to mapa YAML (format, id, cities, routes, …)")
        result = parse_map(data, str(path))
    if key:
        _CACHE[key] = result
    return result


def builtin_map_path(name: str) -> Path | None:
    key = name_key(name)
    for ident in BUILTIN:
        if key == name_key(ident):
            return content_path(GAME, f"{ident}.yaml")
    return None


def _builtin_alias(name: str) -> Path | None:
    key = name_key(name)
    for ident in BUILTIN:
        m = load_map_file(content_path(GAME, f"{ident}.yaml"))
        if key in {name_key(a) for a in (*m.aliases, *(n for _, n in m.names))}:
            return content_path(GAME, f"{ident}.yaml")
    return None


_LOOKS_LIKE_PATH = re.compile(r"[\\/]|\.ya?ml$", re.IGNORECASE)


def _map_files(folder: Path, recursive: bool) -> list[Path]:
    """The map files in (or under) ``folder``: a cheap look at each YAML file's head for the format."""
    from railprint.loading.paths import walk

    found = []
    for path in walk(folder, ".yaml") if recursive else sorted(folder.glob("*.yaml")):
        try:  # a FIFO or device is skipped without waiting on it (it cannot be a map)
            head = read_head(path)
        except RailprintError:
            continue
        if FORMAT.encode() in head:
            found.append(path)
    return found


def _names_of(m: TTRMap) -> set[str]:
    return {name_key(a) for a in (m.id, *m.aliases, *(n for _, n in m.names))}


def _user_map(name: str, base: Path | None, where: Location | None = None,
              error: type[RailprintError] = ContentError) -> Path | None:
    """A map named by id (or alias) in the game file's folder or the user's content folders
    (``--content``; the last given first) — before the built-in maps, which they may replace.
    Two maps answering to the name in one folder are an error naming both (which one is meant
    cannot be told)."""
    from railprint.loading.resources import content_layers

    key = name_key(name)
    folders = ([(base, False)] if base is not None else []) + [(f, True) for f in reversed(content_layers()[1:])]
    for folder, recursive in folders:
        if not Path(folder).is_dir():
            continue
        found = [path for path in _map_files(Path(folder), recursive) if key in _names_of(load_map_file(path))]
        if len(found) > 1:
            raise error(f"two maps answer to {name!r}: {found[0]} and {found[1]}", where,
                        hint="give each map its own id (or remove one), or name the map by its file path",
                        pl=f"dwie mapy odpowiadają na {name!r}: {found[0]} i {found[1]} (daj każdej mapie "
                           "własne id albo usuń jedną, albo podaj mapę przez ścieżkę jej pliku)")
        if found:
            return found[0]
    return None


def load_map(name: str, *, base: Path | None = None, where: Location | None = None,
             error: type[RailprintError] = ContentError, paths: bool = True) -> TTRMap:
    """A map by id or alias (``nordic``, ``Italia``, ``usa``), or a map file by path.

    An id is looked up in the game file's folder (``base``) and the user's content folders
    first, then among the built-in maps. A relative path is looked up next to ``base``, then in
    the current folder. ``paths=False`` (a file sent to ``railprint serve``): ids and aliases
    only — no file of the server's is read because a game file names it.
    """
    if not paths and _LOOKS_LIKE_PATH.search(name):
        raise error(f"map: {name!r} is a file path; a game sent to the server names its map by id",
                    where, hint="maps: " + ", ".join(BUILTIN),
                    pl=f"map: {name!r} to ścieżka pliku; gra wysłana na serwer podaje mapę przez jej id "
                       f"(mapy: {', '.join(BUILTIN)})")
    if not _LOOKS_LIKE_PATH.search(name):
        path = _user_map(name, base, where, error)
        if path is not None:
            return load_map_file(path)
    path = builtin_map_path(name)
    if path is not None:
        return load_map_file(path)
    if paths:   # a map file by path: next to the game file, then in the current folder
        candidates = []
        try:
            raw = Path(name).expanduser()
        except RuntimeError:  # '~nosuchuser/...': no such home folder
            raise error(f"map file not found: {name}", where, hint="no such user's home folder",
                        pl=f"nie ma pliku mapy: {name} (nie ma takiego użytkownika ani jego folderu domowego)") from None
        if not raw.is_absolute() and base is not None:
            candidates.append(base / raw)
        candidates.append(raw)
        for cand in candidates:
            try:
                found = cand.is_file()
            except (OSError, ValueError):  # a NUL byte, a name too long
                found = False
            if found:
                return load_map_file(cand)
    if not _LOOKS_LIKE_PATH.search(name):
        path = _builtin_alias(name)
        if path is not None:
            return load_map_file(path)
        hint, hint_pl = suggest(name, BUILTIN), suggest(name, BUILTIN, "pl")
        if paths:
            hint += (" Or" if hint.endswith("?") else "; or") \
                + " give the path of a map file, or the folder holding yours with --content"
            hint_pl += (" Albo" if hint_pl.endswith("?") else "; albo") \
                + " podaj ścieżkę pliku mapy lub folder ze swoimi mapami w --content"
        raise error(f"unknown map {name!r}", where, hint=hint, pl=f"nieznana mapa {name!r} ({hint_pl})")
    raise error(f"map file not found: {name}", where,
                hint="built-in maps: " + ", ".join(BUILTIN),
                pl=f"nie ma pliku mapy: {name} (wbudowane mapy: {', '.join(BUILTIN)})")
