"""4.4.1 conventional strikes: one per pair in a largest set of disjoint adjacent pairs of a
ship's undamaged cells (a maximum matching); 6.2.4 a death star exactly one however damaged;
4.7 strikes are not tied to what enabled them: with S targets, M missile launches and K kamikaze
launches, M + K <= S <= conventional + M + K [rulings, Orders]."""

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
    materiel,
    record,
    results,
)

# Target cells for counting: any cells of B's space will do (a miss is still a strike).
TARGETS = ["Rz1", "Rz2", "Rz3", "Rz4", "Rz5", "Ry1", "Ry2", "Ry3", "Ry4", "Ry5"]


def targets(n: int) -> str:
    return " ".join(TARGETS[:n])


def _allows_exactly(
    n: int,
    *earlier: str,
    fleet: str = STD,
    options: str | None = None,
    turn: int = 1,
    extra: str = "",
) -> None:
    """A may record n strikes in `turn` (accepted, n strike entries) but not n + 1 [4.4.1]."""
    ok = record(
        *earlier, f"{turn} A: {targets(n)} {extra}".rstrip(), a=fleet, b=fleet, options=options
    )
    report = adjudicate(ok)
    assert [r[0] for r in results(report, turn, "A")].count("strike") == n
    too_many = record(
        *earlier, f"{turn} A: {targets(n + 1)} {extra}".rstrip(), a=fleet, b=fleet, options=options
    )
    assert_refused(too_many, turn=turn, player="A", rules=[("4.4.1", "4.7")])


# ---- one ship alone (fleet=cost:N lets a fleet be a single ship [3.7.1]) -------------------


@pytest.mark.parametrize(
    ("ship", "cost", "strikes"),
    [
        # 2x3 sheet: 3 disjoint pairs (not the 7 distinct pairs classic counts).
        (KC, 6, 3),
        # 2x2 square: 2 disjoint pairs (not 4).
        (FS, 4, 2),
        # line of 4: 2 disjoint pairs (not 3).
        (PC, 4, 2),
        # line of 3: 1 pair (not 2); its missile strike needs a launch [8.1.3].
        (MD, 3, 1),
        # two cells: 1 pair.
        (HS, 3, 1),
        # a cube would give 4 disjoint pairs; a death star gives exactly 1 [6.2.4].
        (DS_CUBE, 8, 1),
        # an assault gunboat's two cells: 1 pair, besides its missile.
        ("AG Bv1 Bv2", 2, 1),
    ],
    ids=["KC_3_not_7", "FS_2_not_4", "PC_2_not_3", "MD_1_not_2", "HS_1", "DS_1_not_4", "AG_1"],
)
def test_4_4_1_undamaged_ship_gives_disjoint_pairs(ship: str, cost: int, strikes: int) -> None:
    _allows_exactly(strikes, fleet=ship, options=f"fleet=cost:{cost}")


def test_4_4_1_light_scout_gives_no_strike() -> None:
    # One cell, no pair: even a single strike is too many.
    assert_refused(
        record("1 A: Rz1", a=LS, b=LS, options="fleet=cost:3"),
        turn=1,
        player="A",
        rules=[("4.4.1", "4.7")],
    )


def test_4_4_1_light_gunboat_strikes_only_with_its_missile() -> None:
    # LG: one cell, no pair; its missile gives a strike only with a launch [8.1.3].
    fleet = "LG Bx5"
    assert_refused(
        record("1 A: Rz1", a=fleet, b=fleet, options="fleet=cost:1"),
        turn=1,
        player="A",
        rules=[("4.4.1", "4.7")],
    )
    report = adjudicate(record("1 A: mBx5 Rz1", a=fleet, b=fleet, options="fleet=cost:1"))
    assert results(report, 1, "A") == [("strike", "Rz1", "miss")]


# ---- whole standard fleets -----------------------------------------------------------------


def test_4_4_1_standard_fleet_with_patrol_cruiser_gives_seven_strikes() -> None:
    # DS 1 + KC 3 + PC 2 + MD 1 + LS 0 = 7.
    _allows_exactly(7)


