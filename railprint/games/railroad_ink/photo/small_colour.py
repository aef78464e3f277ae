"""A small photo's colours, read at full size (issue 35, round twenty-five).

The reader reads a photo's colours (``colour.photo``: decoded at half size, rectified and measured
by ``colour.chroma``) only where its grid is ``read.LOW_GRID_PX_PER_MM`` pixels a mm or more: at half
size a smaller grid is under what ``read._rectify`` takes. A messaging app's copy of a night photo
is such a photo (the grid 280-330 px wide), and a light pen that the grey loses there is lost with
no colour to show it: ``night_pens`` (a pen lost in the grey tints the sides read empty) never runs.
The second independent check's held-out night photos 209,580 (D5 ``.hh.``) and 209,642 (C5 ``hh..``,
E7 ``.hhh``): yellow colour-pencil highways, none of them in the grey, every space of theirs read
empty; the three read with certainty were silent. Their colours at full size show the pen plainly
(``noise_floor.night`` of the chroma: levels 0.37; ``night_pens``' lost pen on every empty side at
-91 to -98 degrees).

:func:`chroma` decodes such a photo at full size in colour (it is small: the decode and the
rectified chroma cost a few hundredths of a second) and measures it as ``colour.chroma`` does; the
reader then asks ``night_pens``' flags (``lost``, ``grey_kind``, ``tinted``; not ``tinted_guess``, which
took 209,642's highlighter for a railway pen) of a small photo whose colour noise is a night photo's, and
of nothing else: the colours do not go into any other step's reading of a small photo.
"""

from __future__ import annotations

from typing import Callable

import cv2
import numpy as np

from railprint.games.railroad_ink.photo import colour
from railprint.games.railroad_ink.photo.rectified import PX_PER_MM


def chroma(data: bytes, gray_shape: tuple[int, ...], rectify: Callable[[np.ndarray], np.ndarray],
           kept: np.ndarray | None = None) -> colour.Chroma | None:
    """The photo's colours at full size (``colour.Chroma``), rectified by ``rectify`` (the grey
    photo's own rectification, applied to a BGR image); None when the file is no JPEG, PNG or WebP
    or its colour copy does not match the grey photo's size (``gray_shape``). ``kept``: the whole
    colour decode its grey decode made (``one_decode.decode_kept``: a small plain PNG), else None."""
    if not colour.readable(data):
        return None
    try:
        image = kept if kept is not None else cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    except cv2.error:
        return None
    if image is None or image.ndim != 3 or image.shape[:2] != tuple(gray_shape[:2]):
        return None
    return colour.chroma(rectify(image), PX_PER_MM)
