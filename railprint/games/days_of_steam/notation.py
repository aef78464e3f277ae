"""The Days of Steam end-of-game file (format v1, ``shared/reference/days-of-steam-game-format.md``)
and railprint's map notation: read them into a :class:`GameFile`.

Every problem of a file is collected and raised together (:class:`~railprint.errors.Problems`),
each at ``file:line:col`` with the closest spelling suggested. Counts that make a file
unscorable (more than 7 goods of a colour, steam outside 0–6, ...) are checked in ``rules.py``
(``rules.count_problems``), which the caller passes as ``check`` so that a file's unreadable
values and impossible counts are reported together; this module never imports ``rules``.

Map notation (one token per square, separated by spaces, rows north to south)::

    .    .     st1   .
    R    cu1   G     cu2
    .    st0h  .     st0
    .    cu0   st1   cu3

- ``.`` an empty square; ``R`` ``G`` ``Y`` ``B`` a city of that colour (or ``red`` ...);
- a track tile: a kind code, a rotation 0–3 (quarter turns clockwise from the printed tile) and
  at most one flag: ``h`` hill, ``w`` water tower, ``o`` overlay ("play on existing track").
  Kinds, as printed (rotation 0): ``st`` straight N–S, ``cu`` curve N–E, ``sw`` switch S–N + S–E,
  ``wy`` wye W–E + W–S + E–S, ``br`` bridge N–S over E–W, ``dc`` double curve N–E + S–W,
  ``sd`` siding (through track N–S, buffer-stop spur from E).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Callable

from railprint.errors import Location, NotationError, Problems, clip, close_matches, name_key, suggestion, you_meant
from railprint.loading import yamlio
from railprint.loading.text import MAX_GAME_BYTES, read_text
from railprint.records import Record

COLOURS = ("red", "green", "yellow", "blue")
LETTERS = {"R": "red", "G": "green", "Y": "yellow", "B": "blue"}
# colour words accepted for goods and cities (English and the Polish adjective forms)
COLOUR_WORDS = {
    "red": "red", "green": "green", "yellow": "yellow", "blue": "blue",
    "czerwony": "red", "czerwone": "red", "czerwona": "red",
    "zielony": "green", "zielone": "green", "zielona": "green",
    "zolty": "yellow", "zolte": "yellow", "zolta": "yellow",
    "niebieski": "blue", "niebieskie": "blue", "niebieska": "blue",
}
ENDS = ("tiles", "instant")
GAME_KEYS = ("game", "end", "players", "map", "title", "date", "notes")
PLAYER_KEYS = ("name", "goods", "circuits", "steam", "colour")

# The track tiles of railprint's set (content/days-of-steam/track-tiles.yaml), as printed
# (rotation 0): code -> (name, segments); "end" closes a dead-end spur.
Segment = tuple[str, str]
TILES: dict[str, tuple[str, tuple[Segment, ...]]] = {
    "st": ("straight", (("N", "S"),)),
    "cu": ("curve", (("N", "E"),)),
    "sw": ("switch", (("S", "N"), ("S", "E"))),
    "wy": ("wye", (("W", "E"), ("W", "S"), ("E", "S"))),
    "br": ("bridge", (("N", "S"), ("E", "W"))),
    "dc": ("double curve", (("N", "E"), ("S", "W"))),
    "sd": ("siding", (("N", "S"), ("E", "end"))),
}
FLAGS = {"h": "hill", "w": "water tower", "o": "overlay"}
# how many of each (kind, flag) the set holds: 80 tiles
SET_COUNTS: dict[tuple[str, str], int] = {
    ("st", ""): 12, ("st", "h"): 4, ("st", "w"): 2, ("st", "o"): 2,
    ("cu", ""): 14, ("cu", "h"): 2, ("cu", "w"): 2, ("cu", "o"): 2,
    ("sw", ""): 10, ("sw", "o"): 2,
    ("wy", ""): 4,
    ("br", ""): 6,
    ("dc", ""): 8, ("dc", "o"): 4,
    ("sd", ""): 6,
}
CITIES_PER_COLOUR = 3
MAX_GOODS = 28         # goods cubes in the game (7 of each colour)
MAX_PLAYERS = 20       # more is no game file (the game is for 2-4); refused before reading them
MAX_SIDE = 60          # rows or columns of a map: far more than 92 tiles can fill in a line

_TOKEN = re.compile(r"^([a-z]{2})([0-9]?)([a-z]*)$")


class PlayerEntry(Record):
    name: str
    goods: tuple[str, ...]      # colour names, in the order written
    circuits: int
    steam: int
    where: Location
    goods_where: Location
    circuits_where: Location
    steam_where: Location


class Square(Record):
    """One non-empty square of the map: a city (``colour``) or a track tile (``code``)."""

    row: int
    col: int
    token: str
    where: Location
    colour: str | None = None
    code: str | None = None
    rotation: int = 0
    flag: str = ""

    @property
    def is_city(self) -> bool:
        return self.colour is not None

    @property
    def label(self) -> str:
        """Chess-like name of the square: column letter, row number (``C2``)."""
        return square_label(self.row, self.col)


def square_label(row: int, col: int) -> str:
    letters = ""
    n = col
    while True:
        letters = chr(ord("A") + n % 26) + letters
        n = n // 26 - 1
        if n < 0:
            return f"{letters}{row + 1}"


class TileMap(Record):
    rows: int
    cols: int
    squares: tuple[Square, ...]
    where: Location

    def at(self) -> dict[tuple[int, int], Square]:
        return {(s.row, s.col): s for s in self.squares}


class GameFile(Record):
    file: str
    end: str                    # "tiles" or "instant"
    end_given: bool
    end_where: Location
    players: tuple[PlayerEntry, ...]
    map: TileMap | None
    title: str = ""


def _int(node: Any, key: str, low: int, high: int, where: Location, problems: Problems,
         what: str) -> int:
    """An integer field; out-of-range values are kept (``rules`` reports them), wrong types are errors."""
    value = node.get(key, 0)
    if isinstance(value, str) and re.fullmatch(r"-?\d{1,15}", value.strip()):  # longer: not a count
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int):
        problems.add(f"{key}: expected a whole number of {what} ({low}–{high}), got {clip(value)}",
                     node.loc(key) if key in node else where,
                     pl=f"{key}: tu ma być liczba całkowita {low}–{high}, a jest {clip(value)}")
        return 0
    return value


def _inner(node: Any, key: str, lines: list[str]) -> Location:
    """Location of the first character of a string value (after an opening quote)."""
    where = node.loc(key)
    if where.line is None or where.col is None or not 0 < where.line <= len(lines):
        return where
    line = lines[where.line - 1]
    col = where.col
    if col - 1 < len(line) and line[col - 1] in "'\"":
        col += 1
    return Location(where.file, where.line, col)


def _goods(node: Any, where: Location, lines: list[str], problems: Problems) -> tuple[str, ...]:
    """``goods``: letters (``RRG``), colour words (``red, red, green``), a list, or a mapping
    colour -> count; ``""``, ``-`` or nothing for none."""
    if "goods" not in node:
        return ()
    value = node["goods"]
    if value is None:
        return ()
    if isinstance(value, dict):
        found: list[str] = []
        for colour, count in value.items():
            name = _colour_word(str(colour), value.key_loc(colour), problems)
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                problems.add(f"goods: the count of {colour!r} must be a whole number ≥ 0", value.loc(colour),
                             pl=f"goods: liczba towarów {colour!r} ma być liczbą całkowitą ≥ 0")
            elif count > MAX_GOODS:  # not expanded into a list: 10^8 goods would fill the memory
                problems.add(f"goods: {count} {colour} goods; the game has {MAX_GOODS} goods in all",
                             value.loc(colour),
                             pl=f"goods: {count} towarów {colour!r}; gra ma w sumie {MAX_GOODS} towarów")
            elif name:
                found += [name] * count
        return tuple(found)
    if isinstance(value, list):
        found = []
        for i, item in enumerate(value):
            found += _goods_text(str(item), value.loc(i), problems)
        return tuple(found)
    if isinstance(value, int) and not isinstance(value, bool):
        problems.add("goods: write one letter per good (R G Y B), not a number", node.loc("goods"),
                     hint="e.g. goods: RRGB", pl="goods: jedna litera na towar (R G Y B), nie liczba (np. goods: RRGB)")
        return ()
    return tuple(_goods_text(str(value), _inner(node, "goods", lines), problems))


def _colour_word(word: str, where: Location, problems: Problems) -> str | None:
    key = name_key(word)
    if key in COLOUR_WORDS:
        return COLOUR_WORDS[key]
    if len(key) == 1 and key.upper() in LETTERS:
        return LETTERS[key.upper()]
    problems.add(f"unknown colour {word!r}", where, hint=suggestion(word, COLOURS),
                 pl=f"nieznany kolor {word!r} ({suggestion(word, COLOURS, 'pl')})")
    return None


def _goods_text(text: str, start: Location, problems: Problems) -> list[str]:
    stripped = text.strip()
    if stripped in ("", "-"):
        return []
    found: list[str] = []
    for m in re.finditer(r"[^\s,;]+", text):
        piece = m.group(0)
        where = Location(start.file, start.line, (start.col or 1) + m.start()) if start.line else start
        key = name_key(piece)
        if key in COLOUR_WORDS:
            found.append(COLOUR_WORDS[key])
            continue
        bad = [i for i, ch in enumerate(piece) if ch.upper() not in LETTERS]
        if not bad:
            found += [LETTERS[ch.upper()] for ch in piece]
            continue
        i = bad[0]
        at = Location(where.file, where.line, (where.col or 1) + i) if where.line else where
        close = suggestion(piece, COLOURS) if len(piece) > 2 else ""
        hint = close if close.startswith("did you mean") else "goods letters: R red, G green, Y yellow, B blue"
        hint_pl = (suggestion(piece, COLOURS, "pl") if close.startswith("did you mean")
                   else "litery towarów: R czerwony, G zielony, Y żółty, B niebieski")
        problems.add(f"unknown goods letter {piece[i]!r} in {piece!r}", at, hint=hint,
                     pl=f"nieznana litera towaru {piece[i]!r} w {piece!r} ({hint_pl})")
    return found


def _map(node: Any, lines: list[str], filename: str, problems: Problems) -> TileMap | None:
    value = node.get("map")
    if value is None:
        return None
    where = node.loc("map")
    if not isinstance(value, str):
        problems.add("map: expected the map as text, one row per line (map: |)", where,
                     pl="map: mapa to tekst, jeden rząd w wierszu (map: |)")
        return None
    rows = value.splitlines()
    while rows and not rows[0].strip():
        rows.pop(0)
    while rows and not rows[-1].strip():
        rows.pop()
    if not rows:
        return None
    # find each row in the source to give tokens their line:col (a block scalar starts on the
    # line after `map:`; an inline value sits on the key's own line)
    search = node.key_loc("map").line or 1
    if len(rows) == 1 and value == rows[0]:
        search -= 1
    if len(rows) > MAX_SIDE or max(len(row.split()) for row in rows) > MAX_SIDE:
        problems.add(f"map: more than {MAX_SIDE} rows or columns; the game has 92 tiles", where,
                     pl=f"map: więcej niż {MAX_SIDE} rzędów lub kolumn; gra ma 92 kafle")
        return None
    squares: list[Square] = []
    width = 0
    for r, row in enumerate(rows):
        line_no, col0 = None, 0
        for k in range(search, len(lines)):
            pos = lines[k].find(row.strip()) if row.strip() else -1
            if pos >= 0:
                line_no, col0 = k + 1, pos - (len(row) - len(row.lstrip()))
                search = k + 1
                break
        tokens = list(re.finditer(r"\S+", row))
        width = max(width, len(tokens))
        for c, m in enumerate(tokens):
            at = (Location(filename, line_no, col0 + m.start() + 1) if line_no is not None
                  else Location(filename, where.line, where.col))
            square = _token(m.group(0), r, c, at, problems)
            if square is not None:
                squares.append(square)
    return TileMap(len(rows), width, tuple(squares), where)


def _token(token: str, row: int, col: int, where: Location, problems: Problems) -> Square | None:
    if token == ".":
        return None
    if token.upper() in LETTERS and len(token) == 1:
        return Square(row, col, token, where, colour=LETTERS[token.upper()])
    key = name_key(token)
    if key in COLOUR_WORDS:
        return Square(row, col, token, where, colour=COLOUR_WORDS[key])
    m = _TOKEN.match(token.lower())
    kinds = ", ".join(f"{k} {v[0]}" for k, v in TILES.items())
    if m is None or m.group(1) not in TILES:
        # a kind code one letter off a real one: suggest the token with that code
        close = [k + m.group(2) + m.group(3) for k in TILES
                 if sum(a != b for a, b in zip(k, m.group(1))) == 1] if m else []
        hint = (you_meant(close) + " " if close else "") + \
            f"a square is '.', a city R G Y B, or a tile: kind ({kinds}), rotation 0-3, flag h/w/o"
        hint_pl = (you_meant(close, "pl") + " " if close else "") + \
            f"pole to '.', miasto R G Y B albo kafel: rodzaj ({kinds}), obrót 0-3, znacznik h/w/o"
        problems.add(f"map token {token!r} is not a tile", where, hint=hint,
                     pl=f"{token!r} na mapie to nie kafel ({hint_pl})")
        return None
    code, rotation, flag = m.group(1), m.group(2), m.group(3)
    name = TILES[code][0]
    if rotation == "":
        problems.add(f"map token {token!r}: the rotation (0-3) is missing", where,
                     hint=f"e.g. {code}0{flag}: 0 = as printed, 1-3 = quarter turns clockwise",
                     pl=f"{token!r} na mapie: brak obrotu (0-3) (np. {code}0{flag}: 0 = jak nadrukowano, "
                        "1-3 = ćwierć obrotu w prawo)")
        return None
    if int(rotation) > 3:
        problems.add(f"map token {token!r}: rotation {rotation} is not 0-3", where,
                     pl=f"{token!r} na mapie: obrót {rotation} to nie 0-3 (0 = jak nadrukowano, "
                        "1-3 = ćwierć obrotu w prawo)")
        return None
    if len(flag) > 1 or (flag and flag not in FLAGS):
        problems.add(f"map token {token!r}: unknown flag {flag!r}", where,
                     hint="one flag at most: h hill, w water tower, o overlay",
                     pl=f"{token!r} na mapie: nieznany znacznik {flag!r} (najwyżej jeden: h wzgórze, "
                        "w wieża ciśnień, o na istniejącym torze)")
        return None
    if (code, flag) not in SET_COUNTS:
        have = [FLAGS[f] for (c, f) in SET_COUNTS if c == code and f]
        problems.add(f"map token {token!r} is not a tile: the set has no {name} with a {FLAGS[flag]}", where,
                     hint=f"{name} tiles come plain" + (" or with: " + ", ".join(have) if have else " only"),
                     pl=f"{token!r} na mapie to nie kafel: w zestawie nie ma kafla {TILES_PL[code]} "
                        f"({FLAGS_PL[flag]}) (kafle {TILES_PL[code]} są " + (
                            "bez znacznika albo: " + ", ".join(FLAGS_PL[f] for (c, f) in SET_COUNTS if c == code and f)
                            if have else "tylko bez znacznika") + ")")
        return None
    return Square(row, col, token, where, code=code, rotation=int(rotation), flag=flag)


def parse_game(text: str, filename: str = "<input>",
               check: Callable[[GameFile, Problems], None] | None = None) -> GameFile:
    """Read an end-of-game file's text; every problem at once (:class:`NotationError` for the
    first unreadable YAML, else one ContentError listing all). ``check(game, problems)`` adds
    the rules' count problems to a file that has reading problems too (``rules.count_problems``)."""
    data = yamlio.loads(text, filename, error=NotationError)
    lines = text.splitlines()
    top = Location(filename, 1, 1)
    if not isinstance(data, dict):
        raise NotationError("a Days of Steam game file is a YAML mapping with `players:`", top,
                            pl="plik gry Dni Pary to mapa YAML z kluczem `players:`")
    problems = Problems()
    for key in data:
        if key not in GAME_KEYS:
            problems.add(f"unknown key {key!r} in the game file", data.key_loc(key),
                         hint=suggestion(str(key), GAME_KEYS),
                         pl=f"nieznany klucz {key!r} w pliku gry ({suggestion(str(key), GAME_KEYS, 'pl')})")
    game = data.get("game")
    if game is not None and name_key(str(game)) not in ("daysofsteam", "dnipary"):
        problems.add(f"game: this file is for {game!r}, not days-of-steam", data.loc("game"),
                     pl=f"game: ten plik jest do gry {game!r}, nie days-of-steam")
    end = data.get("end")
    end_where = data.loc("end") if "end" in data else top
    if end is not None and str(end).strip().lower() not in ENDS:
        near = close_matches(str(end), ENDS, n=1)
        problems.add(f"end: unknown game end {end!r}", end_where,
                     hint=(f"{you_meant(near)} " if near else "")
                     + "tiles: the last track tile was drawn, or instant: a player reached 13 VP",
                     pl=f"end: nieznany koniec gry {end!r} (" + (f"{you_meant(near, 'pl')} " if near else "")
                     + "tiles: dobrano ostatni kafel toru, albo instant: gracz zdobył 13 PZ)")
        end = None
    players_node = data.get("players")
    players: list[PlayerEntry] = []
    if not isinstance(players_node, list) or not players_node:
        problems.add("players: expected a list of players ({name, goods, circuits, steam})",
                     data.loc("players") if "players" in data else top,
                     pl="players: tu ma być lista graczy ({name, goods, circuits, steam})")
        players_node = []
    if len(players_node) > MAX_PLAYERS:
        raise NotationError(f"{len(players_node)} players: a game file holds at most {MAX_PLAYERS} "
                            "(the game is for 2-4)", players_node.loc(MAX_PLAYERS),
                            pl=f"{len(players_node)} graczy: plik gry mieści najwyżej {MAX_PLAYERS} (gra jest dla 2-4)")
    seen: dict[str, PlayerEntry] = {}
    for i, p in enumerate(players_node):
        where = players_node.loc(i)
        if not isinstance(p, dict):
            problems.add("a player is a mapping: {name: Ala, goods: RRG, circuits: 1, steam: 2}", where,
                         pl="gracz to mapa: {name: Ala, goods: RRG, circuits: 1, steam: 2}")
            continue
        misspelt = set()   # the keys an unknown key is a typo of: said once, by the unknown key
        for key in p:
            if key not in PLAYER_KEYS:
                near = close_matches(str(key), PLAYER_KEYS, n=1)
                misspelt.update(near)
                problems.add(f"unknown key {key!r} in a player", p.key_loc(key),
                             hint=suggestion(str(key), PLAYER_KEYS),
                             pl=f"nieznany klucz {key!r} u gracza ({suggestion(str(key), PLAYER_KEYS, 'pl')})")
        name = p.get("name")
        if isinstance(name, (int, float)) and not isinstance(name, bool):
            name = str(name)
        if not isinstance(name, str) or not name.strip():
            problems.add("every player needs a `name:`", p.loc("name") if "name" in p else where,
                         pl="każdy gracz potrzebuje `name:` (imienia)")
            name = f"player {i + 1}"
        missing = [key for key in ("goods", "circuits", "steam") if key not in p and key not in misspelt]
        if missing:   # a left-out key read as 0 could decide the winner (steam breaks ties): ask for it
            problems.add(f"{name.strip()}: no {', '.join(missing)} given", where,
                         hint="write each one, 0 or - for none, e.g. {name: Ala, goods: RRG, circuits: 1, steam: 2}",
                         pl=f"{name.strip()}: brak {', '.join(missing)} (wpisz każde, 0 lub - gdy nic, "
                            "np. {name: Ala, goods: RRG, circuits: 1, steam: 2})")
        goods = _goods(p, where, lines, problems)
        circuits = _int(p, "circuits", 0, 7, where, problems, "circuit counters")
        steam = _int(p, "steam", 0, 6, where, problems, "steam")
        entry = PlayerEntry(name.strip(), goods, circuits, steam, p.loc("name") if "name" in p else where,
                            p.loc("goods") if "goods" in p else where,
                            p.loc("circuits") if "circuits" in p else where,
                            p.loc("steam") if "steam" in p else where)
        first = seen.get(name_key(entry.name))
        if first is not None:
            problems.add(f"player name {entry.name!r} is given twice (first at line {first.where.line})",
                         entry.where, hint="names are unique per file, case ignored: add an initial",
                         pl=f"imię {entry.name!r} jest podane dwa razy (pierwszy raz w wierszu {first.where.line}; "
                            "imiona w pliku są różne bez względu na wielkość liter: dodaj inicjał)")
        else:
            seen[name_key(entry.name)] = entry
        players.append(entry)
    tile_map = _map(data, lines, filename, problems)
    title = data.get("title")
    end_text = str(end).strip().lower() if end is not None else ""
    parsed = GameFile(filename, end_text or "tiles", bool(end_text), end_where, tuple(players), tile_map,
                      str(title) if title is not None else "")
    if problems.items and check is not None:
        check(parsed, problems)
    problems.raise_if_any(filename, sort=True)
    return parsed


