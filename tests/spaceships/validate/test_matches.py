"""`validate` and `adjudicate` on whole match records [9, 10]: the samples read out with their
standings; one player's own match record (additional ships checked against what the owner
kept [10.3]); two players' records of one match reconciled game by game."""

from __future__ import annotations

import json
from dataclasses import replace

from validate_support import SAMPLES, run, run_files

from notation.spaceships.matches import MatchRecord, format_match, parse_match

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
    match = parse_match(CONTINUED.read_text(encoding="utf-8"))
    one = format_match(replace(match, rounds=match.rounds[:1]))
    too_far = run("show", one, extra=("--game", "2"))
    assert too_far.exit_code != 0 and "holds 1 game" in too_far.output
    assert "1 games" not in too_far.output


def resigned_in_game_2() -> str:
    """The continued sample's games 1 and 2, game 2 resigned by Bob after turn 1 (as the
    judge writes it in the game's [Termination] tag)."""
    lines = CONTINUED.read_text(encoding="utf-8").splitlines()
    two, three = lines.index('[Round "2"]'), lines.index('[Round "3"]')
    game_2 = [line for line in lines[two + 1 : three] if not line[:2].strip().isdigit()]
    turn_1 = [line for line in lines[two + 1 : three] if line.startswith("1 ")]
    termination = '[Termination "Alice (A) wins after turn 1 (Bob (B) resigned)"]'
    return "\n".join([*lines[: two + 1], termination, *game_2, *turn_1]) + "\n"


def test_a_match_ended_by_a_resignation_is_valid_and_over() -> None:
    result = run("validate", resigned_in_game_2(), extra=("--json",))
    data = json.loads(result.stdout)
    assert result.exit_code == 0, data
    assert data["winner"] == "A" and len(data["standings"]) == 2
    assert not any("not over" in note for note in data["notes"])
    text = run("validate", resigned_in_game_2()).output
    assert "not over" not in text and "A wins" in text


def test_adjudicate_says_who_won_a_match_ended_by_a_resignation_and_why() -> None:
    text = run("adjudicate", resigned_in_game_2()).output
    assert "The match goes on" not in text
    assert "The match is over after 2 games: A wins" in text
    assert "B resigned" in text
    report = json.loads(run("adjudicate", resigned_in_game_2(), extra=("--json",)).stdout)
    assert report["winner"] == "A" and report["wins"][-1] == {"A": 1, "B": 1}


def test_a_single_game_of_a_ladder_with_a_round_tag_is_validated_as_one_game() -> None:
    """Issue 24 item 17: not refused with "round 3 where round 1 was expected"."""
    game = (SAMPLES / "example-2.6.1.ssr").read_text(encoding="utf-8")
    laddered = '[Round "3"]\n' + game
    result = run("validate", laddered, extra=("--json",))
    assert result.exit_code == run("validate", game, extra=("--json",)).exit_code
    data = json.loads(result.stdout)
    assert "games" not in data and "round 1 was expected" not in result.output
