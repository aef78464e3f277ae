"""Computed content: ``{expression}`` placeholders evaluated in a sandbox.

A placeholder that is not a plain variable name (``{name}``) is an expression in Jinja2's
expression language, run by its :class:`~jinja2.sandbox.SandboxedEnvironment` — never Python's
``eval``. Content is untrusted, so on top of the sandbox:

* only the expression grammar is accepted (no statements, loops, calls, attribute access, dict
  literals or ``*args``): an expression's work grows with its own length, never with a number it
  computes — there is no way to loop;
* only the filters and tests listed in :data:`FILTERS` and :data:`TESTS` exist (no ``range``, no
  ``format``, no globals at all);
* every operator and filter result is bounded before it is made: strings and lists at most
  :data:`MAX_CHARS` long, whole numbers at most :data:`MAX_INT`; ``%`` formats no string.

A cell that reads as a number (``3``, ``-1.5``, not ``007``) is a number in an expression, so
``{cost * 2}`` is arithmetic; a plain ``{name}`` placeholder prints the cell as it is written.
:mod:`railprint.model.resolve` is the only caller.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from typing import Any

from railprint.errors import RailprintError, close_matches
from railprint.units import decimal_comma

MAX_SOURCE = 2000
"""Longest expression (characters) a content file may write."""
MAX_CHARS = 20_000
"""Longest string or list an expression may make (a card's text is far shorter)."""
MAX_INT = 10 ** 18
"""Largest whole number an expression may make."""

FILTERS = ("abs", "capitalize", "count", "d", "default", "first", "float", "int", "join", "last", "length",
           "list", "lower", "max", "min", "reject", "replace", "reverse", "round", "select", "sort", "string",
           "strip", "sum", "title", "trim", "truncate", "unique", "upper", "wordcount")
TESTS = ("defined", "divisibleby", "eq", "even", "false", "ge", "gt", "in", "le", "lower", "lt", "ne", "none",
         "number", "odd", "string", "true", "undefined", "upper")

_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?")


class ExpressionError(RailprintError):
    """An expression that cannot be used (syntax, a refused construct, a limit, a type mistake)."""


def _allowed_nodes() -> tuple:
    from jinja2 import nodes

    return (nodes.Const, nodes.Name, nodes.List, nodes.Tuple, nodes.CondExpr, nodes.And, nodes.Or, nodes.Not,
            nodes.Neg, nodes.Pos, nodes.Add, nodes.Sub, nodes.Mul, nodes.Div, nodes.FloorDiv, nodes.Mod,
            nodes.Pow, nodes.Concat, nodes.Compare, nodes.Operand, nodes.Filter, nodes.Test, nodes.Keyword,
            nodes.Getitem, nodes.Slice)


def _size(value: Any) -> None:
    """Refuse a value larger than the limits."""
    if isinstance(value, (str, list, tuple)) and len(value) > MAX_CHARS:
        raise ExpressionError(f"the expression makes a value of {len(value)} items; at most {MAX_CHARS}")
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_INT:
        raise ExpressionError(f"the expression makes a number larger than {MAX_INT:.0e}")


def _limited(function):
    @functools.wraps(function)  # (keeps Jinja's pass_context/pass_environment marks)
    def limited(*args, **kwargs):
        result = function(*args, **kwargs)
        if not isinstance(result, (str, list, tuple, int)):   # a generator (select): bounded by its input
            return result
        _size(result)
        return result
    return limited


def _replace(value: Any, old: Any, new: Any, count: int | None = None) -> str:
    text, old, new = str(value), str(old), str(new)
    hits = text.count(old) if old else len(text) + 1
    if count is not None:
        hits = min(hits, max(int(count), 0))
    if len(text) + hits * (len(new) - len(old)) > MAX_CHARS:
        raise ExpressionError(f"replace would make a text longer than {MAX_CHARS} characters")
    return text.replace(old, new) if count is None else text.replace(old, new, max(int(count), 0))


def _default(value: Any, default_value: Any = "", boolean: bool = False) -> Any:
    """``default``: the fallback for an undefined value, None, or a blank cell (designers' empty
    cells are blank text, not undefined)."""
    from jinja2 import Undefined

    if isinstance(value, Undefined) or value is None or (isinstance(value, str) and not value.strip()) \
            or (boolean and not value):
        return default_value
    return value


def _join(value: Any, separator: Any = "") -> str:
    items = [as_text(item) for item in ([value] if isinstance(value, str) else value)]
    separator = str(separator)
    if sum(map(len, items)) + len(separator) * max(len(items) - 1, 0) > MAX_CHARS:
        raise ExpressionError(f"join would make a text longer than {MAX_CHARS} characters")
    return separator.join(items)


def _strip(value: Any, chars: str | None = None) -> str:
    return str(value).strip(chars)


@functools.lru_cache(maxsize=1)
def _environment() -> Any:
    from jinja2.sandbox import SandboxedEnvironment

    class Sandbox(SandboxedEnvironment):
        intercepted_binops = frozenset({"+", "-", "*", "/", "//", "%", "**"})

        def is_safe_attribute(self, obj: Any, attr: str, value: Any) -> bool:
            return False   # rows are flat: no attribute of anything

        def is_safe_callable(self, obj: Any) -> bool:
            return False

        def getitem(self, obj: Any, argument: Any) -> Any:
            """``name[0]``, ``name[-3:]``: an index or a slice of text or a list, nothing else
            (Jinja would look up an attribute by that name, or quietly give nothing)."""
            if not isinstance(obj, (str, list, tuple)) or not isinstance(argument, (int, slice)) \
                    or isinstance(argument, bool):
                raise ExpressionError(f"[…] takes a position in text or a list, not {argument!r}")
            try:
                return obj[argument]
            except IndexError:
                raise ExpressionError(f"no position {argument} in {_short(str(obj), 30)!r}") from None

        def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
            numbers = all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (left, right))
            if operator == "*":
                for seq, times in ((left, right), (right, left)):
                    if isinstance(seq, (str, list, tuple)) and isinstance(times, int):
                        if len(seq) * max(times, 0) > MAX_CHARS:
                            raise ExpressionError(f"'*' would make a value longer than {MAX_CHARS} items")
            elif operator == "**":
                if not numbers:
                    raise ExpressionError("'**' takes two numbers")
                if isinstance(right, int) and isinstance(left, int) and abs(right) > 64 and abs(left) > 1:
                    raise ExpressionError("'**' with an exponent above 64")
            elif operator == "%" and not numbers:
                raise ExpressionError("'%' is the remainder of two numbers (join text with '~')")
            try:
                result = self.binop_table[operator](left, right)
            except OverflowError:
                raise ExpressionError(f"'{operator}' makes a number too large") from None
            _size(result)
            return result

    env = Sandbox(autoescape=False, undefined=_undefined_class())
    env.globals.clear()
    defaults = dict(env.filters)
    defaults.update({"replace": _replace, "default": _default, "d": _default, "strip": _strip, "join": _join})
    env.filters = {name: _limited(defaults[name]) for name in FILTERS}
    env.tests = {name: env.tests[name] for name in TESTS}
    return env


