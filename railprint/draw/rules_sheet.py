"""A one-page rules summary (``kind: rules``): a game's setup, turn, scoring and end in a few
lines each, in English and Polish, printed with the game's kit and listed in its print guide.

    kind: rules
    id: nordic-rules
    game: ticket-to-ride
    map: nordic            # optional: the map whose kit it belongs to
    title: {en: …, pl: …}
    revision: 1
    checked_against: ['seeds/001 (Polish rulebook)', …]   # where each sentence was checked
    sections:
      - heading: {en: Setup, pl: Przygotowanie}
        points:
          - {en: …, pl: …}
          - {en: …, pl: …, reading: true}   # railprint's own reading of an unclear rule

The text is the content's own words (never the rulebook's sentences). A point marked
``reading: true`` is printed after "Our reading:" so nobody takes it for the rulebook's rule. The
page is one A4 or Letter sheet: the text is set at 10 pt, smaller (down to 7 pt) only when it
would not fit, and a summary that does not fit at 7 pt is an error naming the file.
A generic engine kind: no game code.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field

from railprint.errors import ContentError, Location, check_lang
from railprint.text.measure import wrap_text
from railprint.layout.paper import furniture, paper as make_paper, revision_label, usable_area
from railprint.loading.schema import Spec, validate
from railprint.loading.yamlio import load_file
from railprint.scene import Circle, Document, Item, Page, Style, Text
from railprint.units import mm

SIZES = (10.0, 9.5, 9.0, 8.5, 8.0, 7.5, 7.0)   # text sizes tried, largest first
READING = {"en": "Our reading:", "pl": "Nasza interpretacja:"}
WORD = {"en": "rules summary", "pl": "zasady w skrócie"}
NOTE = {"en": "A summary in railprint's own words; the rulebook decides. Points marked “Our reading” are how "
              "railprint (its scorer and this kit) reads a rule the rulebook leaves open.",
        "pl": "Streszczenie własnymi słowami railprint; rozstrzyga instrukcja gry. Punkty oznaczone „Nasza "
              "interpretacja” to sposób, w jaki railprint (jego liczenie punktów i ten zestaw) rozumie regułę, "
              "której instrukcja nie rozstrzyga."}


class RulePoint(Spec):
    en: str = Field(min_length=1, max_length=600)
    pl: str = Field(min_length=1, max_length=600)
    reading: bool = False


class RuleSection(Spec):
    heading: dict[str, str]
    points: list[RulePoint] = Field(min_length=1, max_length=20)


class RulesSpec(Spec):
    kind: Literal["rules"]
    id: str
    game: str
    map: str | None = None
    title: dict[str, str]
    revision: int = 1
    checked_against: list[str] = Field(default_factory=list)
    sections: list[RuleSection] = Field(min_length=1, max_length=12)


def load_rules(path: str | Path) -> RulesSpec:
    return validate(RulesSpec, load_file(path), str(path), "rules")


def _lines(spec: RulesSpec, lang: str, width: float, size: float) -> list[tuple[str, str, float, float]]:
    """(kind, text, size, advance) rows: ``head`` a section heading, ``first``/``more`` the first
    and the following lines of a point, ``gap`` space between points."""
    lead = size * 1.28
    indent = size * 1.1
    rows: list[tuple[str, str, float, float]] = []
    for section in spec.sections:
        heading = section.heading.get(lang) or section.heading.get("en") or ""
        rows.append(("head", heading, size + 1.5, (size + 1.5) * 1.9))
        for point in section.points:
            text = getattr(point, lang, None) or point.en
            if point.reading:
                text = f"{READING.get(lang, READING['en'])} {text}"
            for n, line in enumerate(wrap_text(text, width - indent, size)):
                rows.append(("first" if n == 0 else "more", line, size, lead))
            rows.append(("gap", "", size, lead * 0.22))
    return rows


def build_rules(spec: RulesSpec, *, paper: str = "a4", lang: str = "en", where: str = "") -> Document:
    check_lang(lang)
    sheet = make_paper(paper)
    area = usable_area(sheet)
    title = spec.title.get(lang) or spec.title.get("en") or spec.id
    note = NOTE.get(lang, NOTE["en"])
    top = area.y + mm(7)
    for size in SIZES:
        notes = wrap_text(note, area.w, size - 1)
        rows = _lines(spec, lang, area.w, size)
        height = sum(advance for *_, advance in rows) + len(notes) * (size - 1) * 1.28 + mm(4)
        if top + height <= area.y + area.h:
            break
    else:
        raise ContentError(f"the rules summary does not fit one {paper.upper()} page even at {SIZES[-1]:g} pt",
                           Location(where or spec.id), hint="shorten its points")
    ink = Style(fill="#1a1a1a")
    items: list[Item] = [Text(area.x, top, title, 14, Style(fill="#111111"), font="bold")]
    y = top + mm(1.5)
    for line in notes:
        y += (size - 1) * 1.28
        items.append(Text(area.x, y, line, size - 1, Style(fill="#555555"), font="italic"))
    indent = size * 1.1
    for kind, text, font_size, advance in rows:
        y += advance
        if kind == "head":
            items.append(Text(area.x, y, text, font_size, Style(fill="#111111"), font="bold"))
        elif kind in ("first", "more"):
            if kind == "first":
                items.append(Circle(area.x + size * 0.35, y - size * 0.32, size * 0.16, ink))
            items.append(Text(area.x + indent, y, text, font_size, ink))
    detail = f"{spec.id} · {revision_label(spec.revision, lang)}"
    items.append(furniture(sheet, title=f"{title}", detail=detail, page=1, pages=1, lang=lang))
    return Document((Page(sheet.width, sheet.height, tuple(items), "rules"),), title=title, subject=detail,
                    meta=(("piece", title),))


def render_rules(path: Path, options) -> Document:
    """``railprint render`` builder of ``kind: rules`` files."""
    return build_rules(load_rules(path), paper=options.paper, lang=options.lang, where=str(path))
