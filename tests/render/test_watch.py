"""``railprint watch``: re-render only what a saved file affects, keep the last good output."""

from __future__ import annotations

import os
import shutil

from railprint.loading.resources import content_path
from railprint.render import RenderOptions, Watcher
from tests.helpers import run_cli

DECK = """kind: deck
id: {id}
game: g
title: {{en: T}}
size: poker
templates:
  t:
    layers:
      - {{type: text, text: '{{name}}', x: 5mm, y: 10mm}}
default_template: t
cards: {{from: cards.csv}}
"""


def _touch(path, text):
    path.write_text(text, encoding="utf-8")
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))  # a new mtime even on coarse clocks


def test_only_the_affected_set_is_rebuilt_and_errors_keep_the_last_output(tmp_path):
    content = tmp_path / "content"
    (content / "a").mkdir(parents=True)
    (content / "b").mkdir()
    (content / "a" / "a.yaml").write_text(DECK.format(id="a"), encoding="utf-8")
    (content / "a" / "cards.csv").write_text("name\nAla\n", encoding="utf-8")
    (content / "b" / "b.yaml").write_text(DECK.format(id="b"), encoding="utf-8")
    (content / "b" / "cards.csv").write_text("name\nBea\n", encoding="utf-8")
    said = []
    watcher = Watcher([content], "g", tmp_path / "out", RenderOptions(), preview=True, say=said.append)
    assert sorted(watcher.step()) == ["a", "b"]
    assert watcher.step() == []                                           # nothing saved: nothing done
    pdf = tmp_path / "out" / "g" / "a.pdf"
    first = pdf.read_bytes()
    assert (tmp_path / "out" / "g" / "a-preview.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    _touch(content / "a" / "cards.csv", "name\nAla\nOla\n")
    assert watcher.step() == ["a"]                                        # the card list's set only
    second = pdf.read_bytes()
    assert second != first
    _touch(content / "a" / "a.yaml", DECK.format(id="a").replace("size: poker", "size: pokr"))
    assert watcher.step() == []
    assert any("a.yaml:5:7: unknown size 'pokr'" in line for line in said), said   # located, no exit
    assert pdf.read_bytes() == second                                     # the last good output stays
    _touch(content / "a" / "a.yaml", DECK.format(id="a"))
    assert watcher.step() == ["a"]


def test_watch_command_runs_and_stops(tmp_path):
    folder = tmp_path / "sm"
    shutil.copytree(content_path("examples", "station-master"), folder)
    result = run_cli("watch", "examples", "--content", str(folder), "-o", str(tmp_path / "out"), "--rounds", "2",
                     "--interval", "0.05")
    assert result.exit_code == 0, result.output
    assert "station-master.pdf" in result.stderr and "s CPU" in result.stderr



def test_a_misspelt_game_stops_watch_at_once_and_a_later_problem_does_not(tmp_path):
    result = run_cli("watch", "railroad-inc", "-o", str(tmp_path / "out"), "--rounds", "50", "--interval", "0.05")
    assert result.exit_code == 1, result.output
    assert "no printable content for game 'railroad-inc'" in result.stderr
    assert "railroad-ink" in result.stderr                   # the suggestion
    assert "Traceback" not in result.output and not (tmp_path / "out").exists()
    missing = run_cli("watch", "g", "--content", str(tmp_path / "nowhere"), "-o", str(tmp_path / "out"),
                      "--rounds", "50", "--interval", "0.05")
    assert missing.exit_code == 1 and "content folder not found" in missing.stderr, missing.output
    content = tmp_path / "content"
    content.mkdir()
    (content / "a.yaml").write_text(DECK.format(id="a"), encoding="utf-8")
    (content / "cards.csv").write_text("name\nAla\n", encoding="utf-8")
    said = []
    watcher = Watcher([content], "g", tmp_path / "out", RenderOptions(), say=said.append)
    assert watcher.step() == ["a"]
    _touch(content / "a.yaml", DECK.format(id="a").replace("game: g", "game: h"))   # the set moves away
    assert watcher.step() == []                              # said, and watching goes on
    assert any("no printable content for game 'g'" in line for line in said), said

MINIMAP_DECK = """kind: deck
id: tickets
game: g
title: {en: T}
size: poker
templates:
  t:
    layers:
      - {type: minimap, map: _map.yaml, x: 2mm, y: 2mm, w: 40mm, h: 40mm, mark: [Ala]}
default_template: t
cards: [{vars: {}}]
"""
MAP = "board: {{aspect: 1.0}}\ncities:\n  - {{id: ala, name: Ala, at: [{x}, 0.5]}}\n  - {{id: bea, name: Bea, at: [0.9, 0.9]}}\n" \
      "routes:\n  - {{between: [ala, bea]}}\n"


def test_an_edited_map_file_gives_its_minimap_the_new_geometry(tmp_path):
    from railprint.model.resolve import load_deck
    from railprint.units import mm

    content = tmp_path / "content"
    (content / "g").mkdir(parents=True)
    deck, map_file = content / "g" / "tickets.yaml", content / "g" / "_map.yaml"
    deck.write_text(MINIMAP_DECK, encoding="utf-8")
    map_file.write_text(MAP.format(x="0.1"), encoding="utf-8")

    def mark_x():   # the marked place's x within the 40 mm square box, in mm from its left edge
        (minimap,) = load_deck(deck).cards[0].front.layers
        assert len(minimap.dots) == 2 and len(minimap.segments) == 1
        return round((minimap.marks[0][0] - minimap.x) / mm(1), 6)

    assert mark_x() == 4.0
    watcher = Watcher([content], "g", tmp_path / "out", RenderOptions(), say=lambda line: None)
    assert watcher.step() == ["tickets"]
    pdf = tmp_path / "out" / "g" / "tickets.pdf"
    first = pdf.read_bytes()
    _touch(map_file, MAP.format(x="0.25"))    # one character more: a new size and a new mtime
    assert mark_x() == 10.0                   # the same process reads the edited map again
    assert watcher.step() == ["tickets"] and pdf.read_bytes() != first
    _touch(map_file, MAP.format(x="0.7"))     # same size, only the mtime and the text change
    assert mark_x() == 28.0


SHARED = """kind: deck
id: {id}
game: g
title: {{en: T}}
size: poker
{fonts}templates:
  t:
    layers:
      - {{type: text, text: '{{name}}', x: 5mm, y: 10mm{style}}}
      - {{type: image, file: '{picture}', x: 5mm, y: 20mm, w: 20mm, h: 20mm}}
      - {{type: icon, name: coin, x: 30mm, y: 60mm, size: 8mm}}
default_template: t
cards: {{from: {cards}}}
"""
PICTURE = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="{}"/></svg>'


def test_a_saved_file_rebuilds_only_the_sets_that_read_it(tmp_path):
    """Two decks in one folder: each its own card list, picture (one named from a column) and
    one a font and a style; both the folder's icons file. Counted: which sets each save rebuilds."""
    folder = tmp_path / "content" / "g"
    (folder / "art").mkdir(parents=True)
    fonts = tmp_path / "content" / "g" / "fonts"
    fonts.mkdir()
    shutil.copy(content_path("examples", "signal-box", "fonts", "Semaphore-Regular.ttf"), fonts / "Sem.ttf")
    (folder / "a.yaml").write_text(SHARED.format(id="a", fonts="fonts: {Sem: {regular: fonts/Sem.ttf}}\n",
                                                 style=", use: big, family: Sem", picture="{art}",
                                                 cards="a.csv"), encoding="utf-8")
    (folder / "b.yaml").write_text(SHARED.format(id="b", fonts="", style="", picture="art/b.svg", cards="b.csv"),
                                   encoding="utf-8")
    (folder / "a.csv").write_text("name,art\nAla,art/a.svg\n", encoding="utf-8")
    (folder / "b.csv").write_text("name\nBea\n", encoding="utf-8")
    for name in ("a", "b"):
        (folder / "art" / f"{name}.svg").write_text(PICTURE.format("#c0392b"), encoding="utf-8")
    styles = "kind: styles\nid: st\ngame: g\nstyles:\n  big: {{size: {}}}\n"
    (folder / "styles.yaml").write_text(styles.format(14), encoding="utf-8")
    icons = 'kind: icons\nid: ic\ngame: g\nicons:\n  coin: {{path: "M2 2 H{} V22 H2 Z"}}\n'
    (folder / "icons.yaml").write_text(icons.format(22), encoding="utf-8")
    said = []
    watcher = Watcher([tmp_path / "content"], "g", tmp_path / "out", RenderOptions(), say=said.append)
    assert sorted(watcher.step()) == ["a", "b"], said
    saves = [
        (folder / "art" / "a.svg", PICTURE.format("#1e8449"), ["a"]),        # a picture named in a's card list
        (folder / "art" / "b.svg", PICTURE.format("#1e8449"), ["b"]),        # a picture named in b's YAML
        (folder / "a.csv", "name,art\nOla,art/a.svg\n", ["a"]),             # a card list
        (folder / "styles.yaml", styles.format(16), ["a"]),                  # a style only a uses
        (fonts / "Sem.ttf", None, ["a"]),                                    # a font only a declares
        (folder / "icons.yaml", icons.format(20), ["a", "b"]),               # shared by both
        (folder / "b.yaml", (folder / "b.yaml").read_text(encoding="utf-8") + "# saved\n", ["b"]),
        (folder / "notes.txt", "not content", []),                           # read by no set
        (folder / "art" / "c.svg", PICTURE.format("#000000"), []),           # a new picture no set names
        (folder / "more.yaml", "kind: styles\nid: more\ngame: g\nstyles: {}\n", ["a", "b"]),   # a new styles
    ]                                                                        # or icons file may matter to both
    for path, text, expected in saves:
        if text is None:
            path.write_bytes(path.read_bytes())
            stat = path.stat()
            os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
        else:
            _touch(path, text)
        assert sorted(watcher.step()) == expected, (path.name, said[-3:])
    # a picture that was missing (an error) is rebuilt for once it appears
    _touch(folder / "a.csv", "name,art\nOla,art/new.svg\n")
    assert watcher.step() == [] and any("new.svg" in line for line in said)
    _touch(folder / "art" / "new.svg", PICTURE.format("#000000"))
    assert watcher.step() == ["a"]
