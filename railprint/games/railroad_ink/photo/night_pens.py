"""What a night sheet's pens' colours say where its grey reading is certain (issue 35, round twenty-three).

At night (``noise_floor.night``: a warm lamp's high-ISO colour noise) ``colour.py`` reads each side's
colour averaged over its strip (``noisy_colour.side_colours``: ``run``, the share of the strip's three
parts coloured, and a hue), but it says a kind only where the sheet shows exactly two colour groups
whose printed exits each say one kind. A light pen at night breaks that: a yellow colour pencil's
highways are lost in the grey nearly everywhere, so they are no group of route sides at all, and a
highlighter's highways read half as railways and half as highways mix the groups' exits. The
reader was then certain of the lost routes' spaces: the spent held-out night photos of the second
independent check 208,438 (yellow colour-pencil highways, 0 of them read: 23 spaces wrong, 8 of
them certain), 206,525 (the same pen: B2 ``rhrrs`` read ``r.rr``, B3 ``h.h.`` read ``....``) and
205,403 (highlighter highways read as certain railways: E1 ``hhh.`` read ``rrr.``, B2).

Two flags, from the colour each side shows (nothing is made certain, no guess changes):

- :func:`lost`: a pen whose colour shows on sides read empty. Where SHOWN or more sides read empty
  show a colour (a coloured part, ``run`` over 0, with a hue) within REACH degrees of their median
  hue, the sheet's grey reading loses that pen's lines. Where fewer than READ route sides read
  anywhere are coloured (in SHOWN_PARTS of their parts) in that hue, the pen is read nowhere and its
  routes may be lost anywhere: a lost route's rise stands where the noise's does (208,438: 0.8-2.1
  times the sheet's noise, its empty sides up to 1.6), so no side is cleared by its line, and every
  space read with certainty with an empty side is flagged (LOST_WHY). Where the pen is read on
  routes too (some of its lines lost), a space read with certainty is flagged only where its empty
  side shows the pen's colour (SHOWS_WHY: 119,001 A1 ``.h.h`` read ``....``, 94,024 F6 ``hrrrs``
  read ``.rrr``). Both only on a sheet one of whose kinds is not seen (``night_lines.Sheet.seen``:
  fewer than SEEN sides read with certainty, or their lower quartile under CLEAR times the noise): a
  lost pen leaves its kind unseen, while a coffee ring's brown on empty sides looks like a yellow
  pencil's (204,039: both kinds seen, 7 such sides, 41 spaces read right). Measured on the 521 dev
  night photos with night colour noise of a survey read by main 613e5a0 (the spent 208,120-499,
  indep2's night photos under 200,000 and every third from 204,000-208,119): the first flag fired
  on 7 sheets, the second on 4; together 16 of the 25 spaces read wrong with certainty, and 67
  spaces read right (0.13 a photo).
- :func:`grey_kind`: where the routes at one kind's printed exits show no colour at all (GREY_EXITS
  or more such exit sides, none with a coloured part) and some route at the other kind's exits
  does, a side read with certainty as the grey kind and coloured in SHOWN_PARTS of its parts or
  more is drawn in a colour this sheet's pen of that kind does not show (205,403: four such railway
  sides, all highlighter highways). Flagged (GREY_WHY) with the guess as read: on the same survey it
  fired on 6 sheets, flagging 205,403's two certain wrong spaces and 5 spaces read right (a railway
  pen's colour showing at night), too few to change a guess by.

Round twenty-four (h-night3): a pen lost in the grey tints the sides it is lost on, coloured part or
not. 209,431 (yellow colour-pencil highways, B6 ``h..h`` read ``....`` with certainty) shows a hue
(no coloured part: ``run`` 0) on 31 sides read empty, all within REACH of -101 degrees, and on none
of the sides read empty that are empty in truth; 209,458 (G4 ``rhrho`` read ``r.r.``, both kinds
seen) on 19 of its 22. On h-night2's survey (546 night photos read by main 613e5a0) a sheet with 15 or
more such sides, 85 % of them within REACH of their median hue, is a sheet of a lost pen (17 sheets:
208,438 48, 206,525 25 ...; the others show at most 13, their hues spread by the night's noise):

- :func:`tinted`: on such a sheet each space read with certainty whose empty side shows the hue is
  flagged (SHOWS_WHY), whether or not both kinds are seen (on the survey: 14 wrong spaces caught, 11
  right ones flagged, 10 of them on one sheet).
- :func:`tinted_guess`: the pen's kind is the kind whose route sides read show the hue, where under
  OTHER_TINT of the other kind's do. A flagged space's sides guessed empty, or guessed the other kind
  from a faint or erased line (LIGHT_WHYS), that show the hue are guessed the pen's kind; a side
  guessed the pen's kind from a faint or erased line whose strip shows no hue at all is guessed
  empty; where the space then is a die face (a station where both kinds join, an overpass on a
  straight crossing). On the survey, offline: 142 flagged spaces made right, 0 made wrong (the empty
  sides alone 105; the faint other-kind sides 17 more; the hueless faint sides 20 more).

Round twenty-five (h-night4): a small photo (the grid under ``read.LOW_GRID_PX_PER_MM``: a messaging app's
copy) had no colour read at all (its half-size colour copy is too small to rectify), so a pen lost in its
grey was never seen: indep2 209,642 (a yellow highlighter's highways at night, 1600x1200 px, the grid 329 px)
read C5 ``hh..`` and E7 ``.hhh`` empty with certainty, their sides yellow in the photo. The reader now
measures a small photo's colours at full size (``small_colour.chroma``, h-silent7's step, which the lead
kept at the merge for h-night4's alike one) and, where they show night colour noise (``noise_floor.night``),
asks :func:`lost`, :func:`grey_kind` and :func:`tinted` of them (flags only: :func:`tinted_guess` there
took the highlighter's kind for a railway, its bands being guessed railways, and made no space right). On
14 small or messaging-app day photos (202,822-202,939 and the shared dev 90,000-90,059) the colour noise
is a day's (0.06-0.10) and nothing changes.

The reader calls these with the rows and flags it read and the sides' colours; this module never
imports the reader.
"""

from __future__ import annotations

from typing import Callable

from railprint.games.railroad_ink.board import EXIT_AT, SIZE, Cell, square, square_at
from railprint.games.railroad_ink.photo.colour import apart, hue_centre
from railprint.games.railroad_ink.photo.erased import WHY as ERASED_WHY
from railprint.games.railroad_ink.photo.night_lines import FAINT, sure_with_empty
from railprint.games.railroad_ink.photo.sure_kinds import named_sides

SHOWN = 7            # sides read empty whose colour shows (a coloured part, a hue) ...
REACH = 30.0         # ... within this many degrees of their median hue ...
READ = 3             # ... with fewer than this many route sides read coloured (SHOWN_PARTS) in that hue: a lost pen
SHOWN_PARTS = 0.66   # a side coloured in this share of its strip's parts (two of three) or more: a pen's line
TINTED = 15         # sides read empty showing a hue (coloured part or not) within REACH of their median ...
TINTED_SHARE = 0.85  # ... this share of those with a hue or more: a pen lost in the grey tints them (``tinted``)
OTHER_TINT = 0.2     # the other kind's route sides showing the tinting pen's hue under this share: the pen's kind
LIGHT_WHYS = frozenset(FAINT) | frozenset(ERASED_WHY.values())   # a side's doubts of a faint or erased line
GREY_EXITS = 3       # a kind's routes at the printed exits on this many sides, none of them coloured: a grey pen
SIDES = "NESW"
LOST_WHY = ("a route lost in the dark? (this sheet's sides read empty show a pen's colour that none of its "
            "routes is read in)")
SHOWS_WHY = "a route lost in the dark? (this side shows the colour of a pen this sheet loses in the grey)"
GREY_WHY = {"r": "drawn in a colour, where this sheet's railways at its printed exits show none: a highway?",
            "h": "drawn in a colour, where this sheet's highways at its printed exits show none: a railway?"}


