"""A photo of the sheet shown on a screen is refused with one clear line (exit 1 from the CLI);
photos of the printed paper are not (their screen score stays far under the threshold).
benchmarks/bench_photo.py --screens measures both on many more photos."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

cv2 = pytest.importorskip("cv2")
import numpy as np  # noqa: E402

from railprint.cli import app  # noqa: E402
from railprint.games.railroad_ink.photo import read, screen, synth  # noqa: E402
from railprint.games.railroad_ink.photo.read import PhotoError, read_photo  # noqa: E402
from railprint.games.railroad_ink.photo.synth import make_photo, make_screen_photo, phone_processing  # noqa: E402


def _frame_sides(gray, H) -> int:
    """How many of the page's sides have a screen's frame beside them."""
    return sum(d is not None for d in screen.frame_distances(gray, H))


runner = CliRunner()
# dev seeds of the generator's own screen photos, as it draws them, in focus: a 1440 x 3088 phone
# at 1.43 of the 12 MP camera's pixels per screen pixel, the sheet framed (10.6 MP), whose pixel
# grid shows; a 1920 x 1080 monitor at 1.72, the whole screen framed (8.7 MP), whose moire is so
# strong that no window passes the plain blank test. (Many of the generator's screen photos show
# no grid at all: docs/railroad-ink-photo.md.)
SCREEN_SEED, MOIRE_SEED = 9, 27
PAPER = (21, 25, 31)   # dev seeds of 3 MP paper photos: pencil, pen, JPEG 64-85, some blur


def test_a_photo_of_a_screen_is_refused_as_one(screen_photo):
    # (screen_photo: the conftest's make_screen_photo, made once a run for every test that uses it)
    score, windows = read.screen_score(screen_photo(SCREEN_SEED).jpeg)
    assert windows >= screen.MIN_WINDOWS and score >= 1.5 * screen.THRESHOLD
    with pytest.raises(PhotoError, match="photo of a screen") as caught:
        read_photo(screen_photo(SCREEN_SEED).jpeg)
    assert "railprint sheet railroad-ink" in str(caught.value)


def test_the_cli_refuses_a_screen_photo_in_one_line_with_exit_1(tmp_path, screen_photo):
    src = tmp_path / "screen.jpg"
    src.write_bytes(screen_photo(SCREEN_SEED).jpeg)
    result = runner.invoke(app, ["score", "railroad-ink", "--photo", str(src)])
    assert result.exit_code == 1
    out = result.output.strip()
    assert "photo of a screen" in out and "printed" in out and "Traceback" not in out
    assert len(out.splitlines()) == 1 and str(src) in out


def test_a_screen_whose_moire_fails_the_plain_blank_test_is_read_with_every_space_flagged(screen_photo):
    # every window holds the moire strongly enough to fail the blank test as it is: no verdict
    # without the notch; without its own periodic bins 3 windows are blank, and their peaks
    # (median 15.7) are over any paper photo's but under the threshold: the photo is read with
    # every space flagged, never a silent guess
    photo = screen_photo(MOIRE_SEED)
    gray = read._decode(photo.jpeg)
    found, _ = read._find_markers(gray)
    H, _ = read._homography(found)
    insides = [screen._inside(r, c) for r, c in screen._white_squares()]
    windows = [(screen._window_in(gray, H, (x0, y0, x1, y1)), screen._px_per_mm_at(H, (x0 + x1) / 2, (y0 + y1) / 2))
               for x0, y0, x1, y1 in insides]
    windows = [(w, ppm) for w, ppm in windows if w is not None]
    assert len(windows) >= 20
    assert sum(screen._blank(w, ppm) for w, ppm in windows) < screen.MIN_WINDOWS
    score, used = screen.screen_score(gray, H)
    assert used >= screen.MIN_WINDOWS and screen.DOUBT <= score < screen.THRESHOLD
    reading = read_photo(photo.jpeg)
    assert len(reading.uncertain) == 49 and _flagged_as_a_screen(reading) >= 30
    wrong = [square for square, (a, b) in _spaces(photo.board, reading.board) if a != b]
    assert set(wrong) <= {u.square for u in reading.uncertain}


def _spaces(want, got):
    from railprint.games.railroad_ink.board import square

    return [(square(r, c), (a, b)) for r, (ra, rb) in enumerate(zip(want.rows, got.rows))
            for c, (a, b) in enumerate(zip(ra, rb))]


def test_the_notch_takes_out_a_pattern_but_not_a_line():
    # a window that fails the blank test only through a moire is blank once the moire is
    # notched out; one that fails it through a blurred pencil line (its energy in a dozen low
    # bins, as in dev paper photo 500,258) is not: what the notch takes is where the line is
    import numpy as np

    rng = np.random.default_rng(3)
    y, x = np.mgrid[:64, :64].astype(np.float32)
    paper = 200 + rng.normal(0, 2, (64, 64)).astype(np.float32)
    moire = paper + 30 * np.cos(2 * np.pi * (0.07 * x + 0.11 * y))
    assert not screen._blank(moire, 6.0)
    assert screen._blank_peak(moire, 6.0) > 3 * screen.THRESHOLD
    line = paper - 70 * np.exp(-((x - 0.4 * y - 20) ** 2) / (2 * 4.0 ** 2))
    assert not screen._blank(line, 6.0)
    assert screen._blank_peak(line, 6.0) is None


def test_a_faint_line_the_blank_test_lets_through_is_no_pattern():
    # a pen line smeared by a motion blur is broad and faint: it passes the blank test, and its
    # energy sits in a few low bins (a peak twice the threshold); but it stays where the line
    # is, where a screen's pattern fills the window: the window is not blank (dev motion 770,115)
    import numpy as np

    rng = np.random.default_rng(3)
    y, x = np.mgrid[:64, :64].astype(np.float32)
    paper = 200 + rng.normal(0, 2, (64, 64)).astype(np.float32)
    smeared = paper - 25 * np.exp(-((x - 0.4 * y - 20) ** 2) / (2 * 3.0 ** 2))
    assert screen._blank(smeared, 6.0)
    assert float(screen._ratio(smeared).max()) > 1.5 * screen.THRESHOLD
    assert screen._blank_peak(smeared, 6.0) is None
    faint = paper + 8 * np.cos(2 * np.pi * (0.07 * x + 0.11 * y))   # a faint moire: blank, and a pattern
    assert screen._blank(faint, 6.0) and screen._blank_peak(faint, 6.0) > 3 * screen.THRESHOLD


def test_a_motion_blurred_paper_photo_is_not_taken_for_a_screen(paper_photo):
    # dev 770,115 at 4.5 MP, a motion blur of 0.7 % of its long side (field.py's): its pen lines,
    # smeared faint, passed the blank test in 6 of the grid's squares, with peaks of 14-41 (median
    # 26): every space was flagged as a likely screen (and at other sizes, over 30, the photo was
    # refused as one)
    from railprint.games.railroad_ink.photo import field

    jpeg, what = field.post_process(paper_photo(770115, megapixels=4.5).jpeg, "motion", 770115, 0.007)
    assert what["motion_px"] >= 15
    reading = read_photo(jpeg)
    assert not any(u.reason.startswith(screen.DOUBT_WHY) for u in reading.uncertain)


def _cover_the_marks(jpeg: bytes) -> bytes:
    """The photo with its four registration marks painted over in the paper's white (a thumb,
    a sticker): the marks' places from their own homography."""
    import numpy as np

    from railprint.games.railroad_ink.photo import layout

    image = cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR)
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    found, _ = read._find_markers(gray)
    H, expansion = read._homography(found)
    white = [int(v) for v in np.percentile(image.reshape(-1, 3), 95, axis=0)]
    for place in layout.marker_places(expansion):
        (x0, y0), (x1, y1) = np.min(place.corners(), axis=0) - 1.5, np.max(place.corners(), axis=0) + 1.5
        quad = np.array([[[x0, y0]], [[x1, y0]], [[x1, y1]], [[x0, y1]]], np.float32)
        cv2.fillPoly(image, [cv2.perspectiveTransform(quad, H).reshape(-1, 2).round().astype(np.int32)], white)
    ok, buf = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 90])
    assert ok
    return buf.tobytes()


