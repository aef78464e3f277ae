"""The game files the README and the scoring docs show score cleanly: a reader who copies one
gets a result without rule violations (``--strict`` exits 0), not a lesson in what the scorer
refuses. (The README's Days of Steam map once had two cities for six goods in four colours.)"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.helpers import run_cli

ROOT = Path(__file__).resolve().parents[1]
BLOCK = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)


def _game_of(text: str) -> str | None:
    """Which scorer a README block is a game file for (None: not a game file)."""
    if text.startswith("player:"):
        return "railroad-ink"
    if re.search(r"^end:", text, re.M) and "goods:" in text:
        return "days-of-steam"
    if re.search(r"^mode:", text, re.M) and "frames:" in text:
        return "allers-trains"
    if re.search(r"^map:", text, re.M) and "tickets:" in text:
        return "ticket-to-ride"
    return None


def _examples() -> list[tuple[str, str, str]]:
    found = []
    for doc in ["README.md", *sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "docs").glob("*-scoring.md"))]:
        for _lang, body in BLOCK.findall((ROOT / doc).read_text(encoding="utf-8")):
            game = _game_of(body)
            if game:
                found.append((doc, game, body))
    return found


def test_every_game_has_an_example():
    assert {game for _doc, game, _body in _examples()} == {
        "railroad-ink", "days-of-steam", "allers-trains", "ticket-to-ride"}


@pytest.mark.parametrize(("doc", "game", "body"), _examples(),
                         ids=lambda v: v if isinstance(v, str) and "\n" not in v else None)
def test_example_scores_without_violations(tmp_path, doc, game, body):
    suffix = ".txt" if game == "railroad-ink" else ".yaml"
    path = tmp_path / f"example{suffix}"
    path.write_text(body, encoding="utf-8")
    result = run_cli("score", game, str(path), "--strict")
    assert result.exit_code == 0, f"{doc}: {game}\n{result.output}"
    assert "violation" not in result.stdout.lower(), result.stdout
