"""Paper sizes and the furniture every printed sheet carries: a 50 mm scale bar (to check
"actual size" printing), the game and component name, the content revision or seed, page i/n."""

from __future__ import annotations

from dataclasses import dataclass, replace

from railprint.errors import RailprintError, suggestion
from railprint.model.sheets import sheet_settings
from railprint.scene import Document, Group, Line, Rect, Style, Text, compose, rotate, scale, translate
from railprint.units import mm

# From the sheet templates (content/sheets/sheets.yaml).
_SETTINGS = sheet_settings()
PAPERS = {name: (size.width, size.height) for name, size in _SETTINGS.papers.items()}
MARGIN = _SETTINGS.page.margin                # minimum blank margin on every side
FURNITURE_HEIGHT = _SETTINGS.page.furniture   # bottom strip: scale bar and labels
SCALE_BAR = _SETTINGS.page.scale_bar
GREY = "#555555"


@dataclass(frozen=True)
class Paper:
    """A sheet of paper, in points."""

    name: str
    width: float
    height: float

    @property
    def landscape(self) -> bool:
        return self.width > self.height


def paper(name: str, orientation: str = "portrait") -> Paper:
    """``paper("a4")``, ``paper("letter", "landscape")``."""
    key = name.lower()
    if key not in PAPERS:
        raise RailprintError(f"unknown paper {name!r}", hint=suggestion(name, PAPERS))
    w, h = PAPERS[key]
    if orientation == "landscape":
        w, h = h, w
    elif orientation != "portrait":
        raise RailprintError(f"unknown orientation {orientation!r}", hint="expected portrait or landscape")
    return Paper(key, w, h)


def furniture(sheet: Paper, *, title: str, detail: str, page: int, pages: int,
              lang: str = "en", box: Rect | None = None) -> Group:
    """The page furniture in ``box`` (default: the bottom strip above the margin, see
    :func:`furniture_box`): scale bar at left, title and detail centred, page i/n at right. A box
    taller than wide gets the same strip turned to read upwards; a box narrower than a strip
    (a pocket beside the components) gets the four parts stacked."""
    box = box or furniture_box(sheet)
    label = {"en": "page", "pl": "strona"}.get(lang, "page")
    number = f"{label} {page}/{pages}"
    if box.h > box.w:   # a side strip: draw it horizontally, then turn it to read upwards
        strip = _strip(Rect(0, 0, box.h, box.w), title, detail, number)
        return Group(strip.items, transform=compose(translate(box.x, box.y + box.h), rotate(-90)),
                     id=f"furniture-{page}")
    if box.w < STRIP_MIN_WIDTH:
        return Group(_stacked(box, title, detail, number), id=f"furniture-{page}")
    return Group(_strip(box, title, detail, number).items, id=f"furniture-{page}")


STRIP_MIN_WIDTH = mm(150)   # narrower boxes get the parts stacked
POCKET_MIN = (mm(55), mm(17))   # the smallest box the stacked furniture fits in


def furniture_box(sheet: Paper) -> Rect:
    """The standard furniture strip: above the bottom margin, between the side margins."""
    return Rect(MARGIN, sheet.height - MARGIN - FURNITURE_HEIGHT, sheet.width - 2 * MARGIN, FURNITURE_HEIGHT)


def _scale_bar(x0: float, y: float) -> list:
    thin = Style(stroke="#000000", width=0.5)
    ticks = max(1, round(SCALE_BAR / mm(10)))  # a tick every 10 mm
    step = SCALE_BAR / ticks
    return [
        Line(x0, y, x0 + SCALE_BAR, y, thin),
        *[Line(x0 + step * i, y - mm(1.5 if 0 < i < ticks else 2.5), x0 + step * i, y, thin)
          for i in range(ticks + 1)],
        Text(x0 + SCALE_BAR / 2, y - mm(3.2), f"{SCALE_BAR / mm(1):g} mm", 6, Style(fill=GREY),
             anchor="middle"),
    ]


def _strip(box: Rect, title: str, detail: str, number: str) -> Group:
    from railprint.text.measure import text_width

    y = box.y + box.h - mm(2)
    x0 = box.x + mm(1)
    centre = box.x + box.w / 2
    right = box.x + box.w - mm(1)
    items = _scale_bar(x0, y)
    clear = x0 + SCALE_BAR + mm(2)   # title and detail stay clear of the scale bar and the page number
    items.append(_between(title, 7.5, "bold", "#222222", centre, y - mm(3.0), clear, right))
    items.append(_between(detail, 6, "regular", GREY, centre, y, clear, right - text_width(number, 7) - mm(2)))
    items.append(Text(right, y, number, 7, Style(fill=GREY), anchor="end"))
    return Group(tuple(items))


