"""A third independent photo generator for ``score railroad-ink --photo`` (round seventeen).

Written without reading the reader (``railprint/games/railroad_ink/photo/``), its ``synth.py``,
the first two independent generators or ``bench_photo.py``: the sheet is ``railprint sheet``'s
own PDF (the seed's "sheet for tonight", rasterised with pypdfium2), the grid is where
``sheet.grid_origin`` and the sheet's 21 mm squares put it, and the reader is called only as a
black box (``read_photo(data, name)``).

It draws habits the other two generators do not: highways as a dashed single line, a line of
dots or two dashed lines; railways as a line with "#" hash marks, with ticks on one side only,
two rails without sleepers, or sleepers without rails; stations as a triangle, a star, a filled
diamond or a small house; overpasses as the lower route broken with little bridge wings, or as a
ring round a crossing; corners drawn as a freehand curve instead of through the space's centre;
a hard 2H pencil, a soft 6B smudged by the hand, a bleeding felt-tip, a ballpoint; white-out
corrections and lines traced twice; round numbers written in the space's other corner. And what
phones and tables do: a gingham tablecloth, a clipboard's clip, a hand or a die on the margin,
a sheet crumpled and flattened, printed in draft mode or on coloured paper, a document-scan
app's binarised page, HDR halos, a wide-angle lens's barrel distortion, a seated player's
strong perspective (at most 35 degrees), tungsten light beside a cold window, a screenshot of
the photo re-encoded twice.

Boards grow by the rules: the seed's own dice (``roll_game``: three route dice and the special
die, seven rounds, the same dice the printed round track shows), each route placed rotated or
mirrored on an empty space so that it joins an exit or an earlier route of its kind and never
touches the other kind (nor an exit of the other kind); at most one special route a round, each
once, three a game. Base game only (no meteor or lava marks).

    python benchmarks/indep3_photos.py --one 7 --out /tmp/p7.jpg [--flat]
    python benchmarks/indep3_photos.py --first 0 --count 20 [-v]      # dev seeds 0-99,999
    (held-out seeds 300,000-399,999: measure once, after the reader is frozen)
"""

from __future__ import annotations

import argparse
import io
import math
import random
import resource
import sys
from collections import defaultdict

import numpy as np

DEV = range(0, 100_000)
HELD_OUT = range(300_000, 400_000)
DATE = "2026-11-30"
DPI = 240                      # the page raster (9.45 px/mm)
K = DPI / 25.4                 # px per mm on the page
SQUARE_MM = 21.0               # content/railroad-ink/sheet.yaml: grid.square
SIDES = "NESW"
DELTA = ((-1, 0), (0, 1), (1, 0), (0, -1))

SPECIAL_ROUTES = {             # the six special routes (rulebook), one orientation each
    "hhhh": "hhhh", "rrrr": "rrrr", "3h1r": "hhhrs", "1h3r": "hrrrs",
    "adjacent": "hhrrs", "opposite": "hrhrs",
}


# ----------------------------------------------------------------------------- the board


def _orientations(token: str) -> list[str]:
    """Every rotation and mirror image of a route token (edges N E S W + marker)."""
    edges, marker = token[:4], token[4:]
    out = []
    for mirror in (False, True):
        e = edges[0] + edges[3] + edges[2] + edges[1] if mirror else edges
        for turn in range(4):
            rotated = "".join(e[(i - turn) % 4] for i in range(4))
            if rotated + marker not in out:
                out.append(rotated + marker)
    return out


def _exit_kind(r: int, c: int, side: int) -> str | None:
    from railprint.games.railroad_ink.board import EXIT_AT

    x = EXIT_AT.get((r, c, side))
    return x.kind if x else None


def _fits(cells: dict, r: int, c: int, token: str) -> tuple[bool, int, int]:
    """Whether ``token`` may be drawn at (r, c): (legal, sides joined, open sides)."""
    joined = opened = 0
    for side in range(4):
        kind = token[side]
        if kind == ".":
            continue
        dr, dc = DELTA[side]
        nr, nc = r + dr, c + dc
        if not (0 <= nr < 7 and 0 <= nc < 7):
            exit_kind = _exit_kind(r, c, side)
            if exit_kind is not None and exit_kind != kind:
                return False, 0, 0
            joined += exit_kind == kind
            continue
        other = cells.get((nr, nc))
        theirs = other[(side + 2) % 4] if other else "."
        if theirs in "hr" and theirs != kind:
            return False, 0, 0
        if theirs == kind:
            joined += 1
        else:
            opened += 1
    return joined > 0, joined, opened


def grow_board(seed: int, rng: random.Random):
    """A board grown by the rules from the seed's dice: (Board, order), ``order`` the list of
    (round, square (r, c), token) in the order drawn."""
    from railprint.games.railroad_ink.board import Board, cell_from_token
    from railprint.games.railroad_ink.rollwrite import load_rolls

    game, _dice = load_rolls(seed)
    cells: dict[tuple[int, int], str] = {}
    order = []
    specials_left = list(SPECIAL_ROUTES)
    for rnd in game.rounds:
        tokens = [roll.face.route for roll in rnd.route]
        if specials_left and len(order) > 2 and rng.random() < 0.4:
            kind = specials_left.pop(int(rng.random() * len(specials_left)))
            tokens.append(SPECIAL_ROUTES[kind])
        for i in range(len(tokens)):          # the player's own order of the round's dice
            j = i + int(rng.random() * (len(tokens) - i))
            tokens[i], tokens[j] = tokens[j], tokens[i]
        for token in tokens:
            options, weights = [], []
            for r in range(7):
                for c in range(7):
                    if (r, c) in cells:
                        continue
                    for t in _orientations(token):
                        ok, joined, opened = _fits(cells, r, c, t)
                        if ok:
                            options.append((r, c, t))
                            weights.append(math.exp(1.3 * joined - 0.6 * opened))
            if not options:
                continue                          # a die that cannot be drawn is not drawn
            pick = rng.random() * sum(weights)
            for (r, c, t), w in zip(options, weights):
                pick -= w
                if pick <= 0:
                    break
            cells[(r, c)] = t
            order.append((rnd.number, (r, c), t))
    rows = tuple(tuple(cell_from_token(cells.get((r, c), ".")) for c in range(7)) for r in range(7))
    return Board(rows), order


