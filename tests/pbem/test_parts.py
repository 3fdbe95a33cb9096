"""The judge's parts on their own: the command language, deadline rules, passwords, the store."""

from __future__ import annotations

import random
import sqlite3
from datetime import UTC, datetime, timedelta

import pytest

from pbem.language.commands import Command, CommandError, parse_commands
from pbem.steps.deadlines import DeadlineError, DeadlineRule, parse_duration
from pbem.steps.passwords import check_password, hash_password, new_password
from pbem.storage.store import SCHEMA_VERSION, StoreError, open_store

OPENED = datetime(2026, 11, 22, 13, 27, 45, tzinfo=UTC)  # a Sunday


# -- command language -------------------------------------------------------------------------
def _commands(text: str) -> list[Command]:
    parsed = parse_commands(text)
    assert all(isinstance(c, Command) for c in parsed), parsed
    return parsed  # type: ignore[return-value]


def test_keywords_are_read_in_any_case() -> None:
    assert [c.keyword for c in _commands("HELP\nList\nsTaTuS alpha")] == ["help", "list", "status"]


def test_a_sign_on_takes_the_password_words_as_written() -> None:
    (command,) = _commands("game alpha amber otter tango")
    assert (command.name, command.password) == ("alpha", "amber otter tango")
    assert "amber" not in command.echo


def test_orders_run_on_over_following_lines_up_to_a_blank_line() -> None:
    orders, status = _commands("orders 3: Gx3 Gx4\n  mv Yw2\n\nstatus")
    assert orders.turn == 3
    assert orders.body.split() == ["Gx3", "Gx4", "mv", "Yw2"]
    assert status.keyword == "status"


def test_orders_end_at_a_line_starting_with_a_command() -> None:
    orders, status = _commands("orders turn 4\nGx3\nstatus alpha")
    assert orders.turn == 4 and orders.body.split() == ["Gx3"] and status.name == "alpha"


def test_orders_without_a_turn_number_keep_turn_none() -> None:
    (orders,) = _commands("orders: Gx3")
    assert orders.turn is None and orders.body.strip() == "Gx3"


def test_a_fleet_block_ends_at_end() -> None:
    fleet, listing = _commands("fleet\nDS Rv1\nKC Gx1\nend\nlist")
    assert fleet.body.split() == ["DS", "Rv1", "KC", "Gx1"]
    assert listing.keyword == "list"


def test_create_settings_split_at_setting_words() -> None:
    (create,) = _commands(
        "create Alpha ruleset classic deadline FREQ=WEEKLY;BYDAY=MO;BYHOUR=20 reminder 12h "
        "missing wait private"
    )
    assert create.settings == (
        ("ruleset", "classic"),
        ("deadline", "FREQ=WEEKLY;BYDAY=MO;BYHOUR=20"),
        ("reminder", "12h"),
        ("missing", "wait"),
        ("private", "yes"),
    )


def test_bare_options_need_no_options_word() -> None:
    (create,) = _commands("create beta fleet=cost:24 colours=RYGOB deadline 2 days")
    assert create.settings == (
        ("options", "fleet=cost:24 colours=RYGOB"),
        ("deadline", "2 days"),
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("create", "needs a game name"),
        ("create 9lives", "is not a game name"),
        ("game alpha", "needs the password"),
        ("create beta sometimes", "unknown setting"),
        ("frobnicate", "unknown command"),
    ],
)
def test_bad_lines_become_errors_with_where_and_hint(text: str, message: str) -> None:
    (error,) = parse_commands("\n" + text)
    assert isinstance(error, CommandError)
    assert message in error.message and error.line == 2 and error.hint


def test_order_lines_outside_orders_hint_at_the_sign_on() -> None:
    (error,) = parse_commands("Gx3 Gx4")
    assert isinstance(error, CommandError) and "game NAME PASSWORD" in (error.hint or "")


def test_the_subject_is_read_only_when_the_text_is_empty() -> None:
    assert [c.keyword for c in parse_commands("", subject="Re: Fwd: list")] == ["list"]  # type: ignore[union-attr]
    assert [c.keyword for c in parse_commands("help", subject="list")] == ["help"]  # type: ignore[union-attr]


# -- deadlines --------------------------------------------------------------------------------
def test_a_relative_deadline_counts_from_the_opening() -> None:
    assert DeadlineRule.parse("48h").deadline_for(OPENED) == OPENED + timedelta(hours=48)
    assert DeadlineRule.parse("2 days").deadline_for(OPENED) == OPENED + timedelta(days=2)
    assert DeadlineRule.parse("1d 12h").deadline_for(OPENED) == OPENED + timedelta(hours=36)


