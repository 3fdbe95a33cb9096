"""[IV.A] Volleys: a ship's weapons at one ship, fire groups (DataLink), Multiplex Tracking,
arcs; [II.C.1] alternation; R14, R17.

Lancer (A) at 0,0 facing N; Raider (B) at 0,-5 facing S: each is in the other's front arc at
range 5. The gun's 5-6 column hits on 4 or more; X within 10 is a gun (R5).
"""

from __future__ import annotations

from battles_support import (
    EYE,
    EYE_D,
    HAWK,
    LANCER,
    RAIDER,
    play,
    problems,
    record,
    rules,
    ship,
)

INIT_A = "1 initiative A 5 B 3"


def test_every_weapon_that_bears_fires_r17() -> None:
    # Gf d4 at range 5: 1 point; Xf (a gun, R5) d3: none. One point crosses Raider's first S.
    r = play(record(INIT_A, "1 A volley Lancer > Raider: Gf r5 d4=1, Xf r5 d3=0; Raider loses S"))
    assert r["ok"], r["problems"]
    assert ship(r, "Raider")["systems"] == "[S]SI(Lf)II(Gf)(Rf)D"


def test_a_weapon_left_out_of_the_written_volley_is_found() -> None:
    r = play(record(INIT_A, "1 A volley Lancer > Raider: Gf r5 d4=1; Raider loses S"))
    assert problems(r) == ["2 weapons fire by the rules (Gf, Xf), 1 written [IV.A]"]


def test_weapons_fire_only_into_their_arc_iv_a_5() -> None:
    # Raider at 3,0 is to Lancer's right (R2): its front weapons cannot fire.
    r = play(record(INIT_A, "1 A volley Lancer > Raider (Gf)", b=f"Raider {RAIDER} at 3,0 S"))
    assert problems(r) == [
        "(Gf) cannot fire at Raider: Raider is in the right arc, not the front [IV.A.5] [IV.A.5]"
    ]


def test_a_ship_fires_one_volley_a_turn_iv_a_1() -> None:
    r = play(
        record(
            INIT_A,
            "1 A volley Lancer > Raider: Gf r5 d1=0, Xf r5 d1=0; Raider loses nothing",
            "1 B volley Raider > Lancer: Lf r5 d1=0, Gf r5 d1=0; Lancer loses nothing",
            "1 A volley Lancer > Raider",
        )
    )
    assert "Lancer has already fired a volley this turn [IV.A.1]" in problems(r)


def test_a_fire_group_needs_datalinks_iv_a_2() -> None:
    # Raider and Hawk both carry D: one volley, shots named by ship. Lancer is at range 5
    # from Raider and 5 from Hawk (at 1,-5; q+1: 1 + 4 + ... = max(1, 5, 4) = 5).
    lines = [
        "1 initiative A 3 B 5",
        "1 B volley Raider+Hawk > Lancer: Raider.Lf r5 d1=0, Raider.Gf r5 d1=0, "
        "Hawk.Mf r5 d1=0, Hawk.Gf r5 d1=0; Lancer loses nothing",
    ]
    r = play(record(*lines, b=f"Raider {RAIDER} at 0,-5 S; Hawk {HAWK} at 1,-5 S"))
    assert r["ok"], r["problems"]
    # Lancer has no DataLink: it cannot join a group.
    r = play(
        record(
            INIT_A,
            "1 A volley Lancer+Eye > Raider",
            a=f"Lancer {LANCER} at 0,0 N; Eye {EYE} at 1,0 N",
        )
    )
    assert problems(r) == [
        "Lancer has no working DataLink (D) to join a fire group [IV.A.2]",
        "Eye has no working DataLink (D) to join a fire group [IV.A.2]",
    ]


def test_multiplex_tracking_splits_a_volley_iv_a_3() -> None:
    # Eye at 0,0 N: Raider at 0,-5 (front), Hawk at 3,0 (right). Gf at Raider d4 r5: 1;
    # Gr at Hawk range 3 (band 3-4) d3: 1. Each target crosses its first system.
    lines = [
        INIT_A,
        "1 A volley Eye > Raider (Gf), Hawk (Gr): Gf@Raider r5 d4=1, "
        "Gr@Hawk r3 d3=1; Raider loses S; Hawk loses A",
    ]
    r = play(
        record(
            *lines, a=f"Eye {EYE} at 0,0 N", b=f"Raider {RAIDER} at 0,-5 S; Hawk {HAWK} at 3,0 N"
        )
    )
    assert r["ok"], r["problems"]
    # Without U a ship fires at one target only.
    r = play(
        record(
            INIT_A,
            "1 A volley Lancer > Raider (Gf), Hawk (Xf)",
            b=f"Raider {RAIDER} at 0,-5 S; Hawk {HAWK} at 1,-5 S",
        )
    )
    assert rules(r) == ["IV.A.3"]


def test_datalink_and_multiplex_do_not_mix_iv_a_4() -> None:
    r = play(
        record(
            INIT_A,
            "1 A volley Eye+Eye2 > Raider, Hawk",
            a=f"Eye {EYE_D} at 0,0 N; Eye2 {EYE_D} at 1,0 N",
            b=f"Raider {RAIDER} at 0,-5 S; Hawk {HAWK} at 1,-5 S",
        )
    )
    assert rules(r) == ["IV.A.4"]


