"""The command line's typer-free part: the error boundary, ``railprint score`` and ``railprint
render``, and the reading of their plain command lines.

Importing typer and building its commands is a third of a ``railprint score`` run (~45 ms of
~120 ms CPU), the command a table runs after every game, and ~45 ms of every ``render``. So the
entry point (:func:`railprint.__main__.main`) reads a plain ``score`` or ``render`` command line (the options of
:data:`SCORE_OPTIONS` / :data:`RENDER_OPTIONS`) itself and runs it; anything else — help, a
usage error, an unknown option, any other command — goes to the typer app in
:mod:`railprint.cli`, which also runs ``score`` and ``render`` through :func:`score` and
:func:`render` and reports errors through :func:`guard`. tests/test_console.py checks both
paths print the same and that the tables match the typer commands' options.
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path
from typing import Any, Callable, TypeVar

from railprint import platform

T = TypeVar("T")

# How an option is read: FLAG sets True, OFF sets False (the "--no-" side of a pair of flags),
# TEXT, INT (plain digits only), PATH and PATHS (repeatable) take a value.
FLAG, OFF, TEXT, INT, PATH, PATHS = "flag", "off", "text", "int", "path", "paths"

# option -> (parameter of the command's function, default, how it is read)
SCORE_OPTIONS: dict[str, tuple[str, Any, str]] = {
    "--json": ("as_json", False, FLAG),
    "--strict": ("strict", False, FLAG),
    "--longest": ("longest", "simple", TEXT),
    "--picture": ("picture", None, PATH),
    "--photo": ("photo", None, PATH),
    "--debug-image": ("debug_image", None, PATH),
    "--lang": ("lang", "en", TEXT),
    "--content": ("content", [], PATHS),
}
RENDER_OPTIONS: dict[str, tuple[str, Any, str]] = {
    "--content": ("content", [], PATHS),
    "--paper": ("paper", "a4", TEXT),
    "--mode": ("mode", "duplex", TEXT),
    "--format": ("fmt", "pdf", TEXT),
    "--dpi": ("dpi", 300, INT),
    "--image-bleed": ("image_bleed", True, FLAG),
    "--trimmed": ("image_bleed", True, OFF),
    "--lang": ("lang", "en", TEXT),
    "--flip": ("flip", "long", TEXT),
    "--back-offset": ("back_offset", "0,0", TEXT),
    "--shop": ("shop", False, FLAG),
    "--bleed": ("bleed", None, TEXT),
    "--colour": ("colour", "rgb", TEXT),
    "--icc": ("icc", None, PATH),
    "--ink-limit": ("ink_limit", 240, INT),
    "--scale": ("scale", "100%", TEXT),
    "--layout": ("layout", "auto", TEXT),
    "--cut-lines": ("cut_lines", None, FLAG),
    "--no-cut-lines": ("cut_lines", None, OFF),
    "-o": ("out", Path("output"), PATH),
    "--out": ("out", Path("output"), PATH),
    "--quiet": ("quiet", False, FLAG),
    "-q": ("quiet", False, FLAG),
    "--map": ("map_id", None, TEXT),
}


def _score_arguments(given: list[str]) -> dict[str, Any] | None:
    return {"game": given[0], "files": [Path(p) for p in given[1:]]} if len(given) >= 2 else None


def _render_arguments(given: list[str]) -> dict[str, Any] | None:
    return {"game": given[0] if given else "all"} if len(given) <= 1 else None


# command -> (its options, its positional arguments as keywords, or None when typer must judge them)
COMMANDS: dict[str, tuple[dict[str, tuple[str, Any, str]], Callable[[list[str]], dict[str, Any] | None]]] = {
    "score": (SCORE_OPTIONS, _score_arguments),
    "render": (RENDER_OPTIONS, _render_arguments),
}


class Failed(Exception):
    """A command failed and said why on stderr: exit code 1."""


def _say(text: str, err: bool = False) -> None:
    """A line on stdout (or stderr), flushed (as typer.echo)."""
    stream = sys.stderr if err else sys.stdout
    stream.write(text + "\n")
    stream.flush()


def _err(text: str) -> None:
    _say(text, err=True)


def guard(fn: Callable[[], T], echo_err: Callable[[str], None] = _err) -> T:
    """Run ``fn``; a railprint error (or an I/O error) becomes ``Error: …`` through ``echo_err``
    and :class:`Failed`. A game plugin that failed to load is named as a warning (the other
    games work), unless the error already said so."""
    from railprint.errors import RailprintError
    from railprint.report import terminal_safe

    failed = ""
    try:
        return fn()
    except RailprintError as exc:
        failed = str(exc)
        echo_err(f"Error: {terminal_safe(failed)}")
        raise Failed from None
    except OSError as exc:
        where = f"{exc.filename}: " if getattr(exc, "filename", None) else ""
        failed = f"{where}{exc.strerror or exc}"
        echo_err(f"Error: {terminal_safe(failed)}")
        raise Failed from None
    finally:
        from railprint.registry import broken

        for problem in broken():
            if str(problem) not in failed:
                echo_err(f"Warning: {terminal_safe(str(problem))} (skipped)")


def echo_data(text: str) -> None:
    """Data to stdout, control characters and bidi overrides escaped (JSON stays valid: they
    become JSON's own \\uXXXX escapes)."""
    from railprint.report import terminal_safe

    text = terminal_safe(text)
    sys.stdout.write(text if text.endswith("\n") else text + "\n")


def score(game: str, files: list[Path], *, as_json: bool, strict: bool, longest: str, picture: Path | None,
          lang: str, content: list[Path], say_err: Callable[[str], None] = _err, photo: Path | None = None,
          debug_image: Path | None = None) -> int:
    """``railprint score``: score the files, print the report (or JSON), draw the picture; with
    ``photo``, read the board from a photo of the sheet instead (exit code 3: uncertain spaces)."""
    from railprint.errors import RailprintError, check_lang
    from railprint.loading.resources import use_content
    from railprint.registry import find_game, scorer
    from railprint.report import terminal_safe

    check_lang(lang)
    use_content(list(content))
    info = find_game(game)
    if photo is not None or debug_image is not None:
        with _said_in(lang):
            return _score_photo(info, files, photo, as_json=as_json, strict=strict, longest=longest,
                                picture=picture, lang=lang, debug_image=debug_image)
    score_files = scorer(info)
    given = {"longest": longest}
    defaults = {"longest": "simple"}
    for name, value in given.items():
        if name not in info.score_options and value != defaults[name]:
            raise RailprintError(f"--{name} is not an option of {info.id} scoring")
    options = {name: given[name] for name in info.score_options if name in given}
    with _said_in(lang):
        result = score_files(list(files), strict=strict, **options)
    if as_json:
        import json  # here: the table, the usual output, needs none of it (~2.5 ms of start-up)

        text = json.dumps(result.as_json(), ensure_ascii=False, indent=2)
        if not platform.can_show(text):  # a console code page lacking a letter: exact \u escapes
            text = json.dumps(result.as_json(), ensure_ascii=True, indent=2)
    else:
        text = result.as_text(lang=lang)
    pictures = []
    if picture is not None:  # drawn and written first: a picture that fails prints nothing
        from railprint.report import check_picture_glyphs
        from railprint.writers import save
        pictures = save(check_picture_glyphs(result.picture(lang=lang), files), picture)
    echo_data(text)
    for path in pictures:
        say_err(terminal_safe(f"picture written to {path}"))
    return 0


@contextlib.contextmanager
def _said_in(lang: str):
    """A file's or a photo's problems said in Polish where they have their Polish words."""
    from railprint.errors import RailprintError

    try:
        yield
    except RailprintError as exc:
        if lang == "pl" and (exc.pl or getattr(exc, "problems", None)):
            from railprint.errors import Said, said_in

            raise Said(said_in(exc, "pl")) from None
        raise


def _score_photo(info, files: list[Path], photo: Path | None, *, as_json: bool, strict: bool, longest: str,
                 picture: Path | None, lang: str, debug_image: Path | None) -> int:
    from railprint.errors import RailprintError
    from railprint.registry import photo_reader

    if photo is None:
        raise RailprintError("--debug-image goes with --photo", hint="railprint score railroad-ink --photo sheet.jpg --debug-image read.png")
    if files:
        raise RailprintError("give either board files or --photo, not both")
    if strict or picture is not None:
        raise RailprintError(f"--{'strict' if strict else 'picture'} does not go with --photo",
                             hint="score the board text it prints instead")
    result = photo_reader(info)(photo, longest=longest, debug_image=debug_image)
    if as_json:
        import json

        echo_data(json.dumps(result.as_json(), ensure_ascii=False, indent=2))
    else:
        echo_data(result.as_text(lang=lang))
    return result.exit_code


def _parse_offset(text: str) -> tuple[float, float]:
    try:
        x, y = (float(part) for part in text.split(","))
    except ValueError:
        x = y = float("nan")
    if not (abs(x) <= 20 and abs(y) <= 20):  # also refuses nan and inf
        from railprint.errors import RailprintError

        raise RailprintError(f"--back-offset must be X,Y in millimetres, each within ±20 (e.g. 0.8,-1.2), "
                             f"got {text!r}")
    return (x, y)


def _parse_bleed(text: str | None) -> float | None:
    """``--bleed 3.175mm`` in points (a length with a unit, 0-10 mm)."""
    if text is None:
        return None
    from railprint.errors import RailprintError
    from railprint.units import mm, parse_length

    try:
        value = parse_length(text)
    except (RailprintError, ValueError) as exc:
        raise RailprintError(f"--bleed must be a length with a unit such as 3mm or 0.125in, got {text!r}") from exc
    if not 0 <= value <= mm(10):
        raise RailprintError(f"--bleed must be between 0 and 10 mm, got {text!r}")
    return value


def _shop_paint(shop: bool, colour: str, icc: Path | None, ink_limit: int, fmt: str):
    """The print shop's colour handling for --shop (None otherwise); checks the options first
    (--ink-limit's range always, and that one other than the default 240 comes with CMYK)."""
    from railprint.errors import RailprintError, clip
    from railprint.writers.shop import DEFAULT_INK, INK_RANGE

    colour = colour.lower()
    if colour not in ("rgb", "cmyk"):
        raise RailprintError(f"--colour must be rgb or cmyk, got {colour!r}")
    # --ink-limit 99999 was taken without --shop or CMYK, and said nothing
    low, high = INK_RANGE
    if isinstance(ink_limit, bool) or not isinstance(ink_limit, int) or not low <= ink_limit <= high:
        raise RailprintError(f"--ink-limit must be a whole percentage from {low} to {high}, got {clip(ink_limit)}",
                             hint="card shops often ask for 240 or 260",
                             pl=f"--ink-limit musi być liczbą całkowitą procent od {low} do {high}, podano "
                                f"{clip(ink_limit)} (drukarnie kart często proszą o 240 albo 260)")
    if ink_limit != DEFAULT_INK and (not shop or colour != "cmyk"):
        raise RailprintError("--ink-limit caps the ink of a CMYK print-shop PDF: add --shop --colour cmyk "
                             "--icc FILE.icc, or leave --ink-limit out",
                             pl="--ink-limit ogranicza farbę w PDF-ie CMYK dla drukarni: dodaj --shop --colour "
                                "cmyk --icc PLIK.icc albo pomiń --ink-limit")
    if not shop:
        if colour != "rgb" or icc is not None:
            raise RailprintError("--colour cmyk and --icc make a print-shop PDF: add --shop")
        return None
    if fmt.lower() != "pdf":
        raise RailprintError("--shop makes PDF files", hint="use --format pdf")
    from railprint.writers.shop import ShopPaint, load_profile

    if colour == "cmyk" and icc is None:
        raise RailprintError("--colour cmyk needs the print shop's profile: --icc FILE.icc",
                             hint="no CMYK profile is shipped: FOGRA and GRACoL profiles may not be redistributed")
    if icc is not None and colour != "cmyk":
        raise RailprintError("--icc is for --colour cmyk")
    return ShopPaint(load_profile(icc) if icc is not None else None, ink_limit)


def progress(quiet: bool):
    """A context manager yielding ``advance(label)``; draws a bar on stderr unless quiet."""
    from contextlib import contextmanager

    @contextmanager
    def manager(total: int):
        if quiet or total <= 1:
            yield lambda label: None
            return
        from rich.console import Console

        console = Console(stderr=True)
        if not console.is_terminal:   # a bar is for eyes: piped or logged, it left a blank line
            yield lambda label: None
            return
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

        with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                      console=console, transient=True) as bar:
            task = bar.add_task("rendering", total=total)
            yield lambda label: bar.update(task, advance=1, description=label)

    return manager


