"""All-or-nothing publication of a run's files into an output folder.

The staged writer (:func:`railprint.writers.write_files`) writes every file of a run into a hidden
staging folder ``OUT/.railprint-XXXXXXXX.part`` and then calls :func:`publish`, which moves the
whole set into place as one unit:

1. Every target is checked before the first rename: a folder (or a non-folder parent) standing
   where an output file goes is an error naming the output file, and nothing is replaced.
2. A journal (``journal.json`` in the staging folder) lists every target, its staged file and
   its backup name; then, target by target, the old file is hard-linked into the staging folder
   as its backup (renamed there when a hard link is impossible) and the new file is renamed
   over it (on Windows, a target another program holds open is retried briefly, then named in
   the error). A failure, or Ctrl-C, SIGTERM, SIGHUP or Ctrl-Break arriving meanwhile (deferred
   for the whole window, :func:`railprint.platform.deferred_signals`), rolls back every file
   already replaced from its backup.
   Only when every file is in place is ``committed`` created: the point of no return.
3. A deferred signal is re-delivered after the window (exit 130 / 143 — Ctrl-C is never
   swallowed) and the previous complete set is what stays.
4. A run killed outright (SIGKILL, power loss) leaves its staging folder; each staging folder is
   locked by its live run (made under the output folder's lock, so never seen unlocked), so
   the next run writing into that folder finds the unlocked ones, rolls an interrupted
   publication back (or, if it had committed, forward: the set is already whole) and removes
   them (:func:`recover`).

Publications into one folder are serialised with a lock on the folder itself
(:func:`railprint.platform.hold_folder`: ``flock``, or a lock file on Windows). Errors name
output files, never staging names.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from railprint.errors import RailprintError
from railprint import platform
from railprint.loading.paths import is_inside

PREFIX = ".railprint-"
SUFFIX = ".part"        # a staging folder, locked by its live run
NEW_SUFFIX = ".new"     # a staging folder being created by an older railprint (renamed to .part once locked)
JOURNAL = "journal.json"
COMMITTED = "committed"
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
    """An exclusive lock on the output folder: one publication (or recovery) at a time."""
    try:
        lock = platform.hold_folder(out, wait=True)
    except OSError as exc:
        raise _named(exc, out) from None
    try:
        yield
    finally:
        lock.release()


def _remove_stage(path: Path, lock: platform.FolderLock | None) -> None:
    """Remove a staging folder and let go of its lock (on Windows the lock file, open until
    released, goes with a second pass)."""
    shutil.rmtree(path, ignore_errors=True)
    if lock is not None:
        lock.release()
    if os.path.lexists(path):
        shutil.rmtree(path, ignore_errors=True)


class Stage:
    """A locked staging folder inside ``out`` (hidden; removed by :meth:`close`). It is made and
    locked under the folder's lock, so a recovering run never finds it unlocked."""

    def __init__(self, out: Path) -> None:
        with _folder_lock(out):
            try:
                self.path = Path(tempfile.mkdtemp(prefix=PREFIX, suffix=SUFFIX, dir=out))
            except OSError as exc:
                raise _named(exc, out) from None
            try:
                self.lock = platform.hold_folder(self.path, wait=False)
            except OSError as exc:
                shutil.rmtree(self.path, ignore_errors=True)
                raise _named(exc, out) from None
        self.keep = False  # a failed rollback keeps the stage (and its journal) for recovery

    def close(self) -> None:
        if self.keep:
            if self.lock is not None:
                self.lock.release()
        else:
            _remove_stage(self.path, self.lock)


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
    with _folder_lock(out), platform.deferred_signals() as pending:
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
    """Back the old ``target`` up into the stage and put the new file in its place (on Windows
    a target another program holds open is tried again briefly, then named in the error)."""
    backup = stage / entry.backup
    try:
        linked = False
        if os.path.lexists(target):
            linked = platform.while_in_use(lambda: _back_up(target, backup), target)
        if entry.new is not None:
            platform.while_in_use(lambda: os.replace(stage / entry.new, target), target)
        elif linked:
            platform.while_in_use(lambda: os.unlink(target), target)
    except OSError as exc:
        raise _named(exc, target) from None


def _back_up(target: Path, backup: Path) -> bool:
    """Hard-link ``target`` as ``backup`` (True), or move it there where links are impossible."""
    try:
        os.link(target, backup, follow_symlinks=False)
        return True
    except (OSError, NotImplementedError):
        os.rename(target, backup)
        return False


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
                if current is not None and os.path.samestat(current, back):
                    pass  # never replaced (a hard-linked backup): nothing to restore, nothing to touch
                elif current is None or ours:
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
            lock = platform.hold_folder(path, wait=False)
        except OSError:
            continue
        if lock is None or not lock.held:  # a live run's stage (or no locks here: left alone)
            if lock is not None:
                lock.release()
            continue
        try:
            if not os.path.exists(path / COMMITTED):
                journal = _load_journal(path, out)
                if journal is not None:
                    problem = rollback(out, path, *journal)
                    if problem:
                        raise RailprintError(f"could not restore the files of an interrupted run in {out}: "
                                             f"{problem}")
        except BaseException:
            lock.release()
            raise
        _remove_stage(path, lock)


def recovered(out: Path) -> None:
    """:func:`recover` under the folder lock."""
    with _folder_lock(out):
        recover(out)
