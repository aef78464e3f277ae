"""Seeded mutation fuzzing of everything railprint reads: shipped content files, Railroad Ink
boards and Ticket to Ride games. Every mutated run must end like a good tool's: exit 0 or 1,
no traceback, every error located in the file (``file:line``), nothing written outside ``-o``
and nothing at all when the run fails.

The CI run is small (well under a minute); a longer one:

    RAILPRINT_FUZZ_EXAMPLES=5000 python -m pytest tests/fuzz -p no:cacheprovider

runs that many mutations per target (the seed of each is its index, so a failure replays).
"""

from __future__ import annotations

import os
import random
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from railprint.cli import app
from railprint.loading.resources import content_root

EXAMPLES = int(os.environ.get("RAILPRINT_FUZZ_EXAMPLES", "0"))
DATA = Path(__file__).resolve().parent.parent / "data"

# Values an attacker or a careless user types where a value belongs.
HOSTILE = ["abc", ".nan", ".inf", "-.inf", "[1]", "{}", "''", "-5mm", "0mm", "0", "-1", "1e308",
           "99999999999999999999999", "9" * 4400, "'{name.foo}'", "'{name:>200000000}'", "'{0}'",
           "'{'", "../../../escape", "/tmp/railprint-fuzz-abs", "'~nosuchuser/m.yaml'", "null", "true", "NO",
           "'\u202eevil'", "\"\\e[31mred\"", "[[[[]]]]", "&a 1", "*a", "!!python/object:os.system",
           "'x\u0000'", "100000000mm", "1000", "'ż\u0301'", "[a, b, c, d, e]", "{x: 1}"]
NOISE = ["\x07", "\x00", "\t", "\ufeff", "\u202e", "{", "}", "[", "]", ":", "-", "'", '"', "#", "&", "*", "!", "|"]
VALUE = re.compile(r"(\w+): ([^,{}\[\]\n]+)")
LOCATED = re.compile(r"[^\s:]+\.(yaml|txt):\d+")


def mutate(text: str, rnd: random.Random) -> str:
    """One to three random edits: a value (or a line's whole value) replaced by a hostile one,
    a line deleted or duplicated, a character inserted, the file cut short."""
    lines = text.split("\n")
    for _ in range(rnd.randint(1, 3)):
        i = rnd.randrange(len(lines))
        op = rnd.random()
        values = list(VALUE.finditer(lines[i]))
        if op < 0.45 and values:  # one value inside a line, the YAML structure kept
            found = rnd.choice(values)
            lines[i] = lines[i][:found.start(2)] + rnd.choice(HOSTILE) + lines[i][found.end(2):]
        elif op < 0.55 and ":" in lines[i]:
            head, _, _ = lines[i].partition(":")
            lines[i] = f"{head}: {rnd.choice(HOSTILE)}"
        elif op < 0.65:
            del lines[i]
            if not lines:
                lines = [""]
        elif op < 0.75:
            lines.insert(i, lines[i])
        elif op < 0.92:
            j = rnd.randint(0, len(lines[i]))
            lines[i] = lines[i][:j] + rnd.choice(NOISE + HOSTILE) + lines[i][j:]
        else:
            lines = lines[:i + 1]
    return "\n".join(lines)


def _examples(default: int) -> int:
    return EXAMPLES or default


def _files(root: Path, pattern: str) -> list[Path]:
    return sorted(p for p in root.rglob(pattern) if p.parent.name != "sheets")


def _check(result, *, allow_usage: bool = False, located: bool = True) -> None:
    """The run ended cleanly: exit 0/1 (2 for usage), no traceback, errors located."""
    codes = (0, 1, 2) if allow_usage else (0, 1)
    exc = result.exception
    assert exc is None or isinstance(exc, SystemExit), f"uncaught {type(exc).__name__}: {exc}\n{result.output}"
    assert result.exit_code in codes, result.output
    assert "Traceback" not in result.output
    if result.exit_code == 1 and located:
        errors = [line for line in result.stderr.splitlines() if line.strip()]
        assert errors and errors[0].startswith("Error: "), result.stderr
        located = [LOCATED.search(line) for line in errors if not line.startswith("Error: ") or len(errors) == 1]
        assert all(located), f"an error without file:line:\n{result.stderr}"


def _tree(folder: Path) -> set[Path]:
    return {p for p in folder.rglob("*")} if folder.exists() else set()


