"""Every bad value is a located error: never a traceback, a broken PDF or a runaway render."""

from __future__ import annotations

import pytest

from railprint.model.deck import MAX_COMPONENTS

from .common import assert_clean_failure, deck, run, write

TEXT = "{{type: text, text: a, x: 2mm, y: 8mm, {}}}"
RECT = "{{type: rect, stroke: black, {}}}"

CASES = {
    "count abc": (deck(count="abc"), "cards.count"),
    "count nan": (deck(count=".nan"), "cards.count"),
    "count inf": (deck(count=".inf"), "cards.count"),
    "count list": (deck(count="[1]"), "cards.count"),
    "count huge": (deck(count="9" * 4400), "too large"),
    "title plain": (deck(title="Hello"), "label map"),
    "rotate nan": (deck(layer=TEXT.format("rotate: .nan")), "rotate"),
    "rotate inf": (deck(layer=TEXT.format("rotate: .inf")), "rotate"),
    "text size nan": (deck(layer=TEXT.format("size: .nan")), "size"),
    "text size huge": (deck(layer=TEXT.format("size: 1e300")), "size"),
    "line width inf": (deck(layer=RECT.format("line_width: .inf")), "line_width"),
    "line width nan": (deck(layer=RECT.format("line_width: .nan")), "line_width"),
    "dash nan": (deck(layer=RECT.format("dash: [.nan]")), "dash"),
    "dash negative": (deck(layer=RECT.format("dash: [-1]")), "dash"),
    "corner radius nan": (deck(extra="corner_radius: .nan\n"), "corner_radius: expected a length such as '63mm', got nan"),
    "zero width": (deck(size="{width: 0mm, height: 50mm}"), "greater than 0"),
    "negative height": (deck(size="{width: 50mm, height: -5mm}"), "greater than 0"),
    "ten-metre card": (deck(size="{width: 99999mm, height: 50mm}"), "longer than 10 m"),
    "icon size zero": (deck(layer="{type: icon, name: star, x: 5mm, y: 5mm, size: 0mm}"), "greater than 0"),
    "placeholder attribute": (deck(layer="{type: text, text: '{name.foo}', x: 2mm, y: 8mm}"), "{name.foo}"),
    "placeholder width": (deck(layer="{type: text, text: '{name:>200000000}', x: 2mm, y: 8mm}"),
                          "{name:>200000000}"),
    # ({name[0]} and {0} are expressions now, issue 34: the sandbox's refusals instead)
    "placeholder index": (deck(layer="{type: text, text: '{name[\"__class__\"]}', x: 2mm, y: 8mm}"),
                          "takes a position"),
    "placeholder positional": (deck(layer="{type: text, text: '{name.upper()}', x: 2mm, y: 8mm}"),
                               "not available"),
    "control character": (deck(title="{en: \"a\\x07\"}").replace('"a\\x07"', "a\x07"), "control characters"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_bad_values_are_located_errors(tmp_path, case):
    text, expected = CASES[case]
    content = write(tmp_path, {"a.yaml": text})
    out = tmp_path / "out"
    # the bad deck's own game: the same check as `render all` (which also builds every shipped
    # set first — test_cli's broken-content test covers that) at a quarter of the time
    result = run("render", "g", "--content", str(content), "-o", str(out), "-q")
    assert_clean_failure(result, out)
    assert expected in result.stderr


def test_placeholders_still_substitute_by_name_and_braces_escape(tmp_path):
    from railprint.model.resolve import load_deck

    content = write(tmp_path, {"a.yaml": deck(layer="{type: text, text: '{{{name}}} {name}', x: 2mm, y: 8mm}")})
    resolved = load_deck(content / "g" / "a.yaml")
    assert resolved.cards[0].front.layers[0].text == "{X} X"


def test_the_total_component_cap_is_a_clear_error(tmp_path):
    entries = "".join(f"  - {{template: t, count: 1000, vars: {{name: X{i}}}}}\n"
                      for i in range(MAX_COMPONENTS // 1000 + 1))
    text = deck().replace("cards:\n  - {template: t, count: 1, vars: {name: X}}\n", "cards:\n" + entries)
    content = write(tmp_path, {"a.yaml": text})
    out = tmp_path / "out"
    result = run("render", "g", "--content", str(content), "-o", str(out), "-q")
    assert_clean_failure(result, out)
    assert f"at most {MAX_COMPONENTS}" in result.stderr and "6000 components" in result.stderr


def test_yaml_utf16_is_located(tmp_path):
    content = write(tmp_path, {})
    (content / "g" / "a.yaml").write_bytes(deck().encode("utf-16"))
    (content / "g" / "b.yaml").write_bytes(deck(id="e").encode("utf-16-le"))
    result = run("validate", str(content / "g" / "a.yaml"))
    assert result.exit_code == 1 and "a.yaml:1:1: the file is UTF-16" in result.stderr
    result = run("validate", str(content / "g" / "b.yaml"))
    assert result.exit_code == 1 and "b.yaml:1:2:" in result.stderr and "UTF-16" in result.stderr


def test_yaml_control_characters_are_located(tmp_path):
    content = write(tmp_path, {"a.yaml": deck(title="{en: T\x1b}")})
    result = run("validate", str(content / "g" / "a.yaml"))
    assert result.exit_code == 1
    assert "a.yaml:4:14: invalid YAML: control characters are not allowed (character U+001B)" in result.stderr