def replay_problems(order) -> list[str]:
    """The drawing rules checked again along ``order`` (what the test asks of every board)."""
    cells: dict = {}
    problems = []
    rounds_specials: dict[int, int] = defaultdict(int)
    used = []
    for rnd, (r, c), t in order:
        if (r, c) in cells:
            problems.append(f"{(r, c)} drawn twice")
        ok, _j, _o = _fits(cells, r, c, t)
        if not ok:
            problems.append(f"round {rnd}: {t} at {(r, c)} joins nothing or touches the other kind")
        if t in SPECIAL_ROUTES.values():
            rounds_specials[rnd] += 1
            used.append(t)
        cells[(r, c)] = t
    if any(n > 1 for n in rounds_specials.values()) or len(used) > 3 or len(set(used)) != len(used):
        problems.append(f"special routes {used}")
    return problems


# ----------------------------------------------------------------------------- habits


def choose_habits(rng: random.Random) -> dict:
    def one(*options):
        return options[int(rng.random() * len(options))]

    h = {
        "highway": one("dashed", "dotted", "double_dashed", "dashed", "dotted"),
        "railway": one("hash", "oneside", "twin", "sleepers"),
        "station": one("triangle", "star", "diamond", "house"),
        "overpass": one("wings", "wings", "ring"),
        "pen": one("2H", "6B", "felt", "ballpoint", "HB"),
        "corners": one("centre", "curve", "curve"),
        "numbers": one("box", "corner", "none"),
        "correction": one("none", "none", "whiteout", "retrace"),
        "paper": one("white", "white", "coloured", "draft", "grey_laser"),
        "crumpled": one("no", "no", "yes"),
        "table": one("gingham", "wood", "dark", "gingham"),
        "object": one("none", "none", "clip", "hand", "die"),
        "camera": one("level", "seated", "seated", "wide"),
        "light": one("even", "mixed", "mixed", "dim"),
        "output": one("jpeg", "jpeg", "jpeg", "hdr", "scan", "screenshot"),
    }
    if h["highway"] == "double_dashed" and h["railway"] == "twin":
        h["railway"] = "hash"
    return h


# ----------------------------------------------------------------------------- drawing


def _grid_px() -> tuple[float, float, float]:
    from railprint.games.railroad_ink.sheet import grid_origin
    from railprint.layout.paper import paper

    x, y = grid_origin(paper("a4"))
    return x * DPI / 72, y * DPI / 72, SQUARE_MM * K


def flat_page(seed: int) -> np.ndarray:
    """``railprint sheet railroad-ink --seed SEED --date 2026-11-30`` rasterised (RGB uint8)."""
    import pypdfium2 as pdfium
    from railprint.games.railroad_ink.rollwrite import tonight_sheet
    from railprint.writers import pdf

    data = pdf.to_bytes(tonight_sheet(seed, date=DATE))
    page = pdfium.PdfDocument(data)[0]
    return np.asarray(page.render(scale=DPI / 72).to_pil().convert("RGB")).copy()


class Pen:
    """Strokes drawn into a coverage mask (0..1), composited as one layer."""

    def __init__(self, shape, rng: random.Random, habits: dict):
        self.mask = np.zeros(shape[:2], np.float32)
        self.rng = rng
        self.h = habits
        self.width_mm = {"2H": 0.3, "HB": 0.45, "6B": 0.8, "felt": 0.6, "ballpoint": 0.4}[habits["pen"]]

    def width(self, scale: float = 1.0) -> int:
        return max(1, int(round(self.width_mm * scale * K)))

    def line(self, pts, scale: float = 1.0) -> None:
        import cv2

        p = np.round(np.asarray(pts, np.float64) * 16).astype(np.int32).reshape(-1, 1, 2)
        cv2.polylines(self.mask, [p], False, 1.0, self.width(scale), cv2.LINE_AA, 4)

    def dot(self, x: float, y: float, r_mm: float) -> None:
        import cv2

        cv2.circle(self.mask, (int(x * 16), int(y * 16)), int(r_mm * K * 16), 1.0, -1, cv2.LINE_AA, 4)

    def poly(self, pts) -> None:
        import cv2

        p = np.round(np.asarray(pts, np.float64) * 16).astype(np.int32).reshape(-1, 1, 2)
        cv2.fillPoly(self.mask, [p], 1.0, cv2.LINE_AA, 4)
        cv2.polylines(self.mask, [p], True, 1.0, self.width(), cv2.LINE_AA, 4)


def _resample(pts, step: float):
    """Points every ``step`` px along a polyline, with unit tangents and arc length."""
    pts = np.asarray(pts, np.float64)
    seg = np.diff(pts, axis=0)
    lens = np.hypot(seg[:, 0], seg[:, 1])
    total = float(lens.sum())
    s = np.arange(0.0, total + 1e-9, step)
    cum = np.concatenate([[0.0], np.cumsum(lens)])
    idx = np.clip(np.searchsorted(cum, s, side="right") - 1, 0, len(seg) - 1)
    t = (s - cum[idx]) / np.maximum(lens[idx], 1e-9)
    out = pts[idx] + seg[idx] * t[:, None]
    tang = seg[idx] / np.maximum(lens[idx], 1e-9)[:, None]
    return out, tang, s