def test_a_screen_whose_marks_are_not_found_is_refused_as_a_screen(screen_photo):
    # a sharp screen's pixel grid over the marks' cells can hide them: the photo is refused
    # either way, and the line says why (the screen), found anywhere in the photo
    with pytest.raises(PhotoError, match="photo of a screen"):
        read_photo(_cover_the_marks(screen_photo(SCREEN_SEED).jpeg))


def test_paper_whose_marks_are_not_found_is_not_called_a_screen(paper_photo):
    for seed in PAPER:
        jpeg = _cover_the_marks(paper_photo(seed, megapixels=3.0).jpeg)
        hits, windows = screen.scan_hits(read._decode(jpeg))
        assert windows >= 30 and hits == 0
        with pytest.raises(PhotoError, match="no registration marks found"):
            read_photo(jpeg)


@pytest.mark.parametrize("seed", PAPER)
def test_photos_of_paper_are_not_taken_for_screens(seed, paper_photo):
    photo = paper_photo(seed, megapixels=3.0)
    score, windows = read.screen_score(photo.jpeg)
    assert score is not None and windows >= screen.MIN_WINDOWS   # a verdict was reached ...
    assert score < screen.THRESHOLD / 2                         # ... far from "screen"
    reading = read_photo(photo.jpeg)
    assert sum(a != b for ra, rb in zip(photo.board.rows, reading.board.rows) for a, b in zip(ra, rb)) <= 10


def test_too_few_blank_squares_is_no_verdict(paper_photo):
    # a board drawn full leaves no blank square to look into: no verdict, never refused
    photo = paper_photo(21, megapixels=3.0)
    gray = read._decode(photo.jpeg)
    found, _ = read._find_markers(gray)
    H, _ = read._homography(found)
    assert screen.screen_score(gray, H)[1] >= screen.MIN_WINDOWS   # its blank squares: a verdict
    lined = gray.copy()
    lined[:, ::12] = 0   # a dark line through every window: nothing is blank
    assert screen.screen_score(lined, H) == (None, 0)
    assert screen.check(lined, H) != screen.SCREEN


# a phone's own processing over a paper photo, the hardest for the check: a cool or a warm
# white balance, strong noise reduction (the paper left smooth), sharpening halos, JPEG 60
HARD = {"cool, denoised": dict(white=(1.15, 1.0, 0.85), denoise=30.0, quality=60),
        "warm, denoised, sharpened": dict(white=(0.8, 1.0, 1.2), denoise=30.0, sharpen=1.0, quality=60)}


@pytest.mark.parametrize("look", HARD)
@pytest.mark.parametrize("seed", PAPER)
def test_paper_under_cool_or_warm_light_denoised_at_jpeg_60_is_read(seed, look, paper_photo):
    jpeg = phone_processing(paper_photo(seed, megapixels=3.0).jpeg, **HARD[look])
    score, windows = read.screen_score(jpeg)
    assert score is not None and windows >= screen.MIN_WINDOWS
    assert score < screen.THRESHOLD / 2
    read_photo(jpeg)   # read, not refused



