"""Where the judge keeps and serves things, as every front end's command line takes them: the
database's default place and `host:port` addresses, the errors a bad one raises, and the list
of every setting the program reads (`SETTINGS`, shown by `spaceships settings`)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "DEFAULT_DB",
    "SETTINGS",
    "ConfigError",
    "ConfigErrors",
    "Setting",
    "parse_host_port",
]

DEFAULT_DB = "./spaceships-judge.sqlite3"


@dataclass(frozen=True, slots=True)
class Setting:
    """One setting the program reads from the environment: its variable, the option that
    overrides it (and of which commands), its default, whether its value is a secret, and what
    it is for."""

    variable: str
    option: str
    default: str
    meaning: str
    secret: bool = False


# Every environment variable the program reads; tests/test_settings.py fails when the code
# reads one that is not here or not in docs/running-a-judge.md's "All settings" table.
SETTINGS = (
    Setting("SPACESHIPS_DB", "--db (every command)", DEFAULT_DB, "the judge's store"),
    Setting(
        "SPACESHIPS_JUDGE_ADDRESS",
        "--judge-address (pbem, web)",
        "judge@localhost",
        "From of every mail; its domain names Message-IDs",
    ),
    Setting("SPACESHIPS_OUTBOX", "--outbox (pbem)", "./spaceships-outbox", "outgoing mail"),
    Setting("SPACESHIPS_SMTP_RELAY", "--relay (pbem)", "none", "the SMTP relay that sends mail"),
    Setting("SPACESHIPS_SMTP_USER", "", "none", "the relay's login, if not in its URL"),
    Setting("SPACESHIPS_SMTP_PASSWORD", "", "none", "the relay's password", secret=True),
    Setting(
        "SPACESHIPS_LISTEN",
        "--listen (pbem serve), --server (pbem send)",
        "127.0.0.1:2525",
        "the SMTP listener",
    ),
    Setting("SPACESHIPS_TICK_SECONDS", "--tick (pbem serve)", "30", "how often deadlines run"),
    Setting("SPACESHIPS_IMAP", "--imap (pbem poll)", "none", "the mailbox to poll"),
    Setting("SPACESHIPS_IMAP_USER", "", "none", "the mailbox's login, if not in its URL"),
    Setting("SPACESHIPS_IMAP_PASSWORD", "", "none", "the mailbox's password", secret=True),
    Setting(
        "SPACESHIPS_IMAP_MOVE_TO", "--move-to (pbem poll)", "none", "folder for processed mail"
    ),
    Setting(
        "SPACESHIPS_MAX_MESSAGE_BYTES", "--max-size (pbem)", "262144", "larger mail is refused"
    ),
    Setting("SPACESHIPS_RATE_LIMIT", "--rate-limit (pbem)", "30", "messages per sender per hour"),
    Setting(
        "SPACESHIPS_WEB_LISTEN",
        "--listen (web)",
        "127.0.0.1:8080",
        "the club page (with `spaceships pbem` too)",
    ),
    Setting(
        "SPACESHIPS_WEB_TRUSTED_PROXIES",
        "--trusted-proxy (web)",
        "none",
        "proxies whose X-Forwarded-For / X-Real-IP are believed (addresses or networks)",
    ),
    Setting(
        "SPACESHIPS_WEB_URL",
        "",
        "none; with `spaceships pbem`: the page's own address",
        "the club page's public address, for `web NAME`'s links",
    ),
    Setting(
        "SPACESHIPS_WEB_SECRET_FILE",
        "--secret-file (web)",
        "beside an SQLite store: its name and -web-key",
        "the key that signs the page's sessions (made when absent)",
    ),
    Setting("DISCORD_TOKEN", "", "none", "the Discord bot's token", secret=True),
    Setting(
        "SPACESHIPS_DISCORD_GUILD",
        "--guild (bot run)",
        "none: every server",
        "sync the bot's commands to one server",
    ),
    Setting(
        "SPACESHIPS_JUDGE_FACTORY",
        "--judge-factory (pbem; hidden)",
        "none",
        "module:callable instead of the judge (tests, benches)",
    ),
    Setting(
        "SSL_CERT_FILE",
        "",
        "the system's authorities",
        "trusted authorities for the relay and IMAP (read by Python's ssl)",
    ),
)


class ConfigError(ValueError):
    """A setting that cannot be used; carries the setting's name and the offending text."""

    def __init__(self, setting: str, text: str, reason: str) -> None:
        super().__init__(f"{setting}={text!r}: {reason}")
        self.setting = setting
        self.text = text
        self.reason = reason


class ConfigErrors(ConfigError):
    """Several settings that cannot be used, named at once."""

    def __init__(self, errors: list[ConfigError]) -> None:
        ValueError.__init__(self, "; ".join(str(error) for error in errors))
        self.errors = errors
        self.setting = ", ".join(error.setting for error in errors)
        self.text = ""
        self.reason = str(self)


def parse_host_port(setting: str, text: str, default_port: int) -> tuple[str, int]:
    """`host`, `host:port` or `[v6]:port`."""
    text = text.strip()
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        port_text = rest.removeprefix(":")
    elif text.count(":") == 1:
        host, _, port_text = text.partition(":")
    else:
        host, port_text = text, ""
    if not host:
        raise ConfigError(setting, text, "no host")
    try:
        port = int(port_text) if port_text else default_port
    except ValueError:
        raise ConfigError(setting, text, "the port is not a number") from None
    if not 0 <= port <= 65535:
        raise ConfigError(setting, text, "the port must be 0..65535")
    return host, port
