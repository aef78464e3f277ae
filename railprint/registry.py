"""The game registry: games plug into railprint through the ``railprint.games`` entry-point group.

A game declares itself with one :class:`Game` object, named by an entry point::

    [project.entry-points."railprint.games"]
    railroad-ink = "railprint.games.railroad_ink:GAME"

The built-in games register exactly like a separately installed package would. Entry points
are loaded on first use (``railprint --help`` loads none). Every reference inside a Game is a
``"module:name"`` string, imported only when that feature is used, so listing games imports
no drawing or scoring code.

The engine (render, validate, schema, list, score, sheet, roll) asks the registry: which game
is ``name`` (:func:`find_game`), which game owns content kind ``k`` (:func:`content_kind`).
Two games claiming one id, alias or content kind is an error naming both.
"""

from __future__ import annotations

import importlib
import re
import signal
import threading
from contextlib import contextmanager
from functools import lru_cache, wraps
from typing import Any, Callable, Iterator, Mapping, Protocol

from railprint import platform
from railprint.errors import RailprintError, clip, name_key, suggestion
from railprint.records import Record, replace

GROUP = "railprint.games"


def lazy_attributes(package: str, where: Mapping[str, str]) -> Callable[[str], Any]:
    """A package's module ``__getattr__`` (PEP 562) that imports ``where[name]`` (a submodule)
    on first use of ``name`` and keeps the value: finding a game loads none of its scoring code."""
    def __getattr__(name: str) -> Any:
        if name not in where:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{where[name]}"), name)
        setattr(importlib.import_module(package), name, value)
        return value

    return __getattr__


def named(spec: str) -> Any:
    """The object a ``"module:name"`` reference points at (imported on first use)."""
    module, _, name = spec.partition(":")
    obj: Any = importlib.import_module(module)
    for part in name.split(".") if name else ():
        obj = getattr(obj, part)
    return obj


class ContentKind(Record):
    """A content-file ``kind:`` a game adds.

    ``schema``: ``"module:Model"`` (a pydantic model) for ``railprint schema``.
    ``build``: ``"module:function"`` called as ``fn(path, options) -> scene.Document``;
    None for data kinds that print nothing by themselves (a Ticket to Ride map).
    ``validate``: ``"module:function"`` called as ``fn(path, lang)``, checking a file fully
    without drawing; None: validating builds the file.
    ``format_prefix``: files without ``kind:`` whose ``format:`` starts with this belong here.
    ``deck_like``: laid out by the imposition engine (SVG output is one file per face).
    ``components``: a data file of this kind generates these printable components, each
    ``<id>-<component>`` unless a content file has that id; ``build`` gets the component's name
    as ``options.extra["component"]``.
    ``components_of``: ``"module:function"`` called as ``fn(path) -> tuple[str, ...]``, the
    components one data file generates when they depend on its content (e.g. a map's station
    pieces only when it has stations); ``components`` is used when it is None or the file is broken.
    ``noun``: what the components are called in page footers, per language.
    ``paper``, ``copies``, ``step``, ``stage``: for the print guide — ``card`` stock or ``plain`` paper, how
    many copies a group prints (per language, e.g. one per player), and what to do with the
    printed sheets (per language); a deck may set its own ``paper:`` and ``copies:``.
    """

    name: str
    schema: str | None = None
    build: str | None = None
    validate: str | None = None
    format_prefix: str | None = None
    deck_like: bool = False
    components: tuple[str, ...] = ()
    paper: str = "card"
    copies: Mapping[str, str] | None = None
    step: Mapping[str, str] | None = None
    component_steps: Mapping[str, Mapping[str, str]] | None = None   # per generated component
    stage: int = 1       # print guide order: 0 assemble first (boards), 1 cut, 2 fold, 3 nothing to make
    noun: Mapping[str, tuple[str, ...]] | None = None   # counts a file's ``count:`` in the print guide
    components_of: str | None = None


