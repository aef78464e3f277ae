"""Decks of cards and sets of square tiles, as content files describe them.

A deck file (``kind: deck``) gives the component size, bleed, a colour palette, named
templates (lists of drawing layers; a template may ``extends:`` another), the cards (each a
template plus variables, ``count`` copies) and the back. Layers are plain drawing instructions
positioned in the trim box (origin top-left); strings may use ``{variable}`` placeholders and
``{en: …, pl: …}`` pairs for the two label languages.

Loading (:mod:`railprint.model.resolve`) resolves templates, placeholders and colours once, so
drawing works on :class:`ResolvedDeck` only.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal, Union

from pydantic import ConfigDict, Field, TypeAdapter, field_validator, model_validator
from pydantic.json_schema import SkipJsonSchema

from railprint.errors import Location
from railprint.loading.schema import Length, Spec
from railprint.model.die_net import NetTab
from railprint.units import mm

Label = Union[str, dict[str, str]]

# Pictograms a content file may name (``type: icon``); drawn by railprint.draw.icons.
ICONS = ("wagon", "locomotive", "ferry", "tunnel", "globe", "star", "rails",  # "text" or {en: "...", pl: "..."}
         "coal_wagon", "water_tower", "hill", "overlay", "goods", "detour", "die", "station")

SIZES = {  # named sizes (width, height) in mm
    "poker": (63, 88), "bridge": (57, 89), "mini": (44, 68), "tarot": (70, 120),
    "square": (63, 63), "tile40": (40, 40), "tile45": (45, 45), "tile50": (50, 50),
}


MAX_COMPONENTS = 5000
"""Most components (cards, tiles) one content file may hold: the shipped decks hold at most a
few hundred; far more is a typo (``count: 1000`` on every card) that would exhaust memory."""
MAX_LAYERS_DRAWN = 100_000
"""Most layers one content file's faces may draw in all: each card's front and back, counting
the layers of the templates it ``extends`` (copies alike count once). 5,000 cards of 20 layers;
the shipped content draws at most 2,600. A 100 KB deck of 1,000 templates extending each other
and a 5,000-row card list asked 5 million: ``validate`` was past 23 s of CPU and 860 MB when
stopped; 250,000 text layers take it 15 s and 430 MB."""


class Size(Spec):
    width: Length = Field(gt=0)
    height: Length = Field(gt=0)


COMPUTABLE = ("x", "y", "w", "h", "size", "rotate", "segments")
"""Keys a layer may give as a ``{expression}`` worked out for each card: numbers, and a track's
``segments`` (a card list's cell ``N-S, W-E``: :func:`track_segments`)."""


def _computed_schema(schema: dict) -> None:
    """An editor's schema: a computable key may also be a ``'{expression}'`` string; ``color``
    is ``colour`` (the alias :func:`railprint.model.resolve._with_computed` renames)."""
    required = [key for key in schema.get("required", []) if key != "type"]
    if required:   # a layer that use:s a style (or overrides a parent's layer) may take its required keys from it
        schema["required"] = [key for key in schema["required"] if key == "type"]
        schema["if"] = {"not": {"anyOf": [{"required": ["use"]}, {"required": ["id"]}]}}
        schema["then"] = {"required": required}
    if "colour" in schema.get("properties", {}):
        schema["properties"]["color"] = {**schema["properties"]["colour"], "description": "the same as colour"}
    for key in COMPUTABLE:
        field = schema.get("properties", {}).get(key)
        if field is not None:
            extra = [{"type": "string", "pattern": PERCENT_PATTERN}] if key in ("x", "y", "w", "h") else []
            extra.append({"type": "string", "pattern": RELATIVE_PATTERN})
            schema["properties"][key] = {"anyOf": [{k: v for k, v in field.items() if k != "description"},
                                                   {"type": "string", "pattern": COMPUTED_PATTERN}, *extra],
                                         **({"description": field["description"]} if "description" in field else {})}


COMPUTED_PATTERN = r"\{[^{}]+\}"
RELATIVE_PATTERN = r"^\s*[+-]=\s*\S"   # y: += 15mm (relative to the layer's style or the parent template's layer)
PERCENT_PATTERN = r"^\s*-?[0-9]+(\.[0-9]+)?\s*%\s*$"   # x, w: of the card's width; y, h: of its height


class _Drawn(Spec):
    """What every layer takes: conditions and named styles."""

    model_config = ConfigDict(json_schema_extra=_computed_schema)

    when: str | None = Field(None, description="draw the layer only when this is not empty after placeholders "
                                               "are replaced: '{prereq}' (a bare name means '{name}')")
    unless: str | None = Field(None, description="draw the layer only when this IS empty: '{prereq}'")
    use: str | list[str] | None = Field(None, description="named style(s) from the deck's 'styles:', their keys "
                                                          "under the layer's own (the layer's keys win)")
    id: str | None = Field(None, description="the layer's name in its template: a layer with the same id in a "
                                             "template that 'extends' this one replaces it, taking its keys "
                                             "under its own ('x: += 15mm': 15 mm right of it)")
    # numeric keys given as '{expression}' (size: '{9 if name|length < 12 else 7}'): moved here
    # before validation (see railprint.model.resolve._with_computed), worked out for each card
    computed: SkipJsonSchema[dict[str, str] | None] = Field(None, alias="=computed")


class _Layer(_Drawn):
    fill: str | None = None
    stroke: str | None = None
    line_width: float = Field(0.5, ge=0, le=1000)  # pt
    dash: list[Annotated[float, Field(gt=0, le=10000)]] | None = Field(None, max_length=64)
    opacity: float = Field(1.0, ge=0, le=1)


class RectLayer(_Layer):
    type: Literal["rect"]
    x: Length = 0.0
    y: Length = 0.0
    w: Length | None = None   # default: to the right trim edge
    h: Length | None = None   # default: to the bottom trim edge
    radius: Length = 0.0
    bleed: bool = False       # True: cover the trim box and the bleed around it


class CircleLayer(_Layer):
    type: Literal["circle"]
    cx: Length
    cy: Length
    r: Length


class LineLayer(_Layer):
    type: Literal["line"]
    x1: Length
    y1: Length
    x2: Length
    y2: Length


class GridLayer(_Layer):
    """A table of boxes (a score sheet's rows and columns): its outline and the lines between,
    in ``stroke`` (default black); ``first_col``/``first_row``: a wider label column or header row,
    the other columns and rows sharing the rest equally."""

    type: Literal["grid"]
    x: Length = 0.0
    y: Length = 0.0
    w: Length | None = None   # default: to the right trim edge
    h: Length | None = None   # default: to the bottom trim edge
    rows: int = Field(1, ge=1, le=200)
    cols: int = Field(1, ge=1, le=200)
    first_col: Length | None = Field(None, gt=0, description="the first column's width (names, categories)")
    first_row: Length | None = Field(None, gt=0, description="the first row's height (a header)")
    stroke: str | None = "#000000"


class PolygonLayer(_Layer):
    type: Literal["polygon"]
    points: list[tuple[Length, Length]] = Field(min_length=2)
    closed: bool = True


class TextLayer(_Drawn):
    """One line of text at a baseline; or, with ``w`` and ``h``, a text box (see
    :mod:`railprint.model.richtext`): x/y its top-left corner, wrapped, aligned, shrunk to fit."""

    type: Literal["text"]
    text: Label = Field(description="the text, with '{name}' placeholders (every card also has {index}, {copy} "
                                    "and {total}); in a box (w, h): paragraphs split at newlines, **bold**, "
                                    "*italic*, :icon: inline, runs [colour=red]…[/], [size=80%]…[/], "
                                    "[font=Family]…[/] (\\*, \\: and \\[ for the plain characters)")
    x: Length
    y: Length = Field(description="the baseline of one-line text; the top edge of a box")
    size: float = Field(10, gt=0, le=2000, description="pt; a box shrinks all its lines to one size to fit")
    font: Union[str, list[str]] = Field(
        "regular", description="a font family, or a fallback list of families ([Archivo Narrow, DejaVu Sans]: "
                               "the first with a glyph draws it): one the deck declares under 'fonts:', the "
                               "built-in Source Sans Pro, or one installed on the system; or (as before) a "
                               "face of 'family': regular, bold, italic, bolditalic")
    family: Union[str, list[str], None] = Field(
        None, description="a font family or fallback list (as 'font'; default: Source Sans Pro); "
                          "'font' then picks its face")
    weight: Union[int, str, None] = Field(
        None, description="a weight by name (Thin, ExtraLight, Light, Regular, Medium, SemiBold, Bold, "
                          "ExtraBold, Black) or number (100-900); the family's nearest, as CSS chooses")
    italic: bool | None = Field(None, description="true: the family's italic (or oblique) face")
    colour: str = "#000000"
    align: Literal["left", "centre", "center", "right", "justify"] = Field(
        "left", description="justify: boxes only (the last line of each paragraph stays left); center = centre")
    max_width: Length | None = Field(None, description="one-line text: shrink it to fit this width")
    rotate: float = Field(0, ge=-3600, le=3600, description="degrees clockwise about (x, y)")
    w: Length | None = Field(None, gt=0, description="a text box's width (give h too): wraps, aligns, shrinks to fit")
    h: Length | None = Field(None, gt=0, description="a text box's height")
    line_spacing: float = Field(1.2, gt=0, le=5, description="box: baseline to baseline, in multiples of the size")
    min_size: float = Field(4, gt=0, le=2000, description="box: the smallest size (pt) it may shrink to; "
                                                 "text that does not fit even then is an error naming the card")
    valign: Literal["top", "middle", "center", "centre", "bottom"] = Field(
        "top", description="box: where the lines sit (center = middle)")
    hyphenate: bool = Field(False, description="box: also break words at their hyphenation points (the "
                                               "dictionary of the render's --lang, en or pl), drawing a hyphen")
    # the render's language, set on a hyphenating box when the deck is resolved (not a content key)
    lang: SkipJsonSchema[str | None] = Field(None, alias="=lang")

    @field_validator("align", "valign")
    @classmethod
    def _spelling(cls, value: str, info: Any) -> str:
        """American spellings (and 'centre' for a vertical middle) as the names railprint draws by."""
        if info.field_name == "valign":
            return "middle" if value in ("center", "centre") else value
        return "centre" if value == "center" else value

    @model_validator(mode="after")
    def _box(self) -> "TextLayer":
        if (self.w is None) != (self.h is None):
            raise ValueError("a text box needs both w and h (or neither, for one line at a baseline)")
        if self.w is None and self.align == "justify":
            raise ValueError("align: justify needs a text box (w and h)")
        if self.w is None and self.hyphenate:
            raise ValueError("hyphenate needs a text box (w and h): one line of text never breaks")
        if self.w is not None and self.max_width is not None:
            raise ValueError("max_width is for one-line text; a box (w, h) shrinks to fit by itself")
        return self

    @property
    def box(self) -> bool:
        return self.w is not None


class ImageLayer(_Drawn):
    """A PNG or JPEG picture, or an SVG drawn as vectors, fitted into the box (x, y, w, h) and clipped to it."""

    type: Literal["image"]
    file: str = Field(description="a PNG, JPEG or SVG file relative to the content file, inside its folder; "
                                  "placeholders allowed ('{art}')")
    x: Length
    y: Length
    w: Length = Field(gt=0)
    h: Length = Field(gt=0)
    fit: Literal["contain", "cover", "stretch"] = Field(
        "contain", description="contain: all of it, centred; cover: fill the box, cropped; stretch: exactly the box")


class IconLayer(_Drawn):
    type: Literal["icon"]
    name: str = Field(description="a built-in icon or one of a 'kind: icons' file next to the deck "
                                  "(railprint icons lists them)")
    x: Length                       # centre
    y: Length
    size: Length = Field(gt=0)
    colour: str = "#000000"
    background: str | None = None


class MinimapLayer(_Drawn):
    type: Literal["minimap"]
    map: str                        # a map content file, relative to the deck file
    x: Length
    y: Length
    w: Length = Field(gt=0)
    h: Length = Field(gt=0)
    mark: list[str] = Field(default_factory=list)  # city names or ids to highlight
    colour: str = "#c0392b"
    land: str = "#e9e4d4"


# Track ports on a square tile: edge midpoints N E S W; two ports per edge (Tsuro-like tiles),
# clockwise from the top-left: N0 N1, E0 E1, S0 S1, W0 W1; ``end`` closes a dead-end stub.
TRACK_PORTS = ("N", "E", "S", "W", "N0", "N1", "E0", "E1", "S0", "S1", "W0", "W1")
TrackPort = Literal["N", "E", "S", "W", "N0", "N1", "E0", "E1", "S0", "S1", "W0", "W1", "end"]


_PORTS = {port.lower(): port for port in TrackPort.__args__}
_PORT_GAP = re.compile(r"[\s,;\[\]()\-\u2013>]+")


def track_segments(text: str) -> list[list[str]]:
    """A track's segments written in a card list's cell — ``N-S, W-E``, ``N S; W end`` or
    ``[[N, S], [W, E]]`` — as pairs of ports (a ValueError saying why not)."""
    words = [word for word in _PORT_GAP.split(text) if word]
    unknown = [word for word in words if word.lower() not in _PORTS]
    if unknown:
        raise ValueError(f"{unknown[0]!r} is no tile edge (expected N, E, S, W, N0 … W1 or end, in pairs: 'N-S, W-E')")
    ports = [_PORTS[word.lower()] for word in words]
    if not ports or len(ports) % 2:
        raise ValueError("a track needs pairs of edges, one pair a segment: 'N-S, W-E'")
    pairs = [ports[k:k + 2] for k in range(0, len(ports), 2)]
    for a, b in pairs:
        if a == b:
            raise ValueError(f"a segment joins {a!r} to itself")
    return pairs


class TrackLayer(_Drawn):
    """Track segments between tile edges, drawn by :mod:`railprint.draw.tracks`: straight between
    opposite edges, a quarter-ellipse between adjacent ones, a buffer-stopped stub to ``end``.
    Independent segments that cross (no shared port) are bridges: the later one is drawn over."""

    type: Literal["track"]
    segments: list[tuple[TrackPort, TrackPort]] = Field(min_length=1)
    style: Literal["rail", "road"] = "rail"
    colour: str = "#3b3b3b"          # rails (road: the road surface)
    bed: str | None = "#c9bfae"      # ballast under the sleepers (road: the verge); none = no bed
    sleepers: str = "#6e4f36"
    background: str = "#ffffff"      # the ground: the gap cut around the track passing under a bridge
    width: Length = 7 * 72 / 25.4    # track bed width
    bridge: bool = True              # False: crossings are level crossings (rails meet, no bridge)
    end_length: Length | None = None  # dead-end stub length (default 40 % of the box side)
    overrun: Length = 3 * 72 / 25.4   # tracks continue this far past the edges (into the bleed)
    pair_offset: float = Field(1 / 3, gt=0, lt=0.5)  # N0/N1...: fraction of the side from each corner
    bend: float = Field(0.5523, gt=0, le=1)  # corner curves' handles / radius: 0.5523 = quarter circle,
                                             # less cuts the corner tighter (keeps long arcs apart)
    x: Length = 0.0                  # the box the ports sit on (default: the trim box)
    y: Length = 0.0
    w: Length | None = None
    h: Length | None = None

    @field_validator("segments")
    @classmethod
    def _two_ends(cls, segments: list) -> list:
        for a, b in segments:
            if a == b:
                raise ValueError(f"a segment joins {a!r} to itself")
        return segments


def _layer_classes() -> dict[str, type]:
    return {cls.model_fields["type"].annotation.__args__[0]: cls
            for cls in (RectLayer, CircleLayer, LineLayer, PolygonLayer, TextLayer, IconLayer, MinimapLayer,
                        TrackLayer, ImageLayer, GridLayer)}


_ADAPTERS: dict[tuple[type, str], TypeAdapter] = {}


def computable(layer_type: Any, key: str) -> Any:
    """A valid stand-in for ``key`` of a layer of type ``layer_type`` whose value is computed per
    card ("1pt" for a length, 1 for a number), or None when the layer has no such key."""
    cls = _layer_classes().get(layer_type) if isinstance(layer_type, str) else None
    if cls is None or key not in COMPUTABLE or key not in cls.model_fields:
        return None
    if key == "segments":
        return [["N", "S"]]
    return "1pt" if _is_length(cls, key) else 1


def _is_length(cls: type, key: str) -> bool:
    return "_length" in repr(cls.model_fields[key].metadata) + repr(cls.model_fields[key].annotation)


def computed_value(cls: type, key: str, text: str) -> Any:
    """``text`` (a computed key's value for one card) checked as ``cls``'s field ``key``
    (a ValueError saying why not)."""
    from pydantic import ValidationError

    adapter = _ADAPTERS.get((cls, key))
    if adapter is None:
        info = cls.model_fields[key]
        kind = Annotated[(info.annotation, *info.metadata)] if info.metadata else info.annotation
        adapter = _ADAPTERS[(cls, key)] = TypeAdapter(kind)
    value: Any = text.strip()
    if key == "segments":
        value = track_segments(value)
    elif not _is_length(cls, key):
        try:
            value = float(value)
        except ValueError:
            raise ValueError(f"expected a number, got {text!r}") from None
    try:
        return adapter.validate_python(value)
    except ValidationError as exc:
        raise ValueError("; ".join(e["msg"].removeprefix("Value error, ") for e in exc.errors())) from None


Layer = Annotated[Union[RectLayer, CircleLayer, LineLayer, PolygonLayer, TextLayer, IconLayer,
                        MinimapLayer, TrackLayer, ImageLayer, GridLayer], Field(discriminator="type")]


def _override_schema(schema: dict) -> None:
    """An editor's schema: a template's layer may also be an override without ``type`` (``{id:
    title, x: += 15mm}``), which takes the keys of the parent template's layer with that id."""
    items = schema.get("properties", {}).get("layers", {}).get("items", {})
    if "oneOf" in items:
        items["oneOf"].append({"type": "object", "required": ["id"], "not": {"required": ["type"]},
                               "properties": {"id": {"type": "string"}},
                               "description": "an override of the layer with this id in the template this one "
                                              "extends: its keys over that layer's ('x: += 15mm' moves it)"})


class Template(Spec):
    model_config = ConfigDict(json_schema_extra=_override_schema)

    extends: str | None = None
    layers: list[Layer] = Field(default_factory=list)


class CardEntry(Spec):
    template: str | None = None
    count: int = Field(1, ge=0, le=1000, description="copies; 0 drops the card")
    vars: dict[str, Union[Label, int, float]] = Field(default_factory=dict)
    back: str | None = None        # template for this card's back (default: the deck's back)
    name: str | None = None        # for listings; default: the template name


CARDS_FROM = {
    "type": "object", "title": "CardsFrom", "additionalProperties": False, "required": ["from"],
    "description": "cards from a data file, one row per card: every column is a variable; optional "
                   "'template', 'count' (0 drops the row) and 'back' columns (see railprint.loading.tables)",
    "properties": {
        "from": {"type": "string", "description": "a .csv, .tsv, .xlsx, .json or .yaml file, relative "
                                                  "to the deck file and inside its folder"},
        "sheet": {"type": "string", "description": "Excel: the sheet to read (default: the first)"},
        "count_column": {"type": "string", "description": "the column giving each row's copies (default: count)"},
        "name_column": {"type": "string", "description": "the column naming each card in listings, messages and "
                                                        "Tabletop Simulator (default: name)"},
        "ignore_columns": {"type": "array", "items": {"type": "string"},
                           "description": "columns not for printing (notes, analysis): never warned about"},
    },
}


def _cards_schema(schema: dict) -> None:
    """``cards:`` is a list, or ``{from: FILE}`` (resolved to a list before validation); styles
    are checked like layers."""
    listed = schema["properties"]["cards"]
    schema["properties"]["cards"] = {"anyOf": [listed, CARDS_FROM], "title": "Cards"}
    _styles_schema(schema)


def _styles_schema(schema: dict) -> None:
    """An editor's schema of ``styles:``: each style a mapping of the keys some layer takes (each
    with that layer's own schema; ``type`` excluded), unknown keys refused — as the deck's
    validation refuses them once a layer uses the style."""
    found: dict[str, list] = {}
    for cls in _layer_classes().values():
        for key, field in cls.model_json_schema(ref_template="#/$defs/{model}")["properties"].items():
            field = {k: v for k, v in field.items() if k not in ("default", "title")}
            if key not in ("type", "=computed") and "$ref" not in str(field) and field not in found.get(key, []):
                found.setdefault(key, []).append(field)
    keys: dict[str, Any] = {key: fields[0] if len(fields) == 1 else {"anyOf": fields} for key, fields in found.items()}
    keys["use"] = {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]}
    style = {"type": "object", "properties": dict(sorted(keys.items())), "additionalProperties": False}
    schema["properties"]["styles"]["additionalProperties"] = style


