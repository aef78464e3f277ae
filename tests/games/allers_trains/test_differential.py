"""Differential test: railprint's allers-trains scorer against the independent oracle
(tests/games/allers_trains/oracle.py) on a few hundred seeded legal games, and the contract's
error cases through the CLI (exit 1, file:line on stderr)."""

from __future__ import annotations

import json
import random
import re

import pytest
from typer.testing import CliRunner

from railprint.cli import app
from railprint.registry import find_game, scorer
from tests.games.allers_trains import oracle

SEED = 20261126
GAMES = list(oracle.games(SEED, 300))
PLAYER_FIELDS = ("name", "station_points", "stations", "route_points", "total", "rank")


def _real(path):
    return scorer(find_game("allers-trains"))([path], strict=False).as_json()


def _contract(data: dict) -> dict:
    """The contract's fields of a JSON result (stations a player did not reach left out)."""
    players = [{k: p[k] for k in PLAYER_FIELDS} for p in data["players"]]
    for p in players:
        p["stations"] = {str(k): v for k, v in p["stations"].items() if v}
    spaces = {str(k): v for k, v in data["spaces"].items() if v}
    return {"players": players, "winner": data["winner"], "spaces": spaces}


def test_the_generator_covers_every_mode_player_count_and_tie_level():
    seen = {(g.mode, len(g.players)) for _, g, _ in GAMES}
    assert seen == {(m, n) for m in oracle.MODES for n in (1, 2, 3, 4)}
    depths = {(g.mode, oracle.tie_depth(g)) for _, g, _ in GAMES}
    assert {("stations", d) for d in (0, 1, 2, 3, 4, 5, 6, 8)} <= depths
    assert {("route+stations", d) for d in range(9)} <= depths
    assert {("route", 0), ("route", 1)} <= depths
    shared = sum(1 for _, g, _ in GAMES for arrived in g.arrivals.values()
                 if len({r for _, r in arrived}) < len(arrived))
    skipped = sum(1 for _, g, _ in GAMES if any(s != 1 and s - 1 not in spaces.values()
                                                for spaces in oracle.score(g)["spaces"].values()
                                                for s in spaces.values()))
    assert shared > 50 and skipped > 20
    assert sum(1 for _, g, _ in GAMES if any(r > 40 for r in g.route.values())) > 50
    results = [oracle.score(g) for _, g, _ in GAMES]
    assert sum(1 for r in results if len(r["winner"]) > 1) > 10  # shared wins
    by_tiebreak = sum(1 for r in results if len(r["winner"]) == 1 and sum(
        1 for p in r["players"] if p["total"] == max(q["total"] for q in r["players"])) > 1)
    assert by_tiebreak > 10  # equal top totals, one winner by the station order


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return tmp_path_factory.mktemp("differential")


@pytest.mark.parametrize("label,game,text", GAMES, ids=[label for label, _, _ in GAMES])
def test_scorer_agrees_with_the_oracle(folder, label, game, text):
    path = folder / f"{label}.yaml"
    path.write_text(text, encoding="utf-8")
    data = _real(path)
    assert data["violations"] == [], text
    assert _contract(data) == oracle.score(game), text


# --------------------------------------------------------------------------------------------
# error cases of the contract: exit 1, every message located at file:line

runner = CliRunner()

ERRORS = {
    "unknown station": ("mode: stations\nplayers: [Ala, Bartek]\narrivals:\n  Fioletowo: [Ala@1]\n"
                        "  Zielonagóra: [Bartek@2]\n", 5),
    "station number 8": ("mode: stations\nplayers: [Ala, Bartek]\narrivals:\n  8: [Bartek@2]\n", 4),
    "unknown player": ("mode: stations\nplayers: [Ala, Bartek]\narrivals:\n"
                       "  Fioletowo: [Ala@1, Celina@2]\n", 4),
    "unknown player in route": ("mode: route\nplayers: [Ala, Bartek]\n"
                                "route: {Ala: 3, Bartek: 4, Celina: 5}\n", 3),
    "a player twice at one station": ("mode: stations\nplayers: [Ala, Bartek]\narrivals:\n"
                                      "  Czerno: [Ala@1, Bartek@2, Ala@3]\n", 4),
    "round 0": ("mode: stations\nplayers: [Ala, Bartek]\narrivals:\n  2: [Ala@0]\n", 4),
    "round below 0": ("mode: route+stations\nplayers: [Ala]\narrivals:\n  3: [Ala@-2]\nroute: {Ala: 7}\n", 4),
    # rulebook: 15 tiles a player, one a round, so no arrival after round 15
    "round 16": ("mode: stations\nplayers: [Ala, Bartek]\narrivals:\n  2: [Ala@16]\n", 4),
    # no station table (and no frame) for a fifth player
    "five players": ("mode: stations\nplayers: [A, B, C, D, E]\narrivals:\n  1: [A@3]\n", 2),
    "a station given by number and by name": ("mode: stations\nplayers: [Ala, Bartek]\narrivals:\n"
                                              "  1: [Ala@3]\n  Fioletowo: [Bartek@4]\n", 5),
    # rulebook: 4 locomotives a player, each at a different station
    "five stations for one player": ("mode: stations\nplayers: [Ala, Bartek]\narrivals:\n  1: [Ala@1]\n"
                                     "  2: [Ala@2]\n  3: [Ala@3]\n  4: [Ala@4]\n  5: [Ala@5]\n", 8),
}


