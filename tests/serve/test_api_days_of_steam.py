"""Days of Steam rooms through the JSON API: goods by colour, circuits and steam scored by the
Python scorer, the end of the game, impossible counts refused with a 400, the file round trip."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from railprint.games.days_of_steam import score_text
from railprint.serve import make_app


@pytest.fixture
def client(tmp_path):
    app, _, store = make_app(tmp_path / "data", "127.0.0.1")
    with TestClient(app) as c:
        yield c
    store.close()


def room(client, players=("Ala", "Bartek")):
    answer = client.post("/api/rooms", json={"game": "days-of-steam", "players": list(players), "setup": {}})
    assert answer.status_code == 200, answer.text
    return answer.json()["room"]


def entry(r=0, g=0, y=0, b=0, circuits=0, steam=0):
    return {"goods": {"R": r, "G": g, "Y": y, "B": b}, "circuits": circuits, "steam": steam}


def change(client, room_id, version, parts):
    return client.post(f"/api/rooms/{room_id}/changes", json={"version": version, "parts": parts})


def test_a_game_is_scored_by_the_python_scorer_and_the_file_is_the_clis(client):
    r = room(client, ("Ala", "Bartek", "Celina"))
    change(client, r["id"], 0, {"player:Ala": entry(r=2, g=1, circuits=1, steam=2)})
    change(client, r["id"], 1, {"player:Bartek": entry(r=1, y=1, b=1, steam=5)})
    answer = change(client, r["id"], 2, {"player:Celina": entry(r=1, g=1, y=1, b=1, steam=1)})
    assert answer.status_code == 200, answer.text
    score = answer.json()["score"]
    ala, bartek, celina = score["result"]["players"]
    # Ala 3 goods (6) + 2 colours (1) + 1 circuit = 8; Bartek 6 + 3 colours (3) = 9;
    # Celina 8 + 4 colours (5) = 13
    assert (ala["total"], bartek["total"], celina["total"]) == (8, 9, 13)
    assert (ala["colour_bonus"], bartek["colour_bonus"], celina["colour_bonus"]) == (1, 3, 5)
    assert score["ranking"] == [{"player": "Celina", "points": 13, "place": 1},
                                {"player": "Bartek", "points": 9, "place": 2},
                                {"player": "Ala", "points": 8, "place": 3}]
    text = client.get(f"/api/rooms/{r['id']}/files/game.yaml").text
    assert "goods: RRG, circuits: 1, steam: 2" in text and "end: tiles" in text
    assert {p.name: p.total for p in score_text(text).games[0].players} == {"Ala": 8, "Bartek": 9, "Celina": 13}
    # the game ended at once: Celina reached 13 VP
    ended = change(client, r["id"], 3, {"game": {"end": "instant"}})
    assert ended.status_code == 200 and ended.json()["score"]["result"]["end"] == "instant"
    assert "end: instant" in client.get(f"/api/rooms/{r['id']}/files/game.yaml").text


def test_ties_go_to_circuits_then_steam(client):
    r = room(client)
    change(client, r["id"], 0, {"player:Ala": entry(r=2, circuits=0, steam=6)})
    answer = change(client, r["id"], 1, {"player:Bartek": entry(r=1, g=0, circuits=2, steam=0)})
    # Ala 4, Bartek 2 + 2 = 4: Bartek has more circuit points
    assert [row["player"] for row in answer.json()["score"]["ranking"]] == ["Bartek", "Ala"]


def test_instant_end_with_nobody_at_13_is_a_score_error_not_a_refusal(client):
    r = room(client)
    answer = change(client, r["id"], 0, {"game": {"end": "instant"}})
    assert answer.status_code == 200
    assert "end: instant needs exactly one player with 13 VP" in answer.json()["score"]["error"]


@pytest.mark.parametrize("parts, words", [
    ({"player:Ala": entry(r=8)}, "R goods 8 is outside 0-7"),
    ({"player:Ala": entry(steam=7)}, "steam 7 is outside 0-6"),
    ({"player:Ala": entry(circuits=-1)}, "circuit counters -1 is outside 0-7"),
    ({"player:Ala": entry(circuits="2")}, "a whole number"),
    ({"player:Ala": {"goods": {"R": 1, "G": 0, "Y": 0, "X": 0}, "circuits": 0, "steam": 0}}, "not 'X'"),
    ({"player:Ala": {"goods": "RRG", "circuits": 0, "steam": 0}}, "a count for each colour"),
    ({"player:Ala": {"goods": entry()["goods"]}}, "expected"),
    ({"player:Ala": entry(r=4), "player:Bartek": entry(r=4)}, "8 red goods delivered in all; the game has 7"),
    ({"player:Ala": entry(circuits=4), "player:Bartek": entry(circuits=4)}, "8 circuit counters held in all"),
    ({"player:Zoe": entry()}, "no player 'Zoe'"),
    ({"game": {"end": "meteor"}}, "expected {\"end\": \"tiles\"}"),
    ({"setup": {"players": ["Ala"]}}, "fixed"),
])
def test_bad_entries_are_400_with_a_clear_message(client, parts, words):
    r = room(client)
    answer = change(client, r["id"], 0, parts)
    assert answer.status_code == 400 and words in answer.json()["error"], answer.text
    assert "game.yaml:" not in answer.json()["error"]


@pytest.mark.parametrize("players, setup, words", [
    (["Ala"], {}, "2-4 players"),
    (["Ala", "Bartek"], {"map": "x"}, "unknown choice 'map'"),
])
def test_bad_rooms_are_400(client, players, setup, words):
    answer = client.post("/api/rooms", json={"game": "days-of-steam", "players": players, "setup": setup})
    assert answer.status_code == 400 and words in answer.json()["error"], answer.text


def test_an_uploaded_game_file_replaces_the_entries(client):
    r = room(client)
    text = "end: tiles\nplayers:\n  - {name: ala, goods: rrgb, circuits: 2, steam: 3}\n  - {name: Bartek, goods: '-', circuits: 0, steam: 1}\n"
    answer = client.put(f"/api/rooms/{r['id']}/files/game.yaml?version=0", content=text.encode())
    assert answer.status_code == 200, answer.text
    parts = answer.json()["room"]["parts"]
    assert parts["player:Ala"] == entry(r=2, g=1, b=1, circuits=2, steam=3)
    assert parts["player:Bartek"] == entry(steam=1)
    assert answer.json()["score"]["result"]["players"][0]["total"] == 8 + 3 + 2
    bad = client.put(f"/api/rooms/{r['id']}/files/game.yaml?version=1",
                     content=b"players:\n  - {name: Ala, goods: RRX, circuits: 0, steam: 0}\n")
    assert bad.status_code == 400 and "game.yaml:2:26: unknown goods letter 'X'" in bad.json()["error"]
    mapped = client.put(f"/api/rooms/{r['id']}/files/game.yaml?version=1",
                        content=b"players:\n  - {name: Ala, goods: R, circuits: 0, steam: 0}\nmap: |\n  R . G\n")
    assert mapped.status_code == 400 and "keeps no map" in mapped.json()["error"]
    stranger = client.put(f"/api/rooms/{r['id']}/files/game.yaml?version=1",
                          content=b"players:\n  - {name: Zoe, goods: R, circuits: 0, steam: 0}\n")
    assert stranger.status_code == 400 and "Zoe" in stranger.json()["error"]


def test_awkward_names_are_written_so_the_cli_reads_them_back(client):
    names = ['O"Brien: #1', "Żaneta, {x}"]
    r = room(client, names)
    change(client, r["id"], 0, {f"player:{names[0]}": entry(g=2, circuits=1)})
    text = client.get(f"/api/rooms/{r['id']}/files/game.yaml").text
    assert [(p.name, p.total) for p in score_text(text).games[0].players] == [(names[0], 5), (names[1], 0)]