def _lost_pen(rows, colours: dict) -> tuple[float, bool] | None:
    """(the hue of a pen whose colour shows on SHOWN or more sides read empty, whether it is read on
    fewer than READ route sides: lost everywhere), or None."""
    hues = [hue for (r, c, s), (run, hue) in colours.items()
            if rows[r][c].edges[s] == "." and run > 0 and hue is not None]
    if len(hues) < SHOWN:
        return None
    centre, _ = hue_centre(hues)
    if sum(apart(h, centre) <= REACH for h in hues) < SHOWN:
        return None
    read = sum(1 for (r, c, s), (run, hue) in colours.items() if rows[r][c].edges[s] in "hr"
               and run >= SHOWN_PARTS and hue is not None and apart(hue, centre) <= REACH)
    return centre, read < READ


def lost(rows, uncertain: list, colours: dict, *, seen: bool, uncertain_of: Callable) -> list:
    """``uncertain`` with the spaces read with certainty that may hide a lost pen's route flagged
    (see the module's doc): every one with an empty side where the pen is read nowhere (LOST_WHY),
    else each whose empty side shows the pen's colour (SHOWS_WHY). ``colours``: {(r, c, side):
    (run, hue)} (``noisy_colour.side_colours``); ``seen``: whether both kinds are seen on the sheet
    (``night_lines.Sheet.seen``), where no pen is lost."""
    pen = None if seen else _lost_pen(rows, colours)
    if pen is None:
        return uncertain
    centre, everywhere = pen
    out = list(uncertain)
    for r, c, cell in sure_with_empty(rows, uncertain):
        if everywhere:
            out.append(uncertain_of(square(r, c), cell.token, LOST_WHY))
            continue
        why = [f"{SIDES[s]}: {SHOWS_WHY}" for s, kind in enumerate(cell.edges)
               if kind == "." and colours[(r, c, s)][0] > 0 and colours[(r, c, s)][1] is not None
               and apart(colours[(r, c, s)][1], centre) <= REACH]
        if why:
            out.append(uncertain_of(square(r, c), cell.token, "; ".join(why)))
    return out


def _tinted_pen(rows, colours: dict) -> float | None:
    """The hue of a pen tinting TINTED or more sides read empty (a hue in their strip's average, coloured
    part or not), TINTED_SHARE of every side read empty with a hue or more, within REACH of their
    median; or None."""
    hues = [hue for (r, c, s), (run, hue) in colours.items()
            if rows[r][c].marker != "x" and rows[r][c].edges[s] == "." and hue is not None]
    if len(hues) < TINTED:
        return None
    centre, _ = hue_centre(hues)
    near = sum(apart(h, centre) <= REACH for h in hues)
    return centre if near >= TINTED and near >= TINTED_SHARE * len(hues) else None


def tinted(rows, uncertain: list, colours: dict, *, uncertain_of: Callable) -> list:
    """``uncertain`` with each space read with certainty whose empty side's strip shows the hue of a pen
    that tints this sheet's empty sides (:func:`_tinted_pen`) flagged (SHOWS_WHY; see the module's doc),
    whether or not both kinds are seen. ``colours`` as for :func:`lost`."""
    centre = _tinted_pen(rows, colours)
    if centre is None:
        return uncertain
    out = list(uncertain)
    for r, c, cell in sure_with_empty(rows, uncertain):
        why = [f"{SIDES[s]}: {SHOWS_WHY}" for s, kind in enumerate(cell.edges)
               if kind == "." and colours[(r, c, s)][1] is not None and apart(colours[(r, c, s)][1], centre) <= REACH]
        if why:
            out.append(uncertain_of(square(r, c), cell.token, "; ".join(why)))
    return out


def _pen_kind(rows, colours: dict, centre: float) -> str | None:
    """The kind a tinting pen draws: the kind whose route sides read show its hue on one side or more,
    where under OTHER_TINT of the other kind's route sides read show it; else None."""
    tint = {}
    for k in "hr":
        hues = [hue for (r, c, s), (run, hue) in colours.items() if rows[r][c].edges[s] == k]
        tint[k] = (sum(1 for h in hues if h is not None and apart(h, centre) <= REACH), len(hues))
    for k, other in (("h", "r"), ("r", "h")):
        if tint[k][0] >= 1 and tint[k][0] * max(1, tint[other][1]) > tint[other][0] * max(1, tint[k][1]) \
                and tint[other][0] < OTHER_TINT * max(1, tint[other][1]):
            return k
    return None


def _light_sides(reason: str) -> set[int]:
    """The sides ``reason`` (a flagged space's) doubts as a faint line or an erased one (LIGHT_WHYS)."""
    return set(named_sides(reason, LIGHT_WHYS))


