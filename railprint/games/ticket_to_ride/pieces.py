"""The playing pieces a Ticket to Ride map needs besides its board and cards: per player colour
as many wagons as the map gives each player (strips sized to the board's route spaces) and a
score marker, each carrying the player's letter as well as the colour. Drawn from the map
alone, so a user's map gets its own (``<map id>-trains``); :func:`piece_sets` returns the
sets so other pieces of a map (stations, …) can join the same sheets."""

from __future__ import annotations

from railprint.games.ticket_to_ride.model import DEFAULT_COLOURS
from railprint.layout.imposition import Face, SetFaces
from railprint.records import Record
from railprint.scene import Circle, Group, Line, Rect, Style, Text
from railprint.units import mm
from railprint.words import plural

WAGON = (mm(22), mm(7))      # one route space of the printed board
MARKER = (mm(10), mm(10))    # sits on a score-track cell
BLEED = mm(1)
LETTERS = "ABCDEF"
NAMES = {
    "en": {"wagons": ("wagon", "wagons"), "marker": ("score marker", "score markers"), "player": "player"},
    "pl": {"wagons": ("wagon", "wagony", "wagonów"), "marker": ("znacznik punktów", "znaczniki punktów",
                                                                 "znaczników punktów"), "player": "gracz"},
}


class Player(Record):
    letter: str
    colour: str

    @property
    def ink(self) -> str:
        """Black or white, whichever reads better on the colour."""
        r, g, b = (int(self.colour[i:i + 2], 16) for i in (1, 3, 5))
        return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#ffffff"


def players(m) -> list[Player]:
    """The map's player colours (``play: {player_colours: […]}`` in its file, else the scorer's
    defaults), as many as its most players, each with its letter: no player depends on colour
    vision. Trains, score markers and station pieces all take their colours from here."""

    colours = list(m.play.get("player_colours") or DEFAULT_COLOURS)
    return [Player(LETTERS[i], colours[i % len(colours)]) for i in range(min(m.players_max, len(LETTERS)))]


def _wagon(p: Player) -> Group:
    w, h = WAGON
    b = BLEED
    ink = p.ink
    items = [Rect(-b, -b, w + 2 * b, h + 2 * b, Style(fill=p.colour))]
    # diagonal stripes across the body, which no route space of the board has: a wagon laid on a
    # route of its own colour still shows (besides its letter) without telling colours apart
    stripe = Style(stroke=ink, width=0.6)
    step = mm(2.2)
    x = -h
    while x < w + h:
        items.append(Line(x, h + b, x + h + 2 * b, -b, stripe))
        x += step
    items += [Rect(w / 2 - mm(2.2), h / 2 - mm(2.1), mm(4.4), mm(4.0), Style(fill=p.colour, stroke=ink, width=0.4),
                   r=mm(0.6)),
              Rect(mm(1.2), mm(1.0), w - mm(2.4), h - mm(2.0), Style(stroke=ink, width=0.5), r=mm(0.8))]
    for x in (mm(5), w - mm(5)):   # wheels
        items.append(Circle(x, h - mm(1.0), mm(0.9), Style(fill=ink)))
    items.append(Text(w / 2, h / 2 + mm(0.9), p.letter, 7, Style(fill=ink), font="bold", anchor="middle"))
    return Group(tuple(items), clip=Rect(-b, -b, w + 2 * b, h + 2 * b))


def _marker(p: Player) -> Group:
    w, h = MARKER
    b = BLEED
    ink = p.ink
    items = [Rect(-b, -b, w + 2 * b, h + 2 * b, Style(fill=p.colour)),
             Circle(w / 2, h / 2, mm(3.8), Style(stroke=ink, width=0.8)),
             Text(w / 2, h / 2 + mm(1.2), p.letter, 10, Style(fill=ink), font="bold", anchor="middle")]
    return Group(tuple(items), clip=Rect(-b, -b, w + 2 * b, h + 2 * b))


def piece_sets(m, lang: str = "en") -> list[SetFaces]:
    """One set of wagons per player colour (the map's trains per player), then the score
    markers (one per player): single-sided, the wagons butt-cut into strips."""
    words = NAMES.get(lang, NAMES["en"])
    out: list[SetFaces] = []
    people = players(m)
    for p in people:
        face = Face(_wagon(p))
        count = m.trains_per_player
        out.append(SetFaces(f"{words['player']} {p.letter} · {count} {plural(count, words['wagons'], lang)}",
                            (face,) * count, WAGON[0], WAGON[1], BLEED, butt=True))
    markers = tuple(Face(_marker(p)) for p in people)
    out.append(SetFaces(f"{len(markers)} {plural(len(markers), words['marker'], lang)}", markers,
                        MARKER[0], MARKER[1], BLEED))
    return out
