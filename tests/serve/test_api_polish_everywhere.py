"""Every refusal of the server comes with ``error_pl``: a Polish phone never shows English.

Two halves. The table walks every refusal path of ``railprint/serve`` over HTTP (a body that is
not JSON, a stale version, a conflict, a missing room, a forged host, ...) and checks each answer
says it in Polish. The source walk reads the server's own files and fails on any refusal built
without Polish — so a refusal added later without its Polish fails here even before a row for it
is added to the table."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import railprint.serve
from railprint.serve import make_app
from railprint.serve.app import RateLimit, create_app
from railprint.serve.rooms import Store

POLISH = re.compile(r"[ąćęłńóśźżĄĆĘŁŃÓŚŹŻ]|\b(nie|gra|gry|gracz|gracze|jest|już|tylko|plik|strona|stronę|serwer)\b")
SERVE = Path(railprint.serve.__file__).parent
# the server's answers (serve/__init__.py and workers.py speak to the host's terminal at start
# only), and the games' web modules: their refusals are the server's answers too
ANSWERING = [SERVE / name for name in ("app.py", "rooms.py", "connections.py")] + sorted(
    (SERVE.parent / "games").glob("*/web/__init__.py"))
REFUSALS = {"RailprintError", "BadChange", "Conflict", "Refused", "RoomNotFound", "StoreDamaged",
            "BodyTooLarge", "WrongMediaType", "TooMany"}


def _polish(answer, status: int) -> None:
    data = answer.json()
    assert answer.status_code == status, (answer.status_code, answer.text)
    assert data.get("error"), data
    assert data.get("error_pl"), f"no error_pl: {data}"
    assert data["error_pl"] != data["error"] and POLISH.search(data["error_pl"]), data


def _room(c, game="railroad-ink", players=("Ala", "Bartek"), setup=None) -> dict:
    answer = c.post("/api/rooms", json={"game": game, "players": list(players), "setup": setup or {}})
    assert answer.status_code == 200, answer.text
    return answer.json()["room"]


def _changed(c, room_id: str, version: int, parts: dict) -> dict:
    answer = c.post(f"/api/rooms/{room_id}/changes", json={"version": version, "parts": parts})
    assert answer.status_code == 200, answer.text
    return answer.json()["room"]


def _stale(c):
    """Two phones on version 0 change Ala's sheet: the second is a conflict."""
    room = _room(c)
    key = "player:Ala"
    first = _changed(c, room["id"], 0, {key: room["parts"][key]})
    assert first["version"] == 1
    return c.post(f"/api/rooms/{room['id']}/changes", json={"version": 0, "parts": {key: room["parts"][key]}})


def _too_new(c):
    """The phone's copy names a version the room never had (its server's file was replaced)."""
    room = _room(c)
    return c.post(f"/api/rooms/{room['id']}/changes", json={"version": 7, "parts": {"player:Ala": room["parts"]["player:Ala"]}})


def _two_joins(c):
    room = _room(c)
    assert c.post(f"/api/rooms/{room['id']}/players", json={"version": 0, "name": "Celina"}).status_code == 200
    return c.post(f"/api/rooms/{room['id']}/players", json={"version": 0, "name": "Dorota"})


def _unscorable(c):
    room = _room(c, "days-of-steam")
    _changed(c, room["id"], 0, {"game": {"end": "instant"}})
    return c.get(f"/api/rooms/{room['id']}/export.json")


def _room_file(c, **changed):
    room = _room(c)
    data = c.get(f"/api/rooms/{room['id']}/room.json").json()
    for key, value in changed.items():
        if key == "players":
            data["parts"]["setup"]["players"] = value
        elif key == "setup":
            data["parts"]["setup"]["expansion"] = value
        elif key == "extra":
            data["parts"]["player:Zenon"] = data["parts"]["player:Ala"]
        else:
            data[key] = value
    return c.post("/api/rooms/import", json=data)


def _wrong_file(c):
    room = _room(c)
    return c.get(f"/api/rooms/{room['id']}/files/nothing.txt")


