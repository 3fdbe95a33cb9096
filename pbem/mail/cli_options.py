"""The settings every `spaceships pbem` command shares: their options, and opening the judge.

Every setting has an embedded default, an environment variable, and an option; see
docs/running-a-judge.md.
"""

from __future__ import annotations

import functools
import importlib
import logging
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from pbem.mail.config import (
    DEFAULT_DB,
    DEFAULT_JUDGE_ADDRESS,
    DEFAULT_OUTBOX,
    ConfigError,
    MailConfig,
    parse_relay,
)
from pbem.mail.gateway import MailGateway
from pbem.storage.database import StoreUnavailable, sqlite_path

EX_TEMPFAIL = 75  # sysexits.h: the MTA keeps the message and tries again later

SETTING_KEYS = (
    "db",
    "judge_address",
    "outbox",
    "relay",
    "max_size",
    "rate_limit",
    "judge_factory",
    "verbose",
)


def settings(function: Callable[..., Any]) -> Callable[..., Any]:
    """The options every pbem command shares."""
    options = [
        click.option(
            "--db",
            metavar="PATH|URL",
            help="SQLite file (or sqlite:///path), or postgresql://user@host/db "
            f"[env SPACESHIPS_DB; {DEFAULT_DB}]",
        ),
        click.option(
            "--judge-address",
            metavar="ADDRESS",
            help=f"the judge's address [env SPACESHIPS_JUDGE_ADDRESS; {DEFAULT_JUDGE_ADDRESS}]",
        ),
        click.option(
            "--outbox",
            metavar="DIR",
            help=f"Maildir for outgoing mail [env SPACESHIPS_OUTBOX; {DEFAULT_OUTBOX}]",
        ),
        click.option(
            "--relay",
            metavar="URL",
            help="SMTP relay: host[:port], smtp+starttls://user@host:587, smtps://host "
            "[env SPACESHIPS_SMTP_RELAY; none: mail stays in the outbox]",
        ),
        click.option(
            "--max-size",
            type=int,
            metavar="BYTES",
            help="refuse larger messages [env SPACESHIPS_MAX_MESSAGE_BYTES; 262144]",
        ),
        click.option(
            "--rate-limit",
            type=int,
            metavar="N",
            help="messages per sender per hour, 0 for none [env SPACESHIPS_RATE_LIMIT; 30]",
        ),
        click.option(
            "--judge-factory",
            hidden=True,
            envvar="SPACESHIPS_JUDGE_FACTORY",
            help="module:callable taking the store, instead of the real judge (tests, bench)",
        ),
        click.option("-v", "--verbose", is_flag=True, help="log each message"),
    ]
    command = function

    @functools.wraps(command)
    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except StoreUnavailable as exc:  # the database went away part way: say so, no trace
            raise click.ClickException(f"{exc}; nothing was lost, run it again later") from None

    for option in reversed(options):
        run = option(run)
    return run


def shared(params: dict[str, Any]) -> tuple[dict[str, Any], str | None]:
    """The shared settings out of a command's parameters (logging set up as -v says), and the
    judge factory, if any."""
    params = {k: params.get(k) for k in SETTING_KEYS}
    start_logging(params.pop("verbose") or False)
    return params, params.pop("judge_factory")


def config_from(params: dict[str, Any], **extra: Any) -> MailConfig:
    try:
        return MailConfig.from_env(
            db=params.pop("db"),
            judge_address=params.pop("judge_address"),
            outbox=params.pop("outbox"),
            relay=parse_relay(relay, "--relay") if (relay := params.pop("relay")) else None,
            max_message_bytes=params.pop("max_size"),
            rate_limit_per_hour=params.pop("rate_limit"),
            **extra,
        )
    except ConfigError as exc:
        raise click.BadParameter(str(exc)) from None


def _judge_factory(spec: str | None) -> Callable[[object], Any] | None:
    if not spec:
        return None
    module, _, name = spec.partition(":")
    return getattr(importlib.import_module(module), name)


def open_judge(
    config: MailConfig, factory_spec: str | None, looks_only: bool = False
) -> MailGateway:
    from pbem.mail.app import open_gateway

    try:
        return open_gateway(config, _judge_factory(factory_spec), looks_only)
    except (ValueError, OSError, StoreUnavailable) as exc:  # StoreError, a folder not made ...
        raise click.ClickException(f"cannot open the judge's data: {exc}") from exc


def existing(config: MailConfig) -> MailConfig:
    """For commands that look into a judge (archive, replay): its SQLite file must be there,
    or the command would make an empty one and report on that."""
    try:
        path = sqlite_path(config.db)
    except ValueError as exc:
        raise click.ClickException(f"cannot open the judge's data: {exc}") from None
    if path is not None and path != ":memory:" and not Path(path).exists():
        raise click.ClickException(
            f"no judge database at {path}: run this where the judge runs, or give its "
            "--db (or SPACESHIPS_DB) as the judge has it"
        )
    return config


def start_logging(verbose: bool) -> None:
    logging.basicConfig(
        level=logging.INFO if verbose else logging.WARNING,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )
