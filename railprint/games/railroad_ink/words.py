"""Player-facing words of a scored Railroad Ink sheet, in English and Polish: one table for the
text report (:mod:`.result`) and the picture (:mod:`.picture`).

Polish follows the Polish rulebook ("Kolejowy szlak") and the printed sheet
(``content/railroad-ink/sheet.yaml``): Najdłuższa autostrada, Pola centralne, Meteoryt, stacja …
Keys used by both outputs come first; the picture keeps its own wording where the two differ
(``exits``: the picture's score box says "Sieci" like the printed sheet, the report's category
says "Wyjścia").
"""

from __future__ import annotations

from railprint.errors import check_lang
from railprint.games.railroad_ink.board import SIDE_NAMES
from railprint.words import counted

LABELS = {
    "en": {
        # picture and report
        "title": "Railroad Ink", "points": "points", "exits": "Exits", "highway": "Longest highway",
        "railway": "Longest railway", "centre": "Centre", "errors": "Errors",
        "meteor": "Meteor", "lava": "Lava", "total": "Total", "networks": "Networks",
        "network": "Network", "violations": "Rule violations", "no_networks": "no network reaches an exit",
        "spaces": "spaces", "longest": {"simple": "", "trail": " (trail)"},
        # report only
        "exits_category": "Exits",
        "network_exits": "network {number}: {n} exit(s) {exits}",  # also {count}: "6 exits"
        "exits_total": "exits total",
        "trail_reading": " (trail reading)",
        "no_errors": "no open ends",
        "errors_total": "errors total",
        "no_meteor": "no route end opens into a crater",
        "crater": "{square} opens into a crater ({sides})",
        "no_lava": "no lava",
        "closed_lake": "closed lake {spaces}",
        "largest_lake": "largest lake {spaces}",
        "open_sides": " ({count} open side(s))",
        "no_name": "(no name)",
        "expansion": "expansion: {name}",
        "expansions": {"meteor": "meteor", "lava": "lava"},
        "headers": ("Category", "Points", "Reason"),
        "ranking": "Ranking",
        "ranking_headers": ("Rank", "Player", "Exits", "Highway", "Railway", "Centre", "Errors",
                            "Meteor", "Lava", "Total"),
        "tie_note": "Ties: fewest errors wins; still tied -> shared place.",
        "sides": SIDE_NAMES,
        "error_where": "{square} {side}: {reason}",
        "error_reasons": {"open": "{kind} end is open", "crater": "{kind} end runs into a crater",
                          "meets": "{kind} end meets a {facing} end", "lava": "{kind} end runs into lava",
                          "lava-open": "lava side is open"},
        "kinds": {"h": "highway", "r": "railway", "l": "lava"},
        "legend": ("== H highway   -- | railway   ~ lava   + route space   S station   O overpass\n"
                   "X crater   V volcano   ! error (open end)   h r exits"),
    },
    "pl": {
        # picture and report
        "title": "Kolejowy szlak", "points": "pkt", "exits": "Sieci", "highway": "Najdłuższa autostrada",
        "railway": "Najdłuższa linia kolejowa", "centre": "Pola centralne", "errors": "Błędy",
        "meteor": "Meteoryt", "lava": "Lawa", "total": "Razem", "networks": "Sieci",
        "network": "Sieć", "violations": "Naruszenia zasad", "no_networks": "żadna sieć nie dochodzi do wyjścia",
        "spaces": "pól", "longest": {"simple": "", "trail": " (szlak z powtórzeniami)"},
        # report only
        "exits_category": "Wyjścia",
        "network_exits": "sieć {number}: {count} {exits}",
        "exits_total": "wyjścia razem",
        "trail_reading": " (szlak z powtórzeniami)",
        "no_errors": "brak otwartych końców",
        "errors_total": "błędy razem",
        "no_meteor": "żaden koniec trasy nie jest otwarty na krater",
        "crater": "{square} otwarte na krater ({sides})",
        "no_lava": "brak lawy",
        "closed_lake": "zamknięte jezioro {spaces}",
        "largest_lake": "największe jezioro {spaces}",
        "open_sides": " (otwarte brzegi: {count})",
        "no_name": "(bez nazwy)",
        "expansion": "rozszerzenie: {name}",
        "expansions": {"meteor": "Meteoryt", "lava": "Lawa"},
        "headers": ("Kategoria", "Punkty", "Uzasadnienie"),
        "ranking": "Ranking",
        "ranking_headers": ("Miejsce", "Gracz", "Wyjścia", "Autostrada", "Linia kolejowa", "Pola centralne",
                            "Błędy", "Meteoryt", "Lawa", "Razem"),
        "tie_note": "Remis: wygrywa gracz z mniejszą liczbą błędów; dalej remis -> miejsce wspólne.",
        "sides": ("północ", "wschód", "południe", "zachód"),
        "error_where": "{square} {side}: {reason}",
        "error_reasons": {"open": "otwarty koniec {kind}", "crater": "koniec {kind} trafia na krater",
                          "meets": "koniec {kind} styka się z końcem {facing}",
                          "lava": "koniec {kind} trafia na lawę", "lava-open": "otwarty brzeg lawy"},
        "kinds": {"h": "autostrady", "r": "linii kolejowej", "l": "lawy"},  # genitive: "koniec autostrady"
        "legend": ("== H autostrada   -- | linia kolejowa   ~ lawa   + pole z trasą   S stacja   O wiadukt\n"
                   "X krater   V wulkan   ! błąd (otwarty koniec)   h r wyjścia"),
    },
}


def language(lang: str) -> str:
    """``lang`` as a key of :data:`LABELS` ("en", "pl"); anything else is a clear error."""
    return check_lang(str(lang).strip().lower())


def exits_word(n: int, lang: str) -> str:
    """``1 exit``, ``3 exits``; ``1 wyjście``, ``3 wyjścia``, ``12 wyjść``."""
    return counted(n, ("wyjście", "wyjścia", "wyjść") if lang == "pl" else ("exit", "exits"), lang)


__all__ = ["LABELS", "exits_word", "language"]
