"""Railroad Ink's *Take a photo* on a phone opened with ``?poll=0`` (no push, no polling): the
board read from the photo shows on that phone at once, from the upload's own answer — it showed
only when a push came, which such a phone never gets — and on the other phones by the push."""

from __future__ import annotations

import pytest

pytest.importorskip("cv2")

from railprint.games.railroad_ink.photo.read import read_photo  # noqa: E402
from railprint.games.railroad_ink.photo.synth import make_photo  # noqa: E402
from tests.serve.pages import open_room, phones, traffic_on_failure, who  # noqa: E402

TOKENS = "cells => cells.map(c => c.dataset.token)"


def test_a_phone_without_push_shows_the_board_its_photo_filled_in(browser, server, tmp_path):
    photo = make_photo(7, megapixels=3.0)   # a dev seed
    reading = read_photo(photo.jpeg)
    want = ["." if c.empty else c.token for row in reading.board.rows for c in row]
    assert sum(t != "." for t in want) > 10
    base, _ = server
    contexts, (ala, bartek), errors = phones(browser)
    with traffic_on_failure(ala=ala, bartek=bartek):
        url = open_room(ala, base, "railroad-ink", ["Ala", "Bartek"], query="?poll=0&lang=pl")
        bartek.goto(url)   # the push, as every phone has it
        who(bartek, "Ala")
        ala.locator("#ri-photo-button").wait_for()
        src = tmp_path / "arkusz.jpg"
        src.write_bytes(photo.jpeg)
        ala.locator("#ri-photo-file").set_input_files(str(src))
        # the note says the reading is done once the answer came: the board is on the screen by then
        ala.wait_for_function("!['', 'Czytam zdjęcie…'].includes(document.getElementById('ri-photo-note').textContent)",
                              timeout=60_000)
        assert ala.locator("body").get_attribute("data-version") == "1"
        assert ala.eval_on_selector_all(".ri-cell[data-square]", TOKENS) == want
        bartek.wait_for_selector("body[data-version='1']")
        assert bartek.eval_on_selector_all(".ri-cell[data-square]", TOKENS) == want
        assert not errors, errors
    for context in contexts:
        context.close()
