"""Every command of railprint — render, sheet, score, validate, export, watch, serve — run by a
"Windows-like" CPython (tests/windows_like/sitecustomize.py: no fcntl, termios, resource, no
SIGHUP or signal masks, no os.O_NONBLOCK, mkfifo, fork, folders that cannot be opened), and by
the same interpreter with a Windows console's code page (cp1252, cp850) on stdout.

Each command runs as a subprocess of that interpreter; the outputs are read back (pages, text,
scores), not just found. docs/platforms.md says what the simulation covers and what it cannot.
"""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from pypdf import PdfReader

ROOT = Path(__file__).resolve().parents[2]
WINDOWS_LIKE = ROOT / "tests" / "windows_like"
MINI = ROOT / "tests" / "data" / "content" / "mini"   # my-game's deck "my-cards": Tromsø ×3, Łódź ×2, Gothenburg
GAME = """\
end: tiles
players:
  - {name: Łukasz, goods: RG, circuits: 0, steam: 1}
  - {name: Tromsø, goods: '', circuits: 2, steam: 1}
"""


def _env(encoding: str = "utf-8", **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONIOENCODING", "PYTHONUTF8")}
    env.update(PYTHONPATH=str(WINDOWS_LIKE), PYTHONIOENCODING=f"{encoding}:strict", PYTHONUTF8="0", **extra)
    return env


def railprint(*args: str, cwd: Path, encoding: str = "utf-8", **extra: str) -> subprocess.CompletedProcess:
    """``python -m railprint ARGS`` in the Windows-like interpreter; stdout/stderr decoded with
    ``encoding`` (the console's code page; strict, as Windows' Python is on a pipe)."""
    done = subprocess.run([sys.executable, "-m", "railprint", *args], cwd=cwd, env=_env(encoding, **extra),
                          capture_output=True, timeout=300)
    done.stdout, done.stderr = done.stdout.decode(encoding), done.stderr.decode(encoding)
    assert "Traceback" not in done.stderr, done.stderr
    return done


def test_the_interpreter_lacks_what_windows_lacks(tmp_path):
    probe = ("import importlib, os, signal\n"
             "gone = []\n"
             "for m in ('fcntl', 'termios', 'resource'):\n"
             "    try: importlib.import_module(m)\n"
             "    except ImportError: gone.append(m)\n"
             "gone += [n for n in ('O_NONBLOCK', 'O_DIRECTORY', 'mkfifo', 'fork') if not hasattr(os, n)]\n"
             "gone += [n for n in ('SIGHUP', 'SIGQUIT', 'pthread_sigmask', 'sigpending') if not hasattr(signal, n)]\n"
             "try: os.open('.', os.O_RDONLY)\n"
             "except PermissionError: gone.append('open a folder')\n"
             "import railprint.platform as p\n"
             "print(gone, p.fcntl is None, signal.SIGBREAK in p.STOP_SIGNALS, os.environ['RAILPRINT_WINDOWS_LIKE'])\n")
    done = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, env=_env(), capture_output=True, text=True,
                          timeout=60)
    assert done.stdout.split() == ["['fcntl',", "'termios',", "'resource',", "'O_NONBLOCK',", "'O_DIRECTORY',",
                                   "'mkfifo',", "'fork',", "'SIGHUP',", "'SIGQUIT',", "'pthread_sigmask',",
                                   "'sigpending',", "'open", "a", "folder']", "True", "True", "1"], done.stderr


def _text(pdf: Path) -> str:
    return "".join(page.extract_text() for page in PdfReader(pdf).pages)


def test_render_twice_replaces_the_set_and_leaves_nothing_behind(tmp_path):
    for _ in range(2):
        done = railprint("render", "my-game", "--content", str(MINI), "-o", "out", "-q", cwd=tmp_path)
        assert done.returncode == 0, done.stderr
    pdf = tmp_path / "out" / "my-game" / "my-cards.pdf"
    reader = PdfReader(pdf)
    assert len(reader.pages) == 2                                   # 6 cards on one sheet, duplex: front + back
    assert reader.pages[0].mediabox.width == pytest.approx(595.28, abs=0.5)   # A4
    text = _text(pdf)
    assert text.count("Tromsø") == 3 and text.count("Łódź") == 2
    assert not [p for p in (tmp_path / "out").rglob(".*")]         # no stage, no lock file


