"""Render orchestration: find content files, build each component set into a scene Document,
write it. ``railprint render`` and the tests go through here.

Each content file names its ``kind``; the registry (:mod:`railprint.registry`) says which game
owns the kind and which function turns the file into a Document. The engine's own kinds (decks,
tiles) go through the imposition engine here.
"""

from __future__ import annotations

import os
import re
import unicodedata
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable

from railprint.errors import ContentError, Location, Problems, RailprintError, check_lang, clip, suggestion
from railprint.text.fonts import check_glyphs
from railprint.loading.paths import content_scope, lies_in, referenced, resolved, slug_problem, walk
from railprint.loading.resources import content_root
from railprint.loading.text import read_head
from railprint.loading.yamlio import load_file
from railprint.memory import gc_paused


def _hook(kind_name: str, what: str, path: Path) -> Any:
    """The ``build`` / ``validate`` function of a content kind: a game's is guarded (its failure
    is one error naming the game's plugin), the engine's own is called as it is."""
    from railprint.registry import plugin_hook

    kind, game = _kinds()[kind_name]
    return plugin_hook(game, f"{what} of kind {kind.name!r}", getattr(kind, what), on=str(path))


def _kinds() -> dict:
    from railprint.registry import all_kinds

    return all_kinds()


def printable(kind: str) -> bool:
    entry = _kinds().get(kind)
    return entry is not None and entry[0].build is not None


def printable_file(info: "ContentFile") -> bool:
    """Does this entry print? (A data file with generated components prints only through them.)"""
    return printable(info.kind) and (info.component is not None or not _kinds()[info.kind][0].components)


def _deck_like(kind: str) -> bool:
    entry = _kinds().get(kind)
    return entry is not None and entry[0].deck_like


# pdf: sheets; svg: one vector file per face; png/jpeg: one image per face (rasterised from the PDF)
FORMATS = ("pdf", "svg", "png", "jpeg")
IMAGE_FORMATS = ("png", "jpeg")


@dataclass(frozen=True)
class RenderOptions:
    """The options of one render."""

    paper: str = "a4"
    mode: str = "duplex"
    flip: str = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)  # mm
    lang: str = "en"
    scale: tuple[float, float] = (1.0, 1.0)  # the printer correction of `railprint calibrate`
    bleed: float | None = None  # pt: every deck's bleed for this run (a print shop's), else its own
    extra: dict[str, Any] = field(default_factory=dict)
    layout: str = "auto"            # auto (the deck's `layout:`, else fewer sheets) | gutter | butt
    cut_lines: bool | None = None   # None: on for sheets cut at home (duplex, gutterfold), off for 1up

    @property
    def cuts(self) -> bool:
        return self.mode != "1up" if self.cut_lines is None else self.cut_lines


def check_options(options: RenderOptions, fmt: str) -> None:
    """Refuse bad option values before any (slow) building starts."""
    from railprint.layout.imposition import FLIPS, LAYOUTS, MODES
    from railprint.layout.paper import paper

    paper(options.paper)
    if fmt.lower() not in FORMATS:
        raise RailprintError(f"unknown format {fmt!r}", hint=suggestion(fmt.lower(), FORMATS))
    if options.mode not in MODES:
        raise RailprintError(f"unknown mode {options.mode!r}", hint=suggestion(options.mode, MODES))
    if options.flip not in FLIPS:
        raise RailprintError(f"unknown flip {options.flip!r}", hint="expected long or short")
    if options.layout not in LAYOUTS:
        raise RailprintError(f"unknown layout {options.layout!r}", hint=suggestion(options.layout, LAYOUTS))
    check_lang(options.lang)


@dataclass(frozen=True)
class ContentFile:
    """A discovered content file: where, its kind, id and game."""

    path: Path
    kind: str
    id: str
    game: str
    title: dict
    count: int | None = None  # components in the file, when known cheaply
    replaces: Path | None = None  # the file of an earlier content layer with the same game and id
    component: str | None = None  # a component generated from this data file (a map's board, ...)
    root: Path | None = None  # the content folder it was found in (references stay inside)
    id_at: Location | None = None  # where the id is given (or the file's top when implicit)
    map: str | None = None  # the map it belongs to: a map file's id, or the `map:` a file names
    share: str | None = None  # sets with the same `share:` print together on shared sheets
    share_at: Location | None = None


def _title(data: dict, key: str) -> dict:
    value = data.get(key)
    if value is None:
        return {}
    if not isinstance(value, dict):
        plain = isinstance(value, str) and value.strip() and not any(ch in value for ch in "{}\n")
        raise ContentError(f"'{key}:' must be a label map such as {{en: Harbours, pl: Porty}}",
                           data.loc(key), hint=f"got {str(value)[:40]!r}" + (
                               f"; write {key}: {{en: {value.strip()[:40]}}}" if plain else ""))
    title = {str(k): str(v) for k, v in value.items()}
    for lang, text in title.items():  # the title is printed (page footers): validate as render does
        where = value.loc(lang) if hasattr(value, "loc") else data.loc(key)
        control = sorted({ch for ch in text if unicodedata.category(ch) == "Cc"})
        if control:
            raise ContentError(f"text {clip(text)} holds control character(s) " + ", ".join(map(repr, control)),
                               where, hint="names and labels are printed: use letters, digits and punctuation")
        missing = check_glyphs(text)
        if missing:
            raise ContentError(f"the font has no glyph for {''.join(missing)!r} in the {lang} {key} {clip(text, 60)}",
                               where, hint="use other characters")
    return title


def _count(data: dict) -> int:
    """Components in a deck-like file; a bad ``count:`` is left to the schema's located error."""
    from railprint.model.deck import MAX_COMPONENTS

    total = 0
    for card in data["cards"]:
        value = card.get("count", 1) if isinstance(card, dict) else 1
        total += value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 1
    if total > MAX_COMPONENTS:
        raise ContentError(f"{total} components in one file; at most {MAX_COMPONENTS} are rendered",
                           data.loc("cards"), hint="lower the 'count:' values or split the file")
    return total


def _slugs(data: dict, path: Path, ident: Any, game: Any) -> tuple[str, str]:
    problems = Problems()
    for value, key, what in ((ident, "id", "id"), (game, "game", "game name")):
        problem = slug_problem(value, what)
        if problem:
            problems.add(problem[0], data.loc(key) if key in data else Location(str(path), 1, 1), problem[1])
    problems.raise_if_any(str(path), Location(str(path)))
    return str(ident), str(game)


