"""Both players' records reconciled [1.4.1]: the same ruleset, fleets, orders and results in
both; then both checked against the rules, a shared wrong claim reported once."""

from __future__ import annotations

from validate_support import SAMPLES, STD, game, report, run_files, summary

A_OWN = (
    "1 A: Gx1 Rz5",
    "1 A results: Gx1 hit; Rz5 miss",
    "1 B results: Oz5 hit destroys LS Oz5 flashcube Oz5 LS",
)
B_OWN = (
    "1 B: Oz5",
    "1 A results: Gx1 hit; Rz5 miss",
    "1 B results: Oz5 hit destroys LS Oz5 flashcube Oz5 LS",
)


def test_the_two_private_records_of_the_long_game_reconcile() -> None:
    folder = SAMPLES / "private"
    result = run_files(
        "validate", folder / "game-2.6.1-long-A.ssr", folder / "game-2.6.1-long-B.ssr"
    )
    assert result.exit_code == 0, result.output
    assert "consistent: fleets and orders are legal (31 turns)" in result.output


def test_two_agreeing_records_are_checked_fully() -> None:
    data = report(game(*A_OWN, b=None), game(*B_OWN, a=None))
    assert data["ok"] and data["kind"] == "two records"
    assert data["result"]["over"] is False and len(data["turns"]) == 1


def test_results_the_records_disagree_on_are_one_problem_quoting_both_and_the_rules() -> None:
    b_own = (B_OWN[0], "1 A results: Gx1 hit; Rz5 hit", B_OWN[2])
    data = report(game(*A_OWN, b=None), game(*b_own, a=None))
    (found,) = data["problems"]
    assert found["rule"] == "5.2.2"  # B's record is the wrong one
    assert "game1.ssr has `Rz5 miss`, game2.ssr has `Rz5 hit`" in found["message"]
    assert "the rules give `Rz5 miss`" in found["message"]
    assert "game1.ssr" in found["source"] and "game2.ssr" in found["source"]


def test_a_long_entry_the_records_disagree_on_is_quoted_briefly() -> None:
    a_b = "1 B results: Oz5 hit destroys LS Oz5 flashcube Oz5 LS"
    b_b = "1 B results: Oz5 hit destroys LS Oz5 flashcube Oz5 -"
    found = report(game(*A_OWN[:2], a_b, b=None), game(*B_OWN[:2], b_b, a=None))["problems"]
    (disagreement,) = [p for p in found if "disagree" in p["message"]]
    assert "has `Oz5 ... Oz5 LS`" in disagreement["message"]
    assert "has `Oz5 ... Oz5 -`" in disagreement["message"]


def test_a_wrong_claim_in_both_records_is_reported_once_naming_both() -> None:
    a_own = (A_OWN[0], "1 A results: Gx1 miss; Rz5 miss", A_OWN[2])
    b_own = (B_OWN[0], "1 A results: Gx1 miss; Rz5 miss", B_OWN[2])
    found = report(game(*a_own, b=None), game(*b_own, a=None))["problems"]
    assert summary(found) == [(1, "A", "5.2.3")]
    assert "game1.ssr" in found[0]["source"] and "game2.ssr" in found[0]["source"]


def test_orders_written_differently_in_the_two_records() -> None:
    b_sees_a = ("1 A: Gx2 Rz5", *B_OWN)
    found = report(game(*A_OWN, b=None), game(*b_sees_a, a=None))["problems"]
    assert summary(found) == [(1, "A", "1.4.1")]
    assert "orders" in found[0]["message"]


def test_a_fleet_revealed_differently() -> None:
    other = STD.replace("LS Oz5", "LS Oz4")
    data = report(game(*A_OWN, b=None), game(*B_OWN, a=other))
    assert [(p["rule"], p["player"], p["entry"]) for p in data["problems"]] == [
        ("1.4.1", "A", "A fleet")
    ]


def test_two_records_of_the_same_player_are_refused() -> None:
    data = report(game(*A_OWN, b=None), game(*A_OWN, b=None))
    assert not data["ok"] and data["problems"][0]["rule"] == "1.4.1"


def test_two_whole_records_are_taken_as_as_and_bs_and_that_is_said() -> None:
    whole = game("1 A: Gx1 Rz5", "1 B: Oz5", *A_OWN[1:])
    data = report(whole, whole)
    assert data["ok"]
    assert any("taken as A's" in n for n in data["notes"])
