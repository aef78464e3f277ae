"""The network side of ``railprint serve``: the host check, the listening socket, the uvicorn
server on it, the URL a player opens and the start-up message with its QR code. Used by the
single-process server (:mod:`railprint.serve`) and by the workers (:mod:`railprint.serve.workers`)."""

from __future__ import annotations

import ipaddress
import re
import socket
from pathlib import Path
from typing import Callable

LOOPBACK_NAMES = ("localhost",)


def is_loopback(host: str) -> bool:
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


HOST_NAME = re.compile(r"^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
                       r"(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?$")


def host_problem(host: str) -> str | None:
    """Why ``host`` cannot be a ``--host`` (an IP address or a host name), or None."""
    try:
        ipaddress.ip_address(host)
        return None
    except ValueError:
        pass
    if HOST_NAME.match(host):
        return None
    return (f"{host!r} is neither an IP address nor a host name "
            "(try 127.0.0.1 for this machine only, 0.0.0.0 for every network)")


def _lan_address() -> str:
    """This machine's address on the local network (no packet is sent: UDP connect only picks
    the route); 127.0.0.1 when there is none."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.254.254.254", 1))
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def address(host: str, port: int, token: str | None) -> str:
    """The URL a player opens (with the token when there is one)."""
    shown = _lan_address() if host in ("0.0.0.0", "::", "") else host
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/" + (f"?token={token}" if token else "")


def qr_text(url: str) -> str:
    import io

    import segno

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True)
    return out.getvalue()


def listen(host: str, port: int) -> socket.socket:
    """The listening socket, made with ``IPPROTO_TCP``: asyncio turns Nagle off only on sockets
    whose proto says TCP, and with proto 0 every small response waits ~40 ms for an ACK."""
    from railprint.errors import RailprintError

    try:
        family, kind, proto, _, where = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                                           proto=socket.IPPROTO_TCP)[0]
    except socket.gaierror as exc:
        raise RailprintError(f"--host {host!r}: not an address of this machine ({exc.strerror})") from None
    except UnicodeError:
        raise RailprintError(f"--host {host!r}: not a host name") from None
    sock = socket.socket(family, kind, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(where)
    except OSError as exc:
        sock.close()
        raise RailprintError(f"cannot listen on {host} port {port}: {exc.strerror}",
                             hint="another program uses that port? try --port 8001") from None
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def uvicorn_server(app, sock: socket.socket):
    import uvicorn

    # long polls still waiting when the server stops are cut after 2 s (Ctrl-C never hangs)
    # no proxy stands in front of serve: X-Forwarded-For is not read (uvicorn's proxy-headers layer
    # cost every request, and a local program could dodge the rooms' rate limit with it); uvicorn
    # picks httptools by itself; asyncio's own loop, not uvloop: with uvloop a phone missed a
    # push in 1 of 6 runs of the two-phones browser test (docs/serve.md)
    # a request's head is bounded in size and time, and one address's connections in number
    # (serve/connections.py); without httptools, h11 bounds the head's size itself
    try:
        from railprint.serve.connections import GuardedProtocol as http
    except ImportError:
        http = "h11"
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="off", http=http,
                            timeout_graceful_shutdown=2, proxy_headers=False, loop="asyncio")

    class Server(uvicorn.Server):
        def handle_exit(self, sig, frame) -> None:  # Ctrl-C: the long polls answer at once
            getattr(app, "close", lambda: None)()
            super().handle_exit(sig, frame)

    return Server(config)


def announce(echo: Callable[[str], None], url: str, rooms: Path, token: str | None, how: str) -> None:
    """The start-up message: the QR code, where the rooms are, the link (``how``: how it stops)."""
    echo(qr_text(url))
    echo(f"rooms are kept in {rooms}")
    if token:
        echo("players need this link or the QR code above: it carries the token the server asks for")
    else:   # loopback (no token): a phone scanning the code would open its own 127.0.0.1, and fail
        echo("this link and the QR code open on this computer only; for the players' phones on the same "
             "Wi-Fi start it as: railprint serve --host 0.0.0.0")
    echo(f"railprint serve: open {url}   ({how})")
