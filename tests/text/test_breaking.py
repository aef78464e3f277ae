"""Line breaking by the Unicode rules (UAX #14) and hyphenation by dictionary: where words
break, that a box breaks before it shrinks, and the hyphen drawn at a dictionary break."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from uniseg.linebreak import line_break_units

from railprint.model import richtext
from railprint.text import breaking
from railprint.text.measure import text_width, wrap_text
from tests.helpers import run_cli


@pytest.mark.parametrize("word, pieces", [
    ("Insta-slaughter", ("Insta-", "slaughter")),     # LB21: × HY, then a break after it
    ("Bielsko-Biała", ("Bielsko-", "Biała")),
    ("Łódź", ("Łódź",)),                              # letters: no break inside a word
    ("Tromsø", ("Tromsø",)),
    ("and/or", ("and/", "or")),                       # LB13 × SY, a break after it
    ("Kraków–Łódź", ("Kraków–", "Łódź")),             # en dash: BA, break after
    ("a—b", ("a", "—", "b")),                         # em dash: B2, break before and after
    ("3-4", ("3-4",)),                                # LB25: HY × NU
    ("10:30,", ("10:30,",)),                          # LB29/LB13: no break at the colon or before the comma
    ("(co-op)", ("(co-", "op)")),
    ("e.g.", ("e.g.",)),
    ("«Łódź»", ("«Łódź»",)),
])
def test_break_opportunities_inside_words(word, pieces):
    assert breaking.pieces(word) == pieces


PLAIN = st.text(alphabet="abcXYZ019ąęłóźżśćńøåæÅØÆÉéüßÖöçñαβγабвё.,;:'\")]\u201D\u2019\u00BB", min_size=1, max_size=12)


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(["", "(", "[", "\u201C", "\u201E", "\u2018", "\u201A", "\u00AB"]), PLAIN)
def test_the_fast_answer_is_the_unicode_algorithms_answer(opening, word):
    """Words the regular expression answers alone are words uniseg finds no break in."""
    word = opening + word
    assert breaking._PLAIN.fullmatch(word)
    assert list(line_break_units(word)) == [word]


@pytest.mark.parametrize("char", "—·%+…!?–-/„“»")
def test_one_character_is_one_piece(char):
    assert breaking.pieces(char) == (char,) == tuple(line_break_units(char))


LETTERS = "abcXYZąęłóźżśćńøåæÅØÆÉéüßÖöçñαβγабв"
WORD = st.tuples(st.sampled_from(LETTERS), st.text(alphabet=LETTERS + "0123456789", max_size=5)).map("".join)


@settings(max_examples=500, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["-", "\u2010", "\u2013", "/"]), WORD), min_size=1, max_size=3),
       WORD, st.lists(st.text(alphabet=LETTERS + "0123456789", min_size=1, max_size=3), max_size=2),
       st.text(alphabet=".,;:'\")]", max_size=2))
def test_compounds_break_as_the_unicode_algorithm_breaks_them(joints, first, extensions, tail):
    """Compounds (words of letters and digits, each starting with a letter, joined by hyphens,
    en dashes, slashes: ``player-aid.pdf:``) answered without uniseg break exactly where uniseg
    breaks them."""
    word = first + "".join(joint + part for joint, part in joints) + "".join("." + e for e in extensions) + tail
    assert breaking._COMPOUND.fullmatch(word)
    assert breaking.pieces(word) == tuple(line_break_units(word))


def test_wrap_text_breaks_after_a_hyphen_and_a_slash():
    size = 10
    width = text_width("xx Insta-", size) + 1   # "Insta-slaughter" does not fit after "xx"
    assert wrap_text("xx Insta-slaughter", width, size) == ["xx Insta-", "slaughter"]
    assert wrap_text("tea and/or tea", text_width("tea and/", size) + 0.5, size) == ["tea and/", "or tea"]
    # never inside a word
    assert wrap_text("Łódź Łódź", text_width("Łód", size), size) == ["Łódź", "Łódź"]


def test_hyphenation_points_by_language():
    assert breaking.hyphenation("Konstantynopolitańczykowianeczka", "pl")
    assert breaking.hyphenation("hyphenation", "en")
    word = "Konstantynopolitańczykowianeczka"
    for point in breaking.hyphenation(word, "pl"):
        assert 2 <= point <= len(word) - 3
    assert breaking.hyphenation("Łódź", "pl") == ()      # too short to hyphenate
    assert breaking.hyphenation("co-op", "en") == ()     # no letter run of five


def test_a_box_breaks_at_a_hyphen_before_it_shrinks():
    text = "Insta-slaughter wins"
    width = text_width("slaughter", 10) + 2   # "Insta-slaughter" is wider than the box at 10 pt
    assert text_width("Insta-slaughter", 10) > width
    box = richtext.layout(text, width, 60, 10, 4)
    assert box.size == 10
    assert [p.text for p in box.pieces] == ["Insta-", "slaughter", "wins"]


def _texts(box):
    return [p.text for p in box.pieces]


def test_hyphenation_is_tried_before_the_box_shrinks():
    word = "Konstantynopolitańczykowianeczka"
    width = text_width(word, 10) * 0.6
    plain = richtext.layout(word, width, 40, 10, 4)
    assert plain.size < 10 * 0.61   # shrinks until the word fits whole
    hyphenated = richtext.layout(word, width, 40, 10, 4, lang="pl")
    assert hyphenated.size == 10
    lines = _texts(hyphenated)
    assert len(lines) == 2 and lines[0].endswith("-") and not lines[1].endswith("-")
    assert lines[0][:-1] + lines[1] == word
    for piece in hyphenated.pieces:
        assert text_width(piece.text, 10) <= width + 1e-6


def test_a_hyphen_that_does_not_fit_moves_the_break_back():
    word = "hyphenation"
    points = breaking.hyphenation(word, "en")
    first = word[:points[-1]]
    # room for the first part but not for its hyphen: the break moves to an earlier point
    width = (text_width(first, 10) + text_width(first + "-", 10)) / 2
    box = richtext.layout(word, width, 60, 10, 4, lang="en")
    assert box.size == 10
    for piece in box.pieces:
        assert text_width(piece.text, 10) <= width + 1e-6
    assert "".join(p.text.rstrip("-") for p in box.pieces) == word


def _deck(tmp_path, layer: str) -> Path:
    folder = tmp_path / "content"
    folder.mkdir()
    (folder / "deck.yaml").write_text(
        "kind: deck\nid: hy\ngame: hy\ntitle: {en: Hy, pl: Hy}\nsize: poker\n"
        "templates:\n  card:\n    layers:\n"
        f"      - {layer}\n"
        "default_template: card\ncards:\n  - {vars: {text: Konstantynopolitańczykowianeczka przyjechała}}\n",
        encoding="utf-8")
    return folder


def test_render_hyphenates_a_box_in_the_render_language(tmp_path):
    folder = _deck(tmp_path, "{type: text, text: '{text}', x: 5mm, y: 5mm, w: 24mm, h: 30mm, size: 12, "
                             "min_size: 4, hyphenate: true}")
    out = tmp_path / "out"
    result = run_cli("render", "hy", "--content", str(folder), "--lang", "pl", "-o", str(out), "-q")
    assert result.exit_code == 0, result.output
    pdf = next(p for p in out.rglob("*.pdf") if "guide" not in p.name)
    with pdfplumber.open(pdf) as doc:
        text = doc.pages[0].extract_text()
        sizes = {round(c["size"], 2) for c in doc.pages[0].chars if c["text"] in "Konstantynopolitańczykowianeczka"}
    assert "Konstan" in text and "-\n" in text
    assert max(sizes) == 12   # hyphenated at its full size, not shrunk (the rest: page footers)


def test_hyphenate_is_refused_on_one_line_text(tmp_path):
    folder = _deck(tmp_path, "{type: text, text: x, x: 5mm, y: 5mm, hyphenate: true}")
    result = run_cli("render", "hy", "--content", str(folder), "-o", str(tmp_path / "out"), "-q")
    assert result.exit_code != 0
    assert "hyphenate needs a text box" in result.output
    assert "deck.yaml:9:" in result.output
