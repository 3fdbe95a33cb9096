"""Resolving a turn, 2.6.1 [rulings, Resolving a turn; 2.2, 2.3, 4.5.3, 5.2, 7, 8.1.3, 8.1.4,
8.2.4, 8.3.4, 11.7] and classic timing [classic 2.4, 4.4.3, 5.1.3]. Each a small record with its
results worked by hand.

A: DS Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2; KC Gx1-Gy3; PC Bz1-Bz4; MD Yv3 Yw3 Yx3; LS Oz5
B: DS Bv1 Bv2 Bw1 Bw2 Gv1 Gv2 Gw1 Gw2; KC Rx3-Ry5; FS Yy1 Yy2 Yz1 Yz2; MD Ov5 Ow5 Ox5; HS Gz4 Gz5
"""

from __future__ import annotations

import json

from notation.spaceships.parse import parse_orders
from spaceships.engine import GameState, adjudicate, check_orders, entitlements
from spaceships.engine.testing import FLEET_B, play, said


# --- 5.2 strikes: hit, miss, duplicate hit; destroyed at once --------------------------------
def test_5_2_hit_then_duplicate_in_the_same_turn_and_a_miss() -> None:
    g = play("1 A: Rx3 Rx3 Rz1")
    assert said(g, 1, "A") == ["strike Rx3 hit", "strike Rx3 duplicate", "strike Rz1 miss"]


def test_5_2_4_strike_on_a_cell_destroyed_in_an_earlier_turn_is_a_duplicate() -> None:
    g = play("1 A: Rx3\n2 A: Rx3")
    assert said(g, 2, "A") == ["strike Rx3 duplicate"]


def test_11_7_1_1_beam_strikes_come_first_from_the_first_written_end() -> None:
    g = play("1 A: Rx3 bRx5Rx3")
    assert said(g, 1, "A") == [
        "beam Rx5 hit",
        "beam Rx4 hit",
        "beam Rx3 hit",
        "strike Rx3 duplicate",
    ]


def test_11_7_1_1_order_is_beams_strikes_scans_kamikaze_deaths_whatever_the_writing() -> None:
    g = play("1 B: Bz1 Bz3\n2 A: sYy1 kBz2 Yy1 Rx3 bRv5Rx5")
    assert said(g, 2, "A") == [
        "beam Rv5 miss",
        "beam Rw5 miss",
        "beam Rx5 hit",
        "strike Yy1 hit",
        "strike Rx3 hit",
        "scan Yy1 destroyed",
        "kamikaze Bz2",
    ]


# --- 8.1.4 missile explosions ------------------------------------------------------------------
def test_8_1_4_struck_unfired_missile_explodes_with_its_adjacent_undamaged_cells() -> None:
    g = play("1 A: Ow5")
    assert said(g, 1, "A") == ["strike Ow5 hit explodes Ow5 Ov5 Ox5 destroys MD"]
    assert g.reports[0].materiel("B") == 23 - 3


def test_8_1_4_explosions_do_not_chain() -> None:
    # Ov5 explodes and destroys its neighbour Ow5, an unfired missile that does not explode in
    # turn: Ox5 survives.
    g = play("1 A: Ov5")
    assert said(g, 1, "A") == ["strike Ov5 hit explodes Ov5 Ow5"]
    md = next(s for s in entitlements(g.state, "B").ships if str(s.ship) == "MD")
    assert [str(c) for c in md.unfired] == ["Ox5"]


def test_8_1_4_explosion_spares_cells_already_destroyed() -> None:
    # B fires Ow5 (turn 1); A destroys it (turn 2, no explosion: fired); A then hits Ov5
    # (turn 3): its only adjacent cell Ow5 is destroyed already, so only Ov5 explodes.
    g = play("1 B: mOw5 Rz1\n2 A: Ow5\n3 A: Ov5")
    assert said(g, 2, "A") == ["strike Ow5 hit"]
    assert said(g, 3, "A") == ["strike Ov5 hit explodes Ov5"]
    assert g.reports[2].materiel("B") == 21


def test_8_1_3_2_missile_launched_this_turn_struck_is_a_plain_hit() -> None:
    g = play("1 A: Ow5\n1 B: mOw5 Rz1")
    assert said(g, 1, "A") == ["strike Ow5 hit"]
    assert g.reports[0].materiel("B") == 22


def test_8_1_4_explosion_destroys_an_adjacent_fired_missile_too() -> None:
    # A fired missile is still an undamaged cell.
    g = play("1 B: mOv5 Rz1\n2 A: Ow5")
    assert said(g, 2, "A") == ["strike Ow5 hit explodes Ow5 Ov5 Ox5 destroys MD"]


