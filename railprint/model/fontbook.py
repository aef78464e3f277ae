"""The fonts one deck can name: its own ``fonts:`` families, the built-in Source Sans Pro and
the families installed on the system (looked up by name only when the deck names one it does
not declare), its ``font_fallback:`` list, and the missing-glyph reports of the whole deck
(one per glyph and fonts tried, with how many cards it spoils — not one per card)."""

from __future__ import annotations

import hashlib
from typing import Any

from railprint.errors import Location, Problems, suggestion
from railprint.text import faces, installed
from railprint.text.fonts import FAMILY, register_face

_BUILT_IN = installed.folded(FAMILY)


def label(family: str | None) -> str:
    """A family key as the designer named it."""
    return FAMILY if not family else family.rpartition("@")[0]


def labels(family: str | None) -> str:
    """A family or fallback list as the designer named it: ``Semaphore, DejaVu Sans``."""
    return ", ".join(label(f) for f in faces.members(family))


class FontBook(dict):
    """Family name -> family key (None: declared, but a file of it is unusable — reported at
    ``fonts:``), grown by the installed families looked up; always true (an empty book still
    carries the fallback list)."""

    def __init__(self, declared: dict[str, str | None] | None = None) -> None:
        super().__init__(declared or {})
        self.fallback: tuple[str | None, ...] = ()
        self.missing: dict[tuple[str, str], list] = {}   # (fonts tried, characters) -> [where, what, text, whats]

    def __bool__(self) -> bool:
        return True

    def family(self, name: str) -> tuple[str | None, str | None, str | None]:
        """(family key, problem, hint) of one family name; the key is None for the built-in family
        (and a declared unusable one, with the problem None and ``name in self``)."""
        name = name.strip()
        if name in self:
            return self[name], None, None
        folded = installed.folded(name)
        if folded == _BUILT_IN:
            return None, None, None
        found = installed.find(name)
        if found is None:
            known = [*self, FAMILY, *installed.names(), *faces.LEGACY]
            return None, f"unknown font family {name!r}", (
                suggestion(name, known) + "; declare it under the deck's 'fonts:' or install it")
        spelled, files = found
        digest = hashlib.sha1("".join(f"{w}{i}={p}:{_version(p)}" for (w, i), p in sorted(files.items()))
                              .encode()).hexdigest()
        key = f"{''.join(ch for ch in spelled if ch not in '|/@')}@{digest[:12]}"
        for (weight, italic), path in files.items():
            register_face(key, faces.face_name(weight, italic), path, checked=False)
        self[name] = key
        return key, None, None

    def chain(self, value: Any, with_fallback: bool = True) -> tuple[str | None, str | None, str | None, bool]:
        """(family string, problem, hint, usable) of a family name, ``A, B`` or a list, followed
        by the deck's fallback list; usable False: a declared family is broken (reported)."""
        names = value if isinstance(value, list) else [] if value is None else str(value).split(",")
        keys: list[str | None] = []
        for name in names:
            if not str(name).strip():
                return None, f"an empty font family name in {value!r}", None, True
            key, problem, hint = self.family(str(name))
            if problem:
                return None, problem, hint, True
            if key is None and str(name).strip() in self:
                return None, None, None, False
            keys.append(key)
        if not keys:
            keys = [None]
        return faces.chain([*keys, *(self.fallback if with_fallback else ())]), None, None, True

    def set_fallback(self, names: list[str], problems: Problems, where: Location) -> None:
        family, problem, hint, usable = self.chain(names, with_fallback=False)
        if problem:
            problems.add(f"font_fallback: {problem}", where, hint)
        elif usable and names:
            self.fallback = faces.members(family)

    def text_face(self, layer) -> tuple[str | None, str | None, tuple[str, str | None] | None]:
        """(face, family string, problem) of a text layer's ``font``/``family``/``weight``/``italic``;
        face None and no problem: a broken declared family (reported at ``fonts:``)."""
        font, family = layer.font, layer.family
        if isinstance(font, str) and font in faces.LEGACY:
            face, names = font, family
        elif family is not None:
            return None, None, ("give the family in 'font:' or in 'family:', not both "
                                f"(font: {font!r}, family: {family!r})", "'font: [A, B]' names a fallback list")
        else:
            face, names = "regular", font
        weight, italic = faces.face_parts(face)
        if layer.weight is not None:
            weight = faces.weight_of(layer.weight)
            if weight is None:
                return None, None, (f"weight {layer.weight!r} is not a weight",
                                    "a number 1-1000 or a name: " + suggestion(str(layer.weight), faces.WEIGHTS))
        if layer.italic is not None:
            italic = layer.italic
        face = faces.face_name(weight, italic)
        chain, problem, hint, usable = self.chain(names)
        if problem:
            return None, None, (problem, hint)
        if not usable:
            return None, None, None
        first = faces.primary(chain)
        if faces.nearest(first, face) is None:
            have = ", ".join(faces.face_name(*p) for p in sorted(faces.face_parts(f) for f in _faces(first)))
            return None, None, (f"the font family {label(first)!r} has no {face_label(face)} face (it has: {have})",
                                "add the face under 'fonts:', pick another weight, or drop the markup")
        return face, chain, None

    def check(self, text: str, family: str | None, face: str, where: Location | None, what: str) -> None:
        """Note the characters of ``text`` no font of ``family`` has (reported by :meth:`report`)."""
        missing = faces.uncovered(text, family, face)
        if missing:
            tried = ", ".join(f"{label(f)} {face_label(face)}" for f in faces.members(family))
            entry = self.missing.setdefault((tried, missing), [where, what, text, set()])
            entry[3].add(what)

    def report(self, problems: Problems) -> None:
        """One problem per missing glyph and fonts tried, at its first place, with its count."""
        for (tried, missing), (where, what, text, cards) in self.missing.items():
            many = f" (on {len(cards)} cards; the first: {what})" if len(cards) > 1 else f" ({what})"
            said = (f"no font has a glyph for {missing!r} (tried {tried})" if ", " in tried
                    else f"the font {tried} has no glyph for {missing!r}")
            problems.add(f"{said}{many}: {_short(text)!r}", where,
                         "add a font that has it to the layer's 'font:' list or the deck's 'font_fallback:'")
        self.missing.clear()


def _version(path) -> int:
    try:
        return path.stat().st_mtime_ns
    except OSError:   # gone since it was indexed: its check says so when it is used
        return 0


def _faces(family: str | None):
    from railprint.text.fonts import faces_of

    return faces_of(family)


def face_label(face: str) -> str:
    weight, italic = faces.face_parts(face)
    name = {100: "Thin", 200: "ExtraLight", 300: "Light", 400: "Regular", 500: "Medium", 600: "SemiBold",
            700: "Bold", 800: "ExtraBold", 900: "Black"}.get(weight, str(weight))
    return (name + " Italic" if italic and weight != 400 else "Italic" if italic else name)


def _short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"
