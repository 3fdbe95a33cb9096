"""Where the judge keeps and serves things, as every front end's command line takes them: the
database's default place and `host:port` addresses, and the error a bad one raises."""

from __future__ import annotations

__all__ = ["DEFAULT_DB", "ConfigError", "parse_host_port"]

DEFAULT_DB = "./spaceships-judge.sqlite3"


class ConfigError(ValueError):
    """A setting that cannot be used; carries the setting's name and the offending text."""

    def __init__(self, setting: str, text: str, reason: str) -> None:
        super().__init__(f"{setting}={text!r}: {reason}")
        self.setting = setting
        self.text = text
        self.reason = reason


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
