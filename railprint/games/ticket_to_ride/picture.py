"""``--picture``: each scored game as a page: the board with every player's routes in their
colour, completed tickets' paths highlighted, regions of scoring networks shaded (Italy), and
a score panel. Drawing lives in :mod:`railprint.games.ticket_to_ride.scored_board`."""

from __future__ import annotations

from railprint.games.ticket_to_ride.scored_board import PlayerPicture, score_page
from railprint.scene import Document

from .rules import GameScore, node_name

WORDS = {
    "en": {"routes": "routes", "tickets": "tickets", "globetrotter": "Globetrotter", "regions": "region bonus",
           "longest": "longest path", "bonus": "longest path bonus", "total": "total", "trains": "trains",
           "title": "scored", "points": "points", "point": "point",
           "stations": "stations ({used} used)", "borrows": "station", "nothing": "borrows nothing"},
    "pl": {"routes": "połączenia", "tickets": "bilety", "globetrotter": "Globtroter", "regions": "bonus za regiony",
           "longest": "najdłuższa trasa", "bonus": "premia za najdłuższą trasę", "total": "razem",
           "trains": "wagoniki", "title": "wyniki", "points": "pkt", "point": "pkt",
           "stations": "dworce (użyte: {used})", "borrows": "dworzec", "nothing": "bez trasy"},
}


def _players(game: GameScore, lang: str) -> list[PlayerPicture]:
    m = game.map
    w = WORDS.get(lang, WORDS["en"])
    out = []
    for p in game.players:
        rows = [(f"{w['routes']}: {len(p.routes)}, {w['trains']}: {p.trains_used}", str(p.route_points)),
                (f"{w['tickets']} ({p.tickets_completed} ✓ / {p.tickets_failed} ×)", f"{p.ticket_points:+d}")]
        if m.globetrotter is not None:
            rows.append((w["globetrotter"], str(p.globetrotter)))
        if m.region_bonus is not None:
            counts = " + ".join(str(n.count) for n in p.networks if n.points) or "-"
            rows.append((f"{w['regions']} ({counts})", str(p.region_bonus)))
        if m.longest_path_bonus is not None:
            rows.append((w["bonus"], str(p.longest_path_bonus)))
        if m.stations is not None:
            rows.append((w["stations"].format(used=p.stations_used), str(p.station_points)))
        rows.append((f"{w['longest']}: {'?' if p.longest_path is None else p.longest_path}", ""))
        notes = []
        for t in p.tickets:
            name = f"{m.place_name(t.ticket.a)} - {m.place_name(t.ticket.b)}"
            if t.completed:
                notes.append(f"✓ {name} ({t.points:+d}): " + " → ".join(node_name(m, n) for n in t.path))
            else:
                notes.append(f"× {name} ({t.points:+d})")
        for st in p.stations:
            if st.counted:
                lent = m.route_label(st.route, with_selector=True) if st.route else w["nothing"]
                notes.append(f"{w['borrows']} {m.place_name(st.city)}: {lent}")
        regions = tuple(r for n in p.networks if n.points for r in n.regions)
        out.append(PlayerPicture(
            name=p.name, colour=p.colour, routes=p.routes,
            ticket_chains=tuple(t.routes for t in p.tickets if t.completed),
            regions=tuple(dict.fromkeys(regions)), rows=tuple(rows), notes=tuple(notes),
            headline=f"{p.rank}. {p.name} — {p.total} {w['point'] if abs(p.total) == 1 else w['points']}",
            stations=tuple((st.city, st.route) for st in p.stations if st.counted)))
    return out


def picture(games: list[GameScore], lang: str = "en") -> Document:
    pages = []
    for game in games:
        title = f"{game.map.title(lang)} — {game.record.file}"
        pages.append(score_page(game.map, _players(game, lang), title=title, lang=lang,
                                violations=tuple(v.text(lang) for v in game.violations)))
    return Document(tuple(pages), title=pages[0].label if pages else "Ticket to Ride",
                    subject="railprint score ticket-to-ride")
