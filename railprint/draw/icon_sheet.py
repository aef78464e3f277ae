"""The icon catalogue (``railprint icons``): every icon a deck may name, drawn with its name."""

from __future__ import annotations

from railprint.draw.icons import ICONS, icon
from railprint.model.deck import UserIcon
from railprint.scene import Document, Group, Item, Page, Rect, Style, Text, translate
from railprint.units import mm

COLUMNS, CELL, ICON = 6, mm(30), mm(14)


def catalogue(user: dict[str, UserIcon], width: float = mm(210), height: float = mm(297)) -> Document:
    """Built-in icons first, then the user's, in a grid; the name under each, several pages if needed."""
    names = [(name, "built-in") for name in ICONS] + [(name, "yours") for name in sorted(user)]
    margin_x = (width - COLUMNS * CELL) / 2
    top = mm(25)
    rows = int((height - top - mm(12)) // CELL)
    per_page = rows * COLUMNS
    pages = []
    chunks = [names[i:i + per_page] for i in range(0, len(names), per_page)]
    for number, chunk in enumerate(chunks, 1):
        items: list[Item] = [Text(width / 2, mm(15), "railprint icons", 14, Style(fill="#000000"), "bold", "middle"),
                             Text(width / 2, mm(20), f"use as  type: icon, name: NAME  or  :NAME:  in a text box · "
                                                     f"page {number}/{len(chunks)}", 8, Style(fill="#555555"),
                                  "regular", "middle")]
        for index, (name, origin) in enumerate(chunk):
            x = margin_x + (index % COLUMNS) * CELL
            y = top + (index // COLUMNS) * CELL
            cell = [Rect(0, 0, CELL, CELL, Style(stroke="#cccccc", width=0.4)),
                    icon(name, CELL / 2, CELL * 0.42, ICON, "#222222", user=user),
                    Text(CELL / 2, CELL - mm(5), name, 8, Style(fill="#000000"), "regular", "middle"),
                    Text(CELL / 2, CELL - mm(2), origin, 6, Style(fill="#888888"), "italic", "middle")]
            items.append(Group(tuple(cell), transform=translate(x, y)))
        pages.append(Page(width, height, tuple(items), label=f"icons-{number}"))
    return Document(tuple(pages), title="railprint icons")
