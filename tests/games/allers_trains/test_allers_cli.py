"""``railprint score allers-trains`` end to end: JSON contract, both languages, the picture,
located errors with exit 1 and nothing written."""

from __future__ import annotations

import json
from pathlib import Path

import pdfplumber

from railprint.scene import texts
from tests.helpers import cli_stdout, run_cli

CASES = Path(__file__).resolve().parents[2] / "data" / "allers_trains" / "cases"


def _game(tmp_path: Path, case: str) -> Path:
    text = (CASES / case).read_text(encoding="utf-8").partition("\n---\n")[0]
    path = tmp_path / case
    path.write_text(text + "\n", encoding="utf-8")
    return path


def test_json_contract(tmp_path):
    data = json.loads(cli_stdout("score", "allers-trains", str(_game(tmp_path, "stations-3p-shared-space.yaml")), "--json"))
    assert [p["name"] for p in data["players"]] == ["Ala", "Bartek", "Celina"]
    for p in data["players"]:
        assert {"name", "station_points", "stations", "route_points", "total", "rank"} <= set(p)
    assert data["winner"] == ["Ala", "Bartek"]
    assert data["spaces"]["1"] == {"Ala": 1, "Bartek": 1, "Celina": 3}
    assert data["violations"] == []


def test_text_report_in_both_languages(tmp_path):
    path = str(_game(tmp_path, "frames-2p-both.yaml"))
    en = cli_stdout("score", "allers-trains", path)
    assert "Ala: 25 points, rank 1" in en and "Złotniki" in en and "the 2-player table is our design" in en
    assert "red: removed at Złotniki in round 2" in en
    pl = cli_stdout("score", "jedzie-pociag", path, "--lang", "pl")
    assert "Ala: 25 pkt, miejsce 1" in pl and "wariant 2: najdłuższa trasa + stacje" in pl
    assert "czerwona: usunięta na stacji Złotniki w rundzie 2" in pl


def test_the_route_line_shows_the_track_reading_only_past_40_and_a_misspelt_mode_is_suggested(tmp_path):
    en = cli_stdout("score", "allers-trains", str(_game(tmp_path, "frames-2p-both.yaml")))
    assert "  longest route: 9\n" in en   # not "9 (9)"
    path = tmp_path / "route.yaml"
    path.write_text("mode: route\nplayers: [Ala, Bartek]\nroute: {Ala: 40+9, Bartek: 39}\n", encoding="utf-8")
    en = cli_stdout("score", "allers-trains", str(path))
    assert "  longest route: 49 (40+9)\n" in en and "  longest route: 39\n" in en
    path.write_text("mode: route+staton\nplayers: [Ala]\nroute: {Ala: 3}\n", encoding="utf-8")
    result = run_cli("score", "allers-trains", str(path))
    assert result.exit_code == 1 and "1 problem(s)" in result.stderr and "route.yaml:1:7: unknown mode 'route+staton' (did you mean 'route+stations'?" \
        in result.stderr


def test_picture_draws_every_frame_with_the_paths(tmp_path):
    out = tmp_path / "game.pdf"
    result = run_cli("score", "allers-trains", str(_game(tmp_path, "frames-2p-both.yaml")),
                     "--picture", str(out), "--lang", "pl")
    assert result.exit_code == 0, result.output
    with pdfplumber.open(out) as pdf:
        assert len(pdf.pages) == 2
        text = pdf.pages[0].extract_text()
    assert "1. Ala — 25 pkt" in text and "Niebieskowiec" in text
    from railprint.games.allers_trains import score_text
    doc = score_text((CASES / "frames-2p-both.yaml").read_text(encoding="utf-8").partition("\n---\n")[0]).picture()
    paths = [g for g in _groups(doc.pages[0].items) if g.id == "paths"][0]
    # one piece per tile entered (blue 5, violet 2, black 0, red 2), the U-turns between two
    # entries (blue on A2's west edge, violet on B1's south edge), a dot at each arrival, a
    # cross (2 lines) where violet ran into black
    assert len(paths.items) == 9 + 2 + 2 + 2
    assert "Czerno" in texts(doc)


def _groups(items):
    from railprint.scene import Group
    for item in items:
        if isinstance(item, Group):
            yield item
            yield from _groups(item.items)


def test_errors_are_located_all_at_once_and_write_nothing(tmp_path):
    out = tmp_path / "never.pdf"
    result = run_cli("score", "allers-trains", str(_game(tmp_path, "error-frames-illegal.yaml")),
                     "--picture", str(out))
    assert result.exit_code == 1
    assert "6 problem(s)" in result.stderr and "error-frames-illegal.yaml:8:7:" in result.stderr
    assert "Traceback" not in result.output and not out.exists()


def test_strict_turns_violations_into_errors(tmp_path):
    path = str(_game(tmp_path, "frames-1p-route-unfinished.yaml"))
    assert run_cli("score", "allers-trains", path).exit_code == 0
    result = run_cli("score", "allers-trains", path, "--strict")
    assert result.exit_code == 1 and "the game is not over" in result.stderr


def test_a_player_at_no_station_is_told_once_not_stations_above_stations(tmp_path):
    """It read "stations: no station reached" above "stations: 0" (Polish: "stacje: żadna stacja",
    "stacje: 0"): two lines of one label, one a list and one the points."""
    path = tmp_path / "game.yaml"
    path.write_text("mode: route+stations\nplayers: [Ala, Bartek]\nframes:\n  Ala: [B1 T06 0, A2 T05 0]\n"
                    "  Bartek: [A2 T15 0]\n", encoding="utf-8")
    en = cli_stdout("score", "allers-trains", str(path))
    assert "  no station reached\n  stations: 0\n" in en and "stations: no station" not in en
    pl = cli_stdout("score", "allers-trains", str(path), "--lang", "pl")
    assert "  brak przyjazdów na stacje\n  stacje: 0\n" in pl and "stacje: żadna" not in pl
