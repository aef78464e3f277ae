"""A player not on a room's list joins it (``POST /api/rooms/<id>/players``): their empty part and
their name in the setup, as one change with the version rules and the history of every change;
the names checked as a new room's are, within each game's number of players; refused in English
and Polish when the name is taken, the room full or the name one a game cannot hold."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from railprint.serve import make_app
from railprint.serve.rooms import Conflict, Store


def _new(client, game, players, setup=None):
    answer = client.post("/api/rooms", json={"game": game, "players": players, "setup": setup or {}})
    assert answer.status_code == 200, answer.text
    return answer.json()["room"]["id"]


def _join(client, room, version, name, **headers):
    return client.post(f"/api/rooms/{room}/players", json={"version": version, "name": name}, headers=headers)


def _refused(answer, status, english, polish):
    data = answer.json()
    assert answer.status_code == status, answer.text
    assert english in data["error"], data
    assert polish in data.get("error_pl", ""), data


@pytest.mark.parametrize("game, players, setup, part", [
    ("railroad-ink", ["Ala"], {"expansion": "lava"}, "cells"),
    ("ticket-to-ride", ["Ala", "Bartek"], {"map": "italy"}, "routes"),
    ("days-of-steam", ["Ala", "Bartek"], {}, "goods"),
    ("allers-trains", ["Ala"], {"entry": "frames"}, "frame"),
    ("allers-trains", ["Ala"], {}, "arrivals"),
])
def test_a_new_player_joins_scores_and_is_in_the_history_and_files(client, game, players, setup, part):
    room = _new(client, game, players, setup)
    before = client.get(f"/api/rooms/{room}").json()["room"]["parts"]
    joined = _join(client, room, 0, "  Żaneta ")   # stripped, as a new room's names are
    assert joined.status_code == 200, joined.text
    data = joined.json()
    assert data["room"]["version"] == 1
    parts = data["room"]["parts"]
    assert parts["setup"] == {**before["setup"], "players": [*players, "Żaneta"]}   # the choices kept
    assert part in parts["player:Żaneta"]
    # the new part is the one a new room of these players starts with (Railroad Ink's lava: the volcano)
    fresh = client.post("/api/rooms", json={"game": game, "players": [*players, "Żaneta"], "setup": setup}).json()
    assert parts["player:Żaneta"] == fresh["room"]["parts"]["player:Żaneta"]
    assert {key: parts[key] for key in before if key != "setup"} == {k: v for k, v in before.items() if k != "setup"}
    assert "error" not in data["score"], data["score"]
    assert [row["player"] for row in data["score"]["ranking"]].count("Żaneta") == 1
    # read back as stored, and kept in the history as one change; the title made of the players'
    # names names the new one too (the start page finds the room by it)
    assert client.get(f"/api/rooms/{room}").json()["room"]["parts"] == parts
    assert data["room"]["title"] == ", ".join([*players, "Żaneta"])
    assert room in [r["id"] for r in client.get("/api/rooms?q=żaneta").json()]
    history = client.get(f"/api/rooms/{room}/history").json()
    assert sorted((h["version"], h["part"]) for h in history) == [(1, "player:Żaneta"), (1, "setup")]
    # the game's files (what railprint score reads) name the new player, and an edit of their part lands
    files = client.get(f"/api/rooms/{room}/files").json()
    assert any("Żaneta" in client.get(f"/api/rooms/{room}/files/{f['name']}").text for f in files)


def test_a_join_follows_the_change_rules(client):
    room = client.post("/api/rooms", json={"game": "days-of-steam", "players": ["Ala", "Bartek"], "setup": {},
                                            "title": "Czwartek"}).json()["room"]["id"]
    joined = _join(client, room, 0, "Celina")
    assert joined.status_code == 200 and joined.json()["room"]["title"] == "Czwartek"   # the host's title stays
    # a second phone joining on the same version: the setup changed since -> 409 with the current room
    late = _join(client, room, 0, "Dorota")
    assert late.status_code == 409, late.text
    assert late.json()["room"]["parts"]["setup"]["players"] == ["Ala", "Bartek", "Celina"]
    # a change of another part made on an old version is merged, and a join after it lands
    five = {"goods": {"R": 0, "G": 0, "Y": 0, "B": 5}, "circuits": 0, "steam": 0}
    assert client.post(f"/api/rooms/{room}/changes", json={"version": 0, "parts": {"player:Ala": five}}).status_code == 200
    assert _join(client, room, 2, "Dorota").status_code == 200
    # the new player's part is edited like any other
    two = {**five, "goods": {"R": 2, "G": 0, "Y": 0, "B": 0}}
    edited = client.post(f"/api/rooms/{room}/changes", json={"version": 3, "parts": {"player:Dorota": two}})
    assert edited.status_code == 200, edited.text
    assert edited.json()["room"]["parts"]["player:Ala"] == five


@pytest.mark.parametrize("game, players, setup, name, english, polish", [
    ("days-of-steam", ["Ala", "Bartek"], {}, "ALA", "'ALA' plays here already (as 'Ala')", "już gra tutaj"),
    ("railroad-ink", ["Ala"], {}, "Ａｌａ", "plays here already", "już gra tutaj"),
    ("days-of-steam", ["Ala", "Bartek", "Celina", "Dorota"], {}, "Ewa", "as many as it can have (4)",
     "ta gra ma już 4 graczy"),
    ("allers-trains", ["A", "B", "C", "D"], {}, "Ewa", "as many as it can have (4)", "ta gra ma już 4 graczy"),
    ("railroad-ink", list("ABCDEFGH"), {}, "Ewa", "as many as it can have (8)", "ta gra ma już 8 graczy"),
    ("ticket-to-ride", ["Ala", "Bartek", "Celina"], {"map": "nordic"}, "Ewa", "is played by 2-3 players, not 4",
     "gra od 2 do 3 graczy, nie 4"),
    ("railroad-ink", ["Ala"], {}, "Ewa😀", "which the score pictures cannot draw", "czego nie da się narysować"),
    ("railroad-ink", ["Ala"], {}, "E\u202ewa", "invisible or control character", "niewidoczny lub sterujący znak"),
    ("allers-trains", ["Ala"], {}, "Ewa@1", "cannot be written in a game file", "nie da się zapisać w pliku gry"),
    ("days-of-steam", ["Ala", "Bartek"], {}, "   ", "1 to 40 characters", "od 1 do 40 znaków"),
    ("days-of-steam", ["Ala", "Bartek"], {}, "E" * 41, "1 to 40 characters", "od 1 do 40 znaków"),
    ("days-of-steam", ["Ala", "Bartek"], {}, 7, "1 to 40 characters", "od 1 do 40 znaków"),
])
def test_a_join_refused_says_why_in_both_languages_and_changes_nothing(client, game, players, setup, name,
                                                                        english, polish):
    room = _new(client, game, players, setup)
    _refused(_join(client, room, 0, name), 400, english, polish)
    after = client.get(f"/api/rooms/{room}").json()["room"]
    assert after["version"] == 0 and after["parts"]["setup"]["players"] == players
    assert client.get(f"/api/rooms/{room}/history").json() == []


def test_a_malformed_join_request_is_refused_as_other_changes_are(client):
    room = _new(client, "days-of-steam", ["Ala", "Bartek"])
    for body, status in (({"name": "Ewa"}, 400), ({"version": 0, "name": "Ewa", "parts": {}}, 400),
                         ([], 400), ({"version": "0", "name": "Ewa"}, 400), ({"version": 9, "name": "Ewa"}, 400)):
        answer = client.post(f"/api/rooms/{room}/players", json=body)
        assert answer.status_code == status and "error" in answer.json(), (body, answer.text)
    assert client.post(f"/api/rooms/{room}/players", content=b'{"version": 0, "name": "Ewa"}',
                       headers={"Content-Type": "text/plain"}).status_code == 415
    assert client.post(f"/api/rooms/{room}/players", json={"version": 0, "name": "Ewa"},
                       headers={"Origin": "http://attacker.example"}).status_code == 403
    assert _join(client, "nosuchroom12", 0, "Ewa").status_code == 404
    assert client.get(f"/api/rooms/{room}").json()["room"]["version"] == 0


def test_beyond_localhost_a_join_needs_the_token(tmp_path):
    app, token, store = make_app(tmp_path / "data", "0.0.0.0")
    with TestClient(app, base_url="http://192.168.1.20:8000") as c:
        made = c.post("/api/rooms", json={"game": "days-of-steam", "players": ["Ala", "Bartek"], "setup": {}},
                      headers={"X-Railprint-Token": token})
        room = made.json()["room"]["id"]
        assert _join(c, room, 0, "Ewa").status_code == 403
        assert _join(c, room, 0, "Ewa", **{"X-Railprint-Token": token}).status_code == 200
    store.close()


def test_the_store_adds_parts_with_the_version_rules(tmp_path):
    store = Store(tmp_path)
    room = store.create("g", "t", {"setup": {"players": ["Ala"]}, "player:Ala": {"n": 0}})
    joined = store.add_parts(room.id, 0, {"player:Bo": {"n": 0}}, {"setup": {"players": ["Ala", "Bo"]}})
    assert joined.version == 1 and list(joined.parts) == ["setup", "player:Ala", "player:Bo"]
    assert store.get(room.id) == joined
    with pytest.raises(Conflict):   # a part the room has already: added meanwhile
        store.add_parts(room.id, 1, {"player:Bo": {"n": 1}}, {"setup": {"players": ["Ala", "Bo"]}})
    with pytest.raises(Conflict):   # the setup changed since version 0
        store.add_parts(room.id, 0, {"player:Cy": {"n": 0}}, {"setup": {"players": ["Ala", "Cy"]}})
    assert store.get(room.id).version == 1
    assert [(h["version"], h["part"]) for h in store.history(room.id)] == [(1, "player:Bo"), (1, "setup")]
    store.close()
