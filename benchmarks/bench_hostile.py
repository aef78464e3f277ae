"""Benchmark: the Ticket to Ride scorer on hostile games stays within 2 s and 300 MB.

Cases (issue 9): one player listing 68 Nordic routes (seeded random picks; unbounded, the
longest-trail search ran for minutes and ended in MemoryError), 20 such players (the most a
game file may hold; they share one search budget), 10,000 route entries (the most a game file
may hold), and a small legal game for comparison. Each case runs ``railprint score ticket-to-ride FILE --json``
in a fresh Python process (the whole command: start-up, parsing, checking, scoring, JSON) and
reports wall time, CPU time and the process's peak resident memory (VmHWM); also, in-process,
the time and the peak of Python allocations (tracemalloc, which slows the run) of the scoring
call alone.

Second part (issue 16): crafted inputs — workbooks (a cell at column XFD, a 1 MB cell, a 20 MB
shared string, 300,000 cells or shared strings, a value beyond 5,000 rows), a CSV of 10^6
columns, a 16 MiB YAML card list, a 14 MiB game file, a progressive JPEG of 1,800 scans, an EPS
file named .png. Each is a whole ``railprint render``/``score`` command in a fresh process, CPU
time first (user + sys), then wall, and peak RSS; limits 5 s and 300 MB, a located error each.

Third part (issue 29): SVG pictures bounded by the work they cause — a 1 KB ``<use>`` bomb
(262,144 paths), ``<use>`` cycles, 270,000 arcs, 200,000 CSS rules, 19,000 rectangles, 60
transformed groups over 9,500 rectangles, an unknown XML encoding, a 1e-300 viewBox — each a
located error from ``validate`` and from ``render``; and SVGs just under the work limit, which
render. Limits 2 s CPU and 300 MB for the whole command.

Fourth part (round five): pictures at the size bound stored in a PDF (a 5000 x 5000 16-bit PNG
with transparency, a grey one with transparency, a paletted one; with ``--shop --colour cmyk``
too), a 900,000-character value where a size goes (the message is cut), each a whole command
(limits 5 s, 300 MB); then a server in this process holding 100 request bodies that never come
and 12 photo uploads whose bodies never come, at the real limits: each cut with 408 after
``connections.BODY_SECONDS``, the server answering meanwhile, its peak RSS.

Fifth part (round six): a Railroad Ink board with a 9 MB player name (refused: boards are game
files of at most 256 KiB) and one just under the cap drawn with ``--picture``; a Ticket to Ride
game whose player name is 1 MB (HarfBuzz gave up on it: a MemoryError), drawn with ``--picture``;
a text layer of 1 MB through ``validate`` and ``render``; a CSV card list of 5,000 rows x 200
columns (refused at 200,000 cells) and one of 5,000 x 40 (read); 1,000 templates extending each
other named by 5,000 cards (refused: more than 100,000 layers drawn); a deck titled with 660 KB,
rendered (its title shortened on every sheet); ``export tts`` of 500 distinct
tiles and of a 700-card deck of photo-like pictures at 300 dpi (rendered as written). Each a
whole command in a fresh process (limits 5 s CPU, 300 MB; the exports: 400 MB, no time limit —
their work grows with the faces, their memory must not).

Sixth part (round seven): ``export tts`` of a 2000 x 700 mm Ticket to Ride board (its bands:
how many, peak memory of the export alone, in a child process); ``list`` of a deck titled with
660 KB; ``icons`` of 30,000 icons in one file and of 3 x 1,900 in three; ``--url-base`` with a
query, ``--ink-limit 99999``; photos (``score railroad-ink --photo``): 450 EXIF segments of 64 KB,
a 65,000 x 65,000 JPEG header, a 7000 x 7000 PNG of zeros (50 KB), a 16383 x 16383 WebP canvas,
a truncated progressive JPEG, CMYK, 16-bit, paletted, an 8 x 65,000 JPEG, GIF/TIFF/HEIC, a JPEG+HTML
polyglot; card
pictures with 600 EXIF segments (39 MB) and with 15 million comments (60 MB); a font whose maxp
claims 65,535 glyphs; content references to a Windows share, drive and device; YAML alias and
nesting bombs, a 100,000-digit number; an SVG with an external entity and one of 1e300 units.
Each a whole command in a fresh process (limits 5 s CPU, 300 MB).

Seventh part (round eight): ``export tts`` of a deck titled with 120 KB (its object names); a
card picture and a photo whose PNG zTXt unpacks to 2 MB; cards read as a YAML ``!!set``; a card
list cell holding a line break; a Railroad Ink board with CR line ends; a font whose name table
has an unknown format, one whose glyph locations point past its outlines; workbooks of 200,000
merged ranges, 50,000 conditional formats, 50,000 data validations, 200,000 cell formats, 100,000
fonts, 100,000 defined names (each a whole command, limits
5 s CPU, 300 MB); and against ``railprint serve`` in a child process (its CPU): a 1 MB body in
1-byte chunks, 10,000 pipelined GETs.

    python benchmarks/bench_hostile.py [--seeds N] [--part scoring|inputs|svg|round5|round6|round7|round8|all]
"""

from __future__ import annotations

import argparse
import io
import random
import re
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import cputime  # noqa: E402

from railprint.games.ticket_to_ride import load_map, score_files  # noqa: E402
from railprint.games.ticket_to_ride.notation import route_entry  # noqa: E402

TIME_LIMIT, MEMORY_LIMIT_MB = 2.0, 300

INPUT_TIME, INPUT_MEMORY_MB = 5.0, 300

DECK = ("kind: deck\nid: d\ngame: g\ntitle: {en: T}\nsize: poker\ncards: CARDS\n"
        "templates:\n  t:\n    layers:\n      - LAYER\n")
TEXT_LAYER = "{type: text, text: '{name}', x: 2mm, y: 8mm}"


