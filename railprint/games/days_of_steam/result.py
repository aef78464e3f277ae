"""What ``railprint score days-of-steam`` prints: the JSON contract and the human report."""

from __future__ import annotations

from typing import Any

from railprint.report import GamesResult, table, violations_block

from .notation import square_label
from .rules import GameScore
from .words import words


def game_json(game: GameScore, lang: str = "en") -> dict[str, Any]:
    out: dict[str, Any] = {
        "game": "days-of-steam",
        "file": game.game.file,
        "end": game.end,
        "players": [{
            "name": p.name,
            "goods": p.goods,
            "delivered": p.delivered,
            "colours": p.colours,
            "colour_bonus": p.colour_bonus,
            "circuits": p.circuits,
            "steam": p.steam,
            "total": p.total,
            "rank": p.rank,
        } for p in game.players],
        "winner": list(game.winners),
        "violations": [v.text(lang) for v in game.violations],
    }
    check = game.map_check
    if check is not None:
        out["map"] = {
            "tiles": check.tiles,
            "cities": check.cities,
            "circuits_found": len(check.circuits),
            "search_complete": check.complete,
            "circuits_allowed": check.allowed,
            "overlay_tiles": check.overlay_tiles,
            "circuits": [[square_label(*pos) for pos, _, _ in c.pieces] for c in check.circuits],
        }
    return out


def game_text(game: GameScore, lang: str = "en") -> str:
    w = words(lang)
    head = f"{w['title']} — {game.game.file}"
    if game.end == "instant":
        end = w["end_instant"].format(name=game.winners[0] if game.winners else "?")
    else:
        end = w["end_tiles"]
    rows = [(p.rank, p.name, p.goods, p.colours, p.colour_bonus, p.circuits, p.steam, p.total)
            for p in sorted(game.players, key=lambda p: p.rank)]
    out = [head, end, "",
           table([w["rank"], w["player"], w["goods"], w["colours"], w["bonus"], w["circuits"], w["steam"],
                  w["total"]], rows, align="rlrrrrrr"), ""]
    names = w["colour_names"]
    for p in game.players:
        got = ", ".join(f"{n} {names[c]}" for c, n in p.delivered.items() if n) or "—"
        out.append(f"{p.name}: {got}")
    label = w["winner"] if len(game.winners) == 1 else w["winners"]
    out += ["", f"{label}: {', '.join(game.winners)}", w["tie_note"]]
    check = game.map_check
    if check is not None:
        out += ["", f"{w['map']}: " + w["map_summary"].format(tiles=check.tiles, cities=check.cities,
                                                            found=len(check.circuits))
                + ("" if check.complete else w["map_incomplete"])]
        if check.allowed is not None:
            out.append("  " + w["map_allowed"].format(allowed=check.allowed))
        elif check.overlay_tiles:
            out.append("  " + w["map_unchecked"].format(overlays=check.overlay_tiles))
        for n, c in enumerate(check.circuits[:12], 1):
            out.append("  " + w["circuit"].format(n=n, cities=" → ".join(square_label(*pos) for pos in c.cities)))
    out += violations_block(w["violations"], game.violations, lang)
    return "\n".join(out)


class DaysOfSteamResult(GamesResult):
    """Scores of one or more game files (``games``: one GameScore per file)."""

    one_json = staticmethod(game_json)
    one_text = staticmethod(game_text)
    picture_module = "railprint.games.days_of_steam.picture"
