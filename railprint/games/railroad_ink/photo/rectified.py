"""The rectified grid: the reader's image of the sheet's grid, straightened by the corner marks.

``read._rectify`` warps the photo so the printed grid (``layout.GRID_MM`` square) lies at
PX_PER_MM pixels a millimetre with MARGIN_MM of the sheet around it; every step below the reader
that measures in that image in millimetres (``expansion``, ``faint_sheet``, ``light``,
``twolines``) takes its scale from here, so the resolution is set in one place.
"""

from __future__ import annotations

PX_PER_MM = 6.0   # the rectified grid's resolution
MARGIN_MM = 9.0   # the sheet kept around the grid, each side
