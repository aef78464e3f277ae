"""Benchmark: reading a HEIC or AVIF photo (what an iPhone saves) against the same photo as JPEG.

For each dev seed, ``make_photo(seed, megapixels=MP)`` (a JPEG) is decoded and encoded again as
HEIC (pillow-heif, quality 90, as an iPhone's own) and AVIF (Pillow, quality 90). Reported, CPU
time (user + sys of this process, every decoder thread included), the median over the seeds:
decoding alone (``read._decode``: the header checked, then the grey channel) and the whole
``read_photo``; whether each reads to the board its JPEG reads to; and the install size of
pillow-heif (its files as installed, from its RECORD). ``--big`` also decodes one HEIC of
7000 x 7000 (49 MP, just under the 50 MP limit): the worst a HEIC can cost.

    python benchmarks/bench_photo_heic.py [--count 5] [--first 935000] [--mp 12] [--big] [--held-out]

``--held-out`` (with ``--first`` in ``synth.HELD_OUT_SEEDS``): a fresh held-out range, measured once
after the code is frozen (docs/railroad-ink-photo-rounds.md lists the ranges used).
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import sys
import time
from importlib.metadata import distribution
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import cv2  # noqa: E402
import numpy as np  # noqa: E402
import pillow_heif  # noqa: E402
from cputime import report_machine  # noqa: E402
from PIL import Image  # noqa: E402

from railprint.games.railroad_ink.photo import read  # noqa: E402
from railprint.games.railroad_ink.photo.synth import DEV_SEEDS, HELD_OUT_SEEDS, make_photo  # noqa: E402


def _encode(jpeg: bytes) -> dict[str, bytes]:
    rgb = Image.fromarray(cv2.cvtColor(cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR),
                                       cv2.COLOR_BGR2RGB))
    heic, avif = io.BytesIO(), io.BytesIO()
    pillow_heif.from_pillow(rgb).save(heic, quality=90)
    rgb.save(avif, "AVIF", quality=90)
    return {"JPEG": jpeg, "HEIC": heic.getvalue(), "AVIF": avif.getvalue()}


def _cpu(run) -> tuple[float, object]:
    start = time.process_time()   # user + sys of this process, all its threads
    out = run()
    return time.process_time() - start, out


def installed_mb(name: str) -> tuple[float, dict[str, float]]:
    """(MB installed, the largest files' MB) of a distribution, from its RECORD."""
    dist = distribution(name)
    sizes = {}
    for f in dist.files or ():
        path = dist.locate_file(f)
        if os.path.isfile(path):
            sizes[str(f)] = os.path.getsize(path) / 1e6
    top = dict(sorted(sizes.items(), key=lambda kv: -kv[1])[:3])
    return sum(sizes.values()), top


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=5)
    ap.add_argument("--first", type=int, default=935_000)
    ap.add_argument("--mp", type=float, default=12.0)
    ap.add_argument("--big", action="store_true")
    ap.add_argument("--held-out", action="store_true", help="seeds from the held-out range (--first there)")
    args = ap.parse_args()
    report_machine()
    seeds = range(args.first, args.first + args.count)
    allowed = HELD_OUT_SEEDS if args.held_out else DEV_SEEDS
    assert all(s in allowed for s in seeds), "held-out seeds with --held-out only, dev seeds otherwise"
    decode: dict[str, list[float]] = {"JPEG": [], "HEIC": [], "AVIF": []}
    whole: dict[str, list[float]] = {"JPEG": [], "HEIC": [], "AVIF": []}
    size: dict[str, list[float]] = {"JPEG": [], "HEIC": [], "AVIF": []}
    same = {"HEIC": 0, "AVIF": 0}
    for seed in seeds:
        files = _encode(make_photo(seed, megapixels=args.mp).jpeg)
        boards = {}
        for kind, data in files.items():
            size[kind].append(len(data) / 1e6)
            decode[kind].append(_cpu(lambda: read._decode(data))[0])
            seconds, reading = _cpu(lambda: read.read_photo(data))
            whole[kind].append(seconds)
            boards[kind] = reading.board
        for kind in same:
            same[kind] += boards[kind] == boards["JPEG"]
        print(f"seed {seed}: " + ", ".join(f"{k} {decode[k][-1]:.3f} s decode / {whole[k][-1]:.2f} s read"
                                           for k in files))
    print(f"\n{args.count} photos of {args.mp:g} MP ({'held-out' if args.held_out else 'dev'} seeds {seeds.start:,}-{seeds.stop - 1:,}), "
          "median CPU seconds (user + sys):")
    print(f"{'':6} {'file MB':>8} {'decode':>8} {'read_photo':>11} {'same board as JPEG':>19}")
    for kind in decode:
        agree = f"{same[kind]}/{args.count}" if kind in same else "-"
        print(f"{kind:6} {statistics.median(size[kind]):8.2f} {statistics.median(decode[kind]):8.3f} "
              f"{statistics.median(whole[kind]):11.2f} {agree:>19}")
    if args.big:
        image = Image.fromarray(np.full((7000, 7000, 3), 200, np.uint8))
        buf = io.BytesIO()
        pillow_heif.from_pillow(image).save(buf, quality=90)
        seconds, grey = _cpu(lambda: read._decode(buf.getvalue()))
        print(f"\nHEIC 7000 x 7000 (49 MP, {len(buf.getvalue()) / 1e6:.2f} MB): decode {seconds:.2f} s CPU, "
              f"{grey.shape}")
    total, top = installed_mb("pillow-heif")
    print(f"\npillow-heif {distribution('pillow-heif').version} installed: {total:.1f} MB ("
          + ", ".join(f"{Path(k).name} {v:.1f} MB" for k, v in top.items()) + ")")
    return 0


if __name__ == "__main__":
    sys.exit(main())
