"""Where the photo marks sit on a Railroad Ink sheet: one layout for the printer and the reader.

The sheet (``sheet.py``) draws these marks; the reader (``read.py``) looks for them. Nothing here
imports OpenCV, so printing a sheet never needs the ``photo`` extra.

Registration marks: four ArUco markers (OpenCV's ``DICT_4X4_50``) just outside the grid's four
corners, drawn as vector squares from their bit patterns. A marker's id says which corner it is,
which expansion the sheet was printed for and the layout version::

    id = LAYOUT_VERSION_BASE + 4 * expansion_index + corner      (corner: 0 TL, 1 TR, 2 BR, 3 BL)

so the reader knows the grid's orientation and the expansion from any one marker, and a sheet of
another layout (other ids) is told apart from ours. All positions are in millimetres from the
grid's top-left corner (x right, y down); the grid is 7 squares of ``SQUARE_MM``.

The QR code (segno) names what is printed, for a person or a tool that scans it::

    RAILPRINT:RAILROAD-INK:L1:NONE:S123456:D2026-11-28      (S-/D- on a blank sheet)
"""

from __future__ import annotations

from railprint.records import Record

LAYOUT_VERSION = 1
EXPANSION_ORDER = ("none", "meteor", "lava")
SQUARE_MM = 21.0
GRID = 7
GRID_MM = SQUARE_MM * GRID
MARKER_MM = 7.0          # the whole marker, black border included (6 x 6 cells)
MARKER_GAP_MM = 1.2      # from the grid's corner to the marker, on both axes
MARKER_CELLS = 6
QR_MM = 12.0
CORNER_NAMES = ("top-left", "top-right", "bottom-right", "bottom-left")

# ArUco DICT_4X4_50, ids 0-11: the 4 x 4 inner bits row by row, 1 = white (OpenCV's convention).
_BITS = (
    "1011010100110010", "0000111110011010", "0011001100101101", "1001100101000110",
    "0101010010011110", "0111100111001101", "1001111000101110", "1100010011110010",
    "1111111011011010", "1100111101010110", "1111100110010001", "0001000110100111",
)
LAYOUT_IDS = {1: 0}      # layout version -> first marker id


class MarkerPlace(Record):
    id: int
    corner: int          # 0 TL, 1 TR, 2 BR, 3 BL
    x: float             # top-left of the marker, mm from the grid's top-left corner
    y: float

    def corners(self) -> tuple[tuple[float, float], ...]:
        """The marker's corners in OpenCV's order (its own TL, TR, BR, BL), in grid mm."""
        m = MARKER_MM
        return ((self.x, self.y), (self.x + m, self.y), (self.x + m, self.y + m), (self.x, self.y + m))


def marker_id(expansion: str, corner: int, version: int = LAYOUT_VERSION) -> int:
    return LAYOUT_IDS[version] + 4 * EXPANSION_ORDER.index(expansion) + corner


def decode_id(marker: int) -> tuple[int, str, int] | None:
    """(layout version, expansion, corner) of a marker id, or None for an id no layout uses."""
    for version, first in LAYOUT_IDS.items():
        k = marker - first
        if 0 <= k < 4 * len(EXPANSION_ORDER):
            return version, EXPANSION_ORDER[k // 4], k % 4
    return None


def marker_places(expansion: str) -> tuple[MarkerPlace, ...]:
    lo, hi = -(MARKER_MM + MARKER_GAP_MM), GRID_MM + MARKER_GAP_MM
    spots = ((lo, lo), (hi, lo), (hi, hi), (lo, hi))
    return tuple(MarkerPlace(id=marker_id(expansion, k), corner=k, x=x, y=y) for k, (x, y) in enumerate(spots))


def marker_cells(marker: int) -> tuple[tuple[int, int], ...]:
    """The black cells (row, col) of a marker's 6 x 6 cells, border included."""
    bits = _BITS[marker]
    black = []
    for r in range(MARKER_CELLS):
        for c in range(MARKER_CELLS):
            border = r in (0, MARKER_CELLS - 1) or c in (0, MARKER_CELLS - 1)
            if border or bits[(r - 1) * 4 + (c - 1)] == "0":
                black.append((r, c))
    return tuple(black)


def qr_text(expansion: str, seed: int | None = None, date: str | None = None) -> str:
    """What the sheet's QR code says (upper case: QR alphanumeric mode keeps the code small)."""
    return ":".join(("RAILPRINT", "RAILROAD-INK", f"L{LAYOUT_VERSION}", expansion.upper(),
                     f"S{seed}" if seed is not None else "S-", f"D{date}" if date else "D-"))


def parse_qr_text(text: str) -> dict[str, str] | None:
    """The fields of a sheet's QR text, or None when it is not one of ours."""
    parts = text.strip().split(":")
    if len(parts) != 6 or parts[0] != "RAILPRINT" or parts[1] != "RAILROAD-INK":
        return None
    return {"game": "railroad-ink", "layout": parts[2][1:], "expansion": parts[3].lower(),
            "seed": parts[4][1:] if parts[4] != "S-" else "", "date": parts[5][1:] if parts[5] != "D-" else ""}


def qr_modules(text: str) -> tuple[tuple[bool, ...], ...]:
    """The QR code's dark modules, row by row, without the quiet zone."""
    import segno

    code = segno.make(text, error="m", micro=False)
    return tuple(tuple(bool(v) for v in row) for row in code.matrix)


def qr_place() -> tuple[float, float]:
    """Top-left of the QR code in grid mm: right of the top-right marker, above the score column."""
    return GRID_MM + 40.0 - QR_MM, -(QR_MM + 3.5)


# The printed things inside the grid a reader must not mistake for ink: each square's round box
# (bottom-right corner) and the grid lines; see sheet.py (round_box 4 mm, 1 mm from the corner).
ROUND_BOX_MM = 4.0
ROUND_BOX_INSET_MM = 1.0
