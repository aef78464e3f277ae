"""Benchmark: the Ticket to Ride scorer on hostile games stays within 2 s and 300 MB.

Cases (issue 9): one player listing 68 Nordic routes (seeded random picks; unbounded, the
longest-trail search ran for minutes and ended in MemoryError), 20 such players (the most a
game file may hold; they share one search budget), 10,000 route entries (the most a game file
may hold), and a small legal game for comparison. Each case runs ``railprint score ticket-to-ride FILE --json``
in a fresh Python process (the whole command: start-up, parsing, checking, scoring, JSON) and
reports wall time, CPU time and the process's peak resident memory (VmHWM); also, in-process,
the time and the peak of Python allocations (tracemalloc, which slows the run) of the scoring
call alone.

    python benchmarks/bench_hostile.py [--seeds N]
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from railprint.games.ticket_to_ride import load_map, score_files  # noqa: E402
from railprint.games.ticket_to_ride.notation import route_entry  # noqa: E402

TIME_LIMIT, MEMORY_LIMIT_MB = 2.0, 300

RUNNER = """
import json, resource, sys, time
start = time.perf_counter()
from railprint.cli import main
sys.argv = ["railprint", "score", "ticket-to-ride", sys.argv[1], "--json"]
try:
    main()
except SystemExit as exc:
    code = exc.code
usage = resource.getrusage(resource.RUSAGE_SELF)
try:  # VmHWM: this program's own peak (ru_maxrss would include the parent's, inherited at fork)
    status = open("/proc/self/status").read()
    rss = int(status.split("VmHWM:")[1].split()[0]) / 1024
except (OSError, IndexError):
    rss = usage.ru_maxrss / 1024
print(json.dumps({"wall": time.perf_counter() - start, "cpu": usage.ru_utime + usage.ru_stime,
                  "rss_mb": rss, "code": code}), file=sys.stderr)
"""


def game(*players: list[str]) -> str:
    lines = ["map: nordic", "players:"]
    for number, routes in enumerate(players):
        lines += [f"  - name: P{number}", "    routes:" + ("" if routes else " []")]
        lines += [f'      - "{r}"' for r in routes]
    return "\n".join(lines) + "\n"


def measure(path: Path) -> dict:
    proc = subprocess.run([sys.executable, "-c", RUNNER, str(path)], capture_output=True, text=True)
    stats = json.loads(proc.stderr.strip().splitlines()[-1])
    tracemalloc.start()
    tracemalloc.reset_peak()
    start = time.perf_counter()
    score_files([path])
    stats["inproc"] = time.perf_counter() - start
    stats["py_peak_mb"] = tracemalloc.get_traced_memory()[1] / 1e6
    tracemalloc.stop()
    return stats


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=5)
    args = parser.parse_args()
    m = load_map("nordic")
    ids = sorted(m.route)
    def pick(seed: int) -> list[str]:
        return [route_entry(m, r) for r in random.Random(seed).sample(ids, 68)]

    cases = {f"68 routes, seed {s}": game(pick(s), []) for s in range(args.seeds)}
    cases["20 players x 68 routes"] = game(*(pick(s) for s in range(20)))
    cases["10,000 route entries"] = game([route_entry(m, ids[i % len(ids)]) for i in range(10_000)], [])
    cases["legal game (3 routes)"] = game(["Oslo - Örebro", "Örebro - Stockholm", "Stockholm - Sundsvall"], [])
    worst_t = worst_m = 0.0
    print(f"{'case':26} {'exit':>4} {'wall s':>7} {'CPU s':>6} {'RSS MB':>7} {'score s':>8} {'py MB':>6}  longest")
    with tempfile.TemporaryDirectory() as tmp:
        for name, text in cases.items():
            path = Path(tmp) / "game.yaml"
            path.write_text(text, encoding="utf-8")
            s = measure(path)
            longest = score_files([path]).games[0].players[0].longest_path
            print(f"{name:26} {s['code']!s:>4} {s['wall']:7.2f} {s['cpu']:6.2f} {s['rss_mb']:7.1f} "
                  f"{s['inproc']:8.2f} {s['py_peak_mb']:6.1f}  {longest if longest is not None else 'not computed'}")
            worst_t, worst_m = max(worst_t, s["cpu"]), max(worst_m, s["rss_mb"])
    ok = worst_t <= TIME_LIMIT and worst_m <= MEMORY_LIMIT_MB  # judged by CPU time (shared machine)
    print(f"worst: {worst_t:.2f} s CPU, {worst_m:.0f} MB (limits {TIME_LIMIT} s, {MEMORY_LIMIT_MB} MB): "
          f"{'OK' if ok else 'OVER'}")


if __name__ == "__main__":
    main()
