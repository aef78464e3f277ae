"""Jedzie pociąg z daleka rooms through the JSON API: the scoring board's arrivals and route
readings scored by the Python scorer in each mode, bad input refused with a 400, the game file
round trip."""

from __future__ import annotations

import pytest

from railprint.games.allers_trains import score_text


def room(client, players=("Ala", "Bartek", "Celina"), mode="stations"):
    answer = client.post("/api/rooms", json={"game": "allers-trains", "players": list(players), "setup": {"mode": mode}})
    assert answer.status_code == 200, answer.text
    return answer.json()["room"]


def entry(route=0, **rounds):
    arrivals = {str(n): None for n in range(1, 8)}
    arrivals.update({key.removeprefix("s"): value for key, value in rounds.items()})
    return {"arrivals": arrivals, "route": route}


def change(client, room_id, version, parts):
    return client.post(f"/api/rooms/{room_id}/changes", json={"version": version, "parts": parts})


def test_arrivals_are_spaced_and_scored_by_the_python_scorer(client):
    r = room(client)
    change(client, r["id"], 0, {"player:Ala": entry(s1=1, s2=3)})
    change(client, r["id"], 1, {"player:Bartek": entry(s1=1, s2=2)})
    answer = change(client, r["id"], 2, {"player:Celina": entry(s1=4)})
    assert answer.status_code == 200, answer.text
    game = answer.json()["score"]["result"]
    # station 1: Ala and Bartek in round 1 share space 1 (18), Celina takes space 3 (1);
    # station 2: Bartek first (15), Ala second (10)
    assert game["spaces"]["1"] == {"Ala": 1, "Bartek": 1, "Celina": 3}
    assert [p["total"] for p in game["players"]] == [18 + 10, 18 + 15, 1]
    assert [row["player"] for row in answer.json()["score"]["ranking"]] == ["Bartek", "Ala", "Celina"]
    text = client.get(f"/api/rooms/{r['id']}/files/game.yaml").text
    assert '1: ["Ala@1", "Bartek@1", "Celina@4"]' in text and "route:" not in text
    assert {p.name: p.total for p in score_text(text).games[0].players} == {"Ala": 28, "Bartek": 33, "Celina": 1}


def test_route_readings_are_read_as_the_track_shows_them(client):
    r = room(client, ("Ala", "Bartek"), mode="route+stations")
    change(client, r["id"], 0, {"player:Ala": entry(route="40+9", s7=2)})
    answer = change(client, r["id"], 1, {"player:Bartek": entry(route=39)})
    assert answer.status_code == 200, answer.text
    ala, bartek = answer.json()["score"]["result"]["players"]
    assert (ala["route_points"], ala["route_reading"], bartek["route_points"]) == (49, "40+9", 39)
    assert answer.json()["room"]["parts"]["player:Ala"]["route"] == 49
    text = client.get(f"/api/rooms/{r['id']}/files/game.yaml").text
    assert 'route: {"Ala": 40+9, "Bartek": 39}' in text and "7: [\"Ala@2\"]" in text
    assert {p.name: p.total for p in score_text(text).games[0].players} == {"Ala": ala["total"], "Bartek": 39}
    only = room(client, ("Ala",), mode="route")
    answer = change(client, only["id"], 0, {"player:Ala": entry(route="40+1")})
    assert answer.json()["score"]["ranking"] == [{"player": "Ala", "points": 41, "place": 1}]
    assert "arrivals" not in client.get(f"/api/rooms/{only['id']}/files/game.yaml").text


