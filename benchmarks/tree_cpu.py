"""The CPU (user+sys) of a command and of every process below it, orphans included (Linux).

    python benchmarks/tree_cpu.py python -m pytest -p no:cacheprovider

``/usr/bin/time`` counts a process's children only as far as each parent waits for its own:
when Chromium closes, its helper processes (the renderers' zygote and its reaper) are left to
init, and their CPU — most of the browser tests' — is never added to the run's. This script
makes itself a child subreaper (``prctl(PR_SET_CHILD_SUBREAPER)``): such orphans are handed to
it instead, it reaps them, and their time counts. (One browser test file, ``-n0``, 29 Nov 2026:
``/usr/bin/time`` 18.7 s, this 39.2 s.) It prints one line on stderr and exits with the
command's code.
"""

from __future__ import annotations

import ctypes
import os
import subprocess
import sys
import time

PR_SET_CHILD_SUBREAPER = 36


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    if ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        print("tree_cpu: prctl(PR_SET_CHILD_SUBREAPER) failed (Linux only)", file=sys.stderr)
        return 2
    start = time.monotonic()
    code = subprocess.Popen(argv).wait()
    left = 0
    deadline = time.monotonic() + 60   # orphans handed here: reap them (they may still be ending)
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            break
        if pid == 0:
            if time.monotonic() > deadline:
                left = 1
                break
            time.sleep(0.05)
    times = os.times()
    print(f"tree CPU: {times.children_user:.1f} user + {times.children_system:.1f} sys = "
          f"{times.children_user + times.children_system:.1f} s; {time.monotonic() - start:.0f} s wall"
          + ("; some processes still running after 60 s are not counted" if left else ""), file=sys.stderr)
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