def _kind_of(path: Path, root: Path | None = None) -> ContentFile:
    data = load_file(path)
    if not isinstance(data, dict):
        raise ContentError("a content file must be a mapping with 'kind:'", Location(str(path), 1, 1))
    from railprint.registry import kind_for_format

    if "format" in data and "kind" not in data:
        found = kind_for_format(str(data.get("format", "")))
        if found is not None:
            kind_, owner = found
            ident, game = _slugs(data, path, data.get("id", path.stem),
                                 owner.id if owner else data.get("game", path.parent.name))
            return ContentFile(path, kind_.name, ident, game, _title(data, "name"), root=root,
                               id_at=_id_at(data, path), map=ident)
    kinds = _kinds()
    kind = data.get("kind")
    if kind is None:
        raise ContentError("missing 'kind:'", Location(str(path), 1, 1),
                           hint="expected one of: " + ", ".join(sorted(kinds)))
    kind = str(kind)
    if kind not in kinds:
        raise ContentError(f"unknown kind {kind!r}", data.loc("kind"),
                           hint=suggestion(kind, sorted(kinds)))
    count = None
    if _deck_like(kind) and isinstance(data.get("cards"), list):
        count = _count(data)
    elif _deck_like(kind) and isinstance(data.get("cards"), dict):
        count = _table_count(path, data["cards"])
    ident, game = _slugs(data, path, data.get("id", path.stem), data.get("game", path.parent.name))
    named_map = data.get("map") if isinstance(data.get("map"), str) else None
    if named_map is not None and ("/" in named_map or "\\" in named_map or named_map.endswith((".yaml", ".yml"))):
        named_map = Path(named_map).stem  # a map named by its file: the file's stem
    share, share_at = None, None
    if _deck_like(kind) and "share" in data:
        share, share_at = data["share"], data.loc("share")
        problem = slug_problem(share, "shared sheet name")
        if problem:
            raise ContentError(problem[0], share_at, problem[1])
    return ContentFile(path, kind, ident, game, _title(data, "title"), count, root=root, id_at=_id_at(data, path),
                       map=named_map, share=share, share_at=share_at)


def _id_at(data: dict, path: Path) -> Location:
    return data.loc("id") if "id" in data else Location(str(path), 1, 1)


def _table_count(path: Path, source: dict) -> int | None:
    """Cards of a deck read from a data file (``cards: {from: …}``); None if it cannot be read
    (``validate`` and ``render`` report why)."""
    from railprint.loading.tables import load_table

    try:
        rows = load_table(referenced(path.parent, str(source.get("from")), own_folder=True), source.get("sheet"))
        column = str(source.get("count_column", "count"))
        return sum(int(row[column]) if str(row.get(column, "")).strip() else 1 for row in rows)
    except (RailprintError, ValueError, TypeError, OverflowError):  # count: .inf -> OverflowError
        return None


def discover(root: Path | None = None) -> list[ContentFile]:
    """Every content file under ``root`` (default: the built-in content), sorted by path.

    Only regular files inside ``root`` are read (a symlink leading out of it is refused); two
    files with the same game and id are an error naming both. Every problem is reported at once.
    """
    root = Path(root) if root is not None else content_root()
    if not root.is_dir():
        raise RailprintError(f"content folder not found: {root}")
    problems: list[RailprintError] = []
    found: list[ContentFile] = []
    seen: dict[tuple[str, str], ContentFile] = {}
    inside = resolved(root)
    for path in walk(root, ".yaml"):
        if path.parent.name == "sheets" or path.name.startswith("_"):
            continue
        if not lies_in(inside, path):  # before any byte of it is read
            problems.append(ContentError("the file leads outside the content folder (a symlink?)",
                                         Location(str(path)), hint="copy the file into the folder instead"))
            continue
        if _card_list(path):
            continue
        try:
            info = _kind_of(path, root)
        except ContentError as exc:
            problems.extend(exc.problems or [exc])
            continue
        other = seen.setdefault((info.game, info.id), info)
        if other is not info:
            problems.append(ContentError(f"game {info.game!r} already has a content file with id {info.id!r}: "
                                         f"{other.path}", info.id_at,
                                         hint="give one of the two files another id"))
            continue
        found.append(info)
    if len(problems) == 1:
        raise problems[0]
    if problems:
        raise ContentError(f"{len(problems)} problem(s) found:", problems=problems)
    return found


def _card_list(path: Path) -> bool:
    """A YAML file holding a list (a deck's ``cards: {from: cards.yaml}``) is data, not content."""
    try:
        head = read_head(path).decode("utf-8-sig", "replace")
    except RailprintError:
        return False  # not a plain file: reading it as content reports why, located
    for line in head.splitlines():
        text = line.strip()
        if text and not text.startswith(("#", "---")):
            return text.startswith(("- ", "[")) or text == "-"
    return False


def discover_layers(folders) -> list[ContentFile]:
    """The built-in content plus the user's ``folders`` (see :func:`railprint.loading.resources.use_content`):
    a file with the same game and id as one of an earlier layer replaces it (``replaces`` says
    which); then the components data files generate (a map's board, tickets and score pad) for
    every id no file gives."""
    from railprint.loading.resources import use_content

    use_content(folders)
    with gc_paused():   # parsing every file makes many objects and no cycles (railprint.memory)
        return _discover_layers(folders)


def _discover_layers(folders) -> list[ContentFile]:
    chosen: dict[tuple[str, str], ContentFile] = {}
    for layer, folder in enumerate([None, *folders]):
        for info in discover(folder):
            key = (info.game, info.id)
            if key in chosen and layer:
                info = replace(info, replaces=chosen[key].path)
            chosen[key] = info
    files = list(chosen.values())
    for info in list(files):
        entry = _kinds().get(info.kind)
        for component in _components(entry[0], info) if entry else ():
            ident = f"{info.id}-{component}"
            if (info.game, ident) not in chosen:
                files.append(replace(info, id=ident, component=component, count=None))
    return files


def _components(kind, info: ContentFile) -> tuple[str, ...]:
    """The components a data file generates (``kind.components_of`` when its content decides)."""
    if kind.components_of is None:
        return kind.components
    try:
        with content_scope(info.root or info.path.parent):
            return tuple(_hook(info.kind, "components_of", info.path)(info.path))
    except RailprintError:  # a broken file: render and validate report it at its build
        return kind.components


def of_map(files: list[ContentFile], map_id: str) -> list[ContentFile]:
    """The files of one map's kit: the components it generates, the files naming it (``map: ID``),
    the sets whose id starts with ``ID-`` (``nordic-tickets``) and the sets every map of its game
    shares (the train cards)."""
    maps = sorted({f.map for f in files if f.map and f.component is None and f.id == f.map})
    key = map_id.strip().lower()
    if key not in maps:
        raise RailprintError(f"no map {map_id!r}", hint=suggestion(map_id, maps) if maps else "no map files found")
    game = next(f.game for f in files if f.map == key and f.component is None and f.id == key)
    return [f for f in files if f.game == game and kit_map(f, maps) in (key, None)]


def kit_map(info: ContentFile, maps) -> str | None:
    """The map whose kit ``info`` belongs to: the map it names or generates it, or the map its id
    starts with (``nordic-tickets``); None for a set every map of its game shares (the train cards)."""
    if info.map:
        return info.map
    return next((m for m in maps if info.id.startswith(m + "-")), None)