def without_pydantic_plugin_loader() -> None:
    """When no installed distribution declares a ``pydantic`` plugin (an entry point of that
    group), pydantic's plugin loader finds none: then it is not imported. Its module imports
    importlib.metadata (with email, csv, zipfile: ~20 ms of every render's start-up) before
    the first model is built; a stand-in module that finds no plugins takes its place, so
    pydantic builds the same plain validators. A declared plugin (or a zip file on the path)
    leaves pydantic's own loader in charge."""
    from railprint.registry import declares

    name = "pydantic.plugin._loader"
    if name in sys.modules or declares("pydantic") is not False:
        return
    import types

    loader = types.ModuleType(name, "railprint's stand-in: no distribution declares a pydantic plugin")
    loader.PYDANTIC_ENTRY_POINT_GROUP = "pydantic"   # type: ignore[attr-defined]
    loader.get_plugins = lambda: ()                  # type: ignore[attr-defined]

    def real(attribute: str):
        """Any other name (a newer pydantic's): the stand-in steps aside for the real loader."""
        import importlib

        if attribute.startswith("__"):   # the import machinery's and tools' probes
            raise AttributeError(attribute)
        if sys.modules.get(name) is loader:
            del sys.modules[name]
        return getattr(importlib.import_module(name), attribute)

    loader.__getattr__ = real                        # type: ignore[attr-defined]
    sys.modules[name] = loader


