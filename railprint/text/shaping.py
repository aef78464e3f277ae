"""Shaped text: every string railprint measures or draws is laid out by HarfBuzz (``uharfbuzz``)
with the font's own OpenType features — kerning (``kern``), standard ligatures (``liga``: Source
Sans Pro joins ``ff``), mark positioning — so a width is the width the glyphs really take.

:func:`shape` turns (text, font key) into a :class:`GlyphRun`: glyph ids with their advances and
offsets in font units, independent of the size (HarfBuzz shapes unhinted at the font's own
units, so a run scales linearly). Runs are remembered (a deck measures the same strings at many
sizes and draws the same labels on many cards). The writers draw these runs — the PDF writer
glyph by glyph with kerning adjustments, the SVG writer at the same positions — so both set the
same; :func:`width` is what every measure in :mod:`railprint.text.measure` and the text boxes uses.
"""

from __future__ import annotations

import time
from functools import lru_cache
from typing import NamedTuple

from railprint.text import fonts

CACHED_LEN = 256   # strings up to this long are remembered (like the width caches before)


class GlyphRun(NamedTuple):
    """One string shaped in one font. Per glyph, in drawing order (left to right):
    ``gids`` its glyph id; ``chars`` the character whose own (cmap) glyph it is, or -1 for a
    glyph no character maps to (a ligature such as ``f_f``, a contextual alternate);
    ``texts`` the characters it stands for (its cluster's text on the cluster's first glyph,
    "" on the others: what a PDF's ToUnicode map says for a ligature); ``advances`` its advance
    with kerning, ``nominal`` its own advance (the font's hmtx), ``x_offsets``/``y_offsets``
    its displacement (marks), all in font units; ``width`` the sum of the advances."""

    gids: tuple[int, ...]
    chars: tuple[int, ...]
    texts: tuple[str, ...]
    advances: tuple[int, ...]
    nominal: tuple[int, ...]
    x_offsets: tuple[int, ...]
    y_offsets: tuple[int, ...]
    width: int
    upm: int


@lru_cache(maxsize=64)
def _hb_font(key: str, stamp: tuple):
    """The HarfBuzz font of a font key (``stamp``: the file's version, so a designer's file
    edited during ``watch`` is read again)."""
    import uharfbuzz as hb

    # the bytes the writers embed (a CFF .otf: its TrueType conversion), so the glyph ids shaped
    # are the ids drawn
    face = hb.Face(hb.Blob(fonts.font_bytes(key)))
    # and two memos filled as glyphs are met: character -> its own glyph, glyph -> its advance
    return hb.Font(face), face.upem, {}, {}


STAMP_EVERY = 1.0
"""Seconds a font file's version (its stamp) is trusted before the file is looked at again: a
picture measures thousands of texts, and finding and looking at the file for each cost more
than the measuring (``railprint serve``: ~5 % of a change's CPU). A face registered since is
looked up again at once."""
_stamps: dict[str, tuple[float, int, tuple]] = {}


def _font(key: str):
    now = time.monotonic()
    known = _stamps.get(key)
    if known is not None and now - known[0] < STAMP_EVERY and known[1] == fonts.registrations():
        return _hb_font(key, known[2])
    generation = fonts.registrations()
    path = fonts.font_path(key)
    try:
        stat = path.stat()
        stamp = (stat.st_mtime_ns, stat.st_size)
    except OSError:
        stamp = (0, 0)
    _stamps[key] = (now, generation, stamp)
    return _hb_font(key, stamp)


MAX_SHAPED = 100_000
"""Longest text HarfBuzz is given at once. HarfBuzz gives up on a long buffer once its operation
budget is spent (uharfbuzz raises MemoryError): a 1 MB player name drawn by ``--picture``, or a
text layer of ~600,000 characters, ended in a MemoryError traceback. A longer text is shaped in
pieces cut after a space (else every MAX_SHAPED characters) and joined; no real label is near."""


def _pieces(text: str) -> list[str]:
    """``text`` in pieces of at most :data:`MAX_SHAPED` characters, each cut after a space if it has one."""
    out, start = [], 0
    while len(text) - start > MAX_SHAPED:
        cut = text.rfind(" ", start + 1, start + MAX_SHAPED) + 1
        if cut <= start:
            cut = start + MAX_SHAPED
        out.append(text[start:cut])
        start = cut
    out.append(text[start:])
    return out


