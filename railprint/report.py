"""Score reports shared by every game: itemised lines, ranking, plain-text tables."""

from __future__ import annotations

import importlib
import re
from typing import Any, Callable, ClassVar, Sequence

from railprint.errors import RulesError, clip, violations_pl
from railprint.records import Record, factory


class ScoreLine(Record):
    """One scored item: ``category`` gives ``points`` because of ``detail`` (at ``where``)."""

    category: str
    points: int
    detail: str = ""
    where: str = ""


class Violation(Record):
    """A rule the input breaks although it can still be scored. ``message`` is English (the JSON
    contract's words); ``pl`` the same in Polish, for the ``--lang pl`` report, picture and phone
    page (empty: the English one is shown)."""

    message: str
    where: str = ""
    pl: str = ""

    def message_in(self, lang: str = "en") -> str:
        return self.pl if lang == "pl" and self.pl else self.message

    def text(self, lang: str = "en") -> str:
        message = self.message_in(lang)
        return f"{self.where}: {message}" if self.where else message

    def __str__(self) -> str:
        return self.text()


def said(violation: Any, lang: str = "en") -> str:
    """A violation in ``lang`` (one without a Polish text, in English)."""
    return violation.text(lang) if hasattr(violation, "text") else str(violation)


class ScoreReport(Record, frozen=False):
    """Everything scored for one player (or one sheet)."""

    player: str
    lines: list[ScoreLine] = factory(list)
    violations: list[Violation] = factory(list)

    def points(self, category: str) -> int:
        return sum(line.points for line in self.lines if line.category == category)

    @property
    def total(self) -> int:
        return sum(line.points for line in self.lines)


def violations_block(title: str, violations: Sequence[Any], lang: str = "en") -> list[str]:
    """The last lines of a text report: a blank line, ``title (n):`` and each violation indented
    (in ``lang``); nothing when there are none."""
    if not violations:
        return []
    return ["", f"{title} ({len(violations)}):"] + [f"  {said(v, lang)}" for v in violations]


def enforce(violations: Sequence[Any]) -> None:
    """``--strict``: every violation of every scored file as one :class:`RulesError`."""
    if violations:
        raise RulesError("\n".join([f"{len(violations)} rule violation(s):"] + [f"  {v}" for v in violations]),
                         pl="\n".join([f"{violations_pl(len(violations))}:"] + [f"  {said(v, 'pl')}" for v in violations]))


class GamesResult(Record, frozen=False):
    """Scores of one or more game files (each file is one game): what a game's scorer returns.

    A game subclasses it and says how one game reads: ``one_json(game)`` (the JSON contract),
    ``one_text(game, lang=)`` (the terminal report) as static methods, and ``picture_module``, the
    module whose ``picture(games, lang=)`` draws the scored games (imported on first use).
    """

    games: list[Any]

    one_json: ClassVar[Callable[[Any], Any]]
    one_text: ClassVar[Callable[..., str]]
    picture_module: ClassVar[str]

    def as_json(self, lang: str = "en") -> Any:
        """The JSON contract; ``lang="pl"`` gives the violations in Polish (the phone page's)."""
        data = [self.one_json(g, lang) for g in self.games]
        return data[0] if len(data) == 1 else data

    def as_text(self, *, lang: str = "en") -> str:
        """The report for a terminal; ``lang`` ("en" or "pl") picks the words, never the numbers."""
        return "\n\n".join(self.one_text(g, lang=lang) for g in self.games)

    def picture(self, lang: str = "en") -> Any:
        return importlib.import_module(self.picture_module).picture(self.games, lang=lang)

    def ranking(self) -> list[dict]:
        """``[{"player", "points", "place"}]`` of the (first) game, best first: the table's
        ranking ``railprint serve`` shows (each game's players carry ``name``, ``total``, ``rank``)."""
        rows = [{"player": p.name, "points": p.total, "place": p.rank} for p in self.games[0].players]
        return sorted(rows, key=lambda r: (r["place"], r["player"]))


def _typed_forms(char: str) -> tuple[str, ...]:
    """How a character may be typed in a YAML game file: itself, or a \\u, \\U or \\x escape."""
    code = ord(char)
    forms = [char, f"\\u{code:04x}", f"\\u{code:04X}", f"\\U{code:08x}", f"\\U{code:08X}"]
    if code < 256:
        forms += [f"\\x{code:02x}", f"\\x{code:02X}"]
    return tuple(forms)


def check_picture_glyphs(doc: Any, files: Sequence[Any]) -> Any:
    """``doc`` (a scored picture) if the embedded font can draw every string in it; otherwise an
    error at the first place the offending character was typed in the game ``files`` (a player's
    name, a title), not an unlocated one from the writer."""
    from railprint.errors import Location, RailprintError
    from railprint.text.fonts import check_glyphs
    from railprint.loading.text import read_text
    from railprint.scene import texts

    for text in dict.fromkeys(texts(doc)):
        missing = check_glyphs(text)
        if not missing:
            continue
        where = None
        for path in files:
            try:
                source = read_text(path)
            except RailprintError:
                continue
            found = [i for i in (source.find(form) for c in missing for form in _typed_forms(c)) if i >= 0]
            if found:
                at = min(found)
                line_start = source.rfind("\n", 0, at) + 1
                where = Location(str(path), source.count("\n", 0, at) + 1, at - line_start + 1)
                break
        if where is None and files:   # (typed in a way not found above: at least the file)
            where = Location(str(files[0]))
        raise RailprintError(f"the picture cannot show {''.join(missing)!r} (in {clip(text, 60)}): the font "
                             "has no glyph for it", where, hint="use other characters, or score without --picture")
    return doc


def rank(keys: Sequence[Sequence[Any]]) -> list[int]:
    """Competition ranking ("1, 1, 3") by descending key tuples.

    ``keys[i]`` is player i's comparison tuple, best first (e.g. ``(total, tickets, path)``;
    negate a component where less is better). Players with equal tuples share a rank.
    """
    order = sorted(range(len(keys)), key=lambda i: tuple(keys[i]), reverse=True)
    ranks = [0] * len(keys)
    for position, i in enumerate(order):
        if position and tuple(keys[i]) == tuple(keys[order[position - 1]]):
            ranks[i] = ranks[order[position - 1]]
        else:
            ranks[i] = position + 1
    return ranks


def table(headers: Sequence[str], rows: Sequence[Sequence[Any]],
          align: str | None = None) -> str:
    """A plain-text table; ``align`` is one char per column, 'l' or 'r' (default: numbers right)."""
    cells = [[str(h) for h in headers]] + [[str(c) for c in row] for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    if align is None:
        align = "".join(
            "r" if rows and all(isinstance(row[i], int) for row in rows) else "l"
            for i in range(len(headers)))

    def fmt(row: list[str]) -> str:
        out = [c.rjust(w) if a == "r" else c.ljust(w) for c, w, a in zip(row, widths, align)]
        return "  ".join(out).rstrip()

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([fmt(cells[0]), rule] + [fmt(r) for r in cells[1:]])


Formatter = Callable[[ScoreReport], str]

# C0/C1 control characters (but newline and tab) and the bidirectional overrides, embeddings,
# isolates and marks: typed into a player name they could rewrite or reorder the terminal.
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def terminal_safe(text: str) -> str:
    """``text`` with every control character and bidi override shown as an escape (``\\x1b``,
    ``\\u202e``): every text report and error message passes through here before the terminal."""
    return _UNSAFE.sub(lambda m: f"\\x{ord(m.group()):02x}" if ord(m.group()) < 0x100
                       else f"\\u{ord(m.group()):04x}", text)
