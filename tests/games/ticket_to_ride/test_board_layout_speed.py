"""Issue 17 ("fast from cold") and issue 16 item 6: the board layout needs no cache. It is
computed on every run — nothing is read from or written to a cache folder — and its fast
paths (the table scan, the free edge spot, the crosshairs' clear test) find what the exhaustive
ones find."""

from __future__ import annotations

import math
import random

from railprint.games.ticket_to_ride import board as ttr_board
from railprint.games.ticket_to_ride import route_layout
from railprint.games.ticket_to_ride.board import MapClear, _emptiest, _free_edge, build_board_overview
from railprint.games.ticket_to_ride.route_layout import car_polygon, polygon_clearance
from railprint.games.ticket_to_ride.maps import load_map
from railprint.writers import render


def test_no_layout_cache_is_read_or_written(tmp_path, monkeypatch):
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CACHE_HOME", str(home / ".cache"))
    monkeypatch.setenv("RAILPRINT_CACHE_DIR", str(tmp_path / "planted"))
    (tmp_path / "planted").mkdir()
    m = load_map("nordic")
    ttr_board._GEOMETRY_CACHE.clear()
    first = render(build_board_overview(m), "pdf")[0]
    ttr_board._GEOMETRY_CACHE.clear()
    assert render(build_board_overview(m), "pdf")[0] == first   # deterministic without any cache
    assert list(home.rglob("*")) == [] and list((tmp_path / "planted").rglob("*")) == []


def _exhaustive(grid, rows, cols, bh, bw):
    """The original scan: every position, row by row, the first best kept."""
    sat = [[0.0] * (cols + 1) for _ in range(rows + 1)]
    for i in range(rows):
        acc = 0.0
        for j in range(cols):
            acc += grid[i][j]
            sat[i + 1][j + 1] = sat[i][j + 1] + acc

    def area(i0, j0, i1, j1):
        i0, j0, i1, j1 = max(0, i0), max(0, j0), min(rows, i1), min(cols, j1)
        return sat[i1][j1] - sat[i0][j1] - sat[i1][j0] + sat[i0][j0]

    best = None
    for i in range(rows - bh + 1):
        for j in range(cols - bw + 1):
            cost = area(i, j, i + bh, j + bw) + 0.03 * area(i - 8, j - 8, i + bh + 8, j + bw + 8)
            cost += min(i, j, rows - bh - i, cols - bw - j) * 0.04
            if best is None or cost < best[0] - 1e-9:
                best = (cost, i, j)
    return best[1], best[2]


def test_table_scan_is_exact():
    rnd = random.Random(7)
    for trial in range(40):
        rows, cols = rnd.randint(12, 60), rnd.randint(12, 60)
        grid = [[0.0] * cols for _ in range(rows)]
        for _ in range(rnd.randint(0, 40)):   # cities, chains, names: blobs of weight
            i, j, h, w = rnd.randrange(rows), rnd.randrange(cols), rnd.randint(1, 8), rnd.randint(1, 8)
            weight = rnd.choice((3.0, 6.0, 8.0, 10.0, 30.0))
            for a in range(i, min(rows, i + h)):
                for b in range(j, min(cols, j + w)):
                    grid[a][b] = max(grid[a][b], weight)
        bh, bw = rnd.randint(2, rows), rnd.randint(2, cols)
        assert _emptiest(grid, rows, cols, bh, bw) == _exhaustive(grid, rows, cols, bh, bw), trial


