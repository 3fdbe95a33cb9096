"""The board GP(4,0): every invariant of the board's known facts (cells, adjacency, antipodes,
distances, straight lines), and `spaceships chess board --json`."""

from __future__ import annotations

import json
import math

import pytest
from click.testing import CliRunner

from notation.errors import NotationError
from notation.spacechess.board import (
    ANTIPODE,
    CELL_COUNT,
    CENTRES,
    HEXAGONS,
    NEIGHBOURS,
    PENTAGONS,
    corners,
    distances,
    is_pentagon,
    line,
    opposite,
)
from notation.spacechess.cells import CELLS, Cell, cell_name
from spaceships_cli import main


def _dot(a: tuple[float, ...] | list[float], b: tuple[float, ...]) -> float:
    return sum(x * y for x, y in zip(a, b, strict=True))


def test_162_cells_12_pentagons_150_hexagons():
    assert CELL_COUNT == len(CENTRES) == len(NEIGHBOURS) == 162
    assert len(PENTAGONS) == 12
    assert len(HEXAGONS) == 150
    assert all(len(NEIGHBOURS[p]) == 5 for p in PENTAGONS)
    assert all(len(NEIGHBOURS[h]) == 6 for h in HEXAGONS)


def test_480_adjacencies_and_they_are_mutual():
    pairs = {frozenset((c, n)) for c in range(CELL_COUNT) for n in NEIGHBOURS[c]}
    assert len(pairs) == 480
    assert all(c in NEIGHBOURS[n] for c in range(CELL_COUNT) for n in NEIGHBOURS[c])
    assert all(len(set(NEIGHBOURS[c])) == len(NEIGHBOURS[c]) for c in range(CELL_COUNT))


def test_pentagons_touch_only_hexagons_and_no_hexagon_touches_two():
    assert not any(is_pentagon(n) for p in PENTAGONS for n in NEIGHBOURS[p])
    touching = [sum(is_pentagon(n) for n in NEIGHBOURS[h]) for h in HEXAGONS]
    assert max(touching) == 1
    # 90 hexagons have 6 hexagon neighbours, 60 have 5 and a pentagon.
    assert touching.count(0) == 90 and touching.count(1) == 60


def test_pentagons_are_the_icosahedron_corners_at_least_4_apart():
    for p in PENTAGONS:
        far = distances(p)
        assert min(far[q] for q in PENTAGONS if q != p) == 4
    # A regular icosahedron: every corner has 5 nearest corners at the same angle.
    for p in PENTAGONS:
        near = sorted(
            math.acos(max(-1.0, min(1.0, _dot(CENTRES[p], CENTRES[q]))))
            for q in PENTAGONS
            if q != p
        )
        assert near[4] - near[0] < 1e-9


def test_every_hexagon_is_at_most_2_steps_from_a_pentagon():
    from_pentagon = [distances(p) for p in PENTAGONS]
    nearest = [min(far[h] for far in from_pentagon) for h in HEXAGONS]
    assert nearest.count(1) == 60 and nearest.count(2) == 90


def test_diameters_11_on_hexagons_and_12_on_the_whole_board():
    on_hexagons = [distances(h, hexagons_only=True) for h in HEXAGONS]
    # Every hexagon reaches every other without touching a pentagon, at most 11 steps away.
    assert all(far[x] >= 0 for far in on_hexagons for x in HEXAGONS)
    assert max(far[x] for far in on_hexagons for x in HEXAGONS) == 11
    assert max(max(distances(c)) for c in range(CELL_COUNT)) == 12


def test_every_cell_has_an_antipode_of_the_same_kind():
    assert sorted(ANTIPODE) == list(range(CELL_COUNT))
    for c in range(CELL_COUNT):
        a = ANTIPODE[c]
        assert ANTIPODE[a] == c and a != c
        assert is_pentagon(a) == is_pentagon(c)
        assert all(abs(x + y) < 1e-9 for x, y in zip(CENTRES[c], CENTRES[a], strict=True))
    # The antipode's neighbours are the neighbours' antipodes.
    assert all(
        {ANTIPODE[n] for n in NEIGHBOURS[c]} == set(NEIGHBOURS[ANTIPODE[c]])
        for c in range(CELL_COUNT)
    )


def test_centres_are_on_the_unit_ball_and_neighbours_closest():
    for c in range(CELL_COUNT):
        assert abs(sum(x * x for x in CENTRES[c]) - 1) < 1e-9
        far = sorted(range(CELL_COUNT), key=lambda o: -_dot(CENTRES[c], CENTRES[o]))
        assert set(far[1 : 1 + len(NEIGHBOURS[c])]) == set(NEIGHBOURS[c])


