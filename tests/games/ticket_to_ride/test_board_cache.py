"""Issue 13: the board layout is cached on disk keyed by the map's content; the cache never
changes the output and a changed map is laid out afresh."""

from __future__ import annotations

from dataclasses import replace

from railprint.games.ticket_to_ride import board as ttr_board
from railprint.games.ticket_to_ride.board import build_board_overview
from railprint.games.ticket_to_ride.maps import load_map
from railprint.writers import render


def test_cached_board_prints_the_same_bytes_and_a_changed_map_is_laid_out_again(tmp_path, monkeypatch):
    m = load_map("nordic")
    monkeypatch.setenv("RAILPRINT_CACHE_DIR", "off")
    ttr_board._GEOMETRY_CACHE.clear()
    fresh = render(build_board_overview(m), "pdf")[0]
    monkeypatch.setenv("RAILPRINT_CACHE_DIR", str(tmp_path))
    for _ in range(2):   # first run fills the cache, the second reads it
        ttr_board._GEOMETRY_CACHE.clear()
        assert render(build_board_overview(m), "pdf")[0] == fresh
    entries = sorted((tmp_path / "ttr-board").glob("*.json"))
    assert len(entries) == 1
    # move one city: a new entry, a different layout; the old entry is not used for it
    city = m.cities[0]
    moved = replace(m, cities=(replace(city, at=(city.at[0] + 0.02, city.at[1])), *m.cities[1:]))
    ttr_board._GEOMETRY_CACHE.clear()
    geo = ttr_board.board_geometry(moved)
    assert len(sorted((tmp_path / "ttr-board").glob("*.json"))) == 2
    assert geo.nodes[city.id] != ttr_board.board_geometry(m).nodes[city.id]
    # a damaged entry is ignored and rewritten
    entries[0].write_text("{not json", encoding="utf-8")
    ttr_board._GEOMETRY_CACHE.clear()
    assert render(build_board_overview(m), "pdf")[0] == fresh
