"""Content layers: --content adds to the built-in content; maps by id; a map alone prints."""

from __future__ import annotations

import shutil
from pathlib import Path

import pdfplumber
import pytest

from railprint.errors import RailprintError
from railprint.games.ticket_to_ride.maps import load_map
from railprint.loading.resources import content_path, use_content
from railprint.render import RenderOptions, discover_layers, render_all, select
from tests.helpers import run_cli

LAKELAND = content_path("examples", "lakeland")


def user_map(folder: Path, ident: str = "usa") -> Path:
    """A folder holding only a map file (the Lakeland example under another id)."""
    folder.mkdir(parents=True, exist_ok=True)
    text = (LAKELAND / "lakeland.yaml").read_text(encoding="utf-8")
    path = folder / f"{ident}.yaml"
    path.write_text(text.replace("id: lakeland", f"id: {ident}").replace("aliases: [lakeland express, pojezierze]",
                                                                         "aliases: []"), encoding="utf-8")
    return path


def test_a_map_alone_prints_board_tickets_and_score_pad(tmp_path):
    user_map(tmp_path / "mine")
    files = discover_layers([tmp_path / "mine"])
    mine = [f for f in select(files, "ticket-to-ride") if f.id.startswith("usa")]
    assert sorted(f.id for f in mine) == ["usa-board", "usa-scorepad", "usa-tickets", "usa-trains"]
    assert any(f.id == "nordic-tickets" for f in files)               # the built-in content is still there
    written = render_all(mine, RenderOptions(), tmp_path / "out", "pdf")
    by_name = {p.stem: p for p in written}
    with pdfplumber.open(by_name["usa-tickets"]) as pdf:
        text = "".join(page.extract_text() for page in pdf.pages)
        assert len(pdf.pages) == 2                                    # 10 tickets, fronts and backs
    for city in ("Harbourton", "Fairhaven", "Stonebridge", "Ironford"):
        assert city in text
    assert "13" in text and "Destination tickets — Lakeland Express" in text
    with pdfplumber.open(by_name["usa-scorepad"]) as pdf:
        assert "Lakeland Express" in pdf.pages[0].extract_text()
    with pdfplumber.open(by_name["usa-board"]) as pdf:
        # the assembly map comes first and is the whole board's overview: every city is on it
        assert len(pdf.pages) > 4 and "Northgate" in pdf.pages[0].extract_text(y_tolerance=1)


def test_a_file_with_the_generated_id_overrides_it_and_list_says_what_replaces_what(tmp_path):
    user_map(tmp_path / "mine")
    deck = content_path("ticket-to-ride", "train-cards.yaml").read_text(encoding="utf-8")
    (tmp_path / "mine" / "cards.yaml").write_text(deck.replace("revision: 1", "revision: 2", 1), encoding="utf-8")
    (tmp_path / "mine" / "pad.yaml").write_text(
        "kind: scorepad\nid: usa-scorepad\ngame: ticket-to-ride\ntitle: {en: Mine}\nmap: usa\ngames_per_page: 2\n",
        encoding="utf-8")
    files = discover_layers([tmp_path / "mine"])
    ids = [f.id for f in files if f.id.startswith("usa")]
    assert sorted(ids) == ["usa", "usa-board", "usa-scorepad", "usa-tickets", "usa-trains"]
    assert next(f for f in files if f.id == "usa-scorepad").path.name == "pad.yaml"
    cards = [f for f in files if f.id == "train-cards"]
    assert len(cards) == 1 and cards[0].path.name == "cards.yaml" and cards[0].replaces.name == "train-cards.yaml"
    result = run_cli("list", "--content", str(tmp_path / "mine"))
    assert result.exit_code == 0, result.output
    assert "replaces the built-in train-cards.yaml" in result.stdout
    assert "generated from usa.yaml" in result.stdout and "nordic-tickets" in result.stdout


def test_maps_are_found_by_id_in_the_content_layers_and_the_game_file_folder(tmp_path):
    user_map(tmp_path / "maps")
    with pytest.raises(RailprintError) as caught:
        load_map("usa")
    assert "--content" in str(caught.value.hint)
    use_content([tmp_path / "maps"])
    assert load_map("usa").id == "usa"
    use_content([])
    assert load_map("usa", base=tmp_path / "maps").id == "usa"      # the game file's own folder


def test_a_user_map_with_a_built_in_id_replaces_it(tmp_path):
    user_map(tmp_path / "maps", "nordic")
    assert load_map("nordic").title() == "Ticket to Ride: Nordic Countries"
    use_content([tmp_path / "maps"])
    assert load_map("nordic").title() == "Lakeland Express"


def test_score_a_game_by_the_map_id(tmp_path):
    game = (LAKELAND / "evening-game.yml").read_text(encoding="utf-8")
    result = run_cli("score", "ticket-to-ride", str(LAKELAND / "evening-game.yml"), "--json")
    assert result.exit_code == 0, result.output
    assert '"total": 37' in result.stdout and '"total": 26' in result.stdout
    elsewhere = tmp_path / "games"
    elsewhere.mkdir()
    (elsewhere / "g.yaml").write_text(game.replace("map: lakeland", "map: usa"), encoding="utf-8")
    result = run_cli("score", "ticket-to-ride", str(elsewhere / "g.yaml"))
    assert result.exit_code == 1 and "unknown map 'usa'" in result.output
    user_map(tmp_path / "maps")
    result = run_cli("score", "ticket-to-ride", str(elsewhere / "g.yaml"), "--content", str(tmp_path / "maps"))
    assert result.exit_code == 0, result.output
    assert "Ala: 37 points" in result.stdout


def test_render_adds_user_content_to_the_built_in_one(tmp_path):
    shutil.copytree(Path(__file__).parents[1] / "data" / "content" / "mini", tmp_path / "mini")
    for game in ("my-game", "examples"):                          # a user game, and a built-in one
        result = run_cli("render", game, "--content", str(tmp_path / "mini"), "-o", str(tmp_path / "out"), "-q")
        assert result.exit_code == 0, result.output
    assert {p.parent.name for p in (tmp_path / "out").rglob("*.pdf")} == {"my-game", "examples"}
