"""Issue 18: fewer sheets (butt-cut layouts, small sets sharing sheets) and cut lines — sheet
counts, pieces and back registration read back from the PDFs."""

from __future__ import annotations

import io
from collections import Counter

import pdfplumber
import pytest

from railprint.layout.imposition import plan_butt
from railprint.loading.resources import content_path
from railprint.model.resolve import load_deck
from railprint.render import RenderOptions, build_deck, build_output, discover_layers, impose_resolved, outputs, select
from railprint.units import mm, to_mm
from railprint.writers import render
from tests.helpers import assert_points_close, ink_near_edge, pdf_rects, pdf_texts, run_cli

TTR = content_path("ticket-to-ride")
CUT_WIDTH = 0.25   # pt, content/sheets/sheets.yaml
# the targets: sheets of paper (a duplex page pair is one sheet)
# (issue 33: Days of Steam's tiles and tokens share sheets, the tokens filling the last tile
# sheet: 9 on A4, was 11)
LIMITS = {"days-of-steam": 9, "allers-trains": 19, "nordic": 24, "examples": 12}
NORDIC = ("nordic-board", "nordic-cards", "train-cards", "nordic-trains")


def _sheets(data: bytes) -> int:
    return sum(1 for text in pdf_texts(data) if "— backs" not in text)


@pytest.fixture(scope="module", params=["a4", "letter"])
def rendered(request, shipped_render):
    """Every output file of the games measured, as ``render all`` wrote it (the session's shared
    render): (game, name) -> sheets."""
    folder = shipped_render(request.param)
    options = RenderOptions(paper=request.param)
    files = {}
    for game in ("days-of-steam", "allers-trains", "ticket-to-ride", "examples"):
        for output in outputs(select(discover_layers([]), game), options):
            # Nordic: every piece of the rulebook's component list — the board (its assembly map is
            # its overview), the train cards, the tickets and Globetrotter card, the trains and
            # score markers; the score pad (our aid, a sheet per game) is counted apart
            if output.game == "ticket-to-ride" and output.name not in (*NORDIC, "nordic-scorepad"):
                continue
            if output.game == "examples" and output.name != "station-master":  # the designer example deck
                continue
            if output.name.endswith("rules"):   # the one-page rules summary (plain paper) is counted apart
                continue
            files[output.game, output.name] = _sheets((folder / output.game / f"{output.name}.pdf").read_bytes())
    return request.param, files


def test_sheet_counts_meet_the_targets(rendered):
    paper, files = rendered
    per_game = Counter()
    for (game, name), sheets in files.items():
        if game != "ticket-to-ride":
            per_game[game] += sheets
        elif name in NORDIC:
            per_game["nordic"] += sheets
    for game, limit in LIMITS.items():
        assert per_game[game] <= limit, (paper, game, per_game[game], files)
    assert files["ticket-to-ride", "nordic-trains"] == 1 and files["ticket-to-ride", "nordic-scorepad"] == 1
    # the board: its tiles and one page that is both the assembly map and the overview
    assert files["ticket-to-ride", "nordic-board"] == {"a4": 11, "letter": 13}[paper]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("size,count", [((44, 68), 16), ((63, 88), 9)])
def test_butt_cut_fits_16_small_or_9_poker_cards(paper, size, count):
    plan = plan_butt(paper, "auto", mm(size[0]), mm(size[1]), mm(3))
    assert len(plan.cells) == count
    assert plan.bleed >= mm(1) - 1e-9


def _boxes(rects, w, h):
    """(x, top, width, height) in mm of the rects of a bleed-box size, upright or turned."""
    out = set()
    for r in rects:
        rw, rh = round(to_mm(r["width"]), 2), round(to_mm(r["height"]), 2)
        if {rw, rh} == {round(w, 2), round(h, 2)} and (rw, rh) in ((round(w, 2), round(h, 2)), (round(h, 2), round(w, 2))):
            out.add((round(to_mm(r["x0"]), 2), round(to_mm(r["top"]), 2), rw, rh))
    return sorted(out)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("flip", ["long", "short"])
