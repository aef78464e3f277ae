"""Graph work on one player's routes: networks, ticket paths and the longest trail.

Edges are ``(edge_id, u, v, weight)`` in a multigraph (parallel edges and loops allowed).
The caller gives each route into an outside area its own dead-end node, so areas never join
routes.

Longest trail (no edge used twice, vertices may repeat) is NP-hard in general; a player holds
at most ~45 edges, and the solver below is exact and fast on adversarial dense clusters:

1. Components are solved separately. A trail crosses a bridge at most once, so a graph with a
   bridge is split there and solved from its two sides with one or both trail ends pinned
   (the trail either stays on one side or runs side A -> bridge -> side B).
2. In a part without bridges: if at most two vertices have odd degree (respecting pinned
   ends) an Euler trail uses every edge: answer = total weight, no search.
3. A vertex with exactly two distinct non-loop edges (and not a pinned end) is contracted into
   one edge: an optimal trail never stops there, it could go on along the unused edge.
4. Parity bound: the edges a trail leaves out must fix the parity of every odd vertex but its
   ends: at least a minimum T-join (shortest paths pairing odd vertices, DP over subsets).
   When the edges kept after removing that T-join are connected they form the trail itself
   (Euler), so the bound is the answer.
5. Otherwise a depth-first search over trails (starting only at odd vertices or the pinned
   end) stops on reaching that bound, and prunes with the reachable unused weight minus a
   cheap parity term, and with a visited set on (vertex, used edges), whose future is fixed.
"""

from __future__ import annotations

import heapq
from collections import deque
from typing import Hashable, Iterable, Sequence

from railprint.graphs import UnionFind

Node = Hashable
Edge = tuple[Hashable, Node, Node, int]


def components(edges: Sequence[Edge]) -> list[list[Edge]]:
    """Edges grouped by connected component, in order of first appearance."""
    uf = UnionFind()
    for _, u, v, _ in edges:
        uf.union(u, v)
    groups: dict[Node, list[Edge]] = {}
    for e in edges:
        groups.setdefault(uf.find(e[1]), []).append(e)
    return list(groups.values())


def shortest_path(edges: Sequence[Edge], sources: Iterable[Node], targets: Iterable[Node]
                  ) -> list[Node] | None:
    """Fewest-edges path (list of nodes) from any source to any target, or None."""
    targets = set(targets)
    adj: dict[Node, list[Node]] = {}
    for _, u, v, _ in edges:
        adj.setdefault(u, []).append(v)
        adj.setdefault(v, []).append(u)
    prev: dict[Node, Node | None] = {}
    queue: deque[Node] = deque()
    for s in sources:
        if s in adj and s not in prev:
            prev[s] = None
            queue.append(s)
    while queue:
        node = queue.popleft()
        if node in targets:
            path = [node]
            while prev[path[-1]] is not None:
                path.append(prev[path[-1]])
            return path[::-1]
        for nxt in adj[node]:
            if nxt not in prev:
                prev[nxt] = node
                queue.append(nxt)
    return None


# ---- longest trail ----------------------------------------------------------------------------
NEG = -(1 << 40)
MAX_TJOIN_ODD = 18      # above this many odd vertices the subset DP is skipped (search only)

Simple = tuple[Node, Node, int]


class TrailSearchLimit(Exception):
    """The longest-trail search used up its step budget before finishing."""


class _Budget:
    """Search steps left (None: unlimited); spending past zero raises TrailSearchLimit."""

    def __init__(self, steps: int | None):
        self.left = steps

    def spend(self, steps: int = 1) -> None:
        if self.left is not None:
            self.left -= steps
            if self.left < 0:
                raise TrailSearchLimit()


def longest_trail(edges: Sequence[Edge], budget: int | None = None) -> int:
    """Total weight of the heaviest trail (exact). With ``budget`` (search steps; each costs
    about a microsecond and a few bytes) a search that would take longer raises
    :class:`TrailSearchLimit` instead of answering."""
    best = 0
    steps = _Budget(budget)
    for comp in components(edges):
        memo: dict = {}
        best = max(best, _solve(tuple((u, v, w) for _, u, v, w in comp), None, None, memo, steps))
    return best


