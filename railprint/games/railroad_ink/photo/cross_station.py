"""A straight crossing read with certainty: a station's dot, or an overpass's ring (issue 35, round twenty-four).

A space whose four sides read a highway crossing a railway straight through (``hrhr``, ``rhrh``)
is read as the overpass with certainty unless its centre holds a mark the opening of
``read._centre_fill`` keeps (a 2.6 mm square) or paper closed in (``read.HOLLOW_MM2``). A small
filled dot (indep2's ``station-dot``: 2-4 mm across) is neither: on spent held-out indep2 209,051
F5, a station ``hrhrs`` on a crossing of a sheet whose every other station is the same dot, was read
the overpass with certainty. Here the sheet's own stations say what a station's mark is:

- :func:`dot`: the largest piece of ink within ``NEAR_MM`` of the middle left by an opening with a
  ``DOT_MM`` disc (a dot 2 mm across stays, a pen's line and where two lines cross do not), no
  longer than ``centre.LONGEST_MM`` (a band or a bold line running on is no mark).
- The sheet's mark is :func:`lost_station.sheet_mark` of the measure: shown by two or more of the
  spaces guessed a station where a highway and a railway join (and two thirds of them), and not
  by its T's and crossings read with certainty, nor by more than a fifth of its plain routes read
  with certainty (lost_station's guards).
- A crossing read with certainty as the overpass whose centre shows ``LIKE`` of the sheet's mark
  is flagged ``centre.STATION_MARK`` and guessed the station on its sides (``hrhrs``).

The other silent crossing of the round's brief is the overpass read as ONE kind's four-way route
(indep3 301,615 C1, ``rhrho`` read ``rrrr``: a one-sided railway and a dotted highway read alike),
on a sheet whose overpasses are drawn as a ring round the crossing (``ring_crossing``). A four-way
route is drawn along the axes; a ring crosses the space's diagonals 3.9-5.6 mm out
(``ring_crossing.ringed``), and every ray between the axes there (:func:`round_share`: two wide
highways' lines crossing reach the diagonals at their corners only), and closes the paper between
the routes (``centre.measure``'s hollow, ``RING_HOLLOW_MM2`` or more: a highlighter's band crossing
the diagonals closes none). A four-way route of one kind read with certainty and so ringed
(:func:`ring`) is flagged ``RING_WHY``; its guess stays (which route is the highway its sides do not
say).

Then the guesses. A crossing flagged already and guessed the overpass whose centre shows the
sheet's station mark as ``lost_station.sheet`` measures it (a filled piece, or paper closed
in on the ink or the faint mask), ``GUESS_LIKE`` of its size or more, is guessed the station; not
where the centre is ringed (``ring_crossing.ringed`` at ``STATION_RAYS``: a ring closes paper as
a hollow station does), nor, where the mark is a filled piece, where a side is doubted for its ink
running wide (``centre.WIDE_INK``: a solid band or a broad line crossing leaves a piece as large;
held-out indep2 136,041 A4, ``rhrho`` of solid bands, was guessed ``rhrhs`` without this guard,
added after that measurement). indep's hollow squares on a crossing of a bold highway or a ladder
(104,773 B4, 104,795 C1, 104,803 F4), indep3's outlined stations (301,410 B6, 301,429 F6) were
guessed overpasses, flagged for a side's kind.

Conversely, on a sheet whose stations are filled (``centre.measure``'s filled piece the sheet's
mark), a crossing flagged and guessed the station whose filled piece is there but under
``UNLIKE_FILLED`` of the sheet's is guessed the overpass: a marker's or a bold highway's lines
crossing leave a smaller piece than the sheet's squares and circles (indep 104,767 D2, 104,809 D7,
104,818 A6, 104,961 A6: "centre: a station?").

Round twenty-five (h-cross2): a filled piece is the sheet's station only as THICK as its stations.
Three of round twenty-four's guesses made wrong on fresh held out were overpasses guessed the
station by a filled piece as large as the sheet's mark: double highway lines pinched together
over the crossing (indep2 209,594 D7: 18 mm² against the filled squares' 16), a railway line
thickened by a highlighter's edge (209,560 D7), a bridge's brackets on a marker's double highway
(indep 135,014 C3, on a sheet whose mark was sized by route spaces, no guessed station showing a
filled piece). Their pieces are long and narrow. :func:`thickness` is the radius of the widest disc
of ink centred near the middle (a filled square 5 mm across: 2.5; a line or two pinched: 1.5 or
less); :func:`sheet_thickness` is the median of the sheet's guessed joined stations whose filled
piece is a mark. The filled guess of the station needs ``THICK_LIKE`` of it (and a guessed station
showing a filled piece at all); a crossing guessed the station whose ink is under ``THIN`` of it
(lines crossing with no mark, no filled piece for ``UNLIKE_FILLED`` to size: indep3 301,653 F1 and
301,698 G2, wings on a sheet of filled stations) is guessed the overpass. On 556 spent photos
replayed (on the held out of round twenty-four, indep 104,700-859, the shared dev cache's two filled
made-right) flagged true stations on crossings measured 0.80-1.5 of their sheet's thickness, the
overpasses guessed stations 0.40-0.82: the two overlap at 0.80-0.82, and the guesses this turns
back stood at 0.72 and 0.82 (the filled made-right of round twenty-four at 0.99-1.0).

Round twenty-seven (h-over): **a certain station on a crossing, thinner than the sheet's.** indep's
``cross`` overpass is a ladder railway drawn straight over a double-centre highway; in a small photo
(indep 135,338 E7, 2 MP) the ladder's rails and the highway's lines run together into a piece
``read.read_space`` keeps as a filled centre, and the crossing was read with certainty as the
station (``rhrhs``), silent, on a sheet of filled circles. The circles are 2.5 mm thick
(:func:`thickness`), the crossing's piece 1.9 (0.76 of them). Where the sheet's mark
(``lost_station.sheet``) is the filled piece, a crossing read with certainty as the station whose
thickness is under ``THICK_LIKE`` of the THINNEST of the sheet's filled stations read with certainty
is flagged ``THIN_WHY``; under ``THIN`` of it, it is guessed the overpass, as a flagged one is. Not
the median, as the guesses above: that flagged a station read right on a sheet whose filled squares
are drawn 1.8-2.5 mm thick (indep2 210,594 E5: 1.77 against a median of 2.26, 0.78; against the
thinnest, 1.96: 0.90). Not the flagged stations: a misread overpass guessed a station is as thin
(135,338 B4, 1.83).

Round twenty-seven (h-over): **strokes along the diagonals, as the sheet's overpasses show.** Some
players draw an overpass as the lower route broken at the upper one with a short stroke either side
of the break, flared out along the space's diagonals (indep3's ``wings``). Where the highway and
the railway are read alike, the crossing reads as one kind's four-way route (indep3 301,765 F1,
``hrhro`` read ``rrrr`` with certainty, silent: a dashed double highway and a hashed railway). A
route drawn along the axes crosses a diagonal in a short piece (a line 0.8 mm wide: about 1 mm of it)
and within about 2.8 mm of the middle (a ladder's or a double highway's corners); a stroke lying
along the diagonal inks it all along ``STROKE_MM`` (:func:`struck`, the diagonals so inked). A
four-way route of one kind read with certainty whose centre has ``STRUCK`` such diagonals is
flagged ``STROKES_WHY``, on a sheet where half or more of the crossings read as the overpass (one at
least) show as many (the sheet's own overpasses are drawn so), and where ``MIN_TEES`` or more T's of
one kind read with certainty show none at all: a wide ladder's rails reach the diagonals 3-5 mm out
where two ladders cross or join (indep dev 90,042 F1, a ``rrrr`` of ladders read right on a sheet
whose ``cross`` overpasses, a ladder over a double highway, are struck too). Its guess stays.

The flags are only added (and the dot's guess on the space flagged); nothing is made certain, and
the guesses change on spaces flagged already, their reasons kept.
Measured: docs/railroad-ink-photo-rounds.md, round twenty-four (h-cross), round twenty-five (h-cross2).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Callable

import math

import cv2
import numpy as np

from railprint.games.railroad_ink.photo import centre, lost_station, ring_crossing

KIND = "dot"          # (lost_station.sheet_mark's name of the measure)
DOT_MM = 1.8          # the opening's disc: a station's dot (2-4 mm across) stays, a line (<= 1.2 mm) does not
NEAR_MM = 2.0         # ... the piece's middle this near the space's middle (a station is drawn on the crossing)
MIN_DOT_MM2 = lost_station.MIN_MARK[KIND]   # a piece this small is no mark (a dot 2 mm across: 3.1 mm²)
LIKE = lost_station.LIKE   # a crossing showing this share of the sheet's dot shows it
RING_HOLLOW_MM2 = centre.MIN_MARK["hollow"]   # paper closed in by the ring between the routes (C1: 8.4 mm²)
RING_ANGLES = (22.5, 33.75, 45.0, 56.25, 67.5)   # degrees from each axis: off the routes drawn along the axes
RING_SHARE = 0.8      # of these 20 rays, the share that must cross ink ``ring_crossing.RAYS_MM`` out (a ring: 1.0)
GUESS_LIKE = 0.8      # a flagged crossing guessed the overpass showing this share of the sheet's mark: the station
UNLIKE_FILLED = 0.6   # ... guessed the station, its filled piece under this share of the sheet's: the overpass
THICK_LIKE = 0.85     # a filled piece guessed the station: its thickness this share of the sheet's stations' or more
THIN = 0.6            # ... guessed the station, its ink's thickness under this share of theirs: the overpass
STROKE_MM = (3.0, 4.5)   # a stroke along a diagonal inks it all this far from the middle (routes: <= 2.8 mm)
STRUCK = 2            # diagonals (of four) so inked: an overpass's strokes
MIN_TEES = 2          # the sheet's T's of one kind read with certainty, none struck at all, needed
OVERPASSES = ("hrhro", "rhrho")
STATIONS = ("hrhrs", "rhrhs")
FOUR_WAY = ("hhhh", "rrrr")
RING_WHY = "a ring round a four-way crossing, as an overpass is drawn: an overpass?"
STROKES_WHY = "strokes along the diagonals, as this sheet's overpasses are drawn: an overpass?"
THIN_WHY = "centre: thinner than this sheet's filled stations, two routes crossing: an overpass?"


@dataclass(frozen=True)
class Dot:
    """A space's :func:`dot` (mm²), as ``lost_station.sheet_mark`` asks a measure (``get``)."""
    dot: float

    def get(self, kind: str) -> float:
        return self.dot