class FontFamily(Spec):
    """A designer's font family: font files (.ttf, or .otf with TrueType or CFF outlines)
    relative to the deck file and inside its folder; only ``regular`` is required. Other faces
    by weight name or number, with ``italic`` for their italic: ``extrabold: F-ExtraBold.ttf``,
    ``800 italic: …``, ``light: …``."""

    model_config = ConfigDict(extra="allow", frozen=True)

    regular: str
    bold: str | None = None
    italic: str | None = None
    bolditalic: str | None = None

    @model_validator(mode="after")
    def _faces(self) -> "FontFamily":
        from railprint.text.faces import WEIGHTS, face_of_key

        for key, value in (self.__pydantic_extra__ or {}).items():
            if face_of_key(key) is None:
                from railprint.errors import suggestion

                raise ValueError(f"{key!r} is not a face (a weight name or number 1-1000, and 'italic' for "
                                 f"its italic: 'extrabold', '800 italic'); {suggestion(key, WEIGHTS)}")
            if not isinstance(value, str):
                raise ValueError(f"the face {key!r} must name a font file")
        return self

    def faces(self) -> dict[str, str]:
        """Face string (see railprint.text.faces) -> file, every face given."""
        from railprint.text.faces import face_of_key

        out = {face: getattr(self, face) for face in ("regular", "bold", "italic", "bolditalic")
               if getattr(self, face) is not None}
        for key, value in (self.__pydantic_extra__ or {}).items():
            out[face_of_key(key)] = value
        return out


