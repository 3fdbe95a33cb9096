"""`spaceships pbem ...` as a mail admin runs it: settings from defaults, environment and
options; `receive` from an MTA pipe; `archive` and `replay`; `serve` as a real process."""

from __future__ import annotations

import asyncio
import os
import shlex
import signal
import smtplib
import subprocess
import sys
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.smtp import SMTP
from click.testing import CliRunner

from pbem.mail.config import ConfigError, MailConfig, parse_imap, parse_relay
from spaceships_cli import main


def test_embedded_defaults() -> None:
    config = MailConfig.from_env({})
    assert (config.db, config.outbox, config.judge_address) == (
        "./spaceships-judge.sqlite3",
        "./spaceships-outbox",
        "judge@localhost",
    )
    assert (config.listen_host, config.listen_port, config.relay) == ("127.0.0.1", 2525, None)
    assert (config.max_message_bytes, config.rate_limit_per_hour) == (256 * 1024, 30)


def test_environment_overrides_defaults_and_options_override_the_environment() -> None:
    env = {
        "SPACESHIPS_DB": "/var/lib/judge.sqlite3",
        "SPACESHIPS_JUDGE_ADDRESS": "judge@club.example",
        "SPACESHIPS_SMTP_RELAY": "smtp+starttls://judge@mail.club.example",
        "SPACESHIPS_SMTP_PASSWORD": "s3cret",
        "SPACESHIPS_LISTEN": "0.0.0.0:25",
        "SPACESHIPS_RATE_LIMIT": "5",
    }
    config = MailConfig.from_env(env, db="/tmp/other.sqlite3")
    assert config.db == "/tmp/other.sqlite3"
    assert config.judge_address == "judge@club.example" and config.judge_domain == "club.example"
    assert (config.listen_host, config.listen_port, config.rate_limit_per_hour) == (
        "0.0.0.0",
        25,
        5,
    )
    relay = config.relay
    assert relay is not None
    assert (relay.host, relay.port, relay.security) == ("mail.club.example", 587, "starttls")
    assert (relay.username, relay.password) == ("judge", "s3cret")
    assert "s3cret" not in repr(config)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("localhost", ("localhost", 25, "plain")),
        ("relay.example:2525", ("relay.example", 2525, "plain")),
        ("smtps://u:p%40ss@relay.example", ("relay.example", 465, "ssl")),
        ("submission://relay.example", ("relay.example", 587, "starttls")),
    ],
)
def test_relay_urls(text: str, expected: tuple[str, int, str]) -> None:
    relay = parse_relay(text)
    assert (relay.host, relay.port, relay.security) == expected


def test_relay_and_imap_mistakes_are_explained() -> None:
    with pytest.raises(ConfigError, match="unknown scheme"):
        parse_relay("http://relay.example")
    with pytest.raises(ConfigError, match="port"):
        parse_relay("relay.example:smtp")
    with pytest.raises(ConfigError, match="plain IMAP only to localhost"):
        parse_imap("imap://judge@mail.club.example")
    assert parse_imap("imap://judge@localhost:1143").path == "INBOX"
    assert parse_imap("imaps://judge@mail.club.example/Judge").port == 993


def raw_mail(body: str, message_id: str, sender: str = "alice@example.org") -> bytes:
    mail = EmailMessage()
    mail["From"] = sender
    mail["To"] = "judge@club.example"
    mail["Subject"] = "commands"
    mail["Message-ID"] = message_id
    mail.set_content(body)
    return mail.as_bytes()


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    return {
        "SPACESHIPS_DB": str(tmp_path / "judge.sqlite3"),
        "SPACESHIPS_OUTBOX": str(tmp_path / "outbox"),
        "SPACESHIPS_JUDGE_ADDRESS": "judge@club.example",
    }


