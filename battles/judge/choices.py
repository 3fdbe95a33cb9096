"""What a seat of Spaceship Battles may do now, as data for a board (issue 44,
pbem.kinds.choosing): at set-up the Hull and Component Tables priced per hull, the budget and
the hexes a ship may start on [V.C, R16]; in a movement phase each own ship's moves that the
rules accept, by the hex and facing they end on [III]; in a fire phase each own ship's
targets that a weapon bears on [IV.A]. Worked out by the rules' own checks (`check_move`,
`bears`), from the battle as everyone sees it, never from the other side's design before
the start or its orders of the open phase."""

from __future__ import annotations

from typing import Any

from battles.computer import BattleComputer
from battles.engine.combat import bears
from battles.engine.movement import check_move, path
from battles.engine.state import BattleState, ShipState
from battles.judge.rows import (
    SETUP_RADIUS,
    START,
    battle_turn,
    budget_of,
    replay_of,
)
from battles.judge.views import situation_text
from notation.battles.hexes import FACINGS, Hex, distance
from notation.battles.letters import COMPONENTS, HULLS, MAX_ENGINES
from pbem.kinds.choosing import tool
from pbem.storage.store import GameRow, Store

__all__ = ["choices"]


def _number(value: Any) -> float | int:
    return int(value) if value == int(value) else float(value)


def tables() -> dict[str, Any]:
    """The Hull and Component Tables as a design builder prices them: each system's cost
    and space in each hull (engines and Advanced Maneuvering are the hull's) [V.C.1, V.C.2]."""
    hulls = []
    for hull in HULLS.values():
        prices = {}
        for letter, part in COMPONENTS.items():
            if letter == "I":
                cost, space = hull.engine_cost, hull.engine_space
            elif letter == "V":
                cost, space = hull.maneuvering_cost, 0
            else:
                cost, space = part.cost or 0, part.space or 0
            prices[letter] = [cost, _number(space)]
        hulls.append(
            {
                "code": hull.code,
                "name": hull.name,
                "cost": hull.cost,
                "spaces": _number(hull.spaces),
                "turn_mode": hull.turn_mode,
                "prices": prices,
            }
        )
    systems = [
        {"code": part.code, "name": part.name, "weapon": part.weapon}
        for part in COMPONENTS.values()
    ]
    return {"hulls": hulls, "systems": systems, "arcs": "frlb", "max_engines": MAX_ENGINES}


def design_choices(game: GameRow, seat: str) -> dict[str, Any]:
    home, facing = START[seat]
    hexes = _around(home, SETUP_RADIUS)
    budget = budget_of(game)
    ships = BattleComputer(f"{game.name}:{seat}").design(budget, seat, home, facing, SETUP_RADIUS)
    return {
        "phase": "design",
        "command": "design",
        "todo": (
            f"Design your ships within {budget} points: a name and a Ship Code a line [V]; "
            f"tap a hex within {SETUP_RADIUS} of {home} to start a ship there [R16]."
        ),
        "budget": budget,
        "home": str(home),
        "facing": facing,
        "facings": list(FACINGS),
        "tables": tables(),
        "sep": "\n",
        "tools": [tool("place", "Start hex", cells={str(h): str(h) for h in hexes})],
        "random": "\n".join(ship.design_line for ship in ships),
    }


def _around(centre: Hex, radius: int) -> list[Hex]:
    return [
        Hex(centre.q + dq, centre.r + dr)
        for dq in range(-radius, radius + 1)
        for dr in range(-radius, radius + 1)
        if distance(centre, Hex(centre.q + dq, centre.r + dr)) <= radius
    ]


def moves_of(state: BattleState, side: str, ship: ShipState) -> dict[tuple[str, str], str]:
    """Every end (hex, facing) a ship's legal moves reach, with the fewest steps that reach
    it: the rules' own check_move on each way written [III.A, III.B]."""
    found: dict[tuple[str, str], str] = {}
    ways = [""]
    seen = {""}
    while ways:
        way = ways.pop(0)
        place, facing, _ = path(ship, way)
        end = (str(place), facing)
        if way and end not in found:
            found[end] = way
        for step in "FLR":
            longer = way + step
            if longer in seen or longer.count("F") > ship.speed or len(longer) > 2 * ship.speed:
                continue
            seen.add(longer)
            if not check_move(state, side, ship.name, longer):
                ways.append(longer)
    return found


def play_choices(store: Store, game: GameRow, seat: str) -> dict[str, Any]:
    turn, phase = battle_turn(game)
    state = replay_of(game).state
    own = [s for s in state.standing(seat)]
    enemies = [s for s in state.standing("B" if seat == "A" else "A")]
    tools = []
    if phase == "movement":
        for ship in own:
            if state.held(ship.name, seat) is not None:
                continue
            by_facing: dict[str, dict[str, str]] = {}
            for (place, facing), way in moves_of(state, seat, ship).items():
                by_facing.setdefault(facing, {})[place] = f"{ship.name} {way}"
            for facing in FACINGS:
                if facing in by_facing:
                    tools.append(
                        tool(
                            f"move-{ship.name}-{facing}",
                            f"{ship.name}: end facing {facing}",
                            pairs={str(ship.hex): by_facing[facing]},
                        )
                    )
        todo = f"Turn {turn}, movement: tap a ship of yours, then where it goes."
    else:
        for ship in own:
            for target in enemies:
                weapons = [i for i, _ in ship.weapons() if bears(state, ship, i, target) is None]
                if weapons:
                    text = f"{ship.name} > {target.name}"
                    tools.append(
                        tool(
                            f"fire-{ship.name}-{target.name}",
                            f"{ship.name} fires at {target.name}",
                            pairs={str(ship.hex): {str(target.hex): text}},
                        )
                    )
        todo = f"Turn {turn}, fire: tap a ship of yours, then a target in its arcs."
    sent = store.orders(game.id, game.turn).get(seat)
    replay = replay_of(game)
    return {
        "phase": "orders",
        "command": "orders",
        "turn": game.turn,
        "todo": todo,
        "entitled": ", ".join(f"{s.name}: speed {s.speed}, turn mode {s.turn_mode}" for s in own)
        if phase == "movement"
        else ", ".join(f"{s.name}: {len(s.weapons())} weapons" for s in own),
        "sent": "" if sent is None else sent.text,
        "report": situation_text(game, replay),
        "sep": "\n",
        "tools": tools,
        "buttons": [{"label": "Nothing this phase", "text": "none"}],
    }


def choices(store: Store, game: GameRow, seat: str) -> dict[str, Any]:
    """The seat's choices now: its design and start hexes, or its moves or targets."""
    if seat not in START:
        return {}
    if game.phase == "over":
        return {"phase": "over", "todo": "The battle is over."}
    player = store.players(game.id).get(seat)
    if game.phase in ("joining", "setup") and player is not None:
        if player.fleet is None:
            return design_choices(game, seat)
        return {"phase": "wait", "todo": "Your design is in: waiting for the other design."}
    if game.phase != "playing" or game.state is None:
        return {"phase": "wait", "todo": "Waiting for both players to join."}
    return play_choices(store, game, seat)
