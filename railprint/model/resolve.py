"""Deck and tile-set files -> :class:`~railprint.model.deck.ResolvedDeck` (load and resolve).

Resolution happens once, here: templates (with ``extends`` chains, cycles refused), ``count``
copies, ``{variable}`` placeholders, ``{en:, pl:}`` labels for the chosen language, palette
colours, minimap geometry and a glyph check of every string. Every problem in a file is
collected and reported together, each at its ``file:line:col``.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Collection
from functools import lru_cache
from pathlib import Path
from typing import Any

from railprint.errors import (ContentError, Location, Problems, RailprintError, close_matches, did_you_mean,
                              file_version, name_key, suggestion)
from railprint.model.fontbook import FontBook, face_label, label
from railprint.text.faces import face_name, face_of_key, fit_width, nearest, primary
from railprint.text.installed import describe as described
from railprint.text.fonts import load_font_file, register_face
from railprint.loading.schema import validate
from railprint.loading.paths import referenced
from railprint.loading.tables import card_entries, load_table
from railprint.loading.yamlio import MarkedDict, MarkedList, load_file, location_of
from railprint.model import expressions, images, richtext, svgart
from railprint.model.icons import icons_near
from railprint.model.nearby import kind_files
from railprint.model.deck import (COMPUTABLE, ICONS, MAX_COMPONENTS, MAX_LAYERS_DRAWN, SIZES, DeckSpec, IconLayer, ImageLayer, ImagePlacement,
                                  GridLayer, MinimapGeometry, MinimapLayer, RectLayer, ResolvedCard, ResolvedDeck, ResolvedFace,
                                  StylesSpec, TextLayer, VectorPlacement, computable, computed_value)
from railprint.units import mm, to_mm

HEX = re.compile(r"^#[0-9a-fA-F]{6}$")
MIN_TEXT_SIZE = 4.0  # pt: below this a shrunk label is unreadable -> an overflow error
COLOUR_FIELDS = ("fill", "stroke", "colour", "background", "land", "bed", "sleepers")
NAMED = {"white": "#ffffff", "black": "#000000", "none": None, "grey": "#808080", "gray": "#808080"}
SPELLINGS = {"color": "colour"}
"""Layer keys in American spelling -> the key railprint reads (Squib and nanDECK users type them)."""


def _palette_colour(key: str, palette: dict) -> str | None:
    """A palette name (``gray`` finds a palette's ``grey`` and the other way round), a named
    colour, or None."""
    found = palette.get(key)
    if found is None and ("gray" in key or "grey" in key):
        found = palette.get(key.replace("gray", "§").replace("grey", "gray").replace("§", "grey"))
    return found if found is not None else NAMED.get(key.lower(), _ABSENT_COLOUR)


_ABSENT_COLOUR = "absent"


def _loc(container: Any, key: Any, fallback: Location) -> Location:
    if isinstance(container, (MarkedDict, MarkedList)):
        return container.loc(key)
    return fallback


def template_names(name: str, spec: DeckSpec, data: Any, problems: Problems, where: Location) -> list[str]:
    """The templates a face is drawn from, base first (``name`` and what it ``extends``); a cycle
    or an unknown name is a problem and gives no templates."""
    seen: list[str] = []
    current: str | None = name
    while current is not None:
        if current in seen:
            problems.add("templates extend each other in a cycle: " + " -> ".join(seen + [current]),
                         where, "remove one 'extends:'")
            return []
        if current not in spec.templates:
            problems.add(f"unknown template {current!r}", where, suggestion(current, spec.templates))
            return []
        seen.append(current)
        current = spec.templates[current].extends
        if current is not None:
            tdata = data.get("templates", {}).get(seen[-1], {}) if isinstance(data, dict) else {}
            where = _loc(tdata, "extends", where)
    return list(reversed(seen))


def _template_chain(name: str, spec: DeckSpec, data: Any, problems: Problems, where: Location) -> list:
    return [layer for _, _, layer in chain_layers(template_names(name, spec, data, problems, where), spec)]


def chain_layers(names: list[str], spec: DeckSpec) -> list[tuple[str, int, Any]]:
    """The layers of the templates ``names`` (base first) as a face draws them: (template, index,
    layer); a layer whose ``id`` an earlier template's layer has takes that layer's place."""
    out: list[tuple[str, int, Any]] = []
    place: dict[str, int] = {}
    for name in names:
        for index, layer in enumerate(spec.templates[name].layers):
            if layer.id is not None and layer.id in place:
                out[place[layer.id]] = (name, index, layer)
                continue
            if layer.id is not None:
                place[layer.id] = len(out)
            out.append((name, index, layer))
    return out


def _label(value: Any, lang: str) -> Any:
    """A ``{en: …, pl: …}`` label in ``lang`` (English, then any, as fallbacks); other values as they are."""
    if isinstance(value, dict):
        return value.get(lang, value.get("en", next(iter(value.values()), "")))
    return value


class _Vars(dict):
    def __init__(self, values: dict, lang: str):
        super().__init__(values)
        for key, value in values.items():   # only a {en: …, pl: …} label changes (no call per value)
            if isinstance(value, dict):
                dict.__setitem__(self, key, _label(value, lang))
        self.missing: list[str] = []
        # unusable expressions: (message, hint, the names it read: None when the expression itself
        # is wrong — a template mistake — else a data mistake at those names' cells)
        self.bad: list[tuple[str, str | None, tuple | None]] = []
        self.faults: list[tuple[Any, Any]] = []  # (a missing name or a bad item, the template layer)
        self.used: list[str] = []  # names looked up (since the caller last cleared it)
        self.seen: set[str] = set()  # every name looked up

    def __getitem__(self, key: str) -> Any:
        self.used.append(key)
        self.seen.add(key)
        return super().__getitem__(key)

    def __missing__(self, key: str) -> str:
        self.missing.append(key)
        return "{" + key + "}"


# ``{name}`` is replaced by the variable's value, ``{{``/``}}`` by a brace; nothing else is
# interpreted (no attribute access, indexing or format specs: ``{name.x}`` is an error).
_PLACEHOLDER = re.compile(r"\{\{|\}\}|\{([^{}]*)\}")
_VAR_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def _braced(text: str) -> bool:
    """Could ``text`` hold a placeholder (or an escaped brace)? Text without is used as it is."""
    return "{" in text or "}" in text


def _substitute(value: Any, variables: _Vars, lang: str) -> Any:
    value = _label(value, lang)
    if not isinstance(value, str) or not _braced(value):
        return value

    def one(match: re.Match) -> str:
        token = match.group(0)
        if token in ("{{", "}}"):
            return token[0]
        name = match.group(1)
        if not _VAR_NAME.match(name):
            found = _evaluated(name, variables)
            return token if found is _ABSENT else expressions.as_text(found)
        return str(variables[name])

    return _PLACEHOLDER.sub(one, value)


def _evaluated(source: str, variables: _Vars) -> Any:
    """The value of the expression ``source`` (a placeholder that is not a plain name) for the
    card's variables; ``_ABSENT`` when it is not usable (the problem noted in ``variables``)."""
    try:
        expression = expressions.compiled(source)
    except expressions.ExpressionError as exc:
        variables.bad.append((exc.message, exc.hint, None))
        return _ABSENT
    missing = len(variables.missing)
    values = {name: variables[name] for name in expression.names}
    if len(variables.missing) > missing:
        return _ABSENT
    try:
        return expression.value(values)
    except expressions.ExpressionError as exc:
        variables.bad.append((exc.message, exc.hint, expression.names))
        return _ABSENT


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value) if math.isfinite(value) else None


def _places(data: dict, where: Location) -> list[tuple[Any, Any]]:
    """(place mapping, its area or None) for every city and area endpoint of a map file."""
    found: list[tuple[Any, Any]] = []
    cities = data.get("cities")
    if not isinstance(cities, list):
        raise ContentError("'cities:' must be a list of places", _loc(data, "cities", where))
    found += [(place, None) for place in cities]
    areas = data.get("areas") or []
    for index, area in enumerate(areas if isinstance(areas, list) else [areas]):
        if not isinstance(area, dict) or not isinstance(area.get("endpoints") or [], list):
            raise ContentError("each area must be a mapping with an 'endpoints:' list", _loc(areas, index, where))
        found += [(end, area) for end in area.get("endpoints") or []]
    return found


