"""A station's mark left in a space read with certainty as a plain route (issue 35, round twenty-three).

A player draws every station of a sheet the same way (a filled square or circle, a hollow square).
Where one route side of a station is misread as the other kind (a highway drawn as one bold line
read as a railway, a solid band taken for a highway), the space's two sides read as ONE kind: by
the rules no station joins them, so the reader guesses a plain route (``.r.r``, ``..hh``) and the
steps after it (``chain_kinds``, ``band_chain``, ``joined_kinds``) settle the kinds by the route's
chain and lift the flag. The centre's mark is forgotten: the space is read wrong with certainty.
``centre.revise`` (``read._station_habit``) asks the same of the centre, but earlier, while those
spaces are still flagged, and only where the sheet has clear stations (all four sides certain); on
such sheets most stations are misread (indep 104,340, 104,346, 104,433: spent held out, none of
their stations read with certainty).

Here, at the end of the reading, the sheet's station mark is measured on the spaces guessed a
station where a highway and a railway join, flagged or not (``MIN_SHOWN`` of them showing it, and
two thirds of them; the mark's size is their median). Where fewer than ``MIN_SHOWN`` guessed
stations show it, the sheet's misread stations may still show it: ``MIN_UNREAD`` route spaces or
more showing it at ``UNREAD_MM2`` or more, that many within ``SAME_SIZE`` of their median. The
measures, in this order: ``centre.measure``'s filled piece (left by an opening) and paper closed in
by an outline, on the ink mask; then, only where neither tells, the paper closed in on the faint mask
(``Centre``: a ballpoint's hollow square whose light edge falls under the ink threshold is open in
the ink, indep 104,620 B2). A measure is this sheet's mark only where its routes do not show it:
the spaces read with certainty where lines meet without a mark (T's, crossings: their 75th
percentile under ``centre.OTHERS_MAX`` of the size; a marker's broad ticks leave filled pieces where
railways cross) and its plain route spaces read with certainty (at most ``PLAIN_SHARE`` of them show
it: a ladder railway's rungs close paper in many of its spaces).

Then each space read with certainty as a straight or a curve of one kind (two route sides, no centre
mark read) whose centre shows ``LIKE`` of the size or more is flagged ``centre.STATION_MARK``, its
reading the guess. Only two-sided spaces: a T's or a crossing's lines meeting leave pieces of their
own. Nothing is made certain and no guess changes.

Measured (docs/railroad-ink-photo-rounds.md, round twenty-three, h-stations): on the spent held-out
indep 104,200-104,527 it flagged 5 of the 8 silent spaces (104,340 G6, 104,346 F1, F2, 104,381 A6,
104,433 G4) and 104,620 B2, and no space read right there, on indep2 205,400-439 and 204,700-719,
indep3 301,100-139, or the shared dev cache.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np

from railprint.games.railroad_ink.photo import centre

KINDS = ("filled", "hollow", "faint")   # (closed gaps, ``hatched``, show where any sleepers cross a line)
MIN_SHOWN = 2        # guessed stations showing the measure (and two thirds of them) to know the sheet's mark
MIN_UNREAD = 3       # ... else route spaces showing it, of a size, where no guessed station does
UNREAD_MM2 = {"filled": 7.0, "hollow": 8.0, "faint": 8.0,   # ... each this large (a ladder's rung cell closes 4-7 mm²)
              "dot": float("inf")}   # (cross_station's small dot: only from the sheet's guessed stations)
MIN_MARK = {**centre.MIN_MARK, "faint": centre.MIN_MARK["hollow"], "dot": 3.0}
SAME_SIZE = 1.5      # ... within this factor of their median
LIKE = 0.6           # a centre showing this share of the sheet's mark, or more, shows it
PLAIN_SHARE = 0.2    # the sheet's plain route spaces read with certainty showing it: at most this share


@dataclass(frozen=True)
class Centre:
    """A space's centre: ``centre.measure`` on the ink mask (``filled``, ``hollow``), and the paper
    closed in on the faint mask (``faint``: a ballpoint's outline whose light stroke falls under the
    ink threshold leaves a gap there, and its paper runs out)."""
    filled: float
    hollow: float
    faint: float

    def get(self, kind: str) -> float:
        return getattr(self, kind)


def _routes(edges: str) -> int:
    return len(edges.replace(".", ""))


def sheet_mark(marks: dict, rows: list, flagged: set, square: Callable[[int, int], str],
               kinds: tuple[str, ...] = KINDS) -> tuple[str, float] | None:
    """The sheet's station mark (measure, size in mm²) from ``marks`` ({(r, c): :class:`Centre`} of
    every route space), or None where no measure tells its stations from its routes (module text)."""
    stations = [p for p in marks if rows[p[0]][p[1]].marker == "s" and centre.joined(rows[p[0]][p[1]].edges)]
    sure = [p for p in marks if square(*p) not in flagged and not rows[p[0]][p[1]].marker]
    meets = [p for p in sure if _routes(rows[p[0]][p[1]].edges) >= 3]
    for kind in kinds:
        shown = [marks[p].get(kind) for p in stations if marks[p].get(kind) >= MIN_MARK[kind]]
        if len(shown) >= max(MIN_SHOWN, 2 / 3 * len(stations)):
            size = float(np.median(shown))
        elif len(shown) >= MIN_SHOWN:
            continue
        else:   # too few guessed stations show it (none, or one): the spaces that do, where stations were misread
            values = np.array([m.get(kind) for m in marks.values() if m.get(kind) >= UNREAD_MM2[kind]])
            if len(values) < MIN_UNREAD:
                continue
            size = float(np.median(values))
            if int(((values <= SAME_SIZE * size) & (values >= size / SAME_SIZE)).sum()) < MIN_UNREAD:
                continue
        if meets and float(np.percentile([marks[p].get(kind) for p in meets], 75)) >= centre.OTHERS_MAX * size:
            continue
        like = max(LIKE * size, MIN_MARK[kind])
        if sum(marks[p].get(kind) >= like for p in sure) > PLAIN_SHARE * max(1, len(sure)):
            continue
        return kind, size
    return None


def measure(ink: np.ndarray, faint: np.ndarray | None, cx: float, cy: float, ppm: float) -> Centre:
    """A space's :class:`Centre` at pixel (cx, cy) of the rectified masks (``faint`` None: not measured)."""
    mark = centre.measure(ink, cx, cy, ppm)
    return Centre(mark.filled, mark.hollow, 0.0 if faint is None else centre.hollow(faint, cx, cy, ppm))


