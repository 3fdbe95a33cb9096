"""Reading R17: ship names are unique per side; the two sides may name their ships alike, and
the record, the report, the replay and the map tell the sides apart."""

from __future__ import annotations

from battles_support import LANCER, RAIDER, play, problems, record

from battles.engine.play import play_record
from battles.judge.replay import battle_frames
from battles.pictures import battle_svg
from notation.battles.parse import parse_record

# Both sides call their ships Lancer and Kite, under other codes. Rolled by
# `spaceships battles roll --seed s1`; without the seed the dice are taken as written (R13).
ALIKE = record(
    "1 initiative A 5 B 6",
    "1 A move Lancer F to 0,-1 N",
    "1 B move Lancer F to 0,-2 S",
    "1 A move Kite F to 1,-1 N",
    "1 B move Kite stay to 1,-4 S",
    "1 B volley Lancer > Lancer: Lf r1 d5=2, Gf r1 d3=1; Lancer loses S A I",
    "1 A volley Lancer > Lancer: Gf r1 d6=1, Xf r1 d4=1; Lancer loses S S",
    "1 B volley Kite > Kite: Gf r3 d4=1, Xf r3 d3=1; Kite loses S S",
    "1 A volley Kite > Kite: Lf r3 d4=2, Gf r3 d3=1; Kite loses S A I",
    "1 B tractor Lancer > Lancer: r1 d5=hit",
    "1 A tractor Kite > Lancer: r2 d1=miss",
    "2 initiative A 6 B 1",
    "2 B move Lancer held to 0,-2 S",
    "2 A move Lancer held to 0,-1 N",
    a=f"Lancer {LANCER} at 0,0 N; Kite {RAIDER} at 1,0 N",
    b=f"Lancer {RAIDER} at 0,-3 S; Kite {LANCER} at 1,-4 S",
)


def test_the_two_sides_may_name_their_ships_alike_r17() -> None:
    report = play(ALIKE)
    assert report["ok"], report["problems"]
    crossed = {(s["side"], s["name"]): s["systems"] for s in report["ships"]}
    # B's Lancer fired at A's Lancer (the shooter is the line's side, the target the other's):
    # A's Lancer, the E hull, lost S A I; B's Lancer, the C hull, lost S S.
    assert crossed == {
        ("A", "Lancer"): "[S][A][I](Gf)I(Xf)IIV",
        ("A", "Kite"): "[S][S]I(Lf)II(Gf)(Rf)D",
        ("B", "Lancer"): "[S][S]I(Lf)II(Gf)(Rf)D",
        ("B", "Kite"): "[S][A][I](Gf)I(Xf)IIV",
    }
    volley = next(s for s in report["steps"] if s["kind"] == "volley")
    assert (volley["side"], volley["target_side"], volley["damage"][0]["side"]) == ("B", "A", "A")
    tractor = next(s for s in report["steps"] if s["kind"] == "tractor")
    assert (tractor["side"], tractor["target_side"], tractor["result"]) == ("B", "A", "hit")


def test_a_hold_on_a_ship_named_like_its_holder_holds_the_right_two_r11_r17() -> None:
    # B's Lancer holds A's Lancer through turn 2: both write `held`; A's Kite, which missed,
    # may move as it likes.
    moved = ALIKE + "2 A move Kite F to 1,-2 N\n"
    assert play(moved)["ok"]
    wrong = ALIKE.replace("2 A move Lancer held to 0,-1 N", "2 A move Lancer F")
    assert (
        "Lancer (A) is held by Lancer (B)'s tractor beam and cannot move this turn [IV.D.4]"
        in problems(play(wrong))
    )


def test_one_side_may_not_name_two_of_its_ships_alike_r17() -> None:
    r = play(record(a=f"Lancer {LANCER} at 0,0 N; Lancer {LANCER} at 1,0 N"))
    assert problems(r) == ["player A has two ships called Lancer [R17]"]


def test_the_replay_says_whose_ship_changed_when_the_names_are_alike_r17() -> None:
    frames, _over, _ended = battle_frames(parse_record(ALIKE), "alike.sbr")
    fire = next(f for f in frames if f.id == "turn-1-fire")
    changed = next(iter(fire.views.values())).changed
    assert changed == (
        "Lancer (A) lost 3 systems",
        "Kite (A) lost 2 systems",
        "Lancer (B) lost 2 systems",
        "Kite (B) lost 3 systems",
    )


def test_a_record_of_alike_names_reads_back_to_the_same_battle_r17() -> None:
    played = play_record(parse_record(ALIKE))
    assert not played.problems
    again = play_record(played.record(parse_record(ALIKE)))
    assert [str(e) for e in again.events] == [str(e) for e in played.events]


def test_the_map_names_the_side_of_a_name_both_sides_use_r17() -> None:
    state = play_record(parse_record(ALIKE)).state
    svg = battle_svg("alike", state.ships)
    assert "Lancer (A)" in svg and "Lancer (B)" in svg and "Kite (B)" in svg
    # A name only one side uses goes without: the map of the usual names is as before.
    usual = play_record(parse_record(record("1 initiative A 5 B 6"))).state
    assert "(A)" not in battle_svg("usual", usual.ships)
