"""The import rules of docs/ARCHITECTURE (README "How it works"), checked with ast."""

from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path

from railprint.draw.icons import ICONS as DRAWN_ICONS
from railprint.model.deck import ICONS

PACKAGE = Path(__file__).resolve().parents[2] / "railprint"

# Higher layers may import lower (or equal) ones, never higher.
LAYERS = {
    "cli": 6, "console": 6, "__main__": 6,
    "serve": 6, "preview": 6,
    "games": 5, "render": 5, "registry": 5,
    "export": 5, "draw": 4, "layout": 4, "writers": 4,
    "model": 3, "scene": 3, "report": 3,
    "loading": 2,
    "units": 1, "geometry": 1, "graphs": 1, "errors": 1, "platform": 1, "text": 1, "words": 1, "memory": 1, "records": 1, "__init__": 1,
}
# reportlab: the writers, and the font check (text/fonts.py), which parses a designer's font as
# the PDF writer will embed it, so that `validate` refuses what `render` could not embed
ONLY = {"yaml": "loading", "svgwrite": "writers", "reportlab": ("writers", "text/fonts.py"), "typer": "cli",
        "fastapi": ("serve", "preview"), "starlette": ("serve", "preview"), "uvicorn": ("serve", "preview"), "segno": ("serve", "games/railroad_ink/photo"),
        "cv2": "games/railroad_ink/photo", "pillow_heif": "games/railroad_ink/photo",
        "fcntl": "platform", "msvcrt": "platform", "termios": "platform", "resource": "platform",
        "platformdirs": "platform"}
# The engine knows no game: games plug in through railprint.registry (entry points, "module:name"
# strings), so none of these may import railprint.games (nor the CLI on top of everything).
ENGINE = ("export", "loading", "model", "layout", "draw", "scene", "writers", "units", "text", "errors", "graphs",
          "report", "registry", "render", "geometry", "words", "memory", "records", "serve", "preview", "platform", "__init__")


@lru_cache(maxsize=1)
def _modules():
    """(path, top-level part, syntax tree) of every module: parsed once for every test here
    (the tests only read the trees)."""
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE)
        top = rel.parts[0].removesuffix(".py")
        out.append((path, top, ast.parse(path.read_text(encoding="utf-8"))))
    return tuple(out)


def _imports(tree, path=None):
    """(absolute module name, line) of every import; relative imports are resolved when the
    module's ``path`` is given."""
    here = ["railprint", *path.relative_to(PACKAGE).with_suffix("").parts] if path is not None else None
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module, node.lineno
        elif isinstance(node, ast.ImportFrom) and here is not None:
            package = here[:-1]  # a module's package; a package's __init__ is its own package
            base = package[:len(package) - (node.level - 1)]
            names = [node.module] if node.module else [a.name for a in node.names]
            for name in names:
                yield ".".join([*base, name]), node.lineno


def test_imports_point_down_the_layers():
    problems = []
    for path, top, tree in _modules():
        for name, line in _imports(tree):
            parts = name.split(".")
            if parts[0] == "railprint" and len(parts) > 1:
                target = parts[1]
                if LAYERS.get(target, 0) > LAYERS.get(top, 0):
                    problems.append(f"{path.relative_to(PACKAGE)}:{line} ({top}) imports {name}")
            owners = ONLY.get(parts[0])
            owners = (owners,) if isinstance(owners, str) else owners
            rel = path.relative_to(PACKAGE).as_posix()
            if owners and not any(rel == o or rel.startswith(o + "/") or top == o for o in owners):
                shown = " or ".join(o if o.endswith(".py") else o + "/" for o in owners)
                problems.append(f"{rel}:{line} imports {parts[0]} (only {shown} may)")
    assert not problems, "\n".join(problems)


def _game_of(path: Path) -> str | None:
    parts = path.relative_to(PACKAGE).parts
    return parts[1].removesuffix(".py") if parts[0] == "games" and len(parts) > 2 else None


def test_the_engine_imports_no_game_and_games_import_no_other_game():
    problems = []
    for path, top, tree in _modules():
        mine = _game_of(path)
        for name, line in _imports(tree, path):
            parts = name.split(".")
            where = f"{path.relative_to(PACKAGE)}:{line}"
            if parts[0] != "railprint" or len(parts) < 2:
                continue
            if top in ENGINE and parts[1] in ("games", "cli"):
                problems.append(f"{where}: engine module imports {name}")
            if parts[1] == "games" and len(parts) > 2 and mine is not None and parts[2] != mine:
                problems.append(f"{where}: game {mine} imports another game: {name}")
    assert not problems, "\n".join(problems)


def test_the_rules_see_relative_imports_and_every_module_is_classified():
    tree = ast.parse("from ..ticket_to_ride import rules\nfrom . import words\n")
    path = PACKAGE / "games" / "railroad_ink" / "x.py"
    assert [n for n, _ in _imports(tree, path)] == ["railprint.games.ticket_to_ride", "railprint.games.railroad_ink.words"]
    tops = {top for _, top, _ in _modules()}
    assert tops <= set(ENGINE) | {"games", "cli", "console", "__main__"}, tops - set(ENGINE) - {"games", "cli", "console", "__main__"}


