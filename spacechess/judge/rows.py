"""A Space Chess game as the judge keeps it: the game row read as a game of Space Chess, its
turns replayed by the pure rules, and the small helpers every chess command uses.

The game row keeps `ruleset` "chess", `turn` the number of the turn to play (SC2), and in
`state` the turns played so far (`turns`: each turn's actions as written, one string a turn)
and a pending draw offer (`draw`: the seat that offered, or None). Seat A plays the Terrans,
who act first, seat B the Aliens (SC1). Everything on the board is open to both sides.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import timedelta
from functools import partial
from typing import Any

from notation.spacechess.actions import MINE_LAYING, PASS, Action
from notation.spacechess.pieces import SIDE_NAMES, SUPPORT, kind_of
from notation.spacechess.record import parse_action
from notation.words import seated
from pbem.steps import gamerows
from pbem.steps.deadlines import DeadlineRule, format_duration
from pbem.steps.gamerows import deadline_line as core_deadline_line
from pbem.storage.store import GameRow, PlayerRow
from spacechess.computer.match import PlayedTurn, record_of
from spacechess.engine.events import Event
from spacechess.engine.game import Game
from spacechess.engine.position import Position

GAME = "chess"
TITLE = "Space Chess"
SEAT_SIDE = {"A": 0, "B": 1}  # seat A is the Terrans, who act first [SC1]
SIDE_SEAT = {0: "A", 1: "B"}

__all__ = [
    "GAME",
    "SEAT_SIDE",
    "SIDE_SEAT",
    "TITLE",
    "Played",
    "deadline_line",
    "is_chess",
    "master_notice",
    "play_turn",
    "played_of",
    "player_seated",
    "record_text",
    "resolve_mine",
    "settings_text",
    "side_name",
    "subject",
    "to_everyone",
    "with_state",
]


def is_chess(game: GameRow | None) -> bool:
    return game is not None and game.ruleset == GAME


def side_name(seat: str) -> str:
    """`Terrans` or `Aliens`: players read their side, never a bare seat letter."""
    return SIDE_NAMES[SEAT_SIDE[seat]]


def player_seated(players: dict[str, PlayerRow], seat: str) -> str:
    """`Alice (Terrans)`."""
    name = players[seat].name if seat in players else "nobody yet"
    return seated(name, side_name(seat))


def subject(game: GameRow, what: str) -> str:
    return f"{TITLE} {game.name}: {what}"


# Who the reminder goes to: the side that has not acted.
_TO_ACT = " to the side to act"


def settings_text(game: GameRow) -> str:
    parts = ["the Terrans act first, one action on turn 1, then two a turn [SC2]"]
    if game.deadline_rule and game.deadline_rule != "none":
        rule = DeadlineRule.parse(game.deadline_rule)
        parts.append(f"deadline {rule.timing('each turn')}")
        # As every game's settings say it (pbem.steps.listing): the reminder and the grace.
        reminder = rule.reminder_text(timedelta(hours=game.reminder_hours))
        parts.append(reminder.replace("phase", "turn") + _TO_ACT * (reminder != "no reminder"))
        if game.grace_hours:
            parts.append(f"grace {format_duration(timedelta(hours=game.grace_hours))}")
        parts.append(
            "a missed turn is " + ("waited for" if game.missing_policy == "wait" else "a pass")
        )
    if game.private:
        parts.append("private")
    return ", ".join(parts)


def deadline_line(game: GameRow) -> str:
    if game.deadline is None and game.phase == "playing":
        return "No deadline: the judge waits for the side to act, however long it takes."
    if game.deadline is None:
        return "No deadline."
    return core_deadline_line(game)


def with_state(game: GameRow, **changes: Any) -> GameRow:
    state = dict(game.state or {"turns": [], "draw": None})
    state.update(changes)
    return replace(game, state=state)


@dataclass(frozen=True)
class Played:
    """The game replayed: its memory (positions seen, for repetition [SC12]) and its turns."""

    game: Game
    turns: tuple[PlayedTurn, ...]

    @property
    def position(self) -> Position:
        return self.game.position


def resolve_mine(position: Position, action: Action) -> Action:
    """A mine is written by its cell alone: the side's support ship lays it [SC9]."""
    if action.verb != MINE_LAYING or action.origin >= 0:
        return action
    support = [c for c, code in position.units(position.to_move) if kind_of(code) == SUPPORT]
    return action._replace(origin=support[0]) if support else action


def play_turn(game: Game, actions: tuple[Action, ...]) -> PlayedTurn:
    """Play one side's turn on `game` (each action checked by the rules: IllegalAction), ending
    it with a pass when it has fewer actions than allowed [SC2]."""
    side, number = game.position.to_move, game.position.turn
    events = []
    for action in actions:
        if game.position.result is not None or game.position.to_move != side:
            break
        events += game.play(resolve_mine(game.position, action))
    if game.position.result is None and game.position.to_move == side:
        events += game.play(Action(PASS))
    return PlayedTurn(number, side, actions, tuple(events))


def events_text(events: Iterable[Event]) -> str:
    """A turn's events, a line each, as mail says them."""
    return "\n".join(f"  {e}" for e in events) or "  nothing happened"


def played_of(game: GameRow) -> Played:
    """The game as it stands, replayed from the start by the pure rules."""
    replayed = Game()
    turns = []
    for text in (game.state or {}).get("turns", []):
        actions = tuple(parse_action(word) for word in text.split())
        turns.append(play_turn(replayed, actions))
    return Played(replayed, tuple(turns))


def record_text(
    game: GameRow, players: dict[str, PlayerRow], played: Played, outcome: dict[str, Any] | None
) -> str:
    """The record so far (`[Result "*"]` while the game goes on), as `spaceships chess check`
    reads it; a game ended off the board (resigned, agreed, cancelled) says so in a
    Termination tag."""
    tags: list[tuple[str, str]] = [
        ("Game", TITLE),
        ("Event", game.name),
        ("Terrans", players["A"].name if "A" in players else "?"),
        ("Aliens", players["B"].name if "B" in players else "?"),
    ]
    result = played.position.result
    note = ""
    if outcome and result is None:
        tags.append(("Termination", outcome.get("termination", "abandoned")))
        winner = outcome.get("winner")
        result = {"A": "T", "B": "A"}.get(winner or "", "draw" if outcome.get("drawn") else None)
        note = str(outcome.get("reason", ""))
    record = record_of(played.turns, result, tuple(tags), note=note)
    return str(record)


# One message to everyone in a game, and news for its master, under its own subject
# (pbem.steps.gamerows).
to_everyone = partial(gamerows.to_everyone, titled=subject)
master_notice = partial(gamerows.master_notice, titled=subject)