def sheet(rows: list[tuple], flagged: set, ink: np.ndarray, centre_px: Callable[[int, int], tuple[float, float]],
          ppm: float, square: Callable[[int, int], str], faint: np.ndarray | None = None,
          known: dict | None = None) -> tuple[str, float, dict] | None:
    """The sheet's station mark (:func:`sheet_mark`: measure, size) and every route space's
    :class:`Centre` ({(r, c): Centre}), the faint mask measured only where the ink tells nothing;
    None where no measure tells the sheet's stations from its routes. ``flagged``: the squares
    flagged; ``known``: each space's measures from an earlier call on the same masks (filled here)."""
    known = {} if known is None else known
    places = [(r, c) for r, row in enumerate(rows) for c, cell in enumerate(row)
              if set(cell.edges) - {"."}]
    for p in places:
        if p not in known:
            known[p] = measure(ink, None, *centre_px(*p), ppm)
    marks = {p: known[p] for p in places}
    found = sheet_mark(marks, rows, flagged, square, KINDS[:2])
    if found is None and faint is not None:   # (the faint mask measured only where the ink tells nothing)
        for p in places:
            if ("faint", p) not in known:
                known[("faint", p)] = centre.hollow(faint, *centre_px(*p), ppm)
        marks = {p: Centre(m.filled, m.hollow, known[("faint", p)]) for p, m in marks.items()}
        found = sheet_mark(marks, rows, flagged, square, KINDS[2:])
    return None if found is None else (*found, marks)


def apply(rows: list[tuple], uncertain: list, ink: np.ndarray, centre_px: Callable[[int, int], tuple[float, float]],
          ppm: float, square: Callable[[int, int], str], uncertain_of: Callable,
          faint: np.ndarray | None = None, known: dict | None = None) -> list:
    """``uncertain`` with each space read with certainty as a straight or a curve of one kind whose
    centre shows the sheet's station mark (:func:`sheet_mark`, ``LIKE`` of its size) flagged
    ``centre.STATION_MARK``, its reading the guess."""
    flagged = {u.square for u in uncertain}
    todo = [(r, c) for r, row in enumerate(rows) for c, cell in enumerate(row)
            if square(r, c) not in flagged and not cell.marker and _routes(cell.edges) == 2
            and len(set(cell.edges) - {"."}) == 1]
    if not todo:
        return uncertain
    found = sheet(rows, flagged, ink, centre_px, ppm, square, faint, known)
    if found is None:
        return uncertain
    kind, size, marks = found
    like = max(LIKE * size, MIN_MARK[kind])
    return uncertain + [uncertain_of(square(r, c), rows[r][c].token, centre.STATION_MARK)
                        for r, c in todo if marks[(r, c)].get(kind) >= like]
