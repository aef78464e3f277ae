"""Same readings, less CPU? Read a fixed set of dev photos with the railprint on ``sys.path`` and
keep each reading (board, uncertain list with reasons, expansion, marks found, the grid's
offset, the sheet's QR fields, refusal text) and its CPU; then compare two such runs (issue 35,
round fourteen: a change meant only to cut work must leave every reading byte-identical).

    python benchmarks/photo_same.py photos DIR [--indep2 0:30] [--indep 0:30] [--indep3 0:0] [--synth 0:30] [--synth12 0:10]
    python benchmarks/photo_same.py read DIR OUT.json [--repeat 3] [--shard K/N]
    PYTHONPATH=/tmp/main-tree python benchmarks/photo_same.py read DIR MAIN.json   # the other tree
    python benchmarks/photo_same.py compare MAIN.json BRANCH.json

``photos`` writes the photos once (``indep2_photos.py``, ``indep_photos.py``, ``indep3_photos.py``, ``synth.py`` at
random sizes and at 12 MP; dev seeds only), named ``<generator>-<seed>.<ext>``. ``read`` times
``read_photo`` alone (user + sys of this process, decoding included), best of ``--repeat`` (the
machine is shared: the least is the work's own cost). Its readings keep the homography too,
reported apart (``compare`` tells a reading that differs from one whose homography only moved).
Run ``read`` for both trees on the same machine at the same time (``--shard`` splits the photos
over processes), one tree from a copy put first on ``PYTHONPATH`` (``git archive <commit>
railprint | tar -x -C DIR``).
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import sys
from pathlib import Path

GENERATORS = ("indep2", "indep", "indep3", "synth", "synth12")


def _cpu() -> float:
    u = resource.getrusage(resource.RUSAGE_SELF)
    return u.ru_utime + u.ru_stime


def _range(text: str) -> range:
    first, _, stop = text.partition(":")
    return range(int(first), int(stop))


def make_photos(folder: Path, ranges: dict[str, range]) -> None:
    sys.path.insert(0, str(Path(__file__).parent))
    folder.mkdir(parents=True, exist_ok=True)
    for gen, seeds in ranges.items():
        for seed in seeds:
            if gen == "indep2":
                import indep2_photos
                data = indep2_photos.make_photo(seed)[0]
            elif gen == "indep":
                import indep_photos
                data = indep_photos.make_photo(seed)[0]
            elif gen == "indep3":
                import indep3_photos
                data = indep3_photos.make_photo(seed)[0]
            else:
                from railprint.games.railroad_ink.photo.synth import DEV_SEEDS, make_photo
                assert seed in DEV_SEEDS
                data = make_photo(seed, megapixels=12 if gen == "synth12" else None).jpeg
            ext = "png" if data[:4] == b"\x89PNG" else "webp" if data[:4] == b"RIFF" else "jpg"
            (folder / f"{gen}-{seed}.{ext}").write_bytes(data)
            print(gen, seed, len(data), flush=True)


def read_all(folder: Path, out: Path, repeat: int, shard: tuple[int, int]) -> None:
    import railprint
    from railprint.errors import RailprintError
    from railprint.games.railroad_ink.photo.read import read_photo

    files = sorted(p for p in folder.iterdir() if p.name.split("-")[0] in GENERATORS)
    files = files[shard[0]::shard[1]]
    result: dict = {"railprint": railprint.__file__}
    for path in files:
        data = path.read_bytes()
        best, reading = float("inf"), None
        for _ in range(repeat):
            start = _cpu()
            try:
                r = read_photo(data, path.name)
                got = {"board": [[c.token for c in row] for row in r.board.rows],
                       "uncertain": [[u.square, u.guess, u.reason] for u in r.uncertain],
                       "expansion": r.expansion, "markers": r.markers, "offset": repr(r.grid_offset),
                       "sheet": r.sheet, "H": r.homography.tolist()}
            except RailprintError as exc:
                got = {"refused": str(exc)}
            best = min(best, _cpu() - start)
            if reading is not None and reading != got:
                got["not the same twice"] = True
            reading = got
        reading["cpu"] = best
        result[path.name] = reading
        print(f"{path.name:24s} {best:6.3f} s", flush=True)
        out.write_text(json.dumps(result))


def compare(a_path: Path, b_path: Path) -> int:
    a, b = json.loads(a_path.read_text()), json.loads(b_path.read_text())
    print(f"A: {a.pop('railprint')}\nB: {b.pop('railprint')}")
    names = sorted(set(a) & set(b))
    differ = 0
    for name in names:
        ra, rb = dict(a[name]), dict(b[name])
        ra.pop("cpu"), rb.pop("cpu")
        ha, hb = ra.pop("H", None), rb.pop("H", None)
        if ra != rb:
            differ += 1
            print(f"DIFFERS {name}: {sorted(k for k in set(ra) | set(rb) if ra.get(k) != rb.get(k))}")
        elif ha != hb:
            print(f"same reading, homography moved: {name}")
    print(f"{len(names)} photos: {len(names) - differ} read the same, {differ} differ")
    print(f"{'generator':10s} {'photos':>6s} {'median A':>9s} {'median B':>9s} {'max A':>7s} {'max B':>7s}  slowest (A)")
    for gen in GENERATORS:
        mine = [n for n in names if n.split("-")[0] == gen]
        if not mine:
            continue
        ca, cb = [a[n]["cpu"] for n in mine], [b[n]["cpu"] for n in mine]
        slow = max(mine, key=lambda n: a[n]["cpu"])
        print(f"{gen:10s} {len(mine):6d} {statistics.median(ca):8.3f}s {statistics.median(cb):8.3f}s "
              f"{max(ca):6.3f}s {max(cb):6.3f}s  {slow} {a[slow]['cpu']:.3f} -> {b[slow]['cpu']:.3f} s")
    return 1 if differ else 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("photos")
    p.add_argument("folder", type=Path)
    for gen, default in (("indep2", "0:30"), ("indep", "0:30"), ("indep3", "0:0"), ("synth", "0:30"), ("synth12", "0:10")):
        p.add_argument(f"--{gen}", type=_range, default=_range(default))
    r = sub.add_parser("read")
    r.add_argument("folder", type=Path)
    r.add_argument("out", type=Path)
    r.add_argument("--repeat", type=int, default=3)
    r.add_argument("--shard", default="0/1", help="K/N: every Nth photo from the Kth")
    c = sub.add_parser("compare")
    c.add_argument("a", type=Path)
    c.add_argument("b", type=Path)
    args = ap.parse_args(argv)
    if args.cmd == "photos":
        make_photos(args.folder, {g: getattr(args, g) for g in GENERATORS})
    elif args.cmd == "read":
        k, _, n = args.shard.partition("/")
        read_all(args.folder, args.out, args.repeat, (int(k), int(n)))
    else:
        return compare(args.a, args.b)
    return 0


if __name__ == "__main__":
    sys.exit(main())