def test_8_1_4_beam_strike_on_an_unfired_missile_explodes_it() -> None:
    g = play("1 A: bOv5Ox5")
    assert said(g, 1, "A") == [
        "beam Ov5 hit explodes Ov5 Ow5",
        "beam Ow5 duplicate",
        "beam Ox5 hit explodes Ox5 destroys MD",
    ]


# --- 4.5.3 kamikazes: the launch cell is destroyed first ------------------------------------------
def test_4_5_3_strike_on_this_turns_kamikaze_launch_cell_is_a_duplicate() -> None:
    g = play("1 A: Gz4\n2 A: Gz5\n2 B: kGz5 Rv1")
    assert said(g, 2, "A") == ["strike Gz5 duplicate"]
    # The heavy scout's last cell went with the kamikaze: reported on the kamikaze death, with
    # A's flashcube data for Gz4 Gz5 (empty in A's space).
    assert said(g, 2, "B") == ["strike Rv1 hit", "kamikaze Gz5 destroys HS"]
    (x,) = g.reports[1].entries("B")[-1].destroyed
    assert [str(f) for f in x.flashcube or ()] == ["Gz4 empty", "Gz5 empty"]


def test_4_5_3_scan_of_this_turns_kamikaze_cell_sees_it_destroyed() -> None:
    g = play("1 A: Gz4\n2 A: sGz5\n2 B: kGz5 Rv1")
    assert said(g, 2, "A") == ["scan Gz5 destroyed"]


# --- 8.2.4 beam burn-out -------------------------------------------------------------------
def test_8_2_4_diagonal_beam_with_both_end_cells_hit_burns_out() -> None:
    # Rx3 (KC), Oy2 (empty), Yz1 (FS): the end cells are not loosely adjacent.
    g = play("1 A: bRx3Yz1")
    assert said(g, 1, "A") == ["beam Rx3 hit", "beam Oy2 miss", "beam Yz1 hit burns-out"]
    ds = next(s for s in entitlements(g.state, "A").ships if str(s.ship) == "DS")
    assert not ds.beam and "beam" not in entitlements(g.state, "A").describe()


def test_8_4_burnt_out_beam_weapon_is_refused_later() -> None:
    import pytest

    from spaceships.engine import OrdersRefused

    g = play("1 A: bRx3Yz1")
    with pytest.raises(OrdersRefused) as exc:
        check_orders(g.state, "A", parse_orders("bRv1Rx1"))
    assert [p.rule for p in exc.value.problems] == ["8.4"]


def test_8_2_4_beam_along_an_axis_never_burns_out() -> None:
    g = play("1 A: bRx3Rx5")
    assert said(g, 1, "A") == ["beam Rx3 hit", "beam Rx4 hit", "beam Rx5 hit"]
    assert entitlements(g.state, "A").beam_ships


def test_8_2_4_diagonal_beam_with_a_duplicate_end_does_not_burn_out() -> None:
    g = play("1 A: Rx3\n2 A: bYz1Rx3")
    assert said(g, 2, "A") == ["beam Yz1 hit", "beam Oy2 miss", "beam Rx3 duplicate"]
    assert entitlements(g.state, "A").beam_ships


# --- 8.3.4 scans at the moment of the scan --------------------------------------------------------
def test_8_3_4_1_scan_sees_a_cell_hit_earlier_in_the_same_turn() -> None:
    g = play("1 A: sRx3 Rx3")
    assert said(g, 1, "A") == ["strike Rx3 hit", "scan Rx3 destroyed"]
    assert said(play("1 A: sRx3"), 1, "A") == ["scan Rx3 undamaged"]
    assert said(play("1 A: sRx1"), 1, "A") == ["scan Rx1 empty"]


# --- 7 flashcube data; 11.7.2.1 order of reporting ---------------------------------------
B_HS_UNDER_A_KC = FLEET_B.replace("HS Gz4 Gz5", "HS Gx2 Gx3")


def test_7_flashcube_data_for_the_cells_of_a_destroyed_ship() -> None:
    g = play("1 A: Gx2 Gx3\n1 B: Gx2", b=B_HS_UNDER_A_KC)
    assert said(g, 1, "A") == ["strike Gx2 hit", "strike Gx3 hit destroys HS"]
    (x,) = g.reports[0].entries("A")[1].destroyed
    assert [str(c) for c in x.cells] == ["Gx2", "Gx3"]
    # A reports first: B's strike on Gx2 has not happened yet.
    assert [str(f) for f in x.flashcube or ()] == ["Gx2 KC", "Gx3 KC"]