def _upload(c, query: str, body: bytes):
    room = _room(c)
    name = c.get(f"/api/rooms/{room['id']}/files").json()[0]["name"]
    return c.put(f"/api/rooms/{room['id']}/files/{name}{query}", content=body)


def _photo(c, game="railroad-ink", query="?version=0", kind="image/png"):
    room = _room(c, game, ("Ala", "Bartek"), {"map": "nordic"} if game == "ticket-to-ride" else None)
    return c.post(f"/api/rooms/{room['id']}/photos/Ala{query}", content=b"\x89PNG", headers={"Content-Type": kind})


def _in_room(c, path: str, method="get", **kw):
    room = _room(c)
    return getattr(c, method)(f"/api/rooms/{room['id']}{path}", **kw)


def _frame(c, tile: dict):
    room = _room(c, "allers-trains", ("Ala",), {"mode": "stations", "entry": "frames"})
    return c.post(f"/api/rooms/{room['id']}/changes", json={"version": 0, "parts": {"player:Ala": {"frame": [tile]}}})


def _goods(c, blue: int):
    room = _room(c, "days-of-steam")
    part = {"goods": {"R": 0, "G": 0, "Y": 0, "B": blue}, "circuits": 0, "steam": 0}
    return c.post(f"/api/rooms/{room['id']}/changes", json={"version": 0, "parts": {"player:Ala": part}})


def _routes(c, part: dict, map_="nordic"):
    room = _room(c, "ticket-to-ride", ("Ala", "Bartek"), {"map": map_})
    return c.post(f"/api/rooms/{room['id']}/changes", json={"version": 0, "parts": {"player:Ala": part}})


JSON = {"Content-Type": "application/json"}

