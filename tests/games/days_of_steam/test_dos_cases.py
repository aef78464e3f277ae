"""Scoring cases written from the rules: one file per case in tests/data/days_of_steam/cases/.

Each case file is a game file, a line ``---``, then what is expected: ``players`` (name -> JSON
fields to check), ``winner``, ``end``, ``map`` (fields of the JSON ``map`` object),
``circuits`` (the cities of each circuit found, as squares), ``violations`` (one substring per
expected violation; the count must match too), or ``errors`` (the file cannot be scored: every
substring must appear in the one error listing all problems).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from railprint.errors import RailprintError
from railprint.games.days_of_steam import score_text
from railprint.games.days_of_steam.notation import square_label
from railprint.loading.yamlio import loads

CASES = Path(__file__).resolve().parents[2] / "data" / "days_of_steam" / "cases"
FILES = sorted(CASES.glob("*.yaml"))


def _split(path: Path) -> tuple[str, dict]:
    text = path.read_text(encoding="utf-8")
    game, sep, expected = text.partition("\n---\n")
    assert sep, f"{path.name}: no '---' line before the expected results"
    return game + "\n", loads(expected, str(path))


def test_there_are_cases():
    assert len(FILES) >= 25


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_case(path: Path):
    game_text, expected = _split(path)
    if "errors" in expected:
        with pytest.raises(RailprintError) as caught:
            score_text(game_text, "case.yaml")
        message = str(caught.value)
        for wanted in expected["errors"]:
            assert wanted in message, (wanted, message)
        assert message.count("case.yaml:") >= len(expected["errors"]) - sum(
            "did you mean" in w for w in expected["errors"])
        return
    result = score_text(game_text, "case.yaml")
    data = result.as_json()
    players = {p["name"]: p for p in data["players"]}
    assert [p["name"] for p in data["players"]] == [p.name for p in result.games[0].game.players]
    for name, fields in (expected.get("players") or {}).items():
        got = {k: players[name][k] for k in fields}
        assert got == dict(fields), name
    if "winner" in expected:
        assert data["winner"] == list(expected["winner"])
    if "end" in expected:
        assert data["end"] == expected["end"]
    for key, value in (expected.get("map") or {}).items():
        assert data["map"][key] == value, key
    if "circuits" in expected:
        found = [[square_label(*pos) for pos in c.cities] for c in result.games[0].map_check.circuits]
        assert sorted(map(sorted, found)) == sorted(map(sorted, expected["circuits"]))
    if "violations" in expected:
        messages = data["violations"]
        assert len(messages) == len(expected["violations"]), messages
        for wanted in expected["violations"]:
            assert sum(wanted in m for m in messages) == 1, (wanted, messages)
