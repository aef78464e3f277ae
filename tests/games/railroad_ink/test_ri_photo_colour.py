"""Highways in a colour of their own (issue 35, round fifteen; ``photo/colour.py``): a highlighter
over the highways, colour pencils, two pen colours. Main's reader read in grey only: a
highlighter's broad light band read as a railway (or as nothing), many of them with certainty."""

from __future__ import annotations

import pytest

cv2 = pytest.importorskip("cv2")
np = pytest.importorskip("numpy")
pytest.importorskip("pypdfium2")

from railprint.games.railroad_ink.board import EXITS, SIZE, Cell  # noqa: E402
from railprint.games.railroad_ink.photo import colour  # noqa: E402
from tests.games.railroad_ink.indep2_seed import read_seed  # noqa: E402

GREY = colour.SideColour(0.0, None)


def _sheet(kinds: dict[str, str], hues: dict[str, float | None], stain: list[tuple[int, int, int]] = ()):
    """Rows with a route at every exit (its kind) and one more route side beside each, a railway
    across the middle row, and the sides' colours: each kind's hue (None: grey), ``stain`` sides
    read empty with a brown hue."""
    rows = [[Cell() for _ in range(SIZE)] for _ in range(SIZE)]
    colours = {(r, c, s): GREY for r in range(SIZE) for c in range(SIZE) for s in range(4)}
    for x in EXITS:
        other = (x.side + 2) % 4
        edges = ["."] * 4
        edges[x.side] = edges[other] = kinds[x.kind]
        rows[x.row][x.col] = Cell("".join(edges))
        for s in (x.side, other):
            hue = hues[kinds[x.kind]]
            colours[(x.row, x.col, s)] = GREY if hue is None else colour.SideColour(1.0, hue)
    for c in range(1, 6):   # a railway across the middle row
        rows[3][c] = Cell(".r.r" if kinds["r"] == "r" else ".h.h")
        for s in (1, 3):
            colours[(3, c, s)] = GREY if hues[kinds["r"]] is None else colour.SideColour(1.0, hues[kinds["r"]])
    for place in stain:
        colours[place] = colour.SideColour(1.0, -120.0)
    return [tuple(row) for row in rows], colours


def test_a_sheet_in_one_pencil_has_no_colours():
    rows, colours = _sheet({"h": "h", "r": "r"}, {"h": None, "r": None})
    assert colour.sheet_kinds(rows, colours) is None


def test_the_printed_exits_say_which_colour_is_the_highways():
    # a yellow highlighter over the highways, the railways in grey pencil
    rows, colours = _sheet({"h": "h", "r": "r"}, {"h": -93.0, "r": None})
    got = colour.sheet_kinds(rows, colours)
    assert got is not None and got["kinds"] == {0: "h", colour.GREY_GROUP: "r"}
    # the reader's misreading of the shapes does not change it: the exits are printed
    swapped = [tuple(Cell(c.edges.translate(str.maketrans("hr", "rh"))) for c in row) for row in rows]
    assert colour.sheet_kinds(swapped, colours)["kinds"] == {0: "h", colour.GREY_GROUP: "r"}
    # two pens: blue highways, red railways
    rows, colours = _sheet({"h": "h", "r": "r"}, {"h": 75.0, "r": -146.0})
    got = colour.sheet_kinds(rows, colours)
    assert {got["groups"][g][0].__round__(): k for g, k in got["kinds"].items()} == {75: "h", -146: "r"}


def test_a_colour_at_exits_of_both_kinds_says_nothing():
    # the synthetic set's habit: a highlighter over the longest route, highways and railways alike
    rows, colours = _sheet({"h": "h", "r": "r"}, {"h": -93.0, "r": -93.0})
    assert colour.sheet_kinds(rows, colours) is None


def test_a_stain_of_a_third_colour_on_a_few_sides_is_left_out():
    stain = [(2, 2, s) for s in range(4)] + [(2, 3, 0), (2, 3, 2)]
    # a coffee ring's brown beside red railways (within the gap's reach: one arc of hues), the
    # highways in blue: the brown sides are not the railways'
    rows, colours = _sheet({"h": "h", "r": "r"}, {"h": 75.0, "r": -146.0}, stain)
    got = colour.sheet_kinds(rows, colours)
    assert got is not None and sorted(got["kinds"].values()) == ["h", "r"]
    assert colour.group_of(colour.SideColour(1.0, -120.0), got["groups"]) is None
    assert got["kinds"][colour.group_of(colour.SideColour(1.0, -147.0), got["groups"])] == "r"
    # the same brown beside green railways (a colour of its own, at no exit): left out, and a
    # route read there, on a sheet whose routes all have a colour, is no route
    rows, colours = _sheet({"h": "h", "r": "r"}, {"h": 75.0, "r": 160.0}, stain)
    got = colour.sheet_kinds(rows, colours)
    assert got is not None and sorted(got["kinds"].values()) == ["h", "r"]
    brown = colour.group_of(colour.SideColour(1.0, -120.0), got["groups"])
    assert brown is not None and brown not in got["kinds"]
    assert colour._says(brown, "r", got["kinds"]) == "."
    assert colour._says(brown, ".", got["kinds"]) is None


def test_hues_round_the_circle_are_grouped_across_180_degrees():
    groups = colour.hue_groups([178.0, -179.0, 179.5, -178.5, 10.0, 12.0, 14.0])
    assert sorted(len(g) for g in groups) == [3, 4]
    assert colour.hue_groups([float(x) for x in range(-180, 180, 10)]) == []   # no colour of its own


def _read(seed: int):
    got = read_seed(seed)
    return got.plan, got.wrong, set(got.flagged)


# dev seeds of the second independent generator. 102 (5.4 MP): highways under a blue highlighter
# with a pencil line in it, railways as pencil zig-zags; main read every highway as a railway and
# every railway as a highway: 23 spaces wrong, 5 of them unflagged. 141 (a messaging app's 1600 px
# JPEG): light colour-pencil highways, dark ones for the railways; main: 6 wrong, 2 unflagged.
# (102: 2 since round twenty, kind_guess guessing the flagged E7 r..r from its certain neighbours)
@pytest.mark.parametrize("seed, habit, most", ((102, "highlighter", 2), (141, "colour-pencils", 1)))
def test_a_sheet_whose_highways_have_a_colour_of_their_own_is_read_by_it(seed, habit, most):
    plan, wrong, flagged = _read(seed)
    assert habit in plan.habits
    assert wrong <= flagged, sorted(wrong - flagged)
    assert len(wrong) <= most, sorted(wrong)
