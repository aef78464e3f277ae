"""The web app of ``railprint serve``: rooms over HTTP, each game's page from its own package.

Serve knows no game. ``/api/games`` lists the registered games that bring a page
(``Game.web``, see :class:`railprint.registry.WebPage`); a room stores the game's *parts*
(:mod:`railprint.serve.rooms`); scoring writes the game's own files (``files(parts)``) into a
private temporary folder and calls the game's registered scorer on them, exactly as
``railprint score`` does — one scoring engine, no rule written again in JavaScript.

Every error is JSON ``{"error": message}`` with a 4xx status: 400 bad input, 403 no token,
404 unknown room or file, 409 a conflicting change (with the current room and its score),
413 a body over :data:`MAX_BODY`.
"""

from __future__ import annotations

import asyncio
import atexit
import contextvars
import gc
import hmac
import json
import os
import re
import shutil
import tempfile
import threading
import unicodedata
from collections import OrderedDict
from concurrent.futures import Executor, ThreadPoolExecutor
from importlib import resources
from pathlib import Path
from dataclasses import replace
from typing import Any, Callable
from urllib.parse import parse_qs, parse_qsl

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, PlainTextResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import ClientDisconnect

from railprint.errors import RailprintError, check_lang, suggestion
from railprint.loading.text import MAX_GAME_BYTES
from railprint.registry import Game, find_game, games, named, scorer, web_page
from railprint.scene import Document, Group, Text
from railprint.serve.rooms import (RELOAD_PL, BadChange, Conflict, Refused, Room, RoomNotFound, RoomStore, StoreDamaged,
                                   MAX_TITLE, check_title, part_name)

MAX_BODY = 1024 * 1024
"""Largest request body (1 MiB): a whole game file is a few kB."""
MAX_PHOTO = 20 * 1024 * 1024   # a photo upload (POST /api/rooms/<id>/photos/<player>): its own, larger limit
PHOTO_PATH = re.compile(r"^/api/rooms/[^/]+/photos/[^/]+$")
MAX_PLAYERS = 8
SCORE_CHARS = "0123456789−-+×:.,()/% "
"""In every font subset of the pictures from the start: scores change at every change."""
PICTURE_CHARS = SCORE_CHARS + ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'\"!?&#*;=<>[]_@"
                               "ĄĆĘŁŃÓŚŹŻąćęłńóśźżÅÄÆÖØÜÉåäæöøüé—–·…✓→")
"""... and the letters of the games' labels, the players' names and the maps' places (English,
Polish, Nordic): a font subset is made when a picture draws a character not in it yet (~250 ms
of CPU a face), so with these in from the start a hall of tables hardly ever makes another."""
TOKEN_COOKIE = "railprint_token"
STATIC_NAME = re.compile(r"^[A-Za-z0-9_-]{1,64}\.(js|css|svg|html|webmanifest)$")
MEDIA = {"js": "text/javascript; charset=utf-8", "css": "text/css; charset=utf-8",
         "svg": "image/svg+xml", "html": "text/html; charset=utf-8", "webmanifest": "application/manifest+json"}


def _known_parts(parts: dict, updates: dict) -> dict:
    """A change may touch the room's own parts (a player's, a game-wide one), never its setup:
    anything else is refused before the game's page checks the values."""
    for key in updates:
        if key == "setup":
            raise RailprintError("the setup of a room is fixed once the game is created",
                                 pl="ustawień gry nie da się zmienić po jej rozpoczęciu; zacznij nową grę")
        if key not in parts:
            player = str(key).removeprefix("player:")
            raise RailprintError(f"no player {player!r} in this room", hint=suggestion(player, parts["setup"]["players"]),
                                 pl=f"w tej grze nie ma gracza {player[:40]!r}; odśwież stronę, by zobaczyć graczy")
    return updates


def _name_problems(name: str) -> tuple[str, str] | None:
    """Why a player's name cannot be used, in English and Polish, or None: a control, invisible or
    bidirectional character (U+202E turns the text after it around on every other phone), or a
    character the score pictures' font cannot draw (an emoji: every picture of the room failed,
    for good)."""
    from railprint.text.fonts import check_glyphs

    for ch in name:
        if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"):
            return (f"{name!r} has an invisible or control character (U+{ord(ch):04X}); type the name without it",
                    f"{name!r} ma niewidoczny lub sterujący znak (U+{ord(ch):04X}); wpisz imię bez niego")
    missing = sorted(set(check_glyphs(name, "regular")) | set(check_glyphs(name, "bold")))
    if missing:
        return (f"{name!r} uses {''.join(missing)!r}, which the score pictures cannot draw; type the name without it",
                f"{name!r} ma {''.join(missing)!r}, czego nie da się narysować na obrazkach wyników; wpisz imię bez tego")
    return None


def _same_names(players: list[str]) -> tuple[str, str] | None:
    """Two names that are one after Unicode NFKC and case-folding ('Ala', 'ALA', 'Ａｌａ'), or None."""
    seen: dict[str, str] = {}
    for name in players:
        key = unicodedata.normalize("NFKC", name).casefold()
        if key in seen:
            return seen[key], name
        seen[key] = name
    return None


def checked_players(players: Any) -> list[str]:
    """A new room's player names, stripped: 1 to :data:`MAX_PLAYERS` of at most 40 characters,
    no two the same (:func:`_same_names`), none the pictures cannot draw (:func:`_name_problems`);
    a :class:`RailprintError` (English and Polish) says which is not. (A game's own bounds and
    what its files can hold: its ``new_room``.)"""
    if (not isinstance(players, list) or not 1 <= len(players) <= MAX_PLAYERS
            or not all(isinstance(p, str) and 0 < len(p.strip()) <= 40 for p in players)):
        raise RailprintError(f"players: 1 to {MAX_PLAYERS} names of at most 40 characters",
                             pl=f"gracze: od 1 do {MAX_PLAYERS} imion, każde najwyżej 40 znaków")
    players = [p.strip() for p in players]
    same = _same_names(players)
    if same:
        raise RailprintError(f"players: {same[0]!r} and {same[1]!r} are the same name; every name once",
                             pl=f"gracze: {same[0]!r} i {same[1]!r} to to samo imię; każde imię raz")
    for name in players:
        if problem := _name_problems(name):
            raise RailprintError(f"players: {problem[0]}", pl=f"gracze: {problem[1]}")
    return players


