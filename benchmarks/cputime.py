"""CPU time first, wall second: the machine the benchmarks run on is shared, and a busy neighbour
stretches the wall clock but hardly the CPU time a run needs. Every benchmark judges by CPU."""

from __future__ import annotations

import resource
import subprocess
import time
from typing import Callable


def run_process(cmd: list[str], *, env: dict | None = None, cwd: str | None = None) -> tuple[float, float, int]:
    """(CPU seconds user+sys, wall seconds, exit code) of one whole child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=cwd)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall, done.returncode


def best_process(cmd: list[str], repeat: int, **kwargs) -> tuple[float, float]:
    """Best (lowest) CPU and best wall seconds of ``repeat`` runs of ``cmd`` (each must exit 0)."""
    cpu = wall = float("inf")
    for _ in range(repeat):
        c, w, code = run_process(cmd, **kwargs)
        if code != 0:
            raise SystemExit(f"{' '.join(cmd)} exited {code}")
        cpu, wall = min(cpu, c), min(wall, w)
    return cpu, wall


def best_call(fn: Callable[[], object], repeat: int, setup: Callable[[], object] = lambda: None) -> tuple[float, float]:
    """Best CPU and best wall seconds of ``repeat`` calls of ``fn`` in this process (``setup``
    runs before each call, untimed)."""
    cpu = wall = float("inf")
    for _ in range(repeat):
        setup()
        start_cpu, start = time.process_time(), time.perf_counter()
        fn()
        cpu = min(cpu, time.process_time() - start_cpu)
        wall = min(wall, time.perf_counter() - start)
    return cpu, wall


def verdict(cpu: float, limit: float) -> str:
    return "OK" if cpu <= limit else "OVER"
