"""Scoring cases written from the rulebook: one file per case in tests/data/allers_trains/cases/.

Each case file is a game file, a line ``---``, then the expected result: ``players`` (name ->
JSON fields), ``winner``, ``spaces``, ``solo``, ``locomotives`` (name -> colour -> [state,
station, round, tiles entered]), ``violations`` (their count); or ``errors``: substrings that
must each appear in the one error raised (all problems are reported at once).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from railprint.errors import RailprintError
from railprint.games.allers_trains import score_text
from railprint.loading.yamlio import loads

CASES = Path(__file__).resolve().parents[2] / "data" / "allers_trains" / "cases"
FILES = sorted(CASES.glob("*.yaml"))


def _split(path: Path) -> tuple[str, dict]:
    game, sep, expected = path.read_text(encoding="utf-8").partition("\n---\n")
    assert sep, f"{path.name}: no '---' line before the expected result"
    return game + "\n", loads(expected, str(path))


def test_cases_cover_every_mode_and_player_count():
    covered: dict[str, set[int]] = {}
    for path in FILES:
        game = loads(_split(path)[0])
        mode = game.get("mode", "route+stations" if "route" in game else "stations")
        covered.setdefault(mode, set()).add(len(game.get("players") or game["frames"]))
    # the base game needs 2-4 players; both route variants are for 1-4
    assert covered == {"stations": {2, 3, 4}, "route": {1, 2, 3, 4}, "route+stations": {1, 2, 3, 4}}


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_case(path: Path):
    text, expected = _split(path)
    if "errors" in expected:
        with pytest.raises(RailprintError) as caught:
            score_text(text, path.name)
        message = str(caught.value)
        for wanted in expected["errors"]:
            assert wanted in message, (wanted, message)
        assert message.count("\n") == len(expected["errors"]), message
        return
    data = score_text(text, path.name).as_json()
    players = {p["name"]: p for p in data["players"]}
    for name, fields in expected.get("players", {}).items():
        assert {k: players[name][k] for k in fields} == dict(fields), name
    for key in ("winner", "spaces", "solo"):
        if key in expected:
            assert data.get(key) == expected[key], key
    for name, locos in expected.get("locomotives", {}).items():
        got = {lo["colour"]: [lo["state"], lo["station"], lo["round"], lo["tiles_entered"]]
               for lo in players[name]["locomotives"]}
        assert got == dict(locos), name
    if "violations" in expected:
        assert len(data["violations"]) == expected["violations"], data["violations"]
