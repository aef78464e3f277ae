"""The printable Ticket to Ride boards and score pads: geometry checks on the scene, then the
PDF read back (page sizes, overlap between tiles, assembly map, board size, city names)."""

import io
import itertools
import math
import re

import pdfplumber
import pytest

from railprint.loading.resources import content_path
from railprint.games.ticket_to_ride.board import (MIN_OVERLAP, SYMBOLS, board_geometry, build_board,
                                      build_board_overview, build_board_tiled, default_size,
                                      draw_board, load_board_spec)
from railprint.games.ticket_to_ride.scorepad import build_scorepad, build_scorepads, columns, load_scorepad_spec
from railprint.errors import ContentError, RailprintError
from railprint.games.ticket_to_ride.maps import load_map
from railprint.layout.tiling import plan_tiles
from railprint.scene import Group, Rect, Text, texts, walk
from railprint.units import mm, to_mm
from tests.helpers import pdf_texts, ttr_map
from railprint.writers import render

MAPS = ("nordic", "italy")
DATA = content_path("ticket-to-ride")  # the shipped board and score-pad files


@pytest.fixture(scope="module", params=(*MAPS, "generated"))
def board(request):
    m = ttr_map(request.param)   # the shipped maps and a generated 100-route one
    return m, board_geometry(m)


def _pdf(doc):
    return pdfplumber.open(io.BytesIO(render(doc, "pdf")[0]))


def _polygon(car):
    a = math.radians(car.angle)
    c, s = math.cos(a), math.sin(a)
    hl, hw = car.length / 2, car.width / 2
    return [(car.x + c * dx - s * dy, car.y + s * dx + c * dy) for dx, dy in ((-hl, -hw), (hl, -hw), (hl, hw), (-hl, hw))]


def _penetration(p, q):
    """Separating-axis overlap depth of two convex polygons (0 when apart), in points."""
    depth = math.inf
    for poly in (p, q):
        for i in range(len(poly)):
            (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % len(poly)]
            nx, ny = y2 - y1, x1 - x2
            norm = math.hypot(nx, ny)
            a = [(nx * x + ny * y) / norm for x, y in p]
            b = [(nx * x + ny * y) / norm for x, y in q]
            overlap = min(max(a) - min(b), max(b) - min(a))
            if overlap <= 0:
                return 0.0
            depth = min(depth, overlap)
    return depth


def _circle_hits(cx, cy, r, poly):
    inside = [((poly[(i + 1) % 4][0] - poly[i][0]) * (cy - poly[i][1])
               - (poly[(i + 1) % 4][1] - poly[i][1]) * (cx - poly[i][0])) for i in range(4)]
    if all(v >= 0 for v in inside) or all(v <= 0 for v in inside):
        return True
    for i in range(4):
        (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % 4]
        dx, dy = x2 - x1, y2 - y1
        t = max(0.0, min(1.0, ((cx - x1) * dx + (cy - y1) * dy) / (dx * dx + dy * dy)))
        if math.hypot(x1 + t * dx - cx, y1 + t * dy - cy) < r:
            return True
    return False


# --- geometry ----------------------------------------------------------------------------------

def test_every_route_is_a_chain_of_its_length_with_its_marks(board):
    m, geo = board
    assert set(geo.cars) == {r.id for r in m.routes}
    for route in m.routes:
        chain = geo.cars[route.id]
        assert len(chain) == route.length, route.id
        marks = [c.mark for c in chain]
        assert marks.count("locomotive") == route.locomotives, route.id
        assert marks.count("wave") == route.waves, route.id
        # spaces follow each other along the chain: neighbours a car length (plus a gap) apart
        for a, b in zip(chain, chain[1:]):
            step = math.dist((a.x, a.y), (b.x, b.y))
            assert a.length <= step <= a.length * 1.3, route.id


