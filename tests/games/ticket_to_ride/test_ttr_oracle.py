"""An independent reading of Ticket to Ride end-of-game scoring, from the rulebooks and
shared/reference/ticket-to-ride.md, on the reference data (tests/data/ticket_to_ride/
reference-maps.txt, generated from shared/reference, not from content/), compared with the scorer
on random finished games of both maps.

The oracle: route points by length (1, 2, 4, 7, 10, 15, 18 for 7, 27 for 9); a ticket scores
+value when one group of the player's routes touches both places, −value otherwise; an outside
area is a separate dead end at every route into it (it joins nothing); Nordic: +10 to every
player with the most completed tickets; Italy: per group of routes, its distinct regions + 1 for
each of Sardegna, Sicilia, Puglia with all cities in it, 5 → 1, 6 → 2, 7 → 4, 8 → 7, 9 → 11,
10 → 16, 11 → 22, 12 → 29, 13 → 37, 14 → 46, 15 or more → 56.
"""

from __future__ import annotations

import random
from collections import defaultdict
from pathlib import Path

import pytest

from railprint.games.ticket_to_ride import score_text

REFERENCE = Path(__file__).resolve().parents[2] / "data" / "ticket_to_ride" / "reference-maps.txt"
ROUTE_POINTS = {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15, 7: 18, 9: 27}
REGION_POINTS = {5: 1, 6: 2, 7: 4, 8: 7, 9: 11, 10: 16, 11: 22, 12: 29, 13: 37, 14: 46, 15: 56}
SPECIAL = ("sardegna", "sicilia", "puglia")
AREAS = ("francia", "monaco", "svizzera", "austria", "croazia")


def _reference(name: str):
    routes, tickets, region = [], [], {}
    for line in REFERENCE.read_text(encoding="utf-8").splitlines():
        f = line.split()
        if not f or f[0] != name:
            continue
        if f[1] == "route":
            routes.append((f[2], f[3], int(f[4]), f[5]))
        elif f[1] == "ticket":
            tickets.append((f[2], f[3], int(f[4])))
        else:
            region[f[2]] = f[3]
    return routes, tickets, region


def _region_points(n: int) -> int:
    return 56 if n >= 15 else REGION_POINTS.get(n, 0)


def _oracle(name: str, hands: list[tuple[list, list]], region: dict) -> list[dict]:
    out = []
    for routes, tickets in hands:
        parent: dict = {}

        def find(x):
            parent.setdefault(x, x)
            while parent[x] != x:
                x = parent[x]
            return x

        ends: dict[str, list] = defaultdict(list)    # place -> the nodes standing for it
        for k, (a, b, length, colour) in enumerate(routes):
            nodes = []
            for place in (a, b):
                node = ("area", k, place) if place in AREAS else place   # each route its own dead end
                nodes.append(node)
                ends[place].append(node)
            parent[find(nodes[0])] = find(nodes[1])
        done = [any(find(x) == find(y) for x in ends[a] for y in ends[b]) for a, b, _ in tickets]
        groups: dict = defaultdict(set)
        for node in list(parent):
            if not isinstance(node, tuple):
                groups[find(node)].add(node)
        bonus = 0
        if name == "italy":
            for cities in groups.values():
                regions = {region[c] for c in cities}
                doubles = sum(1 for rg in SPECIAL
                              if {c for c, r in region.items() if r == rg} <= cities)
                bonus += _region_points(len(regions) + doubles)
        out.append({
            "route_points": sum(ROUTE_POINTS[r[2]] for r in routes),
            "trains_used": sum(r[2] for r in routes),
            "tickets_completed": sum(done),
            "tickets_failed": len(done) - sum(done),
            "ticket_points": sum(t[2] if d else -t[2] for t, d in zip(tickets, done)),
            "region_bonus": bonus,
        })
    if name == "nordic":
        best = max(p["tickets_completed"] for p in out)
        for p in out:
            p["globetrotter"] = 10 if p["tickets_completed"] == best else 0
    else:
        for p in out:
            p["globetrotter"] = 0
    for p in out:
        p["total"] = (p["route_points"] + p["ticket_points"] + p["globetrotter"] + p["region_bonus"])
    return out


def _game(rnd: random.Random, name: str, routes: list, tickets: list) -> tuple[str, list]:
    """A random finished game: each player's routes are a few random walks (so that tickets get
    completed and networks grow), one route of a group of parallels at most, no route twice; the
    tickets kept are partly between places the player's routes touch, partly any."""
    players = rnd.randint(2, 3) if name == "nordic" else rnd.randint(2, 5)
    by_pair = defaultdict(list)
    at = defaultdict(list)
    for r in routes:
        by_pair[r[:2]].append(r)
    for pair in by_pair:
        at[pair[0]].append(pair)
        at[pair[1]].append(pair)
    taken: set = set()
    free_tickets = list(tickets)
    rnd.shuffle(free_tickets)
    hands, text = [], [f"map: {name}", "players:"]
    for p in range(players):
        mine = []
        for _ in range(rnd.randint(1, 3)):
            here = rnd.choice([c for c in at if c not in AREAS])
            for _ in range(rnd.randint(1, 12)):
                options = [pair for pair in at[here] if pair not in taken]
                if not options or here in AREAS:
                    break
                pair = rnd.choice(options)
                taken.add(pair)
                mine.append(rnd.choice(by_pair[pair]))
                here = pair[1] if pair[0] == here else pair[0]
        touched = {place for r in mine for place in r[:2]}
        near = [t for t in free_tickets if t[0] in touched and t[1] in touched]   # likely done
        kept = rnd.sample(near, min(len(near), rnd.randint(0, 3)))
        kept += [t for t in free_tickets if t not in kept][:rnd.randint(0, 2)]
        free_tickets = [t for t in free_tickets if t not in kept]
        hands.append((mine, kept))
        text.append(f"  - name: P{p}")
        text.append("    routes:")
        for a, b, length, colour in mine:
            text.append(f"      - {a} - {b} [{colour}]" if len(by_pair[(a, b)]) > 1 else f"      - {a} - {b}")
        text.append("    tickets: [" + ", ".join(f"{a} - {b}" for a, b, _ in kept) + "]")
    return "\n".join(text) + "\n", hands


@pytest.mark.parametrize("name", ["nordic", "italy"])
def test_the_scorer_agrees_with_an_independent_reading(name):
    routes, tickets, region = _reference(name)
    rnd = random.Random(f"ttr-oracle-{name}")
    for n in range(60):
        text, hands = _game(rnd, name, routes, tickets)
        # identical parallels ([colour] is the same for two gray ferries): trains and points agree
        data = score_text(text, f"game{n}.yaml").as_json()
        want = _oracle(name, hands, region)
        for got, expected in zip(data["players"], want):
            assert {k: got[k] for k in expected} == expected, (n, got["name"], text)
