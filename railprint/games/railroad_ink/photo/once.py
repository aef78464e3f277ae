"""Each space's sides read once (issue 35, round sixteen: CPU).

``read.read_rel`` reads every space's four sides (``read.read_sides``: the strips' ink runs, the
two-line look, the averaged darkness; 2-3 ms a space at 12 MP), and then the revisions after it
(``one_line``, ``bare_rail``, ``colour``, the station habit, an expansion's marks) ask for the
sides of the spaces they look at again, with the same arguments: up to 45 more reads a photo,
0.1 s of a 0.77 s photo. The sides of a space depend only on the space and the arrays the read
started with, which nothing changes while it runs, so the first read is kept and handed out again.

Each caller gets a list of its own (a copy of the kept one): a caller that replaces a side in the
list it got (``sides[s] = ...``) changes no other caller's. The ``SideRead`` items are shared;
no caller changes one (each makes a new one).
"""

from __future__ import annotations

from typing import Callable, TypeVar

T = TypeVar("T")


def per_space(read: Callable[[int, int], list[T]]) -> Callable[[int, int], list[T]]:
    """``read(r, c)``, called once per space; each call returns a new list of the same items."""
    known: dict[tuple[int, int], list[T]] = {}

    def at(r: int, c: int) -> list[T]:
        if (r, c) not in known:
            known[(r, c)] = read(r, c)
        return list(known[(r, c)])
    return at