def test_every_back_lies_behind_its_front_in_the_butt_layout(paper, flip):
    path = TTR / "train-cards.yaml"
    imposed = impose_resolved(load_deck(path), path, RenderOptions(paper=paper, flip=flip, layout="butt"))
    assert imposed.layout == "butt" and imposed.per_page == 16
    b = to_mm(imposed.bleed)
    w, h = 44 + 2 * b, 68 + 2 * b
    pages = pdf_rects(render(imposed.document, "pdf")[0])   # rectangles as pdfplumber gives them
    assert len(pages) == 14
    total = 0
    for (W, H, front), (_, _, back) in zip(pages[0::2], pages[1::2]):
        fronts, backs = _boxes(front, w, h), _boxes(back, w, h)
        assert len(fronts) == len(backs) > 0
        total += len(fronts)
        over_vertical = (flip == "long") != (W > H)
        mirrored = sorted((round(W - x - bw, 2), y, bw, bh) if over_vertical else (x, round(H - y - bh, 2), bw, bh)
                          for x, y, bw, bh in fronts)
        assert_points_close([(x, y) for x, y, *_ in backs], [(x, y) for x, y, *_ in mirrored], tol=0.02)
        assert [s[2:] for s in backs] == [s[2:] for s in mirrored]
        # butt-cut: no gutter: the trim boxes of neighbours touch
        trims = [(x + b, y + b, bw - 2 * b, bh - 2 * b) for x, y, bw, bh in fronts]
        for x, y, tw, th in trims:
            assert any(abs(x + tw - ox) < 0.02 or abs(y + th - oy) < 0.02 or abs(ox + ow - x) < 0.02
                       or abs(oy + oh - y) < 0.02 for ox, oy, ow, oh in trims if (ox, oy) != (x, y))
    assert total == 110
    # every front slot has its back at the mirror place, turned to match
    fronts = {s.index: s for s in imposed.slots if s.side == "front"}
    backs = {s.index: s for s in imposed.slots if s.side == "back"}
    assert sorted(fronts) == sorted(backs) == list(range(110))


def test_letter_mixes_turned_cards_and_keeps_the_margins():
    path = TTR / "train-cards.yaml"
    imposed = impose_resolved(load_deck(path), path, RenderOptions(paper="letter", layout="butt"))
    rotations = Counter(s.rotation for s in imposed.slots if s.side == "front" and s.page == 0)
    assert rotations == {0: 9, 90: 7}   # 3 × 3 upright, 7 turned beside and below them
    # the outer bleed is cut to what the margins leave (art drawn further out is clipped away):
    # the rendered page keeps the outer 6.35 mm blank
    assert ink_near_edge(render(imposed.document, "pdf")[0]) == []


def _cut_lines(page):
    return [l for l in page.lines if abs(l["linewidth"] - CUT_WIDTH) < 0.01]


def test_cut_lines_run_along_every_trim_edge_on_fronts_only():
    path = content_path("days-of-steam") / "track-tiles.yaml"
    imposed = impose_resolved(load_deck(path), path, RenderOptions(layout="butt"))
    with pdfplumber.open(io.BytesIO(render(imposed.document, "pdf")[0])) as pdf:
        front, back = pdf.pages[0], pdf.pages[1]
        lines = _cut_lines(front)
        assert not _cut_lines(back)
        for slot in (s for s in imposed.slots if s.page == 0 and s.side == "front"):
            x0, y0 = slot.x, slot.y
            x1, y1 = x0 + slot.w, y0 + slot.h
            for vertical, at, lo, hi in ((True, x0, y0, y1), (True, x1, y0, y1), (False, y0, x0, x1), (False, y1, x0, x1)):
                assert any(abs((l["x0"] if vertical else l["top"]) - at) < 0.05
                           and (l["top"] if vertical else l["x0"]) <= lo + 0.05
                           and (l["bottom"] if vertical else l["x1"]) >= hi - 0.05 for l in lines), (slot, vertical, at)
    quiet = impose_resolved(load_deck(path), path, RenderOptions(layout="butt", cut_lines=False))
    with pdfplumber.open(io.BytesIO(render(quiet.document, "pdf")[0])) as pdf:
        assert not _cut_lines(pdf.pages[0])
        assert [l for l in pdf.pages[0].lines if abs(l["linewidth"] - 0.3) < 0.01]   # crop marks stay


