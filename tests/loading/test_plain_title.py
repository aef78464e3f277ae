"""A designer's plain ``title: My Cards`` is that title in every language (it was refused twice:
"'title:' must be a label map such as {en: Harbours, pl: Porty}", then pydantic's "title: Input
should be a valid dictionary", and the deck's other problems were not reported behind it)."""

from __future__ import annotations

from tests.helpers import pdf_texts, run_cli

DECK = """\
kind: deck
id: my-cards
game: my-game
title: My Cards
size: poker
templates:
  t:
    layers:
      - {type: rect, bleed: true, fill: '#336699'}
default_template: t
cards:
  - {count: 2}
"""


def test_a_plain_title_validates_and_is_printed_in_every_language(tmp_path):
    folder = tmp_path / "content"
    folder.mkdir()
    (folder / "deck.yaml").write_text(DECK, encoding="utf-8")
    checked = run_cli("validate", str(folder))
    assert checked.exit_code == 0, checked.output
    for lang in ("en", "pl"):
        out = tmp_path / lang
        result = run_cli("render", "my-game", "--content", str(folder), "-o", str(out), "-q", "--lang", lang)
        assert result.exit_code == 0, result.output
        assert "My Cards" in " ".join(pdf_texts((out / "my-game" / "my-cards.pdf").read_bytes()))
    # a title that is neither text nor a label map is still refused, located
    (folder / "deck.yaml").write_text(DECK.replace("title: My Cards", "title: [My, Cards]"), encoding="utf-8")
    bad = run_cli("validate", str(folder))
    assert bad.exit_code == 1 and "deck.yaml:4:" in bad.stderr and "title" in bad.stderr, bad.output
