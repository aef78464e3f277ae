"""Benchmark: score Ticket to Ride games with train stations on maps of up to 120 routes.

Target (issue 21): scoring any legal game on a map of <= 120 routes with stations stays under
100 ms (parse the game file + check + choose every station's borrowed route + score), by CPU time.

Maps: seeded random Europe-sized maps (45-50 cities, exactly 120 routes joining near
neighbours, some doubles, lengths 1-8; 46 regular and 6 long tickets; 3 stations per player).
Games: 2-5 players claim connected networks up to 45 trains each (legal: one route per
parallel group and per table), keep 3-8 tickets, and place 0-3 stations in distinct cities.
Adversarial games: 5 players share the whole ticket deck (10 each) and each puts all 3 stations in the cities with
the most routes of other players (the largest borrow search the rules allow).

With --hostile (issue 29): games the map limits allow, built to make the borrow search work
hardest — 100 cities, up to 200 routes, 10 stations a player, up to 5,000 tickets all kept by
the player with the stations: a star (one city holding 198 routes; 4,851 tickets), 10 station
cities each with 9 routes out (10^10 ways to borrow), 6 stations of 11 options whose tickets no
borrowing completes (3 million cheap assignments), 20 players with 5 stations each — each scored
by the whole command in a fresh process; reported: CPU time, peak memory, whether the search was
exact. Limit: 5 s CPU.

    python benchmarks/bench_ttr_stations.py [--maps N] [--games N] [--seed S] [--hostile]
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from railprint.games.ticket_to_ride import load_map_file, score_text  # noqa: E402
from railprint.games.ticket_to_ride.notation import route_entry  # noqa: E402

TARGET = 0.100
COLOURS = ["red", "orange", "yellow", "green", "blue", "pink", "black", "white", "gray"]


def _name(i: int) -> str:
    """City names without digits (a trailing number in a ticket is read as its value)."""
    syllables = ["ka", "lo", "mi", "ne", "ru", "sa", "to", "vi"]
    return "".join(syllables[(i >> (3 * k)) & 7] for k in range(2)).capitalize() + "ville"


def make_map(rnd: random.Random, index: int) -> str:
    n = rnd.randint(45, 50)
    at = [(rnd.random(), rnd.random()) for _ in range(n)]
    pairs = sorted({tuple(sorted((i, j))) for i in range(n)
                    for j in sorted(range(n), key=lambda k: math.dist(at[i], at[k]))[1:6]})
    rnd.shuffle(pairs)
    routes, used = [], set()
    for i, j in pairs:
        if len(routes) >= 120:
            break
        length = max(1, min(8, round(math.dist(at[i], at[j]) * 14)))
        if length == 7:
            length = 8
        count = 2 if rnd.random() < 0.15 and len(routes) < 119 else 1
        for k in range(count):
            routes.append(f"  - {{id: r{len(routes)}, between: [c{i}, c{j}], length: {length}, "
                          f"colour: {COLOURS[(i + j + k) % 9]}}}")
        used |= {i, j}
    cities = "\n".join(f"  - {{id: c{i}, name: {_name(i)}, at: [{x:.4f}, {y:.4f}]}}" for i, (x, y) in enumerate(at))
    tickets = []
    ends = sorted(used)
    ticket_pairs = rnd.sample([(a, b) for a in ends for b in ends if a < b], 52)
    for t, (a, b) in enumerate(ticket_pairs):
        long = t >= 46
        tickets.append(f"  - {{id: t{t}, between: [c{a}, c{b}], points: {rnd.randint(14, 21) if long else rnd.randint(4, 12)}"
                       + (", long: true}" if long else "}"))
    return f"""format: railprint-ttr-map/1