@functools.lru_cache(maxsize=1)
def _undefined_class() -> type:
    from jinja2 import Undefined

    return Undefined


class Expression:
    """One compiled expression: the variable ``names`` it reads, and :meth:`value`."""

    __slots__ = ("source", "names", "_run")

    def __init__(self, source: str, names: tuple[str, ...], run: Any):
        self.source, self.names, self._run = source, names, run

    def value(self, values: Mapping[str, Any]) -> Any:
        """The expression's value for ``values`` (each of :attr:`names` given); an
        :class:`ExpressionError` when it cannot be worked out."""
        given = {name: _as_number(values[name]) for name in self.names}
        try:
            result = self._run(**given)
            _size(result)
            return result
        except ExpressionError:
            raise
        except Exception as exc:  # noqa: BLE001 - the sandbox's, Python's type errors: all the content's mistake
            raise ExpressionError(f"{{{_short(self.source)}}} cannot be worked out: "
                                  f"{_text_for_a_number(exc, given) or _message(exc)}") from None


_MIXED = re.compile(r"'(?P<op>[^']+)' not supported between instances of '\w+' and '\w+'"
                    r"|unsupported operand type\(s\) for (?P<op2>[^:]+): '\w+' and '\w+'"
                    r"|can only concatenate str|can't multiply sequence")