@pytest.mark.parametrize("parts, words", [
    ({"player:Ala": entry(s1=0)}, "station 1 (Fioletowo): round 0"),
    ({"player:Ala": entry(s3="2")}, 'station 3 (Zielonki): round "2"'),
    ({"player:Ala": {"arrivals": {**entry()["arrivals"], "8": 1}, "route": 0}}, "there is no station '8'"),
    ({"player:Ala": entry(route="40+41")}, "the track runs 1-40"),
    ({"player:Ala": entry(route="forty")}, "'forty' is not a score-track reading"),
    ({"player:Ala": entry(route=81)}, "beyond the track"),
    ({"player:Ala": {"arrivals": entry()["arrivals"]}}, "expected"),
    ({"player:Zoe": entry()}, "no player 'Zoe'"),
    ({"setup": {"players": ["Ala"], "mode": "route"}}, "fixed"),
])
def test_bad_entries_are_400_with_a_clear_message(client, parts, words):
    r = room(client, mode="route+stations")
    answer = change(client, r["id"], 0, parts)
    assert answer.status_code == 400 and words in answer.json()["error"], answer.text


@pytest.mark.parametrize("players, setup, words", [
    (["Ala", "Bartek"], {"mode": "frames"}, "unknown mode 'frames'"),
    (["Ala", "Bartek"], {"variant": 1}, "unknown choice 'variant'"),
    (["A", "B", "C", "D", "E"], {}, "1-4 players"),
    (["Ala@1", "Bartek"], {}, "no '@'"),
])
def test_bad_rooms_are_400(client, players, setup, words):
    answer = client.post("/api/rooms", json={"game": "allers-trains", "players": players, "setup": setup})
    assert answer.status_code == 400 and words in answer.json()["error"], answer.text


def test_an_uploaded_game_file_replaces_the_board(client):
    r = room(client, ("Ala", "Bartek"), mode="route+stations")
    text = "mode: route+stations\nplayers: [ala, Bartek]\narrivals:\n  Fioletowo: [Ala@2]\n  7: [Bartek@1]\nroute: {Ala: 40+2, Bartek: 30}\n"
    answer = client.put(f"/api/rooms/{r['id']}/files/game.yaml?version=0", content=text.encode())
    assert answer.status_code == 200, answer.text
    parts = answer.json()["room"]["parts"]
    assert parts["player:Ala"] == entry(route=42, s1=2) and parts["player:Bartek"] == entry(route=30, s7=1)
    wrong_mode = client.put(f"/api/rooms/{r['id']}/files/game.yaml?version=1",
                            content=b"mode: stations\nplayers: [Ala, Bartek]\narrivals: {}\n")
    assert wrong_mode.status_code == 400 and "this room scores route+stations" in wrong_mode.json()["error"]
    stranger = client.put(f"/api/rooms/{r['id']}/files/game.yaml?version=1",
                          content=b"mode: route+stations\nplayers: [Ala, Zoe]\narrivals: {}\nroute: {Ala: 1, Zoe: 2}\n")
    assert stranger.status_code == 400 and "this room's are Ala, Bartek" in stranger.json()["error"]
    typo = client.put(f"/api/rooms/{r['id']}/files/game.yaml?version=1",
                      content=b"mode: route+stations\nplayers: [Ala, Bartek]\narrivals:\n  Fioletow: [Ala@1]\nroute: {Ala: 1, Bartek: 2}\n")
    assert typo.status_code == 400 and "game.yaml:4:" in typo.json()["error"]


def test_awkward_names_are_written_so_the_cli_reads_them_back(client):
    names = ['O"Brien: #1', "Żaneta, {x}"]
    r = room(client, names, mode="route+stations")
    change(client, r["id"], 0, {f"player:{names[1]}": entry(route="40+3", s1=2)})
    text = client.get(f"/api/rooms/{r['id']}/files/game.yaml").text
    assert [(p.name, p.total) for p in score_text(text).games[0].players] == [(names[0], 0), (names[1], 17 + 43)]


def framed_room(client, players=("Ala", "Bartek"), mode="route+stations"):
    answer = client.post("/api/rooms", json={"game": "allers-trains", "players": list(players),
                                             "setup": {"mode": mode, "entry": "frames"}})
    assert answer.status_code == 200, answer.text
    return answer.json()["room"]


def frame(*placements):
    return {"frame": [{"square": s, "tile": t, "rotation": int(r)} for s, t, r in (p.split() for p in placements)]}


ALA = ("B1 T06 0", "A2 T05 0", "A3 T01 0", "B2 T03 0", "C1 T13 0")