def dot(ink: np.ndarray, cx: float, cy: float, ppm: float) -> float:
    """The largest piece (mm²) of ``ink`` (0/1) near pixel (cx, cy) left by an opening with a
    ``DOT_MM`` disc (module text; ``centre.filled``); 0 where the centre's box leaves the image."""
    return centre.filled(ink, cx, cy, ppm, open_mm=DOT_MM, near_mm=NEAR_MM)


def round_share(ink: np.ndarray, cx: float, cy: float, ppm: float) -> float:
    """The share of rays from pixel (cx, cy) at ``RING_ANGLES`` in each quarter that cross ink
    ``ring_crossing.RAYS_MM`` from the middle: a ring's every ray (it runs round), the corners of
    two wide highways crossing (the lines cross a ray there only near the diagonal; indep 104,822
    B6 ``hhhh``, 0.45) not. 0 where a ray leaves the image."""
    steps = np.arange(ring_crossing.RAYS_MM[0], ring_crossing.RAYS_MM[1] + 1e-6, 0.5 / ppm) * ppm
    h, w = ink.shape[:2]
    hit = 0
    for quarter in range(4):
        for angle in RING_ANGLES:
            t = math.radians(90 * quarter + angle)
            xs = np.round(cx + math.cos(t) * steps).astype(int)
            ys = np.round(cy + math.sin(t) * steps).astype(int)
            if xs.min() < 0 or ys.min() < 0 or xs.max() >= w or ys.max() >= h:
                return 0.0
            hit += bool(ink[ys, xs].any())
    return hit / (4 * len(RING_ANGLES))


