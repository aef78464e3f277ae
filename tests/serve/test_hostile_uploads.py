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


def _connect(base: str):
    import socket
    from urllib.parse import urlsplit

    where = urlsplit(base)
    sock = socket.create_connection((where.hostname, where.port), timeout=10)
    return sock


def _answer(sock) -> bytes:
    chunks = []
    while chunk := sock.recv(65536):
        chunks.append(chunk)
    return b"".join(chunks)


def _still_serves(base: str) -> None:
    import urllib.request

    with urllib.request.urlopen(base + "/api/games", timeout=10) as answer:
        assert answer.status == 200


def test_an_endless_request_head_is_cut_at_64_kib(server):
    """A header of endless ``a`` grew the server by a MB a MB sent (430 MB, 50 s of CPU for 150 MB)."""
    base, _ = server
    for start in (b"GET /api/games?", b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-A: ",
                  b"GET /api/games HTTP/1.1\r\n" + b"X-B: 0123456789\r\n" * 10):
        sock = _connect(base)
        sock.sendall(start)
        try:
            for _ in range(64):
                sock.sendall(b"a" * 4096 if not start.endswith(b"\r\n") else b"X-C: 0123456789abcdef\r\n" * 200)
        except (ConnectionResetError, BrokenPipeError):
            pass
        answer = _answer(sock)
        sock.close()
        assert answer.startswith(b"HTTP/1.1 431 "), answer[:80]
        assert b"over 65536 bytes" in answer
    _still_serves(base)


def test_a_slow_or_silent_connection_is_closed(server, monkeypatch):
    """A connection that sent nothing, or a header line now and then (slowloris), was kept for ever."""
    import time

    from railprint.serve import connections

    monkeypatch.setattr(connections, "HEAD_SECONDS", 0.5)
    base, _ = server
    silent, slow = _connect(base), _connect(base)
    slow.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    started = time.monotonic()
    for _ in range(3):
        time.sleep(0.2)
        try:
            slow.sendall(b"X-A: b\r\n")
        except OSError:
            break
    assert _answer(slow).startswith(b"HTTP/1.1 408 ")
    assert _answer(silent) == b""             # closed without a word
    assert time.monotonic() - started < 5
    silent.close()
    slow.close()
    # a request that completes its head in time is answered as ever, kept-alive ones too
    _still_serves(base)


def test_one_address_holds_at_most_max_per_client_connections(server, monkeypatch):
    from railprint.serve import connections

    monkeypatch.setattr(connections, "_is_loopback", lambda host: False)   # as if from the LAN
    monkeypatch.setattr(connections, "MAX_PER_CLIENT", 3)
    base, _ = server
    held = [_connect(base) for _ in range(3)]
    extra = _connect(base)
    assert _answer(extra) == b""               # closed at once
    extra.close()
    for sock in held:
        sock.close()
    import time

    time.sleep(0.3)   # the server sees them closed
    _still_serves(base)


@pytest.mark.parametrize("name, says", [
    ("Ala\u202eevil", "invisible or control character (U+202E)"),   # turns the text after it around
    ("Ala\u200b", "invisible or control character (U+200B)"),
    ("\ufeffAla", "invisible or control character (U+FEFF)"),
    ("Ala \U0001F600", "which the score pictures cannot draw"),     # every picture of the room failed
])
def test_a_player_name_the_pictures_cannot_show_is_refused_when_the_room_is_made(client, name, says):
    answer = client.post("/api/rooms", json={"game": "railroad-ink", "players": [name, "Zed"], "setup": {}})
    assert answer.status_code == 400 and says in answer.json()["error"]
    assert answer.json()["error"].startswith("players: ")


def test_names_in_polish_and_nordic_letters_are_drawn(client):
    made = client.post("/api/rooms", json={"game": "railroad-ink", "players": ["Łucja", "Tromsø Ålesund"],
                                           "setup": {}}).json()["room"]
    assert client.get(f"/api/rooms/{made['id']}/picture.svg?page=0").status_code == 200


