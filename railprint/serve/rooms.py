"""Rooms: one game night each, kept in SQLite (stdlib ``sqlite3``, WAL) in the data folder.

A room holds its game id and *parts*: a JSON value per key, owned by the game's web handlers
(``"setup"`` for the table's settings, one key per player for that player's sheet or claims).
Every change names the room version it was made on and the one part it replaces:

- made on the current version: applied, the version goes up by one;
- made on an older version: applied when no change since that version touched the same part
  (two phones editing two players never lose each other's work), refused with
  :class:`Conflict` carrying the current room when one did;
- made on a version the room never had: refused.

Every change is kept (table ``changes``), so a room can be replayed and nothing is lost on a
reload or a restart.
"""

from __future__ import annotations

import json
import re
import secrets
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from railprint.errors import RailprintError

ROOM_ID = re.compile(r"^[A-Za-z0-9_-]{12}$")
PART_KEY = re.compile(r"^[^\x00-\x1f\x7f]{1,80}$")
MAX_PART_BYTES = 256 * 1024
"""A part is one player's sheet or claims: a few kB; more is refused, not stored."""

SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
  id TEXT PRIMARY KEY, game TEXT NOT NULL, title TEXT NOT NULL,
  version INTEGER NOT NULL, created REAL NOT NULL, updated REAL NOT NULL);
CREATE TABLE IF NOT EXISTS parts (
  room TEXT NOT NULL REFERENCES rooms(id), key TEXT NOT NULL, value TEXT NOT NULL,
  version INTEGER NOT NULL, PRIMARY KEY (room, key));
CREATE TABLE IF NOT EXISTS changes (
  room TEXT NOT NULL REFERENCES rooms(id), version INTEGER NOT NULL, key TEXT NOT NULL,
  value TEXT NOT NULL, at REAL NOT NULL, PRIMARY KEY (room, version, key));
