"""The one console command, `spaceships`, gathering each package's subcommands: every game's
the registry lists (pbem.registry), then the tools'.

Each package exposes a list `COMMANDS` of click commands in its `cli` module; they are added
here so that the imports still flow one way (a game's rules know nothing of the judge).
"""

from __future__ import annotations

import importlib
import io
import os
import re
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import click

from pbem.club import tournament_store
from pbem.registry import GAMES, kinds, record_kind

# The tools every game shares, by command name: the replay page, the judge by mail, its Discord
# and web front ends (each package's `cli` module holds its commands).
_TOOLS = {"replay": "pbem.replay", "pbem": "pbem.mail", "bot": "bot", "web": "pbem.web"}
# Each registered game's package, in the registry's order (read from its names: no game is
# imported for the list).
_PACKAGES = (
    *dict.fromkeys(path.split(".", 1)[0] for path in GAMES.values()),
    *_TOOLS.values(),
)


class _Commands(click.Group):
    """Each package's commands, imported when first asked for: a tool's by its own name
    (`spaceships pbem receive` imports the judge's command line alone, which matters for an
    MTA that starts one process a mail), a game's by asking the packages in order; the list
    (`--help`) imports them all."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.loaded: set[str] = set()

    def load(self, package: str) -> None:
        if package in self.loaded:
            return
        self.loaded.add(package)
        try:
            module = importlib.import_module(f"{package}.cli")
        except ModuleNotFoundError as exc:
            # A package without a cli module yet contributes no commands.
            if exc.name in (f"{package}.cli", package):
                return
            raise
        for command in getattr(module, "COMMANDS", ()):
            self.add_command(command)

    def list_commands(self, ctx: click.Context) -> list[str]:
        for package in _PACKAGES:
            self.load(package)
        return super().list_commands(ctx)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in _TOOLS:
            self.load(_TOOLS[name])
        for package in _PACKAGES:
            found = super().get_command(ctx, name)
            if found is not None:
                return found
            self.load(package)
        return super().get_command(ctx, name)


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="spaceships-judge")
@click.pass_context
def main(ctx: click.Context) -> None:
    """Spaceships, Spaceship Battles and Space Chess: parse, check, play and judge their games."""
    ctx.meta[KEEPER] = front_end_keeper
    ctx.meta[CLUB] = club_beside


# What a change made through one front end causes for the players of another's game: a turn
# played in the browser (`spaceships web`) of a game played by mail is mailed, one of a game
# played in Discord is posted by the bot. Wired here, where every front end is known, since
# front ends do not import each other.
KEEPER = "keeper"


def front_end_keeper(store: Any, judge_address: str) -> Any:
    """The `keep` of the web's judge: each message to its game's own front end's outbox (the
    mail judge's, or the bot's for a game of Discord accounts), in the change's transaction."""
    mailed = importlib.import_module("pbem.mail.queued").mail_keeper(store, judge_address)
    posted: list[Any] = []  # the bot's keeper, made when first needed (discord.py is heavy)

    def keep(messages: list[Any]) -> None:
        by_mail, by_bot = [], []
        for message in messages:
            game = None if message.game is None else store.game(message.game, lock=False)
            # A tournament's round notice names no game: its tournament says whose it is.
            held = None
            if game is None and message.tournament is not None:
                held = tournament_store.tournament(store, message.tournament)
            accounts = game.accounts if game is not None else held is not None and held.accounts
            (by_bot if accounts else by_mail).append(message)
        if by_bot:
            if not posted:
                posted.append(importlib.import_module("bot.service").outbox_keeper(store))
            posted[0](by_bot)
        mailed(by_mail)

    return keep


# The rest of the club, started beside the mail judge by `spaceships pbem` (one process, one
# command): the club page, and the Discord bot when a token is given.
CLUB = "club"


async def club_beside(
    db: str, judge_address: str, hand_over: Callable[[], None]
) -> tuple[list[str], Callable[[], Awaitable[None]]]:
    """Start the club page (and the bot, with DISCORD_TOKEN) on the running loop, over the
    mail judge's store; `hand_over()` wakes the mail judge when a turn played on the page
    leaves mail for it. What to print of them, and how to stop them."""

    keeper = waking_keeper(hand_over)
    started = [
        await importlib.import_module("pbem.web.cli").start_beside(db, judge_address, keeper)
    ]
    if os.environ.get("DISCORD_TOKEN", "").strip():
        try:
            started.append(await importlib.import_module("bot.cli").start_beside(db))
        except BaseException:
            await started[0][1]()
            raise
    else:
        started.append((["  The Discord bot joins when DISCORD_TOKEN is set."], _nothing))

    async def stop() -> None:
        for _, stop_one in reversed(started):
            await stop_one()

    return [line for lines, _ in started for line in lines], stop