def read_game(path: str | Path, check: Callable[[GameFile, Problems], None] | None = None) -> GameFile:
    """Read an end-of-game file (UTF-8); ``check`` as for :func:`parse_game`."""
    path = Path(path)
    return parse_game(read_text(path, NotationError, MAX_GAME_BYTES), str(path), check)


# the tiles, their marks and the city colours in Polish (the player aid's words: rozjazd, wzgórze, most)
TILES_PL = {"st": "tor prosty", "cu": "zakręt", "sw": "rozjazd", "wy": "rozjazd Y", "br": "most",
            "dc": "podwójny zakręt", "sd": "bocznica"}
FLAGS_PL = {"h": "wzgórze", "w": "wieża ciśnień", "o": "na istniejącym torze"}
CITY_PL = {"red": "czerwone", "green": "zielone", "yellow": "żółte", "blue": "niebieskie"}


def tile_name(square: Square, lang: str = "en") -> str:
    """``curve (hill)``, ``red city``; Polish ``zakręt (wzgórze)``, ``miasto czerwone``."""
    if lang == "pl":
        if square.is_city:
            return f"miasto {CITY_PL.get(square.colour, square.colour)}"
        name = TILES_PL[square.code]
        return f"{name} ({FLAGS_PL[square.flag]})" if square.flag else name
    if square.is_city:
        return f"{square.colour} city"
    name = TILES[square.code][0]
    return f"{name} ({FLAGS[square.flag]})" if square.flag else name
