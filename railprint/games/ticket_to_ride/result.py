"""What ``railprint score ticket-to-ride`` prints: the JSON contract and the human report."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from railprint.report import table

from .rules import GameScore, PlayerScore, node_name


def _n(count: int, word: str) -> str:
    """``1 route``, ``2 routes``."""
    return f"{count} {word}" if abs(count) == 1 else f"{count} {word}s"


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def game_json(game: GameScore) -> dict[str, Any]:
    m = game.map
    players = []
    for p in game.players:
        players.append({
            "name": p.name,
            "route_points": p.route_points,
            "trains_used": p.trains_used,
            "tickets_completed": p.tickets_completed,
            "tickets_failed": p.tickets_failed,
            "ticket_points": p.ticket_points,
            "globetrotter": p.globetrotter,
            "region_bonus": p.region_bonus,
            "longest_path": p.longest_path,
            "longest_path_bonus": p.longest_path_bonus,
            "total": p.total,
            "rank": p.rank,
            "routes": [{"route": label, "id": r, "length": m.route[r].length,
                        "points": m.points_for_length[m.route[r].length]}
                       for r, label in zip(p.routes, p.route_labels)],
            "tickets": [{"ticket": f"{m.place_name(t.ticket.a)} - {m.place_name(t.ticket.b)}",
                         "points": t.points, "completed": t.completed,
                         "path": [node_name(m, n) for n in t.path]} for t in p.tickets],
            "networks": [{"cities": [m.place_name(c) for c in n.cities],
                          "regions": [m.region[r].name for r in n.regions],
                          "complete_special_regions": [m.region[r].name for r in n.complete_doubles],
                          "region_count": n.count, "points": n.points}
                         for n in p.networks] if m.region_bonus is not None else [],
            "violations": [str(v) for v in p.violations],
        })
    return {
        "game": "ticket-to-ride",
        "map": m.id,
        "file": game.record.file,
        "players": players,
        "violations": [{"player": owner, "message": v.message, "where": v.where}
                       for v, owner in zip(game.violations, game.owners)],
    }


def _player_text(game: GameScore, p: PlayerScore) -> list[str]:
    m = game.map
    rows: list[tuple[str, int, str]] = [
        ("routes", p.route_points, f"{_n(len(p.routes), 'route')}, {p.trains_used} of {m.trains_per_player} trains"),
        ("tickets", p.ticket_points, f"{p.tickets_completed} completed, {p.tickets_failed} failed"),
    ]
    if m.globetrotter is not None:
        rows.append(("globetrotter", p.globetrotter, "most completed tickets" if p.globetrotter else ""))
    if m.region_bonus is not None:
        rows.append(("region bonus", p.region_bonus, _n(len(p.networks), "network")))
    if m.longest_path_bonus is not None:
        rows.append(("longest path bonus", p.longest_path_bonus, ""))
    rows.append(("total", p.total, f"rank {p.rank}"))
    out = [f"{p.name}: {_n(p.total, 'point')}, rank {p.rank}"]
    out += ["  " + line for line in table(["category", "points", "detail"], rows, align="lrl").splitlines()]
    out.append(f"  longest path: {_n(p.longest_path, 'train')}")
    if p.tickets:
        out.append("  tickets:")
        for t in p.tickets:
            name = f"{m.place_name(t.ticket.a)} - {m.place_name(t.ticket.b)}"
            if t.completed:
                chain = " → ".join(node_name(m, n) for n in t.path)
                out.append(f"    ✓ {_signed(t.points):>4}  {name}: {chain}")
            else:
                out.append(f"    ✗ {_signed(t.points):>4}  {name}")
    if p.routes:
        parts = [f"{label} ({m.route[r].length}: {_n(m.points_for_length[m.route[r].length], 'pt')})"
                 for r, label in zip(p.routes, p.route_labels)]
        out.append("  routes: " + ", ".join(parts))
    if m.region_bonus is not None and p.networks:
        out.append("  networks:")
        for i, n in enumerate(p.networks, 1):
            regions = ", ".join(m.region[r].name + (" ×2" if r in n.complete_doubles else "") for r in n.regions)
            out.append(f"    {i}. {_n(n.count, 'region')} → {_n(n.points, 'point')}: {regions}")
    for v in p.violations:
        out.append(f"  ! {v}")
    return out


def game_text(game: GameScore) -> str:
    m = game.map
    head = f"{m.title()} — {game.record.file} — {len(game.players)} players"
    out = [head, ""]
    for p in game.players:
        out += _player_text(game, p)
        out.append("")
    order = sorted(game.players, key=lambda p: p.rank)
    out.append("Ranking: " + ", ".join(f"{p.rank}. {p.name} ({p.total})" for p in order))
    if game.violations:
        out.append("")
        out.append(f"Violations ({len(game.violations)}):")
        out += [f"  {v}" for v in game.violations]
    return "\n".join(out)


@dataclass
class TTRResult:
    """Scores of one or more game files (each file is one game)."""

    games: list[GameScore]

    def as_json(self) -> Any:
        if len(self.games) == 1:
            return game_json(self.games[0])
        return [game_json(g) for g in self.games]

    def as_text(self) -> str:
        return "\n\n".join(game_text(g) for g in self.games)

    def picture(self, lang: str = "en"):
        from .picture import picture
        return picture(self.games, lang=lang)
