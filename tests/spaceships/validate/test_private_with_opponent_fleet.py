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
    assert "right or plausible" not in data["verdict"]  # B's space is known: checked exactly
    assert data["claims_checked"] == 194
    assert any("the game ends after turn 31" in n for n in data["notes"])


def test_the_hidden_missile_launches_a_result_needs_are_assumed_and_said() -> None:
    notes = json.loads(run_files("validate", WITH_B, extra=("--json",)).stdout)["notes"]
    # A's plain hit on B's missile Oz4 in turn 1 needs B to have launched it then [8.1.4].
    assert "assumed B launched the missile at Oz4 in turn 1" in notes
    # B's kamikaze from its MD in turn 5 needs its last missile launched before [4.5].
    assert any("missile at Rz4" in n and "kamikaze from Rz4 in turn 5" in n for n in notes)


def _slip(old: str, new: str) -> list[tuple[int, str, str]]:
    text = WITH_B.read_text(encoding="utf-8")
    assert old in text
    data = _report(text.replace(old, new, 1))
    assert not data["ok"]
    return [(p["turn"], p["player"], p["rule"]) for p in data["problems"]]


def test_a_miss_in_b_space_written_as_a_hit_is_found_and_nothing_else() -> None:
    assert _slip("Bx3 miss; Oz4 hit", "Bx3 hit; Oz4 hit") == [(1, "A", "5.2.2")]


def test_wrong_flashcube_data_from_b_is_found_and_nothing_else() -> None:
    # B's space at Ry4 is empty; A wrote what B returned as a KC cell [7.2.1].
    assert _slip("flashcube Rx4 DS, Ry4 -", "flashcube Rx4 DS, Ry4 KC") == [(2, "A", "7.2.1")]


def test_a_destroyed_ship_claim_with_wrong_cells_is_found_and_nothing_else() -> None:
    old = "destroys FS Yy1 Yy2 Yz1 Yz2 flashcube Yy1 -, Yy2 -, Yz1 -, Yz2 -"
    new = "destroys FS Yy1 Yy2 Yz1 Yx2 flashcube Yy1 -, Yy2 -, Yz1 -, Yx2 -"
    assert _slip(old, new) == [(4, "A", "11.7.3")]


HEAD = WITH_B.read_text(encoding="utf-8").split("\n1 A:")[0] + "\n"


def test_a_plain_hit_on_a_missile_b_could_not_have_launched_is_a_missing_explosion() -> None:
    # B wrote no strike in turn 1, so no launch: the missile at Oz4 explodes [8.1.4].
    data = _report(HEAD + "1 A: Oz4\n1 A results: Oz4 hit\n1 B results: sRz1 empty\n")
    assert [(p["turn"], p["player"], p["rule"]) for p in data["problems"]] == [(1, "A", "8.1.4")]
    assert not any("assumed" in n for n in data["notes"])


def test_a_plain_hit_on_a_missile_b_could_have_launched_is_accepted() -> None:
    data = _report(HEAD + "1 A: Oz4\n1 A results: Oz4 hit\n1 B results: Rx3 miss\n")
    assert data["ok"], data["problems"]
    assert "assumed B launched the missile at Oz4 in turn 1" in data["notes"]


def test_b_strikes_beyond_its_entitlement_are_found() -> None:
    # 7 conventional + 1 ship with unfired missiles = 8 strikes at most [4.4.1].
    strikes = "; ".join(["Rx3 miss"] * 9)
    data = _report(HEAD + f"1 A: Rx3\n1 A results: Rx3 miss\n1 B results: {strikes}\n")
    assert [(p["turn"], p["player"], p["rule"]) for p in data["problems"]] == [(1, "B", "4.4.1")]


def test_a_kamikaze_of_b_from_an_ineligible_ship_is_found() -> None:
    # B's KC gives a conventional strike, so it may not kamikaze [4.5].
    data = _report(
        HEAD + "1 A: Rx3\n1 A results: Rx3 miss\n1 B results: Rx3 miss; Gz1 miss; kRv2\n"
    )
    assert [(p["turn"], p["player"], p["rule"]) for p in data["problems"]] == [(1, "B", "4.5")]


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


def test_a_missing_results_line_of_b_is_said_not_taken_silently_as_nothing() -> None:
    text = WITH_B.read_text(encoding="utf-8")
    kept = [line for line in text.splitlines() if not line.startswith("7 B results")]
    data = _report("\n".join(kept) + "\n")
    assert data["ok"], data["problems"]
    assert any(
        "no results line" in u and " 7" in u and "played as none" in u for u in data["unchecked"]
    )


def test_bs_private_record_with_as_fleet_added_is_consistent_too() -> None:
    whole = (SAMPLES / "game-2.6.1-long.ssr").read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(whole) if line.startswith("A fleet:"))
    a_fleet = [whole[start]] + [line for line in whole[start + 1 : start + 6] if line[:1] == " "]
    own = (SAMPLES / "private" / "game-2.6.1-long-B.ssr").read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(own) if line.startswith("B fleet:"))
    data = _report("\n".join(own[:at] + a_fleet + own[at:]) + "\n")
    assert data["ok"], data["problems"]
    assert data["kind"] == "private B"
    assert any(n.startswith("assumed A launched the missile at") for n in data["notes"])
