"""The computer player: its orders are always legal, it decides from its view alone, a seed
reproduces its play, and its fleets are legal [2.1, 3, 4, 8; rulings, Orders]."""

from __future__ import annotations

import random

import pytest
from sizes import examples

from notation.spaceships.fleets import Fleet, ShipPlacement
from spaceships import engine
from spaceships.computer.match import computer_game, computer_orders
from spaceships.computer.player import LEVELS, Computer, LevelError, level_named
from spaceships.computer.space import space
from spaceships.engine import Ruleset, adjudicate, check_fleet, check_orders, new_game, player_view
from spaceships.engine.matches import additional_ships
from spaceships.engine.random_play import random_fleet, random_orders
from spaceships.engine.shapes import placements

RULESETS = [
    Ruleset.from_tags("2.6.1"),
    Ruleset.from_tags("classic"),
    Ruleset.from_tags("2.6.1", ["colours=RYGOB"]),
    Ruleset.from_tags("2.6.1", ["fleet=cost:24"]),
]


def random_positions(ruleset: Ruleset, count: int, seed: str):
    """`count` states met in random games (random orders on both sides), every turn of each."""
    rng = random.Random(seed)
    while True:
        state = new_game(ruleset, random_fleet(ruleset, rng), random_fleet(ruleset, rng))
        while not state.over and state.turn <= 60:
            yield state
            count -= 1
            if count == 0:
                return
            a = check_orders(state, "A", random_orders(state, "A", rng))
            b = check_orders(state, "B", random_orders(state, "B", rng))
            state, _ = adjudicate(state, a, b)


# --- 3, 6: the computer's own fleet --------------------------------------------------------


@pytest.mark.parametrize("ruleset", RULESETS, ids=str)
def test_every_placement_is_a_ship_shape_the_engine_accepts(ruleset: Ruleset) -> None:
    sp = space(ruleset.colour_order, ruleset.classic)
    for t in ruleset.ship_types:
        mine = {frozenset(sp.cells_of(m)) for m in sp.placements(t)}
        assert mine == set(placements(t, ruleset.colour_order, ruleset.classic)), t


@pytest.mark.parametrize("ruleset", RULESETS, ids=str)
@pytest.mark.parametrize("level", LEVELS)
def test_computer_fleets_are_legal_and_varied(ruleset: Ruleset, level: str) -> None:
    fleets = [Computer(level, str(seed)).fleet(ruleset) for seed in range(examples(3, 6))]
    for fleet in fleets:
        assert check_fleet(fleet, ruleset) == []
    assert len({str(f) for f in fleets}) == len(fleets)


# --- 4, 8, 11.5: orders always legal --------------------------------------------------------


@pytest.mark.parametrize("ruleset", RULESETS, ids=str)
def test_orders_are_legal_in_random_positions(ruleset: Ruleset) -> None:
    """250 positions per ruleset (100 for cost fleets, whose sampling is slower), both seats:
    1,700 decisions in all in the full run (tests/sizes.py; a quarter of that everyday), every
    level in turn; check_orders raises on any illegal list."""
    positions = examples(25, 100) if ruleset.fleet_cost else examples(60, 250)
    computers = [Computer(level, "legal", samples=25) for level in LEVELS]
    checked = 0
    for n, state in enumerate(random_positions(ruleset, positions, str(ruleset))):
        for seat in "AB":
            computer = computers[(n + (seat == "B")) % len(computers)]
            computer_orders(state, seat, computer)
            checked += 1
    assert checked == 2 * positions


@pytest.mark.parametrize("ruleset", RULESETS[:2], ids=str)
@pytest.mark.parametrize("level", LEVELS)
def test_a_whole_game_between_computers_ends(ruleset: Ruleset, level: str) -> None:
    state = computer_game(ruleset, Computer(level, "1", samples=200), Computer("hunt", "2"))
    assert state.over


# --- 2.3, 4.5: materiel decides the game; a kamikaze costs a cell ------------------------------


def test_the_expert_launches_a_kamikaze_from_every_ship_with_nothing_else_keeping_a_cell() -> None:
    """The game is a race [2.3.1]: a kamikaze trades a point of the score [2.3.5] for a strike
    [4.5.3], so the expert launches one from every ship that may [4.5], always keeping at
    least one cell of its own (with nothing left it would score nothing)."""
    ruleset = RULESETS[0]
    computer = Computer("expert", "kamikaze", samples=200)
    launched = 0
    for state in random_positions(ruleset, examples(120, 400), "kamikaze"):
        ent = engine.entitlements(state, "A")
        if not ent.kamikaze_ships:
            continue
        checked = computer_orders(state, "A", computer)
        mine = state.materiel("A")
        assert len(checked.kamikazes) == min(len(ent.kamikaze_ships), mine - 1)
        launched += len(checked.kamikazes)
    assert launched  # the rule was met, not just never tried