def joined(page: Any, parts: dict[str, Any], name: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """(the parts a player called ``name`` joining the room adds, the parts it replaces: the
    setup with the longer list of players) — the room the game's ``new_room`` makes for its
    players and this one with the same choices, checked as a new room's names are
    (:func:`checked_players`), within the game's bounds (``PLAYERS``, else its ``new_room``'s)."""
    setup = parts["setup"]
    players = list(setup["players"])
    if not isinstance(name, str) or not 0 < len(name.strip()) <= 40:
        raise RailprintError("name: the new player's name, 1 to 40 characters",
                             pl="imię: imię nowego gracza, od 1 do 40 znaków")
    same = _same_names([*players, name.strip()])
    if same:
        raise RailprintError(f"{same[1]!r} plays here already (as {same[0]!r}): tap that name, or type another",
                             pl=f"{same[1]!r} już gra tutaj (jako {same[0]!r}): dotknij tego imienia albo wpisz inne")
    most = getattr(page, "PLAYERS", (1, MAX_PLAYERS))[1]
    if len(players) >= most:
        raise RailprintError(f"this game has {len(players)} players, as many as it can have ({most})",
                             pl=f"ta gra ma już {len(players)} graczy, tylu, ilu może mieć ({most})")
    players = checked_players([*players, name])
    fresh = page.new_room(players, {k: v for k, v in setup.items() if k != "players"})
    added = {key: value for key, value in fresh.items() if key not in parts}
    if not added:
        raise RailprintError(f"{players[-1]!r} adds no part to this game",
                             pl=f"{players[-1]!r} nie dostaje w tej grze własnego arkusza")
    return added, {"setup": {**setup, "players": players}}


def _room_answer(room: Room, score: dict) -> JSONResponse:
    """``{room, score}`` as JSON; plain JSON already, so FastAPI's per-value encoder (about a
    millisecond for a Ticket to Ride game) is skipped."""
    return JSONResponse({"room": room.as_json(), "score": score})


def _error(status: int, message: str, pl: str | None, **extra: Any) -> JSONResponse:
    """A refusal as JSON: ``error`` in English (the API's word) and ``error_pl`` the same in
    Polish (a Polish page shows that one). Every refusal of the server's own passes its Polish
    (``tests/serve/test_api_polish_everywhere.py`` reads this file for one without); None only
    for a game's error that has none (:func:`_pl`)."""
    said = {"error": message, "error_pl": pl} if pl else {"error": message}
    return JSONResponse({**said, **extra}, status_code=status)


IMPORT_PL = "ten plik nie jest grą zapisaną przez Eksport na tej stronie; wczytaj room.json pobrany przez Eksport"
"""The Polish of an imported file's refusals that name its JSON keys (``parts.setup``, ...)."""
SCORE_PL = "tej gry nie da się jeszcze policzyć: strona gry mówi, czego brakuje"
"""The Polish of a scorer's refusal that brings none of its own (the page shows the reason)."""
GONE_PL = "połączenie zerwało się, zanim serwer dostał całą wiadomość; spróbuj jeszcze raz"
"""The Polish of a request whose client went away before its body came (nobody reads it)."""
HTTP_PL = {404: "nie ma tu takiego adresu; otwórz link z kodu QR", 405: RELOAD_PL}
"""The Polish of the web framework's own refusals (an address no route has, a method it does not take)."""


def _said(exc: Exception) -> str | None:
    """An error in players' words for the English page (a file's problems: theirs, when every one
    has them), or None: the page shows ``error``."""
    if getattr(exc, "said", None):
        return exc.said   # type: ignore[attr-defined]
    said = [getattr(p, "said", None) for p in getattr(exc, "problems", ())]
    return "; ".join(said) if said and all(said) else None


def _pl(exc: Exception, located: bool = False) -> str | None:
    """An error's Polish words (:class:`RailprintError` ``pl``; a file's problems: theirs, when
    every one has them), or None. ``located``: each one after its ``file:line:col``, as the
    English ``error`` says it (an uploaded file's names are the room's own; a scorer's are in a
    scratch folder, so its answers leave them out)."""
    def said(error: Any) -> str:
        where = getattr(error, "location", None) if located else None
        return f"{where}: {error.pl}" if where else error.pl

    if getattr(exc, "pl", None):
        return said(exc)
    problems = getattr(exc, "problems", ())
    if problems and all(getattr(p, "pl", None) for p in problems):
        return "; ".join(said(p) for p in problems)
    return None


SECURITY_HEADERS = [
    # no inline script anywhere (the pages' scripts are files of ours); inline style stays allowed:
    # the games' editors set colour swatches and their own <style> from script
    (b"content-security-policy", b"default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
                                 b"img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
                                 b"form-action 'self'; frame-ancestors 'none'"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-content-type-options", b"nosniff"),
    (b"cross-origin-resource-policy", b"same-origin"),
    (b"cross-origin-opener-policy", b"same-origin"),
]
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
PAGE_PATH = re.compile(r"^/(r/[A-Za-z0-9_-]{1,64})?$")


class Hosts:
    """The names a request's ``Host`` may carry: the names and addresses the server listens on,
    so a DNS-rebinding page (its own name resolved to this machine) is refused. Listening on
    every address (``0.0.0.0``/``::``), any IP address literal (a packet that reached this socket
    with one was sent to an address of ours; rebinding always carries the attacker's name), this
    machine's host names and ``localhost``; else the bind host, what it names, and for loopback
    the loopback names."""

    def __init__(self, bind: str):
        import socket

        bind = bind.strip().lower().strip("[]")
        self.any_address = bind in ("0.0.0.0", "::", "")
        names = {bind}
        if self.any_address or _is_loopback(bind):
            names |= {"localhost", "127.0.0.1", "::1"}
        if not _is_loopback(bind):
            host = socket.gethostname().lower()
            names |= {host, host + ".local", host.split(".")[0]}
        self.names = frozenset(n for n in names if n)

    def allows(self, header: str | None) -> bool:
        if not header:
            return False
        name = header.strip().lower()
        if name.startswith("["):
            name = name[1:name.find("]")] if "]" in name else ""
        elif name.count(":") == 1:
            name = name.split(":")[0]
        name = name.rstrip(".")
        if name in self.names:
            return True
        return self.any_address and _ip_literal(name)


def _is_loopback(host: str) -> bool:
    import ipaddress

    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _ip_literal(name: str) -> bool:
    import ipaddress

    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def _same_origin(origin: str, host: str) -> bool:
    """``Origin: http://<the Host header>``: the page making the request is one of ours."""
    from urllib.parse import urlsplit

    if origin == "null":
        return False
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and parts.netloc.lower() == host.lower()


class Guard:
    """Pure ASGI middleware in front of every request:

    - ``Host`` must name this server (:class:`Hosts`), else 403 (DNS rebinding);
    - with a token, every request must carry it (query ``token=``, header ``X-Railprint-Token``
      or the cookie set by a link that had it), compared in constant time, else 403; a page
      opened with ``?token=`` sets the cookie and is sent to the same address without it (303),
      so the token leaves the address bar, the history and any bookmark;
    - a request that may change something (not GET/HEAD/OPTIONS) from another site is 403:
      ``Sec-Fetch-Site`` other than ``same-origin``/``none``, or an ``Origin`` that is not this
      server (programs that send neither, such as ``curl``, are not browsers acting for a page);
    - bodies over MAX_BODY get 413;
    - every answer carries :data:`SECURITY_HEADERS`."""

    def __init__(self, app, token: str | None, max_body: int = MAX_BODY, hosts: Hosts | None = None):
        self.app, self.token, self.max_body = app, token, max_body
        self.hosts = hosts or Hosts("127.0.0.1")
        self.close: Callable[[], None] = lambda: None
        self.watchers: Watchers | None = None

    def _token_of(self, scope, headers: dict[str, str]) -> tuple[str | None, bool]:
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        if "token" in query:
            return query["token"][0], True
        if "x-railprint-token" in headers:
            return headers["x-railprint-token"], False
        for item in headers.get("cookie", "").split(";"):
            name, _, value = item.strip().partition("=")
            if name == TOKEN_COOKIE:
                return value, False
        return None, False

    def _refusal(self, scope, headers: dict[str, str]) -> JSONResponse | None:
        host = headers.get("host")
        if not self.hosts.allows(host):
            return _error(403, f"this server is not {str(host)[:80]!r}: open it by its own address",
                          f"ten serwer to nie {str(host)[:80]!r}: otwórz go jego własnym adresem (z kodu QR)")
        if scope["method"] not in SAFE_METHODS:
            site = headers.get("sec-fetch-site")
            origin = headers.get("origin")
            if (site is not None and site not in ("same-origin", "none")) or (
                    origin is not None and not _same_origin(origin, host)):
                return _error(403, "a change from another site's page is refused",
                              "zmiana wysłana ze strony innej witryny: odrzucona; wprowadź ją na stronie gry")
        return None

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", ())}

        async def secured(message):
            if message["type"] == "http.response.start":
                message = dict(message, headers=[*message.get("headers", []), *SECURITY_HEADERS])
            await send(message)

        refused = self._refusal(scope, headers)
        if refused is not None:
            return await refused(scope, receive, secured)
        set_cookie = None
        max_body = MAX_PHOTO if scope.get("method") == "POST" and PHOTO_PATH.match(scope.get("path", "")) \
            else self.max_body
        if self.token is not None:
            given, in_query = self._token_of(scope, headers)
            if given is None or not hmac.compare_digest(given.encode("utf-8", "replace"), self.token.encode()):
                return await _error(403, "this server needs the token from the link its terminal printed",
                                    "ten serwer wymaga klucza z linku, który wypisał: zeskanuj jeszcze raz jego kod QR")(
                    scope, receive, secured)
            if in_query:
                set_cookie = (b"set-cookie", f"{TOKEN_COOKIE}={self.token}; Path=/; HttpOnly; SameSite=Strict".encode())
                if scope["method"] == "GET" and PAGE_PATH.match(scope["path"]):
                    return await _without_token(scope, set_cookie)(scope, receive, secured)
        if "content-length" in headers:
            try:
                size = int(headers["content-length"])
            except ValueError:
                return await _error(400, "bad Content-Length", RELOAD_PL)(scope, receive, secured)
            if size > max_body:
                return await _error(413, f"the request body is {size} bytes; at most {max_body} "
                                         f"are accepted", f"za duży plik ({size} bajtów); najwyżej {max_body}"
                                    )(scope, receive, secured)
        seen, read_all = 0, scope.get("method") in ("GET", "HEAD", "OPTIONS")

        async def limited():
            nonlocal seen, read_all
            message = await receive()
            seen += len(message.get("body", b""))
            read_all = read_all or message["type"] != "http.request" or not message.get("more_body", False)
            if seen > max_body:
                read_all = True   # (the answer is a 413: the rest is not waited for)
                raise BodyTooLarge(f"the request body is over {max_body} bytes; at most {max_body} "
                                   f"are accepted", pl=f"za duży plik (ponad {max_body} bajtów)")
            return message

        async def sending(message):
            if message["type"] == "http.response.start":
                # an answer given before the body was read (a 415, a busy 503, a path with no route): the
                # rest of the body, within the limit, is read first, so that a client still sending it (a
                # phone's 4 MB photo) reads the answer instead of a connection reset
                while not read_all:
                    try:
                        await limited()
                    except BodyTooLarge:
                        break
                if set_cookie:
                    message = dict(message, headers=[*message.get("headers", []), set_cookie])
            await secured(message)

        await self.app(scope, limited, sending)


def _without_token(scope, cookie: tuple[bytes, bytes]) -> Response:
    """303 to the page's own address without ``token=`` (its other query words kept), setting the
    token's cookie: the token leaves the address bar before any script runs."""
    from urllib.parse import urlencode

    query = [(k, v) for k, v in parse_qsl(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True)
             if k != "token"]
    target = scope["path"] + ("?" + urlencode(query) if query else "")
    answer = Response(status_code=303, headers={"Location": target, "Cache-Control": "no-store"})
    answer.raw_headers.append(cookie)
    return answer


class BodyTooLarge(RailprintError):
    """A body without Content-Length grew past the limit while it was read (answered 413)."""


class WrongMediaType(RailprintError):
    """A JSON endpoint sent something other than ``application/json`` (answered 415): a page of
    another site can send ``text/plain`` without asking, never ``application/json``."""


class TooMany(RailprintError):
    """Too many rooms made by one client lately (answered 429)."""


MAX_DEPTH = 32
"""Deepest JSON a request may nest (a room's parts nest 4 deep; an exported room 7)."""
MAX_DIGITS = 40
"""Longest integer in a request's JSON (a seed is at most 19 digits)."""


def _number(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ValueError(f"a number of {len(text)} digits (at most {MAX_DIGITS})")
    return int(text)


def _finite(text: str) -> float:
    value = float(text)
    if value != value or value in (float("inf"), float("-inf")):
        raise ValueError(f"{text[:20]} is not a finite number")
    return value


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def parse_json(raw: bytes) -> Any:
    """An untrusted JSON body: UTF-8, numbers of at most :data:`MAX_DIGITS` digits and finite,
    nested at most :data:`MAX_DEPTH` deep; anything else is a :class:`RailprintError` (400),
    never a RecursionError or a number too long to print."""
    try:
        value = json.loads(raw.decode("utf-8"), parse_int=_number, parse_float=_finite,
                           parse_constant=_refuse_constant)
    except UnicodeDecodeError as exc:
        raise RailprintError(f"the request body is not UTF-8 (byte {exc.start})",
                             pl=f"to, co wysłano, nie jest tekstem UTF-8 (bajt {exc.start}); {RELOAD_PL}") from None
    except RecursionError:
        raise RailprintError(f"the request body nests deeper than {MAX_DEPTH}",
                             pl=f"to, co wysłano, jest zagnieżdżone głębiej niż {MAX_DEPTH}; {RELOAD_PL}") from None
    except ValueError as exc:  # JSONDecodeError too
        raise RailprintError(f"the request body is not JSON: {exc}",
                             pl=f"to, co wysłano, nie jest poprawnym JSON-em; {RELOAD_PL}") from None
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list)):
            if depth > MAX_DEPTH:
                raise RailprintError(f"the request body nests deeper than {MAX_DEPTH}",
                                     pl=f"to, co wysłano, jest zagnieżdżone głębiej niż {MAX_DEPTH}; {RELOAD_PL}")
            stack.extend((inner, depth + 1) for inner in (item.values() if isinstance(item, dict) else item))
    return value


class RateLimit:
    """At most ``burst`` at once per client, then one more every ``every`` seconds (a token bucket
    per client address, forgotten once full again)."""

    def __init__(self, burst: int, every: float):
        self.burst, self.every = burst, every
        self.buckets: dict[str, tuple[float, float]] = {}
        self.lock = threading.Lock()

    def take(self, client: str) -> None:
        import time

        now = time.monotonic()
        with self.lock:
            if len(self.buckets) > 10_000:
                self.buckets = {k: v for k, v in self.buckets.items()
                                if v[0] + (now - v[1]) / self.every < self.burst}
            self.buckets[client] = self.spend(self.buckets.get(client), now)

    def spend(self, bucket: tuple[float, float] | None, now: float) -> tuple[float, float]:
        """A client's bucket ``(left, since)`` (None: full) after one more room at ``now``;
        :class:`TooMany` when it is empty."""
        left, since = bucket if bucket is not None else (float(self.burst), now)
        left = min(float(self.burst), left + max(0.0, now - since) / self.every)
        if left < 1:
            wait = int((1 - left) * self.every) + 1
            raise TooMany(f"too many new games from this device; wait {wait} s",
                          pl=f"za dużo nowych gier z tego urządzenia; poczekaj {wait} s")
        return left - 1, now


def _web_games() -> dict[str, Game]:
    return {g.id: g for g in games() if g.web}


def _game_of(room: Room) -> tuple[Game, Any]:
    game = find_game(room.game)
    page = web_page(game)
    if page is None:
        raise RailprintError(f"{game.id} has no page", pl=f"{game.id} nie ma strony do liczenia punktów przy stole")
    return game, page


def _strip_folder(value: Any, folder: str) -> Any:
    """The scorer's JSON with the private folder removed from file names (``Anna.txt``, as
    ``railprint score`` prints when run in the folder holding the downloaded files)."""
    if isinstance(value, str):
        return value.replace(folder, "")
    if isinstance(value, list):
        return [_strip_folder(v, folder) for v in value]
    if isinstance(value, dict):
        return {k: _strip_folder(v, folder) for k, v in value.items()}
    return value


def _bgstats(game: Game, page: Any, room: Room, ranking: list[dict]) -> str:
    """The room's "log this play" link to BG Stats (:mod:`railprint.serve.bgstats`)."""
    from railprint.serve import bgstats

    title = page.play_title(room.parts) if hasattr(page, "play_title") else game.title.get("en", game.id)
    return bgstats.link(bgstats.play(title, game.id, room.id, room.updated, ranking))


def _strip_picture(doc: Document, folder: str) -> Document:
    """The scorer's picture with the private folder removed from its texts, titles and labels
    (only the parts that changed are copied: a board of thousands of items stays cheap). A kept
    group (``Group.keep``: a map's board, the same in every game) is drawn from the game's data,
    never from the files scored, and is not read."""
    def items(group: tuple) -> tuple:
        out = tuple(item(i) for i in group)
        return group if all(a is b for a, b in zip(out, group)) else out

    def item(i: Any) -> Any:
        if isinstance(i, Text):
            return replace(i, text=i.text.replace(folder, "")) if folder in i.text else i
        if isinstance(i, Group) and not i.keep:
            inner = items(i.items)
            return i if inner is i.items else replace(i, items=inner)
        return i

    pages = tuple(replace(page, items=items(page.items), label=page.label.replace(folder, "")) for page in doc.pages)
    return replace(doc, pages=pages, title=doc.title.replace(folder, ""), subject=doc.subject.replace(folder, ""))


def picture_document(result: Any, folder: str, lang: str) -> Document:
    """The scorer's ``--picture`` drawing of a scored room, without the private folder (if any)."""
    doc = result.picture(lang=lang)
    return _strip_picture(doc, folder) if folder else doc


def _says_something(data: Any) -> bool:
    """Whether a scorer's JSON lists any violation or notice (anywhere: per game, player or sheet).
    (A loop over a stack: walking a Ticket to Ride result by recursive generators cost a third
    of encoding it.)"""
    if not isinstance(data, (dict, list)):
        return False
    stack = [data]
    pop, push = stack.pop, stack.append
    while stack:
        item = pop()
        if isinstance(item, dict):
            if item.get("violations") or item.get("notices"):
                return True
            values = item.values()
        else:
            values = item
        for value in values:
            if isinstance(value, (dict, list)):
                push(value)
    return False


def score_room(room: Room, *, lang: str = "en", picture: bool = False, made: list | None = None) -> dict:
    """The room scored by its game's own scorer: ``{"result", "ranking"}`` (the JSON contract
    and the table's ranking; the picture Document too when asked), or ``{"error": message}``
    when the files cannot be scored. ``made``, when given, receives ``(scorer result, folder)``:
    the room's picture is drawn from it later without scoring again. A game whose page scores
    in memory (``score(parts)``) is scored so (folder ``""``: no file names a folder); any other
    game's files are written into a private folder, the scorer is called on them and the folder
    is taken out of what it says."""
    game, page = _game_of(room)
    options = page.score_options(room.parts) if hasattr(page, "score_options") else {}
    if hasattr(page, "score"):
        try:
            result = page.score(room.parts, **options)
        except RailprintError as exc:
            return {"error": str(exc), **_words(exc)}
        return _scored_answer(game, page, room, result, "", lang, picture, made)
    files = page.files(room.parts)
    folder = str(_scratch_folder())
    paths = []
    try:
        for name, text in files:
            path = Path(folder) / name
            path.write_text(text, encoding="utf-8")
            paths.append(path)
        try:
            result = scorer(game)(paths, **options)
        except RailprintError as exc:   # (in Polish too when the scorer says it so: the Polish page shows it)
            return {"error": _strip_folder(str(exc), folder + os.sep), **_words(exc)}
        return _scored_answer(game, page, room, result, folder + os.sep, lang, picture, made)
    finally:
        for path in paths:
            path.unlink(missing_ok=True)


def _words(exc: Exception) -> dict[str, str]:
    """Why a room cannot be scored, for the page: ``error_said`` (English, players' words) and
    ``error_pl`` where the scorer gives them; ``error`` stays the scorer's own."""
    said, polish = _said(exc), _pl(exc)
    return {**({"error_said": said} if said else {}), **({"error_pl": polish} if polish else {})}


def _scored_answer(game: Game, page: Any, room: Room, result: Any, folder: str, lang: str, picture: bool,
                   made: list | None) -> dict:
    def strip(value: Any) -> Any:
        return _strip_folder(value, folder) if folder else value

    data = strip(result.as_json())
    ranking = page.ranking(result) if hasattr(page, "ranking") else result.ranking()
    out = {"result": data, "ranking": ranking, "bgstats": _bgstats(game, page, room, ranking)}
    if _says_something(data):   # the violations in Polish too, for the Polish page (the JSON contract's are English)
        out["result_pl"] = strip(result.as_json("pl"))
    if hasattr(page, "violation_targets"):  # where on its board each violation is (the page links them)
        out["targets"] = page.violation_targets(room.parts, data)
    if picture:
        out["picture"] = picture_document(result, folder, lang)
    if made is not None:
        made.append((result, folder))
    return out


_scratch = threading.local()
_scratch_root: list[str] = []
_scratch_lock = threading.Lock()


def _scratch_folder() -> Path:
    """This thread's private folder for the score files of the room it scores: a folder of its
    own inside one ``mkdtemp`` folder of this process (only this user can read it; emptied after
    each scoring, all removed when the server exits). Made once a thread: making and removing a
    folder for every change cost more CPU than the scoring itself on a busy machine."""
    folder = getattr(_scratch, "folder", None)
    if folder is None or not os.path.isdir(folder):
        with _scratch_lock:
            if not _scratch_root or not os.path.isdir(_scratch_root[0]):
                _scratch_root[:] = [tempfile.mkdtemp(prefix="railprint-serve-")]
                atexit.register(shutil.rmtree, _scratch_root[0], True)
            folder = tempfile.mkdtemp(prefix="t", dir=_scratch_root[0])
        _scratch.folder = folder
    return Path(folder)


class Remembered:
    """Answers worked out for a room version, the last ``size`` of them: a version never
    changes, so the phones polling a room and each phone's picture of one version cost one
    scoring (a map file edited while the server runs counts from the room's next change).
    Threads asking at once for what is being worked out wait for that one working (the three
    other phones' pushes of a change arrive while its own thread still scores it: each scored
    it again before)."""

    def __init__(self, size: int = 64):
        self.size, self.items, self.lock = size, OrderedDict(), threading.Lock()
        self.making: dict[tuple, threading.Event] = {}

    def get(self, key: tuple, make: Callable[[], Any]) -> Any:
        while True:
            with self.lock:
                if key in self.items:
                    self.items.move_to_end(key)
                    return self.items[key]
                busy = self.making.get(key)
                if busy is None:
                    busy = self.making[key] = threading.Event()
                    break
            busy.wait()  # then read it (or, if that working failed, work it out here)
        try:
            value = make()
            self.put(key, value)
            return value
        finally:
            with self.lock:
                del self.making[key]
            busy.set()

    def put(self, key: tuple, value: Any) -> None:
        with self.lock:
            self.items[key] = value
            while len(self.items) > self.size:
                self.items.popitem(last=False)

    def peek(self, key: tuple) -> Any:
        """What is remembered under ``key``, or None (nothing is worked out)."""
        with self.lock:
            return self.items.get(key)


class _Same:
    """A key part equal only to the very same object (a picture page: hashing its thousands of
    items at every picture cost more than drawing what changed)."""

    __slots__ = ("item",)

    def __init__(self, item: Any):
        self.item = item

    def __hash__(self) -> int:
        return id(self.item)

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, _Same) and other.item is self.item


