"""Icons as content: a ``kind: icons`` file defines pictograms as SVG path data.

::

    kind: icons
    id: my-icons
    game: my-game
    icons:
      coin: {path: "M12 2 A10 10 0 1 1 11.99 2 Z", viewbox: [0, 0, 24, 24]}
      arrow: {path: "M4 12 H20 M14 6 L20 12 L14 18", style: stroke, stroke_width: 2}

An icon may instead name an SVG file of the folder (``lamp: {file: art/lamp.svg}``): read by
the safe SVG reader of pictures (:mod:`railprint.model.svgart`), its shapes keep their own
colours and its viewport fills the icon's square; a text's colour does not repaint it.

A deck uses the icons of every ``kind: icons`` file in its own folder, by name, exactly like
the built-in ones (``type: icon`` layers and ``:name:`` inside text boxes): one namespace, and a
name defined twice (by two files, or by a file and railprint) is an error naming both. The path
is scaled so the larger side of its ``viewbox`` fills the icon's square. All SVG path commands
are read (M L H V C S Q T A Z, absolute and relative); arcs and quadratics become cubic curves.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import Field, model_validator

from railprint.errors import ContentError, Location, Problems, RailprintError, clip
from railprint.loading.paths import files_of_kind
from railprint.loading.schema import Spec, validate
from railprint.loading.yamlio import MarkedDict, load_file
from railprint.model.deck import ICONS, UserIcon
from railprint.model.nearby import kind_files

BUILT_IN = "railprint (built-in)"


class IconShape(Spec):
    path: str | None = Field(None, description="SVG path data (the 'd' attribute), drawn in the text's colour")
    file: str | None = Field(None, description="an SVG file in this file's folder (or below it), drawn with its "
                                               "own colours, transforms and viewBox through the safe SVG reader; "
                                               "its viewport is the icon's square (not with path, viewbox, style or "
                                               "stroke_width)")
    viewbox: tuple[float, float, float, float] = Field((0, 0, 24, 24), description="min-x, min-y, width, height")
    style: Literal["fill", "stroke"] = "fill"
    stroke_width: float = Field(2.0, gt=0, description="for style: stroke, in viewbox units")

    @model_validator(mode="after")
    def _one_source(self):
        if (self.path is None) == (self.file is None):
            raise ValueError("give either 'path' (SVG path data) or 'file' (an SVG file), not both or neither")
        extra = self.model_fields_set & {"viewbox", "style", "stroke_width"}
        if self.file is not None and extra:
            raise ValueError(f"{', '.join(sorted(extra))} apply to 'path' icons; an SVG file brings its own "
                             "viewBox and styles")
        return self


class IconsSpec(Spec):
    kind: Literal["icons"]
    id: str
    game: str
    title: dict[str, str] = Field(default_factory=dict)
    icons: dict[str, IconShape] = Field(min_length=1, description="icon name -> its SVG path; a name must "
                                                                  "not repeat a built-in or another file's icon")


MAX_ICONS_A_FILE = 2_000  # icons in one icons file (a game's own set is a few dozen)
MAX_ICONS = 5_000         # icons in one namespace (a deck's folder, the catalogue's folders)
MAX_PATH_CHARS = 100_000  # path data of one icon (a detailed pictogram needs a few KB)
MAX_REACH = 100.0  # how far (in icon sizes) a path or its stroke may reach outside its viewbox
_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_TOKEN = re.compile(rf"([MmLlHhVvCcSsQqTtAaZz])|({_NUMBER})|([\s,]+)|(.)")
_ARITY = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}


def _tokens(data: str) -> list:
    if len(data) > MAX_PATH_CHARS:
        raise ValueError(f"{len(data)} characters; an icon's path data holds at most {MAX_PATH_CHARS}")
    out = []
    for match in _TOKEN.finditer(data):
        command, number, _space, other = match.groups()
        if other is not None:
            raise ValueError(f"unexpected {other!r} at character {match.start() + 1}")
        if command:
            out.append(command)
        elif number:
            out.append(float(number))
    return out


def _arc(x1, y1, rx, ry, angle, large, sweep, x2, y2) -> list[tuple]:
    """An SVG elliptical arc as cubic Bézier segments (SVG 1.1 appendix F.6)."""
    if (x1, y1) == (x2, y2):
        return []
    if rx == 0 or ry == 0:
        return [("L", x2, y2)]
    rx, ry = abs(rx), abs(ry)
    phi = math.radians(angle)
    cos, sin = math.cos(phi), math.sin(phi)
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    xp, yp = cos * dx + sin * dy, -sin * dx + cos * dy
    scale = xp * xp / (rx * rx) + yp * yp / (ry * ry)
    if scale > 1:
        rx, ry = rx * math.sqrt(scale), ry * math.sqrt(scale)
    num = rx * rx * ry * ry - rx * rx * yp * yp - ry * ry * xp * xp
    den = rx * rx * yp * yp + ry * ry * xp * xp
    root = math.sqrt(max(0.0, num / den)) * (-1 if large == sweep else 1)
    cxp, cyp = root * rx * yp / ry, -root * ry * xp / rx
    cx, cy = cos * cxp - sin * cyp + (x1 + x2) / 2, sin * cxp + cos * cyp + (y1 + y2) / 2

    def angle_of(ux, uy, vx, vy):
        return math.atan2(ux * vy - uy * vx, ux * vx + uy * vy)

    start = angle_of(1, 0, (xp - cxp) / rx, (yp - cyp) / ry)
    sweep_angle = angle_of((xp - cxp) / rx, (yp - cyp) / ry, (-xp - cxp) / rx, (-yp - cyp) / ry)
    if not sweep and sweep_angle > 0:
        sweep_angle -= 2 * math.pi
    elif sweep and sweep_angle < 0:
        sweep_angle += 2 * math.pi
    parts = max(1, math.ceil(abs(sweep_angle) / (math.pi / 2) - 1e-9))
    step = sweep_angle / parts
    k = 4 / 3 * math.tan(step / 4)
    out = []

    def point(t):
        return (cx + rx * math.cos(t) * cos - ry * math.sin(t) * sin,
                cy + rx * math.cos(t) * sin + ry * math.sin(t) * cos)

    def deriv(t):
        return (-rx * math.sin(t) * cos - ry * math.cos(t) * sin, -rx * math.sin(t) * sin + ry * math.cos(t) * cos)

    for i in range(parts):
        a, b = start + i * step, start + (i + 1) * step
        (ax, ay), (bx, by) = point(a), point(b)
        (dax, day), (dbx, dby) = deriv(a), deriv(b)
        out.append(("C", ax + k * dax, ay + k * day, bx - k * dbx, by - k * dby, bx, by))
    return out


def parse_path(data: str) -> list[tuple]:
    """SVG path data -> absolute M / L / C / Z commands."""
    tokens = _tokens(data)
    cmds: list[tuple] = []
    x = y = sx = sy = 0.0
    last_ctrl: tuple[float, float] | None = None
    last_quad: tuple[float, float] | None = None
    i = 0
    command = None
    while i < len(tokens):
        if isinstance(tokens[i], str):
            command = tokens[i]
            i += 1
        elif command is None:
            raise ValueError("numbers without a command (the data starts with one, and Z takes none)")
        upper = command.upper()
        rel = command.islower()
        n = _ARITY[upper]
        args = tokens[i:i + n]
        if len(args) < n or any(isinstance(a, str) for a in args):
            raise ValueError(f"command {command!r} needs {n} numbers")
        i += n
        ox, oy = (x, y) if rel else (0.0, 0.0)
        ctrl, quad = None, None
        if upper == "Z":
            cmds.append(("Z",))
            x, y = sx, sy
            command = None  # numbers right after Z are an error
        elif upper == "M":
            x, y = args[0] + ox, args[1] + oy
            sx, sy = x, y
            cmds.append(("M", x, y))
            command = "l" if rel else "L"
        elif upper in ("L", "H", "V"):
            if upper == "L":
                x, y = args[0] + ox, args[1] + oy
            elif upper == "H":
                x = args[0] + ox
            else:
                y = args[0] + oy
            cmds.append(("L", x, y))
        elif upper in ("C", "S"):
            if upper == "C":
                c1 = (args[0] + ox, args[1] + oy)
                rest = args[2:]
            else:
                c1 = (2 * x - last_ctrl[0], 2 * y - last_ctrl[1]) if last_ctrl else (x, y)
                rest = args
            c2 = (rest[0] + ox, rest[1] + oy)
            x, y = rest[2] + ox, rest[3] + oy
            cmds.append(("C", *c1, *c2, x, y))
            ctrl = c2
        elif upper in ("Q", "T"):
            if upper == "Q":
                q = (args[0] + ox, args[1] + oy)
                end = (args[2] + ox, args[3] + oy)
            else:
                q = (2 * x - last_quad[0], 2 * y - last_quad[1]) if last_quad else (x, y)
                end = (args[0] + ox, args[1] + oy)
            cmds.append(("C", x + 2 / 3 * (q[0] - x), y + 2 / 3 * (q[1] - y),
                         end[0] + 2 / 3 * (q[0] - end[0]), end[1] + 2 / 3 * (q[1] - end[1]), *end))
            x, y = end
            quad = q
        else:  # A
            end = (args[5] + ox, args[6] + oy)
            cmds += _arc(x, y, args[0], args[1], args[2], bool(args[3]), bool(args[4]), *end)
            x, y = end
        last_ctrl, last_quad = ctrl, quad
    if not cmds or cmds[0][0] != "M":
        raise ValueError("path data must start with M")
    return cmds


def _normalise(cmds: list[tuple], box: tuple[float, float, float, float]) -> tuple[tuple, ...]:
    """Commands from viewbox units to a unit square centred on (0, 0)."""
    bx, by, bw, bh = box
    side = max(bw, bh)
    cx, cy = bx + bw / 2, by + bh / 2
    out = []
    for cmd in cmds:
        values = cmd[1:]
        out.append((cmd[0], *(round((v - (cx if k % 2 == 0 else cy)) / side, 6) for k, v in enumerate(values))))
    return tuple(out)


def _art_icon(name: str, where: Location, folder: Path, file: str) -> UserIcon:
    """An icon drawn from an SVG file: its shapes, in their own colours, in the unit square
    (the SVG's viewport fills the icon's square, centred)."""
    from railprint.loading.paths import referenced
    from railprint.model import svgart

    art = svgart.load(referenced(folder, file, where, own_folder=True))
    key = (name, where, file, art.key)
    if key not in _ART_ICONS:
        if len(_ART_ICONS) >= 256:
            _ART_ICONS.clear()
        _ART_ICONS[key] = _art_shapes(name, where, file, art)
    return _ART_ICONS[key]


_ART_ICONS: dict[tuple, UserIcon] = {}   # by name, place, file and the SVG's content


def _art_shapes(name: str, where: Location, file: str, art) -> UserIcon:
    from railprint.model.deck import IconArt
    from railprint.model.images import log

    if art.unsupported:
        log.warning(f"Warning: {where}: icon {name!r}: {file}: SVG element(s) "
                    + ", ".join(f"<{tag}>" for tag in art.unsupported[:8])
                    + " are not drawn (railprint draws shapes and paths with their colours; convert text to paths)")
    box = (0.0, 0.0, art.width, art.height)
    side = max(art.width, art.height)
    shapes = []
    for shape in art.shapes:
        cmds = _normalise(list(shape.cmds), box)
        if any(abs(v) > MAX_REACH for cmd in cmds for v in cmd[1:]) or shape.width / side > MAX_REACH:
            raise ContentError(f"icon {name!r}: {file}: a shape reaches more than {MAX_REACH:g} times the "
                               "picture's size outside it", where, hint="check the SVG's viewBox")
        shapes.append(IconArt(cmds=cmds, fill=shape.fill, stroke=shape.stroke, width=shape.width / side,
                              opacity=shape.opacity))
    if not shapes:
        raise ContentError(f"icon {name!r}: {file} draws nothing (no filled or stroked shape)", where)
    return UserIcon(name=name, where=where, cmds=(), style="fill", stroke_width=0.0, art=tuple(shapes))


def _from_files(pending: tuple, path: str) -> tuple[list[UserIcon], list]:
    """The SVG-file icons of an icons file (read on every call: the SVG reader caches each file by
    its modification time, so a saved picture is read again), and their problems."""
    out, problems = [], Problems()
    for name, where, file in pending:
        try:
            out.append(_art_icon(name, where, Path(path).parent, file))
        except ContentError as exc:
            problems.items.extend(exc.problems or [exc])
        except RailprintError as exc:
            problems.add(f"icon {name!r}: {exc.message}", where, exc.hint)
    return out, problems.items


@lru_cache(maxsize=64)
def _load(path: str, stamp: float) -> tuple[tuple[UserIcon, ...], tuple, tuple]:
    """(the good path icons of a file, the problems of the others, the SVG-file icons to read:
    name, location, file)."""
    data = load_file(path)
    table = data.get("icons") if isinstance(data, dict) else None
    if isinstance(table, dict) and len(table) > MAX_ICONS_A_FILE:
        # 30,000 icons took the catalogue 9.8 s of CPU and 305 MB (validate 4.1 s), read and drawn
        name = list(table)[MAX_ICONS_A_FILE]
        where = table.loc(name) if isinstance(table, MarkedDict) else Location(path)
        raise ContentError(f"an icons file holds at most {MAX_ICONS_A_FILE:,} icons; this one has {len(table):,} "
                           f"(icon {clip(name)} is number {MAX_ICONS_A_FILE + 1:,})", where,
                           hint="keep the icons your decks use",
                           pl=f"plik ikon może mieć najwyżej {MAX_ICONS_A_FILE} ikon, ten ma {len(table)} "
                              f"(ikona {clip(name)} ma numer {MAX_ICONS_A_FILE + 1}) (zostaw ikony, których używają "
                              "twoje talie)")
    spec = validate(IconsSpec, data, path, "icons")
    problems = Problems()
    out = []
    pending = []
    table = data.get("icons")
    for name, shape in spec.icons.items():
        where = table.loc(name) if isinstance(table, MarkedDict) else Location(path)
        if shape.file is not None:
            pending.append((name, where, shape.file))
            continue
        if shape.viewbox[2] <= 0 or shape.viewbox[3] <= 0:
            problems.add(f"icon {name!r}: the viewbox needs a positive width and height", where)
            continue
        try:
            cmds = parse_path(shape.path)
        except ValueError as exc:
            problems.add(f"icon {name!r}: bad path data: {exc}", where)
            continue
        normal = _normalise(cmds, shape.viewbox)
        stroke = shape.stroke_width / max(shape.viewbox[2], shape.viewbox[3])
        if stroke > MAX_REACH or any(abs(v) > MAX_REACH for cmd in normal for v in cmd[1:]):
            # a number of 1e300 drew nothing sane and made the PDF writer fail
            problems.add(f"icon {name!r}: the path or its stroke width reaches more than {MAX_REACH:g} "
                         "times the viewbox's size", where, hint="check the numbers against the viewbox")
            continue
        out.append(UserIcon(name=name, where=where, cmds=normal, style=shape.style, stroke_width=stroke))
    return tuple(out), tuple(problems.items), tuple(pending)


def icon_files(folder: Path, recursive: bool = False) -> list[Path]:
    """The ``kind: icons`` files in ``folder`` (and below it, if ``recursive``)."""
    return files_of_kind(folder, "icons", recursive) if recursive else kind_files(folder, "icons")


def user_icons(files: list[Path]) -> dict[str, UserIcon]:
    """Every icon the files define; a name given twice (or a built-in name) is an error naming both."""
    table: dict[str, UserIcon] = {}
    problems = Problems()
    over = False
    for path in files:
        try:
            loaded, trouble, pending = _load(str(path), path.stat().st_mtime_ns)
        except ContentError as exc:
            problems.items.extend(exc.problems or [exc])
            continue
        problems.items.extend(trouble)
        if pending:
            drawn, trouble = _from_files(pending, str(path))
            loaded += tuple(drawn)
            problems.items.extend(trouble)
        for icon in loaded:
            if icon.name in ICONS:
                problems.add(f"icon {icon.name!r} is already a built-in icon ({BUILT_IN})",
                             icon.where, "rename it")
            elif icon.name in table:
                problems.add(f"icon {icon.name!r} is defined twice: here and at {table[icon.name].where}",
                             icon.where, "rename one of them")
            elif len(table) >= MAX_ICONS:
                if not over:   # said once, at the first icon too many
                    problems.add(f"more than {MAX_ICONS:,} icons in all (icon {clip(icon.name)} is one too many)",
                                 icon.where, "keep the icons your decks use",
                                 pl=f"więcej niż {MAX_ICONS} ikon w sumie (ikona {clip(icon.name)} jest o jedną "
                                    "za dużo) (zostaw ikony, których używają twoje talie)")
                over = True
            else:
                table[icon.name] = icon
    problems.raise_if_any("icon files")
    return table


def icons_near(deck_file: Path) -> dict[str, UserIcon]:
    """The user icons a deck can use: those of the icon files in its folder."""
    return user_icons(icon_files(deck_file.parent))


def validate_icons(path: str | Path, lang: str = "en") -> dict[str, UserIcon]:
    """``railprint validate`` of one icons file: its paths, and no clash with a built-in name."""
    return user_icons([Path(path)])


def catalogue_icons(folders: list[Path]) -> dict[str, UserIcon]:
    """Every user icon in the icon files under ``folders`` (one namespace with the built-ins)."""
    return user_icons([path for folder in folders for path in icon_files(folder, recursive=True)])
