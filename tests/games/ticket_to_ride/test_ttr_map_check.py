"""The light map check (maps._MAP) against the pydantic schema (map_spec.MapSpec): the same
fields, and on any data the light check accepts, the same map. What it does not accept goes to
pydantic, so a located error report is pydantic's (test_ttr_maps.py)."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from railprint.errors import ContentError
from railprint.games.ticket_to_ride import maps
from railprint.games.ticket_to_ride.map_spec import MapSpec
from railprint.loading import yamlio
from railprint.loading.resources import content_path

DATA = Path(__file__).resolve().parents[2] / "data" / "ticket_to_ride" / "maps"
MAP_FILES = [content_path("ticket-to-ride", "nordic.yaml"), content_path("ticket-to-ride", "italy.yaml"),
             DATA / "tiny.yaml", DATA / "stations.yaml"]


def _models(annotation: Any) -> list[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    found = []
    for arg in getattr(annotation, "__args__", ()) or ():
        found += _models(arg)
    for meta in getattr(annotation, "__metadata__", ()) or ():
        found += _models(getattr(meta, "json_schema_input_type", None))
    return list(dict.fromkeys(found))


def _light_models(check: Any) -> list[dict]:
    """The field tables of every _model inside a light checker (wrappers keep their parts)."""
    if hasattr(check, "fields"):
        return [check.fields]
    found = []
    for part in getattr(check, "parts", ()):
        found += _light_models(part)
    return found


def _same_fields(model: type[BaseModel], fields: dict, where: str) -> None:
    assert list(fields) == list(model.model_fields), f"{where}: fields differ"
    for name, info in model.model_fields.items():
        check, default = fields[name]
        if info.is_required():
            assert default is maps._REQUIRED, f"{where}.{name} is required"
        elif default is maps._EMPTY:
            assert isinstance(info.default, BaseModel) and info.default == type(info.default)(), f"{where}.{name}"
        else:
            assert default == info.default and default is not maps._REQUIRED, f"{where}.{name}: default"
        inner = [m for m in _models(info.annotation) if m.model_fields]
        light = _light_models(check)
        assert len(inner) == len(light), f"{where}.{name}: nested models differ"
        for sub in inner:
            match = [f for f in light if list(f) == list(sub.model_fields)]
            assert match, f"{where}.{name}: no light check for {sub.__name__}"
            _same_fields(sub, match[0], f"{where}.{name}")


def test_the_light_check_has_the_schemas_fields_defaults_and_nested_models():
    _same_fields(MapSpec, maps._MAP.fields, "MapSpec")


@pytest.mark.parametrize("path", MAP_FILES, ids=lambda p: p.name)
def test_every_shipped_and_test_map_passes_the_light_check_to_the_same_map(path):
    data = yamlio.load_file(path)
    light = maps._MAP(data)  # accepted: no _Reject
    full = maps.check_map(data, str(path), light=False)
    assert maps._build(light, str(path)) == maps._build(full, str(path))


@pytest.mark.parametrize("path", MAP_FILES, ids=lambda p: p.name)
def test_a_map_read_without_locations_is_the_map_read_with_them(path):
    plain = yamlio.loads(path.read_text(encoding="utf-8"), str(path), marked=False)
    assert type(plain) is dict and not hasattr(plain["cities"][0]["name"], "location")
    assert maps._valid_map(plain, str(path)) == maps.parse_map(yamlio.load_file(path), str(path))


def test_a_map_with_a_problem_is_read_again_with_locations(tmp_path):
    text = content_path("ticket-to-ride", "nordic.yaml").read_text(encoding="utf-8")
    path = tmp_path / "m.yaml"
    path.write_text(text.replace("colour: pink}", "colour: pinky}", 1), encoding="utf-8")
    assert maps._valid_map(yamlio.loads(path.read_text(encoding="utf-8"), str(path), marked=False), str(path)) is None
    with pytest.raises(ContentError, match=r"m\.yaml:\d+:\d+: route '[^']+': unknown colour 'pinky' \(did you mean"):
        maps.load_map_file(path)


# ---- mutations ------------------------------------------------------------------------------
ODD = [None, True, False, 0, 1, 2, -1, 11, 13, 3.0, 0.5, 1.5, -0.5, float("nan"), float("inf"), "", "x", "3",
       "none", "no", "off", "all", "n", "tickets_completed", "fewest_stations_used", "#abcdef", "#ABCDEF\n",
       "abc\n", "Abc", "a b", "1 long + 3 regular", "2 long + 1 long", [], {}, [0.5, 0.5], [0.5], ["a", "b"],
       ["oslo", "bergen"], {"points": 4}, {"long": 1, "regular": 2}, {"deal": 3}, {1: 2}, {"x": None}]


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return str(value) if isinstance(value, str) else value


def _nodes(value: Any, path: tuple = ()) -> list[tuple]:
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _nodes(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _nodes(v, (*path, i))
    return out


def _mutate(data: dict, rng: random.Random) -> dict:
    data = _plain(data)
    for _ in range(rng.choice((1, 1, 2))):
        path = rng.choice(_nodes(data)[1:])
        parent = data
        for part in path[:-1]:
            parent = parent[part]
        key, action = path[-1], rng.random()
        if action < 0.15 and isinstance(parent, dict):
            del parent[key]
        elif action < 0.25 and isinstance(parent, dict):
            parent[rng.choice(["colour", "extra", key + "s" if isinstance(key, str) else 99])] = rng.choice(ODD)
        else:
            parent[key] = _plain(rng.choice(ODD))
    return data


@pytest.mark.parametrize("seed", range(8))
def test_what_the_light_check_accepts_pydantic_accepts_as_the_same_map(seed):
    rng = random.Random(seed)
    base = [yamlio.load_file(path) for path in MAP_FILES]
    accepted = rejected = 0
    for _ in range(60):
        data = _mutate(rng.choice(base), rng)
        try:
            light = maps._MAP(data)
        except maps._Reject:
            light = None
        try:
            full = maps.check_map(data, "m.yaml", light=False)
        except ContentError:
            assert light is None, f"the light check accepted data pydantic refuses: {data}"
            rejected += 1
            continue
        if light is not None:
            accepted += 1
            try:
                expected = maps._build(full, "m.yaml")
            except Exception as exc:  # noqa: BLE001 - both paths must fail alike
                with pytest.raises(type(exc)):
                    maps._build(light, "m.yaml")
            else:
                assert maps._build(light, "m.yaml") == expected
    assert accepted and rejected  # both sides of the check were exercised


def test_scoring_on_a_valid_map_imports_no_pydantic(tmp_path):
    import subprocess

    game = tmp_path / "g.yaml"
    game.write_text("map: italy\nplayers:\n  - name: Ala\n    routes: ['Napoli - Roma [yellow]']\n", encoding="utf-8")
    code = ("import sys\nfrom railprint.games.ticket_to_ride import score_files\n"
            f"score_files([{str(game)!r}])\nprint('pydantic' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def test_control_characters_are_refused_in_printed_text_only(tmp_path):
    text = content_path("ticket-to-ride", "nordic.yaml").read_text(encoding="utf-8")
    path = tmp_path / "m.yaml"
    assert "colour: pink}" in text
    path.write_text(text.replace("colour: pink}", 'colour: pink, note: "be\\aep"}', 1), encoding="utf-8")
    assert maps.load_map_file(path).routes  # a route's note is for readers of the file, never printed
    path.write_text(text.replace("name: Oslo", 'name: "Os\\alo"', 1), encoding="utf-8")
    with pytest.raises(ContentError, match=r"m\.yaml:\d+:\d+: text 'Os\\x07lo' holds control character\(s\) '\\x07'"):
        maps.load_map_file(path)
