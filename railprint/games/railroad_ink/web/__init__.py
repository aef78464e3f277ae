"""Railroad Ink's page for ``railprint serve`` (the handlers of :class:`railprint.registry.WebPage`).

A room's parts: ``"setup"`` (``players``, ``expansion``, ``longest``) and ``"player:<name>"``
per player: ``{"cells": [49 tokens]}``, the board-text tokens of ``notation`` in reading order
(A1 … G7). The files are exactly the board files ``railprint score railroad-ink`` reads, one a
player. The script is ``static/editor.js``; the faces offered and their orientations come from
here (the dice file and the rules), never from the script.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from railprint.errors import RELOAD_PL, NotationError, RailprintError, ascii_letters, suggestion
from railprint.games.railroad_ink.board import EXPANSIONS, SIZE, Board, Cell, square
from railprint.games.railroad_ink.notation import EXPANSION_ALIASES, format_board, parse, parse_token
from railprint.games.railroad_ink.rules import LONGEST_MODES, SPECIALS, validate

CELLS = SIZE * SIZE
SPECIAL_TOKENS = {"hhhh": "hhhh", "rrrr": "rrrr", "3h1r": "hhhrs", "1h3r": "hrrrs",
                  "adjacent": "hhrrs", "opposite": "hrhrs"}
SPECIAL_NAMES = {
    "hhhh": {"en": "highway crossing", "pl": "skrzyżowanie autostrad"},
    "rrrr": {"en": "railway crossing", "pl": "skrzyżowanie kolejowe"},
    "3h1r": {"en": "station: 3 highways, 1 railway", "pl": "stacja: 3 autostrady, 1 tor"},
    "1h3r": {"en": "station: 1 highway, 3 railways", "pl": "stacja: 1 autostrada, 3 tory"},
    "adjacent": {"en": "station: 2 + 2 side by side", "pl": "stacja: 2 + 2 obok siebie"},
    "opposite": {"en": "station: 2 + 2 across", "pl": "stacja: 2 + 2 naprzeciw"},
}
assert set(SPECIAL_NAMES) == set(SPECIALS) == set(SPECIAL_TOKENS)
THREE_WAY = {  # stations where three routes meet, as sheets show them: offered as faces too
    "h.hrs": {"en": "station: 2 highways across, 1 railway", "pl": "stacja: 2 autostrady na wprost, 1 tor"},
    "hhr.s": {"en": "station: 2 highways at a corner, 1 railway", "pl": "stacja: 2 autostrady na rogu, 1 tor"},
    "r.rhs": {"en": "station: 2 railways across, 1 highway", "pl": "stacja: 2 tory na wprost, 1 autostrada"},
    "rrh.s": {"en": "station: 2 railways at a corner, 1 highway", "pl": "stacja: 2 tory na rogu, 1 autostrada"},
}


PLAYERS = (1, 8)
"""How many players a room can have (the start form's add and remove buttons)."""

CHOICE_NAMES = {
    "expansion": {"none": {"en": "none (base game)", "pl": "bez dodatku (gra podstawowa)"},
                  "meteor": {"en": "meteor", "pl": "meteoryt"}, "lava": {"en": "lava", "pl": "lawa"}},
    "longest": {"simple": {"en": "each space once (simple)", "pl": "każde pole raz (simple)"},
                "trail": {"en": "a crossing twice (trail)", "pl": "skrzyżowanie dwa razy (trail)"}},
}
"""The start form's words for the setup choices (it showed the ids: ``none``, ``simple``)."""


def setup_fields() -> list[dict]:
    return [
        {"key": "expansion", "label": {"en": "Expansion", "pl": "Dodatek"},
         "choices": list(EXPANSIONS), "names": CHOICE_NAMES["expansion"]},
        {"key": "longest", "label": {"en": "Longest route", "pl": "Najdłuższa trasa"},
         "choices": list(LONGEST_MODES), "names": CHOICE_NAMES["longest"]},
    ]


def _key(player: str) -> str:
    return f"player:{player}"


def _choice(setup: dict, key: str, choices, default: str) -> str:
    value = setup.get(key, default)
    if not isinstance(value, str):
        raise RailprintError(f"setup.{key}: expected one of {', '.join(choices)}",
                             pl=f"ustawienie {key}: wybierz jedno z: {', '.join(choices)}")
    value = EXPANSION_ALIASES.get(value.lower(), value.lower()) if key == "expansion" else value.lower()
    if value not in choices:
        raise RailprintError(f"setup.{key}: unknown {value!r}", hint=suggestion(value, choices),
                             pl=f"ustawienie {key}: nie ma {value!r} (do wyboru: {', '.join(choices)})")
    return value


def new_room(players: list[str], setup: dict) -> dict[str, Any]:
    unknown = sorted(set(setup) - {"expansion", "longest"})
    if unknown:
        raise RailprintError(f"setup: unknown choice {unknown[0]!r}", hint=suggestion(unknown[0], ["expansion", "longest"]),
                             pl=f"ustawienia: nie ma wyboru {unknown[0]!r} (są: dodatek, najdłuższa trasa)")
    expansion = _choice(setup, "expansion", EXPANSIONS, "none")
    longest = _choice(setup, "longest", LONGEST_MODES, "simple")
    for name in players:
        format_board(Board(player=name))  # a name a board file cannot hold is refused here
    parts: dict[str, Any] = {"setup": {"players": players, "expansion": expansion, "longest": longest}}
    start = ["."] * CELLS
    if expansion == "lava":
        start[3 * SIZE + 3] = "llllv"  # the volcano starts on the centre space
    for name in players:
        parts[_key(name)] = {"cells": list(start)}
    return parts


def _cells(value: Any, where: str) -> list[str]:
    if not isinstance(value, dict) or set(value) != {"cells"}:
        raise RailprintError(f"{where}: expected {{\"cells\": [49 space tokens]}}",
                             pl=RELOAD_PL)
    cells = value["cells"]
    if not isinstance(cells, list) or len(cells) != CELLS:
        raise RailprintError(f"{where}: a board has {CELLS} spaces (A1 … G7)",
                             pl=RELOAD_PL)
    out = []
    for i, token in enumerate(cells):
        sq = square(*divmod(i, SIZE))
        if not isinstance(token, str) or not 0 < len(token) <= 8:
            raise RailprintError(f"{where} {sq}: expected a space token such as 'h.h.' or '.'",
                                 pl=RELOAD_PL)
        try:
            out.append(parse_token(token).token or ".")
        except NotationError as exc:
            raise RailprintError(f"{where} {sq}: {exc.message}", hint=exc.hint,
                                 pl=f"{where.removeprefix('player:')} {sq}: {exc.pl or exc.message}") from None
    return ["." if t == "...." else t for t in out]


def check_change(parts: dict[str, Any], updates: dict[str, Any]) -> dict[str, Any]:
    checked = {}
    for key, value in updates.items():
        checked[key] = {"cells": _cells(value, key.removeprefix("player:"))}
    return checked


def board_of(parts: dict[str, Any], player: str) -> Board:
    return _board(player, parts["setup"]["expansion"], parts[_key(player)]["cells"])


def _board(player: str, expansion: str, tokens) -> Board:
    cells = [parse_token(t) for t in tokens]
    rows = tuple(tuple(cells[r * SIZE:(r + 1) * SIZE]) for r in range(SIZE))
    return Board(rows, player=player, expansion=expansion)


def _file_name(index: int, player: str) -> str:
    ascii_name = ascii_letters(player).lower()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_name).strip("-")[:30] or "player"
    return f"{index + 1}-{slug}.txt"


