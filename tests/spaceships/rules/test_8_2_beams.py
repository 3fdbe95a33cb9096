"""8.2 beams: three loosely adjacent target cells in a straight line, written by their end
cells; two undamaged, loosely adjacent firing cells of the ship on a parallel line [8.2.2]; the
ship named only when several could fire [8.2.3.1]; burn-out [8.2.4] after a diagonal beam with
both end hits, refused from then on [8.4]; beam entries come first, from the first written end."""

from rules_support import (
    KC,
    LS,
    MD,
    PC,
    adjudicate,
    assert_refused,
    materiel,
    record,
    results,
)

# fleet=cost:16: two cube death stars, DS1 in Red/Orange and DS2 in Green/Blue.
TWO_CUBES = "DS1 Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2; DS2 Gv1 Gv2 Gw1 Gw2 Bv1 Bv2 Bw1 Bw2"
# fleet=cost:16: DS1 a cube; DS2 a flat 4x2x1 box all in Blue (no two cells differ in colour).
CUBE_AND_FLAT = "DS1 Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2; DS2 Bv1 Bv2 Bw1 Bw2 Bx1 Bx2 By1 By2"


def test_8_2_beam_along_an_axis_hits_three_cells_from_the_first_written_end() -> None:
    # bGx3Gx1: targets Gx3, Gx2, Gx1, all B's KC; reported from the end written first.
    report = adjudicate(record("1 A: bGx3Gx1"))
    assert results(report, 1, "A") == [
        ("beam", "Gx3", "hit"),
        ("beam", "Gx2", "hit"),
        ("beam", "Gx1", "hit"),
    ]
    assert materiel(report, 1) == (22, 19)


def test_11_7_1_1_beam_entries_come_before_strikes_whatever_the_written_order() -> None:
    report = adjudicate(record("1 A: Rv1 bGx3Gx1"))
    assert results(report, 1, "A") == [
        ("beam", "Gx3", "hit"),
        ("beam", "Gx2", "hit"),
        ("beam", "Gx1", "hit"),
        ("strike", "Rv1", "hit"),
    ]


def test_8_2_1_beam_ends_not_on_a_straight_line_refused() -> None:
    # Gx1 to Gy3: steps (0, 1, 2) are not a multiple of one direction.
    assert_refused(record("1 A: bGx1Gy3"), turn=1, player="A", rules=["8.2.1"])


def test_8_2_1_beam_of_four_cells_refused() -> None:
    assert_refused(record("1 A: bGx1Gx4"), turn=1, player="A", rules=["8.2.1"])


def test_8_2_1_beam_of_two_cells_refused() -> None:
    assert_refused(record("1 A: bGx1Gx2"), turn=1, player="A", rules=["8.2.1"])


def test_8_2_one_beam_per_death_star_per_turn() -> None:
    assert_refused(record("1 A: bGx1Gx3 bGy1Gy3"), turn=1, player="A", rules=["8.2"])


def test_8_2_2_1_firing_cells_must_be_undamaged() -> None:
    # B destroys A's Rv1 Rw1 Ov1 Ow1: no two undamaged cube cells differ only in number, so a
    # beam along the numbers is refused; along the letters (Rv2-Rw2) it still fires.
    hits = "1 B: Rv1 Rw1 Ov1 Ow1"
    assert_refused(record(hits, "2 A: bGx1Gx3"), turn=2, player="A", rules=["8.2.2"])
    report = adjudicate(record(hits, "2 A: bGv1Gx1"))
    assert results(report, 2, "A") == [
        ("beam", "Gv1", "miss"),
        ("beam", "Gw1", "miss"),
        ("beam", "Gx1", "hit"),
    ]


def test_8_2_2_3_flat_death_star_cannot_fire_across_its_plane() -> None:
    # The 4x2x1 box Rv1-Rw4 lies in Red only: no pair of its cells along the colour axis.
    fleet = f"DS Rv1 Rv2 Rv3 Rv4 Rw1 Rw2 Rw3 Rw4; {KC}; {PC}; {MD}; {LS}"
    assert_refused(record("1 A: bRz3Yz3", a=fleet), turn=1, player="A", rules=["8.2.2"])
    # ...but along its letters it may.
    report = adjudicate(record("1 A: bGv1Gx1", a=fleet))
    assert [r[0] for r in results(report, 1, "A")] == ["beam"] * 3