def render(game: str, *, content: list[Path], paper: str, mode: str, fmt: str, dpi: int, image_bleed: bool,
           lang: str, flip: str, back_offset: str, shop: bool, bleed: str | None, colour: str, icc: Path | None,
           ink_limit: int, scale: str, layout: str, cut_lines: bool | None, out: Path, quiet: bool,
           map_id: str | None, say: Callable[..., None] = _say) -> None:
    """``railprint render``: the options checked, the content discovered, the files written and
    listed (``say(text, err=False)``), each game's print guide on stderr."""
    without_pydantic_plugin_loader()
    from railprint.layout.paper import parse_scale
    from railprint.memory import gc_paused
    from railprint.render import RenderOptions, check_options, discover_layers, render_all, select
    from railprint.report import terminal_safe

    options = RenderOptions(paper=paper.lower(), mode="1up" if shop else mode, flip=flip,
                            back_offset=_parse_offset(back_offset), lang=lang, scale=parse_scale(scale),
                            bleed=_parse_bleed(bleed), layout=layout.lower(), cut_lines=cut_lines)
    paint = _shop_paint(shop, colour, icc, ink_limit, fmt)
    check_options(options, fmt)
    from railprint.writers import check_output_folder
    check_output_folder(out)
    briefs: list[str] = []
    # one pause of the collector from discovery to the last file written: between the two, a
    # collection walked every object of the parsed content (~0.05-0.09 s; railprint.memory)
    with gc_paused():
        chosen = select(discover_layers(list(content)), game, map_id)
        with progress(quiet)(len(chosen)) as advance:
            written = render_all(chosen, options, out, fmt, advance, dpi=dpi, bleed=image_bleed, paint=paint,
                                 briefs=briefs)
    if quiet:
        return
    if not _on_terminal(sys.stdout):   # the file list for a script or a pipe; a person reads the briefs
        for path in written:
            say(terminal_safe(str(path)))
    # a few lines a game (files, sheets, where, what to bring, its guide PDF): the whole guide,
    # ~35 lines a game, is in <game>-guide.pdf
    for brief in briefs[:-1]:
        say("\n".join(terminal_safe(line) for line in brief.splitlines()), err=True)
    say(terminal_safe(briefs[-1] if briefs else f"{len(written)} file(s) written to {out}"), err=True)


