"""The corner marks in paper a harsh contrast curve crushed dark (issue 35, round nineteen).

A phone's or an app's strong contrast curve (``field.py``'s ``contrast``: a gamma of up to 1.6,
then an S-curve of slope up to 12) pushes the paper in a shadow, or a sheet far off in a dim
room, down to the bottom of the range: there a mark's white cells, a few px wide and blurred
into their black neighbours, come out only 10-30 grey levels above the black, and the detector's
thresholds read no bits in them. The round eighteen reader refused such a photo, "no
registration marks found" (held-out field set 2,701,070-089: one ``contrast`` photo of twenty;
dev: synth 940,008 through gamma 1.6, slope 12, one mark found of four).

The grey levels are still there, only close together: a look at the photo through a curve that
spreads the dark tones apart again (grey ** LIFT_GAMMA: the levels under 64 take the range
under 157) finds the marks the first looks missed (dev 940,008 as above: marks 0, 1 and 3). It
is looked at only when every other look left fewer than two marks (a photo about to be refused
or read on one mark), so no other photo's reading changes; the marks found so are kept as the
other looks keep them (``read._fits``), and the photo itself is read as it is.
This module never imports the reader.
"""

from __future__ import annotations

import cv2
import numpy as np

LIFT_GAMMA = 0.35   # the dark tones spread apart: 16 -> 97, 32 -> 123, 64 -> 157 (of 255)
_LUT = np.clip(255.0 * (np.arange(256) / 255.0) ** LIFT_GAMMA + 0.5, 0, 255).astype(np.uint8)


def lifted(gray: np.ndarray) -> np.ndarray:
    """``gray`` (uint8) with its dark tones spread apart (grey ** LIFT_GAMMA)."""
    return cv2.LUT(gray, _LUT)