class DieSpec(Spec):
    """A deck's ``die:``: its cards are the faces of six-sided dice, printed as cube nets to fold."""

    count: int = Field(1, ge=1, le=50, description="nets printed of each die")
    tab: NetTab = Field(mm(5), description="the glue tabs' depth, 3mm to 8mm")


class DeckSpec(Spec):
    model_config = ConfigDict(extra="forbid", frozen=True, json_schema_extra=_cards_schema)

    kind: Literal["deck", "tiles"]
    id: str
    game: str
    title: dict[str, str]
    revision: int = 1
    note: str | None = None
    size: Union[str, Size] = Field(description=", ".join(SIZES) + ", or {width: 63mm, height: 88mm}")
    bleed: Length = Field(default=3 * 72 / 25.4, ge=0)
    corner_radius: Length = Field(
        0.0, ge=0, description="rounds the component's outline where one is drawn: cut lines (with gutters and on "
                               "1-up pages a rounded rectangle per component; butt-cut neighbours share straight "
                               "cuts, so each corner gets a quarter-circle corner guide for a corner punch), SVG "
                               "faces' cut line, and trimmed PNG/JPEG exports (transparent / white corners). Crop "
                               "marks stay straight; a print-shop PDF's TrimBox is a rectangle (tell the shop the "
                               "radius); images with bleed and Tabletop Simulator sheets stay square")
    gap: Length | None = Field(None, ge=0)      # between bleed boxes on the sheet (default: sheet templates)
    orientation: Literal["auto", "portrait", "landscape"] = "auto"  # of the printed sheets
    layout: Literal["auto", "gutter", "butt"] = "auto"   # butt: no gutters (auto: when it saves sheets)
    share: str | None = None   # sets of a game with the same name print together on shared sheets, <game>/<share>.pdf
    paper: Literal["card", "plain"] | None = None   # for the print guide: card stock (default for pieces) or plain paper
    tts: Literal["deck", "tile"] | None = Field(
        None, description="what `railprint export tts` makes of the set: a deck of cards (default) or a bag "
                          "of two-sided tiles (tokens, frames, boards) at their printed size")
    die: DieSpec | None = Field(
        None, description="print the cards as six-sided dice: every six cards (16-20 mm squares, no back) are one "
                          "die's faces 1-6, folded from a cube net; {count: 2} prints two nets of each die")
    copies: str | dict[Literal["en", "pl"], str] | None = None  # print guide: copies a group needs, e.g. "1 per player"
    safe: Length = Field(default=3 * 72 / 25.4, ge=0)   # text closer to the trim: validate warns
    # the word counted in page footers, per language: en [one, many], pl [one, 2-4, 5+]
    noun: dict[Literal["en", "pl"], Annotated[list[str], Field(min_length=2, max_length=3)]] | None = None
    background: str = "#ffffff"
    palette: dict[str, str] = Field(default_factory=dict)
    vars: dict[str, Union[Label, int, float]] = Field(
        default_factory=dict, description="variables every card has ({index}: the card's place in the deck, "
                                          "{copy}: 1…count, {total}: cards in the deck, unless set here)")
    fonts: dict[str, Union[FontFamily, Annotated[list[str], Field(min_length=1)]]] = Field(
        default_factory=dict, description="font families of your own: {Family: {regular: fonts/F-Regular.ttf, "
                                          "bold: …, italic: …, bolditalic: …, extrabold: …, 800 italic: …}}, or "
                                          "a list of files whose own tables give their weight and style; "
                                          "layers name them with 'font:' (or 'family:', with 'font:' a face)")
    font_fallback: list[str] = Field(
        default_factory=list, description="families tried, in order, for a character a layer's own fonts lack "
                                          "(declared, built-in or installed), e.g. [DejaVu Sans]")
    styles: dict[str, dict[str, Any]] = Field(
        default_factory=dict, description="named styles: layer keys (font, size, colour, align, ...) that a "
                                          "layer takes with 'use: NAME' and may override")
    templates: dict[str, Template] = Field(default_factory=dict)
    default_template: str | None = None
    back: str | None = None        # template name for the backs; none = no backs
    cards: list[CardEntry] = Field(min_length=1)