def shape(text: str, key: str = "regular") -> GlyphRun:
    """``text`` shaped in the font ``key`` (see :func:`railprint.text.fonts.face_key`)."""
    if len(text) <= CACHED_LEN:
        return _shape(text, key)
    if len(text) <= MAX_SHAPED:
        return _shape.__wrapped__(text, key)
    runs = [_shape.__wrapped__(piece, key) for piece in _pieces(text)]
    return GlyphRun(*(sum((getattr(run, field) for run in runs), ()) for field in GlyphRun._fields[:-2]),
                    sum(run.width for run in runs), runs[0].upm)


@lru_cache(maxsize=16384)
def _shape(text: str, key: str) -> GlyphRun:
    import uharfbuzz as hb

    font, upm, cmap, hmtx = _font(key)
    buf = hb.Buffer()
    buf.add_str(text)
    buf.guess_segment_properties()
    hb.shape(font, buf)   # the font's default features: kern, liga, clig, calt, ccmp, mark…
    infos, positions = buf.glyph_infos or [], buf.glyph_positions or []   # (None for an empty buffer)
    gids = [info.codepoint for info in infos]
    clusters = [info.cluster for info in infos]
    for gid in gids:
        if gid not in hmtx:
            hmtx[gid] = font.get_glyph_h_advance(gid)
    codes = list(map(ord, text))
    for code in codes:
        if code not in cmap:
            cmap[code] = font.get_nominal_glyph(code)
    if clusters == list(range(len(text))):
        # one glyph per character, in order (most text): each is its character's own glyph
        # unless a feature substituted it
        chars = [code if cmap[code] == gid else -1 for code, gid in zip(codes, gids)]
        texts = list(text)
    else:
        chars, texts = _clustered(text, gids, clusters, cmap)
    advances = tuple(p.x_advance for p in positions)
    return GlyphRun(tuple(gids), tuple(chars), tuple(texts), advances, tuple(hmtx[gid] for gid in gids),
                    tuple(p.x_offset for p in positions), tuple(p.y_offset for p in positions),
                    sum(advances), upm)


def _clustered(text: str, gids: list[int], clusters: list[int], cmap: dict) -> tuple[list, list]:
    """What each glyph stands for when glyphs and characters do not pair one to one."""
    # each cluster's characters: from its start to the next larger cluster start
    starts = sorted(set(clusters))
    ends = {start: end for start, end in zip(starts, starts[1:] + [len(text)])}
    chars, texts = [], []
    seen: set[int] = set()
    glyph_count: dict[int, int] = {}
    for cluster in clusters:
        glyph_count[cluster] = glyph_count.get(cluster, 0) + 1
    for gid, cluster in zip(gids, clusters):
        piece = text[cluster:ends[cluster]]
        first = cluster not in seen
        seen.add(cluster)
        own = -1
        # the glyph is a character's own glyph (the usual case; a base and its mark drawn as
        # two glyphs are each their own character's), unless it is the only glyph of several
        # characters (a ligature, a composed accent): then it stands for all of them
        if len(piece) == 1 or glyph_count[cluster] > 1:
            for ch in piece:
                if cmap[ord(ch)] == gid:
                    own = ord(ch)
                    break
        chars.append(own)
        texts.append(piece if first else "")
    return chars, texts


def units(text: str, key: str = "regular") -> int:
    """The advance of ``text`` in font units, kerning and ligatures included (the same sum as
    ``shape(text, key).width``, without working out what each glyph stands for)."""
    if len(text) <= CACHED_LEN:
        return _units(text, key)
    if len(text) <= MAX_SHAPED:
        return _units.__wrapped__(text, key)
    return sum(_units.__wrapped__(piece, key) for piece in _pieces(text))


@lru_cache(maxsize=16384)
def _units(text: str, key: str) -> int:
    import uharfbuzz as hb

    buf = hb.Buffer()
    buf.add_str(text)
    buf.guess_segment_properties()
    hb.shape(_font(key)[0], buf)
    return sum(p.x_advance for p in buf.glyph_positions or ())   # (None for an empty buffer)


def width(text: str, size: float, key: str = "regular") -> float:
    """The width of ``text`` set at ``size`` points in the font ``key``."""
    return units(text, key) * size / _font(key)[1]


def positions(text: str, size: float, key: str = "regular") -> list[float]:
    """The x of each glyph's origin (offsets included) from the start of ``text`` at ``size``."""
    run = shape(text, key)
    scale = size / run.upm
    out, x = [], 0
    for advance, offset in zip(run.advances, run.x_offsets):
        out.append((x + offset) * scale)
        x += advance
    return out