# (what, how a request meets it, the status) — every refusal path of the server's own
TABLE = [
    ("a body that is not JSON", lambda c: c.post("/api/rooms", content=b"{\"game\": ", headers=JSON), 400),
    ("a body that is not UTF-8", lambda c: c.post("/api/rooms", content=b"\"\xff\"", headers=JSON), 400),
    ("a body nested too deep", lambda c: c.post("/api/rooms", content=b"[" * 40 + b"]" * 40, headers=JSON), 400),
    ("a body nested too deep for the parser", lambda c: c.post("/api/rooms", content=b"[" * 5000 + b"]" * 5000,
                                                                 headers=JSON), 400),
    ("a body not sent as JSON", lambda c: c.post("/api/rooms", content=b"{}", headers={"Content-Type": "text/plain"}), 415),
    ("a body too large", lambda c: c.post("/api/rooms", content=b" " * (1024 * 1024 + 1), headers=JSON), 413),
    ("a stale version: the same sheet changed on another phone", _stale, 409),
    ("a version the room never had", _too_new, 400),
    ("two phones join on one version", _two_joins, 409),
    ("a change of a player not in the room", lambda c: _in_room(c, "/changes", "post", json={"version": 0, "parts": {"player:Zenon": {}}}), 400),
    ("a change of the setup", lambda c: _in_room(c, "/changes", "post", json={"version": 0, "parts": {"setup": {}}}), 400),
    ("a change of no shape", lambda c: _in_room(c, "/changes", "post", json={"version": 0}), 400),
    ("a change without a version", lambda c: _in_room(c, "/changes", "post", json={"version": "1", "parts": {"player:Ala": {"cells": ["."] * 49}}}), 400),
    ("a change of nothing", lambda c: _in_room(c, "/changes", "post", json={"version": 0, "parts": {}}), 400),
    ("a join of no shape", lambda c: _in_room(c, "/players", "post", json={"name": "Celina"}), 400),
    ("a push asked after no version", lambda c: _in_room(c, "?after=x"), 400),
    ("a room that is not there", lambda c: c.get("/api/rooms/zzzzzzzzzzzz"), 404),
    ("a room id that is no id", lambda c: c.get("/api/rooms/..%2A"), 404),
    ("an action the game has not", lambda c: _in_room(c, "/actions/dance", "post", json={}), 404),
    ("a file the room has not", _wrong_file, 404),
    ("an upload without a version", lambda c: _upload(c, "", b"x"), 400),
    ("an upload that is not UTF-8", lambda c: _upload(c, "?version=0", b"\xff\xfe"), 400),
    ("an upload too large for a game file", lambda c: _upload(c, "?version=0", b" " * (600 * 1024)), 413),
    ("a photo that is not an image", lambda c: _photo(c, kind="text/plain"), 415),
    ("a photo without a version", lambda c: _photo(c, query=""), 400),
    ("a photo of a game that reads none", lambda c: _photo(c, "ticket-to-ride"), 404),
    ("a picture in no format", lambda c: _in_room(c, "/picture.gif"), 404),
    ("a picture page beyond the last", lambda c: _in_room(c, "/picture.svg?page=99"), 400),
    ("a room that cannot be scored yet, exported", _unscorable, 400),
    ("a list asked with no numbers", lambda c: c.get("/api/rooms?offset=x"), 400),
    ("a list asked too long", lambda c: c.get("/api/rooms?limit=1000"), 400),
    ("a rename of no shape", lambda c: _in_room(c, "", "patch", json={"colour": 1}), 400),
    ("an archive that is not yes or no", lambda c: _in_room(c, "", "patch", json={"archived": "yes"}), 400),
    ("a title of spaces", lambda c: _in_room(c, "", "patch", json={"title": " "}), 400),
    ("a new room of no shape", lambda c: c.post("/api/rooms", json=[]), 400),
    ("a new room of no game", lambda c: c.post("/api/rooms", json={"players": ["Ala"]}), 400),
    ("a new room of an unknown game", lambda c: c.post("/api/rooms", json={"game": "chess", "players": ["Ala"]}), 400),
    ("a new room whose setup is no object", lambda c: c.post("/api/rooms", json={"game": "railroad-ink", "players": ["Ala"], "setup": [1]}), 400),
    ("a new room without players", lambda c: c.post("/api/rooms", json={"game": "railroad-ink", "players": []}), 400),
    ("an import of another file", lambda c: c.post("/api/rooms/import", json={"format": "x"}), 400),
    ("an import of an unknown game", lambda c: _room_file(c, game="chess"), 400),
    ("an import without parts", lambda c: _room_file(c, parts=[]), 400),
    ("an import of no players", lambda c: _room_file(c, players=[]), 400),
    ("an import of a player the pictures cannot draw", lambda c: _room_file(c, players=["Ala", "B😀"]), 400),
    ("an import of a setup the game does not make", lambda c: _room_file(c, setup="nothing"), 400),
    ("an import of a part of no player", lambda c: _room_file(c, extra=True), 400),
    ("a static file of no name", lambda c: c.get("/static/..x"), 404),
    ("a static file that is not there", lambda c: c.get("/static/nothing.js"), 404),
    ("a game's file of no game", lambda c: c.get("/games/chess/editor.js"), 404),
    ("an address no page has", lambda c: c.get("/api/nothing/here/at/all"), 404),
    ("a method the address does not take", lambda c: c.put("/api/games"), 405),
    # the games' own refusals (their web modules)
    ("a new room on a map that is not there", lambda c: c.post("/api/rooms", json={"game": "ticket-to-ride", "players": ["Ala", "Bartek"], "setup": {"map": "atlantis"}}), 400),
    ("a new room of a choice the game has not", lambda c: c.post("/api/rooms", json={"game": "days-of-steam", "players": ["Ala", "Bartek"], "setup": {"speed": 1}}), 400),
    ("a seed that is not a seed", lambda c: _in_room(c, "/actions/rolls", "post", json={"seed": "abc"}), 400),
    ("a frame tile on no square", lambda c: _frame(c, {"square": "Z9", "tile": "T06", "rotation": 0}), 400),
    ("a frame tile turned no way", lambda c: _frame(c, {"square": "B1", "tile": "T06", "rotation": 45}), 400),
    ("goods beyond the game's", lambda c: _goods(c, 9), 400),
    ("a route of no map", lambda c: _routes(c, {"routes": ["atlantis-oslo-blue"], "tickets": []}), 400),
    ("a station in no city", lambda c: _routes(c, {"routes": [], "tickets": [], "stations": [{"city": "atlantis", "route": None}]}, "italy"), 400),
    ("a forged Host", lambda c: c.get("/api/rooms", headers={"Host": "attacker.example"}), 403),
    ("a change from another site's page", lambda c: c.post("/api/rooms", json={}, headers={"Origin": "http://attacker.example"}), 403),
]


