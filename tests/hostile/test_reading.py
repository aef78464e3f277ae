"""Content reads only regular files inside the content folder, of bounded size; references stay
inside it and no word of an outside file leaks through a suggestion."""

from __future__ import annotations

import os

import pytest

from railprint.errors import ContentError
from railprint.loading import text as text_module
from railprint.loading.text import read_text

from .common import deck, run, write




def test_a_fifo_named_like_a_content_file_is_refused_without_blocking(tmp_path, alarm):
    content = write(tmp_path, {"a.yaml": deck()})
    os.mkfifo(content / "g" / "x.yaml")
    result = run("validate", str(content))
    assert result.exit_code == 1
    assert "x.yaml" in result.stderr and "not a regular file" in result.stderr
    with pytest.raises(ContentError, match="not a regular file"):
        read_text(content / "g" / "x.yaml")


def test_a_symlink_to_dev_zero_is_refused(tmp_path, alarm):
    link = tmp_path / "zero.yaml"
    link.symlink_to("/dev/zero")
    with pytest.raises(ContentError, match="not a regular file"):
        read_text(link)
    content = write(tmp_path, {"a.yaml": deck()})
    (content / "g" / "z.yaml").symlink_to("/dev/zero")
    result = run("render", "all", "--content", str(content), "-o", str(tmp_path / "out"), "-q")
    assert result.exit_code == 1 and "z.yaml" in result.stderr


def test_files_over_the_size_cap_are_refused(tmp_path, monkeypatch):
    assert text_module.MAX_FILE_BYTES == 16 * 1024 * 1024
    monkeypatch.setattr(text_module, "MAX_FILE_BYTES", 1000)
    big = tmp_path / "big.yaml"
    big.write_text("a: " + "x" * 2000)
    with pytest.raises(ContentError, match="larger than"):
        read_text(big)


SECRET = "name: ZanzibarSecret\ncities:\n  - {id: zz, name: Quuxville, at: [0.5, 0.5]}\n"


@pytest.mark.parametrize("reference", ["/etc/passwd", "../../outside/m.yaml", "../../outside/link.yaml"])
def test_a_minimap_may_not_read_outside_the_content_folder(tmp_path, reference):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "m.yaml").write_text(SECRET)
    (outside / "link.yaml").symlink_to(outside / "m.yaml")
    layer = f"{{type: minimap, map: '{reference}', x: 1mm, y: 1mm, w: 20mm, h: 20mm, mark: [Quuxvile, rot]}}"
    content = write(tmp_path, {"a.yaml": deck(layer=layer)})
    result = run("render", "all", "--content", str(content), "-o", str(tmp_path / "out"), "-q")
    assert result.exit_code == 1
    assert "a.yaml:" in result.stderr and "outside the content folder" in result.stderr
    for word in ("Quuxville", "Zanzibar", "root:", "daemon", "nologin"):
        assert word not in result.stderr


def test_a_minimap_inside_the_content_folder_still_works(tmp_path):
    layer = "{type: minimap, map: m.yaml, x: 1mm, y: 1mm, w: 20mm, h: 20mm, mark: [Quuxville]}"
    content = write(tmp_path, {"a.yaml": deck(layer=layer)})
    (content / "g" / "_m.yaml").write_text(SECRET)
    (content / "g" / "a.yaml").write_text(deck(layer=layer.replace("m.yaml", "_m.yaml")))
    result = run("render", "all", "--content", str(content), "-o", str(tmp_path / "out"), "-q")
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("reference,message", [("nope.yaml", "minimap map file not found: nope.yaml"),
                                               ("sub", "not a minimap map file")])
def test_a_missing_minimap_map_file_is_a_located_error(tmp_path, reference, message):
    layer = f"{{type: minimap, map: {reference}, x: 1mm, y: 1mm, w: 20mm, h: 20mm}}"
    content = write(tmp_path, {"a.yaml": deck(layer=layer)})
    (content / "g" / "sub").mkdir()
    result = run("validate", str(content))
    assert result.exit_code == 1, result.output
    assert "a.yaml:" in result.stderr and message in result.stderr and "Traceback" not in result.output


@pytest.mark.parametrize("layer_args,map_text,message", [
    ("w: 20mm, h: 0mm", SECRET, "greater than 0"),
    ("w: 20mm, h: 20mm", "cities:\n  - {id: a, at: [abc, 1]}\n", "two finite numbers"),
    ("w: 20mm, h: 20mm", "cities: [1, 2]\n", "each place must be a mapping"),
    ("w: 20mm, h: 20mm", "cities: 5\n", "must be a list"),
    ("w: 20mm, h: 20mm", "board: {aspect: .nan}\ncities: []\n", "positive number"),
])
def test_bad_minimaps_are_located_errors(tmp_path, layer_args, map_text, message):
    layer = f"{{type: minimap, map: _m.yaml, x: 1mm, y: 1mm, {layer_args}}}"
    content = write(tmp_path, {"a.yaml": deck(layer=layer), "_m.yaml": map_text})
    result = run("validate", str(content))
    assert result.exit_code == 1, result.output
    assert message in result.stderr
    assert ".yaml:" in result.stderr and "Traceback" not in result.output


@pytest.mark.parametrize("reference", ["/etc/passwd", "../../outside/m.yaml"])
def test_a_board_map_path_may_not_leave_the_content_folder(tmp_path, reference):
    from railprint.loading.resources import content_path

    board = content_path("ticket-to-ride", "scorepad-italy.yaml").read_text(encoding="utf-8")
    assert "\nmap: italy\n" in board
    content = tmp_path / "content"
    (content / "ticket-to-ride").mkdir(parents=True)
    (content / "ticket-to-ride" / "pad.yaml").write_text(board.replace("\nmap: italy\n", f"\nmap: '{reference}'\n"),
                                                          encoding="utf-8")
    result = run("render", "all", "--content", str(content), "-o", str(tmp_path / "out"), "-q")
    assert result.exit_code == 1
    assert "pad.yaml:" in result.stderr and "outside the content folder" in result.stderr
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("game", ["railroad-ink", "ticket-to-ride"])
def test_score_refuses_a_fifo_and_dev_zero(tmp_path, alarm, game):
    fifo = tmp_path / "fifo.txt"
    os.mkfifo(fifo)
    zero = tmp_path / "zero.txt"
    zero.symlink_to("/dev/zero")
    for path in (fifo, zero):
        result = run("score", game, str(path))
        assert result.exit_code == 1 and "not a regular file" in result.stderr and result.stdout == ""
