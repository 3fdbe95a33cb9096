"""The classic ruleset (seed 000) [rulings, Classic]: fleet DS KC FS MD HF with a cube death
star; strikes per distinct adjacent pair; kamikaze for any ship without a conventional strike;
the beam is a whole axis line of 5 through the mirrored, undamaged death star, written bRv; no
scans; every hit, explosion and kamikaze death takes effect at the end of the turn.

Rule numbers cited in these tests are the classic ones where the classic rules differ."""

from rules_support import (
    CLASSIC,
    DS_CUBE,
    FS,
    KC,
    MD,
    STD,
    adjudicate,
    assert_refused,
    entries,
    materiel,
    record,
    results,
)

from notation.spaceships.ships import ShipId
from spaceships.engine.orders import classic_beam_ships

TARGETS = "Rz1 Rz2 Rz3 Rz4 Rz5 Ry1 Ry2 Ry3 Ry4 Ry5 Oz1 Oz2 Oz3 Yz1 Yz2 Yz3 Yz4".split()


def classic(*turns: str, a: str = CLASSIC, b: str = CLASSIC) -> str:
    return record(*turns, a=a, b=b, ruleset="classic")


def test_classic_fleet_with_heavy_fighter_accepted() -> None:
    report = adjudicate(classic("1 B: Gx1"))
    assert report["ruleset"] == "classic"
    assert results(report, 1, "B") == [("strike", "Gx1", "hit")]
    assert materiel(report, 1) == (22, 23)


def test_classic_3_3_fleet_with_patrol_cruiser_and_light_scout_refused() -> None:
    assert_refused(classic(a=STD), player="A", rules=[("3.3", "3.2")])


def test_classic_6_1_1_death_star_must_be_a_cube() -> None:
    # The 4x2x1 box is a 2.6.1 death star [6.2] but not a classic one.
    fleet = f"DS Rv1 Rv2 Rv3 Rv4 Rw1 Rw2 Rw3 Rw4; {KC}; {FS}; {MD}; HF Oz4 Oz5"
    assert_refused(classic(a=fleet), player="A", rules=["6.1"])


def test_classic_4_3_1_counts_every_distinct_pair_fifteen_strikes() -> None:
    # DS 1 [classic 6.1.2] + KC 7 + FS 4 + MD 2 + HF 1 = 15.
    report = adjudicate(classic("1 A: " + " ".join(TARGETS[:15])))
    assert len(results(report, 1, "A")) == 15
    assert_refused(classic("1 A: " + " ".join(TARGETS[:16])), turn=1, player="A", rules=["4.3.1"])


def test_classic_4_3_1_damaged_kill_cruiser_counts_distinct_pairs() -> None:
    # Turn 1 B hits A's Gx2: the KC keeps Gx1 Gx3 Gy1 Gy2 Gy3 with the pairs Gx1-Gy1, Gy1-Gy2,
    # Gy2-Gy3, Gy3-Gx3: 4 (2.6.1 would give 2). 1 + 4 + 4 + 2 + 1 = 12 in turn 2.
    report = adjudicate(classic("1 B: Gx2", "2 A: " + " ".join(TARGETS[:12])))
    assert len(results(report, 2, "A")) == 12
    assert_refused(
        classic("1 B: Gx2", "2 A: " + " ".join(TARGETS[:13])),
        turn=2,
        player="A",
        rules=["4.3.1"],
    )


def test_classic_5_1_3_two_strikes_on_the_same_undamaged_cell_are_both_hits() -> None:
    # Hits take effect at the end of the turn: the second strike still finds Gx1 undamaged.
    # B loses one cell.
    report = adjudicate(classic("1 A: Gx1 Gx1"))
    assert results(report, 1, "A") == [("strike", "Gx1", "hit"), ("strike", "Gx1", "hit")]
    assert materiel(report, 1) == (23, 22)


def test_classic_5_1_3_strike_on_a_cell_destroyed_last_turn_is_a_duplicate() -> None:
    report = adjudicate(classic("1 A: Gx1", "2 A: Gx1"))
    assert results(report, 2, "A") == [("strike", "Gx1", "duplicate")]


def test_classic_4_4_3_strike_on_a_kamikaze_launch_cell_is_a_hit() -> None:
    # Turn 1 A hits B's HF Oz4; turn 2 B kamikazes from Oz5 (destroyed only at the end of the
    # turn), so A's strike on Oz5 is a hit. B loses Oz4 and Oz5: 23 - 2.
    report = adjudicate(classic("1 A: Oz4", "2 A: Oz5", "2 B: kOz5 Rz1"))
    assert results(report, 2, "A") == [("strike", "Oz5", "hit")]
    assert results(report, 2, "B") == [("strike", "Rz1", "miss"), ("kamikaze", "Oz5", None)]
    assert materiel(report, 2) == (23, 21)


