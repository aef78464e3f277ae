"""The print guide of a game: what ``render`` wrote and how to print, cut and assemble it — as
terminal text and as ``<game>-guide.pdf``. Built from plain records (:class:`GuideFile`) that
:mod:`railprint.render` fills from the content and the documents it drew."""

from __future__ import annotations

from dataclasses import dataclass

from railprint.text.measure import wrap_text
from railprint.layout.paper import furniture, paper as make_paper, usable_area
from railprint.scene import Document, Page, Rect, Style, Text
from railprint.units import mm
from railprint.words import counted

WORDS = {
    "en": {
        "guide": "print guide", "settings": "Printed with", "files": "Files", "checklist": "Checklist",
        "order": "Cutting and assembly, in this order", "bring": "Also bring",
        "card": "card stock (160–250 g/m²)", "plain": "plain paper (80 g/m²)",
        "duplex": "both sides, flip on the {flip} edge", "single": "one side",
        "sheets": ("sheet", "sheets"), "copies": "copies", "one": "1", "cut_on": "cut lines on",
        "cut_off": "no cut lines (crop marks only)", "paper": "paper", "mode": "mode", "layout": "layout",
        "butt": "butt-cut (neighbours share cut lines)", "gutter": "bleed gutters", "shared": "sets share sheets",
        "pages": ("page", "pages"), "long": "long", "short": "short",
        "print_step": "Print every file at 100 % (actual size, never 'fit to page'); check the 50 mm scale bar.",
        "duplex_step": "Two-sided files: print both sides, flipping on the {flip} edge (railprint calibrate measures your printer's offset).",
        "cut_step": "{file}: cut along the cut lines (scissors) or from crop mark to crop mark (guillotine).",
        "step": "{file}: {step}.",
        "corners_step": "{file}: round every corner ({radius} radius) with a corner punch or scissors.",
        "nothing": "nothing else",
        "unfolded": "too large to fold in half (gutterfold): printed two-sided instead",
        "thin_bleed": "outer bleed only {outer} mm (the pieces' own is {own} mm): cut exactly on the crop marks",
        "brief": "{title}: {files}, {sheets} in {folder}", "files_n": ("file", "files"),
        "on_card": "{n} on card stock", "on_plain": "{n} on plain paper",
        "brief_bring": "also bring", "brief_guide": "how to print, cut and assemble it",
        "brief_end": "{n} file(s) written to {out}. Print at 100 % (actual size, never 'fit to page')",
        "brief_duplex": "; two-sided files flip on the {flip} edge",
    },
    "pl": {
        "guide": "instrukcja druku", "settings": "Wydrukowano z ustawieniami", "files": "Pliki",
        "checklist": "Lista elementów", "order": "Cięcie i składanie, w tej kolejności", "bring": "Przygotuj też",
        "card": "karton (160–250 g/m²)", "plain": "zwykły papier (80 g/m²)",
        "duplex": "dwustronnie, obrót wzdłuż {flip} krawędzi", "single": "jednostronnie",
        "sheets": ("arkusz", "arkusze", "arkuszy"), "copies": "kopie", "one": "1", "cut_on": "z liniami cięcia",
        "cut_off": "bez linii cięcia (tylko znaczniki)", "paper": "papier", "mode": "tryb", "layout": "układ",
        "butt": "styk (sąsiednie elementy mają wspólne linie cięcia)", "gutter": "ze spadami między elementami",
        "shared": "zestawy na wspólnych arkuszach", "pages": ("strona", "strony", "stron"), "long": "dłuższej", "short": "krótszej",
        "print_step": "Drukuj każdy plik w skali 100 % (rzeczywisty rozmiar, nigdy „dopasuj do strony”); sprawdź pasek 50 mm.",
        "duplex_step": "Pliki dwustronne: drukuj obie strony z obrotem wzdłuż {flip} krawędzi (railprint calibrate mierzy przesunięcie drukarki).",
        "cut_step": "{file}: tnij wzdłuż linii cięcia (nożyczki) albo od znacznika do znacznika (gilotyna).",
        "step": "{file}: {step}.",
        "corners_step": "{file}: zaokrąglij każdy róg (promień {radius}) dziurkaczem do narożników albo nożyczkami.",
        "nothing": "nic więcej",
        "unfolded": "za duże do złożenia na pół (gutterfold): drukowane dwustronnie",
        "thin_bleed": "spad zewnętrzny tylko {outer} mm (elementy mają {own} mm): tnij dokładnie po znacznikach",
        "brief": "{title}: {files}, {sheets} w {folder}", "files_n": ("plik", "pliki", "plików"),
        "on_card": "{n} na kartonie", "on_plain": "{n} na zwykłym papierze",
        "brief_bring": "przygotuj też", "brief_guide": "jak drukować, ciąć i składać",
        "brief_end": "Zapisano pliki ({n}) w {out}. Drukuj w skali 100 % (rzeczywisty rozmiar, nigdy „dopasuj do strony”)",
        "brief_duplex": "; pliki dwustronne obracaj wzdłuż {flip} krawędzi",
    },
}


