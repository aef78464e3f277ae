"""The entry point: the ``railprint`` console script and ``python -m railprint``.

A plain ``score`` or ``render`` command line is read and run by :mod:`railprint.console`
without importing typer (a third of a ``railprint score`` run); anything else — help, a usage
error, any other command — goes to the typer app in :mod:`railprint.cli`. Both import
``console``; neither imports this module, so the two never import each other.
"""

from __future__ import annotations

import errno
import gc
import sys

from railprint.console import Failed, guard, prepare_process, read_args, render, score


def main() -> None:
    """Run the command line in ``sys.argv``."""
    found = read_args(sys.argv[1:])
    if found is None:
        from railprint.cli import main as typer_main

        typer_main()
        return
    command, kwargs = found
    run = score if command == "score" else render
    prepare_process()
    # The process ends with the command: the cyclic collector stays paused throughout (a render
    # makes ~180,000 objects and few cycles; railprint.memory), and what is left is frozen, so
    # the interpreter's exit frees it without a last collection walking every object (~0.07 s
    # after a render all).
    gc.disable()
    try:
        code = guard(lambda: run(**kwargs))
    except Failed:
        sys.exit(1)
    except KeyboardInterrupt:  # as typer does
        sys.exit(130)
    except OSError as exc:  # a closed pipe, as typer does
        if exc.errno != errno.EPIPE:
            raise
        sys.exit(1)
    finally:
        gc.freeze()
    sys.exit(code if isinstance(code, int) else 0)


if __name__ == "__main__":
    main()