def files(parts: dict[str, Any]) -> list[tuple[str, str]]:
    expansion = parts["setup"]["expansion"]
    return [(_file_name(i, p), _sheet_file(p, expansion, tuple(parts[_key(p)]["cells"])))
            for i, p in enumerate(parts["setup"]["players"])]


@lru_cache(maxsize=1024)
def _sheet_file(player: str, expansion: str, cells: tuple[str, ...]) -> str:
    """A player's sheet as its file, written once for its cells (a table's files are written
    at every change of any one sheet)."""
    return format_board(_board(player, expansion, cells))


def score(parts: dict[str, Any], **options: Any):
    """The room's sheets scored in memory: ``railprint score railroad-ink`` on :func:`files`
    (an unchanged sheet is neither parsed nor scored again)."""
    from railprint.games.railroad_ink import score_texts

    return score_texts(files(parts), **options)


def read_file(parts: dict[str, Any], name: str, text: str) -> dict[str, Any]:
    board = parse(text, name)
    players = parts["setup"]["players"]
    by_file = {_file_name(i, p): p for i, p in enumerate(players)}
    player = next((p for p in players if board.player and p.casefold() == board.player.casefold()), None)
    player = player or by_file.get(name)
    if player is None:
        raise RailprintError(f"{name}: whose board is it? 'player: {board.player}' is not in this room",
                             hint=suggestion(board.player or name, players),
                             pl=f"{name}: czyja to plansza? w tej grze nie ma gracza 'player: {board.player}' "
                                f"(gracze: {', '.join(players)})")
    expansion = parts["setup"]["expansion"]
    if board.expansion != expansion:
        raise RailprintError(f"{name}: this room plays expansion {expansion!r}, the file {board.expansion!r}",
                             pl=f"{name}: ta gra toczy się z dodatkiem {expansion!r}, a plik z {board.expansion!r}")
    return {_key(player): {"cells": [c.token for _, _, c in board.cells()]}}


