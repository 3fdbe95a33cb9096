"""Issue 48 items 2 and 3: a setting that cannot be right is refused at start in one line, in
English, every bad one at once: a relay written `smtp:/localhost` (which was read as the host
`smtp`, port 25, and failed only when mail was to go), numbers that are not."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from pbem.mail.config import ConfigError, MailConfig, parse_relay
from spaceships_cli import main


@pytest.mark.parametrize("text", ["smtp:/localhost", "smtps:relay.example", "SMTP:localhost"])
def test_a_relay_url_without_its_two_slashes_is_refused(text: str) -> None:
    with pytest.raises(ConfigError, match="two slashes after its scheme"):
        parse_relay(text)


def test_a_host_and_port_without_a_scheme_is_still_a_relay() -> None:
    assert (parse_relay("localhost:25").host, parse_relay("smtp:2525").port) == ("localhost", 2525)


def test_serve_refuses_a_relay_that_cannot_be_right_in_one_line(tmp_path: Path) -> None:
    env = {"SPACESHIPS_SMTP_RELAY": "smtp:/localhost", "SPACESHIPS_DB": str(tmp_path / "j")}
    result = CliRunner().invoke(main, ["pbem", "serve"], env=env)
    assert result.exit_code == 2
    error = [line for line in result.output.splitlines() if line.startswith("Error")]
    assert error == [
        "Error: Invalid value: SPACESHIPS_SMTP_RELAY='smtp:/localhost': a URL has two slashes "
        "after its scheme: smtp://host[:port]"
    ]
    assert not (tmp_path / "j").exists()  # refused before anything was made


def test_every_bad_number_is_named_at_once_in_english() -> None:
    env = {"SPACESHIPS_RATE_LIMIT": "many", "SPACESHIPS_TICK_SECONDS": "soon"}
    with pytest.raises(ConfigError) as raised:
        MailConfig.from_env(env)
    said = str(raised.value)
    assert "SPACESHIPS_RATE_LIMIT='many': not a whole number" in said
    assert "SPACESHIPS_TICK_SECONDS='soon': not a number of seconds" in said


def test_receive_with_bad_settings_defers_naming_them_all(tmp_path: Path) -> None:
    env = {
        "SPACESHIPS_MAX_MESSAGE_BYTES": "1MB",
        "SPACESHIPS_SMTP_RELAY": "smtp:/localhost",
        "SPACESHIPS_DB": str(tmp_path / "j"),
    }
    result = CliRunner().invoke(main, ["pbem", "receive"], env=env, input=b"Subject: x\n\nhi\n")
    assert result.exit_code == 75
    (line,) = result.stdout.splitlines()
    assert "SPACESHIPS_MAX_MESSAGE_BYTES='1MB': not a whole number" in line
    assert "two slashes" in line and "retries" in line
