"""`railprint score ticket-to-ride --lang pl`: the terminal report speaks Polish (headings,
categories, table headers, ranking) with the numbers the case files expect; English stays the
default; the JSON contract never changes; an unknown language is a clear error."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.helpers import cli_stdout, run_cli
from railprint.errors import RailprintError
from railprint.games.ticket_to_ride import result as R
from railprint.loading.yamlio import loads

CASES = Path(__file__).resolve().parents[2] / "data" / "ticket_to_ride" / "cases"

# English words of the report that must not survive in the Polish one (route labels such as
# "Oslo - Örebro [green]" are the file's notation; violation sentences may stay English).
ENGLISH = ("routes?", "tickets?", "globetrotter", "region bonus", "longest path", "bonus", "total",
           "rank", "category", "points?", "pts?", "detail", "completed", "failed", "trains?", "networks?",
           "regions", "players", "of", "Violations", "most")  # "region" is Polish too


def _case(tmp_path: Path, case: str) -> tuple[Path, dict]:
    """The game (first YAML document) in a file of its own, and the expected breakdown."""
    game, sep, expected = (CASES / f"{case}.yaml").read_text(encoding="utf-8").partition("\n---\n")
    assert sep
    path = tmp_path / f"{case}.yaml"
    path.write_text(game + "\n", encoding="utf-8")
    return path, loads(expected, case)


def _score(*args: str):
    return run_cli("score", "ticket-to-ride", *args)


def _report(*args: str) -> str:
    return cli_stdout("score", "ticket-to-ride", *args)


def _row(out: str, category: str, points: int, detail: str = "") -> bool:
    pattern = rf"^  {re.escape(category)}\s+{points}" + (rf"\s+{re.escape(detail)}$" if detail else "$")
    return re.search(pattern, out, re.M) is not None


def _english_words(out: str, *paths: Path) -> list[str]:
    for path in paths:
        out = out.replace(str(path), "FILE")
    lines, skip = [], 0
    for line in out.splitlines():
        heading = re.fullmatch(r"Naruszenia zasad \((\d+)\):", line)
        if heading:
            skip = int(heading[1])
        elif skip:
            skip -= 1
            continue
        elif not line.startswith("  ! "):          # a player's own violation
            lines.append(re.sub(r"\[[a-z]+\]", "", line))   # [colour] of a parallel route: notation
    text = "\n".join(lines)
    return [w for w in ENGLISH if re.search(rf"\b{w}\b", text)]


@pytest.mark.parametrize("case", ["italy-review-two-networks", "nordic-ticket-chain", "nordic-tie-breaks",
                                  "italy-sardegna-complete", "nordic-parallel-2p"])
def test_polish_report_has_the_expected_numbers(tmp_path, case):
    path, expected = _case(tmp_path, case)
    out = _report(str(path), "--lang", "pl")
    for name, fields in expected["players"].items():
        if "total" in fields and "rank" in fields:
            assert f"{name}: {fields['total']} pkt, miejsce {fields['rank']}\n" in out
            assert _row(out, "razem", fields["total"], f"miejsce {fields['rank']}")
        if "route_points" in fields:
            assert re.search(rf"^  trasy\s+{fields['route_points']}\s+\d+ tras", out, re.M)
        if "region_bonus" in fields:
            assert re.search(rf"^  premia za regiony\s+{fields['region_bonus']}\s+\d+ sie", out, re.M)
        if "longest_path" in fields:
            assert re.search(rf"^  najdłuższa trasa: {fields['longest_path']} wagon", out, re.M)
    assert re.search(r"^  kategoria\s+punkty\s+szczegóły$", out, re.M)
    assert "\nRanking: 1. " in out
    assert _english_words(out, path) == []


def test_italy_networks_and_title_in_polish(tmp_path):
    path, _ = _case(tmp_path, "italy-review-two-networks")
    out = _report(str(path), "--lang", "pl")
    assert out.startswith(f"Wsiąść do Pociągu: Włochy — {path} — 2 gracze\n")
    assert _row(out, "trasy", 28, "8 tras, 22 z 45 wagonów")
    assert _row(out, "bilety", 0, "ukończone: 0, nieukończone: 0")
    assert _row(out, "premia za regiony", 2, "2 sieci")
    assert "  sieci:\n    1. 5 regionów → 1 pkt: Liguria, Toscana," in out
    assert _row(out, "trasy", 1, "1 trasa, 1 z 45 wagonów")
    assert "    1. 1 region → 0 pkt: Puglia" in out
    assert "  trasy: Pisa - Genova [yellow] (3: 4 pkt)," in out
    assert "Ranking: 1. Ala (30), 2. Bartek (1)" in out


def test_nordic_tickets_and_globetrotter_in_polish(tmp_path):
    path, _ = _case(tmp_path, "nordic-ticket-chain")
    out = _report(str(path), "--lang", "pl")
    assert out.startswith("Wsiąść do Pociągu: Kraje Północy — ")
    assert _row(out, "bilety", 1, "ukończone: 1, nieukończone: 1")
    assert _row(out, "Globtroter", 10, "najwięcej ukończonych biletów")
    assert _row(out, "Globtroter", 0)
    assert "  bilety:\n    ✓   +8  Oslo - Helsinki: Oslo → Örebro → Stockholm → Turku → Helsinki" in out
    assert "    ✗   -7  Stockholm - Imatra" in out
    assert "  najdłuższa trasa: 4 wagony" in out


def test_violations_heading_in_polish(tmp_path):
    path, _ = _case(tmp_path, "nordic-parallel-2p")
    out = _report(str(path), "--lang", "pl")
    assert "\nNaruszenia zasad (2):\n" in out and "Violations" not in out


def test_several_games(tmp_path):
    a, _ = _case(tmp_path, "italy-review-two-networks")
    b, _ = _case(tmp_path, "nordic-ticket-chain")
    out = _report(str(a), str(b), "--lang", "pl")
    assert out.count("Ranking: ") == 2 and "Ala: 30 pkt, miejsce 1" in out and "Ala: 21 pkt, miejsce 1" in out
    assert _english_words(out, a, b) == []


def test_english_stays_the_default(tmp_path):
    path, _ = _case(tmp_path, "nordic-ticket-chain")
    default = _report(str(path))
    assert default == _report(str(path), "--lang", "en")
    assert "Ala: 21 points, rank 1" in default and "pkt" not in default


@pytest.mark.parametrize("case", ["italy-review-joined", "nordic-ticket-chain", "nordic-parallel-2p"])
def test_json_does_not_depend_on_the_language(tmp_path, case):
    path, _ = _case(tmp_path, case)
    outputs = {lang: _report(str(path), "--json", "--lang", lang) for lang in ("en", "pl")}
    assert outputs["en"] == outputs["pl"] == _report(str(path), "--json")


def test_unknown_language_is_a_clear_error(tmp_path):
    path, _ = _case(tmp_path, "nordic-ticket-chain")
    result = _score(str(path), "--lang", "de")
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: unknown language 'de'")
    assert "expected en or pl" in result.stderr
    assert "Traceback" not in result.output and result.stdout == ""


def test_api_checks_the_language_too(tmp_path):
    from railprint.games.ticket_to_ride import score_files

    path, _ = _case(tmp_path, "nordic-ticket-chain")
    result = score_files([path])
    assert result.as_text(lang="pl") != result.as_text() == result.as_text(lang="en")
    with pytest.raises(RailprintError, match="expected en or pl"):
        result.as_text(lang="de")


def test_polish_plurals():
    forms = ("trasa", "trasy", "tras")
    assert [R._n(n, forms, "pl") for n in (0, 1, 2, 4, 5, 12, 14, 22, 25, 112, -3)] == [
        "0 tras", "1 trasa", "2 trasy", "4 trasy", "5 tras", "12 tras", "14 tras", "22 trasy", "25 tras",
        "112 tras", "-3 trasy"]
    assert (R._n(1, "route"), R._n(2, "route"), R._n(-1, "point")) == ("1 route", "2 routes", "-1 point")


def test_polish_words_come_from_the_picture_and_the_board():
    from railprint.games.ticket_to_ride.board import TEXT as BOARD_TEXT
    from railprint.games.ticket_to_ride.scored_board import PANEL_TEXT
    from railprint.games.ticket_to_ride.picture import WORDS

    R._language("pl")
    pl = R.TEXT["pl"]
    assert set(pl) == set(R.TEXT["en"])
    assert (pl["rank"], pl["violations"]) == (PANEL_TEXT["pl"]["rank"], PANEL_TEXT["pl"]["violations"])
    assert pl["headers"][1] == BOARD_TEXT["pl"]["points"]
    assert (pl["tickets"], pl["total"], pl["longest"]) == (WORDS["pl"]["tickets"], WORDS["pl"]["total"],
                                                         WORDS["pl"]["longest"])
