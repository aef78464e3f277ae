"""All-or-nothing publication of a run's files into an output folder.

The staged writer (:func:`railprint.writers.write_files`) writes every file of a run into a hidden
staging folder ``OUT/.railprint-XXXXXXXX.part`` and then calls :func:`publish`, which moves the
whole set into place as one unit:

1. Every target is checked before the first rename: a folder (or a non-folder parent) standing
   where an output file goes is an error naming the output file, and nothing is replaced.
2. A journal (``journal.json`` in the staging folder) lists every target, its staged file and
   its backup name; then, target by target, the old file is hard-linked into the staging folder
   as its backup (renamed there when a hard link is impossible) and the new file is renamed
   over it. A failure, or SIGINT/SIGTERM/SIGHUP arriving meanwhile (they are blocked and
   deferred for the whole window), rolls back every file already replaced from its backup.
   Only when every file is in place is ``committed`` created: the point of no return.
3. A deferred signal is re-delivered after the window (exit 130 / 143 — Ctrl-C is never
   swallowed) and the previous complete set is what stays.
4. A run killed outright (SIGKILL, power loss) leaves its staging folder; each staging folder is
   ``flock``-ed by its live run, so the next run writing into that folder finds the unlocked
   ones, rolls an interrupted publication back (or, if it had committed, forward: the set is
   already whole) and removes them (:func:`recover`).

Publications into one folder are serialised with a ``flock`` on the folder itself. Errors name
output files, never staging names.
"""

from __future__ import annotations

import errno
import fcntl
import json
import os
import shutil
import signal
import tempfile
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

from railprint.errors import RailprintError
from railprint.loading.paths import is_inside

PREFIX = ".railprint-"
SUFFIX = ".part"        # a staging folder, locked by its live run
NEW_SUFFIX = ".new"     # a staging folder being created (renamed to .part once locked)
JOURNAL = "journal.json"
COMMITTED = "committed"
SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
STALE_NEW_SECONDS = 600


def _published(index: int, target: Path) -> None:
    """Called right after the file number ``index`` is renamed into place (inside the
    publication window). A no-op; fault tests replace it to pause or kill the run there."""


@dataclass
class Entry:
    """One output of a publication: ``new`` is the staged file's name (None: remove the target);
    ``ino`` the staged file's inode (so recovery touches only a target that is still ours)."""

    target: str          # path relative to the output folder
    new: str | None
    backup: str
    ino: int = 0


class _Interrupted(BaseException):
    """A deferred signal arrived during the publication window (rolled back, then re-delivered)."""


def _named(exc: OSError, shown: Path) -> OSError:
    return OSError(exc.errno, exc.strerror or str(exc), str(shown))


# ------------------------------------------------------------------------- locks and staging


@contextmanager
def _folder_lock(out: Path) -> Iterator[None]:
    """Exclusive ``flock`` on the output folder: one publication (or recovery) at a time."""
    try:
        fd = os.open(out, os.O_RDONLY | os.O_DIRECTORY)
    except OSError as exc:
        raise _named(exc, out) from None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
        except OSError as exc:
            if exc.errno not in (errno.ENOLCK, errno.EOPNOTSUPP, errno.EINVAL):
                raise _named(exc, out) from None
        yield
    finally:
        os.close(fd)


class Stage:
    """A locked staging folder inside ``out`` (hidden; removed by :meth:`close`)."""

    def __init__(self, out: Path) -> None:
        try:
            fresh = Path(tempfile.mkdtemp(prefix=PREFIX, suffix=NEW_SUFFIX, dir=out))
        except OSError as exc:
            raise _named(exc, out) from None
        self.fd = os.open(fresh, os.O_RDONLY | os.O_DIRECTORY)
        try:
            fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            pass  # no locking on this file system: recovery then only sees committed journals
        self.path = fresh.with_name(fresh.name[: -len(NEW_SUFFIX)] + SUFFIX)
        os.rename(fresh, self.path)
        self.keep = False  # a failed rollback keeps the stage (and its journal) for recovery

    def close(self) -> None:
        if not self.keep:
            shutil.rmtree(self.path, ignore_errors=True)
        os.close(self.fd)


# ------------------------------------------------------------------------------- signals


