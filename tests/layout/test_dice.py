"""Cube nets: fold the drawn net (independently of the library) and check that every one of
the cube's 12 edges is joined exactly once — a fold between two faces, or a glue tab on one
side of a cut meeting the bare other side."""

from __future__ import annotations

import itertools

import pytest

from railprint.errors import RailprintError
from railprint.layout.dice import CROSS, FOLD, CUT, cube_net, grid_slots, net_group
from railprint.scene import Group, Line, Path, Rect, Style, apply, compose, IDENTITY
from railprint.units import mm

# The 11 cube nets (grid cells); the first is the cross the dice use.
NETS = [
    CROSS,
    ((0, 0), (0, 1), (1, 1), (2, 1), (3, 1), (0, 2)),
    ((0, 0), (0, 1), (1, 1), (2, 1), (3, 1), (1, 2)),
    ((0, 0), (0, 1), (1, 1), (2, 1), (3, 1), (2, 2)),
    ((0, 0), (0, 1), (1, 1), (2, 1), (3, 1), (3, 2)),
    ((1, 0), (0, 1), (1, 1), (2, 1), (3, 1), (2, 2)),
    ((0, 0), (1, 0), (1, 1), (2, 1), (3, 1), (3, 2)),  # 2-3-1
    ((0, 0), (1, 0), (1, 1), (2, 1), (2, 2), (3, 2)),  # staircase
    ((0, 0), (1, 0), (2, 0), (2, 1), (3, 1), (4, 1)),  # 3-3
    ((0, 0), (1, 0), (1, 1), (2, 1), (3, 1), (2, 2)),
    ((0, 0), (1, 0), (1, 1), (2, 1), (3, 1), (1, 2)),
]
SIZE, TAB = mm(18), mm(5)


def _cube_points(cells, size):
    """Fold the net with 3D rotations about the shared edges: net point -> 3D point, per face.
    Face transforms are 3x4 matrices acting on (x, y, 0, 1) of the flat net."""
    def mat_mul(a, b):  # 4x4
        return [[sum(a[i][k] * b[k][j] for k in range(4)) for j in range(4)] for i in range(4)]

    def rot_about(axis_point, axis, sign):
        # 90 degree rotation about a line parallel to x or y through axis_point (z = 0)
        px, py = axis_point
        if axis == "x":   # line y = py: rotate in the y-z plane
            r = [[1, 0, 0, 0], [0, 0, -sign, 0], [0, sign, 0, 0], [0, 0, 0, 1]]
        else:             # line x = px: rotate in the x-z plane
            r = [[0, 0, -sign, 0], [0, 1, 0, 0], [sign, 0, 0, 0], [0, 0, 0, 1]]
        t1 = [[1, 0, 0, -px], [0, 1, 0, -py], [0, 0, 1, 0], [0, 0, 0, 1]]
        t2 = [[1, 0, 0, px], [0, 1, 0, py], [0, 0, 1, 0], [0, 0, 0, 1]]
        return mat_mul(t2, mat_mul(r, t1))

    ident = [[1 if i == j else 0 for j in range(4)] for i in range(4)]
    index = {c: i for i, c in enumerate(cells)}
    mats = {0: ident}
    todo = [0]
    while todo:
        i = todo.pop()
        c, r = cells[i]
        for (dc, dr) in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            j = index.get((c + dc, r + dr))
            if j is None or j in mats:
                continue
            if dc:  # shared edge is the vertical line x = (c + max(0, dc)) * size
                fold = rot_about(((c + max(0, dc)) * size, 0), "y", dc)
            else:
                fold = rot_about((0, (r + max(0, dr)) * size), "x", dr)
            mats[j] = mat_mul(mats[i], fold)
            todo.append(j)
    assert len(mats) == 6

    def to3d(i, x, y):
        m = mats[i]
        v = (x, y, 0, 1)
        return tuple(round(sum(m[k][n] * v[n] for n in range(4)) / size, 6) + 0.0 for k in range(3))

    return to3d


