"""A filled station of the sheet's own shape whose one doubted side the rules settle (issue 35,
round nineteen).

By the rules a station joins a highway and a railway. ``read.read_space`` reads a space whose
centre is filled (``read._centre_fill``) as a station; where one of its route sides is "neither
clearly a highway nor a railway" (or another doubt of a side's kind alone, ``sure_kinds.KIND_DOUBTS``)
the space is flagged, and its best guess (``read._nearest_face``) gives that side the other kind
than the station's other sides. When those other sides were all read with certainty, and all of one
kind, the rules leave the doubted side no choice: a station of one kind only is no space of the
game. The third independent check's players draw a station as a filled triangle, star, diamond or
house; their highways are dashed or dotted, and on its dev photos (indep3 14,000-14,039) most
stations are flagged for one such side alone, each a tap for the player on a space read right.

Such a space's flag is dropped, and so is the flag of a station of two certain routes, a highway
and a railway (a station by the rules, whatever the centre shows), doubted for its centre's partial
fill alone (``CENTRE_WHY``: a star's or a triangle's points leave the centre's box part paper), when:

- its reason is one side's kind doubt and nothing else but the centre's own doubts of a station
  (``NEEDS_WHY``: the sides as first read were of one kind; ``CENTRE_WHY``: the centre's box filled
  between 0.6 and 0.85);
- it is a station of two routes (a die face's straight or curve station), its other route read
  with certainty, the doubted side guessed the other kind. Not the special routes' stations of
  four: there three sides read with certainty as one kind would make the doubted one the other,
  and a highway read with certainty as a railway beside them (the shared indep dev 90,010 D5
  ``hrhrs`` read ``rrhrs``, 90,015 E2 ``hhrrs`` read ``hrrrs``) was made silent so;
- its centre is filled like the sheet's stations: ``centre.measure``'s ``filled`` (the ink left by
  an opening with a 2.8 mm disc: a filled shape stays, lines and sleepers go) is ``LIKE`` or more
  of the median of the sheet's other spaces read as stations with a filled centre (``MIN_SHOWN`` of
  them at least, each ``MIN_FILLED`` or more), and at least ``MIN_FILLED``. A player draws every
  station the same way: an overpass drawn with a ring in a soft pencil, read as a station of one
  kind (indep3 dev 14,006 A5 and E6, 10.6 and 12.1 mm² on a sheet whose stars fill 25-31 mm²), is
  not like them and keeps its flag; and its edges turn off the grid's axes as theirs do
  (``crossing_mark.diagonal_share``, ``LIKE`` or more of their median): a triangle's, a star's, a
  diamond's or a roof's edges run slanted, a blot where a soft pencil's lines meet runs along the
  axes (indep3 dev 14,024 A7, a T of highways ``hhh.`` whose junction filled 21.5 mm² read
  ``.hr.s``, its north side lost and its south read a certain railway: diagonal share 0.28 on a
  sheet of diamonds at 0.64-0.89, made silent without this).

Round twenty: the shape is asked only of a sheet whose stations are slanted (their median diagonal
share ``SLANTED`` or more: triangles, stars, diamonds, roofs). A filled square's or circle's edges
run along the axes and its diagonal share is noise (0.02-0.16 on indep dev 114,003 and 114,014),
where 0.6 of the sheet's median flagged stations read right at random (114,003 B1 ``.h.rs``, 0.14
against 0.35; 114,014 A5 ``.hr.s``, 0.02 against 0.06); there the fill alone decides. Measured on
indep 114,000-114,029, indep2 116,000-116,029, indep3 18,000-18,029 and 14,024 (its blot still
flagged), and the shared dev cache: flags only lifted on spaces read right.

Round twenty-five (h-night4): on a night photo whose sheet's highways are not seen (``night_lines.Sheet.seen``:
the reader's ``banded``), a doubted side read as a solid band ("a solid band: a highway's two lines run
together?", ``band_chain.SOLID_BAND``) and guessed a highway is not settled (``BANDED``). A band is
guessed a railway by its own reading (``broad_line``); guessed a highway, it is so only because the
station needs both kinds beside the other route read with certainty as a railway, and on a sheet whose
highways run together as bands that railway may be a highway too: indep2 209,869 (a ruler's highways
at night, no highway side read with certainty at the side stage) G6 ``.hh.`` read ``.rh.s`` and C6
``h..h`` read ``h..rs`` were settled so (G6 left silent). On the night dev photos 209,120-499 and
209,620-999 this step settled 6 stations whose band was guessed a railway (all read right: 209,361
B2, B6, D3 ...), and 3 whose band was guessed a highway, 2 of them wrong (the two above) and one right
(209,869 A4, flagged now). By day (the shared indep dev 90,006, 90,008, 90,051) 4 such stations were
settled, all read right: there the sheet's certain railway is not in doubt, and nothing changes.

Nothing else is made certain, and the steps after this one (``legal``, ``sheet_kinds.rules``,
``joins``, ``erased``) still flag what they find. Nothing here imports the reader: it takes the ink
mask and the spaces' centres.
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from railprint.games.railroad_ink.board import neighbour
from railprint.games.railroad_ink.photo.band_chain import SOLID_BAND
from railprint.games.railroad_ink.photo.centre import measure
from railprint.games.railroad_ink.photo.crossing_mark import diagonal_share
from railprint.games.railroad_ink.photo.joined_kinds import STATION_NEEDS, kind_at
from railprint.games.railroad_ink.photo.sure_kinds import kind_doubts

NEEDS_WHY = STATION_NEEDS   # read.read_space's reasons
CENTRE_WHY = "centre: a station?"
LIKE = 0.6          # a centre filled this share of the sheet's stations' median, or more ...
MIN_FILLED = 7.0    # ... and this many mm² (centre.MIN_MARK's filled)
MIN_SHOWN = 2       # the sheet's other filled stations needed to know its shape
BANDED = frozenset({SOLID_BAND})   # round twenty-five: a solid band guessed a highway is not settled
SLANTED = 0.5       # round twenty: the sheet's stations' edges this slanted (median diagonal share), or the shape tells nothing


def settled(edges: str, reason: str, banded: bool = False) -> bool:
    """Whether ``reason`` (a flagged station's, its sides ``edges``) is one route side's kind doubt
    and the centre's own doubts alone, on a station of two routes (a die face's: a straight or a
    curve), the other route (certain) of the other kind than the doubted side's guess; or the
    centre's partial fill alone (``CENTRE_WHY``) where both routes, a highway and a railway, are
    certain. ``banded``: a night sheet whose highways are not seen, where a solid band guessed a highway
    is not settled (``BANDED``, round twenty-five)."""
    doubted, rest = kind_doubts(reason, edges)   # (a kind doubt of a side read empty is in ``rest``)
    if any(part not in (NEEDS_WHY, CENTRE_WHY) for part in rest) or len(edges.replace(".", "")) != 2:
        return False
    if not doubted:   # every side certain, a highway and a railway: a station by the rules
        return reason == CENTRE_WHY and set(edges) - {"."} == {"h", "r"}
    if len(doubted) != 1 or (banded and any(edges[s] == "h" for s in kind_doubts(reason, edges, BANDED)[0])):
        return False
    others = {k for s, k in enumerate(edges) if s != doubted[0] and k != "."}
    return len(others) == 1 and edges[doubted[0]] not in others


def meets_the_other_kind(rows: list, r: int, c: int, flagged, square: Callable[[int, int], str]) -> bool:
    """Whether a route side of (r, c) meets the other kind: a printed exit, or a neighbour read with
    certainty (not in ``flagged``) across the edge (round twenty-two)."""
    for s, kind in enumerate(rows[r][c].edges):
        met = kind_at(rows, r, c, s) if kind in "hr" else None
        if met is not None and met[0] in "hr" and met[0] != kind \
                and (met[1] or square(*neighbour(r, c, s)) not in flagged):
            return True
    return False


def apply(rows: list[tuple], uncertain: list, ink: np.ndarray, rel: np.ndarray,
          centre_px: Callable[[int, int], tuple[float, float]], ppm: float, square: Callable[[int, int], str],
          banded: bool = False) -> list:
    """``uncertain`` (``read.Uncertain``: square, guess, why) without the flags of stations
    :func:`settled` by the rules whose centre is filled, and turned off the grid's axes, like the
    sheet's other stations (``ink`` the ink mask, ``rel`` the darkness)."""
    flagged = {u.square: u for u in uncertain}
    candidates = [(r, c) for r, row in enumerate(rows) for c, cell in enumerate(row) if cell.marker == "s"
                  and (u := flagged.get(square(r, c))) is not None and settled(cell.edges, u.reason, banded)
                  and not meets_the_other_kind(rows, r, c, flagged, square)]
    if not candidates:
        return uncertain
    filled = {(r, c): measure(ink, *centre_px(r, c), ppm).filled for r, row in enumerate(rows)
              for c, cell in enumerate(row) if cell.marker == "s"}
    known: dict[tuple[int, int], float] = {}

    def diagonal(place: tuple[int, int]) -> float:
        if place not in known:
            known[place] = diagonal_share(rel, *centre_px(*place), ppm)[0]
        return known[place]

    sure = set()
    for place in candidates:
        others = [p for p, v in filled.items() if p != place and v >= MIN_FILLED]
        if len(others) < MIN_SHOWN:
            continue
        slant = float(np.median([diagonal(p) for p in others]))
        if filled[place] >= max(MIN_FILLED, LIKE * float(np.median([filled[p] for p in others]))) \
                and (slant < SLANTED or diagonal(place) >= LIKE * slant):
            sure.add(square(*place))
    return [u for u in uncertain if u.square not in sure]