def test_receive_reads_one_message_on_stdin_and_writes_the_reply_to_the_outbox(
    env: dict[str, str], tmp_path: Path
) -> None:
    result = CliRunner().invoke(
        main, ["pbem", "receive"], input=raw_mail("create alpha", "<r1@example.org>"), env=env
    )
    assert result.exit_code == 0, result.output
    (reply,) = (tmp_path / "outbox" / "new").iterdir()
    text = reply.read_bytes()
    assert b"Game alpha created" in text and b"In-Reply-To: <r1@example.org>" in text


def test_receive_exits_tempfail_when_the_message_cannot_be_stored(tmp_path: Path) -> None:
    (tmp_path / "not-a-dir").write_text("x")
    env = {"SPACESHIPS_DB": str(tmp_path / "not-a-dir" / "judge.sqlite3")}
    result = CliRunner().invoke(main, ["pbem", "receive"], input=b"From: a@b\r\n\r\nhelp", env=env)
    assert result.exit_code == 75
    assert "not stored" in result.output


def test_archive_lists_messages_and_replay_reprocesses_them(env: dict[str, str]) -> None:
    runner = CliRunner()
    runner.invoke(main, ["pbem", "receive"], input=raw_mail("help", "<a1@example.org>"), env=env)
    runner.invoke(main, ["pbem", "receive"], input=raw_mail("help", "<a1@example.org>"), env=env)
    listing = runner.invoke(main, ["pbem", "archive"], env=env)
    assert "#1" in listing.output and "processed" in listing.output
    assert "#2" in listing.output and "duplicate" in listing.output
    assert "1 duplicate, 1 processed" in listing.output
    replay = runner.invoke(main, ["pbem", "replay", "--id", "2"], env=env)
    assert replay.exit_code == 0 and "#2 <a1@example.org>: processed" in replay.output
    assert runner.invoke(main, ["pbem", "replay", "--failed"], env=env).output.endswith(
        "0 message(s) replayed.\n"
    )
    missing = runner.invoke(main, ["pbem", "replay", "--id", "9"], env=env)
    assert missing.exit_code != 0 and "no stored message #9" in missing.output
    both = runner.invoke(main, ["pbem", "replay", "--failed", "--all"], env=env)
    assert both.exit_code != 0 and "exactly one" in both.output


def test_serve_as_a_process_says_where_to_send_mail_and_answers_it(
    env: dict[str, str], tmp_path: Path, free_port: int
) -> None:
    port = free_port
    process = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "from spaceships_cli import main; main()",
            "pbem",
            "serve",
            "--listen",
            f"127.0.0.1:{port}",
        ],
        env={**os.environ, **env},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    try:
        banner = [process.stdout.readline() for _ in range(4)]  # type: ignore[union-attr]
        assert f"judge@club.example over SMTP at 127.0.0.1:{port}" in "".join(banner)
        assert str(tmp_path / "outbox") in "".join(banner)
        # The hint for trying it out names this port and address, and works as printed.
        hint = "".join(banner).split("try it: ")[1].split(")")[0]
        assert f"--server 127.0.0.1:{port}" in hint and "--to judge@club.example" in hint
        with smtplib.SMTP("127.0.0.1", port, timeout=30) as client:
            client.sendmail(
                "alice@example.org", ["judge@club.example"], raw_mail("list", "<s1@example.org>")
            )
        (reply,) = (tmp_path / "outbox" / "new").iterdir()
        assert b"Subject: Re: [spaceships] commands" in reply.read_bytes()
        # The helper for trying a judge out sends the same way.
        sent = CliRunner().invoke(
            main,
            [
                "pbem",
                "send",
                "--from",
                "bob@example.org",
                "--server",
                f"127.0.0.1:{port}",
                "create alpha\\nlist",
            ],
            env=env,
        )
        assert sent.exit_code == 0, sent.output
        replies = [f.read_bytes() for f in (tmp_path / "outbox" / "new").iterdir()]
        assert any(b"Game alpha created" in r and b"alpha" in r for r in replies)
        tried = CliRunner().invoke(main, shlex.split(hint)[1:], env={})
        assert tried.exit_code == 0, tried.output
        assert len(list((tmp_path / "outbox" / "new").iterdir())) == len(replies) + 1
    finally:
        process.send_signal(signal.SIGTERM)
        assert process.wait(60) == 0  # a clean stop, as under systemd


