"""railprint.records: a Record behaves as the dataclass it replaces (construction, defaults,
equality, hashing, repr, frozenness, replace), for the cost of a plain class."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from functools import cached_property

import pytest

from railprint.records import FrozenError, Record, factory, replace


class Place(Record):
    """A frozen record."""

    id: str
    at: tuple[float, float]
    aliases: tuple[str, ...] = ()
    note: str | None = None

    @cached_property
    def key(self) -> str:
        return self.id.upper()


@dataclasses.dataclass(frozen=True)
class PlaceDC:
    id: str
    at: tuple[float, float]
    aliases: tuple[str, ...] = ()
    note: str | None = None


class Tally(Record, frozen=False, uncompared=("log",)):
    """A mutable record with fresh defaults and a field left out of comparisons."""

    name: str
    points: list[int] = factory(list)
    log: dict = factory(dict)


class Bigger(Place):
    """Fields of a subclass follow its base's."""

    size: int = 1


def test_construction_defaults_and_repr_match_a_dataclass():
    for args, kwargs in [(("a", (0.5, 1.0)), {}), (("a",), {"at": (1, 2), "note": "n"}),
                         ((), {"id": "b", "at": (0, 0), "aliases": ("x", "y")}), (("c", (1, 1), ("z",), "q"), {})]:
        record, plain = Place(*args, **kwargs), PlaceDC(*args, **kwargs)
        assert repr(record) == repr(plain).replace("PlaceDC", "Place")
        assert [getattr(record, f.name) for f in dataclasses.fields(PlaceDC)] == list(dataclasses.astuple(plain))
    assert Place.__match_args__ == ("id", "at", "aliases", "note")
    assert Bigger._fields == ("id", "at", "aliases", "note", "size")
    assert Bigger("a", (0, 0)).size == 1


@pytest.mark.parametrize("args,kwargs,message", [
    ((), {}, "missing required argument: 'id'"),
    (("a",), {}, "missing required argument: 'at'"),
    (("a", (0, 0), (), None, 5), {}, "takes 4 positional arguments but 5 were given"),
    (("a",), {"id": "b", "at": (0, 0)}, "multiple values for argument 'id'"),
    (("a", (0, 0)), {"colour": "red"}, "unexpected keyword argument 'colour'"),
])
def test_bad_arguments_are_type_errors(args, kwargs, message):
    with pytest.raises(TypeError, match=message):
        Place(*args, **kwargs)


def test_equality_and_hash_are_over_the_fields_of_one_class():
    a, b = Place("a", (0, 0), ("x",)), Place("a", (0, 0), ("x",))
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert hash(a) == hash(PlaceDC("a", (0, 0), ("x",)))  # the same tuple hashed
    assert a != Place("a", (0, 0)) and a != Bigger("a", (0, 0), ("x",)) and a != ("a", (0, 0), ("x",), None)
    assert a.key == "A" and a == b  # a cached property is not a field


def test_frozen_records_refuse_changes_and_mutable_ones_are_unhashable():
    place = Place("a", (0, 0))
    with pytest.raises(FrozenError):
        place.id = "b"
    with pytest.raises(FrozenError):
        del place.at
    assert isinstance(FrozenError("x"), AttributeError)
    one, two = Tally("ala"), Tally("ala")
    one.points.append(3)
    assert two.points == [] and one.points is not two.points and one.log is not two.log
    one.log["seen"] = 1
    two.points.append(3)
    assert one == two  # log is not compared
    one.name = "bartek"
    assert one != two
    with pytest.raises(TypeError):
        hash(one)


def test_replace_pickle_and_copy_keep_the_values():
    place = Place("a", (0, 0), ("x",))
    moved = replace(place, at=(1, 1))
    assert moved == Place("a", (1, 1), ("x",)) and place.at == (0, 0)
    with pytest.raises(TypeError, match="no field 'colour'"):
        replace(place, colour="red")
    assert pickle.loads(pickle.dumps(place)) == place
    assert copy.deepcopy(place) == place and copy.copy(place) == place


def test_a_default_before_a_required_field_is_refused():
    with pytest.raises(TypeError, match="'b' without a default"):
        class Wrong(Record):
            a: int = 0
            b: int


def test_post_init_runs_after_the_fields_are_set():
    class Checked(Record):
        edges: str = "...."

        def __post_init__(self) -> None:
            if len(self.edges) != 4:
                raise ValueError(f"bad edges {self.edges!r}")

    assert Checked().edges == "...." and Checked("hr..").edges == "hr.."
    with pytest.raises(ValueError, match="bad edges 'h'"):
        Checked("h")


class Count(Record, frozen=False, uncompared=("note",)):
    points: int
    note: str = ""


class FinalCount(Count):
    rank: int = 0


def test_a_subclass_keeps_its_parents_frozenness_and_uncompared_fields():
    final = FinalCount(3, "x", 1)
    final.points = 4   # mutable as its parent, and so unhashable
    assert final.points == 4 and FinalCount.__hash__ is None
    assert final == FinalCount(4, "other note", 1) and final != FinalCount(4, "x", 2)
    with pytest.raises(TypeError, match="cannot inherit"):
        class Frozen(Count, frozen=True):   # noqa: F841 - a dataclass refuses the same
            extra: int = 0
    with pytest.raises(FrozenError):
        Place("a", (0.0, 0.0)).id = "b"   # a frozen one still refuses


def test_a_mutable_record_assigns_as_a_plain_object():
    assert Count.__setattr__ is object.__setattr__ and Place.__setattr__ is Record.__setattr__
