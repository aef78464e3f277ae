"""``railprint score railroad-ink --photo``: read the photo, score the board, say what is unsure.

Exit codes (docs/railroad-ink-photo.md): 0 every space read with certainty; 3 the board is
printed with the uncertain spaces listed, each with its best guess, for a person to confirm;
1 the photo cannot be read (no marks, another layout, too large, not an image ...).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from railprint.games.railroad_ink.board import SIZE
from railprint.games.railroad_ink.notation import format_board
from railprint.games.railroad_ink.photo import decode, layout
from railprint.games.railroad_ink.photo.read import MAX_BYTES, PhotoError, Reading, read_photo, too_big_pl
from railprint.games.railroad_ink.photo.words import reason_in
from railprint.games.railroad_ink.result import ScoreResult
from railprint.games.railroad_ink.rules import check_mode, score

UNCERTAIN_EXIT = 3


@dataclass
class PhotoResult:
    reading: Reading
    result: ScoreResult
    source: str

    @property
    def exit_code(self) -> int:
        return UNCERTAIN_EXIT if self.reading.uncertain else 0

    def as_json(self) -> dict:
        r = self.reading
        return {"photo": self.source, "board": format_board(r.board), "expansion": r.expansion,
                "certain": not r.uncertain,
                "uncertain": [{"square": u.square, "guess": u.guess, "reason": u.reason} for u in r.uncertain],
                "sheet": r.sheet, "markers": r.markers, "score": self.result.as_json()}

    def as_text(self, *, lang: str = "en") -> str:
        r = self.reading
        out = [f"# read from {self.source}", format_board(r.board).rstrip("\n"), "", self.result.as_text(lang=lang).rstrip("\n")]
        if r.uncertain:
            word = {"en": "Uncertain spaces (best guess; check them on the sheet)",
                    "pl": "Niepewne pola (najlepsze odczytanie; sprawdź je na arkuszu)"}[lang]
            out += ["", f"{word}: {len(r.uncertain)}"]
            out += [f"  {u.square:<3} {u.guess:<6} {reason_in(u.reason, lang)}" for u in r.uncertain]
        return "\n".join(out) + "\n"


def read_file(path: Path) -> bytes:
    """The photo's bytes; a file over the size limit is refused before it is read, and only a
    regular file is opened (a FIFO named ``x.jpg`` waited for a writer forever)."""
    from railprint.loading.text import read_bytes

    try:
        size = path.stat().st_size
    except OSError:
        size = 0   # read_bytes says why
    if size > MAX_BYTES:
        raise PhotoError(f"{path}: the photo is {size / 1e6:.1f} MB; the limit is {MAX_BYTES / 1e6:.0f} MB",
                         hint="send a smaller JPEG (the camera's normal quality is fine)",
                         pl=f"{path}: {too_big_pl(size)}")
    return read_bytes(path, PhotoError, MAX_BYTES)


def score_photo(path: Path | str, *, longest: str = "simple", debug_image: Path | str | None = None) -> PhotoResult:
    """Read the photo at ``path``, score the board; write ``debug_image`` (PNG) when asked."""
    path = Path(path)
    mode = check_mode(longest)
    if debug_image is not None and Path(debug_image).suffix.lower() != ".png":
        raise PhotoError(f"--debug-image {debug_image}: write it as a .png file",
                         pl=f"--debug-image {debug_image}: zapisz go jako plik .png")
    data = read_file(path)
    try:
        reading = read_photo(data, str(path))
    except PhotoError as exc:
        raise PhotoError(f"{path}: {exc.message}", hint=exc.hint,
                         pl=f"{path}: {exc.pl}" if exc.pl else None) from None
    board = reading.board
    scored = score(board, mode, player=path.stem)
    result = PhotoResult(reading, ScoreResult((scored,)), str(path))
    if debug_image is not None:
        from railprint.writers import write_files

        out = Path(debug_image)
        write_files(out.parent if str(out.parent) else Path("."), [(Path(out.name), debug_png(data, reading))],
                    make_folder=False)
    return result


# --------------------------------------------------------------------------- what was read, drawn

_COLOURS = {"h": (200, 90, 20), "r": (30, 30, 200)}   # BGR: highway blue, railway red
_UNSURE = (0, 150, 255)


def debug_png(data: bytes, reading: Reading, max_side: int = 2400) -> bytes:
    """The photo with what was read drawn over it: each side's route type, stations, overpasses,
    the grid, and a thick orange frame around every uncertain space."""
    if decode.container(data):   # a HEIC/HEIF or AVIF photo (read_photo read it, so its size is sane)
        image = decode.open_photo(data).colour()
    else:
        image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    h, w = image.shape[:2]
    k = min(1.0, max_side / max(h, w))
    if k < 1:
        image = cv2.resize(image, (round(w * k), round(h * k)), interpolation=cv2.INTER_AREA)
    H = np.diag([k, k, 1.0]) @ reading.homography
    image = (image * 0.6 + 255 * 0.4).astype(np.uint8)   # fade the photo: the reading stands out

    def pt(x: float, y: float) -> tuple[int, int]:
        p = H @ np.array([x, y, 1.0])
        return int(round(p[0] / p[2])), int(round(p[1] / p[2]))

    s = layout.SQUARE_MM
    cell_px = max(1, int(abs(pt(s, 0)[0] - pt(0, 0)[0]) + abs(pt(s, 0)[1] - pt(0, 0)[1])))
    thick = max(2, cell_px // 14)
    for i in range(SIZE + 1):
        cv2.line(image, pt(0, i * s), pt(SIZE * s, i * s), (160, 160, 160), 1, cv2.LINE_AA)
        cv2.line(image, pt(i * s, 0), pt(i * s, SIZE * s), (160, 160, 160), 1, cv2.LINE_AA)
    unsure = {u.square for u in reading.uncertain}
    out_dirs = ((0, -1), (1, 0), (0, 1), (-1, 0))
    for r, row in enumerate(reading.board.rows):
        for c, cell in enumerate(row):
            cx, cy = (c + 0.5) * s, (r + 0.5) * s
            for side, kind in enumerate(cell.edges):
                if kind not in _COLOURS and kind != "l":
                    continue
                dx, dy = out_dirs[side]
                colour = _COLOURS.get(kind, (0, 120, 240))
                cv2.line(image, pt(cx + dx * s * 0.12, cy + dy * s * 0.12), pt(cx + dx * s * 0.48, cy + dy * s * 0.48),
                         colour, thick, cv2.LINE_AA)
            if cell.marker in ("s", "o", "v", "x"):
                cv2.putText(image, cell.marker.upper(), pt(cx - s * 0.12, cy + s * 0.12), cv2.FONT_HERSHEY_SIMPLEX,
                            cell_px / 60, (0, 0, 0), max(1, thick // 2), cv2.LINE_AA)
            if f"{'ABCDEFG'[r]}{c + 1}" in unsure:
                quad = np.array([pt(c * s + 1, r * s + 1), pt((c + 1) * s - 1, r * s + 1),
                                 pt((c + 1) * s - 1, (r + 1) * s - 1), pt(c * s + 1, (r + 1) * s - 1)], np.int32)
                cv2.polylines(image, [quad], True, _UNSURE, thick + 1, cv2.LINE_AA)
    ok, buf = cv2.imencode(".png", image)
    if not ok:
        raise PhotoError("the debug image could not be encoded")
    return buf.tobytes()