ROOM_FILE = "railprint-room-1"
"""The ``format`` of an exported room file."""


def checked_room_file(data: Any) -> tuple[Game, str, dict]:
    """(game, title, parts) of an imported room file, every value checked by the game's own
    handlers as a new room and a change are: the game must bring a page, the setup must be one
    ``new_room`` makes from its players and choices, the parts exactly that room's, and each
    part a value the game's ``check_change`` accepts."""
    if not isinstance(data, dict) or data.get("format") != ROOM_FILE:
        raise RailprintError(f"not a room file (expected \"format\": \"{ROOM_FILE}\", as room.json has)",
                             pl="to nie jest plik gry z tej strony (wczytaj room.json pobrany przez Eksport)")
    web = _web_games()
    if not isinstance(data.get("game"), str) or data["game"] not in web:
        raise RailprintError(f"game: one of {', '.join(web)}", hint=suggestion(str(data.get("game")), list(web)),
                             pl=f"ten plik jest grą, której tu nie ma (są: {', '.join(web)})")
    game = web[data["game"]]
    title = check_title(data.get("title"))
    parts = data.get("parts")
    if not isinstance(parts, dict) or not isinstance(parts.get("setup"), dict):
        raise RailprintError("parts: expected an object with the room's setup and its players' parts",
                             pl=IMPORT_PL)
    setup = parts["setup"]
    players = setup.get("players")
    if (not isinstance(players, list) or not 1 <= len(players) <= MAX_PLAYERS
            or not all(isinstance(p, str) and 0 < len(p) <= 40 and p == p.strip() for p in players)
            or len({p.casefold() for p in players}) != len(players)):
        raise RailprintError(f"parts.setup.players: 1 to {MAX_PLAYERS} different names of at most 40 characters",
                             pl=f"gracze w pliku: od 1 do {MAX_PLAYERS} różnych imion, każde najwyżej 40 znaków; "
                                f"{IMPORT_PL}")
    for name in players:
        if problem := _name_problems(name):
            raise RailprintError(f"parts.setup.players: {problem[0]}", pl=f"gracze w pliku: {problem[1]}")
    page = web_page(game)
    fresh = page.new_room(list(players), {k: v for k, v in setup.items() if k != "players"})
    if fresh["setup"] != setup:
        raise RailprintError("parts.setup: not a setup this game makes from its players and choices",
                             pl=f"ustawienia gry w pliku nie są takie, jakie ta gra tworzy; {IMPORT_PL}")
    if set(parts) != set(fresh):
        extra = sorted(set(parts) ^ set(fresh))
        raise RailprintError(f"parts: {extra[0]!r} does not belong to a room of these players",
                             pl=f"{part_name(extra[0])!r} nie należy do gry tych graczy; {IMPORT_PL}")
    updates = {key: value for key, value in parts.items() if key != "setup"}
    fresh.update(page.check_change(fresh, updates) if updates else {})
    return game, title, fresh


