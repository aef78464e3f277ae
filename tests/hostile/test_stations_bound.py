"""The Ticket to Ride borrow search is bounded by the work it does (issue 29): a 2-player game
within the map limits — 10 stations, 4,851 tickets — was still searching at 120 s."""

from __future__ import annotations

import importlib.util
import json
import time
from pathlib import Path

import pytest

from railprint.games.ticket_to_ride.stations import OpenTicket, best_borrow
from tests.hostile.common import run

_spec = importlib.util.spec_from_file_location(
    "bench_ttr_stations", Path(__file__).resolve().parents[2] / "benchmarks" / "bench_ttr_stations.py")
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)


@pytest.mark.parametrize("shape, stations", [
    (dict(stations=10, fan=0, chain=False, tickets=5000, star=True), [list(range(10))]),
    (dict(stations=5, fan=14, chain=True, tickets=5000), [list(range(5))]),
], ids=["star", "fan"])
def test_the_hardest_two_player_games_are_refused_in_bounded_time_with_a_clear_error(tmp_path, shape, stations):
    """An exact answer or a clear error (issue 29): past the search's bound the game is refused at
    the player's line, asking for the borrowed routes to be named — never a guess shown as the score."""
    text, routes, tickets = bench.hostile_map(**shape)
    (tmp_path / "map.yaml").write_text(text, encoding="utf-8")
    game = tmp_path / "game.yaml"
    game.write_text(bench.hostile_game(tmp_path / "map.yaml", routes, tickets, stations), encoding="utf-8")
    start = time.process_time()
    result = run("score", "ticket-to-ride", str(game), "--json")
    assert time.process_time() - start < 5
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output and result.stdout == ""
    message = result.output
    assert "ways to borrow routes for the stations, too many to find the best" in message, message
    assert "name the route each station borrows" in message and f"{game}:" in message, message


def test_many_cheap_assignments_are_counted_as_work():
    """3 million assignments whose tickets no borrowing completes: bounded by the work of each
    assignment, not by the count of tickets looked at (that took 6 s)."""
    options = [[(f"s{s}r{k}", f"s{s}", f"f{s}_{k}", 1) for k in range(11)] for s in range(6)]
    tickets = [OpenTicket((f"f{s}_{k}",), (f"x{k}",), 3) for s in range(6) for k in range(11)]
    start = time.process_time()
    found = best_borrow([], options, tickets, budget=2_000_000)
    assert time.process_time() - start < 2
    assert not found.exact and found.work <= 2_000_000 + 1_000
    assert found.chosen == (None,) * 6      # no ticket can be completed: nothing borrowed


def test_the_exact_answer_is_kept_where_the_work_allows_it():
    own = [("o", 0, 1, 1)]
    options = [[(f"s{s}r{k}", 10 + s, 20 + k, 1) for k in range(8)] for s in range(3)]
    tickets = [OpenTicket((0,), (20 + k,), 5) for k in range(8)] + [OpenTicket((10,), (21,), 9)] * 3
    found = best_borrow(own, options, tickets)
    assert found.exact and found.chosen[0] == ("s0r1", 10, 21, 1) and found.work < 100_000
