"""Scene -> SVG: one page per file, real text with the font embedded (a subset of Source Sans
Pro as a base64 @font-face), explicit ids only. Written directly as strings, byte for byte what
svgwrite and ElementTree wrote before (issue 31: they took ~38 % of a serve hall's CPU)."""

from __future__ import annotations

import base64
import io
import threading
from collections import OrderedDict
from functools import lru_cache

from railprint.text import fonts
from railprint.text.faces import face_parts
from railprint.errors import RailprintError
from railprint.model.images import picture_bytes, picture_format
from railprint.text.shaping import width as shaped_width
from railprint.scene import Circle, Group, IDENTITY, Image, Line, Page, Path, Rect, Style, Text

_ANCHOR = {"start": "start", "middle": "middle", "end": "end"}


def _num(v: float) -> str:
    text = _numbers.get(v)
    if text is None:
        text = f"{v:.3f}".rstrip("0").rstrip(".")
        text = "0" if text in ("-0", "") else text
        if len(_numbers) >= 65536:
            _numbers.clear()
        _numbers[v] = text
    return text


_numbers: dict[float, str] = {}  # a number -> its text: a picture writes the same few thousand numbers


@lru_cache(maxsize=64)
def _font_face_css(face: str, chars: str) -> str:
    from fontTools import subset
    from fontTools.ttLib import TTFont

    path = fonts.font_path(face)
    out = io.BytesIO()
    try:
        # head.modified: the font's own, not now; a CFF font: the TrueType conversion the PDF
        # embeds too (one set of outlines for both writers; see railprint.text.cff). lazy: the
        # layout tables are read as the subsetter reaches them (pyftsubset's default; the same
        # bytes, a third of the CPU: an eager load decompiles every kerning pair first)
        font = TTFont(fonts.font_source(face), recalcTimestamp=False, lazy=True)
        options = subset.Options()
        options.name_IDs = ["*"]
        options.notdef_outline = True
        subsetter = subset.Subsetter(options)
        subsetter.populate(text=chars or " ")
        subsetter.subset(font)
        font.save(out)
    except Exception as exc:  # fontTools reads the tables the PDF writer never needs (GSUB, GPOS…)
        raise RailprintError(f"{path}: the font cannot be embedded in an SVG: {type(exc).__name__}: "
                             f"{str(exc)[:100]}", hint="the PDF output does not need these tables; "
                             "or repair the font (e.g. re-save it with a font editor)") from None
    data = base64.b64encode(out.getvalue()).decode("ascii")
    number, italic = face_parts(face.rpartition("/")[2])
    weight = {400: "normal", 700: "bold"}.get(number, str(number))
    style = "font-style:italic;" if italic else ""
    return (f"@font-face{{font-family:'{fonts.css_family(face)}';font-weight:{weight};{style}"
            f"src:url(data:font/ttf;base64,{data}) format('truetype');}}")


@lru_cache(maxsize=64)
def _data_uri(path: str, key: str) -> str:
    """A picture embedded in the SVG (a standalone file must not point outside itself)."""
    data = picture_bytes(path, key)
    mime = "image/" + picture_format(data).lower()
    return f"data:{mime};base64," + base64.b64encode(data).decode("ascii")