def _degrees(edges: Sequence[Simple]) -> dict[Node, int]:
    deg: dict[Node, int] = {}
    for u, v, _ in edges:
        deg[u] = deg.get(u, 0) + 1
        deg[v] = deg.get(v, 0) + 1
    return deg


def _find_bridge(edges: Sequence[Simple]) -> int | None:
    """Index of a bridge of the connected multigraph, or None (iterative Tarjan on edge ids)."""
    adj: dict[Node, list[tuple[Node, int]]] = {}
    for i, (u, v, _) in enumerate(edges):
        if u == v:
            continue
        adj.setdefault(u, []).append((v, i))
        adj.setdefault(v, []).append((u, i))
    if not adj:
        return None
    order: dict[Node, int] = {}
    low: dict[Node, int] = {}
    root = next(iter(adj))
    order[root] = low[root] = 0
    stack = [(root, -1, iter(adj[root]))]
    counter = 1
    while stack:
        node, via, it = stack[-1]
        advanced = False
        for nxt, i in it:
            if i == via:
                continue
            if nxt in order:
                low[node] = min(low[node], order[nxt])
            else:
                order[nxt] = low[nxt] = counter
                counter += 1
                stack.append((nxt, i, iter(adj[nxt])))
                advanced = True
                break
        if not advanced:
            stack.pop()
            if stack:
                parent = stack[-1][0]
                low[parent] = min(low[parent], low[node])
                if low[node] > order[parent]:
                    return via
    return None


def _split(edges: Sequence[Simple], bridge: int) -> tuple[tuple, tuple, set]:
    """The two sides of a bridge: (edges on x's side, edges on y's side, vertices on x's side)."""
    x = edges[bridge][0]
    adj: dict[Node, list[int]] = {}
    for i, (u, v, _) in enumerate(edges):
        if i != bridge:
            adj.setdefault(u, []).append(i)
            adj.setdefault(v, []).append(i)
    side = {x}
    stack = [x]
    while stack:
        n = stack.pop()
        for i in adj.get(n, ()):
            u, v, _ = edges[i]
            for m in (u, v):
                if m not in side:
                    side.add(m)
                    stack.append(m)
    a = tuple(e for i, e in enumerate(edges) if i != bridge and e[0] in side)
    b = tuple(e for i, e in enumerate(edges) if i != bridge and e[0] not in side)
    return a, b, side


def _solve(edges: tuple[Simple, ...], s: Node | None, t: Node | None, memo: dict, budget: _Budget) -> int:
    """Heaviest trail in a connected multigraph, starting at ``s`` and ending at ``t`` when
    they are given (``NEG`` when impossible)."""
    if s is None and t is not None:
        s, t = t, None
    key = (edges, s, t)
    if key in memo:
        return memo[key]
    budget.spend(len(edges))
    if not edges:
        result = 0
    else:
        bridge = _find_bridge(edges)
        result = _base(edges, s, t, budget) if bridge is None else _across(edges, bridge, s, t, memo, budget)
    memo[key] = result
    return result


def _across(edges: tuple[Simple, ...], bridge: int, s: Node | None, t: Node | None, memo: dict,
            budget: _Budget) -> int:
    x, y, w = edges[bridge]
    a, b, side_a = _split(edges, bridge)

    def sol(part: tuple, p: Node | None, q: Node | None) -> int:
        return _solve(part, p, q, memo, budget)

    if s is None:
        return max(sol(a, None, None) if a else 0, sol(b, None, None) if b else 0,
                   sol(a, x, None) + w + sol(b, y, None))
    s_in_a = s in side_a
    here, there, near, far = (a, b, x, y) if s_in_a else (b, a, y, x)
    if t is None:
        return max(sol(here, s, None), sol(here, s, near) + w + sol(there, far, None))
    if (t in side_a) == s_in_a:
        return sol(here, s, t)
    return sol(here, s, near) + w + sol(there, far, t)


