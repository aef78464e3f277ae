"""What ``railprint score ticket-to-ride`` prints: the JSON contract and the human report."""

from __future__ import annotations

from typing import Any

from railprint.errors import RailprintError
from railprint.report import GamesResult, table, violations_block
from railprint.words import counted

from .rules import GameScore, PlayerScore, node_name

# The words of the text report; nouns give their forms for 1 and 2+ (English) or for 1, 2-4
# and 5+ (Polish). The Polish table is built on first use (:func:`_polish`).
TEXT: dict[str, dict[str, Any]] = {
    "en": {
        "players": ("player", "players"), "point": ("point", "points"), "pt": ("pt", "pts"),
        "route": ("route", "routes"), "network": ("network", "networks"), "region": ("region", "regions"),
        "train": ("train", "trains"),
        "headers": ("category", "points", "detail"),
        "routes": "routes", "tickets": "tickets", "globetrotter": "globetrotter",
        "region_bonus": "region bonus", "longest_bonus": "longest path bonus", "total": "total",
        "rank": "rank", "longest": "longest path", "networks": "networks",
        "trains_of": "{used} of {total} trains", "ticket_counts": "{completed} completed, {failed} failed",
        "most_tickets": "most completed tickets", "ranking": "Ranking", "violations": "Violations",
        "not_computed": "not computed (too many trains; see violations)",
        "stations": "stations", "stations_unused": "{unused} of {total} unused",
        "via_station": "via station", "not_counted": "not counted (see violations)",
        "borrows_nothing": "borrows no route", "borrows": "borrows", "given": "as the file says",
        "chosen": "the best choice", "notices": "Notices",
    },
}


def _polish() -> dict[str, Any]:
    """Polish words; where the picture (:mod:`.picture`, :mod:`railprint.games.ticket_to_ride.scored_board`) or the
    printed board (:mod:`railprint.games.ticket_to_ride.board`) already says the same word, it is theirs.
    Imported here, not at the top: the drawing modules are slow to import and English needs none."""
    from railprint.games.ticket_to_ride.board import TEXT as BOARD_TEXT
    from railprint.games.ticket_to_ride.scored_board import PANEL_TEXT

    from .picture import WORDS as PICTURE_WORDS

    board, panel, picture = BOARD_TEXT["pl"], PANEL_TEXT["pl"], PICTURE_WORDS["pl"]
    return {
        "players": ("gracz", "gracze", "graczy"), "point": (picture["point"],) * 3, "pt": (picture["points"],) * 3,
        "route": ("trasa", "trasy", "tras"), "network": ("sieć", "sieci", "sieci"),
        "region": ("region", "regiony", "regionów"), "train": ("wagon", "wagony", "wagonów"),
        "headers": ("kategoria", board["points"], "szczegóły"),
        "routes": "trasy", "tickets": picture["tickets"], "globetrotter": "Globtroter",
        "region_bonus": "premia za regiony", "longest_bonus": picture["bonus"], "total": picture["total"],
        "rank": panel["rank"], "longest": picture["longest"], "networks": "sieci",
        "trains_of": "{used} z {total} wagonów", "ticket_counts": "ukończone: {completed}, nieukończone: {failed}",
        "most_tickets": "najwięcej ukończonych biletów", "ranking": "Ranking", "violations": panel["violations"],
        "not_computed": "nie obliczono (za dużo wagonów; zob. naruszenia)",
        "stations": "dworce", "stations_unused": "niewykorzystane: {unused} z {total}",
        "via_station": "przez dworzec", "not_counted": "nie liczy się (zob. naruszenia)",
        "borrows_nothing": "nie korzysta z żadnej trasy", "borrows": "korzysta z trasy",
        "given": "jak w pliku", "chosen": "najlepszy wybór", "notices": "Uwagi",
    }


def _language(lang: str) -> str:
    """``lang`` as a key of :data:`TEXT` ("en" or "pl"; anything else is a clear error)."""
    key = str(lang).strip().lower()
    if key == "pl" and key not in TEXT:
        TEXT["pl"] = _polish()
    if key not in TEXT:
        raise RailprintError(f"unknown language {lang!r}", hint="expected en or pl")
    return key


def _n(count: int, word: str | tuple[str, ...], lang: str = "en") -> str:
    """``1 route``, ``2 routes``; Polish: ``1 trasa``, ``2 trasy``, ``5 tras``."""
    return counted(count, word, lang)


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def game_json(game: GameScore, lang: str = "en") -> dict[str, Any]:
    """The JSON contract (``ticket-to-ride-game-format.md``); ``lang``: the violations' language."""
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
            "not_computed": ["longest_path"] if p.longest_path is None else [],
            "longest_path_bonus": p.longest_path_bonus,
            "stations_used": p.stations_used,
            "station_points": p.station_points,
            "total": p.total,
            "rank": p.rank,
            "routes": [{"route": label, "id": r, "length": m.route[r].length,
                        "points": m.points_for_length[m.route[r].length]}
                       for r, label in zip(p.routes, p.route_labels)],
            "tickets": [{"ticket": f"{m.place_name(t.ticket.a)} - {m.place_name(t.ticket.b)}",
                         "points": t.points, "completed": t.completed,
                         "path": [node_name(m, n) for n in t.path],
                         "borrowed": [_route_name(m, r) for r in t.borrowed]} for t in p.tickets],
            "stations": [{"city": m.place_name(st.city), "counted": st.counted,
                          "borrows": _route_name(m, st.route) if st.route else None,
                          "route_id": st.route, "from": list(st.owners),
                          "chosen_by": "file" if st.given else "scorer"} for st in p.stations],
            "networks": [{"cities": [m.place_name(c) for c in n.cities],
                          "regions": [m.region[r].name for r in n.regions],
                          "complete_special_regions": [m.region[r].name for r in n.complete_doubles],
                          "region_count": n.count, "points": n.points}
                         for n in p.networks] if m.region_bonus is not None else [],
            "violations": [v.text(lang) for v in p.violations],
            "notices": [v.text(lang) for v in p.notices],
        })
    return {
        "game": "ticket-to-ride",
        "map": m.id,
        "file": game.record.file,
        "players": players,
        "violations": [{"player": owner, "message": v.message_in(lang), "where": v.where}
                       for v, owner in zip(game.violations, game.owners)],
        "notices": [{"player": owner, "message": v.message_in(lang), "where": v.where}
                    for v, owner in zip(game.notices, game.notice_owners)],
    }


