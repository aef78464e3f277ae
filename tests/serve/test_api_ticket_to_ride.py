"""Ticket to Ride rooms through the JSON API: claims by route id, the map drawn from the printed
board's layout, bad input refused with a 400, the game file round trip."""

from __future__ import annotations

import pytest

from railprint.games.ticket_to_ride import load_map, score_text
from railprint.games.ticket_to_ride.board import board_geometry


def room(client, players=("Ala", "Bartek"), **setup):
    answer = client.post("/api/rooms", json={"game": "ticket-to-ride", "players": list(players), "setup": setup})
    assert answer.status_code == 200, answer.text
    return answer.json()["room"]


def claim(client, room_id, version, player, routes, tickets=()):
    return client.post(f"/api/rooms/{room_id}/changes", json={
        "version": version, "parts": {f"player:{player}": {"routes": list(routes), "tickets": list(tickets)}}})


def test_claims_are_scored_by_the_python_scorer(client):
    r = room(client, map="nordic")
    answer = claim(client, r["id"], 0, "Ala", ["oslo-orebro-green", "orebro-stockholm-black"], ["t30"])
    assert answer.status_code == 200, answer.text
    game = answer.json()["score"]["result"]
    ala = game["players"][0]
    assert ala["route_points"] == 2 + 2 * 0 + ala["routes"][1]["points"] and ala["tickets_completed"] == 1
    text = client.get(f"/api/rooms/{r['id']}/files/game.yaml").text
    assert "'Oslo - Örebro [green]'" in text  # a parallel named by its colour, as a person writes it
    assert {p.name: p.total for p in score_text(text).games[0].players} == \
        {row["player"]: row["points"] for row in answer.json()["score"]["ranking"]}


def test_the_map_is_the_printed_boards_layout(client):
    r = room(client, map="italy", players=("Ala", "Bartek", "Celina"))
    drawing = client.post(f"/api/rooms/{r['id']}/actions/map", json={}).json()
    m = load_map("italy")
    geo = board_geometry(m)
    assert (drawing["width"], drawing["height"]) == (round(geo.width, 1), round(geo.height, 1))
    assert {x["id"] for x in drawing["routes"]} == {x.id for x in m.routes}
    first = m.routes[0]
    cars = next(x["cars"] for x in drawing["routes"] if x["id"] == first.id)
    assert len(cars) == len(geo.cars[first.id]) == first.length
    assert {t["id"] for t in drawing["tickets"]} == {t.id for t in m.tickets}
    doubles = [x for x in drawing["routes"] if x["parallels"]]
    assert doubles and all(len(x["cars"]) for x in doubles)  # every half drawn: an explicit choice


@pytest.mark.parametrize("parts, words", [
    ({"player:Ala": {"routes": ["oslo-bergen"], "tickets": []}}, "unknown route 'oslo-bergen'"),
    ({"player:Ala": {"routes": [], "tickets": ["t999"]}}, "unknown ticket 't999'"),
    ({"player:Ala": {"routes": ["goteborg-oslo", "goteborg-oslo"], "tickets": []}}, "listed twice"),
    ({"player:Ala": {"routes": "goteborg-oslo", "tickets": []}}, "a list of route ids"),
    ({"player:Ala": {"routes": []}}, "expected"),
    ({"player:Zoe": {"routes": [], "tickets": []}}, "no player 'Zoe'"),
])
def test_bad_claims_are_400(client, parts, words):
    r = room(client)
    answer = client.post(f"/api/rooms/{r['id']}/changes", json={"version": 0, "parts": parts})
    assert answer.status_code == 400 and words in answer.json()["error"], answer.text


@pytest.mark.parametrize("setup, players, words", [
    ({"map": "usa"}, ("Ala", "Bartek"), "usa"),
    ({"map": "../../etc/passwd"}, ("Ala", "Bartek"), "a map id"),
    ({"map": "nordic"}, ("Ala", "Bartek", "Celina", "Darek"), "2-3 players"),
    ({"mapa": "nordic"}, ("Ala", "Bartek"), "unknown choice 'mapa'"),
])
def test_bad_setups_are_400(client, setup, players, words):
    answer = client.post("/api/rooms", json={"game": "ttr", "players": list(players), "setup": setup})
    assert answer.status_code == 400 and words in answer.json()["error"], answer.text


def test_an_uploaded_game_file_replaces_the_claims(client):
    r = room(client, players=("Ala", "Bartek", "Celina"))  # three players: both halves of a double may be claimed
    text = ("map: nordic\nplayers:\n  - name: ala\n    routes: [Oslo - Örebro, Göteborg - Oslo]\n"
            "    tickets: [Oslo - Stockholm]\n  - name: Bartek\n    routes: ['Oslo - Orebro']\n")
    answer = client.put(f"/api/rooms/{r['id']}/files/game.yaml?version=0", content=text.encode())
    assert answer.status_code == 200, answer.text
    parts = answer.json()["room"]["parts"]
    # two plain claims over the identical Oslo - Örebro parallels: one half each (3 players)
    assert {parts["player:Ala"]["routes"][0], parts["player:Bartek"]["routes"][0]} == \
        {"oslo-orebro-green", "oslo-orebro-yellow"}
    assert parts["player:Ala"]["tickets"] == ["t30"]
    bad = client.put(f"/api/rooms/{r['id']}/files/game.yaml?version=1",
                     content=b"map: nordic\nplayers:\n  - name: Zoe\n    routes: []\n")
    assert bad.status_code == 400 and "Zoe" in bad.json()["error"]
    typo = client.put(f"/api/rooms/{r['id']}/files/game.yaml?version=1",
                      content=b"map: nordic\nplayers:\n  - name: Ala\n    routes: [Olso - Bergen]\n")
    assert typo.status_code == 400 and typo.json()["error"].startswith("game.yaml:4:")


