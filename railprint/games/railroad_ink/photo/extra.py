"""The ``photo`` extra (OpenCV + NumPy): the command that installs it, and the check that it is
there, with that command in the error. Imports nothing of the reader, so every module of this
package (and the package itself) can name the command."""

from __future__ import annotations

from railprint.errors import RailprintError

INSTALL = "pip install 'railprint[photo]'"


def require_cv2():
    """OpenCV, or a clear error naming the install command."""
    try:
        import cv2
        import numpy
    except ImportError:
        raise RailprintError("reading photos needs OpenCV and NumPy, which are not installed",
                             hint=f"install the photo extra: {INSTALL}") from None
    del numpy   # imported only to know it is there
    return cv2