@pytest.mark.parametrize("seed", PAPER)
def test_paper_through_a_bayer_sensor_is_not_taken_for_a_screen(seed):
    # every phone photo is demosaiced from a colour filter mosaic (false colour at edges, a
    # smoothed chroma): paper photographed that way keeps far under the threshold and is read
    photo = make_photo(seed, megapixels=3.0, bayer=True)
    score, windows = read.screen_score(photo.jpeg)
    assert score is not None and windows >= screen.MIN_WINDOWS
    assert score < screen.THRESHOLD / 2
    read_photo(photo.jpeg)


def test_the_generator_averages_a_screens_stripes_over_a_turned_camera_pixel():
    # a square camera pixel turned against the screen covers a trapezoid of each stripe period
    # (a box of |ux| convolved with a box of |uy|): checked against averaging 200,000 random
    # points of the pixel
    import numpy as np

    from railprint.games.railroad_ink.photo.synth import _stripe_mean

    rng = np.random.default_rng(7)
    start, duty = 0.3, 0.25
    for x, a, b in [(3.1, 0.4, 0.3), (1000.7, 1.2, 0.5), (5.55, 0.43, 0.0), (2.2, 0.2, 0.19), (3999.9, 2.0, 1.0)]:
        s = rng.uniform(-0.5, 0.5, (200_000, 2))
        t = x + s[:, 0] * a + s[:, 1] * b
        phase = t - np.floor(t)
        want = ((phase >= start) & (phase < start + duty)).mean() / duty
        got = float(_stripe_mean(np.array([x]), np.array([a]), np.array([b]), start, duty)[0])
        assert abs(got - want) < 0.02, (x, a, b, got, want)


def test_the_generator_draws_the_pitch_it_is_asked_for():
    # camera pixels per screen pixel, measured at the centre of what is framed from the camera's
    # mapping: the pitch asked for, or less when the screen does not fit and the sheet is framed
    import numpy as np

    photo = make_screen_photo(5, megapixels=3.0, pitch=1.6)
    image = cv2.imdecode(np.frombuffer(photo.jpeg, np.uint8), cv2.IMREAD_COLOR)
    assert 2.7e6 <= image.shape[0] * image.shape[1] <= 3.3e6   # the size asked for
    pitch = photo.params["sensor_px_per_screen_px"]
    assert pitch == 1.6 if photo.params["framed"] == "screen" else 0.5 < pitch < 1.6
    assert photo.params["camera_px_per_screen_px"] == pytest.approx(pitch * 0.5, abs=0.01)   # 3 of 12 MP


@pytest.mark.parametrize("size", [(1080, 2400), (3840, 2160)])
def test_a_screen_that_does_not_fit_the_frame_has_its_sheet_framed(size):
    # a real device's resolution at the pitch drawn: the whole screen when it fits 97 % of the
    # 12 MP frame; else the player frames the sheet on it, which then fills 60-97 % of the
    # frame at most (the pitch lowered to what that allows)
    import numpy as np

    from railprint.games.railroad_ink.photo.synth import _frame_screen, _pose

    sw, sh = size
    fit = 0.9 * min(sw / 210, sh / 297)
    cw, ch = int(210 * fit), int(297 * fit)
    sheet = ((sw - cw) // 2, (sh - ch) // 2, cw, ch)

    def corners(x, y, w, h):
        return np.array([[[x, y]], [[x + w, y]], [[x + w, y + h]], [[x, y + h]]], np.float32)

    def pitch_at(m, x, y):
        w = m[2, 0] * x + m[2, 1] * y + m[2, 2]
        p = (m[:2, :2] @ (x, y) + m[:2, 2]) / w
        return float(np.sqrt(abs(np.linalg.det((m[:2, :2] - np.outer(p, m[2, :2])) / w))))

    seen = set()
    for pitch in (0.5, 1.0, 2.0, 3.5):
        rng = np.random.default_rng(11)
        proj, _ = _pose(rng, sw, sh, 20.0)
        m, got, framed, out, (cam_w, cam_h) = _frame_screen(rng, proj, (sw, sh), sheet, pitch, (4000, 3000), (4000, 3000))
        seen.add(framed)
        assert out == (cam_w, cam_h) and {cam_w, cam_h} == {4000, 3000}
        screen_in = cv2.perspectiveTransform(corners(0, 0, sw, sh), m).reshape(-1, 2)
        sheet_in = cv2.perspectiveTransform(corners(*sheet), m).reshape(-1, 2)
        inside = lambda pts: pts.min() >= -1e-6 and np.all(pts.max(axis=0) <= (cam_w + 1e-6, cam_h + 1e-6))
        assert inside(sheet_in)
        if framed == "screen":
            assert got == pytest.approx(pitch) and inside(screen_in)
            assert pitch_at(m, sw / 2, sh / 2) == pytest.approx(pitch, rel=1e-6)
        else:
            assert got <= pitch + 1e-9 and not inside(screen_in)
            assert pitch_at(m, sheet[0] + cw / 2, sheet[1] + ch / 2) == pytest.approx(got, rel=1e-6)
            extent = sheet_in.max(axis=0) - sheet_in.min(axis=0)
            assert max(extent / (cam_w, cam_h)) <= 0.97 + 1e-6
    assert seen == {"screen", "sheet"}


def test_the_margin_squares_are_blank_on_every_printed_sheet():
    # the screen check looks for the pixel grid in the sheet's paper just outside the grid too:
    # those squares must be blank on every layout-1 sheet railprint prints (A4 and Letter,
    # English and Polish, base, meteor and lava, blank and tonight's), 1 mm clear of any ink
    import pypdfium2 as pdfium

    from railprint.games.railroad_ink.rollwrite import tonight_sheet
    from railprint.games.railroad_ink.sheet import build_sheets, grid_origin
    from railprint.layout.paper import paper
    from railprint.units import mm
    from railprint.writers import render

    p = 4.0   # px per mm
    docs = [(build_sheets(paper="a4", lang="en"), "a4"), (build_sheets(paper="letter", lang="pl"), "letter"),
            (tonight_sheet(7, expansion="lava", paper="a4", lang="pl", date="2026-11-28"), "a4"),
            (tonight_sheet(7, expansion="meteor", paper="letter", lang="en", date="2026-11-28"), "letter")]
    pages = 0
    for doc, size in docs:
        gx, gy = (v / mm(1) for v in grid_origin(paper(size)))
        pdf = pdfium.PdfDocument(render(doc, "pdf")[0])
        for number in range(len(pdf)):
            image = pdf[number].render(scale=p / (72 / 25.4)).to_numpy()[..., :3].min(axis=2)
            pages += 1
            for x, y in screen.MARGIN_SQUARES:
                x0, y0 = int((gx + x - 1) * p), int((gy + y - 1) * p)
                x1, y1 = int((gx + x + screen.MARGIN_MM + 1) * p), int((gy + y + screen.MARGIN_MM + 1) * p)
                assert image[y0:y1, x0:x1].min() >= 245, (size, number, x, y)
            # ... and the check is not blind: the grid's outer line, 1.5 mm from the nearest, is ink
            edge = int((gx + 147) * p)
            assert image[int((gy + 60) * p):int((gy + 70) * p), edge - 2:edge + 3].min() < 100
        pdf.close()
    assert pages == 1 + 3 + 3 + 1


def _draw_over(jpeg: bytes, rects) -> bytes:
    """The photo with a dark X drawn across each of ``rects`` (grid mm: x0, y0, x1, y1), as a
    player's routes cross a square: no window there is blank any more (the marks' homography
    places them)."""
    import numpy as np

    image = cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR)
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    found, _ = read._find_markers(gray)
    H, _ = read._homography(found)
    for x0, y0, x1, y1 in rects:
        quad = np.array([[[x0, y0]], [[x1, y1]], [[x1, y0]], [[x0, y1]]], np.float32)
        a, b, c, d = cv2.perspectiveTransform(quad, H).reshape(-1, 2).round().astype(int).tolist()
        width = max(3, round(0.6 * screen._px_per_mm_at(H, (x0 + x1) / 2, (y0 + y1) / 2)))
        cv2.line(image, a, b, (60, 60, 60), width)
        cv2.line(image, c, d, (60, 60, 60), width)
    ok, buf = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 90])
    assert ok
    return buf.tobytes()


