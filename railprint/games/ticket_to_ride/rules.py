"""Ticket to Ride end-of-game rules: check a :class:`GameRecord` and score it.

``score_game(record)`` gives a :class:`GameScore`: per player the route points, trains, each
ticket done or failed (with the chain of cities that completes it), bonuses (Globetrotter,
region networks, longest path when the map has them), the longest trail, the total and the
rank; plus every rule the input breaks (violations are listed, never raised here).

Decisions (see docs/ticket-to-ride-scoring.md):
- Globetrotter: every player tied for the most completed tickets scores it — also when that
  most is 0 (the rulebook: ties all score it; nobody is excluded).
- Longest-path bonus: every player tied at the longest path scores it; nobody does when no
  player has a path (no route at all).
- A route listed twice by one player counts once; a plain ``A - B`` over identical parallels
  takes a free one; one ticket kept twice by a player counts once; a ticket kept by two
  players counts for both (each still gets a violation).
"""

from __future__ import annotations

from functools import lru_cache

from railprint.errors import Location, RailprintError, RulesError, violations_pl
from railprint.games.ticket_to_ride.model import DEFAULT_COLOURS, Route, Ticket, TTRMap, colour_word
from railprint.records import Record, factory
from railprint.report import ScoreLine, ScoreReport, Violation, rank
from railprint.words import counted

from .graph import TrailSearchLimit, components, longest_trail, shortest_path

LONGEST_BUDGET = 400_000
"""Search steps (~0.5 s) allowed for the longest trails of the players of one game who use more
trains than the map allows (shared among them); a legal player's search is never limited (it is
exact and fast)."""
from .notation import Claim, GameRecord, KeptTicket, PlayerEntry, StationEntry


class TicketResult(Record):
    """One kept ticket scored: completed or not, and the path that completes it."""

    ticket: Ticket
    completed: bool
    path: tuple[object, ...]       # nodes from one end to the other (empty when failed)
    where: Location
    text: str
    routes: tuple[str, ...] = ()   # the route ids along ``path``
    borrowed: tuple[str, ...] = ()  # those of ``routes`` used through a station (another player's)

    @property
    def points(self) -> int:
        return self.ticket.points if self.completed else -self.ticket.points


class Network(Record):
    """One connected group of a player's routes."""

    routes: tuple[str, ...]
    cities: tuple[str, ...]
    regions: tuple[str, ...]             # distinct regions among its cities
    complete_doubles: tuple[str, ...]    # counts_double regions with all cities in it
    count: int                           # regions counted for the bonus
    points: int


class StationResult(Record):
    """One placed train station and the route it borrows (for tickets only)."""

    city: str
    where: Location
    route: str | None = None         # borrowed route id; None: borrows nothing
    owners: tuple[str, ...] = ()     # the players holding that route
    given: bool = False              # the game file named the route (else the scorer chose it)
    counted: bool = True             # False: beyond the map's stations or a second one in a city


class PlayerScore(Record, frozen=False):
    """Everything one player scores, line by line, with what it was scored from."""

    name: str
    colour: str
    routes: tuple[str, ...]              # route ids, as scored (each once)
    route_labels: tuple[str, ...]        # each as the player named it, with [colour] on parallels
    route_points: int
    trains_used: int
    tickets: tuple[TicketResult, ...]
    networks: tuple[Network, ...]
    longest_path: int | None             # None: not computed (illegal input, search budget spent)
    globetrotter: int = 0
    region_bonus: int = 0
    longest_path_bonus: int = 0
    rank: int = 0
    violations: list[Violation] = factory(list)
    stations: tuple[StationResult, ...] = ()
    station_points: int = 0              # unused stations x the map's points_unused
    notices: list[Violation] = factory(list)

    @property
    def stations_used(self) -> int:
        return sum(s.counted for s in self.stations)

    @property
    def tickets_completed(self) -> int:
        return sum(t.completed for t in self.tickets)

    @property
    def tickets_failed(self) -> int:
        return sum(not t.completed for t in self.tickets)

    @property
    def ticket_points(self) -> int:
        return sum(t.points for t in self.tickets)

    @property
    def total(self) -> int:
        return (self.route_points + self.ticket_points + self.globetrotter + self.region_bonus
                + self.longest_path_bonus + self.station_points)

    def report(self, m: TTRMap) -> ScoreReport:
        lines = [ScoreLine("routes", self.route_points,
                           f"{len(self.routes)} routes, {self.trains_used} trains")]
        lines += [ScoreLine("tickets", t.points, t.text, str(t.where)) for t in self.tickets]
        if m.globetrotter is not None:
            lines.append(ScoreLine("globetrotter", self.globetrotter))
        if m.region_bonus is not None:
            lines += [ScoreLine("regions", n.points, f"{n.count} regions") for n in self.networks]
        if m.longest_path_bonus is not None:
            lines.append(ScoreLine("longest path", self.longest_path_bonus))
        if m.stations is not None:
            lines.append(ScoreLine("stations", self.station_points, f"{self.stations_used} used"))
        return ScoreReport(self.name, lines, list(self.violations))


