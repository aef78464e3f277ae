"""An editor's schema (issue 34, item 8): one branch per kind and per layer type (oneOf with a
const), so a validator points at the real mistake; styles are checked like layers."""

from __future__ import annotations

import json

import jsonschema
import pytest
import yaml

from tests.helpers import cli_stdout

DECK = """\
kind: deck
id: d
game: d
title: {en: D}
size: poker
styles:
  title: {font: bold, size: 14, align: center, colour: '#000000'}
  badge: {size: 20mm, y: += 2mm}
templates:
  t:
    layers:
      - {type: text, text: '{name}', x: 50%, y: 10mm, use: title, size: '{12 if name|length > 9 else 14}'}
      - {type: icon, name: star, x: 5mm, y: 5mm, use: badge}
default_template: t
cards: {from: cards.csv, name_column: name, ignore_columns: [notes]}
"""


@pytest.fixture(scope="module")
def validator():
    return jsonschema.Draft202012Validator(json.loads(cli_stdout("schema")))


def test_every_new_key_validates(validator):
    assert list(validator.iter_errors(yaml.safe_load(DECK))) == []


@pytest.mark.parametrize("change, path", [
    (("align: center, colour", "align: middle, colour"), ["styles", "title", "align"]),
    (("badge: {size", "badge: {szie"), ["styles", "badge"]),
    (("x: 50%, y: 10mm", "x: 50%, y: 10"), ["templates", "t", "layers", 0]),   # the layer (its line)
    (("name: star, x: 5mm", "name: star, x: 5mm, font: bold"), ["templates", "t", "layers", 1]),
])
def test_the_editor_is_pointed_at_the_mistake(validator, change, path):
    data = yaml.safe_load(DECK.replace(*change))
    error = jsonschema.exceptions.best_match(validator.iter_errors(data))
    assert list(error.absolute_path)[:len(path)] == path, (list(error.absolute_path), error.message)
    assert len(list(error.absolute_path)) >= len(path)


def test_kinds_and_layers_are_discriminated_by_their_const(validator):
    schema = validator.schema
    assert all("if" in branch and "then" in branch for branch in schema["allOf"])
    layers = schema["$defs"]["Template"]["properties"]["layers"]["items"]
    assert "oneOf" in layers and layers["discriminator"]["propertyName"] == "type"
    assert schema["$defs"]["TextLayer"]["properties"]["type"]["const"] == "text"
