"""Train stations (the published Europe rules) on a made-up map: unused stations score, a station
rescues a ticket with another player's route (tickets only), the best route is chosen, a route
given in the file is used, every violation is located, the fewest-stations tie-break; and the
borrow search is exact and bounded."""

from __future__ import annotations

import json
import random
from itertools import product
from pathlib import Path

import pytest

from railprint.errors import ContentError, NotationError
from railprint.games.ticket_to_ride import load_map_file, parse_map, score_text
from railprint.games.ticket_to_ride.stations import OpenTicket, best_borrow
from tests.helpers import cli_stdout

MAPS = Path(__file__).resolve().parents[2] / "data" / "ticket_to_ride" / "maps"
MAP = str(MAPS / "stations.yaml")
REQUIRED = ("name", "route_points", "trains_used", "tickets_completed", "tickets_failed", "ticket_points",
            "globetrotter", "region_bonus", "longest_path", "total", "rank")


def score(players: str, strict: bool = False) -> dict:
    text = f"map: {MAP}\nplayers:\n{players}"
    return score_text(text, "game.yaml", strict=strict).as_json()


def by_name(data: dict) -> dict:
    return {p["name"]: p for p in data["players"]}


def test_unused_stations_score_four_points_each():
    data = score("""
  - {name: Ala, routes: [Alden - Brask], tickets: []}
  - {name: Bartek, routes: [Brask - Corvo], tickets: [], stations: [Alden]}
""")
    p = by_name(data)
    assert (p["Ala"]["stations_used"], p["Ala"]["station_points"]) == (0, 12)
    assert (p["Bartek"]["stations_used"], p["Bartek"]["station_points"]) == (1, 8)
    assert p["Ala"]["total"] == 2 + 12          # route, stations (Bartek's 3-train route is longer)
    assert p["Bartek"]["total"] == 4 + 8 + 10   # route, stations, longest-path bonus
    for player in data["players"]:
        assert all(key in player for key in REQUIRED)


def test_a_station_rescues_a_ticket_for_tickets_only():
    data = score("""
  - {name: Ala, routes: [Alden - Brask], tickets: [Alden - Corvo], stations: [Brask]}
  - {name: Bartek, routes: [Brask - Corvo], tickets: []}
""")
    ala = by_name(data)["Ala"]
    assert ala["tickets_completed"] == 1 and ala["ticket_points"] == 5
    assert ala["tickets"][0]["path"] == ["Alden", "Brask", "Corvo"]
    assert ala["tickets"][0]["borrowed"] == ["Brask - Corvo"]
    assert ala["stations"] == [{"city": "Brask", "counted": True, "borrows": "Brask - Corvo", "route_id": "b-c",
                                "from": ["Bartek"], "chosen_by": "scorer"}]
    # never route points, trains or longest path
    assert (ala["route_points"], ala["trains_used"], ala["longest_path"]) == (2, 2, 2)
    assert ala["station_points"] == 8
    assert ala["total"] == 2 + 5 + 8  # Bartek's 3-train trail takes the longest-path bonus


def test_the_best_of_several_routes_is_chosen():
    # at Brask, Bartek's Brask - Corvo completes Alden - Corvo (5) but Celina's Brask - Delm
    # completes Alden - Delm (8): the scorer takes the latter
    data = score("""
  - {name: Ala, routes: [Alden - Brask], tickets: [Alden - Corvo, Alden - Delm], stations: [Brask]}
  - {name: Bartek, routes: [Brask - Corvo], tickets: []}
  - {name: Celina, routes: [Brask - Delm], tickets: []}
""")
    ala = by_name(data)["Ala"]
    assert ala["stations"][0]["route_id"] == "b-d" and ala["stations"][0]["from"] == ["Celina"]
    assert ala["ticket_points"] == -5 + 8


def test_two_stations_chain_two_borrowed_routes():
    data = score("""
  - {name: Ala, routes: [Alden - Brask], tickets: [Alden - Esker], stations: [Corvo, Brask]}
  - {name: Bartek, routes: [Brask - Corvo, Corvo - Esker], tickets: []}
""")
    ala = by_name(data)["Ala"]
    assert ala["tickets"][0]["completed"] and ala["tickets"][0]["path"] == ["Alden", "Brask", "Corvo", "Esker"]
    assert sorted(s["route_id"] for s in ala["stations"]) == ["b-c", "c-e"]


