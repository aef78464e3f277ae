"""``railprint serve``'s warm-up (``serve/app.py: warm_up``, run in a thread as every server and
worker process starts): it lays out every built-in Ticket to Ride board and draws the games'
pictures before the first player asks, then moves what it loaded out of the cyclic collector's
way. ``RAILPRINT_SERVE_WARM_UP=0`` skips the warming (the test suite sets it for
``test_workers.py``'s worker processes), never the collector's settings."""

from __future__ import annotations

import os
import subprocess
import sys

SCRIPT = """
import gc, os
from railprint.games.ticket_to_ride.web import BUILTIN, _drawing
from railprint.serve.app import GC_YOUNG, warm_up

def state():
    return (_drawing.cache_info().currsize, len(BUILTIN), gc.get_freeze_count() > 0, gc.get_threshold()[0] == GC_YOUNG)

os.environ["RAILPRINT_SERVE_WARM_UP"] = "0"
warm_up()
print("off", *state())
gc.unfreeze()
gc.set_threshold(700)
os.environ["RAILPRINT_SERVE_WARM_UP"] = "1"
warm_up()
print("on", *state())
"""


def test_the_warm_up_lays_the_boards_out_and_the_switch_skips_only_that():
    env = {key: value for key, value in os.environ.items() if key != "RAILPRINT_SERVE_WARM_UP"}
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    off, on = (line.split() for line in done.stdout.splitlines()[-2:])
    # switched off: no board laid out, the collector's settings made all the same
    assert off == ["off", "0", off[2], "True", "True"] and int(off[2]) > 0, done.stdout
    # on: every built-in board laid out once (the first player's map is ready), the collector set
    assert on == ["on", on[2], on[2], "True", "True"] and int(on[2]) > 0, done.stdout
