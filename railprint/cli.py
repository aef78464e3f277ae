"""The railprint command line. The only module that imports typer; with railprint.console (the
entry point, which runs a plain ``railprint score`` or ``render`` without typer) the only error boundary: a
RailprintError becomes ``Error: …`` on stderr and exit code 1; usage errors exit 2.

Heavy modules (reportlab, fontTools, game packages) are imported inside the commands so that
``railprint --help`` stays fast.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Callable, List, Optional, TypeVar

import typer

from railprint.console import Failed, echo_data as _echo_data, guard, prepare_process, progress as _progress
from railprint.errors import check_lang

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Print-and-play components and end-of-game scoring for train board games.",
    context_settings={"help_option_names": ["-h", "--help"]},
)

T = TypeVar("T")


def _version(value: bool) -> None:
    if value:
        from railprint import __version__

        typer.echo(f"railprint {__version__}")
        raise typer.Exit()


@app.callback()
def _options(version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                          help="Print railprint's version and exit.")) -> None:
    """Print-and-play components and end-of-game scoring for train board games."""


def guarded(fn: Callable[[], T]) -> T:
    """Run ``fn``; turn railprint errors (and I/O errors) into a message and exit code 1
    (railprint.console.guard, also the boundary of ``score`` run without typer)."""
    try:
        return guard(fn, lambda text: typer.echo(text, err=True))
    except Failed:
        raise typer.Exit(1) from None


def _output(option: str, what: str = 'a file or folder name ("." for the current folder)') -> Callable[[str | Path], Path]:
    """The parser of an output path option: an empty one (Path("") would mean the current folder)
    is a usage error (exit 2) said in one line of railprint's own, naming the option."""
    def parse(value: str | Path) -> Path:
        if isinstance(value, Path):
            return value
        if not value.strip():
            typer.echo(f"Error: {option} {value!r}: an empty path; give {what}", err=True)
            raise typer.Exit(2)
        return Path(value)
    parse.__name__ = "path"   # the help's metavar: <path>
    return parse


_path = _output("-o")
_FOLDER = 'a folder name ("." for the current folder)'
_folder = _output("--content", _FOLDER)   # an empty one read the whole current folder as content


def _seconds(value: float) -> float:
    """A poll interval: a finite number of seconds, 0 to a day (``inf`` and ``nan`` broke time.sleep)."""
    if not 0 <= value <= 86_400:   # false for nan too
        raise typer.BadParameter(f"{value} is not a number of seconds from 0 to 86400")
    return value


def _say(text: object, err: bool = False) -> None:
    """A line on the terminal with control characters escaped (paths come from the user)."""
    from railprint.report import terminal_safe

    typer.echo(terminal_safe(str(text)), err=err)


@app.command()
def score(
    game: str = typer.Argument(..., help="A game with a scorer (railprint list shows which)."),
    files: Optional[List[Path]] = typer.Argument(None, help="Board or game files to score."),
    as_json: bool = typer.Option(False, "--json", help="Print the JSON contract instead of tables."),
    strict: bool = typer.Option(False, "--strict", help="Treat rule violations as errors (exit 1)."),
    longest: str = typer.Option("simple", "--longest",
                                help="Railroad Ink longest route reading: simple (a space once) or trail."),
    picture: Optional[Path] = typer.Option(None, "--picture", parser=_output("--picture", "a file name"), help="Also draw the scored board (.svg or .pdf)."),
    lang: str = typer.Option("en", "--lang", help="Labels of the report and the picture: en or pl."),
    content: Optional[List[Path]] = typer.Option(None, "--content", parser=_folder, help="Folders with your maps, found by id (repeatable); the game file's own folder is searched too."),
    photo: Optional[Path] = typer.Option(None, "--photo", help="Read the board from a photo of a railprint sheet (Railroad Ink; exit 3: some spaces uncertain)."),
    debug_image: Optional[Path] = typer.Option(None, "--debug-image", parser=_output("--debug-image", "a file name"), help="With --photo: draw what was read over the photo (.png)."),
) -> None:
    """Score finished games from hand-typed files, or from a photo of the sheet.

    Example: railprint score railroad-ink ala.txt bartek.txt --json
    """
    from railprint.console import score as run

    if not files and photo is None:
        raise typer.BadParameter("give the board files to score (or --photo PHOTO.jpg)", param_hint="FILES")
    code = guarded(lambda: run(game, list(files or []), as_json=as_json, strict=strict, longest=longest, picture=picture,
                               lang=lang, content=list(content or []), say_err=lambda text: typer.echo(text, err=True),
                               photo=photo, debug_image=debug_image))
    if code:
        raise typer.Exit(code)


