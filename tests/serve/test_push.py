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
        waiting = threading.Thread(target=lambda: answers.append(
            httpx.get(f"{base}/api/rooms/{room['id']}?after=0", timeout=60)))
        waiting.start()
        time.sleep(0.5)
        assert waiting.is_alive()
        stopping = time.monotonic()
    waiting.join(10)
    assert not waiting.is_alive() and answers[0].status_code == 200
    assert time.monotonic() - stopping < 10  # not the poll's 25 s
