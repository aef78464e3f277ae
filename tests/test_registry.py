"""The game registry: entry points, conflicts, broken plugins, and a CLI that loads no game early."""

from __future__ import annotations

import subprocess
import sys
from importlib.metadata import EntryPoint

import pytest
from typer.testing import CliRunner

from railprint import registry
from railprint.cli import app
from railprint.errors import RailprintError
from railprint.registry import ContentKind, Game

runner = CliRunner()

FIRST = Game(id="coupon-rail", title={"en": "Coupon Rail"}, kinds=(ContentKind("coupon"),))
SAME_ID = Game(id="Coupon Rail", title={"en": "Another coupon game"})
SAME_ALIAS = Game(id="ticket-collector", title={"en": "Ticket Collector"}, aliases=("coupon-rail",))
SAME_KIND = Game(id="voucher-rail", title={"en": "Voucher Rail"}, kinds=(ContentKind("coupon"),))
ENGINE_KIND = Game(id="deck-rail", title={"en": "Deck Rail"}, kinds=(ContentKind("deck"),))
NOT_A_GAME = {"id": "dict-rail"}


@pytest.fixture
def plugins(monkeypatch):
    """Replace the installed entry points by ``name -> "module:attr"`` pairs of this module."""
    real = list(registry._entry_points())

    def install(keep_shipped: bool = False, **points: str) -> None:
        eps = [EntryPoint(name, value.replace("HERE", __name__), registry.GROUP) for name, value in points.items()]
        eps += real if keep_shipped else []
        monkeypatch.setattr(registry, "_entry_points", lambda: eps)
        registry.games.cache_clear()

    yield install
    registry.games.cache_clear()


@pytest.mark.parametrize("second, message", [
    ("SAME_ID", "two games claim the name 'couponrail': coupon-rail (HERE:FIRST) and Coupon Rail (HERE:SAME_ID)"),
    ("SAME_ALIAS", "two games claim the name 'couponrail': coupon-rail (HERE:FIRST) "
                   "and ticket-collector (HERE:SAME_ALIAS)"),
    ("SAME_KIND", "two games claim the content kind 'coupon': coupon-rail (HERE:FIRST) "
                  "and voucher-rail (HERE:SAME_KIND)"),
    ("ENGINE_KIND", "two games claim the content kind 'deck': railprint (engine) and deck-rail (HERE:ENGINE_KIND)"),
])
def test_two_claims_on_one_name_or_kind_are_an_error_naming_both(plugins, second, message):
    plugins(a="HERE:FIRST", b=f"HERE:{second}")
    with pytest.raises(RailprintError) as info:
        registry.games()
    assert str(info.value) == message.replace("HERE", __name__)


def test_a_broken_plugin_is_skipped_with_a_warning_and_an_error_when_asked_for(plugins):
    plugins(keep_shipped=True, good="HERE:FIRST", broken="no_such_railprint_plugin:GAME")
    result = runner.invoke(app, ["list"])
    assert result.exit_code == 0 and "coupon-rail" in result.stdout and "ticket-to-ride" in result.stdout
    assert ("Warning: game plugin 'broken' (no_such_railprint_plugin:GAME) failed to load: ModuleNotFoundError: "
            "No module named 'no_such_railprint_plugin' (skipped)") in result.stderr
    assert "Traceback" not in result.output
    result = runner.invoke(app, ["render", "broken"])
    assert result.exit_code == 1 and result.stderr.count("game plugin 'broken'") == 1
    assert result.stderr.startswith("Error: game plugin 'broken' (no_such_railprint_plugin:GAME) failed to load")
    plugins(odd="HERE:NOT_A_GAME")
    result = runner.invoke(app, ["score", "odd", "x.txt"])
    assert result.exit_code == 1
    assert "game plugin 'odd'" in result.stderr and "is not a railprint.registry.Game (it is dict)" in result.stderr


def test_a_plugin_that_raises_on_import_is_reported_with_its_message(plugins, tmp_path, monkeypatch):
    (tmp_path / "exploding_rail.py").write_text("raise RuntimeError('the plugin has a bug')\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    plugins(boom="exploding_rail:GAME")
    assert registry.games() == ()
    [error] = registry.broken()
    assert str(error) == "game plugin 'boom' (exploding_rail:GAME) failed to load: RuntimeError: the plugin has a bug"


def test_scoring_a_print_only_game_is_a_clear_error(plugins, tmp_path):
    plugins(a="HERE:FIRST")
    result = runner.invoke(app, ["score", "coupon-rail", str(tmp_path / "x.txt")])
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: coupon-rail: railprint prints this game's components but does not score it")
    assert "Traceback" not in result.output


def test_the_shipped_games_and_what_each_can_do():
    result = runner.invoke(app, ["list"])
    assert result.exit_code == 0, result.output
    rows = [line.split() for line in result.stdout.split("\n\n")[0].splitlines()]
    assert rows[0] == ["game", "title", "prints", "scores", "rolls"]
    assert ["railroad-ink", "Railroad", "Ink", "dice,", "rules,", "sheet", "yes", "yes"] in rows
    assert ["ticket-to-ride", "Ticket", "to", "Ride", "board,", "deck,", "map,", "rules,", "scorepad", "yes", "-"] in rows
    assert ["days-of-steam", "Days", "of", "Steam", "deck,", "die,", "rules,", "tiles", "yes", "-"] in rows
    assert ["allers-trains", "Jedzie", "pociąg", "z", "daleka", "deck,", "rules,", "tiles", "yes", "-"] in rows


def test_sheet_for_a_game_without_a_roller_names_the_games_that_roll():
    result = runner.invoke(app, ["sheet", "ttr", "--seed", "1"])
    assert result.exit_code == 1
    assert result.stderr.strip() == ("Error: ticket-to-ride: railprint has no dice rolls or roll-and-write "
                                     "sheets for this game (games that roll: railroad-ink)")


def test_the_command_line_loads_no_game_until_a_command_needs_one():
    code = ("import sys\nfrom railprint.cli import main\nsys.argv = ['railprint', '--help']\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.startswith('railprint.games')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip().splitlines()[-1] == "[]"
    assert "Commands" in done.stdout
