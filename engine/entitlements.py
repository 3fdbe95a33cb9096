"""What a player may do in a turn, from the state at its start [2.4]: strikes [4.4.1, 6.2.4],
missile strikes [8.1.3], kamikazes [4.5, 6.8.2], beams [8.2, 8.4], scans [8.3.1]."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from engine.geometry import Direction, Geometry, geometry
from engine.state import GameState, Ship
from notation.cells import Cell
from notation.ships import ShipId


# Bounded caches: a long-running judge sees ever new cell sets.
@lru_cache(maxsize=1 << 16)
def _max_matching(colour_order: str, cells: frozenset[Cell]) -> int:
    """4.4.1: the most pairwise disjoint adjacent pairs among these cells."""
    if len(cells) < 2:
        return 0
    geo = geometry(colour_order)
    first = min(cells, key=geo.sort_key)
    rest = cells - {first}
    best = _max_matching(colour_order, rest)  # leave `first` unpaired
    for partner in geo.adjacent_cells[first] & rest:
        best = max(best, 1 + _max_matching(colour_order, rest - {partner}))
    return best


def _distinct_pairs(geo: Geometry, cells: frozenset[Cell]) -> int:
    """Classic 4.3.1: every distinct adjacent pair counts."""
    return sum(len(geo.adjacent_cells[c] & cells) for c in cells) // 2


@lru_cache(maxsize=1 << 14)
def _beam_directions(colour_order: str, undamaged: frozenset[Cell]) -> frozenset[Direction]:
    geo = geometry(colour_order)
    found = set()
    for a in undamaged:
        directions = geo.loose_direction[a]
        for b in geo.loose_cells[a] & undamaged:
            found.add(directions[b])
    return frozenset(found)


def beam_directions(geo: Geometry, undamaged: frozenset[Cell]) -> frozenset[Direction]:
    """8.2.2: directions (up to sign) of pairs of undamaged, loosely adjacent cells."""
    return _beam_directions(geo.colour_order, undamaged)


@dataclass(frozen=True)
class ShipCapability:
    """What one ship contributes this turn."""

    ship: ShipId
    undamaged: frozenset[Cell]
    conventional: int
    unfired: tuple[Cell, ...]  # its unfired missiles [8.1.3]
    kamikaze: bool  # [4.5]
    beam: bool  # [8.2] (classic 6.1.3: only an undamaged death star)
    beam_directions: frozenset[Direction]


@dataclass(frozen=True)
class Entitlements:
    """A player's available actions at the start of a turn."""

    turn: int
    player: str
    ships: tuple[ShipCapability, ...]
    scans: int
    # Derived from `ships` once (order checking reads them several times).
    conventional: int = field(init=False, compare=False)
    missile_ships: tuple[ShipCapability, ...] = field(init=False, compare=False)
    kamikaze_ships: tuple[ShipCapability, ...] = field(init=False, compare=False)
    beam_ships: tuple[ShipCapability, ...] = field(init=False, compare=False)

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        set_(self, "conventional", sum(s.conventional for s in self.ships))
        set_(self, "missile_ships", tuple(s for s in self.ships if s.unfired))
        set_(self, "kamikaze_ships", tuple(s for s in self.ships if s.kamikaze))
        set_(self, "beam_ships", tuple(s for s in self.ships if s.beam))

    @property
    def only_kamikazes_and_scans(self) -> bool:
        """2.3.2: no possible action other than kamikaze strikes and scans."""
        return self.conventional == 0 and not self.missile_ships and not self.beam_ships

    @property
    def max_strikes(self) -> int:
        return self.conventional + len(self.missile_ships) + len(self.kamikaze_ships)

    def ship(self, ship: ShipId) -> ShipCapability | None:
        for s in self.ships:
            if s.ship == ship:
                return s
        return None

    def describe(self) -> str:
        """A line a player reads: "7 strikes, 1 missile (MD, launched from Yw3 or Yx3), 1 beam
        (DS), 1 scan". A missile or kamikaze ship launches once a turn, from one of the cells
        named [8.1.3, 4.5]."""
        parts = []
        if self.conventional:
            parts.append(_count(self.conventional, "strike"))
        if self.missile_ships:
            parts.append(_launches("missile", [(s.ship, s.unfired) for s in self.missile_ships]))
        beams = self.beam_ships
        if beams:
            parts.append(f"{_count(len(beams), 'beam')} ({' '.join(str(s.ship) for s in beams)})")
        if self.kamikaze_ships:
            parts.append(
                _launches(
                    "kamikaze",
                    [(s.ship, sorted(s.undamaged, key=Cell.sort_key)) for s in self.kamikaze_ships],
                )
            )
        if self.scans:
            parts.append(_count(self.scans, "scan"))
        return ", ".join(parts) if parts else "no actions"

    def limits(self) -> str | None:
        """What a player whose only actions are kamikazes and scans must know [2.3.2]."""
        if not self.only_kamikazes_and_scans:
            return None
        if self.kamikaze_ships:
            return (
                "Only kamikazes and scans are left to you: orders without a kamikaze (only "
                "scans, or nothing) end the game [2.3.2]."
            )
        return "No action but scans is left to you: whatever you send, the game ends [2.3.2]."


