"""A battle against the computer in the terminal (`spaceships battles play` with no record): the
player designs and places their ships (or takes a random design), then gives each phase's
orders in the notation of the battle records; the rules check every line, the dice are rolled
from a seed whose hash is published first [R13], and the record comes at the end with the
seed. Input and output are passed in, so tests play it like a person (as the other games'
terminals do: spaceships.computer.terminal, spacechess.computer.terminal)."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

from battles.computer import BattleComputer
from battles.engine.design import check_design, complete
from battles.engine.dice import commitment
from battles.engine.play import play_record
from battles.engine.replay import Replay
from battles.engine.setup import result_text
from battles.engine.state import BattleState
from battles.engine.turns import arrange_turn
from battles.pictures import battle_picture
from notation.battles.hexes import FACINGS, Hex, distance
from notation.battles.parse import parse_design, parse_hex, parse_record
from notation.battles.records import BattleRecord, Event, Initiative, ShipEntry, format_record
from notation.errors import NotationError

__all__ = ["HOME", "RADIUS", "TerminalBattle"]

Ask = Callable[[str], str]  # prompt in, one line out; raises EOFError at the end of input
Say = Callable[[str], None]

HOME = {"A": (Hex(0, 8), "N"), "B": (Hex(0, -8), "S")}  # where each side sets up [R16]
RADIUS = 3  # a ship starts within this many hexes of its side's home [R16]
TURN_LIMIT = 30

DESIGN_HELP = """\
Design your ships, one a line: a name and its Ship Code, and where it starts if you like:
  Lancer E-SAI(Gf)I(Xf)IIV              (cost, turn mode and engines are worked out)
  Warden F-ASIII(Ef)Y(Mf)O at 0,7 N     (within 3 hexes of 0,8; facings N NE SE S SW NW)