def _wobble(pts, rng: random.Random, amp_mm: float):
    """A freehand line: a slow sideways wander along the path (ends kept within reach)."""
    p, tang, s = _resample(pts, 0.5 * K)
    if len(p) < 2:
        return p
    normal = np.stack([-tang[:, 1], tang[:, 0]], axis=1)
    f1, f2 = rng.uniform(0.04, 0.09), rng.uniform(0.12, 0.25)
    ph1, ph2 = rng.uniform(0, 6.3), rng.uniform(0, 6.3)
    mm = s / K
    off = amp_mm * K * (0.7 * np.sin(f1 * mm * 6.3 / 6 + ph1) + 0.3 * np.sin(f2 * mm * 6.3 / 6 + ph2))
    return p + normal * off[:, None]


def _stroke(pen: Pen, pts, kind: str) -> None:
    """One route of ``kind`` along ``pts`` in the photo's habit for that kind."""
    h, rng = pen.h, pen.rng
    p = _wobble(pts, rng, 0.35 if h["pen"] != "felt" else 0.25)
    if len(p) < 2:
        return
    q, tang, s = _resample(p, 0.25 * K)
    normal = np.stack([-tang[:, 1], tang[:, 0]], axis=1)
    mm = s / K
    style = h["highway"] if kind == "h" else h["railway"]
    copies = [(0.0, 0.0)]
    if h["correction"] == "retrace" and rng.random() < 0.5:
        copies.append((rng.uniform(-0.7, 0.7) * K, rng.uniform(-0.7, 0.7) * K))
    for dx, dy in copies:
        qq = q + np.array([dx, dy])
        if style in ("dashed", "double_dashed"):
            period, dash = rng.uniform(3.2, 4.5), rng.uniform(1.8, 2.6)
            on = (mm % period) < dash
            offsets = (0.0,) if style == "dashed" else (-0.9 * K, 0.9 * K)
            for off in offsets:
                line = qq + normal * off
                start = None
                for i, flag in enumerate(on):
                    if flag and start is None:
                        start = i
                    if (not flag or i == len(on) - 1) and start is not None:
                        if i - start >= 1:
                            pen.line(line[start:i + 1], 1.15)
                        start = None
        elif style == "dotted":
            gap = rng.uniform(1.9, 2.5)
            for i in range(len(qq)):
                if (mm[i] + 0.5) % gap < 0.25:
                    pen.dot(qq[i][0], qq[i][1], rng.uniform(0.45, 0.6))
        elif style == "twin":
            for off in (-0.75 * K, 0.75 * K):
                pen.line(qq + normal * off, 0.8)
        else:
            if style != "sleepers":
                pen.line(qq)
            spacing = {"hash": 4.0, "oneside": 2.3, "sleepers": 1.9}[style]
            for i in range(len(qq)):
                if (mm[i] + 1.0) % spacing >= 0.25:
                    continue
                x, y = qq[i]
                n, t = normal[i], tang[i]
                if style == "hash":      # "#": two slanted strokes close together
                    for shift in (-0.55 * K, 0.55 * K):
                        a = np.array([x, y]) + t * shift + (n * 1.6 + t * 0.5) * K
                        b = np.array([x, y]) + t * shift - (n * 1.6 + t * 0.5) * K
                        pen.line([a, b], 0.8)
                elif style == "oneside":
                    a = np.array([x, y])
                    pen.line([a, a + n * 1.5 * K], 0.8)
                else:
                    a = np.array([x, y])
                    pen.line([a - n * 1.4 * K, a + n * 1.4 * K], 0.9)


def _side_mid(cx: float, cy: float, S: float, side: int):
    return {0: (cx, cy - S / 2), 1: (cx + S / 2, cy), 2: (cx, cy + S / 2), 3: (cx - S / 2, cy)}[side]


def _end(mid, centre, rng: random.Random):
    """Where a freehand stroke stops near a side: a little short of the line or over it."""
    mx, my = mid
    cx, cy = centre
    d = math.hypot(mx - cx, my - cy)
    u = rng.uniform(-1.0, 0.7) * K
    return (mx + (mx - cx) / d * u, my + (my - cy) / d * u)


def _station(pen: Pen, cx: float, cy: float, shape: str) -> None:
    rng = pen.rng
    r = rng.uniform(2.6, 3.4) * K
    a0 = rng.uniform(-0.15, 0.15)
    if shape == "triangle":
        pts = [(cx + r * math.sin(a0 + k * 2.094), cy - r * math.cos(a0 + k * 2.094)) for k in range(3)]
    elif shape == "star":
        pts = [(cx + (r if k % 2 == 0 else r * 0.45) * math.sin(a0 + k * 0.628),
                cy - (r if k % 2 == 0 else r * 0.45) * math.cos(a0 + k * 0.628)) for k in range(10)]
    elif shape == "diamond":
        pts = [(cx, cy - r), (cx + r * 0.75, cy), (cx, cy + r), (cx - r * 0.75, cy)]
    else:                       # a small house: square walls under a roof
        w = r * 0.8
        pts = [(cx - w, cy + w), (cx - w, cy - w * 0.2), (cx, cy - w * 1.2), (cx + w, cy - w * 0.2), (cx + w, cy + w)]
    pen.poly(pts)