@pytest.mark.parametrize("name", sorted(ERRORS))
def test_contract_error_exits_1_with_a_located_message(tmp_path, name):
    text, line = ERRORS[name]
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["score", "allers-trains", str(path), "--json"])
    assert result.exit_code == 1, (result.exit_code, result.output)
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    assert re.search(rf"{re.escape(str(path))}:{line}(:\d+)?:", result.stderr), result.stderr


# the finished-frames way in (issue 11): illegal placements, each at its line
FRAME_ERRORS = {
    "unknown tile": (["B1 T16 0"], [1]),
    "the depot square": (["A1 T01 0"], [1]),
    "a square outside the frame": (["E1 T01 0"], [1]),
    "a rotation that is not a quarter turn": (["B1 T01 45"], [1]),
    "a tile touching neither the depot nor a tile": (["C3 T01 0"], [1]),
    # B1 T01 0 joins violet and black (they collide); blue and red face A2, nothing faces C1
    "a tile that moves no locomotive": (["B1 T01 0", "C1 T02 0"], [2]),
    "a square taken twice": (["B1 T02 0", "B1 T03 0"], [2]),
    "a tile used twice": (["B1 T02 0", "A2 T02 0"], [2]),
    "two tiles in one round": (["B1 T02 0 @1", "A2 T03 0 @1"], [2]),
    "all at once": (["C3 T01 0", "B1 T16 0", "A1 T02 0"], [1, 2, 3]),
}


@pytest.mark.parametrize("name", sorted(FRAME_ERRORS))
def test_illegal_frame_exits_1_with_located_messages(tmp_path, name):
    tiles, bad = FRAME_ERRORS[name]
    path = tmp_path / "bad.yaml"
    path.write_text("mode: stations\nplayers: [Ala]\nframes:\n  Ala:\n"
                    + "".join(f"    - {t}\n" for t in tiles), encoding="utf-8")
    result = runner.invoke(app, ["score", "allers-trains", str(path), "--json"])
    assert result.exit_code == 1, result.output
    assert result.stdout == "" and "Traceback" not in result.stderr
    for placement in bad:  # the header takes lines 1-4
        assert re.search(rf"{re.escape(str(path))}:{4 + placement}(:\d+)?:", result.stderr), result.stderr


