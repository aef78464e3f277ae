"""Render orchestration: find content files, build each component set into a scene Document,
write it. ``railprint render`` and the tests go through here.

Each content file names its ``kind``; the registry (:mod:`railprint.registry`) says which game
owns the kind and which function turns the file into a Document. The engine's own kinds (decks,
tiles) go through the imposition engine here.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from railprint.errors import ContentError, Location, Problems, RailprintError, check_lang, clip, suggestion
from railprint.fonts import check_glyphs
from railprint.loading.paths import SLUG_RULE, content_scope, is_inside, referenced, slug_problem
from railprint.loading.resources import content_root
from railprint.loading.text import read_head
from railprint.loading.yamlio import load_file


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
    paper: str = "a4"
    mode: str = "duplex"
    flip: str = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)  # mm
    lang: str = "en"
    scale: tuple[float, float] = (1.0, 1.0)  # the printer correction of `railprint calibrate`
    bleed: float | None = None  # pt: every deck's bleed for this run (a print shop's), else its own
    extra: dict[str, Any] = field(default_factory=dict)


def check_options(options: RenderOptions, fmt: str) -> None:
    """Refuse bad option values before any (slow) building starts."""
    from railprint.layout.imposition import FLIPS, MODES
    from railprint.layout.paper import paper

    paper(options.paper)
    if fmt.lower() not in FORMATS:
        raise RailprintError(f"unknown format {fmt!r}", hint=suggestion(fmt.lower(), FORMATS))
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
    replaces: Path | None = None  # the file of an earlier content layer with the same game and id
    component: str | None = None  # a component generated from this data file (a map's board, ...)
    root: Path | None = None  # the content folder it was found in (references stay inside)
    id_at: Location | None = None  # where the id is given (or the file's top when implicit)
    map: str | None = None  # the map it belongs to: a map file's id, or the `map:` a file names


def _title(data: dict, key: str) -> dict:
    value = data.get(key)
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise ContentError(f"'{key}:' must be a label map such as {{en: Harbours, pl: Porty}}",
                           data.loc(key), hint=f"got {str(value)[:40]!r}")
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
            problems.add(problem, data.loc(key) if key in data else Location(str(path), 1, 1), SLUG_RULE)
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
    return ContentFile(path, kind, ident, game, _title(data, "title"), count, root=root, id_at=_id_at(data, path),
                       map=named_map)


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
    for path in sorted(root.rglob("*.yaml")):
        if path.parent.name == "sheets" or path.name.startswith("_"):
            continue
        if not is_inside(root, path):  # before any byte of it is read
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
    from dataclasses import replace

    from railprint.loading.resources import use_content

    use_content(folders)
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
    """The files of one map: the components it generates, the files naming it (``map: ID``) and
    the sets whose id starts with ``ID-`` (``nordic-tickets``); sets every map shares are left out."""
    maps = sorted({f.map for f in files if f.map and f.component is None and f.id == f.map})
    key = map_id.strip().lower()
    if key not in maps:
        raise RailprintError(f"no map {map_id!r}", hint=suggestion(map_id, maps) if maps else "no map files found")
    return [f for f in files if f.map == key or (f.component is None and f.id.startswith(key + "-"))]


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
        from dataclasses import replace

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

    def face(resolved):
        key = id(resolved)
        if key not in cache:
            cache[key] = draw_face(resolved, deck)
        return cache[key]

    return [Face(face(card.front), face(card.back) if card.back is not None else None, card.name)
            for card in deck.cards]


def build_deck(path: Path, options: RenderOptions):
    """A deck or tile set, imposed on sheets (or 1-up pages)."""
    from railprint.model.resolve import load_deck

    return impose_deck(load_deck(path, options.lang), path, options)


def impose_deck(deck, path: Path, options: RenderOptions):
    """A resolved deck on sheets, with its footer naming ``path``."""
    from railprint.layout.imposition import impose
    from railprint.layout.paper import revision_label
    from railprint.units import mm

    if options.bleed is not None:
        deck = deck.model_copy(update={"bleed": options.bleed})
    faces = deck_faces(deck)
    from railprint.words import counted

    count = counted(len(faces), deck.noun, options.lang)
    detail = f"{deck.id} · {revision_label(deck.revision, options.lang)} · {count} · {path.name}"
    imposed = impose(faces, width=deck.width, height=deck.height, bleed=deck.bleed,
                     paper=options.paper, mode=options.mode, flip=options.flip,
                     back_offset=(mm(options.back_offset[0]), mm(options.back_offset[1])),
                     orientation=deck.orientation, gap=deck.gap,
                     title=deck.title, detail=detail, lang=options.lang)
    return imposed.document


def render_all(chosen: list[ContentFile], options: RenderOptions, out: Path, fmt: str,
               advance: Callable[[str], None] = lambda label: None, *, dpi: int = 300,
               bleed: bool = True, paint=None) -> list[Path]:
    """Build every chosen file first (so bad content writes nothing), then write them all as
    one staged unit (a failure half-way leaves the previous complete set).

    PDF: ``out/<game>/<id>.pdf`` sheets. SVG, PNG, JPEG: one file per component face (deck-like
    kinds are laid out 1-up: ``<id>-001-front.png`` pairs with ``<id>-001-back.png``) or per page,
    in ``out/<game>/<id>/``. Images are the PDF rasterised at ``dpi``, with the bleed or trimmed.
    ``paint``: a print shop's colours for the PDFs (:class:`railprint.writers.shop.ShopPaint`).
    """
    from dataclasses import replace

    from railprint.writers import render, write_files

    check_options(options, fmt)
    fmt = fmt.lower()
    if fmt in IMAGE_FORMATS:
        from railprint.export.images import check_dpi

        check_dpi(dpi)
    files: list[tuple[Path, bytes]] = []
    for info in chosen:
        # faces one to a page: deck-like kinds for SVG; every set for images (a builder that
        # does not impose, such as a board, ignores the mode)
        one_up = fmt in IMAGE_FORMATS or (fmt == "svg" and _deck_like(info.kind))
        opts = replace(options, mode="1up") if one_up else options
        advance(f"{info.game}/{info.id}")
        document = build(info, opts)
        if options.scale != (1.0, 1.0) and fmt not in IMAGE_FORMATS:
            from railprint.layout.paper import scaled

            document = scaled(document, *options.scale)
        if fmt in IMAGE_FORMATS:
            from railprint.export.images import document_images

            blobs = document_images(document, render(document, "pdf")[0], fmt, dpi, bleed=bleed)
        else:
            blobs = render(document, fmt, paint=paint)
        if fmt == "pdf":
            files.append((Path(info.game) / f"{info.id}.pdf", blobs[0]))
            continue
        for stem, blob in zip(page_stems(document, info.id), blobs):
            files.append((Path(info.game) / info.id / f"{stem}.{fmt}", blob))
    return write_files(out, files)


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
    if problems:
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
        "anyOf": choices,
        "$defs": defs,
    }


MAX_WATCHED = 10_000
"""Files a watch follows (stat'ed every poll); more is a folder that is not a content folder."""


class Watcher:
    """``railprint watch``: poll the content folders' files (``os.stat``: no new dependency) and
    re-render only the sets a saved file affects — a content file's own set, or every set in the
    folder of a card list, picture, font or icons file that changed. A problem is printed (each
    at its ``file:line:col``) and the previous output of that set stays in place; the loop goes on."""

    def __init__(self, folders: list[Path], game: str, out: Path, options: RenderOptions, *,
                 preview: bool = False, say: Callable[[str], None] = print):
        self.folders = [Path(f) for f in folders] or [content_root()]
        self.game, self.out, self.options, self.preview, self.say = game, Path(out), options, preview, say
        self.seen: dict[Path, tuple[int, int]] | None = None

    def _snapshot(self) -> dict[Path, tuple[int, int]]:
        found: dict[Path, tuple[int, int]] = {}
        for folder in self.folders:
            for path in folder.rglob("*"):
                if len(found) >= MAX_WATCHED:
                    raise RailprintError(f"more than {MAX_WATCHED} files under {folder}",
                                         hint="watch your content folder, not a whole disk")
                if path.is_file() and not any(part.startswith(".") for part in path.relative_to(folder).parts):
                    stat = path.stat()
                    found[path] = (stat.st_mtime_ns, stat.st_size)
        return found

    def step(self) -> list[str]:
        """One poll: the ids of the sets written (all of them on the first poll)."""
        now = self._snapshot()
        if self.seen is not None and now == self.seen:
            return []
        changed = None if self.seen is None else {p for p in set(now) | set(self.seen)
                                                   if now.get(p) != self.seen.get(p)}
        self.seen = now
        try:
            chosen = select(discover_layers(self.folders if self.folders != [content_root()] else []), self.game)
        except RailprintError as exc:
            self.say(f"Error: {exc}")
            return []
        if changed is not None:
            chosen = [info for info in chosen
                      if any(p == info.path or info.path.parent in p.parents for p in changed)]
        written = []
        for info in chosen:
            try:
                self._write(info)
            except RailprintError as exc:
                self.say(f"Error: {exc}")
                continue
            written.append(info.id)
        return written

    def _write(self, info: ContentFile) -> None:
        import time

        from railprint.writers import render, write_files

        start = time.process_time()
        document = build(info, self.options)
        pdf = render(document, "pdf")[0]
        target = Path(info.game) / f"{info.id}.pdf"
        files = [(target, pdf)]
        if self.preview:
            from railprint.export.images import encode, rasterise
            from railprint.scene import Document

            first = Document(pages=document.pages[:1], title=document.title)
            raster = rasterise(first, render(first, "pdf")[0], 72)[0]
            files.append((Path(info.game) / f"{info.id}-preview.png", encode(raster, "png")))
        write_files(self.out, files)
        self.say(f"{self.out / target}  ({time.process_time() - start:.2f} s CPU)")
