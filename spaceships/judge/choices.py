"""What a seat of Spaceships may do now, as data for a board (issue 44, pbem.kinds.choosing):
at set-up, each ship type's legal placements and the fleet's groups [3.7, 6]; in play, the
turn's entitlement as mail says it and its parts: strikes, each missile and kamikaze ship's
launch cells, each beam's lines, scans [4.4.1, 4.5, 8.1.3, 8.2, 8.3.1].

Everything comes from the seat's own fleet and the engine's entitlements: never from the
other fleet or its orders [1.4], so swapping the opponent's fleet leaves the choices alike."""

from __future__ import annotations

import random
from functools import cache, lru_cache
from typing import Any

import spaceships.judge.matches as matches
import spaceships.judge.views as render
from notation.spaceships.format import format_fleet
from notation.spaceships.ships import SHIP_TYPES
from pbem.kinds.choosing import tool
from pbem.steps.gamerows import names_of
from pbem.storage.store import GameRow, Store
from spaceships import engine
from spaceships.computer.placement import random_fleet
from spaceships.engine.fleets import fleet_groups
from spaceships.engine.geometry import geometry
from spaceships.engine.rulesets import Ruleset
from spaceships.engine.shapes import SIZES, placements
from spaceships.judge.materiel import may_use
from spaceships.judge.rows import ruleset_of, state_of

__all__ = ["choices"]

BOARDS = [
    {"key": "enemy", "label": "Enemy space: strikes, beams, scans"},
    {"key": "own", "label": "Your space: your ships, missile and kamikaze launches"},
]


@cache
def _all_cells(colour_order: str) -> tuple[str, ...]:
    return tuple(str(cell) for cell in geometry(colour_order).cells)


@cache
def _sets(ship_type: str, colour_order: str, classic: bool) -> tuple[tuple[str, ...], ...]:
    """Every placement of a type, as cell names (the same for every game of a ruleset)."""
    found = placements(ship_type, colour_order, classic)
    return tuple(tuple(sorted(str(cell) for cell in cells)) for cells in found)


@lru_cache(maxsize=256)
def _random_fleet(seed: str, ruleset: Ruleset) -> str:
    """A legal fleet, the same for the same seat of the same game (asked for on every page)."""
    return format_fleet(random_fleet(ruleset, random.Random(seed)))


def fleet_choices(game: GameRow, seat: str, ruleset: Ruleset, later: bool) -> dict[str, Any]:
    """The set-up: a tool per ship type (tap its cells), one of each group, and a random
    fleet on request (`later`: a match's later game, with additional ships [10.3])."""
    groups = fleet_groups(ruleset)
    if groups is None or later:  # a fleet by cost, or a match's later game [3.7.1, 10.3]
        groups = tuple((t,) for t in ruleset.ship_types)
        counted = False
    else:
        counted = True
    tools = []
    for group in groups:
        for ship_type in group:
            tools.append(
                tool(
                    ship_type,
                    f"{SHIP_TYPES[ship_type]} ({ship_type}, {SIZES[ship_type]} cells)",
                    board="own",
                    count=1 if counted else None,
                    group="/".join(group) if len(group) > 1 else "",
                    sets=_sets(ship_type, ruleset.colour_order, ruleset.classic),
                    size=SIZES[ship_type],
                    write=f"{ship_type} {{cells}};",
                )
            )
    fleet = "" if later else _random_fleet(f"{game.name}:{seat}:{game.turn}", ruleset)
    words = "; ".join(" or ".join(g) for g in groups)
    return {
        "phase": "fleet",
        "command": "fleet",
        "todo": (
            "Place your fleet: choose a ship, then tap its cells in your space "
            f"({words}) [3.7]; or take a random fleet."
        ),
        "sep": " ",
        "boards": BOARDS[1:],
        "tools": tools,
        "random": fleet,
    }


def orders_choices(store: Store, game: GameRow, seat: str) -> dict[str, Any]:
    """A turn's tools: strikes and scans on the enemy space, launches from the own ships'
    cells, each beam's lines; counts as the entitlement allows."""
    state = state_of(game)
    ruleset = state.ruleset
    entitled = engine.entitlements(state, seat)
    cells = _all_cells(ruleset.colour_order)
    tools = []
    tools.append(
        tool(
            "strike",
            "Strike",
            board="enemy",
            count=entitled.conventional,
            cells={cell: cell for cell in cells},
        )
    )
    for ship in entitled.missile_ships:
        launches = {str(c): f"m{c}" for c in ship.unfired}
        tools.append(
            tool(
                f"missile-{ship.ship}",
                f"Missile from {ship.ship}",
                board="own",
                count=1,
                adds={"strike": 1},
                cells=launches,
            )
        )
    for ship in entitled.kamikaze_ships:
        launches = {str(c): f"k{c}" for c in sorted(ship.undamaged, key=lambda c: c.sort_key())}
        tools.append(
            tool(
                f"kamikaze-{ship.ship}",
                f"Kamikaze from {ship.ship}",
                board="own",
                count=1,
                adds={"strike": 1},
                cells=launches,
            )
        )
    if not ruleset.classic:
        geo = ruleset.geometry
        for ship in entitled.beam_ships:
            pairs: dict[str, dict[str, str]] = {}
            named = len(entitled.beam_ships) > 1
            for start in geo.cells:
                for end in geo.cells:
                    line = geo.beam_line(start, end)
                    if line is None or line[0] not in ship.beam_directions:
                        continue
                    text = f"b{start}{end}" + (f"({ship.ship})" if named else "")
                    pairs.setdefault(str(start), {})[str(end)] = text
            tools.append(
                tool(
                    f"beam-{ship.ship}", f"Beam ({ship.ship})", board="enemy", count=1, pairs=pairs
                )
            )
    if entitled.scans:
        tools.append(
            tool(
                "scan",
                "Scan",
                board="enemy",
                count=entitled.scans,
                cells={cell: f"s{cell}" for cell in cells},
            )
        )
    sent = store.orders(game.id, game.turn).get(seat)
    limits = entitled.limits()
    report = ""
    view = engine.player_view(state, seat)
    if any(t.turn == game.turn - 1 for t in view.turns):
        names = names_of(store.players(game.id))
        report = render.player_turn_text(view, seat, game.turn - 1, names, grids=False)
    return {
        "phase": "orders",
        "command": "orders",
        "turn": game.turn,
        "todo": (
            f"Send your orders for turn {game.turn}: tap enemy cells to strike, or choose "
            "another action first."
        ),
        "entitled": may_use(entitled),
        "limits": limits or "",
        "sent": "" if sent is None else sent.text,
        "report": report,
        "sep": " ",
        "boards": BOARDS,
        "tools": tools,
        "buttons": [{"label": "No actions", "text": "none"}],
    }


def choices(store: Store, game: GameRow, seat: str) -> dict[str, Any]:
    """The seat's choices now (its own fleet and the engine's entitlements only)."""
    if seat not in ("A", "B"):
        return {}
    if game.phase == "over":
        return {"phase": "over", "todo": "The game is over."}
    players = store.players(game.id)
    player = players.get(seat)
    if game.phase in ("joining", "setup") and player is not None:
        if player.fleet is None:
            playing = matches.match_of(store, game)
            later = playing is not None and playing.number > 1
            return fleet_choices(game, seat, ruleset_of(game), later)
        return {"phase": "wait", "todo": "Your fleet is in: waiting for the other fleet."}
    if game.phase != "playing" or game.state is None:
        return {"phase": "wait", "todo": "Waiting for both players to join."}
    return orders_choices(store, game, seat)
