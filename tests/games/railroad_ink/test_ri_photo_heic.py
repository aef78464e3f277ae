"""HEIC/HEIF and AVIF photos (issue 35: what an iPhone saves by default, what AirDrop hands a
Mac): read as the same photo saved as JPEG is, turned upright by the file's irot/imir, its
primary image; a damaged or too large one refused before it is decoded, one line and exit 1;
and through the phone page's upload. The photos are dev seeds 935,000-939,999, encoded here
with pillow-heif (HEIC) and Pillow (AVIF)."""

from __future__ import annotations

import builtins
import io
import json
import struct
from functools import lru_cache

import pytest
from typer.testing import CliRunner

cv2 = pytest.importorskip("cv2")
np = pytest.importorskip("numpy")
pillow_heif = pytest.importorskip("pillow_heif")

from PIL import Image  # noqa: E402

from railprint.cli import app  # noqa: E402
from railprint.games.railroad_ink.notation import parse  # noqa: E402
from railprint.games.railroad_ink.photo import decode, read  # noqa: E402
from railprint.games.railroad_ink.photo.read import PhotoError, read_photo  # noqa: E402
from railprint.games.railroad_ink.photo.synth import DEV_SEEDS, make_photo  # noqa: E402

SEED = 935_001
runner = CliRunner()
T = Image.Transpose
STORED = {2: T.FLIP_LEFT_RIGHT, 3: T.ROTATE_180, 4: T.FLIP_TOP_BOTTOM, 5: T.TRANSPOSE, 6: T.ROTATE_90,
          7: T.TRANSVERSE, 8: T.ROTATE_270}
"""EXIF orientation -> how a camera stores an upright picture that says it (the inverse of what a
viewer does to show it: 6 'rotate 90 clockwise to show' is stored turned 90 anticlockwise)."""


@lru_cache(maxsize=None)
def _photo():
    assert SEED in DEV_SEEDS
    return make_photo(SEED, megapixels=3.0)


@lru_cache(maxsize=None)
def _upright() -> Image.Image:
    bgr = cv2.imdecode(np.frombuffer(_photo().jpeg, np.uint8), cv2.IMREAD_COLOR)
    return Image.fromarray(cv2.cvtColor(bgr, cv2.COLOR_BGR2RGB))


def _exif(orientation: int) -> bytes:
    exif = Image.Exif()
    exif[0x0112] = orientation
    return exif.tobytes()


def _heic(image: Image.Image, orientation: int = 1) -> bytes:
    heif = pillow_heif.from_pillow(image.transpose(STORED[orientation]) if orientation != 1 else image)
    if orientation != 1:
        heif.info["exif"] = _exif(orientation)   # pillow-heif writes it as irot/imir
    buf = io.BytesIO()
    heif.save(buf, quality=90)
    return buf.getvalue()


def _avif(image: Image.Image, orientation: int = 1) -> bytes:
    buf = io.BytesIO()
    stored = image.transpose(STORED[orientation]) if orientation != 1 else image
    stored.save(buf, "AVIF", quality=90, **({"exif": _exif(orientation)} if orientation != 1 else {}))
    return buf.getvalue()


ENCODE = {"heic": _heic, "avif": _avif}


@lru_cache(maxsize=None)
def _encoded(kind: str, orientation: int = 1) -> bytes:
    return ENCODE[kind](_upright(), orientation)


@lru_cache(maxsize=None)
def _read(data: bytes):
    return read_photo(data)


def _jpeg_grey() -> np.ndarray:
    return cv2.imdecode(np.frombuffer(_photo().jpeg, np.uint8), cv2.IMREAD_GRAYSCALE)


def _wrong(truth, board) -> set[str]:
    return {f"{'ABCDEFG'[r]}{c + 1}" for r in range(7) for c in range(7) if truth.rows[r][c] != board.rows[r][c]}


@pytest.mark.parametrize("kind", ["heic", "avif"])
def test_a_heic_or_avif_photo_reads_to_the_board_its_jpeg_reads_to(kind):
    data = _encoded(kind)
    assert decode.container(data) == kind.upper()
    grey = read._decode(data)
    assert grey.shape == _jpeg_grey().shape and grey.dtype == np.uint8
    assert np.abs(grey.astype(int) - _jpeg_grey()).mean() < 1.5   # the same picture, re-encoded
    got, jpeg = _read(data), _read(_photo().jpeg)
    assert got.board == jpeg.board
    assert _wrong(_photo().board, got.board) <= {u.square for u in got.uncertain}


