"""A game or board file uploaded to a room that the game's parser cannot read is refused with
``error_pl``: a Polish phone says what is wrong with the file, and where, in Polish (``error``
stays English, located the same). One bad file per game, each through an error path that had no Polish before."""

from __future__ import annotations

import re

import pytest

POLISH = re.compile(r"[ąćęłńóśźżĄĆĘŁŃÓŚŹŻ]")
ROW = ". . . . . . ."
DOS = "players:\n  - {name: Ala, goods: RRG, circuits: 1, steam: 2}\n  - {name: Bartek, goods: B, circuits: 0, steam: 0}\n"

# (game, setup, the file, its line and column, the English words, the Polish words)
UPLOADS = [
    ("railroad-ink", {}, "player: Ala\n" + "\n".join([ROW] * 7) + "\nplayer: Ala\n", "9:1",
     "inside the grid", "nagłówek 'player:' w środku planszy"),
    ("railroad-ink", {}, "player: Ala\n" + "hhhhss . . . . . .\n" + "\n".join([ROW] * 6) + "\n", "2:6",
     "too long", "za długie; po znaczniku stoi jeszcze 's'"),
    ("days-of-steam", {}, DOS + "map: |\n  R br0h\n", "5:5", "the set has no bridge", "w zestawie nie ma kafla most (wzgórze)"),
    ("allers-trains", {"mode": "stations", "entry": "frames"}, "frames:\n  Ala: [A1 T03 90]\n", "2:9",
     "A1 is the depot", "A1 to zajezdnia"),
    ("ticket-to-ride", {"map": "nordic"}, "map: nordic\nplayers:\n  - name: Ala\n    routes: [Oslo - Oslo]\n", "4:14",
     "two different places", "połączenie łączy dwa różne miejsca"),
    ("ticket-to-ride", {"map": "nordic"}, "map: nordic\nplayers:\n  - name: Ala\n    routes: []\n    stations: [Oslo]\n",
     "5:5", "no train stations", "nie ma dworców"),
]


@pytest.mark.parametrize("game, setup, text, where, english, polish", UPLOADS,
                         ids=[f"{row[0]}: {row[4]}" for row in UPLOADS])
def test_an_unreadable_upload_is_refused_in_polish(client, game, setup, text, where, english, polish):
    players = ["Ala"] if game == "allers-trains" else ["Ala", "Bartek"]
    answer = client.post("/api/rooms", json={"game": game, "players": players, "setup": setup})
    assert answer.status_code == 200, answer.text
    room = answer.json()["room"]
    name = client.get(f"/api/rooms/{room['id']}/files").json()[0]["name"]
    answer = client.put(f"/api/rooms/{room['id']}/files/{name}?version=0", content=text.encode())
    data = answer.json()
    assert answer.status_code == 400, data
    assert f"{name}:{where}: " in data["error"] and english in data["error"], data
    assert polish in data.get("error_pl", ""), data
    assert data["error_pl"].startswith(f"{name}:{where}: "), data   # located as the English is
    assert POLISH.search(data["error_pl"]) and english not in data["error_pl"], data
