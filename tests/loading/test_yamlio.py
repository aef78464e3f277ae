"""railprint's YAML loader against pyyaml's own (slower, general) construction.

The loader builds strings, mappings and lists itself and resolves plain scalars from a table by
first character (docs/performance.md); these tests hold it to what pyyaml's SafeConstructor and
Resolver give — the same values of the same types — and check every location against the node
marks pyyaml composes, on every shipped content file and on YAML's corner cases. Reading without
locations (``marked=False``) gives the same values and the same located refusals.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from railprint.errors import ContentError
from railprint.loading import yamlio

CONTENT = Path(__file__).resolve().parents[2] / "content"


class _Reference(yaml.SafeLoader):
    """pyyaml's pure-Python safe loader with railprint's one change: only true/false are booleans."""


_Reference.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:bool"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()}
_Reference.add_implicit_resolver("tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"),
                                 list("tTfF"))


def _located(data, node, name: str) -> None:
    """``data`` carries the location of ``node`` (what pyyaml composed), all the way down (the
    values of explicit tags such as ``!!omap`` are pyyaml's own plain objects)."""
    def at(mark) -> str:
        return f"{name}:{mark.line + 1}:{mark.column + 1}"

    if isinstance(node, yaml.MappingNode) and isinstance(data, yamlio.MarkedDict):
        assert str(data.location) == at(node.start_mark)
        if len(node.value) != len(data):  # merge keys: pairs moved in front (pyyaml's flattening)
            return
        for key, (key_node, value_node) in zip(data, node.value):
            assert str(data.key_loc(key)) == at(key_node.start_mark)
            assert str(data.loc(key)) == at(value_node.start_mark)
            _located(key, key_node, name)
            _located(data[key], value_node, name)
    elif isinstance(node, yaml.SequenceNode) and isinstance(data, yamlio.MarkedList):
        assert str(data.location) == at(node.start_mark)
        for i, child in enumerate(node.value):
            assert str(data.loc(i)) == at(child.start_mark)
            _located(data[i], child, name)
    elif isinstance(data, yamlio.MarkedStr):
        assert str(data.location) == at(node.start_mark)


def _same(text: str, name: str = "t.yaml") -> None:
    ours = yamlio.loads(text, name)
    expected = yaml.load(text, Loader=_Reference)
    assert ours == expected
    assert repr(ours) == repr(expected)  # the same types all the way down (1 is not True, '1' not 1)
    _located(ours, yaml.compose(text, Loader=_Reference), name)
    plain = yamlio.loads(text, name, marked=False)  # the same data, read without locations
    assert plain == expected and repr(plain) == repr(expected)
    assert not _has_locations(plain) or "*" in text


def _has_locations(data) -> bool:
    if isinstance(data, dict):
        return hasattr(data, "location") or any(_has_locations(k) or _has_locations(v) for k, v in data.items())
    if isinstance(data, list):
        return hasattr(data, "location") or any(_has_locations(v) for v in data)
    return hasattr(data, "location")


@pytest.mark.parametrize("path", sorted(CONTENT.rglob("*.yaml")), ids=lambda p: str(p.relative_to(CONTENT)))
def test_every_shipped_file_reads_as_pyyaml_reads_it(path):
    _same(path.read_text(encoding="utf-8"), path.name)


CORNERS = [
    "a: 1\nb: -2\nc: 0x1f\nd: 0o17\ne: 1_000\nf: +3\n",
    "a: 1.5\nb: .inf\nc: -.Inf\nd: 1e3\ne: 6.8e-1\nf: 1_0.5\n",
    "a: true\nb: False\nc: yes\nd: no\ne: NO\nf: on\ng: Off\nh: y\n",
    "a: ~\nb: null\nc: Null\nd:\ne: ''\nf: \"\"\n",
    "a: 2026-01-01\nb: 2001-12-14t21:59:43.10-05:00\nc: '2026-01-01'\n",
    "- '1'\n- \"true\"\n- 'null'\n- |\n  block\n  text\n- >\n  folded\n",
    "[1, two, 3.0, {x: y}, [], {}]\n",
    "? complex key\n: value\n'quoted key': 1\n\"3\": three\n3: int key\n",
    "a: !!str 3\nb: !!int '7'\nc: !!float 1\nd: !!bool 'true'\n",
    "a: !!binary aGVsbG8=\nb: !!set {x, y}\nc: !!omap [{p: 1}, {q: 2}]\nd: !!pairs [{p: 1}]\n",
    "base: &b {x: 1}\nother: &c 2\n",             # anchors without aliases are harmless
    "<<: {x: 1, y: 2}\nz: 3\n",                    # a merge key (without an alias)
    "<<: [{x: 1}, {z: 2}]\ny: 5\n",
    "=: the value key\nb: 1\n",
    "a: '<<'\nb: '='\nc: 5 * 3\nd: x != y\n",      # the characters alone change nothing
    "%YAML 1.1\n---\na: 1\n...\n",
    "",
    "# only a comment\n",
    "plain text\n",
    "- - - deep\n    - x\n  - y\n- z\n",
    "a:\n  b:\n    c:\n      - {d: [1, {e: f}]}\n",
    "ąę: żółć\nÅland: 'Öresund'\n",
]


@pytest.mark.parametrize("text", CORNERS)
def test_corner_cases_read_as_pyyaml_reads_them(text):
    _same(text)


@pytest.mark.parametrize("text, message, where", [
    ("a: &x 1\nb: *x\n", "YAML aliases (*name) are not allowed", "t.yaml:1:4"),
    ("a: &x [1]\nb: *x\n", "YAML aliases (*name) are not allowed", "t.yaml:1:4"),
    ("a: &x {b: *x}\n", "YAML aliases (*name) are not allowed", "t.yaml:1:4"),
    ("a: 1\nb: 2\na: 3\n", "duplicate key 'a' (first given at line 1)", "t.yaml:3:1"),
    ("<<: {a: 1}\na: 2\n", "duplicate key 'a' (first given at line 1)", "t.yaml:2:1"),  # a merge is no override
    ("? [1, 2]\n: x\n", "a mapping key must be a plain value", "t.yaml:1:3"),
    ("a: " + "9" * 30 + "\n", "is too large", "t.yaml:1:4"),
    ("a: [1, 2\n", "invalid YAML", "t.yaml:2:1"),
    ("a: 1\n---\nb: 2\n", "invalid YAML: but found another document", "t.yaml:2:1"),
    ("a: !!python/name:os.system x\n", "invalid YAML", "t.yaml:1:4"),
    ("=: 1\nb: =\n", "invalid YAML", "t.yaml:2:4"),
    ("[" * 65 + "]" * 65, "mappings and lists nested more than 64 deep", "t.yaml:1:65"),
    ("{a: " * 65 + "1" + "}" * 65, "mappings and lists nested more than 64 deep", "t.yaml:1:257"),
    ("[" * 600 + "]" * 600, "mappings and lists nested more than 64 deep", "t.yaml:1:65"),  # was a RecursionError
])
@pytest.mark.parametrize("marked", [True, False])
def test_refusals_are_located(text, message, where, marked):
    with pytest.raises(ContentError) as caught:
        yamlio.loads(text, "t.yaml", marked=marked)
    assert message in str(caught.value)
    assert str(caught.value.location) == where


def test_sixty_four_levels_are_read():
    data = yamlio.loads("[" * 64 + "x" + "]" * 64, "t.yaml")
    for _ in range(63):
        data = data[0]
    assert data == ["x"]


def test_remembered_tags_are_the_resolvers_tags(monkeypatch):
    """A plain scalar's tag is remembered by its text (``yamlio._PLAIN_TAGS``): read cold and
    warm, every corner case gives pyyaml's values; the memory stays within its bound."""
    yamlio._PLAIN_TAGS.clear()
    for text in CORNERS:
        _same(text)           # cold: each text's tag worked out, then remembered
    assert yamlio._PLAIN_TAGS
    assert all(tag == yamlio._plain_tag(value) for value, tag in yamlio._PLAIN_TAGS.items())
    for text in CORNERS:
        _same(text)           # warm: the remembered tags
    monkeypatch.setattr(yamlio, "_PLAIN_TAGS_MAX", 50)
    yamlio.loads("[" + ", ".join(f"v{k}" for k in range(120)) + ", 7, true, ~]")
    assert 0 < len(yamlio._PLAIN_TAGS) <= 50
    assert yamlio.loads("[7, true, ~, 1.5, x" + "9" * 80 + "]") == [7, True, None, 1.5, "x" + "9" * 80]


def test_marked_values_copy_and_pickle_with_their_locations():
    """The marked classes keep locations in slots (and an instance dict for anything else, such
    as a card list's ``columns``): copies and pickles carry them."""
    import copy
    import pickle

    data = yamlio.loads("a: [x, {b: c}]\nd: e\n", "f.yaml")
    data["a"].columns = {"x": data.loc("a")}
    for twin in (copy.deepcopy(data), pickle.loads(pickle.dumps(data)), copy.copy(data)):
        assert twin == data and type(twin) is yamlio.MarkedDict
        assert twin.loc("a") == data.loc("a") and twin.key_loc("d") == data.key_loc("d")
        assert twin["a"].loc(1) == data["a"].loc(1) and twin["d"].location == data["d"].location
        assert twin["a"].columns == {"x": data.loc("a")}


def test_a_tab_in_the_indentation_is_named_with_the_fix():
    with pytest.raises(ContentError) as caught:
        yamlio.loads("players:\n- name: A\n\ttickets: []\n", "g.yaml")
    assert str(caught.value) == "g.yaml:3:1: invalid YAML: a tab where YAML needs spaces (indent with spaces, never tabs)"


@pytest.mark.parametrize("text", ["players:\n  - {name: NO", "a: [\n", "a: 'x"])
def test_a_problem_at_the_end_of_the_file_is_located(text):
    with pytest.raises(ContentError) as caught:
        yamlio.loads(text, "g.yaml")
    assert str(caught.value).startswith("g.yaml:") and "invalid YAML" in str(caught.value)
