"""``railprint serve`` tried as an attacker would (issue 31): a forged ``Host`` (DNS rebinding),
changes from another site's page (Origin / Sec-Fetch-Site, ``text/plain`` bodies, a real
cross-origin page in Chromium), the security headers and the policy every page runs under, the
token leaving the address bar, the rate of new rooms, and JSON bodies built to crash a parser."""

from __future__ import annotations

import http.server
import re
import threading

import httpx2 as httpx
import pytest
from fastapi.testclient import TestClient

from railprint.serve import make_app, running
from railprint.serve.app import RateLimit, create_app
from railprint.serve.rooms import Store
from tests.serve.pages import who

NEW_ROOM = {"game": "railroad-ink", "players": ["Ala", "Bob"], "setup": {}}


def rooms_in(base: str, **headers) -> list:
    return httpx.get(base + "/api/rooms", headers=headers).json()


# --- Host: DNS rebinding ---------------------------------------------------------------------

def test_a_forged_host_is_refused_on_a_real_socket(tmp_path):
    with running(tmp_path / "data") as (base, _):
        port = base.rsplit(":", 1)[1]
        for host in ("127.0.0.1:" + port, "localhost:" + port, "localhost", "[::1]:" + port):
            assert httpx.get(base + "/api/rooms", headers={"Host": host}).status_code == 200, host
        # a rebinding page's own name resolved to 127.0.0.1: its requests carry that name
        for host in ("attacker.example:" + port, "attacker.example", "127.0.0.1.attacker.example",
                     "192.168.1.20:" + port, "localhost.attacker.example", ""):
            refused = httpx.get(base + "/api/rooms", headers={"Host": host})
            assert refused.status_code == 403, host
            assert "open it by its own address" in refused.json()["error"]
            created = httpx.post(base + "/api/rooms", json=NEW_ROOM, headers={"Host": host})
            assert created.status_code == 403, host
        assert rooms_in(base) == []


def test_listening_on_every_address_takes_ip_literals_and_this_machines_names_only(tmp_path):
    import socket

    app, token, store = make_app(tmp_path / "data", "0.0.0.0")
    with TestClient(app, base_url="http://192.168.1.20:8000") as c:
        c.headers["X-Railprint-Token"] = token
        for host in ("192.168.1.20:8000", "10.0.0.7", "[fe80::1]:8000", "localhost:8000",
                     socket.gethostname() + ":8000"):
            assert c.get("/api/rooms", headers={"Host": host}).status_code == 200, host
        for host in ("evil.example", "192.168.1.20.nip.io:8000"):
            assert c.get("/api/rooms", headers={"Host": host}).status_code == 403, host
    store.close()


# --- another site's page ---------------------------------------------------------------------

@pytest.mark.parametrize("headers", [
    {"Origin": "http://attacker.example"},
    {"Origin": "http://127.0.0.1:9999"},          # another port of the same host: another origin
    {"Origin": "null"},                           # a sandboxed frame or a data: page
    {"Sec-Fetch-Site": "cross-site"},
    {"Sec-Fetch-Site": "same-site"},              # the page on another port, through SameSite cookies
    {"Sec-Fetch-Site": "same-site", "Origin": "http://127.0.0.1"},
])
def test_changes_from_another_site_are_refused(client, headers):
    refused = client.post("/api/rooms", json=NEW_ROOM, headers=headers)
    assert refused.status_code == 403 and "another site" in refused.json()["error"]
    room = client.post("/api/rooms", json=NEW_ROOM).json()["room"]
    for method, url, kwargs in (("POST", f"/api/rooms/{room['id']}/changes", {"json": {"version": 0, "parts": {}}}),
                                ("PUT", f"/api/rooms/{room['id']}/files/a.txt?version=0", {"content": b"player: Ala\n"}),
                                ("PATCH", f"/api/rooms/{room['id']}", {"json": {"title": "mine"}}),
                                ("DELETE", f"/api/rooms/{room['id']}", {})):
        assert client.request(method, url, headers=headers, **kwargs).status_code == 403, (method, url)
    assert client.get(f"/api/rooms/{room['id']}").json()["room"]["title"] == "Ala, Bob"
    assert len(client.get("/api/rooms").json()) == 1
    # reading stays open to the page itself; our own page's requests pass
    same = {"Origin": "http://127.0.0.1", "Sec-Fetch-Site": "same-origin"}
    assert client.post("/api/rooms", json=NEW_ROOM, headers=same).status_code == 200


def test_json_endpoints_take_only_application_json(client):
    """A page of another site may send text/plain (or a form) without asking first; never JSON."""
    import json

    body = json.dumps(NEW_ROOM).encode()
    for kind in ("text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded",
                 "multipart/form-data; boundary=x", None):
        headers = {"Content-Type": kind} if kind else {}
        answer = client.post("/api/rooms", content=body, headers=headers)
        assert answer.status_code == 415 and "application/json" in answer.json()["error"], kind
    assert client.get("/api/rooms").json() == []
    assert client.post("/api/rooms", content=body, headers={"Content-Type": "application/json; charset=utf-8"}).status_code == 200


