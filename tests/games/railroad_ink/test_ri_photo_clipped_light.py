"""Round eighteen (issue 35): overexposed paper judged against the sheet's own lightest line
(``photo/clipped_light.py``)."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("cv2")

from railprint.games.railroad_ink.photo import clipped_light  # noqa: E402

LEVELS = (0.20, 0.13, 0.05)   # (ink, faint, trace) thresholds, in the print's black
BLACK = 0.8
PRINTED = 0.25                # the printed grid's line contrast in the spaces that do not clip


def _pieces(washed: dict[tuple[int, int], float] | None = None) -> dict[tuple[int, int], list]:
    """Every space's printed line pieces at PRINTED, those in ``washed`` at their own contrast."""
    out = {(r, c): [PRINTED] * 12 for r in range(7) for c in range(7)}
    for place, v in (washed or {}).items():
        out[place] = [v] * 12
    return out


def _sheet(lightest: float, routes: int = 20):
    """side_darkness: ``routes`` sides of the spaces in row 6 and 5 drawn, the lightest at
    ``lightest``, the others at 0.5; every other side empty (0.01)."""
    drawn = [(r, c, s) for r in (6, 5) for c in range(7) for s in range(4)][:routes]

    def side(r, c, s):
        if (r, c, s) == drawn[0]:
            return lightest
        return 0.5 if (r, c, s) in drawn else 0.01
    return side


BRIGHT = {(r, c) for r in range(3) for c in range(7)}   # the top three rows clip


def test_a_clipped_space_whose_printed_lines_show_is_trusted_when_the_sheets_lightest_line_would_show():
    # printed lines at full contrast there: E is 1.05 at most, and a line of 0.8 x 0.4 of the
    # black (0.256 of the paper's light) shows 1 - 1.05 x 0.744 = 0.22, over the faint 0.104
    kept = {(0, 0), (1, 1)}
    assert clipped_light.lit(kept, BRIGHT, _pieces(), LEVELS, BLACK, _sheet(0.4)) == kept


def test_a_space_whose_printed_lines_wash_out_keeps_its_flag():
    # the printed lines at 0.02 there: E = 1.05 x 0.98 / 0.75 = 1.37, and the lightest line fades
    kept = {(0, 0), (1, 1)}
    got = clipped_light.lit(kept, BRIGHT, _pieces({(0, 0): 0.02}), LEVELS, BLACK, _sheet(0.4))
    assert got == {(1, 1)}


def test_a_sheet_with_one_light_line_keeps_the_flag_where_that_line_would_fade():
    # the sheet's lightest line at 0.16 (a light stroke among lines of 0.5): a line of 0.8 x 0.16
    # is under the ink threshold, which is used instead; at E = 1.05 x 0.88 / 0.75 = 1.23 it fades
    kept = {(0, 0)}
    assert clipped_light.lit(kept, BRIGHT, _pieces({(0, 0): 0.12}), LEVELS, BLACK, _sheet(0.16)) == set()
    # the same light at a sheet whose lines are all dark: trusted
    assert clipped_light.lit(kept, BRIGHT, _pieces({(0, 0): 0.12}), LEVELS, BLACK, _sheet(0.5)) == kept


def test_without_enough_of_the_sheets_lines_or_unclipped_spaces_nothing_is_trusted():
    kept = {(0, 0)}
    few = clipped_light.MIN_SIDES - 1
    assert clipped_light.lit(kept, BRIGHT, _pieces(), LEVELS, BLACK, _sheet(0.5, routes=few)) == set()
    assert clipped_light.lit(kept, BRIGHT, _pieces(), LEVELS, BLACK, _sheet(0.5, routes=few + 1)) == kept
    almost_all = {(r, c) for r in range(7) for c in range(7)} - {(6, 0), (6, 1), (6, 2), (6, 3)}
    assert clipped_light.lit(kept, almost_all, _pieces(), LEVELS, BLACK, _sheet(0.5)) == set()


def test_a_sides_line_darkness_is_its_rows_darkest_pixel_at_the_median():
    strip = np.zeros((20, 30), np.float32)
    strip[:, 15] = 0.4
    strip[:3, 15] = 0.0   # a gap in the line
    assert clipped_light.line_darkness(strip) == pytest.approx(0.4)
    assert clipped_light.line_darkness(np.zeros((20, 30), np.float32)) == 0.0


