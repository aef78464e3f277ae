"""An independent oracle for the Days of Steam end-of-game scorer (differential tests).

Written from the Polish rulebook (shared/seeds/000_*, "Punktacja" and "Koniec gry i wyłonienie
zwycięzcy") and the contract (shared/reference/days-of-steam-game-format.md) only, without
reading railprint/games/days_of_steam. Kept small and plain on purpose:

- 2 VP per delivered good, 1 VP per circuit counter;
- colour bonus by the number of different colours delivered: 0/1 -> 0, 2 -> 1, 3 -> 3, 4 -> 5;
- end by the last tile: highest total wins, ties to more circuit points, then to more steam,
  players still tied share the place (ranks 1, 1, 3);
- end by 13 VP: exactly one player has >= 13 VP and wins.

``score(data)`` takes the parsed YAML and returns the contract fields, or raises
:class:`Unscorable` with one message per problem the contract calls an error.
Also the random game generator used by the differential test.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

COLOURS = "RGYB"
PER_GOOD = 2
PER_CIRCUIT = 1
COLOUR_BONUS = {0: 0, 1: 0, 2: 1, 3: 3, 4: 5}
INSTANT_VP = 13
CUBES_PER_COLOUR = 7
CIRCUIT_COUNTERS = 7
STEAM_MAX = 6


class Unscorable(Exception):
    def __init__(self, problems: list[str]):
        super().__init__("; ".join(problems))
        self.problems = problems


def goods_letters(value) -> str:
    """The goods string as upper-case letters ('' and '-' mean none)."""
    if value is None:
        return ""
    text = str(value).strip()
    return "" if text == "-" else text.upper()


def score(data: dict) -> dict:
    problems: list[str] = []
    players = data["players"]
    rows = []
    per_colour = {c: 0 for c in COLOURS}
    circuits_all = 0
    for p in players:
        letters = goods_letters(p.get("goods"))
        bad = [ch for ch in letters if ch not in COLOURS]
        if bad:
            problems.append(f"{p['name']}: unknown goods letter {bad[0]!r}")
        for ch in letters:
            if ch in per_colour:
                per_colour[ch] += 1
        circuits = p["circuits"]
        steam = p["steam"]
        if not 0 <= circuits <= CIRCUIT_COUNTERS:
            problems.append(f"{p['name']}: circuits {circuits} outside 0-7")
        if not 0 <= steam <= STEAM_MAX:
            problems.append(f"{p['name']}: steam {steam} outside 0-6")
        circuits_all += circuits
        good = [ch for ch in letters if ch in COLOURS]
        colours = len(set(good))
        goods_vp = PER_GOOD * len(good)
        bonus = COLOUR_BONUS[colours]
        circuit_vp = PER_CIRCUIT * circuits
        rows.append({"name": p["name"], "goods": goods_vp, "colours": colours, "colour_bonus": bonus,
                     "circuits": circuit_vp, "steam": steam, "total": goods_vp + bonus + circuit_vp})
    for c, n in per_colour.items():
        if n > CUBES_PER_COLOUR:
            problems.append(f"{n} goods of colour {c} (only 7 exist)")
    if sum(per_colour.values()) > CUBES_PER_COLOUR * len(COLOURS):
        problems.append("more than 28 goods in all")
    if circuits_all > CIRCUIT_COUNTERS:
        problems.append(f"{circuits_all} circuit counters in all (only 7 exist)")
    names = [str(p["name"]).casefold() for p in players]
    if len(set(names)) != len(names):
        problems.append("player names repeat")
    end = data.get("end", "tiles")
    if end == "instant":
        at13 = [r for r in rows if r["total"] >= INSTANT_VP]
        if len(at13) != 1:
            problems.append(f"end: instant needs exactly one player at 13 VP, found {len(at13)}")
    if problems:
        raise Unscorable(problems)

    def key(r):  # bigger is better: total, then circuit points, then steam
        return (r["total"], r["circuits"], r["steam"])

    for r in rows:
        r["rank"] = 1 + sum(1 for other in rows if key(other) > key(r))
    if end == "instant":
        winners = [r["name"] for r in rows if r["total"] >= INSTANT_VP]
    else:
        winners = [r["name"] for r in rows if r["rank"] == 1]
    violations = []
    if not 2 <= len(rows) <= 4:  # "gra kolejowa dla 2-4 osób"
        violations.append(f"{len(rows)} players (the game is for 2-4)")
    if end != "instant":  # 13 VP ends the game at once, so nobody can hold 13 when the tiles run out
        violations += [f"{r['name']} has {r['total']} VP with end: tiles" for r in rows if r["total"] >= INSTANT_VP]
    return {"players": rows, "winner": winners, "violations": violations}


# ----------------------------------------------------------------------------- generator

@dataclass
class Game:
    """One generated game: the parsed form (for the oracle) and the file text (for the scorer)."""
    data: dict
    text: str
    lines: dict  # player index -> 1-based line of that player's entry in ``text``
    label: str


def _goods_string(rng: random.Random, counts: dict) -> str:
    letters = [c for c, n in counts.items() for _ in range(n)]
    rng.shuffle(letters)
    text = "".join(letters)
    if not text:
        return rng.choice(["", "-"])
    return "".join(ch.lower() if rng.random() < 0.2 else ch for ch in text)


def _draw_player(rng: random.Random, left: dict, circuits_left: int, small: bool) -> tuple[dict, int, int]:
    """Goods counts per colour within ``left``, circuits within ``circuits_left``, and steam."""
    counts = {c: 0 for c in COLOURS}
    want = rng.choice([0, 1, 2, 3, 4, 5]) if small else rng.randint(0, 8)
    palette = rng.sample(COLOURS, rng.randint(1, 4))
    for _ in range(want):
        c = rng.choice(palette)
        if left[c] > counts[c]:
            counts[c] += 1
    circuits = rng.randint(0, min(circuits_left, 2 if small else 4))
    return counts, circuits, rng.randint(0, STEAM_MAX)


def _total(counts: dict, circuits: int) -> int:
    n = sum(counts.values())
    return PER_GOOD * n + COLOUR_BONUS[sum(1 for v in counts.values() if v)] + circuits


NAMES = ["Ala", "Bartek", "Celina", "Darek", "Ewa", "Łucja", "Żaneta", "Zoë"]


def render(players: list[dict], end: str | None, rng: random.Random, game_key: bool = True) -> tuple[str, dict]:
    """YAML text in the contract's layout (one flow mapping a player); returns text and line map."""
    out = []
    if game_key:
        out.append("game: days-of-steam")
    if end is not None:
        out.append(f"end: {end}")
    out.append("players:")
    lines = {}
    for i, p in enumerate(players):
        goods = p["goods"]
        goods_text = '""' if goods == "" else (f'"{goods}"' if goods == "-" or rng.random() < 0.3 else goods)
        lines[i] = len(out) + 1
        out.append(f"  - {{name: {p['name']}, goods: {goods_text}, circuits: {p['circuits']}, steam: {p['steam']}}}")
    return "\n".join(out) + "\n", lines


