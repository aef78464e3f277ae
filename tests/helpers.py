"""Shared test helpers: read PDFs back."""

from __future__ import annotations

import io
import os

from railprint.units import to_mm

# The default run is the quick one: every property test runs a third of the examples it names
# (at least 10) and the fuzz targets half their mutations. RAILPRINT_LONG_TESTS=1 runs every
# count in full (docs/performance.md, "The test suite").
LONG_TESTS = os.environ.get("RAILPRINT_LONG_TESTS", "") not in ("", "0")
QUICK_SHARE = 3


def quick_count(n: int) -> int:
    """How many of ``n`` random cases a property test runs: all in the long run, else a third
    (at least 10)."""
    return n if LONG_TESTS else min(n, max(10, n // QUICK_SHARE))


_PAGES: dict[bytes, list] = {}


def pdf_pages(data: bytes):
    """(width_mm, height_mm, rects, lines, text) for every page of a PDF (pdfplumber). A PDF
    read before in this process is not parsed again (the last 16 are kept, by content): callers
    must not change what they get."""
    import hashlib

    import pdfplumber

    key = hashlib.sha256(data).digest()
    if key in _PAGES:
        return _PAGES[key]
    out = []
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for page in pdf.pages:
            out.append((to_mm(page.width), to_mm(page.height), page.rects, page.lines,
                        page.extract_text() or ""))
    if len(_PAGES) >= 16:
        del _PAGES[next(iter(_PAGES))]
    _PAGES[key] = out
    return out


def pdfium_pages(data: bytes):
    """Every page of a PDF as a pdfium page, in order; the document is closed afterwards."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(data)
    try:
        for number in range(len(pdf)):
            yield pdf[number]
    finally:
        pdf.close()


def pdf_texts(data: bytes) -> list[str]:
    """The text of every page of a PDF, read by pdfium (lines end in ``\\n``): some 50 times
    faster than pdfplumber, which also parses every drawing; use it where only text matters."""
    return [text for _w, _h, text in pdf_text_pages(data)]


def pdf_text_pages(data: bytes) -> list[tuple[float, float, str]]:
    """(width_mm, height_mm, text) of every page of a PDF, read by pdfium (see ``pdf_texts``)."""
    out = []
    for page in pdfium_pages(data):
        w, h = page.get_size()
        out.append((to_mm(w), to_mm(h), page.get_textpage().get_text_range().replace("\r\n", "\n")))
    return out


def pdf_char_sizes(data: bytes) -> list[tuple[int, str, float]]:
    """(page number, character, printed size in points) of every visible character of a PDF,
    read by pdfium: the font size times the scale of the character's matrix, so text in a
    scaled or turned drawing counts at the size it prints (pdfplumber's ``chars`` give the same
    sizes some 50 times slower)."""
    import math

    import pypdfium2.raw as raw

    out = []
    matrix = raw.FS_MATRIX()
    for number, page in enumerate(pdfium_pages(data), 1):
        text = page.get_textpage()
        for i in range(text.count_chars()):
            ch = chr(raw.FPDFText_GetUnicode(text, i))
            if not ch.strip():
                continue
            raw.FPDFText_GetMatrix(text, i, matrix)
            scale = math.sqrt(abs(matrix.a * matrix.d - matrix.b * matrix.c))
            out.append((number, ch, raw.FPDFText_GetFontSize(text, i) * scale))
    return out


def bleed_boxes(rects, w_mm: float, h_mm: float, tol: float = 0.1):
    """Rects of exactly the bleed-box size (the card backgrounds), as (x, top) in mm."""
    return sorted({(round(to_mm(r["x0"]), 2), round(to_mm(r["top"]), 2)) for r in rects
                  if abs(to_mm(r["width"]) - w_mm) < tol and abs(to_mm(r["height"]) - h_mm) < tol})


def assert_points_close(actual, expected, tol: float = 0.05) -> None:
    """Two lists of (x, y) points agree within ``tol`` (mm), in order."""
    assert len(actual) == len(expected), (actual, expected)
    for (ax, ay), (ex, ey) in zip(actual, expected):
        assert abs(ax - ex) <= tol and abs(ay - ey) <= tol, (actual, expected)


def run_cli(*args: str):
    """``railprint ARGS`` through typer's test runner (stdout and stderr kept apart)."""
    from typer.testing import CliRunner

    from railprint.cli import app

    return CliRunner().invoke(app, list(args))


def cli_stdout(*args: str) -> str:
    """stdout of a ``railprint ARGS`` run that must succeed."""
    result = run_cli(*args)
    assert result.exit_code == 0, result.output
    return result.stdout



PRINTABLE_MARGIN = 6.35  # mm: home printers leave the outer ¼ in of US Letter unprinted


def _pdfium_paths(page):
    """Every painted path of a pdfium page, inside forms too: (subpaths, stroke width), each
    subpath the list of its points (control points too) in PDF space."""
    import ctypes

    import pypdfium2.raw as raw

    def matrix(obj):
        m = raw.FS_MATRIX()
        raw.FPDFPageObj_GetMatrix(obj, m)
        return m.a, m.b, m.c, m.d, m.e, m.f

    def then(m, n):   # m, then n
        a, b, c, d, e, f = m
        A, B, C, D, E, F = n
        return a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F

    x, y, width = ctypes.c_float(), ctypes.c_float(), ctypes.c_float()

    def walk(objects, outer):
        for obj in objects:
            kind = raw.FPDFPageObj_GetType(obj)
            if kind == raw.FPDF_PAGEOBJ_FORM:
                yield from walk([raw.FPDFFormObj_GetObject(obj, i) for i in range(raw.FPDFFormObj_CountObjects(obj))],
                                then(matrix(obj), outer))
            elif kind == raw.FPDF_PAGEOBJ_PATH and raw.FPDFPath_CountSegments(obj):
                a, b, c, d, e, f = then(matrix(obj), outer)
                subpaths = []
                for i in range(raw.FPDFPath_CountSegments(obj)):
                    segment = raw.FPDFPath_GetPathSegment(obj, i)
                    raw.FPDFPathSegment_GetPoint(segment, x, y)
                    point = (a * x.value + c * y.value + e, b * x.value + d * y.value + f,
                             raw.FPDFPathSegment_GetType(segment))
                    if point[2] == raw.FPDF_SEGMENT_MOVETO or not subpaths:
                        subpaths.append([])
                    subpaths[-1].append(point)
                raw.FPDFPageObj_GetStrokeWidth(obj, width)
                yield subpaths, width.value

    return walk([raw.FPDFPage_GetObject(page, i) for i in range(raw.FPDFPage_CountObjects(page))], (1, 0, 0, 1, 0, 0))


def _axis_rect(points: list) -> tuple[float, float, float, float] | None:
    """(left, right, low, high) of a pdfium subpath that is a closed axis-aligned rectangle
    (a move and four straight sides), else None."""
    import pypdfium2.raw as raw

    if len(points) != 5 or any(t != raw.FPDF_SEGMENT_LINETO for *_, t in points[1:]):
        return None
    (x0, y0, _), (x1, y1, _), (x2, y2, _), (x3, y3, _), (x4, y4, _) = points
    if (x4, y4) != (x0, y0) or not ((x0 == x1 and y1 == y2 and x2 == x3 and y3 == y0)
                                    or (y0 == y1 and x1 == x2 and y2 == y3 and x3 == x0)):
        return None
    return min(x0, x2), max(x0, x2), min(y0, y2), max(y0, y2)


def pdf_rects(data: bytes) -> list[tuple[float, float, list[dict]]]:
    """(width_mm, height_mm, rects) of every page of a PDF, the rectangles as pdfplumber gives
    them (``x0``, ``x1``, ``top``, ``bottom``, ``width``, ``height`` in points; a closed path of
    four axis-aligned sides, inside forms too), read by pdfium some 10 times faster. Over every
    shipped PDF the rectangles are pdfplumber's."""
    out = []
    for page in pdfium_pages(data):
        w, h = page.get_size()
        rects = []
        for subpaths, _ in _pdfium_paths(page):
            for points in subpaths:
                box = _axis_rect(points)
                if box is None:
                    continue
                left, right, low, high = box
                rects.append({"x0": left, "x1": right, "top": h - high, "bottom": h - low,
                              "width": right - left, "height": high - low})
        out.append((to_mm(w), to_mm(h), rects))
    return out


def pdf_curves(data: bytes) -> list[list[dict]]:
    """The curves of every page of a PDF as pdfplumber gives them (every painted subpath that is
    neither a straight line nor an axis-aligned rectangle, inside forms too; its box holds the
    points the path passes through, not Bézier control points; ``x0``, ``x1``, ``top``,
    ``bottom``, ``width``, ``height``, ``linewidth`` in points), read by pdfium."""
    import pypdfium2.raw as raw

    out = []
    for page in pdfium_pages(data):
        _, h = page.get_size()
        curves = []
        for subpaths, linewidth in _pdfium_paths(page):
            for points in subpaths:
                kinds = [t for *_, t in points[1:]]
                if all(t == raw.FPDF_SEGMENT_LINETO for t in kinds) and (
                        len(points) == 2 or _axis_rect(points) is not None):
                    continue   # a line or a rectangle
                ends, run = [points[0]], 0
                for point in points[1:]:   # a Bézier is three points, the last its end
                    run = run + 1 if point[2] == raw.FPDF_SEGMENT_BEZIERTO else 0
                    if run % 3 == 0:
                        ends.append(point)
                xs, ys = [p[0] for p in ends], [p[1] for p in ends]
                curves.append({"x0": min(xs), "x1": max(xs), "top": h - max(ys), "bottom": h - min(ys),
                               "width": max(xs) - min(xs), "height": max(ys) - min(ys), "linewidth": linewidth})
        out.append(curves)
    return out


def _char_boxes(page):
    """(x0, y0, x1, y1, character) of every character of a pdfium page drawn by a text object,
    in PDF space: pdfplumber's box (pdfminer's), the advance wide and one em high from the font's
    descent, through the character's matrix."""
    import ctypes

    import pypdfium2.raw as raw

    text = page.get_textpage()
    m, ox, oy = raw.FS_MATRIX(), ctypes.c_double(), ctypes.c_double()
    width, descent, size = ctypes.c_float(), ctypes.c_float(), ctypes.c_float()
    for i in range(raw.FPDFText_CountChars(text)):
        obj = raw.FPDFText_GetTextObject(text, i)
        if not obj:   # a space or line break pdfium made up
            continue
        raw.FPDFText_GetMatrix(text, i, m)
        raw.FPDFText_GetCharOrigin(text, i, ox, oy)
        raw.FPDFTextObj_GetFontSize(obj, size)
        font = raw.FPDFTextObj_GetFont(obj)
        code = raw.FPDFText_GetUnicode(text, i)
        raw.FPDFFont_GetGlyphWidth(font, code, size.value, width)
        raw.FPDFFont_GetDescent(font, size.value, descent)
        corners = [(u, descent.value + v) for u in (0, width.value) for v in (0, size.value)]
        xs = [ox.value + m.a * u + m.c * v for u, v in corners]
        ys = [oy.value + m.b * u + m.d * v for u, v in corners]
        yield min(xs), min(ys), max(xs), max(ys), chr(code)


def pdf_chars_and_lines(data: bytes) -> list[tuple[list[dict], list[dict]]]:
    """(chars, lines) of every page of a PDF as pdfplumber gives them, read by pdfium (inside
    forms too): chars with ``text``, ``x0``, ``x1``, ``top``, ``bottom`` and ``size`` (the height
    of the character's box, pdfminer's size of horizontal text); lines (every painted subpath of
    two points) with ``x0``, ``x1``, ``y0``, ``y1``, ``top``, ``bottom`` — in points. Over every
    shipped PDF on both papers the footers they give are pdfplumber's (tests/layout/test_footer_clear.py)."""
    out = []
    for page in pdfium_pages(data):
        _, h = page.get_size()
        chars = [{"text": ch, "x0": x0, "x1": x1, "top": h - y1, "bottom": h - y0, "size": y1 - y0}
                 for x0, y0, x1, y1, ch in _char_boxes(page)]
        lines = []
        for subpaths, _ in _pdfium_paths(page):
            for points in subpaths:
                if len(points) == 2:
                    (xa, ya, _), (xb, yb, _) = points
                    lines.append({"x0": min(xa, xb), "x1": max(xa, xb), "y0": min(ya, yb), "y1": max(ya, yb),
                                  "top": h - max(ya, yb), "bottom": h - min(ya, yb)})
        out.append((chars, lines))
    return out


def objects_near_edge(data: bytes, limit: float = PRINTABLE_MARGIN):
    """Every character and drawn path (line, rectangle, curve) of a PDF, inside forms too,
    closer than ``limit`` mm to the paper edge (clipping ignored), as (page, kind, distance mm).

    Read by pdfium with pdfplumber's geometry, some 6 times faster: a path's box holds its
    points (control points too, stroke width not counted); a character's box is its advance
    wide and one em high from the font's descent, through the character's matrix. Over every
    shipped PDF on both papers the nearest character and path of each page lie where
    pdfplumber puts them (within 0.02 mm)."""
    def path_boxes(page):
        for subpaths, _ in _pdfium_paths(page):
            xs = [p[0] for points in subpaths for p in points]
            ys = [p[1] for points in subpaths for p in points]
            yield min(xs), min(ys), max(xs), max(ys)

    found = []
    for number, page in enumerate(pdfium_pages(data), 1):
        w, h = page.get_size()
        chars = ((x0, y0, x1, y1) for x0, y0, x1, y1, _ in _char_boxes(page))
        for kind, boxes in (("chars", chars), ("paths", path_boxes(page))):
            for x0, y0, x1, y1 in boxes:
                d = to_mm(min(x0, y0, w - x1, h - y1))
                if d < limit - 0.01:
                    found.append((number, kind, round(d, 2)))
    return found


def ink_near_edge(data: bytes, limit: float = PRINTABLE_MARGIN, dpi: int = 100):
    """Pages (1-based) of a PDF that put any ink closer than ``limit`` mm to the paper edge, with
    the distance found: the page is rasterised, so clipping (board tiles) counts as it prints."""
    found = []
    px_mm = 25.4 / dpi
    for number, page in enumerate(pdfium_pages(data), 1):
        image = page.render(scale=dpi / 72, grayscale=True).to_pil().convert("L")
        box = image.point(lambda v: 255 if v < 250 else 0).getbbox()   # where the ink is
        if box is None:
            continue
        w, h = image.size
        nearest = min(box[0], box[1], w - box[2], h - box[3])
        if nearest < int(limit / px_mm) - 1:  # whole pixels, one spare for antialiasing
            found.append((number, round(nearest * px_mm, 2)))
    return found


def generated_ttr_map(seed: int = 1):
    """The deterministic 100-route Ticket to Ride map of ``benchmarks/ttr_generated_map.py``,
    read through the map loader (as a user's map file is)."""
    import importlib.util
    from pathlib import Path

    from railprint.games.ticket_to_ride.maps import parse_map
    from railprint.loading.yamlio import loads

    path = Path(__file__).resolve().parents[1] / "benchmarks" / "ttr_generated_map.py"
    spec = importlib.util.spec_from_file_location("ttr_generated_map", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    name = f"generated-{seed}.yaml"
    return parse_map(loads(module.generated_map(seed), name), name)


def ttr_map(name: str):
    """A shipped Ticket to Ride map by id, or ``generated`` (the 100-route test map)."""
    from railprint.games.ticket_to_ride.maps import load_map

    return generated_ttr_map() if name == "generated" else load_map(name)
