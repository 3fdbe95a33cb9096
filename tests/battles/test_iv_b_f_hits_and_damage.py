"""[IV.B] hits and point defense, [IV.C] damage order, [IV.E] overload dampers, [IV.F] primary
beams; readings R7, R8, R9, R18, R19, R20. Dice are written (a battle rolled by hand)."""

from __future__ import annotations

from battles_support import (
    BRICK,
    HAWK,
    LANCER,
    PIKE,
    RAIDER,
    SUN,
    WARDEN,
    play,
    problems,
    record,
    ship,
)

B_FIRST = "1 initiative A 3 B 5"
A_FIRST = "1 initiative A 5 B 3"


def test_point_defense_stops_a_missile_that_hit_iv_b_2() -> None:
    # Hawk's missile at range 5 (band 3-6), die 4: 1 point. One missile hit: the point defense
    # column "1"; die 2 stops it (row 2). Warden loses nothing.
    line = "1 B volley Hawk > Warden: Mf r5 d4=1 pd2=1, Gf r5 d1=0; Warden loses nothing"
    r = play(record(B_FIRST, line, a=f"Warden {WARDEN} at 0,0 N", b=f"Hawk {HAWK} at 0,-5 S"))
    assert r["ok"], r["problems"]
    # Die 1 does not stop it (row 1 is all "-"): the missile crosses Warden's armour.
    line = "1 B volley Hawk > Warden: Mf r5 d4=1 pd1=0, Gf r5 d1=0; Warden loses A"
    r = play(record(B_FIRST, line, a=f"Warden {WARDEN} at 0,0 N", b=f"Hawk {HAWK} at 0,-5 S"))
    assert r["ok"], r["problems"]


def test_more_missiles_weaken_point_defense_r18() -> None:
    # A fire group of two Hawks lands two missiles: the "2-3" column. Die 2 no longer stops
    # (row 2: only the "1" column), die 3 does. One missile gets through: Warden loses A.
    line = (
        "1 B volley Hawk+Kite > Warden: Hawk.Mf r5 d4=1 pd2=0, Hawk.Gf r5 d1=0, "
        "Kite.Mf r5 d5=1 pd3=1, Kite.Gf r5 d1=0; Warden loses A"
    )
    r = play(
        record(
            B_FIRST,
            line,
            a=f"Warden {WARDEN} at 0,0 N",
            b=f"Hawk {HAWK} at 0,-5 S; Kite {HAWK} at 1,-5 S",
        )
    )
    assert r["ok"], r["problems"]


def test_a_wrong_point_defense_result_is_found() -> None:
    line = "1 B volley Hawk > Warden: Mf r5 d4=1 pd2=0, Gf r5 d1=0; Warden loses A"
    r = play(record(B_FIRST, line, a=f"Warden {WARDEN} at 0,0 N", b=f"Hawk {HAWK} at 0,-5 S"))
    assert problems(r)[0] == "`Mf r5 d4=1 pd2=0` written, `Mf r5 d4=1 pd2=1` by the rules [VI]"


def test_damage_crosses_systems_left_to_right_iv_c_1() -> None:
    # Lancer's gun and X at Raider, range 5, dice 6 and 6: two points: S S.
    line = "1 A volley Lancer > Raider: Gf r5 d6=1, Xf r5 d6=1; Raider loses S S"
    r = play(record(A_FIRST, line))
    assert r["ok"] and ship(r, "Raider")["systems"] == "[S][S]I(Lf)II(Gf)(Rf)D"
    r = play(
        record(A_FIRST, "1 A volley Lancer > Raider: Gf r5 d6=1, Xf r5 d6=1; Raider loses S I")
    )
    assert problems(r) == ["`Raider loses S I` written, `Raider loses S S` by the rules [IV.C.1]"]