def struck(ink: np.ndarray, cx: float, cy: float, ppm: float) -> int:
    """How many of the four diagonals from pixel (cx, cy) ink inks at every step along ``STROKE_MM``
    (module text: a stroke lying along the diagonal, not a line crossing it); 0 where a diagonal
    leaves the image."""
    steps = np.arange(STROKE_MM[0], STROKE_MM[1] + 1e-6, 0.5 / ppm) * ppm / math.sqrt(2.0)
    h, w = ink.shape[:2]
    count = 0
    for dx, dy in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
        xs = np.round(cx + dx * steps).astype(int)
        ys = np.round(cy + dy * steps).astype(int)
        if xs.min() < 0 or ys.min() < 0 or xs.max() >= w or ys.max() >= h:
            return 0
        # each 0.5 mm along it inked (a pixel of the stroke on the ray or beside it)
        near = np.maximum.reduce([ink[np.clip(ys + oy, 0, h - 1), np.clip(xs + ox, 0, w - 1)]
                                  for ox, oy in ((0, 0), (1, 0), (0, 1), (-1, 0), (0, -1))])
        bins = np.array_split(near > 0, max(1, int(round((STROKE_MM[1] - STROKE_MM[0]) / 0.5))))
        count += all(b.any() for b in bins)
    return count


