"""Benchmark: a game-night hall on one laptop — ``railprint serve`` with T tables x 4 phones.

Half the tables play Railroad Ink, half Ticket to Ride Italy. Every phone is a thread with its
own keep-alive connection that does what the page does:

- a change every ``--think`` seconds (uniform 0.5x-1.5x), to its own player, one at a time,
  each made on the version the one before it brought back (Railroad Ink: its sheet space by
  space, from ``bench_railroad_ink_score.typical()``; Ticket to Ride: claims a route of its own
  share of the map, and gives the oldest back past 10, so boards stay game-sized);
- the scored picture (Railroad Ink: that player's page; Ticket to Ride: the board) of a version
  it is shown, as the page's ``<img>`` asks for it: the page asks only while the picture is on
  the screen (it is below the board, so a phone tapping its board asks for none); ``--look`` is
  the share of the versions a phone is scrolled to its picture when they arrive (default 0.25:
  a player glancing at their scored sheet one version in four; 1: every phone always showing
  its picture, the most the page can ask for);
- other screens' changes: the page's push channel (a long poll, ``GET /api/rooms/<id>?after=V``,
  answered when the room passes version V; the default) or ``--polls`` (a poll every
  ``--poll`` seconds, as the page does with ``?poll=MS``). Like the page, a phone names itself
  (``phone=``) in its long poll and its changes: the server does not answer its long poll with
  the version its own change made (the change's answer brought it).

Checked at the end: no error, and every room holds every phone's last acknowledged part (no
lost change). Reported: change and picture latency (p50/p99), the server's CPU (user+sys, from
/proc) per change with polls and pictures included, the load average while it ran.

    python benchmarks/bench_serve_hall.py [--tables 30] [--seconds 60] [--think 2] [--look 0.25] [--polls]
    python benchmarks/bench_serve_hall.py --tables 4,10,20,30,40     # how many tables it holds
    python benchmarks/bench_serve_hall.py --tables 10,20 --workers 2  # railprint serve --workers 2

Each hall ends with one line, ``SUMMARY tables … cpu/change … p50 … p99 … errors … lost … load``;
stepping up, a ``HOLDS N tables`` line after the halls measured (it stops at the first hall
whose change p99 passes ``--p99``, 150 ms, or that errs or loses a change).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT))

from bench_railroad_ink_score import typical  # noqa: E402
from cputime import REFERENCE_CPU, machine_speed  # noqa: E402

PLAYERS = ["Ala", "Bob", "Cyd", "Dag"]
RULEBOOK = ROOT / "tests" / "data" / "railroad_ink" / "cases" / "rulebook_example.txt"


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q / 100 * (len(ordered) - 1))))]


def cpu_of(pid: int, kind: str = "both") -> float:
    """CPU seconds of one process: user+sys, or ``kind`` "user" or "sys" alone."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    user, system = int(fields[11]), int(fields[12])
    return {"both": user + system, "user": user, "sys": system}[kind] / os.sysconf("SC_CLK_TCK")


def tree_cpu(pid: int, kind: str = "both") -> float:
    """CPU seconds of the server and its worker processes (``--workers``)."""
    total = cpu_of(pid, kind)
    for child in Path(f"/proc/{pid}/task").glob("*/children"):
        for kid in child.read_text().split():
            try:
                total += tree_cpu(int(kid), kind)
            except (FileNotFoundError, ProcessLookupError):
                pass
    return total


class Server:
    def __init__(self, data: str, extra: list[str]):
        self.process = subprocess.Popen([sys.executable, "-m", "railprint", "serve", "--port", "0", "--data", data,
                                         *extra], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for text in self.process.stdout:
            match = re.search(r"open http://127\.0\.0\.1:(\d+)/", text)
            if match:
                self.port = int(match.group(1))
                break
        else:
            raise SystemExit("the server did not start: " + self.process.stderr.read())
        threading.Thread(target=self.process.stdout.read, daemon=True).start()

    def stop(self) -> None:
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()


class Phone:
    def __init__(self, port: int, room: str, game: str, player: str, index: int, plan: list, think: float,
                 push: bool, poll: float, seed: int, look: float = 1.0):
        self.port, self.room, self.game, self.player, self.index = port, room, game, player, index
        self.plan, self.think, self.push, self.poll, self.look = plan, think, push, poll, look
        self.random = random.Random(seed)
        self.tag = f"{random.Random(-1 - seed).getrandbits(72):018x}"  # the page's phone= word (its own pushes are not sent)
        self.version = 0
        self.last_sent = None  # the part of its last acknowledged change
        self.changes: list[float] = []
        self.pictures: list[float] = []
        self.polls = 0
        self.errors: list[str] = []
        self.lock = threading.Lock()
        self.seen_pictures: set[int] = set()

    def connect(self) -> http.client.HTTPConnection:
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)

    def call(self, conn, method: str, path: str, body=None) -> tuple[int, bytes]:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        data = json.dumps(body).encode() if body is not None else None
        for attempt in (1, 2):
            try:
                conn.request(method, path, body=data, headers=headers)
                answer = conn.getresponse()
                return answer.status, answer.read()
            except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError) as exc:
                # the server closed an idle keep-alive connection: asked again on a new one, as a
                # browser does
                conn.close()
                if attempt == 2:
                    return 0, str(exc).encode()
            except (OSError, http.client.HTTPException) as exc:
                conn.close()
                return 0, str(exc).encode()
        return 0, b""

    def picture(self, conn, version: int) -> None:
        """The page's <img> for ``version`` (fetched once a version, as the browser does)."""
        if version in self.seen_pictures:
            return
        self.seen_pictures.add(version)
        if self.random.random() >= self.look:
            return  # this phone's picture is scrolled out of view: a lazy <img> asks nothing
        page = self.index if self.game == "railroad-ink" else 0
        started = time.perf_counter()
        status, raw = self.call(conn, "GET", f"/api/rooms/{self.room}/picture.svg?page={page}&lang=en&v={version}")
        self.pictures.append((time.perf_counter() - started) * 1000)
        if status != 200:
            self.errors.append(f"picture {status} {raw[:120]!r}")

    def run(self, stop: threading.Event) -> None:
        conn = self.connect()
        watcher = None
        if self.push:
            watcher = threading.Thread(target=self.watch, args=(stop,), daemon=True)
            watcher.start()
        step = 0
        next_change = time.monotonic() + self.random.uniform(0, self.think)
        next_poll = time.monotonic() + self.random.uniform(0, self.poll)
        while not stop.is_set():
            now = time.monotonic()
            if not self.push and now >= next_poll:
                next_poll = now + self.poll
                status, raw = self.call(conn, "GET", f"/api/rooms/{self.room}?lang=en")
                self.polls += 1
                if status != 200:
                    self.errors.append(f"poll {status}")
                    continue
                version = json.loads(raw)["room"]["version"]
                with self.lock:
                    newer = version > self.version
                    if newer:
                        self.version = version
                if newer:
                    self.picture(conn, version)
                continue
            if now >= next_change:
                next_change = now + self.think * self.random.uniform(0.5, 1.5)
                part = self.plan[step % len(self.plan)]
                step += 1
                with self.lock:
                    version = self.version
                started = time.perf_counter()
                status, raw = self.call(conn, "POST", f"/api/rooms/{self.room}/changes?phone={self.tag}&lang=en",
                                        {"version": version, "parts": {f"player:{self.player}": part}})
                self.changes.append((time.perf_counter() - started) * 1000)
                if status != 200:
                    self.errors.append(f"change {status} {raw[:160]!r}")
                    continue
                self.last_sent = part
                answered = json.loads(raw)["room"]["version"]
                with self.lock:
                    self.version = max(self.version, answered)
                self.picture(conn, answered)
                continue
            stop.wait(min(next_change, next_poll if not self.push else next_change) - now)
        conn.close()

    def watch(self, stop: threading.Event) -> None:
        """The page's push channel: a long poll answered when the room passes the version shown."""
        conn = self.connect()
        pictures = self.connect()
        while not stop.is_set():
            with self.lock:
                version = self.version
            status, raw = self.call(conn, "GET", f"/api/rooms/{self.room}?after={version}&phone={self.tag}&lang=en")
            self.polls += 1
            if stop.is_set():
                break
            if status != 200:
                self.errors.append(f"push {status} {raw[:120]!r}")
                time.sleep(1)
                continue
            seen = json.loads(raw)["room"]["version"]
            with self.lock:
                newer = seen > self.version
                if newer:
                    self.version = seen
            if newer:
                self.picture(pictures, seen)
        conn.close()
        pictures.close()


def plans(game: str, index: int, seed: int) -> list:
    """The successive parts one phone sends."""
    if game == "railroad-ink":
        from railprint.games.railroad_ink import parse_file

        boards = [parse_file(RULEBOOK)] + [b for b in typical().values() if sum(not c.empty for _, _, c in b.cells()) >= 8]
        board = boards[seed % len(boards)]
        tokens = ["." if c.empty else c.token for _, _, c in board.cells()]
        order = [i for i, token in enumerate(tokens) if token != "."]
        random.Random(seed).shuffle(order)  # each phone fills its sheet in its own order
        cells, out = ["."] * 49, []
        for i in order:
            cells[i] = tokens[i]
            out.append({"cells": list(cells)})
        out.append({"cells": ["."] * 49})  # a new sheet
        return out
    from railprint.games.ticket_to_ride.maps import load_map

    routes = [r for i, r in enumerate(load_map("italy").route) if i % 4 == index]
    held, out = [], []
    for route in routes * 2:
        if route in held:
            held.remove(route)
        else:
            held.append(route)
        if len(held) > 10:
            held.pop(0)
        out.append({"routes": list(held), "tickets": []})
    return out