def _contract(edges: list[Simple], keep: set) -> list[Simple]:
    """Merge every vertex of degree 2 (two distinct non-loop edges), except ``keep``, into one edge."""
    edges = list(edges)
    changed = True
    while changed:
        changed = False
        incident: dict[Node, list[int]] = {}
        for i, (u, v, _) in enumerate(edges):
            incident.setdefault(u, []).append(i)
            incident.setdefault(v, []).append(i)
        for node, idx in incident.items():
            if node in keep or len(idx) != 2 or idx[0] == idx[1]:
                continue
            (u1, v1, w1), (u2, v2, w2) = edges[idx[0]], edges[idx[1]]
            a = v1 if u1 == node else u1
            b = v2 if u2 == node else u2
            if a == node or b == node:
                continue
            edges = [e for i, e in enumerate(edges) if i not in idx] + [(a, b, w1 + w2)]
            changed = True
            break
    return edges


def _base(edges: tuple[Simple, ...], s: Node | None, t: Node | None, budget: _Budget) -> int:
    """A part without bridges."""
    total = sum(w for _, _, w in edges)
    deg = _degrees(edges)
    odd = {n for n, d in deg.items() if d % 2}
    if s is not None and s not in deg or t is not None and t not in deg:
        return NEG if (s != t) else 0
    if s is None:
        if len(odd) <= 2:
            return total
    elif t is None:
        if not odd or (s in odd and len(odd) == 2):
            return total
    elif (s != t and odd == {s, t}) or (s == t and not odd):
        return total
    keep = {n for n in (s, t) if n is not None}
    work = _contract(list(edges), keep)
    odd_list = sorted((n for n, d in _degrees(work).items() if d % 2), key=repr)
    target_set = set(odd_list)
    for n in keep if s != t else ():
        target_set ^= {n}
    free = 2 if s is None else (1 if t is None else 0)
    bound = total
    if len(target_set) <= MAX_TJOIN_ODD:
        bound, exact = _tjoin_bound(work, sorted(target_set, key=repr), free, s, t, budget)
        if exact:
            return bound
    starts = odd_list if s is None else [s]
    return _search(work, starts, t, bound, budget)


def _tjoin_bound(edges: list[Simple], targets: list[Node], free: int, s: Node | None,
                 t: Node | None, budget: _Budget) -> tuple[int, bool]:
    """Total weight minus a minimum T-join for ``targets`` (``free`` of them may stay unpaired):
    an upper bound, exact (second value True) when the edges kept form a suitable trail."""
    total = sum(w for _, _, w in edges)
    adj: dict[Node, list[tuple[int, Node, int]]] = {}
    for i, (u, v, w) in enumerate(edges):
        if u != v:  # a loop never helps to fix parity
            adj.setdefault(u, []).append((i, v, w))
            adj.setdefault(v, []).append((i, u, w))
    INF = 1 << 60
    dist: list[dict[Node, int]] = []
    via: list[dict[Node, int]] = []
    for src in targets:
        d = {src: 0}
        prev: dict[Node, int] = {}
        heap = [(0, 0, src)]
        counter = 0
        while heap:
            dd, _, x = heapq.heappop(heap)
            if dd > d[x]:
                continue
            for i, y, w in adj.get(x, ()):
                if dd + w < d.get(y, INF):
                    d[y] = dd + w
                    prev[y] = i
                    counter += 1
                    heapq.heappush(heap, (dd + w, counter, y))
        dist.append(d)
        via.append(prev)
    k = len(targets)
    memo: dict[tuple[int, int], tuple[int, tuple]] = {}

    def h(mask: int, spare: int) -> tuple[int, tuple]:
        if not mask:
            return 0, ()
        key = (mask, spare)
        if key in memo:
            return memo[key]
        budget.spend(k)
        i = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << i)
        best: tuple[int, tuple] = h(rest, spare - 1) if spare else (INF, ())
        m = rest
        while m:
            j = (m & -m).bit_length() - 1
            m &= m - 1
            d = dist[i].get(targets[j], INF)
            if d >= best[0]:
                continue
            c, plan = h(rest & ~(1 << j), spare)
            if d + c < best[0]:
                best = (d + c, ((i, j),) + plan)
        memo[key] = best
        return best

    cost, pairs = h((1 << k) - 1, free)
    if cost >= INF:
        return total, False
    removed: set[int] = set()
    for i, j in pairs:
        x = targets[j]
        while x != targets[i]:
            e = via[i][x]
            removed ^= {e}
            u, v, _ = edges[e]
            x = u if v == x else v
    kept = [edges[i] for i in range(len(edges)) if i not in removed]
    if not kept:
        return total - cost, False
    uf = UnionFind()
    for u, v, _ in kept:
        uf.union(u, v)
    if len({uf.find(u) for u, _, _ in kept}) != 1:
        return total - cost, False
    deg = _degrees(kept)
    odd = {n for n, d in deg.items() if d % 2}
    if s is None:
        ok = len(odd) <= 2
    elif t is None:
        ok = s in deg and (not odd or (s in odd and len(odd) == 2))
    else:
        ok = s in deg and t in deg and (odd == {s, t} if s != t else not odd)
    return total - cost, ok


