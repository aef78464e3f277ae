"""The server scores Railroad Ink and Ticket to Ride rooms in memory (the page's ``score``), and
keeps what did not change: a sheet's score and its picture page are worked out once for its
text. Every one of these must give exactly what scoring the room's files afresh gives — the
answer, the JSON contract, the ranking and every picture page — on random changes."""

from __future__ import annotations

import random
from collections import OrderedDict
from pathlib import Path

import pytest

from railprint.games.railroad_ink import picture as ri_picture
from railprint.games.railroad_ink.notation import parse
from railprint.games.railroad_ink.result import ScoreResult
from railprint.games.railroad_ink.rules import score
from railprint.registry import find_game, scorer, web_page
from railprint.serve import app as served
from railprint.serve.rooms import Room
from railprint.writers import render

import railprint.games.railroad_ink as ri

PLAYERS = ["Ala", "Bob", "Cyd"]
# spaces of every kind: routes, stations, overpasses, specials, and some that break the rules
TOKENS = [".", ".", ".", "h.h.", ".h.h", "hh..", "hhh.", "hhhh", "r.r.", ".r.r", "rr..", "rrr.", "hr..",
          "h.r.", "hrhr", "HHHH", "RRRR", "h.r.s", "hhrr", "r.h.o"]


class FilesOnly:
    """A game's page without its ``score``: the server writes the files and runs the scorer."""

    def __init__(self, page):
        self.page = page

    def __getattr__(self, name):
        if name == "score":
            raise AttributeError(name)
        return getattr(self.page, name)


def fresh_caches(monkeypatch) -> None:
    """Railroad Ink's per-sheet scores and pages, Ticket to Ride's entries read and players
    scored forgotten: what follows is worked out anew."""
    from railprint.games.ticket_to_ride import notation as ttr_notation, rules as ttr_rules

    monkeypatch.setattr(ri, "_SCORED", OrderedDict())
    monkeypatch.setattr(ri_picture, "_PAGES", OrderedDict())
    monkeypatch.setattr(ttr_notation, "_READ", {})
    monkeypatch.setattr(ttr_rules, "_WORKED", {})


def ri_changes(seed: int, count: int) -> list[tuple[str, dict]]:
    """Random changes of one player's sheet at a time (``check_change`` normalises them)."""
    rng = random.Random(seed)
    page = web_page(find_game("railroad-ink"))
    sheets = {p: ["."] * 49 for p in PLAYERS}
    out = []
    for _ in range(count):
        player = rng.choice(PLAYERS)
        cells = sheets[player]
        for _ in range(rng.randint(1, 3)):
            cells[rng.randrange(49)] = rng.choice(TOKENS)
        try:
            checked = page.check_change({}, {f"player:{player}": {"cells": list(cells)}})
        except Exception:  # a token this game refuses outright: not a change the page can make
            cells[:] = ["."] * 49
            continue
        out.append((player, checked))
    return out


def ttr_changes(seed: int, count: int) -> list[dict]:
    rng = random.Random(seed)
    from railprint.games.ticket_to_ride.maps import load_map

    m = load_map("italy")
    routes = sorted(m.route)
    tickets = sorted(m.ticket)
    held = {p: [] for p in PLAYERS}
    out = []
    for _ in range(count):
        player = rng.choice(PLAYERS)
        free = [r for r in routes if not any(r in mine for mine in held.values())]
        if held[player] and rng.random() < 0.3:
            held[player].remove(rng.choice(held[player]))
        else:
            held[player].append(rng.choice(free))
        out.append({f"player:{player}": {"routes": list(held[player]),
                                         "tickets": rng.sample(tickets, rng.randint(0, 2))}})
    return out


def answers_alike(room: Room, monkeypatch, folder: Path) -> None:
    """The in-memory answer == the answer from the files written and scored afresh; its picture
    (every page) == ``railprint score --picture`` run in a folder holding the room's files (the
    files' picture in the server was drawn with their private folder in its texts, which only
    then was taken out: a long line was fitted to the longer text)."""
    memory = served.score_room(room, picture=True)
    game, page = served._game_of(room)
    with monkeypatch.context() as m:
        m.setattr(served, "_game_of", lambda r: (game, FilesOnly(page)))
        fresh_caches(m)
        files = served.score_room(room, picture=True)
        m.chdir(folder)
        for name, text in page.files(room.parts):
            Path(name).write_text(text, encoding="utf-8")
        options = page.score_options(room.parts) if hasattr(page, "score_options") else {}
        cli = scorer(game)([Path(name) for name, _ in page.files(room.parts)], **options)
        drawn = render(cli.picture(lang="en"), "svg")
    assert set(memory) == set(files)
    for key in memory:
        if key != "picture":
            assert memory[key] == files[key], key
    assert render(memory["picture"], "svg") == drawn


@pytest.mark.parametrize("seed", [1, 2])
def test_railroad_ink_in_memory_and_cached_is_the_files_scored_afresh(seed, monkeypatch, tmp_path):
    page = web_page(find_game("railroad-ink"))
    for longest in ("simple", "trail"):
        parts = page.new_room(PLAYERS, {"longest": longest} if longest == "trail" else {})
        for version, (_, update) in enumerate(ri_changes(seed, 25)):
            parts = {**parts, **update}
            answers_alike(Room("r1", "railroad-ink", "", version, 0.0, 0.0, parts), monkeypatch, tmp_path)


