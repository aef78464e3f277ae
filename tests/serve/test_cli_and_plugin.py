"""``railprint serve`` as a user runs it (a separate process on loopback), with the test plugin
game installed beside railprint: serve knows no game, so the plugin's page and handlers come
from its own package through its ``Game.web``."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import urllib.request

import pytest

from railprint.serve import address, is_loopback, qr_text
from tests.serve.pages import who
from tests.test_plugin_game import install_by_hand


class Served:
    def __init__(self, process: subprocess.Popen, url: str, banner: str):
        self.process, self.url, self.banner = process, url, banner

    def call(self, method: str, path: str, body=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url.rstrip("/") + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                raw = answer.read()
                return answer.status, raw
        except urllib.error.HTTPError as error:
            return error.code, error.read()


@pytest.fixture
def served(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    install_by_hand(site)
    env = dict(os.environ, PYTHONPATH=str(site), NO_COLOR="1")
    process = subprocess.Popen([sys.executable, "-m", "railprint", "serve", "--port", "0", "--data", str(tmp_path / "data")],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=tmp_path)
    banner = []
    try:
        for line in process.stdout:
            banner.append(line)
            match = re.search(r"open (http://127\.0\.0\.1:\d+/)", line)
            if match:
                break
        else:
            pytest.fail("no URL printed: " + "".join(banner) + process.stderr.read())
        yield Served(process, match.group(1), "".join(banner))
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def test_serve_prints_its_url_and_a_qr_code_and_stops_cleanly_on_ctrl_c(served, tmp_path):
    assert served.url.startswith("http://127.0.0.1:")  # loopback by default: no token in the link
    assert "?token=" not in served.url
    assert "█" in served.banner or "▀" in served.banner  # the QR code, drawn in the terminal
    # a phone scanning a loopback link opens its own 127.0.0.1: the banner says how to let phones in
    assert "open on this computer only" in served.banner and "railprint serve --host 0.0.0.0" in served.banner
    assert str(tmp_path / "data" / "rooms.sqlite3") in served.banner
    status, body = served.call("GET", "/")
    assert status == 200 and b"/static/serve.js" in body
    served.process.send_signal(signal.SIGINT)
    assert served.process.wait(20) == 0
    assert "Traceback" not in served.process.stderr.read()


def test_a_separately_installed_game_brings_its_own_page(served):
    status, body = served.call("GET", "/api/games")
    assert status == 200
    assert {"coupon-rail", "railroad-ink"} <= {g["id"] for g in json.loads(body)}
    status, body = served.call("POST", "/api/rooms", {"game": "coupons", "players": ["Ala", "Bartek"]})
    assert status == 200, body
    room = json.loads(body)["room"]
    assert room["game"] == "coupon-rail"
    status, body = served.call("POST", f"/api/rooms/{room['id']}/changes",
                               {"version": 0, "parts": {"player:Bartek": {"coupons": [7, 5]}}})
    assert status == 200, body
    score = json.loads(body)["score"]
    assert score["ranking"] == [{"player": "Bartek", "points": 12, "place": 1}, {"player": "Ala", "points": 0, "place": 2}]
    assert score["result"]["winners"] == ["Bartek"]  # the plugin's own scorer's JSON
    status, body = served.call("GET", f"/api/rooms/{room['id']}/files/tally.txt")
    assert status == 200 and body.decode() == "Ala: \nBartek: 7 5\n"
    status, body = served.call("GET", "/games/coupon-rail/editor.js")
    assert status == 200 and b"Railprint.register" in body
    status, body = served.call("POST", f"/api/rooms/{room['id']}/changes",
                               {"version": 1, "parts": {"player:Ala": {"coupons": ["x"]}}})
    assert status == 400 and "whole numbers" in json.loads(body)["error"]


def test_the_plugin_page_in_a_browser(served, browser):
    status, body = served.call("POST", "/api/rooms", {"game": "coupon-rail", "players": ["Ala"]})
    room = json.loads(body)["room"]
    page = browser.new_page()
    page.goto(served.url + f"r/{room['id']}")
    who(page, "Ala")   # a phone that did not start the room is asked who holds it, even in a room of one
    page.wait_for_selector("#coupon-add")
    page.fill("#coupon-value", "9")
    page.click("#coupon-add")
    page.wait_for_selector("body[data-version='1']")
    assert page.locator("#coupons").inner_text() == "9"
    assert page.locator("#ranking td.points").inner_text() == "9"


def test_the_printed_link_carries_the_token_only_beyond_localhost():
    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("localhost")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.168.1.5")
    assert address("127.0.0.1", 8000, None) == "http://127.0.0.1:8000/"
    assert address("192.168.1.5", 8000, "abc") == "http://192.168.1.5:8000/?token=abc"
    assert re.fullmatch(r"http://[0-9.]+:8000/\?token=abc", address("0.0.0.0", 8000, "abc"))
    text = qr_text("http://192.168.1.5:8000/?token=abc")
    assert len(text.splitlines()) > 10 and set(text) <= set("█▀▄ \n")


def test_a_port_in_use_is_a_clear_error(tmp_path):
    from railprint.serve import listen

    taken = listen("127.0.0.1", 0)
    port = taken.getsockname()[1]
    try:
        done = subprocess.run([sys.executable, "-m", "railprint", "serve", "--port", str(port), "--data",
                               str(tmp_path / "data")], capture_output=True, text=True, timeout=60)
    finally:
        taken.close()
    assert done.returncode == 1
    assert f"Error: cannot listen on 127.0.0.1 port {port}" in done.stderr and "Traceback" not in done.stderr
