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

import psycopg  # noqa: E402

from pbem.database import Database  # noqa: E402
from pbem.mail.app import open_gateway  # noqa: E402
from pbem.mail.config import MailConfig  # noqa: E402


def _bench_pbem() -> Any:
    """bench/pbem.py's mail and its server (a file of this folder, not a package)."""
    spec = importlib.util.spec_from_file_location("bench_pbem", ROOT / "bench" / "pbem.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Counting:
    """Counts what the judge asks of its database: statements, waits, commits."""

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()
        self.statements: Counter[str] = Counter()
        execute, executemany = Database.execute, Database.executemany
        wait = psycopg.Connection.wait
        counts, statements = self.counts, self.statements

        def counted_execute(db: Database, sql: str, params: Any = ()) -> Any:
            counts["statements"] += 1
            statements[" ".join(sql.split())[:90]] += 1
            return execute(db, sql, params)

        def counted_executemany(db: Database, sql: str, rows: Any) -> None:
            counts["statements"] += len(rows)
            statements[" ".join(sql.split())[:90]] += len(rows)
            executemany(db, sql, rows)

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

        Database.execute = counted_execute  # type: ignore[method-assign]
        Database.executemany = counted_executemany  # type: ignore[method-assign]
        psycopg.Connection.wait = counted_wait  # type: ignore[method-assign]


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
        db = gateway.db
        gateway.receive(bench.mail(0, "create bench"), "smtp")
        for number in range(1, 40):  # warm: prepared statements, caches
            gateway.receive(bench.mail(number), "smtp")
        raws = [bench.mail(number) for number in range(1000, 1000 + count)]
        backend = wal = None
        if db.dialect == "postgresql":
            backend = db.execute("SELECT pg_backend_pid()").fetchone()[0]
            wal = lambda: db.execute("SELECT wal_sync FROM pg_stat_wal").fetchone()[0]  # noqa: E731
        commits = _commit_counter(db)
        wal_before = wal() if wal else 0
        server_before = cpu_of(backend) if backend else 0.0
        counting.counts.clear()
        counting.statements.clear()
        commits.clear()
        judge_before = time.process_time()
        for raw in raws:
            gateway.receive(raw, "smtp")
        judge_cpu = time.process_time() - judge_before
        server_cpu = cpu_of(backend) - server_before if backend else 0.0
        counted = dict(counting.counts)
        wal_syncs = (wal() - wal_before) if wal else 0
        gateway.delivery.close()
        db.close()
    return {
        "statements": counted.get("statements", 0) / count,
        "round trips": counted.get("round trips", 0) / count if backend else 0.0,
        "commits": commits["commits"] / count,
        "durable": commits["durable"] / count,
        "judge cpu": 1000 * judge_cpu / count,
        "server cpu": 1000 * server_cpu / count,
        "wal syncs": wal_syncs / count,
    }


def _commit_counter(db: Database) -> Counter[str]:
    """Commits as the seam issues them (an explicit COMMIT, or a write outside a transaction)."""
    commits: Counter[str] = Counter()
    execute = db.execute

    def counted(sql: str, params: Any = ()) -> Any:
        word = sql.lstrip().split(None, 1)[0].upper()
        if word == "COMMIT" or (not db.in_transaction and word in ("INSERT", "UPDATE", "DELETE")):
            commits["commits"] += 1
            if db.durable:
                commits["durable"] += 1
        return execute(sql, params)

    db.execute = counted  # type: ignore[method-assign]
    return commits


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
