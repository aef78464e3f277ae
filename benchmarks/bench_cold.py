"""Benchmark (issue 17, "fast from cold"): whole ``railprint`` processes, by CPU time (wall second).

* ``railprint render all``: every shipped component, A4, PDF, into an empty output folder
  ("cold": there is no cache of any kind, the Ticket to Ride board layout runs every time) and
  again over that output ("warm": the same work, replacing the files).
* ``railprint score GAME FILE --json`` per game, the whole process (start-up, imports, parsing,
  scoring, JSON), as the ``railprint`` command runs it (railprint.console, no typer).

The package's bytecode is compiled first, as ``pip install`` does (with PYTHONDONTWRITEBYTECODE
set, every run would otherwise compile railprint's sources again: +40 % on ``score``); a warning
says when the installed libraries have no bytecode.
* Railroad Ink's worst boards (the adversarial set of bench_railroad_ink_score.py), scored in
  this process with cold caches, both longest-route readings.
* ``--phases``: where a cold ``render all`` process spends its CPU, phase by phase (best of N
  fresh processes each): the interpreter starting, start-up before discovery (imports, option
  checks), discovery (``render.discover_layers``), building and writing, and the exit.
* ``--instructions``: the same phases of one cold ``render all`` as instructions (valgrind's
  callgrind: exact, whatever the machine's load), each phase's end run with the rest stubbed out.

    python benchmarks/bench_cold.py [--repeat N] [--skip-render] [--skip-boards] [--phases] [--instructions]

Targets: render all cold <= 1.5 s (aim 1.0 s); score <= 0.12 s a game; Railroad Ink worst board
<= 70 ms (simple) / <= 200 ms (trail).
"""

from __future__ import annotations

import argparse
import compileall
import importlib.util
import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from cputime import best_call, best_process, run_process, verdict  # noqa: E402

DATA = ROOT / "tests" / "data"
SCORES = {
    "railroad-ink": DATA / "railroad_ink" / "cases" / "board_edge.txt",
    "ticket-to-ride": DATA / "ticket_to_ride" / "cases" / "italy-parallel-3p.yaml",
    "days-of-steam": DATA / "days_of_steam" / "cases" / "colour-bonus-four-colours.yaml",
    "allers-trains": DATA / "allers_trains" / "cases" / "both-2p-tie-break.yaml",
}
RENDER_LIMIT, SCORE_LIMIT, RI_LIMITS = 1.5, 0.12, {"simple": 0.070, "trail": 0.200}
PHASE_LIMITS = {"start-up before discovery": 0.10, "discovery": 0.12}
# one cold render all with CPU marks around discovery; prints the in-process marks as JSON
PHASES_CHILD = """
import json, sys, time
python = time.process_time()
import railprint.render as render
marks = {}
discover = render.discover_layers
def timed(*args, **kwargs):
    marks["pre"] = time.process_time()
    try:
        return discover(*args, **kwargs)
    finally:
        marks["discovered"] = time.process_time()
render.discover_layers = timed
from railprint.__main__ import main
sys.argv = ["railprint", "render", "all", "--quiet", "-o", sys.argv[1]]
try:
    main()
except SystemExit as exc:
    if exc.code:
        raise
    sys.stderr.write(json.dumps({"python": python, "pre": marks["pre"], "discovered": marks["discovered"],
                                 "end": time.process_time()}) + "\\n")
"""


def railprint(*args: str) -> list[str]:
    """The command as the ``railprint`` console script runs it (``python -m railprint`` adds
    runpy's ~4 ms)."""
    return [sys.executable, "-c", "from railprint.__main__ import main; main()", *args]


def bench_render(repeat: int) -> None:
    work = Path(tempfile.mkdtemp(prefix="railprint-bench-"))
    try:
        cold = []
        for k in range(repeat):  # each cold run writes into a new, empty folder
            cpu, wall, code = run_process(railprint("render", "all", "--quiet", "-o", str(work / f"out{k}")))
            if code:
                raise SystemExit("render all failed")
            cold.append((cpu, wall))
        warm = best_process(railprint("render", "all", "--quiet", "-o", str(work / "out0")), repeat)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    cpu, wall = min(c for c, _ in cold), min(w for _, w in cold)
    print(f"render all, cold   CPU {cpu:6.2f} s   wall {wall:6.2f} s   (target <= {RENDER_LIMIT} s) "
          f"{verdict(cpu, RENDER_LIMIT)}")
    print(f"render all, warm   CPU {warm[0]:6.2f} s   wall {warm[1]:6.2f} s   (target <= {RENDER_LIMIT} s) "
          f"{verdict(warm[0], RENDER_LIMIT)}")


def bench_phases(repeat: int) -> None:
    """Best CPU of each phase of a cold render all over ``repeat`` fresh processes."""
    import json
    import resource
    import subprocess

    best: dict[str, float] = {}
    work = Path(tempfile.mkdtemp(prefix="railprint-bench-"))
    try:
        for k in range(repeat):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            done = subprocess.run([sys.executable, "-c", PHASES_CHILD, str(work / f"out{k}")], capture_output=True,
                                  text=True, check=True)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            whole = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            marks = json.loads(done.stderr.strip().splitlines()[-1])
            phases = {"the interpreter starting": marks["python"],
                      "start-up before discovery": marks["pre"] - marks["python"],
                      "discovery": marks["discovered"] - marks["pre"],
                      "building and writing": marks["end"] - marks["discovered"],
                      "the exit": whole - marks["end"], "whole process": whole}
            for name, value in phases.items():
                best[name] = min(best.get(name, value), value)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"render all, cold, by phase (CPU, best of {repeat} processes each):")
    for name, value in best.items():
        limit = PHASE_LIMITS.get(name)
        print(f"  {name:27s} {value:6.3f} s" + (f"   (target <= {limit} s) {verdict(value, limit)}" if limit else ""))


