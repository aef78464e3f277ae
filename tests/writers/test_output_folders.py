"""Where outputs may go: railprint makes the ``-o`` folder a command names, never the folders
above it, and a file the user names (``--picture``, ``sheet -o``, ``icons -o``, ``calibrate -o``)
needs its folder to exist — a typo in a path is a clear error, not a new tree of folders. The
same rule for every command (README, "Errors")."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BOARD = Path(__file__).parents[1] / "data" / "railroad_ink" / "cases" / "board_edge.txt"


def _railprint(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "railprint", *args], cwd=cwd, capture_output=True,
                          text=True, encoding="utf-8", timeout=300)


@pytest.mark.parametrize("args, target, missing", [
    (["score", "railroad-ink", str(BOARD), "--picture", "new/x.pdf"], "new/x.pdf", "new"),
    (["sheet", "railroad-ink", "--seed", "1", "-o", "new/deep/x.pdf"], "new/deep/x.pdf", "new/deep"),
    (["icons", "-o", "new/i.pdf"], "new/i.pdf", "new"),
    (["calibrate", "-o", "new/c.pdf"], "new/c.pdf", "new"),
    (["render", "railroad-ink", "-q", "-o", "new/deep"], "the output folder ", "new"),
    (["export", "tts", "railroad-ink", "-o", "new/deep"], "the output folder ", "new"),
])
def test_a_missing_folder_is_refused_and_none_is_made(tmp_path, args, target, missing):
    done = _railprint(*args, cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    shown = f"{target}{Path('new/deep')}" if target.endswith(" ") else str(Path(target))
    assert done.stderr.splitlines()[-1].startswith(
        f"Error: cannot write {shown}: the folder {Path(missing)} does not exist (make that folder first, or choose another path)"), done.stderr
    assert done.stdout == ""
    assert not (tmp_path / "new").exists()


def test_the_o_folder_itself_is_made_inside_an_existing_one(tmp_path):
    done = _railprint("render", "railroad-ink", "-q", "-o", "out", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "out" / "railroad-ink" / "railroad-ink-sheet.pdf").stat().st_size > 1000


def test_an_error_after_the_progress_bar_starts_on_its_own_line(tmp_path):
    """Piped or logged, stderr holds no bar and no blank line before ``Error:``."""
    done = _railprint("export", "tts", "railroad-ink", "-o", "new/deep", cwd=tmp_path)
    assert done.returncode == 1
    assert done.stderr.startswith("Error: "), repr(done.stderr[:80])


@pytest.mark.parametrize("args, slow", [
    (["render", "railroad-ink", "-q", "-o", "new/deep"], "railprint.render.render_all"),
    (["export", "tts", "railroad-ink", "-o", "new/deep"], "railprint.export.tts.export_all"),
])
def test_a_missing_folder_above_o_is_said_before_anything_is_rendered(tmp_path, monkeypatch, args, slow):
    from typer.testing import CliRunner

    from railprint.cli import app

    def not_now(*_a, **_k):
        raise AssertionError("rendered before the output folder was checked")

    monkeypatch.setattr(slow, not_now)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 1, result.output
    assert "the folder new does not exist" in result.stderr.replace("\\", "/"), result.stderr
    assert not (tmp_path / "new").exists()


def test_a_file_where_the_folder_above_o_should_be_is_named_as_a_file(tmp_path):
    (tmp_path / "notes.txt").write_text("x", encoding="utf-8")
    done = _railprint("render", "railroad-ink", "-q", "-o", "notes.txt/out", cwd=tmp_path)
    assert done.returncode == 1
    assert done.stderr.splitlines()[-1] == (
        f"Error: cannot write the output folder {Path('notes.txt/out')}: notes.txt is a file, not a folder"
        " (choose another path)"), done.stderr
    assert (tmp_path / "notes.txt").read_text(encoding="utf-8") == "x"
