"""Printable cube nets: six faces in a cross, fold lines, glue tabs, several nets per page.

The net is folded in software to learn which cube edge every face side becomes. Of a cube's
12 edges, 5 are folds between faces that touch in the net; the other 7 are each met by two
free sides of the net, and exactly one of the two carries a glue tab (chosen so no tab
overlaps another and the net stays small). So every cube edge is joined exactly once.

Drawing: cut lines solid, fold lines (between faces and at the root of each tab) dashed;
face pictures are :class:`~railprint.scene.Group` items supplied by the caller, drawn in a
``size`` square with the origin at the face's top-left corner.

    net = cube_net(mm(18), mm(5))
    group = net_group(net, faces=[...6 groups...], label=["route die", "1 of 3"])
    document = net_document([group, ...], net, paper="a4", lang="en", title=..., id=..., revision=1)

The sizes every die file may ask for (faces 16-20 mm, tabs 3-8 mm) are in
:mod:`railprint.model.die_net`.
"""

from __future__ import annotations

import itertools
from typing import Sequence

from railprint.errors import RailprintError
from railprint.layout.paper import furniture, paper as get_paper, revision_label, usable_area
from railprint.records import Record
from railprint.scene import Document, Group, Item, Line, Page, Path, Rect, Style, Text, translate
from railprint.units import mm

# Cross layout, grid cells (col, row): a row of four with one face above and one below the second.
CROSS: tuple[tuple[int, int], ...] = ((1, 0), (0, 1), (1, 1), (2, 1), (3, 1), (1, 2))

INSTRUCTIONS = {"en": "Cut along the solid lines, fold along the dashed lines, glue the grey tabs inside.",
                "pl": "Wytnij po liniach ciągłych, zegnij po przerywanych, szare zakładki wklej do środka."}
_OF = {"en": "of", "pl": "z"}

SIDES = ("N", "E", "S", "W")
_STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}

CUT = Style(stroke="#000000", width=0.6, join="round")
FOLD = Style(stroke="#555555", width=0.5, dash=(2.2, 1.6))
TAB_FILL = Style(fill="#ececec")

Vec = tuple[int, int, int]


def _neg(v: Vec) -> Vec:
    return (-v[0], -v[1], -v[2])


class Frame(Record):
    """Where a net face ends up on the cube: outward normal, and the 3D directions of the
    net's +x (right) and +y (down) on that face."""

    normal: Vec
    right: Vec
    down: Vec

    def roll(self, side: str) -> "Frame":
        """The frame of the neighbouring face across ``side`` after folding."""
        n, r, d = self.normal, self.right, self.down
        if side == "E":
            return Frame(r, _neg(n), d)
        if side == "W":
            return Frame(_neg(r), n, d)
        if side == "S":
            return Frame(d, r, _neg(n))
        return Frame(_neg(d), r, n)  # N

    def towards(self, side: str) -> Vec:
        return {"N": _neg(self.down), "E": self.right, "S": self.down, "W": _neg(self.right)}[side]


def cube_edge(frame: Frame, side: str) -> frozenset[Vec]:
    """A cube edge is named by the normals of the two faces that meet there."""
    return frozenset((frame.normal, frame.towards(side)))


def fold_frames(cells: Sequence[tuple[int, int]]) -> list[Frame]:
    """Fold a net given as grid cells; returns each face's frame. Raises if it is no cube."""
    frames: dict[int, Frame] = {0: Frame((0, 0, 1), (1, 0, 0), (0, -1, 0))}
    index = {cell: i for i, cell in enumerate(cells)}
    todo = [0]
    while todo:
        i = todo.pop()
        col, row = cells[i]
        for side in SIDES:
            dx, dy = _STEP[side]
            j = index.get((col + dx, row + dy))
            if j is not None and j not in frames:
                frames[j] = frames[i].roll(side)
                todo.append(j)
    normals = {frames[i].normal for i in frames}
    if len(frames) != 6 or len(normals) != 6:
        raise RailprintError("these six cells do not fold into a cube")
    return [frames[i] for i in range(6)]


def die_values(net: "CubeNet") -> list[int]:
    """The value (1-6) each face of ``net`` (net order) shows on an ordinary die: opposite faces
    add up to 7 (1-6, 2-5, 3-4), as on Tabletop Simulator's custom d6 template."""
    values = [0] * 6
    pairs = [(1, 6), (2, 5), (3, 4)]
    for i, frame in enumerate(net.frames):
        if values[i]:
            continue
        j = next(k for k, other in enumerate(net.frames) if other.normal == _neg(frame.normal))
        values[i], values[j] = pairs.pop(0)
    return values