def test_8_2_3_1_ship_must_be_named_when_two_death_stars_could_fire() -> None:
    assert_refused(
        record("1 A: bGz1Gz3", a=TWO_CUBES, b=TWO_CUBES, options="fleet=cost:16"),
        turn=1,
        player="A",
        rules=[("8.2.3.1", "11.5.2.1")],
    )
    report = adjudicate(
        record("1 A: bGz1Gz3(DS1)", a=TWO_CUBES, b=TWO_CUBES, options="fleet=cost:16")
    )
    assert [r[0] for r in results(report, 1, "A")] == ["beam"] * 3


def test_8_2_3_1_ship_need_not_be_named_when_only_one_could_fire() -> None:
    # Along the colours only the cube DS1 has firing cells; no name needed.
    report = adjudicate(
        record("1 A: bRz3Yz3", a=CUBE_AND_FLAT, b=CUBE_AND_FLAT, options="fleet=cost:16")
    )
    assert results(report, 1, "A") == [
        ("beam", "Rz3", "miss"),
        ("beam", "Oz3", "miss"),
        ("beam", "Yz3", "miss"),
    ]


def test_8_2_2_named_ship_must_itself_be_able_to_fire() -> None:
    # DS2 is flat in Blue: it has no firing cells along the colours.
    assert_refused(
        record("1 A: bRz3Yz3(DS2)", a=CUBE_AND_FLAT, b=CUBE_AND_FLAT, options="fleet=cost:16"),
        turn=1,
        player="A",
        rules=["8.2.2"],
    )


def test_8_2_4_diagonal_beam_with_both_end_hits_burns_out() -> None:
    # bOv1Gx3 is the space diagonal Ov1 Yw2 Gx3 (A's cube fires with Rv1-Ow2): Ov1 hits B's DS,
    # Yw2 is empty, Gx3 hits B's KC. Ov1 and Gx3 are hits and not loosely adjacent: burn-out,
    # so the beam is refused in turn 2 [8.4].
    report = adjudicate(record("1 A: bOv1Gx3"))
    assert results(report, 1, "A") == [
        ("beam", "Ov1", "hit"),
        ("beam", "Yw2", "miss"),
        ("beam", "Gx3", "hit"),
    ]
    assert_refused(
        record("1 A: bOv1Gx3", "2 A: bGy1Gy3"),
        turn=2,
        player="A",
        rules=[("8.4", "8.2.4")],
    )


def test_8_2_4_diagonal_beam_with_one_end_a_duplicate_does_not_burn_out() -> None:
    # Turn 1 destroys Gx3; turn 2's bOv1Gx3 has Gx3 a duplicate hit, not a hit: no burn-out;
    # turn 3 the beam fires again (Gy1 Gy2 Gy3 all hits).
    report = adjudicate(record("1 A: Gx3", "2 A: bOv1Gx3", "3 A: bGy1Gy3"))
    assert results(report, 2, "A")[2] == ("beam", "Gx3", "duplicate")
    assert results(report, 3, "A") == [
        ("beam", "Gy1", "hit"),
        ("beam", "Gy2", "hit"),
        ("beam", "Gy3", "hit"),
    ]


def test_8_2_4_diagonal_beam_with_an_end_and_the_middle_hit_does_not_burn_out() -> None:
    # bGx1Gz3: face diagonal Gx1 Gy2 Gz3 (A fires with Rv1-Rw2): hit, hit, miss. Gx1 and Gy2
    # are loosely adjacent, so no burn-out; turn 2 fires again.
    report = adjudicate(record("1 A: bGx1Gz3", "2 A: bGy1Gy3"))
    assert results(report, 1, "A") == [
        ("beam", "Gx1", "hit"),
        ("beam", "Gy2", "hit"),
        ("beam", "Gz3", "miss"),
    ]
    assert [r[2] for r in results(report, 2, "A")] == ["hit", "duplicate", "hit"]


