"""Issue 31: the SVG writer emits strings itself instead of building svgwrite elements; it must
write exactly the bytes the old writer (svgwrite + ElementTree, kept in svg_oracle.py) wrote, for
every page: every game's scored pictures, every built-in content set, hand-made hard cases."""

from __future__ import annotations

import struct
import sys
import zlib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from railprint.cli import app
from railprint.model.images import probe
from railprint.scene import Circle, Group, Image, Line, Page, Path as ScenePath, Rect, Style, Text
from railprint.writers import svg

sys.path.insert(0, str(Path(__file__).resolve().parent))
import svg_oracle as oracle  # noqa: E402

DATA = Path(__file__).resolve().parents[1] / "data"
runner = CliRunner()


def _first_difference(old: str, new: str) -> str:
    at = next((i for i, (a, b) in enumerate(zip(old, new)) if a != b), min(len(old), len(new)))
    return f"at {at} (lengths {len(old)}, {len(new)}): old …{old[at - 80:at + 80]!r}… new …{new[at - 80:at + 80]!r}…"


def _same(page: Page, title: str = "", charset=None) -> str:
    old = oracle.page_to_string(page, title, charset)
    new = svg.page_to_string(page, title, charset)
    assert new == old, _first_difference(old, new)
    return new


class _Compare:
    """Stands in for ``svg.page_to_bytes`` during a CLI run: writes the new bytes, counts the
    pages and keeps each one whose bytes differ from the oracle's."""

    def __init__(self, real):
        self.real, self.pages, self.differ = real, 0, []

    def __call__(self, page, title="", charset=None, own=None):
        old = oracle.page_to_string(page, title, charset)
        new = self.real(page, title, charset, own)
        self.pages += 1
        if new != old.encode("utf-8"):
            self.differ.append(f"{page.label or page.name or self.pages}: {_first_difference(old, new.decode())}")
        return new


@pytest.fixture
def compare(monkeypatch):
    spy = _Compare(svg.page_to_bytes)
    monkeypatch.setattr(svg, "page_to_bytes", spy)
    return spy


def _game_file(case: Path, tmp_path: Path) -> Path:
    """A case file's game part (the expected results follow a ``---`` line in the YAML cases)."""
    if case.suffix != ".yaml":
        return case
    out = tmp_path / case.name
    out.write_text(case.read_text(encoding="utf-8").partition("\n---\n")[0] + "\n", encoding="utf-8")
    return out


GAMES = [("ticket-to-ride", "ticket_to_ride"), ("railroad-ink", "railroad_ink"),
         ("days-of-steam", "days_of_steam"), ("allers-trains", "allers_trains")]


@pytest.mark.parametrize("game,folder", GAMES)
def test_every_case_picture_is_the_same_bytes(game, folder, tmp_path, compare):
    cases = sorted((DATA / folder / "cases").glob("*.*"))[::3]   # a third of them, every kind spread out
    assert cases
    drawn = 0
    for n, case in enumerate(cases):
        out = tmp_path / f"p{n}.svg"
        lang = ["--lang", "pl"] if n % 2 else []
        runner.invoke(app, ["score", game, str(_game_file(case, tmp_path)), "--picture", str(out), *lang])
        drawn += any(tmp_path.glob(f"p{n}*.svg"))   # p3.svg, or p3-01.svg … for several games
    assert drawn >= len(cases) // 3, f"only {drawn} of {len(cases)} {game} cases drew a picture"
    assert compare.pages >= drawn
    assert not compare.differ, "\n".join(compare.differ[:5])


def test_four_railroad_ink_sheets_in_one_picture(tmp_path, compare):
    cases = DATA / "railroad_ink" / "cases"
    sheets = [cases / f"{name}.txt" for name in ("rulebook_example", "lava", "meteor", "twelve_exits")]
    out = tmp_path / "four.svg"
    result = runner.invoke(app, ["score", "railroad-ink", *map(str, sheets), "--picture", str(out)])
    assert result.exit_code in (0, 2), result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"four-0{n}.svg" for n in range(1, 5)]
    assert compare.pages == 4     # a page (a file) a sheet
    assert not compare.differ, "\n".join(compare.differ)


