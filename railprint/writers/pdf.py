"""Scene -> PDF. Byte-identical output for the same scene.

The drawing operators are written here, with the graphics state tracked per stream so a style
change writes only what changed; the file structure, fonts and pictures are
:mod:`railprint.writers.pdffile`'s (reportlab reads the TrueType files and cuts the subsets).

Opacity is one ExtGState per value (``/CA`` and ``/ca`` together), defined in one shared
dictionary that every page and every form names in its own resources — so content inside a
repeated component (a form XObject) finds every ``gs`` it uses. A form starts from an unknown
state (it inherits the state of wherever it is drawn), so its first item sets what it needs.
"""

from __future__ import annotations

from functools import lru_cache
from math import cos, pi, sin

from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from railprint.text import fonts
from railprint.scene import Circle, Document, Group, IDENTITY, Image, Line, Path, Rect, Text
from railprint.writers.pdffile import Fonts, PdfFile, add_picture, pdf_string, shop_picture, stored_picture

_CAPS = {"butt": 0, "round": 1, "square": 2}
_JOINS = {"miter": 0, "round": 1, "bevel": 2}
# reportlab's canvas fills with the even-odd rule; kept so every shape looks as it always did
_PAINT = {(1, 0): "S", (0, 1): "f*", (1, 1): "B*"}


@lru_cache(maxsize=None)
def _font(key: str):
    """The reportlab font of a font key, registered on first use (reading a TrueType file
    takes ~15 ms: a render that sets no bold italic never reads it)."""
    name = fonts.font_name(key)
    try:
        pdfmetrics.registerFont(TTFont(name, fonts.font_source(key)))   # a CFF font: its TrueType conversion
    except Exception as exc:  # reportlab's TTFError and struct errors for a file fontTools accepted
        if key in fonts.FONT_NAMES:   # a shipped font: a broken install, not the designer's file
            raise
        from railprint.errors import RailprintError

        raise RailprintError(f"the font {fonts.font_path(key).name} cannot be embedded: {str(exc)[:120]}",
                             hint="try another TrueType file of the family") from None
    return pdfmetrics.getFont(name)


PSEUDO = 0xF0000
"""A glyph no character maps to (a ligature, an alternate) is drawn as code PSEUDO + its glyph
id: registered in reportlab's face so its subsetter cuts the glyph (reportlab's own shaping
does the same with private-use codes); the ToUnicode map gives the characters it stands for."""


@lru_cache(maxsize=16384)
def _plan(key: str, text: str) -> tuple[str, tuple[float, ...], tuple[float, ...], tuple, float]:
    """How the PDF draws ``text`` shaped in font ``key`` (at any size): its characters, one per
    glyph (a glyph no character maps to: its private code), the TJ adjustment after each glyph
    (in thousandths of the size: the glyph's width in the PDF font minus its shaped advance,
    with its x offset; first, the adjustment before the first glyph), each glyph's rise (per pt of size), the (private code, characters) of
    the glyphs no character maps to, and the run's width per pt."""
    from railprint.text.shaping import shape

    run = shape(text, key)
    face = _font(key).face
    per = 1000 / run.upm
    chars: list[str] = []
    gaps: list[float] = []
    actual: dict[int, str] = {}
    lead = 0.0
    for gid, char, advance, nominal, dx, stands in zip(run.gids, run.chars, run.advances, run.nominal,
                                                       run.x_offsets, run.texts):
        if char < 0 or (char != 0xA0 and face.charToGlyph.get(char) != gid):
            # a glyph no character maps to (or not the one reportlab's reading of the cmap gives)
            char = PSEUDO + gid
            actual.setdefault(char, stands)
            if char not in face.charToGlyph:
                face.charToGlyph[char] = gid
                face.charWidths[char] = face._pdfScale(nominal)
        chars.append(chr(char))
        drawn = face.getCharWidth(0x20 if char == 0xA0 else char)
        if gaps:
            gaps[-1] -= dx * per   # move right by the offset before the glyph…
        else:
            lead = -dx * per
        gaps.append(round(drawn - advance * per + dx * per, 3))   # …and back after it
    rises = tuple(dy / run.upm for dy in run.y_offsets)
    return ("".join(chars), (round(lead, 3),) + tuple(round(g, 3) for g in gaps), rises, tuple(actual.items()),
            run.width / run.upm)


