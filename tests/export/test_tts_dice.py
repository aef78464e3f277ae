"""Tabletop Simulator: Railroad Ink's dice as custom d6 (``Custom_Dice``, ``CustomDice.Type`` 1),
read back from the saved object and the die images.

The D6 template (docs/exports.md, "Custom dice"): a square image of 3 × 3 equal cells, the top
row unused; faces 2, 4, 5 in the middle row and 1, 3, 6 in the bottom row, 1 and 6 upside down.
The rotations that show each face on top (``RotationValues``): 1 (-90, 0, 0), 2 (0, 0, 0),
3 (0, 0, -90), 4 (0, 0, 90), 5 (0, 0, -180), 6 (90, 0, 0).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from railprint.units import to_mm
from tests.export.test_tts import _file, _load, export_tts

CONTENT = Path(__file__).resolve().parents[2] / "content" / "railroad-ink" / "dice.yaml"
DPI = 150
SLOTS = {1: (0, 2, True), 2: (0, 1, False), 3: (1, 2, False), 4: (1, 1, False), 5: (2, 1, False), 6: (2, 2, True)}
ROTATIONS = {1: (-90, 0, 0), 2: (0, 0, 0), 3: (0, 0, -90), 4: (0, 0, 90), 5: (0, 0, -180), 6: (90, 0, 0)}


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    return export_tts(tmp_path_factory, "railroad-ink", "--dpi", str(DPI))


@pytest.fixture(scope="module")
def spec():
    from railprint.games.railroad_ink.model import load_dice

    return load_dice(CONTENT)


def _dice(out: Path) -> list[dict]:
    return _load(out / "railroad-ink" / "railroad-ink-dice.json")["ObjectStates"]


def _alone(face, size: float) -> Image.Image:
    """One face rendered by itself (its own one-page PDF, rasterised) at ``DPI``."""
    from railprint.export.images import rasterise
    from railprint.games.railroad_ink.pictograms import draw_face
    from railprint.scene import Document, Page
    from railprint.writers import render

    doc = Document((Page(size, size, (draw_face(face, size),), trim=(0, 0, size, size)),))
    return rasterise(doc, render(doc, "pdf")[0], DPI, bleed=False)[0].image.convert("RGB")


def _region(image: Image.Image, k: int) -> Image.Image:
    """Face ``k``'s cell of a die image, turned upright."""
    side = image.width // 3
    col, row, turned = SLOTS[k]
    cell = image.crop((col * side, row * side, (col + 1) * side, (row + 1) * side))
    return cell.rotate(180) if turned else cell


def _difference(a: Image.Image, b: Image.Image) -> float:
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


def test_every_die_of_every_variant_is_a_custom_d6(exported, spec):
    """Base (3 route dice, the special die), meteor (direction, distance) and lava (2 lava
    dice): every die railprint prints as a net is a six-sided Custom_Dice, as many as printed."""
    dice = _dice(exported)
    assert {die.set for die in spec.dice} == {"base", "meteor", "lava"}
    assert all(d["Name"] == "Custom_Dice" and d["CustomImage"]["CustomDice"]["Type"] == 1 for d in dice)
    kinds = Counter(d["Nickname"].split(" (")[0] for d in dice)
    assert kinds == {die.name.get("en"): die.count for die in spec.dice}
    assert kinds["route die"] == 3 and kinds["lava die"] == 2
    assert len(dice) == sum(die.count for die in spec.dice) == 8


def test_rotation_values_name_the_face_each_rotation_shows(exported, spec):
    by_name = {die.name.get("en"): die for die in spec.dice}
    for d in _dice(exported):
        die = by_name[d["Nickname"].split(" (")[0]]
        values = d["RotationValues"]
        assert [v["Value"] for v in values] == [face.name.get("en") for face in die.faces]
        assert [tuple(v["Rotation"][a] for a in "xyz") for v in values] == [ROTATIONS[k] for k in range(1, 7)]


def test_each_face_sits_in_its_template_cell(exported, spec):
    """The image is square, three cells a side, each face at 150 dpi or more; the cell of face k
    (turned back upright) is that face rendered alone, and clearly not any other face of the die;
    the unused top row is blank."""
    by_name = {die.name.get("en"): die for die in spec.dice}
    seen = set()
    for d in _dice(exported):
        path = _file(d["CustomImage"]["ImageURL"])
        if path in seen:
            continue
        seen.add(path)
        die = by_name[d["Nickname"].split(" (")[0]]
        size = spec.net.face
        with Image.open(path) as image:
            image = image.convert("RGB")
        assert image.width == image.height and image.width % 3 == 0
        side = image.width // 3
        assert side >= round(to_mm(size) / 25.4 * DPI)
        assert image.crop((0, 0, image.width, side)).getextrema() == ((255, 255), (255, 255), (255, 255))
        alone = [_alone(face, size) for face in die.faces]
        assert all(a.size == (side, side) for a in alone)
        for k, face in enumerate(die.faces, 1):
            cell = _region(image, k)
            assert _difference(cell, alone[k - 1]) < 1.0, (die.id, face.id)
            for other, other_face in zip(alone, die.faces):
                if other_face.id != face.id:
                    assert _difference(cell, other) > 3.0, (die.id, face.id, other_face.id)
    assert len(seen) == len(spec.dice)   # one image per kind of die, shared by its copies


def test_the_values_follow_the_language(tmp_path, spec):
    from railprint.export.tts import export_all
    from railprint.render import RenderOptions, discover_layers

    chosen = [f for f in discover_layers([]) if f.game == "railroad-ink" and f.kind == "dice"]
    export_all(chosen, RenderOptions(lang="pl"), tmp_path, dpi=DPI)
    dice = _dice(tmp_path)
    route = next(d for d in dice if d["Nickname"].startswith("kostka trasy"))
    assert [v["Value"] for v in route["RotationValues"]] == [face.name.get("pl") for face in spec.dice[0].faces]
