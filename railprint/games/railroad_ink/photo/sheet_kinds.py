"""Highway or railway, as this sheet's printed exits show the player's two kinds (issue 35, round
seventeen).

One player draws the whole sheet in one habit, and the rules name the kind of some of its routes:
a route drawn to a printed exit is of the exit's kind (``board.EXIT_AT``). Those sides are the
sheet's labelled examples of this player's highway and railway. Each route side's shape is measured
(``FEATURES``: the row-by-row reader's wide rows, sleepers' reach, line width and two tracks,
``read.side_features``; the long strip's line, its marks, ticks and a second rail beside it,
``one_line.follow``; the rows' ink varying along the route; two lines running on,
``twolines.measure``), and the sheet's two kinds are told apart as the exits show them: the direction from the highway exits' middle (medians) to the
railway exits', each feature weighed by its spread among the exits (a naive linear discriminant),
scaled so that the highway exits' middle falls at -1 and the railway exits' at +1.

The sheet's boundary is trusted only where it is clean (:func:`places`): MIN_EXITS exit sides of each
kind or more, at most one exit side on the wrong side of it, and the sheet's own sides read with
certainty agreeing with it (at most AGREE_OFF of them clearly on the other side): a boundary the
exits drew by chance, or one that is not the kinds' (straight against curved, a station's square),
cuts across the certain readings. A route keeps its kind across an edge, so a side's place is
taken with its neighbour's across the edge (their mean).

Then a flagged space's uncertain route side lying clearly on one side (GUESS_Z or more; a side
read with certainty in a flagged space, SURE_Z) takes that kind as its guess, and the space its
reader's reading from its sides (station, overpass, die face): the space stays flagged. A side
read with certainty in a space read with certainty is left alone: on 140 dev photos no such side
lay far (FLAG_Z 1.0) on the other side of a trusted boundary, wrong or right.

Round eighteen: a line broken into dots, dashes or sleepers without rails runs through less of
the long strip than a drawn line (BROKEN_MM, not ARM_MIN_MM): such a side is measured where its
strip is inked in half its rows (indep3 dev 4,103: dotted highways, sleeper-only railways, no
exit side's line 4.5 mm long, so no boundary was drawn). And a sheet whose sides read with
certainty do not back the boundary (fewer than AGREE_MIN: its reader flags every route, indep3
dev 4,106, dotted highways beside twin rails; or more than AGREE_OFF of them against it: the
reader has the sheet's two kinds swapped, indep3 dev 4,005, twin rails read as highways) is
guessed by its exits alone where EXITS_ALONE or more exit sides of each kind all lie on their own
side; such a boundary only guesses (``revise``'s ``placed`` is left empty, so :mod:`sure_kinds` makes nothing certain by it).

Nothing is made certain here. Not in a photo under 2.6 px/mm, an unblurred copy, or an expansion's
sheet (the reader does not call it there). The reader calls :func:`revise` with what it read; this
module measures the ink itself and never imports the reader (imports point down).
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from railprint.games.railroad_ink.board import DELTA as STEP, EXIT_AT, SIZE, square
from railprint.games.railroad_ink.photo import one_line, twolines

FEATURES = ("wide", "sleeper", "core", "pair", "beside", "ticks", "marks", "width", "rowvar", "two")
# each feature's least spread within a kind (the exits' spread is measured on a few sides only)
FLOOR = {"wide": 0.08, "sleeper": 0.3, "core": 0.2, "pair": 0.08, "beside": 0.08, "ticks": 0.5,
         "marks": 0.5, "width": 0.2, "rowvar": 0.05, "two": 0.2}
MIN_EXITS = 2        # exit sides of each kind, at least, for the sheet's boundary
EXITS_OFF = 1        # ... at most this many exit sides on the wrong side of it
AGREE_Z = 0.5        # a certain side this far on the other side of the boundary disagrees with it ...
AGREE_OFF = 0.4      # ... and at most this share of the sheet's certain route sides may
AGREE_MIN = 6        # ... of this many certain route sides at least
GUESS_Z = 0.3        # an uncertain side this far on one side takes that kind as its guess
SURE_Z = 0.75        # a flagged space's side read with certainty takes the other kind as its guess this far on its side
SEEN_INK = 0.5       # a side's strip inked in this share of its rows or more, with a line running in, is measured
BROKEN_MM = 2.5      # ... or a line found through this much of the long strip only (dots, dashes, sleepers alone) ...
BROKEN_INK = 0.5     # ... with its strip inked in this share of its rows
EXITS_ALONE = 3      # a boundary the sheet's certain sides do not back (too few, or too many against it): this
                     # many exit sides of each kind, none on the wrong side, make it (its guesses only: ``strong``)


def vector(f: dict, line: one_line.Line | None, two: bool, rowvar: float) -> np.ndarray:
    """One side's shape: ``f`` its ``read.side_features``, ``line`` its long strip's
    ``one_line.follow``, ``two`` whether ``twolines.measure`` finds two lines running on, ``rowvar`` how the ink in its long
    strip's rows varies along the route (their deviation over their mean)."""
    got = {"wide": f["wide"], "sleeper": f["sleeper"], "core": f["core"], "pair": f["pair"],
           "beside": line.beside if line else -1.0,
           "ticks": min(len(line.ticks), 3) if line else -1.0, "marks": min(len(line.marks), 3) if line else -1.0,
           "width": line.width if line else -1.0, "rowvar": rowvar, "two": 1.0 if two else 0.0}
    return np.array([float(got[k]) for k in FEATURES])


