"""One dev seed of the second independent photo generator (benchmarks/indep2_photos.py) read by
the reader: what the seed tests of the photo steps compare (needs cv2 and pypdfium2)."""

from __future__ import annotations

from typing import NamedTuple


class SeedReading(NamedTuple):
    board: object      # the true board
    plan: object       # the generator's plan (its habits)
    reading: object    # read_photo's Reading
    flagged: dict      # square -> its Uncertain item
    wrong: set         # the squares read wrong


def read_seed(seed: int) -> SeedReading:
    """``seed`` made and read (skipped where cv2 or pypdfium2 is missing)."""
    import pytest

    pytest.importorskip("cv2")
    pytest.importorskip("pypdfium2")
    from benchmarks import indep2_photos as gen
    from railprint.games.railroad_ink.board import SIZE, square
    from railprint.games.railroad_ink.photo.read import read_photo

    data, board, plan = gen.make_photo(seed)[:3]
    reading = read_photo(data, f"indep2-{seed}.jpg")
    wrong = {square(r, c) for r in range(SIZE) for c in range(SIZE)
             if reading.board.rows[r][c] != board.rows[r][c]}
    return SeedReading(board, plan, reading, {u.square: u for u in reading.uncertain}, wrong)


def check_night_seed(seed: int, habit: str | None, most_wrong: int, square: str, guess: str) -> SeedReading:
    """``seed`` read: a night photo (with ``habit``, when given), every space read wrong flagged,
    at most ``most_wrong`` of them, and ``square`` flagged with ``guess`` -- or, once a later step
    reads it with certainty, read ``guess`` and right."""
    got = read_seed(seed)
    assert "night" in got.plan.effects
    assert habit is None or habit in got.plan.habits
    assert got.wrong <= set(got.flagged), sorted(got.wrong - set(got.flagged))
    assert len(got.wrong) <= most_wrong, sorted(got.wrong)
    if square in got.flagged:
        assert got.flagged[square].guess == guess
    else:
        from railprint.games.railroad_ink.board import square_at

        r, c = square_at(square)
        assert square not in got.wrong and got.reading.board.rows[r][c].token == guess
    return got
