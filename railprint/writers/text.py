"""Scene -> a stable, line-per-item text dump (golden files for tests; ``.txt`` output)."""

from __future__ import annotations

from railprint.scene import Circle, Document, Group, IDENTITY, Image, Line, Path, Rect, Style, Text


def _n(v: float) -> str:
    text = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _style(s: Style) -> str:
    parts = []
    if s.fill:
        parts.append(f"fill={s.fill}")
    if s.stroke:
        parts.append(f"stroke={s.stroke}/{_n(s.width)}")
    if s.dash:
        parts.append("dash=" + ",".join(_n(d) for d in s.dash))
    if s.opacity != 1.0:
        parts.append(f"opacity={_n(s.opacity)}")
    return " ".join(parts)


def _items(items, depth: int, out: list[str]) -> None:
    pad = "  " * depth
    for item in items:
        if isinstance(item, Group):
            head = f"{pad}group"
            if item.id:
                head += f" #{item.id}"
            if item.transform != IDENTITY:
                head += " matrix(" + " ".join(_n(v) for v in item.transform) + ")"
            if item.clip:
                c = item.clip
                head += f" clip({_n(c.x)} {_n(c.y)} {_n(c.w)} {_n(c.h)})"
            out.append(head)
            _items(item.items, depth + 1, out)
        elif isinstance(item, Rect):
            out.append(f"{pad}rect {_n(item.x)} {_n(item.y)} {_n(item.w)} {_n(item.h)}"
                       + (f" r={_n(item.r)}" if item.r else "") + f" {_style(item.style)}")
        elif isinstance(item, Line):
            out.append(f"{pad}line {_n(item.x1)} {_n(item.y1)} {_n(item.x2)} {_n(item.y2)} {_style(item.style)}")
        elif isinstance(item, Circle):
            out.append(f"{pad}circle {_n(item.cx)} {_n(item.cy)} {_n(item.r)} {_style(item.style)}")
        elif isinstance(item, Path):
            d = " ".join(c[0] + ",".join(_n(v) for v in c[1:]) for c in item.cmds)
            out.append(f"{pad}path {d} {_style(item.style)}")
        elif isinstance(item, Text):
            out.append(f"{pad}text {_n(item.x)} {_n(item.y)} {item.font} {_n(item.size)} {item.anchor} "
                       f"{item.text!r} {_style(item.style)}")
        elif isinstance(item, Image):
            out.append(f"{pad}image {_n(item.x)} {_n(item.y)} {_n(item.w)} {_n(item.h)} {item.key}")


def to_text(doc: Document) -> str:
    out = [f"document {doc.title!r} pages={len(doc.pages)}"]
    for number, page in enumerate(doc.pages, 1):
        out.append(f"page {number} {_n(page.width)}x{_n(page.height)} {page.label!r}")
        _items(page.items, 1, out)
    return "\n".join(out) + "\n"
