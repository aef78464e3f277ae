"""Issue 18: the print guide of each game — every file render wrote with its print settings, and
a checklist equal to the rulebook's component list, the counts read back from the PDFs."""

from __future__ import annotations

import re

import pytest

from railprint.render import RenderOptions, discover_layers, render_all, select
from tests.helpers import pdf_texts, run_cli

# The rulebooks' component lists (shared/seeds 000, 001, 003): checklist title -> count. What a
# rulebook lists that we do not print (Days of Steam's cloth bag) is in the guide's "Also bring".
RULEBOOK = {
    "days-of-steam": {"track tiles": 80, "city tiles": 12, "train tiles": 4, "trains": 4, "steam markers": 4,
                      "die": 1, "goods": 28, "circuit counters": 7, "coal": 20},
    # 4 frames, each printed in two halves
    "allers-trains": {"station frames": 8, "track tiles": 60, "scoring boards": 2, "route markers": 4,
                      "locomotives": 16, "arrival tokens": 16},
}
# what we print besides the rulebook's components (player aids, score sheets)
OURS = {"days-of-steam": {"player aid": 8}, "allers-trains": {"scoring reference": 5, "score sheets": 2}}
BRING = {"days-of-steam": "cloth bag or a cup to draw the goods from"}   # the rulebook's bag holds the goods


def _text(data: bytes) -> tuple[str, int, bool]:
    texts = pdf_texts(data)
    backs = sum(1 for t in texts if "— backs" in t or "— rewersy" in t)
    return "\n".join(texts), len(texts) - backs, backs > 0


@pytest.fixture(scope="module")
def rendered(tmp_path_factory):
    out = tmp_path_factory.mktemp("guide")
    result = run_cli("render", "days-of-steam", "-o", str(out))   # not -q: the guide is printed too
    assert result.exit_code == 0, result.output
    result2 = run_cli("render", "allers-trains", "-o", str(out))
    assert result2.exit_code == 0, result2.output
    return out, result.stderr + result2.stderr


@pytest.mark.parametrize("game", RULEBOOK)
def test_the_guide_lists_every_file_with_its_settings(rendered, game):
    out, _ = rendered
    guide, _, _ = _text((out / game / f"{game}-guide.pdf").read_bytes())
    flat = " ".join(guide.split())
    assert "--paper a4 --mode duplex --flip long --layout auto --cut-lines" in flat
    files = sorted(p for p in (out / game).glob("*.pdf") if not p.stem.endswith("-guide"))
    assert files
    for path in files:
        text, sheets, duplex = _text(path.read_bytes())
        line = re.search(re.escape(path.name) + r" · (\d+) sheets? \(\d+ pages?\) · ([^·]+) ·", flat)
        assert line, (path.name, flat)
        assert int(line.group(1)) == sheets
        assert line.group(2).strip() == ("both sides, flip on the long edge" if duplex else "one side")
        assert f"{path.name}: " in flat   # its cutting or assembly step


@pytest.mark.parametrize("game", RULEBOOK)
def test_the_checklist_equals_the_rulebook_counts_read_back(rendered, game):
    out, stderr = rendered
    guide, _, _ = _text((out / game / f"{game}-guide.pdf").read_bytes())
    checklist = re.findall(r"— ([^:\n]+): (\d+) ", " ".join(guide.split("\n")))
    listed = {name.strip(): int(n) for name, n in checklist}
    assert listed == RULEBOOK[game] | OURS[game], listed
    # every count appears on the printed pieces themselves (footers and shared-sheet labels)
    printed = " ".join(" ".join(_text(p.read_bytes())[0].split()) for p in (out / game).glob("*.pdf")
                       if not p.stem.endswith("-guide"))
    for name, count in RULEBOOK[game].items():
        if name != "die":
            assert re.search(rf"\b{count} \w+", printed), name
    # the terminal says it short (the whole guide was ~35 lines a game there): the files and
    # sheets, what to bring, and where the guide is; the counts are the guide PDF's (above)
    assert f"{out / game / (game + '-guide.pdf')}" in stderr
    assert re.search(rf": \d+ files, \d+ sheets \(\d+ on card stock, \d+ on plain paper\) in {re.escape(str(out / game))}\n",
                     stderr)
    if game in BRING:
        assert BRING[game] in guide and BRING[game] in stderr


def test_the_guide_reads_back_in_polish(tmp_path):
    options = RenderOptions(lang="pl")
    chosen = [f for f in select(discover_layers([]), "days-of-steam")]
    summaries: list[str] = []
    render_all(chosen, options, tmp_path, "pdf", summaries=summaries)
    guide, _, _ = _text((tmp_path / "days-of-steam" / "days-of-steam-guide.pdf").read_bytes())
    flat = " ".join(guide.split())
    for words in ("instrukcja druku", "Lista elementów", "dwustronnie, obrót wzdłuż dłuższej krawędzi",
                  "żetony torów: 80 żetonów", "woreczek"):
        assert words in flat, words
    assert "żetony torów: 80 żetonów" in summaries[0]


