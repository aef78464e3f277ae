"""Golden scene dumps: a stable text form of what is drawn (see tests/golden/README.md)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from railprint.loading.resources import content_path
from railprint.model.resolve import load_deck
from railprint.render import deck_faces
from railprint.scene import Document, Page
from railprint.writers import to_text

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
CASES = {
    "train-card-red-front": ("train-cards.yaml", 0, "front", "en"),
    "locomotive-front-pl": ("train-cards.yaml", 109, "front", "pl"),
    "nordic-ticket-1-front": ("nordic-tickets.yaml", 0, "front", "en"),
    "italy-ferry-back": ("italy-ferry-cards.yaml", 0, "back", "en"),
}


def _dump(deck_file: str, index: int, side: str, lang: str) -> str:
    deck = load_deck(content_path("ticket-to-ride", deck_file), lang)
    face = deck_faces(deck)[index]
    group = face.front if side == "front" else face.back
    return to_text(Document((Page(deck.width, deck.height, (group,), side),), title=deck.id))


@pytest.mark.parametrize("name", CASES)
def test_scene_matches_golden(name):
    actual = _dump(*CASES[name])
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("RAILPRINT_UPDATE_GOLDEN"):
        path.write_text(actual, encoding="utf-8")
    assert actual == path.read_text(encoding="utf-8"), (
        f"{path.name} changed; if intended, rerun with RAILPRINT_UPDATE_GOLDEN=1 and review the diff")
