"""The Ticket to Ride route search's result judged by its own measure, to compare layouts when
the search changes (a re-base): for each map, the total cost of the chosen lines (every group's
penalty, fixed part and exact overlap with the others, as the repair scores it), the pairs of
spaces under the promised 1 mm and under the search's own aim (1.15 mm), the work counted
(shapes built, pairs compared) and the search's CPU time (best of ``--repeat``).

Maps: the shipped ones, ``generated-N`` (benchmarks/ttr_generated_map.py, seed N) and
``crowded`` (the largest map the caps allow: 200 routes of 12 spaces, as test_board_bounds.py).

    python benchmarks/ttr_layout_quality.py [MAP ...] [--repeat N]
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bench_ttr_board import recorded_search  # noqa: E402
from ttr_generated_map import generated_map  # noqa: E402

from railprint.games.ticket_to_ride import route_layout  # noqa: E402
from railprint.games.ticket_to_ride.maps import load_map, parse_map  # noqa: E402
from railprint.loading.yamlio import loads  # noqa: E402

MAPS = ["italy", "nordic", "generated-1", "generated-2", "generated-3", "generated-4", "generated-5", "crowded"]


def load(name: str):
    if name == "crowded":
        text = re.sub(r"length: \d+", "length: 12", generated_map(4, routes=200, places=100))
        text = text.replace("6: 15}", "6: 15, 12: 40}")
        return parse_map(loads(text, "crowded.yaml"), "crowded.yaml")
    if name.startswith("generated-"):
        return parse_map(loads(generated_map(int(name.split("-")[1])), f"{name}.yaml"), f"{name}.yaml")
    return load_map(name)


def total_cost(search) -> float:
    """Every group's cost with all the others placed: penalty + fixed part + exact overlap."""
    total = 0.0
    for group in search.groups:
        shape = search.shape(group, group.current)
        search.lift(group)
        total += group.current[0] + search.fixed(group, shape) + search.overlap(shape, float("inf"), True)
        search.commit(group, shape)
    return total


def measure(name: str, repeat: int) -> str:
    args, kwargs = recorded_search(load(name))
    searches = []
    original = route_layout._Search.run

    def run(self, passes):
        searches.append(self)
        return original(self, passes)

    best = float("inf")
    route_layout._Search.run = run
    try:
        for _ in range(repeat):
            start = time.process_time()
            layout = route_layout.layout_routes(*args, **kwargs)
            best = min(best, time.process_time() - start)
    finally:
        route_layout._Search.run = original
    search = searches[-1]
    g = search.g
    same = {rid: group.ends for group in search.groups for rid in group.ids}
    promised = route_layout.close_pairs(layout.cars, g.clearance, lambda a, b: same[a] == same[b])
    aimed = route_layout.close_pairs(layout.cars, search.want, lambda a, b: same[a] == same[b])
    built, pairs = search.built, search.pairs
    return (f"{name:12s} cost {total_cost(search):10.1f}  pairs < 1 mm {len(promised):3d}  < aim {len(aimed):3d}  "
            f"built {built:5d}  compared {pairs:6d}  search {best:6.3f} s CPU")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("maps", nargs="*", default=MAPS)
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    for name in args.maps:
        print(measure(name, args.repeat), flush=True)


if __name__ == "__main__":
    main()
