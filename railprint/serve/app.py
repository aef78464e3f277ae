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

import atexit
import gc
import hmac
import json
import os
import re
import shutil
import tempfile
import threading
from collections import OrderedDict
from importlib import resources
from pathlib import Path
from dataclasses import replace
from typing import Any, Callable
from urllib.parse import parse_qs

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, PlainTextResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from railprint.errors import RailprintError, check_lang, suggestion
from railprint.registry import Game, find_game, games, named, scorer, web_page
from railprint.scene import Document, Group, Text
from railprint.serve.rooms import BadChange, Conflict, Room, RoomNotFound, Store

MAX_BODY = 1024 * 1024
MAX_PHOTO = 20 * 1024 * 1024   # a photo upload (POST /api/rooms/<id>/photos/<player>): its own, larger limit
PHOTO_PATH = re.compile(r"^/api/rooms/[^/]+/photos/[^/]+$")
"""Largest request body (1 MiB): a whole game file is a few kB."""
MAX_PLAYERS = 8
SCORE_CHARS = "0123456789−-+×:.,()/% "
"""In every font subset of a room's pictures from the start: scores change at every change."""
TOKEN_COOKIE = "railprint_token"
STATIC_NAME = re.compile(r"^[A-Za-z0-9_-]{1,64}\.(js|css|svg|html)$")
MEDIA = {"js": "text/javascript; charset=utf-8", "css": "text/css; charset=utf-8",
         "svg": "image/svg+xml", "html": "text/html; charset=utf-8"}


def _known_parts(parts: dict, updates: dict) -> dict:
    """A change may touch the room's own parts (a player's, a game-wide one), never its setup:
    anything else is refused before the game's page checks the values."""
    for key in updates:
        if key == "setup":
            raise RailprintError("the setup of a room is fixed once the game is created")
        if key not in parts:
            player = str(key).removeprefix("player:")
            raise RailprintError(f"no player {player!r} in this room", hint=suggestion(player, parts["setup"]["players"]))
    return updates


def _room_answer(room: Room, score: dict) -> JSONResponse:
    """``{room, score}`` as JSON; plain JSON already, so FastAPI's per-value encoder (about a
    millisecond for a Ticket to Ride game) is skipped."""
    return JSONResponse({"room": room.as_json(), "score": score})


def _error(status: int, message: str, **extra: Any) -> JSONResponse:
    return JSONResponse({"error": message, **extra}, status_code=status)


class Guard:
    """Pure ASGI middleware: bodies over MAX_BODY get 413; with a token, every request must
    carry it (query ``token=``, header ``X-Railprint-Token`` or the cookie set by a link that
    had it), compared in constant time, else 403."""

    def __init__(self, app, token: str | None, max_body: int = MAX_BODY):
        self.app, self.token, self.max_body = app, token, max_body

    def _token_of(self, scope) -> tuple[str | None, bool]:
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        if "token" in query:
            return query["token"][0], True
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", ())}
        if "x-railprint-token" in headers:
            return headers["x-railprint-token"], False
        for item in headers.get("cookie", "").split(";"):
            name, _, value = item.strip().partition("=")
            if name == TOKEN_COOKIE:
                return value, False
        return None, False

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        set_cookie = False
        max_body = MAX_PHOTO if scope.get("method") == "POST" and PHOTO_PATH.match(scope.get("path", "")) \
            else self.max_body
        if self.token is not None:
            given, in_query = self._token_of(scope)
            if given is None or not hmac.compare_digest(given.encode("utf-8", "replace"), self.token.encode()):
                return await _error(403, "this server needs the token from the link its terminal printed")(
                    scope, receive, send)
            set_cookie = in_query
        for key, value in scope.get("headers", ()):
            if key == b"content-length":
                try:
                    size = int(value)
                except ValueError:
                    return await _error(400, "bad Content-Length")(scope, receive, send)
                if size > max_body:
                    return await _error(413, f"the request body is {size} bytes; at most {max_body} "
                                             f"are accepted")(scope, receive, send)
        seen = 0

        async def limited():
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > max_body:
                raise BodyTooLarge(f"the request body is over {max_body} bytes; at most {max_body} "
                                   f"are accepted")
            return message

        async def sending(message):
            if set_cookie and message["type"] == "http.response.start":
                cookie = f"{TOKEN_COOKIE}={self.token}; Path=/; HttpOnly; SameSite=Strict".encode()
                message = dict(message, headers=[*message.get("headers", []), (b"set-cookie", cookie)])
            await send(message)

        await self.app(scope, limited, sending)


