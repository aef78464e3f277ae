"""Railroad Ink's page helpers through the API: a printed sheet's rolls for a seed (the rolls
``railprint roll`` prints), and the pictures the page draws — the scored picture's own
pictograms, craters and volcanoes included."""

from __future__ import annotations

import pytest

from railprint.games.railroad_ink.model import load_dice
from railprint.games.railroad_ink.pictograms import CRATER, VOLCANO, draw_space
from railprint.games.railroad_ink.picture import CELL
from railprint.games.railroad_ink.rollwrite import roll_game
from railprint.scene import Document, Page
from railprint.writers import render


def room(client, expansion: str = "none") -> str:
    answer = client.post("/api/rooms", json={"game": "railroad-ink", "players": ["Ala"], "setup": {"expansion": expansion}})
    assert answer.status_code == 200, answer.text
    return answer.json()["room"]["id"]


def cli_picture(token: str) -> str:
    """The space as ``railprint score --picture`` draws it (pictograms.draw_space), alone in its square."""
    return render(Document((Page(CELL, CELL, (draw_space(token, CELL),)),), title=""), "svg")[0].decode()


@pytest.mark.parametrize("expansion", ["none", "meteor", "lava"])
def test_the_rolls_of_a_seed_are_rollwrites_for_the_rooms_expansion(client, expansion):
    ident = room(client, expansion)
    answer = client.post(f"/api/rooms/{ident}/actions/rolls", json={"seed": "123456"})
    assert answer.status_code == 200, answer.text
    got = answer.json()
    assert (got["seed"], got["expansion"]) == (123456, expansion)
    want = roll_game(load_dice(), 123456, expansion)
    assert len(got["rounds"]) == len(want.rounds) == (7 if expansion == "none" else 6)
    for rnd, expected in zip(got["rounds"], want.rounds):
        assert [(d["die"], d["copy"], d["face"], d["name"]["en"], d["name"]["pl"]) for d in rnd["dice"]] == \
            [(r.die, r.copy, r.face.id, r.face.name.en, r.face.name.pl) for r in expected.all]
        for die, roll in zip(rnd["dice"], expected.all):
            if roll.face.route is not None:
                assert die["picture"] == cli_picture(die["token"])
            else:
                assert die["token"] is None and die["picture"].startswith("<svg")
    # a number typed as a number gives the same rolls
    assert client.post(f"/api/rooms/{ident}/actions/rolls", json={"seed": 123456}).json() == got


@pytest.mark.parametrize("seed", ["12a", "-1", "", " ", "99999999999999999999", True, None, [1], 2**63])
def test_a_seed_that_is_not_one_is_a_400(client, seed):
    ident = room(client)
    answer = client.post(f"/api/rooms/{ident}/actions/rolls", json={"seed": seed})
    assert answer.status_code == 400 and "seed" in answer.json()["error"], answer.text


def test_craters_and_volcanoes_are_drawn_as_the_scored_picture_draws_them(client):
    ident = room(client, "meteor")
    answer = client.post(f"/api/rooms/{ident}/actions/pictures", json={"tokens": ["x", "h.h.", ".", "H.H."]})
    assert answer.status_code == 200, answer.text
    pictures = answer.json()["pictures"]
    assert set(pictures) == {"x", "h.h."}  # canonical tokens; an empty space has no picture
    assert pictures["x"] == cli_picture("x") and CRATER in pictures["x"]
    faces = client.post(f"/api/rooms/{ident}/actions/faces", json={}).json()
    crater = next(f for f in faces["faces"] if f["token"] == "x")
    assert crater["picture"] == pictures["x"]
    assert faces["board"].startswith("<svg") and 'id="exits"' in faces["board"]

    lava = room(client, "lava")
    faces = client.post(f"/api/rooms/{lava}/actions/faces", json={}).json()["faces"]
    volcano = next(f for f in faces if f["token"] == "llllv")
    assert volcano["picture"] == cli_picture("llllv") and VOLCANO in volcano["picture"]
    turns = client.post(f"/api/rooms/{lava}/actions/orientations",
                        json={"player": "Ala", "square": "D5", "token": "ll.."}).json()
    assert set(turns["pictures"]) == set(turns["all"])
    assert all(turns["pictures"][t] == cli_picture(t) for t in turns["all"])


