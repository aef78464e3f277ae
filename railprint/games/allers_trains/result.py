"""What ``railprint score allers-trains`` prints: the JSON contract and the text report."""

from __future__ import annotations

from typing import Any

from railprint.report import GamesResult, table, violations_block

from .frame import STATIONS, square_name
from .rules import OUR_TABLES, GameScore, PlayerScore, route_reading, solo_level
from .words import words


def _solo(game: GameScore) -> dict[str, Any] | None:
    """Variant 1 played alone: the highest target reached."""
    if len(game.players) != 1 or game.mode != "route":
        return None
    reached = solo_level(game.players[0].route_points)
    return {"target": reached[0] if reached else None, "level": reached[1] if reached else None}


def _locos(p: PlayerScore) -> list[dict[str, Any]]:
    if p.frame is None:
        return []
    return [{"colour": lo.colour, "state": lo.state, "station": lo.station, "round": lo.round,
             "tiles_entered": lo.entries, "path": [square_name(cell) for cell, _ in lo.path]}
            for lo in p.frame.locos]


def game_json(game: GameScore, lang: str = "en") -> dict[str, Any]:
    players = []
    for p in game.players:
        entry = {
            "name": p.name,
            "station_points": p.station_points,
            "stations": {str(number): pts for number, pts in sorted(p.stations.items())},
            "route_points": p.route_points,
            "route_reading": route_reading(p.route_points) if game.mode != "stations" else None,
            "total": p.total,
            "rank": p.rank,
            "arrivals": [{"station": number, "name": STATIONS[number - 1].name, "round": rnd,
                          "space": p.spaces.get(number), "points": p.stations.get(number)}
                         for number, rnd in p.arrivals],
        }
        if p.frame is not None:
            entry["locomotives"] = _locos(p)
        players.append(entry)
    data = {
        "game": "allers-trains",
        "file": game.record.file,
        "mode": game.mode,
        "players": players,
        "winner": game.winners,
        "spaces": {str(number): dict(placed) for number, placed in sorted(game.spaces.items())},
        "violations": [{"player": v.player, "message": v.message_in(lang), "where": v.where}
                       for v in game.violations],
    }
    solo = _solo(game)
    if solo is not None:
        data["solo"] = solo
    return data


def game_text(game: GameScore, lang: str = "en") -> str:
    w = words(lang)
    n = len(game.players)
    out = [f"Jedzie pociąg z daleka — {game.record.file} — {w['modes'][game.mode]}, {n} {w['players']}"]
    if game.mode != "route" and n in OUR_TABLES:
        out.append(f"({w['our_table'].format(n=n)})")
    out.append("")
    for p in game.players:
        out.append(f"{p.name}: {p.total} {w['points']}, {w['rank']} {p.rank}")
        if game.mode != "route":
            rows = [(f"{number} {STATIONS[number - 1].name}", rnd, p.spaces[number], p.stations[number])
                    for number, rnd in p.arrivals]
            if rows:
                body = table([w["station"], w["round"], w["space"], w["points"]], rows, align="lrrr")
                out += ["  " + line for line in body.splitlines()]
            else:
                out.append(f"  {w['no_arrivals']}")   # not "stations: …" above "stations: 0", the points
            out.append(f"  {w['stations']}: {p.station_points}")
        if game.mode != "stations":
            reading = route_reading(p.route_points)   # the score track's 40+n, when it went round
            out.append(f"  {w['route']}: {p.route_points}" + (f" ({reading})" if reading != str(p.route_points) else ""))
        if p.frame is not None:
            for lo in p.frame.locos:
                station = STATIONS[lo.station - 1].name if lo.station else ""
                state = w["states"][lo.state].format(station=station, round=lo.round)
                path = " ".join(square_name(cell) for cell, _ in lo.path) or "—"
                out.append(f"  {w['locos'][lo.colour]}: {state}; {w['tiles']} {lo.entries}: {path}")
        out.append("")
    order = sorted(game.players, key=lambda p: p.rank)
    out.append(f"{w['ranking']}: " + ", ".join(f"{p.rank}. {p.name} ({p.total})" for p in order))
    label = w["winner"] if len(game.winners) == 1 else w["winners"]
    out.append(f"{label}: " + ", ".join(game.winners))
    totals = [p.total for p in game.players if p.rank == 1]
    if game.mode != "route" and sum(1 for p in game.players if p.total == totals[0]) > len(totals):
        out.append(f"({w['tie']})")
    solo = _solo(game)
    if solo is not None:
        level = w["levels"][solo["level"]] if solo["level"] else w["solo_none"]
        out.append(f"{w['solo']}: {solo['target'] or ''} {level}".replace("  ", " "))
    out += violations_block(w["violations"], game.violations, lang)
    return "\n".join(out)


class AllersResult(GamesResult):
    """Scores of one or more game files (``games``: one GameScore per file)."""

    one_json = staticmethod(game_json)
    one_text = staticmethod(game_text)
    picture_module = "railprint.games.allers_trains.picture"
