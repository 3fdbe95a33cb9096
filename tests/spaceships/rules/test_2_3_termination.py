"""2.3 termination: the game ends at the end of a turn in which a player is left with no
undestroyed ship [2.3.1], or in which a player who could only kamikaze or scan recorded nothing
but scans [2.3.2]. Score: undamaged cells [2.3.3, 2.3.5]; higher score wins, equal is a draw
[2.3.4]."""

from rules_support import (
    LS,
    MD,
    adjudicate,
    assert_refused,
    destroyed,
    entries,
    materiel,
    record,
    results,
)


def _result(report: dict) -> tuple:
    r = report["result"]
    return (r["over"], r["turn"], r["score"], r["winner"])


def test_2_3_game_not_over_while_both_have_ships() -> None:
    report = adjudicate(record("1 A: Gx1"))
    assert report["result"]["over"] is False
    assert report["result"]["winner"] is None


# B (STD, 22 cells) does nothing. Turn 1 A: beam Gx1-Gx3 (A's cube fires with Rv1-Rv2) and
# strikes Gy1 Gy2 Gy3 (KC destroyed), Yw3 (B's MD explodes whole), Oz5 (LS), Bz1 Bz2 and, with
# the missile Yv3, Bz3: 8 strikes = 7 conventional + 1 missile; 3 + 8 + 2 exploded = 13 cells.
# B keeps Bz4 and its 8 DS cells: 9.
TURN_1 = "1 A: bGx1Gx3 Gy1 Gy2 Gy3 Yw3 Oz5 Bz1 Bz2 mYv3 Bz3"
# Turn 2 A: beam Rv1-Yv1 (fires with Rv1-Ov1; Rv1, Ov1 hit, Yv1 empty) and 7 strikes: Bz4 (PC
# destroyed) and the other six DS cells; the last, Ow2, destroys the DS.
TURN_2 = "2 A: bRv1Yv1 Bz4 Rv2 Rw1 Rw2 Ov2 Ow1 Ow2"


def test_2_3_1_destroying_every_enemy_ship_ends_the_game_with_a_win() -> None:
    report = adjudicate(record(TURN_1, "1 B:", TURN_2, "2 B:"))
    assert materiel(report, 1) == (22, 9)
    assert materiel(report, 2) == (22, 0)
    last = entries(report, 2, "A")[-1]
    assert last["cell"] == "Ow2"
    assert destroyed(last) == [("DS", ["Rv1", "Rv2", "Rw1", "Rw2", "Ov1", "Ov2", "Ow1", "Ow2"])]
    assert _result(report) == (True, 2, {"A": 22, "B": 0}, "A")


def test_11_7_3_ships_are_reported_destroyed_where_their_last_cell_fell() -> None:
    report = adjudicate(record(TURN_1, TURN_2))
    by_cell = {e["cell"]: destroyed(e) for e in entries(report, 1, "A")}
    assert by_cell["Gy3"] == [("KC", ["Gx1", "Gx2", "Gx3", "Gy1", "Gy2", "Gy3"])]
    assert by_cell["Yw3"] == [("MD", ["Yv3", "Yw3", "Yx3"])]
    assert by_cell["Oz5"] == [("LS", ["Oz5"])]
    assert by_cell["Gx1"] == by_cell["Bz3"] == []
    turn2 = {e["cell"]: destroyed(e) for e in entries(report, 2, "A")}
    assert turn2["Bz4"] == [("PC", ["Bz1", "Bz2", "Bz3", "Bz4"])]


def test_2_3_1_game_goes_on_while_the_opponent_has_a_ship() -> None:
    report = adjudicate(record(TURN_1))
    assert materiel(report, 1) == (22, 9)
    assert report["result"]["over"] is False


def test_2_3_1_last_ship_lost_by_explosion_ends_the_game() -> None:
    # fleet=cost:3: each player only a missile destroyer. A's strike on B's Yw3 explodes it
    # whole; B does nothing. Score 3-0.
    report = adjudicate(record("1 A: Yw3", a=MD, b=MD, options="fleet=cost:3"))
    assert _result(report) == (True, 1, {"A": 3, "B": 0}, "A")


