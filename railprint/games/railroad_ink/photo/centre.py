"""The centre marks as one player draws them on the whole sheet (issue 35, round fourteen).

A player draws every station of a sheet the same way: a filled square, a filled circle, a hollow
square or a hatched square, of one size. The reader's own centre measure (``read._centre_fill``:
solid ink over a small box at the space's exact centre) knows only the first two, and only where
the routes read leave it in doubt does it weigh at all. Here each space's centre is measured three
ways, and the sheet's **clear stations** (spaces whose four sides were all read with certainty,
a highway and a railway joined: by the rules a station, whatever the centre shows) say which
measure is this player's station and how large it is. Then:

- a space not read as a station (its routes of one kind, or none) whose centre shows the sheet's
  station mark is uncertain, and its best guess is a station: a route's kind misread (a highway
  drawn as one line read as a railway) would otherwise hide a station;
- a straight crossing read as an overpass whose centre shows the sheet's station mark is
  uncertain (the crossing special route, ``hrhrs``);
- a space guessed a station (uncertain) whose centre shows nothing like the sheet's stations is
  guessed without one.

It only ever flags a space or changes an uncertain space's guess: it never makes a space certain
(a rule that made a joined space doubted only for its centre a certain station where the mark
showed hid wrong spaces on held-out photos: a ladder railway's two rails read as a certain
highway, its rungs closing paper like a hollow station; removed).

The measures, each on the ink within ``BOX_MM`` of the space's middle:

- ``filled``: the largest piece of ink left by an opening with a ``OPEN_MM`` disc (lines, sleepers
  and a bold line vanish; a filled square or circle stays), no longer than ``LONGEST_MM`` either
  way (a highlighter's band runs on), centred within ``NEAR_MM`` of the middle
  (a station is drawn where the routes meet, not always at the exact centre), in mm²;
- ``hollow``: the largest piece of paper closed in by ink reaching within ``NEAR_MM`` of the middle,
  in mm² (a hollow square's inside);
- ``hatched``: as ``filled``, after the ink's gaps of up to ``HATCH_GAP_MM`` are closed (a hatched
  square's strokes run together).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import cv2
import numpy as np

BOX_MM = 6.0        # the centre looked at: this far each way from the space's middle
OPEN_MM = 2.8       # a disc this wide fits in the smallest station (3.5 mm), not in a bold line (<= 2.4)
NEAR_MM = 3.2       # a mark's middle this near the space's middle (routes are drawn up to 1.8 mm off)
LONGEST_MM = 8.5    # a piece longer than this either way is no station (6.5 mm at most, drawn, blurred)
HATCH_GAP_MM = 1.6  # a hatched square's strokes, up to 1.6 mm apart, closed into one piece
MIN_CLEAR = 2       # clear stations needed to know the sheet's habit
LIKE = 0.5          # a centre whose measure reaches this share of the clear stations' (median) is one
UNLIKE = 0.25       # ... under this share (and under every clear station's half): no station there
SHOWN = 2 / 3       # ... the share of the clear stations that must show it
OTHERS_MAX = 0.35   # the sheet's clear route spaces without a station stay under this share, or the measure tells nothing
MIN_MARK = {"filled": 7.0, "hollow": 4.0, "hatched": 12.0}   # mm²: a measure this small is no station mark

MARKED_MM2 = 7.0    # a centre mark this large (filled, or paper closed in: read.HOLLOW_MM2) ...
BARE_RAILWAY = "a railway's only sleepers beside a mark in the centre: a station's outline?"
MARKED_MM2 = 7.0    # a centre mark this large (filled, or paper closed in: read.HOLLOW_MM2) ...
BARE_RAILWAY = "a railway's only sleepers beside a mark in the centre: a station's outline?"
STATION_MARK = "centre: a mark like this sheet's stations"
NO_STATION_MARK = "centre: nothing like this sheet's stations"


@dataclass(frozen=True)
class Mark:
    filled: float
    hollow: float
    hatched: float

    def get(self, kind: str) -> float:
        return getattr(self, kind)


NONE = Mark(0.0, 0.0, 0.0)


def _disc(mm: float, ppm: float) -> np.ndarray:
    k = max(3, int(round(mm * ppm)) | 1)
    return cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))


def _largest_near(binary: np.ndarray, h: int, near: float, longest: float) -> int:
    n, _, stats, cents = cv2.connectedComponentsWithStats(binary, connectivity=8)
    best = 0
    for k in range(1, n):
        if max(stats[k][2], stats[k][3]) > longest:
            continue   # a band running on (a highlighter's or a felt-tip's route), not a station
        if (cents[k][0] - h) ** 2 + (cents[k][1] - h) ** 2 <= near * near:
            best = max(best, int(stats[k][4]))
    return best


def _enclosed(box: np.ndarray, h: int, near: float) -> int:
    _, labels, stats, _ = cv2.connectedComponentsWithStats((box == 0).astype(np.uint8), connectivity=4)
    yy, xx = np.ogrid[-h:h + 1, -h:h + 1]
    best = 0
    for k in np.unique(labels[(xx * xx + yy * yy) <= near * near]).tolist():
        x, y, w, hh, area = stats[k]
        if k == 0 or x == 0 or y == 0 or x + w == 2 * h + 1 or y + hh == 2 * h + 1:
            continue   # ink itself (label 0), or paper reaching the box's edge (a route's side, not an outline)
        best = max(best, int(area))
    return best


def _box(ink: np.ndarray, cx: float, cy: float, ppm: float) -> tuple[np.ndarray | None, int]:
    """The centre's box (``BOX_MM`` each way of pixel (cx, cy)), None where it leaves the image; its half-width."""
    h = int(round(BOX_MM * ppm))
    x, y = int(round(cx)), int(round(cy))
    box = ink[y - h:y + h + 1, x - h:x + h + 1]
    return (box if box.shape == (2 * h + 1, 2 * h + 1) else None), h


