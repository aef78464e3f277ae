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
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Mapping, Protocol

from railprint.errors import RailprintError, name_key, suggestion

GROUP = "railprint.games"


def named(spec: str) -> Any:
    """The object a ``"module:name"`` reference points at (imported on first use)."""
    module, _, name = spec.partition(":")
    obj: Any = importlib.import_module(module)
    for part in name.split(".") if name else ():
        obj = getattr(obj, part)
    return obj


@dataclass(frozen=True)
class ContentKind:
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


@dataclass(frozen=True)
class Game:
    """Everything the engine needs to know about one game.

    ``scorer``: ``"module:function"`` with ``fn(paths, *, strict=False, **options) -> result``;
    the result has ``as_json()``, ``as_text(lang=)`` and ``picture(lang=)``.
    ``score_options``: the names of extra ``railprint score`` options the scorer accepts.
    ``roller``: ``"module"`` of a roll-and-write generator (``railprint sheet`` / ``roll``);
    the module provides the functions of :class:`Roller`.
    """

    id: str
    title: Mapping[str, str]
    aliases: tuple[str, ...] = ()
    kinds: tuple[ContentKind, ...] = ()
    scorer: str | None = None
    score_options: tuple[str, ...] = ()
    roller: str | None = None
    bring: Mapping[str, tuple[str, ...]] | None = None   # print guide: what else a table needs, per language
    source: str = field(default="", compare=False)  # the entry point that declared it

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


FOLD_STEP = {"en": "cut out each net, fold along the lines, glue the tabs inside",
             "pl": "wytnij każdą siatkę, zegnij wzdłuż linii, wklej zakładki do środka"}

# the engine's own content kinds (generic components), owned by no game
ENGINE_KINDS: tuple[ContentKind, ...] = (
    ContentKind("deck", "railprint.model.deck:DeckSpec", "railprint.render:build_deck",
                "railprint.model.resolve:load_deck", deck_like=True),
    ContentKind("tiles", "railprint.model.deck:DeckSpec", "railprint.render:build_deck",
                "railprint.model.resolve:load_deck", deck_like=True),
    ContentKind("die", "railprint.draw.pip_die:PipDieSpec", "railprint.draw.pip_die:render_pip_dice",
                step=FOLD_STEP, stage=2,
                noun={"en": ("die", "dice"), "pl": ("kostka", "kostki", "kostek")}),
    ContentKind("icons", "railprint.model.icons:IconsSpec", None, "railprint.model.icons:validate_icons"),
)


def _entry_points():
    from importlib.metadata import entry_points

    return entry_points(group=GROUP)


@lru_cache(maxsize=1)
def games() -> tuple[Game, ...]:
    """Every registered game, in entry-point name order; conflicts are errors naming both."""
    found: list[Game] = []
    claimed: dict[str, Game] = {}
    kinds: dict[str, str] = {k.name: "railprint (engine)" for k in ENGINE_KINDS}
    for ep in sorted(_entry_points(), key=lambda e: (e.name, e.value)):
        try:
            game = ep.load()
        except Exception as exc:  # a broken plugin must not take railprint down with a traceback
            raise RailprintError(f"game plugin {ep.name!r} ({ep.value}) failed to load: {exc}") from None
        if not isinstance(game, Game):
            raise RailprintError(f"game plugin {ep.name!r} ({ep.value}) is not a railprint.registry.Game")
        game = _with_source(game, ep.value)
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
    return tuple(found)


def _with_source(game: Game, source: str) -> Game:
    from dataclasses import replace

    return replace(game, source=source)


def find_game(name: str) -> Game:
    """The game called ``name`` (id or alias, any case, accents and separators ignored)."""
    wanted = name_key(name)
    for game in games():
        if wanted in {name_key(game.id), *(name_key(a) for a in game.aliases)}:
            return game
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
    return named(game.scorer)


def roller(game: Game) -> Roller:
    """The game's roller module (see :class:`Roller`), or a clear error for games that do not roll."""
    if game.roller is None:
        rolling = ", ".join(g.id for g in games() if g.roller) or "none"
        raise RailprintError(f"{game.id}: railprint has no dice rolls or roll-and-write sheets for this game",
                             hint=f"games that roll: {rolling}")
    return named(game.roller)
