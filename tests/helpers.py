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
