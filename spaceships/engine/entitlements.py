"""What a player may do in a turn, from the state at its start [2.4]: strikes [4.4.1, 6.2.4],
missile strikes [8.1.3], kamikazes [4.5, 6.8.2], beams [8.2, 8.4], scans [8.3.1]."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from notation.spaceships.cells import Cell
from notation.spaceships.ships import ShipId
from spaceships.engine.geometry import Direction, Geometry, geometry
from spaceships.engine.rulesets import Ruleset
from spaceships.engine.state import GameState, PlayerState, Ship, Space


# Bounded caches over bit sets of cells (spaceships.engine.geometry): a long-running judge sees ever
# new cell sets; the ships of one game meet the same few again and again.
@lru_cache(maxsize=1 << 16)
def _max_matching(colour_order: str, cells: int) -> int:
    """4.4.1: the most pairwise disjoint adjacent pairs among these cells."""
    if cells & (cells - 1) == 0:  # fewer than two cells
        return 0
    adjacent = geometry(colour_order).adjacent_bits
    first = cells & -cells  # the first cell in the conventional order
    rest = cells ^ first
    best = _max_matching(colour_order, rest)  # leave `first` unpaired
    partners = adjacent[first.bit_length() - 1] & rest
    while partners:
        partner = partners & -partners
        best = max(best, 1 + _max_matching(colour_order, rest ^ partner))
        partners ^= partner
    return best


def _distinct_pairs(geo: Geometry, cells: int) -> int:
    """Classic 4.3.1: every distinct adjacent pair counts."""
    adjacent = geo.adjacent_bits
    pairs = 0
    rest = cells
    while rest:
        low = rest & -rest
        pairs += (adjacent[low.bit_length() - 1] & cells).bit_count()
        rest ^= low
    return pairs // 2


@lru_cache(maxsize=1 << 14)
def beam_directions_of(colour_order: str, undamaged: int) -> frozenset[Direction]:
    """beam_directions of undamaged cells given as bits (spaceships.engine.geometry) [8.2.2]."""
    return frozenset(
        d
        for d, step, has_next in geometry(colour_order).steps
        if undamaged & has_next & (undamaged >> step)
    )


def beam_directions(geo: Geometry, undamaged: frozenset[Cell]) -> frozenset[Direction]:
    """8.2.2: directions (up to sign) of pairs of undamaged, loosely adjacent cells."""
    return beam_directions_of(geo.colour_order, geo.bits(undamaged))


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

    # Written out (dataclass keeps it): the generated __init__ of a frozen class sets each
    # field through object.__setattr__; ships are hit every turn.
    def __init__(
        self,
        ship: ShipId,
        undamaged: frozenset[Cell],
        conventional: int,
        unfired: tuple[Cell, ...],
        kamikaze: bool,
        beam: bool,
        beam_directions: frozenset[Direction],
    ) -> None:
        self.__dict__.update(
            ship=ship,
            undamaged=undamaged,
            conventional=conventional,
            unfired=unfired,
            kamikaze=kamikaze,
            beam=beam,
            beam_directions=beam_directions,
        )


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
    # 2.3.2: no possible action other than kamikaze strikes and scans.
    only_kamikazes_and_scans: bool = field(init=False, compare=False)

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        set_(self, "conventional", sum(s.conventional for s in self.ships))
        set_(self, "missile_ships", tuple(s for s in self.ships if s.unfired))
        set_(self, "kamikaze_ships", tuple(s for s in self.ships if s.kamikaze))
        set_(self, "beam_ships", tuple(s for s in self.ships if s.beam))
        set_(
            self,
            "only_kamikazes_and_scans",
            self.conventional == 0 and not self.missile_ships and not self.beam_ships,
        )

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

    def limits(self, sent_only_scans: bool = False) -> str | None:
        """What a player whose only actions are kamikazes and scans must know [2.3.2]: at the
        start of the turn, or (`sent_only_scans`) when their orders have no kamikaze. The one
        place that tells a player with a kamikaze ship from one without (a light scout never
        makes a kamikaze strike [6.8.2]), for the turn's news and the orders' echo alike."""
        if not self.only_kamikazes_and_scans:
            return None
        if self.kamikaze_ships:
            if sent_only_scans:
                return (
                    "With only kamikazes and scans left to you, orders without a kamikaze end "
                    "the game at the end of this turn [2.3.2]."
                )
            return (
                "Only kamikazes and scans are left to you: orders without a kamikaze (only "
                "scans, or nothing) end the game [2.3.2]."
            )
        if sent_only_scans:
            return (
                "No action but scans is left to you (none of your ships can make a kamikaze "
                "strike [6.8.2]): the game ends at the end of this turn [2.3.2]."
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


# Ship capabilities by ruleset, ship and the state of its cells and beam, across games (a
# judge plays many; ships often stand where another game's stood). Bounded: cleared when full.
_SHIPS: dict[tuple[object, ...], ShipCapability] = {}
_SHIPS_KEPT = 1 << 16

# The keys under which a state keeps each player's entitlements (built once, not per call).
_KEYS = {"A": ("entitlements", "A"), "B": ("entitlements", "B")}


def entitlements(state: GameState, player: str) -> Entitlements:
    """What `player` may do in the state's current turn."""
    key = _KEYS.get(player) or ("entitlements", player)
    found = state.derived(key)
    if found is None:
        found = state.keep(key, _entitlements(state, player))
    return found


