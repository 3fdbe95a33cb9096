"""`spaceships chess play`: a game of Space Chess against the computer in the terminal."""

from __future__ import annotations

import secrets
from pathlib import Path

import click

from notation.spacechess.pieces import SIDE_NAMES
from spacechess.computer.player import DEFAULT_LEVEL, LEVELS, THINK_LIMIT, Computer
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
@click.option(
    "--think",
    type=click.FloatRange(min=0.05, max=600),
    default=None,
    metavar="SECONDS",
    help="How long the computer may think a turn (search and deep; default: the level's "
    "own, at most about 2 s). With --seed its work, not the clock, is what is bounded.",
)
@click.option(
    "--seed",
    default=None,
    help="Makes the computer's play repeatable (its thinking is then bounded by work done, "
    "not by the clock).",
)
@click.option(
    "--pictures",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Draw the board after every turn as PNG files in this folder.",
)
def play(
    level: str, side: str, think: float | None, seed: str | None, pictures: Path | None
) -> None:
    """Play Space Chess against the computer in the terminal.

    Type each turn's actions in the notation (`help` during the game lists them); after every
    turn you see what happened and where everything stands, and the record at the end."""
    # Unseeded, a turn also ends on the clock: the player never waits longer than said.
    clock = None if seed is not None else think or THINK_LIMIT
    seed = seed if seed is not None else secrets.token_hex(4)
    player_side = [s.lower() for s in SIDE_NAMES].index(side.lower())
    computer = Computer(level.lower(), seed, think=think, clock=clock)
    game = TerminalGame(computer, input, click.echo, player_side, pictures)
    game.run()