def test_an_unreadable_route_reading_is_reported_once(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("mode: route\nplayers: [Ala]\nroute: {Ala: 40+0}\n", encoding="utf-8")
    result = runner.invoke(app, ["score", "allers-trains", str(path)])
    assert result.exit_code == 1
    assert re.search(rf"{re.escape(str(path))}:3:\d+: .*40\+0", result.stderr), result.stderr
    assert "no route reading" not in result.stderr


def test_all_problems_are_reported_at_once(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("mode: stations\nplayers: [Ala, Bartek]\narrivals:\n  Fioletowo: [Ala@0]\n"
                    "  Nowhere: [Bartek@2]\n  Czerno: [Celina@3]\n", encoding="utf-8")
    result = runner.invoke(app, ["score", "allers-trains", str(path)])
    assert result.exit_code == 1
    for line in (4, 5, 6):
        assert re.search(rf"{re.escape(str(path))}:{line}(:\d+)?:", result.stderr), result.stderr


def test_cli_json_equals_the_oracle(tmp_path):
    """The CLI's --json output (not only the Python API) matches the oracle."""
    rng = random.Random(SEED)
    for i in range(6):
        game = oracle.random_game(rng, oracle.MODES[i % 3], 1 + i % 4)
        path = tmp_path / f"g{i}.yaml"
        path.write_text(oracle.to_yaml(game, rng), encoding="utf-8")
        result = runner.invoke(app, ["score", "allers-trains", str(path), "--json"])
        assert result.exit_code == 0, result.output
        assert _contract(json.loads(result.stdout)) == oracle.score(game)


# --------------------------------------------------------------------------------------------
# the finished-frames way in: the oracle's own replay of random legal frames

def _frame_games(seed: int, count: int):
    rng = random.Random(seed)
    for i in range(count):
        mode, n = oracle.MODES[i % 3], 1 + (i // 3) % 4
        yield (f"frames-{i}-{mode}-{n}", *oracle.frames_game(rng, mode, n))


FRAME_GAMES = list(_frame_games(SEED + 1, 120))
def _frame_params():
    for case in FRAME_GAMES:
        yield pytest.param(*case, id=case[0])


def test_frame_games_cover_arrivals_collisions_removals_and_full_frames():
    states = [lo.state for *_, locos in FRAME_GAMES for ls in locos.values() for lo in ls]
    assert {"arrived", "collided", "removed"} <= set(states)
    removed = [(lo, ls) for *_, locos in FRAME_GAMES for ls in locos.values() for lo in ls
               if lo.state == "removed"]
    removed_with = [any(o.state == "arrived" and (o.station, o.round) == (lo.station, lo.round) for o in ls)
                    for lo, ls in removed]
    assert sum(removed_with) > 5 and removed_with.count(False) > 5  # same move / station already held
    shared = [len({r for _, r in arrived}) < len(arrived) for _, g, _, _ in FRAME_GAMES
              for arrived in g.arrivals.values()]
    assert sum(shared) > 5  # two players reach one station in one round
    frames = [block for _, _, text, _ in FRAME_GAMES for block in re.split(r"\n  \S+:\n", text)[1:]]
    assert sum(1 for block in frames if block.count("    - ") == oracle.LAST_ROUND) > 10  # full frames


@pytest.mark.parametrize("label,game,text,locos", list(_frame_params()))
def test_replay_agrees_with_the_oracle(folder, label, game, text, locos):
    path = folder / f"{label}.yaml"
    path.write_text(text, encoding="utf-8")
    data = _real(path)
    assert data["violations"] == [], text
    assert _contract(data) == oracle.score(game), text
    for player in data["players"]:
        # tiles entered per locomotive too, except a collided one's (the pair's count is the issue)
        got = {lo["colour"]: (lo["state"], lo["station"], lo["round"],
                              lo["tiles_entered"] if lo["state"] != "collided" else None)
               for lo in player["locomotives"]}
        want = {lo.colour: (lo.state, lo.station if lo.state in ("arrived", "removed") else None,
                            lo.round if lo.state != "waiting" else None,
                            lo.entered if lo.state != "collided" else None)
                for lo in locos[player["name"]]}
        assert got == want, (player["name"], text)


def _one_frame(folder, name: str, tiles: str) -> dict:
    path = folder / f"{name}.yaml"
    path.write_text(f"mode: route\nplayers: [Ala]\nframes:\n  Ala: [{tiles}]\n", encoding="utf-8")
    return _real(path)["players"][0]


def test_even_collision_scores_the_entries_between_the_two(folder):
    """First tile B1 T01 0: violet runs B1, turns on the U-turn fragment below B1, enters B1 again
    and meets black at the depot: 2 entries between them, 2 points (both readings agree)."""
    locos, _, points = oracle.replay([((1, 0), "T01", 0)])
    assert [lo.state for lo in locos] == ["waiting", "collided", "collided", "waiting"]
    assert points == 2
    assert _one_frame(folder, "even", "B1 T01 0")["route_points"] == 2


def test_odd_collision_scores_the_entries_between_the_two(folder):
    """B1 T12 90, B2 T01 180, A2 T06 90: in round 3 blue (in the depot) and black (waiting on B2)
    are joined through A2 alone. Moved one at a time, the first enters A2 and hits the other:
    1 point for the pair (an earlier scorer gave both A2: 2 points). Violet 1 + red 4 + black's 2
    earlier entries + 1 = 8."""
    locos, _, points = oracle.replay([((1, 0), "T12", 90), ((1, 1), "T01", 180), ((0, 1), "T06", 90)])
    assert {lo.colour: lo.crash_run for lo in locos if lo.state == "collided"} == {"blue": 1, "black": 1}
    assert points == 8
    assert _one_frame(folder, "odd", "B1 T12 90, B2 T01 180, A2 T06 90")["route_points"] == 8
