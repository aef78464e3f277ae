"""Broken game plugins (railprint.registry): whatever a plugin does wrong — exit or raise
KeyboardInterrupt at import, a malformed entry point, bad Game fields, a scorer, build, schema
or roller that fails — is one error naming the plugin and its entry point, never a traceback
or a silent exit, and the other games keep working."""

from __future__ import annotations

import textwrap
from importlib.metadata import EntryPoint

import pytest
from typer.testing import CliRunner

from railprint import registry
from railprint.cli import app

GOOD_GAME = "end: tiles\nplayers:\n  - {name: Ala, goods: RRG, circuits: 1, steam: 2}\n"

HEADER = """
import sys
from railprint.registry import ContentKind, Game
from railprint.scene import Document, Page
"""

# name -> (module body, entry point value, command that uses the plugin, expected words)
CASES = {
    "exit0": ("sys.exit(0)", "MOD:GAME", ["list"], "failed to load: it called sys.exit(0)"),
    "exit3": ("exit(3)", "MOD:GAME", ["list"], "failed to load: it called sys.exit(3)"),
    "interrupt": ("raise KeyboardInterrupt", "MOD:GAME", ["list"], "failed to load: it raised KeyboardInterrupt"),
    "malformed": ("GAME = None", "MOD:GAME:extra!", ["list"], "malformed entry point"),
    "empty": ("GAME = None", "", ["list"], "malformed entry point"),
    "aliases": ("GAME = Game(id='x-rail', title={'en': 'X'}, aliases=None)", "MOD:GAME", ["list"],
                "bad Game: aliases must be a tuple of non-empty strings, got None"),
    "kinds": ("GAME = Game(id='x-rail', title={'en': 'X'}, kinds=('x',))", "MOD:GAME", ["list"],
              "bad Game: kinds must hold ContentKind objects, got 'x'"),
    "title": ("GAME = Game(id='x-rail', title=None)", "MOD:GAME", ["list"], "bad Game: title must be a mapping"),
    "scorer-spec": ("GAME = Game(id='x-rail', title={'en': 'X'}, scorer=42)", "MOD:GAME", ["list"],
                    'scorer must be a "module:name" string or None, got 42'),
    "scorer-raises": ("def score(paths, strict=False):\n    return 1 / 0\n"
                      "GAME = Game(id='x-rail', title={'en': 'X'}, scorer='MOD:score')", "MOD:GAME",
                      ["score", "x-rail", "GAMEFILE"], "its scorer MOD:score failed: ZeroDivisionError: division by zero"),
    "scorer-exits": ("def score(paths, strict=False):\n    sys.exit(0)\n"
                     "GAME = Game(id='x-rail', title={'en': 'X'}, scorer='MOD:score')", "MOD:GAME",
                     ["score", "x-rail", "GAMEFILE"], "its scorer MOD:score failed: it called sys.exit(0)"),
    "scorer-returns-none": ("def score(paths, strict=False):\n    return None\n"
                            "GAME = Game(id='x-rail', title={'en': 'X'}, scorer='MOD:score')", "MOD:GAME",
                            ["score", "x-rail", "GAMEFILE"], "its scorer MOD:score returned NoneType, not a score result"),
    "scorer-returns-text": ("def score(paths, strict=False):\n    return 'Ala 12'\n"
                            "GAME = Game(id='x-rail', title={'en': 'X'}, scorer='MOD:score')", "MOD:GAME",
                            ["score", "x-rail", "GAMEFILE", "--json"], "its scorer MOD:score returned str, not a score result"),
    "scorer-missing": ("GAME = Game(id='x-rail', title={'en': 'X'}, scorer='MOD:nothing')", "MOD:GAME",
                       ["score", "x-rail", "GAMEFILE"], "its scorer MOD:nothing failed: AttributeError"),
    "result-raises": ("class R:\n    def as_text(self, lang):\n        raise ValueError('bad table')\n"
                      "    def as_json(self):\n        return {}\n"
                      "def score(paths, strict=False):\n    return R()\n"
                      "GAME = Game(id='x-rail', title={'en': 'X'}, scorer='MOD:score')", "MOD:GAME",
                      # (the whole label: it was "its scorer MOD:score failed's as_text failed: …")
                      ["score", "x-rail", "GAMEFILE"], "its scorer MOD:score's result's as_text failed: ValueError: bad table"),
    "build-raises": ("def build(path, options):\n    raise IndexError('oops')\n"
                     "GAME = Game(id='x-rail', title={'en': 'X'}, kinds=(ContentKind('x-thing', build='MOD:build'),))",
                     "MOD:GAME", ["render", "x-rail", "--content", "CONTENT", "-o", "OUT", "-q"],
                     "its build of kind 'x-thing' MOD:build failed on"),
    "build-returns-junk": ("def build(path, options):\n    return 'not a document'\n"
                           "GAME = Game(id='x-rail', title={'en': 'X'}, kinds=(ContentKind('x-thing', build='MOD:build'),))",
                           "MOD:GAME", ["render", "x-rail", "--content", "CONTENT", "-o", "OUT", "-q"],
                           "the build of kind 'x-thing' returned str, not a scene Document"),
    "validate-raises": ("def check(path, lang):\n    raise KeyError('k')\n"
                        "GAME = Game(id='x-rail', title={'en': 'X'}, kinds=(ContentKind('x-thing', validate='MOD:check'),))",
                        "MOD:GAME", ["validate", "CONTENT"], "its validate of kind 'x-thing' MOD:check failed on"),
    "schema-junk": ("SCHEMA = 5\nGAME = Game(id='x-rail', title={'en': 'X'}, kinds=(ContentKind('x-thing', schema='MOD:SCHEMA'),))",
                    "MOD:GAME", ["schema"], "its schema of kind 'x-thing' MOD:SCHEMA is not a pydantic model"),
    "schema-missing": ("GAME = Game(id='x-rail', title={'en': 'X'}, kinds=(ContentKind('x-thing', schema='nowhere_xyz:M'),))",
                       "MOD:GAME", ["schema"], "its schema of kind 'x-thing' nowhere_xyz:M failed: ModuleNotFoundError"),
    "roller-raises": ("def random_seed():\n    raise RuntimeError('no dice')\n"
                      "GAME = Game(id='x-rail', title={'en': 'X'}, roller='MOD')", "MOD:GAME",
                      ["roll", "x-rail"], "its roller's random_seed failed: RuntimeError: no dice"),
    "roller-missing-fn": ("GAME = Game(id='x-rail', title={'en': 'X'}, roller='MOD')", "MOD:GAME",
                          ["sheet", "x-rail", "--seed", "1", "-o", "OUT/s.pdf"], "its roller's random_seed failed: AttributeError"),
}


