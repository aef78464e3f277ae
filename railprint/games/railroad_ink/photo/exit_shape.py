"""A flagged side's kind guessed by the shape of this sheet's printed exits' routes, where no
boundary of the sheet's kinds was drawn (issue 35, round twenty-four).

A highway guessed as a railway is the largest kind error left under the flags (main's fresh held out at
round twenty-three: 30, 75, 31 and 42 spaces ``h -> r`` on the four sets). On the third independent
check most of them are whole sheets: a dashed or dotted highway (one broken line, no wide row, one
track) beside sleepers alone or twin rails. The row-by-row reader cannot call such a side either kind
("neither clearly"), and its guess then falls to a railway (``read.classify_side``: a highway's guess
needs two lines). ``sheet_kinds`` would tell the sheet's two kinds apart by its printed exits, but it
measures only a side whose line runs in (``places``' ``seen``): sleepers alone (strips inked in a
third of their rows, no line) are never seen, so no boundary is drawn (indep3 dev 26,018: 25 highway
sides guessed railways; 26,036, 26,031, 9,005 the same), and the steps that guess by the exits'
routes (``kind_guess``, ``route_kinds``) reach only the spaces joined to an exit.

:func:`revise` (last of the reader's steps; only guesses of spaces already flagged change, so no space
can go silent) measures every route side at a printed exit with the reader's own row-by-row features
(``read.side_features``: wide rows, sleepers' reach, the line's width, two lines a road apart, how
many tracks, how far the line runs) and draws ``sheet_kinds.boundary`` between the exits' two kinds,
where MIN_EXITS or more of each are read and every one lies on its own side, all but EXITS_OFF
of them EXIT_Z or more. Each
doubted route side of a flagged space (its kind doubted: ``sure_kinds.KIND_DOUBTS`` or
``exit_kinds.WHY``), taken with its neighbour's across the edge where that is a route side too,
lying FLIP_Z or more on the other kind's side, takes that kind, where the space's new reading is a
die face with the same centre mark (a station's or an overpass's kinds as well). Not where
``sheet_kinds`` drew a boundary (``kind_guess`` guessed by it), nor on a board drawn freely.

Round twenty-five (h-hw2): a sheet whose exits part the kinds but for one or two routes (a highway exit's
route drawn over by a crossing's marks, a railway exit's sleepers read as one line: indep3 spent dev
301,698, a highway exit at -0.78 on the railways' side and a railway exit at 0.27; 301,678, two highway
exits at -0.27 and -0.50 of eleven) drew no boundary, and every dashed highway on it kept its railway
guess. :func:`outliers` keeps the boundary where at most OFF_SHARE of the exits lie on the other kind's
side or under EXIT_Z and MIN_EXITS or more of each kind lie EXIT_Z or more on their own: the medians the
boundary is drawn between are not moved by a few such exits. Measured on indep3 301,640-699 (spent):
9 spaces made right, none made wrong; indep3 8,000-039: 8 made right, none wrong; indep2 209,500-619
(the 87 day photos): 2 made right, none wrong; no flag moves (only flagged spaces' guesses change).

Round twenty-six (h-hw3): four more things.
- Small photos (a screenshot of the sheet, a messaging app's copy) are revised too: the reader's other
  kind steps (``sheet_kinds``, ``kind_guess``, ``route_kinds``) do not run there, and whole sheets of
  dashed or dotted highways kept the first reading's railway guess (indep3 spent dev 301,700, 301,711,
  301,718: every highway side at -1.0, the railways at 0.6-1.9 on the exits' boundary).
- :func:`outliers` wants at most EXITS_OFF highway exits EXIT_Z or more on the railways' side: two such
  exits say the sheet's highways are drawn two ways (two styles, or one line beside two), and the boundary
  between the medians is not the kinds' (indep2 dev 90,026: highway exits at +1.11 and +1.49; round
  twenty-five's held out indep2 141,210 at +0.92 and +1.06, indep 141,149 at +0.67 and +0.68: each a
  highway guessed a railway there); one such exit still parts them (indep3 301,738 at +1.01, 8,008 and
  8,039 at +1.17, 301,698 at +0.78: highways made right). Not for railways: indep2 dev 90,032 has two
  railway exits at the highways' place (-0.99) while every highway side lies at -0.97 to -1.05, and its
  boundary makes five highways right (the bound on both kinds lost them).
- A straight crossing of the two kinds read with no centre mark (``hrhr``, not a die face) is guessed an
  overpass, the face it then most often is: main's flagged ``rrrr`` on indep3 dev were 20 overpasses
  (``hrhro``/``rhrho``) to 1 ``hrhrs``.
- Where the doubted sides taken with their neighbours' make no die face, they are taken by their own
  places alone: a neighbour's strip may carry the other kind's marks (indep3 301,718 C1 ``hh.h``, each
  side at -1.0, its north neighbour an overpass whose strip carries the crossing railway's sleepers).

Measured on dev: see docs/railroad-ink-photo-rounds.md, rounds twenty-four (h-hw) and twenty-six (h-hw3).
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from railprint.games.railroad_ink.board import EXIT_AT, SIZE, square_at
from railprint.games.railroad_ink.photo.exit_kinds import WHY as EXIT_WHY
from railprint.games.railroad_ink.photo.sheet_kinds import STEP, boundary, drawn_freely
from railprint.games.railroad_ink.photo.sure_kinds import KIND_DOUBTS, kind_doubts

SHAPE = ("wide", "sleeper", "core", "pair", "tracks", "line")   # read.side_features' measures
FLOOR = np.array([0.08, 0.3, 0.2, 0.08, 0.5, 0.2])              # each one's least spread within a kind
MIN_EXITS = 3     # route sides at printed exits of each kind, at least
EXIT_Z = 0.3      # ... each this far on its own kind's side of the boundary, but for EXITS_OFF (none on the other)
EXITS_OFF = 1
OFF_SHARE = 0.25  # round twenty-five: or this share of the exits, on the other side or under EXIT_Z (see places)
FLIP_Z = 0.5      # a doubted side this far on the other kind's side takes that kind
DOUBTS = KIND_DOUBTS | frozenset(EXIT_WHY.values())
CROSSING = ("hrhr", "rhrh")   # round twenty-six: a straight crossing of the two kinds read with no centre mark


def places(rows: list, features: Callable) -> dict | None:
    """Each route side's place between the sheet's kinds as its exits' routes show them ((r, c, s) ->
    -1 at the highway exits' middle, +1 at the railway exits'), or None where the exits draw no
    clean boundary. ``features(r, c, s)``: the side's ``read.side_features``."""
    keys = [(r, c, s) for r in range(SIZE) for c in range(SIZE) for s in range(4) if rows[r][c].edges[s] in "hr"]
    exits = [k for k in keys if k in EXIT_AT]
    highways = [i for i, k in enumerate(exits) if EXIT_AT[k].kind == "h"]
    railways = [i for i, k in enumerate(exits) if EXIT_AT[k].kind == "r"]
    if len(highways) < MIN_EXITS or len(railways) < MIN_EXITS:
        return None

    def vector(k: tuple[int, int, int]) -> np.ndarray:
        f = features(*k)
        return np.array([float(f[x]) for x in SHAPE])

    x = np.array([vector(k) for k in exits])
    place = boundary(x, highways, railways, FLOOR)
    if place is None:
        return None
    z = place(x)
    own = [-z[i] for i in highways] + [z[i] for i in railways]
    if not (min(own) > 0 and sum(v < EXIT_Z for v in own) <= EXITS_OFF) and not outliers(z, highways, railways):
        return None
    rest = [k for k in keys if k not in EXIT_AT]
    if not rest:
        return {k: float(v) for k, v in zip(exits, z)}
    zr = place(np.array([vector(k) for k in rest]))
    return {k: float(v) for k, v in zip(exits + rest, np.concatenate([z, zr]))}


