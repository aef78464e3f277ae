"""The "log this play" link to BG Stats: every game's scored room carries a createPlay link whose
URL-encoded JSON names the game, each player with the scorer's total, the ranking's place and
the winner."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from railprint.games.railroad_ink import parse_file
from railprint.serve.bgstats import CREATE_PLAY

RULEBOOK = Path(__file__).resolve().parents[1] / "data" / "railroad_ink" / "cases" / "rulebook_example.txt"


def decoded(link: str) -> dict:
    """The play a createPlay link carries (what BG Stats reads from it)."""
    assert link.startswith(CREATE_PLAY) and CREATE_PLAY == "https://app.bgstatsapp.com/createPlay.html?data="
    data = link[len(CREATE_PLAY):]
    assert urlsplit(link).query == "data=" + data
    assert all(c.isascii() and c not in " &#?+\"{}" for c in data), "the JSON must be fully URL-encoded"
    return json.loads(unquote(data))


def create(client, game: str, players: list[str], setup: dict | None = None) -> dict:
    answer = client.post("/api/rooms", json={"game": game, "players": players, "setup": setup or {}})
    assert answer.status_code == 200, answer.text
    return answer.json()


def change(client, room: dict, parts: dict) -> dict:
    answer = client.post(f"/api/rooms/{room['id']}/changes", json={"version": room["version"], "parts": parts})
    assert answer.status_code == 200, answer.text
    return answer.json()


def players(play: dict) -> dict[str, tuple]:
    return {p["name"]: (p["score"], p["rank"], p["winner"]) for p in play["players"]}


def test_railroad_ink_the_rulebook_board_wins_with_46(client):
    room = create(client, "railroad-ink", ["Żaneta & Co", "Bartek"])["room"]
    cells = ["." if c.empty else c.token for _, _, c in parse_file(RULEBOOK).cells()]
    answer = change(client, room, {"player:Żaneta & Co": {"cells": cells}})
    play = decoded(answer["score"]["bgstats"])
    assert play["game"] == {"name": "Railroad Ink", "sourceGameId": "railroad-ink", "highestWins": True,
                            "noPoints": False}
    assert play["sourceName"] == "railprint" and play["sourcePlayId"] == room["id"]
    assert players(play) == {"Żaneta & Co": (46, 1, True), "Bartek": (0, 2, False)}
    assert len(play["playDate"]) == 19 and play["playDate"][4] == "-" and play["playDate"][13] == ":"
    # a reload gets the same link
    assert client.get(f"/api/rooms/{room['id']}").json()["score"]["bgstats"] == answer["score"]["bgstats"]


def test_a_tie_makes_two_winners(client):
    scored = create(client, "railroad-ink", ["Ala", "Bartek"])["score"]
    assert players(decoded(scored["bgstats"])) == {"Ala": (0, 1, True), "Bartek": (0, 1, True)}


def test_ticket_to_ride_names_its_map_and_the_scorers_totals(client):
    room = create(client, "ticket-to-ride", ["Ala", "Bartek"], {"map": "nordic"})["room"]
    answer = change(client, room, {"player:Ala": {"routes": ["oslo-orebro-green", "orebro-stockholm-black"],
                                                  "tickets": ["t30"]}})
    play = decoded(answer["score"]["bgstats"])
    assert play["game"]["name"] == "Ticket to Ride: Nordic Countries"
    ala = next(p for p in answer["score"]["result"]["players"] if p["name"] == "Ala")
    assert ala["total"] > 0
    assert players(play) == {"Ala": (ala["total"], 1, True), "Bartek": (0, 2, False)}


def test_days_of_steam_and_allers_trains_carry_the_link_too(client):
    room = create(client, "days-of-steam", ["Ala", "Bartek"])["room"]
    answer = change(client, room, {"player:Bartek": {"goods": {"R": 1, "G": 1, "Y": 0, "B": 0},
                                                     "circuits": 1, "steam": 2}})
    play = decoded(answer["score"]["bgstats"])
    assert play["game"]["name"] == "Days of Steam"
    assert players(play) == {"Bartek": (2 * 2 + 1 + 1, 1, True), "Ala": (0, 2, False)}

    scored = create(client, "allers-trains", ["Ala", "Bartek"])["score"]
    play = decoded(scored["bgstats"])
    assert play["game"]["name"] == "Jedzie pociąg z daleka"
    assert {p["name"] for p in play["players"]} == {"Ala", "Bartek"}
    assert [p["rank"] for p in play["players"]] == [row["place"] for row in scored["ranking"]]


def test_the_link_escapes_as_urllib_quote_does():
    """The link's escaping (a byte table, for speed) gives quote(text, safe="")'s very bytes:
    every ASCII character, Polish and Nordic letters, emoji, quotes and percent signs."""
    import random
    from urllib.parse import quote

    from railprint.serve.bgstats import CREATE_PLAY, link

    rng = random.Random(7)
    alphabet = [chr(c) for c in range(1, 128)] + list("ĄćęŁńóŚźżÅÄÆÖØÜÉåæøé—–·…✓→🚂\u00a0\u2028")
    for _ in range(200):
        name = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 30)))
        data = {"players": [{"name": name, "score": rng.randint(-5, 300)}], "game": {"name": "Łódź % & = ?"}}
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        assert link(data) == CREATE_PLAY + quote(text, safe="")


@pytest.mark.parametrize("data, says", [
    ({}, False), ([], False), ({"violations": []}, False), ({"notices": ["x"]}, True),
    ({"players": [{"a": [1, {"b": {"violations": [{"line": 1}]}}]}]}, True),
    ({"players": [{"violations": [], "notices": []}], "violations": 0}, False),
    ([[[{"notices": "one"}]]], True), ("violations", False), ({"x": "violations"}, False),
])
def test_says_something_finds_a_violation_or_notice_anywhere(data, says):
    from railprint.serve.app import _says_something

    assert _says_something(data) is says