def select(files: list[ContentFile], game: str, map_id: str | None = None) -> list[ContentFile]:
    """The printable files of ``game`` ("all" for every game), of one map when ``map_id`` is given."""
    if map_id is not None:
        files = of_map(files, map_id)
    printable_files = [f for f in files if printable_file(f)]
    if game == "all":
        return printable_files
    from railprint.registry import broken, find_game

    games = {f.game for f in printable_files}
    try:
        wanted = find_game(game).id
    except RailprintError as exc:
        if any(exc is error for error in broken()):  # the game's plugin is broken: say that
            raise
        wanted = game
    chosen = [f for f in printable_files if f.game == wanted]
    if not chosen:
        raise RailprintError(f"no printable content for game {game!r}",
                             hint=suggestion(game, sorted(games) + ["all"]))
    return chosen


def build(info: ContentFile, options: RenderOptions):
    """The Document for one content file (or one component a data file generates)."""
    if info.component is not None:
        options = replace(options, extra={**options.extra, "component": info.component})
    from railprint.scene import Document

    with content_scope(info.root or info.path.parent):
        document = _hook(info.kind, "build", info.path)(info.path, options)
    if not isinstance(document, Document):
        _, game = _kinds()[info.kind]
        raise RailprintError(f"{game.plugin() if game else 'railprint'}: the build of kind {info.kind!r} "
                             f"returned {type(document).__name__}, not a scene Document, for {info.path}")
    return document


def deck_faces(deck) -> list:
    from railprint.draw.card import draw_face
    from railprint.layout.imposition import Face

    cache: dict[int, Any] = {}
    drawn: dict[int, Any] = {}   # the deck's shapes drawn once for every face sharing the layer

    def face(resolved):
        key = id(resolved)
        if key not in cache:
            cache[key] = draw_face(resolved, deck, drawn=drawn)
        return cache[key]

    return [Face(face(card.front), face(card.back) if card.back is not None else None, card.name)
            for card in deck.cards]


def build_deck(path: Path, options: RenderOptions):
    """A deck or tile set, imposed on sheets (or 1-up pages)."""
    from railprint.model.resolve import load_deck

    return impose_deck(load_deck(path, options.lang), path, options)


def impose_deck(deck, path: Path, options: RenderOptions):
    """A resolved deck on sheets, with its footer naming ``path``."""
    return impose_resolved(deck, path, options).document


def deck_layout(deck, options: RenderOptions) -> str:
    """``gutter`` or ``butt`` for this deck: ``--layout``, else the deck's ``layout:``, else
    whichever needs fewer sheets."""
    from railprint.layout.imposition import choose_layout

    wanted = options.layout if options.layout != "auto" else deck.layout
    if wanted == "auto" and deck.gap is not None:
        wanted = "gutter"   # a deck asking for a gap between its pieces wants gutters
    return choose_layout(wanted, len(deck.cards), width=deck.width, height=deck.height, bleed=deck.bleed,
                         paper=options.paper, mode=options.mode if deck.has_backs else "simplex",
                         orientation=deck.orientation, gap=deck.gap)


def impose_resolved(deck, path: Path, options: RenderOptions):
    """The :class:`~railprint.layout.imposition.Imposed` sheets of a resolved deck."""
    from railprint.layout.imposition import impose, plan_butt
    from railprint.layout.paper import revision_label
    from railprint.units import mm
    if options.bleed is not None:
        deck = deck.model_copy(update={"bleed": options.bleed})
    from railprint.words import counted

    if deck.die is not None:
        return _dice_of(deck, path, options)
    if (options.mode != "1up" or options.extra.get("tts")) and not fits_sheet(deck, options.paper):
        return _board_over_pages(deck, path, options)   # a board (Tabletop Simulator: a Custom_Board)
    layout = deck_layout(deck, options)
    own_bleed = deck.bleed
    if layout == "butt":
        plan = plan_butt(options.paper, deck.orientation, deck.width, deck.height, deck.bleed)
        if plan.bleed < deck.bleed:   # the faces print only the bleed the sheet leaves room for
            deck = deck.model_copy(update={"bleed": plan.bleed})
    faces = deck_faces(deck)
    count = counted(len(faces), deck.noun, options.lang)
    detail = f"{deck.id} · {revision_label(deck.revision, options.lang)} · {count} · {path.name}"
    return _thin_bleed(impose(faces, width=deck.width, height=deck.height, bleed=deck.bleed,
                              paper=options.paper, mode=options.mode, flip=options.flip,
                              back_offset=(mm(options.back_offset[0]), mm(options.back_offset[1])),
                              orientation=deck.orientation, gap=deck.gap,
                              title=deck.title, detail=detail, lang=options.lang, layout=layout,
                              cut_lines=options.cuts, corner_radius=deck.corner_radius), own_bleed, deck.tts)


def fits_sheet(deck, paper: str) -> bool:
    """Does one piece of ``deck`` (with its bleed) fit ``paper`` in some orientation?"""
    from railprint.layout.imposition import fits_sheet as fits

    return fits(paper, deck.orientation, deck.width, deck.height, deck.bleed)


BOARD_STEP = {"en": "cut each page along its grey frame on the left and top, then glue the pages in the order of "
                    "the assembly map (the first page)",
              "pl": "przytnij każdą stronę wzdłuż szarej ramki z lewej i z góry, potem sklej strony w kolejności "
                    "z planu składania (pierwsza strona)"}


ONE_PAGE_STEP = {"en": "cut it out along its grey frame", "pl": "wytnij wzdłuż szarej ramki"}


def _board_over_pages(deck, path: Path, options: RenderOptions):
    """A deck of one piece larger than the paper (a designer's board): its front at real size over
    pages (:func:`railprint.layout.tiling.tile_document`), the first page the assembly map and the
    whole board at a glance. The art stops at the trim (no bleed): the pages are glued edge to edge."""
    from railprint.layout.imposition import Imposed
    from railprint.layout.paper import paper as get_paper, revision_label
    from railprint.layout.tiling import plan_tiles, tile_document
    from railprint.scene import Group, Rect
    from railprint.units import to_mm

    where = Location(str(path), 1, 1)
    if len(deck.cards) != 1 or deck.cards[0].back is not None:
        backs = " and no back" if deck.cards[0].back is not None else ""
        raise ContentError(
            f"a {to_mm(deck.width):g} × {to_mm(deck.height):g} mm piece is larger than {options.paper} paper: "
            f"it is printed as a board over several pages, and a board is one piece{backs} "
            f"(this file makes {len(deck.cards)} piece(s))", where,
            "give a board a file of its own with one card and no back:, or make the pieces smaller")
    front = deck_faces(deck)[0].front
    board = Group((front,), clip=Rect(0, 0, deck.width, deck.height))
    detail = f"{deck.id} · {revision_label(deck.revision, options.lang)} · " \
             f"{to_mm(deck.width):g} × {to_mm(deck.height):g} mm · {path.name}"
    # a piece that fits one page's window (though not a sheet with crop marks) is that page alone,
    # with no assembly map (Tabletop Simulator's board is read from the map's overview)
    alone = plan_tiles(deck.width, deck.height, paper=options.paper).pages == 1 and not options.extra.get("tts")
    document = tile_document(board, deck.width, deck.height, paper=options.paper, title=deck.title, detail=detail,
                             lang=options.lang, overview=True, assembly=not alone)
    document = replace(document, meta=document.meta + (("board", "one page" if alone else "tiled"),))
    return Imposed(document, (), 1, get_paper(options.paper))


