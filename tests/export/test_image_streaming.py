"""Image exports stream (issue 29): each face is rendered, encoded and written before the next
is rendered, so memory stays flat in the number of faces (30 cards at 1200 dpi held 1.86 GB;
5,000 at 300 dpi ended in MemoryError). benchmarks/bench_image_memory.py measures the big cases."""

from __future__ import annotations

import json
import subprocess
import sys

from PIL import Image

import railprint.export.images as images
import railprint.writers as writers
from tests.hostile.common import run

DECK = """kind: deck
id: d
game: g
title: {en: T}
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
"""


def _content(tmp_path, cards: int):
    game = tmp_path / "content" / "g"
    game.mkdir(parents=True)
    (game / "d.yaml").write_text(DECK, encoding="utf-8")
    (game / "cards.csv").write_text("template,name\n" + "".join(f"t,Card {i}\n" for i in range(cards)),
                                    encoding="utf-8")
    return tmp_path / "content"


def test_each_face_is_written_before_the_next_is_rendered(tmp_path, monkeypatch):
    events: list[str] = []
    raster, write = images._raster, writers._write_file
    monkeypatch.setattr(images, "_raster", lambda *a: events.append("render") or raster(*a))
    monkeypatch.setattr(writers, "_write_file", lambda *a: events.append("write") or write(*a))
    content = _content(tmp_path, 6)
    result = run("render", "g", "--content", str(content), "-o", str(tmp_path / "out"), "--format", "png",
                 "--dpi", "72", "-q")
    assert result.exit_code == 0, result.output
    faces = sorted((tmp_path / "out" / "g" / "d").glob("*.png"))
    assert len(faces) == 12 and events.count("render") == 7      # 6 fronts and one shared back
    renders = [i for i, e in enumerate(events) if e == "render"]
    # never two faces rendered without a file written between them
    assert all(b - a >= 2 for a, b in zip(renders, renders[1:])), events
    with Image.open(faces[0]) as image:
        assert image.size == (round((63 + 6) / 25.4 * 72), round((88 + 6) / 25.4 * 72))


PEAK = """
import sys
from railprint.cli import main
sys.argv = ["railprint", *sys.argv[1:]]
try:
    main()
except SystemExit as exc:
    code = exc.code
peak = int(open("/proc/self/status").read().split("VmHWM:")[1].split()[0]) / 1024
print(peak, code, file=sys.stderr)
"""


def test_peak_memory_does_not_grow_with_the_number_of_faces(tmp_path):
    """24 cards at 600 dpi (a 15 MB bitmap each): all held at once they took 400 MB."""
    content = _content(tmp_path, 24)
    proc = subprocess.run([sys.executable, "-c", PEAK, "render", "g", "--content", str(content), "-o",
                           str(tmp_path / "out"), "--format", "png", "--dpi", "600", "-q"],
                          capture_output=True, text=True, timeout=600)
    peak, code = proc.stderr.strip().splitlines()[-1].split()
    assert code in ("0", "None"), proc.stderr
    assert len(list((tmp_path / "out" / "g" / "d").glob("*.png"))) == 48
    assert float(peak) < 160, json.dumps(proc.stderr)
