"""A flagged space's guess of its route kinds, from what its sides join (issue 35, round twenty).

A flagged space is pre-filled with the reader's guess; the player confirms it with one tap, or
corrects it with a second. The largest reason on spaces read WRONG is a route side "neither
clearly a highway nor a railway" (held out at round nineteen: 154, 207 and 267 spaces), and most
of those guesses have the routes right and a kind wrong. The evidence that settles a kind is there
when the reading ends, but the steps that guess run one after another and each re-reads a space
from its first ``SideRead`` s: ``sheet_kinds.revise`` guesses a flagged side by the sheet's boundary
of its two kinds, then ``read._station_habit``, ``four_way`` or ``crossing_mark`` re-read the
space's centre from the sides as first read and put their first kinds back (indep3 dev 16,002 E1,
``hrrrs`` guessed ``rrrr`` by the boundary, then ``rhhhs`` again by the station habit; C6 ``hrhro``
guessed ``rhrho``, every one of its four sides placed on its true kind's side). And a side whose
own strip is not measured (a short or broken line) but whose neighbour's side across the edge is
kept the first guess there (16,002 A6 ``hhh.`` read ``rrr.``, its east side at -1.10 but its
north and south sides unmeasured).

So, last of all (after ``joins``; nothing is lifted or added here, only the guesses of spaces
already flagged change), each flagged space's route sides are weighed, in this order of weight:

- a printed exit the side is drawn to: its kind (the rules never break it: 0 of 3,629 route sides
  at an exit on the cached dev boards of the independent generators are of the other kind);
- a neighbour read with certainty whose route meets the side: its kind (0 of 3,340 route edges
  join a highway to a railway);
- the side's place between the sheet's two kinds (``sheet_kinds.revise``'s ``every``), taken with
  its neighbour's across the edge, or the neighbour's alone where its own is not measured, GUESS_Z
  or more on one side (SURE_Z for a side read with certainty). Not where a step after the first
  reading guessed the side otherwise than the place says (a highlighter's colour, ``colour.revise``:
  indep2 dev 112,016 C2, a highway placed at 1.47 on the railways' side), nor on a sheet whose
  boundary puts a route side drawn to a printed exit GUESS_Z or more with the other kind (indep2
  dev 112,013, an overexposed sheet: three highways placed at 1.2-1.3 on the railways' side);
- else the kind guessed so far (CERTAIN_W where the side was read with certainty).

Of the die faces with the same route sides (and the empty ones empty), the one agreeing with the
most weight is the guess, the centre mark as guessed so far weighing MARK_W (a station and an
overpass are the centre's evidence, not the sides'; ties keep the mark). Not on a board drawn
freely (``sheet_kinds.drawn_freely``: ``synth.py``'s boards break the rules), nor an expansion's
sheet, nor a crossed-out space or a volcano, nor a small photo (the reader does not call it there:
a small photo's spaces are nearly all flagged, so a board drawn freely does not show itself by two
spaces read with certainty; ``synth.py``'s small pencil photo 760,024, 1.1 MP, had 3 spaces more
guessed wrong, ``test_ri_photo_read``).

Measured on dev (indep3 16,000-029, indep 111,000-029, indep2 112,000-029, main's reading and this
one on the same photos): right 86.42 -> 90.71 %, 95.31 -> 95.85 %, 93.61 -> 94.35 %, the same
flags; see docs/railroad-ink-photo-rounds.md, round twenty (h-kinds4).
"""

from __future__ import annotations

from typing import Callable

from railprint.games.railroad_ink.board import EXIT_AT, SIZE, square
from railprint.games.railroad_ink.photo.sheet_kinds import GUESS_Z, STEP, SURE_Z, drawn_freely

EXIT_W = 3.0        # a printed exit's kind
NEIGHBOUR_W = 2.0   # a neighbour read with certainty, its route meeting the side
PLACE_W = 1.0       # the sheet's boundary, GUESS_Z or more on one side (plus up to 1 for how far)
KEPT_W = 0.5        # the kind guessed so far ...
CERTAIN_W = 1.0     # ... where the side was read with certainty (its place then counts SURE_Z or more only)
MARK_W = 1.5        # the centre mark guessed so far


