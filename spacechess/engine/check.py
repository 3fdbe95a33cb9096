"""Replaying a Space Chess record: every action checked against the rules, every position
reported (after each action and each battle stage), the Result tag checked against the end."""

from __future__ import annotations

from dataclasses import dataclass, field

from notation.errors import NotationError
from notation.spacechess.actions import MINE_LAYING, PASS, Action
from notation.spacechess.cells import cell_name
from notation.spacechess.pieces import (
    KIND_NAMES,
    SIDE_LETTERS,
    SIDE_NAMES,
    SUPPORT,
    kind_of,
    side_of,
)
from notation.spacechess.record import Record, Tag, Turn
from spacechess.engine.events import Event
from spacechess.engine.game import Game
from spacechess.engine.position import Position

__all__ = ["RESULTS", "Replay", "Step", "position_json", "replay", "result_text"]

# How the Result tag is written, and what each means.
RESULTS = {"Terrans win": "T", "Aliens win": "A", "draw": "draw", "*": None}


@dataclass(frozen=True, slots=True)
class Step:
    """One stage of the game: an action, or the battle stage after a turn."""

    turn: int
    side: int
    stage: str  # "action" or "battle"
    action: str
    events: tuple[Event, ...]
    position: Position


@dataclass
class Replay:
    """What replaying a record found: the steps up to the first problem, the problem if any."""

    steps: list[Step] = field(default_factory=list)
    problem: NotationError | None = None
    position: Position | None = None

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "ok": self.problem is None,
            "steps": [
                {
                    "turn": s.turn,
                    "side": SIDE_NAMES[s.side],
                    "stage": s.stage,
                    **({"action": s.action} if s.action else {}),
                    "events": [e.to_json() for e in s.events],
                    "position": position_json(s.position),
                }
                for s in self.steps
            ],
        }
        if self.position is not None:
            out["result"] = result_text(self.position)
        if self.problem is not None:
            out["errors"] = [problem_json(e) for e in self.problem.errors]
        return out


def problem_json(error: NotationError) -> dict[str, object]:
    return {
        "line": error.line,
        "column": error.column,
        "message": error.message,
        "hint": error.hint,
        "text": str(error),
    }


def position_json(position: Position) -> dict[str, object]:
    """Every unit and impactor where, whose turn, the result. A finished game has no one to
    move: `to_move` is None and `actions_left` 0 beside the result [SC11, SC12]."""
    over = position.result is not None
    return {
        "turn": position.turn,
        "to_move": None if over else SIDE_NAMES[position.to_move],
        "actions_left": 0 if over else position.actions_left,
        "units": [
            {
                "cell": cell_name(c),
                "side": SIDE_NAMES[side_of(code)],
                "kind": KIND_NAMES[kind_of(code)],
            }
            for c, code in position.units()
        ],
        "impactors": [
            {"cell": cell_name(i.cell), "from": cell_name(i.came_from), "side": SIDE_NAMES[i.side]}
            for i in position.impactors
        ],
        "result": result_text(position),
    }


def result_text(position: Position) -> str:
    """`Terrans win`, `Aliens win`, `draw` or `*` (going on), as the Result tag writes it."""
    return next(k for k, v in RESULTS.items() if v == position.result)


def replay(record: Record) -> Replay:
    """Play the record's turns from the start position, stopping at the first problem."""
    game = Game()
    out = Replay(position=game.position)
    for turn in record.turns:
        problem = _play_turn(record, turn, game, out)
        out.position = game.position
        if problem is not None:
            out.problem = problem
            return out
    out.problem = _check_result(record, game.position)
    return out


def _error(
    record: Record, turn: Turn, column: int, message: str, hint: str, word: str = ""
) -> NotationError:
    line = turn.line or 1
    return NotationError(
        message, record.text, line, column or 1, (), hint or None, word, max(1, len(word))
    )


