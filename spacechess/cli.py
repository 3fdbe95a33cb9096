"""`spaceships chess ...`: Space Chess from the command line."""

from __future__ import annotations

import json

import click

from spacechess.board import ANTIPODE, CELL_COUNT, CENTRES, NEIGHBOURS, STRIP, is_pentagon
from spacechess.cells import RHOMBI, cell_name

__all__ = ["COMMANDS"]


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


COMMANDS = [chess]
