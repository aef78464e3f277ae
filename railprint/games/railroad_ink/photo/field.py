"""Photos "from the field": what a phone or a messaging app does to a photo that our generator
(:mod:`synth`) does not, for a stress set the reader was not developed on (seeded).

    photo = field_photo(740_003, "barrel")    # -> synth.Photo, its bytes possibly PNG or WebP

Two kinds of effect. Some change what is photographed, through :func:`synth.make_photo`'s
parameters (each with its own random numbers, so the board, hand, pose and light stay the
seed's): another ink (``red``, ``green``, ``marker``, ``fineliner``), a ``highlighter`` over some
routes, a ``finger`` or a ``pen`` lying over the grid. The others post-process the generator's
JPEG as a phone or an app would (decoded, changed, encoded again at quality 92 unless said):

=============  ==================================================================================
``barrel``     a wide lens's barrel distortion (k1 -0.04 .. -0.12 of the half-diagonal)
``pincushion`` pincushion distortion (k1 +0.03 .. +0.08)
``vignette``   the corners 30-60 % darker than the middle
``sharpen``    a phone's sharpening: an unsharp mask of 1-2.5, radius 1-2.5 px (halos)
``hdr``        HDR / local tone mapping: CLAHE on the lightness, tiles of 1/8 of the frame
``contrast``   a strong contrast curve (an S-curve, gamma 0.6-1.6)
``motion``     motion blur: a line 0.15-0.6 % of the long side (6-24 px at 12 MP), any direction
``hotspot``    a flash's blown highlight: a bright disc pushing the paper past white
``lowlight``   a dark room: heavy sensor noise (sigma 6-14 grey levels) and chroma noise
``cropped``    the sheet partly out of frame: 8-25 % of the frame cut off one or two sides
``exif``       stored sideways: the pixels turned 90, 180 or 270 degrees, the EXIF tag set
``png``        saved as PNG (lossless)
``webp``       saved as WebP (quality 80)
``grey``       a greyscale JPEG
``messaging``  sent through a messaging app: scaled to 1280 px long side (1-1.2 MP), JPEG 50
=============  ==================================================================================
"""

from __future__ import annotations

import io
import math

import cv2
import numpy as np

from railprint.games.railroad_ink.photo import synth

SCENE = {"red": {"ink": "red"}, "green": {"ink": "green"}, "marker": {"ink": "marker"},
         "fineliner": {"ink": "fineliner"}, "highlighter": {"highlight": True},
         "finger": {"occlude": "finger"}, "pen": {"occlude": "pen"}}
POST = ("barrel", "pincushion", "vignette", "sharpen", "hdr", "contrast", "motion", "hotspot", "lowlight",
        "cropped", "exif", "png", "webp", "grey", "messaging")
EFFECTS = tuple(SCENE) + POST


def field_photo(seed: int, effect: str, megapixels: float | None = None, base: synth.Photo | None = None,
                motion: float | None = None) -> synth.Photo:
    """``make_photo(seed)`` with ``effect`` (one of :data:`EFFECTS`); ``base``: that photo already
    made (for a post-processing effect); ``motion``: the motion blur's length as a share of the
    long side, instead of the seed's (its direction stays the seed's)."""
    if effect in SCENE:
        return synth.make_photo(seed, megapixels=megapixels, **SCENE[effect])
    if effect not in POST:
        raise ValueError(f"unknown effect {effect!r}; one of {', '.join(EFFECTS)}")
    photo = base if base is not None else synth.make_photo(seed, megapixels=megapixels)
    data, what = post_process(photo.jpeg, effect, seed, motion)
    image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_UNCHANGED)
    h, w = image.shape[:2]
    return synth.Photo(data, photo.board, seed, w, h, {**photo.params, "effect": effect, **what})