def _collect(group):
    """Faces (from face-N groups), fold lines, cut segments and tab polygons, in net coordinates."""
    faces, folds, cuts, tabs = {}, [], [], []

    def visit(items, t, ids):
        for item in items:
            if isinstance(item, Group):
                tt = compose(t, item.transform)
                if item.id and item.id.startswith("face-"):
                    faces[int(item.id[5:]) - 1] = apply(tt, 0, 0)
                    continue
                visit(item.items, tt, ids + (item.id,))
            elif isinstance(item, Line):
                seg = (apply(t, item.x1, item.y1), apply(t, item.x2, item.y2))
                (folds if item.style.dash else cuts).append(seg)
            elif isinstance(item, Path):
                pts = [apply(t, c[1], c[2]) for c in item.cmds if c[0] in "ML"]
                if item.style.fill:
                    tabs.append(pts)
                else:
                    assert not item.style.dash
                    cuts.extend(zip(pts, pts[1:]))

    visit((group,), IDENTITY, ())
    return faces, folds, cuts, tabs


def _same(a, b):
    key = lambda s: tuple(sorted((round(p[0], 3), round(p[1], 3)) for p in s))  # noqa: E731
    return key(a) == key(b)


def _convex_overlap(a, b):
    for poly in (a, b):
        for k in range(len(poly)):
            (x1, y1), (x2, y2) = poly[k], poly[(k + 1) % len(poly)]
            ax, ay = -(y2 - y1), x2 - x1
            pa = [ax * x + ay * y for x, y in a]
            pb = [ax * x + ay * y for x, y in b]
            if max(pa) <= min(pb) + 1e-6 or max(pb) <= min(pa) + 1e-6:
                return False
    return True


@pytest.mark.parametrize("cells", NETS)
def test_every_cube_edge_is_joined_exactly_once(cells):
    net = cube_net(SIZE, TAB, cells)
    group = net_group(net, [Group(()) for _ in range(6)])
    faces, folds, cuts, tabs = _collect(group)
    assert len(faces) == 6
    # faces sit on a grid of SIZE squares (relative to face 0), in the given cells
    x0, y0 = faces[0]
    got_cells = {(round((x - x0) / SIZE) + cells[0][0], round((y - y0) / SIZE) + cells[0][1]) for x, y in faces.values()}
    assert got_cells == set(cells)
    to3d = _cube_points(cells, SIZE)
    # every face side -> its 3D edge
    sides = []
    for i, (x, y) in faces.items():
        corners = [(x, y), (x + SIZE, y), (x + SIZE, y + SIZE), (x, y + SIZE)]
        for k in range(4):
            a, b = corners[k], corners[(k + 1) % 4]
            ca, cb = cells[i]
            la = ((a[0] - x0) + cells[0][0] * SIZE, (a[1] - y0) + cells[0][1] * SIZE)
            lb = ((b[0] - x0) + cells[0][0] * SIZE, (b[1] - y0) + cells[0][1] * SIZE)
            edge = frozenset((to3d(i, *la), to3d(i, *lb)))
            sides.append((edge, (a, b)))
    edges = {}
    for edge, seg in sides:
        edges.setdefault(edge, []).append(seg)
    assert len(edges) == 12 and all(len(v) == 2 for v in edges.values())
    n_folds = n_tabs = 0
    for edge, (s1, s2) in edges.items():
        if _same(s1, s2):  # the two faces touch in the net: a fold, nothing else
            assert sum(_same(s1, f) for f in folds) == 1
            assert not any(_same(s1, c) for c in cuts)
            assert not any(_same(s1, (t[0], t[-1])) for t in tabs)
            n_folds += 1
        else:  # a cut: exactly one of the two sides carries a tab, folded at its root
            with_tab = [s for s in (s1, s2) if any(_same(s, (t[0], t[-1])) for t in tabs)]
            assert len(with_tab) == 1, edge
            bare = s2 if with_tab[0] is s1 else s1
            assert any(_same(with_tab[0], f) for f in folds)
            assert any(_same(bare, c) for c in cuts) and not any(_same(bare, f) for f in folds)
            n_tabs += 1
    assert (n_folds, n_tabs, len(tabs)) == (5, 7, 7)
    # tabs never overlap each other or a face
    squares = [[(x, y), (x + SIZE, y), (x + SIZE, y + SIZE), (x, y + SIZE)] for x, y in faces.values()]
    for a, b in itertools.combinations(tabs, 2):
        assert not _convex_overlap(a, b)
    for t in tabs:
        assert not any(_convex_overlap(t, sq) for sq in squares)
    # the whole net starts at 0,0 and fits the reported box
    xs = [p[0] for t in tabs for p in t] + [x for x, _ in faces.values()] + [x + SIZE for x, _ in faces.values()]
    ys = [p[1] for t in tabs for p in t] + [y for _, y in faces.values()] + [y + SIZE for _, y in faces.values()]
    assert abs(min(xs)) < 1e-6 and abs(min(ys)) < 1e-6
    assert max(xs) <= net.width + 1e-6 and max(ys) <= net.height + 1e-6