def test_tick_runs_the_deadlines_once(env: dict[str, str]) -> None:
    result = CliRunner().invoke(main, ["pbem", "tick"], env=env)
    assert result.exit_code == 0, result.output
    assert "0 message(s) sent or written to the outbox" in result.output


def test_tick_with_the_database_away_exits_75_for_cron_to_try_again(
    env: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """EX_TEMPFAIL, not 1: the database away is a passing failure (issue 24), said in one
    line, no traceback; whether it cannot be reached at all or goes away during the tick."""
    from pbem.mail.gateway import MailGateway
    from pbem.storage.database import StoreUnavailable

    away = {**env, "SPACESHIPS_DB": "postgresql://judge@127.0.0.1:1/judge"}  # nothing listens
    result = CliRunner().invoke(main, ["pbem", "tick"], env=away)
    assert result.exit_code == 75, result.output
    assert (
        "cannot reach the database" in result.output
        and "the next tick tries again" in result.output
    )
    assert "Traceback" not in result.output

    def gone(self: object, now: object = None) -> int:
        raise StoreUnavailable("the database cannot be reached")

    monkeypatch.setattr(MailGateway, "tick", gone)
    result = CliRunner().invoke(main, ["pbem", "tick"], env=env)
    assert result.exit_code == 75, result.output
    assert "nothing was lost, the next tick tries again" in result.output


def test_serve_as_a_process_sends_replies_through_the_relay(
    env: dict[str, str], tmp_path: Path, relay_sink, free_port: int
) -> None:
    sink, relay = relay_sink
    port = free_port
    process = subprocess.Popen(
        [sys.executable, "-c", "from spaceships_cli import main; main()", "pbem", "serve"],
        env={
            **os.environ,
            **env,
            "SPACESHIPS_LISTEN": f"127.0.0.1:{port}",
            "SPACESHIPS_SMTP_RELAY": f"smtp://127.0.0.1:{relay.port}",
        },
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    try:
        banner = [process.stdout.readline() for _ in range(4)]  # type: ignore[union-attr]
        assert f"SMTP relay smtp://127.0.0.1:{relay.port}" in "".join(banner)
        with smtplib.SMTP("127.0.0.1", port, timeout=30) as client:
            client.sendmail(
                "alice@example.org", ["judge@club.example"], raw_mail("help", "<h1@example.org>")
            )
        (reply,) = sink.wait_for(1)
        assert reply["To"] == "alice@example.org" and reply["In-Reply-To"] == "<h1@example.org>"
    finally:
        process.send_signal(signal.SIGTERM)
        assert process.wait(60) == 0
    assert list((tmp_path / "outbox" / "new").iterdir()) == []  # sent, nothing waiting
    assert len(list((tmp_path / "outbox" / ".sent" / "new").iterdir())) == 1


@pytest.mark.parametrize("command", [["archive"], ["replay", "--all"]])
def test_looking_into_a_judge_that_is_not_there_says_so_and_makes_nothing(
    tmp_path: Path, command: list[str]
) -> None:
    """An admin in the wrong directory (or with a mistyped --db) is told, not shown an empty
    new database that the command just made."""
    missing = tmp_path / "var" / "judge.sqlite3"
    result = CliRunner().invoke(main, ["pbem", *command, "--db", str(missing)], env={})
    assert result.exit_code == 1, result.output
    assert f"no judge database at {missing}" in result.output
    assert "--db" in result.output and "Traceback" not in result.output
    assert not (tmp_path / "var").exists()


class _Away:
    """A judge whose database is away: it answers DATA with 451, as `serve` then does."""

    async def handle_DATA(self, server: object, session: object, envelope: object) -> str:
        return "451 4.3.0 The judge could not store the message; try again later"


def test_send_to_a_judge_that_answers_451_says_it_in_words(loop_thread: Any) -> None:
    async def start() -> Any:
        loop = asyncio.get_running_loop()
        return await loop.create_server(lambda: SMTP(_Away()), "127.0.0.1", 0)

    server = loop_thread.run(start())
    port = server.sockets[0].getsockname()[1]
    try:
        result = CliRunner().invoke(
            main,
            ["pbem", "send", "--from", "a@example.org", "--server", f"127.0.0.1:{port}", "help"],
            env={},
        )
    finally:

        async def stop() -> None:
            server.close()

        loop_thread.run(stop())
    assert result.exit_code == 1
    assert "the judge answered 451 4.3.0 The judge could not store the message" in result.output
    assert "b'" not in result.output and "Traceback" not in result.output


def test_archive_looks_at_a_judge_without_making_an_outbox_where_it_is_run(
    env: dict[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 27: `pbem archive --db X` run elsewhere left an empty ./spaceships-outbox/."""
    runner = CliRunner()
    stored = runner.invoke(main, ["pbem", "receive"], input=raw_mail("list", "<o1@x>"), env=env)
    assert stored.exit_code == 0, stored.output
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    listing = runner.invoke(main, ["pbem", "archive", "--db", env["SPACESHIPS_DB"]], env={})
    assert listing.exit_code == 0 and "1 processed" in listing.output
    assert list(elsewhere.iterdir()) == []


def test_tick_on_a_locked_or_unopenable_sqlite_file_exits_75_in_one_line(
    env: dict[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 37 item 4: SQLite locked past its wait (another process holding it), or a file
    the judge cannot open (a folder in its place, a folder it cannot make): passing, so 75
    and one line, as for a database away; never a traceback."""
    import sqlite3

    from pbem.mail.gateway import MailGateway

    (tmp_path / "a-file").write_text("")
    for db in (tmp_path, tmp_path / "a-file" / "judge.sqlite3"):
        result = CliRunner().invoke(main, ["pbem", "tick"], env={**env, "SPACESHIPS_DB": str(db)})
        assert result.exit_code == 75, result.output
        assert len(result.output.strip().splitlines()) == 1, result.output
        assert "the next tick tries again" in result.output and str(db) in result.output

    def locked(self: object, now: object = None) -> int:
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(MailGateway, "tick", locked)
    result = CliRunner().invoke(main, ["pbem", "tick"], env=env)
    assert result.exit_code == 75, result.output
    assert result.output.strip() == (
        "Error: database is locked; nothing was lost, the next tick tries again"
    )


def test_receive_that_cannot_store_says_why_in_one_line_on_standard_output(
    env: dict[str, str], tmp_path: Path
) -> None:
    """Issue 37 items 1 and 7: what Postfix writes in its log is the pipe's standard output."""
    (tmp_path / "a-file").write_text("")
    broken = {**env, "SPACESHIPS_DB": str(tmp_path / "a-file" / "judge.sqlite3")}
    done = subprocess.run(
        [sys.executable, "-c", "from spaceships_cli import main; main()", "pbem", "receive"],
        input=raw_mail("help", "<nowhere@example.org>"), env={**os.environ, **broken},
        capture_output=True, cwd=Path(__file__).resolve().parents[2], timeout=120,
    )  # fmt: skip
    assert done.returncode == 75
    (line,) = done.stdout.decode().splitlines()
    assert line.startswith("spaceships pbem receive: message not stored: cannot make the folder")
    assert line.endswith("the mail server keeps it and retries")
    assert done.stderr.decode().splitlines() == [line]  # and once in the judge's own log
    bad = subprocess.run(  # a setting it cannot read: 75 too, not click's 2
        [sys.executable, "-c", "from spaceships_cli import main; main()", "pbem", "receive"],
        input=b"", env={**os.environ, **env, "SPACESHIPS_RATE_LIMIT": "many"},
        capture_output=True, cwd=Path(__file__).resolve().parents[2], timeout=120,
    )  # fmt: skip
    assert bad.returncode == 75, (bad.stdout, bad.stderr)
    assert "SPACESHIPS_RATE_LIMIT" in bad.stdout.decode()
