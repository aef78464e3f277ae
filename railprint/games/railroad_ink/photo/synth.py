"""Synthetic photos of drawn-on Railroad Ink sheets, for tests and benchmarks (seeded).

    photo = make_photo(1234, megapixels=3)      # -> Photo(jpeg=b"...", board=Board, ...)

The sheet is railprint's own PDF, rasterised with pypdfium2; a board is drawn on it the way people
draw — pencil or pen, wobbly, broken and overshooting strokes, varying pressure, the dice symbols'
shapes (a highway as two edge lines, sometimes with a dashed centre line; a railway as a line with
sleepers; a station as a filled square; an overpass as a highway over a broken railway), round
numbers in the round boxes, stray marks and erased lines — then photographed: paper texture, any
rotation, perspective up to 35 degrees, a table behind it, shadows and uneven light, blur, sensor
noise, JPEG quality 60-95, 1 to 12 megapixels.

Seeds: :data:`DEV_SEEDS` are for development and the test suite; :data:`HELD_OUT_SEEDS` are kept
out of development and used only by ``benchmarks/bench_photo.py`` to report the reader's accuracy.
Everything comes from ``numpy.random.default_rng(seed)``: the same seed gives the same photo.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache

import cv2
import numpy as np

from railprint.games.railroad_ink.board import EMPTY, SIZE, Board, Cell
from railprint.games.railroad_ink.photo import layout

DEV_SEEDS = range(0, 1_000_000)
HELD_OUT_SEEDS = range(1_000_000, 10_000_000)   # each round measures a fresh range once (docs/railroad-ink-photo-rounds.md)
S = layout.SQUARE_MM
C = S / 2

# faces people draw (dice and specials), before rotation; weights roughly as rolled
FACES = (("h.h.", 6), ("r.r.", 6), ("hh..", 6), ("rr..", 6), ("hhh.", 6), ("rrr.", 6),
         ("hrhro", 3), ("h.r.s", 3), ("hr..s", 3),
         ("hhhh", 1), ("rrrr", 1), ("hhhrs", 1), ("hrrrs", 1), ("hhrrs", 1), ("hrhrs", 1))
_OUT = ((0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0))


@dataclass
class Photo:
    jpeg: bytes
    board: Board
    seed: int
    width: int
    height: int
    params: dict = field(default_factory=dict)


def rotate_token(token: str, k: int) -> str:
    edges, marker = token[:4], token[4:]
    return "".join(edges[(i - k) % 4] for i in range(4)) + marker


def random_board(rng: np.random.Generator, expansion: str = "none", fill: float | None = None) -> Board:
    fill = rng.uniform(0.45, 0.95) if fill is None else fill
    weights = np.array([w for _, w in FACES], float)
    weights /= weights.sum()
    rows = []
    for r in range(SIZE):
        row = []
        for c in range(SIZE):
            if rng.random() >= fill:
                row.append(EMPTY)
                continue
            token = FACES[int(rng.choice(len(FACES), p=weights))][0]
            token = rotate_token(token, int(rng.integers(4)))
            row.append(Cell(token[:4], token[4:]))
        rows.append(tuple(row))
    if expansion == "lava":
        rows = _lava_board(rng, rows)
    elif expansion == "meteor":
        rows = _meteor_board(rng, rows)
    return Board(tuple(rows), expansion=expansion)


# the lava dice's faces (two identical dice): a lava corner (twice), lava straight through, lava
# on three sides, lava on one side with a straight railway or highway across the other two
LAVA_FACES = (("ll..", 2), ("l.l.", 1), ("lll.", 1), ("lr.r", 1), ("lh.h", 1))


def _lava_board(rng: np.random.Generator, rows: list[tuple[Cell, ...]]) -> list[tuple[Cell, ...]]:
    """The volcano printed in D4 and 2-12 lava faces grown from it as the rules have them: each
    drawn next to an open lava side, with a lava side facing it (it replaces what was drawn
    there: the player drew the lava there instead, or erased the route the lava ate)."""
    grid = [list(row) for row in rows]
    grid[3][3] = Cell("llll", "v")
    weights = np.array([w for _, w in LAVA_FACES], float)
    weights /= weights.sum()
    for _ in range(int(rng.integers(2, 13))):
        open_sides = []
        for r in range(SIZE):
            for c in range(SIZE):
                for side in grid[r][c].lava_sides():
                    dr, dc = ((-1, 0), (0, 1), (1, 0), (0, -1))[side]
                    nr, nc = r + dr, c + dc
                    if 0 <= nr < SIZE and 0 <= nc < SIZE and not grid[nr][nc].lava:
                        open_sides.append((nr, nc, (side + 2) % 4))
        if not open_sides:
            break
        r, c, facing = open_sides[int(rng.integers(len(open_sides)))]
        face = LAVA_FACES[int(rng.choice(len(LAVA_FACES), p=weights))][0]
        turns = [k for k in range(4) if rotate_token(face, k)[facing] == "l"]
        grid[r][c] = Cell(rotate_token(face, turns[int(rng.integers(len(turns)))]))
    return [tuple(row) for row in grid]


def _meteor_board(rng: np.random.Generator, rows: list[tuple[Cell, ...]]) -> list[tuple[Cell, ...]]:
    """1-6 craters (one a round, some erased again for a route), each over what was drawn there
    (a meteor destroys the route it strikes)."""
    grid = [list(row) for row in rows]
    for _ in range(int(rng.integers(1, 7))):
        grid[int(rng.integers(SIZE))][int(rng.integers(SIZE))] = Cell("....", "x")
    return [tuple(row) for row in grid]


# --------------------------------------------------------------------------- the printed page


@lru_cache(maxsize=6)
def _page(expansion: str, px_per_mm: float) -> tuple[np.ndarray, tuple[float, float]]:
    """The printed sheet as a BGR float image, and the grid origin in pixels."""
    import pypdfium2 as pdfium

    from railprint.games.railroad_ink.rollwrite import tonight_sheet
    from railprint.games.railroad_ink.sheet import grid_origin
    from railprint.layout.paper import paper
    from railprint.units import mm
    from railprint.writers import render

    data = render(tonight_sheet(4242, expansion=expansion, date="2026-11-28"), "pdf")[0]
    pdf = pdfium.PdfDocument(data)
    image = pdf[0].render(scale=px_per_mm / (72 / 25.4)).to_numpy()[..., :3].astype(np.float32) / 255
    pdf.close()
    gx, gy = grid_origin(paper("a4"))
    k = px_per_mm / mm(1)
    return image, (gx * k, gy * k)


# --------------------------------------------------------------------------- hand strokes


class _Hand:
    """One person's drawing: pencil or pen, their line width, wobble and care."""

    def __init__(self, rng: np.random.Generator, pencil: bool | None = None):
        self.rng = rng
        self.pencil = rng.random() < 0.55
        if pencil is not None:   # forced (the same random numbers are drawn either way)
            self.pencil = pencil
        if self.pencil:
            self.colour = np.array([0.22, 0.22, 0.24]) * rng.uniform(0.7, 1.2)
            self.width = rng.uniform(0.3, 0.6)
            self.strength = rng.uniform(0.5, 0.85)
        else:
            blue = rng.random() < 0.4
            self.colour = np.array([0.45, 0.15, 0.08]) if blue else np.array([0.08, 0.08, 0.1])
            self.width = rng.uniform(0.35, 0.9)
            self.strength = rng.uniform(0.8, 1.0)
        self.wobble = rng.uniform(0.1, 0.45)
        self.overshoot = rng.uniform(0.0, 1.8)
        self.breaks = rng.uniform(0.0, 0.35)
        self.road = rng.uniform(3.8, 6.2)          # highway width (mm)
        self.dashes = rng.random() < 0.5           # dashed centre line on highways
        self.sleeper_gap = rng.uniform(2.2, 3.6)
        self.sleeper_len = rng.uniform(2.6, 4.8)
        self.station = rng.uniform(3.8, 6.0)
        self.thin = False                          # a forced ink (_forced_ink): sub-pixel lines fade


def _resample(points: np.ndarray, step: float = 0.3) -> np.ndarray:
    seg = np.diff(points, axis=0)
    lengths = np.hypot(seg[:, 0], seg[:, 1])
    total = float(lengths.sum())
    if total < 1e-6:
        return points[:1].copy()
    n = max(2, int(total / step) + 1)
    cum = np.concatenate([[0.0], np.cumsum(lengths)])
    t = np.linspace(0, total, n)
    return np.stack([np.interp(t, cum, points[:, 0]), np.interp(t, cum, points[:, 1])], axis=1)