def test_a_designer_deck_gets_a_guide_with_its_own_paper_and_copies(tmp_path):
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "cards.yaml").write_text(
        "kind: deck\nid: cards\ngame: my-game\ntitle: {en: My cards}\nsize: poker\npaper: plain\n"
        "copies: {en: 2 per player}\ntemplates:\n  front:\n    layers:\n      - {type: rect, bleed: true, fill: '#ffeedd'}\n"
        "cards:\n  - {template: front, count: 5}\n", encoding="utf-8")
    result = run_cli("render", "my-game", "--content", str(folder), "-o", str(tmp_path / "out"), "-q")
    assert result.exit_code == 0, result.output
    guide, _, _ = _text((tmp_path / "out" / "my-game" / "my-game-guide.pdf").read_bytes())
    flat = " ".join(guide.split())
    assert "cards.pdf · 1 sheet (1 page) · one side · plain paper (80 g/m²) · copies: 2 per player" in flat
    assert "My cards: 5 cards" in flat


# Ticket to Ride Nordic's component list (rulebook 001 and shared/reference/ttr-nordic.yaml):
# the board, 110 train cards, 46 tickets, the Globetrotter card, 3 x 40 trains, 3 score markers
NORDIC_CHECKLIST = {
    "en": ["Ticket to Ride: Nordic Countries — board", "Train cards: 110 cards",
           "Destination tickets — Nordic Countries: 46 cards", "Globetrotter bonus card: 1 card",
           *(f"Ticket to Ride: Nordic Countries — player {p} · 40 wagons" for p in "ABC"),
           "Ticket to Ride: Nordic Countries — 3 score markers", "Ticket to Ride: Nordic Countries — score pad",
           "Ticket to Ride: Nordic Countries — rules summary"],
    "pl": ["Wsiąść do Pociągu: Kraje Północy — plansza", "Karty wagonów: 110 kart",
           "Bilety — Kraje Północy: 46 kart", "Karta Globtrotera: 1 karta",
           *(f"Wsiąść do Pociągu: Kraje Północy — gracz {p} · 40 wagonów" for p in "ABC"),
           "Wsiąść do Pociągu: Kraje Północy — 3 znaczniki punktów",
           "Wsiąść do Pociągu: Kraje Północy — bloczek punktacji",
           "Wsiąść do Pociągu: Kraje Północy — zasady w skrócie"],
}


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_the_nordic_guide_lists_every_file_and_the_rulebooks_components_read_back(tmp_path, lang):
    from tests.render.test_print_kit import _wagons

    # `--map nordic` is the map's whole kit: the train cards every map shares are in it
    chosen = select(discover_layers([]), "ticket-to-ride", "nordic")
    summaries: list[str] = []
    render_all(chosen, RenderOptions(lang=lang), tmp_path, "pdf", summaries=summaries)
    folder = tmp_path / "ticket-to-ride"
    assert sorted(p.name for p in folder.glob("*-guide.pdf")) == ["nordic-guide.pdf"]
    guide, _, _ = _text((folder / "nordic-guide.pdf").read_bytes())
    assert guide.startswith({"en": "Ticket to Ride: Nordic Countries — print guide",
                             "pl": "Wsiąść do Pociągu: Kraje Północy — instrukcja druku"}[lang])
    flat = " ".join(guide.split())
    files = sorted(p for p in folder.glob("*.pdf") if not p.stem.endswith("-guide"))
    assert [p.name for p in files] == ["nordic-board.pdf", "nordic-cards.pdf", "nordic-rules.pdf", "nordic-scorepad.pdf",
                                       "nordic-trains.pdf", "train-cards.pdf"]
    sheets_word = {"en": r"sheets?", "pl": r"arkusz\w*"}[lang]
    for path in files:   # every file with its sheets and sides, as its PDF has them
        _, sheets, duplex = _text(path.read_bytes())
        line = re.search(re.escape(path.name) + rf" · (\d+) {sheets_word} \(\d+ \w+\) · ([^·]+) ·", flat)
        assert line and int(line.group(1)) == sheets, (path.name, flat)
        sides = {"en": ("both sides, flip on the long edge", "one side"),
                 "pl": ("dwustronnie, obrót wzdłuż dłuższej krawędzi", "jednostronnie")}[lang]
        assert line.group(2).strip() == sides[0 if duplex else 1]
    # the checklist is the rulebook's list (and our score pad), in the guide and in the terminal
    listed = re.findall(r"\[ \] (.+)", summaries[0])
    assert sorted(listed) == sorted(NORDIC_CHECKLIST[lang])
    assert all(" ".join(item.split()) in flat for item in listed)
    # the counts read back from the printed pieces
    wagons, markers = _wagons((folder / "nordic-trains.pdf").read_bytes())
    assert sorted(wagons.values()) == [40, 40, 40] and markers == 3
    footers = {"en": ("110 cards", "47 pieces"), "pl": ("110 kart", "47 elementów")}[lang]
    for name, words in zip(("train-cards.pdf", "nordic-cards.pdf"), footers):   # the sheets' footers
        assert words in " ".join(_text((folder / name).read_bytes())[0].split()), (name, words)
    tickets = " ".join(_text((folder / "nordic-cards.pdf").read_bytes())[0].split())
    assert re.search(r"Glob\w*trot", tickets)   # the Globetrotter card is on the tickets' sheets


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_the_railroad_ink_checklist_counts_every_die_printed(tmp_path, lang):
    summaries: list[str] = []
    render_all(select(discover_layers([]), "railroad-ink"), RenderOptions(lang=lang), tmp_path, "pdf",
               summaries=summaries)
    listed = dict(re.findall(r"\[ \] (.+) × (\d+)", summaries[0]))
    names = {"en": ("route die", "special die", "meteor direction die", "meteor distance die", "lava die"),
             "pl": ("kostka trasy", "kostka specjalna", "kostka kierunku meteorytu", "kostka odległości meteorytu",
                    "kostka lawy")}[lang]
    assert set(listed) == set(names)
    nets, _, _ = _text((tmp_path / "railroad-ink" / "railroad-ink-dice.pdf").read_bytes())
    for name, count in listed.items():   # each die's nets carry its name once each
        assert len(re.findall(rf"{name}(?!\w)", nets)) == int(count), (name, count)
    assert int(listed[names[0]]) == 3 and int(listed[names[1]]) == 1


