"""Replaying a record takes each player's orders by a fast check on counts and bit sets
(spaceships.engine.replay) and leaves the rest to the full check [2.4, 4, 8, 11.5]: it must take
exactly the legal order lists, and a record with a wrong order must be refused with exactly the full
check's problems, at the same place, with the game as far as it was played. Games it takes
must give the states, checked orders and reports of the full check and `adjudicate`."""

from __future__ import annotations

import random
from typing import Any

import pytest

from notation.spaceships.cells import PartialCell
from notation.spaceships.orders import (
    Beam,
    ClassicBeam,
    KamikazeLaunch,
    MissileLaunch,
    Order,
    Scan,
    Strike,
)
from notation.spaceships.records import Record, TurnLine
from notation.spaceships.ships import ShipId
from spaceships.engine import Ruleset, adjudicate, check_orders, new_game, play_record
from spaceships.engine.game import Game, after_end, start_record, turn_lines, turn_orders
from spaceships.engine.geometry import DIRECTIONS
from spaceships.engine.problems import OrdersRefused
from spaceships.engine.random_play import random_fleet, random_orders
from spaceships.engine.replay import plan
from spaceships.engine.state import GameState
from tests.sizes import examples

RULESETS = [
    ("2.6.1", ()),
    ("classic", ()),
    ("2.6.1", ("fleet=cost:30", "colours=RYGOB", "report-order=alternate")),
    ("2.6.1", ("fleet=cost:17", "scoring=hits")),
    ("classic", ("colours=RYGOB",)),
    ("2.6.1", ("fleet=cost:9", "tiebreak=hypothetical-hits")),
]


def played_in_full(record: Record) -> Game:
    """play_record as it was before the fast check: every turn through the full check and
    adjudicate (the reference)."""
    ruleset, state = start_record(record)
    lines = turn_lines(record)
    while state.turn <= record.last_turn:
        if state.over:
            late = after_end(record, state)
            if late:
                raise OrdersRefused(late, Game(record, ruleset, state))
            break
        try:
            a = turn_orders(record, state, "A", lines)
        except OrdersRefused as exc:
            problems = exc.problems
            try:
                turn_orders(record, state, "B", lines)
            except OrdersRefused as also:
                problems = problems + also.problems
            raise OrdersRefused(problems, Game(record, ruleset, state)) from None
        try:
            b = turn_orders(record, state, "B", lines)
        except OrdersRefused as exc:
            raise OrdersRefused(exc.problems, Game(record, ruleset, state)) from None
        state, _ = adjudicate(state, a, b)
    return Game(record, ruleset, state)


def as_record(ruleset: Ruleset, state: GameState, turns: list[tuple[Any, Any]]) -> Record:
    tags: tuple[tuple[str, str], ...] = (("Ruleset", ruleset.name),)
    if ruleset.options:
        tags += (("Options", " ".join(ruleset.options)),)
    lines = []
    for turn, (a, b) in enumerate(turns, 1):
        lines += [TurnLine(turn, "A", tuple(a)), TurnLine(turn, "B", tuple(b))]
    return Record(tags, {"A": state.a.fleet, "B": state.b.fleet}, tuple(lines))


def outcome(record: Record, play: Any) -> Any:
    """What a player of the record sees: the game's JSON and final state, or the refusal."""
    try:
        game = play(record)
    except OrdersRefused as exc:
        refused = exc.game.state.to_json() if exc.game and exc.game.state else None
        return (
            "refused",
            [str(p) for p in exc.problems],
            [p.position for p in exc.problems],
            refused,
        )
    return ("played", game.to_json(), game.state.to_json() if game.state else None)