def test_free_edge_spot_is_what_the_scan_finds():
    """Where some position costs nothing (nothing under the table or around it, on the edge), the
    edge-strip look-up finds the scan's choice without pricing the rest; where none does, it says
    so. Sparse grids (most boards) and crowded ones (the scan's fall-back)."""
    rnd = random.Random(11)
    found = 0
    for trial in range(120):
        rows, cols = rnd.randint(3, 70), rnd.randint(3, 70)
        grid = [[0.0] * cols for _ in range(rows)]
        for _ in range(rnd.randint(0, 12)):
            i, j, h, w = rnd.randrange(rows), rnd.randrange(cols), rnd.randint(1, 6), rnd.randint(1, 6)
            weight = rnd.choice((6.0, 8.0, 10.0, 30.0))
            for a in range(i, min(rows, i + h)):
                for b in range(j, min(cols, j + w)):
                    grid[a][b] = max(grid[a][b], weight)
        bh, bw = rnd.randint(1, rows), rnd.randint(1, cols)
        spot = _free_edge(grid, rows, cols, bh, bw)
        expected = _exhaustive(grid, rows, cols, bh, bw)
        if spot is None:
            i, j = expected
            assert any(grid[a][b] for a in range(max(0, i - 8), min(rows, i + bh + 8))
                       for b in range(max(0, j - 8), min(cols, j + bw + 8))) or min(i, j, rows - bh - i, cols - bw - j), trial
        else:
            found += 1
            assert spot == expected, trial
    assert 20 < found < 110   # both ways were tried


def _clear_every_space(geo, x, y, r):
    """map_is_clear as it was: every city, name, table and space tested, the polygons' exact distance."""
    disc = [(x + r * math.cos(k * math.pi / 8), y + r * math.sin(k * math.pi / 8)) for k in range(16)]
    if any(math.hypot(nx - x, ny - y) < r + geo.city_radius + geo.unit for nx, ny in geo.nodes.values()):
        return False
    boxes = [label.box for label in (*geo.labels.values(), *geo.area_labels.values())]
    boxes += [(b.x, b.y, b.x + b.w, b.y + b.h) for b in geo.boxes.values()]
    if any(x0 - r < x < x1 + r and y0 - r < y < y1 + r for x0, y0, x1, y1 in boxes):
        return False
    return not any(math.hypot(car.x - x, car.y - y) < r + car.length
                   and polygon_clearance(disc, car_polygon(car)) < geo.unit
                   for chain in geo.cars.values() for car in chain)


def test_map_clear_finds_what_testing_every_space_finds():
    """The crosshairs' test through a grid of spaces, settling most spaces by the centre's
    distance, answers as the test of every space by the exact polygon distance: anywhere on the
    board, and close around spaces (where the borderline cases are)."""
    geo = ttr_board.board_geometry(load_map("nordic"))
    clear = MapClear(geo)
    cars = [car for chain in geo.cars.values() for car in chain]
    rnd = random.Random(5)
    answers = []
    for k in range(3000):
        r = rnd.uniform(2, 40)
        if k % 2:
            car = rnd.choice(cars)
            x, y = car.x + rnd.uniform(-1, 1) * (r + 30), car.y + rnd.uniform(-1, 1) * (r + 30)
        else:
            x, y = rnd.uniform(0, geo.width), rnd.uniform(0, geo.height)
        answers.append(clear(x, y, r))
        assert answers[-1] == _clear_every_space(geo, x, y, r), (x, y, r)
    assert 500 < sum(answers) < 2500


def test_tables_land_where_the_full_scan_puts_them(monkeypatch):
    """The shipped boards' tables all find a free edge spot; priced by the full scan instead (a
    summed-area table made when first needed, then remade from each placed table's row down)
    every table lands on the same spot."""
    m = load_map("nordic")
    ttr_board._GEOMETRY_CACHE.clear()
    quick = ttr_board.board_geometry(m).boxes
    scans = []
    monkeypatch.setattr(ttr_board, "_free_edge", lambda *args: scans.append(args) and None)
    ttr_board._GEOMETRY_CACHE.clear()
    assert ttr_board.board_geometry(m).boxes == quick
    assert len(scans) == len(quick) == 3
    ttr_board._GEOMETRY_CACHE.clear()


# --- the route search's fast paths (issue 17, round three) ------------------------------------

