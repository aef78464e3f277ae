"""Benchmark: score Ticket to Ride games, including adversarial ones for the longest trail.

Target (issue 5): any legal end state scores in <= 0.2 s per game, including a player holding
45 trains of short routes in one dense cluster.

The adversary: seeded random dense clusters of short routes (length <= 3, connected, up to 45
trains, preferring routes between cities already held), many per map; the slowest ones are
kept and each is scored in full (parse the game file + check + score) several times, the best
run counting. "legal" clusters hold at most one route per parallel group (the rules' limit);
"parallels" clusters may hold both (illegal but still scored, a harder multigraph). Also
timed: typical full games, and a baseline: plain exhaustive trail enumeration (no pruning,
no decomposition) on the hardest clusters, stopped after a time cap.

    python benchmarks/bench_ttr_score.py [--clusters N] [--seed S] [--cap SECONDS]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from railprint.games.ticket_to_ride import format_game, load_map, score_text  # noqa: E402
from railprint.games.ticket_to_ride.graph import longest_trail  # noqa: E402

TARGET = 0.2


def cluster(m, rnd: random.Random, allow_parallels: bool, max_len: int = 3) -> list[str]:
    short = [r for r in m.routes if r.length <= max_len and r.a in m.city and r.b in m.city]
    first = rnd.choice(short)
    chosen, nodes, pairs, trains = [first], {first.a, first.b}, {first.pair}, first.length
    while True:
        cand = [r for r in short if r not in chosen and (allow_parallels or r.pair not in pairs)
                and (r.a in nodes or r.b in nodes) and trains + r.length <= m.trains_per_player]
        if not cand:
            return [r.id for r in chosen]
        dense = [r for r in cand if r.a in nodes and r.b in nodes]
        r = rnd.choice(dense if dense and rnd.random() < 0.6 else cand)
        chosen.append(r)
        nodes |= {r.a, r.b}
        pairs.add(r.pair)
        trains += r.length


def time_game(text: str, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.process_time()
        score_text(text, "bench.yaml")
        best = min(best, time.process_time() - t)
    return best


def naive_trail(edges, cap: float) -> tuple[int, float, bool]:
    """Every trail from every vertex, no pruning; stops after ``cap`` seconds."""
    adj: dict = {}
    for i, (_, u, v, w) in enumerate(edges):
        adj.setdefault(u, []).append((1 << i, v, w))
        adj.setdefault(v, []).append((1 << i, u, w))
    best, start, stopped = 0, time.process_time(), False
    count = 0

    def walk(x, used, length):
        nonlocal best, stopped, count
        count += 1
        if count % 4096 == 0 and time.process_time() - start > cap:
            stopped = True
        if stopped:
            return
        best = max(best, length)
        for bit, y, w in adj[x]:
            if not used & bit:
                walk(y, used | bit, length + w)

    for x in list(adj):
        walk(x, 0, 0)
    return best, time.process_time() - start, stopped


def typical_game(m, rnd: random.Random, players: int) -> str:
    """Players claim random free routes until their trains run out; 3-5 tickets each."""
    free = [r.id for r in m.routes]
    rnd.shuffle(free)
    hands = []
    for p in range(players):
        trains, mine, pairs = 0, [], set()
        for rid in list(free):
            r = m.route[rid]
            if trains + r.length <= m.trains_per_player and r.pair not in pairs:
                mine.append(rid)
                pairs.add(r.pair)
                trains += r.length
                free.remove(rid)
                for other in m.parallel_groups[r.pair]:
                    if other in free and (m.parallel.limit(players) or 99) <= 1:
                        free.remove(other)
            if trains >= m.trains_per_player - 2:
                break
        tickets = rnd.sample([t.id for t in m.tickets], rnd.randint(3, 5))
        hands.append((f"P{p + 1}", mine, tickets))
    return format_game(m.id, hands, m)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clusters", type=int, default=400, help="random clusters per map and kind")
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--cap", type=float, default=2.0, help="time cap of the naive baseline per cluster (s)")
    ap.add_argument("--baseline", type=int, default=40, help="clusters per map and kind for the baseline")
    args = ap.parse_args()

    worst_overall = 0.0
    print(f"Ticket to Ride scoring benchmark (seed {args.seed}, {args.clusters} clusters per map and kind)")
    hardest = []
    for kind in ("legal", "parallels"):
        for name in ("nordic", "italy"):
            m = load_map(name)
            rnd = random.Random(f"{args.seed}-{name}-{kind}")
            trail_times = []
            for _ in range(args.clusters):
                routes = cluster(m, rnd, kind == "parallels")
                edges = [(rid, m.route[rid].a, m.route[rid].b, m.route[rid].length) for rid in routes]
                t = time.process_time()
                longest_trail(edges)
                trail_times.append((time.process_time() - t, routes, edges))
            trail_times.sort(key=lambda x: -x[0])
            retimed = []
            for _, routes, edges in trail_times[:30]:   # re-time the candidates: best of 3
                best = float("inf")
                for _ in range(3):
                    t = time.process_time()
                    longest_trail(edges)
                    best = min(best, time.process_time() - t)
                retimed.append((best, routes, edges))
            retimed.sort(key=lambda x: -x[0])
            slowest = retimed[:10]
            game_times = []
            for _, routes, _ in slowest:
                text = format_game(name, [("Ala", routes, []), ("Bartek", [], [])], m)
                game_times.append(time_game(text))
            worst = max(game_times)
            if kind == "legal":
                worst_overall = max(worst_overall, worst)
            hardest.append((name, kind, slowest[0][2]))
            trains = sum(m.route[r].length for r in slowest[0][1])
            print(f"  {name:6} {kind:9}: longest trail over {len(trail_times)} clusters: "
                  f"median {statistics.median(t for t, _, _ in trail_times) * 1e3:6.2f} ms, "
                  f"max {slowest[0][0] * 1e3:6.2f} ms; full scoring of the 10 hardest: "
                  f"max {worst * 1e3:6.2f} ms (hardest: {len(slowest[0][1])} routes, {trains} trains)")

    for name, players in (("nordic", 3), ("italy", 5)):
        m = load_map(name)
        rnd = random.Random(f"{args.seed}-typical-{name}")
        times = [time_game(typical_game(m, rnd, players)) for _ in range(20)]
        print(f"  typical {name} game, {players} players: median {statistics.median(times) * 1e3:.2f} ms, "
              f"max {max(times) * 1e3:.2f} ms ({1 / statistics.median(times):.0f} games/s)")

    print(f"  baseline: exhaustive trail enumeration (no pruning, cap {args.cap:g} s per cluster) "
          f"on {args.baseline} clusters per map and kind:")
    for name, kind, _ in hardest:
        m = load_map(name)
        rnd = random.Random(f"{args.seed}-baseline-{name}-{kind}")
        ours_total = naive_total = 0.0
        worst_naive = (0.0, 0.0, False)
        capped = 0
        for _ in range(args.baseline):
            routes = cluster(m, rnd, kind == "parallels")
            edges = [(rid, m.route[rid].a, m.route[rid].b, m.route[rid].length) for rid in routes]
            t = time.process_time()
            ours = longest_trail(edges)
            ours_t = time.process_time() - t
            value, spent, stopped = naive_trail(edges, args.cap)
            assert stopped or value == ours, (value, ours)
            capped += stopped
            ours_total += ours_t
            naive_total += spent
            if spent > worst_naive[0]:
                worst_naive = (spent, ours_t, stopped)
        more = ">" if capped else ""
        print(f"    {name:6} {kind:9}: railprint {ours_total * 1e3:8.1f} ms, naive {more}{naive_total * 1e3:9.1f} ms "
              f"({capped} capped), ratio {more}{naive_total / ours_total:.0f}x; naive's hardest: "
              f"{more if worst_naive[2] else ''}{worst_naive[0] * 1e3:.1f} ms vs {worst_naive[1] * 1e3:.2f} ms")

    verdict = "OK" if worst_overall <= TARGET else "TOO SLOW"
    print(f"worst legal game: {worst_overall * 1e3:.2f} ms (target <= {TARGET * 1e3:.0f} ms): {verdict}")


if __name__ == "__main__":
    from cputime import report_machine

    report_machine()
    main()