def draw_board(page: np.ndarray, board, order, rng: random.Random, habits: dict) -> np.ndarray:
    """The player's drawing on the flat page (float RGB 0..1)."""
    import cv2

    gx, gy, S = _grid_px()
    img = page.astype(np.float32) / 255.0
    ink = {"2H": (0.42, 0.42, 0.44), "HB": (0.25, 0.25, 0.27), "6B": (0.16, 0.16, 0.17),
           "felt": (0.05, 0.07, 0.22) if rng.random() < 0.5 else (0.06, 0.06, 0.07),
           "ballpoint": (0.08, 0.12, 0.45)}[habits["pen"]]
    ink = np.array(ink, np.float32)

    def composite(mask: np.ndarray, colour, strength: float = 1.0) -> None:
        a = np.clip(mask, 0, 1)[..., None] * strength
        img[:] = img * (1 - a) + np.asarray(colour, np.float32) * a

    def texture(mask: np.ndarray) -> np.ndarray:
        p = habits["pen"]
        if p in ("2H", "HB", "6B"):
            noise = np.random.default_rng(rng.getrandbits(32)).random(mask.shape, np.float32)
            noise = cv2.GaussianBlur(noise, (0, 0), 0.8)
            lo = {"2H": 0.35, "HB": 0.6, "6B": 0.8}[p]
            mask = mask * (lo + (1 - lo) * noise * 2.0)
            return np.clip(mask, 0, 1) * {"2H": 0.75, "HB": 0.95, "6B": 1.0}[p]
        if p == "felt":
            bled = cv2.GaussianBlur(mask, (0, 0), 0.18 * K)      # ink creeping into the paper's fibres
            noise = np.random.default_rng(rng.getrandbits(32)).random(mask.shape, np.float32)
            return np.clip(bled * (1.25 + 0.5 * noise), 0, 1)
        return mask

    wrong_cells = []
    if habits["correction"] == "whiteout":
        empties = [(r, c) for r in range(7) for c in range(7)]
        for _ in range(1 + int(rng.random() * 3)):
            wrong_cells.append(empties[int(rng.random() * len(empties))])
    # the mistakes first, then the white-out over them
    if wrong_cells:
        pen = Pen(img.shape, rng, habits)
        for (r, c) in wrong_cells:
            cx, cy = gx + (c + 0.5) * S, gy + (r + 0.5) * S
            side = int(rng.random() * 4)
            kind = "h" if rng.random() < 0.5 else "r"
            _stroke(pen, [_side_mid(cx, cy, S, side), (cx, cy), _side_mid(cx, cy, S, (side + 1 + int(rng.random() * 2)) % 4)], kind)
        composite(texture(pen.mask), ink)
        blobs = np.zeros(img.shape[:2], np.float32)
        for (r, c) in wrong_cells:
            cx, cy = gx + (c + 0.5) * S, gy + (r + 0.5) * S
            for _ in range(6):
                ox, oy = rng.uniform(-0.3, 0.3) * S, rng.uniform(-0.3, 0.3) * S
                cv2.ellipse(blobs, (int(cx + ox), int(cy + oy)), (int(rng.uniform(0.25, 0.4) * S), int(rng.uniform(0.2, 0.35) * S)),
                            rng.uniform(0, 180), 0, 360, 1.0, -1, cv2.LINE_AA)
        blobs = cv2.GaussianBlur(blobs, (0, 0), 0.4 * K)
        shadow = cv2.GaussianBlur(blobs, (0, 0), 0.6 * K)
        composite(np.roll(shadow, (3, 3), (0, 1)) * 0.25, (0.55, 0.55, 0.55))
        composite(blobs, (0.985, 0.985, 0.975))

    pen = Pen(img.shape, rng, habits)
    for rnd, (r, c), token in order:
        cx, cy = gx + (c + 0.5) * S + rng.uniform(-0.8, 0.8) * K, gy + (r + 0.5) * S + rng.uniform(-0.8, 0.8) * K
        edges, marker = token[:4], token[4:]
        sides = [s for s in range(4) if edges[s] in "hr"]
        centre = (cx, cy)
        tx, ty = gx + (c + 0.5) * S, gy + (r + 0.5) * S      # the space's true centre (ends aim at its sides)
        ends = {s: _end(_side_mid(tx, ty, S, s), (tx, ty), rng) for s in sides}
        if marker == "o":
            over = int(rng.random() * 2)           # which pair of sides runs over the other
            top = (0, 2) if over == 0 else (1, 3)
            low = (1, 3) if over == 0 else (0, 2)
            _stroke(pen, [ends[top[0]], centre, ends[top[1]]], edges[top[0]])
            if habits["overpass"] == "ring":
                _stroke(pen, [ends[low[0]], centre, ends[low[1]]], edges[low[0]])
                rr = rng.uniform(3.8, 4.8) * K
                ring = [(cx + rr * math.cos(a), cy + rr * math.sin(a)) for a in np.linspace(0, 6.5, 60)]
                pen.line(ring)
            else:
                gap = rng.uniform(2.8, 3.6) * K
                for s in low:
                    mx, my = ends[s]
                    d = math.hypot(mx - cx, my - cy)
                    ux, uy = (mx - cx) / d, (my - cy) / d
                    g = (cx + ux * gap, cy + uy * gap)
                    _stroke(pen, [ends[s], g], edges[s])
                    # the bridge's wings: a short flick either side of the upper route, flared outwards
                    for sgn in (-1, 1):
                        px, py = -uy * sgn, ux * sgn
                        a = (g[0] - ux * 0.9 * K + px * 1.6 * K, g[1] - uy * 0.9 * K + py * 1.6 * K)
                        b = (a[0] + (ux + px) * 1.4 * K, a[1] + (uy + py) * 1.4 * K)
                        pen.line([a, b], 0.8)
            continue
        if len(sides) == 2 and (sides[1] - sides[0]) % 2 == 1 and habits["corners"] == "curve" and not marker:
            a, b = sides
            if (a, b) == (0, 3):
                a, b = 3, 0
            # the corner the two sides share; the curve is a quarter circle round it
            corner = {(0, 1): (1, -1), (1, 2): (1, 1), (2, 3): (-1, 1), (3, 0): (-1, -1)}[(a, b)]
            ox, oy = tx + corner[0] * S / 2, ty + corner[1] * S / 2
            a0 = math.atan2(ends[a][1] - oy, ends[a][0] - ox)
            a1 = math.atan2(ends[b][1] - oy, ends[b][0] - ox)
            if a1 - a0 > math.pi:
                a1 -= 2 * math.pi
            if a0 - a1 > math.pi:
                a1 += 2 * math.pi
            rad = S / 2 * rng.uniform(0.95, 1.05)
            arc = [(ox + rad * math.cos(t), oy + rad * math.sin(t)) for t in np.linspace(a0, a1, 24)]
            arc = [ends[a]] + arc[1:-1] + [ends[b]]
            _stroke(pen, arc, edges[a])
        elif len(sides) == 2 and edges[sides[0]] == edges[sides[1]] and not marker:
            _stroke(pen, [ends[sides[0]], centre, ends[sides[1]]], edges[sides[0]])
        else:
            for s in sides:
                _stroke(pen, [ends[s], centre], edges[s])
        if marker == "s":
            _station(pen, cx, cy, habits["station"])
    if habits["numbers"] != "none":
        for rnd, (r, c), token in order:
            x0, y0 = gx + c * S, gy + r * S
            if habits["numbers"] == "box":
                px, py, size = x0 + S - 3.2 * K, y0 + S - 1.4 * K, 2.6
            else:
                px, py, size = x0 + 1.2 * K, y0 + 4.8 * K, 3.6
            scale = cv2.getFontScaleFromHeight(cv2.FONT_HERSHEY_SCRIPT_SIMPLEX, int(size * K), 1)
            cv2.putText(pen.mask, str(rnd), (int(px), int(py)), cv2.FONT_HERSHEY_SCRIPT_SIMPLEX, scale, 1.0,
                        max(1, pen.width(0.8)), cv2.LINE_AA)
    mask = texture(pen.mask)
    if habits["pen"] == "6B":                 # the hand drags soft graphite towards the bottom right
        smear = cv2.GaussianBlur(mask, (0, 0), 1.4 * K)
        smear = np.roll(smear, (int(1.2 * K), int(2.0 * K)), (0, 1))
        composite(smear * 0.35, ink)
    composite(mask, ink)
    return img


