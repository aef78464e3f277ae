"""A second independent photo generator for ``railprint score railroad-ink --photo`` (issue 35).

Written without reading the reader (``photo/read.py`` and its helpers), its own generator
(``photo/synth.py``) or the first independent generator (``benchmarks/indep_photos.py``). All it
knows of the sheet comes from the sheet: each photo's sheet is made by what ``railprint sheet
railroad-ink`` runs (the seed's dice printed, A4 or Letter, English or Polish), saved as a PDF,
rasterised with pypdfium2, and the grid (its 8 + 8 lines) and each space's round box are found in
that raster here (:func:`find_grid`). The reader is a black box: ``read_photo(bytes, name)``.

**Boards** are grown by the rules from the dice printed on that sheet (7 rounds of 3 route dice +
the special die; a placed route must join an exit or a route already drawn, never highway to
railway; all dice drawn when possible), with 0–3 of the six special routes (a third of the sheets
use all three a player may), so a sheet holds ~20–31 drawn spaces.

**Habits** (how the player draws; each photo has a few, named in ``-v``):

- ``one-stroke``: a run of straight/curved spaces drawn as one continuous stroke, pen not lifted;
- ``ruler``: dead straight lines of one exact width, a curve drawn as an L through the centre;
- ``two-colours``: highways in one pen colour, railways in another (blue/red, green/red, ...);
- ``colour-pencils``: light colour pencils with grain (an orange or yellow highway is pale in grey);
- ``highlighter``: highways as a broad translucent highlighter band (sometimes a thin line in it);
- ``x-ticks`` / ``zigzag``: railway sleepers drawn as small X's, or as a zig-zag over the line;
- ``station-dot`` / ``station-x`` / ``station-circled`` / ``station-s``: the station as a dot,
  an X, a circled dot or the letter S (else a filled square as printed);
- ``overpass-hump``: the highway drawn with a little hump where it crosses the railway;
- ``erased-ghost``: a route drawn in pencil and erased, leaving a faint ghost and a smudge, in an
  empty space or beside a route (truth: what is left);
- ``crossed-out``: a space's wrong route crossed out with an X and the right one drawn over it
  (truth: the right one; a reader cannot be sure, so the space must be flagged);
- ``round-numbers``: the round number written in each space's little box.

The pen (pencil HB/2B, ballpoint, fineliner, felt pen), the highway style (one thick line, two
lines, two lines with a dashed centre) and pressure, wobble, overshoot and gaps vary per sheet.

**Effects** (the paper and the phone): ``coffee`` (a ring stain), ``fold-in-four`` (the sheet was
folded in four and unfolded: a ridge and a valley warp the page and shade its quarters),
``phone-shadow`` (a soft shadow of the phone and hand over part of the grid), ``messaging-app``
(downscaled to 1600 px long side, JPEG q 70, 4:2:0, EXIF dropped), ``portrait-blur`` (one side
blurred more and more toward the edge), ``night`` (warm light, under-exposed, high-ISO noise,
phone denoise and sharpening), ``exif-orientation`` (pixels kept as the sensor saw them, EXIF
orientation 3/6/8 set), ``corner-out`` (the camera is close: a corner of the page is out of frame).
Always: any in-plane rotation, a tilt up to 35°, 1–12 MP, uneven light, optical blur, sensor
noise, JPEG q 60–95 (chroma 4:2:0 or 4:4:4), a table behind the page. **Kept in frame**: the grid
and 12 mm around it (the four markers and their quiet zone), never less; page corners may not be.

Seed ranges: **dev 0–99,999** (0–9,999 until round sixteen; 10,000–99,999 joined dev in round
seventeen); **held out 200,000–299,999** (measure once, with the code frozen).

    python benchmarks/indep2_photos.py --first 0 --count 60 -v
    python benchmarks/indep2_photos.py --one 7 --out /tmp/p7.jpg     # one photo (and its board)
    python benchmarks/indep2_photos.py --one 7 --flat --out /tmp/f7.png   # the drawn sheet, no camera

Scores per space: right, flagged (in ``uncertain``, right or wrong) and **silent** (wrong and not
flagged); photos refused (with the reason); CPU user+sys of ``read_photo`` alone.
"""

from __future__ import annotations

import argparse
import io
import math
import resource
import sys
import tempfile
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from railprint.games.railroad_ink.board import Board, Cell, DELTA, EXIT_AT, SIZE, square

DEV = (0, 99_999)
HELD_OUT = (200_000, 299_999)
KEEP_MM = 12.0          # kept in frame around the grid: the markers (1.2 mm off + 7 mm) and a quiet zone
SPECIALS = ("hhhh", "rrrr", "hhhrs", "hrrrs", "hhrrs", "hrhrs")
HABITS = ("one-stroke", "ruler", "two-colours", "colour-pencils", "highlighter", "x-ticks", "zigzag",
          "station-dot", "station-x", "station-circled", "station-s", "overpass-hump", "erased-ghost",
          "crossed-out", "round-numbers")
EFFECTS = ("coffee", "fold-in-four", "phone-shadow", "messaging-app", "portrait-blur", "night",
           "exif-orientation", "corner-out")


# --------------------------------------------------------------------------------------------
# boards, grown by the rules from the dice printed on the sheet

def _rotations(edges: str) -> set[str]:
    out = set()
    for mirror in (False, True):
        e = edges[0] + edges[3] + edges[2] + edges[1] if mirror else edges
        for k in range(4):
            out.add("".join(e[(i - k) % 4] for i in range(4)))
    return out


def _placements(rows, token: str):
    """Legal (score, r, c, edges) for a face: joins a route or an exit of its kind, never highway
    to railway (at a neighbour or an exit)."""
    marker = token[4:] if len(token) > 4 else ""
    out = []
    for edges in sorted(_rotations(token[:4])):
        if marker == "o" and edges not in ("hrhr", "rhrh"):
            continue
        for r in range(SIZE):
            for c in range(SIZE):
                if rows[r][c] is not None:
                    continue
                joins = bad = dead = 0
                for s in range(4):
                    mine = edges[s]
                    nr, nc = r + DELTA[s][0], c + DELTA[s][1]
                    if 0 <= nr < SIZE and 0 <= nc < SIZE:
                        other = rows[nr][nc]
                        theirs = other[0][(s + 2) % 4] if other is not None else "."
                        if mine != "." and theirs != ".":
                            if mine == theirs:
                                joins += 1
                            else:
                                bad += 1
                        elif (mine == ".") != (theirs == ".") and other is not None:
                            dead += 1
                    else:
                        ex = EXIT_AT.get((r, c, s))
                        if ex is not None and mine != ".":
                            if ex.kind == mine:
                                joins += 1
                            else:
                                bad += 1
                if joins and not bad:
                    centre = 1.0 if 2 <= r <= 4 and 2 <= c <= 4 else 0.0
                    near = -0.15 * (abs(r - 3) + abs(c - 3))
                    out.append((joins * 2.0 - dead * 1.2 + centre + near, r, c, edges, marker))
    return out


def grow_board(rng: np.random.Generator, sheet_seed: int):
    """(rows of (edges, marker) or None, round of each space, specials used) from the seed's dice."""
    from railprint.games.railroad_ink.rollwrite import load_rolls

    rolls, _ = load_rolls(sheet_seed)
    rows = [[None] * SIZE for _ in range(SIZE)]
    rounds = [[0] * SIZE for _ in range(SIZE)]
    n_special = 3 if rng.random() < 1 / 3 else int(rng.integers(0, 3))
    special_rounds = set(rng.choice(7, size=n_special, replace=False).tolist()) if n_special else set()
    specials = list(rng.permutation(SPECIALS)[:n_special])
    used = []
    for k, rnd in enumerate(rolls.rounds):
        faces = [roll.face.route for roll in rnd.route]
        if k in special_rounds:
            faces.append(specials.pop())
            used.append(faces[-1])
        order = rng.permutation(len(faces))
        for i in order:
            options = _placements(rows, faces[i])
            if not options:
                continue
            scores = np.array([o[0] for o in options]) + rng.gumbel(size=len(options)) * 1.5
            _, r, c, edges, marker = options[int(np.argmax(scores))]
            rows[r][c] = (edges, marker)
            rounds[r][c] = k + 1
    return rows, rounds, used


