"""Shared test helpers: read PDFs back."""

from __future__ import annotations

import io

import pdfplumber

from railprint.units import to_mm


def pdf_pages(data: bytes):
    """(width_mm, height_mm, rects, lines, text) for every page of a PDF."""
    out = []
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for page in pdf.pages:
            out.append((to_mm(page.width), to_mm(page.height), page.rects, page.lines,
                        page.extract_text() or ""))
    return out


def pdf_texts(data: bytes) -> list[str]:
    """The text of every page of a PDF, read by pdfium (lines end in ``\\n``): some 50 times
    faster than pdfplumber, which also parses every drawing; use it where only text matters."""
    return [text for _w, _h, text in pdf_text_pages(data)]


def pdf_text_pages(data: bytes) -> list[tuple[float, float, str]]:
    """(width_mm, height_mm, text) of every page of a PDF, read by pdfium (see ``pdf_texts``)."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(data)
    try:
        out = []
        for i in range(len(pdf)):
            page = pdf[i]
            w, h = page.get_size()
            out.append((to_mm(w), to_mm(h), page.get_textpage().get_text_range().replace("\r\n", "\n")))
        return out
    finally:
        pdf.close()


def pdf_char_sizes(data: bytes) -> list[tuple[int, str, float]]:
    """(page number, character, printed size in points) of every visible character of a PDF,
    read by pdfium: the font size times the scale of the character's matrix, so text in a
    scaled or turned drawing counts at the size it prints (pdfplumber's ``chars`` give the same
    sizes some 50 times slower)."""
    import math

    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    pdf = pdfium.PdfDocument(data)
    try:
        out = []
        matrix = raw.FS_MATRIX()
        for number in range(len(pdf)):
            text = pdf[number].get_textpage()
            for i in range(text.count_chars()):
                ch = chr(raw.FPDFText_GetUnicode(text, i))
                if not ch.strip():
                    continue
                raw.FPDFText_GetMatrix(text, i, matrix)
                scale = math.sqrt(abs(matrix.a * matrix.d - matrix.b * matrix.c))
                out.append((number + 1, ch, raw.FPDFText_GetFontSize(text, i) * scale))
        return out
    finally:
        pdf.close()


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


def objects_near_edge(data: bytes, limit: float = PRINTABLE_MARGIN):
    """Every character, line, rectangle and curve of a PDF (pdfplumber objects, clipping
    ignored) closer than ``limit`` mm to the paper edge, as (page, kind, distance mm)."""
    found = []
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for number, page in enumerate(pdf.pages, 1):
            for kind in ("chars", "lines", "rects", "curves"):
                for o in getattr(page, kind):
                    d = to_mm(min(o["x0"], o["top"], page.width - o["x1"], page.height - o["bottom"]))
                    if d < limit - 0.01:
                        found.append((number, kind, round(d, 2)))
    return found


def ink_near_edge(data: bytes, limit: float = PRINTABLE_MARGIN, dpi: int = 100):
    """Pages (1-based) of a PDF that put any ink closer than ``limit`` mm to the paper edge, with
    the distance found: the page is rasterised, so clipping (board tiles) counts as it prints."""
    import pypdfium2 as pdfium

    found = []
    pdf = pdfium.PdfDocument(data)
    px_mm = 25.4 / dpi
    for number in range(len(pdf)):
        image = pdf[number].render(scale=dpi / 72, grayscale=True).to_pil().convert("L")
        box = image.point(lambda v: 255 if v < 250 else 0).getbbox()   # where the ink is
        if box is None:
            continue
        w, h = image.size
        nearest = min(box[0], box[1], w - box[2], h - box[3])
        if nearest < int(limit / px_mm) - 1:  # whole pixels, one spare for antialiasing
            found.append((number + 1, round(nearest * px_mm, 2)))
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
