"""Tabletop Simulator: every printable set as a saved object (JSON) with its images.

What each set becomes (the object names of Tabletop Simulator's save format):
- a deck (cards, tickets): ``DeckCustom`` of ``Card`` objects. Distinct faces go on deck sheets
  of at most 10 × 7 cells and 4096 px a side (Tabletop Simulator's limits), fewer cells where a
  face would otherwise drop below 150 dpi (landscape and large faces); the last cell is the
  hidden face (the card back), and ``BackIsHidden`` is set too. One ``CustomDeck`` per sheet,
  keyed 1, 2, …; ``CardID`` = sheet × 100 + cell; a card with copies repeats its id in
  ``DeckIDs``; each ``Card`` is nicknamed after its face. Cards with different backs get a back
  sheet laid out like the face sheet (``UniqueBack``).
- a tile or token set (``kind: tiles``, or a deck with ``tts: tile``: tokens, frames, scoring
  boards): a ``Bag`` of ``Custom_Tile`` objects with both faces (``ImageURL`` and
  ``ImageSecondaryURL``); ``Custom_Token`` is not used because it has one face only and our
  tokens are two-sided. A set whose document names bags (``tts_bag`` meta entries: Ticket to
  Ride's wagons and score marker per player colour) gives one bag per entry.
- a board over pages: ``Custom_Board`` objects of the whole drawing, cut into as many bands as
  keep it at 150 dpi or more within 4096 px a side (a 54 × 80 cm board: two halves).
- die faces one a page (``("tts", "dice")`` in the document's meta: Railroad Ink's dice):
  ``Custom_Dice`` six-sided dice, each face drawn into its cell of Tabletop Simulator's D6
  template, with ``RotationValues`` naming the face each rotation shows (:func:`export_dice`).
- sheets for pencils (score pads, roll-and-write sheets) and rules pages have no sensible object
  and are listed as skipped.

Sizes: every object is scaled so that it lies on the table at its printed size relative to the
others (the size model, :func:`card_scale` and :func:`tile_scale`). Tabletop Simulator stores no
physical size, only a scale: a ``Card`` at scale 1 is as tall as its standard card (the poker
card, 88.9 mm) with the width its face image's aspect gives; a ``Custom_Tile`` / ``Custom_Board``
at scale 1 (``Stretch`` off: the shape follows the image) is ``TILE_HEIGHT_MM`` tall, 1.318 /
3.5 of a card. One unit of this model is the millimetre of the printed piece.

Images are the PDF the writer already makes, rasterised (:mod:`railprint.export.images`).
URLs: ``file:///`` paths of the written images by default (they work for the local player
only); ``url_base`` makes them ``<url_base>/<game>/<file>`` for images uploaded to a web host.
"""

from __future__ import annotations

import io
import json
import math
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from urllib.parse import quote

from railprint.errors import RailprintError
from railprint.export.images import Raster, document_images, encode, face_key, pixels, rasterise
from railprint.scene import Document, Page

COLS, ROWS = 10, 7          # the largest deck sheet Tabletop Simulator reads
MAX_SIDE = 4096             # px, the largest image side it reads reliably
MAX_BOARD_SIDE = 4096
CELLS = COLS * ROWS
MIN_DPI = 150               # every face at least this sharp (or the --dpi asked, if lower)
# The size model (docs/exports.md, "Sizes"): the height, in millimetres of the printed piece, of
# a Card and of a Custom_Tile / Custom_Board at scale 1; widths follow the images' aspect.
# A Card at scale 1 is Tabletop Simulator's standard card (the poker card, 2.5 × 3.5 in); tiles
# and boards are measured against cards in the same table: 1.318 in for 3.5 in of card.
CARD_HEIGHT_MM = 88.9
TILE_HEIGHT_MM = CARD_HEIGHT_MM * 1.318 / 3.5


def card_scale(height_mm: float) -> float:
    """The scale of a ``Card`` (and its ``DeckCustom``) ``height_mm`` tall."""
    return round(height_mm / CARD_HEIGHT_MM, 5)


def tile_scale(height_mm: float) -> float:
    """The scale of a ``Custom_Tile`` or ``Custom_Board`` ``height_mm`` tall."""
    return round(height_mm / TILE_HEIGHT_MM, 5)


def _mm(points: float) -> float:
    return points / 72 * 25.4


@dataclass(frozen=True)
class Face:
    """A distinct component face: its 1-up page, a name for the ``Nickname``."""

    page: Page
    name: str


@dataclass
class SetExport:
    """What one set becomes: files to write (relative path, bytes) and the saved object."""

    files: list[tuple[Path, bytes]] = field(default_factory=list)
    saved_object: dict | None = None
    skipped: str | None = None


