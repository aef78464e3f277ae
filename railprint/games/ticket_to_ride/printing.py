"""``railprint render`` builders of Ticket to Ride's own content kinds (board, score pad)."""

from __future__ import annotations

from pathlib import Path


def build_ttr_board(path: Path, options):
    """A Ticket to Ride map printed at real size over pages, plus a one-page overview."""
    from railprint.games.ticket_to_ride.board import build_board, load_board_spec
    from railprint.games.ticket_to_ride.maps import load_map

    spec = load_board_spec(path)
    return build_board(spec, load_map(spec.map, base=Path(path).parent), paper=options.paper,
                       lang=options.lang)


def build_ttr_scorepad(path: Path, options):
    """Score pad pages for a Ticket to Ride map: a row per player, a column per category."""
    from railprint.games.ticket_to_ride.scorepad import build_scorepad, load_scorepad_spec
    from railprint.games.ticket_to_ride.maps import load_map

    spec = load_scorepad_spec(path)
    return build_scorepad(load_map(spec.map, base=Path(path).parent), paper=options.paper,
                          lang=options.lang, games=spec.games_per_page, revision=spec.revision)


def validate_map(path: Path, lang: str) -> None:
    from railprint.games.ticket_to_ride.maps import load_map_file

    load_map_file(path)
