"""The local page of ``railprint watch --serve``: loopback only, a free port, no inline script.

Routes: ``/`` the page (``static/preview.html``, its script and style files beside it),
``/api/state`` every set's cards as JSON, ``/events`` server-sent events (the whole state on
connecting, then one event per rebuilt set: its cards' digests, or its problem), and
``/cards/<digest>.png`` a card's image (content-addressed: cached by the browser for good).
The game-night server's :class:`~railprint.serve.app.Guard` stands in front: the ``Host``
header must name this server (DNS rebinding) and every answer carries its security headers
(a Content-Security-Policy without inline script).
"""

from __future__ import annotations

import asyncio
import json
import re
import threading
from contextlib import contextmanager
from importlib import resources
from typing import Iterator

from fastapi import FastAPI
from fastapi.responses import JSONResponse, Response, StreamingResponse

from railprint.preview import Preview

HOST = "127.0.0.1"
DIGEST = re.compile(r"^[0-9a-f]{40}$")
STATIC = {"preview.js": "text/javascript; charset=utf-8", "preview.css": "text/css; charset=utf-8"}
HEARTBEAT = 15.0   # s between SSE comments on a quiet stream (proxies and sleeping laptops)
MAX_CLIENTS = 32   # open event streams; one designer has a tab or two


def create_app(preview: Preview):
    from railprint.serve.app import Guard, Hosts

    app = FastAPI(docs_url=None, redoc_url=None, openapi_url=None)
    streams: set[asyncio.Queue] = set()
    lock = threading.Lock()

    def tell(event: dict) -> None:   # from the watch's thread
        data = f"data: {json.dumps(event, ensure_ascii=False)}\n\n"
        with lock:
            targets = list(streams)
        for queue in targets:
            queue.loop.call_soon_threadsafe(queue.put_nowait, data)

    preview.listeners.append(tell)

    def static(name: str) -> Response:
        folder = resources.files("railprint.preview") / "static"
        media = "text/html; charset=utf-8" if name.endswith(".html") else STATIC[name]
        return Response((folder / name).read_bytes(), media_type=media, headers={"Cache-Control": "no-cache"})

    @app.get("/")
    def page() -> Response:
        return static("preview.html")

    @app.get("/api/state")
    def state() -> JSONResponse:
        return JSONResponse(preview.state(), headers={"Cache-Control": "no-store"})

    @app.get("/cards/{name}")
    def card(name: str) -> Response:
        digest = name.removesuffix(".png")
        data = preview.image(digest) if name.endswith(".png") and DIGEST.match(digest) else None
        if data is None:
            return JSONResponse({"error": "no such card image (the set has changed since)"}, status_code=404)
        return Response(data, media_type="image/png", headers={"Cache-Control": "max-age=31536000, immutable"})

    @app.get("/events")
    async def events() -> Response:
        queue: asyncio.Queue = asyncio.Queue()
        queue.loop = asyncio.get_running_loop()
        with lock:
            if len(streams) >= MAX_CLIENTS:
                return JSONResponse({"error": "too many open preview pages"}, status_code=429)
            streams.add(queue)
        first = f"data: {json.dumps(preview.state(), ensure_ascii=False)}\n\n"

        async def stream():
            try:
                yield first
                while True:
                    try:
                        data = await asyncio.wait_for(queue.get(), HEARTBEAT)
                    except asyncio.TimeoutError:
                        data = ": still watching\n\n"
                    if data is None:
                        return
                    yield data
            finally:
                with lock:
                    streams.discard(queue)

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})

    @app.get("/{name}")   # (last: the routes above come first)
    def asset(name: str) -> Response:
        if name not in STATIC:
            return JSONResponse({"error": "not found"}, status_code=404)
        return static(name)

    def close() -> None:   # the server stops: every stream ends
        with lock:
            targets = list(streams)
        for queue in targets:
            queue.loop.call_soon_threadsafe(queue.put_nowait, None)

    guarded = Guard(app, token=None, hosts=Hosts(HOST))
    guarded.close = close
    return guarded


@contextmanager
def running(preview: Preview, port: int = 0) -> Iterator[str]:
    """The preview page served from a background thread on 127.0.0.1 (``port`` 0: a free one);
    yields its URL, stops on exit."""
    import uvicorn

    from railprint.serve import listen

    sock = listen(HOST, port)
    app = create_app(preview)
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="off", timeout_graceful_shutdown=1)
    server = uvicorn.Server(config)
    server.install_signal_handlers = lambda: None   # (not the main thread: Ctrl-C reaches the watch loop)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True, name="railprint-preview")
    thread.start()
    try:
        while not server.started:
            if not thread.is_alive():
                raise RuntimeError("the preview server did not start")
            threading.Event().wait(0.02)
        yield f"http://{HOST}:{sock.getsockname()[1]}/"
    finally:
        app.close()
        server.should_exit = True
        thread.join(5)
        sock.close()
