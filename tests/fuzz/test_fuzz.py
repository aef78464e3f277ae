"""Seeded mutation fuzzing of everything railprint reads: shipped content files, Railroad Ink
boards, Ticket to Ride, Days of Steam and Allers game files (with their map and frame notations),
and a deck's card list (CSV cells with markup), icon path data and pictures (cut, flipped bytes,
a huge-size PNG header). Every mutated run must end like a good tool's: exit 0 or 1,
no traceback, every error located in the file (``file:line``), nothing written outside ``-o``
and nothing at all when the run fails.

The CI run is small (well under a minute; RAILPRINT_LONG_TESTS=1 doubles it); a longer one:

    RAILPRINT_FUZZ_EXAMPLES=5000 python -m pytest tests/fuzz -p no:cacheprovider

runs that many mutations per target (the seed of each is its index, so a failure replays).
"""

from __future__ import annotations

import os
import random
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from railprint.cli import app
from railprint.loading.resources import content_root
from tests.helpers import LONG_TESTS

EXAMPLES = int(os.environ.get("RAILPRINT_FUZZ_EXAMPLES", "0"))
DATA = Path(__file__).resolve().parent.parent / "data"

# Values an attacker or a careless user types where a value belongs.
HOSTILE = ["abc", ".nan", ".inf", "-.inf", "[1]", "{}", "''", "-5mm", "0mm", "0", "-1", "1e308",
           "99999999999999999999999", "9" * 4400, "'{name.foo}'", "'{name:>200000000}'", "'{0}'",
           "'{'", "../../../escape", "/tmp/railprint-fuzz-abs", "'~nosuchuser/m.yaml'", "null", "true", "NO",
           "'\u202eevil'", "\"\\e[31mred\"", "[[[[]]]]", "&a 1", "*a", "!!python/object:os.system",
           "'x\u0000'", "100000000mm", "1000", "'ż\u0301'", "[a, b, c, d, e]", "{x: 1}"]
NOISE = ["\x07", "\x00", "\t", "\ufeff", "\u202e", "{", "}", "[", "]", ":", "-", "'", '"', "#", "&", "*", "!", "|"]
VALUE = re.compile(r"(\w+): ([^,{}\[\]\n]+)")
LOCATED = re.compile(r"[^\s:]+\.(yaml|txt):\d+")


def mutate(text: str, rnd: random.Random) -> str:
    """One to three random edits: a value (or a line's whole value) replaced by a hostile one,
    a line deleted or duplicated, a character inserted, the file cut short."""
    lines = text.split("\n")
    for _ in range(rnd.randint(1, 3)):
        i = rnd.randrange(len(lines))
        op = rnd.random()
        values = list(VALUE.finditer(lines[i]))
        if op < 0.45 and values:  # one value inside a line, the YAML structure kept
            found = rnd.choice(values)
            lines[i] = lines[i][:found.start(2)] + rnd.choice(HOSTILE) + lines[i][found.end(2):]
        elif op < 0.55 and ":" in lines[i]:
            head, _, _ = lines[i].partition(":")
            lines[i] = f"{head}: {rnd.choice(HOSTILE)}"
        elif op < 0.65:
            del lines[i]
            if not lines:
                lines = [""]
        elif op < 0.75:
            lines.insert(i, lines[i])
        elif op < 0.92:
            j = rnd.randint(0, len(lines[i]))
            lines[i] = lines[i][:j] + rnd.choice(NOISE + HOSTILE) + lines[i][j:]
        else:
            lines = lines[:i + 1]
    return "\n".join(lines)


