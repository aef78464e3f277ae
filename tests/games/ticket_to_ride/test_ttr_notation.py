"""Reading game files: names, parallel-route selectors, located errors with suggestions."""

from __future__ import annotations

import pytest

from railprint.errors import NotationError
from railprint.games.ticket_to_ride import parse_game, score_text


def _game(routes: list[str], tickets: list[str] = (), map_name: str = "nordic") -> str:
    lines = [f"map: {map_name}", "players:", "  - name: Ala", "    routes:"]
    lines += [f"      - {r}" for r in routes] or ["      []"]
    lines += ["    tickets:"] + ([f"      - {t}" for t in tickets] or ["      []"])
    lines += ["  - name: Bartek", "    routes: []"]
    return "\n".join(lines) + "\n"


def _error(text: str) -> NotationError:
    with pytest.raises(NotationError) as err:
        parse_game(text, "game.yaml")
    return err.value


def _claims(text: str):
    return parse_game(text, "game.yaml").players[0].claims


def test_names_match_case_accents_punctuation_and_aliases():
    claims = _claims(_game(["goteborg - OSLO", "Gothenburg - København", "Copenhagen - Karlskrona [green]",
                            "MO-I-RANA - narvik", "tromso - Narvik"]))
    assert [c.options for c in claims] == [("goteborg-oslo",), ("goteborg-kobenhavn",),
                                          ("karlskrona-kobenhavn-green",), ("mo_i_rana-narvik",),
                                          ("narvik-tromso",)]


def test_an_unknown_city_is_located_inside_the_entry_with_suggestions():
    err = _error(_game(["Oslo - Göteborg", "Oslo - Stokholm"]))
    assert (err.location.line, err.location.col) == (6, 16)    # the 'S' of Stokholm
    assert "unknown city or area 'Stokholm'" in str(err) and "did you mean 'Stockholm'" in str(err)
    assert str(err).startswith("game.yaml:6:16: ")


def test_a_quoted_entry_keeps_the_column_right():
    err = _error(_game(["'Oslo - Stokholm'"]))
    assert (err.location.line, err.location.col) == (5, 17)


def test_an_unknown_city_in_a_flow_list_is_located():
    text = "map: nordic\nplayers:\n  - name: Ala\n    routes: [Oslo - Göteborg, Hlsinki - Turku]\n"
    err = _error(text)
    assert (err.location.line, err.location.col) == (4, 31)
    assert "did you mean 'Helsinki'" in str(err)


def test_an_alias_is_suggested_as_the_printed_name():
    err = _error(_game(["Oslo - Gothenburgg"]))
    assert "did you mean 'Göteborg'" in str(err)


def test_no_such_route_lists_the_neighbours():
    err = _error(_game(["Oslo - Helsinki"]))
    assert "no route Oslo - Helsinki" in str(err)
    assert "Oslo has routes to: Bergen, Göteborg, Kristiansand, Lillehammer, Ålborg, Örebro" in str(err)


def test_different_parallels_need_a_selector():
    err = _error(_game(["Kristiansand - Stavanger"]))
    text = str(err)
    assert "Kristiansand - Stavanger has 2 different routes: say which one" in text
    assert "[green] = 2, green, tunnel" in text and "[orange] = 3, orange, ferry x1" in text


@pytest.mark.parametrize("entry,route", [
    ("Kristiansand - Stavanger [green]", "kristiansand-stavanger-green"),
    ("Kristiansand - Stavanger [3]", "kristiansand-stavanger-orange"),
    ("Stavanger - Kristiansand [ferry]", "kristiansand-stavanger-orange"),
    ("Stavanger - Kristiansand [tunnel]", "kristiansand-stavanger-green"),
    ("Mo i Rana - Trondheim [6]", "mo_i_rana-trondheim-red"),
    ("Kiruna - Narvik [purple]", "kiruna-narvik-pink"),       # colour alias
    ("Kiruna - Narvik [Biały]", "kiruna-narvik-white"),       # Polish colour name
    ("Bergen - Oslo [bergen-oslo-red]", "bergen-oslo-red"),   # a route id
])
def test_selectors(entry, route):
    assert _claims(_game([entry]))[0].options == (route,)


def test_identical_parallels_need_no_selector():
    claim = _claims(_game(["Stockholm - Sundsvall", "Helsinki - Stockholm"]))
    assert claim[0].options == ("stockholm-sundsvall-gray-1", "stockholm-sundsvall-gray-2")
    assert len(claim[1].options) == 2   # gray and yellow ferries, both length 4