def test_energy_beam_skips_armour_and_cargo_iv_c_2() -> None:
    # Sun's energy beam at range 3, die 3: 4 points (row 3, band 1-3). Brick is A A A A S S
    # I I I I: the beam passes the armour and crosses S S I I; speed 4 -> 2.
    line = "1 A volley Sun > Brick: Ef r3 d3=4; Brick loses S S I I"
    r = play(record(A_FIRST, line, a=f"Sun {SUN} at 0,0 N", b=f"Brick {BRICK} at 0,-3 S"))
    assert r["ok"], r["problems"]
    assert ship(r, "Brick")["systems"] == "AAAA[S][S][I][I]II" and ship(r, "Brick")["speed"] == 2


def test_primary_beam_skips_shields_and_armour_and_picks_at_random_iv_c_3_iv_f_2() -> None:
    # Pike's primary beam at range 3 (band 3-6), die 3: 1 point. Not S, not A: the four I are
    # the candidates; the pick die (a d4, R9) shows 2: the second I.
    line = "1 A volley Pike > Brick: Pf r3 d3=1 pick2/4; Brick loses I"
    r = play(record(A_FIRST, line, a=f"Pike {PIKE} at 0,0 N", b=f"Brick {BRICK} at 0,-3 S"))
    assert r["ok"], r["problems"]
    assert ship(r, "Brick")["systems"] == "AAAASSI[I]II"


def test_primary_beams_fire_every_other_turn_iv_f_1_r20() -> None:
    pike = f"Pike {PIKE} at 0,0 N"
    brick = f"Brick {BRICK} at 0,-3 S"
    t1 = ["1 initiative A 5 B 3", "1 A volley Pike > Brick: Pf r3 d1=0; Brick loses nothing"]
    r = play(record(*t1, "2 initiative A 5 B 3", "2 A volley Pike > Brick (Pf)", a=pike, b=brick))
    assert problems(r)[0] == (
        "(Pf) cannot fire at Brick: (Pf) fired last turn; a Primary Beam "
        "fires every other turn [IV.F.1, R20] [IV.A.5]"
    )
    r = play(
        record(
            *t1,
            "2 initiative A 5 B 3",
            "3 initiative A 5 B 3",
            "3 A volley Pike > Brick: Pf r3 d1=0; Brick loses nothing",
            a=pike,
            b=brick,
        )
    )
    assert r["ok"], r["problems"]


def test_a_damper_burns_out_when_that_saves_systems_iv_e_1_r7() -> None:
    # Sun at range 2, die 6: 5 energy points at Warden (A S I I I (Ef) Y (Mf) O, one damper).
    # Keep the damper: 5 - 1 = 4 systems lost. Burn it: soaks 4, 1 point + the damper = 2.
    # Burn: O is crossed, then one point passes the armour: S.
    line = "1 B volley Sun > Warden: Ef r2 d6=5; Warden loses O S"
    r = play(record(B_FIRST, line, a=f"Warden {WARDEN} at 0,0 N", b=f"Sun {SUN} at 0,-2 S"))
    assert r["ok"], r["problems"]


def test_a_damper_soaks_one_point_and_is_kept_on_a_tie_r7() -> None:
    # Range 4, die 4: 2 points. Keep: 1 lost; burn: 0 + the damper = 1. A tie keeps it.
    line = "1 B volley Sun > Warden: Ef r4 d4=2; Warden loses S"
    r = play(record(B_FIRST, line, a=f"Warden {WARDEN} at 0,0 N", b=f"Sun {SUN} at 0,-4 S"))
    assert r["ok"], r["problems"]
    assert ship(r, "Warden")["systems"] == "A[S]III(Ef)Y(Mf)O"


def test_half_points_are_kept_until_completed_r8() -> None:
    # Raider's laser at range 7 (band 7-9), die 4: .5; its gun at 7 (band 7-8) die 1: 0.
    # Lancer keeps the half; the next turn's half completes a point: S.
    lines = [
        "1 initiative A 3 B 5",
        "1 B volley Raider > Lancer: Lf r7 d4=.5, Gf r7 d1=0; Lancer loses nothing carry .5",
        "2 initiative A 3 B 5",
        "2 B volley Raider > Lancer: Lf r7 d5=.5, Gf r7 d1=0; Lancer loses S",
    ]
    one = play(record(*lines[:2], b=f"Raider {RAIDER} at 0,-7 S"))
    assert one["ok"] and ship(one, "Lancer")["carry"] == ".5"
    both = play(record(*lines, b=f"Raider {RAIDER} at 0,-7 S"))
    assert both["ok"], both["problems"]
    assert ship(both, "Lancer")["systems"] == f"[S]{LANCER[3:-7]}"


