"""A duplex calibration sheet. The front carries a fine cross at known positions; the back
carries millimetre scales centred behind them. Printed double-sided and held against a light,
the front cross shows on the back's scales: the reading is the printer's offset, to pass as
``--back-offset X,Y`` (mm)."""

from __future__ import annotations

from railprint.layout.paper import furniture, paper as make_paper
from railprint.scene import Circle, Document, Group, Item, Line, Page, Style, Text
from railprint.units import mm

INK = Style(stroke="#000000", width=0.3)


def _cross(x: float, y: float) -> list[Item]:
    arm = mm(12)
    return [Line(x - arm, y, x + arm, y, INK), Line(x, y - arm, x, y + arm, INK),
            Circle(x, y, mm(2), INK)]


def _scales(x: float, y: float) -> list[Item]:
    items: list[Item] = []
    for i in range(-10, 11):
        tick = mm(3 if i % 5 == 0 else 1.5)
        items.append(Line(x + mm(i), y - tick, x + mm(i), y + tick, INK))
        items.append(Line(x - tick, y + mm(i), x + tick, y + mm(i), INK))
        if i % 5 == 0 and i:
            items.append(Text(x + mm(i), y + mm(6.5), f"{i:+d}", 6, anchor="middle"))
            items.append(Text(x + mm(5), y + mm(i) + 2, f"{i:+d}", 6))
    items += [Line(x - mm(10), y, x + mm(10), y, INK), Line(x, y - mm(10), x, y + mm(10), INK)]
    return items


def calibration_document(paper_name: str = "a4", flip: str = "long") -> Document:
    sheet = make_paper(paper_name)
    W, H = sheet.width, sheet.height
    points = [(W * fx, H * fy) for fx in (0.25, 0.75) for fy in (0.25, 0.6)]
    front: list[Item] = []
    back: list[Item] = []
    for x, y in points:
        front += _cross(x, y)
        bx, by = (W - x, y) if flip == "long" else (x, H - y)
        back.append(Group(tuple(_scales(bx, by))))
    help_front = [
        "Print both pages double-sided, at 100 % (no 'fit to page'), flip on the " + flip + " edge.",
        "Hold the sheet against a light, look at the back: read where each front cross falls on the scales.",
        "X: + means the back printed to the right of the cross; Y: + means lower. Pass the mean as --back-offset X,Y (mm).",
    ]
    for i, line in enumerate(help_front):
        front.append(Text(W / 2, mm(20) + i * 12, line, 8.5, anchor="middle"))
    front.append(furniture(sheet, title="Duplex calibration — front", detail=f"flip {flip}", page=1, pages=2))
    back.append(Text(W / 2, mm(20), "Back: scales in millimetres", 9, anchor="middle", font="bold"))
    back.append(furniture(sheet, title="Duplex calibration — back", detail=f"flip {flip}", page=2, pages=2))
    return Document((Page(W, H, tuple(front), "front"), Page(W, H, tuple(back), "back")),
                    title="railprint duplex calibration")
