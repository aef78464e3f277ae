"""Load and check Ticket to Ride map content files (format ``railprint-ttr-map/1``).

``load_map("nordic")`` reads a built-in map; ``load_map("maps/mine.yaml", base=...)`` a user's
own file. Every problem in a map file is collected and reported at once, each at its
``file:line:col`` with the closest known names suggested. See docs/ticket-to-ride-scoring.md
for the file format.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field

from railprint.errors import ContentError, Location, Problems, RailprintError, clip
from railprint.loading import yamlio
from railprint.loading.resources import content_path
from railprint.loading.schema import Spec, validate
from railprint.loading.text import read_head
from railprint.games.ticket_to_ride.model import (
    TIE_BREAKS, Area, City, Colour, Endpoint, ParallelRule, Region, RegionBonus, Route, Source,
    StationRule, Ticket, TTRMap, name_key,
)

from railprint.errors import suggestion as suggest

FORMAT = "railprint-ttr-map/1"
# Bounds that keep a map printable in seconds (docs/hostile-input.md): the shipped maps have at
# most 39 cities, 128 routes, a route of 9 spaces and three routes between one pair of cities.
MAX_CITIES, MAX_ROUTES, MAX_ROUTE_LENGTH, MAX_PARALLEL, MAX_VIA = 100, 200, 12, 3, 8
BUILTIN = ("nordic", "italy")
GAME = "ticket-to-ride"

_HEX = r"^#[0-9a-fA-F]{6}$"
_ID = r"^[a-z0-9][a-z0-9_.-]*$"


def _none_word(value: Any) -> Any:
    """``none`` / ``no`` / ``false`` written for an absent bonus -> None."""
    if value is False or (isinstance(value, str) and value.strip().lower() in {"none", "no", "off"}):
        return None
    return value


Id = Annotated[str, Field(pattern=_ID)]
Fraction = Annotated[float, Field(ge=0.0, le=1.0)]
Pos = tuple[Fraction, Fraction]


class ColourSpec(Spec):
    hex: Annotated[str, Field(pattern=_HEX)]
    aliases: list[str] = []
    any: bool = False


class CitySpec(Spec):
    id: Id
    name: Annotated[str, Field(min_length=1)]
    at: Pos
    aliases: list[str] = []
    region: str | None = None
    country: str | None = None
    label: Literal["n", "ne", "e", "se", "s", "sw", "w", "nw"] | None = None


class EndpointSpec(Spec):
    id: Id
    at: Pos


class AreaSpec(Spec):
    id: Id
    name: Annotated[str, Field(min_length=1)]
    aliases: list[str] = []
    endpoints: Annotated[list[EndpointSpec], Field(min_length=1, max_length=8)]


class RegionSpec(Spec):
    id: Id
    name: Annotated[str, Field(min_length=1)]
    aliases: list[str] = []
    counts_double: bool = False
    tint: Annotated[str, Field(pattern=_HEX)] | None = None


class RouteSpec(Spec):
    id: Id
    between: tuple[str, str]
    length: Annotated[int, Field(ge=1, le=MAX_ROUTE_LENGTH)]
    colour: str
    locomotives: Annotated[int, Field(ge=0)] = 0
    waves: Annotated[int, Field(ge=0)] = 0
    tunnel: bool = False
    any_cards_per_card: Annotated[int, Field(ge=2)] | None = None
    via: Annotated[list[Pos], Field(max_length=MAX_VIA)] = []
    note: str = ""


class TicketSpec(Spec):
    id: Id
    between: tuple[str, str]
    points: Annotated[int, Field(ge=1)]
    long: bool = False


class BonusSpec(Spec):
    points: Annotated[int, Field(ge=1)]


class StationsSpec(Spec):
    per_player: Annotated[int, Field(ge=1, le=10)]
    points_unused: Annotated[int, Field(ge=0)]


class RegionBonusSpec(Spec):
    table: Annotated[dict[Annotated[int, Field(ge=1)], Annotated[int, Field(ge=0)]], Field(min_length=1)]


_NONE_WORDS = Literal["none", "no", "off", False]


class ScoringSpec(Spec):
    globetrotter: Annotated[BonusSpec | None, BeforeValidator(
        _none_word, json_schema_input_type=BonusSpec | _NONE_WORDS | None)] = None
    longest_path_bonus: Annotated[BonusSpec | None, BeforeValidator(
        _none_word, json_schema_input_type=BonusSpec | _NONE_WORDS | None)] = None
    region_bonus: Annotated[RegionBonusSpec | None, BeforeValidator(
        _none_word, json_schema_input_type=RegionBonusSpec | _NONE_WORDS | None)] = None
    stations: Annotated[StationsSpec | None, BeforeValidator(
        _none_word, json_schema_input_type=StationsSpec | _NONE_WORDS | None)] = None
    tie_breaks: list[Literal["tickets_completed", "longest_path", "fewest_stations_used"]] = list(TIE_BREAKS)


class ParallelSpec(Spec):
    claimable_by_players: dict[Annotated[int, Field(ge=1)], Annotated[int, Field(ge=1)] | Literal["all"]]
    one_per_player: bool = True


class PlayersSpec(Spec):
    min: Annotated[int, Field(ge=1)]
    max: Annotated[int, Field(ge=1)]


class BoardSpec(Spec):
    aspect: Annotated[float, Field(gt=0)]


class SourceSpec(Spec):
    id: str
    ref: str
    used_for: str = ""


class DealSpec(Spec):
    long: Annotated[int, Field(ge=0)] = 0
    regular: Annotated[int, Field(ge=0)] = 0


_DEAL_TEXT = re.compile(r"^\s*(\d+)\s*(long|regular)\s*\+\s*(\d+)\s*(long|regular)\s*$", re.IGNORECASE)


def _deal_text(value: Any) -> Any:
    """``"1 long + 3 regular"`` (either order) -> ``{long: 1, regular: 3}``."""
    if isinstance(value, str):
        found = _DEAL_TEXT.match(value)
        if found and found.group(2).lower() != found.group(4).lower():
            return {found.group(2).lower(): int(found.group(1)), found.group(4).lower(): int(found.group(3))}
    return value


class SetupTicketsSpec(Spec):
    """``{deal: 5, keep_at_least: 2}``, or with long tickets ``{deal: {long: 1, regular: 3},
    keep_at_least: 2}`` (also written ``deal: 1 long + 3 regular``)."""

    deal: Annotated[Annotated[int, Field(ge=1)] | DealSpec, BeforeValidator(
        _deal_text, json_schema_input_type=int | DealSpec | str)]
    keep_at_least: Annotated[int, Field(ge=0)] = 0


class PlaySpec(Spec):
    """Facts for decks and rules aids; not used by the scorer (values are free-form)."""

    requires: str | None = None
    train_cards: dict[str, Any] | None = None
    ferry_cards: dict[str, Any] | None = None
    bonus_cards: list[str] | None = None
    starting_train_cards: int | None = None
    face_up_cards: int | None = None
    setup_tickets: SetupTicketsSpec | None = None
    draw_tickets: dict[str, Any] | None = None
    locomotives_wild_on: list[str] | None = None
    ferry_locomotive_substitute_cards: int | None = None
    tunnel_reveal_cards: int | None = None
    last_round_at_trains: int | None = None
    player_colours: list[Annotated[str, Field(pattern=r"^#[0-9a-fA-F]{6}$")]] | None = None   # printed pieces


class MapSpec(Spec):
    format: str
    id: Id
    name: Annotated[dict[str, str], Field(min_length=1)]
    aliases: list[str] = []
    sources: list[SourceSpec] = []
    notes: str = ""
    players: PlayersSpec
    trains_per_player: Annotated[int, Field(ge=1)]
    board: BoardSpec
    colours: Annotated[dict[str, ColourSpec], Field(min_length=1)]
    route_points: Annotated[dict[Annotated[int, Field(ge=1)], int], Field(min_length=1)]
    scoring: ScoringSpec = ScoringSpec()
    parallel_routes: ParallelSpec
    play: PlaySpec = PlaySpec()
    regions: list[RegionSpec] = []
    cities: Annotated[list[CitySpec], Field(min_length=2, max_length=MAX_CITIES)]
    areas: Annotated[list[AreaSpec], Field(max_length=20)] = []
    routes: Annotated[list[RouteSpec], Field(min_length=1, max_length=MAX_ROUTES)]
    tickets: list[TicketSpec] = []


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


UNPRINTED = {"notes", "sources", "note", "source"}  # free text for readers of the file, never printed


def _control_characters(node: Any, where: Location | None, p: Problems) -> None:
    """Every string of the map that holds a control character (they print as missing glyphs)."""
    if isinstance(node, str):
        bad = sorted({ch for ch in node if unicodedata.category(ch) == "Cc"})
        if bad:
            p.add(f"text {clip(node)} holds control character(s) " + ", ".join(repr(ch) for ch in bad), where,
                  hint="names and labels are printed: use letters, digits and punctuation")
    elif isinstance(node, dict):
        for key, value in node.items():
            if key not in UNPRINTED:
                _control_characters(value, getattr(node, "loc", lambda _k: where)(key), p)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            _control_characters(value, getattr(node, "loc", lambda _i: where)(i), p)


def _check(spec: MapSpec, raw: Any, filename: str) -> None:
    """Cross-reference checks pydantic cannot do; every problem collected."""
    p = Problems()
    _control_characters(raw, Location(filename), p)
    if spec.format != FORMAT:
        p.add(f"unknown map format {spec.format!r}", _at(raw, "format"), hint=f"expected {FORMAT!r}")
    if spec.players.min > spec.players.max:
        p.add("players: min is larger than max", _at(raw, "players"))

    def unique(kind: str, key: str, items: list[Any], ids: list[str], seen: dict[str, str]) -> None:
        for i, ident in enumerate(ids):
            if ident in seen:
                p.add(f"{kind} id {ident!r} is already used by {seen[ident]}", _at(raw, key, i, "id"))
            else:
                seen[ident] = f"a {kind}"

    nodes: dict[str, str] = {}
    unique("city", "cities", spec.cities, [c.id for c in spec.cities], nodes)
    for i, area in enumerate(spec.areas):
        for j, ep in enumerate(area.endpoints):
            if ep.id in nodes:
                p.add(f"endpoint id {ep.id!r} is already used by {nodes[ep.id]}",
                      _at(raw, "areas", i, "endpoints", j, "id"))
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
                    p.add(f"name {text!r} has no letters or digits", where)
                elif k in owner and owner[k][0] != place.id:
                    p.add(f"name {text!r} already names {owner[k][1]!r}", where,
                          hint="names and aliases are matched ignoring case, accents and punctuation")
                else:
                    owner.setdefault(k, (place.id, place.name))

    colour_ids = list(spec.colours)
    colour_key: dict[str, str] = {}
    for cid, colour in spec.colours.items():
        for text in (cid, *colour.aliases):
            k = name_key(text)
            if k in colour_key and colour_key[k] != cid:
                p.add(f"colour name {text!r} already names {colour_key[k]!r}", _at(raw, "colours", cid))
            colour_key.setdefault(k, cid)

    region_ids = [r.id for r in spec.regions]
    for i, city in enumerate(spec.cities):
        if city.region is not None and city.region not in region_ids:
            p.add(f"unknown region {city.region!r}", _at(raw, "cities", i, "region"),
                  hint=suggest(city.region, region_ids))
        elif city.region is None and spec.scoring.region_bonus is not None:
            p.add(f"city {city.id!r} has no region (this map scores regions)", _at(raw, "cities", i))
    if spec.scoring.region_bonus is not None and not spec.regions:
        p.add("a region bonus needs a `regions:` list", _at(raw, "scoring", "region_bonus"))
    for i, region in enumerate(spec.regions):
        if not any(c.region == region.id for c in spec.cities):
            p.add(f"region {region.id!r} has no city", _at(raw, "regions", i, "id"))

    endpoint_ids = {ep.id for a in spec.areas for ep in a.endpoints}
    node_ids = sorted(nodes)
    side_by_side: dict[frozenset[str], int] = {}
    for i, route in enumerate(spec.routes):
        pair = frozenset(route.between)
        side_by_side[pair] = side_by_side.get(pair, 0) + 1
        if side_by_side[pair] == MAX_PARALLEL + 1:
            p.add(f"route {route.id!r}: more than {MAX_PARALLEL} routes between {' and '.join(sorted(pair))}",
                  _at(raw, "routes", i, "between"), hint="a board has room for three routes side by side at most")
        for j, node in enumerate(route.between):
            if node not in nodes:
                hint = suggest(node, node_ids)
                if node in places:
                    hint = f"{node!r} is an area: name one of its endpoints: " + ", ".join(
                        ep.id for a in spec.areas if a.id == node for ep in a.endpoints)
                p.add(f"route {route.id!r}: unknown city or area endpoint {node!r}",
                      _at(raw, "routes", i, "between", j), hint=hint)
        a, b = route.between
        if a == b:
            p.add(f"route {route.id!r} joins {a!r} to itself", _at(raw, "routes", i, "between"))
        elif a in endpoint_ids and b in endpoint_ids:
            p.add(f"route {route.id!r} joins two outside areas", _at(raw, "routes", i, "between"))
        if route.colour not in spec.colours:
            p.add(f"route {route.id!r}: unknown colour {route.colour!r}", _at(raw, "routes", i, "colour"),
                  hint=suggest(route.colour, colour_ids))
        if route.length not in spec.route_points:
            p.add(f"route {route.id!r}: length {route.length} has no entry in route_points",
                  _at(raw, "routes", i, "length"))
        if route.locomotives + route.waves > route.length:
            p.add(f"route {route.id!r}: more ferry spaces than its length",
                  _at(raw, "routes", i, "locomotives" if route.locomotives else "waves"))
        if route.locomotives and route.waves:
            p.add(f"route {route.id!r}: give either locomotives or waves, not both",
                  _at(raw, "routes", i, "waves"))

    place_ids = sorted(places)
    for i, ticket in enumerate(spec.tickets):
        for j, place in enumerate(ticket.between):
            if place not in places:
                hint = suggest(place, place_ids)
                if place in endpoint_ids:
                    hint = "a ticket names the area, not one of its endpoints"
                p.add(f"ticket {ticket.id!r}: unknown city or area {place!r}",
                      _at(raw, "tickets", i, "between", j), hint=hint)
        if ticket.between[0] == ticket.between[1]:
            p.add(f"ticket {ticket.id!r} joins {ticket.between[0]!r} to itself",
                  _at(raw, "tickets", i, "between"))

    for n in range(spec.players.min, spec.players.max + 1):
        if n not in spec.parallel_routes.claimable_by_players:
            p.add(f"parallel_routes.claimable_by_players has no entry for {n} players",
                  _at(raw, "parallel_routes", "claimable_by_players"))
    if spec.scoring.region_bonus is not None:
        table = spec.scoring.region_bonus.table
        ordered = [table[k] for k in sorted(table)]
        if ordered != sorted(ordered):
            p.add("region_bonus.table: points must not fall as the region count grows",
                  _at(raw, "scoring", "region_bonus", "table"))
    if len(set(spec.scoring.tie_breaks)) != len(spec.scoring.tie_breaks):
        p.add("scoring.tie_breaks lists a tie-break twice", _at(raw, "scoring", "tie_breaks"))
    if "fewest_stations_used" in spec.scoring.tie_breaks and spec.scoring.stations is None:
        p.add("tie-break fewest_stations_used on a map without stations",
              _at(raw, "scoring", "tie_breaks", spec.scoring.tie_breaks.index("fewest_stations_used")),
              hint="add scoring.stations: {per_player: 3, points_unused: 4}, or drop the tie-break")
    setup = spec.play.setup_tickets
    if setup is not None:
        _check_deal(spec, setup, raw, p)

    p.raise_if_any(f"{filename} (Ticket to Ride map)", Location(filename), sort=True)


def _check_deal(spec: MapSpec, setup: SetupTicketsSpec, raw: Any, p: Problems) -> None:
    """``play.setup_tickets``: the decks it deals from exist and hold enough for one player."""
    long = sum(t.long for t in spec.tickets)
    regular = len(spec.tickets) - long
    where = _at(raw, "play", "setup_tickets", "deal")
    if isinstance(setup.deal, DealSpec):
        dealt = setup.deal.long + setup.deal.regular
        if dealt == 0:
            p.add("play.setup_tickets.deal deals no ticket", where, hint="e.g. {long: 1, regular: 3}")
        if spec.tickets and setup.deal.long > long:
            p.add(f"play.setup_tickets deals {setup.deal.long} long ticket(s) but the map has {long} "
                  "(mark them with long: true)", where)
        if spec.tickets and setup.deal.regular > regular:
            p.add(f"play.setup_tickets deals {setup.deal.regular} regular ticket(s) but the map has {regular}",
                  where)
    else:
        dealt = setup.deal
        if long and spec.tickets:
            p.add("the map has long tickets (a deck of their own): say how many of each are dealt",
                  where, hint="deal: {long: 1, regular: 3}")
    if setup.keep_at_least > dealt:
        p.add(f"play.setup_tickets keeps at least {setup.keep_at_least} of {dealt} dealt ticket(s)",
              _at(raw, "play", "setup_tickets", "keep_at_least"))


def _build(spec: MapSpec, filename: str) -> TTRMap:
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
        play=spec.play.model_dump(exclude_none=True),
    )


def parse_map(data: Any, filename: str) -> TTRMap:
    """Validate loaded YAML data of a map file and build the model."""
    try:
        spec = validate(MapSpec, data, filename, what="Ticket to Ride map")
        _check(spec, data, filename)
    except ContentError as exc:
        if len(exc.problems) == 1:  # one problem: report it directly at its file:line:col
            only = exc.problems[0]
            raise ContentError(only.message, only.location, only.hint) from None
        raise
    return _build(spec, filename)


_CACHE: dict[tuple[str, int, int], TTRMap] = {}


def load_map_file(path: str | Path) -> TTRMap:
    """Load a map content file (cached by path, size and modification time)."""
    path = Path(path)
    try:
        stat = path.stat()
        key = (str(path.resolve()), stat.st_mtime_ns, stat.st_size)
    except OSError:
        key = None
    if key and key in _CACHE:
        return _CACHE[key]
    data = yamlio.load_file(path, error=ContentError)
    if not isinstance(data, dict):
        raise ContentError("a map file must be a YAML mapping (format, id, cities, routes, ...)",
                           Location(str(path), 1, 1))
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
    found = []
    for path in sorted(folder.rglob("*.yaml") if recursive else folder.glob("*.yaml")):
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
                        hint="give each map its own id (or remove one), or name the map by its file path")
        if found:
            return found[0]
    return None


def load_map(name: str, *, base: Path | None = None, where: Location | None = None,
             error: type[RailprintError] = ContentError) -> TTRMap:
    """A map by id or alias (``nordic``, ``Italia``, ``usa``), or a map file by path.

    An id is looked up in the game file's folder (``base``) and the user's content folders
    first, then among the built-in maps. A relative path is looked up next to ``base``, then in
    the current folder.
    """
    if not _LOOKS_LIKE_PATH.search(name):
        path = _user_map(name, base, where, error)
        if path is not None:
            return load_map_file(path)
    path = builtin_map_path(name)
    if path is not None:
        return load_map_file(path)
    candidates = []
    try:
        raw = Path(name).expanduser()
    except RuntimeError:  # '~nosuchuser/...': no such home folder
        raise error(f"map file not found: {name}", where, hint="no such user's home folder") from None
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
        raise error(f"unknown map {name!r}", where,
                    hint=suggest(name, BUILTIN) + " (or give the path of a map file, or the folder "
                                                  "holding yours with --content)")
    raise error(f"map file not found: {name}", where,
                hint="built-in maps: " + ", ".join(BUILTIN))