def test_a_selector_matching_nothing_lists_the_choices():
    err = _error(_game(["Bergen - Oslo [green]"]))
    assert "Bergen - Oslo has no route [green]" in str(err) and "[blue] = 4, blue, tunnel" in str(err)
    assert (err.location.line, err.location.col) == (5, 24)
    err = _error(_game(["Bergen - Oslo [fast]"]))
    assert "unknown route choice [fast]" in str(err)


def test_a_selector_inside_a_flow_list_must_be_quoted():
    text = "map: nordic\nplayers:\n  - name: Ala\n    routes: [Bergen - Oslo [red]]\n"
    err = _error(text)
    assert "quote an entry that picks a parallel route" in str(err)


def test_outside_areas_are_named_like_cities():
    claims = _claims(_game(["Torino - Francia", "Szwajcaria - Milano", "Bolzano - Switzerland"], map_name="italy"))
    assert [c.options for c in claims] == [("torino-francia-yellow", "torino-francia-pink"),
                                          ("milano-svizzera_west",), ("bolzano-svizzera_east",)]


def test_tickets_are_matched_in_either_order_and_may_carry_their_value():
    game = parse_game(_game([], ["Helsinki - Oslo", "Oslo - Stockholm (4)", "Tampere - Tallinn: 3"]), "g.yaml")
    assert [t.ticket for t in game.players[0].tickets] == ["t25", "t30", "t43"]


def test_a_ticket_not_on_the_map_is_an_error_listing_that_citys_tickets():
    err = _error(_game([], ["Oslo - Tromsø"]))
    assert "no ticket Oslo - Tromsø" in str(err) and "Oslo - Helsinki (8)" in str(err)


def test_a_wrong_ticket_value_is_an_error():
    err = _error(_game([], ["Oslo - Stockholm (5)"]))
    assert "worth 4, not 5" in str(err)


def test_unknown_keys_are_refused_with_suggestions():
    err = _error("map: nordic\nplayers:\n  - name: Ala\n    ticket: [Oslo - Stockholm]\n")
    assert str(err).startswith("game.yaml:4:5: unknown key 'ticket'") and "did you mean 'tickets'" in str(err)
    err = _error("map: nordic\nplayer:\n  - name: Ala\n")
    assert "did you mean 'players'" in str(err)


def test_missing_parts_are_errors():
    assert "missing `map:`" in str(_error("players:\n  - name: Ala\n"))
    assert "needs a `name:`" in str(_error("map: nordic\nplayers:\n  - routes: []\n"))
    err = _error("map: nordik\nplayers:\n  - name: Ala\n")
    assert str(err).startswith("game.yaml:1:6: unknown map 'nordik'") and "did you mean 'nordic'" in str(err)
    assert str(err).count("(") == 1   # one hint, no brackets inside brackets


def test_malformed_yaml_is_located():
    err = _error("map: nordic\nplayers:\n  - name: Ala\n    routes: [Oslo - Bergen\n")
    assert err.location.file == "game.yaml" and err.location.line is not None
    assert "invalid YAML" in str(err)


def test_a_route_entry_must_have_two_names():
    err = _error(_game(["Oslo"]))
    assert "expected 'City - City'" in str(err)


def test_player_colours():
    text = "map: nordic\nplayers:\n  - name: Ala\n    colour: '#123456'\n  - name: Bartek\n    colour: zielony\n"
    game = parse_game(text, "g.yaml")
    assert [p.colour for p in game.players] == ["#123456", "#15803d"]
    assert "unknown player colour" in str(_error("map: nordic\nplayers:\n  - name: A\n    colour: plaid\n"))


def test_violations_carry_the_entry_location():
    text = _game(["Bergen - Oslo [red]", "Oslo - Bergen [red]"])
    data = score_text(text, "game.yaml").as_json()
    assert [v["where"] for v in data["violations"]] == ["game.yaml:6:9"]
    assert data["violations"][0]["player"] == "Ala"


# ---- entries read once (notation._READ): the same readings and locations as read anew ----------

def _two_players(ala: list[str], bartek: list[str], quote: bool = False) -> str:
    q = (lambda e: f"'{e}'") if quote else (lambda e: e)
    lines = ["map: nordic", "players:", "  - name: Ala", "    routes:"] + [f"      - {q(r)}" for r in ala]
    lines += ["  - name: Bartek", "    routes:"] + [f"      - {q(r)}" for r in bartek]
    lines += ["    tickets:", "      - Oslo - Stockholm"]
    return "\n".join(lines) + "\n"


