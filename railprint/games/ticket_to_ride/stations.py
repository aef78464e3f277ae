"""Train stations: which route of another player each of one player's stations borrows.

A station lets its owner use one route of another player into or out of its city, for tickets
only. :func:`best_borrow` picks, for the stations whose route the game file does not give, the
assignment that gives the player the most ticket points (then the most completed tickets, then
the fewest borrowed routes, then the earliest routes in map order). The search is exact over
every assignment, made small first by two steps that cannot change the best value:

1. Only connectivity matters for tickets, so a borrowed route is the merge of two *tokens* (the
   player's own network around each end, or the lone node). Options merging the same two
   tokens are one option; an option inside one network does nothing and is dropped.
2. A far token no open ticket names, no other station stands in and no other station can
   reach is a dead end: merging it changes no ticket, so the option equals borrowing nothing.

What is left is enumerated: at most ``prod(options_s + 1)`` assignments, each option a route
into the station's city — ``<= (routes into the city + 1) ** stations``; with the published 3
stations per player and a map's busiest city of ``d`` routes, ``<= (d + 1) ** 3``
(tests/games/ticket_to_ride/test_ttr_stations.py checks the count and the optimum against brute
force). An assignment is scored by looking only at the tickets with an end among the tokens it
merges (tickets with the same two token sets are one entry; a ticket no option can reach is
never looked at). The search is bounded by the work it does — assignments, tickets looked at,
ends compared — not by the number of assignments: past :data:`BUDGET` units the exact search
gives way to coordinate ascent, itself bounded by as many, and the game says so (a 2-player
game on a map within the limits, 10 stations, 4,851 tickets, was still searching at 120 s).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Hashable, Sequence

from railprint.graphs import UnionFind

from .graph import Edge

BUDGET = 6_000_000
"""Units of work (an assignment scored, a ticket looked at, a ticket end compared) one game's
borrow searches may take together (the scorer shares it among the players with stations): about
a second (benchmarks/bench_ttr_stations.py --hostile); a search gets half of its share for the
exact search, the rest (at least) for coordinate ascent. Legal games on published-size maps
need a few thousand."""


EVALUATION_WORK = 10
"""Units an assignment costs to set up, per borrowed route and once more (a ticket looked at
costs two, and one more per end compared), so that a unit is about 0.15–0.25 µs whatever the
shape of the search (measured: an assignment of 6 routes ~9 µs; a ticket looked at ~0.5 µs)."""


@dataclass(frozen=True)
class OpenTicket:
    a: tuple[Hashable, ...]      # nodes that satisfy one end (a city, or an area's dead ends)
    b: tuple[Hashable, ...]
    points: int


@dataclass(frozen=True)
class Borrowing:
    chosen: tuple[Edge | None, ...]   # per station: the borrowed edge, or None
    evaluated: int                    # assignments scored
    bound: int                        # prod(options + 1) before any pruning: the search's ceiling
    exact: bool                       # False: BUDGET exceeded, coordinate ascent used
    work: int = 0                     # units of work done (see BUDGET)


def best_borrow(own: Sequence[Edge], options: Sequence[Sequence[Edge]], tickets: Sequence[OpenTicket],
                budget: int = BUDGET) -> Borrowing:
    """Per station the edge (from its ``options``; ``(id, city, far, w)``) to borrow.

    ``own``: the player's own edges; ``tickets``: every ticket the player kept (a completed one
    is unaffected; ``a``/``b`` may name nodes only borrowed edges reach)."""
    bound = 1
    for opts in options:
        bound *= len(opts) + 1
    uf = UnionFind()
    for _, u, v, _ in own:
        uf.union(u, v)
    known = set(uf.parent)

    def token(node: Hashable) -> Hashable:
        if node not in known:
            return ("lone", node)
        return ("net", uf.find(node))

    open_tickets = []
    for t in tickets:
        ta, tb = {token(n) for n in t.a}, {token(n) for n in t.b}
        if not ta & tb:
            open_tickets.append((frozenset(ta), frozenset(tb), t.points))
    # step 1: one option per distinct useful merge
    merges: list[list[tuple[Hashable, Hashable, Edge]]] = []
    for opts in options:
        seen: dict[Hashable, tuple[Hashable, Hashable, Edge]] = {}
        for e in opts:
            ta, tb = token(e[1]), token(e[2])
            if ta != tb and tb not in seen:
                seen[tb] = (ta, tb, e)
        merges.append(list(seen.values()))
    # step 2: drop dead-end far tokens
    named = {tok for a, b, _ in open_tickets for tok in (*a, *b)}
    cities = [{m[0] for m in ms} for ms in merges]
    fars = [{m[1] for m in ms} for ms in merges]
    kept: list[list[tuple[Hashable, Hashable, Edge]]] = []
    for s, ms in enumerate(merges):
        others = set().union(*(cities[o] | fars[o] for o in range(len(merges)) if o != s)) if len(merges) > 1 else set()
        kept.append([m for m in ms if m[1] in named or m[1] in others])
    if not open_tickets:
        kept = [[] for _ in kept]
    # the tickets a merge can complete: both ends among the tokens the options reach (a token
    # no option touches is never merged), one entry per pair of token sets, indexed by token
    reach = {tok for ms in kept for a, b, _ in ms for tok in (a, b)}
    grouped: dict[tuple[frozenset, frozenset], list[int]] = {}
    for ta, tb, pts in open_tickets:
        a, b = ta & reach, tb & reach
        if a and b:
            entry = grouped.setdefault((a, b), [0, 0])
            entry[0] += pts
            entry[1] += 1
    reachable = [(b, pts, count) for (_, b), (pts, count) in grouped.items()]
    by_token: dict[Hashable, list[int]] = {}
    for index, (a, _) in enumerate(grouped):
        for tok in a:
            by_token.setdefault(tok, []).append(index)

    def value(choice: Sequence[tuple[Hashable, Hashable, Edge] | None]) -> tuple[tuple[int, int, int], int]:
        """(ticket points gained, tickets completed, -routes borrowed), and the work it took."""
        merged = [m for m in choice if m is not None]
        if not merged:
            return (0, 0, 0), EVALUATION_WORK
        local = UnionFind()
        for a, b, _ in merged:
            local.union(a, b)
        root = {tok: local.find(tok) for tok in local.parent}
        gain = done = 0
        work = EVALUATION_WORK * (1 + len(merged))
        completed: set[int] = set()
        for tok, r in root.items():
            for index in by_token.get(tok, ()):
                b, pts, count = reachable[index]
                work += 2 + len(b)
                if index not in completed and any(root.get(y) == r for y in b):
                    completed.add(index)
                    gain += 2 * pts
                    done += count
        return (gain, done, -len(merged)), work

    space = 1
    for ms in kept:
        space *= len(ms) + 1
    choices: list[list[tuple[Hashable, Hashable, Edge] | None]] = [[None, *ms] for ms in kept]
    best: tuple | None = None
    best_value = (0, 0, 0)
    evaluated = work = 0
    exact = space <= budget // 2
    if exact:
        for combo in product(*choices):
            evaluated += 1
            v, cost = value(combo)
            work += cost
            if best is None or v > best_value:
                best, best_value = combo, v
            if work > budget // 2:
                exact = False
                break
    if not exact:  # coordinate ascent from borrowing nothing (hostile maps only), with what is left
        current: list = [None] * len(kept)
        best_value, cost = value(current)
        work += cost
        improved = True
        while improved and work <= budget:
            improved = False
            for s, opts in enumerate(choices):
                for m in opts:
                    trial = current[:s] + [m] + current[s + 1:]
                    evaluated += 1
                    v, cost = value(trial)
                    work += cost
                    if v > best_value:
                        current, best_value, improved = trial, v, True
                    if work > budget:
                        break
                if work > budget:
                    break
        best = tuple(current)
    chosen = tuple(m[2] if m is not None else None for m in (best or (None,) * len(kept)))
    return Borrowing(chosen, evaluated, bound, exact, work)
