"""Issue 13: SVG files of multi-page components get readable names (row-2-col-1, not
row-2---col-1-of-5-2-2)."""

from __future__ import annotations

import re

from railprint.render import RenderOptions, _safe, discover, render_all


def test_page_labels_become_readable_file_names():
    assert _safe("row 1 / col 2 of 5×2") == "row-1-col-2-of-5-2"
    assert _safe("  Łódź -- back ") == "Łódź-back"


def test_board_and_score_pad_svg_names(tmp_path):
    chosen = [f for f in discover() if f.id in ("nordic-board", "nordic-scorepad")]
    written = render_all(chosen, RenderOptions(), tmp_path, "svg")
    names = sorted(p.name for p in written)
    tiles = [n for n in names if "-row-" in n]
    assert tiles and all(re.fullmatch(r"nordic-board-row-\d+-col-\d+\.svg", n) for n in tiles), names
    assert "nordic-board-assembly.svg" in names   # the assembly map, also the board's overview
    assert "nordic-scorepad-page-1.svg" in names
    assert all("--" not in n for n in names)