@pytest.mark.parametrize("kind", ["heic", "avif"])
@pytest.mark.parametrize("orientation", [2, 3, 4, 5, 6, 7, 8])
def test_a_photo_stored_turned_is_turned_upright_by_its_irot_and_imir(kind, orientation):
    data = _encoded(kind, orientation)
    # the file says it in its own boxes: irot for a turn, imir for a mirror
    assert (b"irot" in data) == (orientation in (3, 5, 6, 7, 8))
    assert (b"imir" in data) == (orientation in (2, 4, 5, 7))
    grey = read._decode(data)
    assert grey.shape == _jpeg_grey().shape
    assert np.abs(grey.astype(int) - _jpeg_grey()).mean() < 1.5


@pytest.mark.parametrize("kind", ["heic", "avif"])
def test_a_photo_stored_sideways_reads_to_the_same_board(kind):
    assert _read(_encoded(kind, 6)).board == _read(_photo().jpeg).board


def test_a_heic_of_several_images_gives_its_primary_one():
    # a burst: another picture first, the sheet the primary image; each with a thumbnail
    heif = pillow_heif.from_pillow(Image.new("RGB", (1200, 900), (90, 120, 200)))
    heif.add_from_pillow(_upright())
    heif[0].info["thumbnails"] = [128]
    heif[1].info["thumbnails"] = [256]
    buf = io.BytesIO()
    heif.save(buf, quality=90, primary_index=1)
    data = buf.getvalue()
    assert len(pillow_heif.open_heif(io.BytesIO(data))) == 2
    assert read._decode(data).shape == _jpeg_grey().shape
    assert _read(data).board == _read(_photo().jpeg).board


def test_the_container_is_told_by_its_brands():
    assert decode.container(b"\0\0\0\x18ftypheic\0\0\0\0mif1heic") == "HEIC"
    assert decode.container(b"\0\0\0\x18ftypmif1\0\0\0\0mif1avif") == "AVIF"
    assert decode.container(b"\0\0\0\x18ftypmif1\0\0\0\0mif1heic") == "HEIC"
    assert decode.container(b"\0\0\0\x18ftypisom\0\0\0\0isommp41") is None
    assert decode.container(b"\xff\xd8\xff\xe0") is None


# --------------------------------------------------------------------------- the CLI


def _score(*args):
    return runner.invoke(app, ["score", "railroad-ink", *args])


@pytest.mark.parametrize("kind", ["heic", "avif"])
def test_cli_reads_a_heic_or_avif_photo_and_draws_over_it(tmp_path, kind):
    src = tmp_path / f"IMG_0001.{kind}"
    src.write_bytes(_encoded(kind))
    out = tmp_path / "read.png"
    result = _score("--photo", str(src), "--json", "--debug-image", str(out))
    data = json.loads(result.stdout)
    assert result.exit_code == (3 if data["uncertain"] else 0), result.output
    assert parse(data["board"]) == _read(_photo().jpeg).board
    image = cv2.imdecode(np.frombuffer(out.read_bytes(), np.uint8), cv2.IMREAD_COLOR)
    assert image.shape[:2] == (_photo().height, _photo().width)


@pytest.mark.parametrize("kind", ["heic", "avif"])
def test_the_debug_image_is_drawn_over_the_photo_upright(kind):
    # OpenCV cannot decode a HEIC, and decodes an AVIF without its irot (a sideways photo stayed
    # sideways under the grid drawn upright): the debug image is drawn over what decode.py gives
    from railprint.games.railroad_ink.photo.report import debug_png

    reading = _read(_photo().jpeg)
    drawn = [cv2.imdecode(np.frombuffer(debug_png(data, reading), np.uint8), cv2.IMREAD_COLOR).astype(int)
             for data in (_photo().jpeg, _encoded(kind, 6))]
    assert drawn[0].shape == drawn[1].shape
    assert np.abs(drawn[0] - drawn[1]).mean() < 1.5


def _one_line_exit_1(result, *needles):
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, lines
    for needle in needles:
        assert needle in lines[0], lines[0]
    return lines[0]


