"""railprint.platform's Windows branches, run directly on this system with the Windows feature
in place of the POSIX one: folder locks by lock file and ``msvcrt.locking``, signals deferred
without signal masks (Ctrl-C, Ctrl-Break), a target a PDF viewer holds open, a console code
page lacking letters, the data folder of each system, FIFOs refused without ``O_NONBLOCK``."""

from __future__ import annotations

import io
import os
import posix
import signal
import threading
import time
from pathlib import Path

import platformdirs
import pytest

import railprint.writers.publish as publish
from railprint import platform
from railprint.errors import ContentError
from railprint.loading.text import read_bytes, read_text
from railprint.writers import write_files
from tests.hostile.common import run

MINI = Path(__file__).resolve().parents[1] / "data" / "content" / "mini"


def _hidden(out: Path) -> list[str]:
    return sorted(p.name for p in out.rglob(".*"))


def _contents(out: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(out.iterdir())}


# ----------------------------------------------------------------------------------- locking


@pytest.fixture
def windows_locks(monkeypatch):
    """No fcntl; msvcrt's locking (tests/windows_like/msvcrt_standin.py)."""
    if platform.msvcrt is None:   # under tests/windows_like it is there already
        from tests.windows_like import msvcrt_standin

        monkeypatch.setattr(platform, "msvcrt", msvcrt_standin.module())
    monkeypatch.setattr(platform, "fcntl", None)


def test_a_folder_lock_is_a_lock_file_held_by_one_and_removed_on_release(tmp_path, windows_locks):
    lock_file = tmp_path / platform.LOCK_FILE
    first = platform.hold_folder(tmp_path, wait=False)
    assert first.held and lock_file.is_file()
    assert platform.hold_folder(tmp_path, wait=False) is None        # another open cannot take it
    got = []
    waiter = threading.Thread(target=lambda: got.append(platform.hold_folder(tmp_path, wait=True)))
    waiter.start()
    time.sleep(0.3)
    assert not got                                                   # it waits
    first.release()                                                  # removes the file as it lets go
    waiter.join(10)
    [second] = got
    assert second.held and lock_file.is_file()                       # the waiter locked a fresh file
    assert os.path.samestat(os.fstat(second.fd), os.stat(lock_file))
    second.release()
    assert not lock_file.exists()


def test_publication_with_lock_files_replaces_the_set_and_leaves_nothing(tmp_path, windows_locks):
    out = tmp_path / "out"
    write_files(out, [(Path("a.pdf"), b"old a"), (Path("sub/b.pdf"), b"old b")])
    write_files(out, [(Path("a.pdf"), b"new a"), (Path("sub/b.pdf"), b"new b")])
    assert (out / "a.pdf").read_bytes() == b"new a" and (out / "sub" / "b.pdf").read_bytes() == b"new b"
    assert _hidden(out) == []


def test_recovery_with_lock_files_leaves_a_live_stage_and_clears_a_dead_one(tmp_path, windows_locks):
    out = tmp_path / "out"
    out.mkdir()
    live = publish.Stage(out)
    assert (live.path / platform.LOCK_FILE).is_file()
    dead = out / ".railprint-dead1234.part"                          # a killed run's: no lock held
    dead.mkdir()
    (dead / platform.LOCK_FILE).write_bytes(b"")
    write_files(out, [(Path("a.pdf"), b"a")])
    assert live.path.is_dir() and not dead.exists()
    live.close()
    assert sorted(p.name for p in out.iterdir()) == ["a.pdf"]


# ----------------------------------------------------------------------------------- signals


class Stopped(Exception):
    pass


@pytest.fixture
def no_signal_masks(monkeypatch):
    """Windows' signal module: no pthread_sigmask, no sigpending; Ctrl-Break's SIGBREAK (here
    number 21, a signal Linux also has) among the signals that stop a run."""
    monkeypatch.delattr(signal, "pthread_sigmask", raising=False)   # (tests/windows_like: gone already)
    monkeypatch.delattr(signal, "sigpending", raising=False)
    monkeypatch.setattr(platform, "STOP_SIGNALS", (signal.SIGINT, signal.SIGTERM, 21))
    saved = {sig: signal.getsignal(sig) for sig in platform.STOP_SIGNALS}
    yield
    for sig, handler in saved.items():
        signal.signal(sig, handler)


