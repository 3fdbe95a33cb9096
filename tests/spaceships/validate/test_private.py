"""One player's private record, lacking the opponent's fleet [1.4]: the owner's fleet, orders
and the results the owner gave are checked exactly, the results the owner was given only for
plausibility, and the report says what could not be checked."""

from __future__ import annotations

from validate_support import SAMPLES, STD, game, report, run_files, summary

ORDERS_A = "1 A: Gx1 Rz5"


def private_a(*lines: str) -> str:
    return game(*lines, b=None)


def test_the_private_records_of_the_long_game_are_consistent() -> None:
    for owner in "AB":
        result = run_files("validate", SAMPLES / "private" / f"game-2.6.1-long-{owner}.ssr")
        assert result.exit_code == 0, result.output
        assert f"{owner}'s fleet and orders are legal" in result.output


def test_what_cannot_be_checked_without_the_opponents_fleet_is_said() -> None:
    data = report(private_a(ORDERS_A, "1 A results: Gx1 hit; Rz5 miss"))
    assert data["ok"] and data["kind"] == "private A"
    assert any("no fleet for B" in u and "plausibility" in u for u in data["unchecked"])


def test_results_given_for_the_opponents_strikes_must_match_the_owners_fleet() -> None:
    # B's Oz5 hits A's light scout and destroys it; A wrote a miss [5.2.3].
    data = report(private_a("1 B results: Oz5 miss; Rz5 miss"))
    assert summary(data["problems"]) == [(1, "B", "5.2.3")]


def test_the_owners_own_orders_are_checked() -> None:
    data = report(private_a("1 A: sGx1 sGx2"))
    assert summary(data["problems"]) == [(1, "A", "8.3.1")]


def test_a_duplicate_hit_on_a_cell_nothing_destroyed_is_implausible() -> None:
    data = report(private_a(ORDERS_A, "1 A results: Gx1 dup; Rz5 miss"))
    assert summary(data["problems"]) == [(1, "A", "5.2.4")]


def test_a_strike_on_a_cell_known_empty_must_miss_and_the_slip_is_said_once() -> None:
    data = report(
        private_a(
            ORDERS_A,
            "1 A results: Gx1 hit; Rz5 miss",
            "2 A: Rz5",
            "2 A results: Rz5 hit",
            "3 A: Rz5",
            "3 A results: Rz5 miss",
        )
    )
    assert summary(data["problems"]) == [(2, "A", "5.2.2")]
    assert len(data["problems"][0]["consequences"]) == 1


def test_missile_explosions_must_lie_next_to_their_target() -> None:
    data = report(private_a("1 A: Yw3", "1 A results: Yw3 hit explodes Yw3 Yv3 Yz3"))
    assert summary(data["problems"]) == [(1, "A", "8.1.4")]


def test_explosions_only_on_a_hit() -> None:
    data = report(private_a("1 A: Yw3", "1 A results: Yw3 miss explodes Yw3 Yv3"))
    assert summary(data["problems"]) == [(1, "A", "8.1.4")]


def test_a_destroyed_ship_reported_must_have_its_types_shape() -> None:
    data = report(private_a("1 A: Yw3", "1 A results: Yw3 hit destroys MD Yw3 flashcube Yw3 MD"))
    assert summary(data["problems"]) == [(1, "A", "3.5")]


def test_flashcube_data_the_owner_returned_is_checked_exactly() -> None:
    # B's MD Yv3 Yw3 Yx3 is destroyed by A's strike: A returns A's own MD cells, undamaged.
    right = "1 A results: Yw3 hit explodes Yw3 Yv3 Yx3 destroys MD Yv3 Yw3 Yx3 flashcube "
    assert report(private_a("1 A: Yw3", right + "Yv3 MD, Yw3 MD, Yx3 MD"))["ok"]
    wrong = report(private_a("1 A: Yw3", right + "Yv3 MD, Yw3 -, Yx3 MD"))
    assert summary(wrong["problems"]) == [(1, "A", "7.2.1")]


def test_a_ship_of_the_owners_destroyed_by_their_own_kamikaze_is_checked_exactly() -> None:
    # B hits A's PC at Bz2 and Bz3: Bz1 and Bz4 pair with nothing, so the PC may kamikaze
    # [4.5]; kBz1 leaves Bz4, so the PC is not destroyed [3.10].
    lines = ("1 B results: Bz2 hit; Bz3 hit", "2 A: kBz1 Rz5")
    assert report(private_a(*lines, "2 A results: Rz5 miss; kBz1"))["ok"]
    wrong = report(private_a(*lines, "2 A results: Rz5 miss; kBz1 destroys PC Bz1 Bz2 Bz3 Bz4"))
    assert summary(wrong["problems"]) == [(2, "A", "11.7.3")]


def test_flashcube_the_owner_returned_for_the_opponents_kamikaze_is_checked_exactly() -> None:
    right = "1 B results: Rz5 miss; kYv3 destroys LG Yv3 flashcube Yv3 MD"
    assert report(private_a(right))["ok"]
    wrong = report(private_a(right.replace("Yv3 MD", "Yv3 -")))
    assert summary(wrong["problems"]) == [(1, "B", "7.2.1")]


def test_a_beam_burns_out_as_the_owners_claims_tell_it() -> None:
    # A's cube death star fires along the diagonal Gv1-Gx3; both end cells claimed hits
    # [8.2.4], so a beam in turn 2 is refused [8.4]. The middle cell's result does not matter.
    burn = ("1 A: bGv1Gx3", "1 A results: bGv1 hit; bGw2 miss; bGx3 hit")
    found = report(private_a(*burn, "2 A: bRz1Rz3"))["problems"]
    assert summary(found) == [(2, "A", "8.4")]
    kept = ("1 A: bGv1Gx3", "1 A results: bGv1 hit; bGw2 miss; bGx3 miss")
    assert report(private_a(*kept, "2 A: bRz1Rz3"))["ok"]


def test_a_refused_fleet_without_the_other_fleet_says_the_other_fleet_is_missing() -> None:
    # Issue 47 item 11: a record typed by hand without `B fleet:` whose A fleet is refused.
    data = report(game("1 A: Gx1", "1 B: Rz5", a=STD.replace("LS Oz5", "LS Oz5 Oz4"), b=None))
    assert summary(data["problems"]) == [(None, "A", "6.1.1")]
    assert any("A's fleet is refused" in u and "no fleet for B" in u for u in data["unchecked"])
