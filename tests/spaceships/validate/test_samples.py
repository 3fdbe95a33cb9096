"""Every record in samples/ validates: the example games are consistent (exit 0); each slip
record in samples/slips/ is found with exactly its turn, player and rule, and nothing else."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from validate_support import SAMPLES, run_files

GAMES = sorted(p for p in SAMPLES.rglob("*.ssr") if "slips" not in p.parts)
SLIPS = sorted((SAMPLES / "slips").glob("*.ssr"))

# file -> (turn, player, rule) of the one slip in it.
EXPECTED = {
    "hit-recorded-as-miss.ssr": (1, "A", "5.2.3"),
    "too-many-strikes.ssr": (3, "B", "4.4.1"),
    "missile-fired-twice.ssr": (4, "A", "8.1.3.1"),
    "wrong-scan-result.ssr": (1, "A", "8.3.4.1"),
    "beam-after-burn-out.ssr": (2, "A", "8.4"),
    "wrong-flashcube.ssr": (2, "A", "7.2.2"),
    # A match: B's additional ships of game 2 cost more than B carried from game 1.
    "match-additional-ship-over-cost.ssr": (None, "B", "10.3"),
}


@pytest.mark.parametrize("path", GAMES, ids=lambda p: str(p.relative_to(SAMPLES)))
def test_every_example_game_is_consistent(path: Path) -> None:
    result = run_files("validate", path)
    assert result.exit_code == 0, result.output
    assert ": consistent: " in result.output and "legal" in result.output


@pytest.mark.parametrize("path", SLIPS, ids=lambda p: p.name)
def test_each_slip_is_found_with_its_turn_player_and_rule_and_nothing_else(path: Path) -> None:
    result = run_files("validate", path, extra=("--json",))
    assert result.exit_code == 1, result.output
    found = json.loads(result.stdout)["problems"]
    assert [(p["turn"], p["player"], p["rule"]) for p in found] == [EXPECTED[path.name]]
    assert found[0]["line"] is not None and found[0]["column"] is not None


def test_there_is_a_slip_record_for_each_typical_mistake() -> None:
    assert {p.name for p in SLIPS} == set(EXPECTED)


def test_the_long_games_are_played_to_the_end() -> None:
    for name, ruleset, min_turns in (
        ("game-2.6.1-long.ssr", "2.6.1", 20),
        ("game-classic.ssr", "classic", 5),
        ("game-2.6.1-ends-2.3.2.ssr", "2.6.1", 8),
    ):
        data = json.loads(run_files("validate", SAMPLES / name, extra=("--json",)).stdout)
        assert data["ruleset"] == ruleset
        assert data["result"]["over"] is True
        assert len(data["turns"]) >= min_turns
        assert data["claims_checked"] > 50


def test_one_game_ends_by_2_3_1_and_one_by_2_3_2() -> None:
    def final(name: str) -> dict[str, int]:
        data = json.loads(run_files("validate", SAMPLES / name, extra=("--json",)).stdout)
        return data["turns"][-1]["materiel"]

    assert 0 in final("game-2.6.1-long.ssr").values()  # a player has no ship left [2.3.1]
    assert 0 not in final("game-2.6.1-ends-2.3.2.ssr").values()  # both have ships [2.3.2]


def test_the_private_record_with_the_opponents_fleet_added_is_checked_exactly() -> None:
    # samples/private/game-2.6.1-long-A-with-B-fleet.ssr: Alice's record plus Bob's fleet.
    path = SAMPLES / "private" / "game-2.6.1-long-A-with-B-fleet.ssr"
    data = json.loads(run_files("validate", path, extra=("--json",)).stdout)
    assert data["ok"] and data["kind"] == "private A"
    assert data["claims_checked"] > 50 and "plausible" not in data["verdict"]
