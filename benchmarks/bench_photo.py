"""Benchmark: read synthetic photos of drawn-on Railroad Ink sheets; accuracy, flags, refusals, CPU.

Targets (issue 35), on photos from the held-out seeds (``synth.HELD_OUT_SEEDS``, never used
while developing the reader): >= 99.5 % of spaces read right (the final reading, which for a
flagged space is its best guess), 0 spaces read wrong and not flagged uncertain, <= 1.5 s CPU to
read a 12-megapixel photo. A refused photo counts all its 49 spaces as wrong (and not flagged).

Each photo comes from ``railprint.games.railroad_ink.photo.synth.make_photo(seed)``: a random
board drawn by a random hand (pencil or pen), any rotation, perspective up to 35 degrees,
shadows, blur, JPEG 60-95, 1-12 MP (``--mp`` fixes the size). Reading is timed in CPU time
(user + sys of this process) around ``read_photo`` alone, JPEG decoding included. ``--screens N``
also makes N photos of the sheet shown on a screen (``synth.make_screen_photo``) and reports how
many are refused as screens, and why each other one is not (its screen score, its conditions); for
the paper photos it reports any refused as a screen and the highest screen score among them
against the threshold (``photo/screen.py``): the margin. ``--screens-only`` skips the reading.

The report breaks the errors down by what was misread (exits, station, overpass, lava) and by
the photo's conditions (megapixels, blur, light, perspective, pencil or pen).

    python benchmarks/bench_photo.py [--set held-out|dev] [--count N] [--first SEED] [--mp 12]
                                     [--screens N] [--screens-only] [--bayer] [--stress] [--curl] [--motion]
                                     [--cache DIR] [--effect NAME,...|all]
                                     [--expansion lava|meteor] [--verbose]

``--expansion lava|meteor`` reads sheets printed for that expansion, their boards with lava
faces grown from the printed volcano, or 1-6 craters, drawn as players draw them (``synth``'s
``_lava`` and ``_crater``; ``photo/expansion.py`` reads them).

``--motion`` reads the motion-blur stress set: the field set's motion blur (below) made 0.15-0.9 %
of the long side (the field set's own goes to 0.6 %), spread over the seeds by a fixed rule.

``--effect`` reads the "field" stress set instead (``photo/field.py``: what a phone or a messaging
app does that the generator does not — lens distortion, vignetting, sharpening, HDR, a contrast
curve, motion blur, a flash's hot spot, low light, the sheet partly out of frame, EXIF
orientation, PNG / WebP / greyscale files, a messaging app's 1 MP JPEG 50 — and other inks, a
highlighter, a finger or a pen over the grid): one table row per effect, each over the same
seeds (``--cache DIR`` keeps the plain photos in DIR/base and each effect's in DIR/<effect>);
``--effect mixed`` gives each seed one effect in turn (``seed % len(field.EFFECTS)``).
"""

from __future__ import annotations

import argparse
import json
import time
from collections import defaultdict
from functools import partial
from pathlib import Path

from railprint.games.railroad_ink.board import Board, Cell
from railprint.games.railroad_ink.photo import field, read, screen
from railprint.games.railroad_ink.photo.read import PhotoError, read_photo
from railprint.games.railroad_ink.photo.synth import DEV_SEEDS, HELD_OUT_SEEDS, make_photo, make_screen_photo

CONDITIONS = {
    "megapixels": ((0, 3, "1-3 MP"), (3, 6, "3-6 MP"), (6, 9, "6-9 MP"), (9, 99, "9-12 MP")),
    "blur": ((0, 0.5, "blur < 0.5 px"), (0.5, 1.0, "blur 0.5-1 px"), (1.0, 1.5, "blur 1-1.5 px"),
             (1.5, 99, "blur >= 1.5 px")),
    "light": ((0, 0.35, "light < 0.35"), (0.35, 0.5, "light 0.35-0.5"), (0.5, 9, "light >= 0.5")),
    "tilt": ((0, 12, "tilt < 12 deg"), (12, 24, "tilt 12-24 deg"), (24, 99, "tilt 24-35 deg")),
}