def _launches(kind: str, ships: list[tuple[ShipId, Sequence[Cell]]]) -> str:
    """ "1 missile (MD, launched from Yv3, Yw3 or Yx3)"; with several ships, one each."""

    def cells(found: Sequence[Cell]) -> str:
        names = [str(c) for c in found]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]

    each = "; ".join(f"{ship}, launched from {cells(found)}" for ship, found in ships)
    if len(ships) > 1:
        each = "one each: " + each
    return f"{_count(len(ships), kind)} ({each})"


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def entitlements(state: GameState, player: str) -> Entitlements:
    """What `player` may do in the state's current turn."""
    key = ("entitlements", player)
    found = state._memo.get(key)
    if found is None:
        found = state._memo[key] = _entitlements(state, player)
    return found


def _entitlements(state: GameState, player: str) -> Entitlements:
    ruleset = state.ruleset
    geo = ruleset.geometry
    me = state.player(player)
    space = state.space(player)
    destroyed = me.destroyed
    # Ships untouched by the previous turn keep their capabilities (handed on by adjudicate):
    # a ship's capability depends only on the state of its own cells.
    carried, touched = state._memo.get(("carry", player), ({}, frozenset()))
    caps = []
    for ship in space.ships:
        cap = carried.get(ship.id)
        if cap is None or ship.id in touched:
            cap = _capability(ship, destroyed, me.fired, me.burnt_out, state, geo)
        caps.append(cap)
    scans = 0
    if any(not destroyed.issuperset(s.cells) for s in space.scanners):
        # 8.3.1: one in the first turn; later one per own cell lost last turn, at least one.
        scans = 1 if state.turn == 1 else max(1, me.lost_last_turn)
    return Entitlements(state.turn, player, tuple(caps), scans)


def carry_capabilities(before: GameState, after: GameState, player: str) -> None:
    """Hand the ships' capabilities computed for `before` on to `after`, marking the ships
    whose cells or beam changed in between (engine.adjudicate calls this)."""
    known = before._memo.get(("entitlements", player))
    if known is None:
        return
    old, new = before.player(player), after.player(player)
    space = after.space(player)
    changed = (new.destroyed - old.destroyed) | (new.fired - old.fired)
    touched = {space.ship_at[c].id for c in changed} | (new.burnt_out - old.burnt_out)
    after._memo[("carry", player)] = ({c.ship: c for c in known.ships}, frozenset(touched))


def _capability(
    ship: Ship,
    destroyed: frozenset[Cell],
    fired: frozenset[Cell],
    burnt_out: frozenset[ShipId],
    state: GameState,
    geo: Geometry,
) -> ShipCapability:
    ruleset = state.ruleset
    undamaged = frozenset(c for c in ship.cells if c not in destroyed)
    if not undamaged:
        return ShipCapability(ship.id, undamaged, 0, (), False, False, frozenset())
    is_ds = ship.type == "DS"
    if is_ds:
        conventional = 1  # 6.2.4 (classic 6.1.2): one, until destroyed
    elif ruleset.strike_counting == "disjoint":
        conventional = _max_matching(geo.colour_order, undamaged)
    else:
        conventional = _distinct_pairs(geo, undamaged)
    unfired: tuple[Cell, ...] = ()
    if ship.type in ruleset.missile_types:
        unfired = tuple(c for c in ship.cells if c in undamaged and c not in fired)
    if ruleset.classic:
        kamikaze = conventional == 0  # classic 4.4: missiles do not stop it
        beam = is_ds and len(undamaged) == len(ship.cells)  # classic 6.1.3
        directions: frozenset[Direction] = frozenset()
    else:
        kamikaze = conventional == 0 and not unfired and ship.type != "LS"  # 4.5, 6.8.2
        beam = False
        directions = frozenset()
        if is_ds and ship.id not in burnt_out:  # 6.2.5, 8.4
            directions = beam_directions(geo, undamaged)
            beam = bool(directions)
    return ShipCapability(ship.id, undamaged, conventional, unfired, kamikaze, beam, directions)
