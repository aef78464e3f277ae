"""Benchmark: ``railprint serve`` measured from the page, and under a game night's load.

1. Score update, from the page: a headless Chromium (Debian's ``chromium``) opens a room and
   times each change with ``performance.now()`` around the request (POST, the server scores
   the room with the Python scorer, the JSON comes back). Railroad Ink: the typical sheets of
   ``bench_railroad_ink_score.py`` entered one space at a time (every prefix of every sheet);
   adversarial: its adversarial boards, each set at once, compared with the scorer's own time
   for that board (target: the scorer's time + 10 ms). Ticket to Ride: three players claiming a
   Nordic game route by route and ticking tickets. Target p99 <= 50 ms.
   After each game, its scored picture as a phone fetches it after each change (drawn once a
   version; the server's CPU for the picture alone).
   Railroad Ink by taps: a tap on a square (drawing the armed face, or turning the space just
   drawn) until the page shows the new score — the orientations asked, the change sent and
   scored, the page redrawn — for the README's board and typical sheets, copied face by face
   as a player does; with the taps a board took.
2. First page load: bytes the browser receives for a room page (page, scripts, the room JSON,
   the game's faces or map, the scored picture). Target <= 300 kB.
3. Load: a server process and 20 rooms x 4 players, each player a thread drawing its own
   Railroad Ink sheet space by space at once (80 writers on 2 cores); every change carries the
   version its writer last saw, so most are merged. Checked at the end: no error, and every
   room holds exactly every player's last board (no lost change).

    python benchmarks/bench_serve.py [--rooms 20] [--players 4] [--quick]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT))

from bench_railroad_ink_score import adversarial, typical  # noqa: E402

from railprint.games.railroad_ink import score  # noqa: E402

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def tokens(board) -> list[str]:
    return ["." if c.empty else c.token for _, _, c in board.cells()]


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q / 100 * (len(ordered) - 1))))]


def line(title: str, values: list[float]) -> str:
    return (f"{title:<34} n={len(values):<5} p50 {pct(values, 50):6.1f} ms   p99 {pct(values, 99):6.1f} ms   "
            f"max {max(values):6.1f} ms")


def post(base: str, path: str, body: dict) -> tuple[int, dict]:
    request = urllib.request.Request(base + path, json.dumps(body).encode(), {"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=120) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


# the page's own measurement: performance.now() around each change request
TIMED_CHANGES = """async ([room, changes]) => {
  let version = JSON.parse(await (await fetch(`/api/rooms/${room}`)).text()).room.version;
  const times = [];
  for (const parts of changes) {
    const started = performance.now();
    const answer = await fetch(`/api/rooms/${room}/changes`, {method: "POST",
      headers: {"Content-Type": "application/json"}, body: JSON.stringify({version, parts})});
    const data = await answer.json();
    times.push(performance.now() - started);
    if (!answer.ok || data.score.error) throw new Error(JSON.stringify(data).slice(0, 300));
    version = data.room.version;
  }
  return times;
}"""


# a phone's redraw after a change: the scorer's picture of the new version (drawn once a version)
TIMED_PICTURES = """async ([room, changes]) => {
  let version = JSON.parse(await (await fetch(`/api/rooms/${room}`)).text()).room.version;
  const times = [];
  for (const parts of changes) {
    const answer = await fetch(`/api/rooms/${room}/changes`, {method: "POST",
      headers: {"Content-Type": "application/json"}, body: JSON.stringify({version, parts})});
    version = (await answer.json()).room.version;
    const started = performance.now();
    const picture = await fetch(`/api/rooms/${room}/picture.svg?page=0&lang=en&v=${version}`);
    await picture.arrayBuffer();
    times.push(performance.now() - started);
    if (!picture.ok) throw new Error(picture.status);
  }
  return times;
}"""


def picture_cost(page, served: "Server", room: str, changes: list, change_cpu: float, title: str) -> None:
    """The scored picture a phone fetches after each change: its time from the page, and the
    server's CPU for it (each change + picture, less a change's own CPU measured before)."""
    page.evaluate(TIMED_PICTURES, [room, changes[:1]])  # the first picture loads the font
    cpu = served.cpu()
    times = page.evaluate(TIMED_PICTURES, [room, changes])
    cpu = (served.cpu() - cpu) * 1000 / len(times) - change_cpu
    print(line(f"  {title}: its picture (SVG)", times) + f"   server CPU {cpu:.1f} ms a picture")


def page_latency(page, served: "Server", quick: bool) -> None:
    base = served.base
    # Railroad Ink, typical sheets entered space by space
    status, made = post(base, "/api/rooms", {"game": "railroad-ink", "players": ["A"]})
    room = made["room"]["id"]
    page.goto(f"{base}/r/{room}?poll=0&player=A")
    page.wait_for_selector("#total")
    sheets = list(typical().values())[: 6 if quick else 40]
    changes = []
    for board in sheets:
        cells = ["."] * 49
        changes.append({"player:A": {"cells": list(cells)}})
        for i, token in enumerate(tokens(board)):
            if token != ".":
                cells[i] = token
                changes.append({"player:A": {"cells": list(cells)}})
    page.evaluate(TIMED_CHANGES, [room, changes[:60]])  # warm: the first changes load the scorer
    cpu = served.cpu()
    times = page.evaluate(TIMED_CHANGES, [room, changes])
    cpu = (served.cpu() - cpu) * 1000 / len(changes)
    print(line("Railroad Ink, typical (per space)", times) + f"   server CPU {cpu:.1f} ms a change")
    picture_cost(page, served, room, changes[-13:], cpu, "Railroad Ink")

    # Railroad Ink, adversarial boards at once, against the scorer's own time for each
    margins = []
    for name, board in adversarial().items():
        started = time.process_time()
        score(board)
        own = (time.process_time() - started) * 1000
        page.evaluate(TIMED_CHANGES, [room, [{"player:A": {"cells": ["."] * 49}}]])
        cpu = served.cpu()
        runs = page.evaluate(TIMED_CHANGES, [room, [{"player:A": {"cells": tokens(board)}}] * 3])
        cpu = (served.cpu() - cpu) * 1000 / 3
        if not name.startswith("dense random") or quick:
            print(f"  adversarial {name:<24} page {min(runs):6.1f} ms, server CPU {cpu:5.1f} ms a change; "
                  f"scorer alone {own:5.1f} ms: + {cpu - own:5.1f} ms")
        margins.append(cpu - own)
    # /proc counts CPU in 10 ms ticks: 3 changes a board read it to ~3 ms, so the median says more than the max
    print(f"  adversarial: the server's CPU a change is the scorer's + {statistics.median(margins):.1f} ms "
          f"(median; p90 {pct(margins, 90):.1f} ms, max {max(margins):.1f} ms) over {len(margins)} boards "
          f"(target: + 10 ms)")

    # Ticket to Ride: three players claim a Nordic game route by route, then tickets
    from railprint.games.ticket_to_ride import load_map

    m = load_map("nordic")
    players = ["A", "B", "C"]
    status, made = post(base, "/api/rooms", {"game": "ticket-to-ride", "players": players, "setup": {"map": "nordic"}})
    room = made["room"]["id"]
    page.goto(f"{base}/r/{room}?poll=0&player={players[0]}")
    page.wait_for_selector("#total")
    held: dict[str, dict] = {p: {"routes": [], "tickets": []} for p in players}
    taken: set[str] = set()
    changes = []
    routes = [r for r in m.routes]
    for k in range(12 if quick else 15):  # 15 routes each: a full Nordic game of 40 trains
        for p in players:
            route = next(r for r in routes[(k * 7 + players.index(p) * 23) % len(routes):] + routes
                         if r.id not in taken and not set(m.parallels_of(r.id)) & taken)
            taken.add(route.id)
            held[p]["routes"].append(route.id)
            changes.append({f"player:{p}": {"routes": list(held[p]["routes"]), "tickets": list(held[p]["tickets"])}})
    for k, ticket in enumerate(m.tickets[:12]):
        p = players[k % 3]
        held[p]["tickets"].append(ticket.id)
        changes.append({f"player:{p}": {"routes": list(held[p]["routes"]), "tickets": list(held[p]["tickets"])}})
    cpu = served.cpu()
    times = page.evaluate(TIMED_CHANGES, [room, changes])
    cpu = (served.cpu() - cpu) * 1000 / len(changes)
    print(line("Ticket to Ride, Nordic (per claim)", times) + f"   server CPU {cpu:.1f} ms a change")
    undo = [{k: {"routes": v["routes"][:-1], "tickets": v["tickets"]}} for c in changes[-12:] for k, v in c.items()]
    picture_cost(page, served, room, undo, cpu, "Ticket to Ride")


# a tap on a square of the Railroad Ink page until the page shows the score of the change it made
TIMED_TAP = """async (square) => {
  const before = document.body.dataset.version, started = performance.now();
  const shown = new Promise((done) => {
    const watch = new MutationObserver(() => {
      if (document.body.dataset.version !== before) { watch.disconnect(); done(); }
    });
    watch.observe(document.body, {attributes: true, attributeFilter: ["data-version"]});
  });
  document.querySelector(`g.ri-cell[data-square='${square}']`).dispatchEvent(new MouseEvent("click", {bubbles: true}));
  await shown;
  await new Promise((done) => requestAnimationFrame(() => done()));
  return performance.now() - started;
}"""


def page_taps(page, served: "Server", quick: bool) -> None:
    """Railroad Ink entered by taps on the page (a face, then its squares; a square again to turn)."""
    from collections import defaultdict

    from railprint.games.railroad_ink import parse_file
    from railprint.games.railroad_ink.board import square
    from railprint.games.railroad_ink.notation import parse_token
    from railprint.games.railroad_ink.web import _orientations, faces

    base = served.base
    readme = parse_file(ROOT / "tests/data/railroad_ink/cases/rulebook_example.txt")
    sheets = [readme] + list(typical().values())[: 4 if quick else 23]
    offered = [f["token"] for f in faces({"setup": {"expansion": "none"}}, {})["faces"]]
    turns_of = {f: {c.token for c in _orientations(parse_token(f))} for f in offered}
    times, taps = [], []
    # the scored picture each version's page asks for is measured apart (picture_cost): here
    # only what a tap costs until the score shows
    page.route(lambda url: "/picture.svg" in url, lambda route: route.fulfill(status=204, body=""))
    cpu = served.cpu()
    for start in range(0, len(sheets), 8):
        group = sheets[start:start + 8]
        players = [f"P{n + 1}" for n in range(len(group))]
        status, made = post(base, "/api/rooms", {"game": "railroad-ink", "players": players})
        room = made["room"]["id"]
        page.goto(f"{base}/r/{room}?poll=0&player={players[0]}")
        page.wait_for_selector(".ri-faces button[data-face='h.h.']")
        for player, board in zip(players, group):
            page.locator(f"button[data-player='{player}']").click()
            page.wait_for_selector(f"button[data-player='{player}'][aria-pressed='true']")
            by_face = defaultdict(list)
            for r, c, cell in board.cells():
                face = next((f for f in offered if cell.token in turns_of[f]), None)
                if not cell.empty and face is not None:
                    by_face[face].append((square(r, c), cell.token))
            count = 0
            for face, spaces in by_face.items():
                page.locator(f".ri-faces button[data-face='{face}']").click()
                page.wait_for_selector(f".ri-faces button[data-face='{face}'][aria-pressed='true']")
                count += 1
                for where, token in spaces:
                    cell = f"g.ri-cell[data-square='{where}']"
                    for _ in range(9):
                        times.append(page.evaluate(TIMED_TAP, where))
                        count += 1
                        if page.locator(cell).get_attribute("data-token") == token:
                            break
            taps.append(count)
    cpu = (served.cpu() - cpu) * 1000 / len(times)   # includes opening the rooms' pages
    page.unroute_all()
    print(line("Railroad Ink by taps (tap -> score)", times) + f"   server CPU {cpu:.1f} ms a tap; "
          f"README board {taps[0]} taps; typical sheets {statistics.median(taps[1:]):.0f} taps median (max {max(taps[1:])})")


def page_latency_tiles(page, served: "Server", quick: bool) -> None:
    """Days of Steam: a whole 92-tile map entered tile by tile (the set's tiles and cities in a
    random order on a 10 x 10 grid, each change the map so far); Jedzie pociąg z daleka: random
    legal frames entered tile by tile. Each change also costs the page its scored picture
    (``picture.svg``), timed by the server's CPU."""
    import random

    from railprint.games.allers_trains.replay import random_game
    from railprint.games.days_of_steam.notation import SET_COUNTS

    rng = random.Random(7)
    status, made = post(served.base, "/api/rooms", {"game": "days-of-steam", "players": ["A", "B"]})
    room = made["room"]["id"]
    page.goto(f"{served.base}/r/{room}?poll=0&player=A")
    page.wait_for_selector("#total")
    bag = [(code, flag) for (code, flag), n in SET_COUNTS.items() for _ in range(n)] + [("city", c) for c in "RGYB" * 3]
    changes = []
    for _ in range(1 if quick else 3):
        rng.shuffle(bag)
        squares = [(r, c) for r in range(10) for c in range(10)]
        rng.shuffle(squares)
        grid = [["."] * 10 for _ in range(10)]
        for (r, c), (code, flag) in zip(squares, bag):
            grid[r][c] = flag if code == "city" else f"{code}{rng.randrange(4)}{flag}"
            changes.append({"map": {"rows": [row[:] for row in grid]}})
    cpu = served.cpu()
    times = page.evaluate(TIMED_CHANGES, [room, changes])
    cpu = (served.cpu() - cpu) * 1000 / len(changes)
    print(line("Days of Steam, map (per tile)", times) + f"   server CPU {cpu:.1f} ms a change")
    pictures = 10
    cpu = served.cpu()
    for _ in range(pictures):
        with urllib.request.urlopen(f"{served.base}/api/rooms/{room}/picture.svg?page=0") as answer:
            size = len(answer.read())
    print(f"  its scored picture, 92 tiles: {(served.cpu() - cpu) * 1000 / pictures:.0f} ms server CPU, {size // 1024} kB")

    status, made = post(served.base, "/api/rooms", {"game": "allers-trains", "players": ["A"],
                                                    "setup": {"mode": "route+stations", "entry": "frames"}})
    room = made["room"]["id"]
    page.goto(f"{served.base}/r/{room}?poll=0&player=A")
    page.wait_for_selector("#total")
    changes = []
    for seed in range(10 if quick else 40):
        _, lines = random_game(random.Random(seed))
        frame = [{"square": sq, "tile": t, "rotation": int(r)} for sq, t, r in (x.split() for x in lines)]
        changes += [{"player:A": {"frame": frame[:k]}} for k in range(len(frame) + 1)]
    cpu = served.cpu()
    times = page.evaluate(TIMED_CHANGES, [room, changes])
    cpu = (served.cpu() - cpu) * 1000 / len(changes)
    print(line("Jedzie pociąg z daleka, frame (per tile)", times) + f"   server CPU {cpu:.1f} ms a change")


