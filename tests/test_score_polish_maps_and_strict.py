"""``railprint score <game> --lang pl``: a Ticket to Ride map file's problems (its checks, its
types, a map file that is missing or no mapping), a file that cannot be read or is no YAML, and
``--strict``'s rule violations are said in Polish, located; without ``--lang pl`` word for word
English as before."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from railprint.errors import violations_pl
from tests.helpers import run_cli

ROOT = Path(__file__).resolve().parents[1]
AMBERLINE = ROOT / "content" / "examples" / "amberline" / "amberline.yaml"
ENGLISH = re.compile(r"\b(unknown|expected|missing|did you mean|problem\(s\)|violation|is required|"
                     r"not found|cannot read|invalid|claimed by)\b")


def _said(tmp_path, args, *lines, english_lines=()):
    """Run ``score`` with ``--lang pl`` (every line found, no English word) and without it
    (English, every one of ``english_lines`` found): the Polish stderr."""
    polish = run_cli("score", *args, "--lang", "pl")
    assert polish.exit_code == 1, polish.output
    said = polish.stderr.replace(str(tmp_path) + "/", "")
    assert "Traceback" not in said and not ENGLISH.search(said), said
    for line in lines:
        assert line in said, said
    english = run_cli("score", *args)
    assert english.exit_code == 1 and english.stderr != polish.stderr, english.stderr
    for line in english_lines:
        assert line in english.stderr, english.stderr
    return said


def _map_game(tmp_path, map_text: str, name: str = "mapa.yaml") -> str:
    (tmp_path / name).write_text(map_text, encoding="utf-8")
    game = tmp_path / "gra.yml"
    game.write_text(f"map: {name}\nplayers:\n  - name: Ala\n    routes: [Kelpa - Velmar]\n", encoding="utf-8")
    return str(game)


def _amberline(*swaps: tuple[str, str]) -> str:
    text = AMBERLINE.read_text(encoding="utf-8")
    for old, new in swaps:
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


def test_a_map_files_problems_in_polish(tmp_path):
    game = _map_game(tmp_path, _amberline(("trains_per_player: 45", "trains_per_player: wiele"),
                                          ("board: {aspect: 1.4}", "board: {aspect: 1.4, bogus: 2}"),
                                          ("{id: kelpa, name: Kelpa, at:", "{id: kelpa, at:")))
    said = _said(tmp_path, ["ticket-to-ride", game],
                 "Error: 3 problemy w mapa.yaml (mapa Ticket to Ride)\n",
                 "trains_per_player: tu ma być liczba całkowita, a jest 'wiele'",
                 "nieznany klucz 'bogus' (możliwe: aspect)",
                 "cities.name: brak tego klucza, a jest wymagany",
                 english_lines=["3 problem(s) in", "(Ticket to Ride map)", "trains_per_player: expected a whole number",
                                "unknown key 'bogus'", "cities.name: is required"])
    assert said.count("\n  mapa.yaml:") == 3
    # the map's own checks (once its types are right)
    game = _map_game(tmp_path, _amberline(("colour: red}", "colour: rde}"),
                                          ("between: [kelpa, velmar]", "between: [kelpa, velmr]"),
                                          ("between: [kelpa, ostrow]", "between: [kelpa, kelpa]")))
    _said(tmp_path, ["ticket-to-ride", game],
          "Error: 3 problemy w mapa.yaml (mapa Ticket to Ride)\n",
          "połączenie 'kelpa-ostrow' łączy 'kelpa' z samym sobą",
          "połączenie 'kelpa-brindle': nieznany kolor 'rde' (może chodziło o 'red'?)",
          "połączenie 'kelpa-velmar': nieznane miasto lub punkt obszaru 'velmr' (może chodziło o 'velmar'?)",
          english_lines=["route 'kelpa-brindle': unknown colour 'rde' (did you mean 'red'?)"])
    # one problem: said at its place, in Polish (it lost its Polish words when re-raised alone)
    game = _map_game(tmp_path, _amberline(("colour: red}", "colour: rde}")))
    _said(tmp_path, ["ticket-to-ride", game],
          "Error: mapa.yaml:54:71: połączenie 'kelpa-brindle': nieznany kolor 'rde' (może chodziło o 'red'?)")


def test_a_map_file_missing_unreadable_or_no_mapping_in_polish(tmp_path):
    game = _map_game(tmp_path, "- a\n- b\n")
    _said(tmp_path, ["ticket-to-ride", game], "Error: mapa.yaml:1:1: plik mapy to mapa YAML (format, id,")
    game = _map_game(tmp_path, "format: railprint-ttr-map/1\nid: x\ncities: [\n")
    _said(tmp_path, ["ticket-to-ride", game], "Error: mapa.yaml:4:1: błędny YAML: brak oczekiwanej wartości")
    game = _map_game(tmp_path, "", "pusta.yaml")
    (tmp_path / "pusta.yaml").unlink()
    _said(tmp_path, ["ticket-to-ride", game],
          "Error: gra.yml:1:6: nie ma pliku mapy: pusta.yaml (wbudowane mapy: nordic, italy)")
    _said(tmp_path, ["ticket-to-ride", str(tmp_path / "nie-ma.yml")],
          "Error: nie-ma.yml: nie da się odczytać pliku: nie ma takiego pliku")
    tabbed = tmp_path / "tab.yml"
    tabbed.write_text("map: nordic\nplayers:\n\t- Ala\n", encoding="utf-8")
    _said(tmp_path, ["ticket-to-ride", str(tabbed)], "Error: tab.yml:3:1: błędny YAML: tabulator tam, gdzie YAML chce spacji")


@pytest.mark.parametrize("count, said", [(1, "1 naruszenie zasad"), (3, "3 naruszenia zasad"),
                                         (5, "5 naruszeń zasad"), (13, "13 naruszeń zasad"),
                                         (24, "24 naruszenia zasad")])
def test_the_strict_heading_takes_the_plural_the_count_asks_for(count, said):
    assert violations_pl(count) == said


def test_strict_mode_in_polish(tmp_path):
    amberline = ROOT / "content" / "examples" / "amberline"
    (tmp_path / "amberline.yaml").write_text((amberline / "amberline.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    game = (amberline / "stations-game.yml").read_text(encoding="utf-8")
    one = tmp_path / "jedno.yml"
    celina = "routes: [Brindle - Łutnia,"   # Celina claims routes Ala holds
    one.write_text(game.replace(celina, celina + " Kelpa - Velmar,"), encoding="utf-8")
    _said(tmp_path, ["ticket-to-ride", str(one), "--strict"],
          "Error: jedno.yml:22:32: trasę Kelpa - Velmar (kolor: niebieski) zajmują jednocześnie Ala i Celina",
          english_lines=["the route Kelpa - Velmar (blue) is claimed by both Ala and Celina"])
    two = tmp_path / "dwa.yml"
    two.write_text(game.replace(celina, celina + " Kelpa - Velmar, Tarnhold - Halvik,"), encoding="utf-8")
    _said(tmp_path, ["ticket-to-ride", str(two), "--strict"], "Error: 2 naruszenia zasad w dwa.yml:\n",
          "\n  dwa.yml:22:32: trasę Kelpa - Velmar (kolor: niebieski) zajmują jednocześnie Ala i Celina",
          "\n  dwa.yml:22:48: trasę Tarnhold - Halvik",
          english_lines=["2 rule violations in"])
    sheet = ROOT / "tests" / "data" / "railroad_ink" / "cases" / "specials_overused.txt"
    board = tmp_path / "ala.txt"
    board.write_text(sheet.read_text(encoding="utf-8"), encoding="utf-8")
    _said(tmp_path, ["railroad-ink", str(board), "--strict"], "Error: 2 naruszenia zasad:\n",
          "narysowano 4 trasy specjalne (A1, A7, G1, G7); w grze najwyżej 3",
          english_lines=["2 rule violation(s):"])
    for game_id, case in (("days-of-steam", "map-over-claimed.yaml"), ("allers-trains", "frames-1p-route-unfinished.yaml")):
        source = next((ROOT / "tests" / "data" / game_id.replace("-", "_")).rglob(case))
        path = tmp_path / case
        path.write_text(source.read_text(encoding="utf-8").partition("\n---\n")[0] + "\n", encoding="utf-8")
        assert run_cli("score", game_id, str(path), "--lang", "pl").exit_code == 0   # not strict: scored
        _said(tmp_path, [game_id, str(path), "--strict"], "Error: 1 naruszenie zasad:\n",
              english_lines=["1 rule violation(s):"])