def test_every_icon_name_in_the_content_format_is_drawn():
    assert set(ICONS) == set(DRAWN_ICONS)


def test_the_days_of_steam_modules_import_each_other_in_one_direction():
    """notation and rules once imported each other (a lazy import in the parser); the rules
    now hand their count check to the parser instead. No cycle among the game's modules."""
    folder = PACKAGE / "games" / "days_of_steam"
    graph: dict[str, set[str]] = {}
    for path in sorted(folder.glob("*.py")):
        me = path.stem
        graph[me] = {name.split(".")[3] for name, _ in _imports(ast.parse(path.read_text(encoding="utf-8")), path)
                     if name.startswith("railprint.games.days_of_steam.") and len(name.split(".")) > 3}
        graph[me].discard(me)

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        return any(n == goal or (n not in seen and reaches(n, goal, seen | {n})) for n in graph.get(start, ()))

    cycles = [m for m in graph if m != "__init__" and reaches(m, m, {m})]
    assert not cycles, {m: sorted(graph[m]) for m in cycles}


# What differs between systems is asked of railprint.platform (ARCHITECTURE "Platform differences").
PLATFORM_NAMES = ("os.name", "sys.platform", "platform.system", "O_NONBLOCK", "pthread_sigmask", "SIGHUP",
                  "SIGBREAK", "SIGKILL", "mkfifo", "os.fork", "getuid", "geteuid", "winerror")
# an attribute can match one of them only if it ends in the name's last part: only those are
# unparsed (ast.unparse of every attribute of the package was most of this test's time)
PLATFORM_ENDS = {name.rpartition(".")[2] for name in PLATFORM_NAMES}


def test_only_the_platform_module_tests_for_the_system():
    problems = []
    for path, top, tree in _modules():
        if top == "platform":
            continue
        problems += [f"{path.relative_to(PACKAGE)}:{line} imports the standard library's platform"
                     for name, line in _imports(tree, path) if name == "platform"]
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr in PLATFORM_ENDS:
                dotted = ast.unparse(node)
                for name in PLATFORM_NAMES:
                    if dotted == name or dotted.endswith("." + name) or node.attr == name:
                        problems.append(f"{path.relative_to(PACKAGE)}:{node.lineno} uses {dotted}")
    assert not problems, problems


def _import_graph() -> dict[str, set[str]]:
    """module -> the package's modules it imports (at its top or inside a function: a lazy
    import is an import too); ``from a.b import c`` counts ``a.b.c`` when that is a module. A
    module naming its own package (an ancestor) is no edge when it only reaches a submodule
    through it (``from a import b``, ``import a.b``), but is one when it takes a name the
    ancestor's ``__init__`` defines: that ``__init__`` may import the module back."""
    names: dict[str, Path] = {}
    for path, _, _ in _modules():
        parts = ("railprint", *path.relative_to(PACKAGE).with_suffix("").parts)
        names[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    by_path = {path: name for name, path in names.items()}
    graph: dict[str, set[str]] = {}
    for path, _, tree in _modules():
        me = by_path[path]
        ancestors = {".".join(me.split(".")[:i]) for i in range(1, me.count(".") + 1)}
        found = set()
        targets = list(_imports(tree, path))
        targets += [(f"{node.module}.{alias.name}", node.lineno) for node in ast.walk(tree)
                    if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module
                    for alias in node.names]
        for target, _ in targets:
            while target and target not in names:
                target = target.rpartition(".")[0]
            if target and target != me and target not in ancestors:
                found.add(target)
        here = ["railprint", *path.relative_to(PACKAGE).with_suffix("").parts]
        for node in ast.walk(tree):   # from <ancestor> import <a name of its __init__>
            if isinstance(node, ast.ImportFrom):
                base = node.module if node.level == 0 else ".".join(
                    here[:len(here) - node.level] + ([node.module] if node.module else []))
                if base in ancestors and any(f"{base}.{alias.name}" not in names for alias in node.names):
                    found.add(base)
        graph[me] = found
    return graph


def test_no_modules_import_each_other_in_a_circle():
    """Imports point down and never in a circle, lazy ones included (cli and console, Ticket to
    Ride's maps and map_spec, text's fonts, shaping and cff, the photo reader and its screen check
    once imported each other): every strongly connected part of the import graph is one module."""
    graph = _import_graph()
    assert "railprint.cli" in graph["railprint.__main__"]   # a lazy import is seen
    assert "railprint.games.railroad_ink.photo.screen" in graph["railprint.games.railroad_ink.photo.read"]  # from a import b
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles: list[list[str]] = []

    def visit(node: str) -> None:   # Tarjan's strongly connected components
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            part = []
            while True:
                part.append(stack.pop())
                if part[-1] == node:
                    break
            if len(part) > 1:
                circles.append(sorted(part))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    assert not circles, circles
