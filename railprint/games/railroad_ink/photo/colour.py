"""Highways in a colour of their own (issue 35, round fifteen).

A player may draw the highways in a colour the railways do not have: a highlighter's broad,
light, translucent band (the printed grid showing through it), a light colour pencil, a pen of
another colour. The reader reads the photo in grey, where such a highway is a broad light smear
(read as a railway whose ink runs wide), a pale line (read as nothing), or a line like the
railways' own; the colour tells them apart where the shape cannot. One player draws every
highway of a sheet in one colour and every railway in another (or in grey), so the sheet's own
colours are the evidence, and the game's rules say which is which: a route drawn to a printed
exit is of the exit's kind.

The photo is decoded in colour at half size (:func:`photo`: JPEG, PNG or WebP; a 4:2:0 JPEG
holds its colour at half size anyway) and rectified as the grey one (``rectified``); each
channel's darkness is taken against the paper's own colour (a closing over 8 mm, as the grey
``read._darkness``), so a warm lamp or a shadow's blue leaves the paper grey. A grey line darkens
the three channels alike, a coloured one unequally: the distance from grey of the darkness
(``chroma``, 0..1) and its hue (an angle) are measured in each side's strip. The route sides
whose colour runs through the strip are grouped by hue (gaps of GAP_DEG between the groups), the
route sides without colour form one more group (grey); a sheet with exactly two groups of
MIN_GROUP sides or more, each group's sides at the printed exits all of one kind and the two
groups' kinds different (at least MIN_EXITS such sides in all), has a colour for each kind.

Then each space whose sides' colours say another route than the one read (a highway read as a
railway, a route read empty, a route read where the sheet's routes all have a colour and this
one has none: an erased line) is flagged ("drawn in this sheet's ... colour") with the guess
its colours give (the reader's own rules make the space from its sides: station, overpass,
nearest die face). It never makes a space certain. A sheet in one grey pencil (no colour groups)
is read as before.

The reader calls :func:`revise` with what it read; this module never imports the reader.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

import cv2
import numpy as np

from railprint.games.railroad_ink.board import EXIT_AT, SIZE, square
from railprint.games.railroad_ink.photo import noisy_colour
from railprint.games.railroad_ink.photo import one_decode

CHROMA = 0.06        # a pixel whose darkness stands this far from grey (0..1 of the paper's light) is coloured
SMOOTH_MM = 0.4      # ... its hue averaged over this (a Gaussian's deviation)
NOISE_K = 8.0        # ... and it stands this many of the photo's deviations above its typical amount
RUN = 0.7            # a side whose coloured pixels run through this share of its strip's rows: a coloured route
GREY = 0.15          # ... through under this share: a side without colour
MIN_PIXELS = 12      # a side's hue is measured on this many coloured pixels or more
GAP_DEG = 30.0       # two coloured sides' hues this far apart with no side between: two colours
SPREAD = 1.5         # a coloured side's hue within this many times its group's spread (``_centre``) ...
SPREAD_MIN_DEG = 10.0   # ... (or this, at least) belongs to it
MIN_GROUP = 3        # a colour (or grey) drawn on this many route sides or more is one of the sheet's colours
MIN_EXITS = 2        # the printed exits the groups reach, in all, for the sheet's colours to say the kinds
STRAY = 1            # by day a hue group may reach this many printed exits of the other kind, with three times as
                     # many of its own, where the grey group (a pencil) meets no exit (round twenty-one: a coffee ring)

KIND_WHY = {"h": "drawn in this sheet's highways' colour: a highway?",
            "r": "drawn in this sheet's railways' colour: a railway?",
            ".": "without the colour of this sheet's routes: an erased line?"}


def readable(data: bytes) -> bool:
    """Whether the file is a JPEG, PNG or WebP: the formats whose colour copy is read."""
    return data[:3] == b"\xff\xd8\xff" or data[:8] == b"\x89PNG\r\n\x1a\n" \
        or (data[:4] == b"RIFF" and data[8:12] == b"WEBP")


def photo(data: bytes, gray_shape: tuple[int, ...], kept: np.ndarray | None = None) -> np.ndarray | None:
    """The photo in colour at half size (BGR), upright as the grey one; None when it is not a
    JPEG, PNG or WebP, or does not match the grey photo's size (``gray_shape``). The file was
    checked (size, pixels, scans) when its grey copy was decoded. ``kept``: the half-size copy its
    grey decode made (``one_decode.decode``: a plain PNG), else None."""
    if not readable(data):
        return None
    try:
        image = one_decode.half_colour(data, kept)   # (a plain PNG: the copy its grey decode made)
    except cv2.error:
        return None
    if image is None or image.ndim != 3 or abs(image.shape[0] * 2 - gray_shape[0]) > 2 \
            or abs(image.shape[1] * 2 - gray_shape[1]) > 2:
        return None
    return image


WARP_MM = 1.5        # the colour is rectified through the grid's warp only where it moves the grid this far


def worth(field: np.ndarray | None) -> np.ndarray | None:
    """The grid's warp (``read._grid_field``, mm) when it moves a crossing WARP_MM or more, else
    None: a side's colour is measured across 9 mm of its route, which a smaller offset leaves in
    the strip, and the warp's maps cost 0.07 s on a 12 MP photo."""
    return field if field is not None and float(np.abs(field).max()) >= WARP_MM else None


