"""Every route drawn joins the board as the rules say (issue 35, round seventeen).

The rules place each route so that it joins an exit or a route already drawn, and never a highway
to a railway (nor to an exit of the other kind). So on a sheet played by the rules every space
that holds a route joins a route of its own kind across one of its edges or reaches an exit of its
kind, and no route meets one of the other kind across an edge. Ink that breaks this is a misread:
a coffee ring crossing an empty space reads as a route that joins nothing (the second
independent check's dev seed 20,017 B2, a certain ``.rr.`` in an empty space), a ring over a
space's empty side as a railway facing the highway of the space beside it (20,000 B2, a certain
``rrrr`` for ``.rrr``).

Which of the two spaces of a broken join is misread the ink here does not say, so every space read
with certainty that breaks one is flagged, its reading the guess. A sheet is checked only when it
shows it is played by the rules: over all of its readings (certain or not), the route sides that
meet across an edge or at an exit meet their own kind at least :data:`MIN_JOINS` times and the
other kind at most :data:`BROKEN_SHARE` as often (a few misreads). ``synth.py`` draws every space
at random, not by the rules: on 300 of its dev boards the sides that meet one of the other kind
are 0.23 of those that meet their own or more (none passes); on 50 dev photos of the second
independent check (20,000-20,080) 44 sheets pass as read, and the check flagged 9 spaces, two of
them read wrong and left certain before. Nothing here makes a space certain.
"""

from __future__ import annotations

from typing import Callable

from railprint.games.railroad_ink.board import EXIT_AT, SIZE, square
from railprint.games.railroad_ink.photo.sheet_kinds import EXIT_WHY

MIN_JOINS = 3          # sides meeting their own kind (across an edge or at an exit) for a sheet checked
BROKEN_SHARE = 1 / 6   # ... and sides meeting the other kind at most this share of them
MEETS_OTHER = "meets a route of the other kind across the edge: the rules never join them"
JOINS_NOTHING = "joins no route and no exit, as every route drawn does: a stain or an erased line?"
STEP = ((-1, 0), (0, 1), (1, 0), (0, -1))   # N E S W


def _meets(rows: list, r: int, c: int, s: int) -> tuple[str, bool] | None:
    """What side ``s`` of space (r, c) meets: (the kind across the edge or at the exit, an exit?),
    or None (the edge of the grid without an exit)."""
    nr, nc = r + STEP[s][0], c + STEP[s][1]
    if 0 <= nr < SIZE and 0 <= nc < SIZE:
        return rows[nr][nc].edges[(s + 2) % 4], False
    exit_ = EXIT_AT.get((r, c, s))
    return (exit_.kind, True) if exit_ is not None else None


def by_the_rules(rows: list) -> bool:
    """Whether the sheet as read (every space, guesses too) is played by the rules: its route sides
    meet their own kind :data:`MIN_JOINS` times or more, the other kind at most
    :data:`BROKEN_SHARE` as often (each edge counted once, each exit once)."""
    own = other = 0
    for r in range(SIZE):
        for c in range(SIZE):
            for s, kind in enumerate(rows[r][c].edges):
                if kind not in "hr":
                    continue
                met = _meets(rows, r, c, s)
                if met is None or met[0] not in "hr" or (not met[1] and s in (0, 3)):
                    continue   # (an inner edge is counted from its north or west space's side once)
                own += met[0] == kind
                other += met[0] != kind
    return own >= MIN_JOINS and other <= BROKEN_SHARE * own


def revise(rows: list, uncertain: list, *, uncertain_of: Callable) -> list:
    """``uncertain`` with each space read with certainty whose routes break the rules' joins
    flagged, its reading the guess; on a sheet played by the rules (:func:`by_the_rules`) only.
    Spaces of an expansion's own marks (lava, a volcano, a crater) are not checked."""
    if not by_the_rules(rows):
        return uncertain
    flagged = {u.square for u in uncertain}
    out = list(uncertain)
    for r in range(SIZE):
        for c in range(SIZE):
            cell = rows[r][c]
            if square(r, c) in flagged or not cell.edges.strip(".") or "l" in cell.edges or cell.marker in ("v", "x"):
                continue
            why, joined = [], False
            for s, kind in enumerate(cell.edges):
                if kind not in "hr":
                    continue
                met = _meets(rows, r, c, s)
                if met is None or met[0] not in "hr":
                    continue
                if met[0] == kind:
                    joined = True
                else:
                    why.append(f"{'NESW'[s]}: {EXIT_WHY[met[0]] if met[1] else MEETS_OTHER}")
            if not joined:
                why.append(JOINS_NOTHING)
            if why:
                out.append(uncertain_of(square(r, c), cell.token, "; ".join(why)))
    return out
