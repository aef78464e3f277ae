"""``railprint score`` and ``railprint render`` read without typer (railprint.console): the same
options as the typer commands, the same output, and for a score typer, pydantic and the drawing
code left unloaded."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import typer.main

from railprint.cli import app
from railprint.console import COMMANDS, FLAG, INT, OFF, PATHS, TEXT, read_args

DATA = Path(__file__).parent / "data"
CASES = {
    "railroad-ink": DATA / "railroad_ink" / "cases" / "board_edge.txt",
    "ticket-to-ride": DATA / "ticket_to_ride" / "cases" / "italy-parallel-3p.yaml",
    "days-of-steam": DATA / "days_of_steam" / "cases" / "colour-bonus-four-colours.yaml",
    "allers-trains": DATA / "allers_trains" / "cases" / "both-2p-tie-break.yaml",
}
FAST = "import sys\nfrom railprint.__main__ import main\nsys.argv[0] = 'railprint'\nmain()\n"
TYPER = "import sys\nfrom railprint.cli import main\nsys.argv[0] = 'railprint'\nmain()\n"


@pytest.fixture(scope="module")
def games(tmp_path_factory) -> dict[str, Path]:
    """Each game's case file as a game file (a rule case's first YAML document)."""
    folder = tmp_path_factory.mktemp("games")
    out = {}
    for game, case in CASES.items():
        path = out[game] = folder / case.name
        path.write_text(case.read_text(encoding="utf-8").split("\n---\n")[0], encoding="utf-8")
    return out


@pytest.mark.parametrize("name", list(COMMANDS))
def test_the_options_read_without_typer_are_the_typer_commands_options(name):
    command = typer.main.get_command(app).commands[name]
    table, _ = COMMANDS[name]
    spelled = {}  # every spelling of every option: (its parameter, the primary side of a flag pair)
    for param in command.params:
        if param.param_type_name == "option":
            spelled.update({opt: (param, True) for opt in param.opts})
            spelled.update({opt: (param, False) for opt in param.secondary_opts})
    assert set(spelled) == set(table)
    for option, (parameter, default, kind) in table.items():
        param, primary = spelled[option]
        assert param.name == parameter
        assert param.is_flag == (kind in (FLAG, OFF)) and primary == (kind != OFF)
        assert param.multiple == (kind == PATHS)
        assert (param.default or []) == default if kind == PATHS else param.default == default
        assert type(param.type).__name__ in {FLAG: ("BoolParamType",), OFF: ("BoolParamType",), INT: ("IntParamType",),
                                             TEXT: ("StringParamType",)}.get(kind, ("TyperPath", "FuncParamType"))
    arguments = [(p.name, p.nargs, p.required, p.default) for p in command.params if p.param_type_name == "argument"]
    assert arguments == {"score": [("game", 1, True, None), ("files", -1, False, None)],
                         "render": [("game", 1, False, "all")]}[name]


@pytest.mark.parametrize("args", [
    ["score"], ["score", "--help"], ["score", "-h"], ["score", "railroad-ink"], ["score", "x", "f", "--json=1"],
    ["score", "x", "f", "--lang"], ["score", "x", "f", "--lang", ""], ["score", "x", "f", "--lang", "-q"],
    ["score", "x", "f", "--bogus"], ["score", "x", "f", "--"], ["score", "x", "-"], ["score", "x", " "],
    ["score", "x", "f", "--picture="], [], ["--help"], ["scor", "x", "f"], ["list"],
    ["render", "all", "x"], ["render", "--help"], ["render", "-qo", "out"], ["render", "-o=out"], ["render", "-o", ""],
    ["render", "--dpi", "3_00"], ["render", "--dpi", "+300"], ["render", "--dpi", " 300"], ["render", "--dpi", "-1"],
    ["render", "--quiet=1"], ["render", "--trimmed=no"], ["render", "--back-offset", "-1,0"], ["render", "-Q"],
])
def test_anything_but_a_plain_score_or_render_goes_to_typer(args):
    assert read_args(args) is None


def test_a_plain_score_is_read_as_typer_reads_it():
    command, kwargs = read_args(["score", "ri", "a.txt", "--lang=pl", "--content", "c1", "b.txt", "--json",
                                 "--content=c2", "--picture", "p.svg", "--longest", "trail", "--strict"])
    assert command == "score"
    assert kwargs == {"game": "ri", "files": [Path("a.txt"), Path("b.txt")], "as_json": True, "strict": True,
                      "longest": "trail", "picture": Path("p.svg"), "lang": "pl",
                      "content": [Path("c1"), Path("c2")], "photo": None, "debug_image": None}
    assert read_args(["score", "ri", "a.txt"])[1]["content"] == []


def test_a_plain_render_is_read_as_typer_reads_it():
    command, kwargs = read_args(["render", "-q", "--back-offset=-1,0.5", "ticket-to-ride", "--dpi", "150", "--trimmed",
                                 "-o", "out", "--no-cut-lines", "--content", "c1", "--content=c2", "--icc", "s.icc"])
    assert command == "render"
    assert kwargs == {"game": "ticket-to-ride", "content": [Path("c1"), Path("c2")], "paper": "a4", "mode": "duplex",
                      "fmt": "pdf", "dpi": 150, "image_bleed": False, "lang": "en", "flip": "long",
                      "back_offset": "-1,0.5", "shop": False, "bleed": None, "colour": "rgb", "icc": Path("s.icc"),
                      "ink_limit": 240, "scale": "100%", "layout": "auto", "cut_lines": False, "out": Path("out"),
                      "quiet": True, "map_id": None}
    assert read_args(["render"])[1]["game"] == "all" and read_args(["render", "--cut-lines"])[1]["cut_lines"] is True


def _run(code: str, args: list[str], cwd: Path) -> tuple[int, str, str]:
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=cwd)
    return done.returncode, done.stdout, done.stderr


@pytest.mark.parametrize("case", [
    ("railroad-ink", ["--json"]),
    ("railroad-ink", ["--lang=pl", "--longest", "trail"]),
    ("ticket-to-ride", ["--strict"]),
    ("ticket-to-ride", ["--picture", "board.svg", "--lang", "pl"]),
    ("ticket-to-ride", ["--longest", "trail"]),
    ("ticket-to-ride", ["--lang", "de"]),
    ("days-of-steam", ["--json", "--content", "."]),
    ("allers-trains", []),
    ("ticket-ro-ride", []),
    ("railroad-ink", ["missing.txt"]),
], ids=lambda case: "-".join([case[0], *case[1]]))
def test_both_ways_print_the_same(case, games, tmp_path):
    game, options = case
    file = games.get(game, games["railroad-ink"])
    args = ["score", game, str(file), *options]
    assert read_args(args) is not None  # the fast way is taken
    outputs = []
    for way, code in (("fast", FAST), ("typer", TYPER)):
        folder = tmp_path / way
        folder.mkdir()
        outputs.append(_run(code, args, folder))
        pictures = sorted(p.name for p in folder.iterdir())
        outputs.append(pictures)
        if pictures:
            outputs.append((folder / pictures[0]).read_bytes())
    fast, typer_way = outputs[:len(outputs) // 2], outputs[len(outputs) // 2:]
    assert fast == typer_way
    assert "Traceback" not in fast[0][2]


@pytest.mark.parametrize("game", list(CASES))
def test_a_score_loads_no_typer_pydantic_drawing_code_or_other_game(game, games, tmp_path):
    code = ("import atexit, sys\n"
            "atexit.register(lambda: sys.stderr.write('\\nMODULES ' + ' '.join(sorted(sys.modules)) + '\\n'))\n"
            + FAST)
    status, out, err = _run(code, ["score", game, str(games[game]), "--json"], tmp_path)
    assert status in (0, 1) and out.startswith(("{", "["))
    modules = err.rsplit("MODULES ", 1)[1].split()
    tops = {m.split(".")[0] for m in modules}
    assert not tops & {"typer", "click", "pydantic", "reportlab", "svgwrite", "PIL", "rich", "fontTools"}
    assert "dataclasses" not in modules  # the score paths' value classes are railprint.records (~1 ms a class less)
    package = game.replace("-", "_")
    # every game's package (its GAME: id, aliases) is read to find the game; no other game's module
    other_games = {m for m in modules if m.startswith("railprint.games.") and m.count(".") > 2
                   and m.split(".")[2] != package}
    assert not other_games
    assert not any(m.startswith(("railprint.draw", "railprint.writers", "railprint.layout")) for m in modules)


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("args", [
    ["render", "ticket-to-ride", "--map", "lakeland", "--no-cut-lines", "--bleed", "2mm", "-o", "out"],
    ["render", "allers-trains", "-q", "--paper=letter", "--back-offset", "0.5,-1", "--lang", "pl", "--out", "out"],
    ["render", "no-such-game", "-q", "-o", "out"],
], ids=["listed", "quiet", "unknown-game"])
def test_a_render_prints_and_writes_the_same_both_ways(args, tmp_path):
    assert read_args(args) is not None  # the fast way is taken
    results = []
    for way, code in (("fast", FAST), ("typer", TYPER)):
        folder = tmp_path / way
        folder.mkdir()
        status, out, err = _run(code, args, folder)
        results.append((status, out, err, _files(folder)))
    assert results[0] == results[1]
    status, out, err, files = results[0]
    assert "Traceback" not in err
    if "no-such-game" in args:
        assert status == 1 and err.startswith("Error: no printable content for game 'no-such-game'") and not files
    else:
        assert status == 0 and files and all(name.startswith("out/") for name in files)
        assert sorted(out.splitlines()) == ([] if "-q" in args else sorted(str(Path(n)) for n in files))


def test_a_render_read_without_typer_loads_no_typer(tmp_path):
    code = ("import atexit, sys\n"
            "atexit.register(lambda: sys.stderr.write('\\nMODULES ' + ' '.join(sorted(sys.modules)) + '\\n'))\n"
            + FAST)
    status, _, err = _run(code, ["render", "no-such-game", "-q"], tmp_path)
    assert status == 1 and err.startswith("Error: no printable content")
    tops = {m.split(".")[0] for m in err.rsplit("MODULES ", 1)[1].split()}
    assert not tops & {"typer", "click"}


def test_a_command_read_without_typer_runs_with_the_collector_paused_and_leaves_it_frozen(games, tmp_path):
    """No collection while the command runs, and none walking what it made at the process's exit."""
    code = ("import atexit, gc, sys\nfrom railprint.__main__ import main\n"
            "seen = []\ngc.callbacks.append(lambda phase, info: phase == 'start' and seen.append(info['generation']))\n"
            "atexit.register(lambda: sys.stderr.write(f'\\nGC {len(seen)} {gc.get_freeze_count()} {gc.isenabled()}\\n'))\n"
            "sys.argv[0] = 'railprint'\nmain()\n")
    status, out, err = _run(code, ["score", "ticket-to-ride", str(games["ticket-to-ride"]), "--json"], tmp_path)
    assert status == 0 and out.startswith("{")
    collections, frozen, enabled = err.rsplit("GC ", 1)[1].split()
    assert collections == "0" and int(frozen) > 10_000 and enabled == "False"
