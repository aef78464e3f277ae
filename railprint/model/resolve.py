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

from railprint.errors import ContentError, Location, Problems, RailprintError, close_matches, name_key, suggestion
from railprint.fonts import check_glyphs, fit_size
from railprint.loading.schema import validate
from railprint.loading.paths import referenced
from railprint.loading.tables import card_entries, load_table
from railprint.loading.yamlio import MarkedDict, MarkedList, load_file, location_of
from railprint.model import images, richtext
from railprint.model.icons import icons_near
from railprint.model.deck import (ICONS, MAX_COMPONENTS, SIZES, DeckSpec, IconLayer, ImageLayer, ImagePlacement,
                                  MinimapGeometry, MinimapLayer, RectLayer, ResolvedCard, ResolvedDeck, ResolvedFace,
                                  TextLayer)
from railprint.units import mm

HEX = re.compile(r"^#[0-9a-fA-F]{6}$")
MIN_TEXT_SIZE = 4.0  # pt: below this a shrunk label is unreadable -> an overflow error
COLOUR_FIELDS = ("fill", "stroke", "colour", "background", "land", "bed", "sleepers")
NAMED = {"white": "#ffffff", "black": "#000000", "none": None}


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
    return [layer for n in template_names(name, spec, data, problems, where) for layer in spec.templates[n].layers]


def _label(value: Any, lang: str) -> Any:
    """A ``{en: …, pl: …}`` label in ``lang`` (English, then any, as fallbacks); other values as they are."""
    if isinstance(value, dict):
        return value.get(lang, value.get("en", next(iter(value.values()), "")))
    return value


class _Vars(dict):
    def __init__(self, values: dict, lang: str):
        super().__init__((key, _label(value, lang)) for key, value in values.items())
        self.missing: list[str] = []
        self.bad: list[str] = []

    def __missing__(self, key: str) -> str:
        self.missing.append(key)
        return "{" + key + "}"


# ``{name}`` is replaced by the variable's value, ``{{``/``}}`` by a brace; nothing else is
# interpreted (no attribute access, indexing or format specs: ``{name.x}`` is an error).
_PLACEHOLDER = re.compile(r"\{\{|\}\}|\{([^{}]*)\}")
_VAR_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def _substitute(value: Any, variables: _Vars, lang: str) -> Any:
    value = _label(value, lang)
    if not isinstance(value, str) or ("{" not in value and "}" not in value):
        return value

    def one(match: re.Match) -> str:
        token = match.group(0)
        if token in ("{{", "}}"):
            return token[0]
        name = match.group(1)
        if not _VAR_NAME.match(name):
            variables.bad.append(token)
            return token
        return str(variables[name])

    return _PLACEHOLDER.sub(one, value)


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
def _map_points(path: str) -> tuple[float, dict[str, tuple[float, float]], tuple]:
    """(aspect, name -> (x, y) fractions, route segments as id pairs) of a map content file."""
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
        if not path.is_file():
            problems.add(f"minimap map file not found: {layer.map}", where)
            return None
        aspect, points, segments = _map_points(str(path))
    except ContentError as exc:
        problems.items.extend(exc.problems or [exc])
        return None
    # fit the map's frame (aspect = w/h) into the layer box, centred
    w, h = layer.w, layer.h
    if w / h > aspect:
        fw, fh = h * aspect, h
    else:
        fw, fh = w, w / aspect
    ox, oy = layer.x + (w - fw) / 2, layer.y + (h - fh) / 2

    def place(xy: tuple[float, float]) -> tuple[float, float]:
        return (ox + xy[0] * fw, oy + xy[1] * fh)

    marks = []
    for name in layer.mark:
        xy = points.get(name_key(name))
        if xy is None:
            problems.add(f"minimap: unknown place {name!r}", where,
                         suggestion(name, sorted({k for k in points})))
            continue
        marks.append(place(xy))
    dots = sorted({place(xy) for xy in points.values()})
    segs = tuple((*place(a), *place(b)) for a, b in segments)
    return MinimapGeometry(type="minimap_geometry", x=layer.x, y=layer.y, w=layer.w, h=layer.h,
                           dots=tuple(dots), segments=segs, marks=tuple(marks),
                           colour=layer.colour, land=layer.land)


def icon_hint(name: str, icons: Collection[str]) -> str:
    """The closest icon names, or where to see them all."""
    close = close_matches(name, icons)
    if close:
        return "did you mean " + " or ".join(repr(m) for m in close) + "?"
    return f"none of the {len(icons)} known icons is close; 'railprint icons' lists and draws them all"


def _controls(text: str, allowed: str = "") -> str:
    """The control characters in ``text`` (other than ``allowed``), as escapes."""
    found = sorted({ch for ch in text if unicodedata.category(ch) == "Cc" and ch not in allowed})
    return ", ".join(repr(ch) for ch in found)


