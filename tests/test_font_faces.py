"""Faces as designers name them (railprint.text.faces): weight names and numbers, face keys,
CSS's nearest-weight choice, and fallback lists."""

from __future__ import annotations

import pytest

from railprint.text import faces, fonts, measure


@pytest.mark.parametrize("value, weight", [("ExtraBold", 800), ("extra bold", 800), ("Extra-Bold", 800),
                                           (800, 800), ("900", 900), ("Black", 900), ("light", 300),
                                           ("Thin", 100), ("SemiBold", 600), ("medium", 500)])
def test_weights_by_name_or_number(value, weight):
    assert faces.weight_of(value) == weight


@pytest.mark.parametrize("value", ["extrabolt", 0, 1001, True, 12.5, None, ""])
def test_what_is_no_weight(value):
    assert faces.weight_of(value) is None


@pytest.mark.parametrize("key, face", [("regular", "regular"), ("bolditalic", "bolditalic"), ("italic", "italic"),
                                       ("extrabold", "w800"), ("800 italic", "w800italic"),
                                       ("Black-Italic", "w900italic"), ("700", "bold"), ("nope", None)])
def test_face_keys_of_a_family(key, face):
    assert faces.face_of_key(key) == face


def test_face_names_round_trip():
    for weight in range(100, 1000, 100):
        for italic in (False, True):
            assert faces.face_parts(faces.face_name(weight, italic)) == (weight, italic)


def test_markup_bold_is_css_bolder():
    assert [faces.bolder(w) for w in (100, 300, 400, 500, 600, 700, 800, 900)] == [400, 400, 700, 700, 900, 900, 900, 900]
    assert faces.styled("w600", True, True) == "w900italic" and faces.styled("regular", True, False) == "bold"


@pytest.fixture
def family(tmp_path):
    """A family of 300, 400, 700 and 900 upright and a 400 italic (the files are the built-in ones)."""
    key = "CSS@test"
    for face, file in {"w300": "w300", "regular": "regular", "bold": "bold", "w900": "w900",
                       "italic": "italic"}.items():
        fonts.register_face(key, face, fonts.font_path(file))
    faces.nearest.cache_clear()
    yield key
    faces.nearest.cache_clear()


@pytest.mark.parametrize("asked, chosen", [
    ("regular", "regular"), ("w500", "regular"),   # 400-500: up to 500, then lighter
    ("w200", "w300"), ("w100", "w300"),            # below 400: lighter first, else heavier
    ("w350", "w300"),
    ("w600", "bold"), ("w800", "w900"),            # above 500: heavier first
    ("bold", "bold"), ("w900", "w900"),
    ("italic", "italic"), ("w300italic", "italic"),
    ("bolditalic", None),                          # bold asked, only a 400 italic: not faked
])
def test_the_nearest_face_as_css_chooses(family, asked, chosen):
    assert faces.nearest(family, asked) == chosen


def test_a_fallback_list_is_itemised_by_the_first_font_with_each_glyph():
    builtin_and_again = faces.chain([None, None])
    assert builtin_and_again is None
    example = "Semaphore@x"
    fonts.register_face(example, "regular", fonts.font_path("regular"))
    family = faces.chain([example, None])
    assert faces.members(family) == (example, None)
    assert faces.itemise("a b", family, "regular") == (("a b", example),)
    assert faces.uncovered("a ◎", family, "regular") == "◎"


def test_itemisation_cuts_at_the_characters_the_first_font_lacks():
    from railprint.loading.resources import content_path

    subset = "Subset@t"
    fonts.register_face(subset, "regular", content_path("examples", "signal-box", "fonts") / "Semaphore-Regular.ttf")
    family = faces.chain([subset, None])
    assert faces.itemise("Maß Maße ◎", family, "regular") == (
        ("Ma", subset), ("ß ", None), ("Ma", subset), ("ß", None), ("e ◎", subset))
    assert faces.uncovered("Maß ◎", family, "regular") == "◎"
    assert faces.width("Maß", 10, family, "regular") == pytest.approx(
        measure.text_width("Ma", 10, f"{subset}/regular") + measure.text_width("ß", 10, "regular"))