def _read_afresh(text: str, monkeypatch):
    """The file read and scored with nothing remembered (entries read, players' scores)."""
    from railprint.games.ticket_to_ride import notation, rules

    with monkeypatch.context() as m:
        m.setattr(notation, "_READ", {})
        m.setattr(rules, "_WORKED", {})
        return parse_game(text, "game.yaml"), score_text(text, "game.yaml").as_json()


def test_an_entry_read_before_is_located_where_it_stands_now(monkeypatch):
    """Bartek's entries were read in the file before; Ala (above) then adds a route: his claims,
    his ticket and the violation on his line sit one line lower, as a fresh reading says."""
    bartek = ["Bergen - Oslo [red]", "Oslo - Bergen [red]", "Kobenhavn - Karlskrona [green]"]
    before = _two_players(["Oslo - Göteborg"], bartek)
    after = _two_players(["Oslo - Göteborg", "Narvik - Tromsø"], bartek)
    first = parse_game(before, "game.yaml")
    second = parse_game(after, "game.yaml")
    for a, b in zip(first.players[1].claims, second.players[1].claims):
        assert (b.where.line, b.where.col) == (a.where.line + 1, a.where.col)
    assert second.players[1].tickets[0].where.line == first.players[1].tickets[0].where.line + 1
    fresh, fresh_json = _read_afresh(after, monkeypatch)
    assert second == fresh
    data = score_text(after, "game.yaml").as_json()
    assert data == fresh_json
    assert [v["where"] for v in data["violations"]] == ["game.yaml:10:9"]   # Bartek's second Oslo - Bergen


def test_an_entry_read_before_quoted_or_not_keeps_its_own_column(monkeypatch):
    plain = parse_game(_two_players(["Oslo - Göteborg"], []), "game.yaml").players[0].claims[0]
    quoted_text = _two_players(["Oslo - Göteborg"], [], quote=True)
    quoted = parse_game(quoted_text, "game.yaml").players[0].claims[0]
    assert (plain.where.col, quoted.where.col) == (9, 10)
    assert quoted == _read_afresh(quoted_text, monkeypatch)[0].players[0].claims[0]


def test_an_entry_is_read_on_its_own_map_and_its_errors_every_time():
    assert _claims(_game(["Oslo - Göteborg"]))[0].options == ("goteborg-oslo",)
    err = _error(_game(["Oslo - Göteborg"], map_name="italy"))      # the text read on Nordic before
    assert "unknown city or area 'Oslo'" in str(err) and (err.location.line, err.location.col) == (5, 9)
    again = _error(_game(["Narvik - Tromsø", "Oslo - Stokholm"]))
    assert (again.location.line, again.location.col) == (6, 16)
    assert str(_error(_game(["Oslo - Tromsø", "Oslo - Stokholm"]))).startswith("2 problems in game.yaml")


def test_a_players_score_worked_out_before_places_its_tickets_where_they_stand_now(monkeypatch):
    """Bartek's routes and tickets scored in the file before (rules._WORKED); Ala adds a route
    above: his completed ticket, the one kept twice (a violation) and everything else are what a
    fresh scoring says, one line lower."""
    bartek = ["Oslo - Örebro [green]", "Örebro - Stockholm [pink]"]
    before = _two_players(["Oslo - Göteborg"], bartek) + "      - Stockholm - Oslo\n"
    after = _two_players(["Oslo - Göteborg", "Narvik - Tromsø"], bartek) + "      - Stockholm - Oslo\n"
    first, second = score_text(before, "game.yaml"), score_text(after, "game.yaml")
    assert second.as_json() == _read_afresh(after, monkeypatch)[1]
    assert second.as_text() == _afresh(lambda: score_text(after, "game.yaml").as_text(), monkeypatch)
    old, new = first.games[0].players[1].tickets, second.games[0].players[1].tickets
    assert [t.points for t in old] == [t.points for t in new] == [4] and new[0].path == ("oslo", "orebro", "stockholm")
    assert (str(old[0].where), str(new[0].where)) == ("game.yaml:11:9", "game.yaml:12:9")
    assert [v.where for v in second.games[0].violations] == ["game.yaml:13:9"]
    assert "first at line 12" in second.games[0].violations[0].message


def _afresh(work, monkeypatch):
    from railprint.games.ticket_to_ride import notation, rules

    with monkeypatch.context() as m:
        m.setattr(notation, "_READ", {})
        m.setattr(rules, "_WORKED", {})
        return work()
