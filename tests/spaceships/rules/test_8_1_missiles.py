"""8.1 missiles: launch cells named by partial coordinate values [11.5.3], one launch per ship,
fired missiles stay undamaged, explosions on a strike at an unfired missile [8.1.4] without
chaining, and a missile launched this turn is already fired when struck [8.1.3.2].

Which cell a launch fired is seen through a strike by B on it in the same turn: a fired missile
gives a plain hit, an unfired one explodes [rulings, Resolving a turn]."""

import pytest
from rules_support import (
    DS_CUBE,
    KC,
    LS,
    PC,
    STD,
    adjudicate,
    assert_refused,
    destroyed,
    entries,
    entry,
    explosions,
    materiel,
    record,
    results,
)

# The missile destroyer along the numbers (Yv1 Yv2 Yv3) and along the colours (Ox4 Yx4 Gx4).
MD_ALONG_NUMBERS = f"{DS_CUBE}; {KC}; {PC}; MD Yv1 Yv2 Yv3; {LS}"
MD_ALONG_COLOURS = f"{DS_CUBE}; {KC}; {PC}; MD Ox4 Yx4 Gx4; {LS}"
# The missile destroyer Yx1 Yx2 Yx3 lies against the KC's Gx1 Gx2 Gx3 (Y and G adjacent).
MD_AGAINST_KC = f"{DS_CUBE}; {KC}; {PC}; MD Yx1 Yx2 Yx3; {LS}"


@pytest.mark.parametrize(
    ("fleet", "launch", "cell"),
    [
        (STD, "mYw3", "Yw3"),  # all three values
        (STD, "mv", "Yv3"),  # only Yv3 of the missiles has letter v
        (STD, "mx3", "Yx3"),  # letter and number
        (STD, "mYx", "Yx3"),  # colour and letter
        (MD_ALONG_NUMBERS, "m2", "Yv2"),  # the number alone
        (MD_ALONG_COLOURS, "mG", "Gx4"),  # the colour alone
    ],
    ids=["mYw3", "mv", "mx3", "mYx", "m2", "mG"],
)
def test_11_5_3_partial_launch_fires_the_only_matching_missile(
    fleet: str, launch: str, cell: str
) -> None:
    # B strikes the named cell in the same turn: a plain hit, no explosion, because A's launch
    # made it a fired missile before any strike [8.1.3.2].
    report = adjudicate(record(f"1 A: {launch} Rz1", f"1 B: {cell}", a=fleet))
    e = entry(report, 1, "B", 0)
    assert (e["cell"], e["result"], explosions(e)) == (cell, "hit", [])
    # The missile strike's visible aspect is a plain strike on its target [8.1.3.3].
    assert results(report, 1, "A") == [("strike", "Rz1", "miss")]


def test_8_1_4_unlaunched_neighbour_still_explodes_when_struck() -> None:
    # Control for the test above: A launches mv (Yv3); B strikes Yx3, still unfired: it
    # explodes with its undamaged neighbour Yw3.
    report = adjudicate(record("1 A: mv Rz1", "1 B: Yx3"))
    assert explosions(entry(report, 1, "B", 0)) == ["Yx3", "Yw3"]


@pytest.mark.parametrize(
    ("fleet", "launch", "candidates"),
    [
        (STD, "m3", ["Yv3", "Yw3", "Yx3"]),
        (STD, "mY", ["Yv3", "Yw3", "Yx3"]),
        (MD_ALONG_NUMBERS, "mv", ["Yv1", "Yv2", "Yv3"]),
        (MD_ALONG_COLOURS, "mx4", ["Ox4", "Yx4", "Gx4"]),
    ],
    ids=["m3", "mY", "mv_along_numbers", "mx4_along_colours"],
)
def test_11_5_3_ambiguous_launch_refused_listing_candidates(
    fleet: str, launch: str, candidates: list[str]
) -> None:
    output = assert_refused(
        record(f"1 A: {launch} Rz1", a=fleet), turn=1, player="A", rules=["11.5.3"]
    )
    for cell in candidates:
        assert cell in output


@pytest.mark.parametrize("launch", ["m1", "mGx1", "mB", "mz"])
def test_11_5_3_launch_matching_no_unfired_missile_refused(launch: str) -> None:
    # None of A's missiles (Yv3 Yw3 Yx3) has number 1, colour B or letter z; Gx1 is a KC cell.
    assert_refused(record(f"1 A: {launch} Rz1"), turn=1, player="A", rules=[("11.5.3", "8.1.3.1")])


