"""``railprint serve``: score a game at the table on the players' phones (docs/serve.md).

Modules: ``rooms`` (SQLite rooms with versions and every change kept), ``app`` (the FastAPI
app: pages, the JSON API, the token guard), ``static/`` (the page shell; each game brings its
own editor through its ``Game.web`` module), ``server`` (the socket, the uvicorn server, the URL
and the start-up message), ``workers`` (``--workers N``: processes sharing one socket).
"""

from __future__ import annotations

import secrets
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator, Sequence

from railprint.serve.server import address, announce, host_problem, is_loopback, listen, qr_text, uvicorn_server

__all__ = ["address", "default_data_folder", "host_problem", "is_loopback", "listen", "make_app", "qr_text", "running",
           "serve"]


def default_data_folder() -> Path:
    """Where rooms live unless ``--data`` says: the system's data folder (railprint.platform:
    ``$XDG_DATA_HOME/railprint`` or ~/.local/share/railprint, ~/Library/Application
    Support/railprint, %APPDATA%\\railprint)."""
    from railprint.platform import data_folder

    return data_folder()


def make_app(data: Path, host: str):
    """(app, token, store) for serving ``data`` on ``host``: a token only beyond loopback."""
    from railprint.serve.app import create_app
    from railprint.serve.rooms import Store

    token = None if is_loopback(host) else secrets.token_urlsafe(18)
    store = Store(data)
    return create_app(store, token=token, host=host), token, store


def serve(host: str, port: int, data: Path, echo: Callable[[str], None], workers: int = 1,
          content: Sequence[Path] = ()) -> None:
    """Run the server until Ctrl-C, after printing its URL and a QR code of it; ``workers`` > 1:
    that many processes on one socket and one rooms file (:mod:`railprint.serve.workers`;
    ``content``: the ``--content`` folders, for them)."""
    from railprint.serve.app import warm_up

    if workers > 1:
        from railprint.serve.workers import serve_workers

        return serve_workers(host, port, data, echo, workers, list(content))
    sock = listen(host, port)
    app, token, store = make_app(data, host)
    threading.Thread(target=warm_up, daemon=True).start()
    announce(echo, address(host, sock.getsockname()[1], token), store.path, token, "Ctrl-C stops the server")
    try:
        uvicorn_server(app, sock).run(sockets=[sock])
    finally:
        store.close()
        sock.close()


@contextmanager
def running(data: Path, host: str = "127.0.0.1", port: int = 0) -> Iterator[tuple[str, str | None]]:
    """A server in a background thread (tests, benchmarks): yields (base URL, token); stops on exit."""
    sock = listen(host, port)
    app, token, store = make_app(data, host)
    server = uvicorn_server(app, sock)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        while not server.started:
            if not thread.is_alive():
                raise RuntimeError("the server did not start")
            threading.Event().wait(0.02)
        yield f"http://{host}:{sock.getsockname()[1]}", token
    finally:
        app.close()
        server.should_exit = True
        thread.join(10)
        store.close()
        sock.close()
