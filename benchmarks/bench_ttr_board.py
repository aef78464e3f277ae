"""Benchmark: the Ticket to Ride board layout from cold (there is no layout cache: it runs on every
render), by CPU time (user + sys, benchmarks/cputime.py) first and wall time second; the verdicts
are by CPU time.

- cold layout, per map: Nordic, Italy, and the generated 100-route map
  (benchmarks/ttr_generated_map.py, seed 1) — the whole board geometry (route spaces, names,
  region outlines and names, tables; targets: Italy <= 0.5 s, Nordic <= 0.2 s, the 100-route
  map <= 1 s), and of that the route search alone (route_layout.layout_routes);
- where a board's geometry goes, per map: the route search, city names, land cells, region
  names and borders, tables;
- every board `render all` prints (Italy, Nordic and the two example maps amberline and
  lakeland), each built as `railprint render` does (geometry, drawing, tiling with its crosshairs:
  tiled A4 + the assembly map that is also the overview) and its PDF written;
- hostile and limit inputs (issue 16), each a whole `railprint validate` / `render` process:
  board sizes of 1 x 1 mm, 0, -540 mm and 10 x 10 m (refused by validate), a 200-city map
  (refused), and the largest map the caps allow, crowded on purpose (100 cities, 200 routes of
  12 spaces; renders): each must end within 5 s and 300 MB.

    python benchmarks/bench_ttr_board.py [--repeat N] [--quick]
"""

from __future__ import annotations

import argparse
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from ttr_generated_map import generated_map  # noqa: E402

from cputime import best_call, verdict  # noqa: E402
from railprint.games.ticket_to_ride import board as ttr_board  # noqa: E402
from railprint.games.ticket_to_ride.maps import load_map, parse_map  # noqa: E402
from railprint.loading.resources import content_path  # noqa: E402
from railprint.loading.yamlio import loads  # noqa: E402
from railprint.render import RenderOptions, build, discover_layers  # noqa: E402
from railprint.writers import render  # noqa: E402

TARGETS = {"nordic": 0.2, "italy": 0.5, "generated-1": 1.0}


def maps():
    generated = parse_map(loads(generated_map(1), "generated-1.yaml"), "generated-1.yaml")
    return {"nordic": load_map("nordic"), "italy": load_map("italy"), "generated-1": generated}


def cold_layout(m) -> None:
    ttr_board.board_geometry(m)


def recorded_search(m):
    """The arguments board_geometry passes ``layout_routes`` for ``m``'s board, recorded."""
    seen = {}
    layout_routes = ttr_board.layout_routes

    def record(*args, **kwargs):
        seen["args"] = (args, kwargs)
        return layout_routes(*args, **kwargs)

    ttr_board.layout_routes = record
    try:
        ttr_board._GEOMETRY_CACHE.clear()
        ttr_board.board_geometry(m)
    finally:
        ttr_board.layout_routes = layout_routes
    return seen["args"]


def search_only(m):
    """The route search of ``m``'s board alone, with the arguments board_geometry passes it."""
    args, kwargs = recorded_search(m)
    return lambda: ttr_board.layout_routes(*args, **kwargs)


PARTS = ("layout_routes", "_place_label", "_land_cells", "_place_region_labels", "region_borders", "_place_tables")
BOARDS = ("italy-board", "nordic-board", "amberline-board", "lakeland-board")


def geometry_parts(m, repeat: int) -> dict[str, float]:
    """CPU seconds of each part of ``m``'s board geometry (PARTS, each summed over its calls),
    from the fastest of ``repeat`` cold runs."""
    spent: dict[str, float] = {}
    originals = {name: getattr(ttr_board, name) for name in PARTS}

    def timed(name, fn):
        def call(*args, **kwargs):
            start = time.process_time()
            try:
                return fn(*args, **kwargs)
            finally:
                spent[name] = spent.get(name, 0.0) + time.process_time() - start
        return call

    best: tuple[float, dict] | None = None
    try:
        for name, fn in originals.items():
            setattr(ttr_board, name, timed(name, fn))
        for _ in range(repeat):
            ttr_board._GEOMETRY_CACHE.clear()
            spent.clear()
            start = time.process_time()
            ttr_board.board_geometry(m)
            total = time.process_time() - start
            if best is None or total < best[0]:
                best = (total, dict(spent))
    finally:
        for name, fn in originals.items():
            setattr(ttr_board, name, fn)
    return best[1]


