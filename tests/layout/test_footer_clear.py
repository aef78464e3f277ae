"""Issue 33: the page footer's title and detail never run over the 50 mm scale bar or the page
number (Days of Steam's tokens.pdf named five source files under the bar), read back from the PDFs."""

from __future__ import annotations

import io

import pdfplumber
import pytest

from railprint.units import mm


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_footer_text_stays_clear_of_the_scale_bar(shipped_render, paper):
    folder = shipped_render(paper)
    checked = 0
    for path in sorted((folder / "days-of-steam").glob("*.pdf")) + sorted((folder / "allers-trains").glob("*.pdf")):
        with pdfplumber.open(io.BytesIO(path.read_bytes())) as pdf:
            for number, page in enumerate(pdf.pages, 1):
                bars = [line for line in page.lines
                        if abs(line["y0"] - line["y1"]) < 0.01 and abs((line["x1"] - line["x0"]) - mm(50)) < 0.5]
                if not bars:
                    continue   # a footer turned along the side of a block
                bar = max(bars, key=lambda line: line["top"])
                label = [c for c in page.chars if bar["top"] - mm(8) < c["top"] < bar["top"] + mm(1)]
                beside = [c for c in label if c["x0"] > bar["x1"] or c["x1"] < bar["x0"]]
                under = [c for c in label if c not in beside and c["size"] > 6.05]   # only the bar's own "50 mm"
                assert not under, (path.name, number, "".join(c["text"] for c in under))
                over = [c for c in label if c not in beside and c["text"].strip()]
                assert "".join(c["text"] for c in over).replace(" ", "") in ("50mm", ""), (path.name, number)
                checked += 1
    assert checked > 20
