"""``railprint serve``'s JSON API without a socket (Starlette's test client): rooms, versions,
bad input (each a 4xx JSON error), the token, files that ``railprint score`` reads, exports."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from pypdf import PdfReader

from railprint.games.railroad_ink import parse_file
from railprint.serve import make_app
from tests.helpers import run_cli

CASES = Path(__file__).resolve().parents[1] / "data" / "railroad_ink" / "cases"
RULEBOOK = CASES / "rulebook_example.txt"


def tokens(path: Path) -> list[str]:
    return ["." if cell.empty else cell.token for _, _, cell in parse_file(path).cells()]


ANNA = tokens(RULEBOOK)
EMPTY = ["."] * 49


@pytest.fixture
def client(tmp_path):
    app, token, store = make_app(tmp_path / "data", "127.0.0.1")
    assert token is None  # loopback: no token
    with TestClient(app, base_url="http://127.0.0.1") as c:
        yield c
    store.close()


def new_room(client, players=("Anna", "Bartek"), **setup) -> dict:
    answer = client.post("/api/rooms", json={"game": "railroad-ink", "players": list(players), "setup": setup})
    assert answer.status_code == 200, answer.text
    return answer.json()["room"]


def change(client, room_id, version, player, cells):
    return client.post(f"/api/rooms/{room_id}/changes",
                       json={"version": version, "parts": {f"player:{player}": {"cells": cells}}})


def test_the_games_with_a_page_are_listed_with_their_setup_choices(client):
    games = {g["id"]: g for g in client.get("/api/games").json()}
    assert "railroad-ink" in games
    fields = {f["key"]: f["choices"] for f in games["railroad-ink"]["fields"]}
    assert fields == {"expansion": ["none", "meteor", "lava"], "longest": ["simple", "trail"]}


def test_a_room_scores_the_rulebook_board_46_with_the_python_scorer(client):
    room = new_room(client)
    assert room["version"] == 0 and room["parts"]["player:Anna"] == {"cells": EMPTY}
    answer = change(client, room["id"], 0, "Anna", ANNA)
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert data["room"]["version"] == 1
    assert data["score"]["ranking"][0] == {"player": "Anna", "points": 46, "place": 1, "errors": 5}
    anna = data["score"]["result"][0]
    assert (anna["exits"], anna["longest_highway"], anna["longest_railway"], anna["center"], anna["errors"]) == (32, 8, 5, 6, 5)


def test_a_change_on_an_old_version_is_merged_when_it_touches_another_player(client):
    room = new_room(client)
    assert change(client, room["id"], 0, "Anna", ANNA).status_code == 200
    bartek = EMPTY[:48] + ["h.h."]
    merged = change(client, room["id"], 0, "Bartek", bartek)  # made before Anna's change
    assert merged.status_code == 200, merged.text
    parts = merged.json()["room"]["parts"]
    assert parts["player:Anna"]["cells"] == ANNA and parts["player:Bartek"]["cells"] == bartek
    assert merged.json()["room"]["version"] == 2


def test_a_conflicting_change_is_refused_with_the_current_state(client):
    room = new_room(client)
    assert change(client, room["id"], 0, "Anna", ANNA).status_code == 200
    stale = change(client, room["id"], 0, "Anna", EMPTY)
    assert stale.status_code == 409
    body = stale.json()
    assert "another screen" in body["error"]
    assert body["room"]["version"] == 1 and body["room"]["parts"]["player:Anna"]["cells"] == ANNA
    assert body["score"]["ranking"][0]["points"] == 46
    assert client.get(f"/api/rooms/{room['id']}").json()["room"]["parts"]["player:Anna"]["cells"] == ANNA  # nothing lost


@pytest.mark.parametrize("body, status, words", [
    ({"version": 5, "parts": {"player:Anna": {"cells": EMPTY}}}, 400, "not a version of this room"),
    ({"version": "0", "parts": {"player:Anna": {"cells": EMPTY}}}, 400, "whole number"),
    ({"version": 0, "parts": {"player:Zoe": {"cells": EMPTY}}}, 400, "no player 'Zoe'"),
    ({"version": 0, "parts": {"player:Anna": {"cells": EMPTY[:48]}}}, 400, "49 spaces"),
    ({"version": 0, "parts": {"player:Anna": {"cells": ["hxq."] + EMPTY[1:]}}}, 400, "Anna A1: 'hxq.'"),
    ({"version": 0, "parts": {"player:Anna": {"cells": EMPTY[:10] + ["hrh.z"] + EMPTY[11:]}}}, 400, "B4: 'hrh.z': unknown marker"),
    ({"version": 0, "parts": {"setup": {}}}, 400, "setup of a room is fixed"),
    ({"version": 0}, 400, "expected"),
    ([1, 2], 400, "expected"),
])
def test_bad_changes_get_a_json_error_and_change_nothing(client, body, status, words):
    room = new_room(client)
    answer = client.post(f"/api/rooms/{room['id']}/changes", json=body)
    assert answer.status_code == status, answer.text
    assert words in answer.json()["error"]
    assert client.get(f"/api/rooms/{room['id']}").json()["room"]["version"] == 0


def test_a_body_that_is_not_json_or_too_big_is_refused(client):
    room = new_room(client)
    url = f"/api/rooms/{room['id']}/changes"
    json_type = {"Content-Type": "application/json"}
    assert client.post(url, content=b"{nope", headers=json_type).status_code == 400
    assert "not JSON" in client.post(url, content=b"{nope", headers=json_type).json()["error"]
    big = client.post(url, content=b" " * (10 * 1024 * 1024), headers=json_type)
    assert big.status_code == 413 and "at most" in big.json()["error"]

    def chunks():  # no Content-Length: counted as it arrives
        for _ in range(12):
            yield b" " * (1024 * 1024)

    streamed = client.post(url, content=chunks(), headers=json_type)
    assert streamed.status_code == 413, streamed.text
    assert client.get(f"/api/rooms/{room['id']}").json()["room"]["version"] == 0


@pytest.mark.parametrize("room_id", ["zzzzzzzzzzzz", "..%2F..%2Fetc", "x" * 200, "'; DROP TABLE rooms; --"])
def test_a_foreign_room_id_is_404_json(client, room_id):
    for method, url in (("GET", f"/api/rooms/{room_id}"), ("POST", f"/api/rooms/{room_id}/changes"),
                        ("GET", f"/api/rooms/{room_id}/files"), ("GET", f"/r/{room_id}")):
        answer = client.request(method, url, json={"version": 0, "parts": {}})
        assert answer.status_code == 404, (url, answer.text)
        assert "error" in answer.json()


@pytest.mark.parametrize("body, words", [
    ({"game": "railroad-ink", "players": []}, "players: 1 to 8"),
    ({"game": "railroad-ink", "players": ["A"] * 9}, "players: 1 to 8"),
    ({"game": "railroad-ink", "players": ["Ala", "ala"]}, "every name once"),
    ({"game": "railroad-ink", "players": ["A#1"]}, "cannot be written"),
    ({"game": "railroad-ink", "players": ["Ala"], "setup": {"expansion": "metor"}}, "did you mean 'meteor'"),
    ({"game": "railroad-ink", "players": ["Ala"], "setup": {"expanse": "lava"}}, "unknown choice 'expanse'"),
    ({"game": "railroad-inc", "players": ["Ala"]}, "railroad-ink"),
    ({"players": ["Ala"]}, "which game"),
])
def test_bad_room_setups_are_400(client, body, words):
    answer = client.post("/api/rooms", json=body)
    assert answer.status_code == 400, answer.text
    assert words in answer.json()["error"]
    assert client.get("/api/rooms").json() == []


def test_download_is_exactly_the_file_railprint_score_reads_and_agrees(client, tmp_path):
    room = new_room(client, players=("Anna", "Żaneta Ørsted", "Łukasz"))
    change(client, room["id"], 0, "Anna", ANNA)
    names = [f["name"] for f in client.get(f"/api/rooms/{room['id']}/files").json()]
    # ASCII file names (Ø and Ł spelt O and L, not dropped), the true name inside
    assert names == ["1-anna.txt", "2-zaneta-orsted.txt", "3-lukasz.txt"]
    folder = tmp_path / "downloaded"
    folder.mkdir()
    for name in names:
        answer = client.get(f"/api/rooms/{room['id']}/files/{name}")
        assert answer.status_code == 200 and "attachment" in answer.headers["content-disposition"]
        (folder / name).write_bytes(answer.content)
    assert parse_file(folder / names[0]).rows == parse_file(RULEBOOK).rows
    assert parse_file(folder / names[1]).player == "Żaneta Ørsted"
    cli = run_cli("score", "railroad-ink", *[str(folder / n) for n in names], "--json")
    assert cli.exit_code == 0, cli.output
    from_cli = json.loads(cli.stdout)
    from_page = client.get(f"/api/rooms/{room['id']}/export.json").json()
    for entry in from_cli:
        entry["file"] = Path(entry["file"]).name
    assert from_page == from_cli


def test_an_uploaded_file_replaces_that_players_board_and_bad_uploads_are_located(client):
    room = new_room(client)
    url = f"/api/rooms/{room['id']}/files/anything.txt"
    text = RULEBOOK.read_text(encoding="utf-8")
    named = "player: Bartek\n" + "\n".join(line for line in text.splitlines() if not line.startswith(("player", "#")))
    answer = client.put(url + "?version=0", content=named.encode())
    assert answer.status_code == 200, answer.text
    assert answer.json()["room"]["parts"]["player:Bartek"]["cells"] == ANNA
    assert answer.json()["score"]["ranking"][0] == {"player": "Bartek", "points": 46, "place": 1, "errors": 5}
    broken = client.put(url + "?version=1", content=b"player: Anna\n.... h\n")
    assert broken.status_code == 400 and broken.json()["error"].startswith("anything.txt:2:6: 'h'")
    assert client.put(url + "?version=1", content=b"\xff\xfe").status_code == 400
    assert "version" in client.put(url, content=b"player: Anna\n").json()["error"]
    stranger = client.put(url + "?version=1", content=("player: Zoe\n" + "\n".join([". . . . . . ."] * 7)).encode())
    assert stranger.status_code == 400 and "Zoe" in stranger.json()["error"]
    assert client.get(f"/api/rooms/{room['id']}").json()["room"]["version"] == 1


def test_the_picture_exports_are_the_scorers_drawing(client):
    room = new_room(client)
    change(client, room["id"], 0, "Anna", ANNA)
    svg = client.get(f"/api/rooms/{room['id']}/picture.svg?page=0")
    assert svg.status_code == 200 and svg.headers["content-type"].startswith("image/svg+xml")
    assert b"46" in svg.content and b"Anna" in svg.content
    pdf = client.get(f"/api/rooms/{room['id']}/picture.pdf?download=1")
    assert pdf.headers["content-disposition"].startswith("attachment")
    reader = PdfReader(io.BytesIO(pdf.content))
    assert len(reader.pages) == 2  # one page a player, as `railprint score --picture` draws
    assert "46" in reader.pages[0].extract_text()
    assert client.get(f"/api/rooms/{room['id']}/picture.svg?page=7").status_code == 400
    assert client.get(f"/api/rooms/{room['id']}/picture.png").status_code == 404


def test_orientations_are_the_distinct_turns_that_break_no_rule(client):
    room = new_room(client)
    url = f"/api/rooms/{room['id']}/actions/orientations"
    curve = client.post(url, json={"player": "Anna", "square": "G6", "token": "hh.."}).json()
    assert sorted(curve["all"]) == sorted(["hh..", ".hh.", "..hh", "h..h"])
    assert sorted(curve["valid"]) == sorted(curve["all"])
    # the likeliest first: the turns meeting G6's south highway exit (Turn on the page steps on)
    assert [t[2] for t in curve["valid"][:2]] == ["h", "h"] and curve["valid"][2][2] == "."
    # a railway beside A2's highway exit would meet it: only the turns that keep north empty
    rail = client.post(url, json={"player": "Anna", "square": "A2", "token": "rr.."}).json()
    assert sorted(rail["valid"]) == ["..rr", ".rr."]
    station = client.post(url, json={"player": "Anna", "square": "B2", "token": "h.hrs"}).json()
    assert len(station["all"]) == 4
    for bad, words in (({"player": "Anna", "square": "H9", "token": "h.h."}, "not a square"),
                       ({"player": "Zoe", "square": "A1", "token": "h.h."}, "no player"),
                       ({"player": "Anna", "square": "A1", "token": "hq.."}, "unknown letter")):
        answer = client.post(url, json=bad)
        assert answer.status_code == 400 and words in answer.json()["error"], answer.text
    assert client.post(f"/api/rooms/{room['id']}/actions/nope", json={}).status_code == 404


def test_faces_come_from_the_dice_file_and_the_specials(client):
    room = new_room(client, expansion="lava")
    faces = client.post(f"/api/rooms/{room['id']}/actions/faces", json={}).json()["faces"]
    tokens_ = [f["token"] for f in faces]
    assert {"h.h.", "r.r.", "hh..", "rr..", "hhh.", "rrr.", "hrhro", "h.r.s", "hr..s"} <= set(tokens_)
    assert {"hhhh", "rrrr", "hhhrs", "hrrrs", "hhrrs", "hrhrs"} <= set(tokens_)
    # three-way stations, as sheets show them (the README's board has four): faces too
    assert {"h.hrs", "hhr.s", "r.rhs", "rrh.s"} <= set(tokens_)
    assert {"ll..", "l.l.", "lll.", "lr.r", "lh.h", "llllv"} <= set(tokens_)
    assert room["parts"]["player:Anna"]["cells"][24] == "llllv"  # the volcano on the centre space


def test_rooms_survive_a_restart(tmp_path):
    app, _, store = make_app(tmp_path / "data", "127.0.0.1")
    with TestClient(app, base_url="http://127.0.0.1") as c:
        room = new_room(c)
        change(c, room["id"], 0, "Anna", ANNA)
    store.close()
    app, _, store = make_app(tmp_path / "data", "127.0.0.1")
    with TestClient(app, base_url="http://127.0.0.1") as c:
        again = c.get(f"/api/rooms/{room['id']}").json()
        assert again["room"]["parts"]["player:Anna"]["cells"] == ANNA
        assert again["score"]["ranking"][0]["points"] == 46
        listed = c.get("/api/rooms").json()
        assert [r["id"] for r in listed] == [room["id"]]
        history = c.get(f"/api/rooms/{room['id']}/history").json()
        assert [(h["version"], h["part"]) for h in history] == [(1, "player:Anna")]
    store.close()
    assert (tmp_path / "data" / "rooms.sqlite3").exists()


def test_beyond_localhost_every_request_needs_the_token(tmp_path):
    app, token, store = make_app(tmp_path / "data", "0.0.0.0")  # nothing listens: the app alone
    assert token and len(token) >= 20
    with TestClient(app, base_url="http://192.168.1.20:8000") as c:
        for url in ("/", "/api/rooms", "/static/serve.js", "/games/railroad-ink/editor.js"):
            refused = c.get(url)
            assert refused.status_code == 403, url
            assert "token" in refused.json()["error"]
        wrong = token[:-1] + ("y" if token.endswith("x") else "x")   # one letter off (never the token itself)
        assert c.get("/api/rooms?token=" + wrong).status_code == 403
        assert c.get("/api/rooms", headers={"X-Railprint-Token": "nope"}).status_code == 403
        page = c.get("/?token=" + token + "&poll=500", follow_redirects=False)
        # the cookie is set and the token leaves the address bar: the same page without it
        assert page.status_code == 303 and page.headers["location"] == "/?poll=500"
        assert "railprint_token=" in page.headers["set-cookie"]
        assert "HttpOnly" in page.headers["set-cookie"] and "SameSite=Strict" in page.headers["set-cookie"]
        assert c.get(page.headers["location"]).status_code == 200
        assert c.get("/api/rooms").status_code == 200  # the cookie the link set
        c.cookies.clear()
        assert c.get("/api/rooms", headers={"X-Railprint-Token": token}).status_code == 200
        assert c.get("/api/rooms").status_code == 403
    store.close()


def test_the_page_and_the_games_script_are_served_from_the_package(client):
    page = client.get("/")
    assert page.status_code == 200 and "/static/serve.js" in page.text
    script = client.get("/games/railroad-ink/editor.js")
    assert script.status_code == 200 and "Railprint.register" in script.text
    assert script.headers["content-type"].startswith("text/javascript")
    for bad in ("/games/railroad-ink/..%2F__init__.py", "/games/railroad-ink/__init__.py", "/games/nope/editor.js",
                "/static/..%2Fapp.py"):
        assert client.get(bad).status_code == 404, bad
    # no CDN, no build step: every script and style the pages load is ours
    for name in ("index.html", "room.html"):
        html = client.get("/static/" + name).text
        assert not re.search(r"(src|href)=\"https?:", html)
