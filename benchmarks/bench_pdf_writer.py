"""Benchmark: the PDF writer alone, on the documents `railprint render all` writes.

Builds every scene document of `render all` (A4, or --shop) once, then times writing them all
to PDF bytes (railprint.writers.pdf.to_bytes) in fresh processes: "cold" is the first pass of a
process (fonts read, no subset, string or number remembered yet: what `render all` pays),
"warm" a second pass in the same process; both with the cyclic collector paused, as `render
all` writes (railprint.memory.gc_paused). CPU time (user+sys) first, wall second; best of
--repeat processes. --parts splits the cold pass: Flate on the drawing streams, the pictures
(decoding and compressing them), reportlab reading the TrueType faces and cutting the subsets
(with their compression), and the rest (the drawing operators and the file structure: the
Python). --levels prints, for every stream the writer compresses, the CPU time and the total
compressed size at each level of libdeflate (what the writer uses: pdffile.flate, level
pdffile.LEVEL) and of the standard library's zlib.

    python benchmarks/bench_pdf_writer.py [--shop] [--repeat 5] [--parts] [--levels]
"""

from __future__ import annotations

import argparse
import pickle
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from cputime import report_machine, verdict  # noqa: E402

TARGET = 0.2  # s CPU for every PDF of render all, cold (issue 17, third round: render all <= 1.5 s in all)


def capture(out: Path, shop: bool) -> int:
    """Render all in this process, keeping every document the PDF writer is given."""
    from railprint.text import fonts
    from railprint.__main__ import main
    from railprint.writers import pdf

    docs = []
    write = pdf.to_bytes

    def keep(doc, paint=None):
        docs.append((doc, paint))
        return write(doc, paint)

    pdf.to_bytes = keep
    with tempfile.TemporaryDirectory() as tmp:
        sys.argv = ["railprint", "render", "all", "--quiet", "-o", tmp, *(["--shop"] if shop else [])]
        try:
            main()
        except SystemExit as exc:
            if exc.code:
                raise
    pdf.to_bytes = write
    out.write_bytes(pickle.dumps((dict(fonts._USER), docs)))
    return len(docs)


def _documents(path: Path) -> list:
    """The captured documents, with what `render all` has loaded before it writes: the user's
    font files registered and every face's metrics read (the layout measured the text)."""
    from railprint.text import fonts
    from railprint.scene import Text, leaves

    user, docs = pickle.loads(path.read_bytes())
    fonts._USER.update(user)
    for face in {item.font for doc, _ in docs for page in doc.pages for item in leaves(page.items)
                 if type(item) is Text}:
        fonts.metrics(face)
    return docs


def child(path: Path) -> None:
    """Print cold and warm CPU/wall seconds and the bytes written (one line)."""
    from railprint.memory import gc_paused

    docs = _documents(path)
    from railprint.writers import pdf

    times = []
    for _ in range(2):
        with gc_paused():
            cpu, wall = time.process_time(), time.perf_counter()
            size = sum(len(pdf.to_bytes(doc, paint)) for doc, paint in docs)
            times += [time.process_time() - cpu, time.perf_counter() - wall]
    print(*times, size)


def parts_child(path: Path) -> None:
    """Print the cold pass's CPU seconds: total, Flate on drawing streams, pictures, fonts."""
    from reportlab.pdfbase import ttfonts

    from railprint.memory import gc_paused

    docs = _documents(path)
    from railprint.writers import pdf, pdffile

    spent = {"zlib": 0.0, "pictures": 0.0, "fonts": 0.0}
    inside = []  # the part being timed (a picture's or a subset's zlib is theirs, not the streams')

    def timed(part, fn):
        def run(*args, **kwargs):
            if inside:
                return fn(*args, **kwargs)
            inside.append(part)
            start = time.process_time()
            try:
                return fn(*args, **kwargs)
            finally:
                spent[part] += time.process_time() - start
                inside.pop()
        return run

    pdffile.flate = timed("zlib", pdffile.flate)
    pdf.stored_picture = timed("pictures", pdffile.stored_picture)
    pdf.shop_picture = timed("pictures", pdffile.shop_picture)
    pdffile._subset = timed("fonts", pdffile._subset)
    ttfonts.TTFont.__init__ = timed("fonts", ttfonts.TTFont.__init__)
    with gc_paused():
        start = time.process_time()
        for doc, paint in docs:
            pdf.to_bytes(doc, paint)
        total = time.process_time() - start
    print(total, spent["zlib"], spent["pictures"], spent["fonts"])