def outliers(z: np.ndarray, highways: list[int], railways: list[int]) -> bool:
    """Whether the exits' places ``z`` part the kinds but for a few exits (round twenty-five): at most
    OFF_SHARE of them on the other kind's side or under EXIT_Z, at most EXITS_OFF highway exits EXIT_Z or more
    on the railways' side (round twenty-six), and MIN_EXITS or more of each kind EXIT_Z or more on its own."""
    own_h, own_r = [-z[i] for i in highways], [z[i] for i in railways]
    off = sum(v < EXIT_Z for v in own_h + own_r)
    deep = sum(v <= -EXIT_Z for v in own_h)   # round twenty-six: the sheet's highways drawn two ways (see the text)
    return off <= OFF_SHARE * (len(own_h) + len(own_r)) and deep <= EXITS_OFF \
        and min(sum(v >= EXIT_Z for v in own_h), sum(v >= EXIT_Z for v in own_r)) >= MIN_EXITS


def _across(at: dict, r: int, c: int, s: int) -> float:
    """Side (r, c, s)'s place taken with its neighbour's across the edge, where that is placed too."""
    dr, dc = STEP[s]
    other = at.get((r + dr, c + dc, (s + 2) % 4)) if 0 <= r + dr < SIZE and 0 <= c + dc < SIZE else None
    return at[(r, c, s)] if other is None else (at[(r, c, s)] + other) / 2