class Game(Record, uncompared=("source", "entry")):
    """Everything the engine needs to know about one game.

    ``scorer``: ``"module:function"`` with ``fn(paths, *, strict=False, **options) -> result``;
    the result has ``as_json()``, ``as_text(lang=)`` and ``picture(lang=)``.
    ``score_options``: the names of extra ``railprint score`` options the scorer accepts.
    ``roller``: ``"module"`` of a roll-and-write generator (``railprint sheet`` / ``roll``);
    the module provides the functions of :class:`Roller`.
    ``web``: ``"module"`` of the game's page for ``railprint serve``: it provides the handlers
    of :class:`WebPage` and ships its script beside it (``static/editor.js``).
    """

    id: str
    title: Mapping[str, str]
    aliases: tuple[str, ...] = ()
    kinds: tuple[ContentKind, ...] = ()
    scorer: str | None = None
    score_options: tuple[str, ...] = ()
    roller: str | None = None
    bring: Mapping[str, tuple[str, ...]] | None = None   # print guide: what else a table needs, per language
    web: str | None = None
    photo: str | None = None   # "module:function" reading a photo of a sheet (score --photo)
    source: str = ""  # the entry point that declared it ("module:attr")
    entry: str = ""   # that entry point's name

    def plugin(self) -> str:
        """How errors name the plugin: ``game plugin 'NAME' (module:attr)``."""
        return _plugin(self.entry or self.id, self.source)

    def label(self, lang: str = "en") -> str:
        return self.title.get(lang) or self.title.get("en") or self.id


class Roller(Protocol):
    """What a game's ``roller`` module provides (``railprint sheet GAME`` / ``railprint roll GAME``).

    A module, not a class: these are module-level functions. Seeds are integers; the same seed
    and options must give the same rolls and a byte-identical sheet (seed ``random.Random(seed)``,
    never the global generator). Bad option values raise :class:`RailprintError` naming the
    value and the choices. ``expansion`` is the ``--expansion`` value as typed (lower-cased);
    ``"none"`` is the base game.
    """

    def random_seed(self) -> int:
        """A fresh seed (the CLI prints it on stderr so the game can be replayed)."""

    def sheet_document(self, seed: int, *, expansion: str, players: int, paper: str, lang: str,
                       date: str | None) -> Any:
        """The ``scene.Document`` of ``players`` sheets for this seed; ``date`` is ``YYYY-MM-DD``
        as typed (checked here) or None for today."""

    def rolls_text(self, seed: int, *, expansion: str, lang: str, round_number: int | None) -> str:
        """The seed's rolls as terminal text (every round, or only ``round_number``)."""


RULES_STEP = {"en": "nothing to cut: the rules on one page, keep it by the table",
              "pl": "nic do cięcia: zasady na jednej stronie, połóż przy stole"}
FOLD_STEP = {"en": "cut out each net, fold along the lines, glue the tabs inside",
             "pl": "wytnij każdą siatkę, zegnij wzdłuż linii, wklej zakładki do środka"}


class WebPage(Protocol):
    """What a game's ``web`` module provides to ``railprint serve`` (docs/serve.md).

    The server knows no game: a room's state is *parts*, JSON values the game defines
    (``"setup"`` plus one part per player, say), and the server only stores them with versions,
    writes the game's files and calls the game's scorer on them, exactly as ``railprint score``
    does. Bad input raises :class:`RailprintError` (the server answers 400 with its message).
    The module's folder holds ``static/editor.js``, served at ``/games/<id>/editor.js``.
    Optional: ``ACTIONS`` (name -> ``fn(parts, payload) -> JSON``, the page's own helpers at
    ``POST /api/rooms/<id>/actions/<name>``) and ``warm()`` (slow set-up done when the server starts).
    """

    def setup_fields(self) -> list[dict]:
        """The room-creation form: ``[{"key", "label": {en, pl}, "choices": [...]}]`` (optional
        ``"names": {choice: {en, pl}}``: what the form shows for a choice)."""

    def new_room(self, players: list[str], setup: dict) -> dict[str, Any]:
        """The parts of a new room for these player names and setup choices."""

    def check_change(self, parts: dict[str, Any], updates: dict[str, Any]) -> dict[str, Any]:
        """``updates`` (part -> new value) checked and normalised against the room's ``parts``;
        the server has already refused the setup and parts the room does not have."""

    def check_with_room(self, parts: dict[str, Any], updates: dict[str, Any]) -> None:
        """Optional: the checked ``updates`` against the room's *current* ``parts``, called under
        the store's lock just before the change is written (so two phones' changes made on one
        version are checked one after the other). A :class:`RailprintError` refuses the change
        (409, with its message and the current room): one route, one owner."""

    def files(self, parts: dict[str, Any]) -> list[tuple[str, str]]:
        """(file name, text): exactly the files ``railprint score <game>`` reads for this room."""

    def score(self, parts: dict[str, Any], **options: Any) -> Any:
        """Optional: the game's scorer on ``files(parts)`` without writing them anywhere — the
        very result ``railprint score`` gives for files of those names and texts in a folder of
        their own (so nothing names a folder). Without it the server writes the files into a
        private temporary folder and calls the scorer on them."""

    def read_file(self, parts: dict[str, Any], name: str, text: str) -> dict[str, Any]:
        """An uploaded score file (as ``files`` writes it) -> the part updates it makes."""

    def score_options(self, parts: dict[str, Any]) -> dict[str, Any]:
        """Extra keyword options for the game's scorer (``railprint score``'s options); optional:
        none by default."""

    def ranking(self, result: Any) -> list[dict]:
        """``[{"player", "points", "place"}]`` of a scorer's result, best first; optional: by
        default the result's own ``ranking()`` (:class:`railprint.report.GamesResult`)."""

    def play_title(self, parts: dict[str, Any]) -> str:
        """The game's name in the BG Stats "log this play" link; optional: the game's English title."""