def test_styles_fold_dashed_cut_solid():
    assert FOLD.dash and not CUT.dash and CUT.width >= 0.25


def test_cross_net_is_compact():
    net = cube_net(SIZE, TAB)
    assert abs(net.width - (4 * SIZE + TAB)) < 1e-6 and abs(net.height - 3 * SIZE) < 1e-6
    assert net.label_box.w > mm(20) and net.label_box.h > mm(10)


@pytest.mark.parametrize("cells", [
    ((0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)),      # 2x3 block
    ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (1, 1)),      # five in a row
    ((0, 0), (1, 0), (0, 1), (1, 1), (2, 1), (3, 1)),      # has a 2x2 square
])
def test_shapes_that_are_no_cube_are_refused(cells):
    with pytest.raises(RailprintError):
        cube_net(SIZE, TAB, cells)


def test_six_faces_required():
    net = cube_net(SIZE, TAB)
    with pytest.raises(RailprintError):
        net_group(net, [Group(())] * 5)


def test_grid_slots_fill_pages_without_overlap():
    area = Rect(mm(5), mm(5), mm(200), mm(260), Style())
    slots = grid_slots(9, mm(77), mm(54), area, mm(4))
    per_page = [s for s in slots if s.page == 0]
    assert len(per_page) == 8 and slots[8].page == 1
    for a, b in itertools.combinations(per_page, 2):
        assert abs(a.x - b.x) >= mm(77) + mm(4) - 1e-6 or abs(a.y - b.y) >= mm(54) + mm(4) - 1e-6
    for s in slots:
        assert area.x <= s.x and s.x + mm(77) <= area.x + area.w + 1e-6
        assert area.y <= s.y and s.y + mm(54) <= area.y + area.h + 1e-6
    with pytest.raises(RailprintError):
        grid_slots(1, mm(300), mm(10), area, 0)


@pytest.mark.parametrize("face, tab, problems", [
    ("16mm", "3mm", []), ("20mm", "8mm", []),
    ("15.9mm", "8.1mm", ["face: a die face must be 16mm to 20mm", "tab: a glue tab must be 3mm to 8mm deep"]),
])
def test_both_die_kinds_share_the_net_sizes(tmp_path, face, tab, problems):
    """``kind: die`` (Days of Steam's pip die) and ``kind: dice`` (Railroad Ink's ``net:``)
    accept and refuse the same face and tab sizes, every problem located."""
    from railprint.draw.pip_die import load_pip_die
    from railprint.errors import ContentError
    from railprint.games.railroad_ink.model import NetSettings
    from railprint.loading.schema import validate

    die = tmp_path / "die.yaml"
    die.write_text(f"kind: die\nid: d6\ngame: days-of-steam\ntitle: {{en: die}}\nface: {face}\ntab: {tab}\n")
    for read in (lambda: load_pip_die(die), lambda: validate(NetSettings, {"face": face, "tab": tab}, "net", "net")):
        if not problems:
            assert read().face == mm(float(face[:-2]))
            continue
        with pytest.raises(ContentError) as info:
            read()
        for problem in problems:
            assert problem in str(info.value)
    if problems:
        with pytest.raises(ContentError) as info:
            load_pip_die(die)
        assert f"die.yaml:5:7: {problems[0]}" in str(info.value) and f"die.yaml:6:6: {problems[1]}" in str(info.value)


