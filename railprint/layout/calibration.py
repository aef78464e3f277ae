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
both sheets give the same reading when the printer turns landscape pages the usual way.

Each front also carries two long rulers, one across and one down the page: a printer that
prints 180 mm as 179.3 mm is corrected by ``--scale 100.39%`` (nominal ÷ measured × 100);
:func:`scale_reading` does that arithmetic and the sheet prints the rule."""

from __future__ import annotations

from railprint.layout.paper import FURNITURE_HEIGHT, MARGIN, Paper, furniture, paper as make_paper
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


def _help_bottom(lines: int) -> float:
    return mm(20) + lines * 12 + mm(4)


def ruler_lengths(sheet: Paper, help_lines: int) -> tuple[int, int]:
    """Nominal lengths (mm) of the across and down rulers on ``sheet``: long, in whole 10 mm,
    clear of the help text at the top and the furniture strip at the bottom."""
    across = min(180, int((sheet.width / mm(1) - 30) // 10) * 10)
    room = sheet.height - MARGIN - FURNITURE_HEIGHT - mm(6) - _help_bottom(help_lines)
    down = min(200, int(room / mm(1) // 10) * 10)
    return across, down


def scale_reading(nominal_mm: float, measured_mm: float) -> float:
    """The --scale percentage that makes a ruler printed as ``measured_mm`` measure ``nominal_mm``."""
    return round(nominal_mm / measured_mm * 100, 2)


def _rulers(sheet: Paper, help_lines: int) -> list[Item]:
    """A ruler across the page and one down it, ticks every 10 mm (longer every 50 mm), each
    labelled with its nominal length, crossing at the page centre between the test crosses."""
    W, H = sheet.width, sheet.height
    across, down = ruler_lengths(sheet, help_lines)
    cx, cy = W / 2, H * 0.475
    items: list[Item] = []
    x0, y0 = cx - mm(across) / 2, _help_bottom(help_lines)
    items.append(Line(x0, cy, x0 + mm(across), cy, INK))
    for i in range(0, across + 1, 10):
        tick = mm(4 if i % 50 == 0 or i == across else 2)
        items.append(Line(x0 + mm(i), cy - tick, x0 + mm(i), cy, INK))
    items.append(Text(x0 + mm(across) - mm(1), cy + mm(3.5), f"{across} mm", 7, anchor="end"))
    items.append(Line(cx, y0, cx, y0 + mm(down), INK))
    for i in range(0, down + 1, 10):
        tick = mm(4 if i % 50 == 0 or i == down else 2)
        items.append(Line(cx, y0 + mm(i), cx + tick, y0 + mm(i), INK))
    items.append(Text(cx + mm(1.5), y0 + mm(down) - mm(1.5), f"{down} mm", 7))
    return items


def _label(cx: float, cy: float, text: str) -> Text:
    """6 pt text centred on (cx, cy)."""
    return Text(cx, cy + 2.1, text, 6, anchor="middle")


HELP = (
    "Print all pages double-sided, at 100 % (no 'fit to page'), flip on the {flip} edge.",
    "Hold each sheet against a light and look at its back: read where each front cross falls on the scales.",
    "A reading of X+1 means the back printed 1 mm too far left; Y+1: 1 mm too high. Pass the mean as --back-offset X,Y (mm).",
    "Scale: measure the long rulers across and down. Pass --scale A%,D% with A = {across} ÷ measured × 100 and D = {down} ÷ measured × 100",
    "(e.g. the {across} mm ruler measures {example} mm: --scale {reading}%). The 50 mm scale bar at the bottom should then measure 50 mm.",
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
    across, down = ruler_lengths(sheet, len(help_lines))
    example = round(across * 0.996, 1)
    for i, line in enumerate(help_lines):
        text = line.format(flip=flip, across=across, down=down, example=f"{example:g}",
                           reading=f"{scale_reading(across, example):g}")
        front.append(Text(W / 2, mm(20) + i * 12, text, 8.5, anchor="middle"))
    front += _rulers(sheet, len(help_lines))
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
