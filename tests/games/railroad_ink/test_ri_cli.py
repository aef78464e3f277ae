"""`railprint score railroad-ink …` end to end: JSON contract, text report, ranking, strict mode,
option checks and bad input (located errors, exit 1, never a traceback)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from railprint.cli import app
from tests.games.railroad_ink.test_ri_notation import BAD

CASES = Path(__file__).resolve().parents[2] / "data" / "railroad_ink" / "cases"
CONTRACT = ("total", "exits", "longest_highway", "longest_railway", "center", "errors", "meteor", "lava")
runner = CliRunner()


def _score(*args: str):
    return runner.invoke(app, ["score", "railroad-ink", *args])


def test_json_for_one_file_is_one_object_with_the_contract_members():
    result = _score(str(CASES / "rulebook_example.txt"), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert isinstance(data, dict)
    for key in CONTRACT:
        assert type(data[key]) is int, key
    assert {k: data[k] for k in CONTRACT} == {
        "total": 46, "exits": 32, "longest_highway": 8, "longest_railway": 5, "center": 6,
        "errors": 5, "meteor": 0, "lava": 0}
    assert data["player"] == "Anna"
    assert data["violations"] == []


def test_json_for_several_files_is_an_array_in_the_given_order():
    files = [CASES / "meteor.txt", CASES / "rulebook_example.txt", CASES / "lava.txt"]
    result = _score(*map(str, files), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert isinstance(data, list) and len(data) == 3
    assert [d["player"] for d in data] == ["meteor", "Anna", "lava"]  # file stem when no header
    assert [d["meteor"] for d in data] == [4, 0, 0]
    assert [d["lava"] for d in data] == [0, 0, 10]
    assert all(d["errors"] >= 0 for d in data)


def test_text_report_draws_the_board_and_gives_reasons():
    result = _score(str(CASES / "rulebook_example.txt"))
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert " D h|==+====+  !=+====+====+====+====+==|h" in out  # row D, with D3's open west end
    assert "network 1: 6 exit(s) A6 north, B7 east, D7 east, F7 east, G6 south, G4 south" in out
    assert "network 2: 4 exit(s)" in out
    assert "Longest highway       8  A6 B6 C6 D6 D5 D4 C4 C5" in out
    assert "Longest railway       5  E4 F4 G4 G5 G6" in out
    assert "G3 east: highway end is open" in out
    assert "Total                46" in out


def _write(tmp_path: Path, name: str, source: str, player: str) -> Path:
    text = (CASES / source).read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if not line.startswith("player:")]
    path = tmp_path / name
    path.write_text(f"player: {player}\n" + "\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_several_files_rank_players_with_the_tie_break(tmp_path):
    # one_exit and highway_meets_railway both total 1; one error beats three errors
    files = [_write(tmp_path, "a.txt", "highway_meets_railway.txt", "Ala"),
             _write(tmp_path, "b.txt", "one_exit.txt", "Bartek"),
             _write(tmp_path, "c.txt", "rulebook_example.txt", "Cela"),
             _write(tmp_path, "d.txt", "rulebook_example.txt", "Dawid")]
    result = _score(*map(str, files))
    assert result.exit_code == 0, result.output
    ranking = result.stdout.split("Ranking", 1)[1].splitlines()
    rows = [line.split() for line in ranking if line[:1].isdigit()]
    assert [(r[0], r[1], r[-1]) for r in rows] == [
        ("1", "Cela", "46"), ("1", "Dawid", "46"), ("3", "Bartek", "1"), ("4", "Ala", "1")]
    assert "fewest errors" in result.stdout


def test_strict_turns_violations_into_an_error():
    result = _score(str(CASES / "specials_overused.txt"), "--strict")
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert result.stderr.startswith("Error: 2 rule violation(s):")
    assert "specials_overused.txt: A1: 4 special routes drawn (A1, A7, G1, G7)" in result.stderr
    assert result.stdout == ""
    ok = _score(str(CASES / "rulebook_example.txt"), "--strict", "--json")
    assert ok.exit_code == 0 and json.loads(ok.stdout)["total"] == 46


def test_violations_are_listed_but_the_sheet_is_scored():
    result = _score(str(CASES / "highway_meets_railway.txt"))
    assert result.exit_code == 0
    assert "D2: highway meets railway on its east side" in result.stdout
    assert "Total                 1" in result.stdout


def test_longest_option():
    path = str(CASES / "trail_vs_simple.txt")
    simple = json.loads(_score(path, "--json").stdout)
    trail = json.loads(_score(path, "--json", "--longest", "trail").stdout)
    assert (simple["longest_highway"], trail["longest_highway"]) == (9, 12)
    assert trail["longest"] == "trail"
    bad = _score(path, "--longest", "trial")
    assert bad.exit_code == 1
    assert bad.stderr.startswith("Error: unknown --longest reading 'trial'")
    assert "did you mean 'trail'?" in bad.stderr and "Traceback" not in bad.output


@pytest.mark.parametrize("name,data,where,message", BAD, ids=[b[0] for b in BAD])
def test_bad_input_through_the_cli(tmp_path, name, data, where, message):
    path = tmp_path / "sheet.txt"
    path.write_bytes(data)
    result = _score(str(path))
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert result.stderr.startswith(f"Error: {path}:{where}: "), result.stderr
    assert message in result.stderr


def test_missing_file_and_directory(tmp_path):
    for target in (tmp_path / "nope.txt", tmp_path):
        result = _score(str(target))
        assert result.exit_code == 1
        assert result.stderr.startswith("Error: ") and "Traceback" not in result.output


def test_real_process_prints_no_traceback(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_bytes(b"\xef\xbb\xbf" + b"hhhh . . . . . .\r\n" * 3 + b"hhhh . . . ? . .\r\n")
    proc = subprocess.run([sys.executable, "-m", "railprint", "score", "railroad-ink", str(path)],
                          capture_output=True, text=True, cwd=Path(__file__).resolve().parents[3])
    assert proc.returncode == 1
    assert proc.stderr.startswith(f"Error: {path}:4:12: '?': unknown letter '?'")
    assert "Traceback" not in proc.stderr and proc.stdout == ""
