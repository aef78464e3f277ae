"""Round sixteen (issue 35, CPU): each space's sides are read once per photo (``photo/once.py``)
and handed out again to the revisions after the first reading; what they get is what reading
again gave (the readings stay byte-identical: ``benchmarks/photo_same.py``)."""

from __future__ import annotations

import collections

from hypothesis import given, settings
from hypothesis import strategies as st

from railprint.games.railroad_ink.photo import once, read


def _reference(r: int, c: int) -> list:   # a read that gives new objects each time, as read_sides does
    return [("side", r, c, s) for s in range(4)]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6)), max_size=40),
       st.lists(st.integers(0, 3), max_size=40))
def test_per_space_is_the_read_called_once(calls, replace):
    count: collections.Counter = collections.Counter()

    def read_at(r: int, c: int) -> list:
        count[(r, c)] += 1
        return _reference(r, c)

    at = once.per_space(read_at)
    for i, (r, c) in enumerate(calls):
        got = at(r, c)
        assert got == _reference(r, c)        # what reading again gives ...
        if i < len(replace):
            got[replace[i]] = "replaced"       # ... whatever an earlier caller did to its own list
    assert set(count) == set(calls) and all(n == 1 for n in count.values())


def test_a_photo_reads_each_space_sides_once():
    """Synth dev 850,203 at 2 MP: the revisions after the first reading (the one-line highway,
    the bare railway, the colours, the station habit) asked for 12 spaces' sides again (61
    reads on main 188b3e8, 2-3 ms each at 12 MP); now 49, one a space."""
    from railprint.games.railroad_ink.photo.synth import make_photo

    photo = make_photo(850_203, megapixels=2.0)
    seen: collections.Counter = collections.Counter()
    read_sides = read.read_sides

    def counted(ink, r, c, *args, **kwargs):
        seen[(r, c)] += 1
        return read_sides(ink, r, c, *args, **kwargs)

    read.read_sides = counted
    try:
        reading = read.read_photo(photo.jpeg)
    finally:
        read.read_sides = read_sides
    assert reading.board == photo.board or reading.uncertain   # it was read
    assert len(seen) == 49 and max(seen.values()) == 1


def test_a_photo_with_clipped_paper_measures_its_thresholds_once():
    """Synth dev 850,208 at 2 MP has overexposed spaces: the check of what its clipped paper may
    hide (``_clipped_spaces``) and ``read_rel`` each measured the same darkness's thresholds
    (``_threshold``, 15 ms at any photo size: the grid is rectified to one size); now once."""
    from railprint.games.railroad_ink.photo.synth import make_photo

    photo = make_photo(850_208, megapixels=2.0)
    seen: list = []
    threshold = read._threshold

    def counted(rel):
        seen.append(threshold(rel))
        return seen[-1]

    read._threshold = counted
    try:
        read.read_photo(photo.jpeg)
    finally:
        read._threshold = threshold
    assert len(seen) == 1



def test_a_photo_follows_each_long_strip_once():
    """The second independent generator's dev seed 2 (one-line highways): the one-line highways'
    revision and the bare railways' each followed the long strips of the sides they look at
    (``one_line.follow``, 0.3-1 ms a strip), the second again for 28 strips the first had
    followed (main 188b3e8); now they share what was followed."""
    from benchmarks import indep2_photos
    from railprint.games.railroad_ink.photo import one_line

    data = indep2_photos.make_photo(2)[0]
    seen: collections.Counter = collections.Counter()
    strip, follow = read._strip, one_line.follow
    cut: dict[int, tuple] = {}   # id of a long strip -> (its mask, r, c, side); kept alive in ``kept``
    kept = []

    def counted(mask, r, c, side, depth=read.DEPTH):
        out = strip(mask, r, c, side, depth)
        if depth == one_line.LONG_DEPTH:
            cut[id(out)] = (id(mask), r, c, side)
            kept.append(out)
        return out

    def followed(s, p):   # each follow counted by the strip it follows (kind_shape's too, round sixteen)
        seen[cut[id(s)]] += 1
        return follow(s, p)

    read._strip, one_line.follow = counted, followed
    try:
        read.read_photo(data, "indep2-2.jpg")
    finally:
        read._strip, one_line.follow = strip, follow
    assert len(seen) > 49 and max(seen.values()) == 1, seen.most_common(3)


def test_a_photo_with_clipped_paper_measures_the_printed_lines_once():
    """The same photo: the printed grid's line pieces (``_line_pieces``, ~9 ms) were measured up to
    three times on the same darkness (the hidden spaces, the clipped spaces, the lit ones) and the
    clipped paper (``_bright_spaces``) twice on the same rectified photo; now each once, passed
    down from ``read_photo``. (``_unseen_sides`` measures the darkness against the black, another
    array.)"""
    from railprint.games.railroad_ink.photo.synth import make_photo

    photo = make_photo(850_208, megapixels=2.0)
    seen: dict[str, list[int]] = {"_line_pieces": [], "_bright_spaces": []}
    saved = {name: getattr(read, name) for name in seen}

    def counting(name):
        def call(arg):
            seen[name].append(id(arg))
            return saved[name](arg)
        return call

    for name in seen:
        setattr(read, name, counting(name))
    try:
        reading = read.read_photo(photo.jpeg)
    finally:
        for name, fn in saved.items():
            setattr(read, name, fn)
    assert any("overexposed" in u.reason for u in reading.uncertain)   # the clipped spaces' looks ran
    assert len(seen["_bright_spaces"]) == 1
    assert seen["_line_pieces"] and len(seen["_line_pieces"]) == len(set(seen["_line_pieces"]))
