"""The railprint command line. The only module that imports typer, and the only error boundary:
a RailprintError becomes ``Error: …`` on stderr and exit code 1; usage errors exit 2.

Heavy modules (reportlab, svgwrite, game packages) are imported inside the commands so that
``railprint --help`` stays fast.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Callable, List, Optional, TypeVar

import typer

from railprint.errors import RailprintError

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Print-and-play components and end-of-game scoring for train board games.",
    context_settings={"help_option_names": ["-h", "--help"]},
)

T = TypeVar("T")


def _fail(message: str) -> "typer.Exit":
    typer.echo(f"Error: {message}", err=True)
    return typer.Exit(1)


def guarded(fn: Callable[[], T]) -> T:
    """Run ``fn``; turn railprint errors (and I/O errors) into a message and exit code 1."""
    try:
        return fn()
    except RailprintError as exc:
        raise _fail(str(exc)) from None
    except OSError as exc:
        where = f"{exc.filename}: " if getattr(exc, "filename", None) else ""
        raise _fail(f"{where}{exc.strerror or exc}") from None


def _echo_data(text: str) -> None:
    sys.stdout.write(text if text.endswith("\n") else text + "\n")


@app.command()
def score(
    game: str = typer.Argument(..., help="Game: railroad-ink or ticket-to-ride."),
    files: List[Path] = typer.Argument(..., help="Board or game files to score."),
    as_json: bool = typer.Option(False, "--json", help="Print the JSON contract instead of tables."),
    strict: bool = typer.Option(False, "--strict", help="Treat rule violations as errors (exit 1)."),
    longest: str = typer.Option("simple", "--longest",
                                help="Railroad Ink longest route reading: simple (a space once) or trail."),
    picture: Optional[Path] = typer.Option(None, "--picture", help="Also draw the scored board (.svg or .pdf)."),
    lang: str = typer.Option("en", "--lang", help="Labels on the picture: en or pl."),
) -> None:
    """Score finished games from hand-typed files.

    Example: railprint score railroad-ink ala.txt bartek.txt --json
    """
    from railprint.games import find_game

    def run() -> None:
        module = find_game(game).load()
        if not hasattr(module, "score_files"):
            raise RailprintError(f"{game}: scoring is not available for this game")
        options = {"longest": longest} if module.__name__.endswith("railroad_ink") else {}
        result = module.score_files(list(files), strict=strict, **options)
        if as_json:
            _echo_data(json.dumps(result.as_json(), ensure_ascii=False, indent=2))
        else:
            _echo_data(result.as_text())
        if picture is not None:
            from railprint.writers import save
            save(result.picture(lang=lang), picture)
            typer.echo(f"picture written to {picture}", err=True)

    guarded(run)


def main() -> None:
    """Console-script entry point."""
    if os.environ.get("NO_COLOR"):
        os.environ.setdefault("TERM", "dumb")
    app()


if __name__ == "__main__":
    main()
