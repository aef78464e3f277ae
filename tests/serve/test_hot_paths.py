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
            assert answer.status_code == 500 and answer.json() == {
                "error": "internal error: ValueError",
                "error_pl": "błąd serwera (ValueError); spróbuj jeszcze raz, a jeśli się powtórzy, "
                            "zgłoś go osobie, która uruchomiła serwer"}, url
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


def test_a_picture_drawn_for_a_version_is_sent_again_without_a_read_or_a_drawing(tmp_path, monkeypatch):
    """The second phone asking for a version's picture (or the first asking again) gets the very
    bytes the first drawing made, from the event loop: the store is not read and nothing is
    drawn; a change makes a new version, drawn anew; a rename makes the room read again."""
    import railprint.writers as writers

    app, _, store = make_app(tmp_path / "data", "127.0.0.1")
    room = store.create("ticket-to-ride", "t", web_page(find_game("ticket-to-ride")).new_room(["Ala", "Bob"],
                                                                                            {"map": "italy"}))
    reads, drawings = [], []
    real_get, real_render = store.get, writers.render
    store.get = lambda room_id: reads.append(room_id) or real_get(room_id)
    monkeypatch.setattr(writers, "render", lambda *a, **k: drawings.append(1) or real_render(*a, **k))
    with TestClient(app, base_url="http://127.0.0.1") as client:
        base = f"/api/rooms/{room.id}"
        made = client.post(base + "/changes", json={"version": 0, "parts": {"player:Ala": {"routes": ["foggia-napoli"],
                                                                                             "tickets": []}}})
        assert made.status_code == 200, made.text
        del reads[:]
        first = client.get(base + "/picture.svg?page=0&lang=en&v=1")
        assert first.status_code == 200 and drawings and first.headers["etag"] == f'W/"{room.id}.1.svg.0.en"'
        del drawings[:]
        again = client.get(base + "/picture.svg?page=0&lang=en&v=1")
        assert again.status_code == 200 and again.content == first.content and again.headers["etag"] == first.headers["etag"]
        assert client.get(base + "/picture.svg?page=0&lang=en&v=1",
                          headers={"If-None-Match": first.headers["etag"]}).status_code == 304
        assert reads == [] and drawings == []  # (the version the change left: not read back)
        other = client.get(base + "/picture.svg?page=0&lang=pl&v=1")  # another language: drawn
        assert other.status_code == 200 and other.headers["etag"] == f'W/"{room.id}.1.svg.0.pl"' and drawings
        made = client.post(base + "/changes", json={"version": 1, "parts": {"player:Bob": {"routes": ["agrigento-catania"],
                                                                                             "tickets": []}}})
        assert made.status_code == 200, made.text
        second = client.get(base + "/picture.svg?page=0&lang=en&v=2")
        assert second.headers["etag"] == f'W/"{room.id}.2.svg.0.en"' and second.content != first.content
        assert client.patch(base, json={"title": "renamed"}).status_code == 200
        del reads[:]
        assert client.get(base + "/picture.svg?page=0&lang=en&v=2").content == second.content
        assert reads  # renamed: the room is read from the store again
    store.close()


def test_a_long_unknown_room_id_is_clipped_in_the_error(client):
    """The room id is the request's path: a 5,000-character one is not echoed back whole."""
    long = "x" * 5000
    for method, url in (("GET", f"/api/rooms/{long}"), ("GET", f"/api/rooms/{long}?after=0"),
                        ("GET", f"/api/rooms/{long}/picture.svg"), ("GET", f"/api/rooms/{long}/history"),
                        ("DELETE", f"/api/rooms/{long}")):
        answer = client.request(method, url)
        assert answer.status_code == 404, (url[:40], answer.text[:80])
        error = answer.json()["error"]
        assert error.startswith("no room 'xxx") and "…" in error and len(error) < 80, error