GRID_SQUARES = [screen._inside(r, c) for r, c in screen._white_squares()]
MARGINS = [(x, y, x + screen.MARGIN_MM, y + screen.MARGIN_MM) for x, y in screen.MARGIN_SQUARES]


def _flagged_as_a_screen(reading) -> int:
    return sum(u.reason.startswith(screen.DOUBT_WHY) for u in reading.uncertain)


def test_a_screen_drawn_full_is_refused_from_the_sheets_blank_margins(screen_photo, monkeypatch):
    # every white square crossed by a route (a board drawn full): no blank window in the grid;
    # the paper the layout leaves blank outside the grid still shows the pixel grid (the
    # screen's frame, which refuses this photo too, left out)
    monkeypatch.setattr(screen, "frame_sides", lambda gray, H: [screen.Side(None, (), 0.0)] * 4)
    jpeg = _draw_over(screen_photo(SCREEN_SEED).jpeg, GRID_SQUARES)
    gray = read._decode(jpeg)
    found, _ = read._find_markers(gray)
    H, _ = read._homography(found)
    assert len(screen._peaks(gray, H, GRID_SQUARES, 99)) < screen.MIN_WINDOWS
    with pytest.raises(PhotoError, match="photo of a screen"):
        read_photo(jpeg)


def test_a_screen_with_no_verdict_in_the_sheet_is_read_with_every_space_flagged(screen_photo, monkeypatch):
    # nothing blank in the sheet at all (grid and margins drawn over): no verdict there; the
    # whole photo's scan finds the pixel grid, so the photo is read but nothing is taken for
    # certain (exit 3), never a silent guess (the screen's frame, which refuses it, left out)
    monkeypatch.setattr(screen, "frame_sides", lambda gray, H: [screen.Side(None, (), 0.0)] * 4)
    monkeypatch.setattr(screen, "frame_anywhere", lambda gray, inside=None: False)
    jpeg = _draw_over(screen_photo(SCREEN_SEED).jpeg, GRID_SQUARES + MARGINS)
    assert read.screen_score(jpeg)[0] is None
    assert screen.scan_hits(read._decode(jpeg))[0] >= screen.SCAN_HITS
    reading = read_photo(jpeg)
    assert len(reading.uncertain) == 49 and _flagged_as_a_screen(reading) >= 1
    # without the scan's finding, the spaces the drawing left clear would be read with certainty
    monkeypatch.setattr(screen, "scan_hits", lambda gray: (0, 64))
    plain = read_photo(jpeg)
    assert _flagged_as_a_screen(plain) == 0 and len(plain.uncertain) == 49 - _flagged_as_a_screen(reading)