class BodyTooLarge(RailprintError):
    """A body without Content-Length grew past the limit while it was read (answered 413)."""


def _web_games() -> dict[str, Game]:
    return {g.id: g for g in games() if g.web}


def _game_of(room: Room) -> tuple[Game, Any]:
    game = find_game(room.game)
    page = web_page(game)
    if page is None:
        raise RailprintError(f"{game.id} has no page")
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
    (only the parts that changed are copied: a board of thousands of items stays cheap)."""
    def items(group: tuple) -> tuple:
        out = tuple(item(i) for i in group)
        return group if all(a is b for a, b in zip(out, group)) else out

    def item(i: Any) -> Any:
        if isinstance(i, Text):
            return replace(i, text=i.text.replace(folder, "")) if folder in i.text else i
        if isinstance(i, Group):
            inner = items(i.items)
            return i if inner is i.items else replace(i, items=inner)
        return i

    pages = tuple(replace(page, items=items(page.items), label=page.label.replace(folder, "")) for page in doc.pages)
    return replace(doc, pages=pages, title=doc.title.replace(folder, ""), subject=doc.subject.replace(folder, ""))


def score_room(room: Room, *, lang: str = "en", picture: bool = False) -> dict:
    """The room scored by its game's own scorer: ``{"result", "ranking"}`` (the JSON contract
    and the table's ranking; the picture Document too when asked), or ``{"error": message}``
    when the files cannot be scored."""
    game, page = _game_of(room)
    files = page.files(room.parts)
    folder = str(_scratch_folder())
    paths = []
    try:
        for name, text in files:
            path = Path(folder) / name
            path.write_text(text, encoding="utf-8")
            paths.append(path)
        try:
            options = page.score_options(room.parts) if hasattr(page, "score_options") else {}
            result = scorer(game)(paths, **options)
        except RailprintError as exc:
            return {"error": _strip_folder(str(exc), folder + "/")}
        data = _strip_folder(result.as_json(), folder + "/")
        ranking = page.ranking(result) if hasattr(page, "ranking") else result.ranking()
        out = {"result": data, "ranking": ranking, "bgstats": _bgstats(game, page, room, ranking)}
        if picture:
            out["picture"] = _strip_picture(result.picture(lang=lang), folder + "/")
        return out
    finally:
        for path in paths:
            path.unlink(missing_ok=True)


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
    scoring (a map file edited while the server runs counts from the room's next change)."""

    def __init__(self, size: int = 64):
        self.size, self.items, self.lock = size, OrderedDict(), threading.Lock()

    def get(self, key: tuple, make: Callable[[], Any]) -> Any:
        with self.lock:
            if key in self.items:
                self.items.move_to_end(key)
                return self.items[key]
        value = make()
        with self.lock:
            self.items[key] = value
            while len(self.items) > self.size:
                self.items.popitem(last=False)
        return value


def warm_up() -> None:
    """Score and draw a one-player room of every game once, so the first player's first picture
    does not wait for the font and the scorers to load (about 1.5 s of CPU)."""
    from railprint.writers import render

    for game in _web_games().values():
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


