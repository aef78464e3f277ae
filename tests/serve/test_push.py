"""The page's push channel (a long poll): ``GET /api/rooms/<id>?after=V`` waits while the room is
at version V and answers as soon as another screen's change passes it; the server stopping
answers every waiting poll at once."""

from __future__ import annotations

import threading
import time

import httpx2 as httpx

from railprint.serve import running

NEW_ROOM = {"game": "railroad-ink", "players": ["Ala", "Bob"], "setup": {}}
BOARD = {"cells": ["h.h."] + ["."] * 48}


def test_a_long_poll_answers_when_another_screen_changes_the_room(tmp_path):
    with running(tmp_path / "data") as (base, _):
        room = httpx.post(base + "/api/rooms", json=NEW_ROOM).json()["room"]
        answers = []
        waiting = threading.Thread(target=lambda: answers.append(
            httpx.get(f"{base}/api/rooms/{room['id']}?after=0", timeout=60)))
        waiting.start()
        time.sleep(0.5)
        assert waiting.is_alive() and not answers  # nothing changed: it waits
        changed = httpx.post(f"{base}/api/rooms/{room['id']}/changes", json={"version": 0, "parts": {"player:Ala": BOARD}})
        assert changed.status_code == 200
        waiting.join(8)  # (without the push it would wait 10 s, its safety net)
        assert not waiting.is_alive()
        assert answers[0].status_code == 200 and answers[0].json()["room"]["version"] == 1
        assert answers[0].json()["room"]["parts"]["player:Ala"] == BOARD
        # a version already passed answers at once; a bad one is a 400, a foreign room 404
        assert httpx.get(f"{base}/api/rooms/{room['id']}?after=0", timeout=5).json()["room"]["version"] == 1
        assert httpx.get(f"{base}/api/rooms/{room['id']}?after=x").status_code == 400
        assert httpx.get(f"{base}/api/rooms/zzzzzzzzzzzz?after=0").status_code == 404


def test_stopping_the_server_answers_the_waiting_polls(tmp_path):
    answers = []
    with running(tmp_path / "data") as (base, _):
        room = httpx.post(base + "/api/rooms", json=NEW_ROOM).json()["room"]

        def poll() -> None:
            try:
                answers.append(httpx.get(f"{base}/api/rooms/{room['id']}?after=0", timeout=60).status_code)
            except httpx.HTTPError as error:  # cut by the server's 2 s grace when a loaded machine is slower
                answers.append(type(error).__name__)

        waiting = threading.Thread(target=poll)
        waiting.start()
        time.sleep(0.5)
        assert waiting.is_alive()
        stopping = time.monotonic()
    waiting.join(15)
    assert not waiting.is_alive() and answers  # the server did not wait for the poll's 25 s
    assert time.monotonic() - stopping < 15


def test_a_pages_own_change_does_not_answer_its_long_poll(tmp_path):
    """A page names itself (``phone=``) in its long poll and its changes: the version its own
    change made is not pushed to it (the change's answer brought it; the page drops a push asked
    for before its change began), the poll waits on for the next one; other pages get it at once."""
    with running(tmp_path / "data") as (base, _):
        room = httpx.post(base + "/api/rooms", json=NEW_ROOM).json()["room"]
        url = f"{base}/api/rooms/{room['id']}"
        answers = []
        waiting = threading.Thread(target=lambda: answers.append(
            httpx.get(f"{url}?after=0&phone=phone-ala-1234", timeout=60)))
        waiting.start()
        time.sleep(0.5)
        own = httpx.post(f"{url}/changes?phone=phone-ala-1234", json={"version": 0, "parts": {"player:Ala": BOARD}})
        assert own.status_code == 200 and own.json()["room"]["version"] == 1
        time.sleep(1.0)
        assert waiting.is_alive() and not answers  # its own version: not pushed to it
        # another page (or one that does not say which it is) hears of it at once
        assert httpx.get(f"{url}?after=0&phone=phone-bob-1234", timeout=5).json()["room"]["version"] == 1
        assert httpx.get(f"{url}?after=0", timeout=5).json()["room"]["version"] == 1
        other = httpx.post(f"{url}/changes?phone=phone-bob-1234", json={"version": 1, "parts": {"player:Bob": BOARD}})
        assert other.status_code == 200
        waiting.join(8)
        assert not waiting.is_alive() and answers[0].json()["room"]["version"] == 2  # another's change: pushed
        # its own version is answered when it asks from further back (it has not seen the one before)
        ala = httpx.post(f"{url}/changes?phone=phone-ala-1234", json={"version": 2, "parts": {"player:Ala": {"cells": ["."] * 49}}})
        assert ala.json()["room"]["version"] == 3
        assert httpx.get(f"{url}?after=1&phone=phone-ala-1234", timeout=5).json()["room"]["version"] == 3