@pytest.mark.parametrize("what, request_, status", TABLE, ids=[row[0] for row in TABLE])
def test_every_refusal_says_it_in_polish(client, what, request_, status):
    _polish(request_(client), status)


def test_the_token_and_too_many_rooms_say_it_in_polish(tmp_path):
    app, token, store = make_app(tmp_path / "data", "0.0.0.0")
    with TestClient(app, base_url="http://127.0.0.1") as c:
        _polish(c.get("/api/rooms"), 403)
    store.close()
    store = Store(tmp_path / "rate")
    with TestClient(create_app(store, room_rate=RateLimit(1, 600.0)), base_url="http://127.0.0.1") as c:
        assert c.post("/api/rooms", json={"game": "railroad-ink", "players": ["Ala"]}).status_code == 200
        _polish(c.post("/api/rooms", json={"game": "railroad-ink", "players": ["Ala"]}), 429)
    store.close()


def test_a_bad_content_length_says_it_in_polish(server):
    import socket
    from urllib.parse import urlsplit

    url, _ = server
    where = urlsplit(url)
    with socket.create_connection((where.hostname, where.port), timeout=10) as sock:
        sock.sendall(b"POST /api/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 12x\r\nConnection: close\r\n\r\n")
        raw = b""
        while chunk := sock.recv(65536):
            raw += chunk
    head, _, body = raw.partition(b"\r\n\r\n")
    if head.startswith(b"HTTP/1.1 400") and b"application/json" in head:
        import json

        data = json.loads(body)
        assert data.get("error_pl") and POLISH.search(data["error_pl"]), data
    else:   # the HTTP parser refused it before the app saw it (its plain 400): no page can send it
        assert head.startswith(b"HTTP/1.1 400"), head


def _refusals_without_polish(path: Path) -> list[str]:
    missing = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "id", getattr(node.func, "attr", None))
        if name in ("_error", "_refuse", "_answer"):   # (connections.py's answers before the app: 408, 431)
            polish = node.args[2] if len(node.args) >= 3 else next((k.value for k in node.keywords if k.arg == "pl"), None)
        elif name in REFUSALS:
            polish = next((k.value for k in node.keywords if k.arg == "pl"), None)
        else:
            continue
        if polish is None or (isinstance(polish, ast.Constant) and not polish.value):
            missing.append(f"{path}:{node.lineno}: {ast.unparse(node)[:100]}")
    return missing


def test_no_refusal_of_the_server_is_built_without_polish():
    assert len(ANSWERING) >= 7
    missing = [line for path in ANSWERING for line in _refusals_without_polish(path)]
    assert not missing, "refusals without Polish (pass pl=...):\n" + "\n".join(missing)


def test_the_source_walk_finds_a_refusal_without_polish(tmp_path):
    """The walk above is not blind: a refusal written without its Polish is found."""
    sample = tmp_path / "sample.py"
    sample.write_text('def f():\n    raise BadChange("no")\n\ndef g():\n    return _error(404, "no", None)\n'
                      'def h():\n    raise RailprintError("yes", pl="tak")\n')
    assert [line.split(":")[1] for line in _refusals_without_polish(sample)] == ["2", "5"]


def test_the_answers_before_the_app_say_it_in_polish():
    """A body too slow (a photo over a weak Wi-Fi: 408) is answered before the app sees it."""
    import json

    from railprint.serve.connections import _answer

    head, _, body = _answer("408 Request Timeout", "the request's body did not arrive in time",
                            "wiadomość nie doszła na czas").partition(b"\r\n\r\n")
    assert b"application/json" in head
    assert json.loads(body) == {"error": "the request's body did not arrive in time",
                                "error_pl": "wiadomość nie doszła na czas"}
