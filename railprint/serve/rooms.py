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
import os
import re
import secrets
import sqlite3
import threading
import time
import unicodedata
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Protocol

from railprint.errors import RELOAD_PL, RailprintError, clip

ROOM_ID = re.compile(r"^[A-Za-z0-9_-]{12}$")
PART_KEY = re.compile(r"^[^\x00-\x1f\x7f]{1,80}$")
MAX_PART_BYTES = 256 * 1024
"""A part is one player's sheet or claims: a few kB; more is refused, not stored."""
MAX_HISTORY_CHANGES = 10_000
MAX_HISTORY_BYTES = 32 * 1024 * 1024
"""A room keeps its newest changes, at most this many and this many bytes of values: a game
night makes a few hundred; a phone (or a script holding the room's token) posting without end
no longer grows the file, ``/history`` and ``room.json`` without bound. The room itself (its
parts, at their last values) is never trimmed."""
TRIM_EVERY = 64
"""The history is measured (and its oldest changes dropped) once every this many versions."""

SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
  id TEXT PRIMARY KEY, game TEXT NOT NULL, title TEXT NOT NULL,
  version INTEGER NOT NULL, created REAL NOT NULL, updated REAL NOT NULL);
CREATE TABLE IF NOT EXISTS parts (
  room TEXT NOT NULL REFERENCES rooms(id), key TEXT NOT NULL, value TEXT NOT NULL,
  version INTEGER NOT NULL, PRIMARY KEY (room, key));
CREATE INDEX IF NOT EXISTS rooms_by_update ON rooms (updated DESC, id);
CREATE TABLE IF NOT EXISTS changes (
  room TEXT NOT NULL REFERENCES rooms(id), version INTEGER NOT NULL, key TEXT NOT NULL,
  value TEXT NOT NULL, at REAL NOT NULL, PRIMARY KEY (room, version, key));
"""


class RoomNotFound(RailprintError):
    """No room with that id (or not a room id at all)."""


class Conflict(RailprintError):
    """A change made on an old version touches a part changed since; carries the current room."""

    def __init__(self, message: str, room: "Room", *, pl: str | None = None):
        self.room = room
        super().__init__(message, pl=pl)


class Refused(Conflict):
    """A change the game's ``check_with_room`` refused against the room as it is now (a route
    another player holds): its message says why; carries the current room."""


class BadChange(RailprintError):
    """A change that cannot be applied (unknown version, malformed part)."""


def part_name(key: Any) -> str:
    """A part's key in players' words: ``player:Ala`` is Ala; ``game``, ``map`` stay."""
    return str(key).removeprefix("player:")[:40]


@dataclass(frozen=True)
class Room:
    id: str
    game: str
    title: str
    version: int
    created: float
    updated: float
    parts: dict[str, Any]
    archived: bool = False

    def as_json(self) -> dict:
        return {"id": self.id, "game": self.game, "title": self.title, "version": self.version,
                "created": self.created, "updated": self.updated, "archived": self.archived,
                "parts": self.parts}


class RoomStore(Protocol):
    """What the app needs of a rooms store: the whole interface. :class:`Store` (SQLite, one
    file, the embedded default) is one implementation; a hosted deployment's PostgreSQL store
    would be a second one with the same semantics (versions, merge or :class:`Conflict`, the newest
    changes kept) — see docs/serve.md, *Past one machine*."""

    path: Any

    def get(self, room_id: str) -> Room: ...

    def list(self, *, query: str = "", archived: bool = False, offset: int = 0,
             limit: int = 50) -> tuple[list[dict], int]: ...

    def history(self, room_id: str) -> list[dict]: ...

    def create(self, game: str, title: str, parts: dict[str, Any]) -> Room: ...

    def change(self, room_id: str, version: int, updates: dict[str, Any],
               check_with_room: Callable[[dict[str, Any], dict[str, Any]], None] | None = None) -> Room: ...

    def add_parts(self, room_id: str, version: int, added: dict[str, Any], updates: dict[str, Any],
                  check_with_room: Callable[[dict[str, Any], dict[str, Any]], None] | None = None) -> Room: ...

    def describe(self, room_id: str, *, title: str | None = None, archived: bool | None = None) -> Room: ...

    def delete(self, room_id: str) -> None: ...

    def close(self) -> None: ...


def _encode(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    if len(text.encode("utf-8")) > MAX_PART_BYTES:
        raise BadChange(f"a part may hold at most {MAX_PART_BYTES // 1024} kB",
                        pl=f"część gry może mieć najwyżej {MAX_PART_BYTES // 1024} kB; usuń część wpisów")
    return text


class StoreDamaged(RailprintError):
    """The rooms database cannot be read (not SQLite, truncated, damaged pages)."""


def _damaged(path: Path, exc: Exception) -> StoreDamaged:
    return StoreDamaged(f"{path}: the rooms database cannot be read ({exc})",
                        hint=f"move {path.name} away (the games in it are lost) and start again; "
                             "`sqlite3 rooms.sqlite3 .recover` may save some",
                        pl=f"serwer nie może odczytać bazy gier ({path.name}); poproś osobę, która go "
                           "uruchomiła, by przeniosła ten plik i uruchomiła serwer od nowa")


UNUSABLE = ("SQLITE_CORRUPT", "SQLITE_NOTADB", "SQLITE_IOERR", "SQLITE_FULL", "SQLITE_CANTOPEN", "SQLITE_READONLY")


def _unusable(exc: sqlite3.DatabaseError) -> bool:
    """The file, not the program, is at fault: damaged, not a database, a full or failing disk."""
    name = getattr(exc, "sqlite_errorname", "") or ""
    return type(exc) is sqlite3.DatabaseError or name.startswith(UNUSABLE)


def _private_file(path: Path) -> None:
    """Create ``path`` empty with mode 0600 if it does not exist (SQLite then opens it as an
    empty database and makes its -wal and -shm files with the same mode)."""
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        pass


BUSY_WAIT = 30.0
"""Seconds a connection waits for another process's write to the rooms file before failing."""


