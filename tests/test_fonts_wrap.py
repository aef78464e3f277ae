"""measure.wrap_text adds a line's width up word by word: the same lines as measuring each trial
line from its start (the first way it was written), on Polish and Nordic text, long words and
every built-in face."""

from __future__ import annotations

import random

import pytest

from railprint.text.measure import text_width, wrap_text

WORDS = ("Kraków Łódź Gdańsk Źródło żółć Ärø Tromsø Göteborg Åland Trondheim the a of and "
         "Jedzie pociąg z daleka, na żadnej stacji nie czeka — Konstantynopolitańczykowianeczka "
         + "x" * 300).split()


def _measured_each_time(text, width, size, face):
    lines, line = [], ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if line and text_width(trial, size, face) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return lines


@pytest.mark.parametrize("face", ["regular", "bold", "italic", "bolditalic"])
def test_wrap_equals_measuring_every_trial_line(face):
    rng = random.Random(face)
    for _ in range(200):
        text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 60)))
        width, size = rng.uniform(20, 400), rng.choice([6, 7.5, 9, 12, 20])
        assert wrap_text(text, width, size, face) == _measured_each_time(text, width, size, face)
