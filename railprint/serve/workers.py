"""``railprint serve --workers N``: N processes answering one port from one rooms file
(docs/serve.md, *Capacity*).

**The parent** binds the listening socket once, makes the data folder and the rooms file
(private, checked: a damaged file is one clear line before any worker starts), the token, and
a private rate-limit file all workers share; then it starts N workers with multiprocessing's
*spawn* start method — a fresh interpreter on every system (Windows has no ``fork``), the way
uvicorn's own ``--workers`` starts its children — and hands each the socket and its settings
through the spawn pipe: multiprocessing passes a socket as an inherited descriptor on Linux and
macOS and by ``socket.share`` on Windows (no ``SO_REUSEPORT``, which Windows lacks: one socket,
and the kernel gives each new connection to one of the workers waiting on it). The token is
never in a command line or the environment. uvicorn's own multi-process mode was not used: it
builds the app in each child from an import string (the token and the settings would have to
travel by the environment) and supervises by its own rules (restart on SIGHUP, ping).

**A worker** is the single-process server (``app.create_app`` over a ``rooms.Store`` of its own)
plus: its long polls hear the other workers' changes (``Watchers.follow``: ``PRAGMA
data_version`` every 25 ms, then the watched rooms read again); new rooms are limited per client
across all workers (:class:`SharedRateLimit`); Ctrl-C is the parent's (a worker ignores SIGINT,
which a terminal sends to every process of the group, and a Windows console to every process
attached to it): a worker stops when the parent says so over its pipe, or when that pipe
breaks because the parent died (no orphan is left, even after ``kill -9`` of the parent).

**Stopping**: Ctrl-C, SIGTERM, a hang-up or Ctrl-Break stop every worker as one server stops
(the long polls answered at once, 2 s for the requests under way), then the parent ends as the
single-process server does. A worker that dies is said on stderr and replaced; more than
:data:`MAX_DEATHS` in a minute stop the server (exit 1).
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import secrets
import shutil
import signal
import sqlite3
import sys
import tempfile
import threading
import time
from collections import deque
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator

from railprint.errors import RailprintError
from railprint.serve.app import ROOM_BURST, ROOM_EVERY, RateLimit

START_WAIT = 300.0
"""Seconds a worker may take to start (import, open the store, listen) on a loaded machine."""
STOP_WAIT = 10.0
"""Seconds the workers get to stop after being told (long polls answer at once; uvicorn gives
the requests under way 2 s), before they are terminated, then killed."""
MAX_DEATHS = 5
"""Workers that may die within :data:`DEATH_WINDOW` seconds before the server stops."""
DEATH_WINDOW = 60.0


class SharedRateLimit(RateLimit):
    """:class:`railprint.serve.app.RateLimit`'s token buckets kept in one small SQLite file every
    worker process opens: a client (its address) gets the same 40 rooms at once and one every
    6 s in all, whichever workers its connections land on (per-process buckets would give it N×
    the rate). Each take is one ``BEGIN IMMEDIATE`` transaction, so two workers spending one
    client's last room cannot both succeed. The file is private (made by the parent in a
    ``mkdtemp`` folder) and forgotten when the server stops, as the in-memory buckets are;
    ``synchronous=OFF``: a power cut may forget a limit, never a game."""

    def __init__(self, path: Path, burst: int, every: float):
        super().__init__(burst, every)
        self.path = path
        self.db = sqlite3.connect(path, check_same_thread=False, isolation_level=None, timeout=30.0)
        self.db.execute("PRAGMA synchronous=OFF")

    @staticmethod
    def make(path: Path) -> None:
        """The empty buckets file (mode 0600) the workers will share."""
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        with sqlite3.connect(path) as db:
            db.execute("CREATE TABLE buckets (client TEXT PRIMARY KEY, left REAL NOT NULL, since REAL NOT NULL)")
        db.close()

    def take(self, client: str) -> None:
        now = time.time()  # (every process's clock alike)
        with self.lock:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                row = self.db.execute("SELECT left, since FROM buckets WHERE client=?", (client,)).fetchone()
                left, since = self.spend(row, now)
                self.db.execute("INSERT OR REPLACE INTO buckets VALUES (?, ?, ?)", (client, left, since))
                if secrets.randbelow(100) == 0:  # now and then, forget the clients whose bucket is full again
                    self.db.execute("DELETE FROM buckets WHERE left + (? - since) / ? >= ?",
                                    (now, self.every, self.burst))
                self.db.execute("COMMIT")
            except BaseException:
                self.db.execute("ROLLBACK")
                raise

    def close(self) -> None:
        with self.lock:
            self.db.close()


# --------------------------------------------------------------------------------- a worker


def _worker(settings: dict, sock: Any, pipe: Any) -> None:
    """One worker process (spawned): serve ``sock`` until the parent says stop or is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's: it tells us over the pipe
    from railprint import platform

    platform.prepare_console()
    try:
        _serve_worker(settings, platform.handed_socket(sock), pipe)
    except RailprintError as exc:
        sys.stderr.write(f"railprint serve: worker {settings['index']}: {exc}\n")
        sys.exit(1)


