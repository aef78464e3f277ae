"""Benchmark: the server's CPU for one change of a game-night hall, in-process (no sockets).

The hall of ``bench_serve_hall.py`` without its HTTP and its phones' threads: the serve app
(``create_app``, the same ASGI handlers the server runs) is called directly, one request after
another. Each round, every table's next phone makes its change (the hall's plans: a Railroad
Ink sheet filled space by space, Ticket to Ride Italy routes claimed and given back), the three
other phones' long polls are answered that version (the push), and each of the four phones asks
for the picture of the version with chance ``--look`` (its own Railroad Ink page; the Ticket to
Ride board). What is measured is the CPU (user+sys of this process, ``time.process_time``) a
change, split into the change itself (checking, storing, scoring, encoding the answer), the
pushes and the pictures, per game.

    python benchmarks/bench_serve_change.py [--tables 4] [--rounds 40] [--look 0.25] [--profile FILE]

``--profile FILE`` writes a cProfile of the measured rounds (``python -m pstats FILE``; the
handlers then run in the event loop's thread, not in worker threads, so the profile sees them). The
rounds are the same for the same ``--seed``; the figures are CPU time, so a loaded machine
slows them by its machine factor (printed first, see ``cputime.machine_speed``).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT))

from bench_serve_hall import PLAYERS, plans  # noqa: E402
from cputime import report_machine  # noqa: E402


async def call(app, method: str, path: str, query: str = "", body: dict | None = None) -> tuple[int, bytes]:
    """One request through the whole ASGI app (guard, hot handlers, FastAPI): (status, body)."""
    raw = json.dumps(body).encode() if body is not None else b""
    headers = [(b"host", b"127.0.0.1:8000")]
    if body is not None:
        headers += [(b"content-type", b"application/json"), (b"content-length", str(len(raw)).encode())]
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method,
             "scheme": "http", "path": path, "raw_path": path.encode(), "query_string": query.encode(),
             "headers": headers, "client": ("127.0.0.1", 5000), "server": ("127.0.0.1", 8000), "root_path": ""}
    sent = False
    status, chunks = 0, []

    async def receive():
        nonlocal sent
        if sent:
            await asyncio.sleep(3600)
        sent = True
        return {"type": "http.request", "body": raw, "more_body": False}

    async def send(message):
        nonlocal status
        if message["type"] == "http.response.start":
            status = message["status"]
        elif message["type"] == "http.response.body":
            chunks.append(message.get("body", b""))

    await app(scope, receive, send)
    return status, b"".join(chunks)


async def hall(args: argparse.Namespace) -> dict:
    from railprint.registry import find_game, web_page
    from railprint.serve.app import create_app, warm_up
    from railprint.serve.rooms import Store

    data = tempfile.mkdtemp(prefix="bench-serve-change-")
    store = Store(Path(data))
    app = create_app(store)
    warm_up()
    rng = random.Random(args.seed)
    tables = []
    for t in range(args.tables):
        game, setup = ("railroad-ink", {}) if t % 2 == 0 else ("ticket-to-ride", {"map": "italy"})
        parts = web_page(find_game(game)).new_room(list(PLAYERS), setup)
        room = store.create(game, f"table {t + 1}", parts)
        tables.append({"room": room.id, "game": game, "version": room.version, "turn": 0,
                       "plans": [plans(game, i, args.seed * 100 + t * 4 + i) for i in range(4)],
                       "steps": [0] * 4})
    cpu = {game: {"change": 0.0, "push": 0.0, "picture": 0.0, "changes": 0, "pictures": 0}
           for game in ("railroad-ink", "ticket-to-ride")}

    async def one_round(measure: bool) -> None:
        for table in tables:
            i = table["turn"] % 4
            table["turn"] += 1
            plan = table["plans"][i]
            part = plan[table["steps"][i] % len(plan)]
            table["steps"][i] += 1
            figures = cpu[table["game"]]
            start = time.process_time()
            status, raw = await call(app, "POST", f"/api/rooms/{table['room']}/changes", "lang=en",
                                     {"version": table["version"], "parts": {f"player:{PLAYERS[i]}": part}})
            if status != 200:
                raise SystemExit(f"change {status}: {raw[:200]!r}")
            version = json.loads(raw)["room"]["version"]
            mid = time.process_time()
            for _ in range(3):  # the other phones' long polls, woken by this change
                status, raw = await call(app, "GET", f"/api/rooms/{table['room']}", f"after={table['version']}&lang=en")
                if status != 200:
                    raise SystemExit(f"push {status}: {raw[:200]!r}")
            pushed = time.process_time()
            table["version"] = version
            pictures = 0
            for phone in range(4):
                if rng.random() < args.look:
                    page = phone if table["game"] == "railroad-ink" else 0
                    status, raw = await call(app, "GET", f"/api/rooms/{table['room']}/picture.svg",
                                             f"page={page}&lang=en&v={version}")
                    if status != 200:
                        raise SystemExit(f"picture {status}: {raw[:200]!r}")
                    pictures += 1
            end = time.process_time()
            if measure:
                figures["change"] += mid - start
                figures["push"] += pushed - mid
                figures["picture"] += end - pushed
                figures["changes"] += 1
                figures["pictures"] += pictures

    for _ in range(args.warm):
        await one_round(False)
    profile = None
    if args.profile:
        import cProfile

        import railprint.serve.app as served

        async def inline(pool, function, *args):  # cProfile sees one thread: the handlers run in this one
            return function(*args)
        served.in_thread = inline
        profile = cProfile.Profile(time.process_time)  # CPU, not the waits for the disk
        profile.enable()
    for _ in range(args.rounds):
        await one_round(True)
    if profile is not None:
        profile.disable()
        profile.dump_stats(args.profile)
    store.close()
    return cpu


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=4, help="tables (half Railroad Ink, half Ticket to Ride)")
    parser.add_argument("--rounds", type=int, default=40, help="measured rounds (a change at every table a round)")
    parser.add_argument("--warm", type=int, default=4, help="rounds before measuring")
    parser.add_argument("--look", type=float, default=0.25, help="chance a phone asks for the picture of a version")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", metavar="FILE", help="write a cProfile of the measured rounds")
    args = parser.parse_args()
    speed = report_machine()
    if args.profile:
        # the event loop in a thread of its own, as the server's handlers run: the plugins' signal
        # bookkeeping (main thread only) would fill the profile
        import threading

        box: list = []
        runner = threading.Thread(target=lambda: box.append(asyncio.run(hall(args))))
        runner.start()
        runner.join()
        cpu = box[0]
    else:
        cpu = asyncio.run(hall(args))
    gc.collect()
    total_cpu = total_changes = 0
    for game, f in cpu.items():
        n = max(1, f["changes"])
        whole = f["change"] + f["push"] + f["picture"]
        total_cpu += whole
        total_changes += f["changes"]
        print(f"{game:15s} {f['changes']:4d} changes  a change {1000 * whole / n:6.2f} ms = change "
              f"{1000 * f['change'] / n:5.2f} + pushes {1000 * f['push'] / n:5.2f} + pictures "
              f"{1000 * f['picture'] / n:5.2f} ({f['pictures']} pictures, {1000 * f['picture'] / max(1, f['pictures']):.2f} ms each)")
    print(f"SUMMARY cpu/change {1000 * total_cpu / max(1, total_changes):.2f} ms "
          f"(÷ machine {1000 * total_cpu / max(1, total_changes) / speed:.2f} ms)  machine {speed:.2f}x")


if __name__ == "__main__":
    main()