def test_chains_avoid_foreign_cities_and_each_other(board):
    m, geo = board
    polys = {rid: [_polygon(c) for c in chain] for rid, chain in geo.cars.items()}
    for rid, chain in polys.items():
        route = m.route[rid]
        for node, (x, y) in geo.nodes.items():
            if node in (route.a, route.b):
                continue
            assert not any(_circle_hits(x, y, geo.city_radius, p) for p in chain), (rid, node)
        inner = geo.inner
        for p in chain:
            for x, y in p:
                assert inner.x <= x <= inner.x + inner.w and inner.y <= y <= inner.y + inner.h, rid
    worst = 0.0
    cars = [(rid, c, p) for rid in polys for c, p in zip(geo.cars[rid], polys[rid])]
    for (r1, c1, p1), (r2, c2, p2) in itertools.combinations(cars, 2):
        if r1 != r2 and math.dist((c1.x, c1.y), (c2.x, c2.y)) < c1.length + c2.length:
            worst = max(worst, _penetration(p1, p2))
    # at most a corner touching where chains leave the same city at a sharp angle
    assert to_mm(worst) < 1.5


def test_parallel_routes_run_side_by_side(board):
    m, geo = board
    pitch = mm(9.4) * geo.unit / mm(1)  # centre-to-centre distance of side-by-side chains
    checked = 0
    for pair, ids in m.parallel_groups.items():
        if len(ids) < 2:
            continue
        for a, b in itertools.combinations(ids, 2):
            for car in geo.cars[a]:
                nearest = min(geo.cars[b], key=lambda o: math.dist((car.x, car.y), (o.x, o.y)))
                d = math.dist((car.x, car.y), (nearest.x, nearest.y))
                turn = abs((car.angle - nearest.angle + 90) % 180 - 90)
                assert turn < 25, (a, b)
                if len(ids) == 2 and m.route[a].length == m.route[b].length:
                    # abreast, or on a tight curve staggered by at most 0.6 of a space (each
                    # chain along its own offset line keeps 1 mm between the spaces)
                    assert pitch * 0.97 <= d <= math.hypot(pitch, car.length * 0.6), (a, b, to_mm(d))
                # never on top of each other, never far apart
                assert car.width * 1.05 <= d <= car.length * 1.6, (a, b, to_mm(d))
                checked += 1
    assert checked > 20


def test_city_names_are_placed_clear_of_each_other(board):
    m, geo = board
    assert set(geo.labels) == set(m.city)
    boxes = [lab.box for lab in geo.labels.values()]
    for a, b in itertools.combinations(boxes, 2):
        assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
    for cid, lab in geo.labels.items():
        x, y = geo.nodes[cid]
        cx, cy = (lab.box[0] + lab.box[2]) / 2, (lab.box[1] + lab.box[3]) / 2
        assert math.dist((x, y), (cx, cy)) < mm(60), cid  # next to its marker
        box = lab.box
        corners = [(box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3])]
        for rid, chain in geo.cars.items():
            for car in chain:
                assert to_mm(_penetration(corners, _polygon(car))) < 3.0, (cid, rid)


def test_tables_do_not_cover_cities_or_routes(board):
    m, geo = board
    expected = {"route_table", "key", "title"} | ({"region_table"} if m.region_bonus else set())
    assert set(geo.boxes) == expected
    for name, box in geo.boxes.items():
        corners = [(box.x, box.y), (box.x + box.w, box.y), (box.x + box.w, box.y + box.h), (box.x, box.y + box.h)]
        for node, (x, y) in geo.nodes.items():
            assert not (box.x - geo.city_radius < x < box.x + box.w + geo.city_radius
                        and box.y - geo.city_radius < y < box.y + box.h + geo.city_radius), (name, node)
        for rid, chain in geo.cars.items():
            for car in chain:
                assert to_mm(_penetration(corners, _polygon(car))) < 1.0, (name, rid)


def _leaf_groups(group, prefix):
    return [g for g in group.items if isinstance(g, Group) and (g.id or "").startswith(prefix)]