# ``RAILPRINT_SERVE_WARM_UP=0`` in the environment: the server starts without warming the games
# up (the first player's first picture then loads the fonts and the scorers itself). For the
# test suite, which starts ~40 servers and worker processes that answer a few requests each
# (docs/serve.md); the collector's settings below are made either way.
WARM_UP_SWITCH = "RAILPRINT_SERVE_WARM_UP"


def warm_up() -> None:
    """Score and draw a one-player room of every game once, so the first player's first picture
    does not wait for the font and the scorers to load (about 1.5 s of CPU); none with
    ``RAILPRINT_SERVE_WARM_UP=0``."""
    from railprint.writers import render

    games = _web_games().values() if os.environ.get(WARM_UP_SWITCH, "").strip() != "0" else ()
    for game in games:
        try:
            page = web_page(game)
            if hasattr(page, "warm"):
                page.warm()
            parts = page.new_room(["A", "B"], {})
            scored = score_room(Room("warm-up", game.id, "", 0, 0.0, 0.0, parts), picture=True)
            if "picture" in scored:
                render(scored["picture"], "svg")
        except Exception:  # a game that cannot score an empty room simply is not warmed
            continue
    # what is loaded by now (code, fonts, maps, board layouts) stays for the server's life: out of
    # the cyclic collector's way, so its full collections do not walk it again and again (each
    # such pass stalled a Ticket to Ride claim for 300-400 ms)
    gc.collect()
    gc.freeze()
    # a change's scoring and picture make ~10^5 short-lived objects (scene items, SVG elements):
    # the young generation collected every 20000 allocations instead of every 700 costs ~10 % less
    # CPU a change (the collections still run; memory between them stays a few MB)
    gc.set_threshold(GC_YOUNG, *gc.get_threshold()[1:])


GC_YOUNG = 20_000
"""The young generation's threshold while serving (Python's default: 700)."""

FOLLOW_EVERY = 0.025
"""With ``serve --workers N``: how often each process looks whether another one changed a room
(a long poll waiting in one process answers at most this much later than one in the process
that made the change)."""

LONG_POLL = 25.0
"""Longest wait of a long poll (``GET /api/rooms/<id>?after=V``): under the usual 30-60 s idle
timeouts of proxies and phones' networks."""


def _row(room: Room) -> tuple:
    """What :meth:`ChangeFeed.rows` reads of a room: a change, a rename, an archiving moves it."""
    return (room.version, room.title, room.archived, room.updated)