def _post_head(path: str, length: int, kind: str = "application/json") -> bytes:
    return (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: {kind}\r\n"
            f"Content-Length: {length}\r\n\r\n").encode()


def _trickle(sock, pieces: int, every: float) -> None:
    import time

    for _ in range(pieces):
        time.sleep(every)
        try:
            sock.sendall(b" ")
        except OSError:
            return


def test_a_body_that_never_comes_or_trickles_is_cut(server, monkeypatch, caplog):
    """Only the head was timed: a body that never came, or came a byte a second, was waited for for
    ever, loopback or not. A client gone before its body ended printed a traceback on the server's
    terminal (starlette's ClientDisconnect)."""
    import time

    from railprint.serve import connections

    monkeypatch.setattr(connections, "BODY_SECONDS", 0.5)
    monkeypatch.setattr(connections, "BODY_RATE", 1000)   # a second more for every 1000 bytes
    base, _ = server
    silent, slow = _connect(base), _connect(base)
    started = time.monotonic()
    silent.sendall(_post_head("/api/rooms", 100) + b"{")
    slow.sendall(_post_head("/api/rooms", 100))
    _trickle(slow, 6, 0.2)                      # 6 bytes in 1.2 s: far below 1000 a second
    for sock in (silent, slow):
        answer = _answer(sock)
        sock.close()
        assert answer.startswith(b"HTTP/1.1 408 "), answer[:80]
        assert b"body did not arrive in time" in answer
    assert time.monotonic() - started < 5
    # a body that keeps coming is never cut, however long the whole takes; at most BODY_MOST_SECONDS
    monkeypatch.setattr(connections, "BODY_RATE", 1)       # each byte buys a second
    monkeypatch.setattr(connections, "BODY_MOST_SECONDS", 1.5)
    steady = _connect(base)
    steady.sendall(_post_head("/api/rooms", 100))
    started = time.monotonic()
    _trickle(steady, 12, 0.2)
    answer = _answer(steady)
    steady.close()
    assert answer.startswith(b"HTTP/1.1 408 ") and 1.4 < time.monotonic() - started < 5
    time.sleep(0.2)
    assert not [r for r in caplog.records if "Exception in ASGI" in r.getMessage()]
    _still_serves(base)
    # a whole body sent at once is answered as ever
    sock = _connect(base)
    sock.sendall(_post_head("/api/rooms", 2) + b"{}")
    assert _answer_head(sock).startswith(b"HTTP/1.1 400 ")
    sock.close()


def _answer_head(sock) -> bytes:
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            break
        data += chunk
    return data


def test_a_photo_whose_body_never_comes_gives_its_place_back(server, monkeypatch):
    """A photo upload takes one of the server's PHOTO_WAITING places before its body is read: a
    body that never came held the place for ever (12 such connections: no photo read again)."""
    import time
    import urllib.error
    import urllib.request

    from railprint.serve import app as serve_app
    from railprint.serve import connections

    monkeypatch.setattr(connections, "BODY_SECONDS", 0.5)
    monkeypatch.setattr(serve_app, "PHOTO_WAITING", 1)
    base, _ = server

    def upload() -> int:
        request = urllib.request.Request(base + "/api/rooms/nosuchroom/photos/Ala?version=0", data=b"x" * 10,
                                         headers={"Content-Type": "image/jpeg"}, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=10) as answer:
                return answer.status
        except urllib.error.HTTPError as exc:
            return exc.code

    held = _connect(base)
    held.sendall(_post_head("/api/rooms/nosuchroom/photos/Ala?version=0", 1000, "image/jpeg") + b"\xff\xd8")
    time.sleep(0.2)
    assert upload() == 503                      # the one place is taken by the body that never comes
    assert _answer(held).startswith(b"HTTP/1.1 408 ")
    held.close()
    assert upload() == 404                      # the place is free again: read, then no such room


