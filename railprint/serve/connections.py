"""Guards on the server's connections, before a request reaches the app (and its token check).

uvicorn's HTTP protocol (httptools) keeps a request's line and headers in memory until they end,
with no limit and no deadline: one connection sending a header of endless ``a`` grew the server
by ~1 MB a MB sent (430 MB and 50 s of CPU for 150 MB, the server slowed for every phone), and a
connection that sends nothing, or a header line every few seconds (slowloris), was kept for ever.
Anyone who can reach the port can do either, token or not. :class:`GuardedProtocol` answers

- a request line and headers over :data:`MAX_HEAD` bytes with ``431`` and closes the connection;
- a request whose headers are not complete :data:`HEAD_SECONDS` after the connection opened (or
  after its first byte, on a kept-alive connection) with ``408`` and closes it;
- a request whose body does not keep coming — :data:`BODY_SECONDS` after its headers plus one second
  for every :data:`BODY_RATE` bytes received, :data:`BODY_MOST_SECONDS` at most — with ``408`` (or
  a plain close, if the app has answered already) and closes it; loopback too. A body that never
  came, or came a byte a second, was waited for for ever, and a photo upload holds one of the
  server's few places for photos (``app.PHOTO_WAITING``) while its body arrives;
- a request body of more than :data:`MAX_CHUNKS` chunks with ``400``;
- a client address with :data:`MAX_PER_CLIENT` connections open already (a phone's browser opens
  at most 6) by closing the new one at once. Loopback is exempt: it is this machine's own users,
  and the benchmarks' 240 phones.

Bodies are bounded in size by the app (``MAX_BODY``, ``MAX_PHOTO``).
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
from collections import Counter

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from railprint.errors import RELOAD_PL

MAX_HEAD = 64 * 1024
"""Bytes of a request line and its headers (a phone's are under 2 KiB; nginx allows 4 x 8 KiB)."""
HEAD_SECONDS = 30.0
"""Seconds a request's line and headers may take to arrive."""
MAX_PER_CLIENT = 64
"""Connections one (non-loopback) client address may hold open at once."""
BODY_SECONDS = 30.0
"""Seconds a request's body may take to arrive, plus one per :data:`BODY_RATE` bytes received."""
BODY_RATE = 32 * 1024
"""Bytes a second a slow body must keep up after :data:`BODY_SECONDS` (256 kbit/s: a 4 MB photo
may take 150 s, a 1 MiB JSON body 62 s)."""
BODY_MOST_SECONDS = 300.0
"""Seconds any body may take in all (a 20 MiB photo needs 70 KB/s)."""
MAX_CHUNKS = 4096
"""Chunks a request body may come in (``Transfer-Encoding: chunked``; a browser sends none, curl
16 KiB ones: a 20 MiB photo in 1,280). Each chunk costs a call into Python: a 1 MB body sent in
1-byte chunks (6 MB on the wire) took the server 1.3 s of CPU on its event loop."""
LINGER = 2.0
"""Seconds a refused connection is still read (and what comes thrown away) after its answer, so
the answer is not lost to a reset: closing with unread data sends one."""

_open: Counter[str] = Counter()   # client address -> connections open (this process)


def _answer(status: str, message: str, pl: str | None) -> bytes:
    """A refusal before the app sees the request, as the app's are: ``error`` and ``error_pl``
    (every call here passes its Polish: tests/serve/test_api_polish_everywhere.py)."""
    body = json.dumps({"error": message, **({"error_pl": pl} if pl else {})}, ensure_ascii=False).encode()
    return (f"HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {len(body)}\r\n"
            "connection: close\r\n\r\n").encode() + body


def _is_loopback(host: str | None) -> bool:
    try:
        return host is None or ipaddress.ip_address(host).is_loopback
    except ValueError:
        return True   # not an IP address: a Unix socket or a test transport


class GuardedProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol with a bounded, timed request head and a per-client cap."""

    _cycles: tuple | list = ()   # this connection's requests being answered (set as they come)

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        self._head_bytes, self._in_head, self._begun, self._discarding = 0, True, False, False
        self._in_body = False
        self._head_timer: asyncio.TimerHandle | None = None
        self._body_timer: asyncio.TimerHandle | None = None
        self._body_bytes, self._body_since, self._chunks = 0, 0.0, 0
        self._cycles = []   # this connection's requests being answered (pipelined ones too)
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
        self._stop_body_timer()
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

    def _stop_body_timer(self) -> None:
        if self._body_timer is not None:
            self._body_timer.cancel()
            self._body_timer = None

    def _refuse(self, status: str, message: str, pl: str | None = None) -> None:
        self._stop_head_timer()
        self._stop_body_timer()
        if self.transport.is_closing() or self._discarding:
            return
        # every request of the connection not answered yet stops (the app stops waiting for the
        # body; its answer is not written): a pipelined request before the refused one was
        # answered after the refusal's write_eof, "RuntimeError: Cannot call write() after
        # write_eof()" and a traceback on the server's terminal
        live = [cycle for cycle in (*self._cycles, self.cycle) if cycle is not None and not cycle.response_complete]
        if live:
            answered = any(cycle.response_started for cycle in live)
            for cycle in live:
                cycle.disconnected = True
                cycle.message_event.set()
            if answered:   # a second answer would be read as part of the first: just close
                self.transport.close()
                return
        self.transport.write(_answer(status, message, pl))
        if self.transport.can_write_eof():
            try:
                self.transport.write_eof()
            except OSError:   # the client reset the connection already (it read the answer and left)
                self.transport.close()
                return
            self._discarding = True
            self.loop.call_later(LINGER, self.transport.close)
        else:
            self.transport.close()

    def _head_too_slow(self) -> None:
        self._head_timer = None
        if self._in_head and not self._begun:   # nothing sent at all: closed without a word
            self.transport.close()
        elif self._in_head:
            self._refuse("408 Request Timeout", f"the request's headers took over {HEAD_SECONDS:.0f} s",
                         f"początek wiadomości szedł dłużej niż {HEAD_SECONDS:.0f} s; sprawdź Wi-Fi i spróbuj jeszcze raz")

    def _body_too_slow(self) -> None:
        self._body_timer = None
        if self.transport.is_closing() or self._discarding:
            return
        if self.flow is not None and self.flow.read_paused:   # the app is not reading: not the client's fault
            self._body_since += BODY_SECONDS
            self._body_timer = self.loop.call_later(BODY_SECONDS, self._body_too_slow)
            return
        allowed = min(BODY_SECONDS + self._body_bytes / BODY_RATE, BODY_MOST_SECONDS)
        left = self._body_since + allowed - self.loop.time()
        if left > 0.01:
            self._body_timer = self.loop.call_later(left, self._body_too_slow)
        else:
            self._refuse("408 Request Timeout", f"the request's body did not arrive in time ({self._body_bytes} "
                                                f"bytes in {allowed:.0f} s)",
                         f"wiadomość nie doszła na czas ({self._body_bytes} bajtów w {allowed:.0f} s); "
                         "sprawdź Wi-Fi i spróbuj jeszcze raz")

    def data_received(self, data: bytes) -> None:
        if self._discarding or self.transport.is_closing():
            return
        super().data_received(data)
        if self._in_head and not self.transport.is_closing():   # all of it was head: count it
            self._head_bytes += len(data)
            if self._head_bytes > MAX_HEAD:
                self._refuse("431 Request Header Fields Too Large",
                             f"the request's line and headers are over {MAX_HEAD} bytes",
                             f"początek wiadomości ma ponad {MAX_HEAD} bajtów; {RELOAD_PL}")
        if self._in_body and self._body_timer is None and not self.transport.is_closing():
            left = self._body_since + BODY_SECONDS - self.loop.time()
            self._body_timer = self.loop.call_later(max(left, 0.0), self._body_too_slow)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._in_head, self._head_bytes, self._begun = True, 0, True
        self._start_head_timer()

    def on_headers_complete(self) -> None:
        self._in_head = False
        self._stop_head_timer()
        super().on_headers_complete()
        # a body may follow: timed from here until the message ends (the timer is started only if
        # the message is still incomplete when this piece of data has been parsed: not for a GET)
        self._in_body = not self.parser.should_upgrade()
        self._body_bytes, self._body_since, self._chunks = 0, self.loop.time(), 0
        self._cycles = [cycle for cycle in self._cycles if not cycle.response_complete]
        if self.cycle is not None:
            self._cycles.append(self.cycle)

    def on_chunk_header(self) -> None:
        """httptools' call at each chunk of a chunked body (and at its last, empty one)."""
        self._chunks += 1
        if self._chunks > MAX_CHUNKS:
            self._refuse("400 Bad Request", f"the request's body came in over {MAX_CHUNKS} chunks",
                         f"treść wiadomości przyszła w ponad {MAX_CHUNKS} kawałkach; {RELOAD_PL}")

    def on_body(self, body: bytes) -> None:
        self._body_bytes += len(body)
        super().on_body(body)

    def on_message_complete(self) -> None:
        self._in_body = False
        self._stop_body_timer()
        super().on_message_complete()
