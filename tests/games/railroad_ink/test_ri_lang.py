"""`railprint score railroad-ink --lang pl`: the terminal report speaks Polish (headings,
categories, table headers, legend, error details, ranking) with the same numbers; English stays
the default; the JSON contract never changes; an unknown language is a clear error."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.helpers import cli_stdout, run_cli
from railprint.errors import RailprintError
from railprint.games.railroad_ink import picture as P
from railprint.games.railroad_ink import result as R
from railprint.games.railroad_ink import words as W

CASES = Path(__file__).resolve().parents[2] / "data" / "railroad_ink" / "cases"

# English words of the report (categories, headers, legend, details, ranking) that must not
# survive in the Polish one.
ENGLISH = ("Exits", "Longest", "highway", "railway", "Centre", "Errors", "Meteor", "Lava", "Total",
           "Category", "Points", "Reason", "network", "exit", "exits", "station", "overpass", "crater",
           "volcano", "error", "open", "north", "east", "south", "west", "lake", "Rank", "Player",
           "Highway", "Railway", "Ties", "Rule", "violations", "expansion", "trail", "reading", "total")


def _score(*args: str):
    return run_cli("score", "railroad-ink", *args)


def _report(*args: str) -> str:
    return cli_stdout("score", "railroad-ink", *args)


def _row(out: str, category: str, points: str, reason: str = "") -> bool:
    """Is there a table row ``category  points  reason`` (any spacing)?"""
    pattern = rf"^{re.escape(category)}\s+{re.escape(points)}" + (rf"\s+{re.escape(reason)}$" if reason else "$")
    return re.search(pattern, out, re.M) is not None


def _english_words(out: str, *paths: Path) -> list[str]:
    """English words left in ``out``, leaving aside the file paths and the rule violations
    (whose sentences may stay English)."""
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
        lines.append(line)
    text = "\n".join(lines)
    return [w for w in ENGLISH if re.search(rf"\b{w}\b", text)]


def test_rulebook_example_in_polish():
    path = CASES / "rulebook_example.txt"
    out = _report(str(path), "--lang", "pl")
    assert re.search(r"^Kategoria\s+Punkty\s+Uzasadnienie$", out, re.M)
    assert _row(out, "Wyjścia", "20", "sieć 1: 6 wyjść A6 północ, B7 wschód, D7 wschód, F7 wschód, "
                                      "G6 południe, G4 południe")
    assert _row(out, "", "12", "sieć 2: 4 wyjścia A2 północ, F1 zachód, D1 zachód, B1 zachód")
    assert _row(out, "", "=32", "wyjścia razem")
    assert _row(out, "Najdłuższa autostrada", "8", "A6 B6 C6 D6 D5 D4 C4 C5")
    assert _row(out, "Najdłuższa linia kolejowa", "5", "E4 F4 G4 G5 G6")
    assert _row(out, "Pola centralne", "6", "C4 C5 D3 D4 D5 E4")
    assert _row(out, "Błędy", "-1", "C5 północ: otwarty koniec autostrady")
    assert _row(out, "", "-1", "E4 północ: otwarty koniec linii kolejowej")
    assert _row(out, "", "=-5", "błędy razem")
    assert _row(out, "Razem", "46")
    assert W.LABELS["pl"]["legend"] in out
    assert "S stacja   O wiadukt" in out and "X krater   V wulkan" in out
    # the board drawing is the same in both languages
    english = _report(str(path))
    assert " D h|==+====+  !=+====+====+====+====+==|h" in out
    assert out.splitlines()[2:28] == english.splitlines()[2:28]
    assert _english_words(out, path) == []


def test_expansions_and_trail_reading_in_polish():
    meteor = CASES / "meteor.txt"
    out = _report(str(meteor), "--lang", "pl")
    assert "rozszerzenie: Meteoryt" in out.splitlines()[0]
    assert _row(out, "Meteoryt", "2", "B4 otwarte na krater (południe)")
    assert _row(out, "", "2", "D2 otwarte na krater (północ, wschód)")
    assert _row(out, "Błędy", "0", "brak otwartych końców")
    assert _row(out, "Razem", "10")
    assert _english_words(out, meteor) == []

    lava = CASES / "lava.txt"
    out = _report(str(lava), "--lang", "pl", "--longest", "trail")
    assert "rozszerzenie: Lawa" in out.splitlines()[0]
    assert _row(out, "Lawa", "5", "zamknięte jezioro A1 A2 B1 B2")
    assert _row(out, "", "5", "największe jezioro C4 D3 D4 D5 E4 (otwarte brzegi: 1)")
    assert _row(out, "Błędy", "-1", "D2 wschód: koniec autostrady trafia na lawę")
    assert _row(out, "", "-1", "D3 zachód: otwarty brzeg lawy")
    assert _row(out, "Najdłuższa autostrada", "2", "D1 D2 (szlak z powtórzeniami)")
    assert _row(out, "Razem", "15")
    assert _english_words(out, lava) == []

    crater = CASES / "crater_without_meteor.txt"
    out = _report(str(crater), "--lang", "pl")
    assert "trafia na krater" in out
    assert _english_words(out, crater) == []


def test_violation_heading_in_polish():
    path = CASES / "specials_overused.txt"
    out = _report(str(path), "--lang", "pl")
    assert "Naruszenia zasad (2):" in out and "Rule violations" not in out
    assert _row(out, "Razem", "-6")


def _write(tmp_path: Path, name: str, source: str, player: str) -> Path:
    lines = [line for line in (CASES / source).read_text(encoding="utf-8").splitlines()
             if not line.startswith("player:")]
    path = tmp_path / name
    path.write_text(f"player: {player}\n" + "\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_ranking_in_polish(tmp_path):
    files = [_write(tmp_path, "a.txt", "highway_meets_railway.txt", "Ala"),
             _write(tmp_path, "b.txt", "one_exit.txt", "Bartek"),
             _write(tmp_path, "c.txt", "rulebook_example.txt", "Cela")]
    out = _report(*map(str, files), "--lang", "pl")
    ranking = out.split("\nRanking\n", 1)[1]
    assert re.search(r"^Miejsce\s+Gracz\s+Wyjścia\s+Autostrada\s+Linia kolejowa\s+Pola centralne\s+Błędy"
                     r"\s+Meteoryt\s+Lawa\s+Razem$", ranking, re.M)
    rows = [line.split() for line in ranking.splitlines() if line[:1].isdigit()]
    assert [(r[0], r[1], r[-1]) for r in rows] == [("1", "Cela", "46"), ("2", "Bartek", "1"), ("3", "Ala", "1")]
    assert "Remis: wygrywa gracz z mniejszą liczbą błędów" in ranking
    assert _english_words(out, *files) == []


def test_english_stays_the_default():
    path = str(CASES / "rulebook_example.txt")
    default, english = _report(path), _report(path, "--lang", "en")
    assert default == english
    assert _row(default, "Total", "46") and "Razem" not in default
    assert R.LEGEND in default and R.LEGEND == R.LEGENDS["en"]


@pytest.mark.parametrize("case", ["rulebook_example.txt", "lava.txt", "meteor.txt"])
def test_json_does_not_depend_on_the_language(case):
    path = str(CASES / case)
    outputs = {lang: _report(path, "--json", "--lang", lang) for lang in ("en", "pl")}
    assert outputs["en"] == outputs["pl"] == _report(path, "--json")


@pytest.mark.parametrize("extra", [[], ["--json"]])
def test_unknown_language_is_a_clear_error(extra):
    result = _score(str(CASES / "rulebook_example.txt"), "--lang", "de", *extra)
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: unknown language 'de'")
    assert "expected en or pl" in result.stderr
    assert "Traceback" not in result.output and result.stdout == ""


def test_api_checks_the_language_too():
    from railprint.games.railroad_ink import score_files

    result = score_files([CASES / "one_exit.txt"])
    assert result.as_text(lang="pl") != result.as_text() == result.as_text(lang="en")
    with pytest.raises(RailprintError, match="expected en or pl"):
        result.as_text(lang="de")


def test_one_table_for_the_report_and_the_picture():
    assert P.LABELS is W.LABELS
    assert P._exits_word is W.exits_word
    for lang in ("en", "pl"):
        assert set(W.LABELS[lang]) == set(W.LABELS["en"])
    pl = W.LABELS["pl"]
    assert (pl["highway"], pl["railway"], pl["centre"], pl["errors"], pl["total"]) == (
        "Najdłuższa autostrada", "Najdłuższa linia kolejowa", "Pola centralne", "Błędy", "Razem")
