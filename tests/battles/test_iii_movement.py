"""[III] Movement: speed from engines, moving ahead, turning after the turn mode; R1, R2, R6.

Lancer E-SAI(Gf)I(Xf)IIV: speed 4, turn mode 1 (E's 2 less one V). Raider C-SSI(Lf)II(Gf)(Rf)D:
speed 3, turn mode 2. Axial steps (R1): N is r-1, NE q+1 r-1, SE q+1, S r+1, SW q-1 r+1, NW q-1.
"""

from __future__ import annotations

import pytest
from battles_support import play, problems, record, rules, ship

from notation.battles.hexes import FACINGS, Hex, arc_of, distance


def test_a_ship_moves_up_to_its_engines_iii_a_1() -> None:
    # Lancer from 0,0 N, four hexes ahead: 0,-4.
    r = play(record("1 initiative A 5 B 3", "1 A move Lancer FFFF to 0,-4 N"))
    assert r["ok"] and ship(r, "Lancer")["hex"] == "0,-4"
    r = play(record("1 initiative A 5 B 3", "1 A move Lancer FFFFF"))
    assert problems(r) == ["5 hexes ahead, but Lancer has speed 4 (4 working engines) [III.A.1]"]


def test_turning_needs_the_turn_mode_in_hexes_ahead_first_iii_b_2() -> None:
    # Raider, turn mode 2, starts free to turn (R6): R, then two ahead, then R again is fine;
    # R F R turns again after only one hex.
    ok = play(record("1 initiative A 5 B 3", "1 B move Raider RFFR to -2,-3 NW"))
    assert ok["ok"], ok["problems"]
    bad = play(record("1 initiative A 5 B 3", "1 B move Raider RFR"))
    assert problems(bad) == ["step 3 (R) turns after 1 hex straight; turn mode 2 needs 2 [III.B.2]"]


def test_a_ship_of_one_engine_is_told_in_the_singular_iii_a_1() -> None:
    # D-AAAASSI: one engine, speed 1 (words: a number with its noun, "1 hex", not "1 hexes").
    r = play(
        record("1 initiative A 5 B 3", "1 A move Slug FF", a="Slug D-AAAASSI-147-3-1 at 0,0 N")
    )
    assert problems(r) == ["2 hexes ahead, but Slug has speed 1 (1 working engine) [III.A.1]"]
    assert r["problems"][0]["hint"] == "move at most 1 hex"


def test_hexes_straight_count_across_turns_r6() -> None:
    # From 0,-5 facing S. Turn 1: R (now SW), F to -1,-4 (1 straight). Turn 2: F to -2,-3
    # (2 straight), then L (now S) is allowed.
    r = play(
        record(
            "1 initiative A 5 B 3",
            "1 B move Raider RF",
            "2 initiative A 5 B 3",
            "2 B move Raider FL to -2,-3 S",
        )
    )
    assert r["ok"], r["problems"]


def test_the_end_written_is_checked() -> None:
    r = play(record("1 initiative A 5 B 3", "1 A move Lancer FF to 0,-3 N"))
    assert problems(r) == ["Lancer ends at 0,-2 N, not 0,-3 N [III]"]


def test_losing_engines_lowers_speed_iii_a_1() -> None:
    # Lancer's gun at range 5 (band 5-6), die 6: 1 point; X as gun (R5) die 6: 1; Raider
    # crosses S S, then a third point would be I. Here two points: S S, speed still 3.
    # Then Raider's I is crossed by a third hit in turn 2 and it may only move 2.
    lines = [
        "1 initiative A 5 B 3",
        "1 A volley Lancer > Raider: Gf r5 d6=1, Xf r5 d6=1; Raider loses S S",
        "2 initiative A 5 B 3",
        "2 A volley Lancer > Raider: Gf r5 d6=1, Xf r5 d1=0; Raider loses I",
        "3 initiative A 5 B 3",
        "3 B move Raider FFF",
    ]
    r = play(record(*lines))
    assert problems(r) == ["3 hexes ahead, but Raider has speed 2 (2 working engines) [III.A.1]"]


def test_a_ship_moves_once_a_turn_and_only_its_own_side_moves_it() -> None:
    r = play(record("1 initiative A 5 B 3", "1 A move Lancer F", "1 A move Lancer F"))
    assert rules(r) == ["III.A.1"]
    r = play(record("1 initiative A 5 B 3", "1 A move Raider F"))
    assert problems(r) == ["Raider is player B's ship [II.B.1]"]


@pytest.mark.parametrize(
    ("facing", "arcs"),
    [
        # The six neighbours in the order N NE SE S SW NW, as seen by a ship facing `facing`
        # (R2: quarter arcs; the hex dead ahead is the only neighbour in the front arc).
        ("N", "frrbll"),
        ("NE", "lfrrbl"),
        ("S", "bllfrr"),
    ],
)
def test_arcs_of_the_six_neighbours_r2(facing: str, arcs: str) -> None:
    here = Hex(0, 0)
    assert "".join(arc_of(here, facing, here.step(f)) or "-" for f in FACINGS) == arcs


def test_arcs_further_out_r2() -> None:
    # Facing N: 1,-3 is 1.5 east and 4.3 north: front. 3,0 is 4.5 east, 2.6 north: right.
    assert arc_of(Hex(0, 0), "N", Hex(1, -3)) == "f"
    assert arc_of(Hex(0, 0), "N", Hex(3, 0)) == "r"
    assert arc_of(Hex(0, 0), "N", Hex(0, 0)) is None  # same hex: every arc (R4)


def test_range_is_the_fewest_steps_r1() -> None:
    assert distance(Hex(0, 0), Hex(0, -5)) == 5
    assert distance(Hex(0, 0), Hex(3, -1)) == 3
    assert distance(Hex(-2, 3), Hex(2, -1)) == 4


def test_a_ship_that_never_moved_stays_free_to_turn_after_losing_its_v_r6() -> None:
    # Dart E-VII(Gf): turn mode 1 (E's 2 less one V). Lancer's gun at range 5, die 6: 1 point,
    # crossing Dart's V, so its turn mode is 2. Dart never moved: it started free to turn (R6)
    # and still is, as the same ship built without the V would be.
    dart = "Dart E-VII(Gf)-51-1-2 at 0,-5 S"
    lines = [
        "1 initiative A 5 B 3",
        "1 A volley Lancer > Dart: Gf r5 d6=1, Xf r5 d1=0; Dart loses V",
        "2 initiative A 5 B 3",
        "2 B move Dart R to 0,-5 SW",
    ]
    r = play(record(*lines, b=dart))
    assert r["ok"], r["problems"]
    assert ship(r, "Dart")["turn_mode"] == 2 and ship(r, "Dart")["facing"] == "SW"
