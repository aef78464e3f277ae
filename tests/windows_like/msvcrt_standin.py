"""A stand-in for Windows' ``msvcrt`` as far as railprint uses it: ``locking()``, with Windows'
meaning (a lock belongs to one open of the file: a second open, even in the same process, cannot
take it; the non-blocking modes raise OSError EACCES), built on ``flock``, which has that meaning
too. Imported by sitecustomize.py before it takes ``fcntl`` away, and by tests/platforms."""

import errno
import fcntl
import time
import types

LK_UNLCK, LK_LOCK, LK_NBLCK, LK_RLCK, LK_NBRLCK = 0, 1, 2, 3, 4
_flock, _LOCK_EX, _LOCK_NB, _LOCK_UN = fcntl.flock, fcntl.LOCK_EX, fcntl.LOCK_NB, fcntl.LOCK_UN


def locking(fd: int, mode: int, nbytes: int) -> None:
    """msvcrt.locking: LK_NBLCK/LK_NBRLCK raise OSError(EACCES) when another open of the file
    holds it; LK_LOCK/LK_RLCK try 10 times a second apart; LK_UNLCK lets go."""
    if mode == LK_UNLCK:
        _flock(fd, _LOCK_UN)
        return
    tries = 1 if mode in (LK_NBLCK, LK_NBRLCK) else 10
    for attempt in range(tries):
        try:
            _flock(fd, _LOCK_EX | _LOCK_NB)
            return
        except BlockingIOError:
            if attempt < tries - 1:
                time.sleep(1)
    raise OSError(errno.EACCES, "Permission denied")


def module() -> types.ModuleType:
    made = types.ModuleType("msvcrt", "Windows' msvcrt, as far as railprint uses it (tests/windows_like).")
    made.locking = locking
    made.LK_UNLCK, made.LK_LOCK, made.LK_NBLCK, made.LK_RLCK, made.LK_NBRLCK = 0, 1, 2, 3, 4
    return made
