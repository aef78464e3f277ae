"""Benchmark: card and tile images for every shipped deck-like set (PNG at 300 dpi, with bleed),
the way `railprint render --format png` makes them: build 1-up, write the PDF, rasterise each
page with pypdfium2, crop, encode (PNG level 1), one face at a time as the writer asks for it. Reported in faces per
second by CPU time (user + sys of the whole process, both threads) and by the wall clock.
Target: >= 40 faces/s on the project's 2-core machine.

    python benchmarks/bench_export.py [--dpi 300] [--format png|jpeg]
"""

from __future__ import annotations

import argparse
import os
import time
from dataclasses import replace

from railprint.export.images import document_images
from railprint.render import RenderOptions, build, discover_layers, printable_file
from railprint.writers import render


def cpu() -> float:
    t = os.times()
    return t.user + t.system


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dpi", type=int, default=300)
    parser.add_argument("--format", default="png", choices=("png", "jpeg"))
    args = parser.parse_args()
    from railprint.registry import all_kinds

    kinds = all_kinds()
    chosen = [f for f in discover_layers([]) if printable_file(f) and kinds[f.kind][0].deck_like]
    options = replace(RenderOptions(), mode="1up")
    start_wall, start_cpu = time.perf_counter(), cpu()
    faces = size = 0
    for info in chosen:
        doc = build(info, options)
        blobs = [image() for image in document_images(doc, render(doc, "pdf")[0], args.format, args.dpi)]
        faces += len(blobs)
        size += sum(map(len, blobs))
    wall, used = time.perf_counter() - start_wall, cpu() - start_cpu
    print(f"{len(chosen)} sets, {faces} faces at {args.dpi} dpi ({args.format}), {size / 1e6:.1f} MB")
    print(f"CPU  {used:6.2f} s  {faces / used:6.1f} faces/s  (target >= 40) {'OK' if faces / used >= 40 else 'OVER'}")
    print(f"wall {wall:6.2f} s  {faces / wall:6.1f} faces/s")


if __name__ == "__main__":
    from cputime import report_machine

    report_machine()
    main()
