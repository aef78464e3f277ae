"""An independent check of the Railroad Ink photo reader (issue 35: "photos you never see will be
used too").

The reader (``photo/read.py``) was developed against one generator (``photo/synth.py``). This is a
second generator written without reading either of them: the reader is a black box called
through its public entry (``read_photo(bytes, name)``, the same as ``score railroad-ink --photo``).
What it knows of the sheet comes from the sheet itself: ``railprint sheet railroad-ink`` is run,
the PDF rasterised with pypdfium2 and the grid found in the raster by its thick outer lines.

A photo here is:

* a **board** grown by the rules (base game, expansion none): seven rounds of three route dice
  and the special die, up to three special routes, each piece a die face turned or mirrored,
  placed next to what it joins (an exit of its type or a route of its type), never against a route
  of the other type;
* **drawn by a player** of one of several habits, chosen per photo: a highway as two lines, two
  lines with a dashed centre, one bold line or one plain line; a railway as a line with
  cross-ticks, sparse ticks or a ladder; corners as quarter arcs, sharp L's or rounded L's; a
  station as a filled, hollow or hatched square or a filled circle; an overpass as a bridge (the
  upper route whole, the lower one broken with bracket arcs), a plain break, or a plain crossing;
  routes off-centre, wobbly, ending short of the edge or of the centre, running into the
  neighbour; round numbers written in the corner boxes; pencil, ballpoint, gel pen, fine-liner or
  marker (black, blue, sometimes red or green);
* **photographed** by a camera model: the printed page (sometimes "fit to page" at 94-97 %) lies on
  a table; a random 3-D pose (any turn, tilt up to 35 degrees) seen by a pinhole camera (field of
  view 55-75 degrees), radial lens distortion, light from a point lamp (cosine and inverse
  square), ambient light, a soft shadow, vignetting, defocus, a Bayer sensor with shot and read
  noise, demosaicing, white balance, gamma, sometimes sharpening, JPEG 60-95 by Pillow or OpenCV,
  1 to 12 megapixels.

The score: per space, the reading is right or wrong, flagged (listed uncertain) or not. The
guarantee the reader gives is **0 spaces wrong and not flagged**; a refused photo (exit 1) is
counted apart with its reason. CPU is user + sys of this process around ``read_photo`` alone.

    python benchmarks/indep_photos.py --count 50 --first 0            # dev seeds 0-99,999
    python benchmarks/indep_photos.py --count 200 --first 100000      # the held-out range, once
    python benchmarks/indep_photos.py --one 17 --out /tmp/p17.jpg     # write one photo and its board

Seeds are this generator's own (dev 0-99,999; held out 100,000-199,999: measure a fresh range once,
with the code frozen). Rounds one to sixteen developed on 0-9,999; 10,000-99,999 joined dev in round seventeen.
"""

from __future__ import annotations

import argparse
import io
import json
import math
import resource
import subprocess
import sys
import tempfile
from collections import defaultdict
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np
from PIL import Image

from railprint.games.railroad_ink.board import EXIT_AT, SIZE, Board, Cell, square

DEV_SEEDS = range(0, 100_000)
HELD_OUT_SEEDS = range(100_000, 200_000)
CELL_MM = 21.0
HALF = CELL_MM / 2

# --------------------------------------------------------------------------- the board, by the rules

N, E, S, W = range(4)
_ROUTE_FACES = ("h.h.", "r.r.", "hh..", "rr..", "hhh.", "rrr.")
_SPECIAL_DIE = (("hrhr", "o"), ("h.r.", "s"), ("hr..", "s"))
_SPECIAL_ROUTES = (("hhhh", ""), ("rrrr", ""), ("hhhr", "s"), ("hrrr", "s"), ("hhrr", "s"), ("hrhr", "s"))


def _turns(edges: str) -> set[str]:
    out = set()
    for e in (edges, edges[0] + edges[3] + edges[2] + edges[1]):   # as drawn and mirrored
        for k in range(4):
            out.add(e[k:] + e[:k])
    return out


def _fits(grid: dict, r: int, c: int, edges: str) -> int:
    """How many of the piece's route ends join (an exit or a route of their type); -1 when one
    meets the other type (an illegal contact) or nothing joins."""
    joins = 0
    for side in range(4):
        t = edges[side]
        rr, cc = r + (-1, 0, 1, 0)[side], c + (0, 1, 0, -1)[side]
        if 0 <= rr < SIZE and 0 <= cc < SIZE:
            other = grid.get((rr, cc))
            facing = other[0][(side + 2) % 4] if other else "."
            if t != "." and facing != ".":
                if facing != t:
                    return -1
                joins += 1
            elif t == "." and facing != ".":
                pass    # the neighbour's end stays open (an error, but drawn as rolled)
        else:
            x = EXIT_AT.get((r, c, side))
            if t != "." and x is not None:
                if x.kind != t:
                    return -1
                joins += 1
    return joins if joins else -1


def make_board(rng: np.random.Generator) -> Board:
    grid: dict[tuple[int, int], tuple[str, str]] = {}
    specials = list(_SPECIAL_ROUTES)
    rng.shuffle(specials)
    used = 0
    for _round in range(7):
        dice = [(_ROUTE_FACES[rng.integers(6)], "") for _ in range(3)]
        dice.append(_SPECIAL_DIE[rng.integers(3)])
        if used < 3 and rng.random() < 0.4:
            dice.append(specials[used])
            used += 1
        for edges, marker in dice:
            best = []
            for r in range(SIZE):
                for c in range(SIZE):
                    if (r, c) in grid:
                        continue
                    for e in sorted(_turns(edges)):
                        j = _fits(grid, r, c, e)
                        if j > 0:
                            best.append((j, r, c, e))
            if not best:
                continue
            weights = np.array([j * j for j, *_ in best], float)
            j, r, c, e = best[rng.choice(len(best), p=weights / weights.sum())]
            grid[(r, c)] = (e, marker)
    rows = tuple(tuple(Cell(*grid[(r, c)]) if (r, c) in grid else Cell() for c in range(SIZE)) for r in range(SIZE))
    return Board(rows)