@dataclass
class Chroma:
    """The rectified photo's colour: how far each pixel's darkness stands from grey (``amount``),
    its hue's two components (``a``: red against green, ``b``: red and green against blue), and
    the amount over which a pixel is coloured (``level``: CHROMA, or more in a noisy photo)."""

    amount: np.ndarray
    a: np.ndarray
    b: np.ndarray
    level: float = CHROMA


def chroma(rect: np.ndarray, px_per_mm: float) -> Chroma:
    """``rect``: the rectified photo in colour (BGR, any depth). The hue's components are averaged
    over SMOOTH_MM (a drawn colour is broader than that; a high-ISO photo's colour noise, strongest
    in the blue of a warm lamp's light, is not), and ``level`` stands NOISE_K deviations above the
    photo's typical amount (most of it is paper)."""
    size = (rect.shape[1], rect.shape[0])
    p = px_per_mm / 2   # measured at half the resolution (a quarter of the time), then scaled back
    g = cv2.resize(rect, (size[0] // 2, size[1] // 2), interpolation=cv2.INTER_AREA).astype(np.float32)
    k = int(p * 8) | 1
    paper = cv2.morphologyEx(g, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_RECT, (k, k)))
    paper = cv2.GaussianBlur(paper, (0, 0), p * 0.6)
    dark = np.clip(1.0 - g / np.maximum(paper, 1.0), 0.0, 1.0)
    blue, green, red = dark[..., 0], dark[..., 1], dark[..., 2]
    a = cv2.GaussianBlur((red - green) / math.sqrt(2), (0, 0), SMOOTH_MM * p)
    b = cv2.GaussianBlur((red + green - 2 * blue) / math.sqrt(6), (0, 0), SMOOTH_MM * p)
    amount = np.hypot(a, b)
    sample = amount[::2, ::2]
    median = float(np.median(sample))
    spread = float(np.median(np.abs(sample - median))) * 1.4826
    a, b, amount = (cv2.resize(x, size, interpolation=cv2.INTER_LINEAR) for x in (a, b, amount))
    return Chroma(amount, a, b, max(CHROMA, median + NOISE_K * spread))


@dataclass
class SideColour:
    run: float          # the share of the strip's rows with a coloured pixel
    hue: float | None   # degrees, of the coloured pixels' mean chroma (None: too few of them)


def side_colour(amount: np.ndarray, a: np.ndarray, b: np.ndarray, level: float = CHROMA) -> SideColour:
    """One side's strips of ``Chroma`` (rows inwards, columns across the route); a pixel over
    ``level`` is coloured."""
    coloured = amount > level
    if coloured.size == 0:
        return SideColour(0.0, None)
    run = float(coloured.any(axis=1).mean())
    n = int(coloured.sum())
    hue = math.degrees(math.atan2(float(b[coloured].sum()), float(a[coloured].sum()))) if n >= MIN_PIXELS else None
    return SideColour(run, hue)


def apart(x: float, y: float) -> float:
    return abs((x - y + 180.0) % 360.0 - 180.0)


def hue_groups(hues: list[float]) -> list[list[float]]:
    """The hues' groups round the circle (each group's hues, degrees): a gap of GAP_DEG or more
    between two neighbours parts them."""
    if not hues:
        return []
    h = sorted(x % 360.0 for x in hues)
    gaps = [h[i + 1] - h[i] for i in range(len(h) - 1)] + [h[0] + 360.0 - h[-1]]
    cuts = [i for i, gap in enumerate(gaps) if gap >= GAP_DEG]
    if not cuts:   # hues all round the circle: no colour of its own
        return []
    return [[h[(start + 1 + k) % len(h)] for k in range((cuts[(j + 1) % len(cuts)] - start) % len(h) or len(h))]
            for j, start in enumerate(cuts)]


GREY_GROUP = "grey"


def group_of(side: SideColour, groups: list[tuple[float, float] | None]):
    """The side's group: the index of the group (its hue and how far from it a member's may lie,
    degrees; None: a group left out) near its hue, GREY_GROUP (no colour), or None (unclear: some
    colour, or a hue of no group kept)."""
    if side.run < GREY:
        return GREY_GROUP
    if side.run < RUN or side.hue is None:
        return None
    for i, group in enumerate(groups):
        if group is not None and apart(side.hue, group[0]) <= group[1]:
            return i
    return None


def _middle(hues: list[float]) -> float:
    return math.degrees(math.atan2(sum(math.sin(math.radians(x)) for x in hues),
                                   sum(math.cos(math.radians(x)) for x in hues)))


def hue_centre(hues: list[float], least: float = SPREAD_MIN_DEG) -> tuple[float, float]:
    """A group's hue (the median of its hues round their mean) and how far a member may lie from
    it: SPREAD times the distance from it of three in four of its hues, SPREAD_MIN_DEG at least.
    A highlighter's yellow turns with the light where the paper's red and green clip (by 20
    degrees between a sheet's quarters); a coffee ring's brown on a few sides beside a red pen's
    hue, within the gap's reach, lies further."""
    mean = _middle(hues)
    dev = sorted((x - mean + 180.0) % 360.0 - 180.0 for x in hues)
    centre = mean + dev[len(dev) // 2]
    spread = sorted(apart(x, centre) for x in hues)[(len(hues) * 3) // 4]
    return centre, max(least, SPREAD * spread)


def sheet_kinds(rows: list, colours: dict, least: float = SPREAD_MIN_DEG, stray: int = 0,
                hue_stray: int = 0) -> dict | None:
    """The sheet's two groups' kinds ({group: "h" | "r"}) from the route sides' colours
    (``colours[(r, c, s)]``: ``SideColour``) and the printed exits they reach; None when the sheet
    does not show exactly two groups whose exits say one kind each, different (``stray``: a group
    may reach this many exits of the other kind, when it reaches three times as many of its own;
    ``hue_stray``: so may a hue group, where the grey group reaches no exit).

    Round twenty-one (h-silent4): by day (``hue_stray`` STRAY) a coffee ring across a railway exit
    of a sheet drawn in two colours (highlighter highways, colour-pencil railways) turned that
    exit's hue to the highways' group, and the sheet's colours said nothing: the second
    independent check's spent held-out 205,277 G6 (``.hh.``, the ring's brown arc across its
    north and west sides read as two certain highways) is flagged by its colours now. Allowing
    the stray where the grey group meets exits too (one colour and a pencil) read the third
    check's dev 9,004-9,058 worse (91.43 -> 91.26 %: a tinted pencil highway at a railway exit)."""
    routes = [(r, c, s) for r in range(SIZE) for c in range(SIZE) for s in range(4)
              if rows[r][c].edges[s] in "hr" or colours[(r, c, s)].run >= RUN]
    arcs = sorted(hue_groups([colours[x].hue for x in routes if colours[x].run >= RUN and colours[x].hue is not None]),
                  key=len, reverse=True)
    groups = [hue_centre(a, least) for a in arcs]
    member = {x: group_of(colours[x], groups) for x in routes}
    counts = {g: sum(1 for x in routes if member[x] == g) for g in [*range(len(groups)), GREY_GROUP]}
    candidates = sorted((g for g, n in counts.items() if n >= MIN_GROUP), key=lambda g: -counts[g])
    if len(candidates) < 2 or not groups:
        return None
    exits: dict = {g: set() for g in candidates}
    seen: dict = {g: 0 for g in candidates}
    kinds_at: dict = {g: [] for g in candidates}
    for (r, c, s), g in member.items():
        x = EXIT_AT.get((r, c, s))
        if x is not None and g in exits:
            exits[g].add(x.kind)
            seen[g] += 1
            kinds_at[g].append(x.kind)
    if not kinds_at.get(GREY_GROUP):
        stray = max(stray, hue_stray)
    for g, at in kinds_at.items():   # round sixteen: a stray reading at an exit (a night photo's noise)
        few = min(at.count("h"), at.count("r"))
        if 0 < few <= stray and len(at) - few >= 3 * few:
            exits[g] = {max("hr", key=at.count)}
    if any(len(k) > 1 for k in exits.values()):
        return None        # a colour at exits of both kinds: not one kind's
    if len(candidates) == 2:
        present = candidates
    else:
        # more colours (a stain, a third pen): the two at the printed exits, drawn more than the rest
        present = [g for g in candidates if exits[g]]
        if len(present) != 2 or any(counts[g] <= counts[x] for g in present for x in candidates if x not in present):
            return None
    if sum(seen[g] for g in present) < MIN_EXITS:
        return None
    known = {g: next(iter(exits[g])) for g in present if exits[g]}
    if not known:
        return None
    if len(known) == 1:   # the other group is the other kind
        (g, kind), = known.items()
        other = next(x for x in present if x != g)
        known[other] = "r" if kind == "h" else "h"
    if known[present[0]] == known[present[1]]:
        return None
    # (a colour on too few sides to be one of the sheet's is left out: its sides are unclear)
    return {"groups": [g if i in candidates else None for i, g in enumerate(groups)], "kinds": known}


def _says(group, read: str, kinds: dict) -> str | None:
    """What a side's colour says of it (``group``: ``group_of``; ``read``: the kind read there;
    ``kinds``: the sheet's groups' kinds): a kind, "." (no route), or None (nothing: unclear, or
    grey paper)."""
    if group is None or read not in "hr.":
        return None
    if group in kinds:    # one of the sheet's colours (grey only where a route is read: else paper)
        return kinds[group] if group != GREY_GROUP or read != "." else None
    # grey, or a colour of no route (a stain seen on a few sides), where a route is read on a
    # sheet whose routes all have a colour: no route there
    return "." if read != "." and GREY_GROUP not in kinds else None


def revise(rows: list, uncertain: list, colour: Chroma, *, strip: Callable, sides_at: Callable,
           space_at: Callable, side_read: Callable, uncertain_of: Callable) -> tuple[list, list]:
    """The spaces whose sides' colours say another route than the one read, flagged with the
    guess their colours give (never made certain). ``rows``/``uncertain``: the reading so far
    (cells, ``Uncertain``); ``colour``: the rectified photo's ``Chroma``; ``strip(plane, r, c,
    side)``: a side's strip; ``sides_at(r, c)``: the reader's four ``SideRead``; ``space_at(r, c,
    sides)``: the reader's (cell, certain, why) from four sides; ``side_read(kind, certain,
    why)``; ``uncertain_of(square, token, why)``."""
    colours = {}
    if colour.level >= noisy_colour.NOISY_LEVEL:   # round sixteen: a night photo's colour noise, averaged out
        keys = [(r, c, s) for r in range(SIZE) for c in range(SIZE) for s in range(4)]
        colours = {k: SideColour(*x) for k, x in noisy_colour.side_colours(colour.a, colour.b, strip, keys).items()}
    for r in range(SIZE if not colours else 0):
        for c in range(SIZE):
            for s in range(4):
                colours[(r, c, s)] = side_colour(strip(colour.amount, r, c, s), strip(colour.a, r, c, s),
                                                 strip(colour.b, r, c, s), colour.level)
    noisy = colour.level >= noisy_colour.NOISY_LEVEL
    sheet = sheet_kinds(rows, colours, noisy_colour.SPREAD_MIN_DEG if noisy else SPREAD_MIN_DEG,
                        noisy_colour.STRAY if noisy else 0, 0 if noisy else STRAY)
    if sheet is None:
        return rows, uncertain
    groups, kinds = sheet["groups"], sheet["kinds"]
    flagged = {u.square: u for u in uncertain}
    out = [list(row) for row in rows]
    for r in range(SIZE):
        for c in range(SIZE):
            cell = rows[r][c]
            said = [_says(group_of(colours[(r, c, s)], groups), cell.edges[s], kinds) for s in range(4)]
            if all(x is None or x == cell.edges[s] for s, x in enumerate(said)):
                continue
            sides = sides_at(r, c)
            new = [side if x is None else side_read(x, True, "") for side, x in zip(sides, said)]
            guess, _, _ = space_at(r, c, new)
            why = "; ".join(f"{'NESW'[s]}: {KIND_WHY[x]}" for s, x in enumerate(said)
                            if x is not None and x != cell.edges[s])
            old = flagged.get(square(r, c))
            out[r][c] = guess
            flagged[square(r, c)] = uncertain_of(square(r, c), guess.token, old.reason if old else why)
    return [tuple(row) for row in out], list(flagged.values())
