"""Icons as content: a ``kind: icons`` file defines pictograms as SVG path data.

::

    kind: icons
    id: my-icons
    game: my-game
    icons:
      coin: {path: "M12 2 A10 10 0 1 1 11.99 2 Z", viewbox: [0, 0, 24, 24]}
      arrow: {path: "M4 12 H20 M14 6 L20 12 L14 18", style: stroke, stroke_width: 2}

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

from pydantic import Field

from railprint.errors import ContentError, Location, Problems
from railprint.loading.paths import is_inside
from railprint.loading.schema import Spec, validate
from railprint.loading.text import read_head
from railprint.loading.yamlio import MarkedDict, load_file
from railprint.model.deck import ICONS, UserIcon

BUILT_IN = "railprint (built-in)"


class IconShape(Spec):
    path: str = Field(description="SVG path data (the 'd' attribute)")
    viewbox: tuple[float, float, float, float] = Field((0, 0, 24, 24), description="min-x, min-y, width, height")
    style: Literal["fill", "stroke"] = "fill"
    stroke_width: float = Field(2.0, gt=0, description="for style: stroke, in viewbox units")


class IconsSpec(Spec):
    kind: Literal["icons"]
    id: str
    game: str
    title: dict[str, str] = Field(default_factory=dict)
    icons: dict[str, IconShape] = Field(min_length=1, description="icon name -> its SVG path; a name must "
                                                                  "not repeat a built-in or another file's icon")


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


@lru_cache(maxsize=64)
def _load(path: str, stamp: float) -> tuple[tuple[UserIcon, ...], tuple]:
    """(the good icons of a file, the problems of the others)."""
    data = load_file(path)
    spec = validate(IconsSpec, data, path, "icons")
    problems = Problems()
    out = []
    table = data.get("icons")
    for name, shape in spec.icons.items():
        where = table.loc(name) if isinstance(table, MarkedDict) else Location(path)
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
    return tuple(out), tuple(problems.items)


def icon_files(folder: Path, recursive: bool = False) -> list[Path]:
    """The ``kind: icons`` files in ``folder`` (and below it, if ``recursive``)."""
    found = []
    problems = Problems()
    for path in sorted(folder.rglob("*.yaml") if recursive else folder.glob("*.yaml")):
        if path.name.startswith("_"):
            continue
        if not is_inside(folder, path):  # a symlink out: never read (its words could reach an error)
            problems.add("the file leads outside its folder (a symlink?)", Location(str(path)),
                         "copy the file into the folder instead")
            continue
        try:  # cheap: look for the kind before parsing; a FIFO or device is refused, never waited on
            head = read_head(path)
        except ContentError as exc:
            problems.items.append(exc)
            continue
        if re.search(rb"^kind:\s*['\"]?icons['\"]?\s*(#.*)?$", head, re.MULTILINE):
            found.append(path)
    problems.raise_if_any("icon files")
    return found


def user_icons(files: list[Path]) -> dict[str, UserIcon]:
    """Every icon the files define; a name given twice (or a built-in name) is an error naming both."""
    table: dict[str, UserIcon] = {}
    problems = Problems()
    for path in files:
        try:
            loaded, trouble = _load(str(path), path.stat().st_mtime_ns)
        except ContentError as exc:
            problems.items.extend(exc.problems or [exc])
            continue
        problems.items.extend(trouble)
        for icon in loaded:
            if icon.name in ICONS:
                problems.add(f"icon {icon.name!r} is already a built-in icon ({BUILT_IN})",
                             icon.where, "rename it")
            elif icon.name in table:
                problems.add(f"icon {icon.name!r} is defined twice: here and at {table[icon.name].where}",
                             icon.where, "rename one of them")
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