class GameScore(Record, frozen=False):
    """A scored game: every player's score and the violations and notices found, each with its owner."""

    record: GameRecord
    players: list[PlayerScore]
    violations: list[Violation]              # every violation, in file order
    owners: list[str | None]                 # player name per violation (None: the game)
    notices: list[Violation] = factory(list)        # legal but worth saying
    notice_owners: list[str | None] = factory(list)

    @property
    def map(self) -> TTRMap:
        return self.record.map


# ---- checking and allocation ------------------------------------------------------------------
def _allocate(record: GameRecord) -> list[list[str]]:
    """Route id for every claim. Exact claims first; a plain claim over identical parallels
    gets one nobody holds yet (else one its player does not hold, else the first)."""
    result: list[list[str | None]] = [[None] * len(p.claims) for p in record.players]
    taken: set[str] = set()
    for pi, player in enumerate(record.players):
        for ci, claim in enumerate(player.claims):
            if len(claim.options) == 1:
                result[pi][ci] = claim.options[0]
                taken.add(claim.options[0])
    for pi, player in enumerate(record.players):
        for ci, claim in enumerate(player.claims):
            if len(claim.options) > 1:
                mine = {r for r in result[pi] if r}
                free = [o for o in claim.options if o not in taken and o not in mine]
                not_mine = [o for o in claim.options if o not in mine]
                pick = (free or not_mine or list(claim.options))[0]
                result[pi][ci] = pick
                taken.add(pick)
    return result  # type: ignore[return-value]


def _route_text(m: TTRMap, route_id: str) -> str:
    r = m.route[route_id]
    return f"{m.place_name(r.a)} - {m.place_name(r.b)}"


def _pair_text(m: TTRMap, r: Route) -> str:
    return f"{m.place_name(r.a)} - {m.place_name(r.b)}"


# ---- scoring ----------------------------------------------------------------------------------
def _node(m: TTRMap, r: Route, node: str) -> object:
    """City ids stay; an area endpoint becomes a dead end owned by this route alone."""
    return node if node in m.city else ("end", r.id, m.place_of(node))


def node_name(m: TTRMap, node: object) -> str:
    if isinstance(node, tuple):
        return m.place_name(node[2])
    return m.place_name(str(node))


def _edges(m: TTRMap, route_ids) -> list:
    out = []
    for rid in route_ids:
        r = m.route[rid]
        out.append((rid, _node(m, r, r.a), _node(m, r, r.b), r.length))
    return out


def _borrowed_edge(m: TTRMap, rid: str, city: str) -> tuple:
    """A borrowed route as an edge from the station's city (its far end a dead end if an area)."""
    r = m.route[rid]
    far = r.b if r.a == city else r.a
    return (rid, city, _node(m, r, far), r.length)


def _side(m: TTRMap, edges: list, place: str) -> list[object]:
    """The nodes of ``edges`` that satisfy a ticket's end ``place``."""
    if place in m.city:
        return [place] if any(place in (u, v) for _, u, v, _ in edges) else []
    return [n for _, u, v, _ in edges for n in (u, v) if isinstance(n, tuple) and n[2] == place]


