"""The rooms of ``railprint serve`` (issue 31): every room reachable (paged, searched), renamed,
archived, deleted, exported and imported as one JSON file (the import checked as untrusted
input); the data folder private; every acknowledged change kept across ``kill -9``; a damaged
database and a bad ``--host`` are clear errors, never a traceback."""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import stat
import subprocess
import sys
import threading

import pytest

from railprint.serve.rooms import Store, StoreDamaged
from tests.helpers import run_cli
from tests.serve.burst import PLAYERS, Burst, board, call

GAMES = [("railroad-ink", {}), ("ticket-to-ride", {"map": "italy"}), ("days-of-steam", {}), ("allers-trains", {})]


def new_room(client, game="railroad-ink", players=("Ala", "Bob"), **setup):
    answer = client.post("/api/rooms", json={"game": game, "players": list(players), "setup": setup})
    assert answer.status_code == 200, answer.text
    return answer.json()["room"]


# --- the list: paged and searched ---------------------------------------------------------------

def test_every_room_is_reachable_page_by_page_and_by_search(client, tmp_path):
    store = Store(tmp_path / "data")  # the same file the client's server keeps
    made = []
    for i in range(130):
        made.append(store.create("railroad-ink", f"Night {i:03d} — Łódź", {"setup": {"players": ["A"]}, "player:A": {}}).id)
    store.close()
    seen, offset = [], 0
    while True:
        answer = client.get(f"/api/rooms?limit=50&offset={offset}")
        assert answer.status_code == 200 and answer.headers["x-total-count"] == "130"
        if not answer.json():
            break
        seen += [r["id"] for r in answer.json()]
        offset += 50
    assert sorted(seen) == sorted(made) and len(seen) == 130  # the oldest too (once only 200 newest)
    found = client.get("/api/rooms?q=night 007").json()
    assert [r["title"] for r in found] == ["Night 007 — Łódź"]
    assert len(client.get("/api/rooms?q=Łódź&limit=100").json()) == 100
    assert len(client.get("/api/rooms?q=ŁÓDŹ&limit=100").json()) == 100  # case folded beyond ASCII
    assert client.get("/api/rooms?q=%25").json() == []  # % and _ are letters, not wildcards
    assert [r["id"] for r in client.get(f"/api/rooms?q={made[5]}").json()] == [made[5]]
    for bad in ("limit=0", "limit=101", "offset=-1", "limit=x"):
        assert client.get("/api/rooms?" + bad).status_code == 400, bad


def test_rename_archive_and_delete(client):
    room = new_room(client)
    other = new_room(client, players=("Cyd",))
    url = f"/api/rooms/{room['id']}"
    renamed = client.patch(url, json={"title": "  Friday at Tromsø  "})
    assert renamed.status_code == 200 and renamed.json()["room"]["title"] == "Friday at Tromsø"
    assert renamed.json()["room"]["version"] == 0  # not a change of the game
    for bad in ({"title": ""}, {"title": "x" * 81}, {"title": "a\nb"}, {"title": 5}, {"archived": "yes"},
                {"colour": "red"}, {}):
        assert client.patch(url, json=bad).status_code == 400, bad
    assert client.patch(url, json={"archived": True}).json()["room"]["archived"] is True
    assert [r["id"] for r in client.get("/api/rooms").json()] == [other["id"]]
    assert [r["title"] for r in client.get("/api/rooms?archived=1").json()] == ["Friday at Tromsø"]
    assert client.get(url).status_code == 200  # an archived room opens as ever
    assert client.patch(url, json={"archived": False}).status_code == 200
    assert len(client.get("/api/rooms").json()) == 2
    assert client.post(f"{url}/changes", json={"version": 0, "parts": {"player:Ala": {"cells": ["h.h."] + ["."] * 48}}}).status_code == 200
    assert client.delete(url).json() == {"deleted": room["id"]}
    assert client.get(url).status_code == 404 and client.get(f"{url}/history").status_code == 404
    assert client.delete(url).status_code == 404
    assert [r["id"] for r in client.get("/api/rooms").json()] == [other["id"]]


# --- one JSON file out and in ---------------------------------------------------------------------

