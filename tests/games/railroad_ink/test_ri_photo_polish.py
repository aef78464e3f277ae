"""A refused photo said in Polish: `score railroad-ink --photo … --lang pl` and a Polish phone's
upload (`error_pl`) — the refusals were English on both (only a wrong expansion had its Polish)."""

from __future__ import annotations

import json
import re

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
    assert not_image.stderr == f"Error: {junk}: to nie jest plik obrazu (potrzebne zdjęcie JPEG, PNG, WebP, HEIC albo AVIF)\n"
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


# the uncertain spaces' reasons (photo/words.py): English words that must not be left in Polish
ENGLISH_WORDS = re.compile(r"\b(the|an|and|of|line|lines|space|photo|grid|marks|highway|railway|station|screen|"
                           r"sheet|centre|here|faint|noise|not|no|two|one)\b")


def _reader_reasons() -> list[str]:
    """Every reason the reader writes: its constants, each literal a side or a centre is flagged
    with (``SideRead(kind, False, "…")``, ``reasons + ["…"]``), and the built ones filled in."""
    import ast
    from pathlib import Path

    from railprint.games.railroad_ink.photo import bare_rail, centre, crossed, crossing_mark, four_way, kind_shape, legal, read
    from railprint.games.railroad_ink.photo import outlined_centre
    from railprint.games.railroad_ink.photo import two_tracks
    from railprint.games.railroad_ink.photo import erased, joins
    from railprint.games.railroad_ink.photo import night_lines
    from railprint.games.railroad_ink.photo import stray
    from railprint.games.railroad_ink.photo import cross_station
    from railprint.games.railroad_ink.photo import dropped
    from railprint.games.railroad_ink.photo import day_pens
    from railprint.games.railroad_ink.photo import stain_colour

    tree = ast.parse(Path(read.__file__).read_text(encoding="utf-8"))
    literals = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "SideRead" and len(node.args) == 3 \
                and isinstance(node.args[2], ast.Constant):
            literals.append(node.args[2].value)
        if isinstance(node, ast.BinOp) and isinstance(node.right, ast.List) and \
                getattr(node.left, "id", None) == "reasons":
            literals += [e.value for e in node.right.elts if isinstance(e, ast.Constant)]
    assert len(literals) >= 10, literals   # the walk still finds them
    return literals + [
        read.NEITHER, read.BROAD, read.SOLID_BAND, read.NOT_A_FACE, read.UNBLURRED_WHY, read.NOT_SEEN, read.ODD_EMPTY_WHY, read.NOISY_WHY,
        read.IN_THE_NOISE, read.filled_centre.FILLED_WHY, "E: a faint line? (within the noise measured along it); N: a few marks",
        read.IN_THE_NOISE, "E: a faint line? (within the noise measured along it); N: a few marks",
        crossing_mark.WHY, legal.NOT_A_FACE, four_way.WHY, outlined_centre.WHY, f"{read.HOLLOW_WHY}; {outlined_centre.WHY}",
        outlined_centre.ROUTE_WHY,
        *read.sheet_kinds.EXIT_WHY.values(), f"N: {read.sheet_kinds.EXIT_WHY['h']}; W: {read.sheet_kinds.EXIT_WHY['h']}",
        *read.sheet_kinds.SHAPE_WHY.values(), f"N: {read.sheet_kinds.SHAPE_WHY['h']}; E: {read.sheet_kinds.SHAPE_WHY['h']}",
        *read.exit_kinds.WHY.values(), f"N: {read.exit_kinds.WHY['h']}; S: {read.exit_kinds.WHY['h']}",
        centre.STATION_MARK, centre.NO_STATION_MARK, centre.BARE_RAILWAY, f"N: {read.NEITHER}; {centre.STATION_MARK}",
        f"W: {bare_rail.BARE_WHY}; highway and railway meet without a station", crossed.CROSSED_WHY,
        f"N: {two_tracks.WHY}; E: {two_tracks.WHY}",
        f"E: {erased.WHY['h']}; W: {erased.WHY['r']}", f"N: {joins.MEETS_OTHER}; W: {read.sheet_kinds.EXIT_WHY['r']}",
        f"S: a few marks; {joins.JOINS_NOTHING}",
        f"S: {stray.STRAY_WHY}; W: {stray.STRAY_WHY}", cross_station.RING_WHY,
        f"N: {dropped.DROPPED_WHY}; W: {dropped.DROPPED_WHY}", f"N: {stain_colour.STAIN_WHY}; W: {stain_colour.STAIN_WHY}",
        f"N: {day_pens.SHOWS_WHY}; S: {day_pens.SHOWS_WHY}",
        f"N: {night_lines.BESIDE_WHY}; W: {night_lines.EXIT_WHY['h']}", night_lines.EXIT_WHY["r"],
        *(f"S: {why}; highway and railway meet without a station" for why in (
            kind_shape.TWO_WHY, kind_shape.FULL_WHY, kind_shape.BAND_WHY, kind_shape.FLANK_WHY, kind_shape.RUNG_WHY)),
        *read.ink_colour.KIND_WHY.values(), f"N: {read.ink_colour.KIND_WHY['h']}; S: {read.ink_colour.KIND_WHY['.']}",
        "N: a faint line? (a motion-blurred photo, unblurred); W: a faint line? (a motion-blurred photo, unblurred)",
        "the printed grid is not where the corner marks put it (its lines were not found there)",
        "the printed grid's corner here is 1.3 mm off where it is read; the grid was warped up to 2.5 mm onto its lines",
        "the printed grid's corner here was not found; E: a few marks",
        "a small photo (the grid is 180 px wide; 252 or more reads with certainty)",
        read.faint_grid.SMALL_RAIL_WHY,
        "S: neither clearly a highway nor a railway; the paper is overexposed here (white clipped): a light line may be lost",
        f"{screen.DOUBT_WHY} (a periodic pattern in the paper's blank squares, 24)",
        f"{screen.DOUBT_WHY} (a screen's frame beside one side of the sheet, the sheet not centred in it)",
        f"{screen.DOUBT_WHY} (a screen's frame beside 2 sides of the sheet, 1.10 as wide as tall: no phone's or monitor's shape)",
        f"{screen.DOUBT_WHY} (a periodic pattern in the photo; too few blank squares to tell: 3)",
        f"{screen.DOUBT_WHY} (a screen's frame round the sheet, not square to it: a photo shown on a screen)",
        f"{screen.DOUBT_WHY} (straight edges round the sheet in another plane than its own, 6 degrees off)",
    ]


