"""Every rule violation a scorer reports has Polish words too: the ``--lang pl`` report, the Polish
picture and the Polish phone page show them, while the JSON contract keeps the English ones."""

from __future__ import annotations

import importlib
import json
import re
from pathlib import Path

import pytest

from tests.helpers import run_cli

DATA = Path(__file__).resolve().parents[1] / "data"
GAMES = ("allers_trains", "days_of_steam", "railroad_ink", "ticket_to_ride")
NUMBER = re.compile(r"\d+")


def _violations(game: str):
    """(case file, violation) for every violation the game's test cases produce."""
    scorer = importlib.import_module(f"railprint.games.{game}")
    found = []
    for path in sorted((DATA / game / "cases").iterdir()):
        if path.suffix == ".yaml":
            text = path.read_text(encoding="utf-8").partition("\n---\n")[0]
            try:
                result = scorer.score_text(text, str(path))
            except Exception:   # the cases of errors (refused files) have no violations to say
                continue
        elif path.suffix == ".txt":
            result = scorer.score_files([path])
        else:
            continue
        for scored in getattr(result, "games", None) or result.sheets:
            found += [(path.name, v) for v in (*scored.violations, *getattr(scored, "notices", ()))]
    return found


@pytest.mark.parametrize("game", GAMES)
def test_every_violation_is_said_in_polish_with_the_same_numbers(game):
    found = _violations(game)
    assert found, f"{game}: the test cases produce no violation to check"
    for name, v in found:
        assert v.pl and v.pl != v.message, f"{name}: {v.message!r} has no Polish words"
        assert sorted(NUMBER.findall(v.pl)) == sorted(NUMBER.findall(v.message)), (name, v.message, v.pl)
        english = {"the", "and", "with", "without", "drawn", "player", "players", "claimed"}
        assert not english & set(re.findall(r"[a-z]+", v.pl.split("(header")[0])), (name, v.pl)
        assert v.text("pl").endswith(v.pl) and str(v) == v.text("en")


def test_the_polish_report_says_them_in_polish_and_the_json_stays_english(tmp_path):
    case = DATA / "ticket_to_ride" / "cases" / "nordic-listed-twice.yaml"
    game = tmp_path / "game.yaml"
    game.write_text(case.read_text(encoding="utf-8").partition("\n---\n")[0], encoding="utf-8")
    polish = run_cli("score", "ticket-to-ride", str(game), "--lang", "pl")
    assert polish.exit_code == 0, polish.output
    assert "Ala: trasa Bergen - Oslo (kolor: czerwony) jest wpisana dwa razy" in polish.stdout
    assert "listed twice" not in polish.stdout
    data = json.loads(run_cli("score", "ticket-to-ride", str(game), "--json", "--lang", "pl").stdout)
    assert any("is listed twice" in v["message"] for v in data["violations"])     # the contract's words
    sheet = run_cli("score", "railroad-ink", str(DATA / "railroad_ink" / "cases" / "highway_meets_railway.txt"),
                    "--lang", "pl")
    assert "autostrada styka się z linią kolejową po stronie wschodniej" in sheet.stdout