def score_options(parts: dict[str, Any]) -> dict[str, Any]:
    return {"longest": parts["setup"]["longest"]}


def ranking(result) -> list[dict]:
    ranks = result.ranks()
    rows = [{"player": s.player, "points": s.total, "place": ranks[i], "errors": s.error_count}
            for i, s in enumerate(result.sheets)]
    return sorted(rows, key=lambda r: r["place"])


# --- the faces a player can draw, and their orientations -----------------------------------

def _orientations(cell: Cell) -> list[Cell]:
    """The distinct turns and mirror images of ``cell`` (the rules allow both)."""
    seen: dict[str, Cell] = {}
    for mirror in (False, True):
        c = cell.mirrored(True) if mirror else cell
        for _ in range(4):
            seen.setdefault(c.token, c)
            e = c.edges
            c = Cell(e[3] + e[0] + e[1] + e[2], c.marker)  # a quarter turn clockwise
    return list(seen.values())


def _joins(board: Board, row: int, col: int, cell: Cell) -> int:
    """How many of ``cell``'s route sides at (row, col) meet the same route across: a
    neighbour's side or the board's exit."""
    from railprint.games.railroad_ink.board import EXIT_AT, neighbour, opposite

    joined = 0
    for side, kind in enumerate(cell.edges):
        if kind not in "hr":
            continue
        across = neighbour(row, col, side)
        if across is None:
            exit_ = EXIT_AT.get((row, col, side))
            joined += exit_ is not None and exit_.kind == kind
        else:
            joined += board[across].edges[opposite(side)] == kind
    return joined


# --- pictures: the CLI picture's own pictograms, as SVG the page shows ----------------------

MAX_PICTURES = 100


@lru_cache(maxsize=2048)
def _svg(kind: str, value: str = "") -> str:
    """One pictogram as an SVG document, drawn by ``pictograms`` in the scored picture's own
    square (``picture.CELL``), so the page shows what ``--picture`` draws: ``space`` a board
    space token, ``arrow``/``distance`` a meteor die face, ``board`` the empty board."""
    from railprint.games.railroad_ink.pictograms import arrow, distance, draw_space
    from railprint.games.railroad_ink.picture import CELL as SIDE, empty_board
    from railprint.scene import Document, Group, Page
    from railprint.writers import render

    if kind == "board":
        page = empty_board()
    else:
        if kind == "space":
            try:
                group = draw_space(value, SIDE)
            except NotationError:  # a marker its edges cannot carry (a violation): the edges alone
                group = draw_space(value[:4], SIDE)
        elif kind == "arrow":
            group = Group(tuple(arrow(value, SIDE)))
        else:
            group = Group(tuple(distance(int(value), SIDE)))
        page = Page(SIDE, SIDE, (group,))
    return render(Document((page,), title=""), "svg")[0].decode("utf-8")


def _space_token(token: Any, where: str) -> str:
    if not isinstance(token, str) or not 0 < len(token) <= 8:
        raise RailprintError(f"{where}: expected a space token such as 'h.h.'",
                             pl=RELOAD_PL)
    try:
        return parse_token(token).token or "."
    except NotationError as exc:
        raise RailprintError(f"{where} {token!r}: {exc.message}", hint=exc.hint,
                             pl=f"{token!r}: {exc.pl or exc.message}") from None