@lru_cache(maxsize=1024)
def _rgb(value: str) -> str:
    """``r g b`` of a colour, as reportlab's HexColor reads it (channel / 255)."""
    if len(value) == 7 and value[0] == "#":  # #rrggbb, every colour a scene carries
        number = int(value[1:], 16)
        return fp_str((number >> 16) / 255, (number >> 8 & 0xFF) / 255, (number & 0xFF) / 255)
    from reportlab.lib.colors import HexColor  # anything else, as before (not imported otherwise)

    colour = HexColor(value)
    return fp_str(colour.red, colour.green, colour.blue)


_SHOWN: dict[tuple, str] = {}   # text operators of a shaped run, by its font prefix, codes and size
_NUMBERS: dict[tuple, str] = {}   # fp_str of coordinates met before (a page repeats many)


def _fp(*values: float) -> str:
    """``fp_str(*values)``, remembered: most coordinates of a render recur (134,000 numbers
    written for `render all`, 19,000 distinct). Equal keys format alike (0.0 and -0.0 both "0")."""
    text = _NUMBERS.get(values)
    if text is None:
        if len(_NUMBERS) >= 200_000:
            _NUMBERS.clear()
        text = _NUMBERS[values] = fp_str(*values)
    return text


_LINES: dict[tuple, str] = {}  # a line's operators by its ends (crop marks and grids recur)


def _line(ends: tuple) -> str:
    if len(_LINES) >= 100_000:
        _LINES.clear()
    text = _LINES[ends] = f"n {fp_str(*ends[:2])} m {fp_str(*ends[2:])} l S"
    return text


def _quarters() -> tuple[tuple[float, ...], ...]:
    """The parts of reportlab's ``pdfgeom.bezierArc(…, 0, 360)`` that do not depend on the circle:
    per quarter cos θ0, sin θ0, and its control and end factors, computed as bezierArc does."""
    half = 90.0 * pi / 360.
    kappa = abs(4. / 3. * (1. - cos(half)) / sin(half))
    out = []
    for i in range(4):
        t0, t1 = (0 + i * 90.0) * pi / 180., (0 + (i + 1) * 90.0) * pi / 180.
        out.append((cos(t0), sin(t0), cos(t0) - kappa * sin(t0), sin(t0) + kappa * cos(t0),
                    cos(t1) + kappa * sin(t1), sin(t1) - kappa * cos(t1), cos(t1), sin(t1)))
    return tuple(out)


_QUARTERS = _quarters()


@lru_cache(maxsize=4096)
def _circle(cx: float, cy: float, r: float) -> str:
    """A circle's path (four Bézier quarters), without its paint operator: the numbers of
    ``pdfgeom.bezierArc(cx - r, cy - r, cx + r, cy + r, 0, 360)``, the same float operations
    with its circle-free factors worked out once (its general arc code was ~2/3 of the cost)."""
    x1, x2 = min(cx - r, cx + r), max(cx - r, cx + r)
    y1, y2 = max(cy - r, cy + r), min(cy - r, cy + r)
    xc, yc, rx, ry = (x1 + x2) / 2., (y1 + y2) / 2., (x2 - x1) / 2., (y2 - y1) / 2.
    c0, s0 = _QUARTERS[0][:2]
    parts = [fp_str(xc + rx * c0, yc - ry * s0) + " m"]
    for _, _, a, b, c, d, c1, s1 in _QUARTERS:
        parts.append(fp_str(xc + rx * a, yc - ry * b, xc + rx * c, yc - ry * d, xc + rx * c1, yc - ry * s1) + " c")
    return " ".join(parts)