def _host(value: str) -> str:
    """``serve --host``: an IP address or a host name, else a usage error."""
    from railprint.serve import host_problem

    if value.startswith("[") and value.endswith("]"):
        value = value[1:-1]  # [::1], as in a URL
    problem = host_problem(value)
    if problem:
        raise typer.BadParameter(problem)
    return value


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", "--host", callback=_host, help="Address to listen on; beyond localhost (0.0.0.0) every request needs the printed link's token."),
    port: int = typer.Option(8000, "--port", min=0, max=65535, help="TCP port."),
    data: Optional[Path] = typer.Option(None, "--data", parser=_output("--data", _FOLDER), help="Folder of the rooms database (default: ~/.local/share/railprint on Linux, ~/Library/Application Support/railprint on macOS, %APPDATA%\\railprint on Windows)."),
    content: Optional[List[Path]] = typer.Option(None, "--content", parser=_folder, help="Folders with your maps (repeatable)."),
    workers: int = typer.Option(1, "--workers", min=1, max=32, help="Server processes sharing the port and the rooms file (a game-night hall on a machine with cores to spare; docs/serve.md)."),
) -> None:
    """Score games at the table: a local web app the players open on their phones (docs/serve.md).

    Example: railprint serve --host 0.0.0.0
    """

    def run() -> None:
        from railprint.loading.resources import use_content
        from railprint.serve import default_data_folder, serve as run_server

        use_content(list(content or []))
        run_server(host, port, data if data is not None else default_data_folder(),
                   echo=lambda text: typer.echo(text), workers=workers, content=list(content or []))

    try:
        guarded(run)
    except KeyboardInterrupt:
        pass


def _seed_or_random(seed: Optional[int], make: Callable[[], int]) -> int:
    """The given seed, or a fresh one announced on stderr so the game can be replayed."""
    if seed is not None:
        return seed
    chosen = make()
    typer.echo(f"seed {chosen}", err=True)
    return chosen


@app.command("list")
def list_(
    content: Optional[List[Path]] = typer.Option(None, "--content", parser=_folder, help="Your content folder, added to the built-in content (repeatable)."),
    map_id: Optional[str] = typer.Option(None, "--map", help="Only the sets of this map (its id)."),
) -> None:
    """List the games (what railprint can print, score and roll for each), then their component
    sets and how many components each holds.

    Example: railprint list
    """
    from railprint.registry import games
    from railprint.render import discover_layers, of_map, printable_file
    from railprint.report import table

    def run() -> None:
        files = discover_layers(list(content or []))
        if map_id is not None:
            files = of_map(files, map_id)
        known = games()
        titles = {g.id: g.label("en") for g in known}
        prints = {g.id: sorted({f.kind for f in files if f.game == g.id and printable_file(f)}) for g in known}
        rows = [[g.id, g.label("en"), ", ".join(prints[g.id]) or "-", "yes" if g.scorer else "-",
                 "yes" if g.roller else "-"] for g in known]
        text = table(["game", "title", "prints", "scores", "rolls"], rows, align="lllll")
        rows = [[f.game, f.id, f.kind, f.count if f.count is not None else "-",
                 _cell((f.title or {}).get("en", "") or titles.get(f.game, "")), "yes" if printable_file(f) else "data",
                 _origin(f)] for f in files]
        text += "\n\n" + table(["game", "set", "kind", "count", "title", "printable", "from"], rows, align="lllrlll")
        _echo_data(text)

    guarded(run)


LISTED_TITLE = 60
"""Characters of a title in ``railprint list``: a 660 KB title (which ``validate`` passes) padded
every row of the table to 660 KB (50 MB printed for the built-in sets)."""