def pictures(parts: dict[str, Any], payload: Any) -> dict:
    """``{"tokens": [...]}`` -> ``{"pictures": {token: SVG}}``: the spaces as the scored picture
    draws them (an empty space has none)."""
    tokens = payload.get("tokens") if isinstance(payload, dict) else None
    if not isinstance(tokens, list) or len(tokens) > MAX_PICTURES:
        raise RailprintError(f"expected {{\"tokens\": [at most {MAX_PICTURES} space tokens]}}",
                             pl=RELOAD_PL)
    canonical = {_space_token(t, "tokens") for t in tokens} - {".", "...."}
    return {"pictures": {t: _svg("space", t) for t in sorted(canonical)}}


def faces(parts: dict[str, Any], payload: Any) -> dict:
    """The faces to pick from: the dice of the room's expansion (from the dice file) and the
    six special routes; craters and the volcano where the expansion has them. Each with its
    picture, and the empty board the page draws the spaces on."""
    from railprint.games.railroad_ink.model import load_dice

    expansion = parts["setup"]["expansion"]
    sets = {"base", expansion}
    out, seen = [], set()
    for die in load_dice().dice:
        if die.set not in sets:
            continue
        for face in die.faces:
            if face.route and face.route not in seen:
                seen.add(face.route)
                out.append({"id": face.id, "token": parse_token(face.route).token, "group": "die",
                            "name": {"en": face.name.get("en"), "pl": face.name.get("pl")}})
    for kind, token in SPECIAL_TOKENS.items():
        out.append({"id": f"special-{kind}", "token": token, "group": "special", "name": SPECIAL_NAMES[kind]})
    for token, name in THREE_WAY.items():
        out.append({"id": f"three-way-{token}", "token": token, "group": "special", "name": name})
    if expansion == "meteor":
        out.append({"id": "crater", "token": "x", "group": "expansion", "name": {"en": "crater", "pl": "krater"}})
    if expansion == "lava":
        out.append({"id": "volcano", "token": "llllv", "group": "expansion",
                    "name": {"en": "volcano", "pl": "wulkan"}})
    for face in out:
        face["picture"] = _svg("space", face["token"])
    return {"faces": out, "board": _svg("board")}


def orientations(parts: dict[str, Any], payload: Any) -> dict:
    """``{"player", "square": "C4", "token"}`` -> the orientations of that face that break no
    rule there (``rules.validate`` finds nothing new), and every orientation."""
    if not isinstance(payload, dict):
        raise RailprintError("expected {\"player\", \"square\", \"token\"}",
                             pl=RELOAD_PL)
    player, sq, token = payload.get("player"), payload.get("square"), payload.get("token")
    if not isinstance(player, str) or _key(player) not in parts:
        raise RailprintError(f"no player {player!r} in this room",
                             hint=suggestion(str(player), parts["setup"]["players"]),
                             pl=f"w tej grze nie ma gracza {str(player)[:40]!r}; odśwież stronę")
    match = re.fullmatch(r"([A-Ga-g])([1-7])", sq) if isinstance(sq, str) else None
    if match is None:
        raise RailprintError(f"not a square: {str(sq)[:10]!r} (A1 … G7)",
                             pl=RELOAD_PL)
    row, col = "ABCDEFG".index(match.group(1).upper()), int(match.group(2)) - 1
    if not isinstance(token, str) or len(token) > 8:
        raise RailprintError("expected a space token such as 'h.h.'",
                             pl=RELOAD_PL)
    try:
        cell = parse_token(token)
    except NotationError as exc:
        raise RailprintError(f"face {token!r}: {exc.message}", hint=exc.hint,
                             pl=exc.pl or RELOAD_PL) from None
    board = board_of(parts, player).replace(row, col, Cell())
    before = {str(v) for v in validate(board)}
    every = _orientations(cell)
    valid = [c for c in every if not ({str(v) for v in validate(board.replace(row, col, c))} - before)]
    # the likeliest first: the turn joining the most routes already drawn next to it (and exits)
    valid = [c.token for c in sorted(valid, key=lambda c: -_joins(board, row, col, c))]
    return {"valid": valid, "all": [c.token for c in every],
            "pictures": {c.token: _svg("space", c.token) for c in every if c.token not in (".", "....")}}


# --- the seeded sheet's rolls ----------------------------------------------------------------

def _seed(value: Any) -> int:
    from railprint.games.railroad_ink.rollwrite import MAX_SEED, check_seed

    text = str(value).strip() if isinstance(value, (int, str)) and not isinstance(value, bool) else ""
    if not re.fullmatch(r"\d{1,19}", text):
        raise RailprintError(f"seed: {str(value)[:30]!r} is not a seed",
                             hint=f"the whole number printed on the sheet (0 to {MAX_SEED})",
                             pl=f"ziarno: {str(value)[:30]!r} to nie ziarno (wpisz liczbę wydrukowaną na arkuszu, od 0 do {MAX_SEED})")
    return check_seed(int(text))


