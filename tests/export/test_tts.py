"""Tabletop Simulator export: the saved object follows the save format (schema below, written
from Tabletop Simulator's documented save-file format), deck sheets hold the right faces in the
right cells, counts per card equal the deck's, tiles and boards become their objects."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from urllib.parse import unquote, urlparse

import jsonschema
import pytest
from PIL import Image

from railprint.model.resolve import load_deck
from railprint.units import to_mm
from tests.helpers import run_cli

MINI = Path(__file__).resolve().parents[1] / "data" / "content" / "mini"
SAND, SEA = (0xF2, 0xE3, 0xC6), (0x15, 0x65, 0xC0)

_TRANSFORM = {"type": "object", "required": ["posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ"],
              "properties": {k: {"type": "number"} for k in ("posX", "posY", "posZ", "rotX", "rotY", "rotZ",
                                                             "scaleX", "scaleY", "scaleZ")}}
_CUSTOM_DECK = {"type": "object", "minProperties": 1,
                "patternProperties": {"^[1-9][0-9]*$": {
                    "type": "object", "required": ["FaceURL", "BackURL", "NumWidth", "NumHeight", "BackIsHidden", "UniqueBack"],
                    "properties": {"FaceURL": {"type": "string", "minLength": 1}, "BackURL": {"type": "string", "minLength": 1},
                                   "NumWidth": {"type": "integer", "minimum": 2, "maximum": 10},
                                   "NumHeight": {"type": "integer", "minimum": 2, "maximum": 7},
                                   "BackIsHidden": {"type": "boolean"}, "UniqueBack": {"type": "boolean"},
                                   "Type": {"type": "integer", "enum": [0, 1, 2, 3, 4, 5]}}}},
                "additionalProperties": False}
_OBJECT = {"type": "object", "required": ["Name", "Transform", "Nickname", "GUID"],
           "properties": {"Name": {"enum": ["DeckCustom", "Card", "Custom_Tile", "Custom_Board", "Bag", "Die_6", "Custom_Dice"]},
                          "Transform": _TRANSFORM, "Nickname": {"type": "string"},
                          "GUID": {"type": "string", "pattern": "^[0-9a-f]{6}$"},
                          "CardID": {"type": "integer", "minimum": 100},
                          "DeckIDs": {"type": "array", "items": {"type": "integer", "minimum": 100}},
                          "CustomDeck": _CUSTOM_DECK,
                          "CustomImage": {"type": "object", "required": ["ImageURL", "ImageSecondaryURL", "ImageScalar"]},
                          "ContainedObjects": {"type": "array", "items": {"$ref": "#/$defs/object"}}},
           "allOf": [
               {"if": {"properties": {"Name": {"const": "DeckCustom"}}},
                "then": {"required": ["DeckIDs", "CustomDeck", "ContainedObjects"]}},
               {"if": {"properties": {"Name": {"const": "Card"}}}, "then": {"required": ["CardID", "CustomDeck"]}},
               {"if": {"properties": {"Name": {"enum": ["Custom_Tile", "Custom_Board"]}}},
                "then": {"required": ["CustomImage"]}},
               {"if": {"properties": {"Name": {"const": "Custom_Dice"}}},
                "then": {"required": ["CustomImage", "RotationValues"],
                         "properties": {"CustomImage": {"required": ["CustomDice"],
                                                        "properties": {"CustomDice": {"required": ["Type"]}}},
                                        "RotationValues": {"type": "array", "items": {
                                            "type": "object", "required": ["Value", "Rotation"],
                                            "properties": {"Value": {"type": ["string", "number"]},
                                                           "Rotation": {"type": "object", "required": ["x", "y", "z"]}}}}}}}]}
SAVE_SCHEMA = {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object",
               "required": ["SaveName", "ObjectStates"],
               "properties": {"ObjectStates": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/object"}}},
               "$defs": {"object": _OBJECT}}


def _load(path: Path) -> dict:
    data = json.loads(path.read_text(encoding="utf-8"))
    jsonschema.validate(data, SAVE_SCHEMA)
    return data


def _file(url: str) -> Path:
    return Path(unquote(urlparse(url).path))


def export_tts(tmp_path_factory, game: str, *options: str) -> Path:
    """The folder ``railprint export tts GAME OPTIONS -o FOLDER --quiet`` wrote (it must succeed)."""
    out = tmp_path_factory.mktemp("tts")
    result = run_cli("export", "tts", game, *options, "-o", str(out), "--quiet")
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="module")
def mini_export(tmp_path_factory):
    return export_tts(tmp_path_factory, "my-game", "--content", str(MINI))


def test_deck_is_a_deck_custom_with_the_decks_counts_and_names(mini_export):
    deck = _load(mini_export / "my-game" / "my-cards.json")["ObjectStates"][0]
    assert deck["Name"] == "DeckCustom" and deck["Nickname"] == "My cards"
    counts = Counter(card["Nickname"] for card in deck["ContainedObjects"])
    assert counts == {"Tromsø": 3, "Łódź": 2, "Gothenburg": 1}
    assert sorted(deck["DeckIDs"]) == sorted(card["CardID"] for card in deck["ContainedObjects"])
    assert Counter(deck["DeckIDs"]) == {100: 3, 101: 2, 102: 1}  # copies repeat one id
    assert list(deck["CustomDeck"]) == ["1"]


def test_deck_sheet_cells_hold_the_faces_and_the_last_cell_the_hidden_back(mini_export):
    deck = _load(mini_export / "my-game" / "my-cards.json")["ObjectStates"][0]
    sheet = deck["CustomDeck"]["1"]
    cols, rows = sheet["NumWidth"], sheet["NumHeight"]
    with Image.open(_file(sheet["FaceURL"])) as image:
        assert image.mode == "RGB" and max(image.size) <= 4096
        cw, ch = image.width // cols, image.height // rows
        assert (cw * cols, ch * rows) == image.size
        ratio = to_mm(load_deck(MINI / "cards.yaml", "en").height) / to_mm(load_deck(MINI / "cards.yaml", "en").width)
        assert abs(ch / cw - ratio) < 0.01
        for cell in range(3):  # three distinct faces, sand at 10 mm inside their corner
            x, y = (cell % cols) * cw, (cell // cols) * ch
            assert _close(image.getpixel((x + cw * 10 // 63, y + ch * 10 // 88)), SAND)
        last = cols * rows - 1
        assert _close(image.getpixel(((last % cols) * cw + cw * 10 // 63, (last // cols) * ch + ch * 10 // 88)), SEA)
    with Image.open(_file(sheet["BackURL"])) as back:
        assert _close(back.getpixel((5, 5)), SEA)


def _close(pixel, colour, tol=3):
    return max(abs(a - b) for a, b in zip(pixel, colour)) <= tol


def test_more_faces_than_a_sheet_holds_use_several_sheets(tmp_path):
    from railprint.export.tts import export_all
    from railprint.render import RenderOptions, discover_layers

    chosen = [f for f in discover_layers([]) if f.id == "station-master"]
    written, _ = export_all(chosen, RenderOptions(), tmp_path, dpi=100)
    deck = _load(tmp_path / "examples" / "station-master.json")["ObjectStates"][0]
    spec = load_deck(chosen[0].path, "en")
    assert len(deck["DeckIDs"]) == len(spec.cards) == 100
    assert len(deck["CustomDeck"]) >= 2
    for key, sheet in deck["CustomDeck"].items():
        ids = [i for i in deck["DeckIDs"] if i // 100 == int(key)]
        assert max(i % 100 for i in ids) < sheet["NumWidth"] * sheet["NumHeight"] - 1  # hidden cell kept free
        with Image.open(_file(sheet["FaceURL"])) as image:
            assert max(image.size) <= 4096
    for card in deck["ContainedObjects"]:
        assert list(card["CustomDeck"]) == [str(card["CardID"] // 100)]


def test_tiles_become_a_bag_of_custom_tiles_with_both_faces(tmp_path):
    from railprint.export.tts import export_all
    from railprint.render import RenderOptions, discover_layers

    chosen = [f for f in discover_layers([]) if f.id == "coal-tokens"]
    export_all(chosen, RenderOptions(), tmp_path, dpi=150)
    bag = _load(tmp_path / "days-of-steam" / "coal-tokens.json")["ObjectStates"][0]
    assert bag["Name"] == "Bag" and len(bag["ContainedObjects"]) == 20
    tile = bag["ContainedObjects"][0]
    assert tile["Name"] == "Custom_Tile"
    with Image.open(_file(tile["CustomImage"]["ImageURL"])) as image:
        assert image.size == (round(10 / 25.4 * 150), round(10 / 25.4 * 150))  # a 10 mm token, trimmed
    assert _file(tile["CustomImage"]["ImageSecondaryURL"]).is_file()


def test_url_base_replaces_local_paths_and_must_be_a_web_address(tmp_path):
    result = run_cli("export", "tts", "my-game", "--content", str(MINI), "-o", str(tmp_path), "--quiet",
                     "--url-base", "https://example.org/pnp/")
    assert result.exit_code == 0, result.output
    deck = _load(tmp_path / "my-game" / "my-cards.json")["ObjectStates"][0]
    assert deck["CustomDeck"]["1"]["FaceURL"] == "https://example.org/pnp/my-game/my-cards-tts/my-cards-faces-1.png"
    bad = run_cli("export", "tts", "my-game", "--content", str(MINI), "-o", str(tmp_path / "x"), "--url-base", "../up")
    assert bad.exit_code == 1 and "--url-base" in bad.output and not (tmp_path / "x").exists()


def test_export_is_byte_identical_run_to_run(tmp_path):
    for name in ("a", "b"):
        assert run_cli("export", "tts", "my-game", "--content", str(MINI), "-o", str(tmp_path / name),
                       "--quiet", "--url-base", "https://example.org").exit_code == 0
    files = sorted(p.relative_to(tmp_path / "a") for p in (tmp_path / "a").rglob("*") if p.is_file())
    assert files and all((tmp_path / "a" / f).read_bytes() == (tmp_path / "b" / f).read_bytes() for f in files)


def test_a_board_over_pages_becomes_one_custom_board_image(tmp_path):
    from railprint.export.tts import export_all
    from railprint.render import RenderOptions, discover_layers

    chosen = [f for f in discover_layers([]) if f.id == "lakeland-board"]
    export_all(chosen, RenderOptions(), tmp_path)
    board = _load(tmp_path / "ticket-to-ride" / "lakeland-board.json")["ObjectStates"][0]
    assert board["Name"] == "Custom_Board"
    with Image.open(_file(board["CustomImage"]["ImageURL"])) as image:
        assert max(image.size) <= 4096 and image.mode == "RGB"
        assert max(image.size) >= 4000  # the whole board, not a page of it


@pytest.mark.parametrize("game, ident", [("allers-trains", "scoring"), ("allers-trains", "scorepad"),
                                         ("ticket-to-ride", "italy-tickets"), ("ticket-to-ride", "train-cards")])
def test_every_face_on_a_deck_sheet_is_at_least_150_dpi(tmp_path, game, ident):
    """Landscape and large faces (the Allers scoring cards were 117 dpi) get
    fewer cells a sheet instead of being shrunk; measured on the saved images."""
    from railprint.export.tts import export_all
    from railprint.render import RenderOptions, discover_layers

    chosen = [f for f in discover_layers([]) if f.game == game and f.id == ident]
    export_all(chosen, RenderOptions(), tmp_path, dpi=300)
    deck = _load(tmp_path / game / f"{ident}.json")["ObjectStates"][0]
    spec = load_deck(chosen[0].path, "en") if chosen[0].component is None else None
    width_in = (spec.width if spec else None)
    for sheet in deck["CustomDeck"].values():
        with Image.open(_file(sheet["FaceURL"])) as image:
            assert max(image.size) <= 4096
            cell = (image.size[0] / sheet["NumWidth"], image.size[1] / sheet["NumHeight"])
        if width_in is not None:
            assert cell[0] / (width_in / 72) >= 149.5, (ident, cell)
            assert cell[1] / (spec.height / 72) >= 149.5, (ident, cell)
        else:   # the generated tickets: 44 × 68 mm
            assert cell[0] / (44 / 25.4) >= 149.5 and cell[1] / (68 / 25.4) >= 149.5
