"""``railprint watch``: re-render only what a saved file affects, keep the last good output."""

from __future__ import annotations

import os
import shutil

from railprint.loading.resources import content_path
from railprint.render import RenderOptions, Watcher
from tests.helpers import run_cli

DECK = """kind: deck
id: {id}
game: g
title: {{en: T}}
size: poker
templates:
  t:
    layers:
      - {{type: text, text: '{{name}}', x: 5mm, y: 10mm}}
default_template: t
cards: {{from: cards.csv}}
"""


def _touch(path, text):
    path.write_text(text, encoding="utf-8")
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))  # a new mtime even on coarse clocks


def test_only_the_affected_set_is_rebuilt_and_errors_keep_the_last_output(tmp_path):
    content = tmp_path / "content"
    (content / "a").mkdir(parents=True)
    (content / "b").mkdir()
    (content / "a" / "a.yaml").write_text(DECK.format(id="a"), encoding="utf-8")
    (content / "a" / "cards.csv").write_text("name\nAla\n", encoding="utf-8")
    (content / "b" / "b.yaml").write_text(DECK.format(id="b"), encoding="utf-8")
    (content / "b" / "cards.csv").write_text("name\nBea\n", encoding="utf-8")
    said = []
    watcher = Watcher([content], "g", tmp_path / "out", RenderOptions(), preview=True, say=said.append)
    assert sorted(watcher.step()) == ["a", "b"]
    assert watcher.step() == []                                           # nothing saved: nothing done
    pdf = tmp_path / "out" / "g" / "a.pdf"
    first = pdf.read_bytes()
    assert (tmp_path / "out" / "g" / "a-preview.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    _touch(content / "a" / "cards.csv", "name\nAla\nOla\n")
    assert watcher.step() == ["a"]                                        # the card list's set only
    second = pdf.read_bytes()
    assert second != first
    _touch(content / "a" / "a.yaml", DECK.format(id="a").replace("size: poker", "size: pokr"))
    assert watcher.step() == []
    assert any("a.yaml:5:7: unknown size 'pokr'" in line for line in said), said   # located, no exit
    assert pdf.read_bytes() == second                                     # the last good output stays
    _touch(content / "a" / "a.yaml", DECK.format(id="a"))
    assert watcher.step() == ["a"]


def test_watch_command_runs_and_stops(tmp_path):
    folder = tmp_path / "sm"
    shutil.copytree(content_path("examples", "station-master"), folder)
    result = run_cli("watch", "examples", "--content", str(folder), "-o", str(tmp_path / "out"), "--rounds", "2",
                     "--interval", "0.05")
    assert result.exit_code == 0, result.output
    assert "station-master.pdf" in result.stderr and "s CPU" in result.stderr
