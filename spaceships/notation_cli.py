"""`spaceships parse` and `spaceships fmt`: the notation from the command line."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import click

from notation.errors import NotationError
from notation.spaceships.cells import COLOUR_ORDERS
from notation.spaceships.format import format_fleet, format_record
from notation.spaceships.jsonform import to_json
from notation.spaceships.matches import MatchRecord, format_match, is_match, parse_match
from notation.spaceships.orders import format_orders
from notation.spaceships.parse import parse_cell, parse_fleet, parse_orders, parse_record
from notation.spaceships.records import Record
from notation.textfile import TextFileError, decode, plain_spaces, read_text_file
from pbem.registry import record_kind

KINDS = ("cell", "orders", "fleet", "record")
RULESETS = ("2.6.1", "classic")

_RECORD_LINE = re.compile(r"^\s*(\[|[AB]\s+fleet\s*:|\d+\s*[AB]\s*(:|results\b))", re.M | re.I)
_FLEET_START = re.compile(r"^\s*([A-Z]{2}\d*\s|[ROYGB](\s+[ROYGB]){4}\s*$)", re.M)


def detect_kind(text: str) -> str:
    """What a text most likely is: a record if any line looks like a tag, a fleet head or a
    turn line; a cell if it is one word of three characters; a fleet if it starts with a ship
    code or a grid; otherwise an order list."""
    if _RECORD_LINE.search(text):
        return "record"
    stripped = text.strip()
    if len(stripped) == 3 and stripped[0] not in "bmks":
        return "cell"
    if _FLEET_START.match(text + "\n"):
        return "fleet"
    return "orders"


def _read(text: str) -> str:
    """TEXT itself, standard input (`-`) or a record file's text, read as editors save it;
    what the reader should know about the reading goes to standard error."""
    if text == "-":
        return _decoded(sys.stdin.buffer.read(), "standard input")
    if "\n" not in text and len(text) < 4096:
        path = Path(text)
        if path.suffix in (".ssr", ".txt") and path.is_file():
            return _file(text)
    return plain_spaces(text)[0]


def _decoded(data: bytes, name: str) -> str:
    try:
        read = decode(data, name)
    except TextFileError as exc:
        click.echo(str(exc), err=True)
        sys.exit(1)
    for note in read.notes:
        click.echo(f"{name}: note: {note}", err=True)
    return read.text


def _file(name: str) -> str:
    try:
        read = read_text_file(name)
    except TextFileError as exc:
        click.echo(str(exc), err=True)
        sys.exit(1)
    for note in read.notes:
        click.echo(f"{name}: note: {note}", err=True)
    return read.text


def _report(errors: NotationError, source: str | None = None) -> None:
    if source:
        click.echo(f"{source}:", err=True)
    click.echo(str(errors), err=True)


@click.command("parse")
@click.argument("text")
@click.option("--as", "kind", type=click.Choice(KINDS), help="What TEXT is (default: guess).")
@click.option("--ruleset", type=click.Choice(RULESETS), default=None, help="Ruleset (for --json).")
@click.option(
    "--colours",
    type=click.Choice(COLOUR_ORDERS),
    default=None,
    help="Colour order for drawing grids and ordering cells (default ROYGB, or the record's).",
)
@click.option("--grid", is_flag=True, help="Write a fleet in grid form.")
@click.option("--json", "as_json", is_flag=True, help="Print a structured form instead.")
def parse_command(
    text: str,
    kind: str | None,
    ruleset: str | None,
    colours: str | None,
    grid: bool,
    as_json: bool,
) -> None:
    """Parse TEXT (a cell, an order list, a fleet or a whole record; `-` reads standard input,
    a .ssr file name reads the file) and print it in canonical form. Exit 1 with every error."""
    source = _read(text)
    kind = kind or detect_kind(source)
    order = colours or "ROYGB"
    try:
        value: Any
        if kind == "cell":
            value = parse_cell(source)
            out = str(value)
        elif kind == "orders":
            value = parse_orders(source)
            out = format_orders(value)
        elif kind == "fleet":
            value = parse_fleet(source, colour_order=order)
            out = format_fleet(value, grid=grid, colour_order=order)
        elif is_match(source):
            value = parse_match(source)
            out = format_match(value).rstrip("\n")
        else:
            value = parse_record(source)
            out = format_record(value, colour_order=colours).rstrip("\n")
    except NotationError as exc:
        _report(exc)
        sys.exit(1)
    if as_json and isinstance(value, MatchRecord):
        tags = [{"name": k, "value": v} for k, v in value.tags]
        games = [{"round": r.number, **to_json(r.record)} for r in value.rounds]
        click.echo(json.dumps({"kind": "match", "tags": tags, "games": games}, indent=2))
    elif as_json:
        data = {"kind": kind, **to_json(value)}
        if isinstance(value, Record):
            data["ruleset"] = ruleset or value.ruleset
        elif ruleset:
            data["ruleset"] = ruleset
        click.echo(json.dumps(data, indent=2))
    else:
        click.echo(out)


@click.command("fmt")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--check", is_flag=True, help="Only report the files that would change.")
def fmt_command(files: tuple[str, ...], check: bool) -> None:
    """Rewrite record FILES canonically, keeping their comments, as UTF-8 (`-`: standard input
    to standard output). With --check, change nothing; exit 1 if any file would change."""
    failed = changed = False
    for name in files:
        try:
            read = (
                decode(sys.stdin.buffer.read(), "standard input")
                if name == "-"
                else read_text_file(name)
            )
        except TextFileError as exc:
            click.echo(str(exc), err=True)
            failed = True
            continue
        for note in read.notes:
            click.echo(f"{name}: note: {note}", err=True)
        # Anything but plain UTF-8 with plain spaces is rewritten, even when the text is canonical.
        original = read.text if read.encoding == "utf-8" and not read.notes else ""
        try:
            formatted = (
                format_match(parse_match(read.text))
                if is_match(read.text)
                else format_record(parse_record(read.text))
            )
        except NotationError as exc:
            other = _other_game(read.text, name)
            if other:
                click.echo(other, err=True)
            else:
                _report(exc, name)
            failed = True
            continue
        if name == "-":
            if check:
                changed |= formatted != original
            else:
                click.echo(formatted, nl=False)
            continue
        if formatted != original:
            changed = True
            if check:
                click.echo(f"would reformat {name}")
            else:
                Path(name).write_text(formatted, encoding="utf-8")
                click.echo(f"reformatted {name}")
    if failed or (check and changed):
        sys.exit(1)


def _other_game(text: str, name: str) -> str | None:
    """One line for a record of another game, which this command cannot rewrite (sniffed as
    `validate` does: its `[Game]` tag and its lines' shapes), naming the command that can."""
    kind = record_kind(text)
    if kind is None or kind.name == "spaceships":
        return None
    game, records = kind.about.title, kind.records
    shown = "FILE" if name == "-" else name
    if records.format_command:
        what = f"`{records.format_command} {shown}` formats it"
    else:
        what = f"it has no canonical rewrite; `{records.check_command} {shown}` checks it"
    return f"{name}: this is a {game} record, not a Spaceships one: {what}"


COMMANDS = [parse_command, fmt_command]