def _score_player(m: TTRMap, entry: PlayerEntry, route_ids: list[str], colour: str,
                  budget: int, stations: tuple[StationResult, ...] = ()) -> PlayerScore:
    """``budget``: search steps for the longest trail if the player uses too many trains.
    ``stations``: the player's stations; the routes they borrow count for tickets only.

    What the player's routes, tickets and stations score is worked out once for them
    (``_WORKED``: ``railprint serve`` scores the game at every change of any one player, and the
    others' are the same); only where each ticket was written is placed anew (a player above
    who adds a route moves it a line down)."""
    firsts: dict[str, KeptTicket] = {}
    for kept in entry.tickets:
        firsts.setdefault(kept.ticket, kept)
    key = (m, tuple(route_ids), tuple([(c.a, c.b) for c in entry.claims]), tuple(firsts), budget, stations)
    worked = _WORKED.get(key)
    if worked is None:
        if len(_WORKED) >= _WORKED_MAX:
            _WORKED.clear()
        worked = _WORKED[key] = _work_player(m, entry.claims, route_ids, tuple(firsts), budget, stations)
    routes, labels, route_points, trains, ticket_parts, networks, longest, station_points = worked
    tickets = tuple([TicketResult(t, done, path, kept.where, kept.text, via, borrowed)
                     for kept, (t, done, path, via, borrowed) in zip(firsts.values(), ticket_parts)])
    return PlayerScore(
        name=entry.name, colour=colour, routes=routes, route_labels=labels, route_points=route_points,
        trains_used=trains, tickets=tickets, networks=networks, longest_path=longest,
        region_bonus=sum(n.points for n in networks), stations=stations, station_points=station_points)


_WORKED: dict[tuple, tuple] = {}
_WORKED_MAX = 4096


def _work_player(m: TTRMap, claims: tuple[Claim, ...], route_ids: list[str], ticket_ids: tuple[str, ...],
                 budget: int, stations: tuple[StationResult, ...]) -> tuple:
    """A player's routes scored (:func:`_score_player`): their ids, labels, points and trains,
    each ticket's ``(ticket, done, path, route ids, borrowed)``, the networks, the longest trail
    and the unused stations' points."""
    routes = tuple(dict.fromkeys(route_ids))
    labels: dict[str, str] = {}
    for claim, rid in zip(claims, route_ids):
        if rid not in labels:
            r = m.route[rid]
            label = f"{m.place_name(claim.a)} - {m.place_name(claim.b)}"
            if len(m.parallel_groups[r.pair]) > 1:
                label += f" [{r.colour}]"
            labels[rid] = label
    edges = _edges(m, routes)
    borrow_edges = [_borrowed_edge(m, st.route, st.city) for st in stations
                    if st.counted and st.route is not None]
    ticket_edges = edges + borrow_edges
    route_points = sum(m.points_for_length[m.route[r].length] for r in routes)
    trains = sum(m.route[r].length for r in routes)

    comp_of: dict[object, int] = {}
    for i, comp in enumerate(components(ticket_edges)):
        for _, u, v, _ in comp:
            comp_of[u] = i
            comp_of[v] = i
    lent = {e[0] for e in borrow_edges}

    def side(place: str) -> list[object]:
        return _side(m, ticket_edges, place)

    tickets = []
    for ticket_id in ticket_ids:
        t = m.ticket[ticket_id]
        a_side, b_side = side(t.a), side(t.b)
        done = any(comp_of[x] == comp_of[y] for x in a_side for y in b_side)
        path: tuple = ()
        via: list[str] = []
        if done:
            # the player's own routes when they suffice (a station's route only where needed)
            path = tuple((shortest_path(edges, _side(m, edges, t.a), _side(m, edges, t.b)) if lent else None)
                         or shortest_path(ticket_edges, a_side, b_side) or ())
            for x, y in zip(path, path[1:]):
                via.append(next(rid for rid, u, v, _ in ticket_edges if {u, v} == {x, y}))
        tickets.append((t, done, path, tuple(via), tuple(r for r in via if r in lent)))

    networks = []
    for comp in components(edges):
        cities = tuple(dict.fromkeys(n for _, u, v, _ in comp for n in (u, v) if not isinstance(n, tuple)))
        regions = tuple(dict.fromkeys(m.city[c].region for c in cities if m.city[c].region))
        doubles = tuple(rg for rg in regions if m.region.get(rg) and m.region[rg].counts_double
                        and set(m.cities_of_region(rg)) <= set(cities))
        count = len(regions) + len(doubles)
        pts = m.region_bonus.points(count) if m.region_bonus else 0
        networks.append(Network(tuple(e[0] for e in comp), cities, regions, doubles, count, pts))

    return (routes, tuple(labels[r] for r in routes), route_points, trains, tuple(tickets), tuple(networks),
            _longest(edges, budget if trains > m.trains_per_player else None),
            (max(0, m.stations.per_player - sum(st.counted for st in stations)) * m.stations.points_unused)
            if m.stations else 0)