@pytest.mark.parametrize("sig", [signal.SIGINT, 21], ids=["ctrl-c", "ctrl-break"])
def test_a_signal_during_publication_without_masks_is_deferred_rolled_back_and_redelivered(
        tmp_path, monkeypatch, no_signal_masks, sig):
    out = tmp_path / "out"
    write_files(out, [(Path("a.pdf"), b"old a"), (Path("b.pdf"), b"old b")])
    before = _contents(out)
    arrived = []

    def stop(number, frame):
        arrived.append(number)
        raise Stopped

    signal.signal(sig, stop)

    def signal_after_the_first(index, target):
        if index == 0:
            signal.raise_signal(sig)          # caught and noted: the run goes on to the check
            assert not arrived

    monkeypatch.setattr(publish, "_published", signal_after_the_first)
    with pytest.raises(Stopped):
        write_files(out, [(Path("a.pdf"), b"new a"), (Path("b.pdf"), b"new b")])
    assert arrived == [sig]                    # re-delivered to the real handler once, after the window
    assert _contents(out) == before and _hidden(out) == []


def test_ctrl_break_and_a_kill_exit_like_ctrl_c(no_signal_masks):
    platform.exit_on_stop_signals()
    for sig, code in ((21, 149), (signal.SIGTERM, 143)):
        with pytest.raises(SystemExit) as stop:
            signal.raise_signal(sig)
        assert stop.value.code == code


# ------------------------------------------------------------------------ a file held open


def _viewer_holds(monkeypatch, name: str, refusals: int) -> list[str]:
    """os.replace onto ``name`` fails as on Windows while a PDF viewer holds it open (WinError 5),
    ``refusals`` times; returns the list of refused tries."""
    real = os.replace
    refused: list[str] = []

    def replace(src, dst):
        if Path(dst).name == name and len(refused) < refusals:
            refused.append(str(dst))
            error = PermissionError(13, "Access is denied", str(dst))
            error.winerror = 5
            raise error
        return real(src, dst)

    monkeypatch.setattr(os, "replace", replace)
    monkeypatch.setattr(platform, "IN_USE_WAITS", (0.001,) * len(platform.IN_USE_WAITS))
    return refused


def test_a_file_held_open_is_named_and_the_previous_set_stays(tmp_path, monkeypatch):
    out = tmp_path / "out"
    write_files(out, [(Path("a.pdf"), b"old a"), (Path("b.pdf"), b"old b")])
    before = _contents(out)
    refused = _viewer_holds(monkeypatch, "b.pdf", 100)
    with pytest.raises(OSError) as failed:
        write_files(out, [(Path("a.pdf"), b"new a"), (Path("b.pdf"), b"new b")])
    assert failed.value.filename == str(out / "b.pdf")
    assert "close it in your PDF viewer" in failed.value.strerror
    assert len(refused) == len(platform.IN_USE_WAITS) + 1           # tried again, then gave up
    assert _contents(out) == before and _hidden(out) == []           # a.pdf was put back too


def test_a_viewer_that_lets_go_in_time_is_waited_for(tmp_path, monkeypatch):
    out = tmp_path / "out"
    write_files(out, [(Path("a.pdf"), b"old a")])
    refused = _viewer_holds(monkeypatch, "a.pdf", 2)
    write_files(out, [(Path("a.pdf"), b"new a")])
    assert len(refused) == 2 and (out / "a.pdf").read_bytes() == b"new a"


def test_a_plain_permission_error_is_not_retried(tmp_path, monkeypatch):
    calls = []

    def refuse():
        calls.append(1)
        raise PermissionError(13, "Permission denied", "x.pdf")   # no winerror: Linux, macOS

    with pytest.raises(PermissionError, match="Permission denied"):
        platform.while_in_use(refuse, Path("x.pdf"), sleep=lambda s: None)
    assert calls == [1]


