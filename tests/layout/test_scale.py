"""Per-printer correction: --scale scales every sheet about its centre; the scale bar on the
page measures the scaled length and its label names the factor."""

from __future__ import annotations

from pathlib import Path

import pytest

from railprint.errors import RailprintError
from railprint.layout.paper import parse_scale
from railprint.units import to_mm
from tests.helpers import pdf_pages, run_cli

MINI = Path(__file__).resolve().parents[1] / "data" / "content" / "mini"


def _sheets(tmp_path, *args):
    result = run_cli("render", "my-game", "--content", str(MINI), "-o", str(tmp_path), "--quiet", *args)
    assert result.exit_code == 0, result.output
    return pdf_pages((tmp_path / "my-game" / "my-cards.pdf").read_bytes())


def _bar(lines, expected_mm):
    return [l for l in lines if abs(l["top"] - l["bottom"]) < 0.01 and abs(to_mm(l["x1"] - l["x0"]) - expected_mm) < 0.01]


@pytest.mark.parametrize("factor, bar_mm", [("99.6%", 49.8), ("100.4%", 50.2)])
def test_scale_changes_the_printed_scale_bar_and_says_so(tmp_path, factor, bar_mm):
    pages = _sheets(tmp_path, "--scale", factor)
    for w, h, rects, lines, text in pages:
        assert (round(w), round(h)) in ((210, 297), (297, 210))  # the paper itself is not scaled
        assert _bar(lines, bar_mm) and not _bar(lines, 50.0)
        assert f"50 mm · {factor.rstrip('%')} %" in text


def test_scale_is_about_the_page_centre_and_per_axis(tmp_path):
    plain = _sheets(tmp_path / "a")
    both = _sheets(tmp_path / "b", "--scale", "102%,98%")
    w, h = plain[0][0], plain[0][1]
    cards = lambda page: sorted((to_mm(r["x0"]), to_mm(r["top"]), to_mm(r["width"]), to_mm(r["height"]))
                                for r in page[2] if to_mm(r["width"]) > 60)
    for (x, y, cw, ch), (sx_, sy_, scw, sch) in zip(cards(plain[0]), cards(both[0])):
        assert scw == pytest.approx(cw * 1.02, abs=0.02) and sch == pytest.approx(ch * 0.98, abs=0.02)
        assert sx_ - w / 2 == pytest.approx((x - w / 2) * 1.02, abs=0.02)
        assert sy_ - h / 2 == pytest.approx((y - h / 2) * 0.98, abs=0.02)
    assert "102 % × 98 %" in both[0][4]


def test_one_up_pages_are_not_scaled(tmp_path):
    pages = _sheets(tmp_path, "--mode", "1up", "--scale", "101%")
    assert [round(p[0], 2) for p in pages[:1]] == [69.0]


@pytest.mark.parametrize("text", ["0%", "150%", "nan", "abc", "100%,100%,100%", "inf%"])
def test_bad_scales_are_refused(text):
    with pytest.raises(RailprintError, match="--scale"):
        parse_scale(text)


def test_scale_parsing():
    assert parse_scale("100.4%") == pytest.approx((1.004, 1.004))
    assert parse_scale("100.4 %, 99.8") == pytest.approx((1.004, 0.998))


def test_bad_scale_on_the_command_line_writes_nothing(tmp_path):
    result = run_cli("render", "my-game", "--content", str(MINI), "-o", str(tmp_path / "o"), "--scale", "300%")
    assert result.exit_code == 1 and "--scale" in result.output and not (tmp_path / "o").exists()


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_calibration_fronts_carry_long_rulers_and_say_what_to_pass(tmp_path, paper):
    from railprint.layout.calibration import ruler_lengths, scale_reading
    from railprint.layout.paper import paper as make_paper

    result = run_cli("calibrate", "--paper", paper, "-o", str(tmp_path / "cal.pdf"))
    assert result.exit_code == 0, result.output
    pages = pdf_pages((tmp_path / "cal.pdf").read_bytes())
    for number in (0, 2):  # the portrait and the landscape front
        w, h, rects, lines, text = pages[number]
        across, down = ruler_lengths(make_paper(paper, "portrait" if number == 0 else "landscape"), 7 if number else 5)
        assert across >= 150 and down >= 120
        horizontal = [l for l in lines if abs(l["top"] - l["bottom"]) < 0.01 and abs(to_mm(l["x1"] - l["x0"]) - across) < 0.01]
        vertical = [l for l in lines if abs(l["x0"] - l["x1"]) < 0.01 and abs(to_mm(l["bottom"] - l["top"]) - down) < 0.01]
        assert horizontal and vertical, (across, down)
        assert f"{across} mm" in text and f"{down} mm" in text and "--scale" in text
        assert all(to_mm(l["top"]) > 6.35 and h - to_mm(l["bottom"]) > 6.35 for l in vertical)
    assert scale_reading(180, 179.3) == 100.39