def test_bad_picture_requests_are_400(client):
    ident = room(client)
    url = f"/api/rooms/{ident}/actions/pictures"
    for body, words in (({"tokens": ["hq.."]}, "unknown letter"), ({"tokens": "h.h."}, "tokens"),
                        ({"tokens": ["h.h."] * 101}, "at most 100"), ([], "tokens"), ({"tokens": [7]}, "space token")):
        answer = client.post(url, json=body)
        assert answer.status_code == 400 and words in answer.json()["error"], (body, answer.text)


def test_a_room_version_is_scored_and_drawn_once_however_many_phones_ask(client, monkeypatch):
    from railprint.serve import app as served

    calls, drawn = [], []
    real, real_picture = served.score_room, served.picture_document
    monkeypatch.setattr(served, "score_room", lambda room, **kw: calls.append((room.version, kw)) or real(room, **kw))
    monkeypatch.setattr(served, "picture_document",
                        lambda result, folder, lang: drawn.append(lang) or real_picture(result, folder, lang))
    ident = room(client)
    url = f"/api/rooms/{ident}"
    first = client.get(url).json()
    for _ in range(3):  # three more phones polling the same version
        assert client.get(url).json() == first
    assert client.get(url + "/export.json").json() == first["score"]["result"]
    assert [v for v, _ in calls] == [0]
    pictures = [client.get(url + "/picture.svg?page=0").content for _ in range(3)]
    assert pictures[0] == pictures[1] == pictures[2] and pictures[0].startswith(b"<svg")
    # the picture is drawn once, from the scoring the room's answer made (not scored again)
    assert [v for v, _ in calls] == [0] and drawn == ["en"]
    client.get(url + "/picture.svg?page=0&lang=pl")  # the Polish picture is another drawing
    assert [v for v, _ in calls] == [0] and drawn == ["en", "pl"]
    # a change is a new version: scored again
    changed = client.post(url + "/changes", json={"version": 0, "parts": {"player:Ala": {"cells": ["h.h."] + ["."] * 48}}})
    assert changed.status_code == 200 and changed.json()["score"] != first["score"]
    assert [v for v, kw in calls if not kw.get("picture")] == [0, 1]


def test_score_files_live_in_one_private_folder_and_are_removed_after_scoring(client):
    import os
    import stat
    import threading

    from railprint.serve.app import _scratch_folder

    # (Railroad Ink is scored in memory, with no file: Days of Steam's page writes its files)
    made = client.post("/api/rooms", json={"game": "days-of-steam", "players": ["Ala", "Bob"], "setup": {}})
    assert made.status_code == 200 and "result" in made.json()["score"], made.text
    mine = _scratch_folder()
    others = []
    thread = threading.Thread(target=lambda: others.append(_scratch_folder()))
    thread.start()
    thread.join()
    assert others[0] != mine and others[0].parent == mine.parent  # one folder a thread, in one root
    assert stat.S_IMODE(os.stat(mine.parent).st_mode) == 0o700
    for folder in mine.parent.iterdir():
        assert list(folder.iterdir()) == []  # every score file removed once scored