def test_an_uploaded_game_file_names_its_map_by_id_never_a_server_file(client, tmp_path, monkeypatch):
    """A file sent to the server may not make it read a file of its own: a path, or a bare name
    that would be looked up in the server's current folder, is a 400 at the map: line."""
    secret = tmp_path / "secret"
    secret.write_text("a: 1\n")
    (tmp_path / "nordic-copy.yaml").write_text("a: 1\n")
    monkeypatch.chdir(tmp_path)
    r = room(client)
    for name in (str(secret), "../../etc/passwd", "nordic-copy.yaml", "secret", "~/x.yaml"):
        answer = client.put(f"/api/rooms/{r['id']}/files/game.yaml?version=0",
                            content=f"map: {name}\nplayers:\n  - name: Ala\n    routes: []\n".encode())
        assert answer.status_code == 400, (name, answer.text)
        error = answer.json()["error"]
        assert error.startswith("game.yaml:1:6:"), error
        assert "by id" in error or "unknown map" in error, error
    # an alias is still a map's name
    answer = client.put(f"/api/rooms/{r['id']}/files/game.yaml?version=0",
                        content="map: Nordic Countries\nplayers:\n  - name: Ala\n    routes: []\n".encode())
    assert answer.status_code == 200, answer.text


def test_route_names_come_in_polish_too(client):
    """The page names routes in its language: a Polish page says the colour in Polish, and the
    halves of a double route of one colour by a Polish ordinal (issue 30: colours translated)."""
    from railprint.games.ticket_to_ride.board import COLOUR_NAMES

    r = room(client, map="nordic", players=("Ala", "Bartek", "Celina"))
    drawing = client.post(f"/api/rooms/{r['id']}/actions/map", json={}).json()
    m = load_map("nordic")
    polish = {c: COLOUR_NAMES["pl"][c].split(":")[0] for c in COLOUR_NAMES["pl"]}
    seen_double = False
    for x in drawing["routes"]:
        route = m.route[x["id"]]
        english, pl = x["name"], x["names"]["pl"]
        assert english.split(" · ")[:2] == pl.split(" · ")[:2]          # places and length alike
        assert pl.split(" · ")[2].startswith(polish[route.colour]), pl   # the colour in Polish
        assert route.colour not in pl.split(" · ")[2] or polish[route.colour] == route.colour
        if english.endswith("(2nd)"):
            seen_double = True
            assert pl.endswith("(2.)"), pl
    assert seen_double   # Nordic has gray doubles: both halves named apart in both languages


def test_each_versions_board_picture_puts_its_claims_over_the_board_drawn_once(client):
    """The board under the claims is the same for every game on a map: drawn once (a kept group,
    its SVG made once) and reused by every version's picture. Each version's picture still shows
    exactly that version's claims: a claimed route's cars in the player's colour, a route given
    back (or never claimed) not at all."""
    import xml.etree.ElementTree as ET

    from railprint.games.ticket_to_ride.board import default_size

    r = room(client, map="italy")
    m = load_map("italy")
    geo = board_geometry(m, *default_size(m))
    first, second, never = "agrigento-catania", "ancona-perugia", "agrigento-palermo-orange"

    def picture(routes, version):
        answer = claim(client, r["id"], version, "Ala", routes)
        assert answer.status_code == 200, answer.text
        now = answer.json()["room"]["version"]
        svg = client.get(f"/api/rooms/{r['id']}/picture.svg?page=0&v={now}")
        assert svg.status_code == 200
        colour = score_text(client.get(f"/api/rooms/{r['id']}/files/game.yaml").text).games[0].players[0].colour
        return now, ET.fromstring(svg.content), colour

    def pieces(root):
        (claimed,) = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("id") == "claimed"]
        out = set()
        for piece in claimed:
            e, f = (float(v) for v in piece.get("transform")[len("matrix("):-1].split()[4:])
            out.add((round(e), round(f), piece[0].get("fill")))
        return out

    def cars(rid, colour):
        return {(round(c.x), round(c.y), colour) for c in geo.cars[rid]}

    v1, one, colour = picture([first], 0)
    v2, two, _ = picture([second], v1)   # drawn over the board kept from the first picture
    assert pieces(one) == cars(first, colour)
    assert pieces(two) == cars(second, colour) and not pieces(two) & (cars(first, colour) | cars(never, colour))
    for root in (one, two):  # the board itself is in both, once: its cities' names and its places
        words = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
        assert words.count("Agrigento") >= 1 and "Catania" in words
        assert [g.get("id") for g in root.iter("{http://www.w3.org/2000/svg}g")].count("places") == 1