def _route_name(m, route_id: str) -> str:
    """``Budapest - Wien`` (with ``[colour]`` when the pair has parallel routes)."""
    return m.route_label(route_id, with_selector=True)


def _player_text(game: GameScore, p: PlayerScore, lang: str = "en") -> list[str]:
    m = game.map
    t = TEXT[_language(lang)]
    rows: list[tuple[str, int, str]] = [
        (t["routes"], p.route_points, f"{_n(len(p.routes), t['route'], lang)}, "
         + t["trains_of"].format(used=p.trains_used, total=m.trains_per_player)),
        (t["tickets"], p.ticket_points, t["ticket_counts"].format(completed=p.tickets_completed,
                                                                  failed=p.tickets_failed)),
    ]
    if m.globetrotter is not None:
        rows.append((t["globetrotter"], p.globetrotter, t["most_tickets"] if p.globetrotter else ""))
    if m.region_bonus is not None:
        rows.append((t["region_bonus"], p.region_bonus, _n(len(p.networks), t["network"], lang)))
    if m.longest_path_bonus is not None:
        rows.append((t["longest_bonus"], p.longest_path_bonus, ""))
    if m.stations is not None:
        unused = max(0, m.stations.per_player - p.stations_used)
        rows.append((t["stations"], p.station_points,
                     t["stations_unused"].format(unused=unused, total=m.stations.per_player)))
    rows.append((t["total"], p.total, f"{t['rank']} {p.rank}"))
    out = [f"{p.name}: {_n(p.total, t['point'], lang)}, {t['rank']} {p.rank}"]
    out += ["  " + line for line in table(list(t["headers"]), rows, align="lrl").splitlines()]
    longest = t["not_computed"] if p.longest_path is None else _n(p.longest_path, t["train"], lang)
    out.append(f"  {t['longest']}: {longest}")
    if p.tickets:
        out.append(f"  {t['tickets']}:")
        for tk in p.tickets:
            name = f"{m.place_name(tk.ticket.a)} - {m.place_name(tk.ticket.b)}"
            if tk.completed:
                chain = " → ".join(node_name(m, n) for n in tk.path)
                lent = f"  ({t['via_station']}: " + ", ".join(_route_name(m, r) for r in tk.borrowed) + ")" \
                    if tk.borrowed else ""
                out.append(f"    ✓ {_signed(tk.points):>4}  {name}: {chain}{lent}")
            else:
                out.append(f"    ✗ {_signed(tk.points):>4}  {name}")
    if p.routes:
        parts = [f"{label} ({m.route[r].length}: {_n(m.points_for_length[m.route[r].length], t['pt'], lang)})"
                 for r, label in zip(p.routes, p.route_labels)]
        out.append(f"  {t['routes']}: " + ", ".join(parts))
    if p.stations:
        out.append(f"  {t['stations']}:")
        for st in p.stations:
            city = m.place_name(st.city)
            if not st.counted:
                out.append(f"    – {city}: {t['not_counted']}")
            elif st.route is None:
                out.append(f"    • {city}: {t['borrows_nothing']}")
            else:
                how = t["given"] if st.given else t["chosen"]
                out.append(f"    • {city}: {t['borrows']} {_route_name(m, st.route)} "
                           f"({', '.join(st.owners)}; {how})")
    if m.region_bonus is not None and p.networks:
        out.append(f"  {t['networks']}:")
        for i, n in enumerate(p.networks, 1):
            regions = ", ".join(m.region[r].name + (" ×2" if r in n.complete_doubles else "") for r in n.regions)
            out.append(f"    {i}. {_n(n.count, t['region'], lang)} → {_n(n.points, t['point'], lang)}: {regions}")
    for v in p.violations:
        out.append(f"  ! {v.text(lang)}")
    for v in p.notices:
        out.append(f"  i {v.text(lang)}")
    return out


def game_text(game: GameScore, *, lang: str = "en") -> str:
    """The report of one game: per player the score table, tickets, routes and networks; the ranking."""
    lang = _language(lang)
    t = TEXT[lang]
    m = game.map
    head = f"{m.title(lang)} — {game.record.file} — {_n(len(game.players), t['players'], lang)}"
    out = [head, ""]
    for p in game.players:
        out += _player_text(game, p, lang)
        out.append("")
    order = sorted(game.players, key=lambda p: p.rank)
    out.append(f"{t['ranking']}: " + ", ".join(f"{p.rank}. {p.name} ({p.total})" for p in order))
    out += violations_block(t["violations"], game.violations, lang)
    if game.notices:
        out += violations_block(t["notices"], game.notices, lang)
    return "\n".join(out)


class TTRResult(GamesResult):
    """Scores of one or more game files (``games``: one GameScore per file); ``game_text`` checks ``lang``."""

    one_json = staticmethod(game_json)
    one_text = staticmethod(game_text)
    picture_module = "railprint.games.ticket_to_ride.picture"
