"""Issue 33: pieces never told apart by colour alone — read back from the PDFs.

Days of Steam's steam markers, train tiles and train tokens carry the player's shape (orange
triangle, purple square, black diamond, white circle); a Ticket to Ride paper wagon carries
diagonal stripes no route space of the board has, so a wagon laid on a route of its own colour
still shows."""

from __future__ import annotations

import io

import pdfplumber
import pytest

from railprint.units import mm
from tests.helpers import run_cli


def _outlines(page) -> tuple:
    """The drawn paths of a page as a shape signature: each path's number of points and its
    size (rounded), sorted; colour plays no part."""
    shapes = []
    for curve in page.curves:
        xs = [p[0] for p in curve["pts"]]
        ys = [p[1] for p in curve["pts"]]
        shapes.append((len(curve["pts"]), round(max(xs) - min(xs)), round(max(ys) - min(ys))))
    return tuple(sorted(shapes))


@pytest.fixture(scope="module")
def one_up(tmp_path_factory):
    out = tmp_path_factory.mktemp("dos-1up")
    result = run_cli("render", "days-of-steam", "--mode", "1up", "-o", str(out), "--quiet")
    assert result.exit_code == 0, result.output
    return out / "days-of-steam"


@pytest.mark.parametrize("name", ["steam-markers.pdf", "train-tiles.pdf", "train-tokens.pdf"])
def test_each_days_of_steam_players_pieces_differ_in_shape_not_only_colour(one_up, name):
    with pdfplumber.open(io.BytesIO((one_up / name).read_bytes())) as pdf:
        fronts = [_outlines(page) for page in pdf.pages[0::2]]
        backs = [_outlines(page) for page in pdf.pages[1::2]]
    assert len(fronts) == 4
    assert len(set(fronts)) == 4, name   # four players, four different drawings
    assert len(set(backs)) == 4, name    # the backs too (a marker or token turned over)


def test_a_paper_wagon_is_striped_unlike_any_route_space(tmp_path):
    result = run_cli("render", "ticket-to-ride", "--map", "nordic", "-o", str(tmp_path), "--quiet")
    assert result.exit_code == 0, result.output
    with pdfplumber.open(io.BytesIO((tmp_path / "ticket-to-ride" / "nordic-trains.pdf").read_bytes())) as pdf:
        page = pdf.pages[0]
        diagonal = [line for line in page.lines
                    if abs(abs(line["x1"] - line["x0"]) - abs(line["bottom"] - line["top"])) < 0.5
                    and abs(line["x1"] - line["x0"]) > mm(5)]
        assert len(diagonal) >= 120 * 8   # every wagon of the 3 × 40 crossed by stripes
    with pdfplumber.open(io.BytesIO((tmp_path / "ticket-to-ride" / "nordic-board.pdf").read_bytes())) as pdf:
        board = pdf.pages[1]   # a tile of the board: its route spaces carry no such stripes
        strokes = [line for line in board.lines
                   if abs(abs(line["x1"] - line["x0"]) - abs(line["bottom"] - line["top"])) < 0.5
                   and abs(line["x1"] - line["x0"]) > mm(5)]
        assert len(strokes) < 10
