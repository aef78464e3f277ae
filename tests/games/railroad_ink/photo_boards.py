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
