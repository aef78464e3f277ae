"""The Days of Steam and Allers scorers under hostile game files: every value located, huge
numbers and counts refused before they fill the memory, sizes capped, player names escaped."""

from __future__ import annotations

import pytest

from railprint.loading.text import MAX_GAME_BYTES

from .common import run

DOS = "players:\n  - {name: Ala, goods: RG, circuits: 1, steam: 1}\n  - {name: Bo, goods: R, circuits: 1, steam: 1}\n"


def _score(tmp_path, game: str, text: str, *options: str):
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    return run("score", game, str(path), *options)


def _clean_failure(result, *expected: str) -> None:
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output and result.stdout == ""
    assert "game.yaml:" in result.stderr, result.stderr
    for text in expected:
        assert text in result.stderr, result.stderr


@pytest.mark.parametrize("value, expected", [
    (".nan", "got nan"), (".inf", "got inf"), ("99999999999999", "99999999999999 circuit counters"),
    ("'" + "9" * 5000 + "'", "got '" + "9" * 38 + "…"), ("9" * 4300, "too large (4300 characters)"),
])
def test_days_of_steam_numbers(tmp_path, value, expected):
    result = _score(tmp_path, "days-of-steam", DOS.replace("circuits: 1", f"circuits: {value}", 1))
    _clean_failure(result, expected)
    assert len(result.stderr) < 500


def test_days_of_steam_goods_count_is_not_expanded(tmp_path):
    # {R: 10^14} was expanded into a list: MemoryError; 10^8 took 6 s and 1.5 GB
    result = _score(tmp_path, "days-of-steam", DOS.replace("goods: RG", "goods: {R: 99999999999999}"))
    _clean_failure(result, "game.yaml:2:", "99999999999999 R goods; the game has 28")


def test_days_of_steam_player_count_is_capped(tmp_path):
    text = "players:\n" + "".join(f"  - {{name: p{i}}}\n" for i in range(500))
    _clean_failure(_score(tmp_path, "days-of-steam", text), "game.yaml:22:", "500 players")


@pytest.mark.parametrize("game", ["days-of-steam", "allers-trains"])
def test_game_files_are_capped_in_size(tmp_path, game):
    # the YAML reader needs ~5 s per MB; a game file is a few KB
    result = _score(tmp_path, game, DOS + "#" * MAX_GAME_BYTES)
    _clean_failure(result, "larger than 256 KiB")


def test_days_of_steam_huge_map_is_refused(tmp_path):
    rows = "".join("  " + " ".join(["st0"] * 100) + "\n" for _ in range(100))  # 10^4 squares
    result = _score(tmp_path, "days-of-steam", DOS + "map: |\n" + rows)
    _clean_failure(result, "game.yaml:4:6:", "more than 60 rows or columns")


def test_days_of_steam_names_are_escaped(tmp_path):
    text = DOS.replace("Ala", '"A\\u202e\\x1b[31mla"')
    result = _score(tmp_path, "days-of-steam", text)
    assert result.exit_code == 0, result.output
    assert "\x1b" not in result.output and "\u202e" not in result.output
    assert "A\\u202e\\x1b[31mla" in result.stdout


AT = "mode: route+stations\nplayers: [Ala, Bo]\n"


@pytest.mark.parametrize("body, expected", [
    ("route: {Ala: .nan, Bo: 40+" + "9" * 5000 + "}\narrivals: {}\n", "expected a number or 40+n"),
    ("route: {Ala: 3, Bo: 4}\narrivals:\n  1: [Ala@" + "9" * 5000 + "]\n", "round '" + "9" * 20 + "…"),
    ("frames:\n  Ala: [B1 T06 " + "9" * 5000 + "]\n  Bo: [B1 T06 0]\n", "placement 1: rotation"),
])
def test_allers_numbers(tmp_path, body, expected):
    # 5,000-digit numbers were a ValueError traceback (Python's int-from-text limit)
    result = _score(tmp_path, "allers-trains", AT + body)
    _clean_failure(result, expected)
    assert len(result.stderr) < 1000


@pytest.mark.parametrize("body, expected", [
    ("players: [" + ",".join(f"p{i}" for i in range(20000)) + "]\narrivals: {}\n", "20000 players"),
    ("frames:\n" + "".join(f"  p{i}: [B1 T06 0]\n" for i in range(5000)), "5000 frames"),
    ("players: [Ala, Bo]\narrivals:\n  1: [" + ",".join(["Ala@1"] * 20000) + "]\n", "20000 entries"),
    ("players: [Ala, Bo]\narrivals:\n  1: {" + ",".join(f"p{i}: 1" for i in range(10000)) + "}\n",
     "10000 entries"),
    ("players: [Ala]\nframes:\n  Ala: [" + ", ".join(["B1 T06 0"] * 5000) + "]\n", "5000 entries"),
])
def test_allers_counts_are_capped(tmp_path, body, expected):
    # 100,000 players ran > 30 s (a quadratic duplicate check); 20,000 frames 3 s
    result = _score(tmp_path, "allers-trains", "mode: stations\n" + body)
    _clean_failure(result, expected)


def test_allers_names_are_escaped(tmp_path):
    text = 'mode: stations\nplayers: ["A\\u202e\\x1b[2Jla", Bo]\narrivals:\n  1: ["A\\u202e\\x1b[2Jla@1"]\n'
    result = _score(tmp_path, "allers-trains", text)
    assert result.exit_code == 0, result.output
    assert "\x1b" not in result.output and "\u202e" not in result.output
    assert "A\\u202e\\x1b[2Jla" in result.stdout


def test_problem_lists_are_capped():
    from railprint.errors import MAX_SHOWN, ContentError, RailprintError

    error = ContentError("many", problems=[RailprintError(f"p{i}") for i in range(MAX_SHOWN + 50)])
    lines = str(error).splitlines()
    assert len(lines) == MAX_SHOWN + 2 and lines[-1] == "  … and 50 more"