def test_ticket_to_ride_in_memory_is_the_files_scored_afresh(monkeypatch, tmp_path):
    page = web_page(find_game("ticket-to-ride"))
    parts = page.new_room(PLAYERS, {"map": "italy"})
    for version, update in enumerate(ttr_changes(3, 25)):
        parts = {**parts, **update}
        answers_alike(Room("t1", "ticket-to-ride", "", version, 0.0, 0.0, parts), monkeypatch, tmp_path)


def test_ticket_to_ride_violations_below_a_growing_player_are_located_as_afresh(monkeypatch, tmp_path):
    """Cyd (last in the file) keeps a route and a ticket Ala holds too, and claims both halves of
    a double route: violations on Cyd's lines. Ala (first) then claims routes one by one, so
    every one of Cyd's entries moves down a line each version while its text stays the same
    (read once): every answer, violation line and picture is that of the files scored afresh."""
    page = web_page(find_game("ticket-to-ride"))
    from railprint.games.ticket_to_ride.maps import load_map

    m = load_map("italy")
    double = next(ids for ids in m.parallel_groups.values() if len(ids) == 2)
    singles = [r for r in sorted(m.route) if len(m.parallel_groups[m.route[r].pair]) == 1]
    ticket = sorted(m.ticket)[0]
    parts = page.new_room(PLAYERS, {"map": "italy"})
    parts["player:Ala"] = {"routes": [singles[0]], "tickets": [ticket]}
    parts["player:Cyd"] = {"routes": [singles[0], *double], "tickets": [ticket]}
    wheres = []
    for version, route in enumerate(singles[1:6]):
        parts = {**parts, "player:Ala": {"routes": [*parts["player:Ala"]["routes"], route], "tickets": [ticket]}}
        room = Room("t2", "ticket-to-ride", "", version, 0.0, 0.0, parts)
        answers_alike(room, monkeypatch, tmp_path)
        wheres.append([v["where"] for v in served.score_room(room)["result"]["violations"]])
    assert len(wheres[0]) == 3
    lines = [[int(w.split(":")[1]) for w in ws] for ws in wheres]
    assert all(b == [x + 1 for x in a] for a, b in zip(lines, lines[1:]))   # one line lower a version


def test_a_sheet_scored_from_the_cache_is_the_sheet_scored_afresh(monkeypatch):
    """``score_texts`` reuses an unchanged sheet's score (the very same object) and its page;
    both equal a fresh parse and scoring, on random changes of one sheet at a time."""
    page = web_page(find_game("railroad-ink"))
    parts = page.new_room(PLAYERS, {})
    before = None
    for player, update in ri_changes(7, 40):
        parts = {**parts, **update}
        files = page.files(parts)
        cached = ri.score_texts(files)
        fresh = ScoreResult(tuple(score(parse(text, name), "simple", player=parse(text, name).player or Path(name).stem)
                                  for name, text in files))
        assert cached.as_json() == fresh.as_json() and cached.as_json("pl") == fresh.as_json("pl")
        assert cached.picture() == fresh.picture()  # every page, item by item
        if before is not None:
            changed = [i for i, p in enumerate(PLAYERS) if p == player]
            for i, (old, new) in enumerate(zip(before.sheets, cached.sheets)):
                if i not in changed and old.board.rows == new.board.rows:
                    assert new is old  # the other sheets: not scored again
        before = cached


def test_a_change_to_one_sheet_redraws_only_its_page(client, monkeypatch, tmp_path):
    """After Bob's change, Ala's page is the very same bytes, and Bob's page is what a server
    that never saw the earlier versions draws for the room."""
    from fastapi.testclient import TestClient

    from railprint.serve import make_app

    made = client.post("/api/rooms", json={"game": "railroad-ink", "players": ["Ala", "Bob"], "setup": {}})
    ident = made.json()["room"]["id"]
    url = f"/api/rooms/{ident}"
    ala = ["h.h.", "hhh.", "r.r."] + ["."] * 46
    assert client.post(url + "/changes", json={"version": 0, "parts": {"player:Ala": {"cells": ala}}}).status_code == 200
    pages = [client.get(url + f"/picture.svg?page={p}").content for p in (0, 1)]
    bob = ["."] * 10 + ["rr..", "r.r.", "hr.."] + ["."] * 36
    assert client.post(url + "/changes", json={"version": 1, "parts": {"player:Bob": {"cells": bob}}}).status_code == 200
    after = [client.get(url + f"/picture.svg?page={p}").content for p in (0, 1)]
    assert after[0] == pages[0] and after[1] != pages[1]

    exported = client.get(url + "/room.json").json()
    fresh_caches(monkeypatch)
    app, _, store = make_app(tmp_path / "fresh", "127.0.0.1")
    try:
        with TestClient(app, base_url="http://127.0.0.1") as other:
            copy = other.post("/api/rooms/import", json=exported).json()["room"]["id"]
            again = [other.get(f"/api/rooms/{copy}/picture.svg?page={p}").content for p in (0, 1)]
    finally:
        store.close()
    assert again == after

