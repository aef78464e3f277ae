"""Issue 18: Italy's regions told apart without colour alone — each outlined, named inside its
own land, and tinted apart from every region it touches (CIEDE2000 ≥ 15, also for a
deuteranope). The names and outlines are read back from the board PDF."""

from __future__ import annotations

import io
import math

import pdfplumber
import pytest

from railprint.games.ticket_to_ride.board import (AREA_FILL, LAND_RADIUS, REGION_BORDER, SEA, board_geometry,
                                                  build_board_overview, load_board_spec)
from railprint.games.ticket_to_ride.maps import load_map
from railprint.games.ticket_to_ride.route_layout import car_polygon, polygon_clearance
from railprint.loading.resources import content_path
from railprint.writers import render
from tests.colours import LIMIT, delta_e


@pytest.fixture(scope="module")
def italy():
    m = load_map("italy")
    return m, board_geometry(m)


def _owner(geo, m, x, y):
    """The region whose land holds (x, y): the nearest site must be one of its cities, within
    that city's land; None at sea or in an outside area."""
    sid, (sx, sy) = min(geo.nodes.items(), key=lambda kv: math.hypot(kv[1][0] - x, kv[1][1] - y))
    if sid not in m.city or math.hypot(sx - x, sy - y) > LAND_RADIUS * geo.unit:
        return None
    return m.city[sid].region


def test_touching_regions_are_tinted_at_least_15_apart_also_for_deuteranopes(italy):
    m, geo = italy
    tints = {r.id: r.tint for r in m.regions}
    spec = load_board_spec(content_path("ticket-to-ride") / "board-italy.yaml")
    sizes = [geo, board_geometry(m, spec.size.width, spec.size.height)]
    touching = {pair for g in sizes for pair in g.touching}
    assert len(touching) >= 15   # the mainland regions border each other
    for a, b in map(sorted, touching):
        normal, deuteranope = delta_e(tints[a], tints[b])
        assert normal >= LIMIT and deuteranope >= LIMIT, (a, b, round(normal, 1), round(deuteranope, 1))
    for rid, tint in tints.items():   # and land stands apart from the sea and the outside areas
        for other in (SEA, AREA_FILL):
            assert min(delta_e(tint, other)) >= LIMIT, (rid, other)
    # 17 light tints cannot all be 15 apart for a deuteranope (five can): regions that do not
    # touch may be alike and are told apart by their outlines and names
    assert len(set(tints.values())) == len(tints)


def test_every_region_has_a_closed_outline_along_its_neighbours(italy):
    m, geo = italy
    assert set(geo.outlines) == {r.id for r in m.regions}
    for rid, lines in geo.outlines.items():
        length = sum(math.dist(p, q) for line in lines for p, q in zip(line, line[1:]))
        assert length > 2 * math.pi * 10 * geo.unit, rid
        for line in lines:   # every border point lies between its region and another or the sea
            for p, q in zip(line, line[1:]):
                mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
                dx, dy = q[0] - p[0], q[1] - p[1]
                norm = math.hypot(dx, dy)
                if norm < 3 * geo.unit:   # (beside a corner a probe would cross into the next cell)
                    continue
                nx, ny = -dy / norm * 0.3 * geo.unit, dx / norm * 0.3 * geo.unit
                sides = {_owner(geo, m, mx + nx, my + ny), _owner(geo, m, mx - nx, my - ny)}
                assert rid in sides and len(sides) == 2, (rid, sides)


def test_region_names_are_clear_of_route_spaces_and_tables(italy):
    m, geo = italy
    for rid, label in geo.region_labels.items():
        x0, y0, x1, y1 = label.box
        box = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
        for chain in geo.cars.values():
            for car in chain:
                assert polygon_clearance(box, car_polygon(car)) > 0, (rid, car.route)
        for name, table in geo.boxes.items():
            assert x1 <= table.x or table.x + table.w <= x0 or y1 <= table.y or table.y + table.h <= y0, (rid, name)