# the engine's own content kinds (generic components), owned by no game
ENGINE_KINDS: tuple[ContentKind, ...] = (
    ContentKind("deck", "railprint.model.deck:DeckSpec", "railprint.render:build_deck",
                "railprint.model.resolve:load_deck", deck_like=True),
    ContentKind("tiles", "railprint.model.deck:DeckSpec", "railprint.render:build_deck",
                "railprint.model.resolve:load_deck", deck_like=True),
    ContentKind("die", "railprint.draw.pip_die:PipDieSpec", "railprint.draw.pip_die:render_pip_dice",
                step=FOLD_STEP, stage=2,
                noun={"en": ("die", "dice"), "pl": ("kostka", "kostki", "kostek")}),
    ContentKind("rules", "railprint.draw.rules_sheet:RulesSpec", "railprint.draw.rules_sheet:render_rules",
                paper="plain", stage=3, step=RULES_STEP),
    ContentKind("icons", "railprint.model.icons:IconsSpec", None, "railprint.model.icons:validate_icons"),
    ContentKind("styles", "railprint.model.deck:StylesSpec", None, "railprint.model.resolve:validate_styles"),
    ContentKind("game", "railprint.model.deck:GameSpec", None, "railprint.model.resolve:load_game_file"),
)


class _EntryPoint(Record):
    """A ``railprint.games`` entry point as read from a distribution's entry_points.txt."""

    name: str
    value: str

    def load(self) -> Any:
        return named(self.value.partition("[")[0].strip())


def _entry_points():
    """The ``railprint.games`` entry points of the installed distributions.

    Read straight from each ``*.dist-info`` / ``*.egg-info`` folder on ``sys.path`` (the first
    distribution of a name wins, as in :mod:`importlib.metadata`): importing importlib.metadata
    costs more than scoring a game. A zip file on the path falls back to importlib.metadata."""
    import sys

    declared = _declared(tuple(sys.path))
    if declared is None:
        from importlib.metadata import entry_points

        return entry_points(group=GROUP)
    return list(declared.get(GROUP, ()))


def declares(group: str) -> bool | None:
    """Whether an installed distribution declares an entry point of ``group`` (None: a zip file
    on ``sys.path``, which only importlib.metadata reads)."""
    import sys

    declared = _declared(tuple(sys.path))
    return None if declared is None else bool(declared.get(group))


@lru_cache(maxsize=1)
def _declared(path: tuple[str, ...]) -> dict[str, tuple[_EntryPoint, ...]] | None:
    """Group -> entry points of the distributions on ``path`` (one reading serves the registry
    and :func:`declares`; :func:`games`' ``cache_clear`` forgets it), or None when a file (a
    zip) is on the path."""
    import os

    seen: set[str] = set()
    found: dict[str, list[_EntryPoint]] = {}
    for folder in path:
        if os.path.isfile(folder):
            return None
        try:
            names = sorted(os.listdir(folder or "."))
        except OSError:
            continue
        for name in names:
            if not name.endswith((".dist-info", ".egg-info")):
                continue
            dist = name.rpartition(".")[0].partition("-")[0].lower().replace("-", "_").replace(".", "_")
            if dist in seen:
                continue
            seen.add(dist)
            try:
                with open(os.path.join(folder or ".", name, "entry_points.txt"), encoding="utf-8") as handle:
                    text = handle.read()
            except (OSError, UnicodeDecodeError):
                continue
            section = None
            for line in text.splitlines():
                line = line.strip()
                if not line or line.startswith(("#", ";")):
                    continue
                if line.startswith("[") and line.endswith("]"):
                    section = line[1:-1].strip()
                elif section is not None and "=" in line:
                    key, _, value = line.partition("=")
                    found.setdefault(section, []).append(_EntryPoint(key.strip(), value.strip()))
    return {group: tuple(points) for group, points in found.items()}