def _entitlements(state: GameState, player: str) -> Entitlements:
    space = state.spaces.get(player) or state.space(player)
    destroyed, fired = state.bits(player)
    me = state.a if player == "A" else state.b
    burnt_out = me.burnt_out
    # What the fleet can do depends only on which of its cells are destroyed and fired and
    # which beams burnt out: worked out once per such state and kept with the fleet (a player
    # whom nothing happened to in a turn has the same ships as before).
    fleet_key: object = (destroyed & space.bits) | fired << 125
    if burnt_out:
        fleet_key = (fleet_key, burnt_out)
    fleet = space.fleet_capabilities.get(fleet_key)
    if fleet is None:
        fleet = space.fleet_capabilities[fleet_key] = _fleet(state, space, destroyed, fired, me)
        space.last_fleet = (destroyed, fired, burnt_out, fleet)
    ships, conventional, missile_ships, kamikaze_ships, beam_ships = fleet
    scans = 0
    if space.scanner_bits & ~destroyed:  # a scanner with an undamaged cell
        # 8.3.1: one in the first turn; later one per own cell lost last turn, at least one.
        scans = 1 if state.turn == 1 else max(1, me.lost_last_turn)
    # What __post_init__ would derive, set at once: this runs for every player and turn.
    found = object.__new__(Entitlements)
    found.__dict__.update(
        turn=state.turn,
        player=player,
        ships=ships,
        scans=scans,
        conventional=conventional,
        missile_ships=missile_ships,
        kamikaze_ships=kamikaze_ships,
        beam_ships=beam_ships,
        only_kamikazes_and_scans=not (conventional or missile_ships or beam_ships),
    )
    return found


_Fleet = tuple[
    tuple["ShipCapability", ...],
    int,
    tuple["ShipCapability", ...],
    tuple["ShipCapability", ...],
    tuple["ShipCapability", ...],
]


def _fleet(state: GameState, space: Space, destroyed: int, fired: int, me: PlayerState) -> _Fleet:
    """Every ship's capability; the strikes they give; the ships with missiles, kamikazes and
    beams."""
    last = space.last_fleet
    if last is not None and last[2] == me.burnt_out:
        # Usually a turn has destroyed or fired a few cells since the fleet was last looked
        # at: only the ships they belong to are looked at again.
        return _fleet_since(state, space, destroyed, fired, me, last)
    caps = [_ship(state, space, k, destroyed, fired, me) for k in range(len(space.ship_bits))]
    return (
        tuple(caps),
        sum(cap.conventional for cap in caps),
        tuple([cap for cap in caps if cap.unfired]),
        tuple([cap for cap in caps if cap.kamikaze]),
        tuple([cap for cap in caps if cap.beam]),
    )


