"""Issue 33: the page footer's title and detail never run over the 50 mm scale bar or the page
number (Days of Steam's tokens.pdf named five source files under the bar), read back from the PDFs."""

from __future__ import annotations

import io

import pdfplumber
import pytest

from railprint.units import mm
from tests.helpers import pdf_chars_and_lines


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_footer_text_stays_clear_of_the_scale_bar(shipped_render, paper):
    folder = shipped_render(paper)
    checked = 0
    for path in sorted((folder / "days-of-steam").glob("*.pdf")) + sorted((folder / "allers-trains").glob("*.pdf")):
        # characters and lines as pdfplumber gives them, read by pdfium (~6 times faster; over every
        # shipped PDF on both papers this test's reading of each footer is pdfplumber's)
        for number, (chars, lines) in enumerate(pdf_chars_and_lines(path.read_bytes()), 1):
            bars = [line for line in lines
                    if abs(line["y0"] - line["y1"]) < 0.01 and abs((line["x1"] - line["x0"]) - mm(50)) < 0.5]
            if not bars:
                continue   # a footer turned along the side of a block
            bar = max(bars, key=lambda line: line["top"])
            label = [c for c in chars if bar["top"] - mm(8) < c["top"] < bar["top"] + mm(1)]
            beside = [c for c in label if c["x0"] > bar["x1"] or c["x1"] < bar["x0"]]
            under = [c for c in label if c not in beside and c["size"] > 6.05]   # only the bar's own "50 mm"
            assert not under, (path.name, number, "".join(c["text"] for c in under))
            over = [c for c in label if c not in beside and c["text"].strip()]
            assert "".join(c["text"] for c in over).replace(" ", "") in ("50mm", ""), (path.name, number)
            checked += 1
    assert checked > 20


def test_on_letter_the_scale_bar_label_sits_clear_of_every_cards_bleed(shipped_render):
    """Letter's butt-cut train cards put the footer into a free corner of the block: its "50 mm"
    label lay under the bleed of the card above it."""
    path = shipped_render("letter") / "ticket-to-ride" / "train-cards.pdf"
    with pdfplumber.open(io.BytesIO(path.read_bytes())) as pdf:
        page = pdf.pages[0]
        bar = next(line for line in page.lines
                   if abs(line["y0"] - line["y1"]) < 0.01 and abs((line["x1"] - line["x0"]) - mm(50)) < 0.5)
        label = [c for c in page.chars if bar["top"] - mm(5) < c["top"] < bar["top"] and bar["x0"] < c["x0"] < bar["x1"]]
        assert "".join(c["text"] for c in label).replace(" ", "") == "50mm"
        cards = [r for r in page.rects if r["width"] > mm(40) and r["height"] > mm(40) and r["fill"]]
        assert len(cards) >= 12
        for c in label:
            for r in cards:
                assert not (c["x0"] < r["x1"] and r["x0"] < c["x1"] and c["top"] < r["bottom"] and r["top"] < c["bottom"]), c


@pytest.mark.parametrize("paper, files", [("letter", {"train-cards.pdf": "1.35", "tiles.pdf": "1.6"}),
                                          ("a4", {})])
def test_the_printed_guide_says_where_butt_cut_sheets_print_a_thin_outer_bleed(shipped_render, paper, files):
    from tests.helpers import pdf_texts

    folder = shipped_render(paper)
    guides = {p.name: " ".join(" ".join(pdf_texts(p.read_bytes())).split()) for p in folder.rglob("*-guide.pdf")}
    said = {}
    import re

    for text in guides.values():
        for name, outer in re.findall(r"([\w-]+\.pdf) · [^·]+· [^·]+· [^·]+· [^·]+· [^·]+· [^·]+· outer bleed only "
                                      r"([\d.]+) mm \(the pieces' own is 3 mm\): cut exactly on the crop marks", text):
            said[name] = outer
    for name, outer in files.items():
        assert said.get(name) == outer, (name, said)
    if not files:
        assert said == {}