class Watchers:
    """Long polls waiting for a room to pass a version: one asyncio event per room, set by the
    room's next change (from any thread) and replaced by a fresh one. With ``serve --workers N``
    (:meth:`follow`) the changes made by the other processes set them too."""

    def __init__(self):
        self.events: dict[str, tuple[Bell, asyncio.AbstractEventLoop]] = {}
        self.rooms: OrderedDict[str, Room] = OrderedDict()  # each room as its last change left it
        self.makers: dict[str, tuple[int, str]] = {}  # room -> (its last version made here, the page that made it)
        self.seen: dict[str, tuple | None] = {}  # (with follow) each watched room as this process last knew it
        self.lock = threading.Lock()
        self.closed = False
        self.following = False  # (follow: other processes change the rooms too)

    def latest(self, room_id: str) -> Room | None:
        """The room as its last change in this process left it (None: none seen lately)."""
        with self.lock:
            return self.rooms.get(room_id)

    def close(self) -> None:
        """The server is stopping: every long poll answers now."""
        self.closed = True
        with self.lock:
            rooms = list(self.events)
        for room_id in rooms:
            self.changed(room_id, -1)

    def event(self, room_id: str) -> "Bell":
        """The bell the room's next change rings: taken before the room is read, so a change
        between the reading and the waiting is never missed."""
        loop = asyncio.get_running_loop()
        with self.lock:
            entry = self.events.get(room_id)
            if entry is None:
                entry = self.events[room_id] = (Bell(), loop)
            return entry[0]

    def forget(self, room_id: str) -> None:
        """The room was renamed, archived or deleted: read it again (long polls wake and do)."""
        with self.lock:
            self.rooms.pop(room_id, None)
            self.seen.pop(room_id, None)
        self.changed(room_id, -1)

    def made_by(self, room_id: str, version: int) -> str | None:
        """The page (its ``phone=`` word) whose change made ``version`` of the room in this
        process, if that is the room's last version made here."""
        with self.lock:
            made = self.makers.get(room_id)
        return made[1] if made is not None and made[0] == version else None

    def changed(self, room_id: str, version: int, room: Room | None = None, by: str | None = None) -> None:
        with self.lock:
            if by is not None:
                self.makers[room_id] = (version, by)
                if len(self.makers) > 4096:
                    self.makers.pop(next(iter(self.makers)))
            else:
                self.makers.pop(room_id, None)
            if room is not None:
                known = self.rooms.get(room_id)
                if known is None or known.version < room.version:
                    self.rooms[room_id] = room
                    self.rooms.move_to_end(room_id)
                    while len(self.rooms) > 1024:
                        self.rooms.popitem(last=False)
                if room_id in self.seen:
                    self.seen[room_id] = _row(room)  # (follow: this change is not another process's)
            entry = self.events.pop(room_id, None)
        self._wake(entry)

    @staticmethod
    def _wake(entry: tuple[Bell, asyncio.AbstractEventLoop] | None) -> None:
        if entry is not None:
            bell, loop = entry
            try:
                loop.call_soon_threadsafe(bell.ring)
            except RuntimeError:  # that loop has ended (its server stopped): nobody waits there
                pass

    def follow(self, feed: Any, every: float = FOLLOW_EVERY) -> threading.Thread:
        """Hear the changes other processes make to the rooms file (``serve --workers N``): every
        ``every`` seconds a thread asks ``feed`` (:class:`railprint.serve.rooms.ChangeFeed`)
        whether anything was committed elsewhere (``PRAGMA data_version``: microseconds), and if
        so the rooms this process watches or keeps are read again (:meth:`recheck`). Stops with :meth:`close`."""
        self.following = True

        def run() -> None:
            stop = threading.Event()
            while not self.closed:
                stop.wait(every)
                try:
                    if feed.moved():
                        self.recheck(feed.rows)
                except Exception:  # (the file unreadable now: the long polls' 10 s safety net reads it)
                    continue
            feed.close()

        thread = threading.Thread(target=run, name="railprint-follow", daemon=True)
        thread.start()
        return thread

    def recheck(self, rows: Callable[[Any], dict[str, tuple]]) -> None:
        """Read the rooms that long polls wait on or that this process keeps (``rows(ids)``: their
        version, title, archived, updated): a room another process moved wakes its long polls, and
        the room kept for them is forgotten unless it is the newer one (the polls read it again).
        The first look at a room wakes its polls too (they may have read it before that change)."""
        with self.lock:
            ids = set(self.events) | set(self.rooms)
        now = rows(ids)
        woken = []
        with self.lock:
            for room_id in ids:
                row = now.get(room_id)  # None: deleted
                kept = self.rooms.get(room_id)
                if kept is not None and (row is None or row[0] > kept.version
                                         or (row[0] == kept.version and row != _row(kept))):
                    del self.rooms[room_id]
                if room_id not in self.seen or self.seen[room_id] != row:
                    woken.append(self.events.pop(room_id, None))
                self.seen[room_id] = row
            for room_id in [r for r in self.seen if r not in ids]:
                del self.seen[room_id]
        for entry in woken:
            self._wake(entry)


class Bell:
    """A room's next change, as the long polls waiting for it hear it: :meth:`ring` (on the event
    loop) answers every :meth:`wait`. One future a waiting poll and one timer, nothing more: an
    ``asyncio.Event`` under ``asyncio.wait_for`` made a task and two more futures for each wait."""

    __slots__ = ("waiters", "rung")

    def __init__(self):
        self.waiters: list[asyncio.Future] = []
        self.rung = False

    def ring(self) -> None:
        self.rung = True
        for waiter in self.waiters:
            if not waiter.done():
                waiter.set_result(True)
        self.waiters.clear()

    async def wait(self, seconds: float) -> bool:
        """Whether the bell rang within ``seconds``."""
        if self.rung:
            return True
        loop = asyncio.get_running_loop()
        waiter = loop.create_future()
        self.waiters.append(waiter)
        timer = loop.call_later(seconds, _time_out, waiter)
        try:
            return await waiter
        finally:
            timer.cancel()
            if not self.rung:
                self.waiters.remove(waiter)


def _time_out(waiter: asyncio.Future) -> None:
    if not waiter.done():
        waiter.set_result(False)


def in_thread(pool: Executor, function: Callable, *args: Any) -> Any:
    """``function(*args)`` in one of ``pool``'s threads, awaited on the event loop (the request's
    context variables carried along): a plain executor hop, a fraction of the CPU of
    Starlette's ``run_in_threadpool`` (anyio's worker threads, capacity limiter and cancel
    scopes), which a hall's changes and pictures paid for at every request."""
    context = contextvars.copy_context()
    return asyncio.get_running_loop().run_in_executor(pool, context.run, function, *args)


PHONE_THREADS = 4
"""Threads for what a phone waits on: a change (checked, stored with its ``fsync``, scored), a
room read from the store, an answer not encoded yet. The store takes one change at a time."""
PICTURE_THREADS = 1
"""Threads drawing pictures (a screen can wait for its picture; a phone waits for its change):
a hall's pictures are drawn one at a time, so a change competes for the interpreter with one
drawing, not with a dozen (each took its 5 ms turns at the GIL ahead of it)."""


PHOTO_THREADS = 1
"""Threads reading photo uploads: one photo at a time (each takes 1-2 s of CPU and 60-250 MB while
it is read), so phones uploading at once neither multiply the server's memory nor take every core
from the other tables' changes."""
PHOTO_WAITING = 12
"""Photo uploads under way at once (their bodies read or being read, waiting for the reader or
being read); one more is answered ``503`` with ``Retry-After`` before its body is read. At most
this many bodies (``MAX_PHOTO`` each) are held: 40 uploads at once held 40 bodies and read 40
photos in parallel in Starlette's thread pool."""
PHOTO_RETRY = 5


PICTURE_YIELD = 0.5
"""Longest a picture waits for the changes under way to be answered before it is drawn."""


class ChangesFirst:
    """A change (a phone waiting with its finger on the board) goes before a picture (a screen
    that can wait): a picture is not begun while a change is under way, for at most
    :data:`PICTURE_YIELD` seconds (so a hall of busy tables still gets its pictures). Python
    threads have no priorities; without this a change arriving while pictures were drawn took
    turns of the interpreter with them, and its wall time grew with the hall."""

    def __init__(self, most: float = PICTURE_YIELD):
        self.most, self.under_way = most, 0
        self.quiet = threading.Condition(threading.Lock())

    def begin(self) -> None:
        with self.quiet:
            self.under_way += 1

    def end(self) -> None:
        with self.quiet:
            self.under_way -= 1
            if not self.under_way:
                self.quiet.notify_all()

    def wait(self) -> None:
        """Until no change is under way (or :attr:`most` seconds)."""
        with self.quiet:
            if self.under_way:
                self.quiet.wait_for(lambda: not self.under_way, self.most)


PHONE = re.compile(r"^[A-Za-z0-9_-]{8,40}$")


def _phone(request: Request) -> str | None:
    """The page that asks (``phone=``: a random word each room page makes when it opens), or None."""
    phone = request.query_params.get("phone")
    return phone if phone is not None and PHONE.match(phone) else None


def _body_key(room: Room) -> tuple:
    return ("body", room.id, room.version, room.title, room.archived, room.updated)


class Hot:
    """The requests every phone makes all game long — the push channel's long poll, a change,
    a picture — answered by plain handlers (``handler(request, *path groups) -> Response``; a
    plain ``def`` runs in a thread of the route's pool) before FastAPI's middleware, routing and endpoint
    layers, which cost more CPU than the answer itself when it is ready (a push after a
    change). Every other request goes to ``app``; an exception becomes the answer ``app``'s own
    exception handlers give it, so both paths answer errors alike."""

    def __init__(self, app: FastAPI, routes: list[tuple[str, str, Callable, Executor | None]]):
        self.app = app
        self.routes = [(method, re.compile(f"^{pattern}$"), handler, pool)
                       for method, pattern, handler, pool in routes]

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http":
            method, path = scope["method"], scope["path"]
            for want, pattern, handler, pool in self.routes:
                found = pattern.match(path) if method == want or (method == "HEAD" and want == "GET") else None
                if found is not None:
                    request = Request(scope, receive, send)
                    try:
                        if pool is None:
                            response = await handler(request, *found.groups())
                        else:
                            response = await in_thread(pool, handler, request, *found.groups())
                    except Exception as exc:
                        response = await self.error(request, exc)
                    return await response(scope, receive, send)
        await self.app(scope, receive, send)

    async def error(self, request: Request, exc: Exception) -> Response:
        handlers = self.app.exception_handlers
        for kind in type(exc).__mro__:
            if kind in handlers:
                answer = handlers[kind](request, exc)
                return await answer if asyncio.iscoroutine(answer) else answer
        raise exc