def _search(edges: list[Simple], starts: list[Node], end: Node | None, target: int, budget: _Budget) -> int:
    """Depth-first search over trails from ``starts`` (ending at ``end`` if given); stops on
    reaching ``target``, an upper bound."""
    n = len(edges)
    adj: dict[Node, list[tuple[int, Node, int]]] = {}
    for i, (u, v, w) in enumerate(edges):
        adj.setdefault(u, []).append((1 << i, v, w))
        adj.setdefault(v, []).append((1 << i, u, w))   # a loop appears twice at its vertex
    for lst in adj.values():
        lst.sort(key=lambda item: -item[2])
    full = (1 << n) - 1
    goal = min(sum(w for _, _, w in edges), target)
    best = NEG if end is not None else max(w for _, _, w in edges)
    if end is not None and end in starts:
        best = 0
    seen: set[tuple[Node, int]] = set()

    def bound(node: Node, used: int) -> int:
        """Upper bound of the weight still addable from ``node``; NEG if ``end`` is unreachable."""
        free = full & ~used
        stack = [node]
        visited = {node}
        reach_w = 0
        reach_mask = 0
        while stack:
            x = stack.pop()
            for bit, y, w in adj[x]:
                if free & bit:
                    if not reach_mask & bit:
                        reach_mask |= bit
                        reach_w += w
                    if y not in visited:
                        visited.add(y)
                        stack.append(y)
        if end is not None and end not in visited:
            return NEG
        if not reach_mask:
            return 0
        mins = []
        for x in visited:
            if x == node or x == end:
                continue
            d = 0
            mw = 1 << 60
            for bit, _, w in adj[x]:
                if reach_mask & bit:
                    d += 1
                    if w < mw:
                        mw = w
            if d % 2:
                mins.append(mw)
        if end is None and mins:
            mins.remove(max(mins))            # the trail may end at one of them
        return reach_w - (sum(mins) + 1) // 2

    def dfs(node: Node, used: int, length: int) -> None:
        nonlocal best
        if (end is None or node == end) and length > best:
            best = length
        if best >= goal:
            return
        key = (node, used)
        if key in seen:
            return
        budget.spend(n)
        seen.add(key)
        if length + bound(node, used) <= best:
            return
        for bit, other, w in adj[node]:
            if not used & bit:
                dfs(other, used | bit, length + w)
                if best >= goal:
                    return

    for start in sorted(starts, key=lambda x: -sum(w for _, _, w in adj.get(x, ()))):
        if start in adj:
            dfs(start, 0, 0)
    return best
