"""Resolving a turn in 2.6.1 [rulings, "Resolving a turn"]: effects on the active player first
(kamikaze launch cells destroyed, missile launch cells fired), then each player's visible
aspects in the conventional order; a hit takes effect at once, so a later strike on the same
cell in the same turn is a duplicate hit [5.2.4]."""

from rules_support import (
    STD_HS,
    adjudicate,
    assert_refused,
    destroyed,
    entries,
    materiel,
    record,
    results,
)


def test_5_2_4_second_strike_on_the_same_cell_in_a_turn_is_a_duplicate() -> None:
    report = adjudicate(record("1 A: Gx1 Gx1"))
    assert results(report, 1, "A") == [("strike", "Gx1", "hit"), ("strike", "Gx1", "duplicate")]
    assert materiel(report, 1) == (22, 21)


def test_5_2_4_strike_after_a_beam_on_the_same_cell_is_a_duplicate() -> None:
    # Beams are revealed before strikes even when written after them.
    report = adjudicate(record("1 A: Gx1 bGx1Gx3"))
    assert results(report, 1, "A") == [
        ("beam", "Gx1", "hit"),
        ("beam", "Gx2", "hit"),
        ("beam", "Gx3", "hit"),
        ("strike", "Gx1", "duplicate"),
    ]


def test_5_2_4_strike_on_a_cell_destroyed_in_an_earlier_turn_is_a_duplicate() -> None:
    report = adjudicate(record("1 A: Gx1", "2 A: Gx1"))
    assert results(report, 2, "A") == [("strike", "Gx1", "duplicate")]
    assert materiel(report, 2) == (22, 21)


def test_5_2_2_strike_on_an_empty_cell_is_a_miss() -> None:
    report = adjudicate(record("1 A: Bz5"))
    assert results(report, 1, "A") == [("strike", "Bz5", "miss")]


def test_4_5_3_strike_on_a_kamikaze_launch_cell_of_this_turn_is_a_duplicate() -> None:
    # STD_HS; turn 1 A hits B's Oz4. Turn 2 B kamikazes from Oz5: it is destroyed before any
    # visible aspect, so A's strike on it (revealed first!) is a duplicate hit; the HS is
    # reported destroyed on B's kamikaze entry, not on A's strike.
    report = adjudicate(record("1 A: Oz4", "2 A: Oz5", "2 B: kOz5 Rz1", a=STD_HS, b=STD_HS))
    (strike,) = entries(report, 2, "A")
    assert (strike["result"], destroyed(strike)) == ("duplicate", [])
    kamikaze = entries(report, 2, "B")[-1]
    assert (kamikaze["action"], kamikaze["cell"]) == ("kamikaze", "Oz5")
    assert destroyed(kamikaze) == [("HS", ["Oz4", "Oz5"])]
    # B lost Oz4 and Oz5 only: 23 - 2.
    assert materiel(report, 2) == (23, 21)


def test_2_2_both_players_strikes_resolve_in_the_same_turn() -> None:
    # Each player's strikes fall on the other's space; both hit.
    report = adjudicate(record("1 A: Gx1", "1 B: Gx2"))
    assert results(report, 1, "A") == [("strike", "Gx1", "hit")]
    assert results(report, 1, "B") == [("strike", "Gx2", "hit")]
    assert materiel(report, 1) == (21, 21)


def test_11_7_3_ship_destroyed_mid_list_is_reported_on_its_last_hit() -> None:
    # B's LS Oz5 is destroyed by A's first strike; the entry carries it.
    report = adjudicate(record("1 A: Oz5 Gx1"))
    first, second = entries(report, 1, "A")
    assert destroyed(first) == [("LS", ["Oz5"])]
    assert destroyed(second) == []


def test_materiel_is_reported_every_turn() -> None:
    # Turn 1: A hits 2 B cells; turn 2: B hits 1 A cell; turn 3: nothing.
    report = adjudicate(record("1 A: Gx1 Gx2", "2 B: Rv1", "3 A:"))
    assert [materiel(report, t) for t in (1, 2, 3)] == [(22, 20), (21, 20), (21, 20)]
    assert [t["turn"] for t in report["turns"]] == [1, 2, 3]


def test_report_names_the_ruleset() -> None:
    assert adjudicate(record("1 A: Gx1"))["ruleset"] == "2.6.1"


# ---- one full turn, worked out by hand ------------------------------------------------------

PC_HS = (
    "DS Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2; KC Gx1 Gx2 Gx3 Gy1 Gy2 Gy3; PC Bz1 Bz2 Bz3 Bz4; "
    "MD Yv3 Yw3 Yx3; HS Oz4 Oz5"
)


def _short(e: dict) -> tuple:
    return (e["action"], e["cell"], e.get("result"), explosions_of(e), destroyed(e))


def explosions_of(e: dict) -> list[str]:
    return list(e.get("explosions") or [])


