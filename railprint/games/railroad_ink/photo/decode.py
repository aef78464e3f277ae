"""HEIC/HEIF and AVIF photos (what an iPhone saves by default, what AirDrop hands a Mac) as the
arrays the JPEG path gives: one grey channel (luma, as libjpeg's greyscale decode gives it) or
BGR colour, turned upright.

    opened = open_photo(data)      # the header read, nothing decoded: opened.size is (w, h)
    gray = opened.gray()           # then decoded, once the caller has checked that size

HEIC/HEIF: ``pillow-heif`` (libheif with libde265), opened without Pillow's plugin registry, so
no other reader in railprint starts decoding HEIF. AVIF: Pillow's own plugin (libavif, in
Pillow's wheels since 11.3), its class used directly, not ``Image.open``. Either way opening
reads only the boxes (the primary image's ``ispe``, ``irot``/``imir``); the pixels are decoded
by :meth:`Opened.gray` or :meth:`Opened.colour`. A file of several images (a burst; depth maps
and thumbnails are auxiliary images) gives its primary image.

Orientation: in a HEIF file ``irot``/``imir`` say how to show it, and an EXIF orientation there is
informational (ISO/IEC 23008-12; iOS writes both and shows by ``irot``). libheif applies them as it
decodes; Pillow's AVIF plugin turns them into the EXIF orientation it reports (overriding the
EXIF block's own), which is applied here. Failures raise :class:`Undecodable`, one line naming
what the decoder said.
"""

from __future__ import annotations

import io

import cv2
import numpy as np

from railprint.errors import RailprintError
from railprint.games.railroad_ink.photo.extra import INSTALL

BRANDS = (b"heic", b"heix", b"hevc", b"hevx", b"heim", b"heis", b"mif1", b"msf1", b"avif", b"avis")
"""``ftyp`` major brands of an HEIF or AVIF file (ISO BMFF; an MP4 video's ``isom`` is not one)."""
AVIF_BRANDS = (b"avif", b"avis")


class Undecodable(RailprintError):
    """A HEIC/HEIF or AVIF photo that cannot be opened or decoded (or no library to do it)."""


def container(data: bytes) -> str | None:
    """``"HEIC"`` or ``"AVIF"`` for an HEIF-family file (by its ``ftyp`` box), else None. A
    generic ``mif1``/``msf1`` file is AVIF when its compatible brands say so."""
    if data[4:8] != b"ftyp" or data[8:12] not in BRANDS:
        return None
    size = int.from_bytes(data[:4], "big")
    compatible = {data[i:i + 4] for i in range(16, min(size, len(data), 256) - 3, 4)}
    major = data[8:12]
    if major in AVIF_BRANDS or (major in (b"mif1", b"msf1") and compatible & set(AVIF_BRANDS)
                                and not compatible & {b"heic", b"heix", b"heim", b"heis"}):
        return "AVIF"
    return "HEIC"


def _damaged(kind: str, said: str) -> Undecodable:
    said = " ".join(str(said).split())[:300]
    return Undecodable(f"the {kind} photo could not be decoded ({said}): a damaged or truncated file?",
                       hint="copy or send the photo again",
                       pl=f"nie da się zdekodować zdjęcia {kind} ({said}): plik uszkodzony albo ucięty? "
                          "(skopiuj albo wyślij zdjęcie ponownie)")


# EXIF orientation -> the Pillow transpose that shows the image upright (2-8; 1 is as stored)
_UPRIGHT = {2: "FLIP_LEFT_RIGHT", 3: "ROTATE_180", 4: "FLIP_TOP_BOTTOM", 5: "TRANSPOSE", 6: "ROTATE_270",
            7: "TRANSVERSE", 8: "ROTATE_90"}


