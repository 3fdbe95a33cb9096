"""The computer's choice of a turn one turn ahead (greedy), and the former default's search.

`greedy_turn` plays the turn whose position, after its battle stage, evaluates best.
`searched_turn` weighs the same turns, best first, against the opponent's forcing replies
(those that fire or come into contact, spacechess.computer.turns): a turn is worth the worse of
its own position (the opponent may answer quietly) and the worst its forcing replies make of
it. As in alpha-beta, a reply that already makes a turn no better than the best found so far
refutes it and the rest of its replies are not looked at; turns whose own position is no better
than the best found cannot win and end the search. The search stops when its budget of
positions is spent, so it decides in bounded time and, with a seed, the same way every time.
It was the default level until the deepening search (spacechess.computer.deepening) replaced
it; bench/space_chess.py keeps playing it (`before`) to measure the levels of today against.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from itertools import chain

from notation.spacechess.actions import Action
from spacechess.computer.evaluate import DRAW, evaluate
from spacechess.computer.turns import Counter, Turn, forcing_turns, replay_turn, turns
from spacechess.engine.position import Position

__all__ = ["Seen", "greedy_turn", "ranked_turns", "searched_turn"]

Seen = Mapping[tuple[object, ...], int]  # how often each position (Position.key) has come up
REPEAT = 0.25
KILLERS = 3  # refuting replies remembered


def ranked_turns(
    position: Position, counter: Counter, rng: random.Random, seen: Seen
) -> list[tuple[float, Turn]]:
    """Every turn of the side to act with its evaluation, best first; equal ones in an order
    drawn from `rng`, so that the choice among them is the seed's. A turn back to a position
    the game has had twice is a draw [SC12]; back to one it has had once, a little worse (so
    that the computer does not go round in circles)."""
    side = position.to_move
    scored = []
    for t in turns(position, counter):
        value = evaluate(t.after, side)
        times = seen.get(t.after.key(), 0)
        if times >= 2 or (t.middle is not None and seen.get(t.middle, 0) >= 2):
            value = DRAW
        elif times:
            # Ahead, a repeat throws away half the lead (it may end in a draw); behind, it
            # costs little.
            value = value / 2 if value > 0 else value - REPEAT
        scored.append((value, rng.random(), t))
    scored.sort(key=lambda s: (-s[0], s[1]))
    return [(value, turn) for value, _, turn in scored]


def greedy_turn(position: Position, rng: random.Random, seen: Seen) -> Turn:
    """The turn that is best right after its battle stage."""
    return ranked_turns(position, Counter(0), rng, seen)[0][1]


def searched_turn(position: Position, rng: random.Random, budget: int, seen: Seen) -> Turn:
    """The turn that is best once the opponent's forcing replies are taken into account."""
    side = position.to_move
    counter = Counter(0)
    ranked = ranked_turns(position, counter, rng, seen)
    counter.budget = counter.used + budget  # the budget is for the replies
    best, best_value = None, float("-inf")
    fallback, fallback_value = ranked[0][1], float("-inf")
    killers: list[tuple[Action, ...]] = []  # replies that refuted a turn, latest first
    for static, turn in ranked:
        if static <= best_value:
            break  # a reply can only make it worse: nothing further down can be better
        value = static
        complete = True
        if turn.after.result is None:
            tried = (replay_turn(turn.after, k, counter) for k in killers)
            for reply in chain(
                (t for t in tried if t is not None), forcing_turns(turn.after, counter)
            ):
                # A reply back to a position the game has had twice is a draw [SC12].
                drawn = seen.get(reply.after.key(), 0) >= 2 or (
                    reply.middle is not None and seen.get(reply.middle, 0) >= 2
                )
                value = min(value, DRAW if drawn else evaluate(reply.after, side))
                if value <= best_value:
                    if reply.actions in killers:
                        killers.remove(reply.actions)
                    killers.insert(0, reply.actions)
                    del killers[KILLERS:]
                    break  # refuted
                if counter.spent():
                    complete = False
                    break
        if complete and value > best_value:
            best, best_value = turn, value
        elif not complete and value > fallback_value:
            fallback, fallback_value = turn, value  # only partly answered: a last resort
        if counter.spent():
            break
    return best if best is not None else fallback