class _Pending:
    """A change waiting for its turn in a commit (:meth:`Store.change`)."""

    __slots__ = ("room_id", "version", "updates", "encoded", "check", "added", "room", "error", "done")

    def __init__(self, room_id: str, version: int, updates: dict, encoded: list, check: Callable | None,
                 added: list | None = None):
        self.room_id, self.version, self.updates, self.encoded, self.check = room_id, version, updates, encoded, check
        self.added = added or []   # (key, encoded value) of parts the change adds to the room
        self.room: Room | None = None
        self.error: BaseException | None = None
        self.done = False


class Store:
    """The rooms of one data folder. Thread-safe: a writing connection under one lock, a reading
    connection under another (WAL: a read never waits for a commit's ``fsync``).

    Durable: WAL with ``synchronous=FULL``, so a change is on the disk (the WAL fsync'd) before
    the server answers it; a ``kill -9`` or a power cut loses no acknowledged change. Changes that
    arrive while a commit is being flushed are committed together by the next one (*group
    commit*: each applied in order, on the room the ones before it left, and answered only once
    the commit holding it is on the disk). The folder is made 0700 and the database 0600 (only
    this user reads the games)."""

    def __init__(self, folder: Path):
        folder = Path(folder)
        try:
            folder.mkdir(parents=True, exist_ok=True, mode=0o700)
            self.path = folder / "rooms.sqlite3"
            _private_file(self.path)
        except OSError as exc:
            raise RailprintError(f"{folder}: cannot keep the rooms there ({exc.strerror})",
                                 hint="give --data a folder you can write",
                                 pl=f"{folder}: nie da się tam trzymać gier ({exc.strerror}); "
                                    "podaj w --data folder z prawem zapisu") from None
        self._lock = threading.Lock()
        self._read_lock = threading.Lock()
        self._queue: list[_Pending] = []  # changes waiting for the next commit
        self._queue_lock = threading.Lock()
        try:
            # (timeout: with ``serve --workers N`` other processes write the same file; a write waits
            # for theirs to commit, each an fsync, instead of failing "database is locked")
            self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None, timeout=BUSY_WAIT)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.create_function("fold", 1, lambda text: text.casefold() if isinstance(text, str) else text,
                                     deterministic=True)
            self._db.executescript(SCHEMA)
            columns = {row[1] for row in self._db.execute("PRAGMA table_info(rooms)")}
            if "archived" not in columns:  # a database of an earlier railprint
                self._db.execute("ALTER TABLE rooms ADD COLUMN archived INTEGER NOT NULL DEFAULT 0")
            self._db.execute("SELECT count(*) FROM rooms").fetchone()
            self._reader = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None,
                                           timeout=BUSY_WAIT)
            self._reader.create_function("fold", 1, lambda text: text.casefold() if isinstance(text, str) else text,
                                         deterministic=True)
        except sqlite3.DatabaseError as exc:
            raise _damaged(self.path, exc) from None

    def close(self) -> None:
        with self._lock, self._read_lock:
            self._db.close()
            self._reader.close()

    def feed(self) -> "ChangeFeed":
        """What other processes sharing this file change (``serve --workers N``)."""
        return ChangeFeed(self.path)

    # --- reading ---------------------------------------------------------------------------

    def _room(self, room_id: str, db: sqlite3.Connection | None = None) -> Room:
        if not isinstance(room_id, str) or not ROOM_ID.match(room_id):
            raise RoomNotFound(f"no room {clip(room_id)} here",   # clipped: it is the request's path
                               pl=f"nie ma tu gry {clip(room_id)} (otwórz listę gier, by znaleźć swoją)")
        db = db or self._db
        row = db.execute("SELECT id, game, title, version, created, updated, archived FROM rooms WHERE id=?",
                         (room_id,)).fetchone()
        if row is None:
            raise RoomNotFound(f"no room {room_id!r} here", hint="open the list of games to find yours",
                               pl=f"nie ma tu gry {room_id!r} (otwórz listę gier, by znaleźć swoją)")
        parts = {key: json.loads(value) for key, value in
                 db.execute("SELECT key, value FROM parts WHERE room=? ORDER BY rowid", (room_id,))}
        return Room(*row[:6], parts=parts, archived=bool(row[6]))

    @contextmanager
    def _locked(self, lock: threading.Lock | None = None) -> Iterator[None]:
        """One call's lock (the writer's unless given); a damaged database file is a
        :class:`StoreDamaged`, not a traceback."""
        with lock or self._lock:
            try:
                yield
            except sqlite3.DatabaseError as exc:
                if _unusable(exc):
                    raise _damaged(self.path, exc) from None
                raise

    def get(self, room_id: str) -> Room:
        with self._locked(self._read_lock):
            return self._room(room_id, self._reader)

    def list(self, *, query: str = "", archived: bool = False, offset: int = 0,
             limit: int = 50) -> tuple[list[dict], int]:
        """One page of the rooms, the most recently changed first, and how many there are in all:
        the archived ones or the others; ``query`` finds a part of the title (the players'
        names unless renamed), of the game id, or the room id."""
        where, args = "archived=?", [int(archived)]
        if query:  # Unicode case folded (Ślub finds ŚLUB), a plain substring (% and _ are letters)
            where += " AND (instr(fold(title), ?) OR instr(fold(game), ?) OR id=?)"
            args += [query.casefold(), query.casefold(), query]
        with self._locked(self._read_lock):
            total = self._reader.execute(f"SELECT count(*) FROM rooms WHERE {where}", args).fetchone()[0]
            rows = self._reader.execute(f"SELECT id, game, title, version, created, updated, archived FROM rooms "
                                        f"WHERE {where} ORDER BY updated DESC, id LIMIT ? OFFSET ?",
                                        [*args, limit, offset]).fetchall()
        keys = ("id", "game", "title", "version", "created", "updated", "archived")
        return [dict(zip(keys, (*row[:6], bool(row[6])))) for row in rows], total

    def history(self, room_id: str) -> list[dict]:
        with self._locked(self._read_lock):
            self._room(room_id, self._reader)
            rows = self._reader.execute("SELECT version, key, value, at FROM changes WHERE room=? ORDER BY version",
                                        (room_id,)).fetchall()
        return [{"version": v, "part": k, "value": json.loads(value), "at": at} for v, k, value, at in rows]

    # --- writing ---------------------------------------------------------------------------

    def create(self, game: str, title: str, parts: dict[str, Any]) -> Room:
        now = time.time()
        encoded = [(key, _encode(value)) for key, value in parts.items()]
        for key, _ in encoded:
            _check_key(key)
        with self._locked():
            self._db.execute("BEGIN IMMEDIATE")
            try:
                while True:
                    room_id = secrets.token_urlsafe(9)  # 12 characters
                    if not self._db.execute("SELECT 1 FROM rooms WHERE id=?", (room_id,)).fetchone():
                        break
                self._db.execute("INSERT INTO rooms (id, game, title, version, created, updated) VALUES (?, ?, ?, 0, ?, ?)", (room_id, game, title, now, now))
                self._db.executemany("INSERT INTO parts VALUES (?, ?, ?, 0)",
                                     [(room_id, key, value) for key, value in encoded])
                made = self._room(room_id)  # (before another process changes it)
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            return made

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
            raise BadChange("a change replaces at least one part", pl=RELOAD_PL)
        encoded = []
        for key, value in updates.items():
            _check_key(key)
            encoded.append((key, _encode(value)))
        return self._queued(_Pending(room_id, _version(version), updates, encoded, check_with_room))

    def add_parts(self, room_id: str, version: int, added: dict[str, Any], updates: dict[str, Any],
                  check_with_room: Callable[[dict[str, Any], dict[str, Any]], None] | None = None) -> Room:
        """One change made on ``version`` that adds parts the room does not have yet (a player who
        joins: their part) and replaces ``updates``' existing ones (the setup's list of players),
        with the rules of :meth:`change`: an old version is merged unless a part in ``updates``
        changed since (:class:`Conflict`); ``check_with_room(parts, {**added, **updates})`` runs
        under the lock against the current parts. A part the room has already is refused
        (:class:`Conflict`: it was added meanwhile). Kept in the history as every change is."""
        if not isinstance(added, dict) or not added or not isinstance(updates, dict):
            raise BadChange("a change that adds parts adds at least one", pl=RELOAD_PL)
        encoded, new = [], []
        for key, value in updates.items():
            _check_key(key)
            encoded.append((key, _encode(value)))
        for key, value in added.items():
            _check_key(key)
            new.append((key, _encode(value)))
        return self._queued(_Pending(room_id, _version(version), {**added, **updates}, encoded, check_with_room, new))

    def _queued(self, pending: _Pending) -> Room:
        """``pending`` applied in the next group commit (:meth:`_commit_queued`): the room it made."""
        with self._queue_lock:
            self._queue.append(pending)
        with self._lock:
            if not pending.done:  # (else the commit of the change that held the lock took it along)
                self._commit_queued()
        if pending.error is not None:
            raise pending.error
        return pending.room

    def _commit_queued(self) -> None:
        """Every change queued so far, applied in order in one transaction (each in a savepoint
        of its own: a refused one leaves the others), then one commit, one ``fsync``. Under the
        writer's lock. A failed commit fails every change in it (none was answered yet)."""
        with self._queue_lock:
            batch, self._queue = self._queue, []
        try:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                for pending in batch:
                    self._db.execute("SAVEPOINT change")
                    try:
                        pending.room = self._apply(pending)
                    except sqlite3.DatabaseError:
                        raise
                    except Exception as exc:  # this change refused (a conflict, a bad part): not the others
                        self._db.execute("ROLLBACK TO change")
                        pending.error = exc
                    self._db.execute("RELEASE change")
                self._db.execute("COMMIT")
            except BaseException:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise
        except BaseException as exc:
            for pending in batch:
                pending.room = None
                pending.error = (_damaged(self.path, exc) if isinstance(exc, sqlite3.DatabaseError) and _unusable(exc)
                                 else exc)
        finally:
            for pending in batch:
                pending.done = True

    def _apply(self, pending: _Pending) -> Room:
        """One change inside the open transaction: the room it makes (see :meth:`change`)."""
        room_id, version, encoded = pending.room_id, pending.version, pending.encoded
        room = self._room(room_id)
        if version < 0 or version > room.version:
            raise BadChange(f"version {version} is not a version of this room (now {room.version})",
                            pl=f"ta gra nie miała wersji {version} (teraz ma {room.version}); "
                               "odśwież stronę i wprowadź zmianę jeszcze raz")
        for key, _ in encoded:
            if key not in room.parts:
                raise BadChange(f"this room has no part {key!r}",
                                pl=f"w tej grze nie ma {part_name(key)!r}; odśwież stronę")
        for key, _ in pending.added:
            if key in room.parts:
                raise Conflict(f"{key!r} was added on another screen meanwhile; here is the current game", room,
                               pl=f"{part_name(key)!r} dołączył(a) w międzyczasie na innym ekranie; oto aktualna gra")
        if version < room.version:
            # (from each part's own version, not the history: a trimmed history must not let a
            # stale phone's change through)
            marks = ",".join("?" * len(encoded))
            touched = self._db.execute(
                f"SELECT key, version FROM parts WHERE room=? AND version>? AND key IN ({marks}) "
                "ORDER BY version LIMIT 1", (room_id, version, *(k for k, _ in encoded))).fetchone()
            if touched is not None:
                raise Conflict(f"{touched[0]!r} was changed on another screen (version {touched[1]}) "
                               f"after version {version}; here is the current game", room,
                               pl=f"{part_name(touched[0])!r}: ktoś zmienił to w międzyczasie na innym ekranie "
                                  f"(wersja {touched[1]}, ta strona miała {version}); oto aktualna gra — "
                                  "wprowadź swoją zmianę jeszcze raz")
        if pending.check is not None:
            try:
                pending.check(room.parts, pending.updates)
            except RailprintError as exc:
                raise Refused(str(exc), room, pl=exc.pl) from None
        new = room.version + 1
        now = time.time()
        for key, value in encoded:
            self._db.execute("UPDATE parts SET value=?, version=? WHERE room=? AND key=?",
                             (value, new, room_id, key))
            self._db.execute("INSERT INTO changes VALUES (?, ?, ?, ?, ?)", (room_id, new, key, value, now))
        for key, value in pending.added:
            self._db.execute("INSERT INTO parts VALUES (?, ?, ?, ?)", (room_id, key, value, new))
            self._db.execute("INSERT INTO changes VALUES (?, ?, ?, ?, ?)", (room_id, new, key, value, now))
        self._db.execute("UPDATE rooms SET version=?, updated=? WHERE id=?", (new, now, room_id))
        if new % TRIM_EVERY == 0:
            self._trim_history(room_id)
        # the room this change made, as reading it back would give it (inside the transaction:
        # another process sharing the file may commit the next version the moment this one is
        # committed): the parts in their order, a changed one as its stored text reads, the
        # other rows as read above
        stored = dict(encoded)
        parts = {key: json.loads(stored[key]) if key in stored else value for key, value in room.parts.items()}
        parts.update((key, json.loads(value)) for key, value in pending.added)   # (after the others, as rowid reads them)
        return Room(room.id, room.game, room.title, new, room.created, now, parts, room.archived)

    def _trim_history(self, room_id: str) -> None:
        """Drop a room's oldest changes beyond :data:`MAX_HISTORY_CHANGES` or
        :data:`MAX_HISTORY_BYTES` (whole versions), inside the open transaction."""
        kept = kept_bytes = 0
        cut = None
        for version, size in self._db.execute(
                "SELECT version, length(CAST(value AS BLOB)) FROM changes WHERE room=? ORDER BY version DESC",
                (room_id,)).fetchall():
            kept += 1
            kept_bytes += size
            if kept > MAX_HISTORY_CHANGES or kept_bytes > MAX_HISTORY_BYTES:
                cut = version
                break
        if cut is not None:
            self._db.execute("DELETE FROM changes WHERE room=? AND version<=?", (room_id, cut))

    def describe(self, room_id: str, *, title: str | None = None, archived: bool | None = None) -> Room:
        """Rename a room or archive it (kept and reopened as ever, listed apart); neither is a
        change of the game: its version stays."""
        if title is not None:
            title = check_title(title)
        with self._locked():
            self._room(room_id)
            if title is not None:
                self._db.execute("UPDATE rooms SET title=? WHERE id=?", (title, room_id))
            if archived is not None:
                self._db.execute("UPDATE rooms SET archived=? WHERE id=?", (int(bool(archived)), room_id))
            return self._room(room_id)

    def delete(self, room_id: str) -> None:
        """Forget a room and every change of it."""
        with self._locked():
            self._room(room_id)
            self._db.execute("BEGIN IMMEDIATE")
            try:
                for table, column in (("changes", "room"), ("parts", "room"), ("rooms", "id")):
                    self._db.execute(f"DELETE FROM {table} WHERE {column}=?", (room_id,))
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise


MAX_TITLE = 80
TITLE = re.compile(r"^[^\x00-\x1f\x7f]+$")


def check_title(title: Any) -> str:
    """A room's title: 1 to 80 characters, no control, invisible or bidirectional characters
    (U+202E turned the room list around on every phone; the joiners of emoji and scripts stay)."""
    if not isinstance(title, str) or not title.strip() or len(title.strip()) > MAX_TITLE or not TITLE.match(title):
        raise BadChange(f"a title is 1 to {MAX_TITLE} characters, no control characters",
                        pl=f"tytuł ma od 1 do {MAX_TITLE} znaków, bez znaków sterujących")
    for ch in title:
        if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Zl", "Zp") and ch not in "\u200c\u200d":
            raise BadChange(f"a title has no invisible or control characters (U+{ord(ch):04X}); type it without it",
                            pl=f"tytuł nie może zawierać znaków niewidocznych ani sterujących (U+{ord(ch):04X}); "
                               "wpisz go bez nich")
    return title.strip()


def _version(version: Any) -> int:
    if isinstance(version, bool) or not isinstance(version, int):
        raise BadChange("a change needs the room version it was made on (a whole number)", pl=RELOAD_PL)
    return version


def _check_key(key: Any) -> None:
    if not isinstance(key, str) or not PART_KEY.match(key):
        raise BadChange(f"not a part name: {str(key)[:40]!r}", pl=RELOAD_PL)