def test_board_scene_marks_colours_tunnels_and_score_track():
    m = load_map("nordic")
    board = draw_board(m)
    words = [t for t in texts_of(board)]
    assert "0/100" in words and all(str(n) in words for n in range(1, 100))
    for length, points in m.route_points:
        assert str(length) in words and str(points) in words
    routes = {g.id: g for g in _leaf_groups(board, "route-")}
    assert len(routes) == len(m.routes)
    dashed = 0
    for route in m.routes:
        group = routes[f"route-{route.id}"]
        spaces = [g for g in group.items if isinstance(g, Group)]
        assert len(spaces) == route.length
        for space in spaces:
            leaves = [item for item, _ in walk(space.items)]
            has_dash = any(isinstance(i, Rect) and i.style.dash for i in leaves)
            dashed += has_dash
            assert has_dash == route.tunnel
            if route.colour in SYMBOLS:  # colour-blind symbol (or a locomotive) on every space
                assert len(leaves) >= 2
    assert dashed == sum(r.length for r in m.routes if r.tunnel)


def texts_of(group):
    return [item.text for item, _ in walk(group.items) if isinstance(item, Text)]


def test_italy_board_has_regions_areas_and_region_table():
    m = load_map("italy")
    board = draw_board(m, lang="pl")
    words = texts_of(board)
    for region in m.regions:
        assert region.name.upper() in words
    for area in m.areas:
        assert area.name.upper() in words
    assert "Regiony w jednej sieci" in words and "15+" in words and "56" in words
    assert any(w.startswith("Puglia, Sardegna, Sicilia") for w in words)


# --- PDF -------------------------------------------------------------------------------------

def _crosshairs(page):
    return {w["text"]: w for w in page.extract_words() if re.fullmatch(r"#\d+", w["text"])}


def _window(page):
    found = [r for r in page.rects if r.get("stroking_color") and
             tuple(round(v, 2) for v in r["stroking_color"]) == (0.54, 0.54, 0.54) and r["width"] > 300]
    assert len(found) == 1
    return found[0]


@pytest.mark.parametrize("name,paper,overlap_mm", [("nordic", "a4", 10), ("italy", "letter", 14)])
def test_tiled_board_pdf(name, paper, overlap_mm):
    m = ttr_map(name)
    doc = build_board_tiled(m, paper=paper, lang="en", overlap=mm(overlap_mm))
    width, height = default_size(m)
    plan = plan_tiles(width, height, paper=paper, overlap=mm(overlap_mm))
    with _pdf(doc) as pdf:
        assert len(pdf.pages) == plan.pages + 1
        # page size exact
        for page in pdf.pages[1:]:
            assert page.width == pytest.approx(plan.sheet.width, abs=0.01)
            assert page.height == pytest.approx(plan.sheet.height, abs=0.01)
        tiles = dict(zip(plan.tiles(), pdf.pages[1:]))
        # the board at its declared size: its outer frame (2 pt) measured on the first tile
        frame = [r for r in tiles[1, 1].rects if r["linewidth"] == pytest.approx(2.0) and r["width"] > mm(300)]
        assert frame
        assert to_mm(frame[0]["width"]) == pytest.approx(to_mm(width), abs=0.1)
        assert to_mm(frame[0]["height"]) == pytest.approx(to_mm(height), abs=0.1)
        # neighbouring tiles overlap by the declared amount: the same crosshair sits one
        # page-step (printable window - overlap) apart
        measured = []
        for (r, c), page in tiles.items():
            win = _window(page)
            marks = _crosshairs(page)
            for (r2, c2), axis, size in (((r, c + 1), "x0", win["width"]), ((r + 1, c), "top", win["height"])):
                if (r2, c2) in tiles:
                    other = _crosshairs(tiles[r2, c2])
                    shared = set(marks) & set(other)
                    assert len(shared) >= 2
                    measured += [to_mm(size - (marks[k][axis] - other[k][axis])) for k in shared]
        assert measured and all(v == pytest.approx(overlap_mm, abs=0.05) for v in measured)
        # the assembly map shows every page
        # (the miniature board's own tiny text is left out)
        assembly = pdf.pages[0].filter(lambda o: o.get("size", 10) >= 4.5).extract_text()
        for n, (r, c) in enumerate(plan.tiles(), 2):
            assert f"row {r} / col {c}" in assembly and f"p. {n}" in assembly
        # every tile is labelled; every city name comes back intact from the tiles
        text = ""
        for (r, c), page in tiles.items():
            page_text = page.extract_text()
            # the label strip above the window (art straddling the window's edge is clipped there)
            label = page.within_bbox((0, 0, page.width, _window(page)["top"] - mm(0.5))).extract_text()
            assert f"row {r} / col {c} of {plan.rows}×{plan.cols}" in label
            assert f"page {1 + plan.tiles().index((r, c)) + 1}/{len(pdf.pages)}" in page_text
            text += page_text + "\n"
        for city in m.cities:
            assert city.name in text, city.name