def test_volleys_alternate_from_the_player_with_initiative_ii_c_1() -> None:
    # B has initiative (3 against 5) but A fires first: B let its volley pass, so B may not
    # fire after.
    lines = [
        "1 initiative A 3 B 5",
        "1 A volley Lancer > Raider: Gf r5 d1=0, Xf r5 d1=0; Raider loses nothing",
        "1 B volley Raider > Lancer: Lf r5 d1=0, Gf r5 d1=0; Lancer loses nothing",
    ]
    r = play(record(*lines))
    assert rules(r) == ["II.C.1"]


def test_orders_sent_at_once_are_rolled_in_the_alternating_order_r14() -> None:
    # Written A, A, B; B holds initiative by the seed's first rolls, so the roll puts B first
    # wherever the seed gives B the initiative, and A first otherwise; either way the sides
    # alternate while both have volleys.
    from battles.engine.play import play_record
    from notation.battles.parse import parse_record

    text = record(
        "1 initiative",
        "1 A volley Lancer > Raider",
        "1 A volley Eye > Raider",
        "1 B volley Raider > Lancer",
        a=f"Lancer {LANCER} at 0,0 N; Eye {EYE} at 1,0 N",
    )
    for seed in ("s1", "s2", "s3", "s4"):
        done = play_record(parse_record(text), seed=seed)
        sides = [e.side for e in done.events[1:]]
        first = done.state.initiative
        assert sides == (
            [first, "B" if first == "A" else "A", first] if first == "A" else ["B", "A", "A"]
        ), (seed, sides)


# What an earlier volley of the same phase crosses out stays silent in a later order (R14):
# the orders were written at once, before any die, so they play with what is left.


def test_a_named_weapon_crossed_out_earlier_in_the_phase_stays_silent_r14() -> None:
    # Gnat E-(Gf)II: its gun is its first system. Lancer fires first (A has the initiative):
    # gun at range 5, die 6: 1 point, Gnat loses (Gf). Gnat's order, written before that, names
    # the gun: it plays, and stays silent.
    gnat = "Gnat E-(Gf)II-48-2-2 at 0,-5 S"
    first = "1 A volley Lancer > Gnat: Gf r5 d6=1, Xf r5 d1=0; Gnat loses (Gf)"
    r = play(record(INIT_A, first, "1 B volley Gnat > Lancer (Gf)", b=gnat))
    assert r["ok"], r["problems"]
    assert r["events"][-1] == "1 B volley Gnat > Lancer (Gf): silent"
    # Written so, the record checks; a silent volley whose gun still works does not.
    r = play(record(INIT_A, first, "1 B volley Gnat > Lancer (Gf): silent", b=gnat))
    assert r["ok"], r["problems"]
    r = play(record(INIT_A, "1 B volley Gnat > Lancer (Gf): silent", b=gnat))
    assert problems(r) == ["written as silent, but it can fire [R14]"]


def test_a_volley_at_two_ships_without_its_multiplex_tracking_fires_at_the_first_r14() -> None:
    # Eye F-U(Gf)(Gr)II: Lancer's gun (range 5, die 6) crosses its U. Eye's split volley then
    # fires at its first target only; the gun named for Kite stays silent.
    lines = [
        INIT_A,
        "1 A volley Lancer > Eye: Gf r5 d6=1, Xf r5 d1=0; Eye loses U",
        "1 B volley Eye > Lancer (Gf), Kite (Gr): Gf@Lancer r5 d3=0; Lancer loses nothing",
    ]
    r = play(
        record(
            *lines,
            a=f"Lancer {LANCER} at 0,0 N; Kite {LANCER} at -3,-2 N",
            b=f"Eye {EYE} at 0,-5 S",
        )
    )
    assert r["ok"], r["problems"]


def test_a_tractor_beam_crossed_out_by_a_volley_stays_silent_r14() -> None:
    # Tug E-(Rf)II: its tractor beam is its first system, crossed by Lancer's gun.
    tug = "Tug E-(Rf)II-52-2-2 at 0,-4 S"
    lines = [
        INIT_A,
        "1 A volley Lancer > Tug: Gf r4 d6=1, Xf r4 d1=0; Tug loses (Rf)",
        "1 B tractor Tug > Lancer",
    ]
    r = play(record(*lines, b=tug))
    assert r["ok"], r["problems"]
    assert r["events"][-1] == "1 B tractor Tug > Lancer: silent"
    r = play(record(*lines[:2], "1 B tractor Tug > Lancer: r4 d6=miss", b=tug))
    assert problems(r) == ["Tug's tractor beam was crossed out this turn [R14]"]


def test_a_record_written_before_silent_still_reads_r14() -> None:
    # Such records wrote `: lapsed` for a volley of which nothing could fire: still read, and
    # written again as `silent`; `lapsed` stays for a ship or target destroyed.
    gnat = "Gnat E-(Gf)II-48-2-2 at 0,-5 S"
    first = "1 A volley Lancer > Gnat: Gf r5 d6=1, Xf r5 d1=0; Gnat loses (Gf)"
    r = play(record(INIT_A, first, "1 B volley Gnat > Lancer (Gf): lapsed", b=gnat))
    assert r["ok"], r["problems"]
    assert r["events"][-1] == "1 B volley Gnat > Lancer (Gf): silent"
    assert r["steps"][-1]["result"] == "silent"