def _fleet_since(
    state: GameState,
    space: Space,
    destroyed: int,
    fired: int,
    me: PlayerState,
    last: tuple[int, int, frozenset[ShipId], _Fleet],
) -> _Fleet:
    """What _fleet gives, from what it gave for other destroyed and fired cells (`last`, with
    the same beams burnt out)."""
    was_destroyed, was_fired, _, (ships, conventional, missiles, kamikazes, beams) = last
    changed = ((destroyed ^ was_destroyed) | (fired ^ was_fired)) & space.bits
    if not changed:
        return last[3]
    caps = list(ships)
    regroup = False
    ship_index, ship_bits = space.ship_index, space.ship_bits
    while changed:
        k = ship_index[(changed & -changed).bit_length() - 1]
        changed &= ~ship_bits[k]
        old = caps[k]
        caps[k] = new = _ship(state, space, k, destroyed, fired, me)
        conventional += new.conventional - old.conventional
        if old.unfired or new.unfired or old.kamikaze or new.kamikaze or old.beam or new.beam:
            regroup = True
    if regroup:
        missiles = tuple([cap for cap in caps if cap.unfired])
        kamikazes = tuple([cap for cap in caps if cap.kamikaze])
        beams = tuple([cap for cap in caps if cap.beam])
    return tuple(caps), conventional, missiles, kamikazes, beams


def _ship(
    state: GameState, space: Space, k: int, destroyed: int, fired: int, me: PlayerState
) -> ShipCapability:
    """Ship k's capability. It depends only on the ship and the state of its own cells and
    beam, so it is worked out once for them and kept (in any game)."""
    cells = space.ship_bits[k]
    ship = space.ships[k]
    ruleset = state.ruleset
    undamaged = cells & ~destroyed
    burnt = bool(me.burnt_out) and ship.id in me.burnt_out
    rules, kind, number = ruleset.name, ship.id.type, ship.id.number
    key = (rules, ruleset.colour_order, kind, number, undamaged, undamaged & ~fired, burnt)
    cap = _SHIPS.get(key)
    if cap is None:
        if len(_SHIPS) >= _SHIPS_KEPT:
            _SHIPS.clear()
        cap = _SHIPS[key] = _capability(
            ship,
            frozenset(ruleset.geometry.cells_of(undamaged)),
            undamaged,
            undamaged & ~fired,
            burnt,
            ruleset,
        )
    return cap


def _capability(
    ship: Ship,
    undamaged: frozenset[Cell],
    undamaged_bits: int,
    unfired_bits: int,
    burnt: bool,
    ruleset: Ruleset,
) -> ShipCapability:
    """One ship's contribution, from its undamaged cells (as a set and as bits), its unfired
    cells (bits) and whether its beam weapon burnt out."""
    geo = ruleset.geometry
    if not undamaged:
        return ShipCapability(ship.id, undamaged, 0, (), False, False, frozenset())
    is_ds = ship.type == "DS"
    conventional = ship_strikes(ruleset, ship.type, undamaged_bits)
    unfired: tuple[Cell, ...] = ()
    if ship.type in ruleset.missile_types:
        unfired = geo.cells_of(unfired_bits)
    kamikaze = may_kamikaze(ruleset, ship.type, conventional, bool(unfired))
    if ruleset.classic:
        beam = is_ds and len(undamaged) == len(ship.cells)  # classic 6.1.3
        directions: frozenset[Direction] = frozenset()
    else:
        beam = False
        directions = frozenset()
        if is_ds and not burnt:  # 6.2.5, 8.4
            directions = beam_directions_of(geo.colour_order, undamaged_bits)
            beam = bool(directions)
    return ShipCapability(ship.id, undamaged, conventional, unfired, kamikaze, beam, directions)


def ship_strikes(ruleset: Ruleset, ship_type: str, undamaged: int) -> int:
    """The conventional strikes a ship gives with these undamaged cells (bits): a death star
    one until destroyed [6.2.4; classic 6.1.2]; others their disjoint adjacent pairs [4.4.1]
    (classic 4.3.1: every distinct adjacent pair)."""
    if not undamaged:
        return 0
    if ship_type == "DS":
        return 1
    geo = ruleset.geometry
    if ruleset.strike_counting == "disjoint":
        return _max_matching(geo.colour_order, undamaged)
    return _distinct_pairs(geo, undamaged)


def may_kamikaze(ruleset: Ruleset, ship_type: str, strikes: int, unfired: bool) -> bool:
    """Whether an undamaged ship giving `strikes` conventional strikes, with unfired missiles
    or not, may launch a kamikaze [4.5, 6.8.2]; classic 4.4: missiles do not stop it."""
    if ruleset.classic:
        return strikes == 0
    return strikes == 0 and not unfired and ship_type != "LS"
