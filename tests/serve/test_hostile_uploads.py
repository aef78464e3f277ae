"""`railprint serve` under hostile uploads and connections (docs/hostile-input.md, docs/serve.md
*What else guards it*): photo uploads are read one at a time, and the number under way is bounded."""

from __future__ import annotations

import threading

import pytest

pytest.importorskip("cv2")


def test_the_server_reads_one_photo_at_a_time_and_refuses_more_than_it_holds(client, monkeypatch):
    """Photos were read in Starlette's thread pool, 40 at once (each 60-250 MB, 1-2 s of CPU), with
    every upload's body held while it waited."""
    from railprint.games.railroad_ink import web
    from railprint.serve import app as serve_app

    room = client.post("/api/rooms", json={"game": "railroad-ink", "players": ["Ala", "Bartek"],
                                           "setup": {"expansion": "none"}}).json()["room"]["id"]
    entered, release, lock = threading.Semaphore(0), threading.Event(), threading.Lock()
    inside = [0, 0]   # now, most

    def slow_reader(parts, player, data):
        with lock:
            inside[0] += 1
            inside[1] = max(inside)
        entered.release()
        release.wait(20)
        with lock:
            inside[0] -= 1
        return {}, {"uncertain": []}

    monkeypatch.setattr(web, "read_photo", slow_reader)
    monkeypatch.setattr(serve_app, "PHOTO_WAITING", 1)
    answers = []

    def upload(player):
        answers.append(client.post(f"/api/rooms/{room}/photos/{player}?version=0", content=b"x" * 1000,
                                   headers={"Content-Type": "image/jpeg"}).status_code)

    first = threading.Thread(target=upload, args=("Ala",))
    first.start()
    second = threading.Thread(target=upload, args=("Bartek",))
    try:
        assert entered.acquire(timeout=20)
        # one upload under way, PHOTO_WAITING = 1: the next is refused before its body is read
        busy = client.post(f"/api/rooms/{room}/photos/Bartek?version=0", content=b"x",
                           headers={"Content-Type": "image/jpeg"})
        assert busy.status_code == 503 and busy.headers["Retry-After"] == "5"
        assert "reading other photos" in busy.json()["error"]
        monkeypatch.setattr(serve_app, "PHOTO_WAITING", 3)
        second.start()
        assert not entered.acquire(timeout=1.0)    # received, but waits for the first to be read
    finally:
        release.set()
        for thread in (first, second):
            if thread.is_alive():
                thread.join(20)
    assert entered.acquire(timeout=5)              # then read
    assert inside[1] == 1 and len(answers) == 2
