"""Player-facing words of a scored Days of Steam game, in English and Polish: one table for the
text report (:mod:`.result`) and the picture (:mod:`.picture`).

English uses the published "circuit"; Polish follows the Polish rulebook: "objazd" (circuit),
"punkty zwycięstwa" (VP), "punkty pary" (steam), "towary" (goods).
"""

from __future__ import annotations

from railprint.errors import check_lang

WORDS = {
    "en": {
        "title": "Days of Steam",
        "player": "Player", "goods": "Goods", "colours": "Colours", "bonus": "Colour bonus",
        "circuits": "Circuits", "steam": "Steam", "total": "Total", "rank": "Rank",
        "winner": "Winner", "winners": "Shared win",
        "end_tiles": "game end: the last track tile was drawn",
        "end_instant": "game end: {name} reached 13 VP and wins at once",
        "violations": "Rule violations", "map": "Map",
        "map_summary": "{tiles} track tiles, {cities} cities, {found} circuit(s) found",
        "map_incomplete": " (search stopped: at least this many)",
        "map_allowed": "circuit counters the map allows: at most {allowed}",
        "map_unchecked": "{overlays} overlay tile(s) on the map: circuits may have been taken before "
                         "a tile was covered, so the counters are not checked against the map",
        "circuit": "circuit {n}: {cities}",
        "no_map": "no map given: the circuits are taken as written",
        "colour_names": {"red": "red", "green": "green", "yellow": "yellow", "blue": "blue"},
        "tie_note": "Ties: more circuit points, then more steam; still tied: shared place.",
        "vp": "VP",
    },
    "pl": {
        "title": "Dni Pary",
        "player": "Gracz", "goods": "Towary", "colours": "Kolory", "bonus": "Premia za kolory",
        "circuits": "Objazdy", "steam": "Para", "total": "Razem", "rank": "Miejsce",
        "winner": "Zwycięzca", "winners": "Wspólne zwycięstwo",
        "end_tiles": "koniec gry: dobrano ostatni żeton toru",
        "end_instant": "koniec gry: {name} ma 13 punktów zwycięstwa i od razu wygrywa",
        "violations": "Naruszenia zasad", "map": "Mapa",
        "map_summary": "żetony torów: {tiles}, miasta: {cities}, znalezione objazdy: {found}",
        "map_incomplete": " (przeszukiwanie przerwane: co najmniej tyle)",
        "map_allowed": "liczniki objazdów możliwe na tej mapie: najwyżej {allowed}",
        "map_unchecked": "żetony kładzione na istniejący tor: {overlays}; objazd mógł powstać, zanim żeton "
                         "przykryto, więc liczników nie porównano z mapą",
        "circuit": "objazd {n}: {cities}",
        "no_map": "bez mapy: objazdy przyjęte tak, jak je wpisano",
        "colour_names": {"red": "czerwony", "green": "zielony", "yellow": "żółty", "blue": "niebieski"},
        "tie_note": "Remis: więcej punktów za objazdy, potem więcej punktów pary; dalej remis: wspólne miejsce.",
        "vp": "PZ",
    },
}


def words(lang: str) -> dict:
    return WORDS[check_lang(lang)]
