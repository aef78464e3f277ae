"""Benchmark: the SVG writer alone (railprint.writers.svg.page_to_string) on the scored pictures
`railprint serve` draws: a Ticket to Ride Italy picture and a 4-sheet Railroad Ink picture (4
pages), warm (fonts subset, kept boards remembered: what a running server pays a picture).
CPU time (time.process_time) per picture, best of --repeat rounds of --n calls; --old also times
the writer before issue 31 (svgwrite + ElementTree, tests/writers/svg_oracle.py) and checks the
bytes are the same.

    python benchmarks/bench_svg_writer.py [--n 50] [--repeat 5] [--old]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from cputime import report_machine  # noqa: E402

CASES = ROOT / "tests" / "data"


def pictures() -> dict[str, list]:
    """name -> [(page, title, charset)] as railprint.writers._svg passes them."""
    from railprint.games.railroad_ink import score_files
    from railprint.games.ticket_to_ride import score_text
    from railprint.writers import svg

    italy = (CASES / "ticket_to_ride" / "cases" / "italy-review-two-networks.yaml").read_text(encoding="utf-8")
    ri = CASES / "railroad_ink" / "cases"
    docs = {"ticket-to-ride-italy": score_text(italy.partition("\n---\n")[0] + "\n", "review.yaml").picture(),
            "railroad-ink-4-sheets": score_files([ri / f"{name}.txt" for name in
                                                   ("rulebook_example", "lava", "meteor", "twelve_exits")]).picture("en")}
    out = {}
    for name, doc in docs.items():
        charset = svg.used_chars(doc.pages)
        out[name] = [(page, doc.title, charset) for page in doc.pages]
    return out


def best(write, calls: list, n: int, repeat: int) -> float:
    """Least CPU seconds a picture (all its pages) over ``repeat`` rounds of ``n`` pictures."""
    for page, title, charset in calls:   # warm: subsets, kept boards
        write(page, title, charset)
    times = []
    for _ in range(repeat):
        start = time.process_time()
        for _ in range(n):
            for page, title, charset in calls:
                write(page, title, charset)
        times.append((time.process_time() - start) / n)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=50)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--old", action="store_true", help="also time the svgwrite writer of before issue 31")
    args = parser.parse_args()
    from railprint.writers import svg

    old = None
    if args.old:
        sys.path.insert(0, str(ROOT / "tests" / "writers"))
        import svg_oracle as old
    report_machine()
    for name, calls in pictures().items():
        size = sum(len(svg.page_to_string(*call)) for call in calls)
        line = f"{name}: {len(calls)} page(s), {size / 1024:.0f} kB: {best(svg.page_to_string, calls, args.n, args.repeat) * 1000:.2f} ms CPU"
        if old is not None:
            assert all(old.page_to_string(*call) == svg.page_to_string(*call) for call in calls), "bytes differ"
            line += f"; svgwrite (before): {best(old.page_to_string, calls, args.n, args.repeat) * 1000:.2f} ms CPU; same bytes"
        print(line)


if __name__ == "__main__":
    main()
