"""Boards for the photo reader's unit tests: rows of cells from a few spaces' tokens."""

from __future__ import annotations

from dataclasses import dataclass

from railprint.games.railroad_ink.board import SIZE, Cell, square


def rows_of(cells: dict) -> list[tuple[Cell, ...]]:
    """Rows of cells (``read_rel``'s shape) holding ``cells`` ((r, c) -> token such as ``h.r.s``),
    every other space empty."""
    return [tuple(Cell(cells[(r, c)][:4], cells[(r, c)][4:]) if (r, c) in cells else Cell()
                  for c in range(SIZE)) for r in range(SIZE)]


def board_of(spaces: dict) -> list[tuple[Cell, ...]]:
    """``rows_of`` keyed by square names (``"B2" -> "...h"``)."""
    return rows_of({("ABCDEFG".index(sq[0]), int(sq[1:]) - 1): token for sq, token in spaces.items()})


def flagged(tokens: dict, reasons: dict, uncertain_of) -> tuple[list, list]:
    """``rows_of(tokens)`` and the flags a reader's step takes: each of ``reasons``' spaces ((r, c) ->
    reason) flagged, guessed as its token (``uncertain_of``: ``read.Uncertain``)."""
    return rows_of(tokens), [uncertain_of(square(r, c), tokens[(r, c)], why) for (r, c), why in reasons.items()]


def flagged_board(cells: dict, flags: dict, uncertain_of) -> tuple[list, list]:
    """``flagged`` keyed by square names; a flagged square with no token is guessed empty."""
    return board_of(cells), [uncertain_of(sq, cells.get(sq, "...."), why) for sq, why in flags.items()]


def sides_read(rows, read: dict | None = None):
    """A ``sides_at`` as the reader's steps take one: each space's four sides read with certainty, as
    its cell's exits, or as ``read`` ((r, c) -> the reader's side kinds) has them."""
    from railprint.games.railroad_ink.photo.read import SideRead

    def sides_at(r, c):
        return [SideRead(k, True, "") for k in (read or {}).get((r, c), rows[r][c].edges)]
    return sides_at


@dataclass
class Flag:
    """A flagged space as the reader's steps take one (``read.Uncertain``'s fields)."""
    square: str
    guess: str
    reason: str


def right_and_flagged(board, reading, right: dict) -> None:
    """Assert each of ``right``'s squares (name -> token) is the true token, guessed right and flagged,
    and every space ``reading`` read wrong is flagged (the reader's guarantee)."""
    flagged = {u.square for u in reading.uncertain}
    for sq, token in right.items():
        r, c = "ABCDEFG".index(sq[0]), int(sq[1:]) - 1
        assert board.rows[r][c].token == token
        assert reading.board.rows[r][c].token == token, sq
        assert sq in flagged, sq
    assert all(f"{'ABCDEFG'[r]}{c + 1}" in flagged for r in range(SIZE) for c in range(SIZE)
               if reading.board.rows[r][c].token != board.rows[r][c].token)