def test_classic_4_4_missile_destroyer_without_pairs_may_kamikaze_despite_missiles() -> None:
    # Turn 1 A fires Yw3; turn 2 B hits it (fired: no explosion). Turn 3 Yv3 and Yx3 are unfired
    # missiles but not adjacent: no conventional strike, so a kamikaze is allowed in classic
    # (2.6.1 refuses it [4.5]).
    report = adjudicate(classic("1 A: mYw3 Rz1", "2 B: Yw3", "3 A: kYv3 Rz2"))
    assert results(report, 3, "A")[-1] == ("kamikaze", "Yv3", None)


def test_classic_6_1_3_beam_along_a_line_through_the_death_star() -> None:
    # bRv: Red, v, numbers 1-5; mirrored it passes Rv1 Rv2 of A's cube. In B's space Rv1 and
    # Rv2 are B's DS, Rv3-Rv5 empty.
    report = adjudicate(classic("1 A: bRv"))
    beams = entries(report, 1, "A")
    assert all(e["action"] == "beam" for e in beams)
    assert sorted((e["cell"], e["result"]) for e in beams) == [
        ("Rv1", "hit"),
        ("Rv2", "hit"),
        ("Rv3", "miss"),
        ("Rv4", "miss"),
        ("Rv5", "miss"),
    ]
    assert materiel(report, 1) == (23, 21)


def test_classic_6_1_3_beam_along_the_colours() -> None:
    # bv1: letter v, number 1, colours R-B: passes Rv1 and Ov1 of A's cube. B: Rv1 Ov1 hit.
    report = adjudicate(classic("1 A: bv1"))
    assert sorted((e["cell"], e["result"]) for e in entries(report, 1, "A")) == [
        ("Bv1", "miss"),
        ("Gv1", "miss"),
        ("Ov1", "hit"),
        ("Rv1", "hit"),
        ("Yv1", "miss"),
    ]


def test_classic_6_1_3_two_death_stars_each_fire_the_beam_only_they_can() -> None:
    # A continued match can give a fleet a second death star [classic 7.2]. A classic beam names
    # no ship: the first line passes through both, the second only through DS1, so DS2 fires the
    # first and DS1 the second (read in order, DS1 would take both and the second be refused).
    ds1, ds2 = ShipId("DS", 1), ShipId("DS", 2)
    assert classic_beam_ships([(0, (ds1, ds2)), (1, (ds1,))]) == {0: ds2, 1: ds1}
    # When each beam finds a free death star in order, the order decides, as it always has.
    assert classic_beam_ships([(0, (ds1, ds2)), (1, (ds1, ds2))]) == {0: ds1, 1: ds2}
    # Three beams for two death stars: one is left unfired (and refused by check_orders).
    assert len(classic_beam_ships([(0, (ds1,)), (1, (ds1, ds2)), (2, (ds2,))])) == 2


def test_classic_6_1_3_3_beam_line_missing_the_death_star_refused() -> None:
    # bGx: Gx1-Gx5 mirrored misses A's cube (Red/Orange, v-w).
    assert_refused(classic("1 A: bGx"), turn=1, player="A", rules=["6.1.3"])


def test_classic_6_1_3_damaged_death_star_has_no_beam() -> None:
    # Turn 1 B hits A's Ow2; the DS is no longer undamaged.
    assert_refused(classic("1 B: Ow2", "2 A: bRv"), turn=2, player="A", rules=["6.1.3"])


def test_classic_has_no_scans() -> None:
    assert_refused(classic("1 A: sGx1"), turn=1, player="A", rules=[])


def test_classic_fleet_without_heavy_fighter_refused() -> None:
    assert_refused(classic(a=f"{DS_CUBE}; {KC}; {FS}; {MD}"), player="A", rules=[("3.3", "3.2")])


def test_classic_6_6_3_strike_on_a_cell_exploded_this_turn_is_still_a_hit() -> None:
    # Every reference is to the start of the turn [classic 2.4]: after Yw3's explosion takes
    # Yv3 (at the end of the turn), a strike on Yv3 in the same list still finds an undamaged,
    # unfired missile: a hit that explodes with Yw3. B loses the MD once: 23 - 3.
    report = adjudicate(classic("1 A: Yw3 Yv3"))
    first, second = entries(report, 1, "A")
    assert first["explosions"] == ["Yw3", "Yv3", "Yx3"]
    assert (second["result"], second["explosions"]) == ("hit", ["Yv3", "Yw3"])
    assert materiel(report, 1) == (23, 20)