def board_builds(repeat: int) -> None:
    """Each board of `render all`: built (geometry, drawing, tiles and crosshairs) and written."""
    infos = {f.id: f for f in discover_layers([]) if f.id in BOARDS}
    clear = ttr_board._GEOMETRY_CACHE.clear
    print("boards as `render all` prints them (A4), best of", repeat, "— CPU seconds (wall second):")
    for ident in BOARDS:
        info = infos[ident]
        document = build(info, RenderOptions())
        c, w = best_call(lambda: build(info, RenderOptions()), repeat, setup=clear)
        pc, pw = best_call(lambda: render(document, "pdf"), repeat)
        print(f"  {ident:16s} build {c:6.3f} s CPU ({w:6.3f} wall)   PDF written {pc:6.3f} s CPU ({pw:6.3f} wall)")


def whole_process(args: list[str], cwd: str) -> tuple[float, float, int, int]:
    """CPU seconds (children), wall seconds, peak RSS in MB and the exit code of ``railprint ARGS``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "railprint", *args], cwd=cwd, capture_output=True, timeout=300)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    seconds = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return seconds, wall, after.ru_maxrss // 1024, done.returncode


def hostile(folder: str) -> None:
    board = (content_path("ticket-to-ride") / "board-nordic.yaml").read_text(encoding="utf-8")
    cases = []
    for name, size in (("1x1mm", "{width: 1mm, height: 1mm}"), ("0mm", "{width: 0mm, height: 800mm}"),
                       ("negative", "{width: -540mm, height: 800mm}"), ("10x10m", "{width: 10000mm, height: 10000mm}")):
        path = Path(folder, f"board-{name}.yaml")
        path.write_text(board.replace("size: {width: 540mm, height: 800mm}", f"size: {size}")
                        .replace("id: nordic-board", f"id: b{name.lower()}"), encoding="utf-8")
        cases.append((f"board {name}: validate", ["validate", str(path)], 1))
    path = Path(folder, "cities-200.yaml")
    path.write_text(generated_map(1, routes=250, places=200), encoding="utf-8")
    cases.append(("200-city map: validate", ["validate", str(path)], 1))
    crowded = Path(folder, "crowded")
    crowded.mkdir()
    text = re.sub(r"length: \d+", "length: 12", generated_map(4, routes=200, places=100))
    (crowded / "crowded.yaml").write_text(text.replace("6: 15}", "6: 15, 12: 40}"), encoding="utf-8")
    print("hostile and limit inputs, whole process (limit 5 s CPU, 300 MB):")
    for label, args, expected in cases:
        seconds, wall, mb, code = whole_process(args, folder)
        ok = code == expected and seconds <= 5 and mb <= 300
        print(f"  {label:42s} {seconds:5.2f} s CPU  {wall:5.2f} s wall  {mb:4d} MB  exit {code}  "
              f"{'OK' if ok else 'OVER'}")
    # `render ticket-to-ride` prints the shipped set too: the crowded map's share is the difference
    base, base_wall, _, _ = whole_process(["render", "ticket-to-ride", "-o", str(Path(folder, "base")), "--quiet"],
                                          folder)
    seconds, wall, mb, code = whole_process(["render", "ticket-to-ride", "--content", str(crowded),
                                             "-o", str(Path(folder, "out")), "--quiet"], folder)
    ok = code == 0 and seconds - base <= 5 and mb <= 300
    print(f"  {'largest allowed map, crowded: render':42s} {seconds - base:5.2f} s CPU  {wall - base_wall:5.2f} s wall"
          f"  {mb:4d} MB  exit {code}  {'OK' if ok else 'OVER'}   (its share of a {seconds:.2f} s render of the game)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="skip the whole-process hostile runs")
    args = parser.parse_args()
    every = maps()
    cold_layout(every["nordic"])   # imports and fonts: not what is measured
    clear = ttr_board._GEOMETRY_CACHE.clear
    print("cold board layout (no cache), best of", args.repeat, "— CPU seconds (wall second), judged by CPU:")
    for name, m in every.items():
        c, w = best_call(lambda: cold_layout(m), args.repeat, setup=clear)
        sc, sw = best_call(search_only(m), args.repeat)
        print(f"  {name:12s} {len(m.routes):3d} routes  board geometry {c:6.3f} s CPU ({w:6.3f} wall)  "
              f"route search {sc:6.3f} s CPU ({sw:6.3f} wall)   target <= {TARGETS[name]} s: "
              f"{verdict(c, TARGETS[name])}")
    print("where the board geometry goes (CPU seconds of the fastest cold run):")
    for name, m in every.items():
        parts = geometry_parts(m, args.repeat)
        print(f"  {name:12s} " + "  ".join(f"{part.strip('_').replace('_', ' ')} {parts.get(part, 0.0):.3f}"
                                          for part in PARTS))
    board_builds(args.repeat)
    if not args.quick:
        with tempfile.TemporaryDirectory() as folder:
            hostile(folder)


if __name__ == "__main__":
    from cputime import report_machine

    report_machine()
    main()
