"""Entitlements at the start of a turn [2.4; 4.4.1, 4.5, 6.2.4, 6.8.2, 8.1.3, 8.2, 8.3.1]."""

from __future__ import annotations

from spaceships.engine import entitlements
from spaceships.engine.testing import play


def ent(turns: str, player: str = "A", **kw: str):  # -> Entitlements
    game = play(turns, **kw)
    return entitlements(game.state, player)


def ship(e, code: str):  # -> ShipCapability
    return next(s for s in e.ships if str(s.ship) == code)


# --- turn 1, whole fleets -------------------------------------------------------------------
def test_turn_1_whole_fleet_a() -> None:
    e = ent("")
    # DS 1 [6.2.4] + KC 3 + PC 2 + MD 1 [4.4.1] + LS 0
    assert e.conventional == 7
    # One missile launch a turn from the MD, from any of its unfired cells [8.1.3].
    assert e.describe() == (
        "7 strikes, 1 missile (MD, launched from Yv3, Yw3 or Yx3), 1 beam (DS), 1 scan"
    )
    assert e.max_strikes == 8


def test_turn_1_whole_fleet_b_heavy_scout_strikes() -> None:
    assert ent("", "B").conventional == 8  # DS 1 + KC 3 + FS 2 + MD 1 + HS 1


# --- 4.4.1 conventional strikes: the most disjoint adjacent pairs ----------------------------
def test_4_4_1_kill_cruiser_with_two_cells_lost_keeps_one_disjoint_pair() -> None:
    # KC Gx1 Gx2 Gx3 Gy1 Gy2 Gy3 loses Gx1 and Gy2: left Gx2 Gx3 Gy1 Gy3; Gy1 is isolated
    # and Gx2-Gx3, Gx3-Gy3 share Gx3: one strike.
    assert ship(ent("1 B: Gx1 Gy2"), "KC").conventional == 1


def test_4_4_1_kill_cruiser_with_middle_column_lost_keeps_two() -> None:
    assert ship(ent("1 B: Gx2 Gy2"), "KC").conventional == 2


def test_6_2_4_death_star_strikes_once_however_damaged() -> None:
    e = ent("1 B: Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1")
    assert ship(e, "DS").conventional == 1


def test_6_2_4_destroyed_death_star_gives_nothing() -> None:
    e = ent("1 B: Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2")
    assert ship(e, "DS").conventional == 0 and not ship(e, "DS").kamikaze
    assert e.conventional == 6


# --- 8.1.3 missiles ----------------------------------------------------------------------------
def test_8_1_3_fired_missile_is_still_an_undamaged_cell() -> None:
    e = ent("1 A: mYv3 Rv1")
    md = ship(e, "MD")
    assert [str(c) for c in md.unfired] == ["Yw3", "Yx3"]
    assert md.conventional == 1  # the fired Yv3 still pairs with Yw3


def test_8_1_3_all_missiles_fired_no_missile_strike_and_still_no_kamikaze() -> None:
    e = ent("1 A: mYv3 Rv1\n2 A: mYw3 Rv1\n3 A: mYx3 Rv1")
    md = ship(e, "MD")
    assert md.unfired == () and md.conventional == 1 and not md.kamikaze


def test_8_1_2_destroyed_cell_is_no_missile() -> None:
    # A's Yv3 was fired in turn 1; B destroys it in turn 2 (a fired missile does not explode).
    md = ship(ent("1 A: mYv3 Rv1\n2 B: Yv3"), "MD")
    assert [str(c) for c in md.unfired] == ["Yw3", "Yx3"]
    assert md.undamaged == frozenset(md.unfired)


# --- 4.5 kamikazes -------------------------------------------------------------------------
def test_4_5_ship_with_only_unfired_missiles_left_has_no_kamikaze_until_they_are_fired() -> None:
    # A fires Yw3 in turn 1 (a fired missile does not explode), then B destroys it.
    e = ent("1 A: mYw3 Rv1\n2 B: Yw3")
    md = ship(e, "MD")
    assert md.conventional == 0 and [str(c) for c in md.unfired] == ["Yv3", "Yx3"]
    assert not md.kamikaze
    e = ent("1 A: mYw3 Rv1\n2 A: mYv3 Rv1\n2 B: Yw3\n3 A: mYx3 Rv1")
    md = ship(e, "MD")
    assert md.unfired == () and md.kamikaze


