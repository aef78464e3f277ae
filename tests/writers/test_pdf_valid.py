"""Issue 18, valid PDFs: every resource a content stream uses is defined in that stream's own
resources (pages and form XObjects alike), qpdf and poppler find nothing wrong with any shipped
PDF, pdfium renders every page, and opacity works inside repeated components (forms)."""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from railprint.scene import Document, Group, Page, Rect, Style
from railprint.writers import render

IN_CI = os.environ.get("CI", "").lower() == "true"
STRING = re.compile(rb"\((?:\\.|[^\\)])*\)")  # a literal string (reportlab escapes its parentheses)
USES = re.compile(rb"/([^\s/\[\]()<>{}%]+)\s+(gs|Do|Tf)\b")
KIND = {b"gs": "/ExtGState", b"Do": "/XObject", b"Tf": "/Font"}


def _tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        if IN_CI:
            pytest.fail(f"{name} is not installed: .ci/run installs it (Debian package)")
        pytest.skip(f"{name} is not installed (Debian: apt-get install {'qpdf' if name == 'qpdf' else 'poppler-utils'}); "
                    "CI installs it")
    return path


def _undefined(data: bytes) -> list[str]:
    """Every ``/Name gs|Do|Tf`` of a page or form whose own resources do not define the name."""
    problems = []
    reader = PdfReader(io.BytesIO(data))
    seen = set()

    def check(label, content: bytes, resources) -> None:
        resources = resources.get_object() if resources is not None else {}
        for name, op in USES.findall(STRING.sub(b"()", content)):
            table = resources.get(KIND[op])
            table = table.get_object() if table is not None else {}
            if "/" + name.decode("latin-1") not in table:
                problems.append(f"{label}: /{name.decode('latin-1')} {op.decode()} is not in its resources")
        xobjects = resources.get("/XObject")
        for key, ref in (xobjects.get_object().items() if xobjects is not None else ()):
            form = ref.get_object()
            if form.get("/Subtype") == "/Form" and id(form) not in seen:
                seen.add(id(form))
                check(f"{label} form {key}", form.get_data(), form.get("/Resources"))

    for number, page in enumerate(reader.pages, 1):
        contents = page.get_contents()
        check(f"page {number}", contents.get_data() if contents is not None else b"",
              page.get("/Resources"))
    return problems


def _shipped(shipped_render):
    files = sorted(shipped_render("a4").rglob("*.pdf"))
    assert len(files) >= 30
    return files


def test_every_resource_a_stream_uses_is_defined_where_it_is_used(shipped_render):
    problems = {}
    for path in _shipped(shipped_render):
        found = _undefined(path.read_bytes())
        if found:
            problems[path.name] = found[:3] + [f"… {len(found)} in all"]
    assert problems == {}


def test_qpdf_check_passes_on_every_shipped_pdf(shipped_render):
    qpdf = _tool("qpdf")
    for path in _shipped(shipped_render):
        done = subprocess.run([qpdf, "--check", str(path)], capture_output=True, text=True)
        assert done.returncode == 0, (path.name, done.stdout, done.stderr)
        assert "WARNING" not in done.stdout + done.stderr, (path.name, done.stdout, done.stderr)


def test_poppler_renders_every_shipped_pdf_without_an_error(shipped_render, tmp_path):
    pdftoppm = _tool("pdftoppm")
    for path in _shipped(shipped_render):
        done = subprocess.run([pdftoppm, "-r", "8", "-png", str(path), str(tmp_path / "p")],
                              capture_output=True, text=True)
        assert done.returncode == 0 and done.stderr == "", (path.name, done.stderr[:500])


def test_pdfium_renders_every_page_of_every_shipped_pdf(shipped_render):
    for path in _shipped(shipped_render):
        pdf = pdfium.PdfDocument(path.read_bytes())
        for index in range(len(pdf)):
            image = pdf[index].render(scale=8 / 72).to_pil()
            assert image.getextrema() != ((255, 255), (255, 255), (255, 255)), (path.name, index)


def _pixel(data: bytes, page: int, x: float, y: float) -> tuple[int, int, int]:
    image = pdfium.PdfDocument(data)[page].render(scale=1).to_pil().convert("RGB")
    return image.getpixel((int(x), int(y)))


def test_opacity_works_inside_a_repeated_component():
    """A half-transparent black square inside a group drawn twice (a form XObject) prints grey
    both times; a solid square drawn after a transparent one on the page stays solid, also when
    it sits in a form (a form inherits the state it is drawn in)."""
    half = Group((Rect(0, 0, 20, 20, Style(fill="#000000", opacity=0.5)),))
    solid = Group((Rect(0, 0, 20, 20, Style(fill="#000000")),))
    page = Page(200, 100, (
        Group((half,), transform=(1, 0, 0, 1, 10, 10)),
        Group((half,), transform=(1, 0, 0, 1, 40, 10)),
        Rect(70, 10, 20, 20, Style(fill="#000000", opacity=0.25)),
        Group((solid,), transform=(1, 0, 0, 1, 100, 10)),
        Group((solid,), transform=(1, 0, 0, 1, 130, 10)),
    ))
    data = render(Document((page,)), "pdf")[0]
    assert b"/Subtype /Form" in data  # the repeated groups really are forms
    for x in (20, 50):
        grey = _pixel(data, 0, x, 20)
        assert all(120 <= v <= 136 for v in grey), (x, grey)
    assert all(185 <= v <= 200 for v in _pixel(data, 0, 80, 20))
    for x in (110, 140):
        assert _pixel(data, 0, x, 20) == (0, 0, 0), x
    assert _undefined(data) == []