class StylesSpec(Spec):
    """A ``kind: styles`` file: named styles every deck in its folder may ``use:`` (a deck's own
    ``styles:`` of the same name win)."""

    model_config = ConfigDict(json_schema_extra=_styles_schema)

    kind: Literal["styles"]
    id: str
    game: str
    styles: dict[str, dict[str, Any]] = Field(description="named styles: layer keys (family, font, size, colour, …)")


class GameSpec(Spec):
    """A ``kind: game`` file: a designer's game by its name (the print guide's title and the
    terminal's) and what else a group brings to play it (the guide's last list)."""

    kind: Literal["game"]
    id: str
    game: str
    title: dict[Literal["en", "pl"], str] = Field(description="the game's name: {en: Fjord & Rail, pl: Fiord i Tory}")
    bring: dict[Literal["en", "pl"], list[str]] = Field(
        default_factory=dict, description="what else to bring, per language: {en: [a pencil per player]}")


# ---- resolved, ready to draw ---------------------------------------------------------------

class ResolvedFace(Spec):
    """One face with every placeholder, template and colour resolved."""

    layers: tuple["DrawLayer", ...]


class ResolvedCard(Spec):
    name: str
    front: ResolvedFace
    back: ResolvedFace | None
    copy_number: int      # 1..count
    source_line: int


