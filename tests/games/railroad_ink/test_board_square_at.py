"""``board.square_at`` is the inverse of ``board.square`` (the photo reader parses its flagged
spaces' names with it)."""

from railprint.games.railroad_ink.board import SIZE, square, square_at


def test_square_at_inverts_square():
    assert square_at("C4") == (2, 3)
    assert all(square_at(square(r, c)) == (r, c) for r in range(SIZE) for c in range(SIZE))
