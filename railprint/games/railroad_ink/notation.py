"""Read and write the Railroad Ink board text (format v1, see docs/railroad-ink-scoring.md).

``parse(text, filename)`` returns an immutable :class:`Board` or raises :class:`NotationError`
located at ``file:line:col`` (1-based; a tab counts as one column; a leading byte-order mark is
ignored). ``format_board(board)`` writes text that ``parse`` reads back to an equal board.

What this module rejects (the text cannot be read as a board): wrong numbers of rows or spaces,
unknown letters, malformed tokens, unknown or repeated header keys, headers inside the grid.
What it accepts and leaves to ``rules.validate`` (the text is readable but breaks the rules):
markers that do not fit their edges, highway and railway without a station, lava or craters
without their expansion.
"""

from __future__ import annotations

import re
from pathlib import Path

from railprint.errors import Location, NotationError, suggestion
from railprint.loading.text import MAX_GAME_BYTES, read_text
from railprint.games.railroad_ink.board import (
    EDGE_LETTERS, EMPTY, EXPANSIONS, ROWS, SIZE, Board, Cell,
)

HEADER_KEYS = ("player", "expansion")
EXPANSION_ALIASES = {"none": "none", "meteor": "meteor", "lava": "lava", "base": "none",
                     "brak": "none", "meteoryt": "meteor", "lawa": "lava"}
EDGE_HINT = ("four edge letters in the order north east south west, each h (highway), "
             "r (railway), l (lava) or . (nothing), then an optional marker s, o or v; "
             "'.' alone is an empty space, 'x' a crater")
TOKEN_RE = re.compile(r"\S+")
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


EDGE_HINT_PL = ("cztery litery krawędzi w kolejności północ wschód południe zachód, każda h (autostrada), "
                "r (tor), l (lawa) lub . (nic), potem ewentualnie znacznik s, o lub v; "
                "'.' samo to puste pole, 'x' krater")


def _error(message: str, filename: str, line: int, col: int, hint: str | None = None, *,
           pl: str | None = None) -> NotationError:
    return NotationError(message, Location(filename, line, col), hint, pl=pl)


def parse_token(token: str, filename: str = "<input>", line: int = 1, col: int = 1) -> Cell:
    """One space token (case-insensitive) -> Cell; ``col`` is where the token starts. A valid
    token's cell is remembered (a served sheet's 49 tokens are read at every change of it; a
    cell is immutable): only a token in error depends on where it stands."""
    cell = _CELLS.get(token)
    if cell is None:
        cell = _parse_token(token, filename, line, col)
        if len(token) <= 8:
            if len(_CELLS) >= 4096:
                _CELLS.clear()
            _CELLS[token] = cell
    return cell


_CELLS: dict[str, Cell] = {}


