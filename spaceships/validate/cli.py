"""The record commands: `spaceships adjudicate` (play a record), `validate` (check one or two
records of a game, claimed results included) and `show` (the spaces as the grids of 11.3).
See docs/validate.md."""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path

import click

from notation.spaceships.matches import MatchRecord, parse_any
from notation.spaceships.records import LAST_TURN, Record
from notation.textfile import TextFile
from spaceships.engine.game import play_record
from spaceships.engine.match import MatchError
from spaceships.engine.match_game import play_match
from spaceships.engine.problems import FleetRefused, OrdersRefused, RulesetError
from spaceships.validate.claims import Finding
from spaceships.validate.findings import Validation
from spaceships.validate.validation import validate_record


def read_file(path: str) -> TextFile:
    """A record file's text, read as everyday editors save it (notation.textfile). A file that
    cannot be opened is a mistake on the command line (exit 2); one that is not text, a problem
    of the input (exit 1)."""
    from notation.textfile import TextFileError, read_text_file

    try:
        return read_text_file(path)
    except TextFileError as exc:
        if exc.line is None and not Path(path).is_file():
            raise click.UsageError(str(exc)) from None
        click.echo(f"{exc}", err=True)
        sys.exit(1)


def read_record(
    path: str, read: TextFile | None = None, quiet: bool = False
) -> Record | MatchRecord:
    """A single game's record, or a match record when it has `[Round "N"]` lines; the file's
    notes on standard error unless `quiet` (validate reports them with its findings)."""
    from notation.errors import NotationError, NotationErrors

    read = read or read_file(path)
    if not quiet:
        for note in read.notes:
            click.echo(f"{path}: note: {note}", err=True)
    try:
        record = parse_any(read.text)
    except (NotationError, NotationErrors) as exc:
        from pbem.registry import another_games_record

        other = another_games_record(read.text, "Spaceships", path, unread=True)
        if other is not None:
            click.echo(f"{path}: {other}", err=True)
            sys.exit(1)
        click.echo(f"{path}: the record cannot be read:\n{exc}", err=True)
        sys.exit(1)
    games = [r.record for r in record.rounds] if isinstance(record, MatchRecord) else [record]
    far = [x for g in games if (x := g.too_far()) is not None]
    if far:
        where = f", line {far[0].position.line}" if far[0].position is not None else ""
        click.echo(
            f"{path}{where}: turn {far[0].turn}: no game runs that long (the commands play "
            f"at most {LAST_TURN} turns); is the turn number a slip?",
            err=True,
        )
        sys.exit(1)
    return record


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
    reads = {name: read_file(name) for name in (record, record2) if name is not None}
    rec = read_record(record, reads[record], quiet=True)
    texts = {name: read.text for name, read in reads.items()}
    if isinstance(rec, MatchRecord):
        for name, read in reads.items():
            for note in read.notes:
                click.echo(f"{name}: note: {note}", err=True)
        _validate_match(rec, record, record2, texts, as_json)
        return
    if record2 is None:
        result = validate_record(rec)
        label = record
    else:
        from spaceships.validate.reconcile import validate_two

        result = validate_two(
            rec, read_record(record2, reads[record2], quiet=True), record, record2
        )
        label = f"{record} + {record2}"
    result.findings = as_written(result.findings, texts, record)
    for name, read in reversed(reads.items()):
        prefix = f"{name}: " if record2 is not None else ""
        result.notes[:0] = [prefix + note for note in read.notes]
    if as_json:
        click.echo(json.dumps(result.to_json(), indent=1))
    else:
        _print(result, label)
    sys.exit(0 if result.ok else 1)


