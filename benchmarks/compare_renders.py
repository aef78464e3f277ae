"""Check that a refactoring changed no output: render everything at two revisions, compare hashes.

Renders, for a git revision (checked out with ``git worktree add`` into a temporary folder and run
with ``PYTHONPATH`` pointing at it) and for the working tree:

- ``railprint render all`` on A4 and on Letter (English) and on A4 in Polish, every PDF;
- ``railprint sheet railroad-ink --seed 1 --date 2026-01-01`` and ``railprint roll railroad-ink
  --seed 1`` (the roll-and-write output);
- the golden scene dumps of ``tests/render/test_golden.py`` (as that tree defines them);

then compares the SHA-256 of every file, prints the differences and exits 1 if there are any.

    python benchmarks/compare_renders.py                  # HEAD vs the working tree
    python benchmarks/compare_renders.py --base 18c5559   # a given base revision
    python benchmarks/compare_renders.py --base 18c5559 --record hashes.txt   # save base hashes

Run it from the repository root with the project's virtualenv (the entry points of the
installed railprint name the built-in games; their module paths must exist in both trees).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

RUNS = [
    ("a4", ["render", "all", "--paper", "a4", "-q", "-o", "{out}"]),
    ("letter", ["render", "all", "--paper", "letter", "-q", "-o", "{out}"]),
    ("a4-pl", ["render", "all", "--paper", "a4", "--lang", "pl", "-q", "-o", "{out}"]),
    ("sheet", ["sheet", "railroad-ink", "--seed", "1", "--date", "2026-01-01", "-o", "{out}/sheet.pdf"]),
]
ROLL = ["roll", "railroad-ink", "--seed", "1"]
GOLDEN = ("import sys; from pathlib import Path; sys.path.insert(0, '.');\n"
          "from tests.render.test_golden import CASES, _dump\n"
          "out = Path(sys.argv[1]); out.mkdir(parents=True, exist_ok=True)\n"
          "for name, case in CASES.items(): (out / (name + '.txt')).write_text(_dump(*case), encoding='utf-8')\n")


def _run(tree: Path, args: list[str], out: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0")
    return subprocess.run([sys.executable, *args], cwd=tree, env=env, capture_output=True, text=True,
                          check=False)


def render_tree(tree: Path, out: Path) -> dict[str, str]:
    """Every output file of ``tree`` under ``out``; returns relative path -> SHA-256."""
    for name, args in RUNS:
        target = out / name
        done = _run(tree, ["-m", "railprint", *[a.replace("{out}", str(target)) for a in args]], target)
        if done.returncode != 0:
            raise SystemExit(f"{tree}: railprint {' '.join(args)} failed:\n{done.stderr}")
    done = _run(tree, ["-m", "railprint", *ROLL], out)
    if done.returncode != 0:
        raise SystemExit(f"{tree}: railprint {' '.join(ROLL)} failed:\n{done.stderr}")
    (out / "roll.txt").write_text(done.stdout, encoding="utf-8")
    done = _run(tree, ["-c", GOLDEN, str(out / "golden")], out)
    if done.returncode != 0:
        raise SystemExit(f"{tree}: golden dumps failed:\n{done.stderr}")
    return {str(p.relative_to(out)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(out.rglob("*")) if p.is_file()}


def render_rev(rev: str, out: Path) -> dict[str, str]:
    with tempfile.TemporaryDirectory(prefix="railprint-rev-") as tmp:
        tree = Path(tmp) / "tree"
        subprocess.run(["git", "worktree", "add", "--detach", "--quiet", str(tree), rev], cwd=ROOT, check=True)
        try:
            return render_tree(tree, out)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT, check=False)


def compare(base: dict[str, str], head: dict[str, str]) -> list[str]:
    problems = []
    for name in sorted(set(base) | set(head)):
        if name not in head:
            problems.append(f"missing now: {name}")
        elif name not in base:
            problems.append(f"new file:    {name}")
        elif base[name] != head[name]:
            problems.append(f"changed:     {name}")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="HEAD", help="git revision to compare against (default HEAD)")
    parser.add_argument("--record", type=Path, help="also write the base hashes to this file")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="railprint-compare-") as tmp:
        base = render_rev(args.base, Path(tmp) / "base")
        head = render_tree(ROOT, Path(tmp) / "head")
    if args.record:
        args.record.write_text("".join(f"{h}  {n}\n" for n, h in base.items()), encoding="utf-8")
    problems = compare(base, head)
    print(f"{len(head)} file(s) compared against {args.base}: "
          f"{'identical' if not problems else f'{len(problems)} difference(s)'}")
    for line in problems:
        print("  " + line)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
