"""Benchmark (issue 17): where one cold ``railprint render all`` spends its CPU, part by part.

Each run is a fresh process (nothing warm: imports, fonts, parsed files, remembered packings
all start empty) that renders every shipped component, A4, PDF, into an empty folder, with
CPU-time counters (``time.process_time``) around the parts of the render:

* discovery (finding the content files and reading what they are; YAML parsing shown apart);
* deck resolution (``model.resolve.resolve_deck``: templates, variables, text fitting, checks),
  drawing the faces (``render.deck_faces``), imposing them (layout choice, sheets, shared sheets);
* cube nets (``layout.dice.cube_net``), print guides, the PDF writer, publishing the files;
* the build of every output file (the Ticket to Ride boards included), slowest first.

Parts nest (a deck's build holds its resolution), so they do not add up to the whole. The best
(lowest) CPU of ``--repeat`` runs is printed for each part; the wall time of the whole second.

    python benchmarks/bench_render_parts.py [--repeat N]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

PARTS = [  # (label, module, function): a counter around each (outermost call only)
    ("discovery", "railprint.render", "discover_layers"),
    ("  of which YAML parsing", "railprint.loading.yamlio", "loads"),
    ("deck resolution", "railprint.model.resolve", "resolve_deck"),
    ("drawing deck faces", "railprint.render", "deck_faces"),
    ("layout choice (butt-cut packing)", "railprint.layout.imposition", "choose_layout"),
    ("imposing sheets", "railprint.layout.imposition", "impose"),
    ("imposing shared sheets", "railprint.layout.imposition", "impose_sets"),
    ("cube nets", "railprint.layout.dice", "cube_net"),
    ("print guides", "railprint.render", "write_guides"),
    ("PDF writer", "railprint.writers", "render"),
    ("publishing the files", "railprint.writers", "write_files"),
]


def child(out: str) -> None:
    """One cold render all with counters; prints a JSON line of CPU seconds."""
    import importlib

    start_cpu, start = time.process_time(), time.perf_counter()
    spent: dict[str, float] = {}

    def counted(label: str, fn):
        depth = [0]

        def wrapper(*args, **kwargs):
            if depth[0]:
                return fn(*args, **kwargs)
            depth[0] += 1
            began = time.process_time()
            try:
                return fn(*args, **kwargs)
            finally:
                spent[label] = spent.get(label, 0.0) + time.process_time() - began
                depth[0] -= 1
        return wrapper

    for label, module, name in PARTS:
        mod = importlib.import_module(module)
        setattr(mod, name, counted(label, getattr(mod, name)))
    import railprint.render as render

    build = render.build_output

    def build_output(output, options):
        began = time.process_time()
        try:
            return build(output, options)
        finally:
            spent[f"build {output.game}/{output.name}"] = time.process_time() - began

    render.build_output = build_output
    from railprint.__main__ import main

    sys.argv = ["railprint", "render", "all", "--quiet", "-o", out]
    try:
        main()
    except SystemExit as exc:
        if exc.code:
            raise
    spent["whole process (after start-up)"] = time.process_time() - start_cpu
    spent["wall"] = time.perf_counter() - start
    print(json.dumps(spent))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="best of N cold runs")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child)
        return
    best: dict[str, float] = {}
    with tempfile.TemporaryDirectory(prefix="railprint-parts-") as work:
        for k in range(args.repeat):
            done = subprocess.run([sys.executable, __file__, "--child", str(Path(work) / f"out{k}")],
                                  capture_output=True, text=True, check=True, cwd=work)
            for label, value in json.loads(done.stdout.strip().splitlines()[-1]).items():
                best[label] = min(best.get(label, value), value)
    wall = best.pop("wall")
    whole = best.pop("whole process (after start-up)")
    print(f"render all, one cold process: CPU {whole:.3f} s (best of {args.repeat}), wall {wall:.3f} s")
    for label, _, _ in PARTS:
        print(f"  {label:34s} {best.get(label, 0.0):7.3f} s")
    builds = sorted(((v, k[6:]) for k, v in best.items() if k.startswith("build ")), reverse=True)
    pieces = [v for v, name in builds if not name.endswith("-board")]   # decks, tiles, tokens, sheets, pads
    print(f"  builds of the {len(builds)} output files  {sum(v for v, _ in builds):7.3f} s "
          f"(the {len(pieces)} that are no board {sum(pieces):.3f} s), slowest:")
    for value, name in builds[:10]:
        print(f"    {name:40s} {value:7.3f} s")


if __name__ == "__main__":
    from cputime import report_machine

    report_machine()
    main()
