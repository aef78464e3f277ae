"""Hypothesis strategies for Railroad Ink boards (shared by the property tests)."""

from __future__ import annotations

from hypothesis import strategies as st

from railprint.games.railroad_ink.board import SIZE, Board, Cell

# dice faces and specials, in every rotation and mirror, plus lava faces and craters
_BASE = ["h.h.", "hh..", "hhh.", "r.r.", "rr..", "rrr.", "hrhro", "h.r.s", "hr..s", "hhhh",
         "rrrr", "hhhrs", "hrrrs", "hhrrs", "hrhrs", "l.l.", "ll..", "lll.", "lr.r", "lh.h",
         "llllv"]


def _rotations(token: str) -> set[str]:
    edges, marker = token[:4], token[4:]
    out = set()
    for k in range(4):
        rotated = edges[-k:] + edges[:-k] if k else edges
        out.add(rotated + marker)
        out.add(rotated[0] + rotated[3] + rotated[2] + rotated[1] + marker)
    return out


FACES = sorted({t for base in _BASE for t in _rotations(base)})
TOKENS = FACES + ["x"]


def _cell(token: str) -> Cell:
    if token == "x":
        return Cell("....", "x")
    return Cell(token[:4], token[4:])


any_cell = st.builds(Cell, st.text(".hrl", min_size=4, max_size=4), st.sampled_from(["", "s", "o", "v"])) | \
    st.just(Cell("....", "x"))
face_cell = st.sampled_from(TOKENS).map(_cell)


def boards(empty_weight: float = 0.5, cells=None, expansions=("none", "meteor", "lava"),
           players=st.just("")):
    """Boards whose spaces are empty with probability ``empty_weight``, else drawn from
    ``cells`` (default: dice faces and arbitrary tokens)."""
    cells = cells or (face_cell | any_cell)
    weight = int(empty_weight * 100)
    space = st.integers(0, 99).flatmap(lambda n: st.just(Cell()) if n < weight else cells)
    grid = st.lists(st.lists(space, min_size=SIZE, max_size=SIZE).map(tuple),
                    min_size=SIZE, max_size=SIZE).map(tuple)
    return st.builds(Board, grid, players, st.sampled_from(expansions))


player_names = st.text(st.sampled_from("AaBbŁłŻżóę 0123-_'.:"), max_size=20).map(str.strip).filter(
    lambda s: "#" not in s)


@st.composite
def linked_boards(draw, blank: float = 0.4):
    """Coherent sheets: every link between two spaces is drawn on both sides (nothing, highway
    or railway), border sides too; a space with both types becomes a station (or an overpass
    when the pattern allows). Long lines and networks that reach exits are common."""
    kinds = st.integers(0, 99).map(lambda n: "." if n < blank * 100 else ("h" if n % 2 else "r"))
    horizontal = draw(st.lists(kinds, min_size=SIZE * (SIZE + 1), max_size=SIZE * (SIZE + 1)))
    vertical = draw(st.lists(kinds, min_size=SIZE * (SIZE + 1), max_size=SIZE * (SIZE + 1)))
    overpass = draw(st.booleans())
    rows = []
    for r in range(SIZE):
        row = []
        for c in range(SIZE):
            edges = (vertical[r * SIZE + c] + horizontal[r * (SIZE + 1) + c + 1]
                     + vertical[(r + 1) * SIZE + c] + horizontal[r * (SIZE + 1) + c])
            marker = ""
            if "h" in edges and "r" in edges:
                marker = "o" if overpass and edges in ("hrhr", "rhrh") else "s"
            row.append(Cell(edges, marker))
        rows.append(tuple(row))
    return Board(tuple(rows))