class ChangeFeed:
    """The rooms other connections to the same file change — the other worker processes of
    ``serve --workers N``. A read connection of its own: :meth:`moved` asks SQLite's ``PRAGMA
    data_version``, which changes when any *other* connection has committed since it was last
    asked (a few microseconds: it reads the shared WAL index, no table); :meth:`rows` then reads
    the rooms asked about by their primary key. A PostgreSQL store would give the same feed by
    ``LISTEN``/``NOTIFY``."""

    def __init__(self, path: Path):
        self.path = path
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None, timeout=BUSY_WAIT)
        self._seen = self._data_version()

    def _data_version(self) -> int:
        return self._db.execute("PRAGMA data_version").fetchone()[0]

    def moved(self) -> bool:
        """Whether another connection committed since the last call."""
        with self._lock:
            now = self._data_version()
            moved, self._seen = now != self._seen, now
        return moved

    def rows(self, room_ids: Iterable[str]) -> dict[str, tuple]:
        """``{room id: (version, title, archived, updated)}`` of those of ``room_ids`` that exist."""
        ids = list(room_ids)
        found: dict[str, tuple] = {}
        with self._lock:
            for start in range(0, len(ids), 500):  # (SQLite's bound on the ?s of one statement)
                chunk = ids[start:start + 500]
                marks = ",".join("?" * len(chunk))
                for row in self._db.execute(f"SELECT id, version, title, archived, updated FROM rooms "
                                            f"WHERE id IN ({marks})", chunk):
                    found[row[0]] = (row[1], row[2], bool(row[3]), row[4])
        return found

    def close(self) -> None:
        with self._lock:
            self._db.close()
