"""Validate loaded YAML against pydantic models and report every problem at its file:line:col.

Models are frozen with unknown keys forbidden. Pydantic's error locations are mapped back to
the YAML marks kept by :mod:`railprint.loading.yamlio`; a misspelt key gets the closest
allowed names as a suggestion.
"""

from __future__ import annotations

import math
import re
from typing import Annotated, Any, TypeVar

from pydantic import BaseModel, BeforeValidator, ConfigDict, ValidationError, WithJsonSchema

from railprint.errors import ContentError, Location, RailprintError, clip, did_you_mean, suggestion, you_meant
from railprint.errors import close_matches as close_names
from railprint.loading.yamlio import MarkedDict, MarkedList
from railprint.units import decimal_comma, parse_length

M = TypeVar("M", bound=BaseModel)


class Spec(BaseModel):
    """Base of every content model: frozen, unknown keys rejected."""

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)


MAX_LENGTH = 10_000 * 72 / 25.4
"""Longest length a content file may give (10 m, in points): larger is a typo, not a print."""


def _length(value: Any) -> Any:
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value == 0:
        return 0.0
    if isinstance(value, str):
        try:
            length = parse_length(value)
        except RailprintError as exc:
            raise ValueError(f"{exc.message}; {exc.hint}" if exc.hint else exc.message) from None
        if abs(length) > MAX_LENGTH:
            raise ValueError(f"{value.strip()} is longer than 10 m")
        return length
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if not math.isfinite(value):
            raise ValueError(f"expected a length such as '63mm', got {value}")
        raise ValueError(f"the length {value} has no unit: write e.g. '{value}mm'")
    raise ValueError(f"expected a length such as '63mm', got {value!r}")


LENGTH_PATTERN = r"^\s*-?\d+(\.\d+)?\s*(mm|cm|in|pt)\s*$"
Length = Annotated[float, BeforeValidator(_length),
                   WithJsonSchema({"anyOf": [{"type": "string", "pattern": LENGTH_PATTERN}, {"const": 0}],
                                   "description": "a length with a unit: 63mm, 2.5in, 12pt, 1.5cm"})]
"""A length written with a unit in YAML (``63mm``, ``2.5in``, ``12pt``), stored in points."""


def _untagged(data: Any, loc: tuple) -> tuple:
    """``loc`` without the tags pydantic puts after a discriminated union's position (a layer's
    ``(…, 3, 'text', 'font')`` is key ``font`` of item 3, whose ``type`` is ``text``)."""
    out, node = [], data
    for i, part in enumerate(loc):
        if isinstance(node, dict) and isinstance(part, str) and node.get("type") == part and out \
                and isinstance(out[-1], int):
            continue  # the union's tag, not a key
        if isinstance(node, dict) and isinstance(part, str) and part not in node and part[:1].isupper() \
                and i < len(loc) - 1:
            continue  # a plain union's branch (``size``'s ``Size``): no key either
        out.append(part)
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            node = None
    return tuple(out)


def _locate(data: Any, loc: tuple, fallback: Location) -> tuple[Location, Any]:
    """Walk ``loc`` through marked containers; return the deepest location and the parent."""
    where, node, parent = fallback, data, None
    for part in loc:
        if isinstance(node, MarkedDict) and part in node:
            where, parent, node = node.loc(part), node, node[part]
        elif isinstance(node, MarkedList) and isinstance(part, int) and part < len(node):
            where, parent, node = node.loc(part), node, node[part]
        elif isinstance(node, (MarkedDict, MarkedList)):
            where = node.location
            parent = node
            break
        else:
            break
    return where, parent


def _allowed_fields(model: type[BaseModel], loc: tuple) -> list[str]:
    """Field names of the sub-model at ``loc`` (best effort, for suggestions): dict keys are
    stepped over, a union's tag picks the member whose ``type`` it is."""
    current: Any = model
    annotation: Any = None
    for part in loc:
        if isinstance(part, int):
            continue
        fields = getattr(current, "model_fields", None)
        if fields and part in fields:
            annotation = fields[part].annotation
            current = _inner_model(annotation)
            if current is None:
                return []
            continue
        tagged = _member(annotation, part)
        if tagged is not None:
            current = tagged
    fields = getattr(current, "model_fields", None)
    return [f.alias or name for name, f in fields.items()] if fields else []


