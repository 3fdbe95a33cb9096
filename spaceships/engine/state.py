"""The state of a game between turns: both fleets, what is destroyed, fired and burnt out, the
history of every turn, and the result. Immutable; serialises to JSON and back exactly."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, Protocol

from notation.spaceships.cells import Cell
from notation.spaceships.fleets import Fleet, ShipPlacement
from notation.spaceships.ships import ShipId
from spaceships.engine.checked import CheckedOrders
from spaceships.engine.geometry import Geometry
from spaceships.engine.reports import TurnReport, cell_from_json, ship_from_json
from spaceships.engine.rulesets import Ruleset

PLAYERS = ("A", "B")


def other(player: str) -> str:
    return "B" if player == "A" else "A"


@dataclass(frozen=True, slots=True)
class Ship:
    """A ship of a checked fleet: its identity, its cells in conventional order."""

    id: ShipId
    cells: tuple[Cell, ...]

    @property
    def type(self) -> str:
        return self.id.type


class Space:
    """A player's ships looked up by cell; built once per fleet (fleets never change).
    Also as bit sets (spaceships.engine.geometry): each ship's cells, and which ship is in each
    cell."""

    def __init__(self, fleet: Fleet, ruleset: Ruleset) -> None:
        geo: Geometry = ruleset.geometry
        colour_base, letter_base = geo.colour_base, geo.letter_base
        missile_types, scanner_types = ruleset.missile_types, ruleset.scanner_types
        ship_bits = []
        # The position in `ships` of the ship in each cell (by index), or -1 for none.
        ship_index: list[int] = [-1] * len(geo.cells)
        self.ship_index = ship_index
        missile_bits = scanner_bits = all_bits = 0
        for k, placement in enumerate(fleet.ships):
            bits = 0
            for c in placement.cells:
                i = colour_base[c.colour] + letter_base[c.letter] + c.number  # (not by hash)
                bits |= 1 << i
                ship_index[i] = k
            ship_bits.append(bits)
            all_bits |= bits
            ship_type = placement.ship.type
            if ship_type in missile_types:
                missile_bits |= bits
            if ship_type in scanner_types:
                scanner_bits |= bits
        self._geometry = geo
        # Each ship's identity and type, in the fleet's order.
        self.ids: tuple[ShipId, ...] = tuple([p.ship for p in fleet.ships])
        self.types: tuple[str, ...] = tuple([p.ship.type for p in fleet.ships])
        self.ship_bits: tuple[int, ...] = tuple(ship_bits)
        self._scanner_types = scanner_types
        self.bits: int = all_bits
        self.size: int = all_bits.bit_count()  # the fleet's cells [2.3.5]
        self.missile_bits: int = missile_bits
        self.scanner_bits: int = scanner_bits
        # What the fleet can do for a given state of its cells and beams, worked out by
        # spaceships.engine.entitlements: derived from this fleet alone, shared by every state of
        # the game.
        self.fleet_capabilities: dict[Any, Any] = {}
        # The last of them worked out, with the destroyed and fired cells and burnt-out beams
        # it was for (the next state's differs in a ship or two).
        self.last_fleet: Any = None

    @cached_property
    def ships(self) -> tuple[Ship, ...]:
        """The ships, each with its cells in the conventional order (made when first read:
        replaying a record works on the bits alone)."""
        cells_of = self._geometry.cells_of
        return tuple(
            [
                Ship(ship, cells_of(bits))
                for ship, bits in zip(self.ids, self.ship_bits, strict=True)
            ]
        )

    # Looked up by cell or identity: worked out when first asked for (a record's turns rarely
    # need them all; every record needs two spaces).
    @cached_property
    def ship_sets(self) -> tuple[frozenset[Cell], ...]:
        """Each ship's cells as a set: a set difference with the destroyed cells gives its
        undamaged cells without hashing a cell again."""
        return tuple(frozenset(s.cells) for s in self.ships)

    @cached_property
    def ship_at(self) -> dict[Cell, Ship]:
        return {c: s for s in self.ships for c in s.cells}

    @cached_property
    def cells(self) -> frozenset[Cell]:
        return frozenset(self.ship_at)

    @cached_property
    def missiles(self) -> frozenset[Cell]:
        return frozenset(
            c
            for s, bits in zip(self.ships, self.ship_bits, strict=True)
            if bits & self.missile_bits
            for c in s.cells
        )

    @cached_property
    def scanners(self) -> tuple[Ship, ...]:
        return tuple(s for s in self.ships if s.id.type in self._scanner_types)

    @cached_property
    def by_id(self) -> dict[ShipId, Ship]:
        return {s.id: s for s in self.ships}


@dataclass(frozen=True)
class PlayerState:
    """One player's side: their fleet and what has happened to it."""

    fleet: Fleet
    # (No class-level defaults for these two: a state made by `after_turn` works them out
    # from bit sets when first read, through __getattr__.)
    destroyed: frozenset[Cell] = field(default_factory=frozenset)
    fired: frozenset[Cell] = field(default_factory=frozenset)  # fired missiles [8.1]; undamaged
    burnt_out: frozenset[ShipId] = frozenset()  # beam weapons that burnt out [8.2.4, 8.4]
    lost_last_turn: int = 0  # own cells destroyed during the previous turn [8.3.1.1]
    hits: int = 0  # for the scoring=hits option (seed 004 6.2)

    # Written out (dataclass keeps it): every turn makes two of these, and the generated
    # __init__ of a frozen class sets each field through object.__setattr__, several times
    # slower than filling the instance's dict at once.
    def __init__(
        self,
        fleet: Fleet,
        destroyed: frozenset[Cell] = frozenset(),
        fired: frozenset[Cell] = frozenset(),
        burnt_out: frozenset[ShipId] = frozenset(),
        lost_last_turn: int = 0,
        hits: int = 0,
    ) -> None:
        self.__dict__.update(
            fleet=fleet,
            destroyed=destroyed,
            fired=fired,
            burnt_out=burnt_out,
            lost_last_turn=lost_last_turn,
            hits=hits,
        )

    @classmethod
    def after_turn(
        cls,
        was: PlayerState,
        geometry: Geometry,
        destroyed: int,
        fired: int,
        burnt_out: frozenset[ShipId],
        lost_last_turn: int,
        hits: int,
    ) -> PlayerState:
        """The side after a turn, its destroyed and fired cells given as bit sets (those of
        `was` when unchanged): the sets of cells are made only when read, as the engine itself
        works on the bits (every turn makes two of these)."""
        state = object.__new__(cls)
        state.__dict__.update(
            fleet=was.fleet,
            burnt_out=burnt_out,
            lost_last_turn=lost_last_turn,
            hits=hits,
            _cells=(geometry, destroyed, fired),
        )
        return state

    def __getattr__(self, name: str) -> Any:
        # Only reached for `destroyed` and `fired` of a state made by after_turn, on first read.
        cells = self.__dict__.get("_cells")
        if cells is None or name not in ("destroyed", "fired"):
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        geometry, destroyed, fired = cells
        value = frozenset(geometry.cells_of(destroyed if name == "destroyed" else fired))
        self.__dict__[name] = value
        return value

    def to_json(self) -> dict[str, Any]:
        return {
            "fleet": [
                {"ship": str(p.ship), "cells": [str(c) for c in p.cells]} for p in self.fleet.ships
            ],
            "destroyed": sorted(str(c) for c in self.destroyed),
            "fired": sorted(str(c) for c in self.fired),
            "burnt_out": sorted(str(s) for s in self.burnt_out),
            "lost_last_turn": self.lost_last_turn,
            "hits": self.hits,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> PlayerState:
        fleet = Fleet(
            tuple(
                ShipPlacement(
                    ship_from_json(s["ship"]), tuple(cell_from_json(c) for c in s["cells"])
                )
                for s in d["fleet"]
            )
        )
        return cls(
            fleet,
            frozenset(cell_from_json(c) for c in d["destroyed"]),
            frozenset(cell_from_json(c) for c in d["fired"]),
            frozenset(ship_from_json(s) for s in d["burnt_out"]),
            d["lost_last_turn"],
            d.get("hits", 0),
        )


@dataclass(frozen=True)
class GameResult:
    """2.3: whether the game is over, after which turn, the scores and the winner."""

    over: bool = False
    turn: int | None = None
    score: dict[str, int] | None = None  # {"A": .., "B": ..} once over
    winner: str | None = None  # "A", "B", "draw"; None while not over

    def to_json(self) -> dict[str, Any]:
        score = None if self.score is None else {"A": self.score["A"], "B": self.score["B"]}
        return {"over": self.over, "turn": self.turn, "score": score, "winner": self.winner}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> GameResult:
        score = d.get("score")
        return cls(d["over"], d["turn"], None if score is None else dict(score), d["winner"])


class TurnSource(Protocol):
    """What makes a played turn's checked orders and report when first read."""

    def orders(self, turn: int) -> tuple[CheckedOrders, CheckedOrders]: ...

    def report(self, turn: int) -> TurnReport: ...


@dataclass(frozen=True)
class TurnHistory:
    """One played turn: both players' checked orders and what the turn revealed."""

    turn: int
    orders_a: CheckedOrders
    orders_b: CheckedOrders
    report: TurnReport

    # Written out, as PlayerState's: one per turn.
    def __init__(
        self, turn: int, orders_a: CheckedOrders, orders_b: CheckedOrders, report: TurnReport
    ) -> None:
        self.__dict__.update(turn=turn, orders_a=orders_a, orders_b=orders_b, report=report)

    @classmethod
    def unreported(
        cls,
        turn: int,
        orders_a: CheckedOrders,
        orders_b: CheckedOrders,
        report: Callable[[], TurnReport],
    ) -> TurnHistory:
        """A turn whose report is made by `report()` when first read: replaying a record
        reads the states, rarely the reports (spaceships.engine.settle.next_state)."""
        history = object.__new__(cls)
        history.__dict__.update(turn=turn, orders_a=orders_a, orders_b=orders_b, _report=report)
        return history

    @classmethod
    def deferred(cls, turn: int, source: TurnSource) -> TurnHistory:
        """A turn whose checked orders and report are made by `source` when first read
        (spaceships.engine.replay: replaying a record reads the states alone)."""
        history = object.__new__(cls)
        history.__dict__.update(turn=turn, _source=source)
        return history

    def __getattr__(self, name: str) -> Any:
        # Only reached for what a turn made by `unreported` or `deferred` makes on first read.
        found = self.__dict__
        source = found.get("_source")
        if name == "report":
            make = found.get("_report")
            if make is not None:
                report = found["report"] = make()
                del found["_report"]  # (lets go of the state it was made from)
                return report
            if source is not None:
                report = found["report"] = source.report(self.turn)
                return report
        elif name in ("orders_a", "orders_b") and source is not None:
            found["orders_a"], found["orders_b"] = source.orders(self.turn)
            return found[name]
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def orders(self, player: str) -> CheckedOrders:
        return self.orders_a if player == "A" else self.orders_b

    def to_json(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "orders": {"A": self.orders_a.to_json(), "B": self.orders_b.to_json()},
            "report": self.report.to_json(),
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> TurnHistory:
        return cls(
            d["turn"],
            CheckedOrders.from_json(d["orders"]["A"]),
            CheckedOrders.from_json(d["orders"]["B"]),
            TurnReport.from_json(d["report"]),
        )


@dataclass(frozen=True)
class GameState:
    """Everything the judge keeps about a game. `turn` is the number of the next turn to play."""

    ruleset: Ruleset
    a: PlayerState
    b: PlayerState
    turn: int = 1
    history: tuple[TurnHistory, ...] = ()
    result: GameResult = GameResult()
    # Spaces by player, derived from the fleets; shared between successive states.
    spaces: dict[str, Space] = field(default_factory=dict, compare=False, repr=False)
    # Things derived from this state alone (each player's destroyed and fired cells as bits,
    # under the player's name; entitlements); not carried to the next state.
    _memo: dict[Any, Any] = field(init=False, default_factory=dict, compare=False, repr=False)

    # Written out, as PlayerState's: one per turn.
    def __init__(
        self,
        ruleset: Ruleset,
        a: PlayerState,
        b: PlayerState,
        turn: int = 1,
        history: tuple[TurnHistory, ...] = (),
        result: GameResult = GameResult(),
        spaces: dict[str, Space] | None = None,
    ) -> None:
        self.__dict__.update(
            ruleset=ruleset,
            a=a,
            b=b,
            turn=turn,
            history=history,
            result=result,
            spaces={} if spaces is None else spaces,
            _memo={},
        )

    @property
    def over(self) -> bool:
        return self.result.over

    def player(self, player: str) -> PlayerState:
        if player == "A":
            return self.a
        if player == "B":
            return self.b
        raise ValueError(f"player must be A or B, not {player!r}")

    def space(self, player: str) -> Space:
        space = self.spaces.get(player)
        if space is None:
            space = self.spaces[player] = Space(self.player(player).fleet, self.ruleset)
        return space

    def materiel(self, player: str) -> int:
        """2.3.5: undamaged cells in the player's ships."""
        return self.space(player).size - len(self.player(player).destroyed)

    def bits(self, player: str) -> tuple[int, int]:
        """The player's destroyed and fired cells as bit sets (spaceships.engine.geometry)."""
        found = self._memo.get(player)
        if found is None:
            geo = self.ruleset.geometry
            me = self.player(player)
            found = self._memo[player] = (geo.bits(me.destroyed), geo.bits(me.fired))
        return found

    def know_bits(self, a: tuple[int, int], b: tuple[int, int]) -> None:
        """Keep what `bits` would work out for each player, when already known (adjudicate
        knows it for the state it makes)."""
        self._memo["A"] = a
        self._memo["B"] = b

    def derived(self, key: Any) -> Any:
        """Something derived from this state alone and kept with it (e.g. entitlements), or
        None when not yet known."""
        return self._memo.get(key)

    def keep(self, key: Any, value: Any) -> Any:
        """Keep something derived from this state alone; returns it."""
        self._memo[key] = value
        return value

    def with_players(self, a: PlayerState, b: PlayerState, **changes: Any) -> GameState:
        return replace(self, a=a, b=b, **changes)

    def to_json(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset.name,
            "options": list(self.ruleset.options),
            "turn": self.turn,
            "players": {"A": self.a.to_json(), "B": self.b.to_json()},
            "history": [h.to_json() for h in self.history],
            "result": self.result.to_json(),
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> GameState:
        return cls(
            Ruleset(d["ruleset"], tuple(d.get("options", ()))),
            PlayerState.from_json(d["players"]["A"]),
            PlayerState.from_json(d["players"]["B"]),
            d["turn"],
            tuple(TurnHistory.from_json(h) for h in d["history"]),
            GameResult.from_json(d["result"]),
        )


def new_game(
    ruleset: Ruleset, fleet_a: Fleet, fleet_b: Fleet, carried: dict[str, int] | None = None
) -> GameState:
    """The state after setup [2.1]; raises FleetRefused with every problem of both fleets.
    `carried`: in a continued match, each player's materiel from the last game [10.3]."""
    from spaceships.engine.fleets import check_fleet
    from spaceships.engine.problems import FleetRefused

    carried = carried or {}
    problems = check_fleet(fleet_a, ruleset, "A", carried.get("A", 0)) + check_fleet(
        fleet_b, ruleset, "B", carried.get("B", 0)
    )
    if problems:
        raise FleetRefused(problems)
    return GameState(ruleset, PlayerState(fleet_a), PlayerState(fleet_b))
