"""3 and 6: fleet composition [3.7], options [3.7.1], overlaps [3.4], shapes [3.5, 6.2-6.8],
identities [11.6.1]. An accepted fleet is shown by a turn being adjudicated against it."""

import pytest
from rules_support import (
    DS_CUBE,
    FS,
    HS,
    KC,
    LS,
    MD,
    PC,
    STD,
    STD_HS,
    adjudicate,
    assert_refused,
    destroyed,
    entry,
    materiel,
    record,
    results,
)


def _accepted(fleet: str, materiel_a: int, options: str | None = None) -> None:
    # B strikes A's Gx1 (a KC cell in every fleet here): accepted fleet, one hit.
    report = adjudicate(record("1 B: Gx1", a=fleet, options=options))
    assert results(report, 1, "B") == [("strike", "Gx1", "hit")]
    assert materiel(report, 1)[0] == materiel_a - 1


# ---- 3.7 composition -----------------------------------------------------------------------


def test_3_7_fleet_with_patrol_cruiser_and_light_scout_accepted() -> None:
    _accepted(STD, 22)


def test_3_7_fleet_with_flying_saucer_and_heavy_scout_accepted() -> None:
    _accepted(STD_HS, 23)


def test_3_7_fleet_without_missile_destroyer_refused() -> None:
    assert_refused(record(a=f"{DS_CUBE}; {KC}; {PC}; {LS}"), player="A", rules=[("3.7", "3.6")])


def test_3_7_fleet_with_both_flying_saucer_and_patrol_cruiser_refused() -> None:
    fleet = f"{DS_CUBE}; {KC}; {PC}; {FS}; {MD}; {LS}"
    assert_refused(record(a=fleet), player="A", rules=[("3.7", "3.6")])


def test_3_7_assault_gunboat_is_not_in_the_standard_fleet() -> None:
    fleet = f"{STD}; AG Bv1 Bv2"
    assert_refused(record(a=fleet), player="A", rules=[("3.7", "3.6")])


def test_3_7_heavy_fighter_is_classic_only() -> None:
    fleet = f"{DS_CUBE}; {KC}; {PC}; {MD}; HF Oz4 Oz5"
    assert_refused(record(a=fleet), player="A", rules=[("3.7", "3.6", "11.6")])


# ---- 3.7.1 fleet=cost:N --------------------------------------------------------------------


def test_3_7_1_cost_24_accepts_fleet_without_missile_destroyer() -> None:
    # DS 8 + KC 6 + FS 4 + HS 3 + LS 3 = 24 [6.2.6-6.8.3]; 8+6+4+2+1 = 21 cells.
    fleet = f"{DS_CUBE}; {KC}; {FS}; {HS}; LS Bz1"
    _accepted(fleet, 21, options="fleet=cost:24")
    # ...and the same fleet is not a standard one.
    assert_refused(record(a=fleet), player="A", rules=[("3.7", "3.6")])


def test_3_7_1_cost_24_accepts_gunboats() -> None:
    # DS 8 + KC 6 + PC 4 + MD 3 + AG 2 + LG 1 = 24; 8+6+4+3+2+1 = 24 cells.
    fleet = f"{DS_CUBE}; {KC}; {PC}; {MD}; AG Bv1 Bv2; LG Bx5"
    _accepted(fleet, 24, options="fleet=cost:24")


def test_3_7_1_cost_24_refuses_fleet_costing_25() -> None:
    # DS 8 + KC 6 + FS 4 + MD 3 + HS 3 + LG 1 = 25.
    fleet = f"{STD_HS}; LG Bx5"
    assert_refused(record(a=fleet, b=STD, options="fleet=cost:24"), player="A", rules=["3.7.1"])


TWO_DEATH_STARS = "DS1 Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2; DS2 Gv1 Gv2 Gw1 Gw2 Bv1 Bv2 Bw1 Bw2"


def test_3_7_1_two_death_stars_accepted_under_cost_16() -> None:
    # 8 + 8 = 16; B strikes A's Gv1 (DS2).
    report = adjudicate(
        record("1 B: Gv1", a=TWO_DEATH_STARS, b=TWO_DEATH_STARS, options="fleet=cost:16")
    )
    assert results(report, 1, "B") == [("strike", "Gv1", "hit")]
    assert materiel(report, 1) == (15, 16)


def test_3_7_1_standard_fleet_refused_under_cost_16() -> None:
    # STD costs 24.
    assert_refused(
        record(a=STD, b=TWO_DEATH_STARS, options="fleet=cost:16"),
        player="A",
        rules=["3.7.1"],
    )


