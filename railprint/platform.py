"""What differs between Windows, macOS and Linux: the one module that knows (docs/platforms.md).

- **Locking** (:func:`hold_folder`): an exclusive lock on a folder. Where ``fcntl`` exists
  (Linux, macOS) a ``flock`` on the folder itself, no file made; elsewhere (Windows) a lock file
  ``.railprint-lock`` inside the folder, locked with ``msvcrt`` and removed on release.
- **Signals** (:func:`deferred_signals`, :func:`exit_on_stop_signals`, :data:`STOP_SIGNALS`):
  SIGHUP only where it exists, Ctrl-Break (SIGBREAK) where it exists; without
  ``signal.pthread_sigmask`` (Windows) a signal during publication is caught by a handler,
  noted, and re-delivered afterwards.
- **Reading without blocking** (:func:`open_regular`): a FIFO or device is refused before the
  open that could block (``O_NONBLOCK`` where it exists, a ``stat`` first where not); files are
  opened binary (``O_BINARY`` on Windows: no newline translation).
- **Console** (:func:`prepare_console`): Polish and Nordic letters on a console whose code page
  lacks them (cp1252, cp850) print as their plain letters (Ł → L, ø → o), never a
  UnicodeEncodeError.
- **Data folder** (:func:`data_folder`): ``platformdirs`` — ``%APPDATA%\\railprint``,
  ``~/Library/Application Support/railprint``, ``$XDG_DATA_HOME/railprint``.
- **A socket handed to a worker process** (:func:`handed_socket`, ``serve --workers N``): shared
  once more into the worker where sockets are shared (Windows), as it is elsewhere.
- **Replacing a file another program holds open** (:func:`while_in_use`): Windows refuses
  (a PDF viewer keeps the file open); retried briefly, then one error naming the file.

Each branch tests for the feature itself (is ``fcntl`` there, does the error carry a Windows
error code), not for the system's name, so tests/windows_like — a CPython with what Windows'
lacks taken away — runs the Windows branches on Linux. The rest of railprint asks this module
and never tests ``os.name`` or imports ``fcntl`` itself (tests/meta checks).
"""

from __future__ import annotations

import codecs
import errno
import os
import signal
import stat
import sys
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator, TypeVar

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]
try:
    import msvcrt
except ImportError:  # Linux, macOS
    msvcrt = None  # type: ignore[assignment]

T = TypeVar("T")

# ---------------------------------------------------------------------------------- locking

LOCK_FILE = ".railprint-lock"
"""The lock file inside a locked folder where folders cannot be locked themselves (Windows)."""
_LOCK_POLL = 0.05
_UNSUPPORTED = (errno.ENOLCK, errno.EOPNOTSUPP, errno.EINVAL)


class FolderLock:
    """An exclusive lock on a folder, held until :meth:`release`. ``held`` is False where the
    file system cannot lock (the run goes on unlocked, as before locking existed)."""

    def __init__(self, fd: int, file: Path | None, held: bool) -> None:
        self.fd: int | None = fd
        self.file = file
        self.held = held

    def release(self) -> None:
        if self.fd is None:
            return
        fd, self.fd = self.fd, None
        try:
            if self.file is not None:
                if self.held:
                    try:  # removed while still held: a run waiting on it sees it gone and retries
                        os.unlink(self.file)
                    except OSError:
                        pass  # Windows: another run has it open, and removes it in its turn
                    _unlock(fd)
        finally:
            os.close(fd)


def hold_folder(folder: Path, *, wait: bool) -> FolderLock | None:
    """Lock ``folder`` exclusively. ``wait``: until it is free; otherwise None when another
    process (or another open of this one) holds it. An OSError when the folder cannot be opened
    (or, on Windows, its lock file cannot be made)."""
    if fcntl is not None:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except BlockingIOError:
            os.close(fd)
            return None
        except OSError as exc:
            if exc.errno not in _UNSUPPORTED:
                os.close(fd)
                raise
            return FolderLock(fd, None, False)
        return FolderLock(fd, None, True)
    path = Path(folder) / LOCK_FILE
    while True:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0) | getattr(os, "O_NOINHERIT", 0), 0o600)
        try:
            got = _try_lock(fd)
        except OSError:
            return FolderLock(fd, path, False)
        if got and _same_file(fd, path):
            return FolderLock(fd, path, True)
        if got:  # its holder removed the file as it let go: lock the fresh one
            _unlock(fd)
        os.close(fd)
        if not got and not wait:
            return None
        if not got:
            time.sleep(_LOCK_POLL)


def _try_lock(fd: int) -> bool:
    """msvcrt's non-blocking lock of the file's first byte: False when another handle holds it."""
    os.lseek(fd, 0, os.SEEK_SET)
    try:
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    except OSError as exc:
        if exc.errno in (errno.EACCES, errno.EDEADLK):
            return False
        raise
    return True


def _unlock(fd: int) -> None:
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
    except OSError:
        pass  # closing the file lets go of it too


def _same_file(fd: int, path: Path) -> bool:
    try:
        return os.path.samestat(os.fstat(fd), os.stat(path))
    except OSError:
        return False