def hollow(ink: np.ndarray, cx: float, cy: float, ppm: float) -> float:
    """:func:`measure`'s ``hollow`` alone (mm²): the paper closed in by ``ink`` near the middle."""
    box, h = _box(ink, cx, cy, ppm)
    return 0.0 if box is None else _enclosed(box, h, NEAR_MM * ppm) / (ppm * ppm)


def filled(ink: np.ndarray, cx: float, cy: float, ppm: float, open_mm: float = OPEN_MM,
           near_mm: float = NEAR_MM) -> float:
    """:func:`measure`'s ``filled`` alone (mm²), the opening's disc ``open_mm`` wide and the piece's
    middle within ``near_mm`` of the space's (a smaller disc keeps a smaller dot)."""
    box, h = _box(ink, cx, cy, ppm)
    if box is None:
        return 0.0
    opened = cv2.morphologyEx(box, cv2.MORPH_OPEN, _disc(open_mm, ppm))
    return _largest_near(opened, h, near_mm * ppm, LONGEST_MM * ppm) / (ppm * ppm)


def measure(ink: np.ndarray, cx: float, cy: float, ppm: float) -> Mark:
    """The three measures (mm²) of the centre at pixel (cx, cy) of the rectified ``ink`` (0/1)."""
    box, h = _box(ink, cx, cy, ppm)
    if box is None:
        return Mark(0.0, 0.0, 0.0)
    near = NEAR_MM * ppm
    opened = cv2.morphologyEx(box, cv2.MORPH_OPEN, _disc(OPEN_MM, ppm))
    closed = cv2.morphologyEx(box, cv2.MORPH_CLOSE, _disc(HATCH_GAP_MM, ppm))
    hatched = cv2.morphologyEx(closed, cv2.MORPH_OPEN, _disc(OPEN_MM, ppm))
    mm2 = ppm * ppm
    longest = LONGEST_MM * ppm
    return Mark(_largest_near(opened, h, near, longest) / mm2, _enclosed(box, h, near) / mm2,
                _largest_near(hatched, h, near, longest) / mm2)


@dataclass(frozen=True)
class Habit:
    """How this sheet's stations are drawn: the measure that shows them (``kind``) and how large
    the clear stations' is (``size``, their median)."""
    kind: str
    size: float
    least: float    # the smallest clear station's
    clear: bool = True   # from clear stations (else from the marks alone: ``unread_habit``)

    def like(self, mark: Mark) -> bool:
        return mark.get(self.kind) >= max(LIKE * self.size, MIN_MARK[self.kind])

    def unlike(self, mark: Mark) -> bool:
        return mark.get(self.kind) < min(UNLIKE * self.size, 0.5 * self.least)


