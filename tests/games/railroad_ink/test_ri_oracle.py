"""An independent reading of the Railroad Ink scoring rules (exits, centre, errors, meteor, lava),
written from the rulebook and shared/reference/railroad-ink.md without the scorer's code, compared
with the scorer on random sheets of every expansion. (The longest lines have their own brute-force
check in test_ri_longest.py.)

The oracle works on side letters only: a space's route sides join inside it (an overpass joins
straight across only), two facing sides of the same kind join across; an exit belongs to the
group of the route side of its kind that faces it; a route side facing a space without the same
kind there is an error, except facing the board edge, or a crater with the meteor expansion
(then the space scores 2, once); a lava side facing a space without lava there is open (an
error); a lake is closed without open sides (5), and the largest lake scores 1 a space.
"""

from __future__ import annotations

import random

import pytest

from railprint.games.railroad_ink import Board, rules, score
from railprint.games.railroad_ink.longest import RouteLine

N, E, S, W = range(4)
STEP = {N: (-1, 0), E: (0, 1), S: (1, 0), W: (0, -1)}
# (row, col, side, kind) of the 12 exits: columns 2, 4, 6 on top and bottom, rows B, D, F on the sides
EXITS = ([(0, c, N, k) for c, k in ((1, "h"), (3, "r"), (5, "h"))]
         + [(6, c, S, k) for c, k in ((1, "h"), (3, "r"), (5, "h"))]
         + [(r, 0, W, k) for r, k in ((1, "r"), (3, "h"), (5, "r"))]
         + [(r, 6, E, k) for r, k in ((1, "r"), (3, "h"), (5, "r"))])
NETWORK_POINTS = {0: 0, 1: 0, 2: 4, 3: 8, 4: 12, 5: 16, 6: 20, 7: 24, 8: 28, 9: 32, 10: 36, 11: 40, 12: 45}


def _rotations(edges: str) -> set[str]:
    return {edges[k:] + edges[:k] for k in range(4)}


ROUTES = sorted(set().union(*(_rotations(e) for e in (
    "h.h.", "r.r.", "hh..", "rr..", "hhh.", "rrr.", "hhhh", "rrrr"))))
STATIONS = sorted(set().union(*(_rotations(e) for e in ("h.r.", "hr..", "hhhr", "hrrr", "hhrr", "hrhr"))))
LAVA = sorted(set().union(*(_rotations(e) for e in ("ll..", "l.l.", "lll.", "lr.r", "lh.h", "l..."))))


def _token(rnd: random.Random, expansion: str) -> str:
    roll = rnd.random()
    if roll < 0.3:
        return "...."
    if roll < 0.65:
        return rnd.choice(ROUTES)
    if roll < 0.8:
        return rnd.choice(STATIONS) + "s"
    if roll < 0.85:
        return rnd.choice(("hrhr", "rhrh")) + "o"
    if expansion == "meteor":
        return "x"
    if expansion == "lava":
        return "llllv" if roll < 0.88 else rnd.choice(LAVA)
    return rnd.choice(ROUTES)


def _coherent(rnd: random.Random, expansion: str) -> list[str]:
    """A sheet drawn side by side: most facing sides agree (long networks reaching exits, closed
    lava lakes), some are one-sided or of the other kind (errors), then craters strike."""
    kinds = "hrl" if expansion == "lava" else "hr"
    join, reach = rnd.uniform(0.45, 0.95), rnd.uniform(0.5, 1.0)   # how dense, how many exits reached
    sides = [[["."] * 4 for _ in range(7)] for _ in range(7)]
    for r in range(7):
        for c in range(7):
            for side in (E, S):
                dr, dc = STEP[side]
                if r + dr > 6 or c + dc > 6:
                    continue
                roll, kind = rnd.random(), rnd.choice(kinds)
                mine, theirs = ((kind, kind) if roll < join else (kind, ".") if roll < join + 0.04
                                else (".", kind) if roll < join + 0.08 else ("h", "r") if roll < join + 0.1
                                else (".", "."))
                sides[r][c][side] = mine
                sides[r + dr][c + dc][(side + 2) % 4] = theirs
    exit_at = {(r, c, side): kind for r, c, side, kind in EXITS}
    for r in range(7):
        for c in range(7):
            for side in range(4):
                dr, dc = STEP[side]
                if 0 <= r + dr < 7 and 0 <= c + dc < 7:
                    continue
                if (r, c, side) in exit_at:
                    roll = rnd.random()
                    sides[r][c][side] = (exit_at[r, c, side] if roll < reach
                                         else "hr"[roll < (1 + reach) / 2] if roll < 0.97 else ".")
                elif rnd.random() < 0.3:
                    sides[r][c][side] = rnd.choice(kinds)
    tokens = []
    for r in range(7):
        for c in range(7):
            e = "".join(sides[r][c])
            if "l" in e:
                marker = "v" if e == "llll" and rnd.random() < 0.5 else ""
            elif "h" in e and "r" in e:
                marker = "o" if e in ("hrhr", "rhrh") and rnd.random() < 0.5 else "s"
            else:
                marker = ""
            tokens.append("x" if expansion == "meteor" and rnd.random() < 0.12 else e + marker)
    return tokens


