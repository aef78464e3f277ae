"""Benchmark: the first lookup of an installed font by family name (the index of the system's
font folders, :func:`railprint.text.installed.index`), and what naming one costs a deck.

Reported by CPU time of this process (user + sys): the index of the folders this machine has
(or ``RAILPRINT_FONT_PATH``'s), and of a folder of ``--copies`` copies of every file in it (a
system of thousands of fonts: each copy is read as one more file), per file; then the check and
conversion of a CFF ``.otf`` (if the folders hold one) and a TrueType face, each the first time.

    python benchmarks/bench_font_index.py [--copies 2000]
"""

from __future__ import annotations

import argparse
import os
import shutil
import tempfile
import time
from pathlib import Path


def cpu() -> float:
    return time.process_time()   # user + sys of this process, finer than os.times()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--copies", type=int, default=2000, help="files in the synthetic folder")
    args = parser.parse_args()
    import railprint.text.fonts  # noqa: F401 - imports are not the index's cost
    from railprint.platform import font_folders
    from railprint.text import installed

    start = cpu()
    index = installed.index()
    spent = cpu() - start
    files = [p for folder in font_folders() if folder.is_dir() for p in folder.rglob("*")
             if p.suffix.lower() in installed.SUFFIXES]
    print(f"system folders: {len(files)} font files, {len(index)} families: first lookup {spent * 1000:.1f} ms CPU "
          f"({spent / max(1, len(files)) * 1e6:.0f} µs a file)")
    if files:
        with tempfile.TemporaryDirectory() as tmp:
            for i in range(args.copies):
                source = files[i % len(files)]
                shutil.copyfile(source, Path(tmp, f"{i:05d}{source.suffix}"))
            os.environ["RAILPRINT_FONT_PATH"] = tmp
            installed.index.cache_clear()
            start = cpu()
            index = installed.index()
            spent = cpu() - start
            print(f"synthetic folder: {args.copies} files: first lookup {spent * 1000:.1f} ms CPU "
                  f"({spent / args.copies * 1e6:.0f} µs a file)")
    from railprint.text.fonts import load_font_file

    for suffix in (".otf", ".ttf"):
        sample = next((p for p in files if p.suffix.lower() == suffix and p.stat().st_size < 2_000_000), None)
        if sample is None:
            continue
        start, wall = cpu(), time.perf_counter()
        load_font_file(sample)
        print(f"check{' and CFF conversion' if suffix == '.otf' else ''} of {sample.name} "
              f"({sample.stat().st_size // 1024} KB): {(cpu() - start) * 1000:.0f} ms CPU "
              f"({(time.perf_counter() - wall) * 1000:.0f} ms wall)")


if __name__ == "__main__":
    main()
