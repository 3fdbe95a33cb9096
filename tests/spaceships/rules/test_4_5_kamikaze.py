"""4.5 kamikaze strikes: only for a ship giving neither a conventional nor a missile strike this
turn; never a light scout [6.8.2], so never a death star either [6.2.4]; the launch cell must be
undamaged [4.5.2]; it becomes destroyed [4.5.3]; the kamikaze death is reported last and carries
the ship it destroyed [record format]."""

from rules_support import (
    PC,
    STD,
    STD_HS,
    adjudicate,
    assert_refused,
    destroyed,
    entries,
    explosions,
    materiel,
    record,
    results,
)


def test_4_5_heavy_scout_with_one_cell_left_kamikazes_and_death_is_listed_last() -> None:
    # Turn 1 B hits Oz4; turn 2 A's HS (Oz5 alone) has no pair, no missile: kamikaze allowed.
    # Written first, the kamikaze death is still reported after the strike [11.7.1.1].
    report = adjudicate(record("1 B: Oz4", "2 A: kOz5 Rv1", a=STD_HS, b=STD_HS))
    assert results(report, 2, "A") == [("strike", "Rv1", "hit"), ("kamikaze", "Oz5", None)]


def test_4_5_3_ship_destroyed_by_its_own_kamikaze_is_reported_on_the_kamikaze_entry() -> None:
    # Oz5 was the HS's last undamaged cell: the HS (Oz4 Oz5) is destroyed on the kamikaze
    # entry, not on the strike. A: 23 - 1 (turn 1) - 1 (kamikaze) = 21; B: 23 - 1 = 22.
    report = adjudicate(record("1 B: Oz4", "2 A: kOz5 Rv1", a=STD_HS, b=STD_HS))
    strike, kamikaze = entries(report, 2, "A")
    assert destroyed(strike) == []
    assert destroyed(kamikaze) == [("HS", ["Oz4", "Oz5"])]
    assert materiel(report, 2) == (21, 22)


def test_4_5_ship_giving_a_conventional_strike_may_not_kamikaze() -> None:
    # The whole KC gives 3 conventional strikes.
    assert_refused(record("1 A: kGx1 Rv1"), turn=1, player="A", rules=["4.5"])


def test_6_8_2_light_scout_never_kamikazes() -> None:
    # The LS gives neither a conventional nor a missile strike, yet 6.8.2 forbids it.
    assert_refused(record("1 A: kOz5 Rv1"), turn=1, player="A", rules=["6.8.2"])


def test_4_5_2_kamikaze_launch_cell_must_be_undamaged() -> None:
    # Oz4 was destroyed in turn 1; the HS may kamikaze, but only from Oz5.
    assert_refused(
        record("1 B: Oz4", "2 A: kOz4 Rv1", a=STD_HS, b=STD_HS),
        turn=2,
        player="A",
        rules=["4.5.2"],
    )


def test_6_2_4_death_star_with_one_cell_left_may_not_kamikaze() -> None:
    # Seven DS cells destroyed in turn 1; Ow2 remains and still gives a strike [6.2.4].
    assert_refused(
        record("1 B: Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1", "2 A: kOw2 Gx1"),
        turn=2,
        player="A",
        rules=[("4.5", "6.2.4")],
    )


def test_4_5_missile_destroyer_with_unfired_missiles_but_no_pair_may_not_kamikaze() -> None:
    # Turn 1 A fires Yw3; turn 2 B hits it (a fired missile: no explosion [8.1.4]). Turn 3:
    # Yv3 and Yx3 are undamaged but not adjacent, so no conventional strike; but they are
    # unfired missiles, so the MD gives a missile strike and no kamikaze [4.5].
    assert_refused(
        record("1 A: mYw3 Rz1", "2 B: Yw3", "3 A: kYv3 Rz2"),
        turn=3,
        player="A",
        rules=["4.5"],
    )


def test_4_5_missile_destroyer_with_only_a_fired_missile_left_may_kamikaze() -> None:
    # Turn 1 A fires Yv3, turn 2 fires Yw3. Turn 3 B hits Yx3, still unfired: it explodes and
    # destroys its undamaged same-ship neighbour Yw3 (fired but undamaged) [8.1.4]; Yv3 is not
    # adjacent to Yx3. Turn 4: the MD is only Yv3, fired: no pair, no missile: kamikaze.
    report = adjudicate(record("1 A: mYv3 Rz1", "2 A: mYw3 Rz2", "3 B: Yx3", "4 A: kYv3 Rz3"))
    assert explosions(entries(report, 3, "B")[0]) == ["Yx3", "Yw3"]
    kamikaze = entries(report, 4, "A")[-1]
    assert (kamikaze["action"], kamikaze["cell"]) == ("kamikaze", "Yv3")
    assert destroyed(kamikaze) == [("MD", ["Yv3", "Yw3", "Yx3"])]
    # A: 22 - 2 (turn 3) - 1 (turn 4) = 19.
    assert materiel(report, 4) == (19, 22)