def _transform(x: float = 0.0, z: float = 0.0, flipped: bool = False, scale: float = 1.0) -> dict:
    return {"posX": x, "posY": 1.0, "posZ": z, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0 if flipped else 0.0,
            "scaleX": scale, "scaleY": 1.0, "scaleZ": scale}


def _guid(*parts: object) -> str:
    """A stable six-hex-digit GUID (the same set gives the same file)."""
    import hashlib

    return hashlib.sha1("/".join(map(str, parts)).encode()).hexdigest()[:6]


MAX_NAME = 80
"""The longest name railprint gives an object (``Nickname``) or a saved object (``SaveName``),
ellipsis included: a title is the user's text (a 660 KB deck title went into every name whole)."""
_KEPT_FORMATS = ("\u200c", "\u200d")   # the joiners of emoji and scripts: not controls


def object_name(text: str, limit: int = MAX_NAME) -> str:
    """``text`` as a name Tabletop Simulator shows (a ``Nickname``, a ``SaveName``): control,
    invisible and bidirectional characters dropped (a line break or tab becomes a space), runs of
    spaces one space, and at most ``limit`` characters — a longer text keeps its start and ends
    in an ellipsis (…)."""
    import unicodedata

    text = str(text)[:limit * 64]   # no name needs more to be cut from (a 660 KB title is read once)
    kept = "".join(" " if c.isspace() else c for c in text
                   if c.isspace() or c in _KEPT_FORMATS or unicodedata.category(c) not in ("Cc", "Cf", "Cs", "Co", "Cn"))
    kept = " ".join(kept.split())
    if len(kept) <= limit:
        return kept
    cut = kept[:max(0, limit - 1)]
    if kept[len(cut)] != " " and " " in cut[-20:]:   # end at a word when one ends near the cut
        cut = cut[:cut.rindex(" ")]
    return cut.rstrip() + "…"


class _Names:
    """The names of one saved object's pieces (:func:`object_name`), kept apart: one text always
    gets one name (copies share their card's name), and two different texts never get the same
    name because the cut made them alike — the later one is numbered (``… #2``). ``suffix``
    (railprint's own: a band's or a copy's `` (2/3)``) is kept whole after the cut."""

    def __init__(self, limit: int = MAX_NAME) -> None:
        self.limit = limit
        self.given: dict[tuple[str, str], str] = {}
        self.taken: set[str] = set()
        self.numbered: dict[str, int] = {}

    def __call__(self, text: str, suffix: str = "") -> str:
        key = (str(text), suffix)
        if key in self.given:
            return self.given[key]
        name = first = object_name(text, self.limit - len(suffix)) + suffix
        number = self.numbered.get(first, 2)   # 5,000 texts alike once cut: each numbered at once
        while name in self.taken:
            mark = f" #{number}"
            name = object_name(text, self.limit - len(suffix) - len(mark)) + mark + suffix
            number += 1
        self.numbered[first] = number
        self.given[key] = name
        self.taken.add(name)
        return name


def saved_object_file(objects: list[dict], name: str) -> dict:
    """A Saved Objects file: the save format's top level with the objects in ``ObjectStates``
    (``name``, the set's title, cut as every object's name is: :func:`object_name`)."""
    return {"SaveName": object_name(name), "GameMode": "", "Date": "", "VersionNumber": "", "Gravity": 0.5,
            "PlayArea": 0.5, "Table": "", "Sky": "", "Note": "", "Rules": "", "XmlUI": "",
            "LuaScript": "", "LuaScriptState": "", "TabStates": {}, "ObjectStates": objects}


def _pairs(doc: Document) -> list[tuple[Page, Page | None]]:
    """(front, back) pages of a 1-up document, one pair per component copy. 1-up pages are
    labelled ``NNN-front`` / ``NNN-back``."""
    pairs: list[tuple[Page, Page | None]] = []
    for page in doc.pages:
        if page.label.endswith("-front"):
            pairs.append((page, None))
        elif page.label.endswith("-back") and pairs and pairs[-1][1] is None:
            pairs[-1] = (pairs[-1][0], page)
    return pairs


def _face_key(page: Page | None):
    return None if page is None else face_key(page)


def _face_name(page: Page, number: int, names: _Names) -> str:
    """The component's name; else the words on its face; else its number (cut and kept apart
    by ``names``)."""
    if page.name and object_name(page.name):
        return names(page.name)
    from railprint.scene import Text, walk

    words, length = [], 0
    for item, _ in walk(page.items):
        if isinstance(item, Text) and item.text.strip() and length <= MAX_NAME:
            words.append(item.text.strip()[:MAX_NAME + 1])
            length += len(words[-1]) + 1
    text = " ".join(words)
    return names(text) if object_name(text) else f"#{number}"


