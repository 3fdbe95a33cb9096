"""[IV.D] Tractor beams: last in the turn, the throw (R10), Shear Plane, the hold (R11).

Raider (B) at 0,-3 facing S has its tractor beam (Rf) in front; Brick (A) at 0,0 facing N has
turn mode 3 and speed 4 (four engines). Range 3.
"""

from __future__ import annotations

from battles_support import BRICK, RAIDER, SHEAR, play, problems, record, rules, ship

from battles.engine.tractors import tractor_hits

B_FIRST = "1 initiative A 3 B 5"
SHIPS = {"a": f"Brick {BRICK} at 0,0 N", "b": f"Raider {RAIDER} at 0,-3 S"}


def test_the_throw_plus_turn_mode_less_range_must_exceed_speed_r10() -> None:
    # Die 4 + turn mode 3 - range 3 = 4, not more than speed 4: a miss. Die 5: 5 > 4, a hit.
    assert not tractor_hits(4, 3, 3, 4)
    assert tractor_hits(5, 3, 3, 4)
    assert play(record(B_FIRST, "1 B tractor Raider > Brick: r3 d4=miss", **SHIPS))["ok"]
    r = play(record(B_FIRST, "1 B tractor Raider > Brick: r3 d4=hit", **SHIPS))
    assert problems(r) == [
        "`1 B tractor Raider > Brick: r3 d4=hit` written, `1 B tractor Raider > Brick: r3 "
        "d4=miss` by the rules [IV.D.2]"
    ]


def test_a_hold_stops_both_ships_and_draws_the_target_one_hex_r11() -> None:
    # Hit in turn 1. Turn 2: both write `held`; Brick is drawn from 0,0 to 0,-1 (toward
    # Raider), keeping its facing; range 2. Raider's volley gets +1: laser d1+1 = 2 at range 2
    # (band 1-3): 2 points; gun d1+1 = 2 at range 2 (band 1-2): 1 point. Brick loses A A A.
    lines = [
        B_FIRST,
        "1 B tractor Raider > Brick: r3 d5=hit",
        "2 initiative A 3 B 5",
        "2 B move Raider held to 0,-3 S",
        "2 A move Brick held to 0,-1 N",
        "2 B volley Raider > Brick: Lf r2 d1+1=2, Gf r2 d1+1=1; Brick loses A A A",
    ]
    r = play(record(*lines, **SHIPS))
    assert r["ok"], r["problems"]
    assert ship(r, "Brick")["hex"] == "0,-1"


def test_a_held_ship_may_not_move_iv_d_4() -> None:
    lines = [
        B_FIRST,
        "1 B tractor Raider > Brick: r3 d5=hit",
        "2 initiative A 3 B 5",
        "2 A move Brick F",
    ]
    r = play(record(*lines, **SHIPS))
    assert problems(r) == [
        "Brick is held by Raider's tractor beam and cannot move this turn [IV.D.4]"
    ]


def test_the_holder_may_not_move_either_and_is_told_it_holds_r11() -> None:
    # The message names the ship that holds, not the holder as if it were held.
    lines = [
        B_FIRST,
        "1 B tractor Raider > Brick: r3 d5=hit",
        "2 initiative A 3 B 5",
        "2 B move Raider FF",
    ]
    r = play(record(*lines, **SHIPS))
    assert problems(r) == [
        "Raider holds Brick with a tractor beam and cannot move this turn [IV.D.4]"
    ]


def test_the_hold_lasts_one_turn_iv_d_6() -> None:
    lines = [
        B_FIRST,
        "1 B tractor Raider > Brick: r3 d5=hit",
        "2 initiative A 3 B 5",
        "3 initiative A 3 B 5",
        "3 A move Brick F to 0,-2 N",
    ]
    r = play(record(*lines, **SHIPS))
    assert r["ok"], r["problems"]


def test_shear_plane_cannot_be_held_iv_d_3() -> None:
    r = play(
        record(
            B_FIRST,
            "1 B tractor Raider > Brick: r3 shear",
            a=f"Brick {SHEAR} at 0,0 N",
            b=SHIPS["b"],
        )
    )
    assert r["ok"], r["problems"]


def test_range_5_at_most_iv_d_2() -> None:
    r = play(
        record(B_FIRST, "1 B tractor Raider > Brick", a=SHIPS["a"], b=f"Raider {RAIDER} at 0,-6 S")
    )
    assert problems(r) == ["range 6; a tractor beam reaches 5 [IV.D.2]"]


def test_tractor_beams_fire_after_every_volley_iv_d_1() -> None:
    lines = [
        B_FIRST,
        "1 B tractor Raider > Brick: r3 d1=miss",
        "1 B volley Raider > Brick: Lf r3 d1=0, Gf r3 d1=0; Brick loses nothing",
    ]
    assert rules(play(record(*lines, **SHIPS))) == ["IV.D.1"]
