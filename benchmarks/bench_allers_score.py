"""Benchmark: score Jedzie pociąg z daleka games given as finished frames (parse + replay of
every round + scoring) and print milliseconds per game.

Games: 200 seeded random legal 4-player games (each frame played until it is full or no
locomotive waits: up to 15 rounds per player), written as game files and scored from text.

    python benchmarks/bench_allers_score.py [--games N] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from railprint.games.allers_trains import score_text
from railprint.games.allers_trains.replay import random_game


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    texts = []
    for _ in range(args.games):
        frames = {name: random_game(rng)[1] for name in ("Ala", "Bartek", "Celina", "Dawid")}
        texts.append("mode: route+stations\nframes:\n" + "".join(
            f"  {name}: [{', '.join(placed)}]\n" for name, placed in frames.items()))
    score_text(texts[0], "warm-up.yaml")  # the first call imports the scorer's modules
    times = []
    for text in texts:
        start = time.process_time()
        score_text(text, "bench.yaml").as_json()
        times.append((time.process_time() - start) * 1000)
    print(f"{len(times)} four-player games from frames: mean {statistics.mean(times):.2f} ms, "
          f"median {statistics.median(times):.2f} ms, 95th percentile "
          f"{statistics.quantiles(times, n=20)[-1]:.2f} ms, max {max(times):.2f} ms")


if __name__ == "__main__":
    from cputime import report_machine

    report_machine()
    main()