def crafted_inputs(tmp: Path) -> dict[str, list[str]]:
    """name -> railprint arguments, each over a freshly written hostile input."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
    from hostile import workbooks  # noqa: E402  (the crafted workbooks of the tests)
    from PIL import Image

    cases: dict[str, list[str]] = {}

    def deck_case(name: str, cards: str, files: dict[str, bytes], layer: str = TEXT_LAYER) -> None:
        content = tmp / name.replace(" ", "_").replace(",", "")
        (content / "g").mkdir(parents=True)
        (content / "g" / "d.yaml").write_text(DECK.replace("CARDS", cards).replace("LAYER", layer), encoding="utf-8")
        for file, data in files.items():
            (content / "g" / file).write_bytes(data)
        cases[name] = ["render", "g", "--content", str(content), "-o", str(content / "out"), "-q"]

    for name, (data, _) in workbooks.crafted().items():
        if data is not None and name in ("cell in column XFD", "5000 rows reaching XFD", "a 1 MB cell",
                                         "a 20 MB shared string", "300,000 shared strings", "300,000 cells",
                                         "row 1048576", "shared string out of range"):
            deck_case(f"xlsx: {name}", "{from: c.xlsx}", {"c.xlsx": data})
    deck_case("csv: 10^6 columns", "{from: c.csv}", {"c.csv": b"template,name" + b",x" * 1_000_000 + b"\nt,a\n"})
    deck_case("csv: 8 MiB of commas", "{from: c.csv}", {"c.csv": b"template,name\nt," + b"," * ((8 << 20) - 20)})
    deck_case("yaml list: 16 MiB", "{from: c.yaml}", {"c.yaml": b"- {template: t, name: x}\n" * 700_000})
    deck_case("yaml list: 1 MiB [0,0,...]", "{from: c.yaml}", {"c.yaml": b"[" + b"0," * 524_000 + b"0]"})
    deck_case("yaml list: 199,990 values", "{from: c.yaml}", {"c.yaml": b"[" + b"0," * 199_990 + b"0]"})  # parsed
    buf = io.BytesIO()
    Image.new("L", (5000, 5000), 128).save(buf, "JPEG", progressive=True, quality=10)
    jpeg = buf.getvalue()
    last = jpeg.rindex(b"\xff\xda")
    image = "{type: image, file: a.png, x: 2mm, y: 2mm, w: 30mm, h: 30mm}"
    deck_case("jpeg: 1,800 scans (100 KB)", "[{template: t}]", {"a.png": jpeg[:-2] + jpeg[last:-2] * 1800 + b"\xff\xd9"},
              image)
    deck_case("eps named a.png", "[{template: t}]",
              {"a.png": b"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 10 10\n(RAN) print\nshowpage\n"}, image)
    game_file = tmp / "game.yaml"
    game_file.write_text("map: nordic\nplayers:\n  - name: A\n    routes:\n" + "      - Oslo - Örebro\n" * 600_000)
    cases["ttr game file: 14 MiB"] = ["score", "ticket-to-ride", str(game_file)]
    return cases


def measure_cli(args: list[str]) -> dict:
    stats, proc = cputime.measure_cli(args)
    lines = proc.stderr.strip().splitlines()
    errors = [line.strip() for line in lines if line.startswith(("Error:", "  "))]
    stats["error"] = next((line for line in errors if re.search(r":\d+:\d+: ", line)), errors[0] if errors else "")
    return stats


def inputs_part() -> bool:
    print(f"{'crafted input':32} {'exit':>4} {'cpu s':>6} {'wall s':>7} {'RSS MB':>7}  error")
    worst_t = worst_m = 0.0
    all_located = True
    with tempfile.TemporaryDirectory() as tmp:
        for name, args in crafted_inputs(Path(tmp)).items():
            s = measure_cli(args)
            error = s["error"].replace(tmp, "…")
            located = s["code"] == 1 and (":" in error)
            all_located &= located
            print(f"{name:32} {s['code']!s:>4} {s['cpu']:6.2f} {s['wall']:7.2f} {s['rss_mb']:7.1f}  {error[:90]}")
            worst_t, worst_m = max(worst_t, s["cpu"]), max(worst_m, s["rss_mb"])
    ok = worst_t <= INPUT_TIME and worst_m <= INPUT_MEMORY_MB and all_located
    print(f"worst: {worst_t:.2f} s CPU, {worst_m:.0f} MB (limits {INPUT_TIME} s, {INPUT_MEMORY_MB} MB), "
          f"every run a located error: {all_located}: {'OK' if ok else 'OVER'}")
    return ok


SVG_TIME = 2.0
SVG_DECK = DECK.replace("CARDS", "[{template: t}]").replace(
    "LAYER", "{type: image, file: a.svg, x: 5mm, y: 5mm, w: 30mm, h: 30mm}")


def svg_part() -> bool:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from tests.hostile.test_designer_files import COSTLY_SVGS, svg

    at_limit = {
        "ok: 4,000 arcs": svg('<path stroke="#000" d="M0 0 a1 1 0 0 1 1 1' + " 1 1 0 0 1 1 1" * 4_000 + '"/>'),
        "ok: 16,000 lines": svg('<path stroke="#000" d="M0 0' + " L1 1" * 16_000 + '"/>'),
        "ok: 4,950 rectangles": svg('<rect width="1" height="1" fill="#f00"/>' * 4_950),
        "ok: 49,000 polyline points": svg('<polyline stroke="#000" points="' + " 1,1" * 49_000 + '"/>'),
        "ok: 50 <use> of 300 lines": svg('<defs><path id="p" stroke="#000" d="M0 0' + " L1 1" * 300
                                         + '"/></defs>' + '<use href="#p"/>' * 50),
    }
    names = ["use bomb (18 doublings)", "use cycle a-b", "use of itself", "270,000 arcs", "5,000 arcs, flags joined",
             "200,000 polyline points", "19,000 rectangles", "60 groups x 9,500 rects", "200,000 CSS rules",
             "200,000 rules, one selector", "20,000 declarations on *", "unknown XML encoding", "1e-300 viewBox"]
    cases = dict(zip(names, (data for data, _ in COSTLY_SVGS)))
    cases.update(at_limit)
    print(f"{'SVG':30} {'command':8} {'exit':>4} {'cpu s':>6} {'RSS MB':>7}  error")
    worst_t = worst_m = 0.0
    right = True
    with tempfile.TemporaryDirectory() as tmp:
        for name, data in cases.items():
            content = Path(tmp) / f"c{len(data)}"
            (content / "g").mkdir(parents=True, exist_ok=True)
            (content / "g" / "d.yaml").write_text(SVG_DECK, encoding="utf-8")
            (content / "g" / "a.svg").write_text(data, encoding="utf-8")
            for command in (["validate", str(content)],
                            ["render", "g", "--content", str(content), "-o", str(content / "out"), "-q"]):
                s = measure_cli(command)
                fine = s["code"] in ((0, None) if name.startswith("ok") else (1,))
                right &= fine and (name.startswith("ok") or bool(re.search(r"d\.yaml:\d+:\d+: card 1", s["error"])))
                print(f"{name:30} {command[0]:8} {s['code']!s:>4} {s['cpu']:6.2f} {s['rss_mb']:7.1f}  "
                      f"{s['error'].replace(tmp, '…').split('a.svg ')[-1][:70]}")
                worst_t, worst_m = max(worst_t, s["cpu"]), max(worst_m, s["rss_mb"])
    ok = worst_t <= SVG_TIME and worst_m <= INPUT_MEMORY_MB and right
    print(f"worst: {worst_t:.2f} s CPU, {worst_m:.0f} MB (limits {SVG_TIME} s, {INPUT_MEMORY_MB} MB), "
          f"every hostile SVG a located error and every other drawn: {right}: {'OK' if ok else 'OVER'}")
    return ok


def _png16(width: int, height: int) -> bytes:
    """A 16-bit RGBA PNG (diagonal stripes, so it compresses), written row by row."""
    import struct
    import zlib

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))
    import numpy as np

    packer = zlib.compressobj(6)
    parts = []
    x = np.arange(width * 8)
    for y in range(height):
        parts.append(packer.compress(b"\0" + ((x + y) // 40 % 256).astype(np.uint8).tobytes()))
    parts.append(packer.flush())
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 16, 6, 0, 0, 0))
            + chunk(b"IDAT", b"".join(parts)) + chunk(b"IEND", b""))


def round5_part() -> bool:
    from PIL import Image

    icc = Path(__file__).resolve().parents[1] / "tests" / "data" / "icc" / "test-cmyk-fogra39.icc"
    image = "{type: image, file: a.png, x: 2mm, y: 2mm, w: 30mm, h: 30mm}"
    grey = Image.linear_gradient("L").resize((5000, 5000))
    with_alpha = Image.merge("LA", (grey, grey.rotate(90)))
    pictures = {"16-bit RGBA PNG 25 Mpx": _png16(5000, 5000)}
    for name, picture in (("LA PNG 25 Mpx", with_alpha), ("paletted PNG 25 Mpx", grey.convert("P"))):
        buf = io.BytesIO()
        picture.save(buf, "PNG")
        pictures[name] = buf.getvalue()
    print(f"{'round five':40} {'exit':>4} {'cpu s':>6} {'RSS MB':>7}  error")
    worst_t = worst_m = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        cases = {}
        for name, data in pictures.items():
            content = Path(tmp) / f"p{len(cases)}"
            (content / "g").mkdir(parents=True)
            (content / "g" / "d.yaml").write_text(DECK.replace("CARDS", "[{template: t}]").replace("LAYER", image))
            (content / "g" / "a.png").write_bytes(data)
            command = ["render", "g", "--content", str(content), "-o", str(content / "out"), "-q"]
            cases[name] = command
            cases[name + ", --shop cmyk"] = command + ["--shop", "--colour", "cmyk", "--icc", str(icc)]
        content = Path(tmp) / "value"
        (content / "g").mkdir(parents=True)
        (content / "g" / "d.yaml").write_text(DECK.replace("size: poker", "size: " + "a" * 900_000)
                                              .replace("CARDS", "[{template: t}]").replace("LAYER", TEXT_LAYER))
        cases["a 900,000-character size"] = ["render", "g", "--content", str(content), "-o", str(content / "out")]
        for name, command in cases.items():
            s = measure_cli(command)
            print(f"{name:40} {s['code']!s:>4} {s['cpu']:6.2f} {s['rss_mb']:7.1f}  "
                  f"{s['error'].replace(tmp, '…')[:60]} ({len(s['error'])} chars)")
            worst_t, worst_m = max(worst_t, s["cpu"]), max(worst_m, s["rss_mb"])
    ok = worst_t <= INPUT_TIME and worst_m <= INPUT_MEMORY_MB
    print(f"worst: {worst_t:.2f} s CPU, {worst_m:.0f} MB (limits {INPUT_TIME} s, {INPUT_MEMORY_MB} MB): "
          f"{'OK' if ok else 'OVER'}")
    return _slow_bodies() and ok


EXPORT_MEMORY_MB = 400


def round6_cases(tmp: Path) -> dict[str, tuple[list[str], bool]]:
    """name -> (command, is an export); the files the commands read are made under ``tmp``."""
    import numpy as np
    from PIL import Image

    cases: dict[str, tuple[list[str], bool]] = {}
    grid = "\n".join([" ".join(["...."] * 7)] * 7) + "\n"
    for name, repeat in (("9 MB", 3_000_000), ("255 KiB", 87_000)):
        board = tmp / f"board-{repeat}.txt"
        board.write_text("player: " + "Ab " * repeat + "\n" + grid, encoding="utf-8")
        cases[f"RI board, {name} player name"] = (["score", "railroad-ink", str(board), "--picture",
                                                   str(tmp / "ri.pdf")], False)
    lakeland = Path(__file__).resolve().parents[1] / "content" / "examples" / "lakeland"
    ttr = tmp / "ttr"
    ttr.mkdir()
    (ttr / "lakeland.yaml").write_bytes((lakeland / "lakeland.yaml").read_bytes())
    game_text = (lakeland / "evening-game.yml").read_text(encoding="utf-8")
    (ttr / "game.yml").write_text(game_text.replace("name: Ala", "name: " + "Ab " * 340_000, 1), encoding="utf-8")
    cases["TTR game, 1 MB player name"] = (["score", "ticket-to-ride", str(ttr / "game.yml"), "--picture",
                                            str(tmp / "ttr.pdf")], False)
    text = tmp / "text"
    (text / "g").mkdir(parents=True)
    layer = "{type: text, text: '" + "Ab " * 340_000 + " points', x: 6mm, y: 10mm, size: 10, font: bold}"
    (text / "g" / "d.yaml").write_text(DECK.replace("CARDS", "[{template: t}]").replace("LAYER", layer))
    cases["1 MB text layer: validate"] = (["validate", str(text / "g" / "d.yaml")], False)
    cases["1 MB text layer: render"] = (["render", "g", "--content", str(text), "-o", str(text / "out"), "-q"], False)
    for rows, columns in ((5000, 200), (5000, 40)):
        lists = tmp / f"csv{columns}"
        (lists / "g").mkdir(parents=True)
        names = ["name", "template"] + [f"c{i}" for i in range(columns - 2)]
        body = "".join(",".join([f"n{r}", "t"] + ["v"] * (columns - 2)) + "\n" for r in range(rows - 1))
        (lists / "g" / "cards.csv").write_text(",".join(names) + "\n" + body, encoding="utf-8")
        (lists / "g" / "d.yaml").write_text(DECK.replace("size: poker", "size: mini")
                                            .replace("CARDS", "{from: cards.csv}").replace("LAYER", TEXT_LAYER))
        cases[f"CSV {rows} x {columns}: validate"] = (["validate", str(lists / "g" / "d.yaml")], False)
    chained = tmp / "chained"
    (chained / "g").mkdir(parents=True)
    rect = "{type: rect, x: 1mm, y: 1mm, w: 1mm, h: 1mm, fill: '#ff0000'}"
    templates = "  t0:\n    layers:\n      - " + rect + "\n" + "".join(
        f"  t{i}:\n    extends: t{i - 1}\n    layers:\n      - {rect}\n" for i in range(1, 1000))
    (chained / "g" / "d.yaml").write_text("kind: deck\nid: d\ngame: g\ntitle: {en: T}\nsize: poker\ntemplates:\n"
                                          + templates + "cards: {from: cards.csv}\n")
    (chained / "g" / "cards.csv").write_text("name,template\n" + "".join(f"n{i},t999\n" for i in range(5000)))
    cases["1,000 chained templates x 5,000 cards"] = (["validate", str(chained / "g" / "d.yaml")], False)
    titled = tmp / "titled"
    (titled / "g").mkdir(parents=True)
    (titled / "g" / "d.yaml").write_text(DECK.replace("title: {en: T}", "title: {en: '" + "Long title " * 60_000 + "'}")
                                         .replace("CARDS", "[{template: t, vars: {name: X}}]")
                                         .replace("LAYER", TEXT_LAYER))
    cases["a 660 KB title: render"] = (["render", "g", "--content", str(titled), "-o", str(titled / "out"), "-q"], False)
    tiles = tmp / "tiles"
    (tiles / "g").mkdir(parents=True)
    (tiles / "g" / "t.yaml").write_text(
        "kind: tiles\nid: t\ngame: g\ntitle: {en: T}\nsize: {width: 40mm, height: 40mm}\nback: t\n"
        "templates:\n  t:\n    layers:\n      - {type: rect, bleed: true, fill: '#88aa55'}\n"
        "      - {type: text, text: 'Tile {n}', x: 5mm, y: 20mm, size: 10}\ncards:\n"
        + "".join(f"  - {{template: t, vars: {{n: '{i}'}}}}\n" for i in range(500)), encoding="utf-8")
    cases["export tts: 500 tiles, 300 dpi"] = (["export", "tts", "g", "--content", str(tiles), "-o",
                                                str(tiles / "out"), "-q"], True)
    deck = tmp / "deck"
    (deck / "g" / "art").mkdir(parents=True)
    noise = np.random.default_rng(1)
    for i in range(10):
        Image.fromarray(noise.integers(0, 255, (1100, 800, 3), dtype=np.uint8)).save(deck / "g" / "art" / f"n{i}.png")
    art = "{type: image, file: 'art/n{k}.png', x: 0mm, y: 0mm, w: 63mm, h: 88mm, fit: cover}"
    cards = "\n" + "".join(f"  - {{template: t, vars: {{k: '{i % 10}'}}}}\n" for i in range(700))
    (deck / "g" / "d.yaml").write_text(DECK.replace("cards: CARDS\n", "").replace("LAYER", art) + "cards:" + cards)
    cases["export tts: 700 photo cards"] = (["export", "tts", "g", "--content", str(deck), "-o",
                                             str(deck / "out"), "-q"], True)
    return cases


def round6_part() -> bool:
    print(f"{'round six':36} {'exit':>4} {'cpu s':>6} {'RSS MB':>7}  error")
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        for name, (command, export) in round6_cases(Path(tmp)).items():
            s = measure_cli(command)
            within = s["rss_mb"] <= (EXPORT_MEMORY_MB if export else INPUT_MEMORY_MB)
            within &= export or s["cpu"] <= INPUT_TIME
            ok &= within and s["code"] in (0, 1)
            print(f"{name:36} {s['code']!s:>4} {s['cpu']:6.2f} {s['rss_mb']:7.1f}  "
                  f"{s['error'].replace(tmp, '…')[:70]}{'' if within else '  OVER'}")
    print(f"round six: {'OK' if ok else 'OVER'} (limits {INPUT_TIME} s CPU and {INPUT_MEMORY_MB} MB a command; "
          f"exports {EXPORT_MEMORY_MB} MB)")
    return ok


BOARD_SCRIPT = """
import json, resource, sys
from dataclasses import replace
from pathlib import Path
from railprint.export.tts import export_set
from railprint.render import RenderOptions, build, discover_layers, select
info = next(i for i in select(discover_layers([Path(sys.argv[1])]), "ticket-to-ride") if i.id == "wide-board")
options = RenderOptions()
doc = build(info, replace(options, mode="1up", extra={**options.extra, "tts": True}))
done = export_set(doc, info.kind, info.game, info.id, "T", Path(sys.argv[1]) / "out")
sizes = [len(data() if callable(data) else data) for _, data in done.files]
usage = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps({"bands": len(done.files) - 1, "cpu": usage.ru_utime + usage.ru_stime,
                  "rss_mb": usage.ru_maxrss / 1024}))
