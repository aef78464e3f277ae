"""Ticket to Ride rooms: stations kept and scored as ``railprint score`` scores them, and one
route, one owner, decided by the server — also for two phones' claims made on one version,
sent at the same moment."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from railprint.loading.resources import use_content
from tests.helpers import run_cli
from tests.serve.test_api_ticket_to_ride import claim, room

ROOT = Path(__file__).resolve().parents[2]
AMBERLINE = ROOT / "content/examples/amberline"
LAKELAND = ROOT / "content/examples/lakeland"
CASES = ROOT / "tests/data/ticket_to_ride/cases"

# (game file, content folder of its map or None)
GAMES = [
    (AMBERLINE / "stations-game.yml", AMBERLINE),
    (LAKELAND / "evening-game.yml", LAKELAND),
    (CASES / "nordic-globetrotter-shared.yaml", None),
    (CASES / "nordic-ticket-chain.yaml", None),
    (CASES / "italy-sardegna-complete.yaml", None),
    (CASES / "italy-review-two-networks.yaml", None),
]
ITEMS = ("route_points", "ticket_points", "globetrotter", "region_bonus", "longest_path_bonus", "station_points")
COMPARED = ("name", "route_points", "trains_used", "tickets_completed", "tickets_failed", "ticket_points",
            "globetrotter", "region_bonus", "longest_path", "longest_path_bonus", "stations_used", "station_points",
            "total", "rank", "routes", "tickets", "stations", "networks")


def compared(player: dict) -> dict:
    """A player's result without the routes' labels (as written in the file: ``Oslo - Göteborg``
    and the room's ``Göteborg - Oslo`` are the same route, by id)."""
    out = {k: player[k] for k in COMPARED}
    out["routes"] = [{k: v for k, v in r.items() if k != "route"} for r in player["routes"]]
    return out


def game_text(path: Path) -> str:
    """The game file alone (a test case's expectations follow a ``---`` line)."""
    return path.read_text(encoding="utf-8").split("\n---", 1)[0] + "\n"


@pytest.mark.parametrize("path, content", GAMES, ids=[p.name for p, _ in GAMES])
def test_an_uploaded_game_scores_as_the_cli_scores_it(client, tmp_path, path, content):
    """The file uploaded to a room of its map and players: the page's result (and the file the
    room writes back) equals ``railprint score --json`` on the original, stations included, and
    every player's itemised rows add up to the total."""
    original = tmp_path / path.name
    original.write_text(game_text(path), encoding="utf-8")
    more = ["--content", str(content)] if content else []
    cli = run_cli("score", "ticket-to-ride", str(original), "--json", *more)
    assert cli.exit_code == 0, cli.output
    want = json.loads(cli.stdout)
    if content is not None:
        use_content([content])
    players = [p["name"] for p in want["players"]]
    r = room(client, players=players, map=want["map"])
    up = client.put(f"/api/rooms/{r['id']}/files/game.yaml?version=0", content=game_text(path).encode())
    assert up.status_code == 200, up.text
    got = up.json()["score"]["result"]
    for mine, theirs in zip(got["players"], want["players"], strict=True):
        assert compared(mine) == compared(theirs)
        assert sum(mine[k] for k in ITEMS) == mine["total"]
        assert len(mine["violations"]) == len(theirs["violations"])
    # the room's own file, scored by the CLI, gives the same again
    saved = tmp_path / "game.yaml"
    saved.write_text(client.get(f"/api/rooms/{r['id']}/files/game.yaml").text, encoding="utf-8")
    again = run_cli("score", "ticket-to-ride", str(saved), "--json", *more)
    assert again.exit_code == 0, again.output
    assert [compared(p) for p in json.loads(again.stdout)["players"]] == [compared(p) for p in want["players"]]


def test_stations_placed_by_change_are_scored_and_written(client):
    use_content([AMBERLINE])
    r = room(client, players=("Ala", "Bartek"), map="amberline")
    key = "player:Ala"
    ala = {"routes": ["kelpa-velmar"], "tickets": ["t01"], "stations": [{"city": "velmar", "route": None}]}
    bartek = {"routes": ["velmar-skarn"], "tickets": []}
    answer = client.post(f"/api/rooms/{r['id']}/changes", json={"version": 0, "parts": {key: ala, "player:Bartek": bartek}})
    assert answer.status_code == 200, answer.text
    mine = answer.json()["score"]["result"]["players"][0]
    # Kelpa - Skarn completed through Bartek's Velmar - Skarn, borrowed by the station the scorer chose
    assert mine["stations"] == [{"city": "Velmar", "counted": True, "borrows": "Velmar - Skarn",
                                 "route_id": "velmar-skarn", "from": ["Bartek"], "chosen_by": "scorer"}]
    assert mine["tickets_completed"] == 1 and mine["station_points"] == 2 * 4
    text = client.get(f"/api/rooms/{r['id']}/files/game.yaml").text
    assert "    stations:\n      - 'Velmar'\n" in text
    # the borrowed route named: written as the file's 'City: A - B'
    fixed = dict(ala, stations=[{"city": "velmar", "route": "velmar-skarn"}])
    answer = claim(client, r["id"], 1, "Ala", [])  # a part without stations gives them back
    assert answer.status_code == 200 and "stations" not in answer.json()["room"]["parts"][key]
    answer = client.post(f"/api/rooms/{r['id']}/changes", json={"version": 2, "parts": {key: fixed}})
    assert answer.status_code == 200, answer.text
    assert answer.json()["score"]["result"]["players"][0]["stations"][0]["chosen_by"] == "file"
    assert "      - 'Velmar': 'Velmar - Skarn'\n" in client.get(f"/api/rooms/{r['id']}/files/game.yaml").text


@pytest.mark.parametrize("stations, words", [
    ([{"city": "warszawa", "route": None}], "a station stands in a city"),
    ([{"city": "velmar", "route": "dunmere-portmill"}], "borrows a route into or out of Velmar"),
    ([{"city": "velmar"}, {"city": "velmar"}], "two stations in Velmar"),
    ([{"city": c} for c in ("velmar", "skarn", "kelpa", "oresby")], "each player has only 3"),
    ("velmar", "a list of"),
])
def test_bad_stations_are_400(client, stations, words):
    use_content([AMBERLINE])
    r = room(client, players=("Ala", "Bartek"), map="amberline")
    answer = client.post(f"/api/rooms/{r['id']}/changes", json={
        "version": 0, "parts": {"player:Ala": {"routes": [], "tickets": [], "stations": stations}}})
    assert answer.status_code == 400 and words in answer.json()["error"], answer.text


def test_no_stations_on_a_map_without_them(client):
    r = room(client, map="nordic")
    answer = client.post(f"/api/rooms/{r['id']}/changes", json={
        "version": 0, "parts": {"player:Ala": {"routes": [], "tickets": [], "stations": [{"city": "oslo"}]}}})
    assert answer.status_code == 400 and "has no train stations" in answer.json()["error"]


def test_a_route_held_by_another_player_is_refused_naming_the_holder(client):
    r = room(client, map="nordic")
    assert claim(client, r["id"], 0, "Ala", ["goteborg-oslo"]).status_code == 200
    refused = claim(client, r["id"], 1, "Bartek", ["goteborg-oslo"])
    assert refused.status_code == 409
    assert refused.json()["error"] == "Göteborg – Oslo · 2 · green is already claimed by Ala" or \
        "already claimed by Ala" in refused.json()["error"]
    assert refused.json()["room"]["parts"]["player:Ala"]["routes"] == ["goteborg-oslo"]  # the current game
    # the same claim made on the version before Ala's (two phones within one poll): refused too
    stale = claim(client, r["id"], 0, "Bartek", ["goteborg-oslo"])
    assert stale.status_code == 409 and "already claimed by Ala" in stale.json()["error"]
    # Ala keeps, gives back; then Bartek may claim it
    assert claim(client, r["id"], 1, "Ala", []).status_code == 200
    assert claim(client, r["id"], 2, "Bartek", ["goteborg-oslo"]).status_code == 200


def test_double_routes_follow_the_maps_player_count_rule(client):
    # two players on the Nordic map: one half of a double route in all
    two = room(client, map="nordic")
    assert claim(client, two["id"], 0, "Ala", ["oslo-orebro-green"]).status_code == 200
    refused = claim(client, two["id"], 0, "Bartek", ["oslo-orebro-yellow"])
    assert refused.status_code == 409
    error = refused.json()["error"]
    assert "with 2 players only 1" in error and "Ala" in error and "Oslo – Örebro · 2 · green" in error, error
    # one player, both halves: never
    both = claim(client, two["id"], 1, "Ala", ["oslo-orebro-green", "oslo-orebro-yellow"])
    assert both.status_code == 409 and "only one route of a double route" in both.json()["error"]
    # three players: both halves, by two players
    three = room(client, map="nordic", players=("Ala", "Bartek", "Celina"))
    assert claim(client, three["id"], 0, "Ala", ["oslo-orebro-green"]).status_code == 200
    assert claim(client, three["id"], 0, "Bartek", ["oslo-orebro-yellow"]).status_code == 200
    third = claim(client, three["id"], 2, "Celina", ["oslo-orebro-yellow"])
    assert third.status_code == 409 and "already claimed by Bartek" in third.json()["error"]


def test_gray_doubles_are_told_apart_by_name(client):
    r = room(client, map="nordic")
    drawing = client.post(f"/api/rooms/{r['id']}/actions/map", json={}).json()
    names = {x["id"]: x["name"] for x in drawing["routes"]}
    grays = [x for x in drawing["routes"] if x["colour"] == "gray" and x["parallels"]
             and all(names[p].split(" · ")[2].startswith("gray") for p in x["parallels"])]
    assert grays, "the Nordic map has gray double routes"
    first = grays[0]
    pair = sorted([first["id"], *first["parallels"]])
    assert {names[p].rsplit(" · ", 1)[1] for p in pair} == {"gray (1st)", "gray (2nd)"}
    assert names["oslo-orebro-green"] == "Oslo – Örebro · 2 · green"


def test_a_station_in_a_city_with_another_players_station_is_refused(client):
    use_content([AMBERLINE])
    r = room(client, players=("Ala", "Bartek"), map="amberline")
    ok = client.post(f"/api/rooms/{r['id']}/changes", json={
        "version": 0, "parts": {"player:Ala": {"routes": [], "tickets": [], "stations": [{"city": "velmar"}]}}})
    assert ok.status_code == 200, ok.text
    refused = client.post(f"/api/rooms/{r['id']}/changes", json={
        "version": 0, "parts": {"player:Bartek": {"routes": [], "tickets": [], "stations": [{"city": "velmar"}]}}})
    assert refused.status_code == 409 and "Velmar already holds Ala's station" in refused.json()["error"]


def test_two_clients_claiming_one_route_at_once_one_wins(client):
    """Two phones send a claim of the same route, both made on the same version, at the same
    moment (threads released together): exactly one is accepted; the other is refused naming
    the winner, and the room holds one owner. Repeated on fresh routes."""
    r = room(client, map="nordic")
    routes = ["goteborg-oslo", "kristiansand-oslo", "bergen-oslo-red", "helsinki-tampere", "oslo-orebro-green"]
    answers: dict[str, object] = {}
    for route in routes:
        version = client.get(f"/api/rooms/{r['id']}").json()["room"]["version"]
        parts = client.get(f"/api/rooms/{r['id']}").json()["room"]["parts"]
        start = threading.Barrier(2)

        def send(player: str) -> None:
            held = parts[f"player:{player}"]["routes"]
            start.wait()
            answers[player] = claim(client, r["id"], version, player, [*held, route])

        threads = [threading.Thread(target=send, args=(p,)) for p in ("Ala", "Bartek")]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        codes = sorted(a.status_code for a in answers.values())
        assert codes == [200, 409], [a.text for a in answers.values()]
        winner = next(p for p, a in answers.items() if a.status_code == 200)
        loser = next(a for a in answers.values() if a.status_code == 409)
        assert f"already claimed by {winner}" in loser.json()["error"]
        now = client.get(f"/api/rooms/{r['id']}").json()["room"]["parts"]
        assert [p for p in ("Ala", "Bartek") if route in now[f"player:{p}"]["routes"]] == [winner]
