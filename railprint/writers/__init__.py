"""Writers turn a scene Document into bytes. ``save`` picks one by the file extension and
writes atomically (temporary file in the same folder, then rename), so a failed render never
leaves a half-written file behind."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from railprint.errors import RailprintError
from railprint.fonts import check_glyphs
from railprint.scene import Document, texts


def _pdf(doc: Document) -> list[bytes]:
    from railprint.writers import pdf

    return [pdf.to_bytes(doc)]


def _svg(doc: Document) -> list[bytes]:
    from railprint.writers import svg

    charset = svg.used_chars(doc.pages)
    return [svg.page_to_string(page, doc.title, charset).encode("utf-8") for page in doc.pages]


def _txt(doc: Document) -> list[bytes]:
    return [to_text(doc).encode("utf-8")]


WRITERS = {".pdf": _pdf, ".svg": _svg, ".txt": _txt}
FORMATS = tuple(ext.lstrip(".") for ext in WRITERS)


def to_text(doc: Document) -> str:
    from railprint.writers.text import to_text as dump

    return dump(doc)


def check_document_glyphs(doc: Document) -> None:
    """Refuse to draw a string the embedded font cannot show (reportlab would draw boxes)."""
    problems = []
    for text in dict.fromkeys(texts(doc)):
        missing = check_glyphs(text)
        if missing:
            problems.append(f"{text!r} uses {''.join(missing)!r}")
    if problems:
        raise RailprintError("the font has no glyph for: " + "; ".join(problems[:10]),
                             hint="use other characters or a font that has them")


def render(doc: Document, fmt: str) -> list[bytes]:
    """The encoded files for ``doc`` in format ``fmt`` (pdf: one file; svg: one per page)."""
    ext = "." + fmt.lower().lstrip(".")
    if ext not in WRITERS:
        raise RailprintError(f"unknown output format {fmt!r}", hint="known formats: " + ", ".join(FORMATS))
    if not doc.pages:
        raise RailprintError("nothing to write: the document has no pages")
    check_document_glyphs(doc)
    return WRITERS[ext](doc)


def write_atomic(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def save(doc: Document, path: str | Path) -> list[Path]:
    """Write ``doc`` to ``path`` in the format its extension names. A multi-page document saved
    as SVG becomes ``name-01.svg``, ``name-02.svg``, …. Returns the files written."""
    path = Path(path)
    blobs = render(doc, path.suffix or "none")
    if len(blobs) == 1:
        targets = [path]
    else:
        width = max(2, len(str(len(blobs))))
        targets = [path.with_name(f"{path.stem}-{i:0{width}d}{path.suffix}") for i in range(1, len(blobs) + 1)]
    for target, blob in zip(targets, blobs):
        write_atomic(target, blob)
    return targets