def test_sheet(tmp_path):
    done = railprint("sheet", "railroad-ink", "--seed", "7", "--lang", "pl", "-o", "sheet.pdf", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    reader = PdfReader(tmp_path / "sheet.pdf")
    assert len(reader.pages) == 1 and "7" in _text(tmp_path / "sheet.pdf")


@pytest.mark.parametrize("encoding", ["utf-8", "cp1252", "cp850"])
def test_score_prints_polish_and_nordic_names_on_any_console(tmp_path, encoding):
    (tmp_path / "gra.yaml").write_bytes(GAME.replace("\n", "\r\n").encode())   # as Notepad saves it
    table = railprint("score", "days-of-steam", "gra.yaml", cwd=tmp_path, encoding=encoding)
    assert table.returncode == 0, table.stderr
    if encoding == "utf-8":
        assert "Łukasz" in table.stdout and "Tromsø" in table.stdout
    else:   # a letter the code page lacks prints plain (Ł → L); one it has stays (ø)
        assert "Lukasz" in table.stdout and "Tromsø" in table.stdout and "Łukasz" not in table.stdout
    as_json = railprint("score", "days-of-steam", "gra.yaml", "--json", cwd=tmp_path, encoding=encoding)
    assert as_json.returncode == 0, as_json.stderr
    players = json.loads(as_json.stdout)["players"]   # the JSON contract stays exact (\u escapes)
    assert {p["name"]: p["total"] for p in players} == {"Łukasz": 5, "Tromsø": 2}


def test_validate_names_the_file_as_the_user_wrote_it(tmp_path):
    done = railprint("validate", str(MINI), cwd=tmp_path)
    assert done.returncode == 0 and "1 content file(s) OK" in done.stderr, done.stderr
    (tmp_path / "broken" / "my-game").mkdir(parents=True)
    (tmp_path / "broken" / "my-game" / "d.yaml").write_text("kind: deck\nid: d\ngame: my-game\nsize: poker\n"
                                                            "cards: [{template: nope}]\n", encoding="utf-8")
    done = railprint("validate", "broken/../broken", cwd=tmp_path, encoding="cp1252")
    assert done.returncode == 1
    assert done.stderr.startswith("Error: ") and "broken/../broken/my-game/d.yaml:" in done.stderr, done.stderr


def test_export_tts(tmp_path):
    done = railprint("export", "tts", "my-game", "--content", str(MINI), "--dpi", "40", "-o", "tts", "-q", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    saved = json.loads((tmp_path / "tts" / "my-game" / "my-cards.json").read_text(encoding="utf-8"))
    deck = saved["ObjectStates"][0]
    assert len(deck["ContainedObjects"]) == 6
    assert sorted({c["Nickname"] for c in deck["ContainedObjects"]}) == ["Gothenburg", "Tromsø", "Łódź"]


def test_watch_renders_and_keeps_polling(tmp_path):
    done = railprint("watch", "my-game", "--content", str(MINI), "-o", "out", "--rounds", "3", "--interval", "0.05",
                     cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stderr.count("my-cards.pdf") == 1                  # rendered once: nothing changed since
    assert _text(tmp_path / "out" / "my-game" / "my-cards.pdf").count("Łódź") == 2


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str, body: dict | None = None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def test_serve_keeps_rooms_in_the_data_folder_and_stops_on_ctrl_c(tmp_path):
    port = _free_port()
    data_home = tmp_path / "data-home"
    proc = subprocess.Popen([sys.executable, "-m", "railprint", "serve", "--port", str(port)], cwd=tmp_path,
                            env=_env(XDG_DATA_HOME=str(data_home)), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        base = f"http://127.0.0.1:{port}"
        for _ in range(300):
            try:
                games = _get(base + "/api/games")
                break
            except OSError:
                time.sleep(0.1)
                assert proc.poll() is None, proc.stderr.read().decode()
        assert "days-of-steam" in [g["id"] for g in games]
        room = _get(base + "/api/rooms", {"game": "days-of-steam", "players": ["Łukasz", "Åse"]})
        assert [r["id"] for r in _get(base + "/api/rooms")] == [room["room"]["id"]]
        assert list((data_home / "railprint").iterdir())           # the default data folder (platformdirs)
    finally:
        proc.send_signal(signal.SIGINT)                             # Ctrl-C
        code = proc.wait(timeout=60)
    assert code == 0, proc.stderr.read().decode()


def test_serve_with_two_workers_starts_without_fork_and_stops_every_process_on_ctrl_c(tmp_path):
    """``serve --workers 2``: the workers are spawned (no ``fork``), share the port and the rooms
    file (a change made through one is read through any), and Ctrl-C to the server leaves no
    process of it behind."""
    proc = subprocess.Popen([sys.executable, "-m", "railprint", "serve", "--port", "0", "--workers", "2",
                             "--data", str(tmp_path / "data")], cwd=tmp_path, env=_env(),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        for line in proc.stdout:
            found = re.search(rb"open (http://127\.0\.0\.1:\d+)/ .*\(2 worker processes", line)
            if found:
                break
        else:
            raise AssertionError(proc.stderr.read().decode())
        base = found.group(1).decode()
        family = _descendants(proc.pid)
        assert len(family) >= 2                                    # two workers (and multiprocessing's tracker)
        room = _get(base + "/api/rooms", {"game": "days-of-steam", "players": ["Łukasz", "Åse"]})["room"]
        for _ in range(6):                                         # new connections: both workers answer
            assert _get(f"{base}/api/rooms/{room['id']}")["room"]["version"] == 0
        changed = _get(f"{base}/api/rooms/{room['id']}/changes",
                       {"version": 0, "parts": {"player:Åse": {"goods": {"R": 1, "G": 1, "Y": 0, "B": 0}, "circuits": 1, "steam": 2}}})
        assert changed["room"]["version"] == 1
        for _ in range(6):
            assert _get(f"{base}/api/rooms/{room['id']}?after=0")["room"]["version"] == 1
    finally:
        proc.send_signal(signal.SIGINT)                             # Ctrl-C
        code = proc.wait(timeout=60)
    errors = proc.stderr.read().decode()
    assert code == 0 and "Traceback" not in errors, errors
    deadline = time.monotonic() + 20
    while [pid for pid in family if _alive(pid)] and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [pid for pid in family if _alive(pid)]


def _descendants(pid: int) -> set[int]:
    """Every process started by ``pid`` and by those (from /proc)."""
    parents = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parents[int(entry.name)] = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
    found, todo = set(), [pid]
    while todo:
        mine = todo.pop()
        for kid, parent in parents.items():
            if parent == mine and kid not in found:
                found.add(kid)
                todo.append(kid)
    return found


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False