def _longest(edges: list, budget: int | None) -> int | None:
    return _longest_of(tuple(edges), budget)


@lru_cache(maxsize=1024)
def _longest_of(edges: tuple, budget: int | None) -> int | None:
    """The longest trail of a player's routes, worked out once for them (``railprint serve``
    scores the game at every change of any one player: the others' routes are the same)."""
    try:
        return longest_trail(edges, budget)
    except TrailSearchLimit:
        return None


def score_game(record: GameRecord) -> GameScore:
    """Check and score a game; violations are collected, never raised."""
    m = record.map
    n_players = len(record.players)
    allocation = _allocate(record)
    violations: list[tuple[int, int, Violation, str | None]] = []

    def flag(where: Location | None, message: str, owner: str | None, pl: str = "") -> None:
        line = where.line if where and where.line else 0
        col = where.col if where and where.col else 0
        violations.append((line, col, Violation(message, str(where) if where else "", pl), owner))

    def pair(r: Route, lang: str = "en") -> str:   # "Oslo - Bergen (red)", "Oslo - Bergen (kolor: czerwony)"
        return f"{_pair_text(m, r)} ({'kolor: ' if lang == 'pl' else ''}{colour_word(r.colour, lang)})"

    if not m.players_min <= n_players <= m.players_max:
        flag(record.players[0].where if record.players else record.where,
             f"{n_players} player(s): the {m.title()} map is for {m.players_min}-{m.players_max} players", None,
             f"{counted(n_players, ('gracz', 'gracze', 'graczy'), 'pl')}: mapa {m.title()} jest dla "
             f"{m.players_min}-{m.players_max} graczy")

    names_seen: dict[str, str] = {}
    for p in record.players:
        key = p.name.casefold()
        if key in names_seen:
            flag(p.where, f"two players are named {p.name!r}", p.name, f"dwóch graczy nazywa się {p.name!r}")
        names_seen[key] = p.name

    holders: dict[str, list[tuple[int, Claim]]] = {}
    over_limit = 0  # players with too many trains share the longest-trail search budget
    for pi, player in enumerate(record.players):
        mine: dict[str, Claim] = {}
        groups: dict[frozenset, list[tuple[str, Claim]]] = {}
        for claim, rid in zip(player.claims, allocation[pi]):
            r = m.route[rid]
            if rid in mine:
                flag(claim.where, f"{player.name}: the route {pair(r)} is listed twice "
                     f"(first at line {mine[rid].where.line}); counted once", player.name,
                     f"{player.name}: trasa {pair(r, 'pl')} jest wpisana dwa razy (pierwszy raz w wierszu "
                     f"{mine[rid].where.line}); liczy się raz")
                continue
            mine[rid] = claim
            holders.setdefault(rid, []).append((pi, claim))
            group = groups.setdefault(r.pair, [])
            if group and m.parallel.one_per_player:
                others = ", ".join(m.route[g].colour for g, _ in group)
                others_pl = ", ".join(colour_word(m.route[g].colour, "pl") for g, _ in group)
                flag(claim.where, f"{player.name} holds two parallel routes {_pair_text(m, r)} "
                     f"({others} and {r.colour}); one player may claim only one of them", player.name,
                     f"{player.name} ma dwie równoległe trasy {_pair_text(m, r)} ({others_pl} i "
                     f"{colour_word(r.colour, 'pl')}); gracz może zająć tylko jedną z nich")
            group.append((rid, claim))
        trains = sum(m.route[r].length for r in mine)
        if trains > m.trains_per_player:
            over_limit += 1
            flag(player.where, f"{player.name} uses {trains} trains; each player has only {m.trains_per_player}",
                 player.name, f"{player.name} używa {counted(trains, ('wagonu', 'wagonów', 'wagonów'), 'pl')}; "
                 f"każdy gracz ma tylko {m.trains_per_player}")
        kept: dict[str, Location] = {}
        for t in player.tickets:
            if t.ticket in kept:
                flag(t.where, f"{player.name}: the ticket {t.text} is listed twice (first at line "
                     f"{kept[t.ticket].line}); counted once", player.name,
                     f"{player.name}: bilet {t.text} jest wpisany dwa razy (pierwszy raz w wierszu "
                     f"{kept[t.ticket].line}); liczy się raz")
            else:
                kept[t.ticket] = t.where

    for rid, hs in holders.items():
        if len(hs) > 1:
            names = " and ".join(record.players[pi].name for pi, _ in hs)
            names_pl = " i ".join(record.players[pi].name for pi, _ in hs)
            r = m.route[rid]
            for pi, claim in hs[1:]:
                flag(claim.where, f"the route {pair(r)} is claimed by both {names}",
                     record.players[pi].name, f"trasę {pair(r, 'pl')} zajmują jednocześnie {names_pl}")

    limit = m.parallel.limit(n_players)
    if limit is not None:
        for pair, ids in m.parallel_groups.items():
            if len(ids) < 2:
                continue
            claimed = [(rid, pi, claim) for rid in ids for pi, claim in holders.get(rid, [])]
            distinct = list(dict.fromkeys(rid for rid, _, _ in claimed))
            players_in = {pi for _, pi, _ in claimed}
            if len(distinct) > limit and len(players_in) > 1:
                r = m.route[ids[0]]
                who = ", ".join(f"{record.players[pi].name}: {m.route[rid].colour}" for rid, pi, _ in claimed)
                who_pl = ", ".join(f"{record.players[pi].name}: {colour_word(m.route[rid].colour, 'pl')}"
                                   for rid, pi, _ in claimed)
                last = max((c for _, _, c in claimed), key=lambda c: (c.where.line or 0, c.where.col or 0))
                kind = {2: "double", 3: "triple"}.get(len(ids), f"{len(ids)}-fold")
                kind_pl = {2: "podwójnej", 3: "potrójnej"}.get(len(ids), f"{len(ids)}-krotnej")
                flag(last.where, f"with {n_players} players only {limit} route(s) of the {kind} route "
                     f"{_pair_text(m, r)} may be claimed ({who})", None,
                     f"przy {n_players} graczach z {kind_pl} trasy {_pair_text(m, r)} można zająć tylko "
                     f"{counted(limit, ('trasę', 'trasy', 'tras'), 'pl')} ({who_pl})")

    ticket_holders: dict[str, list[int]] = {}
    for pi, player in enumerate(record.players):
        for t in dict.fromkeys(k.ticket for k in player.tickets):
            ticket_holders.setdefault(t, []).append(pi)
    for tid, pis in ticket_holders.items():
        if len(pis) > 1:
            names = " and ".join(record.players[pi].name for pi in pis)
            names_pl = " i ".join(record.players[pi].name for pi in pis)
            for pi in pis[1:]:
                where = next(k.where for k in record.players[pi].tickets if k.ticket == tid)
                tk = m.ticket[tid]
                flag(where, f"the ticket {m.place_name(tk.a)} - {m.place_name(tk.b)} is kept by both {names} "
                     f"(there is one such card)", record.players[pi].name,
                     f"bilet {m.place_name(tk.a)} - {m.place_name(tk.b)} mają jednocześnie {names_pl} "
                     f"(jest tylko jedna taka karta)")

    notices: list[tuple[int, int, Violation, str | None]] = []

    def notice(where: Location | None, message: str, owner: str | None, pl: str = "") -> None:
        notices.append((where.line or 0 if where else 0, where.col or 0 if where else 0,
                        Violation(message, str(where) if where else "", pl), owner))

    station_results = _stations(record, allocation, holders, flag, notice)

    colours_used = set()
    players = []
    budget = LONGEST_BUDGET // max(1, over_limit)
    for pi, entry in enumerate(record.players):
        colour = entry.colour
        if colour is None:
            colour = next((c for c in DEFAULT_COLOURS if c not in colours_used), DEFAULT_COLOURS[pi % 6])
        colours_used.add(colour)
        players.append(_score_player(m, entry, allocation[pi], colour, budget, station_results[pi]))
        if players[-1].longest_path is None:
            flag(entry.where, f"{entry.name}: longest path not computed — with more trains than a player has "
                 f"the search was stopped after {budget:,} steps; the longest-path bonus and tie-breaks "
                 "count it as 0", entry.name,
                 f"{entry.name}: najdłuższej trasy nie obliczono — przy większej liczbie wagonów, niż ma gracz, "
                 f"przeszukiwanie przerwano po {f'{budget:,}'.replace(',', chr(0xa0))} krokach; premia i "
                 "rozstrzyganie remisów liczą ją jako 0")

    if m.globetrotter is not None and players:
        best = max(p.tickets_completed for p in players)
        for p in players:
            if p.tickets_completed == best:
                p.globetrotter = m.globetrotter
    if m.longest_path_bonus is not None and players:
        best = max(p.longest_path or 0 for p in players)
        if best > 0:
            for p in players:
                if p.longest_path == best:
                    p.longest_path_bonus = m.longest_path_bonus

    keys = []
    for p in players:
        key = [p.total]
        for tb in m.tie_breaks:
            key.append(p.tickets_completed if tb == "tickets_completed"
                       else -p.stations_used if tb == "fewest_stations_used" else p.longest_path or 0)
        keys.append(tuple(key))
    for p, r in zip(players, rank(keys)):
        p.rank = r

    violations.sort(key=lambda v: (v[0], v[1]))
    notices.sort(key=lambda v: (v[0], v[1]))
    by_name = {p.name: p for p in players}
    for _, _, v, owner in violations:
        if owner in by_name:
            by_name[owner].violations.append(v)
    for _, _, v, owner in notices:
        if owner in by_name:
            by_name[owner].notices.append(v)
    return GameScore(record, players, [v for _, _, v, _ in violations], [o for _, _, _, o in violations],
                     [v for _, _, v, _ in notices], [o for _, _, _, o in notices])


