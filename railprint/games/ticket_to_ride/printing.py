"""``railprint render`` builders of Ticket to Ride's own content kinds (board, score pad)."""

from __future__ import annotations

from pathlib import Path


def build_ttr_board(path: Path, options):
    """A Ticket to Ride map printed at real size over pages, plus a one-page overview."""
    from railprint.draw.ttr_board import build_board, load_board_spec

    spec = load_board_spec(path)
    return build_board(spec, _content_map(spec.map, path), paper=options.paper, lang=options.lang)


def build_ttr_scorepad(path: Path, options):
    """Score pad pages for a Ticket to Ride map: a row per player, a column per category."""
    from railprint.draw.ttr_scorepad import build_scorepad, load_scorepad_spec

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
    return load_map_file(referenced(Path(path).parent, name, where))


def validate_map(path: Path, lang: str) -> None:
    from railprint.games.ticket_to_ride.maps import load_map_file

    load_map_file(path)