@lru_cache(maxsize=16)
def _map_points(path: str, version: tuple[int, int]) -> tuple[float, dict[str, tuple[float, float]], tuple]:
    """(aspect, name -> (x, y) fractions, route segments as id pairs) of a map content file,
    remembered per file version (:func:`~railprint.errors.file_version`): a map edited during
    ``watch`` or ``serve`` is read again, and an old version ages out of the bounded memo."""
    data = load_file(path)
    where = Location(path)
    if not isinstance(data, dict) or "cities" not in data:
        raise ContentError("a minimap needs a map file with 'cities:' (each with 'at: [x, y]')", where)
    board = data.get("board") or {}
    aspect = _number(board.get("aspect", 1.0)) if isinstance(board, dict) else None
    if aspect is None or aspect <= 0:
        raise ContentError("board.aspect must be a positive number", _loc(data, "board", where))
    points: dict[str, tuple[float, float]] = {}
    ids: dict[str, tuple[float, float]] = {}
    for place, area in _places(data, where):
        if not isinstance(place, dict):
            raise ContentError("each place must be a mapping with 'at: [x, y]'", location_of(place, where))
        at = place.get("at")
        xy = tuple(_number(v) for v in at) if isinstance(at, list) and len(at) == 2 else (None,)
        if None in xy:
            raise ContentError("each place needs 'at: [x, y]' with two finite numbers", _loc(place, "at", where))
        ids[str(place.get("id", place.get("name")))] = xy
        for name in [place.get("id"), place.get("name"), *(place.get("aliases") or [])]:
            if name:
                points[name_key(name)] = xy
        if area is not None:
            for name in [area.get("id"), area.get("name"), *(area.get("aliases") or [])]:
                if name:
                    points.setdefault(name_key(name), xy)
    segments = []
    for route in data.get("routes") or []:
        between = route.get("between") if isinstance(route, dict) else None
        a, b = (list(between) + [None, None])[:2] if isinstance(between, list) else (None, None)
        if isinstance(a, str) and isinstance(b, str) and a in ids and b in ids:
            segments.append((ids[a], ids[b]))
    return aspect, points, tuple(segments)


def _minimap(layer: MinimapLayer, base: Path, problems: Problems, where: Location) -> MinimapGeometry | None:
    try:
        path = referenced(base, layer.map, where)
        version = file_version(path, "minimap map file")   # also: missing, or not a regular file
        points, place, dots, segs = _placed_map(str(path), version, layer.x, layer.y, layer.w, layer.h)
    except ContentError as exc:
        problems.items.extend(exc.problems or [exc])
        return None
    except RailprintError as exc:   # from file_version: no location of its own
        problems.add(exc.message, where, exc.hint)
        return None
    marks = []
    for name in layer.mark:
        xy = points.get(name_key(name))
        if xy is None:
            problems.add(f"minimap: unknown place {name!r}", where,
                         suggestion(name, sorted({k for k in points})))
            continue
        marks.append(place(xy))
    # built from the checked layer and the map's checked numbers: validating its hundreds of
    # points again cost ~4x the construction, for each ticket (tests/render/test_resolve_copies.py)
    return _constructed(MinimapGeometry, {"type": "minimap_geometry", "x": layer.x, "y": layer.y, "w": layer.w,
                                          "h": layer.h, "dots": dots, "segments": segs, "marks": tuple(marks),
                                          "colour": layer.colour, "land": layer.land})


@lru_cache(maxsize=64)
def _placed_map(path: str, version: tuple[int, int], x: float, y: float, w: float, h: float
                ) -> tuple[dict, Any, tuple, tuple]:
    """A map file (at one version) in a minimap's box: (name -> point, the placing function,
    every place's dot, the routes), worked out once for all the tickets of a map."""
    aspect, points, segments = _map_points(path, version)
    # fit the map's frame (aspect = w/h) into the layer box, centred
    if w / h > aspect:
        fw, fh = h * aspect, h
    else:
        fw, fh = w, w / aspect
    ox, oy = x + (w - fw) / 2, y + (h - fh) / 2

    def place(xy: tuple[float, float]) -> tuple[float, float]:
        return (ox + xy[0] * fw, oy + xy[1] * fh)

    dots = tuple(sorted({place(xy) for xy in points.values()}))
    return points, place, dots, tuple((*place(a), *place(b)) for a, b in segments)


def icon_hint(name: str, icons: Collection[str]) -> str:
    """The closest icon names, or where to see them all."""
    close = close_matches(name, icons)
    if close:
        return "did you mean " + " or ".join(repr(m) for m in close) + "?"
    return f"none of the {len(icons)} known icons is close; 'railprint icons' lists and draws them all"


def _controls(text: str, allowed: str = "") -> str:
    """The control characters in ``text`` (other than ``allowed``), as escapes."""
    if text.isprintable():   # no control character at all (the usual text): nothing to list
        return ""
    found = sorted({ch for ch in text if unicodedata.category(ch) == "Cc" and ch not in allowed})
    return ", ".join(repr(ch) for ch in found)


def _warn_tags(text: str, where: Location, what: str, warned: set | None, hint: str) -> None:
    """Warn once per (place, tag) about markup-like text that is printed as it is."""
    for tag in dict.fromkeys(richtext.tag_like(text)):
        if warned is None or (where, tag) not in warned:
            if warned is not None:
                warned.add((where, tag))
            images.log.warning(f"Warning: {where}: {what}: {tag!r} is printed as it is ({hint})")


def _text_box(layer: TextLayer, icons: Collection[str], problems: Problems, where: Location,
              what: str, palette: dict | None = None, warned: set | None = None,
              fonts: dict | None = None) -> TextLayer:
    """Check a text box (markup, icons, glyphs, control characters, fit) and return it."""
    before = len(problems.items)
    text = str(layer.text).replace("\r\n", "\n")
    if text != layer.text:
        layer = _copied(layer, {"text": text})
    controls = _controls(text, "\n")
    if controls:
        problems.add(f"{what}: control character(s) {controls} in {_short(text)!r}", where,
                     "only line breaks may be in a text box")
        return layer
    palette = palette or {}
    fonts = fonts or {}
    runs = {}
    for colour in richtext.colours(text, layer.font, layer.size):
        key = colour.strip()
        found = _palette_colour(key, palette)
        runs[colour] = (found if found is not _ABSENT_COLOUR else None) or (key if HEX.match(key) else None)
        if runs[colour] is None:
            problems.add(f"{what}: run colour {colour!r} is not a colour in {_short(text)!r}", where,
                         "use #rrggbb" + (" or a palette name: " + suggestion(key, palette) if palette else ""))
    book = fonts if isinstance(fonts, FontBook) else FontBook(fonts)
    tagged = {}
    for family in richtext.families(text, layer.font, layer.size):
        chain, problem, hint, usable = book.chain(family)
        tagged[family] = chain or "|"   # (the built-in family alone: written "|" in the tag)
        if not usable:
            problems.add(f"{what}: the font family {family!r} cannot be used (see its files' problems)", where)
        elif problem:
            problems.add(f"{what}: {problem} in {_short(text)!r}", where, hint)
    # (without a '[' there is no [colour=…]/[font=…] tag to rewrite)
    new = text if len(problems.items) > before or "[" not in text else richtext.rewrite(text, runs, tagged)
    if new != text:
        text = new
        layer = _copied(layer, {"text": text})
    _, trouble = richtext.parse(text, layer.font, layer.size)
    for message in trouble:
        problems.add(f"{what}: {message} in {_short(text)!r}", where)
    _warn_tags(text, where, what, warned, "railprint's markup is **bold**, *italic*, [colour=red]…[/], [size=8]…[/]")
    for name in richtext.icon_names(text, layer.font, layer.size):
        if name not in icons:
            problems.add(f"{what}: unknown inline icon ':{name}:'", where, icon_hint(name, icons))
    by_font: dict[tuple, str] = {}
    for run in richtext.runs(text, layer.font, layer.size, layer.family, itemised=False):
        by_font[run.family, run.face] = by_font.get((run.family, run.face), "") + run.text
    for (family, face), chars in by_font.items():
        if family is not None and "@" not in family:
            continue  # a [font=…] naming no family: reported above
        first = primary(family)
        if nearest(first, face) is None:
            problems.add(f"{what}: the font family {label(first)!r} has no {face} face "
                         f"(used by {_short(text)!r})", where, f"add 'fonts: {{…: {{{face}: FILE}}}}' or drop the markup")
            continue
        try:
            book.check(chars, family, face, where, what)
        except RailprintError as exc:   # an installed font, checked when first used
            problems.add(f"{what}: {exc.message}", where, exc.hint)
    if len(problems.items) > before:
        return layer
    if richtext.layout(text, layer.w, layer.h, layer.size, layer.min_size, layer.font, layer.align,
                       layer.line_spacing, layer.valign, layer.family, layer.lang) is None:
        problems.add(f"{what}: the text does not fit its {layer.w / mm(1):.1f} x {layer.h / mm(1):.1f} mm box "
                     f"even at {layer.min_size:g} pt: {_short(text)!r}", where,
                     "shorten it, enlarge the box, or lower min_size")
    return layer