def test_a_route_given_in_the_file_is_used_even_when_another_scores_more():
    data = score("""
  - name: Ala
    routes: [Alden - Brask]
    tickets: [Alden - Corvo, Alden - Delm]
    stations:
      - Brask: Brask - Corvo
  - {name: Bartek, routes: [Brask - Corvo], tickets: []}
  - {name: Celina, routes: [Brask - Delm], tickets: []}
""")
    ala = by_name(data)["Ala"]
    assert ala["stations"][0]["route_id"] == "b-c" and ala["stations"][0]["chosen_by"] == "file"
    assert ala["ticket_points"] == 5 - 8
    assert data["violations"] == []


def test_a_borrowed_route_into_an_outside_area_reaches_it():
    data = score("""
  - {name: Ala, routes: [Alden - Brask, Brask - Corvo, Corvo - Esker, Esker - Fennick], tickets: [Alden - Oversea], stations: [Fennick]}
  - {name: Bartek, routes: [Fennick - Oversea], tickets: []}
""")
    ala = by_name(data)["Ala"]
    assert ala["tickets"][0]["completed"] and ala["tickets"][0]["path"][-1] == "Oversea"


def test_every_violation_at_once_each_located():
    data = score("""
  - name: Ala
    routes: [Alden - Brask, Corvo - Esker]
    tickets: [Alden - Corvo]
    stations:
      - Brask
      - Brask
      - Corvo: Corvo - Esker
      - Delm: Delm - Esker
      - Esker
  - {name: Bartek, routes: [Brask - Corvo], tickets: [], stations: [Brask]}
""")
    messages = {v["message"]: v["where"] for v in data["violations"]}
    assert len(messages) == 5, messages
    found = {key: next(w for m, w in messages.items() if key in m) for key in
             ("twice", "only 3", "own route", "no player claimed", "a city takes one station")}
    assert found["twice"] == "game.yaml:9:9"
    assert found["own route"] == "game.yaml:10:16"
    assert found["no player claimed"] == "game.yaml:11:15"
    assert found["only 3"] == "game.yaml:12:9"
    assert found["a city takes one station"] == "game.yaml:13:69"
    ala = by_name(data)["Ala"]
    # counted: Brask, Corvo, Delm (Esker is the fourth, Brask the second time) -> no unused station
    assert ala["stations_used"] == 3 and ala["station_points"] == 0
    assert [s["counted"] for s in ala["stations"]] == [True, False, True, True, False]
    # Ala's station in Brask still borrows Bartek's Brask - Corvo: the ticket is done
    assert ala["tickets"][0]["completed"]
    with pytest.raises(Exception, match="5 rule violations"):
        score("""
  - name: Ala
    routes: [Alden - Brask, Corvo - Esker]
    tickets: [Alden - Corvo]
    stations: [Brask, Brask, {Corvo: Corvo - Esker}, {Delm: Delm - Esker}, Esker]
  - {name: Bartek, routes: [Brask - Corvo], tickets: [], stations: [Brask]}
""", strict=True)


def test_a_station_with_nothing_to_borrow_is_a_notice_not_a_violation():
    # the published rules allow it: the station is used (no 4 points) and borrows nothing
    data = score("""
  - {name: Ala, routes: [Alden - Brask], tickets: [], stations: [Gorse]}
  - {name: Bartek, routes: [Brask - Corvo], tickets: []}
""")
    assert data["violations"] == []
    assert len(data["notices"]) == 1 and "Gorse" in data["notices"][0]["message"]
    assert data["notices"][0]["where"] == "game.yaml:4:66"
    ala = by_name(data)["Ala"]
    assert ala["stations"][0]["borrows"] is None and ala["station_points"] == 8


def test_ranking_uses_fewest_stations_when_points_and_tickets_tie(tmp_path):
    # unused stations worth 0 here, so that two players tie on points with different station counts
    text = Path(MAP).read_text(encoding="utf-8").replace("points_unused: 4", "points_unused: 0")
    (tmp_path / "zero.yaml").write_text(text, encoding="utf-8")
    players = """
  - {name: Ala, routes: [Alden - Brask], tickets: [], stations: [Gorse, Esker]}
  - {name: Bartek, routes: [Delm - Esker], tickets: [], stations: [Fennick]}
"""
    data = score_text(f"map: stationtest\nplayers:\n{players}", str(tmp_path / "g.yaml"), base=tmp_path).as_json()
    p = by_name(data)
    assert p["Ala"]["total"] == p["Bartek"]["total"] == 12  # 2 points + the shared longest-path bonus
    assert p["Ala"]["tickets_completed"] == p["Bartek"]["tickets_completed"] == 0
    assert (p["Ala"]["rank"], p["Bartek"]["rank"]) == (2, 1)
    # without the tie-break they share the first place
    (tmp_path / "zero.yaml").write_text(text.replace(", fewest_stations_used", ""), encoding="utf-8")
    data = score_text(f"map: stationtest\nplayers:\n{players}", str(tmp_path / "g2.yaml"), base=tmp_path).as_json()
    assert [p["rank"] for p in data["players"]] == [1, 1]