def _oracle(tokens: list[str], expansion: str) -> dict[str, int]:
    grid = [[tokens[r * 7 + c] for c in range(7)] for r in range(7)]

    def edges(r: int, c: int) -> str:
        t = grid[r][c]
        return "...." if t in ("x", ".") else t[:4]

    def marker(r: int, c: int) -> str:
        t = grid[r][c]
        return "x" if t == "x" else t[4:]

    def facing(r: int, c: int, side: int) -> tuple[int, int] | None:
        dr, dc = STEP[side]
        rr, cc = r + dr, c + dc
        return (rr, cc) if 0 <= rr < 7 and 0 <= cc < 7 else None

    parent: dict = {}

    def find(x):   # plain union-find (at most 98 pieces: no need to compress)
        parent.setdefault(x, x)
        return x if parent[x] == x else find(parent[x])

    def join(a, b):
        parent[find(a)] = find(b)

    def node(r, c, side):   # the piece holding this side: an overpass has two, every other space one
        if marker(r, c) == "o":
            return (r, c, side % 2)
        return (r, c, 0)

    errors = meteor_spaces = 0
    for r in range(7):
        for c in range(7):
            e = edges(r, c)
            into_crater = False
            for side in range(4):
                kind = e[side]
                if kind not in "hr":
                    continue
                find(node(r, c, side))
                nb = facing(r, c, side)
                if nb is None:
                    continue
                theirs = edges(*nb)[(side + 2) % 4]
                if theirs == kind:
                    join(node(r, c, side), node(*nb, (side + 2) % 4))
                elif expansion == "meteor" and marker(*nb) == "x":
                    into_crater = True
                else:
                    errors += 1
            meteor_spaces += into_crater
    groups: dict = {}
    for r, c, side, kind in EXITS:
        if edges(r, c)[side] == kind:
            groups.setdefault(find(node(r, c, side)), []).append((r, c))
    exits = sum(NETWORK_POINTS[len(g)] for g in groups.values())
    centre = sum(1 for r in range(2, 5) for c in range(2, 5) if grid[r][c] not in (".", "...."))

    lava = 0
    if expansion == "lava":
        def lava_sides(r, c):
            return range(4) if marker(r, c) == "v" else [s for s in range(4) if edges(r, c)[s] == "l"]

        lake_of: dict = {}
        lakes: list[list[tuple[int, int]]] = []
        for r in range(7):
            for c in range(7):
                if (r, c) in lake_of or not list(lava_sides(r, c)):
                    continue
                lake, todo = [], [(r, c)]
                lake_of[(r, c)] = len(lakes)
                while todo:   # flood through facing lava sides
                    rr, cc = todo.pop()
                    lake.append((rr, cc))
                    for side in lava_sides(rr, cc):
                        nb = facing(rr, cc, side)
                        if nb and (side + 2) % 4 in lava_sides(*nb) and nb not in lake_of:
                            lake_of[nb] = len(lakes)
                            todo.append(nb)
                lakes.append(lake)
        closed = 0
        for lake in lakes:
            open_sides = sum(1 for rr, cc in lake for side in lava_sides(rr, cc)
                             if (nb := facing(rr, cc, side)) is not None
                             and (side + 2) % 4 not in lava_sides(*nb))
            errors += open_sides
            closed += open_sides == 0
        lava = 5 * closed + max((len(lake) for lake in lakes), default=0)
    return {"exits": exits, "center": centre, "errors": errors,
            "meteor": 2 * meteor_spaces, "lava": lava}


@pytest.mark.parametrize("expansion", ["none", "meteor", "lava"])
def test_the_scorer_agrees_with_an_independent_reading(expansion, monkeypatch):
    # the longest lines are checked against brute force elsewhere; here they would only cost time
    monkeypatch.setattr(rules, "longest_route", lambda board, kind, mode: RouteLine(kind, 0, ()))
    rnd = random.Random(f"ri-oracle-{expansion}")
    for n in range(200):
        tokens = _coherent(rnd, expansion) if n % 4 else [_token(rnd, expansion) for _ in range(49)]
        if expansion == "lava" and n % 3 == 0:
            tokens[24] = "llllv"       # the volcano drawn in the centre at the start
        s = score(Board.from_tokens(tokens, expansion=expansion))
        got = {"exits": s.exits, "center": s.center, "errors": s.error_count, "meteor": s.meteor,
               "lava": s.lava}
        assert got == _oracle(tokens, expansion), (expansion, n, " ".join(tokens))
        assert s.total == (s.exits + s.longest_highway + s.longest_railway + s.center
                           - s.error_count + s.meteor + s.lava)