def test_classic_materiel_counts_the_turns_hits_and_explosions_at_its_end() -> None:
    # A destroys B's HF (Oz4 Oz5) and MD (Yw3 explodes with Yv3 Yx3): B 23 - 5 = 18.
    report = adjudicate(classic("1 A: Oz4 Oz5 Yw3"))
    assert materiel(report, 1) == (23, 18)
    assert report["result"]["over"] is False


def test_classic_beam_through_the_death_star_along_the_letters() -> None:
    # bR1: Red, number 1, letters v-z: mirrored it passes Rv1 Rw1 of A's cube. B: Rv1 Rw1 hit.
    report = adjudicate(classic("1 A: bR1"))
    hits = sorted(e["cell"] for e in entries(report, 1, "A") if e["result"] == "hit")
    assert hits == ["Rv1", "Rw1"]
    assert len(entries(report, 1, "A")) == 5


def test_classic_beam_line_beside_the_death_star_refused() -> None:
    # bR3: Rv3-Rz3 mirrored misses the cube (numbers 1-2).
    assert_refused(classic("1 A: bR3"), turn=1, player="A", rules=["6.1.3"])


def test_classic_6_6_2_2_missile_launched_and_struck_in_the_same_turn_is_a_plain_hit() -> None:
    # The launch takes effect just before the visible aspects [classic 6.6.2.2] and only a cell
    # still unfired after them explodes [classic 6.6.3]: B's strike on A's Yw3 is a plain hit.
    report = adjudicate(classic("1 A: mYw3 Rz1", "1 B: Yw3"))
    e = entries(report, 1, "B")[0]
    assert (e["result"], e["explosions"]) == ("hit", [])
    assert materiel(report, 1) == (22, 23)


CLASSIC_TURNS = (
    "1 A: Oz4",
    "2 A: bRv Yw3 Yv3 Rv1 Oz5",
    "2 B: kOz5 Oz5 Ow2",
)


def test_classic_full_turn_everything_refers_to_the_start_of_the_turn() -> None:
    # Turn 1 A hits B's HF Oz4. Turn 2, A: the beam Rv1-Rv5 (Rv1 Rv2 hit B's DS); Yw3 hit,
    # explodes with Yv3 Yx3; Yv3 still undamaged and unfired at the start: hit, explodes with
    # Yw3; Rv1 hit again; Oz5 (B's kamikaze launch cell) hit. B: kamikaze from Oz5 (its HF has
    # no pair left); Oz5 hits A's HF; Ow2 hits A's DS.
    # Materiel: B 23 - 1 - (Rv1 Rv2 Yv3 Yw3 Yx3 Oz5) = 16; A 23 - 2 = 21.
    report = adjudicate(classic(*CLASSIC_TURNS))
    a = entries(report, 2, "A")
    # The order of a classic beam's five cells is not fixed by the rulings: compare as a set.
    assert [e["action"] for e in a] == ["beam"] * 5 + ["strike"] * 4
    assert sorted((e["cell"], e["result"]) for e in a[:5]) == [
        ("Rv1", "hit"),
        ("Rv2", "hit"),
        ("Rv3", "miss"),
        ("Rv4", "miss"),
        ("Rv5", "miss"),
    ]
    assert [e["result"] for e in a[5:]] == ["hit"] * 4
    assert [e["cell"] for e in a[5:]] == ["Yw3", "Yv3", "Rv1", "Oz5"]
    assert [e["explosions"] for e in a[5:7]] == [["Yw3", "Yv3", "Yx3"], ["Yv3", "Yw3"]]
    assert results(report, 2, "B") == [
        ("strike", "Oz5", "hit"),
        ("strike", "Ow2", "hit"),
        ("kamikaze", "Oz5", None),
    ]
    assert materiel(report, 2) == (21, 16)


def test_classic_full_turn_both_beams_lost_with_the_damage() -> None:
    # After turn 2 neither death star is undamaged: no beam for either in turn 3.
    assert_refused(classic(*CLASSIC_TURNS, "3 A: bRv"), turn=3, player="A", rules=["6.1.3"])
    assert_refused(classic(*CLASSIC_TURNS, "3 B: bRv"), turn=3, player="B", rules=["6.1.3"])