def page_weight(browser, base: str) -> None:
    for game, setup in (("railroad-ink", {}), ("ticket-to-ride", {"map": "nordic"})):
        status, made = post(base, "/api/rooms", {"game": game, "players": ["A", "B"], "setup": setup})
        page = browser.new_page(viewport={"width": 360, "height": 740})
        sizes: dict[str, int] = {}

        def seen(response, sizes=sizes):
            try:
                sizes[response.url] = len(response.body())
            except Exception:  # noqa: BLE001 - a redirect or an aborted request has no body
                pass

        page.on("response", seen)
        page.goto(f"{base}/r/{made['room']['id']}?poll=0&player=A", wait_until="networkidle")
        page.wait_for_selector("#total")
        page.wait_for_timeout(300)
        total = sum(sizes.values())
        biggest = sorted(sizes.items(), key=lambda kv: -kv[1])[:3]
        print(f"first load, {game:<15} {total / 1000:6.1f} kB in {len(sizes)} responses (target <= 300 kB); "
              "largest: " + ", ".join(f"{re.sub(r'^https?://[^/]+', '', u).split('?')[0]} {n / 1000:.1f} kB"
                                      for u, n in biggest))
        page.close()


class Server:
    """``railprint serve`` in its own process on loopback (its CPU time read from /proc)."""

    def __init__(self, data: str):
        self.process = subprocess.Popen([sys.executable, "-m", "railprint", "serve", "--port", "0", "--data", data],
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for text in self.process.stdout:
            match = re.search(r"open (http://127\.0\.0\.1:\d+)/", text)
            if match:
                self.base = match.group(1)
                break
        time.sleep(3)  # the server warms up (font, scorers, board layouts) in a thread

    def cpu(self) -> float:
        return _cpu(self.process.pid)

    def stop(self) -> None:
        self.process.send_signal(signal.SIGINT)
        self.process.wait(30)


def load(rooms: int, players: int, quick: bool) -> None:
    with tempfile.TemporaryDirectory() as data:
        served = Server(data)
        server, base = served.process, served.base
        try:
            boards = list(typical().values())
            room_ids = []
            for k in range(rooms):
                status, made = post(base, "/api/rooms", {"game": "railroad-ink",
                                                         "players": [f"P{i}" for i in range(players)]})
                room_ids.append(made["room"]["id"])
            times: list[float] = []
            failures: list[str] = []
            merged = [0]
            final: dict[tuple[str, str], list[str]] = {}
            lock = threading.Lock()
            start_gate = threading.Barrier(rooms * players)

            def writer(room: str, player: str, board) -> None:
                cells = ["."] * 49
                version = 0
                start_gate.wait()
                for i, token in enumerate(tokens(board)):
                    if token == "." or (quick and i > 20):
                        continue
                    cells[i] = token
                    started = time.perf_counter()
                    status, body = post(base, f"/api/rooms/{room}/changes",
                                        {"version": version, "parts": {f"player:{player}": {"cells": list(cells)}}})
                    spent = (time.perf_counter() - started) * 1000
                    with lock:
                        times.append(spent)
                        if status != 200:
                            failures.append(f"{room} {player}: {status} {body.get('error')}")
                            return
                        if body["room"]["version"] != version + 1:
                            merged[0] += 1
                    version = body["room"]["version"]
                with lock:
                    final[room, player] = list(cells)

            threads = [threading.Thread(target=writer, args=(room, f"P{i}", boards[(k * players + i) % len(boards)]))
                       for k, room in enumerate(room_ids) for i in range(players)]
            cpu0 = _cpu(server.pid)
            wall0 = time.perf_counter()
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            wall = time.perf_counter() - wall0
            cpu = _cpu(server.pid) - cpu0
            lost = 0
            for room in room_ids:
                with urllib.request.urlopen(f"{base}/api/rooms/{room}") as answer:
                    parts = json.loads(answer.read())["room"]["parts"]
                for i in range(players):
                    if parts[f"player:P{i}"]["cells"] != final.get((room, f"P{i}")):
                        lost += 1
            print(f"load: {rooms} rooms x {players} players at once: {len(times)} changes in {wall:.1f} s wall, "
                  f"server CPU {cpu:.1f} s ({cpu / max(len(times), 1) * 1000:.1f} ms a change); "
                  f"{merged[0]} made on an older version and merged")
            print(line("  latency under load", times))
            print(f"  errors: {len(failures)}; boards lost: {lost}" + (f"; first error: {failures[0]}" if failures else ""))
        finally:
            served.stop()


def _cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rooms", type=int, default=20)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--quick", action="store_true", help="fewer sheets, for a smoke run")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as data:
        served = Server(data)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
                page = browser.new_page()
                page_taps(page, served, args.quick)
                page_latency(page, served, args.quick)
                page_latency_tiles(page, served, args.quick)
                page_weight(browser, served.base)
                browser.close()
        finally:
            served.stop()
    load(args.rooms, args.players, args.quick)


if __name__ == "__main__":
    from cputime import report_machine

    report_machine()
    main()