def test_small_sets_share_sheets_each_piece_labelled_and_counted():
    """Days of Steam's tiles and tokens share ``tiles.pdf``: the three 50 mm tile sets as one
    butt-cut block, each token set a block, the tokens on the last tile sheet (7 sheets)."""
    options = RenderOptions()
    (tiles,) = [o for o in outputs(select(discover_layers([]), "days-of-steam"), options) if o.name == "tiles"]
    assert {s.id for s in tiles.sets} == {"train-tokens", "steam-markers", "circuit-counters", "goods-tokens",
                                          "coal-tokens", "track-tiles", "city-tiles", "train-tiles"}
    with pdfplumber.open(io.BytesIO(render(build_output(tiles, options), "pdf")[0])) as pdf:
        assert len(pdf.pages) == 14   # seven duplex sheets: the tiles alone need 7 (15 a sheet)
        text = " ".join(page.extract_text() for page in pdf.pages[::2])
        last = pdf.pages[12].extract_text()
    for info in tiles.sets:
        deck = load_deck(info.path)
        short = deck.title if "token" in info.id or "marker" in info.id or "counter" in info.id \
            else deck.title.split(" — ")[-1]
        assert f"{short} · {len(deck.cards)} {'tiles' if info.kind == 'tiles' and 'tiles' in info.id else 'tokens'}" \
            in text, short
    assert "coal · 20 tokens" in last and "tiles" in last   # the tokens fill the last tile sheet
    # pieces: every set's components once on the front, once behind it
    from railprint.render import impose_shared

    imposed = impose_shared(tiles, options)
    fronts = sorted(s.index for s in imposed.slots if s.side == "front")
    assert fronts == list(range(4 + 4 + 7 + 28 + 20 + 80 + 12 + 4))
    assert sorted(s.index for s in imposed.slots if s.side == "back") == fronts


def test_layout_and_cut_lines_from_the_command_line(tmp_path):
    result = run_cli("render", "days-of-steam", "--layout", "gutter", "--no-cut-lines", "-o", str(tmp_path), "-q")
    assert result.exit_code == 0, result.output
    data = (tmp_path / "days-of-steam" / "tiles.pdf").read_bytes()   # track, city and train tiles
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        assert len(pdf.pages) == 16 and not _cut_lines(pdf.pages[0])
    result = run_cli("render", "days-of-steam", "--layout", "sideways", "-o", str(tmp_path), "-q")
    assert result.exit_code == 1 and "unknown layout 'sideways'" in result.stderr


def _mini(folder, name, extra):
    (folder / f"{name}.yaml").write_text(
        f"kind: deck\nid: {name}\ngame: my-game\ntitle: {{en: {name}}}\nsize: {{width: 20mm, height: 20mm}}\n{extra}"
        "templates:\n  t:\n    layers:\n      - {type: rect, bleed: true, fill: '#336699'}\n"
        "cards:\n  - {template: t, count: 3}\n", encoding="utf-8")


