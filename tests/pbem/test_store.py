"""The store on both databases (each test runs on SQLite and on a real PostgreSQL): migrations
from every earlier version, several processes on one database, copy-store both ways."""

from __future__ import annotations

import sqlite3
import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from pbem_support import FLEET_A, FLEET_B, Clock, Table

from pbem.judge import Judge
from pbem.mail.archive import Archive
from pbem.mail.delivery import Delivery
from pbem.mail.gateway import MailGateway
from pbem.storage.copystore import CopyError, copy_store, summary
from pbem.storage.database import open_database
from pbem.storage.migrations import SCHEMA_VERSION, STEPS, TABLES, migrate
from pbem.storage.store import StoreError, open_store

NOW = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)


def _game_row(name: str) -> tuple[str, ...]:
    return (name, "2.6.1", "joining", "gm@example.org", "x", "2026-11-01T00:00:00+00:00")


def _fill(db, version: int) -> None:  # type: ignore[no-untyped-def]
    """What a judge at `version` would have stored: a game, a player, and mail once it had it."""
    if version >= 1:
        db.execute(
            "INSERT INTO games (name, ruleset, phase, master_address, master_password, "
            "created_at) VALUES (?, ?, ?, ?, ?, ?)",
            _game_row("Alpha"),
        )
        db.execute(
            "INSERT INTO players (game_id, seat, address, password, joined_at) "
            "VALUES (1, 'A', 'alice@example.org', 'h', '2026-11-01T00:00:00+00:00')"
        )
    if version >= 3:
        for n, message_id in enumerate(["<m1@x>", "<m1@x>", "<m2@x>"]):
            status = "duplicate" if n == 1 else "processed"
            db.execute(
                "INSERT INTO mail_inbound (message_id, raw, size, received_at, status) "
                "VALUES (?, ?, 3, '2026-11-01T00:00:00+00:00', ?)",
                (message_id, b"raw", status),
            )


# -- migrations [every version a judge ever shipped, on both databases] -------------------------
@pytest.mark.parametrize("version", range(SCHEMA_VERSION))
def test_a_database_of_every_earlier_version_upgrades_and_keeps_what_it_held(
    store_url: str, version: int
) -> None:
    db = open_database(store_url)
    migrate(db, target=version)
    _fill(db, version)
    db.close()
    store = open_store(store_url)
    try:
        with store.transaction():
            assert store.connection.schema_version() == SCHEMA_VERSION
        if version >= 1:
            game = store.game("alpha")  # names are case-blind on both databases
            assert game is not None and game.name == "Alpha"
            assert store.players(game.id)["A"].address == "alice@example.org"
            assert game.master_news  # a game older than `news off` keeps mailing its master
            # Nobody had said anything of pictures: each game's default holds (issue 21).
            assert store.pictures_said(["alice@example.org"]) == {"alice@example.org": None}
        if version >= 3:
            archive = Archive(store.connection)
            assert [m.status for m in archive.select()] == ["processed", "duplicate", "processed"]
        table = Table(store)
        assert "created" in table.person("gm@example.org").send("create beta").body.lower()
        assert "exists already" in table.person("gm@example.org").send("create ALPHA").body or (
            version == 0
        )
    finally:
        store.close()


def test_a_sqlite_file_written_by_the_judge_before_postgresql_upgrades(tmp_path: Path) -> None:
    """Version 2 files had their mail tables made by the mail front end itself, as below."""
    path = tmp_path / "old.sqlite3"
    db = open_database(path)
    migrate(db, target=2)
    _fill(db, 2)
    db.close()
    old = sqlite3.connect(path)
    old.execute(
        "CREATE TABLE mail_inbound (id INTEGER PRIMARY KEY, message_id TEXT NOT NULL, sender "
        "TEXT NOT NULL DEFAULT '', raw BLOB NOT NULL, size INTEGER NOT NULL, received_at TEXT "
        "NOT NULL, source TEXT NOT NULL DEFAULT '', status TEXT NOT NULL DEFAULT 'received', "
        "error TEXT, processed_at TEXT)"
    )
    old.execute(
        "CREATE TABLE mail_threads (game TEXT PRIMARY KEY, root_id TEXT NOT NULL, "
        "created_at TEXT NOT NULL)"
    )
    old.executemany(
        "INSERT INTO mail_inbound (message_id, raw, size, received_at, status) "
        "VALUES (?, x'00', 1, '2026-11-01', ?)",
        [("<a@x>", "processed"), ("<a@x>", "duplicate"), ("<b@x>", "received")],
    )
    old.commit()
    old.close()
    store = open_store(path)
    try:
        rows = store.connection.execute(
            "SELECT message_id, claim_key FROM mail_inbound ORDER BY id"
        ).fetchall()
        assert [tuple(r) for r in rows] == [("<a@x>", "<a@x>"), ("<a@x>", None), ("<b@x>", "<b@x>")]
    finally:
        store.close()