def _cell(text: str, limit: int = LISTED_TITLE) -> str:
    """``text`` on one line of at most ``limit`` characters (cut with '…'), as a table cell."""
    text = " ".join(str(text)[:limit * 4].split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _origin(info) -> str:
    """Where a listed set comes from: its file, what it replaces, or the data file generating it."""
    if info.component is not None:
        return f"generated from {info.path.name}"
    if info.replaces is not None:
        return f"{info.path} (replaces the built-in {info.replaces.name})"
    return info.path.name


@app.command()
def render(
    game: str = typer.Argument("all", help="Game id (e.g. ticket-to-ride) or 'all'."),
    content: Optional[List[Path]] = typer.Option(None, "--content", parser=_folder, help="Your content folder, added to the built-in content; a file with the same game and id replaces the built-in one (repeatable)."),
    paper: str = typer.Option("a4", "--paper", help="a4 or letter."),
    mode: str = typer.Option("duplex", "--mode", help="duplex (backs behind fronts), gutterfold, or 1up (print shops)."),
    fmt: str = typer.Option("pdf", "--format", help="pdf (sheets); svg, png or jpeg (one file per component face, named <id>-001-front/-back)."),
    dpi: int = typer.Option(300, "--dpi", help="png/jpeg: pixels per inch (36-1200)."),
    image_bleed: bool = typer.Option(True, "--image-bleed/--trimmed", help="png/jpeg: keep the bleed around each face, or cut it to the trim size."),
    lang: str = typer.Option("en", "--lang", help="Labels: en or pl."),
    flip: str = typer.Option("long", "--flip", help="Duplex: sheet turned over its long or short edge."),
    back_offset: str = typer.Option("0,0", "--back-offset", help="Duplex: the reading of `railprint calibrate`, X,Y in mm in the paper's feed frame (moves backs by +X right, +Y down; landscape pages are turned to match)."),
    shop: bool = typer.Option(False, "--shop", help="Print-shop PDF: one face a page with TrimBox and BleedBox, no transparency, every font embedded (implies --mode 1up)."),
    bleed: Optional[str] = typer.Option(None, "--bleed", help="Bleed for every card and tile of this run, e.g. 3.175mm (a shop's ⅛ in); default: each deck's own."),
    colour: str = typer.Option("rgb", "--colour", help="--shop colours: rgb, or cmyk through the shop's profile (--icc)."),
    icc: Optional[Path] = typer.Option(None, "--icc", help="The print shop's CMYK ICC profile (with --colour cmyk)."),
    ink_limit: int = typer.Option(240, "--ink-limit", help="--shop --colour cmyk: most total ink C+M+Y+K in %, 100-400 (card shops: 240-260)."),
    scale: str = typer.Option("100%", "--scale", help="Printer correction from `railprint calibrate`: X% or X%,Y% (e.g. 100.4% if 50 mm prints as 49.8 mm); sheets are scaled about their centre."),
    layout: str = typer.Option("auto", "--layout", help="Sheets: butt (neighbours share cut lines, bleed only around the block), gutter (bleed around every piece), or auto (the set's own `layout:`, else whichever takes fewer sheets)."),
    cut_lines: Optional[bool] = typer.Option(None, "--cut-lines/--no-cut-lines", help="Thin lines along every cut on the fronts, for scissors (default: on, off with --mode 1up)."),
    out: Path = typer.Option(Path("output"), "-o", "--out", parser=_path, help="Output folder."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Print nothing but warnings and errors (no progress bar, no file list)."),
    map_id: Optional[str] = typer.Option(None, "--map", help="Only this map's board, tickets, score pad and pieces (its id)."),
) -> None:
    """Render printable components to PDF sheets (or SVG, PNG or JPEG faces) under the output folder.

    Example: railprint render ticket-to-ride --paper letter --lang pl
    Example: railprint render ticket-to-ride --format png --dpi 300 --trimmed
    """
    from railprint.console import render as run

    guarded(lambda: run(game, content=list(content or []), paper=paper, mode=mode, fmt=fmt, dpi=dpi,
                        image_bleed=image_bleed, lang=lang, flip=flip, back_offset=back_offset, shop=shop,
                        bleed=bleed, colour=colour, icc=icc, ink_limit=ink_limit, scale=scale, layout=layout,
                        cut_lines=cut_lines, out=out, quiet=quiet, map_id=map_id,
                        say=lambda text, err=False: typer.echo(text, err=err)))


export_app = typer.Typer(help="Exports for playing online and for print shops.", no_args_is_help=True)
app.add_typer(export_app, name="export")


@export_app.command("tts")
def export_tts(
    game: str = typer.Argument("all", help="Game id (e.g. ticket-to-ride) or 'all'."),
    content: Optional[List[Path]] = typer.Option(None, "--content", parser=_folder, help="Your content folder, added to the built-in content (repeatable)."),
    dpi: int = typer.Option(300, "--dpi", help="Resolution of the faces (deck sheets are shrunk to 4096 px a side)."),
    url_base: Optional[str] = typer.Option(None, "--url-base", help="Where you will upload the images (https://…); default: file:/// paths, which only you can load."),
    lang: str = typer.Option("en", "--lang", help="Labels: en or pl."),
    out: Path = typer.Option(Path("output/tts"), "-o", "--out", parser=_path, help="Output folder (copy it to Tabletop Simulator's Saves/Saved Objects)."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar."),
) -> None:
    """Tabletop Simulator saved objects: decks (deck sheets of up to 10 × 7 cards), tile and
    token bags, boards — with their images.

    Example: railprint export tts ticket-to-ride -o ~/tts/railprint
    """
    from railprint.export.tts import export_all
    from railprint.render import RenderOptions, discover_layers, select

    def run() -> None:
        from railprint.writers import check_output_folder

        options = RenderOptions(lang=lang)
        check_lang(lang)
        check_output_folder(out)
        chosen = select(discover_layers(list(content or [])), game)
        with _progress(quiet)(len(chosen)) as advance:
            written, skipped = export_all(chosen, options, out, dpi=dpi, url_base=url_base, advance=advance)
        for path in written:
            _say(path)
        for note in skipped:
            _say(f"skipped {note}", err=True)
        _say(f"{len(written)} file(s) written to {out}", err=True)

    guarded(run)


@app.command()
def watch(
    game: str = typer.Argument("all", help="Game id or 'all'."),
    content: Optional[List[Path]] = typer.Option(None, "--content", parser=_folder, help="Your content folder(s) to watch (default: the built-in content)."),
    paper: str = typer.Option("a4", "--paper", help="a4 or letter."),
    mode: str = typer.Option("duplex", "--mode", help="duplex, gutterfold or 1up."),
    lang: str = typer.Option("en", "--lang", help="Labels: en or pl."),
    out: Path = typer.Option(Path("output"), "-o", "--out", parser=_path, help="Output folder."),
    preview: bool = typer.Option(False, "--preview", help="Also write <id>-preview.png: the first sheet of each set written."),
    interval: Optional[float] = typer.Option(None, "--interval", callback=lambda v: v if v is None else _seconds(v), help="Seconds between polls (default 0.5; 0.2 with --serve)."),
    serve: bool = typer.Option(False, "--serve", help="Also show every card on a local page (its address is printed), replaced on save."),
    port: int = typer.Option(0, "--port", min=0, max=65535, help="--serve: the port on 127.0.0.1 (default: a free one)."),
    rounds: int = typer.Option(0, "--rounds", hidden=True, help="Stop after this many polls (tests)."),
) -> None:
    """Render, then re-render a set each time one of its files is saved (Ctrl-C stops). Errors
    are printed and the set's last good PDF stays. With --serve, a page on 127.0.0.1 shows every
    card and replaces the changed ones on save (keep it beside the editor; docs/watch.md).

    Example: railprint watch my-game --content my-folder/ --serve
    """
    import contextlib
    import time

    from railprint.render import RenderOptions, Watcher, check_options

    if port and not serve:
        raise typer.BadParameter("--port is the port of --serve's page: give --serve too", param_hint="--port")

    def run() -> None:
        options = RenderOptions(paper=paper.lower(), mode=mode, lang=lang)
        check_options(options, "pdf")
        shown, page, every = None, contextlib.nullcontext(None), 0.5 if interval is None else interval
        if serve:
            from railprint.preview import INTERVAL, Preview
            from railprint.preview.server import running

            every = INTERVAL if interval is None else interval
            shown = Preview(options)
            page = running(shown, port)
        watcher = Watcher(list(content or []), game, out, options, preview=preview,
                          say=lambda line: typer.echo(line, err=True), hooks=[shown.hook] if shown else [],
                          problem=shown.tell_problem if shown else None)
        done = 0
        with page as url:
            if url:
                typer.echo(f"railprint watch: the cards are at {url}   (Ctrl-C stops)", err=True)
            try:
                while True:
                    watcher.step()
                    done += 1
                    if rounds and done >= rounds:
                        return
                    time.sleep(max(0.05, every))
            except KeyboardInterrupt:
                return

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
            _say(f"Warning: {warning}", err=True)
        typer.echo(f"{len(checked)} content file(s) OK", err=True)

    guarded(run)


@app.command()
def calibrate(
    paper: str = typer.Option("a4", "--paper", help="a4 or letter."),
    flip: str = typer.Option("long", "--flip", help="The duplex flip you will print with."),
    out: Path = typer.Option(Path("output/calibration.pdf"), "-o", "--out", parser=_path, help="Output PDF."),
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
        for path in save(calibration_document(paper.lower(), flip), out):
            _say(path)

    guarded(run)


@app.command()
def schema() -> None:
    """Print the JSON Schema of the content format (point your editor's YAML plugin at it).

    Example: railprint schema > railprint.schema.json
    """
    from railprint.render import content_schema

    from railprint.platform import can_show

    def run() -> None:
        text = json.dumps(content_schema(), indent=2, ensure_ascii=False)
        _echo_data(text if can_show(text) else json.dumps(content_schema(), indent=2))  # \u escapes: exact

    guarded(run)


@app.command()
def icons(
    content: Optional[List[Path]] = typer.Option(None, "--content", parser=_folder, help="Also your icon files (kind: icons) under this folder; repeatable."),
    out: Path = typer.Option(Path("output/icons.pdf"), "-o", "--out", parser=_path, help="The catalogue PDF (or .svg)."),
) -> None:
    """List every icon name (built-in and yours) and print a catalogue sheet with each icon drawn
    above its name.

    Example: railprint icons --content my-game/
    """
    from railprint.draw.icon_sheet import catalogue
    from railprint.draw.icons import ICONS
    from railprint.model.icons import catalogue_icons
    from railprint.writers import save

    def run() -> None:
        user = catalogue_icons(list(content or []))
        lines = [f"{name}\tbuilt-in" for name in ICONS] + [f"{name}\t{user[name].where}" for name in sorted(user)]
        written = save(catalogue(user), out)   # a bad -o fails before anything is listed
        _echo_data("\n".join(lines))
        for path in written:
            _say(f"catalogue written to {path}", err=True)

    guarded(run)


def _roller(game: str):
    """(game id, its roller module); a game without one is an error listing the games that roll."""
    from railprint.registry import find_game, roller

    info = find_game(game)
    return info.id, roller(info)


@app.command()
def sheet(
    game: str = typer.Argument(..., help="A game that rolls (railprint list shows which)."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Seed of the dice rolls (default: a random one, printed)."),
    expansion: str = typer.Option("none", "--expansion", help="none or one of the game's expansions (Railroad Ink: meteor, lava)."),
    players: int = typer.Option(1, "--players", help="Number of identical sheets (same rolls) in the PDF."),
    paper: str = typer.Option("a4", "--paper", help="a4 or letter."),
    lang: str = typer.Option("en", "--lang", help="Labels: en or pl."),
    date: Optional[str] = typer.Option(None, "--date", help="Date printed on the sheet, YYYY-MM-DD (default: today)."),
    out: Optional[Path] = typer.Option(None, "-o", "--out", parser=_path, help="Output file (default: output/GAME-sheet-SEED.pdf)."),
) -> None:
    """A board sheet for a game tonight: the seed's dice for every round are printed on it, so a
    group can play without dice and solo players can compare scores on the same seed. The PDF is
    byte-identical for the same seed, date and options (pass --date to reproduce an old sheet).

    Example: railprint sheet railroad-ink --seed 4242 --expansion lava --players 4
    """
    from railprint.writers import save

    def run() -> None:
        game_id, rolls = _roller(game)
        chosen = _seed_or_random(seed, rolls.random_seed)
        doc = rolls.sheet_document(chosen, expansion=expansion.lower(), players=players, paper=paper.lower(),
                                   lang=lang, date=date)
        target = out if out is not None else Path("output") / f"{game_id}-sheet-{chosen}.pdf"
        for path in save(doc, target):
            _say(path)

    guarded(run)


@app.command()
def roll(
    game: str = typer.Argument(..., help="A game that rolls (railprint list shows which)."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Seed (default: a random one, printed)."),
    round_: Optional[int] = typer.Option(None, "--round", help="Only this round (default: every round)."),
    expansion: str = typer.Option("none", "--expansion", help="none or one of the game's expansions (Railroad Ink: meteor, lava)."),
    lang: str = typer.Option("en", "--lang", help="Names: en or pl."),
) -> None:
    """Show a seed's dice in the terminal: each die by name with a small drawing of its face.
    Same seed, same rolls as `railprint sheet`.

    Example: railprint roll railroad-ink --seed 4242 --round 3
    """

    def run() -> None:
        _, rolls = _roller(game)
        chosen = _seed_or_random(seed, rolls.random_seed)
        _echo_data(rolls.rolls_text(chosen, expansion=expansion.lower(), lang=lang, round_number=round_))

    guarded(run)


# The commands list of --help shows each docstring's first paragraph with its line breaks kept
# (ragged lines mid-sentence): one line each, wrapped by the terminal.
for _command in [*app.registered_commands, *export_app.registered_commands]:
    if _command.short_help is None and _command.callback is not None and _command.callback.__doc__:
        _command.short_help = " ".join(_command.callback.__doc__.strip().split("\n\n")[0].split())


def main() -> None:
    """The typer app (railprint.__main__.main, the console script, runs a plain ``score`` itself)."""
    prepare_process()
    app()


if __name__ == "__main__":
    main()
