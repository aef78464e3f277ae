"""Error hierarchy. Every user-facing failure is a RailprintError carrying a location.

The CLI is the only place that turns these into messages and exit codes.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import TYPE_CHECKING, Iterable, NamedTuple

if TYPE_CHECKING:
    from pathlib import Path


class Location(NamedTuple):
    """Where a problem is: ``file:line:col`` (line and col are 1-based).

    A named tuple, not a dataclass: the YAML loader makes one for every value it reads (~35,000
    for the shipped content), and a tuple is made in C (see ``loading.yamlio._location``)."""

    file: str | None = None
    line: int | None = None
    col: int | None = None

    def __str__(self) -> str:
        parts = [self.file or "<input>"]
        if self.line is not None:
            parts.append(str(self.line))
            if self.col is not None:
                parts.append(str(self.col))
        return ":".join(parts)


MAX_WORD = 400
"""Characters of one run without spaces shown in a message (a value, a path); a longer one keeps
its start and says how long it was."""
MAX_MESSAGE = 4000
"""Characters of a message or hint shown; a longer one keeps its start and its end."""


def shortened(text: str) -> str:
    """``text`` cut for a message: a 900,000-character value typed where a size, a colour or a
    variable goes was echoed whole (a 900 KB line on the terminal); see :data:`MAX_WORD`."""
    if len(text) <= MAX_WORD:
        return text
    import re

    text = re.sub(r"\S{%d,}" % (MAX_WORD + 1),
                  lambda m: f"{m.group(0)[:80]}… ({len(m.group(0))} characters)", text)
    if len(text) > MAX_MESSAGE:
        text = f"{text[:MAX_MESSAGE * 3 // 4]} … ({len(text)} characters) … {text[-MAX_MESSAGE // 4:]}"
    return text


class RailprintError(ValueError):
    """Root of every error railprint reports to the user (its message and hint cut to a sane
    length: :func:`shortened`)."""

    def __init__(self, message: str, location: Location | None = None, hint: str | None = None, *,
                 pl: str | None = None, said: str | None = None):
        self.message = shortened(message) if isinstance(message, str) else message
        self.location = location
        self.hint = shortened(hint) if isinstance(hint, str) else hint
        # the same said in Polish, hint included (``railprint serve`` shows it on a Polish page),
        # and, where the message names a file's keys, in players' words (the English page's)
        self.pl = shortened(pl) if isinstance(pl, str) else None
        self.said = shortened(said) if isinstance(said, str) else None
        super().__init__(self.__str__())

    def __str__(self) -> str:
        text = f"{self.location}: {self.message}" if self.location else self.message
        if self.hint:
            text += f" ({self.hint})"
        return text


MAX_SHOWN = 200
"""Problems listed from one file; the first line says how many there are."""


class ContentError(RailprintError):
    """A content file is unusable. May carry several problems, reported at once."""

    def __init__(self, message: str, location: Location | None = None, hint: str | None = None,
                 problems: list[RailprintError] | None = None, *, pl: str | None = None):
        self.problems = problems or []
        super().__init__(message, location, hint, pl=pl)

    def __str__(self) -> str:
        if not self.problems:
            return super().__str__()
        lines = [f"{len(self.problems)} problem(s) in content:" if not self.message else self.message]
        lines += [f"  {p}" for p in self.problems[:MAX_SHOWN]]
        if len(self.problems) > MAX_SHOWN:
            lines.append(f"  … and {len(self.problems) - MAX_SHOWN} more")
        return "\n".join(lines)


class Problems:
    """Collects every problem found in one file, then raises them together as one ContentError."""

    def __init__(self) -> None:
        self.items: list[RailprintError] = []

    def add(self, message: str, where: Location | None, hint: str | None = None, *, pl: str | None = None,
            said: str | None = None) -> None:
        self.items.append(RailprintError(message, where, hint, pl=pl, said=said))

    def raise_if_any(self, title: str, where: Location | None = None, *, sort: bool = False,
                     title_pl: str | None = None) -> None:
        if not self.items:
            return
        items = self.items
        if sort:
            items = sorted(items, key=lambda e: (e.location.line or 0, e.location.col or 0)
                           if e.location else (0, 0))
        error = ContentError(f"{len(items)} problem(s) in {title}", where, problems=items)
        error.title = title_pl or title   # (said_in's Polish heading; ``pl`` stays the problems' own, for serve)
        raise error


def problems_pl(count: int, title: str) -> str:
    """'3 problemy w game.yaml': the heading of a file's problems in Polish (its plural form)."""
    from railprint.words import counted

    return f"{counted(count, ('problem', 'problemy', 'problemów'), 'pl')} w {title}"


