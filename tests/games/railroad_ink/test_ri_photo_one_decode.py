"""Round seventeen (issue 35, CPU): a plain PNG is decoded once (``photo/one_decode.py``); its
grey copy and its half-size colour copy are what their own decodes gave, byte for byte."""

from __future__ import annotations

import zlib

import cv2
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from railprint.games.railroad_ink.photo import one_decode


def _png(image: np.ndarray) -> bytes:
    ok, buf = cv2.imencode(".png", image)
    assert ok
    return buf.tobytes()


def _with_chunk(data: bytes, kind: bytes, body: bytes) -> bytes:
    """``data`` with one more chunk right after IHDR."""
    chunk = len(body).to_bytes(4, "big") + kind + body + zlib.crc32(kind + body).to_bytes(4, "big")
    return data[:33] + chunk + data[33:]


def _same_as_own_decodes(data: bytes) -> None:
    buf = np.frombuffer(data, np.uint8)
    grey, kept = one_decode.decode(data)
    want = cv2.imdecode(buf, cv2.IMREAD_GRAYSCALE)
    assert grey.dtype == want.dtype and grey.shape == want.shape and np.array_equal(grey, want)
    assert np.array_equal(one_decode.grey(data), grey)
    assert (kept is not None) == one_decode.plain_png(data)   # a plain PNG's copy comes with its grey one
    want = cv2.imdecode(buf, cv2.IMREAD_REDUCED_COLOR_2)
    for half in (one_decode.half_colour(data, kept), one_decode.half_colour(data)):
        assert half.dtype == want.dtype and half.shape == want.shape and np.array_equal(half, want)


def test_every_colour_greys_as_libpng_greys_it():
    """Each of the 2^24 colours, in rows of an odd width (4097: the vector loops' tails too)."""
    every = np.arange(1 << 24, dtype=np.uint32)
    every = np.concatenate([every, every[:4097 * 4096 - every.size]])
    image = np.stack([every >> 16, (every >> 8) & 255, every & 255], -1).astype(np.uint8).reshape(4096, 4097, 3)
    data = _png(image)
    assert one_decode.plain_png(data)
    _same_as_own_decodes(data)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(2, 61), st.integers(2, 61), st.sampled_from(["noise", "grey", "flat"]))
def test_small_pngs_decode_as_before(seed, h, w, kind):
    rng = np.random.default_rng(seed)
    image = rng.integers(0, 256, (h, w, 3), dtype=np.uint8)
    if kind == "grey":
        image[:] = image[..., :1]
    elif kind == "flat":
        image[:] = image[0, 0]
    data = _png(image)
    assert one_decode.plain_png(data)
    _same_as_own_decodes(data)


def test_other_photos_are_decoded_as_before():
    rng = np.random.default_rng(7)
    image = rng.integers(0, 256, (40, 52, 3), dtype=np.uint8)
    plain = _png(image)
    others = {"gAMA": _with_chunk(plain, b"gAMA", (45455).to_bytes(4, "big")),
              "sRGB": _with_chunk(plain, b"sRGB", b"\x00"),
              "eXIf": _with_chunk(plain, b"eXIf", b"MM\x00*\x00\x00\x00\x08\x00\x00"),
              "tEXt": _with_chunk(plain, b"tEXt", b"Software\x00x"),
              "grey PNG": _png(image[..., 0]), "RGBA PNG": _png(np.dstack([image, image[..., :1]])),
              "16-bit PNG": _png(image.astype(np.uint16) * 257),
              "JPEG": cv2.imencode(".jpg", image)[1].tobytes()}
    for name, data in others.items():
        assert not one_decode.plain_png(data), name
        _same_as_own_decodes(data)
    truncated = plain[:60]   # plain as far as its chunks go: its own decode fails, as before
    assert one_decode.plain_png(truncated) and one_decode.grey(truncated) is None
    assert cv2.imdecode(np.frombuffer(truncated, np.uint8), cv2.IMREAD_GRAYSCALE) is None


def test_no_copy_is_kept_between_photos():
    """Round eighteen: the colour copy is handed back with the grey one, never kept in the module
    (round seventeen kept one photo's in a locked global): two photos decoded in turn each give
    their own, and the module holds no array."""
    rng = np.random.default_rng(3)
    a, b = (_png(rng.integers(0, 256, (30, 40, 3), dtype=np.uint8)) for _ in range(2))
    _, half_a = one_decode.decode(a)
    _, half_b = one_decode.decode(b)    # a later photo's decode leaves a's copy as it was
    assert np.array_equal(half_a, cv2.imdecode(np.frombuffer(a, np.uint8), cv2.IMREAD_REDUCED_COLOR_2))
    assert np.array_equal(half_b, cv2.imdecode(np.frombuffer(b, np.uint8), cv2.IMREAD_REDUCED_COLOR_2))
    held = [name for name, value in vars(one_decode).items()
            if isinstance(value, (np.ndarray, tuple)) and not name.isupper()]   # (GREY: a constant)
    assert held == []


def test_a_png_photo_is_decoded_once(monkeypatch):
    """A 12 MP-like PNG photo read whole: one decode of its pixels (main: a grey decode and a colour
    one). Synth dev 910,118 as the field set's PNG at 1 MP."""
    from railprint.games.railroad_ink.photo import field
    from railprint.games.railroad_ink.photo.read import read_photo

    data = field.field_photo(910_118, "png", 1.0).jpeg
    assert data.startswith(one_decode.PNG_HEAD) and one_decode.plain_png(data)
    calls = []
    real = cv2.imdecode

    def counted(buf, flags):
        if len(buf) == len(data):
            calls.append(flags)
        return real(buf, flags)

    monkeypatch.setattr(cv2, "imdecode", counted)
    reading = read_photo(data, "png")
    assert len(reading.board.rows) == 7
    assert calls == [cv2.IMREAD_COLOR]


def test_a_small_plain_pngs_whole_colour_decode_is_kept(monkeypatch):
    """Round twenty-five: a small photo's colours are read at full size (``small_colour``); a plain PNG
    of at most KEEP_FULL pixels hands its whole colour decode back with its grey one, a larger one or
    any other photo none (it is decoded again only when wanted)."""
    rng = np.random.default_rng(5)
    image = rng.integers(0, 256, (30, 40, 3), dtype=np.uint8)
    data = _png(image)
    grey, half, full = one_decode.decode_kept(data)
    assert np.array_equal(full, cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR))
    assert np.array_equal(grey, one_decode.grey(data)) and np.array_equal(half, one_decode.decode(data)[1])
    monkeypatch.setattr(one_decode, "KEEP_FULL", 30 * 40 - 1)
    assert one_decode.decode_kept(data)[2] is None and one_decode.decode_kept(data)[1] is not None
    ok, jpeg = cv2.imencode(".jpg", image)
    assert one_decode.decode_kept(jpeg.tobytes())[1:] == (None, None)
