"""Print-shop colour: how the PDF writer turns a scene colour into paint for a shop's press.

By default the writer paints what the scene says: RGB colours, opacity as ExtGState.
``ShopPaint`` writes no transparency at all: a colour drawn with opacity ``a`` is blended with
the white paper beneath it (``a·c + (1 − a)·white``) — exact for art drawn on paper or on white,
an approximation where translucent art lies over other colours (say so in the README). With a
CMYK profile (the shop's own ICC file) every colour becomes CMYK through LittleCMS (Pillow's
ImageCms, relative colorimetric intent with black-point compensation), then:
- neutral greys used for text and thin lines (≤ 1 pt) are K only, never four-colour black,
  so text stays sharp however the plates register;
- total ink (C + M + Y + K) is capped at ``ink_limit`` % by taking cyan, magenta and yellow
  down together, keeping black.
Pictures are flattened over white and converted the same way (``DeviceCMYK`` images).
"""

from __future__ import annotations

import io
import os
import stat
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from railprint.errors import RailprintError

MAX_PROFILE_BYTES = 16 * 1024 * 1024
THIN_LINE = 1.0  # pt: a line this thin or thinner is K only when it is grey
INK_RANGE = (100, 400)
DEFAULT_INK = 240   # % (--ink-limit not given)


def _hex(value: str) -> tuple[int, int, int]:
    value = value.lstrip("#")
    if len(value) == 3:
        value = "".join(ch * 2 for ch in value)
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


def _fmt(*values: float) -> str:
    return " ".join(f"{v:.4f}".rstrip("0").rstrip(".") or "0" for v in values)


@dataclass(frozen=True)
class Profile:
    """A CMYK output profile the user supplied: its bytes and description."""

    data: bytes
    description: str
    path: str


def load_profile(path: Path) -> Profile:
    """Read and check a CMYK ICC profile (a user file: regular, bounded, parsed by LittleCMS)."""
    from PIL import ImageCms

    shown = str(path)
    try:
        info = os.stat(path)
    except OSError as exc:
        raise RailprintError(f"{shown}: cannot read the ICC profile ({exc.strerror})",
                             hint="pass the print shop's CMYK profile, e.g. --icc PSOcoated_v3.icc") from None
    if not stat.S_ISREG(info.st_mode):
        raise RailprintError(f"{shown}: the ICC profile is not a regular file")
    if info.st_size > MAX_PROFILE_BYTES:
        raise RailprintError(f"{shown}: {info.st_size} bytes; an ICC profile of at most "
                             f"{MAX_PROFILE_BYTES // (1024 * 1024)} MiB is read")
    data = Path(path).read_bytes()[:MAX_PROFILE_BYTES + 1]
    try:
        profile = ImageCms.ImageCmsProfile(io.BytesIO(data))
        space = profile.profile.xcolor_space.strip()
        description = ImageCms.getProfileDescription(profile).strip() or Path(path).name
    except (OSError, ValueError, TypeError, ImageCms.PyCMSError) as exc:
        raise RailprintError(f"{shown}: not a readable ICC profile ({exc})") from None
    if space != "CMYK":
        raise RailprintError(f"{shown}: an ICC profile for {space or 'an unknown'} colour, not CMYK",
                             hint="ask the print shop for its CMYK output profile")
    _transform(data, shown)   # a damaged profile can read and still not convert: refused now, at --icc
    return Profile(data, description, shown)


def _transform(data: bytes, shown: str):
    """LittleCMS's sRGB → CMYK transform to the profile, tried on one pixel; a profile it cannot
    use (damaged tables: 7 of 100 mutations of a good one) is an error naming the file."""
    from PIL import Image, ImageCms

    try:
        transform = ImageCms.buildTransform(
            ImageCms.createProfile("sRGB"), ImageCms.ImageCmsProfile(io.BytesIO(data)),
            "RGB", "CMYK", renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
            flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)
        ImageCms.applyTransform(Image.new("RGB", (2, 1), (200, 40, 10)), transform)
    except Exception as exc:  # LittleCMS reports damaged tables as PyCMSError, OSError, ValueError…
        raise RailprintError(f"{shown}: not a usable ICC profile (LittleCMS cannot convert to it: "
                             f"{str(exc)[:80] or type(exc).__name__})",
                             hint="ask the print shop for its CMYK output profile again") from None
    return transform