def levels(path: Path) -> None:
    import zlib

    from deflate import zlib_compress

    from railprint.text import fonts

    user, docs = pickle.loads(path.read_bytes())
    fonts._USER.update(user)
    from railprint.writers import pdf, pdffile

    streams = []
    flate = pdffile.flate

    def keep(data):
        streams.append(bytes(data))
        return flate(data)

    pdffile.flate = keep
    pdffile._SUBSETS.clear()  # capture() filled them: compress every font subset and picture again
    pdffile.stored_picture.cache_clear()
    for doc, paint in docs:
        pdf.to_bytes(doc, paint)
    pdffile.flate = flate
    print(f"{len(streams)} streams, {sum(map(len, streams)) / 1e6:.2f} MB before compression "
          f"(the writer uses libdeflate level {pdffile.LEVEL})")
    for name, compress in (("libdeflate", zlib_compress), ("zlib", zlib.compress)):
        for level in range(1, 10):
            best = float("inf")
            for _ in range(3):
                start = time.process_time()
                size = sum(len(compress(data, level)) for data in streams)
                best = min(best, time.process_time() - start)
            print(f"  {name} level {level}: {best:.3f} s CPU, {size / 1e6:.3f} MB")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shop", action="store_true", help="the print-shop documents (--shop)")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--levels", action="store_true", help="Flate level (libdeflate, zlib) against size and CPU")
    parser.add_argument("--parts", action="store_true", help="the cold pass split into Flate, pictures, fonts, the rest")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--parts-child", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child)
        return 0
    if args.parts_child:
        parts_child(args.parts_child)
        return 0
    report_machine()
    with tempfile.TemporaryDirectory() as tmp:
        docs = Path(tmp) / "docs.pickle"
        count = capture(docs, args.shop)
        if args.levels:
            levels(docs)
            return 0
        if args.parts:
            rows = []
            for _ in range(args.repeat):
                line = subprocess.run([sys.executable, __file__, "--parts-child", str(docs)], capture_output=True,
                                      text=True, check=True).stdout.split()
                rows.append([float(v) for v in line])
            total, zlib_s, pictures, fonts_s = min(rows)  # the fastest cold pass, with its own parts
            print(f"{count} PDFs of render all{' --shop' if args.shop else ''}, cold pass {total:.3f} s CPU: "
                  f"Flate on drawing streams {zlib_s:.3f}, pictures {pictures:.3f}, fonts (read, cut, "
                  f"compress) {fonts_s:.3f}, the rest (operators, file structure) "
                  f"{total - zlib_s - pictures - fonts_s:.3f}")
            return 0
        best = [float("inf")] * 4
        for _ in range(args.repeat):
            line = subprocess.run([sys.executable, __file__, "--child", str(docs)], capture_output=True,
                                  text=True, check=True).stdout.split()
            best = [min(b, float(v)) for b, v in zip(best, line[:4])]
            size = int(line[4])
    cold, cold_wall, warm, warm_wall = best
    print(f"{count} PDFs of render all{' --shop' if args.shop else ''}, {size / 1e6:.2f} MB: "
          f"cold {cold:.3f} s CPU (wall {cold_wall:.3f}), warm {warm:.3f} s CPU (wall {warm_wall:.3f}); "
          f"target cold <= {TARGET} s: {verdict(cold, TARGET)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