@lru_cache(maxsize=4096)
def _round_rect(x: float, y: float, w: float, h: float, r: float) -> str:
    """A rounded rectangle's path as reportlab's ``PDFPathObject.roundRect`` draws it (the same
    numbers and operators, without its path object), followed by a newline for the paint."""
    t = 0.4472 * r
    xlo, xhi = min(x, x + w), max(x, x + w)
    ylo, yhi = min(y, y + h), max(y, y + h)
    return (f"n\n{fp_str(xlo + r, ylo)} m\n{fp_str(xhi - r, ylo)} l\n"
            f"{fp_str(xhi - t, ylo, xhi, ylo + t, xhi, ylo + r)} c\n{fp_str(xhi, yhi - r)} l\n"
            f"{fp_str(xhi, yhi - t, xhi - t, yhi, xhi - r, yhi)} c\n{fp_str(xlo + r, yhi)} l\n"
            f"{fp_str(xlo + t, yhi, xlo, yhi - t, xlo, yhi - r)} c\n{fp_str(xlo, ylo + r)} l\n"
            f"{fp_str(xlo, ylo + t, xlo + t, ylo, xlo + r, ylo)} c\nh\n")


@lru_cache(maxsize=4096)
def _path(cmds: tuple) -> str:
    """A path's operators without its paint (icons and track shapes recur on many faces)."""
    parts = []
    for cmd in cmds:
        op = cmd[0]
        if op == "L":
            parts.append(fp_str(cmd[1], cmd[2]) + " l")
        elif op == "M":
            parts.append(fp_str(cmd[1], cmd[2]) + " m")
        elif op == "C":
            parts.append(fp_str(*cmd[1:7]) + " c")
        elif op == "Z":
            parts.append("h")
    parts.append("")  # the paint operator follows
    return " ".join(parts)


@lru_cache(maxsize=256)
def _dash(dash: tuple[float, ...] | None) -> str:
    return f"[{fp_str(list(dash)) if dash else ''}] 0 d"


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


_FIRST = object()  # an item not drawn before in this document
_FORM_EXTENT = 14400.0  # pt: a form's bounding box, far beyond any page (forms clip to it)
_FORM_BOX = fp_str(-_FORM_EXTENT, -_FORM_EXTENT, _FORM_EXTENT, _FORM_EXTENT)
_UNKNOWN = (None, None, None, None, None, None, None)  # fill, stroke, width, dash, cap, join, alpha
_PAGE_START = (None, None, None, None, None, None, 1.0)  # a page starts opaque (PDF default)


def _shown(prefix: str, pieces, gaps: tuple, rises: tuple, size: float) -> str:
    """:meth:`_Painter.shown_glyphs`'s operators for a run split into ``pieces`` of subsets."""
    tail = f" {fp_str(size)} Tf"
    parts: list[str] = []
    array: list[str] = []
    index = 0
    rise = 0.0

    def flush() -> None:
        if array:
            parts.append(f"[{''.join(array)}] TJ")
            array.clear()

    for subset, codes in pieces:
        flush()
        parts.append(f"/{prefix}+{subset}{tail}")
        if index == 0 and gaps[0]:
            array.append(fp_str(gaps[0]))
        start = 0
        for n in range(len(codes)):
            glyph = index + n
            if rises[glyph] != rise:   # a raised glyph (a mark): its own TJ under Ts
                if n > start:
                    array.append(f"({escapePDF(codes[start:n])})")
                start = n
                flush()
                rise = rises[glyph]
                parts.append(f"{fp_str(rise * size)} Ts")
            gap = gaps[glyph + 1]
            if gap:
                array.append(f"({escapePDF(codes[start:n + 1])}){fp_str(gap)}")
                start = n + 1
        if start < len(codes):
            array.append(f"({escapePDF(codes[start:])})")
        index += len(codes)
    flush()
    if rise:
        parts.append("0 Ts")
    return " ".join(parts)