def test_render_names_the_file_held_open_in_one_line(tmp_path, monkeypatch):
    out = tmp_path / "out"
    assert run("render", "my-game", "--content", str(MINI), "-o", str(out), "-q").exit_code == 0
    pdf = out / "my-game" / "my-cards.pdf"
    before = pdf.read_bytes()
    _viewer_holds(monkeypatch, "my-cards.pdf", 100)
    result = run("render", "my-game", "--content", str(MINI), "-o", str(out), "-q", "--paper", "letter")
    assert result.exit_code == 1
    assert result.stderr == (f"Error: {pdf}: it is open in another program (close it in your PDF viewer) or "
                             "read-only; nothing was replaced, the previous files are kept\n")
    assert pdf.read_bytes() == before and _hidden(out) == []


# ----------------------------------------------------------------------------------- console


@pytest.mark.parametrize("encoding,shown", [
    ("cp1252", "Lódz, Tromsø, Ålesund, Gdansk"),      # cp1252 has ó, ø, Å; not Ł, ź, ń
    ("cp850", "Lódz, Tromsø, Ålesund, Gdansk"),
    ("ascii", "Lodz, Tromso, Alesund, Gdansk"),
])
def test_a_console_lacking_letters_prints_them_plain(encoding, shown):
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding=encoding, errors="strict")
    with pytest.raises(UnicodeEncodeError):
        stream.write("Łódź")
        stream.flush()
    saved = platform.sys.stdout
    try:
        platform.sys.stdout = stream
        platform.prepare_console()
    finally:
        platform.sys.stdout = saved
    stream.write("Łódź, Tromsø, Ålesund, Gdańsk")
    stream.flush()
    assert raw.getvalue().decode(encoding) == shown


def test_a_utf8_console_is_left_as_it_is():
    stream = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict")
    saved = platform.sys.stdout
    try:
        platform.sys.stdout = stream
        platform.prepare_console()
    finally:
        platform.sys.stdout = saved
    assert stream.errors == "strict"


# ------------------------------------------------------------------------------- data folder


def test_the_data_folder_is_in_each_systems_place(monkeypatch, tmp_path):
    import platformdirs.windows
    from platformdirs.macos import MacOS
    from platformdirs.unix import Unix
    from platformdirs.windows import Windows

    folders = {"CSIDL_APPDATA": str(tmp_path / "Roaming"), "CSIDL_LOCAL_APPDATA": str(tmp_path / "Local")}
    monkeypatch.setattr(platformdirs.windows, "get_win_folder", folders.__getitem__)   # the shell's answer
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    found = {}
    for system, kind in (("windows", Windows), ("macos", MacOS), ("linux", Unix)):
        if system == "linux":
            monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
        else:
            monkeypatch.delenv("XDG_DATA_HOME", raising=False)
        monkeypatch.setattr(platformdirs, "PlatformDirs", kind)
        found[system] = platform.data_folder()
    assert found == {"windows": tmp_path / "Roaming" / "railprint",
                     "macos": tmp_path / "home" / "Library" / "Application Support" / "railprint",
                     "linux": tmp_path / "xdg" / "railprint"}


# ----------------------------------------------------------------------- reading, no O_NONBLOCK


def test_without_o_nonblock_a_fifo_and_a_device_are_refused_without_blocking(tmp_path, monkeypatch):
    fifo = tmp_path / "cards.yaml"
    posix.mkfifo(fifo)                                               # (tests/windows_like has no os.mkfifo)
    monkeypatch.delattr(os, "O_NONBLOCK", raising=False)
    answers = []

    def read(path):
        try:
            read_text(path)
        except ContentError as exc:
            answers.append(str(exc))

    for path in (fifo, Path("/dev/null")):
        reader = threading.Thread(target=read, args=(path,), daemon=True)
        reader.start()
        reader.join(10)
        assert not reader.is_alive(), f"reading {path} blocked"
    assert answers == [f"{fifo}: not a regular file (a folder, FIFO or device); railprint reads only plain files",
                       "/dev/null: not a regular file (a folder, FIFO or device); railprint reads only plain files"]
    plain = tmp_path / "plain.yaml"
    plain.write_bytes(b"a: 1\r\nb: \x1a2\r\n")                       # read as bytes: CR LF and Ctrl-Z stay
    assert read_bytes(plain) == b"a: 1\r\nb: \x1a2\r\n"