def test_frames_are_replayed_by_the_python_scorer_and_the_file_is_the_clis(client):
    r = framed_room(client)
    assert r["parts"]["player:Ala"] == {"frame": []}
    change(client, r["id"], 0, {"player:Ala": frame(*ALA)})
    answer = change(client, r["id"], 1, {"player:Bartek": frame("A2 T15 0", "A3 T01 0", "B1 T06 0")})
    assert answer.status_code == 200, answer.text
    ala, bartek = answer.json()["score"]["result"]["players"]
    # Ala: red reaches Złotniki (6) in round 3, after Bartek's blue in round 2 (space 2, 7 points);
    # her blue reaches Czerno (7) in round 5 (space 1, 9); route: 9 tiles entered
    assert [(a["station"], a["round"], a["space"]) for a in ala["arrivals"]] == [(6, 3, 2), (7, 5, 1)]
    assert (ala["station_points"], ala["route_points"], ala["total"]) == (16, 9, 25)
    assert (bartek["station_points"], bartek["route_points"], bartek["total"]) == (8, 6, 14)
    assert [lo["state"] for lo in ala["locomotives"]] == ["arrived", "collided", "collided", "arrived"]
    text = client.get(f"/api/rooms/{r['id']}/files/game.yaml").text
    assert '  "Ala": [B1 T06 0, A2 T05 0, A3 T01 0, B2 T03 0, C1 T13 0]\n' in text and "arrivals" not in text
    cli = score_text(text).games[0]
    assert {p.name: p.total for p in cli.players} == {"Ala": 25, "Bartek": 14}
    # the picture is the CLI's replayed frame, one page per player
    assert 'id="frame-' in client.get(f"/api/rooms/{r['id']}/picture.svg?page=1").text


def test_the_frame_action_says_where_the_next_tile_can_go(client):
    r = framed_room(client)
    start = client.post(f"/api/rooms/{r['id']}/actions/frame", json={"player": "Ala"}).json()
    assert start["playable"] == ["B1", "A2"] and len(start["in_hand"]) == 15
    assert start["tiles"]["T01"]["90"] == [["E0", "S1"], ["E1", "S0"], ["W0", "N1"], ["W1", "N0"]]
    assert {"square": "A3", "side": "W", "station": 6} in start["outer"]
    change(client, r["id"], 0, {"player:Ala": frame(*ALA[:3])})
    later = client.post(f"/api/rooms/{r['id']}/actions/frame", json={"player": "Ala"}).json()
    assert "B2" in later["playable"] and "T06" not in later["in_hand"] and len(later["in_hand"]) == 12
    change(client, r["id"], 1, {"player:Ala": frame(*ALA)})
    done = client.post(f"/api/rooms/{r['id']}/actions/frame", json={"player": "Ala"}).json()
    assert done["playable"] == []  # every locomotive has stopped
    stranger = client.post(f"/api/rooms/{r['id']}/actions/frame", json={"player": "Zoe"})
    assert stranger.status_code == 400 and "no frame of player 'Zoe'" in stranger.json()["error"]


@pytest.mark.parametrize("parts, words", [
    ({"player:Ala": frame("E5 T01 0")}, "tile 1: unknown square 'E5'"),
    ({"player:Ala": frame("A1 T01 0")}, "A1 is the depot"),
    ({"player:Ala": frame("B1 T16 0")}, "tile 1: unknown tile 'T16'"),
    ({"player:Ala": frame("B1 T01 45")}, "tile 1: rotation 45"),
    ({"player:Ala": {"frame": [{"square": "B1", "tile": "T01", "rotation": True}]}}, "rotation true"),
    ({"player:Ala": {"frame": [{"square": "B1", "tile": "T01"}]}}, 'expected {"square"'),
    ({"player:Ala": {"frame": "B1 T01 0"}}, 'expected {"frame"'),
    ({"player:Ala": frame(*(["B1 T01 0"] * 16))}, "16 tiles; a frame holds 15"),
    ({"player:Ala": frame("D4 T01 0")}, "D4 T01 0: the tile touches neither the depot nor a placed tile"),
    ({"player:Ala": frame("B1 T01 0", "B1 T02 0")}, "square B1 already holds a tile"),
    ({"player:Ala": frame("B1 T06 0", "A2 T06 0")}, "tile T06 is already placed"),
    ({"player:Ala": frame(*ALA, "D1 T02 0")}, "no locomotive was left after round 5"),
    ({"player:Ala": entry(s1=1)}, 'expected {"frame"'),
])
def test_bad_placements_are_400_with_the_replays_reason(client, parts, words):
    r = framed_room(client)
    answer = change(client, r["id"], 0, parts)
    assert answer.status_code == 400 and words in answer.json()["error"], answer.text


