"""Overexposed paper against the sheet's own lightest line (issue 35, round eighteen).

Where the paper clips white (``read._clipped_spaces``: half a space's paper at grey level 250 or
more) a light line may clip with it and be lost, so such a space's empty sides are not trusted:
"the paper is overexposed here". Round nine flags a clipped space only when a line at the photo's
ink threshold would fade under the faint threshold there: the light is E times what clips (the
grid's printed lines on the space's edges measure E against the spaces not clipped), and a line
of darkness d shows 1 - E (1 - d). The ink threshold is the lightest line the photo reads as a
route, about 40 % of the drawing's strong ink; most players' lines are far darker, so on the
independent checks' dev photos the flag was on spaces read right 95-99 % of the time (indep
65,000-65,039: 150 spaces flagged for it alone, all right).

One player draws the whole sheet with one pen and one hand: the sheet's sides in the spaces that
do not clip say how light this player's lines come out. Their **lightest line** is the lowest, over
those sides whose darkness stands above the faint threshold, of each side's line darkness (the
median over the rows of the strip of each row's darkest pixel, in the print's black); a route,
a stain, an erased ghost, the round box's frame or a curve's corner all count, so it is never
darker than the lightest thing the sheet shows. A clipped space's empty sides are trusted (the
flag is not raised) when a line :data:`LIGHTEST_SHARE` as dark as that would still show above the
faint threshold there, with E measured on the lower quarter of the space's printed line pieces
(its most washed-out edges) and taken 5 % higher, as round nine does. It needs
:data:`MIN_SIDES` such sides in the spaces that do not clip (else the sheet's lines are not
known and the flag stays as round nine raises it). Nothing else changes: the space's reading, its
guesses and every other reason are round nine's; a space is only left unflagged when all it was
flagged for is that a light line may be lost, and its lightest possible line would show.

What it does not judge: a hot spot that washes a line out whole (the grid's printed lines lost
with it: E is large, the flag stays), and a photo clipped nearly everywhere (fewer than 5 spaces
not clipped: nothing to measure E against, the flag stays).

Round twenty (h-light2), :func:`ruled`: **the printed grid as the ruler in every space**, for the
photos clipped nearly everywhere. In one space the light is the same for the grid's printed line
(true darkness g, shown P = 1 - E (1 - g)) and for a drawn line (d, shown L = 1 - E (1 - d)), so
(1 - L) / (1 - P) = (1 - d) / (1 - g) whatever E is: each side read as ink measures how light this
player's line is against the print, clipped space or not, with no reference space needed. The
sheet's light line is the :data:`RULED_PCT` th percentile of that ratio over the sides above the
ink threshold (a line :data:`LIGHTEST_SHARE` as dark as each), in spaces whose printed pieces' lower
quarter P stands above the faint threshold (where the grid is washed out whole, E is unknown). A
clipped space read empty, whose four sides show nothing above the faint threshold, is not flagged
when that line, at its own P (the lower quarter, E taken 5 % higher), would show
:data:`RULED_SHOWN` times the faint threshold. Only empty spaces are judged: a clipped highway's
lighter line lost reads it as a railway (a hot spot's photo, synth 925,015: 13 spaces whose only
flag is this one), which no measure of a lost route can settle. Measured on 378 dev photos
(indep 90,000-059 and 130 of 96,000-199, indep2 90,000-059, indep3 8,000-039, synth's hot spot
925,000-029): every space read empty and wrong and flagged for this (55 for it alone, all the hot
spot's) had the sheet's line predicted at 0.86 of the faint threshold or under there (pencil
sheets and light pens whose routes the light took: the model holds), and 346 of the 1,256 read
right (796 of them empty) were lifted, no wrong one.

Round twenty-one (h-light3), :func:`routed`: **a clipped space read with routes**, flagged for
the clipped paper alone, loses the flag when the photo settles every side. What the light can take
there is a light side: a fourth exit (an empty side), a highway's lighter line (a highway read as
a railway: nearly every wrong space under this flag) or a railway's sleepers. Its empty sides are
ruled as round twenty rules an empty space's four (:func:`ruled` with ``blank``: nothing above the
faint threshold, and the sheet's light line would show 1.5 times it there); each route side must
show its route on its own or across its edge: the darkness averaged along it
(``read.profile_lines``) shows the route read (a highway's two lines both seen); or, read as a
railway with the averaged darkness undecided, its darkest line runs within 0.6 mm of the side's
middle, 10 noise deviations dark, with no line across the middle (a highway that lost a line keeps
the other a road's half-width off the middle: on indep 112,051 a highway's lines lie 1.1-2.1 mm
off it); or the route's other half across the edge is the same route in a space whose paper does
not clip, read with certainty. A side whose averaged darkness shows the other route is never
settled (synth 925,015 D3: a highway's dark dashed middle runs through the middle of the side, its
outer lines washed out; read "r.h.s"). Measured on indep 112,000-079 and 119,000-059 and the hot
spot 925,000-029 (see docs/railroad-ink-photo-rounds.md, round twenty-one): no space read wrong
loses the flag.

The reader passes its measures in; this module never imports it.
"""