class Opened:
    """A HEIC/HEIF or AVIF photo whose header was read: ``kind``, ``size`` (w, h, upright)."""

    def __init__(self, kind: str, size: tuple[int, int], image, orientation: int = 1):
        self.kind, self.size, self._image, self._orientation = kind, size, image, orientation

    def _pixels(self, mode: str) -> np.ndarray:
        """The decoded primary image: ``mode`` "L" (grey) or "BGR"."""
        try:
            if self.kind == "HEIC":
                rgb = np.asarray(self._image)   # libheif decodes here, irot/imir applied
                return _convert(rgb[:, :self._image.size[0]], mode)   # (its rows are the stride long)
            from PIL import Image

            self._image.load()                  # libavif decodes here
            image = self._image.convert("L" if mode == "L" else "RGB")
            if self._orientation in _UPRIGHT:
                image = image.transpose(getattr(Image.Transpose, _UPRIGHT[self._orientation]))
            return _convert(np.asarray(image), mode)
        except (ValueError, RuntimeError, OSError, SyntaxError, EOFError) as exc:
            raise _damaged(self.kind, exc) from None

    def gray(self) -> np.ndarray:
        return self._pixels("L")

    def colour(self) -> np.ndarray:
        return self._pixels("BGR")


def _convert(array: np.ndarray, mode: str) -> np.ndarray:
    """An L, RGB or RGBA array as one grey channel (ITU-R 601 luma, as libjpeg's) or BGR."""
    if array.ndim == 2:
        return np.ascontiguousarray(array) if mode == "L" else cv2.cvtColor(array, cv2.COLOR_GRAY2BGR)
    code = {("L", 3): cv2.COLOR_RGB2GRAY, ("L", 4): cv2.COLOR_RGBA2GRAY,
            ("BGR", 3): cv2.COLOR_RGB2BGR, ("BGR", 4): cv2.COLOR_RGBA2BGR}.get((mode, array.shape[2]))
    if code is None:
        raise ValueError(f"{array.shape[2]} channels")
    return cv2.cvtColor(array, code)


def open_photo(data: bytes) -> Opened:
    """The photo's header read (its primary image's size, upright), nothing decoded; raises
    :class:`Undecodable` for a damaged file or a missing library."""
    kind = container(data)
    if kind == "HEIC":
        try:
            import pillow_heif
        except ImportError:
            raise Undecodable("reading a HEIC/HEIF photo needs pillow-heif, which is not installed",
                              hint=f"install the photo extra: {INSTALL}",
                              pl=f"do odczytania zdjęcia HEIC/HEIF potrzebny jest pakiet pillow-heif, którego nie "
                                 f"zainstalowano (zainstaluj dodatek photo: {INSTALL})") from None
        try:
            heif = pillow_heif.open_heif(io.BytesIO(data), convert_hdr_to_8bit=True)
            image = heif[heif.primary_index]
            return Opened(kind, tuple(image.size), image)
        except (ValueError, RuntimeError, OSError, IndexError) as exc:
            raise _damaged("HEIC", exc) from None
    if kind == "AVIF":
        from PIL import ExifTags, features

        if not features.check("avif"):
            raise Undecodable("reading an AVIF photo needs Pillow 11.3 or later with AVIF support",
                              hint=f"install the photo extra: {INSTALL}",
                              pl="do odczytania zdjęcia AVIF potrzebny jest Pillow 11.3 lub nowszy z obsługą "
                                 f"AVIF (zainstaluj dodatek photo: {INSTALL})")
        from PIL.AvifImagePlugin import AvifImageFile

        try:
            image = AvifImageFile(io.BytesIO(data))   # not Image.open: no other plugin tries the bytes
            orientation = image.getexif().get(ExifTags.Base.Orientation, 1)
        except (ValueError, RuntimeError, OSError, SyntaxError, EOFError) as exc:
            raise _damaged("AVIF", exc) from None
        w, h = image.size
        return Opened(kind, (h, w) if orientation in (5, 6, 7, 8) else (w, h), image, orientation)
    raise Undecodable("not a HEIC/HEIF or AVIF file")
