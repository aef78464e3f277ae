"""Issue 13: the pure route layout — at least 1 mm between any two route spaces on both maps,
spaces sized for the plastic cars, chains that reach their cities (also with `via` bend
points), no city name over a space."""

from __future__ import annotations

import math

import pytest

from railprint.games.ticket_to_ride.board import board_geometry
from railprint.games.ticket_to_ride.maps import load_map
from railprint.games.ticket_to_ride.route_layout import (CAR_SPACE, CLEARANCE, Car, car_polygon, clearance,
                                                         close_pairs, dims, layout_routes, polygon_clearance)
from railprint.records import replace
from railprint.units import mm, to_mm
from tests.helpers import ttr_map

MAPS = ("nordic", "italy")


@pytest.fixture(scope="module", params=(*MAPS, "generated"))
def board(request):
    m = ttr_map(request.param)   # the shipped maps and a generated 100-route one
    return m, board_geometry(m)


def test_clearance_is_exact():
    a = Car(0, 0, 0, 20, 8, "a", 0)
    assert clearance(a, Car(25, 0, 0, 20, 8, "b", 0)) == pytest.approx(5)       # end to end
    assert clearance(a, Car(0, 11, 0, 20, 8, "b", 0)) == pytest.approx(3)       # side by side
    assert clearance(a, Car(0, 6, 0, 20, 8, "b", 0)) == pytest.approx(-2)       # overlapping
    corner = clearance(a, Car(23, 7, 45, 2 * math.sqrt(2), 2 * math.sqrt(2), "b", 0))
    assert corner == pytest.approx(math.hypot(3 - 1, 3 - 1) - 0, abs=1e-9) or corner > 0
    # the fast bound never hides a close pair
    far = Car(40, 30, 30, 20, 8, "b", 0)
    assert clearance(a, far, 1.0) >= 1.0 and clearance(a, far) == pytest.approx(
        polygon_clearance(car_polygon(a), car_polygon(far)))


def test_spaces_are_sized_for_the_cars_and_at_least_1mm_apart(board):
    m, geo = board
    u = geo.unit / mm(1)
    for chain in geo.cars.values():
        for car in chain:
            assert to_mm(car.length) / u == pytest.approx(CAR_SPACE[0])
            assert to_mm(car.width) / u == pytest.approx(CAR_SPACE[1])
    # any two spaces: of different routes (parallels included) and neighbours in a chain
    close = close_pairs(geo.cars, mm(CLEARANCE) * u - 1e-6)
    assert close == [], [(round(to_mm(d), 2), a.route, a.index, b.route, b.index) for d, a, b in close[:5]]
    for chain in geo.cars.values():   # a car ~22 mm long fits each space with room to spare
        for a, b in zip(chain, chain[1:]):
            assert to_mm(math.dist((a.x, a.y), (b.x, b.y))) / u >= CAR_SPACE[0] + CLEARANCE - 0.01


def test_no_city_name_covers_a_space(board):
    m, geo = board
    for cid, label in {**geo.labels, **geo.area_labels}.items():
        x0, y0, x1, y1 = label.box
        box = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
        for chain in geo.cars.values():
            for car in chain:
                assert polygon_clearance(box, car_polygon(car)) >= 0, (cid, car.route)


def _end_gaps(chain, nodes, ends, g):
    """How far the first and the last space stop short of their city markers (points)."""
    out = []
    for car in (chain[0], chain[-1]):
        d = min(math.dist(nodes[n], (car.x, car.y)) for n in ends)
        out.append(d - car.length / 2 - g.city_r)
    return out


def test_chains_reach_their_cities(board):
    m, geo = board
    g = dims(geo.unit)
    for route in m.routes:
        gaps = _end_gaps(geo.cars[route.id], geo.nodes, (route.a, route.b), g)
        # spaces keep their spacing (a long line bulges instead), so a chain may leave some track
        # bare at its ends, never more than about one and a half spaces
        assert max(gaps) <= 34 * geo.unit, (route.id, [round(to_mm(x), 1) for x in gaps])


def test_via_bend_points_still_reach_the_cities():
    """A route drawn through a `via` point far off the straight line reaches its cities as well
    as it does drawn straight (issue 12: it used to stop well short), and follows the bend."""
    m = load_map("nordic")
    geo = board_geometry(m)
    route = next(r for r in m.routes if len(m.parallel_groups[r.pair]) == 1 and r.length >= 4
                 and r.a in m.city and r.b in m.city)
    a, b = m.city[route.a], m.city[route.b]
    mid = ((a.at[0] + b.at[0]) / 2 + 0.15, (a.at[1] + b.at[1]) / 2 - 0.1)
    bent = replace(m, routes=tuple(replace(r, via=(mid,)) if r.id == route.id else r for r in m.routes))
    frame = geo.frame

    def place(at):
        return (frame.x + at[0] * frame.w, frame.y + at[1] * frame.h)

    g = dims(geo.unit)
    inner = (geo.inner.x, geo.inner.y, geo.inner.x + geo.inner.w, geo.inner.y + geo.inner.h)
    straight = layout_routes(m, geo.nodes, g, inner, place).cars[route.id]
    chain = layout_routes(bent, geo.nodes, g, inner, place).cars[route.id]
    assert len(chain) == route.length
    ends = (route.a, route.b)
    assert max(_end_gaps(chain, geo.nodes, ends, g)) <= g.end_gap + 0.01   # from city to city
    assert max(_end_gaps(straight, geo.nodes, ends, g)) >= 0
    pa, pb = geo.nodes[route.a], geo.nodes[route.b]
    mx, my = chain[len(chain) // 2].x, chain[len(chain) // 2].y
    off = abs((pb[0] - pa[0]) * (my - pa[1]) - (pb[1] - pa[1]) * (mx - pa[0])) / math.dist(pa, pb)
    assert off > 15 * geo.unit   # it follows the bend
