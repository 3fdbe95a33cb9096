"""A match's rules as pure values [9, 10]: the agreed end [9.3, 10.6], reached only after a game
[9.3.1, 10.6.1]; the sums [9.4]; the winner [9.5] or the agreed victory condition [10.6]; what a
continued match carries [10.3]. And, over random whole matches, the properties that must always
hold: a continued match's additional ships cost exactly what was carried; the standings are the
sums of the game scores."""

from __future__ import annotations

import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from sizes import examples

from spaceships.engine.match import (
    GameOutcome,
    MatchEnd,
    MatchError,
    MatchRules,
    Standings,
    carried,
    match_over,
    match_winner,
)
from spaceships.engine.match_game import play_match
from spaceships.engine.matches import additional_worth, build_options
from spaceships.engine.random_match import random_match
from spaceships.engine.rulesets import Ruleset


def won(a: int, b: int, left_a: int | None = None, left_b: int | None = None) -> GameOutcome:
    winner = "A" if a > b else "B" if b > a else "draw"
    return GameOutcome(
        {"A": a, "B": b},
        winner,
        {"A": a if left_a is None else left_a, "B": b if left_b is None else left_b},
    )


# A wins 10-0 and 5-0; B wins 0-30. Sums 15-30; games won 2-1; materiel at the end 0-30.
GAMES = [won(10, 0), won(5, 0), won(0, 30)]


def test_9_4_standings_are_the_sums_after_each_game() -> None:
    s = Standings.after(GAMES)
    assert (s.games, s.score, s.wins, s.draws) == (3, {"A": 15, "B": 30}, {"A": 2, "B": 1}, 0)


def test_9_5_the_larger_overall_score_wins_a_scored_match() -> None:
    assert match_winner(MatchRules("scored"), GAMES) == "B"  # 15 < 30
    assert match_winner(MatchRules("scored"), [won(7, 0), won(0, 7)]) == "draw"  # 7 = 7


@pytest.mark.parametrize("victory,winner", [("score", "B"), ("wins", "A"), ("materiel", "B")])
def test_10_6_the_agreed_victory_condition_decides_a_continued_match(
    victory: str, winner: str
) -> None:
    # score: 15 against 30; wins: 2 games against 1; materiel at the end of game 3: 0 against 30.
    assert match_winner(MatchRules("continued", victory=victory), GAMES) == winner


def test_9_5_a_scored_match_is_won_on_the_overall_score_only() -> None:
    with pytest.raises(MatchError, match=r"\[9\.5\]"):
        MatchRules("scored", victory="wins")


@pytest.mark.parametrize(
    "end,after,over",
    [
        ("games=3", 2, False),
        ("games=3", 3, True),
        ("score=15", 1, False),  # A 10
        ("score=15", 2, True),  # A 15 reaches it
        ("wins=2", 1, False),
        ("wins=2", 2, True),  # A has won 2
        ("agreed", 3, False),  # only when the players agree
    ],
)
def test_9_3_the_agreed_end(end: str, after: int, over: bool) -> None:
    assert match_over(MatchRules("scored", MatchEnd.parse(end)), GAMES[:after]) is over


def test_9_3_1_a_match_never_ends_before_a_game_has_ended() -> None:
    # Even agreed, nothing ends with no finished game; after one, agreement ends it.
    rules = MatchRules("scored", MatchEnd.parse("agreed"))
    assert match_over(rules, [], agreed=True) is False
    assert match_over(rules, GAMES[:1], agreed=True) is True


@pytest.mark.parametrize("text", ["games=0", "games", "rounds=3", "score=-1", ""])
def test_9_3_a_match_end_that_is_not_ours_is_refused(text: str) -> None:
    with pytest.raises(MatchError, match=r"games=N"):
        MatchEnd.parse(text)


def test_10_3_a_continued_match_carries_the_remaining_materiel_of_the_last_game() -> None:
    # Scored: nothing [9.2]; continued: what each kept at the end of game 3 (0 and 30).
    assert carried(MatchRules("scored"), GAMES) == {"A": 0, "B": 0}
    assert carried(MatchRules("continued"), GAMES) == {"A": 0, "B": 30}
    # Under scoring=hits the score is not the materiel: the materiel is carried.
    assert carried(MatchRules("continued"), [won(3, 9, left_a=20, left_b=0)]) == {"A": 20, "B": 0}


# --- properties over random whole matches ----------------------------------------------------
RULESETS = [
    ("2.6.1", ()),
    ("2.6.1", ("build=one-death-star",)),
    ("2.6.1", ("build=many-death-stars",)),
    ("classic", ()),
]


@settings(max_examples=examples(8, 24), deadline=None)
@given(seed=st.integers(0, 10**6), which=st.sampled_from(RULESETS))
@example(seed=668, which=("classic", ()))  # two death stars, beams matched [classic 6.1.3]
def test_10_3_a_continued_matchs_additional_ships_always_cost_what_was_carried(
    seed: int, which: tuple[str, tuple[str, ...]]
) -> None:
    ruleset = Ruleset.from_tags(*which)
    rules = MatchRules("continued", MatchEnd("games", 3))
    record, states = random_match(rules, ruleset, random.Random(seed))
    played = play_match(record)  # every fleet accepted: additional ships included
    for n in range(1, len(played.games)):
        carry = {p: states[n - 1].materiel(p) for p in "AB"}
        assert played.carried[n] == carry
        for p in "AB":
            built = played.additional[n][p]
            if ruleset.build_table:
                options = {tuple(sorted(o)) for o in build_options(carry[p], ruleset.build_table)}
                assert tuple(sorted(built)) in options
            elif ruleset.classic and carry[p] == 1:
                assert built == ()  # no classic ship holds one cell (docs/readings.md)
            else:
                assert additional_worth(built, ruleset) == carry[p]


@settings(max_examples=examples(8, 24), deadline=None)
@given(seed=st.integers(0, 10**6), kind=st.sampled_from(["scored", "continued"]))
def test_9_4_standings_are_always_the_sums_of_the_game_scores(seed: int, kind: str) -> None:
    rules = MatchRules(kind, MatchEnd("games", 3))
    record, states = random_match(rules, Ruleset.from_tags("2.6.1"), random.Random(seed))
    played = play_match(record)
    for n, standing in enumerate(played.standings, start=1):
        for p in "AB":
            assert standing.score[p] == sum(s.result.score[p] for s in states[:n])
    if len(states) == 3:
        total = played.standings[-1].score
        expected = "draw" if total["A"] == total["B"] else max("AB", key=total.get)
        assert played.winner == expected  # 9.5
