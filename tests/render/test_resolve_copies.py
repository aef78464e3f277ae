"""Resolution copies a layer with ``resolve._copied`` instead of pydantic's ``model_copy`` (a
third of its cost): the copy must be what ``model_copy(update=…)`` gives — values, the fields
counted as set, equality and hash — for every kind of layer the shipped decks hold."""

from __future__ import annotations

import pytest

from railprint.loading.resources import content_root
from railprint.loading.schema import validate
from railprint.loading.yamlio import load_file
from railprint.model import deck as deck_model
from railprint.model.resolve import _copied, _with_styles
from railprint.errors import Problems


def _shipped_layers():
    layers = []
    for path in sorted(content_root().rglob("*.yaml")):
        data = load_file(path)
        if not isinstance(data, dict) or data.get("kind") not in ("deck", "tiles") or isinstance(data.get("cards"), dict):
            continue
        spec = validate(deck_model.DeckSpec, _with_styles(data, Problems(), path.parent), str(path))
        layers += [layer for template in spec.templates.values() for layer in template.layers]
    # one layer of each kind and set of keys given
    return list({(type(layer), frozenset(layer.__pydantic_fields_set__)): layer for layer in layers}.values())


LAYERS = _shipped_layers()


def test_the_shipped_decks_hold_every_kind_of_layer_but_polygons_and_lines():
    kinds = {type(layer) for layer in LAYERS}
    assert kinds >= {deck_model.RectLayer, deck_model.CircleLayer, deck_model.TextLayer, deck_model.IconLayer,
                     deck_model.MinimapLayer, deck_model.TrackLayer}


def _changes(layer):
    """Each field set to another value of its own (as resolution does), one field and all at once."""
    out = []
    for name, value in layer.__dict__.items():
        other = {str: value + "x" if isinstance(value, str) else value, float: 1.5, int: 2, bool: not value,
                 type(None): "#123456", list: [], tuple: ()}.get(type(value), value)
        out.append({name: other})
    out.append({name: value for change in out for name, value in change.items()})
    return out


@pytest.mark.parametrize("layer", LAYERS + [deck_model.LineLayer(type="line", x1="1mm", y1=0, x2="2mm", y2=0),
                                            deck_model.PolygonLayer(type="polygon", points=[("1mm", 0), (0, "1mm")])],
                         ids=lambda layer: type(layer).__name__)
def test_copied_is_model_copy(layer):
    for changes in _changes(layer):
        fast, slow = _copied(layer, changes), layer.model_copy(update=changes)
        assert type(fast) is type(slow)
        assert fast.__dict__ == slow.__dict__
        assert fast.__pydantic_fields_set__ == slow.__pydantic_fields_set__
        assert fast.__pydantic_extra__ == slow.__pydantic_extra__
        assert fast.__pydantic_private__ == slow.__pydantic_private__
        assert fast == slow
        try:
            assert hash(fast) == hash(slow)
        except TypeError:   # a layer holding a list is unhashable both ways
            with pytest.raises(TypeError):
                hash(slow)
        assert layer.__dict__ != fast.__dict__ or not any(layer.__dict__[k] != v for k, v in changes.items())


@pytest.mark.parametrize("name", ["italy-tickets.yaml", "nordic-tickets.yaml"])
def test_a_minimap_geometry_is_what_validating_it_gives(name):
    """Resolution builds a minimap's geometry without validating it again (model_construct): it
    must equal the validated model, field for field, with plain floats and tuples."""
    from railprint.model.resolve import load_deck

    deck = load_deck(content_root() / "ticket-to-ride" / name)
    found = [layer for card in deck.cards for layer in card.front.layers
             if type(layer) is deck_model.MinimapGeometry]
    assert len(found) == len(deck.cards)
    for geometry in found:
        checked = deck_model.MinimapGeometry.model_validate(geometry.model_dump())
        assert checked == geometry and checked.__pydantic_fields_set__ == geometry.__pydantic_fields_set__
        for field in ("x", "y", "w", "h"):
            assert type(getattr(geometry, field)) is float
        points = [*geometry.dots, *geometry.segments, *geometry.marks]
        assert points and all(type(p) is tuple and all(type(v) is float for v in p) for p in points)
        assert type(geometry.dots) is tuple and type(geometry.segments) is tuple


@pytest.mark.parametrize("cls", [deck_model.ResolvedFace, deck_model.ResolvedCard, deck_model.MinimapGeometry])
def test_constructed_is_model_construct(cls):
    """``resolve._constructed`` skips pydantic's general construction: it holds only for a model
    that is frozen, refuses extra keys, has no aliases, private attributes or post-init."""
    from railprint.model.resolve import _constructed

    assert cls.model_config["extra"] == "forbid" and cls.model_config["frozen"]
    assert not cls.__pydantic_post_init__ and not cls.__private_attributes__
    assert all(f.alias is None and f.validation_alias is None for f in cls.model_fields.values())


def test_resolved_models_are_what_model_construct_makes():
    """Every face, card and minimap of a resolved deck: the same fields, in the same order, the
    same fields counted as set, as ``model_construct`` builds from its values."""
    from railprint.model.resolve import load_deck

    seen = 0
    for name in ("ticket-to-ride/italy-tickets.yaml", "examples/station-master/station-master.yaml"):
        deck = load_deck(content_root() / name)
        for card in deck.cards:
            models = [card, card.front, *(card.front.layers), *((card.back, *card.back.layers) if card.back else ())]
            for model in models:
                if type(model) not in (deck_model.ResolvedCard, deck_model.ResolvedFace, deck_model.MinimapGeometry):
                    continue
                built = type(model).model_construct(**model.__dict__)
                assert list(model.__dict__.items()) == list(built.__dict__.items())
                assert model.__pydantic_fields_set__ == built.__pydantic_fields_set__
                assert (model.__pydantic_extra__, model.__pydantic_private__) == (None, None)
                assert model == built and hash(model) == hash(built)
                seen += 1
    assert seen > 300