class _Painter:
    def __init__(self, repeated: set[int], paint=None):
        self.paint = paint  # a print shop's colours (writers/shop.py): no transparency, maybe CMYK
        self.shop_ops: dict[tuple, str] = {}  # its fill and stroke operators by (role, key)
        self.pdf = PdfFile()
        self.fonts = Fonts()
        self.font_dict = self.pdf.reserve()  # every font subset, named by every page and form
        self.alpha_dict = self.pdf.reserve()  # every opacity state, likewise
        self.repeated = repeated  # groups drawn more than once: stored as forms
        self.names: dict[int, str] = {}  # their form names, in order of first use
        self.xobjects: dict[str, int] = {}  # form and picture name -> object number
        self.alphas: dict[float, str] = {}  # opacity -> ExtGState name, for the whole document
        self.shown: dict[tuple, tuple[str, float]] = {}  # (font, text, size) -> its Tf/Tj operators, width
        self.strings: dict[tuple[str, str], None] = {}  # (text, font) set, in drawing order: the glyph check
        self.code: list[str] = []  # the operators of the stream being written
        self.uses: dict[str, None] = {}  # the XObjects it draws, in order of first use
        self.state = _PAGE_START
        self.styled = self.styled_state = self.styled_text = None  # the last style set_style applied
        self.styled_paint = None  # its paint operator (S, f*, B*)
        # leaf items met before (by identity: the document keeps them alive while it is written):
        # None, or what the last of their second or later drawings wrote (state, operators, state after)
        self.drawn: dict[int, tuple | None] = {}

    def resources(self) -> str:
        """The current stream's resources: the shared fonts and opacity states, its XObjects."""
        xobjects = " ".join(f"/{name} {self.xobjects[name]} 0 R" for name in self.uses)
        return (f"<< /Font {self.font_dict} 0 R /ExtGState {self.alpha_dict} 0 R"
                + (f" /XObject << {xobjects} >> >>" if xobjects else " >>"))

    # -- graphics state ---------------------------------------------------------------------
    def alpha(self, code: list, value: float) -> None:
        fill, stroke, width, dash, cap, join, alpha = self.state
        if alpha != value and self.paint is None:
            name = self.alphas.get(value)
            if name is None:
                name = self.alphas[value] = f"ga{len(self.alphas)}"
            code.append(f"/{name} gs")
            self.state = (fill, stroke, width, dash, cap, join, value)

    def set_style(self, code: list, style, text: bool = False) -> None:
        fill, stroke, width, dash, cap, join, alpha = self.state
        paint = self.paint
        if paint is not None:  # a shop's paint depends on the opacity and the role too
            self.shop_colours(code, style, text)
            fill, stroke = self.state[0], self.state[1]
        elif style.fill and style.fill != fill:
            fill = style.fill
            code.append(_rgb(fill) + " rg")
        if style.stroke:
            if paint is None and style.stroke != stroke:
                stroke = style.stroke
                code.append(_rgb(stroke) + " RG")
            if style.width != width:
                width = style.width
                code.append(_fp(width) + " w")
            if style.dash != dash:
                dash = style.dash
                code.append(_dash(dash))
            if style.cap != cap:
                cap = style.cap
                code.append(f"{_CAPS[cap]} J")
            if style.join != join:
                join = style.join
                code.append(f"{_JOINS[join]} j")
        if style.opacity != alpha and paint is None:
            name = self.alphas.get(style.opacity)
            if name is None:
                name = self.alphas[style.opacity] = f"ga{len(self.alphas)}"
            alpha = style.opacity
            code.append(f"/{name} gs")
        self.state = (fill, stroke, width, dash, cap, join, alpha)
        self.styled, self.styled_state, self.styled_text = style, self.state, text
        self.styled_paint = _PAINT.get((1 if style.stroke else 0, 1 if style.fill else 0))

    def shop_colours(self, code: list, style, text: bool) -> None:
        """Fill and stroke paint of a print shop (flattened opacity, CMYK, K-only text and
        thin lines), written only when it differs from the stream's current paint."""
        fill, stroke, *rest = self.state
        ops = self.shop_ops  # a paint's operator depends only on its key: each worked out once
        if style.fill:
            key = (style.fill, style.opacity, text)
            if key != fill:
                fill = key
                op = ops.get(("f", key))
                if op is None:
                    op = ops["f", key] = self.paint.fill(*key)
                code.append(op)
        if style.stroke:
            key = (style.stroke, style.opacity, style.width <= self.paint.thin_line)
            if key != stroke:
                stroke = key
                op = ops.get(("s", key))
                if op is None:
                    op = ops["s", key] = self.paint.stroke(*key)
                code.append(op)
        self.state = (fill, stroke, *rest)

    # -- items ------------------------------------------------------------------------------
    def image(self, item: Image) -> None:
        """Each distinct picture is stored once (named by its content: stable bytes wherever
        the file lives) and drawn by reference wherever it is used."""
        name = "img" + item.key
        if name not in self.xobjects:
            parts = (stored_picture(item.path, item.key) if self.paint is None
                     else shop_picture(item.path, item.key, self.paint))
            self.xobjects[name] = add_picture(self.pdf, parts)
        self.uses[name] = None
        code = self.code
        self.alpha(code, 1.0)  # a picture is opaque, whatever was drawn before it
        # scene y points down
        code.append(f"q {fp_str(item.w, 0, 0, -item.h, item.x, item.y + item.h)} cm /{name} Do Q")

    def group(self, item: Group) -> None:
        code = self.code
        code.append("q")
        saved = self.state
        if item.transform != IDENTITY:
            code.append(_fp(*item.transform) + " cm")
        if item.clip is not None:
            r = item.clip
            code.append(f"n {_fp(r.x, r.y, r.w, r.h)} re W* n")
        self.items(item.items)
        code.append("Q")
        self.state = saved

    def form(self, item: Group) -> None:
        """A group drawn more than once (a card back, a card with copies) is stored once, as a
        form XObject, and drawn by reference: smaller files, less work."""
        name = self.names.get(id(item))
        if name is None:
            name = self.names[id(item)] = f"grp{len(self.names)}"
            outer = self.code, self.uses, self.state
            # a form inherits whatever state it is drawn in
            self.code, self.uses, self.state = [], {}, _UNKNOWN
            self.group(item)
            self.xobjects[name] = self.pdf.add_stream(
                f"/Type /XObject /Subtype /Form /BBox [{_FORM_BOX}] /Resources {self.resources()}",
                "\n".join(self.code).encode("latin-1"))
            self.code, self.uses, self.state = outer
        self.uses[name] = None
        self.code.append(f"/{name} Do")

    def text(self, code: list, item: Text) -> None:
        key = (item.font, item.text, item.size)
        found = self.shown.get(key)  # half the strings of a document recur (labels, headings)
        if found is None:
            font = _font(item.font)
            chars, gaps, rises, actual, width = _plan(item.font, item.text)
            found = self.shown[key] = (self.shown_glyphs(font, chars, gaps, rises, actual, item.size),
                                       width * item.size)
            self.strings[item.text, item.font] = None
        shown, width = found
        x = item.x
        if item.anchor != "start":
            x -= width / 2 if item.anchor == "middle" else width
        code.append(f"BT 1 0 0 -1 {_fp(x, item.y)} Tm {shown} ET")

    def shown_glyphs(self, font, chars: str, gaps: tuple, rises: tuple, actual: tuple, size: float) -> str:
        """The text operators drawing a shaped run: its characters (a glyph no character maps
        to as its private code, ``actual``: (code, characters it stands for)) split into the
        document's subsets, each glyph moved by the run's kerning (``gaps``: the TJ adjustment
        before the first glyph, then after each glyph) and raised by its ``rises``."""
        prefix = self.fonts.prefix(font)
        if actual:
            self.fonts.stand_for(font, actual)
        pieces = self.fonts.split(font, chars)
        memo = (prefix, chars, gaps, rises, size, tuple(pieces))
        found = _SHOWN.get(memo)   # the same run in another document of the process
        if found is None:
            if len(_SHOWN) >= 50_000:
                _SHOWN.clear()
            found = _SHOWN[memo] = _shown(prefix, pieces, gaps, rises, size)
        return found

    def items(self, items) -> None:
        code = self.code
        numbers, drawn = _NUMBERS, self.drawn
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
            # an item drawn again in the same state writes what it wrote before (a map's
            # minimap ground is the same items on every ticket: 40 % of the items of a render)
            key = id(item)
            found = drawn.get(key, _FIRST)
            if found is _FIRST:
                drawn[key] = before = None
            else:
                if found is not None and found[0] == self.state:
                    if found[1]:
                        code.append(found[1])
                    self.state = found[2]
                    continue
                before, mark = self.state, len(code)
            style = item.style
            text = kind is Text
            # most items repeat the style just set: skip the comparison (state is a new tuple
            # whenever anything changed it, so identity means "unchanged since")
            if style is not self.styled or self.state is not self.styled_state or text is not self.styled_text:
                if not (text or style.stroke or (style.fill and kind is not Line)):
                    continue  # nothing to paint (a line is only stroked)
                self.set_style(code, style, text)
            if kind is Line:
                if style.stroke:
                    ends = (item.x1, item.y1, item.x2, item.y2)
                    code.append(_LINES.get(ends) or _line(ends))
            elif text:
                self.text(code, item)
            elif kind is Rect:
                if item.r:
                    code.append(_round_rect(item.x, item.y, item.w, item.h, item.r) + self.styled_paint)
                else:
                    box = (item.x, item.y, item.w, item.h)
                    code.append(f"n {numbers.get(box) or _fp(*box)} re {self.styled_paint}")
            elif kind is Circle:
                code.append(f"{_circle(item.cx, item.cy, item.r)} {self.styled_paint}")
            elif kind is Path:
                code.append(_path(item.cmds) + self.styled_paint)
            if before is not None:
                drawn[key] = (before, "\n".join(code[mark:]), self.state)

    # -- the document ---------------------------------------------------------------------
    def page(self, page, parent: int) -> str:
        """Draw ``page``; returns its page dictionary."""
        self.code, self.uses, self.state = [f"q 1 0 0 -1 0 {fp_str(page.height)} cm"], {}, _PAGE_START
        self.items(page.items)  # scene: origin top-left, y down
        self.code.append("Q")
        contents = self.pdf.add_stream("", "\n".join(self.code).encode("latin-1"))
        boxes = ""
        if page.trim is not None:
            # a 1-up page is one component with its bleed around it: the page is the BleedBox
            # and the component's trim its TrimBox (PDF space: origin bottom-left, y up)
            x, y, w, h = page.trim
            boxes = (f" /TrimBox [{fp_str(x, page.height - y - h, x + w, page.height - y)}]"
                     f" /BleedBox [{fp_str(0, 0, page.width, page.height)}]")
        return (f"<< /Type /Page /Parent {parent} 0 R /MediaBox [{fp_str(0, 0, page.width, page.height)}]"
                f"{boxes} /Contents {contents} 0 R /Resources {self.resources()} >>")

    def finish(self, doc: Document, pages: list[int], parent: int) -> bytes:
        pdf = self.pdf
        pdf.put(self.font_dict, self.fonts.embed(pdf))
        states = " ".join(f"/{name} << /CA {fp_str(value)} /ca {fp_str(value)} >>"
                          for value, name in self.alphas.items())
        pdf.put(self.alpha_dict, f"<< {states} >>")
        pdf.put(parent, f"<< /Type /Pages /Kids [{' '.join(f'{n} 0 R' for n in pages)}] /Count {len(pages)} >>")
        intents = ""
        if self.paint is not None and self.paint.cmyk:  # the shop's CMYK profile
            from railprint.writers.shop import output_intent

            intents = f" /OutputIntents [{output_intent(pdf, self.paint.profile)} 0 R]"
        root = pdf.add(f"<< /Type /Catalog /Pages {parent} 0 R{intents} >>")
        info = pdf.add(f"<< /Title {pdf_string(doc.title or 'railprint')} /Subject {pdf_string(doc.subject)} "
                       "/Creator (railprint) /Author (railprint) /Producer (railprint) >>")
        return pdf.to_bytes(root, info)


def to_bytes(doc: Document, paint=None) -> bytes:
    """Render every page of ``doc`` into one PDF (``paint``: a print shop's colours)."""
    painter = _Painter(_repeated(doc), paint)
    try:
        parent = painter.pdf.reserve()
        pages = [painter.pdf.add(painter.page(page, parent)) for page in doc.pages]
        # every string once, as check_document_glyphs would find them (its walk of the
        # document again cost as much as 5 % of writing it)
        fonts.refuse_missing_glyphs(painter.strings)
        data = painter.finish(doc, pages, parent)
    finally:
        painter.fonts.close()
    return data