def test_a_database_newer_than_the_judge_is_refused(store_url: str) -> None:
    db = open_database(store_url)
    migrate(db)
    with db.transaction():
        db.schema_version()
        db.set_schema_version(SCHEMA_VERSION + 1)
    db.close()
    with pytest.raises(StoreError, match="newer than this judge"):
        open_store(store_url)


def test_every_table_of_the_schema_is_listed_for_copy_store(store_url: str) -> None:
    store = open_store(store_url)
    try:
        assert set(store.connection.tables()) - {"schema_version"} == set(TABLES)
    finally:
        store.close()


def test_migration_steps_are_written_for_both_databases() -> None:
    for step in STEPS:
        for dialect in ("sqlite", "postgresql"):
            assert "{" not in step.script.format(**_types(dialect))


def _types(dialect: str) -> dict[str, str]:
    from pbem.storage.database import TYPES

    return TYPES[dialect]


# -- several processes on one database ------------------------------------------------------
def test_a_key_is_claimed_once_by_two_connections_at_once(store_url: str) -> None:
    stores = [open_store(store_url) for _ in range(2)]
    won: list[bool] = []
    barrier = threading.Barrier(2)

    def claim(store) -> None:  # type: ignore[no-untyped-def]
        barrier.wait()
        for n in range(30):
            won.append(store.claim("discord", f"interaction-{n}", NOW))

    threads = [threading.Thread(target=claim, args=(s,)) for s in stores]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert won.count(True) == 30 and won.count(False) == 30
    for store in stores:
        store.close()


def test_a_claim_made_in_a_transaction_that_fails_is_not_kept(store_url: str) -> None:
    store = open_store(store_url)
    with pytest.raises(RuntimeError), store.transaction():
        assert store.claim("discord", "i-1", NOW)
        raise RuntimeError("crash")
    assert store.claim("discord", "i-1", NOW)
    store.close()


def _gateway(store_url: str, outbox: Path, clock: Clock) -> MailGateway:
    store = open_store(store_url)
    judge = Judge(store, clock=clock, judge_address="judge@club.example")
    return MailGateway(
        store.connection,
        judge,
        Delivery(outbox),
        judge_address="judge@club.example",
        clock=clock,
        rate_limit_per_hour=0,
    )


def test_deadline_ticks_from_two_processes_at_once_send_one_set_of_mails(
    store_url: str, tmp_path: Path
) -> None:
    clock = Clock()
    setup = Table(open_store(store_url))
    setup.clock.now = clock.now
    for n in range(6):  # six games whose deadline passes at the same moment
        gm = setup.person(f"gm{n}@example.org")
        gm.send(f"create g{n} deadline 24h reminder 0")
        a, b = setup.person(f"a{n}@example.org"), setup.person(f"b{n}@example.org")
        a.join(f"g{n}")
        b.join(f"g{n}")
        a.fleet(FLEET_A, f"g{n}")
        b.fleet(FLEET_B, f"g{n}")
    setup.store.close()
    clock.now += timedelta(hours=25)
    gateways = [_gateway(store_url, tmp_path / "outbox", clock) for _ in range(2)]
    written: list[int] = []
    barrier = threading.Barrier(2)

    def tick(gateway: MailGateway) -> None:
        barrier.wait()
        written.append(gateway.tick())

    threads = [threading.Thread(target=tick, args=(g,)) for g in gateways]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    mails = gateways[0].delivery.outbox.keys()
    assert sorted(written)[0] == 0 and sum(written) == len(mails) > 0
    for n in range(6):  # each game's turn 1 passed once: one turn-1 result per player
        game = gateways[0].judge.store.game(f"g{n}")  # type: ignore[attr-defined]
        assert game.turn == 2
    # A second round later changes nothing more.
    assert gateways[1].tick() == 0


def test_a_message_handed_to_two_processes_is_answered_once(store_url: str, tmp_path: Path) -> None:
    clock = Clock()
    gateways = [_gateway(store_url, tmp_path / "outbox", clock) for _ in range(2)]
    raws = [
        (
            f"From: gm{n}@example.org\r\nTo: judge@club.example\r\nSubject: c\r\n"
            f"Message-ID: <m{n}@example.org>\r\n\r\ncreate race{n}\r\n"
        ).encode()
        for n in range(15)
    ]
    statuses: list[str] = []

    def feed(gateway: MailGateway) -> None:
        for raw in raws:
            statuses.append(gateway.receive(raw, "smtp").status)

    threads = [threading.Thread(target=feed, args=(g,)) for g in gateways]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert statuses.count("processed") == 15 and statuses.count("duplicate") == 15
    assert len(gateways[0].delivery.outbox.keys()) == 15