def test_frames_files_go_to_frames_rooms_only(client):
    r = framed_room(client)
    text = "mode: route+stations\nplayers: [ala, Bartek]\nframes:\n  Ala: [B1 T06 0, A2 T05 0]\n  Bartek: []\n"
    answer = client.put(f"/api/rooms/{r['id']}/files/game.yaml?version=0", content=text.encode())
    assert answer.status_code == 200, answer.text
    assert answer.json()["room"]["parts"]["player:Ala"] == frame("B1 T06 0", "A2 T05 0")
    board = client.put(f"/api/rooms/{r['id']}/files/game.yaml?version=1",
                       content=b"mode: route+stations\nplayers: [Ala, Bartek]\narrivals: {}\nroute: {Ala: 1, Bartek: 2}\n")
    assert board.status_code == 400 and "takes each player's frame" in board.json()["error"]
    unreadable = client.put(f"/api/rooms/{r['id']}/files/game.yaml?version=1",
                            content=b"mode: route+stations\nplayers: [Ala, Bartek]\nframes:\n  Ala: [B1 T99 0]\n  Bartek: []\n")
    assert unreadable.status_code == 400 and "game.yaml:4:" in unreadable.json()["error"]
    illegal = client.put(f"/api/rooms/{r['id']}/files/game.yaml?version=1",
                         content=b"mode: route+stations\nplayers: [Ala, Bartek]\nframes:\n  Ala: [D4 T01 0]\n  Bartek: []\n")
    assert illegal.status_code == 400 and "touches neither the depot" in illegal.json()["error"]
    gap = client.put(f"/api/rooms/{r['id']}/files/game.yaml?version=1",
                     content=b"mode: route+stations\nplayers: [Ala, Bartek]\nframes:\n  Ala: [B1 T06 0 @1, A2 T05 0 @3]\n  Bartek: []\n")
    assert gap.status_code == 400 and "game.yaml:4:" in gap.json()["error"] and "no tile in round 2" in gap.json()["error"]
    arrivals_room = room(client, ("Ala", "Bartek"), mode="route+stations")
    refused = client.put(f"/api/rooms/{arrivals_room['id']}/files/game.yaml?version=0", content=text.encode())
    assert refused.status_code == 400 and "not frames" in refused.json()["error"]


def test_bad_entry_choice_is_400(client):
    answer = client.post("/api/rooms", json={"game": "allers-trains", "players": ["Ala"],
                                             "setup": {"mode": "route", "entry": "frame"}})
    assert answer.status_code == 400 and "'frame' is neither of scoring-board, frames" in answer.json()["error"]
    assert "did you mean 'frames'" in answer.json()["error"]


def test_the_start_form_names_the_modes_and_the_ways_in_in_both_languages(client):
    fields = {f["key"]: f for f in next(g for g in client.get("/api/games").json() if g["id"] == "allers-trains")["fields"]}
    assert fields["entry"]["choices"] == ["scoring-board", "frames"]
    assert set(fields["entry"]["names"]) == set(fields["entry"]["choices"])
    assert set(fields["mode"]["names"]) == set(fields["mode"]["choices"])
    assert fields["entry"]["names"]["frames"]["pl"] == "ramki graczy, kafelek po kafelku"
