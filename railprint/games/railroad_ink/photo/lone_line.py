"""A flagged space guessed a route from light lines that meet nothing: guessed empty (issue 35,
round twenty-six).

Where a side reads as nothing row by row but the darkness averaged along it shows a line (a faint
line, a few marks, an erased ghost), the reader's guess is a light route (the space flagged). On an
empty space that light line is the night's noise, a fold's or a shadow's shade, a coffee ring or an
eraser's ghost; the second independent check's photos read 36 empty spaces as routes so on round
twenty-five's held out (indep2 210,000-119) and 21 on its night photos, every one flagged. A light
route the player drew joins the routes beside it: the space beside it shows a route across the edge,
or a faint line of its own there (its light line runs on), or is itself a lost space (a light pen's
chain, read empty and flagged).

So a flagged space whose every doubt is a side's, whose every route side is guessed from light ink
(:data:`LIGHT`), and whose every route side meets nothing is guessed empty: at the board's edge no
printed exit; across an edge a space whose side there is read empty and not doubted as a light or
unknown line (:data:`BESIDE`), and which is not itself a flagged space guessed empty. The flag and
its reason stay; nothing is made certain, no flag added or lifted.

Measured on main fc8b9064's readings of the spent held out of round twenty-five (indep2 210,000-119
and its 73 night photos in 210,120-499) and of indep2 209,000-119: 12 flagged guesses made right, 0
made wrong (one wrong guess became another: night 210,328 E1 ``h.hh``, its neighbours read empty with
no trace); nothing on indep 135,120-170 or indep3 301,700-759. Without the last
guard (a flagged empty space beside it) 13 made right and 2 made wrong (210,002 C7 ``..hh``, 210,232
A1 ``.hhh``: a night colour pencil's highways, the space beside each read empty too with no trace
on its side); see docs/railroad-ink-photo-rounds.md, round twenty-six (h-lost3), for the rest.
"""

from __future__ import annotations

from typing import Callable

from railprint.games.railroad_ink.board import EMPTY, EXIT_AT, neighbour, opposite, square_at
from railprint.games.railroad_ink.photo.sure_kinds import side_parts

LIGHT = ("a faint line?", "a few marks", "a line far lighter than this sheet's")   # a side guessed from light ink
BESIDE = LIGHT + ("a route lost in the dark?", "neither clearly")   # a side beside it that may hold a line


def _named(reason: str, starts: tuple[str, ...]) -> set[int]:
    """The sides ``reason`` doubts with a phrase starting one of ``starts``."""
    return {side for side, why, _ in side_parts(reason) if side is not None and why.startswith(starts)}


def revise(rows, uncertain: list, *, uncertain_of: Callable) -> tuple[list, list]:
    """``rows`` and ``uncertain`` with each flagged space guessed a route only from light lines that
    meet nothing guessed empty (see the module's doc)."""
    flagged = {u.square: u for u in uncertain}
    at = {square_at(sq): u for sq, u in flagged.items()}
    out_rows = [list(row) for row in rows]
    out = []
    for u in uncertain:
        r, c = square_at(u.square)
        cell = rows[r][c]
        routes = [s for s, k in enumerate(cell.edges) if k in "hr"]
        if not routes or cell.marker in ("x", "v") or any(side is None for side, _, _ in side_parts(u.reason)) \
                or not set(routes) <= _named(u.reason, LIGHT) or not all(_alone(rows, at, r, c, s) for s in routes):
            out.append(u)
            continue
        out_rows[r][c] = EMPTY
        out.append(uncertain_of(u.square, EMPTY.token, u.reason))
    return [tuple(row) for row in out_rows], out


def _alone(rows, at: dict, r: int, c: int, s: int) -> bool:
    """Whether side ``s`` of space (r, c) meets nothing: no printed exit at the board's edge; across an
    edge a side read empty, not doubted as a light or unknown line, of a space not flagged and guessed
    empty (``at``: the flagged spaces by place)."""
    there = neighbour(r, c, s)
    if there is None:
        return (r, c, s) not in EXIT_AT
    cell, u = rows[there[0]][there[1]], at.get(there)
    if cell.edges[opposite(s)] != ".":
        return False
    return u is None or cell.edges != EMPTY.edges and opposite(s) not in _named(u.reason, BESIDE)
