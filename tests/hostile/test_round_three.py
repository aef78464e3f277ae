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
