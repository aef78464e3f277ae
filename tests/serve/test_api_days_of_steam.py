"""Days of Steam rooms through the JSON API: goods by colour, circuits and steam scored by the
Python scorer, the end of the game, impossible counts refused with a 400, the file round trip."""

from __future__ import annotations

import pytest

from railprint.games.days_of_steam import score_text


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
    ({"map": {"rows": [["R", "cu4"]]}}, "map B1: map token 'cu4': rotation 4 is not 0-3"),
    ({"map": {"rows": [["R"], [".", "br0h"]]}}, "map B2: map token 'br0h' is not a tile: the set has no bridge with a hill"),
    ({"map": {"rows": [["qq1"]]}}, "map A1: map token 'qq1' is not a tile"),
    ({"map": {"rows": [["cu1x"]]}}, "unknown flag 'x'"),
    ({"map": {"rows": [["cu"]]}}, "the rotation (0-3) is missing"),
    ({"map": {"rows": [[1]]}}, "a token such as cu1h"),
    ({"map": {"rows": "cu1 R"}}, 'expected {"rows"'),
    ({"map": {"rows": [["."] * 61]}}, "more than 60 rows or columns"),
    ({"map": {"rows": [["st0"] * 10] * 9 + [["st0"] * 3]}}, "map: 93 tiles; the game has 92 (80 track tiles, 12 cities)"),
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
    bad_map = client.put(f"/api/rooms/{r['id']}/files/game.yaml?version=1",
                         content=b"players:\n  - {name: Ala, goods: R, circuits: 0, steam: 0}\nmap: |\n  R cu7 G\n")
    assert bad_map.status_code == 400 and "game.yaml:4:5: map token 'cu7': rotation 7 is not 0-3" in bad_map.json()["error"]
    stranger = client.put(f"/api/rooms/{r['id']}/files/game.yaml?version=1",
                          content=b"players:\n  - {name: Zoe, goods: R, circuits: 0, steam: 0}\n")
    assert stranger.status_code == 400 and "Zoe" in stranger.json()["error"]


def test_awkward_names_are_written_so_the_cli_reads_them_back(client):
    names = ['O"Brien: #1', "Żaneta, {x}"]
    r = room(client, names)
    change(client, r["id"], 0, {f"player:{names[0]}": entry(g=2, circuits=1)})
    text = client.get(f"/api/rooms/{r['id']}/files/game.yaml").text
    assert [(p.name, p.total) for p in score_text(text).games[0].players] == [(names[0], 5), (names[1], 0)]


LOOP = [["cu1", "st1", "cu2"], ["R", ".", "G"], ["cu0", "st1", "cu3"]]


def test_the_map_is_the_files_map_and_its_circuits_are_the_scorers(client):
    r = room(client)
    # entered with an empty ring around it, as the page grows the map: the room keeps it trimmed
    ringed = [["."] * 5] + [["."] + row + ["."] for row in LOOP] + [["."] * 5]
    answer = change(client, r["id"], 0, {"map": {"rows": ringed}, "player:Ala": entry(r=1, g=1, circuits=1)})
    assert answer.status_code == 200, answer.text
    assert answer.json()["room"]["parts"]["map"] == {"rows": LOOP}
    check = answer.json()["score"]["result"]["map"]
    assert (check["circuits_found"], check["circuits_allowed"], check["cities"], check["tiles"]) == (1, 1, 2, 6)
    assert check["circuits"] == [["A2", "A1", "B1", "C1", "C2", "C3", "B3", "A3"]]
    text = client.get(f"/api/rooms/{r['id']}/files/game.yaml").text
    assert "map: |\n  cu1 st1 cu2\n  R   .   G\n  cu0 st1 cu3\n" in text
    scored = score_text(text).games[0]
    assert len(scored.map_check.circuits) == 1 and not scored.violations
    assert "result_pl" not in answer.json()["score"]      # nothing to say: nothing sent twice
    # two counters claimed on a map that allows one: the scorer's violation, shown with the score
    answer = change(client, r["id"], 1, {"player:Bartek": entry(circuits=1)})
    assert any("2 circuit counters claimed, but the map allows at most 1" in v
               for v in answer.json()["score"]["result"]["violations"])
    # the Polish page gets the same violations in Polish beside them (the contract's stay English)
    assert any("zgłoszone liczniki objazdów: 2, a mapa pozwala najwyżej na 1" in v
               for v in answer.json()["score"]["result_pl"]["violations"])
    # the picture is the CLI's, with the circuit drawn on the map
    svg = client.get(f"/api/rooms/{r['id']}/picture.svg?page=0").text
    assert 'id="circuit-1"' in svg and 'id="tile-B1"' in svg
    # its title and violations name the file as the CLI does run beside it, not the server's folder
    assert "game.yaml:" in svg and "railprint-serve-" not in svg and "/tmp" not in svg
    # cities and tiles in other spellings are kept in the page's notation; erasing trims again
    answer = change(client, r["id"], 2, {"map": {"rows": [[".", "."], ["CU1H", "."]]}})
    assert answer.json()["room"]["parts"]["map"] == {"rows": [["cu1h"]]}
    answer = change(client, r["id"], 3, {"map": {"rows": [["."]]}})
    assert answer.json()["room"]["parts"]["map"] == {"rows": []}
    assert "map" not in client.get(f"/api/rooms/{r['id']}/files/game.yaml").text
    assert "map" not in answer.json()["score"]["result"]


def test_an_uploaded_file_with_a_map_fills_the_map(client):
    r = room(client)
    text = ("end: tiles\nplayers:\n  - {name: Ala, goods: RG, circuits: 1, steam: 0}\n"
            "  - {name: Bartek, goods: '-', circuits: 0, steam: 0}\n"
            "map: |\n  . .    .     .\n  . cu1 st1 cu2\n  . red  .  G\n  . cu0 st1h cu3\n")
    answer = client.put(f"/api/rooms/{r['id']}/files/game.yaml?version=0", content=text.encode())
    assert answer.status_code == 200, answer.text
    assert answer.json()["room"]["parts"]["map"] == {"rows": [["cu1", "st1", "cu2"], ["R", ".", "G"],
                                                              ["cu0", "st1h", "cu3"]]}
    assert answer.json()["score"]["result"]["map"]["circuits_found"] == 1


def test_the_tiles_action_gives_the_sets_tiles_turned_by_the_rules(client):
    r = room(client)
    tiles = client.post(f"/api/rooms/{r['id']}/actions/tiles", json={}).json()
    kinds = {k["code"]: k for k in tiles["kinds"]}
    assert set(kinds) == {"st", "cu", "sw", "wy", "br", "dc", "sd"}
    assert kinds["cu"]["rotations"][1] == [["E", "S"]] and kinds["st"]["flags"] == {"": 12, "h": 4, "w": 2, "o": 2}
    assert kinds["br"]["flags"] == {"": 6} and tiles["cities"] == {"R": "red", "G": "green", "Y": "yellow", "B": "blue"}
    assert sum(n for k in kinds.values() for n in k["flags"].values()) == 80
