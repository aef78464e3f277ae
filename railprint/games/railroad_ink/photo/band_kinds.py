"""A sheet whose bands at its printed exits are all read as the other kind (issue 35, round twenty-two).

"a solid band: a highway's two lines run together?" (``read.SOLID_BAND``) and "one broad line with
no sleeper standing out" (``read.BROAD``) doubt a side whose ink runs wide, and its kind is guessed
from the sheet's other lines (``broad_line``, ``one_line``, ``sheet_kinds``). One player draws every
route of a kind alike, so on some sheets every band is guessed the wrong kind: a bold one-stroke
highway beside ladder railways guessed a railway, a railway's x-ticks run together guessed a
highway. The printed exits say so: a route drawn to an exit is of the exit's kind (the independent
generators' boards never break it, round nineteen), and a band side at an exit of the other kind is
misread. Where MIN_AGAINST (2) or more of the band sides guessed kind K meet a printed exit of the
other kind and none guessed K meets an exit of its own, this sheet's bands guessed K are the other
kind: every flagged space's band sides guessed K are guessed the other kind. A plain space (no
centre mark) keeps one kind (a highway meets a railway only at a station or an overpass), so all its
routes take that kind; a station's or an overpass's space keeps both kinds, so where its band sides
were all of its routes of K, the space's kinds are swapped. The space stays flagged with its reason
as it was: only the guess changes, so no silent space is added. Sheets whose bands at exits are read
both ways (a highlighter's highway bands beside zig-zag railway bands) are left alone.

Measured on the spent held-out readings (main 2e08d00; indep2 206,400-206,519, indep
104,120-104,239): it fires on indep2 206,445, 206,491, 206,500 and indep 104,224, 37 spaces made
right, none made wrong. See docs/railroad-ink-photo-rounds.md, round twenty-two (h-band3).
"""

from __future__ import annotations

from typing import Callable

from railprint.games.railroad_ink.board import EXIT_AT, Cell, square_at
from railprint.games.railroad_ink.photo.band_chain import OTHER, band_sides

MIN_AGAINST = 2   # band sides of a kind at printed exits of the other kind, none at its own


def turned(cell: Cell, sides: list[int], kind: str) -> Cell:
    """``cell`` with its band ``sides`` read as ``kind`` guessed the other kind (see the module's text)."""
    other = OTHER[kind]
    if cell.marker == "":
        return Cell("".join(other if e in "hr" else e for e in cell.edges), "")
    edges = "".join(other if s in sides and e == kind else e for s, e in enumerate(cell.edges))
    if kind not in edges:   # a station or an overpass needs both kinds: the space's kinds swapped
        edges = "".join(OTHER.get(e, e) for e in cell.edges)
    return Cell(edges, cell.marker)


def revise(rows: list, uncertain: list, *, uncertain_of: Callable) -> tuple[list, list]:
    """``rows`` and ``uncertain`` with the band sides of the kind this sheet's exits say is misread
    guessed the other kind (see the module's text). ``uncertain_of(square, guess, reason)`` builds a
    flag."""
    bands = {}
    along = {"h": 0, "r": 0}
    against = {"h": 0, "r": 0}
    for u in uncertain:
        r, c = square_at(u.square)
        sides = band_sides(u.reason, rows[r][c].edges)[0]
        bands[u.square] = sides
        for s in sides:
            kind, exit_ = rows[r][c].edges[s], EXIT_AT.get((r, c, s))
            if exit_ is not None:
                (along if exit_.kind == kind else against)[kind] += 1
    wrong = [k for k in "hr" if against[k] >= MIN_AGAINST and along[k] == 0]
    if len(wrong) != 1:
        return rows, uncertain
    kind = wrong[0]
    rows = [list(row) for row in rows]
    out = []
    for u in uncertain:
        r, c = square_at(u.square)
        sides = [s for s in bands[u.square] if rows[r][c].edges[s] == kind]
        if sides:
            rows[r][c] = turned(rows[r][c], sides, kind)
            u = uncertain_of(u.square, rows[r][c].token, u.reason)
        out.append(u)
    return [tuple(row) for row in rows], out