def test_4_5_one_kamikaze_per_ship() -> None:
    # Turn 1 B hits Bz2 and Bz3: A's PC is Bz1 and Bz4, not adjacent: no strike, one kamikaze.
    text = record("1 B: Bz2 Bz3", "2 A: kBz1 kBz4 Rv1 Rv2", a=STD)
    assert_refused(text, turn=2, player="A", rules=["4.5"])
    report = adjudicate(record("1 B: Bz2 Bz3", "2 A: kBz1 Rv1", a=STD))
    assert results(report, 2, "A") == [("strike", "Rv1", "hit"), ("kamikaze", "Bz1", None)]
    # The PC is not destroyed: Bz4 remains. A: 22 - 2 - 1 = 19.
    assert destroyed(entries(report, 2, "A")[-1]) == []
    assert materiel(report, 2) == (19, 21)


def test_4_5_kamikaze_needs_its_strike() -> None:
    # K = 1 launch and S = 0 strikes [rulings, Orders; 11.5.5].
    assert_refused(
        record("1 B: Oz4", "2 A: kOz5", a=STD_HS, b=STD_HS),
        turn=2,
        player="A",
        rules=[("11.5.5", "4.7", "4.5")],
    )


def test_4_5_kamikaze_in_a_patrol_cruiser_fleet_does_not_touch_other_ships() -> None:
    # With fleet=cost:4 the PC alone; after Bz2 Bz3 are hit, kBz4 destroys only Bz4.
    report = adjudicate(record("1 B: Bz2 Bz3", "2 A: kBz4 Bz1", a=PC, b=PC, options="fleet=cost:4"))
    assert results(report, 2, "A") == [("strike", "Bz1", "hit"), ("kamikaze", "Bz4", None)]
    assert materiel(report, 2) == (1, 3)


# Standard fleet with a patrol cruiser and a heavy scout (23 cells).
PC_HS = (
    "DS Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2; KC Gx1 Gx2 Gx3 Gy1 Gy2 Gy3; PC Bz1 Bz2 Bz3 Bz4; "
    "MD Yv3 Yw3 Yx3; HS Oz4 Oz5"
)


def test_4_5_two_ships_two_kamikazes_deaths_in_the_order_written() -> None:
    # Turn 1 B hits A's Bz2 Bz3 (PC split in two) and Oz4 (HS down to Oz5): both may kamikaze.
    # Deaths come after the strikes, in the order written (Oz5, then Bz1). The HS is destroyed
    # on its kamikaze entry; the PC keeps Bz4. A: 23 - 3 - 2 = 18.
    report = adjudicate(record("1 B: Bz2 Bz3 Oz4", "2 A: kOz5 kBz1 Rv1 Rv2", a=PC_HS))
    assert results(report, 2, "A") == [
        ("strike", "Rv1", "hit"),
        ("strike", "Rv2", "hit"),
        ("kamikaze", "Oz5", None),
        ("kamikaze", "Bz1", None),
    ]
    deaths = entries(report, 2, "A")[2:]
    assert [destroyed(e) for e in deaths] == [[("HS", ["Oz4", "Oz5"])], []]
    assert materiel(report, 2) == (18, 20)


def test_4_5_2_kamikaze_launch_cell_outside_every_ship_refused() -> None:
    assert_refused(
        record("1 B: Oz4", "2 A: kRz1 Rv1", a=STD_HS, b=STD_HS),
        turn=2,
        player="A",
        rules=[("4.5.2", "4.5")],
    )


def test_2_3_1_kamikaze_of_the_last_ship_ends_the_game() -> None:
    # fleet=cost:3, each a heavy scout. Turn 1 B hits A's Oz4. Turn 2 A kamikazes from Oz5 at
    # B's Oz4: A has no ship left; B keeps Oz5. Over: A 0, B 1, B wins.
    hs = "HS Oz4 Oz5"
    report = adjudicate(record("1 B: Oz4", "2 A: kOz5 Oz4", a=hs, b=hs, options="fleet=cost:3"))
    r = report["result"]
    assert (r["over"], r["turn"], r["score"], r["winner"]) == (True, 2, {"A": 0, "B": 1}, "B")
