"""Match records (record-format.md, "A match"): the match's tags, then `[Round "N"]` sections;
positions point into the whole text; every error of every game is said; a record without Round
tags stays a single game; fmt keeps a match a match."""

from __future__ import annotations

from pathlib import Path

import pytest

from notation.errors import NotationError
from notation.spaceships.matches import format_match, is_match, parse_any, parse_match
from notation.spaceships.parse import parse_record
from notation.spaceships.records import Record

FLEET = "DS Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2; KC Gx1 Gx2 Gx3 Gy1 Gy2 Gy3"
TEXT = f"""[Game "alpha"]
[Match "continued"]   # the kind
[MatchEnd "games=2"]
[Options "colours=RYGOB"]

[Round "1"]
A fleet: {FLEET}
B fleet: {FLEET}
1 A: Gx3
1 B:

[Round "2"]  # the second game
A fleet: {FLEET}; LG Bv5
B fleet: {FLEET}
1 A: Gx3 Bz1
"""
SAMPLES = Path(__file__).resolve().parents[3] / "samples"


def test_a_match_record_holds_its_tags_and_each_game() -> None:
    match = parse_match(TEXT)
    assert match.tag("Match") == "continued" and match.tag("MatchEnd") == "games=2"
    assert [r.number for r in match.rounds] == [1, 2]
    second = match.rounds[1].record
    # Each game's record carries the match's tags, then its Round tag.
    assert second.tag("Options") == "colours=RYGOB" and second.tag("Round") == "2"
    assert len(second.fleets["A"].ships) == 3
    # Turn numbers start again at 1; positions are lines of the whole text.
    assert second.turns[0].turn == 1 and second.turns[0].position.line == 15
    assert match.rounds[1].position.line == 12


def test_a_record_without_round_tags_is_a_single_game_as_before() -> None:
    single = f"A fleet: {FLEET}\nB fleet: {FLEET}\n1 A: Gx3\n"
    assert not is_match(single)
    assert isinstance(parse_any(single), Record)
    assert parse_any(single) == parse_record(single)


def test_a_single_game_with_a_round_tag_and_no_match_tag_is_a_single_game() -> None:
    """As in PGN, `[Round "3"]` may be the third game of a club ladder: without `[Match]` it
    is only a tag, kept (issue 24 item 17; record-format.md, "A match")."""
    single = f'[Game "ladder"]\n[Round "3"]\nA fleet: {FLEET}\nB fleet: {FLEET}\n1 A: Gx3\n'
    assert not is_match(single)
    record = parse_any(single)
    assert isinstance(record, Record) and record.tag("Round") == "3"


def test_games_under_round_tags_without_a_match_tag_say_the_tag_is_missing() -> None:
    without = TEXT.replace('[Match "continued"]   # the kind\n', "")
    with pytest.raises(NotationError) as caught:
        parse_any(without)
    first = caught.value.errors[0]
    assert "without a [Match] tag" in first.message and first.line == 11  # [Round "2"]
    assert '[Match "scored"]' in (first.hint or "")


def test_every_sample_single_game_stays_a_single_game() -> None:
    for path in SAMPLES.rglob("*.ssr"):
        text = path.read_text(encoding="utf-8")
        where = path.relative_to(SAMPLES)
        assert is_match(text) == ("matches" in where.parts or path.name.startswith("match-"))


def test_rounds_are_numbered_from_1_without_gaps() -> None:
    with pytest.raises(NotationError) as caught:
        parse_match(TEXT.replace('[Round "2"]', '[Round "3"]'))
    (error,) = caught.value.errors
    assert error.line == 12 and 'round "3" where round 2 was expected' in error.message


def test_a_fleet_before_the_first_round_is_an_error_at_its_line() -> None:
    with pytest.raises(NotationError) as caught:
        parse_match(TEXT.replace('[Options "colours=RYGOB"]', f"A fleet: {FLEET}"))
    assert [e.line for e in caught.value.errors] == [4]
    assert "before the first [Round]" in caught.value.errors[0].message


def test_every_error_of_every_game_is_said_at_its_line() -> None:
    bad = TEXT.replace("1 A: Gx3\n1 B:", "1 A: Gx9\n1 B:").replace("Gx3 Bz1", "Gx3 Bz1 Qq1")
    with pytest.raises(NotationError) as caught:
        parse_match(bad)
    assert [e.line for e in caught.value.errors] == [9, 15]


def test_a_match_mailed_with_crlf_line_ends_reads_the_same() -> None:
    assert parse_match(TEXT.replace("\n", "\r\n")).rounds[1].record.fleets == (
        parse_match(TEXT).rounds[1].record.fleets
    )


def test_fmt_writes_a_match_canonically_and_reads_back_the_same() -> None:
    once = format_match(parse_match(TEXT))
    assert once.count('[Round "') == 2 and "# the kind" in once and "# the second game" in once
    assert format_match(parse_match(once)) == once
    again = parse_match(once)
    assert [r.record.fleets for r in again.rounds] == [
        r.record.fleets for r in parse_match(TEXT).rounds
    ]
