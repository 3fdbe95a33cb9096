"""Resolving a turn in 2.6.1 [rulings, "Resolving a turn"]: effects on the active player first
(kamikaze launch cells destroyed, missile launch cells fired), then each player's visible
aspects in the conventional order; a hit takes effect at once, so a later strike on the same
cell in the same turn is a duplicate hit [5.2.4]."""

from rules_support import (
    STD_HS,
    adjudicate,
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
