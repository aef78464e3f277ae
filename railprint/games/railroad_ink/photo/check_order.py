"""Which uncertain space a player should look at first (issue 35, the phone page).

Every uncertain space is a tap on the phone page; most of them (four in five on the dev photos) are
read right. The reason a space is flagged says how often such a guess was wrong: on the dev photos
below, a space flagged "the paper is overexposed here" was read right on 96 % of its flags (on all
279 where it was the only reason), one flagged "highway and railway meet without a station" was
wrong a third of the time. :data:`WRONG_SHARE` holds, for each reason's phrase, the share of the
flagged spaces it named that were read wrong (measured on dev photos only, read by the merged
reader); a space's :func:`likely_wrong` is the largest share among its phrases (the phrases of one
space are not independent: the largest is what the data shows, their product would overstate it).
A phrase the table does not know counts as :data:`UNKNOWN` (likely wrong: a new reason is not yet
known to be safe). With :data:`LIKELY` 0.3 those dev photos showed 7.6 red spaces a photo of 19.8
flagged, holding 72 % of the flagged spaces read wrong (468 of 654).

This only orders and highlights: every uncertain space stays uncertain, and the phone page asks
the player to confirm all of them (one tap keeps those left, once the likeliest wrong were looked
at). Nothing here makes a space certain.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:   # (read.py needs cv2; this module only orders its list)
    from railprint.games.railroad_ink.photo.read import Uncertain

LIKELY = 0.3
"""A space whose :func:`likely_wrong` is this or more is shown as likeliest wrong (red)."""
UNKNOWN = 0.5
"""The share a phrase not in :data:`WRONG_SHARE` counts as."""

# phrase (side letter dropped, numbers as {n}) -> share of its flagged spaces read wrong,
# (wrong + 1) / (flagged + 2), on 164 dev photos read by main 188b3e8's reader: indep_photos.py
# 30-97, indep2_photos.py 230-285, synth.py 830,000-039 (round sixteen); phrases flagged on fewer
# than 10 spaces there are left out (UNKNOWN). "# w of n": the wrong and flagged spaces.
WRONG_SHARE: dict[str, float] = {
    'neither clearly a highway nor a railway': 0.28,   # 322 of 1171
    'highway and railway meet without a station': 0.33,   # 186 of 567
    'the printed grid is not where the corner marks put it (its lines were not found there)': 0.09,   # 46 of 539
    'the paper is overexposed here (white clipped): a light line may be lost': 0.04,   # 21 of 525
    'a faint line?': 0.29,   # 121 of 419
    "a solid band: a highway's two lines run together?": 0.46,   # 128 of 279
    'one broad line with no sleeper standing out: a highway drawn as one line?': 0.42,   # 110 of 261
    'centre: a station?': 0.21,   # 51 of 240
    'a station needs a highway and a railway': 0.48,   # 103 of 216
    'a few marks': 0.31,   # 61 of 201
    "centre: a mark like this sheet's stations": 0.31,   # 26 of 85
    'two lines with a dashed middle or nothing between them: a highway?': 0.14,   # 10 of 78
    "one line with no sleeper, where this sheet's railways show theirs: a highway drawn as one line?": 0.06,   # 3 of 70
    "one line, like a railway's?": 0.09,   # 4 of 56
    "a faint line? (darker in the middle than this photo's empty spaces)": 0.03,   # 0 of 38
    'a faint line? (within the noise measured along it)': 0.51,   # 18 of 35
    'a small photo (the grid is {n} px wide; {n} or more reads with certainty)': 0.03,   # 0 of 32
    'two lines with rungs across them: a railway drawn as a ladder?': 0.29,   # 8 of 29
    "the printed grid's lines are not seen here (something over the sheet, or out of the photo)": 0.23,   # 6 of 28
    "two lines, like a highway's?": 0.29,   # 7 of 26
    'a trace of a line in the overexposed paper': 0.38,   # 7 of 19
    'a light line lost in the noise? (a dark, noisy photo: its drawn lines barely stand out of the noise, so an empty space is not certain)': 0.05,   # 0 of 19
    "a railway's only sleepers beside a mark in the centre: a station's outline?": 0.40,   # 5 of 13
    'the grid was warped up to {n} mm onto its lines': 0.08,   # 0 of 10
    # round eighteen (photo/night_lines.py), its own dev photos: the 60 night photos of indep2 75,008-75,262
    # and synth.py's low light 935,000-019, read by the h-night3 branch
    'a route lost in the dark? (a light line runs up to this side from the space beside it)': 0.12,   # 6 of 55
    "a route lost in the dark? (this sheet's highways are not seen with certainty, and this side meets a "
    "printed highway exit)": 0.21,   # 4 of 22
    "a route lost in the dark? (this sheet's railways are not seen with certainty, and this side meets a "
    "printed railway exit)": 0.07,   # 0 of 12
    # round twenty (photo/exit_kinds.py): replayed on round nineteen's readings of 477 dev photos
    # (indep2 92,000-059, 94,000-039, 202,820-939, night 203,700-849; indep3 9,000-059, 14,000-039,
    # 300,360-419; indep 92,000-059); its railway twin fired on 3 sheets, no space flagged there: as this
    "read as a railway, as most routes at this sheet's highway exits are: a highway?": 0.10,   # 5 of 56
    "read as a highway, as most routes at this sheet's railway exits are: a railway?": 0.10,
    # round twenty-three (photo/night_pens.py): the 521 dev night photos of its survey, read by main 613e5a0
    # (its other two phrases were flagged on fewer than 10 spaces there: UNKNOWN)
    "a route lost in the dark? (this sheet's sides read empty show a pen's colour that none of its routes is "
    "read in)": 0.17,   # 13 of 80
}

_SIDE = re.compile(r"^([NESW]): ")
_NUMBER = re.compile(r"\d+(?:\.\d+)?")


def _joined() -> re.Pattern:
    """The reader's phrases that hold "; " themselves ("a small photo (the grid is … wide; … or
    more reads with certainty)"), as one pattern: not split there."""
    from railprint.games.railroad_ink.photo.words import PHRASES

    held = sorted((e for e, _ in PHRASES if "; " in e), key=len, reverse=True)
    return re.compile("|".join(re.escape(e).replace(re.escape("{n}"), _NUMBER.pattern) for e in held))


