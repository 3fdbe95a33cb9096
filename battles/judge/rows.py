"""A Spaceship Battles game as the judge keeps it: the game row's fields read as a battle, its
record and replay, and the small helpers every battle command uses.

The game row keeps `ruleset` "battles", `options` ("budget=N",), the designs in the players'
`fleet` column, and in `state` the dice seed and the record text. `turn` counts phases: 2k-1
is the movement of battle turn k, 2k its fire. A battle is open information except a player's
submission until both are in and the dice seed until the end (reading R13).
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Any

from battles.engine.play import Replay, play_record
from battles.engine.tables import DEFAULT_X_MODE
from notation.battles.hexes import Hex
from notation.battles.parse import parse_record
from notation.battles.records import BattleRecord
from notation.errors import NotationError, underlined
from notation.words import counted
from pbem.language.commands import Command
from pbem.steps import gamerows
from pbem.steps.deadlines import DeadlineRule
from pbem.storage.store import GameRow

GAME = "battles"
DEFAULT_BUDGET = 300
START = {"A": (Hex(0, 8), "N"), "B": (Hex(0, -8), "S")}  # reading R16
SETUP_RADIUS = 3


def is_battle(game: GameRow | None) -> bool:
    return game is not None and game.ruleset == GAME


def budget_of(game: GameRow) -> int:
    for option in game.options:
        if option.startswith("budget="):
            return int(option.split("=", 1)[1])
    return DEFAULT_BUDGET


def turn_limit_of(game: GameRow) -> int | None:
    """The battle's last turn (`turns=N` at create; reading R12), None for no limit."""
    for option in game.options:
        if option.startswith("turns="):
            return int(option.split("=", 1)[1])
    return None


def x_mode_of(game: GameRow) -> str:
    """How the battle's X weapons fire (`x=MODE` at create; reading R5)."""
    for option in game.options:
        if option.startswith("x="):
            return option.split("=", 1)[1]
    return DEFAULT_X_MODE


def battle_settings_text(game: GameRow) -> str:
    """The battle's settings as a line says them: budget, turn limit, X mode, deadline."""
    limit = turn_limit_of(game)
    parts = [
        f"budget {budget_of(game)} a side",
        f"{counted(limit, 'turn')} at most" if limit else "no turn limit",
        f"X fires as {X_DESCRIPTIONS[x_mode_of(game)]}",
    ]
    if game.deadline_rule and game.deadline_rule != "none":
        rule = DeadlineRule.parse(game.deadline_rule)
        parts.append(f"deadline {rule.timing('the designs, then each movement and fire phase')}")
    if game.private:
        parts.append("private")
    return ", ".join(parts)


X_DESCRIPTIONS = {
    "reach": "a gun up to range 10, a missile beyond (x=reach)",
    "missile": "a missile at every range (x=missile)",
    "best": "a gun at range 1-2, a missile beyond (x=best)",
}


def battle_turn(game: GameRow) -> tuple[int, str]:
    """The battle turn and phase ("movement" or "fire") of the game's current step."""
    return (game.turn + 1) // 2, "movement" if game.turn % 2 else "fire"


def subject(game: GameRow, what: str) -> str:
    return f"Spaceship Battles {game.name}: {what}"


def block_items(command: Command) -> list[tuple[str, int, int]]:
    """The `;`- or line-separated items of a block, each with its line and column in the
    message."""
    out = []
    for index, line in enumerate(command.body.split("\n")):
        offset = command.body_column - 1 if index == 0 else 0
        start = 0
        for part in line.split(";"):
            text = part.strip()
            if text and not text.startswith("#"):
                column = start + len(part) - len(part.lstrip()) + 1 + offset
                out.append((text, command.body_line + index, column))
            start += len(part) + 1
    return out


def error_text(exc: NotationError, line: int, column: int, source: str) -> str:
    out = []
    for error in exc.errors:
        col = column + error.column - 1
        text = f"  line {line}, column {col}: {error.message}"
        text += "\n" + underlined(source, col, error.length)
        if error.hint:
            text += f"\n    hint: {error.hint}"
        out.append(text)
    return "\n".join(out)


class ErrorList(NotationError):
    def __init__(self, errors: list[NotationError]) -> None:
        super().__init__(errors[0].message, errors[0].text, 1, errors[0].column)
        self._all = tuple(errors)

    @property
    def errors(self) -> tuple[NotationError, ...]:
        return self._all


def record_of(game: GameRow) -> BattleRecord:
    assert game.state is not None
    return parse_record(game.state["record"])


def replay_of(game: GameRow) -> Replay:
    """The battle as it stands: its current turn is still being played (the turn limit, if
    any, applies when that turn's fire is resolved)."""
    assert game.state is not None
    open_turn = game.phase != "over"
    return play_record(record_of(game), seed=game.state["seed"], open_turn=open_turn)


def final_record(game: GameRow, outcome: dict[str, Any]) -> tuple[BattleRecord, Replay]:
    """The whole record of a battle that is over, the seed revealed, and its replay. Ended by
    the rules (the turn limit too: a reason ending in `[R12]`), the rules write the result;
    ended outside them (a resignation, the game master), the record stops where it is and
    its `[Result]` gives the reason, so `battles play` applies no turn limit (reading R12)."""
    assert game.state is not None
    record, seed = record_of(game), game.state["seed"]
    by_rules = str(outcome.get("reason", "")).endswith("[R12]")
    replay = play_record(record, seed, open_turn=not by_rules)
    full = replay.record(record, reveal=seed)
    if not replay.state.over:
        winner = outcome.get("winner")
        result = f"{winner} wins" if winner else "no result"
        tags = [t for t in full.tags if t[0] != "Result"]
        why = outcome.get("record_reason") or outcome.get("reason")
        full = replace(full, tags=(*tags, ("Result", f"{result} ({why})")))
    return full, replay


# One message to everyone in a battle, under its own subject (pbem.steps.gamerows).
to_everyone = partial(gamerows.to_everyone, titled=subject)