def _parse_token(token: str, filename: str, line: int, col: int) -> Cell:
    t = token.translate(_ASCII_LOWER)  # str.lower() may change the length (e.g. 'İ')
    if t in (".", "...."):
        return EMPTY
    if t == "x":
        return Cell("....", "x")
    for i, ch in enumerate(t[:4]):
        if ch not in EDGE_LETTERS:
            where = col + i
            if ch in "sovx":
                kind = {"s": "station", "o": "overpass", "v": "volcano", "x": "crater"}[ch]
                kind_pl = {"s": "stacji", "o": "wiaduktu", "v": "wulkanu", "x": "krateru"}[ch]
                return _raise(f"{token!r}: the {kind} marker {token[i]!r} must follow four edge "
                              f"letters", filename, line, where,
                              "write a crater as 'x' alone" if ch == "x" else EDGE_HINT,
                              pl=f"{token!r}: znacznik {kind_pl} {token[i]!r} stoi po czterech literach krawędzi ("
                                 + ("krater to samo 'x'" if ch == "x" else EDGE_HINT_PL) + ")")
            return _raise(f"{token!r}: unknown letter {token[i]!r}", filename, line, where, EDGE_HINT,
                          pl=f"{token!r}: nieznana litera {token[i]!r} ({EDGE_HINT_PL})")
    if len(t) < 4:
        return _raise(f"{token!r}: a space needs 4 edge letters (north east south west), "
                      f"found {len(t)}", filename, line, col, EDGE_HINT,
                      pl=f"{token!r}: pole potrzebuje 4 liter krawędzi (północ wschód południe zachód), "
                         f"jest {len(t)} ({EDGE_HINT_PL})")
    if len(t) == 4:
        return Cell(t, "")
    marker = t[4]
    if marker == "x":
        return _raise(f"{token!r}: a crater is written 'x' alone, without edges", filename, line,
                      col + 4, pl=f"{token!r}: krater to samo 'x', bez liter krawędzi")
    if marker not in "sov":
        return _raise(f"{token!r}: unknown marker {token[4]!r}", filename, line, col + 4,
                      "markers: s station, o overpass, v volcano",
                      pl=f"{token!r}: nieznany znacznik {token[4]!r} (znaczniki: s stacja, o wiadukt, v wulkan)")
    if len(t) > 5:
        return _raise(f"{token!r}: too long; unexpected {token[5:]!r} after the marker",
                      filename, line, col + 5, EDGE_HINT,
                      pl=f"{token!r}: za długie; po znaczniku stoi jeszcze {token[5:]!r} ({EDGE_HINT_PL})")
    return Cell(t[:4], marker)


def _raise(message: str, filename: str, line: int, col: int, hint: str | None = None, *,
           pl: str | None = None) -> Cell:
    raise _error(message, filename, line, col, hint, pl=pl)


def _counted_pl(count: int, forms: tuple[str, str, str]) -> str:
    """'2 rzędy', '5 rzędów': a count with its Polish plural form (only when a file is wrong)."""
    from railprint.words import counted

    return counted(count, forms, "pl")


def _fields(count: int) -> str:
    return _counted_pl(count, ("pole", "pola", "pól"))