@pytest.mark.parametrize("seed", PAPER)
def test_paper_with_no_verdict_in_the_sheet_is_not_flagged_as_a_screen(seed, paper_photo):
    jpeg = _draw_over(paper_photo(seed, megapixels=3.0).jpeg, GRID_SQUARES + MARGINS)
    assert read.screen_score(jpeg)[0] is None
    assert _flagged_as_a_screen(read_photo(jpeg)) == 0


def test_a_score_between_any_papers_and_the_threshold_flags_every_space(monkeypatch, paper_photo):
    # the doubt band: over any paper photo's median peak (dev and held-out: under 11) and
    # under THRESHOLD, the photo is read with every space flagged and the reason given
    photo = paper_photo(PAPER[0], megapixels=3.0)
    assert _flagged_as_a_screen(read_photo(photo.jpeg)) == 0
    monkeypatch.setattr(screen, "screen_score", lambda gray, H: ((screen.DOUBT + screen.THRESHOLD) / 2, 12))
    reading = read_photo(photo.jpeg)
    assert len(reading.uncertain) == 49 and _flagged_as_a_screen(reading) >= 1
    assert [u.square for u in reading.uncertain][:3] == ["A1", "A2", "A3"]
    monkeypatch.setattr(screen, "screen_score", lambda gray, H: (screen.THRESHOLD, 12))
    with pytest.raises(PhotoError, match="photo of a screen"):
        read_photo(photo.jpeg)


# --------------------------------------------------------------------------- the screen's frame
# Small drawn photos (no pixel grid in any of them) at 3 px per grid mm, the grid's top-left
# corner at (90, 130) mm from the photo's: a page (A4, white) and what lies around it.
FRAME_PPM, FRAME_ORIGIN = 3.0, (90.0, 130.0)
FRAME_H = np.array([[FRAME_PPM, 0, FRAME_ORIGIN[0] * FRAME_PPM], [0, FRAME_PPM, FRAME_ORIGIN[1] * FRAME_PPM],
                    [0, 0, 1]])
A4_PAGE = (-16.5, 193.5, -63.5, 233.5)


def _framed(display=None, bezel_mm=8.0, ui=225, table=120, turn=0.0, size=(350, 420), seed=0, shown=None):
    """A photo (grey, uint8) of a white A4 page on a table; with ``display`` (x0, x1, y0, y1 in
    grid mm), the page shown on a screen: the display's area at grey ``ui``, its dark bezel
    ``bezel_mm`` wide around it, then the table; ``turn``: the display turned by that many degrees
    against the page (a page lying on a dark-rimmed tray, not shown square on a screen);
    ``shown`` (mm in from the display's left and right, from its top and bottom, grey): a photo
    of the page shown on the display, its own table that grey, turned with the display."""
    w, h = int(size[0] * FRAME_PPM), int(size[1] * FRAME_PPM)
    image = np.full((h, w), table, np.uint8)

    def box(x0, x1, y0, y1, grey, angle=0.0):
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        rect = ((float((cx + FRAME_ORIGIN[0]) * FRAME_PPM), float((cy + FRAME_ORIGIN[1]) * FRAME_PPM)),
                (float((x1 - x0) * FRAME_PPM), float((y1 - y0) * FRAME_PPM)), angle)
        cv2.fillPoly(image, [cv2.boxPoints(rect).round().astype(np.int32)], int(grey))

    if display is not None:
        x0, x1, y0, y1 = display
        box(x0 - bezel_mm, x1 + bezel_mm, y0 - bezel_mm, y1 + bezel_mm, 10, turn)
        box(x0, x1, y0, y1, ui, turn)
        if shown is not None:
            dx, dy, grey = shown
            box(x0 + dx, x1 - dx, y0 + dy, y1 - dy, grey, turn)
    box(*A4_PAGE, 240)
    noise = np.random.default_rng(seed).normal(0, 3, image.shape)
    return np.clip(cv2.GaussianBlur(image.astype(np.float32), (0, 0), 0.8) + noise, 0, 255).astype(np.uint8)


# a phone's display, 9:16: the page fitted to its width (6 mm each side), letterboxed above and
# below; its photo 30 mm taller than the default (TALL) to hold it
PHONE = (A4_PAGE[0] - 6, A4_PAGE[1] + 6, A4_PAGE[2] - 49, A4_PAGE[3] + 49)
TALL = (350, 450)


def test_a_screens_frame_around_the_sheet_refuses_a_photo_with_no_pixel_grid():
    image = _framed(PHONE, size=TALL)
    assert _frame_sides(image, FRAME_H) == 4
    assert screen.screen_score(image, FRAME_H)[0] is None or screen.screen_score(image, FRAME_H)[0] < screen.DOUBT
    assert screen.check(image, FRAME_H) == screen.SCREEN
    # a dark screen around the page (a viewer's dark mode): the same
    assert _frame_sides(_framed(PHONE, ui=45, size=TALL), FRAME_H) == 4


def test_the_displays_edge_is_the_last_fall_before_the_bezel():
    # a dark viewer's letterbox 14 mm above and below the page, the bezel beyond it; below the
    # page a 3 mm shadow, whose own fall into the letterbox is past FRAME_GAP_MM: the display's
    # edge is the fall next to the bezel's rise, as far out as above the page (dev screen
    # 910,013: 3 and 10 mm, called off centre, every space flagged instead of refused)
    display = (A4_PAGE[0] - 6, A4_PAGE[1] + 6, A4_PAGE[2] - 14, A4_PAGE[3] + 14)
    image = _framed(display, ui=45, size=TALL)
    top = int(round((FRAME_ORIGIN[1] + A4_PAGE[3]) * FRAME_PPM))
    image[top:top + int(3 * FRAME_PPM)] = 150
    *_, above, below = screen.frame_distances(image, FRAME_H)
    assert above is not None and below is not None
    assert abs(above - below) <= screen.FRAME_CENTRED_MM and above >= 10