def boundary(x: np.ndarray, highways: list[int], railways: list[int],
             floor: np.ndarray | None = None) -> Callable[[np.ndarray], np.ndarray] | None:
    """The place of each side (rows of ``x``) between the exits' kinds: -1 at the highway exits'
    middle, +1 at the railway exits'; None when the two middles are the same. ``floor``: each
    column's least spread (FLOOR of FEATURES unless given)."""
    mh, mr = np.median(x[highways], axis=0), np.median(x[railways], axis=0)
    spread = np.concatenate([np.abs(x[highways] - mh), np.abs(x[railways] - mr)])
    scale = np.maximum(1.4826 * np.median(spread, axis=0), [FLOOR[k] for k in FEATURES] if floor is None else floor)
    w = (mr - mh) / scale ** 2
    mid = (mh + mr) / 2
    unit = float((mr - mid) @ w)
    if unit <= 1e-9:
        return None
    return lambda v: ((v - mid) @ w) / unit


def places(rows: list, uncertain: list, rel: np.ndarray, ink: np.ndarray, p: float, *,
           strip: Callable, features: Callable, sides_at: Callable, lines: dict | None = None,
           strong: list | None = None, alone: int = EXITS_ALONE) -> dict | None:
    """Each route side's place between the sheet's two kinds ((r, c, side) -> -1 at the highway
    exits' middle, +1 at the railway exits'), or None where the sheet's boundary is not trusted (see
    the module's text). Arguments as :func:`revise`'s."""
    lines = {} if lines is None else lines
    keys = [(r, c, s) for r in range(SIZE) for c in range(SIZE) for s in range(4) if rows[r][c].edges[s] in "hr"]
    if sum(k in EXIT_AT and EXIT_AT[k].kind == "h" for k in keys) < MIN_EXITS \
            or sum(k in EXIT_AT and EXIT_AT[k].kind == "r" for k in keys) < MIN_EXITS:
        return None

    def line(r: int, c: int, s: int) -> one_line.Line | None:
        if (r, c, s) not in lines:
            lines[(r, c, s)] = one_line.follow(strip(ink, r, c, s, one_line.LONG_DEPTH), p)
        return lines[(r, c, s)]

    def shape(r: int, c: int, s: int) -> np.ndarray:
        long = strip(ink, r, c, s, one_line.LONG_DEPTH)
        count = long.sum(axis=1).astype(np.float64)
        rowvar = float(count.std() / max(float(count.mean()), 1e-6))
        two = twolines.measure(strip(rel, r, c, s, twolines.DEPTH), p) is not None
        return vector(measured[(r, c, s)], line(r, c, s), two, rowvar)

    measured: dict = {}

    def seen(k: tuple[int, int, int]) -> bool:
        # a side whose ink shows a line running in (else its shape says nothing: a stray mark)
        if (x := line(*k)) is None or x.length < BROKEN_MM:
            return False
        measured[k] = features(*k)
        # a line broken into dots, dashes or sleepers alone runs through less of the long strip
        return measured[k]["ink"] >= (SEEN_INK if x.length >= one_line.ARM_MIN_MM else BROKEN_INK)

    # the exits first (a dozen sides): where they draw no clean boundary the rest is not measured
    exits = [k for k in keys if k in EXIT_AT and seen(k)]
    highways = [i for i, k in enumerate(exits) if EXIT_AT[k].kind == "h"]
    railways = [i for i, k in enumerate(exits) if EXIT_AT[k].kind == "r"]
    if len(highways) < MIN_EXITS or len(railways) < MIN_EXITS:
        return None
    x = np.array([shape(*k) for k in exits])
    place = boundary(x, highways, railways)
    if place is None:
        return None
    z = place(x)
    if sum(z[i] >= 0 for i in highways) + sum(z[i] <= 0 for i in railways) > EXITS_OFF:
        return None
    keys = exits + [k for k in keys if k not in EXIT_AT and seen(k)]
    z = np.concatenate([z, place(np.array([shape(*k) for k in keys[len(exits):]]).reshape(-1, len(FEATURES)))])
    # the sheet's route sides read with certainty (and so kept) against the boundary
    sure = []
    for i, (r, c, s) in enumerate(keys):
        side = sides_at(r, c)[s]
        if side.certain and side.kind == rows[r][c].edges[s]:
            sure.append(z[i] if side.kind == "r" else -z[i])
    if len(sure) >= AGREE_MIN and sum(v <= -AGREE_Z for v in sure) <= AGREE_OFF * len(sure):
        if strong is not None:
            strong.append(True)
    elif len(highways) < alone or len(railways) < alone \
            or sum(z[i] >= 0 for i in highways) + sum(z[i] <= 0 for i in railways) > 0:
        return None
    return {k: float(z[i]) for i, k in enumerate(keys)}