def _dice_of(deck, path: Path, options: RenderOptions):
    """A deck with ``die:``: every six cards the faces 1-6 of one die, ``die.count`` cube nets of
    each (:func:`railprint.layout.dice.net_document`); for ``export tts`` (1-up) the faces one a page,
    six a die, as Tabletop Simulator custom dice (``tts_die`` meta entries)."""
    from railprint.layout.dice import copy_label, cube_net, die_faces_on_net, net_document, net_group
    from railprint.layout.imposition import Imposed
    from railprint.layout.paper import paper as get_paper
    from railprint.scene import Document, Group, Page, Rect

    size = deck.width
    faces = [Group((face.front,), clip=Rect(0, 0, size, size)) for face in deck_faces(deck)]
    names = [card.name for card in deck.cards]
    dice = [(faces[k:k + 6], names[k:k + 6]) for k in range(0, len(faces), 6)]

    def name_of(number: int) -> str:
        return deck.title if len(dice) == 1 else f"{deck.title} {number}"

    count = deck.die.count
    if options.mode == "1up" and options.extra.get("tts"):
        pages, meta = [], [("tts", "dice")]
        for number, (six, labels) in enumerate(dice, 1):
            meta.append(("tts_die", f"{count}\t{name_of(number)}"))
            pages += [Page(size, size, (face,), label=f"{len(pages) + 1:03d}-front", trim=(0.0, 0.0, size, size),
                           name=label) for face, label in zip(six, labels)]
        return Imposed(Document(tuple(pages), title=deck.title, meta=tuple(meta)), (), 1, get_paper(options.paper))
    net = cube_net(size, deck.die.tab)
    nets = [net_group(net, die_faces_on_net(net, six), label=copy_label(name_of(number), copy, count, options.lang),
                      id=f"net-{deck.id}-{number}-{copy}")
            for number, (six, _) in enumerate(dice, 1) for copy in range(1, count + 1)]
    document = net_document(nets, net, paper=options.paper, lang=options.lang, title=deck.title, id=deck.id,
                            revision=deck.revision, page_label="die", subject="railprint: die nets")
    pieces = tuple(("piece", f"{name_of(number)} × {count}") for number in range(1, len(dice) + 1))
    document = replace(document, meta=document.meta + (("die", "nets"),) + pieces)
    return Imposed(document, (), 1, get_paper(options.paper))


def _thin_bleed(imposed, own: float, tts: str = ""):
    """A butt-cut sheet printing less outer bleed than the deck's own says so in its ``meta``
    (``outer_bleed`` and the deck's ``bleed``, in mm) for the print guide; a deck's ``tts:``
    (what ``export tts`` makes of it) goes into the meta too."""
    from railprint.units import to_mm

    if tts:
        imposed = replace(imposed, document=replace(imposed.document, meta=imposed.document.meta + (("tts", tts),)))
    if imposed.layout != "butt" or imposed.bleed >= own - 1e-6:
        return imposed
    meta = imposed.document.meta + (("outer_bleed", f"{to_mm(imposed.bleed):.2f}"), ("bleed", f"{to_mm(own):g}"))
    return replace(imposed, document=replace(imposed.document, meta=meta))


@dataclass(frozen=True)
class Output:
    """One PDF ``render`` writes: ``<game>/<name>.pdf``, from one set or from the sets sharing
    sheets under that name."""

    game: str
    name: str
    sets: tuple[ContentFile, ...]

    @property
    def shared(self) -> bool:
        return self.sets[0].share == self.name and self.sets[0].id != self.name


def outputs(chosen: list[ContentFile], options: RenderOptions, fmt: str = "pdf") -> list[Output]:
    """The files a render of ``chosen`` writes, in order. Deck-like sets naming the same
    ``share:`` go into one file (PDF, duplex or single-sided sheets); a shared name that is also
    a set's id is an error."""
    sharing = fmt.lower() == "pdf" and options.mode in ("duplex", "simplex")
    ids = {(f.game, f.id) for f in chosen}
    groups: dict[tuple[str, str], list[ContentFile]] = {}
    for info in chosen:
        name = info.share if sharing and info.share else info.id
        if info.share and sharing and (info.game, name) in ids:
            raise ContentError(f"the shared sheets {name!r} would have the same file name as the set with that id",
                               info.share_at, hint="give the shared sheets another name")
        groups.setdefault((info.game, name), []).append(info)
    return [Output(game, name, tuple(sets)) for (game, name), sets in groups.items()]


def build_output(output: Output, options: RenderOptions):
    """The Document of one output file."""
    if not output.shared:
        return build(output.sets[0], options)
    return impose_shared(output, options).document


def impose_shared(output: Output, options: RenderOptions):
    """The sets of ``output`` on shared sheets: sets of one size as one deck (butt-cut when that
    saves sheets), sets of different sizes each in its labelled block."""
    from railprint.layout.imposition import choose_layout, impose, impose_sets, plan_butt
    from railprint.layout.paper import revision_label
    from railprint.model.resolve import load_deck
    from railprint.units import mm
    from railprint.words import counted

    decks = []
    for info in output.sets:
        with content_scope(info.root or info.path.parent):
            decks.append(load_deck(info.path, options.lang))
        own = decks[-1] if options.bleed is None else decks[-1].model_copy(update={"bleed": options.bleed})
        if not fits_sheet(own, options.paper):
            raise ContentError(f"a board larger than {options.paper} paper is printed over pages of its own, "
                               f"not on sheets shared with other sets", info.share_at, "take 'share:' out")
    total = sum(len(deck.cards) for deck in decks)
    word = {"en": ("piece", "pieces"), "pl": ("element", "elementy", "elementów")}.get(options.lang, ("piece", "pieces"))
    detail = (f"{output.name} · {revision_label(max(d.revision for d in decks), options.lang)} · "
              f"{counted(total, word, options.lang)} · "
              + ", ".join(i.path.name for i in output.sets))
    title = _shared_title(output, options.lang)
    offset = (mm(options.back_offset[0]), mm(options.back_offset[1]))
    first = decks[0]
    if all((d.width, d.height, d.bleed, d.orientation, d.corner_radius)
           == (first.width, first.height, first.bleed, first.orientation, first.corner_radius) for d in decks):
        wanted = options.layout if options.layout != "auto" else first.layout
        mode = options.mode if any(d.has_backs for d in decks) else "simplex"
        layout = choose_layout(wanted, total, width=first.width, height=first.height, bleed=first.bleed,
                               paper=options.paper, mode=mode, orientation=first.orientation, gap=first.gap)
        bleed = first.bleed
        if layout == "butt":
            bleed = min(bleed, plan_butt(options.paper, first.orientation, first.width, first.height, bleed).bleed)
            decks = [d.model_copy(update={"bleed": bleed}) for d in decks]
        faces = [face for deck in decks for face in deck_faces(deck)]
        return _thin_bleed(impose(faces, width=first.width, height=first.height, bleed=bleed, paper=options.paper,
                                  mode=options.mode, flip=options.flip, back_offset=offset,
                                  orientation=first.orientation, gap=first.gap, title=title, detail=detail,
                                  lang=options.lang, layout=layout, cut_lines=options.cuts,
                                  corner_radius=first.corner_radius), first.bleed)
    sets = _size_groups(decks, options)
    imposed = impose_sets(sets, paper=options.paper, mode=options.mode, flip=options.flip, back_offset=offset,
                          title=title, detail=detail, lang=options.lang, cut_lines=options.cuts)
    # a butt-cut block printing less outer bleed than its pieces' own: the guide says so
    thin = [(s.bleed, own) for s, own in zip(sets, _own_bleeds(decks, sets)) if s.butt and s.bleed < own - 1e-6]
    if thin:
        from railprint.units import to_mm

        bleed, own = min(thin)
        meta = imposed.document.meta + (("outer_bleed", f"{to_mm(bleed):.2f}"), ("bleed", f"{to_mm(own):g}"))
        imposed = replace(imposed, document=replace(imposed.document, meta=meta))
    return imposed