def _photo(seed: int, mp: float | None, cache: Path | None, make=make_photo):
    """(jpeg, board, params), from the cache when it has the photo."""
    if cache is not None and mp is None:
        jpg, meta = cache / f"{seed}.jpg", cache / f"{seed}.json"
        if jpg.exists() and meta.exists():
            info = json.loads(meta.read_text())
            rows = tuple(tuple(Cell("....", "x") if t == "x" else Cell(t[:4], t[4:]) for t in row)
                         for row in info["board"])
            return jpg.read_bytes(), Board(rows), info["params"]
    photo = make(seed, megapixels=mp)
    if cache is not None and mp is None:
        cache.mkdir(parents=True, exist_ok=True)
        (cache / f"{seed}.json").write_text(json.dumps(
            {"board": [[c.token for c in row] for row in photo.board.rows], "params": photo.params}))
        (cache / f"{seed}.jpg").write_bytes(photo.jpeg)
    return photo.jpeg, photo.board, photo.params


def _what(want: Cell, got: Cell) -> list[str]:
    """What was misread in a space: exits, station, overpass, lava, crater."""
    out = []
    if "l" in want.edges + got.edges and want.edges != got.edges:
        out.append("lava")
    elif want.edges != got.edges:
        out.append("exits")
    for mark, name in (("s", "station"), ("o", "overpass"), ("x", "crater")):
        if (want.marker == mark) != (got.marker == mark):
            out.append(name)
    return out or ["other"]


def _buckets(params: dict) -> list[str]:
    names = ["pencil" if params.get("pencil") else "pen"]
    for key, ranges in CONDITIONS.items():
        value = params.get(key)
        if value is None:
            continue
        names += [label for lo, hi, label in ranges if lo <= value < hi]
    return names


def run(seeds, mp: float | None, verbose: bool, cache: Path | None = None, make=make_photo) -> dict:
    total = defaultdict(int)
    by_class: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    by_cond: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    times: list[tuple[float, float]] = []
    failures = []
    nearest = (None, -1.0)   # the paper photo most like a screen: (seed, screen score)
    for seed in seeds:
        jpeg, board, params = _photo(seed, mp, cache, make)
        try:
            score, _ = read.screen_score(jpeg)
        except PhotoError:
            score = None
        if score is not None and score > nearest[1]:
            nearest = (seed, score)
        t0 = time.process_time()
        try:
            reading = read_photo(jpeg)
        except PhotoError as exc:  # a refused photo counts as every space wrong
            failures.append((seed, str(exc), params))
            total["spaces"] += 49
            for b in _buckets(params):
                by_cond[b]["spaces"] += 49
                by_cond[b]["refused"] += 1
            continue
        times.append((params["megapixels"], time.process_time() - t0))
        total[f"read with {reading.markers} marks"] += 1
        total["every space flagged (a likely screen)"] += any(u.reason.startswith(screen.DOUBT_WHY)
                                                              for u in reading.uncertain)
        unsure = {u.square for u in reading.uncertain}
        for r, (want_row, got_row) in enumerate(zip(board.rows, reading.board.rows)):
            for c, (want, got) in enumerate(zip(want_row, got_row)):
                name = f"{'ABCDEFG'[r]}{c + 1}"
                ok, flag = want == got, name in unsure
                tally = {"spaces": 1, "right": ok, "flagged": flag, "flagged_right": flag and ok,
                         "right_or_flagged": ok or flag, "wrong_unflagged": not ok and not flag}
                for key, v in tally.items():
                    total[key] += v
                    for b in _buckets(params):
                        by_cond[b][key] += v
                if not ok:
                    for what in _what(want, got):
                        by_class[what]["flagged" if flag else "unflagged"] += 1
                if verbose and not ok:
                    print(f"  seed {seed} {name}: want {want.token} got {got.token}"
                          f"{' (flagged)' if flag else ' UNFLAGGED'} {params}")
    return {"photos": len(seeds), "total": dict(total), "by_class": by_class, "by_cond": by_cond,
            "times": times, "failures": failures, "nearest": nearest}