"""


def _jpeg(size: tuple[int, int] = (1200, 1000), **save) -> bytes:
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("L", size, 128).save(buffer, "JPEG", **save)
    return buffer.getvalue()


def _exif_segment(size: int) -> bytes:
    body = b"Exif\0\0MM\0*\0\0\0\x08" + b"\0" * size
    return b"\xff\xe1" + (len(body) + 2).to_bytes(2, "big") + body


def round7_photos() -> dict[str, bytes]:
    """name -> the bytes of a hostile photo."""
    import struct
    import zlib

    import numpy as np
    from PIL import Image

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))

    def png(width: int, height: int, idat: bytes) -> bytes:
        return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
                + chunk(b"IDAT", idat) + chunk(b"IEND", b""))

    jpeg = _jpeg()
    sof = jpeg.index(b"\xff\xc0")
    packer = zlib.compressobj(9)
    zeros = b"".join(packer.compress(b"\0" * 7001) for _ in range(7000)) + packer.flush()
    noise = Image.fromarray(np.random.default_rng(0).integers(0, 255, (1000, 1200), dtype=np.uint8))
    photos = {"450 EXIF segments of 64 KB": jpeg[:2] + _exif_segment(65_000) * 450 + jpeg[2:],
              "JPEG header 65000 x 65000": jpeg[:sof + 5] + struct.pack(">HH", 65000, 65000) + jpeg[sof + 9:],
              "PNG 7000 x 7000 of zeros (50 KB)": png(7000, 7000, zeros)}
    for name, picture, kind, options in (("JPEG CMYK", noise.convert("CMYK"), "JPEG", {}),
                                         ("JPEG progressive", noise, "JPEG", {"progressive": True}),
                                         ("PNG paletted", noise.convert("P"), "PNG", {}),
                                         ("PNG 16-bit", noise.convert("I;16"), "PNG", {}),
                                         ("WebP lossless", noise, "WEBP", {"lossless": True})):
        buffer = io.BytesIO()
        picture.save(buffer, kind, **options)
        photos[name] = buffer.getvalue()
    webp = photos["WebP lossless"]
    photos["WebP canvas 16383 x 16383"] = (webp[:12] + b"VP8X" + struct.pack("<I", 10) + b"\0" * 4
                                           + (16382).to_bytes(3, "little") * 2 + webp[12:])
    photos["JPEG progressive, cut in half"] = photos["JPEG progressive"][:len(photos["JPEG progressive"]) // 2]
    photos["JPEG + HTML polyglot"] = jpeg + b"<html><script>alert(1)</script></html>"
    thin = io.BytesIO()
    Image.new("L", (8, 65_000), 128).save(thin, "JPEG")
    photos["JPEG 8 x 65,000"] = thin.getvalue()
    photos["GIF"] = b"GIF89a" + b"\0" * 2000
    photos["TIFF"] = b"II*\0" + b"\0" * 2000
    photos["HEIC"] = b"\0\0\0\x18ftypheic" + b"\0" * 2000
    return photos


def round7_cases(tmp: Path) -> dict[str, list[str]]:
    """name -> railprint arguments, each over a freshly written hostile input under ``tmp``."""
    from fontTools.ttLib import TTFont

    repo = Path(__file__).resolve().parents[1]
    cases: dict[str, list[str]] = {}

    def folder(name: str, files: dict[str, bytes | str]) -> Path:
        content = tmp / re.sub(r"[^a-z0-9]+", "-", name.lower())
        for file, data in files.items():
            (content / "g" / file).parent.mkdir(parents=True, exist_ok=True)
            (content / "g" / file).write_bytes(data.encode() if isinstance(data, str) else data)
        return content

    def deck(layer: str = TEXT_LAYER, cards: str = "[{template: t, vars: {name: X}}]", head: str = "") -> str:
        return head + DECK.replace("CARDS", cards).replace("LAYER", layer)

    content = folder("list title", {"d.yaml": deck().replace("title: {en: T}", "title: {en: '" + "Long title " * 60_000 + "'}")})
    cases["list: a 660 KB title"] = ["list", "--content", str(content)]
    content = folder("url base", {"d.yaml": deck()})
    cases["export tts --url-base with '?'"] = ["export", "tts", "g", "--content", str(content), "-o", str(content / "o"),
                                               "-q", "--url-base", "https://example.org/a?token=1"]
    cases["render --ink-limit 99999"] = ["render", "g", "--content", str(content), "-o", str(content / "o"), "-q",
                                         "--ink-limit", "99999"]
    icons = ["kind: icons", "id: many", "game: g", "icons:"] + [f"  i{n}: {{path: \"M{n % 20} 2 L20 20 Z\"}}"
                                                                for n in range(30_000)]
    content = folder("icons 30000", {"icons.yaml": "\n".join(icons) + "\n"})
    cases["icons: 30,000 in one file"] = ["icons", "--content", str(content), "-o", str(content / "i.pdf")]
    content = folder("icons 3x1900", {f"i{k}.yaml": "\n".join([f"kind: icons\nid: many{k}\ngame: g\nicons:"]
                                      + [f"  f{k}i{n}: {{path: \"M{n % 20} 2 L20 20 Z\"}}" for n in range(1_900)]) + "\n"
                                      for k in range(3)})
    cases["icons: 3 files of 1,900"] = ["icons", "--content", str(content), "-o", str(content / "i.pdf")]
    for name, data in round7_photos().items():
        photo = tmp / "photos" / (re.sub(r"[^a-z0-9]+", "-", name.lower()) + ".jpg")
        photo.parent.mkdir(exist_ok=True)
        photo.write_bytes(data)
        cases[f"photo: {name}"] = ["score", "railroad-ink", "--photo", str(photo)]
    image = "{type: image, file: a.jpg, x: 2mm, y: 2mm, w: 30mm, h: 30mm}"
    jpeg = _jpeg()
    for name, data in (("600 EXIF segments (39 MB)", jpeg[:2] + _exif_segment(65_000) * 600 + jpeg[2:]),
                       ("15 million comments (60 MB)", jpeg[:2] + b"\xff\xfe\x00\x02" * 15_000_000 + jpeg[2:])):
        content = folder("picture " + name, {"d.yaml": deck(image), "a.jpg": data})
        cases[f"card picture: {name}"] = ["validate", str(content / "g" / "d.yaml")]
    font = TTFont(str(repo / "content" / "examples" / "signal-box" / "fonts" / "Semaphore-Bold.ttf"))
    font["maxp"].numGlyphs = 65535
    buffer = io.BytesIO()
    font.save(buffer)
    content = folder("font", {"d.yaml": deck("{type: text, text: 'Zażółć', x: 2mm, y: 8mm, font: F}",
                                             head="fonts: {F: {regular: f.ttf}}\n"), "f.ttf": buffer.getvalue()})
    cases["font: maxp claims 65,535 glyphs"] = ["validate", str(content / "g" / "d.yaml")]
    for name, reference in (("a Windows share", "\\\\\\\\attacker\\\\share\\\\a.png"), ("a drive", "C:/Windows/win.ini"),
                            ("a device", "aux/COM1.png")):
        layer = "{type: image, file: \"" + reference + "\", x: 2mm, y: 2mm, w: 30mm, h: 30mm}"
        content = folder("path " + name, {"d.yaml": deck(layer)})
        cases[f"path: {name}"] = ["validate", str(content / "g" / "d.yaml")]
    laughs = "a: &a [x,x,x,x,x,x,x,x,x,x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [" + ",".join([f"*{chr(97 + i)}"] * 10) + "]\n" for i in range(8))
    for name, text in (("YAML: a billion laughs", laughs + deck()),
                       ("YAML: 100,000 nested [", deck(cards="[{template: t, vars: {name: " + "[" * 100_000
                                                       + "]" * 100_000 + "}}]")),
                       ("YAML: a 100,000-digit number", deck().replace("size: poker", "size: poker\ncorner_radius: "
                                                                      + "9" * 100_000))):
        content = folder(name, {"d.yaml": text})
        cases[name] = ["validate", str(content / "g" / "d.yaml")]
    svg = ('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns='
           '"http://www.w3.org/2000/svg" viewBox="0 0 10 10"><text>&x;</text><rect width="10" height="10"/></svg>')
    huge = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1e300 1e300"><rect width="1e300" height="1e300"/></svg>'
    for name, text in (("SVG: an external entity", svg), ("SVG: a 1e300 viewBox", huge)):
        content = folder(name, {"d.yaml": deck(image.replace("a.jpg", "a.svg")), "a.svg": text})
        cases[name] = ["validate", str(content / "g" / "d.yaml")]
    return cases


def round7_part() -> bool:
    import json
    import subprocess

    print(f"{'round seven':40} {'exit':>4} {'cpu s':>6} {'RSS MB':>7}  message")
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        board = Path(tmp) / "board" / "ticket-to-ride"
        board.mkdir(parents=True)
        nordic = Path(__file__).resolve().parents[1] / "content" / "ticket-to-ride" / "board-nordic.yaml"
        board.joinpath("wide.yaml").write_text(nordic.read_text(encoding="utf-8").replace("id: nordic-board", "id: wide-board")
                                               .replace("{width: 540mm, height: 800mm}", "{width: 2000mm, height: 700mm}"),
                                               encoding="utf-8")
        done = subprocess.run([sys.executable, "-c", BOARD_SCRIPT, str(board.parent)], capture_output=True, text=True)
        s = json.loads(done.stdout.strip().splitlines()[-1])
        ok &= s["rss_mb"] <= INPUT_MEMORY_MB
        print(f"{'export tts: a 2000 x 700 mm board':40} {done.returncode:>4} {s['cpu']:6.2f} {s['rss_mb']:7.1f}  "
              f"{s['bands']} bands")
        for name, command in round7_cases(Path(tmp)).items():
            s = measure_cli(command)
            within = s["cpu"] <= INPUT_TIME and s["rss_mb"] <= INPUT_MEMORY_MB and s["code"] in (0, 1)
            ok &= within
            print(f"{name:40} {s['code']!s:>4} {s['cpu']:6.2f} {s['rss_mb']:7.1f}  "
                  f"{s['error'].replace(tmp, '…')[:90]}{'' if within else '  OVER'}")
    print(f"round seven: {'OK' if ok else 'OVER'} (limits {INPUT_TIME} s CPU and {INPUT_MEMORY_MB} MB a command)")
    return ok


def round8_cases(tmp: Path) -> dict[str, list[str]]:
    """name -> railprint arguments, each over a freshly written hostile input under ``tmp``."""
    import struct
    import zlib

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
    from hostile import workbooks  # noqa: E402  (the crafted workbooks of the tests)
    from PIL import Image

    repo = Path(__file__).resolve().parents[1]
    cases: dict[str, list[str]] = {}

    def folder(name: str, files: dict[str, bytes | str]) -> Path:
        content = tmp / "round8" / re.sub(r"[^a-z0-9]+", "-", name.lower())
        for file, data in files.items():
            (content / "g" / file).parent.mkdir(parents=True, exist_ok=True)
            (content / "g" / file).write_bytes(data.encode() if isinstance(data, str) else data)
        return content

    def deck(layer: str = TEXT_LAYER, cards: str = "[{template: t, vars: {name: X}}]", title: str = "T",
             head: str = "") -> str:
        return head + DECK.replace("CARDS", cards).replace("LAYER", layer).replace("{en: T}", "{en: '" + title + "'}")

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    def png(size: tuple[int, int], extra: bytes) -> bytes:
        buffer = io.BytesIO()
        Image.new("L", size, 128).save(buffer, "PNG")
        data = buffer.getvalue()
        at = data.index(b"IDAT") - 4
        return data[:at] + extra + data[at:]

    content = folder("tts title", {"d.yaml": deck(title="Pociąg do Łodzi " * 7_500).replace("size: poker", "size: mini")})
    cases["export tts: a 120 KB title"] = ["export", "tts", "g", "--content", str(content), "-o", str(content / "o"),
                                           "-q", "--dpi", "36"]
    ztxt = chunk(b"zTXt", b"Comment\0\0" + zlib.compress(b"A" * (2 << 20), 9))
    image = "{type: image, file: a.png, x: 2mm, y: 2mm, w: 30mm, h: 30mm}"
    content = folder("picture ztxt", {"d.yaml": deck(image), "a.png": png((600, 600), ztxt)})
    cases["card picture: zTXt of 2 MB"] = ["validate", str(content / "g" / "d.yaml")]
    photo = folder("photo ztxt", {"p.png": png((1200, 900), ztxt)}) / "g" / "p.png"
    cases["photo: zTXt of 2 MB"] = ["score", "railroad-ink", "--photo", str(photo)]
    content = folder("set cards", {"d.yaml": deck(cards="!!set {a, b}")})
    cases["YAML: cards: !!set {a, b}"] = ["validate", str(content / "g" / "d.yaml")]
    content = folder("csv newline", {"d.yaml": deck(cards="{from: c.csv}"), "c.csv": 'template,name\nt,"A\nB"\n'})
    cases["CSV: a name holding a line break"] = ["validate", str(content / "g" / "d.yaml")]
    board = tmp / "round8" / "cr.txt"
    board.write_bytes((repo / "tests" / "data" / "railroad_ink" / "cases" / "board_edge.txt").read_bytes()
                      .replace(b"\n", b"\r"))
    cases["Railroad Ink board: CR line ends"] = ["score", "railroad-ink", str(board)]
    font = (repo / "content" / "examples" / "signal-box" / "fonts" / "Semaphore-Bold.ttf").read_bytes()

    def font_with(table: bytes, fill: bytes) -> bytes:
        data = bytearray(font)
        for i in range(struct.unpack(">H", data[4:6])[0]):
            if data[12 + 16 * i:16 + 16 * i] == table:
                offset, length = struct.unpack(">II", data[20 + 16 * i:28 + 16 * i])
                data[offset:offset + length] = fill * length
        return bytes(data)

    layer = "{type: text, text: 'Zażółć', x: 2mm, y: 8mm, font: F}"
    for name, table, fill in (("name table format 17476", b"name", b"D"), ("loca past glyf", b"loca", b"\xff")):
        content = folder("font " + name, {"d.yaml": deck(layer, head="fonts: {F: {regular: f.ttf}}\n"),
                                          "f.ttf": font_with(table, fill)})
        cases[f"font: {name} (render)"] = ["render", "g", "--content", str(content), "-o", str(content / "o"), "-q"]

    def sheet_tail(tail: bytes) -> bytes:
        files = workbooks.parts(workbooks.workbook())
        xml = files[workbooks.SHEET]
        at = xml.index(b"</sheetData>") + len(b"</sheetData>")
        files[workbooks.SHEET] = xml[:at] + tail + xml[at:]
        return workbooks.pack(files)

    for name, tail in (
            ("200,000 merged ranges", b"<mergeCells>" + b"".join(b'<mergeCell ref="A%d:B%d"/>' % (i, i)
                                                                  for i in range(3, 200_003)) + b"</mergeCells>"),
            ("50,000 conditional formats", b"".join(b'<conditionalFormatting sqref="A1:XFD1048576"><cfRule '
                                                    b'type="expression" priority="%d"><formula>1</formula></cfRule>'
                                                    b"</conditionalFormatting>" % i for i in range(50_000))),
            ("50,000 data validations", b"<dataValidations>" + b'<dataValidation sqref="A1:XFD1048576" type="list">'
                                        b'<formula1>"a,b"</formula1></dataValidation>' * 50_000 + b"</dataValidations>")):
        content = folder("xlsx " + name, {"d.yaml": deck(cards="{from: c.xlsx}"), "c.xlsx": sheet_tail(tail)})
        cases[f"xlsx: {name}"] = ["validate", str(content / "g" / "d.yaml")]
    for name, part, old, new in (
            ("200,000 cell formats", "xl/styles.xml", b"</cellXfs>",
             b'<xf numFmtId="0" fontId="0" fillId="0" borderId="0"/>' * 200_000 + b"</cellXfs>"),
            ("100,000 fonts", "xl/styles.xml", b"</fonts>", b'<font><sz val="11"/></font>' * 100_000 + b"</fonts>"),
            ("100,000 defined names", "xl/workbook.xml", b"</workbook>", b"<definedNames>" + b"".join(
                b'<definedName name="n%d">Sheet!$A$1</definedName>' % i for i in range(100_000))
             + b"</definedNames></workbook>")):
        files = workbooks.parts(workbooks.workbook())
        files[part] = files[part].replace(old, new)
        content = folder("xlsx " + name, {"d.yaml": deck(cards="{from: c.xlsx}"), "c.xlsx": workbooks.pack(files)})
        cases[f"xlsx: {name}"] = ["validate", str(content / "g" / "d.yaml")]
    return cases


SERVE_SCRIPT = """
import json, os, socket, sys, time
from pathlib import Path
from railprint.serve import running

