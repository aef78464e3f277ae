"""A faint side measured against every line the sheet shows (issue 35, round nineteen).

"A faint line?" was the largest flag on spaces read right on the second independent check (7.2 a
held-out photo): a side the ink threshold reads empty, but where a line runs on in the faint ink,
the trace or the darkness averaged along the route. Most such sides are a night photo's sensor
noise (the phone's denoiser leaves blotches the averaging takes for a line) or a pen photo's
grain, not a route.

Round eighteen's ``night_lines.settle`` reads such a side empty with certainty when both of the
sheet's kinds are **seen** and the side rises less than the noise of the sheet's empty sides and
far less than the lighter kind's lines; but it counts only the route sides read with certainty,
and a pen sheet's highways are seldom certain (a broad line with no sleeper, "neither clearly a
highway nor a railway": their kind is in doubt, not that they are lines). On 40 dev photos of the
second check (indep2 94,000-94,039) the night sheets 94,002, 94,003, 94,011 had 0-8 certain
highway sides, so their 24-34 noise flags each stood.

Here every side read as a route whose doubt is not its faintness (certain, or in doubt of its kind
only) counts as a line of the player's pens: the same :class:`night_lines.Sheet` measure (the
median rise of the sheet's empty-looking sides is its noise; each kind's lower quartile of rises)
over those sides, with the same rule (``night_lines.SEEN`` sides of each kind, their lower
quartile ``night_lines.CLEAR`` times the noise; a faint side under ``noise_floor.FLOOR`` times the
noise and ``night_lines.SHARE`` of the lighter kind's quartile is empty, certain), on every photo,
by day too. Overexposed spaces (``read._clipped_spaces``) are not judged: there the light, not
the noise, sets what a faint line is.

Measured on the dev photos (main's reader, each side guessed empty for a faint line, its truth):
indep2 94,000-94,039 held 729 such sides, 211 of them routes (light highways: colour pencils,
highlighters), every one on a sheet whose highways are not seen (0-9 counted sides, or their
quartile under CLEAR times the noise) or, 94,022, seen but each such route 12 or more times the
noise. On a sheet with both kinds seen the lightest route rose 0.27 of the lighter kind's quartile
(94,022, an orange pencil's highway) and 12.8 times the noise: the noise bound alone keeps it.
Lost routes as light as the noise (94,016 D5, 0.8-1.1 times it, main's silent space) are all on
sheets whose highways are not seen, where nothing here applies.

**Creases** (:func:`creased`): a fold's crease is one thin straight line through a whole column or
row of the grid, at the same place in every space (indep2 dev 94,014, 94,032, 94,034, 94,039: 0.5-
1 mm wide, 2.1-2.75 mm off the sides' middle, 7-12 sides of its column or row, 11-43 times the
noise; a "fold-in-four" photo). A side flagged for a faint line whose one line is off the middle
(a railway's runs through it), thin, alone in the side (no second line a road's width off, no
highlighter's band: 94,039 A5's highlighter highway under the crease keeps its flag) and at the
same offset on CREASE_SIDES other sides of its column or row is read empty with certainty. A route
drawn light along a column does not look so: a railway's line is at the middle, a highway's two
lines both show.

Together, on indep2 dev 94,000-94,039: spaces read right and flagged "a faint line?" 375 -> 285,
flags a photo 25.79 -> 24.44 (some spaces so settled are flagged instead "a light line lost in the
noise?", ``read._noisy_empty_spaces``: its photo's check fails); two flagged spaces' guesses
changed (94,004 E7 now right, 94,039 D5 wrong either way), no silent space added.

**A night sheet with no lighter pen** (:func:`quiet`, round twenty). On a night photo the two rules
above leave most faint sides flagged where the sheet's highways are few (under ``night_lines.SEEN``
sides: indep2 dev 94,003 counted 11, 94,038 5, their lines 10-18 times the noise) though nothing on
the sheet is light. A pen light enough to lose a route somewhere puts some of its lines between
the ink threshold and the noise, where the reader guesses a route from the faint line (the lost
routes' sheets on the dev night photos, 94,007, 94,013, 94,016, 94,024, 92,015, had 5-26 such
sides). So where no side of a night sheet is guessed a route from a faint line and both kinds are
counted (:func:`_lines`) on QUIET_SIDES sides or more, their lower quartiles ``night_lines.CLEAR``
times the noise, a faint side under QUIET_FLOOR times the noise and QUIET_SHARE of the lighter
kind's quartile is empty, certain (the empty faint sides there rose 0.7-2.1 times the noise,
0.05-0.31 of the quartile, none a route); and ``read._noisy_empty_spaces`` ("a light line lost in
the noise?", whose measure counts the routes of spaces read with certainty only, and so fails on a
pen sheet whose highways are in doubt of their kind) is not asked. On 49 dev night photos of the
second check (indep2 90,127-90,259, 92,001-92,056, 94,002-94,038, 98,056-98,132, 114,012-114,029)
12 sheets were so quiet: flags a photo 32.82 -> 31.41, every guess the same, no silent
space added.

**A few noise routes** (round twenty-one). The night sheets :func:`quiet` left out on 41 night dev
photos of indep2 (121,004-121,143) were mostly pen sheets with one to four sides guessed a route
from a faint line, each of them noise in truth (19 sides on 9 sheets); the sheets with lost routes
had 6-41 such sides (121,042, 121,071, 121,100, 121,110, 121,143), or a kind under
``night_lines.CLEAR`` times the noise (121,023), or counted on few sides (121,052, 121,119: 0-4
highway sides). But dev 75,021 (colour pencils) has two such sides that are a lost highway (B5,
twice the noise), its highways counted on 9 sides. So up to QUIET_FEW such sides leave a sheet
quiet where both kinds are counted on ``night_lines.SEEN`` sides or more (and ``CLEAR`` times the
noise); the routes guessed stay as they are, flagged, and so does ``night_lines.lost``'s flag
beside them. On those 41 photos flags a photo 27.49 -> 26.80, every guess the same, no silent
space added.

**A night sheet quiet by its kinds as finally read** (:func:`kinds_quiet`, :func:`lift`, round
twenty-three). :func:`quiet` counts the kinds as the sides read them, before they are revised; a
pen sheet whose highways read as railways there (one broad line, no sleeper: "neither clearly
...") counts 0-2 highway sides and is never quiet, though every line on it stands 5-20 times the
noise (indep2 dev 205,667: 75 railway sides counted, no highway; 31 empty spaces flagged "a faint
line?" at 0.7-1.7 times the noise, none of them a route). At the end of ``read_rel`` the same rule
is asked of the kinds as finally read; where it holds, a space flagged only for faint sides near
the noise is read with certainty (a die face whose routes meet their own kind or nothing), and
``read._noisy_empty_spaces`` is not asked, as on a :func:`quiet` sheet. Measured on 150 night dev
photos of indep2 (202,706-207,213): 14 sheets so quiet, none with a route lost, 151 right spaces'
flags lifted, no wrong one; on 149 more (202,823-207,218, read after the rule was written) 28
sheets, 447 and none (``docs/railroad-ink-photo-rounds.md``, round twenty-three, h-faint6).

The reader calls :func:`settle` with its per-space side reader; this module never imports it.
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from railprint.games.railroad_ink.board import SIZE, square_at
from railprint.games.railroad_ink.photo.joined_kinds import kind_at
from railprint.games.railroad_ink.photo.night_lines import CLEAR, FAINT, SEEN, Sheet
from railprint.games.railroad_ink.photo.rectified import PX_PER_MM

CREASE_OFF = 1.5       # a crease's line this far off the side's middle or more (a railway's runs through it) ...
CREASE_WIDTH = 1.0     # ... this thin (mm at half its rise) or thinner ...
CREASE_REST = 0.35     # ... the rest of the side under this share of its rise (no second line, no band) ...
CREASE_SAME = 0.3      # ... and at this offset (mm), as thin and half as dark or more, ...
CREASE_SIDES = 6       # ... on this many other sides of its column (north and south sides) or row (east, west)
QUIET_SIDES = 4        # a night sheet with no lighter pen: each kind counted on this many sides or more, ...
QUIET_SHARE = 0.3      # ... a faint side under this share of the lighter kind's quartile (night_lines.SHARE) ...
QUIET_FLOOR = 2.5      # ... and this many times the noise is empty
QUIET_FEW = 4          # round twenty-one: up to this many sides guessed a route from a faint line, where both
                       # kinds are counted on night_lines.SEEN sides or more


def _lines(at: Callable[[int, int], list], side_read: Callable) -> Callable[[int, int], list]:
    """``at`` as :class:`night_lines.Sheet` should count it: a route side whose doubt is not its
    faintness counts as certain (a line of the sheet's pens, whatever its kind)."""
    def counted(r: int, c: int) -> list:
        return [side_read(side.kind, True, "") if side.kind in "hr" and not side.certain and side.why not in FAINT
                else side for side in at(r, c)]
    return counted


def _faint_routes(at: Callable[[int, int], list]) -> int:
    """How many sides of the sheet are guessed a route from a faint line (a line between the ink
    threshold and the noise: a lighter pen's)."""
    return sum(side.kind in "hr" and not side.certain and side.why in FAINT
               for r in range(SIZE) for c in range(SIZE) for side in at(r, c))


def _no_lighter_pen(sheet: Sheet, faint_routes: int) -> bool:
    sides = QUIET_SIDES if faint_routes == 0 else SEEN if faint_routes <= QUIET_FEW else None
    return sheet.noise > 0 and sides is not None and all(
        sheet.count[k] >= sides and sheet.quartile[k] >= CLEAR * sheet.noise for k in "hr")


def sheet_lines(at: Callable[[int, int], list], rise_at: Callable[[int, int, int], float], *,
                side_read: Callable) -> Sheet:
    """The sheet's noise and its two kinds' lines as this module counts them (:func:`_lines`): what
    :func:`quiet` and :func:`settle` judge by, measured once where both are asked."""
    return Sheet(_lines(at, side_read), rise_at)


def quiet(at: Callable[[int, int], list], rise_at: Callable[[int, int, int], float], *, side_read: Callable,
          sheet: Sheet | None = None) -> bool:
    """Whether a night sheet's every line stands clear of the noise or is not there at all (no
    lighter pen): both kinds counted (:func:`_lines`) on QUIET_SIDES sides or more, their lower
    quartiles ``night_lines.CLEAR`` times the noise, and no side of the sheet guessed a route from
    a faint line (a line between the ink threshold and the noise); or up to QUIET_FEW such sides
    where both kinds are counted on ``night_lines.SEEN`` sides or more (round twenty-one).
    ``sheet``: :func:`sheet_lines`, where measured already."""
    return _no_lighter_pen(sheet or sheet_lines(at, rise_at, side_read=side_read), _faint_routes(at))


def settle(at: Callable[[int, int], list], rise_at: Callable[[int, int, int], float], *, side_read: Callable,
           skip: frozenset | set = frozenset(), profile_at: Callable[[int, int, int], np.ndarray] | None = None,
           settled: set | None = None, quiet: bool = False, sheet: Sheet | None = None) -> Callable[[int, int], list]:
    """``at`` with each side guessed empty for a faint line (``night_lines.FAINT``) that the sheet's
    lines (:func:`_lines`) show is quiet, or that is a crease (:func:`creased`, from
    ``profile_at(r, c, s)``: a side's darkness averaged along it), read empty with certainty;
    ``skip``: spaces not judged (the overexposed ones); ``settled``: a set the spaces with a side so
    read are added to; ``sheet``: :func:`sheet_lines`, where measured already (else on the first call)."""
    lines: dict[tuple[int, int, int], tuple] = {}

    def line_at(r: int, c: int, s: int) -> tuple:
        if (r, c, s) not in lines:
            lines[(r, c, s)] = _line(profile_at(r, c, s))
        return lines[(r, c, s)]
    measured: list[Sheet] = []

    def read_at(r: int, c: int) -> list:
        sides = at(r, c)
        if (r, c) in skip or not any(side.kind == "." and not side.certain and side.why in FAINT for side in sides):
            return sides
        if not measured:
            measured.append(sheet or sheet_lines(at, rise_at, side_read=side_read))
        for s, side in enumerate(sides):
            if side.kind == "." and not side.certain and side.why in FAINT and (
                    measured[0].quiet(rise_at(r, c, s)) or quiet and _under_lines(measured[0], rise_at(r, c, s))
                    or profile_at is not None and creased(r, c, s, line_at)):
                sides[s] = side_read(".", True, "")
                if settled is not None:
                    settled.add((r, c))
        return sides
    return read_at


def _under_lines(sheet: Sheet, rise: float) -> bool:
    """Whether a side of this rise is far under the lighter kind's lines and near the noise."""
    return _under(rise, min(sheet.quartile.values()), sheet.noise)


def _under(rise: float, lighter: float, noise: float) -> bool:
    """:func:`_under_lines` from the lighter kind's quartile and the noise."""
    return rise < QUIET_SHARE * lighter and rise < QUIET_FLOOR * noise


def _line(profile: np.ndarray) -> tuple[float, float, float, float]:
    """A side's averaged darkness across it (``profile``): its darkest line's (offset from the
    middle in mm, width at half its rise in mm, rise above the lower fifth, the highest rise of
    the rest of the side, 0.8 mm clear of that line)."""
    h = profile - float(np.percentile(profile, 20))
    k = int(np.argmax(h))
    top = float(h[k])
    half = h >= 0.5 * top
    a = b = k
    while a > 0 and half[a - 1]:
        a -= 1
    while b < len(h) - 1 and half[b + 1]:
        b += 1
    clear = int(round(0.8 * PX_PER_MM))
    rest = np.concatenate([h[:max(0, k - clear)], h[k + clear + 1:]])
    return (k - (len(h) - 1) / 2) / PX_PER_MM, (b - a + 1) / PX_PER_MM, top, float(rest.max(initial=0.0))


def creased(r: int, c: int, s: int, line_at: Callable[[int, int, int], tuple]) -> bool:
    """Whether side ``s`` of space (r, c) holds nothing but one thin straight line that runs on at
    the same place through its column or row (a fold's crease, a ruler's or printed line): off
    the middle, thin, alone in the side, and at the same offset on CREASE_SIDES other sides along
    the line. ``line_at(r, c, s)``: :func:`_line` of a side."""
    off, width, top, rest = line_at(r, c, s)
    if top <= 0 or abs(off) < CREASE_OFF or width > CREASE_WIDTH or rest >= CREASE_REST * top:
        return False
    along = [(i, c, t) for i in range(SIZE) for t in (0, 2)] if s in (0, 2) else \
        [(r, j, t) for j in range(SIZE) for t in (1, 3)]
    same = 0
    for key in along:
        if key == (r, c, s):
            continue
        o, w, t, _ = line_at(*key)
        same += abs(o - off) <= CREASE_SAME and w <= CREASE_WIDTH and t >= 0.5 * top
    return same >= CREASE_SIDES


def kinds_quiet(rows: list, at: Callable[[int, int], list], rise_at: Callable[[int, int, int], float],
                noise: float) -> dict | None:
    """Round twenty-three: whether a night sheet has no lighter pen, its lines counted by their
    kinds as finally read (``rows``; see :func:`lift`): each kind's lower quartile of rises over
    the sheet's lines (a side read as a route whose doubt is not its faintness), where up to
    QUIET_FEW sides are guessed a route from a faint line and both kinds are counted on
    ``night_lines.SEEN`` sides or more, each quartile ``CLEAR`` times ``noise`` (the
    :class:`night_lines.Sheet`'s); else None."""
    if noise <= 0 or _faint_routes(at) > QUIET_FEW:
        return None
    rises: dict[str, list[float]] = {"h": [], "r": []}
    for r in range(SIZE):
        for c in range(SIZE):
            for s, (kind, side) in enumerate(zip(rows[r][c].edges, at(r, c))):
                if kind in rises and side.kind in "hr" and (side.certain or side.why not in FAINT):
                    rises[kind].append(rise_at(r, c, s))
    if any(len(v) < SEEN for v in rises.values()):
        return None
    quartile = {k: float(np.percentile(v, 25)) for k, v in rises.items()}
    return quartile if all(q >= CLEAR * noise for q in quartile.values()) else None


def _joins_as_read(rows: list, r: int, c: int) -> bool:
    """Whether each route side of space (r, c) meets across its edge a side of its own kind or an
    empty one (at the board's edge: an exit of its kind, or none)."""
    for s, kind in enumerate(rows[r][c].edges):
        met = kind_at(rows, r, c, s) if kind in "hr" else None
        if met is not None and met[0] != kind and (met[1] or met[0] != "."):
            return False
    return True


def lift(rows: list, uncertain: list, at: Callable[[int, int], list], rise_at: Callable[[int, int, int], float], *,
         noise: float, quartile: dict, faces: Callable[[], tuple], skip: frozenset | set = frozenset(),
         settled: set | None = None) -> list:
    """``uncertain`` without the flags of a night sheet's spaces doubted only for faint sides that
    the sheet's lines, counted by their kinds as finally read, show are noise (round twenty-three).

    :func:`quiet` counts the kinds as the sides read them, before the kinds are revised; on a pen
    sheet whose highways read as railways at that stage (one broad line, no sleeper: "neither
    clearly ...") the highways are counted on 0-2 sides and the sheet is never quiet, though every
    line on it stands 5-20 times the noise. Here the same rule is asked of the kinds as finally
    read (:func:`kinds_quiet`, its ``quartile``; ``noise``: the :class:`night_lines.Sheet`'s).
    Where so (and ``read._noisy_empty_spaces`` is not asked, as on a :func:`quiet` sheet), a space
    flagged only for faint sides (``night_lines.FAINT``) each guessed empty and under QUIET_FLOOR
    times the noise and QUIET_SHARE of the lighter kind's quartile (:func:`_under`) is read with
    certainty, when
    its reading is a die face (``faces()``) and each of its route sides meets its own kind or
    nothing across the edge (a kind misread elsewhere in the space stays flagged: indep2 204,095
    E6, ``r..r`` read ``h..h`` beside E5's railway, was flagged only for a faint side). ``skip``:
    spaces not judged (the overexposed ones); ``settled``: a set the spaces so read are added to.
    Measured on 150 night photos of the second check (indep2 202,706-207,213, main's reader): 14
    sheets so quiet, none with a route lost, 151 right spaces' flags lifted (with the "lost in the
    noise" flags), no wrong one."""
    drawable = set(faces())
    lighter = min(quartile.values())
    out = []
    for u in uncertain:
        r, c = square_at(u.square)
        parts = u.reason.split("; ")
        sides = at(r, c)
        if (r, c) in skip or rows[r][c] not in drawable or not _joins_as_read(rows, r, c) \
                or not all(_noise_part(p, rows[r][c], sides, rise_at, r, c, noise, lighter) for p in parts):
            out.append(u)
        elif settled is not None:
            settled.add((r, c))
    return out


def _noise_part(part: str, cell, sides: list, rise_at: Callable[[int, int, int], float], r: int, c: int,
                noise: float, lighter: float) -> bool:
    """Whether one part of a flag's reason ("N: a faint line?") names a side guessed empty for a
    faint line whose rise is far under the sheet's lines and near the noise."""
    name, _, why = part.partition(": ")
    if len(name) != 1 or name not in "NESW" or why not in FAINT:
        return False
    s = "NESW".index(name)
    return cell.edges[s] == "." and sides[s].kind == "." and not sides[s].certain \
        and _under(rise_at(r, c, s), lighter, noise)