def test_each_map_gets_a_guide_of_its_own_with_the_shared_train_cards(tmp_path):
    """`render ticket-to-ride`: one guide per map, each the checklist of that map's kit and the
    train cards every map plays with; no map's piece in another map's guide."""
    result = run_cli("render", "ticket-to-ride", "-o", str(tmp_path))
    assert result.exit_code == 0, result.output
    folder = tmp_path / "ticket-to-ride"
    maps = ("amberline", "italy", "lakeland", "nordic")
    assert sorted(p.name for p in folder.glob("*-guide.pdf")) == [f"{m}-guide.pdf" for m in maps]
    for name in maps:
        guide = " ".join(_text((folder / f"{name}-guide.pdf").read_bytes())[0].split())
        files = set(re.findall(r"([\w-]+\.pdf) · \d+ sheets?", guide))
        assert "train-cards.pdf" in files and "Train cards: 110 cards" in guide, name
        assert f"{name}-board.pdf" in files and f"{name}-scorepad.pdf" in files and f"{name}-trains.pdf" in files
        assert {f for f in files if f != "train-cards.pdf"} == {p.name for p in folder.glob(f"{name}-*.pdf")
                                                               if not p.stem.endswith("-guide")} | (
            {"nordic-cards.pdf"} if name == "nordic" else set()), name
        others = [m for m in maps if m != name]
        assert not any(f"{m}-" in guide for m in others), name
    italy = " ".join(_text((folder / "italy-guide.pdf").read_bytes())[0].split())
    assert "italy-ferry-cards.pdf" in italy and "Ferry cards — Italy: 10 cards" in italy


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_render_all_gutterfold_prints_what_cannot_fold_two_sided_and_says_so(tmp_path, paper):
    result = run_cli("render", "all", "--mode", "gutterfold", "--paper", paper, "-o", str(tmp_path), "--quiet")
    assert result.exit_code == 0, result.output
    boards = tmp_path / "allers-trains" / "boards.pdf"
    texts = pdf_texts(boards.read_bytes())
    assert len(texts) == 4 and sum("— backs" in t for t in texts) == 2   # fronts and backs on their own pages
    guide = " ".join(_text((tmp_path / "allers-trains" / "allers-trains-guide.pdf").read_bytes())[0].split())
    line = re.search(r"boards\.pdf · 2 sheets \(4 pages\) · both sides, flip on the long edge ·[^·]+·[^·]+·[^·]+·"
                     r"[^·]+· too large to fold in half \(gutterfold\): printed two-sided instead", guide)
    assert line, guide
    assert "Two-sided files: print both sides" in guide
    # every other deck of the game is folded: fronts and backs on one page, no page of backs
    tiles = pdf_texts((tmp_path / "allers-trains" / "tiles.pdf").read_bytes())
    assert not any("— backs" in t for t in tiles)
    assert "too large to fold" not in guide.replace(line.group(0), "")


def test_the_railroad_ink_guide_says_to_print_only_the_variants_page(tmp_path):
    render_all(select(discover_layers([]), "railroad-ink"), RenderOptions(), tmp_path, "pdf")
    folder = tmp_path / "railroad-ink"
    guide = " ".join(_text((folder / "railroad-ink-guide.pdf").read_bytes())[0].split())
    assert ("railroad-ink-sheet.pdf: page 1 is the base game, page 2 the meteor and page 3 the lava expansion: "
            "print only your variant's page") in guide
    pages = pdf_texts((folder / "railroad-ink-sheet.pdf").read_bytes())   # the pages are in that order
    assert ["base game" in pages[0], "meteor expansion" in pages[1], "lava expansion" in pages[2]] == [True] * 3