def wrong_orders(state: GameState, player: str, rng: random.Random) -> tuple[Order, ...]:
    """A random legal order list with a few random changes, most of which make it wrong:
    one strike more or fewer, extra scans, launches from random cells and values, beams
    between random cells naming random ships, classic beams along random lines, orders
    written twice."""
    ruleset = state.ruleset
    geo = ruleset.geometry
    cells = geo.cells
    orders = list(random_orders(state, player, rng))
    own = [c for s in state.space(player).ships for c in s.cells]
    missiles = [
        c for s in state.space(player).ships if s.type in ruleset.missile_types for c in s.cells
    ]
    names = [s.id for s in state.space(player).ships]
    names += [ShipId("DS", 2), ShipId("KC"), ShipId("LS"), ShipId("DS")]
    for _ in range(rng.randint(1, 3)):
        kind = rng.randrange(9)
        cell = rng.choice(cells)
        if kind == 0:
            orders.append(Strike(cell))
        elif kind == 1 and orders:
            orders.pop(rng.randrange(len(orders)))
        elif kind == 2:
            orders.append(Scan(cell))
        elif kind == 3:
            source = rng.choice(missiles or own) if rng.random() < 0.7 else cell
            keys = rng.sample(["colour", "letter", "number"], rng.randint(1, 3))
            partial = PartialCell(**{k: getattr(source, k) for k in keys})
            orders += [MissileLaunch(partial), Strike(cell)]
        elif kind == 4:
            launch = rng.choice(own) if rng.random() < 0.8 else cell
            orders += [KamikazeLaunch(launch), Strike(cell)]
        elif kind == 5:
            end = geo.shift(cell, rng.choice(DIRECTIONS), rng.choice((2, 2, 2, 1, -2)))
            ship = rng.choice(names) if rng.random() < 0.5 else None
            orders.append(Beam(cell, end or rng.choice(cells), ship))
        elif kind == 6:
            source = rng.choice(own) if rng.random() < 0.7 else cell
            keys = rng.sample(["colour", "letter", "number"], 2)
            orders.append(ClassicBeam(PartialCell(**{k: getattr(source, k) for k in keys})))
        elif kind == 7 and orders:
            orders.append(rng.choice(orders))
        elif kind == 8:
            orders += [Scan(cell), Scan(rng.choice(cells))]
    rng.shuffle(orders)
    return tuple(orders)


def refused(state: GameState, player: str, orders: tuple[Order, ...]) -> list[str] | None:
    try:
        check_orders(state, player, orders)
    except OrdersRefused as exc:
        return [p.rule for p in exc.problems]
    return None


# Every problem the full check finds with a turn's orders, by the rule it cites: the random
# wrong orders below must meet each of them, and the fast check must leave each to it.
EVERY_PROBLEM = {
    "2.6.1": {
        "4.4.1",  # more strikes than entitled
        "11.5.3",  # a missile launch without its strike, or ambiguous values
        "11.5.5",  # a kamikaze without its strike
        "8.1.3",  # a second missile launch from one ship
        "8.1.3.1",  # no unfired missile matches
        "4.5",  # a second kamikaze from one ship; a ship that still strikes or has missiles
        "4.5.2",  # a kamikaze from no ship's cell, or from a destroyed cell
        "6.8.2",  # a light scout's kamikaze
        "8.3",  # scans without a scanner
        "8.3.1",  # more scans than entitled
        "11.5.2",  # a classic beam in 2.6.1
        "8.2.1",  # beam ends that are not two steps apart on a line
        "8.2",  # a beam from a ship without a beam weapon, or a second beam from one ship
        "8.2.2",  # no undamaged loosely adjacent pair parallel to the target line
        "8.2.3.1",  # no such ship, or several that could fire and none named
        "8.4",  # a burnt-out beam weapon
    },
    "classic": {
        "classic 4.3.1",
        "classic 8.2.3",
        "classic 8.2.4",
        "classic 6.6.2",
        "classic 6.6.2.1",
        "classic 4.4",
        "classic 4.4.2",
        "classic 4.2",  # no scans in classic
        "classic 8.2.2",  # a 2.6.1 beam in classic
        "classic 6.1.3",  # no undamaged death star, or more beams than death stars
        "classic 6.1.3.3",  # the line misses the death star
    },
}


