"""Fewer flags on spaces read right (issue 35, round fifteen: ``photo/faint_grid.py``), on dev photos of
the independent generator (``benchmarks/indep_photos.py``): every flag is a tap on the phone page,
and no space read wrong may lose its flag."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("cv2")
pytest.importorskip("pypdfium2")

from benchmarks import indep_photos  # noqa: E402
from railprint.games.railroad_ink.board import square  # noqa: E402
from railprint.games.railroad_ink.photo import faint_grid, read  # noqa: E402


def _read(seed: int):
    data, board, facts = indep_photos.make_photo(seed)
    reading = read.read_photo(data)
    flagged = {u.square for u in reading.uncertain}
    wrong = {square(r, c) for r, c, cell in board.cells() if reading.board[r, c] != cell}
    return reading, flagged, wrong, board


def test_a_faint_printed_grid_whose_found_lines_are_on_does_not_flag_every_space():
    """Dev seed 9,020 (3 MP, a light printer's grid: only some of its lines found, every one where
    the marks put it): main flagged all 49 spaces "the printed grid is not where the corner marks
    put it"; now only the spaces whose corners were not found, and every space read wrong is
    flagged."""
    reading, flagged, wrong, _ = _read(9020)
    assert wrong <= flagged, sorted(wrong - flagged)
    assert len(flagged) <= 30, len(flagged)
    assert not any("its lines were not found" in u.reason for u in reading.uncertain)


def test_a_grid_read_off_its_lines_keeps_every_space_flagged():
    """The other side of the rule: looks at a grid read 6 mm off find drawn lines and the round
    boxes' frames, only some of them where the grid is read (``grid_on`` is False); a grid whose
    found lines are all on (a light printer's) passes."""
    rng = np.random.default_rng(5)
    on = np.where(rng.random((8, 8, 2, 2)) < 0.4, rng.normal(0, 0.05, (8, 8, 2, 2)), np.nan)
    assert faint_grid.grid_on(on, read.GRID_OFF_MM)
    off = on.copy()
    off[..., 0, :] = np.where(np.isnan(on[..., 0, :]), np.nan, rng.uniform(-4, 4, (8, 8, 2)))
    assert not faint_grid.grid_on(off, read.GRID_OFF_MM)
    few = np.full((8, 8, 2, 2), np.nan)
    few[0, :, :, 0] = 0.0   # the frame's top edge alone: too few looks
    assert not faint_grid.grid_on(few, read.GRID_OFF_MM)

