"""`validate` and `adjudicate` on whole match records [9, 10]: the samples read out with their
standings; one player's own match record (additional ships checked against what the owner
kept [10.3]); two players' records of one match reconciled game by game."""

from __future__ import annotations

import json
from dataclasses import replace

from validate_support import SAMPLES, run, run_files

from notation.matches import MatchRecord, format_match, parse_match

CONTINUED = SAMPLES / "matches" / "continued-match.ssr"


def own_record(match: MatchRecord, owner: str) -> str:
    """A player's own match record: own fleet and orders, both results lines, in each game."""
    rounds = []
    for game in match.rounds:
        record = game.record
        rounds.append(
            replace(
                game,
                record=replace(
                    record,
                    fleets={owner: record.fleets[owner]},
                    turns=tuple(t for t in record.turns if t.player == owner),
                ),
            )
        )
    return format_match(replace(match, rounds=tuple(rounds)))


def test_the_samples_are_read_out_game_by_game_with_the_standings() -> None:
    for name, kind in (
        ("scored-match.ssr", "scored"),
        ("continued-match.ssr", "continued"),
        ("continued-one-death-star.ssr", "continued"),
    ):
        result = run_files("adjudicate", SAMPLES / "matches" / name, extra=("--json",))
        assert result.exit_code == 0, result.output
        report = json.loads(result.stdout)
        assert report["match"] == kind and len(report["games"]) == 3
        assert len(report["standings"]) == 3 and report["winner"] in ("A", "B", "draw")
        for game, standing in zip(report["games"], report["standings"], strict=True):
            assert game["result"]["over"] and set(standing) == {"A", "B"}
        text = run_files("adjudicate", SAMPLES / "matches" / name).output
        assert "== Game 3 ==" in text and "The match is over after 3 games" in text


def test_a_players_own_match_record_checks_their_additional_ships() -> None:
    match = parse_match(CONTINUED.read_text(encoding="utf-8"))
    for owner in "AB":
        result = run("validate", own_record(match, owner), extra=("--json",))
        data = json.loads(result.stdout)
        assert result.exit_code == 0, data["problems"]
        assert [g["kind"] for g in data["games"]] == [f"private {owner}"] * 3


def test_a_slip_in_an_additional_ship_of_a_players_own_record_is_found_citing_10_3() -> None:
    # B kept 3 in game 1 and built AG + LG; written as AG + LS (3 + 2 = 5), it is found.
    text = own_record(parse_match(CONTINUED.read_text(encoding="utf-8")), "B")
    slipped = text.replace("LG Gx1", "LS Gx1", 1)
    data = json.loads(run("validate", slipped, extra=("--json",)).stdout)
    assert [(p["player"], p["rule"]) for p in data["problems"]] == [("B", "10.3")]


def test_two_players_match_records_are_reconciled_game_by_game() -> None:
    match = parse_match(CONTINUED.read_text(encoding="utf-8"))
    result = run("validate", own_record(match, "A"), own_record(match, "B"), extra=("--json",))
    data = json.loads(result.stdout)
    assert result.exit_code == 0, data["problems"]
    assert data["kind"] == "two match records" and len(data["standings"]) == 3
    assert data["winner"] == "B"


def test_show_draws_one_game_of_a_match() -> None:
    result = run_files("show", CONTINUED, extra=("--game", "2", "--turn", "1", "--no-colour"))
    assert result.exit_code == 0, result.output
    assert "after turn 1" in result.output
    too_far = run_files("show", CONTINUED, extra=("--game", "4"))
    assert too_far.exit_code != 0 and "holds 3 games" in too_far.output
