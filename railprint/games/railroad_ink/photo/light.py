"""Blown light (issue 35, round thirteen): what is left of a drawn line where the paper clips white.

A flash's hot spot or a contrast curve pushes the paper past the sensor's white; a pencil line
there is lifted too, and clips with the paper where it is light (gone) or keeps a little of its
darkness where it is dark (its core, a pressed stroke). The clipped paper itself is flat: exactly
white, no grain and no sensor noise, so a trace a hundredth of the print's black is a line.

This module looks at one side's strip of the rectified darkness (``read._strip`` of ``rel``: rows
inwards from the edge, columns across the route) in an overexposed space (``read._clipped_spaces``)
and says what the trace shows; :mod:`read` decides what to do with it (always a guess: the space
stays flagged). It imports nothing from :mod:`read` (imports point down).
"""

from __future__ import annotations

import numpy as np

from railprint.games.railroad_ink.photo.rectified import PX_PER_MM

NEAR_ROWS = 0.6          # the rows averaged: the inner 60 % of the strip (before a curve turns)
FRAME_MM = 1.0           # left out at either end across the strip: the round box's grey frame
TRACE_RISE = 0.008       # an averaged rise this dark (share of the print's black) above the side's median: a trace
TRACE_NOISE = 6.0        # ... and this many deviations of the side's own averaged darkness, where it is not flat
MIDDLE_MM = 1.2          # a trace this near the side's middle is a railway's line ...
LINES_MM = (1.4, 3.6)    # ... these far either side of it a highway's two lines
FLAT = 0.005             # ... only where the strip's paper is clipped flat: its median darkness under this


def _profile(strip: np.ndarray) -> tuple[np.ndarray, np.ndarray, float]:
    """The strip's darkness averaged along the route over the rows near the edge, less its median
    across the side (the paper, or a neighbour's line along the edge: the same in every column),
    the round box's frame left out at either end; the columns' offsets from the side's middle (mm);
    and the noise of that average (the rows' robust spread over the square root of their number)."""
    part = strip[:max(3, int(strip.shape[0] * NEAR_ROWS))].astype(np.float32)
    mean = part.mean(axis=0)
    cut = int(round(FRAME_MM * PX_PER_MM))
    x = (np.arange(len(mean)) - (len(mean) - 1) / 2) / PX_PER_MM
    h = mean - float(np.median(mean))
    noise = 1.4826 * float(np.median(np.abs(part - mean))) / np.sqrt(part.shape[0])
    return h[cut:len(h) - cut], x[cut:len(x) - cut], noise


def trace_kind(strip: np.ndarray) -> str | None:
    """The route a trace in an overexposed side's darkness shows: "r" when its darkest rise is near
    the side's middle (a railway's line runs there), "h" when it lies a road's half-width off the
    middle (a highway's two lines; its dashed middle is lighter), None when no rise reaches
    TRACE_RISE (and TRACE_NOISE deviations of the side's own averaged noise), or when the strip's
    paper is not clipped flat (its median darkness over FLAT: paper merely bright keeps its grain,
    a light gradient and erased lines, which a rise this small would take for a line; a grid
    warped onto its printed lines, 0.5 mm off, takes in the round box's frame)."""
    if float(np.median(strip)) > FLAT:
        return None
    h, x, noise = _profile(strip)
    if not len(h):
        return None
    k = int(np.argmax(h))
    top = float(h[k])
    if top < max(TRACE_RISE, TRACE_NOISE * noise):
        return None
    middle = float(h[np.abs(x) <= MIDDLE_MM].max(initial=0.0))
    apart = (np.abs(x) >= LINES_MM[0]) & (np.abs(x) <= LINES_MM[1])
    off = float(h[apart].max(initial=0.0))
    return "r" if middle >= off else "h"