# ----------------------------------------------------------------------------- the photo


def _paper_and_print(page: np.ndarray, rng: random.Random, habits: dict) -> np.ndarray:
    """The printed page before anyone draws: paper colour, toner (uint8 RGB in, out)."""
    img = page.astype(np.float32) / 255.0
    dark = 1.0 - img.mean(axis=2, keepdims=True)          # how much toner
    paper = np.array([1.0, 1.0, 1.0], np.float32)
    if habits["paper"] == "coloured":
        paper = np.array([(1.0, 0.97, 0.78), (0.84, 0.92, 1.0), (0.88, 1.0, 0.86), (1.0, 0.88, 0.9)][int(rng.random() * 4)],
                         np.float32)
    toner = 1.0
    if habits["paper"] == "draft":                          # draft mode / low toner: pale, banded
        rows = np.arange(img.shape[0], dtype=np.float32)
        band = 0.55 + 0.15 * np.sin(rows / rng.uniform(30, 80)) + 0.1 * np.sin(rows / 7.0)
        toner = band[:, None, None]
    elif habits["paper"] == "grey_laser":
        toner = 0.7
    out = paper * (1 - dark * toner)
    if habits["paper"] == "grey_laser":
        noise = np.random.default_rng(rng.getrandbits(32)).random(img.shape[:2], np.float32)[..., None]
        out = out * (1 - 0.05 * (noise > 0.97))
    return np.clip(out * 255, 0, 255).astype(np.uint8)


