"""Issue 13: `validate` warns at file:line:col about card text inside the safe zone (3 mm by
default, `safe:` per deck); no shipped content triggers it."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import run_cli

MINI = Path(__file__).parents[1] / "data" / "content" / "mini" / "cards.yaml"


def _deck(tmp_path: Path, extra_layer: str, top: str = "") -> Path:
    source = MINI.read_text(encoding="utf-8")
    anchor = "      - {type: icon, name: ferry, x: 31.5mm, y: 45mm, size: 30mm, colour: sea}\n"
    assert anchor in source
    source = source.replace(anchor, anchor + extra_layer + "\n")
    if top:
        source = source.replace("bleed: 3mm\n", f"bleed: 3mm\n{top}\n")
    path = tmp_path / "cards.yaml"
    path.write_text(source, encoding="utf-8")
    return path


def _line_of(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line)


def test_text_near_the_trim_is_located_and_warned(tmp_path):
    path = _deck(tmp_path, "      - {type: text, text: 'C-{name}', x: 2mm, y: 80mm, size: 6}")
    result = run_cli("validate", str(path))
    assert result.exit_code == 0, result.output
    line = _line_of(path, "C-{name}")
    warnings = [l for l in result.stderr.splitlines() if l.startswith("Warning:")]
    assert len(warnings) == 1   # one per layer, however many cards use it
    assert f"{path}:{line}:9: text 'C-" in warnings[0]
    assert "2.0 mm from the trim, inside the 3 mm safe zone" in warnings[0]
    assert "(and 2 more from this layer)" in warnings[0]   # Tromsø, Łódź, Gothenburg


def test_right_aligned_rotated_and_descending_text_measured_as_printed(tmp_path):
    # right-aligned at 61.5 mm: its right edge is 1.5 mm from the 63 mm trim
    path = _deck(tmp_path, "      - {type: text, text: 'ab', x: 61.5mm, y: 40mm, size: 8, align: right}")
    assert "1.5 mm from the trim" in run_cli("validate", str(path)).stderr
    # baseline 86 mm: 'gy' descends below it, towards the 88 mm trim
    path = _deck(tmp_path, "      - {type: text, text: 'gy', x: 30mm, y: 84.8mm, size: 8}")
    assert "inside the 3 mm safe zone" in run_cli("validate", str(path)).stderr
    path = _deck(tmp_path, "      - {type: text, text: 'AB', x: 30mm, y: 84.8mm, size: 8}")
    assert "Warning" not in run_cli("validate", str(path)).stderr
    # at x 57 mm 'ABC' runs across the right edge; turned 90° clockwise it runs down instead
    path = _deck(tmp_path, "      - {type: text, text: 'ABC', x: 57mm, y: 30mm, size: 8}")
    assert "Warning" in run_cli("validate", str(path)).stderr
    path = _deck(tmp_path, "      - {type: text, text: 'ABC', x: 57mm, y: 30mm, size: 8, rotate: 90}")
    assert "Warning" not in run_cli("validate", str(path)).stderr


def test_the_deck_sets_its_own_safe_zone(tmp_path):
    layer = "      - {type: text, text: 'x', x: 4mm, y: 40mm, size: 8}"
    assert "Warning" not in run_cli("validate", str(_deck(tmp_path, layer))).stderr
    result = run_cli("validate", str(_deck(tmp_path, layer, "safe: 5mm")))
    assert "inside the 5 mm safe zone" in result.stderr and result.exit_code == 0


def test_no_shipped_content_is_inside_its_safe_zone():
    for lang in ("en", "pl"):
        result = run_cli("validate", "--lang", lang)
        assert result.exit_code == 0, result.output
        assert "Warning" not in result.stderr, result.stderr


def test_text_past_the_trim_or_off_the_card_is_said_so_not_0_mm_from_the_trim(tmp_path):
    """A unit mixed up — 5cm or 5in where 5mm was meant — puts text across the cut or off the
    card; the warning said "comes 0.0 mm from the trim, inside the 3 mm safe zone" for both."""
    across = _deck(tmp_path, "      - {type: text, text: 'ABC', x: 6cm, y: 30mm, size: 8}")
    warning = run_cli("validate", str(across)).stderr
    assert "text 'ABC' runs " in warning and " mm past the trim: the cut goes through it (move it inward)" in warning
    assert "0.0 mm" not in warning
    off = _deck(tmp_path, "      - {type: text, text: 'ABC', x: 5in, y: 30mm, size: 8}")
    line = _line_of(off, "'ABC'")
    assert f"{off}:{line}:9: text 'ABC' lies outside the 63 x 88 mm card: nothing of it prints " \
        "(check its x and y and their units: mm, cm, in, pt)" in run_cli("validate", str(off)).stderr