def waking_keeper(hand_over: Callable[[], None]) -> Callable[[Any, str], Any]:
    """`front_end_keeper`, and `hand_over()` once what it kept is committed: the mail judge in
    the same process sends a turn played on the page at once."""

    def keeper(store: Any, address: str) -> Any:
        keep = front_end_keeper(store, address)

        def keep_and_wake(messages: list[Any]) -> None:
            keep(messages)
            if messages:
                store.connection.after_commit(hand_over)  # never for a rolled-back change

        return keep_and_wake

    return keeper


async def _nothing() -> None:
    return None


@main.command("settings")
@click.option(
    "--env-file",
    "env_file",
    type=click.Path(dir_okay=False),
    help="also read NAME=value lines from FILE, as the judge's wrapper and systemd unit do "
    "(e.g. /etc/spaceships/judge.env); they win over the environment",
)
def settings_command(env_file: str | None) -> None:
    """List every setting the program reads: its variable, the option that overrides it,
    its default, and its value now and where that came from (secrets not shown)."""
    from pbem.places import DEFAULT_DB, SETTINGS
    from pbem.storage.database import sqlite_path

    given: dict[str, str] = {}
    if env_file:
        try:
            lines = Path(env_file).read_text().splitlines()
        except OSError as exc:
            raise click.ClickException(f"cannot read {env_file}: {exc.strerror}") from None
        for line in lines:
            name, equals, value = line.strip().partition("=")
            if equals and not name.startswith("#"):
                given[name.strip()] = value.strip().strip("'\"")
    for setting in SETTINGS:
        if given.get(setting.variable):
            value, source = given[setting.variable], env_file
        elif os.environ.get(setting.variable):
            value, source = os.environ[setting.variable], "the environment"
        else:
            value, source = setting.default, "the default"
            if setting.variable == "SPACESHIPS_WEB_SECRET_FILE":  # beside the store named now
                db = given.get("SPACESHIPS_DB") or os.environ.get("SPACESHIPS_DB") or DEFAULT_DB
                path = sqlite_path(db) if not db.startswith("postgres") else None
                value = f"{path}-web-key" if path else "none: set it for PostgreSQL"
        if setting.secret and source != "the default":
            value = "(set; not shown)"
        value = re.sub(r"(://[^:/@]+:)[^@/]*@", r"\1***@", value)  # a password in a URL
        click.echo(f"{setting.variable} = {value}  [{source}]")
        option = f"option {setting.option}" if setting.option else "no option"
        click.echo(f"    {setting.meaning}; {option}; default {setting.default}")
    click.echo("An option given to a command wins over its variable; docs/running-a-judge.md.")


def _sniffed(data: bytes) -> str:
    """The bytes as text for sniffing only (each game's own command reads them properly)."""
    for bom, encoding in (
        (b"\xef\xbb\xbf", "utf-8-sig"),
        (b"\xff\xfe", "utf-16"),
        (b"\xfe\xff", "utf-16"),
    ):
        if data.startswith(bom):
            return data.decode(encoding, errors="replace")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


@main.command("check", context_settings={"ignore_unknown_options": True})
@click.argument("words", nargs=-1, type=click.UNPROCESSED, metavar="RECORD [OPTIONS]")
@click.pass_context
def check(ctx: click.Context, words: tuple[str, ...]) -> None:
    """Check RECORD (a file, or `-`), a record of any of the games: which game it is for is
    found from its `[Game]` tag and its lines (as `spaceships replay` finds it), then that
    game's own check runs with the OPTIONS given (`--json` for the structured report), before
    or after the record: the same as `spaceships validate`, `spaceships battles play` or
    `spaceships chess check`."""
    record, options = _record_and_options(words)
    data = b""
    if record == "-":
        data = sys.stdin.buffer.read()
    elif "\n" not in record and len(record) < 4096 and Path(record).is_file():
        try:
            data = Path(record).read_bytes()
        except OSError:
            pass  # the game's own command says why it cannot be read
    else:
        data = record.encode("utf-8")  # a record given as text, or no such file
    kind = record_kind(_sniffed(data)) or kinds()[0]  # else the first game's reader explains
    package = GAMES[kind.name].split(".", 1)[0]
    command = importlib.import_module(f"{package}.cli").CHECK
    stdin = sys.stdin
    if record == "-":
        sys.stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    try:
        command.main([record, *options], prog_name=ctx.command_path, standalone_mode=True)
    finally:
        sys.stdin = stdin


def _record_and_options(words: tuple[str, ...]) -> tuple[str, tuple[str, ...]]:
    """The record among `check`'s words (`check --json FILE` as well as `check FILE --json`):
    `-` or an existing file first, else the first word that is not an option."""
    plain = [i for i, word in enumerate(words) if word == "-" or not word.startswith("-")]
    found = [i for i in plain if words[i] == "-" or Path(words[i]).is_file()] or plain
    if not found:
        raise click.UsageError("name the RECORD to check: a file, or - for standard input")
    at = found[0]
    return words[at], words[:at] + words[at + 1 :]


if __name__ == "__main__":
    main()