def _text_for_a_number(exc: Exception, given: Mapping[str, Any]) -> str | None:
    """Python's words for text where a number was wanted ("'>' not supported between instances
    of 'str' and 'int'") in a designer's: the operator and the values that are text."""
    m = _MIXED.match(str(exc)) if isinstance(exc, TypeError) else None
    texts = [f"{name} is {value[:30]!r}" for name, value in given.items() if isinstance(value, str)]
    if m is None or not texts:
        return None
    op = m.group("op") or (m.group("op2") or "").strip() or ("+" if "concatenate" in str(exc) else "*")
    comma = next((decimal_comma(v) for v in given.values() if isinstance(v, str) and decimal_comma(v)), None)
    hint = comma or "join text with '~'"
    return f"'{op}' needs numbers, and {', '.join(texts[:3])}: text, not a number ({hint})"


def _message(exc: Exception) -> str:
    text = str(exc).split("\n")[0] or type(exc).__name__
    return text.replace("jinja2.", "")


def _short(text: str, limit: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _as_number(value: Any) -> Any:
    if isinstance(value, str) and _NUMBER.fullmatch(value):
        return float(value) if "." in value else int(value)
    return value


@functools.lru_cache(maxsize=4096)
def compiled(source: str) -> Expression:
    """``source`` (the text between a placeholder's braces) compiled once; an
    :class:`ExpressionError` naming what is wrong with it."""
    from jinja2 import TemplateSyntaxError, nodes
    from jinja2.environment import TemplateExpression
    from jinja2.parser import Parser

    if len(source) > MAX_SOURCE:
        raise ExpressionError(f"an expression of {len(source)} characters; at most {MAX_SOURCE}")
    env = _environment()
    try:
        parser = Parser(env, source, state="variable")
        expr = parser.parse_expression()
        if not parser.stream.eos:
            raise TemplateSyntaxError(f"unexpected {parser.stream.current.value!r} after the expression",
                                      parser.stream.current.lineno, None, None)
    except TemplateSyntaxError as exc:
        why = (exc.message or "").replace("unexpected 'end of template'", "it ends too soon") \
            .replace("unexpected end of template", "it ends too soon") \
            .replace("'end of template'", "the end").replace("end of template", "the end")
        raise ExpressionError(f"{{{_short(source)}}} is not an expression: {why}") from None
    allowed = _allowed_nodes()
    names: dict[str, None] = {}
    for node in [expr, *expr.find_all(nodes.Node)]:
        if not isinstance(node, allowed):
            raise ExpressionError(f"{{{_short(source)}}}: {_refused(node)}")
        if isinstance(node, nodes.Name):
            names.setdefault(node.name, None)
        elif isinstance(node, nodes.Filter) and node.name not in env.filters:
            raise ExpressionError(f"{{{_short(source)}}}: no filter {node.name!r}", hint=_known(node.name, FILTERS))
        elif isinstance(node, nodes.Test) and node.name not in env.tests:
            raise ExpressionError(f"{{{_short(source)}}}: no test {node.name!r}", hint=_known(node.name, TESTS))
        if isinstance(node, (nodes.Filter, nodes.Test)) and (node.dyn_args or node.dyn_kwargs):
            raise ExpressionError(f"{{{_short(source)}}}: '*' and '**' arguments are not available")
    expr.set_environment(env)
    body = [nodes.Assign(nodes.Name("result", "store"), expr, lineno=1)]
    template = env.from_string(nodes.Template(body, lineno=1))
    return Expression(source, tuple(names), TemplateExpression(template, False))


def _refused(node: Any) -> str:
    kind = type(node).__name__
    why = {"Call": "calling functions is not available (use filters: name | upper)",
           "Getattr": "attributes ('.') are not available (use filters: name | upper)",
           "Dict": "{…} mappings are not available"}
    return why.get(kind, f"{kind} is not available in expressions")


def _known(name: str, known: tuple[str, ...]) -> str:
    close = close_matches(name, known)
    return ("did you mean " + " or ".join(repr(c) for c in close) + "? " if close else "") + \
        "available: " + ", ".join(known)


def names_in(source: str) -> tuple[str, ...]:
    """The variables an expression reads (none when it does not compile)."""
    try:
        return compiled(source).names
    except ExpressionError:
        return ()


def as_text(value: Any) -> str:
    """An expression's value as placeholder text: nothing for undefined/None, whole numbers
    without '.0', other numbers to 10 significant digits."""
    if value is None or isinstance(value, _undefined_class()):
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() and abs(value) < 1e15 else format(value, ".10g")
    return str(value)


def truthy(value: Any) -> bool:
    """Does an expression's value let a ``when:`` layer be drawn (blank text does not)?"""
    if value is None or isinstance(value, _undefined_class()):
        return False
    if isinstance(value, str):
        return bool(value.strip())
    return bool(value)