@pytest.mark.parametrize("game, setup", GAMES)
def test_a_room_exported_and_imported_scores_the_same(client, game, setup):
    room = new_room(client, game, **setup)
    if game == "railroad-ink":
        client.post(f"/api/rooms/{room['id']}/changes",
                    json={"version": 0, "parts": {"player:Ala": {"cells": ["h.h.", "hh.."] + ["."] * 47}}})
    exported = client.get(f"/api/rooms/{room['id']}/room.json")
    assert "attachment" in exported.headers["content-disposition"]
    data = exported.json()
    assert data["format"] == "railprint-room-1" and data["game"] == game
    imported = client.post("/api/rooms/import", content=exported.content, headers={"Content-Type": "application/json"})
    assert imported.status_code == 200, imported.text
    again = imported.json()
    assert again["room"]["id"] != room["id"] and again["room"]["parts"] == data["parts"]
    assert again["score"]["ranking"] == client.get(f"/api/rooms/{room['id']}").json()["score"]["ranking"]
    assert again["room"]["title"] == data["title"]


def test_an_imported_file_is_checked_as_untrusted_input(client):
    room = new_room(client)
    good = client.get(f"/api/rooms/{room['id']}/room.json").json()

    def variant(**changes):
        data = json.loads(json.dumps(good))
        for path, value in changes.items():
            target = data
            *keys, last = path.split("__")
            for key in keys:
                target = target[key]
            if value is KeyError:
                del target[last]
            else:
                target[last] = value
        return data

    cases = [
        ([], "not a room file"),
        (variant(format="railprint-room-9"), "not a room file"),
        (variant(game="chess"), "game: one of"),
        (variant(title="a\x00b"), "title"),
        (variant(parts=[]), "parts"),
        (variant(parts__setup__players=["Ala"] * 2), "different names"),
        (variant(parts__setup__players=["x" * 41]), "at most 40"),
        (variant(parts__setup__expansion="meteors"), "meteor"),
        (variant(parts__setup__surprise=1), "unknown choice"),
        (variant(**{"parts__player:Ala": KeyError}), "does not belong"),
        (variant(**{"parts__player:Eve": {"cells": ["."] * 49}}), "does not belong"),
        (variant(**{"parts__player:Ala": {"cells": ["."] * 48}}), "49 spaces"),
        (variant(**{"parts__player:Ala": {"cells": ["zz.."] + ["."] * 48}}), "Ala A1"),
        (variant(**{"parts__player:Ala": {"cells": ["../../etc/passwd"] + ["."] * 48}}), "Ala A1"),
    ]
    for data, words in cases:
        answer = client.post("/api/rooms/import", json=data)
        assert answer.status_code == 400, (words, answer.text)
        assert words in answer.json()["error"], (words, answer.json()["error"])
    assert len(client.get("/api/rooms").json()) == 1  # nothing half-imported


# --- the data folder --------------------------------------------------------------------------------

def test_the_data_folder_is_private_and_the_database_durable(tmp_path):
    old = os.umask(0o022)
    try:
        store = Store(tmp_path / "deep" / "data")
        store.create("railroad-ink", "t", {"setup": {"players": ["A"]}, "player:A": {}})
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "deep" / "data").stat().st_mode) == 0o700
    for name in ("rooms.sqlite3", "rooms.sqlite3-wal", "rooms.sqlite3-shm"):
        assert stat.S_IMODE((tmp_path / "deep" / "data" / name).stat().st_mode) == 0o600, name
    assert store._db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL: the WAL fsync'd at each commit
    assert store._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    store.close()


def test_a_change_returns_the_room_as_the_store_reads_it_back(tmp_path):
    """A change's answer is made from the room it returns (not read back after the commit):
    that room is the one a read gives, key order and stored form included (a part's keys come
    back sorted, as stored), so the answers' bytes are those of a read."""
    store = Store(tmp_path / "data")
    room = store.create("railroad-ink", "t", {"setup": {"players": ["A", "B"]}, "player:A": {"z": 1, "a": [2]},
                                              "player:B": {"cells": ["."]}})
    changed = store.change(room.id, 0, {"player:B": {"y": "Łódź", "b": {"d": 1, "c": 2.5}}})
    assert json.dumps(changed.as_json()) == json.dumps(store.get(room.id).as_json())
    assert list(changed.parts) == ["setup", "player:A", "player:B"]
    assert list(changed.parts["player:B"]) == ["b", "y"] and list(changed.parts["player:B"]["b"]) == ["c", "d"]
    merged = store.change(room.id, 0, {"player:A": {"k": None}})  # on an old version, another part
    assert merged.version == 2 and merged.parts["player:B"] == changed.parts["player:B"]
    assert json.dumps(merged.as_json()) == json.dumps(store.get(room.id).as_json())
    store.close()