def test_every_reason_the_reader_gives_is_said_in_polish():
    from railprint.games.railroad_ink.photo.words import reason_in

    for reason in _reader_reasons():
        polish = reason_in(reason, "pl")
        assert not ENGLISH_WORDS.search(polish), (reason, polish)
        assert reason_in(reason) == reason
        assert re.findall(r"\d+(?:\.\d+)?", polish) == re.findall(r"\d+(?:\.\d+)?", reason), (reason, polish)
    assert reason_in("N: a few marks; centre: a station?", "pl") == "północ: kilka kresek; środek: stacja?"


def test_score_lang_pl_says_the_uncertain_spaces_in_polish(tmp_path):
    from railprint.games.railroad_ink.photo import synth

    photo = tmp_path / "ala.jpg"
    photo.write_bytes(synth.make_photo(123, megapixels=3).jpeg)
    polish = run("score", "railroad-ink", "--photo", str(photo), "--lang", "pl")
    english = run("score", "railroad-ink", "--photo", str(photo))
    assert polish.exit_code == english.exit_code == 3, polish.output
    listed = polish.stdout.split("Niepewne pola (najlepsze odczytanie; sprawdź je na arkuszu): ")[1].splitlines()
    assert int(listed[0]) == len(listed) - 1 >= 1, listed
    for line in listed[1:]:
        reason = line.split(maxsplit=2)[2]
        assert not ENGLISH_WORDS.search(reason), line
    said = english.stdout.split("Uncertain spaces (best guess; check them on the sheet): ")[1].splitlines()
    assert [line.split()[:2] for line in said[1:]] == [line.split()[:2] for line in listed[1:]]
    as_json = run("score", "railroad-ink", "--photo", str(photo), "--json", "--lang", "pl")
    assert "a " in json.loads(as_json.stdout)["uncertain"][0]["reason"]   # the JSON keeps the reader's words
