"""The Space Chess computer's deepening search (spacechess.computer.deepening): it takes a win
on the spot, plays on rather than repeat when ahead and welcomes a draw when behind [SC12],
keeps to its budget of work, looks deeper with more of it, and plays the same turn from the
same seed and budget."""

from __future__ import annotations

import random

import pytest

from notation.spacechess.actions import FIRE, PASS, Action
from spacechess.computer.deepening import deepened_turn
from spacechess.computer.player import PLANS, Computer
from spacechess.computer.turns import Counter, turns
from spacechess.engine.game import Game
from spacechess.engine.position import Position, setup
from spacechess.engine.rules import act, battle_stage

SEARCHING = tuple(PLANS)


def _after(position: Position, actions: tuple[Action, ...]) -> Position:
    """The position after a whole turn, its battle stage included."""
    for action in actions:
        position = act(position, action)[0]
    if position.result is None and position.actions_left == 0:
        position = battle_stage(position)[0]
    return position


# The Terrans far ahead, both fighters and the support ship against the Alien command and
# support ships, with no win in one turn.
AHEAD = {"Cb2": "TC", "Cc2": "TS", "Ca1": "TF", "Da2": "TF", "Hd4": "AC", "Hd3": "AS"}
# The Terrans far behind: their command ship and support ship against a full fleet.
BEHIND = {
    "Cb2": "TC",
    "Cc2": "TS",
    "Hd4": "AC",
    "Hc4": "AG",
    "Hd3": "AG",
    "Gd3": "AF",
    "Gc3": "AF",
    "Hb4": "AS",
}


@pytest.mark.parametrize("level", SEARCHING)
def test_it_takes_the_enemy_command_ship_when_it_can_sc11(level: str) -> None:
    """A Terran gunship next to the Alien command ship fires point-blank and wins [SC6, SC11]."""
    position = setup({"Cb2": "TC", "Gd4": "TG", "Hd4": "AC", "Aa2": "TS"}, turn=10)
    winning = [t for t in turns(position, Counter(10**9)) if t.after.result == "T"]
    assert winning, "the position must hold a win in one turn"
    actions = Computer(level, "mate").turn(position, {})
    assert _after(position, actions).result == "T"
    assert any(a.verb == FIRE for a in actions)


@pytest.mark.parametrize("level", SEARCHING)
def test_ahead_it_does_not_go_back_to_a_position_the_game_has_had_sc12(level: str) -> None:
    """Contempt: ahead, a position seen once already is a draw in the making; it plays on."""
    position = setup(AHEAD, turn=30)
    computer = Computer(level, "ahead", budget=20_000)
    chosen = computer.turn(position, {})
    seen = {_after(position, chosen).key(): 1}
    other = computer.turn(position, seen)
    assert _after(position, other).key() not in seen


@pytest.mark.parametrize("level", SEARCHING)
def test_behind_it_takes_a_draw_by_repetition_sc12(level: str) -> None:
    """Behind, the position after passing has come up twice: a third time draws the game, and
    the computer, far behind, takes it."""
    position = setup(BEHIND, turn=30)
    drawn = _after(position, (Action(PASS),)).key()
    actions = Computer(level, "behind", budget=20_000).turn(position, {drawn: 2})
    game = Game(position)
    game.seen[drawn] = 2
    for action in actions:
        game.play(action)
    assert game.position.result == "draw"


@pytest.mark.parametrize("budget", (5_000, 30_000, 120_000))
def test_the_search_keeps_to_its_budget_of_work(budget: int) -> None:
    """Past the first pass (always whole, so a turn is always found), the search stops as soon
    as its budget is spent: at most one battle stage and evaluation later."""
    position = setup(AHEAD, turn=30)
    for plan in PLANS.values():
        searched = deepened_turn(position, random.Random(1), {}, plan, budget)
        assert searched.used <= max(budget, searched.first) + 20, (budget, searched)


def test_more_work_looks_further_ahead() -> None:
    position = setup(AHEAD, turn=30)
    small = deepened_turn(position, random.Random(1), {}, PLANS["deep"], 1_000)
    large = deepened_turn(position, random.Random(1), {}, PLANS["deep"], 2_000_000)
    assert small.depth == 1 and large.depth >= 2
    assert large.used > small.used


@pytest.mark.parametrize("level", SEARCHING)
def test_a_seeded_computer_plays_the_same_turn_again(level: str) -> None:
    """Bounded by work, not by the clock, a seed and a position always give the same turn."""
    position = setup(BEHIND, turn=12)
    first = Computer(level, "seeded", budget=40_000).turn(position, {})
    assert all(Computer(level, "seeded", budget=40_000).turn(position, {}) == first for _ in "ab")


def test_thinking_time_is_a_budget_of_work_without_the_clock() -> None:
    """`--think 1` with a seed: the same work as a second on a quiet machine, however long
    the clock takes, so it replays the same."""
    a, b = Computer("deep", "s", think=1.0), Computer("deep", "s", think=1.0)
    assert a.work == b.work > Computer("search", "s").work > 0
    position = setup(AHEAD, turn=30)
    assert a.turn(position, {}) == b.turn(position, {})
    with pytest.raises(ValueError, match="above 0"):
        Computer("deep", "s", think=0)
