"""Cells [11.4]: spelling, case [11.4.5], and the hints a misspelt cell gets."""

import pytest

from notation.errors import NotationError
from notation.spaceships import Cell
from notation.spaceships.parse import parse_cell


def test_11_4_every_cell_parses_and_writes_back():
    for colour in "ROYGB":
        for letter in "vwxyz":
            for number in range(1, 6):
                text = f"{colour}{letter}{number}"
                cell = parse_cell(text)
                assert cell == Cell(colour, letter, number)
                assert str(cell) == text


def test_cell_parse_is_the_same_as_parse_cell():
    assert Cell.parse(" Gx3 ") == Cell("G", "x", 3)


def test_sort_key_follows_the_colour_order():
    cells = [parse_cell(t) for t in ("Yv1", "Ov1", "Gv1")]
    assert [str(c) for c in sorted(cells, key=lambda c: c.sort_key("ROYGB"))] == [
        "Ov1",
        "Yv1",
        "Gv1",
    ]
    assert [str(c) for c in sorted(cells, key=lambda c: c.sort_key("RYGOB"))] == [
        "Yv1",
        "Gv1",
        "Ov1",
    ]


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ("gx3", "colours are capitals: Gx3"),
        ("GX3", "letters are lower case: Gx3"),
        ("Gx6", "numbers run 1-5"),
        ("Gx0", "numbers run 1-5"),
        ("Px3", "colours are R O Y G B"),
        ("x3G", "write colour, letter, number: Gx3"),
        ("3Gx", "write colour, letter, number: Gx3"),
        ("Ga3", "letters run v-z"),
    ],
)
def test_11_4_misspelt_cells_get_a_hint(text, hint):
    with pytest.raises(NotationError) as caught:
        parse_cell(text)
    error = caught.value
    assert error.hint == hint
    assert (error.line, error.column) == (1, 1)
    assert error.text == text
    assert "a cell like Gx3" in error.expected
    assert isinstance(error, ValueError)


def test_11_4_5_case_is_significant_y_is_a_letter_and_Y_a_colour():
    assert parse_cell("Yy3") == Cell("Y", "y", 3)
    with pytest.raises(NotationError) as caught:
        parse_cell("yY3")
    assert caught.value.hint == "colours are capitals, letters lower case: Yy3"


def test_error_text_shows_the_line_with_a_caret_under_the_word_and_the_hint():
    with pytest.raises(NotationError) as caught:
        parse_cell("gx3")
    assert str(caught.value).splitlines() == [
        "line 1, column 1: `gx3` is not a cell; expected a cell like Gx3",
        "   1 | gx3",
        "     | ^^^",
        "hint: colours are capitals: Gx3",
    ]


def test_an_empty_text_or_a_long_number_is_not_a_cell():
    with pytest.raises(NotationError) as caught:
        parse_cell("   ")
    assert caught.value.message == "a cell is missing"
    with pytest.raises(NotationError) as caught:
        parse_cell("Gx10")
    assert (caught.value.word, caught.value.hint) == ("Gx10", "numbers run 1-5")