# ---- 3.4 overlaps, 11.6.1 identities -------------------------------------------------------


def test_3_4_light_scout_on_a_missile_destroyer_cell_refused() -> None:
    fleet = f"{DS_CUBE}; {KC}; {PC}; {MD}; LS Yw3"
    assert_refused(record(a=fleet), player="A", rules=["3.4"])


def test_11_6_1_two_flying_saucers_numbered_1_and_2_accepted_and_reported_by_identity() -> None:
    # cost 24: DS 8 + KC 6 + FS1 4 + FS2 4 + AG 2. B may strike 1 + 3 + 2 + 2 + 1 = 9 times
    # [4.4.1]; four strikes destroy A's FS2, and the last one reports it by type and identity
    # [11.6.2] with its cells in conventional order.
    fleet = f"{DS_CUBE}; {KC}; FS1 Bv4 Bv5 Bw4 Bw5; FS2 Bx1 Bx2 By1 By2; AG Oz4 Oz5"
    report = adjudicate(record("1 B: By2 Bx1 By1 Bx2", a=fleet, b=fleet, options="fleet=cost:24"))
    assert [r[2] for r in results(report, 1, "B")] == ["hit"] * 4
    assert destroyed(entry(report, 1, "B", 3)) == [("FS2", ["Bx1", "Bx2", "By1", "By2"])]


def test_11_6_1_identities_must_run_from_1_without_gaps() -> None:
    fleet = f"{DS_CUBE}; {KC}; FS1 Bv4 Bv5 Bw4 Bw5; FS3 Bx1 Bx2 By1 By2; AG Oz4 Oz5"
    assert_refused(record(a=fleet, b=STD, options="fleet=cost:24"), player="A", rules=["11.6"])


def test_11_6_1_two_ships_of_a_type_without_identities_refused() -> None:
    fleet = f"{DS_CUBE}; {KC}; FS Bv4 Bv5 Bw4 Bw5; FS Bx1 Bx2 By1 By2; AG Oz4 Oz5"
    assert_refused(
        record(a=fleet, b=STD, options="fleet=cost:24"), player="A", rules=[("11.6", "3.3")]
    )


# ---- 6.2 death star shapes -----------------------------------------------------------------

ACCEPTED_DEATH_STARS = {
    # 3x2x1 box Rv1-Rw3 with a domino flat on its Red face, one Orange cell over each box cell.
    "box_and_domino_on_broad_face": "DS Rv1 Rv2 Rv3 Rw1 Rw2 Rw3 Ov1 Ov2",
    # the same box with a domino along its long edge side, in the box's own plane.
    "box_and_domino_on_long_side": "DS Rv1 Rv2 Rv3 Rw1 Rw2 Rw3 Rx2 Rx3",
    # 4x2x1 box: a 3x2x1 box and a domino on its end face.
    "4x2x1_box": "DS Rv1 Rv2 Rv3 Rv4 Rw1 Rw2 Rw3 Rw4",
    # the box with a domino across its Red face (perpendicular to its long side).
    "box_and_domino_across_broad_face": "DS Rv1 Rv2 Rv3 Rw1 Rw2 Rw3 Ov2 Ow2",
    # 4x2x1 box standing along the colour axis.
    "4x2x1_box_along_colours": "DS Rv1 Ov1 Yv1 Gv1 Rw1 Ow1 Yw1 Gw1",
}


@pytest.mark.parametrize("shape", ACCEPTED_DEATH_STARS, ids=list(ACCEPTED_DEATH_STARS))
def test_6_2_death_star_shape_accepted(shape: str) -> None:
    fleet = f"{ACCEPTED_DEATH_STARS[shape]}; {KC}; {PC}; {MD}; {LS}"
    _accepted(fleet, 22)


def test_6_2_3_ring_of_eight_refused_no_cube_or_3x2x1_box() -> None:
    # The 3x3 square Rv-Rx 1-3 without its centre Rw2: every cell has two neighbours in it
    # (6.2.2 holds) but it contains no 2x2x2 cube and no 3x2x1 box [6.2.3].
    fleet = f"DS Rv1 Rv2 Rv3 Rw1 Rw3 Rx1 Rx2 Rx3; {KC}; {PC}; {MD}; {LS}"
    assert_refused(record(a=fleet), player="A", rules=["6.2"])