def test_a_refusal_to_a_client_that_reset_already_just_closes():
    """The client read the 408 and reset the connection before the server half-closed it: the
    half-close raised ENOTCONN, a traceback in the server's log ("Exception in callback")."""
    from railprint.serve.connections import GuardedProtocol

    class Reset:
        closed = False
        written = b""

        def is_closing(self):
            return self.closed

        def write(self, data):
            self.written += data

        def can_write_eof(self):
            return True

        def write_eof(self):
            raise OSError(107, "Transport endpoint is not connected")

        def close(self):
            self.closed = True

    protocol = GuardedProtocol.__new__(GuardedProtocol)
    protocol.transport, protocol.cycle, protocol._discarding = Reset(), None, False
    protocol._head_timer = protocol._body_timer = None
    protocol._refuse("408 Request Timeout", "too slow")
    assert protocol.transport.closed and protocol.transport.written.startswith(b"HTTP/1.1 408 ")


def test_an_uploaded_game_file_is_bounded_and_read_off_the_event_loop(client, monkeypatch):
    """A 1 MiB Days of Steam file of 90,000 unknown keys took 4.5 s of CPU, read on the event loop
    (every other phone waited); `railprint score` reads at most 256 KiB of a game file."""
    import asyncio

    from railprint.games.days_of_steam import web

    room = client.post("/api/rooms", json={"game": "days-of-steam", "players": ["Ala", "Bartek"],
                                           "setup": {}}).json()["room"]["id"]
    url = f"/api/rooms/{room}/files/game.yaml?version=0"
    junk = "".join(f"k{i}: {i}\n" for i in range(90_000)).encode()[:1_000_000]
    too_big = client.put(url, content=junk)
    assert too_big.status_code == 413, too_big.text
    assert too_big.json()["error"] == f"game.yaml: the file is {len(junk)} bytes; a game file is at most 262144"
    loops = []
    read = web.read_file

    def watched(*args):
        try:
            loops.append(asyncio.get_running_loop())
        except RuntimeError:
            loops.append(None)   # a thread of its own, no event loop in it
        return read(*args)
    monkeypatch.setattr(web, "read_file", watched)
    answer = client.put(url, content=b"players:\n  - {name: Ala, goods: RR, circuits: 1, steam: 0}\n"
                                     b"  - {name: Bartek, goods: '-', circuits: 0, steam: 0}\n")
    assert answer.status_code == 200, answer.text
    assert loops == [None]
    assert answer.json()["room"]["version"] == 1


@pytest.mark.parametrize("path, kind, size, status", [
    ("/api/rooms/{room}/photos/Ala?version=0", "text/plain", 4_000_000, 415),   # refused by its Content-Type
    ("/api/rooms/..%2F..%2Fetc/photos/Ala?version=0", "image/jpeg", 1_000_000, 404),   # no route (1 MiB limit)
])
def test_an_answer_given_before_a_large_body_is_read_reaches_the_client(server, path, kind, size, status):
    # a phone's 4 MB photo refused before its body is read: the body is read (within the limit) before
    # the answer, so the client still sending it gets the answer, not a reset connection (broken pipe)
    import json
    import urllib.error
    import urllib.request

    base, _ = server

    def post(where: str, body: bytes, content_type: str):
        request = urllib.request.Request(base + where, data=body, method="POST", headers={"Content-Type": content_type})
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                return answer.status, json.loads(answer.read())
        except urllib.error.HTTPError as refused:   # (a reset connection is a URLError: the test fails)
            return refused.code, json.loads(refused.read())

    made, room = post("/api/rooms", json.dumps({"game": "railroad-ink", "players": ["Ala"]}).encode(), "application/json")
    assert made == 200
    got, answer = post(path.format(room=room["room"]["id"]), bytes(size), kind)
    assert got == status and answer["error"]
    _still_serves(base)
