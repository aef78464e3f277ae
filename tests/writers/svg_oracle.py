"""The SVG writer as it was before issue 31 (svgwrite building every element, ElementTree
serialising them): the oracle test_svg_same_bytes.py compares the string emitter with, byte for
byte. A verbatim copy of railprint/writers/svg.py at b1e8319, its own kept-group caches."""

from __future__ import annotations

import base64
import io
import threading
from collections import OrderedDict
from functools import lru_cache

import svgwrite

from railprint.text import fonts
from railprint.text.faces import face_parts
from railprint.errors import RailprintError
from railprint.model.images import picture_bytes, picture_format
from railprint.text.shaping import width as shaped_width
from railprint.scene import Circle, Group, IDENTITY, Image, Line, Page, Path, Rect, Style, Text

_ANCHOR = {"start": "start", "middle": "middle", "end": "end"}


def _num(v: float) -> str:
    text = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


@lru_cache(maxsize=64)
def _font_face_css(face: str, chars: str) -> str:
    from fontTools import subset
    from fontTools.ttLib import TTFont

    path = fonts.font_path(face)
    out = io.BytesIO()
    try:
        # head.modified: the font's own, not now; a CFF font: the TrueType conversion the PDF
        # embeds too (one set of outlines for both writers; see railprint.text.cff)
        font = TTFont(fonts.font_source(face), recalcTimestamp=False)
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


def _style_attrs(style: Style) -> dict:
    attrs = {"fill": style.fill or "none"}
    if style.stroke:
        attrs["stroke"] = style.stroke
        attrs["stroke_width"] = _num(style.width)
        if style.dash:
            attrs["stroke_dasharray"] = ",".join(_num(d) for d in style.dash)
        if style.cap != "butt":
            attrs["stroke_linecap"] = style.cap
        if style.join != "miter":
            attrs["stroke_linejoin"] = style.join
    if style.opacity != 1.0:
        attrs["opacity"] = _num(style.opacity)
    return attrs


def _path_d(cmds) -> str:
    parts = []
    for cmd in cmds:
        parts.append(cmd[0] + " ".join(_num(v) for v in cmd[1:]))
    return " ".join(parts)


KEPT = 32
"""Kept groups (``Group.keep``) whose SVG text and characters are remembered: the boards of the
maps in play, each a few hundred kB of SVG."""
_kept_svg: OrderedDict = OrderedDict()    # (id(group), first clip number) -> (group, svg, defs, clips)
_kept_chars: OrderedDict = OrderedDict()  # id(group) -> (group, {face: characters})
_kept_lock = threading.Lock()


def _recall(cache: OrderedDict, key, group: Group):
    """What was kept for this very ``group`` (the entry holds the group, so its id is not reused)."""
    with _kept_lock:
        entry = cache.get(key)
        if entry is not None and entry[0] is group:
            cache.move_to_end(key)
            return entry
    return None


def _keep(cache: OrderedDict, key, entry) -> None:
    with _kept_lock:
        cache[key] = entry
        cache.move_to_end(key)
        while len(cache) > KEPT:
            cache.popitem(last=False)


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
                    entry = _recall(_kept_chars, id(item), item)
                    if entry is None:
                        own: dict[str, set[str]] = {}
                        _chars(item.items, own, set())
                        entry = (item, {face: frozenset(chars) for face, chars in own.items()})
                        _keep(_kept_chars, id(item), entry)
                    for face, chars in entry[1].items():
                        used.setdefault(face, set()).update(chars)
                    continue
                stack.append(iter(item.items))
                break
        else:
            stack.pop()


def used_chars(pages) -> dict[str, str]:
    """Characters drawn in each font face over ``pages`` (the font subset to embed)."""
    used: dict[str, set[str]] = {}
    seen: set[int] = set()
    for page in pages:
        _chars(page.items, used, seen)
    return {face: "".join(sorted(chars)) for face, chars in used.items()}