def kind_of(cell: Cell) -> str:
    """What a space holds, for the breakdown."""
    if cell.empty:
        return "empty"
    if cell.marker == "o":
        return "overpass"
    if cell.marker == "s":
        return "station"
    sides = [i for i in range(4) if cell.edges[i] != "."]
    t = cell.edges[sides[0]]
    if len(sides) == 2:
        return ("straight-" if (sides[1] - sides[0]) == 2 else "curve-") + t
    return ("T-" if len(sides) == 3 else "cross-") + t


# --------------------------------------------------------------------------- the printed sheet

@lru_cache(maxsize=8)
def _sheet_pdf(seed: int, lang: str, paper: str) -> bytes:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "s.pdf"
        subprocess.run([sys.executable, "-m", "railprint", "sheet", "railroad-ink", "--seed", str(seed),
                        "--lang", lang, "--paper", paper, "--date", "2026-11-30", "-o", str(out)],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return out.read_bytes()


@lru_cache(maxsize=6)
def printed_sheet(seed: int, lang: str, paper: str, ppm: int) -> tuple[np.ndarray, tuple[float, float], tuple[float, float]]:
    """The sheet rasterised at ``ppm`` px/mm (grey 0..1, float32), the grid's top-left corner (mm,
    the middle of its outer line) and the page size (mm)."""
    import pypdfium2

    doc = pypdfium2.PdfDocument(_sheet_pdf(seed, lang, paper))
    page = doc[0]
    w_pt, h_pt = page.get_size()
    grey = np.asarray(page.render(scale=ppm * 25.4 / 72, grayscale=True).to_pil().convert("L"), np.float32) / 255
    doc.close()
    dark = grey < 0.5
    h, w = grey.shape
    cols = np.where(dark[int(h * 0.35):int(h * 0.6)].mean(axis=0) > 0.9)[0]
    rows = np.where(dark[:, int(cols[0]) + 5 * ppm:int(cols[0]) + 60 * ppm].mean(axis=1) > 0.9)[0]
    left = cols[cols < cols[0] + ppm].mean()
    top = rows[rows < rows[0] + ppm].mean()
    right = cols[cols > cols[-1] - ppm].mean()
    if abs((right - left) / ppm - 7 * CELL_MM) > 1.0:
        raise RuntimeError(f"grid not found in the sheet raster ({(right - left) / ppm:.1f} mm wide)")
    return grey, ((left + 0.5) / ppm, (top + 0.5) / ppm), (w_pt * 25.4 / 72, h_pt * 25.4 / 72)


# --------------------------------------------------------------------------- the player's hand

PENS = {
    #           width mm      darkness     colours
    "pencil": ((0.35, 0.7), (0.35, 0.75), ("graphite",)),
    "ballpoint": ((0.3, 0.45), (0.6, 0.9), ("blue", "blue", "black")),
    "gel": ((0.45, 0.7), (0.85, 1.0), ("black", "blue", "black")),
    "fineliner": ((0.3, 0.5), (0.9, 1.0), ("black", "black", "blue")),
    "marker": ((0.8, 1.5), (0.9, 1.0), ("black", "blue", "red", "green")),
}
INKS = {"graphite": (0.28, 0.28, 0.30), "black": (0.05, 0.05, 0.06), "blue": (0.10, 0.14, 0.45),
        "red": (0.65, 0.08, 0.08), "green": (0.08, 0.40, 0.14)}   # linear reflectance, full darkness
HIGHWAY = ("double", "double-centre", "bold", "single")
RAILWAY = ("ticks", "sparse-ticks", "ladder")
CORNER = ("arc", "sharp", "rounded")
STATION = ("filled-square", "hollow-square", "hatched-square", "filled-circle")
OVERPASS = ("bridge", "break", "cross")


@dataclass
class Hand:
    pen: str
    ink: str
    width: float
    dark: float
    highway: str
    railway: str
    corner: str
    station: str
    overpass: str
    hw_gap: float          # half the distance between a highway's two lines (mm)
    bold: float            # a bold highway's width (mm)
    tick_every: float
    tick_half: float
    ladder_half: float
    wobble: float          # mm
    offset: float          # the largest off-centre shift (mm)
    overshoot: tuple[float, float]
    short_centre: float    # how far a station's or a T's arm may stop short of the centre (mm)
    station_size: float
    numbers: bool          # writes the round numbers in the corner boxes

    def styles(self) -> dict:
        return {"pen": self.pen, "ink": self.ink, "highway": self.highway, "railway": self.railway,
                "corner": self.corner, "station": self.station, "overpass": self.overpass}


def make_hand(rng: np.random.Generator) -> Hand:
    pen = str(rng.choice(list(PENS), p=[0.3, 0.25, 0.2, 0.15, 0.1]))
    (w0, w1), (d0, d1), inks = PENS[pen]
    return Hand(pen=pen, ink=str(rng.choice(inks)), width=float(rng.uniform(w0, w1)), dark=float(rng.uniform(d0, d1)),
                highway=str(rng.choice(HIGHWAY)), railway=str(rng.choice(RAILWAY)), corner=str(rng.choice(CORNER)),
                station=str(rng.choice(STATION)), overpass=str(rng.choice(OVERPASS)),
                hw_gap=float(rng.uniform(1.0, 2.0)), bold=float(rng.uniform(1.2, 2.2)),
                tick_every=float(rng.uniform(2.0, 3.5)), tick_half=float(rng.uniform(1.2, 2.2)),
                ladder_half=float(rng.uniform(0.7, 1.3)), wobble=float(rng.uniform(0.05, 0.45)),
                offset=float(rng.uniform(0.0, 1.8)), overshoot=(float(rng.uniform(-1.2, 0.0)), float(rng.uniform(0.0, 2.5))),
                short_centre=float(rng.uniform(0.0, 3.0)), station_size=float(rng.uniform(3.5, 6.5)),
                numbers=bool(rng.random() < 0.6))


class Ink:
    """The ink's darkness (0..1) over the sheet raster; strokes in sheet mm."""

    def __init__(self, shape: tuple[int, int], ppm: int, hand: Hand, rng: np.random.Generator):
        self.mask = np.zeros(shape, np.uint8)
        self.ppm = ppm
        self.hand = hand
        self.rng = rng

    def stroke(self, pts, width: float | None = None, wobble: float | None = None) -> None:
        pts = np.asarray(pts, np.float64)
        if len(pts) < 2:
            return
        seg = np.diff(pts, axis=0)
        lengths = np.hypot(seg[:, 0], seg[:, 1])
        total = float(lengths.sum())
        if total < 1e-6:
            return
        n = max(2, int(total / 0.4) + 1)
        at = np.concatenate([[0], np.cumsum(lengths)])
        s = np.linspace(0, total, n)
        dense = np.stack([np.interp(s, at, pts[:, 0]), np.interp(s, at, pts[:, 1])], axis=1)
        tang = np.gradient(dense, axis=0)
        norm = np.stack([-tang[:, 1], tang[:, 0]], axis=1)
        norm /= np.maximum(np.hypot(norm[:, 0], norm[:, 1]), 1e-9)[:, None]
        wob = self.hand.wobble if wobble is None else wobble
        rng = self.rng
        off = np.zeros(n)
        for _ in range(2):
            off += wob * rng.uniform(0.3, 1.0) * np.sin(2 * np.pi * s / rng.uniform(8, 30) + rng.uniform(0, 6.3))
        dense = dense + norm * off[:, None]
        w = self.hand.width if width is None else width
        px = np.round(dense * self.ppm * 8).astype(np.int32)     # 3 fractional bits
        thick = max(1, int(round(w * self.ppm)))
        # pressure varies along the stroke: draw it in pieces of a few mm
        step = max(2, int(4 / 0.4))
        for i in range(0, n - 1, step):
            piece = px[i:i + step + 1]
            pressure = self.hand.dark * rng.uniform(0.8, 1.0)
            if self.hand.pen == "ballpoint" and rng.random() < 0.08:
                pressure *= 0.35                                   # the ball skips
            cv2.polylines(self.mask, [piece.reshape(-1, 1, 2)], False, int(255 * pressure), thick, cv2.LINE_AA, 3)

    def density(self) -> np.ndarray:
        d = self.mask.astype(np.float32) / 255
        if self.hand.pen == "pencil":      # graphite catches on the paper's tooth
            grain = self.rng.uniform(0.35, 1.0, size=d.shape).astype(np.float32)
            grain = cv2.GaussianBlur(grain, (0, 0), 0.6)
            d *= np.clip(grain * 1.4, 0, 1)
        return d


def _arc(cx, cy, r, a0, a1, n=24):
    t = np.linspace(a0, a1, n)
    return np.stack([cx + r * np.cos(t), cy + r * np.sin(t)], axis=1)


_OUT = {N: (0, -1), E: (1, 0), S: (0, 1), W: (-1, 0)}


def _offsets(pts) -> tuple[np.ndarray, np.ndarray]:
    pts = np.asarray(pts, float)
    tang = np.gradient(pts, axis=0)
    norm = np.stack([-tang[:, 1], tang[:, 0]], axis=1)
    norm /= np.maximum(np.hypot(norm[:, 0], norm[:, 1]), 1e-9)[:, None]
    return pts, norm


def _resample(pts, step=0.5):
    pts = np.asarray(pts, float)
    seg = np.diff(pts, axis=0)
    at = np.concatenate([[0], np.cumsum(np.hypot(seg[:, 0], seg[:, 1]))])
    s = np.linspace(0, at[-1], max(2, int(at[-1] / step) + 1))
    return np.stack([np.interp(s, at, pts[:, 0]), np.interp(s, at, pts[:, 1])], axis=1), s


def draw_route(ink: Ink, pts, kind: str) -> None:
    """One route along the centre line ``pts`` (mm), drawn the hand's way."""
    hand = ink.hand
    pts, s = _resample(pts)
    if len(pts) < 2:
        return
    _, nrm = _offsets(pts)
    if kind == "h":
        if hand.highway in ("double", "double-centre"):
            ink.stroke(pts + nrm * hand.hw_gap)
            ink.stroke(pts - nrm * hand.hw_gap)
            if hand.highway == "double-centre":
                dash = 2.0
                k = 0
                while k * dash * 2 < s[-1]:
                    i0, i1 = np.searchsorted(s, [k * dash * 2 + 0.5, k * dash * 2 + dash + 0.5])
                    if i1 - i0 >= 2:
                        ink.stroke(pts[i0:i1], wobble=0.05)
                    k += 1
        elif hand.highway == "bold":
            passes = max(1, int(math.ceil(hand.bold / hand.width)))
            for k in range(passes):
                o = (k - (passes - 1) / 2) * (hand.bold - hand.width) / max(1, passes - 1)
                ink.stroke(pts + nrm * o, wobble=hand.wobble * 0.5)
        else:
            ink.stroke(pts)
    else:
        if hand.railway == "ladder":
            ink.stroke(pts + nrm * hand.ladder_half)
            ink.stroke(pts - nrm * hand.ladder_half)
            half = hand.ladder_half + 0.3
        else:
            ink.stroke(pts)
            half = hand.tick_half
        every = hand.tick_every * (2.0 if hand.railway == "sparse-ticks" else 1.0)
        t = every * 0.6
        while t < s[-1] - every * 0.3:
            i = int(np.searchsorted(s, t))
            i = min(i, len(pts) - 1)
            p, q = pts[i], nrm[i]
            ink.stroke([p - q * half, p + q * half], wobble=0.03)
            t += every * ink.rng.uniform(0.85, 1.15)


def draw_cell(ink: Ink, cx: float, cy: float, cell: Cell, rng: np.random.Generator) -> None:
    hand = ink.hand
    ox, oy = rng.uniform(-hand.offset, hand.offset, 2)
    centre = np.array([cx + ox, cy + oy])

    def end(side: int) -> np.ndarray:
        dx, dy = _OUT[side]
        reach = HALF + rng.uniform(*hand.overshoot)
        return np.array([cx + ox * (dx == 0) + dx * reach, cy + oy * (dy == 0) + dy * reach])

    def towards_centre(side: int, short: float) -> np.ndarray:
        dx, dy = _OUT[side]
        return centre + np.array([dx, dy]) * short

    sides = [i for i in range(4) if cell.edges[i] != "."]
    if cell.marker == "o":
        h_sides = [i for i in sides if cell.edges[i] == "h"]
        r_sides = [i for i in sides if cell.edges[i] == "r"]
        top, under = (("h", h_sides), ("r", r_sides)) if rng.random() < 0.6 else (("r", r_sides), ("h", h_sides))
        draw_route(ink, [end(top[1][0]), end(top[1][1])], top[0])
        if hand.overpass == "cross":
            draw_route(ink, [end(under[1][0]), end(under[1][1])], under[0])
            return
        top_half = (hand.hw_gap if (top[0] == "h" and hand.highway.startswith("double")) else
                    hand.bold / 2 if (top[0] == "h" and hand.highway == "bold") else
                    hand.ladder_half if hand.railway == "ladder" and top[0] == "r" else hand.tick_half * 0.6)
        gap = top_half + rng.uniform(0.8, 1.8)
        for side in under[1]:
            draw_route(ink, [end(side), towards_centre(side, gap)], under[0])
        if hand.overpass == "bridge":
            ax, ay = _OUT[top[1][0]]       # along the upper route
            for side in under[1]:
                dx, dy = _OUT[side]
                base = centre + np.array([dx, dy]) * (gap - 0.3)
                along = np.array([ax, ay], float)
                out = np.array([dx, dy], float)
                t = np.linspace(-1, 1, 12)[:, None]
                ink.stroke(base + along * t * 3.0 + out * (t ** 2) * 1.5)   # a bracket bowing away from the upper route
        return
    if cell.marker == "s":
        size = hand.station_size
        for side in sides:
            draw_route(ink, [end(side), towards_centre(side, size / 2 + rng.uniform(0, hand.short_centre))], cell.edges[side])
        draw_station(ink, centre, size, rng)
        return
    kind = cell.edges[sides[0]]
    if len(sides) == 2 and (sides[1] - sides[0]) != 2:            # a corner
        a, b = sides
        pa, pb = end(a), end(b)
        da, db = np.array(_OUT[a], float), np.array(_OUT[b], float)
        inner = np.array([pa[0], pb[1]]) if _OUT[a][0] == 0 else np.array([pb[0], pa[1]])
        style = hand.corner if rng.random() < 0.85 else str(rng.choice(CORNER))
        if style == "sharp":
            pts = np.array([pa, inner, pb])
        else:
            legs = min(float(np.hypot(*(pa - inner))), float(np.hypot(*(pb - inner))))
            radius = legs if style == "arc" else min(legs, rng.uniform(3, 6))
            c0 = inner + (da + db) * radius
            qa, qb = c0 - db * radius, c0 - da * radius
            a0 = math.atan2(qa[1] - c0[1], qa[0] - c0[0])
            a1 = math.atan2(qb[1] - c0[1], qb[0] - c0[0])
            if a1 - a0 > math.pi:
                a1 -= 2 * math.pi
            elif a0 - a1 > math.pi:
                a1 += 2 * math.pi
            pts = np.vstack([[pa], _arc(c0[0], c0[1], radius, a0, a1), [pb]])
        draw_route(ink, pts, kind)
        return
    through = [(i, (i + 2) % 4) for i in sides if i < 2 and (i + 2) % 4 in sides]
    for a, b in through:
        draw_route(ink, [end(a), end(b)], kind)
    paired = {x for pair in through for x in pair}
    for side in sides:
        if side not in paired:                                    # a T's stem
            draw_route(ink, [end(side), towards_centre(side, rng.uniform(0, hand.short_centre * 0.5))], kind)


def draw_station(ink: Ink, c: np.ndarray, size: float, rng: np.random.Generator) -> None:
    hand = ink.hand
    h = size / 2
    if hand.station.endswith("circle"):
        ring = _arc(c[0], c[1], h, 0, 2 * math.pi + 0.3, 40)
        ink.stroke(ring, wobble=0.05)
        fill_r = h
        step = hand.width * (0.9 if hand.pen != "pencil" else 0.8)
        y = -fill_r
        while y < fill_r:
            x = math.sqrt(max(fill_r * fill_r - y * y, 0))
            ink.stroke([c + [-x, y], c + [x, y]], wobble=0.02)
            y += step
        return
    box = np.array([[-h, -h], [h, -h], [h, h], [-h, h], [-h, -h + 0.2]]) + c
    ink.stroke(box, wobble=0.05)
    if hand.station == "filled-square":
        step = hand.width * 0.9
        y = -h
        while y < h:
            ink.stroke([c + [-h, y], c + [h, y]], wobble=0.02)
            y += step
    elif hand.station == "hatched-square":
        step = rng.uniform(0.9, 1.6)
        k = -2 * h
        while k < 2 * h:
            # the line x - y = k inside the square
            x0, x1 = max(-h, k - h), min(h, k + h)
            if x1 > x0:
                ink.stroke([c + [x0, x0 - k], c + [x1, x1 - k]], wobble=0.02)
            k += step


def write_number(ink: Ink, x: float, y: float, n: int, rng: np.random.Generator) -> None:
    ppm = ink.ppm
    scale = rng.uniform(2.4, 3.4) * ppm / 22          # a digit 2.4-3.4 mm tall
    org = (int((x - 1.0 + rng.uniform(-0.5, 0.5)) * ppm), int((y + 1.4 + rng.uniform(-0.5, 0.5)) * ppm))
    cv2.putText(ink.mask, str(n), org, cv2.FONT_HERSHEY_SCRIPT_SIMPLEX, scale,
                int(255 * ink.hand.dark), max(1, int(ink.hand.width * ppm * 0.8)), cv2.LINE_AA)


def draw_board(ink: Ink, board: Board, grid_tl: tuple[float, float], rng: np.random.Generator) -> None:
    gx, gy = grid_tl
    order = list(board.cells())
    for r, c, cell in order:
        if cell.empty:
            continue
        cx, cy = gx + CELL_MM * c + HALF, gy + CELL_MM * r + HALF
        draw_cell(ink, cx, cy, cell, rng)
        if ink.hand.numbers:
            write_number(ink, cx + 7.6, cy + 7.6, int(rng.integers(1, 8)), rng)


# --------------------------------------------------------------------------- the camera

@dataclass
class Shot:
    width: int
    height: int
    tilt: float
    turn: float
    fov: float
    k1: float
    jpeg: int
    encoder: str
    blur: float
    light: str
    scale: float
    facts: dict = field(default_factory=dict)


def _rot(axis, angle):
    return cv2.Rodrigues(np.asarray(axis, float) * angle)[0]


def pose(rng, page_mm, grid_box, w, h, f) -> np.ndarray | None:
    """A homography page mm -> ideal image px for a random pose whose grid and markers are in frame."""
    pw, ph = page_mm
    turn = rng.uniform(0, 2 * math.pi)
    tilt = math.radians(rng.uniform(0, 35))
    axis_ang = rng.uniform(0, 2 * math.pi)
    R = _rot([math.cos(axis_ang), math.sin(axis_ang), 0], tilt) @ _rot([0, 0, 1], turn)
    K = np.array([[f, 0, w / 2], [0, f, h / 2], [0, 0, 1]])
    x0, y0, x1, y1 = grid_box
    corners = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], float)
    fill = rng.uniform(0.45, 0.85)                  # the grid's side (as the root of its area) / the short side
    centre = np.array([(x0 + x1) / 2 + rng.uniform(-25, 25), (y0 + y1) / 2 + rng.uniform(-25, 25)])
    dist = 1000.0
    for _ in range(6):
        t = np.array([0, 0, dist]) - R @ np.array([centre[0], centre[1], 0])
        H = K @ np.column_stack([R[:, 0], R[:, 1], t])
        p = cv2.perspectiveTransform(corners.reshape(-1, 1, 2), H).reshape(-1, 2)
        span = math.sqrt(abs(cv2.contourArea(p.astype(np.float32))))
        dist *= span / (fill * min(w, h))
    p = cv2.perspectiveTransform(corners.reshape(-1, 1, 2), H).reshape(-1, 2)
    shift = np.array([rng.uniform(-1, 1) * max(0, (w - np.ptp(p[:, 0])) / 2 - 0.03 * w),
                      rng.uniform(-1, 1) * max(0, (h - np.ptp(p[:, 1])) / 2 - 0.03 * h)])
    shift += np.array([w / 2, h / 2]) - p.mean(axis=0)
    H = np.array([[1, 0, shift[0]], [0, 1, shift[1]], [0, 0, 1]]) @ H
    p = cv2.perspectiveTransform(corners.reshape(-1, 1, 2), H).reshape(-1, 2)
    if p[:, 0].min() < 0.02 * w or p[:, 0].max() > 0.98 * w or p[:, 1].min() < 0.02 * h or p[:, 1].max() > 0.98 * h:
        return None
    return H / H[2, 2], math.degrees(tilt), math.degrees(turn)