MAX_URL_BASE = 2000
_PATH_SAFE = "/:@!$&'()*+,;=-._~%"   # RFC 3986 path characters kept as they are ('%XX' escapes too)


def check_url_base(text: str) -> str:
    """``--url-base`` as the images' folder on the web, percent-encoded (spaces and letters such
    as ł in its path; a host such as pociągi.pl in IDNA): an http(s) address with a host and no
    query, fragment, user name or password (it would be written into every saved object, for
    everyone at the table to read), at most ``MAX_URL_BASE`` characters, without control or
    invisible characters or backslashes. Returned without its trailing slash."""
    import re
    import unicodedata
    from urllib.parse import urlsplit

    from railprint.errors import clip

    def refuse(why: str, pl: str) -> RailprintError:
        return RailprintError(f"--url-base must be the web address of a folder (http:// or https://), "
                              f"got {clip(text, 80)}: {why}", hint="e.g. https://example.org/my-game",
                              pl=f"--url-base musi być adresem folderu w sieci (http:// albo https://), "
                                 f"podano {clip(text, 80)}: {pl} (np. https://example.org/moja-gra)")

    if not isinstance(text, str) or len(text) > MAX_URL_BASE:
        raise refuse(f"it is longer than {MAX_URL_BASE} characters", f"jest dłuższy niż {MAX_URL_BASE} znaków")
    base = text.strip(" ")
    if any(unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") or c == "\\" for c in base):
        raise refuse("it holds a control or invisible character or a backslash",
                     "zawiera znak sterujący, niewidoczny albo ukośnik wsteczny")
    if not re.match(r"(?i)https?://", base):
        raise refuse("it does not start with https:// or http://", "nie zaczyna się od https:// ani http://")
    if "?" in base or "#" in base:
        raise refuse("a folder's address has no '?' or '#' part", "adres folderu nie ma części '?' ani '#'")
    parts = urlsplit(base)
    if "@" in parts.netloc:
        raise refuse("it names a user or a password, which every saved object would show",
                     "zawiera użytkownika albo hasło, które pokazałby każdy zapisany obiekt")
    host = parts.hostname or ""
    try:
        port = parts.port
        name = host if ":" in host else host.encode("idna").decode("ascii")
    except (ValueError, UnicodeError):
        raise refuse("its host or port is not valid", "jego host albo port jest nieprawidłowy") from None
    valid = (re.fullmatch(r"[0-9A-Fa-f:.]+", name) if ":" in name
             else re.fullmatch(r"[A-Za-z0-9](?:[A-Za-z0-9.\-]*[A-Za-z0-9])?", name))
    if not name or not valid or ".." in name:
        raise refuse("it names no valid host", "nie podaje prawidłowego hosta")
    netloc = (f"[{name}]" if ":" in name else name.lower()) + (f":{port}" if port is not None else "")
    path = quote(re.sub(r"%(?![0-9A-Fa-f]{2})", "%25", parts.path), safe=_PATH_SAFE)
    return f"{parts.scheme.lower()}://{netloc}{path}".rstrip("/")


class _Urls:
    def __init__(self, out: Path, game: str, url_base: str | None):
        self.out, self.game, self.base = out, game, url_base

    def __call__(self, rel: Path) -> str:
        if self.base:
            return self.base.rstrip("/") + "/" + quote(str(PurePosixPath(*rel.parts)))
        return (self.out.resolve() / rel).as_uri()


def _sheet_dpi(width: float, height: float, cols: int, rows: int, dpi: int) -> tuple[int, int]:
    """The cell size in pixels: the face at ``dpi``, shrunk so the sheet stays ≤ 4096 px a side."""
    w, h = pixels(width, dpi), pixels(height, dpi)
    shrink = min(1.0, (MAX_SIDE // cols) / w, (MAX_SIDE // rows) / h)
    return max(1, math.floor(w * shrink)), max(1, math.floor(h * shrink))


def _raster_faces(pages: list[Page], dpi: int, size: tuple[int, int]) -> list:
    """Trimmed images of ``pages`` resized to exactly ``size`` pixels."""
    from PIL import Image

    from railprint.writers import render

    doc = Document(tuple(pages))
    rasters = rasterise(doc, render(doc, "pdf")[0], dpi, bleed=False)
    images = [r.image.convert("RGB") for r in rasters]   # TTS rounds its cards itself: no corner masks
    return [image if image.size == size else image.resize(size, Image.LANCZOS) for image in images]


def _sheet_image(images: list, cell: tuple[int, int], cols: int, rows: int, hidden=None) -> bytes:
    from PIL import Image

    sheet = Image.new("RGB", (cell[0] * cols, cell[1] * rows), (255, 255, 255))
    for i, image in enumerate(images):
        sheet.paste(image, ((i % cols) * cell[0], (i // cols) * cell[1]))
    if hidden is not None:
        last = cols * rows - 1
        sheet.paste(hidden, ((last % cols) * cell[0], (last // cols) * cell[1]))
    buffer = io.BytesIO()
    sheet.save(buffer, "PNG", compress_level=1)
    return buffer.getvalue()


class _DeckSheet:
    """The images of one deck sheet, made when the writer asks for them (the faces' sheet first,
    then this sheet's backs or the common back, which reuse the backs it rendered), so one
    sheet's faces are in memory at a time: every sheet's PNG was held until the end (a 700-card
    deck of photos: 780 MB, growing by 50 MB a sheet)."""

    def __init__(self, fronts: list[Page], backs: list[Page], dpi: int, cell: tuple[int, int], cols: int,
                 rows: int, keep_backs: bool) -> None:
        self.fronts, self.back_pages, self.dpi, self.cell, self.cols, self.rows = fronts, backs, dpi, cell, cols, rows
        self.keep_backs = keep_backs   # a backs' image or the common back is written after the faces
        self.back_images: list | None = None

    def _backs(self) -> list:
        if self.back_images is None:
            self.back_images = _raster_faces(self.back_pages, self.dpi, self.cell) if self.back_pages else []
        return self.back_images

    def _hidden(self):
        backs = self._backs()
        return backs[0] if backs else None

    def faces(self) -> bytes:
        data = _sheet_image(_raster_faces(self.fronts, self.dpi, self.cell), self.cell, self.cols, self.rows,
                            self._hidden())
        if not self.keep_backs:
            self.back_images = None
        return data

    def backs(self) -> bytes:
        data = _sheet_image(self._backs(), self.cell, self.cols, self.rows, self._hidden())
        self.back_images = None
        return data

    def back(self, dpi: int) -> bytes:
        """The deck's common back (a grey card if it has none)."""
        from PIL import Image

        hidden = self._hidden()
        self.back_images = None
        image = hidden if hidden is not None else Image.new("RGB", self.cell, (90, 90, 90))
        return encode(Raster("back", image, dpi), "png")


def _grid(n: int, limit: tuple[int, int] = (COLS, ROWS)) -> tuple[int, int]:
    """Columns and rows of a sheet for ``n`` faces plus the hidden cell (at least 2 × 2, at most
    ``limit``)."""
    cells = n + 1
    cols = max(2, min(limit[0], cells))
    return cols, max(2, min(limit[1], math.ceil(cells / cols)))


def _sheet_limit(width: float, height: float, dpi: int) -> tuple[int, int]:
    """The most columns and rows of a deck sheet whose faces stay at ``MIN_DPI`` (or ``dpi`` when
    lower) within 4096 px a side: a landscape or large face gets fewer cells a sheet, and the
    deck more sheets, instead of blurred faces."""
    sharp = min(dpi, MIN_DPI)
    return (max(2, min(COLS, MAX_SIDE // pixels(width, sharp))),
            max(2, min(ROWS, MAX_SIDE // pixels(height, sharp))))


def export_deck(doc: Document, game: str, ident: str, title: str, out: Path, *, dpi: int = 300,
                url_base: str | None = None) -> SetExport:
    """A ``DeckCustom`` for a 1-up document of cards (fronts with optional backs)."""
    pairs = _pairs(doc)
    if not pairs:
        raise RailprintError(f"{game}/{ident}: no cards to export")
    urls = _Urls(out, game, url_base)
    distinct: dict = {}
    for front, back in pairs:
        distinct.setdefault((_face_key(front), _face_key(back)), (front, back))
    kinds = list(distinct)
    fronts = [distinct[k][0] for k in kinds]
    backs = [distinct[k][1] for k in kinds]
    back_keys = {_face_key(b) for b in backs}
    unique_back = len(back_keys) > 1
    trim = fronts[0].trim or (0, 0, fronts[0].width, fronts[0].height)
    limit = _sheet_limit(trim[2], trim[3], dpi)
    per_sheet = limit[0] * limit[1] - 1
    sheets = [list(range(i, min(i + per_sheet, len(kinds)))) for i in range(0, len(kinds), per_sheet)]
    export = SetExport()
    custom: dict[str, dict] = {}
    card_ids: dict = {}
    folder = Path(game) / f"{ident}-tts"
    blank_back = backs[0] is None
    for number, members in enumerate(sheets, 1):
        cols, rows = _grid(len(members), limit)
        cell = _sheet_dpi(trim[2], trim[3], cols, rows, dpi)
        render_dpi = max(36, math.ceil(dpi * cell[0] / pixels(trim[2], dpi)))
        sheet = _DeckSheet([fronts[i] for i in members], [backs[i] for i in members if backs[i] is not None],
                           render_dpi, cell, cols, rows, keep_backs=unique_back or number == 1)
        face_rel = folder / f"{ident}-faces-{number}.png"
        export.files.append((face_rel, sheet.faces))
        if unique_back:
            back_rel = folder / f"{ident}-backs-{number}.png"
            export.files.append((back_rel, sheet.backs))
        else:
            back_rel = folder / f"{ident}-back.png"
            if number == 1:
                export.files.append((back_rel, lambda sheet=sheet: sheet.back(dpi)))
        custom[str(number)] = {"FaceURL": urls(face_rel), "BackURL": urls(back_rel), "NumWidth": cols,
                               "NumHeight": rows, "BackIsHidden": True, "UniqueBack": unique_back, "Type": 0}
        for cell_index, i in enumerate(members):
            card_ids[kinds[i]] = (number, number * 100 + cell_index)
    contained = []
    deck_ids = []
    names = _Names()
    scale = card_scale(_mm(trim[3]))   # the face's aspect gives the width
    for copy, (front, back) in enumerate(pairs):
        number, card_id = card_ids[(_face_key(front), _face_key(back))]
        deck_ids.append(card_id)
        contained.append({"Name": "Card", "Transform": _transform(flipped=True, scale=scale), "Nickname": _face_name(front, copy + 1, names),
                          "Description": "", "CardID": card_id, "CustomDeck": {str(number): custom[str(number)]},
                          "GUID": _guid(game, ident, copy)})
    obj = {"Name": "DeckCustom", "Transform": _transform(flipped=True, scale=scale), "Nickname": object_name(title), "Description": "",
           "GUID": _guid(game, ident), "HideWhenFaceDown": not blank_back, "Hands": True, "SidewaysCard": False,
           "DeckIDs": deck_ids, "CustomDeck": custom, "ContainedObjects": contained}
    export.saved_object = saved_object_file([obj], title)
    export.files.append((folder.parent / f"{ident}.png", encode(Raster("thumb", _thumbnail(fronts[0]), 72), "png")))
    return export


def _thumbnail(page: Page):
    """A small picture of a face for the saved object's thumbnail (Tabletop Simulator shows
    ``<name>.png`` beside ``<name>.json``)."""
    from railprint.writers import render

    doc = Document((page,))
    return rasterise(doc, render(doc, "pdf")[0], 72, bleed=False)[0].image


def export_tiles(doc: Document, game: str, ident: str, title: str, out: Path, *, dpi: int = 300,
                 url_base: str | None = None) -> SetExport:
    """Bags of ``Custom_Tile`` objects, one tile per component copy, both faces as images,
    each at its printed size (:func:`tile_scale`). One bag, or one per ``tts_bag`` entry of the
    document's meta (``<pieces>\\t<label>``: that many copies in order, e.g. a player's wagons
    and score marker)."""
    pairs = _pairs(doc)
    if not pairs:
        raise RailprintError(f"{game}/{ident}: no tiles to export")
    urls = _Urls(out, game, url_base)
    folder = Path(game) / f"{ident}-tts"
    export = SetExport()
    pages: dict = {}
    for front, back in pairs:
        for page in (front, back):
            if page is not None:
                pages.setdefault(_face_key(page), page)
    keys = list(pages)
    from railprint.writers import render

    face_doc = Document(tuple(pages[k] for k in keys))
    # each face rendered when the writer asks for it (one in memory at a time): all of them at
    # once held 1.9 GB for 1,000 tiles of 40 mm (2,000 faces) at 300 dpi
    images = document_images(face_doc, render(face_doc, "pdf")[0], "png", dpi, bleed=False)
    names: dict = {}
    for n, (key, image) in enumerate(zip(keys, images), 1):
        rel = folder / f"{ident}-{n:03d}.png"
        names[key] = rel
        export.files.append((rel, image))
    tiles = []
    nicknames = _Names()
    for copy, (front, back) in enumerate(pairs):
        trim = front.trim or (0, 0, front.width, front.height)
        tiles.append({"Name": "Custom_Tile", "Transform": _transform(scale=tile_scale(_mm(trim[3]))),
                      "Nickname": _face_name(front, copy + 1, nicknames), "Description": "",
                      "GUID": _guid(game, ident, copy),
                      "CustomImage": {"ImageURL": urls(names[_face_key(front)]),
                                      "ImageSecondaryURL": urls(names[_face_key(back)]) if back is not None else "",
                                      "ImageScalar": 1.0, "WidthScale": 0.0,
                                      "CustomTile": {"Type": 0, "Thickness": 0.1, "Stackable": False,
                                                     "Stretch": False}}})
    groups = _bags(doc, len(tiles), title)
    bags, start = [], 0
    bag_names = _Names()
    for number, (count, label) in enumerate(groups):
        bags.append({"Name": "Bag", "Transform": _transform(x=3.0 * number), "Nickname": bag_names(label),
                     "Description": "",
                     "GUID": _guid(game, ident, "bag", number) if len(groups) > 1 else _guid(game, ident),
                     "ContainedObjects": tiles[start:start + count]})
        start += count
    export.saved_object = saved_object_file(bags, title)
    export.files.append((folder.parent / f"{ident}.png", images[0]))   # the first face again
    return export


def _bags(doc: Document, pieces: int, title: str) -> list[tuple[int, str]]:
    """(copies, nickname) of each bag: the document's ``tts_bag`` entries, else one bag."""
    groups = []
    for key, value in doc.meta:
        if key == "tts_bag":
            count, _, label = value.partition("\t")
            groups.append((int(count), label))
    if sum(count for count, _ in groups) != pieces:
        return [(pieces, title)]
    return groups


MAX_BANDS = 16


def _board_bands(page: Page, dpi: int) -> tuple[int, int]:
    """How many bands (cut across the longer side) and at what dpi the drawing ``page`` is
    exported: the fewest bands that keep it at ``MIN_DPI`` or more (or ``dpi``, if lower; or the
    most its shorter side allows within ``MAX_BOARD_SIDE`` px) within ``MAX_BOARD_SIDE`` px a
    side, at up to ``dpi``. A board whose shorter side alone holds it under 150 dpi took 16 bands
    (a 2000 × 700 mm board: 16 bands of 728 px where 3 of 3843 px hold it at the same dpi)."""
    longest, shortest = max(page.width, page.height) / 72, min(page.width, page.height) / 72
    want = min(dpi, MIN_DPI, math.floor(MAX_BOARD_SIDE / shortest), math.floor(MAX_BOARD_SIDE * MAX_BANDS / longest))
    if want < 36:
        raise RailprintError(
            f"a board of {_mm(page.width):.0f} × {_mm(page.height):.0f} mm is too large for Tabletop Simulator "
            f"(at most {MAX_BANDS} bands of {MAX_BOARD_SIDE} px a side at 36 dpi or more)",
            hint="give the board a smaller size",
            pl=f"plansza {_mm(page.width):.0f} × {_mm(page.height):.0f} mm jest za duża dla Tabletop Simulator "
               f"(najwyżej {MAX_BANDS} pasów po {MAX_BOARD_SIDE} px przy 36 dpi lub więcej) (zmniejsz planszę)")
    for bands in range(1, MAX_BANDS + 1):
        fits = math.floor(min(MAX_BOARD_SIDE / (longest / bands), MAX_BOARD_SIDE / shortest))
        if fits >= want:
            return bands, min(dpi, fits)
    raise RailprintError("no band count holds the board (internal error)")


def export_board(page: Page, game: str, ident: str, title: str, out: Path, *, dpi: int = 300,
                 url_base: str | None = None) -> SetExport:
    """``Custom_Board`` objects of the whole drawing of a tiled board, each ≤ 4096 px a side and
    at ``MIN_DPI`` or more: one, or equal bands across the longer side laid edge to edge (band 1
    is the drawing's top or left part, placed towards +Z or −X: the far side of the table, or
    the left, as seen from the first seat), each band at its printed size (:func:`tile_scale`)."""
    from railprint.scene import Group, Rect, translate
    from railprint.writers import render

    bands, band_dpi = _board_bands(page, dpi)
    across = page.height >= page.width            # bands stacked top to bottom
    parts = []
    for i in range(bands):
        if across:
            w, h, dx, dy = page.width, page.height / bands, 0.0, -page.height * i / bands
        else:
            w, h, dx, dy = page.width / bands, page.height, -page.width * i / bands, 0.0
        parts.append(Page(w, h, (Group(page.items, transform=translate(dx, dy), clip=Rect(-dx, -dy, w, h)),),
                          label=f"{i + 1:03d}-front", trim=(0.0, 0.0, w, h)))
    doc = Document(tuple(parts))
    # each band rendered when the writer asks for it, one in memory at a time (every band was
    # rendered and encoded at once); each band is a face of its own, not a copy of the first
    images = document_images(doc, render(doc, "pdf")[0], "png", band_dpi, bleed=False, distinct=True)
    urls = _Urls(out, game, url_base)
    export = SetExport()
    objects = []
    names = _Names()
    for i, (part, image) in enumerate(zip(parts, images)):
        name = ident if bands == 1 else f"{ident}-{i + 1}"
        rel = Path(game) / f"{ident}-tts" / f"{name}.png"
        export.files.append((rel, image))
        scale = tile_scale(_mm(part.height))
        # bands edge to edge, taking a table unit for an inch (Tabletop Simulator's own word for
        # its units; the size model above needs no such assumption, only this placement does)
        step = (_mm(part.height) if across else _mm(part.width)) / 25.4
        offset = (bands - 1) / 2 - i
        x, z = (0.0, offset * step) if across else (-offset * step, 0.0)
        nickname = object_name(title) if bands == 1 else names(title, f" ({i + 1}/{bands})")
        objects.append({"Name": "Custom_Board", "Transform": _transform(x=round(x, 4), z=round(z, 4), scale=scale),
                        "Nickname": nickname, "Description": "", "GUID": _guid(game, ident, *(() if bands == 1 else (i,))),
                        "CustomImage": {"ImageURL": urls(rel), "ImageSecondaryURL": "", "ImageScalar": 1.0,
                                        "WidthScale": 0.0}})
    from railprint.writers import render as _render

    whole = Document((Page(page.width, page.height, page.items, label="whole"),))
    thumb = rasterise(whole, _render(whole, "pdf")[0], 36)[0].image
    thumb.thumbnail((256, 256))
    export.files.append((Path(game) / f"{ident}.png", encode(Raster("thumb", thumb, 72), "png")))
    export.saved_object = saved_object_file(objects, title)
    return export


# Tabletop Simulator's custom d6 (``Custom_Dice`` with ``CustomDice.Type`` 1): one square image
# laid out as its D6 template (docs/exports.md, "Custom dice", names the sources): three columns
# and three rows of equal square cells, the top row unused; the middle row holds faces 2, 4, 5 and
# the bottom row faces 1, 3, 6, faces 1 and 6 turned upside down. (column, row, turned) per face:
D6_TEMPLATE = ((0, 2, True), (0, 1, False), (1, 2, False), (1, 1, False), (2, 1, False), (2, 2, True))
# The rotation that shows each template face on top, as ``RotationValues`` give it (x, y, z):
D6_ROTATIONS = ((-90.0, 0.0, 0.0), (0.0, 0.0, 0.0), (0.0, 0.0, -90.0), (0.0, 0.0, 90.0),
                (0.0, 0.0, -180.0), (90.0, 0.0, 0.0))
D6_UNUSED = (255, 255, 255)   # the template's top row: no face of the die shows it


def d6_image(faces: list) -> object:
    """The custom-d6 image of six equally sized square face images (Pillow), the die's faces in
    order: face ``k`` goes where the template shows ``k``."""
    from PIL import Image

    side = faces[0].size[0]
    sheet = Image.new("RGB", (3 * side, 3 * side), D6_UNUSED)
    for image, (col, row, turned) in zip(faces, D6_TEMPLATE):
        face = image.convert("RGB")
        sheet.paste(face.rotate(180) if turned else face, (col * side, row * side))
    return sheet


def _dice_groups(doc: Document) -> list[tuple[int, str]]:
    """(copies, name) of every kind of die: the document's ``tts_die`` entries, six pages each."""
    groups = []
    for key, value in doc.meta:
        if key == "tts_die":
            count, _, name = value.partition("\t")
            groups.append((int(count), name))
    if not groups or len(groups) * 6 != len(doc.pages):
        raise RailprintError("dice faces for Tabletop Simulator come six a die (internal error)")
    return groups


def export_dice(doc: Document, game: str, ident: str, title: str, out: Path, *, dpi: int = 300,
                url_base: str | None = None) -> SetExport:
    """``Custom_Dice`` objects (six-sided, ``CustomDice.Type`` 1) of a document of die faces one a
    page, six a die (``tts_die`` meta entries): one template image per kind of die (each face at
    ``dpi``), as many dice as the entry's copies, and ``RotationValues`` naming the face each
    rotation shows."""
    from railprint.writers import render

    groups = _dice_groups(doc)
    rasters = rasterise(doc, render(doc, "pdf")[0], dpi, bleed=False)
    urls = _Urls(out, game, url_base)
    folder = Path(game) / f"{ident}-tts"
    export = SetExport()
    objects = []
    names = _Names()
    for number, (copies, name) in enumerate(groups):
        pages = doc.pages[6 * number:6 * number + 6]
        image = d6_image([r.image for r in rasters[6 * number:6 * number + 6]])
        rel = folder / f"{ident}-{number + 1}.png"
        export.files.append((rel, encode(Raster(name, image, dpi), "png")))
        if number == 0:
            thumb = image.copy()
            thumb.thumbnail((256, 256))
            export.files.append((folder.parent / f"{ident}.png", encode(Raster("thumb", thumb, 72), "png")))
        values = [{"Value": object_name(page.name or "") or str(k + 1), "Rotation": dict(zip("xyz", rotation))}
                  for k, (page, rotation) in enumerate(zip(pages, D6_ROTATIONS))]
        for copy in range(copies):
            nickname = names(name, "" if copies == 1 else f" ({copy + 1}/{copies})")
            objects.append({"Name": "Custom_Dice", "Transform": _transform(x=1.5 * len(objects)), "Nickname": nickname,
                            "Description": "", "GUID": _guid(game, ident, number, copy),
                            "CustomImage": {"ImageURL": urls(rel), "ImageSecondaryURL": "", "ImageScalar": 1.0,
                                            "WidthScale": 0.0, "CustomDice": {"Type": 1}},
                            "RotationValues": values})
    export.saved_object = saved_object_file(objects, title)
    return export


def export_set(doc_1up: Document, kind: str, game: str, ident: str, title: str, out: Path, *,
               dpi: int = 300, url_base: str | None = None) -> SetExport:
    """The Tabletop Simulator object of one set, from its document rendered 1-up."""
    from railprint.layout.tiling import whole_drawing

    wanted = dict(doc_1up.meta).get("tts", "")
    if wanted == "dice":
        return export_dice(doc_1up, game, ident, title, out, dpi=dpi, url_base=url_base)
    if doc_1up.pages and all(page.trim is not None for page in doc_1up.pages):
        if kind == "tiles" or wanted == "tile":
            return export_tiles(doc_1up, game, ident, title, out, dpi=dpi, url_base=url_base)
        return export_deck(doc_1up, game, ident, title, out, dpi=dpi, url_base=url_base)
    whole = whole_drawing(doc_1up)
    if whole is not None:
        return export_board(whole, game, ident, title, out, dpi=dpi, url_base=url_base)
    return SetExport(skipped="no Tabletop Simulator object for this set (print it: a sheet for pencils or a rules page)")


def export_pip_dice(info, lang: str) -> dict:
    """A ``kind: die`` file (ordinary pip d6, opposite faces adding up to 7) as that many of
    Tabletop Simulator's own six-sided dice (``Die_6``), tinted the die's colour."""
    from railprint.draw.pip_die import load_pip_die

    spec = load_pip_die(info.path)
    title = object_name(spec.title.get(lang) or spec.title.get("en") or spec.id) or spec.id
    r, g, b = (int(spec.colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    dice = [{"Name": "Die_6", "Transform": _transform(x=1.5 * n), "Nickname": title, "Description": "",
             "GUID": _guid(info.game, info.id, n), "ColorDiffuse": {"r": round(r, 4), "g": round(g, 4), "b": round(b, 4)}}
            for n in range(spec.count)]
    return saved_object_file(dice, title)


def to_json(saved_object: dict) -> bytes:
    return (json.dumps(saved_object, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


def export_all(chosen, options, out: Path, *, dpi: int = 300, url_base: str | None = None,
               advance=lambda label: None) -> tuple[list[Path], list[str]]:
    """Every chosen set as a saved object ``<game>/<id>.json`` (with its thumbnail
    ``<game>/<id>.png``) and its images in ``<game>/<id>-tts/``, written as one staged unit.
    Returns the written paths and the notes on skipped sets."""
    from dataclasses import replace

    from railprint.export.images import check_dpi
    from railprint.render import build, check_options
    from railprint.writers import write_files

    check_options(options, "png")
    check_dpi(dpi)
    if url_base is not None:
        url_base = check_url_base(url_base)
    files: list[tuple[Path, bytes]] = []
    skipped: list[str] = []
    for info in chosen:
        advance(f"{info.game}/{info.id}")
        if info.kind == "die":   # an ordinary pip d6 (railprint.draw.pip_die): Tabletop Simulator's own
            files.append((Path(info.game) / f"{info.id}.json", to_json(export_pip_dice(info, options.lang))))
            continue
        doc = build(info, replace(options, mode="1up", extra={**options.extra, "tts": True}))
        title = (info.title or {}).get(options.lang) or (info.title or {}).get("en") or doc.title or info.id
        done = export_set(doc, info.kind, info.game, info.id, title, out, dpi=dpi, url_base=url_base)
        if done.skipped:
            skipped.append(f"{info.game}/{info.id}: {done.skipped}")
            continue
        files.extend(done.files)
        files.append((Path(info.game) / f"{info.id}.json", to_json(done.saved_object)))
    if not files:
        raise RailprintError("nothing to export: no deck, tile set or board among the chosen sets")
    return write_files(out, files), skipped
