"""``railprint render`` builders of Ticket to Ride's own content kinds (board, score pad, and the
components a map file alone prints)."""

from __future__ import annotations

import copy
from pathlib import Path

from railprint.errors import RailprintError


def build_ttr_board(path: Path, options):
    """A Ticket to Ride map printed at real size over pages, after an assembly map that is also its overview."""
    from railprint.games.ticket_to_ride.board import build_board, load_board_spec

    spec = load_board_spec(path)
    return build_board(spec, _content_map(spec.map, path), paper=options.paper, lang=options.lang)


def build_ttr_scorepad(path: Path, options):
    """Score pad pages for a Ticket to Ride map: a row per player, a column per category."""
    from railprint.games.ticket_to_ride.scorepad import build_scorepad, load_scorepad_spec

    spec = load_scorepad_spec(path)
    return build_scorepad(_content_map(spec.map, path), paper=options.paper,
                          lang=options.lang, games=spec.games_per_page, revision=spec.revision)


def _content_map(name: str, path: Path):
    """The map a board or score pad names: a built-in map, or a map file that must lie inside
    the content folder (see railprint.loading.paths)."""
    from railprint.games.ticket_to_ride.maps import _LOOKS_LIKE_PATH, load_map, load_map_file
    from railprint.loading.paths import referenced
    from railprint.loading.yamlio import load_file

    where = load_file(path).loc("map")
    if not _LOOKS_LIKE_PATH.search(name):
        return load_map(name, base=Path(path).parent, where=where)
    target = referenced(Path(path).parent, name, where)
    if not target.exists():
        from railprint.errors import ContentError

        raise ContentError(f"map file not found: {name}", where, hint=f"looked for {target}")
    return load_map_file(target)


def validate_map(path: Path, lang: str) -> None:
    from railprint.games.ticket_to_ride.maps import load_map_file

    load_map_file(path)


def map_components(path: Path) -> tuple[str, ...]:
    """What a map file prints: its board, its tickets (long tickets as a second deck with its own
    back), its score pad, its trains and score markers, and station pieces when the map has stations."""
    from railprint.games.ticket_to_ride.maps import load_map_file

    m = load_map_file(path)
    return ("board", "tickets", *(("long-tickets",) if m.long_tickets else ()), "scorepad", "trains",
            *(("stations",) if m.stations else ()))


def build_map_component(path: Path, options):
    """One component of a map file alone: its board, its ticket deck(s), its score pad or its
    station pieces, with the defaults of the shipped ones (a ``<map id>-board`` / ``-tickets`` /
    ``-long-tickets`` / ``-scorepad`` / ``-stations`` file in any content folder replaces the
    generated one)."""
    from railprint.games.ticket_to_ride.maps import load_map_file

    m = load_map_file(path)
    component = options.extra.get("component")
    if component == "board":
        from railprint.games.ticket_to_ride.board import BoardSpec, build_board

        spec = BoardSpec(kind="board", id=f"{m.id}-board", game="ticket-to-ride", map=m.id,
                         title={"en": f"{m.title('en')} — board", "pl": f"{m.title('pl')} — plansza"})
        return _checklist(build_board(spec, m, paper=options.paper, lang=options.lang),
                          spec.title.get(options.lang) or spec.title["en"])
    if component == "scorepad":
        from railprint.games.ticket_to_ride.scorepad import build_scorepad

        word = {"en": "score pad", "pl": "bloczek punktacji"}.get(options.lang, "score pad")
        return _checklist(build_scorepad(m, paper=options.paper, lang=options.lang, revision=1),
                          f"{m.title(options.lang)} — {word}")
    if component in ("tickets", "long-tickets", "stations"):
        from railprint.render import impose_deck
        from railprint.words import counted

        deck = (station_deck(Path(path), options.lang) if component == "stations" else
                ticket_deck(Path(path), options.lang, long=component == "long-tickets"))
        document = impose_deck(deck, Path(path), options)
        if component == "stations" and options.mode == "1up" and options.extra.get("tts"):
            document = _station_bags(document, load_map_file(path), options.lang)
        return _checklist(document,
                          f"{deck.title}: {counted(len(deck.cards), deck.noun or ('card', 'cards'), options.lang)}")
    if component == "trains":
        return trains_document(m, options)
    raise RailprintError(f"a Ticket to Ride map prints its board, tickets, score pad, trains and stations, "
                         f"not {component!r}")


