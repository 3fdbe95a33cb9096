"""`spaceships chess play`: a game of Space Chess against the computer in the terminal."""

from __future__ import annotations

import secrets
from pathlib import Path

import click

from notation.spacechess.pieces import SIDE_NAMES
from spacechess.computer.player import DEFAULT_LEVEL, LEVELS, Computer
from spacechess.computer.terminal import TerminalGame

__all__ = ["play"]


@click.command("play")
@click.option(
    "--level",
    type=click.Choice(LEVELS, case_sensitive=False),
    default=DEFAULT_LEVEL,
    show_default=True,
    help="How the computer plays.",
)
@click.option(
    "--side",
    type=click.Choice([s.lower() for s in SIDE_NAMES], case_sensitive=False),
    default=SIDE_NAMES[0].lower(),
    show_default=True,
    help="Your side (the Terrans act first).",
)
@click.option("--seed", default=None, help="Makes the computer's play repeatable.")
@click.option(
    "--pictures",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Draw the board after every turn as PNG files in this folder.",
)
def play(level: str, side: str, seed: str | None, pictures: Path | None) -> None:
    """Play Space Chess against the computer in the terminal.

    Type each turn's actions in the notation (`help` during the game lists them); after every
    turn you see what happened and where everything stands, and the record at the end."""
    seed = seed if seed is not None else secrets.token_hex(4)
    player_side = [s.lower() for s in SIDE_NAMES].index(side.lower())
    game = TerminalGame(Computer(level.lower(), seed), input, click.echo, player_side, pictures)
    game.run()