def _text_box(layer: TextLayer, icons: Collection[str], problems: Problems, where: Location,
              what: str) -> TextLayer:
    """Check a text box (markup, icons, glyphs, control characters, fit) and return it."""
    before = len(problems.items)
    text = str(layer.text).replace("\r\n", "\n")
    if text != layer.text:
        layer = layer.model_copy(update={"text": text})
    controls = _controls(text, "\n")
    if controls:
        problems.add(f"{what}: control character(s) {controls} in {_short(text)!r}", where,
                     "only line breaks may be in a text box")
        return layer
    _, trouble = richtext.parse(text, layer.font)
    for message in trouble:
        problems.add(f"{what}: {message} in {_short(text)!r}", where)
    for name in richtext.icon_names(text, layer.font):
        if name not in icons:
            problems.add(f"{what}: unknown inline icon ':{name}:'", where, icon_hint(name, icons))
    missing = check_glyphs(richtext.plain(text, layer.font), layer.font)
    if missing:
        problems.add(f"{what}: the font has no glyph for {''.join(missing)!r} in {_short(text)!r}", where)
    if len(problems.items) > before:
        return layer
    if richtext.layout(text, layer.w, layer.h, layer.size, layer.min_size, layer.font, layer.align,
                       layer.line_spacing, layer.valign) is None:
        problems.add(f"{what}: the text does not fit its {layer.w / mm(1):.1f} x {layer.h / mm(1):.1f} mm box "
                     f"even at {layer.min_size:g} pt: {_short(text)!r}", where,
                     "shorten it, enlarge the box, or lower min_size")
    return layer


def _short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _image(layer: ImageLayer, base: Path, problems: Problems, where: Location, what: str,
           warned: set | None) -> ImagePlacement | None:
    try:
        path = referenced(base, str(layer.file), own_folder=True)
        pw, ph, key = images.probe(path)
    except RailprintError as exc:
        problems.add(f"{what}: {exc.message}", where, exc.hint)
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


def _resolve_face(layers: list, variables: _Vars, spec: DeckSpec, palette: dict, lang: str,
                  base: Path, width: float, height: float, problems: Problems, where: Location,
                  what: str, icons: Collection[str] = ICONS, warned: set | None = None) -> ResolvedFace:
    out = []
    for layer in layers:
        changes: dict[str, Any] = {}
        for field in _substituted(type(layer)):
            value = getattr(layer, field)
            new = _substitute(value, variables, lang)
            if field in COLOUR_FIELDS and new is not None:
                key = str(new).strip()
                if key in palette:
                    new = palette[key]
                elif key.lower() in NAMED:
                    new = NAMED[key.lower()]
                elif not HEX.match(key):
                    hint = "use #rrggbb" + (" or a palette name: " + suggestion(key, palette)
                                            if palette else " or add it to the deck's palette")
                    problems.add(f"{what}: {field} {new!r} is not a colour", where, hint)
                    new = "#ff00ff"
            if new != value:
                changes[field] = new
        if isinstance(layer, MinimapLayer):
            marks = [_substitute(m, variables, lang) for m in layer.mark]
            layer = layer.model_copy(update={"mark": marks, **changes})
            geometry = _minimap(layer, base, problems, where)
            if geometry is not None:
                out.append(geometry)
            continue
        if changes:
            layer = layer.model_copy(update=changes)
        if isinstance(layer, RectLayer) and (layer.w is None or layer.h is None):
            layer = layer.model_copy(update={"w": width - layer.x if layer.w is None else layer.w,
                                             "h": height - layer.y if layer.h is None else layer.h})
        if isinstance(layer, IconLayer) and layer.name not in icons:
            problems.add(f"{what}: unknown icon {layer.name!r}", where, icon_hint(layer.name, icons))
            continue
        if isinstance(layer, ImageLayer):
            placed = _image(layer, base, problems, where, what, warned)
            if placed is not None:
                out.append(placed)
            continue
        if isinstance(layer, TextLayer):
            if layer.box:
                layer = _text_box(layer, icons, problems, where, what)
                out.append(layer)
                continue
            text = str(layer.text)
            controls = _controls(text)
            if controls:
                problems.add(f"{what}: control character(s) {controls} in {text!r}", where,
                             "one-line text cannot hold them; for several lines give the text a box (w and h)")
            missing = check_glyphs(text, layer.font)
            if missing:
                problems.add(f"{what}: the font has no glyph for {''.join(missing)!r} in {text!r}", where)
            if layer.max_width is not None:
                size = fit_size(text, layer.max_width, layer.size, layer.font, min_size=0.1)
                if size < MIN_TEXT_SIZE:
                    problems.add(f"{what}: {text!r} does not fit in {layer.max_width / mm(1):.1f} mm "
                                 f"even at {MIN_TEXT_SIZE:g} pt", where, "shorten it or widen max_width")
        out.append(layer)
    return ResolvedFace(layers=tuple(out))


def _shared(face: ResolvedFace, seen: dict) -> ResolvedFace:
    """One object for equal faces (backs are mostly alike): drawn once, stored once in a PDF."""
    try:
        return seen.setdefault(face, face)
    except TypeError:  # a layer holding a list (polygon points, dashes) is not hashable
        return face