class _Canvas:
    def __init__(self, shape, origin, px_per_mm: float):
        self.alpha = np.zeros(shape[:2], np.float32)
        self.origin = origin
        self.k = px_per_mm

    def stroke(self, hand: _Hand, pts: np.ndarray, *, faint: float = 1.0, end_jitter: bool = True) -> None:
        """Draw a polyline given in page-grid mm, hand-style."""
        rng = hand.rng
        pts = _resample(np.asarray(pts, float))
        if len(pts) < 2:
            return
        if end_jitter:
            for end in (0, -1):
                other = 1 if end == 0 else -2
                d = pts[end] - pts[other]
                d /= (np.hypot(*d) or 1.0)
                extra = rng.uniform(-0.8, hand.overshoot)
                if extra > 0:
                    ext = pts[end] + d * np.linspace(0.3, extra, max(1, int(extra / 0.3)))[:, None]
                    pts = np.vstack([ext[::-1], pts]) if end == 0 else np.vstack([pts, ext])
                elif len(pts) > 6:
                    cut = min(int(-extra / 0.3), len(pts) // 4)
                    pts = pts[cut:] if end == 0 else pts[:len(pts) - cut]
        n = len(pts)
        t = np.arange(n) * 0.3
        tangent = np.gradient(pts, axis=0)
        tangent /= np.maximum(np.hypot(tangent[:, 0], tangent[:, 1]), 1e-9)[:, None]
        normal = np.stack([-tangent[:, 1], tangent[:, 0]], axis=1)
        wob = np.zeros(n)
        for _ in range(3):
            wob += hand.wobble / 2 * np.sin(
                2 * math.pi * t / rng.uniform(3, 15) + rng.uniform(0, 2 * math.pi))
        pts = pts + normal * wob[:, None]
        pressure = np.clip(0.8 + 0.2 * np.sin(2 * math.pi * t / rng.uniform(5, 20) + rng.uniform(0, 6.3))
                           + rng.normal(0, 0.03, n), 0.55, 1.0)
        keep = np.ones(n, bool)
        if rng.random() < hand.breaks and n > 10:
            at = int(rng.integers(2, n - 4))
            keep[at:at + int(rng.uniform(1.5, 4.5))] = False
        xy = (pts + self.origin) * self.k
        exact = hand.width * self.k * rng.uniform(0.85, 1.15)
        width = max(1, int(round(exact)))
        if hand.thin and exact < width:   # a line under a pixel wide: as dark as the share it covers
            faint *= exact / width
        for i in range(n - 1):
            if not (keep[i] and keep[i + 1]):
                continue
            value = float(hand.strength * pressure[i] * faint)
            p0 = (int(round(xy[i, 0] * 16)), int(round(xy[i, 1] * 16)))
            p1 = (int(round(xy[i + 1, 0] * 16)), int(round(xy[i + 1, 1] * 16)))
            cv2.line(self.alpha, p0, p1, value, width, cv2.LINE_AA, 4)

    def blob(self, hand: _Hand, centre, size: float) -> None:
        """A filled square drawn by hand (station): an outline and a scribbled fill."""
        rng = hand.rng
        cx, cy = centre
        h = size / 2
        angle = rng.uniform(-0.15, 0.15)
        corners = np.array([(-h, -h), (h, -h), (h, h), (-h, h), (-h, -h)])
        rot = np.array([[math.cos(angle), -math.sin(angle)], [math.sin(angle), math.cos(angle)]])
        corners = corners @ rot.T + (cx, cy)
        poly = ((corners[:4] + self.origin) * self.k).astype(np.int32)
        cv2.fillPoly(self.alpha, [poly], float(hand.strength * rng.uniform(0.75, 1.0)), cv2.LINE_AA)
        self.stroke(hand, corners, end_jitter=False)


def _mid(side: int) -> np.ndarray:
    return np.array((C + _OUT[side][0] * C, C + _OUT[side][1] * C))


def _centre_paths(sides: list[int]) -> list[np.ndarray]:
    """Centre lines joining ``sides`` (local mm): a straight, a quarter arc, or spokes to the centre."""
    if len(sides) == 2 and (sides[1] - sides[0]) % 2 == 0:
        return [np.array([_mid(sides[0]), _mid(sides[1])])]
    if len(sides) == 2:
        return [_arc(sides[0], sides[1], 0.0)]
    return [np.array([_mid(s), (C, C)]) for s in sides]


def _arc(a: int, b: int, offset: float) -> np.ndarray:
    """The quarter arc from side a to side b around their shared corner, radius C + offset."""
    corner = np.array((C + (_OUT[a][0] + _OUT[b][0]) * C, C + (_OUT[a][1] + _OUT[b][1]) * C))
    pa, pb = _mid(a) - corner, _mid(b) - corner
    a0, a1 = math.atan2(pa[1], pa[0]), math.atan2(pb[1], pb[0])
    delta = (a1 - a0 + math.pi) % (2 * math.pi) - math.pi
    r = C + offset
    t = np.linspace(0, 1, 24)
    return corner + r * np.stack([np.cos(a0 + delta * t), np.sin(a0 + delta * t)], axis=1)


def _offset(path: np.ndarray, d: float) -> np.ndarray:
    tangent = np.gradient(path, axis=0)
    tangent /= np.maximum(np.hypot(tangent[:, 0], tangent[:, 1]), 1e-9)[:, None]
    normal = np.stack([-tangent[:, 1], tangent[:, 0]], axis=1)
    return path + normal * d


def _draw_space(canvas: _Canvas, hand: _Hand, cell: Cell, x0: float, y0: float) -> None:
    rng = hand.rng
    edges, marker = cell.edges, cell.marker
    base = np.array((x0, y0))
    if marker == "v":      # the volcano is printed (D4 of a lava sheet)
        return
    if marker == "x":
        _crater(canvas, hand, base)
        return
    if "l" in edges:
        _lava(canvas, hand, edges, base)
    w = hand.road * rng.uniform(0.9, 1.1)
    if marker == "o":
        hs = [s for s in range(4) if edges[s] == "h"]
        rs = [s for s in range(4) if edges[s] == "r"]
        _highway(canvas, hand, [np.array([_mid(hs[0]), _mid(hs[1])])], w, base, hub=False)
        for s in rs:
            inner = np.array((C, C)) + np.array(_OUT[s]) * (w / 2 + rng.uniform(0.6, 1.4))
            _railway(canvas, hand, [np.array([_mid(s), inner])], base)
        return
    sides = [s for s in range(4) if edges[s] in "hr"]
    if not sides:
        return
    hub = len(sides) > 2 or marker == "s"
    if len(set(edges[s] for s in sides)) == 1 and not hub:
        paths = _centre_paths(sides)
        if edges[sides[0]] == "h":
            _highway(canvas, hand, paths, w, base, hub=False, curve=sides)
        else:
            _railway(canvas, hand, paths, base)
    else:
        hs = [s for s in sides if edges[s] == "h"]
        rs = [s for s in sides if edges[s] == "r"]
        if hs:
            _highway(canvas, hand, [np.array([_mid(s), (C, C)]) for s in hs], w, base, hub=True, spokes=hs)
        if rs:
            _railway(canvas, hand, [np.array([_mid(s), (C, C)]) for s in rs], base)
    if marker == "s":
        canvas.blob(hand, base + (C + rng.normal(0, 0.3), C + rng.normal(0, 0.3)), hand.station * rng.uniform(0.9, 1.1))


def _lava_mask(rng, edges: str, k: float, route_half: float) -> np.ndarray:
    """Where the lava of a space with lava on ``edges``' ``l`` sides lies, as a mask over the
    space (1 mm of margin round it, ``k`` px per mm): the lava die faces' lake shapes, drawn
    freely -- a band 9-14 mm wide from each lava side to the centre (a corner's curved round its
    corner, or the whole corner filled), or, beside a route, a half-round lake on the lava side
    reaching 4.5-7 mm in (short of the route: ``route_half`` mm either side of the middle), its
    edge wobbling; cut at the space's sides."""
    n = int(round((S + 2) * k))
    mask = np.zeros((n, n), np.uint8)
    lava = [s for s in range(4) if edges[s] == "l"]

    def px(p):
        return int(round((p[0] + 1) * k)), int(round((p[1] + 1) * k))

    routes = [s for s in range(4) if edges[s] in "hr"]
    if routes:
        s = lava[0]
        across, depth = rng.uniform(5.0, 8.5), min(rng.uniform(4.5, 7.0), C - route_half - 0.8)
        centre = _mid(s)
        axes = (across, depth) if s % 2 == 0 else (depth, across)
        cv2.ellipse(mask, px(centre), (int(axes[0] * k), int(axes[1] * k)), 0, 0, 360, 1, -1)
    else:
        half = rng.uniform(4.5, 7.0)
        if len(lava) == 2 and (lava[1] - lava[0]) % 2 == 1:
            path = _arc(lava[0], lava[1], 0.0)
            if rng.random() < 0.4:   # the corner filled right up to it
                corner = path[0] + path[-1] - np.array((C, C))
                cv2.circle(mask, px(corner), int((C + half) * k), 1, -1)
            paths = [path]
        else:
            paths = _centre_paths(lava)
        for path in paths:
            for p in _resample(path, 0.5):
                cv2.circle(mask, px(p), int(half * k), 1, -1)
    # a hand's edge: the shape's border moved in and out by up to 1.5 mm, slowly along it
    noise = cv2.resize(rng.uniform(-1, 1, (6, 6)).astype(np.float32), (n, n), interpolation=cv2.INTER_CUBIC)
    soft = cv2.GaussianBlur(mask.astype(np.float32), (0, 0), 1.0 * k)
    mask = (soft + 0.25 * noise > 0.5).astype(np.uint8)
    inset = int(round(0.6 * k))    # cut at the space's sides (the printed line)
    mask[:inset], mask[-inset:], mask[:, :inset], mask[:, -inset:] = 0, 0, 0, 0
    return mask


LAVA_FILLS = ("hatch", "crosshatch", "scribble", "solid")


def _lava(canvas: _Canvas, hand: _Hand, edges: str, base: np.ndarray) -> None:
    """Lava drawn the way players draw it: the lake's shape (``_lava_mask``), its outline (most
    players) and its inside hatched (lines 0.7-1.5 mm apart, at any angle), cross-hatched,
    scribbled over (a zigzag back and forth) or shaded solid."""
    rng = hand.rng
    k = canvas.k
    route = [edges[s] for s in range(4) if edges[s] in "hr"]
    route_half = 0.0 if not route else (hand.road * 0.55 if route[0] == "h" else hand.sleeper_len * 0.58)
    mask = _lava_mask(rng, edges, k, route_half)
    n = mask.shape[0]
    # the space's patch of the canvas: grid mm (x0 - 1, y0 - 1) at its top-left pixel
    ox = int(round((canvas.origin[0] + base[0] - 1) * k))
    oy = int(round((canvas.origin[1] + base[1] - 1) * k))
    h, w = canvas.alpha.shape
    if ox < 0 or oy < 0 or ox + n > w or oy + n > h:
        return
    # (grid mm + origin) * k lands on the patch's px: its origin is the page's less the patch's place
    patch = _Canvas((n, n), (canvas.origin[0] - ox / k, canvas.origin[1] - oy / k), k)
    style = LAVA_FILLS[int(rng.choice(len(LAVA_FILLS), p=[0.4, 0.15, 0.2, 0.25]))]
    ys, xs = np.nonzero(mask)
    if xs.size == 0:
        return
    inside = mask.astype(bool)

    def hatch(angle: float, spacing: float, zigzag: bool) -> None:
        d = np.array((math.cos(angle), math.sin(angle)))
        nrm = np.array((-d[1], d[0]))
        centre = np.array(((S + 2) / 2, (S + 2) / 2))
        reach = (S + 2) * 0.75
        previous = None
        for off in np.arange(-reach, reach, spacing):
            t = np.arange(-reach, reach, 0.25)
            pts = centre + nrm * off + d[None, :] * t[:, None]        # patch mm
            ij = np.round(pts * k).astype(int)
            ok = (ij[:, 0] >= 0) & (ij[:, 0] < n) & (ij[:, 1] >= 0) & (ij[:, 1] < n)
            on = np.zeros(len(t), bool)
            on[ok] = inside[ij[ok, 1], ij[ok, 0]]
            if not on.any():
                continue
            idx = np.flatnonzero(on)
            runs = np.split(idx, np.flatnonzero(np.diff(idx) > 1) + 1)
            for run in runs:
                if len(run) < 3:
                    continue
                seg = pts[run] - 1 + base       # grid mm
                if zigzag and previous is not None and np.hypot(*(previous[-1] - seg[0])) > np.hypot(*(previous[-1] - seg[-1])):
                    seg = seg[::-1]
                if zigzag and previous is not None and np.hypot(*(previous[-1] - seg[0])) < spacing * 2.5:
                    patch.stroke(hand, np.vstack([previous[-1:], seg]), end_jitter=False)
                else:
                    patch.stroke(hand, seg, end_jitter=False)
                previous = seg

    angle = rng.uniform(0, math.pi)
    if style in ("hatch", "crosshatch"):
        spacing = rng.uniform(0.7, 1.5)
        hatch(angle, spacing, False)
        if style == "crosshatch":
            hatch(angle + rng.uniform(1.1, 2.0), spacing * rng.uniform(1.0, 1.4), False)
    elif style == "scribble":
        hatch(angle, rng.uniform(0.6, 1.3), True)
    else:   # solid shading: strokes side by side, pressed unevenly
        shade = float(hand.strength * rng.uniform(0.5, 0.9))
        streaks = cv2.resize(rng.uniform(0.75, 1.0, (4, 24)).astype(np.float32), (n, n), interpolation=cv2.INTER_LINEAR)
        turn = cv2.getRotationMatrix2D((n / 2, n / 2), math.degrees(angle), 1.0)
        streaks = cv2.warpAffine(streaks, turn, (n, n), borderMode=cv2.BORDER_REFLECT)
        patch.alpha = np.maximum(patch.alpha, shade * streaks * cv2.GaussianBlur(mask.astype(np.float32), (0, 0), 0.3 * k))
    grow = cv2.dilate(mask, np.ones((max(1, int(0.6 * k)),) * 2, np.uint8)).astype(np.float32)
    region = canvas.alpha[oy:oy + n, ox:ox + n]
    np.maximum(region, patch.alpha * grow, out=region)
    if rng.random() < 0.8:   # the lake's outline, open where it flows over the space's side
        contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
        for contour in contours:
            pts = contour[:, 0, :].astype(float) / k - 1     # space mm
            keep = np.minimum(pts, S - pts).min(axis=1) > 0.9
            if keep.all():
                pts = np.vstack([pts, pts[:1]])
                canvas.stroke(hand, base + pts[::3] if len(pts) > 9 else base + pts, end_jitter=False)
                continue
            idx = np.flatnonzero(keep)
            if idx.size == 0:
                continue
            # the contour is closed: start right after a border point so no piece wraps round
            start = int(np.flatnonzero(~keep)[0])
            order = np.roll(np.arange(len(pts)), -start)
            on = keep[order]
            pieces = np.split(order[on], np.flatnonzero(np.diff(np.flatnonzero(on)) > 1) + 1)
            for piece in pieces:
                if len(piece) > 4:
                    canvas.stroke(hand, base + pts[piece][::2], end_jitter=False)


def _crater(canvas: _Canvas, hand: _Hand, base: np.ndarray) -> None:
    """A crater as players draw one: a circle 5-10 mm across round the space's middle, filled in,
    scribbled over, with a smaller ring inside (the printed crater's bowl), or crossed; or a
    cross alone; sometimes over a faintly erased route (a meteor destroys the route it strikes)."""
    rng = hand.rng
    if rng.random() < 0.3:   # the route it struck, erased
        side = int(rng.integers(4))
        canvas.stroke(hand, base + np.array([_mid(side), _mid((side + 2) % 4)]), faint=rng.uniform(0.06, 0.16))
    centre = np.array((C, C)) + rng.normal(0, 0.5, 2)
    radius = rng.uniform(2.5, 5.0)
    style = ("filled", "scribbled", "ring", "crossed", "cross")[int(rng.choice(5, p=[0.3, 0.25, 0.15, 0.15, 0.15]))]
    t = np.linspace(0, 2 * math.pi * rng.uniform(1.02, 1.15), 60) + rng.uniform(0, 2 * math.pi)
    circle = centre + radius * np.stack([np.cos(t), np.sin(t)], axis=1) * rng.uniform(0.9, 1.1, 2)
    if style != "cross":
        canvas.stroke(hand, base + circle, end_jitter=False)
    if style == "filled":
        poly = ((base + circle[:50] + canvas.origin) * canvas.k).astype(np.int32)
        cv2.fillPoly(canvas.alpha, [poly], float(hand.strength * rng.uniform(0.6, 1.0)), cv2.LINE_AA)
    elif style == "scribbled":
        a = rng.uniform(0, math.pi)
        d, nrm = np.array((math.cos(a), math.sin(a))), np.array((-math.sin(a), math.cos(a)))
        spacing = rng.uniform(0.6, 1.2)
        pts = []
        for i, off in enumerate(np.arange(-radius * 0.9, radius * 0.9, spacing)):
            half = math.sqrt(max(radius ** 2 - off ** 2, 0)) * 0.95
            ends = (centre + nrm * off - d * half, centre + nrm * off + d * half)
            pts.extend(ends if i % 2 == 0 else ends[::-1])
        canvas.stroke(hand, base + np.array(pts), end_jitter=False)
    elif style == "ring":
        inner = centre + radius * rng.uniform(0.4, 0.6) * np.stack([np.cos(t), np.sin(t)], axis=1)
        canvas.stroke(hand, base + inner, end_jitter=False)
    if style in ("crossed", "cross"):
        arm = radius * (0.7 if style == "crossed" else rng.uniform(0.9, 1.1))
        for a in (math.pi / 4, 3 * math.pi / 4):
            a += rng.normal(0, 0.1)
            d = np.array((math.cos(a), math.sin(a))) * arm
            canvas.stroke(hand, base + np.array([centre - d, centre + d]), end_jitter=False)
    if rng.random() < 0.3:   # the last impact's dot, in the space's top-left corner (the rules)
        dot = np.array((rng.uniform(2.0, 3.5), rng.uniform(2.0, 3.5)))
        cv2.circle(canvas.alpha, tuple(int(v) for v in (base + dot + canvas.origin) * canvas.k),
                   max(1, int(rng.uniform(0.4, 0.7) * canvas.k)), float(hand.strength), -1, cv2.LINE_AA)


def _highway(canvas, hand, paths, w, base, *, hub: bool, curve=None, spokes=None) -> None:
    if hub:
        h = w / 2
        for s in spokes:
            out = np.array(_OUT[s])
            normal = np.array((-out[1], out[0]))
            for sign in (-1, 1):
                a = _mid(s) + normal * sign * h
                b = np.array((C, C)) + out * h + normal * sign * h
                canvas.stroke(hand, base + np.array([a, b]))
        for s in range(4):
            if s not in spokes:
                out = np.array(_OUT[s])
                normal = np.array((-out[1], out[0]))
                m = np.array((C, C)) + out * h
                canvas.stroke(hand, base + np.array([m - normal * h, m + normal * h]))
        if hand.dashes:
            for s in spokes:
                _dashes(canvas, hand, base + np.array([_mid(s), (C, C)]))
        return
    if curve is not None and len(curve) == 2 and (curve[1] - curve[0]) % 2 == 1:
        for d in (-w / 2, w / 2):
            canvas.stroke(hand, base + _arc(curve[0], curve[1], d))
        if hand.dashes:
            _dashes(canvas, hand, base + _arc(curve[0], curve[1], 0.0))
        return
    for path in paths:
        for d in (-w / 2, w / 2):
            canvas.stroke(hand, base + _offset(path, d))
        if hand.dashes:
            _dashes(canvas, hand, base + path)


def _dashes(canvas, hand, path) -> None:
    pts = _resample(np.asarray(path, float), 0.3)
    period = hand.rng.uniform(2.5, 3.5)
    on = int(period * 0.5 / 0.3)
    stepn = int(period / 0.3)
    for i in range(int(stepn * 0.4), len(pts) - on, stepn):
        canvas.stroke(hand, pts[i:i + on + 1], end_jitter=False)


def _railway(canvas, hand, paths, base) -> None:
    rng = hand.rng
    for path in paths:
        canvas.stroke(hand, base + path)
        pts = _resample(path, 0.3)
        tangent = np.gradient(pts, axis=0)
        tangent /= np.maximum(np.hypot(tangent[:, 0], tangent[:, 1]), 1e-9)[:, None]
        step = max(2, int(hand.sleeper_gap / 0.3))
        start = int(rng.uniform(0.8, 2.0) / 0.3)
        for i in range(start, len(pts) - 2, step):
            n = np.array((-tangent[i, 1], tangent[i, 0]))
            tilt = rng.normal(0, 0.12)
            n = n + tangent[i] * tilt
            half = hand.sleeper_len / 2 * rng.uniform(0.85, 1.15)
            canvas.stroke(hand, base + np.array([pts[i] - n * half, pts[i] + n * half]), end_jitter=False)


def _stray(canvas: _Canvas, hand: _Hand, board: Board) -> None:
    """Round numbers in the round boxes, a few dots and ticks, and erased lines."""
    rng = hand.rng
    fonts = (cv2.FONT_HERSHEY_SCRIPT_SIMPLEX, cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_PLAIN)
    font = fonts[int(rng.integers(len(fonts)))]
    b, inset = layout.ROUND_BOX_MM, layout.ROUND_BOX_INSET_MM
    for r in range(SIZE):
        for c in range(SIZE):
            if board.rows[r][c].empty or rng.random() < 0.15:
                continue
            x = c * S + S - inset - b + rng.uniform(0.3, 1.0)
            y = r * S + S - inset - rng.uniform(0.4, 1.0)
            px = (int((x + canvas.origin[0]) * canvas.k), int((y + canvas.origin[1]) * canvas.k))
            scale = canvas.k * 3.2 / 22
            cv2.putText(canvas.alpha, str(int(rng.integers(1, 8))), px, font, scale,
                        float(hand.strength), max(1, int(hand.width * canvas.k * 0.8)), cv2.LINE_AA)
    for _ in range(int(rng.integers(0, 8))):   # dots and short ticks anywhere on the grid
        x, y = rng.uniform(0, 7 * S), rng.uniform(0, 7 * S)
        length = rng.uniform(0.0, 1.6)
        a = rng.uniform(0, math.pi)
        canvas.stroke(hand, np.array([(x, y), (x + length * math.cos(a) + 0.1, y + length * math.sin(a))]),
                      end_jitter=False)
    for _ in range(int(rng.integers(0, 4))):   # an erased route end: faint and smudged
        r, c, side = int(rng.integers(SIZE)), int(rng.integers(SIZE)), int(rng.integers(4))
        base = np.array((c * S, r * S))
        canvas.stroke(hand, base + np.array([_mid(side), (C, C)]), faint=rng.uniform(0.06, 0.16))


# --------------------------------------------------------------------------- the photograph


def _pose(rng, page_w: float, page_h: float, tilt_max: float) -> np.ndarray:
    """The page's corners as the camera sees them (arbitrary units): any rotation, a tilt up to
    ``tilt_max`` degrees about a random axis, a pinhole at 1.1-2 page sizes."""
    psi = rng.uniform(0, 2 * math.pi)
    tilt = math.radians(rng.uniform(0, tilt_max))
    phi = rng.uniform(0, 2 * math.pi)
    axis = np.array((math.cos(phi), math.sin(phi), 0.0))
    rz = np.array([[math.cos(psi), -math.sin(psi), 0], [math.sin(psi), math.cos(psi), 0], [0, 0, 1]])
    rt, _ = cv2.Rodrigues(axis * tilt)
    corners = np.array([(0, 0), (page_w, 0), (page_w, page_h), (0, page_h)], float)
    centred = np.hstack([corners - (page_w / 2, page_h / 2), np.zeros((4, 1))])
    world = centred @ (rt @ rz).T
    distance = max(page_w, page_h) * rng.uniform(1.1, 2.0)
    return world[:, :2] / (world[:, 2:3] + distance) * distance, math.degrees(tilt)


def _camera(rng, proj: np.ndarray, page_w: float, page_h: float, out_w: int, out_h: int) -> np.ndarray:
    """Homography page px -> photo px: the posed page filling 60-97 % of the frame."""
    corners = np.array([(0, 0), (page_w, 0), (page_w, page_h), (0, page_h)], float)
    lo, hi = proj.min(axis=0), proj.max(axis=0)
    fill = rng.uniform(0.6, 0.97)
    scale = fill * min(out_w / (hi[0] - lo[0]), out_h / (hi[1] - lo[1]))
    size = (hi - lo) * scale
    offset = np.array((rng.uniform(0, out_w - size[0]), rng.uniform(0, out_h - size[1])))
    dst = (proj - lo) * scale + offset
    return cv2.getPerspectiveTransform(corners.astype(np.float32), dst.astype(np.float32))


def _tiled(tile: np.ndarray, shape, rng) -> np.ndarray:
    th, tw = tile.shape
    dy, dx = int(rng.integers(th)), int(rng.integers(tw))
    reps = (shape[0] // th + 2, shape[1] // tw + 2)
    return np.tile(tile, reps)[dy:dy + shape[0], dx:dx + shape[1]]


def _smooth_field(rng, h: int, w: int, lo: float, hi: float) -> np.ndarray:
    small = rng.uniform(lo, hi, (4, 4)).astype(np.float32)
    return cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC)


INKS = ("red", "green", "marker", "fineliner")


def _forced_ink(hand: _Hand, ink: str, seed: int) -> None:
    """``ink`` instead of the hand's pencil or pen (its own random numbers, so the rest of the
    photo is the seed's): a red or green ballpoint, a felt-tip marker 1.2-2 mm wide (black, red,
    green or blue), a fine-liner 0.1-0.2 mm wide (black)."""
    rng = np.random.default_rng((seed, 38))
    hand.pencil = False
    hand.strength = rng.uniform(0.85, 1.0)
    if ink == "red":
        hand.colour, hand.width = np.array([0.2, 0.15, 0.75]) * rng.uniform(0.8, 1.1), rng.uniform(0.35, 0.8)
    elif ink == "green":
        hand.colour, hand.width = np.array([0.25, 0.5, 0.1]) * rng.uniform(0.8, 1.1), rng.uniform(0.35, 0.8)
    elif ink == "marker":
        colours = ((0.08, 0.08, 0.1), (0.2, 0.15, 0.75), (0.25, 0.5, 0.1), (0.5, 0.2, 0.1))
        hand.colour, hand.width = np.array(colours[int(rng.integers(4))]), rng.uniform(1.2, 2.0)
    elif ink == "fineliner":
        hand.colour, hand.width = np.array([0.08, 0.08, 0.1]), rng.uniform(0.1, 0.2)
    else:
        raise ValueError(f"unknown ink {ink!r}; one of {', '.join(INKS)}")
    hand.thin = True


def _drawn_sheet(rng, board: Board, expansion: str, px_per_mm: float, *, strays: bool = True,
                 pencil: bool | None = None, ink: str | None = None, seed: int = 0) -> tuple[np.ndarray, _Hand]:
    """The printed page (BGR float) with ``board`` drawn on it by a random hand (``pencil``: forced
    pencil or pen; ``ink``: one of :data:`INKS` instead, :func:`_forced_ink`), and the hand."""
    page, origin_px = _page(expansion, px_per_mm)
    canvas = _Canvas(page.shape, (origin_px[0] / px_per_mm, origin_px[1] / px_per_mm), px_per_mm)
    hand = _Hand(rng, pencil)
    if ink is not None:
        _forced_ink(hand, ink, seed)
    for r in range(SIZE):
        for c in range(SIZE):
            cell = board.rows[r][c]
            if not cell.empty:
                _draw_space(canvas, hand, cell, c * S, r * S)
    if strays:
        _stray(canvas, hand, board)
    alpha = canvas.alpha
    if hand.pencil:   # graphite grain: a tile of blurred noise repeated over the page
        tile = cv2.GaussianBlur(rng.uniform(0.55, 1.0, (256, 256)).astype(np.float32), (0, 0), 0.7)
        alpha *= _tiled(tile, alpha.shape, rng)
    alpha = np.clip(alpha, 0, 1)[..., None]
    return page * (1 - alpha) + hand.colour.astype(np.float32) * alpha, hand


def _blur_sigma(rng, mp: float) -> float:
    """The lens's blur (defocus, shake) in camera pixels: 0-1.3 px at 4 MP, more at more MP."""
    return rng.uniform(0.0, 1.3) * math.sqrt(mp / 4)


def _lens_and_jpeg(rng, photo: np.ndarray, mp: float, bayer: bool = False,
                   blur: float | None = None) -> tuple[bytes, float, int]:
    """What the camera adds last to a photo of paper: lens blur (``blur``: this sigma in camera
    pixels instead of a random one), sensor noise (``bayer``: through a colour filter mosaic,
    demosaiced) and JPEG at quality 60-95; returns (the JPEG, the blur's sigma, the quality)."""
    sigma = _blur_sigma(rng, mp)
    if blur is not None:   # the random sigma is drawn all the same: the rest of the photo is the seed's
        sigma = blur
    if sigma > 0.3:
        photo = cv2.GaussianBlur(photo, (0, 0), sigma)
    jpeg, quality = _sensor_and_jpeg(rng, photo, bayer=bayer)
    return jpeg, sigma, quality


def _sensor_and_jpeg(rng, photo: np.ndarray, *, bayer: bool = False,
                     size: tuple[int, int] | None = None) -> tuple[bytes, int]:
    """Sensor noise and JPEG at quality 60-95, the same for paper and screens. ``bayer``: the
    sensor's colour filter mosaic and a phone's demosaicing and chroma noise reduction
    (:func:`_demosaiced`); ``size``: the photo scaled down to (width, height) before the JPEG."""
    out_h, out_w = photo.shape[:2]
    noise = rng.normal(0, rng.uniform(0.005, 0.025), (512, 512, 3)).astype(np.float32)
    photo += np.tile(noise, (out_h // 512 + 1, out_w // 512 + 1, 1))[:out_h, :out_w]
    image = np.clip(photo * 255, 0, 255).astype(np.uint8)
    if bayer:
        image = _demosaiced(rng, image)
    if size is not None and size != (out_w, out_h):
        image = cv2.resize(image, size, interpolation=cv2.INTER_AREA)
    quality = int(rng.integers(60, 96))
    ok, buf = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
    assert ok
    return buf.tobytes(), quality


def _frame(rng, megapixels: float | None) -> tuple[float, int, int]:
    """The camera's megapixels (1-12 unless given) and its frame in pixels (4:3, 16:9 or 3:2)."""
    mp = megapixels if megapixels is not None else float(rng.uniform(1, 12))
    aspect = (4 / 3, 16 / 9, 3 / 2)[int(rng.integers(3))]
    long_side = math.sqrt(mp * 1e6 * aspect)
    return mp, int(long_side), int(long_side / aspect)


def _cover_marks(sheet: np.ndarray, seed: int, corners, expansion: str, px_per_mm: float) -> None:
    """A thumb holding the sheet over the registration mark of each corner in ``corners`` (0 TL,
    1 TR, 2 BR, 3 BL): a skin-coloured ellipse 14 x 28 mm along the sheet's diagonal, its tip just
    outside the grid's corner (the grid itself stays in view). Its own random numbers, so the rest
    of the photo is the seed's."""
    rng = np.random.default_rng((seed, 35))
    _, origin = _page(expansion, px_per_mm)
    for corner in corners:
        gx = 0.0 if corner in (0, 3) else layout.GRID_MM
        gy = 0.0 if corner in (0, 1) else layout.GRID_MM
        out = np.array((-1.0 if corner in (0, 3) else 1.0, -1.0 if corner in (0, 1) else 1.0)) / math.sqrt(2)
        turn = rng.uniform(-0.2, 0.2)   # a thumb's slant
        out = np.array([[math.cos(turn), -math.sin(turn)], [math.sin(turn), math.cos(turn)]]) @ out
        tip = rng.uniform(1.0, 1.6)
        centre = np.array((gx, gy)) + out * (tip + 14.0)
        skin = np.array((rng.uniform(0.45, 0.6), rng.uniform(0.55, 0.68), rng.uniform(0.75, 0.9)), np.float32)
        mask = np.zeros(sheet.shape[:2], np.float32)
        c = ((centre[0] * px_per_mm + origin[0]), (centre[1] * px_per_mm + origin[1]))
        cv2.ellipse(mask, (c, (28.0 * px_per_mm, 14.0 * px_per_mm), math.degrees(math.atan2(out[1], out[0]))),
                    1.0, -1, cv2.LINE_AA)
        shade = (0.8 + 0.2 * _smooth_field(rng, *sheet.shape[:2], 0.0, 1.0))[..., None]
        sheet[:] = sheet * (1 - mask[..., None]) + (skin * shade) * mask[..., None]


def _highlight(sheet: np.ndarray, seed: int, board: Board, expansion: str, px_per_mm: float) -> int:
    """A highlighter run over some of the drawn routes (a player marking their longest route):
    a translucent yellow, orange or green band 4-6 mm wide from a side's middle across the space,
    overshooting by up to 3 mm, over 3-12 spaces. Multiplies the paper and the lines under it.
    Its own random numbers. Returns how many spaces it crosses."""
    rng = np.random.default_rng((seed, 39))
    _, origin = _page(expansion, px_per_mm)
    tint = (np.array((0.35, 0.97, 1.0)), np.array((0.3, 0.75, 1.0)), np.array((0.45, 1.0, 0.6)))[int(rng.integers(3))]
    mask = np.zeros(sheet.shape[:2], np.float32)
    drawn = [(r, c) for r in range(SIZE) for c in range(SIZE) if not board.rows[r][c].empty]
    picked = rng.permutation(len(drawn))[:int(rng.integers(3, 13))] if drawn else []
    for i in picked:
        r, c = drawn[int(i)]
        sides = [s for s in range(4) if board.rows[r][c].edges[s] in "hr"] or [0]
        a = sides[int(rng.integers(len(sides)))]
        b = (a + 2) % 4 if len(sides) < 2 else sides[int(rng.integers(len(sides)))]
        pa, pb = _mid(a) - np.array(_OUT[a]) * rng.uniform(0, 3), _mid(b) - np.array(_OUT[b]) * rng.uniform(0, 3)
        if a == b:
            pb = np.array((C, C))
        pts = (np.array([pa, pb]) + (c * S, r * S)) * px_per_mm + origin
        cv2.line(mask, tuple(int(v) for v in pts[0]), tuple(int(v) for v in pts[1]), 1.0,
                 max(1, int(rng.uniform(4, 6) * px_per_mm)), cv2.LINE_AA)
    strength = rng.uniform(0.6, 1.0)
    sheet *= 1 - (mask * strength)[..., None] * (1 - tint.astype(np.float32))
    return len(picked)


def _occlude(sheet: np.ndarray, seed: int, what: str, expansion: str, px_per_mm: float) -> str:
    """Something lying over part of the grid itself (not only a mark): a ``finger`` (a
    skin-coloured 16 x 70 mm tip, coming in from the sheet's edge, reaching 10-60 mm into the
    grid) or a ``pen`` (a 9-12 mm wide body 140 mm long, dark, coloured or white plastic, with a
    highlight along it) across the grid. Its own random numbers. Returns which."""
    rng = np.random.default_rng((seed, 40))
    _, origin = _page(expansion, px_per_mm)
    g = layout.GRID_MM
    mask = np.zeros(sheet.shape[:2], np.float32)
    angle = rng.uniform(0, 2 * math.pi)
    out = np.array((math.cos(angle), math.sin(angle)))
    if what == "finger":
        tip = np.array((g / 2, g / 2)) + out * (g / 2 * 1.2 - rng.uniform(10, 60))
        length, width = 70.0, rng.uniform(14, 18)
        colour = np.array((rng.uniform(0.45, 0.6), rng.uniform(0.55, 0.68), rng.uniform(0.75, 0.9)))
    elif what == "pen":
        tip = np.array((g / 2, g / 2)) + rng.uniform(-50, 50, 2) - out * 70
        length, width = 140.0, rng.uniform(9, 12)
        colours = ((0.1, 0.1, 0.12), (0.6, 0.25, 0.1), (0.15, 0.15, 0.7), (0.9, 0.9, 0.9))
        colour = np.array(colours[int(rng.integers(len(colours)))])
    else:
        raise ValueError(f"unknown occluder {what!r}; finger or pen")
    centre = tip + out * length / 2
    c = (centre[0] * px_per_mm + origin[0], centre[1] * px_per_mm + origin[1])
    cv2.ellipse(mask, (c, (length * px_per_mm, width * px_per_mm), math.degrees(angle)), 1.0, -1, cv2.LINE_AA)
    if what == "pen":   # a pen's body is a rod, not an ellipse: fill out its middle
        a = tip + out * 4
        b = tip + out * length
        cv2.line(mask, tuple(int(v) for v in (a * px_per_mm + origin)), tuple(int(v) for v in (b * px_per_mm + origin)),
                 1.0, int(width * px_per_mm), cv2.LINE_AA)
    # shading across it: a rounded body, lit from one side
    h, w = sheet.shape[:2]
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    across = ((xs - c[0]) * -out[1] + (ys - c[1]) * out[0]) / (width * px_per_mm / 2)
    shade = np.clip(0.75 + 0.35 * np.cos(np.clip(across, -1.5, 1.5) * 1.2 - 0.4), 0.3, 1.15)
    body = colour.astype(np.float32)[None, None, :] * shade[..., None]
    # its shadow on the paper, a little off to one side
    shadow = cv2.GaussianBlur(np.roll(mask, (int(2 * px_per_mm), int(2 * px_per_mm)), axis=(0, 1)), (0, 0), 2 * px_per_mm)
    sheet *= (1 - 0.35 * shadow)[..., None]
    sheet[:] = sheet * (1 - mask[..., None]) + body * mask[..., None]
    return what


SURROUNDS = ("dark", "tray", "laptop", "walled tray")


def _surround(table: np.ndarray, matrix: np.ndarray, sheet_shape, px_per_mm: float, seed: int, what: str) -> str:
    """Draw on ``table`` (the photo before the sheet is laid on it; ``matrix``: the sheet's pixels to
    the photo's) what the sheet lies on or beside, like a screen's dark frame: ``dark``, a dark
    table (2-8 % grey, uneven); ``tray``, a tray square to the sheet: a floor 3-25 mm beyond each of
    the sheet's edges (each its own: the sheet is not centred) inside a dark rim 6-20 mm wide;
    ``laptop``, a laptop beside the sheet, 5-40 mm from it in the sheet's plane: a lit display
    (a light page with dark blocks) in a dark bezel 8-15 mm wide; ``walled tray``, a tray turned
    4-25 degrees against the sheet, its floor 3-25 mm beyond the turned sheet's extent, a sloped
    wall 4-15 mm wide all round (0.6-1.4 times the floor's grey), a dark rim 6-20 mm wide.
    Returns a short description."""
    if what not in SURROUNDS:
        raise ValueError(f"unknown surround {what!r}; one of {', '.join(SURROUNDS)}")
    rng = np.random.default_rng([seed, 0x5C2EE2])
    h, w = sheet_shape[:2]

    def fill(x0: float, y0: float, x1: float, y1: float, colour, turn: float = 0.0) -> None:
        # a rectangle in sheet mm, turned ``turn`` degrees about the sheet's centre
        corners = np.array([[[x0, y0]], [[x1, y0]], [[x1, y1]], [[x0, y1]]], np.float64)
        if turn:
            c, s_ = math.cos(math.radians(turn)), math.sin(math.radians(turn))
            d = corners - (sw / 2, sh / 2)
            corners = np.stack([d[..., 0] * c - d[..., 1] * s_, d[..., 0] * s_ + d[..., 1] * c], -1) + (sw / 2, sh / 2)
        corners = corners * px_per_mm
        ahead = matrix[2, 0] * corners[:, 0, 0] + matrix[2, 1] * corners[:, 0, 1] + matrix[2, 2]
        if np.all(ahead > 0):   # in front of the camera
            pts = cv2.perspectiveTransform(corners, matrix).reshape(-1, 2)
            cv2.fillPoly(table, [np.round(pts * 16).astype(np.int32)], colour, cv2.LINE_AA, shift=4)

    def grey(lo: float, hi: float):
        return tuple(float(v) for v in rng.uniform(lo, hi) * rng.uniform(0.95, 1.05, 3))

    sw, sh = w / px_per_mm, h / px_per_mm
    if what == "dark":
        table[:] = grey(0.02, 0.08)
        table *= _smooth_field(rng, table.shape[0], table.shape[1], 0.8, 1.2)[..., None]
        return "a dark table"
    if what == "tray":
        left, top, right, bottom = rng.uniform(3, 25, 4)
        rim = rng.uniform(6, 20)
        fill(-left - rim, -top - rim, sw + right + rim, sh + bottom + rim, grey(0.03, 0.1))
        fill(-left, -top, sw + right, sh + bottom, grey(0.3, 0.8))
        return f"a tray, rim {rim:.0f} mm, floor {left:.0f}/{top:.0f}/{right:.0f}/{bottom:.0f} mm"
    if what == "walled tray":
        # a tray turned against the sheet, its sloped wall a band of another grey as wide on every
        # side between the rim and the floor (like a letterbox round a photo shown on a screen)
        turn = float(rng.uniform(4, 25)) * (1 if rng.random() < 0.5 else -1)
        c, s_ = abs(math.cos(math.radians(turn))), abs(math.sin(math.radians(turn)))
        half_w, half_h = (sw * c + sh * s_) / 2, (sw * s_ + sh * c) / 2   # the turned sheet's extent
        fx, fy = half_w + rng.uniform(3, 25), half_h + rng.uniform(3, 25)
        wall, rim = rng.uniform(4, 15), rng.uniform(6, 20)
        floor = grey(0.3, 0.8)
        cx, cy = sw / 2, sh / 2
        shade = rng.uniform(0.6, 1.4)
        for out, colour in ((wall + rim, grey(0.03, 0.1)), (wall, tuple(min(1.0, v * shade) for v in floor)),
                            (0.0, floor)):
            fill(cx - fx - out, cy - fy - out, cx + fx + out, cy + fy + out, colour, turn)
        return f"a walled tray turned {turn:.0f} deg, rim {rim:.0f} mm, wall {wall:.0f} mm"
    gap, bezel = rng.uniform(5, 40), rng.uniform(8, 15)
    dw, dh = rng.uniform(280, 330), rng.uniform(170, 210)
    x0 = -gap - dw - 2 * bezel if rng.random() < 0.5 else sw + gap
    y0 = rng.uniform(-0.3, 0.6) * sh
    fill(x0, y0, x0 + dw + 2 * bezel, y0 + dh + 2 * bezel, grey(0.02, 0.06))
    fill(x0 + bezel, y0 + bezel, x0 + bezel + dw, y0 + bezel + dh, grey(0.8, 0.95))
    for _ in range(int(rng.integers(3, 8))):
        bx, by = x0 + bezel + rng.uniform(0, 0.8) * dw, y0 + bezel + rng.uniform(0, 0.85) * dh
        fill(bx, by, bx + rng.uniform(0.05, 0.2) * dw, by + rng.uniform(0.03, 0.15) * dh, grey(0.1, 0.5))
    return f"a laptop {gap:.0f} mm beside"


def _curl_sheet(sheet: np.ndarray, seed: int, curl: float, expansion: str, px_per_mm: float) -> dict:
    """Paper that is not flat, seen from above: each point of the sheet moved in the photo by up
    to ``curl`` mm (at the grid) from where a flat sheet's homography puts it. A sheet lifted off
    the table by h mm, seen from D mm away at r mm off the camera's axis, moves by about h r / D:
    15 mm of curl at 100 mm off-axis from 400 mm away is 3.75 mm. One or two of: a **bend** (the
    sheet curled into a cylinder: a bulge sin(pi s) across it, s along a random direction), a
    **lifted corner** (the page corner beside a random grid corner raised: (1 - d/R)^2 within R of
    it, R reaching 60-120 mm past the grid's corner, the corner's registration mark moving with it, so the marks' homography
    is wrong near that corner), a **fold** (a ridge along a line, a tent max(0, 1 - |s - s0| / w)
    that is sharp along the crease). Each moves points in its own random direction; the sum is
    scaled so that its largest move over the grid and its marks is ``curl`` mm. Its own random
    numbers, so the rest of the photo is the seed's. Returns what was done (for the params)."""
    rng = np.random.default_rng((seed, 36))
    h, w = sheet.shape[:2]
    _, origin = _page(expansion, px_per_mm)
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    gx = (xs - origin[0]) / px_per_mm            # grid mm
    gy = (ys - origin[1]) / px_per_mm
    field_x = np.zeros((h, w), np.float32)
    field_y = np.zeros((h, w), np.float32)
    kinds = [("bend", "corner", "fold")[int(k)] for k in rng.choice(3, size=int(rng.integers(1, 3)), replace=False)]
    for kind in kinds:
        angle = rng.uniform(0, 2 * math.pi)
        move = np.array((math.cos(angle), math.sin(angle)), np.float32)
        if kind == "bend":
            theta = rng.uniform(0, math.pi)
            s = (gx * math.cos(theta) + gy * math.sin(theta))
            lo, hi = float(s.min()), float(s.max())
            shape = np.sin(math.pi * (s - lo) / (hi - lo))
        elif kind == "corner":
            corner = int(rng.integers(4))   # the page's corner beside grid corner 0 TL, 1 TR, 2 BR, 3 BL
            cx = float(gx[0, 0] if corner in (0, 3) else gx[0, -1])
            cy = float(gy[0, 0] if corner in (0, 1) else gy[-1, 0])
            gcx, gcy = (0.0 if corner in (0, 3) else layout.GRID_MM), (0.0 if corner in (0, 1) else layout.GRID_MM)
            radius = math.hypot(cx - gcx, cy - gcy) + rng.uniform(60, 120)
            shape = np.clip(1 - np.hypot(gx - cx, gy - cy) / radius, 0, None) ** 2
        else:
            theta = rng.uniform(0, math.pi)
            s = (gx - layout.GRID_MM / 2) * math.cos(theta) + (gy - layout.GRID_MM / 2) * math.sin(theta)
            s0 = rng.uniform(-50, 50)
            shape = np.clip(1 - np.abs(s - s0) / rng.uniform(60, 120), 0, None)
        weight = rng.uniform(0.5, 1.0)
        field_x += weight * shape * move[0]
        field_y += weight * shape * move[1]
    near = (gx > -12) & (gx < layout.GRID_MM + 12) & (gy > -12) & (gy < layout.GRID_MM + 12)
    top = float(np.hypot(field_x, field_y)[near].max()) or 1.0
    k = curl * px_per_mm / top
    # a point of the flat sheet at p is seen at p + d: each output pixel takes the input at p - d
    # (d is smooth, so d at the output point is d at the input point to well under a pixel)
    out = cv2.remap(sheet, xs - field_x * k, ys - field_y * k, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    sheet[:] = out
    return {"curl": round(curl, 2), "curl_kinds": "+".join(kinds)}


def make_photo(seed: int, *, megapixels: float | None = None, expansion: str = "none",
               board: Board | None = None, blank: bool = False, tilt_max: float = 35.0,
               bayer: bool = False, cover: tuple[int, ...] = (), pencil: bool | None = None,
               blur: float | None = None, curl: float = 0.0, ink: str | None = None,
               highlight: bool = False, occlude: str | None = None, surround: str | None = None) -> Photo:
    """A photo of a drawn-on sheet, and the board it shows. ``bayer``: the sensor's colour filter
    mosaic, demosaiced, as every phone photo has (off by default: the reader's benchmarks and
    tests were measured without it; the screen check is measured with it too). ``cover``: the
    corners (0 TL, 1 TR, 2 BR, 3 BL) whose registration marks a thumb covers (``_cover_marks``).
    ``pencil`` (pencil or pen) and ``blur`` (the lens blur's sigma in camera pixels) force what is
    otherwise drawn at random, for a stress set; the seed's other choices stay the same.
    ``curl``: the paper is not flat, moving points in the photo by up to this many mm
    (``_curl_sheet``; 0, the default, is a flat sheet and leaves the photo as it was).
    ``ink``: the board drawn in one of :data:`INKS` (red, green, a felt-tip marker, a fine-liner)
    instead of the hand's pencil or pen; ``highlight``: a highlighter run over some routes;
    ``occlude``: ``"finger"`` or ``"pen"`` lying over part of the grid (``_occlude``). Each has
    its own random numbers: the rest of the photo is the seed's, and without them it is unchanged.
    ``surround``: what the sheet lies on or beside, one of :data:`SURROUNDS` (``_surround``), to
    check that paper is not taken for a screen (its own random numbers too)."""
    rng = np.random.default_rng(seed)
    mp, out_w, out_h = _frame(rng, megapixels)
    if board is None:
        board = Board(tuple((EMPTY,) * SIZE for _ in range(SIZE)), expansion=expansion) if blank else \
            random_board(rng, expansion)
    px_per_mm = float(min(12.0, max(4.0, round(max(out_w, out_h) / 297 * 1.15))))
    sheet, hand = _drawn_sheet(rng, board, expansion, px_per_mm, strays=not blank, pencil=pencil, ink=ink, seed=seed)
    extra = {"ink": ink} if ink else {}
    if highlight:
        extra["highlighted"] = _highlight(sheet, seed, board, expansion, px_per_mm)
    if occlude:
        extra["occluded"] = _occlude(sheet, seed, occlude, expansion, px_per_mm)
    if cover:
        _cover_marks(sheet, seed, cover, expansion, px_per_mm)
    bent = _curl_sheet(sheet, seed, curl, expansion, px_per_mm) if curl > 0 else {}
    fibre = 1 - np.abs(rng.normal(0, 0.02, (256, 256))).astype(np.float32)
    sheet *= _tiled(cv2.GaussianBlur(fibre, (0, 0), 1.2), sheet.shape[:2], rng)[..., None]
    proj, tilt = _pose(rng, sheet.shape[1], sheet.shape[0], tilt_max)
    extent = proj.max(axis=0) - proj.min(axis=0)
    if extent[1] > extent[0]:   # the phone is turned to fit the sheet
        out_w, out_h = out_h, out_w
    matrix = _camera(rng, proj, sheet.shape[1], sheet.shape[0], out_w, out_h)
    table = np.empty((out_h, out_w, 3), np.float32)
    table[:] = rng.uniform(0.15, 0.75, 3).astype(np.float32)
    table *= _smooth_field(rng, out_h, out_w, 0.7, 1.2)[..., None]
    if surround:
        extra["surround"] = _surround(table, matrix, sheet.shape, px_per_mm, seed, surround)
    photo = cv2.warpPerspective(sheet, matrix, (out_w, out_h), dst=table, flags=cv2.INTER_AREA if px_per_mm > 8 else cv2.INTER_LINEAR,
                                borderMode=cv2.BORDER_TRANSPARENT)
    light = _smooth_field(rng, out_h, out_w, 0.55, 1.1)
    shadow = rng.random() < 0.6
    if shadow:   # a soft shadow (a hand, a phone) over part of the frame, drawn small
        sw, sh = max(8, out_w // 8), max(8, out_h // 8)
        mask = np.zeros((sh, sw), np.float32)
        pts = (rng.uniform(0, 1, (3, 2)) * (sw, sh)).astype(np.int32)
        edge = pts[0]
        poly = np.array([edge, pts[1], pts[2], (edge + (sw, 0)) % (sw, sh)], np.int32)
        cv2.fillPoly(mask, [poly], 1.0)
        mask = cv2.GaussianBlur(mask, (0, 0), max(sw, sh) * rng.uniform(0.01, 0.05))
        mask = cv2.resize(mask, (out_w, out_h), interpolation=cv2.INTER_LINEAR)
        light *= 1 - mask * rng.uniform(0.2, 0.5)
    cast = rng.uniform(0.9, 1.1, 3).astype(np.float32)
    photo = photo * light[..., None] * cast
    jpeg, sigma, quality = _lens_and_jpeg(rng, photo, mp, bayer, blur)
    params = {"megapixels": round(out_w * out_h / 1e6, 2), "pencil": hand.pencil, "jpeg": quality,
              "px_per_mm": px_per_mm, "blur": round(sigma, 2), "tilt": round(tilt, 1), "shadow": shadow,
              "light": round(float(light.min() / max(light.max(), 1e-6)), 2), **bent, **extra}
    return Photo(jpeg, board, seed, out_w, out_h, params)


# --------------------------------------------------------------------------- a photo of a screen


def _stripe_mean(x: np.ndarray, a: np.ndarray, b: np.ndarray, start: float, duty: float) -> np.ndarray:
    """The mean, relative to its average, of a pattern lit on [start, start + duty) of every unit
    period, over a camera pixel's footprint centred on ``x``: a square pixel whose sides span
    ``a`` and ``b`` periods along the pattern's axis projects onto it as a trapezoid, a box of
    width ``a`` convolved with a box of width ``b`` (moire comes from here)."""
    def once(t):      # the pattern's integral from 0 to t
        whole = np.floor(t)
        return whole * duty + np.clip(t - whole - start, 0.0, duty)

    def twice(t):     # ... and that integral's integral
        # duty * whole * (whole - 1) / 2 + whole * period + whole * duty * r + part, where
        # part = lit ** 2 / 2 + duty * max(0, r - start - duty): the same operations in the same
        # order (the same bits), worked in place in three arrays instead of a dozen new ones
        whole = np.floor(t)
        r = t - whole
        rest = r - start
        lit = np.clip(rest, 0.0, duty)
        np.subtract(rest, duty, out=rest)
        np.maximum(0.0, rest, out=rest)
        np.multiply(duty, rest, out=rest)
        np.square(lit, out=lit)
        np.divide(lit, 2, out=lit)
        np.add(lit, rest, out=lit)                 # part
        period = duty ** 2 / 2 + duty * (1 - start - duty)
        out = np.multiply(duty, whole)
        np.subtract(whole, 1, out=rest)
        np.multiply(out, rest, out=out)
        np.divide(out, 2, out=out)
        np.multiply(whole, period, out=rest)
        np.add(out, rest, out=out)
        np.multiply(whole, duty, out=rest)
        np.multiply(rest, r, out=rest)
        np.add(out, rest, out=out)
        return np.add(out, lit, out=out)

    wide, narrow = np.maximum(a, b), np.minimum(a, b)
    n = np.maximum(narrow, 1e-6)
    mean = (twice(x + (wide + n) / 2) - twice(x + (wide - n) / 2) - twice(x - (wide - n) / 2)
            + twice(x - (wide + n) / 2)) / (np.maximum(wide, 1e-6) * n)      # the trapezoid
    thin = narrow < 0.02 * np.maximum(wide, 1e-6) + 1e-3    # ... or, a footprint this thin, the box
    if thin.any():   # (worked out only where it is taken: the same values, element by element)
        xt, wt = x[thin], wide[thin]
        mean[thin] = (once(xt + wt / 2) - once(xt - wt / 2)) / np.maximum(wt, 1e-6)
    return np.divide(mean, duty, out=mean)


def _screen_bands(inverse: np.ndarray, out_w: int, out_h: int):
    """Bands of 256 photo rows (bounded memory at 12 MP): (first row, u, v, (ux, uy), (vx, vy)) --
    each camera pixel's place on the screen (u, v, in screen pixels) and how far u and v move
    per camera pixel along x and along y."""
    xs = np.arange(out_w, dtype=np.float64) + 0.5
    for top in range(0, out_h, 256):
        ys = np.arange(top, min(out_h, top + 256), dtype=np.float64) + 0.5
        gx, gy = np.meshgrid(xs, ys)
        d = inverse[2, 0] * gx + inverse[2, 1] * gy + inverse[2, 2]
        u = (inverse[0, 0] * gx + inverse[0, 1] * gy + inverse[0, 2]) / d
        v = (inverse[1, 0] * gx + inverse[1, 1] * gy + inverse[1, 2]) / d
        ux, uy = (inverse[0, 0] - u * inverse[2, 0]) / d, (inverse[0, 1] - u * inverse[2, 1]) / d
        vx, vy = (inverse[1, 0] - v * inverse[2, 0]) / d, (inverse[1, 1] - v * inverse[2, 1]) / d
        yield top, u, v, (ux, uy), (vx, vy)


SENSOR_MP = 12.0   # a phone's main camera: 12 MP photos (its 48-50 MP sensor binned 2 x 2)
_BAYER = {(0, 0): cv2.COLOR_BayerBG2BGR, (0, 1): cv2.COLOR_BayerGB2BGR, (1, 0): cv2.COLOR_BayerGR2BGR,
          (1, 1): cv2.COLOR_BayerRG2BGR}   # OpenCV's code for red at (row, column) of each 2 x 2


def _demosaiced(rng, image: np.ndarray) -> np.ndarray:
    """``image`` (BGR uint8, the light on the sensor) as a phone records it: one colour per pixel
    through an R, G / G, B filter mosaic (any phase), demosaiced (bilinear, edge-aware or VNG),
    then the colour smoothed by a phone's chroma noise reduction (sigma 0.5-2.5 px)."""
    dy, dx = int(rng.integers(2)), int(rng.integers(2))
    mosaic = image[..., 1].copy()
    mosaic[dy::2, dx::2] = image[dy::2, dx::2, 2]
    mosaic[1 - dy::2, 1 - dx::2] = image[1 - dy::2, 1 - dx::2, 0]
    code = _BAYER[(dy, dx)] + int(rng.choice([0, cv2.COLOR_BayerBG2BGR_EA - cv2.COLOR_BayerBG2BGR,
                                              cv2.COLOR_BayerBG2BGR_VNG - cv2.COLOR_BayerBG2BGR]))
    out = cv2.cvtColor(mosaic, code)
    ycc = cv2.cvtColor(out, cv2.COLOR_BGR2YCrCb)
    chroma = rng.uniform(0.5, 2.5)
    for k in (1, 2):
        ycc[..., k] = cv2.GaussianBlur(ycc[..., k], (0, 0), chroma)
    return cv2.cvtColor(ycc, cv2.COLOR_YCrCb2BGR)


def _screen_defocus(rng) -> float:
    """The defocus and shake of a photo of a screen, sigma in the 12 MP sensor's pixels: the
    paper photos' (0-2.25 px at 12 MP) over a 2-4 times shorter exposure (a screen is 2-4 times
    brighter than paper under room light) in 85 % of photos; the paper photos' whole in 15 %
    (the focus missed, a dim screen) -- docs/railroad-ink-photo.md."""
    blur = _blur_sigma(rng, SENSOR_MP)
    return blur if rng.random() < 0.15 else blur / rng.uniform(2.0, 4.0)


# screens' own resolutions (width x height as held: phones upright, laptops and monitors landscape)
PHONES = ((720, 1280), (720, 1600), (1080, 1920), (1080, 2340), (1080, 2400), (1170, 2532), (1284, 2778),
          (1440, 3088), (1440, 3200))
MONITORS = ((1366, 768), (1440, 900), (1920, 1080), (1920, 1200), (2560, 1440), (2560, 1600), (2880, 1800),
            (3024, 1964), (3840, 2160))


def _frame_screen(rng, proj: np.ndarray, screen: tuple[int, int], sheet: tuple[int, int, int, int],
                  per_px: float, size: tuple[int, int], cam: tuple[int, int]):
    """Where the screen falls in the 12 MP frame: (screen px -> camera px homography, the camera px
    per screen px at the centre of what is framed, "screen" or "sheet", the photo's size, the
    camera's size; both turned to suit what is framed). ``proj``: the posed screen's corners.
    The whole screen is framed when it fits 97 % of the frame at ``per_px``; else the player
    frames the sheet it shows (``sheet``: x, y, width, height in screen px), filling 60-97 % of
    the frame at most (``per_px`` lowered to that when it is more)."""
    sw, sh = screen
    corners = np.array([(0, 0), (sw, 0), (sw, sh), (0, sh)], np.float32)
    posed = cv2.getPerspectiveTransform(corners, proj.astype(np.float32))   # screen px -> posed units

    def spread(at):   # posed units per screen px at ``at`` (the root of the Jacobian)
        w = posed[2, 0] * at[0] + posed[2, 1] * at[1] + posed[2, 2]
        p = (posed[:2, :2] @ at + posed[:2, 2]) / w
        jac = (posed[:2, :2] - np.outer(p, posed[2, :2])) / w
        return math.sqrt(abs(np.linalg.det(jac)))

    def box(points):
        pts = cv2.perspectiveTransform(points.reshape(-1, 1, 2), posed).reshape(-1, 2)
        return pts.min(axis=0), pts.max(axis=0)

    def turned(extent):   # the phone is turned to suit what is framed
        return (cam, size) if (extent[1] > extent[0]) == (cam[1] > cam[0]) else \
            ((cam[1], cam[0]), (size[1], size[0]))

    lo, hi = box(corners)
    scale = per_px / spread(np.array((sw / 2, sh / 2)))
    (cam_w, cam_h), out = turned(hi - lo)
    framed = "screen"
    if np.any((hi - lo) * scale > 0.97 * np.array((cam_w, cam_h))):
        framed = "sheet"
        x, y, w, h = sheet
        lo, hi = box(np.array([(x, y), (x + w, y), (x + w, y + h), (x, y + h)], np.float32))
        (cam_w, cam_h), out = turned(hi - lo)
        scale = per_px / spread(np.array((x + w / 2, y + h / 2)))
        scale = min(scale, rng.uniform(0.6, 0.97) * float(np.min(np.array((cam_w, cam_h)) / (hi - lo))))
        per_px = scale * spread(np.array((x + w / 2, y + h / 2)))
    extent = (hi - lo) * scale
    offset = np.array((rng.uniform(0, cam_w - extent[0]), rng.uniform(0, cam_h - extent[1])))
    place = np.array([[scale, 0, offset[0] - lo[0] * scale], [0, scale, offset[1] - lo[1] * scale], [0, 0, 1]])
    return place @ posed, per_px, framed, out, (cam_w, cam_h)


def make_screen_photo(seed: int, *, megapixels: float | None = None, expansion: str = "none",
                      board: Board | None = None, tilt_max: float = 35.0, pitch: float | None = None,
                      defocus: float | None = None) -> Photo:
    """A photo of a drawn-on sheet shown on a screen (a phone's, a laptop's, a monitor's): the
    sheet as the screen shows it (fitted to 85-100 % of a real device's resolution, :data:`PHONES`
    and :data:`MONITORS`), each screen pixel three lit R, G, B stripes with dark gaps between them
    and between the rows; photographed at any rotation and a tilt up to ``tilt_max`` degrees by a
    12 MP phone camera, 0.65 to 3.5 of its pixels per screen pixel: the whole screen when it fits
    the frame at that pitch, else the sheet on it, filling 60-97 % of the frame at most (the pitch
    lowered to what that allows: :func:`_frame_screen`); the screen's own light (a bluish or warm white), a reflection (glare) over part of it,
    the dark bezel around it. The screen shows the sheet drawn on digitally (no paper texture) or,
    one time in four, a photo of the paper sheet (its paper, light and shadows; the photo
    :func:`make_photo` makes from the same seed, at 1-4 MP). The lens blurs before the camera
    samples the screen, as a lens does: a sharp lens's own spread (sigma 0.3-0.5 px) and a
    defocus or shake (:func:`_screen_defocus`); each camera pixel then averages the light over its
    own area (moire where the two grids beat), through one colour of the sensor's filter mosaic,
    and the phone demosaics and smooths the colour (:func:`_demosaiced`). The exposure keeps the
    screen's white from clipping (the 99.5th percentile at 85-100 % of full scale). A photo of
    under 12 MP is the 12 MP photo scaled down (a phone's smaller size, a messaging app); then
    JPEG 60-95 as for paper. ``pitch`` (the 12 MP camera's pixels per screen pixel) and
    ``defocus`` (sigma, those pixels) fix those two of the random conditions (the others stay the
    seed's)."""
    rng = np.random.default_rng(seed)
    mp, out_w, out_h = _frame(rng, megapixels)
    if board is None:
        board = random_board(rng, expansion)
    shows_photo = rng.random() < 0.25
    # the device and its own resolution (docs/railroad-ink-photo.md): a phone held upright, or a
    # laptop's or a monitor's landscape screen; the sheet shown on it fitted to 85-100 % of it
    phone = rng.random() < 0.4
    devices = PHONES if phone else MONITORS
    sw, sh = devices[int(rng.integers(len(devices)))]
    shown_ppm = rng.uniform(0.85, 1.0) * min(sw / 210.0, sh / 297.0)   # screen px per mm of the A4 sheet
    if shows_photo:   # a photo of the paper sheet sent to this phone or computer, shown full screen
        inner = make_photo(seed, megapixels=float(rng.uniform(1.0, 4.0)), expansion=expansion, board=board)
        sheet = cv2.imdecode(np.frombuffer(inner.jpeg, np.uint8), cv2.IMREAD_COLOR).astype(np.float32) / 255
        fit = min(shown_ppm * 297.0 / max(sheet.shape[:2]), sw / sheet.shape[1], sh / sheet.shape[0])
    else:             # the sheet drawn on digitally (a PDF or a drawing app), as sharp as the screen shows it
        ppm = float(np.clip(round(shown_ppm), 6, 10))
        sheet, _hand = _drawn_sheet(rng, board, expansion, ppm)
        fit = shown_ppm / ppm
    # the camera records 12 MP; a smaller photo is scaled down from it at the end
    up = math.sqrt(max(SENSOR_MP, mp) / mp)
    size = (out_w, out_h)
    cam_w, cam_h = int(round(out_w * up)), int(round(out_h * up))
    cw, ch = max(8, int(sheet.shape[1] * fit)), max(8, int(sheet.shape[0] * fit))
    x0, y0 = (sw - cw) // 2, (sh - ch) // 2
    # one screen pixel spans 0.65-3.5 camera pixels at the centre of what is framed (log-uniform);
    # the whole screen is framed when it fits the frame at that pitch, else the sheet on it is,
    # filling 60-97 % of the frame at most (the pitch then no more than that allows)
    per_px = math.exp(rng.uniform(math.log(0.65), math.log(3.5)))
    per_px = per_px if pitch is None else pitch
    proj, tilt = _pose(rng, sw, sh, tilt_max)
    matrix, per_px, framed, size, (cam_w, cam_h) = _frame_screen(
        rng, proj, (sw, sh), (x0, y0, cw, ch), per_px, size, (cam_w, cam_h))
    ui = np.float32(rng.choice([0.12, 0.2, 0.9, 0.96]))
    content = np.full((sh, sw, 3), ui, np.float32)
    shown = cv2.resize(sheet, (cw, ch), interpolation=cv2.INTER_AREA if fit < 1 else cv2.INTER_LINEAR)
    content[y0:y0 + ch, x0:x0 + cw] = shown
    content = np.clip(content, 0, 1) ** 1.1
    inverse = np.linalg.inv(matrix)
    duty = rng.uniform(0.2, 0.3)
    fill = rng.uniform(0.75, 0.95)
    bgr = (2, 1, 0) if rng.random() < 0.85 else (0, 1, 2)   # the stripes' order, left to right
    white = np.array((rng.uniform(1.0, 1.12), 1.0, rng.uniform(0.88, 1.0)), np.float32) * rng.uniform(0.7, 0.95)
    optics = rng.uniform(0.3, 0.5)   # a sharp phone lens's own spread (diffraction, aberrations): sigma, camera px
    bezel = rng.uniform(0.02, 0.06) * min(sw, sh)
    table = np.float32(rng.uniform(0.15, 0.7))
    defocus = _screen_defocus(rng) if defocus is None else defocus
    sigma = math.hypot(defocus, optics)
    # the lens blurs the light before the sensor samples it: the scene (the screen's content, its
    # bezel, the table) is blurred, and so is the stripes' pattern -- each of its harmonics by the
    # blur's MTF at the screen's pitch -- before each camera pixel averages what reaches it
    # (blurring after the sampling would wrongly smooth away a moire the sensor already recorded)
    scene = np.empty((cam_h, cam_w, 3), np.float32)
    for top, u, v, _du, _dv in _screen_bands(inverse, cam_w, cam_h):
        shown = cv2.remap(content, np.floor(u).astype(np.float32), np.floor(v).astype(np.float32),
                          cv2.INTER_NEAREST, borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0))
        inside_bezel = (u > -bezel) & (u < sw + bezel) & (v > -bezel) & (v < sh + bezel)
        on_screen = (u >= 0) & (u < sw) & (v >= 0) & (v < sh)
        shown[~on_screen] = 0.03
        shown[~inside_bezel] = table
        scene[top:top + len(u)] = shown
    scene = cv2.GaussianBlur(scene, (0, 0), sigma)
    photo = scene
    for top, u, v, (ux, uy), (vx, vy) in _screen_bands(inverse, cam_w, cam_h):
        # a camera pixel averages the light over its own area (a square whose sides span |ux| and
        # |uy| screen pixels across the columns, |vx| and |vy| across the rows) ...
        # ... after the lens's blur: its MTF at one cycle per screen pixel, a frequency of
        # |grad u| (|grad v|) cycles per camera pixel
        gu = np.exp(-2 * math.pi ** 2 * sigma ** 2 * (ux ** 2 + uy ** 2))
        gv = np.exp(-2 * math.pi ** 2 * sigma ** 2 * (vx ** 2 + vy ** 2))
        rows = 1 + (_stripe_mean(v, np.abs(vx), np.abs(vy), 0.0, fill) - 1) * gv
        on_screen = ((u >= 0) & (u < sw) & (v >= 0) & (v < sh))
        band = photo[top:top + len(u)]
        for k, channel in enumerate(bgr):
            lit = 1 + (_stripe_mean(u, np.abs(ux), np.abs(uy), k / 3 + (1 / 3 - duty) / 2, duty) - 1) * gu
            band[..., channel] = np.where(on_screen, band[..., channel] * lit * rows * white[channel],
                                          band[..., channel])
    # a reflection of a lamp or a window, and the room's light veiling the glass
    gy, gx = np.ogrid[:cam_h, :cam_w]
    cx, cy = rng.uniform(0, cam_w), rng.uniform(0, cam_h)
    radius = rng.uniform(0.1, 0.4) * max(cam_w, cam_h)
    glare = rng.uniform(0.05, 0.45) * np.exp(-((gx - cx) ** 2 + (gy - cy) ** 2) / (2 * radius ** 2))
    photo += (glare + rng.uniform(0.0, 0.06)).astype(np.float32)[..., None]
    # the camera's exposure: a phone meters a bright screen (with HDR) so that little of it clips:
    # the 99.5th percentile of the frame lands at 85-100 % of full scale
    top = float(np.percentile(photo[::8, ::8], 99.5))
    photo *= np.float32(min(1.5, rng.uniform(0.85, 1.0) / max(top, 1e-3)))
    jpeg, quality = _sensor_and_jpeg(rng, photo, bayer=True, size=size)
    params = {"megapixels": round(size[0] * size[1] / 1e6, 2), "jpeg": quality, "blur": round(defocus, 2),
              "tilt": round(tilt, 1), "camera_px_per_screen_px": round(per_px / up, 2), "sensor_px_per_screen_px": round(per_px, 2),
              "screen": (sw, sh), "framed": framed,
              "phone": phone, "shows_photo": shows_photo}
    return Photo(jpeg, board, seed, size[0], size[1], params)


def phone_processing(jpeg: bytes, *, white: tuple[float, float, float] = (1.0, 1.0, 1.0),
                     denoise: float = 0.0, sharpen: float = 0.0, quality: int = 60) -> bytes:
    """A photo as a phone's own processing might leave it: a white balance (``white``: gains on
    B, G, R; (1.15, 1.0, 0.85) a cool light), noise reduction (an edge-keeping bilateral filter
    of strength ``denoise`` grey levels, applied twice: paper left smooth), an unsharp mask of
    ``sharpen`` (halos at edges), JPEG at ``quality``. For testing what the reader must still
    accept."""
    image = cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR).astype(np.float32)
    image *= np.array(white, np.float32)
    image = np.clip(image, 0, 255)
    if denoise > 0:
        for _ in range(2):
            image = cv2.bilateralFilter(image, 5, denoise, 2.5)
    if sharpen > 0:
        image = image + sharpen * (image - cv2.GaussianBlur(image, (0, 0), 1.5))
    ok, buf = cv2.imencode(".jpg", np.clip(image, 0, 255).astype(np.uint8), [cv2.IMWRITE_JPEG_QUALITY, quality])
    assert ok
    return buf.tobytes()