def trains_document(m, options):
    """The map's wagons (every player colour, the map's count) and score markers on shared
    single-sided sheets."""
    from railprint.games.ticket_to_ride.pieces import piece_sets
    from railprint.layout.imposition import impose_sets
    from railprint.layout.paper import revision_label

    sets = piece_sets(m, options.lang)
    word = {"en": "trains and score markers", "pl": "wagony i znaczniki punktów"}.get(options.lang)
    if options.mode == "1up" and options.extra.get("tts"):
        return _pieces_one_up(m, sets, f"{m.title(options.lang)} — {word}", options.lang)
    detail = f"{m.id}-trains · {revision_label(1, options.lang)} · {sum(len(s.faces) for s in sets)} · {m.id}"
    document = impose_sets(sets, paper=options.paper, mode="simplex", title=f"{m.title(options.lang)} — {word}",
                           detail=detail, lang=options.lang, cut_lines=options.mode != "1up" if options.cut_lines is None
                           else options.cut_lines).document
    return _checklist(document, *(f"{m.title(options.lang)} — {s.label}" for s in sets))   # whose map each set is


def _pieces_one_up(m, sets, title: str, lang: str):
    """Every wagon and score marker one a page (``railprint export tts``: each piece becomes a
    tile), grouped per player: that player's wagons, then that player's marker, each group named
    in a ``tts_bag`` meta entry (``<pieces>\t<label>``) so each player's pieces fill one bag."""
    from dataclasses import replace

    from railprint.games.ticket_to_ride.pieces import NAMES, players
    from railprint.layout.imposition import impose
    from railprint.scene import Document

    people = players(m)
    words = NAMES.get(lang, NAMES["en"])
    *wagons, markers = sets
    pages: list = []
    bags: list = []
    for p, wagon_set, marker in zip(people, wagons, markers.faces):
        group = []
        for s, faces, piece in ((wagon_set, wagon_set.faces, words["wagons"][0]), (markers, (marker,), words["marker"][0])):
            named = [replace(face, name=f"{words['player']} {p.letter}: {piece}") for face in faces]
            group += impose(named, width=s.width, height=s.height, bleed=s.bleed, mode="1up").document.pages
        pages += [replace(page, label=f"{len(pages) + i + 1:03d}-front") for i, page in enumerate(group)]
        bags.append(("tts_bag", f"{len(group)}\t{m.title(lang)} — {words['player']} {p.letter} ({p.colour})"))
    return Document(tuple(pages), title=title, meta=(("tts", "tile"), *bags))


def _station_bags(document, m, lang: str):
    """The station pieces one a page with a ``tts_bag`` meta entry per player (``railprint export
    tts``: each player's stations in one bag, as their trains)."""
    from dataclasses import replace

    from railprint.games.ticket_to_ride.pieces import NAMES, players

    word = NAMES.get(lang, NAMES["en"])["player"]
    bags = tuple(("tts_bag", f"{m.stations.per_player}\t{m.title(lang)} — {word} {p.letter} ({p.colour})")
                 for p in players(m))
    return replace(document, meta=document.meta + bags)


def _checklist(document, *lines: str):
    """``document`` with the print guide's checklist lines for it (each naming its map: several
    maps print alike pieces)."""
    from dataclasses import replace

    return replace(document, meta=tuple(kv for kv in document.meta if kv[0] != "piece")
                   + tuple(("piece", line) for line in lines))


