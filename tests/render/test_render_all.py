"""Every shipped component renders, on both papers, and every sheet carries its furniture."""

from __future__ import annotations

import re

import pytest

from railprint.render import RenderOptions, discover_layers, outputs, select
from tests.helpers import PRINTABLE_MARGIN, ink_near_edge, objects_near_edge, pdf_text_pages

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}


@pytest.mark.parametrize("paper", PAPERS)
def test_render_all_builtin(shipped_render, paper):
    files = sorted(shipped_render(paper).rglob("*.pdf"))
    chosen = select(discover_layers([]), "all")
    options = RenderOptions(paper=paper)
    written = outputs(chosen, options)
    # and a print guide per game, per map for a game with maps (Ticket to Ride: 4 maps)
    maps = {info.map for info in chosen if info.map}
    assert len(files) == len(written) + len({o.game for o in written}) - 1 + len(maps) and len(maps) == 4
    # text and page sizes read by pdfium; pdfplumber (slow: it parses every drawing) only where
    # the objects near the edge are checked
    read = {path: pdf_text_pages(path.read_bytes()) for path in files}
    # the files the print guides name as butt-cut or shared sheets (issue 18)
    guides = " ".join(" ".join(p[2].split()) for f in files if f.stem.endswith("-guide") for p in read[f])
    butt = set(re.findall(r"(\S+)\.pdf · (?:(?!\.pdf ).)*?(?:butt-cut|sets share sheets)", guides))
    assert {"train-cards", "station-master", "tokens"} <= butt
    assert {f.parent.name for f in files} == {"ticket-to-ride", "railroad-ink", "days-of-steam", "allers-trains",
                                             "examples"}
    for path in files:
        pages = read[path]
        for number, (w, h, text) in enumerate(pages, 1):
            assert sorted((round(w, 1), round(h, 1))) == sorted(PAPERS[paper]), (path.name, number)
            assert "50 mm" in text and f"page {number}/{len(pages)}" in text, (path.name, number)
        # issue 13: home printers do not print the outer 6.35 mm; nothing that matters may go there.
        # Every object read back; a tiled board's art runs on under its window's clip (only the
        # window prints), and so does a butt-cut sheet's art beyond the outer bleed the margins
        # leave (issue 18), so for those the rendered page is what is checked.
        if "board" not in path.stem and path.stem not in butt:
            assert objects_near_edge(path.read_bytes()) == [], (path.name, PRINTABLE_MARGIN)
        assert ink_near_edge(path.read_bytes()) == [], (path.name, PRINTABLE_MARGIN)

