"""1.2 geometry, under both colour orders [rulings, Geometry]."""

from __future__ import annotations

import pytest

from notation.spaceships.cells import Cell
from spaceships.engine.geometry import DIRECTIONS, geometry


def c(text: str) -> Cell:
    return Cell(text[0], text[1], int(text[2]))


# --- 1.2.3 adjacent: differ by one in exactly one coordinate ---------------------------------
@pytest.mark.parametrize("a,b", [("Gx3", "Gx4"), ("Gx3", "Gy3"), ("Gx3", "Yx3"), ("Gx3", "Bx3")])
def test_1_2_3_face_neighbours_are_adjacent(a: str, b: str) -> None:
    assert geometry().adjacent(c(a), c(b))


@pytest.mark.parametrize("a,b", [("Gx3", "Gy4"), ("Gx3", "Gx5"), ("Gx3", "Gx3"), ("Rv1", "Bv1")])
def test_1_2_3_edge_neighbours_far_cells_and_itself_are_not_adjacent(a: str, b: str) -> None:
    assert not geometry().adjacent(c(a), c(b))


def test_1_2_3_a_middle_cell_has_six_adjacent_cells_and_a_corner_three() -> None:
    geo = geometry()
    assert len(geo.adjacent_cells[c("Yx3")]) == 6
    assert len(geo.adjacent_cells[c("Rv1")]) == 3


# --- 1.2.4 loosely adjacent: face, edge or vertex ---------------------------------------------
def test_1_2_4_a_middle_cell_has_26_loosely_adjacent_cells_a_corner_7() -> None:
    geo = geometry()
    assert len(geo.loose_cells[c("Yx3")]) == 26
    assert len(geo.loose_cells[c("Rv1")]) == 7
    assert geo.loosely_adjacent(c("Rv1"), c("Ow2"))  # a vertex
    assert not geo.loosely_adjacent(c("Rv1"), c("Rv1"))


def test_1_2_6_spaces_do_not_wrap() -> None:
    geo = geometry()
    assert not geo.adjacent(c("Rv1"), c("Bv1"))
    assert not geo.adjacent(c("Rv1"), c("Rv5"))
    assert not geo.loosely_adjacent(c("Rz5"), c("Rv1"))


# --- straight lines: 13 directions up to sign --------------------------------------------------
def test_thirteen_directions_of_a_straight_line() -> None:
    assert len(DIRECTIONS) == 13


@pytest.mark.parametrize(
    "start,end,cells",
    [
        ("Rv1", "Rx1", "Rv1 Rw1 Rx1"),
        ("Rv1", "Rx3", "Rv1 Rw2 Rx3"),
        ("Rv1", "Yx3", "Rv1 Ow2 Yx3"),
        ("Yx3", "Rv1", "Yx3 Ow2 Rv1"),
        ("Bz5", "Yz3", "Bz5 Gz4 Yz3"),
    ],
)
def test_lines_run_from_the_first_end(start: str, end: str, cells: str) -> None:
    line = geometry().line(c(start), c(end))
    assert line is not None
    assert " ".join(str(x) for x in line) == cells


@pytest.mark.parametrize("start,end", [("Rv1", "Rw3"), ("Rv1", "Rv1"), ("Rv1", "Ox2")])
def test_cells_off_any_line(start: str, end: str) -> None:
    assert geometry().line(c(start), c(end)) is None


# --- colour order option (seed 004 section 1) -------------------------------------------------
def test_colour_order_rygob_changes_which_colours_are_adjacent() -> None:
    roygb, rygob = geometry("ROYGB"), geometry("RYGOB")
    assert roygb.adjacent(c("Rv1"), c("Ov1"))
    assert not rygob.adjacent(c("Rv1"), c("Ov1"))
    assert rygob.adjacent(c("Rv1"), c("Yv1"))
    assert rygob.adjacent(c("Gv1"), c("Ov1"))
    assert rygob.adjacent(c("Ov1"), c("Bv1"))
    assert not roygb.adjacent(c("Ov1"), c("Bv1"))


def test_colour_order_sorts_cells_conventionally() -> None:
    cells = [c("Ov1"), c("Yv1"), c("Rv1")]
    assert [str(x) for x in geometry("ROYGB").sorted(cells)] == ["Rv1", "Ov1", "Yv1"]
    assert [str(x) for x in geometry("RYGOB").sorted(cells)] == ["Rv1", "Yv1", "Ov1"]