def screens(seeds, cache: Path | None = None) -> tuple[int, list, dict]:
    """Screen photos: how many were refused as screens; the others (seed, outcome, params); and
    over the photos read: {"read", "all flagged" (a likely screen: every space flagged), "wrong",
    "wrong unflagged"}."""
    refused, missed, tally = 0, [], defaultdict(int)
    for seed in seeds:
        jpeg, board, params = _photo(seed, None, cache, make_screen_photo)
        try:
            reading = read_photo(jpeg)
        except PhotoError as exc:
            if "screen" in str(exc):
                refused += 1
            else:
                missed.append((seed, f"refused, not as a screen: {exc}", params))
            continue
        unsure = {u.square for u in reading.uncertain}
        wrong = [f"{'ABCDEFG'[r]}{c + 1}" for r, (a, b) in enumerate(zip(board.rows, reading.board.rows))
                 for c, (x, y) in enumerate(zip(a, b)) if x != y]
        doubt = any(u.reason.startswith(screen.DOUBT_WHY) for u in reading.uncertain)
        tally["read"] += 1
        tally["all flagged"] += doubt
        tally["wrong"] += len(wrong)
        tally["wrong unflagged"] += sum(w not in unsure for w in wrong)
        try:
            score, windows = read.screen_score(jpeg)
        except PhotoError:   # read with one mark found: the marks' homography alone is too rough
            score, windows = None, 0
        why = (f"no verdict: {windows} blank windows" if score is None else
               f"read as paper: screen score {score:.1f} < {screen.THRESHOLD:g} ({windows} windows)")
        why += f"{'; every space flagged' if doubt else ''}; {len(wrong)} wrong, " \
               f"{sum(w not in unsure for w in wrong)} of them unflagged"
        missed.append((seed, why, params))
    return refused, missed, dict(tally)


def _stress_photo(seed: int, megapixels: float | None = None):
    """The blurred-pencil stress set (round six): 9-12 MP, pencil, lens blur 1.5-2.4 camera px, each
    spread over the seeds by a fixed rule; the seed's other choices (board, hand, light, pose) as
    ``make_photo(seed)`` draws them."""
    mp = megapixels if megapixels is not None else 9 + 3 * ((seed * 7919) % 1000) / 1000
    return make_photo(seed, megapixels=mp, pencil=True, blur=1.5 + 0.9 * ((seed * 104729) % 1000) / 1000)


def _curl_photo(seed: int, megapixels: float | None = None):
    """The non-flat paper stress set (round seven): the sheet bent, lifted at a corner or folded,
    moving points in the photo by up to 2-8 mm (``make_photo(curl=...)``, spread over the seeds
    by a fixed rule); the seed's other choices (board, hand, size, light, pose) as
    ``make_photo(seed)`` draws them."""
    return make_photo(seed, megapixels=megapixels, curl=2.0 + 6.0 * ((seed * 7919) % 1000) / 1000)


def _motion_photo(seed: int, megapixels: float | None = None):
    """The motion-blur stress set (issue 35's long blur): the field set's motion blur
    (``field.py``, a line in the seed's direction) of 0.15-0.9 % of the long side, spread over the
    seeds by a fixed rule (the field set's own range is 0.15-0.6 %: a shaking hand goes further);
    the seed's other choices as ``make_photo(seed)`` draws them."""
    share = 0.0015 + 0.0075 * ((seed * 7919) % 1000) / 1000
    return field.field_photo(seed, "motion", megapixels, motion=share)


def _field_maker(effect: str, cache: Path | None):
    """make(seed, megapixels) for the field set's ``effect``: a post-processing effect starts from
    the plain photo, taken from (or kept in) ``cache``/base."""
    if effect in field.SCENE:
        return partial(field.field_photo, effect=effect)
    base_cache = cache / "base" if cache is not None else None

    def make(seed: int, megapixels: float | None = None):
        jpeg, board, params = _photo(seed, megapixels, base_cache)
        from railprint.games.railroad_ink.photo.synth import Photo

        return field.field_photo(seed, effect, megapixels, base=Photo(jpeg, board, seed, 0, 0, params))
    return make


