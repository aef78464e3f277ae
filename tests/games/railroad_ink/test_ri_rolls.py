"""Seeded dice rolls: reproducible, spread like the real dice, and printed on tonight's sheet."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

import pytest

import railprint.games.railroad_ink.rollwrite as rw
from railprint.errors import RailprintError
from railprint.games.railroad_ink.model import load_dice
from railprint.games.railroad_ink.rollwrite import roll_game, roll_text, tonight_sheet
from railprint.scene import Group
from railprint.writers import render
from tests.helpers import pdf_texts

DICE = load_dice()
SEEDS = range(3000)
# chi-square critical values at p = 0.001 (deterministic seeds, so the test never flickers)
CHI2_999 = {1: 10.83, 2: 13.82, 3: 16.27, 4: 18.47, 5: 20.52}


def _chi2(counts: Counter, expected: dict) -> float:
    total = sum(counts.values())
    return sum((counts.get(k, 0) - p * total) ** 2 / (p * total) for k, p in expected.items())


@pytest.fixture(scope="module")
def games():
    """Meteor games of 3000 seeds (their route dice are those of the base game too)."""
    return [roll_game(DICE, seed, "meteor", rounds=6) for seed in SEEDS]


@pytest.fixture(scope="module")
def lava_games():
    return [roll_game(DICE, seed, "lava", rounds=6) for seed in SEEDS]


def test_route_dice_are_uniform_over_their_six_faces(games):
    counts = Counter(r.face.route for g in games for rnd in g.rounds for r in rnd.route if r.die == "route")
    assert set(counts) == {"h.h.", "r.r.", "hh..", "rr..", "hhh.", "rrr."}
    assert _chi2(counts, {k: 1 / 6 for k in counts}) < CHI2_999[5]


def test_special_die_shows_each_special_a_third_of_the_time(games):
    counts = Counter(r.face.id for g in games for rnd in g.rounds for r in rnd.route if r.die == "special")
    assert _chi2(counts, {"overpass": 1 / 3, "station-straight": 1 / 3, "station-curve": 1 / 3}) < CHI2_999[2]


def test_meteor_dice_follow_their_faces(games):
    meteor = games
    direction = Counter(rnd.extra[0].face.arrow for g in meteor for rnd in g.rounds)
    distance = Counter(rnd.extra[1].face.distance for g in meteor for rnd in g.rounds)
    assert _chi2(direction, {"N": 1 / 6, "E": 1 / 6, "S": 1 / 6, "W": 1 / 6, "any": 1 / 3}) < CHI2_999[4]
    assert _chi2(distance, {1: 1 / 2, 2: 1 / 3, 3: 1 / 6}) < CHI2_999[2]
    # and the test is sharp: a fair 1-2-3 die would fail it
    assert _chi2(distance, {1: 1 / 3, 2: 1 / 3, 3: 1 / 3}) > CHI2_999[2]


def test_lava_dice_follow_their_faces(lava_games):
    lava = lava_games
    counts = Counter(r.face.id for g in lava for rnd in g.rounds for r in rnd.extra)
    expected = {"lava-corner": 1 / 3, "lava-straight": 1 / 6, "lava-three": 1 / 6, "lava-railway": 1 / 6,
                "lava-highway": 1 / 6}
    assert _chi2(counts, expected) < CHI2_999[4]


def test_the_three_route_dice_are_independent(games):
    pairs = Counter((rnd.route[0].face.id, rnd.route[1].face.id) for g in games for rnd in g.rounds)
    assert len(pairs) == 36
    # chi-square over the 36 cells, df = 35: critical value at p = 0.001 is 66.62
    assert _chi2(pairs, {k: 1 / 36 for k in pairs}) < 66.62


def test_same_seed_same_rolls_different_seeds_different_rolls():
    assert roll_game(DICE, 4242) == roll_game(DICE, 4242)
    sequences = {tuple(r.face.id for rnd in roll_game(DICE, s).rounds for r in rnd.route) for s in range(200)}
    assert len(sequences) == 200


def test_rolls_are_pinned_for_a_known_seed():
    # Guards reproducibility across Python versions: only Random(seed).random() is used.
    game = roll_game(DICE, 4242, "lava")
    first = [r.face.id for r in game.rounds[0].all]
    assert first == GOLDEN_4242_LAVA_ROUND_1


def test_route_dice_do_not_depend_on_the_expansion():
    base = roll_game(DICE, 99)
    for exp in ("meteor", "lava"):
        other = roll_game(DICE, 99, exp)
        assert [r.route for r in other.rounds] == [r.route for r in base.rounds[:6]]
    assert len(base.rounds) == 7 and all(not r.extra for r in base.rounds)


def test_no_version_dependent_random_calls():
    source = Path(rw.__file__).read_text(encoding="utf-8")
    called = {node.func.attr for node in ast.walk(ast.parse(source))
              if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)}
    assert not called & {"randrange", "randint", "choice", "choices", "shuffle", "sample", "seed"}
    assert "random.random()" not in source  # never the global generator


def test_roll_text_names_and_draws_every_die():
    game = roll_game(DICE, 4242, "meteor")
    text = roll_text(game, DICE, round_number=2)
    rnd = game.rounds[1]
    for roll in rnd.all:
        assert roll.face.name.en in text
    assert "Round 2" in text and "Round 3" not in text
    assert text.count("┌─────┐") == 6
    assert "route die 3" in text and "meteor distance die" in text
    polish = roll_text(game, DICE, lang="pl")
    assert "Runda 6" in polish and "kostka trasy" in polish
    # the heading too, with the sheet's word for the seed (it was "seed 4242, meteor, 6 rounds")
    assert polish.splitlines()[0] == "Railroad Ink — ziarno 4242, Meteoryt, rundy: 6"
    assert text.splitlines()[0] == "Railroad Ink — seed 4242, meteor, 6 rounds"
    with pytest.raises(RailprintError, match="rounds 1 to 6"):
        roll_text(game, DICE, round_number=7)


def _pdf(doc):
    data = render(doc, "pdf")[0]
    return data, pdf_texts(data)


def test_tonight_sheet_is_byte_identical_for_the_same_seed_and_date():
    a = render(tonight_sheet(4242, expansion="lava", players=2, date="2026-11-25"), "pdf")[0]
    b = render(tonight_sheet(4242, expansion="lava", players=2, date="2026-11-25"), "pdf")[0]
    c = render(tonight_sheet(4243, expansion="lava", players=2, date="2026-11-25"), "pdf")[0]
    d = render(tonight_sheet(4242, expansion="lava", players=2, date="2026-11-26"), "pdf")[0]
    assert a == b
    assert a != c and a != d


def _track_ids(page):
    out = []

    def visit(items):
        for item in items:
            if isinstance(item, Group):
                if item.id and item.id.startswith("track-"):
                    out.append(item.id)
                visit(item.items)

    visit(page.items)
    return out


@pytest.mark.parametrize("expansion,rounds,extra", [("none", 7, 0), ("meteor", 6, 2), ("lava", 6, 2)])
def test_round_track_shows_the_seeds_rolls(expansion, rounds, extra):
    doc = tonight_sheet(777, expansion=expansion, players=3, date="2026-11-25", paper="letter")
    assert len(doc.pages) == 3
    game = roll_game(DICE, 777, expansion)
    expected = []
    for rnd in game.rounds:
        expected += [f"track-{rnd.number}-{i + 1}-{r.face.id}" for i, r in enumerate(rnd.route)]
        expected += [f"track-{rnd.number}-x{i + 1}-{r.face.id}" for i, r in enumerate(rnd.extra)]
    assert len(expected) == rounds * (4 + extra)
    for page in doc.pages:  # identical sheets: same rolls on every page
        assert _track_ids(page) == expected
    _, texts = _pdf(doc)
    for i, text in enumerate(texts, 1):
        assert "seed 777" in text and "date 2026-11-25" in text
        assert f"Round {rounds}" in text and f"Round {rounds + 1}" not in text
        assert f"page {i}/3" in text
    # apart from the page number the sheets are the same drawing
    bodies = [page.items[0] for page in doc.pages]
    assert bodies[0] == bodies[1] == bodies[2]


def test_bad_options():
    with pytest.raises(RailprintError, match="did you mean 'meteor'"):
        tonight_sheet(1, expansion="meteo")
    with pytest.raises(RailprintError):
        tonight_sheet(1, players=0)
    with pytest.raises(RailprintError, match="unknown language"):
        tonight_sheet(1, lang="de")
    with pytest.raises(RailprintError):
        roll_game(DICE, -5)


# random.Random(4242): the first eight draws x 6 are 5 2 0 2 1 1 2 4 -> faces of route, route, route,
# special, (meteor, meteor), lava, lava.
GOLDEN_4242_LAVA_ROUND_1 = ['railway-t', 'highway-curve', 'highway-straight', 'station-curve', 'lava-straight',
                            'lava-railway']
