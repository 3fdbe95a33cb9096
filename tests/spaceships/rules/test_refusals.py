"""Refusals [rulings, Orders]: an illegal fleet or order list is refused whole, exit code 1,
with EVERY reason, each naming the turn, the player and the rule; `validate` lists every
problem of a record (exit 1) or accepts it (exit 0)."""

from click.testing import CliRunner
from rules_support import (
    DS_CUBE,
    KC,
    MD,
    PC,
    STD_HS,
    assert_refused,
    record,
    run,
)

from spaceships_cli import main


def test_every_reason_for_refusing_orders_is_listed() -> None:
    # Turn 1 A: 9 strikes (at most 7 + 1 with the kamikaze launch [4.4.1]), two scans (1 in turn
    # 1 [8.3.1.2]) and a kamikaze from the light scout [6.8.2].
    text = record("1 A: Rz1 Rz2 Rz3 Rz4 Rz5 Ry1 Ry2 Ry3 Ry4 sGx1 sGx2 kOz5")
    assert_refused(text, turn=1, player="A", rules=[("4.4.1", "4.7"), "8.3.1", "6.8.2"])


def test_every_reason_for_refusing_a_fleet_is_listed() -> None:
    # The LS on an MD cell [3.4] and a bent PC [6.5].
    fleet = f"{DS_CUBE}; {KC}; PC Bz1 Bz2 Bz3 By3; {MD}; LS Yw3"
    assert_refused(record(a=fleet), player="A", rules=["3.4", "6.5"])


def test_both_players_fleet_problems_are_listed() -> None:
    bad_a = f"{DS_CUBE}; {KC}; {PC}; {MD}"  # no scout [3.7]
    bad_b = f"{DS_CUBE}; {KC}; {PC}; MD Yv3 Yw3 Yw4; LS Oz5"  # bent MD [6.6]
    text = record(a=bad_a, b=bad_b)
    assert_refused(text, player="A", rules=[("3.7", "3.6")])
    assert_refused(text, player="B", rules=["6.6"])


def test_refusal_in_a_later_turn_names_that_turn_and_player() -> None:
    # Turn 2 B orders 7 strikes without a launch: A hit B's Gx1 in turn 1, so B has
    # DS 1 + KC 2 (five cells) + PC 2 + MD 1 = 6 conventional strikes.
    text = record("1 A: Gx1", "1 B: Gx1", "2 B: Rz1 Rz2 Rz3 Rz4 Rz5 Ry1 Ry2")
    assert_refused(text, turn=2, player="B", rules=[("4.4.1", "4.7")])


def test_validate_accepts_a_legal_record() -> None:
    result = run("validate", record("1 A: Gx1 mYv3 Rv1", "1 B: sGx1", "2 A: bGy1Gy3"))
    assert result.exit_code == 0, result.output


def test_validate_lists_problems_of_both_players_in_a_turn() -> None:
    # A: a second scan in turn 1 [8.3.1]; B: a kamikaze from a whole KC [4.5].
    text = record("1 A: sGx1 sGx2", "1 B: kGx1 Rv1")
    assert_refused(text, turn=1, player="A", rules=["8.3.1"], command="validate")
    assert_refused(text, turn=1, player="B", rules=["4.5"], command="validate")


def test_validate_lists_every_fleet_problem() -> None:
    fleet = f"{DS_CUBE}; {KC}; PC Bz1 Bz2 Bz3 By3; {MD}; LS Yw3"
    assert_refused(record(a=fleet, b=STD_HS), player="A", rules=["3.4", "6.5"], command="validate")


def test_adjudicate_usage_error_exits_2() -> None:
    # No such record file: a usage error, not a refusal.

    result = CliRunner().invoke(main, ["adjudicate", "/nonexistent/game.ssr", "--json"])
    assert result.exit_code == 2


def test_adjudicate_without_json_refuses_the_same_way() -> None:
    # The readable report is for people; a refusal is still exit 1 naming turn, player, rule.
    result = run("adjudicate", record("1 A: kGx1 Rv1"))
    assert result.exit_code == 1
    assert any(
        "turn 1" in line and "player A" in line and "[4.5]" in line
        for line in result.output.splitlines()
    ), result.output


def test_adjudicate_without_json_accepts_a_legal_record() -> None:
    result = run("adjudicate", record("1 A: Gx1", "1 B: Oz5"))
    assert result.exit_code == 0, result.output
    assert "Gx1" in result.output and "Oz5" in result.output