def violations_pl(count: int) -> str:
    """'2 naruszenia zasad': ``--strict``'s heading in Polish (its plural form)."""
    from railprint.words import counted

    return counted(count, ("naruszenie", "naruszenia", "naruszeń"), "pl") + " zasad"


def said_in(exc: RailprintError, lang: str = "en") -> str:
    """``exc`` as the terminal says it in ``lang``: located, each of a file's problems on a line
    of its own, in Polish where it has its Polish words (``pl``, hint included), else in English."""
    if lang != "pl":
        return str(exc)
    problems = getattr(exc, "problems", None) or []
    if problems:
        title = getattr(exc, "title", None)
        head = problems_pl(len(problems), title) if title else (exc.message or f"{len(problems)} problem(s)")
    elif exc.pl:
        head = f"{exc.location}: {exc.pl}" if exc.location else exc.pl
    else:
        head = str(exc)
    if not problems:
        return head
    lines = [head] + [f"  {said_in(p, lang)}" for p in problems[:MAX_SHOWN]]
    if len(problems) > MAX_SHOWN:
        lines.append(f"  … i {len(problems) - MAX_SHOWN} więcej")
    return "\n".join(lines)


class Said(RailprintError):
    """An error already said in the user's language (:func:`said_in`): printed as it is."""

    def __init__(self, text: str):
        self.text = text
        super().__init__(text)

    def __str__(self) -> str:
        return self.text


def file_version(path: Path, noun: str) -> tuple[int, int]:
    """(modification time in ns, size) of the regular file a content file names — the key its
    checked contents are cached under; ``noun`` names it in the errors ("picture", "font file")
    when it is missing or not a file (a folder, a device)."""
    from stat import S_ISREG

    try:
        status = path.stat()   # one look: the file checked is the file whose version is returned
    except OSError:
        near = did_you_mean(path.name, _names_beside(path))
        hint = f"looked for {path}" + (f"; {near}" if near else "")
        raise RailprintError(f"{noun} not found: {path.name}", hint=hint) from None
    if not S_ISREG(status.st_mode):
        raise RailprintError(f"not a {noun.removesuffix(' file')} file: {path}")
    return status.st_mtime_ns, status.st_size


MAX_NAMES_BESIDE = 2000
"""Names of a folder read for a 'did you mean' (a folder of a million files is not listed)."""


def _names_beside(path: Path) -> list[str]:
    """The names of the files in the folder ``path`` names a file of (the first
    :data:`MAX_NAMES_BESIDE`; none when the folder cannot be read)."""
    from itertools import islice
    import os

    try:
        with os.scandir(path.parent) as entries:
            return [entry.name for entry in islice(entries, MAX_NAMES_BESIDE)]
    except OSError:
        return []


def clip(value: object, limit: int = 40) -> str:
    """``repr`` of a typed value for a message, cut to ``limit`` characters (a 5,000-digit
    number is named, not echoed)."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


class NotationError(RailprintError):
    """A hand-typed board or game file cannot be read."""


class RulesError(RailprintError):
    """The input breaks the game's rules (raised only in strict mode)."""