def _own_bleeds(decks: list, sets: list) -> list[float]:
    """The pieces' own bleed for each block of :func:`_size_groups`, in order (its first deck's)."""
    return [next((d.bleed for d in decks if (d.width, d.height) == (s.width, s.height)), s.bleed) for s in sets]


def _size_groups(decks: list, options: RenderOptions) -> list:
    """The blocks of sets of different sizes sharing sheets: sets of one size (and bleed,
    orientation, corners) become one block, labelled with each set's title and count, so a large
    set's last part and its smaller siblings fill one page together; a block whose pieces would
    be butt-cut on their own is butt-cut here too (bleed only around the block)."""
    from railprint.layout.imposition import SetFaces, choose_layout, plan_butt
    from railprint.words import counted

    groups: dict = {}
    for deck in decks:
        groups.setdefault((deck.width, deck.height, deck.bleed, deck.orientation, deck.corner_radius), []).append(deck)
    sets = []
    for (width, height, bleed, orientation, radius), members in groups.items():
        first = members[0]
        total = sum(len(d.cards) for d in members)
        layout = "gutter"
        if len(members) > 1 and first.gap is None:   # a set alone keeps its gutters (as before)
            wanted = options.layout if options.layout != "auto" else first.layout
            mode = options.mode if any(d.has_backs for d in members) else "simplex"
            layout = choose_layout(wanted, total, width=width, height=height, bleed=bleed, paper=options.paper,
                                   mode=mode, orientation=orientation, gap=first.gap)
        if layout == "butt":
            bleed = min(bleed, plan_butt(options.paper, orientation, width, height, bleed).bleed)
            members = [d.model_copy(update={"bleed": bleed}) for d in members]
        label = ", ".join((d.title if i == 0 else d.title.split(" — ", 1)[-1]) + " · "
                          + counted(len(d.cards), d.noun, options.lang) for i, d in enumerate(members))
        sets.append(SetFaces(label, tuple(face for d in members for face in deck_faces(d)), width, height, bleed,
                             butt=layout == "butt", corner_radius=radius))
    return sets


def _shared_title(output: Output, lang: str) -> str:
    from railprint.registry import find_game

    try:
        game = find_game(output.game)
        name = game.title.get(lang) or game.title.get("en") or output.game
    except RailprintError:   # a designer's game: its game file's title
        name = designer_games(list(output.sets), lang).get(output.game, (output.game,))[0]
    word = {"en": "small pieces", "pl": "małe elementy"}.get(lang, "small pieces")
    return f"{name} — {word} ({output.name})"


def _guide_file(output: Output, document, options: RenderOptions):
    """What the print guide says about one written file."""
    from railprint.layout.guide import GuideFile, GuideSet
    from railprint.units import parse_length
    from railprint.words import NOUNS

    kind = _kinds()[output.sets[0].kind][0]
    component = output.sets[0].component
    if component and component in _kinds() and _kinds()[component][1] == _kinds()[output.sets[0].kind][1]:
        kind = _kinds()[component][0]   # a generated board or score pad prints like the game's own kind
    sets = []
    corners = None
    paper, copies = kind.paper, (kind.copies or {}).get(options.lang)
    for info in output.sets:
        title = info.title.get(options.lang) or info.title.get("en") or info.id
        if _deck_like(info.kind):
            data = load_file(info.path)
            own = data.get("noun") or {}
            default = NOUNS["card" if info.kind == "deck" else "tile"]
            noun = tuple(own.get(options.lang) or default.get(options.lang) or own.get("en") or default["en"])
            sets.append(GuideSet(title, info.count, noun))
            radius = data.get("corner_radius")
            if radius is not None and options.mode != "1up" and parse_length(radius) > 0:
                corners = str(radius).strip()   # rounded corners: a step of its own
            paper = str(data.get("paper") or paper)
            own_copies = data.get("copies")
            if isinstance(own_copies, dict):
                own_copies = own_copies.get(options.lang) or own_copies.get("en")
            copies = str(own_copies or copies or "") or None
        else:
            pieces = [value for key, value in document.meta if key == "piece"]
            count = load_file(info.path).get("count") if info.component is None else None
            if not isinstance(count, int) or isinstance(count, bool):
                count = None
            noun = tuple((kind.noun or {}).get(options.lang) or (kind.noun or {}).get("en") or ("piece", "pieces"))
            sets += [GuideSet(p, None) for p in pieces] or [GuideSet(title, count if kind.noun else None, noun)]
    backs = sum(1 for page in document.pages if page.label.endswith((" backs", " rewersy")))
    step = (kind.component_steps or {}).get(component or "", kind.step)
    stage = kind.stage
    if ("board", "tiled") in document.meta:   # a designer's board over pages: glued, not cut out
        step, stage = BOARD_STEP, 0
        sets = [GuideSet(s.title, None) for s in sets]
    elif ("board", "one page") in document.meta:   # too large for crop marks, it fits one page's frame
        step = ONE_PAGE_STEP
    if ("die", "nets") in document.meta:      # a designer's dice: cut, folded and glued as a pip die is
        die_kind = _kinds()["die"][0]
        step, stage = die_kind.step, die_kind.stage
        sets = [GuideSet(p, None) for p in (value for key, value in document.meta if key == "piece")]
    layout = dict(document.meta).get("layout", "")   # how the imposition laid it out (none: a board, a pad)
    if output.shared and len(output.sets) > 1:
        layout = "shared"
    return GuideFile(f"{output.name}.pdf", tuple(sets), len(document.pages), len(document.pages) - backs,
                     backs > 0, paper if paper in ("card", "plain") else "card",
                     copies or "1", layout, options.cuts, (step or {}).get(options.lang) if step else None,
                     stage, corners, unfolded="unfolded" in dict(document.meta),
                     thin_bleed=_bleed_note(dict(document.meta), options.lang))


