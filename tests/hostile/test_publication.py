"""All-or-nothing publication (railprint.writers.publish): a signal at the moment the first file
is published, a kill there, a folder standing where a file goes and a failure after the first
rename each leave the previous complete set byte-identical and no staging folder; the next run
after a kill rolls the interrupted publication back and cleans up."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import railprint.writers.publish as publish
from railprint.writers import write_files

from .common import deck, files_under, run, write

CHANGED = "{type: text, text: changed, x: 2mm, y: 8mm}"


def _snapshot(out: Path) -> dict[Path, bytes]:
    return {p: p.read_bytes() for p in files_under(out)}


def _hidden(out: Path) -> list[Path]:
    return [p for p in out.rglob("*") if p.name.startswith(".")]


@pytest.fixture
def rendered(tmp_path):
    """Content of two decks rendered once into out/, then both decks changed: (content, out, before)."""
    content = write(tmp_path, {"a.yaml": deck(id="first"), "b.yaml": deck(id="second")})
    out = tmp_path / "out"
    assert run("render", "g", "--content", str(content), "-o", str(out), "-q").exit_code == 0
    before = _snapshot(out)
    assert len(before) == 3  # the two decks and the game's print guide
    write(tmp_path, {"a.yaml": deck(id="first", layer=CHANGED), "b.yaml": deck(id="second", layer=CHANGED)})
    return content, out, before


def _paused_render(content: Path, out: Path) -> subprocess.Popen:
    """``railprint render`` in a subprocess that stops right after the first file is renamed
    into place (announcing it on stderr) until its stdin is closed."""
    script = textwrap.dedent(f"""
        import sys
        import railprint.writers.publish as publish
        from railprint.cli import main
        def paused(index, target):
            if index == 0:
                sys.stderr.write("PUBLISHING\\n"); sys.stderr.flush()
                sys.stdin.read()
        publish._published = paused
        sys.argv = ["railprint", "render", "g", "--content", {str(content)!r}, "-o", {str(out)!r}, "-q"]
        main()
    """)
    proc = subprocess.Popen([sys.executable, "-c", script], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    line = proc.stderr.readline()
    assert line == "PUBLISHING\n", line + proc.stderr.read()
    return proc


# SIGHUP where it exists; SIGBREAK (Ctrl-Break) where it exists: under tests/windows_like
STOPS = [(signal.SIGTERM, 143), (signal.SIGINT, 130)] + \
    [(getattr(signal, name), 128 + getattr(signal, name)) for name in ("SIGHUP", "SIGBREAK") if hasattr(signal, name)]


@pytest.mark.parametrize("sig,code", STOPS)
def test_a_signal_while_the_first_file_is_published_leaves_the_previous_set(rendered, sig, code):
    content, out, before = rendered
    proc = _paused_render(content, out)
    first = out / "g" / "first.pdf"
    assert first.read_bytes() != before[first]          # caught in the act: the first file is new
    proc.send_signal(sig)
    proc.stdin.close()
    assert proc.wait(timeout=60) == code                # the signal is not swallowed
    stderr = proc.stderr.read()
    assert "Traceback" not in stderr and ".part" not in stderr
    assert proc.stdout.read() == ""                      # nothing claimed as written
    assert _snapshot(out) == before                      # the previous set, byte for byte
    assert not _hidden(out)                              # no staging behind


def test_a_kill_while_the_first_file_is_published_is_rolled_back_by_the_next_run(rendered, tmp_path):
    content, out, before = rendered
    proc = _paused_render(content, out)
    proc.kill()
    assert proc.wait(timeout=60) == -signal.SIGKILL
    proc.stdin.close()
    first, second = out / "g" / "first.pdf", out / "g" / "second.pdf"
    assert first.read_bytes() != before[first] and second.read_bytes() == before[second]  # mixed
    [stage] = [p for p in out.iterdir() if p.name.startswith(".railprint-") and p.name.endswith(publish.SUFFIX)]
    assert (stage / publish.JOURNAL).is_file()
    # any next run writing into the folder (here: another game's file) repairs it first
    other = write(tmp_path / "other", {"x.yaml": deck(id="x")})
    (other / "g").rename(other / "h")
    (other / "h" / "x.yaml").write_text(deck(id="x", game="h"))
    assert run("render", "h", "--content", str(other), "-o", str(out), "-q").exit_code == 0
    after = _snapshot(out)
    assert {p: after[p] for p in before} == before
    assert set(after) == set(before) | {out / "h" / "x.pdf", out / "h" / "h-guide.pdf"}
    assert not _hidden(out)


def test_a_kill_after_the_commit_is_rolled_forward(rendered, tmp_path):
    """A run killed after its last rename (committed) keeps its new set; the stage goes."""
    content, out, before = rendered
    script = textwrap.dedent(f"""
        import os, signal, sys
        import railprint.writers.publish as publish
        from railprint.cli import main
        real = publish._commit
        def commit_then_die(stage):
            real(stage)
            os.kill(os.getpid(), signal.SIGKILL)
        publish._commit = commit_then_die
        sys.argv = ["railprint", "render", "g", "--content", {str(content)!r}, "-o", {str(out)!r}, "-q"]
        main()
    """)
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert proc.returncode == -signal.SIGKILL
    new = {p: p.read_bytes() for p in before}
    decks = [p for p in before if p.name != "g-guide.pdf"]  # the guide does not change with the art
    assert all(new[p] != before[p] for p in decks) and _hidden(out)
    publish.recovered(out)
    assert _snapshot(out) == new and not _hidden(out)


def test_a_folder_where_a_file_goes_is_an_error_naming_the_output_before_anything_is_replaced(rendered):
    content, out, before = rendered
    second = out / "g" / "second.pdf"
    second.unlink()
    (second / "inner").mkdir(parents=True)
    result = run("render", "g", "--content", str(content), "-o", str(out), "-q")
    assert result.exit_code == 1
    assert f"{second}: a folder stands where this output file goes" in result.stderr
    assert ".part" not in result.stderr and "railprint-" not in result.stderr
    assert (out / "g" / "first.pdf").read_bytes() == before[out / "g" / "first.pdf"]
    assert not _hidden(out)


def test_a_file_where_an_output_folder_goes_is_an_error_naming_it(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "g").write_text("not a folder")
    with pytest.raises(Exception, match="g/a.pdf: cannot write it, .*/g is a file"):
        write_files(out, [(Path("b.pdf"), b"b"), (Path("g/a.pdf"), b"a")])
    assert sorted(p.name for p in out.iterdir()) == ["g"]


def test_a_failure_after_the_first_rename_rolls_back_and_removes_new_folders(tmp_path, monkeypatch):
    out = tmp_path / "out"
    write_files(out, [(Path("a.pdf"), b"old a"), (Path("b.pdf"), b"old b")])
    (out / "link.pdf").symlink_to("a.pdf")

    def failing(index, target):
        if index == 3:
            raise OSError(28, "No space left on device", str(target))

    monkeypatch.setattr(publish, "_published", failing)
    with pytest.raises(OSError, match="No space left"):
        write_files(out, [(Path("a.pdf"), b"new a"), (Path("link.pdf"), b"new"), (Path("sub/deep/c.pdf"), b"c"),
                          (Path("b.pdf"), b"new b")])
    assert (out / "a.pdf").read_bytes() == b"old a" and (out / "b.pdf").read_bytes() == b"old b"
    assert os.readlink(out / "link.pdf") == "a.pdf"      # the symlink itself is back
    assert sorted(p.name for p in out.iterdir()) == ["a.pdf", "b.pdf", "link.pdf"]   # no sub/, no staging


def test_recovery_leaves_a_live_runs_stage_alone(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    live = publish.Stage(out)
    (live.path / "new-00000").write_bytes(b"x")
    dead = out / ".railprint-old12345.part"     # an older run's leftover: no lock, no journal
    dead.mkdir()
    (dead / "00000").write_bytes(b"half")
    write_files(out, [(Path("a.pdf"), b"a")])
    assert live.path.is_dir() and not dead.exists()
    live.close()
    assert sorted(p.name for p in out.iterdir()) == ["a.pdf"]


def test_a_tampered_journal_never_touches_files_outside_the_stage(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    victim = tmp_path / "victim.txt"
    victim.write_text("keep")
    stage = out / ".railprint-tampered.part"
    stage.mkdir()
    (stage / publish.JOURNAL).write_text('{"entries": [{"target": "../victim.txt", "new": "n", "backup": "b", '
                                          '"ino": 0}], "dirs": ["../.."]}')
    publish.recovered(out)
    assert victim.read_text() == "keep" and not stage.exists()