def test_nordic_names_read_back_intact_from_overview():
    m = load_map("nordic")
    with _pdf(build_board_overview(m, paper="a4", lang="pl")) as pdf:
        assert len(pdf.pages) == 1
        text = pdf.pages[0].extract_text()
    for name in ("Tromsø", "Göteborg", "Ålborg", "København", "Honningsvåg", "Umeå", "Örebro",
                 "Östersund", "Norrköping", "Århus", "Åndalsnes", "Mo i Rana"):
        assert name in text
    assert "Podgląd w skali 1:" in text and "strona 1/1" in text


def test_board_file_builds_with_the_assembly_map_as_its_overview():
    spec = load_board_spec(DATA / "board-italy.yaml")
    assert spec.map == "italy" and to_mm(spec.overlap) == pytest.approx(10)
    m = load_map(spec.map)
    doc = build_board(spec, m, paper="a4", lang="en")
    plan = plan_tiles(spec.size.width, spec.size.height, overlap=spec.overlap)
    assert len(doc.pages) == plan.pages + 1   # the assembly map is the overview: no page of its own
    first = texts(doc.pages[0])
    assert f"page 1/{len(doc.pages)}" in first and f"page {len(doc.pages)}/{len(doc.pages)}" in texts(doc.pages[-1])
    assert any(t.startswith("Assembly map") for t in first) and any(t.startswith("Overview at 1:") for t in first)
    assert {f"p. {n}" for n in range(2, plan.pages + 2)} <= set(first)   # every tile numbered on the map
    text = pdf_texts(render(doc, "pdf")[0])[0]   # the whole board is drawn on it: every city name reads back
    assert [city.name for city in m.cities if city.name not in text] == []


def test_board_size_is_configurable():
    m = load_map("nordic")
    doc = build_board_tiled(m, size=(mm(600), mm(900)))
    frame = next(item for item, _ in walk(doc.pages[1].items)
                 if isinstance(item, Rect) and item.style.width == 2.0 and item.style.stroke)
    assert (to_mm(frame.w), to_mm(frame.h)) == (pytest.approx(600), pytest.approx(900))
    assert len(doc.pages) == plan_tiles(mm(600), mm(900)).pages + 1


def test_bad_board_file_is_located(tmp_path):
    path = tmp_path / "board.yaml"
    path.write_text("kind: board\nid: b\ngame: ticket-to-ride\ntitle: {en: B}\nmap: nordic\n"
                    "size: {width: 540, height: 800mm}\novrlap: 10mm\n")
    with pytest.raises(ContentError) as err:
        load_board_spec(path)
    text = str(err.value)
    assert "board.yaml:6" in text and "no unit" in text
    assert "board.yaml:7" in text and "overlap" in text
    spec_path = tmp_path / "b2.yaml"
    spec_path.write_text("kind: board\nid: b\ngame: ticket-to-ride\ntitle: {en: B}\nmap: nordic\n"
                         "labels: {Oslo: n}\n")
    spec = load_board_spec(spec_path)
    with pytest.raises(RailprintError, match="unknown cities: Oslo"):
        build_board(spec, load_map("nordic"))