def kits(chosen: list[ContentFile], guides: dict[tuple[str, str | None], list],
         lang: str) -> dict[tuple[str, str | None], tuple[list, str | None]]:
    """The print guides of a render: one per map of a game with maps (its own files and the files
    every map shares, such as the train cards), one per game otherwise. Key (game, map or None);
    value (the files, the map's title or None)."""
    maps: dict[str, set[str]] = {}
    for info in chosen:
        if info.map:
            maps.setdefault(info.game, set()).add(info.map)
    out: dict[tuple[str, str | None], tuple[list, str | None]] = {}
    for (game, owner), files in guides.items():
        if owner is not None or not maps.get(game):
            out.setdefault((game, owner), ([], _map_title(chosen, game, owner, lang)))[0].extend(files)
            continue
        for each in sorted(maps[game]):   # a set every map shares: in each map's guide
            out.setdefault((game, each), ([], _map_title(chosen, game, each, lang)))[0].extend(files)
    return out


def _map_title(chosen: list[ContentFile], game: str, map_id: str | None, lang: str) -> str | None:
    if map_id is None:
        return None
    titles = [f.title for f in chosen if f.game == game and f.map == map_id and f.component is not None] or [{}]
    return titles[0].get(lang) or titles[0].get("en") or map_id


def _bleed_note(meta: dict, lang: str) -> tuple[str, str] | None:
    """(outer bleed, the deck's bleed) in mm as the guide prints them, when a butt-cut sheet
    prints less outer bleed than the deck's own."""
    if "outer_bleed" not in meta:
        return None
    comma = (lambda s: s.replace(".", ",")) if lang == "pl" else (lambda s: s)
    return comma(meta["outer_bleed"].rstrip("0").rstrip(".")), comma(meta["bleed"])


_GAME_FILE = re.compile(rb"kind['\"]?\s*:\s*['\"]?game\b")   # a file's head that may be a kind: game file


def designer_games(chosen: list[ContentFile], lang: str) -> dict[str, tuple[str, tuple[str, ...]]]:
    """The title and what to bring of each game no plugin owns, from a ``kind: game`` file in the
    folder of one of its chosen sets (only those folders are read: a designer's game is a folder)."""
    from railprint.loading.text import read_head
    from railprint.model.resolve import load_game_file
    from railprint.registry import find_game

    out: dict[str, tuple[str, tuple[str, ...]]] = {}
    folders: dict[str, set[Path]] = {}
    for info in chosen:
        if info.game in folders:
            folders[info.game].add(info.path.parent)
            continue
        try:
            find_game(info.game)
        except RailprintError:
            folders[info.game] = {info.path.parent}
    for game, places in folders.items():
        for path in sorted(p for folder in places for p in folder.iterdir() if p.suffix in (".yaml", ".yml")):
            try:
                data = load_file(path) if path.is_file() and _GAME_FILE.search(read_head(path, 1024)) else None
            except RailprintError:   # not content (discovery said so, or validate does)
                continue
            if not (isinstance(data, dict) and data.get("kind") == "game" and data.get("game") == game):
                continue
            spec = load_game_file(path)
            title = spec.title.get(lang) or spec.title.get("en") or game
            out[game] = (title, tuple(spec.bring.get(lang) or spec.bring.get("en") or ()))
            break
    return out


def write_guides(guides: dict[tuple[str, str | None], tuple[list, str | None]],
                 options: RenderOptions, paint=None, designer: dict | None = None) -> list[tuple[Path, bytes, str]]:
    """``<game>/<game>-guide.pdf`` (``<game>/<map>-guide.pdf`` per map) and its text for every
    kit rendered (:func:`kits`), with what its terminal brief is made of (title, files, bring);
    ``designer``: :func:`designer_games`."""
    from railprint.layout.guide import guide_document, guide_text
    from railprint.registry import find_game
    from railprint.writers import render

    out = []
    for (game, map_id), (files, map_title) in guides.items():
        try:
            owner = find_game(game)
            title, bring = owner.label(options.lang), tuple((owner.bring or {}).get(options.lang, ()))
        except RailprintError:
            title, bring = (designer or {}).get(game, (game, ()))
        title = map_title or title
        name = map_id or game
        order = sorted(files, key=lambda f: (f.stage, -f.sheets))   # boards, then pieces to cut, dice, pads
        settings = (f"--paper {options.paper} --mode {options.mode} --flip {options.flip} --layout {options.layout} "
                    f"--{'cut-lines' if options.cuts else 'no-cut-lines'} --lang {options.lang}")
        document = guide_document(title, order, bring, settings, paper=options.paper, flip=options.flip,
                                  lang=options.lang, detail=f"{name}-guide")
        if paint is not None:
            from railprint.layout.tiling import shop_document

            document = shop_document(document)
        out.append((Path(game) / f"{name}-guide.pdf", render(document, "pdf", paint=paint)[0],
                    guide_text(title, order, bring, settings, options.flip, options.lang), (title, order, bring)))
    return out


def render_all(chosen: list[ContentFile], options: RenderOptions, out: Path, fmt: str,
               advance: Callable[[str], None] = lambda label: None, *, dpi: int = 300,
               bleed: bool = True, paint=None, summaries: list[str] | None = None,
               briefs: list[str] | None = None) -> list[Path]:
    """Build every chosen file first (so bad content writes nothing), then write them all as
    one staged unit (a failure half-way leaves the previous complete set).

    PDF: ``out/<game>/<id>.pdf`` sheets (sets sharing sheets: ``out/<game>/<share>.pdf``) and
    per game a print guide ``out/<game>/<game>-guide.pdf``, per map for a game with maps
    ``out/<game>/<map>-guide.pdf`` (:func:`kits`; its text appended to ``summaries``, its few
    lines for the terminal to ``briefs``, then the last line: how many files, where, how to print).
    SVG, PNG, JPEG: one file per component face (deck-like kinds are laid out 1-up:
    ``<id>-001-front.png`` pairs with ``<id>-001-back.png``) or per page, in ``out/<game>/<id>/``.
    Images are the PDF rasterised at ``dpi``, with the bleed or trimmed.
    ``paint``: a print shop's colours for the PDFs (:class:`railprint.writers.shop.ShopPaint`).
    """
    from railprint.writers import write_files

    check_options(options, fmt)
    fmt = fmt.lower()
    if fmt in IMAGE_FORMATS:
        from railprint.export.images import check_dpi

        check_dpi(dpi)
    # building and writing make hundreds of thousands of short-lived objects and few cycles: a
    # full collection walked them all, ~0.3 s of CPU a `render all` (railprint.memory)
    with gc_paused():
        files = _built(chosen, options, fmt, advance, dpi=dpi, bleed=bleed, paint=paint, summaries=summaries,
                       briefs=briefs, out=out)
        return write_files(out, files)


