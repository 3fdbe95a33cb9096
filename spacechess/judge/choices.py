"""What a seat of Space Chess may do now, as data for a board (issue 44, pbem.kinds.choosing):
each ship's legal moves and lines of fire, mines and rebuilds, then the second action after
each first one, from the rules' own `legal_actions` [SC2-SC10]. The board hides nothing, so
both seats' choices come from the one position everyone sees."""

from __future__ import annotations

from typing import Any

from notation.spacechess.actions import FIRE, MINE_LAYING, MOVE, PASS, REBUILD, Action
from notation.spacechess.cells import cell_name
from notation.spacechess.pieces import KIND_LETTERS, KIND_NAMES, SIDE_NAMES
from pbem.kinds.choosing import tool
from pbem.storage.store import GameRow, Store
from spacechess.engine.position import Position
from spacechess.engine.rules import act, legal_actions
from spacechess.judge.rows import SEAT_SIDE, events_text, played_of, side_name

__all__ = ["choices", "tools_of"]


def tools_of(actions: list[Action]) -> list[dict[str, Any]]:
    """The actions as the board's tools: moves and shots by the ship's cell, then where to;
    mines by the support ship's cell; each rebuild kind by the cell next to the command ship."""
    moves: dict[str, dict[str, str]] = {}
    shots: dict[str, dict[str, str]] = {}
    mines: dict[str, dict[str, str]] = {}
    rebuilds: dict[int, dict[str, str]] = {}
    for action in actions:
        if action.verb == PASS:
            continue
        target = cell_name(action.target)
        if action.verb == REBUILD:
            rebuilds.setdefault(action.kind, {})[target] = str(action)
            continue
        found = {MOVE: moves, FIRE: shots, MINE_LAYING: mines}[action.verb]
        found.setdefault(cell_name(action.origin), {})[target] = str(action)
    made = []
    if moves:
        made.append(tool("move", "Move", pairs=moves))
    if shots:
        made.append(tool("fire", "Fire an impactor", pairs=shots))
    if mines:
        made.append(tool("mine", "Lay a mine", pairs=mines))
    for kind, cells in sorted(rebuilds.items()):
        label = f"Rebuild a {KIND_NAMES[kind]}"
        made.append(tool(f"rebuild-{KIND_LETTERS[kind]}", label, cells=cells))
    return made


def _then(position: Position, actions: list[Action]) -> dict[str, list[dict[str, Any]]]:
    """For each first action that leaves a second one this turn, the second's tools [SC2]."""
    then = {}
    for action in actions:
        if action.verb in (PASS, REBUILD):
            continue
        after, _ = act(position, action)
        if after.result is None and after.actions_left and after.to_move == position.to_move:
            then[str(action)] = tools_of(legal_actions(after))
    return then


def choices(store: Store, game: GameRow, seat: str) -> dict[str, Any]:
    """The seat's choices now: its actions when its side is to act, else what it waits for."""
    if game.phase == "over":
        return {"phase": "over", "todo": "The game is over."}
    if game.phase != "playing" or seat not in SEAT_SIDE:
        return {"phase": "wait", "todo": "Waiting for both players to join."}
    played = played_of(game)
    position = played.position
    report = ""
    if played.turns:
        last = played.turns[-1]
        report = f"Turn {last.turn}, the {SIDE_NAMES[last.side]}:\n" + events_text(last.events)
    if position.to_move != SEAT_SIDE[seat]:
        other = side_name("A" if seat == "B" else "B")
        return {
            "phase": "wait",
            "turn": position.turn,
            "todo": f"Waiting for the {other} to act (turn {position.turn}).",
            "report": report,
        }
    actions = legal_actions(position)
    count = "one action" if position.actions_left == 1 else "up to two actions"
    return {
        "phase": "orders",
        "command": "orders",
        "turn": game.turn,
        "todo": (
            f"Your turn ({SIDE_NAMES[position.to_move]}): {count} [SC2]. Tap a ship, then "
            "where it goes or fires; fewer actions than allowed end the turn."
        ),
        "entitled": count,
        "report": report,
        "sep": " ",
        "tools": tools_of(actions),
        "then": _then(position, actions) if position.actions_left == 2 else {},
        "buttons": [{"label": "Pass", "text": "pass"}],
    }