def test_4_4_1_standard_fleet_with_flying_saucer_and_heavy_scout_gives_eight() -> None:
    # DS 1 + KC 3 + FS 2 + MD 1 + HS 1 = 8.
    _allows_exactly(8, fleet=STD_HS)


# ---- damaged ships -------------------------------------------------------------------------


def test_4_4_1_patrol_cruiser_without_its_second_cell_gives_one() -> None:
    # Bz2 destroyed: Bz1 is alone, Bz3-Bz4 is the only pair.
    _allows_exactly(1, "1 B: Bz2", fleet=PC, options="fleet=cost:4", turn=2)


def test_4_4_1_patrol_cruiser_without_its_middle_cells_gives_none() -> None:
    # Bz2, Bz3 destroyed: Bz1 and Bz4 are not adjacent.
    assert_refused(
        record("1 B: Bz2 Bz3", "2 A: Rz1", a=PC, b=PC, options="fleet=cost:4"),
        turn=2,
        player="A",
        rules=[("4.4.1", "4.7")],
    )


def test_4_4_1_kill_cruiser_without_centre_cells_gives_two() -> None:
    # Gx2, Gy2 destroyed: Gx1-Gy1 and Gx3-Gy3 remain.
    _allows_exactly(2, "1 B: Gx2 Gy2", fleet=KC, options="fleet=cost:6", turn=2)


def test_4_4_1_kill_cruiser_bent_path_needs_maximum_matching_two() -> None:
    # Gy2, Gy3 destroyed: the path Gy1-Gx1-Gx2-Gx3 has the disjoint pairs Gy1-Gx1 and Gx2-Gx3
    # (pairing Gx1 with Gx2 first would leave only one).
    _allows_exactly(2, "1 B: Gy2 Gy3", fleet=KC, options="fleet=cost:6", turn=2)


def test_4_4_1_kill_cruiser_pairs_sharing_a_cell_give_one() -> None:
    # Gx1, Gy2 destroyed: Gy1 is isolated; Gx2-Gx3 and Gx3-Gy3 share Gx3, so only one
    # non-overlapping pair (counting distinct pairs would give 2).
    _allows_exactly(1, "1 B: Gx1 Gy2", fleet=KC, options="fleet=cost:6", turn=2)


def test_6_2_4_death_star_with_one_cell_left_still_gives_one_strike() -> None:
    # B destroys 7 of A's 8 death star cells in turn 1 (7 of B's 7 strikes). In turn 2 A still
    # has DS 1 + KC 3 + PC 2 + MD 1 = 7.
    _allows_exactly(7, "1 B: Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1", turn=2)


def test_4_4_1_fired_missile_cells_still_form_pairs() -> None:
    # Turn 1 A fires Yv3 [8.1.3.2]; it is still undamaged [rulings], so in turn 2 the MD still
    # gives a conventional strike (Yv3-Yw3) and a missile (Yw3 or Yx3): 7 + 1 = 8 with a launch.
    report = adjudicate(record("1 A: mYv3 Rz1", f"2 A: {targets(8)} mYx3"))
    assert [r[0] for r in results(report, 2, "A")] == ["strike"] * 8
    assert materiel(report, 1) == (22, 22)
    assert_refused(
        record("1 A: mYv3 Rz1", f"2 A: {targets(9)} mYx3"),
        turn=2,
        player="A",
        rules=[("4.4.1", "4.7")],
    )


# ---- 4.7 strikes and launches --------------------------------------------------------------


def test_4_7_missile_launch_adds_exactly_one_strike() -> None:
    # STD: 7 conventional + 1 missile: 8 targets with mYv3 accepted, 9 refused.
    report = adjudicate(record(f"1 A: {targets(8)} mYv3"))
    assert len(results(report, 1, "A")) == 8
    assert_refused(record(f"1 A: {targets(9)} mYv3"), turn=1, player="A", rules=[("4.4.1", "4.7")])