def _cards_from_data(data: Any, path: Path) -> Any:
    """A deck whose ``cards:`` is ``{from: FILE[, sheet: NAME]}``: the rows of FILE as card
    entries, located in FILE (see :mod:`railprint.loading.tables`)."""
    source = data.get("cards") if isinstance(data, MarkedDict) else None
    if not (isinstance(source, dict) and "from" in source):
        return data
    where = _loc(data, "cards", Location(str(path)))
    unknown = sorted(set(source) - {"from", "sheet"})
    if unknown:
        raise ContentError(f"unknown key {unknown[0]!r} in cards", _loc(source, unknown[0], where),
                           hint="cards from a file take 'from:' and, for Excel, 'sheet:'")
    try:
        table = referenced(path.parent, str(source["from"]), own_folder=True)
    except RailprintError as exc:
        raise ContentError(f"cards: {exc.message}", _loc(source, "from", where), exc.hint) from None
    if not table.is_file():
        raise ContentError(f"card list not found: {source['from']}", _loc(source, "from", where),
                           hint=f"looked for {table}")
    sheet = source.get("sheet")
    rows = load_table(table, None if sheet is None else str(sheet))
    if not rows:
        raise ContentError("the card list has no rows", Location(str(table), 2, 1))
    copy = MarkedDict(data)
    copy.location, copy.key_locations, copy.value_locations = data.location, data.key_locations, data.value_locations
    copy["cards"] = card_entries(rows)
    return copy


def load_deck(path: str | Path, lang: str = "en") -> ResolvedDeck:
    """Read, validate and resolve one ``kind: deck`` / ``kind: tiles`` file."""
    path = Path(path)
    return resolve_deck(load_file(path), path, lang)


def resolve_deck(data: Any, path: Path, lang: str = "en") -> ResolvedDeck:
    """Validate and resolve deck ``data`` as if read from ``path`` (relative files: its folder)."""
    data = _cards_from_data(data, path)
    spec = validate(DeckSpec, data, str(path), "deck")
    problems = Problems()
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
    title = spec.title.get(lang, spec.title.get("en", spec.id))
    back_template = spec.back
    cards = []
    backs: dict = {}
    warned: set = set()
    user_icons = icons_near(path)
    icons = {**dict.fromkeys(ICONS), **user_icons}
    cards_data = data.get("cards")
    total = sum(entry.count for entry in spec.cards)
    if total > MAX_COMPONENTS:
        problems.add(f"{total} components in one file; at most {MAX_COMPONENTS} are rendered",
                     _loc(data, "cards", top), "lower the 'count:' values or split the file")
        problems.raise_if_any(str(path), Location(str(path)))
    for index, entry in enumerate(spec.cards):
        where = _loc(cards_data, index, top)
        template = entry.template or spec.default_template
        if template is None:
            problems.add("card has no template and the deck has no default_template", where)
            continue
        variables = _Vars({**spec.vars, **entry.vars}, lang)
        front_layers = _template_chain(template, spec, data, problems, where)
        name = entry.name or str(_substitute(entry.vars.get("name", template), variables, lang))
        front = _resolve_face(front_layers, variables, spec, palette, lang, path.parent, width,
                              height, problems, where, f"card {index + 1} ({name})", icons, warned)
        back = None
        back_name = entry.back or back_template
        if back_name:
            back_layers = _template_chain(back_name, spec, data, problems, where)
            back = _resolve_face(back_layers, variables, spec, palette, lang, path.parent, width,
                                 height, problems, where, f"back of card {index + 1}", icons, warned)
            back = _shared(back, backs)
        for bad in dict.fromkeys(variables.bad):
            problems.add(f"card {index + 1} ({name}): placeholder {bad} is not a plain variable name", where,
                         "only {name} is replaced (no attributes, indexes or formats); write {{ for a brace")
        for missing in dict.fromkeys(variables.missing):
            problems.add(f"card {index + 1} ({name}): unknown variable {{{missing}}}", where,
                         suggestion(missing.strip("{}"), list(variables)) if variables else None)
        for copy in range(1, entry.count + 1):
            cards.append(ResolvedCard(name=name, front=front, back=back, copy_number=copy,
                                      source_line=where.line or 0))
    problems.raise_if_any(str(path), Location(str(path)))
    background = palette.get(spec.background, spec.background)
    return ResolvedDeck(id=spec.id, game=spec.game, kind=spec.kind, title=title,
                        revision=spec.revision, width=width, height=height, bleed=spec.bleed,
                        corner_radius=spec.corner_radius, gap=spec.gap,
                        orientation=spec.orientation, layout=spec.layout, background=background,
                        cards=tuple(cards), source=str(path), icons=user_icons,
                        noun=_noun(spec, lang))


def _noun(spec: DeckSpec, lang: str) -> tuple[str, ...]:
    """The forms of the word the deck's components are counted in (the deck's own, or card/tile)."""
    from railprint.words import NOUNS

    own = spec.noun or {}
    default = NOUNS["card" if spec.kind == "deck" else "tile"]
    return tuple(own.get(lang) or default.get(lang) or own.get("en") or default["en"])