def _yaml(text: str):
    from railprint.loading.yamlio import loads

    return loads(text, "zero.yaml")


def test_json_contract_keys_and_notices_are_additive():
    data = score("""
  - {name: Ala, routes: [Alden - Brask], tickets: [Alden - Corvo], stations: [Brask]}
  - {name: Bartek, routes: [Brask - Corvo], tickets: []}
""")
    json.dumps(data)
    assert set(data) >= {"game", "map", "file", "players", "violations", "notices"}
    for p in data["players"]:
        assert set(p) >= set(REQUIRED) | {"stations", "stations_used", "station_points", "notices"}


# ---- located errors ----------------------------------------------------------------------------
@pytest.mark.parametrize("stations, message, where", [
    ("[Oversea]", "outside area", "game.yaml:3:53"),
    ("[Brsk]", "unknown city", "game.yaml:3:53"),
    ("[{Brask: Corvo - Esker}]", "into or out of Brask", "game.yaml:3:61"),
    ("[{Brask: Alden - Esker}]", "no route", "game.yaml:3:61"),
])
def test_unreadable_stations_are_located_errors(stations, message, where):
    text = f"map: {MAP}\nplayers:\n  - {{name: Ala, routes: [Alden - Brask], stations: {stations}}}\n" \
           "  - {name: Bartek, routes: [Brask - Corvo]}\n"
    with pytest.raises(NotationError) as err:
        score_text(text, "game.yaml")
    assert message in str(err.value) and str(err.value.location) == where


def test_stations_on_a_map_without_them_are_an_error():
    with pytest.raises(NotationError, match="no train stations") as err:
        score_text("map: nordic\nplayers:\n  - {name: Ala, routes: [Oslo - Orebro], stations: [Oslo]}\n"
                   "  - {name: Bo, routes: []}\n", "g.yaml")
    assert err.value.location.line == 3


def test_map_rules_for_stations_are_checked():
    text = Path(MAP).read_text(encoding="utf-8")
    bad = text.replace("  stations: {per_player: 3, points_unused: 4}\n", "")
    with pytest.raises(ContentError, match="fewest_stations_used on a map without stations"):
        parse_map(_yaml(bad), "bad.yaml")
    bad = text.replace("per_player: 3", "per_player: 0")
    with pytest.raises(ContentError, match="per_player"):
        parse_map(_yaml(bad), "bad.yaml")
    bad = text.replace("parallel_routes:", "play:\n  setup_tickets: {deal: {long: 2, regular: 3}, keep_at_least: 2}\n"
                                           "parallel_routes:")
    with pytest.raises(ContentError, match="deals 2 long ticket"):
        parse_map(_yaml(bad), "bad.yaml")
    bad = text.replace("parallel_routes:", "play:\n  setup_tickets: {deal: 4, keep_at_least: 2}\nparallel_routes:")
    with pytest.raises(ContentError, match="say how many of each"):
        parse_map(_yaml(bad), "bad.yaml")
    good = text.replace("parallel_routes:", "play:\n  setup_tickets: {deal: {long: 1, regular: 3}, keep_at_least: 2}\n"
                                            "parallel_routes:")
    m = parse_map(_yaml(good), "good.yaml")
    assert m.play["setup_tickets"] == {"deal": {"long": 1, "regular": 3}, "keep_at_least": 2}
    assert [t.id for t in m.long_tickets] == ["t-ao"]
    worded = good.replace("deal: {long: 1, regular: 3}", "deal: 1 long + 3 regular")
    assert parse_map(_yaml(worded), "good.yaml").play["setup_tickets"]["deal"] == {"long": 1, "regular": 3}
    with pytest.raises(ContentError, match="deal"):
        parse_map(_yaml(good.replace("deal: {long: 1, regular: 3}", "deal: 1 long + 3 lengthy")), "bad.yaml")


