"""Graph work on one player's routes: networks, ticket paths and the longest trail.

Edges are ``(edge_id, u, v, weight)`` in a multigraph (parallel edges and loops allowed).
The caller gives each route into an outside area its own dead-end node, so areas never join
routes.

Longest trail (no edge twice, vertices may repeat) is NP-hard in general; a player holds at
most ~45 edges, and the search below is exact and fast on adversarial clusters because of:

1. components are solved separately, and a component with at most two odd-degree vertices
   has an Euler trail: its answer is its total weight, no search;
2. a vertex with exactly two distinct non-loop edges is contracted into one edge (an optimal
   trail never stops at such a vertex: it could always go on along the unused edge);
3. an optimal trail in a component with more than two odd vertices starts and ends at odd
   vertices (otherwise it could be extended at that end), so the search starts only there;
4. depth-first search over edges with two bounds at every step: the unused weight still
   reachable, minus a parity bound (every odd vertex of the unused part other than the
   current one and the final one keeps at least one unused edge; an edge covers two such
   vertices); and a visited set on (vertex, used edges), whose future is fixed.
"""

from __future__ import annotations

from collections import deque
from typing import Hashable, Iterable, Sequence

Node = Hashable
Edge = tuple[Hashable, Node, Node, int]


class UnionFind:
    def __init__(self) -> None:
        self.parent: dict[Node, Node] = {}

    def find(self, x: Node) -> Node:
        self.parent.setdefault(x, x)
        root = x
        while self.parent[root] != root:
            root = self.parent[root]
        while self.parent[x] != root:
            self.parent[x], x = root, self.parent[x]
        return root

    def union(self, a: Node, b: Node) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[rb] = ra


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
def longest_trail(edges: Sequence[Edge]) -> int:
    """Total weight of the heaviest trail (exact)."""
    return max((_component_trail(c) for c in components(edges)), default=0)


def _degrees(edges: Sequence[tuple[Node, Node, int]]) -> dict[Node, int]:
    deg: dict[Node, int] = {}
    for u, v, _ in edges:
        deg[u] = deg.get(u, 0) + 1
        deg[v] = deg.get(v, 0) + 1
    return deg


def _contract(edges: list[tuple[Node, Node, int]]) -> list[tuple[Node, Node, int]]:
    """Merge every vertex of degree 2 (two distinct non-loop edges) into one edge."""
    edges = list(edges)
    changed = True
    while changed:
        changed = False
        incident: dict[Node, list[int]] = {}
        for i, (u, v, _) in enumerate(edges):
            incident.setdefault(u, []).append(i)
            if v != u:
                incident.setdefault(v, []).append(i)
            else:
                incident[u].append(i)
        for node, idx in incident.items():
            if len(idx) == 2 and idx[0] != idx[1]:
                (u1, v1, w1), (u2, v2, w2) = edges[idx[0]], edges[idx[1]]
                a = v1 if u1 == node else u1
                b = v2 if u2 == node else u2
                if a == node or b == node:
                    continue
                keep = [e for i, e in enumerate(edges) if i not in idx]
                keep.append((a, b, w1 + w2))
                edges = keep
                changed = True
                break
    return edges


def _component_trail(component: Sequence[Edge]) -> int:
    edges = [(u, v, w) for _, u, v, w in component]
    total = sum(w for _, _, w in edges)
    deg = _degrees(edges)
    if sum(1 for d in deg.values() if d % 2) <= 2:
        return total
    edges = _contract(edges)
    deg = _degrees(edges)
    odd = [n for n, d in deg.items() if d % 2]
    if len(odd) <= 2:  # contraction never changes parity, kept for safety
        return total
    return _search(edges, odd)


def _search(edges: list[tuple[Node, Node, int]], odd: list[Node]) -> int:
    n = len(edges)
    weight = [w for _, _, w in edges]
    # adjacency: node -> list of (edge bit, other end, weight); heavier first
    adj: dict[Node, list[tuple[int, Node, int]]] = {}
    for i, (u, v, w) in enumerate(edges):
        adj.setdefault(u, []).append((1 << i, v, w))
        if v != u:
            adj.setdefault(v, []).append((1 << i, u, w))
        else:
            adj[u].append((1 << i, u, w))
    for lst in adj.values():
        lst.sort(key=lambda t: -t[2])
    full = (1 << n) - 1
    total = sum(weight)

    best = max(weight)
    seen: set[tuple[Node, int]] = set()

    def bound(node: Node, used: int) -> int:
        """Upper bound of the weight still addable from ``node`` with edges ``used`` taken."""
        free = full & ~used
        # reachable unused part from node
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
        if not reach_mask:
            return 0
        # parity: odd vertices of the reachable unused part, other than the current node
        mins = []
        for x in visited:
            if x == node:
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
        if len(mins) > 1:
            mins.sort()
            reach_w -= (sum(mins[:-1]) + 1) // 2   # the trail may end at one of them
        return reach_w

    def dfs(node: Node, used: int, length: int) -> None:
        nonlocal best
        if length > best:
            best = length
        if best == total:
            return
        key = (node, used)
        if key in seen:
            return
        seen.add(key)
        if length + bound(node, used) <= best:
            return
        for bit, other, w in adj[node]:
            if not used & bit:
                dfs(other, used | bit, length + w)
                if best == total:
                    return

    # the global parity bound: no trail beats total minus the cheapest way to fix parity
    for start in sorted(odd, key=lambda x: -sum(w for _, _, w in adj[x])):
        dfs(start, 0, 0)
    return best
