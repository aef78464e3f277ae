"""Table-driven scoring cases: one board file per case under tests/data/railroad_ink/cases/.

Each file's comment block states the expected breakdown:
    # expect: exits=32 longest_highway=8 ... total=46      (default reading, simple)
    # expect trail: longest_highway=12 total=22            (overrides for --longest trail;
                                                           without it trail must equal simple)
    # violation: C4: highway meets railway on its east side  (the exact list, in order)
"""

from __future__ import annotations

from pathlib import Path

import pytest

from railprint.games.railroad_ink import parse_file, score, score_files

CASES = Path(__file__).resolve().parents[2] / "data" / "railroad_ink" / "cases"
KEYS = ("exits", "longest_highway", "longest_railway", "center", "errors", "meteor", "lava", "total")


def _expectations(path: Path) -> tuple[dict[str, int], dict[str, int], list[str]]:
    simple: dict[str, int] = {}
    trail: dict[str, int] = {}
    violations: list[str] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# expect:"):
            simple.update(_pairs(line.split(":", 1)[1]))
        elif line.startswith("# expect trail:"):
            trail.update(_pairs(line.split(":", 1)[1]))
        elif line.startswith("# violation:"):
            violations.append(line.split(":", 1)[1].strip())
    return simple, trail, violations


def _pairs(text: str) -> dict[str, int]:
    return {k: int(v) for k, v in (item.split("=") for item in text.split())}


def _cases() -> list[Path]:
    found = sorted(CASES.glob("*.txt"))
    assert len(found) >= 15
    return found


@pytest.mark.parametrize("path", _cases(), ids=lambda p: p.stem)
def test_case_scores_as_written(path):
    expected, trail_overrides, violations = _expectations(path)
    assert set(expected) == set(KEYS), f"{path.name}: the expect line must give every category"
    for mode, want in (("simple", expected), ("trail", {**expected, **trail_overrides})):
        got = score_files([path], longest=mode).as_json()
        assert {k: got[k] for k in KEYS} == want, f"{path.name} ({mode})"
        assert got["violations"] == violations, f"{path.name} ({mode})"


@pytest.mark.parametrize("path", _cases(), ids=lambda p: p.stem)
def test_case_report_lines_add_up_to_the_total(path):
    scoring = score(parse_file(path))
    report = scoring.report()
    assert report.total == scoring.total
    assert report.points("errors") == -scoring.error_count
    assert report.points("exits") == scoring.exits


def test_rulebook_example_details():
    s = score(parse_file(CASES / "rulebook_example.txt"))
    assert sorted(len(n.exits) for n in s.networks if n.exits) == [4, 6]
    assert [n.points for n in s.networks if n.exits] == [20, 12]
    assert sorted(e.where for e in s.errors) == ["C5 north", "D3 west", "E4 north", "G3 east",
                                                 "G3 north"]
    assert len(s.highway.path) == 8 and len(set(s.highway.path)) == 8
    assert s.player == "Anna"
