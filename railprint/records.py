"""Value classes declared like dataclasses, made without compiling code.

``@dataclass(frozen=True)`` writes and compiles six methods for every class it makes (~1 ms a
class in Python 3.11): the ~25 classes of the Ticket to Ride score path were a fifth of a
``railprint score`` process. A :class:`Record` subclass is declared the same way — annotated
fields, defaults as class attributes, :func:`factory` for a fresh mutable default — and gets
the same behaviour from shared methods: ``__init__`` (positional or keyword arguments, the
defaults), ``__eq__`` and ``__hash__`` over its fields (in order, same class only), ``__repr__``
``Name(field=value, …)``, and no assigning or deleting attributes (``frozen=False`` allows it
and makes the class unhashable, as a dataclass's ``eq=True`` does). :func:`replace` is
``dataclasses.replace`` for records.

    class City(Record):
        id: str
        at: tuple[float, float]
        aliases: tuple[str, ...] = ()

    class Score(Record, frozen=False, uncompared=("notes",)):
        points: int
        notes: list[str] = factory(list)

``uncompared`` fields are left out of ``==`` and ``hash`` (``field(compare=False)``); a
``__post_init__`` method runs after ``__init__`` as a dataclass's does. Values
live in the instance ``__dict__``, so ``functools.cached_property`` works. Use a plain
dataclass where instances are made in hot loops: a generated ``__init__`` is faster than this
shared one (~1 µs against ~2 µs).
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar


class FrozenError(AttributeError):
    """Assigning to or deleting a field of a frozen record (dataclasses' FrozenInstanceError)."""


class factory:
    """A field default made fresh for every instance: ``notes: list = factory(list)``."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[], Any]) -> None:
        self.make = make


_NO_DEFAULT = object()


class Record:
    """Base of the value classes (see the module's docstring)."""

    _fields: ClassVar[tuple[str, ...]] = ()
    _compared: ClassVar[tuple[str, ...]] = ()
    _defaults: ClassVar[dict[str, Any]] = {}
    _frozen: ClassVar[bool] = True
    _post_init: ClassVar[Callable[[Any], None] | None] = None

    def __init_subclass__(cls, frozen: bool | None = None, uncompared: tuple[str, ...] = (), **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # a subclass keeps its parent's frozenness (and, like a dataclass, may not change it)
        # and its parent's uncompared fields
        if frozen is None:
            frozen = cls._frozen
        elif cls._fields and frozen != cls._frozen:
            raise TypeError(f"{cls.__name__}: a {'frozen' if frozen else 'mutable'} record cannot inherit "
                            f"from a {'frozen' if cls._frozen else 'mutable'} one")
        uncompared = (*uncompared, *(name for name in cls._fields if name not in cls._compared))
        fields = list(cls._fields)
        defaults = dict(cls._defaults)
        for name, annotation in cls.__dict__.get("__annotations__", {}).items():
            if str(annotation).startswith(("ClassVar", "typing.ClassVar")):
                continue
            if name not in fields:
                fields.append(name)
            default = cls.__dict__.get(name, _NO_DEFAULT)
            if default is not _NO_DEFAULT:
                defaults[name] = default
                if isinstance(default, factory):
                    delattr(cls, name)  # the instance's own value is all there is
        required = [name for name in fields if name not in defaults]
        if required and fields.index(required[-1]) >= len(required):
            raise TypeError(f"{cls.__name__}: field {required[-1]!r} without a default follows one with a default")
        cls._fields, cls._defaults, cls._frozen = tuple(fields), defaults, frozen
        cls._compared = tuple(name for name in fields if name not in uncompared)
        cls.__match_args__ = cls._fields
        cls._post_init = getattr(cls, "__post_init__", None)
        # a frozen record refuses assignment (Record.__setattr__); a mutable one assigns at C speed
        cls.__setattr__ = Record.__setattr__ if frozen else object.__setattr__  # type: ignore[method-assign]
        cls.__delattr__ = Record.__delattr__ if frozen else object.__delattr__  # type: ignore[method-assign]
        if not frozen:
            cls.__hash__ = None  # type: ignore[assignment] - mutable and compared: unhashable

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        cls = type(self)
        fields = cls._fields
        if len(args) > len(fields):
            raise TypeError(f"{cls.__name__}() takes {len(fields)} positional arguments but {len(args)} were given")
        values = dict(zip(fields, args))
        for name, value in kwargs.items():
            if name in values:
                raise TypeError(f"{cls.__name__}() got multiple values for argument {name!r}")
            values[name] = value
        if len(values) != len(fields) or kwargs:
            known = cls._defaults
            for name in values:
                if name not in fields:
                    raise TypeError(f"{cls.__name__}() got an unexpected keyword argument {name!r}")
            for name in fields:
                if name not in values:
                    default = known.get(name, _NO_DEFAULT)
                    if default is _NO_DEFAULT:
                        raise TypeError(f"{cls.__name__}() missing required argument: {name!r}")
                    values[name] = default.make() if isinstance(default, factory) else default
            values = {name: values[name] for name in fields}
        self.__dict__.update(values)
        if cls._post_init is not None:
            cls._post_init(self)

    def __setattr__(self, name: str, value: Any) -> None:
        if self._frozen:
            raise FrozenError(f"cannot assign to field {name!r}")
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        if self._frozen:
            raise FrozenError(f"cannot delete field {name!r}")
        object.__delattr__(self, name)

    def _key(self) -> tuple:
        values = self.__dict__
        return tuple([values[name] for name in self._compared])

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._key() == other._key()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        values = self.__dict__
        return f"{type(self).__qualname__}({', '.join(f'{name}={values[name]!r}' for name in self._fields)})"


def replace(record: Any, **changes: Any) -> Any:
    """A copy of ``record`` with ``changes`` (``dataclasses.replace`` for records)."""
    values = {name: record.__dict__[name] for name in record._fields}
    for name in changes:
        if name not in values:
            raise TypeError(f"{type(record).__name__} has no field {name!r}")
    values.update(changes)
    return type(record)(**values)