def to_board(rows) -> Board:
    return Board(rows=tuple(tuple(Cell(*x) if x else Cell() for x in row) for row in rows))


def space_kind(cell: Cell) -> str:
    if cell.empty:
        return "empty"
    if cell.marker == "s":
        return "station"
    if cell.marker == "o":
        return "overpass"
    sides = cell.route_sides()
    kind = cell.edges[sides[0]]
    if len(sides) == 4:
        return f"4-way {kind}"
    if len(sides) == 3:
        return f"T {kind}"
    if len(sides) == 2:
        return f"{'straight' if (sides[1] - sides[0]) == 2 else 'curve'} {kind}"
    return f"stub {kind}"


# --------------------------------------------------------------------------------------------
# the sheet, from the sheet itself

@dataclass
class Sheet:
    rgb: np.ndarray           # H x W x 3 uint8, the page as printed
    dpi: float
    xs: list[float]           # the 8 vertical grid lines (px)
    ys: list[float]           # the 8 horizontal grid lines (px)
    boxes: dict               # (r, c) -> (x0, y0, x1, y1) px of the space's round box

    @property
    def px_mm(self) -> float:
        return self.dpi / 25.4


def render_sheet(sheet_seed: int, paper: str, lang: str, dpi: float, date: str = "2026-11-30") -> Sheet:
    import pypdfium2

    from railprint.games.railroad_ink.rollwrite import sheet_document
    from railprint.writers import save

    doc = sheet_document(sheet_seed, paper=paper, lang=lang, date=date)
    with tempfile.TemporaryDirectory(prefix="indep2-") as tmp:
        path = save(doc, Path(tmp) / "sheet.pdf")[0]
        pdf = pypdfium2.PdfDocument(str(path))
        try:
            rgb = np.asarray(pdf[0].render(scale=dpi / 72).to_pil().convert("RGB")).copy()
        finally:
            pdf.close()
    xs, ys = find_grid(rgb, dpi)
    return Sheet(rgb, dpi, xs, ys, find_boxes(rgb, xs, ys, dpi))


def _lines(mask: np.ndarray, axis: int, min_len: int) -> list[float]:
    """Centres of the long straight dark lines along ``axis`` (0: horizontal lines)."""
    k = cv2.getStructuringElement(cv2.MORPH_RECT, (min_len, 1) if axis == 0 else (1, min_len))
    long = cv2.morphologyEx(mask, cv2.MORPH_OPEN, k)
    prof = (long > 0).sum(axis=1 if axis == 0 else 0)
    idx = np.nonzero(prof)[0]
    lines, run = [], []
    for i in idx:
        if run and i != run[-1] + 1:
            lines.append(run)
            run = []
        run.append(i)
    if run:
        lines.append(run)
    return [float(np.average(r, weights=prof[r])) for r in lines]


def find_grid(rgb: np.ndarray, dpi: float) -> tuple[list[float], list[float]]:
    """The 8 + 8 grid lines: long straight dark lines 7 equal spaces apart."""
    grey = cv2.cvtColor(rgb, cv2.COLOR_RGB2GRAY)
    mask = (grey < 140).astype(np.uint8)
    min_len = int(120 / 25.4 * dpi)
    got = []
    for axis in (0, 1):
        lines = _lines(mask, axis, min_len)
        best = None
        for i in range(len(lines)):
            for j in range(i + 1, len(lines)):
                step = (lines[j] - lines[i]) / 7
                if step < 10 / 25.4 * dpi:
                    continue
                want = [lines[i] + k * step for k in range(8)]
                if all(min(abs(w - x) for x in lines) < 0.03 * step for w in want):
                    if best is None or step > best[1]:
                        best = (want, step)
        if best is None:
            raise SystemExit(f"indep2: no 7 x 7 grid found in the sheet raster ({len(lines)} long lines)")
        got.append(best[0])
    ys, xs = got
    return xs, ys


def find_boxes(rgb, xs, ys, dpi) -> dict:
    """Each space's small round box: the dark pixels in the space's lower right quarter, away
    from the grid lines."""
    grey = cv2.cvtColor(rgb, cv2.COLOR_RGB2GRAY)
    inset = int(1.0 / 25.4 * dpi) + 1
    boxes = {}
    for r in range(7):
        for c in range(7):
            x0, x1 = int(xs[c] + (xs[c + 1] - xs[c]) / 2), int(xs[c + 1]) - inset
            y0, y1 = int(ys[r] + (ys[r + 1] - ys[r]) / 2), int(ys[r + 1]) - inset
            yy, xx = np.nonzero(grey[y0:y1, x0:x1] < 200)
            if len(xx) > 10:
                boxes[r, c] = (x0 + xx.min(), y0 + yy.min(), x0 + xx.max(), y0 + yy.max())
    return boxes


# --------------------------------------------------------------------------------------------
# pens and strokes

@dataclass
class Pen:
    colour: tuple[float, float, float]   # RGB 0..1
    width: float                          # mm
    opacity: float
    kind: str = "pen"                     # pen | pencil | highlighter | ghost