def test_a_rooms_pictures_keep_one_font_subset_from_version_to_version(client):
    """Each version's picture embeds the font subset of every character the pictures drew so
    far, and the digits and letters from the start: the subset (the slow part of drawing,
    ~250 ms) is made once, not at every change nor for every room."""
    import re

    from railprint.writers import font_chars, render as draw
    from railprint.serve.app import PICTURE_CHARS, score_room
    from railprint.serve.rooms import Room

    ident = room(client)
    url = f"/api/rooms/{ident}"
    first = client.get(url + "/picture.svg?page=0").text
    cells = ["h.h.", "hhh.", "r.r."] + ["."] * 46
    client.post(url + "/changes", json={"version": 0, "parts": {"player:Ala": {"cells": cells}}})
    second = client.get(url + "/picture.svg?page=0").text
    styles = [re.search(r"<style[^>]*>(.*?)</style>", svg, re.S).group(1) for svg in (first, second)]

    parts = client.get(url).json()["room"]["parts"]
    pictures = [score_room(Room(ident, "railroad-ink", "", v, 0.0, 0.0, p), picture=True)["picture"]
                for v, p in ((0, {**parts, "player:Ala": {"cells": ["."] * 49}}), (1, parts))]
    union = {}
    for doc in pictures:
        for face, chars in font_chars(doc).items():
            union[face] = set(union.get(face, PICTURE_CHARS)) | set(chars)
    assert styles[0] == styles[1]  # one subset for both versions
    # the second picture's font is the union's subset: exactly what drawing it with that charset embeds
    want = draw(pictures[1], "svg", charset={f: "".join(sorted(c)) for f, c in union.items()})[0].decode()
    assert styles[1] == re.search(r"<style[^>]*>(.*?)</style>", want, re.S).group(1)
    assert styles[1] != re.search(r"<style[^>]*>(.*?)</style>", draw(pictures[1], "svg")[0].decode(), re.S).group(1)
    # another room's pictures (another game night at the next table) share that subset
    other = room(client)
    client.post(f"/api/rooms/{other}/changes", json={"version": 0, "parts": {"player:Ala": {"cells": cells[::-1]}}})
    third = client.get(f"/api/rooms/{other}/picture.svg?page=0").text
    assert re.search(r"<style[^>]*>(.*?)</style>", third, re.S).group(1) == styles[1]


def test_a_phone_asking_again_for_the_picture_it_holds_gets_304(client, monkeypatch):
    """The picture of a room version carries an ETag; asked again with it (a reload, a back
    button) while the room is still at that version: 304, nothing drawn; after a change the
    same address brings the new picture."""
    from railprint.serve import app as served

    drawn = []
    real = served.picture_document
    monkeypatch.setattr(served, "picture_document", lambda *a: drawn.append(a[-1]) or real(*a))
    ident = room(client)
    url = f"/api/rooms/{ident}/picture.svg?page=0&v=0"
    first = client.get(url)
    tag = first.headers["etag"]
    assert first.status_code == 200 and first.headers["cache-control"] == "no-cache" and tag
    again = client.get(url, headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.content == b"" and again.headers["etag"] == tag
    assert client.get(url, headers={"If-None-Match": '"something-else"'}).content == first.content
    assert drawn == ["en"]
    client.post(f"/api/rooms/{ident}/changes", json={"version": 0, "parts": {"player:Ala": {"cells": ["h.h."] + ["."] * 48}}})
    changed = client.get(url, headers={"If-None-Match": tag})
    assert changed.status_code == 200 and changed.headers["etag"] != tag and changed.content != first.content
    assert drawn == ["en", "en"]


def test_the_boards_row_and_column_names_can_be_read_on_a_phone(client):
    """The page shows a square about 39 CSS px wide on a 360 px phone (the board beside the tray).
    The printed picture's 9 pt labels came out 6 px high there: too small to find the square a
    violation names (`C5 north: …`). The page's board draws them at least 12 px high."""
    import re

    ident = room(client)
    board = client.post(f"/api/rooms/{ident}/actions/faces", json={}).json()["board"]
    labels = re.findall(r'<text[^>]*font-size="([0-9.]+)"[^>]*>([A-G1-7])</text>', board)
    assert sorted(name for _, name in labels) == sorted("ABCDEFG1234567")
    square_px = 39
    assert min(float(size) for size, _ in labels) * square_px / CELL >= 12
    # the labels stay on the picture: none is cut at its edge
    side = float(re.search(r'viewBox="0 0 ([0-9.]+)', board).group(1))
    places = [(float(x), float(y)) for x, y in re.findall(r'<text[^>]*x="([0-9.]+)" y="([0-9.]+)"[^>]*>[A-G1-7]</text>', board)]
    assert len(places) == 14 and all(12 < x < side - 12 and 14 < y < side for x, y in places)