# ---------------------------------------------------------------------------------- signals

STOP_SIGNALS: tuple[int, ...] = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK")
                                      if hasattr(signal, name))
"""The signals that stop a run: Ctrl-C, a kill, a hang-up (not on Windows), Ctrl-Break (Windows)."""


@contextmanager
def deferred_signals() -> Iterator[Callable[[], bool]]:
    """Defer :data:`STOP_SIGNALS` (those not ignored) while inside; yields ``pending()`` telling
    whether one arrived. On leaving, the original handlers are back and the signal is
    re-delivered to them (KeyboardInterrupt, the CLI's exit 143, or death by the default
    action) — a signal is never swallowed. Handlers can only be swapped in the main thread;
    elsewhere the signal mask alone defers them for this thread (without masks — Windows —
    a signal is handled in the main thread anyway, never in this one)."""
    caught: list[int] = []
    wanted = [s for s in STOP_SIGNALS if signal.getsignal(s) is not signal.SIG_IGN]
    old = {}
    if threading.current_thread() is threading.main_thread():
        for sig in wanted:
            old[sig] = signal.signal(sig, lambda number, frame: caught.append(number))
    masks = hasattr(signal, "pthread_sigmask")
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, wanted) if masks else None

    def pending() -> bool:
        return bool(caught) or (masks and bool(signal.sigpending() & set(wanted)))

    try:
        yield pending
    finally:
        for sig, handler in old.items():
            signal.signal(sig, handler)
        if masks:
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)  # a pending signal is delivered here
        for sig in dict.fromkeys(caught):
            signal.raise_signal(sig)


def exit_on_stop_signals() -> None:
    """A kill (SIGTERM), a hang-up (SIGHUP) or Ctrl-Break (SIGBREAK) — those that exist here and
    are not ignored, as under nohup — unwinds like Ctrl-C, exiting 128 + the signal's number."""
    for number in STOP_SIGNALS:
        if number != signal.SIGINT and signal.getsignal(number) is not signal.SIG_IGN:
            signal.signal(number, lambda number, frame: sys.exit(128 + number))


def handed_socket(sock):
    """A listening socket the parent process handed to this one (``serve --workers N``), ready for
    this process's event loop. Where sockets have ``share`` (Windows: ``WSADuplicateSocket``, the
    only way a socket crosses processes there) it is shared once more into this very process, as
    uvicorn's own workers do — asyncio's proactor could not register the handle multiprocessing
    gave (``WinError 87``/``10022``, uvicorn issues 342 and 514); elsewhere (an inherited
    descriptor) it is used as it is."""
    if not hasattr(sock, "share"):
        return sock
    import socket

    return socket.fromshare(sock.share(os.getpid()))


# ----------------------------------------------------------------------------- reading files


def open_regular(path: str | Path) -> int | None:
    """A read-only, binary fd of ``path``, or None when it is not a regular file and opening it
    could block (a FIFO, a device). Where ``O_NONBLOCK`` exists the open itself cannot block and
    the caller's ``fstat`` decides; elsewhere a ``stat`` looks first. OSError as ``os.open``."""
    flags = os.O_RDONLY | getattr(os, "O_BINARY", 0) | getattr(os, "O_NOCTTY", 0)
    if hasattr(os, "O_NONBLOCK"):
        return os.open(path, flags | os.O_NONBLOCK)
    if not stat.S_ISREG(os.stat(path).st_mode):
        return None
    return os.open(path, flags)


# ----------------------------------------------------------------------------------- console

_PLAIN = {"Ł": "L", "ł": "l", "Ø": "O", "ø": "o", "Æ": "AE", "æ": "ae", "Đ": "D", "đ": "d", "ß": "ss",
          "Œ": "OE", "œ": "oe", "Þ": "Th", "þ": "th", "ð": "d", "Ð": "D", "–": "-", "—": "-", "…": "...",
          "‘": "'", "’": "'", "‚": ",", "“": '"', "”": '"', "„": '"', "×": "x", "→": "->", "←": "<-",
          "•": "*", "·": ".", "≤": "<=", "≥": ">=", "−": "-", "✓": "v", "✗": "x"}
FALLBACK = "railprint-plain"
"""The codec error handler :func:`prepare_console` sets: a letter the console's code page lacks
prints as its plain letter (ź → z, Ł → L, ø → o), anything else as ``?``."""