def _report_field(args, seeds) -> None:
    if args.effect == "mixed":   # each seed one effect, in turn: seed % the number of effects
        groups = {e: [s for s in seeds if field.EFFECTS[s % len(field.EFFECTS)] == e] for e in field.EFFECTS}
        print(f"field set, {args.set} seeds {seeds.start}-{seeds[-1]}, one effect per seed (seed % {len(field.EFFECTS)})")
    else:
        effects = field.EFFECTS if args.effect == "all" else tuple(args.effect.split(","))
        groups = {e: list(seeds) for e in effects}
        print(f"field set, {args.set} seeds {seeds.start}-{seeds[-1]} ({len(seeds)} photos per effect)")
    print("| effect | photos | right | wrong and not flagged | flagged per photo | refused | CPU mean / max |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for effect, group in groups.items():
        if not group:
            continue
        cache = args.cache / effect if args.cache is not None else None
        res = run(group, args.mp, args.verbose, cache, _field_maker(effect, args.cache))
        t = res["total"]
        n, read_photos = t.get("spaces", 0), len(res["times"])
        cpu = [x for _, x in res["times"]]
        why = "; ".join(sorted({w.split(";")[0][:60] for _, w, _ in res["failures"]}))
        print(f"| {effect} | {len(group)} | {_pct(t.get('right', 0), n)} | {t.get('wrong_unflagged', 0)} | "
              f"{t.get('flagged', 0) / max(1, read_photos):.1f} | {len(res['failures'])}{' (' + why + ')' if why else ''} | "
              + (f"{sum(cpu) / len(cpu):.2f} / {max(cpu):.2f} s |" if cpu else "- |"), flush=True)


def _pct(a: int, b: int) -> str:
    return f"{100 * a / max(1, b):.2f} %"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--set", choices=("held-out", "dev"), default="held-out")
    ap.add_argument("--count", type=int, default=40)
    ap.add_argument("--first", type=int, default=None, help="first seed (default: the set's start)")
    ap.add_argument("--mp", type=float, default=None, help="megapixels of every photo (default: random 1-12)")
    ap.add_argument("--screens", type=int, default=0, help="also this many photos of a screen")
    ap.add_argument("--screens-only", action="store_true", help="only the screen photos")
    ap.add_argument("--cache", type=Path, default=None,
                    help="keep generated photos here (random sizes only; screen photos in DIR/screen)")
    ap.add_argument("--bayer", action="store_true",
                    help="paper photos through a colour filter mosaic, demosaiced (make_photo(bayer=True); "
                         "use a cache of their own)")
    ap.add_argument("--stress", action="store_true",
                    help="blurred pencil photos: 9-12 MP, pencil, lens blur 1.5-2.4 px (make_photo(pencil=True, "
                         "blur=...)); use a cache of their own")
    ap.add_argument("--curl", action="store_true",
                    help="paper that is not flat: bent, a corner lifted, folded; points moved 2-8 mm "
                         "(make_photo(curl=...)); use a cache of their own")
    ap.add_argument("--motion", action="store_true",
                    help="motion blur of 0.15-0.9 %% of the long side (field.py's, longer); use a cache of "
                         "their own")
    ap.add_argument("--effect", default=None,
                    help="the field stress set: these effects (comma-separated, all, or mixed: one "
                         "effect per seed, in turn; photo/field.py)")
    ap.add_argument("--expansion", choices=("none", "lava", "meteor"), default="none",
                    help="sheets of this expansion, their boards with lava or craters drawn "
                         "(make_photo(expansion=...)); use a cache of their own")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    pool = HELD_OUT_SEEDS if args.set == "held-out" else DEV_SEEDS
    first = pool.start if args.first is None else args.first
    seeds = range(first, first + args.count)
    assert seeds.start in pool and seeds[-1] in pool, "seeds outside the chosen set"
    if args.screens_only:
        _report_screens(args, seeds.start)
        return
    if args.effect:
        _report_field(args, seeds)
        return
    make = partial(make_photo, bayer=True) if args.bayer else make_photo
    if args.expansion != "none":
        make = partial(make_photo, bayer=args.bayer, expansion=args.expansion)
    if args.stress:
        make = _stress_photo
    if args.curl:
        make = _curl_photo
    if args.motion:
        make = _motion_photo
    res = run(seeds, args.mp, args.verbose, args.cache, make)
    t = res["total"]
    n = t.get("spaces", 0)
    print(f"{args.set} seeds {seeds.start}-{seeds[-1]}"
          f"{'' if args.expansion == 'none' else ', expansion ' + args.expansion}: {res['photos']} photos, {n} spaces")
    print(f"  right (final reading)     {t.get('right', 0)} = {_pct(t.get('right', 0), n)}   (target >= 99.5 %)")
    print(f"  right or flagged          {t.get('right_or_flagged', 0)} = {_pct(t.get('right_or_flagged', 0), n)}"
          "   (of the photos read)")
    print(f"  wrong and not flagged     {t.get('wrong_unflagged', 0)}   (target 0; refused photos not included)")
    print(f"  flagged uncertain         {t.get('flagged', 0)} ({t.get('flagged_right', 0)} of them guessed right)")
    print(f"  photos refused            {len(res['failures'])}")
    print("  photos read with 4 / 3 / 2 / 1 marks found: "
          + " / ".join(str(t.get(f"read with {k} marks", 0)) for k in (4, 3, 2, 1)))
    for seed, why, params in res["failures"]:
        print(f"    seed {seed}: {why} {params}")
    print(f"  photos read with every space flagged as a likely screen: "
          f"{t.get('every space flagged (a likely screen)', 0)}")
    print("  misread, by what (flagged / not flagged):")
    for what, v in sorted(res["by_class"].items()):
        print(f"    {what:10s} {v['flagged']:4d} / {v['unflagged']}")
    print("  by condition: photos-worth of spaces, right, right or flagged, flagged, wrong unflagged, refused")
    for b in ["pencil", "pen"] + [label for ranges in CONDITIONS.values() for _, _, label in ranges]:
        v = res["by_cond"].get(b)
        if v:
            print(f"    {b:16s} {v['spaces']:6d}  {_pct(v['right'], v['spaces']):>8s}  "
                  f"{_pct(v['right_or_flagged'], v['spaces']):>8s}  {v['flagged']:4d}  {v['wrong_unflagged']:3d}  "
                  f"{v['refused']}")
    if res["times"]:
        worst = max(x for _, x in res["times"])
        big = [x for m, x in res["times"] if m >= 10]
        per_mp = [x / m for m, x in res["times"]]
        print(f"  CPU per photo: mean {sum(x for _, x in res['times']) / len(res['times']):.2f} s, "
              f"max {worst:.2f} s, mean {sum(per_mp) / len(per_mp):.3f} s per MP"
              + (f", 10-12 MP max {max(big):.2f} s (target <= 1.5 s)" if big else ""))
    seed, score = res["nearest"]
    if seed is not None:
        print(f"  paper photos refused as screens: {sum('screen' in why for _, why, _ in res['failures'])}; "
              f"highest screen score {score:.1f} (seed {seed}), threshold {screen.THRESHOLD:g}: "
              f"margin x{screen.THRESHOLD / max(score, 1e-9):.1f}")
    if args.screens:
        _report_screens(args, seeds.start)


def _report_screens(args, first: int) -> None:
    cache = args.cache / "screen" if args.cache is not None else None
    refused, missed, tally = screens(range(first, first + args.screens), cache)
    other = sum(why.startswith("refused") for _, why, _ in missed)
    print(f"  screen photos refused as screens: {refused} / {args.screens}; refused for another reason "
          f"(exit 1): {other}; read: {tally.get('read', 0)} (every space flagged: {tally.get('all flagged', 0)}; "
          f"spaces wrong {tally.get('wrong', 0)}, of them unflagged {tally.get('wrong unflagged', 0)})")
    for seed, why, params in missed:
        print(f"    screen seed {seed}: {why} {params}")

if __name__ == "__main__":
    main()
