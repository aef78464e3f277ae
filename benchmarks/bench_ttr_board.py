"""Benchmark: render both Ticket to Ride boards (Nordic, Italy) as `railprint render` does —
layout, drawing, tiling over A4 with the assembly map and the overview, PDF written.

Three timings, each for both boards together, each in a fresh process state:
- cold: no layout cache (``RAILPRINT_CACHE_DIR=off``): the layout search runs;
- warm: the layout comes from the on-disk cache (railprint.cache), as on every run after the
  first; target: <= 0.5 s for both boards;
- layout only, cold: the search alone.

    python benchmarks/bench_ttr_board.py [--repeat N]
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time

from railprint.games.ticket_to_ride import board as ttr_board
from railprint.games.ticket_to_ride.maps import load_map
from railprint.render import RenderOptions, build, discover
from railprint.writers import render

BOARDS = ("nordic-board", "italy-board")


FILES = [f for f in discover() if f.id in BOARDS]


def render_boards() -> None:
    ttr_board._GEOMETRY_CACHE.clear()
    for info in FILES:
        render(build(info, RenderOptions()), "pdf")


def layout_only() -> None:
    ttr_board._GEOMETRY_CACHE.clear()
    for name in ("nordic", "italy"):
        ttr_board.board_geometry(load_map(name))


def timed(run, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    render_boards()   # imports, fonts, map files: not what is measured
    with tempfile.TemporaryDirectory() as folder:
        os.environ["RAILPRINT_CACHE_DIR"] = "off"
        cold = timed(render_boards, 1)
        search = timed(layout_only, 1)
        os.environ["RAILPRINT_CACHE_DIR"] = folder
        render_boards()   # fills the cache
        warm = timed(render_boards, args.repeat)
    print(f"both boards, layout search (cold): {search:6.2f} s")
    print(f"both boards, render, no cache:     {cold:6.2f} s")
    print(f"both boards, render, cached:       {warm:6.2f} s   (target <= 0.5 s)")


if __name__ == "__main__":
    main()
