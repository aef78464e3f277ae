"""Round five of hostile input (docs/hostile-input.md): keys YAML reads as numbers, true/false or
null are said in railprint's words at the key."""

from __future__ import annotations

import pytest

from tests.hostile.common import assert_clean_failure, deck, run, write


@pytest.mark.parametrize("extra, layer, at, says", [
    ("1: x\n", None, "6:1", "file: the key 1 is a number, not a name (put it in quotes if it is a name: '1':)"),
    ("palette: {ink: '#000000', 2.5: red}\n", None, "6:27", "palette: the key 2.5 is a number"),
    ("palette: {ink: '#000000', true: red}\n", None, "6:27", "palette: the key true is true/false"),
    ("palette: {ink: '#000000', null: red}\n", None, "6:27", "palette: the key null is empty (null)"),
    ("palette: {ink: '#000000', 2024-01-01: red}\n", None, "6:27", "palette: the key 2024-01-01 is a date"),
    ("", "{type: text, text: '{name}', x: 2mm, y: 8mm, 7: x}", "11:54", "templates.t.layers: the key 7 is a number"),
])
def test_a_key_that_is_no_name_is_said_at_the_key(tmp_path, extra, layer, at, says):
    """pydantic's "Keys should be strings" and "[key]: Input should be a valid string" reached users
    (the first at the value, or at the whole file)."""
    options = {"layer": layer} if layer else {}
    content = write(tmp_path, {"d.yaml": deck(extra=extra, **options)})
    out = tmp_path / "out"
    result = run("render", "g", "--content", str(content), "-o", str(out))
    assert_clean_failure(result, out)
    assert f"d.yaml:{at}: {says}" in result.stderr, result.stderr
    assert "should be" not in result.stderr and "[key]" not in result.stderr
    first = result.stderr.splitlines()[0]
    assert first in (f"Error: 1 problem(s) in {content / 'g' / 'd.yaml'}" + end for end in ("", " (deck)")), first


@pytest.mark.parametrize("where, typed", [
    ("size: poker", "size: BIG"),                                     # unknown size '…'
    ("y: 8mm}", "y: 8mm, colour: BIG}"),                              # '…' is not a colour
    ("text: '{name}'", "text: '{BIG}'"),                              # unknown variable {…}
    ("text: '{name}'", "text: '{name}', font: SPACED"),               # a long value with spaces
])
def test_a_huge_value_is_not_echoed_whole(tmp_path, where, typed):
    """A 300,000-character value typed where a size, a colour or a variable goes was echoed whole:
    one 300 KB line on the terminal (and in the server's 400 answers)."""
    typed = typed.replace("BIG", "a" * 300_000).replace("SPACED", "'" + "ab " * 100_000 + "'")
    text = deck().replace(where, typed, 1)
    assert len(text) > 300_000
    content = write(tmp_path, {"d.yaml": text})
    out = tmp_path / "out"
    result = run("render", "g", "--content", str(content), "-o", str(out))
    assert_clean_failure(result, out)
    assert max(len(line) for line in result.stderr.splitlines()) < 5000, result.stderr[:300]
    assert "characters)" in result.stderr
