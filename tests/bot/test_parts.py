"""The bot's parts on their own: cutting text to Discord's limits, `spaceships bot run`
(the token, a clean stop on SIGTERM), and the store's Discord records."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import socket
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import click
import discord
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from sizes import examples

from bot import create_bot
from bot.cli import serve
from bot.split import code_blocks, split_text
from bot.store import DiscordStore
from pbem.judge import Judge
from pbem.messages import Inbound
from pbem.storage.database import StoreUnavailable
from pbem.storage.store import open_store
from spaceships_cli import main

NOW = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)


# -- Discord's limits -----------------------------------------------------------------------
@settings(max_examples=examples(60, 180), deadline=None)
@given(st.text(alphabet="ab \n`", max_size=600), st.integers(min_value=5, max_value=80))
def test_split_text_keeps_every_piece_within_the_limit_and_loses_no_word(
    text: str, limit: int
) -> None:
    pieces = split_text(text, limit)
    assert all(len(p) <= limit for p in pieces)
    assert "".join(pieces).split() == text.split() or "".join(pieces).replace("\n", "") == (
        text.replace("\n", "")
    )


def test_code_blocks_fit_a_message_fences_included() -> None:
    text = "\n".join(f"line {n} " + "x" * 70 for n in range(200))
    blocks = code_blocks(text, 2000)
    assert len(blocks) > 1 and all(len(b) <= 2000 for b in blocks)
    assert all(b.startswith("```\n") and b.endswith("\n```") for b in blocks)


# -- spaceships bot run ---------------------------------------------------------------------
def test_run_without_a_token_says_where_it_comes_from(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    result = CliRunner().invoke(main, ["bot", "run"])
    assert result.exit_code == 2
    assert "set DISCORD_TOKEN in the environment" in result.output
    assert "Traceback" not in result.output


def test_run_with_an_unreachable_database_says_so_without_a_traceback(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "token")
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"postgresql://judge:s3cret@127.0.0.1:{port}/spaceships"
    result = CliRunner().invoke(main, ["bot", "run", "--db", url])
    assert result.exit_code == 1, result.output
    assert "cannot reach the database" in result.output and "try again" in result.output
    assert "Traceback" not in result.output and "s3cret" not in result.output


def test_run_names_its_database_without_the_password(
    monkeypatch: pytest.MonkeyPatch, pg_server: Any
) -> None:
    """The start line goes to logs (journald): a password in the URL must not."""
    monkeypatch.setenv("DISCORD_TOKEN", "token")
    monkeypatch.setattr("bot.cli.serve", _no_gateway)
    url = pg_server.new_database().replace("judge@", "judge:s3cret@")
    result = CliRunner().invoke(main, ["bot", "run", "--db", url])
    assert result.exit_code == 0, result.output
    assert "judge:***@" in result.output and "s3cret" not in result.output


async def _no_gateway(bot: Any, token: str) -> None:
    bot.store.close()


async def test_sigterm_closes_the_bot_cleanly(tmp_path: Path) -> None:
    bot = create_bot(tmp_path / "judge.sqlite3")

    async def start(token: str) -> None:  # a gateway that never ends by itself
        await asyncio.Event().wait()

    bot.start = start  # type: ignore[method-assign]
    asyncio.get_running_loop().call_later(0.05, os.kill, os.getpid(), signal.SIGTERM)
    await asyncio.wait_for(serve(bot, "token"), timeout=60)  # a hang guard, not a timing
    assert bot.is_closed()


async def test_a_refused_token_is_said_plainly(tmp_path: Path) -> None:
    bot = create_bot(tmp_path / "judge.sqlite3")

    async def start(token: str) -> None:
        raise discord.LoginFailure("Improper token has been passed.")

    bot.start = start  # type: ignore[method-assign]
    with pytest.raises(click.ClickException, match="Discord refused the token"):
        await serve(bot, "token")


async def test_discord_out_of_reach_is_one_line_and_status_75(tmp_path: Path) -> None:
    """Issue 48 item 5: no network is said in one line (no trace), and the bot stops with
    EX_TEMPFAIL for its service manager to start it again."""
    bot = create_bot(tmp_path / "judge.sqlite3")

    async def start(token: str) -> None:
        raise OSError(101, "Network is unreachable")

    bot.start = start  # type: ignore[method-assign]
    with pytest.raises(click.ClickException) as raised:
        await serve(bot, "token")
    assert raised.value.exit_code == 75
    said = raised.value.format_message()
    assert "cannot reach Discord" in said and "Network is unreachable" in said
    assert "\n" not in said


def test_a_lost_connection_is_logged_in_one_line_without_a_trace() -> None:
    from bot.cli import OneLine

    lost = (OSError, OSError("unreachable"), None)
    record = logging.LogRecord(
        "discord.client", logging.ERROR, "", 0, "Attempting a reconnect in %.2fs", (1.5,), lost
    )
    OneLine().filter(record)
    assert record.exc_info is None
    assert record.getMessage() == (
        "Attempting a reconnect in 1.50s: Discord cannot be reached (OSError: unreachable)"
    )


async def test_beside_the_mail_judge_the_bot_tries_discord_again_after_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """In `spaceships pbem`'s process the bot never stops the mail judge: Discord out of reach
    is one line in the log, and the bot tries again (a new connection each time)."""
    import bot.app
    import bot.cli

    original = bot.app.create_bot
    made: list[Any] = []
    connected = asyncio.Event()

    def create(db: str) -> Any:
        one = original(db)

        async def start(token: str) -> None:
            if not made[1:] or one is made[0]:
                raise OSError(101, "Network is unreachable")
            connected.set()
            await asyncio.Event().wait()

        one.start = start  # type: ignore[method-assign]
        made.append(one)
        return one

    monkeypatch.setattr("bot.app.create_bot", create)
    monkeypatch.setattr(bot.cli, "RETRY_FIRST", 0.0)
    monkeypatch.setenv("DISCORD_TOKEN", "token")
    lines, stop = await bot.cli.start_beside(str(tmp_path / "judge.sqlite3"))
    await asyncio.wait_for(connected.wait(), timeout=60)  # a hang guard, not a timing
    await stop()
    said = [r for r in caplog.records if r.name == "bot"]
    assert [r.getMessage() for r in said] == [
        "the Discord bot cannot reach Discord (OSError: [Errno 101] Network is unreachable); "
        "trying again in 0 s"
    ]
    assert all(r.exc_info is None for r in said) and len(made) == 2


def test_the_bot_warns_of_no_voice_support_it_never_uses(tmp_path: Path) -> None:
    import subprocess
    import sys

    made = subprocess.run(
        [sys.executable, "-c", "import sys; from bot import create_bot; create_bot(sys.argv[1])",
         str(tmp_path / "judge.sqlite3")],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    assert "voice" not in made.stderr


# -- the store ------------------------------------------------------------------------------
def test_an_interaction_is_claimed_once_even_by_two_processes(tmp_path: Path) -> None:
    one, two = open_store(tmp_path / "j.sqlite3"), open_store(tmp_path / "j.sqlite3")
    with one.transaction():
        assert DiscordStore(one).claim_interaction(42, NOW)
    with two.transaction():
        assert not DiscordStore(two).claim_interaction(42, NOW)


def test_outbox_entries_are_delivered_once_and_a_dead_claim_is_taken_over(
    tmp_path: Path,
) -> None:
    store = open_store(tmp_path / "j.sqlite3")
    tables = DiscordStore(store)
    with store.transaction():
        tables.add_outbox(None, "notice", None, "discord:1", {"body": "hi"}, NOW)
    with store.transaction():
        first = tables.claim_outbox(NOW, NOW.replace(hour=11))
        again = tables.claim_outbox(NOW, NOW.replace(hour=11))
    assert len(first) == 1 and again == []
    later = NOW.replace(hour=13)
    with store.transaction():
        taken = tables.claim_outbox(later, later.replace(hour=12, minute=30))
        tables.mark_sent(taken[0].id, later)
    assert len(taken) == 1 and tables.pending_count() == 0


# -- one store, two front ends ------------------------------------------------------------
def test_a_discord_game_cannot_be_joined_or_played_by_email(tmp_path: Path) -> None:
    store = open_store(tmp_path / "j.sqlite3")
    discord_judge = Judge(store, accounts=True)
    discord_judge.handle(Inbound("discord:1", "create duel", authenticated=True))
    mail = Judge(store)
    for text in ("join duel", "observe duel", "game duel acorn-acorn-acorn", "master duel x"):
        body = mail.handle(Inbound("eve@example.org", text))[0].body
        assert "game duel is played in Discord; take part there" in body, body
    mail.handle(Inbound("gm@example.org", "create letters"))
    body = discord_judge.handle(Inbound("discord:2", "join letters", authenticated=True))[0].body
    assert "played by email" in body


def test_a_long_results_text_goes_on_in_more_embeds_the_picture_on_the_first() -> None:
    from datetime import UTC, datetime

    from bot.posts import results_posts
    from pbem.storage.store import GameRow

    game = GameRow(
        1,
        "alpha",
        "2.6.1",
        (),
        False,
        "playing",
        "discord:1",
        "",
        "",
        24,
        0,
        "noactions",
        2,
        None,
        None,
        False,
        False,
        None,
        None,
        datetime(2026, 1, 1, tzinfo=UTC),
        None,
        True,
    )
    body = "\n".join(f"  strike Gx{n % 5 + 1} miss" + " " * 40 for n in range(200))
    message = {"kind": "turn", "turn": 1, "body": body, "attachments": []}
    posts = results_posts(game, message, ("alpha-turn1.png", b"png"))
    assert len(posts) > 1
    assert all(len(p.embeds[0].description or "") <= 4096 for p in posts)
    assert posts[0].files == [("alpha-turn1.png", b"png")] and posts[1].files == []
    assert posts[1].embeds[0].title == "alpha: turn 1 results (continued)"


async def test_the_deadline_loop_says_a_database_away_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    bot = create_bot(tmp_path / "judge.sqlite3")
    monkeypatch.setattr(bot.ticker, "restart", lambda: None)
    with caplog.at_level(logging.ERROR, logger="bot.app"):
        await bot._tick_failed(StoreUnavailable("cannot reach the database"))
    (record,) = caplog.records
    assert "deadlines wait for the database" in record.getMessage() and not record.exc_info
    bot.store.close()
