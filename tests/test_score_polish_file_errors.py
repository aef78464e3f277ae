"""``railprint score <game> --lang pl``: the problems of a game or board file are said in Polish,
each located (file:line:col) with its suggestion, one game family a test; without ``--lang pl``
they stay English, word for word as before."""

from __future__ import annotations

import re

import pytest

from railprint.errors import problems_pl, suggestion
from tests.helpers import run_cli

ENGLISH = re.compile(r"\b(unknown|expected|missing|did you mean|problem\(s\))\b")
POLISH = re.compile(r"\b(nieznany|nieznana|nieznane|brak|tu ma być|może chodziło|problemy|problemów|plik gry)\b")


def _polish(tmp_path, game, name, text, *lines):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    result = run_cli("score", game, str(path), "--lang", "pl")
    assert result.exit_code == 1, result.output
    said = result.stderr
    assert "Traceback" not in said and not ENGLISH.search(said.replace(str(path), "FILE")), said
    for line in lines:
        assert line.replace("FILE", str(path)) in said, said
    english = run_cli("score", game, str(path))
    assert english.exit_code == 1 and english.stderr != said, english.stderr
    assert not POLISH.search(english.stderr.replace(str(path), "FILE")), english.stderr
    return said


def test_days_of_steam_file_problems_in_polish(tmp_path):
    said = _polish(tmp_path, "days-of-steam", "gra.yaml",
                   "players:\n  - name: Ala\n    goods: RRG\n    circuit: 1\n    steam: 2\n"
                   "  - name: Bartek\n    goods: RXG\n    circuits: dwa\n    steam: 1\nend: tilez\nmapa: x\n",
                   "Error: 5 problemów w FILE\n",
                   "FILE:4:5: nieznany klucz 'circuit' u gracza (może chodziło o 'circuits'?)",
                   "FILE:7:13: nieznana litera towaru 'X' w 'RXG' (litery towarów: R czerwony",
                   "FILE:8:15: circuits: tu ma być liczba całkowita 0–7, a jest 'dwa'",
                   "FILE:10:6: end: nieznany koniec gry 'tilez' (może chodziło o 'tiles'?",
                   "FILE:11:1: nieznany klucz 'mapa' w pliku gry (może chodziło o 'map'?)")
    assert said.count("\n  ") == 5
    _polish(tmp_path, "days-of-steam", "lista.yaml", "- Ala\n",
            "FILE:1:1: plik gry Dni Pary to mapa YAML z kluczem `players:`")


def test_ticket_to_ride_file_problems_in_polish(tmp_path):
    _polish(tmp_path, "ticket-to-ride", "gra.yaml",
            "map: nordic\nplayers:\n  - name: Ala\n    routes: [Oslo - Stokholm, Bergen - Tromso]\n"
            "    colur: red\n  - routes: Kiruna - Narvik\n",
            "Error: 4 problemy w FILE\n",
            "FILE:5:5: nieznany klucz 'colur' u gracza (może chodziło o 'colour'?)",
            "FILE:4:21: nieznane miasto lub obszar 'Stokholm' (może chodziło o 'Stockholm'?)",
            "FILE:4:31: na mapie Ticket to Ride: Nordic Countries nie ma połączenia Bergen - Tromsø "
            "(Bergen ma połączenia do: Oslo, Stavanger, Åndalsnes)",
            "FILE:6:5: każdy gracz potrzebuje `name:` (imienia)")
    _polish(tmp_path, "ticket-to-ride", "mapa.yaml", "map: nordik\nplayers: [{name: Ala}]\n",
            "Error: FILE:1:6: nieznana mapa 'nordik' (może chodziło o 'nordic'?")
    _polish(tmp_path, "ticket-to-ride", "brak.yaml", "players: [{name: Ala}]\n",
            "Error: FILE:1:1: brak `map:` (nordic, italy albo ścieżka pliku mapy)")
    _polish(tmp_path, "ticket-to-ride", "typ.yaml", "map: nordic\nplayers: [{name: Ala, routes: 7}]\n",
            "Error: FILE:2:31: routes: tu ma być lista")


def test_railroad_ink_board_problems_in_polish(tmp_path):
    _polish(tmp_path, "railroad-ink", "ala.txt", "player: Ala\nexpansoin: lava\n",
            "Error: FILE:2:1: nieznany nagłówek 'expansoin' (może chodziło o 'expansion'?)")
    _polish(tmp_path, "railroad-ink", "bartek.txt",
            "player: Bartek\n.... .... .... .... .... .... ....\n.... hqh. .... .... .... .... ....\n",
            "Error: FILE:3:7: 'hqh.': nieznana litera 'q' (cztery litery krawędzi")
    _polish(tmp_path, "railroad-ink", "celina.txt", "player: Celina\n" + ".... " * 7 + "\n",
            "Error: FILE:3:1: tylko 1 rząd planszy, a powinno być 7 (A-G): brak rzędu B")


def test_allers_trains_file_problems_in_polish(tmp_path):
    _polish(tmp_path, "allers-trains", "gra.yaml",
            "players: [Ala, Bartek]\nmode: stations\narrivals:\n  1: [Ala@3, Bratek@4]\n  Krakuw: [Ala@2]\n"
            "colour: red\n",
            "Error: 3 problemy w FILE\n",
            "FILE:4:14: nieznany gracz 'Bratek' (może chodziło o 'Bartek'?)",
            "FILE:5:3: nieznana stacja 'Krakuw' (możliwe: Czerno,",
            "FILE:6:1: nieznany klucz 'colour' (możliwe: arrivals,")
    _polish(tmp_path, "allers-trains", "ramki.yaml",
            "players: [Ala]\nframes:\n  Ala: [B1 T99 0, E5 T01 90]\n",
            "FILE:3:9: kafel 1: nieznany kafel 'T99'", "nieznane pole 'E5'")


@pytest.mark.parametrize("count, said", [(1, "1 problem w a.yaml"), (2, "2 problemy w a.yaml"),
                                         (5, "5 problemów w a.yaml"), (12, "12 problemów w a.yaml"),
                                         (22, "22 problemy w a.yaml"), (112, "112 problemów w a.yaml")])
def test_the_polish_heading_takes_the_plural_the_count_asks_for(count, said):
    assert problems_pl(count, "a.yaml") == said


def test_a_suggestion_in_polish():
    assert suggestion("nordik", ["nordic", "italy"], "pl") == "może chodziło o 'nordic'?"
    assert suggestion("zzz", ["a", "b"], "pl") == "możliwe: a, b"
    assert suggestion("nordik", ["nordic", "italy"]) == "did you mean 'nordic'?"   # English as before