def _play_turn(record: Record, turn: Turn, game: Game, out: Replay) -> NotationError | None:
    before = game.position
    where = f"turn {turn.number} ({SIDE_NAMES[turn.side]})"
    if before.result is not None:
        return _error(
            record,
            turn,
            1,
            f"{where}: the game was already over ({result_text(before)}) [SC11, SC12]",
            "nothing is played after the end; remove the lines from here on",
        )
    if turn.number != before.turn:
        return _error(
            record,
            turn,
            1,
            f"turn {turn.number} comes where turn {before.turn} is due",
            f"number the turns 1, 2, 3...: write `{before.turn} {SIDE_LETTERS[before.to_move]}:`",
        )
    if turn.side != before.to_move:
        return _error(
            record,
            turn,
            1,
            f"{where}: turn {turn.number} is the {SIDE_NAMES[before.to_move]}' [SC1, SC2]",
            "the Terrans play the odd turns, the Aliens the even ones",
        )
    if len(turn.actions) > before.actions_left:
        column = turn.columns[before.actions_left] if len(turn.columns) > before.actions_left else 1
        said = "the first turn has one action" if before.turn == 1 else "a turn has two actions"
        return _error(
            record,
            turn,
            column,
            f"{where}: {said} [SC2], this one lists {len(turn.actions)}",
            "move the extra actions to the next turn of this side",
        )
    for action, column in zip(turn.actions, turn.columns, strict=False):
        position = game.position
        if position.result is not None or position.to_move != turn.side:
            why = "the game is over" if position.result is not None else "the turn is over"
            return _error(
                record,
                turn,
                column,
                f"{where}: {action}: {why} after the action before it [SC10, SC11]",
                "a rebuild and a pass end the turn; a destroyed command ship ends the game",
            )
        resolved = _resolve(position, action)
        try:
            steps = game.play_steps(resolved)
        except ValueError as exc:
            reason = getattr(exc, "reason", str(exc))
            hint = getattr(exc, "hint", "")
            return _error(record, turn, column, f"{where}: {action}: {reason}", hint, str(action))
        for stage, events, after in steps:
            out.steps.append(
                Step(
                    turn.number,
                    turn.side,
                    stage,
                    str(action) if stage == "action" else "",
                    tuple(events),
                    after,
                )
            )
    position = game.position
    if position.result is None and position.to_move == turn.side:
        # A line with fewer actions than the turn allows ends it there [SC2].
        for stage, events, after in game.play_steps(Action(PASS)):
            if stage == "battle":
                out.steps.append(Step(turn.number, turn.side, stage, "", tuple(events), after))
    return None


def _resolve(position: Position, action: Action) -> Action:
    """A mine is written by its cell alone: the side's support ship lays it."""
    if action.verb != MINE_LAYING or action.origin >= 0:
        return action
    support = [c for c, code in position.units(position.to_move) if kind_of(code) == SUPPORT]
    return action._replace(origin=support[0]) if support else action


def _check_result(record: Record, position: Position) -> NotationError | None:
    tags = [i for i in record.items if isinstance(i, Tag) and i.name == "Result"]
    if not tags:
        return None
    written = tags[-1].value
    line = _tag_line(record, len(tags))
    if written not in RESULTS:
        return NotationError(
            f"`{written}` is not a result",
            record.text,
            line,
            1,
            (),
            'write [Result "Terrans win"], "Aliens win", "draw" or "*" (going on)',
        )
    actual = result_text(position)
    if position.result is not None and written != actual:
        return NotationError(
            f"the record says {written}, but the game ended: {actual}",
            record.text,
            line,
            1,
            (),
            f'write [Result "{actual}"]',
        )
    if position.result is None and written != "*" and "Termination" not in record.tags:
        return NotationError(
            f"the record says {written}, but after its last turn the game goes on",
            record.text,
            line,
            1,
            (),
            'say how it ended, e.g. [Termination "resignation"] or "agreement", or write "*"',
        )
    return None


def _tag_line(record: Record, count: int) -> int:
    """The line of the count-th Result tag in the source text."""
    seen = 0
    for number, text in enumerate(record.text.splitlines(), 1):
        if text.lstrip().startswith("[Result"):
            seen += 1
            if seen == count:
                return number
    return 1
