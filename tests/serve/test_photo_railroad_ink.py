"""A photo of a Railroad Ink sheet through `railprint serve`: the upload endpoint (raw image body,
its own size limit, not JSON) pre-fills the player's board and lists the uncertain spaces; the
page's "Take a photo" button sends the camera's file and outlines the spaces to check."""

from __future__ import annotations

from functools import lru_cache

import pytest

pytest.importorskip("cv2")

from railprint.games.railroad_ink.photo.read import read_photo  # noqa: E402
from railprint.games.railroad_ink.photo.synth import make_photo  # noqa: E402
from railprint.serve import app as serve_app  # noqa: E402
from tests.serve.pages import open_room  # noqa: E402


@lru_cache(maxsize=None)
def _photo():
    return make_photo(41, megapixels=3.0)


def _room(client, expansion="none"):
    answer = client.post("/api/rooms", json={"game": "railroad-ink", "players": ["Ala", "Bartek"],
                                             "setup": {"expansion": expansion}})
    assert answer.status_code == 200, answer.text
    return answer.json()["room"]["id"]


def test_a_photo_upload_fills_the_players_board_and_lists_the_uncertain_spaces(client):
    ident = _room(client)
    photo = _photo()
    answer = client.post(f"/api/rooms/{ident}/photos/Bartek?version=0", content=photo.jpeg,
                         headers={"Content-Type": "image/jpeg"})
    assert answer.status_code == 200, answer.text
    data = answer.json()
    reading = read_photo(photo.jpeg)
    cells = data["room"]["parts"]["player:Bartek"]["cells"]
    assert cells == ["." if c.empty else c.token for row in reading.board.rows for c in row]
    assert data["room"]["parts"]["player:Ala"]["cells"] == ["."] * 49
    assert [u["square"] for u in data["photo"]["uncertain"]] == [u.square for u in reading.uncertain]
    assert data["room"]["version"] == 1


def test_each_uncertain_space_comes_with_its_polish_reason_its_sides_and_its_rank(client):
    """The phone page shows the likeliest wrong first (``rank`` 1), red (``likely``), the sides in
    doubt marked (``sides``) and the reason in the phone's language (round sixteen)."""
    from railprint.games.railroad_ink.photo.check_order import LIKELY, in_order, sides
    from railprint.games.railroad_ink.photo.words import reason_in

    ident = _room(client)
    photo = _photo()
    answer = client.post(f"/api/rooms/{ident}/photos/Ala?version=0", content=photo.jpeg,
                         headers={"Content-Type": "image/jpeg"})
    assert answer.status_code == 200, answer.text
    got = {u["square"]: u for u in answer.json()["photo"]["uncertain"]}
    ordered = in_order(read_photo(photo.jpeg).uncertain)
    assert ordered and len(got) == len(ordered)
    for rank, (u, share) in enumerate(ordered, 1):
        item = got[u.square]
        assert item["rank"] == rank and item["likely"] == (share >= LIKELY), (item, share)
        assert item["reason"] == u.reason and item["reason_pl"] == reason_in(u.reason, "pl")
        assert item["sides"] == sides(u.reason)


def test_photo_uploads_are_checked(client, monkeypatch):
    ident = _room(client)
    jpeg = _photo().jpeg
    as_json = client.post(f"/api/rooms/{ident}/photos/Ala?version=0", json={"cells": []})
    assert as_json.status_code == 415
    no_version = client.post(f"/api/rooms/{ident}/photos/Ala", content=jpeg, headers={"Content-Type": "image/jpeg"})
    assert no_version.status_code in (400, 409) and "version" in no_version.text
    nobody = client.post(f"/api/rooms/{ident}/photos/Celina?version=0", content=jpeg,
                         headers={"Content-Type": "image/jpeg"})
    assert nobody.status_code == 400 and "Celina" in nobody.text
    junk = client.post(f"/api/rooms/{ident}/photos/Ala?version=0", content=b"not an image",
                       headers={"Content-Type": "image/jpeg"})
    assert junk.status_code == 400 and "not an image" in junk.text
    lava = _room(client, "lava")
    other = client.post(f"/api/rooms/{lava}/photos/Ala?version=0", content=jpeg, headers={"Content-Type": "image/jpeg"})
    assert other.status_code == 400 and "this room plays lava" in other.text
    # the photo endpoint's own limit, and the JSON endpoints keep theirs
    monkeypatch.setattr(serve_app, "MAX_PHOTO", 1000)
    big = client.post(f"/api/rooms/{ident}/photos/Ala?version=0", content=jpeg, headers={"Content-Type": "image/jpeg"})
    assert big.status_code == 413


def test_the_take_a_photo_button_sends_the_file_and_outlines_the_doubtful_spaces(browser, server, tmp_path):
    base, _ = server
    page = browser.new_page(viewport={"width": 360, "height": 740})
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    open_room(page, base, "railroad-ink", ["Ala"])
    page.wait_for_selector("#ri-photo")
    assert page.locator("#ri-photo-file").get_attribute("accept") == "image/*,.heic,.heif,.avif"   # issue 35: HEIC
    assert page.locator("#ri-photo-file").get_attribute("capture") == "environment"
    photo = _photo()
    src = tmp_path / "sheet.jpg"
    src.write_bytes(photo.jpeg)
    page.locator("#ri-photo-file").set_input_files(str(src))
    page.wait_for_selector("body[data-version='1']", timeout=60000)
    reading = read_photo(photo.jpeg)
    page.wait_for_function("document.querySelector('#ri-photo-note').textContent.length > 0 && "
                           "!document.querySelector('#ri-photo-note').textContent.includes('…')")
    tokens = page.eval_on_selector_all(".ri-cell[data-square]", "cells => cells.map(c => c.dataset.token)")
    assert tokens == ["." if c.empty else c.token for row in reading.board.rows for c in row]
    want = sorted(u.square for u in reading.uncertain)
    page.wait_for_function(f"document.querySelectorAll('.ri-cell.ri-doubt').length === {len(want)}")
    outlined = page.eval_on_selector_all(".ri-cell.ri-doubt", "cells => cells.map(c => c.dataset.square)")
    assert sorted(outlined) == want
    page.screenshot(path=str(tmp_path / "photo.png"))
    assert not errors


def test_a_photo_of_a_screen_is_refused_with_the_clis_message(client, browser, server, tmp_path, screen_photo):
    from railprint.games.railroad_ink.photo import screen

    jpeg = screen_photo(9).jpeg   # in focus: its pixel grid shows (test_ri_photo_screen.py; made once a run)
    ident = _room(client)
    answer = client.post(f"/api/rooms/{ident}/photos/Ala?version=0", content=jpeg, headers={"Content-Type": "image/jpeg"})
    assert answer.status_code == 400
    assert answer.json()["error"] == f"{screen.MESSAGE} ({screen.HINT})"
    # the phone page's "Take a photo" shows that line, and the board stays as it was
    base, _ = server
    page = browser.new_page(viewport={"width": 360, "height": 740})
    open_room(page, base, "railroad-ink", ["Ala"])
    page.wait_for_selector("#ri-photo")
    src = tmp_path / "screen.jpg"
    src.write_bytes(jpeg)
    page.locator("#ri-photo-file").set_input_files(str(src))
    page.wait_for_function("document.querySelector('#ri-photo-note').textContent.includes('screen')", timeout=60000)
    note = page.locator("#ri-photo-note").text_content()
    assert screen.MESSAGE in note and "railprint sheet railroad-ink" in note
    assert page.locator("body").get_attribute("data-version") == "0"
    page.screenshot(path=str(tmp_path / "screen.png"))
    page.close()