def test_a_recurring_deadline_is_on_the_hour_of_the_next_occurrence() -> None:
    rule = DeadlineRule.parse("FREQ=WEEKLY;BYDAY=MO,TH;BYHOUR=20")
    assert rule.deadline_for(OPENED) == datetime(2026, 11, 23, 20, 0, tzinfo=UTC)
    monday_evening = datetime(2026, 11, 23, 20, 0, tzinfo=UTC)
    assert rule.deadline_for(monday_evening) == datetime(2026, 11, 26, 20, 0, tzinfo=UTC)


def test_an_absolute_deadline_without_zone_is_utc_and_expires() -> None:
    rule = DeadlineRule.parse("2026-12-01 20:00")
    assert rule.deadline_for(OPENED) == datetime(2026, 12, 1, 20, 0, tzinfo=UTC)
    assert rule.deadline_for(datetime(2026, 12, 2, tzinfo=UTC)) is None


def test_an_absolute_deadline_with_an_offset_is_stored_in_utc() -> None:
    rule = DeadlineRule.parse("2026-12-01T20:00+01:00")
    assert rule.deadline_for(OPENED) == datetime(2026, 12, 1, 19, 0, tzinfo=UTC)


@pytest.mark.parametrize("text", ["48h", "2026-12-01 20:00", "FREQ=DAILY;BYHOUR=8", "none"])
def test_a_stored_rule_reads_back_the_same(text: str) -> None:
    rule = DeadlineRule.parse(text)
    assert DeadlineRule.parse(rule.stored) == rule


@pytest.mark.parametrize("text", ["soonish", "FREQ=SOMETIMES"])
def test_an_unreadable_deadline_says_how_to_write_one(text: str) -> None:
    with pytest.raises(DeadlineError) as caught:
        DeadlineRule.parse(text)
    assert caught.value.hint and caught.value.text


def test_durations() -> None:
    assert parse_duration("90 minutes") == timedelta(minutes=90)
    assert parse_duration("0") == timedelta(0)
    with pytest.raises(DeadlineError):
        parse_duration("3 fortnights")


# -- passwords --------------------------------------------------------------------------------
def test_passwords_are_three_words_and_check_in_any_spelling() -> None:
    password = new_password(random.Random(1))
    assert len(password.split("-")) == 3
    stored = hash_password(password)
    assert check_password(password.upper().replace("-", " "), stored)
    assert not check_password(password + "x", stored)
    assert not check_password(password, "garbage")


def test_passwords_without_an_rng_differ() -> None:
    assert len({new_password() for _ in range(20)}) > 15


# -- store ------------------------------------------------------------------------------------
def test_a_file_store_uses_wal_foreign_keys_and_a_schema_version(tmp_path) -> None:
    store = open_store(tmp_path / "judge.db")
    connection = store.connection
    assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert connection.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    assert connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    store.close()
    reopened = open_store(f"sqlite:///{tmp_path / 'judge.db'}")  # an absolute path in a URL
    assert reopened.connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    reopened.close()


def test_a_store_newer_than_the_judge_is_refused(tmp_path) -> None:
    path = tmp_path / "judge.db"
    connection = sqlite3.connect(path)
    connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    connection.close()
    with pytest.raises(StoreError):
        open_store(path)


def test_other_databases_are_refused_with_the_two_that_work() -> None:
    with pytest.raises(StoreError, match="SQLite .* or PostgreSQL"):
        open_store("mysql://localhost/judge")


def test_a_transaction_that_fails_leaves_nothing_behind() -> None:
    store = open_store(":memory:")
    with pytest.raises(RuntimeError), store.transaction():
        store.connection.execute(
            "INSERT INTO games (name, ruleset, phase, master_address, master_password, "
            "created_at) VALUES ('x', '2.6.1', 'joining', 'a', 'b', '2026-01-01')"
        )
        raise RuntimeError("crash")
    assert store.game("x") is None
    store.close()


def test_help_on_a_topic_explains_it_with_an_example() -> None:
    from pbem.language.command_help import help_text

    text = help_text("Orders")
    assert text.startswith("orders TURN: ORDERS") and "orders 3: Gx3 Gx4" in text
    assert "help orders" in help_text()