def habit(stations: list[Mark], others: list[Mark]) -> Habit | None:
    """The sheet's station habit from its clear stations' marks (``stations``), checked against
    its spaces where lines meet without a station (``others``: T's and crossings of one kind of
    route, overpasses): a measure is the habit
    when two thirds of the clear stations, two at least, show it (each at least ``MIN_MARK``) and
    the others' (their 75th percentile: a few of them are stations whose route was misread) stay
    under ``OTHERS_MAX`` of it. The filled measure first, then the hollow one, then the hatched one
    (a hatched square closes into a filled piece; a filled square encloses no paper)."""
    if len(stations) < MIN_CLEAR:
        return None
    for kind in ("filled", "hollow", "hatched"):
        if kind == "hatched" and len(others) < MIN_CLEAR:
            return None   # closed gaps show where any lines meet: never without others to compare
        values = np.array([m.get(kind) for m in stations])
        shown = values[values >= MIN_MARK[kind]]
        if len(shown) < max(MIN_CLEAR, SHOWN * len(values)):
            continue
        size = float(np.median(shown))
        rest = np.array([m.get(kind) for m in others]) if others else np.zeros(1)
        if float(np.percentile(rest, 75)) >= OTHERS_MAX * size:
            return None   # this sheet's routes show the same: the measure does not tell stations
        return Habit(kind, size, float(shown.min()))
    return None


def unread_habit(cells: dict[tuple[int, int], tuple], marks: dict[tuple[int, int], Mark]) -> Habit | None:
    """The habit of a sheet without clear stations (where a highway drawn as one line is read as
    a railway, every station's routes are of one kind): the filled measure when two or more route
    spaces show it (``MIN_MARK``), all of a size (the largest at most ``SAME_SIZE``
    times the smallest: one player's squares), while the sheet's other spaces where lines meet
    (T's, crossings, overpasses: two at least) do not (their 75th percentile under ``OTHERS_MAX``
    of it), and no side of the sheet was doubted for its ink running wide (``WIDE_INK``: such
    lines leave pieces after the opening too). Only ever flags and guesses: no space is read with
    certainty by it (``revise``)."""
    routes = {place: cell for place, (cell, _, _) in cells.items()
              if (set(cell.edges) - {"."}) and set(cell.edges) <= {"h", "r", "."}}
    if any(wide in why for _, _, why in cells.values() for wide in WIDE_INK):
        return None   # lines as wide as the opening: their pieces are no station's
    for kind in ("filled",):   # (paper closed in shows where a felt-tip's lines meet, too)
        shown = {place for place in routes if marks[place].get(kind) >= MIN_MARK[kind]}
        values = np.array([marks[place].get(kind) for place in shown])
        if len(shown) < MIN_CLEAR or values.max() > SAME_SIZE * values.min():
            continue
        rest = [marks[place].get(kind) for place, cell in routes.items() if place not in shown
                and (len(cell.edges.replace(".", "")) >= 3 or cell.marker == "o")]
        size = float(np.median(values))
        if len(rest) >= MIN_CLEAR and float(np.percentile(rest, 75)) < OTHERS_MAX * size:
            return Habit(kind, size, float(values.min()), clear=False)
    return None


SAME_SIZE = 2.5
# the reader's doubts (read.classify_side) that a side's ink runs wide: a felt-tip's band, a broad line
WIDE_INK = ("a solid band", "one broad line")


LEAN_DEPTH = (2.3, 5.0)   # mm inside the edge: a side's strip clear of any station drawn (<= 5.05 mm from the middle)


def lean(f: dict[str, float]) -> float:
    """How like a highway a side's ink is, -1 (a railway's sleepers) to 1 (a highway's two lines),
    from ``read.side_features`` over the strip clear of the station: it only breaks a tie between
    sides that a station's mark says must differ (a highway drawn as one line has no sleepers)."""
    if f["ink"] < 0.35:
        return 0.0
    return float(np.clip(f["pair"] - 2 * f["wide"] + (0.3 if f["wide"] < 0.05 else 0.0), -1.0, 1.0))


def agrees(kind: str, f: dict[str, float]) -> bool:
    """Whether a side read with certainty as ``kind`` shows it in its ink clear of any station
    (``read.side_features`` over ``LEAN_DEPTH``): a highway's two lines (``lean`` ``SURE_LEAN`` or
    more), a railway's sleepers (``-SURE_LEAN`` or less), nothing on an empty side. A station's mark
    that reaches into the side's strip does not count (a hollow square's side is a "sleeper")."""
    if kind == ".":
        return True
    value = lean(f)
    return value >= SURE_LEAN if kind == "h" else value <= -SURE_LEAN and f["ink"] >= 0.35