def revise(rows: list, uncertain: list, rel: np.ndarray, ink: np.ndarray, p: float, *,
           strip: Callable, features: Callable, sides_at: Callable, space_at: Callable, side_read: Callable,
           uncertain_of: Callable, lines: dict | None = None, placed: dict | None = None,
           every: dict | None = None, alone: int = EXITS_ALONE) -> tuple[list, list]:
    """The reading revised by the sheet's two kinds as its exits show them (see the module's text).
    ``rows``/``uncertain``: the reading so far; ``rel``: the rectified darkness, ``ink``
    its ink mask, at ``p`` px per mm; ``strip(plane, r, c, side,
    depth)``: a side's strip (``read._strip``); ``features(r, c, s)``: a side's
    ``read.side_features``; ``sides_at(r, c)``: the reader's four ``SideRead``; ``space_at(r, c,
    sides)``: the reader's (cell, certain, why) from four sides; ``side_read(kind, certain, why)``;
    ``uncertain_of(square, token, why)``; ``lines``: each side's ``one_line.follow`` of its long
    strip, shared with the steps before; ``placed``, when given, receives each side's place (the
    sheet's trusted boundary, :func:`places`; nothing where it is not trusted); ``every``, when
    given, each side's place by any boundary drawn, the exits-alone one too (for :func:`far`)."""
    if drawn_freely(rows, {u.square for u in uncertain}):
        return rows, uncertain   # the exits' kinds are no evidence where the player ignores the rules
    strong: list = []
    at = places(rows, uncertain, rel, ink, p, strip=strip, features=features, sides_at=sides_at, lines=lines,
                strong=strong, alone=alone)
    if at is None:
        return rows, uncertain
    if placed is not None and strong:
        placed.update(at)
    if every is not None:
        every.update(at)
    flagged = {u.square: u for u in uncertain}

    def joined(r: int, c: int, s: int) -> float:
        # a route keeps its kind across an edge: the side's place with its neighbour's there
        dr, dc = STEP[s]
        other = at.get((r + dr, c + dc, (s + 2) % 4))
        return at[(r, c, s)] if other is None else (at[(r, c, s)] + other) / 2

    out = [list(row) for row in rows]
    for r in range(SIZE):
        for c in range(SIZE):
            u = flagged.get(square(r, c))
            cell = rows[r][c]
            if u is None or not any((r, c, s) in at for s in range(4)):
                continue
            # the sides as read so far (a step before may have revised the space's guess)
            new = [x if x.kind == cell.edges[s] else side_read(cell.edges[s], False, x.why)
                   for s, x in enumerate(sides_at(r, c))]
            changed = False
            for s, side in enumerate(list(new)):
                if (r, c, s) not in at:
                    continue
                v = joined(r, c, s)
                kind = "r" if v > 0 else "h"
                if kind != side.kind and abs(v) >= (SURE_Z if side.certain else GUESS_Z):
                    new[s] = side_read(kind, False, side.why)
                    changed = True
            if changed:
                guess = space_at(r, c, new)[0]
                out[r][c] = guess
                flagged[square(r, c)] = uncertain_of(u.square, guess.token, u.reason)
    return [tuple(row) for row in out], list(flagged.values())


EXIT_WHY = {"h": "drawn to a printed highway exit, read as a railway: a highway?",
            "r": "drawn to a printed railway exit, read as a highway: a railway?"}