def test_changes_committed_together_are_applied_one_after_another(tmp_path):
    """Group commit: the changes queued while a commit is flushed are applied in order in one
    transaction, each on the room the ones before it left; a refused one (a conflict, a part the
    room has not) is rolled back alone, the others are kept."""
    from railprint.serve.rooms import BadChange, Conflict, _Pending

    store = Store(tmp_path / "data")
    room = store.create("railroad-ink", "t", {"setup": {"players": ["A", "B"]}, "player:A": {"n": 0},
                                              "player:B": {"n": 0}})
    queued = [_Pending(room.id, 0, {"player:A": {"n": 1}}, [("player:A", '{"n":1}')], None),
              _Pending(room.id, 0, {"player:A": {"n": 2}}, [("player:A", '{"n":2}')], None),  # stale: A moved
              _Pending(room.id, 0, {"player:C": {"n": 3}}, [("player:C", '{"n":3}')], None)]  # no such part
    store._queue.extend(queued)
    last = store.change(room.id, 0, {"player:B": {"n": 4}})  # takes the queued ones along, in order
    assert all(p.done for p in queued)
    assert queued[0].room.version == 1 and queued[0].room.parts["player:A"] == {"n": 1}
    assert isinstance(queued[1].error, Conflict) and queued[1].room is None
    assert isinstance(queued[2].error, BadChange)
    assert last.version == 2 and last.parts["player:A"] == {"n": 1} and last.parts["player:B"] == {"n": 4}
    assert store.get(room.id) == last
    assert [(h["version"], h["part"]) for h in store.history(room.id)] == [(1, "player:A"), (2, "player:B")]
    store.close()


def test_changes_from_many_threads_are_all_kept(tmp_path):
    """Eight phones changing their own parts at once (their changes meet in shared commits):
    every acknowledged change is stored, each version made once."""
    players = [f"P{i}" for i in range(8)]
    store = Store(tmp_path / "data")
    room = store.create("railroad-ink", "t", {"setup": {"players": players}, **{f"player:{p}": {"n": 0} for p in players}})
    made: dict[str, list[int]] = {p: [] for p in players}

    def phone(player: str) -> None:
        version = 0
        for n in range(1, 16):
            changed = store.change(room.id, version, {f"player:{player}": {"n": n}})
            version = changed.version
            made[player].append(version)

    threads = [threading.Thread(target=phone, args=(p,)) for p in players]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    final = store.get(room.id)
    assert final.version == 8 * 15
    assert sorted(v for versions in made.values() for v in versions) == list(range(1, 121))
    assert all(final.parts[f"player:{p}"] == {"n": 15} for p in players)
    store.close()


@pytest.mark.parametrize("damage", ["garbage", "truncated", "pages"])
def test_a_damaged_database_is_a_clear_error(tmp_path, damage):
    data = tmp_path / "data"
    store = Store(data)
    for i in range(300):
        store.create("railroad-ink", f"room {i}" * 5, {"setup": {"players": ["A"]}, "player:A": {"cells": ["."] * 49}})
    store.close()
    path = data / "rooms.sqlite3"
    raw = path.read_bytes()
    if damage == "garbage":
        path.write_bytes(b"not a database at all\n" * 100)
    elif damage == "truncated":
        path.write_bytes(raw[:100])
    else:  # the header fine, the pages after it overwritten
        path.write_bytes(raw[:4096] + bytes([0x5A]) * (len(raw) - 4096))
    with pytest.raises(StoreDamaged) as error:
        again = Store(data)
        again.list(limit=100)
        again.get(again.list()[0][0]["id"])
    assert "rooms.sqlite3: the rooms database cannot be read" in str(error.value)
    assert "move rooms.sqlite3 away" in str(error.value)
    if damage == "garbage":
        result = subprocess.run([sys.executable, "-m", "railprint", "serve", "--port", "0", "--data", str(data)],
                                capture_output=True, text=True, timeout=120)
        assert result.returncode == 1 and "Traceback" not in result.stderr + result.stdout
        assert "the rooms database cannot be read" in result.stderr


@pytest.mark.parametrize("host", ["../x", "", "a b", "x" * 300, "http://laptop", "[::1]x"])
def test_a_bad_host_is_a_usage_error(host):
    result = run_cli("serve", "--host", host, "--port", "0")
    assert result.exit_code == 2, result.output
    said = re.sub(r"[│\s]+", " ", result.output)  # the usage box may wrap the line
    assert "neither an IP address nor a host name" in said and "Traceback" not in result.output


# --- kill -9 in a burst of changes -------------------------------------------------------------------