def _read_indep(seed: int):
    """(the reading, its flags: square -> reason, the squares read wrong) of ``indep_photos.py``'s
    dev seed ``seed``."""
    pytest.importorskip("pypdfium2")
    from benchmarks import indep_photos
    from railprint.games.railroad_ink.board import SIZE, square
    from railprint.games.railroad_ink.photo.read import read_photo

    data, board, _ = indep_photos.make_photo(seed)
    reading = read_photo(data, f"indep-{seed}.jpg")
    flagged = {u.square: u.reason for u in reading.uncertain}
    wrong = {square(r, c) for r in range(SIZE) for c in range(SIZE) if reading.board.rows[r][c] != board.rows[r][c]}
    return reading, flagged, wrong


def test_an_overexposed_pencil_sheet_flags_only_the_spaces_where_its_lightest_line_could_fade():
    """Dev seed 65,012 of the first independent check (``benchmarks/indep_photos.py``, 5 MP): the
    paper clips in 39 spaces. Main's reader (869f88f) flagged 34 of them "the paper is
    overexposed here", every one read right; the sheet's lightest line (0.18 of the print's black,
    the ink threshold 0.09) would still show in 7 of them, now read as the others are. Every space
    read wrong is still flagged (12, highways read as railways, flagged for their kind)."""
    reading, flagged, wrong = _read_indep(65012)
    assert wrong <= set(flagged), sorted(wrong - set(flagged))
    over = [sq for sq, why in flagged.items() if "the paper is overexposed here" in why]
    assert len(over) <= 27, len(over)


# Round twenty (h-light2): the printed grid as the ruler in every space (``clipped_light.ruled``),
# for a sheet whose paper clips everywhere (no space to measure the light against).

EVERYWHERE = {(r, c) for r in range(7) for c in range(7)}


def _clipped_pieces(washed: dict[tuple[int, int], float] | None = None) -> dict[tuple[int, int], list]:
    """Every space's printed pieces at 0.2 (the grid shows, less than in paper that does not clip)."""
    out = {(r, c): [0.2] * 12 for r in range(7) for c in range(7)}
    for place, v in (washed or {}).items():
        out[place] = [v] * 12
    return out


def _drawn(darkness: float, routes: int = 20, faint: dict | None = None):
    """side_darkness: ``routes`` sides of rows 6 and 5 drawn at ``darkness``, ``faint`` sides at
    their own darkness, every other side empty (0.01)."""
    drawn = set([(r, c, s) for r in (6, 5) for c in range(7) for s in range(4)][:routes])
    return lambda r, c, s: (faint or {}).get((r, c, s), darkness if (r, c, s) in drawn else 0.01)


def test_a_clipped_empty_space_is_ruled_when_the_sheets_lines_against_the_grid_would_show():
    # each drawn side: (1 - 0.8 x 0.5 x 0.8) / (1 - 0.2) = 0.85 of the light the grid's line
    # leaves; at the space's grid (0.2) a line that light shows 1 - 1.05 x 0.85 x 0.8 = 0.29, over
    # 1.5 x the faint threshold (0.156): no flag needed, with nothing measured outside the clip
    kept = {(0, 0), (2, 3)}
    assert clipped_light.lit(kept, EVERYWHERE, _clipped_pieces(), LEVELS, BLACK, _drawn(0.5)) == set()
    assert clipped_light.ruled(kept, _clipped_pieces(), LEVELS, BLACK, _drawn(0.5)) == kept


def test_a_light_pen_a_washed_grid_or_a_faint_side_keeps_the_flag():
    kept = {(0, 0), (2, 3)}
    # a light pen (0.25): 1 - 1.05 x 1.05 x 0.8 = 0.12, under 0.156
    assert clipped_light.ruled(kept, _clipped_pieces(), LEVELS, BLACK, _drawn(0.25)) == set()
    # the grid's lines washed out in (0, 0) (0.05, under the faint threshold): the light there is not known
    assert clipped_light.ruled(kept, _clipped_pieces({(0, 0): 0.05}), LEVELS, BLACK, _drawn(0.5)) == {(2, 3)}
    # something above the faint threshold on a side of (2, 3): not an empty space to rule on
    faint = {(2, 3, 1): 0.14}
    assert clipped_light.ruled(kept, _clipped_pieces(), LEVELS, BLACK, _drawn(0.5, faint=faint)) == {(0, 0)}
    # too few of the sheet's lines to know its pen
    few = clipped_light.MIN_SIDES - 1
    assert clipped_light.ruled(kept, _clipped_pieces(), LEVELS, BLACK, _drawn(0.5, routes=few)) == set()