@pytest.mark.parametrize("game", ["examples", "railroad-ink"])
def test_built_in_content_sets_render_the_same_svg_bytes(game, tmp_path, compare):
    # (the examples: pictures, icons in text, decks from spreadsheets; Railroad Ink: tiles, dice,
    # the sheet; every set of `render all` was compared when the writer changed: 29 Nov 2026)
    result = runner.invoke(app, ["render", game, "--format", "svg", "--quiet", "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    written = list((tmp_path / "out").rglob("*.svg"))
    assert len(written) == compare.pages >= 5
    assert not compare.differ, f"{len(compare.differ)} pages differ:\n" + "\n".join(compare.differ[:5])


def _png(path: Path) -> Path:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    raw = b"".join(b"\0" + bytes([200, 30, 30]) * 4 for _ in range(3))
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 4, 3, 8, 2, 0, 0, 0))
                     + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))
    return path


HARD_TEXTS = ["a & b < c > d", 'quote " and \' apostrophe', "line\nbreak\r\tand tab", "Łódź Tromsø Ålesund ÆØÅ æøå",
              "", " ", "]]>", "&amp;", "ąćęłńóśźż ĄĆĘŁŃÓŚŹŻ — → ✓", "tab\tin text"]


def _hard_page(picture: Path) -> Page:
    _, _, key = probe(picture)
    dashed = Style(stroke="#112233", width=1.25, dash=(2, 1.5), cap="round", join="bevel", opacity=0.4)
    listed = Style(stroke="#0000ff", dash=[3, 1], cap="square", join="round")   # a list of dashes
    odd = Style(fill='url(#"x") & <y>', stroke="a\nb\tc\rd", width=0.0)
    board = Group((Rect(0, 0, 50, 20, Style(fill="#eeeeee")),
                   Group((Text(2, 10, "kept ✓ Łódź & co", 8, font="bold", anchor="middle"),),
                         clip=Rect(0, 0, 25, 20)),
                   Group((Text(2, 18, "nested kept", 6),), keep=True)), keep=True)
    texts = tuple(Text(5, 10 + 9 * i, t, 7 + i % 3, style=[Style(fill="#000000"), dashed, odd][i % 3],
                       font=["regular", "bold"][i % 2], anchor=["start", "middle", "end"][i % 3])
                  for i, t in enumerate(HARD_TEXTS))
    return Page(300.5, 420.25, (
        Rect(1, 2, 3, 4), Rect(1.0004, -0.0001, 10, 5, dashed, r=2.5), Rect(0, 0, 1, 1, listed),
        Line(0, 0, 100, 100.1234, dashed), Line(1, 1, 2, 2, odd),
        Circle(10, 10, 5, Style(fill="#ff0000", stroke=None)), Circle(-1.5, 2e-4, 1e3, dashed),
        ScenePath((("M", 1, 2), ("L", 3.3333, 4), ("C", 1, 2, 3, 4, 5, 6), ("Z",)), dashed),
        ScenePath((), Style(fill="#00ff00")),
        Group(()), Group((), id="empty-with-id"), Group((), clip=Rect(1, 1, 2, 2)),
        Group((), transform=(1, 0, 0, 1, 5, 5), clip=Rect(0, 0, 1, 1), id='id "with" <marks> & more'),
        Group(texts, transform=(0.5, 0.25, -0.25, 0.5, 10.5, -3)),
        Group((Image(3, 4, 30, 20, str(picture), key), Image(0, 0, 1.5, 1, str(picture), key))),
        board, Group((board,), transform=(1, 0, 0, 1, 0, 100)), board,
        Group((Group((Rect(0, 0, 1, 1),), clip=Rect(0, 0, 2, 2)),), clip=Rect(0, 0, 3, 3)),
    ))


def test_hard_cases_are_the_same_bytes(tmp_path):
    page = _hard_page(_png(tmp_path / "red.png"))
    for title in ("", "Title & <co> \"q\"\nnew line Łódź", "x"):
        text = _same(page, title)
        assert text.count("kept ✓ Łódź &amp; co") == 3 and "xlink:href=\"data:image/png;base64," in text
    # again: the kept board now comes from the cache, its clip ids numbered anew
    twice = _same(Page(100, 100, (Group((Rect(0, 0, 1, 1),), clip=Rect(0, 0, 1, 1)), page.items[-4])))
    assert 'id="clip1"' in twice and 'id="clip2"' in twice
    # a charset shared by several pages; an empty page (<defs />)
    shared = svg.used_chars([page, Page(10, 10, (Text(0, 0, "ZQX", 5),))])
    _same(page, "doc", shared)
    assert "<defs />" in _same(Page(10, 10, ()))
    assert _same(Page(10, 10, (Rect(0, 0, 1, 1),)), "t").endswith("<defs /><rect fill=\"none\" height=\"1\" "
                                                                  "stroke=\"#000000\" stroke-width=\"0.5\" "
                                                                  "width=\"1\" x=\"0\" y=\"0\" /></svg>")


