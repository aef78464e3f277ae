"""The Ticket to Ride scorer answers every input quickly: exact for legal games, a bounded
search (stated as not computed) for illegal ones; every problem of a game file at once; player
names cannot drive the terminal."""

from __future__ import annotations

import json
import random

import pytest

from railprint.games.ticket_to_ride import load_map
from railprint.games.ticket_to_ride.graph import TrailSearchLimit, longest_trail
from railprint.games.ticket_to_ride.notation import route_entry

from .common import run

NORDIC = load_map("nordic")


def _game(tmp_path, routes: list[str], name: str = "Ala", other: str = "[Oslo - Örebro]") -> str:
    lines = ["map: nordic", "players:", f"  - name: {name}", "    routes:"]
    lines += [f'      - "{r}"' for r in routes]
    lines += ["  - name: Bo", f"    routes: {other}"]
    path = tmp_path / "game.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def _hard_68() -> list[str]:
    """68 of the Nordic map's routes for one player: the search space explodes (minutes unbounded)."""
    ids = random.Random(0).sample(sorted(NORDIC.route), 68)
    return [route_entry(NORDIC, r) for r in ids]


def test_68_routes_answer_with_the_violation_and_what_was_not_computed(tmp_path):
    path = _game(tmp_path, _hard_68())
    result = run("score", "ticket-to-ride", path, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    ala = data["players"][0]
    assert ala["longest_path"] is None and ala["not_computed"] == ["longest_path"]
    messages = [v["message"] for v in data["violations"]]
    assert any("only 40" in m for m in messages)
    assert any("longest path not computed" in m for m in messages)
    assert data["players"][1]["longest_path"] == 2 and data["players"][1]["not_computed"] == []
    text = run("score", "ticket-to-ride", path)
    assert text.exit_code == 0 and "longest path: not computed" in text.stdout


def test_10000_route_entries_are_scored(tmp_path):
    ids = sorted(NORDIC.route)
    routes = [route_entry(NORDIC, ids[i % len(ids)]) for i in range(10_000)]
    result = run("score", "ticket-to-ride", _game(tmp_path, routes, other="[]"), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert len(data["players"][0]["routes"]) == len(ids)  # each counted once
    assert sum("listed twice" in v["message"] for v in data["violations"]) == 10_000 - len(ids)


def test_the_search_budget_stops_a_search_and_leaves_exact_answers_alone():
    ids = random.Random(0).sample(sorted(NORDIC.route), 68)
    edges = [(r, NORDIC.route[r].a, NORDIC.route[r].b, NORDIC.route[r].length) for r in ids]
    with pytest.raises(TrailSearchLimit):
        longest_trail(edges, budget=10_000)
    small = [(0, "a", "b", 1), (1, "b", "c", 1), (2, "c", "a", 1), (3, "a", "d", 2)]
    assert longest_trail(small, budget=10_000) == longest_trail(small) == 5


def test_a_legal_game_is_exact(tmp_path):
    routes = ["Oslo - Örebro", "Örebro - Stockholm", "Stockholm - Sundsvall"]  # one chain
    result = run("score", "ticket-to-ride", _game(tmp_path, routes), "--json")
    ala = json.loads(result.stdout)["players"][0]
    chain = sum(r["length"] for r in ala["routes"])
    assert ala["longest_path"] == ala["trains_used"] == chain and ala["not_computed"] == []


@pytest.mark.parametrize("text,message,where", [
    ("map: '~nosuchuser/m.yaml'\nplayers: []\n", "map file not found", ":1:6:"),
    ("map: nordic\nplayers:\n  - name: A\n    tickets: ['Oslo - Stockholm: " + "9" * 4300 + "']\n",
     "worth", ":4:"),
    ("map: nordic\nplayers:\n  - name: A\n    tickets: [{Oslo - Stockholm: " + "9" * 4300 + "}]\n",
     "too large", ":4:"),
    ("map: \"./x\\0y.yaml\"\nplayers: []\n", "map file not found", ":1:6:"),
])
def test_hostile_game_values_are_located_errors(tmp_path, text, message, where):
    path = tmp_path / "g.yaml"
    path.write_text(text, encoding="utf-8")
    result = run("score", "ticket-to-ride", str(path))
    assert result.exit_code == 1, result.output
    assert message in result.stderr and f"g.yaml{where}" in result.stderr
    assert "Traceback" not in result.output and result.stdout == ""


def test_every_problem_of_a_game_file_is_reported_at_once(tmp_path):
    path = tmp_path / "g.yaml"
    path.write_text("map: nordic\nplayers:\n  - name: A\n    routes: [Oslo - Nowhere, Bergen - Oslo]\n"
                    "    tickets: [Oslo - Xyz]\n    colour: mauve\n  - name: B\n    routes: [Foo - Bar]\n",
                    encoding="utf-8")
    result = run("score", "ticket-to-ride", str(path))
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: 4 problems in")
    for where in ("g.yaml:4:21:", "g.yaml:5:22:", "g.yaml:6:13:", "g.yaml:8:14:"):
        assert where in result.stderr


NASTY = "Ala\x1b[2J\u202eevil\u2066x\x07"


def test_control_characters_and_bidi_overrides_in_names_are_escaped(tmp_path):
    path = tmp_path / "g.yaml"
    path.write_text('map: nordic\nplayers:\n  - name: "Ala\\e[2J\\u202eevil\\u2066x\\a"\n'
                    "    routes: [Oslo - Örebro]\n  - name: Bo\n", encoding="utf-8")
    text = run("score", "ticket-to-ride", str(path))
    assert text.exit_code == 0, text.output
    assert "Ala\\x1b[2J\\u202eevil\\u2066x\\x07" in text.stdout
    for raw in ("\x1b", "\u202e", "\u2066", "\x07"):
        assert raw not in text.stdout
    data = run("score", "ticket-to-ride", str(path), "--json")
    assert "\u202e" not in data.stdout and "\x1b" not in data.stdout
    assert json.loads(data.stdout)["players"][0]["name"] == NASTY  # the data itself is unchanged


def test_svg_output_is_byte_identical_whatever_the_clock_says(tmp_path, monkeypatch):
    from fontTools.ttLib.tables import _h_e_a_d

    from railprint.writers import svg

    game = tmp_path / "g.yaml"
    game.write_text("map: nordic\nplayers:\n  - name: Ala\n    routes: [Oslo - Örebro]\n  - name: Bo\n")
    outputs = []
    for now in (3_000_000_000, 3_500_000_000):
        svg._font_face_css.cache_clear()
        svg._style_element.cache_clear()   # (the <style> element made of the subsets, kept as bytes)
        monkeypatch.setattr(_h_e_a_d, "timestampNow", lambda now=now: now)
        assert run("score", "ticket-to-ride", str(game), "--picture", str(tmp_path / f"{now}.svg")).exit_code == 0
        outputs.append((tmp_path / f"{now}.svg").read_bytes())
    assert outputs[0] == outputs[1]


def test_player_and_entry_counts_are_capped_with_a_located_error(tmp_path):
    from railprint.games.ticket_to_ride.notation import MAX_ENTRIES, MAX_PLAYERS

    path = tmp_path / "g.yaml"
    path.write_text("map: nordic\nplayers:\n" + "".join(f"  - name: P{i}\n" for i in range(MAX_PLAYERS + 1)))
    result = run("score", "ticket-to-ride", str(path))
    assert result.exit_code == 1 and f"g.yaml:{MAX_PLAYERS + 3}:5:" in result.stderr
    assert f"at most {MAX_PLAYERS}" in result.stderr
    half = MAX_ENTRIES // 2 + 1
    path.write_text("map: nordic\nplayers:\n" + "".join(
        f"  - name: P{i}\n    routes: [{', '.join(['Oslo - Örebro'] * half)}]\n" for i in range(2)))
    result = run("score", "ticket-to-ride", str(path))
    assert result.exit_code == 1 and "g.yaml:3:3:" in result.stderr and f"at most {MAX_ENTRIES}" in result.stderr


def test_players_over_the_train_limit_share_one_search_budget(tmp_path):
    from railprint.games.ticket_to_ride.rules import LONGEST_BUDGET

    lines = ["map: nordic", "players:"]
    for p in range(20):
        ids = random.Random(p).sample(sorted(NORDIC.route), 68)
        lines += [f"  - name: P{p}", "    routes:"] + [f'      - "{route_entry(NORDIC, r)}"' for r in ids]
    path = tmp_path / "g.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run("score", "ticket-to-ride", str(path), "--json")
    assert result.exit_code == 0, result.output
    stopped = [v["message"] for v in json.loads(result.stdout)["violations"] if "not computed" in v["message"]]
    assert stopped and all(f"stopped after {LONGEST_BUDGET // 20:,} steps" in m for m in stopped)
