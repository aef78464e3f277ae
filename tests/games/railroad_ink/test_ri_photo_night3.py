"""Photos taken at night, round three (issue 35, round eighteen): what the sheet's own lines say
about its empty sides (``photo/night_lines.py``). A faint side at the sheet's noise, on a sheet
whose highways and railways both stand far out of it, is read empty with certainty; a space read
with certainty beside a light line running up to it, or at an exit of a kind the sheet does not
show with certainty, is flagged."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")

from railprint.games.railroad_ink.board import Cell  # noqa: E402
from railprint.games.railroad_ink.photo import night_lines  # noqa: E402
from railprint.games.railroad_ink.photo.read import SideRead, Uncertain  # noqa: E402

EMPTY = SideRead(".", True)
H, R = SideRead("h", True), SideRead("r", True)
FAINT = SideRead(".", False, "a faint line?")   # read empty row by row, a light line averaged along it


def _at(special: dict):
    """A side reader over a 7 x 7 sheet: ``special`` {(r, c): four sides}, every other side empty."""
    return lambda r, c: list(special.get((r, c), [EMPTY] * 4))


def _sheet(highways: int = 7, railways: int = 7) -> dict:
    """Column 2 a highway in its first ``highways`` rows, column 5 a railway in ``railways`` rows
    (two certain sides a space)."""
    special = {(r, 1): [H, EMPTY, H, EMPTY] for r in range(highways)}
    special.update({(r, 4): [R, EMPTY, R, EMPTY] for r in range(railways)})
    return special


def _rise(routes: float = 0.6, faint: float = 0.12, special: dict | None = None):
    """Empty sides rise 0.1 (the noise), route sides (of ``special``, or columns 2 and 5) ``routes``,
    G7's north side ``faint``."""
    def rise(r, c, s):
        if (r, c, s) == (6, 6, 0):
            return faint
        if special is not None:
            return routes if special.get((r, c), [EMPTY] * 4)[s].kind != "." else 0.1
        return routes if c in (1, 4) and s in (0, 2) else 0.1
    return rise


def test_a_faint_side_at_the_noise_of_a_sheet_that_shows_both_kinds_is_empty_and_certain():
    special = _sheet()
    special[(6, 6)] = [FAINT, EMPTY, EMPTY, EMPTY]
    got = night_lines.settle(_at(special), _rise(), side_read=SideRead)
    assert got(6, 6)[0] == EMPTY                 # 1.2 x the noise, a fifth of either kind's lines
    assert got(0, 1) == [H, EMPTY, H, EMPTY]     # certain sides are never touched
    # over 1.5 x the noise: a light line may be there
    assert night_lines.settle(_at(special), _rise(faint=0.16), side_read=SideRead)(6, 6)[0] == FAINT
    # lines only 3 x the noise: 0.12 is over 0.3 of them
    assert night_lines.settle(_at(special), _rise(routes=0.3), side_read=SideRead)(6, 6)[0] == FAINT
    # five certain highway spaces (10 sides): the sheet's highways are not seen, nothing is settled
    special = _sheet(highways=5)
    special[(6, 6)] = [FAINT, EMPTY, EMPTY, EMPTY]
    assert night_lines.settle(_at(special), _rise(), side_read=SideRead)(6, 6)[0] == FAINT
    # a faint side guessed a route keeps its guess and its doubt
    special = _sheet()
    special[(6, 6)] = [SideRead("h", False, "a faint line?"), EMPTY, EMPTY, EMPTY]
    assert night_lines.settle(_at(special), _rise(), side_read=SideRead)(6, 6)[0].certain is False


def _rows(special: dict) -> list:
    return [tuple(Cell("".join(x.kind for x in special.get((r, c), [EMPTY] * 4))) for c in range(7))
            for r in range(7)]


def test_a_space_read_empty_beside_a_light_line_running_up_to_it_is_flagged():
    special = _sheet(highways=0)   # no highway read with certainty
    special[(3, 3)] = [SideRead("h", False, "a faint line?"), EMPTY, SideRead("h", False, "a faint line?"), EMPTY]
    rows = _rows(special)
    flagged = night_lines.lost(rows, [Uncertain("D4", "h.h.", "N: a faint line?")], _at(special), _rise(),
                               uncertain_of=Uncertain)
    got = {u.square: u for u in flagged}
    assert got["C4"].reason == f"S: {night_lines.BESIDE_WHY}" and got["C4"].guess == "...."
    assert got["E4"].reason == f"N: {night_lines.BESIDE_WHY}"
    assert "D3" not in got and "D5" not in got       # the light line does not run up to them
    # A2's north meets a printed highway exit, and this sheet's highways are not seen with certainty;
    # A4's north meets a railway exit, and its railways are
    assert got["A2"].reason == f"N: {night_lines.EXIT_WHY['h']}"
    assert "A4" not in got
    # a sheet whose highways are seen: A2 is empty at its exit, and certain
    special = _sheet(highways=7)
    special[(0, 1)] = [EMPTY] * 4
    special[(1, 1)] = [EMPTY, EMPTY, H, EMPTY]
    special.update({(r, 2): [H, EMPTY, H, EMPTY] for r in (3, 4)})
    assert "A2" not in {u.square for u in night_lines.lost(_rows(special), [], _at(special),
                                                          _rise(special=special), uncertain_of=Uncertain)}


def test_a_seen_kind_s_light_line_beside_flags_only_a_side_over_the_noise():
    special = _sheet()
    special[(5, 6)] = [EMPTY, EMPTY, SideRead("h", False, "a faint line?"), EMPTY]   # F7's south, up to G7
    for faint, flagged in ((0.12, False), (0.16, True)):
        got = night_lines.lost(_rows(special), [], _at(special), _rise(faint=faint), uncertain_of=Uncertain)
        assert ("G7" in {u.square for u in got}) is flagged


# dev seed 75,021 of the second independent generator (4368 x 2457, night, a coffee ring, orange
# colour-pencil highways under a warm lamp): the highways stand barely out of the noise, and A2
# (h.h., between a printed highway exit and the space below) and A5 (.hh.) were read empty, certain.
def test_a_night_photo_s_highways_lost_in_the_dark_are_flagged():
    pytest.importorskip("cv2")
    pytest.importorskip("pypdfium2")
    from tests.games.railroad_ink.indep2_seed import read_seed

    got = read_seed(75021)
    assert "night" in got.plan.effects and "colour-pencils" in got.plan.habits
    # main 9098e1c read both wrong (``h.h.`` and ``.hh.`` read empty); round twenty-four guesses them from the
    # orange pencil's tint on their empty sides (``night_pens.tinted_guess``): still flagged, now guessed right
    assert not {"A2", "A5"} & got.wrong
    assert night_lines.EXIT_WHY["h"] in got.flagged["A2"].reason
    assert night_lines.BESIDE_WHY in got.flagged["A5"].reason
