"""Outputs behave like a good Unix tool's: umask permissions (an overwritten file keeps its
mode), errors name the real file, no temporary file survives a failure, and a run that fails
half-way leaves the previous complete set of files."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import railprint.writers as writers
from railprint.writers import write_files

from .common import deck, files_under, run, write


@pytest.fixture
def umask():
    old = os.umask(0o022)
    yield lambda mask: os.umask(mask)
    os.umask(old)


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.mark.parametrize("mask,expected", [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_new_files_get_0666_minus_the_umask(tmp_path, umask, mask, expected):
    umask(mask)
    [path] = write_files(tmp_path / "out", [(Path("a.pdf"), b"x")])
    assert _mode(path) == expected


def test_an_overwritten_file_keeps_its_mode(tmp_path, umask):
    target = tmp_path / "out" / "a.pdf"
    target.parent.mkdir()
    target.write_bytes(b"old")
    os.chmod(target, 0o444)
    write_files(tmp_path / "out", [(Path("a.pdf"), b"new")])
    assert target.read_bytes() == b"new" and _mode(target) == 0o444


def _two_file_content(tmp_path: Path) -> Path:
    return write(tmp_path, {"a.yaml": deck(id="first"), "b.yaml": deck(id="second")})


def test_an_exception_half_way_leaves_the_previous_set_and_no_temporary_files(tmp_path, monkeypatch):
    content = _two_file_content(tmp_path)
    out = tmp_path / "out"
    assert run("render", "g", "--content", str(content), "-o", str(out), "-q").exit_code == 0
    before = {p: p.read_bytes() for p in files_under(out)}
    assert len(before) == 3  # the two decks and the game's print guide
    (content / "g" / "a.yaml").write_text(deck(id="first", layer="{type: text, text: changed, x: 2mm, y: 8mm}"))
    real = writers._write_file
    calls = []

    def failing(path, data, shown):
        calls.append(shown)
        if len(calls) == 2:
            raise OSError(28, "No space left on device", str(shown))
        real(path, data, shown)

    monkeypatch.setattr(writers, "_write_file", failing)
    result = run("render", "g", "--content", str(content), "-o", str(out), "-q")
    assert result.exit_code == 1 and "No space left on device" in result.stderr
    assert "second.pdf" in result.stderr and ".part" not in result.stderr
    assert {p: p.read_bytes() for p in files_under(out)} == before      # old, complete set
    assert not [p for p in out.rglob("*") if p.name.startswith(".")]    # no staging left


def test_a_file_size_limit_half_way_leaves_the_previous_set(tmp_path):
    """A real disk-full stand-in: RLIMIT_FSIZE in a subprocess (the write fails with EFBIG)."""
    content = _two_file_content(tmp_path)
    out = tmp_path / "out"
    assert run("render", "g", "--content", str(content), "-o", str(out), "-q").exit_code == 0
    before = {p: p.read_bytes() for p in files_under(out)}
    limit = max(len(data) for data in before.values()) + 2000  # the old files fit, the new second does not
    script = textwrap.dedent(f"""
        import resource, sys
        from railprint.cli import main
        resource.setrlimit(resource.RLIMIT_FSIZE, ({limit}, {limit}))
        sys.argv = ["railprint", "render", "g", "--content", {str(content)!r}, "-o", {str(out)!r}, "-q"]
        main()
    """)
    big = "\n".join(f"      - {{type: text, text: 'line {i}', x: 2mm, y: {i % 80 + 2}mm}}" for i in range(1200))  # ~6 kB more PDF
    (content / "g" / "b.yaml").write_text(deck(id="second") + big + "\n")
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1, proc.stderr
    assert "File too large" in proc.stderr and "second.pdf" in proc.stderr
    assert "Traceback" not in proc.stderr and ".part" not in proc.stderr
    assert {p: p.read_bytes() for p in files_under(out)} == before
    assert not [p for p in out.rglob("*") if p.name.startswith(".")]


def test_a_picture_that_cannot_be_drawn_prints_nothing(tmp_path):
    game = tmp_path / "g.yaml"
    game.write_text("map: nordic\nplayers:\n  - name: Ala\n    routes: [Oslo - Örebro]\n  - name: Bo\n")
    result = run("score", "ticket-to-ride", str(game), "--picture", str(tmp_path / "x.gif"))
    assert result.exit_code == 1 and result.stdout == ""
    result = run("score", "ticket-to-ride", str(game), "--picture", str(tmp_path / "missing" / "x.svg"))
    assert result.exit_code == 1 and result.stdout == ""  # a missing folder is not made (test_output_folders.py)
    assert "does not exist" in result.output and not (tmp_path / "missing").exists()
    blocked = tmp_path / "file"
    blocked.write_text("")
    result = run("score", "ticket-to-ride", str(game), "--picture", str(blocked / "x.svg"))
    assert result.exit_code == 1 and result.stdout == "" and "Traceback" not in result.output


@pytest.mark.parametrize("args", [["sheet", "railroad-ink", "--seed", "1"], ["calibrate"]])
def test_sheet_and_calibrate_fail_before_printing(tmp_path, args):
    blocked = tmp_path / "file"
    blocked.write_text("")
    result = run(*args, "-o", str(blocked / "x.pdf"))
    assert result.exit_code == 1 and result.stdout == "" and "Traceback" not in result.output
    assert blocked.read_text() == ""


def test_a_kill_half_way_leaves_the_previous_set_and_no_staging_folder(tmp_path):
    content = _two_file_content(tmp_path)
    out = tmp_path / "out"
    assert run("render", "g", "--content", str(content), "-o", str(out), "-q").exit_code == 0
    before = {p: p.read_bytes() for p in files_under(out)}
    (content / "g" / "b.yaml").write_text(deck(id="second", layer="{type: text, text: changed, x: 2mm, y: 8mm}"))
    script = textwrap.dedent(f"""
        import os, signal, sys
        import railprint.writers as writers
        from railprint.cli import main
        real, calls = writers._write_file, []
        def killed(path, data, shown):
            calls.append(shown)
            if len(calls) == 2:
                os.kill(os.getpid(), signal.SIGTERM)
            real(path, data, shown)
        writers._write_file = killed
        sys.argv = ["railprint", "render", "g", "--content", {str(content)!r}, "-o", {str(out)!r}, "-q"]
        main()
    """)
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 128 + 15, proc.stderr
    assert "Traceback" not in proc.stderr
    assert {p: p.read_bytes() for p in files_under(out)} == before
    assert not [p for p in out.rglob("*") if p.name.startswith(".")]
