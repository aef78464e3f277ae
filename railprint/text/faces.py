"""Faces as designers name them: weights by name or number, italic, the nearest face a family
has (as CSS chooses it), fallback lists of families and the itemisation of text into runs by
the first family that has each character.

A *face* is a string: ``regular`` (400), ``bold`` (700), ``italic``, ``bolditalic``, or
``w<weight>`` with an optional ``italic`` for any other weight (``w800``, ``w300italic``).
A *family key* names one family (None: the built-in Source Sans Pro; a designer's or installed
family: ``Name@digest``); a fallback list of families is their keys joined with ``|`` (the
built-in family an empty member), so a run's family stays one hashable string.
"""

from __future__ import annotations

from functools import lru_cache

from railprint.text.fonts import face_key, faces_of, metrics

from railprint.text.measure import text_width

WEIGHTS = {
    "thin": 100, "hairline": 100, "extralight": 200, "ultralight": 200, "light": 300,
    "regular": 400, "normal": 400, "book": 400, "medium": 500, "semibold": 600, "demibold": 600,
    "bold": 700, "extrabold": 800, "ultrabold": 800, "black": 900, "heavy": 900,
}
"""Weight names (OpenType's usWeightClass names and their common synonyms), lower case,
without spaces or hyphens ("Extra Bold", "extra-bold" and "ExtraBold" are one name)."""
LEGACY = ("regular", "bold", "italic", "bolditalic")
"""The four faces a layer's ``font:`` named before weights (still accepted)."""