# ---- the search: exact, and bounded --------------------------------------------------------------
def _brute(own, options, tickets):
    """Every assignment of every raw option (or nothing) to every station: the best value."""
    from railprint.graphs import UnionFind

    best = None
    for combo in product(*[[None, *opts] for opts in options]):
        uf = UnionFind()
        for _, u, v, _ in own:
            uf.union(u, v)
        for e in combo:
            if e is not None:
                uf.union(e[1], e[2])
        pts = done = 0
        for t in tickets:
            ok = any(uf.find(x) == uf.find(y) for x in t.a for y in t.b)
            pts += t.points if ok else -t.points
            done += ok
        value = (pts, done)
        best = value if best is None or value > best else best
    return best


def _value(own, chosen, tickets):
    return _brute(own, [[e] for e in chosen if e is not None], tickets) if any(chosen) else \
        _brute(own, [], tickets)


@pytest.mark.parametrize("seed", range(60))
def test_best_borrow_is_exact_against_brute_force_and_within_its_bound(seed):
    rnd = random.Random(seed)
    nodes = list(range(9))
    pairs = [(u, v) for u in nodes for v in nodes if u < v]
    routes = rnd.sample(pairs, 14)
    own = [(f"o{i}", u, v, 1) for i, (u, v) in enumerate(routes[:4])]
    foreign = routes[4:]
    cities = rnd.sample(nodes, 3)
    options = [[(f"f{j}", c, v if u == c else u, 1) for j, (u, v) in enumerate(foreign) if c in (u, v)]
               for c in cities]
    tickets = [OpenTicket((a,), (b,), rnd.randint(1, 12)) for a, b in rnd.sample(pairs, 5)]
    found = best_borrow(own, options, tickets)
    assert found.exact
    # the bound: never more assignments than prod(routes into each station's city + 1) <= (d + 1) ** 3
    degree = max(sum(c in p for p in foreign) for c in cities)
    assert found.evaluated <= found.bound <= (degree + 1) ** 3
    assert found.bound == (len(options[0]) + 1) * (len(options[1]) + 1) * (len(options[2]) + 1)
    # each chosen edge is one of its station's options
    for edge, opts in zip(found.chosen, options):
        assert edge is None or edge in opts
    assert _value(own, found.chosen, tickets) == _brute(own, options, tickets)


def test_the_search_of_the_example_map_stays_small():
    m = load_map_file(Path(__file__).resolve().parents[3] / "content" / "examples" / "amberline" / "amberline.yaml")
    busiest = max(len(ids) for ids in m.routes_at_city.values())
    assert (busiest + 1) ** 3 <= 1000


def test_the_content_format_docs_show_the_example_game_as_scored():
    root = Path(__file__).resolve().parents[3]
    out = cli_stdout("score", "ticket-to-ride", str(root / "content" / "examples" / "amberline" / "stations-game.yml"))
    readme = (root / "docs" / "content-format.md").read_text(encoding="utf-8")   # (moved from the README)
    block = readme.split("    $ railprint score ticket-to-ride content/examples/amberline/stations-game.yml\n", 1)[1]
    block = block.split("\n\n", 2)
    lines = [line[4:] for part in block[:2] for line in part.splitlines() if line.strip() not in ("", "...")]
    assert len(lines) > 10
    for line in lines:
        assert line in out.splitlines(), line
    assert "Ranking: 1. Ala (59), 2. Celina (39), 3. Bartek (35)" in out


def test_past_the_budget_the_search_improves_one_station_at_a_time_and_says_so():
    own = [("o", 0, 1, 1)]
    options = [[(f"s{s}r{k}", 10 + s, 20 + k, 1) for k in range(8)] for s in range(3)]
    tickets = [OpenTicket((0,), (20 + k,), 5) for k in range(8)] + [OpenTicket((10,), (21,), 9)]
    exact = best_borrow(own, options, tickets)
    assert exact.exact and exact.chosen[0] == ("s0r1", 10, 21, 1)
    rough = best_borrow(own, options, tickets, budget=10)
    assert not rough.exact and rough.evaluated <= 10 + 9 * 3
    assert _value(own, rough.chosen, tickets) >= _brute(own, [], tickets)


def test_a_game_written_with_stations_reads_back_the_same():
    from railprint.games.ticket_to_ride import format_game, parse_game

    m = load_map_file(MAP)
    text = format_game(MAP, [("Ala", ["a-b"], ["t-ac"], [("b", "b-c"), ("g", None)]),
                             ("Bartek", ["b-c", "e-f-red"], [], [])], m)
    record = parse_game(text, "g.yaml")
    ala = record.players[0]
    assert [(s.city, s.borrows) for s in ala.stations] == [("b", ("b-c",)), ("g", ())]
    assert record.players[1].stations == ()


