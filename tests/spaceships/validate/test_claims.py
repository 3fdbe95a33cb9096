"""Claimed results against the rules, whole-game records: each kind of wrong claim is found
with its turn, player, rule, position and both versions; right claims pass; one slip is said
once and what follows from it is listed under it (spaceships.validate.claims,
spaceships.validate.validation).

The fleets are the same for both players (validate_support.STD). Worked by hand, turn 1:
A's `Yw3` strikes B's unfired middle missile: it explodes with Yv3 and Yx3 and destroys the MD
[8.1.4]; A's own MD is undamaged there, so B returns flashcube `Yv3 MD, Yw3 MD, Yx3 MD` [7.2].
`Gx1` twice: a hit, then a duplicate hit [5.2.3, 5.2.4]. `Rz5` is empty [5.2.2]. `sGy1` finds
an undamaged KC cell [8.3.4.1]. B's `Oz5` destroys A's light scout; B's own Oz5 is its LS.
"""

from __future__ import annotations

from validate_support import game, problems, report, summary

ORDERS = ("1 A: Yw3 Gx1 Gx1 Rz5 sGy1", "1 B: Oz5 Bz1")
TRUE_A = (
    "1 A results: Yw3 hit explodes Yw3 Yv3 Yx3 destroys MD Yv3 Yw3 Yx3 flashcube Yv3 MD, "
    "Yw3 MD, Yx3 MD; Gx1 hit; Gx1 dup; Rz5 miss; sGy1 undamaged"
)
TRUE_B = "1 B results: Oz5 hit destroys LS Oz5 flashcube Oz5 LS; Bz1 hit"


def one(a_results: str) -> list[dict]:
    return problems(game(*ORDERS, a_results, TRUE_B))


# --- right claims pass ------------------------------------------------------------------------
def test_right_claims_pass_and_are_counted() -> None:
    data = report(game(*ORDERS, TRUE_A, TRUE_B))
    assert data["ok"] and data["claims_checked"] == 7
    assert "all 7 claimed results are right" in data["verdict"]


def test_shortened_result_words_are_read_as_the_full_ones() -> None:
    short = TRUE_A.replace("Gx1 hit", "Gx1 h").replace("Gx1 dup", "Gx1 duplicate")
    short = short.replace("Rz5 miss", "Rz5 m")
    assert report(game(*ORDERS, short, TRUE_B))["ok"]


def test_results_out_of_conventional_order_are_matched_by_cell_with_a_note() -> None:
    swapped = "1 B results: Bz1 hit; Oz5 hit destroys LS Oz5 flashcube Oz5 LS"
    data = report(game(*ORDERS, TRUE_A, swapped))
    assert data["ok"]
    assert any("another order than the conventional one [11.7.1.1]" in n for n in data["notes"])


# --- 5.2 strikes ------------------------------------------------------------------------------
def test_5_2_3_a_hit_written_as_a_miss() -> None:
    found = one(TRUE_A.replace("Gx1 hit;", "Gx1 miss;"))
    assert summary(found) == [(1, "A", "5.2.3")]
    p = found[0]
    assert (p["claimed"], p["actual"], p["entry"]) == ("Gx1 miss", "Gx1 hit", "Gx1 miss")
    assert p["line"] == 5 and p["column"] > 1
    assert "B's KC" in p["message"]


def test_5_2_4_a_second_strike_on_a_cell_destroyed_this_turn_is_a_duplicate() -> None:
    found = one(TRUE_A.replace("Gx1 dup", "Gx1 hit"))
    assert summary(found) == [(1, "A", "5.2.4")]
    assert found[0]["actual"] == "Gx1 dup"


def test_5_2_2_a_miss_written_as_a_hit() -> None:
    assert summary(one(TRUE_A.replace("Rz5 miss", "Rz5 hit"))) == [(1, "A", "5.2.2")]


def test_classic_5_1_3_two_strikes_on_one_cell_in_a_turn_are_both_hits() -> None:
    classic = (
        "DS Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2; KC Gx1 Gx2 Gx3 Gy1 Gy2 Gy3; "
        "FS Bv4 Bv5 Bw4 Bw5; MD Yv3 Yw3 Yx3; HF Oz4 Oz5"
    )
    text = game(
        "1 A: Gx1 Gx1", "1 A results: Gx1 hit; Gx1 dup", a=classic, b=classic, ruleset="classic"
    )
    assert summary(problems(text)) == [(1, "A", "classic 5.1.3")]


# --- 8.1.4 explosions, 11.7.3 destruction, 7 flashcube ----------------------------------------
def test_8_1_4_missing_missile_explosions() -> None:
    claim = TRUE_A.replace("explodes Yw3 Yv3 Yx3 ", "")
    found = one(claim)
    assert summary(found) == [(1, "A", "8.1.4")]
    assert "explodes Yw3 Yv3 Yx3" in found[0]["actual"]


def test_11_7_3_a_destroyed_ship_not_reported() -> None:
    claim = TRUE_A.replace(" destroys MD Yv3 Yw3 Yx3 flashcube Yv3 MD, Yw3 MD, Yx3 MD", "")
    assert summary(one(claim)) == [(1, "A", "11.7.3")]


def test_7_2_2_flashcube_with_a_cell_marked_destroyed_that_is_not() -> None:
    found = one(TRUE_A.replace("Yw3 MD,", "Yw3 MD x,"))
    assert summary(found) == [(1, "A", "7.2.2")]
    assert found[0]["claimed"] == "flashcube Yv3 MD, Yw3 MD x, Yx3 MD"