def _short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _picture_problem(problems: Problems, warned: set | None, file: str, exc: RailprintError, where: Location,
                     what: str) -> None:
    """A picture that cannot be used is reported once a deck, at the first card that names it
    (a broken SVG on 30 cards is one error, not 30)."""
    key = ("broken", str(file), exc.message)
    if warned is not None:
        if key in warned:
            return
        warned.add(key)
    problems.add(f"{what}: {exc.message}", where, exc.hint)


def _vector(layer: ImageLayer, path: Path, problems: Problems, where: Location, what: str,
            warned: set | None) -> VectorPlacement | None:
    try:
        art = svgart.load(path)
    except RailprintError as exc:
        _picture_problem(problems, warned, layer.file, exc, where, what)
        return None
    if art.unsupported and (warned is None or (layer.file, "svg") not in warned):
        if warned is not None:
            warned.add((layer.file, "svg"))
        images.log.warning(f"Warning: {where}: {what}: {layer.file}: SVG element(s) "
                           + ", ".join(f"<{tag}>" for tag in art.unsupported[:8])
                           + " are not drawn (railprint draws shapes and paths with their colours, "
                             "transforms and viewBox; convert text to paths)")
    box = (layer.x, layer.y, layer.w, layer.h)
    placed, _ = images.place(layer.fit, box, (art.width, art.height))
    return VectorPlacement(type="vector_placement", path=str(path), key=art.key, box=box, placed=placed,
                           viewport=(art.width, art.height))


def _image(layer: ImageLayer, base: Path, problems: Problems, where: Location, what: str,
           warned: set | None) -> ImagePlacement | VectorPlacement | None:
    try:
        path = referenced(base, str(layer.file), own_folder=True)
        if path.suffix.lower() in images.VECTOR_SUFFIXES:
            return _vector(layer, path, problems, where, what, warned)
        pw, ph, key = images.probe(path)
    except RailprintError as exc:
        _picture_problem(problems, warned, layer.file, exc, where, what)
        return None
    box = (layer.x, layer.y, layer.w, layer.h)
    placed, dpi = images.place(layer.fit, box, (pw, ph))
    note = (f"{where}: {what}: {layer.file} prints at {dpi:.0f} dpi ({pw} x {ph} px in "
            f"{layer.w / mm(1):.1f} x {layer.h / mm(1):.1f} mm); {images.MIN_DPI} dpi or more looks sharp")
    if dpi < images.MIN_DPI and (warned is None or (layer.file, box) not in warned):
        images.log.warning("Warning: " + note)
        if warned is not None:
            warned.add((layer.file, box))
    return ImagePlacement(type="image_placement", path=str(path), key=key, box=box, placed=placed)


@lru_cache(maxsize=None)
def _substituted(kind: type) -> tuple[str, ...]:
    """The fields of a layer class that may hold placeholders or colours."""
    return tuple(f for f in ("text", "name", "file", *COLOUR_FIELDS) if f in kind.model_fields)


def _condition(text: str, variables: _Vars, lang: str) -> bool:
    """Is a ``when:``/``unless:`` value non-empty after its placeholders are replaced?"""
    text = text.strip()
    if _VAR_NAME.match(text):
        text = "{" + text + "}"  # a bare variable name
    whole = _PLACEHOLDER.fullmatch(text)
    if whole and whole.group(1) and not _VAR_NAME.match(whole.group(1)):   # one expression: its truth
        found = _evaluated(whole.group(1), variables)
        return found is not _ABSENT and expressions.truthy(found)
    return bool(str(_substitute(text, variables, lang)).strip())


def _drawn(layer: Any, variables: _Vars, lang: str) -> bool:
    """Does the layer's ``when:`` (non-empty) and ``unless:`` (empty) let it be drawn?"""
    if layer.when is not None and not _condition(layer.when, variables, lang):
        return False
    return layer.unless is None or not _condition(layer.unless, variables, lang)


def _cell(cells: dict | None, names: list[str], fallback: Location) -> Location:
    """Where the first of ``names`` that the card gives itself is given (else ``fallback``)."""
    if not cells or not names:   # most layers of most cards: nothing to look for
        return fallback
    return next((cells[name] for name in names if name in cells), fallback)


def _resolve_face(layers: list, variables: _Vars, spec: DeckSpec, palette: dict, lang: str,
                  base: Path, width: float, height: float, problems: Problems, where: Location,
                  what: str, icons: Collection[str] = ICONS, warned: set | None = None,
                  cells: dict | None = None, fonts: dict | None = None,
                  same: dict[int, tuple] | None = None) -> ResolvedFace:
    """``cells``: where each of the card's own variables is given (a spreadsheet cell); a layer's
    problem is reported at the first such cell it uses, else at ``where``. ``same``: one deck's
    memory of its template layers (by identity): what a layer became for the values of the
    variables it names (none, for most), so it is resolved once for all the cards giving it the
    same values (a card's colour, its picture) — unless it had a problem or a warning, which then
    repeats for every card as before."""
    out: list = []
    for layer in layers:
        known = same.get(id(layer)) if same is not None else None
        if known is not None:
            names, by_values = known
            if not names:   # most layers name no variable
                out.extend(by_values[()])
                continue
            items = by_values.get(_values(variables, names))
            if items is not None:
                variables.seen.update(names)   # looked up as resolving it would
                out.extend(items)
                continue
        before = (len(problems.items), len(variables.bad), len(variables.missing), len(warned or ()))
        variables.used.clear()
        items = _resolve_layer(layer, variables, palette, lang, base, width, height, problems, where, what,
                               icons, warned, cells, fonts)
        out.extend(items)
        if len(variables.bad) > before[1] or len(variables.missing) > before[2]:
            variables.faults.extend((fault, layer) for fault in [*variables.missing[before[2]:],
                                                                  *variables.bad[before[1]:]])
        if same is not None and _reusable(layer, variables, items) and \
                (len(problems.items), len(variables.bad), len(variables.missing), len(warned or ())) == before:
            names = tuple(variables.used)
            same.setdefault(id(layer), (names, {}))[1][_values(variables, names)] = items
    return _constructed(ResolvedFace, {"layers": tuple(out)})   # built here from checked layers: no validation


def _reusable(layer: Any, variables: _Vars, items: tuple) -> bool:
    """May what ``layer`` became be reused for every card giving its variables the same values?
    Only when it names the same variables whatever their values (a ``when:``/``unless:`` may skip
    some: then only a layer using none), and prints no markup-like text (that warning is given at
    each card's own place)."""
    if variables.used and (layer.when is not None or layer.unless is not None):
        return False
    return not any(type(item) is TextLayer and richtext.tag_like(str(item.text)) for item in items)


def _values(variables: _Vars, names: tuple[str, ...]) -> tuple[str, ...] | None:
    """The text each of ``names`` puts in place of its placeholder (None: one is not given),
    looked up without counting as used."""
    values = []
    for name in names:
        value = dict.get(variables, name, _ABSENT)
        if value is _ABSENT:
            return None
        values.append(str(value))
    return tuple(values)


_ABSENT = object()


def _constructed(cls: type, values: dict[str, Any]) -> Any:
    """``cls.model_construct(**values)`` for a resolved model given every field, in field order
    (frozen, no extra keys, aliases, defaults used or post-init): what pydantic's general
    construction makes (its field loop was a tenth of resolving a render's decks), checked by
    ``tests/render/test_resolve_copies.py``."""
    new = object.__new__(cls)
    object.__setattr__(new, "__dict__", values)
    object.__setattr__(new, "__pydantic_fields_set__", set(values))
    object.__setattr__(new, "__pydantic_extra__", None)
    object.__setattr__(new, "__pydantic_private__", None)
    return new


def _copied(layer: Any, changes: dict[str, Any]) -> Any:
    """``layer.model_copy(update=changes)`` for a layer model (frozen, no extra keys, no private
    attributes) without pydantic's general copy: a third of its cost, ~3,700 copies a
    ``render all`` (``tests/render/test_resolve_copies.py`` holds it to ``model_copy``)."""
    new = object.__new__(type(layer))
    values = dict(layer.__dict__)
    values.update(changes)
    object.__setattr__(new, "__dict__", values)
    object.__setattr__(new, "__pydantic_extra__", None)
    object.__setattr__(new, "__pydantic_fields_set__", layer.__pydantic_fields_set__ | changes.keys())
    object.__setattr__(new, "__pydantic_private__", None)
    return new