def cpu():
    t = os.times()
    return t.user + t.system

def send(base, data):
    host, port = base.split("//")[1].split(":")
    sock = socket.create_connection((host, int(port)), timeout=60)
    try:
        sock.sendall(data)
    except OSError:
        pass
    out = b""
    while True:
        try:
            part = sock.recv(65536)
        except OSError:
            break
        if not part:
            break
        out += part
    sock.close()
    return out

said = []
import logging
keep = logging.Handler()
keep.emit = lambda record: said.append(record.getMessage())
with running(Path(sys.argv[1])) as (base, _):
    logging.getLogger("uvicorn.error").addHandler(keep)
    host = b"Host: " + base.split("//")[1].encode() + b"\\r\\n"
    body = b'{"game": "railroad-ink", "players": ["A", "B"], "x": "' + b"a" * 999_940 + b'"}'
    chunked = b"".join(b"1\\r\\n" + body[i:i + 1] + b"\\r\\n" for i in range(len(body))) + b"0\\r\\n\\r\\n"
    cases = {"serve: a 1 MB body in 1-byte chunks": b"POST /api/rooms HTTP/1.1\\r\\n" + host
             + b"Content-Type: application/json\\r\\nTransfer-Encoding: chunked\\r\\n\\r\\n" + chunked,
             "serve: 10,000 pipelined GETs": b"".join(b"GET /api/games HTTP/1.1\\r\\n" + host + b"\\r\\n"
                                                     for _ in range(10_000))}
    for name, data in cases.items():
        said.clear()
        before = cpu()
        answer = send(base, data)
        time.sleep(1.0)
        print(json.dumps({"name": name, "cpu": cpu() - before, "answer": answer.split(b"\\r\\n", 1)[0].decode("latin-1"),
                          "errors": [m for m in said if "Exception" in m]}), flush=True)
