"""Routes drawn as two lines (issue 35, the independent check): a highway as two parallel lines,
with or without a dashed line between them, and a railway as a ladder (two rails with rungs).

Row by row, a highway's dashed middle run together with its two lines (a blurred or coarse
photo, lines 2-4 mm apart) looks like a railway's sleeper, and a ladder's two rails like a
highway's two lines. What tells them apart is what lies *between* the two lines, along the route:

* two lines that run on through the side (dark in nearly every row) are no one-line railway;
* between them, a highway's centre dashes lie along the route, each as long as a few line
  widths (1.2-2 mm on) for half the route; a ladder's rungs cross it, each as short as the pen
  is wide (its rows as few as the rails' own width in columns) a few times;
* nothing between them: a highway's two lines (a ladder always has rungs).

:func:`measure` reads a side's darkness (``rel``, rows inwards, columns across, as ``read._strip``
gives it) so; :func:`verdict` turns it into "h", "r" or None (cannot tell).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from railprint.games.railroad_ink.photo import small_stats
from railprint.games.railroad_ink.photo.rectified import PX_PER_MM

DEPTH = (1.0, 7.0)    # mm inside the edge: the side's strip looked at (longer than read.DEPTH: a
                      # dash and a gap, two rungs or more; clear of a station's square)
RUNNING = 25          # a line runs on when this percentile of its column over the rows is dark
SEPARATION = (1.2, 8.5)   # mm between the two lines' middles
ACROSS_MM = 0.8       # a row dark this far past both lines' edges crosses the route (a rung reaches 0.3 mm)
MIN_ROWS_MM = 2.5     # ... the route's own rows before it, at least this long
STEADY = 0.8          # each line dark in this share of the rows or more


@dataclass(frozen=True)
class Lines:
    """What lies along a side drawn as two lines."""
    gap: float        # mm between the two lines' middles
    width: float      # mm, the lines' own width (their darkness above half, across)
    duty: float       # the share of the rows whose middle is dark (half the lines' darkness or more)
    on: float         # mm, the middle's dark runs' mean length along the route (0 when none)
    runs: int         # how many dark runs the middle has
    spans: float = 0.0   # the share of those runs dark all the way from one line to the other


def _peaks(h: np.ndarray, least: float) -> list[int]:
    mid = h[1:-1]
    return (np.flatnonzero((mid >= h[:-2]) & (mid > h[2:]) & (mid >= least)) + 1).tolist()


def measure(strip: np.ndarray, p: float = PX_PER_MM) -> Lines | None:
    """Two lines running on through the side (``strip``: darkness, rows inwards), or None."""
    part = strip.astype(np.float32)
    if part.shape[0] < 6:
        return None
    run = small_stats.percentile(part, RUNNING, axis=0)
    run = np.convolve(run, (0.25, 0.5, 0.25), mode="same")
    base = float(small_stats.percentile(run, 20))
    h = run - base
    top = float(h.max())
    if top <= 0.05:
        return None
    peaks = _peaks(h, 0.4 * top)
    best = None
    for i, a in enumerate(peaks):
        for b in peaks[i + 1:]:
            if not SEPARATION[0] * p <= b - a <= SEPARATION[1] * p:
                continue
            low = float(h[a:b + 1].min())
            if low > 0.5 * min(h[a], h[b]):
                continue
            if min(h[a], h[b]) < 0.5 * top:
                continue
            if best is None or b - a > best[1] - best[0]:   # the outer two (a dashed middle may run on)
                best = (a, b)
    if best is None:
        return None
    a, b = best
    # each line runs on through every third of the rows where it is (a curve's one line moves
    # across the side, and its running darkness spreads into two humps)
    w = max(1, int(round(0.4 * p)))
    for third in np.array_split(part, 3):
        mean = small_stats.median(third, axis=0) - base
        if any(float(mean[max(0, k - w):k + w + 1].max()) < 0.5 * h[k] for k in (a, b)):
            return None
    # ... and in nearly every row (a dashed middle drawn along a curve does not)
    if any(float(np.mean(part[:, max(0, k - w):k + w + 1].max(axis=1) - base >= 0.5 * h[k])) < STEADY
           for k in (a, b)):
        return None
    # no third line running on outside the pair as dark as they are (a railway's line beside
    # a neighbour's)
    if any(h[k] >= 0.6 * min(h[a], h[b]) for k in peaks if k < a - 1.0 * p or k > b + 1.0 * p):
        return None
    level = min(h[a], h[b])
    width = float(np.mean([np.count_nonzero(h[max(0, k - int(2 * p)):k + int(2 * p) + 1] >= 0.5 * h[k])
                           for k in (a, b)])) / p
    # a row dark well past both lines (a station's square, a crossing route, the centre) ends
    # the route's own rows
    past = int(round((width / 2 + ACROSS_MM) * p))
    left, right = part[:, :max(1, a - past)].max(axis=1), part[:, b + past:].max(axis=1) if b + past < part.shape[1] \
        else np.zeros(len(part), np.float32)
    across = np.flatnonzero((left - base >= 0.5 * level) & (right - base >= 0.5 * level))
    if across.size:
        if across[0] < MIN_ROWS_MM * p:
            return None
        part = part[:across[0]]
    # the middle, along the route: each row's darkness halfway between the lines (and a pixel
    # either side), from the running profile's lightest between them (the lines' blur reaching
    # it) to the lines'
    k = (a + b) // 2
    low = float(h[a:b + 1].min())
    middle = part[:, max(a + 1, k - 1):min(b, k + 2)].max(axis=1) - base
    dark = middle - low >= 0.5 * (level - low)
    runs, n, first = [], 0, 0
    for i, d in enumerate(dark.tolist() + [False]):
        if d:
            first = i if n == 0 else first
            n += 1
        elif n:
            runs.append((first, n))
            n = 0
    # a run cut by the strip's ends is shorter than drawn: only whole runs count, when there are any
    whole = [n for first, n in runs if first > 0 and first + n < len(dark)]
    on = float(np.mean(whole or [n for _, n in runs])) / p if runs else 0.0
    # a rung crosses the route from line to line: its rows are dark all the way between them (a
    # dash, a stray mark, lies in the middle only)
    span = [float((part[i:i + n, a:b + 1].max(axis=0) - base).min()) - low >= 0.5 * (level - low) for i, n in runs]
    return Lines(gap=(b - a) / p, width=width, duty=float(dark.mean()), on=on, runs=len(runs),
                 spans=float(np.mean(span)) if span else 0.0)


PLAIN_DUTY = 0.1      # the middle dark in under this share of the rows: nothing between the lines
DASH_MM = 1.5         # the middle's dark runs this long along the route (mm) or more ...
DASH_MAX_MM = 3.0     # ... and no longer (a curve's line crossing the middle runs on) ...
DASH_DUTY = 0.8       # ... in no more than this share of the rows
DASH_PAST = 0.5       # ... and this much longer than the lines are wide: dashes (the blur lengthens
                      # both alike)
RUNG_SPANS = 0.5      # rungs: this share of the middle's runs or more dark from line to line, and
RUNG_SHORT_MM = 1.0   # the middle's dark runs this long or less, two of them or more (one short
                      # mark is a stray) ...
RUNG_MM = 1.2         # ... or this long or less and ...
RUNG_PAST = 0.2       # ... no more than this longer than the lines are wide: rungs (a pen's
                      # stroke across the route is as long along it as the pen draws wide, and
                      # the blur lengthens both alike)


def verdict(m: Lines | None) -> str | None:
    """The route two lines make: "h" (nothing between them, or dashes along the route), "r"
    (rungs across it, each about as long along the route as the lines are wide), None."""
    if m is None:
        return None
    if m.duty < PLAIN_DUTY:
        return "h"
    if DASH_MM <= m.on <= DASH_MAX_MM and m.on - m.width >= DASH_PAST and m.duty <= DASH_DUTY:
        return "h"
    if m.runs >= 2 and m.spans >= RUNG_SPANS and (m.on <= RUNG_SHORT_MM or m.on <= RUNG_MM and m.on - m.width <= RUNG_PAST):
        return "r"
    return None


DASHES = "two lines with a dashed middle or nothing between them: a highway?"
LADDER = "two lines with rungs across them: a railway drawn as a ladder?"


def revise(sides: list, strips: list[np.ndarray], side_read) -> list:
    """The sides read (``read.SideRead``: kind, certain, why), revised by what lies between two
    lines (``strips``: each side's darkness over DEPTH, rows inwards). A side read with certainty
    as the other route than its two lines make is no longer certain (their route is its guess);
    an uncertain route's guess is their route. Nothing is made certain here. ``side_read`` builds
    a side reading (``read.SideRead``; imports point down)."""
    out = list(sides)
    for s, side in enumerate(sides):
        if side.kind not in ("h", "r"):
            continue
        route = verdict(measure(strips[s]))
        if route is None or route == side.kind and side.certain:
            continue
        why = DASHES if route == "h" else LADDER
        out[s] = side_read(route, False, why if side.certain else side.why)
    return out
