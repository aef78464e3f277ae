"""Railroad Ink content models: the board sheet (``sheet.yaml``) and the dice (``dice.yaml``).

Faces and special routes are written in the board-text edge notation of
``shared/reference/railroad-ink-board-format.md``: four edge letters for the north, east,
south and west side (``h`` highway, ``r`` railway, ``l`` lava, ``.`` nothing) and an optional
marker (``s`` station, ``o`` overpass, ``v`` volcano); ``x`` alone is a meteor crater and
``.`` or ``....`` an empty space. :func:`parse_space` reads one such token.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import Field, ValidationInfo, field_validator, model_validator

from railprint.errors import LANGS
from railprint.errors import NotationError
from railprint.loading.schema import Length, Spec, validate
from railprint.loading.yamlio import load_file
from railprint.model.die_net import NetFace, NetTab
from railprint.units import mm

SIDES = ("N", "E", "S", "W")
EDGE_KINDS = {"h": "highway", "r": "railway", "l": "lava", ".": "none"}
MARKERS = {"": "plain", "s": "station", "o": "overpass", "v": "volcano", "x": "crater"}
ROWS = "ABCDEFG"

_SPACE = re.compile(r"^([hrl.]{4})([sov]?)$")


@dataclass(frozen=True)
class Space:
    """One space of the board: ``edges`` in N, E, S, W order and a ``marker``."""

    edges: tuple[str, str, str, str]
    marker: str = ""  # "" | s | o | v | x

    @property
    def empty(self) -> bool:
        return self.marker == "" and self.edges == (".", ".", ".", ".")

    def sides(self, kind: str) -> tuple[int, ...]:
        """Indices (0=N .. 3=W) of the sides whose edge is ``kind`` (h, r or l)."""
        return tuple(i for i, e in enumerate(self.edges) if e == kind)

    def token(self) -> str:
        if self.marker == "x":
            return "x"
        return "".join(self.edges) + self.marker


def parse_space(token: str) -> Space:
    """Read one cell token (``h.h.``, ``hrhro``, ``h.r.s``, ``llllv``, ``x``, ``.``)."""
    text = str(token).strip().lower()
    if text in (".", "...."):
        return Space((".", ".", ".", "."))
    if text == "x":
        return Space((".", ".", ".", "."), "x")
    match = _SPACE.match(text)
    if not match:
        raise NotationError(f"not a space: {token!r}",
                            hint="four edge letters h/r/l/. for N E S W, then an optional s/o/v; "
                                 "or x for a crater")
    edges, marker = tuple(match.group(1)), match.group(2)
    space = Space(edges, marker)  # type: ignore[arg-type]
    if marker == "o" and "".join(edges) not in ("hrhr", "rhrh"):
        raise NotationError(f"an overpass must be hrhro or rhrho, not {token!r}")
    if marker == "v" and "".join(edges) != "llll":
        raise NotationError(f"a volcano is written llllv, not {token!r}")
    if marker == "s" and not (space.sides("h") or space.sides("r")):
        raise NotationError(f"a station needs route edges: {token!r}")
    return space


class Label(Spec):
    """A player-facing text in every supported language."""

    en: str
    pl: str

    def get(self, lang: str) -> str:
        return getattr(self, lang) if lang in LANGS else self.en


def _check_route(value: object) -> str:
    """A validator helper: the token, lower-cased, or a ValueError pydantic reports in place."""
    try:
        return parse_space(str(value)).token()
    except NotationError as exc:
        raise ValueError(str(exc)) from None


# --------------------------------------------------------------------------- dice


class Face(Spec):
    """One die face: a route pictogram, a meteor direction arrow or a meteor distance."""

    id: str
    name: Label
    route: str | None = None
    arrow: Literal["N", "E", "S", "W", "any"] | None = None
    distance: int | None = Field(default=None, ge=1, le=6)

    @field_validator("route")
    @classmethod
    def _route(cls, value: str | None) -> str | None:
        return None if value is None else _check_route(value)

    @model_validator(mode="after")
    def _one_picture(self) -> "Face":
        given = [k for k in ("route", "arrow", "distance") if getattr(self, k) is not None]
        if len(given) != 1:
            raise ValueError(f"face {self.id!r}: give exactly one of route, arrow, distance "
                             f"(got {', '.join(given) or 'none'})")
        return self

    @property
    def space(self) -> Space | None:
        return parse_space(self.route) if self.route is not None else None


class Die(Spec):
    id: str
    name: Label
    set: Literal["base", "meteor", "lava"]
    count: int = Field(default=1, ge=1, le=6)
    faces: tuple[Face, ...]

    @field_validator("faces", mode="before")
    @classmethod
    def _six(cls, faces: object) -> object:
        if isinstance(faces, (list, tuple)) and len(faces) != 6:
            raise ValueError(f"a die has 6 faces, this one has {len(faces)}")
        return faces

    def face(self, face_id: str) -> Face:
        for face in self.faces:
            if face.id == face_id:
                return face
        from railprint.errors import ContentError, suggestion

        raise ContentError(f"die {self.id!r} has no face {face_id!r}",
                           hint=suggestion(face_id, [f.id for f in self.faces]))


class NetSettings(Spec):
    face: NetFace = mm(18)
    tab: NetTab = mm(5)


class DiceSpec(Spec):
    kind: Literal["dice"]
    id: str
    game: str
    title: Label
    revision: int
    net: NetSettings = NetSettings()
    dice: tuple[Die, ...]

    @model_validator(mode="after")
    def _unique(self) -> "DiceSpec":
        ids = [d.id for d in self.dice]
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            raise ValueError(f"duplicate die id(s): {', '.join(dupes)}")
        return self

    def die(self, die_id: str) -> Die:
        for die in self.dice:
            if die.id == die_id:
                return die
        from railprint.errors import ContentError, suggestion

        raise ContentError(f"no die {die_id!r}", hint=suggestion(die_id, [d.id for d in self.dice]))

    def face_ref(self, ref: str) -> Face:
        """``"route/highway-t"`` -> that face."""
        die_id, _, face_id = ref.partition("/")
        return self.die(die_id).face(face_id)


# --------------------------------------------------------------------------- sheet

_CELL = re.compile(r"^([A-Z])([1-9])$")


def cell(name: str) -> tuple[int, int]:
    """``"D4"`` -> (row 3, col 3), zero-based."""
    match = _CELL.match(str(name).strip().upper())
    if not match:
        raise ValueError(f"not a space name: {name!r} (expected e.g. D4)")
    return ord(match.group(1)) - ord("A"), int(match.group(2)) - 1


class Grid(Spec):
    rows: int = Field(default=7, ge=3, le=7)
    cols: int = Field(default=7, ge=3, le=9)
    square: Length = mm(21)
    round_box: Length = mm(4)
    centre: str = "C3:E5"

    @field_validator("square")
    @classmethod
    def _square(cls, value: float) -> float:
        if value < mm(20) - 1e-6:
            raise ValueError("squares must be at least 20mm so players can draw in them")
        return value

    @field_validator("centre")
    @classmethod
    def _centre(cls, value: str) -> str:
        first, sep, last = value.partition(":")
        if not sep:
            raise ValueError(f"centre must be a range like C3:E5, not {value!r}")
        cell(first), cell(last)
        return value.upper()

    def centre_cells(self) -> tuple[int, int, int, int]:
        """(row0, col0, row1, col1) inclusive."""
        first, _, last = self.centre.partition(":")
        (r0, c0), (r1, c1) = cell(first), cell(last)
        return r0, c0, r1, c1


class Exit(Spec):
    at: str
    side: Literal["N", "E", "S", "W"]
    type: Literal["h", "r"]

    @field_validator("at")
    @classmethod
    def _at(cls, value: str) -> str:
        cell(value)
        return value.upper()

    @property
    def row_col(self) -> tuple[int, int]:
        return cell(self.at)


class Variant(Spec):
    expansion: Literal["none", "meteor", "lava"]
    rounds: int = Field(ge=1, le=12)
    name: Label
    predrawn: dict[str, str] = {}

    @field_validator("predrawn")
    @classmethod
    def _predrawn(cls, value: dict[str, str]) -> dict[str, str]:
        for at, token in value.items():
            cell(at)
            _check_route(token)
        return {k.upper(): str(v).lower() for k, v in value.items()}


class SpecialRoute(Spec):
    id: str
    route: str
    name: Label

    @field_validator("route")
    @classmethod
    def _route(cls, value: str) -> str:
        return _check_route(value)


class ScoreBox(Spec):
    id: str
    sign: Literal["+", "-", "="]
    label: Label


REQUIRED_LABELS = (
    "game", "sheet", "player", "rounds", "round", "special_routes", "special_rule", "network_value",
    "exits", "points", "score", "dice_reference", "dice_rule", "round_track", "track_rule", "seed",
    "date", "meteor", "meteor_rule", "crater", "crater_rule", "impact", "lava", "lava_rule",
    "lava_score", "volcano", "any",
)


class SheetSpec(Spec):
    kind: Literal["sheet"]
    id: str
    game: str
    title: Label
    revision: int
    dice: str = "dice.yaml"
    grid: Grid = Grid()
    exits: tuple[Exit, ...]
    variants: dict[str, Variant]
    special_routes: tuple[SpecialRoute, ...]
    dice_reference: tuple[str, ...]
    network_table: dict[int, int]
    score_boxes: tuple[ScoreBox, ...]
    labels: dict[str, Label]

    @field_validator("exits")
    @classmethod
    def _exits_on_the_edge(cls, exits: tuple[Exit, ...], info: ValidationInfo) -> tuple[Exit, ...]:
        grid = info.data.get("grid") or Grid()
        problems = []
        for ex in exits:
            r, c = ex.row_col
            if not (0 <= r < grid.rows and 0 <= c < grid.cols):
                problems.append(f"exit {ex.at} is outside the {grid.rows}x{grid.cols} grid")
                continue
            border = {"N": r == 0, "S": r == grid.rows - 1, "W": c == 0, "E": c == grid.cols - 1}
            if not border[ex.side]:
                problems.append(f"exit {ex.at} is not on the {ex.side} edge of the board")
        if problems:
            raise ValueError("; ".join(problems))
        return exits

    @field_validator("labels")
    @classmethod
    def _all_labels(cls, labels: dict[str, Label]) -> dict[str, Label]:
        missing = [k for k in REQUIRED_LABELS if k not in labels]
        if missing:
            raise ValueError(f"missing {', '.join(missing)}")
        return labels

    @field_validator("variants", "special_routes", "dice_reference", "network_table", "score_boxes")
    @classmethod
    def _not_empty(cls, value):
        if not value:
            raise ValueError("must not be empty")
        return value

    def label(self, key: str, lang: str) -> str:
        return self.labels[key].get(lang)

    def variant(self, name: str) -> Variant:
        if name not in self.variants:
            from railprint.errors import RailprintError, suggestion

            raise RailprintError(f"unknown sheet variant {name!r}", hint=suggestion(name, self.variants))
        return self.variants[name]

    def variant_for(self, expansion: str) -> tuple[str, Variant]:
        for key, variant in self.variants.items():
            if variant.expansion == expansion:
                return key, variant
        from railprint.errors import RailprintError, suggestion

        raise RailprintError(f"unknown expansion {expansion!r}",
                             hint=suggestion(expansion, [v.expansion for v in self.variants.values()]))


# --------------------------------------------------------------------------- loading


def load_sheet(path: str | Path | None = None) -> SheetSpec:
    """Read and validate a sheet file (default: the built-in one)."""
    from railprint.loading.resources import content_path

    path = Path(path) if path is not None else content_path("railroad-ink", "sheet.yaml")
    return validate(SheetSpec, load_file(path), str(path), "Railroad Ink sheet")


def load_dice(path: str | Path | None = None) -> DiceSpec:
    """Read and validate a dice file (default: the built-in one)."""
    from railprint.loading.resources import content_path

    path = Path(path) if path is not None else content_path("railroad-ink", "dice.yaml")
    return validate(DiceSpec, load_file(path), str(path), "Railroad Ink dice")


def dice_for_sheet(sheet_path: str | Path | None, sheet: SheetSpec) -> DiceSpec:
    """The dice file a sheet names (``dice:``, default ``dice.yaml``): beside the sheet file
    (inside the content folder), else the built-in one of that name — a copied ``sheet.yaml``
    alone in a ``--content`` folder uses the built-in dice. Neither: an error at ``dice:``."""
    from railprint.errors import ContentError, Location
    from railprint.loading.paths import referenced
    from railprint.loading.resources import content_path

    builtin = content_path("railroad-ink")
    if sheet_path is None:
        return load_dice(referenced(builtin, sheet.dice, Location(str(builtin / "sheet.yaml"))))
    sheet_path = Path(sheet_path)
    data = load_file(sheet_path)
    where = data.loc("dice") if isinstance(data, dict) and "dice" in data else Location(str(sheet_path), 1, 1)
    beside = referenced(sheet_path.parent, sheet.dice, where)
    if beside.exists():
        return load_dice(beside)
    fallback = builtin / sheet.dice
    if fallback.resolve().parent == builtin.resolve() and fallback.is_file():
        return load_dice(fallback)
    raise ContentError(f"dice file {sheet.dice!r} not found beside the sheet, nor among the built-in files",
                       where, hint=f"looked for {beside}; name an existing dice file in 'dice:'")