def test_full_turn_with_every_kind_of_action_on_both_sides() -> None:
    # Fleets: A = PC_HS (23 cells), B = STD_HS (23 cells).
    # Turn 1: A hits B's Oz4 (HS) and Bv4 (FS); B hits A's Bz2 Bz3 (PC split) and Oz4 (HS).
    #   Materiel A 20, B 21.
    # Turn 2, A: DS 1 + KC 3 + PC 0 + MD 1 + HS 0 = 5 conventional, 1 missile, kamikazes from
    #   the PC and the HS, the beam, 3 scans (3 cells lost in turn 1). A writes 4 strikes with
    #   M = 1, K = 2 (3 <= 4 <= 8).
    #   Effects first: Oz5 and Bz4 destroyed (kamikazes), Yw3 fired (launch); B's Oz5 destroyed
    #   (B's kamikaze).
    #   Beam Yx3 Yw3 Yv3 on B's MD: Yx3 hit, explodes with Yw3; Yw3 duplicate; Yv3 hit,
    #   explodes alone, destroys the MD. Strikes: Gx1 hit, Rv1 hit, Gx1 duplicate, Bw5 hit.
    #   Scans: Bv4 destroyed (turn 1), Oz5 destroyed (B's kamikaze). Deaths: Oz5 (destroys
    #   A's HS), Bz4 (the PC keeps Bz1).
    # Turn 2, B: DS 1 + KC 3 + FS 1 (Bv5 Bw4 Bw5: two pairs share Bw5) + MD 1 = 6; kamikaze
    #   from the HS; 2 scans. Strikes: Oz5 duplicate (A's kamikaze cell), Yw3 plain hit (fired
    #   by A's launch this turn). Scans: Bz4 destroyed (A's kamikaze), Bz1 undamaged. Death:
    #   Oz5 (destroys B's HS).
    # Materiel: A 20 - Oz5 - Bz4 - Yw3 = 17; B 21 - 3 (MD) - Gx1 - Rv1 - Bw5 - Oz5 = 14.
    report = adjudicate(
        record(
            "1 A: Oz4 Bv4",
            "1 B: Bz2 Bz3 Oz4",
            "2 A: Gx1 kOz5 bYx3Yv3 mYw3 Rv1 sBv4 kBz4 sOz5 Gx1 Bw5",
            "2 B: kOz5 Oz5 sBz4 sBz1 Yw3",
            a=PC_HS,
            b=STD_HS,
        )
    )
    md = ("MD", ["Yv3", "Yw3", "Yx3"])
    hs = ("HS", ["Oz4", "Oz5"])
    assert [_short(e) for e in entries(report, 2, "A")] == [
        ("beam", "Yx3", "hit", ["Yx3", "Yw3"], []),
        ("beam", "Yw3", "duplicate", [], []),
        ("beam", "Yv3", "hit", ["Yv3"], [md]),
        ("strike", "Gx1", "hit", [], []),
        ("strike", "Rv1", "hit", [], []),
        ("strike", "Gx1", "duplicate", [], []),
        ("strike", "Bw5", "hit", [], []),
        ("scan", "Bv4", "destroyed", [], []),
        ("scan", "Oz5", "destroyed", [], []),
        ("kamikaze", "Oz5", None, [], [hs]),
        ("kamikaze", "Bz4", None, [], []),
    ]
    assert [_short(e) for e in entries(report, 2, "B")] == [
        ("strike", "Oz5", "duplicate", [], []),
        ("strike", "Yw3", "hit", [], []),
        ("scan", "Bz4", "destroyed", [], []),
        ("scan", "Bz1", "undamaged", [], []),
        ("kamikaze", "Oz5", None, [], [hs]),
    ]
    assert materiel(report, 1) == (20, 21)
    assert materiel(report, 2) == (17, 14)
    assert report["result"]["over"] is False


def test_full_turn_no_scans_after_both_scanners_died() -> None:
    # After the turn above both heavy scouts are destroyed: no scan for either in turn 3.
    turns = (
        "1 A: Oz4 Bv4",
        "1 B: Bz2 Bz3 Oz4",
        "2 A: Gx1 kOz5 bYx3Yv3 mYw3 Rv1 sBv4 kBz4 sOz5 Gx1 Bw5",
        "2 B: kOz5 Oz5 sBz4 sBz1 Yw3",
    )
    assert_refused(
        record(*turns, "3 B: sGx1", a=PC_HS, b=STD_HS), turn=3, player="B", rules=["8.3"]
    )


def test_full_turn_flashcube_data_follows_the_reporting_order() -> None:
    # In the turn above: when A's beam destroys B's MD, A's Yw3 is fired but B's strike on it
    # comes later, so A's MD cells all read undamaged. Each HS dies by its own kamikaze; both
    # kamikaze launch cells were destroyed before any aspect, so each side's flashcube data
    # for Oz4 Oz5 reads HS, destroyed.
    report = adjudicate(
        record(
            "1 A: Oz4 Bv4",
            "1 B: Bz2 Bz3 Oz4",
            "2 A: Gx1 kOz5 bYx3Yv3 mYw3 Rv1 sBv4 kBz4 sOz5 Gx1 Bw5",
            "2 B: kOz5 Oz5 sBz4 sBz1 Yw3",
            a=PC_HS,
            b=STD_HS,
        )
    )

    def flash(e: dict) -> list[tuple]:
        (ship,) = e["destroyed"]
        return [(f["cell"], f["ship"], bool(f.get("destroyed"))) for f in ship["flashcube"]]

    a = entries(report, 2, "A")
    b = entries(report, 2, "B")
    assert flash(a[2]) == [("Yv3", "MD", False), ("Yw3", "MD", False), ("Yx3", "MD", False)]
    assert flash(a[9]) == [("Oz4", "HS", True), ("Oz5", "HS", True)]
    assert flash(b[4]) == [("Oz4", "HS", True), ("Oz5", "HS", True)]