def _member(annotation: Any, tag: Any) -> Any:
    """The model inside ``annotation`` whose ``type`` field is the literal ``tag``."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        kind = annotation.model_fields.get("type")
        return annotation if kind is not None and tag in getattr(kind.annotation, "__args__", ()) else None
    for arg in getattr(annotation, "__args__", ()) or ():
        found = _member(arg, tag)
        if found is not None:
            return found
    return None


def _inner_model(annotation: Any) -> Any:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in getattr(annotation, "__args__", ()) or ():
        found = _inner_model(arg)
        if found is not None:
            return found
    return None


_TYPE_MISMATCH = frozenset({"string_type", "dict_type", "model_type", "model_attributes_type", "int_type",
                            "float_type", "list_type", "bool_type"})


_KINDS = {"string_type": "text", "dict_type": "a mapping", "model_type": "a mapping",
          "model_attributes_type": "a mapping", "int_type": "a whole number", "float_type": "a number",
          "list_type": "a list", "bool_type": "true or false"}
"""What a union branch's type mismatch asked for, in words."""


_PLAIN = {"int_parsing": "expected a whole number, got {got}", "int_from_float": "expected a whole number, got {got}",
          "float_parsing": "expected a number, got {got}", "greater_than": "must be greater than {gt:g}",
          "greater_than_equal": "must be {ge:g} or more", "less_than": "must be less than {lt:g}",
          "less_than_equal": "must be {le:g} or less"}
"""Pydantic's messages for plain numbers, in railprint's words (the bounds' input is in points
after a length's unit is read, so it is not echoed)."""

_PLAIN_PL = {"int_parsing": "tu ma być liczba całkowita, a jest {got}",
             "int_from_float": "tu ma być liczba całkowita, a jest {got}",
             "float_parsing": "tu ma być liczba, a jest {got}", "greater_than": "musi być większe niż {gt:g}",
             "greater_than_equal": "musi być {ge:g} lub więcej", "less_than": "musi być mniejsze niż {lt:g}",
             "less_than_equal": "musi być {le:g} lub mniej"}
"""The same in Polish (``score --lang pl``: a map file's problems)."""

_KINDS_PL = {"string_type": "tekst", "dict_type": "mapa", "model_type": "mapa", "model_attributes_type": "mapa",
             "int_type": "liczba całkowita", "float_type": "liczba", "list_type": "lista", "bool_type": "true albo false"}
_TYPE_PL = {"string_type": "tu ma być tekst", "dict_type": "tu ma być mapa", "model_type": "tu ma być mapa",
            "model_attributes_type": "tu ma być mapa", "int_type": "tu ma być liczba całkowita",
            "float_type": "tu ma być liczba", "list_type": "tu ma być lista", "bool_type": "tu ma być true albo false",
            "bool_parsing": "tu ma być true albo false", "string_too_short": "tekst jest za krótki",
            "string_too_long": "tekst jest za długi", "too_short": "za mało pozycji", "too_long": "za dużo pozycji"}
"""A value of the wrong kind, in Polish (the English is pydantic's own sentence)."""


_NOWHERE = object()


def _node_at(data: Any, path: tuple) -> Any:
    """The loaded YAML value at ``path`` (keys and indexes), or _NOWHERE when the data has none."""
    node = data
    for part in path:
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            return _NOWHERE
    return node


def _pruned(errors: list[dict], data: Any) -> list[dict]:
    """Pydantic's errors less the union branches that only say the value is not of their type
    when another branch of the same union read the value and found what is wrong inside it
    (``size: {width: 63000000mm}``: "longer than 10 m", not also "should be a valid string");
    and when every branch only says so (``size: 5``), ONE error saying what the value may be.
    A branch is a last ``loc`` part that is no key or index of the data (``str``, ``Size``)."""
    def branch(loc: tuple) -> bool:
        node = _node_at(data, loc[:-1])
        return node is not _NOWHERE and isinstance(loc[-1], str) and not (isinstance(node, dict) and loc[-1] in node)

    unions: dict[tuple, list[dict]] = {}
    for err in errors:
        if err["type"] in _TYPE_MISMATCH and err["loc"] and branch(tuple(err["loc"])):
            unions.setdefault(tuple(err["loc"])[:-1], []).append(err)
    merged: list[dict] = []
    for err in errors:
        at = tuple(err["loc"])[:-1]
        if len(unions.get(at, ())) < 2 or err not in unions[at]:
            merged.append(err)
        elif err is unions[at][0] and not any(o["loc"][:len(at)] == at and o not in unions[at] for o in errors):
            kinds = list(dict.fromkeys(_KINDS[o["type"]] for o in unions[at]))
            kinds_pl = list(dict.fromkeys(_KINDS_PL[o["type"]] for o in unions[at]))
            merged.append({"type": "union_type", "loc": at, "input": err.get("input"),
                           "msg": f"expected {' or '.join(kinds)}, got {clip(err.get('input'))}",
                           "pl": f"tu ma być {' albo '.join(kinds_pl)}, a jest {clip(err.get('input'))}"})
        elif any(o["loc"][:len(at)] == at and o not in unions[at] for o in errors):
            merged.append(err)
    errors = merged

    def deeper(err: dict, other: dict) -> bool:
        loc, their = tuple(err["loc"]), tuple(other["loc"])
        return other is not err and len(their) > len(loc) and their[:len(loc) - 1] == loc[:-1] \
            and their[len(loc) - 1] != loc[-1] and isinstance(their[len(loc) - 1], str)
    return [err for err in errors
            if not (err["type"] in _TYPE_MISMATCH and err["loc"] and branch(tuple(err["loc"]))
                    and any(deeper(err, o) for o in errors))]


