"""Issue 13: counts printed in Polish take the right plural form (karta: 1 karta, 2-4 karty,
5+ kart; 12 kart, 22 karty), and a game's components are counted in its own word."""

from __future__ import annotations

from pathlib import Path

import pytest

from railprint.loading.resources import content_path
from railprint.render import RenderOptions, build_deck
from railprint.words import counted, plural
from railprint.writers import render
from tests.helpers import pdf_texts

KARTA = ("karta", "karty", "kart")
EXPECTED = {1: "1 karta", 2: "2 karty", 5: "5 kart", 12: "12 kart", 22: "22 karty", 25: "25 kart"}


@pytest.mark.parametrize("n", EXPECTED)
def test_polish_forms(n):
    assert counted(n, KARTA, "pl") == EXPECTED[n]
    assert counted(n, ("card", "cards"), "en") == f"{n} card" + ("" if n == 1 else "s")


def test_teens_and_bare_words():
    assert [plural(n, KARTA, "pl") for n in (0, 3, 4, 13, 14, 21, 24, 102, 112)] == \
        ["kart", "karty", "karty", "kart", "kart", "kart", "karty", "karty", "kart"]
    assert counted(2, "exit") == "2 exits" and counted(1, "exit") == "1 exit"


def _deck(tmp_path: Path, n: int) -> Path:
    source = (Path(__file__).parents[1] / "data" / "content" / "mini" / "cards.yaml").read_text(encoding="utf-8")
    path = tmp_path / f"cards-{n}.yaml"
    path.write_text(source.split("cards:\n")[0] + f"cards:\n  - {{template: port, count: {n}, vars: {{name: Łódź}}}}\n",
                    encoding="utf-8")
    return path


@pytest.mark.parametrize("n", EXPECTED)
def test_footer_counts_cards_in_polish(tmp_path, n):
    text = pdf_texts(render(build_deck(_deck(tmp_path, n), RenderOptions(lang="pl")), "pdf")[0])[0]
    assert f"· {EXPECTED[n]} ·" in text
    english = pdf_texts(render(build_deck(_deck(tmp_path, n), RenderOptions()), "pdf")[0])[0]
    assert f"· {n} card{'' if n == 1 else 's'} ·" in english


@pytest.mark.parametrize("game, name, word", [
    ("days-of-steam", "city-tiles.yaml", "żeton"),
    ("days-of-steam", "train-tiles.yaml", "żeton"),
    ("allers-trains", "tiles.yaml", "kafel"),
])
def test_each_game_counts_its_pieces_in_its_own_word(game, name, word):
    footer = pdf_texts(render(build_deck(content_path(game) / name, RenderOptions(lang="pl")), "pdf")[0])[0]
    assert word in footer and "płytek" not in footer and "kart" not in footer