def _resolve_layer(layer: Any, variables: _Vars, palette: dict, lang: str, base: Path, width: float,
                   height: float, problems: Problems, card_where: Location, what: str, icons: Collection[str],
                   warned: set | None, cells: dict | None, fonts: dict | None) -> tuple:
    """What one layer of a card becomes: nothing (not drawn, or a problem) or one resolved layer."""
    changes: dict[str, Any] = {}
    if (layer.when is not None or layer.unless is not None) and not _drawn(layer, variables, lang):
        return ()
    drawing = len(variables.used)   # the names the layer draws with (not its condition's): its cells
    if layer.computed is not None:
        changes = _computed_numbers(layer, variables, lang, problems, card_where, cells, what, (width, height))
        if changes is None:
            return ()
    for field in _substituted(type(layer)):
        value = getattr(layer, field)
        start = len(variables.used)
        # (most values are unset or plain text without a placeholder: no call needed)
        new = value if value is None or type(value) is str and not _braced(value) \
            else _substitute(value, variables, lang)
        if field in COLOUR_FIELDS and new is not None:
            key = str(new).strip()
            found = _palette_colour(key, palette)
            if found is not _ABSENT_COLOUR:
                new = found
            elif not HEX.match(key):
                near = did_you_mean(key, [*palette, *NAMED])   # the palette's names and the named colours
                hint = "use #rrggbb" + (f" or a palette name: {near}" if near
                                        else " or a palette name: " + suggestion(key, palette) if palette
                                        else " or add it to the deck's palette")
                if len(variables.used) == start:   # the template's own value: once, at its YAML line
                    variables.bad.append((f"{field} {new!r} is not a colour", hint, None))
                else:
                    problems.add(f"{what}: {field} {new!r} is not a colour",
                                 _cell(cells, variables.used[start:], card_where), hint)
                new = "#ff00ff"
        if new != value:
            changes[field] = new
    where = _cell(cells, variables.used[drawing:], card_where)
    if isinstance(layer, MinimapLayer):
        marks = [_substitute(m, variables, lang) for m in layer.mark]
        layer = _copied(layer, {"mark": marks, **changes})
        geometry = _minimap(layer, base, problems, where)
        return () if geometry is None else (geometry,)
    if changes:
        layer = _copied(layer, changes)
    if isinstance(layer, (RectLayer, GridLayer)) and (layer.w is None or layer.h is None):
        layer = _copied(layer, {"w": width - layer.x if layer.w is None else layer.w,
                                         "h": height - layer.y if layer.h is None else layer.h})
    if isinstance(layer, IconLayer) and layer.name not in icons:
        problems.add(f"{what}: unknown icon {layer.name!r}", where, icon_hint(layer.name, icons))
        return ()
    if isinstance(layer, ImageLayer):
        placed = _image(layer, base, problems, where, what, warned)
        return () if placed is None else (placed,)
    if isinstance(layer, TextLayer):
        book = fonts if isinstance(fonts, FontBook) else FontBook(fonts)
        face, family, problem = book.text_face(layer)
        if problem:
            if changes.keys().isdisjoint(("font", "family", "weight")):
                # the template's own value: reported once at its layer, with the cards it spoils
                variables.bad.append((problem[0], problem[1], None))
            else:
                problems.add(f"{what}: {problem[0]}", where, problem[1])
            return ()
        if face is None:
            return ()   # a declared family whose files are unusable: reported at 'fonts:'
        if (face, family) != (layer.font, layer.family):
            layer = _copied(layer, {"font": face, "family": family})
        if layer.box:
            if layer.hyphenate and layer.lang != lang:
                layer = _copied(layer, {"lang": lang})   # hyphenated by the render's language
            return (_text_box(layer, icons, problems, where, what, palette, warned, book),)
        text = str(layer.text)
        _warn_tags(text, where, what, warned, "styled runs need a text box: w and h")
        controls = _controls(text)
        if controls:
            problems.add(f"{what}: control character(s) {controls} in {text!r}", where,
                         "one-line text cannot hold them; for several lines give the text a box (w and h)")
        try:
            book.check(text, layer.family, layer.font, where, what)
        except RailprintError as exc:   # an installed font, checked when first used
            problems.add(f"{what}: {exc.message}", where, exc.hint)
            return ()
        if layer.max_width is not None:
            size = fit_width(text, layer.max_width, layer.size, layer.family, layer.font, min_size=0.1)
            if size < MIN_TEXT_SIZE:
                problems.add(f"{what}: {text!r} does not fit in {layer.max_width / mm(1):.1f} mm "
                             f"even at {MIN_TEXT_SIZE:g} pt", where, "shorten it or widen max_width")
    return (layer,)


def _shared(face: ResolvedFace, seen: dict) -> ResolvedFace:
    """One object for equal faces (backs are mostly alike): drawn once, stored once in a PDF."""
    try:
        return seen.setdefault(face, face)
    except TypeError:  # a layer holding a list (polygon points, dashes) is not hashable
        return face


FROM_KEYS = ("from", "sheet", "count_column", "name_column", "ignore_columns")


class _Columns(dict):
    """A card list's columns (name -> header location), with the deck's choices about them:
    the copies column, the column naming each card, the columns not for printing."""

    count_column = "count"
    name_column = "name"
    ignored: frozenset = frozenset()
    notes: list = []


def _cards_from_data(data: Any, path: Path) -> tuple[Any, _Columns, str]:
    """A deck whose ``cards:`` is ``{from: FILE[, sheet: NAME][, count_column: COLUMN]
    [, name_column: COLUMN][, ignore_columns: [COLUMN, …]]}``: the rows of FILE as card entries,
    located in FILE (see :mod:`railprint.loading.tables`); also the file's columns (name ->
    header location, with the deck's choices) and the copies column's name."""
    source = data.get("cards") if isinstance(data, MarkedDict) else None
    if not (isinstance(source, dict) and "from" in source):
        return data, _Columns(), "count"
    where = _loc(data, "cards", Location(str(path)))
    unknown = sorted(set(source) - set(FROM_KEYS))
    if unknown:
        raise ContentError(f"unknown key {unknown[0]!r} in cards", _loc(source, unknown[0], where),
                           hint="cards from a file take 'from:', 'count_column:', 'name_column:', "
                                "'ignore_columns:' and, for Excel, 'sheet:'; " + suggestion(str(unknown[0]), FROM_KEYS))
    count_column = source.get("count_column", "count")
    if not isinstance(count_column, str) or not count_column.strip():
        raise ContentError("cards.count_column must name a column of the card list",
                           _loc(source, "count_column", where), hint="e.g. count_column: qty")
    name_column = source.get("name_column", "name")
    if not isinstance(name_column, str) or not name_column.strip():
        raise ContentError("cards.name_column must name a column of the card list",
                           _loc(source, "name_column", where), hint="e.g. name_column: Title")
    ignored = source.get("ignore_columns", [])
    if isinstance(ignored, str):
        ignored = [ignored]
    if not isinstance(ignored, list) or not all(isinstance(c, str) for c in ignored):
        raise ContentError("cards.ignore_columns must list column names", _loc(source, "ignore_columns", where),
                           hint="e.g. ignore_columns: [Notes, Playtest]")
    try:
        table = referenced(path.parent, str(source["from"]), own_folder=True)
    except RailprintError as exc:
        raise ContentError(f"cards: {exc.message}", _loc(source, "from", where), exc.hint) from None
    if not table.is_file():
        try:
            file_version(table, "card list")   # missing: answered with the closest names beside it
        except RailprintError as exc:
            raise ContentError(exc.message, _loc(source, "from", where), exc.hint) from None
        raise ContentError(f"card list not found: {source['from']}", _loc(source, "from", where),
                           hint=f"looked for {table}")
    sheet = source.get("sheet")
    rows = load_table(table, None if sheet is None else str(sheet), _loc(source, "sheet", where))
    if not rows:
        raise ContentError("the card list has no rows", Location(str(table), 2, 1))
    columns = _Columns(getattr(rows, "columns", {}))
    for key, column in (("count_column", count_column), ("name_column", name_column)):
        if key in source and column not in columns:
            raise ContentError(f"the card list has no column {column!r} ({key})",
                               _loc(source, key, where), hint=suggestion(column, columns))
    for index, column in enumerate(ignored):
        if column not in columns:
            raise ContentError(f"the card list has no column {column!r} (ignore_columns)",
                               _loc(source.get("ignore_columns"), index, _loc(source, "ignore_columns", where)),
                               hint=suggestion(column, columns))
    columns.count_column, columns.name_column, columns.ignored = count_column, name_column, frozenset(ignored)
    columns.notes = list(getattr(rows, "notes", ()))   # the workbook's merged cells
    copy = MarkedDict(data)
    copy.location, copy.key_locations, copy.value_locations = data.location, data.key_locations, data.value_locations
    copy["cards"] = card_entries(rows, count_column)
    return copy, columns, count_column