def ring(ink: np.ndarray, cx: float, cy: float, ppm: float) -> bool:
    """Whether the centre at pixel (cx, cy) is ringed: ``ring_crossing.ringed``, ``round_share``
    ``RING_SHARE`` or more, paper closed in (``RING_HOLLOW_MM2``) and no filled piece."""
    if not ring_crossing.ringed(ink, cx, cy, ppm) or round_share(ink, cx, cy, ppm) < RING_SHARE:
        return False
    mark = centre.measure(ink, cx, cy, ppm)
    return mark.hollow >= RING_HOLLOW_MM2 and mark.filled < ring_crossing.FILLED_MM2


def thickness(ink: np.ndarray, cx: float, cy: float, ppm: float) -> float:
    """The radius (mm) of the widest disc of ink centred within ``centre.NEAR_MM`` of pixel (cx, cy):
    half a filled station's width (a square 5 mm across: 2.5), a line's or two lines pinched
    together far less (indep2 209,594 D7: 1.5); 0 where the centre's box leaves the image."""
    h = int(round(centre.BOX_MM * ppm))
    x, y = int(round(cx)), int(round(cy))
    box = ink[y - h:y + h + 1, x - h:x + h + 1]
    if box.shape != (2 * h + 1, 2 * h + 1):
        return 0.0
    depth = cv2.distanceTransform((box > 0).astype(np.uint8), cv2.DIST_L2, 5)
    yy, xx = np.ogrid[-h:h + 1, -h:h + 1]
    return float(depth[xx * xx + yy * yy <= (centre.NEAR_MM * ppm) ** 2].max()) / ppm


def sheet_thickness(rows: list[tuple], shown: dict, ink: np.ndarray,
                    centre_px: Callable[[int, int], tuple[float, float]], ppm: float,
                    pick: Callable = np.median) -> float:
    """The median (or ``pick``) :func:`thickness` of the sheet's stations showing a filled piece (the
    spaces guessed a station where a highway and a railway join whose ``shown`` filled piece is a mark:
    those ``lost_station.sheet_mark`` sizes the sheet's mark by); 0 where none does."""
    values = [thickness(ink, *centre_px(*p), ppm) for p, mark in shown.items()
              if rows[p[0]][p[1]].marker == "s" and centre.joined(rows[p[0]][p[1]].edges)
              and mark.get("filled") >= lost_station.MIN_MARK["filled"]]
    return float(pick(values)) if values else 0.0


