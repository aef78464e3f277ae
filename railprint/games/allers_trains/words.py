"""Player-facing words of a scored game (text report and picture), English and Polish.

Polish follows the rulebook's vocabulary: stacja, lokomotywa, zajezdnia, najdłuższa trasa,
remis; the printed reference card (content/allers-trains/scoring.yaml) uses the same words.
"""

from __future__ import annotations

from railprint.errors import check_lang

WORDS = {
    "en": {
        "modes": {"stations": "base game (stations)", "route": "variant 1: longest route",
                  "route+stations": "variant 2: longest route + stations"},
        "players": "players", "player": "player", "station": "station", "round": "round",
        "space": "space", "points": "points", "route": "longest route", "stations": "stations",
        "total": "total", "rank": "rank", "ranking": "Ranking", "winner": "Winner",
        "winners": "Shared win", "violations": "Violations", "tiles": "tiles entered",
        "no_arrivals": "no station reached", "solo": "Solo target",
        "solo_none": "below the first target (20)",
        "levels": {"beginner": "beginner", "medium": "medium", "good": "good",
                   "very_good": "very good", "advanced": "advanced"},
        "states": {"waiting": "waiting", "arrived": "arrived at {station} in round {round}",
                   "collided": "collided in round {round}",
                   "removed": "removed at {station} in round {round} (already holds a locomotive)",
                   "depot": "stopped in the depot in round {round}"},
        "locos": {"blue": "blue", "violet": "violet", "black": "black", "red": "red"},
        "tie": "tie broken by the station order (1 Fioletowo, 2 Czerwienie, …)",
        "our_table": "the {n}-player table is our design",
        "title": "scored",
    },
    "pl": {
        "modes": {"stations": "gra podstawowa (stacje)", "route": "wariant 1: najdłuższa trasa",
                  "route+stations": "wariant 2: najdłuższa trasa + stacje"},
        "players": "graczy", "player": "gracz", "station": "stacja", "round": "runda",
        "space": "pole", "points": "pkt", "route": "najdłuższa trasa", "stations": "stacje",
        "total": "suma", "rank": "miejsce", "ranking": "Ranking", "winner": "Zwycięzca",
        "winners": "Wspólne zwycięstwo", "violations": "Naruszenia zasad", "tiles": "wjazdy na kafelki",
        "no_arrivals": "brak przyjazdów na stacje", "solo": "Cel w grze solo",
        "solo_none": "poniżej pierwszego progu (20)",
        "levels": {"beginner": "początkujący", "medium": "średni", "good": "dobry",
                   "very_good": "bardzo dobry", "advanced": "zaawansowany"},
        "states": {"waiting": "czeka", "arrived": "dotarła do stacji {station} w rundzie {round}",
                   "collided": "zderzenie w rundzie {round}",
                   "removed": "usunięta na stacji {station} w rundzie {round} (stoi tam już lokomotywa)",
                   "depot": "stanęła w zajezdni w rundzie {round}"},
        "locos": {"blue": "niebieska", "violet": "fioletowa", "black": "czarna", "red": "czerwona"},
        "tie": "remis rozstrzyga kolejność stacji (1 Fioletowo, 2 Czerwienie, …)",
        "our_table": "tabela dla {n} graczy to nasz projekt",
        "title": "wyniki",
    },
}


def words(lang: str) -> dict:
    return WORDS[check_lang(lang)]