@dataclass(frozen=True)
class GuideSet:
    """One line of the checklist: a component set and how many pieces it prints."""

    title: str
    count: int | None          # None: not counted in pieces (a board, a score pad)
    noun: tuple[str, ...] = ("piece", "pieces")


@dataclass(frozen=True)
class GuideFile:
    """One file ``render`` wrote and how to print it."""

    name: str                  # file name, e.g. track-tiles.pdf
    sets: tuple[GuideSet, ...]
    pages: int
    sheets: int
    duplex: bool
    paper: str                 # card | plain
    copies: str
    layout: str                # butt | gutter | shared | "" (not imposed)
    cuts: bool                 # cut lines printed
    step: str | None = None    # what to do with it after printing (else: cut it out)
    stage: int = 1             # 0 assemble first, 1 cut, 2 fold, 3 nothing to make
    corners: str | None = None  # the pieces' corner radius as the content gives it ("3mm"): round them
    unfolded: bool = False     # gutterfold was asked for, but the pieces are too big: printed duplex
    thin_bleed: tuple[str, str] | None = None   # butt-cut: (outer bleed, the deck's bleed) in mm, when less


def _w(lang: str) -> dict:
    return WORDS.get(lang, WORDS["en"])


def file_line(f: GuideFile, flip: str, lang: str) -> str:
    w = _w(lang)
    sides = w["duplex"].format(flip=w[flip]) if f.duplex else w["single"]
    parts = [f.name, counted(f.sheets, w["sheets"], lang) + f" ({counted(f.pages, w['pages'], lang)})", sides, w[f.paper],
             f"{w['copies']}: {f.copies}"]
    if f.layout:
        parts.append(w[f.layout])
        parts.append(w["cut_on"] if f.cuts else w["cut_off"])
    if f.unfolded:
        parts.append(w["unfolded"])
    if f.thin_bleed:
        parts.append(w["thin_bleed"].format(outer=f.thin_bleed[0], own=f.thin_bleed[1]))
    return " · ".join(parts)


def checklist(files: list[GuideFile], lang: str) -> list[str]:
    out = []
    for f in files:
        for s in f.sets:
            out.append(f"{s.title}: {counted(s.count, s.noun, lang)}" if s.count is not None else s.title)
    return out


def steps(files: list[GuideFile], flip: str, lang: str) -> list[str]:
    """Print first; then each file's own step (assemble, fold, …) or cutting, in the order of
    ``files``."""
    w = _w(lang)
    out = [w["print_step"]]
    if any(f.duplex for f in files):
        out.append(w["duplex_step"].format(flip=w[flip]))
    for f in files:
        out.append(w["step"].format(file=f.name, step=f.step) if f.step else w["cut_step"].format(file=f.name))
        if f.corners:
            out.append(w["corners_step"].format(file=f.name, radius=f.corners))
    return out


def guide_text(title: str, files: list[GuideFile], bring: tuple[str, ...], settings: str, flip: str,
               lang: str) -> str:
    """The guide as plain text (the terminal summary after ``render``)."""
    w = _w(lang)
    lines = [f"{title} — {w['guide']}", f"{w['settings']}: {settings}", "", f"{w['files']}:"]
    lines += [f"  {file_line(f, flip, lang)}" for f in files]
    lines += ["", f"{w['checklist']}:"] + [f"  [ ] {item}" for item in checklist(files, lang)]
    lines += ["", f"{w['order']}:"] + [f"  {n}. {step}" for n, step in enumerate(steps(files, flip, lang), 1)]
    lines += ["", f"{w['bring']}: " + (", ".join(bring) if bring else w["nothing"])]
    return "\n".join(lines)


