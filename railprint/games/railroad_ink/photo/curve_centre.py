"""A curve's station lost where the sheet's curves leave their centre paper (issue 35, round twenty-three).

"Highway and railway meet without a station" (``station_mark.MEET_WHY``) flags a space whose sides
as read hold both kinds and whose centre no station: most often one side's kind is misread, and the
best guess (``read._nearest_face``) gives it the other sides' kind, a route of one kind. Where the
player drew the station but its mark is not one the reader's centre measures know (an X, a letter
S, a small dot, a circled dot: ``indep2_photos.py``'s habits), the station is lost in the guess: on
indep2 208,000-119 (spent held out, main 613e5a0) 150 wrong spaces were flagged for the meeting, 45
of them a station guessed without it, 25 of those curves (two route sides at right angles).

Many players draw a curve as an arc that cuts the space's corner, clear of its middle: the ink of
such a sheet's curves read with certainty leaves the centre box (``read._centre_fill`` of the ink,
3.2 mm) paper. A curve there whose centre is inked holds something drawn in the middle: the
station's mark. So on a sheet with ``MIN_CURVES`` or more curves of one kind read with certainty,
each of whose centre box is inked ``PAPER`` or less, a flagged curve guessed without a station whose
reason names the meeting (or "a station needs a highway and a railway", ``joined_kinds.STATION_NEEDS``:
its centre filled, its sides read of one kind) and whose centre box is inked ``INKED`` or more is
guessed the station its two sides as read make (one a highway, the other a railway; the reader's
``sides_at``), where that is a die face. On indep2 208,000-119 it held for 20 stations lost and 4
spaces that stay wrong (a T whose third side was lost: its line runs through the centre), and no
space guessed right. A sheet whose curves run through the middle (a corner drawn square, a felt-tip's
width) shows its curves' centres inked and the step stands aside.

It changes only the guess of a space flagged already, at the end of the reading; it never lifts or
adds a flag. Nothing here imports the reader.
"""

from __future__ import annotations

from typing import Callable

from railprint.games.railroad_ink.photo.joined_kinds import STATION_NEEDS, kind_at
from railprint.games.railroad_ink.photo.station_mark import MEET_WHY
from railprint.games.railroad_ink.photo.sure_kinds import kind_doubts

MIN_CURVES = 3    # the sheet's curves of one kind read with certainty, at least, to know how it draws them
PAPER = 0.05      # ... each centre box inked at most this share: arcs clear of the middle
INKED = 0.3       # a flagged curve's centre box inked this share or more: a mark drawn in the middle


def curve(edges: str) -> bool:
    """Two route sides at right angles (a curve), whatever their kinds."""
    routes = [s for s, k in enumerate(edges) if k != "."]
    return len(routes) == 2 and (routes[1] - routes[0]) % 2 == 1


def station_sides(edges: str, read: list[str], reason: str) -> str | None:
    """The station's sides for a curve guessed ``edges`` (one kind): its two route sides as read
    (``read``, the reader's kinds) where they are a highway and a railway; where they were read of
    one kind (``STATION_NEEDS``), with the one route side whose kind ``reason`` doubts turned to the
    other kind; else None."""
    routes = [s for s, k in enumerate(edges) if k != "."]
    kinds = [read[s] for s in routes]
    if sorted(kinds) == ["h", "r"]:
        return "".join(read[s] if s in routes else "." for s in range(4))
    doubted = set(kind_doubts(reason, edges)[0])
    if kinds[0] != kinds[1] or kinds[0] not in ("h", "r") or len(doubted) != 1 or not doubted <= set(routes):
        return None
    other = {"h": "r", "r": "h"}[kinds[0]]
    return "".join("." if s not in routes else other if s in doubted else kinds[0] for s in range(4))


def arcs(rows: list, flagged: set, inked: Callable[[int, int], float], square: Callable[[int, int], str]) -> bool:
    """Whether the sheet's curves of one kind read with certainty (no marker) leave their centre
    paper: ``MIN_CURVES`` of them or more, each inked ``PAPER`` or less."""
    shown = [inked(r, c) for r, row in enumerate(rows) for c, cell in enumerate(row)
             if not cell.marker and curve(cell.edges) and len(set(cell.edges) - {"."}) == 1
             and square(r, c) not in flagged]
    return len(shown) >= MIN_CURVES and max(shown) <= PAPER


def apply(rows: list[tuple], uncertain: list, *, inked: Callable[[int, int], float], sides_at: Callable,
          faces: Callable, square: Callable[[int, int], str], uncertain_of: Callable) -> tuple[list[tuple], list]:
    """``rows`` and ``uncertain`` (``read.Uncertain``: square, guess, why) with the lost curve
    stations guessed (see the module's text). ``inked(r, c)``: the share of the space's centre box
    inked; ``sides_at(r, c)``: the reader's four sides (``.kind``); ``faces()``: every drawable space;
    ``uncertain_of(square, token, why)``: a flag."""
    flagged = {u.square: u for u in uncertain}
    candidates = [(r, c) for r, row in enumerate(rows) for c, cell in enumerate(row)
                  if cell.marker in ("", "s") and curve(cell.edges) and (u := flagged.get(square(r, c))) is not None
                  and (MEET_WHY in u.reason or STATION_NEEDS in u.reason and not cell.marker)]
    if not candidates or not arcs(rows, set(flagged), inked, square):
        return rows, uncertain
    drawable = {face.token for face in faces()}
    grid = [list(row) for row in rows]
    for r, c in candidates:
        cell = rows[r][c]
        if not cell.marker and len(set(cell.edges) - {"."}) == 1 and inked(r, c) >= INKED:
            edges = station_sides(cell.edges, [side.kind for side in sides_at(r, c)], flagged[square(r, c)].reason)
            new = None if edges is None else type(cell)(edges, "s")
        elif cell.marker == "s" and inked(r, c) <= PAPER:
            joined = {met[0] for s, k in enumerate(cell.edges) if k != "." and (met := kind_at(rows, r, c, s)) is not None
                      and met[0] in ("h", "r")}
            kind = joined.pop() if len(joined) == 1 else None
            new = None if kind is None else type(cell)("".join(kind if k != "." else "." for k in cell.edges))
        else:
            continue
        if new is None or new.token not in drawable:
            continue
        grid[r][c] = new
        u = flagged[square(r, c)]
        flagged[square(r, c)] = uncertain_of(u.square, grid[r][c].token, u.reason)
    return [tuple(row) for row in grid], list(flagged.values())