def _srgb(x: np.ndarray) -> np.ndarray:
    x = np.clip(x, 0, 1)
    return np.where(x <= 0.0031308, 12.92 * x, 1.055 * np.power(x, 1 / 2.4) - 0.055)


def make_photo(seed: int, flat: bool = False) -> tuple[bytes, Board, dict]:
    """(JPEG bytes, the board drawn, what was chosen) for ``seed``; ``flat``: the drawn sheet
    itself as a PNG, before the camera."""
    rng = np.random.default_rng([35, seed])
    board = make_board(rng)
    hand = make_hand(rng)
    mp = float(rng.choice([1, 2, 3, 5, 8, 12], p=[0.15, 0.2, 0.2, 0.2, 0.1, 0.15]))
    aspect = 4 / 3 if rng.random() < 0.8 else 16 / 9
    long = int(round(math.sqrt(mp * 1e6 * aspect)))
    short = int(round(long / aspect))
    w, h = (long, short) if rng.random() < 0.5 else (short, long)
    ppm = int(rng.choice([6, 8, 10]) if mp <= 5 else rng.choice([10, 12]))
    lang = str(rng.choice(["en", "pl"]))
    paper = "a4" if rng.random() < 0.8 else "letter"
    grey, (gx, gy), page_mm = printed_sheet(int(rng.choice([7, 4242])), lang, paper, ppm)
    ink = Ink(grey.shape, ppm, hand, rng)
    draw_board(ink, board, (gx, gy), rng)
    # scribbles outside the grid: ticks in the dice boxes, numbers in the score boxes
    for _ in range(int(rng.integers(0, 10))):
        x, y = rng.uniform(10, page_mm[0] - 10), rng.uniform(gy + 7 * CELL_MM + 12, page_mm[1] - 30)
        ink.stroke([[x, y], [x + 1.2, y + 1.5], [x + 3.5, y - 2.5]])
    dens = ink.density()
    paper_rgb = np.array(rng.uniform(0.86, 0.95) + rng.uniform(-0.015, 0.015, 3), np.float32)
    ink_rgb = np.array(INKS[hand.ink], np.float32)
    toner = rng.uniform(0.75, 1.0)                                 # a light printer
    printed = 1 - (1 - grey) * toner
    refl = paper_rgb[None, None, :] * printed[..., None] * (1 - dens[..., None] * (1 - ink_rgb[None, None, :]))
    refl8 = np.clip(refl * 255 + rng.normal(0, 1.2, refl.shape[:2])[..., None], 0, 255).astype(np.uint8)
    del refl, dens, printed
    if flat:
        return cv2.imencode(".png", cv2.cvtColor(refl8, cv2.COLOR_RGB2BGR))[1].tobytes(), board, hand.styles()
    # the table beyond the page: 1 px/mm, from -600 to +900 mm
    tab_rgb = np.array([(0.45, 0.3, 0.18), (0.25, 0.16, 0.1), (0.6, 0.6, 0.58), (0.12, 0.12, 0.13), (0.8, 0.78, 0.74),
                        (0.35, 0.4, 0.45)][rng.integers(6)], np.float32) * rng.uniform(0.8, 1.1)
    tab = np.empty((1500, 1500, 3), np.float32)
    grain = cv2.GaussianBlur(rng.normal(0, 1, (1500, 1500)).astype(np.float32), (0, 0), sigmaX=8, sigmaY=1.5)
    tab[:] = tab_rgb * (1 + 0.08 * grain / max(grain.std(), 1e-6))[..., None]
    tab8 = np.clip(tab * 255, 0, 255).astype(np.uint8)
    # printed "fit to page": the page's content scaled about the page centre
    scale = float(rng.choice([1.0, 1.0, 1.0, 0.97, 0.94]))
    pcx, pcy = page_mm[0] / 2, page_mm[1] / 2
    S_fit = np.array([[scale, 0, pcx * (1 - scale)], [0, scale, pcy * (1 - scale)], [0, 0, 1]])
    fov = math.radians(rng.uniform(55, 75))
    f = max(w, h) / 2 / math.tan(fov / 2)
    grid_box = (gx - 6, gy - 6, gx + 7 * CELL_MM + 6, gy + 7 * CELL_MM + 6)   # with the markers
    got = None
    for _ in range(20):
        got = pose(rng, page_mm, grid_box, w, h, f)
        if got is not None:
            break
    if got is None:
        raise RuntimeError(f"seed {seed}: no pose found")
    Hp, tilt, turn = got
    H = Hp @ S_fit                                  # print mm -> ideal px
    Hinv = np.linalg.inv(H)
    Hplane_inv = np.linalg.inv(Hp)                  # ideal px -> page mm (for light, table, edges)
    k1 = float(rng.uniform(-0.06, 0.03))
    # light: a lamp above the table, in page mm
    lamp = np.array([rng.uniform(-300, page_mm[0] + 300), rng.uniform(-300, page_mm[1] + 300), rng.uniform(350, 1500)])
    ambient = float(rng.uniform(0.15, 0.6))
    light = rng.choice(["lamp", "lamp+shadow"], p=[0.7, 0.3])
    sh_c = np.array([rng.uniform(0, page_mm[0]), rng.uniform(0, page_mm[1])])
    sh_r = rng.uniform(40, 140, 2)
    sh_soft = rng.uniform(8, 40)
    sh_depth = rng.uniform(0.2, 0.55)
    vign = float(rng.uniform(0.0, 0.35))
    out = np.empty((h, w, 3), np.float32)
    rr = math.hypot(w / 2, h / 2)
    # reference irradiance: at the page centre, so the paper lands mid-scale
    def irr(X, Y):
        d2 = (X - lamp[0]) ** 2 + (Y - lamp[1]) ** 2 + lamp[2] ** 2
        return lamp[2] / d2 ** 1.5
    e0 = irr(pcx, pcy)
    for y0 in range(0, h, 256):
        y1 = min(h, y0 + 256)
        u, v = np.meshgrid(np.arange(w, dtype=np.float32), np.arange(y0, y1, dtype=np.float32))
        xn, yn = (u - w / 2) / rr, (v - h / 2) / rr
        r2 = xn * xn + yn * yn
        fac = 1 + k1 * r2
        ui, vi = w / 2 + xn * fac * rr, h / 2 + yn * fac * rr
        def to(Hm):
            den = Hm[2, 0] * ui + Hm[2, 1] * vi + Hm[2, 2]
            return (Hm[0, 0] * ui + Hm[0, 1] * vi + Hm[0, 2]) / den, (Hm[1, 0] * ui + Hm[1, 1] * vi + Hm[1, 2]) / den
        Xs, Ys = to(Hinv)                              # print mm: where the sheet raster is read
        Xp, Yp = to(Hplane_inv)                        # page mm: light, table and the page's edge
        sheet = cv2.remap(refl8, (Xs * ppm - 0.5).astype(np.float32), (Ys * ppm - 0.5).astype(np.float32),
                          cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        table = cv2.remap(tab8, (Xp + 600).astype(np.float32), (Yp + 600).astype(np.float32), cv2.INTER_LINEAR,
                          borderMode=cv2.BORDER_REFLECT)
        inside = ((Xp >= 0) & (Xp <= page_mm[0]) & (Yp >= 0) & (Yp <= page_mm[1]))[..., None]
        rad = np.where(inside, sheet, table).astype(np.float32) / 255
        E = ambient + (1 - ambient) * irr(Xp, Yp) / e0
        if light == "lamp+shadow":
            d = np.sqrt(((Xp - sh_c[0]) / sh_r[0]) ** 2 + ((Yp - sh_c[1]) / sh_r[1]) ** 2)
            E = E * (1 - sh_depth / (1 + np.exp((d - 1) * np.mean(sh_r) / sh_soft)))
        E = E * (1 - vign * r2 * 2)
        out[y0:y1] = rad * E[..., None]
    tilt_facts = {"tilt": round(tilt, 1), "turn": round(turn, 1)}
    exposure = rng.uniform(0.75, 1.15) / max(float(np.percentile(out[::8, ::8, 1], 97)), 1e-3)
    out *= exposure
    blur = float(rng.choice([0, 0, rng.uniform(0.3, 1.5)])) * max(w, h) / 3000
    if blur > 0.2:
        out = cv2.GaussianBlur(out, (0, 0), blur)
    # the sensor: RGGB Bayer, channel gains of a raw sensor, shot and read noise, 10 bits
    gains = np.array([rng.uniform(0.45, 0.6), 1.0, rng.uniform(0.55, 0.75)], np.float32)   # R G B
    full = rng.uniform(600, 4000)                   # electrons at full scale (small sensors: few)
    bayer = np.empty((h, w), np.float32)
    bayer[0::2, 0::2] = out[0::2, 0::2, 0] * gains[0]
    bayer[0::2, 1::2] = out[0::2, 1::2, 1] * gains[1]
    bayer[1::2, 0::2] = out[1::2, 0::2, 1] * gains[1]
    bayer[1::2, 1::2] = out[1::2, 1::2, 2] * gains[2]
    del out
    electrons = np.clip(bayer, 0, 1) * full
    bayer = (electrons + rng.normal(0, 1, electrons.shape).astype(np.float32) * np.sqrt(electrons + 4)) / full
    raw = np.clip(bayer * 1023, 0, 1023).astype(np.uint16) * 64
    del bayer, electrons
    rgb = cv2.demosaicing(raw, cv2.COLOR_BayerRGGB2RGB if hasattr(cv2, "COLOR_BayerRGGB2RGB") else cv2.COLOR_BayerBG2RGB)
    del raw
    rgb = rgb.astype(np.float32) / 65535 / gains[None, None, :]
    enc = _srgb(rgb)
    del rgb
    img = np.clip(enc * 255 + 0.5, 0, 255).astype(np.uint8)
    sharpen = rng.random() < 0.5
    if sharpen:
        soft = cv2.GaussianBlur(img, (0, 0), 1.2)
        img = cv2.addWeighted(img, 1.6, soft, -0.6, 0)
    quality = int(rng.integers(60, 96))
    encoder = "pillow" if rng.random() < 0.5 else "opencv"
    if encoder == "pillow":
        buf = io.BytesIO()
        Image.fromarray(img).save(buf, "JPEG", quality=quality, subsampling=int(rng.choice([0, 2])))
        data = buf.getvalue()
    else:
        data = cv2.imencode(".jpg", cv2.cvtColor(img, cv2.COLOR_RGB2BGR), [cv2.IMWRITE_JPEG_QUALITY, quality])[1].tobytes()
    facts = dict(hand.styles(), mp=mp, size=f"{w}x{h}", jpeg=quality, encoder=encoder, blur=round(blur, 2),
                 light=str(light), fit=scale, k1=round(k1, 3), sharpen=sharpen, lang=lang, paper=paper,
                 numbers=hand.numbers, **tilt_facts)
    return data, board, facts


# --------------------------------------------------------------------------- scoring the reader

def read(data: bytes, name: str):
    """(reading or None, refusal message or None, CPU seconds)."""
    from railprint.games.railroad_ink.photo.read import PhotoError, read_photo

    before = resource.getrusage(resource.RUSAGE_SELF)
    try:
        reading, refusal = read_photo(data, name), None
    except PhotoError as exc:
        reading, refusal = None, exc.message
    after = resource.getrusage(resource.RUSAGE_SELF)
    return reading, refusal, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def compare(board: Board, reading) -> list[dict]:
    """One row per space: square, truth, read, flagged, kind."""
    flagged = {u.square for u in reading.uncertain}
    rows = []
    for r, c, cell in board.cells():
        got = reading.board[r, c]
        sq = square(r, c)
        rows.append({"square": sq, "truth": cell.token, "read": got.token, "right": got == cell,
                     "flagged": sq in flagged, "kind": kind_of(cell)})
    return rows


def run(seeds, verbose: bool = False, keep: str | None = None) -> dict:
    totals = defaultdict(float)
    by_style: dict[tuple[str, str], dict] = defaultdict(lambda: defaultdict(float))
    by_kind: dict[str, dict] = defaultdict(lambda: defaultdict(float))
    refusals, silent, cpu_max = [], [], (0.0, None)
    for seed in seeds:
        data, board, facts = make_photo(seed)
        if keep:
            Path(keep, f"indep-{seed}.jpg").write_bytes(data)
        reading, refusal, cpu = read(data, f"indep-{seed}.jpg")
        totals["photos"] += 1
        if cpu > cpu_max[0]:
            cpu_max = (cpu, f"{seed} ({facts['mp']:g} MP)")
        if facts["mp"] == 12:
            totals["cpu12"] = max(totals["cpu12"], cpu)
        if reading is None:
            refusals.append((seed, refusal, facts))
            for k in ("pen", "highway", "railway", "corner", "station", "overpass"):
                by_style[(k, facts[k])]["refused"] += 1
            if verbose:
                print(f"seed {seed}: refused: {refusal}  {facts}", flush=True)
            continue
        rows = compare(board, reading)
        wrong = [x for x in rows if not x["right"]]
        unflagged = [x for x in wrong if not x["flagged"]]
        nflag = sum(x["flagged"] for x in rows)
        totals["spaces"] += len(rows)
        totals["right"] += len(rows) - len(wrong)
        totals["flags"] += nflag
        totals["unflagged"] += len(unflagged)
        totals["photos_flagged"] += bool(nflag)
        for k in ("pen", "highway", "railway", "corner", "station", "overpass"):
            b = by_style[(k, facts[k])]
            b["photos"] += 1
            b["spaces"] += len(rows)
            b["wrong"] += len(wrong)
            b["unflagged"] += len(unflagged)
            b["flags"] += nflag
        for x in rows:
            b = by_kind[x["kind"]]
            b["spaces"] += 1
            b["wrong"] += not x["right"]
            b["unflagged"] += (not x["right"]) and not x["flagged"]
            b["flags"] += x["flagged"]
        for x in unflagged:
            silent.append({"seed": seed, **x, **{k: facts[k] for k in ("pen", "highway", "railway", "corner", "station", "overpass")}})
        if verbose:
            print(f"seed {seed}: {len(rows) - len(wrong)}/49 right, {nflag} flagged, {len(unflagged)} wrong unflagged"
                  f"  cpu {cpu:.2f}s  {facts}", flush=True)
            for x in unflagged:
                print(f"    SILENT {x['square']} truth {x['truth']} read {x['read']} ({x['kind']})", flush=True)
    return {"totals": dict(totals), "by_style": {f"{k}={v}": dict(b) for (k, v), b in sorted(by_style.items())},
            "by_kind": {k: dict(b) for k, b in sorted(by_kind.items())}, "refusals": refusals, "silent": silent,
            "cpu_max": cpu_max}


def report(res: dict) -> str:
    t = res["totals"]
    read_photos = t.get("photos", 0) - len(res["refusals"])
    out = [f"photos: {t.get('photos', 0):.0f}, read {read_photos:.0f}, refused {len(res['refusals'])}"]
    if t.get("spaces"):
        out.append(f"spaces right: {100 * t['right'] / t['spaces']:.2f} % of {t['spaces']:.0f} (read photos)")
        out.append(f"WRONG AND NOT FLAGGED: {t['unflagged']:.0f}")
        out.append(f"flags per read photo: {t['flags'] / read_photos:.2f}; photos with a flag: {t['photos_flagged']:.0f}")
    out.append(f"CPU max {res['cpu_max'][0]:.2f} s (seed {res['cpu_max'][1]}); 12 MP max {t.get('cpu12', 0):.2f} s")
    out.append("")
    out.append(f"{'style':<28}{'photos':>7}{'right %':>9}{'silent':>8}{'flags/ph':>9}{'refused':>8}")
    for key, b in res["by_style"].items():
        sp = b.get("spaces", 0)
        right = 100 * (1 - b.get("wrong", 0) / sp) if sp else float("nan")
        out.append(f"{key:<28}{b.get('photos', 0):>7.0f}{right:>9.2f}{b.get('unflagged', 0):>8.0f}"
                   f"{b.get('flags', 0) / max(b.get('photos', 0), 1):>9.2f}{b.get('refused', 0):>8.0f}")
    out.append("")
    out.append(f"{'space holds':<28}{'spaces':>7}{'right %':>9}{'silent':>8}{'flagged':>9}")
    for key, b in res["by_kind"].items():
        out.append(f"{key:<28}{b['spaces']:>7.0f}{100 * (1 - b['wrong'] / b['spaces']):>9.2f}{b['unflagged']:>8.0f}{b['flags']:>9.0f}")
    if res["refusals"]:
        out.append("")
        out.append("refused:")
        for seed, why, facts in res["refusals"]:
            out.append(f"  {seed}: {why}  ({facts['mp']:g} MP, tilt {facts['tilt']}, {facts['pen']}, {facts['light']})")
    if res["silent"]:
        out.append("")
        out.append("wrong and not flagged:")
        for x in res["silent"]:
            out.append(f"  seed {x['seed']} {x['square']}: truth {x['truth']} read {x['read']} ({x['kind']}; "
                       f"{x['pen']}, highway {x['highway']}, railway {x['railway']}, corner {x['corner']}, "
                       f"station {x['station']}, overpass {x['overpass']})")
    return "\n".join(out)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=20)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--one", type=int, help="write one photo (--out) and print its board and choices")
    ap.add_argument("--out", default="indep.jpg")
    ap.add_argument("--flat", action="store_true", help="with --one: the drawn sheet before the camera (PNG)")
    ap.add_argument("--keep", help="keep every photo in this folder")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    if args.one is not None:
        from railprint.games.railroad_ink.notation import format_board

        data, board, facts = make_photo(args.one, flat=args.flat)
        Path(args.out).write_bytes(data)
        print(format_board(board), json.dumps(facts), sep="")
        return 0
    seeds = range(args.first, args.first + args.count)
    in_dev = all(s in DEV_SEEDS for s in seeds)
    print(f"seeds {seeds.start}-{seeds.stop - 1} ({'dev' if in_dev else 'held out' if all(s in HELD_OUT_SEEDS for s in seeds) else 'mixed'})",
          flush=True)
    res = run(seeds, verbose=args.verbose, keep=args.keep)
    print(json.dumps(res, default=str) if args.json else report(res))
    return 0


if __name__ == "__main__":
    sys.exit(main())