def make_rooms(data: str, tables: int) -> list[tuple[str, str]]:
    """The tables' rooms, made in the data folder before the server starts (one client may only
    start so many rooms at once through the API)."""
    from railprint.registry import find_game, web_page
    from railprint.serve.rooms import Store

    store = Store(Path(data))
    rooms = []
    for t in range(tables):
        game, setup = ("railroad-ink", {}) if t % 2 == 0 else ("ticket-to-ride", {"map": "italy"})
        parts = web_page(find_game(game)).new_room(list(PLAYERS), setup)
        rooms.append((store.create(game, f"table {t + 1}", parts).id, game))
    store.close()
    return rooms


def warm(server: Server, rooms: list[tuple[str, str]], workers: int = 1) -> None:
    """Each game scored and drawn once (by every worker: a new connection each time goes to one
    of them), then wait until the server's CPU settles (its warm-up thread loads fonts, scorers
    and board layouts): only the hall's own work is measured."""
    for _ in range(4 * workers):
        for room, _ in rooms[:2]:
            conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=300)
            conn.request("GET", f"/api/rooms/{room}/picture.svg?page=0&lang=en")
            conn.getresponse().read()
            conn.close()
    last = tree_cpu(server.process.pid)
    for _ in range(120):
        time.sleep(1)
        now = tree_cpu(server.process.pid)
        if now - last < 0.05:
            return
        last = now


def load_average() -> float:
    return float(Path("/proc/loadavg").read_text().split()[0])


def run(tables: int, args: argparse.Namespace) -> dict:
    """One hall of ``tables`` tables measured for ``args.seconds``: its figures (see :func:`report`)."""
    with tempfile.TemporaryDirectory() as data:
        rooms = make_rooms(data, tables)
        server = Server(data, args.server.split() + (["--workers", str(args.workers)] if args.workers > 1 else []))
        try:
            warm(server, rooms, args.workers)
            phones = [Phone(server.port, room, game, player, i, plans(game, i, t * 4 + i), args.think, args.push,
                            args.poll, seed=t * 4 + i, look=args.look)
                      for t, (room, game) in enumerate(rooms) for i, player in enumerate(PLAYERS)]
            stop = threading.Event()
            threads = [threading.Thread(target=p.run, args=(stop,), daemon=True) for p in phones]
            spy = None
            if args.spy:
                # --gil: only the samples holding the GIL, i.e. where the server's CPU goes (without it
                # the threads waiting for the GIL, a lock or a disk flush fill the profile)
                spy = subprocess.Popen(["py-spy", "record", "--nonblocking", "--gil", "--subprocesses", "-r", "50",
                                        "-f", "raw", "-d", str(int(args.seconds)), "-o", args.spy,
                                        "-p", str(server.process.pid)],
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            load0, cpu0, wall0 = load_average(), tree_cpu(server.process.pid), time.perf_counter()
            sys0 = tree_cpu(server.process.pid, "sys")
            phones_cpu0 = time.process_time()
            for thread in threads:
                thread.start()
            time.sleep(args.seconds)
            stop.set()
            for thread in threads:
                thread.join(150)
            cpu, wall = tree_cpu(server.process.pid) - cpu0, time.perf_counter() - wall0
            system = tree_cpu(server.process.pid, "sys") - sys0
            phones_cpu = time.process_time() - phones_cpu0
            if spy is not None:
                spy.wait()
            load1 = load_average()
            lost = 0
            conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=120)
            for room, _ in rooms:
                conn.request("GET", f"/api/rooms/{room}")
                parts = json.loads(conn.getresponse().read())["room"]["parts"]
                for phone in phones:
                    if phone.room == room and phone.last_sent is not None and parts[f"player:{phone.player}"] != phone.last_sent:
                        lost += 1
        finally:
            server.stop()
    machine = machine_speed(3) / REFERENCE_CPU  # right after the hall: how busy the machine was then
    return {"tables": tables, "workers": args.workers, "machine": machine, "changes": [t for p in phones for t in p.changes],
            "pictures": [t for p in phones for t in p.pictures], "errors": [e for p in phones for e in p.errors],
            "polls": sum(p.polls for p in phones), "cpu": cpu, "sys": system, "phones_cpu": phones_cpu, "wall": wall, "lost": lost, "load": (load0, load1)}


