"""Bench: what one email costs the judge's database, counted rather than timed, so the figures
hold on a busy machine as on a quiet one.

The mail front end (`MailGateway`, the same object `serve` runs) handles a stream of players'
mail in this process, on SQLite and on a throwaway PostgreSQL server started with a real
deployment's durability (fsync on, synchronous_commit on). Per message it prints:
  - statements sent to the database, and round trips (times the judge waited for the server);
  - transactions committed, and of those the durable ones (flushed to disk before the judge
    goes on: the one that hands the message's responsibility over);
  - CPU milliseconds in the judge's process, and in the PostgreSQL server process serving it;
  - WAL flushes (PostgreSQL's pg_stat_wal.wal_sync, every process of the server).

    python bench/pbem_costs.py [--messages 300]
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.append(str(ROOT / "bench"))  # after the project: bench/pbem.py is no `pbem`

import psycopg  # noqa: E402

from pbem.mail.app import open_gateway  # noqa: E402
from pbem.mail.config import MailConfig  # noqa: E402
from pbem.storage.database import Database  # noqa: E402


def _bench_pbem() -> Any:
    """bench/pbem.py's mail and its server (a file of this folder, not a package)."""
    spec = importlib.util.spec_from_file_location("bench_pbem", ROOT / "bench" / "pbem.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Counted:
    """The seam's own connection, counting what the judge sends it: statements, commits, and
    of those the durable ones (SQLite: under synchronous FULL; PostgreSQL: with
    synchronous_commit on, the seam's way for what must be durable)."""

    def __init__(self, db: Database, counts: Counter[str], sql: Counter[str]) -> None:
        self.db, self.raw, self.dialect, self.counts, self.sql = db, db.raw, db.dialect, counts, sql
        self.batch_committing = False  # PostgreSQL: a write of this batch counted its commit
        self.full = True  # SQLite's synchronous setting
        self.synchronous_on = False  # PostgreSQL: this transaction said so
        self.explicit = False  # PostgreSQL: inside BEGIN ... COMMIT

    def __getattr__(self, name: str) -> Any:
        return getattr(self.raw, name)

    def execute(self, sql: str, params: Any = None) -> Any:
        self._count(sql, 1)
        return self.raw.execute(sql, params) if params is not None else self.raw.execute(sql)

    def executemany(self, sql: str, rows: Any) -> Any:
        self._count(sql, len(rows))
        return self.raw.executemany(sql, rows)

    def _count(self, sql: str, n: int) -> None:
        if not self.db.batching:
            self.batch_committing = False
        text = " ".join(sql.split())
        self.counts["statements"] += n
        self.sql[text[:90]] += n
        upper = text.upper()
        if upper.startswith("PRAGMA SYNCHRONOUS"):
            self.full = upper.endswith("FULL")
        elif upper == "SET LOCAL SYNCHRONOUS_COMMIT = ON":
            self.synchronous_on = True
        elif upper in ("BEGIN", "BEGIN IMMEDIATE"):
            self.explicit = True
        elif upper == "COMMIT":
            self.counts["commits"] += 1
            self.counts["durable"] += self._durable()
            self.synchronous_on = self.explicit = False
        elif upper.split(" ", 1)[0] in ("INSERT", "UPDATE", "DELETE") and self._alone():
            self.counts["commits"] += 1
            self.counts["durable"] += self._durable()

    def _alone(self) -> bool:
        """A write outside BEGIN ... COMMIT: it commits by itself (in a batch, with the
        batch's other statements: one commit for the batch)."""
        if self.dialect == "sqlite":
            return not self.raw.in_transaction
        if self.explicit:
            return False
        if not self.db.batching:
            return True
        first, self.batch_committing = not self.batch_committing, True
        return first

    def _durable(self) -> bool:
        return self.full if self.dialect == "sqlite" else self.synchronous_on


class Counting:
    """Counts round trips: the times the judge waited for PostgreSQL's answers."""

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()
        self.statements: Counter[str] = Counter()
        wait = psycopg.Connection.wait
        counts = self.counts

        def waited(gen: Any) -> Any:
            """`gen`, counted once if it waits for the server at all."""
            try:
                state = next(gen)
            except StopIteration as stop:
                return stop.value
            counts["round trips"] += 1
            while True:
                answer = yield state
                try:
                    state = gen.send(answer)
                except StopIteration as stop:
                    return stop.value

        def counted_wait(connection: Any, gen: Any, *args: Any, **kwargs: Any) -> Any:
            # In pipeline mode only a fetch or a sync waits for answers; sending does not.
            answers = getattr(gen, "__name__", "") in ("_fetch_gen", "_sync_gen", "_exit_gen")
            if connection._pipeline is None or answers:
                gen = waited(gen)
            return wait(connection, gen, *args, **kwargs)

        psycopg.Connection.wait = counted_wait  # type: ignore[method-assign]

    def watch(self, db: Database) -> None:
        db.raw = Counted(db, self.counts, self.statements)


def cpu_of(pid: int) -> float:
    """Seconds of CPU (user + system) the process has used."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measure(url: str, count: int, counting: Counting, bench: Any) -> dict[str, float]:
    with tempfile.TemporaryDirectory(prefix="spaceships-costs-") as folder:
        config = MailConfig(
            db=url, judge_address=bench.JUDGE, outbox=folder, rate_limit_per_hour=100000
        )
        gateway = open_gateway(config)
        gateway.defer_written = True  # as `serve` runs it (its worker notes what is left)
        db = gateway.db
        counting.watch(db)
        gateway.receive(bench.mail(0, "create bench"), "smtp")
        for number in range(1, 40):  # warm: prepared statements, caches
            gateway.receive(bench.mail(number), "smtp")
        raws = [bench.mail(number) for number in range(1000, 1000 + count)]
        backend = wal = None
        if db.dialect == "postgresql":
            backend = db.execute("SELECT pg_backend_pid()").fetchone()[0]
            wal = lambda: db.raw.raw.execute("SELECT wal_sync FROM pg_stat_wal").fetchone()[0]  # noqa: E731
        wal_before = wal() if wal else 0
        server_before = cpu_of(backend) if backend else 0.0
        counting.counts.clear()
        counting.statements.clear()
        judge_before = time.process_time()
        for raw in raws:
            gateway.receive(raw, "smtp")
        gateway.note_written()
        judge_cpu = time.process_time() - judge_before
        server_cpu = cpu_of(backend) - server_before if backend else 0.0
        counted = dict(counting.counts)
        wal_syncs = (wal() - wal_before) if wal else 0
        gateway.delivery.close()
        db.close()
    return {
        "statements": counted.get("statements", 0) / count,
        "round trips": counted.get("round trips", 0) / count if backend else 0.0,
        "commits": counted.get("commits", 0) / count,
        "durable": counted.get("durable", 0) / count,
        "judge cpu": 1000 * judge_cpu / count,
        "server cpu": 1000 * server_cpu / count,
        "wal syncs": wal_syncs / count,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=300)
    parser.add_argument("--statements", action="store_true", help="list them, per message")
    args = parser.parse_args()
    bench = _bench_pbem()
    counting = Counting()
    postgres = bench.Postgres()
    try:
        with tempfile.TemporaryDirectory(prefix="spaceships-costs-") as folder:
            sqlite = str(Path(folder) / "costs.sqlite3")
            stores = [("SQLite", sqlite), ("PostgreSQL", postgres.url())]
            print(f"per message, {args.messages} messages ({', '.join(bench.COMMANDS)}) in turn")
            columns = ("statements", "round trips", "commits", "durable", "judge cpu",
                       "server cpu", "wal syncs")  # fmt: skip
            print(f"{'store':<11}" + "".join(f"{c:>12}" for c in columns))
            for label, url in stores:
                figures = measure(url, args.messages, counting, bench)
                print(f"{label:<11}" + "".join(f"{figures[c]:>12.2f}" for c in columns))
                if args.statements:
                    for sql, n in counting.statements.most_common():
                        print(f"    {n / args.messages:5.2f}  {sql}")
        print("cpu in ms; durable: commits flushed to disk before the judge goes on")
    finally:
        postgres.close()


if __name__ == "__main__":
    main()
