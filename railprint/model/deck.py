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

from typing import Annotated, Literal, Union

from pydantic import Field, field_validator

from railprint.loading.schema import Length, Spec

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


class Size(Spec):
    width: Length = Field(gt=0)
    height: Length = Field(gt=0)


class _Layer(Spec):
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


class PolygonLayer(_Layer):
    type: Literal["polygon"]
    points: list[tuple[Length, Length]] = Field(min_length=2)
    closed: bool = True


class TextLayer(Spec):
    type: Literal["text"]
    text: Label
    x: Length
    y: Length                       # baseline
    size: float = Field(10, gt=0, le=2000)   # pt
    font: Literal["regular", "bold"] = "regular"
    colour: str = "#000000"
    align: Literal["left", "centre", "right"] = "left"
    max_width: Length | None = None  # shrink the text to fit this width
    rotate: float = Field(0, ge=-3600, le=3600)  # degrees clockwise about (x, y)


class IconLayer(Spec):
    type: Literal["icon"]
    name: str                       # see railprint.draw.icons.ICONS
    x: Length                       # centre
    y: Length
    size: Length = Field(gt=0)
    colour: str = "#000000"
    background: str | None = None


class MinimapLayer(Spec):
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


class TrackLayer(Spec):
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


Layer = Annotated[Union[RectLayer, CircleLayer, LineLayer, PolygonLayer, TextLayer, IconLayer,
                        MinimapLayer, TrackLayer], Field(discriminator="type")]


class Template(Spec):
    extends: str | None = None
    layers: list[Layer] = Field(default_factory=list)


class CardEntry(Spec):
    template: str | None = None
    count: int = Field(1, ge=1, le=1000)
    vars: dict[str, Union[Label, int, float]] = Field(default_factory=dict)
    back: str | None = None        # template for this card's back (default: the deck's back)
    name: str | None = None        # for listings; default: the template name


class DeckSpec(Spec):
    kind: Literal["deck", "tiles"]
    id: str
    game: str
    title: dict[str, str]
    revision: int = 1
    note: str | None = None
    size: Union[str, Size]
    bleed: Length = Field(default=3 * 72 / 25.4, ge=0)
    corner_radius: Length = Field(0.0, ge=0)
    gap: Length | None = Field(None, ge=0)      # between bleed boxes on the sheet (default: sheet templates)
    orientation: Literal["auto", "portrait", "landscape"] = "auto"  # of the printed sheets
    background: str = "#ffffff"
    palette: dict[str, str] = Field(default_factory=dict)
    vars: dict[str, Union[Label, int, float]] = Field(default_factory=dict)
    templates: dict[str, Template] = Field(default_factory=dict)
    default_template: str | None = None
    back: str | None = None        # template name for the backs; none = no backs
    cards: list[CardEntry] = Field(min_length=1)


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
    background: str
    cards: tuple[ResolvedCard, ...]
    source: str

    @property
    def has_backs(self) -> bool:
        return any(card.back is not None for card in self.cards)


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
                  TrackLayer]


ResolvedFace.model_rebuild()
ResolvedCard.model_rebuild()
ResolvedDeck.model_rebuild()