def _baseline_words(page, text):
    """(centre x, baseline y) in page points, top-down, of every printed ``text``. Read in the
    order drawn: a region's name just under a city's name is one line to pdfplumber's layout,
    which interleaves their letters."""
    out = []
    for hit in page.search(text, regex=False, use_text_flow=True):
        chars = hit["chars"]
        out.append(((chars[0]["x0"] + chars[-1]["x1"]) / 2, page.height - chars[0]["matrix"][5]))
    return out


def test_region_names_and_outlines_read_back_from_the_board_pdf(italy):
    m, geo = italy
    with pdfplumber.open(io.BytesIO(render(build_board_overview(m, paper="a4"), "pdf")[0])) as pdf:
        page = pdf.pages[0]
        # the board's scale and place on the page, fitted on the city names
        pairs = []
        for cid, label in geo.labels.items():
            found = _baseline_words(page, label.text)
            assert len(found) == 1, label.text
            pairs.append(((label.x, label.y), found[0]))
        n = len(pairs)
        mx = sum(b[0] for b, _ in pairs) / n
        px = sum(p[0] for _, p in pairs) / n
        s = (sum((b[0] - mx) * (p[0] - px) for b, p in pairs) / sum((b[0] - mx) ** 2 for b, _ in pairs))
        ox = px - s * mx
        oy = sum(p[1] - s * b[1] for b, p in pairs) / n
        for (bx, by), (qx, qy) in pairs:
            assert abs(s * bx + ox - qx) < 0.5 and abs(s * by + oy - qy) < 0.5

        for region in m.regions:
            found = page.search(region.name.upper(), regex=False, use_text_flow=True)   # as _baseline_words
            assert len(found) == 1, region.name
            hit = found[0]
            baseline = page.height - hit["chars"][0]["matrix"][5]
            cap = hit["chars"][0]["size"] * 0.7
            corners = [((x - ox) / s, (y - oy) / s) for x in (hit["x0"], hit["x1"]) for y in (baseline - cap, baseline)]
            centre = (sum(c[0] for c in corners) / 4, sum(c[1] for c in corners) / 4)
            for x, y in (*corners, centre):
                assert _owner(geo, m, x, y) == region.id, (region.name, _owner(geo, m, x, y))
            # near its own cities: within the reach of its land from their middle
            own = [geo.nodes[c.id] for c in m.cities if c.region == region.id]
            mid = (sum(p[0] for p in own) / len(own), sum(p[1] for p in own) / len(own))
            assert math.dist(centre, mid) < LAND_RADIUS * 1.5 * geo.unit + max(math.dist(p, mid) for p in own)

        border = tuple(int(REGION_BORDER[i:i + 2], 16) / 255 for i in (1, 3, 5))
        printed = [c["pts"] for c in page.curves + page.lines
                   if c.get("stroking_color") and all(abs(a - b) < 0.003 for a, b in zip(c["stroking_color"], border))]
        expected = [line for lines in geo.outlines.values() for line in lines]
        assert len(printed) == len(expected)
        for line in expected:
            target = [(s * x + ox, s * y + oy) for x, y in line]
            assert any(len(pts) == len(target) and all(math.dist(p, t) < 0.05 for p, t in zip(pts, target))
                       for pts in printed), line[0]


def test_region_names_are_placed_within_a_bounded_search(monkeypatch):
    """A hostile map cannot make the name search run long: past the budget every remaining name
    goes to the middle of its cities (Italy's names need about a fifth of it)."""
    import railprint.games.ticket_to_ride.board as board

    m = load_map("italy")
    monkeypatch.setattr(board, "REGION_LABEL_BUDGET", 0)
    monkeypatch.setattr(board, "_GEOMETRY_CACHE", {})
    geo = board.board_geometry(m)
    for region in m.regions:
        own = [geo.nodes[c.id] for c in m.cities if c.region == region.id]
        label = geo.region_labels[region.id]
        assert (label.x, label.y - label.size * 0.36) == pytest.approx(
            (sum(p[0] for p in own) / len(own), sum(p[1] for p in own) / len(own)))
