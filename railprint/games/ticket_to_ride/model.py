"""Ticket to Ride maps as frozen data: places, routes, tickets, regions and scoring rules.

Built by :mod:`railprint.games.ticket_to_ride.maps` from a map content file (already
validated); read by the scorer and by anything that draws a board or a deck.

Vocabulary
- *place*: what a person names in a game file: a city or an outside area (Italy's Francia...).
- *node*: a point on the board a route ends at: a city, or one endpoint marker of an area.
- *parallel group*: the routes joining the same two nodes (a double or a triple route).

Positions ``at`` are fractions of the board frame (x of its width, y of its height), origin
top-left, y down; ``TTRMap.aspect`` is the frame's width / height.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from railprint.errors import name_key  # noqa: F401 - part of this module's API
from railprint.records import Record, factory

# a route's colour in words (the printed board's legend; a violation's words: the part before ':')
COLOUR_NAMES = {
    "en": {"red": "red", "orange": "orange", "yellow": "yellow", "green": "green", "blue": "blue",
           "pink": "pink", "black": "black", "white": "white", "gray": "gray: any one colour"},
    "pl": {"red": "czerwony", "orange": "pomarańczowy", "yellow": "żółty", "green": "zielony",
           "blue": "niebieski", "pink": "fioletowy", "black": "czarny", "white": "biały",
           "gray": "szary: dowolny jeden kolor"},
}


def colour_word(colour: str, lang: str = "en") -> str:
    """``red``, ``czerwony``; a colour no table names, as it is."""
    return COLOUR_NAMES.get(lang, {}).get(colour, colour).split(":")[0]

Point = tuple[float, float]


class Colour(Record):
    """A route / card colour. ``any`` marks gray: paid with any one colour."""

    id: str
    hex: str
    aliases: tuple[str, ...] = ()
    any: bool = False


class City(Record):
    """A city on the board: where routes end, tickets lead and players name it."""

    id: str
    name: str                        # as printed on the board
    at: Point
    aliases: tuple[str, ...] = ()
    region: str | None = None        # region id (maps with a region bonus)
    country: str | None = None       # informative (e.g. for tinting a board)
    label: str | None = None         # preferred label side for drawing: n ne e se s sw w nw


class Endpoint(Record):
    """One marker of an outside area where routes end (a node, never a junction)."""

    id: str
    area: str
    at: Point


class Area(Record):
    """An outside area (neighbouring country, Monaco). Every route into it is a dead end."""

    id: str
    name: str
    endpoints: tuple[Endpoint, ...]
    aliases: tuple[str, ...] = ()


class Region(Record):
    """A group of cities some maps score as a whole (Italy's regions)."""

    id: str
    name: str
    aliases: tuple[str, ...] = ()
    counts_double: bool = False      # +1 region when all its cities are in one network
    tint: str | None = None          # "#rrggbb" for shading on boards and pictures


class Route(Record):
    """One route of spaces between two nodes, claimed whole by one player."""

    id: str
    a: str                           # node ids (city or area endpoint)
    b: str
    length: int
    colour: str                      # colour id; the map's `any` colour (gray) = any one colour
    locomotives: int = 0             # ferry spaces that need a locomotive (Nordic ferries)
    waves: int = 0                   # wave spaces (Italy ferries)
    tunnel: bool = False
    any_cards_per_card: int | None = None   # e.g. Murmansk-Lieksa: any 4 cards replace 1
    via: tuple[Point, ...] = ()      # optional bend points for drawing
    note: str = ""

    @property
    def ferry(self) -> bool:
        return self.locomotives > 0 or self.waves > 0

    @property
    def ends(self) -> tuple[str, str]:
        return (self.a, self.b)

    @property
    def pair(self) -> frozenset[str]:
        return frozenset((self.a, self.b))

    def scoring_kind(self) -> tuple[int, bool, bool]:
        """What makes two parallel routes different for scoring and claiming rules."""
        return (self.length, self.ferry, self.tunnel)


class Ticket(Record):
    """A destination ticket: joins two places for its points, or costs them."""

    id: str
    a: str                           # place ids (city or area)
    b: str
    points: int
    long: bool = False               # a long-route ticket: its own deck with its own back


class StationRule(Record):
    """Train stations (Europe): each player has ``per_player``; each one not placed scores
    ``points_unused``. A placed station lets its owner use one route of another player into or
    out of its city, for tickets only. One station per city for the whole table."""

    per_player: int
    points_unused: int


class RegionBonus(Record):
    """Points per network by region count: below the first entry 0, above the last the last."""

    table: tuple[tuple[int, int], ...]

    def points(self, count: int) -> int:
        result = 0
        for n, pts in self.table:
            if count >= n:
                result = pts
        return result


class ParallelRule(Record):
    """How many routes of one parallel group may be claimed in a game, by player count.

    ``claimable`` maps a player count to a number, or ``None`` for "all of them".
    """

    claimable: tuple[tuple[int, int | None], ...]
    one_per_player: bool = True

    def limit(self, players: int) -> int | None:
        table = dict(self.claimable)
        if players in table:
            return table[players]
        if not table:
            return None
        nearest = min(table, key=lambda n: (abs(n - players), n))
        return table[nearest]


class Source(Record):
    """Where a map's facts come from (a rulebook page, a reference), for readers of the file."""

    id: str
    ref: str
    used_for: str = ""


DEFAULT_COLOURS = ("#d62828", "#1d4ed8", "#15803d", "#eab308", "#111111", "#7e22ce")
"""The players' colours when a map names none (``play: {player_colours: …}``): the scorer's
pictures and the printed trains, score markers and stations."""
TIE_BREAKS = ("tickets_completed", "longest_path")
TIE_BREAK_KEYS = ("tickets_completed", "longest_path", "fewest_stations_used")


class TTRMap(Record, uncompared=("play",)):
    """A whole map: its places, routes, tickets and the scoring rules that differ between maps."""

    id: str
    names: tuple[tuple[str, str], ...]          # (language, title)
    players_min: int
    players_max: int
    trains_per_player: int
    aspect: float
    colours: tuple[Colour, ...]
    route_points: tuple[tuple[int, int], ...]
    cities: tuple[City, ...]
    routes: tuple[Route, ...]
    tickets: tuple[Ticket, ...]
    parallel: ParallelRule
    areas: tuple[Area, ...] = ()
    regions: tuple[Region, ...] = ()
    globetrotter: int | None = None             # bonus points, None = not on this map
    longest_path_bonus: int | None = None
    region_bonus: RegionBonus | None = None
    tie_breaks: tuple[str, ...] = TIE_BREAKS
    stations: StationRule | None = None         # None: the map has no train stations
    aliases: tuple[str, ...] = ()
    sources: tuple[Source, ...] = ()
    notes: str = ""
    file: str = ""
    play: dict[str, Any] = factory(dict)

    def __hash__(self) -> int:
        """The record's hash, worked out once: a map is a key of caches every picture looks in
        (its board geometry), and hashing its thousands of records anew took ~1 ms a picture."""
        return self._hash

    @cached_property
    def _hash(self) -> int:
        return Record.__hash__(self)

    # ---- lookups -------------------------------------------------------------------------
    def title(self, lang: str = "en") -> str:
        names = dict(self.names)
        return names.get(lang) or names.get("en") or next(iter(names.values()), self.id)

    @cached_property
    def city(self) -> dict[str, City]:
        return {c.id: c for c in self.cities}

    @cached_property
    def area(self) -> dict[str, Area]:
        return {a.id: a for a in self.areas}

    @cached_property
    def endpoint(self) -> dict[str, Endpoint]:
        return {e.id: e for a in self.areas for e in a.endpoints}

    @cached_property
    def region(self) -> dict[str, Region]:
        return {r.id: r for r in self.regions}

    @cached_property
    def route(self) -> dict[str, Route]:
        return {r.id: r for r in self.routes}

    @cached_property
    def ticket(self) -> dict[str, Ticket]:
        return {t.id: t for t in self.tickets}

    @cached_property
    def tickets_between(self) -> dict[frozenset, tuple[Ticket, ...]]:
        """The tickets joining two places (either way round), in map order: a game file's
        tickets are looked up here, not by a scan of the map's (up to 5,000) tickets each."""
        found: dict[frozenset, list[Ticket]] = {}
        for t in self.tickets:
            found.setdefault(frozenset((t.a, t.b)), []).append(t)
        return {pair: tuple(ts) for pair, ts in found.items()}

    @cached_property
    def tickets_at(self) -> dict[str, tuple[Ticket, ...]]:
        """The tickets with an end at a place, in map order (for "did you mean" hints)."""
        found: dict[str, list[Ticket]] = {}
        for t in self.tickets:
            for end in dict.fromkeys((t.a, t.b)):
                found.setdefault(end, []).append(t)
        return {place: tuple(ts) for place, ts in found.items()}

    @cached_property
    def colour(self) -> dict[str, Colour]:
        return {c.id: c for c in self.colours}

    @cached_property
    def points_for_length(self) -> dict[int, int]:
        return dict(self.route_points)

    def place_of(self, node: str) -> str:
        """The place (city or area id) a node belongs to."""
        ep = self.endpoint.get(node)
        return ep.area if ep else node

    def is_area(self, place: str) -> bool:
        return place in self.area

    def place_name(self, place_or_node: str) -> str:
        place = self.place_of(place_or_node)
        if place in self.city:
            return self.city[place].name
        if place in self.area:
            return self.area[place].name
        return place

    def node_at(self, node: str) -> Point:
        if node in self.city:
            return self.city[node].at
        return self.endpoint[node].at

    def cities_of_region(self, region: str) -> tuple[str, ...]:
        return tuple(c.id for c in self.cities if c.region == region)

    @cached_property
    def parallel_groups(self) -> dict[frozenset[str], tuple[str, ...]]:
        """Node pair -> ids of every route joining it (one entry for a single route)."""
        groups: dict[frozenset[str], list[str]] = {}
        for r in self.routes:
            groups.setdefault(r.pair, []).append(r.id)
        return {pair: tuple(ids) for pair, ids in groups.items()}

    def parallels_of(self, route_id: str) -> tuple[str, ...]:
        """The other routes of ``route_id``'s group."""
        r = self.route[route_id]
        return tuple(i for i in self.parallel_groups[r.pair] if i != route_id)

    @cached_property
    def _routes_by_places(self) -> dict[frozenset[str], tuple[Route, ...]]:
        found: dict[frozenset[str], list[Route]] = {}
        for r in self.routes:
            found.setdefault(frozenset((self.place_of(r.a), self.place_of(r.b))), []).append(r)
        return {pair: tuple(routes) for pair, routes in found.items()}

    def routes_between_places(self, a: str, b: str) -> tuple[Route, ...]:
        """Every route joining places ``a`` and ``b`` (in map order; none when a == b)."""
        return self._routes_by_places.get(frozenset((a, b)), ()) if a != b else ()

    def routes_at_place(self, place: str) -> tuple[Route, ...]:
        return tuple(r for r in self.routes if place in (self.place_of(r.a), self.place_of(r.b)))

    @cached_property
    def long_tickets(self) -> tuple[Ticket, ...]:
        return tuple(t for t in self.tickets if t.long)

    @cached_property
    def regular_tickets(self) -> tuple[Ticket, ...]:
        return tuple(t for t in self.tickets if not t.long)

    @cached_property
    def routes_at_city(self) -> dict[str, tuple[str, ...]]:
        """City id -> ids of every route into or out of it (map order)."""
        out: dict[str, list[str]] = {c.id: [] for c in self.cities}
        for r in self.routes:
            for node in dict.fromkeys((r.a, r.b)):
                if node in out:
                    out[node].append(r.id)
        return {k: tuple(v) for k, v in out.items()}

    @cached_property
    def place_keys(self) -> dict[str, str]:
        """Matching key (see :func:`name_key`) of every id, name and alias -> place id."""
        keys: dict[str, str] = {}
        for place in (*self.cities, *self.areas):
            for text in (place.name, *place.aliases, place.id):
                keys.setdefault(name_key(text), place.id)
        return keys

    @cached_property
    def colour_keys(self) -> dict[str, str]:
        keys: dict[str, str] = {}
        for c in self.colours:
            for text in (c.id, *c.aliases):
                keys.setdefault(name_key(text), c.id)
        return keys

    def route_label(self, route_id: str, *, with_selector: bool = False) -> str:
        r = self.route[route_id]
        text = f"{self.place_name(r.a)} - {self.place_name(r.b)}"
        if with_selector and len(self.parallel_groups[r.pair]) > 1:
            text += f" [{r.colour}]"
        return text