@contextmanager
def deferred_signals() -> Iterator[Callable[[], bool]]:
    """Block and defer SIGINT, SIGTERM and SIGHUP (those not ignored) while inside; yields
    ``pending()`` telling whether one arrived. On leaving, the original handlers are back and
    the signal is re-delivered to them (KeyboardInterrupt, the CLI's exit 143, or death by the
    default action) — a signal is never swallowed. Handlers can only be swapped in the main
    thread; elsewhere the mask alone defers them for this thread."""
    caught: list[int] = []
    wanted = [s for s in SIGNALS if signal.getsignal(s) is not signal.SIG_IGN]
    old = {}
    if threading.current_thread() is threading.main_thread():
        for sig in wanted:
            old[sig] = signal.signal(sig, lambda number, frame: caught.append(number))
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, wanted)

    def pending() -> bool:
        return bool(caught) or bool(signal.sigpending() & set(wanted))

    try:
        yield pending
    finally:
        for sig, handler in old.items():
            signal.signal(sig, handler)
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)  # a pending signal is delivered here
        for sig in dict.fromkeys(caught):
            signal.raise_signal(sig)


# ---------------------------------------------------------------------------- publication


def check_targets(out: Path, targets: list[Path]) -> None:
    """Refuse, before anything is replaced, a target that is a folder or whose parent is not
    one (errors name the output file)."""
    problems = []
    for target in targets:
        parent = target.parent
        while parent != out and not os.path.lexists(parent):
            parent = parent.parent
        if parent != out and not parent.is_dir():
            problems.append(f"{target}: cannot write it, {parent} is a file, not a folder")
        elif os.path.isdir(target) and not os.path.islink(target):
            problems.append(f"{target}: a folder stands where this output file goes")
    if problems:
        raise RailprintError("; ".join(problems[:10]) + (f" … and {len(problems) - 10} more" if len(problems) > 10 else ""),
                             hint="move the folder out of the way or choose another output folder (-o)")


def _missing_dirs(out: Path, targets: list[Path]) -> list[Path]:
    """Folders to create for ``targets``, parents first."""
    missing: dict[Path, None] = {}
    for target in targets:
        chain = []
        parent = target.parent
        while parent != out and not os.path.lexists(parent):
            chain.append(parent)
            parent = parent.parent
        missing.update(dict.fromkeys(reversed(chain)))
    return list(missing)


def _write_journal(stage: Path, out: Path, entries: list[Entry], dirs: list[Path]) -> None:
    data = {"entries": [vars(e) for e in entries], "dirs": [str(d.relative_to(out)) for d in dirs]}
    tmp = stage / (JOURNAL + ".tmp")
    try:
        with open(tmp, "w", encoding="utf-8") as handle:
            json.dump(data, handle)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, stage / JOURNAL)
    except OSError as exc:
        raise _named(exc, out) from None


def _commit(stage: Path) -> None:
    os.close(os.open(stage / COMMITTED, os.O_CREAT | os.O_WRONLY, 0o600))


def publish(out: Path, stage: Stage, entries: list[Entry]) -> None:
    """Move every staged file of ``entries`` into place as one unit (see the module docs)."""
    targets = [out / e.target for e in entries]
    with _folder_lock(out), deferred_signals() as pending:
        check_targets(out, targets)
        dirs = _missing_dirs(out, targets)
        _write_journal(stage.path, out, entries, dirs)
        try:
            for folder in dirs:
                try:
                    folder.mkdir()
                except FileExistsError:
                    pass
                except OSError as exc:
                    raise _named(exc, folder) from None
            for index, (entry, target) in enumerate(zip(entries, targets)):
                if not is_inside(out, target.parent):
                    raise RailprintError(f"refusing to write {target}: it is not inside the output folder {out}")
                _replace(stage.path, entry, target)
                _published(index, target)
                if pending():
                    raise _Interrupted
            _commit(stage.path)
        except BaseException as exc:
            problem = rollback(out, stage.path, entries, dirs)
            if problem is None:
                raise
            if isinstance(exc, _Interrupted):  # the journal stays: the next run retries
                stage.keep = True
                raise
            stage.keep = True
            raise RailprintError(f"{exc}; restoring the previous files failed too ({problem}); "
                                 f"the next run writing into {out} will restore them") from None