def test_6_2_3_staircase_of_two_squares_refused() -> None:
    # Square Rv1 Rv2 Rw1 Rw2 and square Ow2 Ow3 Ox2 Ox3, joined face to face at Rw2-Ow2: each
    # cell has at least two neighbours but there is no cube and no 3x2x1 box [6.2.3].
    fleet = f"DS Rv1 Rv2 Rw1 Rw2 Ow2 Ow3 Ox2 Ox3; {KC}; {PC}; {MD}; {LS}"
    assert_refused(record(a=fleet), player="A", rules=["6.2"])


def test_6_2_2_box_with_cell_touching_only_one_other_refused() -> None:
    # Box Rv1-Rw3 plus Rv4 (touches Rv3) and Ov4 (touches only Rv4): Ov4 has one neighbour in
    # the death star [6.2.2], though the shape contains a 3x2x1 box.
    fleet = f"DS Rv1 Rv2 Rv3 Rw1 Rw2 Rw3 Rv4 Ov4; {KC}; {PC}; {MD}; {LS}"
    assert_refused(record(a=fleet), player="A", rules=["6.2"])


def test_6_2_2_domino_hanging_off_the_end_of_a_side_refused() -> None:
    # Box Rv1-Rw3 with Rx3 Rx4: Rx3 touches the box (Rw3), but Rx4 touches only Rx3 [6.2.2].
    fleet = f"DS Rv1 Rv2 Rv3 Rw1 Rw2 Rw3 Rx3 Rx4; {KC}; {PC}; {MD}; {LS}"
    assert_refused(record(a=fleet), player="A", rules=["6.2"])


def test_6_2_thin_L_of_eight_refused() -> None:
    # Rv1-Rv5 and Rw1 Rx1 Ry1: the ends Rv5 and Ry1 have one neighbour each [6.2.2], and there
    # is no box either [6.2.3].
    fleet = f"DS Rv1 Rv2 Rv3 Rv4 Rv5 Rw1 Rx1 Ry1; {KC}; {PC}; {MD}; {LS}"
    assert_refused(record(a=fleet), player="A", rules=["6.2"])


def test_6_2_1_death_star_of_seven_cells_refused() -> None:
    # Eight cells [6.2.1]; 6.1.1 (a fixed number of cells per type) is as good a citation.
    fleet = f"DS Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1; {KC}; {PC}; {MD}; {LS}"
    assert_refused(record(a=fleet), player="A", rules=[("6.2", "6.1.1")])


# ---- 6.3-6.8 other shapes ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fleet", "rule"),
    [
        # KC: 3x2 sheet with one corner moved out of the plane: not a 3x2x1 box.
        (f"{DS_CUBE}; KC Gx1 Gx2 Gx3 Gy1 Gy2 By3; {PC}; {MD}; {LS}", "6.3"),
        # KC of six in a row.
        (f"{DS_CUBE}; KC Gv1 Gv2 Gv3 Gv4 Gv5 Gw5; {PC}; {MD}; {LS}", "6.3"),
        # FS of four in a row instead of a 2x2 square.
        (f"{DS_CUBE}; {KC}; FS Bv2 Bv3 Bv4 Bv5; {MD}; {HS}", "6.4"),
        # PC bent at Bz3-By3.
        (f"{DS_CUBE}; {KC}; PC Bz1 Bz2 Bz3 By3; {MD}; {LS}", "6.5"),
        # MD bent at Yw3-Yw4.
        (f"{DS_CUBE}; {KC}; {PC}; MD Yv3 Yw3 Yw4; {LS}", "6.6"),
        # HS on two cells one apart.
        (f"{DS_CUBE}; {KC}; {FS}; {MD}; HS Oz5 Oz3", "6.7"),
        # LS of two cells.
        (f"{DS_CUBE}; {KC}; {PC}; {MD}; LS Oz4 Oz5", ("6.8", "6.1.1")),
    ],
    ids=["KC_bent", "KC_line", "FS_line", "PC_bent", "MD_bent", "HS_apart", "LS_two_cells"],
)
def test_6_ship_of_wrong_shape_refused(fleet: str, rule: str | tuple[str, ...]) -> None:
    assert_refused(record(a=fleet), player="A", rules=[rule])


def test_6_2_flat_4x2x1_death_star_and_straight_patrol_cruiser_give_seven_strikes() -> None:
    # A legal flat death star still gives one conventional strike [6.2.4]: 1 + 3 + 2 + 1 = 7.
    fleet = f"{ACCEPTED_DEATH_STARS['4x2x1_box']}; {KC}; {PC}; {MD}; {LS}"
    report = adjudicate(record("1 A: Gx1 Gx2 Gx3 Gy1 Gy2 Gy3 Bz1", a=fleet))
    assert len(results(report, 1, "A")) == 7