def test_4_5_patrol_cruiser_broken_into_singles_may_kamikaze() -> None:
    e = ent("1 B: Bz1 Bz3")
    pc = ship(e, "PC")
    assert pc.conventional == 0 and pc.kamikaze
    assert e.describe().endswith("1 kamikaze (PC, launched from Bz2 or Bz4), 2 scans")


def test_6_8_2_light_scout_never_kamikazes() -> None:
    ls = ship(ent(""), "LS")
    assert ls.conventional == 0 and ls.unfired == () and not ls.kamikaze


def test_4_5_heavy_scout_with_one_cell_left_may_kamikaze() -> None:
    hs = ship(ent("1 A: Gz4", "B"), "HS")
    assert hs.conventional == 0 and hs.kamikaze


# --- 8.2 beams ---------------------------------------------------------------------------------
def test_8_2_2_undamaged_cube_fires_in_all_13_directions() -> None:
    assert len(ship(ent(""), "DS").beam_directions) == 13


def test_8_2_2_two_cells_on_a_space_diagonal_fire_only_parallel_to_it() -> None:
    # Left: Rv1 and Ow2, loosely adjacent along (1, 1, 1).
    ds = ship(ent("1 B: Rv2 Rw1 Rw2 Ov1 Ov2 Ow1"), "DS")
    assert ds.beam and ds.beam_directions == frozenset({(1, 1, 1)})


def test_8_2_2_one_cell_left_no_beam() -> None:
    ds = ship(ent("1 B: Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1"), "DS")
    assert not ds.beam and ds.conventional == 1


# --- 8.3.1 scans -------------------------------------------------------------------------------
def test_8_3_1_one_scan_in_turn_1() -> None:
    assert ent("").scans == 1


def test_8_3_1_later_one_scan_per_own_cell_lost_in_the_previous_turn() -> None:
    assert ent("1 B: Rv1 Gx1 Bz1").scans == 3
    assert ent("1 B: Rv1 Gx1 Bz1\n2 B: Ry1").scans == 1  # nothing lost in turn 2: at least one


def test_8_3_1_losses_by_explosion_and_own_kamikaze_count() -> None:
    # Turn 1: B hits A's unfired Yw3: it explodes with Yv3 and Yx3 (3 cells lost).
    assert ent("1 B: Yw3").scans == 3
    # A's kamikaze from the broken PC (turn 2) loses its launch cell.
    assert ent("1 B: Bz1 Bz3\n2 A: kBz2 Rv1").scans == 1


def test_8_3_2_no_scans_once_every_scanner_is_destroyed() -> None:
    assert ent("1 B: Oz5").scans == 0


def test_8_3_1_3_several_scanners_give_no_more_scans() -> None:
    a = "DS Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2; LS1 Oz5; LS2 Oz3; HS By1 By2"
    e = ent("", a=a, b=a, options="fleet=cost:17")
    assert e.scans == 1


# --- classic 4.3.1, 4.4, 6.1.3 -------------------------------------------------------------------
def test_classic_4_3_1_every_distinct_adjacent_pair_strikes() -> None:
    e = ent("", ruleset="classic")
    # DS 1 + KC 7 + FS 4 + MD 2 + HF 1
    assert e.conventional == 15
    assert ship(ent("1 B: Gx1 Gy2", ruleset="classic"), "KC").conventional == 2


def test_classic_4_4_kamikaze_despite_unfired_missiles() -> None:
    # Classic MD: the middle destroyed with both ends unfired (classic: an explosion destroys
    # neighbours too, so fire Yw3 first). Turn 1 A fires Yw3; turn 2 B hits it (no explosion).
    e = ent("1 A: mYw3 Rv1\n2 B: Yw3", ruleset="classic")
    md = ship(e, "MD")
    assert md.conventional == 0 and md.unfired and md.kamikaze


def test_classic_6_1_3_only_an_undamaged_death_star_has_a_beam() -> None:
    assert ship(ent("", ruleset="classic"), "DS").beam
    assert not ship(ent("1 B: Rv1", ruleset="classic"), "DS").beam
    assert ent("", ruleset="classic").scans == 0