def _turned(cell, sides: list[int], place: Callable, cell_of: Callable):
    """``cell`` with each of ``sides`` lying FLIP_Z or more (``place(s)``) on the other kind's side taking
    that kind; a straight crossing of the two kinds with no centre mark guessed an overpass (round twenty-six)."""
    edges = list(cell.edges)
    for s in sides:
        v = place(s)
        kind = "r" if v > 0 else "h"
        if kind != edges[s] and abs(v) >= FLIP_Z:
            edges[s] = kind
    new = "".join(edges)
    if new == cell.edges:
        return cell
    return cell_of(new, "o" if new in CROSSING and not cell.marker else cell.marker)


def revise(rows: list, uncertain: list, every: dict, *, features: Callable, faces: Callable, cell_of: Callable,
           uncertain_of: Callable) -> tuple[list, list]:
    """``rows`` and ``uncertain`` with each flagged space's doubted sides guessed by the sheet's
    exits' shapes (see the module's text); the same squares flagged, for the same reasons.
    ``every``: ``sheet_kinds``' places (where not empty nothing is done); ``features(r, c, s)``: a
    side's ``read.side_features``; ``faces()``: every drawable space; ``cell_of(edges, marker)``: a
    space; ``uncertain_of(square, token, why)``."""
    flagged = {u.square: u for u in uncertain}
    if every or drawn_freely(rows, set(flagged)):
        return rows, uncertain
    at = None
    drawable = None
    out = [list(row) for row in rows]
    for name, u in list(flagged.items()):
        r, c = square_at(name)
        cell = rows[r][c]
        doubted, _ = kind_doubts(u.reason, cell.edges, DOUBTS)
        if not doubted or cell.marker in ("v", "x"):
            continue
        if at is None:
            at = places(rows, features) or {}
        if not at:
            return rows, uncertain
        if drawable is None:
            drawable = set(faces())
        sides = [s for s in set(doubted) if (r, c, s) in at]
        new = _turned(cell, sides, lambda s: _across(at, r, c, s), cell_of)
        if new != cell and new not in drawable:   # round twenty-six: by the sides' own places alone (see the text)
            new = _turned(cell, sides, lambda s: at[(r, c, s)], cell_of)
        if new != cell and new in drawable:
            out[r][c] = new
            flagged[name] = uncertain_of(name, new.token, u.reason)
    return [tuple(row) for row in out], list(flagged.values())
