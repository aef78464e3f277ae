"""The SVG writer as it was before issue 31 (svgwrite building every element, ElementTree
serialising them): the oracle test_svg_same_bytes.py compares the string emitter with, byte for
byte. Its emitter is a verbatim copy of railprint/writers/svg.py at b1e8319, with its own kept-SVG cache."""

from __future__ import annotations

from collections import OrderedDict

import svgwrite

from railprint.text import fonts
from railprint.text.faces import face_parts
from railprint.text.shaping import width as shaped_width
from railprint.scene import Circle, Group, IDENTITY, Image, Line, Page, Path, Rect, Style, Text
from railprint.writers.svg import _data_uri, _font_face_css, _keep, _recall, used_chars

_ANCHOR = {"start": "start", "middle": "middle", "end": "end"}


def _num(v: float) -> str:
    text = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


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


# The character walk, the kept-entry helpers, the font subset CSS and the picture data URIs are the
# writer's own (not what this oracle checks: the elements and their bytes); the kept groups' SVG
# text is cached apart from the writer's.
_kept_svg: OrderedDict = OrderedDict()    # (id(group), first clip number) -> (group, svg, defs, clips)


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
