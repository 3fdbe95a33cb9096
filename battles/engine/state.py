"""The state of a battle: each ship's place, facing and crossed-out systems; pure values."""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from battles.engine.tables import HULLS, MAX_ENGINES
from notation.battles.codes import ShipCode, System
from notation.battles.hexes import Hex

__all__ = ["FREE_TO_TURN", "BattleState", "Hold", "ShipState", "other_side"]

# Hexes straight a ship is counted as having moved when the battle starts: enough for any turn
# mode, whatever Advanced Maneuvering it loses later (reading R6).
FREE_TO_TURN = max(h.turn_mode for h in HULLS.values())


def other_side(side: str) -> str:
    return "B" if side == "A" else "A"


@dataclass(frozen=True, slots=True)
class ShipState:
    """One ship in battle. `crossed[i]` says whether system i of its code is crossed out;
    `straight` counts hexes moved ahead since its last turn (reading R6); `fired` holds, per
    system index, the last turn a Primary Beam fired [IV.F.1]; `carry` is a half point of
    damage waiting for its other half (reading R8)."""

    name: str
    side: str
    code: ShipCode
    hex: Hex
    facing: str
    crossed: tuple[bool, ...]
    straight: int
    carry: Fraction = Fraction(0)
    fired: tuple[tuple[int, int], ...] = ()

    @classmethod
    def start(cls, name: str, side: str, code: ShipCode, hex: Hex, facing: str) -> ShipState:
        # A ship sets up as if it had come straight in: free to turn at once (reading R6), and
        # still free after losing Advanced Maneuvering before it moves, so the count starts at
        # the largest turn mode any hull has, not at the ship's own.
        return cls(name, side, code, hex, facing, (False,) * len(code.systems), FREE_TO_TURN)

    def working(self, letter: str) -> int:
        return sum(
            1
            for s, x in zip(self.code.systems, self.crossed, strict=True)
            if s.code == letter and not x
        )

    @property
    def speed(self) -> int:
        """Working engines, at most six [III.A.1, V.B.6]."""
        return min(self.working("I"), MAX_ENGINES)

    @property
    def turn_mode(self) -> int:
        """The hull's turn mode less working Advanced Maneuvering, at least 1 [V.A.3, V.B.5]."""
        return max(1, HULLS[self.code.hull].turn_mode - self.working("V"))

    @property
    def destroyed(self) -> bool:
        """Every system crossed out (reading R12)."""
        return all(self.crossed)

    def uncrossed(self) -> list[int]:
        return [i for i, x in enumerate(self.crossed) if not x]

    def weapons(self) -> list[tuple[int, System]]:
        return [(i, s) for i, s in enumerate(self.code.systems) if s.weapon and not self.crossed[i]]

    def last_fired(self, index: int) -> int | None:
        return dict(self.fired).get(index)

    def cross(self, index: int) -> ShipState:
        crossed = list(self.crossed)
        crossed[index] = True
        return replace(self, crossed=tuple(crossed))

    def crossed_text(self) -> str:
        """The code's systems with crossed ones in brackets: `[S]AI(Gf)...`."""
        return "".join(
            f"[{s}]" if x else str(s) for s, x in zip(self.code.systems, self.crossed, strict=True)
        )


@dataclass(frozen=True, slots=True)
class Hold:
    """A tractor beam's hit: `holder`, player `side`'s ship, holds `target`, the other
    player's, through turn `turn` [IV.D.4-6]. Names are unique per side only (reading R17)."""

    holder: str
    target: str
    turn: int
    side: str

    def holds(self, name: str, side: str) -> bool:
        """Whether this hold is on or by that side's ship of that name."""
        return (self.holder, self.side) == (name, side) or (
            self.target == name and self.side != side
        )


@dataclass(frozen=True, slots=True)
class BattleState:
    ships: tuple[ShipState, ...]
    turn: int = 0
    initiative: str | None = None
    holds: tuple[Hold, ...] = ()
    over: bool = False
    winner: str | None = None  # "A", "B", or None for a draw when over
    # A battle ended outside the rules (a resignation, the game master): its result as the
    # record writes it, "A wins (B resigned)" (reading R12).
    ended: str | None = None
    x_mode: str = "reach"  # how X fires: battles.engine.tables.X_MODES (reading R5)

    def ship(self, name: str, side: str) -> ShipState | None:
        """Player `side`'s ship of that name: names are unique per side, and the two sides
        may use the same ones (reading R17)."""
        return next((s for s in self.ships if s.name == name and s.side == side), None)

    def called(self, name: str, side: str) -> str:
        """How a report names player `side`'s ship: its name, with its side when the other
        player has a ship of that name too, `Lancer (A)` (reading R17)."""
        return f"{name} ({side})" if self.ship(name, other_side(side)) is not None else name

    def with_ship(self, ship: ShipState) -> BattleState:
        return replace(
            self,
            ships=tuple(
                ship if (s.name, s.side) == (ship.name, ship.side) else s for s in self.ships
            ),
        )

    def standing(self, side: str) -> list[ShipState]:
        return [s for s in self.ships if s.side == side and not s.destroyed]

    def held(self, name: str, side: str) -> Hold | None:
        """The hold on or by player `side`'s ship of that name this turn, if any."""
        return next((h for h in self.holds if h.turn == self.turn and h.holds(name, side)), None)

    def holds_on(self, holder: str, target: str, side: str) -> bool:
        """Whether player `side`'s `holder` holds the other player's `target` this turn."""
        return any(
            h.turn == self.turn and (h.holder, h.target, h.side) == (holder, target, side)
            for h in self.holds
        )