# a cold render all up to a phase's end, the rest stubbed out (for --instructions)
UPTO_CHILD = """
import sys
import railprint.render as render
upto = sys.argv[1]
if upto == "start-up":
    render.discover_layers = lambda *args, **kwargs: []
    render.select = lambda *args, **kwargs: []
if upto != "whole":
    render.render_all = lambda *args, **kwargs: []
from railprint.__main__ import main
sys.argv = ["railprint", "render", "all", "--quiet", "-o", sys.argv[2]]
main()
"""


def bench_instructions() -> None:
    """Instructions (callgrind) of a cold render all up to the end of start-up, of discovery,
    and of the whole process: exact, unmoved by the machine's load (~1-4 min under valgrind)."""
    import re
    import subprocess

    if shutil.which("valgrind") is None:
        raise SystemExit("--instructions needs valgrind (apt-get install valgrind)")
    counts = {}
    work = Path(tempfile.mkdtemp(prefix="railprint-bench-"))
    try:
        for upto in ("start-up", "discovery", "whole"):
            done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                                   "-c", UPTO_CHILD, upto, str(work / upto)], capture_output=True, text=True,
                                  env={**os.environ, "PYTHONHASHSEED": "0"}, cwd=work, check=True)
            counts[upto] = int(re.search(r"Collected : (\d+)", done.stderr).group(1))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("render all, cold, instructions (callgrind, PYTHONHASHSEED=0):")
    print(f"  start-up before discovery {counts['start-up'] / 1e6:10,.1f} M")
    print(f"  discovery                 {(counts['discovery'] - counts['start-up']) / 1e6:10,.1f} M")
    print(f"  building, writing, exit   {(counts['whole'] - counts['discovery']) / 1e6:10,.1f} M")
    print(f"  whole process             {counts['whole'] / 1e6:10,.1f} M")


def bytecode() -> None:
    """Compile railprint as an installation has it; say so if the libraries have no bytecode."""
    compileall.compile_dir(str(ROOT / "railprint"), quiet=1)
    import yaml

    cached = importlib.util.cache_from_source(yaml.__file__)
    if not Path(cached).exists():
        print(f"warning: the installed libraries have no bytecode ({cached} missing): start-up times "
              f"include compiling them; run python -m compileall on site-packages", file=sys.stderr)


def bench_score(repeat: int) -> None:
    folder = Path(tempfile.mkdtemp(prefix="railprint-bench-"))
    try:
        for game, case in SCORES.items():
            path = folder / case.name  # the game of a rule case: its first YAML document
            path.write_text(case.read_text(encoding="utf-8").split("\n---\n")[0], encoding="utf-8")
            score_one(game, path, repeat)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def score_one(game: str, path: Path, repeat: int) -> None:
    cpu, wall = best_process(railprint("score", game, str(path), "--json"), repeat)
    print(f"score {game:<15} CPU {cpu:6.3f} s   wall {wall:6.3f} s   (target <= {SCORE_LIMIT} s) "
          f"{verdict(cpu, SCORE_LIMIT)}")


def bench_railroad_ink(repeat: int) -> None:
    from bench_railroad_ink_score import adversarial, format_text

    from railprint.games.railroad_ink import longest as L
    from railprint.games.railroad_ink import parse, score

    def cold() -> None:
        L._CACHE.clear()
        L._NORMAL.clear()

    boards = adversarial()
    for mode, limit in RI_LIMITS.items():
        times = {name: best_call(lambda b=board: score(parse(format_text(b)), mode), repeat, cold)
                 for name, board in boards.items()}
        worst = max(times, key=lambda name: times[name][0])
        cpu, wall = times[worst]
        print(f"Railroad Ink worst board, {mode:<6} CPU {cpu * 1000:6.1f} ms   wall {wall * 1000:6.1f} ms   "
              f"({worst}; target <= {limit * 1000:.0f} ms) {verdict(cpu, limit)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="best of N runs")
    parser.add_argument("--skip-render", action="store_true", help="leave out the (slow) render runs")
    parser.add_argument("--skip-boards", action="store_true", help="leave out Railroad Ink's worst boards")
    parser.add_argument("--phases", action="store_true", help="only render all's phases (start-up, discovery, ...)")
    parser.add_argument("--instructions", action="store_true",
                        help="only render all's phases in instructions (valgrind's callgrind)")
    args = parser.parse_args()
    bytecode()
    if args.instructions:
        bench_instructions()
        return
    if args.phases:
        bench_phases(max(args.repeat, 5))
        return
    if not args.skip_render:
        bench_render(args.repeat)
    bench_score(max(args.repeat, 5))
    cpu, wall = best_process(railprint("--help"), max(args.repeat, 5))
    print(f"railprint --help       CPU {cpu:6.3f} s   wall {wall:6.3f} s   (typer: no target)")
    if not args.skip_boards:
        bench_railroad_ink(args.repeat)


if __name__ == "__main__":
    from cputime import report_machine

    report_machine()
    main()