def test_11_7_2_1_alternating_reporter_changes_only_the_flashcube_data() -> None:
    turns = "1 A: Rz1\n2 A: Gx2 Gx3\n2 B: Gx2"
    fixed = play(turns, b=B_HS_UNDER_A_KC)
    alternating = play(turns, b=B_HS_UNDER_A_KC, options="report-order=alternate")
    assert alternating.reports[1].first == "B"
    assert said(fixed, 2, "A") == said(alternating, 2, "A")
    assert said(fixed, 2, "B") == said(alternating, 2, "B")
    (x,) = alternating.reports[1].entries("A")[1].destroyed
    assert [str(f) for f in x.flashcube or ()] == ["Gx2 KC destroyed", "Gx3 KC"]
    assert fixed.state.a == alternating.state.a and fixed.state.b == alternating.state.b


def test_7_2_4_identity_given_only_when_several_of_a_type() -> None:
    a = "FS1 Gx2 Gx3 Gy2 Gy3; FS2 Rv1 Rv2 Rw1 Rw2"
    b = "FS Gx2 Gx3 Gy2 Gy3; PC Bz1 Bz2 Bz3 Bz4"
    g = play("1 A: Gx2 Gx3 Gy2 Gy3\n1 B: Gx2 Gx3 Gy2 Gy3", a=a, b=b, options="fleet=cost:8")
    (to_b,) = g.reports[0].entries("A")[-1].destroyed
    (to_a,) = g.reports[0].entries("B")[-1].destroyed
    assert str(to_b.ship) == "FS" and str(to_a.ship) == "FS1"
    # A reported first: A's FS1 still whole when A gave flashcube data for B's FS.
    assert [str(f) for f in to_b.flashcube or ()] == ["Gx2 FS1", "Gx3 FS1", "Gy2 FS1", "Gy3 FS1"]
    assert [str(f) for f in to_a.flashcube or ()] == [
        "Gx2 FS destroyed",
        "Gx3 FS destroyed",
        "Gy2 FS destroyed",
        "Gy3 FS destroyed",
    ]


# --- 2.3 termination, score, winner ----------------------------------------------------------
def test_2_3_1_game_ends_when_a_player_has_no_ship_left() -> None:
    g = play("1 A: mRv1 Bz5", a="LG Rv1", b="LG Bz5", options="fleet=cost:1")
    r = g.state.result
    assert r.over and r.turn == 1 and r.score == {"A": 1, "B": 0} and r.winner == "A"


def test_2_3_4_both_destroyed_in_the_same_turn_is_a_draw() -> None:
    g = play("1 A: mRv1 Bz5\n1 B: mBz5 Rv1", a="LG Rv1", b="LG Bz5", options="fleet=cost:1")
    r = g.state.result
    assert r.over and r.score == {"A": 0, "B": 0} and r.winner == "draw"


HS_A, HS_B = "HS Rv1 Rv2", "HS Bz4 Bz5"


def test_2_3_2_only_kamikazes_and_scans_left_and_only_scans_recorded_ends_the_game() -> None:
    g = play("1 B: Rv1\n1 A: Rz1\n2 A: sBz5", a=HS_A, b=HS_B, options="fleet=cost:3")
    r = g.state.result
    assert r.over and r.turn == 2 and r.score == {"A": 1, "B": 2} and r.winner == "B"


def test_2_3_2_recording_nothing_counts_as_nothing_but_scans() -> None:
    g = play("1 B: Rv1\n2 B: Rz5", a=HS_A, b=HS_B, options="fleet=cost:3")
    assert g.state.over and g.state.result.turn == 2


def test_2_3_2_a_kamikaze_keeps_the_game_going() -> None:
    g = play("1 B: Rv1\n2 A: kRv2 Bz1", a=HS_A, b=HS_B, options="fleet=cost:3")
    # ... until A's kamikaze destroyed A's last cell [2.3.1].
    assert g.state.over and g.state.result.winner == "B"
    assert said(g, 2, "A") == ["strike Bz1 miss", "kamikaze Rv2 destroys HS"]


def test_2_3_2_a_player_who_could_strike_may_pass_without_ending_the_game() -> None:
    g = play("1 A:\n1 B:")
    assert not g.state.over


# --- tiebreak and scoring options (seed 004 6.1, 6.2) --------------------------------------------
TIE = "1 A: Bz4\n1 B: Rv1\n2 A: kRv2 Bz5\n2 B: kBz5 Rz1"


def test_2_3_4_equal_scores_draw() -> None:
    g = play(TIE, a=HS_A, b=HS_B, options="fleet=cost:3")
    assert said(g, 2, "A") == ["strike Bz5 duplicate", "kamikaze Rv2 destroys HS"]
    assert g.state.result.score == {"A": 0, "B": 0} and g.state.result.winner == "draw"


