"""Undo a straight motion blur (a shaking hand, a long exposure indoors), for finding the marks.

    found = motion_blurs(gray)           # -> [Motion(length, angle, strength), ...], likeliest first
    sharp = unblur(gray, found[0])       # the photo with that blur undone (Wiener), uint8

A straight motion blur spreads each point over a line of ``length`` px: the photo is the scene
convolved with that line, whose spectrum is a sinc across its direction, with zeros every
1/length. The logarithm of the photo's power spectrum therefore ripples with period 1/length
along the blur's direction, and its inverse transform (the *cepstrum*) has a deep negative peak at
``length`` px in that direction, whatever the scene (a sharp photo's cepstrum has none). The
spectrum is averaged over overlapping tiles (Welch), so the peak stands out of the scene's own
texture. The blur is then undone with a Wiener filter (the line's spectrum inverted where it is
strong, damped where it is near its zeros), which brings a blurred mark's cells back far enough
for the ArUco detector to read their bits.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

TILE = 128             # px: the spectrum is averaged over tiles this size ...
MAX_TILES = 96         # ... at most this many, spread over the photo (bounded CPU)
MIN_LENGTH = 4.0       # px: a blur shorter than this is no motion blur worth undoing here
MAX_LENGTH = 48.0      # px: nor is one longer than this (a third of a tile)
MIN_STRENGTH = 8.0     # the cepstrum's peak this many robust deviations below its neighbourhood
NOISE = 0.002          # the Wiener filter's noise-to-signal ratio (a JPEG's noise, undone lightly)


@dataclass(frozen=True)
class Motion:
    length: float      # px: how far each point was smeared
    angle: float       # degrees, 0-180: its direction, counter-clockwise from the x axis (y up)
    strength: float    # how many robust deviations the cepstrum's peak lies below the others


def _log_spectrum(gray: np.ndarray) -> np.ndarray:
    """The photo's log power spectrum averaged over tiles of TILE px (a Hann window each)."""
    h, w = gray.shape
    if h < TILE or w < TILE:
        raise ValueError("too small")
    ys = np.linspace(0, h - TILE, max(1, min(int(math.sqrt(MAX_TILES * h / w)), 2 * h // TILE - 1))).astype(int)
    xs = np.linspace(0, w - TILE, max(1, min(MAX_TILES // len(ys), 2 * w // TILE - 1))).astype(int)
    win = np.outer(np.hanning(TILE), np.hanning(TILE)).astype(np.float32)
    tiles = np.stack([gray[y:y + TILE, x:x + TILE] for y in ys for x in xs]).astype(np.float32)
    tiles -= tiles.mean(axis=(1, 2), keepdims=True)
    power = np.abs(np.fft.rfft2(tiles * win)) ** 2
    return np.log(power + 1e-3).mean(axis=0)


def motion_blurs(gray: np.ndarray, most: int = 3) -> list[Motion]:
    """The straight motion blurs ``gray`` (a grey photo, at most a few MP) may have, likeliest
    first (at most ``most``): the cepstrum's local minima at least MIN_STRENGTH robust deviations
    deep between MIN_LENGTH and MAX_LENGTH px; none for a sharp photo. More than one, because a
    photo's own texture (a resampling's or a sensor's pattern along the pixel rows) can dip deeper
    a few px off the centre than the blur does."""
    try:
        spectrum = _log_spectrum(gray)
    except ValueError:
        return []
    cep = np.fft.fftshift(np.fft.irfft2(spectrum, s=(TILE, TILE))).astype(np.float32)
    c = TILE // 2
    dy, dx = np.mgrid[-c:c, -c:c]
    r = np.hypot(dx, dy)
    ring = (r >= MIN_LENGTH) & (r <= MAX_LENGTH) & ((dy > 0) | ((dy == 0) & (dx > 0)))
    values = cep[ring]
    median = float(np.median(values))
    spread = 1.4826 * float(np.median(np.abs(values - median))) or 1e-9
    z = (cep - median) / spread
    lows = ring & (z <= cv2.erode(z, np.ones((3, 3), np.uint8))) & (z <= -MIN_STRENGTH)
    found = []
    for py, px in sorted(np.argwhere(lows).tolist(), key=lambda p: z[p[0], p[1]])[:most]:
        # the peak's place to a fraction of a pixel (a parabola through it and its neighbours)
        sub = []
        for lo, mid, hi in ((cep[py - 1, px], cep[py, px], cep[py + 1, px]),
                            (cep[py, px - 1], cep[py, px], cep[py, px + 1])):
            den = float(lo - 2 * mid + hi)
            sub.append(0.5 * float(lo - hi) / den if den > 0 else 0.0)
        y, x = py - c + sub[0], px - c + sub[1]
        found.append(Motion(math.hypot(x, y), math.degrees(math.atan2(-y, x)) % 180.0, -float(z[py, px])))
    return found


def line_kernel(length: float, angle: float) -> np.ndarray:
    """A line ``length`` px long in direction ``angle`` (degrees, counter-clockwise, y up),
    anti-aliased, summing to 1."""
    n = _kernel_size(length)
    kernel = np.zeros((n + 1, n + 1), np.float64)
    c = (n - 1) / 2
    ux, uy = math.cos(math.radians(angle)), -math.sin(math.radians(angle))
    t = np.linspace(-length / 2, length / 2, max(2, int(length * 8) + 1))
    x, y = c + t * ux, c + t * uy
    x0, y0 = np.floor(x).astype(int), np.floor(y).astype(int)
    fx, fy = x - x0, y - y0
    for ox, oy, wgt in ((0, 0, (1 - fx) * (1 - fy)), (1, 0, fx * (1 - fy)), (0, 1, (1 - fx) * fy), (1, 1, fx * fy)):
        np.add.at(kernel, (y0 + oy, x0 + ox), wgt)
    kernel = kernel[:n, :n]
    return kernel / kernel.sum()


def unblur(gray: np.ndarray, motion: Motion, noise: float = NOISE) -> np.ndarray:
    """``gray`` with the motion blur undone by a Wiener filter (the photo mirrored at its edges
    first, so they do not ring), as uint8."""
    return Unblurrer(gray, motion.length)(motion, noise)


class Unblurrer:
    """``gray``'s spectrum, computed once, to undo one or more motion blurs up to ``longest`` px
    (``Unblurrer(gray, longest)(motion)`` is ``unblur(gray, motion)``). The line is symmetric about
    its centre, so its spectrum K is real and so is the Wiener filter K / (K^2 + noise): every
    transform stays a real one (OpenCV's packed spectra, half the work of complex ones)."""

    def __init__(self, gray: np.ndarray, longest: float):
        self.pad = 2 * _kernel_size(longest)
        self.shape = gray.shape
        f = cv2.copyMakeBorder(gray.astype(np.float32), self.pad, self.pad, self.pad, self.pad, cv2.BORDER_REFLECT)
        h, w = f.shape
        H, W = cv2.getOptimalDFTSize(h), cv2.getOptimalDFTSize(w)
        f = cv2.copyMakeBorder(f, 0, H - h, 0, W - w, cv2.BORDER_REFLECT)
        self.spectrum = cv2.dft(f)      # packed (CCS)

    def __call__(self, motion: Motion, noise: float = NOISE) -> np.ndarray:
        kernel = line_kernel(motion.length, motion.angle)
        kernel = 0.5 * (kernel + kernel[::-1, ::-1])   # exactly symmetric (it is, to rounding)
        n = kernel.shape[0]
        k = np.zeros(self.spectrum.shape, np.float32)
        k[:n, :n] = kernel
        k = np.roll(k, (-(n // 2), -(n // 2)), (0, 1))
        K = cv2.dft(k)                  # packed: K at the real parts, ~0 at the imaginary ones
        gain = K / (K * K + noise)      # so the real filter, packed the same way
        out = cv2.idft(cv2.mulSpectrums(self.spectrum, gain, 0), flags=cv2.DFT_SCALE | cv2.DFT_REAL_OUTPUT)
        out = out[self.pad:self.pad + self.shape[0], self.pad:self.pad + self.shape[1]]
        return np.clip(out + 0.5, 0, 255).astype(np.uint8)


def _kernel_size(length: float) -> int:
    """The side of ``line_kernel``'s square for a line ``length`` px long (odd)."""
    return (int(math.ceil(length)) + 3) | 1