def _content_case(tmp_path: Path, source: Path, seed: int) -> None:
    rnd = random.Random(seed)
    folder = tmp_path / f"case{seed}"
    game_dir = folder / "content" / source.parent.name
    game_dir.mkdir(parents=True)
    (game_dir / source.name).write_text(mutate(source.read_text(encoding="utf-8"), rnd), encoding="utf-8")
    for sibling in source.parent.glob("*.yaml"):  # referenced maps stay available
        if sibling.name != source.name and sibling.name in ("nordic.yaml", "italy.yaml", "dice.yaml"):
            (game_dir / sibling.name).write_bytes(sibling.read_bytes())
    out = folder / "out"
    before = _tree(tmp_path) - _tree(folder)
    result = CliRunner().invoke(app, ["render", "all", "--content", str(folder / "content"),
                                      "-o", str(out), "-q"])
    _check(result)
    assert _tree(tmp_path) - _tree(folder) == before, "something was written outside the case folder"
    assert not Path("/tmp/railprint-fuzz-abs").exists(), "an absolute id or game name was written"
    written = {p for p in _tree(folder) if p.is_file()} - set((folder / "content").rglob("*"))
    assert all(out in p.parents for p in written), f"written outside -o: {written}"
    if result.exit_code != 0:
        assert not [p for p in written], f"a failed run left files: {written}"
    else:
        assert not [p for p in written if p.name.startswith(".")], "temporary files left"


SHIPPED = _files(content_root(), "*.yaml")
# the big boards take seconds each to draw; the CI run mutates the quick-to-build files
QUICK = [p for p in SHIPPED if p.stem not in ("board-nordic", "board-italy", "nordic", "italy")]


@pytest.mark.parametrize("index", range(_examples(24)))
def test_mutated_content_renders_or_fails_cleanly(tmp_path, index):
    files = SHIPPED if EXAMPLES else QUICK
    source = files[index % len(files)]
    _content_case(tmp_path, source, index)


def _score_case(tmp_path: Path, game: str, source: Path, seed: int, picture: bool) -> None:
    rnd = random.Random(seed)
    text = source.read_text(encoding="utf-8").partition("\n---\n")[0]
    target = tmp_path / ("game.yaml" if source.suffix == ".yaml" else "board.txt")
    target.write_text(mutate(text, rnd), encoding="utf-8")
    args = ["score", game, str(target), *(["--json"] if seed % 2 else [])]
    if picture:
        args += ["--picture", str(tmp_path / "out" / "picture.svg")]
    result = CliRunner().invoke(app, args)
    _check(result)
    if result.exit_code != 0:
        assert result.stdout == "", "a failed run printed data"
        assert not _tree(tmp_path / "out"), "a failed run left a picture"


TTR_GAMES = sorted((DATA / "ticket_to_ride" / "cases").glob("*.yaml"))
RI_BOARDS = sorted((DATA / "railroad_ink" / "cases").glob("*.txt"))


@pytest.mark.parametrize("index", range(_examples(60)))
def test_mutated_ticket_to_ride_games_score_or_fail_cleanly(tmp_path, index):
    _score_case(tmp_path, "ticket-to-ride", TTR_GAMES[index % len(TTR_GAMES)], index, picture=index % 10 == 0)


@pytest.mark.parametrize("index", range(_examples(60)))
def test_mutated_railroad_ink_boards_score_or_fail_cleanly(tmp_path, index):
    _score_case(tmp_path, "railroad-ink", RI_BOARDS[index % len(RI_BOARDS)], index, picture=index % 10 == 0)


@pytest.mark.parametrize("args", [
    ["render", "nosuchgame"], ["render", "--paper", "a9"], ["render", "--mode", "x"], ["render", "--format", "gif"],
    ["sheet", "railroad-ink", "--seed", "-1", "--players", "0"], ["sheet", "railroad-ink", "--players", "100000"],
    ["sheet", "railroad-ink", "--date", "2024-13-45"], ["roll", "railroad-ink", "--round", "99999"],
    ["roll", "railroad-ink", "--seed", "9" * 5000], ["score", "railroad-ink"], ["score", "nosuch", "x"],
    ["calibrate", "--paper", "x"], ["render", "--back-offset", "nan,inf"],
])
def test_hostile_options_end_cleanly(tmp_path, monkeypatch, args):
    monkeypatch.chdir(tmp_path)
    _check(CliRunner().invoke(app, args), allow_usage=True, located=False)
