"""Issue 13: the printed Ticket to Ride board read back from the PDF — registration
crosshairs only where nothing of the map is (never on a route space, a city or its name)."""

from __future__ import annotations

import math

import pytest

from railprint.games.ticket_to_ride.board import board_geometry, build_board, build_board_tiled, default_size, load_board_spec
from railprint.games.ticket_to_ride.maps import load_map
from railprint.loading.resources import content_path
from railprint.games.ticket_to_ride.route_layout import car_polygon, polygon_clearance
from railprint.layout.tiling import _crosshair_size, plan_tiles
from railprint.writers import render
from tests.helpers import pdf_curves, ttr_map


@pytest.mark.parametrize("name,paper,shipped", [("nordic", "a4", True), ("italy", "letter", True),
                                                 ("italy", "a4", False), ("generated", "a4", False)])
def test_crosshairs_keep_off_the_map(name, paper, shipped):
    m = ttr_map(name)
    if shipped:   # as `railprint render` prints it: the board file's label hints, Polish
        spec = load_board_spec(content_path("ticket-to-ride") / f"board-{name}.yaml")
        geo = board_geometry(m, lang="pl", labels=spec.labels)
        doc = build_board(spec, m, paper=paper, lang="pl")
    else:
        geo = board_geometry(m)
        doc = build_board_tiled(m, paper=paper)
    plan = plan_tiles(*default_size(m), paper=paper)
    size = _crosshair_size(plan.overlap)
    found = set()
    for (r, c), curves in zip(plan.tiles(), pdf_curves(render(doc, "pdf")[0])[1:]):
        src, win = plan.source(r, c), plan.window
        for curve in curves:   # the crosshair rings, black, 0.35 pt (read by pdfium as pdfplumber would)
            if abs(curve["linewidth"] - 0.35) > 0.01 or abs(curve["width"] - 2 * size) > 0.5:
                continue
            cx = (curve["x0"] + curve["x1"]) / 2 - win.x + src.x
            cy = (curve["top"] + curve["bottom"]) / 2 - win.y + src.y
            found.add((round(cx, 1), round(cy, 1)))
    assert len(found) >= plan.cols * (plan.rows - 1) + plan.rows * (plan.cols - 1)  # every seam has marks
    reach = 1.6 * size   # the arms
    for x, y in found:
        disc = [(x + reach * math.cos(k * math.pi / 8), y + reach * math.sin(k * math.pi / 8)) for k in range(16)]
        for chain in geo.cars.values():
            for car in chain:
                assert polygon_clearance(disc, car_polygon(car)) > 0, (car.route, x, y)
        for node, (nx, ny) in geo.nodes.items():
            assert math.hypot(nx - x, ny - y) > reach + geo.city_radius, node
        for label in geo.labels.values():
            x0, y0, x1, y1 = label.box
            assert not (x0 - reach < x < x1 + reach and y0 - reach < y < y1 + reach), label.text
