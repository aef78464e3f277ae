"""--picture: the scored board as a scene (claimed pieces, ticket paths, shaded regions, panel)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from typer.testing import CliRunner

from railprint.cli import app
from railprint.games.ticket_to_ride import score_text
from railprint.scene import Group, texts

CASES = Path(__file__).resolve().parents[2] / "data" / "ticket_to_ride" / "cases"


def _game(case: str) -> str:
    return (CASES / f"{case}.yaml").read_text(encoding="utf-8").partition("\n---\n")[0] + "\n"


def _groups(items, wanted: str):
    for item in items:
        if isinstance(item, Group):
            if item.id == wanted:
                yield item
            yield from _groups(item.items, wanted)


def test_italy_picture_shows_claims_ticket_paths_and_regions():
    result = score_text(_game("italy-francia-ticket"), "francia.yaml")
    doc = result.picture(lang="en")
    (page,) = doc.pages
    (claimed,) = _groups(page.items, "claimed")
    ala, bartek = result.games[0].players
    # one train piece per claimed space
    assert len(claimed.items) == ala.trains_used + bartek.trains_used == 11
    (paths,) = _groups(page.items, "ticket-paths")
    assert len(paths.items) == 5            # Francia - Torino - Milano - Bergamo - Verona - Venezia
    assert not list(_groups(page.items, "network-regions"))   # 3 regions score nothing: no shading
    words = texts(page)
    assert "1. Ala — 10 points" in words and "2. Bartek — 1 point" in words
    assert any(w.startswith("✓ Francia - Venezia (+10): Francia → Torino") for w in words)
    assert "Venezia" in words and "Torino" in words


def test_scoring_networks_shade_their_regions():
    result = score_text(_game("italy-review-two-networks"), "review.yaml")
    (page,) = result.picture().pages
    (shades,) = _groups(page.items, "network-regions")
    # two networks of 5 regions: Toscana (3 cities) counted in both, + 4 + 4 one-city or two-city regions
    m = result.games[0].map
    regions = ["toscana", "liguria", "piemonte", "lombardia", "emilia_romagna",
               "toscana", "umbria", "lazio", "abruzzo", "marche"]
    ala = result.games[0].players[0]
    assert sorted({r for n in ala.networks for r in n.regions}) == sorted(set(regions))
    expected_cells = sum(len(m.cities_of_region(r)) for r in dict.fromkeys(
        r for n in ala.networks if n.points for r in n.regions))
    assert len(shades.items) == expected_cells


def test_cli_writes_an_svg_picture(tmp_path):
    game = tmp_path / "game.yaml"
    game.write_text(_game("nordic-ticket-chain"), encoding="utf-8")
    out = tmp_path / "scored.svg"
    result = CliRunner().invoke(app, ["score", "ticket-to-ride", str(game), "--picture", str(out), "--lang", "pl"])
    assert result.exit_code == 0, result.output
    root = ET.fromstring(out.read_bytes())
    words = "".join(t.text or "" for t in root.iter() if t.tag.endswith("text") or t.tag.endswith("tspan"))
    assert "Wsiąść do Pociągu: Kraje Północy" in words and "Örebro" in words and "Globtroter" in words


def test_stations_and_their_borrowed_routes_are_drawn():
    example = Path(__file__).resolve().parents[3] / "content" / "examples" / "amberline" / "stations-game.yml"
    result = score_text(example.read_text(encoding="utf-8"), str(example), base=example.parent)
    (page,) = result.picture(lang="pl").pages
    (stations,) = _groups(page.items, "stations")
    placed = [s for p in result.games[0].players for s in p.stations if s.counted]
    borrowing = [s for s in placed if s.route]
    assert len(placed) == 5 and len(borrowing) == 5
    # a white casing and a dashed line in the owner's colour per borrowed route; a piece per station
    dashed = [i for i in stations.items if getattr(i, "style", None) is not None and i.style.dash]
    assert len(dashed) == len(borrowing)
    assert {i.style.stroke for i in dashed} == {p.colour for p in result.games[0].players if p.stations}
    assert len(stations.items) == 2 * len(borrowing) + 2 * len(placed)
    words = texts(page)
    assert "dworzec Skarn: Skarn - Tarnhold" in words and "dworce (użyte: 2)" in words


def _unkept(item):
    """``item`` with every group's ``keep`` off, rebuilt (new objects: nothing kept is reused)."""
    from dataclasses import replace

    if isinstance(item, Group):
        return replace(item, items=tuple(_unkept(i) for i in item.items), keep=False)
    return item


def test_train_pieces_are_made_once_and_draw_the_bytes_of_pieces_drawn_anew(monkeypatch):
    """A claim's train pieces are the very same kept objects in the next game drawn on the map
    (scored_board._PIECES); their SVG, made once by the writer and then reused — also when the
    writer's kept texts are bounded to a few entries and forgotten — is the SVG of the same
    picture drawn with nothing kept."""
    from dataclasses import replace

    from railprint.writers import render, svg

    first = score_text(_game("italy-francia-ticket"), "francia.yaml").picture(lang="en")
    again = score_text(_game("italy-francia-ticket"), "francia.yaml").picture(lang="en")
    (a,), (b,) = (list(_groups(doc.pages[0].items, "claimed")) for doc in (first, again))
    assert a.items and all(x is y and x.keep for x, y in zip(a.items, b.items))
    plain = replace(again, pages=tuple(replace(p, items=tuple(_unkept(i) for i in p.items)) for p in again.pages))
    expected = render(plain, "svg")
    assert render(first, "svg") == render(again, "svg") == expected
    from collections import OrderedDict

    monkeypatch.setattr(svg, "KEPT", 3)
    monkeypatch.setattr(svg, "KEPT_CHARS", 1000)
    for name in ("_kept_svg", "_kept_chars"):
        monkeypatch.setattr(svg, name, OrderedDict())
    monkeypatch.setattr(svg, "_kept_size", [0])
    assert render(again, "svg") == render(again, "svg") == expected
    assert len(svg._kept_svg) <= 3 and len(svg._kept_chars) <= 3
