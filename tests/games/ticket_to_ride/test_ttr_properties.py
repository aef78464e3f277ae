"""Properties of the scorer (hypothesis) and the exactness of the longest-trail search."""

from __future__ import annotations

import itertools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from railprint.games.ticket_to_ride import format_game, load_map, parse_game, score_text
from railprint.games.ticket_to_ride.graph import longest_trail

NORDIC = load_map("nordic")
ITALY = load_map("italy")
MAPS = {"nordic": NORDIC, "italy": ITALY}
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def hands(draw, map_name=None):
    """A map, a player's routes (distinct ids, any order) and kept tickets."""
    name = map_name or draw(st.sampled_from(sorted(MAPS)))
    m = MAPS[name]
    routes = draw(st.lists(st.sampled_from([r.id for r in m.routes]), unique=True, max_size=25))
    tickets = draw(st.lists(st.sampled_from([t.id for t in m.tickets]), unique=True, max_size=8))
    return name, routes, tickets


def _score(name: str, routes: list[str], tickets: list[str]):
    m = MAPS[name]
    text = format_game(name, [("Ala", routes, tickets), ("Bartek", [], [])], m)
    return score_text(text, "prop.yaml").games[0].players[0]


@SETTINGS
@given(hands(), st.data())
def test_adding_a_route_never_uncompletes_a_ticket(hand, data):
    name, routes, tickets = hand
    m = MAPS[name]
    extra = data.draw(st.sampled_from([r.id for r in m.routes if r.id not in routes]))
    before = {t.ticket.id: t.completed for t in _score(name, routes, tickets).tickets}
    after = {t.ticket.id: t.completed for t in _score(name, routes + [extra], tickets).tickets}
    assert all(after[t] for t, done in before.items() if done)


@SETTINGS
@given(hands())
def test_longest_trail_is_between_the_longest_route_and_the_trains_used(hand):
    name, routes, tickets = hand
    p = _score(name, routes, tickets)
    longest_route = max((MAPS[name].route[r].length for r in routes), default=0)
    assert longest_route <= p.longest_path <= p.trains_used


@SETTINGS
@given(hands(), st.randoms(use_true_random=False))
def test_the_score_does_not_depend_on_the_order_of_routes(hand, rnd):
    name, routes, tickets = hand
    shuffled = list(routes)
    rnd.shuffle(shuffled)
    a, b = _score(name, routes, tickets), _score(name, shuffled, tickets)
    assert (a.total, a.route_points, a.trains_used, a.ticket_points, a.region_bonus, a.longest_path) == \
           (b.total, b.route_points, b.trains_used, b.ticket_points, b.region_bonus, b.longest_path)
    assert sorted(n.count for n in a.networks) == sorted(n.count for n in b.networks)


@SETTINGS
@given(hands())
def test_a_written_game_reads_back_the_same(hand):
    name, routes, tickets = hand
    m = MAPS[name]
    text = format_game(name, [("Ala", routes, tickets)], m)
    game = parse_game(text, "rt.yaml")
    (player,) = game.players
    assert [t.ticket for t in player.tickets] == tickets
    for claim, rid in zip(player.claims, routes):
        assert rid in claim.options
        assert len({m.route[o].scoring_kind() for o in claim.options}) == 1


def test_a_completed_ticket_path_uses_only_the_players_routes():
    routes = ["oslo-orebro-green", "orebro-stockholm-black", "stockholm-turku", "helsinki-turku"]
    p = _score("nordic", routes, ["t25"])
    (t,) = p.tickets
    assert t.completed and t.path == ("oslo", "orebro", "stockholm", "turku", "helsinki")
    held = {NORDIC.route[r].pair for r in routes}
    assert all(frozenset(pair) in held for pair in zip(t.path, t.path[1:]))


def test_an_area_to_area_ticket_needs_one_network_touching_both():
    # Francia - Austria: Torino - Francia ... Bolzano - Austria, joined through Italian cities
    joined = ["torino-francia-yellow", "milano-torino-black", "bergamo-milano-orange", "bergamo-bolzano",
              "bolzano-austria"]
    assert _score("italy", joined, ["t55"]).tickets[0].completed
    assert not _score("italy", joined[:2] + joined[3:], ["t55"]).tickets[0].completed


# ---- the trail search against brute force -----------------------------------------------------
def _brute(edges):
    adj = {}
    for i, (_, u, v, w) in enumerate(edges):
        adj.setdefault(u, []).append((i, v, w))
        adj.setdefault(v, []).append((i, u, w))
    best = 0

    def walk(x, used, length):
        nonlocal best
        best = max(best, length)
        for i, y, w in adj[x]:
            if not used >> i & 1:
                walk(y, used | 1 << i, length + w)

    for x in adj:
        walk(x, 0, 0)
    return best


@settings(max_examples=400, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6), st.integers(1, 6)), min_size=1, max_size=11))
def test_longest_trail_is_exact_on_small_multigraphs(raw):
    edges = [(i, u, v, w) for i, (u, v, w) in enumerate(raw)]
    assert longest_trail(edges) == _brute(edges)


def test_longest_trail_known_shapes():
    # a triangle with a spur: Euler trail through everything
    assert longest_trail([(0, "a", "b", 1), (1, "b", "c", 1), (2, "c", "a", 1), (3, "a", "d", 2)]) == 5
    # a star of four arms: only two arms can be used
    star = [(i, "hub", f"x{i}", w) for i, w in enumerate((5, 4, 3, 2))]
    assert longest_trail(star) == 9
    # K4 with unit weights: 6 edges, 4 odd vertices -> 5
    k4 = [(i, a, b, 1) for i, (a, b) in enumerate(itertools.combinations("abcd", 2))]
    assert longest_trail(k4) == 5
    # dead ends into one area never join: two separate edges of 3 -> 3
    assert longest_trail([(0, "torino", ("end", 0), 3), (1, "milano", ("end", 1), 3)]) == 3
