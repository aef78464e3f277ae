"""Duplex calibration, and the one definition of ``--back-offset``.

The offset is defined in the paper's *feed frame*: the back side of the sheet as the printer
prints it, held portrait (short edge leading), X to the right and Y down, in millimetres. A
printer that shifts every back side by ``e`` is corrected by ``--back-offset -e``. Portrait pages
lie in the feed frame already. A landscape page is printed turned 90° counter-clockwise onto the
portrait sheet (its top edge along the paper's left edge: what printer drivers call
"landscape"), so a landscape page shifted by (u, v) in its own axes moves by (v, -u) in the feed
frame; :func:`page_shift` turns the feed-frame offset into the page-axis shift that cancels it.

The calibration sheet: the front carries fine crosses at known positions, the back millimetre
scales centred behind them. Printed double-sided and held against a light, a front cross shows
on the back's scales: the reading is the offset to pass. Pages 1-2 are portrait, pages 3-4 the
same test on a landscape page; the landscape back's scales are labelled in the feed frame, so
both sheets give the same reading when the printer turns landscape pages the usual way."""

from __future__ import annotations

from railprint.layout.paper import Paper, furniture, paper as make_paper
from railprint.scene import Circle, Document, Group, Item, Line, Page, Style, Text
from railprint.units import mm

INK = Style(stroke="#000000", width=0.3)


def page_shift(sheet: Paper, offset: tuple[float, float]) -> tuple[float, float]:
    """The shift, in ``sheet``'s own page axes, that moves its content by ``offset`` (feed frame)."""
    x, y = offset
    return (-y, x) if sheet.landscape else (x, y)


def feed_shift(sheet: Paper, shift: tuple[float, float]) -> tuple[float, float]:
    """Inverse of :func:`page_shift`: a page-axis shift seen in the feed frame."""
    u, v = shift
    return (v, -u) if sheet.landscape else (u, v)


def _cross(x: float, y: float) -> list[Item]:
    arm = mm(12)
    return [Line(x - arm, y, x + arm, y, INK), Line(x, y - arm, x, y + arm, INK),
            Circle(x, y, mm(2), INK)]


def _scales(sheet: Paper, x: float, y: float) -> list[Item]:
    """Millimetre scales along the feed frame's X and Y axes, centred on (x, y). Each quadrant
    holds one set of numbers, so no two labels meet."""
    items: list[Item] = []
    ax, ay = page_shift(sheet, (1.0, 0.0))   # page direction of feed +X
    bx, by = page_shift(sheet, (0.0, 1.0))   # page direction of feed +Y
    for i in range(-10, 11):
        tick = mm(3 if i % 5 == 0 else 1.5)
        px, py = x + ax * mm(i), y + ay * mm(i)        # on the X scale
        items.append(Line(px - ay * tick, py - ax * tick, px + ay * tick, py + ax * tick, INK))
        qx, qy = x + bx * mm(i), y + by * mm(i)        # on the Y scale
        items.append(Line(qx - by * tick, qy - bx * tick, qx + by * tick, qy + bx * tick, INK))
        if i % 5 == 0 and i:
            # X numbers beside their tick on the +Y side for i > 0, the -Y side for i < 0;
            # Y numbers on the -X side for i > 0, the +X side for i < 0.
            side = mm(6.5) if i > 0 else -mm(6.5)
            items.append(_label(px + bx * side, py + by * side, f"X{i:+d}"))
            items.append(_label(qx - ax * side, qy - ay * side, f"Y{i:+d}"))
    items += [Line(x - ax * mm(10), y - ay * mm(10), x + ax * mm(10), y + ay * mm(10), INK),
              Line(x - bx * mm(10), y - by * mm(10), x + bx * mm(10), y + by * mm(10), INK)]
    return items


def _label(cx: float, cy: float, text: str) -> Text:
    """6 pt text centred on (cx, cy)."""
    return Text(cx, cy + 2.1, text, 6, anchor="middle")


HELP = (
    "Print all pages double-sided, at 100 % (no 'fit to page'), flip on the {flip} edge.",
    "Hold each sheet against a light and look at its back: read where each front cross falls on the scales.",
    "A reading of X+1 means the back printed 1 mm too far left; Y+1: 1 mm too high. Pass the mean as --back-offset X,Y (mm).",
)
HELP_LANDSCAPE = (
    "The same test on a landscape page. Its back's scales are labelled in the paper's feed frame,",
    "so it should give the same reading as the portrait sheet; the one --back-offset corrects both.",
)


def _sheet(sheet: Paper, flip: str, first_page: int, help_lines: tuple[str, ...]) -> list[Page]:
    W, H = sheet.width, sheet.height
    points = [(W * fx, H * fy) for fx in (0.25, 0.75) for fy in (0.3, 0.65)]
    front: list[Item] = []
    back: list[Item] = []
    over_vertical_edge = (flip == "long") != sheet.landscape   # as the imposition turns it
    for x, y in points:
        front += _cross(x, y)
        bx, by = (W - x, y) if over_vertical_edge else (x, H - y)
        back.append(Group(tuple(_scales(sheet, bx, by))))
    for i, line in enumerate(help_lines):
        front.append(Text(W / 2, mm(20) + i * 12, line.format(flip=flip), 8.5, anchor="middle"))
    kind = "landscape" if sheet.landscape else "portrait"
    front.append(furniture(sheet, title=f"Duplex calibration — {kind} front", detail=f"flip {flip}",
                           page=first_page, pages=4))
    back.append(Text(W / 2, mm(20), "Back: scales in millimetres (X, Y: the paper's feed frame)", 9,
                     anchor="middle", font="bold"))
    back.append(furniture(sheet, title=f"Duplex calibration — {kind} back", detail=f"flip {flip}",
                          page=first_page + 1, pages=4))
    return [Page(W, H, tuple(front), f"{kind} front"), Page(W, H, tuple(back), f"{kind} back")]


def calibration_document(paper_name: str = "a4", flip: str = "long") -> Document:
    portrait = _sheet(make_paper(paper_name), flip, 1, HELP)
    landscape = _sheet(make_paper(paper_name, "landscape"), flip, 3, HELP + HELP_LANDSCAPE)
    return Document((*portrait, *landscape), title="railprint duplex calibration")
