"""A day photo's light pen lost in the grey, guessed by the colour along its doubted sides (issue 35,
round twenty-seven).

A colour pencil's orange or yellow highways (the second independent check's ``colour-pencils``) are
pale in the grey: by day the side stage reads whole chains of them as faint lines ("a faint line?")
and guesses them empty (indep2 210,088: 27 highway sides on 12 flagged spaces, 209,061 48, 210,109
33). Round twenty-six (h-lost3) tried ``night_pens.tinted_guess`` by day and dropped it: there the pen
is found on the sides read empty of the spaces read with certainty too, and a day photo's colour
bleeds from the routes read into their neighbours' strips, so the "pen" was the sheet's own.

By day the colour noise is low, and averaged over its strip's middle (``noisy_colour.side_colours``)
a lost colour-pencil side is coloured in every part of its strip (``run`` 1) with one hue (209,033:
24 of 24 within 3 degrees of -92), while a flagged side empty in truth shows no hue, or a coloured
part or two of a neighbour's bleed. So here the pen is measured on the flagged spaces' sides guessed
empty alone:

- :func:`pen`: where SHOWN or more of them are coloured in every part (RUN) with a hue, SHARE of them
  or more within REACH degrees of their median, that hue is a pen the sheet loses. Its kind is the
  kind whose sides read with certainty show it on half of them or more, or that no side read with
  certainty is, where the other kind's sides read with certainty (OTHER_SEEN or more) show it on
  under OTHER_TINT of them; on a sheet with no side read with certainty (210,088: every space
  flagged), the kind of the printed exits those sides meet, where they meet EXITS or more of one
  kind's and none of the other's.
- :func:`guess`: each space read with certainty whose empty side is coloured so in the pen's hue is
  flagged (SHOWS_WHY: 209,033 B6 ``hrhro`` read ``.r.r``, its lost highway sides orange), guessed as
  read; then each flagged side guessed empty that shows the hue so is guessed the pen's kind, where the
  space then is a die face (``night_pens.guess_sides``: a station where both kinds join, an overpass
  on a straight crossing). No flag is lifted and no reason dropped, so no silent space can come of it.

Measured on the day photos of indep2 209,000-119 and 210,000-119 (spent held out; 195 read, 50 of them
colour-pencil sheets) and 60 colour-pencil day photos in 206,000-207,999, read by the branch with the
step's input kept (``read_rel``'s rows and flags before it) and the step replayed: a pen on 9 of the
110 colour-pencil sheets (209,033, 209,061, 209,103, 209,530, 210,072, 210,088, 210,109, 206,068,
206,720; 207 sides guessed the pen's kind, 1 of them empty in truth), 81 flagged spaces made right, 0
made wrong, one silent space flagged and made right (209,033 B6); on none of the 145 other day sheets.
SHARE 0.85 missed 206,720 (3 lost railways coloured in the other pen's hue beside 22 lost highways);
SHOWN 5 fired on a sheet of no colour pencil (209,052: 1 made wrong). Colour-pencil sheets it misses:
the lost sides show no colour in every part (206,018, a small photo), too few of them (206,409: 7), or
no side read with certainty and the pen's sides at no two printed exits of one kind (206,476).

The reader calls it with the rows and flags it read and the sides' colours; this module never imports
the reader.
"""

from __future__ import annotations

from typing import Callable

from railprint.games.railroad_ink.board import EXIT_AT, SIZE, square
from railprint.games.railroad_ink.photo.colour import apart, hue_centre
from railprint.games.railroad_ink.photo.night_pens import guess_sides

RUN = 1.0          # a side coloured in every part of its strip ...
SHOWN = 8          # ... on this many flagged sides guessed empty or more ...
REACH = 30.0       # ... within this many degrees of their median hue ...
SHARE = 0.75       # ... this share of those coloured or more: a pen lost in the grey
OTHER_SEEN = 8     # the other kind read with certainty on this many sides or more ...
OTHER_TINT = 0.2   # ... showing the pen's hue on under this share of them
EXITS = 2          # the pen's sides at this many printed exits of one kind, none of the other: its kind
SIDES = "NESW"
SHOWS_WHY = "a route lost in the grey? (this side shows the colour of a pen this sheet loses in the grey)"


