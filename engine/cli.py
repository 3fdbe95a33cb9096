"""`spaceships adjudicate` and `spaceships validate`: play or check a game record."""

from __future__ import annotations

import json
import sys

import click

from engine.game import play_record
from engine.problems import FleetRefused, OrdersRefused, RulesetError
from engine.record_cli import read_record, show, validate


@click.command()
@click.argument("record", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
def adjudicate(record: str, as_json: bool) -> None:
    """Play a game record: what each player reveals and learns, turn by turn."""
    rec = read_record(record)
    try:
        game = play_record(rec)
    except RulesetError as exc:
        click.echo(f"{record}: {exc}", err=True)
        sys.exit(1)
    except (FleetRefused, OrdersRefused) as exc:
        partial = exc.game
        if partial is not None and not as_json:
            click.echo(partial.describe())  # type: ignore[attr-defined]
        elif partial is not None:
            click.echo(json.dumps(partial.to_json(), indent=1))  # type: ignore[attr-defined]
        what = "fleet refused" if isinstance(exc, FleetRefused) else "orders refused"
        click.echo(f"{record}: {what}:", err=True)
        for p in exc.problems:
            click.echo(f"  {p}", err=True)
        sys.exit(1)
    if as_json:
        click.echo(json.dumps(game.to_json(), indent=1))
    else:
        click.echo(game.describe())


# `validate` and `show` live with the record checker (engine/record_cli.py).

COMMANDS = [adjudicate, validate, show]
