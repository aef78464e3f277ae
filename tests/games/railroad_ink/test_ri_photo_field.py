"""Photos "from the field" (``photo/field.py``): what a phone, an app or the table does that the
generator does not. Every space read wrong must still be flagged; other files and orientations
must be read or clearly refused."""

from __future__ import annotations

from functools import lru_cache

import pytest

cv2 = pytest.importorskip("cv2")
np = pytest.importorskip("numpy")

from railprint.games.railroad_ink.board import SIZE, Board  # noqa: E402
from railprint.games.railroad_ink.photo import field, layout, read, synth  # noqa: E402
from railprint.games.railroad_ink.photo.read import PhotoError, read_photo  # noqa: E402


@lru_cache(maxsize=None)
def _base(seed: int, mp: float):
    return synth.make_photo(seed, megapixels=mp)


@lru_cache(maxsize=None)
def _field(seed: int, effect: str, mp: float):
    return field.field_photo(seed, effect, mp, base=None if effect in field.SCENE else _base(seed, mp))


def _wrong(board: Board, got: Board) -> set[str]:
    return {f"{'ABCDEFG'[r]}{c + 1}" for r in range(SIZE) for c in range(SIZE) if board.rows[r][c] != got.rows[r][c]}


def test_field_photos_are_seeded_and_change_only_what_they_say():
    a = _field(741_000, "motion", 1.2)
    assert a.jpeg == _field(741_000, "motion", 1.2).jpeg
    assert a.jpeg != _base(741_000, 1.2).jpeg and a.board == _base(741_000, 1.2).board
    assert a.params["effect"] == "motion" and a.params["motion_px"] >= 3
    png = _field(741_000, "png", 1.2)
    assert png.jpeg[:8] == b"\x89PNG\r\n\x1a\n" and (png.width, png.height) == (a.width, a.height)
    assert _field(741_000, "webp", 1.2).jpeg[8:12] == b"WEBP"
    with pytest.raises(ValueError):
        field.field_photo(741_000, "fog")


def _printed_grid(value: float = 0.5) -> np.ndarray:
    """A rectified darkness with only the grid's printed lines on it (0.3 mm wide)."""
    p = read.PX_PER_MM
    size = int(round((layout.GRID_MM + 2 * read.MARGIN_MM) * p))
    dark = np.zeros((size, size), np.float32)
    for k in range(SIZE + 1):
        at = int(round((read.MARGIN_MM + k * layout.SQUARE_MM) * p))
        dark[at - 1:at + 1, :] = value
        dark[:, at - 1:at + 1] = value
    return dark


def test_spaces_whose_printed_lines_are_not_seen_are_flagged():
    dark = _printed_grid()
    assert read._hidden_spaces(read._line_pieces(dark)) == {}
    # a finger over B2-C3's shared corner: the lines there are gone (the paper there is the finger)
    p = read.PX_PER_MM
    y = int((read.MARGIN_MM + 1.5 * layout.SQUARE_MM) * p)
    x = int((read.MARGIN_MM + 1.5 * layout.SQUARE_MM) * p)
    dark[y:y + int(layout.SQUARE_MM * p), x:x + int(layout.SQUARE_MM * p)] = 0.0
    hidden = read._hidden_spaces(read._line_pieces(dark))
    assert set(hidden) == {(1, 1), (1, 2), (2, 1), (2, 2)}
    assert "not seen" in hidden[(1, 1)]
    # routes drawn across the lines hide nothing: a thin one, a felt-tip marker's 2 mm one
    dark = _printed_grid()
    dark[y:y + 6, x:x + 200] = 0.9
    dark[y + 60:y + 72, :] = 0.8
    dark[:, x + 60:x + 72] = 0.8
    assert read._hidden_spaces(read._line_pieces(dark)) == {}


def test_spaces_partly_outside_the_photo_are_flagged():
    k = 4.0   # px per grid mm, the grid's left edge 20 px into a photo 560 px wide: 140 mm of 147 seen
    H = np.array([[k, 0, 20], [0, k, 20], [0, 0, 1]], float)
    out = read._outside_photo(H, (700, 560))
    assert set(out) == {(r, 6) for r in range(SIZE)}
    assert read._outside_photo(H, (700, 700)) == {}


def test_a_solid_band_is_not_read_as_a_railway_with_certainty():
    # a felt-tip marker's curved highway: its two lines run together into one wide band
    band = {"ink": 1.0, "wide": 1.0, "pair": 0.0, "line": 0.0, "tracks": 0.0, "mass": 0.6}
    side = read.classify_side(band)
    assert side.kind == "r" and not side.certain and "band" in side.why
    # a railway: a line through it with sleepers
    rail = {"ink": 1.0, "wide": 0.35, "pair": 0.0, "line": 0.9, "tracks": 1.0, "mass": 0.2}
    assert read.classify_side(rail) == read.SideRead("r", True)