class _Attacker(http.server.BaseHTTPRequestHandler):
    page = b""

    def do_GET(self):  # noqa: N802 (the stdlib's name)
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.end_headers()
        self.wfile.write(self.page)

    def log_message(self, *args):
        pass


ATTACK = """<!doctype html><html><body>
<form id="f" method="POST" enctype="text/plain" target="sink" action="{base}/api/rooms">
<input name='{{"game":"railroad-ink","players":["Eve"],"setup":{{}},"x":"' value='"}}'></form>
<iframe name="sink"></iframe><iframe id="framed" src="{base}/"></iframe>
<script>
window.done = (async () => {{
  const tries = [];
  const plain = JSON.stringify({{game: "railroad-ink", players: ["Eve"], setup: {{}}}});
  tries.push(fetch("{base}/api/rooms", {{method: "POST", mode: "no-cors", credentials: "include",
    headers: {{"Content-Type": "text/plain"}}, body: plain}}).then(() => "sent", (e) => "blocked"));
  tries.push(fetch("{base}/api/rooms", {{method: "POST", mode: "no-cors", credentials: "include", body: plain}})
    .then(() => "sent", () => "blocked"));
  tries.push(fetch("{base}/api/rooms/{room}/changes", {{method: "POST", mode: "no-cors", credentials: "include",
    body: JSON.stringify({{version: 0, parts: {{"player:Ala": {{cells: Array(49).fill("h.h.")}}}}}})}})
    .then(() => "sent", () => "blocked"));
  tries.push(fetch("{base}/api/rooms", {{method: "POST", credentials: "include",
    headers: {{"Content-Type": "application/json"}}, body: plain}}).then(() => "read", () => "blocked"));
  tries.push(fetch("{base}/api/rooms").then((r) => r.text()).then(() => "read", () => "blocked"));
  document.getElementById("f").submit();
  return Promise.all(tries);
}})();
</script></body></html>"""


def test_a_cross_origin_page_in_chromium_changes_nothing(browser, tmp_path):
    """A page on another port of the same host (another origin, the same site: SameSite cookies
    go along) tries every way a page can write without CORS; nothing changes, nothing is read,
    and our page cannot be framed."""
    with running(tmp_path / "data") as (base, _):
        room = httpx.post(base + "/api/rooms", json=NEW_ROOM).json()["room"]
        _Attacker.page = ATTACK.format(base=base, room=room["id"]).encode()
        evil = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Attacker)
        threading.Thread(target=evil.serve_forever, daemon=True).start()
        context = browser.new_context(bypass_csp=False)
        page = context.new_page()
        seen = []
        page.on("request", lambda r: seen.append((r.method, r.url)))
        try:
            page.goto(f"http://127.0.0.1:{evil.server_address[1]}/")
            results = page.evaluate("window.done")
            page.wait_for_timeout(500)  # the form's navigation
            assert results[3:] == ["blocked", "blocked"]  # CORS: nothing read back
            posts = [url for method, url in seen if method == "POST" and url.startswith(base)]
            assert len(posts) >= 4  # the requests did reach the server …
            assert len(rooms_in(base)) == 1  # … and changed nothing
            assert httpx.get(f"{base}/api/rooms/{room['id']}").json()["room"]["version"] == 0
            framed = page.frame_locator("#framed")
            assert framed.locator("#create").count() == 0  # frame-ancestors 'none': never drawn in a frame
        finally:
            context.close()
            evil.shutdown()


# --- headers, the policy, the token ------------------------------------------------------------

def test_every_answer_carries_the_security_headers(client):
    room = client.post("/api/rooms", json=NEW_ROOM).json()["room"]
    for url in ("/", f"/r/{room['id']}", "/static/serve.js", "/api/rooms", f"/api/rooms/{room['id']}/picture.svg",
                "/api/rooms/zzzzzzzzzzzz", "/games/railroad-ink/editor.js"):
        headers = client.get(url).headers
        policy = headers["content-security-policy"]
        assert "script-src 'self';" in policy and "frame-ancestors 'none'" in policy, url
        assert "unsafe-inline" not in policy.split("script-src")[1].split(";")[0]
        assert headers["referrer-policy"] == "no-referrer" and headers["x-content-type-options"] == "nosniff"
        assert headers["x-frame-options"] == "DENY"


def test_the_pages_hold_no_inline_script(client):
    for name in ("/", "/static/room.html"):
        html = client.get(name).text
        assert re.findall(r"<script\b[^>]*>", html) and all(" src=" in tag for tag in re.findall(r"<script\b[^>]*>", html))
        assert not re.search(r"<script\b[^>]*>\s*[^<\s]", html) and not re.search(r"\son[a-z]+=", html)


@pytest.mark.parametrize("game, setup", [("railroad-ink", {}), ("ticket-to-ride", {"map": "italy"}),
                                         ("days-of-steam", {}), ("allers-trains", {})])