def _built(chosen: list[ContentFile], options: RenderOptions, fmt: str, advance: Callable[[str], None], *,
           dpi: int, bleed: bool, paint, summaries: list[str] | None, briefs: list[str] | None = None,
           out: Path = Path(".")) -> list[tuple[Path, bytes]]:
    """The files :func:`render_all` writes (relative path, bytes)."""
    from railprint.writers import render

    files: list[tuple[Path, bytes]] = []
    guides: dict[tuple[str, str | None], list] = {}
    maps = {info.map for info in chosen if info.map}
    for output in outputs(chosen, options, fmt):
        info = output.sets[0]
        # faces one to a page: deck-like kinds for SVG; every set for images (a builder that
        # does not impose, such as a board, ignores the mode)
        one_up = fmt in IMAGE_FORMATS or (fmt == "svg" and _deck_like(info.kind))
        opts = replace(options, mode="1up") if one_up else options
        for each in output.sets:
            advance(f"{each.game}/{each.id}")
        document = build_output(output, opts)
        if options.scale != (1.0, 1.0) and fmt not in IMAGE_FORMATS:
            from railprint.layout.paper import scaled

            document = scaled(document, *options.scale)
        if paint is not None:   # a print shop: a TrimBox and a BleedBox on every page
            from railprint.layout.tiling import shop_document

            document = shop_document(document)
        if fmt in IMAGE_FORMATS:
            from railprint.export.images import document_images

            blobs = document_images(document, render(document, "pdf")[0], fmt, dpi, bleed=bleed)
        else:
            blobs = render(document, fmt, paint=paint)
        if fmt == "pdf":
            files.append((Path(output.game) / f"{output.name}.pdf", blobs[0]))
            owner = kit_map(output.sets[0], maps)
            guides.setdefault((output.game, owner), []).append(_guide_file(output, document, opts))
            continue
        for stem, blob in zip(page_stems(document, info.id), blobs):
            files.append((Path(info.game) / info.id / f"{stem}.{fmt}", blob))
    from railprint.layout.guide import brief_end, guide_brief

    duplex, printed = False, False
    for path, blob, text, (title, order, bring) in write_guides(kits(chosen, guides, options.lang), options, paint=paint,
                                                                designer=designer_games(chosen, options.lang)):
        files.append((path, blob))
        if summaries is not None:
            summaries.append(text)
        if briefs is not None:
            briefs.append(guide_brief(title, order, bring, str(out / path.parent), str(out / path), options.lang))
        duplex, printed = duplex or any(f.duplex for f in order), True
    if briefs is not None:
        briefs.append(brief_end(len(files), str(out), duplex, options.flip, options.lang) if printed
                      else f"{len(files)} file(s) written to {out}")
    return files


def page_stems(document, ident: str) -> list[str]:
    """File names (without extension) of a document's pages: ``<id>-<label>`` when the labels
    are unique, else ``<id>-<number>``."""
    labels = [page.label for page in document.pages]
    unique = len(set(labels)) == len(labels) and all(labels)
    return [_safe(f"{ident}-{page.label}" if unique else f"{ident}-{number:03d}")
            for number, page in enumerate(document.pages, 1)]


def _safe(name: str) -> str:
    """A file name from a page label: letters, digits, ``_`` and ``.`` kept, every other run of
    characters one ``-`` (``row 1 / col 2`` → ``row-1-col-2``)."""
    out = "".join(ch if ch.isalnum() or ch in "_." else "-" for ch in name)
    return "-".join(part for part in out.split("-") if part)


def validate_content(target: Path | None, lang: str = "en",
                     warnings: list[str] | None = None) -> list[ContentFile]:
    """Check every content file under ``target`` (a folder or one file); collect all problems
    from all files and raise them together. Warnings (text inside a card's safe zone) are
    appended to ``warnings`` when given."""
    from railprint.loading.resources import use_content

    if target is not None and Path(target).is_file():
        files = [_kind_of(Path(target))]
        use_content([Path(target).parent])  # maps named by id are found next to the file
    else:
        files = discover(target)
        use_content([target] if target is not None else [])
    problems: list[RailprintError] = []
    try:
        from railprint.model.sheets import sheet_settings

        sheet_settings()
    except ContentError as exc:
        problems.extend(exc.problems or [exc])
    for info in files:
        kind = _kinds()[info.kind][0]
        try:
            if kind.validate is not None:
                with content_scope(info.root or info.path.parent):
                    _hook(info.kind, "validate", info.path)(info.path, lang)
            elif kind.build is not None:
                build(info, RenderOptions(lang=lang))
            if warnings is not None and kind.deck_like:
                from railprint.model.safe_zone import safe_zone_warnings

                warnings.extend(safe_zone_warnings(info.path, lang))
        except ContentError as exc:
            problems.extend(exc.problems or [exc])
        except RailprintError as exc:
            problems.append(exc)
    if problems:   # a problem of a shared file (an icons file) is found by every deck using it: once
        problems = list({(str(p.location), p.message, p.hint): p for p in problems}.values())
        raise ContentError(f"{len(problems)} problem(s) found:", problems=problems)
    return files


# the sheet templates file (content/sheets/sheets.yaml) is engine data, not a component kind
SHEETS_SCHEMA = "railprint.model.sheets:SheetsSpec"


def content_schema() -> dict[str, Any]:
    """One JSON Schema for every content file: ``anyOf`` the schema of each kind."""
    from pydantic.json_schema import models_json_schema

    from pydantic import BaseModel

    from railprint.registry import named, plugin_object

    models: list[Any] = []
    for kind, game in _kinds().values():
        if not kind.schema:
            continue
        what = f"schema of kind {kind.name!r}"
        model = plugin_object(game, what, kind.schema)
        if not (isinstance(model, type) and issubclass(model, BaseModel)):
            raise RailprintError(f"{game.plugin() if game else 'railprint'}: its {what} {kind.schema} "
                                 f"is not a pydantic model")
        if game is not None:
            plugin_object(game, what, kind.schema, call=lambda m: m.model_json_schema())
        if model not in models:
            models.append(model)
    models.append(named(SHEETS_SCHEMA))
    keys, top = models_json_schema([(model, "validation") for model in models],
                                   ref_template="#/$defs/{model}")
    defs = top.get("$defs", {})
    choices = [keys[(model, "validation")] for model in models]
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "railprint content file",
        "description": "A railprint content file; its `kind` (or `format` for maps) says which. "
                       "Lengths are strings with a unit: '63mm', '2.5in', '12pt'.",
        # discriminated by `kind` (a map file: `format` and no kind): the one kind's schema applies,
        # so an editor points at the real mistake inside it, not at an unlocated "valid under none
        # of the given schemas" (layers are a oneOf by their `type` const, the same way)
        **_by_kind(choices, defs),
        "$defs": defs,
    }


def _by_kind(choices: list[dict], defs: dict) -> dict[str, Any]:
    """The top of the content schema: each kind's schema under an ``if`` its ``kind`` const (or
    enum) holds; the kinds listed for a file with a wrong or missing ``kind``."""
    branches, kinds = [], []
    for ref in choices:
        model = defs.get(ref["$ref"].rsplit("/", 1)[-1], {})
        kind = model.get("properties", {}).get("kind")
        if kind is None:   # a Ticket to Ride map: `format:` and no kind
            branches.append({"if": {"required": ["format"], "not": {"required": ["kind"]}}, "then": ref})
            continue
        values = [kind["const"]] if "const" in kind else list(kind.get("enum", []))
        kinds += values
        branches.append({"if": {"required": ["kind"], "properties": {"kind": {"enum": values}}}, "then": ref})
    return {"type": "object", "anyOf": [{"required": ["kind"], "properties": {"kind": {"enum": kinds}}},
                                        {"required": ["format"]}],
            "allOf": branches}