def ticket_deck(path: Path, lang: str = "en", *, long: bool = False):
    """The destination tickets of the map file ``path`` as a resolved deck: one card per ticket,
    drawn from the template ``content/ticket-to-ride/_map-tickets.yaml`` with a minimap. The
    regular tickets, or (``long``) the long ones: their own deck, fronts and back."""
    from railprint.games.ticket_to_ride.maps import load_map_file
    from railprint.loading.resources import content_path
    from railprint.loading.yamlio import load_file
    from railprint.model.resolve import resolve_deck

    m = load_map_file(path)
    tickets = m.long_tickets if long else m.regular_tickets
    if not tickets:
        raise RailprintError(f"{path}: the map has no {'long ' if long else ''}tickets to print",
                             hint=f"add 'tickets:' to the map, or write a '{m.id}-tickets' deck")
    # copies of what is changed below, and only of that (the rest is read, not changed): the
    # parsed file is shared (railprint.loading.yamlio.load_file); a shallow copy of a mapping
    # or list read from YAML keeps its locations
    data = copy.copy(load_file(content_path("ticket-to-ride", "_map-tickets.yaml")))
    data["templates"] = templates = copy.copy(data["templates"])
    for name, template in templates.items():
        templates[name] = template = copy.copy(template)
        template["layers"] = layers = copy.copy(template["layers"])
        for index, layer in enumerate(layers):
            if layer.get("type") == "minimap":
                layers[index] = layer = copy.copy(layer)
                layer["map"] = path.name
    if long:
        data.update(id=f"{m.id}-long-tickets", default_template="long_ticket", back="long_back",
                    title={"en": f"Long destination tickets — {m.title('en')}",
                           "pl": f"Bilety długich tras — {m.title('pl')}"})
    else:
        data.update(id=f"{m.id}-tickets", title={"en": f"Destination tickets — {m.title('en')}",
                                                 "pl": f"Bilety — {m.title('pl')}"})
    data.update(vars={"map_name": m.title(lang)},
                cards=[{"name": t.id, "vars": {"a": m.place_name(t.a), "b": m.place_name(t.b), "points": t.points}}
                       for t in tickets])
    return resolve_deck(data, path, lang)


STATION_SIZE = "16mm"
"""A station piece: a square token, the station drawn in white on the player's colour, with the
player's letter so that colour is never the only cue; the same on both sides."""


def station_deck(path: Path, lang: str = "en"):
    """The map's station pieces: ``stations.per_player`` tokens in each player colour, for the
    map's largest player count."""
    from railprint.games.ticket_to_ride.maps import load_map_file
    from railprint.games.ticket_to_ride.pieces import players as player_colours
    from railprint.model.resolve import resolve_deck

    m = load_map_file(path)
    people = player_colours(m)   # the map's own player colours, else the defaults
    if m.stations is None:
        raise RailprintError(f"{path}: the map has no stations to print",
                             hint="add scoring.stations: {per_player: 3, points_unused: 4}")
    players = len(people)
    templates = {}
    for i in range(players):
        letter = "ABCDEF"[i]
        templates[f"p{i + 1}"] = {"layers": [
            {"type": "rect", "bleed": True, "fill": f"c{i + 1}"},
            {"type": "rect", "x": "1mm", "y": "1mm", "w": "14mm", "h": "14mm", "radius": "2mm",
             "stroke": "#ffffff", "line_width": 0.8},
            {"type": "icon", "name": "station", "x": "8mm", "y": "7mm", "size": "10mm", "colour": "#ffffff"},
            {"type": "text", "text": letter, "x": "8mm", "y": "14.2mm", "size": 6, "font": "bold",
             "align": "centre", "colour": "#ffffff"},
        ]}
    data = {
        "kind": "deck", "id": f"{m.id}-stations", "game": "ticket-to-ride", "revision": 1,
        "title": {"en": f"Train stations — {m.title('en')}", "pl": f"Dworce — {m.title('pl')}"},
        "noun": {"en": ["station", "stations"], "pl": ["dworzec", "dworce", "dworców"]},
        "size": {"width": STATION_SIZE, "height": STATION_SIZE}, "bleed": "2mm", "corner_radius": "2mm", "tts": "tile",
        "palette": {f"c{i + 1}": people[i].colour for i in range(players)},
        "templates": templates,
        "cards": [{"name": f"station-{'ABCDEF'[i]}{k + 1}", "template": f"p{i + 1}", "back": f"p{i + 1}"}
                  for i in range(players) for k in range(m.stations.per_player)],
    }
    return resolve_deck(data, path, lang)