def test_the_frame_beside_one_side_only_flags_every_space():
    # the rest of the display beyond the photo's edges: only its right edge and bezel are seen
    image = _framed((-200, PHONE[1], -200, 400))
    assert _frame_sides(image, FRAME_H) == 1
    assert screen.check(image, FRAME_H).startswith(screen.DOUBT_WHY)


@pytest.mark.parametrize("case", ["plain", "dark band turned 2 degrees", "one straight edge beyond the page",
                                  "the page's own edge 4 mm off"])
def test_paper_has_no_screens_frame(case):
    if case == "plain":
        image, H = _framed(), FRAME_H
    elif case == "dark band turned 2 degrees":   # a dark-rimmed tray under the page, not square to it
        image, H = _framed(PHONE, ui=150, turn=2.0, size=TALL), FRAME_H
    elif case == "one straight edge beyond the page":   # the table's edge, square to the page, the floor beyond
        image = _framed()
        image[:, int((FRAME_ORIGIN[0] + 230) * FRAME_PPM):] = 40
        H = FRAME_H
    else:                                        # the marks' homography a little off: the page's edge beyond the gap
        image = _framed(table=30)
        H = FRAME_H @ np.array([[1, 0, 4.0], [0, 1, 4.0], [0, 0, 1]])
    assert _frame_sides(image, H) == 0
    if case == "dark band turned 2 degrees":
        # never refused; but a frame round the grid, square to it or not, flags every space
        # (round six: a photo of the paper shown on a screen, turned in it, looks the same)
        assert "round the sheet" in screen.check(image, H)
    else:
        assert screen.check(image, H) is None


@pytest.mark.parametrize("seed", PAPER)
def test_photos_of_paper_show_no_screens_frame(seed, paper_photo):
    gray = read._decode(paper_photo(seed, megapixels=3.0).jpeg)
    found, _ = read._find_markers(gray)
    H, _ = read._homography(found)
    assert _frame_sides(gray, H) == 0


def test_a_sheet_off_centre_in_a_dark_frame_is_flagged_not_refused():
    # a dark-rimmed tray square to the sheet: a frame beside all four sides, but a viewer centres
    # the page on a screen and the sheet lies 5 and 20 mm from the rim's left and right
    tray = (A4_PAGE[0] - 5, A4_PAGE[1] + 20, A4_PAGE[2] - 8, A4_PAGE[3] + 15)
    image = _framed(tray, bezel_mm=12, ui=150)
    assert _frame_sides(image, FRAME_H) == 4
    assert screen.check(image, FRAME_H).startswith(screen.DOUBT_WHY)
    # the same frame with the sheet centred in it, in a phone's shape, is a screen's
    assert screen.check(_framed(PHONE, bezel_mm=12, ui=150, size=TALL), FRAME_H) == screen.SCREEN
    # ... but not in a tray's shape (round seven), between a phone's and a monitor's: every space flagged
    centred = (A4_PAGE[0] - 12, A4_PAGE[1] + 12, A4_PAGE[2] - 10, A4_PAGE[3] + 10)
    assert "no phone's or monitor's shape" in screen.check(_framed(centred, bezel_mm=12, ui=150), FRAME_H)


def test_a_display_is_shaped_like_a_phones_or_a_monitors():
    # the display's width over its height from the frame's distances, the page centred in it
    x0, x1, y0, y1 = screen.PAGE_MM
    side = screen.Side
    assert screen._display_shape([side(5, (), 0), side(5, (), 0), side(60, (), 0), side(60, (), 0)]) == \
        pytest.approx((x1 - x0 + 10) / (y1 - y0 + 120))
    # an unseen side is as far out as the opposite one; an axis with none seen: no shape
    assert screen._display_shape([side(None, (), 0), side(150, (), 0), side(None, (), 0), side(20, (), 0)]) == \
        pytest.approx((x1 - x0 + 300) / (y1 - y0 + 40))
    assert screen._display_shape([side(5, (), 0), side(5, (), 0), side(None, (), 0), side(None, (), 0)]) is None
    # a sheet centred in a tray within 2 mm on both axes (dev tray 254: 0.65): flagged, not refused
    tray = (A4_PAGE[0] - 5, A4_PAGE[1] + 5, A4_PAGE[2] - 20, A4_PAGE[3] + 20)
    image = _framed(tray, bezel_mm=12, ui=150)
    assert _frame_sides(image, FRAME_H) == 4
    assert "no phone's or monitor's shape" in screen.check(image, FRAME_H)


def test_a_sheet_centred_in_a_tray_on_one_axis_only_is_flagged_not_refused():
    # dev tray 212 (round seven): the tray's floor as wide above and below the sheet (centred on
    # that axis), 20 and 5 mm beside it; the left rim beyond the photo's edge, but the floor is
    # seen 12 mm out with no fall where a centred display's edge would be
    cut = int((FRAME_ORIGIN[0] - 35) * FRAME_PPM)       # the photo starts 35 mm left of the grid
    H = np.array([[1, 0, -cut], [0, 1, 0], [0, 0, 1.0]]) @ FRAME_H
    tray = (A4_PAGE[0] - 20, A4_PAGE[1] + 5, A4_PAGE[2] - 6, A4_PAGE[3] + 6)
    image = _framed(tray, bezel_mm=12, ui=150)[:, cut:]
    assert [d is not None for d in screen.frame_distances(image, H)] == [False, True, True, True]
    assert "not centred" in screen.check(image, H)
    # a phone's display with the sheet centred in it on both axes: a screen's frame (its left
    # bezel beyond the photo's edge, but the display's edge seen where it should be)
    assert screen.check(_framed(PHONE, bezel_mm=12, ui=150, size=TALL)[:, cut:], H) == screen.SCREEN