def _replace(stage: Path, entry: Entry, target: Path) -> None:
    backup = stage / entry.backup
    try:
        if os.path.lexists(target):
            try:
                os.link(target, backup, follow_symlinks=False)
                linked = True
            except OSError:
                os.rename(target, backup)
                linked = False
        else:
            linked = False
        if entry.new is not None:
            os.replace(stage / entry.new, target)
        elif linked:
            os.unlink(target)
    except OSError as exc:
        raise _named(exc, target) from None


def rollback(out: Path, stage: Path, entries: list[Entry], dirs: list[Path]) -> str | None:
    """Put back every target of ``entries`` a publication already replaced: from its backup,
    or removed when it did not exist before. A target that is no longer the file this run put
    there (another run wrote it since) is left alone. Returns a problem, or None."""
    problem = None
    for entry in reversed(entries):
        target = out / entry.target
        backup = stage / entry.backup
        try:
            current = os.lstat(target)
        except OSError:
            current = None
        ours = entry.new is not None and not os.path.lexists(stage / entry.new) and \
            current is not None and current.st_ino == entry.ino
        try:
            if os.path.lexists(backup):
                back = os.lstat(backup)
                if current is None or ours or current.st_ino == back.st_ino:
                    os.replace(backup, target)
            elif ours:
                os.unlink(target)
        except OSError as exc:
            problem = problem or f"{target}: {exc.strerror or exc}"
    for folder in reversed(dirs):
        try:
            folder.rmdir()
        except OSError:
            pass
    return problem


# ------------------------------------------------------------------------------- recovery


def _load_journal(stage: Path, out: Path) -> tuple[list[Entry], list[Path]] | None:
    """The journal of a dead run's stage, each entry checked (a plain name inside the stage,
    a plain relative target inside ``out``); None when it has none or it is unusable."""
    try:
        with open(stage / JOURNAL, encoding="utf-8") as handle:
            data = json.load(handle)
        entries = [Entry(str(e["target"]), None if e["new"] is None else str(e["new"]), str(e["backup"]),
                         int(e["ino"])) for e in data["entries"]]
        dirs = [out / str(d) for d in data["dirs"]]
    except (OSError, ValueError, KeyError, TypeError):
        return None

    def plain(rel: str) -> bool:
        parts = Path(rel).parts
        return bool(parts) and not Path(rel).is_absolute() and all(p not in ("", ".", "..") for p in parts)

    for entry in entries:
        names = [entry.backup] + ([entry.new] if entry.new is not None else [])
        if not plain(entry.target) or any(Path(n).name != n or n in ("", ".", "..") for n in names):
            return None
    if not all(plain(str(d.relative_to(out))) for d in dirs):
        return None
    return entries, dirs


def recover(out: Path) -> None:
    """Finish what runs killed while writing into ``out`` left behind: roll an interrupted
    publication back (or a committed one forward) and remove their staging folders. Staging
    folders still locked by a live run are left alone."""
    try:
        names = [n for n in os.listdir(out) if n.startswith(PREFIX)]
    except OSError:
        return
    for name in names:
        path = out / name
        if os.path.islink(path) or not path.is_dir():
            continue
        if name.endswith(NEW_SUFFIX):  # killed before it was locked: only ever empty
            try:
                if time.time() - os.lstat(path).st_mtime > STALE_NEW_SECONDS:
                    shutil.rmtree(path, ignore_errors=True)
            except OSError:
                pass
            continue
        if not name.endswith(SUFFIX):
            continue
        try:
            fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
        except OSError:
            continue
        try:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                continue  # a live run's stage
            if not os.path.exists(path / COMMITTED):
                journal = _load_journal(path, out)
                if journal is not None:
                    problem = rollback(out, path, *journal)
                    if problem:
                        raise RailprintError(f"could not restore the files of an interrupted run in {out}: "
                                             f"{problem}")
            shutil.rmtree(path, ignore_errors=True)
        finally:
            os.close(fd)


def recovered(out: Path) -> None:
    """:func:`recover` under the folder lock."""
    with _folder_lock(out):
        recover(out)
