"""Random whole matches from a passed-in random.Random, written as match records: for property
tests, the samples and the bench. Never used to decide anything in a real game."""

from __future__ import annotations

import random
from collections.abc import Sequence

from notation.spaceships.matches import MatchRecord, Round, format_match
from notation.spaceships.records import Record, TurnLine
from spaceships.engine.adjudicate import adjudicate
from spaceships.engine.match import GameOutcome, MatchRules, carried, match_over
from spaceships.engine.orders import check_orders
from spaceships.engine.random_play import random_additional, random_fleet, random_orders
from spaceships.engine.rulesets import Ruleset
from spaceships.engine.state import PLAYERS, GameState, new_game


def random_played_game(
    ruleset: Ruleset, rng: random.Random, carry: dict[str, int], max_turns: int = 300
) -> GameState:
    """One game of a match: fleets with random additional ships, random orders to the end."""
    fleets = {
        p: random_fleet(ruleset, rng, random_additional(carry[p], ruleset, rng)) for p in PLAYERS
    }
    state = new_game(ruleset, fleets["A"], fleets["B"], carry)
    while not state.over and state.turn <= max_turns:
        a = check_orders(state, "A", random_orders(state, "A", rng))
        b = check_orders(state, "B", random_orders(state, "B", rng))
        state, _ = adjudicate(state, a, b)
    return state


def game_record(state: GameState, tags: Sequence[tuple[str, str]] = ()) -> Record:
    """The record of a played game: fleets and every turn line (no results lines)."""
    turns = [
        TurnLine(h.turn, p, h.orders(p).written)  # type: ignore[arg-type]
        for h in state.history
        for p in PLAYERS
    ]
    return Record(tuple(tags), {"A": state.a.fleet, "B": state.b.fleet}, tuple(turns))


def random_match(
    rules: MatchRules,
    ruleset: Ruleset,
    rng: random.Random,
    tags: Sequence[tuple[str, str]] = (),
    max_games: int = 6,
) -> tuple[MatchRecord, list[GameState]]:
    """A whole random match under `rules`, to its agreed end (or `max_games`)."""
    head = [("Match", rules.kind), ("MatchEnd", str(rules.end)), *tags]
    if rules.victory != "score":
        head.append(("Victory", rules.victory))
    if ruleset.name != "2.6.1":
        head.append(("Ruleset", ruleset.name))
    if ruleset.options:
        head.append(("Options", " ".join(ruleset.options)))
    outcomes: list[GameOutcome] = []
    states: list[GameState] = []
    rounds: list[Round] = []
    while len(states) < max_games and not match_over(rules, outcomes):
        state = random_played_game(ruleset, rng, carried(rules, outcomes))
        if not state.over:
            break
        states.append(state)
        outcomes.append(GameOutcome.of(state))
        record = game_record(state, [*head, ("Round", str(len(states)))])
        rounds.append(Round(len(states), record))
    return MatchRecord(tuple(head), tuple(rounds), Record(tuple(head))), states


def random_match_text(
    rules: MatchRules, ruleset: Ruleset, seed: int, tags: Sequence[tuple[str, str]] = ()
) -> str:
    match, _ = random_match(rules, ruleset, random.Random(seed), tags)
    return format_match(match)
