"""Round thirteen (issue 35): photos with blown light -- a flash's hot spot, an HDR photo's marks."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("cv2")

from railprint.games.railroad_ink.photo import field, light, read  # noqa: E402
from railprint.games.railroad_ink.photo.words import reason_in  # noqa: E402


def _wrong(board, reading) -> set[str]:
    return {f"{'ABCDEFG'[r]}{c + 1}" for r, (a, b) in enumerate(zip(board.rows, reading.board.rows))
            for c, (x, y) in enumerate(zip(a, b)) if x != y}


def _strip(line_at_mm: tuple[float, ...] = (), paper: float = 0.0, dark: float = 0.02) -> np.ndarray:
    """A side's strip of darkness (26 rows inwards, 55 columns across at 6 px/mm): the paper at
    ``paper``, a line 0.5 mm wide of ``dark`` at each offset from the middle."""
    strip = np.full((26, 55), paper, np.float32)
    x = (np.arange(55) - 27) / light.PX_PER_MM
    for at in line_at_mm:
        strip[:, np.abs(x - at) <= 0.25] += dark
    return strip


def test_a_trace_in_clipped_flat_paper_is_a_railway_at_the_middle_a_highway_off_it():
    assert light.trace_kind(_strip((0.0,))) == "r"
    assert light.trace_kind(_strip((-2.5, 2.5))) == "h"
    assert light.trace_kind(_strip((2.4,))) == "h"      # one of a highway's lines left
    assert light.trace_kind(_strip()) is None           # nothing at all
    assert light.trace_kind(_strip((0.0,), dark=0.004)) is None   # under TRACE_RISE
    # paper merely bright keeps its grain and gradients: a rise this small is no line there
    assert light.trace_kind(_strip((0.0,), paper=0.02)) is None


def test_a_hot_spot_photo_s_lost_routes_are_guessed_from_their_traces():
    """Dev seed 985034 of the field set's hot spot (4.7 MP, 5.1 px/mm at the grid): main's reader
    (39b9b87) read 13 of its spaces wrong, all flagged overexposed, most guessed empty where a trace
    of the line was left in the clipped paper; guessed from the traces, 10. Flags are unchanged
    (only the guesses of spaces flagged overexposed change) and every wrong space is still flagged."""
    photo = field.field_photo(985034, "hotspot")
    reading = read.read_photo(photo.jpeg)
    flagged = {u.square for u in reading.uncertain}
    wrong = _wrong(photo.board, reading)
    assert wrong <= flagged, sorted(wrong - flagged)
    assert len(wrong) <= 11, sorted(wrong)   # 10 until round twenty's kind_guess guessed D1's station turned
    assert any(read.TRACED_WHY in u.reason for u in reading.uncertain)
    assert "ślad linii w prześwietlonym papierze" in reason_in(
        next(u.reason for u in reading.uncertain if read.TRACED_WHY in u.reason), "pl")


def test_an_hdr_photo_with_one_mark_found_off_its_place_is_read_on_the_others(monkeypatch):
    """An HDR photo (dev seed 985112 of the field set's hdr, 1.35 MP, four marks found) whose one
    mark's corner is found 0.6 of its width off (a halo the tone mapping puts round it): the four
    marks' fit fails and main's reader (39b9b87) refused the photo ("the markers found do not fit
    the sheet's layout"). The mark that does not fit is left out, the grid checked on its printed
    lines, and the photo read on the other three: every space right or flagged."""
    photo = field.field_photo(985112, "hdr")
    found_all = read._find_all

    def one_mark_off(gray):
        found, foreign, motion = found_all(gray)
        assert len(found) == 4
        pts = found[2].copy()
        pts[0] += 0.6 * (pts[1] - pts[0])[::-1] * np.array([1, -1], np.float32)   # one corner off
        return {**found, 2: pts}, foreign, motion

    monkeypatch.setattr(read, "_find_all", one_mark_off)
    with pytest.raises(read.PhotoError, match="do not fit"):
        read._homography(one_mark_off(read._decode(photo.jpeg))[0])
    reading = read.read_photo(photo.jpeg)
    assert reading.markers == 3
    wrong = _wrong(photo.board, reading)
    assert wrong <= {u.square for u in reading.uncertain}, sorted(wrong)
    assert len(wrong) <= 2, sorted(wrong)


def test_marks_that_do_not_fit_and_a_grid_the_printed_lines_do_not_confirm_are_still_refused(monkeypatch):
    """Leaving a mark out is kept only when the printed grid confirms the rest: a photo whose marks
    misfit while the grid is not where any three of them put it (here every homography moved
    6 mm) is refused as before."""
    photo = field.field_photo(985112, "hdr")
    found_all = read._find_all

    def one_mark_off(gray):
        found, foreign, motion = found_all(gray)
        pts = found[2].copy()
        pts[0] += 0.6 * (pts[1] - pts[0])[::-1] * np.array([1, -1], np.float32)
        return {**found, 2: pts}, foreign, motion

    monkeypatch.setattr(read, "_find_all", one_mark_off)
    monkeypatch.setattr(read, "_grid_confirmed", lambda gray, H: 0.0)
    with pytest.raises(read.PhotoError, match="do not fit"):
        read.read_photo(photo.jpeg)
