"""`spaceships replay RECORD -o game.html`: a record as a self-contained replay page."""

from __future__ import annotations

import sys

import click

from pbem.replay.frames import PUBLIC, ReplayError


@click.command()
@click.argument("record", type=click.Path(dir_okay=False))
@click.option(
    "-o",
    "--output",
    "output",
    type=click.Path(dir_okay=False, writable=True),
    help="The HTML file to write (default: the record's name with .html).",
)
@click.option(
    "--as",
    "reader",
    type=click.Choice(["A", "B", "public"]),
    help="Whose replay: a player's (what they knew) or the onlookers'. Needed for a game "
    "still in play; the page then holds nothing else [1.4].",
)
def replay(record: str, output: str | None, reader: str | None) -> None:
    """Write a game's record as one HTML page to step through in a browser: a record of any
    game the judge hosts (.ssr Spaceships games and matches, .sbr Spaceship Battles, .scr
    Space Chess). A finished game offers every view in the page."""
    from notation.textfile import TextFileError, read_text_file
    from pbem.replay.games import replay_of_text
    from pbem.replay.page import replay_html

    try:
        text = read_text_file(record).text
    except TextFileError as exc:
        click.echo(f"{exc}", err=True)
        sys.exit(2 if exc.line is None else 1)
    views = None if reader is None else [PUBLIC if reader == "public" else reader]
    try:
        page = replay_html(replay_of_text(text, views, record))
    except ReplayError as exc:
        click.echo(f"{exc}", err=True)
        sys.exit(1)
    target = output or (record.rsplit(".", 1)[0] + ".html")
    try:
        with open(target, "wb") as f:
            f.write(page)
    except OSError as exc:
        raise click.UsageError(f"cannot write {target}: {exc.strerror}") from None
    click.echo(f"{target}: the replay ({len(page) // 1024} KiB); open it in any browser")


COMMANDS = [replay]
