"""The railprint command line. The only module that imports typer, and the only error boundary:
a RailprintError becomes ``Error: …`` on stderr and exit code 1; usage errors exit 2.

Heavy modules (reportlab, svgwrite, game packages) are imported inside the commands so that
``railprint --help`` stays fast.
"""

from __future__ import annotations

import json
import os
import signal
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
    from railprint.report import terminal_safe

    typer.echo(f"Error: {terminal_safe(message)}", err=True)
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
    """Data to stdout, control characters and bidi overrides escaped (JSON stays valid: they
    become JSON's own \\uXXXX escapes)."""
    from railprint.report import terminal_safe

    text = terminal_safe(text)
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
        text = json.dumps(result.as_json(), ensure_ascii=False, indent=2) if as_json else result.as_text(lang=lang)
        if picture is not None:  # drawn and written first: a picture that fails prints nothing
            from railprint.writers import save
            save(result.picture(lang=lang), picture)
        _echo_data(text)
        if picture is not None:
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
        x = y = float("nan")
    if not (abs(x) <= 20 and abs(y) <= 20):  # also refuses nan and inf
        raise RailprintError(f"--back-offset must be X,Y in millimetres, each within ±20 (e.g. 0.8,-1.2), "
                             f"got {text!r}")
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
    back_offset: str = typer.Option("0,0", "--back-offset", help="Duplex: printer's back-side offset X,Y in mm (see calibrate)."),
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

    Example: railprint validate my-deck/
    """
    from railprint.render import validate_content

    def run() -> None:
        checked = validate_content(content, lang)
        typer.echo(f"{len(checked)} content file(s) OK", err=True)

    guarded(run)


@app.command()
def calibrate(
    paper: str = typer.Option("a4", "--paper", help="a4 or letter."),
    flip: str = typer.Option("long", "--flip", help="The duplex flip you will print with."),
    out: Path = typer.Option(Path("output/calibration.pdf"), "-o", "--out", help="Output PDF."),
) -> None:
    """Write a two-page duplex calibration sheet: print it double-sided, hold it to the light,
    read how far the back's cross sits from the front's, and pass that as --back-offset X,Y.

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
    # a kill (SIGTERM) unwinds like Ctrl-C: staged output is removed, finished files stay whole
    signal.signal(signal.SIGTERM, lambda number, frame: sys.exit(128 + number))
    app()


if __name__ == "__main__":
    main()
