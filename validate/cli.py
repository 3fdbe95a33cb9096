"""The record commands: `spaceships adjudicate` (play a record), `validate` (check one or two
records of a game, claimed results included) and `show` (the spaces as the grids of 11.3).
See docs/validate.md."""

from __future__ import annotations

import json
import sys
from dataclasses import replace

import click

from engine.game import play_record
from engine.problems import FleetRefused, OrdersRefused, RulesetError
from notation.records import Record
from validate.claims import Finding
from validate.findings import Validation
from validate.validation import validate_record


def _text(path: str) -> str:
    with open(path, encoding="utf-8") as f:
        return f.read()


def read_record(path: str) -> Record:
    from notation.errors import NotationError, NotationErrors
    from notation.parse import parse_record

    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as exc:
        raise click.UsageError(f"cannot read {path}: {exc.strerror}") from None
    try:
        return parse_record(text)
    except (NotationError, NotationErrors) as exc:
        click.echo(f"{path}: the record cannot be read:\n{exc}", err=True)
        sys.exit(1)


def as_written(findings: list[Finding], texts: dict[str, str], default: str) -> list[Finding]:
    """Each claim's entry exactly as typed in its file (up to the next `;`, without comment)."""
    out = []
    for f in findings:
        text = texts.get((f.source or default).split(", ")[0])
        if f.kind == "claim" and f.position is not None and text is not None:
            lines = text.splitlines()
            if 0 < f.position.line <= len(lines):
                rest = lines[f.position.line - 1][f.position.column - 1 :]
                raw = " ".join(rest.split("#")[0].split(";")[0].split())
                if raw and f.entry is not None and raw.split()[0] == f.entry.split()[0]:
                    f = replace(f, written=raw)
        out.append(f)
    return out


def _print(result: Validation, label: str) -> None:
    for f in result.findings:
        where = f.source or label
        click.echo(f"{where}: {f}")
        for c in f.consequences:
            click.echo(f"    follows from it: {c}")
    for note in result.notes:
        click.echo(f"{label}: note: {note}")
    for what in result.unchecked:
        click.echo(f"{label}: not checked: {what}")
    click.echo(f"{label}: {result.verdict()}")


@click.command()
@click.argument("record", type=click.Path(dir_okay=False))
@click.argument("record2", required=False, type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print the findings as JSON.")
def validate(record: str, record2: str | None, as_json: bool) -> None:
    """Check a game record: fleets, orders and claimed results; list every problem.

    With RECORD2, the two players' records are reconciled and both checked."""
    rec = read_record(record)
    texts = {record: _text(record)}
    if record2 is None:
        result = validate_record(rec)
        label = record
    else:
        from validate.reconcile import validate_two

        texts[record2] = _text(record2)
        result = validate_two(rec, read_record(record2), record, record2)
        label = f"{record} + {record2}"
    result.findings = as_written(result.findings, texts, record)
    if as_json:
        click.echo(json.dumps(result.to_json(), indent=1))
    else:
        _print(result, label)
    sys.exit(0 if result.ok else 1)


@click.command()
@click.argument("record", type=click.Path(dir_okay=False))
@click.option("--turn", "turn", type=click.IntRange(min=0), help="After this turn (default: last).")
@click.option(
    "--player",
    type=click.Choice(["A", "B"]),
    help="A player's view (default: the umpire's, both spaces).",
)
@click.option(
    "--colour/--no-colour", "colour", default=None, help="Colour (default: on a terminal)."
)
def show(record: str, turn: int | None, player: str | None, colour: bool | None) -> None:
    """Draw the spaces as the five 5x5 grids of 11.3: a player's view or the umpire's."""
    from validate.boards import LEGEND, colour_grids, player_boards, umpire_boards

    rec = read_record(record)
    if turn is not None:
        rec = replace(
            rec,
            turns=tuple(t for t in rec.turns if t.turn <= turn),
            results=tuple(r for r in rec.results if r.turn <= turn),
        )
    missing = [p for p in ("A", "B") if p not in rec.fleets]
    if len(missing) == 2:
        click.echo(f"{record}: the record has no fleets to draw", err=True)
        sys.exit(1)
    if missing:
        owner = "B" if missing[0] == "A" else "A"
        if player is not None and player != owner:
            click.echo(
                f"{record}: a private record of player {owner} (no fleet for {missing[0]}) "
                f"shows only {owner}'s view",
                err=True,
            )
            sys.exit(1)
        result = validate_record(rec)
        if result.board is None:
            click.echo(
                f"{record}: the fleet is refused; run `spaceships validate {record}`", err=True
            )
            sys.exit(1)
        from validate.boards import private_boards

        body = private_boards(result.board)
        after = result.turns
        click.echo(
            f"{record}: after turn {after}, player {owner}'s view from {owner}'s own record"
            if after
            else f"{record}: after setup, player {owner}'s view from {owner}'s own record"
        )
        click.echo(colour_grids(body, click.style) if colour is not False else body, color=colour)
        click.echo("legend: " + LEGEND)
        return
    result = validate_record(rec)
    state = result.state
    if state is None:
        click.echo(
            f"{record}: the fleets are refused; run `spaceships validate {record}`", err=True
        )
        sys.exit(1)
    after = state.turn - 1
    head = f"{record}: after turn {after}" if after else f"{record}: after setup"
    if state.over:
        head += " (game over)"
    if player is None:
        body = umpire_boards(state)
        head += ", the umpire's view (everything)"
    else:
        body = player_boards(state, player)
        head += f", player {player}'s view"
    if colour is not False:
        body = colour_grids(body, click.style)
    click.echo(head)
    click.echo(body, color=colour)
    click.echo("legend: " + LEGEND)
    if not result.ok:
        click.echo(f"note: the record has {len(result.findings)} problem(s); see validate")


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


COMMANDS = [adjudicate, validate, show]
