"""The built-in map files agree with the reference counts; broken map files are located."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from railprint.errors import ContentError, NotationError
from railprint.games.ticket_to_ride import load_map, load_map_file, score_files
from railprint.loading.resources import content_path
from railprint.games.ticket_to_ride.model import name_key

DATA = Path(__file__).resolve().parents[2] / "data" / "ticket_to_ride"


def test_nordic_matches_the_reference_counts():
    m = load_map("nordic")
    assert (m.players_min, m.players_max, m.trains_per_player) == (2, 3, 40)
    assert len(m.cities) == 39 and len(m.routes) == 81 and len(m.tickets) == 46
    assert sum(r.length for r in m.routes) == 207
    assert sum(t.points for t in m.tickets) == 460
    assert len(m.parallel_groups) == 67
    assert sum(len(g) == 2 for g in m.parallel_groups.values()) == 14
    assert sum(r.ferry for r in m.routes) == 24 and sum(r.locomotives for r in m.routes) == 30
    assert sum(r.tunnel for r in m.routes) == 10
    spaces = Counter()
    for r in m.routes:
        spaces[r.colour] += r.length
    assert spaces == {"black": 21, "blue": 21, "gray": 37, "green": 22, "orange": 23, "pink": 21,
                      "red": 21, "white": 20, "yellow": 21}
    assert dict(m.route_points) == {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15, 9: 27}
    assert m.globetrotter == 10 and m.region_bonus is None and m.longest_path_bonus is None
    assert m.parallel.limit(2) == 1 and m.parallel.limit(3) is None
    ml = m.route["lieksa-murmansk"]
    assert (ml.length, ml.colour, ml.any_cards_per_card) == (9, "gray", 4)


def test_italy_matches_the_reference_counts():
    m = load_map("italy")
    assert (m.players_min, m.players_max, m.trains_per_player) == (2, 5, 45)
    assert len(m.cities) == 34 and len(m.areas) == 5 and len(m.regions) == 17
    assert sum(len(a.endpoints) for a in m.areas) == 8
    assert len(m.routes) == 128 and sum(r.length for r in m.routes) == 379
    assert len(m.tickets) == 56 and sum(t.points for t in m.tickets) == 677
    assert sum(1 for t in m.tickets if m.is_area(t.a) or m.is_area(t.b)) == 10
    assert Counter(len(g) for g in m.parallel_groups.values()) == {1: 41, 2: 42, 3: 1}
    assert sum(r.ferry for r in m.routes) == 21 and sum(r.waves for r in m.routes) == 55
    assert all(r.ferry == (r.colour == "gray") for r in m.routes)  # every gray route is a ferry
    assert {r.id for r in m.routes if len(m.parallel_groups[r.pair]) == 3} == {
        "napoli-roma-yellow", "napoli-roma-white", "napoli-roma-red"}
    assert sorted(r.id for r in m.regions if r.counts_double) == ["puglia", "sardegna", "sicilia"]
    assert sorted(m.cities_of_region("sicilia")) == ["agrigento", "catania", "messina", "palermo", "siracusa"]
    assert m.parallel.limit(3) == 1 and m.parallel.limit(4) is None
    assert m.globetrotter is None


@pytest.mark.parametrize("count,points", [(0, 0), (4, 0), (5, 1), (6, 2), (7, 4), (8, 7), (9, 11), (10, 16),
                                          (11, 22), (12, 29), (13, 37), (14, 46), (15, 56), (16, 56), (20, 56)])
def test_italy_region_table(count, points):
    assert load_map("italy").region_bonus.points(count) == points


def test_names_match_without_case_accents_and_punctuation():
    m = load_map("nordic")
    for text in ("Göteborg", "goteborg", "GOTEBORG", "Gothenburg"):
        assert m.place_keys[name_key(text)] == "goteborg"
    assert m.place_keys[name_key("tromso")] == "tromso"      # ø folds to o
    assert m.place_keys[name_key("Mo-i-Rana")] == "mo_i_rana"
    assert m.place_keys[name_key("Kopenhaga")] == "kobenhavn"
    it = load_map("italy")
    assert it.place_keys[name_key("Szwajcaria")] == "svizzera"
    assert it.place_keys[name_key("Rome")] == "roma"


def test_every_name_of_a_map_is_unambiguous():
    for name in ("nordic", "italy"):
        m = load_map(name)
        owners = {}
        for place in (*m.cities, *m.areas):
            for text in (place.name, *place.aliases):
                assert owners.setdefault(name_key(text), place.id) == place.id


def test_positions_are_fractions_of_the_board():
    for name in ("nordic", "italy"):
        m = load_map(name)
        points = [c.at for c in m.cities] + [e.at for a in m.areas for e in a.endpoints]
        assert all(0 <= x <= 1 and 0 <= y <= 1 for x, y in points)
        assert len(set(points)) == len(points)


def test_maps_are_found_by_alias():
    assert load_map("Italia").id == "italy"
    assert load_map("Nordic Countries").id == "nordic"
    with pytest.raises(ContentError) as err:
        load_map("nordik")
    assert "did you mean 'nordic'" in str(err.value)


# ---- broken map files -----------------------------------------------------------------------
def _broken(tmp_path: Path, *edits: tuple[str, str]) -> Path:
    text = content_path("ticket-to-ride", "nordic.yaml").read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    path = tmp_path / "broken.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def _line_of(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line)


def test_a_bad_route_city_is_located_with_a_suggestion(tmp_path):
    path = _broken(tmp_path, ("between: [alborg, arhus]", "between: [alborg, arhuss]"))
    with pytest.raises(ContentError) as err:
        load_map_file(path)
    line = _line_of(path, "arhuss")
    col = path.read_text(encoding="utf-8").splitlines()[line - 1].index("arhuss") + 1
    assert err.value.location.line == line and err.value.location.col == col
    assert f"{path}:{line}:{col}" in str(err.value)
    assert "did you mean 'arhus'" in str(err.value)


def test_an_unknown_key_is_located_with_a_suggestion(tmp_path):
    path = _broken(tmp_path, ("trains_per_player: 40", "trains_per_player: 40\ntrain_per_player: 40"))
    with pytest.raises(ContentError) as err:
        load_map_file(path)
    assert str(err.value).startswith(f"{path}:{_line_of(path, 'train_per_player')}:1: unknown key 'train_per_player'")
    assert "did you mean 'trains_per_player'" in str(err.value)


def test_an_unknown_key_inside_a_route_is_located(tmp_path):
    path = _broken(tmp_path, ("colour: pink}", "color: pink}"))
    with pytest.raises(ContentError) as err:
        load_map_file(path)
    text = str(err.value)
    assert f"{path}:{_line_of(path, 'color: pink')}:" in text and "unknown key 'color'" in text


def test_every_problem_is_reported_at_once(tmp_path):
    path = _broken(tmp_path,
                   ("between: [alborg, arhus]", "between: [alborg, arhus]"),
                   ("colour: white, locomotives: 1}", "colour: whyte, locomotives: 1}"),
                   ("between: [oslo, helsinki]", "between: [oslo, helsinky]"),
                   ("length: 9", "length: 8"),
                   ("{id: t02,", "{id: t01,"))
    with pytest.raises(ContentError) as err:
        load_map_file(path)
    problems = err.value.problems
    assert len(problems) == 4
    text = str(err.value)
    assert "unknown colour 'whyte'" in text and "did you mean 'white'" in text
    assert "unknown city or area 'helsinky'" in text
    assert "length 8 has no entry in route_points" in text
    assert "ticket id 't01' is already used" in text
    lines = [p.location.line for p in problems]
    assert lines == sorted(lines) and all(p.location.file == str(path) for p in problems)


def test_a_name_that_means_two_places_is_refused(tmp_path):
    path = _broken(tmp_path, ("aliases: [Sztokholm]", "aliases: [Sztokholm, Oslo]"))
    with pytest.raises(ContentError) as err:
        load_map_file(path)
    assert "name 'Oslo' already names 'Oslo'" in str(err.value)


def test_a_missing_parallel_rule_for_a_player_count_is_refused(tmp_path):
    path = _broken(tmp_path, ("claimable_by_players: {2: 1, 3: all}", "claimable_by_players: {2: 1}"))
    with pytest.raises(ContentError) as err:
        load_map_file(path)
    assert "no entry for 3 players" in str(err.value)


def test_a_users_own_map_file_is_used_by_path():
    result = score_files([DATA / "maps" / "tiny-game.yaml"])
    data = result.as_json()
    assert data["map"] == "tiny"
    ala, bartek = data["players"]
    # Ala: 2 + 4 route points, ticket +6, longest path 5 trains -> the map's 10-point bonus
    assert (ala["route_points"], ala["ticket_points"], ala["longest_path"], ala["longest_path_bonus"]) == (6, 6, 5, 10)
    assert ala["total"] == 22 and bartek["total"] == 2
    assert [v["message"] for v in data["violations"]] == [
        "with 2 players only 1 route(s) of the double route Northby - Middle-on-Sea may be claimed (Ala: red, Bartek: blue)"]


def test_a_game_naming_a_missing_map_file_is_an_error(tmp_path):
    game = tmp_path / "g.yaml"
    game.write_text("map: maps/none.yaml\nplayers:\n  - name: A\n", encoding="utf-8")
    with pytest.raises(NotationError) as err:
        score_files([game])
    assert str(err.value).startswith(f"{game}:1:6: map file not found")


def test_a_maps_hash_is_worked_out_once_and_is_the_records():
    """A map is a cache key (its board geometry, the entries read on it): its hash is kept, and
    is the record's hash — an equal map made anew has it, a changed one does not."""
    from railprint.games.ticket_to_ride.model import TTRMap
    from railprint.records import Record, replace

    nordic = load_map("nordic")
    copy, changed = replace(nordic), replace(nordic, trains_per_player=41)
    assert hash(nordic) == Record.__hash__(nordic) == hash(copy) and nordic == copy and nordic is not copy
    assert hash(changed) == Record.__hash__(changed) != hash(nordic) and changed != nordic
    assert TTRMap.__hash__ is not Record.__hash__ and nordic.__dict__["_hash"] == hash(nordic)
