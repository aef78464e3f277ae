"""Writers turn a scene Document into bytes. ``save`` picks one by the file extension and
writes atomically (every file of a run staged in a hidden folder inside the output folder, then
published as one unit by :mod:`railprint.writers.publish`), so a failed, interrupted or killed
run never leaves a half-written file or a mix of old and new."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Callable

from railprint.errors import RailprintError
from railprint.text.fonts import check_glyphs, refuse_missing_glyphs
from railprint.loading.paths import is_inside
from railprint.scene import Document, Group, Text


def _pdf(doc: Document, paint=None) -> list[bytes]:
    from railprint.writers import pdf

    return [pdf.to_bytes(doc, paint)]


def _svg(doc: Document, extra: dict[str, str] | None = None) -> list[bytes]:
    from railprint.writers import svg

    charset = svg.used_chars(doc.pages)
    own = dict(charset) if len(doc.pages) == 1 else None   # the one page's own characters: read once
    for face, chars in (extra or {}).items():
        if face in charset:
            charset[face] = "".join(sorted(set(charset[face]) | set(chars)))
    return [svg.page_to_bytes(page, doc.title, charset, own) for page in doc.pages]


def font_chars(doc: Document) -> dict[str, str]:
    """The characters ``doc`` draws in each font face (an SVG embeds a subset of each face for them)."""
    from railprint.writers import svg

    return svg.used_chars(doc.pages)


def _txt(doc: Document) -> list[bytes]:
    return [to_text(doc).encode("utf-8")]


WRITERS = {".pdf": _pdf, ".svg": _svg, ".txt": _txt}
FORMATS = tuple(ext.lstrip(".") for ext in WRITERS)


def to_text(doc: Document) -> str:
    from railprint.writers.text import to_text as dump

    return dump(doc)


def check_document_glyphs(doc: Document) -> None:
    """Refuse to draw a string the embedded font cannot show (reportlab would draw boxes). The
    characters each face draws are looked at together (those the SVG writer works out for the
    font subsets: a page's and a kept group's once); only when one is missing are the strings
    walked, to name them."""
    from railprint.writers import svg

    if not any(check_glyphs(chars, face) for face, chars in svg.used_chars(doc.pages).items()):
        return
    drawn: dict[tuple[str, str], None] = {}
    seen: set[int] = set()
    stack = [iter(page.items) for page in reversed(doc.pages)]
    while stack:
        for item in stack[-1]:
            kind = type(item)
            if kind is Text:
                drawn[(item.text, item.font)] = None
            elif kind is Group and id(item) not in seen:
                seen.add(id(item))
                stack.append(iter(item.items))
                break
        else:
            stack.pop()
    refuse_missing_glyphs(drawn)


def render(doc: Document, fmt: str, *, paint=None, charset: dict[str, str] | None = None) -> list[bytes]:
    """The encoded files for ``doc`` in format ``fmt`` (pdf: one file; svg: one per page).
    ``paint``: a print shop's colour handling for PDF (:class:`railprint.writers.shop.ShopPaint`).
    ``charset`` (SVG; face -> characters): embed each face's subset with these characters too —
    one who draws many versions of a picture passes every character seen so far, so the subset
    (the slow part: hundreds of ms) stays the same and is made once."""
    ext = "." + fmt.lower().lstrip(".")
    if ext not in WRITERS:
        raise RailprintError(f"unknown output format {fmt!r}", hint="known formats: " + ", ".join(FORMATS))
    if not doc.pages:
        raise RailprintError("nothing to write: the document has no pages")
    if ext != ".pdf":
        check_document_glyphs(doc)  # the PDF writer checks each string as it first sets it
    if paint is not None:
        if ext != ".pdf":
            raise RailprintError("print-shop output (--shop) is a PDF", hint="use --format pdf")
        return _pdf(doc, paint)
    if ext == ".svg" and charset:
        return _svg(doc, charset)
    return WRITERS[ext](doc)


def _umask() -> int:
    current = os.umask(0o022)
    os.umask(current)
    return current


def _mode_for(target: Path) -> int:
    """Permissions of a file about to replace ``target``: an existing regular file keeps its
    own; a new file (or one replacing a symlink) gets 0666 minus the umask, like any Unix tool."""
    try:
        info = os.lstat(target)
    except OSError:
        info = None
    if info is not None and stat.S_ISREG(info.st_mode):
        return stat.S_IMODE(info.st_mode)
    return 0o666 & ~_umask()


def _write_file(path: Path, data: bytes, shown: Path) -> None:
    """Write ``data`` to a new file ``path``; an OSError names ``shown`` (the real output name)."""
    try:
        with open(path, "xb") as handle:
            handle.write(data)
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror, str(shown)) from None


def _plain_relative(rel: Path) -> None:
    if rel.is_absolute() or any(part in ("", ".", "..") for part in rel.parts) or not rel.parts:
        raise RailprintError(f"refusing to write {str(rel)!r}: not a plain path inside the output folder")


def _check_folder_above(out: Path, targets: list[Path], make_folder: bool) -> None:
    """Refuse a missing folder railprint should not make: a named file's folder, or the folder
    above a missing ``-o`` folder."""
    missing = out.parent if make_folder else out
    if make_folder and missing.is_dir():
        return
    what = f"the output folder {out}" if make_folder else (str(targets[0]) if targets else str(out))
    if missing.exists():
        raise RailprintError(f"cannot write {what}: {missing} is a file, not a folder",
                             hint="choose another path")
    raise RailprintError(f"cannot write {what}: the folder {missing} does not exist",
                         hint="make that folder first, or choose another path")


def check_output_folder(out: str | Path) -> None:
    """The checks :func:`write_files` makes on an ``-o`` folder, made before a long run starts (a
    typo in ``-o`` is said at once, not after every sheet is rendered)."""
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise RailprintError(f"the output folder {out} is a file", hint="give -o a folder: a new one is made")
    if not out.is_dir():
        _check_folder_above(out, [], True)


def write_files(out: str | Path, files: list[tuple[Path, bytes | Callable[[], bytes]]], *,
                remove: list[Path] = (), make_folder: bool = True) -> list[Path]:
    """Write every ``(relative path, bytes)`` into folder ``out`` as one unit, and remove the
    files ``remove`` names (stale outputs this run replaces) in the same unit. The bytes may be
    a function returning them, called in order when that file is written (image exports: one
    face in memory at a time).

    ``out`` itself is made when missing and ``make_folder`` (an ``-o`` folder), never the folders
    above it: a typo in a path is an error, not a new tree of folders. A file the user names
    (``--picture``, ``sheet -o``: ``make_folder=False``) needs its folder to exist.

    All files are first written to a hidden staging folder inside ``out``, then published all
    at once (:mod:`railprint.writers.publish`): every target is checked before the first
    rename, replaced files are backed up and restored if anything fails or a signal arrives,
    and a run killed mid-way is rolled back by the next run writing into ``out``. So a run
    that fails half-way (disk full, file-size limit, an error, Ctrl-C, kill) leaves the
    previous complete set and no temporary files. A final path that is not inside ``out``
    (``..``, an absolute name, a symlinked sub-folder leading away) is refused before anything
    is written. An output path that is itself a symlink is replaced by a regular file (the
    link's target is never written through). Errors name output files, never staging names.
    """
    from railprint.writers import publish

    out = Path(out)
    targets = []
    for rel in [Path(rel) for rel, _ in files] + [Path(rel) for rel in remove]:
        _plain_relative(rel)
        if not is_inside(out, out / rel.parent):
            raise RailprintError(f"refusing to write {out / rel}: it is not inside the output folder {out}",
                                 hint="a sub-folder of the output folder is a symlink leading elsewhere")
        targets.append(out / rel)
    if len(set(targets)) != len(targets):
        raise RailprintError("two outputs of one run have the same file name")
    if make_folder:
        check_output_folder(out)
    elif not out.is_dir():
        _check_folder_above(out, targets, make_folder)
    try:
        out.mkdir(exist_ok=True)
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror, str(out)) from None
    publish.recovered(out)
    publish.check_targets(out, targets)
    removals = {out / Path(rel) for rel in remove}
    stage = publish.Stage(out)
    try:
        entries = []
        written = iter(files)
        for index, target in enumerate(targets):
            backup = f"old-{index:05d}"
            if target in removals:
                if os.path.lexists(target) and not os.path.isdir(target):
                    entries.append(publish.Entry(str(target.relative_to(out)), None, backup))
                continue
            _, data = next(written)
            if callable(data):
                data = data()
            tmp = stage.path / f"new-{index:05d}"
            _write_file(tmp, data, target)
            os.chmod(tmp, _mode_for(target))
            entries.append(publish.Entry(str(target.relative_to(out)), tmp.name, backup, os.lstat(tmp).st_ino))
        publish.publish(out, stage, entries)
    except publish._Interrupted:  # the signal's handler returned instead of ending the run
        raise RailprintError(f"interrupted: nothing was written to {out}; the previous files are kept") from None
    finally:
        stage.close()
    return [t for t in targets if t not in removals]


SAVE_FORMATS = ("pdf", "svg")  # files a user names (-o, --picture); the txt dump is for tests (to_text)


def save(doc: Document, path: str | Path) -> list[Path]:
    """Write ``doc`` to ``path`` in the format its extension names (pdf or svg). A multi-page
    document saved as SVG becomes ``name-01.svg``, ``name-02.svg``, … and, in the same
    all-or-nothing publication, removes what an earlier save to that name left that would now
    pretend to be current: ``name.svg`` itself, and pages numbered past the new last one
    (``name-03.svg``, ``name-04.svg``, … while they follow on). Returns the files written."""
    path = Path(path)
    fmt = path.suffix.lower().lstrip(".")
    if path.is_dir():
        raise RailprintError(f"{path} is a folder", hint=f"give a file name, e.g. {path / ('x.' + (fmt or 'pdf'))}")
    if fmt not in SAVE_FORMATS:
        raise RailprintError(f"unknown output format {path.suffix or path.name!r} for {path}",
                             hint="known formats: " + ", ".join(SAVE_FORMATS))
    blobs = render(doc, fmt)
    stale: list[Path] = []
    if len(blobs) == 1:
        targets = [path]
    else:
        width = max(2, len(str(len(blobs))))
        page = lambda i: path.with_name(f"{path.stem}-{i:0{width}d}{path.suffix}")  # noqa: E731
        targets = [page(i) for i in range(1, len(blobs) + 1)]
        stale = [path] if path.is_file() and not path.is_symlink() else []
        number = len(blobs) + 1
        while page(number).is_file() and not page(number).is_symlink():
            stale.append(page(number))
            number += 1
    return write_files(path.parent, [(Path(t.name), blob) for t, blob in zip(targets, blobs)],
                       remove=[Path(p.name) for p in stale],
                       make_folder=path.parent == Path("output"))   # the commands' default folder is made