def _serve_worker(settings: dict, sock: Any, pipe: Any) -> None:
    from railprint.loading.resources import use_content
    from railprint.serve.server import uvicorn_server
    from railprint.serve.app import create_app, warm_up
    from railprint.serve.rooms import Store

    use_content(settings["content"])
    store = Store(settings["data"])
    limits = SharedRateLimit(settings["limits"], ROOM_BURST, ROOM_EVERY)
    app = create_app(store, token=settings["token"], host=settings["host"], room_rate=limits)
    app.watchers.follow(store.feed())
    threading.Thread(target=warm_up, daemon=True).start()
    server = uvicorn_server(app, sock)

    def stop() -> None:
        app.close()  # every long poll answers now
        server.should_exit = True

    @contextmanager
    def signals() -> Iterator[None]:  # (uvicorn's own would take SIGINT back)
        signal.signal(signal.SIGTERM, lambda number, frame: stop())  # terminated: stop as told
        yield

    server.capture_signals = signals

    def follow_parent() -> None:
        while not server.started and not server.should_exit:
            time.sleep(0.02)
        try:
            pipe.send("ready")
            pipe.recv()  # "stop" — or EOFError: the parent is gone
        except (EOFError, OSError):
            pass
        stop()

    threading.Thread(target=follow_parent, name="railprint-parent", daemon=True).start()
    try:
        server.run(sockets=[sock])
    finally:
        limits.close()
        store.close()


# --------------------------------------------------------------------------------- the parent