def evidence(rows: list, flagged: set, every: dict, r: int, c: int, s: int, certain: bool = False,
             first: bool = True) -> tuple[str, float] | None:
    """The kind side ``s`` of (r, c) is evidenced as, and its weight (see the module's text); None
    where nothing but the guess so far speaks for it."""
    nr, nc = r + STEP[s][0], c + STEP[s][1]
    inside = 0 <= nr < SIZE and 0 <= nc < SIZE
    if not inside:
        x = EXIT_AT.get((r, c, s))
        if x is not None:
            return x.kind, EXIT_W
    elif square(nr, nc) not in flagged and rows[nr][nc].marker not in ("v", "x"):
        k = rows[nr][nc].edges[(s + 2) % 4]
        if k in "hr":
            return k, NEIGHBOUR_W
    values = [v for v in (every.get((r, c, s)), every.get((nr, nc, (s + 2) % 4)) if inside else None)
              if v is not None]
    if values:
        v = sum(values) / len(values)
        kind = "r" if v > 0 else "h"
        if abs(v) >= (SURE_Z if certain else GUESS_Z) and (first or kind == rows[r][c].edges[s]):
            return kind, PLACE_W + min(abs(v), 1.0)
    return None


def agrees(rows: list, every: dict) -> bool:
    """Whether no route side drawn to a printed exit lies GUESS_Z or more on the other kind's side
    of the sheet's boundary (``every``)."""
    for (r, c, s), v in every.items():
        x = EXIT_AT.get((r, c, s))
        if x is not None and rows[r][c].edges[s] in "hr" and (v if x.kind == "h" else -v) >= GUESS_Z:
            return False
    return True


def revise(rows: list, uncertain: list, every: dict, *, sides_at: Callable, faces: Callable,
           uncertain_of: Callable) -> tuple[list, list]:
    """``rows`` and ``uncertain`` with each flagged space's guess weighed again (see the module's
    text); the same squares flagged, for the same reasons. ``every``: each route side's place
    (``sheet_kinds.revise``'s, empty where no boundary was drawn); ``sides_at(r, c)``: the reader's
    four ``SideRead``; ``faces()``: every drawable space;
    ``uncertain_of(square, token, why)``."""
    flagged = {u.square: u for u in uncertain}
    if drawn_freely(rows, set(flagged)):
        return rows, uncertain
    if not agrees(rows, every):
        every = {}   # the boundary puts a route drawn to a printed exit with the other kind: not this sheet's kinds
    out = [list(row) for row in rows]
    for r in range(SIZE):
        for c in range(SIZE):
            u = flagged.get(square(r, c))
            cell = rows[r][c]
            if u is None or cell.marker in ("v", "x") or not any(k in "hr" for k in cell.edges):
                continue
            read = sides_at(r, c)
            sure = {s for s, x in enumerate(read) if x.certain and x.kind == cell.edges[s]}
            said = {}
            for s, kind in enumerate(cell.edges):
                if kind in "hr":
                    said[s] = evidence(rows, set(flagged), every, r, c, s, s in sure, read[s].kind == kind)
            if not any(x is not None and x[0] != cell.edges[s] for s, x in said.items()):
                continue

            def score(f) -> float:
                total = MARK_W * (f.marker == cell.marker)
                for s, x in said.items():
                    kind, w = x if x is not None else (cell.edges[s], CERTAIN_W if s in sure else KEPT_W)
                    total += w * (f.edges[s] == kind)
                return total

            same = [f for f in faces() if all((a in "hr") == (b in "hr") for a, b in zip(f.edges, cell.edges))
                    and f.marker in ("", "s", "o")]
            if not same:
                continue
            best = max(same, key=lambda f: (score(f), f.marker == cell.marker, f == cell))
            if best != cell and score(best) > score(cell):
                out[r][c] = best
                flagged[u.square] = uncertain_of(u.square, best.token, u.reason)
    return [tuple(row) for row in out], list(flagged.values())
