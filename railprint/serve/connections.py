"""Guards on the server's connections, before a request reaches the app (and its token check).

uvicorn's HTTP protocol (httptools) keeps a request's line and headers in memory until they end,
with no limit and no deadline: one connection sending a header of endless ``a`` grew the server
by ~1 MB a MB sent (430 MB and 50 s of CPU for 150 MB, the server slowed for every phone), and a
connection that sends nothing, or a header line every few seconds (slowloris), was kept for ever.
Anyone who can reach the port can do either, token or not. :class:`GuardedProtocol` answers

- a request line and headers over :data:`MAX_HEAD` bytes with ``431`` and closes the connection;
- a request whose headers are not complete :data:`HEAD_SECONDS` after the connection opened (or
  after its first byte, on a kept-alive connection) with ``408`` and closes it;
- a client address with :data:`MAX_PER_CLIENT` connections open already (a phone's browser opens
  at most 6) by closing the new one at once. Loopback is exempt: it is this machine's own users,
  and the benchmarks' 240 phones.

Bodies are bounded by the app (``MAX_BODY``, ``MAX_PHOTO``).
"""

from __future__ import annotations

import asyncio
import ipaddress
from collections import Counter

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

MAX_HEAD = 64 * 1024
"""Bytes of a request line and its headers (a phone's are under 2 KiB; nginx allows 4 x 8 KiB)."""
HEAD_SECONDS = 30.0
"""Seconds a request's line and headers may take to arrive."""
MAX_PER_CLIENT = 64
"""Connections one (non-loopback) client address may hold open at once."""
LINGER = 2.0
"""Seconds a refused connection is still read (and what comes thrown away) after its answer, so
the answer is not lost to a reset: closing with unread data sends one."""

_open: Counter[str] = Counter()   # client address -> connections open (this process)


def _answer(status: str, message: str) -> bytes:
    body = ('{"error": "%s"}' % message).encode()
    return (f"HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {len(body)}\r\n"
            "connection: close\r\n\r\n").encode() + body


def _is_loopback(host: str | None) -> bool:
    try:
        return host is None or ipaddress.ip_address(host).is_loopback
    except ValueError:
        return True   # not an IP address: a Unix socket or a test transport


class GuardedProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol with a bounded, timed request head and a per-client cap."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        self._head_bytes, self._in_head, self._begun, self._discarding = 0, True, False, False
        self._head_timer: asyncio.TimerHandle | None = None
        self._counted: str | None = None
        super().connection_made(transport)
        host = self.client[0] if self.client else None
        if not _is_loopback(host):
            if _open[host] >= MAX_PER_CLIENT:
                transport.close()
                return
            _open[host] += 1
            self._counted = host
        self._start_head_timer()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_head_timer()
        if self._counted is not None:
            _open[self._counted] -= 1
            if _open[self._counted] <= 0:
                del _open[self._counted]
            self._counted = None
        super().connection_lost(exc)

    def _start_head_timer(self) -> None:
        if self._head_timer is None:
            self._head_timer = self.loop.call_later(HEAD_SECONDS, self._head_too_slow)

    def _stop_head_timer(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _refuse(self, status: str, message: str) -> None:
        self._stop_head_timer()
        if self.transport.is_closing() or self._discarding:
            return
        self.transport.write(_answer(status, message))
        if self.transport.can_write_eof():
            self.transport.write_eof()
            self._discarding = True
            self.loop.call_later(LINGER, self.transport.close)
        else:
            self.transport.close()

    def _head_too_slow(self) -> None:
        self._head_timer = None
        if self._in_head and not self._begun:   # nothing sent at all: closed without a word
            self.transport.close()
        elif self._in_head:
            self._refuse("408 Request Timeout", f"the request's headers took over {HEAD_SECONDS:.0f} s")

    def data_received(self, data: bytes) -> None:
        if self._discarding or self.transport.is_closing():
            return
        super().data_received(data)
        if self._in_head and not self.transport.is_closing():   # all of it was head: count it
            self._head_bytes += len(data)
            if self._head_bytes > MAX_HEAD:
                self._refuse("431 Request Header Fields Too Large",
                             f"the request's line and headers are over {MAX_HEAD} bytes")

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._in_head, self._head_bytes, self._begun = True, 0, True
        self._start_head_timer()

    def on_headers_complete(self) -> None:
        self._in_head = False
        self._stop_head_timer()
        super().on_headers_complete()