def random_game(seed: int) -> Game:
    """A legal finished game (scorable), with seeded edge cases mixed in."""
    rng = random.Random(seed)
    mode = rng.choice(["plain", "plain", "ties", "ties", "instant", "full-tie", "late13", "odd-count"])
    n = rng.choice([1, 5]) if mode == "odd-count" else rng.choice([2, 3, 4])
    for _attempt in range(1000):
        left = {c: CUBES_PER_COLOUR for c in COLOURS}
        circuits_left = CIRCUIT_COUNTERS
        players = []
        for i in range(n):
            if mode in ("ties", "full-tie") and players and rng.random() < 0.6:
                # copy an earlier player's profile with other colours: same goods VP and bonus
                src = rng.choice(players)
                k = sum(1 for v in src["_counts"].values() if v)
                sizes = sorted((v for v in src["_counts"].values() if v), reverse=True)
                cols = rng.sample(COLOURS, k)
                counts = {c: 0 for c in COLOURS}
                for c, size in zip(cols, sizes):
                    counts[c] = size
                circuits = src["circuits"] if mode == "full-tie" or rng.random() < 0.5 else rng.randint(0, 2)
                steam = src["steam"] if mode == "full-tie" or rng.random() < 0.5 else rng.randint(0, STEAM_MAX)
            else:
                counts, circuits, steam = _draw_player(rng, left, circuits_left, small=mode not in ("instant", "late13"))
            if any(counts[c] > left[c] for c in COLOURS) or circuits > circuits_left:
                break
            for c in COLOURS:
                left[c] -= counts[c]
            circuits_left -= circuits
            players.append({"name": NAMES[i], "_counts": counts, "circuits": circuits, "steam": steam})
        if len(players) != n:
            continue
        totals = [_total(p["_counts"], p["circuits"]) for p in players]
        at13 = sum(1 for t in totals if t >= INSTANT_VP)
        if mode == "instant" and at13 != 1:
            continue
        if mode == "late13" and at13 == 0:
            continue  # end: tiles although someone holds 13 VP: scorable, but a violation
        if mode not in ("instant", "late13") and at13 != 0:
            continue
        break
    else:  # pragma: no cover - the generator always finds one quickly
        raise RuntimeError(f"seed {seed}: no game")
    end = "instant" if mode == "instant" else "tiles"
    for p in players:
        p["goods"] = _goods_string(rng, p.pop("_counts"))
    order = list(range(n))
    rng.shuffle(order)
    names = rng.sample(NAMES, n)
    players = [dict(players[j], name=names[i]) for i, j in enumerate(order)]
    text, lines = render(players, end, rng, game_key=rng.random() < 0.7)
    data = {"end": end, "players": [dict(p) for p in players]}
    return Game(data, text, lines, f"seed {seed} ({mode}, {n} players)")
