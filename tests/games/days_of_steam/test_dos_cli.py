"""``railprint score days-of-steam``: the JSON contract, text in both languages, exit codes,
located errors, --strict, and the picture of the scored map read back from the PDF."""

from __future__ import annotations

import json
from pathlib import Path

import pdfplumber
import pytest

from railprint.games.days_of_steam import score_text
from railprint.scene import Group
from tests.helpers import cli_stdout, run_cli

CASES = Path(__file__).resolve().parents[2] / "data" / "days_of_steam" / "cases"
CONTRACT = """game: days-of-steam
end: tiles
players:
  - {name: Ala,    goods: RRG, circuits: 1, steam: 2}
  - {name: Bartek, goods: YBR, circuits: 0, steam: 5}
"""


def _game(tmp_path: Path, text: str, name: str = "game.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _case(name: str, tmp_path: Path) -> Path:
    text = (CASES / name).read_text(encoding="utf-8").partition("\n---\n")[0]
    return _game(tmp_path, text + "\n", name)


def test_json_follows_the_contract(tmp_path):
    data = json.loads(cli_stdout("score", "days-of-steam", str(_game(tmp_path, CONTRACT)), "--json"))
    assert [p["name"] for p in data["players"]] == ["Ala", "Bartek"]   # input order
    ala, bartek = data["players"]
    for key in ("name", "goods", "colours", "colour_bonus", "circuits", "steam", "total", "rank"):
        assert key in ala
    assert (ala["goods"], ala["colours"], ala["colour_bonus"], ala["circuits"], ala["total"], ala["rank"]) == (6, 2, 1, 1, 8, 2)
    assert (bartek["total"], bartek["rank"]) == (9, 1)
    assert data["winner"] == ["Bartek"] and data["violations"] == []


def test_alias_and_text_report_in_both_languages(tmp_path):
    path = str(_game(tmp_path, CONTRACT))
    en = cli_stdout("score", "dni-pary", path)
    assert "Winner: Bartek" in en and "Colour bonus" in en
    pl = cli_stdout("score", "days-of-steam", path, "--lang", "pl")
    assert "Zwycięzca: Bartek" in pl and "Premia za kolory" in pl and "Objazdy" in pl


def test_errors_are_located_all_at_once_exit_1(tmp_path):
    path = _case("error-steam.yaml", tmp_path)
    result = run_cli("score", "days-of-steam", str(path))
    assert result.exit_code == 1
    assert result.stdout == ""
    assert f"{path}:4:" in result.stderr and f"{path}:5:" in result.stderr
    assert "Traceback" not in result.output


def test_unreadable_yaml_and_missing_file(tmp_path):
    bad = _game(tmp_path, "players: [\n")
    result = run_cli("score", "days-of-steam", str(bad))
    assert result.exit_code == 1 and f"{bad}:" in result.stderr
    result = run_cli("score", "days-of-steam", str(tmp_path / "none.yaml"))
    assert result.exit_code == 1 and "Traceback" not in result.output


def test_strict_turns_violations_into_errors(tmp_path):
    path = _case("map-over-claimed.yaml", tmp_path)
    assert run_cli("score", "days-of-steam", str(path)).exit_code == 0
    result = run_cli("score", "days-of-steam", str(path), "--strict")
    assert result.exit_code == 1
    assert "the map allows at most 1" in result.stderr


def test_picture_highlights_the_circuits_found(tmp_path):
    path = _case("map-three-routes.yaml", tmp_path)
    out = tmp_path / "map.pdf"
    result = run_cli("score", "days-of-steam", str(path), "--picture", str(out))
    assert result.exit_code == 0, result.output
    with pdfplumber.open(out) as pdf:
        [page] = pdf.pages
        assert (round(page.width / 72 * 25.4), round(page.height / 72 * 25.4)) == (210, 297)
        text = page.extract_text()
    assert "3 circuit(s) found" in text and "at most 2" in text and "Ala" in text
    doc = score_text((CASES / "map-three-routes.yaml").read_text().partition("\n---\n")[0]).picture()
    groups = [item.id for item, _ in _groups(doc.pages[0].items)]
    assert sum(1 for g in groups if g and g.startswith("circuit-")) == 3
    assert sum(1 for g in groups if g and g.startswith("tile-")) == 9


def _groups(items):
    for item in items:
        if isinstance(item, Group):
            yield item, None
            yield from _groups(item.items)


def test_picture_without_a_map_is_the_score_table(tmp_path):
    out = tmp_path / "scores.svg"
    result = run_cli("score", "days-of-steam", str(_game(tmp_path, CONTRACT)), "--picture", str(out), "--lang", "pl")
    assert result.exit_code == 0, result.output
    svg = out.read_text(encoding="utf-8")
    assert "bez mapy" in svg and "Bartek" in svg


@pytest.mark.parametrize("flag", ["--json", None])
def test_two_files_score_as_two_games(tmp_path, flag):
    a = _game(tmp_path, CONTRACT, "a.yaml")
    b = _case("full-tie.yaml", tmp_path)
    args = ["score", "days-of-steam", str(a), str(b)] + ([flag] if flag else [])
    out = cli_stdout(*args)
    if flag:
        data = json.loads(out)
        assert [g["winner"] for g in data] == [["Bartek"], ["Ala", "Bartek"]]
    else:
        assert "Shared win: Ala, Bartek" in out


def test_a_misspelt_game_end_is_one_hint_without_brackets_inside_brackets(tmp_path):
    result = run_cli("score", "days-of-steam", str(_game(tmp_path, CONTRACT.replace("end: tiles", "end: tile"))))
    assert result.exit_code == 1
    assert "game.yaml:2:6: end: unknown game end 'tile' (did you mean 'tiles'? tiles: the last track tile was " \
           "drawn, or instant: a player reached 13 VP)\n" in result.stderr


def test_a_left_out_steam_or_circuits_is_an_error_not_a_zero_that_decides_the_winner(tmp_path):
    """Read as 0, Ala's forgotten steam gave Bartek the win on the steam tie-break."""
    path = _game(tmp_path, "end: tiles\nplayers:\n  - {name: Ala, goods: RRG, circuits: 1}\n"
                           "  - {name: Bartek, goods: RRY, circuits: 1, steam: 1}\n  - name: Cyd\n")
    result = run_cli("score", "days-of-steam", str(path))
    assert result.exit_code == 1 and result.stdout == ""
    assert f"{path}:3:5: Ala: no steam given (write each one, 0 or - for none" in result.stderr
    assert f"{path}:5:5: Cyd: no goods, circuits, steam given" in result.stderr
    written = path.read_text(encoding="utf-8").replace("circuits: 1}", "circuits: 1, steam: 0}", 1)
    written = written.replace("  - name: Cyd\n", "  - {name: Cyd, goods: -, circuits: 0, steam: 0}\n")
    path.write_text(written, encoding="utf-8")
    assert "Winner: Bartek" in cli_stdout("score", "days-of-steam", str(path))


def test_a_player_at_13_in_a_tiles_game_is_told_in_players_words(tmp_path):
    """The violation names how the game ended as the page's choice and the rulebook say it, in
    both languages; never the file's internal value (it read '… at once (end: instant)')."""
    path = str(_game(tmp_path, """game: days-of-steam
end: tiles
players:
  - {name: Ala,    goods: RRRGGYB, circuits: 2, steam: 2}
  - {name: Bartek, goods: YB, circuits: 0, steam: 5}
"""))
    en = json.loads(cli_stdout("score", "days-of-steam", path, "--json"))["violations"]
    pl = cli_stdout("score", "days-of-steam", path, "--lang", "pl")
    assert len(en) == 1 and ": Ala has 21 VP: " in en[0]
    assert "when a player reached 13 VP, not when the last track tile was drawn" in en[0]
    assert "gdy gracz zdobył 13 PZ, a nie po dobraniu ostatniego żetonu toru" in pl
    for text in (en[0].partition(": ")[2], pl):
        assert "instant" not in text and "end:" not in text


def test_a_misspelt_key_is_one_problem_not_two(tmp_path):
    """`circuit: 1` was told twice: "no circuits given" and "unknown key 'circuit' (did you mean
    'circuits'?)". The typo says it once; a key really left out is still asked for."""
    path = _game(tmp_path, "game: days-of-steam\nend: tiles\nplayers:\n"
                           "  - {name: Ala, goods: RRG, circuit: 1, steam: 2}\n"
                           "  - {name: Bartek, goods: YB, steam: 5}\n")
    result = run_cli("score", "days-of-steam", str(path))
    assert result.exit_code == 1
    lines = [line.strip() for line in result.stderr.splitlines()[1:]]
    assert lines == [f"{path}:4:29: unknown key 'circuit' in a player (did you mean 'circuits'?)",
                     f"{path}:5:5: Bartek: no circuits given (write each one, 0 or - for none, "
                     "e.g. {name: Ala, goods: RRG, circuits: 1, steam: 2})"], result.stderr