"""


def round8_part() -> bool:
    import json
    import subprocess

    print(f"{'round eight':40} {'exit':>4} {'cpu s':>6} {'RSS MB':>7}  message")
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        for name, command in round8_cases(Path(tmp)).items():
            s = measure_cli(command)
            within = s["cpu"] <= INPUT_TIME and s["rss_mb"] <= INPUT_MEMORY_MB and s["code"] in (0, 1)
            ok &= within
            print(f"{name:40} {s['code']!s:>4} {s['cpu']:6.2f} {s['rss_mb']:7.1f}  "
                  f"{s['error'].replace(tmp, '…')[:110]}{'' if within else '  OVER'}", flush=True)
        done = subprocess.run([sys.executable, "-c", SERVE_SCRIPT, str(Path(tmp) / "rooms")], capture_output=True,
                              text=True)
        for line in done.stdout.strip().splitlines():
            s = json.loads(line)
            within = s["cpu"] <= INPUT_TIME and not s["errors"]
            ok &= within
            print(f"{s['name']:40} {'-':>4} {s['cpu']:6.2f} {'':>7}  server CPU; answer {s['answer']!r}"
                  f"{'; ' + str(s['errors']) if s['errors'] else ''}{'' if within else '  OVER'}")
    print(f"round eight: {'OK' if ok else 'OVER'} (limits {INPUT_TIME} s CPU and {INPUT_MEMORY_MB} MB a command)")
    return ok


def _slow_bodies() -> bool:
    """100 JSON bodies and 12 photo bodies that never come, against a server in this process."""
    import socket
    import threading
    import urllib.request
    from urllib.parse import urlsplit

    from railprint.serve import connections, running

    def rss_mb() -> float:
        return int(open("/proc/self/status").read().split("VmRSS:")[1].split()[0]) / 1024

    before = rss_mb()
    with tempfile.TemporaryDirectory() as tmp, running(Path(tmp) / "data") as (base, _):
        where = urlsplit(base)
        start, cut, peak = time.monotonic(), [], [rss_mb()]
        heads = [b"POST /api/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                 b"Content-Length: 1000000\r\n\r\n{"] * 100
        heads += [b"POST /api/rooms/x/photos/Ala?version=0 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
                  b"image/jpeg\r\nContent-Length: 20000000\r\n\r\n\xff\xd8"] * 12

        def hold(head: bytes) -> None:
            with socket.create_connection((where.hostname, where.port), timeout=120) as sock:
                sock.sendall(head)
                answer = sock.recv(100)
                cut.append((time.monotonic() - start, answer[:12]))

        threads = [threading.Thread(target=hold, args=(head,)) for head in heads]
        for thread in threads:
            thread.start()
        answered = []
        while any(thread.is_alive() for thread in threads) and time.monotonic() - start < 100:
            asked = time.monotonic()
            with urllib.request.urlopen(base + "/api/games", timeout=10) as answer:
                answered.append(answer.status == 200 and time.monotonic() - asked)
            peak.append(rss_mb())
            time.sleep(1)
        for thread in threads:
            thread.join(10)
    times = sorted(t for t, _ in cut)
    all_408 = len(cut) == len(heads) and all(a == b"HTTP/1.1 408" for _, a in cut)
    slowest = max((a for a in answered if a is not False), default=0.0)
    print(f"{len(heads)} bodies that never come: {len(cut)} cut (all 408: {all_408}) from {times[0]:.1f} s "
          f"to {times[-1]:.1f} s (BODY_SECONDS {connections.BODY_SECONDS:.0f}); the server answered "
          f"{len(answered)} requests meanwhile (slowest {slowest * 1000:.0f} ms, none failed: "
          f"{all(a is not False for a in answered)}); process RSS {before:.0f} MB before the server, "
          f"at most {max(peak):.0f} MB")
    return all_408 and times[-1] < connections.BODY_SECONDS + 5


def game(*players: list[str]) -> str:
    lines = ["map: nordic", "players:"]
    for number, routes in enumerate(players):
        lines += [f"  - name: P{number}", "    routes:" + ("" if routes else " []")]
        lines += [f'      - "{r}"' for r in routes]
    return "\n".join(lines) + "\n"


def measure(path: Path) -> dict:
    stats, _ = cputime.measure_cli(["score", "ticket-to-ride", str(path), "--json"])
    tracemalloc.start()
    tracemalloc.reset_peak()
    start = time.perf_counter()
    score_files([path])
    stats["inproc"] = time.perf_counter() - start
    stats["py_peak_mb"] = tracemalloc.get_traced_memory()[1] / 1e6
    tracemalloc.stop()
    return stats


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--part", choices=("scoring", "inputs", "svg", "round5", "round6", "round7", "round8", "all"),
                        default="all")
    args = parser.parse_args()
    if args.part in ("round8", "all"):
        round8_part()
        if args.part == "round8":
            return
    if args.part in ("round7", "all"):
        round7_part()
        if args.part == "round7":
            return
    if args.part in ("round6", "all"):
        round6_part()
        if args.part == "round6":
            return
    if args.part in ("round5", "all"):
        round5_part()
        if args.part == "round5":
            return
    if args.part in ("svg", "all"):
        svg_part()
        if args.part == "svg":
            return
    if args.part in ("inputs", "all"):
        inputs_part()
        if args.part == "inputs":
            return
    m = load_map("nordic")
    ids = sorted(m.route)
    def pick(seed: int) -> list[str]:
        return [route_entry(m, r) for r in random.Random(seed).sample(ids, 68)]

    cases = {f"68 routes, seed {s}": game(pick(s), []) for s in range(args.seeds)}
    cases["20 players x 68 routes"] = game(*(pick(s) for s in range(20)))
    cases["10,000 route entries"] = game([route_entry(m, ids[i % len(ids)]) for i in range(10_000)], [])
    cases["legal game (3 routes)"] = game(["Oslo - Örebro", "Örebro - Stockholm", "Stockholm - Sundsvall"], [])
    worst_t = worst_m = 0.0
    print(f"{'case':26} {'exit':>4} {'wall s':>7} {'CPU s':>6} {'RSS MB':>7} {'score s':>8} {'py MB':>6}  longest")
    with tempfile.TemporaryDirectory() as tmp:
        for name, text in cases.items():
            path = Path(tmp) / "game.yaml"
            path.write_text(text, encoding="utf-8")
            s = measure(path)
            longest = score_files([path]).games[0].players[0].longest_path
            print(f"{name:26} {s['code']!s:>4} {s['wall']:7.2f} {s['cpu']:6.2f} {s['rss_mb']:7.1f} "
                  f"{s['inproc']:8.2f} {s['py_peak_mb']:6.1f}  {longest if longest is not None else 'not computed'}")
            worst_t, worst_m = max(worst_t, s["cpu"]), max(worst_m, s["rss_mb"])
    ok = worst_t <= TIME_LIMIT and worst_m <= MEMORY_LIMIT_MB  # judged by CPU time (shared machine)
    print(f"worst: {worst_t:.2f} s CPU, {worst_m:.0f} MB (limits {TIME_LIMIT} s, {MEMORY_LIMIT_MB} MB): "
          f"{'OK' if ok else 'OVER'}")


if __name__ == "__main__":
    from cputime import report_machine

    report_machine()
    main()