def _plugin(name: str, value: str) -> str:
    return f"game plugin {name!r} ({value})"


SPEC = re.compile(r"^[A-Za-z_][\w]*(\.[A-Za-z_][\w]*)*(:[A-Za-z_][\w]*(\.[A-Za-z_][\w]*)*)?$")


@contextmanager
def _noting_signals() -> Iterator[list[int]]:
    """While plugin code runs: note which signals really arrived (their handlers still run), so
    a KeyboardInterrupt or SystemExit the plugin raises by itself can be told from Ctrl-C or a
    kill, which must never be swallowed."""
    seen: list[int] = []
    old = {}
    if threading.current_thread() is threading.main_thread():
        for sig in platform.STOP_SIGNALS:
            previous = signal.getsignal(sig)
            if callable(previous):
                def noting(number, frame, previous=previous):
                    seen.append(number)
                    return previous(number, frame)
                old[sig] = signal.signal(sig, noting)
    try:
        yield seen
    finally:
        for sig, handler in old.items():
            signal.signal(sig, handler)


def _what_went_wrong(exc: BaseException) -> str:
    if isinstance(exc, SystemExit):
        return f"it called sys.exit({exc.code!r})"
    if isinstance(exc, KeyboardInterrupt):
        return "it raised KeyboardInterrupt"
    text = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
    return text if len(text) <= 300 else text[:299] + "…"


def _run_plugin(label: str, fn: Callable[[], Any]) -> Any:
    """``fn()``, where any failure but railprint's own errors, I/O errors and a real signal
    becomes one error naming ``label`` (the plugin and what of it failed)."""
    try:
        with _noting_signals() as seen:
            return fn()
    except (RailprintError, OSError, GeneratorExit):
        raise
    except BaseException as exc:
        if seen:
            raise
        raise RailprintError(f"{label}: {_what_went_wrong(exc)}") from None


def _spec_problem(value: object, what: str, *, optional: bool = True) -> str | None:
    if value is None and optional:
        return None
    if not isinstance(value, str) or not SPEC.match(value):
        return f"{what} must be a \"module:name\" string{' or None' if optional else ''}, got {clip((value), 80)}"
    return None


def _strings(value: object, what: str) -> str | None:
    if not isinstance(value, tuple) or not all(isinstance(v, str) and v for v in value):
        return f"{what} must be a tuple of non-empty strings, got {clip((value), 80)}"
    return None


def _game_problems(game: Game) -> list[str]:
    """What is wrong with a plugin's Game object (its fields are typed by the plugin author)."""
    problems = []
    if not isinstance(game.id, str) or not game.id.strip():
        problems.append(f"id must be a non-empty string, got {clip((game.id), 80)}")
    if not isinstance(game.title, Mapping) or not game.title or \
            not all(isinstance(k, str) and isinstance(v, str) for k, v in game.title.items()):
        problems.append(f"title must be a mapping of language to text, e.g. {{'en': 'My Game'}}, "
                        f"got {clip((game.title), 80)}")
    problems.append(_strings(game.aliases, "aliases"))
    problems.append(_strings(game.score_options, "score_options"))
    problems.append(_spec_problem(game.scorer, "scorer"))
    problems.append(_spec_problem(game.roller, "roller"))
    problems.append(_spec_problem(getattr(game, "web", None), "web"))
    if not isinstance(game.kinds, tuple):
        problems.append(f"kinds must be a tuple of ContentKind, got {clip((game.kinds), 80)}")
    else:
        for kind in game.kinds:
            if not isinstance(kind, ContentKind):
                problems.append(f"kinds must hold ContentKind objects, got {clip((kind), 80)}")
                continue
            if not isinstance(kind.name, str) or not kind.name:
                problems.append(f"a content kind's name must be a non-empty string, got {clip((kind.name), 80)}")
            for what in ("schema", "build", "validate", "components_of"):
                problems.append(_spec_problem(getattr(kind, what), f"kind {kind.name!r}: {what}"))
            if kind.format_prefix is not None and not (isinstance(kind.format_prefix, str) and kind.format_prefix):
                problems.append(f"kind {kind.name!r}: format_prefix must be a non-empty string or None")
            if not isinstance(kind.deck_like, bool):
                problems.append(f"kind {kind.name!r}: deck_like must be True or False")
            problems.append(_strings(kind.components, f"kind {kind.name!r}: components"))
    return [p for p in problems if p]


