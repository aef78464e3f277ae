"""Nothing is written outside -o: ids and game names are slugs, duplicates are refused, the
writer checks every final path, and symlinked outputs are replaced, never written through."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from railprint.errors import RailprintError
from railprint.writers import write_files

from .common import assert_clean_failure, deck, files_under, run, write


@pytest.mark.parametrize("field,value", [
    ("id", "../../../x"), ("id", "/tmp/railprint-escape"), ("game", "../up"), ("game", "/abs/dir"),
    ("id", "Upper"), ("id", "a b"), ("id", "a.b"), ("id", "''"), ("game", "x/y"), ("id", "-lead"),
])
def test_ids_and_game_names_must_be_slugs(tmp_path, field, value):
    content = write(tmp_path, {"a.yaml": deck(**{field: value})})
    out = tmp_path / "out"
    result = run("render", "all", "--content", str(content), "-o", str(out), "-q")
    assert_clean_failure(result, out)
    line = 2 if field == "id" else 3
    assert f"a.yaml:{line}:" in result.stderr and "is not a slug" in result.stderr
    assert "a-z" in result.stderr  # the rule is stated
    assert files_under(tmp_path) == {content / "g" / "a.yaml"}  # nothing written anywhere
    assert run("validate", str(content)).exit_code == 1


@pytest.mark.parametrize("field,value", [("id", "con"), ("id", "nul"), ("game", "aux"), ("id", "lpt1")])
def test_ids_and_game_names_windows_keeps_for_devices_are_refused(tmp_path, field, value):
    """``OUT/g/con.pdf`` is the console on Windows, not a file (docs/platforms.md): refused on every
    system, at its line, so a content folder renders on all of them."""
    content = write(tmp_path, {"a.yaml": deck(**{field: value})})
    out = tmp_path / "out"
    result = run("render", "all", "--content", str(content), "-o", str(out), "-q")
    assert_clean_failure(result, out)
    line = 2 if field == "id" else 3
    assert f"a.yaml:{line}:" in result.stderr and f"{value!r} is a device name on Windows" in result.stderr
    assert run("validate", str(content)).exit_code == 1


def test_two_files_with_the_same_game_and_id_are_an_error_naming_both(tmp_path):
    content = write(tmp_path, {"a.yaml": deck(), "b.yaml": deck()})
    out = tmp_path / "out"
    result = run("render", "all", "--content", str(content), "-o", str(out), "-q")
    assert_clean_failure(result, out)
    assert "b.yaml:2:5" in result.stderr and "a.yaml" in result.stderr and "b.yaml" in result.stderr and "'d'" in result.stderr
    assert not out.exists()


def test_the_writer_refuses_paths_leaving_the_output_folder(tmp_path):
    out = tmp_path / "out"
    for rel in ("../x.pdf", "/etc/x.pdf", "a/../../x.pdf"):
        with pytest.raises(RailprintError, match="refusing to write"):
            write_files(out, [(Path(rel), b"data")])
    assert not files_under(tmp_path)


def test_a_symlinked_sub_folder_leading_away_is_refused(tmp_path):
    out, elsewhere = tmp_path / "out", tmp_path / "elsewhere"
    out.mkdir()
    elsewhere.mkdir()
    (out / "g").symlink_to(elsewhere)
    with pytest.raises(RailprintError, match="not inside the output folder"):
        write_files(out, [(Path("g/d.pdf"), b"data")])
    assert not files_under(elsewhere)


def test_an_output_file_that_is_a_symlink_is_replaced_not_written_through(tmp_path):
    content = write(tmp_path, {"a.yaml": deck()})
    out = tmp_path / "out"
    (out / "g").mkdir(parents=True)
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    (out / "g" / "d.pdf").symlink_to(victim)
    result = run("render", "all", "--content", str(content), "-o", str(out), "-q")
    assert result.exit_code == 0, result.output
    target = out / "g" / "d.pdf"
    assert not target.is_symlink() and target.read_bytes().startswith(b"%PDF")
    assert victim.read_text() == "keep me"


def test_a_content_file_symlinked_from_outside_the_folder_is_refused(tmp_path):
    outside = tmp_path / "outside.yaml"
    outside.write_text(deck(id="other"))
    content = write(tmp_path, {"a.yaml": deck()})
    os.symlink(outside, content / "g" / "b.yaml")
    result = run("render", "all", "--content", str(content), "-o", str(tmp_path / "out"), "-q")
    assert result.exit_code == 1
    assert "b.yaml" in result.stderr and "outside the content folder" in result.stderr
