"""A typed or uploaded game file's errors are said in Polish with ``--lang pl`` (and on a Polish
phone page): every error path of the four games' file parsers, located and with its suggestion.

Two halves, as ``tests/serve/test_api_polish_everywhere.py``. The table feeds one bad file per
error path of ``railprint/games/*/notation.py`` (and of the YAML and text loaders they call)
through ``railprint score GAME FILE --lang pl`` and checks the exit code, the located line and its
Polish words; a few go through ``railprint serve``'s upload too. The source walk reads the
parsers and fails on any error built without Polish, so a new one written without its Polish
fails even before a row for it is added here."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import railprint
from railprint.games.allers_trains.frame import STATIONS
from tests.helpers import run_cli

POLISH = re.compile(r"[ąćęłńóśźżĄĆĘŁŃÓŚŹŻ]|\b(nie|tu|ma|być|jest|brak|gracz|graczy|pole|pola|plik|gry|"
                    r"mapa|kafel|runda|klucz|liczba|tylko|albo|nieznany|nieznana|nieznane)\b")
DATA = Path(__file__).resolve().parents[1] / "data"
ROW = ". . . . . . ."
BOARD = "\n".join([ROW] * 7)
DOS = "players:\n  - {name: Ala, goods: RRG, circuits: 1, steam: 2}\n  - {name: Bob, goods: B, circuits: 0, steam: 0}\n"
ALLERS = "players: [Ala, Bob]\narrivals:\n  1: [Ala@3]\n"
TTR = "map: nordic\nplayers:\n  - name: Ala\n    routes: [{route}]\n    tickets: []\n"
STN = "map: stations.yaml\nplayers:\n  - name: Ala\n    routes: []\n    tickets: []\n    stations: {stations}\n"
RI, DS, AT, TT = "railroad-ink", "days-of-steam", "allers-trains", "ticket-to-ride"


def _board(*rows: str, head: str = "") -> str:
    return head + "\n".join(rows) + "\n"


def _many(n: int, line: str) -> str:
    return "".join(line.format(i=i) for i in range(n))


# (what, game, the file's text, where the error is (line:col), Polish words the line says)
TABLE = [
    # Railroad Ink board files
    ("a crater written with edges", RI, _board("hhhhx . . . . . .", *[ROW] * 6), "1:5", "krater to samo 'x'"),
    ("a token too long", RI, _board("hhhhss . . . . . .", *[ROW] * 6), "1:6", "za długie"),
    ("a header inside the grid", RI, _board(ROW, "player: Ala", *[ROW] * 6), "2:1", "w środku planszy"),
    ("a line that is no header", RI, _board(*[ROW] * 7, head="my name: Ala\n"), "1:1", "to nie nagłówek"),
    ("a header given twice", RI, _board(*[ROW] * 7, head="player: Ala\nplayer: Bob\n"), "2:1", "podany dwa razy"),
    ("an unknown header", RI, _board(*[ROW] * 7, head="playr: Ala\n"), "1:1",
     "nieznany nagłówek 'playr' (może chodziło o 'player'?)"),
    ("an unknown expansion", RI, _board(*[ROW] * 7, head="expansion: meteorr\n"), "1:12",
     "nieznany dodatek 'meteorr' (może chodziło o 'meteor'?)"),
    ("an 8th row", RI, _board(*[ROW] * 8), "8:1", "ósmy rząd planszy"),
    ("a row too short", RI, _board(". . . . . .", *[ROW] * 6), "1:12", "rząd A ma 6 pól, a powinien 7"),
    ("a row too long", RI, _board(ROW + " hhhh", *[ROW] * 6), "1:15", "nadmiarowe 'hhhh'"),
    ("an empty file", RI, "\n", "1:1", "pusty plik"),
    ("a file of headers only", RI, "player: Ala\n", "2:1", "brak rzędów planszy"),
    ("rows missing", RI, _board(ROW, ROW), "3:1", "tylko 2 rzędy planszy"),
    ("an unknown edge letter", RI, _board("hhhq . . . . . .", *[ROW] * 6), "1:4", "nieznana litera 'q'"),
    ("a marker before the edges", RI, _board("shhh . . . . . .", *[ROW] * 6), "1:1", "znacznik stacji"),
    ("too few edge letters", RI, _board("hh . . . . . .", *[ROW] * 6), "1:1", "pole potrzebuje 4 liter"),
    ("an unknown marker", RI, _board("hhhhz . . . . . .", *[ROW] * 6), "1:5", "nieznany znacznik 'z'"),
    ("a file that is not UTF-8", RI, b"ab\xffcd\n", "1:", "to nie jest tekst UTF-8"),
    # Days of Steam game files
    ("too many goods of a colour", DS, DOS.replace("goods: B,", "goods: {blue: 30},"), "3:31", "gra ma w sumie 28 towarów"),
    ("a map too large", DS, DOS + "map: |\n" + _many(61, "  .\n"), "4:6", "więcej niż 60 rzędów"),
    ("a tile turned past 3", DS, DOS + "map: |\n  R st5\n", "5:5", "obrót 5 to nie 0-3"),
    ("a tile flag unknown", DS, DOS + "map: |\n  R st0z\n", "5:5", "nieznany znacznik 'z'"),
    ("a tile the set has not", DS, DOS + "map: |\n  R br0h\n", "5:5", "w zestawie nie ma kafla most (wzgórze)"),
    ("a token that is no tile", DS, DOS + "map: |\n  R zz1\n", "5:5", "to nie kafel"),
    ("a tile without its rotation", DS, DOS + "map: |\n  R st\n", "5:5", "brak obrotu"),
    ("too many players", DS, "players:\n" + _many(21, "  - {{name: P{i}, goods: R, circuits: 0, steam: 0}}\n"),
     "22:5", "plik gry mieści najwyżej 20"),
    ("an unknown goods letter", DS, DOS.replace("goods: RRG", "goods: RRX"), "2:26", "nieznana litera towaru 'X'"),
    ("a count not a number", DS, DOS.replace("circuits: 1", "circuits: lots"), "2:39", "liczba całkowita 0–7"),
    ("an unknown game end", DS, "end: tile\n" + DOS, "1:6", "nieznany koniec gry 'tile' (może chodziło o 'tiles'?"),
    ("a file of another game", DS, "game: chess\n" + DOS, "1:7", "ten plik jest do gry 'chess'"),
    ("an unknown key", DS, "playrs: []\n" + DOS, "1:1", "nieznany klucz 'playrs' w pliku gry (może chodziło o 'players'?)"),
    ("a player written twice", DS, DOS.replace("name: Bob", "name: ala"), "3:12", "jest podane dwa razy"),
    ("a player without goods", DS, DOS.replace("goods: B, ", ""), "3:5", "Bob: brak goods"),
    ("a file that is no mapping", DS, "- 1\n", "1:1", "plik gry Dni Pary to mapa YAML"),
    ("a key given twice (the YAML reader)", DS, DOS + "players: []\n", "4:1", "klucz 'players' powtórzony"),
    ("a YAML alias (the YAML reader)", DS, "title: &t x\nnotes: *t\n" + DOS, "1:8", "aliasy YAML"),
    ("a number too long (the YAML reader)", DS, DOS.replace("steam: 2", "steam: " + "9" * 40), "2:49", "jest za duża"),
    ("lists nested too deep (the YAML reader)", DS, "notes: " + "[" * 70 + "]" * 70 + "\n" + DOS, "1:", "zagnieżdżone głębiej"),
    ("a tab in the indent (the YAML reader)", DS, "players:\n\t- {name: Ala}\n", "2:", "tabulator"),
    # Jedzie pociąg z daleka (allers-trains) game files
    ("too many frames", AT, "frames:\n" + _many(21, "  P{i}: [B1 T03 90]\n"), "2:3", "plik gry mieści najwyżej 20"),
    ("five frames", AT, "frames:\n" + _many(5, "  P{i}: [B1 T03 90]\n"), "2:3", "ramek: 5; gra jest dla 1 do 4 graczy"),
    ("too many players", AT, "players: [" + ", ".join(f"P{i}" for i in range(21)) + "]\narrivals: {}\n", "1:101",
     "plik gry mieści najwyżej 20"),
    ("five players", AT, "players: [A, B, C, D, E]\narrivals: {}\n", "1:10", "graczy: 5; gra jest dla 1 do 4"),
    ("a round 0", AT, ALLERS.replace("Ala@3", "Ala@0"), "3:7", "rundy liczy się od 1"),
    ("a round past the last", AT, ALLERS.replace("Ala@3", "Ala@99"), "3:7", "ramka mieści 15 kafli"),
    ("a round not a number", AT, ALLERS.replace("Ala@3", "Ala@x"), "3:7", "runda 'x' to nie liczba całkowita"),
    ("too many entries", AT, ALLERS.replace("[Ala@3]", "[" + ", ".join(["Ala@1"] * 201) + "]"), "3:6", "czytamy najwyżej 200"),
    ("a station given twice", AT, ALLERS + f"  {STATIONS[0].name}: [Bob@2]\n", "4:3", "jest podana dwa razy"),
    ("an unknown station", AT, ALLERS + "  Fioletow: [Bob@2]\n", "4:3", "nieznana stacja 'Fioletow' (może chodziło o"),
    ("an unknown player", AT, ALLERS.replace("Ala@3", "Alla@3"), "3:7", "nieznany gracz 'Alla' (może chodziło o 'Ala'?)"),
    ("an arrival of no shape", AT, ALLERS.replace("Ala@3", "Ala"), "3:7", "tu ma być gracz@runda"),
    ("a route past the track", AT, "players: [Ala]\nmode: route\nroute: {Ala: 40+50}\n", "3:14", "tor punktacji ma pola 1-40"),
    ("a route not a number", AT, "players: [Ala]\nmode: route\nroute: {Ala: lots}\n", "3:14", "tu ma być liczba lub 40+n"),
    ("a route reading missing", AT, "players: [Ala, Bob]\nmode: route\nroute: {Ala: 12}\n", "3:8", "brak odczytu trasy gracza 'Bob'"),
    ("a placement not read", AT, "frames:\n  Ala: [B1]\n", "2:9", "nie da się odczytać 'B1' (zapisz POLE KAFEL OBRÓT"),
    ("a tile on the depot", AT, "frames:\n  Ala: [A1 T03 90]\n", "2:9", "A1 to zajezdnia"),
    ("a tile turned 45 degrees", AT, "frames:\n  Ala: [B1 T03 45]\n", "2:9", "obrót '45' (obracaj w prawo"),
    ("an unknown square", AT, "frames:\n  Ala: [Z9 T03 90]\n", "2:9", "nieznane pole 'Z9'"),
    ("an unknown tile", AT, "frames:\n  Ala: [B1 T99 90]\n", "2:9", "nieznany kafel 'T99'"),
    ("too many tiles", AT, "frames:\n  Ala: [" + ", ".join(f"B1 T{i:02d} 90" for i in range(1, 17)) + "]\n", "2:3",
     "kafli: 16; ramka mieści 15"),
    ("frames of no shape", AT, "players: [Ala]\nframes: [B1 T03 90]\n", "2:9", "frames: tu ma być mapa gracz"),
    ("a player without a frame", AT, "players: [Ala, Bob]\nframes:\n  Ala: [B1 T03 90]\n", "3:3", "brak ramki gracza 'Bob'"),
    ("a file of another game", AT, "game: chess\n" + ALLERS, "1:7", "ten plik jest do gry 'chess'"),
    ("arrivals and frames both", AT, "players: [Ala]\narrivals: {}\nframes:\n  Ala: [B1 T03 90]\n", "2:1",
     "to dwa sposoby wpisania gry"),
    ("an unknown mode", AT, "mode: stationz\n" + ALLERS, "1:7", "nieznany tryb 'stationz' (może chodziło o 'stations'?"),
    ("an unknown key", AT, "arivals: {}\n" + ALLERS, "1:1", "nieznany klucz 'arivals' (może chodziło o 'arrivals'?)"),
    ("no arrivals", AT, "players: [Ala]\n", "1:1", "brak `arrivals:`"),
    # Ticket to Ride game files
    ("an unknown city", TT, TTR.format(route="Oslp - Bergen"), "4:14", "nieznane miasto lub obszar 'Oslp' (może chodziło o 'Oslo'?)"),
    ("a route of one city", TT, TTR.format(route="Oslo - Oslo"), "4:14", "połączenie łączy dwa różne miejsca"),
    ("a route of one name", TT, TTR.format(route="'Oslo -'"), "4:15", "po obu stronach ' - ' wpisz nazwę"),
    ("a route without a dash", TT, TTR.format(route="Oslo"), "4:14", "tu ma być 'Miasto - Miasto'"),
    ("a route that is no text", TT, TTR.format(route="[1]"), "4:14", "połączenie zapisuje się 'Miasto - Miasto'"),
    ("a route the map has not", TT, TTR.format(route="Oslo - Tromsø"), "4:14", "nie ma połączenia Oslo - Tromsø"),
    ("a route choice unknown", TT, TTR.format(route="'Oslo - Bergen [zzz]'"), "4:", "nieznany wybór [zzz] dla Oslo - Bergen (wpisz kolor lub długość"),
    ("a bracket unquoted (the YAML reader)", TT, TTR.format(route="Oslo - Stockholm [green]]"), "4:", "weź w cudzysłów"),
    ("a ticket that is no text", TT, TTR.format(route="").replace("tickets: []", "tickets: [[1]]"), "5:15",
     "bilet zapisuje się 'Miasto - Miasto'"),
    ("a ticket the map has not", TT, TTR.format(route="").replace("tickets: []", "tickets: [Oslo - Bergen]"), "5:15",
     "nie ma biletu Oslo - Bergen"),
    ("stations on a map without them", TT, TTR.format(route="") + "    stations: [Oslo]\n", "6:5", "nie ma dworców"),
    ("too many players", TT, "map: nordic\nplayers:\n" + _many(21, "  - name: P{i}\n"), "23:", "plik gry mieści najwyżej 20"),
    ("too many entries", TT, TTR.format(route=", ".join(["Oslo - Bergen"] * 10_001)), "3:", "wpisów połączeń i biletów"),
    ("an unknown player colour", TT, TTR.format(route="") + "    colour: purpl\n", "6:13", "nieznany kolor gracza 'purpl'"),
    ("a player without a name", TT, TTR.format(route="").replace("name: Ala", "routes2: x"), "3:5", "każdy gracz potrzebuje"),
    ("routes that are no list", TT, TTR.format(route="").replace("routes: []", "routes: {a: 1}"), "4:13", "routes: tu ma być lista"),
    ("no map", TT, "players: []\n", "1:1", "brak `map:`"),
    ("an unknown map", TT, "map: nordik\nplayers: [{name: Ala}]\n", "1:6", "nieznana mapa 'nordik'"),
    ("a station in an outside area", TT, STN.format(stations="[Oversea]"), "6:16", "to obszar zewnętrzny"),
    ("a station of no shape", TT, STN.format(stations="[{Alden: Alden - Brask, Brask: Alden - Brask}]"), "6:16",
     "dworzec zapisuje się 'Miasto'"),
    ("a station borrowing a route elsewhere", TT, STN.format(stations="['Alden: Corvo - Esker']"), "6:24",
     "dworzec w mieście Alden pożycza połączenie z tego miasta lub do niego"),
    ("stations that are no list", TT, STN.format(stations="5"), "6:15", "stations: tu ma być lista miast"),
]


def _run(tmp_path: Path, game: str, text: str | bytes, *args: str):
    if game == TT:
        (tmp_path / "stations.yaml").write_bytes((DATA / "ticket_to_ride" / "maps" / "stations.yaml").read_bytes())
    path = tmp_path / ("board.txt" if game == RI else "game.yaml")
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path, run_cli("score", game, str(path), *args)


@pytest.mark.parametrize("what, game, text, where, polish", TABLE, ids=[f"{row[1]}: {row[0]}" for row in TABLE])
def test_every_parser_error_says_it_in_polish(tmp_path, what, game, text, where, polish):
    path, result = _run(tmp_path, game, text, "--lang", "pl")
    assert result.exit_code == 1, (result.exit_code, result.output)
    assert "Traceback" not in result.output
    located = [line for line in result.output.splitlines() if f"{path}:{where}" in line]
    assert located, f"no line located at {path}:{where}:\n{result.output}"
    line = next((line for line in located if polish in line), None)
    assert line is not None, f"{polish!r} not said at {where}:\n{result.output}"
    assert POLISH.search(line.split(f"{path}:{where}", 1)[1]), line
    _, english = _run(tmp_path, game, text)
    assert english.exit_code == 1 and polish not in english.output, english.output   # the English stays English


# ---- the source walk -------------------------------------------------------------------------
GAMES = Path(railprint.__file__).parent / "games"
NOTATIONS = sorted(GAMES.glob("*/notation.py"))
LOADERS = [Path(railprint.__file__).parent / "loading" / name for name in ("yamlio.py", "text.py")] + [
    GAMES / "ticket_to_ride" / "maps.py"]
ERRORS = {"NotationError", "RailprintError", "ContentError", "_error", "_raise", "error", "add"}
SAID_BY_ITS_PROBLEMS = {("ticket_to_ride/notation.py", "parse_game")}
"""Errors that list a file's problems: each problem carries its Polish (``errors.said_in`` and
serve's ``error_pl`` say them one by one); the list's own heading is said by ``said_in``."""


def _errors(path: Path) -> list[tuple[str, ast.Call]]:
    """(function, call) of every error built in ``path``: ``NotationError(...)``, a helper that
    builds one (``_error``, ``_raise``, a loader's ``error``) or a problem added (``.add(message,
    where, ...)``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for function in ast.walk(tree):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for node in ast.walk(function):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", None))
            if name not in ERRORS or (name == "add" and len(node.args) < 2):
                continue
            found.append((function.name, node))
    unique = {id(node): (name, node) for name, node in found}   # a nested function's calls once
    return list(unique.values())