def test_neighbours_go_round_in_cyclic_order():
    # Consecutive neighbours touch each other, and turn counter-clockwise seen from outside.
    for c in range(CELL_COUNT):
        near = NEIGHBOURS[c]
        for k, n in enumerate(near):
            after = near[(k + 1) % len(near)]
            assert after in NEIGHBOURS[n]
            cross = [
                CENTRES[n][1] * CENTRES[after][2] - CENTRES[n][2] * CENTRES[after][1],
                CENTRES[n][2] * CENTRES[after][0] - CENTRES[n][0] * CENTRES[after][2],
                CENTRES[n][0] * CENTRES[after][1] - CENTRES[n][1] * CENTRES[after][0],
            ]
            assert _dot(cross, CENTRES[c]) > 0
    assert len(corners(0)) == 5 and len(corners(HEXAGONS[0])) == 6


def _lines() -> tuple[list[frozenset[int]], list[frozenset[int]]]:
    loops, segments = set(), set()
    for h in HEXAGONS:
        for t in NEIGHBOURS[h]:
            if is_pentagon(t):
                continue
            run = line(h, t, 40)
            if is_pentagon(run[-1]):
                # Walk back the other way to the segment's other pentagon.
                back = [x for x in NEIGHBOURS[h] if opposite(x, h) == t][0]
                behind = [back] if is_pentagon(back) else line(h, back, 40)
                segments.add(frozenset([h, *run[:-1], *behind[:-1]]))
            else:
                loops.add(frozenset(run[: run.index(h) + 1]))
    return list(loops), list(segments)


def test_18_closed_loops_of_20_and_30_segments_of_3():
    loops, segments = _lines()
    assert len(loops) == 18 and all(len(loop) == 20 for loop in loops)
    assert len(segments) == 30 and all(len(s) == 3 for s in segments)
    # No loop touches a pentagon cell; 6 of them are great circles (their plane passes through
    # the centre: the centres of their cells add up to nothing).
    assert not any(is_pentagon(c) for loop in loops for c in loop)
    great = [
        loop
        for loop in loops
        if all(abs(sum(CENTRES[c][i] for c in loop)) < 1e-9 for i in range(3))
    ]
    assert len(great) == 6
    # 150 hexagons x 3 axes = 18 x 20 + 30 x 3.
    assert 18 * 20 + 30 * 3 == 150 * 3


def test_720_rays_come_back_and_180_run_into_a_pentagon():
    back = into_pentagon = 0
    for h in HEXAGONS:
        for t in NEIGHBOURS[h]:
            run = line(h, t, 20)
            if is_pentagon(run[-1]):
                into_pentagon += 1
            else:
                assert run[-1] == h  # 20 steps later, home again
                back += 1
    assert (back, into_pentagon) == (720, 180)


def test_an_impactor_on_a_loop_is_home_after_five_advances_of_4():
    h = HEXAGONS[0]
    t = next(t for t in NEIGHBOURS[h] if not is_pentagon(line(h, t, 20)[-1]))
    run = line(h, t, 20)
    assert [run[4 * k - 1] for k in range(1, 6)][-1] == h


def test_straight_on_is_the_opposite_edge():
    # SC5: leaving a hexagon, straight on is the edge across from the one you came in by.
    for h in HEXAGONS:
        near = NEIGHBOURS[h]
        for k in range(6):
            assert opposite(near[k], h) == near[(k + 3) % 6]
    assert opposite(NEIGHBOURS[0][0], 0) is None  # a pentagon has no straight on


def test_every_cell_has_one_name_and_the_name_reads_back():
    names = [cell_name(c) for c in range(CELL_COUNT)]
    assert len(set(names)) == 162
    assert cell_name(0) == "N" and cell_name(161) == "S"
    for c in range(CELL_COUNT):
        assert Cell.parse(str(Cell(c))) == Cell(c)
        assert Cell.parse(str(Cell(c)).lower()) == Cell(c)
    assert sorted(cell_name(p) for p in PENTAGONS) == sorted(
        ["N", "S"] + [f"{r}a4" for r in "ABCDEFGHJK"]
    )
    assert set(CELLS) == set(names)


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ("Ce2", "files are a-d"),
        ("Cb5", "ranks are 1-4"),
        ("Ib2", "no rhombus I"),
        ("Zb2", "rhombi are"),
    ],
)
def test_a_bad_cell_name_says_what_where_and_how_to_fix_it(text, hint):
    with pytest.raises(NotationError) as caught:
        Cell.parse("  " + text)
    assert caught.value.column == 3 and caught.value.word == text
    assert hint in str(caught.value)
    assert isinstance(caught.value, ValueError)


def test_board_json_lists_every_cell_with_cyclic_neighbours():
    result = CliRunner().invoke(main, ["chess", "board", "--json"])
    assert result.exit_code == 0, result.output
    cells = json.loads(result.output)["cells"]
    assert len(cells) == 162
    by_name = {c["name"]: c for c in cells}
    assert sum(c["kind"] == "pentagon" for c in cells) == 12
    assert by_name["N"]["neighbours"] == ["Aa1", "Ba1", "Ca1", "Da1", "Ea1"]
    for c in cells:
        assert all(c["name"] in by_name[n]["neighbours"] for n in c["neighbours"])
        assert by_name[c["antipode"]]["antipode"] == c["name"]
        assert len(c["centre"]) == 3
    assert sum(len(c["neighbours"]) for c in cells) == 960
