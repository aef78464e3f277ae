"""Render orchestration: find content files, build each component set into a scene Document,
write it. ``railprint render`` and the tests go through here.

Each content file names its ``kind``; :data:`BUILDERS` maps a kind to the function that turns
the file into a Document. Deck-like kinds (cards, tiles) go through the imposition engine.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from railprint.errors import ContentError, Location, RailprintError, check_lang, suggestion
from railprint.loading.resources import content_root
from railprint.loading.yamlio import load_file

# kind -> "module:function"; the function is called as fn(path, options) -> Document
BUILDERS: dict[str, str] = {
    "deck": "railprint.render:build_deck",
    "tiles": "railprint.render:build_deck",
    "sheet": "railprint.draw.railroad_ink_sheet:render_sheets",   # Railroad Ink board sheets
    "dice": "railprint.draw.railroad_ink_dice:render_dice",       # Railroad Ink die nets
    "board": "railprint.render:build_ttr_board",                  # Ticket to Ride boards, tiled
    "scorepad": "railprint.render:build_ttr_scorepad",            # Ticket to Ride score pads
}
# content kinds that are data for other tools, not printable components
DATA_KINDS = {"map"}
# kinds laid out by the imposition engine (cards and tiles)
DECK_KINDS = ("deck", "tiles")


def _named(spec: str) -> Any:
    """The object a ``"module:name"`` registry entry points at (imported on first use)."""
    module, _, name = spec.partition(":")
    return getattr(importlib.import_module(module), name)


@dataclass(frozen=True)
class RenderOptions:
    paper: str = "a4"
    mode: str = "duplex"
    flip: str = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)  # mm
    lang: str = "en"
    extra: dict[str, Any] = field(default_factory=dict)


def check_options(options: RenderOptions, fmt: str) -> None:
    """Refuse bad option values before any (slow) building starts."""
    from railprint.layout.imposition import FLIPS, MODES
    from railprint.layout.paper import paper

    paper(options.paper)
    if fmt.lower() not in ("pdf", "svg"):
        raise RailprintError(f"unknown format {fmt!r}", hint="expected pdf or svg")
    if options.mode not in MODES:
        raise RailprintError(f"unknown mode {options.mode!r}", hint=suggestion(options.mode, MODES))
    if options.flip not in FLIPS:
        raise RailprintError(f"unknown flip {options.flip!r}", hint="expected long or short")
    check_lang(options.lang)


@dataclass(frozen=True)
class ContentFile:
    path: Path
    kind: str
    id: str
    game: str
    title: dict
    count: int | None = None  # components in the file, when known cheaply


def _kind_of(path: Path) -> ContentFile:
    data = load_file(path)
    if not isinstance(data, dict):
        raise ContentError("a content file must be a mapping with 'kind:'", Location(str(path), 1, 1))
    if "format" in data and str(data.get("format", "")).startswith("railprint-ttr-map"):
        return ContentFile(path, "map", str(data.get("id", path.stem)), "ticket-to-ride",
                           dict(data.get("name") or {}))
    kind = data.get("kind")
    if kind is None:
        raise ContentError("missing 'kind:'", Location(str(path), 1, 1),
                           hint="expected one of: " + ", ".join(sorted(set(BUILDERS) | DATA_KINDS)))
    kind = str(kind)
    if kind not in BUILDERS and kind not in DATA_KINDS:
        raise ContentError(f"unknown kind {kind!r}", data.loc("kind"),
                           hint=suggestion(kind, sorted(set(BUILDERS) | DATA_KINDS)))
    count = None
    if kind in DECK_KINDS and isinstance(data.get("cards"), list):
        count = sum(int(c.get("count", 1)) if isinstance(c, dict) else 1 for c in data["cards"])
    return ContentFile(path, kind, str(data.get("id", path.stem)), str(data.get("game", path.parent.name)),
                       dict(data.get("title") or {}), count)


def discover(root: Path | None = None) -> list[ContentFile]:
    """Every content file under ``root`` (default: the built-in content), sorted by path."""
    root = Path(root) if root is not None else content_root()
    if not root.is_dir():
        raise RailprintError(f"content folder not found: {root}")
    return [_kind_of(path) for path in sorted(root.rglob("*.yaml"))
            if path.parent.name != "sheets" and not path.name.startswith("_")]


def select(files: list[ContentFile], game: str) -> list[ContentFile]:
    """The printable files of ``game`` ("all" for every game)."""
    printable = [f for f in files if f.kind in BUILDERS]
    if game == "all":
        return printable
    from railprint.games import find_game

    games = {f.game for f in printable}
    try:
        wanted = find_game(game).id
    except RailprintError:
        wanted = game
    chosen = [f for f in printable if f.game == wanted]
    if not chosen:
        raise RailprintError(f"no printable content for game {game!r}",
                             hint=suggestion(game, sorted(games) + ["all"]))
    return chosen


def build(info: ContentFile, options: RenderOptions):
    """The Document for one content file."""
    return _named(BUILDERS[info.kind])(info.path, options)


def deck_faces(deck) -> list:
    from railprint.draw.card import draw_face
    from railprint.layout.imposition import Face

    cache: dict[int, Any] = {}

    def face(resolved):
        key = id(resolved)
        if key not in cache:
            cache[key] = draw_face(resolved, deck)
        return cache[key]

    return [Face(face(card.front), face(card.back) if card.back is not None else None)
            for card in deck.cards]


def build_deck(path: Path, options: RenderOptions):
    """A deck or tile set, imposed on sheets (or 1-up pages)."""
    from railprint.layout.imposition import impose
    from railprint.layout.paper import revision_label
    from railprint.model.resolve import load_deck
    from railprint.units import mm

    deck = load_deck(path, options.lang)
    faces = deck_faces(deck)
    nouns = {("deck", "en"): "cards", ("deck", "pl"): "kart", ("tiles", "en"): "tiles", ("tiles", "pl"): "płytek"}
    count = nouns.get((deck.kind, options.lang), nouns[(deck.kind, "en")])
    detail = f"{deck.id} · {revision_label(deck.revision, options.lang)} · {len(faces)} {count} · {path.name}"
    imposed = impose(faces, width=deck.width, height=deck.height, bleed=deck.bleed,
                     paper=options.paper, mode=options.mode, flip=options.flip,
                     back_offset=(mm(options.back_offset[0]), mm(options.back_offset[1])),
                     orientation=deck.orientation, gap=deck.gap,
                     title=deck.title, detail=detail, lang=options.lang)
    return imposed.document


def render_all(chosen: list[ContentFile], options: RenderOptions, out: Path, fmt: str,
               advance: Callable[[str], None] = lambda label: None) -> list[Path]:
    """Build every chosen file first (so bad content writes nothing), then write them.

    PDF: ``out/<game>/<id>.pdf`` sheets. SVG: one file per component face (deck-like kinds are
    laid out 1-up) or per page, in ``out/<game>/<id>/``.
    """
    from dataclasses import replace

    from railprint.writers import render, write_atomic

    check_options(options, fmt)
    fmt = fmt.lower()
    built = []
    for info in chosen:
        opts = replace(options, mode="1up") if fmt == "svg" and info.kind in DECK_KINDS else options
        advance(f"{info.game}/{info.id}")
        document = build(info, opts)
        built.append((info, document, render(document, fmt)))
    written: list[Path] = []
    for info, document, blobs in built:
        if fmt == "pdf":
            target = out / info.game / f"{info.id}.pdf"
            write_atomic(target, blobs[0])
            written.append(target)
            continue
        labels = [page.label for page in document.pages]
        unique = len(set(labels)) == len(labels) and all(labels)
        for number, (page, blob) in enumerate(zip(document.pages, blobs), 1):
            stem = f"{info.id}-{page.label}" if unique else f"{info.id}-{number:03d}"
            target = out / info.game / info.id / f"{_safe(stem)}.svg"
            write_atomic(target, blob)
            written.append(target)
    return written


def _safe(name: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "-_." else "-" for ch in name)


def _validate_map(path: Path, lang: str) -> None:
    from railprint.games.ticket_to_ride.maps import load_map_file

    load_map_file(path)


# kind -> "module:function" checking a file fully without drawing: fn(path, lang) -> None
VALIDATORS: dict[str, str] = {
    "deck": "railprint.model.resolve:load_deck",
    "tiles": "railprint.model.resolve:load_deck",
    "map": "railprint.render:_validate_map",
}


def validate_content(target: Path | None, lang: str = "en") -> list[ContentFile]:
    """Check every content file under ``target`` (a folder or one file); collect all problems
    from all files and raise them together."""
    if target is not None and Path(target).is_file():
        files = [_kind_of(Path(target))]
    else:
        files = discover(target)
    problems: list[RailprintError] = []
    try:
        from railprint.model.sheets import sheet_settings

        sheet_settings()
    except ContentError as exc:
        problems.extend(exc.problems or [exc])
    for info in files:
        spec = VALIDATORS.get(info.kind)
        try:
            if spec is not None:
                _named(spec)(info.path, lang)
            elif info.kind in BUILDERS:
                build(info, RenderOptions(lang=lang))
        except ContentError as exc:
            problems.extend(exc.problems or [exc])
        except RailprintError as exc:
            problems.append(exc)
    if problems:
        raise ContentError(f"{len(problems)} problem(s) found:", problems=problems)
    return files


def build_ttr_board(path: Path, options: RenderOptions):
    """A Ticket to Ride map printed at real size over pages, plus a one-page overview."""
    from railprint.draw.ttr_board import build_board, load_board_spec
    from railprint.games.ticket_to_ride.maps import load_map

    spec = load_board_spec(path)
    return build_board(spec, load_map(spec.map, base=Path(path).parent), paper=options.paper,
                       lang=options.lang)


def build_ttr_scorepad(path: Path, options: RenderOptions):
    """Score pad pages for a Ticket to Ride map: a row per player, a column per category."""
    from railprint.draw.ttr_scorepad import build_scorepad, load_scorepad_spec
    from railprint.games.ticket_to_ride.maps import load_map

    spec = load_scorepad_spec(path)
    return build_scorepad(load_map(spec.map, base=Path(path).parent), paper=options.paper,
                          lang=options.lang, games=spec.games_per_page, revision=spec.revision)


# kind -> "module:Model" of its content file, for `railprint schema`
SCHEMAS: dict[str, str] = {
    "deck": "railprint.model.deck:DeckSpec",
    "tiles": "railprint.model.deck:DeckSpec",
    "sheet": "railprint.model.railroad_ink:SheetSpec",
    "dice": "railprint.model.railroad_ink:DiceSpec",
    "board": "railprint.draw.ttr_board:BoardSpec",
    "scorepad": "railprint.draw.ttr_scorepad:ScorepadSpec",
    "map": "railprint.games.ticket_to_ride.maps:MapSpec",
    "sheets": "railprint.model.sheets:SheetsSpec",
}


def content_schema() -> dict[str, Any]:
    """One JSON Schema for every content file: ``anyOf`` the schema of each kind."""
    from pydantic.json_schema import models_json_schema

    models = [_named(spec) for spec in dict.fromkeys(SCHEMAS.values())]
    keys, top = models_json_schema([(model, "validation") for model in models],
                                   ref_template="#/$defs/{model}")
    defs = top.get("$defs", {})
    choices = [keys[(model, "validation")] for model in models]
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "railprint content file",
        "description": "A railprint content file; its `kind` (or `format` for maps) says which. "
                       "Lengths are strings with a unit: '63mm', '2.5in', '12pt'.",
        "anyOf": choices,
        "$defs": defs,
    }