def rules(rows: list, uncertain: list, *, square_of: Callable = square, uncertain_of: Callable) -> list:
    """``uncertain`` with each space read with certainty whose route meets a printed exit of the
    other kind flagged (its reading the guess): the rules join a route only to its own kind (a
    highway and a railway only through a station), at an exit as at a neighbour. A player who
    misreads nothing but draws freely breaks that rule between neighbours too; a misread does not
    (a route misread is misread all along, as one kind, so its spaces still agree across their
    edges, and break the rule only where the route meets a printed exit). So a sheet whose spaces
    read with certainty face each other across an edge as a highway and a railway is left alone:
    ``synth.py`` draws each space at random, and 28 of its 30 dev photos 870,000-029 show such an
    edge; none of 140 photos of the independent generators (indep 10,000-11,029, indep2
    10,000-11,029), whose players follow the rules, did. Nothing is made certain here."""
    flagged = {u.square for u in uncertain}
    if drawn_freely(rows, flagged, square_of):
        return uncertain   # the rule says nothing of this sheet
    broken: dict[tuple[int, int], list[str]] = {}
    for r in range(SIZE):
        for c in range(SIZE):
            edges = rows[r][c].edges
            if square_of(r, c) in flagged or rows[r][c].marker in ("v", "x"):
                continue
            for s in range(4):
                x = EXIT_AT.get((r, c, s))
                if edges[s] in "hr" and x is not None and edges[s] != x.kind:
                    broken.setdefault((r, c), []).append(f"{'NESW'[s]}: {EXIT_WHY[x.kind]}")
    return uncertain + [uncertain_of(square_of(r, c), rows[r][c].token, "; ".join(why)) for (r, c), why in sorted(broken.items())]


SHAPE_WHY = {"h": "shaped as this sheet's highways, read as a railway: a highway?",
             "r": "shaped as this sheet's railways, read as a highway: a railway?"}


def far(rows: list, uncertain: list, at: dict, *, square_of: Callable = square, uncertain_of: Callable) -> list:
    """``uncertain`` with each space read with certainty flagged (its reading the guess) where one
    of its route sides, taken with its neighbour's across the edge, lies SURE_Z or more on the
    other kind's side of the sheet's boundary (``at``: :func:`revise`'s ``every``, each side's
    place by a trusted or an exits-alone boundary; empty where none was drawn).

    Round nineteen: the second independent check's held-out 202,706 B4 (a highway ``h..h`` curving
    tightly beside zig-zag railways, a night photo: its west side at 0.78 on the highways' side,
    taken with B3's) and 202,752 E5 (a narrow ruler highway ``hh..``, at 0.92 and 0.94 by the
    exits-alone boundary of a sheet whose ruler highways all read as railways) were read as
    certain railways. On 243 dev photos read by round eighteen's reader (indep 90,000-059, indep2
    90,000-059 and 45 of 90,100-90,270 with zig-zag railways or a night photo's highlighter,
    indep3 8,000-039, ``synth.py`` 940,000-039), 154 with a boundary drawn, the 3,438 route sides
    of spaces read with certainty and right lay at most 0.62 on the other kind's side (one side;
    the next 0.42); the two spaces above at 0.78-0.94. Round seventeen's FLAG_Z (1.0, a trusted
    boundary only) never fired. Nothing is made certain here."""
    flagged = {u.square for u in uncertain}
    out = list(uncertain)
    for r in range(SIZE):
        for c in range(SIZE):
            cell = rows[r][c]
            if square_of(r, c) in flagged or cell.marker in ("v", "x"):
                continue
            why = []
            for s, kind in enumerate(cell.edges):
                if kind not in "hr" or (r, c, s) not in at:
                    continue
                dr, dc = STEP[s]
                other = at.get((r + dr, c + dc, (s + 2) % 4))
                v = at[(r, c, s)] if other is None else (at[(r, c, s)] + other) / 2
                if (v if kind == "h" else -v) >= SURE_Z:
                    why.append(f"{'NESW'[s]}: {SHAPE_WHY['r' if kind == 'h' else 'h']}")
            if why:
                out.append(uncertain_of(square_of(r, c), cell.token, "; ".join(why)))
    return out


def drawn_freely(rows: list, flagged: set, square_of: Callable = square) -> bool:
    """Whether two spaces read with certainty (not in ``flagged``) face each other across an edge
    as a highway and a railway: a board drawn without the rules (``synth.py``'s random boards),
    where a route's kind says nothing of its neighbour's or of the exit it meets. A misread does not
    make one (a route misread is misread all along, as one kind)."""
    for r in range(SIZE):
        for c in range(SIZE):
            if square_of(r, c) in flagged or rows[r][c].marker in ("v", "x"):
                continue
            for s in (1, 2):   # each inner edge once, from its west or north space
                rr, cc = r + STEP[s][0], c + STEP[s][1]
                if rr >= SIZE or cc >= SIZE or square_of(rr, cc) in flagged or rows[rr][cc].marker in ("v", "x"):
                    continue
                a, b = rows[r][c].edges[s], rows[rr][cc].edges[(s + 2) % 4]
                if a in "hr" and b in "hr" and a != b:
                    return True
    return False