def rolls(parts: dict[str, Any], payload: Any) -> dict:
    """``{"seed": N}`` -> every round's dice for that seed and the room's expansion — the rolls
    ``railprint sheet``/``railprint roll`` print for it (``rollwrite.roll_game``), each die with
    its names and picture; ``token`` is the space a route face draws (none for meteor dice)."""
    from railprint.games.railroad_ink.rollwrite import load_rolls

    seed = _seed(payload.get("seed") if isinstance(payload, dict) else None)
    expansion = parts["setup"]["expansion"]
    game, dice = load_rolls(seed, expansion)
    rounds = []
    for rnd in game.rounds:
        out = []
        for roll in rnd.all:
            die, face = dice.die(roll.die), roll.face
            if face.route is not None:
                token, picture = parse_token(face.route).token, _svg("space", parse_token(face.route).token)
            else:
                token, picture = None, (_svg("arrow", face.arrow) if face.arrow is not None
                                        else _svg("distance", str(face.distance)))
            names = {lang: die.name.get(lang) + (f" {roll.copy}" if die.count > 1 else "") for lang in ("en", "pl")}
            out.append({"die": roll.die, "copy": roll.copy, "die_name": names, "face": face.id,
                        "name": {lang: face.name.get(lang) for lang in ("en", "pl")},
                        "token": token, "picture": picture})
        rounds.append({"number": rnd.number, "dice": out})
    return {"seed": seed, "expansion": expansion, "rounds": rounds}


def warm() -> None:
    """Draw every expansion's faces and the empty board once (about 1.5 s of CPU, mostly the
    font subset of the board's labels) before the first player asks."""
    for expansion in EXPANSIONS:
        faces({"setup": {"players": [], "expansion": expansion, "longest": "simple"}}, {})


def read_photo(parts: dict[str, Any], player: str, data: bytes) -> tuple[dict[str, Any], dict[str, Any]]:
    """``railprint serve``'s photo upload: the player's board read from a photo of their sheet
    (``photo/read.py``) -> (part updates, ``{"uncertain": [{square, guess, reason, reason_pl, sides,
    rank, likely}], "sheet"}``): ``rank`` 1 is the likeliest wrong (``photo/check_order.py``),
    ``likely`` says it is to be shown as such, ``sides`` the sides in doubt (``"NS"``)."""
    key = _key(player)
    if key not in parts:
        raise RailprintError(f"no player {player!r} in this room",
                             hint=suggestion(player, list(parts["setup"]["players"])),
                             pl=f"w tej grze nie ma gracza {player[:40]!r}; odśwież stronę")
    from railprint.games.railroad_ink.photo import require_cv2

    require_cv2()
    from railprint.games.railroad_ink.photo.read import read_photo as read

    reading = read(data, f"photo of {player}")
    want = parts["setup"]["expansion"]
    if reading.expansion != want:
        raise RailprintError(f"the photo shows a sheet for the {reading.expansion} game; this room plays {want}",
                             hint="photograph the sheet printed for this game",
                             pl=f"na zdjęciu jest arkusz do gry {reading.expansion}, a ta gra to {want} "
                                f"(sfotografuj arkusz wydrukowany do tej gry)")
    cells = ["." if cell.empty else cell.token for row in reading.board.rows for cell in row]
    from railprint.games.railroad_ink.photo.check_order import LIKELY, in_order, sides
    from railprint.games.railroad_ink.photo.words import reason_in

    # the reader's order kept; "rank" is the order to look at them in (1: likeliest wrong)
    rank = {u.square: (i, share) for i, (u, share) in enumerate(in_order(reading.uncertain), 1)}
    uncertain = [{"square": u.square, "guess": "." if u.guess == "...." else u.guess, "reason": u.reason,
                  "reason_pl": reason_in(u.reason, "pl"), "sides": sides(u.reason), "rank": rank[u.square][0],
                  "likely": rank[u.square][1] >= LIKELY}
                 for u in reading.uncertain]
    return {key: {"cells": cells}}, {"uncertain": uncertain, "sheet": reading.sheet}


ACTIONS = {"faces": faces, "orientations": orientations, "pictures": pictures, "rolls": rolls}
