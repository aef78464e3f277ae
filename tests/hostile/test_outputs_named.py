"""Issue 16, item 10: what a run says it wrote is exactly what it wrote — a multi-page picture
names its pages and leaves no stale single-page file; paths are escaped on the terminal; an
empty output path is a usage error; `--picture` offers only the formats it draws; two maps
with one id beside a game file are an error naming both."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from .common import deck, run, write

ROOT = Path(__file__).resolve().parents[2]
RI = ROOT / "tests" / "data" / "railroad_ink" / "cases"


def _boards() -> list[str]:
    return [str(p) for p in sorted(RI.glob("*.txt"))[:2]]


def test_a_multi_page_picture_names_each_page_and_removes_the_stale_single_file(tmp_path):
    folder = tmp_path / "pic"
    folder.mkdir()
    for name in ("p.svg", "p-03.svg", "p-04.svg", "p-06.svg", "q.svg"):
        (folder / name).write_text("old")
    result = run("score", "railroad-ink", *_boards(), "--picture", str(folder / "p.svg"))
    assert result.exit_code == 0, result.output
    said = [line for line in result.stderr.splitlines() if line.startswith("picture written to")]
    assert said == [f"picture written to {folder / 'p-01.svg'}", f"picture written to {folder / 'p-02.svg'}"]
    # p.svg and the pages past the new last one (p-03, p-04) would pretend to be current: gone;
    # p-06.svg does not follow on, q.svg is another name: kept
    assert sorted(p.name for p in folder.iterdir()) == ["p-01.svg", "p-02.svg", "p-06.svg", "q.svg"]
    assert all((folder / n).read_text().startswith("<svg") for n in ("p-01.svg", "p-02.svg"))
    # one page again: p.svg, and the pages of the earlier run are left as they are (not ours to judge)
    result = run("score", "railroad-ink", _boards()[0], "--picture", str(folder / "p.svg"))
    assert result.exit_code == 0 and f"picture written to {folder / 'p.svg'}" in result.stderr
    assert (folder / "p.svg").read_text().startswith("<svg")


def test_output_paths_are_escaped_on_the_terminal(tmp_path):
    content = write(tmp_path, {"a.yaml": deck(id="first")})
    out = tmp_path / "out\x1b[31mred"
    result = run("render", "g", "--content", str(content), "-o", str(out))  # not -q: it lists the files
    assert result.exit_code == 0, result.output
    assert "\x1b" not in result.output
    assert "out\\x1b[31mred" in result.stdout and "out\\x1b[31mred" in result.stderr
    assert (out / "g" / "first.pdf").is_file()         # the real name is used for the file itself
    target = tmp_path / "cal\x1b]0;title\x07.pdf"
    result = run("calibrate", "-o", str(target))
    assert result.exit_code == 0 and "\x1b" not in result.output and "\x07" not in result.output
    assert target.is_file()


@pytest.mark.parametrize("args", [
    ["render", "g", "-o", ""], ["calibrate", "-o", ""], ["icons", "-o", ""],
    ["sheet", "railroad-ink", "--seed", "1", "-o", ""], ["render", "g", "-o", "  "],
    ["score", "days-of-steam", "x.yml", "--picture", ""], ["export", "tts", "-o", ""], ["render", "--out=", "g"],
    ["score", "railroad-ink", "x.yml", "--photo", "p.jpg", "--debug-image", " "],
    # an empty --content read the whole current folder as content, an empty --data kept rooms there
    ["render", "--content", ""], ["list", "--content", ""], ["icons", "--content", " "], ["serve", "--data", ""],
])
def test_an_empty_output_path_is_a_usage_error(tmp_path, monkeypatch, args):
    """Said in railprint's own one line (it was typer's boxed usage error), naming the option."""
    monkeypatch.chdir(tmp_path)
    result = run(*args)
    assert result.exit_code == 2, result.output
    option = [a for a in args if a.startswith("-")][-1].partition("=")[0].replace("--out", "-o")
    assert result.stderr.splitlines() == [result.stderr.strip()], result.stderr   # one line
    assert result.stderr.startswith(f"Error: {option} ") and "an empty path; give a" in result.stderr
    assert list(tmp_path.iterdir()) == []              # nothing written into the current folder


def test_picture_offers_only_the_formats_it_draws(tmp_path):
    result = run("score", "railroad-ink", _boards()[0], "--picture", str(tmp_path / "x.txt"))
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr.rstrip().endswith("(known formats: pdf, svg)")
    assert list(tmp_path.iterdir()) == []


def test_two_maps_with_one_id_beside_a_game_file_are_an_error_naming_both(tmp_path):
    lake = ROOT / "content" / "examples" / "lakeland"
    shutil.copy(lake / "lakeland.yaml", tmp_path / "a.yaml")
    shutil.copy(lake / "lakeland.yaml", tmp_path / "b.yaml")
    shutil.copy(lake / "evening-game.yml", tmp_path / "game.yml")
    result = run("score", "ticket-to-ride", str(tmp_path / "game.yml"))
    assert result.exit_code == 1 and result.stdout == ""
    line = next(n for n, text in enumerate((tmp_path / "game.yml").read_text().splitlines(), 1)
                if text.startswith("map:"))
    assert result.stderr.startswith(f"Error: {tmp_path / 'game.yml'}:{line}:")
    assert f"two maps answer to 'lakeland': {tmp_path / 'a.yaml'} and {tmp_path / 'b.yaml'}" in result.stderr
    (tmp_path / "b.yaml").unlink()                     # one map: it scores
    assert run("score", "ticket-to-ride", str(tmp_path / "game.yml")).exit_code == 0


def test_calibrate_as_svg_names_the_pages_it_wrote(tmp_path):
    result = run("calibrate", "-o", str(tmp_path / "c.svg"))
    assert result.exit_code == 0, result.output
    pages = [tmp_path / f"c-0{i}.svg" for i in range(1, 5)]
    assert result.stdout.splitlines() == [str(p) for p in pages]
    assert sorted(tmp_path.iterdir()) == pages
