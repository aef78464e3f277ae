"""Boards for the photo reader's unit tests: rows of cells from a few spaces' tokens."""

from __future__ import annotations

from dataclasses import dataclass

from railprint.games.railroad_ink.board import SIZE, Cell


def rows_of(cells: dict) -> list[tuple[Cell, ...]]:
    """Rows of cells (``read_rel``'s shape) holding ``cells`` ((r, c) -> token such as ``h.r.s``),
    every other space empty."""
    return [tuple(Cell(cells[(r, c)][:4], cells[(r, c)][4:]) if (r, c) in cells else Cell()
                  for c in range(SIZE)) for r in range(SIZE)]


def board_of(spaces: dict) -> list[tuple[Cell, ...]]:
    """``rows_of`` keyed by square names (``"B2" -> "...h"``)."""
    return rows_of({("ABCDEFG".index(sq[0]), int(sq[1:]) - 1): token for sq, token in spaces.items()})


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
