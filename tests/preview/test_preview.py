"""``railprint watch --serve``: every card of a set on a local page, only the changed cards
replaced on save (server-sent events), problems shown with the last good cards kept."""

from __future__ import annotations

import http.client
import io
import json
import os
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

from PIL import Image

from railprint.preview import Preview
from railprint.preview.server import running
from railprint.render import RenderOptions, Watcher
from tests.helpers import run_cli

DECK = """kind: deck
id: harbours
game: g
title: {en: Harbours, pl: Porty}
size: poker
bleed: 3mm
templates:
  t:
    layers:
      - {type: rect, bleed: true, fill: '#f2e3c6'}
      - {type: text, text: '{name}', x: 31.5mm, y: 12mm, size: 14, align: centre}
  back:
    layers:
      - {type: rect, bleed: true, fill: '#1565c0'}
default_template: t
back: back
cards: {from: cards.csv}
"""
ROWS = "name\nŁódź\nTromsø\nÅlesund\nGdańsk\n"


def touch(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))   # a new mtime on coarse clocks


def deck(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "harbours.yaml").write_text(DECK, encoding="utf-8")
    (folder / "cards.csv").write_text(ROWS, encoding="utf-8")
    return folder


@contextmanager
def watched(tmp_path: Path):
    """(watcher, preview, base URL) of a served preview of the deck above, first built."""
    folder = deck(tmp_path / "content" / "g")
    preview = Preview(RenderOptions())
    watcher = Watcher([folder.parent], "g", tmp_path / "out", RenderOptions(), say=lambda line: None,
                      hooks=[preview.hook], problem=preview.tell_problem)
    with running(preview) as url:
        assert watcher.step() == ["harbours"]
        yield watcher, preview, url.rstrip("/")


class Events:
    """An open ``/events`` stream, read one event at a time."""

    def __init__(self, url: str):
        parts = urlsplit(url)
        self.connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
        self.connection.request("GET", "/events")
        self.response = self.connection.getresponse()
        assert self.response.status == 200 and self.response.getheader("content-type").startswith("text/event-stream")

    def next(self) -> dict:
        lines = []
        while True:
            line = self.response.readline().decode("utf-8")
            if line.startswith("data: "):
                lines.append(line[6:].rstrip("\n"))
            elif line == "\n" and lines:
                return json.loads("\n".join(lines))

    def close(self) -> None:
        self.connection.close()


def get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read()


def test_every_card_is_shown_and_a_save_replaces_only_the_changed_card(tmp_path):
    with watched(tmp_path) as (watcher, preview, url):
        events = Events(url)
        (first,) = events.next()["sets"]             # the whole state on connecting
        assert [c["label"] for c in first["cards"]] == [f"00{n}-{side}" for n in range(1, 5)
                                                        for side in ("front", "back")]
        assert [c["name"] for c in first["cards"][::2]] == ["Łódź", "Tromsø", "Ålesund", "Gdańsk"]
        digests = [c["digest"] for c in first["cards"]]
        assert len(set(digests)) == 5 and preview.rendered == 5   # four fronts, one shared back: 5 images
        status, png = get(f"{url}/cards/{digests[0]}.png")
        image = Image.open(io.BytesIO(png))
        assert status == 200 and image.size == (372, 520)          # the trimmed card at 150 dpi
        assert first["cards"][0]["width"] == 238.1                 # shown at its real size (63 mm in CSS px)
        touch(tmp_path / "content" / "g" / "cards.csv", ROWS.replace("Tromsø", "Bergen"))
        assert watcher.step() == ["harbours"]
        event = events.next()["set"]
        after = [c["digest"] for c in event["cards"]]
        assert [n for n, (a, b) in enumerate(zip(digests, after)) if a != b] == [2]   # only Tromsø's front
        assert preview.rendered == 6                                                  # one image drawn
        assert get(f"{url}/cards/{after[2]}.png")[0] == 200
        assert get(f"{url}/cards/{digests[2]}.png")[0] == 404          # the old one is gone from memory
        assert get(f"{url}/cards/{digests[0]}.png") == (200, png)      # the others as they were
        events.close()


def test_a_broken_file_shows_its_located_problem_and_keeps_the_last_good_cards(tmp_path):
    with watched(tmp_path) as (watcher, preview, url):
        events = Events(url)
        state = events.next()
        good = [c["digest"] for c in state["sets"][0]["cards"]]
        assert state["problem"] is None
        yaml = tmp_path / "content" / "g" / "harbours.yaml"
        touch(yaml, DECK.replace("size: 14,", "size: 14,,"))       # not YAML: no set can be found
        assert watcher.step() == []
        assert "harbours.yaml:11:67: invalid YAML" in events.next()["problem"]
        touch(yaml, DECK.replace("size: poker", "size: pokr"))      # YAML, but not a deck
        assert watcher.step() == []
        assert events.next() == {"problem": None}
        event = events.next()["set"]
        assert "harbours.yaml:5:7: unknown size 'pokr'" in event["error"]
        assert [c["digest"] for c in event["cards"]] == good          # the last good cards stay
        assert all(get(f"{url}/cards/{d}.png")[0] == 200 for d in good)
        assert get(f"{url}/api/state")[1].count(b"unknown size") == 1
        touch(yaml, DECK.replace("size: 14", "size: 12"))
        assert watcher.step() == ["harbours"]
        event = events.next()["set"]
        assert event["error"] is None and [c["digest"] for c in event["cards"]][1::2] == good[1::2]   # backs kept
        assert [c["digest"] for c in event["cards"]][::2] != good[::2]
        events.close()


def test_the_page_is_loopback_only_checks_the_host_and_has_no_inline_script(tmp_path):
    with watched(tmp_path) as (watcher, preview, url):
        assert url.startswith("http://127.0.0.1:")
        parts = urlsplit(url)
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
        connection.request("GET", "/", headers={"Host": "rebound.example"})
        assert connection.getresponse().status == 403                 # DNS rebinding refused
        connection.close()
        with urllib.request.urlopen(url + "/", timeout=10) as answer:
            page = answer.read().decode()
            policy = answer.headers["content-security-policy"]
        assert "script-src 'self'" in policy and "unsafe-inline" not in policy.split("script-src")[1].split(";")[0]
        assert '<script src="/preview.js" defer></script>' in page and page.count("<script") == 1
        assert get(url + "/cards/..%2F..%2Fetc%2Fpasswd")[0] == 404
        assert get(url + "/cards/" + "0" * 40 + ".png")[0] == 404
        assert get(url + "/state.json")[0] == 404


def test_watch_serve_prints_the_pages_address(tmp_path):
    folder = deck(tmp_path / "content" / "g")
    result = run_cli("watch", "g", "--content", str(folder.parent), "-o", str(tmp_path / "out"), "--serve",
                     "--rounds", "1", "--interval", "0.05")
    assert result.exit_code == 0, result.output
    assert "the cards are at http://127.0.0.1:" in result.stderr and "harbours.pdf" in result.stderr


def test_a_port_without_serve_is_refused(tmp_path):
    result = run_cli("watch", "g", "--content", str(tmp_path), "--port", "8123", "--rounds", "1")
    assert result.exit_code == 2 and "--port" in result.output and "--serve" in result.output
