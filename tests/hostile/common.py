"""Helpers for the hostile-input tests: a small deck file and a CLI run in a sandbox folder."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from railprint.cli import app

LOCATED = re.compile(r"\.yaml:\d+:\d+: ")


def deck(*, id: str = "d", game: str = "g", size: str = "poker", count: str = "1",
         layer: str = "{type: text, text: '{name}', x: 2mm, y: 8mm}", title: str = "{en: T}",
         extra: str = "") -> str:
    return (f"kind: deck\nid: {id}\ngame: {game}\ntitle: {title}\nsize: {size}\n{extra}"
            f"cards:\n  - {{template: t, count: {count}, vars: {{name: X}}}}\n"
            f"templates:\n  t:\n    layers:\n      - {layer}\n")


def write(folder: Path, files: dict[str, str]) -> Path:
    """Content files under ``folder/content/g/``; returns the content folder."""
    content = folder / "content"
    (content / "g").mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (content / "g" / name).write_text(text, encoding="utf-8")
    return content


def run(*args: str):
    return CliRunner().invoke(app, list(args))


def files_under(folder: Path) -> set[Path]:
    return {p for p in folder.rglob("*") if p.is_file()} if folder.exists() else set()


def assert_clean_failure(result, out: Path) -> None:
    """Exit 1, one located error message, no traceback, nothing written."""
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    assert result.stderr.startswith("Error: ")
    assert LOCATED.search(result.stderr), result.stderr
    assert not files_under(out)
