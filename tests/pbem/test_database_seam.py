"""The database seam on both databases: what pipelined statements, light commits and rows read
later must never change (each test runs on SQLite and on a real PostgreSQL)."""

from __future__ import annotations

import pytest

from pbem.storage.database import Database, open_database


@pytest.fixture
def db(store_url: str) -> Database:
    database = open_database(store_url)
    database.execute("CREATE TABLE seam (k TEXT PRIMARY KEY, v INTEGER)")
    yield database
    database.close()


def _keys(url: str) -> list[str]:
    """As another process sees the table: what was committed."""
    other = open_database(url)
    try:
        return [row[0] for row in other.execute("SELECT k FROM seam ORDER BY k").fetchall()]
    finally:
        other.close()


def test_a_write_nobody_reads_back_still_fails_its_transaction(
    db: Database, store_url: str
) -> None:
    """On PostgreSQL the failing insert is only answered at COMMIT: the whole transaction is
    still rolled back, and the caller still hears of it."""
    with pytest.raises(Exception, match="(?i)unique|duplicate"), db.transaction():
        db.execute("INSERT INTO seam (k, v) VALUES ('a', 1)")
        db.execute("INSERT INTO seam (k, v) VALUES ('a', 2)")
        db.execute("INSERT INTO seam (k, v) VALUES ('b', 3)")
    assert _keys(store_url) == []
    with db.transaction():  # and the connection goes on
        db.execute("INSERT INTO seam (k, v) VALUES ('c', 4)")
    assert _keys(store_url) == ["c"]


def test_a_nested_block_whose_write_fails_is_undone_alone(db: Database, store_url: str) -> None:
    with db.transaction():
        db.execute("INSERT INTO seam (k, v) VALUES ('a', 1)")
        with pytest.raises(Exception, match="(?i)unique|duplicate"), db.transaction():
            db.execute("INSERT INTO seam (k, v) VALUES ('b', 2)")
            db.execute("INSERT INTO seam (k, v) VALUES ('a', 3)")  # answered at the block's end
        db.execute("INSERT INTO seam (k, v) VALUES ('c', 4)")
    assert _keys(store_url) == ["a", "c"]


def test_what_waits_for_the_commit_runs_only_for_what_committed(db: Database) -> None:
    """`after_commit` (the mail thread-root cache): an action promised inside a nested block
    that rolls back never runs; the rest run once the transaction commits."""
    done: list[str] = []
    with db.transaction():
        db.after_commit(lambda: done.append("outer"))
        with pytest.raises(ValueError), db.transaction():
            db.after_commit(lambda: done.append("undone"))
            raise ValueError("the block fails")
        assert done == []
    assert done == ["outer"]


def test_rows_read_later_are_those_of_the_committed_statement(db: Database, store_url: str) -> None:
    with db.transaction():
        later = db.later("INSERT INTO seam (k, v) VALUES ('a', 1), ('b', 2) RETURNING k")
    assert sorted(row[0] for row in later.rows()) == ["a", "b"]
    assert _keys(store_url) == ["a", "b"]


def test_a_batch_is_answered_at_once_and_each_write_committed(db: Database, store_url: str) -> None:
    with db.batch():
        count = db.later("SELECT COUNT(*) FROM seam")
        inserted = db.later("INSERT INTO seam (k, v) VALUES ('a', 1) RETURNING v", durable=False)
    assert (count.one()[0], inserted.one()[0]) == (0, 1)
    assert _keys(store_url) == ["a"]


def test_a_batch_takes_no_write_that_must_be_durable(db: Database, store_url: str) -> None:
    with pytest.raises(ValueError, match="durable"), db.batch():
        db.execute("INSERT INTO seam (k, v) VALUES ('a', 1)")
    assert _keys(store_url) == []


def test_lone_writes_commit_by_themselves_durable_or_light(db: Database, store_url: str) -> None:
    db.execute("INSERT INTO seam (k, v) VALUES ('a', 1)")
    row = db.execute(
        "INSERT INTO seam (k, v) VALUES ('b', 2) RETURNING v", durable=False
    ).fetchone()
    assert row[0] == 2
    db.execute("UPDATE seam SET v = 3 WHERE k = 'a'", durable=False)
    assert _keys(store_url) == ["a", "b"]
    assert db.execute("SELECT v FROM seam WHERE k = 'a'").fetchone()[0] == 3
