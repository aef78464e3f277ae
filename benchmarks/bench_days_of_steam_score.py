"""Benchmark: score Days of Steam games with a map (parse + count checks + circuit search + score).

Maps: every map case of tests/data/days_of_steam/cases; a full 92-tile lattice (a ring of wyes
and 12 cities around a field of bridges, where loops abound); and an adversary, a 9 x 10 grid
made only of cities (every square joins all four sides: the circuit search runs into its step
limit and the report says "at least"). Each is scored several times; the best run counts.
Target: any map scores in under 2 s; real maps in well under 0.1 s.

    python benchmarks/bench_days_of_steam_score.py [--repeat N]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from railprint.games.days_of_steam import score_text  # noqa: E402

CASES = Path(__file__).resolve().parents[1] / "tests" / "data" / "days_of_steam" / "cases"
PLAYERS = "end: tiles\nplayers:\n  - {name: A, goods: R, circuits: 3, steam: 0}\n" \
          "  - {name: B, goods: G, circuits: 2, steam: 0}\n"


def lattice(rows: int = 9, cols: int = 10) -> str:
    """Ring of wyes (cities at every third border square) around bridges: rows x cols = 90 + 2."""
    grid = []
    cities = iter("RGYB" * 3)
    for r in range(rows):
        line = []
        for c in range(cols):
            top, bottom, left, right = r == 0, r == rows - 1, c == 0, c == cols - 1
            if (top or bottom) and (left or right):
                line.append({(True, True): "cu1", (True, False): "cu2", (False, True): "cu0",
                             (False, False): "cu3"}[(top, left)])
            elif top or bottom or left or right:
                border = (r + c) % 3 == 1
                city = next(cities, None) if border else None
                line.append(city or ("wy0" if top else "wy2" if bottom else "wy3" if left else "wy1"))
            else:
                line.append("br0")
        grid.append("  " + " ".join(line))
    return PLAYERS + "map: |\n" + "\n".join(grid) + "\n"


def all_cities(rows: int = 9, cols: int = 10) -> str:
    grid = ["  " + " ".join("RGYB"[(r + c) % 4] for c in range(cols)) for r in range(rows)]
    return PLAYERS + "map: |\n" + "\n".join(grid) + "\n"


def best(text: str, repeat: int) -> tuple[float, object]:
    times, result = [], None
    for _ in range(repeat):
        start = time.process_time()
        result = score_text(text)
        times.append(time.process_time() - start)
    return min(times), result


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    cases = [p for p in sorted(CASES.glob("map-*.yaml"))]
    worst = 0.0
    for path in cases:
        seconds, _ = best(path.read_text(encoding="utf-8").partition("\n---\n")[0] + "\n", args.repeat)
        worst = max(worst, seconds)
    print(f"{len(cases)} map cases: slowest {worst * 1000:.1f} ms")
    for name, text in (("lattice (92 tiles)", lattice()), ("adversary (90 cities)", all_cities())):
        seconds, result = best(text, args.repeat)
        check = result.games[0].map_check
        print(f"{name}: {seconds * 1000:.0f} ms, {len(check.circuits)} circuit(s) found"
              f"{'' if check.complete else ' (search stopped)'}, allowed {check.allowed}")


if __name__ == "__main__":
    from cputime import report_machine

    report_machine()
    main()
