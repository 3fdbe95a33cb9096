"""A game against the computer in the terminal: the player is A and types fleet and orders in
the notation; after each turn both spaces are drawn as the grids of 11.3, and the whole record
is printed at the end. Input and output are passed in, so tests play it like a person."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date

from notation.errors import NotationError
from notation.spaceships.capitals import WRITTEN_IN_CAPITALS, fleet_in_capitals
from notation.spaceships.fleets import Fleet
from notation.spaceships.format import format_fleet, format_record
from notation.spaceships.orders import format_orders
from notation.spaceships.parse import parse_fleet, parse_orders
from notation.spaceships.ships import SHIP_TYPES
from spaceships.computer.match import computer_orders
from spaceships.computer.player import LEVEL_TEXT, Computer
from spaceships.engine import (
    CheckedOrders,
    FleetRefused,
    GameState,
    OrdersRefused,
    Ruleset,
    adjudicate,
    check_fleet,
    check_orders,
    entitlements,
    new_game,
    player_view,
)
from spaceships.engine.game import record_of
from spaceships.engine.shapes import CLASSIC_DS, DESCRIPTIONS

Ask = Callable[[str], str]  # prompt in, one line out; raises EOFError at the end of input
Say = Callable[[str], None]

EXAMPLE_FLEETS = (
    "DS Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2; KC Gx1 Gx2 Gx3 Gy1 Gy2 Gy3; PC Bz1 Bz2 Bz3 Bz4; "
    "MD Yv3 Yw3 Yx3; LS Oz5",
    "DS Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2; KC Gx1 Gx2 Gx3 Gy1 Gy2 Gy3; FS Bz1 Bz2 By1 By2; "
    "MD Yv3 Yw3 Yx3; HF Oz5 Oz4",
)


def _in_capitals(text: str, error: NotationError, ruleset: Ruleset) -> str | None:
    """A fleet typed in lower case: one paragraph with the fleet corrected (as mail and
    Discord answer it), not an error a word."""
    found = fleet_in_capitals(text, error, ruleset.colour_order)
    if found is None:
        return None
    if found.left is not None:
        return f"{WRITTEN_IN_CAPITALS} Written so, your fleet still has:\n{found.left}"
    assert found.fleet is not None
    return (
        f"{WRITTEN_IN_CAPITALS} Your fleet written so:\n  {format_fleet(found.fleet)}\n"
        "Check it, and type it again like that."
    )


def example_fleet(ruleset: Ruleset) -> str:
    """A fleet legal under the game's rules, to copy from: the familiar one where it is legal
    (a death star's cube depends on the colour order [11.4.1]), else one placed at random."""
    for text in EXAMPLE_FLEETS:
        if not check_fleet(parse_fleet(text, ruleset.colour_order), ruleset):
            return text
    return format_fleet(Computer("random", "example").fleet(ruleset, "A"))


HELP = """\
Type your orders for the turn on one line, in the notation (docs/notation.md):
  Gx3            a strike on Gx3 (conventional, or the target of a missile or kamikaze)
  bRv1Rx1        a beam of three cells, from end to end      (classic: bRv, bR3, bv3)
  mGx3 / mv      a missile launch from your missile Gx3      (plus a strike for its target)
  kBz5           a kamikaze launch from your cell Bz5        (plus a strike for its target)
  sGy3           a scan of Gy3
  pass           no actions this turn
Other words: `grids` draws both spaces again, `help` shows this, `resign` gives up,
`quit` (or Ctrl-D / Ctrl-C) leaves the game."""


def fleet_help(ruleset: Ruleset) -> str:
    """What `help` says at the fleet prompt: the form, and each ship's size and shape [6]."""
    if ruleset.classic:
        types = ("DS", "KC", "FS", "MD", "HF")
    else:
        types = ("DS", "KC", "FS", "PC", "MD", "HS", "LS")
        types += ("AG", "LG") if ruleset.fleet_cost is not None else ()
    ships = "\n".join(
        f"  {code} {SHIP_TYPES[code]}, "
        + (CLASSIC_DS if ruleset.classic and code == "DS" else DESCRIPTIONS[code])
        for code in types
    )
    return (
        f"Your fleet: {fleet_requirements(ruleset)}. Write each ship's code, then its cells "
        "(docs/notation.md), with `;` between ships, all on one line:\n"
        f"  {example_fleet(ruleset)}\n"
        f"The ships:\n{ships}\n"
        "Ships may not share a cell. `random` places a fleet for you; `quit` leaves."
    )


def fleet_requirements(ruleset: Ruleset) -> str:
    if ruleset.fleet_cost is not None:
        return f"any ships of total cost {ruleset.fleet_cost} [3.7.1]"
    if ruleset.classic:
        return "DS, KC, FS, MD and HF [classic 3.3]"
    return "DS, KC, FS or PC, MD, and LS or HS [3.7]"


def refusal_of_orders(state: GameState, seat: str, exc: OrdersRefused) -> str:
    """The judge's words for refused orders (pbem sends the same)."""
    listed = "\n".join(f"  - {p}" for p in exc.problems)
    return (
        f"Your orders for turn {state.turn} break the rules and are refused whole; "
        f"nothing changed:\n{listed}\n"
        f"This turn you may use {entitlements(state, seat).describe()}."
    )


def _orders_hint(line: str) -> str | None:
    """For orders typed where the fleet is asked (a player eager to fire): say so."""
    try:
        orders = parse_orders(line)
    except ValueError:
        return None
    if not orders:
        return None
    return (
        f"`{line}` reads as orders, but first your fleet: each ship's code, then its cells, "
        "e.g. `DS Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2; KC ...` (`help` shows them all), or "
        "`random`."
    )


def outcome(state: GameState) -> str:
    result = state.result
    score = f"{result.score['A']} to {result.score['B']} in materiel [2.3.3]"
    if result.winner == "A":
        return f"You win, {score}, after turn {result.turn}."
    if result.winner == "B":
        return f"The computer wins, {score}, after turn {result.turn}."
    return f"The game is a draw, {score}, after turn {result.turn}."


class TerminalGame:
    """One game: the player (seat A) against a computer (seat B)."""

    def __init__(self, ruleset: Ruleset, computer: Computer, ask: Ask, say: Say) -> None:
        self.ruleset = ruleset
        self.computer = computer
        self.ask = ask
        self.say = say
        self.resigned = False
        self.interrupted = False  # left with Ctrl-C: the command exits 130, as shells expect

    def run(self, fleet_text: str | None = None) -> GameState | None:
        """Plays to the end; returns the last state, or None when the player left before the
        game began. EOF and Ctrl-C leave quietly, in one line."""
        try:
            return self._run(fleet_text)
        except EOFError:
            self.say("\nLeft the game. Nothing is kept.")
            return None
        except KeyboardInterrupt:
            self.interrupted = True
            self.say("\nInterrupted: left the game. Nothing is kept.")
            return None

    def _run(self, fleet_text: str | None) -> GameState | None:
        rs = self.ruleset
        self.say(
            f"A game of Spaceships ({rs}) against the computer, level {self.computer.level}: "
            f"{LEVEL_TEXT[self.computer.level]}.\nYou are player A; the computer is B."
        )
        fleet = self._fleet(fleet_text)
        if fleet is None:
            return None
        computer_fleet = self.computer.fleet(rs, "B")
        state = new_game(rs, fleet, computer_fleet)
        self.say("The computer has placed its fleet. The game begins.\n")
        self.say(player_view(state, "A").grids())
        while not state.over:
            orders = self._orders(state)
            if orders is None:
                return state
            theirs = computer_orders(state, "B", self.computer)
            state, report = adjudicate(state, orders, theirs)
            # Only what the rules show [2.2.2]: never the computer's orders as written (they
            # would give away its missile launch cells [11.5.3]).
            self.say("")
            self.say(report.describe(5 if rs.classic else 3))
            self.say("")
            self.say(player_view(state, "A").grids())
        self._end(state)
        return state

    def _fleet(self, text: str | None) -> Fleet | None:
        rs = self.ruleset
        self.say(
            f"\nYour fleet: {fleet_requirements(rs)}, in the list form on one line, e.g.\n"
            f"  {example_fleet(rs)}\n"
            "or `random` for a fleet placed at random (`help` says more)."
        )
        while True:
            line = text if text is not None else self.ask("fleet> ")
            text = None
            word = line.strip()
            if not word:
                continue
            if word.lower() in ("quit", "exit"):
                self.say("Left the game. Nothing is kept.")
                return None
            if word.lower() in ("help", "?"):
                self.say(fleet_help(rs))
                continue
            if word.lower() == "random":
                fleet = Computer("random", f"{self.computer.seed}/you").fleet(rs, "A")
            else:
                try:
                    fleet = parse_fleet(line, rs.colour_order)
                except NotationError as exc:
                    why = _orders_hint(word) or _in_capitals(line, exc, rs) or exc
                    self.say(f"Your fleet could not be read; nothing changed.\n{why}")
                    continue
                except ValueError as exc:
                    self.say(f"Your fleet could not be read; nothing changed.\n  {exc}")
                    continue
            problems = check_fleet(fleet, rs)
            if problems:
                listed = "\n".join(f"  - {p}" for p in problems)
                self.say(
                    f"Your fleet breaks the rules ({len(problems)} problem"
                    f"{'' if len(problems) == 1 else 's'}); nothing changed:\n{listed}"
                )
                continue
            try:
                new_game(rs, fleet, fleet)
            except FleetRefused as exc:  # the same checks; kept in case they ever differ
                self.say("\n".join(f"  - {p}" for p in exc.problems))
                continue
            self.say(f"Your fleet is accepted, as understood:\n{format_fleet(fleet)}")
            return fleet

    def _orders(self, state: GameState) -> CheckedOrders | None:
        ent = entitlements(state, "A")
        self.say(f"\nTurn {state.turn}: you may use {ent.describe()}. (`help` for the notation)")
        while True:
            line = self.ask(f"turn {state.turn}> ").strip()
            word = line.lower()
            if not line:
                self.say("Type your orders, `pass` for no actions, or `help`.")
                continue
            if word in ("help", "?"):
                self.say(HELP)
                continue
            if word == "grids":
                self.say(player_view(state, "A").grids())
                continue
            if word in ("quit", "exit"):
                self.say("Left the game. Nothing is kept.")
                return None
            if word == "resign":
                self.say("You resigned; the computer wins.")
                self.resigned = True
                self._record(state, "A resigned")
                return None
            written = re.match(r"orders\s*(\d+)\s*:", line, re.IGNORECASE)
            if written:  # as by mail (`orders 3: Gx3`): the turn must be this one
                if int(written.group(1)) != state.turn:
                    self.say(
                        f"These orders are for turn {written.group(1)}, but this is turn "
                        f"{state.turn}; nothing changed. Type just the orders: `Gx3 Gx4`."
                    )
                    continue
                line = line[written.end() :].strip()
                word = line.lower()
            text = "" if word in ("pass", "-", "none", "") else line
            try:
                orders = parse_orders(text) if text else ()
            except NotationError as exc:
                self.say(f"Your orders could not be read; nothing changed.\n{exc}")
                continue
            except ValueError as exc:
                self.say(f"Your orders could not be read; nothing changed.\n  {exc}")
                continue
            try:
                checked = check_orders(state, "A", orders)
            except OrdersRefused as exc:
                self.say(refusal_of_orders(state, "A", exc))
                continue
            self.say(
                f"Your orders: {format_orders(orders) or '(no actions)'} ({checked.summary()})."
            )
            return checked

    def _end(self, state: GameState) -> None:
        text = outcome(state)
        self.say(f"\nThe game is over. {text}")
        self._record(state, text.rstrip("."))

    def _record(self, state: GameState, termination: str) -> None:
        tags = [
            ("Game", "terminal"),
            ("Ruleset", self.ruleset.name),
            *([("Options", " ".join(self.ruleset.options))] if self.ruleset.options else []),
            ("Date", date.today().isoformat()),
            ("A", "you"),
            ("B", f"computer ({self.computer.level}, seed {self.computer.seed})"),
            ("Termination", termination),
        ]
        seed = self.computer.seed
        self.say(f"(`spaceships play --seed {seed}` plays the same computer again.)")
        self.say("\nThe record of the game:\n")
        self.say(format_record(record_of(state, tags), self.ruleset.colour_order))