LONGEST_SHORTENED = 1000
"""Characters a furniture text is shortened from: a strip of a sheet is at most ~400 mm wide, and
1,000 characters at 6 pt take far more."""


def _between(text: str, size: float, font: str, colour: str, centre: float, y: float, lo: float, hi: float) -> Text:
    """``text`` centred on ``centre`` if it stays within ``lo``–``hi``; else centred between them,
    shortened with an ellipsis when even that is too narrow (a long list of source files)."""
    from railprint.text.measure import text_width

    width = text_width(text, size, font)
    if centre - width / 2 < lo or centre + width / 2 > hi:
        centre = (lo + hi) / 2
        # no strip holds LONGEST_SHORTENED characters: the rest is cut at once (a character a step,
        # each step measuring the whole text, a 660 KB title kept `render` busy for minutes)
        if len(text) > LONGEST_SHORTENED + 2:
            text = text[:LONGEST_SHORTENED + 2]
        while text and text_width(text, size, font) > hi - lo:
            text = text[:-2].rstrip(" ·,") + "…"
    return Text(centre, y, text, size, Style(fill=colour), font=font, anchor="middle")


def _stacked(box: Rect, title: str, detail: str, number: str) -> tuple:
    """Scale bar, title, detail and page number one under the other, shrunk to the box's width."""
    from railprint.text.measure import fit_size

    x0 = box.x + mm(1)
    width = box.w - mm(2)
    y = box.y + mm(5.3)   # the bar's "50 mm" label clear of the box's top (a neighbour's bleed)
    items = _scale_bar(x0, y)
    for text, size, font in ((title, 7.5, "bold"), (detail, 6, "regular"), (number, 7, "regular")):
        y += mm(3.5)
        items.append(Text(x0, y, text, fit_size(text, width, size, font), Style(fill="#222222" if font == "bold" else GREY),
                          font=font))
    return tuple(items)


SCALE_LIMITS = (0.9, 1.1)


def parse_scale(text: str) -> tuple[float, float]:
    """``100.4%`` or ``100.4%,99.8%`` (the % sign optional) -> (sx, sy) as factors."""
    parts = [part.strip().removesuffix("%").strip() for part in str(text).split(",")]
    try:
        values = [float(part) / 100 for part in parts]
    except ValueError:
        values = []
    if len(values) == 1:
        values *= 2
    low, high = SCALE_LIMITS
    if len(values) != 2 or not all(low <= v <= high for v in values):  # also refuses nan and inf
        raise RailprintError(f"--scale must be X% or X%,Y% between {low:.0%} and {high:.0%} "
                             f"(e.g. 100.4% or 100.4%,99.8%), got {text!r}",
                             hint="print `railprint calibrate`, measure its rulers and pass what it says")
    return values[0], values[1]


def _percent(value: float) -> str:
    return f"{value * 100:.2f}".rstrip("0").rstrip(".") + " %"


def scaled(doc: Document, sx: float, sy: float) -> Document:
    """Every sheet of ``doc`` scaled by (sx, sy) about its centre, to correct a printer that
    prints too small or too large; the scale bar's label says the factor (``50 mm · 100.4 %``)
    so a printed sheet tells how it was made. 1-up pages (a print shop's exact size) are kept."""
    if (sx, sy) == (1.0, 1.0):
        return doc
    note = _percent(sx) if sx == sy else f"{_percent(sx)} × {_percent(sy)}"
    bar_label = f"{SCALE_BAR / mm(1):g} mm"
    pages = []
    for page in doc.pages:
        if page.trim is not None:
            pages.append(page)
            continue
        items = tuple(_noted(item, bar_label, note) for item in page.items)
        cx, cy = page.width / 2, page.height / 2
        transform = compose(translate(cx, cy), scale(sx, sy), translate(-cx, -cy))
        pages.append(replace(page, items=(Group(items, transform=transform),)))
    return replace(doc, pages=tuple(pages))


def _noted(item, bar_label: str, note: str):
    """The furniture strip with the scale factor beside the scale bar's length."""
    if not (isinstance(item, Group) and (item.id or "").startswith("furniture-")):
        return item
    return replace(item, items=tuple(replace(t, text=f"{bar_label} · {note}")
                                     if isinstance(t, Text) and t.text == bar_label else t
                                     for t in item.items))


def revision_label(revision: int, lang: str = "en") -> str:
    """``revision 3`` / ``wersja 3`` for the furniture's detail line."""
    return f"{'wersja' if lang == 'pl' else 'revision'} {revision}"


def usable_area(sheet: Paper) -> Rect:
    """The part of the page components may use: inside the margins, above the furniture strip."""
    return Rect(MARGIN, MARGIN, sheet.width - 2 * MARGIN, sheet.height - 2 * MARGIN - FURNITURE_HEIGHT)