# ---------------------------------------------------------- the screen's frame, marks not found
def _jpeg(gray: np.ndarray) -> bytes:
    ok, buf = cv2.imencode(".jpg", gray, [cv2.IMWRITE_JPEG_QUALITY, 90])
    assert ok
    return buf.tobytes()


def _afar(centre=(600, 450), turn=0.0, bezel=True, table=130, ui=200, seed=0):
    """A 1200 x 900 photo (grey) of a whole phone from afar: its display 300 x 560 px (ui grey)
    in a dark bezel 18 px wide (``bezel``; else the sheet lies on the table), turned ``turn``
    degrees, a white page with a printed grid fitted to its width; no marks anywhere."""
    image = np.full((900, 1200), table, np.uint8)

    def box(w, h, grey, dx=0.0, dy=0.0):   # (dx, dy): from the centre, before the turn
        a = np.radians(turn)
        at = (centre[0] + dx * np.cos(a) - dy * np.sin(a), centre[1] + dx * np.sin(a) + dy * np.cos(a))
        cv2.fillPoly(image, [cv2.boxPoints((at, (w, h), turn)).round().astype(np.int32)], int(grey))

    if bezel:
        box(336, 596, 12)
        box(300, 560, ui)
    box(280, 396, 240)
    for k in range(8):   # the grid's lines
        box(2, 180, 60, dx=-90 + 180 * k / 7)
        box(180, 2, 60, dy=-90 + 180 * k / 7)
    noise = np.random.default_rng(seed).normal(0, 3, image.shape)
    return np.clip(cv2.GaussianBlur(image.astype(np.float32), (0, 0), 0.8) + noise, 0, 255).astype(np.uint8)


def test_a_whole_screen_whose_marks_are_not_found_is_refused_as_a_screen(monkeypatch):
    image = _afar()
    assert screen.frame_anywhere(image)
    assert screen.frame_anywhere(_afar(turn=25.0))        # turned against the photo
    assert screen.frame_anywhere(_afar(ui=45))            # a dark letterbox beside the page
    with pytest.raises(PhotoError, match="photo of a screen"):
        read_photo(_jpeg(image))
    monkeypatch.setattr(screen, "frame_anywhere", lambda gray: False)   # without the frame: the marks' line
    with pytest.raises(PhotoError, match="no registration marks found"):
        read_photo(_jpeg(image))


def test_a_screen_with_a_corner_out_of_the_photo_shows_its_frame(monkeypatch):
    # turned 20 degrees and moved right until one corner of the bezel leaves the photo
    image = _afar(centre=(1010, 450), turn=20.0)
    assert image[:, -1].min() < 60          # the bezel reaches the photo's edge
    assert screen.frame_anywhere(image)
    monkeypatch.setattr(screen, "_uncut", lambda poly, w, h: None)
    assert not screen.frame_anywhere(image)


def test_a_small_whole_screen_shows_its_frame_a_small_square_does_not(monkeypatch):
    # round seven: the phone of _afar in a photo twice as wide and tall, its frame 4.6 % of it
    # (dev 900,025: a whole laptop filling 5.7 %, its marks lost); a dark square frame as small
    # (a square printed on the sheet, shaded) is no phone's or monitor's shape
    big = np.full((1800, 2400), 130, np.uint8)
    big[450:1350, 600:1800] = _afar()
    assert screen.frame_anywhere(big)
    square = np.full((1800, 2400), 130, np.uint8)
    cv2.rectangle(square, (975, 675), (1425, 1125), 12, -1)
    cv2.rectangle(square, (993, 693), (1407, 1107), 200, -1)
    square = np.clip(cv2.GaussianBlur(square.astype(np.float32), (0, 0), 0.8)
                     + np.random.default_rng(0).normal(0, 3, square.shape), 0, 255).astype(np.uint8)
    assert not screen.frame_anywhere(square)
    monkeypatch.setattr(screen, "BAND_ELONGATED", 1.0)   # the square's frame is found but for its shape
    assert screen.frame_anywhere(square)


@pytest.mark.parametrize("table", [130, 30])
def test_paper_on_a_plain_or_a_dark_table_shows_no_frame_without_its_marks(table):
    image = _afar(bezel=False, table=table)
    assert not screen.frame_anywhere(image)
    with pytest.raises(PhotoError, match="no registration marks found"):
        read_photo(_jpeg(image))


# dev seed 31 at 2 MP: a tray of a 20 mm rim, the sheet 5 and 21 mm from its left and right
# sides (off centre); a laptop beside the sheet; a dark table
SURROUNDED = dict(seed=31, megapixels=2.0)


def test_the_generators_surroundings_are_seeded_and_change_only_the_table(paper_photo):
    plain = paper_photo(**SURROUNDED)
    for what in synth.SURROUNDS:
        photo = paper_photo(**SURROUNDED, surround=what)
        assert photo.jpeg != plain.jpeg and photo.board == plain.board and photo.params["surround"]
    assert make_photo(**SURROUNDED, surround="tray").jpeg == paper_photo(**SURROUNDED, surround="tray").jpeg
    with pytest.raises(ValueError):
        make_photo(31, megapixels=1.0, surround="sofa")