def test_4_7_missile_launch_may_be_the_only_strike() -> None:
    # Fewer strikes than entitled is fine: S = 1, M = 1.
    report = adjudicate(record("1 A: mYv3 Gx1"))
    assert results(report, 1, "A") == [("strike", "Gx1", "hit")]


def test_4_7_missile_launch_without_a_strike_refused() -> None:
    # S = 0 < M = 1: the launch has no target [11.5.3].
    assert_refused(record("1 A: mYv3"), turn=1, player="A", rules=[("11.5.3", "4.7", "8.1.3")])


def test_4_7_no_actions_at_all_is_a_legal_turn() -> None:
    report = adjudicate(record("1 A:", "1 B: Gx1"))
    assert results(report, 1, "A") == []
    assert materiel(report, 1) == (21, 22)


def test_4_7_kamikaze_launch_adds_exactly_one_strike() -> None:
    # STD_HS; turn 1 B strikes Oz4, so in turn 2 A's HS (Oz5 alone) gives no strike but a
    # kamikaze [4.5]: DS 1 + KC 3 + FS 2 + MD 1 = 7 conventional, + 1 with kOz5.
    report = adjudicate(record("1 B: Oz4", f"2 A: kOz5 {targets(8)}", a=STD_HS, b=STD_HS))
    assert [r[0] for r in results(report, 2, "A")] == ["strike"] * 8 + ["kamikaze"]
    assert_refused(
        record("1 B: Oz4", f"2 A: kOz5 {targets(9)}", a=STD_HS, b=STD_HS),
        turn=2,
        player="A",
        rules=[("4.4.1", "4.7")],
    )


def test_4_4_1_adjacent_cells_of_different_ships_make_no_pair() -> None:
    # fleet=cost:6: two light scouts side by side (Oz4, Oz5): a pair must be of one ship.
    fleet = "LS1 Oz4; LS2 Oz5"
    assert_refused(
        record("1 A: Rz1", a=fleet, b=fleet, options="fleet=cost:6"),
        turn=1,
        player="A",
        rules=[("4.4.1", "4.7")],
    )


# fleet=cost:24 with three missile ships: MD Yv3 Yw3 Yx3, AG Bv1 Bv2, LG Bx5.
THREE_MISSILE_SHIPS = f"{DS_CUBE}; {KC}; {PC}; {MD}; AG Bv1 Bv2; LG Bx5"


def test_8_1_3_each_missile_ship_gives_its_own_missile_strike() -> None:
    # Conventional: DS 1 + KC 3 + PC 2 + MD 1 + AG 1 + LG 0 = 8; three launches: 11 strikes.
    fleet = THREE_MISSILE_SHIPS
    ok = record(
        f"1 A: mYv3 mBv1 mBx5 {' '.join(TARGETS)} Oz1", a=fleet, b=fleet, options="fleet=cost:24"
    )
    assert len(results(adjudicate(ok), 1, "A")) == 11
    too_many = record(
        f"1 A: mYv3 mBv1 mBx5 {' '.join(TARGETS)} Oz1 Oz2",
        a=fleet,
        b=fleet,
        options="fleet=cost:24",
    )
    assert_refused(too_many, turn=1, player="A", rules=[("4.4.1", "4.7")])


def test_11_5_3_partial_value_is_ambiguous_across_ships() -> None:
    # `mv` matches the MD's Yv3 and the AG's Bv1.
    fleet = THREE_MISSILE_SHIPS
    output = assert_refused(
        record("1 A: mv Rz1", a=fleet, b=fleet, options="fleet=cost:24"),
        turn=1,
        player="A",
        rules=["11.5.3"],
    )
    assert "Yv3" in output and "Bv1" in output


def test_6_2_4_destroyed_death_star_gives_no_strike_and_no_beam() -> None:
    # B destroys A's whole DS in turn 1 (7 strikes + missile). Turn 2: KC 3 + PC 2 + MD 1 = 6.
    turn1 = "1 B: Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 mYv3 Ow2"
    _allows_exactly(6, turn1, turn=2)
    assert_refused(record(turn1, "2 A: bGx1Gx3"), turn=2, player="A", rules=["8.2"])
