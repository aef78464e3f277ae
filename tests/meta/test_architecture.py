"""The import rules of docs/ARCHITECTURE (README "How it works"), checked with ast."""

from __future__ import annotations

import ast
from pathlib import Path

from railprint.draw.icons import ICONS as DRAWN_ICONS
from railprint.model.deck import ICONS

PACKAGE = Path(__file__).resolve().parents[2] / "railprint"

# Higher layers may import lower (or equal) ones, never higher.
LAYERS = {
    "cli": 6, "__main__": 6,
    "games": 5, "rollwrite": 5, "render": 5, "registry": 5,
    "draw": 4, "layout": 4, "writers": 4,
    "model": 3, "scene": 3, "report": 3,
    "loading": 2,
    "units": 1, "geometry": 1, "graphs": 1, "errors": 1, "fonts": 1, "__init__": 1,
}
# Game modules still waiting in draw/ for their move into games/ (issue 9); they may use their
# game's pure helpers already (the Ticket to Ride board draws games/ticket_to_ride/route_layout).
MOVING = {"draw/ttr_board.py"}
ONLY = {"yaml": "loading", "svgwrite": "writers", "reportlab": "writers", "typer": "cli"}


def _modules():
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE)
        top = rel.parts[0].removesuffix(".py")
        yield path, top, ast.parse(path.read_text(encoding="utf-8"))


def _imports(tree):
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module, node.lineno


def test_imports_point_down_the_layers():
    problems = []
    for path, top, tree in _modules():
        for name, line in _imports(tree):
            parts = name.split(".")
            if parts[0] == "railprint" and len(parts) > 1:
                target = parts[1]
                if LAYERS.get(target, 0) > LAYERS.get(top, 0) and str(path.relative_to(PACKAGE)) not in MOVING:
                    problems.append(f"{path.relative_to(PACKAGE)}:{line} ({top}) imports {name}")
            owner = ONLY.get(parts[0])
            if owner and top != owner:
                problems.append(f"{path.relative_to(PACKAGE)}:{line} imports {parts[0]} (only {owner}/ may)")
    assert not problems, "\n".join(problems)


def test_every_icon_name_in_the_content_format_is_drawn():
    assert set(ICONS) == set(DRAWN_ICONS)