def test_option_hypothetical_hits_breaks_a_tie() -> None:
    # Had B not launched from Bz5, A's strike there would have hit; B's Rz1 misses anyway.
    g = play(TIE, a=HS_A, b=HS_B, options="fleet=cost:3 tiebreak=hypothetical-hits")
    assert g.state.result.winner == "A" and g.state.result.score == {"A": 0, "B": 0}


def test_option_scoring_by_hits_counts_strikes_on_kamikaze_cells() -> None:
    # A: Bz4 hit + Bz5 on this turn's kamikaze cell = 2; B: Rv1 hit = 1.
    g = play(TIE, a=HS_A, b=HS_B, options="fleet=cost:3 scoring=hits")
    assert g.state.result.score == {"A": 2, "B": 1} and g.state.result.winner == "A"


# --- classic timing: everything at the end of the turn ------------------------------------------
def test_classic_two_strikes_on_one_cell_both_hit() -> None:
    g = play("1 A: Rx3 Rx3", ruleset="classic")
    assert said(g, 1, "A") == ["strike Rx3 hit", "strike Rx3 hit"]
    assert g.reports[0].materiel("B") == 22


def test_classic_strike_on_a_kamikaze_launch_cell_is_a_hit() -> None:
    # B's heavy fighter loses Gz4 in turn 1; in turn 2 it kamikazes from Gz5 as A strikes it.
    g = play("1 A: Gz4\n2 A: Gz5\n2 B: kGz5 Rz1", ruleset="classic")
    assert said(g, 2, "A") == ["strike Gz5 hit destroys HF"]
    assert said(g, 2, "B") == ["strike Rz1 miss", "kamikaze Gz5"]


def test_classic_has_no_flashcube_data() -> None:
    g = play("1 A: Gz4 Gz5", ruleset="classic")
    entry = g.reports[0].to_json()["reports"]["A"][1]
    assert entry["destroyed"] == [{"ship": "HF", "cells": ["Gz4", "Gz5"]}]


def test_classic_beam_strikes_five_cells_and_never_burns_out() -> None:
    # v1 fixed: the line Rv1 Ov1 Yv1 Gv1 Bv1 passes through A's death star at Rv1 and Ov1.
    g = play("1 A: bv1", ruleset="classic")
    assert said(g, 1, "A") == [
        "beam Rv1 miss",
        "beam Ov1 miss",
        "beam Yv1 miss",
        "beam Gv1 hit",
        "beam Bv1 hit",
    ]


# --- purity and the state ---------------------------------------------------------------------
def test_adjudicate_is_pure_and_the_state_round_trips_through_json() -> None:
    g = play("1 A: Rx3 mv Ow5 bRx3Yz1 sGz4\n1 B: Rv1 Rz1")
    before = play("").state
    a = check_orders(before, "A", parse_orders("Rx3 mv Ow5 bRx3Yz1 sGz4"))
    b = check_orders(before, "B", parse_orders("Rv1 Rz1"))
    snapshot = json.dumps(before.to_json())
    s1, r1 = adjudicate(before, a, b)
    s2, r2 = adjudicate(before, a, b)
    assert json.dumps(before.to_json()) == snapshot
    assert s1 == s2 and r1 == r2
    for state in (s1, g.state):
        again = GameState.from_json(json.loads(json.dumps(state.to_json())))
        assert again == state and again.to_json() == state.to_json()


# --- colour order option (seed 004 section 1) ---------------------------------------------------
def test_rygob_colour_order_decides_explosion_neighbours_and_beam_lines() -> None:
    # Under RYGOB, Rx1 Yx1 Gx1 is a straight missile destroyer; Yx1's neighbours are Rx1, Gx1.
    b = "MD Rx1 Yx1 Gx1"
    g = play("1 A: Yx1", a="MD Rv3 Rw3 Rx3", b=b, options="fleet=cost:3 colours=RYGOB")
    assert said(g, 1, "A") == ["strike Yx1 hit explodes Yx1 Rx1 Gx1 destroys MD"]
    # A beam from Rv1 along the colours runs Rv1 Yv1 Gv1 under RYGOB.
    a = "DS Rv1 Rv2 Rw1 Rw2 Yv1 Yv2 Yw1 Yw2"
    g = play(
        "1 A: bRv1Gv1",
        a=a,
        b="DS Bv1 Bv2 Bw1 Bw2 Ov1 Ov2 Ow1 Ow2",
        options="fleet=cost:8 colours=RYGOB",
    )
    assert [e.split()[1] for e in said(g, 1, "A")] == ["Rv1", "Yv1", "Gv1"]