def die_faces_on_net(net: "CubeNet", faces: Sequence) -> list:
    """A die's six faces, given as its faces 1-6, in ``net`` order: where each is printed so that
    the folded die has 1-6, 2-5 and 3-4 opposite (the same die ``export tts`` makes)."""
    return [faces[value - 1] for value in die_values(net)]


class Tab(Record):
    face: int
    side: str
    points: tuple[tuple[float, float], ...]  # base start, outer start, outer end, base end
    edge: frozenset


class CubeNet(Record):
    size: float
    tab: float
    cells: tuple[tuple[int, int], ...]
    origin: tuple[float, float]          # offset so the whole net (tabs included) starts at 0,0
    frames: tuple[Frame, ...]
    folds: tuple[tuple[int, str, int, str], ...]   # face a, side of a, face b, side of b
    tabs: tuple[Tab, ...]
    free_sides: tuple[tuple[int, str], ...]        # sides on the outline without a tab
    width: float
    height: float
    label_box: Rect                                # free room for a caption inside the bounding box

    def face_origin(self, i: int) -> tuple[float, float]:
        col, row = self.cells[i]
        return (self.origin[0] + col * self.size, self.origin[1] + row * self.size)

    def side_line(self, i: int, side: str) -> tuple[float, float, float, float]:
        x, y = self.face_origin(i)
        s = self.size
        return {"N": (x, y, x + s, y), "E": (x + s, y, x + s, y + s),
                "S": (x + s, y + s, x, y + s), "W": (x, y + s, x, y)}[side]


def _tab_points(cells, i: int, side: str, size: float, depth: float, origin=(0.0, 0.0)):
    col, row = cells[i]
    x, y = origin[0] + col * size, origin[1] + row * size
    s, t = size, depth
    inset = min(t, s * 0.3)
    if side == "N":
        return ((x, y), (x + inset, y - t), (x + s - inset, y - t), (x + s, y))
    if side == "S":
        return ((x + s, y + s), (x + s - inset, y + s + t), (x + inset, y + s + t), (x, y + s))
    if side == "E":
        return ((x + s, y), (x + s + t, y + inset), (x + s + t, y + s - inset), (x + s, y + s))
    return ((x, y + s), (x - t, y + s - inset), (x - t, y + inset), (x, y))


def _convex_overlap(a, b) -> bool:
    """Separating-axis test for two convex polygons (touching is not overlapping)."""
    for poly in (a, b):
        n = len(poly)
        for k in range(n):
            (x1, y1), (x2, y2) = poly[k], poly[(k + 1) % n]
            ax, ay = -(y2 - y1), x2 - x1
            pa = [ax * px + ay * py for px, py in a]
            pb = [ax * px + ay * py for px, py in b]
            if max(pa) <= min(pb) + 1e-6 or max(pb) <= min(pa) + 1e-6:
                return False
    return True


