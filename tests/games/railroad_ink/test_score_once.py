"""A sheet is scored once: a table's files are scored together at every change of one of them
(``railprint serve``), so a sheet scored before is not scored again — and its score still names
the file it was read from this time, and a changed sheet is scored anew."""

from __future__ import annotations

from pathlib import Path

from railprint.games.railroad_ink import rules, score_files

RULEBOOK = Path(__file__).resolve().parents[2] / "data" / "railroad_ink" / "cases" / "rulebook_example.txt"


def test_a_sheet_scored_before_is_not_scored_again_and_names_its_own_file(tmp_path, monkeypatch):
    calls = []
    real = rules.score
    monkeypatch.setattr(rules, "score", lambda board, *a, **k: calls.append(board) or real(board, *a, **k))
    text = RULEBOOK.read_text(encoding="utf-8")
    first, second = tmp_path / "one", tmp_path / "two"
    for folder in (first, second):
        folder.mkdir()
        (folder / "anna.txt").write_text(text, encoding="utf-8")
    a = score_files([first / "anna.txt"]).as_json()
    b = score_files([second / "anna.txt"]).as_json()
    assert len(calls) <= 1  # (0 when an earlier test scored this very sheet in this process)
    assert a["file"] == str(first / "anna.txt") and b["file"] == str(second / "anna.txt")
    assert {**a, "file": ""} == {**b, "file": ""} and a["total"] == 46
    # one space erased: another sheet, scored anew (and differently)
    assert "\n....  h.h.  ....  ....  ....  h.h.  ....\n" in text
    (second / "anna.txt").write_text(text.replace("\n....  h.h.  ....  ....  ....  h.h.  ....\n",
                                                  "\n....  ....  ....  ....  ....  h.h.  ....\n", 1), encoding="utf-8")
    before = len(calls)
    c = score_files([second / "anna.txt"]).as_json()
    assert len(calls) == before + 1 and c["total"] != 46
