"""The built-in maps hold, entry by entry, the routes, tickets and regions of the reference data.

The counts test (test_ttr_maps.py) compares sums, which two swapped values keep; a score is
only right if every route's length (its points), every ticket's value and every city's region
(Italy's bonus) is. ``tests/data/ticket_to_ride/reference-maps.txt`` was generated from
``shared/reference/ttr-nordic.yaml`` and ``ttr-italy.yaml``, not from ``content/``.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from railprint.games.ticket_to_ride import load_map

REFERENCE = Path(__file__).resolve().parents[2] / "data" / "ticket_to_ride" / "reference-maps.txt"


def _reference(name: str) -> Counter:
    rows = Counter()
    for line in REFERENCE.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#") and line.split()[0] == name:
            rows[line] += 1
    return rows


def _ours(name: str) -> Counter:
    m = load_map(name)
    rows = Counter()
    for r in m.routes:
        a, b = sorted([m.place_of(r.a), m.place_of(r.b)])
        ferry = r.waves or r.locomotives
        rows[f"{name} route {a} {b} {r.length} {r.colour} {ferry} {'tunnel' if r.tunnel else '-'}"] += 1
    for t in m.tickets:
        a, b = sorted([t.a, t.b])
        rows[f"{name} ticket {a} {b} {t.points}"] += 1
    if m.region_bonus is not None:
        for c in m.cities:
            rows[f"{name} region {c.id} {c.region}"] += 1
    return rows


@pytest.mark.parametrize("name", ["nordic", "italy"])
def test_every_route_ticket_and_region_is_the_references(name):
    ours, theirs = _ours(name), _reference(name)
    assert sum(theirs.values()) > 100
    assert sorted((ours - theirs).elements()) == [], "in the built-in map but not in the reference"
    assert sorted((theirs - ours).elements()) == [], "in the reference but not in the built-in map"


def test_the_special_regions_are_the_rulebooks():
    """The Italy rulebook names three special regions; the reference lists their cities."""
    m = load_map("italy")
    assert sorted(m.cities_of_region("sardegna")) == ["cagliari", "olbia", "sassari"]
    assert sorted(m.cities_of_region("puglia")) == ["bari", "foggia", "lecce", "taranto"]
    assert sorted(m.cities_of_region("sicilia")) == ["agrigento", "catania", "messina", "palermo", "siracusa"]
    assert sorted(r.id for r in m.regions if r.counts_double) == ["puglia", "sardegna", "sicilia"]
