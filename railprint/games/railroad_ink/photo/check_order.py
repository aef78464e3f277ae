"""Which uncertain space a player should look at first (issue 35, the phone page).

Every uncertain space is a tap on the phone page; about half of them are read right. The reason a
space is flagged says how often such a guess was wrong: on the independent generators' dev photos
(round sixteen, ``docs/railroad-ink-photo-rounds.md``) a space whose only reason was "the paper is
overexposed here" was right on 98 % of its flags, one with "highway and railway meet without a
station" far less often. :data:`WRONG_SHARE` holds, for each reason's phrase, the share of the
flagged spaces it named that were read wrong (measured on dev photos only, read by the merged
reader); a space's :func:`likely_wrong` is the largest share among its phrases (the phrases of one
space are not independent: the largest is what the data shows, their product would overstate it).
A phrase the table does not know counts as :data:`UNKNOWN` (likely wrong: a new reason is not yet
known to be safe).

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

# phrase (side letter dropped, numbers as {n}) -> share of its flagged spaces read wrong on dev
# photos (indep 30-199, indep2 230-399, synth dev 830,000-; round sixteen)
WRONG_SHARE: dict[str, float] = {
    'neither clearly a highway nor a railway': 0.28,   # 133 of 474
    'the printed grid is not where the corner marks put it (its lines were not found there)': 0.09,   # 21 of 245
    'highway and railway meet without a station': 0.34,   # 73 of 215
    'the paper is overexposed here (white clipped): a light line may be lost': 0.06,   # 10 of 195
    'a faint line?': 0.22,   # 31 of 145
    "a solid band: a highway's two lines run together?": 0.59,   # 62 of 105
    'one broad line with no sleeper standing out: a highway drawn as one line?': 0.52,   # 52 of 100
    'centre: a station?': 0.23,   # 18 of 80
    'a station needs a highway and a railway': 0.65,   # 51 of 78
    'a few marks': 0.36,   # 25 of 70
    "centre: a mark like this sheet's stations": 0.42,   # 12 of 29
    "one line, like a railway's?": 0.06,   # 1 of 29
    'two lines with a dashed middle or nothing between them: a highway?': 0.08,   # 1 of 23
    'two lines with rungs across them: a railway drawn as a ladder?': 0.32,   # 6 of 20
    "a faint line? (darker in the middle than this photo's empty spaces)": 0.05,   # 0 of 17
    'a faint line? (within the noise measured along it)': 0.33,   # 5 of 16
    "one line with no sleeper, where this sheet's railways show theirs: a highway drawn as one line?": 0.19,   # 2 of 14
    "the printed grid's lines are not seen here (something over the sheet, or out of the photo)": 0.23,   # 2 of 11
    'a light line lost in the noise? (a dark, noisy photo: its drawn lines barely stand out of the noise, so an empty space is not certain)': 0.08,   # 0 of 11
    "two lines, like a highway's?": 0.25,   # 2 of 10
}

_SIDE = re.compile(r"^([NESW]): ")
_NUMBER = re.compile(r"\d+(?:\.\d+)?")


def phrases(reason: str) -> list[str]:
    """The reason's phrases (split at "; "), each without its side letter, numbers as ``{n}``."""
    out = []
    for part in reason.split("; "):
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
