"""The battle record as values, and its canonical text (docs/battles.md)."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from notation.battles.codes import ShipCode, System
from notation.battles.hexes import Hex

__all__ = [
    "BattleRecord",
    "Event",
    "Initiative",
    "Loss",
    "Move",
    "Shot",
    "ShipEntry",
    "Target",
    "Tractor",
    "Volley",
    "format_damage",
    "format_record",
]


@dataclass(frozen=True, slots=True)
class Where:
    """A place in a record: 1-based line and column."""

    line: int
    column: int


@dataclass(frozen=True, slots=True)
class ShipEntry:
    side: str
    name: str
    code: ShipCode
    hex: Hex
    facing: str
    where: Where | None = None

    def __str__(self) -> str:
        return f"{self.side} ship {self.name} {self.code} at {self.hex} {self.facing}"

    @property
    def design_line(self) -> str:
        """The ship as a design holds it, without its side: `Lancer E-... at 0,8 N`."""
        return f"{self.name} {self.code} at {self.hex} {self.facing}"


@dataclass(frozen=True, slots=True)
class Initiative:
    """The turn's initiative rolls, A's die then B's, again while tied [II.A]."""

    turn: int
    rolls: tuple[tuple[int, int], ...]
    where: Where | None = None

    @property
    def winner(self) -> str | None:
        if not self.rolls:
            return None
        a, b = self.rolls[-1]
        return "A" if a > b else "B" if b > a else None

    def __str__(self) -> str:
        pairs = ", ".join(f"A {a} B {b}" for a, b in self.rolls)
        return f"{self.turn} initiative {pairs}".rstrip()


@dataclass(frozen=True, slots=True)
class Move:
    """`how` is steps (`FFRF`), `stay` or `held`; `end` the hex and facing said to end in."""

    turn: int
    side: str
    ship: str
    how: str
    end: tuple[Hex, str] | None = None
    where: Where | None = None

    def __str__(self) -> str:
        text = f"{self.turn} {self.side} move {self.ship} {self.how}"
        if self.end:
            text += f" to {self.end[0]} {self.end[1]}"
        return text


@dataclass(frozen=True, slots=True)
class Target:
    """A target of a volley and the weapons chosen to fire at it (none: every weapon that
    bears)."""

    name: str
    weapons: tuple[System, ...] = ()

    def __str__(self) -> str:
        return self.name + "".join(f" {w}" for w in self.weapons)


@dataclass(frozen=True, slots=True)
class Shot:
    """One weapon's die: `Gf r5 d4=1`; `Lancer.Gf@Raider` in a fire group or split volley;
    `d4+1` with a tractor's bonus; `pd5=1` a point defence roll that stops the missile;
    `pick3/7` the primary beam's random choice among 7 systems [IV.F.2]."""

    weapon: System
    range: int
    die: int
    damage: Fraction
    shooter: str | None = None
    target: str | None = None
    bonus: int = 0
    point_defence: tuple[tuple[int, bool], ...] = ()
    picks: tuple[tuple[int, int], ...] = ()
    # Which system of the shooter's code fired (0 first), when the judge played it: a record
    # does not write it (two identical weapons fire left first), so it is not compared.
    index: int | None = field(default=None, compare=False)

    def __str__(self) -> str:
        text = f"{self.weapon.code}{self.weapon.arc}"
        if self.shooter:
            text = f"{self.shooter}.{text}"
        if self.target:
            text += f"@{self.target}"
        bonus = f"+{self.bonus}" if self.bonus else ""
        text += f" r{self.range} d{self.die}{bonus}={format_damage(self.damage)}"
        for die, stops in self.point_defence:
            text += f" pd{die}={int(stops)}"
        for die, among in self.picks:
            text += f" pick{die}/{among}"
        return text


