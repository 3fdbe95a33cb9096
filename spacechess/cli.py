"""`spaceships chess ...`: Space Chess from the command line."""

from __future__ import annotations

import json
import sys

import click

from notation.errors import NotationError
from notation.spacechess.board import ANTIPODE, CELL_COUNT, CENTRES, NEIGHBOURS, STRIP, is_pentagon
from notation.spacechess.cells import RHOMBI, cell_name
from notation.spacechess.pieces import SIDE_LETTERS
from notation.spacechess.record import Record
from notation.textfile import TextFileError, decode, read_text_file
from pbem.registry import another_games_record
from spacechess.computer.cli import play
from spacechess.engine.check import problem_json, replay, result_text

__all__ = ["COMMANDS"]

# This game's title (its kind's `title`, pbem.registry), for a record of another game.
SPACE_CHESS = "Space Chess"


@click.group("chess")
def chess() -> None:
    """Space Chess: chess with spaceships on a hex-tiled ball."""


def board_json() -> dict[str, object]:
    """Every cell with its name, kind, neighbours in cyclic order, antipode and centre."""
    cells = []
    for number in range(CELL_COUNT):
        rhombus, rank, file = STRIP[number]
        cells.append(
            {
                "name": cell_name(number),
                "kind": "pentagon" if is_pentagon(number) else "hexagon",
                "neighbours": [cell_name(n) for n in NEIGHBOURS[number]],
                "antipode": cell_name(ANTIPODE[number]),
                "centre": [round(x, 6) for x in CENTRES[number]],
                "rhombus": None if rhombus is None else RHOMBI[rhombus],
            }
        )
    return {
        "board": "GP(4,0)",
        "neighbour order": "counter-clockwise seen from outside the ball",
        "cells": cells,
    }


@chess.command("board")
@click.option("--json", "as_json", is_flag=True, help="Print every cell as JSON.")
def board(as_json: bool) -> None:
    """Every cell of the board: name, kind and neighbours in cyclic order."""
    report = board_json()
    if as_json:
        click.echo(json.dumps(report, indent=2))
        return
    for cell in report["cells"]:  # type: ignore[union-attr]
        click.echo(f"{cell['name']:>3} {cell['kind']:8} {' '.join(cell['neighbours'])}")


def _read(source: str) -> str:
    """A record file's text as editors save it, or standard input for `-`; a file that cannot
    be read ends the command with one line and exit 1."""
    try:
        if source == "-":
            read = decode(sys.stdin.buffer.read(), "standard input")
        else:
            read = read_text_file(source)
    except TextFileError as exc:
        click.echo(str(exc), err=True)
        sys.exit(1)
    except OSError as exc:
        click.echo(f"{source}: cannot be read: {exc.strerror or exc}", err=True)
        sys.exit(1)
    for note in read.notes:
        click.echo(f"{source}: note: {note}", err=True)
    return read.text


def _another_game(text: str, source: str, as_json: bool = False, unread: bool = False) -> None:
    """A record of another game given to a chess command (its `[Game]` tag, or, `unread`, its
    lines): refused in one line as the registry words it for every game, exit 1."""
    other = another_games_record(text, SPACE_CHESS, source, unread=unread)
    if other is None:
        return
    if as_json:
        said, hint = other.said, other.hint
        error = {"line": other.line, "column": other.line and 1, "message": said, "hint": hint}
        error["text"] = said
        click.echo(json.dumps({"ok": False, "steps": [], "errors": [error]}, indent=2))
    else:
        click.echo(f"{source}: {other}", err=True)
    sys.exit(1)


@chess.command("check")
@click.argument("record")
@click.option("--json", "as_json", is_flag=True, help="Print the structured report.")
def check(record: str, as_json: bool) -> None:
    """Replay RECORD (a file, or `-`): check every action and show every position after each
    action and battle stage. Exit 1 at the first problem, saying what, where, why and how."""
    text = _read(record)
    _another_game(text, record, as_json)
    try:
        parsed = Record.parse(text)
    except NotationError as exc:
        _another_game(text, record, as_json, unread=True)
        if as_json:
            errors = [problem_json(e) for e in exc.errors]
            click.echo(json.dumps({"ok": False, "steps": [], "errors": errors}, indent=2))
        else:
            click.echo(f"{record}: {exc}", err=True)
        sys.exit(1)
    done = replay(parsed)
    if as_json:
        click.echo(json.dumps(done.to_json(), indent=2))
        sys.exit(0 if done.problem is None else 1)
    for step in done.steps:
        side = SIDE_LETTERS[step.side]
        happened = "; ".join(str(e) for e in step.events) or "nothing happens"
        if step.stage == "action":
            click.echo(f"{step.turn} {side}: {step.action}: {happened}")
        else:
            click.echo(f"{step.turn} {side} battle stage: {happened}")
        click.echo(f"    {step.position}")
    if done.problem is not None:
        click.echo(f"{record}: {done.problem}", err=True)
        sys.exit(1)
    assert done.position is not None
    if not done.steps:
        click.echo(f"no turns yet: {done.position}")
    result = result_text(done.position)
    tags = parsed.tags
    if result == "*" and tags.get("Result", "*") != "*":
        # Ended off the board (a resignation, a draw agreed, a deadline): the record's tags
        # say how; the actions played are consistent with it.
        how = tags.get("Termination")
        result = tags["Result"] + (f" ({how})" if how else "")
    click.echo(f"result: {result}; record consistent")


@chess.command("fmt")
@click.argument("record")
def fmt(record: str) -> None:
    """Print RECORD (a file, or `-`) in the canonical form: capitals, single spaces between
    actions, comments kept. Exit 1 with the errors if it does not read."""
    text = _read(record)
    try:
        parsed = Record.parse(text)
    except NotationError as exc:
        _another_game(text, record, unread=True)
        click.echo(f"{record}: {exc}", err=True)
        sys.exit(1)
    click.echo(str(parsed), nl=False)


chess.add_command(play)  # spacechess.computer: a game against the computer

COMMANDS = [chess]
# The command that checks one of this game's records (`spaceships check` picks it by sniffing).
CHECK = check