def test_a_shared_sheet_name_is_checked_where_it_is_written(tmp_path):
    folder = tmp_path / "mine"
    folder.mkdir()
    _mini(folder, "a", "share: 'Bad Name'\n")
    result = run_cli("render", "my-game", "--content", str(folder), "-o", str(tmp_path / "out"), "-q")
    assert result.exit_code == 1 and "a.yaml:6:8" in result.stderr and "not a slug" in result.stderr
    _mini(folder, "a", "share: b\n")
    _mini(folder, "b", "")
    result = run_cli("render", "my-game", "--content", str(folder), "-o", str(tmp_path / "out"), "-q")
    assert result.exit_code == 1 and "a.yaml:6:8" in result.stderr and "same file name" in result.stderr
    assert not (tmp_path / "out" / "my-game").exists()   # nothing half-written
    _mini(folder, "a", "share: both\n")
    _mini(folder, "b", "share: both\n")
    result = run_cli("render", "my-game", "--content", str(folder), "-o", str(tmp_path / "out"), "-q")
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "out" / "my-game").iterdir()) == ["both.pdf", "my-game-guide.pdf"]


def test_many_tiny_pieces_get_a_plain_grid_at_once():
    # the mixed search grows with the square of the pieces per row and column: above 64 pieces
    # a sheet only plain grids are tried (bounded work for any content file)
    plan = plan_butt("a4", "auto", mm(2), mm(3), mm(1))
    assert len(plan.cells) > 8000 and len({turned for *_, turned in plan.cells}) == 1


def test_shared_sheets_with_a_thin_butt_cut_bleed_say_so_in_the_guide(tmp_path):
    """Days of Steam's tiles share ``tiles.pdf`` with the tokens; on Letter the 50 mm tiles are
    butt-cut 4 across with 1.6 mm of outer bleed (their own is 3 mm): the printed guide's line
    for that file says so, and the tiles keep their exact size."""
    result = run_cli("render", "days-of-steam", "--paper", "letter", "-o", str(tmp_path), "-q")
    assert result.exit_code == 0, result.output
    with pdfplumber.open(tmp_path / "days-of-steam" / "days-of-steam-guide.pdf") as pdf:
        text = " ".join(page.extract_text() for page in pdf.pages).replace("\n", " ")
    line = text[text.index("tiles.pdf"):text.index("player-aid.pdf")]
    assert "outer bleed only 1.6 mm (the pieces' own is 3 mm)" in line, line
    with pdfplumber.open(tmp_path / "days-of-steam" / "tiles.pdf") as pdf:
        assert len(pdf.pages) == 12   # 6 duplex sheets: 20 tiles a sheet, the tokens on the sixth


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("flip", ["long", "short"])
def test_days_of_steam_shared_tiles_backs_lie_behind_their_fronts(paper, flip):
    """tiles.pdf mixes the butt-cut tiles (laid out as their deck alone) with the token blocks:
    read back from the PDF, every tile's back lies at the mirror place of its front under either
    flip, and the tiles keep their 50 mm (± 0.001 mm in the layout's slots)."""
    options = RenderOptions(paper=paper, flip=flip)
    (tiles,) = [o for o in outputs(select(discover_layers([]), "days-of-steam"), options) if o.name == "tiles"]
    from railprint.render import impose_shared

    imposed = impose_shared(tiles, options)
    tile_slots = [s for s in imposed.slots if abs(to_mm(s.w) - 50) < 0.01]
    assert len(tile_slots) == 2 * 96 and all(abs(to_mm(s.h) - 50) < 0.001 and abs(to_mm(s.w) - 50) < 0.001
                                             for s in tile_slots)
    pages = pdf_rects(render(imposed.document, "pdf")[0])
    b = {"a4": 3.0, "letter": 1.6}[paper]
    size = 50 + 2 * b
    total = 0
    for (W, H, front), (_, _, back) in zip(pages[0::2], pages[1::2]):
        fronts, backs = _boxes(front, size, size), _boxes(back, size, size)
        assert len(fronts) == len(backs)
        total += len(fronts)
        over_vertical = (flip == "long") != (W > H)
        mirrored = sorted((round(W - x - bw, 2), y, bw, bh) if over_vertical else (x, round(H - y - bh, 2), bw, bh)
                          for x, y, bw, bh in fronts)
        assert_points_close([(x, y) for x, y, *_ in backs], [(x, y) for x, y, *_ in mirrored], tol=0.02)
    assert total == 96
