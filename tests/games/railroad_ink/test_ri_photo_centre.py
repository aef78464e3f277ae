"""The centre marks as one player draws them on the whole sheet (``photo/centre.py``, issue 35's
independent check, round fourteen): a station drawn as a hollow square or a filled one, where a
highway drawn as one line was read as a railway, is flagged and guessed a station; a hollow square
between two straight crossings is the crossing special route. Photos from the independent
generator (``benchmarks/indep_photos.py``, dev seeds), small so the tests stay fast."""

from __future__ import annotations

import pytest

cv2 = pytest.importorskip("cv2")
np = pytest.importorskip("numpy")
pytest.importorskip("pypdfium2")

from benchmarks import indep_photos  # noqa: E402
from railprint.games.railroad_ink.board import SIZE, square  # noqa: E402
from railprint.games.railroad_ink.photo import centre, layout, read  # noqa: E402


def _read(seed: int):
    data, board, facts = indep_photos.make_photo(seed)
    assert facts["mp"] <= 3
    reading = read.read_photo(data, f"indep-{seed}.jpg")
    flagged = {u.square: u.reason for u in reading.uncertain}
    silent = [(square(r, c), cell.token, reading.board[r, c].token) for r, c, cell in board.cells()
              if reading.board[r, c] != cell and square(r, c) not in flagged]
    assert silent == [], f"read wrong and not flagged (square, drawn, read): {silent}"
    return board, reading, flagged, facts


def test_the_sheets_hollow_stations_show_where_a_one_line_highway_was_read_as_a_railway():
    # dev seed 5052 (2 MP, gel pen): stations drawn as hollow squares; the clear ones (a highway
    # and a railway joined, every side read with certainty) show the habit; in C1 and G2 the
    # highway was read as a railway (r.r.), and F6's hollow square between a straight highway and
    # railway is the crossing special route, not an overpass. Main's reader guessed r.r., r.r.,
    # rhrho (flagged)
    board, reading, flagged, facts = _read(5052)
    assert facts["station"] == "hollow-square"
    for sq, token in (("C1", "r.h.s"), ("G2", "r.h.s"), ("F6", "rhrhs")):
        r, c = ord(sq[0]) - ord("A"), int(sq[1:]) - 1
        assert board[r, c].token == token
        assert reading.board[r, c].token == token, (sq, reading.board[r, c].token, flagged.get(sq))
        assert centre.STATION_MARK in flagged[sq]


def test_a_railways_only_sleepers_beside_a_hollow_square_are_its_outline():
    # dev seed 5104 (3 MP, pencil): a highway drawn as one line runs into a hollow station square
    # in A1; the square's side, in the highway's strip, read as its sleepers (.r.r); main guessed
    # .r.r (flagged for another side)
    board, reading, flagged, facts = _read(5104)
    assert (facts["station"], facts["highway"]) == ("hollow-square", "single")
    assert board[0, 0].token == ".h.rs"
    assert reading.board[0, 0].token == ".h.rs", flagged.get("A1")
    assert centre.BARE_RAILWAY in flagged["A1"]


def _ink(draw) -> np.ndarray:
    p = read.PX_PER_MM
    side = int(round((2 * read.MARGIN_MM + SIZE * layout.SQUARE_MM) * p))
    img = np.zeros((side, side), np.uint8)
    draw(img, lambda r, c, x, y: (int(round((read.MARGIN_MM + (c + 0.5) * layout.SQUARE_MM + x) * p)),
                                  int(round((read.MARGIN_MM + (r + 0.5) * layout.SQUARE_MM + y) * p))))
    return img


def test_the_measures_tell_a_filled_a_hollow_and_a_hatched_square_from_lines_crossing():
    p = read.PX_PER_MM

    def at(img, pt):
        cv2.rectangle(img, pt(0, 0, -0.5, -1.5), pt(0, 0, 3.5, 2.5), 1, -1)            # filled, 1.5 mm off
        cv2.rectangle(img, pt(0, 1, -2.5, -2.5), pt(0, 1, 2.5, 2.5), 1, 2)             # hollow
        for k in np.arange(-5.0, 5.0, 1.2):                                             # hatched
            cv2.line(img, pt(0, 2, max(-2.5, k - 2.5), max(-2.5, k - 2.5) - k),
                     pt(0, 2, min(2.5, k + 2.5), min(2.5, k + 2.5) - k), 1, 2)
        cv2.rectangle(img, pt(0, 2, -2.5, -2.5), pt(0, 2, 2.5, 2.5), 1, 2)
        for c in (3, 4):   # a bold line (2.2 mm) crossing a thin one; two double lines crossing
            cv2.line(img, pt(0, c, -10, 0), pt(0, c, 10, 0), 1, int(round(2.2 * p)) if c == 3 else 2)
            cv2.line(img, pt(0, c, 0, -10), pt(0, c, 0, 10), 1, 2)

    ink = _ink(at)
    marks = [centre.measure(ink, (read.MARGIN_MM + (c + 0.5) * layout.SQUARE_MM) * p,
                            (read.MARGIN_MM + 0.5 * layout.SQUARE_MM) * p, p) for c in range(5)]
    filled, hollow, hatched, bold, thin = marks
    assert filled.filled >= 12 and filled.hollow == 0
    assert hollow.hollow >= 12 and hollow.filled == 0
    assert hatched.hatched >= 12 and hatched.filled < centre.MIN_MARK["filled"]
    for lines in (bold, thin):
        assert lines.filled < centre.MIN_MARK["filled"] and lines.hollow < centre.MIN_MARK["hollow"]
    habit = centre.habit([hollow, hollow], [thin, bold])
    assert habit is not None and habit.kind == "hollow" and habit.like(hollow) and not habit.like(thin)
    assert centre.habit([hollow], [thin]) is None   # one clear station says nothing of the habit
    assert centre.habit([hatched, hatched], [hatched, hatched, thin]) is None   # the others show it too


def test_a_certain_curve_with_a_bare_railway_and_a_hollow_mark_is_flagged_whatever_the_habit():
    # independent dev seed 5042 F5 (8 MP, too slow here): a hollow station square's side in a
    # one-line highway's strip read as a sleeper: `.rr.` read with certainty (silent on main)
    from railprint.games.railroad_ink.board import Cell

    empty = centre.Mark(0.0, 0.0, 0.0)
    cells = {(r, c): (Cell("...."), True, "") for r in range(SIZE) for c in range(SIZE)}
    marks = {place: empty for place in cells}
    cells[(5, 4)] = (Cell(".rr."), True, "")
    marks[(5, 4)] = centre.Mark(0.0, 27.6, 0.0)
    cells[(2, 2)] = (Cell(".rr."), True, "")     # the same without a mark in its centre
    guessed = []

    def guess(r, c, cell, fill):
        guessed.append((r, c, fill))
        return Cell(".rh.", "s")

    changed = centre.revise(cells, marks, lambda r, c: False, guess, lambda r, c: (r, c) in ((5, 4), (2, 2)))
    assert changed == {(5, 4): (Cell(".rh.", "s"), False, centre.BARE_RAILWAY)}
    assert guessed == [(5, 4, 1.0)]
    assert centre.bare_railway("r", True, {"ink": 1.0, "wide": 0.0})
    assert not centre.bare_railway("r", True, {"ink": 1.0, "wide": 0.06})   # a sleeper clear of the centre
    assert not centre.bare_railway("r", False, {"ink": 1.0, "wide": 0.0})
