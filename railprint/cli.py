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

from railprint.errors import RailprintError, check_lang

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
    lang: str = typer.Option("en", "--lang", help="Labels of the report and the picture: en or pl."),
) -> None:
    """Score finished games from hand-typed files.

    Example: railprint score railroad-ink ala.txt bartek.txt --json
    """
    from railprint.registry import find_game, scorer

    def run() -> None:
        check_lang(lang)
        info = find_game(game)
        score_files = scorer(info)
        given = {"longest": longest}
        options = {name: given[name] for name in info.score_options if name in given}
        result = score_files(list(files), strict=strict, **options)
        if as_json:
            _echo_data(json.dumps(result.as_json(), ensure_ascii=False, indent=2))
        else:
            _echo_data(result.as_text(lang=lang))
        if picture is not None:
            from railprint.writers import save
            save(result.picture(lang=lang), picture)
            typer.echo(f"picture written to {picture}", err=True)

    guarded(run)


def _seed_or_random(seed: Optional[int], make: Callable[[], int]) -> int:
    """The given seed, or a fresh one announced on stderr so the game can be replayed."""
    if seed is not None:
        return seed
    chosen = make()
    typer.echo(f"seed {chosen}", err=True)
    return chosen


def _parse_offset(text: str) -> tuple[float, float]:
    try:
        x, y = (float(part) for part in text.split(","))
    except ValueError:
        raise RailprintError(f"--back-offset must be X,Y in millimetres (e.g. 0.8,-1.2), got {text!r}") from None
    return (x, y)


def _progress(quiet: bool):
    """A context manager yielding ``advance(label)``; draws a bar on stderr unless quiet."""
    from contextlib import contextmanager

    @contextmanager
    def manager(total: int):
        if quiet or total <= 1:
            yield lambda label: None
            return
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

        with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                      console=Console(stderr=True), transient=True) as bar:
            task = bar.add_task("rendering", total=total)
            yield lambda label: bar.update(task, advance=1, description=label)

    return manager


@app.command("list")
def list_(
    content: Optional[Path] = typer.Option(None, "--content", help="Content folder (default: built-in)."),
) -> None:
    """List games, their component sets and how many components each holds.

    Example: railprint list
    """
    from railprint.registry import games
    from railprint.render import discover, printable
    from railprint.report import table

    def run() -> None:
        files = discover(content)
        titles = {g.id: g.label("en") for g in games()}
        rows = [[f.game, f.id, f.kind, f.count if f.count is not None else "-",
                 (f.title or {}).get("en", "") or titles.get(f.game, ""), "yes" if printable(f.kind) else "data"]
                for f in files]
        _echo_data(table(["game", "set", "kind", "count", "title", "printable"], rows, align="lllrll"))

    guarded(run)


