"""The brake on guessing a game's passwords from many addresses (pbem.steps.throttle): after too
many wrong passwords for a game, addresses the game does not know get one check per interval; its
players and game master are never slowed down, are warned once, and the count is stored."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pbem_support import FLEET_A, FLEET_B, Table

from pbem.steps.throttle import (
    THROTTLED_CHECK_INTERVAL,
    WRONG_PASSWORD_LIMIT,
    WRONG_PASSWORD_WINDOW,
)
from pbem.storage import store as store_module
from pbem.storage.database import open_database
from pbem.storage.migrations import migrate
from pbem.storage.store import open_store

WRONG = "acorn-acorn-acorn"
TOO_MANY = "too many wrong passwords for game alpha recently; try again after"


def _set_up(table: Table) -> Table:
    table.person("gm@example.org", "Gamemaster").send("create alpha")
    alice = table.person("alice@example.org", "Alice")
    bob = table.person("bob@example.org", "Bob")
    alice.join()
    bob.join()
    assert "accepted" in alice.fleet(FLEET_A).body
    assert "accepted" in bob.fleet(FLEET_B).body
    return table


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "judge.db"


@pytest.fixture
def game(db_path: Path) -> Iterator[Table]:
    store = open_store(db_path)
    yield _set_up(Table(store))
    store.close()


def _guess(table: Table, address: str, password: str = WRONG) -> str:
    person = table.people.get(address) or table.person(address)
    return person.send(f"game alpha {password}").body


def _many_guesses(table: Table, count: int = WRONG_PASSWORD_LIMIT) -> None:
    for i in range(count):
        body = _guess(table, f"eve+{i}@example.org")
        assert "wrong password for alpha" in body, body


def _warnings(table: Table, address: str) -> list[str]:
    return [m.body for m in table.people[address].inbox if m.subject.endswith("wrong passwords")]


def test_guesses_from_many_addresses_are_slowed_to_one_per_interval(game: Table) -> None:
    _many_guesses(game)
    body = _guess(game, "eve+new@example.org")
    assert f"{TOO_MANY} Sun 2026-11-22 12:10 UTC" in body, body
    game.clock.advance(seconds=THROTTLED_CHECK_INTERVAL.total_seconds())
    assert "wrong password for alpha" in _guess(game, "eve+later@example.org")
    assert TOO_MANY in _guess(game, "eve+again@example.org")


def test_the_right_password_from_an_unknown_address_is_refused_alike_during_the_brake(
    game: Table,
) -> None:
    # Otherwise a refusal or an acceptance would tell the guesser whether a guess was right.
    alice = game.people["alice@example.org"]
    _many_guesses(game)
    right = _guess(game, "alice+phone@example.org", alice.password or "")
    wrong = _guess(game, "eve+new@example.org")
    assert TOO_MANY in right and "Signed on" not in right, right
    assert right.split("Refused:")[1] == wrong.split("Refused:")[1]


def test_the_players_and_master_at_their_own_addresses_are_never_slowed(game: Table) -> None:
    alice = game.people["alice@example.org"]
    _many_guesses(game)
    assert TOO_MANY in _guess(game, "eve+new@example.org")
    assert "Signed on to alpha as player A" in alice.send(alice.sign_on()).body
    assert "accepted for turn 1" in alice.orders(1, "Rx4").body
    body = game.people["gm@example.org"].send("master alpha " + WRONG).body
    assert "wrong master password" in body and TOO_MANY not in body, body


def test_the_brake_ends_a_window_after_the_last_wrong_passwords(game: Table) -> None:
    alice = game.people["alice@example.org"]
    _many_guesses(game)
    game.clock.advance(seconds=WRONG_PASSWORD_WINDOW.total_seconds())
    body = _guess(game, "alice+phone@example.org", alice.password or "")
    assert "Signed on to alpha as player A" in body, body


def test_everyone_with_a_seat_is_warned_once_and_not_told_who_tried(game: Table) -> None:
    _many_guesses(game, WRONG_PASSWORD_LIMIT - 1)
    assert not _warnings(game, "alice@example.org")
    _many_guesses(game, 1)
    game.clock.advance(seconds=THROTTLED_CHECK_INTERVAL.total_seconds())
    assert "wrong password" in _guess(game, "eve+later@example.org")
    for address in ("alice@example.org", "bob@example.org", "gm@example.org"):
        warnings = _warnings(game, address)
        assert len(warnings) == 1, (address, warnings)
        assert "wrong passwords for game alpha" in warnings[0]
        assert "@example.org" not in warnings[0]


def test_the_count_and_the_brake_survive_reopening_the_store(game: Table, db_path: Path) -> None:
    _many_guesses(game)
    game.store.close()
    store = open_store(db_path)
    try:
        reopened = Table(store)  # its clock starts at the same moment as the first table's
        assert TOO_MANY in _guess(reopened, "eve+new@example.org")
        alice = reopened.person("alice@example.org")
        reopened.clock.advance(seconds=THROTTLED_CHECK_INTERVAL.total_seconds())
        assert "wrong password for alpha" in _guess(reopened, "eve+later@example.org")
        assert TOO_MANY in _guess(reopened, "eve+again@example.org")
        assert not alice.inbox  # warned once already, before the restart
    finally:
        store.close()


@pytest.mark.parametrize(
    "line",
    [
        "game alpha Team Lead",
        "Game Alpha Team Lead, Springfield",
        "master alpha 1234",
        "game alpha x",
    ],
)
def test_what_cannot_be_a_password_is_refused_unchecked_and_not_counted(
    game: Table, line: str
) -> None:
    # A signature line such as "Game Alpha Team Lead" reads as `game alpha` and a password;
    # the judge's passwords are always three of its words, so it is no guess at one.
    body = table_send(game, "eve@example.org", line)
    assert "not a password of game alpha" in body and "wrong password" not in body
    # The reply teaches what a password looks like, without an example the mask would hide.
    assert "three words joined by hyphens" in body and "such as ******" not in body
    assert game.store.wrong_passwords_since(game.store.game("alpha").id, game.clock.now)[0] == 0


def table_send(table: Table, address: str, text: str) -> str:
    person = table.people.get(address) or table.person(address)
    return person.send(text).body


def test_a_version_1_database_upgrades_and_keeps_its_games(db_path: Path) -> None:
    db = open_database(db_path)
    migrate(db, target=1)
    db.execute(
        "INSERT INTO games (name, ruleset, phase, master_address, master_password, created_at) "
        "VALUES ('alpha', '2.6.1', 'joining', 'gm@example.org', 'x', '2026-11-01T00:00:00+00:00')"
    )
    db.close()
    store = open_store(db_path)
    try:
        version = store.connection.execute("PRAGMA user_version").fetchone()[0]
        assert version == store_module.SCHEMA_VERSION
        table = Table(store)
        assert "joined alpha as player A" in table.person("alice@example.org").join().body
        assert "wrong password for alpha" in _guess(table, "eve@example.org")
        assert store.wrong_passwords_since(store.game("alpha").id, table.clock.now)[0] == 1
    finally:
        store.close()