def test_every_acknowledged_change_survives_kill_9(tmp_path):
    """A real server process, 8 phones (2 rooms x 4 players) writing as fast as they can; the
    server is killed with SIGKILL mid-burst. Every change it answered 200 is in the database
    after the restart, at the version it answered; of the changes in flight when it died (one a
    phone at most) each is stored as sent or not at all (committed, its answer lost), and
    nothing else is stored (``Burst.check``)."""
    data = tmp_path / "data"
    process = subprocess.Popen([sys.executable, "-m", "railprint", "serve", "--port", "0", "--data", str(data)],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        for line in process.stdout:
            match = re.search(r"open http://127\.0\.0\.1:(\d+)/", line)
            if match:
                break
        port = int(match.group(1))
        connect = lambda: http.client.HTTPConnection("127.0.0.1", port, timeout=60)  # noqa: E731
        conn = connect()
        rooms = [call(conn, "POST", "/api/rooms", {"game": "railroad-ink", "players": PLAYERS})[1]["room"]["id"]
                 for _ in range(2)]
        conn.close()
        burst = Burst(rooms, connect, carry_on=False)
        burst.run(lambda: (process.send_signal(signal.SIGKILL), process.wait(30)))
    finally:
        if process.poll() is None:
            process.kill()
    assert burst.acknowledged >= 60
    assert not burst.refused, burst.refused[:3]
    store = Store(data)
    try:
        burst.check(store)
    finally:
        store.close()


def test_the_kill_9_check_finds_a_lost_a_moved_and_an_unsent_change(tmp_path):
    """``Burst.check`` itself: what the phones were answered against what the store holds."""
    store = Store(tmp_path / "data")
    try:
        room = store.create("railroad-ink", "t", {f"player:{p}": {"cells": ["."] * 49} for p in PLAYERS}).id
        boards = [board(0, n) for n in range(1, 5)]
        for version, cells in enumerate(boards[:3]):
            store.change(room, version, {"player:A": {"cells": cells}})
        burst = Burst([room], None, carry_on=False)

        def fails(sent) -> str:
            burst.sent = {(room, "A"): sent}
            with pytest.raises(AssertionError) as caught:
                burst.check(store)
            return str(caught.value)

        burst.sent = {(room, "A"): [(1, boards[0]), (2, boards[1]), (None, boards[2])]}
        burst.check(store)  # the change in flight at the kill was committed: fine
        burst.sent = {(room, "A"): [(1, boards[0]), (2, boards[1]), (3, boards[2]), (None, boards[3])]}
        burst.check(store)  # ... or not: fine
        assert "not stored as sent" in fails([(1, boards[0]), (2, boards[1]), (3, boards[3])])  # lost
        assert "not stored as sent" in fails([(1, boards[0]), (3, boards[1]), (2, boards[2])])  # at another version
        assert "never sent" in fails([(1, boards[0]), (2, boards[1])])  # stored, never sent
        assert "never sent" in fails([(1, boards[0]), (2, boards[1]), (None, boards[3])])  # stored, another board
    finally:
        store.close()


def test_a_room_keeps_its_newest_changes_and_a_stale_change_still_conflicts(tmp_path, monkeypatch):
    """A room's history is bounded (changes and bytes, whole versions dropped oldest first); the
    room's parts are never trimmed, and a change made on a version whose history was dropped
    still meets the conflict check (it reads each part's own version, not the history)."""
    from railprint.serve import rooms
    from railprint.serve.rooms import Conflict

    monkeypatch.setattr(rooms, "MAX_HISTORY_CHANGES", 5)
    monkeypatch.setattr(rooms, "TRIM_EVERY", 2)
    store = Store(tmp_path / "data")
    room = store.create("railroad-ink", "t", {"setup": {"players": ["A", "B"]}, "player:A": {"n": 0},
                                              "player:B": {"n": 0}})
    for n in range(1, 21):
        store.change(room.id, n - 1, {"player:A": {"n": n}})
    kept = [h["version"] for h in store.history(room.id)]
    assert kept == [16, 17, 18, 19, 20], kept
    assert store.get(room.id).parts == {"setup": {"players": ["A", "B"]}, "player:A": {"n": 20}, "player:B": {"n": 0}}
    with pytest.raises(Conflict):  # made on version 3: A has changed since, though versions 4-15 are gone
        store.change(room.id, 3, {"player:A": {"n": -1}})
    merged = store.change(room.id, 3, {"player:B": {"n": 7}})  # another part: merged, as ever
    assert merged.version == 21 and merged.parts["player:A"] == {"n": 20}

    monkeypatch.setattr(rooms, "MAX_HISTORY_CHANGES", 10_000)
    monkeypatch.setattr(rooms, "MAX_HISTORY_BYTES", 3 * len('{"text":"' + "x" * 100 + '"}'))
    for n in range(22, 31):  # the last trim at version 30
        store.change(room.id, n - 1, {"player:B": {"text": "x" * 100}})
    assert [h["version"] for h in store.history(room.id)] == [28, 29, 30]
    store.close()