id: bench{index}
name: {{en: Bench map {index}}}
players: {{min: 2, max: 5}}
trains_per_player: 45
board: {{aspect: 1.5}}
colours:
""" + "\n".join(f"  {c}: {{hex: '#{(h * 2654435761) % 0xFFFFFF:06x}'{', any: true' if c == 'gray' else ''}}}"
                for h, c in enumerate(COLOURS, 1)) + f"""
route_points: {{1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15, 8: 21}}
scoring:
  longest_path_bonus: {{points: 10}}
  stations: {{per_player: 3, points_unused: 4}}
  tie_breaks: [tickets_completed, fewest_stations_used, longest_path]
parallel_routes:
  claimable_by_players: {{2: 1, 3: 1, 4: all, 5: all}}
play:
  setup_tickets: {{deal: {{long: 1, regular: 3}}, keep_at_least: 2}}
cities:
{cities}
routes:
""" + "\n".join(routes) + "\ntickets:\n" + "\n".join(tickets) + "\n"


def make_game(m, rnd: random.Random, path: Path, adversarial: bool) -> str:
    players = rnd.randint(2, 5) if not adversarial else 5
    free = {r.id for r in m.routes}
    groups_taken: set = set()
    held: list[list[str]] = []
    for _ in range(players):
        mine: list[str] = []
        nodes: set = set()
        trains = 0
        while True:
            cand = [r for r in m.routes if r.id in free and r.pair not in groups_taken
                    and r.pair not in {m.route[x].pair for x in mine} and (not nodes or r.a in nodes or r.b in nodes) and trains + r.length <= 45]
            if not cand:
                break
            r = rnd.choice(cand)
            mine.append(r.id)
            free.discard(r.id)
            if players <= 3:
                groups_taken.add(r.pair)
            nodes |= {r.a, r.b}
            trains += r.length
            if rnd.random() < 0.08 and not adversarial:
                break
        held.append(mine)
    taken_cities: set = set()
    deck = list(m.tickets)
    rnd.shuffle(deck)
    lines = [f"map: '{path}'", "players:"]
    for pi, mine in enumerate(held):
        others = {rid for pj, h in enumerate(held) if pj != pi for rid in h}
        if adversarial:
            tickets = [deck.pop() for _ in range(len(m.tickets) // players)]
            ranked = sorted(m.city, key=lambda c: -sum(rid in others for rid in m.routes_at_city[c]))
            stations = [c for c in ranked if c not in taken_cities][:3]
        else:
            tickets = [deck.pop() for _ in range(rnd.randint(3, 8))]
            stations = [c for c in rnd.sample(sorted(m.city), 3) if c not in taken_cities][:rnd.randint(0, 3)]
        taken_cities |= set(stations)
        lines.append(f"  - name: P{pi}")
        lines.append("    routes: [" + ", ".join(f"'{route_entry(m, r)}'" for r in mine) + "]")
        lines.append("    tickets: [" + ", ".join(f"'{m.place_name(t.a)} - {m.place_name(t.b)}'" for t in tickets) + "]")
        lines.append("    stations: [" + ", ".join(f"'{m.place_name(c)}'" for c in stations) + "]")
    return "\n".join(lines) + "\n"


def _city(i: int) -> str:
    return f"C{chr(65 + i // 26)}{chr(65 + i % 26)}x"


def hostile_map(stations: int, fan: int, chain: bool, tickets: int, isolated: int = 0, per_player: int = 10,
                star: bool = False, seed: int = 0) -> tuple[str, list[tuple[int, int]], list[tuple[int, int]]]:
    """A map within the limits: ``stations`` station cities each joined to ``fan`` cities of its
    own (or, ``star``: city 0 joined twice to every other), the station cities chained, cities
    with no route, and ``tickets`` tickets between random pairs."""
    rnd = random.Random(seed)
    if star:
        routes = [(0, i) for i in range(1, 100) for _ in range(2)]
        cities = 100
    else:
        routes = [(s, stations + s * fan + k) for s in range(stations) for k in range(fan)]
        routes += [(s, s + 1) for s in range(stations - 1)] if chain else []
        cities = stations + stations * fan + isolated
    routes = routes[:200]
    pairs = [(i, j) for i in range(cities) for j in range(i + 1, cities)]
    if isolated:   # tickets from the far cities to the cities no route reaches
        pairs = [(i, j) for i in range(stations, cities - isolated) for j in range(cities - isolated, cities)]
    rnd.shuffle(pairs)
    chosen = sorted(pairs[:tickets])
    text = f"""format: railprint-ttr-map/1