def _crumple(img: np.ndarray, rng: random.Random) -> np.ndarray:
    """Crumpled, then flattened: a smooth warp of about a millimetre and shaded creases."""
    import cv2

    h, w = img.shape[:2]
    g = np.random.default_rng(rng.getrandbits(32))
    dx = cv2.resize(g.normal(0, 1, (9, 7)).astype(np.float32), (w, h), interpolation=cv2.INTER_CUBIC) * 0.7 * K
    dy = cv2.resize(g.normal(0, 1, (9, 7)).astype(np.float32), (w, h), interpolation=cv2.INTER_CUBIC) * 0.7 * K
    xs, ys = np.meshgrid(np.arange(w, dtype=np.float32), np.arange(h, dtype=np.float32))
    out = cv2.remap(img, xs + dx, ys + dy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    shade = np.zeros((h, w), np.float32)
    for _ in range(int(8 + rng.random() * 10)):
        x0, y0 = rng.uniform(0, w), rng.uniform(0, h)
        ang = rng.uniform(0, math.pi)
        L = rng.uniform(0.1, 0.5) * w
        x1, y1 = x0 + L * math.cos(ang), y0 + L * math.sin(ang)
        cv2.line(shade, (int(x0), int(y0)), (int(x1), int(y1)), rng.choice((-1.0, 1.0)), 2, cv2.LINE_AA)
    shade = cv2.GaussianBlur(shade, (0, 0), 3)
    facets = cv2.resize(g.normal(0, 1, (14, 10)).astype(np.float32), (w, h), interpolation=cv2.INTER_LINEAR)
    light = 1.0 + 0.06 * shade + 0.025 * facets
    return np.clip(out.astype(np.float32) * light[..., None], 0, 255).astype(np.uint8)


def _table(h: int, w: int, rng: random.Random, kind: str) -> np.ndarray:
    import cv2

    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    if kind == "gingham":
        period = rng.uniform(40, 90)
        ang = rng.uniform(-0.3, 0.3)
        u = xs * math.cos(ang) + ys * math.sin(ang)
        v = -xs * math.sin(ang) + ys * math.cos(ang)
        a = ((u // period) % 2).astype(np.float32)
        b = ((v // period) % 2).astype(np.float32)
        colour = np.array([(0.75, 0.12, 0.12), (0.12, 0.25, 0.7), (0.1, 0.45, 0.2)][int(rng.random() * 3)], np.float32)
        t = (a + b) / 2
        img = (1 - t[..., None]) * np.array([0.93, 0.92, 0.9]) + t[..., None] * colour
    elif kind == "wood":
        grain = np.sin(ys / rng.uniform(8, 16) + 3 * np.sin(xs / 300.0)) * 0.5 + 0.5
        img = np.array([0.55, 0.36, 0.2]) * (0.8 + 0.25 * grain[..., None])
    else:
        img = np.ones((h, w, 3)) * np.array([0.16, 0.16, 0.18])
    img = img.astype(np.float32)
    return cv2.GaussianBlur(img, (0, 0), 1.2)


def _objects(page: np.ndarray, rng: random.Random, habits: dict) -> np.ndarray:
    """A clip, a hand or a die lying on the sheet's margin (drawn onto the page, RGB uint8)."""
    import cv2

    h, w = page.shape[:2]
    gx, gy, S = _grid_px()
    img = page.copy()
    what = habits["object"]
    if what == "clip":                      # a clipboard's clip over the top margin
        cw = int(rng.uniform(70, 100) * K)
        x0 = int(w / 2 - cw / 2 + rng.uniform(-15, 15) * K)
        y1 = int(rng.uniform(18, 30) * K)
        cv2.rectangle(img, (x0, 0), (x0 + cw, y1), (150, 152, 158), -1)
        cv2.rectangle(img, (x0 + int(6 * K), int(y1 * 0.3)), (x0 + cw - int(6 * K), int(y1 * 0.55)), (205, 208, 212), -1)
        cv2.rectangle(img, (x0, y1 - int(2 * K)), (x0 + cw, y1), (95, 95, 100), -1)
        sh = np.zeros((h, w), np.float32)
        cv2.rectangle(sh, (x0 + int(2 * K), y1), (x0 + cw + int(3 * K), y1 + int(3 * K)), 1.0, -1)
        sh = cv2.GaussianBlur(sh, (0, 0), 1.5 * K)
        img = (img * (1 - 0.35 * sh[..., None])).astype(np.uint8)
    elif what == "hand":                    # fingers resting on the right margin (score column side)
        skin = np.array([(224, 172, 140), (198, 134, 96), (140, 90, 60)][int(rng.random() * 3)], np.float32)
        mask = np.zeros((h, w), np.float32)
        x_edge = w - rng.uniform(4, 18) * K
        yc = gy + rng.uniform(2, 5) * S
        for f in range(4):
            fy = yc + (f - 1.5) * 17 * K
            cv2.ellipse(mask, (int(x_edge + 40 * K), int(fy)), (int((48 + 6 * (f % 2)) * K), int(7.5 * K)), rng.uniform(-8, 8),
                        0, 360, 1.0, -1, cv2.LINE_AA)
        cv2.ellipse(mask, (int(x_edge + 95 * K), int(yc)), (int(60 * K), int(45 * K)), 0, 0, 360, 1.0, -1, cv2.LINE_AA)
        shadow = cv2.GaussianBlur(np.roll(mask, (int(4 * K), int(-5 * K)), (0, 1)), (0, 0), 3 * K)
        mask = cv2.GaussianBlur(mask, (0, 0), 0.8 * K)
        shade = 0.75 + 0.25 * cv2.GaussianBlur(np.random.default_rng(rng.getrandbits(32)).random((h, w), np.float32), (0, 0), 6 * K)
        out = img.astype(np.float32) * (1 - 0.4 * shadow[..., None])
        out = out * (1 - mask[..., None]) + (skin * shade[..., None]) * mask[..., None]
        img = np.clip(out, 0, 255).astype(np.uint8)
    elif what == "die":                     # a route die lying in the bottom or right margin
        d = int(16 * K)
        if rng.random() < 0.5:
            x0, y0 = int(gx + rng.uniform(1, 5) * S), int(gy + 7 * S + rng.uniform(9, 16) * K)
        else:
            x0, y0 = int(gx + 7 * S + rng.uniform(9, 12) * K), int(gy + rng.uniform(0.5, 5.5) * S)
        sh = np.zeros((h, w), np.float32)
        cv2.rectangle(sh, (x0 + int(3 * K), y0 + int(3 * K)), (x0 + d + int(3 * K), y0 + d + int(3 * K)), 1.0, -1)
        sh = cv2.GaussianBlur(sh, (0, 0), 2 * K)
        img = (img.astype(np.float32) * (1 - 0.45 * sh[..., None])).astype(np.uint8)
        cv2.rectangle(img, (x0, y0), (x0 + d, y0 + d), (246, 244, 238), -1)
        cv2.rectangle(img, (x0, y0), (x0 + d, y0 + d), (170, 170, 170), 2)
        # its top face: a curved railway pictogram
        cv2.ellipse(img, (x0 + d, y0 + d), (d // 2, d // 2), 180, 0, 90, (30, 30, 30), int(1.2 * K), cv2.LINE_AA)
    return img


def _camera(page: np.ndarray, table: np.ndarray, rng: random.Random, habits: dict, out_w: int, out_h: int):
    """The page on the table seen by the phone: a homography from a tilted plane (and a lens)."""
    import cv2

    ph, pw = page.shape[:2]
    if habits["camera"] == "seated":
        pitch = rng.uniform(22, 35)
    elif habits["camera"] == "wide":
        pitch = rng.uniform(3, 15)
    else:
        pitch = rng.uniform(0, 8)
    yaw = rng.uniform(-6, 6)
    roll = rng.uniform(-7, 7)
    f = out_w * (0.62 if habits["camera"] == "wide" else 0.95)
    # the page's corners in a plane, centred, in page px, turned by the tilt
    corners = np.array([[-pw / 2, -ph / 2, 0], [pw / 2, -ph / 2, 0], [pw / 2, ph / 2, 0], [-pw / 2, ph / 2, 0]], np.float64)
    a, b, c = math.radians(pitch), math.radians(yaw), math.radians(roll)
    rx = np.array([[1, 0, 0], [0, math.cos(a), -math.sin(a)], [0, math.sin(a), math.cos(a)]])
    ry = np.array([[math.cos(b), 0, math.sin(b)], [0, 1, 0], [-math.sin(b), 0, math.cos(b)]])
    rz = np.array([[math.cos(c), -math.sin(c), 0], [math.sin(c), math.cos(c), 0], [0, 0, 1]])
    pts = corners @ (rz @ ry @ rx).T
    dist = ph * 1.5
    proj = np.stack([pts[:, 0] * f / (pts[:, 2] + dist), pts[:, 1] * f / (pts[:, 2] + dist)], axis=1)
    # scale the projected page to fill a share of the frame
    span = proj.max(axis=0) - proj.min(axis=0)
    fill = rng.uniform(0.78, 0.92)
    sc = min(out_w * fill / span[0], out_h * fill / span[1])
    proj = proj * sc
    centre = np.array([out_w / 2 + rng.uniform(-0.04, 0.04) * out_w, out_h / 2 + rng.uniform(-0.04, 0.04) * out_h])
    proj = proj - (proj.max(axis=0) + proj.min(axis=0)) / 2 + centre
    src = np.array([[0, 0], [pw, 0], [pw, ph], [0, ph]], np.float32)
    H = cv2.getPerspectiveTransform(src, proj.astype(np.float32))
    back = cv2.resize(table, (out_w, out_h), interpolation=cv2.INTER_LINEAR)
    warped = cv2.warpPerspective(page, H, (out_w, out_h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_TRANSPARENT,
                                 dst=(back * 255).astype(np.uint8))
    if habits["camera"] == "wide":           # what remains of a 0.5x lens's barrel after the phone's correction
        k1 = rng.uniform(0.05, 0.09)
        xs, ys = np.meshgrid(np.arange(out_w, dtype=np.float32), np.arange(out_h, dtype=np.float32))
        nx, ny = (xs - out_w / 2) / (out_w / 2), (ys - out_h / 2) / (out_w / 2)
        r2 = nx * nx + ny * ny
        scale = 1 + k1 * r2
        mx = (nx * scale) * (out_w / 2) / (1 + k1 * 0.5) + out_w / 2
        my = (ny * scale) * (out_w / 2) / (1 + k1 * 0.5) + out_h / 2
        warped = cv2.remap(warped, mx.astype(np.float32), my.astype(np.float32), cv2.INTER_LINEAR,
                           borderMode=cv2.BORDER_REFLECT)
    return warped, {"pitch": round(pitch, 1), "roll": round(roll, 1)}, proj


def _light(img: np.ndarray, rng: random.Random, habits: dict) -> np.ndarray:
    import cv2

    h, w = img.shape[:2]
    ys, xs = np.mgrid[0:8, 0:8].astype(np.float32) / 7.0
    if habits["light"] == "mixed":       # a tungsten lamp on one side, a cold window on the other
        ang = rng.uniform(0, 6.3)
        t = np.clip(0.5 + 0.7 * ((xs - 0.5) * math.cos(ang) + (ys - 0.5) * math.sin(ang)), 0, 1)
        warm = np.array([1.0, 0.78, 0.5], np.float32)       # RGB gains
        cold = np.array([0.78, 0.88, 1.05], np.float32)
        gain = (t[..., None] * warm + (1 - t[..., None]) * cold) * rng.uniform(0.85, 1.0)
    elif habits["light"] == "dim":
        gain = np.ones((8, 8, 3), np.float32) * rng.uniform(0.45, 0.6) * (0.85 + 0.15 * xs[..., None])
    else:
        gain = np.ones((8, 8, 3), np.float32) * rng.uniform(0.9, 1.0) * (0.93 + 0.07 * ys[..., None])
    gain = cv2.resize(gain, (w, h), interpolation=cv2.INTER_CUBIC)
    out = img.astype(np.float32) * gain
    noise_sd = 5.0 if habits["light"] == "dim" else 2.0
    g = np.random.default_rng(rng.getrandbits(32))
    out += g.normal(0, noise_sd, (h // 2, w // 2, 1)).astype(np.float32).repeat(2, 0).repeat(2, 1)[:h, :w]
    return np.clip(out, 0, 255).astype(np.uint8)


def _jpeg(img: np.ndarray, quality: int) -> bytes:
    from PIL import Image

    buf = io.BytesIO()
    Image.fromarray(img).save(buf, "JPEG", quality=quality, subsampling=2)
    return buf.getvalue()


def _output(img: np.ndarray, rng: random.Random, habits: dict, page_quad) -> bytes:
    import cv2
    from PIL import Image

    kind = habits["output"]
    if kind == "hdr":                    # local tone mapping: shadows lifted, halos round edges
        f = img.astype(np.float32)
        base = cv2.GaussianBlur(f, (0, 0), 40)
        out = f + rng.uniform(0.5, 0.8) * (f - base) + 0.25 * (128 - base)
        return _jpeg(np.clip(out, 0, 255).astype(np.uint8), 90)
    if kind == "scan":                   # a document-scan app: page cropped square, binarised
        pw, ph = 1700, 2404
        H = cv2.getPerspectiveTransform(np.asarray(page_quad, np.float32),
                                        np.array([[0, 0], [pw, 0], [pw, ph], [0, ph]], np.float32))
        flat = cv2.warpPerspective(img, H, (pw, ph), flags=cv2.INTER_AREA)
        grey = cv2.cvtColor(flat, cv2.COLOR_RGB2GRAY)
        binar = cv2.adaptiveThreshold(grey, 255, cv2.ADAPTIVE_THRESH_GAUSSIAN_C, cv2.THRESH_BINARY, 31, 12)
        binar = cv2.GaussianBlur(binar, (3, 3), 0.6)
        return _jpeg(np.stack([binar] * 3, axis=2), 85)
    if kind == "screenshot":             # the photo on a phone screen, screenshotted, sent on, twice
        sw, sh = 1170, 2532
        h, w = img.shape[:2]
        screen = np.full((sh, sw, 3), 0, np.uint8)
        sc = min(sw / w, (sh - 300) / h)
        small = cv2.resize(img, (int(w * sc), int(h * sc)), interpolation=cv2.INTER_AREA)
        y0 = (sh - small.shape[0]) // 2
        screen[y0:y0 + small.shape[0], (sw - small.shape[1]) // 2:(sw - small.shape[1]) // 2 + small.shape[1]] = small
        cv2.rectangle(screen, (0, 0), (sw, 120), (245, 245, 245), -1)
        cv2.putText(screen, "21:07", (60, 85), cv2.FONT_HERSHEY_SIMPLEX, 1.6, (0, 0, 0), 3, cv2.LINE_AA)
        once = Image.open(io.BytesIO(_jpeg(screen, 80))).convert("RGB")
        twice = np.asarray(once.resize((int(sw * 0.85), int(sh * 0.85)), Image.BILINEAR))
        return _jpeg(twice, 72)
    return _jpeg(img, int(85 + rng.random() * 10))


def make_photo(seed: int, flat: bool = False):
    """(JPEG bytes, true Board, facts): the photo of seed ``seed``'s sheet as a player drew it."""
    rng = random.Random(f"indep3-{seed}")
    board, order = grow_board(seed, rng)
    habits = choose_habits(rng)
    page = _paper_and_print(flat_page(seed), rng, habits)
    drawn = draw_board(page, board, order, rng, habits)
    page = np.clip(drawn * 255, 0, 255).astype(np.uint8)
    facts = dict(habits)
    if flat:
        return _jpeg(page, 92), board, facts
    if habits["crumpled"] == "yes":
        page = _crumple(page, rng)
    page = _objects(page, rng, habits)
    portrait = habits["camera"] == "seated" or rng.random() < 0.5
    out_w, out_h = (3024, 4032) if portrait else (4032, 3024)
    table = _table(out_h // 4, out_w // 4, rng, habits["table"])
    if not portrait:
        page = np.ascontiguousarray(np.rot90(page, 1 if rng.random() < 0.5 else 3))
    import cv2

    shot, cam, quad = _camera(page, table, rng, habits, out_w, out_h)
    facts.update(cam)
    shot = _light(shot, rng, habits)
    shot = cv2.GaussianBlur(shot, (0, 0), 0.7)
    # the scan app crops to the paper's corners (``quad``: where the camera put them, before the lens)
    return _output(shot, rng, habits, quad), board, facts


# ----------------------------------------------------------------------------- the run


def _cpu() -> float:
    u = resource.getrusage(resource.RUSAGE_SELF)
    return u.ru_utime + u.ru_stime


def run(first: int, count: int, verbose: bool) -> int:
    from railprint.games.railroad_ink.board import square
    from railprint.games.railroad_ink.photo.read import read_photo

    # per habit: spaces right, spaces read, silent, photos flagged, refused, photos, CPU max
    groups: dict[str, list] = defaultdict(lambda: [0, 0, 0, 0, 0, 0, 0.0])
    silent_list = []
    for seed in range(first, first + count):
        data, board, facts = make_photo(seed)
        t0 = _cpu()
        try:
            reading = read_photo(data, f"indep3-{seed}.jpg")
            refused = None
        except Exception as exc:   # a refused photo: counted, with its message
            reading, refused = None, str(exc).splitlines()[0][:90]
        cpu = _cpu() - t0
        if reading is None:
            right, wrong, silent, flagged = 0, 49, [], 0
            print(f"{seed}: refused ({refused}) cpu {cpu:.2f}s")
        else:
            marked = {u.square for u in reading.uncertain}
            wrong_sq = [square(r, c) for r in range(7) for c in range(7) if reading.board.rows[r][c] != board.rows[r][c]]
            silent = [s for s in wrong_sq if s not in marked]
            right, wrong, flagged = 49 - len(wrong_sq), len(wrong_sq), int(bool(marked))
            for s in silent:
                r, c = "ABCDEFG".index(s[0]), int(s[1]) - 1
                silent_list.append((seed, s, board.rows[r][c].token, reading.board.rows[r][c].token))
            print(f"{seed}: wrong {wrong} silent {len(silent)} {' '.join(silent)} flagged {len(marked)} cpu {cpu:.2f}s")
        keys = ["all"] + [f"{k}={v}" for k, v in facts.items() if k in HABIT_KEYS]
        for key in keys:
            g = groups[key]
            if reading is not None:          # right % is over the photos read; a refusal is counted apart
                g[0] += right
                g[1] += 49
            g[2] += len(silent)
            g[3] += flagged
            g[4] += reading is None
            g[5] += 1
            g[6] = max(g[6], cpu)
        facts_by_seed[seed] = facts
        sys.stdout.flush()
    print()
    print("| habit/effect | photos | right % | silent | flags a photo | refused | CPU max |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for key in (["all"] + sorted(k for k in groups if k != "all")) if verbose else ["all"]:
        g = groups[key]
        right = f"{100 * g[0] / g[1]:.2f}" if g[1] else "-"
        print(f"| {key} | {g[5]} | {right} | {g[2]} | {g[3]} | {g[4]} | {g[6]:.2f} s |")
    if silent_list:
        print("\nsilent spaces (seed, square, true -> read, habits):")
        for seed, s, true, read in silent_list:
            f = facts_by_seed[seed]
            print(f"  {seed} {s} {true} -> {read}  " + " ".join(f"{k}={f[k]}" for k in HABIT_KEYS))
    return 0


HABIT_KEYS = ("highway", "railway", "station", "overpass", "pen", "corners", "numbers", "correction", "paper",
              "crumpled", "table", "object", "camera", "light", "output")
facts_by_seed: dict = {}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--one", type=int)
    ap.add_argument("--out")
    ap.add_argument("--flat", action="store_true", help="the drawn sheet alone, no camera")
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--count", type=int, default=10)
    ap.add_argument("-v", action="store_true", help="a breakdown by habit and effect")
    a = ap.parse_args(argv)
    if a.one is not None:
        data, board, facts = make_photo(a.one, flat=a.flat)
        with open(a.out or f"indep3-{a.one}.jpg", "wb") as fh:
            fh.write(data)
        from railprint.games.railroad_ink.notation import format_board

        print(format_board(board))
        print(facts)
        return 0
    return run(a.first, a.count, a.v)


if __name__ == "__main__":
    sys.exit(main())
