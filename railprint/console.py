"""The command line's typer-free part: the entry point, the error boundary and ``railprint score``.

Importing typer and building its commands is a third of a ``railprint score`` run (~45 ms of
~120 ms CPU), the command a table runs after every game. So :func:`main` reads a plain ``score``
command line (positional game and files, the options of :data:`SCORE_OPTIONS`) itself and runs
it; anything else — help, a usage error, an unknown option, any other command — goes to the typer
app in :mod:`railprint.cli`, which also runs ``score`` through :func:`score` and reports errors
through :func:`guard`. tests/test_console.py checks both paths print the same and that
:data:`SCORE_OPTIONS` matches the typer command's options.
"""

from __future__ import annotations

import errno
import os
import signal
import sys
from pathlib import Path
from typing import Any, Callable, TypeVar

T = TypeVar("T")

# option -> (parameter of score(), default; a list default: the option may be repeated;
# a bool default: a flag)
SCORE_OPTIONS: dict[str, tuple[str, Any]] = {
    "--json": ("as_json", False),
    "--strict": ("strict", False),
    "--longest": ("longest", "simple"),
    "--picture": ("picture", None),
    "--lang": ("lang", "en"),
    "--content": ("content", []),
}


class Failed(Exception):
    """A command failed and said why on stderr: exit code 1."""


def _err(text: str) -> None:
    sys.stderr.write(text + "\n")
    sys.stderr.flush()


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
          lang: str, content: list[Path], say_err: Callable[[str], None] = _err) -> None:
    """``railprint score``: score the files, print the report (or JSON), draw the picture."""
    from railprint.errors import RailprintError, check_lang
    from railprint.loading.resources import use_content
    from railprint.registry import find_game, scorer
    from railprint.report import terminal_safe

    check_lang(lang)
    use_content(list(content))
    info = find_game(game)
    score_files = scorer(info)
    given = {"longest": longest}
    defaults = {"longest": "simple"}
    for name, value in given.items():
        if name not in info.score_options and value != defaults[name]:
            raise RailprintError(f"--{name} is not an option of {info.id} scoring")
    options = {name: given[name] for name in info.score_options if name in given}
    result = score_files(list(files), strict=strict, **options)
    if as_json:
        import json  # here: the table, the usual output, needs none of it (~2.5 ms of start-up)

        text = json.dumps(result.as_json(), ensure_ascii=False, indent=2)
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


def read_score_args(args: list[str]) -> dict[str, Any] | None:
    """The arguments of a plain ``score GAME FILE… [options]`` command line as :func:`score`'s
    keywords, or None for anything typer should read (help, ``--``, an unknown or malformed
    option, a value that starts with ``-`` or is blank, a missing file)."""
    if not args or args[0] != "score":
        return None
    values: dict[str, Any] = {name: (list(default) if isinstance(default, list) else default)
                              for name, default in SCORE_OPTIONS.values()}
    positional: list[str] = []
    rest = iter(args[1:])
    for token in rest:
        if not token.startswith("-"):
            if not token.strip():
                return None
            positional.append(token)
            continue
        option, has_value, value = token.partition("=")
        if option not in SCORE_OPTIONS:
            return None
        name, default = SCORE_OPTIONS[option]
        if isinstance(default, bool):
            if has_value:
                return None
            values[name] = True
            continue
        if not has_value:
            value = next(rest, None)
            if value is None or value.startswith("-"):
                return None
        if not value.strip():
            return None
        if isinstance(default, list):
            values[name].append(Path(value))
        else:
            values[name] = Path(value) if name == "picture" else value
    if len(positional) < 2:
        return None
    return {"game": positional[0], "files": [Path(p) for p in positional[1:]], **values}


def prepare_process() -> None:
    """What every command needs before it runs: ``NO_COLOR`` respected, and a kill (SIGTERM)
    unwinding like Ctrl-C: staged output is removed, finished files stay whole (a hang-up too,
    unless ignored as under nohup); output publication defers both to its end."""
    if os.environ.get("NO_COLOR"):
        os.environ.setdefault("TERM", "dumb")
    for number in (signal.SIGTERM, signal.SIGHUP):
        if signal.getsignal(number) is not signal.SIG_IGN:
            signal.signal(number, lambda number, frame: sys.exit(128 + number))


def main() -> None:
    """Console-script entry point: a plain ``score`` runs here, everything else in railprint.cli."""
    kwargs = read_score_args(sys.argv[1:])
    if kwargs is None:
        from railprint.cli import main as typer_main

        typer_main()
        return
    prepare_process()
    try:
        guard(lambda: score(**kwargs))
    except Failed:
        sys.exit(1)
    except KeyboardInterrupt:  # as typer does
        sys.exit(130)
    except OSError as exc:  # a closed pipe, as typer does
        if exc.errno != errno.EPIPE:
            raise
        sys.exit(1)
    sys.exit(0)
