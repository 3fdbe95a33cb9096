"""Replaying a record [2] settles each turn on bit sets and makes its report only when read
(spaceships.engine.settle.next_state): the states and reports must be exactly those of `adjudicate`,
under every ruleset and option that changes how a turn resolves."""

from __future__ import annotations

import random

import pytest

from spaceships.engine import Ruleset, adjudicate, check_orders, new_game
from spaceships.engine.random_play import random_fleet, random_orders
from spaceships.engine.settle import next_state

RULESETS = [
    ("2.6.1", ()),
    ("classic", ()),
    ("2.6.1", ("fleet=cost:30", "colours=RYGOB", "report-order=alternate")),
    ("2.6.1", ("fleet=cost:17", "scoring=hits")),  # seed 004 6.2: credits
    ("classic", ("colours=RYGOB",)),
    ("2.6.1", ("fleet=cost:9", "tiebreak=hypothetical-hits")),  # seed 004 6.1
]


@pytest.mark.parametrize("name,options", RULESETS)
def test_2_a_replayed_turn_gives_the_state_and_report_adjudicate_gives(
    name: str, options: tuple[str, ...]
) -> None:
    ruleset = Ruleset(name, options)
    for seed in range(4):
        rng = random.Random(seed)
        state = new_game(ruleset, random_fleet(ruleset, rng), random_fleet(ruleset, rng))
        while not state.over and state.turn <= 150:
            a = check_orders(state, "A", random_orders(state, "A", rng))
            b = check_orders(state, "B", random_orders(state, "B", rng))
            expected, report = adjudicate(state, a, b)
            replayed = next_state(state, a, b)
            # Destroyed and fired cells, burnt-out beams [8.2.4], losses [8.3.1.1], credits,
            # the result [2.3] and every report so far, read after the state is made.
            assert replayed.to_json() == expected.to_json(), (seed, state.turn)
            assert replayed.history[-1].report == report
            assert replayed.bits("A") == expected.bits("A")
            assert replayed.bits("B") == expected.bits("B")
            state = replayed


def test_2_a_replayed_turn_refuses_orders_for_another_turn_as_adjudicate_does() -> None:
    ruleset = Ruleset("2.6.1", ())
    rng = random.Random(1)
    state = new_game(ruleset, random_fleet(ruleset, rng), random_fleet(ruleset, rng))
    a = check_orders(state, "A", random_orders(state, "A", rng))
    b = check_orders(state, "B", random_orders(state, "B", rng))
    with pytest.raises(ValueError, match="given as player B's orders"):
        next_state(state, a, a)
    later = next_state(state, a, b)
    with pytest.raises(ValueError, match="for turn 1"):
        next_state(later, a, b)
