"""The cyclic garbage collector, out of the way of work that allocates much and frees by itself.

A render builds hundreds of thousands of small, short-lived objects (scene items, points,
parsed YAML) and almost no reference cycles; each full collection walks every object of the
process. :func:`gc_paused` stops the collector for such a stretch (nested pauses: the outermost
resumes it); what little cyclic garbage it leaves is collected after it, as usual.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while inside (reference counting still frees)."""
    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.enable()
