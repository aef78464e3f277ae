"""Issue 33: a one-page rules summary per game and Ticket to Ride map, in English and Polish,
printed with each kit and listed in its guide; railprint's own readings said as such; the
content's words, not the rulebook's."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

from railprint.draw.rules_sheet import READING, load_rules
from tests.helpers import pdf_char_sizes, pdf_texts, run_cli

ROOT = Path(__file__).resolve().parents[2]
# the rulebooks: shared/ beside the repository (as CI lays it), else the workplace's copy
SEEDS = next((p for p in (ROOT.parent / "shared" / "seeds", Path("/work/shared/seeds")) if p.is_dir()),
             ROOT.parent / "shared" / "seeds")
# (game, --map, rules file, its rulebook in the seeds)
KITS = [
    ("days-of-steam", None, "content/days-of-steam/rules.yaml", "000_9dd876d367dca53c.txt"),
    ("railroad-ink", None, "content/railroad-ink/rules.yaml", "002_8d6f2a85d59d0df0.txt"),
    ("allers-trains", None, "content/allers-trains/rules.yaml", "003_7958f365b2fce351.txt"),
    ("ticket-to-ride", "nordic", "content/ticket-to-ride/nordic-rules.yaml", "001_37870ad60744ce39.txt"),
    ("ticket-to-ride", "italy", "content/ticket-to-ride/italy-rules.yaml", "004_3046739bea2afb9e.txt"),
]
HEADINGS = {"en": ("Setup", "turn|round", "scoring", "end"), "pl": ("Przygotowanie", "Tura|Runda", "unktacja", "oniec")}


def _flat(text: str) -> str:
    """Whitespace as single spaces, and none after a hyphen, dash or slash (a line may break
    there, by the Unicode rules: ``--longest`` prints as ``--`` at a line's end)."""
    return re.sub(r"(?<=[-/–—]) ", "", " ".join(text.split()))


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    out = {}
    for lang in ("en", "pl"):
        for paper in ("a4", "letter"):
            for game, map_id, *_ in KITS:
                folder = tmp_path_factory.mktemp(f"{game}-{map_id}-{lang}-{paper}")
                args = ["render", game, "--lang", lang, "--paper", paper, "-o", str(folder), "--quiet"]
                result = run_cli(*args, *(["--map", map_id] if map_id else []))
                assert result.exit_code == 0, result.output
                out[(game, map_id, lang, paper)] = folder / game
    return out


@pytest.mark.parametrize("game, map_id, source, _seed", KITS)
@pytest.mark.parametrize("lang", ["en", "pl"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_kit_prints_its_rules_on_one_page_and_its_guide_lists_them(printed, game, map_id, source, _seed,
                                                                        lang, paper):
    folder = printed[(game, map_id, lang, paper)]
    name = f"{map_id}-rules.pdf" if map_id else "rules.pdf"
    data = (folder / name).read_bytes()
    pages = pdf_texts(data)
    assert len(pages) == 1
    text = _flat(pages[0])
    spec = load_rules(ROOT / source)
    title = spec.title[lang]
    assert text.startswith(_flat(title))
    assert all(_flat(section.heading[lang]) in text for section in spec.sections)
    assert all(any(re.search(w, s.heading[lang]) for s in spec.sections) for w in HEADINGS[lang])
    for section in spec.sections:   # every point printed whole, each reading after its marker
        for point in section.points:
            words = _flat(getattr(point, lang))
            expected = f"{READING[lang]} {words}" if point.reading else words
            assert expected in text, expected
    readings = sum(p.reading for s in spec.sections for p in s.points)
    assert readings >= 1 and text.count(READING[lang]) == readings   # (the note under the title quotes it without its colon)
    sizes = [size for _, _, size in pdf_char_sizes(data)]   # the points at 7 pt or more; the note
    assert min(sizes) >= 5.9 and sum(size >= 6.9 for size in sizes) > 0.9 * len(sizes)   # and footer smaller
    guide = _flat(pdf_texts((folder / f"{map_id or game}-guide.pdf").read_bytes())[0]
                  + "".join(pdf_texts((folder / f"{map_id or game}-guide.pdf").read_bytes())[1:]))
    assert re.search(rf"(?<![\w-]){re.escape(name)} · 1 \w+ \(1 \w+\)", guide), guide   # its file line
    assert guide.count(_flat(title)) == 1   # and its checklist line


def _words(text: str) -> list[str]:
    """Lower-case words without diacritics (OCR drops or mangles Polish letters)."""
    folded = unicodedata.normalize("NFKD", text.replace("ł", "l").replace("Ł", "L"))
    folded = "".join(ch for ch in folded if not unicodedata.combining(ch))
    return re.findall(r"[a-z0-9]+", folded.lower())


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the rulebooks (shared/seeds) are not on this machine")
@pytest.mark.parametrize("game, map_id, source, seed", KITS)
def test_the_polish_summary_copies_no_run_of_the_rulebooks_words(game, map_id, source, seed):
    """Our own words: no 7 words in a row of a Polish point appear in the rulebook's text."""
    book = " ".join(_words((SEEDS / seed).read_text(encoding="utf-8", errors="replace")))
    spec = load_rules(ROOT / source)
    for section in spec.sections:
        for point in section.points:
            words = _words(point.pl)
            for i in range(len(words) - 6):
                run = " ".join(words[i:i + 7])
                assert f" {run} " not in f" {book} ", (run, point.pl)


def test_the_ticket_to_ride_summaries_say_each_maps_own_rules():
    nordic = " ".join(p.en for s in load_rules(ROOT / KITS[3][2]).sections for p in s.points)
    italy = " ".join(p.en for s in load_rules(ROOT / KITS[4][2]).sections for p in s.points)
    # tickets kept at the start and on a draw (rulebooks 001 and 004)
    assert "dealt 5 and keeps at least 2" in nordic and "Draw 3 tickets and keep at least 1" in nordic
    assert "dealt 5 and keeps at least 3" in italy and "Draw 4 tickets and keep at least 1" in italy
    # Nordic's locomotives, ferries, tunnels; doubles by player count; the end trigger
    assert "Locomotives are wild only on ferries and tunnels" in nordic and "any 3 train cards" in nordic
    assert "turn up the deck's top 3 cards" in nordic
    assert "With 2 players" in nordic and "with 3 players both may be used" in nordic
    assert "with 4–5 players every route of the group may be used" in italy and "with 2–3 players" in italy
    for text in (nordic, italy):
        assert "2 or fewer wagons" in text and "one final turn" in text
    assert "cover up to 2 wave spaces with one ferry card" in italy and "more than 2 ferry cards" in italy