from __future__ import annotations

from typing import Callable, Iterable

import numpy as np

from railprint.games.railroad_ink.board import neighbour, opposite

LIGHTEST_SHARE = 0.8   # a line this share of the sheet's lightest must still show in a clipped space
MIN_SIDES = 12         # sides above the faint threshold, in spaces not clipped, needed to know the lightest line
E_MARGIN = 1.05        # the light past white taken this much higher (round nine's margin: pieces vary ~3 %)
RULED_PCT = 95         # round twenty: the sheet's light line, this percentile of the sides' ratio to the grid
RULED_SHOWN = 1.5      # ... must show this many times the faint threshold in a clipped empty space
RAIL_MIDDLE_MM = 0.6   # round twenty-one: a railway side's averaged line this near the middle ...
RAIL_NOISE = 10.0      # ... this many noise deviations dark ...
RAIL_ACROSS = 0.2      # ... with no line across the middle this share as dark: not a highway's one line left

OVER_WHY = "the paper is overexposed here (white clipped): a light line may be lost"


def line_darkness(strip: np.ndarray) -> float:
    """A side's line darkness: the median, over the inner 60 % of the strip's rows (from the
    edge inwards), of each row's darkest pixel (``strip``: the darkness in the print's black)."""
    n = max(3, int(strip.shape[0] * 0.6))
    return float(np.median(strip[:n].max(axis=1)))


def lit(kept: set[tuple[int, int]], bright: set[tuple[int, int]], pieces: dict[tuple[int, int], list],
        levels: tuple[float, float, float], black: float,
        side_darkness: Callable[[int, int, int], float], size: int = 7) -> set[tuple[int, int]]:
    """The spaces of ``kept`` (clipped, and flagged by round nine's rule) whose empty sides are
    trusted after all: the sheet's lightest line would still show there. ``bright``: every space
    whose paper clips (before round nine's rule); ``pieces``: each space's printed line pieces'
    contrast (``read._space_pieces``); ``levels``: ``read._threshold``; ``black``: the print's
    black; ``side_darkness(r, c, side)``: :func:`line_darkness` of that side's strip."""
    if not kept:
        return set()
    clear = [(r, c) for r in range(size) for c in range(size) if (r, c) not in bright]
    if len(clear) < 5:
        return set()
    level, floor, _ = levels
    lines = [d for r, c in clear for s in range(4) if (d := side_darkness(r, c, s)) > floor]
    if len(lines) < MIN_SIDES:
        return set()
    printed = float(np.median([np.median(pieces[place]) for place in clear]))
    line = min(max(level, LIGHTEST_SHARE * min(lines)) * black, 0.99)
    out = set()
    for place in kept:
        washed = min(float(np.percentile(pieces[place], 25)), printed)
        over = E_MARGIN * (1.0 - washed) / max(1e-6, 1.0 - printed)
        if 1.0 - over * (1.0 - line) >= floor * black:
            out.add(place)
    return out


