"""Round twenty-one (h-silent4): spaces read wrong and not flagged on round twenty's held-out photos
(spent there, dev examples here), each now flagged: a coffee ring's arc across two sides of a
highlighter sheet whose colours a stain at one exit hid (colour.STRAY), and a dead end settled by the
sheet's boundary after the boundary re-guessed it against its own shape (joined_kinds.named_kind)."""

from __future__ import annotations

import pytest

from railprint.games.railroad_ink.board import EXIT_AT, Cell
from railprint.games.railroad_ink.photo import colour, joined_kinds

pytest.importorskip("cv2")
pytest.importorskip("pypdfium2")

from tests.games.railroad_ink.indep2_seed import read_seed  # noqa: E402


@pytest.fixture(scope="module")
def stain():
    # colour pencils under a highlighter, a coffee ring: the ring's arc crosses G6's north and west
    # sides (G6 is ``.hh.``), and runs along G4's south side at a railway exit
    return read_seed(205277)


@pytest.fixture(scope="module")
def zigzag():
    # zig-zag railways, highways drawn as one broad line; F3 a station ``.h.rs`` whose cross is not seen
    return read_seed(205293)


def test_a_stain_at_one_exit_leaves_the_sheets_colours_and_flags_the_arc(stain):
    # (main read G6 ``hhhh`` with certainty: the ring's brown arc as two highways)
    got = stain.flagged["G6"]
    assert got.guess == ".hh."
    assert got.reason == ("N: without the colour of this sheet's routes: an erased line?; "
                          "W: without the colour of this sheet's routes: an erased line?")
    assert "G6" not in stain.wrong
    assert stain.wrong <= set(stain.flagged), sorted(stain.wrong - set(stain.flagged))


def test_a_colour_group_may_reach_one_exit_of_the_other_kind_by_day():
    assert colour.STRAY == 1
    side = colour.SideColour
    colours = {(r, c, s): side(0.0, None) for r in range(7) for c in range(7) for s in range(4)}
    cells = [[Cell("....") for _ in range(7)] for _ in range(7)]
    hx = [k for k, x in EXIT_AT.items() if x.kind == "h"]
    rx = [k for k, x in EXIT_AT.items() if x.kind == "r"]
    for (r, c, s) in hx[:4] + rx[:1]:    # pink at four highway exits and one railway exit (a stain there)
        colours[(r, c, s)] = side(1.0, 180.0)
    for (r, c, s) in rx[1:4]:            # purple at three railway exits
        colours[(r, c, s)] = side(1.0, 110.0)
    for (r, c, s), _ in colours.items():
        if colours[(r, c, s)].run:
            edges = list(cells[r][c].edges)
            edges[s] = "h"
            cells[r][c] = Cell("".join(edges))
    got = colour.sheet_kinds(cells, colours)
    assert got is not None and sorted(got["kinds"].values()) == ["h", "r"]
    assert got["kinds"][0] == "h" and got["kinds"][1] == "r"
    # two stray exits are too many
    colours[rx[1]] = side(1.0, 180.0)
    assert colour.sheet_kinds(cells, colours) is None


def test_a_dead_end_the_boundary_re_guessed_against_its_shape_stays_flagged(zigzag):
    # (main lifted F3 ``.r.r`` in joined_kinds: its east side a dead end placed 1.20 on the
    # railways' side, read first as a highway drawn as one broad line)
    got = zigzag.flagged["F3"]
    assert got.guess == ".r.r"
    assert got.reason.startswith("E: one broad line with no sleeper standing out: a highway drawn as one line?")
    assert zigzag.wrong <= set(zigzag.flagged), sorted(zigzag.wrong - set(zigzag.flagged))


def test_the_kind_a_doubt_names():
    assert joined_kinds.named_kind("one broad line with no sleeper standing out: a highway drawn as one line?") == "h"
    assert joined_kinds.named_kind("a solid band: a highway's two lines run together?") == "h"
    assert joined_kinds.named_kind("two lines with rungs across them: a railway drawn as a ladder?") == "r"
    assert joined_kinds.named_kind("one line, like a railway's?") == "r"
    assert joined_kinds.named_kind("neither clearly a highway nor a railway") is None