class IconArt(Spec):
    """One shape of a multi-colour icon drawn from an SVG file, in the icon's unit square."""

    cmds: tuple[tuple, ...]
    fill: str | None
    stroke: str | None
    width: float                      # stroke width, a fraction of the icon's size
    opacity: float


class UserIcon(Spec):
    """An icon from a ``kind: icons`` file (:mod:`railprint.model.icons`), ready to draw:
    commands in a unit square centred on (0, 0), y down. An icon from an SVG file has ``art``
    (its shapes in their own colours) instead of ``cmds``."""

    name: str
    where: Location                   # its definition
    cmds: tuple[tuple, ...]
    style: str                        # fill | stroke
    stroke_width: float               # a fraction of the icon's size
    art: tuple[IconArt, ...] = ()


class ResolvedDeck(Spec):
    id: str
    game: str
    kind: str
    title: str
    revision: int
    width: float   # trim, pt
    height: float
    bleed: float
    corner_radius: float
    gap: float | None
    orientation: str
    layout: str = "auto"
    tts: str = ""                    # deck | tile (export tts); empty: a deck
    die: DieSpec | None = None       # the cards are dice faces, six a die (cube nets)
    background: str
    cards: tuple[ResolvedCard, ...]
    noun: tuple[str, ...] = ()       # forms of the counted word in the deck's language
    source: str
    icons: dict[str, UserIcon] = Field(default_factory=dict)  # the user's icons the faces may name

    @property
    def has_backs(self) -> bool:
        return any(card.back is not None for card in self.cards)


