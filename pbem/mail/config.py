"""The email front end's settings: embedded defaults, overridden by environment variables,
overridden by command-line options (the CLI passes those in as keyword overrides)."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Literal
from urllib.parse import parse_qs, unquote, urlsplit

# The settings every front end shares (the database's default place, `host:port`) are the
# core's; they are named here too, for the mail code that has long read them here.
from pbem.places import DEFAULT_DB, ConfigError, ConfigErrors, parse_host_port

Security = Literal["plain", "starttls", "ssl"]

DEFAULT_JUDGE_ADDRESS = "judge@localhost"
DEFAULT_OUTBOX = "./spaceships-outbox"
DEFAULT_LISTEN = "127.0.0.1:2525"
DEFAULT_MAX_MESSAGE_BYTES = 256 * 1024
DEFAULT_RATE_LIMIT_PER_HOUR = 30
DEFAULT_TICK_SECONDS = 30.0

_LOOPBACK = ("localhost", "127.0.0.1", "::1")
_KINDS: dict[object, str] = {int: "a whole number", float: "a number of seconds"}


def is_loopback(host: str) -> bool:
    return host in _LOOPBACK or host.startswith("127.")


@dataclass(frozen=True, slots=True)
class ServerAddress:
    """A host and port with how to secure the connection, and optional credentials."""

    host: str
    port: int
    security: Security = "plain"
    username: str | None = None
    password: str | None = field(default=None, repr=False)
    path: str = ""  # IMAP: the mailbox to read

    def __str__(self) -> str:
        scheme = {"plain": "", "starttls": "+starttls", "ssl": "s"}[self.security]
        user = f"{self.username}@" if self.username else ""
        return (
            f"{self._kind}{scheme}://{user}{self.host}:{self.port}{self.path and '/' + self.path}"
        )

    @property
    def _kind(self) -> str:
        return "imap" if self.path else "smtp"


_SMTP_SCHEMES: dict[str, tuple[Security, int]] = {
    "smtp": ("plain", 25),
    "smtp+starttls": ("starttls", 587),
    "submission": ("starttls", 587),
    "smtps": ("ssl", 465),
}
_IMAP_SCHEMES: dict[str, tuple[Security, int]] = {
    "imap": ("plain", 143),
    "imap+starttls": ("starttls", 143),
    "imaps": ("ssl", 993),
}


def _parse_url(
    setting: str, text: str, schemes: Mapping[str, tuple[Security, int]], default: str
) -> tuple[ServerAddress, dict[str, list[str]]]:
    if "://" not in text:
        scheme, colon, rest = text.partition(":")
        if colon and scheme.lower() in schemes and not rest.isdigit():
            # `smtp:/localhost`, `smtps:host`: a scheme without its two slashes, which would be
            # read as a host named after the scheme
            raise ConfigError(
                setting, text, f"a URL has two slashes after its scheme: {scheme}://host[:port]"
            )
        text = f"{default}://{text}"
    parts = urlsplit(text)
    if parts.scheme not in schemes:
        known = ", ".join(f"{s}://" for s in schemes)
        raise ConfigError(setting, text, f"unknown scheme {parts.scheme!r}; use one of {known}")
    security, default_port = schemes[parts.scheme]
    hostport = parts.netloc.rpartition("@")[2]
    host, port = parse_host_port(setting, hostport, default_port)
    address = ServerAddress(
        host=host,
        port=port,
        security=security,
        username=unquote(parts.username) if parts.username else None,
        password=unquote(parts.password) if parts.password else None,
        path=unquote(parts.path.lstrip("/")),
    )
    return address, parse_qs(parts.query)


def parse_relay(text: str, setting: str = "SPACESHIPS_SMTP_RELAY") -> ServerAddress:
    """`host[:port]` (plain SMTP), or a URL: `smtp://`, `smtp+starttls://` (or `submission://`),
    `smtps://`, with optional `user:password@`."""
    address, _ = _parse_url(setting, text, _SMTP_SCHEMES, "smtp")
    return replace(address, path="")


def parse_imap(text: str, setting: str = "SPACESHIPS_IMAP") -> ServerAddress:
    """`imaps://user@host[:port]/Mailbox` (also `imap://`, `imap+starttls://`); INBOX by
    default. Plain IMAP is refused unless the host is this machine: a password must not
    cross a network in the clear."""
    address, _ = _parse_url(setting, text, _IMAP_SCHEMES, "imaps")
    if address.security == "plain" and not is_loopback(address.host):
        raise ConfigError(setting, text, "plain IMAP only to localhost; use imaps:// or STARTTLS")
    return replace(address, path=address.path or "INBOX")


@dataclass(frozen=True, slots=True)
class MailConfig:
    """Everything the email front end needs to run."""

    db: str = DEFAULT_DB
    judge_address: str = DEFAULT_JUDGE_ADDRESS
    outbox: str = DEFAULT_OUTBOX
    listen_host: str = "127.0.0.1"
    listen_port: int = 2525
    relay: ServerAddress | None = None
    imap: ServerAddress | None = None
    imap_move_to: str | None = None
    max_message_bytes: int = DEFAULT_MAX_MESSAGE_BYTES
    rate_limit_per_hour: int = DEFAULT_RATE_LIMIT_PER_HOUR  # 0: no limit
    tick_seconds: float = DEFAULT_TICK_SECONDS

    @property
    def judge_domain(self) -> str:
        return self.judge_address.rpartition("@")[2] or "localhost"

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, **overrides: object) -> MailConfig:
        """Defaults, then `SPACESHIPS_*` variables, then the overrides that are not None."""
        env = os.environ if env is None else env
        values: dict[str, object] = {}

        def get(name: str) -> str | None:
            value = env.get(name)
            return value if value else None

        problems: list[ConfigError] = []

        def read(name: str, key: str | tuple[str, str], parse: Callable[[str], object]) -> None:
            if (v := get(name)) is None:
                return
            try:
                value = parse(v)
            except ConfigError as exc:
                problems.append(exc)
                return
            except ValueError:
                problems.append(ConfigError(name, v, f"not {_KINDS.get(parse, 'readable')}"))
                return
            if isinstance(key, tuple):
                values[key[0]], values[key[1]] = value  # type: ignore[misc]
            else:
                values[key] = value

        read("SPACESHIPS_DB", "db", str)
        read("SPACESHIPS_JUDGE_ADDRESS", "judge_address", str)
        read("SPACESHIPS_OUTBOX", "outbox", str)
        read(
            "SPACESHIPS_LISTEN",
            ("listen_host", "listen_port"),
            lambda v: parse_host_port("SPACESHIPS_LISTEN", v, 2525),
        )
        read("SPACESHIPS_SMTP_RELAY", "relay", parse_relay)
        read("SPACESHIPS_IMAP", "imap", parse_imap)
        read("SPACESHIPS_IMAP_MOVE_TO", "imap_move_to", str)
        read("SPACESHIPS_MAX_MESSAGE_BYTES", "max_message_bytes", int)
        read("SPACESHIPS_RATE_LIMIT", "rate_limit_per_hour", int)
        read("SPACESHIPS_TICK_SECONDS", "tick_seconds", float)
        if problems:  # every one named at once, not one per try
            raise problems[0] if len(problems) == 1 else ConfigErrors(problems)
        config = cls(**values)  # type: ignore[arg-type]
        config = replace(config, **{k: v for k, v in overrides.items() if v is not None})
        # Credentials may come separately so they need not sit in a URL.
        for server_key, user_var, password_var in (
            ("relay", "SPACESHIPS_SMTP_USER", "SPACESHIPS_SMTP_PASSWORD"),
            ("imap", "SPACESHIPS_IMAP_USER", "SPACESHIPS_IMAP_PASSWORD"),
        ):
            server = getattr(config, server_key)
            if server is None:
                continue
            user, password = get(user_var), get(password_var)
            server = replace(
                server,
                username=server.username or user,
                password=server.password or password,
            )
            config = replace(config, **{server_key: server})
        if "@" not in config.judge_address:
            raise ConfigError("judge address", config.judge_address, "not an email address")
        return config