def weight_of(value: object) -> int | None:
    """A weight from a name (``ExtraBold``, ``extra bold``) or a number 1…1000; None if neither."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)) and value == int(value) and 1 <= value <= 1000:
        return int(value)
    if isinstance(value, str):
        key = value.strip().lower().replace(" ", "").replace("-", "").replace("_", "")
        if key.isdigit():
            return weight_of(int(key))
        return WEIGHTS.get(key)
    return None


def face_of_key(key: str) -> str | None:
    """The face string a family's face key names (``bolditalic``, ``extrabold``, ``800 italic``,
    ``Black-Italic``); None when it names none."""
    text = key.strip().lower().replace("-", " ").replace("_", " ")
    italic = text.endswith("italic")
    stem = text[:-6].strip() if italic else text
    weight = weight_of(stem) if stem else 400
    return None if weight is None else face_name(weight, italic)


def face_name(weight: int, italic: bool) -> str:
    """The face string of a weight and style."""
    if weight in (400, 700):
        return ("bold" if weight == 700 else "") + ("italic" if italic else "") or "regular"
    return f"w{weight}" + ("italic" if italic else "")


def face_parts(face: str) -> tuple[int, bool]:
    """(weight, italic) of a face string."""
    italic = face.endswith("italic")
    stem = face[:-6] if italic else face
    if stem.startswith("w") and stem[1:].isdigit():
        return int(stem[1:]), italic
    return (700 if stem == "bold" else 400), italic


def bolder(weight: int) -> int:
    """CSS ``font-weight: bolder`` (what ``**bold**`` does to a run's weight)."""
    return 400 if weight < 350 else 700 if weight < 550 else 900


def styled(base: str, bold: bool, italic: bool) -> str:
    """``base``'s face made bold (CSS bolder) and/or italic by markup."""
    weight, slanted = face_parts(base)
    return face_name(bolder(weight) if bold else weight, slanted or italic)


@lru_cache(maxsize=4096)
def nearest(family: str | None, face: str) -> str | None:
    """The face of ``family`` that draws ``face``, chosen as CSS font matching does: the same
    style if the family has it (else the other); the exact weight, else for a weight 400–500
    the weights up to 500, then lighter ones, then heavier; below 400 lighter first; above
    500 heavier first. None when the family would have to fake it: bold asked (600 or more)
    and it has only lighter faces, or italic asked and it has no italic face — railprint does
    not synthesise bold or slanted letters, so that is an error, not a silent change."""
    weight, italic = face_parts(face)
    faces = [face_parts(f) + (f,) for f in faces_of(family)]
    same = [f for f in faces if f[1] == italic]
    if not same:
        return None if italic else (min(faces, key=lambda f: abs(f[0] - weight))[2] if faces else None)
    by_weight = {w: f for w, _, f in same}
    if weight in by_weight:
        return by_weight[weight]
    weights = sorted(by_weight)
    lighter = [w for w in reversed(weights) if w < weight]
    heavier = [w for w in weights if w > weight]
    if 400 <= weight <= 500:
        order = [w for w in heavier if w <= 500] + lighter + [w for w in heavier if w > 500]
    elif weight < 400:
        order = lighter + heavier
    else:
        order = heavier + lighter
    chosen = order[0]
    if weight >= 600 and chosen < 600:
        return None
    return by_weight[chosen]


def key_of(family: str | None, face: str) -> str:
    """The font key that draws ``face`` of one family (its nearest face; the asked face's own
    key when it has none, which is not registered: callers report it)."""
    return face_key(family, nearest(family, face) or face)


def members(family: str | None) -> tuple[str | None, ...]:
    """The family keys of a fallback list (one family: itself)."""
    if family is None or "|" not in family:
        return (family or None,)
    return tuple(m or None for m in family.split("|"))


def chain(keys) -> str | None:
    """The family string of a fallback list of family keys (None: the built-in family alone);
    a family listed twice counts once."""
    unique = list(dict.fromkeys(k or None for k in keys))
    if len(unique) == 1:
        return unique[0]
    return "|".join(k or "" for k in unique)


def primary(family: str | None) -> str | None:
    """The first family of a list: the one whose metrics set the lines (baseline, spacing)."""
    return members(family)[0]


def covers(family: str | None, face: str, char: str) -> bool:
    key = key_of(family, face)
    try:
        return ord(char) in metrics(key).widths
    except KeyError:   # the family lacks the face (reported by resolution)
        return False


_NONE = object()   # (None is a family: the built-in one)


@lru_cache(maxsize=8192)
def itemise(text: str, family: str | None, face: str) -> tuple[tuple[str, str | None], ...]:
    """``text`` cut into (piece, family key) by the first family of the list that has each
    character; spaces and characters no family has stay with the piece before them (one no
    family has, at the start, with the first family — the glyph check reports it)."""
    families = members(family)
    if len(families) == 1:
        return ((text, families[0]),)
    out: list[list] = []
    for char in text:
        if char.isspace() and out:
            out[-1][0].append(char)
            continue
        owner = next((f for f in families if covers(f, face, char)), _NONE)
        if owner is _NONE:
            owner = out[-1][1] if out else families[0]
        if out and out[-1][1] == owner:
            out[-1][0].append(char)
        else:
            out.append([[char], owner])
    return tuple(("".join(chars), owner) for chars, owner in out)


def uncovered(text: str, family: str | None, face: str) -> str:
    """The characters of ``text`` no family of the list has (whitespace controls ignored)."""
    return "".join(sorted({ch for ch in set(text) if ch not in "\n\r\t"
                           and not any(covers(f, face, ch) for f in members(family))}))


def pieces(text: str, family: str | None, face: str) -> tuple[tuple[str, str], ...]:
    """``text`` as (piece, font key) by :func:`itemise` (one piece when one family draws it all)."""
    return tuple((piece, key_of(owner, face)) for piece, owner in itemise(text, family, face))


def width(text: str, size: float, family: str | None, face: str) -> float:
    """The width of one line of ``text`` set in ``family`` (a list: each piece in its font)."""
    return sum(text_width(piece, size, key) for piece, key in pieces(text, family, face))


def fit_width(text: str, max_width: float, size: float, family: str | None, face: str,
              min_size: float = 4.0) -> float:
    """The largest size <= ``size`` at which one line of ``text`` fits ``max_width`` (as
    :func:`railprint.text.measure.fit_size`, for a family or a fallback list)."""
    used = width(text, size, family, face)
    if used <= max_width or used == 0:
        return size
    return max(min_size, size * max_width / used * 0.999)
