"""Exact longest highway / longest railway.

The route graph of one kind (``h`` or ``r``): a space is a node when it has a side of that
kind; two neighbouring spaces are linked when their facing sides are both of that kind. Inside
a space a line may only go from one side to another side it is joined to (``Cell.pieces``:
an overpass joins straight across only; a station or a plain space joins all its sides, so a
line of one kind passes a station through its sides of that kind and never changes kind).

``simple`` (the default reading): the longest sequence of distinct spaces, each linked to the
next, entered and left through joined sides. Each space scores 1.

``trail``: the line may come back into a space it already crossed when it enters through a side
it has not used yet (each link between two spaces is used at most once). Points still count
spaces — a space crossed twice scores 1 — so the line can only reach further.

Two exact methods, the fast one first:

1. Depth-first search over (space, entry side) with visited spaces in an int bitmask (bit
   ``row * 7 + col``), neighbours tried fewest-onward-links first (Warnsdorff). A branch is cut
   when an upper bound on what it can still add cannot beat the best line so far:
   only spaces reachable through unvisited spaces can follow (flood fill with bit shifts); the
   grid is bipartite, so a simple line alternates colours (``2·min(a, b) + 1`` spaces at most);
   a reachable space with one reachable neighbour can only be the last one. The same bounds on
   each component give a ceiling: the search stops as soon as a line reaches it (all-``hhhh``:
   49 spaces on the first descent). The search also stops after ``DFS_BUDGET`` expansions.
   It then tries to lengthen its line cheaply (the DP below keeps only states that can beat
   it, so a line a space closer to the optimum often halves its work on dense boards): short fresh
   searches from the first few start spaces (``PROBE``), and for trails ``_even_trail``, which
   takes every link and removes shortest paths between odd-degree spaces until at most two are
   left (an Euler trail); either may reach the ceiling and end the search there.
2. If the line is still not proven optimal, a frontier ("plug")
   dynamic programme over the grid settles it in bounded time: cells are processed row by row;
   the state is the component labels of the 8 links crossing the frontier plus the number of
   odd-degree spaces so far; the value is the most spaces used. A simple line is a connected,
   acyclic set of links with degrees <= 2; a trail is a connected set of links with at most
   two odd-degree spaces (then it has an Euler trail, which ``_walk`` recovers for the report).
   States that cannot beat the search's line are dropped: a state's ceiling counts the
   spaces still to come that have two joined links, and at most as many dead-end spaces (one
   link) as the line still has free ends.

Both are checked against brute force and against each other in tests/games/railroad_ink.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from railprint.games.railroad_ink.board import DELTA, SIZE, Board, opposite
from railprint.records import Record

if TYPE_CHECKING:
    from collections.abc import Callable

CELLS = SIZE * SIZE
ALL = (1 << CELLS) - 1
_COLOUR0 = sum(1 << (r * SIZE + c) for r in range(SIZE) for c in range(SIZE) if (r + c) % 2 == 0)
_STEP = (-SIZE, 1, SIZE, -1)  # index offset for N, E, S, W


class RouteLine(Record):
    """The longest line of one kind: ``path`` lists (row, col) in order (a space may appear
    twice in trail mode); ``length`` counts distinct spaces."""

    kind: str
    length: int
    path: tuple[tuple[int, int], ...]
    mode: str = "simple"


class _Graph:
    """Links of one route kind, as per-side neighbour tables and direction bitmasks."""

    def __init__(self, board: Board, kind: str):
        self.nodes = 0
        self.conn = [[-1, -1, -1, -1] for _ in range(CELLS)]
        self.join: list[list[tuple[int, ...]]] = [[(), (), (), ()] for _ in range(CELLS)]
        self.masks = [0, 0, 0, 0]  # cells linked to their N / E / S / W neighbour
        self.pieces: list[tuple[tuple[int, ...], ...]] = [() for _ in range(CELLS)]
        for r, c, cell in board.cells():
            i = r * SIZE + c
            sides = cell.route_sides(kind)
            if not sides:
                continue
            self.nodes |= 1 << i
            for s in sides:
                dr, dc = DELTA[s]
                rr, cc = r + dr, c + dc
                if 0 <= rr < SIZE and 0 <= cc < SIZE and board[rr, cc].edges[opposite(s)] == kind \
                        and board[rr, cc].marker != "x":
                    self.conn[i][s] = rr * SIZE + cc
                    self.masks[s] |= 1 << i
            linked = []
            for piece in cell.pieces():
                mine = tuple(s for s in piece if s in sides)
                for s in mine:
                    self.join[i][s] = tuple(t for t in mine if t != s and self.conn[i][t] >= 0)
                mine = tuple(s for s in mine if self.conn[i][s] >= 0)
                if mine:
                    linked.append(mine)
            self.pieces[i] = tuple(linked)

    def step(self, front: int, allowed: int) -> int:
        """Cells in ``allowed`` linked to some cell of ``front``."""
        mN, mE, mS, mW = self.masks
        return (((front & mN) >> SIZE) | ((front & mE) << 1) | ((front & mS) << SIZE)
                | ((front & mW) >> 1)) & allowed

    def reach(self, start: int, allowed: int) -> int:
        """Cells of ``allowed`` reachable from the cells of ``start`` (start itself excluded
        unless reachable again)."""
        seen = 0
        front = start
        while front:
            front = self.step(front, allowed & ~seen)
            seen |= front
        return seen

    def leaves(self, region: int, extra: int) -> int:
        """Cells of ``region`` with at most one linked neighbour in ``region | extra``."""
        p = region | extra
        mN, mE, mS, mW = self.masks
        n = (p << SIZE) & mN
        e = (p >> 1) & mE
        s = (p >> SIZE) & mS
        w = (p << 1) & mW
        two = (n & e) | (n & s) | (n & w) | (e & s) | (e & w) | (s & w)
        return region & ~two

    def components(self) -> list[int]:
        left = self.nodes
        out = []
        while left:
            low = left & -left
            comp = low | self.reach(low, self.nodes)
            out.append(comp)
            left &= ~comp
        return out


def _alternating(other: int, same: int) -> int:
    """Most cells in a sequence alternating colours that starts with the ``other`` colour."""
    return 2 * same + 1 if other > same else 2 * other


def _component_bound(g: _Graph, comp: int) -> int:
    """Ceiling for a simple line inside one component (both ends free)."""
    leaves = g.leaves(comp, 0)
    core = comp & ~leaves
    a = (core & _COLOUR0).bit_count()
    b = (core & ~_COLOUR0).bit_count()
    longest = 2 * min(a, b) + (1 if a != b else 0)
    return min(comp.bit_count(), longest + min(2, leaves.bit_count()))




class _Stop(Exception):
    """The search reached the ceiling (found an optimal line) or ran out of budget."""


# node expansions before the depth-first search hands over to the frontier DP (measured with
# benchmarks/bench_railroad_ink_score.py: enough for sparse sheets, cheap on dense boards)
DFS_BUDGET = {"simple": 500, "trail": 1500}


def longest_route(board: Board, kind: str, mode: str = "simple",
                  budget: int | None = None) -> RouteLine:
    """The exact longest line of ``kind`` ('h' or 'r') in ``mode`` ('simple' or 'trail')."""
    if mode not in ("simple", "trail"):
        raise ValueError(f"unknown longest-route mode {mode!r}")
    g = _Graph(board, kind)
    if not g.nodes:
        return RouteLine(kind, 0, (), mode)
    search = _SimpleSearch(g) if mode == "simple" else _TrailSearch(g)
    proven = search.run(DFS_BUDGET[mode] if budget is None else budget)
    length, path = search.best, search.best_path
    if not proven and budget is None:
        proven = search.probe(*PROBE[mode])
        length, path = search.best, search.best_path
        if not proven and mode == "trail":
            found = _even_trail(g)
            if found is not None and found[0] > length:
                length, path = found[0], _walk(g, found[1], False)
                proven = length >= search.ceiling
    if not proven:
        found = _frontier_dp(g, mode == "simple", beat=length)
        if found is not None:
            length, path = found[0], _walk(g, found[1], mode == "simple")
    return RouteLine(kind, length, tuple(divmod(i, SIZE) for i in path), mode)


# When the search runs out of budget, its line is often a few spaces short (the budget went into
# the tail of one line): fresh searches from the first few start spaces with a small budget each
# (start spaces, expansions apiece) and, for trails, ``_even_trail`` lift it before the DP
# proves the rest. The DP only keeps states that can beat the line: the closer, the fewer.
PROBE = {"simple": (5, 100), "trail": (5, 150)}
def _even_trail(g: _Graph) -> tuple[int, int] | None:
    """A long trail built from the links (a heuristic: a valid trail, not always the longest).

    Start from every link of the largest component of the piece graph (a vertex is one joined
    group of sides of a space: a plain space is one vertex, an overpass two). A connected set of
    links with at most two odd-degree vertices is a trail (Euler). While more than two vertices
    are odd, remove the links of a shortest path between two of them (both change parity, the
    inner vertices keep theirs) when the rest stays connected and no vertex loses its last link;
    when no such path exists, drop a dead end. Returns (spaces, links mask) like the DP."""
    vertex = {}
    adj: dict[int, list[tuple[int, int]]] = {}
    for i in range(CELLS):
        for k, piece in enumerate(g.pieces[i]):
            for side in piece:
                vertex[i, side] = 2 * i + k
    links = 0
    for i in range(CELLS):
        for side, bit, step in ((_CELL_E, 2 * i, 1), (_CELL_S, 2 * i + 1, SIZE)):
            if g.conn[i][side] >= 0:
                a, b = vertex[i, side], vertex[i + step, opposite(side)]
                adj.setdefault(a, []).append((b, bit))
                adj.setdefault(b, []).append((a, bit))
                links |= 1 << bit
    if not adj:
        return None

    def reach(start: int, mask: int) -> tuple[set[int], int]:
        seen, stack, used = {start}, [start], 0
        while stack:
            v = stack.pop()
            for w, bit in adj[v]:
                if (mask >> bit) & 1:
                    used |= 1 << bit
                    if w not in seen:
                        seen.add(w)
                        stack.append(w)
        return seen, used

    best: tuple[int, int] | None = None
    left = set(adj)
    while left:
        start = min(left)
        comp, mask = reach(start, links)
        left -= comp
        degree = {v: sum(1 for _w, bit in adj[v] if (mask >> bit) & 1) for v in comp}
        while True:
            odd = sorted(v for v in comp if degree[v] % 2)
            if len(odd) <= 2:
                break
            leaves = [v for v in odd if degree[v] == 1]
            if len(leaves) > 2:
                # a trail ends in at most two dead ends: drop one whose neighbour keeps the
                # most links (dropping it never strands another space)
                def neighbour(v: int) -> tuple[int, int]:
                    return next((w, bit) for w, bit in adj[v] if (mask >> bit) & 1)
                leaf = max(leaves, key=lambda v: (degree[neighbour(v)[0]], -v))
                w, bit = neighbour(leaf)
                mask &= ~(1 << bit)
                degree[leaf] -= 1
                degree[w] -= 1
                comp = comp - {leaf}
                continue
            paired = _pair_odd(adj, comp, odd, degree, mask, reach, False)
            if paired is None:  # only through spaces that then drop out
                paired = _pair_odd(adj, comp, odd, degree, mask, reach, True)
            if paired is None:
                break
            mask, comp = paired
        if len([v for v in comp if degree[v] % 2]) > 2:
            continue
        cells = len({v // 2 for v in comp if degree[v]})
        if best is None or cells > best[0]:
            best = (cells, mask)
    return best


def _pair_odd(adj, comp, odd, degree, mask, reach, lose: bool) -> tuple[int, set[int]] | None:
    """(links, vertices) without the links of a shortest path between two odd vertices that
    keeps the rest connected; ``degree`` is updated. Inner vertices keep two links or more,
    unless ``lose``: then a path may run through vertices with two links, which drop out."""
    candidates = []
    for u in odd:
        if degree[u] == 1:
            continue
        parent = {u: (-1, -1)}
        queue = [u]
        for v in queue:
            if v != u and degree[v] % 2:
                if degree[v] > 1 and v > u:
                    candidates.append((v, u, parent))
                continue
            if v != u and degree[v] < (2 if lose else 4):
                continue
            for w, bit in adj[v]:
                if (mask >> bit) & 1 and w not in parent:
                    parent[w] = (v, bit)
                    queue.append(w)
    found = []
    for v, u, parent in candidates:
        path_bits, inner, x = 0, [], v
        while x != u:
            x, bit = parent[x]
            path_bits |= 1 << bit
            inner.append(x)
        inner.pop()
        lost = sum(1 for y in inner if degree[y] == 2)
        found.append((lost, len(inner), u, v, path_bits, inner))
    found.sort(key=lambda f: f[:4])
    for lost, _n, u, v, path_bits, inner in found:
        rest = mask & ~path_bits
        kept = comp - {y for y in inner if degree[y] == 2}
        if len(reach(u, rest)[0]) == len(kept):
            for y in inner:
                degree[y] -= 2
            degree[u] -= 1
            degree[v] -= 1
            return rest, kept
    return None


def _degree(g: _Graph, i: int, allowed: int) -> int:
    return sum(1 for j in g.conn[i] if j >= 0 and (allowed >> j) & 1)


def _start_order(g: _Graph, comp: int) -> list[int]:
    cells = [i for i in range(CELLS) if (comp >> i) & 1]
    return sorted(cells, key=lambda i: (_degree(g, i, comp), i))


def _probe(search, starts: int, each: int, fresh: Callable[[], None]) -> bool:
    """Fresh searches (``fresh()`` clears what a cut-short search left) from the first
    ``starts`` start spaces of each component of ``search`` that may still beat its best line,
    ``each`` expansions apiece; True when the ceiling is reached."""
    for comp_bound, comp in search.comps:
        if comp_bound <= search.best:
            break
        for start in _start_order(search.g, comp)[:starts]:
            fresh()
            search.left = each
            try:
                search.start(start)
            except _Stop as stop:
                if stop.args[0]:
                    return True
    return False


class _SimpleSearch:
    def __init__(self, g: _Graph):
        self.g = g
        self.comps = sorted(((_component_bound(g, c), c) for c in g.components()), reverse=True)
        self.ceiling = self.comps[0][0]
        low = self.comps[0][1] & -self.comps[0][1]
        self.best = 1
        self.best_path = [low.bit_length() - 1]
        self.path: list[int] = []
        self.left = 0

    def bound(self, i: int, visited: int) -> int:
        """Most spaces a simple line at ``i`` can still add."""
        g = self.g
        region = g.reach(1 << i, ~visited & g.nodes)
        if not region:
            return 0
        leaves = g.leaves(region, 1 << i)
        core = region & ~leaves
        if (_COLOUR0 >> i) & 1:
            other, same = (core & ~_COLOUR0).bit_count(), (core & _COLOUR0).bit_count()
        else:
            other, same = (core & _COLOUR0).bit_count(), (core & ~_COLOUR0).bit_count()
        return min(region.bit_count(), _alternating(other, same) + (1 if leaves else 0))

    def dfs(self, i: int, sides: tuple[int, ...], visited: int) -> None:
        g, path = self.g, self.path
        n = len(path)
        if n > self.best:
            self.best, self.best_path = n, path[:]
            if n >= self.ceiling:
                raise _Stop(True)
        conn = g.conn[i]
        moves = [(s, conn[s]) for s in sides if not (visited >> conn[s]) & 1]
        if not moves:
            return
        self.left -= 1
        if self.left < 0:
            raise _Stop(False)
        if n + self.bound(i, visited) <= self.best:
            return
        if len(moves) > 1:
            free = ~visited & g.nodes
            moves.sort(key=lambda m: _degree(g, m[1], free))
        for s, j in moves:
            path.append(j)
            self.dfs(j, g.join[j][opposite(s)], visited | (1 << j))
            path.pop()

    def run(self, budget: int) -> bool:
        """Search; True when the best line is proven optimal."""
        self.left = budget
        g = self.g
        try:
            for comp_bound, comp in self.comps:
                if comp_bound <= self.best:
                    break
                for start in _start_order(g, comp):
                    self.start(start)
        except _Stop as stop:
            return bool(stop.args[0])
        return True

    def start(self, start: int) -> None:
        self.path = [start]
        self.dfs(start, tuple(s for s in range(4) if self.g.conn[start][s] >= 0), 1 << start)

    def probe(self, starts: int, each: int) -> bool:
        """Fresh searches from the first ``starts`` start spaces of each component that may
        still beat the best line, ``each`` expansions apiece; True when the ceiling is reached."""
        return _probe(self, starts, each, lambda: None)


class _TrailSearch:
    def __init__(self, g: _Graph):
        self.g = g
        self.comps = sorted(((self.component_bound(c), c) for c in g.components()), reverse=True)
        self.ceiling = self.comps[0][0]
        low = self.comps[0][1] & -self.comps[0][1]
        self.best = 1
        self.best_path = [low.bit_length() - 1]
        self.path: list[int] = []
        self.counts = [0] * CELLS
        self.used = [[False] * 4 for _ in range(CELLS)]
        self.visited = 0
        self.left = 0

    def component_bound(self, comp: int) -> int:
        """A trail covers at most the component, and only two of its dead ends."""
        leaves = self.g.leaves(comp, 0).bit_count()
        return comp.bit_count() - max(0, leaves - 2)

    def link(self, i: int, s: int, j: int, flag: bool) -> None:
        """Mark the link from ``i`` across side ``s`` to ``j`` used (or free again)."""
        t = opposite(s)
        self.used[i][s] = self.used[j][t] = flag
        masks = self.g.masks
        if flag:
            masks[s] &= ~(1 << i)
            masks[t] &= ~(1 << j)
        else:
            masks[s] |= 1 << i
            masks[t] |= 1 << j

    def dfs(self, i: int, sides: tuple[int, ...]) -> None:
        g = self.g
        distinct = self.visited.bit_count()
        if distinct > self.best:
            self.best, self.best_path = distinct, self.path[:]
            if distinct >= self.ceiling:
                raise _Stop(True)
        used = self.used[i]
        moves = [s for s in sides if not used[s]]
        if not moves:
            return
        self.left -= 1
        if self.left < 0:
            raise _Stop(False)
        fresh = g.reach(1 << i, g.nodes) & ~self.visited
        if distinct + fresh.bit_count() <= self.best:
            return
        dead = g.leaves(fresh, g.nodes).bit_count()
        if distinct + fresh.bit_count() - max(0, dead - 1) <= self.best:
            return
        if len(moves) > 1:
            free = ~self.visited & g.nodes
            moves.sort(key=lambda s: (not (free >> g.conn[i][s]) & 1,
                                      sum(1 for t in range(4) if g.conn[g.conn[i][s]][t] >= 0
                                          and not self.used[g.conn[i][s]][t])))
        for s in moves:
            j = g.conn[i][s]
            self.link(i, s, j, True)
            self.path.append(j)
            self.counts[j] += 1
            before = self.visited
            self.visited |= 1 << j
            self.dfs(j, g.join[j][opposite(s)])
            self.visited = before
            self.counts[j] -= 1
            self.path.pop()
            self.link(i, s, j, False)

    def run(self, budget: int) -> bool:
        self.left = budget
        g = self.g
        saved = list(g.masks)
        try:
            for size, comp in self.comps:
                if size <= self.best:
                    break
                for start in _start_order(g, comp):
                    self.start(start)
        except _Stop as stop:
            return bool(stop.args[0])
        finally:
            g.masks = saved
        return True

    def start(self, start: int) -> None:
        self.path = [start]
        self.visited = 1 << start
        self.dfs(start, tuple(s for s in range(4) if self.g.conn[start][s] >= 0))

    def probe(self, starts: int, each: int) -> bool:
        """Fresh searches from the first ``starts`` start spaces of each component that may
        still beat the best line, ``each`` expansions apiece; True when the ceiling is reached.
        (A search cut short leaves its links marked: each one starts from clean tables.)"""
        g = self.g
        saved = list(g.masks)

        def fresh() -> None:
            g.masks = list(saved)
            self.counts = [0] * CELLS
            self.used = [[False] * 4 for _ in range(CELLS)]

        try:
            return _probe(self, starts, each, fresh)
        finally:
            g.masks = saved


# --- frontier dynamic programming (exact, bounded time) -------------------------------------
#
# Cells are processed row by row. The frontier holds 8 "plugs": for every column the link
# crossing from the processed part into the unprocessed part below/at it, plus the link from
# the previous cell into the current one. A plug carries a component label (0 = no link); a
# state is the normalised labels plus the number of odd-degree vertices so far. A simple line
# is a connected acyclic set of links with every degree <= 2; a trail is any connected set of
# links with at most two odd-degree vertices (it then has an Euler trail). The value of a state
# is the most spaces used. A component that leaves the frontier ends the search for that state:
# it is a finished line if nothing else is open.

_CELL_N, _CELL_E, _CELL_S, _CELL_W = 0, 1, 2, 3


_BITS = 4  # bits per plug in a packed state; plug 8 holds the odd-vertex count


def _unpack(key: int) -> list[int]:
    return [(key >> (_BITS * k)) & 15 for k in range(9)]


def _pack(values: list[int]) -> int:
    key = 0
    for k, v in enumerate(values):
        key |= v << (_BITS * k)
    return key


def _transitions(key: int, c: int, opt_e: bool, opt_s: bool,
                 pieces: tuple[tuple[int, ...], ...], simple: bool) -> list[tuple[int, int, int]]:
    """Every way to use (or skip) one cell from frontier state ``key``: a list of
    (new key or -1 when the line closes here, links code e + 2·s, spaces added)."""
    plugs = _unpack(key)
    up, left = plugs[c], plugs[7]
    out: list[tuple[int, int, int]] = []
    if not up and not left:
        out.append((key, 0, 0))
    if not pieces:
        return out
    for e in ((0, 1) if opt_e else (0,)):
        for s in ((0, 1) if opt_s else (0,)):
            chosen = [x for x, on in ((_CELL_N, up), (_CELL_W, left), (_CELL_E, e), (_CELL_S, s)) if on]
            if not chosen:
                continue
            parts = [p for p in ([x for x in chosen if x in piece] for piece in pieces) if p]
            if sum(map(len, parts)) != len(chosen):
                continue  # a side that is not a route side of this kind
            if simple and (len(parts) > 1 or len(chosen) > 2):
                continue
            labels = plugs[:8]
            odd = plugs[8]
            closed, ok = False, True
            for number, part in enumerate(parts):
                incoming = []
                if _CELL_N in part:
                    incoming.append(labels[c])
                if _CELL_W in part:
                    incoming.append(labels[7])
                odd += len(part) % 2
                if incoming:
                    label = incoming[0]
                    if len(incoming) == 2:
                        if incoming[1] == label:
                            if simple:
                                ok = False  # would close a loop
                                break
                        else:
                            other = incoming[1]
                            labels = [label if v == other else v for v in labels]
                else:
                    label = 100 + number
                if _CELL_N in part:
                    labels[c] = 0
                if _CELL_W in part:
                    labels[7] = 0
                if _CELL_S in part:
                    labels[c] = label
                if _CELL_E in part:
                    labels[7] = label
                if incoming and label not in labels:
                    closed = True
            if not ok or odd > 2:
                continue
            if closed:
                if not any(labels):
                    out.append((-1, e + 2 * s, 1))
                continue
            names: dict[int, int] = {}
            norm = [names.setdefault(v, len(names) + 1) if v else 0 for v in labels]
            norm.append(odd)
            out.append((_pack(norm), e + 2 * s, 1))
    return out


_NIBBLES = tuple(4 * k for k in range(8))
_LOW32 = (1 << 32) - 1
_FRESH = 15


_NORMAL: dict[int, int] = {}


def _normalise(labels: int) -> int:
    """Relabel the 8 plugs of ``labels`` 1, 2, 3, … in order of first appearance."""
    found = _NORMAL.get(labels)
    if found is not None:
        return found
    out = 0
    names = [0] * 16
    nxt = 1
    for shift in _NIBBLES:
        v = (labels >> shift) & 15
        if v:
            if not names[v]:
                names[v] = nxt
                nxt += 1
            out |= names[v] << shift
    _NORMAL[labels] = out
    return out


_ONES = 0x11111111
_SEVENS = 0x77777777
_HIGHS = 0x88888888
# (links code, east used, south used, links added) for each (east allowed, south allowed)
_CHOICES = {(e_ok, s_ok): tuple((e + 2 * s, e, s, e + s)
                                for e in ((0, 1) if e_ok else (0,))
                                for s in ((0, 1) if s_ok else (0,)))
            for e_ok in (False, True) for s_ok in (False, True)}


def _has_label(labels: int, label: int) -> bool:
    """Does any of the 8 nibbles of ``labels`` equal ``label``? (zero-nibble bit trick)"""
    x = labels ^ (label * _ONES)
    return bool((x - _ONES) & ~x & _HIGHS)


def _single_piece(key: int, c: int, opt_e: bool, opt_s: bool, simple: bool) -> list[tuple[int, int, int]]:
    """``_transitions`` for the usual cell whose sides of this kind are all joined."""
    shift = 4 * c
    up = (key >> shift) & 15
    left = (key >> 28) & 15
    odd = key >> 32
    rest = key & _LOW32 & ~((15 << shift) | (15 << 28))
    out: list[tuple[int, int, int]] = []
    incoming = (up > 0) + (left > 0)
    if not incoming:
        out.append((key, 0, 0))
        label = _FRESH
    elif incoming == 2:
        if up == left:
            if simple:
                return out  # both plugs belong to one segment: joining them closes a loop
        else:  # relabel the nibbles equal to ``left`` as ``up`` (zero-nibble bit trick)
            x = rest ^ (left * _ONES)
            m = ((~(((x & _SEVENS) + _SEVENS) | x) & _HIGHS) >> 3) * 15
            rest = (rest & ~m) | (up * _ONES & m)
        label = up
    else:
        label = up or left
    for code, e, s, outgoing in _CHOICES[opt_e, opt_s]:
        degree = incoming + outgoing
        if not degree or (simple and degree > 2):
            continue
        n_odd = odd + (degree & 1)
        if n_odd > 2:
            continue
        if not outgoing:
            x = rest ^ (label * _ONES)
            if (x - _ONES) & ~x & _HIGHS:  # another plug still carries the label
                norm = _NORMAL.get(rest)
                if norm is None:
                    norm = _normalise(rest)
                out.append((norm | (n_odd << 32), 0, 1))
            elif not rest:
                out.append((-1, 0, 1))  # the line is complete
            # else a finished part while others are still open: never one line
            continue
        labels = rest
        if s:
            labels |= label << shift
        if e:
            labels |= label << 28
        norm = _NORMAL.get(labels)
        if norm is None:
            norm = _normalise(labels)
        out.append((norm | (n_odd << 32), code, 1))
    return out


_CACHE: dict[tuple, dict[int, list[tuple[int, int, int]]]] = {}
_CACHE_LIMIT = 120_000  # entries (~40k for a dense board): bounded memory in long runs
_cache_size = [0]


def _frontier_dp(g: _Graph, simple: bool, beat: int) -> tuple[int, int] | None:
    """(length, links bitmask) of the longest line if it is longer than ``beat``, else None.
    Bit ``2*i`` of the mask is the link east of cell i, bit ``2*i + 1`` the link south of it."""
    if _cache_size[0] > _CACHE_LIMIT:
        _CACHE.clear()
        _NORMAL.clear()
        _cache_size[0] = 0
    counts: dict[int, int] = {0: 0}
    links: dict[int, int] = {0: 0}
    best: tuple[int, int] | None = None
    best_len = beat
    # room[i][odd]: most spaces cells i… can still add to a state with ``odd`` odd-degree
    # spaces. A space whose every piece has at most one link ("leaf") can only be an end of the
    # line (an odd-degree space), and a line has at most two; a space with no link adds nothing
    # (the line sought is longer than ``beat`` >= 1).
    room = [(0, 0, 0)] * (CELLS + 1)
    core = leaf = 0
    for i in range(CELLS - 1, -1, -1):
        sizes = [len(p) for p in g.pieces[i]]
        if any(n >= 2 for n in sizes):
            core += 1
        elif sizes:
            leaf += 1
        room[i] = (core + min(leaf, 2), core + min(leaf, 1), core)
    for i in range(CELLS):
        c = i % SIZE
        conn = g.conn[i]
        sig = (simple, c, conn[_CELL_E] >= 0, conn[_CELL_S] >= 0, g.pieces[i])
        cache = _CACHE.setdefault(sig, {})
        code_bits = (0, 1 << (2 * i), 1 << (2 * i + 1), 3 << (2 * i))
        here, after = room[i], room[i + 1]
        new_counts: dict[int, int] = {}
        new_links: dict[int, int] = {}
        get = new_counts.get
        for key, count in counts.items():
            if count + here[key >> 32] <= best_len:
                continue
            trans = cache.get(key)
            if trans is None:
                if len(sig[4]) == 1:
                    trans = _single_piece(key, c, sig[2], sig[3], simple)
                else:
                    trans = _transitions(key, *sig[1:], simple)
                cache[key] = trans
                _cache_size[0] += 1
            mine = links[key]
            for nkey, code, used in trans:
                n = count + used
                if nkey < 0:
                    if n > best_len:
                        best_len = n
                        best = (n, mine | code_bits[code])
                elif n + after[nkey >> 32] > best_len and n > get(nkey, -1):
                    new_counts[nkey] = n
                    new_links[nkey] = mine | code_bits[code]
        counts, links = new_counts, new_links
    return best


def _walk(g: _Graph, links: int, simple: bool) -> list[int]:
    """Order the links found by the DP into a line of cells (Euler trail for trails)."""
    def piece_of(i: int, side: int) -> int:
        return next(k for k, piece in enumerate(g.pieces[i]) if side in piece)

    adj: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for i in range(CELLS):
        for side, bit, step in ((_CELL_E, 2 * i, 1), (_CELL_S, 2 * i + 1, SIZE)):
            if (links >> bit) & 1:
                j = i + step
                a, b = (i, piece_of(i, side)), (j, piece_of(j, opposite(side)))
                adj.setdefault(a, []).append(b)
                adj.setdefault(b, []).append(a)
    odd = [v for v, nbrs in adj.items() if len(nbrs) % 2]
    start = min(odd) if odd else min(adj)
    # Hierholzer (for a simple line this is just walking from one end to the other)
    remaining = {v: list(n) for v, n in adj.items()}
    stack, trail = [start], []
    while stack:
        v = stack[-1]
        if remaining[v]:
            w = remaining[v].pop()
            remaining[w].remove(v)
            stack.append(w)
        else:
            trail.append(stack.pop())
    return [v[0] for v in reversed(trail)]
