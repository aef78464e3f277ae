"""A "Windows-like" CPython: with this folder on PYTHONPATH, the interpreter lacks what Windows'
CPython lacks, so railprint's Windows branches run (and its POSIX-only habits fail) on Linux.

Taken away: the modules ``fcntl``, ``termios``, ``resource``, ``grp``, ``pwd``, ``pty``, and
``uvloop`` (pyproject.toml installs it everywhere but Windows: serve runs on asyncio's loop there); the
signals Windows does not have (SIGHUP, SIGQUIT, SIGALRM, SIGPIPE, SIGUSR1, …) and the signal
functions (``pthread_sigmask``, ``sigpending``, ``alarm``, ``setitimer``, …); from ``os``:
``O_NONBLOCK``, ``O_NOCTTY``, ``O_DIRECTORY``, ``O_NOFOLLOW``, ``mkfifo``, ``mknod``, ``fork``,
``killpg``, ``setsid``, ``statvfs``, ``chown``, … and every ``dir_fd`` function
(``os.supports_dir_fd`` is empty on Windows). Opening a folder with ``os.open`` fails with
PermissionError, as on Windows. Kept: ``os.getuid`` and friends, which pytest's ``tmp_path``
calls when ``sys.platform`` is not win32 (tests/meta forbids them in railprint instead).

Given, as on Windows: ``signal.SIGBREAK`` (Ctrl-Break, number 21) and ``msvcrt`` with
``locking()`` (msvcrt_standin.py: Windows' meaning, built on the real ``flock`` taken before
``fcntl`` goes).

``RAILPRINT_WINDOWS_LIKE`` is set to 1 so tests can tell they run here. tests/platforms and
.ci/run use it (docs/platforms.md).
"""

import errno
import os
import signal
import sys

import msvcrt_standin  # takes what it needs of fcntl before fcntl goes

for _name in ("fcntl", "termios", "resource", "grp", "pwd", "pty", "tty", "posix_ipc", "uvloop"):
    sys.modules[_name] = None  # "import fcntl" raises ImportError, as on Windows

# SIGKILL stays for the tests' Popen.kill() (subprocess is POSIX here; on Windows it is TerminateProcess)
_WINDOWS_SIGNALS = {"SIGABRT": 6, "SIGFPE": 8, "SIGILL": 4, "SIGINT": 2, "SIGSEGV": 11, "SIGTERM": 15, "SIGKILL": 9}
for _name in dir(signal):
    if _name.startswith("SIG") and not _name.startswith("SIG_") and _name not in _WINDOWS_SIGNALS:
        delattr(signal, _name)
for _name in ("pthread_sigmask", "pthread_kill", "sigpending", "sigwait", "sigwaitinfo", "sigtimedwait", "alarm",
              "pause", "setitimer", "getitimer", "siginterrupt", "pidfd_send_signal", "SIG_BLOCK", "SIG_UNBLOCK",
              "SIG_SETMASK", "ITIMER_REAL", "ITIMER_VIRTUAL", "ITIMER_PROF", "ItimerError", "struct_siginfo"):
    if hasattr(signal, _name):
        delattr(signal, _name)
signal.SIGBREAK = 21
signal.CTRL_C_EVENT, signal.CTRL_BREAK_EVENT = 0, 1
signal.valid_signals = lambda: {2, 4, 6, 8, 11, 15, 21}

for _name in ("O_NONBLOCK", "O_NOCTTY", "O_DIRECTORY", "O_NOFOLLOW", "O_CLOEXEC", "O_SYNC", "O_DSYNC", "O_ASYNC",
              "O_NDELAY", "O_PATH", "O_TMPFILE", "O_NOATIME", "O_DIRECT", "O_LARGEFILE", "O_RSYNC",
              "mkfifo", "mknod", "fork", "forkpty", "openpty", "getgroups",
              "setuid", "setgid", "seteuid", "setegid", "getpgid", "setpgid", "getpgrp", "setsid", "getsid",
              "killpg", "chown", "lchown", "fchown", "fchmod", "lchmod", "statvfs", "fstatvfs", "sync", "pipe2",
              "sched_getaffinity", "getloadavg", "nice", "wait3", "wait4", "ctermid", "ttyname", "register_at_fork",
              "posix_fadvise", "posix_fallocate", "pread", "pwrite", "sendfile", "getxattr", "setxattr",
              "listxattr", "removexattr", "memfd_create", "eventfd", "splice"):
    if hasattr(os, _name):
        delattr(os, _name)
os.supports_dir_fd = set()
os.O_BINARY, os.O_NOINHERIT, os.O_TEXT = 0, 0, 0  # Windows has them; here they change nothing

_real_open = os.open


def _open(path, flags, mode=0o777, *, dir_fd=None):
    """os.open, refusing a folder as Windows does (it cannot open one)."""
    if dir_fd is not None:
        raise NotImplementedError("dir_fd unavailable on this platform")
    if not isinstance(path, int) and os.path.isdir(path):
        raise PermissionError(errno.EACCES, "Permission denied", os.fsdecode(path))
    return _real_open(path, flags, mode)


os.open = _open

# The standard library's own "is this Windows?" probes (subprocess, getpass: "import msvcrt")
# run first, against the real system: the stand-in is for railprint's locking only.
import getpass  # noqa: E402,F401
import subprocess  # noqa: E402,F401

sys.modules["msvcrt"] = msvcrt_standin.module()

os.environ["RAILPRINT_WINDOWS_LIKE"] = "1"
del _name
