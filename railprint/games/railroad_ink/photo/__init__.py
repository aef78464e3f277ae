"""Reading a photo of a printed Railroad Ink sheet (the ``photo`` extra: OpenCV + NumPy).

``layout`` (no OpenCV) says where the sheet's registration markers and QR code are printed; the
sheet drawing and the reader both use it. ``extra`` names the extra's install command and checks
that it is installed. ``read`` finds the markers, rectifies the grid and reads each space;
``synth`` makes test photos. Only this package imports ``cv2``.
"""

from __future__ import annotations

from railprint.games.railroad_ink.photo.extra import INSTALL, require_cv2

__all__ = ["INSTALL", "require_cv2", "score_photo"]


def score_photo(path, *, longest: str = "simple", debug_image=None):
    """``railprint score railroad-ink --photo``: see :func:`report.score_photo` (needs the extra)."""
    require_cv2()
    from railprint.games.railroad_ink.photo.report import score_photo as run

    return run(path, longest=longest, debug_image=debug_image)