def guide_brief(title: str, files: list[GuideFile], bring: tuple[str, ...], folder: str, guide: str,
                lang: str) -> str:
    """A game's few lines on the terminal after ``render``: how many files and sheets went where
    (on card stock and plain paper), what else to bring, and the guide PDF that says the rest.
    The whole guide (:func:`guide_text`) would be ~35 lines a game: a wall of ~270 for ``all``."""
    w = _w(lang)
    card = sum(f.sheets for f in files if f.paper == "card")
    plain = sum(f.sheets for f in files if f.paper != "card")
    sheets = counted(card + plain, w["sheets"], lang)
    if card and plain:
        sheets += f" ({w['on_card'].format(n=card)}, {w['on_plain'].format(n=plain)})"
    elif card or plain:
        sheets += f" ({(w['on_card'] if card else w['on_plain']).format(n='').strip()})"
    lines = [w["brief"].format(title=title, files=counted(len(files), w["files_n"], lang), sheets=sheets, folder=folder)]
    if bring:
        lines.append(f"  {w['brief_bring']}: {', '.join(bring)}")
    lines.append(f"  {w['brief_guide']}: {guide}")
    return "\n".join(lines)


def brief_end(written: int, out: str, duplex: bool, flip: str, lang: str) -> str:
    """The last line after ``render``: how many files, where, and the two rules of printing."""
    w = _w(lang)
    return w["brief_end"].format(n=written, out=out) + (w["brief_duplex"].format(flip=w[flip]) if duplex else "") + "."


def guide_document(title: str, files: list[GuideFile], bring: tuple[str, ...], settings: str, *,
                   paper: str, flip: str, lang: str, detail: str) -> Document:
    """The guide on A4/Letter pages: the same sections as :func:`guide_text`, wrapped, with a
    tick box before every checklist line."""
    w = _w(lang)
    sheet = make_paper(paper)
    area = usable_area(sheet)
    blocks: list[tuple[str, list[str], bool]] = [
        ("", [f"{w['settings']}: {settings}"], False),
        (w["files"], [file_line(f, flip, lang) for f in files], False),
        (w["checklist"], checklist(files, lang), True),
        (w["order"], [f"{n}. {s}" for n, s in enumerate(steps(files, flip, lang), 1)], False),
        (w["bring"], [", ".join(bring) if bring else w["nothing"]], False),
    ]
    size, head, lead = 9.0, 11.0, 9.0 * 1.3
    pages: list[list] = [[]]
    y = area.y + mm(8)
    pages[0].append(Text(area.x, y, f"{title} — {w['guide']}", 15, Style(fill="#111111"), font="bold"))
    y += mm(5)

    def room(need: float) -> None:
        nonlocal y
        if y + need > area.y + area.h:
            pages.append([])
            y = area.y + mm(4)

    for heading, items, boxes in blocks:
        if heading:
            room(head * 2.2)
            y += head * 1.2
            pages[-1].append(Text(area.x, y, heading, head, Style(fill="#111111"), font="bold"))
            y += mm(1)
        indent = mm(5) if boxes else 0.0
        for item in items:
            lines = wrap_text(item, area.w - indent, size)
            room(lead * len(lines))
            if boxes:
                pages[-1].append(_box(area.x, y + lead - size * 0.8, size * 0.8))
            for line in lines:
                y += lead
                pages[-1].append(Text(area.x + indent, y, line, size, Style(fill="#222222")))
            y += lead * 0.25
    out = []
    for number, items in enumerate(pages, 1):
        items.append(furniture(sheet, title=f"{title} — {w['guide']}", detail=detail, page=number,
                               pages=len(pages), lang=lang))
        out.append(Page(sheet.width, sheet.height, tuple(items), f"guide {number}"))
    return Document(tuple(out), title=f"{title} — {w['guide']}", subject=detail)


def _box(x: float, y: float, s: float) -> Rect:
    return Rect(x, y, s, s, Style(stroke="#000000", width=0.6))