def create_app(store: Store, *, token: str | None = None) -> Any:
    """The ASGI app serving ``store``'s rooms; ``token`` (for binds beyond localhost) guards it."""
    app = FastAPI(title="railprint serve", docs_url=None, redoc_url=None, openapi_url=None)
    remembered = Remembered()
    charsets: dict[tuple[str, str], dict[str, str]] = {}  # (room, lang) -> face -> characters drawn

    def scored(room: Room) -> dict:
        return remembered.get(("score", room.id, room.version), lambda: score_room(room))

    @app.exception_handler(RoomNotFound)
    async def _not_found(request, exc: RoomNotFound):
        return _error(404, str(exc))

    @app.exception_handler(BodyTooLarge)
    async def _too_large(request, exc: BodyTooLarge):
        return _error(413, str(exc))

    @app.exception_handler(Conflict)
    async def _conflict(request, exc: Conflict):
        return _error(409, str(exc), room=exc.room.as_json(), score=scored(exc.room))

    @app.exception_handler(RailprintError)
    async def _bad(request, exc: RailprintError):
        return _error(400, str(exc))

    @app.exception_handler(RequestValidationError)
    async def _invalid(request, exc: RequestValidationError):
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ()))
        return _error(400, f"{where}: {first.get('msg', 'bad request')}")

    @app.exception_handler(StarletteHTTPException)
    async def _http(request, exc: StarletteHTTPException):
        return _error(exc.status_code, str(exc.detail))

    @app.exception_handler(Exception)
    async def _crash(request, exc: Exception):  # never a bare 500 page; the message says what failed
        return _error(500, f"internal error: {type(exc).__name__}")

    async def _json_body(request: Request) -> Any:
        raw = await request.body()
        try:
            return json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise RailprintError(f"the request body is not JSON: {exc}") from None

    def _lang(request: Request) -> str:
        return check_lang(request.query_params.get("lang", "en"))

    # --- pages and their files -------------------------------------------------------------

    static = resources.files("railprint.serve") / "static"

    def _static_file(folder, name: str) -> Response:
        if not STATIC_NAME.match(name):
            return _error(404, f"no file {name!r}")
        item = folder / name
        if not item.is_file():
            return _error(404, f"no file {name!r}")
        return Response(item.read_bytes(), media_type=MEDIA[name.rsplit(".", 1)[1]],
                        headers={"Cache-Control": "no-cache"})

    @app.get("/")
    def index():
        return _static_file(static, "index.html")

    @app.get("/r/{room_id}")
    def room_page(room_id: str):
        store.get(room_id)
        return _static_file(static, "room.html")

    @app.get("/static/{name}")
    def static_file(name: str):
        return _static_file(static, name)

    @app.get("/games/{game_id}/{name}")
    def game_file(game_id: str, name: str):
        game = _web_games().get(game_id)
        if game is None:
            return _error(404, f"no game {game_id!r} with a page")
        module = named(game.web)
        return _static_file(resources.files(module.__name__) / "static", name)

    # --- the API ---------------------------------------------------------------------------

    @app.get("/api/games")
    def list_games():
        return [{"id": g.id, "title": dict(g.title), "fields": web_page(g).setup_fields()}
                for g in _web_games().values()]

    @app.get("/api/rooms")
    def list_rooms():
        return store.list()

    @app.post("/api/rooms")
    async def create_room(request: Request):
        body = await _json_body(request)
        if not isinstance(body, dict):
            raise RailprintError("expected {\"game\": id, \"players\": [names], \"setup\": {...}}")
        web = _web_games()
        game_name = body.get("game")
        if not isinstance(game_name, str):
            raise RailprintError("which game? (\"game\": one of " + ", ".join(web) + ")")
        game = find_game(game_name)
        if game.id not in web:
            raise RailprintError(f"{game.id} has no page to score it at the table",
                                 hint=suggestion(game_name, list(web)))
        players = body.get("players")
        if (not isinstance(players, list) or not 1 <= len(players) <= MAX_PLAYERS
                or not all(isinstance(p, str) and 0 < len(p.strip()) <= 40 for p in players)):
            raise RailprintError(f"players: 1 to {MAX_PLAYERS} names of at most 40 characters")
        players = [p.strip() for p in players]
        if len({p.casefold() for p in players}) != len(players):
            raise RailprintError("players: every name once")
        setup = body.get("setup") or {}
        if not isinstance(setup, dict):
            raise RailprintError("setup: expected an object of choices")
        parts = web_page(game).new_room(players, setup)
        title = str(body.get("title") or ", ".join(players))[:80]
        room = store.create(game.id, title, parts)
        return _room_answer(room, scored(room))

    @app.get("/api/rooms/{room_id}")
    def get_room(room_id: str, request: Request):
        room = store.get(room_id)
        return _room_answer(room, scored(room))

    @app.get("/api/rooms/{room_id}/history")
    def room_history(room_id: str):
        return store.history(room_id)

    @app.post("/api/rooms/{room_id}/changes")
    async def change_room(room_id: str, request: Request):
        body = await _json_body(request)
        room = store.get(room_id)
        if not isinstance(body, dict) or not isinstance(body.get("parts"), dict):
            raise BadChange("expected {\"version\": N, \"parts\": {part: new value}}")
        _, page = _game_of(room)
        updates = page.check_change(room.parts, _known_parts(room.parts, body["parts"]))
        room = store.change(room_id, body.get("version"), updates)
        return _room_answer(room, scored(room))

    @app.post("/api/rooms/{room_id}/actions/{action}")
    async def room_action(room_id: str, action: str, request: Request):
        body = await _json_body(request)
        room = store.get(room_id)
        _, page = _game_of(room)
        actions = getattr(page, "ACTIONS", {})
        if action not in actions:
            return _error(404, f"no action {action!r}", hint=suggestion(action, list(actions)))
        return actions[action](room.parts, body)

    @app.post("/api/rooms/{room_id}/photos/{player}")
    async def upload_photo(room_id: str, player: str, request: Request):
        """A photo of a player's sheet (the raw image as the body, not JSON) -> that player's part,
        through the game's ``read_photo(parts, player, data)``; answers the room plus what the game
        adds (which spaces are uncertain)."""
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if not kind.startswith("image/"):
            return _error(415, f"a photo upload is an image (Content-Type image/...), not {kind or 'nothing'}")
        raw = await request.body()
        room = store.get(room_id)
        try:
            version = int(request.query_params["version"])
        except (KeyError, ValueError):
            raise BadChange("a photo upload needs ?version=N, the room version it changes") from None
        _, page = _game_of(room)
        reader = getattr(page, "read_photo", None)
        if reader is None:
            return _error(404, f"{room.game} cannot read photos of its sheets")
        from starlette.concurrency import run_in_threadpool

        updates, extra = await run_in_threadpool(reader, room.parts, player, raw)
        updates = page.check_change(room.parts, _known_parts(room.parts, updates))
        room = store.change(room_id, version, updates)
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
        return _error(404, f"no file {name!r} in this room")

    @app.put("/api/rooms/{room_id}/files/{name}")
    async def upload_file(room_id: str, name: str, request: Request):
        raw = await request.body()
        room = store.get(room_id)
        try:
            version = int(request.query_params["version"])
        except (KeyError, ValueError):
            raise BadChange("an upload needs ?version=N, the room version it replaces") from None
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RailprintError(f"{name}: not UTF-8 text (byte {exc.start})") from None
        _, page = _game_of(room)
        updates = page.check_change(room.parts, _known_parts(room.parts, page.read_file(room.parts, name, text)))
        room = store.change(room_id, version, updates)
        return _room_answer(room, scored(room))

    @app.get("/api/rooms/{room_id}/export.json")
    def export_json(room_id: str):
        answer = scored(store.get(room_id))
        if "error" in answer:
            raise RailprintError(answer["error"])
        return JSONResponse(answer["result"])

    @app.get("/api/rooms/{room_id}/picture.{fmt}")
    def export_picture(room_id: str, fmt: str, request: Request):
        from railprint.writers import font_chars, render

        if fmt not in ("svg", "pdf"):
            return _error(404, f"no picture format {fmt!r} (svg or pdf)")
        room = store.get(room_id)
        lang = _lang(request)

        def drawn() -> list[bytes]:
            answer = score_room(room, lang=lang, picture=True)
            if "error" in answer:
                raise RailprintError(answer["error"])
            if fmt == "pdf":
                return render(answer["picture"], fmt)
            # every character this room's pictures drew so far: the embedded font subset stays
            # the same from version to version and is made once (not ~200 ms a change)
            if len(charsets) > 256:
                charsets.clear()
            seen = charsets.setdefault((room.id, lang), {})
            for face, chars in font_chars(answer["picture"]).items():
                seen[face] = "".join(sorted(set(seen.get(face, SCORE_CHARS)) | set(chars)))
            return render(answer["picture"], fmt, charset=dict(seen))

        files = remembered.get(("picture", room.id, room.version, lang, fmt), drawn)
        if fmt == "svg":
            try:
                page = int(request.query_params.get("page", "0"))
            except ValueError:
                page = -1
            if not 0 <= page < len(files):
                raise RailprintError(f"page: 0 to {len(files) - 1}")
            data = files[page]
        else:
            data = files[0]
        headers = {}
        if request.query_params.get("download"):
            headers["Content-Disposition"] = f'attachment; filename="{room.game}-{room.id}.{fmt}"'
        return Response(data, media_type=MEDIA["svg"] if fmt == "svg" else "application/pdf", headers=headers)

    return Guard(app, token)
