"""Benchmark: score Railroad Ink sheets (parse + validate + networks + exact longest highway and
railway + errors + expansions) and print milliseconds per sheet.

Targets (issue 4): a typical finished sheet in <= 20 ms, any 7x7 board (including all-`hhhh`
and `hhhh`/`rrrr` checkerboards) in <= 200 ms, with the default (simple) reading.

Times are CPU time (the machine is shared; the wall clock stretches with its load). Every
sheet is timed "cold": the frontier-DP transition cache is emptied first, as in a fresh
`railprint score` process. Boards:
* typical   — the rule-case sheets in tests/data/railroad_ink/cases and 200 seeded, coherent
              random sheets with about 25–35 drawn spaces (7 rounds x 4 dice + specials);
* adversarial — all `hhhh`, all `rrrr`, `hhhh`/`rrrr` checkerboard, all `hhhh` with one space
              removed (no Hamiltonian line: the search must prove 47), a `hhhh` block with an
              overpass in every other space, and the worst of 200 seeded dense random boards.
The baseline is a plain depth-first search with no bounds (the obvious implementation), run on
the typical sheets only — on the adversarial ones it does not finish.

    python benchmarks/bench_railroad_ink_score.py [--repeat N] [--mode simple|trail|both]
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

from railprint.games.railroad_ink import longest as L
from railprint.games.railroad_ink import parse, parse_file, score
from railprint.games.railroad_ink.board import SIZE, Board, Cell, opposite

CASES = Path(__file__).resolve().parents[1] / "tests" / "data" / "railroad_ink" / "cases"


def coherent_sheet(rnd: random.Random, drawn: int) -> Board:
    """Grow a sheet from the exits: each new space links to a drawn neighbour or an exit."""
    edges = [["."] * 4 for _ in range(SIZE * SIZE)]
    filled: set[int] = set()
    starts = [(0, 1, 0, "h"), (0, 3, 0, "r"), (0, 5, 0, "h"), (3, 0, 3, "h"), (3, 6, 1, "h"),
              (6, 3, 2, "r"), (1, 0, 3, "r"), (5, 6, 1, "r")]
    for r, c, side, kind in rnd.sample(starts, 3):
        edges[r * SIZE + c][side] = kind
        filled.add(r * SIZE + c)
    while len(filled) < drawn:
        i = rnd.choice(sorted(filled))
        side = rnd.randrange(4)
        r, c = divmod(i, SIZE)
        dr, dc = ((-1, 0), (0, 1), (1, 0), (0, -1))[side]
        rr, cc = r + dr, c + dc
        if not (0 <= rr < SIZE and 0 <= cc < SIZE):
            continue
        j = rr * SIZE + cc
        kind = rnd.choice("hr") if rnd.random() < 0.2 else next(
            (e for e in edges[i] if e != "."), rnd.choice("hr"))
        edges[i][side] = kind
        edges[j][opposite(side)] = kind
        filled.add(j)
    cells = []
    for e in edges:
        text = "".join(e)
        cells.append(Cell(text, "s" if "h" in text and "r" in text else ""))
    return Board(tuple(tuple(cells[r * SIZE:(r + 1) * SIZE]) for r in range(SIZE)))


def dense_junk(rnd: random.Random) -> Board:
    tokens = ["".join("h" if rnd.random() < 0.9 else rnd.choice(".r") for _ in range(4))
              for _ in range(SIZE * SIZE)]
    return Board.from_tokens([t + ("s" if "h" in t and "r" in t else "") for t in tokens])


def adversarial() -> dict[str, Board]:
    rnd = random.Random(2026)
    boards = {
        "all hhhh": Board.from_tokens(["hhhh"] * 49),
        "all rrrr": Board.from_tokens(["rrrr"] * 49),
        "hhhh/rrrr checkerboard": Board.from_tokens(
            ["hhhh" if (i // 7 + i % 7) % 2 == 0 else "rrrr" for i in range(49)]),
        "all hhhh, A2 empty": Board.from_tokens(["hhhh", "...."] + ["hhhh"] * 47),
        "hhhh with overpasses": Board.from_tokens(
            ["hrhro" if (i // 7 + i % 7) % 2 else "hhhh" for i in range(49)]),
    }
    for k in range(200):
        boards[f"dense random #{k}"] = dense_junk(rnd)
    return boards


def typical() -> dict[str, Board]:
    boards = {p.stem: parse_file(p) for p in sorted(CASES.glob("*.txt"))}
    rnd = random.Random(7)
    for k in range(200):
        boards[f"sheet #{k}"] = coherent_sheet(rnd, rnd.randint(25, 35))
    return boards


def cold_ms(board: Board, mode: str, repeat: int) -> float:
    """Best CPU milliseconds (user + sys of this process: the machine is shared) of a cold score."""
    best = float("inf")
    for _ in range(repeat):
        L._CACHE.clear()
        L._NORMAL.clear()
        t = time.process_time()
        parse(format_text(board))  # the parse a CLI run does
        score(board, mode)
        best = min(best, time.process_time() - t)
    return best * 1000


def format_text(board: Board) -> str:
    from railprint.games.railroad_ink import format_board

    return format_board(board)


def naive_longest(board: Board, kind: str) -> int:
    """Baseline: the obvious DFS over simple paths, no bounds, no DP."""
    g = L._Graph(board, kind)
    best = 1 if g.nodes else 0

    def dfs(i: int, entry: int | None, visited: int, n: int) -> None:
        nonlocal best
        best = max(best, n)
        for s in (range(4) if entry is None else g.join[i][entry]):
            j = g.conn[i][s]
            if j >= 0 and not (visited >> j) & 1:
                dfs(j, opposite(s), visited | (1 << j), n + 1)

    for i in range(SIZE * SIZE):
        if (g.nodes >> i) & 1:
            dfs(i, None, 1 << i, 1)
    return best


def report(title: str, times: dict[str, float]) -> None:
    values = sorted(times.values())
    worst = max(times, key=times.get)
    print(f"  {title}: {len(values)} boards, mean {sum(values) / len(values):.2f} ms, "
          f"median {values[len(values) // 2]:.2f} ms, max {values[-1]:.2f} ms ({worst})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="best of N runs per board")
    parser.add_argument("--mode", choices=("simple", "trail", "both"), default="both")
    args = parser.parse_args()
    modes = ("simple", "trail") if args.mode == "both" else (args.mode,)
    typ, adv = typical(), adversarial()
    for mode in modes:
        print(f"longest reading: {mode}")
        typ_times = {name: cold_ms(b, mode, args.repeat) for name, b in typ.items()}
        report("typical sheets   (target <= 20 ms)", typ_times)
        adv_times = {name: cold_ms(b, mode, args.repeat) for name, b in adv.items()}
        for name in list(adv)[:5]:
            print(f"    {name:<24} {adv_times[name]:8.2f} ms  "
                  f"(highway {score(adv[name], mode).longest_highway})")
        report("adversarial      (target <= 200 ms)", adv_times)
    t = time.process_time()
    for b in typ.values():
        naive_longest(b, "h")
        naive_longest(b, "r")
    naive = (time.process_time() - t) * 1000 / len(typ)
    t = time.process_time()
    for b in typ.values():
        L.longest_route(b, "h")
        L.longest_route(b, "r")
    ours = (time.process_time() - t) * 1000 / len(typ)
    print(f"longest routes only, typical sheets: railprint {ours:.2f} ms/sheet, naive DFS "
          f"{naive:.2f} ms/sheet (ratio {ours / naive:.2f})")


if __name__ == "__main__":
    from cputime import report_machine

    report_machine()
    main()
