"""The "log this play" link: a scored room as a BG Stats play (docs/serve.md, "Log the play").

BG Stats (the Board Game Stats app) imports a play from a link
``https://app.bgstatsapp.com/createPlay.html?data=<JSON, URL-encoded>`` (its "push plays from
other apps" format): the app opens, matches the game and the players by name and saves the
play. Nothing is sent anywhere by the server: the phone opens the link.

What we send: ``sourceName`` (railprint), ``sourcePlayId`` (the room id, so importing the same
room twice is recognised), ``playDate`` (the room's last change, the server's local time,
``YYYY-MM-DD HH:MM:SS``), ``game`` (``name``: the game's English title, or the page's
``play_title(parts)`` — Ticket to Ride names its map; ``sourceGameId``; ``highestWins``;
``noPoints``) and per player ``name``, ``score`` (the scorer's total), ``rank`` (the place in
the ranking, ties sharing it), ``winner`` (place 1) and ``sourcePlayerId`` (the name). No BGG
id: BG Stats matches the game by name, and a wrong id would be worse than none.
"""

from __future__ import annotations

import json
import time
from typing import Any

CREATE_PLAY = "https://app.bgstatsapp.com/createPlay.html?data="
SOURCE = "railprint"


def play(title: str, game_id: str, room_id: str, updated: float, ranking: list[dict]) -> dict[str, Any]:
    """The BG Stats play of a ranking ``[{"player", "points", "place"}]``."""
    return {
        "sourceName": SOURCE,
        "sourcePlayId": room_id,
        "playDate": time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(updated)),
        "game": {"name": title, "sourceGameId": game_id, "highestWins": True, "noPoints": False},
        "players": [{"name": row["player"], "sourcePlayerId": row["player"], "score": row["points"],
                     "rank": row["place"], "winner": row["place"] == 1, "startPlayer": False, "role": ""}
                    for row in ranking],
    }


_UNRESERVED = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-~"
_ESCAPED = tuple(chr(byte) if byte in _UNRESERVED else f"%{byte:02X}" for byte in range(256))
"""Each UTF-8 byte as ``urllib.parse.quote(text, safe="")`` writes it (looked up by ``map``: no
Python call a byte, 4x faster for a table's link, made at every change)."""


def link(data: dict[str, Any]) -> str:
    """The createPlay link carrying ``data`` (compact JSON, every reserved character escaped:
    ``quote(text, safe="")``)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return CREATE_PLAY + "".join(map(_ESCAPED.__getitem__, text.encode("utf-8")))
