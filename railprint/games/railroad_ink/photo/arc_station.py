"""A flagged curve whose centre box is inked, on a sheet whose curves of its kind are paper arcs:
guessed the station (issue 35, round twenty-seven).

Stations guessed a plain curve of one kind (``hr+s -> r``, ``-> h``: one side misread as the other
kind) are the largest kind group left on flagged spaces after round twenty-six's straights
(``widened_straight``): on its held out (main e87a146b) 12 / 21 / 4 / 20 on indep / indep2 / indep3 /
night. Most generators draw a plain curve as an arc cutting the corner, its centre box (3.2 mm,
``read._centre_fill`` of the ink) paper, and a station's routes as arms meeting at the centre under
the station's mark, the box inked. ``inked_curve`` guesses such a curve's station on a sheet of arcs
whose guessed stations mark the box, but counts every plain curve read, the misread stations among
them: on the sheets where stations are most often misread (three of nine curves on indep2 210,525,
210,597; three of six on 210,552) the stations' own inked boxes keep the paper share under its three
quarters, and one guessed station (of ``MIN_STATIONS`` two) is all such a sheet has. It also leaves
a curve flagged for ink running wide (``centre.WIDE_INK``: a solid band, one broad line): a band
that crosses the box would ink it without a mark; half of indep2's lost curve stations are flagged
so (a highway drawn as a band on a sheet whose band curves are arcs).

Here the sheet's arcs are asked of the curves' own kind: where ``MIN_PAPER`` or more of the sheet's
plain curves (flagged or not) have a paper centre box (``meeting_centre.PAPER`` or less), every one
read with certainty ``SURE_MAX`` or less, a flagged plain curve whose box is inked
``meeting_centre.INKED`` or more, with ``MIN_KIND`` or more paper curves of the kind it is guessed
(the same pen's lines, a band too, drawn as arcs clear of the box elsewhere on the sheet), is
guessed the station its sides make (``meeting_centre.station_sides``; where it names none and the
reader read one route side's kind and not the other's, :func:`unread_side`: the unread side is the
other kind, as night's light highways and a band's broken edge are read; else the guess stays). A
broad railway whose own arcs ink the box (indep2 210,513 B6, E3: two railway curves, both inked) has
no paper curve of its kind: not asked; nor a curve flagged for "a few marks" on a side it leaves empty
(:func:`lost_side`: a T whose third side was lost, its line inking the box). Every space it touches
is flagged already and keeps its flag and reason: no flag is added or lifted.

Measured (main e87a146b's readings of round twenty-six's spent held out, every route space's
centre ink dumped at ``widened_straight``'s turn, the rule replayed): see
docs/railroad-ink-photo-rounds.md, round twenty-seven (h-stcurve).
"""

from __future__ import annotations

from typing import Callable

from railprint.games.railroad_ink.photo.joined_kinds import met_kinds
from railprint.games.railroad_ink.photo.meeting_centre import INKED, PAPER, plain, station_sides
from railprint.games.railroad_ink.photo.sure_kinds import side_parts

MIN_PAPER = 3      # the sheet's plain curves (flagged or not) with a paper centre box, at least ...
SURE_MAX = 0.15    # ... and every curve read with certainty inked at most this share of its box
MIN_KIND = 2       # paper curves of the candidate's guessed kind, at least: its lines are drawn as arcs
FEW_MARKS = "a few marks"   # (read.py: a side read empty over some ink) on a side the guess leaves empty: a lost side?


def unread_side(edges: str, read: list[str]) -> str | None:
    """A curve's station sides where the reader read one route side's kind and not the other's
    (``read``: ``.`` there, its line too faint, too broken or too crossed to tell): the unread side is the
    other kind; None otherwise."""
    routes = [s for s, k in enumerate(edges) if k != "."]
    kinds = [read[s] for s in routes]
    if sorted(kinds) not in (sorted([".", "h"]), sorted([".", "r"])):
        return None
    other = {"h": "r", "r": "h"}[kinds[0] if kinds[0] != "." else kinds[1]]
    return "".join(other if read[s] == "." and s in routes else read[s] if s in routes else "." for s in range(4))


def lost_side(edges: str, reason: str) -> bool:
    """Whether ``reason`` names ``FEW_MARKS`` on a side ``edges`` leaves empty: a T whose third side was
    lost in the reading, its line meeting the centre and inking the box as a station's arms do (indep3
    301,779 C1 and F5, 301,813 F4 and F7, night 210,673 B7: every one guessed a station without it)."""
    return any(side is not None and why == FEW_MARKS and edges[side] == "." for side, why, _ in side_parts(reason))


def apply(rows: list[tuple], uncertain: list, square: Callable[[int, int], str], uncertain_of: Callable, *,
          inked: Callable[[int, int], float], sides_at: Callable, faces: Callable) -> tuple[list[tuple], list]:
    """``rows`` and ``uncertain`` (``read.Uncertain``: square, guess, why) with each flagged curve whose
    centre box is inked, on a sheet whose curves of its kind are paper arcs, guessed the station (the
    module's text). ``inked(r, c)``: the share of the space's centre box inked; ``sides_at(r, c)``: the
    reader's four sides (``.kind``); ``faces()``: every drawable space."""
    flagged = {u.square: u for u in uncertain}
    curves = [(r, c) for r, row in enumerate(rows) for c, cell in enumerate(row) if plain(cell, "curve")]
    candidates = [p for p in curves if square(*p) in flagged and inked(*p) >= INKED]
    if not candidates:
        return rows, uncertain
    paper = [p for p in curves if inked(*p) <= PAPER]
    if len(paper) < MIN_PAPER or any(inked(*p) > SURE_MAX for p in curves if square(*p) not in flagged):
        return rows, uncertain
    drawable = {face.token for face in faces()}
    grid = [list(row) for row in rows]
    for r, c in candidates:
        cell, u = rows[r][c], flagged[square(r, c)]
        kind = cell.edges.replace(".", "")[0]
        if sum(kind in rows[p][q].edges for p, q in paper) < MIN_KIND or lost_side(cell.edges, u.reason):
            continue
        read = [side.kind for side in sides_at(r, c)]
        edges = station_sides(cell.edges, read, u.reason, met_kinds(rows, r, c)) or unread_side(cell.edges, read)
        if edges is None or edges + "s" not in drawable:
            continue
        grid[r][c] = type(cell)(edges, "s")
        flagged[square(r, c)] = uncertain_of(u.square, grid[r][c].token, u.reason)
    return [tuple(row) for row in grid], list(flagged.values())
