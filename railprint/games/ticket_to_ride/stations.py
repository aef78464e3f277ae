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
force). A hostile map past ``BUDGET`` assignments gets coordinate ascent instead, and says so.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Hashable, Sequence

from railprint.graphs import UnionFind

from .graph import Edge

BUDGET = 250_000
"""Assignments evaluated at most (a few tenths of a second); legal games on published-size maps
need under a thousand."""


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

    def value(choice: Sequence[tuple[Hashable, Hashable, Edge] | None]) -> tuple[int, int, int]:
        merged = [m for m in choice if m is not None]
        if not merged:
            return (0, 0, 0)
        local = UnionFind()
        for a, b, _ in merged:
            local.union(a, b)
        gain = done = 0
        for a, b, pts in open_tickets:
            ra = {local.find(x) for x in a}
            if any(local.find(y) in ra for y in b):
                gain += 2 * pts
                done += 1
        return (gain, done, -len(merged))

    space = 1
    for ms in kept:
        space *= len(ms) + 1
    choices: list[list[tuple[Hashable, Hashable, Edge] | None]] = [[None, *ms] for ms in kept]
    best: tuple | None = None
    best_value = (0, 0, 0)
    evaluated = 0
    if space <= budget:
        for combo in product(*choices):
            evaluated += 1
            v = value(combo)
            if best is None or v > best_value:
                best, best_value = combo, v
        exact = True
    else:  # coordinate ascent from borrowing nothing (hostile maps only)
        current: list = [None] * len(kept)
        best_value = value(current)
        improved = True
        while improved and evaluated < budget:
            improved = False
            for s, opts in enumerate(choices):
                for m in opts:
                    trial = current[:s] + [m] + current[s + 1:]
                    evaluated += 1
                    v = value(trial)
                    if v > best_value:
                        current, best_value, improved = trial, v, True
        best = tuple(current)
        exact = False
    chosen = tuple(m[2] if m is not None else None for m in (best or (None,) * len(kept)))
    return Borrowing(chosen, evaluated, bound, exact)
