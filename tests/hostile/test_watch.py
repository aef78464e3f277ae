"""``railprint watch`` under hostile changes: files swapped for symlinks leading out of the
content folder, an output folder that stops being usable, bad options (issue 29)."""

from __future__ import annotations

import os
import re
import shutil

import pytest
from PIL import Image
from pypdf import PdfReader

from railprint.render import RenderOptions, Watcher
from tests.hostile.common import run

DECK = """kind: deck
id: d
game: g
title: {en: T}
size: poker
cards: {from: cards.csv}
templates:
  t:
    layers:
      - {type: text, text: '{name}', x: 2mm, y: 8mm}
      - {type: image, file: a.png, x: 2mm, y: 20mm, w: 30mm, h: 30mm}
"""


def _folder(tmp_path):
    game = tmp_path / "content" / "g"
    game.mkdir(parents=True)
    (game / "d.yaml").write_text(DECK, encoding="utf-8")
    (game / "cards.csv").write_text("template,name\nt,Hello\n", encoding="utf-8")
    Image.new("RGB", (400, 400), (255, 0, 0)).save(game / "a.png")
    (tmp_path / "secret.csv").write_text("template,name\nt,SECRETDATA\n", encoding="utf-8")
    Image.new("RGB", (400, 400), (0, 0, 255)).save(tmp_path / "outside.png")
    return game


def _swap(link, target):
    """Replace ``link`` by a symlink to ``target``, with a new modification time (lstat-visible)."""
    link.unlink()
    os.symlink(target, link)
    stat = target.stat()
    os.utime(target, ns=(stat.st_atime_ns, stat.st_mtime_ns + 2_000_000_000))


@pytest.mark.parametrize("swapped", ["cards.csv", "a.png"])
def test_a_file_swapped_for_a_symlink_out_is_refused_on_the_re_read(tmp_path, swapped):
    game = _folder(tmp_path)
    said: list[str] = []
    watcher = Watcher([tmp_path / "content"], "g", tmp_path / "out", RenderOptions(), say=said.append)
    assert watcher.step() == ["d"]
    pdf = tmp_path / "out" / "g" / "d.pdf"
    before = pdf.read_bytes()
    _swap(game / swapped, tmp_path / ("secret.csv" if swapped == "cards.csv" else "outside.png"))
    assert watcher.step() == []          # refused, exactly as `render` refuses it
    assert re.search(rf"(d\.yaml|cards\.csv):\d+:\d+: .*'{swapped}' is outside the content folder", "\n".join(said)), said
    assert pdf.read_bytes() == before    # the last good output stays; nothing from outside
    assert "SECRETDATA" not in PdfReader(pdf).pages[0].extract_text()
    result = run("render", "g", "--content", str(tmp_path / "content"), "-o", str(tmp_path / "out2"), "-q")
    assert result.exit_code == 1 and f"'{swapped}' is outside the content folder" in result.stderr


def test_an_unusable_output_folder_is_said_once_and_the_watch_recovers(tmp_path):
    game = _folder(tmp_path)
    out = tmp_path / "out"
    said: list[str] = []
    watcher = Watcher([tmp_path / "content"], "g", out, RenderOptions(), say=said.append)
    assert watcher.step() == ["d"]
    shutil.rmtree(out)
    out.write_text("not a folder")                     # the output folder became a file
    (game / "cards.csv").write_text("template,name\nt,Changed\n", encoding="utf-8")
    os.utime(game / "cards.csv", ns=(0, 10**18))
    said.clear()
    for _ in range(3):
        assert watcher.step() == []                    # no exception: it keeps watching
    problems = [line for line in said if line.startswith("Error:")]
    assert len(problems) == 1 and f"cannot write to the output folder {out}" in problems[0], said
    assert "still watching" in problems[0]
    out.unlink()                                       # usable again: the held-back set is written
    assert watcher.step() == ["d"]
    assert "Changed" in PdfReader(out / "g" / "d.pdf").pages[0].extract_text()
    assert watcher.step() == []


def test_the_watch_command_keeps_going_when_its_output_folder_is_a_file(tmp_path):
    _folder(tmp_path)
    out = tmp_path / "out"
    out.write_text("not a folder")
    result = run("watch", "g", "--content", str(tmp_path / "content"), "-o", str(out), "--rounds", "3",
                 "--interval", "0")
    assert result.exit_code == 0 and "Traceback" not in result.output, result.output
    assert result.stderr.count("cannot write to the output folder") == 1, result.stderr


@pytest.mark.parametrize("args, expected", [
    (["-o", ""], "an empty path"),
    (["-o", "  "], "an empty path"),
    (["--interval", "inf"], "inf is not a number of seconds"),
    (["--interval", "nan"], "nan is not a number of seconds"),
    (["--interval", "-1"], "-1.0 is not a number of seconds"),
    (["--interval", "1e300"], "is not a number of seconds"),
])
def test_watch_options_that_make_no_sense_are_usage_errors(tmp_path, monkeypatch, args, expected):
    _folder(tmp_path)
    monkeypatch.chdir(tmp_path)
    result = run("watch", "g", "--content", str(tmp_path / "content"), "--rounds", "1", *args)
    assert result.exit_code == 2 and "Traceback" not in result.output, result.output
    assert expected in result.output
    assert not (tmp_path / "g").exists() and not (tmp_path / "output").exists()
