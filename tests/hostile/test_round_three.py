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
