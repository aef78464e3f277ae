"""Benchmark: decks from a spreadsheet with wrapped rich text and a picture on every card.

1. The shipped example (content/examples/station-master: 100 cards from cards.csv, six
   pictures) and a 1,000-row variant of it: load + resolve (CSV, text fitting) + draw + impose
   + write the PDF, in card faces (fronts and backs) per second, by the wall clock and by the
   process's CPU time (the wall clock suffers when other jobs share the machine). Target:
   >= 1,000 faces/s.
2. PDF size against the number of cards and of distinct pictures: it must grow with the
   pictures, not the cards.

    python benchmarks/bench_content.py [--repeat N]
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from example_deck import CATEGORIES, FOLDER, card_rows, draw_picture, write_cards  # noqa: E402

from railprint.model import richtext  # noqa: E402
from railprint.render import RenderOptions, build_deck  # noqa: E402
from railprint.writers import render  # noqa: E402


def variant(folder: Path, rows: int, pictures: int | None = None) -> Path:
    """A copy of the example deck with ``rows`` cards (and ``pictures`` distinct pictures)."""
    shutil.copytree(FOLDER, folder)
    cards = card_rows(rows)
    if pictures is not None:
        for n in range(pictures):
            draw_picture(folder / "art" / f"extra-{n}.png", 100 + n, "#cde7f0", "#6a994e", "#bc4749")
        for i, row in enumerate(cards):
            row["art"] = f"art/extra-{i % pictures}.png"
    write_cards(folder / "cards.csv", cards)
    return folder / "station-master.yaml"


def timed(path: Path, repeat: int) -> tuple[float, float, int, int]:
    """(best wall seconds, best CPU seconds, faces, PDF bytes) of a render with cold text caches."""
    best, cpu, faces, size = float("inf"), float("inf"), 0, 0
    for _ in range(repeat):
        for cache in (richtext.layout, richtext.parse, richtext._unit_width):
            cache.cache_clear()
        start, start_cpu = time.perf_counter(), time.process_time()
        doc = build_deck(path, RenderOptions())
        data = render(doc, "pdf")[0]
        best = min(best, time.perf_counter() - start)
        cpu = min(cpu, time.process_time() - start_cpu)
        faces = sum(1 for page in doc.pages for item in page.items
                    if type(item).__name__ == "Group" and not (item.id or "").startswith("furniture"))
        size = len(data)
    return best, cpu, faces, size


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    build_deck(FOLDER / "station-master.yaml", RenderOptions())  # warm up: fonts, imports
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        print("deck                              cards  faces   wall s  faces/s    CPU s  faces/s   PDF kB")
        runs = [("example (100 rows, 6 pictures)", FOLDER / "station-master.yaml", 100),
                ("1,000 rows, 6 pictures", variant(tmp / "k", 1000), 1000)]
        for label, path, cards in runs:
            seconds, cpu, faces, size = timed(path, args.repeat)
            print(f"{label:32s} {cards:6d} {faces:6d} {seconds:8.2f} {faces / seconds:8.0f} {cpu:8.2f} "
                  f"{faces / cpu:8.0f} {size / 1024:8.0f}")
        print()
        print("PDF size: cards x distinct pictures")
        for cards, pictures in ((100, 6), (1000, 6), (100, 60), (1000, 60)):
            path = variant(tmp / f"s{cards}-{pictures}", cards, pictures)
            size = timed(path, 1)[3]
            print(f"  {cards:5d} cards, {pictures:3d} pictures: {size / 1024:7.0f} kB")
    print(f"(distinct pictures in the example: {len(CATEGORIES)})")


if __name__ == "__main__":
    from cputime import report_machine

    report_machine()
    main()