def random_positions(ruleset: Ruleset, seed: int, turns: int = 150) -> Any:
    """(state, player, wrong orders, the game's turns so far) along a random game."""
    rng = random.Random(seed)
    state = new_game(ruleset, random_fleet(ruleset, rng), random_fleet(ruleset, rng))
    played: list[tuple[Any, Any]] = []
    while not state.over and state.turn <= turns:
        for player in "AB":
            yield state, player, wrong_orders(state, player, rng), played
        oa, ob = random_orders(state, "A", rng), random_orders(state, "B", rng)
        played = [*played, (oa, ob)]
        state, _ = adjudicate(state, check_orders(state, "A", oa), check_orders(state, "B", ob))


@pytest.mark.parametrize("name", ["2.6.1", "classic"])
def test_11_5_the_fast_check_takes_exactly_the_legal_order_lists(name: str) -> None:
    ruleset = Ruleset(name, ())
    found: set[str] = set()
    seed = 0
    # At least this many games, and on until every problem has been met (a few rare ones,
    # such as a burnt-out beam, take a few dozen games).
    while seed < examples(8, 60) or (found != EVERY_PROBLEM[name] and seed < 200):
        for state, player, orders, _ in random_positions(ruleset, seed):
            why = refused(state, player, orders)
            taken = plan(state, player, orders)
            assert (why is None) == (taken is not None), (seed, state.turn, player, orders, why)
            found.update(why or ())
        seed += 1
    assert found == EVERY_PROBLEM[name]


@pytest.mark.parametrize("name,options", RULESETS[2:])
def test_11_5_under_options_the_fast_check_takes_exactly_the_legal_order_lists(
    name: str, options: tuple[str, ...]
) -> None:
    ruleset = Ruleset(name, options)
    for seed in range(examples(3, 20)):
        for state, player, orders, _ in random_positions(ruleset, seed):
            why = refused(state, player, orders)
            assert (why is None) == (plan(state, player, orders) is not None), why


@pytest.mark.parametrize("name,options", RULESETS)
def test_2_4_a_record_with_wrong_orders_is_refused_as_the_full_check_refuses_it(
    name: str, options: tuple[str, ...]
) -> None:
    """The same problems (messages, positions), the same game as far as it was played; both
    players wrong in one turn, or only one."""
    ruleset = Ruleset(name, options)
    rng = random.Random(7)
    tried = 0
    for seed in range(examples(3, 12)):
        for state, player, orders, played in random_positions(ruleset, seed, turns=40):
            if rng.random() < 0.7:
                continue
            opponent = "B" if player == "A" else "A"
            other = wrong_orders(state, opponent, rng) if rng.random() < 0.3 else ()
            turn = (orders, other) if player == "A" else (other, orders)
            record = as_record(ruleset, state, [*played, turn, ((), ())])
            assert outcome(record, play_record) == outcome(record, played_in_full)
            tried += 1
    assert tried > 10


@pytest.mark.parametrize("name,options", RULESETS)
def test_2_a_record_replays_to_the_states_orders_and_reports_of_the_full_check(
    name: str, options: tuple[str, ...]
) -> None:
    """Whole games, games cut short and games with lines after their end [2.3]: the --json
    report, the final state with every turn's checked orders and report, and the state
    between turns."""
    ruleset = Ruleset(name, options)
    for seed in range(examples(4, 30)):
        rng = random.Random(seed)
        state = new_game(ruleset, random_fleet(ruleset, rng), random_fleet(ruleset, rng))
        turns = []
        while not state.over and state.turn <= 150:
            oa, ob = random_orders(state, "A", rng), random_orders(state, "B", rng)
            turns.append((oa, ob))
            state, _ = adjudicate(state, check_orders(state, "A", oa), check_orders(state, "B", ob))
        records = [as_record(ruleset, state, turns)]
        records.append(as_record(ruleset, state, turns[: len(turns) // 2]))
        records.append(
            as_record(ruleset, state, [*turns, ((Strike(state.ruleset.geometry.cells[0]),), ())])
        )
        for record in records:
            assert outcome(record, play_record) == outcome(record, played_in_full), seed
        game = play_record(records[0])
        assert game.state is not None
        assert game.state.bits("A") == state.bits("A")
        assert game.state.bits("B") == state.bits("B")
        for entry in game.state.history:
            assert entry.orders_a.turn == entry.turn