SURE_LEAN = 0.2


def joined(edges: str) -> bool:
    """A highway and a railway joined: a space the rules give a station (not the straight crossing)."""
    return set(edges) - {"."} == {"h", "r"} and edges not in ("hrhr", "rhrh")


def bare_railway(kind: str, certain: bool, clear: dict[str, float]) -> bool:
    """A side read with certainty as a railway whose ink clear of any station (``clear``:
    ``read.side_features`` over ``LEAN_DEPTH``) runs on with no sleeper at all: its "sleepers" were
    where a station's outline or fill reaches into the side's strip (a highway drawn as one line)."""
    return kind == "r" and certain and clear["ink"] >= 0.35 and clear["wide"] == 0.0


def revise(cells: dict[tuple[int, int], tuple], marks: dict[tuple[int, int], Mark],
           sure: Callable[[int, int], bool], guess: Callable[[int, int, object, float], object],
           bare: Callable[[int, int], bool] = lambda r, c: False
           ) -> dict[tuple[int, int], tuple[object, bool, str]]:
    """The spaces whose reading the sheet's station habit changes: {(r, c): (cell, certain, why)}.
    ``cells``: each space's (cell, certain, why) as read; ``marks``: each space's centre
    (``measure``); ``sure(r, c)``: whether all four sides of the space were read with certainty;
    ``guess(r, c, cell, fill)``: the best guess for the space with the centre weighing as ``fill``
    (1: a station, 0: none); ``bare(r, c)``: whether a side of the space is a ``bare_railway``.
    A space with a mark in its centre (filled or enclosing paper, ``MARKED_MM2``) read without a
    station, one of whose railways is bare, is uncertain (``BARE_RAILWAY``) and guessed a station,
    whatever the sheet's habit: on 90 dev photos of the independent generator (seeds 5000-5059,
    5100-5129) it held for 39 stations and 1 overpass, and no other space."""
    stations, others = [], []
    for (r, c), (cell, certain, why) in cells.items():
        kinds = set(cell.edges) - {"."}
        if joined(cell.edges) and sure(r, c):
            stations.append(marks[(r, c)])
        elif len(kinds) == 1 and not cell.marker and len(cell.edges.replace(".", "")) >= 3 or cell.marker == "o":
            others.append(marks[(r, c)])   # a T, a crossing, an overpass: lines meet in the middle
    found = habit(stations, others) if len(stations) >= MIN_CLEAR else unread_habit(cells, marks)
    out = {}
    for (r, c), (cell, certain, why) in cells.items():
        mark = marks[(r, c)]
        kinds = set(cell.edges) - {"."}
        if not kinds or not kinds <= {"h", "r"}:
            continue   # an empty space (a crater is a filled circle there), lava
        if cell.marker != "s" and kinds != {"h", "r"} and max(mark.filled, mark.hollow) >= MARKED_MM2 \
                and bare(r, c):
            new = guess(r, c, cell, 1.0)
            out[(r, c)] = (new, False, why + "; " + BARE_RAILWAY if why else BARE_RAILWAY)
            continue
        if found is None:
            continue
        if cell.marker == "o" and found.like(mark):   # the crossing special route, not an overpass
            out[(r, c)] = (type(cell)(cell.edges, "s"), False, why + "; " + STATION_MARK if why else STATION_MARK)
        elif cell.marker != "s" and kinds != {"h", "r"} and found.like(mark) and (not sure(r, c) or kinds == {"r"}):
            # the sheet's station mark where the routes read are of one kind, not all read with
            # certainty or not all showing their kind clear of the centre: a route misread (or a
            # station's outline read as a sleeper); a space of highways read clearly is left (two
            # highways' lines crossing close in paper as a hollow square does); one of railways
            # only is not (round fifteen: a highway drawn with dashes reads as a railway in the
            # strip clear of the centre too, beside a ringed station: indep2 dev 3246 F1)
            # (a misread route is a highway read as a railway: one of highways only keeps its guess)
            new = guess(r, c, cell, 1.0) if "r" in kinds else cell
            out[(r, c)] = (new, False, why + "; " + STATION_MARK if why else STATION_MARK)
        elif cell.marker == "s" and not certain and not joined(cell.edges) and found.unlike(mark):
            new = guess(r, c, cell, 0.0)
            if new != cell:
                out[(r, c)] = (new, False, why + "; " + NO_STATION_MARK if why else NO_STATION_MARK)
    return out