# -- copy-store ---------------------------------------------------------------------------
def _played(url: str) -> dict[str, tuple[int, str]]:
    table = Table(open_store(url))
    gm = table.person("gm@example.org")
    gm.send("create alpha deadline 48h")
    alice, bob = table.person("alice@example.org"), table.person("bob@example.org")
    alice.join()
    bob.join()
    alice.fleet(FLEET_A)
    bob.fleet(FLEET_B)
    alice.orders(1, "Rx4 Rx5")
    bob.orders(1, "Rv1")
    assert "Pictures on" in alice.send("pictures on").body
    table.store.connection.execute(
        "INSERT INTO mail_inbound (message_id, raw, size, received_at, claim_key) "
        "VALUES ('<x@y>', ?, 3, '2026-11-01', '<x@y>')",
        (bytes(range(256)),),
    )
    result = summary(table.store.connection)
    table.store.close()
    return result


def test_copy_store_moves_everything_to_postgresql_and_back(pg_server, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    original = str(tmp_path / "judge.sqlite3")
    before = _played(original)
    assert before["turns"][0] == 1 and before["orders"][0] == 2
    assert before["mail_settings"][0] == 1
    there = pg_server.new_schema()
    copied = copy_store(original, there)
    assert {c.table: (c.rows, c.checksum) for c in copied} == before
    back = str(tmp_path / "back.sqlite3")
    copy_store(there, back)
    store = open_store(back)
    assert summary(store.connection) == before
    assert store.pictures_said(["alice@example.org"]) == {"alice@example.org": True}
    # The copy is a working judge: new rows get new ids after the copied ones.
    table = Table(store)
    table.person("gm@example.org").send("create beta")
    assert store.game("beta").id == store.game("alpha").id + 1  # type: ignore[union-attr]
    store.close()
    pg = open_store(there)
    Table(pg).person("gm@example.org").send("create gamma")
    assert pg.game("gamma").id == 2  # type: ignore[union-attr]
    pg.close()


def test_copy_store_from_a_running_postgresql_judge_copies_one_moment(  # type: ignore[no-untyped-def]
    pg_server, tmp_path: Path
) -> None:
    """`copy-store` as a backup while judges run (docs/running-a-judge.md, "Backups"): a
    message stored after the copy began is not half in it; the copy is the database as it
    was when the copy began, and it verifies."""
    original = str(tmp_path / "judge.sqlite3")
    before = _played(original)
    running = pg_server.new_schema()
    copy_store(original, running)
    judge = open_store(running)

    def a_message_arrives(table: str) -> None:
        if table == "games":  # copied already; mail_inbound is still to come
            with judge.transaction():
                judge.connection.execute(
                    "INSERT INTO mail_inbound (message_id, raw, size, received_at, claim_key) "
                    "VALUES ('<late@y>', ?, 1, '2026-11-02', '<late@y>')",
                    (b"x",),
                )

    copied = copy_store(running, str(tmp_path / "backup.sqlite3"), a_message_arrives)
    judge.close()
    assert {c.table: (c.rows, c.checksum) for c in copied} == before


def test_copy_store_refuses_a_target_that_holds_anything(store_url: str, tmp_path: Path) -> None:
    source = str(tmp_path / "source.sqlite3")
    _played(source)
    Table(open_store(store_url)).person("gm@example.org").send("create other")
    with pytest.raises(CopyError, match="not empty"):
        copy_store(source, store_url)


def test_judge_handle_reads_a_game_case_blind(store_url: str) -> None:
    table = Table(open_store(store_url))
    table.person("gm@example.org").send("create Alpha")
    reply = table.person("alice@example.org").send("join ALPHA")
    assert "joined Alpha as player A" in reply.body, reply.body
    table.store.close()


def test_status_answers_while_another_judge_holds_the_game(pg_server, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """A turn being adjudicated locks its game's row until commit; `status`, which only reads,
    does not wait for it (PostgreSQL: SQLite lets one writer in at a time anyway)."""
    url = pg_server.new_schema()
    table = Table(open_store(url))
    # A wait for the lock ends in an error (the judge's lock_timeout, cut short here), so the
    # test times nothing: a wait fails however busy the machine, and no wait passes however slow.
    table.store.connection.execute("SET lock_timeout = '2s'")
    table.person("gm@example.org").send("create Alpha")
    holder = open_store(url)
    with holder.transaction():
        assert holder.game("alpha") is not None  # locked, as a judge adjudicating holds it
        reply = table.person("carol@example.org").send("status alpha")
    assert "Game Alpha" in reply.body, reply.body
    holder.close()
    table.store.close()