_FOLD = str.maketrans({"ø": "o", "Ø": "O", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE",
                       "ł": "l", "Ł": "L", "ß": "ss", "đ": "d", "Đ": "D", "ð": "d", "þ": "th"})


def ascii_letters(text: str) -> str:
    """``text`` in plain ASCII letters for a file name: accents dropped and the letters NFKD
    cannot take apart spelt out (``Łukasz Ørsted`` -> ``Lukasz Orsted``, not ``ukasz rsted``)."""
    return unicodedata.normalize("NFKD", str(text).translate(_FOLD)).encode("ascii", "ignore").decode()


def name_key(text: str) -> str:
    """Matching key of a name: case, accents and punctuation ignored (``Tromsø`` == ``tromso``)."""
    return _name_key(str(text))


@lru_cache(maxsize=8192)
def _name_key(text: str) -> str:
    """:func:`name_key` of a string, remembered (a Ticket to Ride game file asks for the same
    city names thousands of times; ``railprint serve`` scores one after every change)."""
    text = unicodedata.normalize("NFKD", text.translate(_FOLD))
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return "".join(ch for ch in text.casefold() if ch.isalnum())


def close_matches(name: str, choices: Iterable[str], n: int = 3, cutoff: float = 0.6) -> list[str]:
    """Up to ``n`` known names closest to a misspelt one, compared by :func:`name_key`
    (first spelling kept per key); a name typed as the start of a longer one also matches."""
    by_key: dict[str, str] = {}
    for choice in choices:
        by_key.setdefault(name_key(choice), choice)
    wanted = name_key(name)
    import difflib  # only when a name is wrong: not at start-up

    found = difflib.get_close_matches(wanted, list(by_key), n=n * 2, cutoff=cutoff)
    if not found and len(wanted) >= 3:
        found = [key for key in by_key if key.startswith(wanted)]
    result: list[str] = []
    for key in found:
        if by_key[key] not in result:
            result.append(by_key[key])
    return result[:n]


def you_meant(names: Iterable[str], lang: str = "en") -> str | None:
    """'did you mean X or Y?' (``lang="pl"``: 'może chodziło o X albo Y?'); None for no names."""
    names = list(names)
    if not names:
        return None
    if lang == "pl":
        return "może chodziło o " + " albo ".join(repr(n) for n in names) + "?"
    return "did you mean " + " or ".join(repr(n) for n in names) + "?"


def did_you_mean(name: str, choices: Iterable[str]) -> str | None:
    """'did you mean X or Y?' for the names closest to ``name``; None when none is close."""
    return you_meant(close_matches(name, choices))


def suggestion(name: str, choices: Iterable[str], lang: str = "en") -> str:
    """A hint string: 'did you mean X?' or the list of accepted values (``lang="pl"``: in Polish)."""
    choices = sorted(set(choices))
    near = you_meant(close_matches(name, choices), lang)
    if near:
        return near
    pl = lang == "pl"
    if len(choices) <= 12:
        return ("możliwe: " if pl else "expected one of: ") + ", ".join(choices)
    return (f"żadna z {len(choices)} znanych nazw nie jest podobna" if pl
            else f"none of the {len(choices)} known names is close")


LANGS = ("en", "pl")
"""Languages of player-facing labels (``--lang``)."""


def check_lang(lang: str) -> str:
    """``lang`` if it is a label language, else a clear error."""
    if lang not in LANGS:
        raise RailprintError(f"unknown language {lang!r}", hint="expected en or pl")
    return lang


RELOAD_PL = ("serwer nie rozumie tego, co wysłała ta strona (może jest starsza niż serwer); "
             "odśwież stronę i spróbuj jeszcze raz")
"""``railprint serve``'s Polish for a refusal only a malformed request meets (a JSON shape, a
version that is no number): a page meets it only when it is older than the server, so it says
what to do; the English ``error`` says exactly what was wrong."""