def _stations(record: GameRecord, allocation: list[list[str]], holders: dict[str, list[tuple[int, Claim]]],
              flag, notice) -> list[tuple[StationResult, ...]]:
    """Every player's stations: checked (violations flagged, legal oddities noticed) and, where
    the file gives no route, the borrowed routes that score the player the most (exact search,
    :func:`railprint.games.ticket_to_ride.stations.best_borrow`)."""
    m = record.map
    out: list[tuple[StationResult, ...]] = [() for _ in record.players]
    if m.stations is None:
        return out
    # imported here: scoring a map without stations (Nordic, Italy) needs none of the search
    from .stations import BUDGET as BORROW_BUDGET, OpenTicket, best_borrow
    owners = {rid: tuple(dict.fromkeys(pi for pi, _ in hs)) for rid, hs in holders.items()}
    city_holder: dict[str, tuple[int, StationEntry]] = {}
    searching = [pi for pi, player in enumerate(record.players) if player.stations]
    budget = BORROW_BUDGET
    for pi, player in enumerate(record.players):
        if not player.stations:
            continue
        name = player.name
        mine = set(r for r in allocation[pi])
        results: list[StationResult] = []
        seen: dict[str, StationEntry] = {}
        placed = 0
        searched: list[int] = []     # indexes into results the search decides
        options: list[list[tuple]] = []
        fixed: list[tuple] = []
        for st in player.stations:
            city = m.place_name(st.city)
            if st.city in seen:
                flag(st.where, f"{name} lists a station in {city} twice (first at line {seen[st.city].where.line}); "
                     "counted once", name, f"{name} wpisuje dworzec w mieście {city} dwa razy (pierwszy raz w wierszu "
                     f"{seen[st.city].where.line}); liczy się raz")
                results.append(StationResult(st.city, st.where, counted=False))
                continue
            seen[st.city] = st
            if placed >= m.stations.per_player:
                flag(st.where, f"{name} places {len({x.city for x in player.stations})} stations; each player has only "
                     f"{m.stations.per_player} (the station in {city} is not counted)", name,
                     f"{name} stawia {counted(len({x.city for x in player.stations}), ('dworzec', 'dworce', 'dworców'), 'pl')}; "
                     f"każdy gracz ma tylko {m.stations.per_player} (dworzec w mieście {city} się nie liczy)")
                results.append(StationResult(st.city, st.where, counted=False))
                continue
            placed += 1
            other = city_holder.get(st.city)
            if other is not None:
                flag(st.where, f"{city} holds stations of both {record.players[other[0]].name} and {name}; "
                     "a city takes one station", name,
                     f"w mieście {city} stoją dworce graczy {record.players[other[0]].name} i {name}; "
                     "w mieście może stać tylko jeden dworzec")
            else:
                city_holder[st.city] = (pi, st)
            foreign = [rid for rid in m.routes_at_city[st.city]
                       if rid not in mine and any(o != pi for o in owners.get(rid, ()))]
            if st.borrows:
                pick = next((r for r in st.borrows if r in foreign), None)
                if pick is not None:
                    results.append(StationResult(st.city, st.where, pick, _names(record, owners[pick], pi), True))
                    fixed.append(_borrowed_edge(m, pick, st.city))
                    continue
                where = st.borrows_where or st.where
                if any(r in mine for r in st.borrows):
                    flag(where, f"{name}'s station in {city} borrows {st.borrows_text}, which is {name}'s own "
                         "route (a station borrows another player's route); it borrows nothing", name,
                         f"dworzec gracza {name} w mieście {city} korzysta z trasy {st.borrows_text}, która należy "
                         f"do niego samego (dworzec korzysta z trasy innego gracza); nie korzysta z żadnej")
                else:
                    flag(where, f"{name}'s station in {city} borrows {st.borrows_text}, which no player claimed; "
                         "it borrows nothing", name,
                         f"dworzec gracza {name} w mieście {city} korzysta z trasy {st.borrows_text}, której nikt "
                         "nie zajął; nie korzysta z żadnej")
                results.append(StationResult(st.city, st.where, None, (), True))
                continue
            if not foreign:
                notice(st.where, f"{name}'s station in {city}: no other player has a route into {city}, so it "
                       "borrows nothing (legal: the station is used and does not score its "
                       f"{m.stations.points_unused} points)", name,
                       f"dworzec gracza {name} w mieście {city}: żaden inny gracz nie ma trasy do miasta {city}, "
                       "więc dworzec nie korzysta z żadnej (zgodnie z zasadami: dworzec jest użyty i nie daje "
                       f"swoich {m.stations.points_unused} punktów)")
            searched.append(len(results))
            options.append([_borrowed_edge(m, rid, st.city) for rid in foreign])
            results.append(StationResult(st.city, st.where))
        if searched:
            own = _edges(m, dict.fromkeys(allocation[pi])) + fixed
            reach = [e for opts in options for e in opts]
            tickets = []
            for kept in dict.fromkeys(k.ticket for k in player.tickets):
                t = m.ticket[kept]
                tickets.append(OpenTicket(tuple(_side(m, own + reach, t.a)) or (("none", t.a),),
                                          tuple(_side(m, own + reach, t.b)) or (("none", t.b),), t.points))
            # the game's search budget, shared among the players still to search
            found = best_borrow(own, options, tickets, budget=budget // sum(1 for q in searching if q >= pi))
            budget -= found.work
            if not found.exact:   # an exact answer or a clear error, never a guess shown as the score
                raise RailprintError(
                    f"{name}: {found.bound:,} ways to borrow routes for the stations, too many to find the best "
                    f"within the search's bound ({BORROW_BUDGET:,} steps a game)", player.where,
                    hint="name the route each station borrows in the game file (City: A - B)")
            for i, edge in zip(searched, found.chosen):
                if edge is not None:
                    rid = edge[0]
                    results[i] = StationResult(results[i].city, results[i].where, rid,
                                               _names(record, owners[rid], pi), False)
        out[pi] = tuple(results)
    return out


def _names(record: GameRecord, players: tuple[int, ...], me: int) -> tuple[str, ...]:
    return tuple(record.players[pi].name for pi in players if pi != me)


def enforce(score: GameScore) -> None:
    """Strict mode: raise one RulesError listing every violation."""
    if not score.violations:
        return
    first = score.violations[0]
    if len(score.violations) == 1:
        raise RulesError(first.message, _parse_where(first.where), pl=first.pl or None)
    lines = [f"{len(score.violations)} rule violations in {score.record.file}:"]
    lines += [f"  {v}" for v in score.violations]
    polish = [f"{violations_pl(len(score.violations))} w {score.record.file}:"]
    polish += [f"  {v.text('pl')}" for v in score.violations]
    raise RulesError("\n".join(lines), pl="\n".join(polish))


def _parse_where(text: str) -> Location | None:
    if not text:
        return None
    parts = text.rsplit(":", 2)
    if len(parts) == 3 and parts[1].isdigit() and parts[2].isdigit():
        return Location(parts[0], int(parts[1]), int(parts[2]))
    return Location(text)