`random` designs a fleet for you, `done` starts the battle, `list` shows your ships so far,
`drop NAME` takes one back, `quit` leaves. `spaceships battles design CODE` explains a code."""

ORDERS_HELP = {
    "movement": "Movement: a ship's name and its steps, F one hex ahead, L or R one hexside "
    "(`Lancer FFRF`), or `stay`; `;` between ships; `none` moves nothing. [III.A, III.B]",
    "fire": "Fire: `SHIP > TARGET`, weapons named if you like (`Lancer > Raider (Gf)`), "
    "`A+B > TARGET` for a fire group, `tractor SHIP > TARGET`; `;` between orders; `none` "
    "holds fire. [IV.A, IV.D]",
}
WORDS = "Other words: `map` shows the ships, `help` the orders, `resign` gives up, `quit` leaves."


def _near(home: Hex, radius: int) -> list[Hex]:
    """The hexes within `radius` of `home`, nearest first."""
    around = [
        Hex(home.q + dq, home.r + dr)
        for dq in range(-radius, radius + 1)
        for dr in range(-radius, radius + 1)
    ]
    return sorted(
        (h for h in around if distance(h, home) <= radius),
        key=lambda h: (distance(h, home), h.r, h.q),
    )


def ships_text(state: BattleState) -> str:
    """Every ship: side, name, code with crossed-out systems, where it is."""
    lines = []
    for s in state.ships:
        where = (
            "destroyed"
            if s.destroyed
            else f"at {s.hex} {s.facing}, speed {s.speed}, turn mode {s.turn_mode}"
        )
        lines.append(f"  {s.side} {s.name} {s.crossed_text()}: {where}")
    return "\n".join(lines)


class TerminalBattle:
    """One battle: the player is A (from 0,8 facing N), the computer B."""

    def __init__(
        self,
        ask: Ask,
        say: Say,
        seed: str | None = None,
        budget: int = 300,
        pictures: Path | None = None,
    ) -> None:
        self.ask, self.say = ask, say
        self.seed = seed or secrets.token_hex(8)
        self.computer = BattleComputer(self.seed)
        self.dice = f"{self.seed}-dice"  # the judge's secret: its hash is published first
        self.budget, self.pictures = budget, pictures
        self.tags: tuple[tuple[str, str], ...] = (
            ("Game", "Spaceship Battles"),
            ("Budget", str(budget)),
            ("TurnLimit", str(TURN_LIMIT)),
            ("Dice", commitment(self.dice)),
        )
        self.ships: tuple[ShipEntry, ...] = ()
        self.events: tuple[Event, ...] = ()

    # -- the whole battle ----------------------------------------------------------------------
    def run(self) -> BattleState | None:
        """Design, then the battle to its end (or until the player leaves); the record is
        printed either way. EOF and Ctrl-C leave quietly."""
        self.say(
            f"Spaceship Battles against the computer: you are A (from {HOME['A'][0]}), the "
            f"computer B (from {HOME['B'][0]}); budget {self.budget} each.\n"
            f'The dice are rolled from a seed whose hash is published now: [Dice "'
            f'{commitment(self.dice)}"] [R13].\n\n{DESIGN_HELP}'
        )
        state = None
        try:
            mine = self._design()
            if mine is None:
                self.say("\nLeft before the battle began.")
                return None
            names = {s.name for s in mine}  # the computer's give way [R17]
            theirs = self.computer.design(self.budget, "B", *HOME["B"], RADIUS, names)
            self.ships = (*mine, *theirs)
            self.say("\nThe computer's ships:\n" + "\n".join(f"  {s}" for s in theirs))
            state, ending = self._battle()
        except (EOFError, KeyboardInterrupt):
            self.say("\nLeft the battle.")
            ending = "you left the battle"
        if self.ships:
            self._end(ending)
        return state

    # -- design --------------------------------------------------------------------------------
    def _design(self) -> list[ShipEntry] | None:
        mine: list[ShipEntry] = []
        while True:
            line = self.ask("design> ").strip()
            word = line.lower()
            if not line:
                continue
            if word in ("quit", "exit"):
                return None
            if word in ("help", "?"):
                self.say(DESIGN_HELP)
            elif word == "list":
                self.say("\n".join(f"  {s.design_line}" for s in mine) or "  no ships yet")
            elif word.startswith("drop "):
                name = line.split(None, 1)[1]
                kept = [s for s in mine if s.name != name]
                self.say(f"{name} dropped." if len(kept) < len(mine) else f"No ship {name}.")
                mine = kept
            elif word == "random":
                drawn = BattleComputer(f"{self.seed}-you")
                mine = drawn.design(self.budget, "A", *HOME["A"], RADIUS)
                self.say("Your ships:\n" + "\n".join(f"  {s.design_line}" for s in mine))
            elif word == "done":
                if not mine:
                    self.say("Design at least one ship first (or `random`).")
                    continue
                problems = self._check_fleet(mine)
                if not problems:
                    return mine
                listed = "\n".join(f"  - {p}" for p in problems)
                self.say(f"The fleet cannot start yet:\n{listed}")
            else:
                ship = self._read_ship(line, mine)
                if ship is not None:
                    mine.append(ship)
                    spent = sum(s.code.cost or 0 for s in mine)
                    said = f"cost {ship.code.cost}; {spent} of {self.budget} spent"
                    self.say(f"  {ship.design_line}: {said}")

    def _read_ship(self, line: str, mine: Sequence[ShipEntry]) -> ShipEntry | None:
        words = line.split()
        if len(words) < 2:
            self.say(
                f"`{line}` is no word here and no ship: a ship is a name and a Ship Code, e.g. "
                "`Lancer E-SAI(Gf)I(Xf)IIV` (`help` for the rest)"
            )
            return None
        name, code_text, rest = words[0], words[1], words[2:]
        if any(s.name == name for s in mine):
            self.say(f"You have a ship named {name} already: each name once [R17].")
            return None
        try:
            code = parse_design(code_text)
        except NotationError as exc:
            self.say(f"`{code_text}` could not be read:\n{exc}")
            return None
        done = complete(code) if not code.complete else code
        problems = check_design(done, name)
        if problems:
            self.say("\n".join(f"  - {p}" for p in problems))
            return None
        home, facing = HOME["A"]
        if rest:
            if len(rest) != 3 or rest[0] != "at" or rest[2] not in FACINGS:
                self.say("after the code, `at Q,R FACING`, e.g. `at 0,7 N` [R1]; nothing added")
                return None
            try:
                place = parse_hex(rest[1])
            except NotationError as exc:
                self.say(str(exc))
                return None
            if distance(place, home) > RADIUS:
                self.say(
                    f"{name} would start at {place}, {distance(place, home)} hexes from {home}; "
                    f"your ships start within {RADIUS} of it [R16]; nothing added"
                )
                return None
            return ShipEntry("A", name, done, place, rest[2])
        taken = {s.hex for s in mine}
        free = next(h for h in _near(home, RADIUS) if h not in taken)
        return ShipEntry("A", name, done, free, facing)

    def _check_fleet(self, mine: Sequence[ShipEntry]) -> list[str]:
        """What the rules say of the fleet as a whole (the budget, places): the record's
        start checked as a judge checks it."""
        record = BattleRecord(self.tags, tuple(mine), (Initiative(1, ()),))
        found = play_record(record, seed=self.dice, open_turn=True).problems
        return [str(p) for p in found if p.side != "B"]  # B's ships come after yours

    # -- the battle ----------------------------------------------------------------------------
    def _replay(self, events: Sequence[Event], open_turn: bool) -> Replay:
        record = BattleRecord(self.tags, self.ships, tuple(events))
        return play_record(record, seed=self.dice, open_turn=open_turn)

    def _battle(self) -> tuple[BattleState, str]:
        state = self._replay(self.events, True).state
        for turn in range(1, TURN_LIMIT + 1):
            replay = self._replay((*self.events, Initiative(turn, ())), True)
            self.events, state = tuple(replay.events), replay.state
            if state.over:
                break
            first = state.initiative or "A"
            who = "you" if first == "A" else "the computer"
            self.say(f"\nTurn {turn}: initiative to {first} ({who} first).")
            self.say(ships_text(state))
            for phase in ("movement", "fire"):
                orders = self._ask_phase(turn, phase, state, first)
                if orders is None:
                    return state, "you left the battle"
                if orders == "resign":
                    return state, "you resigned"
                before = len(self.events)
                self.events, state = tuple(orders.events), orders.state
                self.say("\n".join(f"  {e}" for e in self.events[before:]) or "  nothing happened")
                self._picture(turn, phase, state)
                if state.over:
                    return state, ""
        return state, ""

    def _ask_phase(
        self, turn: int, phase: str, state: BattleState, first: str
    ) -> Replay | str | None:
        theirs = self.computer.orders(state, "B", phase)
        self.say(f"\nTurn {turn}, {phase}: your orders. (`help` for the notation)")
        while True:
            line = self.ask(f"turn {turn} {phase}> ").strip()
            word = line.lower()
            if not line:
                self.say("Type your orders, `none`, or `help`.")
                continue
            if word in ("help", "?"):
                self.say(f"{ORDERS_HELP[phase]}\n{WORDS}")
                continue
            if word == "map":
                self.say(ships_text(state))
                continue
            if word in ("quit", "exit"):
                return None
            if word == "resign":
                return "resign"
            mine = self._read_orders(turn, phase, line)
            if mine is None:
                continue
            events = arrange_turn([*mine, *theirs], first)
            done = self._replay((*self.events, *events), phase == "movement")
            # The record's lines are the terminal's own making: no place in them is named.
            problems = [
                replace(p, line=None, column=None) for p in done.problems if p.side in (None, "A")
            ]
            if problems:
                self.say("Nothing was played:\n" + "\n".join(f"  - {p}" for p in problems))
                continue
            return done

    def _read_orders(self, turn: int, phase: str, line: str) -> list[Event] | None:
        items = [i.strip() for i in line.split(";") if i.strip() and i.strip().lower() != "none"]
        found: list[Event] = []
        for item in items:
            if phase == "movement":
                prefix = f"{turn} A move "
            elif item.lower().startswith("tractor "):
                prefix, item = f"{turn} A tractor ", item[8:].lstrip()
            else:
                prefix = f"{turn} A volley "
            try:
                found += parse_record(prefix + item + "\n").events
            except NotationError as exc:
                first = exc.errors[0] if getattr(exc, "errors", None) else exc
                self.say(
                    f"`{item}` could not be read; nothing was played: {first.message}\n"
                    f"  hint: {ORDERS_HELP[phase]}"
                )
                return None
        return found

    def _picture(self, turn: int, phase: str, state: BattleState) -> None:
        if self.pictures is None:
            return
        path = self.pictures / f"battle-turn-{turn:02d}-{phase}.png"
        try:
            self.pictures.mkdir(parents=True, exist_ok=True)
            path.write_bytes(battle_picture(f"Turn {turn}, {phase}", state.ships))
        except OSError as exc:
            self.say(f"The picture could not be written to {path}: {exc.strerror or exc}")

    # -- the end -------------------------------------------------------------------------------
    def _end(self, ending: str) -> None:
        record = BattleRecord(self.tags, self.ships, self.events)
        replay = play_record(record, seed=self.dice, open_turn=True)
        state = replay.state
        full = replay.record(record, self.dice)
        if not state.over:
            # Ended outside the rules: the record stops where it is and says why (reading R12).
            result = "B wins (A resigned)" if ending == "you resigned" else "no result (unfinished)"
            tags = tuple(t for t in full.tags if t[0] != "Result")
            full = BattleRecord((*tags, ("Result", result)), full.ships, full.events)
        if ending == "you resigned":
            text = "You resigned: the computer wins."
        elif ending:
            text = f"The battle stops unfinished: {ending}."
        else:
            text = f"The battle is over: {result_text(state)}."
        self.say(f"\n{text}")
        self.say(
            f"(`spaceships battles play --seed {self.seed}` plays the same computer again.)\n\n"
            "The record of the battle, with the dice seed:\n"
        )
        self.say(format_record(full).rstrip("\n"))