class ImagePlacement(Spec):
    """An image layer after loading: the file found and read, the picture placed in its box."""

    type: Literal["image_placement"]
    path: str                        # absolute
    key: str                         # content digest: one stored copy per document
    box: tuple[float, float, float, float]      # x, y, w, h: the clip
    placed: tuple[float, float, float, float]   # where the whole picture lands (may overflow the box)


class VectorPlacement(Spec):
    """An SVG image layer after loading: the file checked, its viewport placed in the box."""

    type: Literal["vector_placement"]
    path: str                        # absolute
    key: str
    box: tuple[float, float, float, float]      # x, y, w, h: the clip
    placed: tuple[float, float, float, float]   # where the SVG's viewport lands
    viewport: tuple[float, float]               # its width and height, SVG pixels


class MinimapGeometry(Spec):
    """A minimap layer after loading: the map reduced to dots and segments in the layer's box."""

    type: Literal["minimap_geometry"]
    x: float
    y: float
    w: float
    h: float
    dots: tuple[tuple[float, float], ...]
    segments: tuple[tuple[float, float, float, float], ...]
    marks: tuple[tuple[float, float], ...]
    colour: str
    land: str


DrawLayer = Union[RectLayer, CircleLayer, LineLayer, PolygonLayer, TextLayer, IconLayer, MinimapGeometry,
                  TrackLayer, ImagePlacement, VectorPlacement]


ResolvedFace.model_rebuild()
ResolvedCard.model_rebuild()
ResolvedDeck.model_rebuild()
