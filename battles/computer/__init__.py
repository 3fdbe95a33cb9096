"""The computer player of Spaceship Battles: a fleet designed within the budget from its seed
(design.py), and each phase's orders from the position as the phase opens (orders.py). It
has one level. It reads only what a player may see: the battle's open state, never the
opponent's design before the start nor their orders before the phase resolves (R16). A plainer
player, for the bench, the samples and the tests that need whole battles, is plain.py."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from battles.computer.design import design_fleet
from battles.computer.orders import fire_orders, movement_orders
from battles.engine.state import BattleState
from notation.battles.hexes import Hex
from notation.battles.records import Move, ShipEntry, Tractor, Volley

__all__ = ["LEVEL", "BattleComputer"]

LEVEL = "standard"  # the only level, named so that `vs computer standard` reads well


@dataclass(frozen=True, slots=True)
class BattleComputer:
    """The computer's choices, all deterministic from `seed`."""

    seed: str

    def design(
        self,
        budget: int,
        side: str,
        home: Hex,
        facing: str,
        radius: int,
        avoid: Collection[str] = (),
    ) -> list[ShipEntry]:
        """Its ships within `budget`, set up within `radius` of `home` [R16], none named as
        one in `avoid`."""
        return design_fleet(budget, self.seed, side, home, facing, radius, avoid)

    def orders(self, state: BattleState, side: str, phase: str) -> list[Move | Volley | Tractor]:
        """Its orders for the phase (`movement` or `fire`) as the position stands when the
        phase opens."""
        if phase == "movement":
            return list(movement_orders(state, side, self.seed))
        return fire_orders(state, side, self.seed)