ROOM_BURST, ROOM_EVERY = 40, 6.0
"""Rooms one client may start: 40 at once (a café's tables started from the host's laptop),
then one every 6 s."""


def create_app(store: RoomStore, *, token: str | None = None, host: str = "127.0.0.1",
               room_rate: RateLimit | None = None) -> Any:
    """The ASGI app serving ``store``'s rooms; ``host`` is where the server listens (requests must
    name it), ``token`` (for binds beyond localhost) guards it."""
    app = FastAPI(title="railprint serve", docs_url=None, redoc_url=None, openapi_url=None)
    room_rate = room_rate or RateLimit(ROOM_BURST, ROOM_EVERY)
    remembered = Remembered(256)  # scores (a few kB each): every table of a hall and then some
    documents = Remembered(32)  # the pictures' Documents (a board: thousands of items)
    pages_drawn = Remembered(256)  # a picture page's Document (and font subset) -> its SVG
    drawn_chars: dict[str, str] = {}  # face -> every character the pictures drew so far (one subset for all rooms)
    charset_lock = threading.Lock()
    drawing_locks: dict[str, threading.Lock] = {}
    drawing_guard = threading.Lock()
    watchers = Watchers()
    phones = ThreadPoolExecutor(PHONE_THREADS, thread_name_prefix="railprint-phone")
    pictures = ThreadPoolExecutor(PICTURE_THREADS, thread_name_prefix="railprint-picture")
    photos = ThreadPoolExecutor(PHOTO_THREADS, thread_name_prefix="railprint-photo")
    photos_under_way = [0]   # photo uploads being received or read (the event loop's own count)
    changes_first = ChangesFirst()

    def drawing_lock(room_id: str) -> threading.Lock:
        with drawing_guard:
            if len(drawing_locks) > 1024:
                for key in [k for k, lock in drawing_locks.items() if not lock.locked()]:
                    del drawing_locks[key]
            return drawing_locks.setdefault(room_id, threading.Lock())

    results = Remembered(64)  # (room, version) -> (the scorer's result, its folder): the picture's source
    bodies = Remembered(256)  # a room version's answer, encoded once for every phone it is sent to

    def answer(room: Room) -> Response:
        """``{room, score}`` of a room version as JSON, encoded once however many phones (the
        one that changed it, the others' pushes and polls) are sent it."""
        body = bodies.get(_body_key(room), lambda: _room_answer(room, scored(room)).body)
        return Response(body, media_type="application/json")

    async def answer_soon(room: Room) -> Response:
        """:func:`answer` on the event loop when the body is encoded already (a push after a
        change: no hop to a worker thread), else in a worker thread (it scores)."""
        body = bodies.peek(_body_key(room))
        if body is not None:
            return Response(body, media_type="application/json")
        return await in_thread(phones, answer, room)

    def now(room_id: str) -> Room:
        """The room as it is now: as its last change in this process left it (one process: every
        change, rename and deletion goes through it, so that is the room as stored), else read."""
        return (None if watchers.following else watchers.latest(room_id)) or store.get(room_id)

    def scored(room: Room) -> dict:
        def score() -> dict:
            made: list = []
            answer = score_room(room, made=made)
            if made:
                results.put((room.id, room.version), made[0])
            return answer
        return remembered.get(("score", room.id, room.version), score)

    def _plain(status: int):
        async def answer(request, exc: Exception):
            return _error(status, str(exc), _pl(exc) or GONE_PL)   # (a RailprintError's own; else a client gone)
        return answer

    # errors whose answer is their message with a status of their own (a client gone before its body
    # came, or cut for a body too slow by serve/connections.py: nobody reads the answer, and the
    # server's terminal no longer shows a traceback for it)
    for kind, status in ((RoomNotFound, 404), (BodyTooLarge, 413), (StoreDamaged, 503), (WrongMediaType, 415),
                         (ClientDisconnect, 400)):
        app.add_exception_handler(kind, _plain(status))

    @app.exception_handler(TooMany)
    async def _too_many(request, exc: TooMany):
        answer = _error(429, str(exc), _pl(exc))
        answer.headers["Retry-After"] = str(max(1, int(room_rate.every)))
        return answer

    @app.exception_handler(Conflict)
    async def _conflict(request, exc: Conflict):
        return _error(409, str(exc), _pl(exc), room=exc.room.as_json(), score=scored(exc.room),
                      refused=isinstance(exc, Refused))  # refused by the game (its message says why)

    @app.exception_handler(RailprintError)
    async def _bad(request, exc: RailprintError):
        return _error(400, str(exc), _pl(exc, located=True))

    @app.exception_handler(RequestValidationError)
    async def _invalid(request, exc: RequestValidationError):
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ()))
        return _error(400, f"{where}: {first.get('msg', 'bad request')}", RELOAD_PL)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request, exc: StarletteHTTPException):
        return _error(exc.status_code, str(exc.detail), HTTP_PL.get(exc.status_code, RELOAD_PL))

    @app.exception_handler(Exception)
    async def _crash(request, exc: Exception):  # never a bare 500 page; the message says what failed
        return _error(500, f"internal error: {type(exc).__name__}",
                      f"błąd serwera ({type(exc).__name__}); spróbuj jeszcze raz, a jeśli się powtórzy, "
                      "zgłoś go osobie, która uruchomiła serwer")

    async def _json_body(request: Request) -> Any:
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if kind != "application/json":
            raise WrongMediaType(f"send the body as application/json (not {kind or 'no Content-Type'!r})",
                                 pl=RELOAD_PL)
        return parse_json(await request.body())

    def _lang(request: Request) -> str:
        return check_lang(request.query_params.get("lang", "en"))

    # --- pages and their files -------------------------------------------------------------

    static = resources.files("railprint.serve") / "static"

    def _static_file(folder, name: str) -> Response:
        if not STATIC_NAME.match(name):
            return _error(404, f"no file {name!r}", f"nie ma pliku {name[:64]!r}")
        item = folder / name
        if not item.is_file():
            return _error(404, f"no file {name!r}", f"nie ma pliku {name!r}")
        return Response(item.read_bytes(), media_type=MEDIA[name.rsplit(".", 1)[1]],
                        headers={"Cache-Control": "no-cache"})

    @app.get("/")
    def index():
        return _static_file(static, "index.html")

    @app.get("/r/{room_id}")
    def room_page(room_id: str, request: Request):
        try:
            store.get(room_id)
        except RoomNotFound:
            if "text/html" not in request.headers.get("accept", ""):
                raise   # a program: the JSON error
            # a browser (an old or deleted room's link): still 404, but the page, which says so in
            # the phone's language with the way back to the games, not the API's JSON
            page = _static_file(static, "room.html")
            page.status_code = 404
            return page
        return _static_file(static, "room.html")

    @app.get("/static/{name}")
    def static_file(name: str):
        return _static_file(static, name)

    @app.get("/games/{game_id}/{name}")
    def game_file(game_id: str, name: str):
        game = _web_games().get(game_id)
        if game is None:
            return _error(404, f"no game {game_id!r} with a page", f"nie ma gry {game_id[:64]!r} ze stroną")
        module = named(game.web)
        return _static_file(resources.files(module.__name__) / "static", name)

    # --- the API ---------------------------------------------------------------------------

    @app.get("/api/games")
    def list_games():
        return [{"id": g.id, "title": dict(g.title), "fields": web_page(g).setup_fields(),
                 "players": list(getattr(web_page(g), "PLAYERS", (1, MAX_PLAYERS)))}
                for g in _web_games().values()]

    @app.get("/api/rooms")
    def list_rooms(request: Request):
        """A page of the rooms (``?q=`` a part of the title or game, ``archived=1``, ``offset``,
        ``limit`` up to 100); the header ``X-Total-Count`` says how many match in all."""
        params = request.query_params
        try:
            offset, limit = int(params.get("offset", "0")), int(params.get("limit", "50"))
        except ValueError:
            raise RailprintError("offset and limit: whole numbers", pl=RELOAD_PL) from None
        if not (0 <= offset <= 10**9 and 1 <= limit <= 100):
            raise RailprintError("offset: 0 or more; limit: 1 to 100", pl=RELOAD_PL)
        query = params.get("q", "").strip()[:80]
        rooms, total = store.list(query=query, archived=params.get("archived") == "1", offset=offset, limit=limit)
        return JSONResponse(rooms, headers={"X-Total-Count": str(total)})

    @app.patch("/api/rooms/{room_id}")
    async def describe_room(room_id: str, request: Request):
        """Rename (``{"title": …}``) or archive (``{"archived": true|false}``) a room."""
        body = await _json_body(request)
        if not isinstance(body, dict) or not body or set(body) - {"title", "archived"}:
            raise RailprintError('expected {"title": name} and/or {"archived": true|false}', pl=RELOAD_PL)
        if "archived" in body and not isinstance(body["archived"], bool):
            raise RailprintError("archived: true or false", pl=RELOAD_PL)
        room = store.describe(room_id, title=body.get("title"), archived=body.get("archived"))
        watchers.forget(room_id)
        return _room_answer(room, scored(room))

    @app.delete("/api/rooms/{room_id}")
    def delete_room(room_id: str):
        store.delete(room_id)
        watchers.forget(room_id)
        return {"deleted": room_id}

    @app.get("/api/rooms/{room_id}/room.json")
    def export_room(room_id: str):
        """The whole room as one file (its parts and every change), to keep or to import elsewhere."""
        room = store.get(room_id)
        data = {"format": ROOM_FILE, **room.as_json(), "history": store.history(room_id)}
        name = re.sub(r"[^A-Za-z0-9_-]+", "-", room.title).strip("-")[:40] or "room"
        return JSONResponse(data, headers={"Content-Disposition": f'attachment; filename="{room.game}-{name}.json"'})

    @app.post("/api/rooms/import")
    async def import_room(request: Request):
        """A room file (``room.json``) made anywhere, checked as untrusted input exactly as the
        changes of a room are, becomes a new room here (its current parts; version 0)."""
        body = await _json_body(request)
        room_rate.take(request.client.host if request.client else "?")
        game, title, parts = checked_room_file(body)
        room = store.create(game.id, title, parts)
        return _room_answer(room, scored(room))

    @app.post("/api/rooms")
    async def create_room(request: Request):
        body = await _json_body(request)
        if not isinstance(body, dict):
            raise RailprintError("expected {\"game\": id, \"players\": [names], \"setup\": {...}}", pl=RELOAD_PL)
        room_rate.take(request.client.host if request.client else "?")
        web = _web_games()
        game_name = body.get("game")
        if not isinstance(game_name, str):
            raise RailprintError("which game? (\"game\": one of " + ", ".join(web) + ")",
                                 pl="jaka gra? wybierz jedną z listy")
        try:
            game = find_game(game_name)
        except RailprintError as exc:   # (the registry's words: English only)
            raise RailprintError(exc.message, hint=exc.hint,
                                 pl=f"nie ma gry {game_name[:40]!r}; wybierz grę z listy") from None
        if game.id not in web:
            raise RailprintError(f"{game.id} has no page to score it at the table",
                                 hint=suggestion(game_name, list(web)),
                                 pl=f"{game.id} nie ma strony do liczenia punktów przy stole; wybierz grę z listy")
        players = checked_players(body.get("players"))
        setup = body.get("setup") or {}
        if not isinstance(setup, dict):
            raise RailprintError("setup: expected an object of choices", pl=RELOAD_PL)
        parts = web_page(game).new_room(players, setup)
        # a typed title is checked as a rename checks it (any value was taken, as its str():
        # control characters, U+202E, {"a": 1}); none or a blank one: the players' names
        typed = body.get("title")
        blank = typed is None or (isinstance(typed, str) and not typed.strip())
        title = ", ".join(players)[:MAX_TITLE] if blank else check_title(typed)
        room = store.create(game.id, title, parts)
        return _room_answer(room, scored(room))

    async def get_room(request: Request, room_id: str) -> Response:
        """The room and its score; with ``?after=V`` (the page's push channel, a long poll) the
        answer waits until the room passes version V, at most :data:`LONG_POLL` seconds."""
        after = request.query_params.get("after")
        if after is None:  # (the room its last change left, when this process knows it: no thread, no read)
            room = None if watchers.following else watchers.latest(room_id)
            return await answer_soon(room or await in_thread(phones, store.get, room_id))
        try:
            after_version = int(after)
        except ValueError:
            raise RailprintError("after: a room version (a whole number)", pl=RELOAD_PL) from None
        phone = _phone(request)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + LONG_POLL
        quiet = False  # woken by the safety net, not by a change
        while True:
            changed = watchers.event(room_id)
            # the room as its last change in this process left it (a rename or a deletion forgets
            # it): not read from the store again for each of the phones waiting on it; read after
            # a quiet while (another process sharing the rooms file may have changed it)
            room = (None if quiet else watchers.latest(room_id)) or await in_thread(phones, store.get, room_id)
            if (phone is not None and room.version == after_version + 1
                    and watchers.made_by(room_id, room.version) == phone):
                # the next version is this page's own change: the change's answer brought it, and
                # the page drops a push asked for before its change began — so it is not sent
                # (one request a change less), the poll waits for the version after it
                after_version = room.version
            left = deadline - loop.time()
            # (whether the phone went away is asked only after a quiet while: a poll just asked
            # for is hardly gone, and the look costs a cancel scope)
            if (room.version > after_version or left <= 0 or watchers.closed
                    or (quiet and await request.is_disconnected())):
                break
            quiet = not await changed.wait(min(left, 10.0))  # (10 s: a safety net)
        return await answer_soon(room)

    @app.get("/api/rooms/{room_id}/history")
    def room_history(room_id: str):
        return store.history(room_id)

    async def change_room(request: Request, room_id: str) -> Response:
        return await _phones_change(request, apply, room_id)

    async def _phones_change(request: Request, work: Callable[..., Response], room_id: str) -> Response:
        """A phone's JSON change, ``work(room_id, body, phone)`` in the phones' worker threads
        (a change goes before waiting pushes: ``changes_first``)."""
        changes_first.begin()
        try:
            body = await _json_body(request)
            return await in_thread(phones, work, room_id, body, _phone(request))
        finally:
            changes_first.end()

    def apply(room_id: str, body: Any, phone: str | None = None) -> Response:
        """A phone's change (in a worker thread: the event loop never waits for a scoring or an fsync)."""
        # the room to check the change against (the store checks the version again under its lock)
        room = now(room_id)
        if not isinstance(body, dict) or not isinstance(body.get("parts"), dict):
            raise BadChange("expected {\"version\": N, \"parts\": {part: new value}}", pl=RELOAD_PL)
        _, page = _game_of(room)
        updates = page.check_change(room.parts, _known_parts(room.parts, body["parts"]))
        room = store.change(room_id, body.get("version"), updates, getattr(page, "check_with_room", None))
        try:
            return answer(room)  # scored before the other phones' pushes wake: they send this very body
        finally:
            watchers.changed(room_id, room.version, room, by=phone)

    @app.post("/api/rooms/{room_id}/players")
    async def join_room(request: Request, room_id: str) -> Response:
        """A player not on the room's list joins it: ``{"version": N, "name": "Dorota"}`` adds
        their empty part (the game's, as a new room of these players makes it) and their name to
        the setup, as one change made on version N (two phones joining on one version: the
        second is refused, 409, with the current room)."""
        return await _phones_change(request, add_player, room_id)

    def add_player(room_id: str, body: Any, phone: str | None = None) -> Response:
        room = now(room_id)
        if not isinstance(body, dict) or set(body) != {"version", "name"}:
            raise BadChange("expected {\"version\": N, \"name\": the new player's name}", pl=RELOAD_PL)
        _, page = _game_of(room)
        added, updates = joined(page, room.parts, body["name"])
        before = room.parts["setup"]["players"]

        def same_players(parts: dict[str, Any], _: dict[str, Any]) -> None:
            if parts["setup"]["players"] != before:   # (another phone's join, stored meanwhile)
                raise RailprintError("the players changed on another screen meanwhile; here is the current game",
                                     pl="gracze zmienili się w międzyczasie na innym ekranie; oto aktualna gra")
        room = store.add_parts(room_id, body["version"], added, updates, same_players)
        if room.title == ", ".join(before)[:80]:   # the title a new room gets (not one the host gave it)
            room = store.describe(room_id, title=", ".join(room.parts["setup"]["players"])[:80])
        try:
            return answer(room)
        finally:
            watchers.changed(room_id, room.version, room, by=phone)

    @app.post("/api/rooms/{room_id}/actions/{action}")
    async def room_action(room_id: str, action: str, request: Request):
        body = await _json_body(request)
        room = store.get(room_id)
        _, page = _game_of(room)
        actions = getattr(page, "ACTIONS", {})
        if action not in actions:
            return _error(404, f"no action {action!r}", RELOAD_PL, hint=suggestion(action, list(actions)))
        return actions[action](room.parts, body)

    @app.post("/api/rooms/{room_id}/photos/{player}")
    async def upload_photo(room_id: str, player: str, request: Request):
        """A photo of a player's sheet (the raw image as the body, not JSON) -> that player's part,
        through the game's ``read_photo(parts, player, data)``; answers the room plus what the game
        adds (which spaces are uncertain)."""
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if not kind.startswith("image/"):
            return _error(415, f"a photo upload is an image (Content-Type image/...), not {kind or 'nothing'}",
                          "zdjęcie musi być obrazem (JPEG, PNG…), a ten plik nim nie jest")
        if photos_under_way[0] >= PHOTO_WAITING:
            busy = _error(503, "the server is reading other photos: send this one again in a few seconds",
                          "serwer czyta teraz inne zdjęcia: wyślij to jeszcze raz za kilka sekund")
            busy.headers["Retry-After"] = str(PHOTO_RETRY)
            return busy
        photos_under_way[0] += 1
        try:
            raw = await request.body()
            room = store.get(room_id)
            try:
                version = int(request.query_params["version"])
            except (KeyError, ValueError):
                raise BadChange("a photo upload needs ?version=N, the room version it changes", pl=RELOAD_PL) from None
            _, page = _game_of(room)
            reader = getattr(page, "read_photo", None)
            if reader is None:
                return _error(404, f"{room.game} cannot read photos of its sheets",
                              f"{room.game}: ta gra nie czyta zdjęć arkuszy; wpisz je dotknięciami")
            updates, extra = await in_thread(photos, reader, room.parts, player, raw)
        finally:
            photos_under_way[0] -= 1
        updates = page.check_change(room.parts, _known_parts(room.parts, updates))
        room = store.change(room_id, version, updates)
        watchers.changed(room_id, room.version, room)
        return JSONResponse({"room": room.as_json(), "score": scored(room), "photo": extra})

    @app.get("/api/rooms/{room_id}/files")
    def list_files(room_id: str):
        room = store.get(room_id)
        _, page = _game_of(room)
        return [{"name": name} for name, _ in page.files(room.parts)]

    @app.get("/api/rooms/{room_id}/files/{name}")
    def download_file(room_id: str, name: str):
        room = store.get(room_id)
        _, page = _game_of(room)
        for file_name, text in page.files(room.parts):
            if file_name == name:
                return PlainTextResponse(text, headers={"Content-Disposition": f'attachment; filename="{name}"'})
        return _error(404, f"no file {name!r} in this room", f"w tej grze nie ma pliku {name[:64]!r}; odśwież listę plików")

    @app.put("/api/rooms/{room_id}/files/{name}")
    async def upload_file(room_id: str, name: str, request: Request):
        raw = await request.body()
        if len(raw) > MAX_GAME_BYTES:   # as `railprint score` reads a game file; the body's own bound is 1 MiB
            raise BodyTooLarge(f"{name}: the file is {len(raw)} bytes; a game file is at most {MAX_GAME_BYTES}",
                               pl=f"{name}: plik ma {len(raw)} bajtów; plik gry ma najwyżej {MAX_GAME_BYTES}")
        try:
            version = int(request.query_params["version"])
        except (KeyError, ValueError):
            raise BadChange("an upload needs ?version=N, the room version it replaces", pl=RELOAD_PL) from None
        # read, checked and stored in a phone's thread: a file's YAML and its problems took up to
        # 4.5 s of CPU on the event loop, every other phone waiting
        return await in_thread(phones, read_upload, room_id, name, version, raw)

    def read_upload(room_id: str, name: str, version: int, raw: bytes) -> Response:
        room = store.get(room_id)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RailprintError(f"{name}: not UTF-8 text (byte {exc.start})",
                                 pl=f"{name}: to nie jest tekst UTF-8 (bajt {exc.start}); wgraj plik pobrany z tej strony") from None
        _, page = _game_of(room)
        updates = page.check_change(room.parts, _known_parts(room.parts, page.read_file(room.parts, name, text)))
        room = store.change(room_id, version, updates, getattr(page, "check_with_room", None))
        watchers.changed(room_id, room.version, room)
        return answer(room)

    @app.get("/api/rooms/{room_id}/export.json")
    def export_json(room_id: str):
        answer = scored(store.get(room_id))
        if "error" in answer:
            raise RailprintError(answer["error"], pl=answer.get("error_pl") or SCORE_PL)
        return JSONResponse(answer["result"])

    def picture_of(request: Request, room: Room, fmt: str) -> tuple[tuple, dict[str, str]]:
        """The key of a room version's picture as ``request`` asks for it (format, page,
        language) and its cache headers; a version's picture never changes (it is drawn from its
        parts alone), so its ETag is its key."""
        lang = _lang(request)
        try:
            page = int(request.query_params.get("page", "0")) if fmt == "svg" else 0
        except ValueError:
            page = -1
        key = (room.id, room.version, fmt, page, lang)
        return key, {"ETag": f'W/"{room.id}.{room.version}.{fmt}.{page}.{lang}"', "Cache-Control": "no-cache"}

    def _picture_answer(request: Request, room: Room, fmt: str, data: bytes, cache: dict[str, str]) -> Response:
        headers = dict(cache)
        if request.query_params.get("download"):
            headers["Content-Disposition"] = f'attachment; filename="{room.game}-{room.id}.{fmt}"'
        return Response(data, media_type=MEDIA["svg"] if fmt == "svg" else "application/pdf", headers=headers)

    def _not_modified(request: Request, cache: dict[str, str]) -> bool:
        return cache["ETag"] in (t.strip() for t in request.headers.get("if-none-match", "").split(","))

    served = Remembered(256)  # (room, version, format, page, language) -> the picture's bytes, as sent

    async def picture(request: Request, room_id: str, fmt: str) -> Response:
        """A picture drawn before for the room's version as it is now (another phone's of the same
        version, or this one's asked again: 304) is answered on the event loop — no worker
        thread, no store read; any other goes to :func:`export_picture` in the pictures' thread."""
        room = None if watchers.following else watchers.latest(room_id)
        if room is not None and fmt in ("svg", "pdf"):
            key, cache = picture_of(request, room, fmt)
            if _not_modified(request, cache):
                return Response(status_code=304, headers=cache)
            data = served.peek(key)
            if data is not None:
                return _picture_answer(request, room, fmt, data, cache)
        return await in_thread(pictures, export_picture, request, room_id, fmt)

    def export_picture(request: Request, room_id: str, fmt: str) -> Response:
        """The scored picture of the room as it is now (``v=`` in the page's address only
        changes the address: an older version is never drawn), one page of it for SVG. The
        picture's Document is made once a version; a page is drawn only when asked, and a page
        drawn before (a Railroad Ink player's sheet when another player changed theirs: the
        same page object) is not drawn again."""
        from railprint.writers import font_chars, render

        if fmt not in ("svg", "pdf"):
            return _error(404, f"no picture format {fmt!r} (svg or pdf)", f"nie ma obrazka w formacie {fmt[:20]!r} (svg albo pdf)")
        room = now(room_id)
        # a phone asking again for the version it holds gets 304 and nothing is drawn
        _, cache = picture_of(request, room, fmt)
        if _not_modified(request, cache):
            return Response(status_code=304, headers=cache)
        changes_first.wait()  # (the room is read again below: a version a change made meanwhile is the one drawn)
        with drawing_lock(room_id):  # phones asking at once wait for one drawing, then share it
            room = now(room_id)
            key, cache = picture_of(request, room, fmt)
            (_, _, _, page, lang) = key
            data = served.peek(key)
            if data is not None:
                return _picture_answer(request, room, fmt, data, cache)

            def document() -> tuple[Document, dict[str, str]]:
                made = results.peek((room.id, room.version))  # scored already (its answer was sent)
                if made is not None:
                    picture = picture_document(*made, lang)
                else:
                    answer = score_room(room, lang=lang, picture=True)
                    if "error" in answer:
                        raise RailprintError(answer["error"], pl=answer.get("error_pl") or SCORE_PL)
                    picture = answer["picture"]
                # every character the pictures drew so far (every room's: the tables of a hall
                # share one subset): the embedded font subset stays the same from version to
                # version and from room to room, and is made once (not ~250 ms a change)
                # (font_chars works each page's characters out once for that page object: an
                # unchanged sheet's page is the same object from version to version)
                with charset_lock:
                    for face, chars in font_chars(picture).items():
                        known = drawn_chars.get(face, PICTURE_CHARS)
                        if not set(chars) <= set(known):
                            known = "".join(sorted(set(known) | set(chars)))
                        drawn_chars[face] = known
                    return picture, dict(drawn_chars)

            doc, charset = documents.get((room.id, room.version, lang), document)
            if fmt == "pdf":
                data = documents.get(("pdf", room.id, room.version, lang), lambda: render(doc, "pdf")[0])
            else:
                if not 0 <= page < len(doc.pages):
                    raise RailprintError(f"page: 0 to {len(doc.pages) - 1}",
                                         pl=f"obrazek ma strony od 0 do {len(doc.pages) - 1}; odśwież stronę")
                one = replace(doc, pages=(doc.pages[page],))
                # a page object drawn before is not drawn again: a Railroad Ink sheet's page is
                # the same object while that sheet does not change (its scoring and page are made
                # once for its text), and a version's page is the same object for every phone
                key_drawn = (_Same(doc.pages[page]), doc.title, doc.subject, tuple(sorted(charset.items())))
                data = pages_drawn.get(key_drawn, lambda: render(one, "svg", charset=charset)[0])
            served.put(key, data)
        return _picture_answer(request, room, fmt, data, cache)

    hot = Hot(app, [("GET", r"/api/rooms/([^/]+)", get_room, None),
                    ("POST", r"/api/rooms/([^/]+)/changes", change_room, None),
                    ("GET", r"/api/rooms/([^/]+)/picture\.([^/.]+)", picture, None)])
    guard = Guard(hot, token, hosts=Hosts(host))
    guard.close = watchers.close  # called before the server stops: long polls answer at once
    guard.watchers = watchers  # (serve --workers N: railprint.serve.workers makes it follow the other processes)
    return guard
