"""7 flashcube data: when a ship is destroyed, the other player returns, for the same cells of
their own space at that moment, whether each is a ship cell, whether it is destroyed, the type,
and the identity if they have several ships of that type [7.2]. The shared report format does not
fix how flashcube data is written; the judge's report carries it in each `destroyed` entry as
`flashcube: [{cell, ship, destroyed}]` (ship null for an empty cell), which these tests read.

Because player A's visible aspects are revealed before B's [11.7.1, rulings], A's flashcube data
does not yet see B's strikes of the same turn, while B's sees A's: the only thing the reporting
order can change [11.7.2.1]."""

from typing import Any

from rules_support import (
    DS_CUBE,
    FS,
    KC,
    MD,
    STD_HS,
    adjudicate,
    entries,
    record,
)


def flashcube(e: dict[str, Any]) -> list[tuple[str, str | None, bool]]:
    (ship,) = e["destroyed"]
    return [(f["cell"], f["ship"], bool(f.get("destroyed"))) for f in ship["flashcube"]]


def test_7_1_flashcube_data_for_every_cell_of_the_destroyed_ship() -> None:
    # A destroys B's MD (explosion); A's own Yv3 Yw3 Yx3 are its undamaged MD.
    report = adjudicate(record("1 A: Yw3"))
    (e,) = entries(report, 1, "A")
    assert flashcube(e) == [("Yv3", "MD", False), ("Yw3", "MD", False), ("Yx3", "MD", False)]


def test_11_7_2_A_reports_first_so_only_B_flashcube_sees_the_other_strikes() -> None:
    # Both destroy the other's light scout Oz5. A's strike comes first: A's Oz5 is still
    # undamaged when A returns flashcube data; B's comes after, when B's Oz5 is destroyed.
    report = adjudicate(record("1 A: Oz5", "1 B: Oz5"))
    assert flashcube(entries(report, 1, "A")[0]) == [("Oz5", "LS", False)]
    assert flashcube(entries(report, 1, "B")[0]) == [("Oz5", "LS", True)]


def test_7_2_1_empty_cell_in_flashcube_data() -> None:
    # B's heavy scout sits at Oz3 Oz4 (its fleet otherwise STD_HS); A has nothing at Oz3 and
    # its HS at Oz4 Oz5.
    b_fleet = f"{DS_CUBE}; {KC}; {FS}; {MD}; HS Oz3 Oz4"
    report = adjudicate(record("1 A: Oz3 Oz4", a=STD_HS, b=b_fleet))
    last = entries(report, 1, "A")[1]
    assert flashcube(last) == [("Oz3", None, False), ("Oz4", "HS", False)]


def test_7_2_4_identity_when_several_ships_of_a_type() -> None:
    # fleet=cost:24 with FS1 and FS2: A destroys B's FS2; A's cells there are its FS2.
    fleet = f"{DS_CUBE}; {KC}; FS1 Bv4 Bv5 Bw4 Bw5; FS2 Bx1 Bx2 By1 By2; AG Oz4 Oz5"
    report = adjudicate(record("1 A: Bx1 Bx2 By1 By2", a=fleet, b=fleet, options="fleet=cost:24"))
    assert flashcube(entries(report, 1, "A")[3]) == [
        ("Bx1", "FS2", False),
        ("Bx2", "FS2", False),
        ("By1", "FS2", False),
        ("By2", "FS2", False),
    ]


def test_7_2_3_type_only_when_a_single_ship_of_the_type() -> None:
    # One DS: its flashcube cells are written DS, not DS1. Beam Rv1 Ov1 (Yv1 empty), 6 strikes.
    report = adjudicate(record("1 A: bRv1Yv1 Rv2 Rw1 Rw2 Ov2 Ow1 Ow2", a=STD_HS, b=STD_HS))
    last = entries(report, 1, "A")[-1]
    assert {ship for _, ship, _ in flashcube(last)} == {"DS"}


def test_7_2_2_flashcube_sees_own_kamikaze_of_this_turn() -> None:
    # Turn 1 each hits the other's Oz4. Turn 2 A kamikazes from Oz5 (destroyed before any
    # visible aspect [4.5.3]) and its strike on Oz5 destroys B's HS: A's flashcube for Oz4
    # (lost in turn 1) and Oz5 (its own kamikaze this turn) both read destroyed.
    report = adjudicate(record("1 A: Oz4", "1 B: Oz4", "2 A: kOz5 Oz5", a=STD_HS, b=STD_HS))
    strike = entries(report, 2, "A")[0]
    assert (strike["cell"], strike["result"]) == ("Oz5", "hit")
    assert flashcube(strike) == [("Oz4", "HS", True), ("Oz5", "HS", True)]


def test_classic_has_no_flashcube_data() -> None:
    # [rulings, Classic]: no flashcube data; the destroyed ship is still reported.
    classic_fleet = f"{DS_CUBE}; {KC}; {FS}; {MD}; HF Oz4 Oz5"
    report = adjudicate(record("1 A: Oz4 Oz5", a=classic_fleet, b=classic_fleet, ruleset="classic"))
    (ship,) = entries(report, 1, "A")[1]["destroyed"]
    assert ship["ship"] == "HF"
    assert not ship.get("flashcube")