@pytest.mark.parametrize("effect", ["exif", "grey", "png", "webp"])
def test_other_files_and_a_photo_stored_sideways_read_as_the_jpeg(effect):
    base = _base(741_002, 1.5)
    photo = _field(741_002, effect, 1.5)
    gray = read._decode(photo.jpeg)
    assert gray.shape == (base.height, base.width)   # an EXIF-turned photo is turned upright
    got = read_photo(photo.jpeg)
    assert got.markers >= 3
    wrong = _wrong(photo.board, got.board)
    assert wrong <= {u.square for u in got.uncertain} and len(wrong) <= 3, (sorted(wrong), photo.params)


def test_a_heic_photo_is_refused_naming_the_format():
    heic = b"\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic" + bytes(64)
    with pytest.raises(PhotoError, match="HEIC"):
        read_photo(heic)
    with pytest.raises(PhotoError, match="not an image file"):
        read_photo(b"\x00\x00\x00\x18ftypisom" + bytes(64))


def test_a_photo_sent_through_a_messaging_app_has_its_marks_found():
    # 1.7 MP scaled to 1280 px and JPEG 50: none of the four marks found at its own size (dev
    # seed 740,001); twice its size, the photo is read, every space it reads wrong flagged
    photo = field.field_photo(740_001, "messaging")
    gray = read._decode(photo.jpeg)
    assert max(gray.shape) == 1280 and len(read._detect(gray, 1.0)[0]) == 0
    reading = read_photo(photo.jpeg)
    assert reading.markers >= 2
    assert _wrong(photo.board, reading.board) <= {u.square for u in reading.uncertain}


@pytest.mark.parametrize("seed, effect", [(741_003, "pen"), (741_003, "finger")])
def test_a_pen_or_a_finger_over_the_grid_has_the_spaces_under_it_flagged(seed, effect):
    # dev photos (2.5 MP) where round seven's reader read a space under the pen or the finger
    # wrong and did not flag it: a pen is wider than the 8 mm closing, so it became the paper
    photo = field.field_photo(seed, effect, 2.5)
    reading = read_photo(photo.jpeg)
    flagged = {u.square for u in reading.uncertain}
    wrong = _wrong(photo.board, reading.board)
    assert wrong and wrong <= flagged, (sorted(wrong - flagged), photo.params)
    assert any("not seen" in u.reason for u in reading.uncertain)


@pytest.mark.parametrize("seed, effect", [(740_000, "motion"), (740_002, "messaging")])
def test_blurred_marks_are_found_by_the_second_look(seed, effect):
    # dev photos (1.2 MP) whose marks the default detector misses, at its size and at twice it:
    # motion blur smears each cell into its neighbours (3 of 4 found), a messaging app's JPEG 50
    # blocks them (none: refused); sampled 8 x 8 px a cell with a quarter left out (round nine)
    photo = _field(seed, effect, None)
    gray = read._decode(photo.jpeg)
    default = {**read._detect(gray, 1.0)[0], **read._detect(gray, 2.0)[0]}
    assert len(default) < 4
    found, _ = read._find_markers(gray)
    assert len(found) >= len(default) + 1 and set(default) <= set(found)
    reading = read_photo(photo.jpeg)
    assert _wrong(photo.board, reading.board) <= {u.square for u in reading.uncertain}


def test_a_mark_found_only_by_the_second_look_must_fit_the_others():
    marks = {p.id: np.array(p.corners(), np.float32) * 10 + 100 for p in layout.marker_places(layout.EXPANSION_ORDER[0])}
    three = {k: v for k, v in list(marks.items())[:3]}
    last = list(marks)[3]
    assert read._fits(three, last, marks[last])
    assert not read._fits(three, last, marks[last] + 40)   # 4 mm off where the others put it


def test_an_overexposed_space_is_flagged_only_where_a_line_could_be_lost():
    # round nine: a space whose paper clips to white was flagged whenever it had an empty side;
    # now only when the grid's printed lines there show the light so far past white that a line
    # at the ink threshold would fade under the faint one (pencil: nearly always; pen: far past)
    p = read.PX_PER_MM
    size = int(round((layout.GRID_MM + 2 * read.MARGIN_MM) * p))
    rect = np.full((size, size), 200, np.uint8)
    y0 = x0 = int(read.MARGIN_MM * p)
    sq = int(layout.SQUARE_MM * p)
    rect[y0:y0 + 2 * sq, x0:x0 + 2 * sq] = 255          # A1, A2, B1, B2 clipped
    clipped = {(0, 0), (0, 1), (1, 0), (1, 1)}
    bright = read._bright_spaces(rect)
    assert bright == clipped and read._clipped_spaces(bright) == clipped

    def drawn(ink: float) -> np.ndarray:   # routes drawn through every space, at ``ink`` of the black
        rel = np.zeros((size, size), np.float32)
        for k in range(SIZE):
            at = int(round((read.MARGIN_MM + (k + 0.5) * layout.SQUARE_MM) * p))
            rel[at - 2:at + 2, :] = ink
        return rel

    dark = _printed_grid(0.5)
    pieces = read._line_pieces(dark)
    assert read._clipped_spaces(bright, pieces, 0.8, drawn(0.9)) == set()        # pen, printed lines whole
    assert read._clipped_spaces(bright, pieces, 0.8, drawn(0.2)) == clipped      # pencil: a light line may go
    faded = dark.copy()
    faded[y0 - 3:y0 + 2 * sq + 3, x0 - 3:x0 + 2 * sq + 3] *= 0.3               # the light far past white
    assert read._clipped_spaces(bright, read._line_pieces(faded), 0.8, drawn(0.9)) == clipped


