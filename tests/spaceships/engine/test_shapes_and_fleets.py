"""3 and 6: ship shapes, fleet composition, overlaps, identities; classic 3.3 and 6."""

from __future__ import annotations

import random

import pytest

from notation.spaceships.cells import Cell
from notation.spaceships.parse import parse_fleet
from spaceships.engine import Ruleset, check_fleet, new_game
from spaceships.engine.geometry import geometry
from spaceships.engine.problems import FleetRefused
from spaceships.engine.shapes import has_shape, is_death_star, placements
from spaceships.engine.testing import CLASSIC_A, FLEET_A, FLEET_B

R261 = Ruleset.from_tags("2.6.1")
CLASSIC = Ruleset.from_tags("classic")


def cells(text: str) -> list[Cell]:
    return [Cell(w[0], w[1], int(w[2])) for w in text.split()]


def rules(fleet: str, ruleset: Ruleset = R261) -> list[str]:
    return [p.rule for p in check_fleet(parse_fleet(fleet), ruleset)]


# --- 6.2 death star --------------------------------------------------------------------------
@pytest.mark.parametrize(
    "ds",
    [
        "Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2",  # 2x2x2 cube
        "Rv1 Rv2 Rw1 Rw2 Rx1 Rx2 Ry1 Ry2",  # 4x2x1: domino on an end face
        "Rv1 Rw1 Rx1 Rv2 Rw2 Rx2 Ov1 Ow1",  # domino flat on the big face
        "Rv1 Rw1 Rx1 Rv2 Rw2 Rx2 Rw3 Rx3",  # domino along a long side
        "Rv1 Rw1 Rx1 Rv2 Rw2 Rx2 Ov2 Ow2",  # domino on the big face, other row
        "Rv1 Rv2 Rv3 Rw1 Rw2 Rw3 Rx1 Rx2",  # 3x3 minus a corner
    ],
)
def test_6_2_death_star_shapes_accepted(ds: str) -> None:
    assert has_shape("DS", cells(ds), geometry())


@pytest.mark.parametrize(
    "ds",
    [
        "Rv1 Rw1 Rx1 Rv2 Rw2 Rx2 Rv3 Rx3",  # two separate extra cells: each touches one cell
        "Rv1 Rw1 Rx1 Rv2 Rw2 Rx2 Ov1 Yv1",  # domino standing off the face
        "Rv1 Rw1 Rx1 Rv2 Rw2 Rx2 Ox2 Oy2",  # domino hanging off the edge
        "Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Rv3",  # cube missing a cell plus one
        "Rv1 Rv2 Rv3 Rv4 Rv5 Rw1 Rw2 Rw3",  # 8 adjacent cells, no 2x2x2 or 3x2x1 inside
        "Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1",  # seven cells
    ],
)
def test_6_2_other_eight_cell_sets_are_not_death_stars(ds: str) -> None:
    assert not has_shape("DS", cells(ds), geometry())


def test_6_2_every_precomputed_death_star_satisfies_the_rule_as_written() -> None:
    geo = geometry()
    all_ds = placements("DS", "ROYGB", False)
    assert all(is_death_star([geo.coords(c) for c in ds]) for ds in all_ds)
    assert len({frozenset(ds) for ds in all_ds}) == len(all_ds)


def test_6_2_rule_as_written_accepts_nothing_but_the_precomputed_shapes() -> None:
    # Sets near a 3x2x1 box: the box plus two cells touching it (loosely).
    geo = geometry()
    known = set(placements("DS", "ROYGB", False))
    boxes = placements("KC", "ROYGB", False)
    rng = random.Random(6)
    for _ in range(3000):
        box = rng.choice(boxes)
        near = sorted({n for x in box for n in geo.loose_cells[x]} - box, key=geo.sort_key)
        extra = frozenset(rng.sample(near, 2))
        ds = box | extra
        assert is_death_star([geo.coords(c) for c in ds]) == (ds in known)


def test_classic_6_1_1_death_star_is_the_cube_only() -> None:
    assert has_shape("DS", cells("Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2"), geometry(), classic=True)
    assert not has_shape("DS", cells("Rv1 Rv2 Rw1 Rw2 Rx1 Rx2 Ry1 Ry2"), geometry(), classic=True)
    assert len(placements("DS", "ROYGB", True)) == 64


# --- 6.3-6.10 boxes in any orientation --------------------------------------------------------
@pytest.mark.parametrize(
    "ship,text,ok",
    [
        ("KC", "Gx1 Gx2 Gx3 Gy1 Gy2 Gy3", True),
        ("KC", "Rv1 Ov1 Yv1 Rv2 Ov2 Yv2", True),  # along colours
        ("KC", "Gx1 Gx2 Gx3 Gy1 Gy2 Gz3", False),
        ("FS", "Yy1 Yy2 Yz1 Yz2", True),
        ("FS", "Yy1 Yy2 Yy3 Yy4", False),
        ("PC", "Bz1 Bz2 Bz3 Bz4", True),
        ("PC", "Rv1 Ov1 Yv1 Gv1", True),
        ("PC", "Rv1 Rw2 Rx3 Ry4", False),  # diagonal is not a straight line of adjacent cells
        ("MD", "Yv3 Yw3 Yx3", True),
        ("MD", "Yv3 Yw3 Yw4", False),
        ("HS", "Gz4 Gz5", True),
        ("HS", "Gz4 Gy5", False),
        ("LS", "Oz5", True),
        ("AG", "Rv1 Ov1", True),
        ("LG", "Rv1", True),
    ],
)
def test_6_box_shapes(ship: str, text: str, ok: bool) -> None:
    assert has_shape(ship, cells(text), geometry()) is ok


