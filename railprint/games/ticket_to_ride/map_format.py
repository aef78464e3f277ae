"""A Ticket to Ride map file's format: its name, the bounds that keep a map printable in
seconds, the patterns of ids and colours, and the shorthands a map may write. Both checks of a
map file read them — :mod:`.maps`' light check and :mod:`.map_spec`'s pydantic models — so
neither imports the other for them.
"""

from __future__ import annotations

import re
from typing import Any

FORMAT = "railprint-ttr-map/1"
# Bounds that keep a map printable in seconds (docs/hostile-input.md): the shipped maps have at
# most 39 cities, 128 routes, a route of 9 spaces and three routes between one pair of cities.
MAX_CITIES, MAX_ROUTES, MAX_ROUTE_LENGTH, MAX_PARALLEL, MAX_VIA = 100, 200, 12, 3, 8
MAX_TICKETS = 5_000   # a ticket deck is printed: as many as one content file's components (deck.MAX_COMPONENTS)

HEX = r"^#[0-9a-fA-F]{6}$"
ID = r"^[a-z0-9][a-z0-9_.-]*$"


def none_word(value: Any) -> Any:
    """``none`` / ``no`` / ``false`` written for an absent bonus -> None."""
    if value is False or (isinstance(value, str) and value.strip().lower() in {"none", "no", "off"}):
        return None
    return value


_DEAL_TEXT = re.compile(r"^\s*(\d+)\s*(long|regular)\s*\+\s*(\d+)\s*(long|regular)\s*$", re.IGNORECASE)


def deal_text(value: Any) -> Any:
    """``"1 long + 3 regular"`` (either order) -> ``{long: 1, regular: 3}``."""
    if isinstance(value, str):
        found = _DEAL_TEXT.match(value)
        if found and found.group(2).lower() != found.group(4).lower():
            return {found.group(2).lower(): int(found.group(1)), found.group(4).lower(): int(found.group(3))}
    return value