"""


class RoomNotFound(RailprintError):
    """No room with that id (or not a room id at all)."""


class Conflict(RailprintError):
    """A change made on an old version touches a part changed since; carries the current room."""

    def __init__(self, message: str, room: "Room"):
        self.room = room
        super().__init__(message)


class Refused(Conflict):
    """A change the game's ``check_with_room`` refused against the room as it is now (a route
    another player holds): its message says why; carries the current room."""


class BadChange(RailprintError):
    """A change that cannot be applied (unknown version, malformed part)."""


@dataclass(frozen=True)
class Room:
    id: str
    game: str
    title: str
    version: int
    created: float
    updated: float
    parts: dict[str, Any]

    def as_json(self) -> dict:
        return {"id": self.id, "game": self.game, "title": self.title, "version": self.version,
                "created": self.created, "updated": self.updated, "parts": self.parts}


def _encode(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    if len(text.encode("utf-8")) > MAX_PART_BYTES:
        raise BadChange(f"a part may hold at most {MAX_PART_BYTES // 1024} kB")
    return text


class Store:
    """The rooms of one data folder. Thread-safe: one connection, one lock, one transaction a call."""

    def __init__(self, folder: Path):
        folder = Path(folder)
        folder.mkdir(parents=True, exist_ok=True)
        self.path = folder / "rooms.sqlite3"
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    # --- reading ---------------------------------------------------------------------------

    def _room(self, room_id: str) -> Room:
        if not isinstance(room_id, str) or not ROOM_ID.match(room_id):
            raise RoomNotFound(f"no room {room_id!r} here")
        row = self._db.execute("SELECT id, game, title, version, created, updated FROM rooms WHERE id=?",
                               (room_id,)).fetchone()
        if row is None:
            raise RoomNotFound(f"no room {room_id!r} here", hint="open the list of games to find yours")
        parts = {key: json.loads(value) for key, value in
                 self._db.execute("SELECT key, value FROM parts WHERE room=? ORDER BY rowid", (room_id,))}
        return Room(*row, parts=parts)

    def get(self, room_id: str) -> Room:
        with self._lock:
            return self._room(room_id)

    def list(self, limit: int = 200) -> list[dict]:
        """The newest rooms first (id, game, title, version, created, updated)."""
        with self._lock:
            rows = self._db.execute("SELECT id, game, title, version, created, updated FROM rooms "
                                    "ORDER BY updated DESC, id LIMIT ?", (limit,)).fetchall()
        keys = ("id", "game", "title", "version", "created", "updated")
        return [dict(zip(keys, row)) for row in rows]

    def history(self, room_id: str) -> list[dict]:
        with self._lock:
            self._room(room_id)
            rows = self._db.execute("SELECT version, key, value, at FROM changes WHERE room=? ORDER BY version",
                                    (room_id,)).fetchall()
        return [{"version": v, "part": k, "value": json.loads(value), "at": at} for v, k, value, at in rows]

    # --- writing ---------------------------------------------------------------------------

    def create(self, game: str, title: str, parts: dict[str, Any]) -> Room:
        now = time.time()
        encoded = [(key, _encode(value)) for key, value in parts.items()]
        for key, _ in encoded:
            _check_key(key)
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                while True:
                    room_id = secrets.token_urlsafe(9)  # 12 characters
                    if not self._db.execute("SELECT 1 FROM rooms WHERE id=?", (room_id,)).fetchone():
                        break
                self._db.execute("INSERT INTO rooms VALUES (?, ?, ?, 0, ?, ?)", (room_id, game, title, now, now))
                self._db.executemany("INSERT INTO parts VALUES (?, ?, ?, 0)",
                                     [(room_id, key, value) for key, value in encoded])
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            return self._room(room_id)

    def change(self, room_id: str, version: int, updates: dict[str, Any],
               check_with_room: Callable[[dict[str, Any], dict[str, Any]], None] | None = None) -> Room:
        """Apply one change made on ``version``: new values for one or more parts (see the
        module docstring). Returns the room after it.

        ``check_with_room(parts, updates)``, when given, is the game's check of the change
        against the room's *current* parts, run under the store's lock just before writing
        (two phones' changes on one version are checked one after the other, never both
        against the state before either): a :class:`RailprintError` it raises refuses the
        change as :class:`Refused` (a :class:`Conflict`) with that message and the current room."""
        if not isinstance(updates, dict) or not updates:
            raise BadChange("a change replaces at least one part")
        encoded = []
        for key, value in updates.items():
            _check_key(key)
            encoded.append((key, _encode(value)))
        if isinstance(version, bool) or not isinstance(version, int):
            raise BadChange("a change needs the room version it was made on (a whole number)")
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                room = self._room(room_id)
                if version < 0 or version > room.version:
                    raise BadChange(f"version {version} is not a version of this room (now {room.version})")
                for key, _ in encoded:
                    if key not in room.parts:
                        raise BadChange(f"this room has no part {key!r}")
                if version < room.version:
                    marks = ",".join("?" * len(encoded))
                    touched = self._db.execute(
                        f"SELECT key, version FROM changes WHERE room=? AND version>? AND key IN ({marks}) "
                        "ORDER BY version LIMIT 1", (room_id, version, *(k for k, _ in encoded))).fetchone()
                    if touched is not None:
                        raise Conflict(f"{touched[0]!r} was changed on another screen (version {touched[1]}) "
                                       f"after version {version}; here is the current game", room)
                if check_with_room is not None:
                    try:
                        check_with_room(room.parts, updates)
                    except RailprintError as exc:
                        raise Refused(str(exc), room) from None
                new = room.version + 1
                now = time.time()
                for key, value in encoded:
                    self._db.execute("UPDATE parts SET value=?, version=? WHERE room=? AND key=?",
                                     (value, new, room_id, key))
                    self._db.execute("INSERT INTO changes VALUES (?, ?, ?, ?, ?)", (room_id, new, key, value, now))
                self._db.execute("UPDATE rooms SET version=?, updated=? WHERE id=?", (new, now, room_id))
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            return self._room(room_id)


def _check_key(key: Any) -> None:
    if not isinstance(key, str) or not PART_KEY.match(key):
        raise BadChange(f"not a part name: {str(key)[:40]!r}")
