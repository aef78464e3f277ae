"""Scoring cases written from the rules: one file per case in tests/data/ticket_to_ride/cases/.

Each case file is a game file, a line ``---``, then the expected breakdown:
``players`` (name -> JSON fields to check), optionally ``routes`` (name -> route ids),
``tickets`` (name -> {ticket: chain of cities, or null for a failed ticket}), ``networks``
(name -> region counts, sorted) and ``violations`` (one substring per expected violation;
the count must match too).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from railprint.games.ticket_to_ride import score_text
from railprint.loading.yamlio import loads

CASES = Path(__file__).resolve().parents[2] / "data" / "ticket_to_ride" / "cases"
FILES = sorted(CASES.glob("*.yaml"))


def _split(path: Path) -> tuple[str, dict]:
    text = path.read_text(encoding="utf-8")
    game, sep, expected = text.partition("\n---\n")
    assert sep, f"{path.name}: no '---' line before the expected breakdown"
    return game + "\n", loads(expected, str(path))


def test_there_are_cases():
    assert len(FILES) >= 20


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_case(path: Path):
    game_text, expected = _split(path)
    result = score_text(game_text, str(path))
    data = result.as_json()
    players = {p["name"]: p for p in data["players"]}
    game = result.games[0]
    scores = {p.name: p for p in game.players}

    for name, fields in (expected.get("players") or {}).items():
        assert name in players, f"no player {name}"
        got = {k: players[name][k] for k in fields}
        assert got == dict(fields), f"{name}"
    for name, ids in (expected.get("routes") or {}).items():
        assert list(scores[name].routes) == list(ids)
    for name, tickets in (expected.get("tickets") or {}).items():
        got = {t["ticket"]: (t["path"] if t["completed"] else None) for t in players[name]["tickets"]}
        for ticket, chain in tickets.items():
            assert ticket in got, f"{name} has no ticket {ticket}: {sorted(got)}"
            assert got[ticket] == (list(chain) if chain is not None else None), f"{name}: {ticket}"
    for name, counts in (expected.get("networks") or {}).items():
        assert sorted(n.count for n in scores[name].networks) == sorted(counts)
    if "violations" in expected:
        messages = [v["message"] for v in data["violations"]]
        assert len(messages) == len(expected["violations"]), messages
        for wanted in expected["violations"]:
            assert sum(wanted in m for m in messages) == 1, (wanted, messages)
    # the total is always the sum of its parts
    for p in data["players"]:
        assert p["total"] == (p["route_points"] + p["ticket_points"] + p["globetrotter"]
                              + p["region_bonus"] + p["longest_path_bonus"])
