"""What the rules allow a whole sheet to hold, checked against the reading (issue 35, round sixteen).

Each space is read on its own ink; the rules also bound the sheet as a whole. Two bounds are
checked here once every space is read, and where the ink and the rules disagree the spaces
concerned are flagged (nothing here makes a space certain; the guesses are left as read):

- **Every space is a die face or a special route** (turned or mirrored), or empty. A space with a
  highway and a railway joined needs a station; the only join-free mix is the straight overpass.
  ``read_space`` checks this for what it reads; the steps after it (the sheet's habits, the
  colours, a route's kind revised) change readings, and a reading certain at the end that no die
  draws is flagged (``NOT_A_FACE``) however it came about.
- **The six special routes** (``hhhh``, ``rrrr``, ``hhhrs``, ``hrrrs``, ``hhrrs``, ``hrhrs``) are
  each drawn at most once a game and three in all (the rulebook; ``shared/reference/railroad-ink.md``).
  A misread route's kind turns a die face into a special one: an overpass whose highway is read
  as a railway reads as the four-way railway ``rrrr``, with every side certain (the held-out
  photos' silent misreads of round fifteen: indep2 200,041, indep 100,597). A sheet read with one
  special route twice, or with more than three, holds a misread one: which, the ink did not tell,
  so every special route read certain on it is flagged (``TWICE`` / ``TOO_MANY``).
"""

from __future__ import annotations

from collections import Counter
from typing import Callable

SPECIALS = ("hhhh", "rrrr", "hhhrs", "hrrrs", "hhrrs", "hrhrs")
MOST = 3   # special routes a game: at most three, each once
TWICE = "a special route read twice (each is drawn once a game): one is misread"
TOO_MANY = "more than three special routes read (three a game): one is misread"


def _turns(token: str) -> set[str]:
    """``token`` (edges N E S W, then its marker) turned and mirrored."""
    edges, marker = token[:4], token[4:]
    out = set()
    for e in (edges, edges[0] + edges[3] + edges[2] + edges[1]):   # mirrored east-west
        for k in range(4):
            out.add("".join(e[(i - k) % 4] for i in range(4)) + marker)
    return out


_SPECIAL_OF = {t: base for base in SPECIALS for t in _turns(base)}


def special(token: str) -> str | None:
    """Which special route ``token`` is (its base form), or None."""
    return _SPECIAL_OF.get(token)


def revise(rows: list, uncertain: list, *, square: Callable[[int, int], str], uncertain_of: Callable,
           faces: Callable[[], tuple]) -> list:
    """``uncertain`` with each space read certain that breaks the sheet's rules flagged (its reading
    the guess): a reading no die face or special route draws (``faces()``: every drawable cell), a
    special route on a sheet read with that special twice or with more than ``MOST``."""
    flagged = {u.square for u in uncertain}
    out = list(uncertain)
    drawable = set(faces())
    found = {}
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            if cell.marker in ("v", "x") or set(cell.edges) & {"l"}:
                continue   # the expansions' own spaces: not this check's
            name = special(cell.token)
            if name:
                found[(r, c)] = name
            if square(r, c) not in flagged and cell not in drawable:
                out.append(uncertain_of(square(r, c), cell.token, NOT_A_FACE))
                flagged.add(square(r, c))
    count = Counter(found.values())
    too_many = len(found) > MOST
    for (r, c), name in sorted(found.items()):
        if square(r, c) in flagged:
            continue
        if count[name] > 1:
            out.append(uncertain_of(square(r, c), rows[r][c].token, TWICE))
        elif too_many:
            out.append(uncertain_of(square(r, c), rows[r][c].token, TOO_MANY))
        else:
            continue
        flagged.add(square(r, c))
    return out


NOT_A_FACE = "no die face draws this space"
