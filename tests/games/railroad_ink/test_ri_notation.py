"""Board text format v1: what parses, what it parses to, and located errors for bad input."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from railprint.errors import NotationError
from railprint.games.railroad_ink import Board, Cell, format_board, parse, parse_file
from railprint.games.railroad_ink.notation import parse_token

EMPTY_ROW = ". . . . . . ."
GRID = "\n".join([EMPTY_ROW] * 7) + "\n"


def _grid(**rows: str) -> str:
    """The empty grid with some rows replaced: _grid(C='hhhh . . . . . .')."""
    lines = [EMPTY_ROW] * 7
    for name, text in rows.items():
        lines["ABCDEFG".index(name)] = text
    return "\n".join(lines) + "\n"


def test_tokens_are_case_insensitive_and_dot_is_empty():
    assert parse_token("HrH.S") == Cell("hrh.", "s")
    assert parse_token(".") == parse_token("....") == Cell()
    assert parse_token("X") == Cell("....", "x")
    assert parse_token("LLLLV") == Cell("llll", "v")
    assert parse_token("rhrho") == Cell("rhrh", "o")


def test_grid_cells_land_on_their_squares():
    board = parse(_grid(C=". . . .hh. . . .", G="x . . . . . llllv"))
    assert board[2, 3] == Cell(".hh.")
    assert board[6, 0].crater and board[6, 6].volcano
    assert sum(1 for _, _, c in board.cells() if not c.empty) == 3


def test_headers_comments_and_whitespace():
    text = ("# Ala's sheet, game 2026-11-25\n"
            "Player:  Ala Kowalska   # the name keeps its inner space\n"
            "\n"
            "EXPANSION: Meteor\n"
            + "\t".join(["...."] * 7) + "   # a tab-separated row\n"
            + "\n".join(["  " + "   ".join(["."] * 7) + "  "] * 6) + "\n# trailing comment\n")
    board = parse(text, "ala.txt")
    assert board.player == "Ala Kowalska"
    assert board.expansion == "meteor"
    assert board.source == "ala.txt"
    assert board == Board(player="Ala Kowalska", expansion="meteor")


def test_bom_crlf_and_tabs_parse_like_the_plain_file(tmp_path):
    plain = "player: Bo\n" + _grid(D="h.h. .h.h hhhh rhrho .... x ....")
    messy = ("\ufeff" + plain.replace(" ", "\t").replace("\n", "\r\n")).encode("utf-8")
    path = tmp_path / "messy.txt"
    path.write_bytes(messy)
    assert parse_file(path) == parse(plain)


def test_default_player_and_expansion():
    board = parse(GRID)
    assert board.player == "" and board.expansion == "none"


def test_expansion_aliases():
    assert parse("expansion: lawa\n" + GRID).expansion == "lava"
    assert parse("expansion: NONE\n" + GRID).expansion == "none"


def test_format_is_canonical_and_reads_back():
    board = parse("player: Ala\nexpansion: lava\n" + _grid(A="HHHH . . . . . LLLLV", B="x . . . . . ."))
    text = format_board(board)
    assert text.splitlines()[:3] == ["player: Ala", "expansion: lava",
                                     "hhhh  ....  ....  ....  ....  ....  llllv"]
    assert parse(text) == board


def test_format_refuses_a_name_it_cannot_write():
    with pytest.raises(NotationError, match="cannot be written"):
        format_board(Board(player="Ala # 1"))


# (file bytes, expected "line:col", expected message fragment)
BAD = [
    ("empty", b"", "1:1", "empty file: expected 7 rows of 7 spaces"),
    ("blank lines only", b"  \n\n\t\n", "1:1", "empty file"),
    ("comments only", b"# nothing yet\n", "2:1", "no grid rows"),
    ("headers only", b"player: Ala\n", "2:1", "no grid rows"),
    ("six rows", ("\n".join([EMPTY_ROW] * 6) + "\n").encode(), "7:1", "only 6 grid row(s); expected 7"),
    ("eight rows", ("\n".join([EMPTY_ROW] * 8) + "\n").encode(), "8:1", "an 8th grid row"),
    ("short row", _grid(C=". . . . . .").encode(), "3:12", "row C has 6 space(s); expected 7"),
    ("long row", _grid(D=". . . . . . . hhhh").encode(), "4:15", "row D has 8 spaces; expected 7 (unexpected 'hhhh')"),
    ("unknown letter", _grid(B="hqh. . . . . . .").encode(), "2:2", "'hqh.': unknown letter 'q'"),
    ("unknown letter later", _grid(E=". . . . . .  ..z.").encode(), "5:16", "unknown letter 'z'"),
    ("unknown marker", _grid(A="hhhhq . . . . . .").encode(), "1:5", "unknown marker 'q'"),
    ("too long", _grid(A=". hhhhss . . . . .").encode(), "1:8", "too long"),
    ("three letters", _grid(F=". . hhh . . . .").encode(), "6:5", "needs 4 edge letters"),
    ("marker too early", _grid(A="hshh . . . . . .").encode(), "1:2", "marker 's' must follow four edge letters"),
    ("crater with edges", _grid(A="hhhhx . . . . . .").encode(), "1:5", "a crater is written 'x' alone"),
    ("unknown header", b"colour: red\n" + GRID.encode(), "1:1", "unknown header 'colour'"),
    ("misspelt header", b"playr: Ala\n" + GRID.encode(), "1:1", "did you mean 'player'?"),
    ("header twice", b"player: A\nplayer: B\n" + GRID.encode(), "2:1", "header 'player' given twice"),
    ("header in grid", (EMPTY_ROW + "\n  player: Ala\n").encode(), "2:3", "inside the grid"),
    ("not a header", b"my name: Ala\n" + GRID.encode(), "1:1", "is not a header line"),
    ("bad expansion", b"expansion:  volcano\n" + GRID.encode(), "1:13", "unknown expansion 'volcano'"),
    ("not utf-8", _grid(C=". . X . . . .").encode().replace(b"X", b"\xff"), "3:5", "not UTF-8"),
    ("utf-16", GRID.encode("utf-16"), "1:1", "UTF-16"),
    ("binary", b"\x00\x01\x02\x03", "1:1", "unknown letter"),
    ("tabs", _grid(B="....\t....\tzz..\t.\t.\t.\t.").encode(), "2:11", "unknown letter 'z'"),
    ("bom", ("\ufeff" + _grid(A="hhhq . . . . . .")).encode(), "1:4", "unknown letter 'q'"),
    ("crlf", _grid(C=". . . . . . ?").replace("\n", "\r\n").encode(), "3:13", "unknown letter '?'"),
    ("crlf short", ("\r\n".join([EMPTY_ROW] * 5) + "\r\n").encode(), "6:1", "only 5 grid row(s)"),
]


@pytest.mark.parametrize("name,data,where,message", BAD, ids=[b[0] for b in BAD])
def test_bad_input_gives_a_located_error(tmp_path, name, data, where, message):
    path = tmp_path / "board.txt"
    path.write_bytes(data)
    with pytest.raises(NotationError) as info:
        parse_file(path)
    text = str(info.value)
    assert text.startswith(f"{path}:{where}: "), text
    assert message in text


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8") | st.sampled_from(list(".hrlsovxHR: #\t\n\r")),
               max_size=400))
def test_any_text_parses_or_gives_a_located_notation_error(text):
    try:
        parse(text, "fuzz.txt")
    except NotationError as exc:
        assert str(exc).startswith("fuzz.txt:")
        assert exc.location.line >= 1 and exc.location.col >= 1


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["hhhh", "H.h.S", ".", "x", "llllv", "q", "hh", "player: A",
                                 "expansion: lava", "#", "\t", "\r\n", "\n", " ", "\ufeff",
                                 "\xff", "İ", "ß"]), max_size=80))
def test_token_soup_never_raises_anything_else(parts):
    text = "".join(parts)
    try:
        board = parse(text, "soup.txt")
    except NotationError as exc:
        assert str(exc).startswith("soup.txt:")
    else:
        assert parse(format_board(board)) == board