def cube_net(size: float, tab: float, cells: Sequence[tuple[int, int]] = CROSS) -> CubeNet:
    """Lay out a cube net of ``size`` faces with glue tabs ``tab`` deep."""
    cells = tuple(cells)
    frames = fold_frames(cells)
    index = {cell: i for i, cell in enumerate(cells)}
    folds: list[tuple[int, str, int, str]] = []
    free: dict[frozenset, list[tuple[int, str]]] = {}
    opposite = {"N": "S", "S": "N", "E": "W", "W": "E"}
    for i, (col, row) in enumerate(cells):
        for side in SIDES:
            dx, dy = _STEP[side]
            j = index.get((col + dx, row + dy))
            if j is not None:
                if i < j:
                    folds.append((i, side, j, opposite[side]))
            else:
                free.setdefault(cube_edge(frames[i], side), []).append((i, side))
    pairs = sorted(free.items(), key=lambda kv: sorted(kv[1]))
    if len(folds) != 5 or len(pairs) != 7 or any(len(v) != 2 for _, v in pairs):
        raise RailprintError("net does not pair the cube's edges")

    faces = [((c * size, r * size), (c * size + size, r * size), (c * size + size, r * size + size),
              (c * size, r * size + size)) for c, r in cells]
    # each of the 14 possible tabs is tested against the faces and every other tab once, not
    # again for each of the 128 choices (the same tests, looked up)
    polys = [[_tab_points(cells, i, side, size, tab) for i, side in options] for _, options in pairs]
    clear = [[not any(_convex_overlap(p, f) for f in faces) for p in both] for both in polys]
    clash = {(k, a, m, b): _convex_overlap(polys[k][a], polys[m][b])
             for k, m in itertools.combinations(range(len(pairs)), 2) for a in (0, 1) for b in (0, 1)}
    extent = [[(min(x for x, _ in p), max(x for x, _ in p), min(y for _, y in p), max(y for _, y in p))
               for p in both] for both in polys]
    fx0, fx1 = min(x for f in faces for x, _ in f), max(x for f in faces for x, _ in f)
    fy0, fy1 = min(y for f in faces for _, y in f), max(y for f in faces for _, y in f)
    best = None
    for choice in itertools.product((0, 1), repeat=len(pairs)):
        if any(clash[k, choice[k], m, choice[m]] for k, m in itertools.combinations(range(len(pairs)), 2)):
            continue
        if not all(clear[k][pick] for k, pick in enumerate(choice)):
            continue
        boxes = [extent[k][pick] for k, pick in enumerate(choice)]
        x0, x1 = min(fx0, *(b[0] for b in boxes)), max(fx1, *(b[1] for b in boxes))
        y0, y1 = min(fy0, *(b[2] for b in boxes)), max(fy1, *(b[3] for b in boxes))
        area = (x1 - x0) * (y1 - y0)
        key = (round(area, 3), choice)
        if best is None or key < best[0]:
            chosen = [pairs[k][1][pick] for k, pick in enumerate(choice)]
            best = (key, chosen, x0, y0, x1 - x0, y1 - y0)
    if best is None:
        raise RailprintError("no overlap-free placement of glue tabs for this net")
    _, chosen, minx, miny, width, height = best
    origin = (-minx, -miny)
    tabs = tuple(Tab(i, side, _tab_points(cells, i, side, size, tab, origin), cube_edge(frames[i], side))
                 for i, side in chosen)
    with_tab = set(chosen)
    free_sides = tuple(sorted(s for _, v in pairs for s in v if s not in with_tab))
    label_box = _label_box(cells, size, tab, origin, width, height, tabs)
    return CubeNet(size, tab, cells, origin, tuple(frames), tuple(folds), tabs, free_sides,
                   width, height, label_box)


def _label_box(cells, size, tab, origin, width, height, tabs) -> Rect:
    """The largest empty grid-aligned rectangle in the bounding box, shrunk away from tabs."""
    occupied = set(cells)
    cols = max(c for c, _ in cells) + 1
    rows = max(r for _, r in cells) + 1
    best = None
    for c0 in range(cols):
        for r0 in range(rows):
            for c1 in range(c0, cols):
                for r1 in range(r0, rows):
                    if any((c, r) in occupied for c in range(c0, c1 + 1) for r in range(r0, r1 + 1)):
                        continue
                    area = (c1 - c0 + 1) * (r1 - r0 + 1)
                    if best is None or area > best[0]:
                        best = (area, c0, r0, c1, r1)
    if best is None:
        return Rect(0, 0, 0, 0, Style())
    _, c0, r0, c1, r1 = best
    x0, y0 = origin[0] + c0 * size, origin[1] + r0 * size
    x1, y1 = origin[0] + (c1 + 1) * size, origin[1] + (r1 + 1) * size
    for t in tabs:  # shrink from whichever side a tab pokes in
        xs = [p[0] for p in t.points]
        ys = [p[1] for p in t.points]
        if max(xs) <= x0 or min(xs) >= x1 or max(ys) <= y0 or min(ys) >= y1:
            continue
        if t.side == "S":
            y0 = max(y0, max(ys))
        elif t.side == "N":
            y1 = min(y1, min(ys))
        elif t.side == "E":
            x0 = max(x0, max(xs))
        else:
            x1 = min(x1, min(xs))
    return Rect(x0, y0, max(0.0, x1 - x0), max(0.0, y1 - y0), Style())


