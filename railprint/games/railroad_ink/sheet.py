"""The Railroad Ink board sheet: one page per player, drawn from ``sheet.yaml``.

Layout (a 200 mm wide block, centred in the usable area; it fits A4 and Letter):

    header      game, variant, player name line (and seed/date on a sheet for tonight)
    top band    the 6 special routes to cross off | the network value table (exits -> points)
    middle      the 7x7 grid with round boxes, labels, exit stubs, centre outlined | score boxes
    bottom      blank sheet: dice reference with a tick box per round (+ expansion legend)
                sheet for tonight: the round track with the seed's rolls (+ expansion legend)

Builders for ``railprint render``: :func:`build_sheets` (one page per variant).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from railprint.errors import check_lang
from railprint.games.railroad_ink.pictograms import INK, LAVA, crater, draw_face, draw_space, route_stub, volcano
from railprint.text.measure import fit_size, text_width, wrap_text
from railprint.layout.paper import Paper, furniture, paper as get_paper, revision_label, usable_area
from railprint.games.railroad_ink.model import (DiceSpec, Face, SheetSpec, dice_for_sheet,
                                          load_sheet)
from railprint.scene import Circle, Document, Group, Item, Line, Page, Rect, Style, Text, translate
from railprint.units import mm

BLOCK_W = mm(197)  # must stay <= the A4 usable width (197.3 mm inside 6.35 mm margins)
BLOCK_H = mm(257)  # must stay <= the Letter usable height (257.7 mm)

LABEL_M = mm(10)   # room for the row and column labels: the grid starts this far in
GRID_TOP = mm(38)  # the grid block's top in the sheet block (the squares start LABEL_M lower)
GREY = "#555555"
LIGHT = "#9a9a9a"
TINT = "#f2f2f2"
THIN = Style(stroke="#333333", width=0.6)
FRAME = Style(stroke=INK, width=1.2)
BOX = Style(stroke="#777777", width=0.5)
TEXT = Style(fill="#111111")
SOFT = Style(fill=GREY)


@dataclass(frozen=True)
class TrackRound:
    """The dice of one round, as printed in the round track of a sheet for tonight."""

    number: int
    route: tuple[Face, ...]   # the 3 route dice and the special die
    extra: tuple[Face, ...]   # meteor direction + distance, or the 2 lava dice, or ()


def _text(x, y, text, size, *, font="regular", anchor="start", style=TEXT, max_width=None) -> Text:
    if max_width is not None:
        size = fit_size(text, max_width, size, font)
    return Text(x, y, text, size, style, font=font, anchor=anchor)


def _paragraph(x, y, text, width, size, *, style=SOFT, leading=1.2) -> tuple[list[Item], float]:
    items: list[Item] = []
    for line in wrap_text(text, width, size):
        items.append(Text(x, y, line, size, style))
        y += size * leading
    return items, y


def _picture(group: Group, x: float, y: float, size: float, frame: Style | None = BOX) -> Group:
    items: list[Item] = [group]
    if frame is not None:
        items.append(Rect(0, 0, size, size, frame))
    return Group(tuple(items), transform=translate(x, y))


# --------------------------------------------------------------------------- parts


def _header(spec: SheetSpec, variant_key: str, lang: str, stamp: str | None) -> list[Item]:
    variant = spec.variant(variant_key)
    L = lambda key: spec.label(key, lang)  # noqa: E731
    game = L("game")
    items: list[Item] = [Text(0, mm(6.5), game, 17, TEXT, font="bold")]
    x = text_width(game, 17, "bold") + mm(3)
    sub = f"{L('sheet')} · {variant.name.get(lang)} · {variant.rounds} {L('rounds')}"
    items.append(Text(x, mm(6.5), sub, 9.5, SOFT))
    name_x = mm(128)
    items.append(Text(name_x, mm(6.5), L("player"), 9, SOFT, font="bold"))
    items.append(Line(name_x + text_width(L("player"), 9, "bold") + mm(2), mm(7), BLOCK_W, mm(7), THIN))
    if stamp:
        items.append(Text(BLOCK_W, mm(11), stamp, 8.5, TEXT, font="bold", anchor="end"))
    return items


def _specials(spec: SheetSpec, lang: str, width: float) -> Group:
    items: list[Item] = [Text(0, mm(3), spec.label("special_routes", lang), 9, TEXT, font="bold")]
    title_w = text_width(spec.label("special_routes", lang), 9, "bold")
    items.append(_text(title_w + mm(2), mm(3), spec.label("special_rule", lang), 7, style=SOFT,
                       max_width=width - title_w - mm(2)))
    size, gap = mm(14), mm(4)
    for i, route in enumerate(spec.special_routes):
        items.append(_picture(draw_space(route.route, size, id=f"special-{route.id}"), i * (size + gap), mm(5.5),
                              size, Style(stroke=INK, width=0.8)))
    return Group(tuple(items), id="special-routes")


def _network_table(spec: SheetSpec, lang: str) -> Group:
    table = sorted(spec.network_table.items())
    head_w = mm(13)
    cell_w = (mm(84) - head_w) / len(table)
    row_h = mm(6)
    y0 = mm(5.5)
    items: list[Item] = [Text(0, mm(3), spec.label("network_value", lang), 9, TEXT, font="bold")]
    items.append(Rect(0, y0, head_w + cell_w * len(table), row_h * 2, Style(stroke=INK, width=0.8)))
    items.append(Rect(head_w, y0 + row_h, cell_w * len(table), row_h, Style(fill=TINT)))
    items.append(Rect(0, y0, head_w + cell_w * len(table), row_h * 2, Style(stroke=INK, width=0.8)))
    items.append(Line(0, y0 + row_h, head_w + cell_w * len(table), y0 + row_h, THIN))
    items.append(_text(mm(1), y0 + row_h - mm(1.8), spec.label("exits", lang), 7, style=SOFT, max_width=head_w - mm(2)))
    items.append(_text(mm(1), y0 + 2 * row_h - mm(1.8), spec.label("points", lang), 7, style=SOFT,
                       max_width=head_w - mm(2)))
    for k, (exits, points) in enumerate(table):
        x = head_w + k * cell_w
        items.append(Line(x, y0, x, y0 + 2 * row_h, THIN))
        items.append(Text(x + cell_w / 2, y0 + row_h - mm(1.7), str(exits), 8, TEXT, anchor="middle"))
        items.append(Text(x + cell_w / 2, y0 + 2 * row_h - mm(1.6), str(points), 9, TEXT, font="bold", anchor="middle"))
    return Group(tuple(items), id="network-table")


def _grid(spec: SheetSpec, variant_key: str, lang: str) -> tuple[Group, float, float]:
    """The board with labels and exit stubs; returns (group, width, height) of the whole block."""
    g = spec.grid
    s = g.square
    label_m, stub_m = LABEL_M, mm(5.5)
    x0, y0 = label_m, label_m
    rows, cols = g.rows, g.cols
    items: list[Item] = []
    r0, c0, r1, c1 = g.centre_cells()
    centre = Rect(x0 + c0 * s, y0 + r0 * s, (c1 - c0 + 1) * s, (r1 - r0 + 1) * s, Style(fill=TINT))
    items.append(centre)
    squares: list[Item] = []
    boxes: list[Item] = []
    b = g.round_box
    for r in range(rows):
        for c in range(cols):
            x, y = x0 + c * s, y0 + r * s
            squares.append(Rect(x, y, s, s, Style(stroke="#333333", width=0.7)))
            boxes.append(Rect(x + s - b - mm(1), y + s - b - mm(1), b, b, Style(fill="#ffffff", stroke=LIGHT, width=0.5),
                              r=mm(0.8)))
    predrawn: list[Item] = []
    for at, token in spec.variant(variant_key).predrawn.items():
        r = ord(at[0]) - ord("A")
        c = int(at[1:]) - 1
        predrawn.append(Group((draw_space(token, s),), transform=translate(x0 + c * s, y0 + r * s), id=f"predrawn-{at}"))
    items.append(Group(tuple(predrawn), id="predrawn"))
    items.append(Group(tuple(squares), id="squares"))
    items.append(Group(tuple(boxes), id="round-boxes"))
    items.append(Rect(centre.x, centre.y, centre.w, centre.h, Style(stroke=INK, width=2.2), r=0))
    items.append(Rect(x0, y0, cols * s, rows * s, FRAME))
    stubs: list[Item] = []
    for ex in spec.exits:
        r, c = ex.row_col
        mid = {"N": (x0 + (c + 0.5) * s, y0), "S": (x0 + (c + 0.5) * s, y0 + rows * s),
               "W": (x0, y0 + (r + 0.5) * s), "E": (x0 + cols * s, y0 + (r + 0.5) * s)}[ex.side]
        stub = route_stub(ex.type, ex.side, stub_m - mm(1), s)
        stubs.append(Group((stub,), transform=translate(*mid), id=f"exit-{ex.at}-{ex.type}"))
    items.append(Group(tuple(stubs), id="exits"))
    labels: list[Item] = []
    for c in range(cols):
        labels.append(Text(x0 + (c + 0.5) * s, y0 - mm(7.2), str(c + 1), 10, Style(fill="#444444"), font="bold",
                           anchor="middle"))
    for r in range(rows):
        labels.append(Text(x0 - mm(8.2), y0 + (r + 0.5) * s + mm(1.3), chr(ord("A") + r), 10, Style(fill="#444444"),
                           font="bold", anchor="middle"))
    items.append(Group(tuple(labels), id="grid-labels"))
    return Group(tuple(items), id="grid"), x0 + cols * s + stub_m, y0 + rows * s + stub_m


def _score_boxes(spec: SheetSpec, lang: str, width: float, height: float) -> Group:
    n = len(spec.score_boxes)
    step = height / n
    box_h = min(mm(13), step - mm(5))
    items: list[Item] = [Text(0, -mm(3), spec.label("score", lang), 9, TEXT, font="bold")]
    sign_r = mm(2.4)
    for k, box in enumerate(spec.score_boxes):
        y = k * step
        total = box.sign == "="
        items.append(_text(0, y + mm(3), box.label.get(lang), 7.5, style=TEXT if total else SOFT,
                           font="bold" if total else "regular", max_width=width))
        by = y + mm(4.5)
        items.append(Rect(sign_r * 2 + mm(1.5), by, width - sign_r * 2 - mm(1.5), box_h,
                          Style(stroke=INK, width=1.6 if total else 0.8), r=mm(1)))
        sign = {"+": "+", "-": "−", "=": "="}[box.sign]
        items.append(Circle(sign_r, by + box_h / 2, sign_r, Style(fill=INK if total else "#ffffff", stroke=INK, width=0.8)))
        items.append(Text(sign_r, by + box_h / 2 + 3.6, sign, 11, Style(fill="#ffffff" if total else INK), font="bold",
                          anchor="middle"))
    return Group(tuple(items), id="score-boxes")


def _dice_reference(spec: SheetSpec, dice: DiceSpec, lang: str, rounds: int, width: float, height: float) -> Group:
    faces = [dice.face_ref(ref) for ref in spec.dice_reference]
    head_w = mm(13)
    col_w = (width - head_w) / len(faces)
    pic = min(mm(12), col_w - mm(3))
    y_pic = mm(5)
    title = spec.label("dice_reference", lang)
    items: list[Item] = [Text(0, mm(3), title, 9, TEXT, font="bold")]
    items.append(_text(text_width(title, 9, "bold") + mm(2), mm(3), spec.label("dice_rule", lang), 7, style=SOFT,
                       max_width=width - text_width(title, 9, "bold") - mm(2)))
    top = y_pic + pic + mm(1.5)
    row_h = min(mm(4.6), (height - top) / rounds)
    tick = min(mm(3.4), row_h - mm(1))
    for k, face in enumerate(faces):
        x = head_w + k * col_w
        items.append(_picture(draw_face(face, pic, id=f"ref-{face.id}"), x + (col_w - pic) / 2, y_pic, pic))
        if k and spec.dice_reference[k].split("/")[0] != spec.dice_reference[k - 1].split("/")[0]:
            items.append(Line(x, y_pic, x, top + rounds * row_h, Style(stroke=LIGHT, width=0.6)))
    round_word = spec.label("round", lang)
    for r in range(rounds):
        y = top + r * row_h
        items.append(_text(0, y + row_h / 2 + 2.3, f"{round_word} {r + 1}", 6.5, style=SOFT, max_width=head_w - mm(1)))
        for k in range(len(faces)):
            cx = head_w + k * col_w + col_w / 2
            items.append(Rect(cx - tick / 2, y + (row_h - tick) / 2, tick, tick, BOX, r=mm(0.4)))
    return Group(tuple(items), id="dice-reference")


def _round_track(spec: SheetSpec, lang: str, track: Sequence[TrackRound], width: float, height: float) -> Group:
    title = spec.label("round_track", lang)
    items: list[Item] = [Text(0, mm(3), title, 9, TEXT, font="bold")]
    items.append(_text(text_width(title, 9, "bold") + mm(2), mm(3), spec.label("track_rule", lang), 7, style=SOFT,
                       max_width=width - text_width(title, 9, "bold") - mm(2)))
    n = len(track)
    col_w = width / n
    has_extra = any(r.extra for r in track)
    pic = min(mm(12), (col_w - mm(4)) / 2, (height - mm(12) - (mm(11) if has_extra else 0)) / 2)
    extra_pic = min(mm(10), pic)
    round_word = spec.label("round", lang)
    for k, rnd in enumerate(track):
        x = k * col_w
        box_h = mm(6) + 2 * pic + mm(1.2) + mm(2.5) + ((extra_pic + mm(2.2)) if has_extra else 0)
        col: list[Item] = [Rect(mm(0.5), mm(5), col_w - mm(1), box_h, Style(stroke=LIGHT, width=0.5), r=mm(1.5))]
        col.append(Text(mm(2.5), mm(9.2), f"{round_word} {rnd.number}", 8, TEXT, font="bold"))
        tick = mm(3.4)
        col.append(Rect(col_w - mm(2.5) - tick, mm(6.6), tick, tick, Style(stroke=INK, width=0.7), r=mm(0.4)))
        gx = (col_w - 2 * pic - mm(1.2)) / 2
        for i, face in enumerate(rnd.route):
            fx = gx + (i % 2) * (pic + mm(1.2))
            fy = mm(11) + (i // 2) * (pic + mm(1.2))
            col.append(_picture(draw_face(face, pic, id=f"track-{rnd.number}-{i + 1}-{face.id}"), fx, fy, pic,
                                Style(stroke=INK, width=0.6)))
        if rnd.extra:
            ey = mm(11) + 2 * pic + mm(2.4)
            ex0 = (col_w - len(rnd.extra) * extra_pic - (len(rnd.extra) - 1) * mm(1.2)) / 2
            for i, face in enumerate(rnd.extra):
                col.append(_picture(draw_face(face, extra_pic, id=f"track-{rnd.number}-x{i + 1}-{face.id}"),
                                    ex0 + i * (extra_pic + mm(1.2)), ey, extra_pic,
                                    Style(stroke=LAVA if face.route else INK, width=0.6)))
        items.append(Group(tuple(col), transform=translate(x, 0), id=f"round-{rnd.number}"))
    return Group(tuple(items), id="round-track")


def _legend(spec: SheetSpec, dice: DiceSpec, expansion: str, lang: str, width: float) -> Group:
    L = lambda key: spec.label(key, lang)  # noqa: E731
    items: list[Item] = []
    pic = mm(10)
    if expansion == "meteor":
        items.append(Text(0, mm(3), L("meteor"), 9, TEXT, font="bold"))
        items.append(_picture(Group(tuple(crater(pic))), 0, mm(5), pic, None))
        items.append(Text(pic + mm(1.5), mm(9), L("crater"), 8, TEXT, font="bold"))
        para, _ = _paragraph(pic + mm(1.5), mm(12.5), L("crater_rule"), width - pic - mm(1.5), 6.5)
        items += para
        y = mm(19)
        items.append(Circle(mm(2), y - mm(1), mm(1), Style(fill=INK)))
        items.append(Text(mm(4.5), y, L("impact"), 7, SOFT))
        para, _ = _paragraph(0, y + mm(4), L("meteor_rule"), width, 6.5)
        items += para
    elif expansion == "lava":
        items.append(Text(0, mm(3), L("lava"), 9, TEXT, font="bold"))
        items.append(_picture(Group(tuple(volcano(pic))), 0, mm(5), pic, None))
        items.append(Text(pic + mm(1.5), mm(11), L("volcano"), 8, TEXT, font="bold"))
        faces = list({f.route: f for d in dice.dice if d.set == "lava" for f in d.faces}.values())
        small = min(mm(6.5), (width - mm(1) * (len(faces) - 1)) / max(1, len(faces)))
        for i, face in enumerate(faces):
            items.append(_picture(draw_face(face, small, id=f"legend-{face.id}"), i * (small + mm(1)), mm(16.5), small,
                                  Style(stroke=LAVA, width=0.5)))
        para, y = _paragraph(0, mm(16.5) + small + mm(3.5), L("lava_rule"), width, 6.5)
        items += para
        para, _ = _paragraph(0, y + mm(1.5), L("lava_score"), width, 6.5)
        items += para
    return Group(tuple(items), id=f"legend-{expansion}")


def _photo_marks(spec: SheetSpec, expansion: str, seed: int | None, date: str | None) -> Group | None:
    """The registration markers and the QR code (``photo/layout.py``), in grid millimetres.

    Drawn only on the layout the photo reader knows (7 x 7 squares of 21 mm)."""
    from railprint.games.railroad_ink.photo import layout

    g = spec.grid
    if (g.rows, g.cols) != (layout.GRID, layout.GRID) or abs(g.square - mm(layout.SQUARE_MM)) > 0.01:
        return None
    black = Style(fill=INK)
    cell = mm(layout.MARKER_MM) / layout.MARKER_CELLS
    items: list[Item] = []
    for place in layout.marker_places(expansion):
        x, y = mm(place.x), mm(place.y)
        cells = layout.marker_cells(place.id)
        items.append(Group(tuple(Rect(x + c * cell, y + r * cell, w * cell, cell, black) for r, c, w in _row_runs(cells)),
                           id=f"photo-marker-{place.id}"))
    modules = layout.qr_modules(layout.qr_text(expansion, seed, date))
    qx, qy = (mm(v) for v in layout.qr_place())
    q = mm(layout.QR_MM) / len(modules)
    dark = [(r, c) for r, row in enumerate(modules) for c, on in enumerate(row) if on]
    items.append(Group(tuple(Rect(qx + c * q, qy + r * q, w * q, q, black) for r, c, w in _row_runs(dark)),
                       id="photo-qr"))
    return Group(tuple(items), id="photo-marks")


def _row_runs(cells) -> list[tuple[int, int, int]]:
    """Dark cells as horizontal runs (row, first column, length): fewer, seamless rectangles."""
    runs: list[list[int]] = []
    for r, c in sorted(cells):
        if runs and runs[-1][0] == r and runs[-1][1] + runs[-1][2] == c:
            runs[-1][2] += 1
        else:
            runs.append([r, c, 1])
    return [(r, c, w) for r, c, w in runs]


# --------------------------------------------------------------------------- page


def sheet_page(spec: SheetSpec, dice: DiceSpec, *, variant: str, sheet: Paper, lang: str = "en",
               track: Sequence[TrackRound] | None = None, stamp: str | None = None,
               detail: str | None = None, page: int = 1, pages: int = 1, seed: int | None = None,
               date: str | None = None) -> Page:
    """One board sheet. ``track`` (rounds of faces) turns it into a sheet for tonight; ``seed`` and
    ``date`` go into the photo QR code."""
    check_lang(lang)
    v = spec.variant(variant)
    area = usable_area(sheet)
    if area.w < BLOCK_W - 0.01 or area.h < BLOCK_H - 0.01:
        from railprint.errors import RailprintError

        raise RailprintError(f"the sheet needs {BLOCK_W / mm(1):.0f} x {BLOCK_H / mm(1):.0f} mm inside the margins; "
                             f"{sheet.name} offers {area.w / mm(1):.0f} x {area.h / mm(1):.0f} mm")
    ox, oy = _block_origin(sheet)
    items: list[Item] = list(_header(spec, variant, lang, stamp))
    top = mm(13)
    items.append(Group((_specials(spec, lang, mm(112)),), transform=translate(0, top)))
    items.append(Group((_network_table(spec, lang),), transform=translate(BLOCK_W - mm(84), top)))
    grid_top = GRID_TOP
    grid, grid_w, grid_h = _grid(spec, variant, lang)
    items.append(Group((grid,), transform=translate(0, grid_top)))
    marks = _photo_marks(spec, v.expansion, seed, date)
    if marks is not None:
        items.append(Group((marks,), transform=translate(LABEL_M, grid_top + LABEL_M)))
    col_x = grid_w + mm(4)
    board_top = grid_top + mm(10)
    board_h = spec.grid.rows * spec.grid.square
    items.append(Group((_score_boxes(spec, lang, BLOCK_W - col_x, board_h),), transform=translate(col_x, board_top)))
    band_top = grid_top + grid_h + mm(3)
    band_h = BLOCK_H - band_top
    legend_w = mm(38) if v.expansion != "none" else 0.0
    main_w = BLOCK_W - legend_w - (mm(4) if legend_w else 0)
    if track is not None:
        band = _round_track(spec, lang, track, main_w, band_h)
    else:
        band = _dice_reference(spec, dice, lang, v.rounds, main_w, band_h)
    items.append(Group((band,), transform=translate(0, band_top)))
    if legend_w:
        items.append(Group((_legend(spec, dice, v.expansion, lang, legend_w),), transform=translate(BLOCK_W - legend_w, band_top)))
    title = f"{spec.label('game', lang)} — {spec.label('sheet', lang)} ({v.name.get(lang)})"
    foot = furniture(sheet, title=title, detail=detail or revision_label(spec.revision, lang), page=page, pages=pages, lang=lang)
    body = Group(tuple(items), transform=translate(ox, oy), id="sheet")
    return Page(sheet.width, sheet.height, (body, foot), label=f"{variant} {sheet.name}")


def _block_origin(sheet: Paper) -> tuple[float, float]:
    area = usable_area(sheet)
    return area.x + (area.w - BLOCK_W) / 2, area.y + (area.h - BLOCK_H) / 2


def grid_origin(sheet: Paper) -> tuple[float, float]:
    """The top-left corner of the 7 x 7 squares on the page, in points (the photo layout's origin)."""
    ox, oy = _block_origin(sheet)
    return ox + LABEL_M, oy + GRID_TOP + LABEL_M


def _resolve(spec: SheetSpec | str | Path | None) -> tuple[SheetSpec, DiceSpec]:
    if isinstance(spec, SheetSpec):
        return spec, dice_for_sheet(None, spec)
    sheet = load_sheet(spec)
    return sheet, dice_for_sheet(spec, sheet)


def build_sheets(spec: SheetSpec | str | Path | None = None, *, paper: str = "a4", lang: str = "en",
                 variants: Sequence[str] | None = None) -> Document:
    """``railprint render`` builder: blank board sheets, one page per variant (base, meteor, lava)."""
    check_lang(lang)
    sheet_spec, dice = _resolve(spec)
    keys = list(variants) if variants else list(sheet_spec.variants)
    sheet = get_paper(paper)
    pages = tuple(sheet_page(sheet_spec, dice, variant=key, sheet=sheet, lang=lang, page=i + 1, pages=len(keys),
                             detail=f"{sheet_spec.id} {revision_label(sheet_spec.revision, lang)} · {sheet.name}")
                  for i, key in enumerate(keys))
    return Document(pages, title=sheet_spec.title.get(lang), subject="railprint: Railroad Ink board sheets")


def render_sheets(path: Path, options) -> Document:
    """``railprint render`` adapter (``BUILDERS["sheet"]``): ``build_sheets`` with the render options."""
    return build_sheets(path, paper=options.paper, lang=options.lang)