class ShopPaint:
    """No transparency; with a profile, CMYK with K-only text and a total-ink cap."""

    flatten = True
    thin_line = THIN_LINE

    def __init__(self, profile: Profile | None = None, ink_limit: int = DEFAULT_INK):
        if not (isinstance(ink_limit, int) and INK_RANGE[0] <= ink_limit <= INK_RANGE[1]):
            raise RailprintError(f"--ink-limit must be a whole percentage from {INK_RANGE[0]} to "
                                 f"{INK_RANGE[1]}, got {ink_limit!r}", hint="card shops often ask for 240 or 260")
        self.profile = profile
        self.cmyk = profile is not None
        self.ink_limit = ink_limit
        self._transform = None
        if profile is not None:
            self._transform = _transform(profile.data, profile.path)
            self.cmyk_of = lru_cache(maxsize=4096)(self._cmyk_of)

    @staticmethod
    def blended(colour: str, opacity: float) -> tuple[int, int, int]:
        return tuple(round(opacity * c + (1 - opacity) * 255) for c in _hex(colour))

    def _cmyk_of(self, rgb: tuple[int, int, int], thin: bool) -> tuple[float, float, float, float]:
        from PIL import Image, ImageCms

        r, g, b = rgb
        if thin and max(rgb) - min(rgb) <= 2:
            return (0.0, 0.0, 0.0, round(1 - (r + g + b) / 765, 4))
        pixel = ImageCms.applyTransform(Image.new("RGB", (1, 1), rgb), self._transform).getpixel((0, 0))
        c, m, y, k = (v / 255 for v in pixel)
        return limit_ink((c, m, y, k), self.ink_limit)

    def _paint(self, colour: str, opacity: float, thin: bool, rgb_op: str, cmyk_op: str) -> str:
        rgb = self.blended(colour, opacity)
        if not self.cmyk:
            return _fmt(*(v / 255 for v in rgb)) + rgb_op
        return _fmt(*self.cmyk_of(rgb, thin)) + cmyk_op

    def fill(self, colour: str, opacity: float, thin: bool) -> str:
        return self._paint(colour, opacity, thin, " rg", " k")

    def stroke(self, colour: str, opacity: float, thin: bool) -> str:
        return self._paint(colour, opacity, thin, " RG", " K")

    def picture(self, image):
        """A picture flattened over white (no soft mask), converted to CMYK with a profile."""
        from PIL import Image, ImageCms

        if image.mode in ("RGBA", "LA", "P", "PA") or "transparency" in image.info:
            rgba = image.convert("RGBA")
            flat = Image.new("RGB", rgba.size, (255, 255, 255))
            flat.paste(rgba, mask=rgba.getchannel("A"))
            image = flat
        else:
            image = image.convert("RGB")
        if not self.cmyk:
            return image
        converted = ImageCms.applyTransform(image, self._transform)
        if self.ink_limit < 400:
            converted = _limit_image(converted, self.ink_limit)
        return converted


def limit_ink(cmyk: tuple[float, float, float, float], limit: int) -> tuple[float, float, float, float]:
    """C, M and Y taken down together so that C + M + Y + K ≤ ``limit`` %, K kept."""
    c, m, y, k = cmyk
    cap = limit / 100
    if c + m + y + k > cap and c + m + y > 0:
        scale = max(0.0, cap - k) / (c + m + y)
        c, m, y = c * scale, m * scale, y * scale
    # rounded down to the writer's 4 decimals, so the written sum never exceeds the cap
    return tuple(int(v * 10000) / 10000 for v in (c, m, y, min(k, cap)))


def _limit_image(image, limit: int):
    """:func:`limit_ink` on every pixel of a CMYK picture, with Pillow's channel arithmetic."""
    from PIL import Image, ImageMath

    cap = limit * 255 / 100
    c, m, y, k = (channel.convert("F") for channel in image.split())
    scale = ImageMath.lambda_eval(
        lambda a: a["min"](a["max"](cap - a["k"], 0.0) / a["max"](a["c"] + a["m"] + a["y"], 1.0), 1.0),
        c=c, m=m, y=y, k=k)
    taken = [ImageMath.lambda_eval(lambda a: a["v"] * a["s"], v=v, s=scale).convert("L") for v in (c, m, y)]
    return Image.merge("CMYK", (*taken, k.convert("L")))


def output_intent(pdf, profile: Profile) -> int:
    """An OutputIntent naming the shop's profile, its ICC data embedded, added to ``pdf`` (a
    :class:`railprint.writers.pdffile.PdfFile`); returns its object number for the catalog."""
    from railprint.writers.pdffile import pdf_string

    icc = pdf.add_stream("/N 4", profile.data)
    condition = pdf_string(profile.description)
    return pdf.add(f"<< /Type /OutputIntent /S /GTS_PDFX /OutputConditionIdentifier (Custom) "
                   f"/OutputCondition {condition} /Info {condition} /RegistryName () "
                   f"/DestOutputProfile {icc} 0 R >>")