def _plain(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    import unicodedata  # only when a console lacks a letter

    shown = []
    for char in error.object[error.start:error.end]:
        base = _PLAIN.get(char)
        if base is None:
            base = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
        try:
            base.encode(error.encoding)
        except (UnicodeError, LookupError):
            base = "?"
        shown.append(base or "?")
    return "".join(shown), error.end


codecs.register_error(FALLBACK, _plain)


def can_show(text: str, stream=None) -> bool:
    """Whether ``stream`` (stdout) prints ``text`` as it is (its encoding has every letter)."""
    stream = sys.stdout if stream is None else stream
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except (UnicodeError, LookupError):
        return False
    return True


def prepare_console() -> None:
    """stdout and stderr print every text: where their encoding (a Windows console's code page,
    a pipe's ANSI code page) lacks a letter it prints as its plain letter instead of failing."""
    for stream in (sys.stdout, sys.stderr):
        if stream is None or can_show("ŁłŹźŻżŚśĆćŃńĘęĄąÓóØøÅåÆæÄäÖö", stream):
            continue
        try:
            stream.reconfigure(errors=FALLBACK)
        except (AttributeError, ValueError, OSError):
            pass  # not a text stream of io's; it handles (or raises) on its own


# ------------------------------------------------------------------------------- data folder


def data_folder() -> Path:
    """railprint's folder for its own data (the rooms of ``railprint serve``), in the system's
    place: ``%APPDATA%\\railprint`` (Windows), ``~/Library/Application Support/railprint``
    (macOS), ``$XDG_DATA_HOME/railprint`` or ``~/.local/share/railprint`` (Linux)."""
    import platformdirs

    return Path(platformdirs.user_data_dir("railprint", appauthor=False, roaming=True))


# ------------------------------------------------------------------------------ font folders


def font_folders() -> list[Path]:
    """The folders where the system and the user install fonts, in the order they are searched
    (the user's own first): Windows ``%LOCALAPPDATA%\\Microsoft\\Windows\\Fonts`` and
    ``%WINDIR%\\Fonts``; macOS ``~/Library/Fonts``, ``/Library/Fonts``, ``/System/Library/Fonts``;
    elsewhere ``$XDG_DATA_HOME/fonts`` (``~/.local/share/fonts``), ``~/.fonts``,
    ``/usr/local/share/fonts``, ``/usr/share/fonts``. ``RAILPRINT_FONT_PATH`` (folders separated by
    ``os.pathsep``) replaces them all: tests use it so they never depend on what is installed."""
    override = os.environ.get("RAILPRINT_FONT_PATH")
    if override is not None:
        return [Path(part) for part in override.split(os.pathsep) if part]
    home = Path.home()
    if sys.platform == "win32":
        local = os.environ.get("LOCALAPPDATA")
        windir = os.environ.get("WINDIR", r"C:\Windows")
        return ([Path(local) / "Microsoft" / "Windows" / "Fonts"] if local else []) + [Path(windir) / "Fonts"]
    if sys.platform == "darwin":
        return [home / "Library" / "Fonts", Path("/Library/Fonts"), Path("/System/Library/Fonts")]
    data = os.environ.get("XDG_DATA_HOME") or str(home / ".local" / "share")
    return [Path(data) / "fonts", home / ".fonts", Path("/usr/local/share/fonts"), Path("/usr/share/fonts")]


# ------------------------------------------------------------------------ files held open

IN_USE_WAITS = (0.1, 0.2, 0.3, 0.4, 0.5, 0.5)
"""Seconds between tries at a file another program holds open (2 s in all)."""
_IN_USE = (5, 32, 33)  # Windows: ERROR_ACCESS_DENIED, ERROR_SHARING_VIOLATION, ERROR_LOCK_VIOLATION
IN_USE_MESSAGE = ("it is open in another program (close it in your PDF viewer) or read-only; "
                  "nothing was replaced, the previous files are kept")


def in_use(exc: OSError) -> bool:
    """Whether ``exc`` is Windows refusing a file another program holds open."""
    return isinstance(exc, PermissionError) and getattr(exc, "winerror", None) in _IN_USE


def while_in_use(action: Callable[[], T], path: Path, sleep: Callable[[float], None] = time.sleep) -> T:
    """``action()`` (replacing, renaming or removing ``path``); while Windows says another
    program holds ``path`` open it is tried again for a short while, then it fails with one
    OSError naming ``path`` and saying to close it."""
    for wait in (*IN_USE_WAITS, None):
        try:
            return action()
        except OSError as exc:
            if not in_use(exc):
                raise
            if wait is None:
                raise PermissionError(exc.errno, IN_USE_MESSAGE, str(path)) from None
            sleep(wait)
    raise AssertionError("unreachable")


_NATIVE_STDERR = threading.Lock()


@contextmanager
def native_stderr() -> Iterator[list[str]]:
    """What C libraries print on the process's standard error (file descriptor 2) while the block
    runs, caught instead of shown: the list yielded holds its lines once the block ends. libjpeg
    inside OpenCV prints ``Corrupt JPEG data: …`` and libpng ``libpng error: …`` there, beside
    railprint's own message. One capture at a time (the descriptor is the process's); Python's own
    writes made meanwhile (another thread's) are caught too and are the caller's to show again."""
    lines: list[str] = []
    with _NATIVE_STDERR:
        try:
            sys.stderr.flush()
        except (AttributeError, OSError, ValueError):
            pass
        import tempfile

        with tempfile.TemporaryFile() as caught:
            saved = os.dup(2)
            os.dup2(caught.fileno(), 2)
            try:
                yield lines
            finally:
                try:
                    sys.stderr.flush()
                except (AttributeError, OSError, ValueError):
                    pass
                os.dup2(saved, 2)
                os.close(saved)
                caught.seek(0)
                lines.extend(caught.read(64 * 1024).decode("utf-8", "replace").splitlines())
