"""Every refusal a player can meet on the page (not only a program sending a malformed request)
comes with ``error_pl``, the same said in Polish, which the Polish page shows; ``error`` stays
English (the API's word, and what the older tests read)."""

from __future__ import annotations

import re

import pytest

POLISH = re.compile(r"[ąćęłńóśźżĄĆĘŁŃÓŚŹŻ]|\b(nie|gra|gry|gracz|gracze|jest|już|tylko|plik)\b")


def _new(client, game, players, setup=None):
    answer = client.post("/api/rooms", json={"game": game, "players": players, "setup": setup or {}})
    assert answer.status_code == 200, answer.text
    return answer.json()["room"]["id"]


def _change(client, room, version, parts):
    return client.post(f"/api/rooms/{room}/changes?lang=pl", json={"version": version, "parts": parts})


def _said(answer, status, english, polish):
    data = answer.json()
    assert answer.status_code == status, answer.text
    assert english in data["error"], data
    assert polish in data.get("error_pl", ""), data
    assert POLISH.search(data["error_pl"]) and data["error_pl"] != data["error"]


@pytest.mark.parametrize("game, players, english, polish", [
    ("railroad-ink", ["A😀"], "which the score pictures cannot draw", "czego nie da się narysować"),
    ("railroad-ink", ["A\u202eB"], "invisible or control character", "niewidoczny lub sterujący znak"),
    ("railroad-ink", ["Ala", "ALA"], "are the same name", "to samo imię"),
    ("allers-trains", ["Ala@1"], "cannot be written in a game file", "nie da się zapisać w pliku gry"),
    ("days-of-steam", ["Ala"], "is played by 2-4 players", "od 2 do 4 graczy"),
    ("ticket-to-ride", ["Ala"] * 1, "is played by", "gra od"),
])
def test_a_new_game_refused(client, game, players, english, polish):
    _said(client.post("/api/rooms?lang=pl", json={"game": game, "players": players, "setup": {}}), 400, english, polish)


def test_ticket_to_ride_claims_refused(client):
    room = _new(client, "ticket-to-ride", ["Ala", "Bartek"], {"map": "nordic"})
    assert _change(client, room, 0, {"player:Ala": {"routes": ["bergen-oslo-blue"], "tickets": []}}).status_code == 200
    _said(_change(client, room, 1, {"player:Bartek": {"routes": ["bergen-oslo-blue"], "tickets": []}}), 409,
          "is already claimed by Ala", "Bergen – Oslo · 4 · niebieski: to połączenie zajmuje już Ala")
    # two players: one half of a double route in all
    double = _new(client, "ticket-to-ride", ["Ala", "Bartek"], {"map": "nordic"})
    assert _change(client, double, 0, {"player:Ala": {"routes": ["oslo-orebro-green"], "tickets": []}}).status_code == 200
    _said(_change(client, double, 1, {"player:Bartek": {"routes": ["oslo-orebro-yellow"], "tickets": []}}), 409,
          "route(s) of the double route", "z połączenia podwójnego Oslo – Örebro można zająć tylko jedno")


def test_days_of_steam_counts_and_the_end_refused_or_unscorable(client):
    room = _new(client, "days-of-steam", ["Ala", "Bartek"])
    five = {"goods": {"R": 0, "G": 0, "Y": 0, "B": 5}, "circuits": 0, "steam": 0}
    assert _change(client, room, 0, {"player:Ala": five}).status_code == 200
    _said(_change(client, room, 1, {"player:Bartek": {**five, "goods": {"R": 0, "G": 0, "Y": 0, "B": 3}}}), 400,
          "8 blue goods delivered in all", "niebieskie towary: dostarczono 8, a gra ma 7 (Ala 5, Bartek 3)")
    score = _change(client, room, 1, {"game": {"end": "instant"}}).json()["score"]
    assert "end: instant needs exactly one player" in score["error"]
    assert score["error_pl"].startswith("koniec „gracz zdobył 13 PZ” wymaga dokładnie jednego gracza")
    # and the English page's in players' words: not the file's "end: instant", nor its line and column
    assert score["error_said"] == ("the end “a player reached 13 VP” needs exactly one player with 13 VP or more, "
                                   "and nobody has them yet (if the game ended when the last track tile was drawn, "
                                   "choose that)")


def test_a_frame_tile_refused_by_the_replay(client):
    answer = client.post("/api/rooms", json={"game": "allers-trains", "players": ["Ala"],
                                             "setup": {"mode": "stations", "entry": "frames"}})
    room = answer.json()["room"]["id"]
    _said(_change(client, room, 0, {"player:Ala": {"frame": [{"square": "D4", "tile": "T06", "rotation": 0}]}}), 400,
          "the tile touches neither the depot nor a placed tile", "kafel nie styka się ani z zajezdnią")


def test_uploads_a_title_and_a_missing_room(client):
    room = _new(client, "railroad-ink", ["Ala"])
    _said(client.put(f"/api/rooms/{room}/files/x.txt?version=0&lang=pl", content=b"\xff\xfe"), 400,
          "not UTF-8 text", "to nie jest tekst UTF-8")
    board = client.get(f"/api/rooms/{room}/files/1-ala.txt").text
    _said(client.put(f"/api/rooms/{room}/files/1-ala.txt?version=0", content=board.replace("expansion: none", "expansion: lava").encode()
                     if "expansion: none" in board else ("expansion: lava\n" + board).encode()), 400,
          "this room plays expansion", "ta gra toczy się z dodatkiem")
    _said(client.patch(f"/api/rooms/{room}", json={"title": " "}), 400, "a title is 1 to", "tytuł ma od 1 do")
    _said(client.get("/api/rooms/zzzzzzzzzzzz"), 404, "no room", "nie ma tu gry")