def test_a_marker_sheet_clipped_everywhere_keeps_no_flag_on_its_empty_spaces():
    """Dev seed 112,001 of the first independent check (a green marker, 2 MP, a lamp's light): the
    paper clips in every space, so round eighteen has nothing to measure the light against, and
    main's reader (c8478cf) flagged 39 spaces "the paper is overexposed here", 17 of them empty
    spaces read right and flagged for nothing else. The marker's lines against the printed grid
    in their own spaces would show far above the faint threshold there: those 17 are read as the
    others are. The 8 spaces read wrong (kinds) keep their flags, and the 22 clipped spaces with a
    route keep this one (a highway's lost line reads it as a railway)."""
    from railprint.games.railroad_ink.photo import faint_grid

    reading, flagged, wrong = _read_indep(112001)
    # 8 wrong until round twenty's kind_guess guessed four of the flagged kinds right, 4 until round
    # twenty-four's station_kinds guessed A5's station sides (``hhrrs``) by what lies across them
    assert len(wrong) == 3 and wrong <= set(flagged), sorted(wrong - set(flagged))
    ruled = ["B3", "B4", "C3", "C6", "D4", "D5", "D6", "E1", "E3", "E4", "E5", "E6", "F1", "F3", "F5", "G1", "G5"]
    for sq in ruled:
        r, c = "ABCDEFG".index(sq[0]), int(sq[1:]) - 1
        assert reading.board.rows[r][c].token == "....", sq
        assert sq not in flagged, (sq, flagged[sq])
    over = sorted(sq for sq, why in flagged.items() if clipped_light.OVER_WHY in why)
    # 22 until round twenty-one's clipped_light.routed settled A1, A3 and B6 (railways through the
    # middle of their sides), still flagged as a small photo's railways (faint_grid.small_railways)
    assert len(over) == 19 and len(flagged) == 31, (over, len(flagged))
    for sq in ("A1", "A3", "B6"):
        assert flagged[sq] == faint_grid.SMALL_RAIL_WHY, (sq, flagged[sq])


# Round twenty-one (h-light3): a clipped space read with routes, its every side settled
# (``clipped_light.ruled``'s ``blank`` and ``clipped_light.routed``).

def _board(spaces: dict[tuple[int, int], str]) -> list[list[str]]:
    return [[spaces.get((r, c), "....") for c in range(7)] for r in range(7)]


def test_a_route_spaces_routes_are_not_ruled_as_empty_sides_its_empty_sides_are():
    # (5, 0) is read "rr.." with its N and E drawn at 0.5: as an empty space it would not be ruled,
    # with only its empty sides (S, W) judged it is
    kept = {(5, 0)}
    routes = {(5, 0, 0): 0.5, (5, 0, 1): 0.5}
    assert clipped_light.ruled(kept, _clipped_pieces(), LEVELS, BLACK, _drawn(0.5, faint=routes)) == set()
    assert clipped_light.ruled(kept, _clipped_pieces(), LEVELS, BLACK, _drawn(0.5, faint=routes),
                               blank={(5, 0): [2, 3]}) == kept
    # a faint line on an empty side still keeps it
    faint = {**routes, (5, 0, 2): 0.14}
    assert clipped_light.ruled(kept, _clipped_pieces(), LEVELS, BLACK, _drawn(0.5, faint=faint),
                               blank={(5, 0): [2, 3]}) == set()


def _never(r, c, s):
    return None


def _far(r, c, s):
    return 3.0, 50.0, 0.0, 0.0


def test_a_clipped_highways_two_lines_seen_settle_it_a_lone_line_does_not():
    tokens = _board({(2, 2): ".h.h", (2, 4): "h.h."})
    both = {(2, 2, 1): "h", (2, 2, 3): "h", (2, 4, 0): "h"}   # (2, 4)'s S: one line only (None)
    got = clipped_light.routed({(2, 2), (2, 4)}, tokens, set(), EVERYWHERE, lambda r, c, s: both.get((r, c, s)), _far)
    assert got == {(2, 2)}
    # an empty space is left to ruled, not to routed
    assert clipped_light.routed({(3, 3)}, tokens, set(), EVERYWHERE, _never, _far) == set()


def test_a_clipped_railways_line_through_the_middle_settles_it_a_line_off_the_middle_does_not():
    tokens = _board({(2, 2): ".r.r"})

    def middle(off: float, dark: float = 50.0, across: float = 0.0):
        return lambda r, c, s: (off, dark, across, -2.5 if across else 0.0)
    assert clipped_light.routed({(2, 2)}, tokens, set(), EVERYWHERE, _never, middle(0.3)) == {(2, 2)}
    # a highway that lost its lighter line keeps its other a road's half-width off the middle
    assert clipped_light.routed({(2, 2)}, tokens, set(), EVERYWHERE, _never, middle(1.5)) == set()
    # a second line across the middle: a highway's
    assert clipped_light.routed({(2, 2)}, tokens, set(), EVERYWHERE, _never, middle(0.3, across=0.5)) == set()
    # in the noise
    assert clipped_light.routed({(2, 2)}, tokens, set(), EVERYWHERE, _never, middle(0.3, dark=6.0)) == set()
    # the averaged darkness shows a highway's two lines (a dark dashed middle, light outer lines:
    # synth 925,015 D3, a highway read "r.h.s"): never settled, through the middle or not
    assert clipped_light.routed({(2, 2)}, tokens, set(), EVERYWHERE, lambda r, c, s: "h", middle(0.1)) == set()
    # a highway side is never settled by a line through the middle
    assert clipped_light.routed({(2, 2)}, _board({(2, 2): ".h.h"}), set(), EVERYWHERE, _never, middle(0.0)) == set()