@app.command()
def render(
    game: str = typer.Argument("all", help="Game id (e.g. ticket-to-ride) or 'all'."),
    content: Optional[Path] = typer.Option(None, "--content", help="Render your own content folder instead of the built-in one."),
    paper: str = typer.Option("a4", "--paper", help="a4 or letter."),
    mode: str = typer.Option("duplex", "--mode", help="duplex (backs behind fronts), gutterfold, or 1up (print shops)."),
    fmt: str = typer.Option("pdf", "--format", help="pdf (sheets) or svg (one file per component face)."),
    lang: str = typer.Option("en", "--lang", help="Labels: en or pl."),
    flip: str = typer.Option("long", "--flip", help="Duplex: sheet turned over its long or short edge."),
    back_offset: str = typer.Option("0,0", "--back-offset", help="Duplex: the reading of `railprint calibrate`, X,Y in mm in the paper's feed frame (moves backs by +X right, +Y down; landscape pages are turned to match)."),
    out: Path = typer.Option(Path("output"), "-o", "--out", help="Output folder."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar."),
) -> None:
    """Render printable components to PDF sheets (or SVG faces) under the output folder.

    Example: railprint render ticket-to-ride --paper letter --lang pl
    """
    from railprint.render import RenderOptions, check_options, discover, render_all, select

    def run() -> None:
        options = RenderOptions(paper=paper.lower(), mode=mode, flip=flip,
                                back_offset=_parse_offset(back_offset), lang=lang)
        check_options(options, fmt)
        chosen = select(discover(content), game)
        with _progress(quiet)(len(chosen)) as advance:
            written = render_all(chosen, options, out, fmt, advance)
        for path in written:
            typer.echo(str(path))
        typer.echo(f"{len(written)} file(s) written to {out}", err=True)

    guarded(run)


@app.command()
def validate(
    content: Optional[Path] = typer.Argument(None, help="Content folder or file (default: built-in content)."),
    lang: str = typer.Option("en", "--lang", help="Also check the labels of this language."),
) -> None:
    """Check content files: schema, references, glyphs and text overflow. Reports every problem.
    Also warns (exit 0) about card and tile text inside the safe zone near the trim (3 mm unless
    the deck sets `safe:`).

    Example: railprint validate my-deck/
    """
    from railprint.render import validate_content

    def run() -> None:
        warnings: list[str] = []
        checked = validate_content(content, lang, warnings)
        for warning in warnings:
            typer.echo(f"Warning: {warning}", err=True)
        typer.echo(f"{len(checked)} content file(s) OK", err=True)

    guarded(run)


@app.command()
def calibrate(
    paper: str = typer.Option("a4", "--paper", help="a4 or letter."),
    flip: str = typer.Option("long", "--flip", help="The duplex flip you will print with."),
    out: Path = typer.Option(Path("output/calibration.pdf"), "-o", "--out", help="Output PDF."),
) -> None:
    """Write a duplex calibration sheet (portrait pages 1-2, landscape pages 3-4): print it
    double-sided, hold it to the light, read where each front cross falls on the back's scales
    (X+1: the back printed 1 mm too far left; Y+1: 1 mm too high) and pass the mean as
    --back-offset X,Y. The offset is in the paper's feed frame, so one reading corrects
    portrait and landscape decks alike.

    Example: railprint calibrate --paper letter && railprint render --back-offset 0.5,-1
    """
    from railprint.layout.calibration import calibration_document
    from railprint.writers import save

    def run() -> None:
        save(calibration_document(paper.lower(), flip), out)
        typer.echo(str(out))

    guarded(run)


@app.command()
def schema() -> None:
    """Print the JSON Schema of the content format (point your editor's YAML plugin at it).

    Example: railprint schema > railprint.schema.json
    """
    from railprint.render import content_schema

    guarded(lambda: _echo_data(json.dumps(content_schema(), indent=2, ensure_ascii=False)))


def _roll_game(game: str) -> None:
    from railprint.registry import find_game

    if find_game(game).id != "railroad-ink":
        raise RailprintError(f"{game}: only railroad-ink has dice rolls and sheets for tonight")


@app.command()
def sheet(
    game: str = typer.Argument(..., help="Game: railroad-ink."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Seed of the dice rolls (default: a random one, printed)."),
    expansion: str = typer.Option("none", "--expansion", help="none, meteor or lava."),
    players: int = typer.Option(1, "--players", help="Number of identical sheets (same rolls) in the PDF."),
    paper: str = typer.Option("a4", "--paper", help="a4 or letter."),
    lang: str = typer.Option("en", "--lang", help="Labels: en or pl."),
    date: Optional[str] = typer.Option(None, "--date", help="Date printed on the sheet, YYYY-MM-DD (default: today)."),
    out: Optional[Path] = typer.Option(None, "-o", "--out", help="Output file (default: output/railroad-ink-sheet-SEED.pdf)."),
) -> None:
    """A board sheet for a game tonight: the seed's dice for every round are printed on it, so a
    group can play without dice and solo players can compare scores on the same seed. The PDF is
    byte-identical for the same seed, date and options (pass --date to reproduce an old sheet).

    Example: railprint sheet railroad-ink --seed 4242 --expansion lava --players 4
    """
    from railprint.rollwrite.railroad_ink import parse_date, random_seed, tonight_sheet
    from railprint.writers import save

    def run() -> None:
        _roll_game(game)
        chosen = _seed_or_random(seed, random_seed)
        day = parse_date(date) if date is not None else None
        doc = tonight_sheet(chosen, expansion=expansion.lower(), players=players, paper=paper.lower(),
                            lang=lang, date=day)
        target = out if out is not None else Path("output") / f"railroad-ink-sheet-{chosen}.pdf"
        for path in save(doc, target):
            typer.echo(str(path))

    guarded(run)


@app.command()
def roll(
    game: str = typer.Argument(..., help="Game: railroad-ink."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Seed (default: a random one, printed)."),
    round_: Optional[int] = typer.Option(None, "--round", help="Only this round (default: every round)."),
    expansion: str = typer.Option("none", "--expansion", help="none, meteor or lava."),
    lang: str = typer.Option("en", "--lang", help="Names: en or pl."),
) -> None:
    """Show a seed's dice in the terminal: each die by name with a small drawing of its face.
    Same seed, same rolls as `railprint sheet`.

    Example: railprint roll railroad-ink --seed 4242 --round 3
    """
    from railprint.rollwrite.railroad_ink import check_expansion, load_rolls, random_seed, roll_text

    def run() -> None:
        _roll_game(game)
        chosen = _seed_or_random(seed, random_seed)
        rolls, dice = load_rolls(chosen, check_expansion(expansion.lower()))
        _echo_data(roll_text(rolls, dice, lang=lang, round_number=round_))

    guarded(run)


def main() -> None:
    """Console-script entry point."""
    if os.environ.get("NO_COLOR"):
        os.environ.setdefault("TERM", "dumb")
    app()


if __name__ == "__main__":
    main()
