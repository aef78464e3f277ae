"""Benchmark: the instructions one part of a cold `railprint render all` executes (valgrind's
callgrind) — the PDF writer (`writers.pdf.to_bytes`, all 41 files) or deck resolution
(`model.resolve.resolve_deck`, all 28 decks) — a figure the machine's load does not move.

The render runs once under callgrind with the part's calls made through `functools.reduce`,
and `--toggle-collect=functools_reduce` counts only what runs inside them (the part's own
first use included: fonts read, pictures decoded). With ``--base REV`` the same is counted
for that revision (checked out into a temporary worktree, run through ``PYTHONPATH``).
``PYTHONHASHSEED=0``; about two minutes of CPU a run; repeated runs agree within ~0.5 %.

    python benchmarks/bench_part_instructions.py [writer|resolution] [--base main]

Needs valgrind (`apt-get install valgrind`).
"""

from __future__ import annotations

import argparse
import compileall
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PARTS = {"writer": ("railprint.writers.pdf", "to_bytes"), "resolution": ("railprint.model.resolve", "resolve_deck")}

RUN = """
import functools, importlib, sys
module = importlib.import_module({module!r})
part = getattr(module, {name!r})
def through_reduce(*args, **kwargs):
    return functools.reduce(lambda _, __: part(*args, **kwargs), [None], None)
setattr(module, {name!r}, through_reduce)
from railprint.__main__ import main
sys.argv = ["railprint", "render", "all", "--quiet", "-o", sys.argv[1]]
main()
"""


def count(tree: Path, part: str) -> int:
    """Instructions inside ``part`` in one cold render all of the code in ``tree``."""
    module, name = PARTS[part]
    compileall.compile_dir(str(tree / "railprint"), quiet=1)  # no compiling inside the count
    with tempfile.TemporaryDirectory() as out:
        env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
        done = subprocess.run(["valgrind", "--tool=callgrind", "--toggle-collect=functools_reduce",
                               "--callgrind-out-file=/dev/null", sys.executable, "-c",
                               RUN.format(module=module, name=name), out],
                              cwd=out, env=env, capture_output=True, text=True)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode or not found:
        raise SystemExit(f"callgrind run failed:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("part", choices=sorted(PARTS), nargs="?", default="writer")
    parser.add_argument("--base", help="also count this git revision")
    args = parser.parse_args()
    now = count(ROOT, args.part)
    print(f"{args.part}: {now / 1e6:,.1f} M instructions (working tree)")
    if args.base:
        with tempfile.TemporaryDirectory() as tmp:
            tree = Path(tmp) / "base"
            subprocess.run(["git", "worktree", "add", "--detach", str(tree), args.base], cwd=ROOT, check=True,
                           capture_output=True)
            try:
                base = count(tree, args.part)
            finally:
                subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT, capture_output=True)
        print(f"{args.part}: {base / 1e6:,.1f} M instructions ({args.base}); "
              f"change {100 * (now - base) / base:+.1f} %")
    return 0


if __name__ == "__main__":
    sys.exit(main())