@pytest.mark.parametrize("seed", range(40))
def test_whole_games_agree_with_a_plain_independent_scorer(seed):
    """Random legal games on the test map, scored end to end, against a plain scorer written
    from the rules: every assignment of an opponent's route (or none) to every station, tickets
    by plain graph search over own + borrowed routes."""
    m = load_map_file(MAP)
    rnd = random.Random(seed)
    routes = [r.id for r in m.routes if r.id != "e-f-blue"]  # one of the double: always legal
    rnd.shuffle(routes)
    n = rnd.randint(2, 4)
    hands = [routes[i::n][:rnd.randint(0, 4)] for i in range(n)]
    cities = [c.id for c in m.cities]
    rnd.shuffle(cities)
    stations = []
    for i in range(n):
        k = rnd.randint(0, 3)
        stations.append(cities[:k])
        cities = cities[k:]
    deck = list(m.tickets)
    rnd.shuffle(deck)
    tickets = [[deck.pop().id for _ in range(rnd.randint(0, 2))] for _ in range(n)]
    text = format_game_of(m, hands, tickets, stations)
    data = score_text(text, "g.yaml").as_json()
    assert data["violations"] == [], data["violations"]

    def connected(edges, a, b):
        seen, todo = {a}, [a]
        while todo:
            x = todo.pop()
            for u, v in edges:
                for p, q in ((u, v), (v, u)):
                    if p == x and q not in seen:
                        seen.add(q)
                        todo.append(q)
        return b in seen

    for i, player in enumerate(data["players"]):
        own = [(m.route[r].a, m.route[r].b) for r in hands[i]]
        others = {r for j, h in enumerate(hands) if j != i for r in h if r not in hands[i]}
        choices = [[None] + [r for r in others if c in (m.route[r].a, m.route[r].b)] for c in stations[i]]
        best = None
        for combo in product(*choices):
            edges = own + [(m.route[r].a, m.route[r].b) for r in combo if r]
            pts = done = 0
            for t in tickets[i]:
                tk = m.ticket[t]
                a_nodes = [tk.a] if tk.a in m.city else [e.id for e in m.area[tk.a].endpoints]
                b_nodes = [tk.b] if tk.b in m.city else [e.id for e in m.area[tk.b].endpoints]
                ok = any(connected(edges, x, y) for x in a_nodes for y in b_nodes)
                pts, done = pts + (tk.points if ok else -tk.points), done + ok
            best = (pts, done) if best is None or (pts, done) > best else best
        assert (player["ticket_points"], player["tickets_completed"]) == best
        assert player["station_points"] == 4 * (3 - len(stations[i]))
        assert player["route_points"] == sum(m.points_for_length[m.route[r].length] for r in hands[i])


def format_game_of(m, hands, tickets, stations) -> str:
    from railprint.games.ticket_to_ride import format_game

    return format_game(MAP, [(f"P{i}", hands[i], tickets[i], [(c, None) for c in stations[i]])
                             for i in range(len(hands))], m)


def test_a_station_and_its_route_quoted_as_one_string():
    data = score("""
  - {name: Ala, routes: [Alden - Brask], tickets: [Alden - Corvo], stations: ['Brask: Brask - Corvo']}
  - {name: Bartek, routes: [Brask - Corvo], tickets: []}
""")
    assert by_name(data)["Ala"]["stations"][0]["chosen_by"] == "file"
    with pytest.raises(NotationError) as err:
        score("""
  - {name: Ala, routes: [Alden - Brask], tickets: [Alden - Corvo], stations: ['Brask: Brask - Esker']}
  - {name: Bartek, routes: [Brask - Corvo], tickets: []}
""")
    assert str(err.value.location) == "game.yaml:4:87"


def test_a_ticket_done_by_own_routes_shows_their_path_not_a_shorter_borrowed_one():
    # Ala joins Alden and Corvo on her own (4 routes); her station in Brask borrows Brask - Corvo
    # (given): a shortcut, but the ticket needs no station, so her own path is shown
    data = score("""
  - name: Ala
    routes: [Alden - Brask, Brask - Delm, Delm - Esker, Corvo - Esker]
    tickets: [Alden - Corvo]
    stations: [{Brask: Brask - Corvo}]
  - {name: Bartek, routes: [Brask - Corvo], tickets: []}
""")
    (ticket,) = by_name(data)["Ala"]["tickets"]
    assert ticket["path"] == ["Alden", "Brask", "Delm", "Esker", "Corvo"] and ticket["borrowed"] == []
