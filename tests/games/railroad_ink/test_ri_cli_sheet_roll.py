"""`railprint sheet railroad-ink` and `railprint roll railroad-ink` end to end."""

from __future__ import annotations

import io
import re

import pdfplumber
from typer.testing import CliRunner

from railprint.cli import app

runner = CliRunner()


def test_sheet_with_seed_is_reproducible_and_reports_the_file(tmp_path):
    out = tmp_path / "a.pdf"
    args = ["sheet", "railroad-ink", "--seed", "4242", "--expansion", "meteor", "--players", "2",
            "--paper", "letter", "--date", "2026-11-25", "-o", str(out)]
    first = runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    assert first.stdout.strip() == str(out)
    data = out.read_bytes()
    again = runner.invoke(app, args)
    assert again.exit_code == 0 and out.read_bytes() == data
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        assert len(pdf.pages) == 2
        assert abs(pdf.pages[0].width - 612) < 0.01  # Letter
        text = pdf.pages[1].extract_text()
    assert "seed 4242" in text and "2026-11-25" in text and "Meteor" in text


def test_sheet_without_seed_prints_the_seed_to_stderr_and_uses_the_default_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["sheet", "ri", "--lang", "pl"])
    assert result.exit_code == 0, result.output
    seed = re.search(r"seed (\d+)", result.stderr).group(1)
    assert result.stdout.strip() == f"output/railroad-ink-sheet-{seed}.pdf"
    assert (tmp_path / "output" / f"railroad-ink-sheet-{seed}.pdf").stat().st_size > 1000


def test_roll_shows_the_round_by_name_and_picture():
    result = runner.invoke(app, ["roll", "railroad-ink", "--seed", "4242", "--round", "1", "--expansion", "lava"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Round 1" in out and "Round 2" not in out
    for name in ["railway T-junction", "curved highway", "straight highway", "curved station", "lava straight",
                 "lava and railway"]:
        assert name in out
    assert out.count("┌─────┐") == 6 and "■" in out


def test_roll_all_rounds_and_errors():
    result = runner.invoke(app, ["roll", "railroad-ink", "--seed", "1"])
    assert result.exit_code == 0 and "Round 7" in result.stdout
    bad = runner.invoke(app, ["roll", "railroad-ink", "--seed", "1", "--round", "8"])
    assert bad.exit_code == 1 and bad.stderr.startswith("Error: round 8 does not exist")
    bad = runner.invoke(app, ["roll", "ticket-to-ride", "--seed", "1"])
    assert bad.exit_code == 1 and "ticket-to-ride: railprint has no dice rolls" in bad.stderr
    assert "games that roll: railroad-ink" in bad.stderr
    bad = runner.invoke(app, ["sheet", "railroad-ink", "--expansion", "lavaa", "--seed", "1"])
    assert bad.exit_code == 1 and "did you mean 'lava'" in bad.stderr
    bad = runner.invoke(app, ["sheet", "railroad-ink", "--date", "25.11.2026", "--seed", "1"])
    assert bad.exit_code == 1 and "YYYY-MM-DD" in bad.stderr


def test_help_ends_with_an_example():
    for command in ("sheet", "roll"):
        result = runner.invoke(app, [command, "--help"])
        assert result.exit_code == 0 and "Example: railprint " + command in result.stdout
