"""One player's private record with the opponent's fleet added after the game [1.4]: both
fleets, but no turn line of the opponent's. It is read as the owner's private record (the
opponent's actions from their results lines), never as "the opponent did nothing"."""

from __future__ import annotations

import json

from validate_support import SAMPLES, run, run_files

WITH_B = SAMPLES / "private" / "game-2.6.1-long-A-with-B-fleet.ssr"
PLAIN_A = SAMPLES / "private" / "game-2.6.1-long-A.ssr"


def _report(text: str) -> dict:
    result = run("validate", text, extra=("--json",))
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


def test_the_private_record_with_the_opponents_fleet_added_is_consistent() -> None:
    result = run_files("validate", WITH_B, extra=("--json",))
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["kind"] == "private A" and data["problems"] == []
    assert any("private record with B's fleet added" in n for n in data["notes"])


def test_the_reading_taken_is_said_in_a_note_in_the_text_output() -> None:
    result = run_files("validate", WITH_B)
    assert result.exit_code == 0, result.output
    assert "note: read as A's private record with B's fleet added" in result.output
    assert "not as 'B did nothing'" in result.output


def test_a_refused_added_fleet_is_reported() -> None:
    text = WITH_B.read_text(encoding="utf-8").replace("LS Gw1", "LS Gw1 Gw2")
    data = _report(text)
    assert not data["ok"]
    assert {p["kind"] for p in data["problems"]} == {"fleet"}


def test_the_plain_private_record_still_behaves_as_before() -> None:
    result = run_files("validate", PLAIN_A, extra=("--json",))
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["kind"] == "private A"
    assert any("no fleet for B" in u for u in data["unchecked"])
    assert not any("fleet added" in n for n in data["notes"])


def test_a_whole_game_record_is_still_read_as_one() -> None:
    data = json.loads(
        run_files("validate", SAMPLES / "game-2.6.1-long.ssr", extra=("--json",)).stdout
    )
    assert data["kind"] == "record" and data["ok"]