def test_a_damper_is_kept_when_burning_it_loses_as_many_systems_r7() -> None:
    # Sun at range 2, die 6: 5 energy points at Spark E-IO (two systems). Keep the damper: it
    # soaks 1, 4 points cross I and O. Burn it: O, then the 1 point left crosses I. Two systems
    # either way: a tie keeps the damper, so the beam crosses I first, then O.
    spark = "Spark E-IO-58-2-1 at 0,0 N"
    sun = f"Sun {SUN} at 0,-2 S"
    kept = play(
        record(
            B_FIRST, "1 B volley Sun > Spark: Ef r2 d6=5; Spark loses I O destroyed", a=spark, b=sun
        )
    )
    assert kept["ok"], kept["problems"]
    burned = play(
        record(
            B_FIRST, "1 B volley Sun > Spark: Ef r2 d6=5; Spark loses O I destroyed", a=spark, b=sun
        )
    )
    assert problems(burned) == [
        "`Spark loses O I destroyed` written, `Spark loses I O destroyed` by the rules [IV.C.1]"
    ]


def test_a_half_point_left_over_does_not_burn_a_damper_r7_r8() -> None:
    # A fire group: Sun2 at range 4, die 4: 2 points; Ray at range 7, die 4: .5. 2.5 energy
    # points at Warden (one damper). Keep: 1.5 pass, one system (S) and a half kept. Burn: the
    # damper alone. One system either way: the damper is kept.
    ray = "F-(Ef)IID-162-2-2"
    line = "1 B volley Sun2+Ray > Warden: Sun2.Ef r4 d4=2, Ray.Ef r7 d4=.5; Warden loses S carry .5"
    r = play(
        record(
            B_FIRST,
            line,
            a=f"Warden {WARDEN} at 0,0 N",
            b=f"Sun2 {ray} at 0,-4 S; Ray {ray} at 0,-7 S",
        )
    )
    assert r["ok"], r["problems"]
    assert ship(r, "Warden")["systems"] == "A[S]III(Ef)Y(Mf)O"
    assert ship(r, "Warden")["carry"] == ".5"


def test_named_weapons_do_damage_in_the_order_of_the_code_r19() -> None:
    # Glow F-(Lf)(Ef)II at range 7: the laser (band 7-9) die 4: .5, the energy beam die 4: .5.
    # In the order of Glow's code the energy beam completes the point and passes the armour
    # (IV.C.2, R8): Tin F-AII loses I. Naming the weapons the other way round changes nothing:
    # the player does not choose the order of damage.
    glow = "Glow F-(Lf)(Ef)II-152-2-2 at 0,0 N"
    tin = "Tin F-AII-84-2-2 at 0,-7 S"
    line = "1 A volley Glow > Tin (Ef) (Lf): Lf r7 d4=.5, Ef r7 d4=.5; Tin loses I"
    r = play(record(A_FIRST, line, a=glow, b=tin))
    assert r["ok"], r["problems"]
    assert ship(r, "Tin")["systems"] == "A[I]I"
    named_order = "1 A volley Glow > Tin (Ef) (Lf): Ef r7 d4=.5, Lf r7 d4=.5; Tin loses A"
    r = play(record(A_FIRST, named_order, a=glow, b=tin))
    assert problems(r) == [
        "`Ef r7 d4=.5` written, `Lf r7 d4=.5` by the rules [VI]",
        "`Lf r7 d4=.5` written, `Ef r7 d4=.5` by the rules [VI]",
        "`Tin loses A` written, `Tin loses I` by the rules [IV.C.1]",
    ]
