"""``railprint score`` read without typer (railprint.console): the same options as the typer
command, the same output, and typer, pydantic and the drawing code left unloaded."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import typer.main

from railprint.cli import app
from railprint.console import SCORE_OPTIONS, read_score_args

DATA = Path(__file__).parent / "data"
CASES = {
    "railroad-ink": DATA / "railroad_ink" / "cases" / "board_edge.txt",
    "ticket-to-ride": DATA / "ticket_to_ride" / "cases" / "italy-parallel-3p.yaml",
    "days-of-steam": DATA / "days_of_steam" / "cases" / "colour-bonus-four-colours.yaml",
    "allers-trains": DATA / "allers_trains" / "cases" / "both-2p-tie-break.yaml",
}
FAST = "import sys\nfrom railprint.console import main\nsys.argv[0] = 'railprint'\nmain()\n"
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


def test_the_options_read_without_typer_are_the_typer_commands_options():
    command = typer.main.get_command(app).commands["score"]
    options = {p.opts[0]: p for p in command.params if p.param_type_name == "option"}
    assert set(options) == set(SCORE_OPTIONS)
    for option, (name, default) in SCORE_OPTIONS.items():
        param = options[option]
        assert param.name == name and len(param.opts) == 1 and not param.secondary_opts
        assert param.is_flag == isinstance(default, bool)
        assert param.multiple == isinstance(default, list)
        assert (param.default or []) == default if isinstance(default, list) else param.default == default
    arguments = [p for p in command.params if p.param_type_name == "argument"]
    assert [(p.name, p.nargs, p.required) for p in arguments] == [("game", 1, True), ("files", -1, True)]


@pytest.mark.parametrize("args", [
    ["score"], ["score", "--help"], ["score", "-h"], ["score", "railroad-ink"], ["score", "x", "f", "--json=1"],
    ["score", "x", "f", "--lang"], ["score", "x", "f", "--lang", ""], ["score", "x", "f", "--lang", "-q"],
    ["score", "x", "f", "--bogus"], ["score", "x", "f", "--"], ["score", "x", "-"], ["score", "x", " "],
    ["score", "x", "f", "--picture="], ["render", "all"], [], ["--help"], ["scor", "x", "f"],
])
def test_anything_but_a_plain_score_goes_to_typer(args):
    assert read_score_args(args) is None


def test_a_plain_score_is_read_as_typer_reads_it():
    kwargs = read_score_args(["score", "ri", "a.txt", "--lang=pl", "--content", "c1", "b.txt", "--json",
                              "--content=c2", "--picture", "p.svg", "--longest", "trail", "--strict"])
    assert kwargs == {"game": "ri", "files": [Path("a.txt"), Path("b.txt")], "as_json": True, "strict": True,
                      "longest": "trail", "picture": Path("p.svg"), "lang": "pl",
                      "content": [Path("c1"), Path("c2")]}
    assert read_score_args(["score", "ri", "a.txt"])["content"] == []


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
    assert read_score_args(args) is not None  # the fast way is taken
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
    package = game.replace("-", "_")
    # every game's package (its GAME: id, aliases) is read to find the game; no other game's module
    other_games = {m for m in modules if m.startswith("railprint.games.") and m.count(".") > 2
                   and m.split(".")[2] != package}
    assert not other_games
    assert not any(m.startswith(("railprint.draw", "railprint.writers", "railprint.layout")) for m in modules)
