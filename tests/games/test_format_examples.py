"""The examples of the input-format contracts (shared/reference/*-format.md), run through
``railprint score GAME FILE --json`` and scored by hand from the rulebooks (audit, 30 Nov).

The contract blocks show every key at once, with placeholders (``...``) and, for Ticket to Ride,
cities of both maps in one file; each test takes the lines that make a real game of one map and
keeps them as written (comments included)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.helpers import cli_stdout


def _json(tmp_path: Path, game: str, text: str, name: str = "game.txt"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return json.loads(cli_stdout("score", game, str(path), "--json"))


def test_railroad_ink_contract_rows(tmp_path):
    # The contract's two grid rows. A2 (highway N-S) meets the highway exit A2; A4 (railway N-S)
    # the railway exit A4. B1 - B2 (overpass, railway E-W) - B3 - B4 (station) - A4 is one
    # railway network from exit B1 to exit A4: 2 exits, 4 points; the station B4 joins its open
    # highway south end and B5 (a station: highway north, railway west) to it. A2 - B2 (the
    # overpass's highway N-S) reaches 1 exit: 0. Open ends: B2 south, B4 south, B5 north = 3.
    # Longest railway B1 B2 B3 B4 A4 = 5, highway A2 B2 = 2, no central space: 4 + 2 + 5 - 3 = 8.
    text = ("# Ala's sheet, game 2026-11-25\nplayer: Ala\nexpansion: none\n\n"
            ".... h.h. .... r.r. .... .... ....\n"
            ".r.r hrhro .r.r rrhrs h..rs .... ....\n"
            + "....  ....  ....  ....  ....  ....  ....\n" * 5)
    data = _json(tmp_path, "railroad-ink", text)
    assert {k: data[k] for k in ("total", "exits", "longest_highway", "longest_railway", "center",
                                 "errors", "meteor", "lava")} == {
        "total": 8, "exits": 4, "longest_highway": 2, "longest_railway": 5, "center": 0,
        "errors": 3, "meteor": 0, "lava": 0}
    assert data["player"] == "Ala" and data["violations"] == []


def test_ticket_to_ride_contract_lines(tmp_path):
    # Nordic: København - Göteborg (2 trains: 2 points), Mo i Rana - Trondheim [green] (the
    # 5-train tunnel of the two parallels: 10). Oslo - Helsinki (8) is not joined: -8. Bartek
    # holds nothing and completes nothing: both are tied at 0 completed tickets (the Globetrotter
    # reading of docs/ticket-to-ride-scoring.md: every tied player scores it).
    nordic = ("map: nordic\nplayers:\n  - name: Ala\n    routes:\n"
              "      - København - Göteborg\n"
              "      - Mo i Rana - Trondheim [green]   # [colour] or [length] picks one of parallel routes\n"
              "    tickets:\n      - Oslo - Helsinki\n"
              "  - name: Bartek\n    routes: []\n")
    ala, bartek = _json(tmp_path, "ticket-to-ride", nordic, "nordic.yaml")["players"]
    assert (ala["route_points"], ala["trains_used"], ala["ticket_points"], ala["tickets_failed"],
            ala["longest_path"]) == (12, 7, -8, 1, 5)
    assert (ala["total"], bartek["total"], ala["rank"], bartek["rank"]) == (14, 10, 1, 2)
    # Italy: Roma - Napoli (one of the three identical 4-train routes: 7) and Torino - Francia
    # (one of two identical 2-train routes: 2); the areas are dead ends, the regions (Lazio,
    # Campania; Piemonte) too few for a bonus.
    italy = ("map: italy\nplayers:\n  - name: Bartek\n"
             "    routes: [Roma - Napoli, Torino - Francia]   # Italy: an outside area is named like a city\n"
             "  - name: Ala\n    routes: []\n")
    data = _json(tmp_path, "ticket-to-ride", italy, "italy.yaml")
    bartek = data["players"][0]
    assert (bartek["route_points"], bartek["trains_used"], bartek["region_bonus"], bartek["globetrotter"],
            bartek["longest_path"], bartek["total"], bartek["rank"]) == (9, 6, 0, 0, 4, 9, 1)
    assert data["violations"] == []


def test_allers_trains_contract_blocks(tmp_path):
    # Base game, 3 players: Ala and Bartek reach Fioletowo in round 1 (space 1: 18 each), Celina
    # in round 4 (third to arrive: space 3, 1) and Czerwienie first (15). Ala and Bartek tie at
    # 18, equal at every station: they share first place.
    stations = ("game: allers-trains          # optional\n"
                "mode: stations               # stations (base game) | route (variant 1) | route+stations (variant 2)\n"
                "players: [Ala, Bartek, Celina]   # names in seating order; their count picks the station table\n"
                "arrivals:                    # stations modes: station -> arrivals as player@round\n"
                "  Fioletowo: [Ala@1, Bartek@1, Celina@4]\n"
                "  2: [Celina@2]              # a station by its number on the scoring board (1-7) or its name\n")
    data = _json(tmp_path, "allers-trains", stations, "stations.yaml")
    assert [(p["station_points"], p["stations"], p["route_points"], p["total"], p["rank"])
            for p in data["players"]] == [(18, {"1": 18}, 0, 18, 1), (18, {"1": 18}, 0, 18, 1),
                                          (16, {"1": 1, "2": 15}, 0, 16, 3)]
    assert data["spaces"] == {"1": {"Ala": 1, "Bartek": 1, "Celina": 3}, "2": {"Celina": 1}}
    assert data["winner"] == ["Ala", "Bartek"]
    # Variant 1: 40+9 is 49; 39 stays 39; ties share the win.
    route = ("mode: route\nplayers: [Ala, Bartek, Celina]\n"
             "route: {Ala: 40+9, Bartek: 39, Celina: 49}   # route modes: the score-track reading (40+n = 40 + n)\n")
    data = _json(tmp_path, "allers-trains", route, "route.yaml")
    assert [(p["route_points"], p["station_points"], p["total"], p["rank"]) for p in data["players"]] == [
        (49, 0, 49, 1), (39, 0, 39, 3), (49, 0, 49, 1)]
    assert data["winner"] == ["Ala", "Celina"]