def _lost_sides(rows, uncertain: list, colours: dict) -> list[tuple[int, int, int]]:
    """The flagged spaces' sides guessed empty that are coloured in every part with a hue."""
    flagged = {u.square for u in uncertain}
    return [(r, c, s) for r in range(SIZE) for c in range(SIZE) if square(r, c) in flagged
            for s in range(4) if rows[r][c].edges[s] == "." and rows[r][c].marker not in ("x", "v")
            and colours[(r, c, s)][0] >= RUN and colours[(r, c, s)][1] is not None]


def pen(rows, uncertain: list, colours: dict) -> tuple[float, str, list] | None:
    """(the hue of a pen this sheet loses in the grey, its kind, the flagged sides guessed empty that show
    it) (see the module's doc), or None. ``colours``: {(r, c, side): (run, hue)}
    (``noisy_colour.side_colours``)."""
    sides = _lost_sides(rows, uncertain, colours)
    if len(sides) < SHOWN:
        return None
    centre, _ = hue_centre([colours[k][1] for k in sides])
    near = [k for k in sides if apart(colours[k][1], centre) <= REACH]
    if len(near) < SHOWN or len(near) < SHARE * len(sides):
        return None
    flagged = {u.square for u in uncertain}
    shows = {}
    for k in "hr":
        sure = [(r, c, s) for r in range(SIZE) for c in range(SIZE) if square(r, c) not in flagged
                for s in range(4) if rows[r][c].edges[s] == k]
        shows[k] = (sum(1 for x in sure if colours[x][1] is not None and apart(colours[x][1], centre) <= REACH),
                    len(sure))
    for k, other in (("h", "r"), ("r", "h")):
        if shows[other][1] >= OTHER_SEEN and shows[other][0] < OTHER_TINT * shows[other][1] \
                and 2 * shows[k][0] >= shows[k][1]:
            return centre, k, near
    if shows["h"][1] == shows["r"][1] == 0:
        exits = [EXIT_AT[k].kind for k in near if k in EXIT_AT]
        for k, other in (("h", "r"), ("r", "h")):
            if exits.count(k) >= EXITS and not exits.count(other):
                return centre, k, near
    return None


def _shown(rows, uncertain: list, colours: dict, centre: float) -> dict[tuple[int, int], list[int]]:
    """{(r, c): sides} of the spaces read with certainty whose empty sides are coloured in every part (RUN)
    within REACH of the pen's hue ``centre``."""
    flagged = {u.square for u in uncertain}
    out: dict[tuple[int, int], list[int]] = {}
    for r in range(SIZE):
        for c in range(SIZE):
            cell = rows[r][c]
            if square(r, c) in flagged or cell.marker in ("x", "v"):
                continue
            sides = [s for s in range(4) if cell.edges[s] == "." and colours[(r, c, s)][0] >= RUN
                     and colours[(r, c, s)][1] is not None and apart(colours[(r, c, s)][1], centre) <= REACH]
            if sides:
                out[(r, c)] = sides
    return out


def guess(rows, uncertain: list, colours: dict, *, faces: Callable, uncertain_of: Callable) -> tuple[list, list]:
    """``rows`` and ``uncertain`` on a sheet that loses a pen in the grey (:func:`pen`): each space read with
    certainty whose empty side is coloured in every part in the pen's hue flagged (SHOWS_WHY), guessed as
    read; then each flagged side guessed empty that shows the hue so (those spaces' too) guessed the pen's
    kind, where the space then is a die face. Other flags and reasons stay."""
    found = pen(rows, uncertain, colours)
    if found is None:
        return rows, uncertain
    centre, kind, near = found
    shown = _shown(rows, uncertain, colours, centre)
    uncertain = list(uncertain) + [uncertain_of(square(r, c), rows[r][c].token,
                                                "; ".join(f"{SIDES[s]}: {SHOWS_WHY}" for s in sides))
                                   for (r, c), sides in shown.items()]
    near = set(near) | {(r, c, s) for (r, c), sides in shown.items() for s in sides}
    return guess_sides(rows, uncertain, lambda r, c, s, edge, light: kind if (r, c, s) in near else edge,
                       faces=faces, uncertain_of=uncertain_of)