def test_overlap_below_minimum_is_refused():
    with pytest.raises(RailprintError, match="too small"):
        build_board_tiled(load_map("nordic"), overlap=MIN_OVERLAP - mm(2))


# --- score pads --------------------------------------------------------------------------------

def test_scorepad_columns_follow_the_map():
    nordic = [c.key for c in columns(load_map("nordic"))]
    italy = [c.key for c in columns(load_map("italy"))]
    assert nordic[:5] == ["player", "routes", "tickets_plus", "tickets_minus", "globetrotter"]
    assert "region_bonus" not in nordic and "globetrotter" not in italy
    assert italy[4] == "region_bonus" and italy[5] == "total"
    assert nordic.index("total") < nordic.index("done") < nordic.index("longest")


@pytest.mark.parametrize("lang,words", [
    ("en", ["Player", "Routes", "Tickets +", "Tickets −", "Total"]),
    ("pl", ["Gracz", "Trasy", "Bilety +", "Bilety −", "Suma"]),
])
def test_scorepad_pdf_one_page_per_map(lang, words):
    maps = [load_map("nordic"), load_map("italy")]
    doc = build_scorepads(maps, paper="letter", lang=lang)
    with _pdf(doc) as pdf:
        assert len(pdf.pages) == 2
        for page, m in zip(pdf.pages, maps):
            assert page.width == pytest.approx(8.5 * 72, abs=0.01)
            text = page.extract_text()
            for word in words:
                assert word in text
            # (the Polish bonus heading wraps after "Premia za")
            bonus = {"en": ("Globetrotter", "Region bonus"), "pl": ("Globtroter", "Premia za")}[lang]
            assert (bonus[0] in text) == (m.globetrotter is not None)
            assert (bonus[1] in text) == (m.region_bonus is not None)
    # a row per player: the numbered rows of the first game block
    page = doc.pages[0]
    small = [item.text for item, _ in walk(page.items) if isinstance(item, Text) and item.size == 6.5]
    games = sum(1 for item, _ in walk(page.items) if isinstance(item, Text) and
                re.fullmatch(r"(Game|Gra) \d+", item.text))
    assert games >= 3
    assert small.count("1") == games and small.count(str(maps[0].players_max)) == games
    assert str(maps[0].players_max + 1) not in small


def test_scorepad_file():
    spec = load_scorepad_spec(DATA / "scorepad-italy.yaml")
    m = load_map(spec.map)
    doc = build_scorepad(m, paper="a4", lang="en", games=2, revision=spec.revision)
    assert len(doc.pages) == 1
    words = texts(doc)
    assert "Game 2" in words and "Game 3" not in words
    assert words.count("5") >= 2  # five player rows per game


def test_claimed_routes_get_train_pieces_for_pictures():
    m = load_map("italy")
    board = draw_board(m, claimed={"napoli-roma-red": "#00aaff", "genova-olbia-gray-1": "#ff00ff"})
    pieces = {g.id: g for g in board.items if isinstance(g, Group) and (g.id or "").startswith("claimed-")}
    assert set(pieces) == {"claimed-napoli-roma-red", "claimed-genova-olbia-gray-1"}
    assert len(pieces["claimed-genova-olbia-gray-1"].items) == 7
    fills = {item.style.fill for item, _ in walk(pieces["claimed-napoli-roma-red"].items)}
    assert fills == {"#00aaff"}


@pytest.mark.parametrize("name", ["board-nordic.yaml", "board-italy.yaml", "scorepad-nordic.yaml",
                                  "scorepad-italy.yaml"])
def test_board_and_scorepad_files_name_real_maps(name):
    """The shipped board and score-pad files name real maps and have both languages."""
    for path in [DATA / name]:
        spec = (load_board_spec if name.startswith("board") else load_scorepad_spec)(path)
        m = load_map(spec.map)
        assert spec.id.startswith(m.id) and spec.game == "ticket-to-ride"
        assert set(spec.title) == {"en", "pl"}
        if name.startswith("board"):
            assert (spec.size.width, spec.size.height) == default_size(m)
