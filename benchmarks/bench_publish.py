"""Benchmark: what all-or-nothing publication costs (railprint.writers.write_files).

A render-sized set (33 files of 150 kB, every one replacing an existing file, in two
sub-folders) written through ``write_files`` — stage, check every target, journal, hard-link
backups, rename, commit, remove the staging folder — against the naive way (each file written
to a temporary name and renamed into place, no backups, no journal, no rollback). CPU time
(user+sys) first, wall time second.

    python benchmarks/bench_publish.py [--files 33] [--kb 150] [--rounds 30]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from railprint.writers import write_files  # noqa: E402


def naive(out: Path, files: list[tuple[Path, bytes]]) -> None:
    for rel, data in files:
        target = out / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_name(f".{target.name}.tmp")
        with open(tmp, "wb") as handle:
            handle.write(data)
        os.replace(tmp, target)


def measure(fn, out: Path, files, rounds: int) -> tuple[float, float]:
    fn(out, files)  # warm: every target exists from here on
    cpu, wall = time.process_time(), time.perf_counter()
    for _ in range(rounds):
        fn(out, files)
    return (time.process_time() - cpu) / rounds, (time.perf_counter() - wall) / rounds


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--files", type=int, default=33)
    parser.add_argument("--kb", type=int, default=150)
    parser.add_argument("--rounds", type=int, default=30)
    args = parser.parse_args()
    blob = os.urandom(args.kb * 1024)
    files = [(Path("g" if i % 2 else "h") / f"f{i:03d}.pdf", blob) for i in range(args.files)]
    with tempfile.TemporaryDirectory() as tmp:
        ours = measure(write_files, Path(tmp) / "a", files, args.rounds)
        base = measure(naive, Path(tmp) / "b", files, args.rounds)
    print(f"{args.files} files × {args.kb} kB, every one replacing an existing file, {args.rounds} rounds")
    print(f"write_files (staged, journal, backups, rollback-ready): CPU {ours[0] * 1000:.1f} ms, "
          f"wall {ours[1] * 1000:.1f} ms a run")
    print(f"naive temp-and-rename:                                 CPU {base[0] * 1000:.1f} ms, "
          f"wall {base[1] * 1000:.1f} ms a run")
    print(f"overhead: CPU ×{ours[0] / base[0]:.2f} ({(ours[0] - base[0]) * 1000:.1f} ms a run)")


if __name__ == "__main__":
    from cputime import report_machine

    report_machine()
    main()