def _on_terminal(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):   # a closed or stand-in stream
        return False


def read_args(args: list[str]) -> tuple[str, dict[str, Any]] | None:
    """(command, its function's keywords) of a plain ``score`` or ``render`` command line, or
    None for anything typer should read (help, ``--``, an unknown, combined or malformed option,
    a value that starts with ``-`` or is blank, a number that is not plain digits, arguments
    missing or too many)."""
    if not args or args[0] not in COMMANDS:
        return None
    options, arguments = COMMANDS[args[0]]
    values: dict[str, Any] = {name: (list(default) if kind == PATHS else default)
                              for name, default, kind in options.values()}
    positional: list[str] = []
    rest = iter(args[1:])
    for token in rest:
        if not token.startswith("-"):
            if not token.strip():
                return None
            positional.append(token)
            continue
        # "--name=value"; a short option's value is the next argument ("-o=x" means "=x" to typer)
        option, has_value, value = token.partition("=") if token.startswith("--") else (token, "", "")
        if option not in options:
            return None
        name, _, kind = options[option]
        if kind in (FLAG, OFF):
            if has_value:
                return None
            values[name] = kind == FLAG
            continue
        if not has_value:
            value = next(rest, None)
            if value is None or value.startswith("-"):
                return None
        if not value.strip() or (kind == INT and not (value.isascii() and value.isdigit())):
            return None
        if kind == PATHS:
            values[name].append(Path(value))
        else:
            values[name] = Path(value) if kind == PATH else int(value) if kind == INT else value
    bound = arguments(positional)
    return None if bound is None else (args[0], {**bound, **values})


def prepare_process() -> None:
    """What every command needs before it runs: ``NO_COLOR`` respected, every letter printable
    on the console (or its plain letter), and a kill (SIGTERM) unwinding like Ctrl-C: staged
    output is removed, finished files stay whole (a hang-up or Ctrl-Break too, where they
    exist, unless ignored as under nohup); output publication defers them to its end."""
    if os.environ.get("NO_COLOR"):
        os.environ.setdefault("TERM", "dumb")
    platform.prepare_console()
    platform.exit_on_stop_signals()