def test_every_game_page_runs_under_the_policy(browser, tmp_path, game, setup):
    """No test context bypasses the policy here: the start page and the game's page load, its
    editor mounts, and the browser reports no refused script, style or picture."""
    with running(tmp_path / "data") as (base, _):
        context = browser.new_context(bypass_csp=False, viewport={"width": 360, "height": 740})
        page = context.new_page()
        refused, errors = [], []
        page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        try:
            page.goto(base + "/")
            page.wait_for_selector(f"#game option[value='{game}']", state="attached")
            answer = httpx.post(base + "/api/rooms", json={"game": game, "players": ["Ala", "Bob"], "setup": setup})
            assert answer.status_code == 200, answer.text
            page.goto(base + "/r/" + answer.json()["room"]["id"])
            page.wait_for_selector("body[data-version='0']")
            who(page, "Ala")
            page.wait_for_selector("#editor *")
            page.wait_for_timeout(300)
            assert page.locator("#ranking tbody tr").count() == 2
            assert refused == [] and errors == []
        finally:
            context.close()


def test_the_token_leaves_the_address_bar(browser, tmp_path):
    with running(tmp_path / "data", host="0.0.0.0") as (base, token):
        base = base.replace("0.0.0.0", "127.0.0.1")
        assert httpx.get(base + "/api/rooms").status_code == 403
        context = browser.new_context(bypass_csp=False)
        page = context.new_page()
        try:
            page.goto(f"{base}/?token={token}")
            assert page.url == base + "/" and token not in page.url
            page.wait_for_selector("#rooms li")  # the page works on the cookie alone
            assert page.evaluate("history.length") == 2  # (about:blank and the page: no entry with the token)
            cookie = [c for c in context.cookies() if c["name"] == "railprint_token"][0]
            assert cookie["httpOnly"] and cookie["sameSite"] == "Strict"
        finally:
            context.close()


# --- room creation rate, JSON built to crash --------------------------------------------------------

def test_new_rooms_are_rate_limited_per_client(tmp_path):
    store = Store(tmp_path / "data")
    app = create_app(store, room_rate=RateLimit(3, 60.0))
    with TestClient(app, base_url="http://127.0.0.1") as c:
        assert [c.post("/api/rooms", json=NEW_ROOM).status_code for _ in range(4)] == [200, 200, 200, 429]
        refused = c.post("/api/rooms", json=NEW_ROOM)
        assert "too many new games" in refused.json()["error"] and int(refused.headers["retry-after"]) >= 1
        assert len(c.get("/api/rooms").json()) == 3
    with TestClient(app, base_url="http://127.0.0.1", client=("192.168.1.30", 5000)) as other:
        assert other.post("/api/rooms", json=NEW_ROOM).status_code == 200  # another device has its own
    store.close()


@pytest.mark.parametrize("body, status, words", [
    (b"[" * 1000 + b"]" * 1000, 400, "nests deeper"),
    (b'{"a":' * 1000 + b"1" + b"}" * 1000, 400, "nests deeper"),
    (b"[" * 200_000 + b"]" * 200_000, 400, "nests deeper"),
    (b'{"version": ' + b"9" * 4300 + b', "parts": {}}', 400, "digits"),
    (b'{"version": ' + b"9" * 100_000 + b', "parts": {}}', 400, "digits"),
    (b'{"version": NaN, "parts": {}}', 400, "not a JSON number"),
    (b'{"version": 1e999, "parts": {}}', 400, "finite"),
    (b'{"version": 0, "parts": {"x": "\xff"}}', 400, "UTF-8"),
    (b"[" + b"0," * 600_000 + b"0]", 413, "at most"),
])
def test_json_built_to_crash_the_parser_is_a_4xx(client, body, status, words):
    room = client.post("/api/rooms", json=NEW_ROOM).json()["room"]
    for url in ("/api/rooms", f"/api/rooms/{room['id']}/changes", f"/api/rooms/{room['id']}/actions/faces",
                "/api/rooms/import"):
        answer = client.post(url, content=body, headers={"Content-Type": "application/json"})
        assert answer.status_code == status, (url, answer.text[:200])
        assert words in answer.json()["error"]
    assert client.get(f"/api/rooms/{room['id']}").json()["room"]["version"] == 0


def test_the_token_redirect_goes_only_to_our_own_pages(tmp_path):
    app, token, store = make_app(tmp_path / "data", "0.0.0.0")
    with TestClient(app, base_url="http://192.168.1.20:8000") as c:
        c.headers["X-Railprint-Token"] = token
        room = c.post("/api/rooms", json=NEW_ROOM).json()["room"]
        c.headers.pop("X-Railprint-Token")
        page = c.get(f"/r/{room['id']}?token={token}", follow_redirects=False)
        assert page.status_code == 303 and page.headers["location"] == f"/r/{room['id']}"
        for path in ("/r//attacker.example", "/r/%0d%0aSet-Cookie:x=1", "/static/serve.js", "/api/rooms"):
            answer = c.get(f"{path}?token={token}", follow_redirects=False)
            assert answer.status_code != 303 and "location" not in answer.headers, path
    store.close()