def net_group(net: CubeNet, faces: Sequence[Group], *, label: Sequence[str] = (),
              id: str | None = None, label_size: float = 7.0) -> Group:
    """Draw ``net`` with the six face pictures; origin at the net's bounding-box corner."""
    if len(faces) != 6:
        raise RailprintError(f"a cube net needs 6 faces, got {len(faces)}")
    items: list[Item] = []
    for tab in net.tabs:
        items.append(Path((("M", *tab.points[0]), *[("L", *p) for p in tab.points[1:]], ("Z",)), TAB_FILL))
    face_items: list[Item] = []
    for i, face in enumerate(faces):
        x, y = net.face_origin(i)
        face_items.append(Group((face,), transform=translate(x, y), id=f"face-{i + 1}"))
    items.append(Group(tuple(face_items), id="faces"))
    folds = [Line(*net.side_line(a, side_a), FOLD) for a, side_a, _b, _ in net.folds]
    folds += [Line(*tab.points[0], *tab.points[-1], FOLD) for tab in net.tabs]
    items.append(Group(tuple(folds), id="folds"))
    cuts: list[Item] = [Line(*net.side_line(i, side), CUT) for i, side in net.free_sides]
    for tab in net.tabs:
        cuts.append(Path((("M", *tab.points[0]), *[("L", *p) for p in tab.points[1:]]), CUT))
    items.append(Group(tuple(cuts), id="cuts"))
    if label:
        box = net.label_box
        size = label_size
        y = box.y + size * 1.3
        lines = []
        for k, text in enumerate(label):
            lines.append(Text(box.x + box.w - 2, y, text, size if k == 0 else max(6.0, size * 0.85),   # text >= 6 pt
                              Style(fill="#333333"), font="bold" if k == 0 else "regular", anchor="end"))
            y += size * 1.2
        items.append(Group(tuple(lines), id="label"))
    return Group(tuple(items), id=id)


class Slot(Record):
    page: int
    x: float
    y: float


def grid_slots(count: int, item_w: float, item_h: float, area: Rect, gap: float) -> list[Slot]:
    """Place ``count`` equal items row by row in ``area``, as many per page as fit, centred."""
    cols = int((area.w + gap) // (item_w + gap))
    rows = int((area.h + gap) // (item_h + gap))
    if cols < 1 or rows < 1:
        raise RailprintError("a die net does not fit on the page",
                             hint="use smaller faces (16mm) or a larger paper")
    per_page = cols * rows
    used_w = cols * item_w + (cols - 1) * gap
    used_h = rows * item_h + (rows - 1) * gap
    x0 = area.x + (area.w - used_w) / 2
    y0 = area.y + (area.h - used_h) / 2
    slots = []
    for k in range(count):
        page, rest = divmod(k, per_page)
        r, c = divmod(rest, cols)
        slots.append(Slot(page, x0 + c * (item_w + gap), y0 + r * (item_h + gap)))
    return slots


def copy_label(name: str, copy: int, count: int, lang: str) -> list[str]:
    """A net's label: the die's name, then "2 of 3" when ``count`` copies are printed."""
    return [name] + ([f"{copy} {_OF[lang]} {count}"] if count > 1 else [])


def net_document(nets: Sequence[Group], net: CubeNet, *, paper: str, lang: str, title: str, id: str,
                 revision: int, page_label: str = "dice", subject: str = "railprint: die nets") -> Document:
    """The nets (drawn by :func:`net_group` from ``net``) as many to a page as fit, under the
    cut-and-fold instructions, with page furniture naming ``id``, ``revision`` and the face size."""
    sheet = get_paper(paper)
    area = usable_area(sheet)
    head_h = mm(6)
    body = Rect(area.x, area.y + head_h, area.w, area.h - head_h, Style())
    slots = grid_slots(len(nets), net.width, net.height, body, gap=mm(4))
    n_pages = slots[-1].page + 1
    detail = f"{id} {revision_label(revision, lang)} · {net.size / mm(1):g} mm"
    pages = []
    for p in range(n_pages):
        items: list[Item] = [Text(area.x, area.y + mm(3.5), INSTRUCTIONS[lang], 8, Style(fill="#333333"))]
        items += [Group((g,), transform=translate(s.x, s.y)) for g, s in zip(nets, slots) if s.page == p]
        items.append(furniture(sheet, title=title, detail=detail, page=p + 1, pages=n_pages, lang=lang))
        pages.append(Page(sheet.width, sheet.height, tuple(items), label=f"{page_label} {p + 1}"))
    return Document(tuple(pages), title=title, subject=subject)
