"""`spaceships play`: a game against the computer in the terminal (docs/play.md)."""

from __future__ import annotations

import secrets

import click

from spaceships.computer.player import DEFAULT_LEVEL, LEVELS, Computer
from spaceships.computer.terminal import TerminalGame
from spaceships.engine import Ruleset, RulesetError

INTERRUPTED = 130  # 128 + SIGINT: what shells and scripts expect of a command left with Ctrl-C


@click.command("play")
@click.option(
    "--level",
    type=click.Choice(LEVELS, case_sensitive=False),
    default=DEFAULT_LEVEL,
    show_default=True,
    help="How the computer plays.",
)
@click.option("--ruleset", default="2.6.1", show_default=True, help="2.6.1 or classic.")
@click.option(
    "--option",
    "options",
    multiple=True,
    help="A ruleset option, e.g. colours=RYGOB or fleet=cost:24 (repeatable).",
)
@click.option("--seed", default=None, help="Makes the computer's play repeatable.")
@click.option("--fleet", "fleet", default=None, help="Your fleet (list form), or `random`.")
def play(
    level: str, ruleset: str, options: tuple[str, ...], seed: str | None, fleet: str | None
) -> None:
    """Play a game against the computer in the terminal: you are A, it is B.

    Type your fleet and each turn's orders in the notation; `help` during the game lists
    them. Both spaces are drawn after every turn, and the record is printed at the end."""
    try:
        rs = Ruleset.from_tags(ruleset, options)
    except RulesetError as exc:
        raise click.UsageError(str(exc)) from None
    seed = seed if seed is not None else secrets.token_hex(4)
    # The seed decides the computer's fleet: it is told with the record, at the end [1.4].
    game = TerminalGame(rs, Computer(level.lower(), seed), _ask, click.echo)
    game.run(fleet)
    if game.interrupted:
        raise click.exceptions.Exit(INTERRUPTED)


def _ask(prompt: str) -> str:
    return input(prompt)


COMMANDS = [play]