def test_a_clipped_route_is_settled_by_its_other_half_read_with_certainty_in_paper_that_does_not_clip():
    # (1, 1) "..rr" in the clip; its S continues into (2, 1) "r.r.", its W into (1, 0) ".r.."
    tokens = _board({(1, 1): "..rr", (2, 1): "r.r.", (1, 0): ".r.."})
    clip = {(1, 1)}
    assert clipped_light.routed({(1, 1)}, tokens, set(), clip, _never, _far) == {(1, 1)}
    # the neighbour clips too, or is flagged, or reads another route there: not settled
    assert clipped_light.routed({(1, 1)}, tokens, set(), clip | {(2, 1)}, _never, _far) == set()
    assert clipped_light.routed({(1, 1)}, tokens, {(1, 0)}, clip, _never, _far) == set()
    assert clipped_light.routed({(1, 1)}, _board({(1, 1): "..rr", (2, 1): "h.h.", (1, 0): ".r.."}), set(), clip,
                                _never, _far) == set()
    # ... nor where its own averaged darkness shows the other route
    assert clipped_light.routed({(1, 1)}, tokens, set(), clip, lambda r, c, s: "h", _far) == set()
    # a side at the board's edge (a printed exit need not match the route drawn to it)
    assert clipped_light.routed({(0, 3)}, _board({(0, 3): "r.r.", (1, 3): "r.r."}), set(), {(0, 3)},
                                _never, _far) == set()


def test_a_hot_spots_clipped_routes_settled_lose_the_flag_its_highways_read_as_railways_keep_it():
    """Dev seed 925,015 of the field set's hot spot (``photo/field.py``): main's reader (49e6faed)
    flagged 13 route spaces read wrong for the clipped paper alone (12 highways read as railways,
    their lighter outer lines lost in the light; a railway's side lost); none is settled, so each
    keeps the flag (D3, "r.h.s" for "h.h.", its N a dark dashed middle through the middle of the side). Five
    railway spaces whose every line runs through the middle of its side, read right, lose it."""
    from railprint.games.railroad_ink.board import SIZE, square
    from railprint.games.railroad_ink.photo import field
    from railprint.games.railroad_ink.photo.read import read_photo

    photo = field.field_photo(925015, "hotspot")
    reading = read_photo(photo.jpeg)
    flagged = {u.square: u.reason for u in reading.uncertain}
    wrong = {square(r, c) for r in range(SIZE) for c in range(SIZE)
             if reading.board.rows[r][c] != photo.board.rows[r][c]}
    assert wrong <= set(flagged), sorted(wrong - set(flagged))
    assert reading.board.rows[3][2].token == "r.h.s" and flagged["D3"] == clipped_light.OVER_WHY
    for sq in ("A6", "C4", "E1", "E3", "G1"):
        assert sq not in flagged and sq not in wrong, (sq, flagged.get(sq))


def test_a_clipped_sheets_route_spaces_whose_every_side_is_settled_lose_the_flag():
    """Dev seed 112,051 of the first independent check (a ballpoint, highways as two lines with a
    centre line, railways as ladders, paper clipped in most spaces): main's reader (49e6faed)
    flagged 29 spaces, 17 of them route spaces read right and flagged "the paper is overexposed
    here" alone. Their empty sides show nothing where the sheet's light line would show, and each
    route side shows its route (a highway's two lines averaged along it, a railway's line through
    the middle of the side): read as the others are. Every space read wrong is still flagged."""
    reading, flagged, wrong = _read_indep(112051)
    assert wrong <= set(flagged), sorted(wrong - set(flagged))
    settled = ["A1", "A2", "A3", "A5", "A7", "B6", "D1", "D5", "D6", "D7", "E6", "E7", "F1", "F2", "F4", "G4", "G6"]
    for sq in settled:
        assert sq not in flagged and sq not in wrong, (sq, flagged.get(sq))
    assert len(flagged) == 12, sorted(flagged)
