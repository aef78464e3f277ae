"""Safe YAML reading that keeps where every value came from.

- Only ``true``/``false`` are booleans (YAML 1.1's ``no``/``yes``/``on``/``off`` stay strings,
  so Norway's ``NO`` is not False).
- Duplicate keys are errors.
- Aliases are refused (no "billion laughs"); anchors without aliases are harmless.
- Mappings and lists nest at most MAX_DEPTH deep (deeper ones exhausted Python's recursion).
- Every mapping and sequence comes back as :class:`MarkedDict` / :class:`MarkedList` whose
  ``loc(key)`` gives the :class:`~railprint.errors.Location` of that key's value.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from railprint.errors import ContentError, Location, RailprintError


MAX_INT = 10**15
"""Largest integer a railprint file may hold: no count, size or score comes near it, and huge
integers (thousands of digits) cannot even be printed in an error message."""


MAX_VALUES = 200_000
"""Values (scalars, lists, mappings) one YAML file may hold, bounded before parsing by counting
what separates them (``,`` ``:`` ``-`` ``[`` ``{`` ``?`` and line breaks; quoted text counts too,
so this errs on the safe side). 1 MiB of ``[0,0,0,…]`` holds 524,000 and took 4 s and 270 MB to
parse; a 5,000-row card list holds about 50,000."""
_SEPARATORS = (",", ":", "-", "[", "{", "?", "\n")

MAX_DEPTH = 64
"""Deepest nesting of mappings and lists a railprint file may use (the shipped content nests 7
deep): a file nested 300 deep ran Python out of recursion while it was being built (a traceback
instead of an error); libyaml itself stops at 1,000."""


class MarkedDict(dict):
    """A dict that remembers the location of itself, its keys and its values."""

    # the locations in slots (faster to set and read; the shipped content makes ~3,000 of these
    # and ~25,000 strings); "__dict__" keeps other attributes possible (a card list's columns)
    __slots__ = ("location", "key_locations", "value_locations", "__dict__")
    location: Location
    key_locations: dict
    value_locations: dict

    def loc(self, key: Any = None) -> Location:
        if key is None:
            return self.location
        return self.value_locations.get(key, self.key_locations.get(key, self.location))

    def key_loc(self, key: Any) -> Location:
        return self.key_locations.get(key, self.location)


class MarkedList(list):
    __slots__ = ("location", "item_locations", "__dict__")
    location: Location
    item_locations: list

    def loc(self, index: int | None = None) -> Location:
        if index is None or index >= len(self.item_locations):
            return self.location
        return self.item_locations[index]


class MarkedStr(str):
    __slots__ = ("location", "__dict__")
    location: Location


_new = tuple.__new__


def _location(mark: Any, filename: str) -> Location:
    """``Location(filename, line, col)``, made as the tuple it is (the named tuple's ``__new__``
    is Python; a map file holds thousands of values)."""
    return _new(Location, (filename, mark.line + 1, mark.column + 1))


try:  # libyaml's parser when available: several times faster
    from yaml.cyaml import CParser as _Parser
except ImportError:  # pragma: no cover - pure-Python fallback
    class _Parser(yaml.reader.Reader, yaml.scanner.Scanner, yaml.parser.Parser, yaml.composer.Composer):
        def __init__(self, stream):
            yaml.reader.Reader.__init__(self, stream)
            yaml.scanner.Scanner.__init__(self)
            yaml.parser.Parser.__init__(self)
            yaml.composer.Composer.__init__(self)


_STR, _MAP, _SEQ = "tag:yaml.org,2002:str", "tag:yaml.org,2002:map", "tag:yaml.org,2002:seq"
_ScalarNode, _MappingNode, _SequenceNode = yaml.ScalarNode, yaml.MappingNode, yaml.SequenceNode


class _Loader(_Parser, yaml.constructor.SafeConstructor, yaml.resolver.Resolver):
    filename = "<input>"
    # What the text can hold, judged by its characters: no ``*``, no alias (so no node is met
    # twice: no bookkeeping of constructed nodes); no ``<<``, ``=`` or ``!``, no merge or value
    # key to flatten. With the resolver table below: the shipped content (270 kB) reads in 17 %
    # less CPU time; tests/loading/test_yamlio.py holds the result to pyyaml's own.
    aliases = special_keys = True
    depth = 0  # mappings and lists being built around the current node

    def __init__(self, stream):
        _Parser.__init__(self, stream)
        yaml.constructor.SafeConstructor.__init__(self)
        yaml.resolver.Resolver.__init__(self)
        if isinstance(stream, str):
            self.aliases = "*" in stream
            self.special_keys = "<<" in stream or "=" in stream or "!" in stream

    # Tags: Resolver.resolve's answer, from a table by first character built once (_IMPLICIT);
    # the loader has no path resolvers (checked below), so descending and ascending do nothing.
    def descend_resolver(self, current_node, current_index):
        pass

    def ascend_resolver(self):
        pass

    def resolve(self, kind, value, implicit):
        if kind is _ScalarNode:
            if implicit[0]:
                # a plain scalar's tag depends on its text alone: remembered (the shipped content's
                # 29,000 plain scalars are ~1,000 distinct texts; 24,600 regex tries before)
                tag = _PLAIN_TAGS.get(value)
                if tag is None:
                    tag = _plain_tag(value)
                    if len(value) <= _PLAIN_TAGS_LEN:
                        if len(_PLAIN_TAGS) >= _PLAIN_TAGS_MAX:
                            _PLAIN_TAGS.clear()
                        _PLAIN_TAGS[value] = tag
                return tag
            return _STR
        return _SEQ if kind is _SequenceNode else _MAP

    def construct_object(self, node, deep=False):
        # An alias makes the parser hand out the same node twice: refuse it (no "billion laughs").
        if self.aliases and (node in self.constructed_objects or node in self.recursive_objects):
            raise ContentError("YAML aliases (*name) are not allowed in railprint files",
                               _location(node.start_mark, self.filename),
                               hint="write the value out in full",
                               pl="aliasy YAML (*nazwa) są w plikach railprint niedozwolone (wypisz wartość w całości)")
        # strings, mappings and lists (nearly every node) are built here directly: the general
        # path (tag lookup, generators, deep flags) doubled the time of reading a map file
        kind = _DIRECT.get(node.tag)
        if kind is None or type(node) is not kind:
            # numbers, booleans and nulls: their constructor called as pyyaml's general path
            # calls it (none is a generator or needs the deep flag)
            scalar = _SCALARS.get(node.tag)
            if scalar is None or type(node) is not _ScalarNode:
                return super().construct_object(node, deep)
            data = scalar(self, node)
            if self.aliases:
                self.constructed_objects[node] = data
            return data
        if kind is _ScalarNode:
            data = MarkedStr(node.value)
            data.location = _location(node.start_mark, self.filename)
        elif self.aliases:
            self.recursive_objects[node] = None
            data = self.construct_mapping(node) if kind is _MappingNode else self.construct_sequence(node)
            del self.recursive_objects[node]
        else:
            data = self.construct_mapping(node) if kind is _MappingNode else self.construct_sequence(node)
        if self.aliases:
            self.constructed_objects[node] = data
        return data

    def _enter(self, node) -> None:
        """One level deeper into mappings and lists (a built one leaves: ``self.depth -= 1``);
        past MAX_DEPTH an error at ``node``."""
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise ContentError(f"mappings and lists nested more than {MAX_DEPTH} deep",
                               _location(node.start_mark, self.filename),
                               hint="railprint files need only a few levels; check the brackets",
                               pl=f"mapy i listy zagnieżdżone głębiej niż {MAX_DEPTH} poziomów (pliki railprint "
                                  "potrzebują tylko kilku; sprawdź nawiasy)")

    def construct_mapping(self, node, deep=False):
        if not isinstance(node, _MappingNode):
            return super().construct_mapping(node, deep)
        self._enter(node)
        if self.special_keys:
            self.flatten_mapping(node)
        filename = self.filename
        result = MarkedDict()
        result.location = _location(node.start_mark, filename)
        key_locations = result.key_locations = {}
        value_locations = result.value_locations = {}
        plain = not self.aliases  # a plain string (nearly every key and most values) is built in line
        for key_node, value_node in node.value:
            mark = key_node.start_mark
            where = _new(Location, (filename, mark.line + 1, mark.column + 1))
            if plain and key_node.tag == _STR and type(key_node) is _ScalarNode:
                key = MarkedStr(key_node.value)
                key.location = where
            else:
                key = self.construct_object(key_node, deep=True)
                try:
                    hash(key)
                except TypeError:
                    raise ContentError("a mapping key must be a plain value", where,
                                       pl="klucz mapy musi być zwykłą wartością") from None
            if key in result:
                first = key_locations[key]
                raise ContentError(f"duplicate key {key!r} (first given at line {first.line})", where,
                                   hint="remove or rename one of them",
                                   pl=f"klucz {key!r} powtórzony (pierwszy raz w wierszu {first.line}; "
                                      "usuń jeden z nich albo zmień mu nazwę)")
            if plain and value_node.tag == _STR and type(value_node) is _ScalarNode:
                value = MarkedStr(value_node.value)
                mark = value_node.start_mark
                value.location = value_where = _new(Location, (filename, mark.line + 1, mark.column + 1))
            else:
                value = self.construct_object(value_node, deep=True)
                # a mapping or list already carries its (frozen) location: shared, not rebuilt
                value_where = getattr(value, "location", None) or _location(value_node.start_mark, filename)
            result[key] = value
            key_locations[key] = where
            value_locations[key] = value_where
        self.depth -= 1
        return result

    def construct_sequence(self, node, deep=False):
        self._enter(node)
        filename = self.filename
        plain = not self.aliases
        items, where = [], []
        for child_node in node.value:
            if plain and child_node.tag == _STR and type(child_node) is _ScalarNode:  # a string, in line
                item = MarkedStr(child_node.value)
                mark = child_node.start_mark
                item.location = at = _new(Location, (filename, mark.line + 1, mark.column + 1))
            else:
                item = self.construct_object(child_node, deep=True)
                # an item that carries its (frozen) location — a string, mapping or list — shares it
                at = getattr(item, "location", None) or _location(child_node.start_mark, filename)
            items.append(item)
            where.append(at)
        self.depth -= 1
        result = MarkedList(items)
        result.location = _location(node.start_mark, filename)
        result.item_locations = where
        return result

    def construct_yaml_int(self, node):
        try:  # more than 4300 digits raises ValueError (Python's int-from-text limit)
            value = super().construct_yaml_int(node)
        except ValueError:
            value = None
        if value is None or abs(value) > MAX_INT:
            raise ContentError(f"the number {str(node.value)[:20]}… is too large ({len(node.value)} characters)",
                               _location(node.start_mark, self.filename), hint=f"at most {MAX_INT}",
                               pl=f"liczba {str(node.value)[:20]}… jest za duża ({len(node.value)} znaków; "
                                  f"najwyżej {MAX_INT})") from None
        return value

    def construct_yaml_str(self, node):
        value = MarkedStr(super().construct_scalar(node))
        value.location = _location(node.start_mark, self.filename)
        return value


class _NeedsMarks(Exception):
    """Data read without locations met something only the marked loader may judge."""


class _PlainLoader(_Loader):
    """Plain dicts, lists and strings without locations, for data whose checks need locations
    only to report a problem (:func:`loads` with ``marked=False``). Anything unusual — a
    possible alias, a duplicate or unhashable key — is left to the marked loader."""

    def construct_object(self, node, deep=False):
        if self.aliases:
            raise _NeedsMarks
        tag = node.tag
        if tag == _STR and type(node) is _ScalarNode:
            return node.value
        if tag == _MAP and type(node) is _MappingNode:
            return self.construct_mapping(node)
        if tag == _SEQ and type(node) is _SequenceNode:
            return self.construct_sequence(node)
        scalar = _SCALARS.get(tag)   # a number, boolean or null: as in _Loader.construct_object
        if scalar is not None and type(node) is _ScalarNode:
            return scalar(self, node)
        return yaml.constructor.SafeConstructor.construct_object(self, node, deep)

    def construct_mapping(self, node, deep=False):
        if not isinstance(node, _MappingNode):
            raise _NeedsMarks
        self._enter(node)
        if self.special_keys:
            self.flatten_mapping(node)
        result = {}
        construct = self.construct_object
        for key_node, value_node in node.value:
            key = construct(key_node)
            try:
                if key in result:
                    raise _NeedsMarks
            except TypeError:  # an unhashable key
                raise _NeedsMarks from None
            result[key] = construct(value_node)
        self.depth -= 1
        return result

    def construct_sequence(self, node, deep=False):
        if not isinstance(node, _SequenceNode):
            raise _NeedsMarks
        self._enter(node)
        result = [self.construct_object(child) for child in node.value]
        self.depth -= 1
        return result

    def construct_yaml_str(self, node):
        return self.construct_scalar(node)


_DIRECT = {_STR: _ScalarNode, _MAP: _MappingNode, _SEQ: _SequenceNode}

# Booleans: only true/false (any case). Drop YAML 1.1's yes/no/on/off resolver.
_Loader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:bool"]
    for first, resolvers in yaml.resolver.Resolver.yaml_implicit_resolvers.items()
}
_BOOL = re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$")
_Loader.add_implicit_resolver("tag:yaml.org,2002:bool", _BOOL, list("tTfF"))
# first character of a plain scalar -> the implicit resolvers to try, in Resolver.resolve's order
_WILDCARD = tuple(_Loader.yaml_implicit_resolvers.get(None, ()))
_IMPLICIT = {first: tuple(resolvers) + _WILDCARD for first, resolvers in _Loader.yaml_implicit_resolvers.items()
             if first is not None}
if _Loader.yaml_path_resolvers:  # pragma: no cover - resolve() above does not look at them
    raise ImportError("railprint's YAML loader does not support path resolvers")
_PLAIN_TAGS: dict[str, str] = {}   # plain scalar text -> its tag (texts up to 64 characters, 8192 of them)
_PLAIN_TAGS_LEN, _PLAIN_TAGS_MAX = 64, 8192


def _plain_tag(value: str) -> str:
    """The tag of a plain scalar: the first implicit resolver whose pattern matches, else str."""
    for tag, regexp in _IMPLICIT.get(value[:1], _WILDCARD):
        if regexp.match(value):
            return tag
    return _STR


_Loader.add_constructor("tag:yaml.org,2002:map", lambda loader, node: loader.construct_mapping(node))
_Loader.add_constructor("tag:yaml.org,2002:seq", lambda loader, node: loader.construct_sequence(node))
_Loader.add_constructor("tag:yaml.org,2002:int", lambda loader, node: loader.construct_yaml_int(node))
_Loader.add_constructor("tag:yaml.org,2002:str", lambda loader, node: loader.construct_yaml_str(node))
_SCALARS = {tag: _Loader.yaml_constructors[tag] for tag in
            ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float", "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null")}


_PROBLEMS_PL = {
    "did not find expected node content": "brak oczekiwanej wartości",
    "mapping values are not allowed": "tu nie może stać wartość klucza (dwukropek w środku tekstu? weź tekst w cudzysłów)",
    "did not find expected key": "brak oczekiwanego klucza (złe wcięcie?)",
    "could not find expected ':'": "brak oczekiwanego dwukropka ':'",
    "found character that cannot start any token": "znak, od którego nic w YAML nie może się zaczynać",
    "found unexpected end of stream": "plik kończy się w pół (niezamknięty cudzysłów lub nawias?)",
    "did not find expected ',' or ']'": "brak oczekiwanego ',' albo ']'",
    "did not find expected ',' or '}'": "brak oczekiwanego ',' albo '}'",
    "did not find expected '-' indicator": "brak oczekiwanego '-' (złe wcięcie listy?)",
    "found duplicate anchor": "ta sama kotwica dwa razy",
    "found undefined alias": "odwołanie do nieznanej kotwicy",
}
"""PyYAML's commonest problems in Polish (another is shown in the parser's own words)."""


def _yaml_problem_pl(problem: str | None) -> str:
    text = str(problem or "")
    for english, polish in _PROBLEMS_PL.items():
        if text.startswith(english):
            return polish
    return f"{text} (słowa parsera YAML)"


def loads(text: str, filename: str = "<input>", error: type[RailprintError] = ContentError, *,
          marked: bool = True) -> Any:
    """Parse YAML text; syntax problems raise ``error`` with file:line:col.

    ``marked=False``: plain dicts, lists and strings, no locations (reading a map this way
    takes half the time), for data whose checks need locations only to report a problem — the
    caller reads the text again with marks then. The same values, refusals and errors: text the
    plain reading has any doubt about (a possible alias, a duplicate key, any error) is read
    with marks, which decides."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if sum(text.count(mark) for mark in _SEPARATORS) > MAX_VALUES:
        raise error(f"more than {MAX_VALUES} YAML values in one file", Location(filename),
                    hint="a content file, card list or game file needs far fewer; split it",
                    pl=f"więcej niż {MAX_VALUES} wartości YAML w jednym pliku (plik gry potrzebuje ich "
                       "dużo mniej; podziel go)")
    if not marked and "*" not in text:   # a possible alias: only the marked reading decides
        loader = _PlainLoader(text)
        try:
            return loader.get_single_data()
        except Exception:  # noqa: BLE001 - the marked reading below raises the located error
            pass
        finally:
            loader.dispose()
    loader = _Loader(text)
    loader.filename = filename
    try:
        return loader.get_single_data()
    except RailprintError as exc:
        if error is not ContentError and isinstance(exc, ContentError):
            raise error(exc.message, exc.location, exc.hint, pl=exc.pl) from None
        raise
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = _location(mark, filename) if mark else Location(filename)
        lines = text.split("\n", mark.line + 1) if mark is not None and isinstance(mark.line, int) else []
        line = lines[mark.line] if lines and 0 <= mark.line < len(lines) else ""   # a mark may sit past the end
        tab = mark is not None and isinstance(mark.column, int) and line[mark.column:mark.column + 1] == "\t"
        raise error("invalid YAML: a tab where YAML needs spaces" if tab else f"invalid YAML: {exc.problem or exc.context}",
                    where, hint="indent with spaces, never tabs" if tab else None,
                    pl="błędny YAML: tabulator tam, gdzie YAML chce spacji (wcięcia rób spacjami, nigdy tabulatorem)"
                    if tab else f"błędny YAML: {_yaml_problem_pl(exc.problem or exc.context)}") from None
    except yaml.reader.ReaderError as exc:
        code = ord(exc.character) if isinstance(exc.character, str) else exc.character
        raise error(f"invalid YAML: {exc.reason} (character U+{code:04X})",
                    _byte_location(text, exc.position, filename),
                    hint="is the file UTF-16? save it as UTF-8" if code == 0
                    else "remove the character or quote it as an escape, e.g. \"\\t\"",
                    pl=f"błędny YAML: znak U+{code:04X}, którego YAML nie dopuszcza (" + (
                        "czy plik jest w UTF-16? zapisz go jako UTF-8)" if code == 0
                        else "usuń ten znak albo zapisz go w cudzysłowie jako \"\\t\")")) from None
    except yaml.YAMLError as exc:
        raise error(f"invalid YAML: {exc}", Location(filename), pl=f"błędny YAML: {exc}") from None
    finally:
        loader.dispose()


def _byte_location(text: str, position: int, filename: str) -> Location:
    """line:col of byte ``position`` of ``text`` encoded as UTF-8 (libyaml's reader counts bytes)."""
    before = text.encode("utf-8")[:position]
    line_start = before.rfind(b"\n") + 1
    return Location(filename, before.count(b"\n") + 1, len(before[line_start:].decode("utf-8", "replace")) + 1)


_PARSED: dict = {}  # (file name, text, error class, marked) -> parsed data, most recently used last
_PARSED_MAX_FILES = 256
_PARSED_MAX_CHARS = 16_000_000


def load_file(path: str | Path, error: type[RailprintError] = ContentError, *, marked: bool = True) -> Any:
    """Read and parse a YAML file (UTF-8, BOM tolerated) of at most MAX_YAML_BYTES.

    A file is parsed once per process: discovery and the builder that reads the file again get
    the same result, looked up by the file's text (a changed file is parsed again), within a
    bounded memory of recent files. The result is shared: callers must not modify it (copy
    what you change). ``marked=False`` (see :func:`loads`): the marked data if the file is
    already parsed, else data without locations."""
    from railprint.loading.text import MAX_YAML_BYTES, read_text

    text = read_text(path, error, MAX_YAML_BYTES)
    for key in [(str(path), text, error, True)] + ([] if marked else [(str(path), text, error, False)]):
        data = _PARSED.pop(key, _PARSED)
        if data is not _PARSED:
            break
    else:
        data = loads(text, str(path), error, marked=marked)
        while _PARSED and (len(_PARSED) >= _PARSED_MAX_FILES
                           or sum(len(k[1]) for k in _PARSED) + len(text) > _PARSED_MAX_CHARS):
            del _PARSED[next(iter(_PARSED))]
    _PARSED[key] = data
    return data


def location_of(value: Any, fallback: Location | None = None) -> Location | None:
    """The location a loaded value came from, if it carries one."""
    return getattr(value, "location", fallback)
