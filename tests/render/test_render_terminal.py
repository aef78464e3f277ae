"""What a person sees in a terminal after ``railprint render``: a few lines a game (files and
sheets, where, what else to bring, the guide PDF), not the whole print guide (~35 lines a game,
~270 for ``render all``), and no list of every file (that goes to a pipe or a script); and
``--quiet`` prints nothing."""

from __future__ import annotations

import os
import pty
import re
import subprocess
import sys

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal")


def _at_a_terminal(*args: str) -> tuple[int, str]:
    """railprint ARGS with stdout and stderr on a pseudo-terminal: (exit code, what it showed)."""
    leader, follower = pty.openpty()
    env = dict(os.environ, COLUMNS="100", TERM="dumb")
    done = subprocess.Popen([sys.executable, "-m", "railprint", *args], stdin=subprocess.DEVNULL,
                            stdout=follower, stderr=follower, env=env)
    os.close(follower)
    shown = b""
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:   # the child closed its end
            break
        if not chunk:
            break
        shown += chunk
    os.close(leader)
    code = done.wait(timeout=300)
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", shown.decode("utf-8", "replace")).replace("\r", "\n")
    return code, "\n".join(line for line in text.splitlines() if line.strip() and "rendering" not in line
                           and "━" not in line)


def test_a_terminal_shows_a_few_lines_and_the_guide_pdf(tmp_path):
    code, shown = _at_a_terminal("render", "days-of-steam", "-o", str(tmp_path / "out"))
    assert code == 0, shown
    lines = shown.splitlines()
    assert lines == [
        f"Days of Steam: 4 files, 10 sheets (9 on card stock, 1 on plain paper) in {tmp_path / 'out' / 'days-of-steam'}",
        "  also bring: a cloth bag or a cup to draw the goods from",
        f"  how to print, cut and assemble it: {tmp_path / 'out' / 'days-of-steam' / 'days-of-steam-guide.pdf'}",
        f"5 file(s) written to {tmp_path / 'out'}. Print at 100 % (actual size, never 'fit to page'); "
        "two-sided files flip on the long edge.",
    ], shown
    assert (tmp_path / "out" / "days-of-steam" / "days-of-steam-guide.pdf").stat().st_size > 0


def test_in_polish_and_quiet(tmp_path):
    code, shown = _at_a_terminal("render", "railroad-ink", "--lang", "pl", "-o", str(tmp_path / "out"))
    assert code == 0, shown
    assert shown.splitlines()[0].startswith("Kolejowy szlak: 3 pliki, 5 arkuszy (1 na kartonie, 4 na zwykłym papierze) w ")
    assert "jak drukować, ciąć i składać: " in shown and shown.splitlines()[-1].startswith("Zapisano pliki (4) w ")
    code, shown = _at_a_terminal("render", "railroad-ink", "--quiet", "-o", str(tmp_path / "again"))
    assert code == 0 and shown == ""