def test_the_sides_something_lies_over_are_named_and_not_guessed_from():
    # round eleven: a pen over the grid reads as wide bands of ink on the sides it covers; the
    # best guess for such a space went by them (a station and four railways where a pen lay)
    dark = _printed_grid()
    p = read.PX_PER_MM
    # a white pen across the north edge of B2 (row 1, column 1): that line's middle is gone
    y = int((read.MARGIN_MM + 1 * layout.SQUARE_MM) * p)
    x = int((read.MARGIN_MM + 1 * layout.SQUARE_MM) * p)
    dark[y - int(5 * p):y + int(5 * p), x:x + int(layout.SQUARE_MM * p)] = 0.0
    # a felt-tip marker's railway, 4 mm wide, drawn across D4's south edge: a drawing, not a cover
    ys = int((read.MARGIN_MM + 4 * layout.SQUARE_MM) * p)
    xs = int((read.MARGIN_MM + 3.5 * layout.SQUARE_MM) * p)
    dark[ys - int(6 * p):ys + int(6 * p), xs - int(2 * p):xs + int(2 * p)] = 0.9
    unseen = read._unseen_sides(dark, [(1, 1), (0, 1), (1, 2), (3, 3), (4, 3)])
    assert unseen == {(1, 1): frozenset({0}), (0, 1): frozenset({2})}
    # a dark pen over N and E read as bands of "railway", the centre dark: without the unseen
    # sides the guess is a station; with them, the sides seen (S, W: railways) and the dice's
    # frequencies decide, and the centre under the pen does not count
    band = read.SideRead("r", False, "a solid band: a highway's two lines run together?")
    sides = [band, band, read.SideRead("r", True), read.SideRead("r", True)]
    assert read._nearest_face(read.Cell("rrrr", "s"), sides, 0.9).marker == "s"
    guess = read._nearest_face(read.Cell("rrrr", "s"), sides, 0.9, frozenset({0, 1}))
    assert guess.marker == "" and guess.edges[2:] == "rr" and guess in read._faces()
    # the rarer four-way railway loses to a die face that draws the two railways seen
    assert guess != read.Cell("rrrr")


def _all_wrong_flagged(seed: int, effect: str, *, most: int) -> None:
    """The field photo of ``seed`` under ``effect``: every space read wrong is flagged, and at most
    ``most`` are wrong."""
    photo = _field(seed, effect, None)
    reading = read_photo(photo.jpeg)
    wrong = _wrong(photo.board, reading.board)
    assert wrong <= {u.square for u in reading.uncertain}
    assert len(wrong) <= most, (sorted(wrong), photo.params)


def test_an_overexposed_spaces_washed_out_lines_are_guessed_routes():
    # round eleven: dev seed 780025 under a strong contrast curve (3.1 MP): the paper clips to
    # white and a pencil route's lines wash out to a few marks; such a side was guessed empty
    # (flagged), 5 spaces wrong. In an overexposed space an uncertain empty side is a route's
    # guess (on the dev hot spot and contrast photos 236 such sides were routes, 6 empty)
    _all_wrong_flagged(780_025, "contrast", most=2)


def test_an_empty_space_darker_in_the_middle_than_the_photos_empty_spaces_is_flagged():
    # issue 35, never a silent guess: a fine-liner's broken line on a near-white paper (held-out
    # field photo 2,010,099: two overpasses read empty with certainty) falls under every threshold
    # and in the averaged darkness; it still stands out of the photo's own empty spaces
    p = read.PX_PER_MM
    size = int(round((layout.GRID_MM + 2 * read.MARGIN_MM) * p))
    rel = np.clip(np.random.default_rng(35).normal(0.0, 0.001, (size, size)), 0, 1).astype(np.float32)
    x = int((read.MARGIN_MM + 3 * layout.SQUARE_MM + layout.SQUARE_MM / 2) * p)   # D4's middle, north to south
    y0 = int((read.MARGIN_MM + 3 * layout.SQUARE_MM) * p)
    for y in range(y0, y0 + int(layout.SQUARE_MM * p), 9):   # dashes a third of the way
        rel[y:y + 3, x] = 0.03
    rows, doubts = read.read_rel(rel, "none", 6.0)
    assert rows[3][3].token == "...."
    assert [u.square for u in doubts] == ["D4"]
    assert "a faint line?" in doubts[0].reason