def parse(text: str, filename: str = "<input>") -> Board:
    """Parse a board text. Raises NotationError at the first unreadable place."""
    if text.startswith("\ufeff"):
        text = text[1:]
    headers: dict[str, str] = {}
    rows: list[tuple[Cell, ...]] = []
    last_grid_line = 0
    # lines end in LF, CRLF or a lone CR (an old Mac editor's): a file of CR-only lines was one
    # line, "no grid rows" at 1:1
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for number, raw in enumerate(lines, start=1):
        content = raw.split("#", 1)[0]
        if not content.strip():
            continue
        if ":" in content:
            key_raw, value_raw = content.split(":", 1)
            key_col = len(key_raw) - len(key_raw.lstrip()) + 1
            key = key_raw.strip().lower()
            value = value_raw.strip()
            value_col = len(key_raw) + 2 + (len(value_raw) - len(value_raw.lstrip()))
            if rows:
                raise _error(f"header line {key_raw.strip() + ':'!r} inside the grid; "
                             f"headers go before the first row", filename, number, key_col,
                             pl=f"nagłówek {key_raw.strip() + ':'!r} w środku planszy; nagłówki stoją "
                                f"przed pierwszym rzędem")
            if not key or " " in key or "\t" in key:
                raise _error(f"{content.strip()!r} is not a header line 'key: value'",
                             filename, number, key_col, "known keys: " + ", ".join(HEADER_KEYS),
                             pl=f"{content.strip()!r} to nie nagłówek 'klucz: wartość' (znane klucze: "
                                + ", ".join(HEADER_KEYS) + ")")
            if key not in HEADER_KEYS:
                raise _error(f"unknown header {key_raw.strip()!r}", filename, number, key_col,
                             suggestion(key, HEADER_KEYS),
                             pl=f"nieznany nagłówek {key_raw.strip()!r} ({suggestion(key, HEADER_KEYS, 'pl')})")
            if key in headers:
                raise _error(f"header {key!r} given twice", filename, number, key_col,
                             pl=f"nagłówek {key!r} podany dwa razy")
            if key == "expansion":
                canonical = EXPANSION_ALIASES.get(value.lower())
                if canonical is None:
                    raise _error(f"unknown expansion {value!r}", filename, number, value_col,
                                 suggestion(value, EXPANSIONS),
                                 pl=f"nieznany dodatek {value!r} ({suggestion(value, EXPANSIONS, 'pl')})")
                value = canonical
            headers[key] = value
            continue
        if len(rows) == SIZE:
            first = TOKEN_RE.search(content)
            raise _error(f"an 8th grid row; a board has exactly {SIZE} rows (A-G)",
                         filename, number, first.start() + 1 if first else 1,
                         pl=f"ósmy rząd planszy; plansza ma dokładnie {SIZE} rzędów (A-G)")
        tokens = list(TOKEN_RE.finditer(content))
        row_name = ROWS[len(rows)]
        cells = [parse_token(m.group(), filename, number, m.start() + 1) for m in tokens[:SIZE]]
        if len(tokens) < SIZE:
            raise _error(f"row {row_name} has {len(tokens)} space(s); expected {SIZE}",
                         filename, number, tokens[-1].end() + 1,
                         "write '....' (or '.') for an empty space",
                         pl=f"rząd {row_name} ma {_fields(len(tokens))}, a powinien {SIZE} (puste pole to '....' lub '.')")
        if len(tokens) > SIZE:
            extra = tokens[SIZE]
            raise _error(f"row {row_name} has {len(tokens)} spaces; expected {SIZE} "
                         f"(unexpected {extra.group()!r})", filename, number, extra.start() + 1,
                         pl=f"rząd {row_name} ma {_fields(len(tokens))}, a powinien {SIZE} (nadmiarowe {extra.group()!r})")
        rows.append(tuple(cells))
        last_grid_line = number
    if not rows:
        what = "empty file" if not text.strip() else "no grid rows"
        where = len(lines) if text.strip() else 1
        what_pl = "pusty plik" if not text.strip() else "brak rzędów planszy"
        raise _error(f"{what}: expected {SIZE} rows of {SIZE} spaces", filename, where, 1,
                     pl=f"{what_pl}: plansza to {SIZE} rzędów po {SIZE} pól")
    if len(rows) < SIZE:
        raise _error(f"only {len(rows)} grid row(s); expected {SIZE} (rows A-G)", filename,
                     last_grid_line + 1, 1, f"row {ROWS[len(rows)]} is missing",
                     pl=f"tylko {_counted_pl(len(rows), ('rząd', 'rzędy', 'rzędów'))} planszy, a powinno być {SIZE} (A-G): "
                        f"brak rzędu {ROWS[len(rows)]}")
    return Board(tuple(rows), player=headers.get("player", ""),
                 expansion=headers.get("expansion", "none"), source=filename)


def parse_file(path: str | Path) -> Board:
    path = Path(path)
    return parse(read_text(path, NotationError, MAX_GAME_BYTES), str(path))


def format_board(board: Board) -> str:
    """The board as text in format v1 (canonical tokens, aligned columns)."""
    out = []
    if board.player:
        name = board.player
        if name != name.strip() or "#" in name or "\n" in name:
            raise NotationError(f"player name {name!r} cannot be written in a board file",
                                hint="avoid '#', line breaks and leading or trailing spaces",
                                pl=f"imienia gracza {name!r} nie da się zapisać w pliku planszy (bez '#', "
                                   "znaków nowego wiersza i spacji na początku lub końcu)")
        out.append(f"player: {name}")
    if board.expansion != "none":
        out.append(f"expansion: {board.expansion}")
    for row in board.rows:
        out.append(" ".join(cell.token.ljust(5) for cell in row).rstrip())
    return "\n".join(out) + "\n"