@pytest.fixture
def plugin(tmp_path, monkeypatch):
    real = list(registry._entry_points())

    def install(case: str) -> tuple[str, str]:
        body, value, _, _ = CASES[case]
        module = f"broken_rail_{case.replace('-', '_')}"
        (tmp_path / f"{module}.py").write_text(HEADER + textwrap.dedent(body).replace("MOD", module) + "\n")
        monkeypatch.syspath_prepend(str(tmp_path))
        value = value.replace("MOD", module)
        eps = real + [EntryPoint(case, value, registry.GROUP)]
        monkeypatch.setattr(registry, "_entry_points", lambda: eps)
        registry.games.cache_clear()
        return module, value

    yield install
    registry.games.cache_clear()


def _args(command: list[str], tmp_path, module: str) -> list[str]:
    content = tmp_path / "content"
    (content / "x-rail").mkdir(parents=True, exist_ok=True)
    (content / "x-rail" / "a.yaml").write_text("kind: x-thing\nid: a\ngame: x-rail\n")
    game = tmp_path / "game.yml"
    game.write_text("anything\n")
    return [a.replace("CONTENT", str(content)).replace("OUT", str(tmp_path / "out")).replace("GAMEFILE", str(game))
            for a in command]


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_broken_plugin_is_one_error_naming_it_and_the_other_games_work(plugin, tmp_path, case):
    module, value = plugin(case)
    _, _, command, words = CASES[case]
    runner = CliRunner()
    result = runner.invoke(app, _args(command, tmp_path, module))
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    expected = words.replace("MOD", module)
    named = f"game plugin {case!r} ({value})"
    if command == ["list"]:  # broken while loading: skipped with a warning, the list still works
        assert result.exit_code == 0, result.output
        assert "ticket-to-ride" in result.stdout
        [warning] = [line for line in result.stderr.splitlines() if line.startswith("Warning: game plugin")]
        assert warning.startswith(f"Warning: {named}") and expected in warning, warning
    else:
        assert result.exit_code == 1, result.output
        assert result.stderr.startswith(f"Error: {named}") or command[0] == "validate", result.stderr
        assert result.stderr.count(named) == 1, result.stderr
        if "CONTENT" in command:  # a failure on a content file names the file
            assert str(tmp_path / "content" / "x-rail" / "a.yaml") in result.stderr
        assert expected in result.stderr, result.stderr
    # the other games are untouched by it
    other = tmp_path / "dos.yml"
    other.write_text(GOOD_GAME)
    result = runner.invoke(app, ["score", "days-of-steam", str(other)])
    assert result.exit_code == 0 and "Ala" in result.stdout, result.output


def test_a_real_ctrl_c_during_a_plugin_import_is_not_taken_for_a_broken_plugin(plugin, tmp_path):
    """The plugin sends itself SIGINT while importing: that is Ctrl-C, it must end the run."""
    import signal
    CASES["self-interrupt"] = ("import os, signal\nos.kill(os.getpid(), signal.SIGINT)\nGAME = None",
                               "MOD:GAME", ["list"], "")
    try:
        plugin("self-interrupt")
        with pytest.raises(KeyboardInterrupt):
            registry.games()
    finally:
        del CASES["self-interrupt"]
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # the handler is restored
