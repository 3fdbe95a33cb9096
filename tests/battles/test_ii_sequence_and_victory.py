"""[II] The sequence of a turn, R12 destruction and the end, R15 initiative, R16 set-up."""

from __future__ import annotations

from battles_support import BRICK, LANCER, MOTE, play, problems, record, rules


def test_a_ship_with_every_system_crossed_is_destroyed_and_its_side_loses_r12() -> None:
    # Mote is one A. Lancer's gun at range 1 (band 1-2), die 2: 1 point: Mote is destroyed;
    # the X's point finds nothing left.
    line = "1 A volley Lancer > Mote: Gf r1 d2=1, Xf r1 d2=1; Mote loses A destroyed"
    r = play(record("1 initiative A 5 B 3", line, b=f"Mote {MOTE} at 0,-1 S"))
    assert r["ok"], r["problems"]
    assert (r["result"], r["winner"]) == ("A wins", "A")


def test_nothing_may_follow_the_end_r12() -> None:
    lines = [
        "1 initiative A 5 B 3",
        "1 A volley Lancer > Mote: Gf r1 d2=1, Xf r1 d2=1; Mote loses A destroyed",
        "2 initiative A 5 B 3",
    ]
    r = play(record(*lines, b=f"Mote {MOTE} at 0,-1 S"))
    assert problems(r) == ["the battle was over (A wins) before this line [R12]"]


def test_a_claimed_result_is_checked() -> None:
    lines = [
        "1 initiative A 5 B 3",
        "1 A volley Lancer > Mote: Gf r1 d2=1, Xf r1 d2=1; Mote loses A destroyed",
        '[Result "B wins"]',
    ]
    r = play(record(*lines, b=f"Mote {MOTE} at 0,-1 S"))
    assert problems(r) == ["result 'B wins' written, 'A wins' by the rules [R12]"]


def test_no_weapon_left_on_either_side_is_a_draw_r12() -> None:
    r = play(
        record("1 initiative A 5 B 3", a=f"Brick {BRICK} at 0,0 N", b=f"Wall {BRICK} at 0,-3 S")
    )
    assert r["result"] == "draw" and rules(r) == ["R12"]


def test_at_the_turn_limit_the_side_that_destroyed_more_wins_r12() -> None:
    r = play(record("1 initiative A 5 B 3", extra='[TurnLimit "1"]'))
    assert r["ok"] and r["result"] == "draw"


def test_each_turn_opens_with_its_initiative_r15() -> None:
    r = play(record("1 A move Lancer F"))
    assert rules(r) == ["II"]
    r = play(record("1 initiative A 5 B 3", "3 initiative A 5 B 3"))
    assert problems(r) == ["turn 3 follows turn 1 [II]"]


def test_a_tied_initiative_is_rolled_again_r15() -> None:
    assert play(record("1 initiative A 4 B 4, A 6 B 2", "1 A move Lancer F"))["ok"]
    # A tie as the last pair decides nothing: the rules roll again, and no die is written.
    r = play(record("1 initiative A 4 B 4"))
    assert problems(r) == ["the last pair ties; initiative is rolled again [R15]"]


def test_moves_come_before_volleys_ii_b() -> None:
    lines = [
        "1 initiative A 5 B 3",
        "1 A volley Lancer > Raider: Gf r5 d1=0, Xf r5 d1=0; Raider loses nothing",
        "1 B move Raider F",
    ]
    assert rules(play(record(*lines))) == ["II.B"]


def test_the_budget_and_unique_names_r16_r17() -> None:
    r = play(record(extra='[Budget "80"]'))
    assert "the ships cost 87 (87), over the budget of 80 [R16]" in problems(r)
    # Unique per side: the other side may use the name (tests/battles/test_r17_names_per_side.py).
    r = play(record(a=f"Lancer {LANCER} at 0,0 N; Lancer {LANCER} at 1,0 N"))
    assert "player A has two ships called Lancer [R17]" in problems(r)
