"""The requests every phone makes all game long (the long poll, a change, a picture) are answered
by plain handlers in front of FastAPI (``app.Hot``); their answers, errors included, are those
FastAPI's own handlers give."""

from __future__ import annotations

from fastapi.testclient import TestClient

from railprint.registry import find_game, web_page
from railprint.serve import make_app

NEW_ROOM = {"game": "railroad-ink", "players": ["Ala", "Bob"], "setup": {}}


def test_the_hot_paths_answer_errors_as_the_app_does(client):
    room = client.post("/api/rooms", json=NEW_ROOM).json()["room"]
    base = f"/api/rooms/{room['id']}"
    for method, url, status, words in (("GET", "/api/rooms/zzzzzzzzzzzz", 404, "no room"),
                                       ("GET", "/api/rooms/zzzzzzzzzzzz?after=0", 404, "no room"),
                                       ("GET", "/api/rooms/zzzzzzzzzzzz/picture.svg", 404, "no room"),
                                       ("GET", base + "/picture.png", 404, "svg or pdf"),
                                       ("GET", base + "/picture.svg?page=9", 400, "page: 0 to"),
                                       ("GET", base + "?after=x", 400, "after:"),
                                       ("POST", base + "/changes", 400, "expected")):
        answer = client.request(method, url, json=[1] if method == "POST" else None)
        assert answer.status_code == status, (url, answer.text)
        assert words in answer.json()["error"], (url, answer.text)
        assert answer.headers["x-content-type-options"] == "nosniff"  # the guard stands in front of both
    assert client.head(base).status_code == 200 and client.head(base + "/picture.svg").status_code == 200
    made = client.post(base + "/changes", json={"version": 0, "parts": {"player:Ala": {"cells": ["."] * 49}}})
    assert made.status_code == 200 and made.json()["room"]["version"] == 1
    stale = client.post(base + "/changes", json={"version": 0, "parts": {"player:Ala": {"cells": ["."] * 49}}})
    assert stale.status_code == 409 and stale.json()["room"]["version"] == 1 and "score" in stale.json()
    # the rest goes to FastAPI as before
    assert client.get(base + "/history").json()[0]["version"] == 1


def test_a_crash_in_a_hot_path_is_a_json_500_not_a_bare_page(tmp_path):
    app, _, store = make_app(tmp_path / "data", "127.0.0.1")
    room = store.create("railroad-ink", "t", web_page(find_game("railroad-ink")).new_room(["Ala"], {}))

    def broken(room_id):
        raise ValueError("boom")

    store.get = broken
    with TestClient(app, base_url="http://127.0.0.1", raise_server_exceptions=False) as client:
        for url in (f"/api/rooms/{room.id}", f"/api/rooms/{room.id}/picture.svg"):
            answer = client.get(url)
            assert answer.status_code == 500 and answer.json() == {"error": "internal error: ValueError"}, url
    store.close()


def test_a_picture_waits_for_the_changes_under_way():
    """ChangesFirst: a picture is not begun while a change is under way (a phone waits for its
    change; a screen can wait for its picture), and begins once the last one ends."""
    import threading

    from railprint.serve.app import ChangesFirst

    gate, drawn = ChangesFirst(most=60), threading.Event()
    gate.begin()
    gate.begin()
    picture = threading.Thread(target=lambda: (gate.wait(), drawn.set()))
    picture.start()
    assert not drawn.wait(0.3)  # two changes under way: not begun
    gate.end()
    assert not drawn.wait(0.3)  # one still under way
    gate.end()
    assert drawn.wait(30)
    picture.join()
    gate.wait()  # nothing under way: at once


def test_a_picture_waits_at_most_so_long():
    """A hall whose changes never pause still gets its pictures: the wait has a bound."""
    from railprint.serve.app import ChangesFirst

    gate = ChangesFirst(most=0.05)
    gate.begin()
    gate.wait()  # returns although the change is still under way
    gate.end()