class Workers:
    """The parent's worker processes: started, watched, replaced, stopped."""

    def __init__(self, count: int, settings: dict, sock: Any, say: Callable[[str], None]):
        self.count, self.settings, self.sock, self.say = count, settings, sock, say
        self.context = multiprocessing.get_context("spawn")
        self.processes: list[Any] = [None] * count
        self.pipes: list[Any] = [None] * count
        self.deaths: deque[float] = deque()
        self.stopping: list[int] = []  # the stop signal received

    def start(self, index: int) -> None:
        mine, theirs = self.context.Pipe()
        process = self.context.Process(target=_worker, name=f"railprint-serve-{index + 1}",
                                       args=(dict(self.settings, index=index + 1), self.sock, theirs))
        process.start()
        theirs.close()
        self.processes[index], self.pipes[index] = process, mine

    def wait_ready(self, index: int) -> None:
        """Until worker ``index`` listens; a worker that ends first (its error is on stderr) stops all."""
        process, pipe = self.processes[index], self.pipes[index]
        deadline = time.monotonic() + START_WAIT
        while not self.stopping:
            try:
                if pipe.poll(0.1):
                    if pipe.recv() == "ready":
                        return
            except (EOFError, OSError):
                pass
            if not process.is_alive() or time.monotonic() > deadline:
                raise RailprintError(f"worker {index + 1} of railprint serve did not start ({_how(process)})")

    def watch(self) -> None:
        """Until a stop signal: a worker that dies is said and replaced."""
        while not self.stopping:
            multiprocessing.connection.wait([p.sentinel for p in self.processes], timeout=0.25)
            for index, process in enumerate(self.processes):
                if process.exitcode is None or self.stopping:
                    continue
                now = time.monotonic()
                self.deaths.append(now)
                while self.deaths and self.deaths[0] < now - DEATH_WINDOW:
                    self.deaths.popleft()
                if len(self.deaths) > MAX_DEATHS:
                    raise RailprintError(f"worker {index + 1} of railprint serve stopped ({_how(process)}), "
                                         f"the {len(self.deaths)}th in a minute: the server stops")
                self.say(f"railprint serve: worker {index + 1} (process {process.pid}) stopped ({_how(process)}); "
                         "a new one takes its place")
                self.pipes[index].close()
                self.start(index)
                self.wait_ready(index)

    def stop(self) -> None:
        """Every worker told to stop, given :data:`STOP_WAIT` s, then terminated, then killed."""
        for pipe in self.pipes:
            if pipe is not None:
                try:
                    pipe.send("stop")
                except OSError:
                    pass
        deadline = time.monotonic() + STOP_WAIT
        for process in self.processes:
            if process is not None:
                process.join(max(0.0, deadline - time.monotonic()))
        for process in self.processes:
            if process is not None and process.is_alive():
                process.terminate()
                process.join(3)
                if process.is_alive():
                    process.kill()
                    process.join()
        for pipe in self.pipes:
            if pipe is not None:
                pipe.close()


def _how(process: Any) -> str:
    code = process.exitcode
    if code is None:
        return "still starting"
    if code < 0:
        try:
            return f"killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exit code {code}"


def serve_workers(host: str, port: int, data: Path, echo: Callable[[str], None], workers: int,
                  content: list[Path]) -> None:
    """Run ``workers`` server processes on one socket and one rooms file until a stop signal."""
    from railprint.platform import STOP_SIGNALS
    from railprint.serve.server import address, announce, is_loopback, listen
    from railprint.serve.rooms import Store

    sock = listen(host, port)
    store = Store(data)  # the folder and the file made private and checked here, once
    path = store.path
    store.close()
    token = None if is_loopback(host) else secrets.token_urlsafe(18)
    private = Path(tempfile.mkdtemp(prefix="railprint-serve-"))
    SharedRateLimit.make(private / "limits.sqlite3")
    settings = {"host": host, "data": Path(data), "token": token, "content": [Path(c) for c in content],
                "limits": private / "limits.sqlite3"}
    pool = Workers(workers, settings, sock, lambda text: print(text, file=sys.stderr, flush=True))
    # Ctrl-C and SIGTERM always (as uvicorn takes them in the single process, even when started
    # with them ignored, in the background of a script); a hang-up or Ctrl-Break unless ignored (nohup)
    handlers = {number: signal.signal(number, lambda number, frame: pool.stopping.append(number))
                for number in STOP_SIGNALS
                if number in (signal.SIGINT, signal.SIGTERM) or signal.getsignal(number) is not signal.SIG_IGN}
    try:
        for index in range(workers):
            pool.start(index)
        for index in range(workers):
            pool.wait_ready(index)
        if not pool.stopping:
            announce(echo, address(host, sock.getsockname()[1], token), path, token,
                     f"{workers} worker processes; Ctrl-C stops the server")
            pool.watch()
    finally:
        pool.stop()
        sock.close()
        shutil.rmtree(private, ignore_errors=True)
        for number, handler in handlers.items():
            signal.signal(number, handler)
    for number in dict.fromkeys(pool.stopping):  # ended as the single-process server ends on it
        signal.raise_signal(number)