# --- 1.4, 2.2: the computer decides from its view alone ---------------------------------------


def _fleet_with_moved_ship(ruleset: Ruleset, fleet: Fleet, avoid: set) -> Fleet:
    """The same fleet with its last ship moved to cells in `avoid`-free space."""
    sp = space(ruleset.colour_order, ruleset.classic)
    last = fleet.ships[-1]
    used = sp.mask(c for s in fleet.ships for c in s.cells)
    for m in sp.placements(last.ship.type):
        cells = set(sp.cells_of(m))
        if not m & used and not cells & avoid:
            moved = ShipPlacement(last.ship, tuple(sp.cells_of(m)))
            return Fleet((*fleet.ships[:-1], moved))
    raise AssertionError("no free place")


@pytest.mark.parametrize("level", LEVELS)
def test_two_states_with_identical_views_give_identical_orders(level: str) -> None:
    """B's fleet differs only where A never looked: A's view and A's orders stay the same."""
    ruleset = RULESETS[0]
    rng = random.Random(7)
    fleet_a, fleet_b = random_fleet(ruleset, rng), random_fleet(ruleset, rng)
    computer = Computer(level, "view", samples=300)
    state = new_game(ruleset, fleet_a, fleet_b)
    seen: set = set()
    for _ in range(3):
        orders = computer.orders(player_view(state, "A"))
        checked = check_orders(state, "A", orders)
        state, report = adjudicate(state, checked, check_orders(state, "B", ()))
        seen |= {e.cell for e in report.entries("A")}
    other_b = _fleet_with_moved_ship(
        ruleset, fleet_b, seen | set(c for s in fleet_b.ships for c in s.cells)
    )
    assert other_b != fleet_b
    one = new_game(ruleset, fleet_a, fleet_b)
    two = new_game(ruleset, fleet_a, other_b)
    for _ in range(3):
        view_one, view_two = player_view(one, "A"), player_view(two, "A")
        if view_one != view_two:
            break  # A has looked at a cell where the fleets differ: the views part here
        orders = computer.orders(view_one)
        assert computer.orders(view_two) == orders
        one, _ = adjudicate(one, check_orders(one, "A", orders), check_orders(one, "B", ()))
        two, _ = adjudicate(two, check_orders(two, "A", orders), check_orders(two, "B", ()))
    assert one.turn == 4  # all three turns compared


# --- reproducible from the seed ---------------------------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
def test_a_level_replays_the_same_game_from_its_seed(level: str) -> None:
    ruleset = RULESETS[0]

    def game(seed: str):
        return computer_game(ruleset, Computer(level, seed, samples=150), Computer("hunt", "x"))

    first, again, other = game("s1"), game("s1"), game("s2")
    assert first.to_json() == again.to_json()
    assert first.to_json() != other.to_json()


def test_level_names() -> None:
    assert level_named(None) == "expert"
    assert level_named(" Hunt ") == "hunt"
    with pytest.raises(LevelError, match="the levels are random, hunt, density, expert"):
        level_named("grandmaster")


@pytest.mark.parametrize(
    ("tags", "options", "carried"),
    [
        ("2.6.1", (), 17),  # 10.3: additional ships costing 17
        ("2.6.1", (), 1),  # a light gunboat
        ("classic", (), 9),  # classic 7.2: ships holding 9 cells
        ("classic", (), 1),  # one cell builds nothing (docs/readings.md)
        ("2.6.1", ("build=one-death-star",), 13),  # 6.3.1: KC, then 7 cells as FS/PC and MD
        ("2.6.1", ("build=many-death-stars",), 8),  # 6.3.2: a death star
    ],
)
@pytest.mark.parametrize("level", ["hunt", "expert"])
def test_10_3_the_computer_builds_additional_ships_costing_what_it_carried(
    tags: str, options: tuple[str, ...], carried: int, level: str
) -> None:
    ruleset = Ruleset.from_tags(tags, options)
    computer = Computer(level, "match")
    fleet = computer.fleet(ruleset, "B", carried, game=2)
    assert engine.check_fleet(fleet, ruleset, None, carried) == []
    built = additional_ships([s.ship.type for s in fleet.ships], carried, ruleset)
    assert built is not None and (built != ()) == (carried > 1 or not ruleset.classic)
    # Each game of a match gets a fresh placement, not game 1's again.
    assert computer.fleet(ruleset, "B", 0, game=2) != computer.fleet(ruleset, "B")