def _load(ep) -> Game:
    """The Game an entry point names; any way a plugin can be broken is an error naming it."""
    name, value = ep.name, ep.value
    label = _plugin(name, value)
    if not isinstance(value, str) or not SPEC.match(value.replace(" ", "")):
        raise RailprintError(f"{label}: malformed entry point in the {GROUP!r} group",
                             hint="it must be \"module:attribute\", e.g. my_game:GAME")
    game = _run_plugin(label + " failed to load", ep.load)
    if not isinstance(game, Game):
        raise RailprintError(f"{label} is not a railprint.registry.Game (it is {type(game).__name__})")
    problems = _game_problems(game)
    if problems:
        raise RailprintError(f"{label}: bad Game: " + "; ".join(problems))
    return _with_source(game, value, name)


@lru_cache(maxsize=1)
def _registry() -> tuple[tuple[Game, ...], tuple[tuple[str, RailprintError], ...]]:
    """(the games that loaded, (entry-point name, error) of each broken plugin)."""
    found: list[Game] = []
    broken: list[tuple[str, RailprintError]] = []
    claimed: dict[str, Game] = {}
    kinds: dict[str, str] = {k.name: "railprint (engine)" for k in ENGINE_KINDS}
    for ep in sorted(_entry_points(), key=lambda e: (str(e.name), str(e.value))):
        try:
            game = _load(ep)
        except RailprintError as exc:
            broken.append((str(ep.name), exc))
            continue
        for key in {name_key(game.id), *(name_key(a) for a in game.aliases)}:
            other = claimed.get(key)
            if other is not None and other.source != game.source:
                raise RailprintError(f"two games claim the name {key!r}: {other.id} ({other.source}) "
                                     f"and {game.id} ({game.source})")
            claimed[key] = game
        for kind in game.kinds:
            owner = kinds.get(kind.name)
            if owner is not None:
                raise RailprintError(f"two games claim the content kind {kind.name!r}: {owner} "
                                     f"and {game.id} ({game.source})")
            kinds[kind.name] = f"{game.id} ({game.source})"
        found.append(game)
    return tuple(found), tuple(broken)


def games() -> tuple[Game, ...]:
    """Every registered game that loads, in entry-point name order (a broken plugin is left
    out: :func:`broken`); two games claiming one name or kind is an error naming both."""
    return _registry()[0]


def _forget() -> None:
    _registry.cache_clear()
    _declared.cache_clear()


games.cache_clear = _forget  # type: ignore[attr-defined]


def broken() -> list[RailprintError]:
    """The errors of plugins that failed to load — only once the registry has been loaded (a
    command that needed no game says nothing about them)."""
    if not _registry.cache_info().currsize:
        return []
    return [error for _, error in _registry()[1]]


def _with_source(game: Game, source: str, entry: str = "") -> Game:
    return replace(game, source=source, entry=entry)


def find_game(name: str) -> Game:
    """The game called ``name`` (id or alias, any case, accents and separators ignored)."""
    wanted = name_key(name)
    for game in games():
        if wanted in {name_key(game.id), *(name_key(a) for a in game.aliases)}:
            return game
    for entry, error in _registry()[1]:
        if wanted == name_key(entry):
            raise error
    raise RailprintError(f"unknown game {name!r}", hint=suggestion(name, [g.id for g in games()]))


def all_kinds() -> dict[str, tuple[ContentKind, Game | None]]:
    """Content kind name -> (kind, owning game or None for the engine's own kinds)."""
    table: dict[str, tuple[ContentKind, Game | None]] = {k.name: (k, None) for k in ENGINE_KINDS}
    for game in games():
        for kind in game.kinds:
            table[kind.name] = (kind, game)
    return table


def content_kind(name: str) -> ContentKind | None:
    entry = all_kinds().get(name)
    return entry[0] if entry else None


def kind_for_format(fmt: str) -> tuple[ContentKind, Game | None] | None:
    """The kind whose ``format_prefix`` starts ``fmt`` (content files identified by ``format:``)."""
    for kind, game in all_kinds().values():
        if kind.format_prefix and fmt.startswith(kind.format_prefix):
            return kind, game
    return None