def _examples(default: int) -> int:
    """Mutations of one target: RAILPRINT_FUZZ_EXAMPLES, else the default count under
    RAILPRINT_LONG_TESTS=1, else half of it (the quick default run; seeds 0… either way)."""
    return EXAMPLES or (default if LONG_TESTS else max(3, default // 2))


def _files(root: Path, pattern: str) -> list[Path]:
    return sorted(p for p in root.rglob(pattern) if p.parent.name != "sheets")


def _check(result, *, allow_usage: bool = False, located: bool = True) -> None:
    """The run ended cleanly: exit 0/1 (2 for usage), no traceback, errors located."""
    codes = (0, 1, 2) if allow_usage else (0, 1)
    exc = result.exception
    assert exc is None or isinstance(exc, SystemExit), f"uncaught {type(exc).__name__}: {exc}\n{result.output}"
    assert result.exit_code in codes, result.output
    assert "Traceback" not in result.output
    if result.exit_code == 1 and located:
        errors = [line for line in result.stderr.splitlines() if line.strip()]
        assert errors and errors[0].startswith("Error: "), result.stderr
        located = [LOCATED.search(line) for line in errors if not line.startswith("Error: ") or len(errors) == 1]
        assert all(located), f"an error without file:line:\n{result.stderr}"


def _tree(folder: Path) -> set[Path]:
    return {p for p in folder.rglob("*")} if folder.exists() else set()


def _content_case(tmp_path: Path, source: Path, seed: int) -> None:
    rnd = random.Random(seed)
    folder = tmp_path / f"case{seed}"
    game_dir = folder / "content" / source.parent.name
    game_dir.mkdir(parents=True)
    (game_dir / source.name).write_text(mutate(source.read_text(encoding="utf-8"), rnd), encoding="utf-8")
    for sibling in source.parent.glob("*.yaml"):  # referenced maps stay available
        if sibling.name != source.name and sibling.name in ("nordic.yaml", "italy.yaml", "dice.yaml"):
            (game_dir / sibling.name).write_bytes(sibling.read_bytes())
    out = folder / "out"
    before = _tree(tmp_path) - _tree(folder)
    result = CliRunner().invoke(app, ["render", "all", "--content", str(folder / "content"),
                                      "-o", str(out), "-q"])
    _check(result)
    assert _tree(tmp_path) - _tree(folder) == before, "something was written outside the case folder"
    assert not Path("/tmp/railprint-fuzz-abs").exists(), "an absolute id or game name was written"
    written = {p for p in _tree(folder) if p.is_file()} - set((folder / "content").rglob("*"))
    assert all(out in p.parents for p in written), f"written outside -o: {written}"
    if result.exit_code != 0:
        assert not [p for p in written], f"a failed run left files: {written}"
    else:
        assert not [p for p in written if p.name.startswith(".")], "temporary files left"


SHIPPED = _files(content_root(), "*.yaml")
# the big boards take seconds each to draw; the CI run mutates the quick-to-build files
QUICK = [p for p in SHIPPED if p.stem not in ("board-nordic", "board-italy", "nordic", "italy")]


@pytest.mark.parametrize("index", range(_examples(24)))
def test_mutated_content_renders_or_fails_cleanly(tmp_path, index):
    files = SHIPPED if EXAMPLES else QUICK
    source = files[index % len(files)]
    _content_case(tmp_path, source, index)


def _score_case(tmp_path: Path, game: str, source: Path, seed: int, picture: bool) -> None:
    rnd = random.Random(seed)
    text = source.read_text(encoding="utf-8").partition("\n---\n")[0]
    target = tmp_path / ("game.yaml" if source.suffix == ".yaml" else "board.txt")
    target.write_text(mutate(text, rnd), encoding="utf-8")
    args = ["score", game, str(target), *(["--json"] if seed % 2 else [])]
    if picture:
        (tmp_path / "out").mkdir(exist_ok=True)   # a picture's folder must exist
        args += ["--picture", str(tmp_path / "out" / "picture.svg")]
    result = CliRunner().invoke(app, args)
    _check(result)
    if result.exit_code != 0:
        assert result.stdout == "", "a failed run printed data"
        assert not _tree(tmp_path / "out"), "a failed run left a picture"


TTR_GAMES = sorted((DATA / "ticket_to_ride" / "cases").glob("*.yaml"))
RI_BOARDS = sorted((DATA / "railroad_ink" / "cases").glob("*.txt"))


@pytest.mark.parametrize("index", range(_examples(60)))
def test_mutated_ticket_to_ride_games_score_or_fail_cleanly(tmp_path, index):
    _score_case(tmp_path, "ticket-to-ride", TTR_GAMES[index % len(TTR_GAMES)], index, picture=index % 10 == 0)


@pytest.mark.parametrize("index", range(_examples(60)))
def test_mutated_railroad_ink_boards_score_or_fail_cleanly(tmp_path, index):
    _score_case(tmp_path, "railroad-ink", RI_BOARDS[index % len(RI_BOARDS)], index, picture=index % 10 == 0)


@pytest.mark.parametrize("args", [
    ["render", "nosuchgame"], ["render", "--paper", "a9"], ["render", "--mode", "x"], ["render", "--format", "gif"],
    ["sheet", "railroad-ink", "--seed", "-1", "--players", "0"], ["sheet", "railroad-ink", "--players", "100000"],
    ["sheet", "railroad-ink", "--date", "2024-13-45"], ["roll", "railroad-ink", "--round", "99999"],
    ["roll", "railroad-ink", "--seed", "9" * 5000], ["score", "railroad-ink"], ["score", "nosuch", "x"],
    ["calibrate", "--paper", "x"], ["render", "--back-offset", "nan,inf"],
])
def test_hostile_options_end_cleanly(tmp_path, monkeypatch, args):
    monkeypatch.chdir(tmp_path)
    _check(CliRunner().invoke(app, args), allow_usage=True, located=False)


DOS_GAMES = sorted((DATA / "days_of_steam" / "cases").glob("*.yaml"))
ALLERS_GAMES = sorted((DATA / "allers_trains" / "cases").glob("*.yaml"))
# map tokens and placements a careless hand types, for the new scorers' own notations
GAME_NOISE = ["st9", "xx0", "cu1hw", "R", ".", "st0h " * 70, "B1 T99 45", "A1 T01 0", "E9 T01 0",
              "Ala@0", "Ala@" + "9" * 5000, "40+41", "40+" + "9" * 5000, "'\u202e\x1b[2J'", "zz@1"]


@pytest.mark.parametrize("index", range(_examples(40)))
def test_mutated_days_of_steam_games_score_or_fail_cleanly(tmp_path, index):
    _score_case(tmp_path, "days-of-steam", DOS_GAMES[index % len(DOS_GAMES)], index, picture=index % 10 == 0)


@pytest.mark.parametrize("index", range(_examples(40)))
def test_mutated_allers_games_score_or_fail_cleanly(tmp_path, index):
    _score_case(tmp_path, "allers-trains", ALLERS_GAMES[index % len(ALLERS_GAMES)], index, picture=index % 10 == 0)


@pytest.mark.parametrize("index", range(_examples(20)))
def test_game_notation_noise_scores_or_fails_cleanly(tmp_path, index):
    """Hostile map tokens and placements put where the notation expects them."""
    rnd = random.Random(index)
    source = (DOS_GAMES + ALLERS_GAMES)[index * 7 % (len(DOS_GAMES) + len(ALLERS_GAMES))]
    text = source.read_text(encoding="utf-8").partition("\n---\n")[0]
    words = re.findall(r"(?<=[\s\[,])[A-Za-z0-9.@+]+(?=[\s\],])", text)
    for word in rnd.sample(words, min(3, len(words))):
        text = text.replace(word, rnd.choice(GAME_NOISE).replace("'", ""), 1)
    target = tmp_path / "game.yaml"
    target.write_text(text, encoding="utf-8")
    game = "days-of-steam" if source in DOS_GAMES else "allers-trains"
    _check(CliRunner().invoke(app, ["score", game, str(target)]))


# --- content features: card lists, markup, icons, pictures ---------------------------------

EXAMPLE = content_root() / "examples" / "station-master"
MARKUP = ["**", "*", ":wagon:", ":nosuch:", "\\*", "**a *b** c*", ":", "::", ":wagon", "\u202e", "\x1b[31m",
          "x" * 3000, "{name}", "{", "}", '"', '""', ",", "\t", "\r", "\n"]


def _mutate_csv(text: str, rnd: random.Random) -> str:
    """Cells replaced by hostile values or markup fragments, rows duplicated, cut or deleted."""
    rows = text.split("\n")
    for _ in range(rnd.randint(1, 3)):
        i = rnd.randrange(len(rows))
        op = rnd.random()
        if op < 0.6:
            cells = rows[i].split(",")
            j = rnd.randrange(len(cells))
            value = rnd.choice(HOSTILE + MARKUP)
            cells[j] = cells[j][:len(cells[j]) // 2] + value + cells[j][len(cells[j]) // 2:] if rnd.random() < 0.5 else value
            rows[i] = ",".join(cells)
        elif op < 0.75:
            rows.insert(i, rows[i])
        elif op < 0.9:
            del rows[i]
        else:
            rows[i] = rows[i][:rnd.randint(0, len(rows[i]))]
    return "\n".join(rows)


def _mutate_png(data: bytes, rnd: random.Random) -> bytes:
    """Cut short, bytes flipped, or the header's size made huge (a decompression bomb)."""
    op = rnd.random()
    if op < 0.3:
        return data[:rnd.randint(0, len(data))]
    if op < 0.6:
        out = bytearray(data)
        for _ in range(rnd.randint(1, 8)):
            out[rnd.randrange(len(out))] = rnd.randrange(256)
        return bytes(out)
    if op < 0.8:  # IHDR width and height (the chunk CRC left stale or fixed)
        size = rnd.choice([0, 1, 65535, 100_000, 2**31 - 1]).to_bytes(4, "big")
        out = data[:16] + size + size + data[24:]
        if rnd.random() < 0.5:
            import zlib

            out = out[:29] + zlib.crc32(out[12:29]).to_bytes(4, "big") + out[33:]
        return out
    return b""


def _station_master(folder: Path, rnd: random.Random) -> None:
    """A small copy of the station-master example (6 cards, 2 pictures, its icons) with one of
    its files mutated."""
    game = folder / "g"
    (game / "art").mkdir(parents=True)
    deck = (EXAMPLE / "station-master.yaml").read_text(encoding="utf-8").replace("game: examples", "game: g")
    icons = (EXAMPLE / "icons.yaml").read_text(encoding="utf-8").replace("game: examples", "game: g")
    rows = (EXAMPLE / "cards.csv").read_text(encoding="utf-8").split("\n")
    cards = "\n".join(rows[:7]).replace("art/passenger.png", "art/freight.png").replace(
        "art/mountain.png", "art/harbour.png").replace("art/station.png", "art/freight.png").replace(
        "art/steam.png", "art/harbour.png") + "\n"
    pictures = {name: (EXAMPLE / "art" / name).read_bytes() for name in ("freight.png", "harbour.png")}
    which = rnd.randrange(4)
    if which == 0:
        deck = mutate(deck, rnd)
    elif which == 1:
        cards = _mutate_csv(cards, rnd)
    elif which == 2:
        icons = mutate(icons, rnd) if rnd.random() < 0.5 else icons.replace(
            "M4 12 H20", rnd.choice(["M4 12 H" + "9" * 400, "M4 12 A1e308 1 0 1 1 1e308 2", "4 12", "M4 12 Q",
                                     "M4 12 " + "L1 1 " * 30000, "M4 12 H20 \u202e", "M nan 1"]))
    else:
        name = rnd.choice(sorted(pictures))
        pictures[name] = _mutate_png(pictures[name], rnd)
    (game / "station-master.yaml").write_text(deck, encoding="utf-8")
    (game / "icons.yaml").write_text(icons, encoding="utf-8")
    (game / "cards.csv").write_text(cards, encoding="utf-8")
    for name, data in pictures.items():
        (game / "art" / name).write_bytes(data)


@pytest.mark.parametrize("index", range(_examples(12)))
def test_mutated_card_lists_icons_pictures_render_or_fail_cleanly(tmp_path, index):
    rnd = random.Random(index)
    content = tmp_path / "content"
    _station_master(content, rnd)
    out = tmp_path / "out"
    before = _tree(tmp_path.parent) - _tree(tmp_path)
    result = CliRunner().invoke(app, ["render", "g", "--content", str(content), "-o", str(out), "-q"])
    _check(result, located=False)
    if result.exit_code == 1:  # located in the deck, the card list, the icons file or the picture's card
        assert re.search(r"\.(yaml|csv)(\[\w+\])?:\d+", result.stderr), result.stderr
        assert not _tree(out), "a failed run left files"
    assert _tree(tmp_path.parent) - _tree(tmp_path) == before, "something was written outside the case folder"


# --- FIFOs and symlinks in every discovery path; malformed and oversized workbooks ---------

@pytest.fixture
def alarm():
    """A run that blocks (a FIFO opened for reading) fails instead of hanging the suite."""
    import signal

    def boom(*_):
        raise TimeoutError("blocked")
    old = signal.signal(signal.SIGALRM, boom)
    signal.alarm(30)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


SMALL_DECK = ("kind: deck\nid: d\ngame: g\ntitle: {en: T}\nsize: poker\ncards: CARDS\n"
              "templates:\n  t:\n    layers:\n      - {type: text, text: '{name}', x: 2mm, y: 8mm}\n")
SECRET = "kind: icons\nid: s\ngame: g\nicons:\n  ZanzibarSecret: {path: 'M0 0'}\n"
HAZARDS = ["fifo", "symlink to a fifo", "symlink to /dev/zero", "symlink out", "folder", "dangling symlink"]


def _plant(where: Path, name: str, hazard: str, outside: Path) -> None:
    target = where / name
    if hazard == "fifo":
        os.mkfifo(target)
    elif hazard == "symlink to a fifo":
        os.mkfifo(where / "pipe.fifo")
        target.symlink_to(where / "pipe.fifo")
    elif hazard == "symlink to /dev/zero":
        target.symlink_to("/dev/zero")
    elif hazard == "symlink out":
        target.symlink_to(outside)
    elif hazard == "folder":
        target.mkdir()
    else:
        target.symlink_to(where / "nowhere.yaml")


@pytest.mark.parametrize("index", range(_examples(18)))
def test_fifos_and_symlinks_in_every_discovery_path_end_cleanly(tmp_path, alarm, index):
    rnd = random.Random(index)
    hazard = HAZARDS[index % len(HAZARDS)] if not EXAMPLES else rnd.choice(HAZARDS)
    outside = tmp_path / "outside" / "secret.yaml"
    outside.parent.mkdir()
    outside.write_text(SECRET, encoding="utf-8")
    game = tmp_path / "content" / "g"
    game.mkdir(parents=True)
    path = rnd.choice(["content", "icons", "card list", "map beside a game file", "picture"])
    cards = "[{template: t, vars: {name: x}}]"
    if path == "card list":
        cards = "{from: " + rnd.choice(["cards.csv", "cards.yaml", "cards.xlsx", "cards.json"]) + "}"
        _plant(game, cards[7:-1], hazard, outside)
    elif path == "picture":
        _plant(game, "a.png", hazard, outside)
    elif path == "map beside a game file":
        _plant(game, "m.yaml", hazard, outside)
    else:
        _plant(game, "icons.yaml" if path == "icons" else "x.yaml", hazard, outside)
    deck = SMALL_DECK.replace("CARDS", cards)
    if path == "picture":
        deck = deck.replace("      - {type: text", "      - {type: image, file: a.png, x: 1mm, y: 1mm, w: 9mm, h: 9mm}\n"
                            "      - {type: text")
    (game / "d.yaml").write_text(deck, encoding="utf-8")
    (game / "game.yaml").write_text("map: nordic\nplayers:\n  - name: A\n    routes: [Oslo - Örebro]\n")
    out = tmp_path / "out"
    runs = [["validate", str(game.parent)], ["validate", str(game / "d.yaml")], ["list", "--content", str(game.parent)],
            ["icons", "--content", str(game.parent), "-o", str(out / "i.pdf")],
            ["render", "g", "--content", str(game.parent), "-o", str(out), "-q"]]
    if path == "map beside a game file":
        runs = [["score", "ticket-to-ride", str(game / "game.yaml"), "--json"]]
    for args in runs:
        result = CliRunner().invoke(app, args)
        _check(result, located=False)
        assert "Zanzibar" not in result.output, f"a file outside the folder was read: {args}"
        if result.exit_code == 1:
            assert str(tmp_path) in result.stderr or "content folder" in result.stderr, result.stderr
    written = {p for p in _tree(tmp_path) if p.is_file() and out in p.parents}
    assert all(p.suffix == ".pdf" for p in written)


def _mutate_workbook(rnd: random.Random) -> tuple[bytes, str]:
    """A crafted hostile workbook (tests/hostile/workbooks.py), or the small good one with its
    sheet or shared-string XML mutated at random."""
    from hostile import workbooks  # tests/ is on sys.path (rootdir-relative test packages)

    crafted = [(data, words) for data, words in workbooks.crafted().values() if data is not None]
    if rnd.random() < 0.4:
        return rnd.choice(crafted)
    files = workbooks.parts(workbooks.workbook(rnd.randint(1, 3)))
    if rnd.random() < 0.3:
        files[workbooks.STRINGS] = workbooks.parts(workbooks.edited(strings=b"<si><t>a</t></si>" * 3))[workbooks.STRINGS]
    name = rnd.choice([n for n in (workbooks.SHEET, workbooks.STRINGS, "xl/workbook.xml", "xl/styles.xml",
                                   "xl/_rels/workbook.xml.rels", "[Content_Types].xml") if n in files])
    xml = files[name]
    for _ in range(rnd.randint(1, 4)):
        op = rnd.random()
        i = rnd.randrange(len(xml))
        if op < 0.3:
            xml = xml[:i] + bytes([rnd.randrange(256)]) + xml[i + 1:]
        elif op < 0.5:
            xml = xml[:i]
        elif op < 0.8:
            xml = re.sub(rb'r="[A-Z]+(\d+)"', lambda m: b'r="' + rnd.choice([b"XFD", b"AAAA", b"A", b"GS"]) +
                         rnd.choice([m.group(1), b"1048576", b"0", b"99999999999"]) + b'"', xml, count=rnd.randint(1, 3))
        else:
            xml = re.sub(rb"<v>[^<]*</v>", lambda m: b"<v>" + rnd.choice([b"NaN", b"1e999", b"-1e999", b"99", b"x",
                                                                          b"", b"9" * 400]) + b"</v>", xml, count=1)
    files[name] = xml
    if rnd.random() < 0.1:
        files.pop(rnd.choice(sorted(files)))
    return workbooks.pack(files), ""


@pytest.mark.parametrize("index", range(_examples(16)))
def test_malformed_and_oversized_workbooks_end_cleanly(tmp_path, alarm, index):
    import time

    rnd = random.Random(index)
    data, words = _mutate_workbook(rnd)
    game = tmp_path / "content" / "g"
    game.mkdir(parents=True)
    (game / "d.yaml").write_text(SMALL_DECK.replace("CARDS", "{from: c.xlsx}"), encoding="utf-8")
    (game / "c.xlsx").write_bytes(data)
    out = tmp_path / "out"
    start = time.process_time()
    result = CliRunner().invoke(app, ["render", "g", "--content", str(game.parent), "-o", str(out), "-q"])
    assert time.process_time() - start < 5
    _check(result, located=False)
    if result.exit_code == 1:
        assert re.search(r"(c\.xlsx(\[[^\]]*\])?(:\d+)?|d\.yaml:\d+):", result.stderr), result.stderr
        assert words in result.stderr
        assert not _tree(out), "a failed run left files"


SIGNAL_BOX = content_root() / "examples" / "signal-box"
SVG_HOSTILE = ['<!DOCTYPE svg [<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>', "<g>" * 100,
               '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>', "<text>&x;</text>",
               'viewBox="0 0 1e308 1e308"', 'd="M0 0 L1e300 1"', 'transform="scale(1e300)"',
               'stroke-width="1e300"', "<image href='http://example.com/a.png'/>", "\x00", "</svg>",
               # issue 29: work, not bytes — <use> doubling, cycles, arcs, CSS rules, encodings, tiny sizes
               '<path id="u0" d="M0 0 L1 1" stroke="#000"/>' + "".join(
                   f'<g id="u{i}"><use href="#u{i - 1}"/><use href="#u{i - 1}"/></g>' for i in range(1, 19)) + '<use href="#u18"/>',
               '<g id="cy"><use href="#cy"/></g>', '<path stroke="#000" d="M0 0' + " a1 1 0 0 1 1 1" * 30_000 + '"/>',
               "<style>" + "*{fill:red}" * 5_000 + "</style>", 'viewBox="0 0 1e-300 1e-300"',
               '<?xml version="1.0" encoding="x-nope"?>']


def _mutate_bytes(data: bytes, rnd: random.Random) -> bytes:
    """Cut short or bytes flipped."""
    if rnd.random() < 0.5:
        return data[:rnd.randint(0, len(data))]
    out = bytearray(data)
    for _ in range(rnd.randint(1, 12)):
        out[rnd.randrange(len(out))] = rnd.randrange(256)
    return bytes(out)


def _signal_box(folder: Path, rnd: random.Random) -> None:
    """A copy of the signal-box example (own fonts, SVG art and an SVG icon, styles, conditions)
    with one of its files mutated: the deck, the card list, a font file, an SVG or the icons file."""
    game = folder / "g"
    (game / "art").mkdir(parents=True)
    (game / "fonts").mkdir()
    deck = (SIGNAL_BOX / "signal-box.yaml").read_text(encoding="utf-8").replace("game: examples", "game: g")
    cards = (SIGNAL_BOX / "cards.csv").read_text(encoding="utf-8")
    fonts = {p.name: p.read_bytes() for p in (SIGNAL_BOX / "fonts").glob("*.ttf")}
    art = {p.name: p.read_text(encoding="utf-8") for p in (SIGNAL_BOX / "art").glob("*.svg")}
    icons = (SIGNAL_BOX / "icons.yaml").read_text(encoding="utf-8").replace("game: examples", "game: g")
    which = rnd.randrange(5)
    if which == 4:
        icons = mutate(icons, rnd)
    elif which == 0:
        deck = mutate(deck, rnd)
    elif which == 1:
        cards = _mutate_csv(cards, rnd)
    elif which == 2:
        name = rnd.choice(sorted(fonts))
        if rnd.random() < 0.25:   # a font whose character map claims 10^9 characters
            from tests.hostile.test_designer_files import _cmap12, _sfnt

            fonts[name] = _sfnt({b"cmap": _cmap12([(0, 999_999_999, 1)])})
        else:
            fonts[name] = _mutate_bytes(fonts[name], rnd)
    else:
        name = rnd.choice(sorted(art))
        text = art[name]
        if rnd.random() < 0.4:   # a million elements in a well-formed SVG
            text = text.replace("</svg>", "<g/>" * 1_000_000 + "</svg>")
        elif rnd.random() < 0.5:
            i = rnd.randint(0, len(text))
            text = text[:i] + rnd.choice(SVG_HOSTILE + HOSTILE) + text[i:]
        else:
            text = _mutate_bytes(text.encode(), rnd).decode("utf-8", "replace")
        art[name] = text
    (game / "signal-box.yaml").write_text(deck, encoding="utf-8")
    (game / "cards.csv").write_text(cards, encoding="utf-8")
    (game / "icons.yaml").write_text(icons, encoding="utf-8")
    for name, data in fonts.items():
        (game / "fonts" / name).write_bytes(data)
    for name, text in art.items():
        (game / "art" / name).write_text(text, encoding="utf-8")


@pytest.mark.parametrize("index", range(_examples(12)))
def test_mutated_fonts_svgs_and_styles_render_or_fail_cleanly(tmp_path, index):
    rnd = random.Random(1000 + index)
    content = tmp_path / "content"
    _signal_box(content, rnd)
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["render", "g", "--content", str(content), "-o", str(out), "-q"])
    _check(result, located=False)
    if result.exit_code == 1:  # located in the deck or the card list (a font or SVG: at its family or card)
        assert re.search(r"\.(yaml|csv)(\[\w+\])?:\d+", result.stderr), result.stderr
        assert not _tree(out), "a failed run left files"


_PUBLISH_SCRIPT = """
import os, signal, sys
from pathlib import Path
import railprint.writers.publish as publish
from railprint.writers import write_files
out, at, sig = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
files = [(Path(name), data.encode()) for name, data in zip(sys.argv[4::2], sys.argv[5::2])]
def hook(index, target):
    if index == at:
        os.kill(os.getpid(), sig)
publish._published = hook
write_files(out, files)
"""


@pytest.mark.parametrize("index", range(_examples(6)))
def test_a_signal_at_a_random_moment_of_publication_leaves_one_complete_set(tmp_path, index):
    """A random set of outputs (some replacing files, some new, some in new sub-folders), a
    random signal (SIGINT, SIGTERM, SIGHUP or SIGKILL) at a random file's publication: the old
    set stays byte for byte (after a SIGKILL: once the next run has recovered), no staging."""
    import signal
    import subprocess
    import sys

    from railprint.writers import write_files
    from railprint.writers.publish import recovered

    rnd = random.Random(index)
    out = tmp_path / "out"
    names = [rnd.choice(["", "g/", "g/deep/"]) + f"f{i}.pdf" for i in range(rnd.randint(1, 6))]
    old = [(Path(n), f"old {n}".encode()) for n in names if rnd.random() < 0.6]
    write_files(out, old)
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    sig = rnd.choice([signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGKILL])
    args = [x for n in names for x in (n, f"new {n} {'x' * rnd.randint(0, 3000)}")]
    proc = subprocess.run([sys.executable, "-c", _PUBLISH_SCRIPT, str(out), str(rnd.randrange(len(names))),
                           str(int(sig)), *args], capture_output=True, timeout=60)
    assert proc.returncode in (-sig, 130), proc.stderr.decode()   # died of it, or KeyboardInterrupt
    recovered(out)
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before
    assert not [p for p in out.rglob("*") if p.name.startswith(".")]


_PLUGIN_VALUES = ["None", "42", "'x'", "('x',)", "{'en': None}", "{}", "()", "[1]", "b'x'", "float('nan')",
                  "'mod:'", "':name'", "'../x:y'", "ContentKind('k')", "(ContentKind(None),)", "{'en': 'T'}",
                  "('alias',)", "'os:system'", "'builtins:exit'"]
_PLUGIN_FIELDS = ["id", "title", "aliases", "kinds", "scorer", "score_options", "roller"]
_IMPORT_ACTIONS = ["", "import sys; sys.exit(0)", "exit(3)", "raise KeyboardInterrupt", "raise MemoryError",
                   "raise SystemExit('bye')", "import nowhere_xyz", "1 / 0"]


@pytest.mark.parametrize("index", range(_examples(8)))
def test_a_random_broken_plugin_never_breaks_the_other_games(tmp_path, monkeypatch, index):
    """A plugin with random field values and a random import-time action: `list`, and scoring,
    rolling and rendering with it, end cleanly (a named warning or error, never a traceback)
    and another game still scores."""
    from importlib.metadata import EntryPoint

    from railprint import registry

    rnd = random.Random(index)
    fields = {"id": "'fuzz-rail'", "title": "{'en': 'Fuzz'}"}
    for name in rnd.sample(_PLUGIN_FIELDS, rnd.randint(1, 3)):
        fields[name] = rnd.choice(_PLUGIN_VALUES)
    body = (f"from railprint.registry import ContentKind, Game\n{rnd.choice(_IMPORT_ACTIONS)}\n"
            f"GAME = Game({', '.join(f'{k}={v}' for k, v in fields.items())})\n")
    module = f"fuzz_rail_{index}"
    (tmp_path / f"{module}.py").write_text(body)
    monkeypatch.syspath_prepend(str(tmp_path))
    real = list(registry._entry_points())
    monkeypatch.setattr(registry, "_entry_points",
                        lambda: real + [EntryPoint("fuzz", f"{module}:GAME", registry.GROUP)])
    registry.games.cache_clear()
    try:
        runner = CliRunner()
        for args in (["list"], ["score", "fuzz-rail", str(tmp_path / "g.yml")], ["roll", "fuzz-rail", "--seed", "1"]):
            result = runner.invoke(app, args)
            _check(result, located=False)
            assert "Traceback" not in result.output
            if "game plugin 'fuzz'" not in result.output:  # loaded fine: then it is listed / used
                assert args != ["list"] or "fuzz-rail" in result.stdout, (body, result.output)
        game = tmp_path / "dos.yml"
        game.write_text("end: tiles\nplayers:\n  - {name: Ala, goods: RRG, circuits: 1, steam: 2}\n")
        result = runner.invoke(app, ["score", "days-of-steam", str(game)])
        assert result.exit_code == 0 and "Ala" in result.stdout, (body, result.output)
    finally:
        registry.games.cache_clear()


@pytest.mark.parametrize("index", range(_examples(40)))
def test_mutated_serve_requests_answer_a_4xx_never_a_500(tmp_path, index):
    """``railprint serve``'s JSON bodies mutated (an exported room, a change, a game's action):
    every answer is 200 or a 4xx JSON error, never a 500 (issue 29: nesting, long numbers)."""
    import json

    from fastapi.testclient import TestClient

    from railprint.serve import make_app

    rnd = random.Random(index)
    app, _, store = make_app(tmp_path / "data", "127.0.0.1")
    try:
        with TestClient(app, base_url="http://127.0.0.1") as client:
            room = client.post("/api/rooms", json={"game": "railroad-ink", "players": ["Ala", "Bob"]}).json()["room"]
            exported = client.get(f"/api/rooms/{room['id']}/room.json").json()
            targets = [("/api/rooms/import", exported),
                       (f"/api/rooms/{room['id']}/changes", {"version": 0, "parts": {"player:Ala": {"cells": ["h.h."] * 49}}}),
                       (f"/api/rooms/{room['id']}/actions/orientations", {"player": "Ala", "square": "B2", "token": "hh.."}),
                       ("/api/rooms", {"game": "railroad-ink", "players": ["Ala"], "setup": {"expansion": "lava"}})]
            url, body = targets[index % len(targets)]
            text = mutate(json.dumps(body, indent=1, ensure_ascii=False), rnd)
            if rnd.random() < 0.3:  # deep nesting or a very long number somewhere
                text = text.replace("[", "[" * rnd.choice([40, 1000, 100_000]), 1)
            answer = client.post(url, content=text.encode("utf-8", "surrogatepass"),
                                 headers={"Content-Type": "application/json"})
            assert answer.status_code < 500, (url, text[:300], answer.text[:300])
            if answer.status_code >= 400:
                assert isinstance(answer.json().get("error"), str)
    finally:
        store.close()
