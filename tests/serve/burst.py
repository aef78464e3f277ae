"""Phones writing their boards as fast as a real server answers while the server, or one of its
worker processes, is killed with SIGKILL (``test_rooms.py``, ``test_workers.py``), and the check
that nothing acknowledged was lost and nothing unsent was stored."""

from __future__ import annotations

import http.client
import json
import threading
import time
from typing import Callable

PLAYERS = ["A", "B", "C", "D"]


def call(conn: http.client.HTTPConnection, method: str, path: str, body=None) -> tuple[int, dict]:
    """(status, JSON answer) of one request on ``conn`` (a non-JSON answer: its ETag and size)."""
    conn.request(method, path, body=None if body is None else json.dumps(body).encode(),
                 headers={"Content-Type": "application/json"} if body is not None else {})
    answer = conn.getresponse()
    raw = answer.read()
    return answer.status, (json.loads(raw) if raw and answer.getheader("content-type", "").startswith("application/json")
                           else {"etag": answer.getheader("etag"), "bytes": len(raw)})


def board(seed: int, n: int) -> list[str]:
    """A phone's ``n``-th board: two spaces, a different pair each time."""
    cells = ["."] * 49
    cells[(seed * 7 + n) % 49] = ("h.h.", "r.r.", "hh..", "rr..")[n % 4]
    cells[n % 49] = "hhhh"
    return cells


class Burst:
    """A phone a player of each room (4 players a room), each a thread sending its player's next
    board on the version its last answer gave, the moment that answer came. A connection cut
    (the process answering it killed) leaves that change *unanswered*: it may or may not have been
    committed. ``carry_on``: the phone then connects again and goes on (a worker died, the server
    lives), else it stops (the server died).

    ``sent[(room, player)]``: what the phone sent, in order: ``(version answered, cells)``, or
    ``(None, cells)`` for an unanswered change."""

    def __init__(self, rooms: list[str], connect: Callable[[], http.client.HTTPConnection], *, carry_on: bool):
        self.rooms, self.connect, self.carry_on = rooms, connect, carry_on
        self.sent: dict[tuple[str, str], list[tuple[int | None, list[str]]]] = {}
        self.acknowledged = 0
        self.refused: list[str] = []
        self._stop = threading.Event()
        self._lock = threading.Lock()

    def run(self, kill: Callable[[], None], *, first: int = 60, after: int = 0, wait: float = 90) -> int:
        """The phones write until ``first`` changes are acknowledged, then ``kill()``, then until
        ``after`` more are (each wait at most ``wait`` seconds); how many were acknowledged at the kill."""
        threads = [threading.Thread(target=self._phone, args=(room, player, i * 4 + j))
                   for i, room in enumerate(self.rooms) for j, player in enumerate(PLAYERS)]
        for thread in threads:
            thread.start()
        try:
            self._until(first, wait)
            kill()
            killed_at = self.acknowledged
            self._until(killed_at + after, wait)
        finally:
            self._stop.set()
            for thread in threads:
                thread.join(60)
        return killed_at

    def _until(self, count: int, wait: float) -> None:
        deadline = time.monotonic() + wait
        while self.acknowledged < count and time.monotonic() < deadline:
            time.sleep(0.05)

    def _phone(self, room: str, player: str, seed: int) -> None:
        sent = self.sent.setdefault((room, player), [])
        version, n, cut = 0, 0, False
        conn = self.connect()
        try:
            while not self._stop.is_set():
                n += 1
                cells = board(seed, n)
                try:
                    status, answer = call(conn, "POST", f"/api/rooms/{room}/changes",
                                          {"version": version, "parts": {f"player:{player}": {"cells": cells}}})
                except (OSError, http.client.HTTPException, ValueError):
                    sent.append((None, cells))  # never acknowledged: its process is gone (mid-answer too)
                    conn.close()
                    if not self.carry_on:
                        return
                    conn, cut = self.connect(), True
                    continue
                if status == 409 and cut:  # the change cut off was kept: the page's 409, on the current game
                    version, cut = answer["room"]["version"], False
                    continue
                if status != 200:
                    self.refused.append(f"{status} {answer}")
                    continue
                cut = False
                version = answer["room"]["version"]
                sent.append((version, cells))
                with self._lock:
                    self.acknowledged += 1
        finally:
            conn.close()

    def check(self, store) -> None:
        """Against the rooms as ``store`` (:class:`railprint.serve.rooms.Store`) reads them after
        the kill: every acknowledged change is stored at the version it was answered with, as
        sent; an unanswered one is stored at most once, as sent, between the phone's answers
        before and after it; no other change of a player is stored; each player's board in the
        room is the one of the player's newest stored change."""
        for room in self.rooms:
            history = store.history(room)
            latest = store.get(room)
            for player in PLAYERS:
                part, sent = f"player:{player}", self.sent.get((room, player), [])
                stored = {h["version"]: h["value"] for h in history if h["part"] == part}
                accounted: set[int] = set()
                before = 0
                for i, (version, cells) in enumerate(sent):
                    if version is not None:
                        assert stored.get(version) == {"cells": cells}, (
                            f"{room} {player}: the change answered as version {version} is not stored as sent",
                            sorted(v for v in stored if abs(v - version) < 4))
                        accounted.add(version)
                        before = version
                        continue
                    after = next((v for v, _ in sent[i + 1:] if v is not None), None)
                    kept = [v for v, value in stored.items()
                            if value == {"cells": cells} and v > before and (after is None or v < after)]
                    assert len(kept) <= 1, (room, player, kept)
                    accounted.update(kept)
                assert set(stored) == accounted, (
                    f"{room} {player}: stored but never sent or stored twice: versions "
                    f"{sorted(set(stored) - accounted)}")
                if stored:
                    assert latest.parts[part] == stored[max(stored)], (room, player, max(stored))