def scorer(game: Game):
    """The game's scoring function, or a clear error for games railprint only prints."""
    if game.scorer is None:
        scorable = ", ".join(g.id for g in games() if g.scorer)
        raise RailprintError(f"{game.id}: railprint prints this game's components but does not score it",
                             hint=f"games with a scorer: {scorable}; to print: railprint render {game.id}")
    hook = plugin_hook(game, "scorer", game.scorer)

    @wraps(hook)
    def score(*args: Any, **kwargs: Any) -> Any:
        result = hook(*args, **kwargs)
        if result is None or isinstance(result, (str, bytes, int, float, bool, list, tuple, dict)):
            raise RailprintError(f"{game.plugin()}: its scorer {game.scorer} returned {type(result).__name__}, "
                                 "not a score result", hint="a scorer returns an object with as_text(lang) and as_json()")
        return result
    return score


def photo_reader(game: Game):
    """The game's photo reader (``fn(path, *, longest, debug_image)`` -> a result with ``as_text``,
    ``as_json`` and ``exit_code``), or a clear error for games without one."""
    if game.photo is None:
        readers = ", ".join(g.id for g in games() if g.photo) or "none"
        raise RailprintError(f"{game.id}: railprint cannot read a photo of this game's sheet",
                             hint=f"games whose sheets it reads: {readers}")
    return plugin_hook(game, "photo reader", game.photo)


def web_page(game: Game) -> WebPage | None:
    """The game's page module for ``railprint serve`` (see :class:`WebPage`), or None."""
    return plugin_object(game, "web page", game.web) if game.web else None


def roller(game: Game) -> Roller:
    """The game's roller module (see :class:`Roller`), or a clear error for games that do not roll."""
    if game.roller is None:
        rolling = ", ".join(g.id for g in games() if g.roller) or "none"
        raise RailprintError(f"{game.id}: railprint has no dice rolls or roll-and-write sheets for this game",
                             hint=f"games that roll: {rolling}")
    module = _run_plugin(f"{game.plugin()}: its roller {game.roller} failed", lambda: named(game.roller))
    return _Guarded(module, f"{game.plugin()}: its roller")


class _Guarded:
    """A plugin's module or result object whose callables fail as one error naming the plugin
    (the values they return are guarded too, so a score result's ``as_text`` is covered)."""

    def __init__(self, target: Any, label: str) -> None:
        self._target, self._label = target, label

    def __getattr__(self, name: str) -> Any:
        label = f"{self._label}'s {name} failed"
        value = _run_plugin(label, lambda: getattr(self._target, name))
        if not callable(value):
            return value

        @wraps(value)
        def call(*args: Any, **kwargs: Any) -> Any:
            return _guard_result(_run_plugin(label, lambda: value(*args, **kwargs)), f"{self._label}'s {name}")
        return call


def _guard_result(value: Any, label: str) -> Any:
    """Plain data passes; an object with methods (a score result) is guarded itself."""
    if value is None or isinstance(value, (str, bytes, int, float, bool, list, tuple, dict)):
        return value
    if type(value).__module__.startswith("railprint.") and not type(value).__module__.startswith("railprint.games"):
        return value  # the engine's own objects (a scene Document)
    return _Guarded(value, label)


def plugin_object(game: Game | None, what: str, spec: str, call: Callable[[Any], Any] | None = None) -> Any:
    """The object ``spec`` names, imported (and, with ``call``, passed to it) so that a failure
    is one error naming the game's plugin; the engine's own (``game`` None) as it is."""
    label = f"{game.plugin()}: its {what} {spec} failed" if game is not None else ""
    obj = named(spec) if game is None else _run_plugin(label, lambda: named(spec))
    if call is not None:
        return call(obj) if game is None else _run_plugin(label, lambda: call(obj))
    return obj


def plugin_hook(game: Game | None, what: str, spec: str, on: str = "") -> Callable[..., Any]:
    """The function ``spec`` names (a game's scorer, a kind's build or validate), imported and
    called so that any failure is one error naming the game's plugin and ``what``; the engine's
    own kinds (``game`` None) are called as they are. ``on``: the file it works on, for the message."""
    if game is None:
        return named(spec)
    label = f"{game.plugin()}: its {what} {spec} failed" + (f" on {on}" if on else "")
    fn = plugin_object(game, what, spec)
    if not callable(fn):
        raise RailprintError(f"{game.plugin()}: its {what} {spec} is not a function")

    @wraps(fn)
    def call(*args: Any, **kwargs: Any) -> Any:
        # what it returns is named as its result ("… its scorer M:f's result's picture failed";
        # it was "… its scorer M:f failed's picture failed")
        return _guard_result(_run_plugin(label, lambda: fn(*args, **kwargs)),
                             f"{game.plugin()}: its {what} {spec}'s result")
    return call
