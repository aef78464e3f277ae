"""Benchmark: render the Ticket to Ride decks to PDF and compare with raw reportlab.

Prints card faces per second for railprint (load + draw + impose + write, all TTR decks,
fronts and backs) beside a baseline that draws the same faces straight onto a reportlab
canvas: for every face, as many raw rect / line / circle / curve / text calls as railprint's
scene has for it (so the minimap-heavy tickets cost the baseline what they cost us), with no
content loading, no scene and no imposition. Targets: >= 1,000 faces/s, within 3x of it.

    python benchmarks/bench_decks.py [--repeat N]
"""

from __future__ import annotations

import argparse
import io
import time

from reportlab.lib.colors import HexColor
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas

from railprint.text import fonts
from railprint.loading.resources import content_path
from railprint.render import RenderOptions, build_deck
from railprint.scene import Circle, Group, Line, Path, Rect, Text, walk
from railprint.writers import render

DECKS = ["train-cards.yaml", "nordic-tickets.yaml", "nordic-globetrotter.yaml",
         "italy-tickets.yaml", "italy-ferry-cards.yaml"]


def face_groups(doc):
    return [item for page in doc.pages for item in page.items
            if isinstance(item, Group) and not (item.id or "").startswith("furniture")]


def railprint_run() -> list:
    faces = []
    for name in DECKS:
        doc = build_deck(content_path("ticket-to-ride", name), RenderOptions())
        render(doc, "pdf")
        faces += face_groups(doc)
    return faces


def baseline_run(faces: list) -> None:
    """The same faces drawn with raw reportlab calls, one call per primitive."""
    pdfmetrics.registerFont(TTFont("BaseSans", str(fonts.font_path("regular"))))
    red, cream = HexColor("#d32f2f"), HexColor("#fbf6e9")
    out = io.BytesIO()
    c = canvas.Canvas(out, invariant=1)
    for i, face in enumerate(faces):
        if i % 10 == 0 and i:
            c.showPage()
        x, y = (i % 5) * 147 + 28, ((i // 5) % 2) * 215 + 56
        c.saveState()
        c.translate(x, y)
        c.setFont("BaseSans", 10)
        for n, (item, _) in enumerate(walk((face,))):
            c.setFillColor(red if n % 2 else cream)
            kind = type(item)
            if kind is Rect:
                c.rect(item.x, item.y, item.w, item.h, stroke=1, fill=1)
            elif kind is Line:
                c.line(item.x1, item.y1, item.x2, item.y2)
            elif kind is Circle:
                c.circle(item.cx, item.cy, item.r, stroke=1, fill=1)
            elif kind is Path:
                p = c.beginPath()
                p.moveTo(0, 0)
                for cmd in item.cmds[1:]:
                    p.curveTo(1, 2, 3, 4, 5, 6) if cmd[0] == "C" else p.lineTo(n % 7, n % 5)
                c.drawPath(p, stroke=1, fill=1)
            elif kind is Text:
                c.drawCentredString(item.x, item.y, item.text)
        c.restoreState()
    c.showPage()
    c.save()


def timed(fn, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        fn()
        best = min(best, time.process_time() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    faces = railprint_run()  # warm-up (font loading, imports) and face count
    ours = timed(railprint_run, args.repeat)
    base = timed(lambda: baseline_run(faces), args.repeat)
    n = len(faces)
    print(f"faces rendered:        {n}")
    print(f"railprint:             {ours:.3f} s  = {n / ours:,.0f} faces/s")
    print(f"raw reportlab baseline:{base:.3f} s  = {n / base:,.0f} faces/s")
    print(f"ratio (railprint/raw): {ours / base:.2f}x   targets: >= 1000 faces/s, <= 3x")


if __name__ == "__main__":
    from cputime import report_machine

    report_machine()
    main()