id: hostile
name: {{en: Hostile}}
players: {{min: 2, max: 20}}
trains_per_player: 45
board: {{aspect: 1.0}}
colours:
  gray: {{hex: '#9e9e9e', any: true}}
route_points: {{1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15, 8: 21}}
scoring:
  longest_path_bonus: {{points: 10}}
  stations: {{per_player: {per_player}, points_unused: 4}}
  tie_breaks: [tickets_completed, fewest_stations_used, longest_path]
parallel_routes:
  claimable_by_players: {{{", ".join(f"{n}: all" for n in range(2, 21))}}}
cities:
""" + "\n".join(f"  - {{id: c{i}, name: {_city(i)}, at: [{(i % 10) / 10 + 0.05:.2f}, {(i // 10) / 10 + 0.05:.2f}]}}"
               for i in range(cities)) + "\nroutes:\n" + "\n".join(
        f"  - {{id: r{k}, between: [c{a}, c{b}], length: 1, colour: gray}}" for k, (a, b) in enumerate(routes)) \
        + "\ntickets:\n" + "\n".join(f"  - {{id: t{k}, between: [c{a}, c{b}], points: {1 + k % 20}}}"
                                      for k, (a, b) in enumerate(chosen)) + "\n"
    return text, routes, chosen


def hostile_game(path: Path, routes, tickets, stations: list[list[int]]) -> str:
    """Player 0.. hold the stations (and every ticket, split), the last player every route."""
    pair = lambda a, b: f"'{_city(a)} - {_city(b)}'"  # noqa: E731
    lines = [f"map: '{path}'", "players:"]
    for n, cities in enumerate(stations):
        share = tickets[n::len(stations)]
        lines += [f"  - name: P{n}", "    routes: []", "    tickets: [" + ", ".join(pair(a, b) for a, b in share) + "]",
                  "    stations: [" + ", ".join(_city(c) for c in cities) + "]"]
    lines += ["  - name: Owner", "    routes: [" + ", ".join(pair(a, b) for a, b in dict.fromkeys(routes)) + "]"]
    return "\n".join(lines) + "\n"


def hostile() -> None:
    import json

    from cputime import measure_cli  # benchmarks/ on the path when run as a script

    cases = {
        "star: 10 stations, 4,851 tickets": (dict(stations=10, fan=0, chain=False, tickets=5000, star=True),
                                              [list(range(10))]),
        "10 stations x 9 routes out, 5,000 t.": (dict(stations=10, fan=9, chain=True, tickets=5000),
                                                 [list(range(10))]),
        "9 stations x 9, unchained": (dict(stations=9, fan=9, chain=False, tickets=4000), [list(range(9))]),
        "6 stations x 11, no ticket completable": (dict(stations=6, fan=11, chain=False, tickets=5000, isolated=28),
                                                   [list(range(6))]),
        "5 stations x 14, 5,000 tickets": (dict(stations=5, fan=14, chain=True, tickets=5000), [list(range(5))]),
        "19 players x 5 stations, chained": (dict(stations=95, fan=0, chain=True, tickets=5000, per_player=5),
                                    [list(range(5 * n, 5 * n + 5)) for n in range(19)]),
    }
    print(f"{'hostile game (2 players unless said)':40} {'CPU s':>6} {'RSS MB':>7}  search")
    worst = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        for name, (shape, stations) in cases.items():
            path = Path(tmp) / "map.yaml"
            text, routes, tickets = hostile_map(**shape)
            path.write_text(text, encoding="utf-8")
            game = Path(tmp) / "game.yaml"
            game.write_text(hostile_game(path, routes, tickets, stations), encoding="utf-8")
            stats, proc = measure_cli(["score", "ticket-to-ride", str(game), "--json"])
            refused = "too many to find the best" in proc.stderr
            if not refused:
                try:
                    json.loads(proc.stdout)
                except ValueError:
                    print(f"{name:40} FAILED: {proc.stderr.strip()[:200]}")
                    worst = float("inf")
                    continue
            print(f"{name:40} {stats['cpu']:6.2f} {stats['rss_mb']:7.1f}  "
                  f"{'refused: past the bound, a located error' if refused else 'exact'}")
            worst = max(worst, stats["cpu"])
    print(f"worst: {worst:.2f} s CPU (limit 5 s): {'OK' if worst <= 5 else 'OVER'}")


def cpu(text: str, repeat: int = 3) -> tuple[float, float, object]:
    best_cpu = best_wall = float("inf")
    result = None
    for _ in range(repeat):
        c, w = time.process_time(), time.perf_counter()
        result = score_text(text, "bench.yaml")
        best_cpu = min(best_cpu, time.process_time() - c)
        best_wall = min(best_wall, time.perf_counter() - w)
    return best_cpu, best_wall, result


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--maps", type=int, default=5)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=21)
    ap.add_argument("--hostile", action="store_true", help="only the hostile games of issue 29")
    args = ap.parse_args()
    if args.hostile:
        hostile()
        return
    rnd = random.Random(args.seed)
    rows = {"typical": [], "adversarial": []}
    worst = {"typical": (0.0, ""), "adversarial": (0.0, "")}
    legal_violations = 0
    bounds = []
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(args.maps):
            path = Path(tmp) / f"bench{i}.yaml"
            path.write_text(make_map(rnd, i), encoding="utf-8")
            m = load_map_file(path)
            assert len(m.routes) == 120, len(m.routes)
            for kind in rows:
                for g in range(args.games if kind == "typical" else max(4, args.games // 5)):
                    text = make_game(m, rnd, path, kind == "adversarial")
                    c, w, result = cpu(text)
                    game = result.games[0]
                    legal_violations += len(game.violations)
                    rows[kind].append((c, w))
                    if c > worst[kind][0]:
                        worst[kind] = (c, f"map {i} game {g}")
                    for p in game.players:
                        placed = [s.city for s in p.stations if s.counted]
                        others = {rid for q in game.players if q is not p for rid in q.routes}
                        bound = 1
                        for city in placed:
                            bound *= sum(rid in others for rid in m.routes_at_city[city]) + 1
                        bounds.append(bound)
    print(f"maps: {args.maps} random maps of 120 routes, 52 tickets (6 long); seed {args.seed}")
    print(f"violations in the generated legal games: {legal_violations}")
    for kind, times in rows.items():
        cpus = sorted(c for c, _ in times)
        walls = sorted(w for _, w in times)
        print(f"{kind:12s} {len(times):4d} games  CPU median {statistics.median(cpus) * 1000:6.1f} ms  "
              f"max {cpus[-1] * 1000:6.1f} ms ({worst[kind][1]})  |  wall median "
              f"{statistics.median(walls) * 1000:6.1f} ms  max {walls[-1] * 1000:6.1f} ms")
    print(f"borrow search bound per player, prod(opponent routes into each station city + 1): "
          f"max {max(bounds)}, median {statistics.median(bounds):.0f}")
    worst_cpu = max(c for times in rows.values() for c, _ in times)
    print(f"target: every game <= {TARGET * 1000:.0f} ms CPU: {'OK' if worst_cpu <= TARGET else 'MISSED'}")


if __name__ == "__main__":
    from cputime import report_machine

    report_machine()
    main()