def test_net_document_pages_labels_and_instructions():
    """Nets fill pages in the grid, each page under the cut-and-fold line, in both languages."""
    from railprint.layout.dice import copy_label, net_document
    from railprint.scene import Text

    assert copy_label("route die", 2, 3, "en") == ["route die", "2 of 3"]
    assert copy_label("kostka", 1, 1, "pl") == ["kostka"]
    net = cube_net(SIZE, TAB)
    faces = [Group((Rect(0, 0, SIZE, SIZE, Style(fill="#ffffff")),)) for _ in range(6)]
    nets = [net_group(net, faces, label=copy_label("d6", k, 13, "pl"), id=f"n{k}") for k in range(1, 14)]
    doc = net_document(nets, net, paper="a4", lang="pl", title="kostki", id="d6", revision=2)
    ids = [[getattr(item.items[0], "id", None) for item in page.items if isinstance(item, Group)]
           for page in doc.pages]
    placed = [[i for i in page if i and i.startswith("n")] for page in ids]
    assert sum(placed, []) == [f"n{k}" for k in range(1, 14)]  # every net once, in order
    full = len(placed[0])
    assert len(doc.pages) > 1 and all(len(page) == full for page in placed[:-1]) and 0 < len(placed[-1]) <= full
    assert all(isinstance(page.items[0], Text) and page.items[0].text.startswith("Wytnij") for page in doc.pages)
    assert [page.label for page in doc.pages] == [f"dice {p}" for p in range(1, len(doc.pages) + 1)]


def _brute_force_tabs(size, tab, cells):
    """The tab choice as first written: every one of the 128 choices tested from scratch."""
    from railprint.layout.dice import SIDES, _STEP, _tab_points, cube_edge, fold_frames

    frames = fold_frames(cells)
    index = {cell: i for i, cell in enumerate(cells)}
    free = {}
    for i, (col, row) in enumerate(cells):
        for side in SIDES:
            if index.get((col + _STEP[side][0], row + _STEP[side][1])) is None:
                free.setdefault(cube_edge(frames[i], side), []).append((i, side))
    pairs = sorted(free.items(), key=lambda kv: sorted(kv[1]))
    faces = [((c * size, r * size), (c * size + size, r * size), (c * size + size, r * size + size),
              (c * size, r * size + size)) for c, r in cells]
    best = None
    for choice in itertools.product((0, 1), repeat=len(pairs)):
        chosen = [pairs[k][1][pick] for k, pick in enumerate(choice)]
        polys = [_tab_points(cells, i, side, size, tab) for i, side in chosen]
        if any(_convex_overlap(p, q) for p, q in itertools.combinations(polys, 2)):
            continue
        if any(_convex_overlap(p, f) for p in polys for f in faces):
            continue
        xs = [x for poly in polys + faces for x, _ in poly]
        ys = [y for poly in polys + faces for _, y in poly]
        key = (round((max(xs) - min(xs)) * (max(ys) - min(ys)), 3), choice)
        if best is None or key < best[0]:
            best = (key, chosen, max(xs) - min(xs), max(ys) - min(ys))
    return best[1], best[2], best[3]


@pytest.mark.parametrize("cells", NETS)
@pytest.mark.parametrize("size, tab", [(mm(18), mm(5)), (mm(16), mm(8)), (mm(20), mm(3)), (mm(17.5), mm(6.5))])
def test_tab_choice_equals_the_brute_force_search(cells, size, tab):
    net = cube_net(size, tab, cells)
    chosen, width, height = _brute_force_tabs(size, tab, cells)
    assert [(t.face, t.side) for t in net.tabs] == chosen
    assert (net.width, net.height) == (width, height)