def _placeholders(value: Any, found: set) -> set:
    """Every ``{name}`` any string inside ``value`` names (recursively)."""
    if isinstance(value, str):
        for match in _PLACEHOLDER.finditer(value):
            inner = match.group(1)
            if inner and _VAR_NAME.match(inner):
                found.add(inner)
            elif inner:
                found.update(expressions.names_in(inner))
    elif isinstance(value, dict):
        for item in value.values():
            _placeholders(item, found)
    elif isinstance(value, list):
        for item in value:
            _placeholders(item, found)
    return found


def _conditions(value: Any, found: set) -> set:
    """Every bare variable name a ``when:``/``unless:`` inside ``value`` names (``when: prereq``)."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key in ("when", "unless") and isinstance(item, str) and _VAR_NAME.match(item.strip()):
                found.add(item.strip())
            else:
                _conditions(item, found)
    elif isinstance(value, list):
        for item in value:
            _conditions(item, found)
    return found


def _column_warnings(data: Any, columns: _Columns, count_column: str) -> list[str]:
    """Columns that are probably mistakes: one edit from a special column (``Count``, ``backs``),
    or used by no template (a typo in the header or in a template's ``{name}``). A column the
    deck sets aside (``ignore_columns:``) is never one; a column only a ``when:`` names is used."""
    from railprint.loading.tables import near_special, special_columns

    parts = (data.get("templates"), data.get("styles"))
    used = set().union(*(_placeholders(p, set()) | _conditions(p, set()) for p in parts)) | {columns.name_column}
    special = special_columns(count_column)
    out = list(columns.notes)
    for column, where in columns.items():
        if column in columns.ignored:
            continue
        near = near_special(str(column), count_column)
        if near is not None:
            out.append(f"{where}: column {column!r} is a plain variable, not the special column {near!r} "
                       f"(rename it to {near!r} if it is meant to be one)")
        elif column not in special and column not in used:
            close = close_matches(str(column), used - {columns.name_column})
            out.append(f"{where}: column {column!r} is used by no template (no layer names {{{column}}})"
                       + (f"; did you mean {close[0]!r}?" if close else ""))
    return out


def load_deck(path: str | Path, lang: str = "en") -> ResolvedDeck:
    """Read, validate and resolve one ``kind: deck`` / ``kind: tiles`` file."""
    path = Path(path)
    return resolve_deck(load_file(path), path, lang)


NUMBERING = ("index", "copy", "total")
"""Variables every card has (unless it gives them itself): its 1-based position in the deck,
its copy number among the ``count`` copies of its row, and the number of cards in the deck."""


def _marked(source: MarkedDict, items: dict) -> MarkedDict:
    """A MarkedDict holding ``items`` with ``source``'s locations."""
    out = MarkedDict(items)
    out.location = source.location
    out.key_locations = dict(source.key_locations)
    out.value_locations = dict(source.value_locations)
    return out


CARD_NAME_SHOWN = 60


def _card_label(index: int, name: str) -> str:
    """``card 3 (Łódź)``, how a problem names a card: its name on one line (a line break or tab
    shown as ``\\n``, ``\\t``: a card list's quoted cell ``"A<newline>B"`` split the error in two
    lines) and cut to ``CARD_NAME_SHOWN`` characters."""
    shown = str(name)[:CARD_NAME_SHOWN + 1].replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t")
    if len(shown) > CARD_NAME_SHOWN:
        shown = shown[:CARD_NAME_SHOWN - 1] + "…"
    return f"card {index + 1} ({shown})"


def _kept(source: MarkedList, keep) -> MarkedList:
    """The items of ``source`` whose index ``keep`` accepts, with their locations."""
    out = MarkedList(item for i, item in enumerate(source) if keep(i))
    out.location = source.location
    out.item_locations = [where for i, where in enumerate(source.item_locations) if keep(i)]
    return out


def style_files(folder: Path) -> list[Path]:
    """The ``kind: styles`` files in ``folder``."""
    return kind_files(folder, "styles")


def folder_styles(folder: Path) -> MarkedDict:
    """The styles of the ``kind: styles`` files in ``folder`` (a name given twice is an error
    naming both), located in their files."""
    out = MarkedDict()
    out.location, out.key_locations, out.value_locations = Location(str(folder)), {}, {}
    problems = Problems()
    for path in style_files(folder):
        data = load_file(path)
        validate(StylesSpec, data, str(path), "styles")
        for name, style in data["styles"].items():
            if name in out:
                problems.add(f"style {name!r} is defined twice (first at {out.key_loc(name)})",
                             data["styles"].key_loc(name), "rename one of them")
                continue
            out[name] = style
            out.key_locations[name] = data["styles"].key_loc(name)
            out.value_locations[name] = data["styles"].loc(name)
    problems.raise_if_any(str(folder), Location(str(folder)))
    return out


def load_game_file(path: str | Path, lang: str = "en"):
    """A ``kind: game`` file, validated (:class:`~railprint.model.deck.GameSpec`)."""
    from railprint.loading.schema import validate
    from railprint.model.deck import GameSpec

    return validate(GameSpec, load_file(Path(path)), str(path), "game")


def validate_styles(path: str | Path, lang: str = "en") -> MarkedDict:
    """``railprint validate`` of one styles file (and its folder's other styles files)."""
    return folder_styles(Path(path).parent)


def _with_styles(data: Any, problems: Problems, folder: Path | None = None) -> Any:
    """Every layer made whole before validation: a layer that names a style (``use: title`` or
    ``use: [title, red]``) gets the style's keys under its own, and a layer whose ``id`` a
    template it ``extends`` also has gets that layer's keys under those (the parent's layer, then
    the styles, then the layer's own keys: each key keeps the location it is written at). A
    ``+=``/``-=`` value adds to the value just below it (see :func:`_relative`)."""
    styles = data.get("styles") if isinstance(data, MarkedDict) else None
    templates = data.get("templates") if isinstance(data, MarkedDict) else None
    if not isinstance(templates, MarkedDict):
        return data
    styles = styles if isinstance(styles, MarkedDict) else {}
    if folder is not None and any(isinstance(layer, MarkedDict) and "use" in layer
                                  for template in templates.values() if isinstance(template, MarkedDict)
                                  for layer in (template.get("layers") if isinstance(template.get("layers"), list)
                                                else ())):
        # (only a deck using styles reads its folder's: watch rebuilds only the decks using a saved one)
        shared = folder_styles(folder)
        if shared:
            merged_styles = _marked(shared, shared)
            for name, style in styles.items():
                merged_styles[name] = style
                merged_styles.key_locations[name] = styles.key_loc(name)
                merged_styles.value_locations[name] = styles.loc(name)
            styles = merged_styles
    changed = _marked(templates, templates)
    done: dict[str, dict[str, MarkedDict]] = {}   # template -> its layers by id (its parents' too), made whole

    def whole(name: str, visiting: tuple = ()) -> dict[str, MarkedDict]:
        if name in done:
            return done[name]
        template = templates.get(name)
        if name in visiting or not isinstance(template, MarkedDict):
            return {}   # a cycle or an unknown parent: reported with the templates (template_names)
        parent = template.get("extends")
        inherited = whole(parent, visiting + (name,)) if isinstance(parent, str) else {}
        by_id = dict(inherited)
        layers = template.get("layers")
        if isinstance(layers, MarkedList) and any(_to_make_whole(l) for l in layers):
            merged = _kept(layers, lambda i: True)
            own_ids: dict[str, Location] = {}
            for index, layer in enumerate(layers):
                if not _to_make_whole(layer):
                    continue
                layer_id = layer.get("id")
                if isinstance(layer_id, str):
                    if layer_id in own_ids:
                        problems.add(f"layer id {layer_id!r} is given twice in template {name!r} "
                                     f"(first at {own_ids[layer_id]})", layer.loc("id"), "rename one of them")
                    own_ids[layer_id] = layer.loc("id")
                merged[index] = by_id[layer_id] = _whole_layer(
                    layer, inherited.get(layer_id) if isinstance(layer_id, str) else None, styles, problems)
            changed[name] = _marked(template, {**template, "layers": merged})
        done[name] = by_id
        return by_id

    for name in templates:
        whole(name)
    return _marked(data, {**data, "templates": changed})


def _to_make_whole(layer: Any) -> bool:
    return isinstance(layer, MarkedDict) and ("use" in layer or "id" in layer or any(
        key in COMPUTABLE and isinstance(value, str) and _RELATIVE.match(value) for key, value in layer.items()))


def _whole_layer(layer: MarkedDict, parent: MarkedDict | None, styles: Any, problems: Problems) -> MarkedDict:
    """``layer`` over its ``use:`` styles over ``parent`` (the same ``id``'s layer in a template
    it extends, already whole), relative values worked out."""
    combined = _marked(layer, {})
    origin: dict[str, str] = {}   # key -> whose value it is, for a relative value's messages
    if parent is not None and "type" in layer and layer["type"] != parent.get("type"):
        problems.add(f"layer {layer['id']!r} is a {parent.get('type')} in the template this one extends "
                     f"(at {parent.loc('id')}); an override keeps its type", layer.loc("type"),
                     "leave 'type' out of the override, or give the new layer another id")
        parent = None   # (its keys would only add noise)
    if parent is not None:
        for key, value in parent.items():
            combined[key], origin[key] = value, "the parent template's layer's"
            combined.key_locations[key] = parent.key_loc(key)
            combined.value_locations[key] = parent.loc(key)
    names = layer.get("use")
    names = [] if names is None else names if isinstance(names, list) else [names]
    for style_name in names:
        style = styles.get(style_name) if isinstance(style_name, str) else None
        if not isinstance(style, MarkedDict):
            problems.add(f"unknown style {style_name!r}", layer.loc("use"),
                         suggestion(str(style_name), styles) if styles else "define it under 'styles:'")
            continue
        for key, value in style.items():
            combined[SPELLINGS.get(key, key)] = value   # (color: the layer's colour: wins)
            combined.key_locations[SPELLINGS.get(key, key)] = style.key_loc(key)
            combined.value_locations[SPELLINGS.get(key, key)] = style.loc(key)
            origin[SPELLINGS.get(key, key)] = "the style's"
    for key, value in layer.items():
        if key in COMPUTABLE and isinstance(value, str) and _RELATIVE.match(value):
            value = _relative(key, value, combined, layer.loc(key), problems, origin.get(key, ""),
                              parent is not None, bool(names))
            if value is None:   # (reported) a stand-in: not reported again by the schema
                value = computable(combined.get("type"), key) or value
        combined[SPELLINGS.get(key, key)] = value
        combined.key_locations[SPELLINGS.get(key, key)] = layer.key_loc(key)
        combined.value_locations[SPELLINGS.get(key, key)] = layer.loc(key)
    return combined


_RELATIVE = re.compile(r"^\s*([+-])=\s*(.+?)\s*$")


def _relative(key: str, value: str, below: dict, where: Location, problems: Problems, what: str,
              parent: bool, styled: bool) -> Any | None:
    """``y: += 15mm``: the value just below the layer's own plus 15 mm — its ``use:`` style's
    ``y``, else the ``y`` of the layer with the same ``id`` in the template it ``extends`` (as
    Squib's ``extends`` layouts do); numbers (``size: -= 2``) likewise. A problem (and None)
    when there is no plain value to add to."""
    from railprint.units import parse_length

    sign, amount = _RELATIVE.match(value).groups()
    base = below.get(key)
    factor = 1.0 if sign == "+" else -1.0
    try:
        if isinstance(base, (int, float)) and not isinstance(base, bool):
            return base + factor * float(amount)
        if isinstance(base, str) and "{" not in base and "%" not in base:
            return f"{parse_length(base) + factor * parse_length(amount)!r}pt"
    except (ValueError, RailprintError):
        problems.add(f"{key}: {value!r} must add a {'number' if isinstance(base, (int, float)) else 'length'} "
                     f"to {what} {base!r}", where, "e.g. += 15mm (a length) or += 2 (a size)")
        return None
    if base is not None:
        problems.add(f"{key}: {value!r} is relative to {what} {key} {base!r}, which is no plain value to add to",
                     where, f"give {key} there as a plain value (not an expression or a percentage)")
    elif styled or parent:
        source = " nor ".join(s for s, on in (("the layer's style", styled),
                                              ("the parent template's layer with this id", parent)) if on)
        problems.add(f"{key}: {value!r} is relative, but {source} gives no plain {key} to add to", where,
                     f"set {key} in the style named by 'use:' or in the parent template's layer")
    else:
        problems.add(f"{key}: {value!r} is relative to nothing: the layer names no style ('use:') and has no "
                     f"'id' of a layer in the template it extends", where,
                     "give the layer the id of the parent template's layer it moves, or a style")
    return None


def _with_computed(data: Any) -> Any:
    """American spellings of keys (``color:``) renamed; every layer key of
    :data:`~railprint.model.deck.COMPUTABLE` given as ``'{…}'`` text or a percentage (``x: 50%``)
    (``size: '{9 if name|length < 12 else 7}'``) moves to the layer's ``=computed`` mapping, a
    valid stand-in taking its place for validation; each card works it out (see
    :func:`_computed_numbers`). Data without such a key is returned as it is."""
    templates = data.get("templates") if isinstance(data, MarkedDict) else None
    if not isinstance(templates, MarkedDict):
        return data
    changed = None
    for name, template in templates.items():
        layers = template.get("layers") if isinstance(template, MarkedDict) else None
        if not isinstance(layers, MarkedList):
            continue
        for index, layer in enumerate(layers):
            if not isinstance(layer, MarkedDict):
                continue
            moved = {key: value for key, value in layer.items() if isinstance(value, str)
                     and ("{" in value or key in PERCENT_KEYS and _PERCENT.fullmatch(value))
                     and computable(layer.get("type"), key) is not None}
            spelt = [key for key in SPELLINGS if key in layer and SPELLINGS[key] not in layer]
            if not moved and not spelt:
                continue
            if changed is None:
                changed = _marked(templates, templates)
            if changed[name] is template:
                changed[name] = _marked(template, {**template, "layers": _kept(layers, lambda i: True)})
            new = _marked(layer, {**layer, **{key: computable(layer["type"], key) for key in moved}})
            for key in spelt:
                new[SPELLINGS[key]] = new.pop(key)
                new.key_locations[SPELLINGS[key]] = layer.key_loc(key)
                new.value_locations[SPELLINGS[key]] = layer.loc(key)
            if moved:
                new["=computed"] = moved
                new.key_locations["=computed"] = new.value_locations["=computed"] = layer.location
            changed[name]["layers"][index] = new
    return data if changed is None else _marked(data, {**data, "templates": changed})


PERCENT_KEYS = {"x": 0, "w": 0, "y": 1, "h": 1}
"""Position keys that may be a percentage of the card: of its width (x, w) or height (y, h)."""
_PERCENT = re.compile(r"\s*(-?[0-9]+(?:\.[0-9]+)?)\s*%\s*")


def _computed_numbers(layer: Any, variables: _Vars, lang: str, problems: Problems, where: Location,
                      cells: dict | None, what: str, size: tuple[float, float] = (0.0, 0.0)) -> dict | None:
    """The layer's computed keys worked out for this card (None: one cannot be; reported);
    ``size``: the card's trim width and height, for percentages."""
    out: dict[str, Any] = {"computed": None}
    bad = len(variables.bad)
    for key, source in layer.computed.items():
        start = len(variables.used)
        text = str(_substitute(source, variables, lang))
        if len(variables.bad) > bad or _PLACEHOLDER.search(text):
            return None   # an unknown variable or a bad expression: reported with the card
        percent = _PERCENT.fullmatch(text) if key in PERCENT_KEYS else None
        if percent:
            text = f"{float(percent.group(1)) / 100 * size[PERCENT_KEYS[key]]!r}pt"
        try:
            out[key] = computed_value(type(layer), key, text)
        except ValueError as exc:
            problems.add(f"{what}: {key}: {source!r} gives {text!r}: {exc}",
                         _cell(cells, variables.used[start:], where))
            return None
    return out


def _validated(data: Any, path: Path, problems: Problems) -> tuple[DeckSpec, Any, list[int]]:
    """The deck's spec; when some layers or cards break the schema, their problems are added to
    ``problems`` and the rest is validated without them (so one bad font name does not hide the
    other problems of the file). Returns (spec, the data validated, each card's index in ``data``)."""
    from pydantic import ValidationError

    try:
        kind = data.get("kind") if isinstance(data, dict) else None
        spec = validate(DeckSpec, data, str(path), kind if kind in ("deck", "tiles") else "deck")
        return spec, data, list(range(len(spec.cards)))
    except ContentError as exc:
        schema_error = exc
    try:
        DeckSpec.model_validate(data)
        raise schema_error
    except ValidationError as exc:
        errors = exc.errors()
    layers: set = set()
    cards: set = set()
    for err in errors:
        loc = err["loc"]
        if len(loc) >= 4 and loc[0] == "templates" and loc[2] == "layers" and isinstance(loc[3], int):
            layers.add((loc[1], loc[3]))
        elif len(loc) >= 2 and loc[0] == "cards" and isinstance(loc[1], int):
            cards.add(loc[1])
        else:
            raise schema_error  # the deck itself is unusable
    templates = data.get("templates")
    if cards and not isinstance(data.get("cards"), MarkedList) or layers and not all(
            isinstance(templates, MarkedDict) and isinstance(templates.get(name), MarkedDict)
            and isinstance(templates[name].get("layers"), MarkedList) for name, _ in layers):
        raise schema_error   # a list YAML read as something else (``!!set``, ``!!omap``): no locations to prune
    pruned = _marked(data, dict(data))
    if layers:
        templates = _marked(data["templates"], dict(data["templates"]))
        for name in {name for name, _ in layers}:
            template = templates[name]
            templates[name] = _marked(template, {**template, "layers": _kept(
                template["layers"], lambda i, name=name: (name, i) not in layers)})
        pruned["templates"] = templates
    if cards:
        pruned["cards"] = _kept(data["cards"], lambda i: i not in cards)
    try:
        spec = DeckSpec.model_validate(pruned)
    except ValidationError:
        raise schema_error from None
    problems.items.extend(schema_error.problems)
    return spec, pruned, [i for i in range(len(data["cards"])) if i not in cards]


def _font_families(spec: DeckSpec, data: Any, path: Path, problems: Problems, top: Location
                   ) -> dict[str, str | None]:
    """The deck's ``fonts:``: each family's files found, checked and registered; family name ->
    its font family key (see :mod:`railprint.text.fonts`). A bad file is a problem at its name."""
    import hashlib

    out = FontBook()
    declared = data.get("fonts") if isinstance(data, MarkedDict) else None
    for name, family in spec.fonts.items():
        given = declared.get(name) if isinstance(declared, MarkedDict) else None
        found: dict[str, tuple[Path, str]] = {}
        if isinstance(family, list):   # files whose own tables say their weight and style
            faces = {}
            for i, file in enumerate(family):
                where = _loc(given, i, _loc(declared, name, top))
                try:
                    font = referenced(path.parent, file, own_folder=True)
                    digest = load_font_file(font)
                except RailprintError as exc:
                    problems.add(f"fonts.{name}[{i}]: {exc.message}", where, exc.hint)
                    faces[i] = file
                    continue
                face = face_name(*described(font)[1:3])
                if face in found:
                    problems.add(f"fonts.{name}[{i}]: {file} is the {face_label(face)} face again "
                                 f"(as {found[face][0].name})", where, "list each weight and style once")
                    faces[i] = file
                    continue
                faces[face] = file
                found[face] = (font, digest)
        else:
            faces = family.faces()
            keys = {face_of_key(key): key for key in given} if isinstance(given, MarkedDict) else {}
            for face, file in faces.items():
                where = _loc(given, keys.get(face, face), _loc(declared, name, top))
                try:
                    font = referenced(path.parent, file, own_folder=True)
                    found[face] = (font, load_font_file(font))
                except RailprintError as exc:
                    problems.add(f"fonts.{name}.{face}: {exc.message}", where, exc.hint)
        if len(found) != len(faces):
            out[name] = None  # declared, but a file is unusable (reported): its layers are skipped quietly
            continue
        digest = hashlib.sha1("".join(f"{face}={d}" for face, (_, d) in sorted(found.items())).encode()).hexdigest()
        key = f"{''.join(ch for ch in name if ch not in '|/@')}@{digest[:12]}"
        for face, (font, _) in found.items():
            register_face(key, face, font)
        out[name] = key
    out.set_fallback(spec.font_fallback, problems, _loc(data, "font_fallback", top))
    return out


def resolve_deck(data: Any, path: Path, lang: str = "en") -> ResolvedDeck:
    """Validate and resolve deck ``data`` as if read from ``path`` (relative files: its folder)."""
    data, columns, count_column = _cards_from_data(data, path)
    for warning in _column_warnings(data, columns, count_column) if columns else ():
        images.log.warning("Warning: " + warning)
    problems = Problems()
    data = _with_computed(_with_styles(data, problems, path.parent))
    spec, checked, indexes = _validated(data, path, problems)
    if columns and count_column != "count":   # the copies column by the designer's own name ('qty') too
        for problem in problems.items:
            if problem.message.startswith("cards.count: "):
                problem.message = (f"cards.count (the copies column {count_column!r}): "
                                   + problem.message.removeprefix("cards.count: "))
    top = Location(str(path), 1, 1)

    if isinstance(spec.size, str):
        if spec.size not in SIZES:
            problems.add(f"unknown size {spec.size!r}", _loc(data, "size", top),
                         suggestion(spec.size, SIZES) + "; or give {width: .., height: ..}")
            width, height = mm(63), mm(88)
        else:
            width, height = (mm(v) for v in SIZES[spec.size])
    else:
        width, height = spec.size.width, spec.size.height
    palette = {**spec.palette}
    for key, value in palette.items():
        if not HEX.match(value):
            problems.add(f"palette colour {key!r} must be #rrggbb, got {value!r}",
                         _loc(data.get("palette"), key, top))
    families = _font_families(spec, checked, path, problems, top)
    title = spec.title.get(lang, spec.title.get("en", spec.id))
    back_template = spec.back
    cards = []
    backs: dict = {}
    warned: set = set()
    same: dict[int, tuple] = {}   # template layers resolved once per values of their variables (see _resolve_face)
    user_icons = icons_near(path)
    icons = {**dict.fromkeys(ICONS), **user_icons}
    cards_data = data.get("cards")
    total = sum(entry.count for entry in spec.cards)
    if total > MAX_COMPONENTS:
        problems.add(f"{total} components in one file; at most {MAX_COMPONENTS} are rendered",
                     _loc(data, "cards", top), "lower the 'count:' values or split the file")
        problems.raise_if_any(str(path), Location(str(path)))
    chains: dict[str, list] = {}
    failed: set[tuple[str, Location]] = set()

    def chain(name: str, at: Location) -> list:
        """A template's layers, base first: looked up once a deck (unless it is a problem,
        which is then reported at every place naming it: each card's row, or the deck's
        default_template once)."""
        found = chains.get(name)
        if found is None:
            if (name, at) in failed:
                return []
            before = len(problems.items)
            found = _template_chain(name, spec, checked, problems, at)
            if len(problems.items) == before:
                chains[name] = found
            else:
                failed.add((name, at))
        return found

    # a name no card gives (nor the deck's vars, nor the numbering) is the template's mistake:
    # reported once at its YAML line with the number of cards it spoils, not once a card
    given_anywhere = {*spec.vars, *NUMBERING, *(key for entry in spec.cards for key in entry.vars)}
    mistakes: dict[tuple, list] = {}
    position = 0
    # before any face is resolved, the layers the faces will draw: a card entry's copies are one
    # face, unless its templates name {index} or {copy} (each copy then its own face)
    sizes: dict[str, tuple[int, bool]] = {}
    drawn = 0   # layers of the faces resolved (MAX_LAYERS_DRAWN)
    for entry, index in zip(spec.cards, indexes):
        faces = [f for f in (entry.template or spec.default_template, entry.back or back_template) if f is not None]
        for face in faces if entry.count else ():
            if face not in sizes:
                layers = _template_chain(face, spec, checked, Problems(), top)
                sizes[face] = (len(layers), any(_NUMBERED.search(repr(layer)) for layer in layers))
            drawn += sizes[face][0] * (entry.count if sizes[face][1] else 1)
        if drawn > MAX_LAYERS_DRAWN:
            _too_many_layers(problems, path, index, sum(sizes[face][0] for face in faces),
                             _loc(cards_data, index, top))
    drawn = 0
    for entry, index in zip(spec.cards, indexes):
        if entry.count == 0:
            continue  # a zeroed row: dropped (designers keep the row for later)
        where = _loc(cards_data, index, top)
        row = cards_data[index] if isinstance(cards_data, MarkedList) else None
        given = row.get("vars") if isinstance(row, MarkedDict) else None
        cells = dict(given.value_locations) if isinstance(given, MarkedDict) else {}
        template = entry.template or spec.default_template
        if template is None:
            problems.add("card has no template and the deck has no default_template", where)
            continue
        own = {**spec.vars, **entry.vars}
        front_layers = chain(template, _loc(row, "template", where) if entry.template
                             else _loc(data, "default_template", where))
        back_name = entry.back or back_template
        back_layers = chain(back_name, _loc(row, "back", where) if entry.back else _loc(data, "back", where)) \
            if back_name else None
        numbered = False
        for copy in range(1, entry.count + 1):
            position += 1
            numbers = {"index": position, "copy": copy, "total": total}
            variables = _Vars({**{k: v for k, v in numbers.items() if k not in own}, **own}, lang)
            if copy > 1 and not numbered:  # the copies are alike: one face object for all of them
                cards.append(_constructed(ResolvedCard, {"name": name, "front": front, "back": back,
                                                         "copy_number": copy, "source_line": where.line or 0}))
                continue
            drawn += len(front_layers) + len(back_layers or ())
            if drawn > MAX_LAYERS_DRAWN:   # numbered copies (each its own face) past the bound
                _too_many_layers(problems, path, index, len(front_layers) + len(back_layers or ()), where)
            # problems of later numbered copies repeat the first copy's: collected once
            found = problems if copy == 1 else Problems()
            name = entry.name or str(_substitute(entry.vars.get(columns.name_column, template), variables, lang))
            front = _resolve_face(front_layers, variables, spec, palette, lang, path.parent, width,
                                  height, found, where, _card_label(index, name), icons, warned, cells,
                                  families, same)
            back = None
            if back_layers is not None:
                back = _resolve_face(back_layers, variables, spec, palette, lang, path.parent, width,
                                     height, found, where, f"back of card {index + 1}", icons, warned, cells,
                                     families, same)
                back = _shared(back, backs)
            numbered = numbered or any(n in variables.seen for n in ("index", "copy")
                                       if n not in own)
            if copy == 1:
                for fault, layer in {(f, id(l)): (f, l) for f, l in variables.faults}.values():
                    if isinstance(fault, str) and fault not in given_anywhere or \
                            isinstance(fault, tuple) and fault[2] is None:   # the template's mistake
                        mistakes.setdefault((fault, id(layer)), [layer, 0])[1] += entry.count
                    elif isinstance(fault, str):
                        problems.add(f"{_card_label(index, name)}: unknown variable {{{fault}}}", where,
                                     suggestion(fault, list(variables)) if variables else None)
                    else:
                        problems.add(f"{_card_label(index, name)}: {fault[0]}", _cell(cells, list(fault[2]), where),
                                     fault[1])
            cards.append(_constructed(ResolvedCard, {"name": name, "front": front, "back": back,
                                                     "copy_number": copy, "source_line": where.line or 0}))
    _template_mistakes(mistakes, checked, spec, given_anywhere, problems, top)
    if spec.die is not None:
        _check_die(spec, width, height, cards, problems, _loc(data, "die", top))
    families.report(problems)
    problems.raise_if_any(str(path), Location(str(path)))
    found = _palette_colour(spec.background, palette)
    background = found if spec.background not in NAMED and isinstance(found, str) and found != _ABSENT_COLOUR \
        else spec.background
    return ResolvedDeck(id=spec.id, game=spec.game, kind=spec.kind, title=title,
                        revision=spec.revision, width=width, height=height, bleed=spec.bleed,
                        corner_radius=spec.corner_radius, gap=spec.gap,
                        orientation=spec.orientation, layout=spec.layout, tts=spec.tts or "", die=spec.die,
                        background=background,
                        cards=tuple(cards), source=str(path), icons=user_icons,
                        noun=_noun(spec, lang))


def _check_die(spec: DeckSpec, width: float, height: float, cards: list, problems: Problems, at: Location) -> None:
    """A deck printed as dice (``die:``): square faces of a net's size, six a die, no backs."""
    from railprint.model.die_net import FACE_SIZES, within

    if abs(width - height) > 1e-6 or not within(width, FACE_SIZES):
        problems.add(f"a die's faces are squares of {to_mm(FACE_SIZES[0]):g}mm to {to_mm(FACE_SIZES[1]):g}mm, "
                     f"not {to_mm(width):g} × {to_mm(height):g} mm", at, "give the deck size: {width: 18mm, height: 18mm}")
    if len(cards) % 6:
        problems.add(f"a die has six faces: the {len(cards)} card(s) of this deck are not a whole number of dice", at,
                     f"list six cards a die, face 1 first ({6 - len(cards) % 6} more, or {len(cards) % 6} fewer)")
    if any(card.back is not None for card in cards):
        problems.add("a die's faces have no back", at, "take 'back:' (and a 'back' column) out of this deck")
    if spec.share:
        problems.add("a die is printed as cube nets, not on sheets shared with other sets", at, "take 'share:' out")


_NUMBERED = re.compile(r"\{[^{}]*\b(index|copy)\b")
"""A placeholder or expression naming the copy's number: each copy of the card is a face of its own."""


def _too_many_layers(problems: Problems, path: Path, index: int, layers: int, where: Location) -> None:
    """Raise: the faces of a file draw more than MAX_LAYERS_DRAWN layers, passed at card ``index``."""
    problems.add(f"the cards draw more than {MAX_LAYERS_DRAWN} layers in all (card {index + 1} draws {layers}, "
                 "with the templates it extends)", where,
                 f"a file draws at most {MAX_LAYERS_DRAWN} layers ({MAX_COMPONENTS} cards of "
                 f"{MAX_LAYERS_DRAWN // MAX_COMPONENTS}); split the file or draw fewer layers")
    problems.raise_if_any(str(path), Location(str(path)))


def _template_mistakes(mistakes: dict, data: Any, spec: DeckSpec, given: set, problems: Problems,
                       top: Location) -> None:
    """Each template mistake once, at the YAML value holding it, with how many cards it spoils."""
    raw_layers: dict[int, tuple[str, Any]] = {}
    templates = data.get("templates") if isinstance(data, MarkedDict) else None
    for name, template in spec.templates.items():
        raw = templates.get(name) if isinstance(templates, MarkedDict) else None
        raw_list = raw.get("layers") if isinstance(raw, MarkedDict) else None
        for i, layer in enumerate(template.layers):
            item = raw_list[i] if isinstance(raw_list, MarkedList) and i < len(raw_list) else None
            raw_layers[id(layer)] = (name, item, _loc(raw_list, i, _loc(raw, "layers", top)))
    for (fault, _), (layer, cards) in mistakes.items():
        template, item, where = raw_layers.get(id(layer), ("?", None, top))
        needle = fault if isinstance(fault, str) else fault[0]
        if isinstance(item, MarkedDict):
            where = next((item.loc(key) for key, value in item.items() if isinstance(value, (str, dict))
                          and _mentions(value, fault)), where)
            if isinstance(fault, tuple) and needle.split(" ", 1)[0] in item:   # "fill 'sandd' is not a colour"
                where = item.loc(needle.split(" ", 1)[0])
        spoilt = f"(in template {template!r}, on {cards} card{'s' if cards != 1 else ''})"
        if isinstance(fault, str):
            problems.add(f"unknown variable {{{needle}}} {spoilt}", where,
                         suggestion(needle, sorted(given)) if given else None)
        else:
            problems.add(f"{needle} {spoilt}", where, fault[1])


def _mentions(value: Any, fault: Any) -> bool:
    """Does a layer's value hold the placeholder ``fault`` (a missing name, or a bad expression)?"""
    if isinstance(value, dict):
        return any(_mentions(v, fault) for v in value.values())
    if isinstance(fault, str):
        return fault in _placeholders(value, set())
    return any(m.group(1) and ("{" + _short_source(m.group(1))) in fault[0] for m in _PLACEHOLDER.finditer(value))


def _short_source(source: str) -> str:
    return " ".join(source.split())[:40]


def _noun(spec: DeckSpec, lang: str) -> tuple[str, ...]:
    """The forms of the word the deck's components are counted in (the deck's own, or card/tile)."""
    from railprint.words import NOUNS

    own = spec.noun or {}
    default = NOUNS["card" if spec.kind == "deck" else "tile"]
    return tuple(own.get(lang) or default.get(lang) or own.get("en") or default["en"])
