"""Colour distances for the tests that check pieces can be told apart (issue 18): CIEDE2000
on CIELAB (D65) from sRGB, and a deuteranopia simulation (Machado, Oliveira & Fernandes 2009).
Hand-written: colour-science is a heavy dependency for forty lines."""

from __future__ import annotations

import itertools
import math

LIMIT = 15.0
# Machado, Oliveira & Fernandes (2009), deuteranopia at severity 1, on linear RGB
DEUTERANOPIA = ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881))


def _linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _rgb(hex_colour: str):
    return tuple(_linear(int(hex_colour[i:i + 2], 16) / 255) for i in (1, 3, 5))


def _lab(rgb):
    r, g, b = rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
    f = [t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116 for t in (x, y, z)]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def _deuteranope(rgb):
    return tuple(min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb)))) for row in DEUTERANOPIA)


def ciede2000(lab1, lab2) -> float:
    L1, a1, b1 = lab1
    L2, a2, b2 = lab2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    cm = (c1 + c2) / 2
    g = 0.5 * (1 - math.sqrt(cm ** 7 / (cm ** 7 + 25 ** 7)))
    a1p, a2p = a1 * (1 + g), a2 * (1 + g)
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360
    h2p = math.degrees(math.atan2(b2, a2p)) % 360
    dL, dC = L2 - L1, c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    elif abs(h2p - h1p) <= 180:
        dh = h2p - h1p
    else:
        dh = h2p - h1p - 360 if h2p > h1p else h2p - h1p + 360
    dH = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    Lm, cmp_ = (L1 + L2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        hm = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hm = (h1p + h2p) / 2
    else:
        hm = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(hm - 30)) + 0.24 * math.cos(math.radians(2 * hm))
         + 0.32 * math.cos(math.radians(3 * hm + 6)) - 0.20 * math.cos(math.radians(4 * hm - 63)))
    sl = 1 + 0.015 * (Lm - 50) ** 2 / math.sqrt(20 + (Lm - 50) ** 2)
    sc = 1 + 0.045 * cmp_
    sh = 1 + 0.015 * cmp_ * t
    rt = (-2 * math.sqrt(cmp_ ** 7 / (cmp_ ** 7 + 25 ** 7))
          * math.sin(math.radians(60 * math.exp(-(((hm - 275) / 25) ** 2)))))
    return math.sqrt((dL / sl) ** 2 + (dC / sc) ** 2 + (dH / sh) ** 2 + rt * (dC / sc) * (dH / sh))


def distances(palette: dict[str, str]):
    """(name, name, ΔE, ΔE for a deuteranope) for every pair of the palette."""
    out = []
    for (n1, h1), (n2, h2) in itertools.combinations(palette.items(), 2):
        r1, r2 = _rgb(h1), _rgb(h2)
        out.append((n1, n2, ciede2000(_lab(r1), _lab(r2)), ciede2000(_lab(_deuteranope(r1)), _lab(_deuteranope(r2)))))
    return out


def delta_e(hex1: str, hex2: str) -> tuple[float, float]:
    """(ΔE, ΔE for a deuteranope) between two ``#rrggbb`` colours."""
    r1, r2 = _rgb(hex1), _rgb(hex2)
    return ciede2000(_lab(r1), _lab(r2)), ciede2000(_lab(_deuteranope(r1)), _lab(_deuteranope(r2)))