@pytest.mark.parametrize("kind", ["heic", "avif"])
@pytest.mark.parametrize("damage", ["cut in half", "garbage after the header", "first 600 bytes"])
def test_cli_refuses_a_damaged_heic_or_avif_in_one_line(tmp_path, kind, damage):
    data = _encoded(kind)
    bad = {"cut in half": data[:len(data) // 2], "garbage after the header": data[:32] + bytes(range(256)) * 8,
           "first 600 bytes": data[:600]}[damage]
    src = tmp_path / f"IMG_0002.{kind}"
    src.write_bytes(bad)
    line = _one_line_exit_1(_score("--photo", str(src)), str(src), kind.upper())
    assert "damaged or truncated" in line


def _claiming(data: bytes, width: int, height: int) -> bytes:
    """``data`` whose one ``ispe`` box (the image's size) says ``width`` x ``height``."""
    assert data.count(b"ispe") == 1
    at = data.index(b"ispe") + 8   # past the box type and its version and flags
    return data[:at] + struct.pack(">II", width, height) + data[at + 8:]


@pytest.mark.parametrize("kind", ["heic", "avif"])
def test_a_header_claiming_too_many_pixels_is_refused_before_decoding(tmp_path, kind, monkeypatch):
    small = ENCODE[kind](Image.new("RGB", (1000, 800), (200, 200, 200)))   # even sides: no clap box
    big = _claiming(small, 12000, 9000)
    monkeypatch.setattr(decode.Opened, "_pixels", lambda *a: pytest.fail("decoded"))
    with pytest.raises(PhotoError, match="the photo has 108 megapixels; the limit is 50"):
        read_photo(big)
    src = tmp_path / f"IMG_0003.{kind}"
    src.write_bytes(big)
    _one_line_exit_1(_score("--photo", str(src)), str(src), "108 megapixels")
    src.write_bytes(_claiming(small, 60000, 60000))   # over libheif's and libavif's own limits too
    _one_line_exit_1(_score("--photo", str(src)), str(src))


def test_a_missing_pillow_heif_names_the_install_command(tmp_path, monkeypatch):
    real = builtins.__import__

    def fake(name, *args, **kwargs):
        if name == "pillow_heif":
            raise ImportError("no pillow_heif")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", fake)
    src = tmp_path / "IMG_0004.HEIC"
    src.write_bytes(_encoded("heic"))
    _one_line_exit_1(_score("--photo", str(src)), str(src), "pillow-heif", "pip install 'railprint[photo]'")


# --------------------------------------------------------------------------- the phone page


def _room(client) -> str:
    answer = client.post("/api/rooms", json={"game": "railroad-ink", "players": ["Ala"],
                                             "setup": {"expansion": "none"}})
    assert answer.status_code == 200, answer.text
    return answer.json()["room"]["id"]


@pytest.mark.parametrize("kind, content_type", [("heic", "image/heic"), ("avif", "image/avif"),
                                                ("heic", "image/jpeg")])   # a picker that sent no type
def test_the_phone_page_upload_of_a_heic_or_avif_fills_the_board(client, kind, content_type):
    ident = _room(client)
    answer = client.post(f"/api/rooms/{ident}/photos/Ala?version=0", content=_encoded(kind),
                         headers={"Content-Type": content_type})
    assert answer.status_code == 200, answer.text
    data = answer.json()
    reading = _read(_encoded(kind))
    assert reading.board == _read(_photo().jpeg).board
    assert data["room"]["parts"]["player:Ala"]["cells"] == ["." if c.empty else c.token
                                                          for row in reading.board.rows for c in row]
    assert [u["square"] for u in data["photo"]["uncertain"]] == [u.square for u in reading.uncertain]


def test_the_phone_page_upload_of_a_damaged_heic_is_refused_with_its_line(client):
    ident = _room(client)
    data = _encoded("heic")
    answer = client.post(f"/api/rooms/{ident}/photos/Ala?version=0", content=data[:len(data) // 2],
                         headers={"Content-Type": "image/heic"})
    assert answer.status_code == 400
    assert "HEIC photo could not be decoded" in answer.json()["error"]
    assert client.get(f"/api/rooms/{ident}").json()["room"]["version"] == 0
