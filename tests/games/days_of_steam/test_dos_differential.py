"""Differential test: the Days of Steam scorer against an independent oracle (oracle.py).

Hundreds of seeded random finished games (2-4 players, ties at every tie-break level, full ties,
the 13-VP instant win, lower-case and empty goods) are written to a file, scored by the real
scorer through the registry, and every contract field is compared with the oracle. Error cases
from the contract must exit 1 from the CLI with file:line locations, all problems at once.
Random maps are grown by legal play (oracle.random_board) and sometimes broken in one way; the
circuits found and allowed and the presence of violations are compared with the oracle.

Readings where the contract or the rulebook leaves room (compared only where both agree):
- violations are compared as present/absent, never by wording;
- a map's goods bound counts 2 goods for every city on it, the start city too (the setup text
  "po dwie kostki towarów dla każdego z wylosowanych żetonów miast" may or may not include it);
- with an overlay tile on the map the counters are not checked (circuits_allowed is None).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest
import yaml

from railprint.registry import find_game, scorer
from tests.games.days_of_steam import oracle
from tests.helpers import run_cli

GAMES = 300
FIELDS = ("name", "goods", "colours", "colour_bonus", "circuits", "steam", "total", "rank")


def _score(path: Path) -> dict:
    return scorer(find_game("days-of-steam"))([path], strict=False).as_json()


def _decided_by(expected: dict) -> set[str]:
    """Which tie-break levels decided some pair of players in this game (for coverage)."""
    found = set()
    rows = expected["players"]
    for i, a in enumerate(rows):
        for b in rows[i + 1:]:
            if a["total"] != b["total"]:
                continue
            if a["circuits"] != b["circuits"]:
                found.add("circuits")
            elif a["steam"] != b["steam"]:
                found.add("steam")
            else:
                found.add("shared")
    return found


def test_random_games_match_the_oracle(tmp_path: Path) -> None:
    seen: Counter = Counter()
    mismatches = []
    for seed in range(GAMES):
        game = oracle.random_game(seed)
        expected = oracle.score(game.data)
        path = tmp_path / f"g{seed}.yaml"
        path.write_text(game.text, encoding="utf-8")
        got = _score(path)
        got_rows = [{f: row.get(f) for f in FIELDS} for row in got["players"]]
        if (got_rows != expected["players"] or sorted(got["winner"]) != sorted(expected["winner"])
                or bool(got["violations"]) != bool(expected["violations"])):
            mismatches.append(f"{game.label}\n{game.text}expected {expected}\ngot {got}")
        seen.update(_decided_by(expected))
        seen[f"players={len(game.data['players'])}"] += 1
        seen[f"end={game.data['end']}"] += 1
        seen.update(f"colours={r['colours']}" for r in expected["players"])
        seen["shared win"] += len(expected["winner"]) > 1
        seen["violations"] += bool(expected["violations"])
    assert not mismatches, f"{len(mismatches)} of {GAMES} games differ; first:\n{mismatches[0]}"
    # the generator really reaches every edge case (otherwise this test proves little)
    for case in ("circuits", "steam", "shared", "shared win", "players=2", "players=3", "players=4",
                 "players=1", "players=5", "violations", "end=tiles", "end=instant", *(f"colours={k}" for k in range(5))):
        assert seen[case] >= 5, (case, seen)


def test_the_contract_example_matches_the_oracle(tmp_path: Path) -> None:
    text = ("game: days-of-steam\nend: tiles\nplayers:\n"
            "  - {name: Ala,    goods: RRG, circuits: 1, steam: 2}\n"
            "  - {name: Bartek, goods: YBR, circuits: 0, steam: 5}\n")
    path = tmp_path / "example.yaml"
    path.write_text(text, encoding="utf-8")
    expected = oracle.score(yaml.safe_load(text))
    # Ala: 3 goods 6 + 2 colours 1 + 1 circuit = 8; Bartek: 6 + 3 colours 3 = 9
    assert [r["total"] for r in expected["players"]] == [8, 9]
    got = _score(path)
    assert [{f: r[f] for f in FIELDS} for r in got["players"]] == expected["players"]
    assert got["winner"] == ["Bartek"]


def test_json_from_the_cli_is_the_api_result(tmp_path: Path) -> None:
    game = oracle.random_game(7)
    path = tmp_path / "g.yaml"
    path.write_text(game.text, encoding="utf-8")
    result = run_cli("score", "days-of-steam", str(path), "--json")
    assert result.exit_code == 0, result.output
    shown = json.loads(result.stdout)
    expected = oracle.score(game.data)
    assert [{f: r[f] for f in FIELDS} for r in shown["players"]] == expected["players"]


# ----------------------------------------------------------------------------- error cases

def _base(players: list[tuple[str, str, int, int]], end: str = "tiles") -> tuple[str, dict]:
    """Game text with one player a line; returns the text and name -> line."""
    lines = ["game: days-of-steam", f"end: {end}", "players:"]
    where = {}
    for name, goods, circuits, steam in players:
        where[name] = len(lines) + 1
        lines.append(f'  - {{name: {name}, goods: "{goods}", circuits: {circuits}, steam: {steam}}}')
    return "\n".join(lines) + "\n", where


# (label, players, end, the players whose line must be named in the message)
ERRORS = [
    ("steam above 6", [("Ala", "RG", 1, 7), ("Bartek", "B", 0, 3)], "tiles", ["Ala"]),
    ("steam below 0", [("Ala", "RG", 1, 2), ("Bartek", "B", 0, -1)], "tiles", ["Bartek"]),
    ("unknown goods letter", [("Ala", "RXG", 1, 2), ("Bartek", "B", 0, 3)], "tiles", ["Ala"]),
    ("8 goods of one colour", [("Ala", "RRRRR", 0, 2), ("Bartek", "RRRB", 0, 3)], "tiles", []),
    ("8 circuit counters in all", [("Ala", "R", 4, 2), ("Bartek", "B", 4, 3)], "tiles", []),
    ("8 circuit counters for one player", [("Ala", "R", 8, 2), ("Bartek", "B", 0, 3)], "tiles", ["Ala"]),
    ("instant, nobody at 13", [("Ala", "RRGG", 1, 2), ("Bartek", "B", 0, 3)], "instant", []),
    ("instant, two at 13", [("Ala", "RRGGY", 0, 2), ("Bartek", "BBYYR", 0, 3)], "instant", []),
    ("names repeat (any case)", [("Ala", "R", 0, 2), ("ala", "B", 0, 3)], "tiles", []),
]


@pytest.mark.parametrize("label, players, end, located", ERRORS, ids=[e[0] for e in ERRORS])
def test_contract_errors_exit_1_with_a_location(tmp_path: Path, label, players, end, located) -> None:
    text, where = _base(players, end)
    data = yaml.safe_load(text)
    with pytest.raises(oracle.Unscorable):
        oracle.score(data)
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    result = run_cli("score", "days-of-steam", str(path), "--json")
    assert result.exit_code == 1, (label, result.output)
    assert result.stdout == "", "no half-written output"
    assert "Traceback" not in result.output
    lines = [int(part.split(":")[0]) for part in result.stderr.split(f"{path}:")[1:]
             if part.split(":")[0].isdigit()]
    assert lines, f"{label}: no {path}:LINE location in {result.stderr!r}"
    for name in located:
        assert where[name] in lines, (label, where[name], result.stderr)


def test_all_problems_are_reported_at_once(tmp_path: Path) -> None:
    text, where = _base([("Ala", "RQ", 1, 2), ("Bartek", "B", 0, 9), ("Celina", "Y", 0, 1)])
    path = tmp_path / "two.yaml"
    path.write_text(text, encoding="utf-8")
    result = run_cli("score", "days-of-steam", str(path))
    assert result.exit_code == 1
    assert f"{path}:{where['Ala']}:" in result.stderr and f"{path}:{where['Bartek']}:" in result.stderr


def test_random_broken_games_are_errors(tmp_path: Path) -> None:
    """Legal games made illegal in one seeded way each: the oracle and the CLI both refuse them."""
    for seed in range(40):
        rng = random.Random(1000 + seed)
        game = oracle.random_game(seed)
        data = yaml.safe_load(game.text)
        i = rng.randrange(len(data["players"]))
        kind = seed % 4
        if kind == 0:
            data["players"][i]["steam"] = rng.choice([-1, 7, 12])
        elif kind == 1:
            data["players"][i]["goods"] = (oracle.goods_letters(data["players"][i]["goods"])
                                           + rng.choice("XZQW"))
        elif kind == 2:
            data["players"][i]["circuits"] = 8
        else:
            data["players"][i]["goods"] = oracle.goods_letters(data["players"][i]["goods"]) + "R" * 8
        with pytest.raises(oracle.Unscorable):
            oracle.score(data)
        path = tmp_path / f"bad{seed}.yaml"
        path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
        result = run_cli("score", "days-of-steam", str(path), "--json")
        assert result.exit_code == 1 and f"{path}:" in result.stderr, (seed, kind, result.output)


# ----------------------------------------------------------------------------- the map

MAPS = 120
OVERLAY_KINDS = {"st", "cu", "sw", "dc"}  # kinds printed with the overlay symbol


def _map_game(seed: int):
    """A map grown by legal play, maybe broken in one way; claims and goods around the bounds.
    Returns (file text, parsed data, board, what the oracle expects)."""
    rng = random.Random(50_000 + seed)
    start = rng.choice([None, *oracle.SEEDS])
    board = oracle.random_board(rng, rng.randint(6, 24), box=rng.choice([0, 1, 1, 2]), start=start)
    change = rng.choice(["none", "none", "none", "rotate", "overlay", "far", "goods"])
    tracks = sorted(c for c, item in board.cells.items() if item[0] == "track")
    if change == "rotate" and tracks:
        cell = rng.choice(tracks)
        _t, kind, rot, flag = board.cells[cell]
        board.cells[cell] = ("track", kind, (rot + rng.randint(1, 3)) % 4, flag)
    elif change == "overlay":
        plain = [c for c in tracks if board.cells[c][1] in OVERLAY_KINDS and board.cells[c][3] == ""]
        if plain:
            cell = rng.choice(plain)
            _t, kind, rot, _f = board.cells[cell]
            board.cells[cell] = ("track", kind, rot, "o")  # the same track, printed as an overlay tile
    elif change == "far":
        # a straight run east from the easternmost column's first cell: the run's tiles pass 5
        row = min(r for r, _c in board.cells)
        east = max(c for _r, c in board.cells) + 1
        board.cells[(row - 1, east)] = ("city", rng.choice(oracle.COLOURS))
        for k in range(rng.choice([5, 6])):
            board.cells[(row - 1, east + 1 + k)] = ("track", "st", 1, "")
    found = oracle.allowed_counters(board)
    if found is None:
        return None
    n_found, allowed = found
    claim = min(7, allowed + rng.choice([0, 0, 1]))
    colours = sorted({item[1] for item in board.cells.values() if item[0] == "city"})
    cities = sum(1 for item in board.cells.values() if item[0] == "city")
    pool = colours if change != "goods" else list(oracle.COLOURS)
    n_goods = rng.randint(0, 2 * cities + (1 if change == "goods" else 0))
    goods = "".join(rng.choice(pool) for _ in range(min(n_goods, 7)))
    split = rng.randint(0, claim)
    text = ("game: days-of-steam\nend: tiles\nplayers:\n"
            f"  - {{name: Ala, goods: \"{goods}\", circuits: {split}, steam: {rng.randint(0, 6)}}}\n"
            f"  - {{name: Bartek, goods: \"\", circuits: {claim - split}, steam: {rng.randint(0, 6)}}}\n"
            "map: |\n" + "".join(f"  {line}\n" for line in board.text().splitlines()))
    data = yaml.safe_load(text)
    overlay = any(item[0] == "track" and item[3] == "o" for item in board.cells.values())
    problems = oracle.map_problems(board) + oracle.goods_problems(board, data["players"])
    over_claimed = claim > allowed and not overlay
    return text, data, board, {"found": n_found, "allowed": allowed, "problems": problems,
                               "over_claimed": over_claimed, "overlay": overlay, "change": change}


def test_random_maps_match_the_oracle(tmp_path: Path) -> None:
    seen: Counter = Counter()
    mismatches = []
    compared = 0
    for seed in range(MAPS):
        made = _map_game(seed)
        if made is None:
            continue
        text, data, board, want = made
        path = tmp_path / f"m{seed}.yaml"
        path.write_text(text, encoding="utf-8")
        got = _score(path)
        compared += 1
        expected = oracle.score(data)
        problems = []
        if [{f: r.get(f) for f in FIELDS} for r in got["players"]] != expected["players"]:
            problems.append("player fields")
        if bool(got["violations"]) != bool(want["problems"] or want["over_claimed"] or expected["violations"]):
            problems.append("violations")
        # with an overlay tile the final map no longer bounds the counters: not checked (None)
        if not want["problems"] and got["map"]["circuits_allowed"] != (None if want["overlay"] else want["allowed"]):
            problems.append("circuits_allowed")
        if (not want["problems"] and got["map"].get("search_complete")
                and got["map"]["circuits_found"] != want["found"]):
            problems.append("circuits_found")
        if problems:
            mismatches.append(f"map seed {seed} {problems}: want {want}\n{text}got {got['violations']} {got['map']}")
        seen[want["change"]] += 1
        seen["over-claimed"] += want["over_claimed"]
        seen["problems"] += bool(want["problems"])
        seen[f"allowed={want['allowed'] if want['allowed'] == 7 else min(want['allowed'], 3)}"] += 1
    assert not mismatches, f"{len(mismatches)} of {compared} maps differ:\n" + "\n".join(mismatches)
    for case in ("none", "rotate", "overlay", "far", "goods", "over-claimed", "problems",
                 "allowed=0", "allowed=1", "allowed=2", "allowed=3", "allowed=7"):
        assert seen[case] >= 3, (case, seen)


@pytest.mark.parametrize("run, too_far", [(5, False), (6, True)])
def test_the_fifth_tile_from_a_city_is_the_last_one(tmp_path: Path, run: int, too_far: bool) -> None:
    """'w odległości pięciu lub mniej żetonów od miasta': the tile beside a city is 1, the 5th is legal."""
    row = "G " + " ".join(["st1"] * run)
    board = oracle.board_from_text(row)
    assert bool(oracle.map_problems(board)) == too_far
    path = tmp_path / "run.yaml"
    path.write_text("end: tiles\nplayers:\n  - {name: Ala, goods: G, circuits: 0, steam: 1}\n"
                    f"  - {{name: Bartek, goods: '', circuits: 0, steam: 1}}\nmap: |\n  {row}\n", encoding="utf-8")
    assert bool(_score(path)["violations"]) == too_far


def test_cities_side_by_side_are_a_violation(tmp_path: Path) -> None:
    rows = "cu1 st1 cu2\nR   st1 G   B\ncu0 st1 cu3"
    board = oracle.board_from_text(rows)
    assert oracle.map_problems(board) == ["cities side by side at (1, 2) and (1, 3)"]
    path = tmp_path / "side.yaml"
    path.write_text("end: tiles\nplayers:\n  - {name: Ala, goods: R, circuits: 0, steam: 2}\n"
                    "  - {name: Bartek, goods: '', circuits: 0, steam: 2}\nmap: |\n"
                    + "".join(f"  {line}\n" for line in rows.splitlines()), encoding="utf-8")
    assert _score(path)["violations"]


def test_strict_turns_the_oracles_violations_into_exit_1(tmp_path: Path) -> None:
    """The first random map games the oracle calls over-claimed, and the first it calls clean."""
    picked = {}
    for seed in range(MAPS):
        made = _map_game(seed)
        if made is None:
            continue
        text, data, _board, want = made
        bad = bool(want["problems"] or want["over_claimed"] or oracle.score(data)["violations"])
        if want["over_claimed"] and not want["problems"]:
            picked.setdefault(True, text)
        elif not bad:
            picked.setdefault(False, text)
        if len(picked) == 2:
            break
    for bad, text in picked.items():
        path = tmp_path / f"strict-{bad}.yaml"
        path.write_text(text, encoding="utf-8")
        assert run_cli("score", "days-of-steam", str(path), "--json").exit_code == 0
        strict = run_cli("score", "days-of-steam", str(path), "--json", "--strict")
        assert strict.exit_code == (1 if bad else 0), strict.output
        if bad:
            assert "circuit counters claimed" in strict.stderr and f"{path}:" in strict.stderr
