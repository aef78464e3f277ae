"""The longest highway / railway search: exact against brute force, fast paths agree with the
frontier DP, and the lines it returns are real lines."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from railprint.games.railroad_ink import longest as L
from railprint.games.railroad_ink.board import SIZE, Board, Cell, opposite

from tests.games.railroad_ink.strategies import boards, face_cell, linked_boards


def _board(rows: list[str]) -> Board:
    return Board.from_tokens(" ".join(rows))


def _line_is_valid(board: Board, line: L.RouteLine) -> bool:
    g = L._Graph(board, line.kind)
    cells = [r * SIZE + c for r, c in line.path]
    if not cells:
        return line.length == 0 and not g.nodes
    if any(not (g.nodes >> i) & 1 for i in cells):
        return False
    links = set()
    for k, (a, b) in enumerate(zip(cells, cells[1:])):
        if b not in g.conn[a]:
            return False
        side = g.conn[a].index(b)
        if frozenset((a, b)) in links:
            return False
        links.add(frozenset((a, b)))
        if k and side not in g.join[a][g.conn[a].index(cells[k - 1])]:
            return False  # turned between sides that are not joined (overpass)
    if line.mode == "simple" and len(set(cells)) != len(cells):
        return False
    return len(set(cells)) == line.length


def _brute(board: Board, kind: str, mode: str) -> int:
    """Enumerate every line (no pruning at all)."""
    g = L._Graph(board, kind)
    if not g.nodes:
        return 0
    best = 1

    def walk(i, entry, seen, used):
        nonlocal best
        best = max(best, len(seen))
        sides = range(4) if entry is None else g.join[i][entry]
        for s in sides:
            j = g.conn[i][s]
            if j < 0:
                continue
            link = frozenset((i, j))
            if mode == "simple" and j in seen or link in used:
                continue
            walk(j, opposite(s), seen | {j}, used | {link})

    for i in range(SIZE * SIZE):
        if (g.nodes >> i) & 1:
            walk(i, None, {i}, frozenset())
    return best


def test_known_values():
    all_h = _board(["hhhh"] * 49)
    assert L.longest_route(all_h, "h").length == 49
    assert L.longest_route(all_h, "h", "trail").length == 49
    assert L.longest_route(all_h, "r").length == 0
    hole = _board(["hhhh", "...."] + ["hhhh"] * 47)  # A2 removed: 25 + 23 cells of each colour
    assert L.longest_route(hole, "h").length == 47
    assert L.longest_route(hole, "h", "trail").length == 48
    checker = _board(["hhhh" if (i // 7 + i % 7) % 2 == 0 else "rrrr" for i in range(49)])
    assert L.longest_route(checker, "h").length == 1
    assert L.longest_route(checker, "r", "trail").length == 1


def test_hamiltonian_line_is_found_and_valid():
    board = _board(["hhhh"] * 49)
    line = L.longest_route(board, "h")
    assert _line_is_valid(board, line) and len(line.path) == 49


def test_overpass_turns_only_straight_across():
    rows = ["...."] * 49
    rows[1 * 7 + 3] = "h.h."  # B4
    rows[2 * 7 + 3] = "h.h."  # C4
    rows[3 * 7 + 4] = ".h.h"  # D5
    rows[3 * 7 + 5] = ".h.h"  # D6
    rows[3 * 7 + 3] = "hhhh"  # D4: a crossing lets the line turn
    assert L.longest_route(_board(rows), "h").length == 5
    rows[3 * 7 + 3] = "hhhho"  # an overpass marker joins N-S and E-W only
    assert L.longest_route(_board(rows), "h").length == 3
    assert L.longest_route(_board(rows), "h", "trail").length == 3


def test_dfs_budget_exhaustion_falls_back_to_the_dp():
    hole = _board(["hhhh", "...."] + ["hhhh"] * 47)
    line = L.longest_route(hole, "h", budget=10)
    assert line.length == 47 and _line_is_valid(hole, line)
    line = L.longest_route(hole, "h", "trail", budget=10)
    assert line.length == 48 and _line_is_valid(hole, line)


def _small(cells):
    """Boards using only the top-left 3×4 block (small enough for brute force)."""
    grid = [[Cell()] * SIZE for _ in range(SIZE)]
    for k, cell in enumerate(cells):
        grid[k // 4][k % 4] = cell
    return Board(tuple(tuple(r) for r in grid))


small_boards = st.lists(face_cell | st.just(Cell("hhhh")) | st.just(Cell("hhhh", "o")),
                        min_size=12, max_size=12).map(_small)


@settings(max_examples=150, deadline=None)
@given(small_boards, st.sampled_from(["simple", "trail"]))
def test_search_equals_brute_force(board, mode):
    for kind in "hr":
        line = L.longest_route(board, kind, mode)
        assert line.length == _brute(board, kind, mode)
        assert _line_is_valid(board, line)
        line = L.longest_route(board, kind, mode, budget=0)  # DP only
        assert line.length == _brute(board, kind, mode)
        assert _line_is_valid(board, line)


@settings(max_examples=40, deadline=None)
@given(boards(empty_weight=0.3) | linked_boards(blank=0.1), st.sampled_from(["simple", "trail"]))
def test_dfs_and_dp_agree_on_whole_boards(board, mode):
    for kind in "hr":
        fast = L.longest_route(board, kind, mode)
        g = L._Graph(board, kind)
        dp = L._frontier_dp(g, mode == "simple", beat=0)
        assert fast.length == (dp[0] if dp else (1 if g.nodes else 0))
        assert _line_is_valid(board, fast)


@settings(max_examples=40, deadline=None)
@given(boards(empty_weight=0.3) | linked_boards(blank=0.1))
def test_trail_is_never_shorter_than_simple(board):
    for kind in "hr":
        assert L.longest_route(board, kind, "trail").length >= L.longest_route(board, kind).length


def _dense(sides: list[int]) -> Board:
    """A board whose sides are highways but for one in ten (nothing or railway): the benchmark's
    worst case, where the search runs out of budget and the improvers and the DP take over."""
    tokens = ["".join("h" if n < 18 else ".r"[n - 18] for n in sides[4 * k:4 * k + 4])
              for k in range(SIZE * SIZE)]
    return Board.from_tokens([t + ("s" if "h" in t and "r" in t else "") for t in tokens])


dense_boards = st.lists(st.integers(0, 19), min_size=4 * SIZE * SIZE,
                        max_size=4 * SIZE * SIZE).map(_dense)


def _as_line(g: L._Graph, kind: str, path: list[int], length: int, mode: str) -> L.RouteLine:
    return L.RouteLine(kind, length, tuple(divmod(i, SIZE) for i in path), mode)


@settings(max_examples=60, deadline=None)
@given(small_boards | boards(empty_weight=0.3) | linked_boards(blank=0.1) | dense_boards)
def test_improvers_return_real_lines(board):
    """The probe searches and the even-trail builder only ever report lines that exist: the DP
    trusts their length as the one to beat."""
    for kind in "hr":
        g = L._Graph(board, kind)
        if not g.nodes:
            continue
        for mode, search in (("simple", L._SimpleSearch(g)), ("trail", L._TrailSearch(g))):
            search.run(3)
            search.probe(3, 20)
            assert _line_is_valid(board, _as_line(g, kind, search.best_path, search.best, mode))
            assert search.best <= search.ceiling
        found = L._even_trail(g)
        if found is not None:
            line = _as_line(g, kind, L._walk(g, found[1], False), found[0], "trail")
            assert _line_is_valid(board, line)
            assert found[0] <= L._TrailSearch(g).ceiling


@settings(max_examples=40, deadline=None)
@given(small_boards)
def test_improvers_never_beat_brute_force(board):
    for kind in "hr":
        g = L._Graph(board, kind)
        if not g.nodes:
            continue
        found = L._even_trail(g)
        assert found is None or found[0] <= _brute(board, kind, "trail")
        search = L._SimpleSearch(g)
        search.probe(2, 5)
        assert search.best <= _brute(board, kind, "simple")


@settings(max_examples=3, deadline=None)
@given(dense_boards)
def test_dense_boards_equal_the_dp(board):
    """On dense boards the whole pipeline (search, probes, improvers, DP with their line to
    beat) gives the DP's own answer."""
    g = L._Graph(board, "h")
    for mode in ("simple", "trail"):
        line = L.longest_route(board, "h", mode)
        dp = L._frontier_dp(g, mode == "simple", beat=0)
        assert line.length == (dp[0] if dp else 1)
        assert _line_is_valid(board, line)