def test_8_2_4_axis_beam_with_three_hits_never_burns_out() -> None:
    report = adjudicate(record("1 A: bGx1Gx3", "2 A: bGy1Gy3", "3 A: bBz1Bz3"))
    assert [r[2] for r in results(report, 3, "A")] == ["hit", "hit", "hit"]
    assert materiel(report, 3) == (22, 22 - 9)


def test_8_2_4_face_diagonal_with_both_end_hits_burns_out() -> None:
    # bRv1Yv3: Rv1 Ov2 Yv3 along (1, 0, 1), fired with A's Rv1-Ov2. Rv1 and Ov2 hit B's DS;
    # Yv3 hits B's MD and explodes with Yw3 [8.1.4]. Both ends hits: burn-out [8.2.4].
    report = adjudicate(record("1 A: bRv1Yv3"))
    assert results(report, 1, "A") == [
        ("beam", "Rv1", "hit"),
        ("beam", "Ov2", "hit"),
        ("beam", "Yv3", "hit"),
    ]
    assert report["turns"][0]["reports"]["A"][2]["explosions"] == ["Yv3", "Yw3"]
    assert_refused(
        record("1 A: bRv1Yv3", "2 A: bGx1Gx3"), turn=2, player="A", rules=[("8.4", "8.2.4")]
    )


def test_8_4_burnt_out_death_star_still_gives_its_conventional_strike() -> None:
    # Only the beam weapon burns out: turn 2 A still has DS 1 + KC 3 + PC 2 + MD 1 = 7.
    report = adjudicate(record("1 A: bOv1Gx3", "2 A: Rz1 Rz2 Rz3 Rz4 Rz5 Ry1 Ry2"))
    assert len(results(report, 2, "A")) == 7


def test_2_4_death_star_destroyed_this_turn_still_fires_its_beam() -> None:
    # Orders are checked against the start of the turn [2.4]: B destroys A's whole DS in
    # turn 1 (7 strikes + the missile Yv3's strike on Ow2), yet A's beam of that turn fires.
    report = adjudicate(record("1 A: bGx1Gx3", "1 B: Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 mYv3 Ow2"))
    assert results(report, 1, "A") == [
        ("beam", "Gx1", "hit"),
        ("beam", "Gx2", "hit"),
        ("beam", "Gx3", "hit"),
    ]
    assert materiel(report, 1) == (22 - 8, 22 - 3)


def test_8_2_2_3_firing_pair_must_be_parallel_not_merely_mirror_image() -> None:
    # B destroys six cube cells, leaving A's Rv2 and Rw1: their line is (0, 1, -1). A beam
    # along (0, 1, 1) (Gv1 Gw2 Gx3) is not parallel to it; along (0, 1, -1) (Gv3 Gw2 Gx1) it is.
    hits = "1 B: Rv1 Rw2 Ov1 Ov2 Ow1 Ow2"
    assert_refused(record(hits, "2 A: bGv1Gx3"), turn=2, player="A", rules=["8.2.2"])
    report = adjudicate(record(hits, "2 A: bGv3Gx1"))
    assert results(report, 2, "A") == [
        ("beam", "Gv3", "miss"),
        ("beam", "Gw2", "miss"),
        ("beam", "Gx1", "hit"),
    ]


def test_8_2_2_2_firing_cells_must_be_loosely_adjacent() -> None:
    # A's flat DS Rv1-Rw4 loses Rv2 Rv4 Rw1 Rw3 Rw4, keeping Rv1 Rv3 Rw2. Along the numbers
    # only Rv1 and Rv3 line up, two apart: no beam along the numbers. Rv1-Rw2 still fires the
    # (0, 1, 1) diagonal.
    fleet = f"DS Rv1 Rv2 Rv3 Rv4 Rw1 Rw2 Rw3 Rw4; {KC}; {PC}; {MD}; {LS}"
    hits = "1 B: Rv2 Rv4 Rw1 Rw3 Rw4"
    assert_refused(record(hits, "2 A: bGx1Gx3", a=fleet), turn=2, player="A", rules=["8.2.2"])
    report = adjudicate(record(hits, "2 A: bGv1Gx3", a=fleet))
    assert [r[0] for r in results(report, 2, "A")] == ["beam"] * 3


