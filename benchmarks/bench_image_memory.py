"""Benchmark: peak memory of image exports (`railprint render --format png|jpeg`) stays flat in
the number of faces (issue 29: 30 cards at 1200 dpi held 1.86 GB; 5,000 cards at 300 dpi ended
in MemoryError).

Each case is a deck of N cards, every card a different face (its own name and number, so no
two faces are shared), rendered by the whole command in a fresh Python process; reported: CPU
time (user + sys), the process's peak resident memory (VmHWM), the files written and their
total size. Limit: 300 MB peak for every case.

    python benchmarks/bench_image_memory.py [--cases 5000x300,30x1200] [--format png]
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

MEMORY_LIMIT_MB = 300

DECK = """kind: deck
id: d
game: g
title: {en: Memory}
size: poker
cards: {from: cards.csv}
back: b
templates:
  b:
    layers:
      - {type: rect, x: 0mm, y: 0mm, w: 63mm, h: 88mm, fill: '#203040', bleed: true}
  t:
    layers:
      - {type: rect, x: 0mm, y: 0mm, w: 63mm, h: 88mm, fill: '#f0e0c0', bleed: true}
      - {type: text, text: '{name}', x: 5mm, y: 10mm, size: 14}
      - {type: text, text: 'Łódź – Tromsø – Ålesund {n}', x: 5mm, y: 30mm, size: 9}
      - {type: circle, cx: 31.5mm, cy: 60mm, r: 15mm, fill: '#a03020'}
"""


def run(cards: int, dpi: int, fmt: str, tmp: Path) -> dict:
    content = tmp / f"c{cards}x{dpi}"
    (content / "g").mkdir(parents=True)
    (content / "g" / "d.yaml").write_text(DECK, encoding="utf-8")
    rows = "".join(f"t,Card {i},{i}\n" for i in range(cards))
    (content / "g" / "cards.csv").write_text("template,name,n\n" + rows, encoding="utf-8")
    out = content / "out"
    args = ["render", "g", "--content", str(content), "-o", str(out), "--format", fmt, "--dpi", str(dpi), "-q"]
    from cputime import measure_cli

    stats, proc = measure_cli(args)
    images = [p for p in out.rglob(f"*.{fmt}")]
    stats["files"], stats["mb"] = len(images), sum(p.stat().st_size for p in images) / 1e6
    stats["error"] = proc.stderr.strip().splitlines()[0] if stats["code"] else ""
    return stats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", default="5000x300,30x1200", help="CARDSxDPI,… (default: 5000x300,30x1200)")
    parser.add_argument("--format", default="png", choices=("png", "jpeg"))
    args = parser.parse_args()
    worst = 0.0
    print(f"{'cards':>6} {'dpi':>5} {'format':6} {'exit':>4} {'CPU s':>8} {'peak MB':>8} {'files':>6} {'MB out':>7}")
    with tempfile.TemporaryDirectory() as tmp:
        for case in args.cases.split(","):
            cards, dpi = (int(v) for v in case.split("x"))
            s = run(cards, dpi, args.format, Path(tmp))
            print(f"{cards:6} {dpi:5} {args.format:6} {s['code']!s:>4} {s['cpu']:8.1f} {s['rss_mb']:8.1f} "
                  f"{s['files']:6} {s['mb']:7.1f}  {s['error'][:60]}")
            worst = max(worst, s["rss_mb"] if s["code"] == 0 else float("inf"))
    print(f"worst peak: {worst:.0f} MB (limit {MEMORY_LIMIT_MB} MB): {'OK' if worst <= MEMORY_LIMIT_MB else 'OVER'}")


if __name__ == "__main__":
    from cputime import report_machine

    report_machine()
    main()