def test_7_2_1_flashcube_saying_no_ship_where_there_is_one() -> None:
    assert summary(one(TRUE_A.replace("Yx3 MD;", "Yx3 -;"))) == [(1, "A", "7.2.1")]


def test_7_2_3_flashcube_with_the_wrong_type() -> None:
    assert summary(one(TRUE_A.replace("Yx3 MD;", "Yx3 KC;"))) == [(1, "A", "7.2.3")]


def test_7_1_flashcube_data_left_out() -> None:
    found = one(TRUE_A.replace(" flashcube Yv3 MD, Yw3 MD, Yx3 MD", ""))
    assert summary(found) == [(1, "A", "7.1")]


# --- 8.3.4.1 scans ----------------------------------------------------------------------------
def test_8_3_4_1_a_wrong_scan_result() -> None:
    found = one(TRUE_A.replace("sGy1 undamaged", "sGy1 empty"))
    assert summary(found) == [(1, "A", "8.3.4.1")]
    assert (found[0]["claimed"], found[0]["actual"]) == ("sGy1 empty", "sGy1 undamaged")


# --- claims and orders that do not match --------------------------------------------------------
def test_11_7_1_3_an_action_without_its_result() -> None:
    found = one(TRUE_A.replace(" Rz5 miss;", ""))
    assert summary(found) == [(1, "A", "11.7.1.3")]
    assert found[0]["entry"] == "Rz5 miss"


def test_2_2_2_a_result_for_a_strike_never_ordered() -> None:
    found = one(TRUE_A + "; Rz4 miss")
    assert summary(found) == [(1, "A", "2.2.2")]


def test_a_missing_results_line_is_said_not_guessed() -> None:
    data = report(game(*ORDERS, TRUE_A))
    assert data["ok"]
    assert any("no results line for turn 1 B" in u for u in data["unchecked"])


def test_a_record_without_results_lines_checks_orders_only_and_says_so() -> None:
    data = report(game(*ORDERS))
    assert data["ok"] and data["claims_checked"] == 0
    assert any("no results lines" in n for n in data["notes"])


# --- one slip, said once ------------------------------------------------------------------------
def test_a_hit_written_as_a_miss_is_said_once_and_later_claims_it_explains_follow_it() -> None:
    # Turn 1: Gx1 written as a miss (it is a hit). Turn 2: A strikes Gx1 again and writes what
    # the slip made them expect, a hit; the truth is a duplicate. One problem, one consequence.
    text = game(
        "1 A: Gx1",
        "1 A results: Gx1 miss",
        "2 A: Gx1",
        "2 A results: Gx1 hit",
    )
    found = problems(text)
    assert summary(found) == [(1, "A", "5.2.3")]
    assert "changes the rest of the game" in found[0]["note"]
    assert len(found[0]["consequences"]) == 1
    assert "turn 2, player A: `Gx1 hit`" in found[0]["consequences"][0]


def test_orders_legal_only_in_the_state_a_slip_made_the_player_believe_follow_from_it() -> None:
    # B destroys A's only scanner (LS Oz5) in turn 1 but A writes a miss, so A scans in turn 2:
    # refused [8.3] in the true state, legal in the state A believed: a consequence.
    text = game(
        "1 B: Oz5",
        "1 B results: Oz5 miss",
        "2 A: sGx1",
        "2 A results: sGx1 undamaged",
    )
    found = problems(text)
    assert summary(found) == [(1, "B", "5.2.3")]
    assert any("[8.3]" in c for c in found[0]["consequences"])


def test_later_turns_are_checked_in_the_true_state_after_a_refused_order_list() -> None:
    # Turn 1 A: 9 strikes (7 allowed) played anyway; turn 2 claims follow the true state.
    strikes = "Rz1 Rz2 Rz3 Rz4 Rz5 Ry1 Ry2 Gx1 Gx2"
    text = game(
        f"1 A: {strikes}",
        "1 A results: Rz1 miss; Rz2 miss; Rz3 miss; Rz4 miss; Rz5 miss; Ry1 miss; Ry2 miss; "
        "Gx1 hit; Gx2 hit",
        "2 A: Gx1",
        "2 A results: Gx1 dup",
    )
    data = report(text)
    assert summary(data["problems"]) == [(1, "A", "4.4.1")]
    assert data["problems"][0]["entry"].startswith("1 A: Rz1")
    assert any("as they were played" in n for n in data["notes"])


def test_problems_come_in_game_order() -> None:
    text = game(
        "1 A: Gx1 Rz5",
        "1 B: Gx1",
        "2 A: Rz4",
        "1 B results: Gx1 miss",
        "2 A results: Rz4 hit",
        "1 A results: Gx1 hit; Rz5 hit",
    )
    turns = [(p["turn"], p["player"]) for p in problems(text)]
    assert turns == [(1, "A"), (1, "B"), (2, "A")]


def test_2_2_2_more_results_on_a_cell_than_strikes_on_it() -> None:
    found = problems(game("1 A: Gx1", "1 A results: Gx1 hit; Gx1 dup"))
    assert summary(found) == [(1, "A", "2.2.2")]
    assert "no further strike on Gx1" in found[0]["message"]


def test_many_missing_results_lines_of_one_player_are_said_in_one_line() -> None:
    turns = [f"{t} B: Rz{t}" for t in range(1, 5)]
    data = report(game(*turns, "1 A: Gx1", "1 A results: Gx1 hit"))
    assert data["ok"]
    assert data["unchecked"] == [
        "no results lines for B in turns 1-4: results of B's actions not checked"
    ]