def _overlap_every_pair(search, shape, exact):
    """The search's overlap of a whole shape as it was measured before the spines' side test:
    every placed space within reach, circle by circle (the same terms in the same order)."""
    cost = 0.0
    touch = 2 * search.radius + search.want
    for car, covers, *_ in search.covered(shape):
        gx, gy = int(car.x // search.reach), int(car.y // search.reach)
        for key in [(nx, ny) for nx in (gx - 1, gx, gx + 1) for ny in (gy - 1, gy, gy + 1)]:
            for ox, oy, (other_covers, other, *_) in search.placed.get(key, ()):
                if (ox - car.x) ** 2 + (oy - car.y) ** 2 >= search.reach * search.reach:
                    continue
                near = False
                for px, py in covers:
                    for qx, qy in other_covers:
                        d = touch - math.hypot(px - qx, py - qy)
                        if d > 0:
                            cost += d * route_layout.ROUTE_WEIGHT
                            near = True
                if exact and near:
                    short = search.want - route_layout.clearance(car, other, search.want)
                    if short > 0:
                        cost += short * 1000
    return cost


def test_route_search_fast_paths_measure_what_the_plain_ways_measure(route_searches):
    """On Italy's crowded board, with everything placed: each group's candidate shapes (built
    in the search, chains side by side or on their own lines) come as far into what is placed
    as testing every circle of every pair within reach says (the side test of the spines skips
    only pairs with nothing to count) — with a limit, past it or the whole sum (it stops at the
    first term that takes it past) — and the spaces side by side that the shapes' own
    clearance skips stand at least their ``beside`` apart."""
    ttr_board._GEOMETRY_CACHE.clear()
    ttr_board.board_geometry(load_map("italy"))
    search = route_searches[0]
    pairs = search.pairs
    compared = beside = 0
    for group in search.groups:
        search.lift(group)
        for shape in list(group.shapes.values())[:8]:
            for exact in (False, True):
                fast = search.overlap(route_layout._Shape(shape.cars), math.inf, exact)
                assert fast == _overlap_every_pair(search, shape, exact)
                compared += fast > 0
                # with a limit it stops as soon as it is past it, and is the whole sum otherwise
                for limit in (0.0, fast / 2, fast * 0.999, fast):
                    part = search.overlap(route_layout._Shape(shape.cars), limit, exact)
                    assert limit < part <= fast if fast > limit else part == fast
            if shape.beside > -math.inf:
                chains = list(shape.cars.values())
                for one, other in zip(chains, chains[1:]):
                    for a, b in zip(one, other):
                        assert route_layout.clearance(a, b) >= shape.beside - 1e-9 * search.unit
                        beside += 1
        search.commit(group, search.shape(group, group.current))
    assert compared > 100 and beside > 100 and search.pairs > pairs


def _bulge_by_plain_bisection(a, b, need, skew):
    """``route_layout._bulge_for`` as it was: every one of the 30 steps measures the length."""
    def length(h):
        return route_layout._polyline_length(route_layout._bezier(a, b, h, skew))

    if length(0.0) >= need:
        return 0.0
    lo, hi = 0.0, 0.9 * math.dist(a, b)
    for _ in range(30):
        mid = (lo + hi) / 2
        if length(mid) < need:
            lo = mid
        else:
            hi = mid
    return hi


def test_the_bulge_search_gives_the_plain_bisections_answer():
    """The secant method and the proven-short / proven-long bulges only spare lengths: the
    answer is the plain bisection's to the last bit — on board-sized chords, any skew the
    search uses, lengths just above the straight curve's (where the length hardly grows), far
    above it and beyond what a bulge of 0.9 chord reaches."""
    rng = random.Random(17)
    skews = (0.0, -0.2, 0.2, -0.28, 0.28, -0.4, 0.4)
    for k in range(300):
        a = (rng.uniform(0, 2300), rng.uniform(0, 1600))
        b = (a[0] + rng.uniform(-400, 400), a[1] + rng.uniform(-400, 400))
        skew = rng.choice(skews)
        base = route_layout._polyline_length(route_layout._bezier(a, b, 0.0, skew))
        need = base * (1 + 10 ** -rng.uniform(1, 12)) if k % 3 == 0 else math.dist(a, b) * rng.uniform(0.9, 2.6)
        assert route_layout._bulge_for(a, b, need, skew) == _bulge_by_plain_bisection(a, b, need, skew)