_JOINED = _joined()
_KEEP = "\x00"


def phrases(reason: str) -> list[str]:
    """The reason's phrases (split at "; "), each without its side letter, numbers as ``{n}``."""
    out = []
    reason = _JOINED.sub(lambda m: m.group(0).replace("; ", _KEEP), reason)
    for part in (p.replace(_KEEP, "; ") for p in reason.split("; ")):
        part = _NUMBER.sub("{n}", _SIDE.sub("", part.strip()))
        if part and part not in out:
            out.append(part)
    return out


def sides(reason: str) -> str:
    """The sides the reason doubts, in N E S W order (``"N: …; S: …"`` -> ``"NS"``)."""
    named = {m.group(1) for part in reason.split("; ") if (m := _SIDE.match(part.strip()))}
    return "".join(side for side in "NESW" if side in named)


def likely_wrong(reason: str) -> float:
    """How often a space flagged for ``reason`` was read wrong (the largest of its phrases')."""
    return max((WRONG_SHARE.get(p, UNKNOWN) for p in phrases(reason)), default=UNKNOWN)


def in_order(uncertain: list["Uncertain"]) -> list[tuple["Uncertain", float]]:
    """The uncertain spaces, likeliest wrong first (ties: the board's order, A1 first), each with
    its :func:`likely_wrong`."""
    rated = [(u, likely_wrong(u.reason)) for u in uncertain]
    return [pair for _, pair in sorted(enumerate(rated), key=lambda ip: (-ip[1][1], ip[0]))]
