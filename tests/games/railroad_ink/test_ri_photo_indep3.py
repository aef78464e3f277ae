"""The third independent photo generator (benchmarks/indep3_photos.py) checked itself: its boards
are grown by the rules, a seed gives the same bytes, its flat sheet is railprint's own sheet with
the grid where the PDF puts it; and two of its dev photos through ``score railroad-ink --photo
--json``, asserting only the guarantee (every space read wrong is flagged uncertain)."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

np = pytest.importorskip("numpy")
pytest.importorskip("cv2")
pytest.importorskip("pypdfium2")

from benchmarks import indep3_photos as gen  # noqa: E402
from railprint.cli import app  # noqa: E402
from railprint.games.railroad_ink.board import SIZE, square  # noqa: E402
from railprint.games.railroad_ink.notation import parse  # noqa: E402
from railprint.games.railroad_ink.rules import validate  # noqa: E402

runner = CliRunner()


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4242, 99_999])
def test_boards_grow_by_the_rules(seed):
    board, order = gen.grow_board(seed, random.Random(f"indep3-{seed}"))
    assert gen.replay_problems(order) == []
    assert validate(board) == []
    drawn = [(r, c) for r, c, cell in board.cells() if not cell.empty]
    assert len(drawn) == len(order) >= 21           # seven rounds of dice, few left undrawn
    assert sorted(drawn) == sorted(sq for _rnd, sq, _t in order)
    rounds = [rnd for rnd, _sq, _t in order]
    assert rounds == sorted(rounds) and rounds[-1] == 7


def test_the_replay_check_can_fail():
    # a railway against the highway exit of A2's north side; a highway joining nothing
    assert gen.replay_problems([(1, (0, 1), "r.r.")])
    assert gen.replay_problems([(1, (3, 3), "h.h.")])
    # four special routes (and one of them twice)
    specials = [(1, (0, 1), "h.h."), (2, (1, 1), "hhhh"), (3, (2, 1), "hhhh"), (4, (3, 1), "hrhrs"),
                (5, (2, 0), "hhhh")]
    assert any("special" in p for p in gen.replay_problems(specials))


def test_same_seed_same_bytes():
    first = gen.make_photo(62)
    second = gen.make_photo(62)
    assert first[0] == second[0] and first[1] == second[1] and first[2] == second[2]
    assert first[0][:2] == b"\xff\xd8"


def test_flat_sheet_has_the_printed_grid_where_the_pdf_puts_it():
    page = gen.flat_page(5).mean(axis=2)
    gx, gy, s = gen._grid_px()
    near = 3                                        # px: the line's own width and rounding
    for i in range(SIZE + 1):
        for j in range(SIZE):
            # a vertical and a horizontal grid line halfway along each space's side
            x, y = gx + i * s, gy + (j + 0.5) * s
            assert page[int(y), int(x) - near:int(x) + near + 1].min() < 110, (i, j)
            x, y = gx + (j + 0.5) * s, gy + i * s
            assert page[int(y) - near:int(y) + near + 1, int(x)].min() < 110, (i, j)
    for r in range(SIZE):                           # and paper 3 mm inside each space's top-left corner
        for c in range(SIZE):
            x, y = int(gx + c * s + 3 * gen.K), int(gy + r * s + 3 * gen.K)
            assert page[y, x] > 200, square(r, c)
    drawn = np.frombuffer(gen.make_photo(5, flat=True)[0], np.uint8)
    assert drawn.size > 0


@pytest.mark.parametrize("seed", [62, 92])
def test_dev_photos_keep_the_guarantee(tmp_path, seed):
    data, board, _facts = gen.make_photo(seed)
    photo = tmp_path / f"indep3-{seed}.jpg"
    photo.write_bytes(data)
    result = runner.invoke(app, ["score", "railroad-ink", "--photo", str(photo), "--json"])
    assert result.exit_code in (0, 3), result.output
    out = json.loads(result.output)
    read = parse(out["board"], "photo")
    flagged = {u["square"] for u in out["uncertain"]}
    wrong = {square(r, c) for r in range(SIZE) for c in range(SIZE) if read.rows[r][c] != board.rows[r][c]}
    assert wrong <= flagged, sorted(wrong - flagged)
    assert (result.exit_code == 0) == (not flagged)
