"""A flagged straight or curve guessed a station whose centre is unlike the sheet's stations (issue 35,
round twenty-six).

A straight (or a curve) whose two sides are read a highway and a railway (``.h.r`` with both sides certain, or one
side turned by a later step: ``one_line`` reading a highway drawn as one line, ``ink_colour``,
``kind_guess``) can only be a station by the rules, and the reader guesses ``.h.rs`` (flagged
"highway and railway meet without a station", or a kind doubt). Where the player drew a plain
straight of one kind and one side's kind is misread, the guess invents a station: on round
twenty-five's fresh held out (merged reader) ``h -> hr+s`` and ``r -> hr+s`` were 21 / 16 / 6 / 10
wrong spaces (indep / indep2 / indep3 / night), flagged, each costing the player a second tap.

The sheet's own stations say what a station's centre looks like. Where two or more spaces read with
certainty as stations of a highway and a railway show a mark (the median ``centre.measure``
filled piece ``centre.MIN_MARK["filled"]`` or more, or paper closed in ``station_mark.HOLLOW_MM2``
or more), a flagged straight guessed such a station whose centre shows none of it:

- its filled piece under ``UNLIKE`` of the stations' median, and its ink thinner than ``THIN`` of
  theirs (``cross_station.thickness``: a filled square 5 mm across 2.5 mm, a line 0.5-1 mm), where
  the stations' mark is filled;
- the paper it closes in under ``HOLLOW_UNLIKE`` of theirs, where their mark is hollow;
- its centre box (``read._centre_fill`` of the ink, ``inked``) ``INKED_BELOW`` less inked than
  theirs;
- and edges hardly turned off the axes (``crossing_mark.diagonal_share`` under ``STRAIGHT_SHARE``:
  an X, an S or a circled dot turns them; a straight line does not)

is guessed the plain straight of the one kind its two sides join (``meeting_centre.joined_curve``:
the neighbours' facing sides and printed exits, one kind; where they join both or none the guess
stays). A curve's arc turns its edges off the axes (the share does not part a mark from the route;
on indep the curve stations drawn unlike the sheet's certain stations, inked as much as the invented
curves, outnumbered them): a flagged curve so unlike the stations is guessed the plain curve only
where its centre is also no more than the sheet's own curves read with certainty show
(``plain_like``: three of them at least; its box inked, paper closed in, filled piece). Its flag and
reason are kept: only the guess changes, so no flag is added or lifted and no silent space can come
of it.

A straight crossing of a highway and a railway (``hrhr``) is a station or the overpass: flagged and
guessed the station (``hrhrs``), its centre so unlike the sheet's stations (``unlike``; no plain
route to be like: an overpass's bridge, wings, hump or ring turn its edges off the axes), it is
guessed the overpass on the same sides (``cross_station`` turns such a guess only by a filled piece
smaller than the stations', or ink under ``cross_station.THIN`` of theirs, measured against every
station guessed; an overpass's bare crossing with no piece at all, 0.5-0.9 mm thick against the
certain stations' 1.7-2.1, was kept the station: indep3 301,723 D2 and 301,753 G6, indep2 209,615
B1 and D3).

Measured (main fc8b9064's readings dumped at the end of the reading, the rule replayed): see
docs/railroad-ink-photo-rounds.md, round twenty-six (h-invent).
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from railprint.games.railroad_ink.photo.centre import MIN_MARK, measure
from railprint.games.railroad_ink.photo.crossing_mark import diagonal_share
from railprint.games.railroad_ink.photo.cross_station import thickness
from railprint.games.railroad_ink.photo.meeting_centre import joined_curve, plain, shape
from railprint.games.railroad_ink.photo.station_mark import HOLLOW_MM2

MIN_STATIONS = 2        # the sheet's stations read with certainty, at least, to know their mark
UNLIKE = 0.5            # a filled piece under this share of the stations' median: none of their mark
THIN = 0.7              # ... and ink thinner than this share of theirs
HOLLOW_UNLIKE = 0.3     # paper closed in under this share of the stations' median: none of their mark
INKED_BELOW = 0.15      # the centre box this much less inked than the stations' median
STRAIGHT_SHARE = 0.35   # edges turned off the axes under this share: a straight line's, no X, S or ring
MIN_CURVES = 3          # a curve's centre like the sheet's curves read with certainty: this many of them at least
LIKE_INKED = 0.02       # ... its box inked no more than the most of theirs and this
LIKE_MM2 = 1.0          # ... its paper closed in and its filled piece no more than the most of theirs and this
CROSSINGS = ("hrhr", "rhrh")   # a straight crossing of both kinds: a station or the overpass


def _station(cell) -> bool:
    """Whether ``cell`` is a station of a highway and a railway."""
    return cell.marker == "s" and set(cell.edges) - {"."} == {"h", "r"}


def stations_mark(rows: list[tuple], flagged: set[str], square: Callable[[int, int], str],
                  centre: Callable[[int, int], tuple]) -> dict | None:
    """The median centre measures (``centre(r, c)``: inked, hollow, filled, thick) of the sheet's
    spaces read with certainty as stations of a highway and a railway; None where fewer than
    ``MIN_STATIONS`` are, or their mark is neither filled nor hollow."""
    stations = [centre(r, c) for r, row in enumerate(rows) for c, cell in enumerate(row)
                if _station(cell) and square(r, c) not in flagged]
    if len(stations) < MIN_STATIONS:
        return None
    mark = {k: float(np.median([s[k] for s in stations])) for k in ("inked", "hollow", "filled", "thick")}
    return mark if mark["filled"] >= MIN_MARK["filled"] or mark["hollow"] >= HOLLOW_MM2 else None


def unlike(value: dict, mark: dict) -> bool:
    """Whether a centre's measures (``value``) show none of the sheet's station ``mark`` (the module's text)."""
    if mark["filled"] >= MIN_MARK["filled"] and not (value["filled"] < UNLIKE * mark["filled"]
                                                     and value["thick"] < THIN * mark["thick"]):
        return False
    if mark["hollow"] >= HOLLOW_MM2 and value["hollow"] >= HOLLOW_UNLIKE * mark["hollow"]:
        return False
    return value["inked"] < mark["inked"] - INKED_BELOW


def plain_like(kind: str, value: dict, curves: list[dict]) -> bool:
    """Whether a centre's measures (``value``) are a plain route's of its shape (``kind``): a straight's
    edges turned off the axes under ``STRAIGHT_SHARE``; a curve's no more than the sheet's curves read
    with certainty show (``curves``, ``MIN_CURVES`` of them or more): its box inked, paper closed in
    and filled piece at most ``LIKE_INKED``, ``LIKE_MM2`` above the most of theirs."""
    if kind == "straight":
        return value["share"] < STRAIGHT_SHARE
    return len(curves) >= MIN_CURVES and value["inked"] <= max(v["inked"] for v in curves) + LIKE_INKED \
        and all(value[k] <= max(v[k] for v in curves) + LIKE_MM2 for k in ("hollow", "filled"))


def apply(rows: list[tuple], uncertain: list, ink: np.ndarray, rel: np.ndarray,
          centre_px: Callable[[int, int], tuple[float, float]], ppm: float, square: Callable[[int, int], str],
          uncertain_of: Callable, *, inked: Callable[[int, int], float], faces: Callable) -> tuple[list[tuple], list]:
    """``rows`` and ``uncertain`` (``read.Uncertain``: square, guess, why) with each flagged straight or
    curve guessed a station of a highway and a railway, its centre unlike the sheet's stations, guessed
    the plain route of the kind its sides join, and each such straight crossing guessed the overpass
    (the module's text). ``ink``: the ink mask, ``rel``: the
    darkness; ``inked(r, c)``: the share of the space's centre box inked; ``faces()``: every drawable space."""
    flagged = {u.square: u for u in uncertain}
    candidates = [(r, c) for r, row in enumerate(rows) for c, cell in enumerate(row)
                  if square(r, c) in flagged and _station(cell) and (shape(cell.edges) or cell.edges in CROSSINGS)]
    if not candidates:
        return rows, uncertain
    known: dict[tuple[int, int], dict] = {}

    def centre(r: int, c: int) -> dict:   # a space's centre measures, once
        if (r, c) not in known:
            cx, cy = centre_px(r, c)
            got = measure(ink, cx, cy, ppm)
            known[(r, c)] = dict(inked=inked(r, c), hollow=got.hollow, filled=got.filled,
                                 thick=thickness(ink, cx, cy, ppm), share=diagonal_share(rel, cx, cy, ppm)[0])
        return known[(r, c)]

    mark = stations_mark(rows, set(flagged), square, centre)
    if mark is None:
        return rows, uncertain
    drawable = {face.token for face in faces()}
    grid = [list(row) for row in rows]
    curves = [(r, c) for r, row in enumerate(rows) for c, cell in enumerate(row)
              if plain(cell, "curve") and square(r, c) not in flagged]
    for r, c in candidates:
        value, cell = centre(r, c), rows[r][c]
        if not unlike(value, mark):
            continue
        if cell.edges in CROSSINGS:   # a straight crossing of both kinds with no station: the overpass
            new = type(cell)(cell.edges, "o")
        elif plain_like(shape(cell.edges), value, [centre(*p) for p in curves]):
            new = joined_curve(rows, r, c, cell)   # (a straight's sides joining one kind: that kind)
        else:
            continue
        if new is None or new.token not in drawable:
            continue
        u = flagged[square(r, c)]
        grid[r][c] = new
        flagged[square(r, c)] = uncertain_of(u.square, new.token, u.reason)
    return [tuple(row) for row in grid], list(flagged.values())
