"""Issue 18: pieces told apart without colour. For every palette that tells pieces apart the
colour distances are computed (CIEDE2000, also under a deuteranopia simulation); where two
colours are closer than ΔE 15 the pieces must carry another cue — a symbol, a code, a letter or
a name — and that cue is read back from the content or the PDF."""

from __future__ import annotations

import itertools
import math

import pytest

from railprint.games.ticket_to_ride.board import SYMBOLS
from railprint.games.ticket_to_ride.maps import load_map
from railprint.games.ticket_to_ride.pieces import players
from railprint.loading.resources import content_path
from railprint.loading.yamlio import load_file

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


def test_ciede2000_reference_pairs():
    # Sharma, Wu & Dalal (2005) test data
    assert ciede2000((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert ciede2000((50, 0, 0), (50, -1, 2)) == pytest.approx(2.3669, abs=1e-4)
    assert ciede2000((2.0776, 0.0795, -1.135), (0.9033, -0.0636, -0.5514)) == pytest.approx(0.9082, abs=1e-4)


def _needs_cue(palette):
    close = [(a, b, round(d, 1), round(dd, 1)) for a, b, d, dd in distances(palette) if min(d, dd) < LIMIT]
    return close, {n for a, b, *_ in close for n in (a, b)}


def test_train_card_colours_that_are_close_carry_the_boards_symbol_and_a_unique_code():
    deck = load_file(content_path("ticket-to-ride") / "train-cards.yaml")
    palette = {k: v for k, v in deck["palette"].items() if k in SYMBOLS}
    close, names = _needs_cue(palette)
    assert close   # (orange/red, yellow/white… are close for deuteranopes: colour alone is not enough)
    cards = {c["vars"]["colour"]: c["vars"] for c in deck["cards"] if "colour" in c.get("vars", {})}
    for name in names:
        assert cards[name]["symbol"] == SYMBOLS[name], name   # the board's symbol of that colour
    assert len({v["code"] for v in cards.values()}) == len(cards)
    assert len({v["symbol"] for v in cards.values()}) == len(cards)


@pytest.mark.parametrize("name", ["nordic", "italy"])
def test_ticket_to_ride_player_colours_that_are_close_carry_letters(name):
    people = players(load_map(name))
    close, names = _needs_cue({p.letter: p.colour for p in people})
    assert len({p.letter for p in people}) == len(people)   # every player's pieces lettered apart
    assert names <= {p.letter for p in people}


def test_days_of_steam_train_tokens_carry_their_colour_names():
    deck = load_file(content_path("days-of-steam") / "train-tokens.yaml")
    palette = {c["vars"]["colour"]: deck["palette"][c["vars"]["colour"]] for c in deck["cards"]}
    close, names = _needs_cue(palette)
    labels = {c["vars"]["colour"]: c["vars"]["label"] for c in deck["cards"]}
    for name in names:
        assert labels[name]["en"] and labels[name]["pl"]
    assert len({label["en"] for label in labels.values()}) == len(labels)


def test_allers_tile_fronts_carry_their_players_shape():
    folder = content_path("allers-trains")
    deck = load_file(folder / "tiles.yaml")
    grounds = {name.removesuffix("-ground"): value for name, value in deck["palette"].items() if name.endswith("-ground")}
    close, names = _needs_cue(grounds)
    assert close   # the pale ground tints alone do not tell the players apart
    tile = deck["templates"]["tile"]["layers"]
    assert any(layer.get("type") == "icon" and layer.get("name") == "shape-{player}" for layer in tile)
    shapes = load_file(folder / "player-shapes.yaml")["icons"]
    assert {f"shape-{n}" for n in grounds} <= set(shapes)
    assert len({shapes[f"shape-{n}"]["path"] for n in grounds}) == len(grounds)   # four different shapes
