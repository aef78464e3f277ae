"""``railprint watch --serve``: every card of the watched sets on a local page, replaced on save.

The designer's tool beside the editor (not the game-night server of :mod:`railprint.serve`).
Each time the watch rebuilds a set (:class:`railprint.render.Watcher` calls :meth:`Preview.hook`
first), the set is built again one face a page (``--mode 1up``: a card's front, then its back)
and each page gets a digest of everything it draws (its scene, which names every picture and
font by content). Only pages whose digest is new are drawn into a PDF and rasterised with
pypdfium2 (the export's rasteriser) to a PNG at :data:`DPI`; the page is told the set's new
list of digests by a server-sent event and fetches only the images it does not have — an
unchanged card keeps its image, a copy or a shared back is one image. A set that no longer
builds keeps its last good cards and shows the located problem instead.

PNG rather than SVG, by speed: a card of the 100-card example is a 150 dpi PNG in 32 ms CPU,
a self-contained SVG (font subsets, pictures inside) in 820 ms.

Images live in memory, only those some set shows now (the server answers others with 404).
"""

from __future__ import annotations

import hashlib
import threading
from dataclasses import dataclass, replace
from typing import Any, Callable

from railprint.errors import RailprintError

DPI = 150
"""Screen resolution of a card image: a 63 × 88 mm card is 372 × 520 px, sharp at 1.5×
device pixels (shown at its real size: 238 CSS px wide)."""
INTERVAL = 0.2
"""Seconds between the watch's polls with ``--serve`` (a poll of a 100-card deck's folder costs
~0.5 ms CPU): a save shows on the page within a fifth of a second plus the rebuild."""
MAX_PAGES = 2000
"""Pages of one set kept on the page (a 1,000-card deck with backs): more are not shown."""


@dataclass(frozen=True)
class Card:
    label: str     # the page's label: 001-front, 001-back, …
    name: str      # the component's name (a card's name), if the page has one
    digest: str    # 40 hex digits: the image's name
    width: float   # shown size, CSS px (the trimmed face at its real size)
    height: float


@dataclass
class SetView:
    id: str
    game: str
    title: str
    cards: list[Card]
    error: str | None = None
    version: int = 0

    def as_json(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "title": self.title, "error": self.error, "version": self.version,
                "cards": [{"label": c.label, "name": c.name, "digest": c.digest, "width": round(c.width, 1),
                           "height": round(c.height, 1)} for c in self.cards]}


def page_digest(page) -> str:
    """A name for what a page draws: its size, trim, corners and every item (pictures and fonts
    carry content keys, so a saved picture or font gives a new digest), not its label or name."""
    from dataclasses import replace as changed

    drawn = changed(page, label="", name="")   # (names for listings: not drawn)
    return hashlib.sha1(repr(drawn).encode("utf-8", "surrogatepass")).hexdigest()


class Preview:
    """The cards of every set the watch builds, as PNG images by digest; ``listeners`` are called
    (from the watch's thread) with each event: ``{"set": …}`` a rebuilt set, ``{"problem": …}``."""

    def __init__(self, options, *, dpi: int = DPI):
        self.options, self.dpi = options, dpi
        self.sets: dict[str, SetView] = {}
        self.images: dict[str, bytes] = {}
        self.lock = threading.Lock()
        self.listeners: list[Callable[[dict], None]] = []
        self.rendered = 0      # images made so far (tests, benchmark)
        self.problem: str | None = None   # a problem finding the sets at all (a file that is not YAML)

    def state(self) -> dict[str, Any]:
        with self.lock:
            return {"sets": [view.as_json() for view in self.sets.values()], "problem": self.problem}

    def tell_problem(self, message: str | None) -> None:
        """The watch's problem finding the sets (shown above every set, whose cards stay), or None."""
        with self.lock:
            if message == self.problem:
                return
            self.problem = message
        self._tell({"problem": message})

    def _tell(self, event: dict) -> None:
        for listener in list(self.listeners):
            listener(event)

    def image(self, digest: str) -> bytes | None:
        with self.lock:
            return self.images.get(digest)

    def hook(self, info) -> None:
        """Build ``info``'s faces and publish what changed (a problem is published, never raised)."""
        from railprint.render import build

        key = f"{info.game}/{info.id}"
        try:
            document = build(info, replace(self.options, mode="1up"))
            cards, fresh = self._cards(document)
        except RailprintError as exc:
            self._publish(key, info, None, None, f"Error: {exc}")
            return
        self._publish(key, info, cards, fresh, None)

    def _cards(self, document) -> tuple[list[Card], dict[str, bytes]]:
        from railprint.export.images import encode, rasterise
        from railprint.scene import Document
        from railprint.writers import render

        pages = document.pages[:MAX_PAGES]
        cards, todo = [], {}
        with self.lock:
            known = set(self.images)
        for page in pages:
            digest = page_digest(page)
            x, y, w, h = page.trim if page.trim is not None else (0.0, 0.0, page.width, page.height)
            cards.append(Card(page.label or str(len(cards) + 1), page.name, digest, w * 96 / 72, h * 96 / 72))
            if digest not in known and digest not in todo:
                todo[digest] = page
        fresh: dict[str, bytes] = {}
        if todo:
            subset = Document(pages=list(todo.values()), title=document.title)
            pdf = render(subset, "pdf")[0]
            for digest, raster in zip(todo, rasterise(subset, pdf, self.dpi, bleed=False)):
                fresh[digest] = encode(raster, "png")
            self.rendered += len(fresh)
        return cards, fresh

    def _publish(self, key: str, info, cards: list[Card] | None, fresh: dict[str, bytes] | None,
                 error: str | None) -> None:
        with self.lock:
            view = self.sets.get(key)
            if view is None:
                view = self.sets[key] = SetView(info.id, info.game, _title(info, self.options), [])
            view.version += 1
            view.error = error
            if cards is not None:
                view.cards = cards
                self.images.update(fresh or {})
                shown = {card.digest for v in self.sets.values() for card in v.cards}
                for digest in [d for d in self.images if d not in shown]:
                    del self.images[digest]
            event = view.as_json()
        self._tell({"set": event})


def _title(info, options) -> str:
    title = info.title or {}
    return str(title.get(getattr(options, "lang", "en")) or title.get("en") or info.id)
