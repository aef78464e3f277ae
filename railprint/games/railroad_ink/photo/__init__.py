"""Reading a photo of a printed Railroad Ink sheet (the ``photo`` extra: OpenCV + NumPy).

``layout`` (no OpenCV) says where the sheet's registration markers and QR code are printed; the
sheet drawing and the reader both use it. ``read`` finds the markers, rectifies the grid and reads
each space; ``synth`` makes test photos. Only this package imports ``cv2``.
"""

from __future__ import annotations

from railprint.errors import RailprintError

INSTALL = "pip install 'railprint[photo]'"


def require_cv2():
    """OpenCV, or a clear error naming the install command."""
    try:
        import cv2  # noqa: F401
        import numpy  # noqa: F401
    except ImportError:
        raise RailprintError("reading photos needs OpenCV and NumPy, which are not installed",
                             hint=f"install the photo extra: {INSTALL}") from None
    return cv2


def score_photo(path, *, longest: str = "simple", debug_image=None):
    """``railprint score railroad-ink --photo``: see :func:`report.score_photo` (needs the extra)."""
    require_cv2()
    from railprint.games.railroad_ink.photo.report import score_photo as run

    return run(path, longest=longest, debug_image=debug_image)
