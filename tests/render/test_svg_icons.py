"""A multi-colour SVG as an icon: a ``kind: icons`` entry naming an SVG file is drawn — as a
``type: icon`` layer and inline in text as ``:name:`` — with the SVG's own colours, through the
same safe SVG reader as pictures; read back from the PDF."""

from __future__ import annotations

import io
from pathlib import Path

import pdfplumber

from railprint.render import RenderOptions, build_deck
from railprint.units import mm
from railprint.writers import render
from tests.helpers import run_cli

SVG = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 10">
  <style>.b { fill: #0000ff }</style>
  <rect x="0" y="0" width="10" height="10" fill="#ff0000"/>
  <g transform="translate(10 0)"><rect class="b" x="0" y="0" width="10" height="10"/></g>
</svg>
"""
ICONS = """\
kind: icons
id: mine
game: test
icons:
  flag: {file: art/flag.svg}
"""
DECK = """\
kind: deck
id: d
game: test
title: {en: D}
size: poker
templates:
  t:
    layers:
      - {type: text, text: 'Wave [colour=#00ff00]the :flag: now[/]', x: 5mm, y: 60mm, w: 53mm, h: 10mm, size: 20, min_size: 20}
cards: [{template: t}]
"""
RED, BLUE, GREEN = (1, 0, 0), (0, 0, 1), (0, 1, 0)


def _folder(tmp_path: Path, icons: str = ICONS, svg: str = SVG, deck: str = DECK) -> Path:
    folder = tmp_path / "content"
    (folder / "art").mkdir(parents=True)
    (folder / "art" / "flag.svg").write_text(svg, encoding="utf-8")
    (folder / "icons.yaml").write_text(icons, encoding="utf-8")
    (folder / "deck.yaml").write_text(deck, encoding="utf-8")
    return folder


def _colour(obj) -> tuple:
    return tuple(round(float(v), 3) for v in (obj.get("non_stroking_color") or ()))


def test_an_svg_icon_is_drawn_inline_in_its_own_colours(tmp_path):
    folder = _folder(tmp_path)
    doc = build_deck(folder / "deck.yaml", RenderOptions(mode="1up"))
    with pdfplumber.open(io.BytesIO(render(doc, "pdf")[0])) as pdf:
        page = pdf.pages[0]
        shapes = [s for s in page.rects + page.curves if _colour(s) in (RED, BLUE)]
        text = [c for c in page.chars if c["text"] == "n"]   # 'now', drawn in the run's green
    red = [s for s in shapes if _colour(s) == RED]
    blue = [s for s in shapes if _colour(s) == BLUE]
    assert len(red) == 1 and len(blue) == 1                     # two paths, each in its own colour
    assert not [s for s in shapes if _colour(s) == GREEN]       # the run's colour does not repaint it
    assert text and all(_colour(c) == GREEN for c in text)
    (r,), (b,) = red, blue
    # side by side (the SVG's transform), each half of a 20 pt icon (the viewport's wider side)
    assert abs(r["x1"] - b["x0"]) < 0.05
    assert abs((r["x1"] - r["x0"]) - 10) < 0.05 and abs((b["x1"] - b["x0"]) - 10) < 0.05
    assert abs((r["bottom"] - r["top"]) - 10) < 0.05
    # on the text's line, inside the box (3 mm bleed on the 1-up page)
    assert mm(3 + 5) < r["x0"] < mm(3 + 58) and mm(3 + 60) < r["top"] < mm(3 + 70)


def test_an_svg_icon_layer_and_the_catalogue(tmp_path):
    deck = DECK.replace("      - {type: text", "      - {type: icon, name: flag, x: 31mm, y: 30mm, size: 40mm}\n"
                                               "      - {type: text")
    folder = _folder(tmp_path, deck=deck)
    doc = build_deck(folder / "deck.yaml", RenderOptions(mode="1up"))
    with pdfplumber.open(io.BytesIO(render(doc, "pdf")[0])) as pdf:
        page = pdf.pages[0]
        big = [s for s in page.rects + page.curves if _colour(s) == RED and s["x1"] - s["x0"] > 19]
    assert len(big) == 1 and abs((big[0]["x1"] - big[0]["x0"]) - mm(20)) < 0.05
    out = tmp_path / "icons.pdf"
    result = run_cli("icons", "--content", str(folder), "-o", str(out))
    assert result.exit_code == 0, result.output
    assert "flag" in result.stdout
    with pdfplumber.open(out) as pdf:
        colours = {_colour(s) for p in pdf.pages for s in p.rects + p.curves}
    assert RED in colours and BLUE in colours


def test_a_changed_svg_redraws_the_icon(tmp_path):
    folder = _folder(tmp_path)
    build_deck(folder / "deck.yaml", RenderOptions(mode="1up"))
    svg = folder / "art" / "flag.svg"
    svg.write_text(SVG.replace("#ff0000", "#00ff00"), encoding="utf-8")
    import os

    stat = svg.stat()
    os.utime(svg, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    doc = build_deck(folder / "deck.yaml", RenderOptions(mode="1up", lang="en"))
    with pdfplumber.open(io.BytesIO(render(doc, "pdf")[0])) as pdf:
        colours = [_colour(s) for s in pdf.pages[0].rects + pdf.pages[0].curves]
    assert RED not in colours and BLUE in colours


def _error(tmp_path: Path, **files) -> str:
    folder = _folder(tmp_path, **files)
    result = run_cli("render", "test", "--content", str(folder), "-o", str(tmp_path / "out"), "-q")
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "out" / "test").exists()
    return result.stderr


def test_bad_svg_icons_are_located_errors(tmp_path):
    both = ICONS.replace("{file: art/flag.svg}", "{file: art/flag.svg, path: 'M0 0 L1 1'}")
    assert "icons.yaml:5:9" in _error(tmp_path / "1", icons=both) and "not both" in _error(tmp_path / "1b", icons=both)
    styled = ICONS.replace("{file: art/flag.svg}", "{file: art/flag.svg, style: stroke}")
    assert "style apply to 'path' icons" in _error(tmp_path / "2", icons=styled)
    outside = ICONS.replace("art/flag.svg", "../flag.svg")
    message = _error(tmp_path / "3", icons=outside)
    assert "icons.yaml:5:9" in message and "outside the content folder" in message
    hostile = ('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>'
               '<svg xmlns="http://www.w3.org/2000/svg"><text>&b;</text></svg>')
    message = _error(tmp_path / "4", svg=hostile)
    assert "icons.yaml:5:9: icon 'flag': the SVG flag.svg declares a DOCTYPE" in message, message
    assert message.count("Error") == 1
    checked = run_cli("validate", str(tmp_path / "4" / "content"))   # the icons file and the deck using it
    assert checked.exit_code == 1 and "1 problem(s) found" in checked.stderr, checked.stderr
    assert checked.stderr.count("declares a DOCTYPE") == 1
    truncated = SVG[:60]
    assert "icons.yaml:5:9: icon 'flag': the SVG flag.svg is not well-formed XML" in _error(tmp_path / "5", svg=truncated)
    empty = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><g/></svg>'
    assert "flag.svg draws nothing" in _error(tmp_path / "6", svg=empty)