SYNONYMS = {"src": "file", "source": "file", "image": "file", "path": "file", "picture": "file",
            "width": "w", "height": "h", "color": "colour", "font_size": "size", "fontsize": "size",
            "rotation": "rotate", "angle": "rotate", "background": "fill", "bg": "fill",
            "x": "cx", "y": "cy", "radius": "r"}   # Squib's circle: x, y, radius
"""Other tools' names for a key (Squib, nanDECK, SVG, CSS) -> railprint's, suggested when no
close spelling is: ``src:`` -> ``file:``, ``width:`` -> ``w:``; and the other way round where
railprint itself spells it out (a deck's ``size: {w: ...}`` -> ``width:``)."""


def _same_key(given: Any, name: str) -> bool:
    """Whether ``given`` is another name of the key ``name`` (:data:`SYNONYMS`, either way)."""
    given = str(given).lower()
    return SYNONYMS.get(given) == name or SYNONYMS.get(name) == given


def _given_as_synonym(data: Any, loc: tuple) -> bool:
    """Whether the mapping holding the missing key ``loc[-1]`` has it under another name."""
    node = _node_at(data, loc[:-1])
    return isinstance(node, dict) and any(_same_key(k, loc[-1]) for k in node)


def _not_a_name(key: Any) -> tuple[str, str]:
    """A mapping key that is no text as YAML writes it, and what it is: ``('1', 'a number')``."""
    if isinstance(key, bool):
        return str(key).lower(), "true/false"
    if isinstance(key, (int, float)):
        return clip(key), "a number"
    if key is None:
        return "null", "empty (null)"
    text = str(key)
    return (text if len(text) <= 40 else text[:39] + "…"), f"a {type(key).__name__}"