def ruled(kept: set[tuple[int, int]], pieces: dict[tuple[int, int], list], levels: tuple[float, float, float],
          black: float, side_darkness: Callable[[int, int, int], float], size: int = 7,
          blank: dict[tuple[int, int], Iterable[int]] | None = None) -> set[tuple[int, int]]:
    """Round twenty: the spaces of ``kept`` (clipped, flagged by round nine's rule and not
    :func:`lit`) whose four sides show nothing above the faint threshold, where the sheet's light
    line, measured against the printed grid in its own space, would still show
    :data:`RULED_SHOWN` times the faint threshold (see the module's docstring). ``pieces``,
    ``levels``, ``black`` and ``side_darkness`` as for :func:`lit`; the caller lifts the flag
    only on such a space read empty and flagged for nothing else. Round twenty-one: ``blank``,
    each space's sides that must show nothing (its sides read empty; all four when not given)."""
    if not kept:
        return set()
    level, floor, _ = levels
    low = floor * black   # a printed piece under the faint threshold: the grid washed out, E unknown
    washed = {place: float(np.percentile(v, 25)) for place, v in pieces.items()}
    dark = {(r, c, s): side_darkness(r, c, s) for r in range(size) for c in range(size) for s in range(4)}
    ratios = [(1.0 - LIGHTEST_SHARE * d * black) / (1.0 - washed[(r, c)]) for (r, c, s), d in dark.items()
              if d > level and low <= washed[(r, c)] < 1.0]
    if len(ratios) < MIN_SIDES:
        return set()
    ratio = float(np.percentile(ratios, RULED_PCT))
    return {(r, c) for r, c in kept if washed[(r, c)] >= low
            and all(dark[(r, c, s)] <= floor for s in (range(4) if blank is None else blank.get((r, c), range(4))))
            and 1.0 - E_MARGIN * ratio * (1.0 - washed[(r, c)]) >= RULED_SHOWN * low}


def routed(shown: set[tuple[int, int]], edges: list[list[str]], flagged: set[tuple[int, int]],
           bright: set[tuple[int, int]], profile: Callable[[int, int, int], str | None],
           middle: Callable[[int, int, int], tuple[float, float, float, float]]) -> set[tuple[int, int]]:
    """Round twenty-one: the spaces of ``shown`` (:func:`ruled` with their empty sides as
    ``blank``: no empty side shows anything, and the sheet's light line would show there) read
    with routes whose every route side is settled (see the module's docstring): its darkness
    averaged along it (``profile``, ``read.profile_lines``) shows the route read ("h": a
    highway's two lines both seen); or, read as a railway, its darkest averaged line (``middle``,
    ``read.off_middle``: offset mm, noise deviations, the line across the middle as a share)
    runs within :data:`RAIL_MIDDLE_MM` of the middle, :data:`RAIL_NOISE` deviations dark, with
    no line across the middle (a highway that lost its lighter line keeps the other a road's
    half-width off it); or the route's other half across the edge lies in a space whose paper
    does not clip (not in ``bright``), read with certainty (not in ``flagged``), as the same
    route. A side whose averaged darkness shows the other route is never settled. ``edges``: the
    board read, each space's four exits N E S W (``Cell.edges``)."""
    def settled(r: int, c: int, s: int, kind: str) -> bool:
        shows = profile(r, c, s)
        if shows is not None:   # the other route: never settled (synth 925,015 D3, a highway's dark dashed middle)
            return shows == kind
        if kind == "r":
            off, dark, across, _ = middle(r, c, s)
            if abs(off) <= RAIL_MIDDLE_MM and dark >= RAIL_NOISE and across < RAIL_ACROSS:
                return True
        there = neighbour(r, c, s)
        return there is not None and there not in bright and there not in flagged \
            and edges[there[0]][there[1]][opposite(s)] == kind

    return {(r, c) for r, c in shown if edges[r][c] != "...."
            and all(settled(r, c, s, kind) for s, kind in enumerate(edges[r][c]) if kind != ".")}
