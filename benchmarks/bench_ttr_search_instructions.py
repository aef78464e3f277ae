"""Benchmark: the Ticket to Ride route search by the instructions it executes (valgrind's
callgrind), a figure the machine's load does not move — on the shared 2-core machine the CPU
time of the same search swings ±15 % between runs minutes apart, so a change of a few per cent
can only be seen this way.

For each map (shipped ids, or ``generated-N``: benchmarks/ttr_generated_map.py with seed N)
the arguments `board_geometry` passes `route_layout.layout_routes` are recorded, then a fresh
process runs the search once under callgrind, with the working tree's `route_layout.py` and,
with ``--base REV``, that revision's; a run without the search gives what importing and
loading cost, which is taken off. Each run takes about a minute of CPU (callgrind is ~50x
slower than the search). Runs use ``PYTHONHASHSEED=0``: with random string hashes the same
search's count moves by a few per cent (dictionary and set traffic).

    python benchmarks/bench_ttr_search_instructions.py [MAP ...] [--base main]

Needs valgrind (`apt-get install valgrind`); the verdicts of the other benchmarks stay by CPU time.
"""

from __future__ import annotations

import argparse
import os
import pickle
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

RUN = """
import importlib.util, pickle, sys
spec = importlib.util.spec_from_file_location("route_layout_measured", sys.argv[1])
module = importlib.util.module_from_spec(spec)
sys.modules[spec.name] = module
spec.loader.exec_module(module)
args, kwargs = pickle.loads(open(sys.argv[2], "rb").read())
if sys.argv[3] == "1":
    module.layout_routes(*args, **kwargs)
"""


def search_arguments(name: str):
    """What board_geometry passes layout_routes for map ``name`` (``place`` dropped: it is only
    called for `via` points, which the measured maps do not have)."""
    from bench_ttr_board import recorded_search
    from railprint.games.ticket_to_ride.maps import load_map, parse_map
    from railprint.loading.yamlio import loads
    from ttr_generated_map import generated_map

    if name.startswith("generated-"):
        m = parse_map(loads(generated_map(int(name.split("-")[1])), f"{name}.yaml"), f"{name}.yaml")
    else:
        m = load_map(name)
    if any(route.via for route in m.routes):
        raise SystemExit(f"{name}: a map with via points cannot be measured here")
    args, kwargs = recorded_search(m)
    return args[:4] + (None,), kwargs


def instructions(module: Path, arguments: Path, search: bool, script: Path) -> int:
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                           str(script), str(module), str(arguments), "1" if search else "0"],
                          capture_output=True, text=True, check=False, env=dict(os.environ, PYTHONHASHSEED="0"))
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode != 0 or not found:
        raise SystemExit(f"callgrind failed:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("maps", nargs="*", default=["italy", "nordic", "generated-1"])
    parser.add_argument("--base", help="also measure this git revision's route_layout.py")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (apt-get install valgrind)")
    with tempfile.TemporaryDirectory(prefix="railprint-instructions-") as tmp:
        folder = Path(tmp)
        script = folder / "run.py"
        script.write_text(RUN, encoding="utf-8")
        modules = {"working tree": ROOT / "railprint/games/ticket_to_ride/route_layout.py"}
        if args.base:
            base = folder / "route_layout_base.py"
            base.write_text(subprocess.run(["git", "show", f"{args.base}:railprint/games/ticket_to_ride/route_layout.py"],
                                           cwd=ROOT, capture_output=True, text=True, check=True).stdout,
                            encoding="utf-8")
            modules = {args.base: base, **modules}
        print("route search, instructions executed (callgrind; start-up and loading taken off):")
        for name in args.maps:
            arguments = folder / f"{name}.pickle"
            arguments.write_bytes(pickle.dumps(search_arguments(name)))
            counts = {}
            for label, module in modules.items():
                counts[label] = (instructions(module, arguments, True, script)
                                 - instructions(module, arguments, False, script))
            line = "  ".join(f"{label}: {count / 1e6:8.1f} M" for label, count in counts.items())
            if len(counts) == 2:
                first, second = counts.values()
                line += f"   ({(second - first) / first * 100:+.1f} %)"
            print(f"  {name:12s} {line}")


if __name__ == "__main__":
    main()
