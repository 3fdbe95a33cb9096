"""The battle computer (battles.computer): its designs legal within any budget the judge
accepts and varied by seed [V, R16]; its orders for any position legal [III, IV]; everything
reproducible from its seed; a whole battle against the plain player to the end."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from sizes import examples

from battles.computer import BattleComputer
from battles.computer.match import plain, play_battle
from battles.engine.combat import check_volley, firing
from battles.engine.design import check_design, check_fleet_cost
from battles.engine.movement import check_move
from battles.engine.play import play_record
from battles.engine.state import BattleState, Hold, ShipState
from battles.engine.tables import X_MODES
from battles.engine.tractors import check_tractor
from notation.battles.hexes import FACINGS, Hex
from notation.battles.records import Move, Tractor, Volley

HOME_A, HOME_B = (Hex(0, 8), "N"), (Hex(0, -8), "S")


def fleet(seed: str, side: str, budget: int = 300, avoid: tuple[str, ...] = ()) -> list:
    home, facing = HOME_A if side == "A" else HOME_B
    return BattleComputer(seed).design(budget, side, home, facing, 3, avoid)


# -- V, R16: designs ---------------------------------------------------------------------------


def test_designs_are_legal_and_within_the_budget_for_budgets_from_the_least_the_judge_takes() -> (
    None
):
    for budget in (33, 34, 37, 38, 43, 55, 71, 99, 150, 300, 450, 800, 2000, 5000):
        for seed in ("a", "b", "c", "d"):
            ships = fleet(seed, "B", budget)
            assert ships, budget
            for ship in ships:
                assert check_design(ship.code) == [], (budget, seed, str(ship.code))
            assert check_fleet_cost([s.code for s in ships], budget) == [], (budget, seed)
            assert len({s.name for s in ships}) == len(ships)


def test_designs_set_up_within_three_hexes_of_home_facing_the_enemy() -> None:
    from notation.battles.hexes import distance

    for seed in "abcdef":
        for ship in fleet(seed, "B", 600):
            assert distance(ship.hex, HOME_B[0]) <= 3 and ship.facing == "S"


def test_designs_vary_with_the_seed_and_repeat_with_it() -> None:
    designs = {tuple(str(s) for s in fleet(str(i), "A")) for i in range(12)}
    assert len(designs) >= 8
    assert fleet("x", "A") == fleet("x", "A")


def test_sensible_designs_move_and_fire_ahead_with_shields_or_armour_first() -> None:
    for i in range(12):
        for ship in fleet(f"s{i}", "A", 300):
            code = ship.code
            assert code.count("I") >= 1
            weapons = [s for s in code.systems if s.weapon and s.code != "R"]
            assert any(w.arc == "f" for w in weapons)
            letters = "".join(s.code for s in code.systems)
            guards = [i for i, c in enumerate(letters) if c in "SA"]
            others = [i for i, c in enumerate(letters) if c not in "SAV"]
            assert not guards or max(guards) < min(others), letters  # damage strikes left first


def test_a_design_avoids_names_it_is_told_to() -> None:
    first = fleet("n", "A")
    taken = tuple(s.name for s in first)
    assert not {s.name for s in fleet("n", "B", avoid=taken)} & set(taken)


# -- III, IV: orders from any position are legal ------------------------------------------------


def _position(seed: int) -> tuple[BattleState, str]:
    rng = random.Random(seed)
    ships = fleet(f"p{seed}", "A", rng.choice((80, 300, 900)))
    ships += fleet(f"q{seed}", "B", rng.choice((80, 300, 900)), tuple(s.name for s in ships))
    states = []
    for entry in ships:
        ship = ShipState.start(entry.name, entry.side, entry.code, entry.hex, entry.facing)
        place = Hex(rng.randint(-6, 6), rng.randint(-6, 6))
        crossed = tuple(rng.random() < 0.25 for _ in ship.crossed)
        states.append(
            ShipState(
                ship.name,
                ship.side,
                ship.code,
                place,
                rng.choice(FACINGS),
                crossed,
                rng.randint(0, 3),
                fired=tuple((i, 1) for i, s in enumerate(ship.code.systems) if s.code == "P"),
            )
        )
    turn = rng.randint(1, 3)
    state = BattleState(tuple(states), turn=turn, initiative="A", x_mode=rng.choice(X_MODES))
    a, b = state.standing("A"), state.standing("B")
    if a and b and rng.random() < 0.3:
        state = BattleState(
            state.ships, turn, "A", (Hold(a[0].name, b[0].name, turn, "A"),), x_mode=state.x_mode
        )
    return state, rng.choice("AB")


def _legal(state: BattleState, side: str, orders: list) -> None:
    moved, fired, tractored = set(), set(), set()
    for order in orders:
        assert order.side == side and order.turn == state.turn
        if isinstance(order, Move):
            assert order.ship not in moved
            moved.add(order.ship)
            assert check_move(state, side, order.ship, order.how) == [], order
        elif isinstance(order, Volley):
            assert check_volley(state, side, order, fired) == [] and firing(state, order), order
            fired.update(order.shooters)
        else:
            assert isinstance(order, Tractor)
            assert check_tractor(state, side, order.ship, order.target, tractored) == []
            tractored.add(order.ship)


@settings(max_examples=examples(25, 400), deadline=None)
@given(st.integers(0, 10**6))
def test_orders_for_any_position_are_legal_both_phases(seed: int) -> None:
    state, side = _position(seed)
    computer = BattleComputer(str(seed))
    moves = computer.orders(state, side, "movement")
    _legal(state, side, moves)
    assert {m.ship for m in moves} == {s.name for s in state.standing(side)}
    _legal(state, side, computer.orders(state, side, "fire"))


def test_orders_repeat_from_the_same_seed_and_position() -> None:
    state, side = _position(11)
    for phase in ("movement", "fire"):
        assert BattleComputer("z").orders(state, side, phase) == BattleComputer("z").orders(
            state, side, phase
        )


def test_fire_goes_with_every_ship_that_bears_at_the_ship_it_can_finish() -> None:
    from notation.battles.parse import parse_design

    code = parse_design("E-SAI(Gf)I(Ff)II")
    hunter = ShipState.start("Hunter", "A", code, Hex(0, 0), "N")
    hurt = ShipState.start("Hurt", "B", parse_design("E-SAI(Gf)"), Hex(0, -1), "S")
    hurt = hurt.cross(0).cross(1).cross(2)  # one system left
    whole = ShipState.start("Whole", "B", parse_design("E-SAI(Gf)"), Hex(1, -2), "S")
    state = BattleState((hunter, hurt, whole), turn=1, initiative="A")
    (volley,) = BattleComputer("f").orders(state, "A", "fire")
    assert volley.targets[0].name == "Hurt"


def test_a_tractor_beam_holds_an_enemy_that_cannot_fire_back_iv_d() -> None:
    from notation.battles.parse import parse_design

    raider = ShipState.start("Raider", "A", parse_design("C-SSI(Lf)II(Gf)(Rf)D"), Hex(0, 0), "N")
    # The enemy ahead, facing away: Raider's beam bears on it, its gun not on Raider.
    prey = ShipState.start("Prey", "B", parse_design("E-SAI(Gf)"), Hex(0, -2), "N")
    state = BattleState((raider, prey), turn=1, initiative="A")
    orders = BattleComputer("t").orders(state, "A", "fire")
    assert Tractor(1, "A", "Raider", "Prey") in orders
    # Facing it, gun to beam, a hold helps the enemy as much: no tractor.
    facing = ShipState.start("Prey", "B", parse_design("E-AI(Lf)(Lf)"), Hex(0, -2), "S")
    state = BattleState((raider, facing), turn=1, initiative="A")
    assert not [o for o in BattleComputer("t").orders(state, "A", "fire") if isinstance(o, Tractor)]


# -- the whole battle ---------------------------------------------------------------------------


def test_a_whole_battle_against_the_plain_player_ends_and_replays_from_its_seed() -> None:
    a = fleet("one", "A")
    b = fleet("two", "B", avoid=tuple(s.name for s in a))
    computer = BattleComputer("c")
    record = play_battle(a + b, "dice", {"A": plain, "B": computer.orders}, turns=8)
    replay = play_record(record)
    assert replay.problems == [] and replay.dice == "checked against the seed"
    assert replay.state.over
    again = play_battle(a + b, "dice", {"A": plain, "B": computer.orders}, turns=8)
    assert again == record