def test_a_kept_group_with_clips_is_numbered_where_it_stands_each_time():
    """A kept group's SVG is made once and cut at its clip paths' numbers: drawn after 0, 1 and 3
    other clips (a Railroad Ink space, after more or fewer spaces), each time the bytes of the
    old writer; a text that merely reads like a clip reference is left as it is."""
    space = Group((Rect(0, 0, 5, 5, Style(fill="#abcdef")),
                   Group((Text(1, 4, "url(#clip1) clip-path", 3),), clip=Rect(0, 0, 4, 4)),
                   Group((Group((Rect(0, 0, 1, 1),), clip=Rect(0, 0, 2, 2)),), id="inner")),
                  transform=(1, 0, 0, 1, 3, 3), clip=Rect(0, 0, 5, 5), id="space-A1", keep=True)
    other = Group((Rect(0, 0, 1, 1),), clip=Rect(0, 0, 1, 1))
    for before in (0, 1, 3, 1, 0):
        text = _same(Page(50, 50, (*[other] * before, space, other, space)))
        assert f'id="clip{before + 7}"' in text and f'id="clip{before + 8}"' not in text
        assert text.count("url(#clip1) clip-path") == 2


def test_a_lone_surrogate_is_a_character_reference_as_before():
    # (a text with one cannot be drawn at all: the font subsetter refuses it, before and now)
    text = _same(Page(10, 10, (Group((Rect(0, 0, 1, 1),), id="g\ud800"),)), "t\udfff")
    assert "<title>t&#57343;</title>" in text and 'id="g&#55296;"' in text


def test_a_page_drawn_from_the_caches_is_the_page_drawn_afresh(monkeypatch):
    """What the writer keeps between pages — the fonts' ``<style>`` as bytes, a page's characters
    (asked for by the font subset, the glyph check and the writer), a kept group's bytes — gives
    the bytes of a writer whose caches were emptied, drawn first or again, page after page."""
    from collections import OrderedDict

    from railprint.writers import check_document_glyphs, render
    from railprint.scene import Document

    board = Group((Rect(0, 0, 50, 20), Text(2, 10, "Łódź ✓", 8)), keep=True)
    listed = Style(stroke="#0000ff", dash=[3, 1])   # not hashable: never remembered
    pages = [Page(100, 100, (board, Text(1, 1, f"page {n} — Tromsø", 6), Group((Rect(n, 0, 1, 1),),
                                                                               clip=Rect(0, 0, 2, 2)),
                             # elements remembered by value: the same values as new objects, a -0.0
                             Line(0, 0, n, 1.5), Circle(-0.0, 0, 2), Circle(0.0, 0, 2, listed), Rect(1, 1, 2, 2, r=n),
                             ScenePath((("M", 0, 0), ("L", n, 1.25), ("Z",)), Style(fill="#00ff00")),
                             ScenePath([("M", 0, 0), ("L", 1, n)], listed)))
             for n in range(3)]
    warm = [render(Document((page,), title="t"), "svg")[0] for page in pages * 2]
    assert warm[:3] == warm[3:]
    assert all(_same(page, "t").encode() == warm[n] for n, page in enumerate(pages))   # the old writer's bytes
    for n, page in enumerate(pages):
        monkeypatch.setattr(svg, "_page_chars", OrderedDict())
        monkeypatch.setattr(svg, "_kept_chars", OrderedDict())
        monkeypatch.setattr(svg, "_kept_svg", OrderedDict())
        monkeypatch.setattr(svg, "_leaves", {})
        svg._style_element.cache_clear()
        assert render(Document((page,), title="t"), "svg")[0] == warm[n]
        assert svg.used_chars([page]) == svg.used_chars([page]) == {"regular": "".join(sorted(set(
            f"Łódź ✓page {n} — Tromsø")))}
    # a character the font lacks is refused, naming its text, whether the page was seen before or not
    snow = Page(10, 10, (Text(0, 0, "snow ☃", 5),))
    for _ in range(2):
        with pytest.raises(Exception, match="no glyph for: 'snow ☃' uses '☃'"):
            check_document_glyphs(Document((snow,)))
    check_document_glyphs(Document(tuple(pages)))
