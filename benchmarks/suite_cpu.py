"""Where the test suite's CPU goes, per test file: a pytest plugin (Linux: reads /proc).

    python -m pytest -p benchmarks.suite_cpu                 # the README's run, -n auto
    python -m pytest -p benchmarks.suite_cpu -n0 tests/serve  # one folder, one process

For every test it records the CPU time (user+sys) of the test process itself
(``time.process_time``) and of every process below it — Chromium and Playwright's driver for the
browser tests, ``railprint serve`` processes, CLI subprocesses — read from ``/proc/<pid>/stat``
(the process's own time plus the time of the children it has reaped) before and after the test.
A process that ends during a test counts through its parent's children's time (or, when the
test process itself waited for it — a CLI ``subprocess.run``, a ``railprint serve`` it stopped —
through the test process's own, ``os.times``), less what the reading before the test had
already counted of it: a Chromium renderer that outlives one test and is reaped by Chromium in
a later one counts once, not again in full (before 29 Nov this was done for the test process's
own children only, and the browser tests' "below" figures were about three times their CPU).
A process that ends without being reaped inside the tree (re-parented to init) would be
subtracted without being counted; a test's figure never goes below zero. ``/usr/bin/time`` of
the whole run is the check: the files' totals and the time outside tests add up to it. A session fixture's set-up (the browser's launch) is charged to the first
test that asks for it.

At the end the controller prints a table, files by total CPU, and the totals per test process
(collection and teardown: the process's CPU outside every test). Each test process also writes
its rows to ``$SUITE_CPU_OUT`` (default ``.cache/suite-cpu``) as ``<worker>.json``.
Figures are CPU time, so they hold on a busy machine far better than the wall time the table also
shows (docs/performance.md, "The test suite").
"""

from __future__ import annotations

import collections
import json
import os
import time
from pathlib import Path

import pytest

_TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
_OUT = Path(os.environ.get("SUITE_CPU_OUT", ".cache/suite-cpu"))
_WORKER = os.environ.get("PYTEST_XDIST_WORKER")


def _tree() -> dict[int, float]:
    """pid -> CPU seconds (own + reaped children) of every process below this one."""
    children: dict[int, list[tuple[int, float]]] = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat", "rb") as f:
                stat = f.read()
        except OSError:   # gone meanwhile
            continue
        fields = stat[stat.rfind(b")") + 2:].split()
        cpu = sum(int(x) for x in fields[11:15]) / _TICK   # utime stime cutime cstime
        children.setdefault(int(fields[1]), []).append((int(entry.name), cpu))
    out: dict[int, float] = {}
    todo = [os.getpid()]
    while todo:
        for pid, cpu in children.get(todo.pop(), ()):
            out[pid] = cpu
            todo.append(pid)
    return out


def _waited() -> float:
    """CPU seconds of this process's children it has waited for."""
    times = os.times()
    return times.children_user + times.children_system


class _Recorder:
    def __init__(self):
        self.rows: list[tuple[str, float, float, float]] = []
        self.start = (time.process_time(), time.perf_counter())
        self.children = 0.0

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item, nextitem):
        own, wall, tree, waited = time.process_time(), time.perf_counter(), _tree(), _waited()
        yield
        after = _tree()
        below = sum(max(0.0, cpu - tree.get(pid, 0.0)) for pid, cpu in after.items())
        # processes that ended meanwhile: their whole time is in their parent's (or the test
        # process's waited-for) children's time, less what the reading before counted of them
        below += _waited() - waited - sum(cpu for pid, cpu in tree.items() if pid not in after)
        below = max(0.0, below)
        self.children += below
        self.rows.append((item.nodeid, time.process_time() - own, below, time.perf_counter() - wall))

    def pytest_sessionfinish(self, session):
        _OUT.mkdir(parents=True, exist_ok=True)
        (_OUT / f"{_WORKER or 'main'}.json").write_text(json.dumps({
            "rows": self.rows, "process": time.process_time() - self.start[0],
            "children": self.children, "wall": time.perf_counter() - self.start[1]}))


def _report(terminal, workers: list[str]) -> None:
    files: dict[str, list[float]] = collections.defaultdict(lambda: [0.0, 0.0, 0.0, 0])
    lines = []
    for name in workers:
        path = _OUT / f"{name}.json"
        if not path.is_file():
            continue
        data = json.loads(path.read_text())
        inside = sum(own for _, own, _, _ in data["rows"])
        lines.append(f"  {name}: {data['process']:.1f} s in the test process ({data['process'] - inside:.1f} s "
                     f"outside tests: collection, teardown), {data['children']:.1f} s in processes below it, "
                     f"{data['wall']:.0f} s wall")
        for nodeid, own, below, wall in data["rows"]:
            row = files[nodeid.split("::")[0]]
            row[0] += own
            row[1] += below
            row[2] += wall
            row[3] += 1
    if not files:
        return
    terminal.write_sep("=", "CPU per test file (benchmarks/suite_cpu.py)")
    terminal.write_line(f"{'file':<64} {'tests':>5} {'python':>7} {'below':>7} {'total':>7} {'wall':>7}")
    for name, (own, below, wall, count) in sorted(files.items(), key=lambda x: -(x[1][0] + x[1][1]))[:40]:
        terminal.write_line(f"{name:<64} {count:>5} {own:>7.1f} {below:>7.1f} {own + below:>7.1f} {wall:>7.1f}")
    own, below = sum(r[0] for r in files.values()), sum(r[1] for r in files.values())
    terminal.write_line(f"{'all ' + str(len(files)) + ' files':<64} {sum(r[3] for r in files.values()):>5} "
                        f"{own:>7.1f} {below:>7.1f} {own + below:>7.1f}")
    for line in lines:
        terminal.write_line(line)
    terminal.write_line(f"  load average at the end: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


def pytest_configure(config):
    if _WORKER or not getattr(config.option, "numprocesses", None):   # a test process
        config.pluginmanager.register(_Recorder(), "suite-cpu-recorder")
    for old in _OUT.glob("*.json") if not _WORKER else ():
        old.unlink()


def pytest_terminal_summary(terminalreporter, config):
    if _WORKER:
        return
    workers = [f"gw{i}" for i in range(64)] + ["main"]
    _report(terminalreporter, workers)