@dataclass(frozen=True, slots=True)
class Loss:
    """The systems one target crossed out after a volley, left to right as crossed."""

    ship: str
    systems: tuple[System, ...]
    carry: bool = False
    destroyed: bool = False
    # What the judge worked out and a record does not write (so not compared): the places in
    # the code of the systems crossed out, in order; Energy Beam points the Overload Dampers
    # soaked, and how many dampers burned out doing it (reading R7).
    crossed: tuple[int, ...] = field(default=(), compare=False)
    soaked: Fraction = field(default=Fraction(0), compare=False)
    burned: int = field(default=0, compare=False)
    # For each system crossed, the volley's shot (0 first) that crossed it; None for a damper
    # burned out.
    by: tuple[int | None, ...] = field(default=(), compare=False)

    def __str__(self) -> str:
        lost = " ".join(str(s) for s in self.systems) or "nothing"
        text = f"{self.ship} loses {lost}"
        if self.carry:
            text += " carry .5"
        if self.destroyed:
            text += " destroyed"
        return text


@dataclass(frozen=True, slots=True)
class Volley:
    turn: int
    side: str
    shooters: tuple[str, ...]
    targets: tuple[Target, ...]
    shots: tuple[Shot, ...] | None = None  # None: the order only, not yet rolled
    losses: tuple[Loss, ...] = ()
    where: Where | None = None
    lapsed: bool = False  # its ships or target were destroyed first (reading R14)
    # Nothing of it could fire: no weapon bears, or what it names was crossed out earlier in
    # the phase (reading R14).
    silent: bool = False

    def order_text(self) -> str:
        targets = ", ".join(str(t) for t in self.targets)
        return f"{'+'.join(self.shooters)} > {targets}"

    def __str__(self) -> str:
        text = f"{self.turn} {self.side} volley {self.order_text()}"
        if self.lapsed:
            return text + ": lapsed"
        if self.silent:
            return text + ": silent"
        if self.shots is not None:
            text += ": " + ", ".join(str(s) for s in self.shots)
            text += "".join(f"; {loss}" for loss in self.losses)
        return text


@dataclass(frozen=True, slots=True)
class Tractor:
    """A tractor beam's throw [IV.D]: `r3 d5=hit`, or `r3 shear` against a Shear Plane."""

    turn: int
    side: str
    ship: str
    target: str
    range: int | None = None
    die: int | None = None
    result: str | None = None  # "hit", "miss", "shear", "lapsed" or "silent" (reading R14)
    where: Where | None = None

    def __str__(self) -> str:
        text = f"{self.turn} {self.side} tractor {self.ship} > {self.target}"
        if self.result in ("lapsed", "silent"):
            text += f": {self.result}"
        elif self.result == "shear":
            text += f": r{self.range} shear"
        elif self.result:
            text += f": r{self.range} d{self.die}={self.result}"
        return text


Event = Initiative | Move | Volley | Tractor


@dataclass(frozen=True, slots=True)
class BattleRecord:
    """Tags, the ships of both sides with their starting places, and the turns' events in the
    order they happened."""

    tags: tuple[tuple[str, str], ...]
    ships: tuple[ShipEntry, ...]
    events: tuple[Event, ...]

    def tag(self, name: str) -> str | None:
        for key, value in self.tags:
            if key.lower() == name.lower():
                return value
        return None


def format_damage(value: Fraction) -> str:
    whole, half = divmod(value, 1)
    if half:
        return f"{int(whole)}.5" if whole else ".5"
    return str(int(whole))


_END_TAGS = ("DiceSeed", "Result")


def format_record(record: BattleRecord) -> str:
    """Canonical text: opening tags, ships by side, events, then the closing tags (the dice
    seed and the result) that are written when the battle ends."""

    def tag(name: str, value: str) -> str:
        escaped = value.replace("\\", "\\\\").replace('"', '\\"')
        return f'[{name} "{escaped}"]'

    lines = [tag(k, v) for k, v in record.tags if k not in _END_TAGS]
    lines += [str(s) for s in sorted(record.ships, key=lambda s: s.side)]
    lines += [str(e) for e in record.events]
    lines += [tag(k, v) for k, v in record.tags if k in _END_TAGS]
    return "\n".join(lines) + "\n"
