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


def _exits_sheet(pink, purple, grey=()):
    """A sheet's cells and side colours: ``pink``, ``purple`` (hue sides) and ``grey`` (no colour) read as routes."""
    colours = {(r, c, s): colour.SideColour(0.0, None) for r in range(7) for c in range(7) for s in range(4)}
    cells = [[Cell("....") for _ in range(7)] for _ in range(7)]
    for sides, hue in ((pink, 180.0), (purple, 110.0), (grey, None)):
        for (r, c, s) in sides:
            colours[(r, c, s)] = colour.SideColour(1.0 if hue is not None else 0.0, hue)
            edges = list(cells[r][c].edges)
            edges[s] = "h"
            cells[r][c] = Cell("".join(edges))
    return cells, colours


def test_by_day_a_hue_group_may_reach_one_exit_of_the_other_kind():
    hx = [k for k, x in EXIT_AT.items() if x.kind == "h"]
    rx = [k for k, x in EXIT_AT.items() if x.kind == "r"]
    # pink at four highway exits and at one railway exit (a stain there), purple at three railway exits
    cells, colours = _exits_sheet(hx[:4] + rx[:1], rx[1:4])
    assert colour.sheet_kinds(cells, colours) is None                      # (main: never by day)
    got = colour.sheet_kinds(cells, colours, hue_stray=colour.STRAY)
    assert got is not None and got["kinds"] == {0: "h", 1: "r"}
    # two stray exits are too many
    cells, colours = _exits_sheet(hx[:4] + rx[:2], rx[2:5])
    assert colour.sheet_kinds(cells, colours, hue_stray=colour.STRAY) is None
    # one colour and a pencil (the grey group at exits): no stray by day (a night photo's allows it)
    cells, colours = _exits_sheet([], rx[:4] + hx[:1], grey=hx[1:4])
    assert colour.sheet_kinds(cells, colours, hue_stray=colour.STRAY) is None
    assert colour.sheet_kinds(cells, colours, stray=1)["kinds"] == {0: "r", "grey": "h"}


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
