import pytest
from hypothesis import given, strategies as st

from railprint.errors import ContentError
from railprint.units import format_length, mm, parse_length, to_mm


@pytest.mark.parametrize("text,points", [("63mm", 63 * 72 / 25.4), ("2.5in", 180.0), ("12pt", 12.0),
                                         ("1.5cm", 15 * 72 / 25.4), (" 0mm ", 0.0), ("-3mm", -mm(3))])
def test_parse_length(text, points):
    assert parse_length(text) == pytest.approx(points)


@pytest.mark.parametrize("bad,hint", [("63", "add a unit"), ("63 px", "a number and a unit"),
                                      ("mm", "a number and a unit"), (True, None), (None, None)])
def test_bad_lengths_are_content_errors(bad, hint):
    with pytest.raises(ContentError) as info:
        parse_length(bad)
    if hint:
        assert hint in str(info.value)


@given(st.decimals(min_value=-1000, max_value=1000, places=3), st.sampled_from(["mm", "cm", "in", "pt"]))
def test_format_parse_round_trip(value, unit):
    points = parse_length(f"{value}{unit}")
    assert parse_length(format_length(points, unit)) == pytest.approx(points, abs=1e-6)
    assert to_mm(mm(float(value))) == pytest.approx(float(value))


def test_a_remembered_length_is_the_length_parsed_anew():
    from railprint.units import _PARSED, parse_length

    for text in ("63mm", " 2.5in ", "12pt", "1.5cm", "-3mm"):
        first = parse_length(text)
        assert _PARSED[text] == first and parse_length(text) == first
    for bad in ("3", "3 furlongs", "nanmm"):
        for _ in range(2):   # an error is never remembered as a length
            with pytest.raises(ContentError):
                parse_length(bad)


def test_a_length_read_from_yaml_is_remembered_as_plain_text():
    from railprint.loading.yamlio import loads
    from railprint.units import _PARSED, parse_length

    text = loads("w: 41.25mm\n", "deck.yaml")["w"]   # a string that carries its location
    assert type(text) is not str and text == "41.25mm"
    _PARSED.pop("41.25mm", None)
    value = parse_length(text)
    assert "41.25mm" in _PARSED and type(next(k for k in _PARSED if k == "41.25mm")) is str
    assert _PARSED["41.25mm"] == value == parse_length("41.25mm")