def test_8_1_3_1_fired_missile_cannot_launch_again_next_turn() -> None:
    # Turn 1 fires Yv3; in turn 2 `mv` matches no unfired missile.
    assert_refused(
        record("1 A: mv Rz1", "2 A: mv Rz2"),
        turn=2,
        player="A",
        rules=[("11.5.3", "8.1.3.1")],
    )


def test_11_5_3_partial_value_resolves_among_unfired_missiles_only() -> None:
    # After Yv3 and Yw3 are fired, `m3` matches only Yx3: accepted. B strikes Yx3 in turn 3:
    # fired, so a plain hit.
    report = adjudicate(record("1 A: mYv3 Rz1", "2 A: mYw3 Rz2", "3 A: m3 Rz3", "3 B: Yx3"))
    e = entry(report, 3, "B", 0)
    assert (e["result"], explosions(e)) == ("hit", [])


def test_8_1_3_one_missile_launch_per_ship() -> None:
    assert_refused(record("1 A: mv mx Rz1 Rz2"), turn=1, player="A", rules=["8.1.3"])


def test_8_1_3_fired_missile_is_undamaged_materiel() -> None:
    # Firing does not destroy the cell: A keeps 22 after launching.
    report = adjudicate(record("1 A: mYv3 Rz1"))
    assert materiel(report, 1) == (22, 22)


def test_8_1_4_strike_on_middle_missile_explodes_whole_destroyer() -> None:
    # Yw3's undamaged same-ship neighbours: Yv3, Yx3. Explosions: target, then conventional
    # order. The MD is destroyed on this entry, cells in conventional order. A: 22 - 3.
    report = adjudicate(record("1 B: Yw3"))
    e = entry(report, 1, "B", 0)
    assert (e["action"], e["cell"], e["result"]) == ("strike", "Yw3", "hit")
    assert explosions(e) == ["Yw3", "Yv3", "Yx3"]
    assert destroyed(e) == [("MD", ["Yv3", "Yw3", "Yx3"])]
    assert materiel(report, 1) == (19, 22)


def test_8_1_4_explosions_do_not_chain() -> None:
    # Yv3 explodes and destroys Yw3 (an unfired missile too), which does not explode in turn:
    # Yx3 survives. A: 22 - 2.
    report = adjudicate(record("1 B: Yv3"))
    e = entry(report, 1, "B", 0)
    assert explosions(e) == ["Yv3", "Yw3"]
    assert destroyed(e) == []
    assert materiel(report, 1) == (20, 22)


def test_8_1_4_explosion_spares_adjacent_cells_of_other_ships() -> None:
    # Yx2 explodes with Yx1 and Yx3 but not with the KC's Gx2 next to it: B's later strike on
    # Gx2 is a hit, not a duplicate. A: 22 - 3 - 1.
    report = adjudicate(record("1 B: Yx2 Gx2", a=MD_AGAINST_KC))
    first, second = entries(report, 1, "B")
    assert explosions(first) == ["Yx2", "Yx1", "Yx3"]
    assert (second["cell"], second["result"], explosions(second)) == ("Gx2", "hit", [])
    assert materiel(report, 1) == (18, 22)


def test_8_1_4_explosion_destroys_a_fired_neighbour() -> None:
    # Yv3 fired in turn 1 is still an undamaged cell of the MD: Yw3's explosion takes it.
    report = adjudicate(record("1 A: mYv3 Rz1", "2 B: Yw3"))
    e = entry(report, 2, "B", 0)
    assert explosions(e) == ["Yw3", "Yv3", "Yx3"]
    assert destroyed(e) == [("MD", ["Yv3", "Yw3", "Yx3"])]


def test_8_1_4_strike_on_a_fired_missile_is_a_plain_hit() -> None:
    report = adjudicate(record("1 A: mYv3 Rz1", "2 B: Yv3"))
    e = entry(report, 2, "B", 0)
    assert (e["result"], explosions(e)) == ("hit", [])
    assert materiel(report, 2) == (21, 22)


def test_8_1_4_far_end_struck_after_an_explosion_explodes_alone() -> None:
    # Yv3 explodes with Yw3; then Yx3 (still unfired, undamaged) explodes with no undamaged
    # neighbour left in its ship, and its hit destroys the MD.
    report = adjudicate(record("1 B: Yv3 Yx3"))
    first, second = entries(report, 1, "B")
    assert explosions(first) == ["Yv3", "Yw3"]
    assert (second["result"], explosions(second)) == ("hit", ["Yx3"])
    assert destroyed(second) == [("MD", ["Yv3", "Yw3", "Yx3"])]