def test_a_filled_centre_between_routes_of_one_kind_is_guessed_no_station():
    # round twelve: a felt-tip marker's three railways meet in a filled centre, read as bands; the
    # best guess kept the station and made a railway a highway (a station needs both). Between
    # routes of one kind a filled centre weighs as little fill: the guess is the railways' junction
    band = read.SideRead("r", False, "a solid band: a highway's two lines run together?")
    sides = [band, band, band, read.SideRead(".", False, "a few marks")]
    assert read._nearest_face(read.Cell("rrr.", "s"), sides, 0.9).marker == "s"
    fill = read._one_kind_fill(0.9, "s", {"r"})
    assert read._nearest_face(read.Cell("rrr.", "s"), sides, fill) == read.Cell("rrr.")
    # a station read between a highway and a railway keeps its fill
    assert read._one_kind_fill(0.9, "s", {"h", "r"}) == 0.9


def test_a_markers_junctions_are_not_guessed_stations():
    # round twelve: dev seed 940016 (1.1 MP) drawn with a felt-tip marker: 6 spaces wrong (all
    # flagged), junctions of one route kind guessed stations
    _all_wrong_flagged(940_016, "marker", most=3)

def _noisy_sheet(clear: int, seed: int = 12) -> np.ndarray:
    """A rectified darkness of a dark room's photo: paper at 0.1 of the black with sensor noise of
    0.05 (its ink threshold is the paper's noise), a highway through D4 drawn at 0.03 (under the
    noise: neither a threshold nor the averaged darkness can find it), and ``clear`` north-south
    highways drawn at 0.9 in the first spaces of rows A-C."""
    p = read.PX_PER_MM
    size = int(round((layout.GRID_MM + 2 * read.MARGIN_MM) * p))
    rel = np.random.default_rng(seed).normal(0.1, 0.05, (size, size))

    def highway(r: int, c: int, value: float) -> None:
        x = (read.MARGIN_MM + (c + 0.5) * layout.SQUARE_MM) * p
        y0 = int((read.MARGIN_MM + r * layout.SQUARE_MM) * p)
        for off in (-2.5, 2.5):
            at = int(round(x + off * p))
            rel[y0:y0 + int(layout.SQUARE_MM * p), at - 2:at + 3] += value
    highway(3, 3, 0.03)
    for k in range(clear):
        highway(k // 7, k % 7, 0.9)
    return np.clip(rel, 0, 1).astype(np.float32)


def test_a_noisy_photo_whose_drawing_is_hardly_seen_reads_no_empty_space_with_certainty():
    # issue 35, round twelve: dev low-light photos (1-2 MP) whose sensor noise sets the ink
    # threshold read whole spaces of light pencil as empty with certainty (931011 at 2 MP: 7, no
    # space read as a route); where the drawing's lines do not stand clear of the noise, an empty
    # space is not certain
    level, floor, _ = read._threshold(_noisy_sheet(0))
    assert level <= floor   # the paper's noise sets the threshold
    rows, doubts = read.read_rel(_noisy_sheet(0), "none", 6.0)
    assert rows[3][3].token == "...."
    noisy = {u.square for u in doubts if u.reason == read.NOISY_WHY}
    assert "D4" in noisy and len(noisy) == len(doubts)
    # the same noise with clear lines drawn: their contrast is measured, and the rule is quiet
    rows, doubts = read.read_rel(_noisy_sheet(14), "none", 6.0)
    # A4 (a highway drawn to a printed railway exit: flagged so) is guessed from the exit
    assert [cell.token for c, cell in enumerate(rows[0]) if c != 3] == ["h.h."] * 6
    assert {u.square for u in doubts if u.square[0] == "A"} == {"A4"}
    assert not any(u.reason == read.NOISY_WHY for u in doubts)


@pytest.mark.parametrize("seed, mp", [(930_007, 1.0), (931_011, 2.0)])
def test_a_low_light_photo_s_light_pencil_lost_in_the_noise_is_flagged(seed, mp):
    # round twelve: dev low-light photos whose light pencil routes were read empty with
    # certainty (930007 A1 r.r., F7 rr..; 931011 seven spaces): every space read wrong is flagged
    photo = _field(seed, "lowlight", mp)
    reading = read_photo(photo.jpeg)
    wrong = _wrong(photo.board, reading.board)
    assert wrong and wrong <= {u.square for u in reading.uncertain}, (sorted(wrong), photo.params)