def tinted_guess(rows, uncertain: list, colours: dict, *, faces: Callable, uncertain_of: Callable) -> tuple[list, list]:
    """``rows`` and ``uncertain`` with each flagged space's sides guessed empty whose strip shows the hue
    of the pen that tints this sheet's empty sides (:func:`_tinted_pen`) guessed that pen's kind
    (:func:`_pen_kind`), and so are its sides guessed the other kind from a faint or erased line (LIGHT_WHYS);
    a side guessed the pen's kind from a faint or erased line whose strip shows no hue at all is guessed
    empty; where the space then is one the dice draw (``faces()``; a highway and a railway joined with a
    station, a straight crossing of both an overpass). Flags and reasons stay."""
    centre = _tinted_pen(rows, colours)
    kind = None if centre is None else _pen_kind(rows, colours, centre)
    if kind is None:
        return rows, uncertain

    def side(r: int, c: int, s: int, edge: str, light: set[int]) -> str:
        hue = colours[(r, c, s)][1]
        return ("." if edge == kind and s in light and hue is None
                else kind if (edge == "." or s in light) and hue is not None and apart(hue, centre) <= REACH else edge)
    return guess_sides(rows, uncertain, side, faces=faces, uncertain_of=uncertain_of)


def guess_sides(rows, uncertain: list, side: Callable, *, faces: Callable, uncertain_of: Callable) -> tuple[list, list]:
    """``rows`` and ``uncertain`` with each flagged space's sides guessed ``side(r, c, s, edge, light)``
    (``light``: the sides its reason doubts as a faint or erased line), a station or an overpass set where
    both kinds now join, taken where the space then is one the dice draw (``faces()``); no crater or
    crossed-out space. Flags and reasons stay."""
    drawn = set(faces())
    rows = [list(row) for row in rows]
    out = []
    for u in uncertain:
        r, c = square_at(u.square)
        cell = rows[r][c]
        light = _light_sides(u.reason)
        edges = "".join(side(r, c, s, e, light) for s, e in enumerate(cell.edges))
        if cell.marker in ("x", "v") or edges == cell.edges:
            out.append(u)
            continue
        marker = "" if cell.marker == "o" and not ("h" in edges and "r" in edges) else cell.marker
        if not marker and "h" in edges and "r" in edges:
            marker = "o" if "." not in edges and edges[0] == edges[2] and edges[1] == edges[3] else "s"
        new = Cell(edges, marker)
        if new in drawn:
            rows[r][c] = new
            u = uncertain_of(u.square, new.token, u.reason)
        out.append(u)
    return [tuple(row) for row in rows], out


def _grey(rows, colours: dict, kind: str) -> tuple[bool, bool]:
    """(whether every route at ``kind``'s printed exits, GREY_EXITS or more, shows no colour; whether
    some route there shows a coloured part)."""
    runs = [colours[(r, c, s)][0] for (r, c, s), x in EXIT_AT.items()
            if x.kind == kind and rows[r][c].edges[s] in "hr" and (r, c, s) in colours]
    return len(runs) >= GREY_EXITS and not any(runs), any(runs)


def grey_kind(rows, uncertain: list, colours: dict, *, uncertain_of: Callable) -> list:
    """``uncertain`` with each space read with certainty flagged where a side of the kind whose
    printed exits show no colour is coloured in SHOWN_PARTS of its parts (see the module's doc)."""
    listed = {u.square for u in uncertain}
    out = list(uncertain)
    grey = {k: _grey(rows, colours, k) for k in "hr"}
    kinds = [k for k in "hr" if grey[k][0] and grey["r" if k == "h" else "h"][1]]
    if not kinds:
        return uncertain
    for r in range(SIZE):
        for c in range(SIZE):
            if square(r, c) in listed:
                continue
            why = [f"{SIDES[s]}: {GREY_WHY[k]}" for s, k in enumerate(rows[r][c].edges)
                   if k in kinds and (r, c, s) in colours and colours[(r, c, s)][0] >= SHOWN_PARTS]
            if why:
                out.append(uncertain_of(square(r, c), rows[r][c].token, "; ".join(why)))
    return out