def _validate_match(
    match: MatchRecord, path: str, path2: str | None, texts: dict[str, str], as_json: bool
) -> None:
    """`validate` of a match record, or of two players' match records."""
    from spaceships.validate.matches import validate_match

    second = None
    if path2 is not None:
        got = read_record(path2, quiet=True)  # its notes were said with the first file's
        if not isinstance(got, MatchRecord):
            raise click.UsageError(f"{path} is a match record but {path2} is a single game")
        second = got
    result = validate_match(match, path, second, path2)
    result.findings = as_written(result.findings, texts, path)
    if as_json:
        click.echo(json.dumps(result.to_json(), indent=1))
        sys.exit(0 if result.ok else 1)
    label = path if path2 is None else f"{path} + {path2}"
    for f in result.findings:
        click.echo(f"{f.source or label}: {f}")
        for c in f.consequences:
            click.echo(f"    follows from it: {c}")
    for i, game in enumerate(result.games):
        for note in game.notes:
            click.echo(f"{label}, game {i + 1}: note: {note}")
        if i < len(result.standings):
            click.echo(f"{label}, game {i + 1}: standings {result.standings[i].describe()}")
    for note in result.notes:
        click.echo(f"{label}: note: {note}")
    for what in result.unchecked:
        click.echo(f"{label}: not checked: {what}")
    click.echo(f"{label}: {result.verdict()}")
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
@click.option(
    "--game",
    "game",
    type=click.IntRange(min=1),
    help="In a match record: this game (default: last).",
)
@click.option(
    "--png",
    "png",
    type=click.Path(dir_okay=False, writable=True),
    help="Also draw the grids as a PNG picture into this file.",
)
def show(
    record: str,
    turn: int | None,
    player: str | None,
    colour: bool | None,
    game: int | None,
    png: str | None,
) -> None:
    """Draw the spaces as the five 5x5 grids of 11.3: a player's view or the umpire's."""
    from spaceships.validate.boards import LEGEND, colour_grids, player_boards, umpire_boards

    read = read_record(record)
    carry: dict[str, int] | None = None
    if isinstance(read, MatchRecord):
        rec, carry = _match_game(read, record, game)
    else:
        rec = read
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
        result = validate_record(rec, None, carry)
        if result.board is None:
            click.echo(
                f"{record}: the fleet is refused; run `spaceships validate {record}`", err=True
            )
            sys.exit(1)
        from spaceships.validate.boards import private_boards

        body = private_boards(result.board)
        if png:
            from spaceships.pictures.boards import private_board_picture

            _write_png(png, private_board_picture(result.board))
        after = result.turns
        click.echo(
            f"{record}: after turn {after}, player {owner}'s view from {owner}'s own record"
            if after
            else f"{record}: after setup, player {owner}'s view from {owner}'s own record"
        )
        click.echo(colour_grids(body, click.style) if colour is not False else body, color=colour)
        click.echo("legend: " + LEGEND)
        return
    result = validate_record(rec, None, carry)
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
    if png:
        from spaceships import engine
        from spaceships.pictures import player_picture, umpire_picture

        names = {p: v for p, v in rec.tags if p in ("A", "B")} if rec.tags else None
        picture = (
            umpire_picture(state, names)
            if player is None
            else player_picture(engine.player_view(state, player), names)
        )
        _write_png(png, picture)
    if colour is not False:
        body = colour_grids(body, click.style)
    click.echo(head)
    click.echo(body, color=colour)
    click.echo("legend: " + LEGEND)
    if not result.ok:
        click.echo(f"note: the record has {len(result.findings)} problem(s); see validate")


def _match_game(match: MatchRecord, path: str, number: int | None) -> tuple[Record, dict[str, int]]:
    """One game of a match record and what each player carried into it [10.3]."""
    from notation.words import counted
    from spaceships.validate.matches import carried_next, validate_match

    if not match.rounds:
        raise click.UsageError(f"{path}: the match record holds no game")
    n = number or len(match.rounds)
    if n > len(match.rounds):
        raise click.UsageError(
            f"{path}: the match record holds {counted(len(match.rounds), 'game')}"
        )
    checked = validate_match(replace(match, rounds=match.rounds[: n - 1]), path)
    if checked.rules is None or len(checked.games) < n - 1:
        raise click.UsageError(f"{path}: game {n} cannot be drawn; run `spaceships validate`")
    return match.rounds[n - 1].record, carried_next(checked.rules, checked)


def _write_png(path: str, data: bytes) -> None:
    try:
        with open(path, "wb") as f:
            f.write(data)
    except OSError as exc:
        raise click.UsageError(f"cannot write {path}: {exc.strerror}") from None


@click.command()
@click.argument("record", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
def adjudicate(record: str, as_json: bool) -> None:
    """Play a game or match record: what each player reveals and learns, turn by turn."""
    rec = read_record(record)
    try:
        game = play_match(rec) if isinstance(rec, MatchRecord) else play_record(rec)
    except (RulesetError, MatchError) as exc:
        click.echo(f"{record}: {exc}", err=True)
        sys.exit(1)
    except (FleetRefused, OrdersRefused) as exc:
        partial = exc.game
        if partial is not None and not as_json:
            click.echo(partial.describe())  # type: ignore[attr-defined]
        elif partial is not None:
            click.echo(json.dumps(partial.to_json(), indent=1))  # type: ignore[attr-defined]
        what = "fleet refused" if isinstance(exc, FleetRefused) else "orders refused"
        if getattr(exc, "round", None):
            what += f" in game {exc.round}"  # type: ignore[attr-defined]
        click.echo(f"{record}: {what}:", err=True)
        for p in exc.problems:
            click.echo(f"  {p}", err=True)
        sys.exit(1)
    if as_json:
        click.echo(json.dumps(game.to_json(), indent=1))
    else:
        click.echo(game.describe())


COMMANDS = [adjudicate, validate, show]