def page_to_string(page: Page, title: str = "", charset: dict[str, str] | None = None) -> str:
    """One page as an SVG document. ``charset`` (face -> characters) lets every page of a
    document share one font subset (subsetting is the slow part); default: this page's own."""
    from railprint.units import to_mm

    dwg = svgwrite.Drawing(size=(f"{_num(to_mm(page.width))}mm", f"{_num(to_mm(page.height))}mm"),
                           viewBox=f"0 0 {_num(page.width)} {_num(page.height)}", debug=False)
    if title:
        dwg.set_desc(title=title)
    own = used_chars([page])
    if own:
        fonts_used = {face: (charset or own).get(face, own[face]) for face in own}
        css = "".join(_font_face_css(face, chars) for face, chars in sorted(fonts_used.items()))
        css += "text{font-kerning:normal;font-variant-ligatures:common-ligatures}"
        dwg.defs.add(dwg.style(css))
    clip_count = [0]
    fragments: list[str] = []  # kept groups' SVG text, put in place of their markers at the end

    def kept(parent, item: Group) -> None:
        """A kept group: its SVG text made once (with the clip paths it adds to <defs>) and
        reused while the group lives; the same bytes as drawing it anew."""
        key = (id(item), clip_count[0])
        entry = _recall(_kept_svg, key, item)
        if entry is None:
            holder, before, first = dwg.g(), len(dwg.defs.elements), clip_count[0]
            add(holder, (item,), keep=False)
            entry = (item, holder.elements[0].tostring(), tuple(dwg.defs.elements[before:]),
                     clip_count[0] - first)
            _keep(_kept_svg, key, entry)
        else:
            for clip in entry[2]:
                dwg.defs.add(clip)
            clip_count[0] += entry[3]
        parent.add(dwg.g(id=f"railprint-kept-{len(fragments)}"))
        fragments.append(entry[1])

    def add(parent, items, keep: bool = True) -> None:
        for item in items:
            if isinstance(item, Group):
                if item.keep and keep:
                    kept(parent, item)
                    continue
                extra = {}
                if item.id:
                    extra["id"] = item.id
                if item.transform != IDENTITY:
                    extra["transform"] = "matrix(" + " ".join(_num(v) for v in item.transform) + ")"
                group = dwg.g(**extra)
                parent.add(group)
                target = group
                if item.clip is not None:
                    clip_count[0] += 1
                    cid = f"clip{clip_count[0]}"
                    cp = dwg.clipPath(id=cid)
                    r = item.clip
                    cp.add(dwg.rect((_num(r.x), _num(r.y)), (_num(r.w), _num(r.h))))
                    dwg.defs.add(cp)
                    inner = dwg.g(clip_path=f"url(#{cid})")
                    group.add(inner)
                    target = inner
                add(target, item.items, keep)
            elif isinstance(item, Rect):
                extra = {"rx": _num(item.r)} if item.r else {}
                parent.add(dwg.rect((_num(item.x), _num(item.y)), (_num(item.w), _num(item.h)),
                                    **extra, **_style_attrs(item.style)))
            elif isinstance(item, Line):
                parent.add(dwg.line((_num(item.x1), _num(item.y1)), (_num(item.x2), _num(item.y2)),
                                    **_style_attrs(item.style)))
            elif isinstance(item, Circle):
                parent.add(dwg.circle((_num(item.cx), _num(item.cy)), _num(item.r),
                                      **_style_attrs(item.style)))
            elif isinstance(item, Path):
                parent.add(dwg.path(d=_path_d(item.cmds), **_style_attrs(item.style)))
            elif isinstance(item, Text):
                attrs = _style_attrs(item.style)
                attrs.pop("stroke", None)
                # the text's shaped width (text/shaping.py, as the PDF sets it): a browser shapes
                # the embedded font itself (kerning, ligatures) to within ~0.05 pt of it, and
                # textLength makes the line end exactly there in any renderer (a Chromium
                # measure: docs/performance.md "Shaped text")
                text = dwg.text(item.text, insert=(_num(item.x), _num(item.y)),
                                font_family=f"{fonts.css_family(item.font)}, '{fonts.FAMILY}', sans-serif",
                                font_size=_num(item.size), text_anchor=_ANCHOR[item.anchor],
                                textLength=_num(shaped_width(item.text, item.size, item.font)), **attrs)
                number, italic = face_parts(item.font.rpartition("/")[2])
                if number != 400:
                    text["font-weight"] = "bold" if number == 700 else str(number)
                if italic:
                    text["font-style"] = "italic"
                parent.add(text)
            elif isinstance(item, Image):
                parent.add(dwg.image(_data_uri(item.path, item.key), insert=(_num(item.x), _num(item.y)),
                                     size=(_num(item.w), _num(item.h)), preserveAspectRatio="none"))

    add(dwg, page.items)
    text = dwg.tostring()
    for n, fragment in enumerate(fragments):
        text = text.replace(f'<g id="railprint-kept-{n}" />', fragment, 1)
    return text