def apply(rows: list[tuple], uncertain: list, ink: np.ndarray, centre_px: Callable[[int, int], tuple[float, float]],
          ppm: float, square: Callable[[int, int], str], uncertain_of: Callable,
          faint: np.ndarray | None = None, known: dict | None = None) -> tuple[list[tuple], list]:
    """``rows`` and ``uncertain`` with each straight crossing read with certainty as the overpass
    whose centre shows the sheet's dot flagged and guessed the station, each four-way route of one
    kind read with certainty inside a ring flagged, and each crossing flagged already and guessed
    the overpass whose centre shows the sheet's station mark guessed the station (module text;
    ``faint``, ``known``: the faint mask and the centres measured already, as ``lost_station.sheet``
    asks)."""
    flagged = {u.square: u for u in uncertain}
    out = [u for u in uncertain]
    grid = [list(row) for row in rows]
    stroked = None
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            if square(r, c) not in flagged and cell.token in FOUR_WAY and ring(ink, *centre_px(r, c), ppm):
                out.append(uncertain_of(square(r, c), cell.token, RING_WHY))
            elif square(r, c) not in flagged and cell.token in FOUR_WAY and struck(ink, *centre_px(r, c), ppm) >= STRUCK:
                if stroked is None:   # (round twenty-seven) the sheet's overpasses drawn with such strokes ...
                    shown = [struck(ink, *centre_px(i, j), ppm) >= STRUCK for i, line in enumerate(rows)
                             for j, other in enumerate(line) if other.token in OVERPASSES]
                    # ... and its T's of one kind read with certainty none (its routes reach no diagonal so far)
                    tees = [struck(ink, *centre_px(i, j), ppm) > 0 for i, line in enumerate(rows)
                            for j, other in enumerate(line) if square(i, j) not in flagged and not other.marker
                            and other.edges.count(".") == 1 and len(set(other.edges) - {"."}) == 1]
                    stroked = (bool(shown) and 2 * sum(shown) >= len(shown)
                               and len(tees) >= MIN_TEES and not any(tees))
                if stroked:
                    out.append(uncertain_of(square(r, c), cell.token, STROKES_WHY))
    sure = [(r, c) for r, row in enumerate(rows) for c, cell in enumerate(row)
            if square(r, c) not in flagged and cell.token in OVERPASSES]
    if sure:
        marks = {(r, c): Dot(dot(ink, *centre_px(r, c), ppm)) for r, row in enumerate(rows)
                 for c, cell in enumerate(row) if set(cell.edges) - {".", "x"}}
        found = lost_station.sheet_mark(marks, rows, set(flagged), square, (KIND,))
        like = None if found is None else max(LIKE * found[1], MIN_DOT_MM2)
        for r, c in sure:
            if like is not None and marks[(r, c)].dot >= like:
                grid[r][c] = type(rows[r][c])(rows[r][c].edges, "s")
                out.append(uncertain_of(square(r, c), grid[r][c].token, centre.STATION_MARK))
    guessed = [(r, c) for r, row in enumerate(rows) for c, cell in enumerate(row)
               if square(r, c) in flagged and cell.token in OVERPASSES + STATIONS]
    stations = [(r, c) for r, row in enumerate(rows) for c, cell in enumerate(row)
                if square(r, c) not in flagged and cell.token in STATIONS]
    found = (lost_station.sheet(rows, set(flagged), ink, centre_px, ppm, square, faint, known)
             if guessed or stations else None)
    @cache
    def thick() -> float:   # the sheet's filled stations' thickness, measured once where asked
        return sheet_thickness(rows, found[2], ink, centre_px, ppm)

    # the thinnest of the sheet's filled stations read with certainty (a misread overpass guessed a station is thin)
    least = (sheet_thickness(rows, {p: m for p, m in found[2].items() if square(*p) not in flagged}, ink, centre_px,
                             ppm, min) if stations and found is not None else 0.0)
    for r, c in stations if found is not None and found[0] == "filled" else ():   # (round twenty-seven)
        ratio = thickness(ink, *centre_px(r, c), ppm) / least if least > 0 else 1.0
        if ratio < THICK_LIKE:
            cell = rows[r][c]
            grid[r][c] = type(cell)(cell.edges, "o") if ratio < THIN else cell
            out.append(uncertain_of(square(r, c), grid[r][c].token, THIN_WHY))

    for r, c in guessed if found is not None else ():
        kind, size, shown = found
        value, cell = shown[(r, c)].get(kind), rows[r][c]
        why = flagged[square(r, c)].reason
        if cell.marker == "o":   # the station's mark, no ring round it, nor (a filled piece) ink running wide
            turn = value >= max(GUESS_LIKE * size, lost_station.MIN_MARK[kind]) \
                and not ring_crossing.ringed(ink, *centre_px(r, c), ppm, ring_crossing.STATION_RAYS) \
                and not (kind == "filled" and any(wide in why for wide in centre.WIDE_INK))
            if turn and kind == "filled":   # as thick as the sheet's filled stations, not lines run together
                turn = thick() > 0 and thickness(ink, *centre_px(r, c), ppm) >= THICK_LIKE * thick()
        elif kind == "filled":   # a filled piece, smaller than the sheet's filled stations: bold lines crossing
            turn = lost_station.MIN_MARK[kind] <= value < UNLIKE_FILLED * size
            if not turn:   # or ink far thinner than the sheet's filled stations: lines crossing, no mark
                turn = thick() > 0 and thickness(ink, *centre_px(r, c), ppm) < THIN * thick()
        else:
            turn = False
        if turn:
            grid[r][c] = type(cell)(cell.edges, "s" if cell.marker == "o" else "o")
            u = flagged[square(r, c)]
            out[out.index(u)] = uncertain_of(u.square, grid[r][c].token, why)
    return [tuple(row) for row in grid], out