def test_8_2_3_1_naming_the_only_death_star_is_allowed() -> None:
    report = adjudicate(record("1 A: bGx1Gx3(DS)"))
    assert [r[2] for r in results(report, 1, "A")] == ["hit", "hit", "hit"]


def test_8_2_beam_named_for_a_ship_without_a_beam_weapon_refused() -> None:
    assert_refused(record("1 A: bGx1Gx3(KC)"), turn=1, player="A", rules=["8.2"])


# fleet=cost:16 target fleet for burning out DS1: KC 6 + FS 4 + PC 4 + AG 2 (AG on Ov1 Ov2).
KC_FS_PC_AG = "KC Gx1 Gx2 Gx3 Gy1 Gy2 Gy3; FS Bv4 Bv5 Bw4 Bw5; PC Bz1 Bz2 Bz3 Bz4; AG Ov1 Ov2"


def test_8_4_once_one_death_star_burns_out_the_other_fires_unnamed() -> None:
    # Turn 1 A's DS1 fires the space diagonal Ov1 Yw2 Gx3 (both cubes could: it is named): Ov1
    # hits B's AG (and explodes with Ov2), Gx3 hits B's KC: DS1 burns out. Turn 2 only DS2 can
    # fire along the numbers, so no name is needed; naming DS1 is refused.
    opts = "fleet=cost:16"
    turn1 = "1 A: bOv1Gx3(DS1)"
    report = adjudicate(record(turn1, "2 A: bGz1Gz3", a=TWO_CUBES, b=KC_FS_PC_AG, options=opts))
    assert [r[2] for r in results(report, 1, "A")] == ["hit", "miss", "hit"]
    assert [r[0] for r in results(report, 2, "A")] == ["beam"] * 3
    assert_refused(
        record(turn1, "2 A: bGz1Gz3(DS1)", a=TWO_CUBES, b=KC_FS_PC_AG, options=opts),
        turn=2,
        player="A",
        rules=[("8.4", "8.2.4")],
    )


def test_8_2_2_firing_cells_must_belong_to_one_ship() -> None:
    # Two flat death stars, DS1 all Red and DS2 all Orange right over it: every pair of cells
    # along the colour axis spans both ships, so neither can fire along the colours.
    two_flats = "DS1 Rv1 Rv2 Rv3 Rv4 Rw1 Rw2 Rw3 Rw4; DS2 Ov1 Ov2 Ov3 Ov4 Ow1 Ow2 Ow3 Ow4"
    assert_refused(
        record("1 A: bRz3Yz3", a=two_flats, b=two_flats, options="fleet=cost:16"),
        turn=1,
        player="A",
        rules=["8.2.2"],
    )


def test_8_2_beam_strikes_do_not_count_against_strikes() -> None:
    # A beam, 7 conventional strikes and a missile launch with its strike: all accepted.
    report = adjudicate(record("1 A: bGx1Gx3 Rz1 Rz2 Rz3 Rz4 Rz5 Ry1 Ry2 mYv3 Ry3"))
    assert [r[0] for r in results(report, 1, "A")] == ["beam"] * 3 + ["strike"] * 8


def test_8_2_each_death_star_fires_its_own_beam_in_the_same_turn() -> None:
    # One firing per ship with a beam weapon, not per player: DS1 and DS2 both fire. Beams are
    # reported in the order written, each from its first written end; B's TWO_CUBES has DS1 on
    # Rv1 Rv2 and DS2 on Gv1 Gv2.
    report = adjudicate(
        record("1 A: bRv1Rv3(DS1) bGv1Gv3(DS2)", a=TWO_CUBES, b=TWO_CUBES, options="fleet=cost:16")
    )
    assert results(report, 1, "A") == [
        ("beam", "Rv1", "hit"),
        ("beam", "Rv2", "hit"),
        ("beam", "Rv3", "miss"),
        ("beam", "Gv1", "hit"),
        ("beam", "Gv2", "hit"),
        ("beam", "Gv3", "miss"),
    ]