@dataclass
class Ink:
    """The strokes of one photo, drawn onto the page (float RGB) pen by pen."""

    page: np.ndarray
    px_mm: float
    rng: np.random.Generator
    grain_rng: np.random.Generator | None = None
    grain: np.ndarray | None = None

    def _grain(self):
        if self.grain is None:
            h, w = self.page.shape[:2]
            g = self.grain_rng.random((h // 2 + 1, w // 2 + 1)).astype(np.float32)
            g = cv2.resize(g, (w, h), interpolation=cv2.INTER_LINEAR)
            self.grain = np.clip(0.35 + 0.9 * g, 0, 1)
        return self.grain

    def stroke(self, pts_mm: np.ndarray, pen: Pen, *, wobble: float = 0.0, pressure: float = 0.15,
               filled: bool = False):
        """A polyline (mm, page coordinates) with a smooth hand wobble (mm) and pressure change."""
        pts = _densify(np.asarray(pts_mm, float), 0.4)
        if len(pts) < 2 and not filled:
            return
        if wobble > 0 and len(pts) > 2:
            n = _normals(pts)
            t = np.linspace(0, 1, len(pts))
            length = _length(pts)
            off = np.zeros(len(pts))
            for k in range(3):
                f = self.rng.uniform(0.2, 0.9) * max(1.0, length / 20) * (k + 1)
                off += self.rng.normal(0, wobble / (k + 1) ** 1.5) * np.sin(2 * np.pi * f * t + self.rng.uniform(0, 6.3))
            pts = pts + n * off[:, None]
        px = pts * self.px_mm
        lo = np.floor(px.min(0) - pen.width * self.px_mm - 4).astype(int)
        hi = np.ceil(px.max(0) + pen.width * self.px_mm + 4).astype(int)
        h, w = self.page.shape[:2]
        lo = np.maximum(lo, 0)
        hi = np.minimum(hi, [w, h])
        if np.any(hi - lo < 2):
            return
        sub = np.zeros((hi[1] - lo[1], hi[0] - lo[0]), np.float32)
        q = np.round((px - lo) * 16).astype(np.int32)
        if filled:
            cv2.fillPoly(sub, [q], 1.0, cv2.LINE_AA, shift=4)
        else:
            press = np.clip(1 + np.cumsum(self.rng.normal(0, pressure, len(q))) * 0.15, 0.55, 1.25)
            base = pen.width * self.px_mm
            for i in range(len(q) - 1):
                t = max(1, int(round(base * press[i])))
                val = float(min(1.0, 0.6 + 0.4 * press[i]))
                cv2.line(sub, tuple(q[i]), tuple(q[i + 1]), val, t, cv2.LINE_AA, shift=4)
        self._lay(sub, lo, hi, pen)

    def _lay(self, cov, lo, hi, pen):
        region = self.page[lo[1]:hi[1], lo[0]:hi[0]]
        a = np.clip(cov, 0, 1) * pen.opacity
        if pen.kind in ("pencil", "ghost"):
            a = a * self._grain()[lo[1]:hi[1], lo[0]:hi[0]]
        if pen.kind == "ghost":
            a = cv2.GaussianBlur(a, (0, 0), 1.2)
        col = np.array(pen.colour, np.float32)
        if pen.kind == "highlighter":
            region *= 1 - a[..., None] * (1 - col)
        else:
            region[:] = region * (1 - a[..., None]) + col * a[..., None]


def _densify(pts: np.ndarray, step: float) -> np.ndarray:
    out = [pts[0]]
    for a, b in zip(pts[:-1], pts[1:]):
        n = max(1, int(np.linalg.norm(b - a) / step))
        for k in range(1, n + 1):
            out.append(a + (b - a) * k / n)
    return np.array(out)


def _normals(pts):
    d = np.gradient(pts, axis=0)
    n = np.stack([-d[:, 1], d[:, 0]], 1)
    return n / np.maximum(np.linalg.norm(n, axis=1, keepdims=True), 1e-9)


def _length(pts):
    return float(np.linalg.norm(np.diff(pts, axis=0), axis=1).sum())


def _offset(pts, d):
    pts = _densify(np.asarray(pts, float), 0.4)
    return pts + _normals(pts) * d


# --------------------------------------------------------------------------------------------
# what a player draws in a space

SIDE_PT = {0: (0.5, 0.0), 1: (1.0, 0.5), 2: (0.5, 1.0), 3: (0.0, 0.5)}


@dataclass
class Player:
    habits: set
    pen: Pen
    hw_pen: Pen
    rw_pen: Pen
    hw_style: str             # single | double | dashed | highlighter
    hw_gap: float             # mm between the two lines of a double highway
    hl_line: bool             # a thin line inside the highlighter band
    rw_style: str             # ticks | x-ticks | zigzag
    tick: float               # sleeper spacing (mm)
    station: str              # square | dot | x | circled | s
    overpass: str             # cross | hump
    wobble: float
    reach: tuple[float, float]  # arm end beyond the side (mm): negative short, positive overshoot
    tool: str = "pen"           # pencil | ballpoint | fineliner | felt


def make_player(rng: np.random.Generator, habits: set) -> Player:
    tool = rng.choice(["pencil", "ballpoint", "fineliner", "felt"], p=[0.3, 0.3, 0.2, 0.2])
    if tool == "pencil":
        g = rng.uniform(0.15, 0.4)
        pen = Pen((g, g, g * 1.05), rng.uniform(0.45, 0.7), rng.uniform(0.55, 0.85), "pencil")
    elif tool == "ballpoint":
        pen = Pen(tuple(rng.choice([(0.1, 0.15, 0.45), (0.08, 0.08, 0.1)])), rng.uniform(0.35, 0.55),
                  rng.uniform(0.75, 0.95))
    elif tool == "fineliner":
        pen = Pen((0.05, 0.05, 0.06), rng.uniform(0.3, 0.5), 0.95)
    else:
        pen = Pen(tuple(rng.choice([(0.05, 0.05, 0.08), (0.1, 0.2, 0.55)])), rng.uniform(0.8, 1.3), 0.9)
    hw_pen, rw_pen = pen, pen
    if "two-colours" in habits:
        pair = [((0.1, 0.25, 0.7), (0.8, 0.1, 0.1)), ((0.1, 0.5, 0.2), (0.75, 0.1, 0.15)),
                ((0.05, 0.05, 0.08), (0.85, 0.15, 0.1)), ((0.55, 0.15, 0.6), (0.1, 0.45, 0.75))]
        a, b = pair[int(rng.integers(len(pair)))]
        hw_pen = Pen(a, pen.width, max(pen.opacity, 0.8), "pen")
        rw_pen = Pen(b, pen.width, max(pen.opacity, 0.8), "pen")
    if "colour-pencils" in habits:
        light = [(0.95, 0.6, 0.15), (0.95, 0.8, 0.2), (0.3, 0.7, 0.9), (0.55, 0.8, 0.35)]
        dark = [(0.75, 0.15, 0.15), (0.35, 0.2, 0.6), (0.2, 0.45, 0.2), (0.15, 0.25, 0.65)]
        hw_pen = Pen(light[int(rng.integers(4))], rng.uniform(0.6, 0.9), rng.uniform(0.6, 0.85), "pencil")
        rw_pen = Pen(dark[int(rng.integers(4))], rng.uniform(0.5, 0.8), rng.uniform(0.6, 0.85), "pencil")
    hw_style = str(rng.choice(["single", "double", "dashed"], p=[0.3, 0.45, 0.25]))
    if hw_style == "single" and hw_pen.width <= 0.75:   # a thin pen draws a highway line twice over
        hw_pen = Pen(hw_pen.colour, hw_pen.width * rng.uniform(1.8, 2.6), hw_pen.opacity, hw_pen.kind)
    if "highlighter" in habits:
        hw_style = "highlighter"
        hl = [(1.0, 0.95, 0.2), (0.55, 1.0, 0.35), (1.0, 0.5, 0.75), (1.0, 0.7, 0.3), (0.4, 0.85, 1.0)]
        hw_pen = Pen(hl[int(rng.integers(len(hl)))], rng.uniform(3.5, 5.0), rng.uniform(0.75, 0.95), "highlighter")
    rw_style = "x-ticks" if "x-ticks" in habits else "zigzag" if "zigzag" in habits else "ticks"
    station = next((h.split("-")[1] for h in habits if h.startswith("station-")), "square")
    ruler = "ruler" in habits
    return Player(habits, pen, hw_pen, rw_pen, hw_style, rng.uniform(2.2, 3.6), bool(rng.random() < 0.5),
                  rw_style, rng.uniform(2.3, 4.0), station, "hump" if "overpass-hump" in habits else "cross",
                  0.0 if ruler else rng.uniform(0.15, 0.6),
                  (0.0, 0.3) if ruler else tuple(sorted((rng.uniform(-1.5, 0.2), rng.uniform(0.0, 1.2)))),
                  str(tool))



def quarter_arc(p1: np.ndarray, p2: np.ndarray, n: int) -> list[np.ndarray]:
    """``n`` points of the quarter circle (radius half a space) from side midpoint ``p1`` to ``p2``
    around the space's corner between them (space units, 0-1)."""
    corner = p1 + p2 - (0.5, 0.5)
    a1 = math.atan2(p1[1] - corner[1], p1[0] - corner[0])
    a2 = math.atan2(p2[1] - corner[1], p2[0] - corner[0])
    if abs(a2 - a1) > math.pi:
        a2 += 2 * math.pi if a2 < a1 else -2 * math.pi
    return [corner + 0.5 * np.array([math.cos(t), math.sin(t)]) for t in np.linspace(a1, a2, n)]


class Drawer:
    """Draws a board's spaces in page mm (the grid from the sheet raster)."""

    def __init__(self, ink: Ink, sheet: Sheet, player: Player, rng: np.random.Generator):
        self.ink, self.sheet, self.p, self.rng = ink, sheet, player, rng
        mm = sheet.px_mm
        self.x = [v / mm for v in sheet.xs]
        self.y = [v / mm for v in sheet.ys]

    def cell_mm(self, r, c, u, v):
        return (self.x[c] + u * (self.x[c + 1] - self.x[c]), self.y[r] + v * (self.y[r + 1] - self.y[r]))

    def arm(self, r, c, side, start=0.0):
        """Centre → side midpoint of a space (cell units), reaching a little short or over."""
        end = 0.5 + (self.rng.uniform(*self.p.reach) / 21.0)
        cx, cy = 0.5, 0.5
        sx, sy = SIDE_PT[side]
        dx, dy = sx - cx, sy - cy
        a = (cx + dx * 2 * start, cy + dy * 2 * start)
        b = (cx + dx * 2 * end, cy + dy * 2 * end)
        return np.array([self.cell_mm(r, c, *a), self.cell_mm(r, c, *b)])

    def curve(self, r, c, s1, s2):
        """A quarter circle from side s1's midpoint to s2's (or an L with a ruler)."""
        p1, p2 = np.array(SIDE_PT[s1]), np.array(SIDE_PT[s2])
        if "ruler" in self.p.habits:
            pts = [p1, (0.5, 0.5), p2]
        else:
            pts = quarter_arc(p1, p2, 16)
        ov = self.rng.uniform(*self.p.reach) / 21.0
        pts = np.array(pts, float)
        pts[0] += (pts[0] - pts[1]) / max(np.linalg.norm(pts[0] - pts[1]), 1e-9) * ov
        pts[-1] += (pts[-1] - pts[-2]) / max(np.linalg.norm(pts[-1] - pts[-2]), 1e-9) * ov
        return np.array([self.cell_mm(r, c, u, v) for u, v in pts])

    # one route's line, in its style
    def route(self, pts, kind, *, centre_gap=None, hump=None):
        p = self.p
        wob = p.wobble
        if kind == "h":
            if p.hw_style == "highlighter":
                self.ink.stroke(pts, p.hw_pen, wobble=wob * 0.5, pressure=0.02)
                if p.hl_line:
                    self.ink.stroke(pts, p.pen, wobble=wob)
            elif p.hw_style == "single":
                self.ink.stroke(pts, p.hw_pen, wobble=wob)
            else:
                for d in (-p.hw_gap / 2, p.hw_gap / 2):
                    self.ink.stroke(_offset(pts, d), p.hw_pen, wobble=wob)
                if p.hw_style == "dashed":
                    dense = _densify(pts, 0.4)
                    step = max(2, int(1.6 / 0.4))
                    for i in range(0, len(dense) - step, step * 2):
                        self.ink.stroke(dense[i:i + step], Pen(p.hw_pen.colour, p.hw_pen.width * 0.8,
                                                               p.hw_pen.opacity, p.hw_pen.kind))
        else:
            self.ink.stroke(pts, p.rw_pen, wobble=wob)
            dense = _densify(pts, 0.2)
            n = _normals(dense)
            step = max(1, int(p.tick / 0.2))
            small = Pen(p.rw_pen.colour, p.rw_pen.width * 0.85, p.rw_pen.opacity, p.rw_pen.kind)
            if p.rw_style == "zigzag":
                zz = [dense[i] + n[i] * (1.3 if (i // (step // 2 or 1)) % 2 else -1.3)
                      for i in range(0, len(dense), step // 2 or 1)]
                self.ink.stroke(np.array(zz), small, wobble=wob * 0.3)
                return
            for i in range(step // 2, len(dense), step):
                if centre_gap is not None and np.linalg.norm(dense[i] - centre_gap) < 2.5:
                    continue
                j = 1.4 + self.rng.normal(0, 0.15)
                jit = self.rng.normal(0, 0.12 if wob else 0.0, 2)
                if p.rw_style == "x-ticks":
                    t = _unit(np.array([n[i][1], -n[i][0]]))
                    for dvec in (n[i] + t, n[i] - t):
                        dvec = dvec / np.linalg.norm(dvec) * j
                        self.ink.stroke(np.array([dense[i] - dvec + jit, dense[i] + dvec + jit]), small)
                else:
                    self.ink.stroke(np.array([dense[i] - n[i] * j + jit, dense[i] + n[i] * j + jit]), small)

    def space(self, r, c, edges, marker):
        sides = [s for s in range(4) if edges[s] in "hr"]
        centre = np.array(self.cell_mm(r, c, 0.5, 0.5))
        if marker == "o":
            for kind in ("r", "h"):      # railway first, the highway over it
                ss = [s for s in sides if edges[s] == kind]
                pts = np.vstack([self.arm(r, c, ss[0])[::-1], self.arm(r, c, ss[1])])
                if kind == "h" and self.p.overpass == "hump":
                    pts = _hump(pts, centre, 3.2)
                self.route(pts, kind, centre_gap=centre if kind == "r" else None)
            return
        if marker == "s":
            for s in sides:
                self.route(self.arm(r, c, s, start=0.08), edges[s])
            self.station(centre)
            return
        kinds = {edges[s] for s in sides}
        kind = kinds.pop()
        if len(sides) == 2 and (sides[1] - sides[0]) % 2 == 1:
            self.route(self.curve(r, c, sides[0], sides[1]), kind)
        elif len(sides) >= 2:
            opp = [(a, b) for a in sides for b in sides if b == a + 2]
            done = set()
            if opp:
                a, b = opp[0]
                self.route(np.vstack([self.arm(r, c, a)[::-1], self.arm(r, c, b)]), kind)
                done = {a, b}
            for s in sides:
                if s not in done:
                    self.route(self.arm(r, c, s), kind)
        else:
            for s in sides:
                self.route(self.arm(r, c, s), kind)

    def station(self, centre):
        p, rng = self.p, self.rng
        pen = Pen(p.pen.colour if p.pen.kind != "highlighter" else (0.1, 0.1, 0.1), max(p.pen.width, 0.4),
                  max(p.pen.opacity, 0.8), "pencil" if p.pen.kind == "pencil" else "pen")
        c = centre + rng.normal(0, 0.3, 2)
        if p.station == "square":
            s = rng.uniform(1.6, 2.4)
            self.ink.stroke(np.array([c + (-s, -s), c + (s, -s), c + (s, s), c + (-s, s)]), pen, filled=True)
        elif p.station == "dot":
            rad = rng.uniform(1.0, 2.0)
            self.ink.stroke(_circle(c, rad), pen, filled=True)
        elif p.station == "x":
            s = rng.uniform(1.8, 2.6)
            self.ink.stroke(np.array([c + (-s, -s), c + (s, s)]), pen, wobble=p.wobble * 0.3)
            self.ink.stroke(np.array([c + (s, -s), c + (-s, s)]), pen, wobble=p.wobble * 0.3)
        elif p.station == "circled":
            self.ink.stroke(_circle(c, rng.uniform(2.2, 3.0)), pen, wobble=p.wobble * 0.2)
            self.ink.stroke(_circle(c, rng.uniform(0.6, 0.9)), pen, filled=True)
        else:   # the letter S, as a hand writes it: two opposed arcs
            h = rng.uniform(2.0, 2.8)
            top = [c + (math.cos(t) * h * 0.55, -h / 2 + math.sin(t) * h / 2) for t in np.linspace(-0.3, -1.5 * math.pi - 0.0, 14)]
            bot = [c + (-math.cos(t) * h * 0.55, h / 2 - math.sin(t) * h / 2) for t in np.linspace(-0.3, -1.5 * math.pi, 14)]
            self.ink.stroke(np.array(top + bot), pen, wobble=p.wobble * 0.2)

    def chain(self, cells):
        """One continuous stroke through a run of plain two-sided spaces: [(r, c, in, out)]."""
        pts = []
        for r, c, a, b in cells:
            p1, p2 = np.array(SIDE_PT[a]), np.array(SIDE_PT[b])
            if (a - b) % 2 == 0:
                seg = [p1 + (p2 - p1) * t for t in np.linspace(0, 1, 8)]
            else:
                seg = quarter_arc(p1, p2, 12)
            mm = [self.cell_mm(r, c, u, v) for u, v in seg]
            pts.extend(mm if not pts else mm[1:])
        return np.array(pts)

    def round_number(self, r, c, number, pen):
        box = self.sheet.boxes.get((r, c))
        if box is None:
            return
        mm = self.sheet.px_mm
        x0, y0, x1, y1 = (v / mm for v in box)
        digit = _digit_strokes(number)
        w, h = (x1 - x0) * 0.5, (y1 - y0) * 0.7
        ox = x0 + (x1 - x0) * 0.25 + self.rng.normal(0, 0.3)
        oy = y0 + (y1 - y0) * 0.15 + self.rng.normal(0, 0.3)
        for st in digit:
            self.ink.stroke(np.array([(ox + u * w, oy + v * h) for u, v in st]),
                            Pen(pen.colour, min(pen.width, 0.45), pen.opacity, pen.kind), wobble=0.05)


def _unit(v):
    return v / max(np.linalg.norm(v), 1e-9)


def _circle(c, rad, n=24):
    return np.array([c + rad * np.array([math.cos(t), math.sin(t)]) for t in np.linspace(0, 2 * math.pi, n)])


def _hump(pts, centre, width):
    """The highway bent into a little hump (a half circle to one side) over the crossing."""
    dense = _densify(pts, 0.2)
    n = _normals(dense)
    d = np.linalg.norm(dense - centre, axis=1)
    bump = np.where(d < width, np.sqrt(np.maximum(width ** 2 - d ** 2, 0)) * 0.8, 0)
    return dense + n * bump[:, None]


DIGITS = {   # strokes of the digits 1-7 in a unit box (x right, y down), as a hand writes them
    1: [[(0.3, 0.25), (0.55, 0.0), (0.55, 1.0)]],
    2: [[(0.1, 0.25), (0.35, 0.0), (0.75, 0.05), (0.85, 0.3), (0.1, 1.0), (0.95, 1.0)]],
    3: [[(0.1, 0.1), (0.8, 0.05), (0.4, 0.45), (0.85, 0.6), (0.75, 0.95), (0.1, 0.9)]],
    4: [[(0.7, 1.0), (0.7, 0.0), (0.05, 0.7), (0.95, 0.7)]],
    5: [[(0.85, 0.0), (0.2, 0.0), (0.15, 0.45), (0.7, 0.45), (0.85, 0.75), (0.6, 1.0), (0.1, 0.9)]],
    6: [[(0.75, 0.0), (0.25, 0.4), (0.15, 0.8), (0.45, 1.0), (0.8, 0.8), (0.65, 0.5), (0.2, 0.6)]],
    7: [[(0.05, 0.0), (0.95, 0.0), (0.4, 1.0)]],
}


def _digit_strokes(n):
    return DIGITS[n]


# --------------------------------------------------------------------------------------------
# the photo plan

@dataclass
class Plan:
    seed: int
    sheet_seed: int
    paper: str
    lang: str
    habits: list
    effects: list
    mp: float
    aspect: float
    portrait: bool
    quality: int
    subsampling: int
    tilt: float
    rotation: float
    fill: float
    exif: int = 1


def make_plan(seed: int) -> Plan:
    rng = np.random.default_rng([seed, 0x1d2, 1])
    habits = [h for h in HABITS if rng.random() < 0.22]
    stations = [h for h in habits if h.startswith("station-")]
    for extra in stations[1:]:
        habits.remove(extra)
    if "x-ticks" in habits and "zigzag" in habits:
        habits.remove("zigzag")
    if "two-colours" in habits and "colour-pencils" in habits:
        habits.remove("two-colours")
    if not habits:
        habits = [HABITS[int(rng.integers(len(HABITS)))]]
    effects = [e for e in EFFECTS if rng.random() < 0.2]
    if not effects:
        effects = [EFFECTS[int(rng.integers(len(EFFECTS)))]]
    mp = float(rng.uniform(1.0, 12.0))
    return Plan(seed=seed, sheet_seed=int(rng.integers(1, 10**9)), paper=str(rng.choice(["a4", "letter"], p=[0.75, 0.25])),
                lang=str(rng.choice(["en", "pl"])), habits=habits, effects=effects, mp=mp,
                aspect=float(rng.choice([4 / 3, 16 / 9, 3 / 2], p=[0.7, 0.2, 0.1])),
                portrait=bool(rng.random() < 0.6), quality=int(rng.integers(60, 96)),
                subsampling=int(rng.choice([2, 0], p=[0.7, 0.3])), tilt=float(rng.uniform(0, 35)),
                rotation=float(rng.uniform(0, 360)),
                fill=float(rng.uniform(0.82, 0.97) if "corner-out" in effects else rng.uniform(0.45, 0.85)),
                exif=int(rng.choice([3, 6, 8])) if "exif-orientation" in effects else 1)


# --------------------------------------------------------------------------------------------
# the drawn sheet

def draw_sheet(plan: Plan, dpi: float):
    """(page float RGB, sheet, board rows, per-space tags) for a plan, at ``dpi``."""
    rng = np.random.default_rng([plan.seed, 0x1d2, 2])
    rows, rounds, used = grow_board(np.random.default_rng([plan.seed, 0x1d2, 3]), plan.sheet_seed)
    sheet = render_sheet(plan.sheet_seed, plan.paper, plan.lang, dpi)
    page = sheet.rgb.astype(np.float32) / 255.0
    # paper: slightly off-white, with fibre texture
    h, w = page.shape[:2]
    trng = np.random.default_rng([plan.seed, 0x1d2, 5])   # sizes follow the dpi: a stream of its own
    tex = cv2.GaussianBlur(trng.normal(0, 1, (h // 3 + 1, w // 3 + 1)).astype(np.float32), (0, 0), 1.0)
    tex = cv2.resize(tex, (w, h))
    paper = np.array([1.0, 0.985, 0.96], np.float32) * trng.uniform(0.95, 1.0)
    page = page * paper * (1 + 0.012 * tex[..., None])
    habits = set(plan.habits)
    player = make_player(rng, habits)
    ink = Ink(page, sheet.px_mm, rng, grain_rng=trng)
    dr = Drawer(ink, sheet, player, rng)
    tags = defaultdict(set)
    truth = [[row[c] for c in range(SIZE)] for row in rows]

    empties = [(r, c) for r in range(SIZE) for c in range(SIZE) if rows[r][c] is None]
    drawn = [(r, c) for r in range(SIZE) for c in range(SIZE) if rows[r][c] is not None]
    # erased routes first (under everything drawn later)
    if "erased-ghost" in habits:
        n = int(rng.integers(1, 4))
        picks = [empties[i] for i in rng.permutation(len(empties))[:n]] if empties else []
        for r, c in picks:
            tok = str(rng.choice(["h.h.", "r.r.", "hh..", "rr..", "hhh.", "rrr."]))
            rots = sorted(_rotations(tok))
            tok = rots[int(rng.integers(len(rots)))]
            ghost = Pen((0.3, 0.3, 0.32), player.pen.width * 1.2, rng.uniform(0.12, 0.28), "ghost")
            saved = (player.hw_pen, player.rw_pen, player.pen, player.hw_style)
            player.hw_pen = player.rw_pen = player.pen = ghost
            player.hw_style = "single" if player.hw_style == "highlighter" else player.hw_style
            dr.space(r, c, tok, "")
            player.hw_pen, player.rw_pen, player.pen, player.hw_style = saved
            x0, y0 = dr.cell_mm(r, c, 0.15, 0.15)
            x1, y1 = dr.cell_mm(r, c, 0.85, 0.85)
            _smudge(page, sheet.px_mm, (x0, y0, x1, y1), rng)
            tags[r, c].add("erased-ghost")
    crossed = set()
    if "crossed-out" in habits and drawn:
        for i in rng.permutation(len(drawn))[: int(rng.integers(1, 3))]:
            crossed.add(drawn[i])

    chains_done = set()
    if "one-stroke" in habits:
        for run in _chains(rows):
            if len(run) < 2:
                continue
            kind = rows[run[0][0]][run[0][1]][0][run[0][2]]
            dr.route(dr.chain(run), kind)
            for r, c, _, _ in run:
                chains_done.add((r, c))
                tags[r, c].add("one-stroke")
    for r, c in drawn:
        edges, marker = rows[r][c]
        if (r, c) in crossed:
            wrong = [e for e in sorted(_rotations(edges)) if e != edges]
            if marker == "o":
                wrong = ["rhrh" if edges == "hrhr" else "hrhr"]
            bad = wrong[int(rng.integers(len(wrong)))] if wrong else edges
            dr.space(r, c, bad, marker)
            a, b = dr.cell_mm(r, c, 0.12, 0.12), dr.cell_mm(r, c, 0.88, 0.88)
            ink.stroke(np.array([a, b]), player.pen, wobble=player.wobble)
            a, b = dr.cell_mm(r, c, 0.88, 0.12), dr.cell_mm(r, c, 0.12, 0.88)
            ink.stroke(np.array([a, b]), player.pen, wobble=player.wobble)
            tags[r, c].add("crossed-out")
        if (r, c) not in chains_done or (r, c) in crossed:
            dr.space(r, c, edges, marker)
    if "round-numbers" in habits:
        for r, c in drawn:
            dr.round_number(r, c, rounds[r][c], player.pen)
            tags[r, c].add("round-numbers")
    # a few stray marks: a dot, a short slip of the pen
    for _ in range(int(rng.integers(0, 4))):
        r, c = int(rng.integers(7)), int(rng.integers(7))
        u, v = rng.uniform(0.2, 0.8, 2)
        a = np.array(dr.cell_mm(r, c, u, v))
        ink.stroke(np.array([a, a + rng.normal(0, 0.6, 2)]), player.pen)
        tags[r, c].add("stray-mark")
    board = to_board(truth)
    meta = {"player": f"{player.tool}/{player.hw_style}/{player.rw_style}/{player.station}",
            "styles": [f"tool:{player.tool}", f"highway:{player.hw_style}"],
            "specials": len(used), "drawn": len(drawn)}
    return ink.page, sheet, board, tags, meta


def _chains(rows):
    """Runs of plain two-sided spaces of one kind joined side to side: [(r, c, in, out)]."""
    def plain2(r, c):
        x = rows[r][c]
        if x is None or x[1]:
            return None
        sides = [s for s in range(4) if x[0][s] != "."]
        kinds = {x[0][s] for s in sides}
        return sides if len(sides) == 2 and len(kinds) == 1 else None

    seen, runs = set(), []
    for r in range(SIZE):
        for c in range(SIZE):
            if (r, c) in seen or plain2(r, c) is None:
                continue
            kind = rows[r][c][0][plain2(r, c)[0]]

            def walk(r0, c0, out):
                path = []
                r1, c1, s = r0, c0, out
                while True:
                    nr, nc = r1 + DELTA[s][0], c1 + DELTA[s][1]
                    if not (0 <= nr < SIZE and 0 <= nc < SIZE) or (nr, nc) in seen:
                        return path
                    sides = plain2(nr, nc)
                    if sides is None or (s + 2) % 4 not in sides or rows[nr][nc][0][sides[0]] != kind:
                        return path
                    nxt = sides[0] if sides[1] == (s + 2) % 4 else sides[1]
                    seen.add((nr, nc))
                    path.append((nr, nc, (s + 2) % 4, nxt))
                    r1, c1, s = nr, nc, nxt

            seen.add((r, c))
            a, b = plain2(r, c)
            back = walk(r, c, a)
            fwd = walk(r, c, b)
            run = [(rr, cc, o, i) for rr, cc, i, o in reversed(back)] + [(r, c, a, b)] + fwd
            runs.append(run)
    return runs


def _smudge(page, px_mm, box, rng):
    x0, y0, x1, y1 = (int(v * px_mm) for v in box)
    h, w = y1 - y0, x1 - x0
    if h < 4 or w < 4:
        return
    blob = np.zeros((h, w), np.float32)
    cv2.ellipse(blob, (w // 2, h // 2), (int(w * rng.uniform(0.3, 0.5)), int(h * rng.uniform(0.2, 0.45))),
                float(rng.uniform(0, 180)), 0, 360, 1.0, -1)
    blob = cv2.GaussianBlur(blob, (0, 0), max(2.0, w / 10))
    dark = rng.uniform(0.03, 0.09)
    page[y0:y1, x0:x1] *= (1 - dark * blob)[..., None]


# --------------------------------------------------------------------------------------------
# paper effects and the camera

def _coffee(page, px_mm, rng):
    h, w = page.shape[:2]
    cx, cy = rng.uniform(0.15, 0.85) * w, rng.uniform(0.2, 0.8) * h
    rad = rng.uniform(30, 45) * px_mm
    yy, xx = np.mgrid[0:h:4, 0:w:4].astype(np.float32)
    ang = np.arctan2(yy - cy, xx - cx)
    rr = np.hypot(yy - cy, xx - cx) / (rad * (1 + 0.06 * np.sin(3 * ang + rng.uniform(0, 6)) + 0.03 * np.sin(7 * ang)))
    ring = np.exp(-((rr - 1) / 0.025) ** 2) * 0.9 + (rr < 1) * 0.25 * (0.6 + 0.4 * rr)
    ring = cv2.resize(ring.astype(np.float32), (w, h))
    stain = np.array([0.45, 0.28, 0.12], np.float32)
    a = rng.uniform(0.35, 0.6) * ring
    page *= 1 - a[..., None] * (1 - stain)


def _fold(page, px_mm, rng):
    """Folded in four and unfolded: a height field (a ridge and a valley through the middle)
    that shades the quarters differently and shifts the page a little (the camera sees it)."""
    h, w = page.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    xc, yc = w / 2 + rng.normal(0, 3 * px_mm), h / 2 + rng.normal(0, 3 * px_mm)
    a, b = rng.uniform(2, 5) * px_mm, rng.uniform(2, 5) * px_mm
    height = a * (1 - np.abs(xx - xc) / (w / 2)) - b * (1 - np.abs(yy - yc) / (h / 2))
    gx = np.sign(xc - xx) * a / (w / 2)
    gy = -np.sign(yc - yy) * b / (h / 2)
    light = np.array([rng.normal(), rng.normal()])
    light = light / np.linalg.norm(light) * rng.uniform(4, 9)
    shade = 1 + np.clip(light[0] * gx + light[1] * gy, -0.25, 0.25)
    crease = np.exp(-((xx - xc) / (0.4 * px_mm)) ** 2) * 0.1 + np.exp(-((yy - yc) / (0.4 * px_mm)) ** 2) * 0.08
    page *= (shade - crease)[..., None]
    k = rng.uniform(0.15, 0.35)   # parallax of the height, toward a point off the page
    mapx = xx + k * height * (xx - w * 0.5) / w
    mapy = yy + k * height * (yy - h * 0.3) / h
    return cv2.remap(page, mapx, mapy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def _camera(plan: Plan, sheet_px_mm: float, grid_mm, page_mm, rng):
    """Image size and the homography page mm → photo px (before EXIF rotation)."""
    mp = plan.mp * 1e6
    long_ = math.sqrt(mp * plan.aspect)
    W, H = int(long_), int(long_ / plan.aspect)
    if plan.portrait:
        W, H = H, W
    f = 0.85 * max(W, H)
    gx0, gy0, gx1, gy1 = grid_mm
    cx, cy = (gx0 + gx1) / 2, (gy0 + gy1) / 2
    keep = np.array([[gx0 - KEEP_MM, gy0 - KEEP_MM], [gx1 + KEEP_MM, gy0 - KEEP_MM],
                     [gx1 + KEEP_MM, gy1 + KEEP_MM], [gx0 - KEEP_MM, gy1 + KEEP_MM]]) - (cx, cy)
    th = math.radians(plan.rotation)
    Rz = np.array([[math.cos(th), -math.sin(th), 0], [math.sin(th), math.cos(th), 0], [0, 0, 1]])
    al = rng.uniform(0, 2 * math.pi)
    phi = math.radians(plan.tilt)
    ax = np.array([math.cos(al), math.sin(al), 0.0])
    K = np.array([[0, -ax[2], ax[1]], [ax[2], 0, -ax[0]], [-ax[1], ax[0], 0]])
    Rt = np.eye(3) + math.sin(phi) * K + (1 - math.cos(phi)) * K @ K
    R = Rt @ Rz

    def H_for(D, sx, sy):
        Kc = np.array([[f, 0, W / 2 + sx], [0, f, H / 2 + sy], [0, 0, 1]])
        M = np.column_stack([R[:, 0], R[:, 1], [0, 0, D]])
        T = np.array([[1, 0, -cx], [0, 1, -cy], [0, 0, 1]])
        return Kc @ M @ T

    def proj(Hm, pts):
        p = np.column_stack([pts, np.ones(len(pts))]) @ Hm.T
        return p[:, :2] / p[:, 2:]

    D = 400.0
    for _ in range(6):
        k = proj(H_for(D, 0, 0), keep + (cx, cy))
        ext = max((k[:, 0].max() - k[:, 0].min()) / W, (k[:, 1].max() - k[:, 1].min()) / H)
        D *= ext / plan.fill
    Hm = H_for(D, 0, 0)
    k = proj(Hm, keep + (cx, cy))
    m = 0.01 * min(W, H)
    lo = np.array([m - k[:, 0].min(), m - k[:, 1].min()])
    hi = np.array([W - m - k[:, 0].max(), H - m - k[:, 1].max()])
    shift = [rng.uniform(min(lo[i], hi[i]), max(lo[i], hi[i])) if hi[i] > lo[i] else (lo[i] + hi[i]) / 2
             for i in range(2)]
    if "corner-out" in plan.effects:   # push toward one page corner so it leaves the frame
        pc = np.array(page_mm)
        j = int(rng.integers(4))
        corners = np.array([[pc[0], pc[1]], [pc[2], pc[1]], [pc[2], pc[3]], [pc[0], pc[3]]])
        cp = proj(Hm, corners[j:j + 1])[0]
        centre = np.array([W / 2, H / 2])
        d = cp - centre
        shift = [hi[i] if d[i] > 0 else lo[i] for i in range(2)]
        shift = [min(max(s, min(lo[i], hi[i])), max(lo[i], hi[i])) for i, s in enumerate(shift)]
    Hm = H_for(D, *shift)
    return W, H, Hm


def _background(W, H, rng):
    base = np.array(rng.choice([(0.45, 0.3, 0.18), (0.2, 0.2, 0.22), (0.75, 0.72, 0.68), (0.6, 0.45, 0.3),
                                (0.1, 0.1, 0.12), (0.85, 0.85, 0.85)]), np.float32)
    noise = rng.normal(0, 1, (H // 8 + 1, W // 8 + 1)).astype(np.float32)
    noise = cv2.resize(cv2.GaussianBlur(noise, (0, 0), 2), (W, H))
    streak = np.sin(np.linspace(0, rng.uniform(20, 80), W, dtype=np.float32))[None, :] * 0.03
    return np.clip(base * (1 + 0.08 * noise[..., None] + streak[..., None]), 0, 1)


def make_photo(seed: int, *, flat: bool = False):
    """(file bytes, truth Board, plan, tags, meta)."""
    plan = make_plan(seed)
    rng = np.random.default_rng([seed, 0x1d2, 4])
    if flat:
        dpi = 200.0
    else:
        # the page's resolution: about the photo's px per mm where the page is nearest
        long_ = math.sqrt(plan.mp * 1e6 * plan.aspect)
        short = long_ / plan.aspect
        px_per_mm = plan.fill * short / (147 + 2 * KEEP_MM) * (1 + plan.tilt / 60)
        dpi = float(np.clip(px_per_mm * 25.4 * 1.1, 110, 280))
    page, sheet, board, tags, meta = draw_sheet(plan, dpi)
    mm = sheet.px_mm
    if "coffee" in plan.effects:
        _coffee(page, mm, rng)
    if "fold-in-four" in plan.effects:
        page = _fold(page, mm, rng)
    if flat:
        img = np.clip(page * 255 + 0.5, 0, 255).astype(np.uint8)
        buf = io.BytesIO()
        from PIL import Image
        Image.fromarray(img).save(buf, format="PNG")
        meta["sheet"] = sheet
        return buf.getvalue(), board, plan, tags, meta
    h, w = page.shape[:2]
    grid_mm = (sheet.xs[0] / mm, sheet.ys[0] / mm, sheet.xs[-1] / mm, sheet.ys[-1] / mm)
    W, H, Hm = _camera(plan, mm, grid_mm, (0, 0, w / mm, h / mm), rng)
    S = np.array([[1 / mm, 0, 0], [0, 1 / mm, 0], [0, 0, 1]])
    Hp = H0 = Hm @ S     # page px → photo px (H0 stays on the full raster's px)
    # pre-shrink the page when the photo is coarser than the raster (no aliasing)
    J = np.linalg.norm(Hp[:2, :2]) / math.sqrt(2) / max(abs((Hp @ [w / 2, h / 2, 1])[2]), 1e-9)
    if J < 0.8:
        k = J * 1.2
        page = cv2.resize(page, (max(8, int(w * k)), max(8, int(h * k))), interpolation=cv2.INTER_AREA)
        Hp = Hp @ np.diag([1 / k, 1 / k, 1])
    warped = cv2.warpPerspective(page, Hp, (W, H), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT)
    mask = cv2.warpPerspective(np.ones(page.shape[:2], np.float32), Hp, (W, H), flags=cv2.INTER_LINEAR)
    img = warped * mask[..., None] + _background(W, H, rng) * (1 - mask[..., None])
    corners = np.array([[0, 0, 1], [w, 0, 1], [w, h, 1], [0, h, 1]], float) @ H0.T
    corners = corners[:, :2] / corners[:, 2:]
    meta["corners_out"] = int(sum(not (0 <= x < W and 0 <= y < H) for x, y in corners))
    # light: a gradient and a vignette, maybe a phone's shadow
    yy, xx = np.mgrid[0:H:8, 0:W:8].astype(np.float32)
    g = np.array([rng.normal(), rng.normal()]) * rng.uniform(0.1, 0.3)
    light = 1 + g[0] * (xx / W - 0.5) + g[1] * (yy / H - 0.5)
    light *= 1 - rng.uniform(0.05, 0.25) * (((xx / W - 0.5) ** 2 + (yy / H - 0.5) ** 2) * 2)
    if "phone-shadow" in plan.effects:
        sh = np.zeros_like(light)
        gc = H0 @ [(sheet.xs[0] + sheet.xs[-1]) / 2, (sheet.ys[0] + sheet.ys[-1]) / 2, 1]
        gc = gc[:2] / gc[2] / 8
        side = rng.uniform(0, 2 * math.pi)
        span = max(W, H) / 8
        p0 = gc + np.array([math.cos(side), math.sin(side)]) * span * rng.uniform(0.0, 0.12)   # inside the grid
        perp = np.array([-math.sin(side), math.cos(side)])
        poly = np.array([p0 - perp * span * 0.25, p0 + perp * span * 0.25,
                         p0 + perp * span * 0.3 + np.array([math.cos(side), math.sin(side)]) * span * 2,
                         p0 - perp * span * 0.3 + np.array([math.cos(side), math.sin(side)]) * span * 2])
        cv2.fillPoly(sh, [np.round(poly).astype(np.int32)], 1.0)
        sh = cv2.GaussianBlur(sh, (0, 0), span * rng.uniform(0.03, 0.08))
        light *= 1 - rng.uniform(0.35, 0.6) * sh
        centres = np.array([[(sheet.xs[c] + sheet.xs[c + 1]) / 2, (sheet.ys[r] + sheet.ys[r + 1]) / 2, 1]
                            for r in range(SIZE) for c in range(SIZE)]) @ H0.T
        centres = np.round(centres[:, :2] / centres[:, 2:] / 8).astype(int)
        hh, ww = sh.shape
        meta["shadowed_spaces"] = int(sum(sh[min(max(y, 0), hh - 1), min(max(x, 0), ww - 1)] > 0.5
                                          for x, y in centres))
    light = cv2.resize(light, (W, H))
    img *= light[..., None]
    night = "night" in plan.effects
    wb = np.array([1.0, 0.88, 0.62], np.float32) if night else np.array(
        [rng.uniform(0.93, 1.05), 1.0, rng.uniform(0.88, 1.07)], np.float32)
    exposure = rng.uniform(0.6, 0.85) if night else rng.uniform(0.85, 1.1)
    img = img * wb * exposure
    sigma = rng.uniform(0.4, 1.3) * max(1.0, max(W, H) / 3000)
    img = cv2.GaussianBlur(img, (0, 0), sigma)
    if "portrait-blur" in plan.effects:
        strong = cv2.GaussianBlur(img, (0, 0), rng.uniform(3, 7) * max(1.0, max(W, H) / 3000))
        axis = int(rng.integers(4))
        ramp = [np.linspace(0, 1, W)[None, :], np.linspace(1, 0, W)[None, :],
                np.linspace(0, 1, H)[:, None], np.linspace(1, 0, H)[:, None]][axis]
        ramp = np.clip((ramp - rng.uniform(0.45, 0.7)) * 3, 0, 1).astype(np.float32)
        ramp = np.broadcast_to(ramp, (H, W))[..., None]
        img = img * (1 - ramp) + strong * ramp
    iso = rng.uniform(0.03, 0.07) if night else rng.uniform(0.005, 0.02)
    noise = rng.normal(0, 1, img.shape).astype(np.float32) * iso * np.sqrt(np.clip(img, 0.02, 1))
    if night:   # blotchy chroma noise left by the phone's denoiser
        blot = rng.normal(0, iso, (H // 6 + 1, W // 6 + 1, 3)).astype(np.float32)
        noise += cv2.resize(blot, (W, H))
    img = img + noise
    if night:
        img = cv2.bilateralFilter(img, 5, 0.08, 2)
    amount = rng.uniform(0.2, 0.8)
    img = img + amount * (img - cv2.GaussianBlur(img, (0, 0), 1.5))
    img = np.clip(img, 0, 1) ** (1 / rng.uniform(0.95, 1.1))
    out = np.clip(img * 255 + 0.5, 0, 255).astype(np.uint8)
    from PIL import Image

    pil = Image.fromarray(out)
    exif = Image.Exif()
    if plan.exif != 1:   # the sensor's pixels, and the tag saying how to turn them
        pil = pil.transpose({6: Image.Transpose.ROTATE_90, 8: Image.Transpose.ROTATE_270,
                             3: Image.Transpose.ROTATE_180}[plan.exif])
        exif[0x0112] = plan.exif
    quality, sub = plan.quality, plan.subsampling
    if "messaging-app" in plan.effects:
        long_side = max(pil.size)
        if long_side > 1600:
            k = 1600 / long_side
            pil = pil.resize((round(pil.size[0] * k), round(pil.size[1] * k)), Image.Resampling.LANCZOS)
        quality, sub, exif = 70, 2, Image.Exif()
        if plan.exif != 1:   # the app applies the orientation to the pixels before dropping EXIF
            pil = pil.transpose({6: Image.Transpose.ROTATE_270, 8: Image.Transpose.ROTATE_90,
                                 3: Image.Transpose.ROTATE_180}[plan.exif])
    buf = io.BytesIO()
    pil.save(buf, format="JPEG", quality=quality, subsampling=sub, exif=exif.tobytes())
    meta["size"] = pil.size
    return buf.getvalue(), board, plan, tags, meta


# --------------------------------------------------------------------------------------------
# scoring

def _cpu():
    u = resource.getrusage(resource.RUSAGE_SELF)
    return u.ru_utime + u.ru_stime


def measure(seed: int):
    from railprint.errors import RailprintError
    from railprint.games.railroad_ink.photo.read import read_photo

    data, board, plan, tags, meta = make_photo(seed)
    t = _cpu()
    try:
        reading = read_photo(data, f"indep2-{seed}.jpg")
    except RailprintError as exc:
        return {"seed": seed, "plan": plan, "meta": meta, "refused": str(exc).split("\n")[0][:120],
                "cpu": _cpu() - t, "spaces": []}
    cpu = _cpu() - t
    flagged = {u.square for u in reading.uncertain}
    spaces = []
    for r in range(SIZE):
        for c in range(SIZE):
            want, got = board.rows[r][c], reading.board.rows[r][c]
            sq = square(r, c)
            spaces.append({"square": sq, "kind": space_kind(want), "tags": sorted(tags.get((r, c), ())),
                           "want": want.token, "got": got.token, "right": want == got,
                           "flagged": sq in flagged})
    return {"seed": seed, "plan": plan, "meta": meta, "refused": None, "cpu": cpu, "spaces": spaces}


def report(results, verbose: bool) -> str:
    out = []
    spaces = [s for r in results for s in r["spaces"]]
    read = [r for r in results if not r["refused"]]
    right = sum(s["right"] for s in spaces)
    silent = [(r, s) for r in results for s in r["spaces"] if not s["right"] and not s["flagged"]]
    flagged = sum(s["flagged"] for s in spaces)
    wrong_flagged = sum((not s["right"]) and s["flagged"] for s in spaces)
    photos_flagging = sum(any(s["flagged"] for s in r["spaces"]) for r in read)
    refused = Counter(r["refused"] for r in results if r["refused"])
    cpus = [r["cpu"] for r in read]
    out.append(f"photos {len(results)}: read {len(read)}, refused {sum(refused.values())}; "
               f"photos with a flag {photos_flagging} / {len(read)}, "
               f"{sum(s['flagged'] for r in read for s in r['spaces']) / max(1, len(read)):.1f} flags a photo")
    if spaces:
        out.append(f"spaces {len(spaces)}: right {right} ({100 * right / len(spaces):.2f} %), "
                   f"flagged {flagged} ({wrong_flagged} of them wrong), SILENT {len(silent)} "
                   f"(on {len({r['seed'] for r, _ in silent})} photos)")
    if cpus:
        worst = read[int(np.argmax(cpus))]
        w, h = worst["meta"]["size"]
        out.append(f"CPU of read_photo (user+sys): median {np.median(cpus):.2f} s, max {max(cpus):.2f} s "
                   f"(seed {worst['seed']}, {w} x {h} px as read)")
    for why, n in refused.most_common():
        out.append(f"  refused x{n}: {why}")
    if verbose:
        out.append("by habit / effect (photos with it: spaces, right %, wrong, flagged, silent):")
        groups = defaultdict(list)
        for r in read:
            for h in r["plan"].habits + r["plan"].effects + r["meta"].get("styles", []):
                groups[h].append(r)
        for name in HABITS + EFFECTS + tuple(sorted(k for k in groups if ":" in k)):
            rs = groups.get(name, [])
            if not rs:
                continue
            ss = [s for r in rs for s in r["spaces"]]
            out.append(f"  {name:18} {len(rs):3} photos  {100 * sum(s['right'] for s in ss) / len(ss):6.2f} %  "
                       f"wrong {sum(not s['right'] for s in ss):3}  flagged {sum(s['flagged'] for s in ss):4}  "
                       f"silent {sum((not s['right']) and not s['flagged'] for s in ss):3}")
        out.append("by what the space holds (spaces, wrong, flagged, silent):")
        kinds = defaultdict(list)
        for s in spaces:
            kinds[s["kind"]].append(s)
            for t in s["tags"]:
                kinds[f"[{t}]"].append(s)
        for k in sorted(kinds):
            ss = kinds[k]
            out.append(f"  {k:18} {len(ss):5}  wrong {sum(not s['right'] for s in ss):3}  "
                       f"flagged {sum(s['flagged'] for s in ss):4}  silent {sum((not s['right']) and not s['flagged'] for s in ss):3}")
        if silent:
            out.append("silent misreads (true → read):")
            pairs = Counter(f"{s['want']} → {s['got']}" for _, s in silent)
            for p, n in pairs.most_common():
                out.append(f"  {n:3} x  {p}")
            out.append("silent, each:")
            for r, s in silent:
                out.append(f"  seed {r['seed']:5} {s['square']:3} {s['want']:6} → {s['got']:6} {s['kind']:11} "
                           f"tags {','.join(s['tags']) or '-'}; habits {','.join(r['plan'].habits)}; "
                           f"effects {','.join(r['plan'].effects)}; {r['meta']['player']}; {r['plan'].mp:.1f} MP tilt {r['plan'].tilt:.0f}°")
    return "\n".join(out)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--first", type=int, default=DEV[0], help="first seed (dev 0-99,999; held out 200,000-299,999)")
    ap.add_argument("--count", type=int, default=20)
    ap.add_argument("--one", type=int, default=None, help="make one photo of this seed (with --out)")
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument("--flat", action="store_true", help="with --one: the drawn sheet as a flat PNG, no camera")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    if args.one is not None:
        data, board, plan, tags, meta = make_photo(args.one, flat=args.flat)
        if args.out:
            args.out.write_bytes(data)
        from railprint.games.railroad_ink.notation import format_board

        meta.pop("sheet", None)
        print(f"seed {args.one}: habits {', '.join(plan.habits)}; effects {', '.join(plan.effects)}; "
              f"{plan.mp:.1f} MP, tilt {plan.tilt:.0f}°, rotation {plan.rotation:.0f}°, q {plan.quality}, "
              f"sheet {plan.sheet_seed} {plan.paper} {plan.lang}; {meta}")
        print(format_board(board))
        return 0
    sys.path.insert(0, str(Path(__file__).parent))
    from cputime import report_machine

    report_machine()
    results = []
    for seed in range(args.first, args.first + args.count):
        res = measure(seed)
        results.append(res)
        n_wrong = sum(not s["right"] for s in res["spaces"])
        n_silent = sum((not s["right"]) and not s["flagged"] for s in res["spaces"])
        print(f"seed {seed}: {'refused: ' + res['refused'] if res['refused'] else f'wrong {n_wrong} silent {n_silent}'}"
              f"  cpu {res['cpu']:.2f} s", file=sys.stderr, flush=True)
    print(report(results, args.verbose))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
