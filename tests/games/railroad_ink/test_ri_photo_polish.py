"""A refused photo said in Polish: `score railroad-ink --photo … --lang pl` and a Polish phone's
upload (`error_pl`) — the refusals were English on both (only a wrong expansion had its Polish)."""

from __future__ import annotations

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from railprint.games.railroad_ink.photo import screen  # noqa: E402
from railprint.games.railroad_ink.photo.read import PhotoError, read_photo  # noqa: E402
from tests.helpers import run_cli as run  # noqa: E402


@pytest.fixture(scope="module")
def blank_jpeg() -> bytes:
    """Paper with nothing printed on it: no registration marks."""
    ok, buf = cv2.imencode(".jpg", np.full((1200, 1600), 230, np.uint8))
    assert ok
    return buf.tobytes()


def test_score_lang_pl_says_a_refused_photo_in_polish(tmp_path, blank_jpeg):
    blank = tmp_path / "ala.jpg"
    blank.write_bytes(blank_jpeg)
    junk = tmp_path / "bartek.jpg"
    junk.write_bytes(b"not an image at all")
    polish = run("score", "railroad-ink", "--photo", str(blank), "--lang", "pl")
    assert polish.exit_code == 1
    assert polish.stderr.startswith(f"Error: {blank}: nie znaleziono znaczników: czy to arkusz Kolejowego szlaku"), \
        polish.stderr
    assert "no registration marks" not in polish.stderr
    english = run("score", "railroad-ink", "--photo", str(blank))
    assert english.exit_code == 1 and english.stderr.startswith(f"Error: {blank}: no registration marks found"), \
        english.stderr
    not_image = run("score", "railroad-ink", "--photo", str(junk), "--lang", "pl")
    assert not_image.exit_code == 1
    assert not_image.stderr == f"Error: {junk}: to nie jest plik obrazu (potrzebne zdjęcie JPEG, PNG albo WebP)\n"
    debug = run("score", "railroad-ink", "--photo", str(blank), "--debug-image", str(tmp_path / "x.jpg"),
                "--lang", "pl")
    assert debug.exit_code == 1 and "zapisz go jako plik .png" in debug.stderr, debug.stderr


def test_every_refusal_the_reader_raises_has_its_polish(blank_jpeg):
    """Each photo refusal a player meets carries ``pl`` (the serve page shows it as ``error_pl``)."""
    for data in (blank_jpeg, b"", b"GIF89a" + bytes(100), b"\xff\xd8\xff" + bytes(50)):
        with pytest.raises(PhotoError) as caught:
            read_photo(data)
        assert caught.value.pl and caught.value.pl != caught.value.message, caught.value
    assert screen.MESSAGE_PL.startswith("to zdjęcie ekranu")


def test_a_polish_phone_is_told_a_refused_upload_in_polish(client, blank_jpeg):
    room = client.post("/api/rooms", json={"game": "railroad-ink", "players": ["Ala"], "setup": {}}).json()["room"]
    answer = client.post(f"/api/rooms/{room['id']}/photos/Ala?version=0", content=blank_jpeg,
                         headers={"Content-Type": "image/jpeg"})
    assert answer.status_code == 400, answer.text
    said = answer.json()
    assert "no registration marks" in said["error"]
    assert said["error_pl"].startswith("nie znaleziono znaczników"), said