def _without_polish(path: Path) -> list[str]:
    missing = []
    short = f"{path.parent.name}/{path.name}"
    for function, node in _errors(path):
        if (short, function) in SAID_BY_ITS_PROBLEMS:
            continue
        polish = next((k.value for k in node.keywords if k.arg == "pl"), None)
        if polish is None and getattr(node.func, "attr", None) == "add" and len(node.args) >= 4:
            polish = node.args[3]   # allers-trains' reader: add(message, where, hint, pl)
        if polish is None or (isinstance(polish, ast.Constant) and not polish.value):
            missing.append(f"{path}:{node.lineno}: {ast.unparse(node)[:100]}")
    return missing


def test_no_parser_error_is_built_without_polish():
    assert len(NOTATIONS) == 4
    missing = [line for path in NOTATIONS + LOADERS for line in _without_polish(path)]
    assert not missing, "parser errors without Polish (pass pl=...):\n" + "\n".join(missing)


def test_the_source_walk_finds_an_error_without_polish(tmp_path):
    """The walk above is not blind: an error written without its Polish is found, in each form."""
    sample = tmp_path / "notation.py"
    sample.write_text('def f():\n    raise NotationError("no", where)\n\n'
                      'def g():\n    problems.add("no", where, hint="h")\n'
                      'def h():\n    r.add("no", where, "hint", "tak")\n'
                      'def i():\n    raise _error("no", f, 1, 1, pl="tak")\n'
                      'def j():\n    return _raise("no", f, 1, 1)\n'
                      'def k():\n    seen.add(x)\n')
    assert [line.split(":")[1] for line in _without_polish(sample)] == ["2", "5", "11"]
