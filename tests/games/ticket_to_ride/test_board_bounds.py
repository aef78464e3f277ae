"""Issue 16 item 4 (and 5, 8, 9 for boards and maps): `validate` refuses the board sizes and map
sizes `render` cannot print in seconds, each at its line, and a crowded map within the bounds
still lays out in bounded work."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from railprint.games.ticket_to_ride import route_layout
from railprint.games.ticket_to_ride.board import board_geometry
from railprint.games.ticket_to_ride.maps import parse_map
from railprint.loading.resources import content_path
from railprint.loading.yamlio import loads
from tests.helpers import run_cli

BOARD = (content_path("ticket-to-ride") / "board-nordic.yaml").read_text(encoding="utf-8")


def _generated_text(**options) -> str:
    import importlib.util

    path = Path(__file__).resolve().parents[3] / "benchmarks" / "ttr_generated_map.py"
    spec = importlib.util.spec_from_file_location("ttr_generated_map", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.generated_map(**options)


@pytest.mark.parametrize("size,expected", [
    ("{width: 1mm, height: 1mm}", ["12:15: size.width: a board side is 200mm to 2000mm, not 1mm",
                                   "12:28: size.height: a board side is 200mm to 2000mm, not 1mm"]),
    ("{width: 0mm, height: 800mm}", ["12:15: size.width: a board side is 200mm to 2000mm, not 0mm"]),
    ("{width: -540mm, height: 800mm}", ["12:15: size.width: a board side is 200mm to 2000mm, not -540mm"]),
    ("{width: 540mm, height: 10000mm}", ["12:30: size.height: a board side is 200mm to 2000mm, not 10000mm"]),
])
def test_board_sizes_render_cannot_print_are_refused_at_their_line(tmp_path, size, expected):
    board = tmp_path / "board.yaml"
    board.write_text(BOARD.replace("size: {width: 540mm, height: 800mm}", f"size: {size}")
                     .replace("id: nordic-board", "id: my-board"), encoding="utf-8")
    result = run_cli("validate", str(board))
    assert result.exit_code == 1
    for line in expected:
        assert f"board.yaml:{line}" in result.output
    assert "Traceback" not in result.output
    result = run_cli("render", "ticket-to-ride", "--content", str(tmp_path), "-o", str(tmp_path / "out"), "--quiet")
    assert result.exit_code == 1 and expected[0] in result.output
    assert not (tmp_path / "out" / "ticket-to-ride").exists()


def test_map_caps_are_located_errors(tmp_path):
    text = _generated_text(seed=1, routes=250, places=200)
    path = tmp_path / "huge.yaml"
    path.write_text(text, encoding="utf-8")
    result = run_cli("validate", str(path))
    assert result.exit_code == 1
    cities = text.splitlines().index("cities:") + 2   # the list, at its first entry
    routes = text.splitlines().index("routes:") + 2
    assert f"huge.yaml:{cities}:3: cities: List should have at most 100 items" in result.output
    assert f"huge.yaml:{routes}:3: routes: List should have at most 200 items" in result.output


def test_route_length_via_points_and_parallel_routes_are_bounded(tmp_path):
    text = _generated_text(seed=1)
    lines = text.splitlines()
    first = lines.index("routes:") + 1
    route = re.search(r"between: \[(\w+), (\w+)\]", lines[first])
    a, b = route.group(1), route.group(2)
    extra = [f"  - {{id: extra-{k}, between: [{a}, {b}], length: 1, colour: red}}" for k in range(3)]
    long_line = "  - {id: long, between: [c00, c10], length: 13, colour: red}"
    via_line = "  - {id: bent, between: [c00, c11], length: 2, colour: red, via: [" + \
        ", ".join("[0.5, 0.5]" for _ in range(9)) + "]}"
    bad = lines[:first] + [long_line, via_line] + lines[first:first + 1] + extra + lines[first + 1:]
    path = tmp_path / "bad.yaml"
    path.write_text("\n".join(bad) + "\n", encoding="utf-8")
    result = run_cli("validate", str(path))
    assert result.exit_code == 1
    assert f"bad.yaml:{first + 1}:" in result.output and "must be 12 or less" in result.output
    assert f"bad.yaml:{first + 2}:" in result.output and "at most 8 items" in result.output
    # the pydantic errors come first; with them fixed, the fourth route between one pair is named
    fixed = lines[:first] + lines[first:first + 1] + extra + lines[first + 1:]
    path.write_text("\n".join(fixed) + "\n", encoding="utf-8")
    result = run_cli("validate", str(path))
    assert result.exit_code == 1
    assert f"bad.yaml:{first + 4}:" in result.output and "more than 3 routes between" in result.output


def test_a_crowded_map_within_the_caps_lays_out_within_the_work_budget(route_searches):
    """200 routes of 12 spaces among 100 cities: far more than a board holds. The search stops
    at its budget (counted work, not time) and still places every route."""
    text = re.sub(r"length: \d+", "length: 12", _generated_text(seed=4, routes=200, places=100))
    text = text.replace("6: 15}", "6: 15, 12: 40}")
    m = parse_map(loads(text, "crowded.yaml"), "crowded.yaml")
    geo = board_geometry(m)
    assert len(m.routes) == 200 and set(geo.cars) == {r.id for r in m.routes}
    assert all(len(geo.cars[r.id]) == 12 for r in m.routes)
    search = route_searches[0]
    assert search.pairs <= route_layout.PAIR_BUDGET + 12 * 3 * 200   # the last candidate finishes its space
    assert search.built <= route_layout.SHAPE_BUDGET + len(search.groups)