@pytest.mark.parametrize("what", synth.SURROUNDS)
def test_paper_on_a_dark_table_in_a_tray_or_beside_a_laptop_is_read(what, paper_photo):
    # read, every space read wrong flagged; only the tray (a frame, but off centre) flagged in full
    photo = paper_photo(**SURROUNDED, surround=what)
    reading = read_photo(photo.jpeg)
    wrong = {place for place, (a, b) in _spaces(photo.board, reading.board) if a != b}
    assert wrong <= {u.square for u in reading.uncertain}
    assert (_flagged_as_a_screen(reading) > 0) == (what == "tray")


def test_a_screens_frame_round_the_grid_not_square_to_it_flags_every_space(monkeypatch):
    # a photo of the sheet shown on a screen: the display turned 5 degrees against the page, so
    # no frame is square to it; the bezel is found round the grid all the same
    display = (A4_PAGE[0] - 40, A4_PAGE[1] + 40, A4_PAGE[2] - 25, A4_PAGE[3] + 25)
    image = _framed(display, turn=5.0)
    assert _frame_sides(image, FRAME_H) == 0
    assert "round the sheet" in screen.check(image, FRAME_H)
    # a frame that does not hold the grid (a laptop beside the sheet) does not count ...
    assert not screen.frame_anywhere(image, inside=(5.0, 5.0))
    # ... and without the frame the photo is paper
    monkeypatch.setattr(screen, "frame_anywhere", lambda gray, inside=None: False)
    assert screen.check(image, FRAME_H) is None


# round eight: a photo of the sheet shown on a screen, the display turned 5 degrees against the
# page; the photo fitted to the display's height, letterboxed 15 mm left and right
SHOWN_DISPLAY = (A4_PAGE[0] - 40, A4_PAGE[1] + 40, A4_PAGE[2] - 25, A4_PAGE[3] + 25)


def test_a_photo_of_the_sheet_shown_on_a_screen_is_refused_by_the_photos_edge_inside_the_frame():
    image = _framed(SHOWN_DISPLAY, turn=5.0, shown=(15, 0, 90))
    assert _frame_sides(image, FRAME_H) == 0
    assert screen.photo_shown(image, FRAME_H)
    assert screen.check(image, FRAME_H) == screen.SCREEN
    # a dark letterbox, as dark as the bezel: the band beside the left and right sides is wider
    assert screen.check(_framed(SHOWN_DISPLAY, turn=5.0, ui=12, shown=(15, 0, 150)), FRAME_H) == screen.SCREEN
    # letterboxed on both axes (dev 14): the photo's edges beside the left and right sides span
    # 197 of the display's 347 mm (71 % of the middle 80 % of the rows); a darker letterbox
    assert screen.check(_framed(SHOWN_DISPLAY, turn=5.0, ui=60, shown=(15, 75, 110)), FRAME_H) == screen.SCREEN


@pytest.mark.parametrize("case", ["no photo's edge", "the edge beside one side only", "not centred", "square to the page",
                                  "as far in on every side"])
def test_a_frame_round_the_sheet_without_a_centred_photo_edge_turned_in_it_is_not_refused(case):
    # a sheet in a dark-rimmed tray turned against it: no edge inside the rim, or one with no
    # match beside the opposite side, or not as far in from both (flagged in full, as before)
    shown = {"no photo's edge": None, "the edge beside one side only": (15, 0, 90),
             "not centred": (15, 0, 90), "square to the page": (15, 0, 90),
             "as far in on every side": (15, 15, 170)}[case]   # a tray's sloped wall all round
    image = _framed(SHOWN_DISPLAY, turn=5.0, shown=shown)
    if case == "the edge beside one side only":   # the photo reaching the display's right side
        image = _framed(SHOWN_DISPLAY, turn=5.0, shown=(15, 0, 90))
        right = _framed(SHOWN_DISPLAY, turn=5.0, shown=(0, 0, 90))
        image[:, image.shape[1] // 2:] = right[:, image.shape[1] // 2:]
    if case == "not centred":
        image = _framed(SHOWN_DISPLAY, turn=5.0, shown=(15, 0, 90))
        deeper = _framed(SHOWN_DISPLAY, turn=5.0, shown=(32, 0, 90))
        image[:, image.shape[1] // 2:] = deeper[:, image.shape[1] // 2:]
    assert screen.frame_anywhere(image, inside=[(5.0 + FRAME_ORIGIN[0] * FRAME_PPM, 5.0 + FRAME_ORIGIN[1] * FRAME_PPM)])
    if case == "square to the page":   # the same quadrilaterals, the page turned with them
        R = cv2.getRotationMatrix2D((float((88.5 + FRAME_ORIGIN[0]) * FRAME_PPM), float((85 + FRAME_ORIGIN[1]) * FRAME_PPM)),
                                    -5.0, 1.0)
        H = np.vstack([R, [0, 0, 1]]) @ FRAME_H
        assert not screen.photo_shown(image, H)
        return
    assert not screen.photo_shown(image, FRAME_H)
    assert screen.check(image, FRAME_H).startswith(screen.DOUBT_WHY)


def test_a_screen_cut_by_the_photos_border_at_two_corners_shows_its_frame(monkeypatch):
    # round eight (dev screens 14, 900,010): a phone turned 30 degrees, its top and bottom corners
    # beyond the photo's border: its bezel falls apart into two pieces, each ending at the border
    image = _afar(turn=30.0)[150:750]
    assert screen.frame_anywhere(image)
    monkeypatch.setattr(screen, "BAND_PIECE", 10.0)   # the pieces not taken together: no frame
    assert not screen.frame_anywhere(image)
