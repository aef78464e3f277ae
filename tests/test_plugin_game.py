"""A game that is not part of railprint plugs in through the ``railprint.games`` entry-point group.

The example game is ``tests/data/plugin_game`` (Coupon Rail: a ``coupon`` content kind and a
tally scorer). It is installed the way pip lays a package down — the package next to a
``*.dist-info`` folder holding ``METADATA`` and ``entry_points.txt`` made from its
pyproject.toml — into a temporary folder put on ``PYTHONPATH`` of a separate ``railprint``
process. Nothing of it is importable from this test process, so railprint finds it only through
the entry point. ``RAILPRINT_FRESH_VENV=1`` (CI) also installs railprint and the plugin with pip
into a fresh virtualenv and runs the same commands there.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
import tomllib
import venv
from pathlib import Path

import pytest
from pypdf import PdfReader

ROOT = Path(__file__).resolve().parents[1]
PLUGIN = ROOT / "tests" / "data" / "plugin_game"
CONTENT = PLUGIN / "content"
A4 = (595.28, 841.89)
LETTER = (612.0, 792.0)


def install_by_hand(target: Path) -> None:
    """What ``pip install --target`` writes for the plugin: its package and its dist-info."""
    project = tomllib.loads((PLUGIN / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    shutil.copytree(PLUGIN / "coupon_rail", target / "coupon_rail",
                    ignore=shutil.ignore_patterns("__pycache__"))
    info = target / f"{project['name'].replace('-', '_')}-{project['version']}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {project['name']}\n"
                                   f"Version: {project['version']}\n", encoding="utf-8")
    points = "".join(f"{name} = {value}\n" for name, value in project["entry-points"]["railprint.games"].items())
    (info / "entry_points.txt").write_text(f"[railprint.games]\n{points}", encoding="utf-8")


class Railprint:
    """Runs ``railprint`` in a separate process with the plugin installed."""

    def __init__(self, python: str, env: dict[str, str], cwd: Path):
        self.python, self.env, self.cwd = python, env, cwd

    def __call__(self, *args: str) -> subprocess.CompletedProcess:
        return subprocess.run([self.python, "-m", "railprint", *args], cwd=self.cwd, env=self.env,
                              capture_output=True, text=True, timeout=300, check=False)


@pytest.fixture(scope="module")
def railprint(tmp_path_factory) -> Railprint:
    site = tmp_path_factory.mktemp("site")
    install_by_hand(site)
    env = dict(os.environ, PYTHONPATH=str(site), NO_COLOR="1")
    return Railprint(sys.executable, env, tmp_path_factory.mktemp("work"))


def test_the_plugin_is_not_importable_here_so_only_the_entry_point_can_find_it():
    with pytest.raises(ImportError):
        __import__("coupon_rail")


def check_commands(run: Railprint, tmp: Path) -> None:
    """list, render (A4 and Letter), score and schema with the plugin installed."""
    listed = run("list", "--content", str(CONTENT))
    assert listed.returncode == 0, listed.stderr
    rows = [line.split() for line in listed.stdout.splitlines()]
    assert ["coupon-rail", "Coupon", "Rail", "coupon", "yes", "-"] in rows        # games table
    assert ["coupon-rail", "coupons", "coupon", "-", "Coupon", "Rail", "—", "ride", "coupons", "yes",
            "coupons.yaml"] in rows
    assert ["railroad-ink", "Railroad", "Ink", "dice,", "rules,", "sheet", "yes", "yes"] in rows  # --content adds to the built-ins

    for paper, size in (("a4", A4), ("letter", LETTER)):
        out = tmp / paper
        done = run("render", "coupons", "--content", str(CONTENT), "--paper", paper, "-o", str(out))
        assert done.returncode == 0, done.stderr
        pdf = out / "coupon-rail" / "coupons.pdf"
        assert done.stdout.split() == [str(pdf), str(out / "coupon-rail" / "coupon-rail-guide.pdf")]   # and its print guide
        reader = PdfReader(io.BytesIO(pdf.read_bytes()))
        assert len(reader.pages) == 1
        box = reader.pages[0].mediabox
        assert (float(box.width), float(box.height)) == pytest.approx(size, abs=0.01)
        text = reader.pages[0].extract_text()
        assert "Kraków – Gdańsk" in text and "Łódź – Wrocław" in text and "12" in text

    tally = tmp / "game.txt"
    tally.write_text("# a finished game\nAla: 12 5 7\nBartek: 7 7\n", encoding="utf-8")
    scored = run("score", "coupon-rail", str(tally), "--json")
    assert scored.returncode == 0, scored.stderr
    assert json.loads(scored.stdout) == {
        "game": "coupon-rail", "winners": ["Ala"],
        "players": [{"player": "Ala", "coupons": [12, 5, 7], "total": 24},
                    {"player": "Bartek", "coupons": [7, 7], "total": 14}]}
    text = run("score", "coupons", str(tally), "--lang", "pl")
    assert text.returncode == 0 and "zwycięzca: Ala" in text.stdout

    tally.write_text("Ala: 12 x5\nBartek 7\n", encoding="utf-8")
    bad = run("score", "coupon-rail", str(tally))
    assert bad.returncode == 1 and "Traceback" not in bad.stderr
    assert f"{tally}:1:9: not a coupon value: 'x5'" in bad.stderr
    assert f"{tally}:2:1: expected 'name: value value ...'" in bad.stderr

    schema = run("schema")
    assert schema.returncode == 0 and "CouponSpec" in json.loads(schema.stdout)["$defs"]


def test_a_separately_installed_game_lists_renders_and_scores(railprint, tmp_path):
    check_commands(railprint, tmp_path)


def test_a_broken_coupon_file_is_a_located_error_not_a_traceback(railprint, tmp_path):
    folder = tmp_path / "content" / "coupon-rail"
    folder.mkdir(parents=True)
    (folder / "bad.yaml").write_text("kind: coupon\nid: bad\ngame: coupon-rail\ntitle: {en: Bad}\n"
                                     "coupons:\n  - {route: {en: A – B}, value: 0}\n", encoding="utf-8")
    done = railprint("render", "coupon-rail", "--content", str(tmp_path / "content"), "-o", str(tmp_path / "out"))
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "bad.yaml:6:" in done.stderr and "value" in done.stderr
    assert not (tmp_path / "out").exists()


@pytest.mark.skipif(not os.environ.get("RAILPRINT_FRESH_VENV"),
                    reason="set RAILPRINT_FRESH_VENV=1 (CI) to pip-install railprint and the plugin into a fresh venv")
def test_from_a_fresh_virtualenv(tmp_path):
    home = tmp_path / "venv"
    venv.create(home, with_pip=True)
    python = str(home / "bin" / "python")
    for source in (ROOT, PLUGIN):
        copy = tmp_path / source.name
        shutil.copytree(source, copy, ignore=shutil.ignore_patterns(".venv", ".git", "__pycache__", "*.egg-info",
                                                                    "build", "output"))
        done = subprocess.run([python, "-m", "pip", "install", "-q", str(copy)], capture_output=True, text=True,
                              check=False)
        assert done.returncode == 0, done.stderr[-3000:]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    check_commands(Railprint(python, dict(env, NO_COLOR="1"), tmp_path), tmp_path)