_CDATA = (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"))
_ATTRIBUTE = (*_CDATA, ('"', "&quot;"), ("\r", "&#13;"), ("\n", "&#10;"), ("\t", "&#09;"))


def _cdata(text: str, escapes: tuple = _CDATA) -> str:
    """Character data escaped as ElementTree escapes it (``_escape_cdata``: & < >; an attribute
    value, ``_escape_attrib``: also " and CR, LF, TAB as character references, in that order),
    then written as its UTF-8 writer writes it (a character UTF-8 cannot encode, a lone
    surrogate, as a character reference)."""
    for old, new in escapes:
        if old in text:
            text = text.replace(old, new)
    return text if text.isascii() else text.encode("utf-8", "xmlcharrefreplace").decode("utf-8")


def _attr(text: str) -> str:
    """An attribute value escaped as ElementTree escapes it."""
    return _cdata(text, _ATTRIBUTE)


def _tag(name: str, pairs: list[tuple[str, str]]) -> str:
    """``<name a="v" …`` as svgwrite writes an element's start: the attributes sorted by name,
    empty values left out (the values are given escaped); the caller closes it."""
    pairs.sort()
    return "<" + name + "".join([f' {key}="{value}"' for key, value in pairs if value])


def _style_pairs(style: Style, text: bool = False) -> tuple[tuple[str, str], ...]:
    """A style's attributes, escaped (a text is not stroked: its ``stroke`` left out); worked
    out once a style (a style whose dashes are a list, not hashable: every time)."""
    try:
        return _style_pairs_kept(style, text)
    except TypeError:
        return _style_pairs_of(style, text)


def _style_pairs_of(style: Style, text: bool) -> tuple[tuple[str, str], ...]:
    attrs = [("fill", _attr(style.fill or "none"))]
    if style.stroke:
        if not text:
            attrs.append(("stroke", _attr(style.stroke)))
        attrs.append(("stroke-width", _num(style.width)))
        if style.dash:
            attrs.append(("stroke-dasharray", ",".join(_num(d) for d in style.dash)))
        if style.cap != "butt":
            attrs.append(("stroke-linecap", _attr(style.cap)))
        if style.join != "miter":
            attrs.append(("stroke-linejoin", _attr(style.join)))
    if style.opacity != 1.0:
        attrs.append(("opacity", _num(style.opacity)))
    return tuple(attrs)


_style_pairs_kept = lru_cache(maxsize=1024)(_style_pairs_of)


@lru_cache(maxsize=256)
def _font_pairs(font: str, size: float, anchor: str) -> tuple[tuple[str, str], ...]:
    """A text's font attributes (family, size, weight, style, anchor), escaped."""
    attrs = [("font-family", _attr(f"{fonts.css_family(font)}, '{fonts.FAMILY}', sans-serif")),
             ("font-size", _num(size)), ("text-anchor", _ANCHOR[anchor])]
    number, italic = face_parts(font.rpartition("/")[2])
    if number != 400:
        attrs.append(("font-weight", "bold" if number == 700 else str(number)))
    if italic:
        attrs.append(("font-style", "italic"))
    return tuple(attrs)


def _path_d(cmds) -> str:
    parts = []
    for cmd in cmds:
        parts.append(cmd[0] + " ".join(_num(v) for v in cmd[1:]))
    return " ".join(parts)


def _leaf(item, kind) -> str:
    """A rectangle, line, circle or path element: its text depends on the item's value alone."""
    if kind is Rect:
        pairs = [*_style_pairs(item.style), ("height", _num(item.h)), ("width", _num(item.w)),
                 ("x", _num(item.x)), ("y", _num(item.y))]
        if item.r:
            pairs.append(("rx", _num(item.r)))
        return _tag("rect", pairs) + " />"
    if kind is Line:
        return _tag("line", [*_style_pairs(item.style), ("x1", _num(item.x1)), ("x2", _num(item.x2)),
                             ("y1", _num(item.y1)), ("y2", _num(item.y2))]) + " />"
    if kind is Circle:
        return _tag("circle", [*_style_pairs(item.style), ("cx", _num(item.cx)), ("cy", _num(item.cy)),
                               ("r", _num(item.r))]) + " />"
    return _tag("path", [*_style_pairs(item.style), ("d", _path_d(item.cmds))]) + " />"


LEAVES = 16384
"""Rectangles, lines, circles and paths whose element text is remembered by their value (all
forgotten when full): a served picture's next version draws most of them again (a Railroad Ink
sheet's network lines and score table, a Ticket to Ride board's region shades)."""
LEAVES_CHARS = 4_000_000
"""At most about this much element text remembered."""
_leaves: dict = {}
_leaves_size = [0]


KEPT = 16384
"""Kept groups (``Group.keep``) whose SVG text and characters are remembered, the least recently
drawn forgotten first: the boards of the maps in play (each a few hundred kB of SVG) and the
train pieces of the routes claimed on them (a few hundred bytes each)."""
KEPT_CHARS = 32_000_000
"""At most this much SVG text kept (about 100 boards)."""
_kept_svg: OrderedDict = OrderedDict()    # id(group) -> (group, its SVG text cut at its clip numbers, clip paths' tails)
_kept_chars: OrderedDict = OrderedDict()  # id(group) -> (group, {face: characters})
_kept_size = [0]                          # characters of SVG text in _kept_svg
_kept_lock = threading.Lock()


def _recall(cache: OrderedDict, key, group: Group):
    """What was kept for this very ``group`` (the entry holds the group, so its id is not reused).
    No lock: a look-up and a move to the end are each one step for other threads (a picture
    looks up every train piece on its board), and an entry forgotten in between is no entry."""
    entry = cache.get(key)
    if entry is not None and entry[0] is group:
        try:
            cache.move_to_end(key)
        except KeyError:   # forgotten by another thread just now: still the right entry
            pass
        return entry
    return None


def _size(cache: OrderedDict, entry) -> int:
    return sum(map(len, entry[1])) if cache is _kept_svg else 0


_CLIP_PATH = '<clipPath id="clip'


def _keep(cache: OrderedDict, key, entry) -> None:
    with _kept_lock:
        old = cache.pop(key, None)
        if old is not None:
            _kept_size[0] -= _size(cache, old)
        cache[key] = entry
        _kept_size[0] += _size(cache, entry)
        most = KEPT_PAGES if cache is _page_chars else KEPT
        while len(cache) > most or (cache is _kept_svg and _kept_size[0] > KEPT_CHARS and len(cache) > 1):
            _kept_size[0] -= _size(cache, cache.popitem(last=False)[1])


def _chars(items, used: dict[str, set[str]], seen: set[int]) -> None:
    """Add the characters drawn by ``items`` to ``used`` (face -> characters); a group drawn more
    than once is read once, a kept group's characters are worked out once for its life."""
    stack = [iter(items)]
    while stack:
        for item in stack[-1]:
            kind = type(item)
            if kind is Text:
                used.setdefault(item.font, set()).update(item.text)
            elif kind is Group and id(item) not in seen:
                seen.add(id(item))
                if item.keep:
                    _chars_once(_kept_chars, item, used)
                    continue
                stack.append(iter(item.items))
                break
        else:
            stack.pop()


def used_chars(pages) -> dict[str, str]:
    """Characters drawn in each font face over ``pages`` (the font subset to embed). A page's
    characters are worked out once while it is among the last ``KEPT_PAGES`` asked about (a
    served picture's page is asked about for its font subset, its glyph check and its SVG)."""
    used: dict[str, set[str]] = {}
    for page in pages:
        _chars_once(_page_chars, page, used)
    return {face: "".join(sorted(chars)) for face, chars in used.items()}


def _chars_once(cache: OrderedDict, holder, used: dict[str, set[str]]) -> None:
    """Add the characters of ``holder`` (a kept group or a page) to ``used``, worked out once
    while ``cache`` keeps them."""
    entry = _recall(cache, id(holder), holder)
    if entry is None:
        own: dict[str, set[str]] = {}
        _chars(holder.items, own, set())
        entry = (holder, {face: frozenset(chars) for face, chars in own.items()})
        _keep(cache, id(holder), entry)
    for face, chars in entry[1].items():
        used.setdefault(face, set()).update(chars)


KEPT_PAGES = 64
_page_chars: OrderedDict = OrderedDict()  # id(page) -> (page, {face: characters}), the last KEPT_PAGES pages


_ROOT_NS = (' xmlns="http://www.w3.org/2000/svg" xmlns:ev="http://www.w3.org/2001/xml-events"'
            ' xmlns:xlink="http://www.w3.org/1999/xlink"')


def page_to_string(page: Page, title: str = "", charset: dict[str, str] | None = None,
                   own: dict[str, str] | None = None) -> str:
    """One page as an SVG document (the text of :func:`page_to_bytes`)."""
    return page_to_bytes(page, title, charset, own).decode("utf-8")


@lru_cache(maxsize=64)
def _style_element(fonts_used: tuple[tuple[str, str], ...]) -> bytes:
    """The ``<style>`` element embedding these faces' subsets (face, characters), made once as
    UTF-8 (the subsets' base64 text is most of a picture's bytes: encoded once, not a page)."""
    css = "".join(_font_face_css(face, chars) for face, chars in fonts_used)
    css += "text{font-kerning:normal;font-variant-ligatures:common-ligatures}"
    return f'<style type="text/css"><![CDATA[{css}]]></style>'.encode("utf-8")


def page_to_bytes(page: Page, title: str = "", charset: dict[str, str] | None = None,
                  own: dict[str, str] | None = None) -> bytes:
    """One page as an SVG document, UTF-8. ``charset`` (face -> characters) lets every page of a
    document share one font subset (subsetting is the slow part); default: this page's own
    (``own``: ``used_chars([page])``, when the caller worked it out already).

    The text is written directly as strings: the same bytes svgwrite (``debug=False``) and
    ElementTree wrote for it before (attributes sorted by name, empty ones left out, ElementTree's
    escaping, ``<name … />`` for an element without content), at a fraction of the CPU time
    (issue 31; tests/writers/test_svg_same_bytes.py holds the old writer as the oracle). The
    parts that are the same from page to page — the embedded fonts' ``<style>`` and every kept
    group's text — are kept as UTF-8 bytes and joined, not encoded again: only what this page
    draws of its own is encoded (a served Ticket to Ride picture is ~350 kB, nearly all of it
    the board and the fonts)."""
    from railprint.units import to_mm

    head = [
        f'<svg baseProfile="full" height="{_num(to_mm(page.height))}mm" version="1.1" '
        f'viewBox="0 0 {_num(page.width)} {_num(page.height)}" width="{_num(to_mm(page.width))}mm"'
        f'{_ROOT_NS}>']
    if title:
        head.append(f"<title>{_cdata(str(title))}</title>")
    style = b""
    if own is None:
        own = used_chars([page])
    if own:
        style = _style_element(tuple(sorted((face, (charset or own).get(face, own[face])) for face in own)))
    defs: list[str] = []
    out: list = []         # the body: text, and (at the places in ``joined``) kept groups' UTF-8 bytes
    joined: list[int] = []
    clip_count = [0]
    slots: list[int] | None = None   # while a kept group is made: where its clip numbers stand in its text

    def kept(out: list[str], item: Group) -> None:
        """A kept group: its SVG text made once (with the clip paths it adds to <defs>) and
        reused while the group lives, wherever it stands: the text is kept cut at its clip
        paths' numbers, which are the page's next ones each time it is drawn (a Railroad Ink
        space, clipped to its square, is numbered by the spaces drawn before it). The same
        bytes as drawing it anew."""
        nonlocal slots
        entry = _recall(_kept_svg, id(item), item)
        if entry is None:
            text: list[str] = []
            before, first = len(defs), clip_count[0]
            slots = []
            try:
                add(text, (item,), keep=False)
                cuts = slots
            finally:
                slots = None
            segments, start = [], 0
            for at in cuts:
                segments.append("".join(text[start:at]).encode("utf-8"))
                start = at + 1
            segments.append("".join(text[start:]).encode("utf-8"))
            tails = tuple(d[len(_CLIP_PATH) + len(str(first + k + 1)):] for k, d in enumerate(defs[before:]))
            _keep(_kept_svg, id(item), (item, tuple(segments), tails))
            joined.append(len(out))
            out.append("".join(text).encode("utf-8"))
            return
        segments, tails = entry[1], entry[2]
        joined.append(len(out))
        if not tails:
            out.append(segments[0])
            return
        parts = [segments[0]]
        for k, tail in enumerate(tails):
            number = str(clip_count[0] + k + 1)
            defs.append(_CLIP_PATH + number + tail)
            parts += (number.encode("ascii"), segments[k + 1])
        clip_count[0] += len(tails)
        out.append(b"".join(parts))

    def add(out: list[str], items, keep: bool = True) -> None:
        emit = out.append
        for item in items:
            kind = type(item)
            if kind is Group:
                if item.keep and keep:
                    kept(out, item)
                    continue
                pairs = []
                if item.id:
                    pairs.append(("id", _attr(item.id)))
                if item.transform != IDENTITY:
                    pairs.append(("transform", "matrix(" + " ".join(_num(v) for v in item.transform) + ")"))
                start = _tag("g", pairs)
                if item.clip is not None:
                    clip_count[0] += 1
                    number = str(clip_count[0])
                    r = item.clip
                    defs.append(f'{_CLIP_PATH}{number}"><rect height="{_num(r.h)}" width="{_num(r.w)}" '
                                f'x="{_num(r.x)}" y="{_num(r.y)}" /></clipPath>')
                    emit(start + '><g clip-path="url(#clip')
                    if slots is not None:
                        slots.append(len(out))
                    emit(number)
                    emit(')"')
                    end = "</g></g>"
                else:
                    emit(start)
                    end = "</g>"
                mark = len(out)
                emit(">")
                add(out, item.items, keep)
                if len(out) == mark + 1:  # no content: <g … />
                    out[mark] = " />"
                    emit(end[4:])
                else:
                    emit(end)
            elif kind is Rect or kind is Line or kind is Circle or kind is Path:
                try:
                    text = _leaves.get(item)
                except TypeError:   # a style whose dashes are a list, a path given as a list: not hashable
                    emit(_leaf(item, kind))
                    continue
                if text is None:
                    text = _leaf(item, kind)
                    if len(_leaves) >= LEAVES or _leaves_size[0] > LEAVES_CHARS:
                        _leaves.clear()
                        _leaves_size[0] = 0
                    _leaves[item] = text
                    _leaves_size[0] += len(text)
                emit(text)
            elif kind is Text:
                # the text's shaped width (text/shaping.py, as the PDF sets it): a browser shapes
                # the embedded font itself (kerning, ligatures) to within ~0.05 pt of it, and
                # textLength makes the line end exactly there in any renderer (a Chromium
                # measure: docs/performance.md "Shaped text")
                start = _tag("text", [*_style_pairs(item.style, True), *_font_pairs(item.font, item.size, item.anchor),
                                      ("textLength", _num(shaped_width(item.text, item.size, item.font))),
                                      ("x", _num(item.x)), ("y", _num(item.y))])
                body = str(item.text)
                emit(f"{start}>{_cdata(body)}</text>" if body else start + " />")
            elif kind is Image:
                emit(_tag("image", [("height", _num(item.h)), ("preserveAspectRatio", "none"),
                                    ("width", _num(item.w)), ("x", _num(item.x)),
                                    ("xlink:href", _attr(_data_uri(item.path, item.key))),
                                    ("y", _num(item.y))]) + " />")

    add(out, page.items)
    if style or defs:
        head.append("<defs>")
        chunks = ["".join(head).encode("utf-8"), style, ("".join(defs) + "</defs>").encode("utf-8")]
    else:
        head.append("<defs />")
        chunks = ["".join(head).encode("utf-8")]
    start = 0
    for at in joined:
        if at > start:
            chunks.append("".join(out[start:at]).encode("utf-8"))
        chunks.append(out[at])
        start = at + 1
    out.append("</svg>")
    chunks.append("".join(out[start:]).encode("utf-8"))
    return b"".join(chunks)