def test_8_1_4_strike_on_a_cell_destroyed_by_an_explosion_is_a_duplicate() -> None:
    report = adjudicate(record("1 B: Yw3 Yv3"))
    second = entries(report, 1, "B")[1]
    assert (second["result"], explosions(second), destroyed(second)) == ("duplicate", [], [])


def test_8_1_4_missile_launched_and_struck_in_the_same_turn_is_a_plain_hit() -> None:
    # B's strike on Yw3 is revealed after A's launch took effect [8.1.3.2]: no explosion, and
    # Yv3, Yx3 survive. A: 22 - 1.
    report = adjudicate(record("1 A: mYw3 Rz1", "1 B: Yw3"))
    e = entry(report, 1, "B", 0)
    assert (e["result"], explosions(e), destroyed(e)) == ("hit", [], [])
    assert materiel(report, 1) == (21, 22)


def test_8_1_3_2_launch_by_B_takes_effect_before_A_reports() -> None:
    # A reports first, yet B's launch of Yv3 already made it fired: A's strike is a plain hit.
    report = adjudicate(record("1 A: Yv3", "1 B: mYv3 Rz1"))
    e = entry(report, 1, "A", 0)
    assert (e["result"], explosions(e)) == ("hit", [])
    assert materiel(report, 1) == (22, 21)


def test_8_1_4_beam_strike_on_an_unfired_missile_explodes() -> None:
    # A beam strike is a strike [5.3]: bYv3Yx3 along B's MD. Yv3 hit, explodes with Yw3; Yw3
    # then a duplicate; Yx3 hit, explodes alone and destroys the MD. A's cube fires along the
    # letters with Rv1-Rw1 [8.2.2]. B: 22 - 3.
    report = adjudicate(record("1 A: bYv3Yx3"))
    beams = entries(report, 1, "A")
    assert [(e["cell"], e["result"]) for e in beams] == [
        ("Yv3", "hit"),
        ("Yw3", "duplicate"),
        ("Yx3", "hit"),
    ]
    assert [explosions(e) for e in beams] == [["Yv3", "Yw3"], [], ["Yx3"]]
    assert destroyed(beams[2]) == [("MD", ["Yv3", "Yw3", "Yx3"])]
    assert materiel(report, 1) == (22, 19)


def test_8_1_3_2_missile_launched_as_its_destroyer_explodes_still_strikes() -> None:
    # A launches Yv3 at Gx1; B strikes Yw3, still unfired: it explodes with Yv3 (fired but
    # undamaged) and Yx3. A's missile strike on Gx1 still hits.
    report = adjudicate(record("1 A: mYv3 Gx1", "1 B: Yw3"))
    assert results(report, 1, "A") == [("strike", "Gx1", "hit")]
    assert explosions(entry(report, 1, "B", 0)) == ["Yw3", "Yv3", "Yx3"]
    assert materiel(report, 1) == (19, 21)


def test_8_1_4_light_gunboat_struck_explodes_alone_and_ends_the_game() -> None:
    # fleet=cost:1, each a light gunboat Bx5 (one missile). A's strike needs its launch: mBx5
    # at B's Bx5: B's gunboat, an unfired missile, explodes alone and is destroyed; A's own
    # gunboat is fired but undamaged. A 1, B 0.
    report = adjudicate(record("1 A: mBx5 Bx5", a="LG Bx5", b="LG Bx5", options="fleet=cost:1"))
    e = entry(report, 1, "A", 0)
    assert (e["result"], explosions(e), destroyed(e)) == ("hit", ["Bx5"], [("LG", ["Bx5"])])
    r = report["result"]
    assert (r["over"], r["score"], r["winner"]) == (True, {"A": 1, "B": 0}, "A")


def test_8_1_2_destroyed_missile_cannot_launch() -> None:
    # Turn 1 B hits Yv3, which explodes with Yw3. Turn 2 only Yx3 is a missile.
    assert_refused(
        record("1 B: Yv3", "2 A: mYv3 Rz1"), turn=2, player="A", rules=[("11.5.3", "8.1")]
    )
    report = adjudicate(record("1 B: Yv3", "2 A: mYx3 Rz1"))
    assert results(report, 2, "A") == [("strike", "Rz1", "miss")]