def test_2_3_1_both_fleets_destroyed_in_the_same_turn_is_a_draw() -> None:
    # Both strike the other's middle missile: both MDs explode whole at once. 0-0: a draw.
    report = adjudicate(record("1 A: Yw3", "1 B: Yw3", a=MD, b=MD, options="fleet=cost:3"))
    assert _result(report) == (True, 1, {"A": 0, "B": 0}, "draw")
    assert materiel(report, 1) == (0, 0)


def test_2_3_4_loser_keeps_score_of_undamaged_cells() -> None:
    # A's MD loses Yv3 and Yw3 to B's strike on the end missile (explosion); B loses all.
    # A: 1, B: 0.
    report = adjudicate(record("1 A: Yw3", "1 B: Yv3", a=MD, b=MD, options="fleet=cost:3"))
    assert _result(report) == (True, 1, {"A": 1, "B": 0}, "A")


# ---- 2.3.2 only kamikazes and scans --------------------------------------------------------

# fleet=cost:6: A a heavy scout (Oz4 Oz5) and a light scout (Bz1); B a kill cruiser.
SCOUTS = "HS Oz4 Oz5; LS Bz1"
KC_ONLY = "KC Gx1 Gx2 Gx3 Gy1 Gy2 Gy3"


def _scouts(*turns: str) -> str:
    return record("1 B: Oz4", *turns, a=SCOUTS, b=KC_ONLY, options="fleet=cost:6")


def test_2_3_2_player_who_can_only_kamikaze_or_scan_and_only_scans_ends_the_game() -> None:
    # After turn 1 A's HS is Oz5 alone (kamikaze only) and the LS can only scan. A scans in
    # turn 2: the game ends at the end of turn 2. A: Oz5 + Bz1 = 2; B: 6. B wins.
    report = adjudicate(_scouts("2 A: sGx1"))
    assert results(report, 2, "A") == [("scan", "Gx1", "undamaged")]
    assert _result(report) == (True, 2, {"A": 2, "B": 6}, "B")


def test_2_3_2_recording_nothing_also_ends_the_game() -> None:
    report = adjudicate(_scouts("2 A:"))
    assert _result(report) == (True, 2, {"A": 2, "B": 6}, "B")


def test_2_3_2_recording_a_kamikaze_keeps_the_game_going() -> None:
    # kOz5 destroys the HS; A still has the LS. Gx1 hits B. A: 1, B: 5; not over.
    report = adjudicate(_scouts("2 A: kOz5 Gx1"))
    assert materiel(report, 2) == (1, 5)
    assert report["result"]["over"] is False


def test_2_3_2_does_not_apply_while_the_player_had_a_conventional_strike() -> None:
    # Turn 1: A's HS is whole (1 conventional strike); A records only a scan: game goes on.
    report = adjudicate(record("1 A: sGx1", a=SCOUTS, b=KC_ONLY, options="fleet=cost:6"))
    assert report["result"]["over"] is False


def test_2_3_2_light_scout_fleet_recording_nothing_ends_in_turn_1() -> None:
    # fleet=cost:3: A only a light scout (scans only, never a kamikaze [6.8.2]); B an MD.
    report = adjudicate(record("1 A:", "1 B:", a=LS, b=MD, options="fleet=cost:3"))
    assert _result(report) == (True, 1, {"A": 1, "B": 3}, "B")


def test_2_3_2_both_players_only_scanning_is_a_draw() -> None:
    # fleet=cost:6, each two light scouts: both can only scan; both scan in turn 1: the game
    # ends; 2 cells each: a draw.
    fleet = "LS1 Oz4; LS2 Oz5"
    report = adjudicate(record("1 A: sOz4", "1 B: sOz5", a=fleet, b=fleet, options="fleet=cost:6"))
    assert _result(report) == (True, 1, {"A": 2, "B": 2}, "draw")


def test_2_3_turn_after_the_end_of_the_game_is_refused() -> None:
    # The game above ends after turn 1: a turn-2 line cannot be played.
    fleet = "LS1 Oz4; LS2 Oz5"
    assert_refused(
        record("1 A: sOz4", "1 B: sOz5", "2 A: sOz4", a=fleet, b=fleet, options="fleet=cost:6"),
        turn=2,
        player="A",
        rules=["2.3"],
    )
