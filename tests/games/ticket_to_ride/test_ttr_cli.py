"""``railprint score ticket-to-ride`` end to end: exit codes, JSON contract, located errors."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from railprint.cli import app

CASES = Path(__file__).resolve().parents[2] / "data" / "ticket_to_ride" / "cases"
runner = CliRunner()

CONTRACT = {"name", "route_points", "trains_used", "tickets_completed", "tickets_failed", "ticket_points",
            "globetrotter", "region_bonus", "longest_path", "total", "rank"}


def _write_case(tmp_path: Path, case: str) -> Path:
    game = (CASES / f"{case}.yaml").read_text(encoding="utf-8").partition("\n---\n")[0]
    path = tmp_path / f"{case}.yaml"
    path.write_text(game + "\n", encoding="utf-8")
    return path


def _stderr(result) -> str:
    try:
        return result.stderr
    except ValueError:  # older click mixes the streams
        return result.output


def test_scores_a_game_as_text(tmp_path):
    path = _write_case(tmp_path, "nordic-ticket-chain")
    result = runner.invoke(app, ["score", "ticket-to-ride", str(path)])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Ala: 21 points, rank 1" in out
    assert "✓   +8  Oslo - Helsinki: Oslo → Örebro → Stockholm → Turku → Helsinki" in out
    assert "✗   -7  Stockholm - Imatra" in out
    assert "globetrotter      10" in out


def test_json_follows_the_contract(tmp_path):
    path = _write_case(tmp_path, "italy-review-joined")
    result = runner.invoke(app, ["score", "ttr", str(path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [p["name"] for p in data["players"]] == ["Ala", "Bartek"]
    for p in data["players"]:
        assert CONTRACT <= set(p)
        assert all(isinstance(p[k], int) for k in CONTRACT - {"name"})
    ala = data["players"][0]
    assert (ala["region_bonus"], ala["total"], ala["rank"]) == (11, 40, 1)
    assert data["violations"] == []


def test_violations_are_listed_and_exit_0(tmp_path):
    path = _write_case(tmp_path, "nordic-parallel-2p")
    result = runner.invoke(app, ["score", "ticket-to-ride", str(path), "--json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert len(data["violations"]) == 2
    assert all(v["where"].startswith(str(path) + ":") for v in data["violations"])
    text = runner.invoke(app, ["score", "ticket-to-ride", str(path)]).stdout
    assert "Violations (2):" in text


def test_strict_turns_violations_into_exit_1(tmp_path):
    path = _write_case(tmp_path, "nordic-parallel-2p")
    result = runner.invoke(app, ["score", "ticket-to-ride", str(path), "--strict"])
    assert result.exit_code == 1
    err = _stderr(result)
    assert err.startswith("Error: 2 rule violations in") and "double route Bergen - Oslo" in err
    assert "Traceback" not in result.output
    ok = _write_case(tmp_path, "nordic-ticket-chain")
    assert runner.invoke(app, ["score", "ticket-to-ride", str(ok), "--strict"]).exit_code == 0


def test_an_unknown_city_exits_1_with_a_located_message(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text("map: nordic\nplayers:\n  - name: Ala\n    routes:\n      - Oslo - Stokholm\n",
                    encoding="utf-8")
    result = runner.invoke(app, ["score", "ticket-to-ride", str(path)])
    assert result.exit_code == 1
    err = _stderr(result)
    assert err.startswith(f"Error: {path}:5:16: unknown city or area 'Stokholm'")
    assert "did you mean 'Stockholm'" in err
    assert "Traceback" not in result.output and isinstance(result.exception, SystemExit)


def test_a_broken_map_file_exits_1_with_its_location(tmp_path):
    (tmp_path / "mine.yaml").write_text(
        "format: railprint-ttr-map/1\nid: mine\nname: {en: Mine}\nplayers: {min: 2, max: 2}\n"
        "trains_per_player: 10\nboard: {aspect: 1}\ncolours: {gray: {hex: '#999999'}}\n"
        "route_points: {1: 1}\nparallel_routes: {claimable_by_players: {2: 1}}\n"
        "cities:\n  - {id: a, name: A, at: [0, 0]}\n  - {id: b, name: B, at: [1, 1]}\n"
        "routes:\n  - {id: ab, between: [a, c], length: 1, colour: gray}\n", encoding="utf-8")
    game = tmp_path / "game.yaml"
    game.write_text("map: mine.yaml\nplayers:\n  - name: X\n  - name: Y\n", encoding="utf-8")
    result = runner.invoke(app, ["score", "ticket-to-ride", str(game)])
    assert result.exit_code == 1
    assert _stderr(result).startswith(f"Error: {tmp_path / 'mine.yaml'}:14:27: route 'ab': unknown city")


def test_a_missing_file_exits_1(tmp_path):
    result = runner.invoke(app, ["score", "ticket-to-ride", str(tmp_path / "none.yaml")])
    assert result.exit_code == 1 and "cannot read file" in _stderr(result)


def test_several_files_give_a_json_list(tmp_path):
    a, b = _write_case(tmp_path, "nordic-murmansk-lieksa"), _write_case(tmp_path, "italy-francia-ticket")
    result = runner.invoke(app, ["score", "ticket-to-ride", str(a), str(b), "--json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert [g["map"] for g in data] == ["nordic", "italy"]


def test_the_heading_counts_one_player_in_the_singular(tmp_path):
    game = tmp_path / "solo.yaml"
    game.write_text("map: nordic\nplayers:\n  - name: Ala\n    routes: [Oslo - Örebro]\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["score", "ticket-to-ride", str(game)])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == f"Ticket to Ride: Nordic Countries — {game} — 1 player"