def summary(hall: dict) -> str:
    """The one line the lead compares: tables, changes, CPU a change, change p50/p99, errors and
    lost changes, the load average while it ran (the p99 is wall time: it means little on a busy
    machine) and the machine factor right after it (cputime.machine_speed: 1.5x, the CPU times
    of a busy machine are 1.5x the quiet one's)."""
    changes = hall["changes"]
    return (f"SUMMARY tables {hall['tables']:3d}  workers {hall['workers']}  changes {len(changes):5d}  "
            f"cpu/change {hall['cpu'] / max(len(changes), 1) * 1000:5.1f} ms  change p50 {pct(changes, 50):6.1f} ms "
            f"p99 {pct(changes, 99):7.1f} ms  picture p99 {pct(hall['pictures'], 99):7.1f} ms  "
            f"server {hall['cpu'] / hall['wall']:.2f} cores  errors {len(hall['errors'])} lost {hall['lost']}  "
            f"load {hall['load'][0]:.1f}->{hall['load'][1]:.1f}  machine {hall['machine']:.2f}x")


def report(hall: dict, args: argparse.Namespace) -> None:
    changes, pictures, errors, cpu, wall = hall["changes"], hall["pictures"], hall["errors"], hall["cpu"], hall["wall"]
    mode = ("push (long poll)" if args.push else f"polls every {args.poll:g} s") + f", pictures of {args.look:.0%} of the versions seen"
    print(f"hall: {hall['tables']} tables x 4 phones, a change every ~{args.think:g} s a phone, {mode}, "
          f"{args.seconds:g} s; server {args.server or '(defaults)'}, {args.workers} worker process(es)")
    print(f"  changes {len(changes)} ({len(changes) / wall:.1f}/s), pictures {len(pictures)}, polls {hall['polls']}")
    print(f"  change  p50 {pct(changes, 50):7.1f} ms  p99 {pct(changes, 99):7.1f} ms  max {max(changes, default=0):7.1f} ms")
    print(f"  picture p50 {pct(pictures, 50):7.1f} ms  p99 {pct(pictures, 99):7.1f} ms  max {max(pictures, default=0):7.1f} ms")
    print(f"  server CPU (every process of it) {cpu:.1f} s in {wall:.1f} s wall = {cpu / max(len(changes), 1) * 1000:.1f} ms a change "
          f"(polls and pictures included; of it the kernel's, sys, {hall['sys'] / max(len(changes), 1) * 1000:.1f} ms); "
          f"the phones (this process) {hall['phones_cpu']:.1f} s")
    load0, load1 = hall["load"]
    print(f"  errors {len(errors)}, lost changes {hall['lost']}; load average {load0:.1f} -> {load1:.1f} "
          f"on {os.cpu_count()} cores" + (f"; first error: {errors[0]}" if errors else ""))
    print(summary(hall), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", default="30", help="tables of the hall; several, comma-separated "
                        "(4,10,20,30,40), step the hall up and stop after the first whose change p99 passes --p99 "
                        "or that has an error or a lost change: how many tables the server holds")
    parser.add_argument("--p99", type=float, default=150.0, help="the change p99 (ms) a hall must keep (with "
                        "several --tables)")
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--think", type=float, default=2.0, help="mean seconds between one phone's changes")
    parser.add_argument("--poll", type=float, default=2.0, help="the page's poll period (without --push)")
    parser.add_argument("--polls", action="store_true", help="polls every --poll seconds instead of the page's "
                        "long poll (push)")
    parser.add_argument("--push", action="store_true", help="(the default: the page's long poll)")
    parser.add_argument("--look", type=float, default=0.25,
                        help="share of the versions a phone is scrolled to its picture when they arrive (the page "
                             "asks for the picture only while it is on the screen; 1: every phone always shows it)")
    parser.add_argument("--server", default="", help="extra options for railprint serve")
    parser.add_argument("--workers", type=int, default=1, help="railprint serve --workers N (the server's CPU "
                        "is the sum of its processes)")
    parser.add_argument("--spy", metavar="FILE", help="record the server's stacks while measuring with py-spy "
                        "(pip install py-spy) into FILE (collapsed stacks of the threads holding the GIL: where the "
                        "server's CPU goes; with several --tables, the last hall's)")
    args = parser.parse_args()
    args.push = not args.polls
    try:
        steps = [int(t) for t in args.tables.split(",")]
    except ValueError:
        parser.error("--tables: whole numbers, comma-separated (30, or 4,10,20,30,40)")
    held, lines = None, []
    for tables in steps:
        hall = run(tables, args)
        report(hall, args)
        lines.append(summary(hall))
        if pct(hall["changes"], 99) > args.p99 or hall["errors"] or hall["lost"]:
            break
        held = tables
    if len(steps) > 1:
        print("\n".join(lines))
        print(f"HOLDS {held if held is not None else 'no'} tables with change p99 <= {args.p99:g} ms, no error, "
              f"no lost change (the p99 is wall time: run it on a quiet machine)")


if __name__ == "__main__":
    from cputime import report_machine

    report_machine()
    main()