def validate(model: type[M], data: Any, filename: str, what: str = "", what_pl: str = "") -> M:
    """Build ``model`` from loaded YAML ``data``; raise one ContentError listing every problem
    (each said in Polish too where its words are known: ``score --lang pl``; ``what_pl``: the
    Polish of ``what``, the kind of file the heading names)."""
    fallback = getattr(data, "location", Location(filename, 1, 1))
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        problems = []
        for err in _pruned(exc.errors(), data):
            tagged = tuple(err["loc"])
            loc = _untagged(data, tagged)
            kind = err["type"]
            if kind == "extra_forbidden":
                key = loc[-1]
                where, _ = _locate(data, loc[:-1], fallback)
                node = _node_at(data, loc[:-1])
                if isinstance(node, MarkedDict):
                    where = node.key_loc(key)
                allowed = _allowed_fields(model, tagged[:-1])
                hint = suggestion(str(key), allowed) if allowed else None
                hint_pl = suggestion(str(key), allowed, "pl") if allowed else None
                ours = next((name for name in allowed if _same_key(key, name)), None)
                if ours and not (hint or "").startswith("did you"):
                    hint, hint_pl = f"railprint calls it {ours!r}", f"railprint nazywa go {ours!r}"
                if re.fullmatch(r"\d+\s*[a-z]*", str(key)) and isinstance(node, MarkedDict) and node[key] is None:
                    hint = "a decimal comma ends the value before it in a {...} mapping: write 4.5mm, not 4,5mm"
                    hint_pl = "przecinek dziesiętny kończy wartość przed nim w mapie {...}: pisz 4.5mm, nie 4,5mm"
                if key in ("tiles", "tokens") and len(tagged) == 1 and "cards" in allowed:
                    hint = "a tiles file lists its pieces under 'cards:', as a deck does"
                    hint_pl = "plik kafelków wymienia je pod 'cards:', jak talia"
                if key in ("faces", "templates", "cards") and len(tagged) == 1 and "pips" in allowed:
                    hint = "a kind: die is an ordinary pip die; a die of your own faces is a 'kind: deck' with 'die:' " \
                           "and six cards a die (docs/content-format.md, Dice)"
                    hint_pl = "kind: die to zwykła kostka z oczkami; kostka z własnymi ściankami to 'kind: deck' z " \
                              "'die:' i sześcioma kartami na kostkę"
                problems.append(RailprintError(f"unknown key {key!r}", where, hint=hint,
                                               pl=f"nieznany klucz {key!r}" + (f" ({hint_pl})" if hint_pl else "")))
                continue
            if kind == "invalid_key" or (loc and loc[-1] == "[key]" and not isinstance(err.get("input"), str)):
                # a key YAML read as a number, true/false or null (`1: x`): pydantic's "Keys should
                # be strings" / "[key]: Input should be a valid string", said at the key
                key = err.get("input")
                parent = _untagged(data, tagged[:-1] if kind == "invalid_key" else tagged[:-2])
                where, _ = _locate(data, parent, fallback)
                node = _node_at(data, parent)
                if isinstance(node, MarkedDict):
                    where = node.key_loc(key)
                path = ".".join(str(p) for p in parent if not isinstance(p, int)) or "file"
                shown, is_what = _not_a_name(key)
                is_what_pl = {"a number": "liczbą", "true/false": "wartością true/false",
                              "empty (null)": "pusty (null)"}.get(is_what, is_what)
                problems.append(RailprintError(f"{path}: the key {shown} is {is_what}, not a name", where,
                                               hint=f"put it in quotes if it is a name: '{shown}':",
                                               pl=f"{path}: klucz {shown} jest {is_what_pl}, nie nazwą "
                                                  f"(jeśli to nazwa, weź ją w cudzysłów: '{shown}':)"))
                continue
            where, _ = _locate(data, loc, fallback)
            path = ".".join(str(p) for p in loc if not isinstance(p, int)) or "file"
            msg = err["msg"]
            if msg.startswith("Value error, "):
                msg = msg[len("Value error, "):]
            hint = None
            msg_pl = err.get("pl") or _TYPE_PL.get(kind)
            if kind in _PLAIN:   # pydantic's wording ("Input should be a valid integer, unable to parse …")
                try:
                    msg = _PLAIN[kind].format(got=clip(err.get("input")), **err.get("ctx", {}))
                    msg_pl = _PLAIN_PL[kind].format(got=clip(err.get("input")), **err.get("ctx", {}))
                except (KeyError, TypeError, ValueError):   # a bound that is no number: pydantic's words
                    pass
                number = re.fullmatch(r"\s*(-?\d+(?:\.\d+)?)\s*pt\s*", str(err.get("input")))
                if kind == "float_parsing" and number:
                    hint = f"a size in points is a plain number: write {number.group(1)}"
                if kind == "float_parsing" and decimal_comma(err.get("input")):
                    hint = decimal_comma(err.get("input"))
            if kind == "missing":
                if _given_as_synonym(data, loc):   # `src:` for `file:`: its unknown key says it all
                    continue
                msg, msg_pl = "is required", "brak tego klucza, a jest wymagany"
            elif kind == "union_tag_not_found":   # a layer (or other tagged item) without its 'type'
                discriminator = err.get('ctx', {}).get('discriminator', 'type')
                msg, msg_pl = f"{discriminator} is required", f"brak klucza {discriminator}, a jest wymagany"
            elif kind == "union_tag_invalid":
                ctx = err.get("ctx", {})
                tags = [t.strip(" '") for t in str(ctx.get("expected_tags", "")).split(",")]
                msg = f"unknown type {ctx.get('tag')!r}"
                problems.append(RailprintError(f"{path}: {msg}", where, hint=suggestion(str(ctx.get("tag")), tags),
                                               pl=f"{path}: nieznany typ {ctx.get('tag')!r} "
                                                  f"({suggestion(str(ctx.get('tag')), tags, 'pl')})"))
                continue
            elif kind == "literal_error":   # pydantic's "Input should be 'left', 'centre' … or 'justify'"
                choices = [c.strip("'") for c in re.split(r", | or ", str(err.get("ctx", {}).get("expected", "")))]
                near = close_names(str(err.get("input")), choices)
                problems.append(RailprintError(f"{path}: unknown value {clip(err.get('input'))}", where,
                                               hint=did_you_mean(str(err.get("input")), choices)
                                               or "expected one of: " + ", ".join(choices),
                                               pl=f"{path}: nieznana wartość {clip(err.get('input'))} ("
                                                  + (you_meant(near, "pl") or "możliwe: " + ", ".join(choices)) + ")"))
                continue
            # a top-level key's description says what it is (a missing one too: `map:` of a board)
            field = model.model_fields.get(loc[0]) if kind in ("union_type", "missing") and len(loc) == 1 else None
            hint = field.description if field else hint
            # a message of the model's own validators (English only) stays English
            pl = f"{path}: {msg_pl}" + (f" ({hint})" if hint else "") if msg_pl else None
            problems.append(RailprintError(f"{path}: {msg}", where, hint=hint, pl=pl))
        problems.sort(key=lambda p: (p.location.line or 0, p.location.col or 0) if p.location else (0, 0))
        title = f"{len(problems)} problem(s) in {filename}" + (f" ({what})" if what else "")
        error = ContentError(title, Location(filename), problems=problems)
        error.title = filename + (f" ({what_pl or what})" if what else "")   # said_in's Polish heading
        raise error from None