def post_process(jpeg: bytes, effect: str, seed: int, motion: float | None = None) -> tuple[bytes, dict]:
    """The photo ``jpeg`` as ``effect`` (one of :data:`POST`) leaves it, and what was done.
    Its own random numbers (``(seed, 41)``). ``motion``: the motion blur's length as a share of
    the long side (the seed's draw is made all the same, so nothing else changes)."""
    rng = np.random.default_rng((seed, 41))
    image = cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR)
    h, w = image.shape[:2]
    f = image.astype(np.float32) / 255
    what: dict = {}
    if effect in ("barrel", "pincushion"):
        k1 = -rng.uniform(0.04, 0.12) if effect == "barrel" else rng.uniform(0.03, 0.08)
        f = _distort(f, k1)
        what["k1"] = round(k1, 3)
    elif effect == "vignette":
        v = rng.uniform(0.3, 0.6)
        f *= (1 - v * _radius2(h, w))[..., None]
        what["vignette"] = round(v, 2)
    elif effect == "sharpen":
        amount, radius = rng.uniform(1.0, 2.5), rng.uniform(1.0, 2.5)
        f = f + amount * (f - cv2.GaussianBlur(f, (0, 0), radius))
        what.update(sharpen=round(amount, 2), radius=round(radius, 2))
    elif effect == "hdr":
        lab = cv2.cvtColor(np.clip(f * 255, 0, 255).astype(np.uint8), cv2.COLOR_BGR2LAB)
        clip = rng.uniform(2.0, 4.0)
        lab[..., 0] = cv2.createCLAHE(clipLimit=clip, tileGridSize=(8, 8)).apply(lab[..., 0])
        f = cv2.cvtColor(lab, cv2.COLOR_LAB2BGR).astype(np.float32) / 255
        what["clahe"] = round(clip, 2)
    elif effect == "contrast":
        gamma, s = rng.uniform(0.6, 1.6), rng.uniform(6, 12)
        f = np.clip(f, 0, 1) ** gamma
        f = 1 / (1 + np.exp(-s * (f - 0.5)))
        lo, hi = 1 / (1 + math.exp(s / 2)), 1 / (1 + math.exp(-s / 2))
        f = (f - lo) / (hi - lo)
        what.update(gamma=round(gamma, 2), s_curve=round(s, 1))
    elif effect == "motion":
        share = rng.uniform(0.0015, 0.006)
        length = max(3, int(max(h, w) * (share if motion is None else motion)))
        angle = rng.uniform(0, 180)
        kernel = np.zeros((length, length), np.float32)
        kernel[length // 2, :] = 1
        rot = cv2.getRotationMatrix2D(((length - 1) / 2, (length - 1) / 2), angle, 1.0)
        kernel = cv2.warpAffine(kernel, rot, (length, length))
        f = cv2.filter2D(f, -1, kernel / kernel.sum())
        what.update(motion_px=length, motion_deg=round(angle))
    elif effect == "hotspot":
        cx, cy = rng.uniform(0.25, 0.75) * w, rng.uniform(0.25, 0.75) * h
        sigma = rng.uniform(0.08, 0.2) * math.hypot(w, h)
        ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
        spot = np.exp(-((xs - cx) ** 2 + (ys - cy) ** 2) / (2 * sigma ** 2))
        gain = rng.uniform(0.5, 1.2)
        f = f * (1 + gain * spot)[..., None] + (0.25 * gain * spot)[..., None]
        what["hotspot"] = round(gain, 2)
    elif effect == "lowlight":
        sigma = rng.uniform(6, 14) / 255
        grain = rng.normal(0, sigma, (h, w, 1)).astype(np.float32)
        chroma = cv2.GaussianBlur(rng.normal(0, sigma, (h, w, 3)).astype(np.float32), (0, 0), 1.5)
        f = f * rng.uniform(0.75, 0.95) + grain + chroma
        what["noise"] = round(sigma * 255, 1)
    elif effect == "cropped":
        keep = [0, h, 0, w]   # top, bottom, left, right
        for side in rng.choice(4, size=int(rng.integers(1, 3)), replace=False):
            cut = rng.uniform(0.08, 0.25)
            if side == 0:
                keep[0] = int(h * cut)
            elif side == 1:
                keep[1] = int(h * (1 - cut))
            elif side == 2:
                keep[2] = int(w * cut)
            else:
                keep[3] = int(w * (1 - cut))
        f = f[keep[0]:keep[1], keep[2]:keep[3]]
        what["crop"] = keep
    image = np.clip(f * 255 + 0.5, 0, 255).astype(np.uint8)
    if effect == "exif":
        turn = int(rng.integers(1, 4))   # stored turned; the tag says how to turn it back
        stored = np.rot90(image, turn)    # counter-clockwise
        tag = {1: 6, 2: 3, 3: 8}[turn]
        return _pil_encode(stored, "JPEG", quality=92, orientation=tag), {"orientation": tag}
    if effect == "png":
        ok, buf = cv2.imencode(".png", image, [cv2.IMWRITE_PNG_COMPRESSION, 6])
    elif effect == "webp":
        ok, buf = cv2.imencode(".webp", image, [cv2.IMWRITE_WEBP_QUALITY, 80])
    elif effect == "grey":
        ok, buf = cv2.imencode(".jpg", cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), [cv2.IMWRITE_JPEG_QUALITY, 90])
    elif effect == "messaging":
        k = 1280 / max(h, w)
        if k < 1:
            image = cv2.resize(image, (round(w * k), round(h * k)), interpolation=cv2.INTER_AREA)
        ok, buf = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 50])
        what["sent"] = f"{image.shape[1]}x{image.shape[0]}"
    else:
        ok, buf = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 92])
    assert ok
    return buf.tobytes(), what


def _radius2(h: int, w: int) -> np.ndarray:
    """The squared distance from the frame's centre, 1 at its corners."""
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    return ((xs - w / 2) ** 2 + (ys - h / 2) ** 2) / ((w / 2) ** 2 + (h / 2) ** 2)


def _distort(f: np.ndarray, k1: float) -> np.ndarray:
    """Radial lens distortion: the point at normalised radius r (1 at the corners) in the scene
    is seen at r (1 + k1 r^2); k1 < 0 barrel, > 0 pincushion. Each output pixel takes the input
    where the inverse maps it (one Newton step from r)."""
    h, w = f.shape[:2]
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    half = math.hypot(w / 2, h / 2)
    dx, dy = (xs - w / 2) / half, (ys - h / 2) / half
    rd = np.sqrt(dx * dx + dy * dy)
    r = rd.copy()
    for _ in range(3):   # solve r (1 + k1 r^2) = rd
        r -= (r * (1 + k1 * r * r) - rd) / (1 + 3 * k1 * r * r)
    scale = np.where(rd > 1e-6, r / np.maximum(rd, 1e-6), 1.0)
    return cv2.remap(f, dx * scale * half + w / 2, dy * scale * half + h / 2, cv2.INTER_LINEAR,
                     borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0))


def _pil_encode(image: np.ndarray, fmt: str, *, quality: int, orientation: int) -> bytes:
    from PIL import Image

    pil = Image.fromarray(cv2.cvtColor(np.ascontiguousarray(image), cv2.COLOR_BGR2RGB))
    exif = Image.Exif()
    exif[0x0112] = orientation
    out = io.BytesIO()
    pil.save(out, fmt, quality=quality, exif=exif.tobytes())
    return out.getvalue()
