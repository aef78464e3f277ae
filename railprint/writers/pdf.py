"""Scene -> PDF with reportlab. Byte-identical output for the same scene (``invariant=1``)."""

from __future__ import annotations

import io
from functools import lru_cache

from reportlab.lib.colors import HexColor
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas as rl_canvas

from railprint import fonts
from railprint.model.images import picture_bytes
from railprint.scene import Circle, Document, Group, IDENTITY, Image, Line, Path, Rect, Style, Text

_CAPS = {"butt": 0, "round": 1, "square": 2}
_JOINS = {"miter": 0, "round": 1, "bevel": 2}


@lru_cache(maxsize=None)
def _register_fonts() -> None:
    for face, name in fonts.FONT_NAMES.items():
        pdfmetrics.registerFont(TTFont(name, str(fonts.font_path(face))))


@lru_cache(maxsize=1024)
def _colour(value: str) -> HexColor:
    return HexColor(value)


@lru_cache(maxsize=64)
def _reader(path: str, key: str):
    """The picture at ``path`` whose content is ``key`` (a changed file is read again)."""
    from reportlab.lib.utils import ImageReader

    return ImageReader(io.BytesIO(picture_bytes(path, key)))


def _repeated(doc: Document) -> set[int]:
    """The groups (by identity) that appear more than once in the document."""
    seen: set[int] = set()
    repeated: set[int] = set()
    stack = [page.items for page in doc.pages]
    while stack:
        for item in stack.pop():
            if type(item) is Group:
                key = id(item)
                if key in seen:
                    repeated.add(key)
                else:
                    seen.add(key)
                    stack.append(item.items)
    return repeated


_FORM_EXTENT = 14400.0  # pt: a form's bounding box, far beyond any page (forms clip to it)


class _Painter:
    def __init__(self, canvas: rl_canvas.Canvas, forms: set[str], repeated: set[int], names: dict[int, str]):
        self.c = canvas
        self.style: Style | None = None
        self.forms = forms  # pictures already stored in this document, by content key
        self.repeated = repeated  # groups drawn more than once: stored as forms
        self.names = names  # their form names, in order of first use

    def image(self, item: Image) -> None:
        """Each distinct picture becomes one form XObject, named by its content (stable
        bytes wherever the file lives), drawn by reference wherever it is used."""
        c = self.c
        name = "img" + item.key
        if name not in self.forms:
            c.beginForm(name, 0, 0, 1, 1)
            c.drawImage(_reader(item.path, item.key), 0, 0, 1, 1, mask="auto")
            c.endForm()
            self.forms.add(name)
        c.saveState()
        c.transform(item.w, 0, 0, -item.h, item.x, item.y + item.h)  # scene y points down
        c.doForm(name)
        c.restoreState()

    def set_style(self, style: Style) -> None:
        if style == self.style:
            return
        c = self.c
        if style.fill:
            c.setFillColor(_colour(style.fill))
        if style.stroke:
            c.setStrokeColor(_colour(style.stroke))
            c.setLineWidth(style.width)
            c.setDash(list(style.dash) if style.dash else [])
            c.setLineCap(_CAPS[style.cap])
            c.setLineJoin(_JOINS[style.join])
        c.setFillAlpha(style.opacity)
        c.setStrokeAlpha(style.opacity)
        self.style = style

    def group(self, item: Group) -> None:
        c = self.c
        c.saveState()
        saved = self.style
        if item.transform != IDENTITY:
            c.transform(*item.transform)
        if item.clip is not None:
            clip = c.beginPath()
            r = item.clip
            clip.rect(r.x, r.y, r.w, r.h)
            c.clipPath(clip, stroke=0, fill=0)
        self.items(item.items)
        c.restoreState()
        self.style = saved

    def form(self, item: Group) -> None:
        """A group drawn more than once (a card back, a card with copies) is stored once, as a
        form XObject, and drawn by reference: smaller files, less work."""
        c = self.c
        name = self.names.get(id(item))
        if name is None:
            name = self.names[id(item)] = f"grp{len(self.names)}"
            c.beginForm(name, -_FORM_EXTENT, -_FORM_EXTENT, _FORM_EXTENT, _FORM_EXTENT)
            saved, self.style = self.style, None  # a form starts from a fresh graphics state
            self.group(item)
            c.endForm()
            self.style = saved
        c.doForm(name)

    def items(self, items) -> None:
        c = self.c
        for item in items:
            kind = type(item)
            if kind is Group:
                if id(item) in self.repeated:
                    self.form(item)
                else:
                    self.group(item)
                continue
            if kind is Image:
                self.image(item)
                continue
            style = item.style
            self.set_style(style)
            fill = 1 if style.fill else 0
            stroke = 1 if style.stroke else 0
            if kind is Text:
                c.setFont(fonts.FONT_NAMES[item.font], item.size)
                c.saveState()
                c.transform(1, 0, 0, -1, item.x, item.y)
                if item.anchor == "middle":
                    c.drawCentredString(0, 0, item.text)
                elif item.anchor == "end":
                    c.drawRightString(0, 0, item.text)
                else:
                    c.drawString(0, 0, item.text)
                c.restoreState()
            elif not (fill or stroke):
                continue
            elif kind is Rect:
                if item.r:
                    c.roundRect(item.x, item.y, item.w, item.h, item.r, stroke=stroke, fill=fill)
                else:
                    c.rect(item.x, item.y, item.w, item.h, stroke=stroke, fill=fill)
            elif kind is Line:
                if stroke:
                    c.line(item.x1, item.y1, item.x2, item.y2)
            elif kind is Circle:
                c.circle(item.cx, item.cy, item.r, stroke=stroke, fill=fill)
            elif kind is Path:
                p = c.beginPath()
                for cmd in item.cmds:
                    op = cmd[0]
                    if op == "M":
                        p.moveTo(cmd[1], cmd[2])
                    elif op == "L":
                        p.lineTo(cmd[1], cmd[2])
                    elif op == "C":
                        p.curveTo(*cmd[1:7])
                    elif op == "Z":
                        p.close()
                c.drawPath(p, stroke=stroke, fill=fill)


def to_bytes(doc: Document) -> bytes:
    """Render every page of ``doc`` into one PDF."""
    _register_fonts()
    buffer = io.BytesIO()
    first = doc.pages[0]
    c = rl_canvas.Canvas(buffer, pagesize=(first.width, first.height), invariant=1,
                         pageCompression=1)
    c.setTitle(doc.title or "railprint")
    c.setSubject(doc.subject)
    c.setCreator("railprint")
    c.setAuthor("railprint")
    forms: set[str] = set()
    repeated, names = _repeated(doc), {}
    for page in doc.pages:
        c.setPageSize((page.width, page.height))
        c.saveState()
        c.transform(1, 0, 0, -1, 0, page.height)  # scene: origin top-left, y down
        painter = _Painter(c, forms, repeated, names)
        painter.items(page.items)
        c.restoreState()
        c.showPage()
    c.save()
    return buffer.getvalue()
