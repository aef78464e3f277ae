"""Issue 29, round three: inputs that ended in a traceback, or passed `validate` and then failed
`render` elsewhere; each is now one located error, exit 1, from both."""

from __future__ import annotations

from pathlib import Path

from tests.hostile.common import run

MAP = Path(__file__).resolve().parents[2] / "content" / "examples" / "amberline" / "amberline.yaml"


def test_a_map_with_more_than_5000_tickets_is_refused_at_its_tickets_by_validate_and_render(tmp_path):
    text = MAP.read_text(encoding="utf-8")
    head, tail = text.split("\ntickets:\n", 1)
    tickets = "".join(f"  - {{id: x{k}, between: [kelpa, ostrow], points: 2}}\n" for k in range(5_001))
    folder = tmp_path / "maps"
    folder.mkdir()
    (folder / "amberline.yaml").write_text(head + "\ntickets:\n" + tickets, encoding="utf-8")
    line = (head + "\ntickets:\n").count("\n") + 1
    for args in (["validate", str(folder / "amberline.yaml")],
                 ["render", "ticket-to-ride", "--map", "amberline", "--content", str(folder), "-o",
                  str(tmp_path / "out"), "-q"]):
        result = run(*args)
        assert result.exit_code == 1 and "Traceback" not in result.output, result.output
        assert f"amberline.yaml:{line}:3: tickets: List should have at most 5000 items" in result.stderr, result.stderr
        assert "_map-tickets.yaml" not in result.stderr      # not railprint's own template
    assert not (tmp_path / "out").exists()


DATA = Path(__file__).resolve().parents[1] / "data"


def _mutated_profile(seed: int) -> bytes:
    import random

    data = (DATA / "icc" / "test-cmyk-fogra39.icc").read_bytes()
    rnd = random.Random(seed)
    if rnd.random() < 0.5:
        return data[:rnd.randint(0, len(data))]
    out = bytearray(data)
    for _ in range(rnd.randint(1, 12)):
        out[rnd.randrange(min(len(out), 2000) if rnd.random() < 0.7 else len(out))] = rnd.randrange(256)
    return bytes(out)


def test_damaged_icc_profiles_are_an_error_naming_the_file_or_work(tmp_path):
    """100 mutations of a CMYK profile: each is read and converts, or is refused at --icc; 7 of
    them used to pass the check and fail with LittleCMS's 'cannot build transform' traceback."""
    from PIL import Image

    from railprint.errors import RailprintError
    from railprint.writers.shop import ShopPaint, load_profile

    refused = []
    for seed in range(100):
        path = tmp_path / f"p{seed}.icc"
        path.write_bytes(_mutated_profile(seed))
        try:
            paint = ShopPaint(load_profile(path), 240)
        except RailprintError as exc:
            assert str(exc).startswith(str(path)), exc
            refused.append(seed)
            continue
        paint.fill("#ff0000", 1.0, False)
        paint.picture(Image.new("RGB", (4, 4), (10, 200, 30)))
    assert 98 in refused
    result = run("render", "my-game", "--content", str(DATA / "content" / "mini"), "-o", str(tmp_path / "out"),
                 "-q", "--shop", "--colour", "cmyk", "--icc", str(tmp_path / "p98.icc"))
    assert result.exit_code == 1 and "Traceback" not in result.output, result.output
    assert f"{tmp_path / 'p98.icc'}: not a usable ICC profile" in result.stderr
    assert not (tmp_path / "out").exists()


def test_a_font_with_damaged_layout_tables_is_an_error_naming_it_in_an_svg_render(tmp_path):
    """Bytes flipped in the GSUB table: the PDF needs no layout table and renders; the SVG
    writer's subsetter reads them all and ended in a KeyError traceback."""
    import random

    from railprint.loading.resources import content_path

    rnd = random.Random(51)
    font = bytearray(content_path("examples", "signal-box", "fonts", "Semaphore-Regular.ttf").read_bytes())
    for _ in range(rnd.randint(1, 8)):
        font[rnd.randrange(len(font))] = rnd.randrange(256)
    game = tmp_path / "content" / "g"
    game.mkdir(parents=True)
    (game / "f.ttf").write_bytes(bytes(font))
    (game / "d.yaml").write_text("kind: deck\nid: d\ngame: g\ntitle: {en: T}\nsize: poker\nfonts:\n"
                                 "  F: {regular: f.ttf}\ntemplates:\n  t:\n    layers:\n"
                                 "      - {type: text, text: 'Hello Łódź', x: 5mm, y: 10mm, family: F}\n"
                                 "cards: [{template: t}]\n", encoding="utf-8")
    result = run("render", "g", "--content", str(tmp_path / "content"), "-o", str(tmp_path / "out"), "-q",
                 "--format", "svg")
    assert result.exit_code == 1 and "Traceback" not in result.output, result.output
    assert f"{game / 'f.ttf'}: the font cannot be embedded in an SVG: KeyError" in result.stderr, result.stderr
    assert not (tmp_path / "out").exists()


def test_picture_glyph_errors_are_located_where_the_character_was_typed_even_as_an_escape(tmp_path):
    """Days of Steam and Jedzie pociąg z daleka names typed as YAML escapes ("\\u6f22"): the
    error had no location (the character itself is not in the file)."""
    games = {
        "days-of-steam": 'end: tiles\nplayers:\n  - {name: "Ala", goods: RRG, circuits: 1, steam: 2}\n'
                         '  - {name: "Ola\\u6f22b", goods: RG, circuits: 1, steam: 2}\n',
        "allers-trains": 'mode: route+stations\nplayers: [Ala, "Bar\\U00006F22"]\narrivals:\n'
                         '  Fioletowo: [Ala@3, "Bar\\U00006F22@3"]\nroute: {Ala: 40+2, "Bar\\U00006F22": 33}\n',
    }
    for game, text in games.items():
        path = tmp_path / f"{game}.yml"
        path.write_text(text, encoding="utf-8")
        line = 4 if game == "days-of-steam" else 2
        result = run("score", game, str(path), "--picture", str(tmp_path / "p.pdf"))
        assert result.exit_code == 1 and "Traceback" not in result.output, result.output
        assert result.stderr.startswith(f"Error: {path}:{line}:"), result.stderr
        assert "cannot show '漢'" in result.stderr and not (tmp_path / "p.pdf").exists()