MAX_WATCHED = 10_000
"""Files a watch follows (stat'ed every poll); more is a folder that is not a content folder."""


class Watcher:
    """``railprint watch``: poll the content folders' files (``os.stat``: no new dependency) and
    re-render only the sets a saved file affects: each build records the files it read (the
    content file, its card list, pictures, fonts, maps, the styles and icons files of its folder:
    :func:`railprint.loading.paths.recording_reads`), and a saved file re-renders the sets that
    read it — a file every set reads re-renders them all. A ``.yaml`` file added to or removed
    from a folder re-renders the sets that looked in that folder for styles or icons; a new
    content file is rendered. A problem is printed (each at its ``file:line:col``) and the
    previous output of that set stays in place; the loop goes on. Each of ``hooks`` is called
    with a set before its PDF is made (``watch --serve`` shows its cards from there); ``problem``
    with a problem finding the sets (a content file that is not YAML), or None when there is none."""

    def __init__(self, folders: list[Path], game: str, out: Path, options: RenderOptions, *,
                 preview: bool = False, say: Callable[[str], None] = print,
                 hooks: list[Callable[[ContentFile], None]] | None = None,
                 problem: Callable[[str | None], None] | None = None):
        self.folders = [Path(f) for f in folders] or [content_root()]
        self.game, self.out, self.options, self.preview, self.say = game, Path(out), options, preview, say
        self.hooks = list(hooks or [])
        self.problem = problem or (lambda message: None)   # told a problem finding the sets (None: none)
        self.seen: dict[Path, tuple[int, int]] | None = None
        self.reads: dict[tuple[Path, str], set[Path]] = {}   # each set's files at its last build (resolved)
        self.unwritten: dict[tuple[Path, str], tuple[ContentFile, list, float]] = {}   # held back by the output folder
        self.blocked: str | None = None     # the output folder's problem, said once

    def _snapshot(self) -> dict[Path, tuple[int, int]]:
        found: dict[Path, tuple[int, int]] = {}
        for folder in self.folders:
            # (a whole disk is refused after 10 x as many entries, hidden ones and folders too)
            for path in walk(folder, most=10 * MAX_WATCHED):
                if len(found) >= MAX_WATCHED:
                    raise RailprintError(f"more than {MAX_WATCHED} files under {folder}",
                                         hint="watch your content folder, not a whole disk")
                if path.is_file() and not any(part.startswith(".") for part in path.relative_to(folder).parts):
                    stat = path.stat()
                    found[path] = (stat.st_mtime_ns, stat.st_size)
        return found

    def step(self) -> list[str]:
        """One poll: the ids of the sets written (all of them on the first poll). Sets that could
        not be written because the output folder was unusable are written again, once it is."""
        now = self._snapshot()
        written = self._retry()
        if self.seen is not None and now == self.seen:
            return written
        changed = None if self.seen is None else {p for p in set(now) | set(self.seen)
                                                   if now.get(p) != self.seen.get(p)}
        previous, self.seen = self.seen, now
        if previous is None:    # a folder missing at the start: no save will fix it, so stop
            for folder in self.folders:
                if not folder.is_dir():
                    raise RailprintError(f"content folder not found: {folder}")
        try:
            found = discover_layers(self.folders if self.folders != [content_root()] else [])
        except RailprintError as exc:
            self.say(f"Error: {exc}")
            self.problem(f"Error: {exc}")
            return written
        try:
            chosen = select(found, self.game)
        except RailprintError as exc:
            if previous is None:    # a misspelt game at the start: no save will fix it, so stop
                raise
            self.say(f"Error: {exc}")
            self.problem(f"Error: {exc}")
            return written
        self.problem(None)
        if changed is not None:
            touched = {name for p in changed for name in _names(p)}
            touched |= {name for p in changed   # a styles or icons file added or removed
                        if p.suffix == ".yaml" and (p in now) != (p in (previous or {})) for name in _names(p.parent)}
            chosen = [info for info in chosen if (info.path, info.id) not in self.reads
                      or self.reads[info.path, info.id] & touched]
        for info in chosen:
            try:
                files, cpu = self._render(info)
            except RailprintError as exc:
                self.say(f"Error: {exc}")
                continue
            if self._publish(info, files, cpu):
                written.append(info.id)
        return written

    def _publish(self, info: ContentFile, files: list[tuple[Path, bytes]], cpu: float) -> bool:
        """Write one set's files; if the output folder cannot take them (it became a file, lost
        its permissions, the disk is full) say so once and keep them for :meth:`_retry`."""
        from railprint.writers import write_files

        try:
            write_files(self.out, files)
        except (RailprintError, OSError) as exc:
            self.unwritten[info.path, info.id] = (info, files, cpu)
            message = exc.message if isinstance(exc, RailprintError) else f"{exc.strerror}: {exc.filename or self.out}"
            if message != self.blocked:
                self.blocked = message
                self.say(f"Error: cannot write to the output folder {self.out}: {message} "
                         "(still watching: the set is written once the folder can be used)")
            return False
        self.unwritten.pop((info.path, info.id), None)
        if not self.unwritten:
            self.blocked = None
        self.say(f"{self.out / files[0][0]}  ({cpu:.2f} s CPU)")
        return True

    def _retry(self) -> list[str]:
        """Write the sets an unusable output folder held back (their last rendering)."""
        written = []
        for info, files, cpu in list(self.unwritten.values()):
            if not self._publish(info, files, cpu):
                break
            written.append(info.id)
        return written

    def _render(self, info: ContentFile) -> tuple[list[tuple[Path, bytes]], float]:
        import time

        from railprint.writers import render

        from railprint.loading.paths import recording_reads

        start = time.process_time()
        with recording_reads() as reads:
            reads.add(info.path)
            try:
                for hook in self.hooks:
                    hook(info)
                document = build(info, self.options)
            finally:
                self.reads[info.path, info.id] = {name for p in reads for name in _names(p)}
        pdf = render(document, "pdf")[0]
        target = Path(info.game) / f"{info.id}.pdf"
        files = [(target, pdf)]
        if self.preview:
            from railprint.export.images import encode, rasterise
            from railprint.scene import Document

            first = Document(pages=document.pages[:1], title=document.title)
            raster = rasterise(first, render(first, "pdf")[0], 72)[0]
            files.append((Path(info.game) / f"{info.id}-preview.png", encode(raster, "png")))
        return files, time.process_time() - start


def _names(path: Path) -> tuple[Path, ...]:
    """``path`` absolute as written and with its symlinks resolved (as far as they exist): a file
    swapped for a symlink is still the file its set read, and a deleted file stays comparable."""
    try:
        return Path(os.path.abspath(path)), Path(os.path.realpath(path))
    except (OSError, ValueError):
        return (Path(os.path.abspath(path)),)