def test_colour_order_option_decides_which_shapes_are_boxes() -> None:
    kc = cells("Rv1 Yv1 Gv1 Rv2 Yv2 Gv2")  # R Y G are consecutive only in RYGOB
    assert not has_shape("KC", kc, geometry("ROYGB"))
    assert has_shape("KC", kc, geometry("RYGOB"))


# --- 3.7 fleet composition, 3.4 overlaps, 3.5 shapes, 11.6.1 identities -------------------------
def test_3_7_standard_fleets_are_legal() -> None:
    assert check_fleet(parse_fleet(FLEET_A), R261) == []
    assert check_fleet(parse_fleet(FLEET_B), R261) == []
    assert check_fleet(parse_fleet(CLASSIC_A), CLASSIC) == []


def test_3_7_missing_and_doubled_ships_each_reported() -> None:
    fleet = "DS Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2; FS Yy1 Yy2 Yz1 Yz2; PC Bz1 Bz2 Bz3 Bz4; LS Oz5"
    problems = check_fleet(parse_fleet(fleet), R261, "A")
    messages = " | ".join(p.message for p in problems)
    assert [p.rule for p in problems] == ["3.7", "3.7", "3.7"]
    assert "kill cruiser" in messages and "missile destroyer" in messages
    assert "1 FS, 1 PC" in messages
    assert all(p.player == "A" for p in problems)


def test_3_7_a_gunboat_is_not_in_a_single_games_fleet() -> None:
    assert "3.7" in rules(FLEET_A + "; LG Bv5")


def test_3_4_overlapping_ships_refused() -> None:
    fleet = FLEET_A.replace("LS Oz5", "LS Gx1")
    problems = check_fleet(parse_fleet(fleet), R261)
    assert [p.rule for p in problems] == ["3.4"]
    assert "Gx1" in problems[0].message


def test_6_wrong_shape_and_wrong_size_cite_the_type_rule_with_a_hint() -> None:
    fleet = FLEET_A.replace("MD Yv3 Yw3 Yx3", "MD Yv3 Yw3 Yw4").replace("LS Oz5", "LS Oz5 Oz4")
    problems = check_fleet(parse_fleet(fleet), R261)
    assert [p.rule for p in problems] == ["6.6", "6.1.1"]
    assert problems[0].hint and "straight line" in problems[0].hint


def test_3_7_1_fleet_cost_option_accepts_any_fleet_of_that_cost() -> None:
    cost20 = Ruleset.from_tags("2.6.1", ["fleet=cost:20"])
    fleet = (
        "DS Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2; KC Gx1 Gx2 Gx3 Gy1 Gy2 Gy3; "
        "AG1 Bz1 Bz2; AG2 Bv1 Bv2; LG By5; LG Ry5"
    )
    # Two LG without identities, AG1/AG2 numbered: identities are checked too.
    problems = check_fleet(parse_fleet(fleet), cost20)
    assert [p.rule for p in problems] == ["11.6.1"]
    fixed = fleet.replace("LG By5; LG Ry5", "LG1 By5; LG2 Ry5")
    assert check_fleet(parse_fleet(fixed), cost20) == []
    assert [p.rule for p in check_fleet(parse_fleet(FLEET_A), cost20)] == ["3.7.1"]


def test_11_6_1_a_single_ship_of_a_type_has_no_identity() -> None:
    assert rules(FLEET_A.replace("KC Gx1", "KC1 Gx1")) == ["11.6.1"]


def test_11_6_1_identities_run_from_one() -> None:
    cost = Ruleset.from_tags("2.6.1", ["fleet=cost:6"])
    assert [p.rule for p in check_fleet(parse_fleet("MD1 Yv3 Yw3 Yx3; MD3 Bv1 Bv2 Bv3"), cost)] == [
        "11.6.1"
    ]


def test_classic_3_3_fleet_needs_a_heavy_fighter_not_scouts() -> None:
    problems = check_fleet(parse_fleet(FLEET_A), CLASSIC)
    # PC and LS are not classic ships; FS and HF are missing.
    assert [p.rule for p in problems] == ["classic 3.3"] * 4
    text = " | ".join(p.message for p in problems)
    assert "patrol cruiser" in text and "light scout" in text and "heavy fighter" in text


def test_new_game_refuses_with_every_problem_of_both_fleets() -> None:
    bad_a = parse_fleet(FLEET_A.replace("LS Oz5", "LS Gx1"))
    bad_b = parse_fleet(FLEET_B.replace("HS Gz4 Gz5", "HS Gz4 Gy5"))
    with pytest.raises(FleetRefused) as exc:
        new_game(R261, bad_a, bad_b)
    assert [(p.player, p.rule) for p in exc.value.problems] == [("A", "3.4"), ("B", "6.7.1")]
